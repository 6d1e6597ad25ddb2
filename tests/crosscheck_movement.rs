//! weft against the hand-written Windborne and Crossings of `benches/handwritten`
//! (which share no code with weft): at every ply of random games driven by weft's
//! `random_move`, the same sorted legal moves (as text) and the same outcome, and a
//! move drawn by the hand-written sampler is one of weft's legal moves; and the same
//! perft counts as weft and as the data files.
//!
//! All of the weft-facing glue of these tests is in this file.

use crate::common::*;
use crate::handwritten::crossings::{self as hc, Crossings};
use crate::handwritten::windborne::{self as hwb, Windborne};
use crate::handwritten::{Colour, Rng as HwRng};
use std::sync::Arc;
use weft::engine::rng::Rng;
use weft::engine::state::{DrawKind, Move, Outcome, State};
use weft::rules::Rules;
use weft::tools::perft::perft;

/// The sorted texts of weft's legal moves.
fn weft_moves(w: &State, rules: &Rules) -> Vec<String> {
    let mut v: Vec<String> = w.legal_moves().iter().map(|m| m.to_text(rules)).collect();
    v.sort();
    v
}

fn sorted<T: ToString>(moves: &[T]) -> Vec<String> {
    let mut v: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

/// Where two sorted move lists differ, for the failure message.
fn diff(w: &[String], h: &[String]) -> String {
    let only_w: Vec<&String> = w.iter().filter(|m| h.binary_search(m).is_err()).collect();
    let only_h: Vec<&String> = h.iter().filter(|m| w.binary_search(m).is_err()).collect();
    format!("only weft {only_w:?}, only hand-written {only_h:?}")
}

fn colour_index(c: Colour) -> usize {
    match c {
        Colour::Black => 0,
        Colour::White => 1,
    }
}

// ---------------------------------------------------------------------------
// Windborne
// ---------------------------------------------------------------------------

fn windborne_rules(side: usize, pawns: usize, swap: bool) -> Arc<Rules> {
    let rules = load(
        "games/windborne.game",
        None,
        &[("side", &side.to_string()), ("pawns", &pawns.to_string())],
    );
    if swap {
        rules
    } else {
        Arc::new(rules.without_swap())
    }
}

fn windborne_same_outcome(w: Option<Outcome>, h: Option<hwb::Outcome>) -> bool {
    match (w, h) {
        (None, None) => true,
        (Some(Outcome::Win(a)), Some(hwb::Outcome::Win(b))) => a == colour_index(b),
        (Some(Outcome::Draw(DrawKind::NoMove)), Some(hwb::Outcome::Draw)) => true,
        _ => false,
    }
}

#[derive(Default, Debug)]
struct WindborneEvents {
    games: usize,
    plies: usize,
    slides: usize,
    swaps: usize,
    /// Wins at the start of the winner's turn, by separation.
    wins: usize,
    /// Wins of a separating player whose opponent cannot move.
    stuck_losses: usize,
    draws: usize,
}

/// `games` random games of weft and the hand-written Windborne in lockstep.
fn windborne_lockstep(side: usize, pawns: usize, games: u64, ev: &mut WindborneEvents) {
    let rules = windborne_rules(side, pawns, true);
    let mut hrng = HwRng::new(side as u64 * 100 + pawns as u64);
    for g in 0..games {
        let mut rng = Rng::for_game(7000 + side as u64 * 100 + pawns as u64, g);
        let mut w = State::new(rules.clone());
        let mut h = Windborne::new(side, pawns, true);
        let mut history = Vec::new();
        loop {
            let ctx = || format!("side {side} pawns {pawns} game {g} moves {history:?}");
            let hm = h.legal_moves();
            let (ws, hs) = (weft_moves(&w, &rules), sorted(&hm));
            assert!(ws == hs, "{}; {}", diff(&ws, &hs), ctx());
            let (wo, ho) = (w.outcome(), h.outcome());
            assert!(
                windborne_same_outcome(wo, ho),
                "weft {wo:?}, hand-written {ho:?}; {}",
                ctx()
            );
            assert_eq!(w.swapped(), h.swapped(), "{}", ctx());
            // The hand-written sampler draws a legal move.
            if let Some(m) = h.random_move(&mut hrng) {
                assert!(ws.binary_search(&m.to_string()).is_ok(), "{m}; {}", ctx());
            }
            let Some(mut m) = w.random_move(&mut rng) else {
                match wo {
                    Some(Outcome::Win(c)) if c == w.to_move() => ev.wins += 1,
                    Some(Outcome::Win(_)) => ev.stuck_losses += 1,
                    _ => ev.draws += 1,
                }
                break;
            };
            // Every other game takes the swap when it is offered, so that both are seen.
            if g % 2 == 1 && w.ply() == 1 {
                m = Move::Swap;
            }
            let text = m.to_text(&rules);
            let hmove = *hm.iter().find(|x| x.to_string() == text).expect("listed");
            match hmove {
                hwb::Move::Play { slide: Some(_), .. } => ev.slides += 1,
                hwb::Move::Swap => ev.swaps += 1,
                _ => {}
            }
            assert!(h.play(hmove));
            w.play_unchecked(m);
            history.push(text);
            ev.plies += 1;
        }
        ev.games += 1;
    }
}

#[test]
fn windborne_agrees_with_the_hand_written_implementation() {
    let mut ev = WindborneEvents::default();
    windborne_lockstep(3, 3, 120, &mut ev);
    windborne_lockstep(4, 3, 50, &mut ev);
    windborne_lockstep(5, 3, 20, &mut ev);
    eprintln!("{ev:?}");
    assert!(ev.plies >= 3000 && ev.slides >= 1000, "{ev:?}");
    assert!(
        ev.wins >= 150 && ev.stuck_losses >= 10 && ev.swaps >= 50,
        "{ev:?}"
    );
}

/// One pawn (half is zero), two, five, seven, and 15 pawns on 19 cells (the empty
/// cells run out before the last pawn is placed: a draw).
#[test]
fn windborne_other_pawn_counts_agree() {
    let mut ev = WindborneEvents::default();
    for (side, pawns) in [(3, 1), (3, 2), (4, 5), (4, 7), (3, 15)] {
        windborne_lockstep(side, pawns, 20, &mut ev);
    }
    eprintln!("{ev:?}");
    assert!(ev.draws >= 10 && ev.wins >= 50, "{ev:?}");
}

/// The counts of a perft data file (`set` lines and `swap no` respected).
fn perft_file(file: &str) -> (Vec<(String, String)>, bool, Vec<u64>) {
    let text = std::fs::read_to_string(project(file)).unwrap();
    let (mut sets, mut swap, mut counts) = (Vec::new(), true, Vec::new());
    for line in text.lines() {
        let line = line.split('#').next().unwrap().trim();
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            [] | ["file", _] => {}
            ["set", kv] => {
                let (k, v) = kv.split_once('=').unwrap();
                sets.push((k.to_string(), v.to_string()));
            }
            ["swap", v] => swap = *v != "no",
            [_, n] => counts.push(n.parse::<u64>().unwrap()),
            other => panic!("{other:?}"),
        }
    }
    (sets, swap, counts)
}

