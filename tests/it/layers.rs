//! The layer rules, in one place (build.sh runs this test first): the engine crate has no window
//! or sound stack; the tools stand on the engine alone; core never touches rapier, the physics
//! layer or a game; physics never reaches up into the games; every pure file of a game folder
//! (everything but its table, `Game` impl, view and bots) is pure; no std transcendental math on
//! the simulation path.

use crate::support::source;

use source::{root, rust_files};
use std::fs;
use std::path::Path;

fn offenders(dir: &str, needles: &[&str], skip: impl Fn(&Path) -> bool) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(&root().join(dir), &mut files);
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

/// The files of a game folder that may reach the physics: the table itself, the `Game` impl
/// that joins rules and table (`mod.rs`), the view of the table at rest, and the bots (`bot.rs`
/// and its `bot/` folder), which aim by simulating. Every other file of a game folder (its
/// rules, codec, events, geometry, designs, art) is pure.
const PHYSICS_ROLES: [&str; 4] = ["table.rs", "mod.rs", "view.rs", "bot.rs"];

fn is_pure_game_file(p: &Path) -> bool {
    let games = root().join("engine/src/games");
    let Ok(rel) = p.strip_prefix(&games) else {
        return false;
    };
    let parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    match parts.as_slice() {
        // games/mod.rs (the registry) and games/designs.rs: pure.
        [_file] => true,
        // games/<id>/<file>.rs
        [_game, file] => !PHYSICS_ROLES.contains(&file.as_str()),
        // games/<id>/rules/…: always pure; games/<id>/bot/…: the bots' helpers.
        [_game, dir, ..] => dir == "rules",
        [] => false,
    }
}

#[test]
fn the_engine_has_no_window_or_sound_stack() {
    let toml = fs::read_to_string(root().join("engine/Cargo.toml")).unwrap_or_default();
    for crate_name in ["macroquad", "miniquad", "quad-snd", "alsa"] {
        assert!(
            !toml.contains(crate_name),
            "engine/Cargo.toml must not depend on {crate_name}"
        );
    }
    let hits = offenders("engine/src", &["macroquad", "miniquad"], |_| false);
    assert!(hits.is_empty(), "{hits:#?}");
}

#[test]
fn the_tools_stand_on_the_engine_alone() {
    let toml = fs::read_to_string(root().join("tools/Cargo.toml")).unwrap_or_default();
    for crate_name in ["macroquad", "miniquad", "catapult-table"] {
        assert!(
            !toml.contains(&format!("{crate_name} =")),
            "tools/Cargo.toml must not depend on {crate_name}"
        );
    }
    let hits = offenders("tools/src", &["macroquad", "catapult_table"], |_| false);
    assert!(hits.is_empty(), "{hits:#?}");
}

/// The game server plays every move through the engine; it must not link a window or sound stack.
#[test]
fn the_server_stands_on_the_engine_alone() {
    let toml = fs::read_to_string(root().join("server/Cargo.toml")).unwrap_or_default();
    assert!(
        toml.contains("engine"),
        "server/Cargo.toml should depend on the engine"
    );
    for crate_name in ["macroquad", "miniquad", "catapult-table"] {
        assert!(
            !toml.contains(&format!("{crate_name} =")),
            "server/Cargo.toml must not depend on {crate_name}"
        );
    }
    let hits = offenders(
        "server/src",
        &["macroquad", "miniquad", "catapult_table::"],
        |_| false,
    );
    assert!(hits.is_empty(), "{hits:#?}");
}

#[test]
fn core_never_uses_rapier_or_the_physics_layer() {
    let hits = offenders(
        "engine/src/core",
        &["rapier2d", "crate::physics", "crate::games"],
        |_| false,
    );
    assert!(hits.is_empty(), "{hits:#?}");
}

#[test]
fn physics_never_reaches_up_into_the_games() {
    let hits = offenders("engine/src/physics", &["crate::games"], |_| false);
    assert!(hits.is_empty(), "{hits:#?}");
}

#[test]
fn every_pure_game_file_is_pure() {
    let hits = offenders(
        "engine/src/games",
        &[
            "rapier2d",
            "crate::physics",
            "super::table",
            "super::super::table",
            "table::",
        ],
        |p| !is_pure_game_file(p),
    );
    assert!(hits.is_empty(), "{hits:#?}");
}

