//! The replay viewer without a window: a game's moves one by one, with play and pause, step,
//! scrub, jump to the next or previous shot and slow motion. A shot is shown by re-simulating
//! it from its launch (never animated from its recorded outcome); one whose re-simulation does
//! not reproduce the record is flagged. The screen (`viewer_screen.rs`) draws it.

use super::flight::lerp_view;
use engine::core::replay::{fnv1a, Replay, FNV_OFFSET};
use engine::core::{Game, Move, Refusal, RuleResult, Scene, Shot, TableView};
use engine::games::{self, GameInfo};
use engine::physics::FixedClock;

/// Playback speeds: normal, half, a quarter.
pub const SPEEDS: [(f32, &str); 3] = [(1.0, "1x"), (0.5, "1/2"), (0.25, "1/4")];

/// Seconds a decision stays on screen while playing (at normal speed).
pub const DECISION_PAUSE: f32 = 0.7;

/// What re-simulating a shot said about its record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Not a shot, or not re-simulated yet.
    Unchecked,
    Same,
    /// The re-simulation did not reproduce the recorded outcome.
    Different,
    /// A shot recorded without a launch (a scenario): shown as written.
    NoLaunch,
}

/// The digest of the rules state that `referee trace` prints after each move (`state …`): the
/// turn, the phase and the scores.
pub fn state_digest(game: &dyn Game) -> u64 {
    let mut state = FNV_OFFSET;
    let turn = game.turn().map(|t| t as i64).unwrap_or(-1);
    state = fnv1a(state, &turn.to_le_bytes());
    state = fnv1a(state, game.phase().as_bytes());
    for s in game.scores() {
        state = fnv1a(state, &s.to_le_bytes());
    }
    state
}

struct Flight {
    shot: Box<dyn Shot>,
    clock: FixedClock,
    prev: TableView,
    cur: TableView,
}

pub struct Viewer {
    pub info: &'static GameInfo,
    pub replay: Replay,
    /// `states[i]`: the game before move `i` (and `states[n]` after the last move).
    states: Vec<Box<dyn Game>>,
    /// The position: how many moves have been played.
    pub at: usize,
    pub playing: bool,
    /// Index into `SPEEDS`.
    pub speed: usize,
    pub verdicts: Vec<Verdict>,
    flight: Option<Flight>,
    wait: f32,
    /// Next shot to re-simulate in the background.
    check_cursor: usize,
}

impl Viewer {
    /// A viewer over a replay whose every move carries what it did (a game played here, a save,
    /// a game opened from a link). The moves are applied as recorded to keep every position.
    pub fn new(replay: &Replay) -> RuleResult<Viewer> {
        let info = games::info(&replay.game)?;
        let mut game = games::game_for(replay)?;
        let mut states = Vec::with_capacity(replay.moves.len() + 1);
        let mut verdicts = Vec::with_capacity(replay.moves.len());
        for (i, mv) in replay.moves.iter().enumerate() {
            if mv.is_shot() && mv.outcome.is_none() {
                return Err(Refusal(format!(
                    "move {}: a shot without its outcome cannot be watched",
                    i + 1
                )));
            }
            states.push(game.clone_game());
            game.apply(mv)
                .map_err(|e| Refusal(format!("move {}: {e}", i + 1)))?;
            verdicts.push(if mv.is_shot() && mv.launch.is_none() {
                Verdict::NoLaunch
            } else {
                Verdict::Unchecked
            });
        }
        states.push(game);
        Ok(Viewer {
            info,
            replay: replay.clone(),
            states,
            at: 0,
            playing: false,
            speed: 0,
            verdicts,
            flight: None,
            wait: 0.0,
            check_cursor: 0,
        })
    }

