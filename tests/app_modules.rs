//! The app's module graph has no circles: no module under `src/app/` imports one that imports it
//! back, directly or through others. Edges are read from the source (`super::x`, `self::x`,
//! `crate::app::x`, `use` groups), outside `#[cfg(test)]` modules. A module using its own
//! parent's or ancestors' items (`super::App`, `super::log`) is the tree, not a circle, and is
//! not counted.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

type Module = Vec<String>;

fn app_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src/app")
}

fn collect(dir: &Path, base: &Module, out: &mut BTreeMap<Module, String>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        let name = p
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default()
            .to_string();
        if p.is_dir() {
            let mut m = base.clone();
            m.push(name);
            collect(&p, &m, out);
        } else if p.extension().map(|x| x == "rs").unwrap_or(false) {
            let mut m = base.clone();
            if name != "mod" {
                m.push(name);
            }
            let text = fs::read_to_string(&p).unwrap_or_default();
            out.insert(m, without_tests(&text));
        }
    }
}

/// The source up to its `#[cfg(test)]` module (tests may import anything).
fn without_tests(text: &str) -> String {
    match text.find("#[cfg(test)]\nmod ") {
        Some(i) => text[..i].to_string(),
        None => text.to_string(),
    }
}

/// The paths named after a prefix: `super::a::b` gives `a::b`; `super::{a, b::c}` gives both.
fn paths_after(text: &str, prefix: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find(prefix) {
        let before = rest[..i].chars().last();
        rest = &rest[i + prefix.len()..];
        if before
            .map(|c| c.is_alphanumeric() || c == '_')
            .unwrap_or(false)
        {
            continue;
        }
        if let Some(group) = rest.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            for item in group[..end].split(',') {
                let p: Vec<String> = item
                    .trim()
                    .split("::")
                    .map(|s| s.trim().to_string())
                    .take_while(|s| !s.is_empty() && !s.starts_with('{'))
                    .collect();
                out.push(p);
            }
        } else {
            let path: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            out.push(
                path.split("::")
                    .filter(|s| !s.is_empty())
                    .map(str::to_string)
                    .collect(),
            );
        }
    }
    out
}

/// The deepest module of the graph a path from `base` leads into, if any.
fn resolve(modules: &BTreeMap<Module, String>, base: &[String], path: &[String]) -> Option<Module> {
    let mut found = None;
    let mut m: Module = base.to_vec();
    for seg in path {
        m.push(seg.clone());
        if modules.contains_key(&m) {
            found = Some(m.clone());
        } else {
            break;
        }
    }
    found
}

fn graph() -> BTreeMap<Module, BTreeSet<Module>> {
    let mut modules = BTreeMap::new();
    collect(&app_dir(), &Vec::new(), &mut modules);
    let mut edges: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (m, text) in &modules {
        let parent: Module = m.iter().take(m.len().saturating_sub(1)).cloned().collect();
        let mut targets = Vec::new();
        for p in paths_after(text, "super::") {
            targets.extend(resolve(&modules, &parent, &p));
        }
        for p in paths_after(text, "self::") {
            targets.extend(resolve(&modules, m, &p));
        }
        for p in paths_after(text, "crate::app::") {
            targets.extend(resolve(&modules, &[], &p));
        }
        // A parent's own `use child::…` lines.
        for line in text.lines() {
            let line = line.trim_start();
            let line = line.strip_prefix("pub ").unwrap_or(line);
            if let Some(rest) = line.strip_prefix("use ") {
                let first: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                targets.extend(resolve(&modules, m, &[first]));
            }
        }
        let out = edges.entry(m.clone()).or_default();
        for t in targets {
            let ancestor = t.len() < m.len() && m[..t.len()] == t[..];
            if t != *m && !ancestor {
                out.insert(t);
            }
        }
    }
    edges
}

/// A circle through the graph, if there is one (depth-first search).
fn circle(edges: &BTreeMap<Module, BTreeSet<Module>>) -> Option<Vec<Module>> {
    fn visit(
        m: &Module,
        edges: &BTreeMap<Module, BTreeSet<Module>>,
        stack: &mut Vec<Module>,
        done: &mut BTreeSet<Module>,
    ) -> Option<Vec<Module>> {
        if let Some(i) = stack.iter().position(|s| s == m) {
            let mut c = stack[i..].to_vec();
            c.push(m.clone());
            return Some(c);
        }
        if done.contains(m) {
            return None;
        }
        stack.push(m.clone());
        for t in edges.get(m).into_iter().flatten() {
            if let Some(c) = visit(t, edges, stack, done) {
                return Some(c);
            }
        }
        stack.pop();
        done.insert(m.clone());
        None
    }
    let mut done = BTreeSet::new();
    for m in edges.keys() {
        if let Some(c) = visit(m, edges, &mut Vec::new(), &mut done) {
            return Some(c);
        }
    }
    None
}

fn name(m: &Module) -> String {
    if m.is_empty() {
        "app".into()
    } else {
        format!("app::{}", m.join("::"))
    }
}

#[test]
fn the_app_has_no_import_circles() {
    let edges = graph();
    assert!(edges.len() > 20, "the app's modules were not found");
    if let Some(c) = circle(&edges) {
        let line: Vec<String> = c.iter().map(name).collect();
        panic!("import circle: {}", line.join(" -> "));
    }
}

#[test]
fn the_circle_check_sees_a_circle_and_reads_use_groups() {
    let m = |s: &str| -> Module { s.split("::").map(str::to_string).collect() };
    let mut edges: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    edges.entry(m("a")).or_default().insert(m("b"));
    edges.entry(m("b")).or_default().insert(m("c"));
    assert_eq!(circle(&edges), None);
    edges.entry(m("c")).or_default().insert(m("a"));
    assert_eq!(circle(&edges), Some(vec![m("a"), m("b"), m("c"), m("a")]));
    let found = paths_after(
        "use super::{log, play::Play, sound};\nx = super::draw::shade(c)",
        "super::",
    );
    assert_eq!(
        found,
        vec![
            vec!["log".to_string()],
            vec!["play".into(), "Play".into()],
            vec!["sound".into()],
            vec!["draw".into(), "shade".into()]
        ]
    );
    // The real graph knows the play module uses the platform.
    let g = graph();
    assert!(
        g[&m("play")].contains(&m("platform")),
        "{:?}",
        g[&m("play")]
    );
}
