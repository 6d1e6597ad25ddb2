//! Rule fidelity: hand-made positions proving every glyph, goal, skip and swap rule
//! of the placement games, each legal and illegal, with the reason.

use crate::common::*;
use weft::engine::state::{Claim, DrawKind, Illegal, Move, Outcome, State};

// ---------------------------------------------------------------- Crosswind glyphs

#[test]
fn crosswind_naked_diagonal_is_forbidden_and_a_shared_neighbour_dresses_it() {
    let naked = position(
        "crosswind",
        "
        . . . . .
        . . . . .
        . . X . .
        . . . . .
        . . . . .",
        0,
    );
    assert_eq!(
        why(&naked, "d4"),
        "it would form the forbidden glyph \"naked diagonal\" at c3 d3 c4 d4"
    );
    // An enemy stone beside both is still naked (x means "not X").
    let enemy = position(
        "crosswind",
        "
        . . . . .
        . . . . .
        . . X . .
        . . O . .
        . . . . .",
        0,
    );
    assert_eq!(
        why(&enemy, "d2"),
        "it would form the forbidden glyph \"naked diagonal\" at c2 d2 c3 d3"
    );
    let dressed = position(
        "crosswind",
        "
        . . . . .
        . . X . .
        . . X . .
        . . . . .
        . . . . .",
        0,
    );
    assert_eq!(why(&dressed, "d4"), "legal");
}

#[test]
fn crosswind_knight_bend_is_forbidden_unless_a_point_is_filled() {
    let bend = position(
        "crosswind",
        "
        . . . . .
        . . . . .
        . . . . .
        X . O . .
        . . . . .",
        0,
    );
    assert_eq!(
        why(&bend, "c1"),
        "it would form the forbidden glyph \"knight bend\" at a1 b1 c1 a2 b2 c2"
    );
    // With b2 filled the 2x3 box is no knight bend, and no other glyph forms.
    let filled = position(
        "crosswind",
        "
        . . . . .
        . . . . .
        . . . . .
        X O O . .
        . . . . .",
        0,
    );
    assert_eq!(why(&filled, "c1"), "legal");
}

#[test]
fn crosswind_long_switch_is_forbidden_and_either_colour_completes_it() {
    // Black completes a switch whose other pair is white.
    let switch = position(
        "crosswind",
        "
        . . . . .
        . . . . .
        . . . . .
        O . . . .
        X . . O .",
        0,
    );
    assert_eq!(
        why(&switch, "d2"),
        "it would form the forbidden glyph \"long switch\" at a1 b1 c1 d1 a2 b2 c2 d2"
    );
    // White completes the same shape.
    let white = position(
        "crosswind",
        "
        . . . . .
        . . . . .
        . . . . .
        O . . X .
        X . . . .",
        1,
    );
    assert_eq!(
        why(&white, "d1"),
        "it would form the forbidden glyph \"long switch\" at a1 b1 c1 d1 a2 b2 c2 d2"
    );
    // The same four corners with the pairs side by side are no switch.
    let parallel = position(
        "crosswind",
        "
        . . . . .
        . . . . .
        . . . . .
        O . . . .
        X . . X .",
        1,
    );
    assert_eq!(why(&parallel, "d2"), "legal");
}

#[test]
fn crosswind_loose_crosscut_is_forbidden_but_parallel_pairs_are_not() {
    let cross = position(
        "crosswind",
        "
        X . O
        . . .
        O . .",
        0,
    );
    assert_eq!(
        why(&cross, "c1"),
        "it would form the forbidden glyph \"loose crosscut\" at a1 b1 c1 a2 b2 c2 a3 b3 c3"
    );
    // Pairs side by side instead of crossed: legal.
    let parallel = position(
        "crosswind",
        "
        X . O
        . . .
        X . .",
        1,
    );
    assert_eq!(why(&parallel, "c1"), "legal");
}

#[test]
fn crosswind_wins_by_an_orthogonal_chain_only() {
    let s = position(
        "crosswind",
        "
        . . X . .
        . . X . .
        . O X O .
        . . X . .
        . . . . .",
        0,
    );
    let after = s.play(Move::Place(2)).unwrap(); // c1
    assert_eq!(after.outcome(), Some(Outcome::Win(0)));
    assert!(after.legal_moves().is_empty());
    // White joins left and right.
    let w = position(
        "crosswind",
        "
        . . . . .
        . . X . .
        O O . O O
        . . X . .
        . . . . .",
        1,
    );
    assert_eq!(why(&w, "c3"), "legal");
    let m = mv(&w, "c3");
    let after = w.play(m).unwrap();
    assert_eq!(after.outcome(), Some(Outcome::Win(1)));
}