    /// A viewer over a replay file a player dropped or picked (`name` is the file's name, for
    /// the message). Read with the strict reader; anything else is refused in one sentence.
    pub fn from_file(name: &str, bytes: &[u8]) -> RuleResult<Viewer> {
        let refuse = |why: &str| Refusal(format!("{name} cannot be watched: {why}."));
        if engine::core::strict_json::check_size(bytes.len(), "the file").is_err() {
            return Err(refuse("the file is far too large to be a replay"));
        }
        let text = std::str::from_utf8(bytes)
            .map_err(|_| refuse("it is not a replay file of Catapult Table (it is not text)"))?;
        if text.trim().is_empty() {
            return Err(refuse("the file is empty"));
        }
        let replay = Replay::parse(text).map_err(|e| refuse(&e.0))?;
        Viewer::new(&replay).map_err(|e| refuse(&e.0))
    }

    pub fn len(&self) -> usize {
        self.replay.moves.len()
    }

    pub fn is_empty(&self) -> bool {
        self.replay.moves.is_empty()
    }

    /// The game at the position shown (before the shot that is flying, if one is).
    pub fn game(&self) -> &dyn Game {
        self.states[self.at.min(self.states.len() - 1)].as_ref()
    }

    /// The move about to be played (the one flying, if a shot is).
    pub fn next_move(&self) -> Option<&Move> {
        self.replay.moves.get(self.at)
    }

    pub fn flying(&self) -> bool {
        self.flight.is_some()
    }

    /// The shot flights shown so far re-simulated differently from their record.
    pub fn flagged(&self) -> Vec<usize> {
        (0..self.verdicts.len())
            .filter(|&i| self.verdicts[i] == Verdict::Different)
            .collect()
    }

    pub fn is_shot(&self, i: usize) -> bool {
        self.replay
            .moves
            .get(i)
            .map(|m| m.is_shot())
            .unwrap_or(false)
    }

    /// The digest `referee trace` prints for the position shown (after move `at`), or the
    /// digest of the start for position 0.
    pub fn state(&self) -> u64 {
        state_digest(self.game())
    }

    /// What to draw: the shot in flight (interpolated) or the table at the position.
    pub fn view(&self) -> TableView {
        match &self.flight {
            Some(f) => lerp_view(&f.prev, &f.cur, f.clock.alpha()),
            None => self.game().view(),
        }
    }

    /// What the screen draws: a shot in flight is always a side view; at rest, the game's own
    /// scene at the position (Carcassonne's tile map). A map is shown as it stands, without the
    /// open cells and spots of the next decision (nobody answers them in a replay).
    pub fn scene(&self) -> Scene {
        if self.flight.is_some() {
            return Scene::Side(self.view());
        }
        match self.game().scene() {
            Scene::Map(mut map) => {
                map.legal.clear();
                map.spots.clear();
                Scene::Map(map)
            }
            side => side,
        }
    }

