//! Rule fidelity for the movement games: hand-made positions proving each rule of
//! Windborne (layers, neutral pawns, compound turns, slides, separation, turn-start
//! checks, swap) and of Crossings (line moves, blocking, capture by comparison,
//! frozen pieces, the crossing race, no-move cases, the ply limit), legal and illegal
//! with the reason.

use crate::common::*;
use std::sync::Arc;
use weft::engine::state::{DrawKind, Move, Outcome, Slot, State};
use weft::rules::Rules;
use weft::Overrides;

fn game(name: &str, sets: &[(&str, &str)]) -> Arc<Rules> {
    load(&format!("games/{name}.game"), None, sets)
}

/// `why`, for any game: the reason a move in notation is illegal, or "legal".
fn why_text(s: &State, text: &str) -> String {
    match Move::parse(text, s.rules()) {
        Ok(m) => match s.is_legal(m) {
            Ok(()) => "legal".into(),
            Err(e) => e.describe(s.rules()),
        },
        Err(e) => e.to_string(),
    }
}

fn play(s: &State, text: &str) -> State {
    let m = Move::parse(text, s.rules()).unwrap();
    s.clone()
        .play(m)
        .unwrap_or_else(|e| panic!("{text}: {}", e.reason.describe(s.rules())))
}

// ---------------------------------------------------------------- Windborne

/// Windborne on a hexagon of side 3 (19 cells):
/// ```text
///  5     . . .          rows a..e run up and to the right:
///  4    . . . .         row 1: c1 d1 e1, row 2: b2..e2, row 3: a3..e3,
///  3   . . . . .        row 4: a4..d4, row 5: a5..c5
///  2    . . . .
///  1     . . .
/// ```
fn wind() -> Arc<Rules> {
    game("windborne", &[("side", "3")])
}

#[test]
fn windborne_setup_places_a_disk_then_a_pawn_even_on_the_fresh_disk() {
    let s = State::new(wind());
    assert_eq!(
        why_text(&s, "c3,c3"),
        "legal",
        "the disk just placed counts"
    );
    assert_eq!(why_text(&s, "c3,d3"), "legal");
    assert_eq!(
        why_text(&s, "c3"),
        "this turn has two steps: write them joined by a comma, e.g. `c4,d5`"
    );
    let s1 = play(&s, "c3,c3");
    assert_eq!(
        s1.slot(0, s1.rules().board().parse_cell("c3").unwrap()),
        Slot::Player(0)
    );
    assert_eq!(
        s1.slot(1, s1.rules().board().parse_cell("c3").unwrap()),
        Slot::Neutral
    );
    // White may not put a pawn on Black's disk, nor a disk where a pawn stands.
    assert_eq!(why_text(&s1, "d3,c3"), "step 2: c3 already holds a pawn");
    assert_eq!(why_text(&s1, "c3,d3"), "c3 already holds a disk");
    let s2 = play(&s1, "d3,e3");
    // A pawn may not go on the opponent's disk.
    assert_eq!(
        why_text(&s2, "b3,d3"),
        "step 2: a pawn goes on a cell that is empty or (own disk and no pawn); d3 is not"
    );
    assert_eq!(why_text(&s2, "b3,b3"), "legal");
}

fn windborne_play_position() -> State {
    // Pawns on a3, c3 (on a white disk) and e3; a white disk on b4; Black to move.
    State::from_pieces(
        wind(),
        &[
            ("a3", "pawn", None),
            ("c3", "pawn", None),
            ("e3", "pawn", None),
            ("c3", "disk", Some(1)),
            ("b4", "disk", Some(1)),
            ("d2", "disk", Some(0)),
        ],
        0,
        6,
    )
    .unwrap()
}

