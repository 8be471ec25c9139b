//! Setting up: building the fortress (by hand, from a design or "for me"), letting it go,
//! placing the catapult, and the soldiers. The placement checks here are also used by Repair and
//! March during play.

use super::geometry::{self as geo, Pose, Shape, Support};
use super::{
    ev, piece_name, piece_shape, Catapult, Ev, Loc, Phase, RulesVersion, ShotFact, Side, State,
    DISTURB_MOVE, GATE, STAND_MOVE,
};
use crate::core::game::RulesState;
use crate::core::{Event, RuleResult};

/// Dropped from this high, a piece lands on the top of whatever is beneath it.
pub const FROM_ABOVE: i32 = 100_000;

/// How far a piece moved (dmm) or turned (tenths of a degree), whichever is larger in its unit.
pub fn moved_by(a: Pose, b: Pose) -> i32 {
    let da = (a.a - b.a).rem_euclid(3600);
    (a.x - b.x)
        .abs()
        .max((a.y - b.y).abs())
        .max(da.min(3600 - da))
}

/// The side edge of a seat's board and the direction pointing away from the board there.
pub fn edge(seat: usize, side: Side) -> (i32, i32) {
    let (l, r) = geo::board_span(seat);
    match (seat == 0, side) {
        (true, Side::Outer) | (false, Side::Inner) => (l, -1),
        _ => (r, 1),
    }
}

/// Centre x of a catapult's chassis (dmm).
pub fn catapult_x(seat: usize, c: Catapult) -> i32 {
    let (e, out) = edge(seat, c.side);
    e + out * (c.gap - geo::AXLE_INSET + geo::CATAPULT_L / 2)
}

/// Where the catapult's cup releases the boulder (dmm).
pub fn cup(seat: usize, c: Catapult) -> (i32, i32) {
    let rear = catapult_x(seat, c) - c.facing * geo::CATAPULT_L / 2;
    (rear + c.facing * geo::CUP_INSET, geo::CUP_Y)
}

/// Refuses a catapult place that is not beside its board within Distance 2.
pub fn check_catapult(c: Catapult) -> RuleResult<()> {
    if c.gap > geo::D2 {
        crate::refuse!(
            "the catapult is too far from the edge of your board: its front axle may be at most Distance 2 (as far as the gate is wide) from it"
        );
    }
    if c.gap < geo::AXLE_INSET {
        crate::refuse!("the catapult stands beside your board, not on it");
    }
    if c.facing != 1 && c.facing != -1 {
        crate::refuse!("a catapult throws to the left or to the right");
    }
    Ok(())
}

impl State {
    /// The next piece of the fortress still in hand: the gate first, then the blocks in order.
    pub fn next_piece(&self, seat: usize) -> Option<usize> {
        let p = &self.players[seat];
        if p.pieces[GATE] == Loc::Hand {
            return Some(GATE);
        }
        p.pieces.iter().position(|l| *l == Loc::Hand)
    }

    /// Where block `k` of `seat` comes to rest when let go at (x, y) (its centre, dmm) at angle
    /// `a`, or why it may not go there. The pieces in `skip` are ignored (they are being moved).
    pub fn check_block_spot(
        &self,
        seat: usize,
        k: usize,
        x: i32,
        y: i32,
        a: i32,
        skip: &[(usize, bool, usize)],
    ) -> RuleResult<Pose> {
        let shape = piece_shape(k);
        let Some(a) = geo::square_angle(a) else {
            crate::refuse!(
                "{} must lie flat or stand upright, not slanted",
                piece_name(k)
            );
        };
        let others = self.table_pieces(skip);
        let shapes = geo::solids(others.iter().map(|o| (o.0, o.1)));
        let (ry, support) = geo::drop_onto(shape, x, a, y - geo::half_height(shape, a), &shapes);
        let pose = Pose::new(x, ry, a);
        if let Support::Piece(i) = support {
            if others[i].2 .1 {
                crate::refuse!(
                    "{} would rest on {}: blocks go on the board or on blocks",
                    piece_name(k),
                    self.who(others[i].2)
                );
            }
        }
        if !geo::within_board(seat, shape, pose) {
            crate::refuse!(
                "{} would reach beyond the edge of your board",
                piece_name(k)
            );
        }
        if let Some(i) = geo::first_overlap(shape, pose, &shapes) {
            crate::refuse!("{} would overlap {}", piece_name(k), self.who(others[i].2));
        }
        let mine = geo::bounds(shape, pose);
        for (s, p, id) in &others {
            if *s == Shape::Soldier
                && id.0 == seat
                && on_board_level(*p)
                && geo::box_distance(mine, geo::bounds(*s, *p)) < geo::D1 as f64
            {
                crate::refuse!(
                    "{} would come closer than Distance 1 (a soldier's height) to {}, who stands on the board",
                    piece_name(k),
                    self.who(*id)
                );
            }
        }
        Ok(pose)
    }

