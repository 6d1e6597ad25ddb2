//! Diagnostics: each kind of problem pinned with its full rendered text (path,
//! line, column, source line, caret, hint), and a mutation fuzz showing that no
//! input makes weft panic.

use weft::engine::rng::Rng;
use weft::Overrides;

/// The rule file most cases start from.
const BASE: &str = r#"game "T"
param size = 5 in 2 to 9
players black white
board square size
edges top bottom: black
edges left right: white
piece stone
turn: place stone on empty
win: connect own edges
"#;

/// Loads `text` with optional overrides and renders what went wrong (or the warnings).
fn render(text: &str, size: Option<i64>, set: Option<(&str, &str)>) -> String {
    let o = Overrides {
        sets: set
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .into_iter()
            .collect(),
        size,
    };
    match weft::load_str("test.game", text, &o) {
        Ok(l) => format!("OK\n{}", l.warnings),
        Err(r) => r.to_string(),
    }
}

#[test]
fn syntax_errors_are_in_the_users_words() {
    let text = r#"game T
param size = 5 in 2 to 9
players black white
board square size
edges top bottom: black
edges left right: white
piece stone
turn: place stone on empty
win: connect own edges
"#
    .to_string();
    assert_eq!(
        render(&text, None, None),
        r#"error: expected a quoted string, found `T`
 --> test.game:1:6
  |
1 | game T
  |      ^
  = hint: write `game "Name"`
test.game: 1 error in the rule file
"#
    );
}

#[test]
fn every_syntax_error_is_reported_not_only_the_first() {
    let text = r#"game T
param size = 5 in 2 to 9
players black white
board round size
edges top bottom: black
edges left right: white
piece stone
turn: place stone on empty
win: connect own edges
"#
    .to_string();
    assert_eq!(
        render(&text, None, None),
        r#"error: expected a quoted string, found `T`
 --> test.game:1:6
  |
1 | game T
  |      ^
  = hint: write `game "Name"`
error: expected a board shape (`square N`, `rectangle W by H`, `hexagon S`, `rhombus W by H`, `triangle N`), found `round`
 --> test.game:4:7
  |
4 | board round size
  |       ^^^^^
  = hint: write `board square N`, `board rectangle W by H`, `board hexagon S`, `board rhombus W by H` or `board triangle N`
test.game: 2 errors in the rule file
"#
    );
}

#[test]
fn unknown_statement_suggests_a_keyword() {
    let text = format!(
        "{BASE}{}",
        r#"boardd square 9
"#
    );
    assert_eq!(
        render(&text, None, None),
        r#"error: unknown statement `boardd`
  --> test.game:10:1
   |
10 | boardd square 9
   | ^^^^^^
   = hint: did you mean `board`?
test.game: 1 error in the rule file
"#
    );
}

#[test]
fn unknown_names_suggest_the_nearest() {
    let text = r#"game "T"
param size = 5 in 2 to 9
players black white
board square sise
edges top bottm: blak
edges left right: white
piece stone
turn: place stones on empty
win: connect own edges
"#
    .to_string();
    assert_eq!(
        render(&text, None, None),
        r#"error: unknown parameter `sise`
 --> test.game:4:14
  |
4 | board square sise
  |              ^^^^
  = hint: did you mean `size`?
error: unknown edge `bottm`
 --> test.game:5:11
  |
5 | edges top bottm: blak
  |           ^^^^^
  = hint: did you mean `bottom`? a square board's edges are `top`, `bottom`, `left` and `right`
error: unknown player `blak`
 --> test.game:5:18
  |
5 | edges top bottm: blak
  |                  ^^^^
  = hint: did you mean `black`? the players are `black` and `white`
error: unknown piece `stones`
 --> test.game:8:13
  |
8 | turn: place stones on empty
  |             ^^^^^^
  = hint: did you mean `stone`?
test.game: 4 errors in the rule file
"#
    );
}

