//! Which of the board's symmetries the solver may use, derived from the rules.
//!
//! A board symmetry maps every position to one of the same value only if it keeps the
//! whole rule set: the goal's adjacency, each player's own regions (as a set: top and
//! bottom may trade places for the player who owns both), and the forbidden glyphs. The
//! first two are checked cell by cell. For glyphs the compiled rules expose only each
//! picture and its number of distinct forms, so the check is conservative: a glyph is
//! known to be closed under every rotation and reflection when its form count equals the
//! size of its full orbit (all 8 transforms and the colour exchange), computed here from
//! the picture; any other glyph keeps the solver to the identity. Finally every kept map
//! is tried on random games (legal moves and outcomes must correspond step by step), a
//! safety net for rule features this derivation cannot see.

use crate::engine::rng::Rng;
use crate::engine::state::{Move, State};
use crate::rules::board::{Board, Cell};
use crate::rules::Rules;
use std::collections::{BTreeSet, HashMap};

/// The symmetries the solver uses, identity first, with the reasons others were left out.
#[derive(Debug, Clone)]
pub struct Symmetries {
    /// Cell maps: `maps[k][c]` is the image of cell `c`.
    pub maps: Vec<Vec<Cell>>,
    /// The inverse of each map.
    pub inverses: Vec<Vec<Cell>>,
    /// How many symmetries the board has.
    pub board_total: usize,
    /// Why symmetries were left out (empty when all are used).
    pub notes: Vec<String>,
}

/// Derives the usable symmetries of `rules`. `code_of` names the placement on each cell
/// (see [`super::search::Codec`]) and is used by the random-game check.
pub fn usable(rules: &Rules, codec: &super::search::Codec) -> Symmetries {
    let board = rules.board();
    let all = board.symmetries();
    let board_total = all.len();
    let mut notes = Vec::new();
    let mut keep: Vec<Vec<Cell>> = Vec::new();
    let glyph_problem = glyphs_closed(rules).err();
    let square = matches!(board.shape, crate::rules::BoardShape::Square);
    for (k, map) in all.into_iter().enumerate() {
        if k == 0 {
            keep.push(map);
            continue;
        }
        if !square {
            continue;
        }
        if glyph_problem.is_some() {
            continue;
        }
        if !keeps_adjacency(board, &map, rules.connect().adjacency) {
            continue;
        }
        if !(0..rules.players().len()).all(|p| keeps_regions(board, &map, rules.connect().own[p])) {
            continue;
        }
        keep.push(map);
    }
    if !square {
        notes.push("symmetry is only derived for square boards so far".into());
    }
    if let Some(g) = glyph_problem {
        notes.push(g);
    }
    let structural = keep.len();
    keep = spot_check(rules, codec, keep);
    if keep.len() < structural {
        notes.push(format!(
            "{} symmetr{} failed a check on random games and {} left out",
            structural - keep.len(),
            if structural - keep.len() == 1 {
                "y"
            } else {
                "ies"
            },
            if structural - keep.len() == 1 {
                "is"
            } else {
                "are"
            },
        ));
    }
    if keep.len() < board_total && notes.is_empty() {
        notes.push("the others move a player's edges onto another player's".into());
    }
    let inverses = keep
        .iter()
        .map(|m| {
            let mut inv = vec![0 as Cell; m.len()];
            for (c, &i) in m.iter().enumerate() {
                inv[i as usize] = c as Cell;
            }
            inv
        })
        .collect();
    Symmetries {
        maps: keep,
        inverses,
        board_total,
        notes,
    }
}

/// Whether `map` sends neighbours (for the goal's adjacency) to neighbours.
fn keeps_adjacency(board: &Board, map: &[Cell], adjacency: crate::rules::Adjacency) -> bool {
    let nb = board.neighbours(adjacency);
    board.cells().all(|c| {
        let mut a: Vec<Cell> = nb.of(c).iter().map(|&n| map[n as usize]).collect();
        let mut b: Vec<Cell> = nb.of(map[c as usize]).to_vec();
        a.sort_unstable();
        b.sort_unstable();
        a == b
    })
}

/// Whether `map` sends each region in `own` onto a region in `own`, one to one.
fn keeps_regions(board: &Board, map: &[Cell], own: u32) -> bool {
    let bits: Vec<u32> = (0..32).filter(|b| own & (1 << b) != 0).collect();
    let members = |bit: u32| -> BTreeSet<Cell> {
        board
            .cells()
            .filter(|&c| board.regions_of(c) & (1 << bit) != 0)
            .collect()
    };
    let mut used = BTreeSet::new();
    for &a in &bits {
        let image: BTreeSet<Cell> = members(a).iter().map(|&c| map[c as usize]).collect();
        match bits
            .iter()
            .find(|&&b| members(b) == image && !used.contains(&b))
        {
            Some(&b) => {
                used.insert(b);
            }
            None => return false,
        }
    }
    true
}

