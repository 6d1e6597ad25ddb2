//! A game in progress: the position, whose turn it is, and what can be played.
//!
//! `State` is small and cheap to clone. It answers `legal_moves`, `is_legal` (with
//! the reason when a move is illegal), `play` (checked; on error it hands back the
//! move and the unchanged state) and `play_unchecked` (the fast path of playouts).
//! All bookkeeping after a move — turn, ply, seats, forced passes, the outcome —
//! happens in one place, `apply`.

use crate::ast::NoMove;
use crate::board::Cell;
use crate::connect::UnionFind;
use crate::rng::Rng;
use crate::rules::Rules;
use std::fmt;
use std::sync::Arc;

/// A move: a placement, the swap, or a (forced) pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    Place(Cell),
    Swap,
    Pass,
}

impl Move {
    /// The move in the notation the REPL and records use: `c4`, `swap`, `pass`.
    pub fn to_text(self, rules: &Rules) -> String {
        match self {
            Move::Place(c) => rules.board().cell_name(c),
            Move::Swap => "swap".into(),
            Move::Pass => "pass".into(),
        }
    }

    /// Reads a move: a cell name, `swap` or `pass`.
    pub fn parse(text: &str, rules: &Rules) -> Result<Move, String> {
        let t = text.trim();
        match t.to_ascii_lowercase().as_str() {
            "swap" => return Ok(Move::Swap),
            "pass" => return Ok(Move::Pass),
            _ => {}
        }
        rules.board().parse_cell(t).map(Move::Place).ok_or_else(|| {
            let b = rules.board();
            format!(
                "`{t}` is not a move: write a point from {} to {}, `swap` or `pass`",
                b.cell_name(0),
                b.cell_name((b.len() - 1) as Cell)
            )
        })
    }
}

/// Why a game ended without a winner.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DrawKind {
    /// Neither player has a legal move.
    Deadlock,
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
        }
    }
}

/// The outcome in words, e.g. `black wins`.
pub fn describe_outcome(o: Outcome, rules: &Rules) -> String {
    match o {
        Outcome::Win(p) => format!("{} wins", rules.players()[p]),
        Outcome::Draw(DrawKind::Deadlock) => "draw: neither player can move".into(),
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
    Ongoing,
    /// The mover has no placement and must pass.
    MustPass,
    Over(Outcome),
}

/// A position with everything needed to continue the game.
#[derive(Clone)]
pub struct State {
    rules: Arc<Rules>,
    /// Per cell: 0 empty, 1 + player index for a stone.
    pub(crate) cells: Vec<u8>,
    /// The colour (player index) to move.
    to_move: u8,
    /// Moves made so far, passes and swap included.
    ply: u32,
    /// Whether the seats have exchanged colours by the swap rule.
    swapped: bool,
    /// Empty cells, in any order, with each cell's index in the list.
    pub(crate) empty: Vec<Cell>,
    pub(crate) empty_pos: Vec<u16>,
    uf: UnionFind,
    status: Status,
    last: Option<Move>,
}

impl fmt::Debug for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "State {{ game: {:?}, to_move: {}, ply: {}, swapped: {}, status: {:?}, last: {:?} }}",
            self.rules.name(),
            self.to_move,
            self.ply,
            self.swapped,
            self.status,
            self.last
        )?;
        f.write_str(&self.render())
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
            && self.status == other.status
            && self.last == other.last
    }
}

impl Eq for State {}

impl State {
    /// The initial position.
    pub fn new(rules: Arc<Rules>) -> State {
        let n = rules.board().len();
        let mut s = State {
            cells: vec![0; n],
            to_move: 0,
            ply: 0,
            swapped: false,
            empty: (0..n as Cell).collect(),
            empty_pos: (0..n as u16).collect(),
            uf: UnionFind::new(rules.board()),
            status: Status::Ongoing,
            last: None,
            rules,
        };
        s.status = s.next_status();
        s
    }

