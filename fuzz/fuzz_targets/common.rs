//! What the targets share: the shipped games (every file in games/, read at start, so
//! a game added there is fuzzed without a change here), loaded at small sizes.

#![allow(dead_code)]

use std::sync::{Arc, OnceLock};
use weft::engine::rng::Rng;
use weft::engine::state::State;
use weft::rules::Rules;
use weft::Overrides;

/// A shipped game: its path and text.
pub struct Game {
    pub path: String,
    pub text: String,
}

/// Every `.game` file in games/ and tests/data (sorted by path).
pub fn games() -> &'static [Game] {
    static GAMES: OnceLock<Vec<Game>> = OnceLock::new();
    GAMES.get_or_init(|| {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut out = Vec::new();
        for dir in ["games", "tests/data"] {
            let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
                continue;
            };
            for e in entries.flatten() {
                let p = e.path();
                if p.extension().is_some_and(|x| x == "game") {
                    if let Ok(text) = std::fs::read_to_string(&p) {
                        out.push(Game {
                            path: p.to_string_lossy().into_owned(),
                            text,
                        });
                    }
                }
            }
        }
        out.sort_by(|a, b| a.path.cmp(&b.path));
        assert!(!out.is_empty(), "no games found beside the fuzz folder");
        out
    })
}

/// The games that load, each at the small sizes it takes (2 to 7, or its default),
/// compiled once.
pub fn compiled() -> &'static [(usize, Option<i64>, Arc<Rules>)] {
    static RULES: OnceLock<Vec<(usize, Option<i64>, Arc<Rules>)>> = OnceLock::new();
    RULES.get_or_init(|| {
        let mut out = Vec::new();
        for (i, g) in games().iter().enumerate() {
            for size in [None, Some(2), Some(3), Some(4), Some(5), Some(7)] {
                let o = Overrides { sets: vec![], size };
                if let Ok(l) = weft::load_str(&g.path, &g.text, &o) {
                    out.push((i, size, l.rules));
                }
            }
        }
        assert!(!out.is_empty(), "no game loads");
        out
    })
}

/// A position reached by `plies` uniformly random moves (fewer if the game ends).
pub fn position(rules: &Arc<Rules>, seed: u64, plies: u32) -> State {
    let mut s = State::new(rules.clone());
    let mut rng = Rng::new(seed);
    for _ in 0..plies {
        match s.random_move(&mut rng) {
            Some(m) => s.play_unchecked(m),
            None => break,
        }
    }
    s
}
