//! weft playing the connection family's rule files in lockstep with the independent,
//! naive references of `tests/family/` (which share no code with weft): at every ply of
//! thousands of random games, the same legal moves, the same position, the same
//! colour to move (and the same seats, where the reference keeps them: Unlur), the same
//! ending — and, where a game has several goals, the same goal deciding it; and their
//! perft counts, from the start and (Unlur) from near the end of random games.

use crate::common::*;
use crate::family::{self, RefOutcome, Reference};
use std::collections::BTreeMap;
use weft::engine::rng::Rng;
use weft::engine::state::{Decider, DrawKind, Outcome, Slot, State};

/// What a run saw: endings by the goal that decided them, draws, plies.
#[derive(Debug, Default)]
struct Seen {
    endings: BTreeMap<String, u64>,
    draws: u64,
    plies: u64,
    games: u64,
    /// Wins of the player who did not make the last move (a losing shape, no move).
    wins_after_the_losers_move: u64,
    /// Games that ended with the players in changed seats (references that track it).
    seats_changed: u64,
}

/// The goal that decided a weft game, in the reference's words (`translate` maps the
/// rule file's goal text, e.g. `connect 2 of corners`, to them, e.g. `bridge`).
fn weft_how(s: &State, translate: &dyn Fn(&str) -> String) -> String {
    match s.decided_by() {
        Some(Decider::Goal(i)) => translate(&s.rules().goals()[i as usize].text),
        Some(Decider::AfterMove(_)) => translate("after move"),
        Some(Decider::Race) => translate("race"),
        None => translate("none"),
    }
}

/// Plays `games` random games of `file` (with `size`) and of the reference built by
/// `make`, side by side, and checks that they agree at every ply.
fn lockstep<R: Reference>(
    file: &str,
    size: i64,
    games: u64,
    make: &dyn Fn() -> R,
    translate: &dyn Fn(&str) -> String,
) -> Seen {
    lockstep_at(file, Some(size), games, make, translate)
}

/// `lockstep` for any parameters: `size` is `None` for a game with no size parameter.
fn lockstep_at<R: Reference>(
    file: &str,
    size: Option<i64>,
    games: u64,
    make: &dyn Fn() -> R,
    translate: &dyn Fn(&str) -> String,
) -> Seen {
    let rules = load(&format!("games/{file}.game"), size, &[]);
    let size = size.unwrap_or(0);
    let mut seen = Seen::default();
    for g in 0..games {
        let mut rng = Rng::for_game(size as u64 * 7919 + 17, g);
        let mut w = State::new(rules.clone());
        let mut r = make();
        let mut history = Vec::new();
        let mut last_mover = None;
        loop {
            let at = || format!("{file} size {size} game {g} after {history:?}");
            let mut wm: Vec<String> = w.legal_moves().iter().map(|m| m.to_text(&rules)).collect();
            let mut rm = r.legal_moves();
            wm.sort();
            rm.sort();
            assert_eq!(wm, rm, "legal moves differ: {}", at());
            let board = rules.board();
            for (name, content) in r.board() {
                let cell = board.parse_cell(&name).unwrap_or_else(|| panic!("{name}"));
                let here = match w.slot(0, cell) {
                    Slot::Player(p) => Some(p),
                    _ => None,
                };
                assert_eq!(here, content, "{name} differs: {}", at());
            }
            if let Some(changed) = r.changed_seats() {
                assert_eq!(w.swapped(), changed, "seats differ: {}", at());
            }
            match (w.outcome(), r.outcome()) {
                (None, None) => {
                    assert_eq!(w.to_move(), r.to_move(), "the mover differs: {}", at());
                }
                (Some(Outcome::Win(c)), Some(RefOutcome::Win { colour, how })) => {
                    assert_eq!(c, colour, "winners differ: {}", at());
                    if Some(c) != last_mover {
                        seen.wins_after_the_losers_move += 1;
                    }
                    let mine = weft_how(&w, translate);
                    assert_eq!(
                        mine,
                        how[0],
                        "the deciding goal differs ({how:?}): {}",
                        at()
                    );
                    *seen.endings.entry(mine).or_default() += 1;
                    break;
                }
                (
                    Some(Outcome::Draw(
                        DrawKind::NoMove | DrawKind::Deadlock | DrawKind::BothGoals,
                    )),
                    Some(RefOutcome::Draw),
                ) => {
                    seen.draws += 1;
                    break;
                }
                (wo, ro) => panic!("endings differ: weft {wo:?}, reference {ro:?}: {}", at()),
            }
            last_mover = Some(w.to_move());
            let m = w.random_move(&mut rng).expect("the game goes on");
            let text = m.to_text(&rules);
            w.play_unchecked(m);
            r.play(&text);
            history.push(text);
            seen.plies += 1;
        }
        seen.games += 1;
        seen.seats_changed += u64::from(r.changed_seats() == Some(true));
    }
    seen
}

