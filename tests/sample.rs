//! Random moves are drawn uniformly from the legal moves (`src/sample.rs`): placement
//! games by rejection with the swap as one more candidate, compound turns by rejection
//! over pairs. Chi-square tests against `legal_moves`.

use crate::common;
use std::collections::HashMap;
use weft::engine::cell_sets;
use weft::engine::lines::{self, LineRule};
use weft::engine::rng::Rng;
use weft::engine::slides::{self, SlideRule};
use weft::engine::state::{Move, State};
use weft::rules::{CellPred, StepRule};
use weft::Overrides;

/// Draws many random moves in `s` and checks that each is legal and that their
/// frequencies fit the uniform distribution over `legal_moves` (a chi-square test
/// with a wide margin; the seed is fixed, so the test is deterministic).
fn assert_uniform(s: &State, per_move: usize) {
    let legal = s.legal_moves();
    let k = legal.len();
    assert!(k > 1, "a position with a choice");
    let mut rng = Rng::new(5);
    let mut seen: HashMap<Move, usize> = HashMap::new();
    for _ in 0..k * per_move {
        let m = s.clone().random_move(&mut rng).expect("a move");
        *seen.entry(m).or_default() += 1;
    }
    for m in seen.keys() {
        assert!(legal.contains(m), "{m:?} is not legal");
    }
    let expected = per_move as f64;
    let chi2: f64 = legal
        .iter()
        .map(|m| {
            let o = *seen.get(m).unwrap_or(&0) as f64;
            (o - expected) * (o - expected) / expected
        })
        .sum();
    let dof = (k - 1) as f64;
    assert!(
        chi2 < dof + 6.0 * (2.0 * dof).sqrt(),
        "chi-square {chi2:.0} for {dof} degrees of freedom"
    );
}

fn windborne(side: i64) -> State {
    State::new(common::rules("windborne", side))
}

#[test]
fn a_placement_or_the_swap_is_drawn_uniformly() {
    // Placement games draw by rejection from the empty cells, the swap one more
    // candidate; late in a game many candidates are illegal.
    let s = State::new(common::rules("crosswind", 5));
    let s = s.replay("c3").unwrap();
    assert!(s.legal_moves().contains(&Move::Swap));
    assert_uniform(&s, 300);
    let mut s = s;
    let mut rng = Rng::new(9);
    while s.legal_moves().len() > 8 {
        let m = s.random_move(&mut rng).unwrap();
        s.play_unchecked(m);
    }
    assert!(!s.is_over() && s.legal_moves().len() > 1);
    assert_uniform(&s, 1000);
}

#[test]
fn a_dependent_turn_is_drawn_uniformly() {
    // Place a disk, then a pawn on an empty cell or the own disk just placed.
    let s = windborne(3);
    assert_uniform(&s, 200);
    // The second player's first turn: the swap is one more move.
    let s1 = s.clone().replay("b2,b2").unwrap();
    assert!(s1.legal_moves().contains(&Move::Swap));
    assert_uniform(&s1, 200);
    // With pieces about, the second step's choices depend more on the first.
    let s = s.replay("b2,b2 c3,d3").unwrap();
    assert_uniform(&s, 200);
}

#[test]
fn a_pair_is_uniform_when_the_first_step_changes_the_seconds_choices() {
    // A capture frees a cell, so after it the placement has one choice more: drawing
    // the first step, then the second among its choices, would favour the others.
    let text = "game \"t\"\nplayers white black\nboard rectangle 4 by 5\n\
                edges top: white\nedges bottom: black\npiece man\n\
                setup white: man on c1 c2 a1\nsetup black: man on c5 a5 d5\n\
                turn: move line of man, exactly its length, capture if longer, \
                then place man on empty\nwin: crossing race into own edges\n";
    let rules = weft::load_str("t.game", text, &Overrides::default())
        .unwrap_or_else(|r| panic!("{r}"))
        .rules;
    let s = State::new(rules);
    let mut seconds: HashMap<_, usize> = HashMap::new();
    for m in s.legal_moves() {
        if let Move::Two(a, _) = m {
            *seconds.entry(a).or_default() += 1;
        }
    }
    let sizes: std::collections::BTreeSet<usize> = seconds.values().copied().collect();
    assert!(
        sizes.len() > 1,
        "first steps with different numbers of seconds"
    );
    // Many draws: the bias this guards against is a few percent.
    assert_uniform(&s, 4000);
}