#[test]
fn crosswind_stuck_player_breaks_the_designers_claim() {
    // Found by `weft check games/crosswind.game --playouts 2000` (seed 1, game 51):
    // White to move, and each of the six empty points forms a glyph.
    let moves = "d3 f2 b4 b5 e5 b9 i4 c3 b3 f4 c7 g7 i8 g2 c6 e2 f9 h5 a8 a9 f1 e8 a3 d8 i5 \
        g8 f3 g9 a2 d9 c9 b7 a4 c2 g6 i9 e1 f8 d7 c1 d1 h4 b2 d2 e9 f5 e3 i1 g5 h9 i6 i7 a5 \
        b8 c8 h7 a6 h6 h8 a1 a7 b6 i3 g4 g3 g1 e4 i2 h1 f7 b1 f6 h3 h2 d4";
    let s = State::new(rules("crosswind", 9)).replay(moves).unwrap();
    assert_eq!(s.outcome(), Some(Outcome::Stopped(Claim::MoverCanMove)));
    assert_eq!(s.to_move(), 1);
    let r = s.rules().clone();
    let reasons: Vec<String> = r
        .board()
        .cells()
        .filter(|&c| s.piece_at(c).is_none())
        .map(|c| {
            let name = r.board().cell_name(c);
            format!(
                "{name}: {}",
                s.placement_problem(c, 1).unwrap().describe(&r)
            )
        })
        .collect();
    assert_eq!(
        reasons,
        [
            "c4: it would form the forbidden glyph \"naked diagonal\" at b4 c4 b5 c5",
            "d4: d4 is not empty",
            "c5: it would form the forbidden glyph \"knight bend\" at c5 d5 e5 c6 d6 e6",
            "d5: it would form the forbidden glyph \"knight bend\" at d5 e5 d6 e6 d7 e7",
            "d6: it would form the forbidden glyph \"knight bend\" at c4 d4 c5 d5 c6 d6",
            "e6: it would form the forbidden glyph \"knight bend\" at c5 d5 e5 c6 d6 e6",
            "e7: it would form the forbidden glyph \"knight bend\" at d5 e5 d6 e6 d7 e7",
        ]
        .into_iter()
        .filter(|l| !l.starts_with("d4"))
        .collect::<Vec<_>>()
    );
}

// ---------------------------------------------------------------- Crossway

#[test]
fn crossway_crosscut_is_forbidden_for_either_colour() {
    let s = position(
        "crossway",
        "
        . . .
        O . .
        X O .",
        0,
    );
    assert_eq!(
        why(&s, "b2"),
        "it would form the forbidden glyph \"crosscut\" at a1 b1 a2 b2"
    );
    let w = position(
        "crossway",
        "
        . . .
        . X .
        X O .",
        1,
    );
    assert_eq!(
        why(&w, "a2"),
        "it would form the forbidden glyph \"crosscut\" at a1 b1 a2 b2"
    );
    // A naked diagonal is fine in Crossway.
    let d = position(
        "crossway",
        "
        . . .
        . . .
        X . .",
        0,
    );
    assert_eq!(why(&d, "b2"), "legal");
}

#[test]
fn crossway_diagonal_chains_win_and_corners_are_on_two_edges() {
    let s = position(
        "crossway",
        "
        X . . . .
        . X . . .
        . O X O .
        . . . X .
        . . . . .",
        0,
    );
    let m = mv(&s, "e1");
    let after = s.play(m).unwrap();
    assert_eq!(after.outcome(), Some(Outcome::Win(0)));
    // On 2x2, a1 is on the bottom and left edges and b2 on the top and right: White's
    // diagonal pair joins left and right.
    let two = position(
        "crossway",
        "
        . .
        O X",
        1,
    );
    let m = mv(&two, "b2");
    let after = two.play(m).unwrap();
    assert_eq!(after.outcome(), Some(Outcome::Win(1)));
}