/// A picture cell: offset and symbol (as drawn: `X O . x o ?`).
type Pic = Vec<(i32, i32, char)>;

fn normalize(mut p: Pic) -> Pic {
    let mx = p.iter().map(|c| c.0).min().unwrap_or(0);
    let my = p.iter().map(|c| c.1).min().unwrap_or(0);
    for c in &mut p {
        c.0 -= mx;
        c.1 -= my;
    }
    p.sort_unstable();
    p
}

fn swap_colours(s: char) -> char {
    match s {
        'X' => 'O',
        'O' => 'X',
        'x' => 'o',
        'o' => 'x',
        s => s,
    }
}

/// The number of distinct forms of a picture under all 8 rotations and reflections of
/// the square grid and the colour exchange.
///
/// ```
/// use weft::tools::solve::symmetry::full_orbit_size;
/// assert_eq!(full_orbit_size(&["X O", "O X"]), 2); // the crosscut
/// assert_eq!(full_orbit_size(&["X . O", ". . X"]), 16); // the knight bend
/// assert_eq!(full_orbit_size(&["X X"]), 4); // two in a row, either colour
/// ```
pub fn full_orbit_size<S: AsRef<str>>(rows: &[S]) -> usize {
    let h = rows.len() as i32;
    let base: Pic = rows
        .iter()
        .enumerate()
        .flat_map(|(r, row)| {
            row.as_ref()
                .chars()
                .filter(|c| !c.is_whitespace())
                .enumerate()
                .map(move |(x, s)| (x as i32, h - 1 - r as i32, s))
        })
        .collect();
    let mut seen = BTreeSet::new();
    for swap in [false, true] {
        for t in 0..8 {
            let p = base
                .iter()
                .map(|&(x, y, s)| {
                    let (mut a, mut b) = if t >= 4 { (-x, y) } else { (x, y) };
                    for _ in 0..t % 4 {
                        (a, b) = (-b, a);
                    }
                    (a, b, if swap { swap_colours(s) } else { s })
                })
                .collect();
            seen.insert(normalize(p));
        }
    }
    seen.len()
}

/// `Ok` when every glyph is known to be closed under all board transforms, else why not.
fn glyphs_closed(rules: &Rules) -> Result<(), String> {
    for g in rules.glyphs() {
        let full = full_orbit_size(&g.picture);
        if g.forms != full {
            return Err(format!(
                "glyph \"{}\" has {} of the {} forms its picture takes under all rotations, \
                 reflections and colour exchanges, so only the identity is used",
                g.name, g.forms, full
            ));
        }
    }
    Ok(())
}

/// Plays random games from the initial position and its image under each map, move for
/// move, and keeps the maps under which legal moves and outcomes always correspond.
fn spot_check(rules: &Rules, codec: &super::search::Codec, maps: Vec<Vec<Cell>>) -> Vec<Vec<Cell>> {
    const GAMES: u64 = 24;
    let rules = std::sync::Arc::new(rules.clone());
    let start = State::new(rules.clone());
    let image = |m: Move, map: &[Cell]| -> Option<Move> { codec.map(m, map) };
    let mut out = Vec::new();
    'maps: for (k, map) in maps.into_iter().enumerate() {
        if k == 0 {
            out.push(map);
            continue;
        }
        for g in 0..GAMES {
            let mut rng = Rng::for_game(0x5EED_5011, g);
            let (mut a, mut b) = (start.clone(), start.clone());
            while !a.is_over() {
                let la = a.legal_moves();
                let lb: HashMap<Move, ()> = b.legal_moves().into_iter().map(|m| (m, ())).collect();
                if la.len() != lb.len() {
                    continue 'maps;
                }
                for &m in &la {
                    match image(m, &map) {
                        Some(i) if lb.contains_key(&i) => {}
                        _ => continue 'maps,
                    }
                }
                let m = la[rng.below(la.len() as u32) as usize];
                let Some(i) = image(m, &map) else {
                    continue 'maps;
                };
                a.play_unchecked(m);
                b.play_unchecked(i);
                if a.outcome() != b.outcome() {
                    continue 'maps;
                }
            }
            if !b.is_over() {
                continue 'maps;
            }
        }
        out.push(map);
    }
    out
}
