//! Hand-made positions for the connection family's moves (part 2): Go's capture by
//! surrounding (a large group, a suicide, a ko and a superko repeat), Lines of
//! Action's moves counted by their line (over own pieces, blocked by an enemy,
//! landing on one, both players connected at once), slides of a given length, a
//! capture by landing, optional first steps, and glyphs tested after the whole turn
//! (a Slither move that would leave a naked diagonal behind).

use crate::common::*;
use std::sync::Arc;
use weft::engine::state::{DrawKind, Outcome, State};
use weft::rules::Rules;
use weft::Overrides;

/// Rules from text (variants the shipped games do not have).
fn rules_of(text: &str) -> Arc<Rules> {
    weft::lang::load_str("test.game", text, &Overrides::default())
        .unwrap_or_else(|e| panic!("{e}"))
        .rules
}

/// The problems of a rule file given as text, rendered.
fn problems(text: &str) -> String {
    match weft::lang::load_str("test.game", text, &Overrides::default()) {
        Ok(_) => "no problem".into(),
        Err(e) => e.to_string(),
    }
}

/// A position of `rules` from lists of black and white pieces of the first kind,
/// `to_move` to move.
fn stones(rules: &Arc<Rules>, black: &[&str], white: &[&str], to_move: usize) -> State {
    let kind = rules.pieces()[0].name.clone();
    let mut pieces: Vec<(&str, &str, Option<usize>)> = Vec::new();
    pieces.extend(black.iter().map(|c| (*c, kind.as_str(), Some(0))));
    pieces.extend(white.iter().map(|c| (*c, kind.as_str(), Some(1))));
    State::from_pieces(rules.clone(), &pieces, to_move, 10).unwrap_or_else(|e| panic!("{e}"))
}

/// The cells holding a piece of `colour`, in cell order.
fn of_colour(s: &State, colour: usize) -> Vec<String> {
    let b = s.rules().board();
    b.cells()
        .filter(|&c| s.piece_at(c) == Some(colour))
        .map(|c| b.cell_name(c))
        .collect()
}

/// Plays moves in notation, each through the checked path.
fn play(s: &State, moves: &str) -> State {
    s.clone()
        .replay(moves)
        .unwrap_or_else(|e| panic!("{moves}: {e}"))
}

/// Go on a 9x9 square with the given capture options and ko rule; a goal no test
/// position reaches (it is only there because a game needs one).
fn go(suicide: &str, ko: &str) -> Arc<Rules> {
    rules_of(&format!(
        "game \"go\"\nplayers black white\nboard square 9\npiece stone\n\
         turn: place stone on empty\ncapture: surrounded stone{suicide}\n{ko}\n\
         win: connect 2 of corners\nno move: skip\n"
    ))
}

#[test]
fn a_large_group_without_liberties_is_captured_and_its_cells_are_free_again() {
    let rules = go("", "");
    // White's 3x2 block c3-e4 has ten liberties; black holds nine of them, e5 the last.
    let white = ["c3", "d3", "e3", "c4", "d4", "e4"];
    let black = ["c2", "d2", "e2", "b3", "b4", "f3", "f4", "c5", "d5"];
    let s = stones(&rules, &black, &white, 0);
    let after = play(&s, "e5");
    assert_eq!(
        of_colour(&after, 1),
        Vec::<String>::new(),
        "all six captured"
    );
    assert_eq!(after.count(0, Some(1)), 0);
    assert_eq!(of_colour(&after, 0).len(), 10);
    // The six cells are empty again: white may play there (its stone has liberties),
    // and black may then fill the block back.
    let again = play(&after, "d4 c4 a9 d3");
    assert_eq!(of_colour(&again, 1), ["d4", "a9"]);
    assert!(again.is_legal(mv(&again, "e4")).is_ok());
}