#[test]
fn windborne_perft_agrees() {
    for file in [
        "tests/data/windborne-3.perft",
        "tests/data/windborne-4.perft",
    ] {
        let (sets, swap, counts) = perft_file(file);
        let get = |k: &str| -> usize {
            sets.iter()
                .find(|(n, _)| n == k)
                .map_or(3, |(_, v)| v.parse().unwrap())
        };
        let (side, pawns) = (get("side"), get("pawns"));
        let mut h = Windborne::new(side, pawns, swap);
        assert_eq!(h.perft(counts.len()), counts, "{file}");
    }
    // Depth 3 on side 3, given in the file's comment (25 million sequences; the
    // hand-written perft counts the last level without playing it).
    let mut h = Windborne::new(3, 3, false);
    assert_eq!(h.perft(3)[2], 25_494_390);
    // Against weft itself, with the swap.
    for (side, pawns) in [(3, 3), (3, 1), (4, 5)] {
        let w = perft(&State::new(windborne_rules(side, pawns, true)), 2);
        assert_eq!(
            Windborne::new(side, pawns, true).perft(2),
            w,
            "side {side} pawns {pawns}"
        );
    }
}

// ---------------------------------------------------------------------------
// Crossings
// ---------------------------------------------------------------------------

/// A board of `games/crossings.game` or of the open variant with its holes.
#[derive(Clone, Copy)]
struct Board {
    open: bool,
    width: usize,
    height: usize,
    limit: u32,
}

