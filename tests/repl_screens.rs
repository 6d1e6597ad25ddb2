//! What `weft play` shows, piped: every board shape in its frame with row numbers on
//! both sides and column letters outside, every ending explained with the winning cells
//! marked, and moves explained from each game's own turns (how to write one, what is
//! missing from a move cut short, which cell is blocked).

use crate::common::*;
use crate::repl::play;
use weft::engine::rng::Rng;
use weft::engine::state::{Outcome, State};
use weft::interface::render::symbol;

/// The text `weft play ARGS` prints before any input, less the title line.
fn screen(args: &[&str]) -> String {
    let (code, out) = play(args, b"");
    assert_eq!(code, Some(0), "{out}");
    out.split_once('\n').expect("a title line").1.to_string()
}

/// Bug 1 of issue 17: hex boards were drawn as squares. The rows are offset so that each
/// cell's six neighbours sit around it, inside a frame in the owners' characters.
#[test]
fn hex_boards_are_drawn_offset_in_a_frame() {
    assert_eq!(
        screen(&[
            "play",
            "games/hex.game",
            "--size",
            "5",
            "--moves",
            "a1 e5 c3"
        ]),
        "          a b c d e
       ===========
    5 : . . . . O : 5
   4 : . . . . . : 4
  3 : . .(X). . : 3
 2 : . . . . . : 2
1 : X . . . . : 1
   ===========
  a b c d e
X black: top, bottom (=)   O white: left, right (:)
move 4: O white to play; last: black c3
"
    );
}

#[test]
fn hexagons_triangles_and_layers_keep_frame_numbers_and_letters() {
    assert_eq!(
        screen(&[
            "play",
            "games/havannah.game",
            "--size",
            "3",
            "--moves",
            "c1 c3"
        ]),
        "        a b c
     -------
  5 / . . . \\ 5
 4 / . . . . \\ 4
3 < . .(O). . > 3
 2 \\ . . . . / 2
  1 \\ X . . / 1
     -------
    c d e
X black   O white
move 3: X black to play; last: white c3
"
    );
    assert_eq!(
        screen(&["play", "games/y.game", "--size", "4", "--moves", "a1 b2"]),
        "      ---
   4 / . \\ 4
  3 / . . \\ 3
 2 / .(O). \\ 2
1 / X . . . \\ 1
   ---------
  a b c d
X black   O white
move 3: X black to play; last: white b2
"
    );
    // Two layers: a disk and a pawn (`*`) per cell.
    assert_eq!(
        screen(&[
            "play",
            "games/windborne.game",
            "--size",
            "3",
            "--moves",
            "c3,c3 a3,a3"
        ]),
        "             a   b   c
        ------------
    5 /  .   .   .  \\ 5
  4 /  .   .   .   .  \\ 4
3 < (O*) .   X*  .   .  > 3
  2 \\  .   .   .   .  / 2
    1 \\  .   .   .  / 1
        ------------
     c   d   e
X black   O white   * pawn (neutral)
move 3: X black to play; last: white a3,a3
"
    );
}

/// Blocked squares inside the frame, and Crossings' colours: white, who moves first,
/// has the light pieces (`O`) and black the dark ones, as in the pictures.
#[test]
fn blocked_squares_and_the_first_players_pieces_in_its_own_colour() {
    assert_eq!(
        screen(&["play", "games/crossings-open.game", "--moves", "b1:b2-b4"]),
        "    a b c d e f g
  +:::::::::::::::+
9 | X X X X X X X | 9
8 | X X X X X X X | 8
7 | . . . . . . . | 7
6 | . . # . # . . | 6
5 | . . . . . . . | 5
4 | .(O)# . # . . | 4
3 | .(O). . . . . | 3
2 | O(.)O O O O O | 2
1 | O(.)O O O O O | 1
  +===============+
    a b c d e f g
O white: top (:)   X black: bottom (=)   # blocked
move 2: X black to play; last: white b1:b2-b4
"
    );
}