#[test]
fn a_suicide_is_refused_with_its_reason_and_allowed_where_the_file_says() {
    let rules = go("", "");
    // a1 between white's a2 and b1, which keep liberties: no liberty for black there.
    let s = stones(&rules, &["e5"], &["a2", "b1"], 0);
    assert_eq!(
        why(&s, "a1"),
        "a stone on a1 would leave its own group without a liberty, and suicide is not allowed"
    );
    // Taking the last liberty of the enemy groups around is no suicide: with black on
    // a3, b2 and c1, white's a2 and b1 have only a1 left, so a1 captures both.
    let s = stones(&rules, &["a3", "b2", "c1"], &["a2", "b1"], 0);
    let after = play(&s, "a1");
    assert_eq!(of_colour(&after, 1), Vec::<String>::new());
    assert_eq!(of_colour(&after, 0), ["a1", "c1", "b2", "a3"]);
    // With `suicide allowed`, the stone goes down and comes off at once.
    let allowed = go(", suicide allowed", "");
    let s = stones(&allowed, &["e5"], &["a2", "b1"], 0);
    let after = play(&s, "a1");
    assert_eq!(of_colour(&after, 0), ["e5"]);
    assert_eq!(of_colour(&after, 1), ["b1", "a2"]);
    // A suicide of a group: black's a1-a2 with one liberty left, a3; black a3 fills it
    // while white surrounds the rest.
    let s = stones(&allowed, &["a1", "a2"], &["b1", "b2", "b3", "a4"], 0);
    let after = play(&s, "a3");
    assert_eq!(
        of_colour(&after, 0),
        Vec::<String>::new(),
        "three stones gone"
    );
}

/// The smallest ko, at the bottom edge: white's b1 has one liberty, c1; black's c1
/// captures it and then has one liberty, b1, where white would capture it back.
const KO_BLACK: [&str; 2] = ["a1", "b2"];
const KO_WHITE: [&str; 3] = ["b1", "c2", "d1"];

#[test]
fn simple_ko_refuses_the_immediate_retake_and_allows_it_after_an_exchange() {
    let rules = go("", "ko: simple");
    let s = stones(&rules, &KO_BLACK, &KO_WHITE, 0);
    let took = play(&s, "c1");
    assert_eq!(of_colour(&took, 1), ["d1", "c2"], "b1 captured");
    assert_eq!(
        why(&took, "b1"),
        "it would recreate the position before the opponent's last move (ko)"
    );
    let later = play(&took, "i9 i1");
    let retaken = play(&later, "b1");
    assert_eq!(
        of_colour(&retaken, 0),
        ["a1", "i1", "b2"],
        "c1 captured back"
    );
    // Without a ko rule the immediate retake is legal.
    let free = go("", "");
    let took = play(&stones(&free, &KO_BLACK, &KO_WHITE, 0), "c1");
    assert_eq!(why(&took, "b1"), "legal");
}

/// Three kos at once (a "triple ko"): each capture is in another ko than the last, so
/// simple ko allows all six, and the sixth recreates the start, which superko forbids.
/// Ko A (bottom left) and ko C (bottom right) are black's to take first, ko B (top
/// left) white's.
fn triple_ko(rules: &Arc<Rules>) -> State {
    let black = ["a1", "b2", "b9", "c8", "d9", "f1", "g2"];
    let white = ["b1", "c2", "d1", "a9", "b8", "g1", "h2", "i1"];
    stones(rules, &black, &white, 0)
}

#[test]
fn superko_refuses_the_return_to_an_earlier_position_that_simple_ko_allows() {
    let cycle = "c1 c9 h1 b1 b9";
    let simple = go("", "ko: simple");
    let s = triple_ko(&simple);
    let five = play(&s, cycle);
    assert_eq!(why(&five, "g1"), "legal");
    let six = play(&five, "g1");
    assert_eq!(six.cells(), s.cells(), "the board of the start again");
    let superko = go("", "ko: superko");
    let s = triple_ko(&superko);
    let five = play(&s, cycle);
    assert_eq!(
        why(&five, "g1"),
        "it would recreate an earlier position of the game (superko)"
    );
    // The same move is legal where it recreates nothing: before the cycle.
    let one = play(&s, "c1 c9 h1");
    assert_eq!(why(&one, "b1"), "legal");
}

#[test]
fn gonnect_wins_by_either_pair_of_sides_for_either_player() {
    let rules = rules("gonnect", 5);
    // Black's column c joins top and bottom: a win by the second pair for white too.
    let s = stones(&rules, &["c1", "c2", "c3", "c4"], &["a1", "a2"], 0);
    let won = play(&s, "c5");
    assert_eq!(won.outcome(), Some(Outcome::Win(0)));
    let s = stones(&rules, &["c1", "c2"], &["a3", "b3", "c3", "d3"], 1);
    let won = play(&s, "e3");
    assert_eq!(won.outcome(), Some(Outcome::Win(1)));
    assert_eq!(
        won.describe_end().unwrap(),
        "white wins: connect opposite edges orthogonally"
    );
}