#[test]
fn the_purity_check_knows_which_files_are_pure() {
    let g = root().join("engine/src/games");
    assert!(is_pure_game_file(&g.join("castle/rules.rs")));
    assert!(is_pure_game_file(&g.join("castle/rules/shot.rs")));
    assert!(is_pure_game_file(&g.join("carcassonne/rules.rs")));
    assert!(is_pure_game_file(&g.join("assault/geometry.rs")));
    assert!(is_pure_game_file(&g.join("catapults/layout.rs")));
    assert!(is_pure_game_file(&g.join("mod.rs")));
    assert!(!is_pure_game_file(&g.join("castle/table.rs")));
    assert!(!is_pure_game_file(&g.join("feud/mod.rs")));
    assert!(!is_pure_game_file(&g.join("castle/bot/decide.rs")));
    assert!(!is_pure_game_file(&root().join("src/app/draw.rs")));
    // Every pure file the rule covers exists: the rule is not checking an empty set.
    let mut files = Vec::new();
    rust_files(&g, &mut files);
    let pure = files.iter().filter(|f| is_pure_game_file(f)).count();
    assert!(pure > 40, "only {pure} pure game files found");
}

/// Every std float function whose result is not fixed by IEEE 754 (std calls the platform's C
/// library natively and a different implementation in wasm): the method form `x.sin(` and the
/// path form `f32::sin` (also as a function value, `map(f32::sin)`). `sqrt`, `mul_add`, `abs`,
/// `to_radians`, `powi` are exact or pure arithmetic and allowed.
const TRANSCENDENTALS: [&str; 24] = [
    "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "asinh", "acosh",
    "atanh", "exp", "exp2", "exp_m1", "ln", "ln_1p", "log", "log2", "log10", "powf", "cbrt",
    "hypot",
];

fn transcendental_needles() -> Vec<String> {
    let mut needles = Vec::new();
    for f in TRANSCENDENTALS.iter().chain(["sin_cos"].iter()) {
        needles.push(format!(".{f}("));
        for ty in ["f32", "f64"] {
            needles.push(format!("{ty}::{f}("));
            needles.push(format!("{ty}::{f})"));
            needles.push(format!("{ty}::{f},"));
        }
    }
    needles
}

#[test]
fn no_std_transcendentals_on_the_simulation_path() {
    let owned = transcendental_needles();
    let needles: Vec<&str> = owned.iter().map(|s| s.as_str()).collect();
    let not_view = |p: &Path| p.file_name().map(|n| n == "view.rs").unwrap_or(false);
    let hits = [
        offenders("engine/src", &needles, not_view),
        offenders("src/app/gesture.rs", &needles, |_| false),
    ]
    .concat();
    assert!(
        hits.is_empty(),
        "use libm on the simulation path: {hits:#?}"
    );
}

#[test]
fn the_transcendental_check_catches_both_forms() {
    let needles = transcendental_needles();
    for line in [
        "let a = y.atan2(x);",
        "let h = dx.hypot(dy);",
        "let s = f32::sin(a);",
        "v.iter().map(f32::exp).sum()",
        "let (s, c) = a.sin_cos();",
    ] {
        assert!(
            needles.iter().any(|n| line.contains(n.as_str())),
            "not caught: {line}"
        );
    }
    for line in [
        "let a = libm::atan2f(y, x);",
        "let d = (dx * dx + dy * dy).sqrt();",
        "let s = libm::sinf(a);",
    ] {
        assert!(
            !needles.iter().any(|n| line.contains(n.as_str())),
            "false alarm: {line}"
        );
    }
}

/// rapier's own math goes through libm only with `enhanced-determinism` (simba/libm_force,
/// parry2d -> glamx/libm + scalar-math): scripts/determinism.sh checks the resolved features with
/// `cargo tree -e features`; this checks the switch itself stays in Cargo.toml.
#[test]
fn rapier_is_built_with_enhanced_determinism() {
    let toml = fs::read_to_string(root().join("engine/Cargo.toml")).unwrap_or_default();
    let rapier = toml
        .lines()
        .find(|l| l.trim_start().starts_with("rapier2d"))
        .unwrap_or("");
    assert!(
        rapier.contains("enhanced-determinism"),
        "engine/Cargo.toml: rapier2d must enable enhanced-determinism: `{rapier}`"
    );
}
