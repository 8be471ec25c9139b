//! Saves without a window: the game in progress is its replay JSON, written after every move and
//! offered for resume at start. A save that cannot be resumed is never dropped silently: it is
//! moved aside under another key and the player is told why.

use super::aim::AidLevel;
use super::play::Play;
use super::store::Store;
use super::switch::OneSwitch;

/// Key of the game in progress.
pub const SAVE_KEY: &str = "catapult-table.save";
/// Prefix of keys where unreadable saves are kept.
pub const ASIDE_KEY: &str = "catapult-table.save.unreadable";
/// "1" when sound is muted.
pub const MUTE_KEY: &str = "catapult-table.mute";
/// "1" when the player turned camera motion, shakes and particles off.
pub const MOTION_KEY: &str = "catapult-table.reduce-motion";
/// The old aim path setting ("long", "short", "off"): read only when no aid level is stored
/// ("off" was the table expert's choice, now Expert).
pub const AIM_PATH_KEY: &str = "catapult-table.aim-path";
/// The aim aid level the player chose (`aim::AidLevel`'s key); none stored: the default.
pub const AID_KEY: &str = "catapult-table.aid";
/// How many shots this device's players have aimed and fired (the default aid level follows it).
pub const SHOTS_KEY: &str = "catapult-table.shots";
/// Shots at Learning before the default becomes Standard: a first game's first shots.
pub const LEARNING_SHOTS: u64 = 8;

/// One-switch play and its sweep speed (`switch::OneSwitch`'s key).
pub const ONE_SWITCH_KEY: &str = "catapult-table.one-switch";

/// What was found at start.
pub enum Found {
    Nothing,
    /// A game that can be resumed, with a one-line description.
    Resumable(Box<Play>, String),
    /// The save could not be resumed: the message says why and where it was kept.
    Problem(String),
}

/// Looks for a saved game; moves an unreadable one aside.
pub fn load(store: &mut dyn Store) -> Found {
    let Some(text) = store.get(SAVE_KEY) else {
        return Found::Nothing;
    };
    match Play::resume(&text) {
        Ok(play) => {
            if play.is_over() {
                store.remove(SAVE_KEY);
                return Found::Nothing;
            }
            let line = describe(&play);
            Found::Resumable(Box::new(play), line)
        }
        Err(e) => Found::Problem(set_aside(store, &text, &e.0)),
    }
}

/// One line for the resume button.
pub fn describe(play: &Play) -> String {
    let who = play
        .game()
        .turn()
        .and_then(|t| play.names().get(t).cloned())
        .unwrap_or_default();
    format!(
        "{}: {} players, move {}, {} to play",
        play.info.name,
        play.driver.session.replay.seats.len(),
        play.driver.session.replay.moves.len() + 1,
        who
    )
}

fn set_aside(store: &mut dyn Store, text: &str, reason: &str) -> String {
    let mut key = ASIDE_KEY.to_string();
    let mut n = 1;
    while store.get(&key).is_some() && n < 1000 {
        n += 1;
        key = format!("{ASIDE_KEY}.{n}");
    }
    let kept = store.set(&key, text);
    match kept {
        Ok(()) => {
            store.remove(SAVE_KEY);
            format!(
                "Your saved game could not be resumed ({reason}). It was kept as `{key}` and a new game can be started."
            )
        }
        Err(e) => format!(
            "Your saved game could not be resumed ({reason}), and it could not be moved aside ({e}); it was left in place."
        ),
    }
}

/// Writes the game in progress (or clears the save once the game is over).
pub fn write(store: &mut dyn Store, play: &Play) -> Result<(), String> {
    if play.is_over() {
        store.remove(SAVE_KEY);
        return Ok(());
    }
    store.set(SAVE_KEY, &play.driver.session.replay.to_json())
}

/// A setting that is on or off, stored as "1" or "0" (anything else reads as off).
fn flag(store: &dyn Store, key: &str) -> bool {
    store.get(key).as_deref() == Some("1")
}

fn set_flag(store: &mut dyn Store, key: &str, on: bool) -> Result<(), String> {
    store.set(key, if on { "1" } else { "0" })
}

/// The player's settings as the app holds them: two kept on the device (`muted`,
/// `set_reduce_motion`), one for this visit only.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    pub muted: bool,
    /// Camera motion, shakes and particles off.
    pub reduce_motion: bool,
    /// A side view played upright ("Play upright anyway").
    pub upright_ok: bool,
    /// The aim aid in force for the game on screen (`aid_level`, or the room's), set by the
    /// play screen each frame; the pause menu shows and cycles it.
    pub aid: AidLevel,
    /// The room fixed the aid (a rated room): the pause menu does not change it.
    pub aid_fixed: bool,
}

pub fn muted(store: &dyn Store) -> bool {
    flag(store, MUTE_KEY)
}

pub fn set_muted(store: &mut dyn Store, muted: bool) -> Result<(), String> {
    set_flag(store, MUTE_KEY, muted)
}

pub fn reduce_motion(store: &dyn Store) -> bool {
    flag(store, MOTION_KEY)
}

