//! `weft match`, `weft swapmap`, slices of a run (`--slice`, `--shard`) and `weft
//! merge`: the same games at any thread count, slices run as separate processes that
//! merge into the very bytes of one run, and parts that do not make one run refused
//! with the reason.

use crate::common::*;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("weft-match-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// Runs `weft` in `dir`.
fn weft_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_weft"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("weft runs")
}

/// Runs `weft` and writes its standard output to `dir/name`, failing on an error.
fn save(dir: &Path, name: &str, args: &[&str]) {
    let o = weft(args);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    std::fs::write(dir.join(name), &o.stdout).unwrap();
}

const MATCH: [&str; 9] = [
    "match",
    "games/crossway.game",
    "--size",
    "5",
    "--players",
    "mcts:60,mcts:15",
    "--games",
    "12",
    "--no-timing",
];

const CHECK: [&str; 7] = [
    "check",
    "games/crosswind.game",
    "--size",
    "6",
    "--playouts",
    "600",
    "--no-timing",
];

/// The test: four slices as separate processes, merged, equal the single run
/// byte for byte, for `check` and for `match` with fixed-playout players.
#[test]
fn four_slices_merge_into_the_bytes_of_one_run() {
    for (name, base) in [("check", &CHECK[..]), ("match", &MATCH[..])] {
        let dir = scratch(&format!("four-{name}"));
        let whole = weft(&[base, &["--json", "--threads", "2"]].concat());
        assert_eq!(whole.status.code(), Some(0), "{}", stderr(&whole));
        let mut parts = Vec::new();
        // Processes at once, as a scheduler would start them.
        let children: Vec<_> = (0..4)
            .map(|i| {
                let shard = format!("{i}/4");
                let args = [base, &["--json", "--threads", "1", "--shard", &shard]].concat();
                Command::new(env!("CARGO_BIN_EXE_weft"))
                    .args(&args)
                    .current_dir(env!("CARGO_MANIFEST_DIR"))
                    .output()
            })
            .collect();
        for (i, c) in children.into_iter().enumerate() {
            let o = c.unwrap();
            assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
            let path = dir.join(format!("part-{i}.json"));
            std::fs::write(&path, &o.stdout).unwrap();
            parts.push(path.to_str().unwrap().to_string());
        }
        // In another order than the games'.
        parts.reverse();
        let mut args = vec!["merge", "--json"];
        args.extend(parts.iter().map(String::as_str));
        let merged = weft(&args);
        assert_eq!(merged.status.code(), Some(0), "{}", stderr(&merged));
        assert!(
            merged.stdout == whole.stdout,
            "{name}: the merge differs from the single run"
        );
        // And the text report too.
        let text = weft(&[base, &["--threads", "1"]].concat());
        let mut args = vec!["merge"];
        args.extend(parts.iter().map(String::as_str));
        assert_eq!(stdout(&weft(&args)), stdout(&text), "{name} as text");
    }
}

