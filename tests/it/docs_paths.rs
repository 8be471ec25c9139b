//! docs/architecture.md cannot drift from the code (issue #56): every place it names in
//! backticks must exist.
//!
//! - A path (a span with a `/` or ending in a file extension, no spaces) must exist: from the
//!   workspace's root when it begins with one of its folders (`server/src/room/`), otherwise as
//!   the end of some file's or folder's path (`rules/turn.rs`). Spans with a placeholder (`<id>`,
//!   `*`, `…`) are patterns and are skipped, as are words joined by slashes without an
//!   extension (`sin/cos`).
//! - A Rust name must be found in the code (comments left out): a `CamelCase` name as a word; a
//!   function (`name()`, `fn name`, or the last lower-case part of `Type::name`/`module::name`)
//!   as `fn name` or a macro; each `CamelCase` part of a `::` path as a word; each lower-case
//!   module part before the last as a module (`mod name`, a `name.rs` or a `name/` folder).
//!   `impl Type` and `impl Trait for Type` name their types. Single lower-case words (fields,
//!   command words, fact names) are not checked: they are too common to tell.

use crate::support::source;

use source::{root, rust_files};
use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

const ROOT_DIRS: [&str; 10] = [
    "src/",
    "engine/",
    "server/",
    "tools/",
    "tests/",
    "docs/",
    "scripts/",
    "assets/",
    "web/",
    "examples/",
];

const DOCS: [&str; 1] = ["docs/architecture.md"];

/// Crates outside the workspace that the docs may name paths in (not checked).
const OUTSIDE: [&str; 16] = [
    "std",
    "alloc",
    "tokio",
    "axum",
    "hyper",
    "hyper_util",
    "tower",
    "tower_http",
    "rapier2d",
    "macroquad",
    "nanoserde",
    "rusqlite",
    "tokio_postgres",
    "deadpool_postgres",
    "skillratings",
    "libm",
];

/// The standard library's macros.
const STD_MACROS: [&str; 8] = [
    "include_str",
    "include_bytes",
    "format",
    "vec",
    "println",
    "assert",
    "assert_eq",
    "matches",
];

/// Every backticked span of a Markdown text, outside fenced code blocks.
fn spans(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let segments: Vec<&str> = line.split('`').collect();
        for i in (1..segments.len().saturating_sub(1)).step_by(2) {
            if !segments[i].is_empty() {
                out.push(segments[i].to_string());
            }
        }
    }
    out
}

/// Every file and folder under the root (relative, with `/`), `target/` and hidden ones left
/// out.
fn all_paths(dir: &Path, rel: &str, out: &mut BTreeSet<String>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') || name == "target" || name == "node_modules" {
            continue;
        }
        let path = format!("{rel}{name}");
        if e.path().is_dir() {
            out.insert(format!("{path}/"));
            all_paths(&e.path(), &format!("{path}/"), out);
        } else {
            out.insert(path);
        }
    }
}

/// The workspace's Rust code with comments left out, one string.
fn code() -> String {
    let mut files = Vec::new();
    for dir in ["src", "engine", "server", "tools", "tests"] {
        rust_files(&root().join(dir), &mut files);
    }
    let mut all = String::new();
    for f in files {
        let text = fs::read_to_string(&f).unwrap_or_default();
        for line in text.lines() {
            let code = line.split("//").next().unwrap_or("");
            all.push_str(code);
            all.push('\n');
        }
    }
    all
}

fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Whether `word` occurs in `code` as a whole word (after `before`, when given).
fn has_word(code: &str, before: &str, word: &str) -> bool {
    let needle = format!("{before}{word}");
    code.match_indices(&needle).any(|(i, _)| {
        let start_ok =
            !before.is_empty() || !code[..i].chars().next_back().is_some_and(is_word_char);
        let end_ok = !code[i + needle.len()..]
            .chars()
            .next()
            .is_some_and(is_word_char);
        start_ok && end_ok
    })
}

fn is_ident(s: &str) -> bool {
    !s.is_empty() && s.chars().all(is_word_char) && !s.starts_with(|c: char| c.is_ascii_digit())
}

fn is_type_name(s: &str) -> bool {
    is_ident(s)
        && s.starts_with(|c: char| c.is_ascii_uppercase())
        && s.chars().any(|c| c.is_ascii_lowercase())
}

