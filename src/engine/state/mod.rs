//! A game in progress: the position, whose turn it is, and what can be played.
//!
//! `State` is small and cheap to clone. It answers `legal_moves`, `is_legal` (with
//! the reason when a move is illegal), `play` (checked; on error it hands back the
//! move and the unchanged state) and `play_unchecked` (the fast path of playouts).
//! All bookkeeping after a move — turn, ply, seats, forced passes, the outcome —
//! happens in one place, `apply`.
//!
//! The methods are grouped by concern: [`setup`] makes positions, [`legal`] says what
//! may be played, [`play`] plays it, [`placements`] draws and plays placements, [`apart`]
//! plays the turns whose steps are drawn apart, [`status`] says where play stands.

mod apart;
mod legal;
mod placements;
mod play;
mod setup;
mod status;

pub use play::ReplayError;

use crate::engine::capture::{self, Liberties};
use crate::engine::connect::UnionFind;
use crate::engine::free_cells::FreeCells;
use crate::engine::movegen::{self, View};
pub use crate::engine::moves::{Move, Step};
use crate::engine::planes::{Planes, Upkeep};
use crate::engine::rng::Rng;
use crate::engine::sample;
use crate::engine::separation::KeptSide;
use crate::rules::board::Cell;
use crate::rules::content;
use crate::rules::{BothWin, ConditionRule, Ko, NoMove, Verdict, Whose};
use crate::rules::{Counted, Goal, GoalTest, Pred, Rules, SetupPiece, StepRule, Turn};
use std::fmt;
use std::sync::Arc;

/// `State::turn` when no turn applies.
const NO_TURN: u32 = u32::MAX;

/// Why a game ended without a winner.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DrawKind {
    /// Neither player has a legal move.
    Deadlock,
    /// The rule file's ply limit was reached.
    PlyLimit,
    /// The player to move has no legal move and the rule file says that is a draw.
    NoMove,
    /// A rule of the start of the turn (`at turn start: draw if ...`) held.
    TurnStart,
    /// A rule checked after the move (`after move: draw if ...`) held.
    AfterMove,
    /// A move made both players' winning shapes, and the rule file says that is a draw
    /// (`both win: draw`).
    BothGoals,
}

/// What decided a game that a move ended: a goal, a rule checked after the move (by
/// their index in the rules' lists), or the crossing race.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Decider {
    Goal(u16),
    AfterMove(u16),
    Race,
}

/// A designer's claim that a game broke.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Claim {
    /// `no move: impossible`: the player to move always has a legal move.
    MoverCanMove,
}

impl fmt::Display for Claim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Claim::MoverCanMove => f.write_str("the player to move always has a legal move"),
        }
    }
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The player (by colour index) won.
    Win(usize),
    Draw(DrawKind),
    /// Play stopped with no winner because a claim broke.
    Stopped(Claim),
}

/// Why a move is illegal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Illegal {
    GameOver(Outcome),
    /// The point holds a piece.
    Occupied(Cell),
    /// The placement would form a forbidden glyph: its index and the points of the occurrence.
    Glyph {
        glyph: usize,
        points: Vec<Cell>,
    },
    /// The swap is only available on the second player's first turn.
    SwapNotAvailable,
    /// Passing is allowed only when no other move is.
    PassNotAllowed,
    /// The player to move has no legal placement and must pass.
    MustPass,
    /// The move does not have the shape of this turn (its number or kinds of steps).
    Shape(String),
    /// A step of the move is illegal: its index (0-based) and why.
    Step {
        index: usize,
        reason: String,
    },
}

impl Illegal {
    /// The reason in words, naming glyphs and points.
    pub fn describe(&self, rules: &Rules) -> String {
        let b = rules.board();
        match self {
            Illegal::GameOver(o) => format!("the game is over ({})", describe_outcome(*o, rules)),
            Illegal::Occupied(c) => format!("{} is not empty", b.cell_name(*c)),
            Illegal::Glyph { glyph, points } => {
                let names: Vec<String> = points.iter().map(|c| b.cell_name(*c)).collect();
                format!(
                    "it would form the forbidden glyph \"{}\" at {}",
                    rules.glyphs()[*glyph].name,
                    names.join(" ")
                )
            }
            Illegal::SwapNotAvailable => {
                if rules.has_swap() {
                    "swap is only allowed on the second player's first turn".into()
                } else {
                    "this game has no swap rule".into()
                }
            }
            Illegal::PassNotAllowed => "passing is not allowed while a legal move exists".into(),
            Illegal::MustPass => "there is no legal placement: the only move is `pass`".into(),
            Illegal::Shape(why) => why.clone(),
            Illegal::Step { index, reason } => {
                if *index == 0 {
                    reason.clone()
                } else {
                    format!("step {}: {reason}", index + 1)
                }
            }
        }
    }
}