fn crossings_rules(b: Board) -> Arc<Rules> {
    let file = if b.open {
        "games/crossings-open.game"
    } else {
        "games/crossings.game"
    };
    let (w, h, l) = (
        b.width.to_string(),
        b.height.to_string(),
        b.limit.to_string(),
    );
    let rules = load(file, None, &[("width", &w), ("height", &h), ("limit", &l)]);
    assert_eq!(rules.ply_limit(), Some(b.limit));
    rules
}

fn hand_crossings(b: Board) -> Crossings {
    if b.open {
        // `blocked c4 e4 c6 e6`
        let holes = [(2, 3), (4, 3), (2, 5), (4, 5)];
        Crossings::variant(b.width, b.height, b.limit, true, &holes)
    } else {
        Crossings::new(b.width, b.height, b.limit)
    }
}

fn crossings_same_outcome(w: Option<Outcome>, h: Option<hc::Outcome>) -> bool {
    match (w, h) {
        (None, None) => true,
        (Some(Outcome::Win(a)), Some(hc::Outcome::Win(b))) => a == b,
        (Some(Outcome::Draw(DrawKind::PlyLimit)), Some(hc::Outcome::PlyLimit)) => true,
        (Some(Outcome::Draw(DrawKind::Deadlock)), Some(hc::Outcome::Deadlock)) => true,
        _ => false,
    }
}

#[derive(Default, Debug)]
struct CrossingsEvents {
    games: usize,
    plies: usize,
    captures: usize,
    long_lines: usize,
    crossings: usize,
    passes: usize,
    wins: usize,
    ply_limits: usize,
    deadlocks: usize,
}

/// A move of weft's legal moves that is no crossing unless one is owed (then half the
/// time a crossing), half the time a capture when there is one, drawn with weft's random numbers: games run long, boards thin out,
/// and forced passes and deadlocks come up.
fn cautious_move(w: &State, rules: &Rules, height: usize, rng: &mut Rng) -> Move {
    let far = if w.to_move() == 0 { height } else { 1 };
    let moves = w.legal_moves();
    let crossing = |m: &Move| {
        let text = m.to_text(rules);
        let to = text.rsplit('-').next().unwrap();
        to.len() > 1 && to[1..].parse::<usize>() == Ok(far)
    };
    let (cross, safe): (Vec<Move>, Vec<Move>) = moves.iter().partition(|m| crossing(m));
    let men = |w: &State| w.count(0, Some(0)) + w.count(0, Some(1));
    let takes: Vec<Move> = safe
        .iter()
        .copied()
        .filter(|&m| {
            let mut after = w.clone();
            after.play_unchecked(m);
            men(&after) < men(w)
        })
        .collect();
    let pick = |v: &[Move], rng: &mut Rng| v[rng.below(v.len() as u32) as usize];
    if !cross.is_empty() && w.owes_crossing() == Some(w.to_move()) && rng.below(2) == 0 {
        pick(&cross, rng)
    } else if !takes.is_empty() && rng.below(2) == 0 {
        pick(&takes, rng)
    } else if !safe.is_empty() {
        pick(&safe, rng)
    } else {
        pick(&moves, rng)
    }
}