#[test]
fn windborne_slides_are_blocked_by_pawns_and_enemy_disks_but_not_at_the_start() {
    let s = windborne_play_position();
    assert_eq!(why_text(&s, "a3-b3,d3"), "legal");
    assert_eq!(
        why_text(&s, "a3-d3,d1"),
        "the pawn cannot enter c3: the cells it enters must be no pawn and not enemy disk"
    );
    // b3 -> b4 is up; a3 -> a4 -> ... ; a white disk on b4 blocks Black:
    assert_eq!(
        why_text(&s, "c3-b4,d1"),
        "the pawn cannot enter b4: the cells it enters must be no pawn and not enemy disk"
    );
    // The pawn on c3 stands on a white disk: it may still leave.
    assert_eq!(why_text(&s, "c3-c4,d1"), "legal");
    assert_eq!(why_text(&s, "c3-c5,d1"), "legal");
    // Not a straight line.
    assert_eq!(why_text(&s, "a3-b5,d1"), "a3 to b5 is not a straight line");
    // White's own disk does not block White: c3 -> b4 is one step up and to the left.
    let w = State::from_pieces(
        wind(),
        &[
            ("a3", "pawn", None),
            ("c3", "pawn", None),
            ("e3", "pawn", None),
            ("c3", "disk", Some(1)),
            ("b4", "disk", Some(1)),
            ("d2", "disk", Some(0)),
        ],
        1,
        6,
    )
    .unwrap();
    assert_eq!(why_text(&w, "c3-b4,d1"), "legal");
    assert_eq!(why_text(&w, "c3-a5,d1"), "legal");
}

#[test]
fn windborne_zero_step_is_the_placement_alone_and_disks_go_under_pawns() {
    let s = windborne_play_position();
    let moves: Vec<String> = s
        .legal_moves()
        .iter()
        .map(|m| m.to_text(s.rules()))
        .collect();
    assert_eq!(
        moves.iter().filter(|m| *m == "e3").count(),
        1,
        "listed once"
    );
    assert!(moves.contains(&"a3-b3,e3".to_string()));
    // e3 holds a pawn and no disk: a disk goes under it.
    let after = play(&s, "e3");
    let e3 = s.rules().board().parse_cell("e3").unwrap();
    assert_eq!(after.slot(0, e3), Slot::Player(0));
    assert_eq!(after.slot(1, e3), Slot::Neutral);
    assert_eq!(why_text(&s, "c3"), "c3 already holds a disk");
    assert_eq!(
        why_text(&s, "d2"),
        "c3 already holds a disk".replace("c3", "d2")
    );
}

#[test]
fn windborne_a_separating_group_wins_at_the_start_of_its_owners_turn() {
    // Black's wall across row 3; pawns c1 (below), c5 (above) and c3 (on the wall: in
    // no region). Every region holds at most one pawn: Black separates.
    let mut pieces: Vec<(&str, &str, Option<usize>)> = ["a3", "b3", "c3", "d3", "e3"]
        .iter()
        .map(|c| (*c, "disk", Some(0)))
        .collect();
    pieces.extend([
        ("c1", "pawn", None),
        ("c5", "pawn", None),
        ("c3", "pawn", None),
    ]);
    let black = State::from_pieces(wind(), &pieces, 0, 10).unwrap();
    assert_eq!(black.outcome(), Some(Outcome::Win(0)));
    // At White's turn the game goes on (Black wins only at Black's turn; White may move
    // a pawn to break it).
    let white = State::from_pieces(wind(), &pieces, 1, 10).unwrap();
    assert_eq!(white.outcome(), None);
    // Move the pawn off the wall: two pawns below, no longer separated.
    let mut off = pieces.clone();
    off.retain(|p| !(p.0 == "c3" && p.1 == "pawn"));
    off.push(("d1", "pawn", None));
    let s = State::from_pieces(wind(), &off, 0, 10).unwrap();
    assert_eq!(s.outcome(), None);
}