/// Havannah's goals as the reference names them.
fn havannah_goal(text: &str) -> String {
    match text {
        "ring" => "ring",
        "connect 2 of corners" => "bridge",
        "connect 3 of sides" => "fork",
        other => other,
    }
    .to_string()
}

#[test]
fn havannah_agrees_with_the_reference_and_every_goal_decides_some_games() {
    let mut total: BTreeMap<String, u64> = BTreeMap::new();
    for (side, games) in [(3, 1200), (4, 900), (5, 500)] {
        let seen = lockstep(
            "havannah",
            side,
            games,
            &|| family::havannah::Havannah::new(side as i32, true),
            &havannah_goal,
        );
        for (k, v) in seen.endings {
            *total.entry(k).or_default() += v;
        }
    }
    for goal in ["ring", "bridge", "fork"] {
        assert!(
            total.get(goal).copied().unwrap_or(0) >= 20,
            "games ended by a {goal}: {total:?}"
        );
    }
}

#[test]
fn y_agrees_with_the_reference() {
    for (size, games) in [(2, 200), (3, 600), (4, 600), (5, 500), (7, 300)] {
        let seen = lockstep(
            "y",
            size,
            games,
            &|| family::y::Y::new(size as i32, true),
            &|t| {
                if t == "connect left right bottom" {
                    "connection".into()
                } else {
                    t.into()
                }
            },
        );
        assert_eq!(seen.draws, 0, "Y has no draws");
    }
}

#[test]
fn omny_agrees_with_the_reference() {
    for (size, games) in [(2, 300), (3, 600), (4, 500), (5, 300)] {
        let seen = lockstep(
            "omny",
            size,
            games,
            &|| family::omny::Omny::new(size as i32, true),
            &|t| {
                if t == "after move" {
                    "separation".into()
                } else {
                    t.into()
                }
            },
        );
        assert!(
            seen.endings.get("separation").copied().unwrap_or(0) + seen.draws == seen.games,
            "{seen:?}"
        );
    }
}

#[test]
fn gale_agrees_with_the_reference() {
    for (size, games) in [(3, 300), (5, 600), (7, 500), (9, 300)] {
        let seen = lockstep(
            "gale",
            size,
            games,
            &|| family::gale::Gale::new(size as i32),
            &|t| {
                if t == "connect own edges orthogonally" {
                    "connection".into()
                } else {
                    t.into()
                }
            },
        );
        assert_eq!(seen.draws, 0, "Gale has no draws");
    }
}

/// The goal that ends a connection game, in the references' words: any connection
/// goal is a "connection"; a game that ends because the player to move cannot move
/// (weft records no deciding goal then) is "no-move".
fn connection_goal(text: &str) -> String {
    if text.starts_with("connect") || text.starts_with("one group") {
        "connection".into()
    } else if text == "none" {
        "no-move".into()
    } else {
        text.into()
    }
}

#[test]
fn slither_agrees_with_the_reference_glyphs_after_moves_included() {
    let mut plies = 0;
    for (size, games) in [(3, 400), (4, 700), (5, 500), (7, 250)] {
        let seen = lockstep(
            "slither",
            size,
            games,
            &|| family::slither::Slither::new(size as i32, true),
            &connection_goal,
        );
        plies += seen.plies;
    }
    assert!(plies > 10_000, "{plies} plies");
}

#[test]
fn lines_of_action_agrees_with_the_reference() {
    let seen = lockstep_at(
        "loa",
        None,
        1000,
        &|| family::loa::Loa::new(false),
        &connection_goal,
    );
    assert!(
        seen.endings.get("connection").copied().unwrap_or(0) > 750,
        "{seen:?}"
    );
}

#[test]
fn gonnect_agrees_with_the_reference_captures_and_superko_included() {
    for (size, games) in [(5, 800), (7, 500), (9, 200)] {
        let seen = lockstep(
            "gonnect",
            size,
            games,
            &|| family::gonnect::Gonnect::new(size as i32, true),
            &connection_goal,
        );
        assert_eq!(seen.draws, 0, "Gonnect has no draws: {seen:?}");
    }
}

