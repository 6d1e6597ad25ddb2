//! The `weft` binary: output formats, exit codes (0 ok, 1 rule-file or input error,
//! 2 usage error) and the `--moves` start position.

use crate::common::*;

#[test]
fn perft_prints_one_line_per_depth() {
    let o = weft(&[
        "perft",
        "games/crossway.game",
        "--size",
        "3",
        "--no-swap",
        "--depth",
        "3",
    ]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "1 9\n2 72\n3 504\n");
    let swap = weft(&[
        "perft",
        "games/crossway.game",
        "--set",
        "size=3",
        "--depth",
        "2",
    ]);
    assert_eq!(
        stdout(&swap),
        "1 9\n2 81\n",
        "the swap is one more move at depth 2"
    );
}

#[test]
fn perft_starts_after_moves() {
    let o = weft(&[
        "perft",
        "games/crossway.game",
        "--size",
        "3",
        "--no-swap",
        "--moves",
        "b2 a1",
        "--depth",
        "1",
    ]);
    assert_eq!(stdout(&o), "1 7\n");
}

#[test]
fn an_illegal_start_move_is_named_with_its_index_and_reason() {
    let o = weft(&[
        "perft",
        "games/crossway.game",
        "--size",
        "3",
        "--moves",
        "a1 b1 b2 a2",
        "--depth",
        "1",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "--moves: move 4 `a2` is illegal: it would form the forbidden glyph \"crosscut\" at a1 b1 a2 b2\n"
    );
}

#[test]
fn a_broken_rule_file_exits_1_with_the_report() {
    let dir = std::env::temp_dir().join(format!("weft-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bad.game");
    std::fs::write(&path, "game \"x\"\nplayers black white\nboard square 0\n").unwrap();
    let o = weft(&["check", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("error: the file has no `turn` statement"),
        "{err}"
    );
    assert!(
        err.contains("error: the file has no `win` statement"),
        "{err}"
    );
    assert!(
        err.ends_with("bad.game: 2 errors in the rule file\n"),
        "{err}"
    );
    assert_eq!(stdout(&o), "");
}

#[test]
fn usage_errors_exit_2_and_missing_files_exit_1() {
    let o = weft(&["perft", "games/crossway.game"]);
    assert_eq!(o.status.code(), Some(2), "--depth is required");
    let o = weft(&["frobnicate"]);
    assert_eq!(o.status.code(), Some(2));
    let o = weft(&["perft", "games/nope.game", "--depth", "1"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).starts_with("cannot read games/nope.game:"),
        "{}",
        stderr(&o)
    );
    let o = weft(&[
        "perft",
        "games/crossway.game",
        "--set",
        "size",
        "--depth",
        "1",
    ]);
    assert_eq!(
        o.status.code(),
        Some(2),
        "a malformed value is a usage error"
    );
    assert_eq!(stderr(&o), "--set takes name=value, got `size`\n");
}

#[test]
fn check_reports_and_is_the_same_for_any_thread_count() {
    let run = |threads: &str| {
        let o = weft(&[
            "check",
            "games/crossway.game",
            "--size",
            "7",
            "--playouts",
            "300",
            "--seed",
            "5",
            "--threads",
            threads,
        ]);
        assert_eq!(o.status.code(), Some(0));
        // Everything but the thread count and the timing line.
        stdout(&o)
            .lines()
            .skip(1)
            .filter(|l| !l.starts_with("time:"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    assert_eq!(one, run("3"));
    for key in [
        "wins by colour: black",
        "wins by seat: first",
        "swap used:",
        "draws:",
        "mean length:",
        "skipped turns:",
        "broken claims:",
    ] {
        assert!(one.contains(key), "{key} in {one}");
    }
}

#[test]
fn check_reports_a_broken_claim_with_a_replayable_move_list() {
    let o = weft(&[
        "check",
        "games/crosswind.game",
        "--playouts",
        "400",
        "--seed",
        "1",
    ]);
    let out = stdout(&o);
    let line = out
        .lines()
        .find(|l| l.trim_start().starts_with("--moves"))
        .expect("seed 1 breaks the claim within 400 games");
    let moves = line.trim().trim_start_matches("--moves ").trim_matches('"');
    // Replaying the reported moves reaches the stuck position: no legal move at depth 1.
    let p = weft(&[
        "perft",
        "games/crosswind.game",
        "--moves",
        moves,
        "--depth",
        "1",
    ]);
    assert_eq!(stdout(&p), "1 0\n");
    let s = weft::engine::state::State::new(rules("crosswind", 9))
        .replay(moves)
        .unwrap();
    assert_eq!(
        s.outcome(),
        Some(weft::engine::state::Outcome::Stopped(
            weft::engine::state::Claim::MoverCanMove
        ))
    );
}

#[test]
fn rules_prints_the_summary_with_glyph_forms() {
    let o = weft(&["rules", "games/crosswind.game", "--size", "5"]);
    let out = stdout(&o);
    assert!(
        out.starts_with("Crosswind by Luis Bolaños Mures (2024)\n"),
        "{out}"
    );
    assert!(out.contains("board: 5x5, 25 points\n"), "{out}");
    assert!(out.contains("forbidden: \"naked diagonal\" (4 distinct forms)\n"));
    assert!(out.contains("forbidden: \"knight bend\" (16 distinct forms)\n"));
    assert!(out.contains("forbidden: \"long switch\" (4 distinct forms)\n"));
    assert!(out.contains("forbidden: \"loose crosscut\" (2 distinct forms)\n"));
    let o = weft(&["rules", "games/crossway.game"]);
    assert!(stdout(&o).contains("forbidden: \"crosscut\" (2 distinct forms)\n"));
}

#[test]
fn bench_prints_playouts_and_moves_per_second() {
    let o = weft(&[
        "bench",
        "games/crossway.game",
        "--size",
        "5",
        "--playouts",
        "20",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    assert!(out.starts_with("Crossway (size=5), 1 thread: "), "{out}");
    assert!(
        out.contains(" playouts/s, ") && out.contains(" moves/s\n"),
        "{out}"
    );
    assert!(out.contains("\n20 playouts, mean length "), "{out}");
    assert!(out.contains("\nbytes per state: "), "{out}");
    let o = weft(&[
        "bench",
        "games/windborne.game",
        "--set",
        "side=3",
        "--seconds",
        "0.1",
        "--threads",
        "2",
    ]);
    assert_eq!(o.status.code(), Some(0));
    assert!(
        stdout(&o).starts_with("Windborne (side=3, pawns=3), 2 threads: "),
        "{}",
        stdout(&o)
    );
    let o = weft(&[
        "bench",
        "games/crossway.game",
        "--playouts",
        "5",
        "--threads",
        "2",
    ]);
    assert_eq!(o.status.code(), Some(2), "a fixed count runs on one thread");
}

#[test]
fn values_out_of_range_are_usage_errors_with_their_range() {
    for (args, range) in [
        (
            &["bench", "games/crossway.game", "--seconds", "inf"][..],
            "from 0.01 to 86400",
        ),
        (
            &["bench", "games/crossway.game", "--seconds", "-5"],
            "from 0.01 to 86400",
        ),
        (
            &["bench", "games/crossway.game", "--seconds", "NaN"],
            "from 0.01 to 86400",
        ),
        (
            &["bench", "games/crossway.game", "--seconds", "1e20"],
            "from 0.01 to 86400",
        ),
        (
            &["bench", "games/crossway.game", "--threads", "40000"],
            "from 1 to 256",
        ),
        (
            &["perft", "games/crossway.game", "--depth", "100000000"],
            "from 1 to 200",
        ),
        (
            &[
                "perft",
                "games/crossway.game",
                "--depth",
                "18446744073709551615",
            ],
            "from 1 to 200",
        ),
        (
            &["check", "games/crossway.game", "--threads", "0"],
            "from 1 to 256",
        ),
        (
            &["check", "games/crossway.game", "--playouts", "0"],
            "from 1 to",
        ),
        (
            &[
                "solve",
                "games/crosswind.game",
                "--memory",
                "18446744073709551615",
            ],
            "from 1 to 1048576",
        ),
    ] {
        let o = weft(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        let first = stderr(&o).lines().next().unwrap_or_default().to_string();
        assert!(
            first.starts_with("error: invalid value") && first.contains(range),
            "{args:?}: the reason and the range on one line: {}",
            stderr(&o)
        );
        assert!(stdout(&o).is_empty(), "{args:?}: nothing ran");
    }
}
