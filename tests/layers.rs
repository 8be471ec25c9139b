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
    let toml = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml"))
        .unwrap_or_default();
    let rapier = toml
        .lines()
        .find(|l| l.trim_start().starts_with("rapier2d"))
        .unwrap_or("");
    assert!(
        rapier.contains("enhanced-determinism"),
        "Cargo.toml: rapier2d must enable enhanced-determinism: `{rapier}`"
    );
}
