//! A tiny test-only game (never shipped: compiled for unit tests and for the `fixture-game`
//! development feature only) that exercises every part of the `Game` contract the app uses:
//! a launch prompt of any kind, a placement prompt, a choice that can be undone, a physics shot
//! with facts, scores and a ranking. It lets the app be tested before the real games land.

use crate::core::{
    rank, BodyShape, BodyView, Choice, Event, Fact, Game, Launch, LaunchKind, LaunchPrompt, Move,
    Outcome, PlacementPrompt, Ranking, RuleResult, Seat, Shot, TableView,
};
use crate::games::GameInfo;
use crate::physics::{launch, BodySpec, Part, ShotRun, Table, TableConfig};

pub const INFO: GameInfo = GameInfo {
    id: "practice",
    name: "Practice Range (test fixture)",
    min_seats: 1,
    max_seats: 4,
    available: true,
    blurb: "A development fixture: lob a ball into the cup.",
    options: &[
        ("toss", "throw from the hand"),
        ("flick", "flick a lever"),
        ("wrist", "wrist throw"),
        ("place", "place a marker before the first shot"),
    ],
    rules: "Each seat has two shots. A ball that rests in the cup scores a hit. Most hits wins.",
    new,
};

const ORIGIN: [f32; 2] = [-0.8, 0.1];
const SHOTS: i64 = 2;

#[derive(Clone)]
pub struct Practice {
    seats: Vec<Seat>,
    kind: LaunchKind,
    hits: Vec<i64>,
    left: Vec<i64>,
    turn: usize,
    cup_x_mm: i64,
    placing: bool,
    markers: Vec<[i64; 3]>,
}

pub fn new(options: &[String], seats: Vec<Seat>, seed: u64) -> RuleResult<Box<dyn Game>> {
    crate::core::seat::check_seats(&seats, INFO.min_seats, INFO.max_seats)?;
    let has = |o: &str| options.iter().any(|x| x == o);
    let kind = if has("toss") {
        LaunchKind::Toss
    } else if has("flick") {
        LaunchKind::Flick
    } else if has("wrist") {
        LaunchKind::Wrist
    } else {
        LaunchKind::Catapult
    };
    let n = seats.len();
    Ok(Box::new(Practice {
        seats,
        kind,
        hits: vec![0; n],
        left: vec![SHOTS; n],
        turn: 0,
        cup_x_mm: 300 + (seed % 300) as i64,
        placing: has("place"),
        markers: Vec::new(),
    }))
}

impl Practice {
    fn advance(&mut self) {
        let n = self.seats.len();
        for k in 1..=n {
            let s = (self.turn + k) % n;
            if self.left[s] > 0 {
                self.turn = s;
                return;
            }
        }
    }

    fn cup_x(&self) -> f32 {
        self.cup_x_mm as f32 / 1000.0
    }

    fn build(&self) -> (Table, usize) {
        let mut t = Table::new(TableConfig {
            bounds: [-2.0, -0.5, 2.0, 3.0],
            ..TableConfig::default()
        });
        t.add_floor(-1.2, 1.2, 0.0, [110, 90, 60], 1);
        let cx = self.cup_x();
        for (dx, dy, hw, hh) in [(-0.06, 0.05, 0.004, 0.05), (0.06, 0.05, 0.004, 0.05)] {
            t.add(
                BodySpec::fixed(vec![Part::rect(hw, hh)], cx + dx, dy)
                    .rgb([200, 60, 60])
                    .tag(2),
            );
        }
        let ball = t.add(
            BodySpec::dynamic(vec![Part::circle(0.02)], ORIGIN[0], ORIGIN[1])
                .ccd()
                .friction(0.9)
                .rgb([240, 240, 240])
                .tag(3),
        );
        (t, ball)
    }

    fn frame(&self) -> TableView {
        let mut labels = vec![(self.cup_x(), 0.14, "cup".to_string())];
        for (i, m) in self.markers.iter().enumerate() {
            labels.push((
                m[0] as f32 / 1000.0,
                m[1] as f32 / 1000.0 + 0.05,
                format!("marker {}", i + 1),
            ));
        }
        TableView {
            bodies: Vec::new(),
            bounds: [-1.2, -0.1, 1.2, 0.8],
            labels,
        }
    }
}