fn loa() -> Arc<Rules> {
    load("games/loa.game", None, &[])
}

#[test]
fn a_lines_of_action_move_counts_its_line_passes_own_pieces_and_no_enemy() {
    let rules = loa();
    // Row 1 holds b1 and c1: b1 moves exactly two squares along it, over c1.
    let s = stones(&rules, &["b1", "c1", "h8"], &["a5", "h5"], 0);
    assert_eq!(why(&s, "b1-d1"), "legal");
    assert_eq!(
        why(&s, "b1-c1"),
        "a stone moves exactly as many cells as there are stones on its line (2); b1-c1 is 1 cell"
    );
    // Column b holds only b1: one square up.
    assert_eq!(why(&s, "b1-b2"), "legal");
    // An enemy on the way blocks.
    let s = stones(&rules, &["b1", "h8"], &["c1", "h5"], 0);
    assert_eq!(
        why(&s, "b1-d1"),
        "the stone cannot pass c1: the cells it passes must be empty or own stone"
    );
    // Never onto an own piece: b1 and d1 on row 1, b1 would land on d1.
    let s = stones(&rules, &["b1", "d1", "h8"], &["a5", "h5"], 0);
    assert_eq!(
        why(&s, "b1-d1"),
        "the stone cannot end on d1: it holds your own stone"
    );
}

#[test]
fn a_lines_of_action_move_captures_by_landing() {
    let rules = loa();
    let s = stones(&rules, &["b1", "h8"], &["d1", "h4", "a5"], 0);
    let after = play(&s, "b1-d1");
    assert_eq!(of_colour(&after, 0), ["d1", "h8"]);
    assert_eq!(of_colour(&after, 1), ["h4", "a5"], "d1 captured");
    assert!(after.outcome().is_none());
}

#[test]
fn a_move_that_connects_both_players_draws_or_wins_for_the_mover_as_the_file_says() {
    // Black c1 takes white's straggler e1 (row 1 holds c1 and e1: two squares) and so
    // joins f2; white is left with h8 and h7, one group. Both connected at once.
    let black = ["c1", "f2"];
    let white = ["e1", "h8", "h7"];
    let s = stones(&loa(), &black, &white, 0);
    let after = play(&s, "c1-e1");
    assert_eq!(after.outcome(), Some(Outcome::Draw(DrawKind::BothGoals)));
    assert_eq!(
        after.describe_end().unwrap(),
        "draw: the move made both players' winning shapes: one group in all directions"
    );
    let text = std::fs::read_to_string(project("games/loa.game")).unwrap();
    let mover = rules_of(&text.replace("both win: draw", "both win: mover"));
    let after = play(&stones(&mover, &black, &white, 0), "c1-e1");
    assert_eq!(after.outcome(), Some(Outcome::Win(0)));
    // Connecting only the opponent (its straggler taken, the mover still apart) makes
    // the opponent win.
    let s = stones(&loa(), &["c1", "a5"], &white, 0);
    let after = play(&s, "c1-e1");
    assert_eq!(after.outcome(), Some(Outcome::Win(1)));
    assert_eq!(
        after.describe_end().unwrap(),
        "white wins: one group in all directions"
    );
}

#[test]
fn slides_go_as_far_as_they_are_told_and_take_what_they_land_on() {
    let rules = rules_of(
        "game \"t\"\nplayers black white\nboard square 6\npiece man\n\
         turn: slide man up to 2 through empty or enemy man\n\
         win: connect 2 of corners\nno move: skip\n",
    );
    let s = stones(&rules, &["a1"], &["a3", "f6"], 0);
    assert_eq!(why(&s, "a1-a2"), "legal");
    assert_eq!(
        why(&s, "a1-a4"),
        "a man moves at most 2 cells; a1-a4 is 3 cells"
    );
    // Onto an enemy man: it is captured (the condition allows enemy men).
    let after = play(&s, "a1-a3");
    assert_eq!(of_colour(&after, 1), ["f6"]);
    assert_eq!(of_colour(&after, 0), ["a3"]);
    assert!(rules
        .summary()
        .contains("slide a man one to 2 cells in a straight line, entering only cells that are empty or enemy man (ending on an enemy man captures it)"));
}