/// `games` random games of weft and the hand-written Crossings in lockstep, every
/// third one played cautiously (see `cautious_move`), the others uniformly.
fn crossings_lockstep(b: Board, games: u64, ev: &mut CrossingsEvents) {
    let rules = crossings_rules(b);
    let seed = 9000 + (b.width * 100 + b.height) as u64 + u64::from(b.open);
    let mut hrng = HwRng::new(seed);
    for g in 0..games {
        let mut rng = Rng::for_game(seed, g);
        let mut w = State::new(rules.clone());
        let mut h = hand_crossings(b);
        let mut history = Vec::new();
        let cautious = g % 3 == 2;
        loop {
            let ctx = || {
                format!(
                    "{}x{} open {} game {g} moves {}",
                    b.width,
                    b.height,
                    b.open,
                    history.join(" ")
                )
            };
            let hm = h.legal_moves();
            let (ws, hs) = (weft_moves(&w, &rules), sorted(&hm));
            assert!(ws == hs, "{}; {}\n{h}", diff(&ws, &hs), ctx());
            let (wo, ho) = (w.outcome(), h.outcome());
            assert!(
                crossings_same_outcome(wo, ho),
                "weft {wo:?}, hand-written {ho:?}; {}",
                ctx()
            );
            if ho.is_none() {
                assert_eq!(w.owes_crossing(), h.owes(), "{}", ctx());
            }
            if let Some(m) = h.random_move(&mut hrng) {
                assert!(ws.binary_search(&m.to_string()).is_ok(), "{m}; {}", ctx());
            }
            let drawn = if cautious && !w.is_over() {
                Some(cautious_move(&w, &rules, b.height, &mut rng))
            } else {
                w.random_move(&mut rng)
            };
            let Some(m) = drawn else {
                match ho {
                    Some(hc::Outcome::Win(_)) => ev.wins += 1,
                    Some(hc::Outcome::PlyLimit) => ev.ply_limits += 1,
                    _ => ev.deadlocks += 1,
                }
                break;
            };
            let text = m.to_text(&rules);
            let hmove = *hm.iter().find(|x| x.to_string() == text).expect("listed");
            let men = |w: &State| w.count(0, Some(0)) + w.count(0, Some(1));
            let (before, mover) = (men(&w), w.to_move());
            match hmove {
                hc::Move::Pass => ev.passes += 1,
                hc::Move::Line { rear, front, .. } if rear != front => ev.long_lines += 1,
                _ => {}
            }
            assert!(h.play(hmove));
            w.play_unchecked(m);
            ev.captures += before - men(&w);
            if w.owes_crossing() == Some(1 - mover) {
                ev.crossings += 1;
            }
            history.push(text);
            ev.plies += 1;
        }
        ev.games += 1;
    }
}

#[test]
fn crossings_agrees_with_the_hand_written_implementation() {
    let mut ev = CrossingsEvents::default();
    let board = |width, height, limit| Board {
        open: false,
        width,
        height,
        limit,
    };
    crossings_lockstep(board(8, 8, 400), 60, &mut ev);
    crossings_lockstep(board(8, 8, 50), 20, &mut ev);
    crossings_lockstep(board(6, 6, 400), 40, &mut ev);
    eprintln!("{ev:?}");
    assert!(
        ev.plies >= 10000 && ev.captures >= 300 && ev.long_lines >= 1000,
        "{ev:?}"
    );
    assert!(
        ev.wins >= 50 && ev.ply_limits >= 10 && ev.crossings >= 50,
        "{ev:?}"
    );
    assert!(ev.passes >= 10, "{ev:?}");
}

/// Other boards: narrow, tall, full (a deadlock from the start), and the open variant
/// ("up to its length", blocked squares) on its 7 x 9 board and on 7 x 8.
#[test]
fn crossings_other_boards_agree() {
    let mut ev = CrossingsEvents::default();
    for (open, width, height, limit, games) in [
        (false, 3, 6, 400, 20),
        (false, 5, 9, 400, 20),
        (false, 7, 5, 400, 20),
        (false, 4, 16, 400, 10),
        (false, 3, 4, 400, 1),
        (true, 7, 9, 300, 30),
        (true, 7, 8, 100, 10),
    ] {
        let b = Board {
            open,
            width,
            height,
            limit,
        };
        crossings_lockstep(b, games, &mut ev);
    }
    eprintln!("{ev:?}");
    assert!(
        ev.passes >= 20 && ev.deadlocks >= 1 && ev.wins >= 50,
        "{ev:?}"
    );
}