pub fn set_reduce_motion(store: &mut dyn Store, on: bool) -> Result<(), String> {
    set_flag(store, MOTION_KEY, on)
}

/// The aid level the player chose, if they chose one (an old "aim path: off" reads as Expert).
pub fn chosen_aid(store: &dyn Store) -> Option<AidLevel> {
    if let Some(a) = store.get(AID_KEY).and_then(|k| AidLevel::from_key(&k)) {
        return Some(a);
    }
    (store.get(AIM_PATH_KEY).as_deref() == Some("off")).then_some(AidLevel::Expert)
}

/// The aid level for a shot now: the player's choice; else Learning for a first game's first
/// shots (`LEARNING_SHOTS`), Standard after.
pub fn aid_level(store: &dyn Store) -> AidLevel {
    if let Some(a) = chosen_aid(store) {
        return a;
    }
    if shots_taken(store) < LEARNING_SHOTS {
        AidLevel::Learning
    } else {
        AidLevel::Standard
    }
}

pub fn set_aid_level(store: &mut dyn Store, aid: AidLevel) -> Result<(), String> {
    store.set(AID_KEY, aid.key())
}

/// Shots aimed and fired on this device (0 when none or an unreadable count is stored).
pub fn shots_taken(store: &dyn Store) -> u64 {
    store
        .get(SHOTS_KEY)
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

/// Counts one more shot (only up to where the default stops changing).
pub fn count_shot(store: &mut dyn Store) -> Result<(), String> {
    let n = shots_taken(store);
    if n >= LEARNING_SHOTS {
        return Ok(());
    }
    store.set(SHOTS_KEY, &(n + 1).to_string())
}

/// The one-switch setting (off when none or an unknown one is stored).
pub fn one_switch(store: &dyn Store) -> OneSwitch {
    store
        .get(ONE_SWITCH_KEY)
        .and_then(|k| OneSwitch::from_key(&k))
        .unwrap_or_default()
}

pub fn set_one_switch(store: &mut dyn Store, s: OneSwitch) -> Result<(), String> {
    store.set(ONE_SWITCH_KEY, s.key())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::store::MemStore;
    use engine::core::seat::{default_seats, SeatKind};
    use engine::core::Move;

    fn started() -> Play {
        let p = Play::new(
            engine::games::info("practice").unwrap_or_else(|e| panic!("{e}")),
            &[],
            default_seats(2, SeatKind::Human),
            3,
        );
        p.unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn the_aid_is_learning_for_the_first_shots_then_standard_until_chosen() {
        let mut store = MemStore::default();
        assert_eq!(aid_level(&store), AidLevel::Learning);
        for _ in 0..LEARNING_SHOTS {
            assert_eq!(aid_level(&store), AidLevel::Learning);
            assert!(count_shot(&mut store).is_ok());
        }
        assert_eq!(aid_level(&store), AidLevel::Standard);
        for a in AidLevel::ALL {
            assert!(set_aid_level(&mut store, a).is_ok());
            assert_eq!(aid_level(&store), a);
        }
        assert!(store.set(AID_KEY, "sideways").is_ok());
        assert_eq!(aid_level(&store), AidLevel::Standard);
    }

    #[test]
    fn an_old_aim_path_off_reads_as_expert() {
        let mut store = MemStore::default();
        assert!(store.set(AIM_PATH_KEY, "off").is_ok());
        assert_eq!(aid_level(&store), AidLevel::Expert);
        assert!(store.set(AIM_PATH_KEY, "long").is_ok());
        assert_eq!(aid_level(&store), AidLevel::Learning);
    }

    #[test]
    fn the_one_switch_setting_is_off_until_changed_and_remembered() {
        let mut store = MemStore::default();
        assert_eq!(one_switch(&store), OneSwitch::Off);
        for s in OneSwitch::ALL {
            assert!(set_one_switch(&mut store, s).is_ok());
            assert_eq!(one_switch(&store), s);
        }
        assert!(store.set(ONE_SWITCH_KEY, "sideways").is_ok());
        assert_eq!(one_switch(&store), OneSwitch::Off);
    }

    #[test]
    fn a_save_written_after_a_move_is_offered_for_resume() {
        let mut store = MemStore::default();
        assert!(matches!(load(&mut store), Found::Nothing));
        let mut p = started();
        assert!(p.decide(Move::decide(0, "pass", &[])).is_ok());
        assert!(write(&mut store, &p).is_ok());
        match load(&mut store) {
            Found::Resumable(r, line) => {
                assert_eq!(r.driver.session.replay, p.driver.session.replay);
                assert!(
                    line.contains("move 2") && line.contains("Player 2"),
                    "{line}"
                );
            }
            _ => panic!("the save should resume"),
        }
    }

    #[test]
    fn a_corrupt_or_incompatible_save_is_kept_aside_with_a_message() {
        let mut store = MemStore::default();
        let _ = store.set(SAVE_KEY, "{\"format\":1,\"game\":");
        let Found::Problem(msg) = load(&mut store) else {
            panic!("a corrupt save is a problem");
        };
        assert!(msg.contains(ASIDE_KEY), "{msg}");
        assert_eq!(store.get(SAVE_KEY), None);
        assert_eq!(
            store.get(ASIDE_KEY).as_deref(),
            Some("{\"format\":1,\"game\":")
        );
        // A second bad save does not overwrite the first one kept aside.
        let p = started();
        let future = p
            .driver
            .session
            .replay
            .to_json()
            .replace("\"format\":1", "\"format\":9");
        let _ = store.set(SAVE_KEY, &future);
        let Found::Problem(msg) = load(&mut store) else {
            panic!("an incompatible save is a problem");
        };
        assert!(msg.contains("format 9"), "{msg}");
        assert_eq!(store.get(&format!("{ASIDE_KEY}.2")), Some(future));
        assert!(store.get(ASIDE_KEY).is_some());
    }

    #[test]
    fn reduce_motion_is_remembered() {
        let mut store = MemStore::default();
        assert!(!reduce_motion(&store), "motion is on by default");
        assert!(set_reduce_motion(&mut store, true).is_ok());
        assert!(reduce_motion(&store));
        assert!(!muted(&store), "a separate setting from the sound");
        assert!(set_reduce_motion(&mut store, false).is_ok());
        assert!(!reduce_motion(&store));
    }

    #[test]
    fn mute_is_remembered() {
        let mut store = MemStore::default();
        assert!(!muted(&store));
        assert!(set_muted(&mut store, true).is_ok());
        assert!(muted(&store));
        assert!(set_muted(&mut store, false).is_ok());
        assert!(!muted(&store));
    }

    /// A store whose quota is full: every write is refused, what was there stays.
    struct FullStore(MemStore);

    impl Store for FullStore {
        fn get(&self, key: &str) -> Option<String> {
            self.0.get(key)
        }
        fn set(&mut self, _key: &str, _value: &str) -> Result<(), String> {
            Err("the browser refused to store it (storage full or disabled)".into())
        }
        fn remove(&mut self, key: &str) {
            self.0.remove(key)
        }
    }

    fn castle_save() -> String {
        let s = engine::referee::selfplay("castle", 2, 4, &[]).unwrap_or_else(|e| panic!("{e:?}"));
        let mut r = s.replay.clone();
        r.moves.truncate(12);
        r.to_json()
    }

    #[test]
    fn regress_hostile_saves_are_kept_aside_with_a_message_never_a_panic_or_a_hang() {
        let mut forged =
            engine::core::replay::Replay::parse(&castle_save()).unwrap_or_else(|e| panic!("{e}"));
        for m in &mut forged.moves {
            m.launch = None;
        }
        let mut tampered =
            engine::core::replay::Replay::parse(&castle_save()).unwrap_or_else(|e| panic!("{e}"));
        if let Some(o) = tampered.moves.iter_mut().find_map(|m| m.outcome.as_mut()) {
            o.facts.clear();
        }
        for (text, why) in [
            ("{\"x\":}".to_string(), "line 1, column"),
            ("{\"x\":[".to_string(), "line 1, column"),
            ("{\"x\":{".to_string(), "line 1, column"),
            (format!("{} trailing", castle_save()), "after the end"),
            (forged.to_json(), "only accepted in a rule scenario"),
            (tampered.to_json(), "re-simulates"),
        ] {
            let mut store = MemStore::default();
            let _ = store.set(SAVE_KEY, &text);
            let Found::Problem(msg) = load(&mut store) else {
                panic!("{text:.60} should be a problem");
            };
            assert!(msg.contains(why) && msg.contains(ASIDE_KEY), "{msg}");
            assert_eq!(store.get(ASIDE_KEY).as_deref(), Some(text.as_str()));
        }
        // An honest save resumes, re-simulated.
        let mut store = MemStore::default();
        let _ = store.set(SAVE_KEY, &castle_save());
        assert!(matches!(load(&mut store), Found::Resumable(..)));
    }

    #[test]
    fn regress_a_full_storage_quota_keeps_the_previous_save_and_says_so() {
        let mut p = started();
        assert!(p.decide(Move::decide(0, "pass", &[])).is_ok());
        let mut inner = MemStore::default();
        assert!(write(&mut inner, &p).is_ok());
        let previous = inner.get(SAVE_KEY);
        let mut full = FullStore(inner);
        assert!(p.decide(Move::decide(1, "pass", &[])).is_ok());
        let e = write(&mut full, &p).err().unwrap_or_default();
        assert!(e.contains("storage full"), "{e}");
        assert_eq!(full.get(SAVE_KEY), previous, "the previous save is kept");
        // A hostile save that cannot even be moved aside stays where it is, with a message.
        let _ = full.0.set(SAVE_KEY, "{\"x\":[");
        let Found::Problem(msg) = load(&mut full) else {
            panic!("a problem");
        };
        assert!(msg.contains("left in place"), "{msg}");
        assert_eq!(full.get(SAVE_KEY).as_deref(), Some("{\"x\":["));
    }
}