    /// Each seat's name, colour and score at the position, as the in-game bar shows them.
    pub fn scores(&self) -> Vec<(String, [u8; 3], i64)> {
        let scores = self.game().scores();
        self.replay
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| (s.name.clone(), s.rgb(), scores.get(i).copied().unwrap_or(0)))
            .collect()
    }

    fn judge(&mut self, i: usize, got: &engine::core::Outcome) {
        let Some(rec) = self.replay.moves.get(i).and_then(|m| m.outcome.as_ref()) else {
            return;
        };
        let same = rec.facts == got.facts && (rec.hash.is_empty() || rec.hash == got.hash);
        if let Some(v) = self.verdicts.get_mut(i) {
            *v = if same {
                Verdict::Same
            } else {
                Verdict::Different
            };
        }
    }

    /// Re-simulates shot `i` to rest (no animation) and records its verdict.
    fn check(&mut self, i: usize) {
        if self.verdicts.get(i) != Some(&Verdict::Unchecked) {
            return;
        }
        let Some(launch) = self.replay.moves.get(i).and_then(|m| m.launch.clone()) else {
            return;
        };
        let got = match self.states[i].start_shot(&launch) {
            Ok(mut s) => s.run_to_rest(),
            Err(_) => {
                self.verdicts[i] = Verdict::Different;
                return;
            }
        };
        self.judge(i, &got);
    }

    /// Starts re-simulating the shot at the position, shown frame by frame.
    fn launch(&mut self) -> bool {
        let Some(launch) = self.next_move().and_then(|m| m.launch.clone()) else {
            return false;
        };
        match self.states[self.at].start_shot(&launch) {
            Ok(shot) => {
                let v = shot.view();
                self.flight = Some(Flight {
                    shot,
                    clock: FixedClock::default(),
                    prev: v.clone(),
                    cur: v,
                });
                true
            }
            Err(_) => {
                self.verdicts[self.at] = Verdict::Different;
                false
            }
        }
    }

    /// Goes to position `i` (0 = the start, `len()` = after the last move), at rest.
    pub fn seek(&mut self, i: usize) {
        self.flight = None;
        self.at = i.min(self.len());
        self.wait = 0.0;
    }

    /// One move forward: a shot is re-simulated to rest (and judged) on the way.
    pub fn step_forward(&mut self) {
        self.playing = false;
        if self.flight.is_some() {
            // Finish the shot in flight at once.
            self.flight = None;
        }
        if self.at < self.len() {
            self.check(self.at);
            self.at += 1;
        }
    }

    pub fn step_back(&mut self) {
        self.playing = false;
        let was_flying = self.flight.take().is_some();
        if !was_flying {
            self.at = self.at.saturating_sub(1);
        }
    }

    /// To the next shot (after the one flying, if one is), and shows its flight.
    pub fn next_shot(&mut self) {
        let from = if self.flight.is_some() {
            self.at + 1
        } else {
            self.at
        };
        if let Some(j) = (from..self.len()).find(|&j| self.is_shot(j)) {
            self.seek(j);
            self.launch();
        }
    }

    /// To the last shot before the position (before the one flying, if one is), and shows it.
    pub fn previous_shot(&mut self) {
        // At rest just after a shot, that shot is shown again.
        if let Some(j) = (0..self.at).rev().find(|&j| self.is_shot(j)) {
            self.seek(j);
            self.launch();
        }
    }

    pub fn toggle_play(&mut self) {
        if self.at >= self.len() && self.flight.is_none() {
            self.seek(0);
        }
        self.playing = !self.playing;
    }

    /// Advances by `dt` seconds of real time (scaled by the speed). Returns true when the
    /// position changed (a move was passed).
    pub fn update(&mut self, dt: f32) -> bool {
        let dt = if dt.is_finite() {
            dt.clamp(0.0, 0.25)
        } else {
            0.0
        };
        let scaled = dt * SPEEDS[self.speed.min(SPEEDS.len() - 1)].0;
        if let Some(f) = self.flight.as_mut() {
            for _ in 0..f.clock.advance(scaled) {
                if f.shot.settled() {
                    break;
                }
                f.shot.step_frame();
                f.prev = std::mem::take(&mut f.cur);
                f.cur = f.shot.view();
            }
            if f.shot.settled() {
                let got = f.shot.outcome();
                self.flight = None;
                let i = self.at;
                self.judge(i, &got);
                self.at += 1;
                self.wait = DECISION_PAUSE;
                if self.at >= self.len() {
                    self.playing = false;
                }
                return true;
            }
            return false;
        }
        if !self.playing {
            return false;
        }
        if self.at >= self.len() {
            self.playing = false;
            return false;
        }
        if self.wait > 0.0 {
            self.wait -= scaled;
            return false;
        }
        if self.is_shot(self.at) && self.launch() {
            return false;
        }
        self.at += 1;
        self.wait = DECISION_PAUSE;
        true
    }

    /// Re-simulates one shot not yet judged (called when a frame has time to spare), so every
    /// shot gets its verdict even if it is never watched. Returns false when all are judged.
    pub fn check_one(&mut self) -> bool {
        while self.check_cursor < self.len() {
            let i = self.check_cursor;
            self.check_cursor += 1;
            if self.verdicts[i] == Verdict::Unchecked && self.is_shot(i) {
                self.check(i);
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn golden(name: &str) -> Replay {
        let path = format!("{}/tests/golden/{name}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        Replay::parse(&text).unwrap_or_else(|e| panic!("{e}"))
    }

    fn trace_states(r: &Replay) -> Vec<String> {
        let (lines, res) = engine::referee::trace(&r.to_json());
        assert!(res.is_ok(), "{res:?}");
        lines
            .iter()
            .filter(|l| l.starts_with("move "))
            .map(|l| l.rsplit(' ').next().unwrap_or_default().to_string())
            .collect()
    }

    #[test]
    fn every_position_has_the_state_the_trace_prints() {
        let r = golden("castle/castle-4p-s3.json");
        let want = trace_states(&r);
        let mut v = Viewer::new(&r).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(want.len(), v.len());
        for (i, w) in want.iter().enumerate() {
            v.seek(i + 1);
            assert_eq!(&format!("{:016x}", v.state()), w, "after move {i}");
        }
    }

    #[test]
    fn playing_resimulates_each_shot_and_judges_it() {
        let r = golden("castle/castle-4p-s3.json");
        let mut v = Viewer::new(&r).unwrap_or_else(|e| panic!("{e}"));
        v.speed = 2;
        v.toggle_play();
        let mut saw_flight = false;
        for _ in 0..200_000 {
            v.update(0.25);
            saw_flight |= v.flying();
            if !v.playing {
                break;
            }
        }
        assert!(saw_flight);
        assert_eq!(v.at, v.len());
        for (i, m) in r.moves.iter().enumerate() {
            let want = if m.is_shot() {
                Verdict::Same
            } else {
                Verdict::Unchecked
            };
            assert_eq!(v.verdicts[i], want, "move {i}");
        }
    }

    #[test]
    fn a_shot_whose_record_was_changed_is_flagged() {
        let mut r = golden("castle/castle-4p-s3.json");
        let i = r.moves.iter().position(|m| m.is_shot()).unwrap_or(0);
        if let Some(o) = r.moves[i].outcome.as_mut() {
            o.hash = "0123456789abcdef".into();
        }
        let mut v = Viewer::new(&r).unwrap_or_else(|e| panic!("{e}"));
        while v.check_one() {}
        assert_eq!(v.flagged(), vec![i]);
    }

    #[test]
    fn a_carcassonne_replay_is_watched_on_its_tile_map() {
        // Tiles on the map; a catapult round's hurls and the catcher's hand from the side.
        let r = golden("carcassonne/carcassonne-2p-s1.json");
        let mut v = Viewer::new(&r).unwrap_or_else(|e| panic!("{e}"));
        let tiles_at = |v: &Viewer| match v.scene() {
            Scene::Map(m) => {
                assert!(m.legal.is_empty() && m.spots.is_empty(), "no open prompt");
                Some(m.tiles.len())
            }
            Scene::Side(_) => None,
        };
        let start = tiles_at(&v).unwrap_or_else(|| panic!("a side view at the start"));
        assert!(start >= 1, "the start tile is on the map");
        v.seek(v.len());
        let end = tiles_at(&v).unwrap_or_else(|| panic!("a side view at the end"));
        assert!(end > start + 10, "{start} -> {end} tiles");
        let mut sides = 0;
        let mut mid = None;
        for at in 0..=v.len() {
            v.seek(at);
            match tiles_at(&v) {
                Some(n) if at >= v.len() / 2 && mid.is_none() => mid = Some(n),
                Some(_) => {}
                None => sides += 1,
            }
        }
        let mid = mid.unwrap_or(0);
        assert!(start < mid && mid < end, "{start} < {mid} < {end}");
        assert!(sides > 0, "a catapult round is watched from the side");
    }

    #[test]
    fn the_side_view_games_are_watched_from_the_side_and_shots_fly() {
        for name in [
            "castle/castle-2p-s2.json",
            "assault/assault-2p-s1.json",
            "catapults/catapults-2p-s1.json",
            "feud/feud-2p-s1.json",
        ] {
            let r = golden(name);
            let mut v = Viewer::new(&r).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(matches!(v.scene(), Scene::Side(_)), "{name}");
            v.next_shot();
            assert!(v.flying(), "{name}: a shot to watch");
            assert!(matches!(v.scene(), Scene::Side(_)), "{name}");
        }
    }

    #[test]
    fn the_scores_shown_are_each_seats_at_the_position() {
        let r = golden("castle/castle-2p-s2.json");
        let mut v = Viewer::new(&r).unwrap_or_else(|e| panic!("{e}"));
        v.seek(v.len());
        let shown: Vec<i64> = v.scores().iter().map(|s| s.2).collect();
        assert_eq!(shown, v.game().scores());
        let names: Vec<String> = v.scores().iter().map(|s| s.0.clone()).collect();
        let want: Vec<String> = r.seats.iter().map(|s| s.name.clone()).collect();
        assert_eq!(names, want);
        v.seek(0);
        let start: Vec<i64> = v.scores().iter().map(|s| s.2).collect();
        assert_eq!(start, v.game().scores());
        assert_ne!(start, shown, "the scores follow the position");
    }

    #[test]
    fn a_replay_file_opens_in_the_viewer() {
        let path = format!(
            "{}/tests/golden/feud/feud-2p-s1.json",
            env!("CARGO_MANIFEST_DIR")
        );
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let v = Viewer::from_file("feud.json", &bytes).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(v.info.id, "feud");
        assert_eq!(v.len(), golden("feud/feud-2p-s1.json").moves.len());
    }

    #[test]
    fn a_malformed_replay_file_is_refused_in_one_sentence() {
        let good = golden("castle/castle-1p-s1.json").to_json();
        let cut = &good[..good.len() / 2];
        let unknown_game = good.replacen("\"castle\"", "\"chess\"", 1);
        let cases: Vec<(&str, Vec<u8>)> = vec![
            ("empty", Vec::new()),
            ("binary", vec![0xff, 0xfe, 0x00, 0x81]),
            ("cut short", cut.as_bytes().to_vec()),
            ("not json", b"hello".to_vec()),
            ("unknown game", unknown_game.into_bytes()),
            ("too large", vec![b' '; 64 * 1024 * 1024 + 1]),
        ];
        for (what, bytes) in cases {
            let e = Viewer::from_file("game.json", &bytes)
                .err()
                .map(|e| e.0)
                .unwrap_or_else(|| panic!("{what}: accepted"));
            assert!(
                e.starts_with("game.json cannot be watched: "),
                "{what}: {e}"
            );
            assert!(e.ends_with('.') && !e.contains('\n'), "{what}: {e}");
        }
    }

    #[test]
    fn step_scrub_and_jump_between_shots() {
        let r = golden("castle/castle-4p-s3.json");
        let shots: Vec<usize> = (0..r.moves.len())
            .filter(|&i| r.moves[i].is_shot())
            .collect();
        let mut v = Viewer::new(&r).unwrap_or_else(|e| panic!("{e}"));
        v.next_shot();
        assert_eq!(v.at, shots[0]);
        assert!(v.flying(), "the shot is shown re-simulated");
        v.next_shot();
        assert_eq!(v.at, shots[1]);
        v.previous_shot();
        assert_eq!(v.at, shots[0]);
        v.step_forward();
        assert!(!v.flying());
        assert_eq!(v.at, shots[0] + 1);
        assert_eq!(v.verdicts[shots[0]], Verdict::Same);
        v.previous_shot();
        assert_eq!(v.at, shots[0], "from just after a shot, back to that shot");
        v.seek(v.len() / 2);
        let mid = v.state();
        v.seek(0);
        v.seek(v.len() / 2);
        assert_eq!(v.state(), mid);
        v.step_back();
        assert_eq!(v.at, v.len() / 2 - 1);
        v.seek(10_000);
        assert_eq!(v.at, v.len());
    }
}
