//! `weft check` and `weft replay`: the random-play report is the same for any
//! thread count, its figures agree with games replayed one by one, broken claims
//! come with move lists that replay to the broken state, and the JSON has its keys.

use crate::common::*;
use std::sync::Arc;
use weft::engine::state::{Move, Outcome, State};
use weft::rules::Rules;
use weft::tools::playout::{self, Plan, PlayoutTally};
use weft::tools::report::CheckReport;

fn claims_rules(size: i64) -> Arc<Rules> {
    load("tests/data/claims.game", Some(size), &[])
}

fn plan(games: u64, threads: usize, detailed: u64) -> Plan {
    Plan {
        games,
        seed: 11,
        threads,
        detailed,
        max_plies: 10_000,
    }
}

fn run(start: &State, plan: &Plan) -> PlayoutTally {
    playout::run(start, plan, &|_| {}).unwrap()
}

#[test]
fn a_tally_is_the_same_for_any_thread_count() {
    for start in [
        State::new(rules("crossway", 7)),
        State::new(rules("crosswind", 5)),
        State::new(claims_rules(4)),
    ] {
        let one = run(&start, &plan(700, 1, 100));
        for threads in [2, 3, 8] {
            assert_eq!(
                one,
                run(&start, &plan(700, threads, 100)),
                "{} with {threads} threads",
                start.rules().name()
            );
        }
        assert_eq!(one.games, 700);
        assert_eq!(one.detail.games, 100);
    }
}