    /// Where soldier `k` of `seat` stands when put at (x, y), or why not.
    pub fn check_soldier_spot(
        &self,
        seat: usize,
        _soldier: usize,
        x: i32,
        y: i32,
        a: i32,
        skip: &[(usize, bool, usize)],
    ) -> RuleResult<Pose> {
        if !geo::upright(a) {
            crate::refuse!("a soldier is placed standing upright, not slanted");
        }
        let others = self.table_pieces(skip);
        let shapes = geo::solids(others.iter().map(|o| (o.0, o.1)));
        match soldier_fit(self.rules, seat, x, y, &others, &shapes) {
            Ok(pose) => Ok(pose),
            Err(Misfit::OffBoard) => {
                crate::refuse!("a soldier must stand entirely on your board")
            }
            Err(Misfit::Overlaps(i)) => {
                crate::refuse!("the soldier would overlap {}", self.who(others[i].2))
            }
            Err(Misfit::Uncarried) => match self.rules {
                RulesVersion::V1 => crate::refuse!(
                    "the soldier would not stand: its middle must be over the block under it"
                ),
                RulesVersion::V2 => crate::refuse!(
                    "the soldier would not stand: its middle must be over the blocks under it"
                ),
            },
            Err(Misfit::OnSoldier(i)) => crate::refuse!(
                "soldiers stand on blocks or on the board, not on {}",
                self.who(others[i].2)
            ),
            Err(Misfit::NearBlock(i)) => crate::refuse!(
                "a soldier standing on the board keeps Distance 1 (a soldier's height) from every block, and {} is closer",
                self.who(others[i].2)
            ),
        }
    }

    /// A piece's name for a player: "block 3", "the gate", "soldier 2" (with "your"/"the enemy's"
    /// left to the context).
    pub fn who(&self, (seat, soldier, k): (usize, bool, usize)) -> String {
        let whose = if seat == self.acting().unwrap_or(seat) {
            "your"
        } else {
            "the enemy's"
        };
        if soldier {
            format!("one of {whose} soldiers")
        } else if k == GATE {
            format!("{whose} gate")
        } else {
            format!("one of {whose} blocks")
        }
    }

    pub(super) fn place_next_piece(
        &mut self,
        seat: usize,
        x: i32,
        y: i32,
        a: i32,
        piece: Option<usize>,
        events: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let Some(next) = self.next_piece(seat) else {
            crate::refuse!("every piece is on the board: let go of the fortress");
        };
        let k = match piece {
            None => next,
            Some(k) if self.players[seat].pieces.get(k) == Some(&Loc::Hand) => k,
            Some(k) if k < super::PIECES => {
                crate::refuse!("{} is already on the board", piece_name(k))
            }
            Some(k) => crate::refuse!("there is no piece number {k}"),
        };
        let pose = self.check_block_spot(seat, k, x, y, a, &[])?;
        self.players[seat].pieces[k] = Loc::Table(pose);
        events.push(ev(
            Ev::PiecePlaced,
            Some(seat),
            &[k as i64, pose.x as i64, pose.y as i64, pose.a as i64],
            format!("puts {} on the board", piece_name(k)),
        ));
        Ok(())
    }

    pub(super) fn clear_board(&mut self, seat: usize, events: &mut Vec<Event>) {
        for l in self.players[seat].pieces.iter_mut() {
            *l = Loc::Hand;
        }
        events.push(ev(Ev::BoardCleared, Some(seat), &[], "clears the board"));
    }

