//! A game in progress: the position, whose turn it is, and what can be played.
//!
//! `State` is small and cheap to clone. It answers `legal_moves`, `is_legal` (with
//! the reason when a move is illegal), `play` (checked; on error it hands back the
//! move and the unchanged state) and `play_unchecked` (the fast path of playouts).
//! All bookkeeping after a move — turn, ply, seats, forced passes, the outcome —
//! happens in one place, `apply`.

use crate::engine::connect::UnionFind;
use crate::engine::movegen::{self, View};
pub use crate::engine::moves::{Move, Step};
use crate::engine::rng::Rng;
use crate::engine::sample;
use crate::rules::board::Cell;
use crate::rules::content;
use crate::rules::{Counted, Pred, Rules, SetupPiece, StepRule, Turn};
use crate::rules::{NoMove, Verdict, Whose};
use std::fmt;
use std::sync::Arc;

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
    /// The colour (player index) to move.
    to_move: u8,
    /// Moves made so far, passes and swap included.
    ply: u32,
    /// Whether the seats have exchanged colours by the swap rule.
    swapped: bool,
    /// Simple placement games: empty cells in any order, with each cell's index.
    pub(crate) empty: Vec<Cell>,
    pub(crate) empty_pos: Vec<u16>,
    /// Connection games whose pieces never move: groups with the edges they touch.
    uf: UnionFind,
    /// Per piece kind: the number of pieces by layer value (1, 2: players; 3: neutral).
    counts: Vec<[u16; 4]>,
    /// Crossing race: 1 + the player who owes a crossing, or 0.
    owes: u8,
    status: Status,
    last: Option<Move>,
}

impl Clone for State {
    fn clone(&self) -> State {
        State {
            rules: self.rules.clone(),
            cells: self.cells.clone(),
            to_move: self.to_move,
            ply: self.ply,
            swapped: self.swapped,
            empty: self.empty.clone(),
            empty_pos: self.empty_pos.clone(),
            uf: self.uf.clone(),
            counts: self.counts.clone(),
            owes: self.owes,
            status: self.status,
            last: self.last,
        }
    }

    /// Copies `source` into `self`, reusing `self`'s buffers: no allocation (and no
    /// reference-count traffic) when both follow the same rules, as in a playout loop.
    fn clone_from(&mut self, source: &State) {
        if !Arc::ptr_eq(&self.rules, &source.rules) {
            self.rules = source.rules.clone();
        }
        self.cells.clone_from(&source.cells);
        self.to_move = source.to_move;
        self.ply = source.ply;
        self.swapped = source.swapped;
        self.empty.clone_from(&source.empty);
        self.empty_pos.clone_from(&source.empty_pos);
        self.uf.clone_from(&source.uf);
        self.counts.clone_from(&source.counts);
        self.owes = source.owes;
        self.status = source.status;
        self.last = source.last;
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
            && self.status() == other.status()
            && self.last == other.last
    }
}

impl Eq for State {}

impl State {
    /// The initial position (with the rule file's setup).
    pub fn new(rules: Arc<Rules>) -> State {
        let n = rules.board().len();
        let layers = rules.pieces().len();
        let mut s = State {
            cells: vec![0; n * layers],
            to_move: 0,
            ply: 0,
            swapped: false,
            empty: Vec::new(),
            empty_pos: Vec::new(),
            uf: UnionFind::new(rules.board()),
            counts: vec![[0; 4]; layers],
            owes: 0,
            status: Status::Ongoing,
            last: None,
            rules,
        };
        if s.rules.simple {
            s.empty = s.rules.board.cells().collect();
            s.empty_pos = vec![0; n];
            for (i, &c) in s.empty.iter().enumerate() {
                s.empty_pos[c as usize] = i as u16;
            }
        }
        let rules = s.rules.clone();
        for &SetupPiece {
            cell: c,
            kind: k,
            owner,
        } in &rules.setup
        {
            s.cells[k * n + c as usize] = owner.map_or(3, |p| p as u8 + 1);
            if k == 0 && rules.connect_goal && rules.is_placement_only() {
                s.uf.add(
                    c,
                    &s.cells[..n],
                    rules.board.neighbours(rules.connect.adjacency),
                    rules.board.regions_of(c),
                );
            }
        }
        s.recount();
        s.status = s.next_status();
        s
    }

