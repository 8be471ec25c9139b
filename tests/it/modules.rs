//! No import circles: for each crate (the engine, the tools, the server, the app in `src/`) the module graph
//! is built from the paths its source names (`use crate::…`, `super::…`, `self::…`, in `use`
//! trees and in code), and a module that reaches itself again through them, directly or through
//! others, fails the test, naming the circle. A folder's own `mod.rs` naming its parts by their
//! short names (`rules::Phase`) is the folder joining them, not an edge; paths into another crate
//! (`engine::…`) cannot close a circle: crates depend on each other one way only.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file under `dir` except binaries' own folders (`bin/`: each is a crate of its own).
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            if p.file_name().is_some_and(|n| n != "bin") {
                rust_files(&p, out);
            }
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The module a file is (`core::game`; the crate root is ""), or None for a binary's root.
fn module_of(src: &Path, file: &Path) -> Option<String> {
    let rel = file.strip_prefix(src).ok()?;
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let last = parts.pop()?;
    let stem = last.strip_suffix(".rs")?.to_string();
    if parts.is_empty() && stem != "lib" {
        // A file beside lib.rs is a module only if lib.rs declares it (main.rs, web_probe.rs…
        // are binaries, crates of their own).
        let lib = fs::read_to_string(src.join("lib.rs")).unwrap_or_default();
        if !lib.contains(&format!("mod {stem};")) {
            return None;
        }
    }
    if stem != "mod" && stem != "lib" {
        parts.push(stem);
    }
    Some(parts.join("::"))
}