/// The outcome in words, e.g. `black wins`.
pub fn describe_outcome(o: Outcome, rules: &Rules) -> String {
    match o {
        Outcome::Win(p) => format!("{} wins", rules.players()[p]),
        Outcome::Draw(DrawKind::Deadlock) => "draw: neither player can move".into(),
        Outcome::Draw(DrawKind::PlyLimit) => "draw: the ply limit was reached".into(),
        Outcome::Draw(DrawKind::NoMove) => "draw: the player to move cannot move".into(),
        Outcome::Draw(DrawKind::TurnStart) => "draw by a rule of the turn's start".into(),
        Outcome::Draw(DrawKind::AfterMove) => "draw by a rule checked after the move".into(),
        Outcome::Draw(DrawKind::BothGoals) => {
            "draw: the move made both players' winning shapes".into()
        }
        Outcome::Stopped(c) => format!("stopped with no winner: broken claim \"{c}\""),
    }
}

/// A checked move that failed: the move, the reason, and the state as it was.
#[derive(Debug, Clone)]
pub struct PlayError {
    pub mv: Move,
    pub reason: Illegal,
    pub state: State,
}

/// Where play stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Status {
    /// The mover has a move.
    Ongoing,
    /// The mover has no move and must pass.
    MustPass,
    Over(Outcome),
    /// Nobody has won and no turn-start check holds; whether the mover has a move is
    /// worked out only when asked ([`State::settle`]). A random playout finds out for
    /// free: drawing a random move either finds one or learns there is none.
    Open,
}

/// What stands in one layer of a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slot {
    Empty,
    /// A piece of this player (colour index).
    Player(usize),
    /// A neutral piece.
    Neutral,
}

/// A position with everything needed to continue the game.
pub struct State {
    rules: Arc<Rules>,
    /// Per piece kind (layer), per cell: 0 empty, 1 + player, 3 neutral.
    pub(crate) cells: Vec<u8>,
    /// The same cells as bit sets, written with them, where the rules read them
    /// (`Rules::keep_planes`).
    planes: Planes,
    /// The colour (player index) to move.
    to_move: u8,
    /// Moves made so far, passes and swap included.
    ply: u32,
    /// Whether the seats have exchanged colours by the swap rule.
    swapped: bool,
    /// Simple placement games: empty cells in any order, with each cell's index
    /// unless `empty_pos_stale` (see `State::empty_index`).
    pub(crate) empty: Vec<Cell>,
    pub(crate) empty_pos: Vec<u16>,
    /// Whether `empty` was reordered without `empty_pos` (the placement loop's draws
    /// and placements leave it, which saves two stores a move and reads it never).
    empty_pos_stale: bool,
    /// Connection games whose pieces never move: groups with the edges they touch.
    uf: UnionFind,
    /// Games with the capture rule: the liberties of the union-find's groups.
    libs: Liberties,
    /// Games with a ko rule: the hash of every position so far, the current last.
    history: Vec<u64>,
    /// The passes turns allowed so far (`, or pass`), not the forced ones.
    passes: u16,
    /// Per piece kind, the pieces by layer value (0 empty; 1, 2 the players'; 3
    /// neutral), kept only for rules whose conditions read counts (`keep_counts`);
    /// empty otherwise, and a count is then read from the layer.
    counts: Vec<[u16; 4]>,
    /// Per kind whose groups separate (`Rules::separated`, in order), per colour: the
    /// regions of the board without that colour's pieces of the kind.
    regions: Vec<KeptSide>,
    /// The cells without a piece of the kind `Rules::free_listed` names (empty when it
    /// names none).
    free: FreeCells,
    /// Crossing race: 1 + the player who owes a crossing, or 0.
    owes: u8,
    /// The index of the turn that applies to the player to move (the first whose
    /// guard holds), or `NO_TURN`: worked out once a move (`find_turn`), since the
    /// move's draw, its play and the checks of the next turn's start all ask.
    turn: u32,
    status: Status,
    last: Option<Move>,
    /// What decided the game, when the last move ended it.
    decided_by: Option<Decider>,
}