impl Game for Practice {
    fn id(&self) -> &'static str {
        INFO.id
    }
    fn seats(&self) -> &[Seat] {
        &self.seats
    }
    fn turn(&self) -> Option<usize> {
        if self.is_over() {
            None
        } else {
            Some(self.turn)
        }
    }
    fn phase(&self) -> String {
        if self.placing {
            "Place marker".into()
        } else {
            "Aim".into()
        }
    }
    fn choices(&self) -> Vec<Choice> {
        if self.is_over() || self.placing {
            return Vec::new();
        }
        vec![Choice {
            label: "Pass".into(),
            mv: Move::decide(self.turn, "pass", &[]),
        }]
    }
    fn launch_prompt(&self) -> Option<LaunchPrompt> {
        if self.is_over() || self.placing {
            return None;
        }
        let mut p = LaunchPrompt::new(self.kind, ORIGIN);
        p.angle = (50, 850);
        if self.kind == LaunchKind::Wrist {
            p.spin = (-1000, 1000);
        }
        if self.kind == LaunchKind::Flick {
            p.angle = (450, 450);
            p.x = (-30, 30);
        }
        Some(p)
    }
    fn placement_prompt(&self) -> Option<PlacementPrompt> {
        if !self.placing || self.is_over() {
            return None;
        }
        Some(PlacementPrompt {
            action: "place".into(),
            label: "marker".into(),
            half_extents: [0.03, 0.01],
            region: [-0.5, 0.0, 0.2, 0.3],
            angle: (3300, 300),
            snaps: Vec::new(),
            sources: Vec::new(),
        })
    }
    fn start_shot(&self, l: &Launch) -> RuleResult<Box<dyn Shot>> {
        let Some(p) = self.launch_prompt() else {
            crate::refuse!("no shot is expected now");
        };
        p.check(l)?;
        let (mut t, ball) = self.build();
        let (vx, vy) = launch::velocity(l.angle, l.power, 0.5, 5.0);
        t.set_velocity(ball, vx, vy, launch::spin(l.spin, 20.0));
        let cx = self.cup_x();
        let read = move |t: &Table| {
            if t.is_removed(ball) {
                return vec![Fact::new("ball_fell", &[])];
            }
            let (x, y, _) = t.pose(ball).unwrap_or((0.0, 0.0, 0.0));
            let mut f = vec![Fact::new(
                "ball_at",
                &[
                    libm::roundf(x * 1000.0) as i64,
                    libm::roundf(y * 1000.0) as i64,
                ],
            )];
            if (x - cx).abs() < 0.056 && y < 0.1 {
                f.push(Fact::new("in_cup", &[]));
            }
            f
        };
        Ok(Box::new(ShotRun::new(t, self.frame(), read)))
    }
    fn apply(&mut self, mv: &Move) -> RuleResult<Vec<Event>> {
        let Some(turn) = self.turn() else {
            crate::refuse!("the game is over");
        };
        if mv.seat as usize != turn {
            crate::refuse!("not seat {}'s turn", mv.seat);
        }
        let mut ev = Vec::new();
        match mv.action.as_str() {
            "place" if self.placing => {
                let (x, y, a) = (mv.arg(0)?, mv.arg(1)?, mv.arg(2)?);
                self.markers.push([x, y, a]);
                self.placing = false;
                ev.push(Event::new(
                    "placed",
                    Some(turn),
                    &[x, y, a],
                    "marker placed",
                ));
                return Ok(ev);
            }
            "pass" if !self.placing => {
                ev.push(Event::new("passed", Some(turn), &[], "passed"));
            }
            "shot" if !self.placing => {
                let Some(o) = &mv.outcome else {
                    crate::refuse!("a shot needs its outcome");
                };
                if o.has("in_cup") {
                    self.hits[turn] += 1;
                    ev.push(Event::new("tower_captured", Some(turn), &[], "hit the cup"));
                } else if o.has("ball_fell") {
                    ev.push(Event::new("ball_fell", Some(turn), &[], "off the table"));
                } else {
                    ev.push(Event::new("missed", Some(turn), &[], "missed"));
                }
            }
            other => crate::refuse!("`{other}` is not a move now"),
        }
        self.left[turn] -= 1;
        self.advance();
        if self.is_over() {
            ev.push(Event::new("game_over", None, &[], "game over"));
        }
        Ok(ev)
    }
    fn is_over(&self) -> bool {
        self.left.iter().all(|&l| l <= 0)
    }
    fn scores(&self) -> Vec<i64> {
        self.hits.clone()
    }
    fn ranking(&self) -> Ranking {
        let keys: Vec<Vec<i64>> = self.hits.iter().map(|&h| vec![h]).collect();
        rank(&["hits"], &keys)
    }
    fn view(&self) -> TableView {
        let (t, _) = self.build();
        let mut v = self.frame();
        v.bodies = t.views();
        for m in &self.markers {
            v.bodies.push(BodyView {
                shape: BodyShape::Rect { hw: 0.03, hh: 0.01 },
                x: m[0] as f32 / 1000.0,
                y: m[1] as f32 / 1000.0,
                angle: m[2] as f32 * core::f32::consts::PI / 1800.0,
                rgb: [60, 160, 60],
                tag: 4,
            });
        }
        v
    }
    fn hud(&self) -> Vec<String> {
        vec![format!(
            "Shots left: {}",
            self.left.get(self.turn).copied().unwrap_or(0)
        )]
    }
    fn rate_outcome(&self, o: &Outcome) -> i64 {
        if o.has("in_cup") {
            return 10_000;
        }
        match o.all("ball_at").next() {
            Some(f) => -(f.args.first().copied().unwrap_or(0) - self.cup_x_mm).abs(),
            None => -100_000,
        }
    }
    fn clone_game(&self) -> Box<dyn Game> {
        Box::new(self.clone())
    }
}