#[test]
fn an_independent_turn_with_a_skippable_slide_is_drawn_uniformly() {
    // Three pawns placed (no swap taken): now slide a pawn (or not), then place.
    let mut s = windborne(3);
    for i in 0..3 {
        let moves: Vec<Move> = s
            .legal_moves()
            .into_iter()
            .filter(|m| *m != Move::Swap)
            .collect();
        s.play_unchecked(moves[(i * 37 + 11) % moves.len()]);
    }
    assert!(s.legal_moves().iter().any(|m| matches!(m, Move::Place(_))));
    assert!(s.legal_moves().iter().any(|m| matches!(m, Move::Two(..))));
    assert_uniform(&s, 200);
}

#[test]
fn a_placement_on_any_cell_free_of_its_kind_is_uniform_on_a_crowded_board() {
    // `place disk on no disk`: the position keeps the cells free of disks as a list
    // and draws from it. A second kind placed so (`place stone on no stone`) is not
    // listed: it tries a few cells of the board before drawing from the set of free
    // cells. Late in a game on 37 cells with 2 to 4 cells free of the kind most tries
    // miss, so both ways are taken; the moves must be uniform either way.
    crowded_placements_are_uniform(common::rules("windborne", 4), 0);
    let two = common::load("tests/data/two-free-kinds.game", None, &[]);
    crowded_placements_are_uniform(two, 1);
}

/// `assert_uniform` at three positions of random games of `rules` where 2 to 4 cells
/// are free of `kind`, the turn's placement is of that kind and a slide is possible.
fn crowded_placements_are_uniform(rules: std::sync::Arc<weft::rules::Rules>, kind: usize) {
    let n = rules.board().len();
    let free = |s: &State| {
        let cells = s.cells();
        rules
            .board()
            .cells()
            .filter(|&c| cells[kind * n + c as usize] == 0)
            .count()
    };
    let mut checked = 0;
    for seed in 0..100 {
        let mut s = State::new(rules.clone());
        let mut rng = Rng::new(seed);
        while free(&s) > 4 {
            match s.random_move(&mut rng) {
                Some(m) if !s.is_over() => s.play_unchecked(m),
                _ => break,
            }
        }
        let slides = s.legal_moves().iter().any(|m| matches!(m, Move::Two(..)));
        if s.is_over() || free(&s) < 2 || !slides {
            continue;
        }
        assert_uniform(&s, 300);
        checked += 1;
        if checked == 3 {
            break;
        }
    }
    assert_eq!(checked, 3, "three crowded positions found");
}

/// The pieces on the board.
fn pieces(s: &State) -> usize {
    s.cells().iter().filter(|&&v| v != 0).count()
}

/// Plays `plies` random moves from the start of `rules` with a seeded stream.
fn after_random(rules: std::sync::Arc<weft::rules::Rules>, plies: usize, seed: u64) -> State {
    let mut s = State::new(rules);
    let mut rng = Rng::new(seed);
    for _ in 0..plies {
        match s.random_move(&mut rng) {
            Some(m) if !s.is_over() => s.play_unchecked(m),
            _ => break,
        }
    }
    s
}

