//! No source file over 800 lines unless its first lines say why (`Over 800 lines …`): a long
//! file is a file doing several jobs until it says otherwise. Covers every crate's sources and
//! the tests.

use std::fs;
use std::path::{Path, PathBuf};

const MAX_LINES: usize = 800;

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        let name = e.file_name();
        if p.is_dir() {
            if name != "target" && name != "node_modules" && name != ".git" {
                rust_files(&p, out);
            }
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn no_source_file_is_over_800_lines_without_saying_why_at_its_top() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["src", "engine", "tools", "server", "tests", "examples"] {
        rust_files(&root.join(dir), &mut files);
    }
    files.sort();
    assert!(
        files.len() > 100,
        "the sources were not found: {}",
        files.len()
    );
    let mut long = Vec::new();
    for f in &files {
        let text = fs::read_to_string(f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let lines = text.lines().count();
        let says_why = text
            .lines()
            .take(6)
            .any(|l| l.trim_start().starts_with("//") && l.contains("800 lines"));
        if lines > MAX_LINES && !says_why {
            long.push(format!(
                "{} ({lines} lines)",
                f.strip_prefix(root).unwrap_or(f).display()
            ));
        }
    }
    assert!(
        long.is_empty(),
        "over {MAX_LINES} lines with no word at the top on why (split it, or say `Over 800 lines …` in its first lines):\n  {}",
        long.join("\n  ")
    );
}