#[test]
fn crossway_a_player_without_placement_must_pass() {
    // Black to move: b3 and c3 each form a crosscut; White can still place.
    let s = position(
        "crossway",
        "
        X O X X
        O . . O
        X X O X
        O X O O",
        0,
    );
    assert!(s.must_pass());
    assert_eq!(s.legal_moves(), vec![Move::Pass]);
    assert_eq!(
        why(&s, "b3"),
        "it would form the forbidden glyph \"crosscut\" at a3 b3 a4 b4"
    );
    assert_eq!(
        why(&s, "c3"),
        "it would form the forbidden glyph \"crosscut\" at c2 d2 c3 d3"
    );
    let after = s.play(Move::Pass).unwrap();
    assert_eq!(after.to_move(), 1);
    assert!(!after.must_pass());
    // Passing is refused while a placement exists.
    assert_eq!(
        why(&after, "pass"),
        "passing is not allowed while a legal move exists"
    );
}

#[test]
fn crossway_pie_rule_swaps_seats_not_the_board() {
    let s = State::new(rules("crossway", 5));
    assert_eq!(
        why(&s, "swap"),
        "swap is only allowed on the second player's first turn"
    );
    let one = s.play(mv(&State::new(rules("crossway", 5)), "c3")).unwrap();
    assert!(one.legal_moves().contains(&Move::Swap));
    let swapped = one.clone().play(Move::Swap).unwrap();
    assert_eq!(
        swapped.to_move(),
        1,
        "White (now the first seat) moves next"
    );
    assert_eq!(swapped.seat_of(0), 1, "the second seat plays Black");
    assert_eq!(swapped.seat_of(1), 0);
    assert_eq!(swapped.piece_at(12), Some(0), "the board is unchanged");
    let two = swapped.play(Move::Place(0)).unwrap();
    assert_eq!(
        why(&two, "swap"),
        "swap is only allowed on the second player's first turn"
    );
    // Crossfield has no swap rule.
    let f = State::new(rules("crossfield", 5));
    let f1 = f.play(Move::Place(12)).unwrap();
    assert_eq!(why(&f1, "swap"), "this game has no swap rule");
}

// ---------------------------------------------------------------- Crossfield

#[test]
fn crossfield_deadlock_is_a_draw() {
    // Black to move; b2 forms a crosscut for either colour.
    let s = position(
        "crossfield",
        "
        X O X
        O . X
        O X O",
        0,
    );
    assert_eq!(s.outcome(), Some(Outcome::Draw(DrawKind::Deadlock)));
    assert_eq!(
        s.placement_problem(4, 0).unwrap().describe(s.rules()),
        "it would form the forbidden glyph \"crosscut\" at a2 b2 a3 b3"
    );
    assert_eq!(
        s.placement_problem(4, 1).unwrap().describe(s.rules()),
        "it would form the forbidden glyph \"crosscut\" at b1 c1 b2 c2"
    );
}

#[test]
fn crossfield_wins_orthogonally_not_diagonally() {
    let s = position(
        "crossfield",
        "
        . . X
        . X O
        . . .",
        0,
    );
    // a1 would link c3-b2-a1 only diagonally: no win, and the game goes on.
    let after = s.clone().play(mv(&s, "b1")).unwrap();
    assert_eq!(after.outcome(), None);
    let after = after.play(mv(&s, "a3")).unwrap();
    let won = after.play(mv(&s, "b3")).unwrap();
    assert_eq!(won.outcome(), Some(Outcome::Win(0)));
}

// ---------------------------------------------------------------- the checked path

#[test]
fn play_hands_back_the_move_and_the_unchanged_state() {
    let s = position(
        "crossway",
        "
        . . .
        O . .
        X O .",
        0,
    );
    let err = s.clone().play(mv(&s, "b2")).unwrap_err();
    assert_eq!(err.mv, Move::Place(4));
    assert!(matches!(err.reason, Illegal::Glyph { .. }));
    assert_eq!(err.state, s);
    let err = s.clone().play(mv(&s, "a1")).unwrap_err();
    assert_eq!(err.reason.describe(s.rules()), "a1 is not empty");
}

#[test]
fn finished_games_refuse_moves() {
    let s = position(
        "crossway",
        "
        . .
        O X",
        1,
    );
    let won = s.play(Move::Place(3)).unwrap();
    assert_eq!(why(&won, "a2"), "the game is over (white wins)");
}

#[test]
fn replay_names_the_first_bad_move() {
    let s = State::new(rules("crossway", 3));
    assert_eq!(
        s.clone().replay("a1 b1 b2 a2").unwrap_err().to_string(),
        "move 4 `a2` is illegal: it would form the forbidden glyph \"crosscut\" at a1 b1 a2 b2"
    );
    assert_eq!(
        s.clone().replay("a1 z9").unwrap_err().to_string(),
        "move 2 `z9`: `z9` is not a move: write a point from a1 to c3, `swap` or `pass`"
    );
}