#[test]
fn duplicate_names() {
    let text = format!(
        "{BASE}{}",
        r#"piece stone
param size = 3
forbid "a"
  X O
forbid "a"
  O X
swap
swap
"#
    );
    assert_eq!(
        render(&text, None, None),
        r#"error: piece `stone` is declared twice
  --> test.game:10:7
   |
10 | piece stone
   |       ^^^^^
   = hint: declare each piece once
error: parameter `size` is declared twice
  --> test.game:11:7
   |
11 | param size = 3
   |       ^^^^
   = hint: give each parameter its own name
error: glyph "a" is declared twice
  --> test.game:14:8
   |
14 | forbid "a"
   |        ^^^
   = hint: give each glyph its own name
error: a second `swap` statement
  --> test.game:17:1
   |
17 | swap
   | ^^^^
   = hint: a file has one `swap` statement; remove this one or the first
test.game: 4 errors in the rule file
"#
    );
}

#[test]
fn ragged_picture() {
    let text = format!(
        "{BASE}{}",
        r#"forbid "ragged"
  X O .
  O X
"#
    );
    assert_eq!(
        render(&text, None, None),
        r#"error: ragged picture: this row of glyph "ragged" has 2 symbols, the first row has 3
  --> test.game:12:3
   |
12 |   O X
   |   ^^^
   = hint: every row of a picture has the same number of symbols; use `?` for "anything"
test.game: 1 error in the rule file
"#
    );
}

#[test]
fn unknown_symbol_and_no_stone() {
    let text = format!(
        "{BASE}{}",
        r#"forbid "symbols"
  X Z
  O X
forbid "empty"
  . x
  o ?
"#
    );
    assert_eq!(
        render(&text, None, None),
        r#"error: unknown symbol `Z` in glyph "symbols"
  --> test.game:11:5
   |
11 |   X Z
   |     ^
   = hint: the symbols are X and O (stones of the two colours), . (empty), x (not X), o (not O), ? (anything)
error: glyph "empty" has no stone
  --> test.game:14:3
   |
14 |   . x
   |   ^^^
   = hint: a glyph needs at least one X or O: it is tested where a stone is placed
test.game: 2 errors in the rule file
"#
    );
}

#[test]
fn glyph_without_picture() {
    let text = format!(
        "{BASE}{}",
        r#"forbid "nothing"
"#
    );
    assert_eq!(
        render(&text, None, None),
        r#"error: glyph "nothing" has no picture
  --> test.game:10:8
   |
10 | forbid "nothing"
   |        ^^^^^^^^^
   = hint: draw it on the indented lines below, e.g. `  X O` and `  O X`
test.game: 1 error in the rule file
"#
    );
}

#[test]
fn edge_owned_by_unknown_player() {
    let text = r#"game "T"
param size = 5 in 2 to 9
players black white
board square size
edges top bottom: black
edges left right: red
piece stone
turn: place stone on empty
win: connect own edges
"#
    .to_string();
    assert_eq!(
        render(&text, None, None),
        r#"error: unknown player `red`
 --> test.game:6:19
  |
6 | edges left right: red
  |                   ^^^
  = hint: the players are `black` and `white`
test.game: 1 error in the rule file
"#
    );
}

#[test]
fn parameter_default_out_of_range() {
    let text = r#"game "T"
param size = 12 in 2 to 9
players black white
board square size
edges top bottom: black
edges left right: white
piece stone
turn: place stone on empty
win: connect own edges
"#
    .to_string();
    assert_eq!(
        render(&text, None, None),
        r#"error: the default 12 of `size` is out of its range 2 to 9
 --> test.game:2:14
  |
2 | param size = 12 in 2 to 9
  |              ^^
  = hint: pick a default inside the range
test.game: 1 error in the rule file
"#
    );
}