#[test]
fn a_line_move_is_drawn_uniformly_without_listing() {
    // Line moves are drawn by rejection over (front, direction, length, distance):
    // lines of several pieces, captures and frozen pieces all among the candidates.
    let mut lines = 0;
    let mut captures = 0;
    for (plies, seed) in [(0, 1), (12, 2), (40, 3), (70, 4), (110, 5)] {
        let s = after_random(common::load("games/crossings.game", None, &[]), plies, seed);
        if s.is_over() || s.legal_moves().len() < 2 {
            continue;
        }
        let legal = s.legal_moves();
        lines += legal
            .iter()
            .filter(|m| matches!(m, Move::One(weft::engine::state::Step::Line { .. })))
            .count();
        captures += legal
            .iter()
            .filter(|m| {
                let after = s.clone().play(**m).expect("a listed move is legal");
                pieces(&after) < pieces(&s)
            })
            .count();
        assert_uniform(&s, 150);
    }
    assert!(
        lines > 0 && captures > 0,
        "{lines} line moves, {captures} captures"
    );
    // Lines that may stop short (a distance as well as a length), on a board with holes.
    let open = common::load("games/crossings-open.game", None, &[]);
    for (plies, seed) in [(0, 6), (30, 7), (80, 8)] {
        let s = after_random(open.clone(), plies, seed);
        if !s.is_over() && s.legal_moves().len() > 1 {
            assert_uniform(&s, 150);
        }
    }
}

/// The line moves found on bit sets (`lines::list`) are the moves `line_options`
/// lists, for both players, in the positions of random games: lines of every
/// length, moving exactly or up to their length, with captures and frozen pieces,
/// on boards of one word and of several (rectangles, a hexagon, holes).
#[test]
fn line_moves_on_bit_sets_are_the_listed_ones() {
    let games: [(&str, &[(&str, &str)]); 6] = [
        ("games/crossings.game", &[]),
        ("games/crossings-open.game", &[]),
        ("games/crossings.game", &[("width", "13"), ("height", "9")]),
        (
            "games/crossings-open.game",
            &[("width", "5"), ("height", "11")],
        ),
        ("tests/data/lines-hexagon.game", &[]),
        ("tests/data/lines-plain.game", &[]),
    ];
    let mut positions = 0;
    for (file, sets) in games {
        let o = weft::Overrides {
            sets: sets
                .iter()
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect(),
            size: None,
        };
        let path = format!("{}/{file}", env!("CARGO_MANIFEST_DIR"));
        let rules = weft::load_file(&path, &o)
            .unwrap_or_else(|e| panic!("{e}"))
            .rules;
        for seed in 0..6 {
            let mut s = State::new(rules.clone());
            let mut rng = Rng::new(seed);
            for _ in 0..300 {
                for mover in 0..2 {
                    let v = s.view(mover);
                    for rule in rules.turns().iter().flat_map(|t| &t.steps) {
                        let StepRule::Line {
                            piece,
                            up_to,
                            capture,
                        } = *rule
                        else {
                            continue;
                        };
                        let line = LineRule {
                            kind: piece,
                            up_to,
                            capture,
                        };
                        let (mut got, mut want) = (vec![], vec![]);
                        lines::list(&v, line, &mut got);
                        v.line_options(piece, up_to, capture, &mut want);
                        got.sort_unstable();
                        want.sort_unstable();
                        assert_eq!(got, want, "{file} {sets:?} mover {mover} {:?}", s.cells());
                        positions += 1;
                    }
                }
                match s.random_move(&mut rng) {
                    Some(m) if !s.is_over() => s.play_unchecked(m),
                    _ => break,
                }
            }
        }
    }
    assert!(positions > 10_000, "{positions} positions");
}