    /// A position given as a list of pieces `(cell, piece kind, owner)` on an otherwise
    /// empty board (the file's setup is not used), with the colour to move and the ply
    /// count (the swap is available at ply 1). For hand-made positions in tests and tools.
    pub fn from_pieces(
        rules: Arc<Rules>,
        pieces: &[(&str, &str, Option<usize>)],
        to_move: usize,
        ply: u32,
    ) -> Result<State, String> {
        let mut s = State::new(rules.clone());
        let n = rules.board().len();
        s.cells.iter_mut().for_each(|v| *v = 0);
        if to_move > 1 {
            return Err("the player to move must be 0 or 1".into());
        }
        for (cell, kind, owner) in pieces {
            let c = rules
                .board()
                .parse_cell(cell)
                .ok_or_else(|| format!("`{cell}` is not a cell of this board"))?;
            let k = rules
                .pieces()
                .iter()
                .position(|p| p.name == *kind)
                .ok_or_else(|| format!("unknown piece `{kind}`"))?;
            if rules.pieces()[k].neutral != owner.is_none() || owner.is_some_and(|p| p > 1) {
                return Err(format!("`{kind}` on {cell}: wrong owner"));
            }
            if s.cells[k * n + c as usize] != 0 {
                return Err(format!("{cell} gets two {kind}s"));
            }
            s.cells[k * n + c as usize] = owner.map_or(3, |p| p as u8 + 1);
        }
        if rules.simple {
            s.empty = rules
                .board()
                .cells()
                .filter(|&c| s.cells[c as usize] == 0)
                .collect();
            for (i, &c) in s.empty.iter().enumerate() {
                s.empty_pos[c as usize] = i as u16;
            }
        }
        s.uf = UnionFind::new(rules.board());
        if rules.connect_goal && rules.is_placement_only() {
            // Add the stones one by one, as if placed, so each joins only those before it.
            let adj = rules.connect.adjacency;
            let mut placed = vec![0u8; n];
            for c in rules.board().cells() {
                if s.cells[c as usize] != 0 {
                    placed[c as usize] = s.cells[c as usize];
                    s.uf.add(
                        c,
                        &placed,
                        rules.board().neighbours(adj),
                        rules.board().regions_of(c),
                    );
                }
            }
        }
        s.recount();
        s.to_move = to_move as u8;
        s.ply = ply;
        for p in 0..2u8 {
            if rules.connect_goal && s.connected(p) {
                return Err(format!(
                    "the position already holds a winning chain of {}",
                    rules.players()[p as usize]
                ));
            }
        }
        s.status = s.next_status();
        Ok(s)
    }