#[test]
fn windborne_the_opponent_separating_and_no_move_loses_and_no_move_alone_draws() {
    // Every cell holds a disk: Black's wall on row 3, White's elsewhere. Pawns c1 and c5
    // on White disks, c3 on the wall. White to move cannot place a disk; Black separates.
    let b = wind();
    let cells: Vec<String> = b.board().cells().map(|c| b.board().cell_name(c)).collect();
    let mut pieces: Vec<(&str, &str, Option<usize>)> = cells
        .iter()
        .map(|c| (c.as_str(), "disk", Some(usize::from(!c.ends_with('3')))))
        .collect();
    pieces.extend([
        ("c1", "pawn", None),
        ("c5", "pawn", None),
        ("c3", "pawn", None),
    ]);
    let s = State::from_pieces(b.clone(), &pieces, 1, 30).unwrap();
    assert_eq!(
        s.outcome(),
        Some(Outcome::Win(0)),
        "White cannot move and Black separates"
    );
    // The same full board with every pawn on White's lower group: that group holds all
    // three, so every region left holds none: White separates, and wins at its turn.
    let mut pieces2: Vec<(&str, &str, Option<usize>)> = cells
        .iter()
        .map(|c| (c.as_str(), "disk", Some(usize::from(!c.ends_with('3')))))
        .collect();
    pieces2.extend([
        ("c1", "pawn", None),
        ("d1", "pawn", None),
        ("e1", "pawn", None),
    ]);
    let w = State::from_pieces(b, &pieces2, 1, 30).unwrap();
    assert_eq!(w.outcome(), Some(Outcome::Win(1)));
}

#[test]
fn no_move_draw_and_count_checks_as_general_constructs() {
    // A 7-cell hexagon filled in turn; nobody reaches 5 disks, so when the board is full
    // the player to move cannot move: `no move: draw`.
    let text = "game \"Fill\"\nplayers black white\nboard hexagon 2\npiece disk\n\
        turn: place disk on empty\nat turn start: win if count own disk >= 5\nno move: draw\n";
    let rules = weft::load_str("fill.game", text, &Overrides::default())
        .unwrap()
        .rules;
    let mut s = State::new(rules);
    for _ in 0..7 {
        let m = s.legal_moves()[0];
        s = s.play(m).unwrap();
    }
    assert_eq!(s.outcome(), Some(Outcome::Draw(DrawKind::NoMove)));
    // With a threshold of 4, Black (4 disks of 7) wins at the start of its next turn;
    // here that turn never comes (the board is full at White's turn), so lower it to 3:
    let text3 = text.replace(">= 5", ">= 3");
    let rules = weft::load_str("fill.game", &text3, &Overrides::default())
        .unwrap()
        .rules;
    let mut s = State::new(rules);
    for _ in 0..4 {
        let m = s.legal_moves()[0];
        s = s.play(m).unwrap();
    }
    assert_eq!(s.outcome(), None, "Black has 2, White 2");
    let m = s.legal_moves()[0];
    s = s.play(m).unwrap();
    assert_eq!(
        s.outcome(),
        None,
        "Black's 3rd disk: the check waits for Black's turn"
    );
    let m = s.legal_moves()[0];
    s = s.play(m).unwrap();
    assert_eq!(
        s.outcome(),
        Some(Outcome::Win(0)),
        "at the start of Black's turn"
    );
}

#[test]
fn windborne_checks_wait_until_every_pawn_is_on_the_board() {
    // Black's first pawn on Black's own disk: every path to that pawn visits the group,
    // but with one pawn on the board the checks do not apply (RULES.md).
    let s = State::new(wind());
    let s = play(&s, "c3,c3");
    let s = play(&s, "a3,e3");
    assert_eq!(s.outcome(), None);
    assert_eq!(s.to_move(), 0);
}

#[test]
fn windborne_swap_on_whites_first_turn() {
    let s = play(&State::new(wind()), "c3,d3");
    assert_eq!(why_text(&s, "swap"), "legal");
    let t = play(&s, "swap");
    assert_eq!(t.to_move(), 1);
    assert_eq!(t.seat_of(0), 1);
    assert_eq!(
        why_text(&t, "swap"),
        "swap is only allowed on the second player's first turn"
    );
}

