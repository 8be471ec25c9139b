//! No file of the repository names a path of a development machine (issue #29: the Carcassonne
//! rules named the tile notes by their place on one machine). Files are named by their path in
//! the repository, or `shared/data/…` for the shared folder beside it.

use std::fs;
use std::path::{Path, PathBuf};

/// Never looked into: build output, installed packages, test output, git's own (a worktree's
/// `.git` file names where its repository lies), the app's local store (as .gitignore).
const SKIPPED: [&str; 8] = [
    "target",
    "node_modules",
    ".git",
    "dist",
    "test-results",
    "screenshots",
    "local.data",
    "Cargo.lock",
];

/// The starts of absolute paths of the machines this project is built on (written in two parts,
/// so that this file does not name them).
fn machine_prefixes() -> Vec<String> {
    ["work", "root", "home"]
        .iter()
        .map(|d| format!("/{d}/"))
        .collect()
}

/// The lines of `text` that name an absolute machine path: a prefix at the start of the line or
/// after a character that cannot be part of a relative path (so `shared/data/…` and
/// `engine/src/…` are fine, and so is the path of a URL, after its host name).
fn machine_paths(text: &str) -> Vec<(usize, String)> {
    let prefixes = machine_prefixes();
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let hit = prefixes.iter().any(|p| {
            line.match_indices(p.as_str()).any(|(i, _)| {
                let before = line[..i].chars().next_back();
                !matches!(before, Some(c) if c.is_alphanumeric() || "._-/~:".contains(c))
            })
        });
        if hit {
            out.push((n + 1, line.trim().to_string()));
        }
    }
    out
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        let name = e.file_name().to_string_lossy().to_string();
        if SKIPPED.contains(&name.as_str()) || name.ends_with(".tmp") {
            continue;
        }
        if p.is_dir() {
            files(&p, out);
        } else {
            out.push(p);
        }
    }
}

#[test]
fn regress_no_file_in_the_repository_names_a_development_machines_path() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut all = Vec::new();
    files(&root, &mut all);
    all.sort();
    let mut found = Vec::new();
    let mut read = 0;
    for f in &all {
        // Text files only (images, fonts and sounds are not read).
        let Ok(text) = fs::read_to_string(f) else {
            continue;
        };
        read += 1;
        for (n, line) in machine_paths(&text) {
            let rel = f.strip_prefix(&root).unwrap_or(f);
            found.push(format!("{}:{n}: {line}", rel.display()));
        }
    }
    assert!(read > 100, "only {read} text files were read");
    assert!(
        found.is_empty(),
        "absolute machine paths:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_machine_path_check_catches_what_the_carcassonne_rules_once_said() {
    let p = &machine_prefixes();
    let old = format!(
        "  (`{}shared/data/carcassonne-tiles.md`, the convention).",
        p[0]
    );
    assert_eq!(machine_paths(&old).len(), 1);
    assert_eq!(machine_paths(&format!("{}me/x", p[2])).len(), 1);
    assert_eq!(machine_paths(&format!("cd {}.cargo", p[1])).len(), 1);
    // Paths in the repository, the shared folder beside it, and URLs are not machine paths.
    for fine in [
        "`shared/data/carcassonne-tiles.md`",
        "engine/src/games/feud/rules/setup.rs",
        "https://example.org/home/index.html",
        "~/.cargo/registry/src",
    ] {
        assert!(machine_paths(fine).is_empty(), "{fine}");
    }
}
