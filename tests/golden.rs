//! Whole `weft check --json` reports pinned for fixed seeds, so that any change of the
//! random streams (the generator, how a game's stream is derived from the seed, the
//! order draws are made in) or of a figure is caught. The files in `tests/data/golden/`
//! were written by weft before the random generator came from `rand_xoshiro`, and
//! written again where a change of how moves are drawn changed the games (each time
//! with the distributions compared instead: docs/PERFORMANCE.md); the run's time,
//! speed and thread count are the only fields left out of the comparison.

use crate::common::*;
use serde_json::Value;

/// The report without the fields that depend on the machine.
fn comparable(mut v: Value) -> Value {
    if let Value::Object(map) = &mut v {
        for key in ["threads", "seconds", "playouts_per_second"] {
            map.remove(key);
        }
    }
    v
}

fn golden(file: &str, args: &[&str]) {
    let mut all = vec!["check"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--seed", "7", "--json"]);
    for threads in ["1", "2"] {
        let mut a = all.clone();
        a.extend_from_slice(&["--threads", threads]);
        let o = weft(&a);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let got: Value = serde_json::from_str(&stdout(&o)).unwrap();
        let text = std::fs::read_to_string(project(&format!("tests/data/golden/{file}"))).unwrap();
        let want: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(
            comparable(got),
            comparable(want),
            "{file} with {threads} thread(s) differs from the pinned report"
        );
    }
}

#[test]
fn a_placement_game_s_report_is_pinned() {
    golden(
        "crosswind-5-seed7.json",
        &["games/crosswind.game", "--size", "5", "--playouts", "300"],
    );
}

#[test]
fn a_compound_turn_game_s_report_is_pinned() {
    golden(
        "windborne-3-seed7.json",
        &["games/windborne.game", "--size", "3", "--playouts", "100"],
    );
}

#[test]
fn a_line_move_game_s_report_is_pinned() {
    golden(
        "crossings-8-seed7.json",
        &["games/crossings.game", "--playouts", "60"],
    );
}