    /// Builds a ready-made fortress (after clearing the board).
    pub(super) fn build_design(
        &mut self,
        seat: usize,
        k: usize,
        events: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let Some(d) = self.designs.get(k).cloned() else {
            crate::refuse!("there is no such fortress");
        };
        let keep = self.players[seat].pieces.clone();
        self.clear_board(seat, events);
        let mut blocks = 0..GATE;
        for p in &d.pieces {
            let k = if p.kind == "gate" {
                GATE
            } else {
                blocks.next().unwrap_or(0)
            };
            let x = geo::local_to_table_x(seat, p.x);
            match self.check_block_spot(seat, k, x, FROM_ABOVE, p.a, &[]) {
                Ok(pose) => self.players[seat].pieces[k] = Loc::Table(pose),
                Err(e) => {
                    self.players[seat].pieces = keep;
                    crate::refuse!("the {} cannot be built: {e}", d.name);
                }
            }
        }
        events.push(ev(
            Ev::DesignBuilt,
            Some(seat),
            &[k as i64],
            format!("builds the {}", d.name),
        ));
        Ok(())
    }

    /// "Build the rest for me" after pieces were put by hand: every piece still in hand lies flat
    /// on the lowest spot where its middle is carried (nearest the outer edge among equals), so the
    /// hand-built part stays as it is.
    pub(super) fn build_rest(&mut self, seat: usize, events: &mut Vec<Event>) -> RuleResult<()> {
        let (l, r) = geo::board_span(seat);
        let mut placed = 0;
        while let Some(k) = self.next_piece(seat) {
            let shape = piece_shape(k);
            let hw = geo::half_width(shape, 0);
            let hh = geo::half_height(shape, 0);
            let shapes = geo::solids(self.table_pieces(&[]).iter().map(|o| (o.0, o.1)));
            let mut best: Option<(i32, i32, Pose)> = None;
            // Four columns a block's length wide, and straight over every piece already down:
            // stacks stay square (a staircase of offsets would lean and fall).
            let mut xs: Vec<i32> = (0..geo::BOARD_W / geo::BLOCK_L)
                .map(|i| geo::local_to_table_x(seat, geo::BLOCK_L / 2 + i * geo::BLOCK_L))
                .chain(shapes.iter().map(|t| t.pose.x))
                .filter(|&x| x - hw >= l && x + hw <= r)
                .collect();
            crate::core::order::sort(&mut xs);
            xs.dedup();
            for x in xs {
                if let Ok(p) = self.check_block_spot(seat, k, x, FROM_ABOVE, 0, &[]) {
                    let from_outer = (geo::local_to_table_x(seat, 0) - p.x).abs();
                    if geo::carried(p.x, p.y - hh, hw / 2, &shapes)
                        && best.map(|b| (p.y, from_outer) < (b.0, b.1)).unwrap_or(true)
                    {
                        best = Some((p.y, from_outer, p));
                    }
                }
            }
            let Some((_, _, p)) = best else {
                crate::refuse!(
                    "there is no room left for {}: clear the board or move pieces",
                    piece_name(k)
                );
            };
            self.players[seat].pieces[k] = Loc::Table(p);
            placed += 1;
        }
        events.push(ev(
            Ev::DesignBuilt,
            Some(seat),
            &[-1],
            format!(
                "builds the rest of the fortress ({})",
                super::count(placed, "piece", "pieces")
            ),
        ));
        Ok(())
    }

    pub(super) fn finish_build(&mut self, seat: usize, events: &mut Vec<Event>) -> RuleResult<()> {
        let left = self.players[seat]
            .pieces
            .iter()
            .filter(|l| **l == Loc::Hand)
            .count();
        if left > 0 {
            crate::refuse!("all 16 blocks and the gate go on the board: {left} still to place");
        }
        events.push(ev(Ev::LetGo, Some(seat), &[], "lets go of the fortress"));
        self.phase = Phase::LetGo { seat };
        Ok(())
    }