#[test]
fn play_out_plays_the_games_random_move_plays() {
    // `play_out` plays the placements of a game with a plain goal in a loop of its own
    // (Crossway, Crosswind, Hex and Y have plain goals), and everything else as
    // `random_move` and `play_unchecked` do: the same games, move for move, with or
    // without a ply limit. The position `play_out_with` shows before each move must be
    // the one stepping reaches, and a game it cut short must go on exactly as a stepped
    // one does (the empty list, its index and the groups left as `apply` leaves them).
    // Turns drawn apart (Windborne's, and one whose slide may not be left out, so that
    // players run out of moves) are played by a loop of their own too.
    let files = common::game_files().into_iter().map(|p| {
        let name = p.file_name().unwrap().to_str().unwrap().to_string();
        format!("games/{name}")
    });
    for name in files.chain(["tests/data/slide-then-place.game".to_string()]) {
        let name = name.as_str();
        let rules = common::load(name, None, &[]);
        for seed in 0..4 {
            let start = State::new(rules.clone());
            let mut rng = Rng::new(seed);
            let mut by_move = start.clone();
            let mut seen = Vec::new();
            loop {
                // Copied before the draw, which may reorder the empty list.
                let before = by_move.clone();
                let Some(m) = by_move.random_move(&mut rng) else {
                    break;
                };
                seen.push((before, m));
                by_move.play_unchecked(m);
            }
            let moves = seen.len() as u32;
            let mut rng = Rng::new(seed);
            let mut played = start.clone();
            assert_eq!(played.play_out(&mut rng, u32::MAX), moves, "{name}");
            assert_eq!(played.cells(), by_move.cells(), "{name}");
            assert_eq!(played.outcome(), by_move.outcome(), "{name}");
            assert_eq!(played.ply(), by_move.ply(), "{name}");
            assert!(played == by_move, "{name} seed {seed}: the end");
            assert_eq!(played.decided_by(), by_move.decided_by(), "{name}");
            let mut rng = Rng::new(seed);
            let mut shown_at = start.clone();
            let mut shown = Vec::new();
            shown_at.play_out_with(&mut rng, u32::MAX, |s, m| shown.push((s.clone(), m)));
            assert_eq!(shown.len(), seen.len(), "{name} seed {seed}");
            for (i, (a, b)) in shown.iter().zip(&seen).enumerate() {
                assert_eq!(a.1, b.1, "{name} seed {seed} move {i}");
                assert!(a.0 == b.0, "{name} seed {seed} before move {i}");
                assert_eq!(a.0.empty_count(), b.0.empty_count(), "{name} move {i}");
            }
            // Cut short (the limit counts the whole game's plies), then both played on
            // move by move from the same numbers.
            for limit in [moves / 2, moves / 3] {
                let mut rng = Rng::new(seed);
                let mut cut = start.clone();
                assert_eq!(cut.play_out(&mut rng, limit), limit, "{name}");
                assert_eq!(cut.ply(), limit, "{name}");
                assert_eq!(cut.outcome(), None, "{name}");
                let mut stepped = seen[limit as usize].0.clone();
                assert!(cut == stepped, "{name} seed {seed}: cut at {limit}");
                let mut rng_cut = Rng::new(seed + 100);
                let mut rng_stepped = Rng::new(seed + 100);
                loop {
                    let a = cut.random_move(&mut rng_cut);
                    let b = stepped.random_move(&mut rng_stepped);
                    assert_eq!(a, b, "{name} seed {seed}: on from ply {}", cut.ply());
                    let Some(m) = a else { break };
                    cut.play_unchecked(m);
                    stepped.play_unchecked(m);
                    assert!(cut == stepped, "{name} seed {seed}: ply {}", cut.ply());
                }
            }
        }
    }
}

#[test]
fn the_placement_loop_plays_as_the_general_path_does() {
    // A ko rule cannot matter in a game whose stones never leave (no position comes
    // back), but it keeps a game off the plain-goal placement loop: the same rules
    // played both ways must give the same games, position for position, with the same
    // bookkeeping (the last move, the status, what decided the game).
    for name in ["crossway", "crosswind", "hex", "y"] {
        let path = format!("games/{name}.game");
        let text = std::fs::read_to_string(common::project(&path)).unwrap();
        let o = weft::Overrides {
            sets: vec![],
            size: Some(7),
        };
        let load = |t: &str| {
            weft::load_str(&path, t, &o)
                .unwrap_or_else(|e| panic!("{e}"))
                .rules
        };
        let (plain, general) = (load(&text), load(&format!("{text}\nko: simple\n")));
        for seed in 0..20 {
            let [(plain_end, plain_shown), (general_end, general_shown)] =
                [plain.clone(), general.clone()].map(|rules| {
                    let mut s = State::new(rules);
                    let mut shown = Vec::new();
                    s.play_out_with(&mut Rng::new(seed), u32::MAX, |s, m| {
                        shown.push((
                            m,
                            s.cells().to_vec(),
                            s.ply(),
                            s.to_move(),
                            s.last_move(),
                            s.outcome(),
                            s.swapped(),
                        ))
                    });
                    (s, shown)
                });
            assert_eq!(plain_shown, general_shown, "{name} seed {seed}");
            assert_eq!(plain_end.cells(), general_end.cells(), "{name} seed {seed}");
            assert_eq!(plain_end.ply(), general_end.ply(), "{name} seed {seed}");
            assert_eq!(plain_end.last_move(), general_end.last_move(), "{name}");
            assert_eq!(plain_end.outcome(), general_end.outcome(), "{name}");
            assert_eq!(plain_end.decided_by(), general_end.decided_by(), "{name}");
            assert_eq!(plain_end.legal_moves(), general_end.legal_moves(), "{name}");
        }
    }
}