/// weft's perft and the reference's, counted independently, from the start.
fn same_perft<R: Reference>(file: &str, size: i64, no_swap: bool, depth: usize, reference: R) {
    let mut rules = load(&format!("games/{file}.game"), Some(size), &[]);
    if no_swap {
        rules = std::sync::Arc::new(rules.without_swap());
    }
    let w = weft::tools::perft::perft(&State::new(rules), depth);
    let r = family::perft(&reference, depth);
    assert_eq!(w, r, "{file} size {size}, swap {}", !no_swap);
}

#[test]
fn perft_agrees_with_the_references() {
    same_perft(
        "havannah",
        3,
        false,
        4,
        family::havannah::Havannah::new(3, true),
    );
    same_perft(
        "havannah",
        3,
        true,
        4,
        family::havannah::Havannah::new(3, false),
    );
    same_perft("y", 4, false, 4, family::y::Y::new(4, true));
    same_perft("y", 5, true, 3, family::y::Y::new(5, false));
    same_perft("omny", 3, false, 4, family::omny::Omny::new(3, true));
    same_perft("gale", 5, true, 5, family::gale::Gale::new(5));
    same_perft("unlur", 3, false, 5, family::unlur::Unlur::new(3));
    same_perft("unlur", 4, false, 4, family::unlur::Unlur::new(4));
}

/// Unlur's goals as the reference names them: the shape each describes (a win goal
/// when the mover made its own shape, a lose goal when it made only the opponent's).
fn unlur_shape(text: &str) -> String {
    match text {
        "connect opposite edges" => "white-shape",
        "connect top lower-right lower-left" | "connect upper-right bottom upper-left" => {
            "black-shape"
        }
        other => other,
    }
    .to_string()
}

#[test]
fn unlur_agrees_with_the_reference_opening_pass_seats_and_losing_shapes_included() {
    let (mut endings, mut games, mut by_loser, mut seats) = (BTreeMap::new(), 0, 0, 0);
    for (size, n) in [(3, 600), (4, 500), (5, 400)] {
        let seen = lockstep(
            "unlur",
            size,
            n,
            &|| family::unlur::Unlur::new(size as i32),
            &unlur_shape,
        );
        // Every full board of sides 2 and 3 holds a shape (checked in the reference);
        // random games on larger ones have not filled one without a shape either.
        assert_eq!(seen.draws, 0, "size {size}: {seen:?}");
        for (k, v) in seen.endings {
            *endings.entry(k).or_insert(0) += v;
        }
        games += seen.games;
        by_loser += seen.wins_after_the_losers_move;
        seats += seen.seats_changed;
    }
    eprintln!("unlur lockstep: {games} games, {endings:?}, {by_loser} lost by a losing shape, seats changed in {seats}");
    // Both shapes decide games, some of them made by the player who then loses, and
    // the opening ends with either player's pass.
    for shape in ["white-shape", "black-shape"] {
        assert!(
            endings.get(shape).copied().unwrap_or(0) >= 100,
            "{endings:?}"
        );
    }
    assert!(by_loser >= 20, "{by_loser} games lost by a losing shape");
    assert!(seats >= 100 && games - seats >= 100, "{seats} of {games}");
}

/// Unlur: weft's perft and the reference's from positions a few plies before the end
/// of random games, where shapes, losing shapes and the end of the game are counted
/// (the perft from the start reaches none of them at the depths checked).
#[test]
fn unlur_perft_near_the_end_agrees_with_the_reference() {
    for (size, games, back) in [(3, 40, 4), (4, 30, 3), (5, 20, 2)] {
        let rules = load("games/unlur.game", Some(size), &[]);
        for g in 0..games {
            let mut rng = Rng::for_game(size as u64 * 31 + 5, g);
            let mut w = State::new(rules.clone());
            let mut moves = Vec::new();
            while w.outcome().is_none() {
                let m = w.random_move(&mut rng).expect("the game goes on");
                w.play_unchecked(m);
                moves.push(m);
            }
            // Back `back` plies from the end, then one ply deeper than the game went:
            // the random game's last moves are a line of the tree, which ends in it.
            let mut w = State::new(rules.clone());
            let mut r = family::unlur::Unlur::new(size as i32);
            let start = moves.len().saturating_sub(back);
            for &m in &moves[..start] {
                r.play(&m.to_text(&rules));
                w.play_unchecked(m);
            }
            let depth = moves.len() - start + 1;
            let mine = weft::tools::perft::perft(&w, depth);
            let reference = family::perft(&r, depth);
            assert_eq!(
                mine,
                reference,
                "unlur size {size} game {g} after {:?}",
                moves[..start]
                    .iter()
                    .map(|m| m.to_text(&rules))
                    .collect::<Vec<_>>()
            );
        }
    }
}
