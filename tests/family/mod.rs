//! Independent, naive reference implementations of eight classic connection games
//! (Havannah, Y, Omny, Gale, Lines of Action, Gonnect, Slither, Unlur), written in plain
//! Rust from `FAMILY.md` (and `RULES.md`'s shared conventions) alone, so that weft's
//! rule files for them can later be played in lockstep against something that
//! shares no code with weft. Nothing under `tests/family/` uses the `weft` crate.
//!
//! Conventions (RULES.md, FAMILY.md):
//! - colour 0 is black, colour 1 is white; black moves first in all eight games
//!   (Unlur: the first player, who moves first, starts as black; its opening pass
//!   may change the seats, recorded like the swap, or keep white to move: see
//!   `unlur.rs`, which has its own random-game driver for that reason);
//! - everything is in colour terms: the swap (pie), where a game has it, is a move
//!   of ply 1 only, leaves the board as it is and keeps white to move (the players
//!   change seats, not the colours' turn order);
//! - a forced pass is the move `pass`; the swap and a forced pass count in perft;
//!   a finished game has no legal move and is not extended in perft;
//! - a move's text is exactly weft's notation: a cell name (`c4`), `swap`, `pass`
//!   (forced, or Unlur's opening pass), `FROM-TO` for a one-piece move, and steps
//!   joined by `,` for a two-step turn.
//!
//! Clarity wins over speed: whole-board flood fills everywhere.

pub mod common;
pub mod gale;
pub mod gonnect;
pub mod havannah;
pub mod loa;
pub mod omny;
pub mod slither;
pub mod unlur;
pub mod y;

use std::collections::HashSet;

/// How a game ended, in colour terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RefOutcome {
    /// `colour` won; `how` names the goal(s) reached, in a fixed order per game
    /// (Havannah: some of "ring", "bridge", "fork"; connection games: "connection";
    /// Omny: "separation"; Gonnect also "no-move" when the loser cannot move;
    /// Unlur: the one shape that decided, "white-shape" or "black-shape").
    Win {
        colour: usize,
        how: Vec<&'static str>,
    },
    Draw,
}

/// The interface shared by the eight references.
pub trait Reference: Clone {
    /// Every legal move in notation (`swap` and `pass` included when legal), each
    /// once; empty when the game is over.
    fn legal_moves(&self) -> Vec<String>;
    /// Plays a move; panics on an illegal one.
    fn play(&mut self, mv: &str);
    /// `None` while the game goes on.
    fn outcome(&self) -> Option<RefOutcome>;
    /// The colour to move.
    fn to_move(&self) -> usize;
    /// Moves played so far (the swap and passes included).
    fn ply(&self) -> u32;
    /// Each cell's name and content (`Some(colour)` or empty), for comparing positions.
    fn board(&self) -> Vec<(String, Option<usize>)>;
    /// The cells the last move emptied by capture (games without captures: none).
    fn last_captures(&self) -> Vec<String> {
        Vec::new()
    }
    /// Whether the players have changed seats, for a reference that keeps track of it
    /// (Unlur's opening pass); `None` for the others (the swap is not tracked).
    fn changed_seats(&self) -> Option<bool> {
        None
    }
}

/// Perft: element `d - 1` counts the move sequences of length `d` from `r`
/// (a finished game is not extended).
pub fn perft<R: Reference>(r: &R, depth: usize) -> Vec<u64> {
    fn walk<R: Reference>(r: &R, level: usize, counts: &mut [u64]) {
        let moves = r.legal_moves();
        counts[level] += moves.len() as u64;
        if level + 1 < counts.len() {
            for m in moves {
                let mut child = r.clone();
                child.play(&m);
                walk(&child, level + 1, counts);
            }
        }
    }
    let mut counts = vec![0; depth];
    if depth > 0 {
        walk(r, 0, &mut counts);
    }
    counts
}

