//! Named designs: a card castle, a fortress or a solo arrangement saved under a name, built
//! again in a later game's build phase, renamed, deleted, and shared as a link that opens in
//! the designer (the game's own build phase with the design built, ready to look at, adjust,
//! save and play).
//!
//! The list lives in storage under one key (localStorage on the web, a file in the desktop's
//! save folder): each design as its link payload, so a stored design goes through the same
//! decoder and the same rules check as one from a link. A name is plain text, capped
//! (`core::design::clean_name`), and stored inside JSON (escaped by the writer).

use super::{log, store};
use engine::core::design::{self, clean_name, Design};
use engine::games::designs::{self as game_designs, kind_of};
use macroquad::prelude::*;
use nanoserde::{DeJson, SerJson};
use std::sync::atomic::{AtomicU32, Ordering};

/// Storage key of the saved designs.
pub const DESIGNS_KEY: &str = "catapult-table.designs";
/// Most designs kept (all games together).
pub const MAX_SAVED: usize = 40;

#[derive(Clone, Debug, PartialEq, SerJson, DeJson)]
struct Stored {
    game: String,
    name: String,
    link: String,
}

/// Reads the saved designs; one that no longer decodes or builds is left out (and stays in
/// storage until the list is next written, so nothing is lost by an older build reading it).
pub fn load(store: &dyn store::Store) -> Vec<Design> {
    let Some(text) = store.get(DESIGNS_KEY) else {
        return Vec::new();
    };
    let Ok(list) = Vec::<Stored>::deserialize_json(&text) else {
        log("designs-unreadable");
        return Vec::new();
    };
    list.iter()
        .take(MAX_SAVED)
        .filter_map(|s| {
            let d = design::decode(&s.link).ok()?;
            (d.game == s.game).then_some(())?;
            game_designs::check(&d).ok()
        })
        .collect()
}

/// Writes the list (each design as its link payload).
pub fn write(store: &mut dyn store::Store, list: &[Design]) -> Result<(), String> {
    let stored: Vec<Stored> = list
        .iter()
        .filter_map(|d| {
            Some(Stored {
                game: d.game.clone(),
                name: d.name.clone(),
                link: design::encode(d).ok()?,
            })
        })
        .collect();
    store.set(DESIGNS_KEY, &stored.serialize_json())
}

/// A name not yet used for this game's designs: `wanted` made plain (or "<Kind> N"), with " 2",
/// " 3"… added when taken.
pub fn free_name(list: &[Design], game: &str, wanted: &str, skip: Option<usize>) -> String {
    let kind = kind_of(game).unwrap_or("design");
    let mut base = clean_name(wanted);
    if base.is_empty() {
        let mut k = kind.chars();
        base = k
            .next()
            .map(|c| c.to_uppercase().chain(k).collect())
            .unwrap_or_default();
    }
    let taken = |n: &str| {
        list.iter()
            .enumerate()
            .any(|(i, d)| Some(i) != skip && d.game == game && d.name == n)
    };
    if !taken(&base) {
        return base;
    }
    (2..)
        .map(|i| {
            let tail = format!(" {i}");
            let keep = design::MAX_NAME_CHARS - tail.len();
            format!("{}{tail}", base.chars().take(keep).collect::<String>())
        })
        .find(|n| !taken(n))
        .unwrap_or(base)
}

/// The digest of the design on the table now (0: none), for browser tests (`ct_design`).
pub(crate) static ON_TABLE: AtomicU32 = AtomicU32::new(0);

/// The digest of the acting seat's design on the table (its pieces' poses), or 0.
#[no_mangle]
pub extern "C" fn ct_design() -> u32 {
    ON_TABLE.load(Ordering::Relaxed)
}

/// The designs panel's state.
#[derive(Default)]
pub(crate) struct DesignUi {
    /// Loaded from storage on first use.
    pub(crate) list: Option<Vec<Design>>,
    /// The "My designs" list is open.
    pub(crate) open: bool,
    /// A design being renamed by typing (the desktop), and the text so far.
    pub(crate) renaming: Option<(usize, String)>,
}