#[test]
fn the_json_report_differs_only_in_threads_and_time() {
    let json = |threads: &str| {
        let o = weft(&[
            "check",
            "tests/data/claims.game",
            "--playouts",
            "500",
            "--threads",
            threads,
            "--json",
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let mut v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        let m = v.as_object_mut().unwrap();
        for key in ["threads", "seconds", "playouts_per_second"] {
            assert!(m.remove(key).is_some(), "{key}");
        }
        v
    };
    assert_eq!(json("1"), json("2"));
}

#[test]
fn wins_are_counted_by_the_goal_that_decided_them() {
    let o = weft(&[
        "check",
        "games/havannah.game",
        "--size",
        "4",
        "--playouts",
        "400",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let endings = v["wins_by_ending"].as_array().unwrap();
    let names: Vec<&str> = endings
        .iter()
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(
        sorted,
        [
            "win: connect 2 of corners",
            "win: connect 3 of sides",
            "win: ring"
        ],
        "each of Havannah's goals decides some games"
    );
    let by_ending: u64 = endings.iter().map(|e| e["wins"].as_u64().unwrap()).sum();
    let by_colour: u64 = v["wins_by_colour"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["wins"].as_u64().unwrap())
        .sum();
    assert_eq!(by_ending, by_colour, "every win has one ending");
    // Most frequent first, as the text report lists them.
    let counts: Vec<u64> = endings
        .iter()
        .map(|e| e["wins"].as_u64().unwrap())
        .collect();
    assert!(counts.windows(2).all(|w| w[0] >= w[1]), "{counts:?}");
    let o = weft(&[
        "check",
        "games/havannah.game",
        "--size",
        "4",
        "--playouts",
        "400",
    ]);
    let text = stdout(&o);
    let line = text
        .lines()
        .find(|l| l.starts_with("  wins by ending: "))
        .expect("a line of endings");
    assert!(
        line.contains(&format!("`{}` {} (", names[0], counts[0])),
        "{line}"
    );
}

/// Recomputes, game by game through the public state API, what a run tallies.
#[test]
fn a_tally_agrees_with_the_games_replayed_one_by_one() {
    let start = State::new(claims_rules(4));
    let p = plan(200, 2, 200);
    let t = run(&start, &p);
    let (mut wins, mut lengths, mut passes, mut legal, mut turns) = ([0u64; 2], 0u64, 0, 0, 0);
    let mut draws = 0;
    let mut moves = Vec::new();
    for i in 0..p.games {
        let mut rng = weft::engine::rng::Rng::for_game(p.seed, i);
        let end = playout::random_game(&start, &mut rng, &mut moves, p.max_plies);
        match end.outcome() {
            Some(Outcome::Win(c)) => wins[c] += 1,
            Some(Outcome::Draw(_)) => draws += 1,
            o => panic!("{o:?}"),
        }
        lengths += u64::from(end.ply());
        passes += moves.iter().filter(|m| **m == Move::Pass).count() as u64;
        let mut s = start.clone();
        for &m in &moves {
            legal += s.legal_moves().len() as u64;
            turns += 1;
            s = s.play(m).unwrap();
        }
        assert_eq!(s, end);
    }
    assert_eq!(t.wins_by_colour, wins);
    assert_eq!(t.draws.values().sum::<u64>(), draws);
    let tallied: u64 = t
        .lengths
        .iter()
        .enumerate()
        .map(|(n, k)| n as u64 * k)
        .sum();
    assert_eq!(tallied, lengths);
    assert_eq!(t.passes, passes);
    assert_eq!(t.forced_passes, passes, "every pass here is forced");
    assert_eq!((t.detail.turns, t.detail.legal_moves), (turns, legal));
    assert!(draws > 0 && passes > 0, "the sample shows both");
}

#[test]
fn rejections_count_every_empty_point_once() {
    // Crosswind at 5x5, every game detailed: at each turn, every empty point is a
    // legal placement or rejected by exactly one reason.
    let start = State::new(rules("crosswind", 5));
    let p = plan(300, 2, 300);
    let t = run(&start, &p);
    let d = &t.detail;
    let rejected: u64 = d.rejected_by_glyph.iter().sum::<u64>() + d.rejected_other;
    // Legal moves are the legal placements plus the swap on each game's second turn.
    assert_eq!(d.candidates, rejected + d.legal_moves - t.games);
    assert!(d.rejected_by_glyph.iter().all(|&k| k > 0), "{d:?}");
    assert_eq!(d.rejected_other, 0);
    // Coverage: a placement game never empties a point, so the points covered are
    // the stones at the end, which the game's length gives (no passes here).
    let stones: u64 = t
        .lengths
        .iter()
        .enumerate()
        .map(|(n, k)| n as u64 * k)
        .sum::<u64>()
        - t.swapped_games;
    assert_eq!(d.covered, stones);
}

#[test]
fn every_broken_claim_replays_to_the_broken_state() {
    let o = weft(&[
        "check",
        "tests/data/claims.game",
        "--playouts",
        "400",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let claims = v["claims"].as_array().unwrap();
    let names: Vec<&str> = claims
        .iter()
        .map(|c| c["claim"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["no draws", "no passes", "length at most 12"]);
    let start = State::new(claims_rules(4));
    for c in claims {
        assert!(c["broken"].as_u64().unwrap() > 0, "{c}");
        let examples = c["examples"].as_array().unwrap();
        assert!(!examples.is_empty());
        for e in examples {
            let moves = e["moves"].as_str().unwrap();
            let words: Vec<&str> = moves.split_whitespace().collect();
            assert_eq!(words.len() as u64, e["length"].as_u64().unwrap());
            let at = e["broken_at"].as_u64().unwrap() as usize;
            let end = start.clone().replay(moves).unwrap();
            let before = start.clone().replay(&words[..at - 1].join(" ")).unwrap();
            match c["claim"].as_str().unwrap() {
                "no draws" => assert!(matches!(end.outcome(), Some(Outcome::Draw(_)))),
                "no passes" => {
                    assert!(before.must_pass(), "{moves}");
                    assert_eq!(words[at - 1], "pass");
                }
                "length at most 12" => {
                    assert_eq!(at, 13);
                    assert!(!before.is_over() && end.ply() > 12);
                }
                other => panic!("{other}"),
            }
        }
    }
    // The shortest examples come first.
    let lengths: Vec<u64> = claims[0]["examples"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["length"].as_u64().unwrap())
        .collect();
    assert!(lengths.windows(2).all(|w| w[0] <= w[1]), "{lengths:?}");
}

#[test]
fn the_json_report_has_its_keys_and_adds_up() {
    let o = weft(&[
        "check",
        "games/crosswind.game",
        "--size",
        "6",
        "--playouts",
        "300",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    for key in [
        "games",
        "wins_by_colour",
        "wins_by_seat",
        "draws",
        "length",
        "claims",
        "playouts_per_second",
        "swap",
        "balance",
        "completion",
        "turns",
        "branching",
        "rejections",
        "coverage",
        "first_moves",
        "shortest",
    ] {
        assert!(v.get(key).is_some(), "{key} in {v}");
    }
    let n = |v: &serde_json::Value| v.as_u64().unwrap();
    assert_eq!(n(&v["games"]), 300);
    let wins: u64 = v["wins_by_seat"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| n(&s["wins"]))
        .sum();
    let colour_wins: u64 = v["wins_by_colour"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| n(&s["wins"]))
        .sum();
    let stopped: u64 = v["stopped"].as_object().unwrap().values().map(n).sum();
    assert_eq!(wins, colour_wins);
    assert_eq!(wins + n(&v["draws"]["total"]) + stopped + n(&v["cut"]), 300);
    let bins: u64 = v["length"]["histogram"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| n(&b["games"]))
        .sum();
    assert_eq!(bins, 300);
    let first: u64 = v["first_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| n(&f["games"]))
        .sum();
    assert_eq!(first, 300);
    assert!(v["playouts_per_second"].as_f64().unwrap() > 0.0);
    let [lo, hi] = [0, 1].map(|i| v["wins_by_seat"][0]["ci95"][i].as_f64().unwrap());
    let rate = v["wins_by_seat"][0]["rate"].as_f64().unwrap();
    assert!(lo < rate && rate < hi, "{lo} {rate} {hi}");
}

#[test]
fn the_text_report_names_each_section_and_prints_nothing_on_stderr() {
    let o = weft(&[
        "check",
        "tests/data/claims.game",
        "--playouts",
        "200",
        "--seed",
        "3",
    ]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        stderr(&o),
        "",
        "no progress bar when stderr is not a terminal"
    );
    let out = stdout(&o);
    for key in [
        "  draws: ",
        ": deadlock ",
        "  completion: ",
        "  mean length: ",
        "  skipped turns: ",
        "  no legal move for the player to move: ",
        "  branching factor: ",
        "  \"crosscut\": ",
        "  coverage: ",
        "  first moves: ",
        "broken claims: ",
        "  \"no draws\": BROKEN in ",
        "shortest game: ",
        "time: ",
    ] {
        assert!(out.contains(key), "{key:?} in\n{out}");
    }
}

#[test]
fn a_report_is_built_from_the_tally_alone() {
    let start = State::new(rules("crossway", 5));
    let p = plan(400, 2, 50);
    let t = run(&start, &p);
    let meta = weft::tools::report::Meta {
        file: "x".into(),
        start_moves: String::new(),
        seconds: Some(1.0),
    };
    let r = CheckReport::build(&start, &p, &t, &meta);
    assert_eq!(r, CheckReport::build(&start, &p, &run(&start, &p), &meta));
    let seat_wins: u64 = r.wins_by_seat.iter().map(|s| s.wins).sum();
    assert_eq!(seat_wins, r.balance.decisive);
    let swap = r.swap.as_ref().expect("crossway has the swap");
    assert_eq!(swap.used, t.swapped_games);
    assert!(swap.used > 0, "random play swaps now and then");
    let with: u64 = swap.with_swap.iter().map(|s| s.wins).sum();
    let without: u64 = swap.without_swap.iter().map(|s| s.wins).sum();
    assert_eq!(with + without, seat_wins);
    assert_eq!(
        r.length.min as usize,
        t.lengths.iter().position(|&k| k > 0).unwrap()
    );
    assert!(r.length.min <= r.length.median && r.length.median <= r.length.max);
    assert_eq!(r.shortest.as_ref().unwrap().length, r.length.min);
}

#[test]
fn check_starts_after_moves_and_lists_them_in_counterexamples() {
    let o = weft(&[
        "check",
        "tests/data/claims.game",
        "--moves",
        "a1 b2",
        "--playouts",
        "300",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["start_moves"], "a1 b2");
    let e = &v["claims"][0]["examples"][0];
    assert!(e["moves"].as_str().unwrap().starts_with("a1 b2 "), "{e}");
    // The first random move is never a1 or b2.
    for f in v["first_moves"].as_array().unwrap() {
        assert!(f["move"] != "a1" && f["move"] != "b2");
    }
}

#[test]
fn compare_prints_two_variants_side_by_side() {
    let o = weft(&[
        "check",
        "games/crossway.game",
        "--size",
        "5",
        "--playouts",
        "100",
        "--compare",
        "games/crosswind.game",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let line = |k: &str| {
        out.lines()
            .find(|l| l.starts_with(k))
            .unwrap_or_else(|| panic!("{k} in {out}"))
            .to_string()
    };
    assert!(line("game ").contains("Crossway") && line("game ").contains("Crosswind"));
    assert!(line("board ").matches("5x5").count() == 2);
    for k in ["first seat wins", "draws", "mean length", "claims broken"] {
        line(k);
    }
    let o = weft(&[
        "check",
        "games/crossway.game",
        "--size",
        "5",
        "--playouts",
        "100",
        "--json",
        "--compare",
        "games/crosswind.game",
    ]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let games: Vec<&str> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["game"].as_str().unwrap())
        .collect();
    assert_eq!(games, ["Crossway", "Crosswind"]);
}

#[test]
fn a_game_that_never_ends_is_cut() {
    let o = weft(&[
        "check",
        "tests/data/claims.game",
        "--playouts",
        "50",
        "--max-plies",
        "5",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["cut"], 50, "no game on 4x4 ends within 5 moves");
    assert_eq!(v["completion"], 0.0);
    assert_eq!(v["length"]["max"], 5);
}

#[test]
fn replay_prints_every_position_and_the_outcome() {
    let moves = "d2 a4 d1 a3 d3 b1 d4";
    let o = weft(&["replay", "tests/data/claims.game", "--moves", moves]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("Claims breaker, 4x4, 7 moves\n\nstart, black to move\n"));
    assert!(out.contains("\n1. black d2\n"), "{out}");
    assert!(out.contains("\n7. black d4\n"), "{out}");
    assert!(out.ends_with("\nblack wins\n"), "{out}");
    // Each position is the state's own rendering after that move.
    let end = State::new(claims_rules(4)).replay(moves).unwrap();
    assert!(out.contains(&format!(
        "\n7. black d4\n{}",
        weft::interface::render::plain(&end)
    )));
}

#[test]
fn replay_stops_at_an_illegal_move_with_the_reason() {
    let o = weft(&[
        "replay",
        "games/crossway.game",
        "--size",
        "3",
        "--moves",
        "a1 b1 b2 a2",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("\n3. black b2\n"));
    assert!(!stdout(&o).contains("\n4. "));
    assert_eq!(
        stderr(&o),
        "move 4 `a2` is illegal: it would form the forbidden glyph \"crosscut\" at a1 b1 a2 b2\n"
    );
}

#[test]
fn replay_reads_a_record_and_refuses_a_bad_one_with_a_reason() {
    // `weft replay --record` reads records with the REPL's reader: a record saved by
    // `play` replays with its own parameters; anything else is refused with a reason.
    let dir = std::env::temp_dir().join(format!("weft-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = |moves: &[&str], size: i64| {
        serde_json::json!({
            "format": "weft record 1",
            "game": "Crossway",
            "rule_file": "games/crossway.game",
            "rule_hash": "fnv1a64:0000000000000000",
            "params": {"size": size},
            "moves": moves,
        })
        .to_string()
    };
    let run = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let p = path.to_str().unwrap().to_string();
        (weft(&["replay", "games/crossway.game", "--record", &p]), p)
    };
    let (o, _) = run("ok.json", &record(&["b2", "swap", "a1"], 3));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.starts_with("Crossway, 3x3, 3 moves\n"),
        "the record's size: {out}"
    );
    assert!(
        out.contains("\n2. white swap (the seats exchange colours)\n"),
        "{out}"
    );
    assert!(out.contains("\n3. white a1\n"), "{out}");
    assert!(
        stderr(&o).contains("has changed since"),
        "the hash differs: {}",
        stderr(&o)
    );
    for (name, text, reason) in [
        (
            "list.json",
            r#"["b2"]"#.to_string(),
            "not a weft record: a record is a JSON object",
        ),
        (
            "lax.json",
            r#"{"moves": ["b2"]}"#.to_string(),
            "not a weft record: missing field `format`",
        ),
        (
            "format.json",
            record(&["b2"], 3).replace("weft record 1", "weft record 2"),
            "format is \"weft record 2\"",
        ),
        (
            "twice.json",
            record(&["b2"], 3).replace("\"moves\"", "\"moves\":[\"a1\"],\"moves\""),
            "duplicate field `moves`",
        ),
        (
            "illegal.json",
            record(&["b2", "b2"], 3),
            "move 2 `b2` is illegal: b2 is not empty",
        ),
        (
            "size.json",
            record(&["b2"], 99),
            "its parameters do not fit games/crossway.game: 99 is out of the range of `size` \
             (`size` goes from 2 to 26)",
        ),
    ] {
        let (o, path) = run(name, &text);
        assert_eq!(o.status.code(), Some(1), "{name}: {}", stderr(&o));
        assert!(stderr(&o).contains(&path), "{name}: {}", stderr(&o));
        assert!(stderr(&o).contains(reason), "{name}: {}", stderr(&o));
    }
    let o = weft(&["replay", "games/crossway.game", "--record", "nope.json"]);
    assert!(stderr(&o).starts_with("cannot read nope.json:"));
    let o = weft(&["replay", "games/crossway.game"]);
    assert_eq!(o.status.code(), Some(2), "--moves or --record is required");
    let o = weft(&[
        "replay",
        "games/crossway.game",
        "--moves",
        "a1",
        "--record",
        "x",
    ]);
    assert_eq!(o.status.code(), Some(2), "not both");
    let o = weft(&[
        "replay",
        "games/crossway.game",
        "--size",
        "5",
        "--record",
        "x",
    ]);
    assert_eq!(
        o.status.code(),
        Some(2),
        "the record's parameters, not --size"
    );
}

/// Coverage counts the board's cells, not its grid: on a hexagon (six grid positions off
/// the board) with a blocked centre, where every game fills every cell, it is 100% of 18
/// cells and no cell is "never used" (and each turn's look at the empty cells reads
/// them by id); on Crossings' open variant the blocked squares are
/// never named, and every named cell is a cell of the board.
#[test]
fn coverage_counts_cells_not_grid_positions() {
    let o = weft(&[
        "check",
        "tests/data/fill.game",
        "--playouts",
        "40",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["board"]["cells"], 18);
    assert_eq!(v["coverage"]["cells"], 18);
    assert_eq!(v["coverage"]["mean"], 1.0);
    assert_eq!(v["coverage"]["never_used"], serde_json::json!([]));
    // The detailed look at each turn reads the cells by id too: every game examines
    // 18 + 17 + ... + 1 empty cells, and every one is a legal placement.
    assert_eq!(v["rejections"]["candidates"], 40 * (18 * 19 / 2));
    assert_eq!(v["rejections"]["other"], 0);
    let text = stdout(&weft(&[
        "check",
        "tests/data/fill.game",
        "--playouts",
        "40",
    ]));
    assert!(
        text.contains("  coverage: 100.0% of the 18 points occupied at some time in a game (mean of 40 detailed games)\n  every point was used in some detailed game\n"),
        "{text}"
    );

    let r = load("games/crossings-open.game", None, &[]);
    let b = r.board();
    let start = State::new(r.clone());
    let t = run(&start, &plan(30, 1, 30));
    let report = CheckReport::build(
        &start,
        &plan(30, 1, 30),
        &t,
        &weft::tools::report::Meta {
            file: "games/crossings-open.game".into(),
            start_moves: String::new(),
            seconds: Some(1.0),
        },
    );
    assert_eq!(report.coverage.cells, 59);
    for name in &report.coverage.never_used {
        assert!(b.parse_cell(name).is_some(), "{name} is not a cell");
    }
    // Occupied cells over 30 games: the mean is their share of the 59 cells.
    let used: u64 = b
        .cells()
        .map(|c| t.detail.covered_by_cell[c as usize])
        .sum();
    assert_eq!(used, t.detail.covered);
    assert!((report.coverage.mean - used as f64 / (30.0 * 59.0)).abs() < 1e-12);
}

/// The two cases issue 15 names: a side-3 hexagon that every game fills completely
/// used to report "76.0% of the 25 points ... never used: c1 d1 d2" (the bounding box,
/// and grid indexes read as cell indexes); Crossings' open variant used to say "of the
/// 63 points" and name real cells as never used in place of its blocked squares. Both
/// count their real cells now, in the text, the JSON and the page's coverage map.
#[test]
fn coverage_of_a_filled_hexagon_and_of_a_board_with_blocked_squares() {
    let o = weft(&["check", "tests/data/fill-hexagon.game", "--playouts", "40"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.contains("  coverage: 100.0% of the 19 points occupied at some time in a game (mean of 40 detailed games)\n  every point was used in some detailed game\n"),
        "{text}"
    );
    let dir = std::env::temp_dir().join(format!("weft-coverage-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let page = dir.join("fill.html");
    let o = weft(&[
        "check",
        "tests/data/fill-hexagon.game",
        "--playouts",
        "40",
        "--html",
        page.to_str().unwrap(),
        "--force",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let html = std::fs::read_to_string(&page).unwrap();
    let map = crate::pictures::inline_svgs(&html)
        .into_iter()
        .find(|s| s.contains("<title>Coverage"))
        .expect("a coverage map");
    let doc = roxmltree::Document::parse(&map).unwrap();
    let cells: Vec<_> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("heat-cell"))
        .collect();
    assert_eq!(cells.len(), 19);
    for c in &cells {
        let title = c.children().find(|t| t.has_tag_name("title")).unwrap();
        assert!(
            title.text().unwrap().ends_with(": 100"),
            "{:?}",
            title.text()
        );
    }

    // Crossings' open variant: 59 cells, its four blocked squares never named, and a
    // cell listed as never used exactly when its share on the page's map is 0.
    let page = dir.join("open.html");
    std::fs::create_dir_all(&dir).unwrap();
    let o = weft(&[
        "check",
        "games/crossings-open.game",
        "--playouts",
        "60",
        "--detailed",
        "60",
        "--html",
        page.to_str().unwrap(),
        "--force",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["coverage"]["cells"], 59);
    let never: Vec<&str> = v["coverage"]["never_used"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    let html = std::fs::read_to_string(&page).unwrap();
    let map = crate::pictures::inline_svgs(&html)
        .into_iter()
        .find(|s| s.contains("<title>Coverage"))
        .expect("a coverage map");
    let doc = roxmltree::Document::parse(&map).unwrap();
    let shares: Vec<(String, String)> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("heat-cell"))
        .map(|n| {
            let title = n.children().find(|t| t.has_tag_name("title")).unwrap();
            let (name, share) = title.text().unwrap().split_once(": ").unwrap();
            (name.to_string(), share.to_string())
        })
        .collect();
    assert_eq!(shares.len(), 59);
    let mut blocked: Vec<&str> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("blocked"))
        .filter_map(|n| n.attribute("data-cell"))
        .collect();
    blocked.sort();
    assert_eq!(blocked, ["c4", "c6", "e4", "e6"]);
    for (name, share) in &shares {
        assert!(!blocked.contains(&name.as_str()), "{name} is blocked");
        // Each game that used a cell adds 1/60 (at least 2%): 0 means no game.
        assert_eq!(
            never.contains(&name.as_str()),
            share == "0",
            "{name}: {share}"
        );
    }
    let text = stdout(&weft(&[
        "check",
        "games/crossings-open.game",
        "--playouts",
        "60",
        "--detailed",
        "60",
    ]));
    assert!(text.contains("% of the 59 points occupied"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}