/// Plays random games of `rules` (seeds `0..seeds`, at most `plies` moves each) and
/// calls `f` with every position.
fn each_position(
    rules: &std::sync::Arc<weft::rules::Rules>,
    seeds: u64,
    plies: usize,
    mut f: impl FnMut(&State),
) {
    for seed in 0..seeds {
        let mut s = State::new(rules.clone());
        let mut rng = Rng::new(seed);
        for _ in 0..plies {
            f(&s);
            match s.random_move(&mut rng) {
                Some(m) if !s.is_over() => s.play_unchecked(m),
                _ => break,
            }
        }
    }
}

/// The slide games: Windborne (a neutral pawn, any distance, two directions of a
/// hexagon), Lines of Action (a distance counted on the line, captures), Slither
/// (exactly 1, a square board), the mixed test game (up to 3 cells, a condition
/// reading a region, frozen pieces, holes, neutral rocks) and the capturing one (any
/// distance, stops that are not cells passed: an enemy stone).
fn slide_games() -> Vec<std::sync::Arc<weft::rules::Rules>> {
    vec![
        common::load("games/windborne.game", Some(4), &[]),
        common::load("games/loa.game", None, &[]),
        common::load("games/slither.game", Some(6), &[]),
        common::load("tests/data/slides-mixed.game", None, &[]),
        common::load("tests/data/slides-capture.game", None, &[]),
    ]
}

/// The slides found on bit sets (`slides::list`) are the slides `slide_options`
/// lists, in the same order, for both players, in the positions of random games of
/// every slide game.
#[test]
fn slides_on_bit_sets_are_the_listed_ones() {
    let mut positions = 0;
    for rules in slide_games() {
        each_position(&rules, 6, 150, |s| {
            for mover in 0..2 {
                let v = s.view(mover);
                for rule in rules.turns().iter().flat_map(|t| &t.steps) {
                    let StepRule::Slide {
                        piece,
                        distance,
                        through,
                        onto,
                    } = rule
                    else {
                        continue;
                    };
                    let (mut got, mut want) = (vec![], vec![]);
                    let rule = SlideRule {
                        kind: *piece,
                        distance,
                        through,
                        onto,
                    };
                    slides::list(&v, rule, &mut got);
                    v.slide_options(*piece, distance, through, onto, &mut want);
                    assert_eq!(got, want, "{} mover {mover} {:?}", rules.name(), s.cells());
                    positions += 1;
                }
            }
        });
    }
    assert!(positions > 2_000, "{positions} positions");
}

/// A random cell condition over `kinds` piece kinds and the board's regions.
fn random_condition(rng: &mut Rng, kinds: usize, regions: usize, depth: u32) -> CellPred {
    let k = rng.below(kinds as u32) as usize;
    match rng.below(if depth == 0 { 6 } else { 9 }) {
        0 => CellPred::Empty,
        1 => CellPred::No(k),
        2 => CellPred::Own(k),
        3 => CellPred::Enemy(k),
        4 => CellPred::Any(k),
        5 => CellPred::In(1 + rng.below((1 << regions.min(4)) - 1)),
        6 => CellPred::Not(Box::new(random_condition(rng, kinds, regions, depth - 1))),
        7 => CellPred::And(
            (0..2)
                .map(|_| random_condition(rng, kinds, regions, depth - 1))
                .collect(),
        ),
        _ => CellPred::Or(
            (0..3)
                .map(|_| random_condition(rng, kinds, regions, depth - 1))
                .collect(),
        ),
    }
}

