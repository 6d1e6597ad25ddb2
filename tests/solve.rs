//! `weft solve`: exact values of small boards, checked against the designers' claims,
//! against plain minimax over the independent hand-written implementation
//! (`benches/handwritten`, no table, no symmetry), against the solver itself with
//! symmetry off or two threads, and through the binary (text, JSON, budgets, errors).

use crate::common::*;
use crate::handwritten::{self as hw, CrosswayRules, CrosswindRules, Game, Rules as HwRules};
use std::sync::Arc;
use weft::engine::state::State;
use weft::tools::solve::{solve, Method, Options, Solution, Value};

fn options() -> Options {
    Options {
        memory_bytes: 16 << 20,
        ..Options::default()
    }
}

fn start(name: &str, size: i64, swap: bool) -> State {
    let r = rules(name, size);
    let r = if swap { r } else { Arc::new(r.without_swap()) };
    State::new(r)
}

fn solved(name: &str, size: i64, swap: bool, all: bool) -> Solution {
    let o = Options {
        all_first_moves: all,
        ..options()
    };
    solve(&start(name, size, swap), &o, None).unwrap()
}

/// Each first move's value, by move text, every symmetric image listed.
fn first_move_values(s: &Solution, state: &State) -> Vec<(String, Value)> {
    let mut v: Vec<(String, Value)> = s
        .first_moves
        .iter()
        .flat_map(|f| {
            let value = f.value().expect("every first move solved");
            f.images
                .iter()
                .map(move |m| (m.to_text(state.rules()), value))
        })
        .collect();
    v.sort();
    v
}

/// Plain negamax over the hand-written implementation: the value for the seat to move
/// (1 win, 0 no winner, -1 loss). Every move hands the turn to the other seat (the swap
/// too: the colour to move stays, the seat changes).
fn minimax<R: HwRules>(g: &Game<R>) -> i8 {
    let mover = g.to_move();
    let mut best = -1;
    for m in g.legal_moves() {
        let mut child = g.clone();
        assert!(child.play(m));
        let v = match child.outcome() {
            Some(hw::Outcome::Win(c)) => {
                if c == mover {
                    1
                } else {
                    -1
                }
            }
            Some(_) => 0,
            None => -minimax(&child),
        };
        if v == 1 {
            return 1;
        }
        best = best.max(v);
    }
    best
}

fn value_of(v: i8) -> Value {
    match v {
        1 => Value::Win,
        0 => Value::Draw,
        _ => Value::Loss,
    }
}

/// The value for the other player.
fn flip(v: Value) -> Value {
    match v {
        Value::Win => Value::Loss,
        Value::Loss => Value::Win,
        Value::Draw => Value::Draw,
    }
}

/// The hand-written game's value of every first move, by move text.
fn minimax_first_moves<R: HwRules>(n: usize, swap: bool) -> Vec<(String, Value)> {
    let g: Game<R> = Game::new(n, swap);
    let mut v: Vec<(String, Value)> = g
        .legal_moves()
        .into_iter()
        .map(|m| {
            let mut child = g.clone();
            assert!(child.play(m));
            let v = match child.outcome() {
                Some(hw::Outcome::Win(_)) => 1,
                Some(_) => 0,
                None => -minimax(&child),
            };
            (m.to_string(), value_of(v))
        })
        .collect();
    v.sort();
    v
}

#[test]
fn crosswind_2x2_3x3_4x4_are_white_wins_without_swap() {
    // The designer: "White wins on 2x2, 3x3 and 4x4" (no swap).
    for n in 2..=4 {
        let s = solved("crosswind", n, false, true);
        assert_eq!(s.value, Value::Loss, "{n}x{n}: black, to move, loses");
        assert_eq!(s.winner_colour(), Some(1), "{n}x{n}: white wins");
        assert_eq!(s.winner_seat(), Some(1));
        assert!(s.first_moves.iter().all(|f| f.value() == Some(Value::Loss)));
        assert!(s.counts.wins > 0 && s.counts.nodes > 0);
    }
}

#[test]
fn crosswind_3x3_agrees_with_plain_minimax_move_by_move() {
    let s = solved("crosswind", 3, false, true);
    assert_eq!(
        first_move_values(&s, &start("crosswind", 3, false)),
        minimax_first_moves::<CrosswindRules>(3, false)
    );
}