impl Clone for State {
    fn clone(&self) -> State {
        State {
            rules: self.rules.clone(),
            cells: self.cells.clone(),
            planes: self.planes.clone(),
            to_move: self.to_move,
            ply: self.ply,
            swapped: self.swapped,
            empty: self.empty.clone(),
            empty_pos: self.empty_pos.clone(),
            empty_pos_stale: self.empty_pos_stale,
            uf: self.uf.clone(),
            libs: self.libs.clone(),
            history: self.history.clone(),
            passes: self.passes,
            counts: self.counts.clone(),
            regions: self.regions.clone(),
            free: self.free.clone(),
            owes: self.owes,
            turn: self.turn,
            status: self.status,
            last: self.last,
            decided_by: self.decided_by,
        }
    }

    /// Copies `source` into `self`, reusing `self`'s buffers: no allocation (and no
    /// reference-count traffic) when both follow the same rules, as in a playout loop.
    fn clone_from(&mut self, source: &State) {
        if !Arc::ptr_eq(&self.rules, &source.rules) {
            self.rules = source.rules.clone();
        }
        self.cells.clone_from(&source.cells);
        self.planes.copy_from(&source.planes);
        self.to_move = source.to_move;
        self.ply = source.ply;
        self.swapped = source.swapped;
        self.empty.clone_from(&source.empty);
        self.empty_pos.clone_from(&source.empty_pos);
        self.empty_pos_stale = source.empty_pos_stale;
        self.uf.clone_from(&source.uf);
        self.libs.copy_from(&source.libs);
        self.history.clone_from(&source.history);
        self.passes = source.passes;
        self.counts.clone_from(&source.counts);
        self.regions.clone_from(&source.regions);
        self.free.copy_from(&source.free);
        self.owes = source.owes;
        self.turn = source.turn;
        self.status = source.status;
        self.last = source.last;
        self.decided_by = source.decided_by;
    }
}

impl fmt::Debug for State {
    /// The game, whose turn, the status, and every piece as `kind@cell=owner` (a
    /// picture of the board is the interface's business).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "State {{ game: {:?}, to_move: {}, ply: {}, swapped: {}, status: {:?}, last: {:?}, pieces: [",
            self.rules.name(),
            self.to_move,
            self.ply,
            self.swapped,
            self.status,
            self.last
        )?;
        let b = &self.rules.board;
        let n = b.len();
        let mut first = true;
        for (k, piece) in self.rules.pieces.iter().enumerate() {
            for c in b.cells() {
                let v = self.cells[k * n + c as usize];
                if v != content::EMPTY {
                    let owner = content::owner(v).map_or("neutral".to_string(), |p| p.to_string());
                    let sep = if first { "" } else { " " };
                    write!(f, "{sep}{}@{}={owner}", piece.name, b.cell_name(c))?;
                    first = false;
                }
            }
        }
        f.write_str("] }")
    }
}

impl PartialEq for State {
    /// Two states are equal when they hold the same position and history facts under the
    /// same rules. The order of the internal empty list does not matter.
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.rules, &other.rules)
            && self.cells == other.cells
            && self.to_move == other.to_move
            && self.ply == other.ply
            && self.swapped == other.swapped
            && self.owes == other.owes
            && self.history == other.history
            && self.passes == other.passes
            && self.status() == other.status()
            && self.last == other.last
    }
}

impl Eq for State {}

impl State {
    pub fn rules(&self) -> &Arc<Rules> {
        &self.rules
    }

    /// The colour (player index) to move.
    pub fn to_move(&self) -> usize {
        self.to_move as usize
    }

    /// The seat (0 = the player who moved first) that plays `colour` now.
    pub fn seat_of(&self, colour: usize) -> usize {
        colour ^ usize::from(self.swapped)
    }

    /// Whether a pass now is the turn's own (`, or pass`), not a forced one.
    pub fn turn_allows_pass(&self) -> bool {
        self.current_turn(self.to_move)
            .is_some_and(|t| t.pass.is_some())
    }