/// What is wrong with one span (None: it names nothing checked, or what it names exists).
fn check(span: &str, paths: &BTreeSet<String>, code: &str) -> Option<String> {
    let s = span.trim();
    if s.contains(['<', '*', '…', '{', '"']) || s.starts_with('.') {
        return None;
    }
    // A path.
    let extension = [
        ".rs", ".md", ".mjs", ".sh", ".toml", ".json", ".html", ".js",
    ]
    .iter()
    .any(|e| s.ends_with(e));
    if !s.contains(' ') && (extension || s.ends_with('/')) && !s.contains("::") {
        let p = s.trim_start_matches("./");
        let found = if ROOT_DIRS.iter().any(|d| p.starts_with(d)) {
            paths.contains(p)
        } else {
            paths
                .iter()
                .any(|known| known == p || known.ends_with(&format!("/{p}")))
        };
        return (!found).then(|| format!("the path `{s}` does not exist"));
    }
    // Rust names.
    let s = s
        .strip_prefix("impl ")
        .map(|rest| rest.replace(" for ", " "))
        .unwrap_or_else(|| s.to_string());
    if s.contains(' ') {
        // `impl Trait for Type`: each name a type.
        let names: Vec<&str> = s.split(' ').collect();
        if names.iter().all(|n| is_type_name(n)) {
            return names
                .iter()
                .find(|n| !has_word(code, "", n))
                .map(|n| format!("the type `{n}` (in `{span}`) is not in the code"));
        }
        if let Some(f) = s.strip_prefix("fn ").filter(|f| is_ident(f)) {
            return (!has_word(code, "fn ", f))
                .then(|| format!("the function `{f}` is not in the code"));
        }
        return None;
    }
    let head = s.split(['(', ' ']).next().unwrap_or("");
    let called = s.contains('(');
    let parts: Vec<&str> = head.split("::").collect();
    if parts.iter().any(|p| !is_ident(p.trim_end_matches('!'))) || OUTSIDE.contains(&parts[0]) {
        return None;
    }
    let is_module = |part: &str| {
        has_word(code, "mod ", part)
            || paths
                .iter()
                .any(|p| p.ends_with(&format!("/{part}.rs")) || p.ends_with(&format!("/{part}/")))
    };
    if parts.len() == 1 && !called && !parts[0].ends_with('!') {
        let name = parts[0];
        return (is_type_name(name) && !has_word(code, "", name))
            .then(|| format!("the type `{name}` is not in the code"));
    }
    for (i, part) in parts.iter().enumerate() {
        let last = i + 1 == parts.len();
        if let Some(mac) = part.strip_suffix('!') {
            if !has_word(code, "macro_rules! ", mac) && !STD_MACROS.contains(&mac) {
                return Some(format!(
                    "the macro `{mac}!` (in `{span}`) is not in the code"
                ));
            }
        } else if is_type_name(part) {
            if !has_word(code, "", part) {
                return Some(format!(
                    "the type `{part}` (in `{span}`) is not in the code"
                ));
            }
        } else if last {
            let upper = part
                .chars()
                .all(|c| c.is_ascii_uppercase() || c == '_' || c.is_ascii_digit());
            // A function, a module, a macro, or (after a type) a field.
            let field = i > 0 && code.contains(&format!(" {part}: "));
            let found = if upper {
                has_word(code, "", part)
            } else {
                has_word(code, "fn ", part)
                    || has_word(code, "macro_rules! ", part)
                    || is_module(part)
                    || field
            };
            if !found {
                return Some(format!("`{part}` (in `{span}`) is not in the code"));
            }
        } else if !["crate", "self", "super", "engine", "tools", "std"].contains(part) {
            let module = has_word(code, "mod ", part)
                || paths.iter().any(|p| {
                    p.ends_with(&format!("/{part}.rs")) || p.ends_with(&format!("/{part}/"))
                });
            if !module {
                return Some(format!(
                    "the module `{part}` (in `{span}`) is not in the code"
                ));
            }
        }
    }
    None
}

#[test]
fn every_place_the_architecture_names_exists() {
    let mut paths = BTreeSet::new();
    all_paths(&root(), "", &mut paths);
    let code = code();
    let mut wrong = Vec::new();
    for doc in DOCS {
        let text = fs::read_to_string(root().join(doc)).unwrap_or_default();
        assert!(!text.is_empty(), "{doc} is missing");
        let mut seen = BTreeSet::new();
        for span in spans(&text) {
            if seen.insert(span.clone()) {
                if let Some(why) = check(&span, &paths, &code) {
                    wrong.push(format!("{doc}: {why}"));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} places named in the docs do not exist (fix the docs, or the code):\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

/// The rule itself: a moved file, a renamed type or function, and a gone module are each
/// caught; what exists passes.
#[test]
fn the_rule_catches_what_moved_and_passes_what_exists() {
    let mut paths = BTreeSet::new();
    for p in [
        "server/",
        "server/src/",
        "server/src/room/",
        "server/src/room/mod.rs",
    ] {
        paths.insert(p.to_string());
    }
    let code =
        "pub struct Owner { }\nfn run() {}\nmod room;\nmacro_rules! kinds {}\nconst CAP: u8 = 1;";
    let ok = |s: &str| check(s, &paths, code).is_none();
    assert!(ok("server/src/room/mod.rs"));
    assert!(ok("room/mod.rs"));
    assert!(ok("server/src/room/"));
    assert!(!ok("server/src/hub/cell.rs"));
    assert!(!ok("hub/cell.rs"));
    assert!(ok("Owner"));
    assert!(!ok("RoomCell"));
    assert!(ok("run()"));
    assert!(ok("Owner::run"));
    assert!(!ok("Owner::lock"));
    assert!(ok("room::Owner"));
    assert!(!ok("hub::Owner"));
    assert!(ok("impl Owner"));
    assert!(!ok("impl Hub"));
    assert!(ok("kinds!"));
    assert!(!ok("event_kinds!"));
    assert!(ok("room::CAP"));
    assert!(ok("fn run"));
    assert!(!ok("fn lock"));
    // Not checked: placeholders, plain words, prose.
    assert!(ok("tests/<id>_rules.rs"));
    assert!(ok("seat"));
    assert!(ok("sin/cos/atan2"));
    assert!(ok("tokio::task::spawn_blocking"));
    assert!(ok("crate::room"));
    assert!(!ok("crate::hub"));
}