/// The code of a file without its comments (doc comments too) and string contents.
fn code_of(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    let mut in_str = false;
    while let Some(c) = chars.next() {
        if in_str {
            if c == '\\' {
                chars.next();
            } else if c == '"' {
                in_str = false;
            }
            continue;
        }
        match c {
            '/' if chars.peek() == Some(&'/') => {
                for d in chars.by_ref() {
                    if d == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            '/' if chars.peek() == Some(&'*') => {
                let mut prev = ' ';
                for d in chars.by_ref() {
                    if prev == '*' && d == '/' {
                        break;
                    }
                    prev = d;
                }
            }
            '"' => in_str = true,
            '\'' => {
                // A char literal ('x', '\n', '"') or a lifetime ('a): skip a literal whole.
                let ahead: String = chars.clone().take(3).collect();
                if ahead.starts_with('\\') {
                    for d in chars.by_ref() {
                        if d == '\'' {
                            break;
                        }
                    }
                } else if ahead.chars().nth(1) == Some('\'') {
                    chars.next();
                    chars.next();
                }
            }
            _ => out.push(c),
        }
    }
    out
}

/// `use a::{b, c::{d, e}}` expanded to `a::b`, `a::c::d`, `a::c::e` (renames and globs dropped).
fn expand(tree: &str) -> Vec<String> {
    let tree: String = tree.chars().filter(|c| !c.is_whitespace()).collect();
    let Some(open) = tree.find('{') else {
        let path = tree.split(" as ").next().unwrap_or("").to_string();
        let path = path.split("as").next().unwrap_or("").to_string();
        return vec![path.trim_end_matches("::*").to_string()];
    };
    let prefix = &tree[..open];
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts
        .into_iter()
        .filter(|p| !p.is_empty())
        .flat_map(|p| {
            expand(p).into_iter().map(move |e| match e.as_str() {
                "self" => prefix.trim_end_matches("::").to_string(),
                _ => format!("{prefix}{e}"),
            })
        })
        .collect()
}

/// Every path the code names that starts at `crate`, `super` or `self`.
fn paths_in(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    // `use` trees first (they may hold braces), then every other path written in the code.
    let mut rest = String::new();
    let mut s = code;
    while let Some(at) = s.find("use ") {
        let before_ok = at == 0
            || !s.as_bytes()[at - 1].is_ascii_alphanumeric() && s.as_bytes()[at - 1] != b'_';
        rest.push_str(&s[..at]);
        let tail = &s[at + 4..];
        let end = tail.find(';').unwrap_or(tail.len());
        if before_ok {
            out.extend(expand(&tail[..end]));
            s = &tail[(end + 1).min(tail.len())..];
        } else {
            rest.push_str("use ");
            s = tail;
        }
    }
    rest.push_str(s);
    let bytes = rest.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let starts = (c.is_ascii_alphabetic() || c == b'_')
            && (i == 0
                || !(bytes[i - 1].is_ascii_alphanumeric()
                    || bytes[i - 1] == b'_'
                    || bytes[i - 1] == b':'));
        if !starts {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < bytes.len()
            && (bytes[j].is_ascii_alphanumeric() || bytes[j] == b'_' || bytes[j] == b':')
        {
            j += 1;
        }
        let path = rest[i..j].trim_end_matches(':');
        if path.contains("::") {
            out.push(path.to_string());
        }
        i = j;
    }
    out.retain(|p| {
        let first = p.split("::").next().unwrap_or("");
        matches!(first, "crate" | "super" | "self")
    });
    out
}

/// The module a path names from `module` (the longest prefix that is a module), if any.
fn resolve(path: &str, module: &str, modules: &BTreeSet<String>) -> Option<String> {
    let mut base: Vec<&str> = if module.is_empty() {
        Vec::new()
    } else {
        module.split("::").collect()
    };
    let mut segs = path.split("::").peekable();
    match segs.peek().copied() {
        Some("crate") => {
            base.clear();
            segs.next();
        }
        _ => {
            while let Some(&s) = segs.peek() {
                match s {
                    "super" => {
                        base.pop()?;
                        segs.next();
                    }
                    "self" => {
                        segs.next();
                    }
                    _ => break,
                }
            }
        }
    }
    let mut best = base.join("::");
    let mut cur = base.clone();
    for s in segs {
        cur.push(s);
        let name = cur.join("::");
        if modules.contains(&name) {
            best = name;
        } else {
            break;
        }
    }
    Some(best)
}

/// The module graph of the crate whose sources are in `src` (only edges between two modules).
fn graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    files.sort();
    let mods: Vec<(String, PathBuf)> = files
        .iter()
        .filter_map(|f| module_of(src, f).map(|m| (m, f.clone())))
        .collect();
    let modules: BTreeSet<String> = mods.iter().map(|(m, _)| m.clone()).collect();
    let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (module, file) in &mods {
        let code = code_of(&fs::read_to_string(file).unwrap_or_default());
        let edges = g.entry(module.clone()).or_default();
        for p in paths_in(&code) {
            if let Some(target) = resolve(&p, module, &modules) {
                // A module naming its own ancestors' items through `crate::` is an edge too; a
                // path to itself is not.
                if target != *module && !target.is_empty() {
                    edges.insert(target);
                }
            }
        }
    }
    g
}

/// Every circle in the graph, each named once from its smallest module (`a -> b -> a`).
fn circles(g: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    let mut found = BTreeSet::new();
    for start in g.keys() {
        // Depth-first from `start`, only through modules not smaller than it (each circle is found
        // from its smallest member).
        let mut stack: Vec<(String, Vec<String>)> = vec![(start.clone(), vec![start.clone()])];
        let mut seen = BTreeSet::new();
        while let Some((at, path)) = stack.pop() {
            for next in g.get(&at).into_iter().flatten() {
                if next == start {
                    let mut named = path.clone();
                    named.push(start.clone());
                    found.insert(named.join(" -> "));
                } else if next > start
                    && !path.contains(next)
                    && seen.insert((at.clone(), next.clone()))
                {
                    let mut p = path.clone();
                    p.push(next.clone());
                    stack.push((next.clone(), p));
                }
            }
        }
    }
    found.into_iter().collect()
}

fn check(dir: &str) -> Vec<String> {
    let g = graph(&root().join(dir));
    assert!(g.len() > 3, "{dir}: no modules found");
    circles(&g)
        .into_iter()
        .map(|c| format!("{dir}: {c}"))
        .collect()
}

#[test]
fn the_engine_has_no_import_circles() {
    let found = check("engine/src");
    assert!(found.is_empty(), "{found:#?}");
}

#[test]
fn the_tools_have_no_import_circles() {
    let found = check("tools/src");
    assert!(found.is_empty(), "{found:#?}");
}

#[test]
fn the_server_has_no_import_circles() {
    let found = check("server/src");
    assert!(found.is_empty(), "{found:#?}");
}

#[test]
fn the_app_has_no_import_circles() {
    let found = check("src");
    assert!(found.is_empty(), "{found:#?}");
}

/// The graph builder itself: a circle written on purpose is found and named, through `use`
/// trees, `super::`, `crate::`; comments and strings are no edges.
#[test]
fn a_circle_is_found_and_named() {
    let dir = std::env::temp_dir().join(format!("modules-test-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(dir.join("a")).unwrap_or_else(|e| panic!("{e}"));
    let write = |p: &str, t: &str| fs::write(dir.join(p), t).unwrap_or_else(|e| panic!("{e}"));
    write("lib.rs", "pub mod a;\npub mod b;\npub mod c;\n");
    write("a.rs", "pub mod x;\nuse crate::{b::{self, f}};\n");
    write("a/x.rs", "pub fn g() { super::super::c::h() }\n");
    write(
        "b.rs",
        "// crate::a::x::g() in a comment is no edge\npub fn f() { let _ = \"crate::a::x\"; }\n",
    );
    write("c.rs", "use super::a::{self};\npub fn h() {}\n");
    assert_eq!(circles(&graph(&dir)), Vec::<String>::new());
    write("b.rs", "pub fn f() { crate::a::x::g() }\n");
    let g = graph(&dir);
    assert_eq!(
        circles(&g),
        vec!["a -> b -> a::x -> c -> a".to_string()],
        "{g:?}"
    );
    let _ = fs::remove_dir_all(&dir);
}

/// No file does several jobs unnoticed: a `.rs` file over 800 lines says why in its opening
/// comment ("Over 800 lines on purpose: …"). The app's own files (`src/app/`) are the app's to
/// keep; everything else is checked here.
#[test]
fn a_file_over_800_lines_says_why_at_its_top() {
    let mut files = Vec::new();
    for dir in [
        "engine/src",
        "tools/src",
        "server/src",
        "server/tests",
        "tests",
        "src",
    ] {
        rust_files(&root().join(dir), &mut files);
    }
    let app = root().join("src/app");
    let mut long = Vec::new();
    for f in files.iter().filter(|f| !f.starts_with(&app)) {
        let text = fs::read_to_string(f).unwrap_or_default();
        let lines = text.lines().count();
        let top: Vec<&str> = text.lines().take_while(|l| l.starts_with("//")).collect();
        if lines > 800 && !top.iter().any(|l| l.contains("Over 800 lines on purpose")) {
            long.push(format!("{} ({lines} lines)", f.display()));
        }
    }
    assert!(long.is_empty(), "{long:#?}");
}