    /// The fortress settled on its own: it stands, or it goes back to building.
    pub(super) fn let_go(
        &mut self,
        seat: usize,
        facts: &[ShotFact],
        events: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let before = self.players[seat].pieces.clone();
        let mut fell = 0;
        for f in facts {
            match *f {
                ShotFact::Block { seat: s, k, pose } if s == seat => {
                    let was = before[k].pose();
                    if was.map(|w| moved_by(w, pose) > STAND_MOVE).unwrap_or(true) {
                        fell += 1;
                    }
                    let shape = piece_shape(k);
                    // A piece that crept less than 3 mm over the edge while settling still stands.
                    let kept = geo::within_board(seat, shape, pose)
                        || geo::within_board(
                            seat,
                            shape,
                            Pose::new(pose.x + STAND_MOVE, pose.y, pose.a),
                        )
                        || geo::within_board(
                            seat,
                            shape,
                            Pose::new(pose.x - STAND_MOVE, pose.y, pose.a),
                        );
                    if !kept {
                        fell += 1;
                    }
                    self.players[seat].pieces[k] = if kept { Loc::Table(pose) } else { Loc::Hand };
                }
                ShotFact::BlockOff { seat: s, k } if s == seat => {
                    fell += 1;
                    self.players[seat].pieces[k] = Loc::Hand;
                }
                _ => {}
            }
        }
        if fell > 0 {
            events.push(ev(
                Ev::FortressFell,
                Some(seat),
                &[fell],
                format!(
                    "the fortress did not stand ({}): build again",
                    super::count(fell as usize, "piece moved", "pieces moved")
                ),
            ));
            self.phase = Phase::Build { seat };
            return Ok(());
        }
        events.push(ev(
            Ev::FortressStands,
            Some(seat),
            &[],
            "the fortress stands",
        ));
        self.phase = if seat == 0 {
            Phase::Build { seat: 1 }
        } else {
            Phase::Deploy { seat: 0 }
        };
        Ok(())
    }

    pub(super) fn move_catapult(
        &mut self,
        seat: usize,
        c: Catapult,
        events: &mut Vec<Event>,
    ) -> RuleResult<()> {
        check_catapult(c)?;
        self.players[seat].catapult = c;
        events.push(ev(
            Ev::CatapultMoved,
            Some(seat),
            &[
                (c.side == Side::Inner) as i64,
                c.gap as i64,
                c.facing as i64,
            ],
            format!(
                "moves the catapult beside the {} edge of the board",
                if c.side == Side::Inner {
                    "inner"
                } else {
                    "outer"
                }
            ),
        ));
        Ok(())
    }

    pub(super) fn turn_catapult(&mut self, seat: usize, events: &mut Vec<Event>) -> RuleResult<()> {
        let c = &mut self.players[seat].catapult;
        c.facing = -c.facing;
        let facing = c.facing;
        events.push(ev(
            Ev::CatapultTurned,
            Some(seat),
            &[facing as i64],
            format!(
                "turns the catapult to throw to the {}",
                if facing > 0 { "right" } else { "left" }
            ),
        ));
        Ok(())
    }

    pub(super) fn finish_deploy(&mut self, seat: usize, events: &mut Vec<Event>) {
        events.push(ev(
            Ev::CatapultPlaced,
            Some(seat),
            &[],
            "the catapult is in place",
        ));
        self.phase = if seat == 0 {
            Phase::Deploy { seat: 1 }
        } else {
            Phase::Soldiers { seat: 0 }
        };
    }

    pub(super) fn place_soldier(
        &mut self,
        seat: usize,
        x: i32,
        y: i32,
        a: i32,
        events: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let Some(k) = self.players[seat]
            .soldiers
            .iter()
            .position(|l| *l == Loc::Hand)
        else {
            crate::refuse!("all five soldiers are placed");
        };
        let pose = self.check_soldier_spot(seat, k, x, y, a, &[])?;
        self.players[seat].soldiers[k] = Loc::Table(pose);
        events.push(ev(
            Ev::SoldierPlaced,
            Some(seat),
            &[k as i64, pose.x as i64, pose.y as i64],
            "posts a soldier",
        ));
        if self.players[seat].soldiers.iter().all(|l| *l != Loc::Hand) {
            if seat == 0 {
                self.phase = Phase::Soldiers { seat: 1 };
            } else {
                self.start_turn(0, events);
            }
        }
        Ok(())
    }

    /// How well a spot is covered from the enemy: by how much (dmm) the seat's own pieces in
    /// front of a soldier there rise above the line a boulder falling at 45° would take over
    /// its head (positive: the soldier is in their shadow).
    pub fn shelter(&self, seat: usize, x: i32, head: i32) -> i32 {
        let dir = geo::toward_enemy(seat) as f64;
        let front = (x as f64) * dir + geo::SOLDIER_W as f64 / 2.0;
        let mut best = i32::MIN / 2;
        for (k, l) in self.players[seat].pieces.iter().enumerate() {
            let Some(p) = l.pose() else { continue };
            for part in geo::obbs(piece_shape(k), p) {
                let (x0, _, x1, y1) = part.aabb();
                // The part's edge nearer the enemy must lie ahead of the soldier's front.
                let near = if dir > 0.0 { x0 } else { -x1 };
                let far = if dir > 0.0 { x1 } else { -x0 };
                if far <= front {
                    continue;
                }
                let gap = (near - front).max(0.0);
                best = best.max(libm::floor(y1 - head as f64 - gap) as i32);
            }
        }
        best
    }