// ---------------------------------------------------------------- Crossings

fn cross(pieces: &[(&str, usize)], to_move: usize) -> State {
    let list: Vec<(&str, &str, Option<usize>)> =
        pieces.iter().map(|(c, p)| (*c, "man", Some(*p))).collect();
    State::from_pieces(game("crossings", &[]), &list, to_move, 10).unwrap()
}

const W: usize = 0;
const B: usize = 1;

#[test]
fn crossings_lines_of_one_two_and_three_move_their_length_along_their_axis() {
    let s = cross(
        &[
            ("d3", W),
            ("d4", W),
            ("d5", W),
            ("b2", W),
            ("c3", W),
            ("a8", B),
            ("h8", B),
        ],
        W,
    );
    // A line of three moves exactly three, forwards or backwards.
    assert_eq!(why_text(&s, "d3:d5-d8"), "legal");
    assert_eq!(
        why_text(&s, "d5:d3-d2"),
        "a line of 3 moves exactly 3 cells; this moves 1"
    );
    assert_eq!(
        why_text(&s, "d5:d3-d1"),
        "a line of 3 moves exactly 3 cells; this moves 2"
    );
    // Backwards it would need d0: no such move is listed.
    let moves: Vec<String> = s
        .legal_moves()
        .iter()
        .map(|m| m.to_text(s.rules()))
        .collect();
    assert!(!moves.iter().any(|m| m.starts_with("d5:d3-")), "{moves:?}");
    assert!(moves.contains(&"d3:d5-d8".to_string()));
    // The front two of the run also form a line (the rear piece stays).
    assert_eq!(why_text(&s, "d4:d5-d7"), "legal");
    // A single piece moves one cell in any direction.
    assert_eq!(why_text(&s, "d5-e6"), "legal");
    assert_eq!(
        why_text(&s, "d5-d7"),
        "a line of 1 moves exactly 1 cell; this moves 2"
    );
    // A diagonal line of two: here its way up is blocked by White's own d4, and down it
    // would leave the board (a1 is only one step away).
    assert_eq!(
        why_text(&s, "b2:c3-e5"),
        "the way is not clear: d4 is occupied"
    );
    assert_eq!(
        why_text(&s, "c3:b2-a1"),
        "a line of 2 moves exactly 2 cells; this moves 1"
    );
    let diag = cross(&[("b2", W), ("c3", W), ("a8", B)], W);
    assert_eq!(why_text(&diag, "b2:c3-e5"), "legal");
    let back = cross(&[("e5", W), ("f6", W), ("a8", B)], W);
    assert_eq!(why_text(&back, "f6:e5-c3"), "legal");
    // Horizontal line.
    let h = cross(&[("c4", W), ("d4", W), ("a8", B)], W);
    assert_eq!(why_text(&h, "c4:d4-f4"), "legal");
    assert_eq!(why_text(&h, "d4:c4-a4"), "legal");
    // Lines must be straight and own.
    assert_eq!(why_text(&h, "c4:d4-f5"), "d4 to f5 is not a straight line");
    assert_eq!(
        why_text(&h, "a8-a7"),
        "a8 holds no man of yours that may move"
    );
}

#[test]
fn crossings_a_line_is_blocked_by_own_enemy_and_the_edge() {
    let s = cross(
        &[
            ("a3", W),
            ("a4", W),
            ("a6", W),
            ("b3", W),
            ("b4", W),
            ("b6", B),
            ("h8", B),
        ],
        W,
    );
    assert_eq!(
        why_text(&s, "a3:a4-a6"),
        "the way is not clear: a6 is occupied"
    );
    assert_eq!(
        why_text(&s, "b3:b4-b6"),
        "the way is not clear: b6 is occupied"
    );
    assert_eq!(why_text(&s, "a4-a5"), "legal");
    let e = cross(&[("a7", W), ("a8", W), ("h8", B)], W);
    // a8 is White's far row: frozen; a7 alone may not step off the board.
    assert_eq!(
        why_text(&e, "a7-a8"),
        "the way is not clear: a8 is occupied"
    );
}