#[test]
fn crossway_3x3_and_4x4_values() {
    // Without the swap, black (first) wins both; with it, every first move is decisive,
    // so the second seat wins by taking over whichever side the first move favours.
    for n in [3, 4] {
        let s = solved("crossway", n, false, false);
        assert_eq!(s.value, Value::Win, "{n}x{n} no swap");
        assert_eq!(s.winner_colour(), Some(0));
        let s = solved("crossway", n, true, false);
        assert_eq!(s.value, Value::Loss, "{n}x{n} swap");
        assert_eq!(s.winner_seat(), Some(1));
        assert_eq!(s.winner_colour(), None, "the swap decides the colour");
    }
    let s = solved("crossway", 4, false, true);
    let wins: Vec<String> = first_move_values(&s, &start("crossway", 4, false))
        .into_iter()
        .filter(|(_, v)| *v == Value::Win)
        .map(|(m, _)| m)
        .collect();
    assert_eq!(
        wins,
        ["b2", "b3", "c2", "c3"],
        "only the centre wins on 4x4"
    );
}

#[test]
fn crossway_3x3_agrees_with_plain_minimax_with_and_without_swap() {
    for swap in [false, true] {
        let s = solved("crossway", 3, swap, true);
        assert_eq!(
            first_move_values(&s, &start("crossway", 3, swap)),
            minimax_first_moves::<CrosswayRules>(3, swap),
            "swap: {swap}"
        );
    }
}

#[test]
fn methods_symmetry_and_threads_agree_on_every_first_move() {
    for (name, swap) in [
        ("crosswind", false),
        ("crossway", true),
        ("crossway", false),
    ] {
        let st = start(name, 4, swap);
        let base = solved(name, 4, swap, true);
        let want = first_move_values(&base, &st);
        let variants = [
            ("alpha-beta", Method::AlphaBeta, true, 1),
            ("no symmetry", Method::Dfpn, false, 1),
            ("two threads", Method::Dfpn, true, 2),
            (
                "alpha-beta, no symmetry, two threads",
                Method::AlphaBeta,
                false,
                2,
            ),
        ];
        for (what, method, symmetry, threads) in variants {
            let o = Options {
                all_first_moves: true,
                method,
                symmetry,
                threads,
                ..options()
            };
            let s = solve(&st, &o, None).unwrap();
            assert_eq!(
                first_move_values(&s, &st),
                want,
                "{name} swap {swap}: {what}"
            );
            assert_eq!(s.value, base.value);
            if !symmetry {
                assert_eq!(s.symmetries_used, 1);
            }
        }
    }
}

#[test]
fn two_threads_sharing_one_search_agree_with_one() {
    // One proof-number search of the start position, its table shared by two threads
    // (not one first move per thread): the same value, and a first move that wins.
    for (name, swap) in [
        ("crosswind", false),
        ("crossway", false),
        ("crossway", true),
        ("crossfield", false),
    ] {
        let st = start(name, 4, swap);
        let one = solved(name, 4, swap, false);
        let o = Options {
            threads: 2,
            ..options()
        };
        let two = solve(&st, &o, None).unwrap();
        assert_eq!(two.value, one.value, "{name} swap {swap}");
        if two.value == Value::Win {
            let best = &two.first_moves[two.best.unwrap()];
            assert_eq!(best.value(), Some(Value::Win), "{name} swap {swap}");
        }
    }
}

#[test]
fn symmetry_saves_work() {
    let st = start("crosswind", 4, false);
    let nodes = |symmetry| {
        let o = Options {
            all_first_moves: true,
            symmetry,
            ..options()
        };
        solve(&st, &o, None).unwrap().counts.nodes
    };
    let (with, without) = (nodes(true), nodes(false));
    assert!(
        with < without,
        "{with} positions with symmetry, {without} without"
    );
}

#[test]
fn the_start_search_names_a_winning_first_move() {
    // Crossway 4x4 without swap: only the four centre points win (see above). One
    // proof-number search of the whole start position must name one of them.
    let s = solved("crossway", 4, false, false);
    let best = &s.first_moves[s.best.unwrap()];
    assert_eq!(best.value(), Some(Value::Win));
    let st = start("crossway", 4, false);
    assert!(
        ["b2", "b3", "c2", "c3"].contains(&best.mv.to_text(st.rules()).as_str()),
        "{best:?}"
    );
}