/// splitmix64: the references' own random numbers.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Plays uniformly random legal moves from `start` until the game ends (at most
/// `max_plies` moves; a game still going then fails the test), checking the
/// interface's invariants at every ply. Returns the final state and the moves.
pub fn random_game<R: Reference>(start: &R, rng: &mut Rng, max_plies: u32) -> (R, Vec<String>) {
    let mut r = start.clone();
    let mut played = Vec::new();
    loop {
        let moves = r.legal_moves();
        let distinct: HashSet<&String> = moves.iter().collect();
        assert_eq!(
            distinct.len(),
            moves.len(),
            "a move listed twice: {moves:?}"
        );
        match r.outcome() {
            Some(o) => {
                assert!(moves.is_empty(), "moves after the end: {moves:?}");
                if let RefOutcome::Win { colour, how } = &o {
                    assert!(*colour < 2 && !how.is_empty(), "{o:?}");
                }
                return (r, played);
            }
            None => assert!(!moves.is_empty(), "no move and no outcome after {played:?}"),
        }
        if moves.iter().any(|m| m == "pass") {
            assert_eq!(moves.len(), 1, "a pass only when forced: {moves:?}");
        }
        if moves.iter().any(|m| m == "swap") {
            assert_eq!(r.ply(), 1, "the swap only at ply 1");
        }
        assert!(
            played.len() < max_plies as usize,
            "no end after {max_plies} plies: {played:?}"
        );
        let m = moves[rng.below(moves.len())].clone();
        let (ply, mover) = (r.ply(), r.to_move());
        r.play(&m);
        assert_eq!(r.ply(), ply + 1);
        if m == "swap" {
            assert_eq!(r.to_move(), mover, "the swap keeps the colour to move");
        } else {
            assert_eq!(r.to_move(), 1 - mover);
        }
        played.push(m);
    }
}

/// A perft table of `tests/data/*.perft`: its `size`, its swap setting
/// (`swap no` or `swap yes`, default yes), its `set name=value` lines and counts.
pub struct PerftTable {
    pub size: Option<i32>,
    pub swap: bool,
    pub sets: Vec<(String, String)>,
    pub counts: Vec<u64>,
}

pub fn read_perft(path: &str) -> PerftTable {
    let full = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    let text = std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut t = PerftTable {
        size: None,
        swap: true,
        sets: Vec::new(),
        counts: Vec::new(),
    };
    for line in text.lines() {
        let line = line.split('#').next().unwrap().trim();
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            [] | ["file", _] | ["quick", _] => {}
            ["size", n] => t.size = Some(n.parse().unwrap()),
            ["swap", v] => t.swap = *v != "no",
            ["set", kv] => {
                let (k, v) = kv.split_once('=').unwrap();
                t.sets.push((k.to_string(), v.to_string()));
            }
            [d, n] => {
                assert_eq!(d.parse::<usize>().unwrap(), t.counts.len() + 1, "{path}");
                t.counts.push(n.parse().unwrap());
            }
            other => panic!("{path}: bad line {other:?}"),
        }
    }
    t
}

/// Runs `games` random games from `start` (seeds `seed..seed + games`) and returns
/// the outcomes, with each game's length checked against `max_plies`.
pub fn random_games<R: Reference>(
    start: &R,
    games: u64,
    seed: u64,
    max_plies: u32,
) -> Vec<RefOutcome> {
    (0..games)
        .map(|i| {
            let mut rng = Rng::new(seed.wrapping_add(i));
            random_game(start, &mut rng, max_plies).0.outcome().unwrap()
        })
        .collect()
}

/// A number of random games: as given in release builds, a quarter in the test
/// profile (for the slower references).
pub fn games(n: u64) -> u64 {
    if cfg!(debug_assertions) {
        n / 4
    } else {
        n
    }
}

/// Wins per colour and draws among outcomes.
pub fn tally(outcomes: &[RefOutcome]) -> [usize; 3] {
    let mut t = [0; 3];
    for o in outcomes {
        match o {
            RefOutcome::Win { colour, .. } => t[*colour] += 1,
            RefOutcome::Draw => t[2] += 1,
        }
    }
    t
}

/// How deep the normal tests check a perft file: 4 in release builds, 3 in the
/// test profile; the ignored `family_deep_perft` checks every depth.
pub fn checked_depth(table: &PerftTable) -> usize {
    table
        .counts
        .len()
        .min(if cfg!(debug_assertions) { 3 } else { 4 })
}

/// Every depth of the perft files (about 90 s in release: run with `--ignored`).
#[test]
#[ignore]
fn family_deep_perft() {
    let t = read_perft("tests/data/loa-8.perft");
    assert_eq!(perft(&loa::Loa::new(false), t.counts.len()), t.counts);
    let t = read_perft("tests/data/gonnect-5.perft");
    assert_eq!(
        perft(&gonnect::Gonnect::new(5, t.swap), t.counts.len()),
        t.counts
    );
    let t = read_perft("tests/data/slither-4.perft");
    assert_eq!(
        perft(&slither::Slither::new(4, t.swap), t.counts.len()),
        t.counts
    );
    let t = read_perft(unlur::PERFT_FILE);
    assert_eq!(perft(&unlur::Unlur::new(3), t.counts.len()), t.counts);
}
