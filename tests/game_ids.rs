//! Per-game facts live in the registry (docs/architecture.md, "The registry"): no non-test file
//! outside a game's own folder (`engine/src/games/<id>/`) names a game's id as a string. A sixth
//! game then needs no edit anywhere else to get its rules screen, its daily challenge or its
//! place in the tools. Test code (`tests/`, a file's `#[cfg(test)]` module) may name games.

use std::fs;
use std::path::{Path, PathBuf};

/// Every `.rs` file below `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The file without its test code: everything from its first `#[cfg(test)]` on (the test
/// module closes a file, as every file here keeps it), and the lines of a `tests.rs` module.
fn non_test(path: &Path, text: &str) -> String {
    if path.file_name().is_some_and(|n| n == "tests.rs") {
        return String::new();
    }
    match text.find("#[cfg(test)]") {
        Some(i) => text[..i].to_string(),
        None => text.to_string(),
    }
}

#[test]
fn no_file_outside_a_game_s_folder_names_a_game() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let ids: Vec<&str> = engine::games::GAMES.iter().map(|g| g.id).collect();
    assert!(ids.len() >= 5, "the registry: {ids:?}");
    let mut files = Vec::new();
    for dir in ["src", "engine/src", "tools/src", "server/src"] {
        rust_files(&root.join(dir), &mut files);
    }
    files.sort();
    let games_dir = root.join("engine/src/games");
    let mut found = Vec::new();
    for file in &files {
        // A game's own folder may name itself (and, in its entry, others it replaces).
        if let Ok(rel) = file.strip_prefix(&games_dir) {
            if rel.components().count() > 1 {
                continue;
            }
        }
        let text = fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let code = non_test(file, &text);
        for (n, line) in code.lines().enumerate() {
            let trimmed = line.trim_start();
            if trimmed.starts_with("//") {
                continue;
            }
            for id in &ids {
                if line.contains(&format!("\"{id}\"")) {
                    let shown = file.strip_prefix(root).unwrap_or(file);
                    found.push(format!("{}:{}: {}", shown.display(), n + 1, line.trim()));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "game ids named outside their game's folder (make it a field of the registry entry, \
         engine/src/core/registry.rs):\n{}",
        found.join("\n")
    );
}