/// Every shipped game at its default size: each row of the board carries its number
/// at both ends, inside a frame character that is never a stone's letter, and the
/// column letters stand in rows of their own.
#[test]
fn every_shipped_board_has_numbers_on_both_sides_and_no_letter_edges() {
    for file in game_files() {
        let name = file.to_string_lossy().into_owned();
        let out = screen(&["play", &name]);
        let rules = weft::load_file(&name, &Default::default()).unwrap().rules;
        let h = rules.board().height;
        let stones = [symbol(&rules, 0), symbol(&rules, 1)];
        for row in 1..=h {
            let label = row.to_string();
            let line = out
                .lines()
                .find(|l| {
                    let t = l.trim_start();
                    t.starts_with(&format!("{label} ")) && t.ends_with(&format!(" {label}"))
                })
                .unwrap_or_else(|| panic!("{name}: no row {row} with its number twice:\n{out}"));
            let inner = line
                .trim()
                .trim_start_matches(&label)
                .trim_end_matches(&label);
            let inner = inner.trim();
            let (first, last) = (inner.chars().next().unwrap(), inner.chars().last().unwrap());
            for edge in [first, last] {
                assert!(
                    "|=:/\\<>".contains(edge) && !stones.contains(&edge),
                    "{name}: row {row} is not framed: {line:?}"
                );
            }
        }
        assert!(!out.contains('\x1b'), "{name}: colour on a pipe");
    }
}

/// A finished game of `rules` from a random game with this seed, as `--moves` text.
fn finished_game(rules: &std::sync::Arc<weft::rules::Rules>, seed: u64) -> (State, String) {
    let mut s = State::new(rules.clone());
    let mut rng = Rng::new(seed);
    let mut moves = Vec::new();
    while let Some(m) = s.random_move(&mut rng) {
        moves.push(m.to_text(rules));
        s.play_unchecked(m);
    }
    (s, moves.join(" "))
}

/// Every game ends with a line saying why, naming the deciding goal's text from the
/// rule file, and the winning cells listed and marked on the board.
#[test]
fn every_ending_says_why_and_marks_the_winning_cells() {
    let cases: &[(&str, &[&str])] = &[
        ("crossway", &["--size", "5"]),
        ("crosswind", &["--size", "5"]),
        ("crossfield", &["--size", "5"]),
        ("gale", &["--size", "5"]),
        ("hex", &["--size", "5"]),
        ("havannah", &["--size", "4"]),
        ("y", &["--size", "5"]),
        ("omny", &["--size", "3"]),
        ("windborne", &["--size", "3"]),
        ("crossings", &["--set", "width=4", "--set", "height=5"]),
        ("crossings-open", &[]),
    ];
    for (game, extra) in cases {
        let file = format!("games/{game}.game");
        let sets: Vec<(&str, &str)> = extra
            .chunks(2)
            .filter(|c| c[0] == "--set")
            .map(|c| c[1].split_once('=').unwrap())
            .collect();
        let size = extra
            .chunks(2)
            .find(|c| c[0] == "--size")
            .map(|c| c[1].parse().unwrap());
        let rules = load(&file, size, &sets);
        for seed in 1..=3 {
            let (end, moves) = finished_game(&rules, seed);
            let mut args = vec!["play", &file];
            args.extend_from_slice(extra);
            args.extend_from_slice(&["--moves", &moves]);
            let out = screen(&args);
            let why = out
                .lines()
                .find_map(|l| l.strip_prefix("why: "))
                .unwrap_or_else(|| panic!("{game} seed {seed}: no `why:` line:\n{out}"));
            let won = end.winning_cells();
            let b = rules.board();
            match end.outcome().unwrap() {
                Outcome::Win(p) => {
                    assert!(
                        why.contains(rules.players()[p].as_str()),
                        "{game} seed {seed}: the winner is not named: {why}"
                    );
                    if let Some(weft::engine::state::Decider::Goal(i)) = end.decided_by() {
                        let g = &rules.goals()[i as usize];
                        assert!(
                            why.contains(&format!("`{}: {}`", g.verdict.word(), g.text)),
                            "{game} seed {seed}: the goal's text is missing: {why}"
                        );
                    }
                }
                Outcome::Draw(_) => assert!(why.starts_with("draw"), "{game}: {why}"),
                Outcome::Stopped(_) => assert!(why.starts_with("stopped: "), "{game}: {why}"),
            }
            if !won.is_empty() {
                let names: Vec<String> = won.iter().map(|&c| b.cell_name(c)).collect();
                let listed = if names.len() <= 12 {
                    names.join(" ")
                } else {
                    names[..10].join(" ")
                };
                assert!(why.contains(&listed), "{game} seed {seed}: {why}");
                // The winning cells are bracketed on the board.
                let board: Vec<&str> = out.lines().filter(|l| !l.starts_with("why: ")).collect();
                assert!(
                    board.iter().any(|l| l.contains('[')),
                    "{game} seed {seed}: the winning cells are not marked:\n{out}"
                );
            }
        }
    }
}