    /// The passes turns allowed so far (`, or pass`; forced passes do not count).
    pub fn passes(&self) -> u16 {
        self.passes
    }

    /// Whether the swap has been used.
    pub fn swapped(&self) -> bool {
        self.swapped
    }

    /// Moves made so far (passes and the swap count).
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The last move made.
    pub fn last_move(&self) -> Option<Move> {
        self.last
    }

    /// What decided the game, when the last move ended it.
    pub fn decided_by(&self) -> Option<Decider> {
        self.decided_by
    }

    /// The outcome in words with what decided it, e.g. `black wins: ring`; `None` while
    /// the game goes on.
    pub fn describe_end(&self) -> Option<String> {
        let o = self.outcome()?;
        let words = describe_outcome(o, &self.rules);
        Some(match self.decided_by {
            Some(Decider::Goal(i)) => {
                let g = &self.rules.goals()[i as usize];
                match g.verdict {
                    crate::rules::Verdict::Lose => {
                        let loser = self.rules.players()[1 - self.to_move()].clone();
                        format!("{words}: {loser} made the losing shape `{}`", g.text)
                    }
                    _ => format!("{words}: {}", g.text),
                }
            }
            Some(Decider::AfterMove(i)) => format!(
                "{words}: after the move, {}",
                self.rules
                    .describe_pred(&self.rules.after_move_rules()[i as usize].cond)
            ),
            Some(Decider::Race) => format!("{words}: the crossing was not answered"),
            None => words,
        })
    }

    /// The owner of the piece of the first kind on a cell (`None` if there is none or
    /// it is neutral).
    pub fn piece_at(&self, cell: Cell) -> Option<usize> {
        content::owner(self.cells[cell as usize]).map(usize::from)
    }

    /// What stands on a cell in the layer of piece kind `kind`.
    pub fn slot(&self, kind: usize, cell: Cell) -> Slot {
        let v = self.cells[kind * self.rules.board.len() + cell as usize];
        match content::owner(v) {
            Some(p) => Slot::Player(p as usize),
            None if v == content::NEUTRAL => Slot::Neutral,
            None => Slot::Empty,
        }
    }

    /// The regions (and groups) of the board without `colour`'s pieces of kind `kind`,
    /// where a separation condition reads them (see [`KeptSide`]).
    pub fn region_labels(&self, kind: usize, colour: usize) -> Option<&KeptSide> {
        self.regions.get(self.labels_slot(kind)? + colour)
    }

    /// Where the region labels of kind `kind` start in `regions` (black's, then
    /// white's), if they are kept.
    #[inline]
    fn labels_slot(&self, kind: usize) -> Option<usize> {
        let i = self.rules.separated.iter().position(|&k| k == kind)?;
        Some(2 * i)
    }

    /// The position as bit sets, where the rules read them (see [`Planes`]).
    pub fn planes(&self) -> Option<&Planes> {
        self.planes.is_kept().then_some(&self.planes)
    }

    /// The number of pieces of a kind: `Some(p)` for player p's, `None` for neutral ones.
    pub fn count(&self, kind: usize, owner: Option<usize>) -> usize {
        self.layer_counts(kind)
            [owner.map_or(content::NEUTRAL, |p| content::of_player(p as u8)) as usize]
            as usize
    }

    /// Which player owes a crossing (crossing race games).
    pub fn owes_crossing(&self) -> Option<usize> {
        (self.owes > 0).then(|| self.owes as usize - 1)
    }

    /// Whether a piece of `kind` on `cell` is frozen (it stands on its owner's edge).
    pub fn is_frozen(&self, kind: usize, cell: Cell) -> bool {
        self.view(self.to_move).frozen(kind, cell)
    }

    /// The content of every cell as small integers (0 = empty): one layer of the board's
    /// length per piece kind. With `to_move`, `swapped`, whether the swap is still
    /// available (`ply() == 1` in a game with the swap rule) and `owes_crossing`, it is the
    /// whole position: what a transposition table or Zobrist hash needs.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The bytes a state takes: the struct and the buffers it owns (the rules are
    /// shared, not counted). What a search that keeps many states pays per state.
    pub fn memory_bytes(&self) -> usize {
        std::mem::size_of::<State>()
            + self.cells.capacity()
            + self.empty.capacity() * std::mem::size_of::<Cell>()
            + self.empty_pos.capacity() * std::mem::size_of::<u16>()
            + self.uf.memory_bytes()
            + self.libs.memory_bytes()
            + self.history.capacity() * std::mem::size_of::<u64>()
            + self.counts.capacity() * std::mem::size_of::<[u16; 4]>()
            + self
                .regions
                .iter()
                .map(KeptSide::memory_bytes)
                .sum::<usize>()
            + self.free.memory_bytes()
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.status() {
            Status::Over(o) => Some(o),
            _ => None,
        }
    }