#[test]
fn crossings_a_longer_line_captures_and_an_equal_one_may_not_approach() {
    // White line d2-d3 (k=2) moves to d4-d5; beyond it d6 holds one black man: captured.
    let s = cross(&[("d2", W), ("d3", W), ("d6", B), ("h8", B)], W);
    assert_eq!(why_text(&s, "d2:d3-d5"), "legal");
    let after = play(&s, "d2:d3-d5");
    let d6 = s.rules().board().parse_cell("d6").unwrap();
    assert_eq!(after.slot(0, d6), Slot::Empty, "captured");
    // Two black men in a row: equal strength, illegal.
    let eq = cross(&[("d2", W), ("d3", W), ("d6", B), ("d7", B), ("h8", B)], W);
    assert_eq!(
        why_text(&eq, "d2:d3-d5"),
        "it would end against a run of 2 enemy pieces from d6, not fewer than its 2"
    );
    // A single man may not approach an enemy man head-on (1 is not fewer than 1).
    let one = cross(&[("d4", W), ("d6", B), ("h8", B)], W);
    assert_eq!(
        why_text(&one, "d4-d5"),
        "it would end against a run of 1 enemy piece from d6, not fewer than its 1"
    );
}

#[test]
fn crossings_frozen_men_cannot_be_captured_and_freeze_on_arrival() {
    // Black's man on d1 is on Black's far row: frozen, so a White line ending against it
    // is illegal.
    let s = cross(&[("d4", W), ("d3", W), ("d1", B), ("h8", B)], W);
    assert_eq!(
        why_text(&s, "d4:d3-d2"),
        "a line of 2 moves exactly 2 cells; this moves 1"
    );
    let s = cross(&[("d3", W), ("d1", B), ("h8", B)], W);
    assert_eq!(
        why_text(&s, "d3-d2"),
        "it would end against the frozen man on d1, which cannot be captured"
    );
    // A White man arriving on row 8 freezes there.
    let a = cross(&[("c7", W), ("h1", W), ("a5", B), ("a4", B)], W);
    let after = play(&a, "c7-c8");
    let c8 = a.rules().board().parse_cell("c8").unwrap();
    assert!(after.is_frozen(0, c8));
    assert_eq!(
        after.owes_crossing(),
        Some(B),
        "the crossing starts the race"
    );
}

#[test]
fn crossings_an_owed_crossing_must_be_answered_at_once() {
    let base = [("c7", W), ("h3", W), ("b2", B), ("g6", B)];
    let s = cross(&base, W);
    let s = play(&s, "c7-c8");
    assert_eq!(s.owes_crossing(), Some(B));
    // Black answers with b2-b1: the race goes on, White now owes.
    let answered = play(&s, "b2-b1");
    assert_eq!(answered.outcome(), None);
    assert_eq!(answered.owes_crossing(), Some(W));
    // Black plays elsewhere: Black loses at once.
    let ignored = play(&s, "g6-g5");
    assert_eq!(ignored.outcome(), Some(Outcome::Win(W)));
}

#[test]
fn crossings_no_move_cases() {
    // Black's only man is frozen on row 1: Black cannot move and owes nothing: skipped.
    let s = cross(&[("d4", W), ("a1", B)], B);
    assert!(s.must_pass());
    assert_eq!(s.legal_moves(), vec![Move::Pass]);
    // Both sides frozen: a draw.
    let d = cross(&[("d8", W), ("a1", B)], W);
    assert_eq!(d.outcome(), Some(Outcome::Draw(DrawKind::Deadlock)));
    // White crosses with its last movable man; Black, owing, has only a frozen man: loses.
    let r = cross(&[("c7", W), ("a1", B)], W);
    let r = play(&r, "c7-c8");
    assert_eq!(r.outcome(), Some(Outcome::Win(W)));
}