#[test]
fn crossings_perft_agrees() {
    let (_, _, counts) = perft_file("tests/data/crossings-8.perft");
    let mut h = Crossings::new(8, 8, 400);
    assert_eq!(h.perft(counts.len()), counts);
    // Depth 4, given in the file's comment.
    assert_eq!(h.perft(4)[3], 3_347_684);
    // Against weft itself on other boards.
    for (open, width, height, depth) in [(false, 6, 6, 3), (false, 5, 9, 3), (true, 7, 9, 3)] {
        let b = Board {
            open,
            width,
            height,
            limit: 400,
        };
        let w = perft(&State::new(crossings_rules(b)), depth);
        assert_eq!(
            hand_crossings(b).perft(depth),
            w,
            "{width}x{height} open {open}"
        );
    }
}

// ---------------------------------------------------------------------------
// Whole playouts: the same distribution of games
// ---------------------------------------------------------------------------

/// Mean and variance of a sample.
fn mean_var(v: &[f64]) -> (f64, f64) {
    let n = v.len() as f64;
    let m = v.iter().sum::<f64>() / n;
    (
        m,
        v.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (n - 1.0),
    )
}

/// The difference of two sample means in standard errors.
fn z(a: &[f64], b: &[f64]) -> f64 {
    let ((ma, va), (mb, vb)) = (mean_var(a), mean_var(b));
    (ma - mb)
        / (va / a.len() as f64 + vb / b.len() as f64)
            .sqrt()
            .max(1e-12)
}

/// weft's random playouts from `rules`: (length, 1 if colour 0 won) per game.
fn weft_playouts(rules: &Arc<Rules>, games: u64) -> (Vec<f64>, Vec<f64>) {
    let (mut len, mut first) = (Vec::new(), Vec::new());
    for g in 0..games {
        let mut rng = Rng::for_game(31, g);
        let mut w = State::new(rules.clone());
        let mut n = 0;
        while let Some(m) = w.random_move(&mut rng) {
            w.play_unchecked(m);
            n += 1;
        }
        len.push(f64::from(n));
        first.push(f64::from(u8::from(w.outcome() == Some(Outcome::Win(0)))));
    }
    (len, first)
}

/// The hand-written playout loops (which draw their moves without listing them) play
/// the games weft plays: the mean length and the share of games won by the first
/// colour agree within 4 standard errors (fixed seeds: the test is deterministic).
#[test]
fn hand_written_playouts_play_weft_s_distribution() {
    let check = |name: &str, w: (Vec<f64>, Vec<f64>), h: (Vec<f64>, Vec<f64>)| {
        let (zl, zw) = (z(&w.0, &h.0), z(&w.1, &h.1));
        eprintln!(
            "{name}: mean length weft {:.2} hand {:.2} (z {zl:.2}); first colour wins weft {:.3} hand {:.3} (z {zw:.2})",
            mean_var(&w.0).0,
            mean_var(&h.0).0,
            mean_var(&w.1).0,
            mean_var(&h.1).0
        );
        assert!(zl.abs() < 4.0 && zw.abs() < 4.0, "{name}");
    };
    for side in [4, 5] {
        let w = weft_playouts(&windborne_rules(side, 3, true), 1500);
        let mut g = Windborne::new(side, 3, true);
        let mut rng = HwRng::new(side as u64);
        let (mut len, mut first) = (Vec::new(), Vec::new());
        for _ in 0..20_000 {
            let r = g.playout(&mut rng);
            len.push(f64::from(r.plies));
            first.push(f64::from(u8::from(
                r.outcome == hwb::Outcome::Win(Colour::Black),
            )));
        }
        check(&format!("windborne side {side}"), w, (len, first));
    }
    let b = Board {
        open: false,
        width: 8,
        height: 8,
        limit: 400,
    };
    let w = weft_playouts(&crossings_rules(b), 800);
    let mut g = hand_crossings(b);
    let mut rng = HwRng::new(8);
    let (mut len, mut first) = (Vec::new(), Vec::new());
    for _ in 0..10_000 {
        let r = g.playout(&mut rng);
        len.push(f64::from(r.plies));
        first.push(f64::from(u8::from(r.outcome == hc::Outcome::Win(0))));
    }
    check("crossings 8x8", w, (len, first));
}