    /// A position drawn as a picture, top row first: `X` a stone of the first player,
    /// `O` of the second, `.` empty; spaces are ignored. `to_move` is the colour to move.
    /// The ply count is the number of stones, so a one-stone picture with the second
    /// player to move offers the swap (when the game has it).
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
        if to_move > 1 {
            return Err("the player to move must be 0 or 1".into());
        }
        let mut s = State::new(rules.clone());
        let mut stones = Vec::new();
        let mut winner = None;
        for (r, row) in rows.iter().enumerate() {
            let y = (b.height - 1 - r) as i32;
            for (x, ch) in row.iter().enumerate() {
                let colour = match ch {
                    'X' => 0,
                    'O' => 1,
                    '.' => continue,
                    other => return Err(format!("unknown point `{other}`: use X, O or .")),
                };
                let cell = b.cell_at(x as i32, y).expect("inside the picture");
                s.to_move = colour as u8;
                s.apply(Move::Place(cell));
                if let Some(Outcome::Win(p)) = s.outcome() {
                    winner = Some(p);
                }
                stones.push((cell, colour));
            }
        }
        // Every occurrence of a glyph holds a stone where the picture demands one, so
        // testing each stone as if just placed finds them all.
        for (cell, colour) in stones {
            let (x, y) = b.xy(cell);
            if let Some((glyph, points)) = rules.matchers[colour].explain(&s.cells, cell, x, y) {
                let names: Vec<String> = points.iter().map(|c| b.cell_name(*c)).collect();
                return Err(format!(
                    "the picture holds the forbidden glyph \"{}\" at {}",
                    rules.glyphs()[glyph].name,
                    names.join(" ")
                ));
            }
        }
        if let Some(p) = winner {
            return Err(format!(
                "the picture already holds a winning chain of {}",
                rules.players()[p]
            ));
        }
        s.to_move = to_move as u8;
        s.last = None;
        s.status = s.next_status();
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

    /// What stands on a cell: `None` if empty, else the owner's colour index.
    pub fn piece_at(&self, cell: Cell) -> Option<usize> {
        match self.cells[cell as usize] {
            0 => None,
            v => Some(v as usize - 1),
        }
    }

