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

#[test]
fn no_two_modules_of_a_layer_import_each_other() {
    let mut files = Vec::new();
    sources(&project("src"), &mut files);
    // module (layer/name) -> the sibling modules it names.
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (path, text) in &files {
        let parts: Vec<&str> = path.split('/').collect();
        if parts.len() < 2 || parts[1] == "mod.rs" {
            continue;
        }
        let layer = parts[0];
        let name = parts[1].trim_end_matches(".rs");
        let me = format!("{layer}/{name}");
        let entry = graph.entry(me.clone()).or_default();
        let text = code(text);
        for (a, b) in crate_paths(&text) {
            if a == layer && !b.is_empty() && b != name {
                entry.insert(format!("{layer}/{b}"));
            }
        }
        // `super::x` from a file directly in the layer's folder names a sibling.
        if parts.len() == 2 {
            for (i, _) in text.match_indices("super::") {
                let b: String = text[i + 7..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if !b.is_empty()
                    && b != name
                    && b.chars().all(|c| c.is_ascii_lowercase() || c == '_')
                {
                    entry.insert(format!("{layer}/{b}"));
                }
            }
        }
    }
    // Depth-first search for a cycle.
    fn visit(
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
            if let Some(c) = visit(m, graph, stack, done) {
                return Some(c);
            }
        }
        stack.pop();
        None
    }
    let mut done = BTreeSet::new();
    for n in graph.keys() {
        if let Some(c) = visit(n, &graph, &mut Vec::new(), &mut done) {
            panic!("modules that import each other: {}", c.join(" -> "));
        }
    }
    assert!(graph.len() > 20, "the graph was read: {graph:?}");
}