#[test]
fn a_won_game_names_the_edges_the_chain_and_marks_it() {
    let (_, out) = play(
        &["play", "games/crossway.game", "--size", "3"],
        b"b3\na2\nb2\nc2\nb1\n",
    );
    assert!(
        out.ends_with(
            "    a b c
  +=======+
3 : .[X]. : 3
2 : O[X]O : 2
1 : .[X]. : 1
  +=======+
    a b c
X black: top, bottom (=)   O white: left, right (:)
game over after 5 moves: black wins; last: black b1
why: black connects top and bottom (`win: connect own edges in all directions`): b1 b2 b3 (marked [ ])
"
        ),
        "{out}"
    );
}

#[test]
fn the_crossing_race_and_the_ply_limit_are_explained() {
    // Black crosses into the bottom row at a1; white cannot answer with a crossing.
    let moves = "c2-d3 c4-c3 b2-a3 b4-b3 a3-b2 b3-a3 b1-c2 c3-b4 c2-b1 d4-c4 d3-c2 d5-d4 \
        c2-d3 c4-d5 b2-c2 d5-c4 a1-b2 c4-d5 b1-a1 a3-b3 b2-b1 b4-a3 c1:c2-c4 b3-b4 a2-b2 b4-c5 \
        b2-b3 c5-b4 c3-c2 d5-c5 a1-b2 c5-d5 b2-c1 b4-c5 b3-c3 a4:a3-a1 c1-b2";
    let args = [
        "play",
        "games/crossings.game",
        "--set",
        "width=4",
        "--set",
        "height=5",
        "--moves",
        moves,
    ];
    let out = screen(&args);
    assert!(
        out.ends_with("game over after 37 moves: black wins; last: white c1-b2\nwhy: white did not answer black's crossing into bottom with a crossing of its own: a1 (marked [ ])\n"),
        "{out}"
    );
    let out = screen(&[
        "play",
        "games/crossings.game",
        "--set",
        "limit=2",
        "--moves",
        "a2-a3 a7-a6",
    ]);
    assert!(
        out.ends_with("why: draw: the limit of 2 moves was reached\n"),
        "{out}"
    );
}

/// A separation and a deadlock, as the issue asks them told: whose group separates
/// what (marked), and a draw with no move for either player. A finished game's title
/// offers no move.
#[test]
fn a_separation_and_a_deadlock_are_explained() {
    let (_, out) = play(
        &[
            "play",
            "games/windborne.game",
            "--size",
            "3",
            "--moves",
            "b4,d2 c3,b5 d3,a4 d2-d1,b5 d1-d3,c2 d3-e3,d1 a4-b3,e3 b5-c4,e1 c4-d4,c4 e2 a5 \
             b3-b2,c5",
        ],
        b"",
    );
    assert!(
        out.ends_with(
            "  4 /  .  [X ][X ] .* \\ 4
3 <  .  (. ) O  [X ][X*]> 3
  2 \\ (.*) X   .   O  / 2
    1 \\  .   O   O  / 1
        ------------
     c   d   e
X black   O white   * pawn (neutral)
game over after 12 moves: black wins; last: white b3-b2,c5
why: black's disks separate the pawns: d3 e3 b4 c4 a5 (marked [ ])
"
        ),
        "{out}"
    );
    let (_, out) = play(
        &[
            "play",
            "games/crossfield.game",
            "--size",
            "3",
            "--moves",
            "a3 b3 c3 a2 c2 a1 b1 c1",
        ],
        b"",
    );
    assert_eq!(
        out,
        "Crossfield, 3x3 (size=3). The game is over: `undo` takes back moves, `new` starts again, `help` lists the commands.
    a b c
  +=======+
3 : X O X : 3
2 : O . X : 2
1 : O X(O): 1
  +=======+
    a b c
X black: top, bottom (=)   O white: left, right (:)
game over after 8 moves: draw: neither player can move; last: white c1
why: draw: no move for either player
"
    );
}