    /// A position drawn as a picture, top row first: `X` a stone of the first player,
    /// `O` of the second, `.` empty; spaces are ignored. `to_move` is the colour to move.
    /// The ply count is the number of stones, so a one-stone picture with the second
    /// player to move offers the swap (when the game has it). For single-layer games on
    /// full rectangular boards.
    ///
    /// Refused (with the reason) when the picture does not fit the board, holds a
    /// forbidden glyph, or already holds a winning chain.
    pub fn from_picture(rules: Arc<Rules>, picture: &str, to_move: usize) -> Result<State, String> {
        let rows: Vec<Vec<char>> = picture
            .lines()
            .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>())
            .filter(|r| !r.is_empty())
            .collect();
        let b = rules.board();
        if rows.len() != b.height || rows.iter().any(|r| r.len() != b.width) {
            return Err(format!(
                "the picture must be {} rows of {} points",
                b.height, b.width
            ));
        }
        let mut pieces = Vec::new();
        let mut names = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            let y = (b.height - 1 - r) as i32;
            for (x, ch) in row.iter().enumerate() {
                let colour = match ch {
                    'X' => 0,
                    'O' => 1,
                    '.' => continue,
                    other => return Err(format!("unknown point `{other}`: use X, O or .")),
                };
                let cell = b
                    .cell_at(x as i32, y)
                    .ok_or("the picture leaves the board")?;
                names.push((b.cell_name(cell), colour));
            }
        }
        let kind = rules.pieces()[0].name.clone();
        for (name, colour) in &names {
            pieces.push((name.as_str(), kind.as_str(), Some(*colour)));
        }
        let s = State::from_pieces(rules.clone(), &pieces, to_move, names.len() as u32)?;
        // Every occurrence of a glyph holds a stone where the picture demands one, so
        // testing each stone as if just placed finds them all.
        let n = b.len();
        for c in b.cells() {
            let v = s.cells[c as usize];
            if v == 0 {
                continue;
            }
            if let Some((glyph, points)) = rules.matchers[v as usize - 1].explain(&s.cells[..n], c)
            {
                let names: Vec<String> = points.iter().map(|c| b.cell_name(*c)).collect();
                return Err(format!(
                    "the picture holds the forbidden glyph \"{}\" at {}",
                    rules.glyphs()[glyph].name,
                    names.join(" ")
                ));
            }
        }
        Ok(s)
    }

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

    /// The owner of the piece of the first kind on a cell (`None` if there is none or
    /// it is neutral).
    pub fn piece_at(&self, cell: Cell) -> Option<usize> {
        match self.cells[cell as usize] {
            1 => Some(0),
            2 => Some(1),
            _ => None,
        }
    }

    /// What stands on a cell in the layer of piece kind `kind`.
    pub fn slot(&self, kind: usize, cell: Cell) -> Slot {
        match self.cells[kind * self.rules.board.len() + cell as usize] {
            0 => Slot::Empty,
            3 => Slot::Neutral,
            v => Slot::Player(v as usize - 1),
        }
    }

    /// The number of pieces of a kind: `Some(p)` for player p's, `None` for neutral ones.
    pub fn count(&self, kind: usize, owner: Option<usize>) -> usize {
        self.counts[kind][owner.map_or(3, |p| p + 1)] as usize
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
            + self.counts.capacity() * std::mem::size_of::<[u16; 4]>()
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
        self.rules.swap && self.ply == 1 && !self.swapped
    }

    fn view(&self, mover: u8) -> View<'_> {
        View {
            rules: &self.rules,
            cells: &self.cells,
            mover,
        }
    }

    /// Whether `colour` may place at the empty `cell` without forming a glyph (simple games).
    #[inline]
    pub(crate) fn placement_ok(&self, cell: Cell, colour: u8) -> bool {
        !self.rules.matchers[colour as usize].forbids(&self.cells, cell)
    }

    /// Whether `colour` has at least one legal placement (simple games).
    pub(crate) fn can_place(&self, colour: u8) -> bool {
        self.empty.iter().any(|&c| self.placement_ok(c, colour))
    }

    /// The turn that applies to `colour` now: the first whose guard holds.
    fn current_turn(&self, colour: u8) -> Option<&Turn> {
        self.current_turn_index(colour)
            .map(|i| &self.rules.turns[i])
    }

    fn current_turn_index(&self, colour: u8) -> Option<usize> {
        self.rules
            .turns
            .iter()
            .position(|t| t.guard.as_ref().is_none_or(|g| self.eval(g, colour)))
    }

    /// Whether `colour`, if it were to move now, has a move (the swap aside).
    fn has_move(&self, colour: u8) -> bool {
        if self.rules.simple {
            return self.can_place(colour);
        }
        let Some(turn) = self.current_turn(colour) else {
            return false;
        };
        let v = self.view(colour);
        let mut buf = Vec::new();
        match turn.steps.as_slice() {
            [r] => {
                movegen::step_options(&v, r, &mut buf);
                !buf.is_empty()
            }
            [r0, r1] => {
                if matches!(r0, StepRule::Slide { .. }) || turn.independent {
                    movegen::step_options(&v, r1, &mut buf);
                    if !buf.is_empty() {
                        return matches!(r0, StepRule::Slide { .. }) || {
                            let mut b0 = Vec::new();
                            movegen::step_options(&v, r0, &mut b0);
                            !b0.is_empty()
                        };
                    }
                    if turn.independent {
                        return false;
                    }
                }
                let mut first = Vec::new();
                movegen::step_options(&v, r0, &mut first);
                let mut scratch = self.cells.clone();
                for &o in &first {
                    scratch.copy_from_slice(&self.cells);
                    movegen::apply_step(&self.rules, &mut scratch, r0, o, colour);
                    let v2 = View {
                        cells: &scratch,
                        ..v
                    };
                    buf.clear();
                    movegen::step_options(&v2, r1, &mut buf);
                    if !buf.is_empty() {
                        return true;
                    }
                }
                false
            }
            _ => false,
        }
    }

    /// Every move of the turn that applies to `colour` (swap and pass aside).
    fn turn_moves(&self, colour: u8, out: &mut Vec<Move>) {
        let Some(turn) = self.current_turn(colour) else {
            return;
        };
        let v = self.view(colour);
        let mut first = Vec::new();
        match turn.steps.as_slice() {
            [r] => {
                movegen::step_options(&v, r, &mut first);
                out.extend(first.iter().map(|s| Move::from_steps(&[*s])));
            }
            [r0, r1] => {
                let mut second = Vec::new();
                movegen::step_options(&v, r1, &mut second);
                if matches!(r0, StepRule::Slide { .. }) {
                    // Zero steps: the second step alone, listed once.
                    out.extend(second.iter().map(|s| Move::from_steps(&[*s])));
                }
                movegen::step_options(&v, r0, &mut first);
                if turn.independent {
                    for &a in &first {
                        out.extend(second.iter().map(|&b| Move::Two(a, b)));
                    }
                } else {
                    let mut scratch = self.cells.clone();
                    for &a in &first {
                        scratch.copy_from_slice(&self.cells);
                        movegen::apply_step(&self.rules, &mut scratch, r0, a, colour);
                        let v2 = View {
                            cells: &scratch,
                            ..v
                        };
                        second.clear();
                        movegen::step_options(&v2, r1, &mut second);
                        out.extend(second.iter().map(|&b| Move::Two(a, b)));
                    }
                }
            }
            _ => {}
        }
    }

    /// Every legal move: placements (or turns) in cell order, then the swap.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        self.legal_moves_into(&mut out);
        out
    }

    /// Fills `out` with the legal moves (cleared first).
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        match self.status {
            Status::Over(_) => {}
            Status::MustPass => out.push(Move::Pass),
            Status::Ongoing | Status::Open => {
                if self.rules.simple {
                    for c in self.rules.board.cells() {
                        if self.cells[c as usize] == 0 && self.placement_ok(c, self.to_move) {
                            out.push(Move::Place(c));
                        }
                    }
                } else {
                    self.turn_moves(self.to_move, out);
                }
                if self.swap_available() {
                    out.push(Move::Swap);
                }
                if out.is_empty() && self.no_move_status() == Status::MustPass {
                    out.push(Move::Pass);
                }
            }
        }
    }

    /// Why `colour` may not place at `cell` in this position, looking only at the point
    /// and the glyphs (not at whose turn it is or whether the game is over). For games
    /// whose turn places the first piece kind.
    pub fn placement_problem(&self, cell: Cell, colour: usize) -> Option<Illegal> {
        if !self.rules.board.contains(cell) || self.cells[cell as usize] != 0 {
            return Some(Illegal::Occupied(cell));
        }
        let n = self.rules.board.len();
        self.rules.matchers[colour]
            .explain(&self.cells[..n], cell)
            .map(|(glyph, points)| Illegal::Glyph { glyph, points })
    }

    /// Pairs the steps of a move with the rules of the current turn: the pairs, and how
    /// many of them there are (without allocating: apply runs this on every move).
    #[allow(clippy::type_complexity)]
    fn pair_steps(turn: &Turn, mv: Move) -> Result<([(&StepRule, Step); 2], usize), Illegal> {
        let (steps, n) = mv.steps();
        match (turn.steps.as_slice(), n) {
            ([r], 1) => Ok(([(r, steps[0]); 2], 1)),
            ([r0, r1], 2) => Ok(([(r0, steps[0]), (r1, steps[1])], 2)),
            ([StepRule::Slide { .. }, r1], 1) => Ok(([(r1, steps[0]); 2], 1)),
            ([_], _) => Err(Illegal::Shape("this turn is one step".into())),
            (_, _) => Err(Illegal::Shape(
                "this turn has two steps: write them joined by a comma, e.g. `c4,d5`".into(),
            )),
        }
    }

    /// Whether `mv` is legal here, and if not, why.
    pub fn is_legal(&self, mv: Move) -> Result<(), Illegal> {
        match self.check_move(mv, self.status) {
            // A legal move shows the mover has one: an open status would settle as ongoing.
            Err(_) if self.status == Status::Open => self.check_move(mv, self.settle()),
            r => r,
        }
    }

    /// Whether `mv` is legal under `status` (`Open` is taken as ongoing).
    fn check_move(&self, mv: Move, status: Status) -> Result<(), Illegal> {
        if let Status::Over(o) = status {
            return Err(Illegal::GameOver(o));
        }
        match mv {
            Move::Pass => {
                if status == Status::MustPass {
                    Ok(())
                } else {
                    Err(Illegal::PassNotAllowed)
                }
            }
            Move::Swap => {
                if self.swap_available() {
                    Ok(())
                } else {
                    Err(Illegal::SwapNotAvailable)
                }
            }
            Move::Place(cell) if self.rules.simple => {
                if let Some(problem) = self.placement_problem(cell, self.to_move()) {
                    return Err(problem);
                }
                if status == Status::MustPass {
                    return Err(Illegal::MustPass);
                }
                Ok(())
            }
            _ => {
                let turn = self
                    .current_turn(self.to_move)
                    .ok_or_else(|| Illegal::Shape("no turn applies now".into()))?;
                let (pairs, count) = Self::pair_steps(turn, mv)?;
                let mut scratch = self.cells.clone();
                for (i, (rule, step)) in pairs[..count].iter().enumerate() {
                    let v = View {
                        rules: &self.rules,
                        cells: &scratch,
                        mover: self.to_move,
                    };
                    movegen::step_check(&v, rule, *step)
                        .map_err(|reason| Illegal::Step { index: i, reason })?;
                    movegen::apply_step(&self.rules, &mut scratch, rule, *step, self.to_move);
                }
                if status == Status::MustPass {
                    return Err(Illegal::MustPass);
                }
                Ok(())
            }
        }
    }

    /// Plays a move after checking it. On error, hands back the move, the reason and the
    /// unchanged state.
    #[allow(clippy::result_large_err)]
    pub fn play(mut self, mv: Move) -> Result<State, PlayError> {
        match self.is_legal(mv) {
            Ok(()) => {
                self.apply(mv);
                Ok(self)
            }
            Err(reason) => Err(PlayError {
                mv,
                reason,
                state: self,
            }),
        }
    }

    /// Plays a move known to be legal (from `legal_moves`, or tested with `is_legal`).
    ///
    /// # Panics
    ///
    /// May panic, or leave a state that breaks the rules, if the move is not legal.
    #[inline]
    pub fn play_unchecked(&mut self, mv: Move) {
        self.apply(mv);
    }

    /// The one place that changes a state: the move, then the turn, the ply, and
    /// the status of the player now to move.
    fn apply(&mut self, mv: Move) {
        let mover = self.to_move;
        let mut won = false;
        let mut lost = false;
        match mv {
            Move::Pass => self.to_move = 1 - mover,
            Move::Swap => self.swapped = !self.swapped,
            Move::Place(cell) if self.rules.simple => {
                self.cells[cell as usize] = mover + 1;
                self.remove_empty(cell);
                self.counts[0][mover as usize + 1] += 1;
                if self.rules.connect_goal {
                    let connect = &self.rules.connect;
                    let own = connect.own[mover as usize];
                    let mask = self.uf.add(
                        cell,
                        &self.cells,
                        self.rules.board.neighbours(connect.adjacency),
                        self.rules.board.regions_of(cell),
                    );
                    won = own != 0 && mask & own == own;
                }
                self.to_move = 1 - mover;
            }
            _ => {
                // Borrowed, not cloned: an `Arc` clone per move is an atomic operation on
                // a count that every thread playing this game shares.
                let rules = &*self.rules;
                let index = self
                    .current_turn_index(mover)
                    .expect("a legal move has a turn");
                let (pairs, count) =
                    Self::pair_steps(&rules.turns[index], mv).expect("a legal move fits its turn");
                let before = if rules.race {
                    self.on_own_edges(mover)
                } else {
                    0
                };
                for &(rule, step) in &pairs[..count] {
                    movegen::apply_step(rules, &mut self.cells, rule, step, mover);
                    if let (StepRule::Place { piece: 0, .. }, Step::Place(c), true) =
                        (rule, step, rules.connect_goal && rules.is_placement_only())
                    {
                        let n = rules.board.len();
                        let mask = self.uf.add(
                            c,
                            &self.cells[..n],
                            rules.board.neighbours(rules.connect.adjacency),
                            rules.board.regions_of(c),
                        );
                        let own = rules.connect.own[mover as usize];
                        won |= own != 0 && self.cells[c as usize] == mover + 1 && mask & own == own;
                    }
                }
                recount(&mut self.counts, &self.cells, rules.board.len());
                if rules.connect_goal && !rules.is_placement_only() {
                    won = self.connected(mover);
                }
                if rules.race {
                    let crossed = self.on_own_edges(mover) > before;
                    if self.owes == mover + 1 && !crossed {
                        lost = true;
                        self.owes = 0;
                    } else if crossed {
                        self.owes = 2 - mover;
                    } else {
                        self.owes = 0;
                    }
                }
                self.to_move = 1 - mover;
            }
        }
        self.ply += 1;
        self.last = Some(mv);
        self.status = if won {
            Status::Over(Outcome::Win(mover as usize))
        } else if lost {
            Status::Over(Outcome::Win(1 - mover as usize))
        } else {
            self.next_status()
        };
    }

    /// The number of `colour`'s pieces standing on its own edges.
    fn on_own_edges(&self, colour: u8) -> usize {
        let n = self.rules.board.len();
        let own = self.rules.connect.own[colour as usize];
        (0..self.rules.pieces.len())
            .map(|k| {
                self.rules
                    .board
                    .cells()
                    .filter(|&c| {
                        self.cells[k * n + c as usize] == colour + 1
                            && self.rules.board.regions_of(c) & own != 0
                    })
                    .count()
            })
            .sum()
    }

    /// Whether `colour` has a chain of first-kind pieces touching all its own edges
    /// (searched afresh; placement games use the incremental union-find instead).
    fn connected(&self, colour: u8) -> bool {
        let b = &self.rules.board;
        let own = self.rules.connect.own[colour as usize];
        if own == 0 {
            return false;
        }
        let nbrs = b.neighbours(self.rules.connect.adjacency);
        let mut seen = vec![false; b.len()];
        let mut stack = Vec::new();
        for start in b.cells() {
            if seen[start as usize] || self.cells[start as usize] != colour + 1 {
                continue;
            }
            let mut touched = 0;
            seen[start as usize] = true;
            stack.push(start);
            while let Some(c) = stack.pop() {
                touched |= b.regions_of(c);
                for &m in nbrs.of(c) {
                    if !seen[m as usize] && self.cells[m as usize] == colour + 1 {
                        seen[m as usize] = true;
                        stack.push(m);
                    }
                }
            }
            if touched & own == own {
                return true;
            }
        }
        false
    }

    fn recount(&mut self) {
        recount(&mut self.counts, &self.cells, self.rules.board.len());
    }

    /// Evaluates a position condition for `mover`.
    fn eval(&self, p: &Pred, mover: u8) -> bool {
        match p {
            Pred::Count {
                whose,
                piece,
                cmp,
                value,
            } => {
                let c = &self.counts[*piece];
                let count = i64::from(match whose {
                    Whose::Own => c[mover as usize + 1],
                    Whose::Enemy => c[2 - mover as usize],
                    Whose::Anyone => c[1] + c[2] + c[3],
                });
                cmp.holds(count, *value)
            }
            Pred::Separates {
                whose,
                piece,
                counted,
            } => {
                let n = self.rules.board.len();
                let who = match whose {
                    Whose::Enemy => 2 - mover,
                    _ => mover + 1,
                };
                let base = piece * n;
                let member = |c: Cell| self.cells[base + c as usize] == who;
                let b = &self.rules.board;
                let counted = |c: Cell| match counted {
                    Counted::Pieces(k) => self.cells[k * n + c as usize] != 0,
                    Counted::Region(bit) => b.regions_of(c) & (1 << bit) != 0,
                };
                crate::engine::separation::separates(
                    b,
                    self.rules.board.natural_adjacency(),
                    member,
                    counted,
                )
            }
            Pred::NoMove => !self.has_move(mover),
            Pred::Not(x) => !self.eval(x, mover),
            Pred::And(v) => v.iter().all(|x| self.eval(x, mover)),
            Pred::Or(v) => v.iter().any(|x| self.eval(x, mover)),
        }
    }

    /// The status for the player to move, in a position nobody has won by the last move.
    /// The order: the ply limit, the turn-start checks in file order, then whether the
    /// mover can move (a crossing owed and no move loses), then the no-move rule. The
    /// last two are left open (see [`Status::Open`]) unless the swap is available.
    fn next_status(&self) -> Status {
        let me = self.to_move;
        if self.rules.ply_limit.is_some_and(|l| self.ply >= l) {
            return Status::Over(Outcome::Draw(DrawKind::PlyLimit));
        }
        for c in &self.rules.turn_start {
            if self.eval(&c.cond, me) {
                return Status::Over(match c.verdict {
                    Verdict::Win => Outcome::Win(me as usize),
                    Verdict::Lose => Outcome::Win(1 - me as usize),
                    Verdict::Draw => Outcome::Draw(DrawKind::TurnStart),
                });
            }
        }
        if self.swap_available() {
            return Status::Ongoing;
        }
        Status::Open
    }

    /// The status of an open position: whether the mover can move, and if not, what
    /// the rules say.
    fn settle(&self) -> Status {
        if self.has_move(self.to_move) {
            Status::Ongoing
        } else {
            self.no_move_status()
        }
    }

    /// The status when the mover has no move: a crossing owed and no move loses, then
    /// the no-move rule.
    fn no_move_status(&self) -> Status {
        let me = self.to_move;
        if self.rules.race && self.owes == me + 1 {
            return Status::Over(Outcome::Win(1 - me as usize));
        }
        match self.rules.no_move {
            NoMove::Skip => {
                if self.has_move(1 - me) {
                    Status::MustPass
                } else {
                    Status::Over(Outcome::Draw(DrawKind::Deadlock))
                }
            }
            NoMove::Lose => Status::Over(Outcome::Win(1 - me as usize)),
            NoMove::Impossible => Status::Over(Outcome::Stopped(Claim::MoverCanMove)),
            NoMove::Draw => Status::Over(Outcome::Draw(DrawKind::NoMove)),
        }
    }

    /// A uniformly random legal move, or `None` when the game is over. In simple
    /// placement games, placements are drawn from the empty cells without replacement
    /// until one is legal, with the swap as one more candidate when available, which is
    /// uniform over the legal moves. Other turns are drawn step by step or by rejection
    /// where that is exact (see `sample`), else all legal moves are listed and one
    /// picked. Finding that there is no move settles an open status (the game ends or
    /// the mover must pass), as `is_over` would.
    pub fn random_move(&mut self, rng: &mut Rng) -> Option<Move> {
        match self.status {
            Status::Over(_) => None,
            Status::MustPass => Some(Move::Pass),
            Status::Ongoing | Status::Open => {
                let found = if self.rules.simple {
                    self.random_placement(rng)
                } else {
                    self.random_turn(rng)
                };
                if found.is_some() {
                    self.status = Status::Ongoing;
                    return found;
                }
                // No move: what the rules say about that is now settled.
                self.status = self.no_move_status();
                (self.status == Status::MustPass).then_some(Move::Pass)
            }
        }
    }

    /// Simple placement games: placements drawn from the empty cells without
    /// replacement until one is legal, with the swap (when available) as one more
    /// candidate that is always legal. `None` when there is no legal move.
    fn random_placement(&mut self, rng: &mut Rng) -> Option<Move> {
        let swap = usize::from(self.swap_available());
        let mut k = self.empty.len();
        while k + swap > 0 {
            let i = rng.below((k + swap) as u32) as usize;
            if i == k {
                return Some(Move::Swap);
            }
            let c = self.empty[i];
            if self.placement_ok(c, self.to_move) {
                return Some(Move::Place(c));
            }
            k -= 1;
            self.swap_empty(i, k);
        }
        None
    }

    /// Other games: a move drawn without listing them all (see `sample`), else every
    /// legal move listed and one picked. `None` when there is no legal move.
    fn random_turn(&self, rng: &mut Rng) -> Option<Move> {
        let swap = self.swap_available();
        if let Some(turn) = self.current_turn(self.to_move) {
            if let Some(m) = sample::draw(&self.view(self.to_move), turn, swap, rng) {
                return Some(m);
            }
        }
        let mut moves = Vec::new();
        self.turn_moves(self.to_move, &mut moves);
        if swap {
            moves.push(Move::Swap);
        }
        (!moves.is_empty()).then(|| moves[rng.below(moves.len() as u32) as usize])
    }

    fn swap_empty(&mut self, i: usize, j: usize) {
        let (a, b) = (self.empty[i], self.empty[j]);
        self.empty.swap(i, j);
        self.empty_pos[a as usize] = j as u16;
        self.empty_pos[b as usize] = i as u16;
    }

    fn remove_empty(&mut self, cell: Cell) {
        let i = self.empty_pos[cell as usize] as usize;
        let last = *self.empty.last().expect("the cell was empty");
        self.empty.swap_remove(i);
        if last != cell {
            self.empty_pos[last as usize] = i as u16;
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

    /// Plays a list of moves in notation through the checked path. On error, says which
    /// move (1-based) failed and why.
    pub fn replay(self, moves: &str) -> Result<State, String> {
        let mut state = self;
        for (i, word) in moves.split_whitespace().enumerate() {
            let rules = state.rules.clone();
            let mv =
                Move::parse(word, &rules).map_err(|e| format!("move {} `{word}`: {e}", i + 1))?;
            state = state.play(mv).map_err(|e| {
                format!(
                    "move {} `{word}` is illegal: {}",
                    i + 1,
                    e.reason.describe(&rules)
                )
            })?;
        }
        Ok(state)
    }
}

/// Counts the pieces of each layer (`n` cells each) by value.
fn recount(counts: &mut [[u16; 4]], cells: &[u8], n: usize) {
    for (k, count) in counts.iter_mut().enumerate() {
        *count = [0; 4];
        for &v in &cells[k * n..(k + 1) * n] {
            count[v as usize] += 1;
        }
    }
}