    /// How good a spot is for a soldier (higher is better): cover from the enemy (enough is
    /// enough), low feet (a soldier high on the fortress falls with it) and room from the other
    /// soldiers still standing (one boulder should not bowl over a row of them).
    pub fn spot_value(&self, seat: usize, p: Pose, skip: &[(usize, bool, usize)]) -> i32 {
        let head = p.y + geo::SOLDIER_H / 2;
        let cover = self.shelter(seat, p.x, head).clamp(-1_000, 400);
        let feet = p.y - geo::SOLDIER_H / 2 - geo::BOARD_T;
        let crowd: i32 = self.players[seat]
            .soldiers
            .iter()
            .enumerate()
            .filter(|(k, _)| !skip.contains(&(seat, true, *k)))
            .filter_map(|(_, l)| l.pose())
            .map(|q| {
                let dx = (q.x - p.x).abs();
                if dx < 2 * geo::D1 {
                    2 * geo::D1 - dx
                } else {
                    0
                }
            })
            .sum();
        2 * cover - feet / 2 - crowd + if self.roofed(seat, p) { 400 } else { 0 }
    }

    /// Whether one of the seat's pieces lies over a soldier's head there (a roof).
    pub fn roofed(&self, seat: usize, p: Pose) -> bool {
        let (x0, _, x1, y1) = geo::bounds(Shape::Soldier, p);
        self.players[seat]
            .pieces
            .iter()
            .enumerate()
            .filter_map(|(k, l)| l.pose().map(|q| geo::obbs(piece_shape(k), q)))
            .flatten()
            .any(|o| {
                let b = o.aabb();
                b.1 >= y1 && b.0 <= x0 && b.2 >= x1
            })
    }

    /// Legal soldier spots for soldier `k` (dropped from above every 10 mm), best first.
    pub fn soldier_spots(
        &self,
        seat: usize,
        _soldier: usize,
        skip: &[(usize, bool, usize)],
    ) -> Vec<Pose> {
        let (l, _) = geo::board_span(seat);
        let mut out: Vec<(i32, i32, Pose)> = Vec::new();
        // Let go just above every surface of the fortress (and from high above), so that spots
        // under a roof are found too.
        let mut heights: Vec<i32> = self.players[seat]
            .pieces
            .iter()
            .enumerate()
            .filter_map(|(k, l)| l.pose().map(|p| geo::top(piece_shape(k), p)))
            .chain([geo::BOARD_T])
            .map(|h| h + geo::SOLDIER_H / 2 + 10)
            .chain([FROM_ABOVE])
            .collect();
        crate::core::order::sort(&mut heights);
        heights.dedup();
        // Every 10 mm, and the middle of every gap between two of the fortress's pieces.
        let spans: Vec<(i32, i32)> = self.players[seat]
            .pieces
            .iter()
            .enumerate()
            .filter_map(|(k, l)| l.pose().map(|p| geo::bounds(piece_shape(k), p)))
            .map(|b| (libm::ceil(b.0) as i32, libm::floor(b.2) as i32))
            .collect();
        let mut xs: Vec<i32> = (0..)
            .map(|i| l + geo::SOLDIER_W / 2 + 100 * i)
            .take_while(|&x| x <= l + geo::BOARD_W - geo::SOLDIER_W / 2)
            .collect();
        for a in &spans {
            for b in &spans {
                let gap = b.0 - a.1;
                if (geo::SOLDIER_W..=4 * geo::SOLDIER_W).contains(&gap) {
                    xs.push((a.1 + b.0) / 2);
                }
            }
        }
        crate::core::order::sort(&mut xs);
        xs.dedup();
        let others = self.table_pieces(skip);
        let shapes = geo::solids(others.iter().map(|o| (o.0, o.1)));
        for x in xs {
            for &y in &heights {
                if let Ok(p) = soldier_fit(self.rules, seat, x, y, &others, &shapes) {
                    if out.iter().all(|t| t.2 != p) {
                        let back = (p.x - l) * geo::toward_enemy(seat);
                        out.push((-self.spot_value(seat, p, skip), back, p));
                    }
                }
            }
        }
        crate::core::order::sort_by_key(&mut out, |t| (t.0, t.1, t.2.x));
        out.into_iter().map(|t| t.2).collect()
    }