    pub fn is_over(&self) -> bool {
        matches!(self.status(), Status::Over(_))
    }

    /// Whether the only legal move is a forced pass.
    pub fn must_pass(&self) -> bool {
        self.status() == Status::MustPass
    }

    /// Where play stands, with an open status worked out.
    fn status(&self) -> Status {
        match self.status {
            Status::Open => self.settle(),
            s => s,
        }
    }

    fn swap_available(&self) -> bool {
        self.ply == 1 && self.rules.swap && !self.swapped
    }

    /// The position as the move generator reads it, for `mover` (0 or 1) to move.
    pub fn view(&self, mover: u8) -> View<'_> {
        View {
            rules: &self.rules,
            cells: &self.cells,
            planes: self.planes.is_kept().then_some(&self.planes),
            mover,
            groups: self.libs.is_kept().then_some((&self.uf, &self.libs)),
            history: &self.history,
            free: self.rules.free_listed.map(|_| self.free.cells()),
        }
    }

    /// The number of cells with no piece.
    pub fn empty_count(&self) -> usize {
        if self.rules.simple {
            return self.empty.len();
        }
        let v = self.view(self.to_move);
        self.rules.board.cells().filter(|&c| v.is_empty(c)).count()
    }
}

/// How many bytes of `layer` hold each value 0 to 3 (a layer's values fit in two
/// bits). Eight bytes at a time: a byte's low and high bits are moved to the low bit
/// of its lane, and the lanes of "low bit only", "high bit only" and "both" are
/// summed as bytes (at most 255 words before the lanes are added up).
fn count_values(layer: &[u8]) -> [u16; 4] {
    const LOW: u64 = 0x0101_0101_0101_0101;
    // The byte lanes of `x` added up (each lane at most 255).
    let lanes = |x: u64| {
        let pairs = (x & 0x00ff_00ff_00ff_00ff) + (x >> 8 & 0x00ff_00ff_00ff_00ff);
        (pairs.wrapping_mul(0x0001_0001_0001_0001) >> 48) as u32
    };
    let (eights, rest) = layer.as_chunks::<8>();
    let mut sums = [0u32; 3];
    for block in eights.chunks(255) {
        let mut acc = [0u64; 3];
        for eight in block {
            let x = u64::from_le_bytes(*eight);
            let (lo, hi) = (x & LOW, x >> 1 & LOW);
            acc[0] += lo & !hi;
            acc[1] += hi & !lo;
            acc[2] += lo & hi;
        }
        for (sum, a) in sums.iter_mut().zip(acc) {
            *sum += lanes(a);
        }
    }
    for &v in rest {
        if v != 0 {
            sums[usize::from(v) - 1] += 1;
        }
    }
    let pieces = sums[0] + sums[1] + sums[2];
    [
        (layer.len() as u32 - pieces) as u16,
        sums[0] as u16,
        sums[1] as u16,
        sums[2] as u16,
    ]
}

#[cfg(test)]
mod tests {
    use super::count_values;

    /// The word-wise count agrees with a count byte by byte, for layers of every
    /// length up to past one block of 255 words.
    #[test]
    fn values_are_counted_as_one_by_one() {
        let mut rng = crate::engine::rng::Rng::new(3);
        for len in (0..70).chain([2039, 2040, 2041, 4100]) {
            for density in [0, 30, 100] {
                let layer: Vec<u8> = (0..len)
                    .map(|_| {
                        if rng.below(100) < density {
                            rng.below(4) as u8
                        } else {
                            0
                        }
                    })
                    .collect();
                let mut expected = [0u16; 4];
                layer.iter().for_each(|&v| expected[v as usize] += 1);
                assert_eq!(count_values(&layer), expected, "{len} {density}");
            }
        }
    }
}
