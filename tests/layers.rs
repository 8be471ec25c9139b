//! The layer rule: core/ and physics/ never touch the window; core/ never touches rapier or the
//! physics layer; a game's rules.rs is pure; no std transcendental math on the simulation path.

use std::fs;
use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().map(|x| x == "rs").unwrap_or(false) {
            out.push(p);
        }
    }
}

fn offenders(dir: &str, needles: &[&str], skip: impl Fn(&Path) -> bool) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join(dir), &mut files);
    files.sort();
    let mut found = Vec::new();
    for f in files.iter().filter(|f| !skip(f)) {
        let text = fs::read_to_string(f).unwrap_or_default();
        for (n, line) in text.lines().enumerate() {
            if needles.iter().any(|needle| line.contains(needle)) {
                found.push(format!("{}:{}: {}", f.display(), n + 1, line.trim()));
            }
        }
    }
    found
}

#[test]
fn core_and_physics_never_use_the_window() {
    let hits = [
        offenders("src/core", &["macroquad"], |_| false),
        offenders("src/physics", &["macroquad"], |_| false),
    ]
    .concat();
    assert!(hits.is_empty(), "{hits:#?}");
}

#[test]
fn core_never_uses_rapier_or_the_physics_layer() {
    let hits = offenders("src/core", &["rapier2d", "crate::physics"], |_| false);
    assert!(hits.is_empty(), "{hits:#?}");
}

#[test]
fn game_rules_are_pure() {
    let hits = offenders(
        "src/games",
        &["rapier2d", "crate::physics", "macroquad"],
        // rules.rs, and the modules it is split into (rules/*.rs).
        |p| {
            let is_rules = p.file_name().map(|n| n == "rules.rs").unwrap_or(false);
            let in_rules_dir = p
                .parent()
                .and_then(|d| d.file_name())
                .map(|n| n == "rules")
                .unwrap_or(false);
            !(is_rules || in_rules_dir)
        },
    );
    assert!(hits.is_empty(), "{hits:#?}");
}

#[test]
fn no_std_transcendentals_on_the_simulation_path() {
    let needles = [
        ".sin(",
        ".cos(",
        ".tan(",
        ".atan2(",
        ".exp(",
        ".ln(",
        ".powf(",
        ".sin_cos(",
    ];
    let not_view = |p: &Path| p.file_name().map(|n| n == "view.rs").unwrap_or(false);
    let hits = [
        offenders("src/core", &needles, not_view),
        offenders("src/physics", &needles, not_view),
        offenders("src/games", &needles, not_view),
    ]
    .concat();
    assert!(
        hits.is_empty(),
        "use libm on the simulation path: {hits:#?}"
    );
}