#[test]
fn slither_refuses_a_move_that_leaves_a_naked_diagonal_behind() {
    let s = State::new(rules("slither", 5));
    let s = play(&s, "b2 e5 c2 e4");
    // b2 goes up to b3 and black places a5: b3 and c2 are then diagonal with b2 and c3
    // both empty.
    assert_eq!(
        why(&s, "b2-b3,a5"),
        "it would form the forbidden glyph \"naked diagonal\" at b2 c2 b3 c3"
    );
    // Placing on b2 again after the move guards the diagonal.
    assert_eq!(why(&s, "b2-b3,b2"), "legal");
    // A slide of one point only, and the placement alone is a move.
    assert_eq!(
        why(&s, "b2-b4,a5"),
        "a stone moves exactly 1 cell; b2-b4 is 2 cells"
    );
    assert_eq!(why(&s, "a5"), "legal");
    assert!(s
        .rules()
        .summary()
        .contains("turn: optionally slide a stone exactly 1 cell in a straight line"));
}

#[test]
fn an_optional_step_needs_a_step_after_it_and_a_slide_moves_at_least_one_cell() {
    let head = "game \"t\"\nplayers black white\nboard square 6\npiece man\n";
    let tail = "win: connect 2 of corners\n";
    assert_eq!(
        problems(&format!("{head}turn: optionally place man on empty\n{tail}")),
        "error: `optionally` needs a second step\n --> test.game:5:7\n  |\n5 | turn: optionally place man on empty\n  |       ^^^^^^^^^^\n  = hint: a turn's first step may be left out only when another step follows: `turn: optionally slide stone exactly 1, then place stone on empty`\ntest.game: 1 error in the rule file\n"
    );
    assert_eq!(
        problems(&format!("{head}turn: slide man exactly 0\n{tail}")),
        "error: a slide's distance must be at least 1\n --> test.game:5:1\n  |\n5 | turn: slide man exactly 0\n  | ^^^^^^^^^^^^^^^^^^^^^^^^^\n  = hint: a slide moves one cell or more; to let a step be left out, write `optionally` before it\ntest.game: 1 error in the rule file\n"
    );
}

#[test]
fn unlur_s_opening_pass_gives_white_to_the_passer_who_moves_next() {
    let s = State::new(rules("unlur", 3));
    // The opening: black stones inside, whoever moves.
    assert_eq!(
        why(&s, "a5"),
        "a stone goes on a cell that is empty and not in top or bottom or upper-left or lower-left or upper-right or lower-right; a5 is not"
    );
    let s1 = play(&s, "c3");
    assert_eq!(of_colour(&s1, 0), ["c3"]);
    let s2 = play(&s1, "b3");
    assert_eq!(
        of_colour(&s2, 0),
        ["b3", "c3"],
        "the second player places black too"
    );
    // The first player passes: the seats change and white, now the first player's
    // colour, moves next.
    let p = play(&s, "pass");
    assert!(p.swapped());
    assert_eq!(p.to_move(), 1);
    assert_eq!(p.seat_of(1), 0);
    // The second player passes: they keep white and move again.
    let p = play(&s1, "pass");
    assert!(!p.swapped());
    assert_eq!(p.to_move(), 1);
    assert_eq!(p.passes(), 1);
    // After the opening, stones are the mover's own, edges allowed, and no pass.
    let p = play(&p, "a5");
    assert_eq!(of_colour(&p, 1), ["a5"]);
    assert_eq!(
        why(&p, "pass"),
        "passing is not allowed while a legal move exists"
    );
}

#[test]
fn in_unlur_making_only_the_opponent_s_shape_loses() {
    let s = State::new(rules("unlur", 3));
    // Black passes at once and plays white from now on; white joins top (b5),
    // lower-left (b2) and lower-right (e2), no two opposite sides: black's shape.
    let before = play(&s, "pass b5 a5 b4 a4 b3 a3 b2 c1 c3 d1 d3 e1");
    assert!(before.outcome().is_none());
    let after = play(&before, "e2");
    assert_eq!(after.outcome(), Some(Outcome::Win(0)));
    assert_eq!(
        after.describe_end().unwrap(),
        "black wins: white made the losing shape `connect top lower-right lower-left`"
    );
}