/// Bug 5 of issue 17: the "not a move" message comes from the game's own turns, with a
/// real example, and `swap`/`pass` only where the rules have them.
#[test]
fn not_a_move_says_how_this_game_writes_moves() {
    let line = |args: &[&str], input: &str| -> String {
        let (_, out) = play(args, format!("{input}\n").as_bytes());
        out.lines()
            .find(|l| l.starts_with(&format!("`{input}`")) || l.starts_with(input))
            .unwrap_or_else(|| panic!("no answer to {input}:\n{out}"))
            .to_string()
    };
    assert_eq!(
        line(&["play", "games/crossings.game"], "zz"),
        "`zz` is not a move: this turn is \"move a line of men\", written as REAR:FRONT-TO such as e1:e2-e4 (the line from its rear to its front moves until the front is on TO), or as FROM-TO such as e2-e3 for a single man (columns a to h, rows 1 to 8) (`help` lists the commands)"
    );
    assert_eq!(
        line(&["play", "games/windborne.game", "--size", "3"], "zz"),
        "`zz` is not a move: this turn is \"place a disk, then place a pawn\", written as CELL,CELL such as c3,c3 (columns a to e, rows 1 to 5; the columns run up and to the right) (`help` lists the commands)"
    );
    // Crosswind never passes: no `pass` offered; the swap only when it is legal.
    assert_eq!(
        line(&["play", "games/crosswind.game", "--size", "5", "--moves", "c3"], "zz"),
        "`zz` is not a move: this turn is \"place a stone\", written as a point such as d3 (columns a to e, rows 1 to 5); or `swap` (`help` lists the commands)"
    );
    // A blocked square, and a cell off a hexagon, are named as such.
    assert_eq!(
        line(&["play", "games/crossings-open.game"], "c2-c4"),
        "`c2-c4` is not a move: c4 is a blocked square (`help` lists the commands)"
    );
    assert_eq!(
        line(&["play", "games/havannah.game", "--size", "3"], "a1"),
        "`a1` is not a move: a1 is not on the board: column a runs from a3 to a5 (`help` lists the commands)"
    );
    // A move of another shape than this turn's.
    assert_eq!(
        line(&["play", "games/crossway.game", "--size", "5"], "c2-c4"),
        "c2-c4 does not fit this turn: this turn is \"place a stone\", written as a point such as c3 (columns a to e, rows 1 to 5)"
    );
}

/// A two-step turn written with its first step alone says what is missing, with a legal
/// example that starts with that step.
#[test]
fn a_half_written_two_step_move_says_what_is_missing() {
    let (_, out) = play(
        &["play", "games/windborne.game", "--size", "3"],
        b"c3\nc3,c3\na3,b3\nc2,c2\nb3-b5\nb3-b5,d4\n",
    );
    assert!(out.contains("`c3` is only the first step: this turn is place a disk, then place a pawn; after placing the disk, write a comma and the pawn's cell, e.g. `c3,"), "{out}");
    assert!(out.contains("`b3-b5` is only the first step: this turn is slide a pawn, then place a disk; after the slide, write a comma and the disk's cell, e.g. `b3-b5,"), "{out}");
    assert!(out.contains("last: white b3-b5,d4\n"), "{out}");
}

#[test]
fn rules_and_help_moves_show_the_notation_with_examples() {
    let (_, out) = play(
        &["play", "games/windborne.game", "--size", "3"],
        b"help moves\nrules\n",
    );
    let notation = "how to write a move (a cell is its column letter and row number: columns a to e, rows 1 to 5; the columns run up and to the right):
  while count pawn < 3: \"place a disk, then place a pawn\", written as CELL,CELL such as c3,c3 (the turn now)
  otherwise: \"slide a pawn, then place a disk\", written as FROM-TO,CELL such as ";
    assert!(out.contains("  moves [CELL]"), "{out}");
    assert_eq!(out.matches(notation).count(), 2, "{out}");
    assert!(
        out.contains(", or the second step alone if the pawn stays put, a cell such as "),
        "{out}"
    );
    assert!(
        out.contains("  `swap` on the second player's first turn"),
        "{out}"
    );
    assert!(
        !out.contains("`pass` when"),
        "Windborne has no pass:\n{out}"
    );
    let (_, out) = play(
        &["play", "games/crossway.game", "--size", "5"],
        b"help moves\n",
    );
    assert!(
        out.contains("  \"place a stone\", written as a point such as c3\n  `swap` on the second player's first turn (instead of a move: take over the first move and its colour)\n  `pass` when there is no other move\n"),
        "{out}"
    );
}
