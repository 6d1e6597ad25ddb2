//! Hand-made positions for the connection family's goals: rings (around an empty
//! cell, an enemy stone, the mover's own stones; a loop around nothing is none; the
//! board's edge closes nothing), forks (a corner is on no side), bridges, Y's
//! connection on the last cell, and which goal an ending names.

use crate::common::*;
use weft::engine::state::{Outcome, State};

/// A position of `game` at `size` from lists of black and white stones, black to move.
fn position(game: &str, size: i64, black: &[&str], white: &[&str]) -> State {
    let rules = load(&format!("games/{game}.game"), Some(size), &[]);
    let mut pieces: Vec<(&str, &str, Option<usize>)> = Vec::new();
    pieces.extend(black.iter().map(|c| (*c, "stone", Some(0))));
    pieces.extend(white.iter().map(|c| (*c, "stone", Some(1))));
    State::from_pieces(rules, &pieces, 0, (black.len() + white.len()) as u32)
        .unwrap_or_else(|e| panic!("{e}"))
}

/// The ending after black plays `last`: the outcome in words with what decided it, or
/// "going on".
fn after(s: &State, last: &str) -> String {
    let next = s.clone().play(mv(s, last)).unwrap_or_else(|e| {
        panic!("{last}: {}", e.reason.describe(s.rules()));
    });
    next.describe_end().unwrap_or_else(|| "going on".into())
}

// The six neighbours of d4 on a hexagon of side 4 (its centre): c4 d5 e4 e3 d3 c5.

#[test]
fn a_ring_around_an_empty_cell_wins() {
    let s = position(
        "havannah",
        4,
        &["c4", "d5", "e4", "e3", "d3"],
        &["a4", "b4", "a5", "b5", "a6"],
    );
    assert_eq!(after(&s, "c5"), "black wins: ring");
}

#[test]
fn a_ring_around_an_enemy_stone_wins() {
    let s = position(
        "havannah",
        4,
        &["c4", "d5", "e4", "e3", "d3"],
        &["d4", "a4", "b4", "a5", "b5"],
    );
    assert_eq!(after(&s, "c5"), "black wins: ring");
}

#[test]
fn a_ring_around_the_mover_s_own_stones_wins() {
    // The filled flower: a ring around its own centre.
    let white = ["d2", "e2", "f2", "f3", "g2", "g3"];
    let s = position("havannah", 4, &["d4", "c4", "d5", "e4", "e3", "d3"], &white);
    assert_eq!(after(&s, "c5"), "black wins: ring");
    // Eight stones around two cells, one of them black, one empty.
    let s = position(
        "havannah",
        4,
        &["d4", "c4", "d5", "e3", "d3", "c5", "f4", "e5"],
        &["d2", "e2", "f2", "g2", "g3", "b5", "b6", "a6"],
    );
    assert_eq!(after(&s, "f3"), "black wins: ring");
}

#[test]
fn a_loop_around_nothing_is_not_a_ring() {
    // Three mutually adjacent stones, then a solid rhombus of four.
    let s = position("havannah", 4, &["d4", "e4"], &["a4", "b4"]);
    assert_eq!(after(&s, "d5"), "going on");
    let s = position("havannah", 4, &["d4", "e4", "d5"], &["a4", "b4", "a5"]);
    assert_eq!(after(&s, "e5"), "going on");
}

#[test]
fn the_board_s_edge_does_not_close_a_ring() {
    // On a hexagon of side 5 the bottom row is e1..i1 (e1 and i1 are corners). A cup of
    // black stones f1 f2 g2 h1 around g1 is closed only by the board's edge.
    let s = position("havannah", 5, &["f1", "f2", "g2"], &["c5", "c6", "d6"]);
    assert_eq!(after(&s, "h1"), "going on");
}

#[test]
fn a_fork_needs_three_sides_and_a_corner_is_on_no_side() {
    // c2..g2 touch the lower-left and lower-right sides; g1 is the bottom-right corner,
    // on two edges but on no side: no fork (and one corner: no bridge).
    let black = ["c2", "d2", "e2", "f2", "g2"];
    let white = ["a4", "b4", "a5", "b5", "a6"];
    let s = position("havannah", 4, &black, &white);
    assert_eq!(after(&s, "g1"), "going on");
    // f1 is on the bottom side: a fork.
    assert_eq!(after(&s, "f1"), "black wins: connect 3 of sides");
}

#[test]
fn a_bridge_joins_two_corners() {
    // a4 and d1 are corners; b3 and c2 lie between them on the lower-left edge.
    let s = position("havannah", 4, &["a4", "b3", "c2"], &["d4", "e4", "f4"]);
    assert_eq!(after(&s, "d1"), "black wins: connect 2 of corners");
}

#[test]
fn y_is_won_on_the_last_cell() {
    // Size 3: a1 b1 c1 / a2 b2 / a3. Black a2 b1, white a1 c1 a3; b2 is the last cell.
    let s = position("y", 3, &["a2", "b1"], &["a1", "c1", "a3"]);
    assert_eq!(s.legal_moves().len(), 1);
    assert_eq!(after(&s, "b2"), "black wins: connect left right bottom");
}

#[test]
fn a_position_that_already_holds_a_goal_is_refused() {
    let rules = load("games/havannah.game", Some(4), &[]);
    let ring = ["c4", "d5", "e4", "e3", "d3", "c5"].map(|c| (c, "stone", Some(0)));
    let e = State::from_pieces(rules, &ring, 1, 6).unwrap_err();
    assert_eq!(
        e,
        "the position already holds a winning shape of black (`ring`)"
    );
}

#[test]
fn omny_is_won_right_after_the_move_by_a_separating_group() {
    // Side 2 (7 cells, half = 3): black b1 b2 b3 is a wall splitting the rest into two
    // regions of two cells. After the move, not a turn later.
    let s = position("omny", 2, &["b1", "b2"], &["c1", "a3"]);
    let end = after(&s, "b3");
    assert!(
        end.starts_with("black wins: after the move, own stone separates region stars"),
        "{end}"
    );
}

#[test]
fn outcomes_of_the_new_goals_are_wins_for_the_mover() {
    let s = position(
        "havannah",
        4,
        &["c4", "d5", "e4", "e3", "d3"],
        &["a4", "b4", "a5", "b5", "a6"],
    );
    let next = s.clone().play(mv(&s, "c5")).unwrap();
    assert_eq!(next.outcome(), Some(Outcome::Win(0)));
    assert!(next.legal_moves().is_empty());
}

#[test]
fn the_winning_cells_are_the_shape_that_won() {
    let names = |s: &State| -> Vec<String> {
        let b = s.rules().board();
        s.winning_cells().iter().map(|&c| b.cell_name(c)).collect()
    };
    let s = position(
        "havannah",
        4,
        &["c4", "d5", "e4", "e3", "d3", "a6"],
        &["a4", "b4", "a5", "b5", "c7", "b7"],
    );
    let won = s.clone().play(mv(&s, "c5")).unwrap();
    assert_eq!(
        names(&won),
        ["d3", "e3", "c4", "e4", "c5", "d5"],
        "the ring, not the stray a6"
    );
    let s = position(
        "havannah",
        4,
        &["c2", "d2", "e2", "f2", "g2"],
        &["a4", "b4", "a5", "b5", "a6"],
    );
    let won = s.clone().play(mv(&s, "f1")).unwrap();
    assert_eq!(names(&won), ["f1", "c2", "d2", "e2", "f2", "g2"]);
    assert!(s.winning_cells().is_empty(), "nobody has won yet");
}
