//! The layers' arrows, read from the source: each layer imports only the layers below
//! it (ARCHITECTURE.md), and no two modules of a layer import each other, directly or
//! round a longer cycle.

use crate::common::project;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// What each layer may import, besides itself.
const ALLOWED: &[(&str, &[&str])] = &[
    ("rules", &[]),
    ("lang", &["rules"]),
    ("engine", &["rules"]),
    ("tools", &["rules", "engine"]),
    ("interface", &["rules", "lang", "engine", "tools"]),
];

/// Every `.rs` file under a folder, with its text.
fn sources(dir: &Path, out: &mut Vec<(String, String)>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            let rel = path.strip_prefix(project("src")).unwrap();
            out.push((rel.to_string_lossy().replace('\\', "/"), text));
        }
    }
}

/// The `crate::a::b` paths a text names, as `(a, b)` (`b` empty for `crate::a` alone).
fn crate_paths(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (i, _) in text.match_indices("crate::") {
        let rest = &text[i + "crate::".len()..];
        let mut parts = rest.split("::").map(|p| {
            p.chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect::<String>()
        });
        let a = parts.next().unwrap_or_default();
        let b = if rest.starts_with(&format!("{a}::")) {
            parts.next().unwrap_or_default()
        } else {
            String::new()
        };
        out.push((a, b));
    }
    out
}

/// Lines that are code, not comments.
fn code(text: &str) -> String {
    text.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn each_layer_imports_only_the_layers_below_it() {
    let mut files = Vec::new();
    sources(&project("src"), &mut files);
    let layers: Vec<&str> = ALLOWED.iter().map(|(l, _)| *l).collect();
    let mut bad = Vec::new();
    for (path, text) in &files {
        let Some((layer, _)) = path.split_once('/') else {
            continue; // lib.rs, main.rs
        };
        let allowed = ALLOWED
            .iter()
            .find(|(l, _)| *l == layer)
            .unwrap_or_else(|| panic!("{path}: `src/{layer}` is not a layer"))
            .1;
        for (a, _) in crate_paths(&code(text)) {
            if layers.contains(&a.as_str()) && a != layer && !allowed.contains(&a.as_str()) {
                bad.push(format!("{path} imports crate::{a}"));
            }
        }
        // The root re-exports the language's loader; below the interfaces nobody uses it.
        if layer != "interface" && code(text).contains("crate::load") {
            bad.push(format!("{path} calls the loader at the crate root"));
        }
    }
    bad.sort();
    bad.dedup();
    assert!(
        bad.is_empty(),
        "arrows against the layers:\n{}",
        bad.join("\n")
    );
}

/// The source file a module path names, if it names one: `a/b/c` is `src/a/b/c.rs` or
/// `src/a/b/c/mod.rs`; a path that goes on into an item names the longest prefix that
/// is a file.
fn file_of(files: &BTreeSet<String>, segments: &[String]) -> Option<String> {
    (1..=segments.len()).rev().find_map(|n| {
        let p = segments[..n].join("/");
        [format!("{p}.rs"), format!("{p}/mod.rs")]
            .into_iter()
            .find(|f| files.contains(f))
    })
}

/// The module path segments of `text` at `i`: `name::name::...`.
fn segments_at(text: &str, i: usize) -> Vec<String> {
    text[i..]
        .split("::")
        .map(|p| {
            p.chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect::<String>()
        })
        .take_while(|p| {
            !p.is_empty()
                && p.chars()
                    .all(|c| c.is_ascii_lowercase() || c == '_' || c.is_ascii_digit())
        })
        .collect()
}

#[test]
fn no_two_source_files_import_each_other() {
    let mut files = Vec::new();
    sources(&project("src"), &mut files);
    let names: BTreeSet<String> = files.iter().map(|(p, _)| p.clone()).collect();
    // file -> the files it names, leaving out its own folder's mod.rs and its
    // ancestors' (a child uses what its parent declares).
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (path, text) in &files {
        let text = code(text);
        let dir: Vec<String> = path
            .rsplit_once('/')
            .map_or(vec![], |(d, _)| d.split('/').map(String::from).collect());
        let mut named = BTreeSet::new();
        for (i, _) in text.match_indices("crate::") {
            if let Some(f) = file_of(&names, &segments_at(&text, i + 7)) {
                named.insert(f);
            }
        }
        for (i, _) in text.match_indices("super::") {
            if text[..i].ends_with("super::") {
                continue;
            }
            let mut base = dir.clone();
            if path.ends_with("/mod.rs") {
                base.pop();
            }
            let mut rest = segments_at(&text, i + 7);
            while rest.first().is_some_and(|s| s == "super") {
                rest.remove(0);
                base.pop();
            }
            base.extend(rest);
            if let Some(f) = file_of(&names, &base) {
                named.insert(f);
            }
        }
        let ancestors: BTreeSet<String> = (0..=dir.len())
            .map(|n| format!("{}/mod.rs", dir[..n].join("/")))
            .chain(["lib.rs".to_string()])
            .collect();
        named.retain(|f| f != path && !ancestors.contains(f) && !f.starts_with('/'));
        graph.insert(path.clone(), named);
    }
    let mut done = BTreeSet::new();
    for n in graph.keys() {
        if let Some(c) = cycle_from(n, &graph, &mut Vec::new(), &mut done) {
            panic!("source files that import each other: {}", c.join(" -> "));
        }
    }
    assert!(
        graph.values().map(BTreeSet::len).sum::<usize>() > 100,
        "the imports were read: {graph:?}"
    );
}

/// A cycle reachable from `n`, by depth-first search.
fn cycle_from(
    n: &str,
    graph: &BTreeMap<String, BTreeSet<String>>,
    stack: &mut Vec<String>,
    done: &mut BTreeSet<String>,
) -> Option<Vec<String>> {
    if let Some(i) = stack.iter().position(|s| s == n) {
        let mut cycle = stack[i..].to_vec();
        cycle.push(n.to_string());
        return Some(cycle);
    }
    if !done.insert(n.to_string()) {
        return None;
    }
    stack.push(n.to_string());
    for m in graph.get(n).into_iter().flatten() {
        if let Some(c) = cycle_from(m, graph, stack, done) {
            return Some(c);
        }
    }
    stack.pop();
    None
}