#[test]
fn symmetries_are_derived_from_edges_and_glyphs() {
    // Crosswind and Crossway: the mirrors and the half turn keep each player's edges;
    // quarter turns and diagonal reflections give black's edges to white.
    let s = solved("crosswind", 3, false, false);
    assert_eq!((s.symmetries_used, s.board_symmetries), (4, 8));
    // A glyph drawn with `symmetry none` keeps the solver to the identity, and says so.
    let lean = lean();
    let s = solve(&lean, &options(), None).unwrap();
    assert_eq!(s.symmetries_used, 1);
    assert!(s.symmetry_notes[0].contains("\"unsupported\""), "{s:?}");
}

fn lean() -> State {
    State::new(load("tests/data/lean.game", None, &[]))
}

#[test]
fn a_hand_made_game_is_a_draw() {
    // tests/data/lean.game works the value out by hand: a draw, both first moves drawing.
    let st = lean();
    let s = solve(
        &st,
        &Options {
            all_first_moves: true,
            ..options()
        },
        None,
    )
    .unwrap();
    assert_eq!(s.value, Value::Draw);
    assert_eq!(s.winner_seat(), None);
    assert_eq!(
        first_move_values(&s, &st),
        [
            ("b1".to_string(), Value::Draw),
            ("b2".to_string(), Value::Draw)
        ]
    );
    assert!(
        s.counts.draws > 0,
        "the draw is a full board nobody can fill"
    );
    // White's replies to b1: a1 and a2 lose, b2 draws (as worked by hand).
    for (reply, value) in [
        ("a1", Value::Loss),
        ("a2", Value::Loss),
        ("b2", Value::Draw),
    ] {
        let after = st.clone().replay(&format!("b1 {reply}")).unwrap();
        let s = solve(&after, &options(), None).unwrap();
        // After the reply black is to move: white's value is the opposite of black's.
        assert_eq!(s.value, flip(value), "b1 {reply}");
    }
}

#[test]
fn a_finished_position_has_its_outcome_as_value() {
    // Black's column b1-b2 has won; white would be to move and has lost.
    let after = lean().replay("b1 a2 b2").unwrap();
    assert!(after.is_over());
    let s = solve(&after, &options(), None).unwrap();
    assert_eq!(s.value, Value::Loss);
    assert_eq!(s.winner_colour(), Some(0));
    assert!(s.first_moves.is_empty());
}

#[test]
fn games_stopped_by_a_broken_claim_count_as_no_winner_and_are_reported() {
    // Three moves before the position pinned in games.rs, where white cannot place.
    let moves = "d3 f2 b4 b5 e5 b9 i4 c3 b3 f4 c7 g7 i8 g2 c6 e2 f9 h5 a8 a9 f1 e8 a3 d8 i5 \
        g8 f3 g9 a2 d9 c9 b7 a4 c2 g6 i9 e1 f8 d7 c1 d1 h4 b2 d2 e9 f5 e3 i1 g5 h9 i6 i7 a5 \
        b8 c8 h7 a6 h6 h8 a1 a7 b6 i3 g4 g3 g1 e4 i2 h1 f7 b1 f6 h3";
    let st = State::new(rules("crosswind", 9)).replay(moves).unwrap();
    let s = solve(
        &st,
        &Options {
            all_first_moves: true,
            ..options()
        },
        None,
    )
    .unwrap();
    assert!(s.counts.stopped > 0, "{:?}", s.counts);
    // Playing on into the stop (h2 d4) must have the value of a game with no winner.
    let stop = st.clone().replay("h2 d4").unwrap();
    assert_eq!(solve(&stop, &options(), None).unwrap().value, Value::Draw);
}