    /// Places every soldier still in hand on the best covered legal spots.
    pub(super) fn auto_soldiers(&mut self, seat: usize, events: &mut Vec<Event>) -> RuleResult<()> {
        while let Some(k) = self.players[seat]
            .soldiers
            .iter()
            .position(|l| *l == Loc::Hand)
        {
            let Some(p) = self.soldier_spots(seat, k, &[]).first().copied() else {
                crate::refuse!("there is no legal spot left for a soldier");
            };
            self.place_soldier(seat, p.x, p.y, 0, events)?;
            if !matches!(self.phase, Phase::Soldiers { seat: s } if s == seat) {
                break;
            }
        }
        Ok(())
    }

    /// Pieces of anyone, other than `moved` of `seat`, that a settle moved noticeably.
    pub(super) fn disturbed(
        &self,
        seat: usize,
        moved: &[usize],
        facts: &[ShotFact],
    ) -> Vec<(usize, bool, usize)> {
        let mut out = Vec::new();
        for f in facts {
            match *f {
                ShotFact::Block { seat: s, k, pose } => {
                    if s == seat && moved.contains(&k) {
                        continue;
                    }
                    if let Some(was) = self.players[s].pieces[k].pose() {
                        if moved_by(was, pose) > DISTURB_MOVE {
                            out.push((s, false, k));
                        }
                    }
                }
                ShotFact::BlockOff { seat: s, k } if !(s == seat && moved.contains(&k)) => {
                    out.push((s, false, k))
                }
                ShotFact::Soldier { seat: s, k, pose } => {
                    if let Some(was) = self.players[s].soldiers[k].pose() {
                        if moved_by(was, pose) > DISTURB_MOVE {
                            out.push((s, true, k));
                        }
                    }
                }
                ShotFact::SoldierOff { seat: s, k } => out.push((s, true, k)),
                _ => {}
            }
        }
        out
    }
}

/// A soldier whose feet are at the board's height stands directly on the board.
pub fn on_board_level(p: Pose) -> bool {
    p.y - geo::SOLDIER_H / 2 <= geo::BOARD_T + 20
}

/// Why a soldier cannot stand at a spot (an index is into the `others` given to `soldier_fit`).
enum Misfit {
    OffBoard,
    Overlaps(usize),
    Uncarried,
    OnSoldier(usize),
    NearBlock(usize),
}

/// Where an upright soldier of `seat` let go at (x, y) comes to stand among `others` (the table's
/// pieces, and their shapes alone in `shapes`), or why it cannot: the rules of
/// `check_soldier_spot` without its messages, so that searching many spots builds no text.
fn soldier_fit(
    rules: RulesVersion,
    seat: usize,
    x: i32,
    y: i32,
    others: &[(Shape, Pose, (usize, bool, usize))],
    shapes: &[geo::Solid],
) -> Result<Pose, Misfit> {
    let hh = geo::SOLDIER_H / 2;
    let (ry, support) = geo::drop_onto(Shape::Soldier, x, 0, y - hh, shapes);
    let pose = Pose::new(x, ry, 0);
    if !geo::within_board(seat, Shape::Soldier, pose) {
        return Err(Misfit::OffBoard);
    }
    if let Some(i) = geo::first_overlap(Shape::Soldier, pose, shapes) {
        return Err(Misfit::Overlaps(i));
    }
    let margin = geo::SOLDIER_W / 4;
    let carried = geo::carried(x, ry - hh, margin, shapes)
        || (rules == RulesVersion::V2 && geo::carried_by_joined_tops(x, ry - hh, margin, shapes));
    if !carried {
        return Err(Misfit::Uncarried);
    }
    match support {
        Support::Piece(i) if others[i].2 .1 => Err(Misfit::OnSoldier(i)),
        Support::Piece(_) => Ok(pose),
        Support::Board => {
            let mine = geo::bounds(Shape::Soldier, pose);
            match others.iter().position(|(s, p, _)| {
                *s != Shape::Soldier
                    && geo::box_distance(mine, geo::bounds(*s, *p)) < geo::D1 as f64
            }) {
                Some(i) => Err(Misfit::NearBlock(i)),
                None => Ok(pose),
            }
        }
    }
}