#[test]
fn parameter_override_out_of_range() {
    let text = format!("{BASE}{}", r#""#);
    assert_eq!(
        render(&text, Some(12), None),
        r#"error: --size 12: 12 is out of the range of `size`
 --> test.game:2:7
  |
2 | param size = 5 in 2 to 9
  |       ^^^^
  = hint: `size` goes from 2 to 9
test.game: 1 error in the rule file
"#
    );
}

#[test]
fn unknown_parameter_override() {
    let text = format!("{BASE}{}", r#""#);
    assert_eq!(
        render(&text, None, Some(("sides", "3"))),
        r#"error: --set sides=3: unknown parameter `sides`
 --> test.game
  = hint: the parameters are: size
test.game: 1 error in the rule file
"#
    );
}

#[test]
fn size_fixed_in_the_file() {
    let text = r#"game "T"
param size = 5 in 2 to 9
players black white
board square 7
edges top bottom: black
edges left right: white
piece stone
turn: place stone on empty
win: connect own edges
"#
    .to_string();
    assert_eq!(
        render(&text, Some(9), None),
        r#"error: --size 9: this board's size is fixed at 7 in the file
 --> test.game:4:14
  |
4 | board square 7
  |              ^
  = hint: declare a parameter (`param size = 9 in 2 to 26`) and write `board square size`
test.game: 1 error in the rule file
"#
    );
}

#[test]
fn board_too_small() {
    let text = r#"game "T"
param size = 5 in 2 to 9
players black white
board square 1
edges top bottom: black
edges left right: white
piece stone
turn: place stone on empty
win: connect own edges
"#
    .to_string();
    assert_eq!(
        render(&text, None, None),
        r#"error: a square board of side 1 is not supported
 --> test.game:4:14
  |
4 | board square 1
  |              ^
  = hint: the side goes from 2 to 64
test.game: 1 error in the rule file
"#
    );
}

#[test]
fn glyph_too_big_for_the_board_is_a_warning() {
    let text = format!(
        "{BASE}{}",
        r#"forbid "long"
  X . . . . . O
"#
    );
    assert_eq!(
        render(&text, None, None),
        r#"OK
warning: glyph "long" (7x1) cannot fit on a 5x5 board, so it never applies
  --> test.game:10:8
   |
10 | forbid "long"
   |        ^^^^^^
   = hint: that is fine for a small board; otherwise enlarge the board
"#
    );
}

#[test]
fn missing_statements() {
    let text = r#"param size = 5 in 2 to 9
players black white
board square size
edges top bottom: black
edges left right: white
piece stone
turn: place stone on empty
"#
    .to_string();
    assert_eq!(
        render(&text, None, None),
        r#"error: the file has no `game` statement
 --> test.game:1:1
  |
1 | param size = 5 in 2 to 9
  | ^
  = hint: add a line such as `game "Name"`
error: the file has no `win` statement
 --> test.game:1:1
  |
1 | param size = 5 in 2 to 9
  | ^
  = hint: add a line such as `win: connect own edges`
test.game: 2 errors in the rule file
"#
    );
}

#[test]
fn indented_line_outside_a_picture() {
    let text = format!(
        "{BASE}{}",
        r#"  X O
"#
    );
    assert_eq!(
        render(&text, None, None),
        r#"error: indented line after a `win` statement
  --> test.game:10:3
   |
10 |   X O
   |   ^^^
   = hint: an indented line continues the statement above, and this one does not fit it; start every statement at the beginning of a line
test.game: 1 error in the rule file
"#
    );
}

#[test]
fn two_players_required() {
    let text = r#"game "T"
param size = 5 in 2 to 9
players black white red
board square size
edges top bottom: black
edges left right: white
piece stone
turn: place stone on empty
win: connect own edges
"#
    .to_string();
    assert_eq!(
        render(&text, None, None),
        r#"error: 3 players named; weft plays two-player games
 --> test.game:3:9
  |
3 | players black white red
  |         ^^^^^^^^^^^^^^^
  = hint: name exactly two players, the first to move first: `players black white`
test.game: 1 error in the rule file
"#
    );
}

/// Random edits of every game file (characters deleted, duplicated, replaced by
/// grammar-significant ones; lines swapped) must give a report or rules, never a panic.
/// Each run draws a new seed (printed when a case fails); `WEFT_MUTATION_SEED=N`
/// replays a run.
#[test]
fn no_mutated_rule_file_makes_weft_panic() {
    let seed = std::env::var("WEFT_MUTATION_SEED")
        .ok()
        .and_then(|s| s.parse::<u64>().ok())
        .unwrap_or_else(weft::interface::repl::clock_seed);
    let result = std::panic::catch_unwind(|| mutations(seed));
    if let Err(e) = result {
        eprintln!(
            "no_mutated_rule_file_makes_weft_panic failed: replay with WEFT_MUTATION_SEED={seed}"
        );
        std::panic::resume_unwind(e);
    }
}

fn mutations(seed: u64) {
    let alphabet: Vec<char> = "XOxo.?# \t\n\"=:-0123456789abcdefghijklmnopqrstuvwxyzé"
        .chars()
        .collect();
    let mut files: Vec<String> = crate::common::game_files()
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    files.push(BASE.to_string());
    let mut rng = Rng::new(seed);
    let mut outcomes = [0usize; 2];
    for round in 0..3000 {
        let src = &files[round % files.len()];
        let mut chars: Vec<char> = src.chars().collect();
        for _ in 0..1 + rng.below(4) {
            let i = rng.below(chars.len() as u32) as usize;
            match rng.below(4) {
                0 => {
                    chars.remove(i);
                }
                1 => chars.insert(i, chars[i]),
                2 => chars[i] = alphabet[rng.below(alphabet.len() as u32) as usize],
                _ => {
                    let j = rng.below(chars.len() as u32) as usize;
                    chars.swap(i, j);
                }
            }
        }
        let text: String = chars.into_iter().collect();
        let size =
            [None, Some(-3), Some(0), Some(2), Some(3), Some(1 << 40)][rng.below(6) as usize];
        let o = Overrides { sets: vec![], size };
        match weft::load_str("fuzz.game", &text, &o) {
            Ok(l) => {
                outcomes[0] += 1;
                // Whatever loads must also play.
                let mut s = weft::engine::state::State::new(l.rules);
                let mut r = Rng::new(seed ^ round as u64);
                while let Some(m) = s.random_move(&mut r) {
                    s.play_unchecked(m);
                }
            }
            Err(report) => {
                outcomes[1] += 1;
                assert!(report.has_errors());
                assert!(!report.to_string().is_empty());
            }
        }
    }
    assert!(
        outcomes[0] > 100 && outcomes[1] > 100,
        "both paths exercised: {outcomes:?}"
    );
}

/// The file most movement-construct cases start from.
const BASE2: &str = r#"game "M"
param side = 3 in 3 to 9
param pawns = 3
players black white
board hexagon side
piece disk
neutral piece pawn
turn while count pawn < pawns: place disk on empty, then place pawn on empty
turn: slide pawn through no pawn, then place disk on no disk
at turn start: win if own disk separates pawn
"#;

#[test]
fn neutral_pieces_have_no_owner() {
    let text = r#"game "M"
param side = 3 in 3 to 9
param pawns = 3
players black white
board hexagon side
piece disk
neutral piece pawn
turn while count pawn < pawns: place disk on empty, then place pawn on empty
turn: slide pawn through no pawn and not own pawn, then place disk on no disk
at turn start: win if own disk separates pawn
"#
    .to_string();
    assert_eq!(
        render(&text, None, None),
        r#"error: `pawn` is neutral: it has no owner, so it cannot be `own`
 --> test.game:9:46
  |
9 | turn: slide pawn through no pawn and not own pawn, then place disk on no disk
  |                                              ^^^^
  = hint: use a piece the players own, or drop `own`/`enemy`
test.game: 1 error in the rule file
"#
    );
}

#[test]
fn a_turn_after_an_unguarded_turn_is_never_played() {
    let text = format!(
        "{BASE2}{}",
        r#"turn: place disk on empty
"#
    );
    assert_eq!(
        render(&text, None, None),
        r#"error: this turn is never played
  --> test.game:11:1
   |
11 | turn: place disk on empty
   | ^^^^^^^^^^^^^^^^^^^^^^^^^
   = hint: the turn above has no `while` condition, so it always applies; put turns with conditions first
test.game: 1 error in the rule file
"#
    );
}

#[test]
fn no_move_cannot_guard_a_turn() {
    let text = r#"game "M"
param side = 3 in 3 to 9
param pawns = 3
players black white
board hexagon side
piece disk
neutral piece pawn
turn while no move and count pawn < pawns: place disk on empty, then place pawn on empty
turn: slide pawn through no pawn, then place disk on no disk
at turn start: win if own disk separates pawn
"#
    .to_string();
    assert_eq!(
        render(&text, None, None),
        r#"error: `no move` cannot decide which turn is played
 --> test.game:8:12
  |
8 | turn while no move and count pawn < pawns: place disk on empty, then place pawn on empty
  |            ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  = hint: a turn's `while` condition may count pieces, not ask whether a move exists
test.game: 1 error in the rule file
"#
    );
}

#[test]
fn separation_counts_a_known_region() {
    let text = r#"game "M"
param side = 3 in 3 to 9
param pawns = 3
players black white
board hexagon side
piece disk
neutral piece pawn
turn while count pawn < pawns: place disk on empty, then place pawn on empty
turn: slide pawn through no pawn, then place disk on no disk
at turn start: win if own disk separates region stars
"#
    .to_string();
    assert_eq!(
        render(&text, None, None),
        r#"error: unknown region `stars`
  --> test.game:10:49
   |
10 | at turn start: win if own disk separates region stars
   |                                                 ^^^^^
   = hint: the regions are `top`, `bottom`, `upper-left`, `lower-left`, `upper-right` and `lower-right`; declare one with `region stars: d4 e5 ...`
test.game: 1 error in the rule file
"#
    );
}

#[test]
fn setup_rows_must_be_on_the_board() {
    let text = format!(
        "{BASE2}{}",
        r#"setup black: disk on rows side + 1 to side + 3
"#
    );
    assert_eq!(
        render(&text, None, None),
        r#"error: rows 4 to 6 are not rows of this board
  --> test.game:11:27
   |
11 | setup black: disk on rows side + 1 to side + 3
   |                           ^^^^^^^^^^^^^^^^^^^^
   = hint: its rows go from 1 to 5
test.game: 1 error in the rule file
"#
    );
}

#[test]
fn blocked_and_setup_cells_must_be_on_the_board() {
    let text = format!(
        "{BASE2}{}",
        r#"blocked z9
setup neutral: pawn on c3 a1
"#
    );
    assert_eq!(
        render(&text, None, None),
        r#"error: `z9` is not a cell of this board
  --> test.game:11:9
   |
11 | blocked z9
   |         ^^
   = hint: name a cell such as `d4`: column letter, then row number from 1 at the bottom
error: `a1` is not a cell of this board
  --> test.game:12:27
   |
12 | setup neutral: pawn on c3 a1
   |                           ^^
   = hint: name a cell such as `d4`: column letter, then row number from 1 at the bottom (blocked squares are off the board)
test.game: 2 errors in the rule file
"#
    );
}

#[test]
fn setup_owner_must_match_the_piece() {
    let text = format!(
        "{BASE2}{}",
        r#"setup black: pawn on c3
setup neutral: disk on c3
"#
    );
    assert_eq!(
        render(&text, None, None),
        r#"error: `pawn` is neutral: set it up as `setup neutral: pawn on ...`
  --> test.game:11:14
   |
11 | setup black: pawn on c3
   |              ^^^^
   = hint: neutral pieces belong to nobody; other pieces to a player
error: `disk` belongs to a player: name the player, not `neutral`
  --> test.game:12:16
   |
12 | setup neutral: disk on c3
   |                ^^^^
   = hint: neutral pieces belong to nobody; other pieces to a player
test.game: 2 errors in the rule file
"#
    );
}

#[test]
fn subtraction_needs_spaces() {
    let text = r#"game "M"
param side = 3 in 3 to 9
param pawns = 3
players black white
board hexagon side-1
piece disk
neutral piece pawn
turn while count pawn < pawns: place disk on empty, then place pawn on empty
turn: slide pawn through no pawn, then place disk on no disk
at turn start: win if own disk separates pawn
"#
    .to_string();
    assert_eq!(
        render(&text, None, None),
        r#"error: unknown parameter `side-1`
 --> test.game:5:15
  |
5 | board hexagon side-1
  |               ^^^^^^
  = hint: did you mean `side`? (to subtract, put spaces around `-`)
test.game: 1 error in the rule file
"#
    );
}

#[test]
fn hex_pictures_sit_on_the_lattice() {
    let text = format!(
        "{BASE2}{}",
        r#"forbid "bad"
  X .
  . X
"#
    );
    assert_eq!(
        render(&text, None, None),
        r#"error: this hex picture's symbols do not sit on the hex lattice
  --> test.game:11:8
   |
11 | forbid "bad"
   |        ^^^^^
   = hint: on a hex board, draw each row half a cell (one column) to the right of the row below, symbols two columns apart
test.game: 1 error in the rule file
"#
    );
}

#[test]
fn a_turn_has_at_most_two_steps() {
    let text = r#"game "M"
param side = 3 in 3 to 9
param pawns = 3
players black white
board hexagon side
piece disk
neutral piece pawn
turn while count pawn < pawns: place disk on empty, then place pawn on empty
turn: slide pawn through no pawn, then place disk on no disk, then place disk on no disk
at turn start: win if own disk separates pawn
"#
    .to_string();
    assert_eq!(
        render(&text, None, None),
        r#"error: a turn has at most two steps
 --> test.game:9:68
  |
9 | turn: slide pawn through no pawn, then place disk on no disk, then place disk on no disk
  |                                                                    ^^^^^^^^^^^^^^^^^^^^^
  = hint: split the turn, or ask for longer compound turns
test.game: 1 error in the rule file
"#
    );
}

#[test]
fn an_unknown_goal_lists_every_goal_form_once_with_an_example() {
    let text = "game \"T\"\nplayers black white\nboard triangle 5\npiece stone\nturn: place stone on empty\nwin: ring\nwin: frob\nwin: connect 7 of corners\n";
    assert_eq!(
        render(text, None, None),
        r#"error: expected a goal: `connect own edges`, `connect top bottom`, `connect 3 of sides`, `connect opposite edges`, `ring`, `one group`, or `crossing race into own edges`, found `frob`
 --> test.game:7:6
  |
7 | win: frob
  |      ^^^^
  = hint: write `win: GOAL` or `win for PLAYER: GOAL`; the goals: `connect own edges`, `connect top bottom`, `connect 3 of sides`, `connect opposite edges`, `ring`, `one group` (each optionally `orthogonally`, `diagonally` or `in all directions`), `crossing race into own edges`
error: `7 of` asks for more regions than the 3 named
 --> test.game:8:14
  |
8 | win: connect 7 of corners
  |              ^
  = hint: the number goes from 1 to 3
test.game: 2 errors in the rule file
"#
    );
}

#[test]
fn cells_and_regions_in_sets_are_checked() {
    let good = "game \"T\"\nparam size = 5 in 3 to 9 by 2\nplayers black white\nboard square size\nregion inner: all cells except edges\npiece stone\nsetup black: stone on rows 1 to 9\nturn: place stone on empty\nwin: connect 2 of corners\n";
    assert_eq!(
        render(good, Some(4), None),
        r#"error: --size 4: 4 is out of the range of `size`
 --> test.game:2:7
  |
2 | param size = 5 in 3 to 9 by 2
  |       ^^^^
  = hint: `size` goes from 3 to 9 by 2
test.game: 1 error in the rule file
"#
    );
    assert_eq!(
        render(good, None, None),
        r#"error: rows 1 to 9 are not rows of this board
 --> test.game:7:28
  |
7 | setup black: stone on rows 1 to 9
  |                            ^^^^^^
  = hint: its rows go from 1 to 5
test.game: 1 error in the rule file
"#
    );
    let bad = good
        .replace("except edges", "except edges and frob")
        .replace("piece stone", "region a1: c3\npiece stone");
    assert_eq!(
        render(&bad, None, None),
        r#"error: `frob` is neither a cell nor a region
 --> test.game:5:42
  |
5 | region inner: all cells except edges and frob
  |                                          ^^^^
  = hint: a cell is named like `d4`; the board's regions are `top`, `bottom`, `left` and `right`, its corners and sides, and the file's own regions
error: `a1` names a cell, not a region
 --> test.game:6:8
  |
6 | region a1: c3
  |        ^^
  = hint: give the region a name that is not a cell's, e.g. `stars`
test.game: 2 errors in the rule file
"#
    );
}