#[test]
fn crossings_the_ply_limit_draws() {
    let rules = game("crossings", &[("limit", "3")]);
    let mut s = State::new(rules);
    for text in ["a2-a3", "a7-a6", "b2-b3"] {
        assert_eq!(s.outcome(), None);
        s = play(&s, text);
    }
    assert_eq!(s.outcome(), Some(Outcome::Draw(DrawKind::PlyLimit)));
}

// ---------------------------------------------------------------- hex glyphs

#[test]
fn hex_pictures_get_the_twelve_hex_symmetries() {
    let text = std::fs::read_to_string(project("games/hex.game")).unwrap();
    // A forbidden "bridge": two like stones a bridge apart with both links empty.
    let with_glyph = format!("{text}\nforbid \"bridge\"\n   . X\n  X .\n");
    let l = weft::load_str("hex.game", &with_glyph, &Overrides::default()).unwrap();
    let g = &l.rules.glyphs()[0];
    // 3 orientations of the rhombus of four cells x 2 colourings.
    assert_eq!(g.forms, 6);
    let s = State::new(l.rules.clone());
    let s = play(&s, "d4");
    let s = play(&s, "a1");
    // e5 is d4's bridge partner: both links (e4 and d5) are empty.
    assert_eq!(
        why_text(&s, "e5"),
        "it would form the forbidden glyph \"bridge\" at d4 e4 d5 e5"
    );
    assert_eq!(why_text(&s, "e4"), "legal");
}

#[test]
fn setup_stones_join_connection_chains() {
    // Black starts with c1..c4; c5 completes the chain from bottom to top.
    let text = "game \"Setup\"\nplayers black white\nboard square 5\nedges top bottom: black\n\
        edges left right: white\npiece stone\nsetup black: stone on c1 c2 c3 c4\n\
        turn: place stone on empty\nwin: connect own edges\n";
    let rules = weft::load_str("setup.game", text, &Overrides::default())
        .unwrap()
        .rules;
    let s = State::new(rules);
    assert_eq!(s.outcome(), None);
    assert_eq!(play(&s, "c5").outcome(), Some(Outcome::Win(0)));
    assert_eq!(play(&s, "d5").outcome(), None);
}

/// A slide along a straight line that crosses a hole of the board is refused with a
/// reason (it used to stop the program: the walk along the line expected a cell).
#[test]
fn a_slide_across_a_hole_is_refused_with_a_reason() {
    let rules = load("tests/data/slides-mixed.game", None, &[]);
    // Five stones a side, so that stones slide (the first turn's guard).
    let mut pieces = vec![("c4", "stone", Some(0)), ("k8", "stone", Some(1))];
    for (w, b) in [("a1", "a9"), ("b1", "b9"), ("c1", "c9"), ("e1", "e9")] {
        pieces.extend([(w, "stone", Some(0)), (b, "stone", Some(1))]);
    }
    let s = State::from_pieces(rules, &pieces, 0, 10).unwrap();
    assert_eq!(why_text(&s, "c4-e4"), "c4-e4 leaves the board on the way");
    assert_eq!(why_text(&s, "c4-c6"), "legal");
}