/// The designs' buttons (their probe keys are what the browser tests press): the bar over the
/// table, and the list's rows (by row on screen) and its panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DesignButton {
    Save,
    Share,
    /// One of the player's own designs that fit, offered before anything is built.
    Quick(usize),
    List,
    Use(usize),
    ShareRow(usize),
    Rename(usize),
    Delete(usize),
    Close,
}

impl DesignButton {
    pub(crate) fn key(self) -> String {
        match self {
            DesignButton::Save => "design:save".into(),
            DesignButton::Share => "design:share".into(),
            DesignButton::Quick(k) => format!("design:quick:{k}"),
            DesignButton::List => "design:list".into(),
            DesignButton::Use(r) => format!("design:use:{r}"),
            DesignButton::ShareRow(r) => format!("design:share:{r}"),
            DesignButton::Rename(r) => format!("design:rename:{r}"),
            DesignButton::Delete(r) => format!("design:delete:{r}"),
            DesignButton::Close => "design:close".into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn design_buttons_keep_the_keys_the_browser_tests_press() {
        use DesignButton::*;
        let keys: Vec<String> = [
            Save,
            Share,
            Quick(1),
            List,
            Use(0),
            ShareRow(2),
            Rename(0),
            Delete(3),
            Close,
        ]
        .iter()
        .map(|b| b.key())
        .collect();
        assert_eq!(
            keys,
            [
                "design:save",
                "design:share",
                "design:quick:1",
                "design:list",
                "design:use:0",
                "design:share:2",
                "design:rename:0",
                "design:delete:3",
                "design:close"
            ]
        );
    }
    use crate::app::store::Store;

    fn fortress(name: &str) -> Design {
        let mut g = game_designs::designer_game("feud", 3).unwrap_or_else(|e| panic!("{e}"));
        let c = g
            .choices()
            .into_iter()
            .find(|c| c.label == "Build the Keep")
            .unwrap_or_else(|| panic!("no Keep"));
        g.apply(&c.mv).unwrap_or_else(|e| panic!("{e}"));
        let mut d = g.design().unwrap_or_else(|| panic!("no design"));
        d.name = name.into();
        d
    }

    #[test]
    fn saved_designs_come_back_from_storage_checked() {
        let mut store = store::MemStore::default();
        assert!(load(&store).is_empty());
        let list = vec![fortress("Keep \"one\" <b>"), fortress("Two")];
        assert!(write(&mut store, &list).is_ok());
        assert_eq!(load(&store), list);
        // A stored design someone edited so it cannot be built is left out, not a panic.
        let text = store.get(DESIGNS_KEY).unwrap_or_default();
        let mut bad = fortress("Bad");
        bad.rows[0][1] = 99_000;
        let forged = Stored {
            game: "feud".into(),
            name: "Bad".into(),
            link: design::encode(&bad).unwrap_or_default(),
        };
        let mut v = Vec::<Stored>::deserialize_json(&text).unwrap_or_default();
        v.push(forged);
        let _ = store.set(DESIGNS_KEY, &v.serialize_json());
        assert_eq!(load(&store), list);
        let _ = store.set(DESIGNS_KEY, "[{\"game\":");
        assert!(load(&store).is_empty());
    }

    #[test]
    fn names_are_unique_per_game_and_capped() {
        let list = vec![fortress("Fortress"), fortress("Keep")];
        assert_eq!(free_name(&list, "feud", "", None), "Fortress 2");
        assert_eq!(free_name(&list, "feud", "  Keep ", None), "Keep 2");
        assert_eq!(free_name(&list, "feud", "Keep", Some(1)), "Keep");
        assert_eq!(free_name(&list, "assault", "Keep", None), "Keep");
        assert_eq!(free_name(&[], "castle", "", None), "Solo arrangement");
        let long = free_name(&list, "feud", &"Fortress".repeat(9), None);
        assert_eq!(long.chars().count(), design::MAX_NAME_CHARS);
    }
}
