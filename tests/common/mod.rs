//! Helpers shared by the integration tests.

#![allow(dead_code)]

use std::path::PathBuf;
use std::process::{Command, Output};
use std::sync::Arc;
use weft::engine::state::{Move, State};
use weft::rules::Rules;
use weft::Overrides;

/// The path of a file in the project.
pub fn project(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(path)
}

/// Every rule file in games/.
pub fn game_files() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(project("games"))
        .expect("games/ exists")
        .map(|e| e.expect("readable").path())
        .filter(|p| p.extension().is_some_and(|e| e == "game"))
        .collect();
    v.sort();
    v
}

/// Loads a rule file of the project (a path from its root), with `--size` and
/// `--set` overrides; a load error fails the test with the rendered report.
pub fn load(path: &str, size: Option<i64>, sets: &[(&str, &str)]) -> Arc<Rules> {
    let o = Overrides {
        sets: sets
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        size,
    };
    weft::load_file(project(path).to_str().unwrap(), &o)
        .unwrap_or_else(|e| panic!("{e}"))
        .rules
}

/// Loads `games/NAME.game` at a board size.
pub fn rules(name: &str, size: i64) -> Arc<Rules> {
    load(&format!("games/{name}.game"), Some(size), &[])
}

/// A position drawn as a picture (top row first), with the colour to move.
pub fn position(name: &str, picture: &str, to_move: usize) -> State {
    let r = rules(name, picture.trim().lines().count() as i64);
    State::from_picture(r, picture, to_move).unwrap_or_else(|e| panic!("{e}"))
}

/// Parses a move in notation.
pub fn mv(state: &State, text: &str) -> Move {
    Move::parse(text, state.rules()).unwrap()
}

/// The reason a move is illegal, in words; "legal" if it is legal.
pub fn why(state: &State, text: &str) -> String {
    match state.is_legal(mv(state, text)) {
        Ok(()) => "legal".to_string(),
        Err(e) => e.describe(state.rules()),
    }
}

/// Runs the built `weft` binary.
pub fn weft(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_weft"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .output()
        .expect("weft runs")
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Chromium's binary names, for [`find_browser`].
pub const CHROMIUM: BrowserKind = BrowserKind {
    label: "Chromium",
    env: "WEFT_CHROMIUM",
    names: &[
        "chromium",
        "chromium-browser",
        "google-chrome",
        "google-chrome-stable",
    ],
    package: "chromium",
};

/// Firefox's binary names, for [`find_browser`].
pub const FIREFOX: BrowserKind = BrowserKind {
    label: "Firefox",
    env: "WEFT_FIREFOX",
    names: &["firefox", "firefox-esr"],
    package: "firefox-esr",
};

/// A browser the tests drive: its name, the variable naming its binary, the binary's
/// usual names, and the Debian package `.ci/run` installs.
pub struct BrowserKind {
    pub label: &'static str,
    pub env: &'static str,
    pub names: &'static [&'static str],
    pub package: &'static str,
}

/// The browser's binary (`$ENV`, else the first of its names on the PATH or in
/// /usr/bin), or `None` after saying why `test` is skipped; a failure under CI.
pub fn find_browser(test: &str, b: &BrowserKind) -> Option<PathBuf> {
    let found = std::env::var_os(b.env).map(PathBuf::from).or_else(|| {
        let path = std::env::var_os("PATH").unwrap_or_default();
        std::env::split_paths(&path)
            .chain([PathBuf::from("/usr/bin")])
            .flat_map(|dir| b.names.iter().map(move |n| dir.join(n)))
            .find(|p| p.is_file())
    });
    if found.is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "{} is not installed: .ci/run installs it (apt-get install {})",
            b.label,
            b.package
        );
        eprintln!(
            "skipped {test}: {} not found (apt-get install {}, or set {})",
            b.label, b.package, b.env
        );
    }
    found
}
