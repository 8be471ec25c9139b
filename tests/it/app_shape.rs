//! The app's shell stays small (issue #41): `struct App` has at most 12 fields, and `impl App`
//! blocks live only in the shell's own file (`src/app/mod.rs`) and the game's lifecycle
//! (`src/app/session.rs`). What a screen, a gesture or a panel does lives in its own type: the
//! screens in `src/app/screens/`, the table's gestures and panels as `impl Table` in
//! `src/app/screens/play/` and beside the table, and what every screen borrows in `Ctx`.

use crate::support::source;

use source::{root, rust_files};
use std::fs;

const MAX_APP_FIELDS: usize = 12;
/// At most this many structs in the app carry `MANY_PUBLIC` or more public fields (today the
/// probe's record for the browser tests and the context every screen borrows).
const MAX_OPEN_STRUCTS: usize = 2;
const MANY_PUBLIC: usize = 8;
const SHELL_FILES: [&str; 2] = ["src/app/mod.rs", "src/app/session.rs"];

/// The body of `struct NAME { … }` in `text`, if declared there.
fn struct_body<'a>(text: &'a str, name: &str) -> Option<&'a str> {
    let at = text.lines().position(|l| {
        let l = l.trim_start();
        let l = l.strip_prefix("pub ").unwrap_or(l);
        l.starts_with(&format!("struct {name} {{"))
    })?;
    let start: usize = text.lines().take(at + 1).map(|l| l.len() + 1).sum();
    let end = text[start..].find("\n}")?;
    Some(&text[start..start + end])
}

/// The named fields of a struct body (comments and attributes skipped).
fn fields(body: &str) -> Vec<String> {
    body.lines()
        .map(str::trim)
        .filter(|l| !l.starts_with("//") && !l.starts_with('#'))
        .filter_map(|l| l.split_once(':').map(|(name, _)| name.trim()))
        .map(|n| n.rsplit(' ').next().unwrap_or(n).to_string())
        .filter(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
        .collect()
}

#[test]
fn the_shell_has_at_most_twelve_fields() {
    let text = fs::read_to_string(root().join("src/app/mod.rs")).unwrap_or_default();
    let body = struct_body(&text, "App");
    assert!(body.is_some(), "struct App is not in src/app/mod.rs");
    let found = fields(body.unwrap_or_default());
    assert!(
        found.len() <= MAX_APP_FIELDS,
        "struct App has {} fields (at most {MAX_APP_FIELDS}): {found:?}. Give the new state to \
         the screen that owns it, to Ctx when every screen needs it, or to the table.",
        found.len()
    );
}

/// Every source file under `dir` (from the workspace's root), by its path there, with its text.
fn sources(dir: &str) -> Vec<(String, String)> {
    let mut files = Vec::new();
    rust_files(&root().join(dir), &mut files);
    files.sort();
    files
        .iter()
        .map(|f| {
            let rel = f.strip_prefix(root()).unwrap_or(f).to_string_lossy();
            (
                rel.replace('\\', "/"),
                fs::read_to_string(f).unwrap_or_default(),
            )
        })
        .collect()
}

#[test]
fn impl_app_lives_only_in_the_shell_and_the_session() {
    let mut outside = Vec::new();
    for (rel, text) in sources("src") {
        if text
            .lines()
            .any(|l| l.trim_start().starts_with("impl App {"))
            && !SHELL_FILES.contains(&rel.as_str())
        {
            outside.push(rel);
        }
    }
    assert!(
        outside.is_empty(),
        "impl App outside {SHELL_FILES:?}: {outside:?}. A screen's behaviour is the screen's, \
         the table's is Table's, and what every screen needs is Ctx's."
    );
}

/// Every `struct Name { … }` in `text` outside its test module, with its count of public fields.
fn public_fields(text: &str) -> Vec<(String, usize)> {
    let text = text.split("#[cfg(test)]\nmod tests").next().unwrap_or(text);
    let mut out = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        let head = line
            .trim_start_matches("pub(crate) ")
            .trim_start_matches("pub(super) ");
        let head = head.trim_start_matches("pub ");
        let Some(rest) = head.strip_prefix("struct ") else {
            continue;
        };
        if !line.ends_with('{') || line.starts_with(' ') {
            continue;
        }
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let mut n = 0;
        for body in lines.by_ref() {
            if body == "}" {
                break;
            }
            let field = body.trim_start();
            if body.starts_with("    pub") && field.contains(':') && !field.starts_with("pub fn") {
                n += 1;
            }
        }
        out.push((name, n));
    }
    out
}

#[test]
fn few_structs_in_the_app_are_bags_of_public_fields() {
    let mut open = Vec::new();
    for (_, text) in sources("src/app") {
        for (name, n) in public_fields(&text) {
            if n >= MANY_PUBLIC {
                open.push(format!("{name} ({n})"));
            }
        }
    }
    assert!(
        open.len() <= MAX_OPEN_STRUCTS,
        "{} structs in src/app have {MANY_PUBLIC} or more public fields (at most \
         {MAX_OPEN_STRUCTS}): {open:?}. Keep a type's fields to its module and give the others \
         methods.",
        open.len()
    );
}

#[test]
fn the_public_field_counter_reads_a_struct_as_written() {
    let text = "pub(crate) struct B {\n    pub a: u8,\n    /// doc: x\n    pub(crate) b: u8,\n    c: u8,\n}\nstruct C {\n    d: u8,\n}\n#[cfg(test)]\nmod tests {\n    struct T {\n        pub e: u8,\n    }\n}\n";
    assert_eq!(
        public_fields(text),
        vec![("B".to_string(), 2), ("C".to_string(), 0)]
    );
}

#[test]
fn the_field_counter_reads_a_struct_as_written() {
    let text = "pub struct A {\n    /// doc: with a colon\n    a: u8,\n    pub(crate) b: Vec<u8>,\n    #[allow(dead_code)]\n    c: (u8, u8),\n}\n";
    assert_eq!(
        fields(struct_body(text, "A").unwrap_or_default()).len(),
        3,
        "{text}"
    );
}