#[test]
fn checks_that_need_no_move_are_asked_when_the_mover_has_none() {
    // A 7-cell hexagon filled in turn: at ply 7 White is to move with no move, Black
    // holding 4 disks. The last turn-start checks that can hold only without a move
    // are asked when the mover is found to have none, still in file order after the
    // others; the outcome must be the one of asking every check at the turn's start.
    let text = |checks: &[&str], swap: bool| {
        let mut t = String::from(
            "game \"Fill\"\nplayers black white\nboard hexagon 2\npiece disk\n\
             turn: place disk on empty\n",
        );
        for c in checks {
            t += &format!("at turn start: {c}\n");
        }
        t += "no move: draw\n";
        if swap {
            t += "swap\n";
        }
        weft::load_str("fill.game", &t, &Overrides::default())
            .unwrap()
            .rules
    };
    let filled = |checks: &[&str], plies: usize| {
        let mut s = State::new(text(checks, false));
        for _ in 0..plies {
            let m = s.legal_moves()[0];
            s = s.play(m).unwrap();
        }
        s
    };
    let only = ["win if count own disk >= 0 and no move"];
    assert_eq!(filled(&only, 6).outcome(), None);
    assert_eq!(filled(&only, 7).outcome(), Some(Outcome::Win(1)));
    // Found by the random draw as well: no move, and the game is over.
    let mut s = filled(&only, 7);
    assert_eq!(s.random_move(&mut weft::engine::rng::Rng::new(1)), None);
    assert_eq!(s.outcome(), Some(Outcome::Win(1)));
    assert!(s.legal_moves().is_empty());
    // File order between a check asked at the turn's start and one left for later.
    let turn_start = Some(Outcome::Draw(DrawKind::TurnStart));
    let count = "draw if count enemy disk >= 4";
    assert_eq!(filled(&[count, "win if no move"], 7).outcome(), turn_start);
    assert_eq!(
        filled(&["win if no move", count], 7).outcome(),
        Some(Outcome::Win(1))
    );
    // ... and between two left for later.
    let both = "draw if count enemy disk >= 4 and no move";
    assert_eq!(filled(&[both, "win if no move"], 7).outcome(), turn_start);
    assert_eq!(
        filled(&["win if no move", both], 7).outcome(),
        Some(Outcome::Win(1))
    );
    // With the swap available, `no move` does not count it: the check holds at once.
    let rules = text(&["win if no move"], true);
    let cells: Vec<String> = (rules.board().cells())
        .map(|c| rules.board().cell_name(c))
        .collect();
    let pieces: Vec<_> = (cells.iter().enumerate())
        .map(|(i, c)| (c.as_str(), "disk", Some(i % 2)))
        .collect();
    let s = State::from_pieces(rules, &pieces, 1, 1).unwrap();
    assert_eq!(s.outcome(), Some(Outcome::Win(1)));
}

#[test]
fn conditions_with_or_not_and_no_move_hold_as_written() {
    // A 7-cell hexagon filled in turn; each variant's turn-start check mixes a count
    // (settled at once) with `no move` (a move search), so the terms known cheaply
    // must not change what the whole condition says.
    let play = |check: &str, plies: usize| {
        let text = format!(
            "game \"Fill\"\nplayers black white\nboard hexagon 2\npiece disk\n\
             turn: place disk on empty\nat turn start: {check}\nno move: draw\n"
        );
        let rules = weft::load_str("fill.game", &text, &Overrides::default())
            .unwrap()
            .rules;
        let mut s = State::new(rules);
        for _ in 0..plies {
            let m = s.legal_moves()[0];
            s = s.play(m).unwrap();
        }
        s.outcome()
    };
    // `or`: the count never holds, so the mover wins only when it cannot move (White,
    // at the full board), instead of the draw `no move` gives.
    assert_eq!(play("win if count own disk >= 9 or no move", 6), None);
    assert_eq!(
        play("win if count own disk >= 9 or no move", 7),
        Some(Outcome::Win(1))
    );
    // `or` settled by its count: Black wins at its third turn, moves or not.
    assert_eq!(play("win if count own disk >= 2 or no move", 3), None);
    assert_eq!(
        play("win if count own disk >= 2 or no move", 4),
        Some(Outcome::Win(0))
    );
    // `not` of an `and` the count settles false: true at once, Black loses before
    // its first move.
    assert_eq!(
        play("lose if not (count own disk >= 1 and no move)", 0),
        Some(Outcome::Win(1))
    );
    // ... and of one whose count holds, so the move search decides: `lose if no move`
    // in other words. White cannot move at the full board and loses.
    let check = "lose if not (count own disk >= 0 and not no move)";
    assert_eq!(play(check, 6), None);
    assert_eq!(play(check, 7), Some(Outcome::Win(0)));
}