/// The cells a condition's set holds (`cell_sets`) are those `cell_ok` accepts, for
/// random conditions as trees and as tables (products of what each kind and region
/// allows, and others), both movers, in positions of random games on boards of one
/// to three words, with holes and regions.
#[test]
fn cell_sets_are_the_cells_meeting_the_condition() {
    let mut rng = Rng::new(23);
    let mut checked = 0;
    for rules in slide_games()
        .into_iter()
        .chain([common::load("games/gale.game", None, &[])])
    {
        let b = rules.board();
        let kinds = rules.pieces().len();
        let regions = b.region_names().len();
        let mut conditions: Vec<CellPred> = (0..40)
            .map(|_| random_condition(&mut rng, kinds, regions, 3))
            .collect();
        let tabled: Vec<CellPred> = conditions
            .iter()
            .map(|c| match c.tabled(kinds) {
                CellPred::Table(mut t) => {
                    std::sync::Arc::make_mut(&mut t).place_on(b);
                    CellPred::Table(t)
                }
                other => other,
            })
            .collect();
        conditions.extend(tabled);
        each_position(&rules, 3, 60, |s| {
            let Some(planes) = s.planes() else {
                return;
            };
            for mover in 0..2 {
                let v = s.view(mover);
                for c in &conditions {
                    let words = cell_sets::cell_words(&rules, planes, mover, c);
                    for cell in 0..b.len() as u16 {
                        let want = b.contains(cell) && v.cell_ok(c, cell);
                        let got = words[cell as usize / 64] >> (cell % 64) & 1 == 1;
                        assert_eq!(got, want, "{} {c:?} cell {cell}", rules.name());
                    }
                    checked += 1;
                }
            }
        });
    }
    assert!(checked > 10_000, "{checked} sets");
}

#[test]
fn a_slide_turn_with_extra_moves_is_drawn_uniformly() {
    // Single-step slide turns drawn from the slides' bit sets, the turn's pass one
    // more candidate (the mixed game), and Lines of Action's counted slides.
    for (rules, plies) in [
        (
            common::load("tests/data/slides-mixed.game", None, &[]),
            [0, 7, 30],
        ),
        (common::load("games/loa.game", None, &[]), [0, 9, 40]),
    ] {
        for (seed, plies) in plies.into_iter().enumerate() {
            let s = after_random(rules.clone(), plies, seed as u64 + 40);
            if !s.is_over() && s.legal_moves().len() > 1 {
                assert_uniform(&s, 150);
            }
        }
    }
}

#[test]
fn a_slide_that_may_stop_on_a_cell_it_may_not_pass_is_drawn_uniformly() {
    // Any distance through empty cells, onto an empty cell or an enemy stone: the
    // rejection draw tests a candidate's stop apart from the cells before it. Early,
    // late, and with captures on the board.
    let rules = common::load("tests/data/slides-capture.game", None, &[]);
    let mut tested = 0;
    for (plies, seed) in [(0, 1), (2, 2), (5, 3), (8, 4), (12, 5)] {
        let s = after_random(rules.clone(), plies, seed);
        if !s.is_over() && s.legal_moves().len() > 1 {
            assert_uniform(&s, 150);
            tested += 1;
        }
    }
    assert!(tested >= 3, "{tested} positions");
}

#[test]
fn a_placement_from_its_set_with_a_pass_is_drawn_uniformly() {
    // Placements of the general path are drawn from the set of the cells that take
    // them: Unlur's first turns (inside the edges, a region the condition reads, the
    // turn's pass one more candidate), and Gale's (its setup makes it a general-path
    // game).
    let unlur = common::load("games/unlur.game", Some(5), &[]);
    let mut with_pass = 0;
    for (plies, seed) in [(0, 3), (2, 4), (5, 5)] {
        let s = after_random(unlur.clone(), plies, seed);
        with_pass += usize::from(s.legal_moves().contains(&Move::Pass));
        assert_uniform(&s, 200);
    }
    assert!(with_pass >= 2, "Unlur's first turns may pass");
    let gale = common::load("games/gale.game", Some(7), &[]);
    assert_uniform(&after_random(gale, 6, 4), 200);
}