#[test]
fn the_binary_prints_the_value_and_the_winner() {
    let o = weft(&[
        "solve",
        "games/crosswind.game",
        "--size",
        "3",
        "--no-swap",
        "--memory",
        "16",
        "--all-first-moves",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("Crosswind, 3x3, no swap rule\n"), "{out}");
    assert!(
        out.contains("value: loss for the player to move (black, first seat)\n"),
        "{out}"
    );
    assert!(
        out.contains("with best play: white (second seat) wins\n"),
        "{out}"
    );
    assert!(out.contains("first moves: every one loses\n"), "{out}");
    assert!(
        out.contains("every first move, up to symmetry: b2 loss, b1 loss, a2 loss, a1 loss\n"),
        "{out}"
    );
}

#[test]
fn the_binary_prints_json() {
    let o = weft(&[
        "solve",
        "games/crossway.game",
        "--size",
        "3",
        "--no-swap",
        "--memory",
        "16",
        "--all-first-moves",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let j: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(j["value"], "win");
    assert_eq!(j["winner"]["colour"], "black");
    assert_eq!(j["winner"]["seat"], 0);
    let wins: Vec<&str> = j["first_moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["value"] == "win")
        .map(|f| f["move"].as_str().unwrap())
        .collect();
    assert_eq!(wins, ["b2", "b1"]);
    assert!(j["nodes"].as_u64().unwrap() > 0);
}

#[test]
fn budgets_and_bad_options_stop_with_a_message() {
    let base = ["solve", "games/crosswind.game", "--size", "4", "--no-swap"];
    let run = |extra: &[&str]| {
        let mut args = base.to_vec();
        args.extend_from_slice(extra);
        weft(&args)
    };
    let o = run(&["--memory", "16", "--max-nodes", "1000"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).starts_with("stopped: the node budget (--max-nodes 1000) ran out"),
        "{}",
        stderr(&o)
    );
    // More than the machine has: a usage error that says so.
    let o = run(&["--memory", "1000000"]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(
        e.contains("is more than this machine has available") || e.contains("cannot allocate"),
        "{e}"
    );
    for bad in [
        ["--memory", "0"],
        ["--threads", "0"],
        ["--memory", "lots"],
        ["--memory", "100000000"],
        ["--memory", "18446744073709551615"],
    ] {
        let o = run(&bad);
        assert_eq!(o.status.code(), Some(2), "{bad:?}: a usage error");
    }
}

#[test]
fn movement_and_layered_games_are_refused_with_a_reason() {
    for (file, why) in [
        (
            "games/windborne.game",
            "Windborne has 2 piece kinds and turns that move pieces",
        ),
        (
            "games/crossings.game",
            "Crossings has 1 piece kind and turns that move pieces",
        ),
    ] {
        let o = crate::common::weft(&[
            "solve",
            file,
            "--size",
            "4",
            "--threads",
            "1",
            "--memory",
            "16",
        ]);
        assert_eq!(o.status.code(), Some(1), "{file}");
        let err = crate::common::stderr(&o);
        assert!(err.contains(why), "{err}");
    }
}

#[test]
fn a_table_too_small_stops_the_search_instead_of_thrashing() {
    // Crosswind 4x4 needs tens of thousands of entries; 16 entries forget far more work
    // than the search can redo.
    let st = start("crosswind", 4, false);
    let o = Options {
        memory_bytes: 256,
        ..options()
    };
    let e = solve(&st, &o, None).unwrap_err().to_string();
    assert!(
        e.starts_with("stopped: the memory budget is exhausted: the table (0 MiB, 16 entries)"),
        "{e}"
    );
}

#[test]
fn a_start_that_offers_the_swap_lists_it_as_a_first_move() {
    // Crossway 3x3 after black a1: white may swap. The solver's value for white, and
    // each first move's, must match plain minimax on the hand-written game.
    let st = start("crossway", 3, true).replay("a1").unwrap();
    let s = solve(
        &st,
        &Options {
            all_first_moves: true,
            ..options()
        },
        None,
    )
    .unwrap();
    let mut g: Game<CrosswayRules> = Game::new(3, true);
    assert!(g.play(hw::Move::Place { col: 0, row: 0 }));
    assert_eq!(s.value, value_of(minimax(&g)));
    assert_eq!(s.to_move, 1);
    assert!(s.swap_ahead, "the swap is still available");
    assert_eq!(s.winner_colour(), None);
    let texts: Vec<String> = s
        .first_moves
        .iter()
        .map(|f| f.mv.to_text(st.rules()))
        .collect();
    assert!(texts.contains(&"swap".to_string()), "{texts:?}");
    // After the swap the first player, now white, is to move: its value is the
    // opposite of the swapper's.
    let swap = s
        .first_moves
        .iter()
        .find(|f| f.mv.to_text(st.rules()) == "swap")
        .unwrap();
    let after = st.clone().replay("swap").unwrap();
    let mut h = g.clone();
    assert!(h.play(hw::Move::Swap));
    let theirs = solve(&after, &options(), None).unwrap().value;
    assert_eq!(swap.value(), Some(flip(theirs)));
    assert_eq!(swap.value(), Some(value_of(-minimax(&h))));
}

#[test]
fn crossfield_with_its_deadlocks_agrees_between_methods() {
    // Crossfield (crosscut only, skip, deadlock = draw) has games without a winner, so
    // the proof-number search needs its second proposition here.
    let st = start("crossfield", 4, false);
    let pns = solved("crossfield", 4, false, true);
    let ab = solve(
        &st,
        &Options {
            all_first_moves: true,
            method: Method::AlphaBeta,
            ..options()
        },
        None,
    )
    .unwrap();
    // The game tree holds deadlocks (alpha-beta meets them); the proof-number search,
    // steered away from cells where glyphs forbid placing, may prove its values
    // without meeting one.
    assert!(ab.counts.draws > 0, "deadlocks were met");
    assert_eq!(first_move_values(&pns, &st), first_move_values(&ab, &st));
    assert_eq!(pns.value, Value::Win);
}

#[test]
fn progress_lines_read_well() {
    let p = weft::tools::solve::Progress {
        seconds: 12.0,
        nodes: 1_234_567,
        table_used: 500,
        table_entries: 1000,
        lost: 0,
        first_moves_done: 2,
        first_moves: 9,
        root: None,
    };
    assert_eq!(
        weft::tools::solve::report::progress_line(&p),
        "solve: 12 s, 1,234,567 positions (102,880/s), table 50.0% filled, first moves 2/9 done"
    );
    let p = weft::tools::solve::Progress {
        root: Some((12, 3456)),
        lost: 99,
        ..p
    };
    assert_eq!(
        weft::tools::solve::report::progress_line(&p),
        "solve: 12 s, 1,234,567 positions (102,880/s), table 50.0% filled (99 positions' work \
         forgotten), start position: proof number 12, disproof number 3,456"
    );
}

#[test]
fn distances_on_bit_sets_agree_with_the_listed_search() {
    use weft::engine::rng::Rng;
    use weft::tools::solve::distance::Distance;
    // Square, triangle (hex adjacency, holes in the grid) and rhombus boards; a board
    // of 121 cells still fits the bit sets.
    for (name, size) in [("crosswind", 5), ("crossway", 6), ("y", 5), ("hex", 11)] {
        let r = rules(name, size);
        let mut d = Distance::new(&r);
        let empty = State::new(r.clone());
        if name != "y" {
            let side = r.board().height as u32;
            assert_eq!(
                d.both(&empty),
                [side, side],
                "{name}: an empty board takes a full line"
            );
        }
        for g in 0..40 {
            let mut s = State::new(r.clone());
            let mut rng = Rng::for_game(7, g);
            while !s.is_over() {
                assert_eq!(d.both(&s), d.by_lists(&s), "{name}: {s:?}");
                let m = s.random_move(&mut rng).unwrap();
                s.play_unchecked(m);
            }
        }
    }
}

#[test]
fn child_hashes_agree_with_hashes_made_afresh() {
    use weft::engine::rng::Rng;
    use weft::tools::solve::search::Keys;
    // 25 cells (three words of eight and a tail) and 121 cells; two cell maps (the
    // identity and the reversal: any permutations will do for hashing).
    for (name, size) in [("crosswind", 5), ("hex", 11)] {
        let r = rules(name, size);
        let n = r.board().len() as u16;
        let maps: Vec<Vec<u16>> = vec![(0..n).collect(), (0..n).rev().collect()];
        let keys = Keys::new(&r, maps.clone(), maps);
        for g in 0..20 {
            let mut s = State::new(r.clone());
            let mut h = keys.hashes(s.cells());
            let mut rng = Rng::for_game(3, g);
            while !s.is_over() {
                let m = s.random_move(&mut rng).unwrap();
                let mut child = s.clone();
                child.play_unchecked(m);
                h = keys.child_hashes(&h, s.cells(), child.cells());
                assert_eq!(h, keys.hashes(child.cells()), "{name}: {child:?}");
                s = child;
            }
        }
    }
}

#[test]
fn boards_with_holes_in_the_grid_are_solved() {
    // A triangle's cells are not numbered 0..n (Y 4 once overflowed the move codes).
    let s = solved("y", 4, false, false);
    assert_eq!(
        s.value,
        Value::Win,
        "the first player wins Y without the swap"
    );
}