/// A match between fixed-playout players is the same at any thread count.
#[test]
fn a_match_is_the_same_at_any_thread_count() {
    let one = weft(&[&MATCH[..], &["--json", "--threads", "1"]].concat());
    let two = weft(&[&MATCH[..], &["--json", "--threads", "2"]].concat());
    assert_eq!(one.status.code(), Some(0), "{}", stderr(&one));
    assert_eq!(stdout(&one), stdout(&two));
    let v: Value = serde_json::from_str(&stdout(&one)).unwrap();
    assert_eq!(v["games"], 12);
    let games = v["game_records"].as_array().unwrap();
    assert_eq!(games.len(), 12);
    // Seats alternate, and every game replays to the outcome it reports.
    for (i, g) in games.iter().enumerate() {
        assert_eq!(g["game"], i as u64);
        assert_eq!(g["first_seat"], (i % 2) as u64);
        let moves = g["moves"].as_str().unwrap();
        let o = weft(&[
            "replay",
            "games/crossway.game",
            "--size",
            "5",
            "--moves",
            moves,
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let outcome = g["outcome"].as_str().unwrap();
        assert!(
            stdout(&o).contains(outcome),
            "game {i}: {outcome} in\n{}",
            stdout(&o)
        );
    }
    let wins: u64 = v["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["wins"]["wins"].as_u64().unwrap())
        .sum();
    let seat_wins: u64 = v["wins_by_seat"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["wins"].as_u64().unwrap())
        .sum();
    assert_eq!(wins + v["draws"]["total"].as_u64().unwrap(), 12);
    assert_eq!(wins, seat_wins);
    assert!(v["strength"]["score"].is_number());
    assert!(v.get("time").is_none(), "--no-timing leaves the time out");
}

/// A strong player beats a random one, with an Elo difference whose interval is above 0.
#[test]
fn a_strength_comparison_gives_wins_and_an_elo_difference() {
    let o = weft(&[
        "match",
        "games/crossway.game",
        "--size",
        "7",
        "--players",
        "mcts:300,random",
        "--games",
        "10",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.contains("mcts:300 (A) won 10 of 10 (100.0%, 95% CI 72.2-100.0)"),
        "{text}"
    );
    assert!(
        text.contains("an Elo difference of +inf (95% CI +166 to +inf)"),
        "{text}"
    );
    assert!(text.contains("time: "), "{text}");
}

/// A player with a time a move plays, says that its games depend on the machine, and
/// its slices merge.
#[test]
fn a_time_limited_player_plays_and_merges() {
    let base = [
        "match",
        "games/crossway.game",
        "--size",
        "5",
        "--players",
        "mcts:10ms,random",
        "--games",
        "4",
        "--threads",
        "1",
    ];
    let o = weft(&base);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.contains("mcts:0.01s against random, 4 games"),
        "{text}"
    );
    assert!(
        text.contains("  (mcts:0.01s thinks for a time a move: the games depend on the machine's speed and load)"),
        "{text}"
    );
    assert!(text.contains("mcts:0.01s (A) won "), "{text}");
    let dir = scratch("timed");
    save(
        &dir,
        "a.json",
        &[&base[..], &["--json", "--shard", "0/2"]].concat(),
    );
    save(
        &dir,
        "b.json",
        &[&base[..], &["--json", "--shard", "1/2"]].concat(),
    );
    let merged = weft_in(&dir, &["merge", "a.json", "b.json"]);
    assert_eq!(merged.status.code(), Some(0), "{}", stderr(&merged));
    assert!(stdout(&merged).contains("4 games"), "{}", stdout(&merged));
    // Fixed-playout players get no such note.
    assert!(!stdout(&weft(&MATCH)).contains("thinks for a time"));
}

#[test]
fn bad_players_and_slices_are_usage_errors() {
    let cases: [(&[&str], &str); 6] = [
        (
            &["--players", "alphazero,random"],
            "error: invalid value 'alphazero,random' for '--players <A,B>': `alphazero` is not a player: write `random`, `mcts:N` (N playouts a move, e.g. `mcts:1000`) or `mcts:TIME` (e.g. `mcts:2s`)",
        ),
        (
            &["--players", "mcts:0,random"],
            "error: invalid value 'mcts:0,random' for '--players <A,B>': `mcts:0`: `0`: the number of playouts goes from 1 to 100000000",
        ),
        (
            &["--players", "random,random,random"],
            "error: invalid value 'random,random,random' for '--players <A,B>': `random,random,random` names 3 players: give 2 separated by commas (e.g. `mcts:1000,mcts:100`), or one for every seat",
        ),
        (
            &["--players", "random,random", "--shard", "0/4"],
            "a slice's result is a part for `weft merge`: add --json",
        ),
        (
            &["--players", "random,random", "--shard", "4/4", "--json"],
            "error: invalid value '4/4' for '--shard <i/n>': `4/4`: shard i of n goes from 0 to n - 1 (e.g. `0/4` to `3/4`)",
        ),
        (
            &["--players", "random,random", "--slice", "5..20", "--json"],
            "the slice 5..20 goes past the run's 10 games (--games 10)",
        ),
    ];
    for (extra, want) in cases {
        let o = weft(
            &[
                &[
                    "match",
                    "games/crossway.game",
                    "--size",
                    "5",
                    "--games",
                    "10",
                ],
                extra,
            ]
            .concat(),
        );
        assert_eq!(o.status.code(), Some(2), "{extra:?}");
        assert_eq!(stderr(&o).lines().next().unwrap_or(""), want, "{extra:?}");
    }
    let o = weft(&[
        "check",
        "games/crossway.game",
        "--playouts",
        "100",
        "--games",
        "0..50",
        "--json",
        "--html",
        "x.html",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "--html needs the whole run: give it to `weft merge` with the parts instead\n"
    );
}

/// Parts of different files, settings or seeds, and slices that overlap or leave games
/// out, are refused with a message that names them.
#[test]
fn merge_refuses_parts_that_are_not_one_run() {
    let dir = scratch("refuse");
    let part = |name: &str, file: &str, extra: &[&str]| {
        let mut a = vec!["check", file, "--size", "5", "--playouts", "100", "--json"];
        a.extend_from_slice(extra);
        save(&dir, name, &a);
    };
    part("a.json", "games/crossway.game", &["--slice", "0..50"]);
    part("b.json", "games/crossway.game", &["--slice", "50..100"]);
    part(
        "other-file.json",
        "games/crosswind.game",
        &["--slice", "50..100"],
    );
    part(
        "other-seed.json",
        "games/crossway.game",
        &["--slice", "50..100", "--seed", "2"],
    );
    part(
        "other-size.json",
        "games/crossway.game",
        &["--slice", "50..100", "--set", "size=6"],
    );
    part(
        "overlap.json",
        "games/crossway.game",
        &["--slice", "40..100"],
    );
    part("short.json", "games/crossway.game", &["--slice", "60..100"]);
    save(
        &dir,
        "more-games.json",
        &[
            "check",
            "games/crossway.game",
            "--size",
            "5",
            "--playouts",
            "200",
            "--json",
            "--slice",
            "50..100",
        ],
    );
    save(
        &dir,
        "untimed.json",
        &[
            "check",
            "games/crossway.game",
            "--size",
            "5",
            "--playouts",
            "100",
            "--json",
            "--slice",
            "50..100",
            "--no-timing",
        ],
    );
    save(
        &dir,
        "match.json",
        &[
            "match",
            "games/crossway.game",
            "--size",
            "5",
            "--players",
            "random",
            "--games",
            "100",
            "--json",
            "--slice",
            "50..100",
        ],
    );
    std::fs::write(
        dir.join("report.json"),
        stdout(&weft(&[
            "check",
            "games/crossway.game",
            "--size",
            "5",
            "--playouts",
            "10",
            "--json",
        ])),
    )
    .unwrap();
    let hash = |f: &str| {
        format!(
            "fnv1a64:{:016x}",
            weft::interface::record::fnv1a64(&std::fs::read(project(f)).unwrap())
        )
    };
    let cases = [
        ("other-file.json", format!("cannot merge other-file.json with a.json: they are of different rule files (games/crosswind.game {} and games/crossway.game {})", hash("games/crosswind.game"), hash("games/crossway.game"))),
        ("other-seed.json", "cannot merge other-seed.json with a.json: they were run with different --seed (2 and 1)".into()),
        ("other-size.json", "cannot merge other-size.json with a.json: they were run with different parameters (size=6 and size=5)".into()),
        ("more-games.json", "cannot merge more-games.json with a.json: they were run with different --playouts (200 and 100)".into()),
        ("untimed.json", "cannot merge untimed.json with a.json: they were run with different --no-timing (true and false)".into()),
        ("match.json", "cannot merge match.json with a.json: match.json is a part of `weft match`, a.json of `weft check`".into()),
        ("overlap.json", "cannot merge a.json with overlap.json: they overlap in games 40..50 (a.json has 0..50, overlap.json has 40..100)".into()),
        ("short.json", "cannot merge: games 50..60 of the run's 100 are in no part".into()),
        ("report.json", "report.json is not a part of a weft run: it has no `format` (a part is what `weft check`, `weft match` or `weft swapmap` print with --json and a slice)".into()),
    ];
    for (second, want) in cases {
        let o = weft_in(&dir, &["merge", "a.json", second]);
        assert_eq!(o.status.code(), Some(1), "{second}: {}", stderr(&o));
        assert_eq!(stderr(&o), format!("{want}\n"), "{second}");
    }
    let o = weft_in(&dir, &["merge", "b.json"]);
    assert_eq!(
        stderr(&o),
        "cannot merge: games 0..50 of the run's 100 are in no part\n"
    );
    let o = weft_in(&dir, &["merge", "b.json", "a.json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

/// The swap map: one row of games per first move up to symmetry, every first move on
/// the map, and its slices merge too.
#[test]
fn a_swap_map_covers_every_first_move_up_to_symmetry() {
    let base = [
        "swapmap",
        "games/crosswind.game",
        "--size",
        "4",
        "--players",
        "mcts:40",
        "--games-per-move",
        "3",
        "--no-timing",
    ];
    let o = weft(&[&base[..], &["--json"]].concat());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    let openings = v["openings"].as_array().unwrap();
    let mut cells: Vec<String> = Vec::new();
    for op in openings {
        assert_eq!(op["games"], 3);
        cells.push(op["move"].as_str().unwrap().to_string());
        for m in op["same"].as_array().unwrap() {
            cells.push(m.as_str().unwrap().to_string());
        }
    }
    cells.sort();
    assert_eq!(cells.len(), 16, "{cells:?}");
    cells.dedup();
    assert_eq!(cells.len(), 16, "every cell once");
    // Crosswind keeps its four symmetries: the 16 first moves make 4 classes... or more
    // when a class is its own image; never fewer than 16 / 4.
    assert!(
        openings.len() >= 4 && openings.len() < 16,
        "{}",
        openings.len()
    );
    assert_eq!(
        v["game_records"].as_array().unwrap().len(),
        3 * openings.len()
    );
    let listed: usize = ["swap", "keep", "unclear"]
        .iter()
        .map(|k| v[k].as_array().unwrap().len())
        .sum();
    assert_eq!(listed, 16);
    // In slices, merged.
    let dir = scratch("swapmap");
    save(
        &dir,
        "p0.json",
        &[&base[..], &["--json", "--shard", "0/2"]].concat(),
    );
    save(
        &dir,
        "p1.json",
        &[&base[..], &["--json", "--shard", "1/2"]].concat(),
    );
    let merged = weft_in(&dir, &["merge", "--json", "p1.json", "p0.json"]);
    assert_eq!(stdout(&merged), stdout(&o), "{}", stderr(&merged));
    // The merged map drawn, as `swapmap --svg` draws it.
    let drawn = weft_in(&dir, &["merge", "p1.json", "p0.json", "--svg", "map.svg"]);
    assert_eq!(drawn.status.code(), Some(0), "{}", stderr(&drawn));
    let svg = std::fs::read_to_string(dir.join("map.svg")).unwrap();
    assert_eq!(svg.matches("class=\"heat-cell\"").count(), 16);
    let refused = weft_in(&dir, &["merge", "p1.json", "p0.json", "--html", "x.html"]);
    assert_eq!(
        stderr(&refused),
        "--html draws a check's report; these are parts of `weft swapmap`\n"
    );
    // The text map, on the board.
    let text = stdout(&weft(&base));
    assert!(text.contains("swap map"), "{text}");
    assert!(
        text.lines().any(|l| l.trim_start().starts_with("4 ")),
        "{text}"
    );
}

/// A part read back gives the same tally (every count, every kept game).
#[test]
fn a_check_tally_survives_its_part_form() {
    use weft::engine::state::State;
    use weft::tools::merge::TallyData;
    use weft::tools::playout::{self, Plan};
    for (game, r) in [
        ("crosswind", rules("crosswind", 6)),
        ("windborne", rules("windborne", 3)),
        ("crossings", load("games/crossings.game", None, &[])),
    ] {
        let start = State::new(r);
        let plan = Plan {
            games: 60,
            seed: 3,
            threads: 2,
            detailed: 20,
            max_plies: 10_000,
        };
        let t = playout::run(&start, &plan, &|_| {}).unwrap();
        let data = TallyData::of(&t, start.rules());
        let json = serde_json::to_string(&data).unwrap();
        let back: TallyData = serde_json::from_str(&json).unwrap();
        assert_eq!(back.tally(start.rules()).unwrap(), t, "{game}");
    }
}

/// `match --html` writes a page with every game and the first moves on the board;
/// `swapmap --svg` draws the map; neither replaces a file without --force.
#[test]
fn a_match_page_and_a_swap_map_picture_are_written() {
    let dir = scratch("pictures");
    let page = dir.join("match.html");
    let page = page.to_str().unwrap();
    let o = weft(&[&MATCH[..], &["--html", page]].concat());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let html = std::fs::read_to_string(page).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.contains("mcts:60 scores"), "the strength comparison");
    assert_eq!(
        html.matches("<code class=\"moves\">").count(),
        12,
        "every game"
    );
    assert!(
        html.matches("<svg").count() >= 2,
        "the first moves on the board"
    );
    let again = weft(&[&MATCH[..], &["--html", page]].concat());
    assert_eq!(again.status.code(), Some(1));
    assert_eq!(
        stderr(&again),
        format!("{page} already exists: add --force to replace it\n")
    );
    let svg = dir.join("map.svg");
    let svg = svg.to_str().unwrap();
    let o = weft(&[
        "swapmap",
        "games/crossway.game",
        "--size",
        "3",
        "--players",
        "mcts:20",
        "--games-per-move",
        "2",
        "--svg",
        svg,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let picture = std::fs::read_to_string(svg).unwrap();
    assert!(picture.starts_with("<svg") || picture.starts_with("<?xml"));
    assert_eq!(
        picture.matches("class=\"heat-cell\"").count(),
        9,
        "every first move"
    );
}
