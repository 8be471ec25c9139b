//! Per-game facts live only in the registry: no non-test source file outside a game's own folder
//! (`engine/src/games/<id>/`) names a game id as a string literal. The ids are the registry's
//! (`engine::games::GAMES`, the practice fixture included), so a sixth game is guarded with no
//! edit here. Test code may name games: `tests/`, files declared under `#[cfg(test)]`, and the
//! items that follow a `#[cfg(test)]` line.

use crate::support::source;

use source::{root, rust_files};
use std::fs;
use std::path::{Path, PathBuf};

/// The source folders of every package in the workspace.
const SOURCES: [&str; 4] = ["src", "engine/src", "tools/src", "server/src"];

/// The folder a file's child modules live in (`a/mod.rs`, `lib.rs`, `main.rs`: `a/`; `a/b.rs`:
/// `a/b/`).
fn module_dir(file: &Path) -> PathBuf {
    let parent = file.parent().map(Path::to_path_buf).unwrap_or_default();
    match file.file_stem().and_then(|s| s.to_str()) {
        Some("mod" | "lib" | "main") | None => parent,
        Some(stem) => parent.join(stem),
    }
}

/// The files declared as `#[cfg(test)] mod name;` somewhere in `files`, and the modules those
/// declare in turn (a test module's own `mod name;` is test code too).
fn test_module_files(files: &[PathBuf]) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = Vec::new();
    for f in files {
        let text = fs::read_to_string(f).unwrap_or_default();
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        for w in lines.windows(2) {
            if let (true, Some(name)) = (w[0] == "#[cfg(test)]", declared(w[1])) {
                out.extend(module_files(f, name));
            }
        }
    }
    let mut i = 0;
    while i < out.len() {
        let text = fs::read_to_string(&out[i]).unwrap_or_default();
        for name in text.lines().filter_map(|l| declared(l.trim())) {
            let children = module_files(&out[i], name);
            out.extend(
                children
                    .into_iter()
                    .filter(|c| !out.contains(c))
                    .collect::<Vec<_>>(),
            );
        }
        i += 1;
    }
    out
}

/// The module a `mod name;` line declares.
fn declared(line: &str) -> Option<&str> {
    line.strip_prefix("mod ")
        .or_else(|| line.strip_prefix("pub mod "))
        .and_then(|rest| rest.strip_suffix(';'))
}

/// Where module `name` declared in `file` may live.
fn module_files(file: &Path, name: &str) -> [PathBuf; 2] {
    let dir = module_dir(file);
    [
        dir.join(format!("{name}.rs")),
        dir.join(name).join("mod.rs"),
    ]
}

/// The lines of `text` outside test code and comments, with their line numbers: an item after a
/// `#[cfg(test)]` line is skipped to its closing brace.
fn code_lines(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut in_test = false;
    let mut depth = 0i64;
    let mut opened = false;
    let mut in_string = false;
    for (n, line) in text.lines().enumerate() {
        let t = line.trim();
        if !in_test && t == "#[cfg(test)]" {
            (in_test, depth, opened, in_string) = (true, 0, false, false);
            continue;
        }
        if in_test {
            for c in code_chars(t, &mut in_string) {
                match c {
                    '{' => (depth, opened) = (depth + 1, true),
                    '}' => depth -= 1,
                    _ => {}
                }
            }
            // An item without a body (`mod tests;`, a `use`) ends at its semicolon.
            if (opened && depth <= 0) || (!opened && t.ends_with(';')) {
                in_test = false;
            }
            continue;
        }
        if !t.starts_with("//") {
            out.push((n + 1, line));
        }
    }
    out
}

/// The characters of a line outside string and char literals (a string may go on from the line
/// before: `in_string`), so a brace in `"{not json"` is not counted.
fn code_chars(line: &str, in_string: &mut bool) -> Vec<char> {
    let chars: Vec<char> = line.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if *in_string {
            match c {
                '\\' => i += 1,
                '"' => *in_string = false,
                _ => {}
            }
        } else if c == '"' {
            *in_string = true;
        } else if c == '\'' && chars.get(i + 2) == Some(&'\'') {
            i += 2;
        } else if c == '\'' && chars.get(i + 1) == Some(&'\\') {
            while i + 1 < chars.len() && chars[i + 1] != '\'' {
                i += 1;
            }
            i += 1;
        } else {
            out.push(c);
        }
        i += 1;
    }
    out
}

#[test]
fn no_file_outside_a_games_folder_names_a_game_id() {
    let ids: Vec<&str> = engine::games::GAMES.iter().map(|g| g.id).collect();
    assert!(ids.len() >= 5, "the registry lists the games: {ids:?}");
    let mut files = Vec::new();
    for dir in SOURCES {
        rust_files(&root().join(dir), &mut files);
    }
    files.sort();
    let test_files = test_module_files(&files);
    let games = root().join("engine/src/games");
    let mut found = Vec::new();
    for f in files.iter().filter(|f| !test_files.contains(f)) {
        let in_a_game_folder = f
            .strip_prefix(&games)
            .ok()
            .and_then(|rel| rel.components().next())
            .and_then(|c| c.as_os_str().to_str())
            .is_some_and(|first| ids.contains(&first));
        if in_a_game_folder {
            continue;
        }
        let text = fs::read_to_string(f).unwrap_or_default();
        for (n, line) in code_lines(&text) {
            for id in &ids {
                if line.contains(&format!("\"{id}\"")) {
                    found.push(format!("{}:{n}: {}", f.display(), line.trim()));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "game ids named outside their folders (use the registry entry instead):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_scan_skips_test_code_and_comments_but_not_code() {
    let text = "fn a() { let g = \"castle\"; }\n// \"feud\"\n#[cfg(test)]\nmod tests {\n    fn b() {\n        let g = \"feud{\";\n        let c = '{';\n    }\n}\nfn c() {}\n";
    let lines: Vec<usize> = code_lines(text).into_iter().map(|(n, _)| n).collect();
    assert_eq!(lines, vec![1, 10]);
    let declared = "#[cfg(test)]\nmod tests;\nfn d() {}\n";
    let lines: Vec<usize> = code_lines(declared).into_iter().map(|(n, _)| n).collect();
    assert_eq!(lines, vec![3]);
}