    /// The content of every cell as a small integer (0 = empty), indexed by cell id. It
    /// is the whole position apart from `to_move`, `swapped` and whether the swap is still
    /// available (`ply() == 1` in a game with the swap rule): what a transposition table
    /// or Zobrist hash needs. Its encoding is opaque and may grow with new piece layers.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.status {
            Status::Over(o) => Some(o),
            _ => None,
        }
    }

    pub fn is_over(&self) -> bool {
        matches!(self.status, Status::Over(_))
    }

    /// Whether the only legal move is a forced pass.
    pub fn must_pass(&self) -> bool {
        self.status == Status::MustPass
    }

    fn swap_available(&self) -> bool {
        self.rules.swap && self.ply == 1 && !self.swapped
    }

    /// Whether `colour` may place at the empty `cell` without forming a glyph.
    #[inline]
    pub(crate) fn placement_ok(&self, cell: Cell, colour: u8) -> bool {
        let (x, y) = self.rules.board.xy(cell);
        !self.rules.matchers[colour as usize].forms_glyph(&self.cells, cell, x, y)
    }

    /// Whether `colour` has at least one legal placement.
    pub(crate) fn can_place(&self, colour: u8) -> bool {
        self.empty.iter().any(|&c| self.placement_ok(c, colour))
    }

    /// Every legal move, placements in cell order, then the swap.
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
            Status::Ongoing => {
                for c in 0..self.cells.len() {
                    if self.cells[c] == 0 && self.placement_ok(c as Cell, self.to_move) {
                        out.push(Move::Place(c as Cell));
                    }
                }
                if self.swap_available() {
                    out.push(Move::Swap);
                }
            }
        }
    }

    /// Why `colour` may not place at `cell` in this position, looking only at the point
    /// and the glyphs (not at whose turn it is or whether the game is over).
    pub fn placement_problem(&self, cell: Cell, colour: usize) -> Option<Illegal> {
        if cell as usize >= self.cells.len() || self.cells[cell as usize] != 0 {
            return Some(Illegal::Occupied(cell));
        }
        let (x, y) = self.rules.board.xy(cell);
        self.rules.matchers[colour]
            .explain(&self.cells, cell, x, y)
            .map(|(glyph, points)| Illegal::Glyph { glyph, points })
    }

    /// Whether `mv` is legal here, and if not, why.
    pub fn is_legal(&self, mv: Move) -> Result<(), Illegal> {
        if let Status::Over(o) = self.status {
            return Err(Illegal::GameOver(o));
        }
        match mv {
            Move::Pass => {
                if self.status == Status::MustPass {
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
            Move::Place(cell) => {
                if let Some(problem) = self.placement_problem(cell, self.to_move()) {
                    return Err(problem);
                }
                if self.status == Status::MustPass {
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
        match mv {
            Move::Place(cell) => {
                self.cells[cell as usize] = mover + 1;
                self.remove_empty(cell);
                let connect = &self.rules.connect;
                let own = connect.own[mover as usize];
                let mask = self.uf.add(
                    cell,
                    &self.cells,
                    self.rules.board.neighbours(connect.adjacency),
                    self.rules.board.regions_of(cell),
                );
                won = own != 0 && mask & own == own;
                self.to_move = 1 - mover;
            }
            Move::Pass => self.to_move = 1 - mover,
            Move::Swap => self.swapped = !self.swapped,
        }
        self.ply += 1;
        self.last = Some(mv);
        self.status = if won {
            Status::Over(Outcome::Win(mover as usize))
        } else {
            self.next_status()
        };
    }

    /// The status for the player to move, in a position nobody has won.
    fn next_status(&self) -> Status {
        let me = self.to_move;
        if self.swap_available() || self.can_place(me) {
            return Status::Ongoing;
        }
        match self.rules.no_move {
            NoMove::Skip => {
                if self.can_place(1 - me) {
                    Status::MustPass
                } else {
                    Status::Over(Outcome::Draw(DrawKind::Deadlock))
                }
            }
            NoMove::Lose => Status::Over(Outcome::Win(1 - me as usize)),
            NoMove::Impossible => Status::Over(Outcome::Stopped(Claim::MoverCanMove)),
        }
    }

    /// A uniformly random legal move, or `None` when the game is over. Placements are
    /// drawn from the empty cells without replacement until one is legal, which is
    /// uniform over the legal placements; when the swap is available, all legal moves
    /// are listed and one is picked.
    pub fn random_move(&mut self, rng: &mut Rng) -> Option<Move> {
        match self.status {
            Status::Over(_) => None,
            Status::MustPass => Some(Move::Pass),
            Status::Ongoing => {
                if self.swap_available() {
                    let moves = self.legal_moves();
                    return Some(moves[rng.below(moves.len() as u32) as usize]);
                }
                let mut k = self.empty.len();
                while k > 0 {
                    let i = rng.below(k as u32) as usize;
                    let c = self.empty[i];
                    if self.placement_ok(c, self.to_move) {
                        return Some(Move::Place(c));
                    }
                    k -= 1;
                    self.swap_empty(i, k);
                }
                None
            }
        }
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

    /// The number of empty cells.
    pub fn empty_count(&self) -> usize {
        self.empty.len()
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

    /// The board as text, top row first, with coordinates.
    pub fn render(&self) -> String {
        let b = self.rules.board();
        let mut s = String::new();
        let marks = ['.', 'X', 'O'];
        for y in (0..b.height as i32).rev() {
            s.push_str(&format!("{:>3} ", y + 1));
            for x in 0..b.width as i32 {
                let c = b.cell_at(x, y).expect("on board");
                s.push(marks[self.cells[c as usize] as usize]);
                s.push(' ');
            }
            s.push('\n');
        }
        s.push_str("    ");
        for x in 0..b.width {
            let name = crate::board::column_name(x);
            s.push_str(&format!("{name:<2}"));
        }
        s.push('\n');
        s
    }
}
