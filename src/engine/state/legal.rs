//! What may be played: the turn that applies, every legal move, whether a player can
//! move at all, and a uniformly random legal move (drawn without listing every move
//! where that is exact; see `engine::sample`).

use super::apart::Apart;
use super::placements::RunEnd;
use super::*;
use crate::engine::grid_bits;
use crate::rules::glyph::CellBits;

impl State {
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
    pub(super) fn current_turn(&self, colour: u8) -> Option<&Turn> {
        self.current_turn_index(colour)
            .map(|i| &self.rules.turns[i])
    }

    pub(super) fn current_turn_index(&self, colour: u8) -> Option<usize> {
        if colour == self.to_move {
            return (self.turn != NO_TURN).then_some(self.turn as usize);
        }
        self.turn_index_for(colour)
    }

    /// The turn that applies to `colour` now, worked out from the guards.
    fn turn_index_for(&self, colour: u8) -> Option<usize> {
        self.rules
            .turns
            .iter()
            .position(|t| t.guard_plan.as_ref().is_none_or(|g| self.eval(g, colour)))
    }

    /// Works out the turn that applies to the player to move (see `State::turn`):
    /// after every change of the position or of whose turn it is.
    pub(super) fn find_turn(&mut self) {
        self.turn = self
            .turn_index_for(self.to_move)
            .map_or(NO_TURN, |i| i as u32);
    }

    /// Whether `colour`, if it were to move now, has a move (the swap aside).
    pub(super) fn has_move(&self, colour: u8) -> bool {
        if self.rules.simple {
            return self.can_place(colour);
        }
        let Some(turn) = self.current_turn(colour) else {
            return false;
        };
        if turn.pass.is_some() {
            return true;
        }
        let v = self.view(colour);
        let after = self.rules.glyphs_after_turn;
        let mut buf = Vec::new();
        match turn.steps.as_slice() {
            [r] if !after => movegen::has_option(&v, r),
            [r] => {
                let mut scratch = self.cells.clone();
                movegen::step_options(&v, r, &mut buf);
                buf.iter()
                    .any(|&o| self.glyph_free(colour, &[(r, o)], &mut scratch))
            }
            [r0, r1] => {
                if (turn.optional || turn.independent) && !after {
                    if movegen::has_option(&v, r1) {
                        return turn.optional || movegen::has_option(&v, r0);
                    }
                    if turn.independent {
                        return false;
                    }
                }
                let mut scratch = self.cells.clone();
                if turn.optional && after {
                    movegen::step_options(&v, r1, &mut buf);
                    if buf
                        .iter()
                        .any(|&o| self.glyph_free(colour, &[(r1, o)], &mut scratch))
                    {
                        return true;
                    }
                }
                let mut first = Vec::new();
                movegen::step_options(&v, r0, &mut first);
                for &a in &first {
                    scratch.copy_from_slice(&self.cells);
                    movegen::apply_step(&self.rules, &mut scratch, r0, a, colour);
                    let v2 = v.on(&scratch);
                    buf.clear();
                    movegen::step_options(&v2, r1, &mut buf);
                    let mut last = scratch.clone();
                    if buf
                        .iter()
                        .any(|&b| !after || self.glyph_free(colour, &[(r0, a), (r1, b)], &mut last))
                    {
                        return true;
                    }
                }
                false
            }
            _ => false,
        }
    }

    /// Whether playing `steps` for `colour` from this position leaves no glyph around
    /// the cells they change (games whose glyphs are tested after the whole turn).
    /// `scratch` is a buffer of the position's size.
    fn glyph_free(&self, colour: u8, steps: &[(&StepRule, Step)], scratch: &mut [u8]) -> bool {
        scratch.copy_from_slice(&self.cells);
        for &(rule, step) in steps {
            movegen::apply_step(&self.rules, scratch, rule, step, colour);
        }
        movegen::glyph_free_after(&self.rules, &self.cells, scratch)
    }

    /// Every move of the turn that applies to `colour` (swap and pass aside).
    pub(super) fn turn_moves(&self, colour: u8, out: &mut Vec<Move>) {
        let Some(turn) = self.current_turn(colour) else {
            return;
        };
        let v = self.view(colour);
        let after = self.rules.glyphs_after_turn;
        let mut check = self.cells.clone();
        let mut first = Vec::new();
        match turn.steps.as_slice() {
            [r] => {
                movegen::step_options(&v, r, &mut first);
                out.extend(
                    first
                        .iter()
                        .filter(|&&a| !after || self.glyph_free(colour, &[(r, a)], &mut check))
                        .map(|s| Move::from_steps(&[*s])),
                );
            }
            [r0, r1] => {
                let mut second = Vec::new();
                movegen::step_options(&v, r1, &mut second);
                if turn.optional {
                    // The first step left out: the second step alone, listed once.
                    out.extend(
                        second
                            .iter()
                            .filter(|&&b| !after || self.glyph_free(colour, &[(r1, b)], &mut check))
                            .map(|s| Move::from_steps(&[*s])),
                    );
                }
                movegen::step_options(&v, r0, &mut first);
                if turn.independent && !after {
                    for &a in &first {
                        out.extend(second.iter().map(|&b| Move::Two(a, b)));
                    }
                } else {
                    let mut scratch = self.cells.clone();
                    for &a in &first {
                        scratch.copy_from_slice(&self.cells);
                        movegen::apply_step(&self.rules, &mut scratch, r0, a, colour);
                        let v2 = v.on(&scratch);
                        second.clear();
                        movegen::step_options(&v2, r1, &mut second);
                        out.extend(
                            second
                                .iter()
                                .filter(|&&b| {
                                    !after
                                        || self.glyph_free(colour, &[(r0, a), (r1, b)], &mut check)
                                })
                                .map(|&b| Move::Two(a, b)),
                        );
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
                    self.placements_into(out);
                } else {
                    self.turn_moves(self.to_move, out);
                }
                if self.swap_available() {
                    out.push(Move::Swap);
                }
                if self.turn_allows_pass()
                    || (out.is_empty() && self.no_move_status() == Status::MustPass)
                {
                    out.push(Move::Pass);
                }
            }
        }
    }

    /// Simple games: the mover's legal placements, in cell order. On boards of up to
    /// 64 cells the glyphs' forbidden cells are found for all the empty cells at once
    /// (`Matchers::forbidden_cells_among`), else cell by cell.
    fn placements_into(&self, out: &mut Vec<Move>) {
        let board = &self.rules.board;
        let matchers = &self.rules.matchers[self.to_move as usize];
        let open = if board.len() <= 64 {
            let bits = CellBits::of(&self.cells, board.len());
            let empty = bits.by_value[content::EMPTY as usize] & board.on_words()[0];
            matchers
                .forbidden_cells_among(&bits, empty)
                .map(|forbidden| empty & !forbidden)
        } else {
            None
        };
        match open {
            Some(open) => grid_bits::each_bit(&[open], |c| out.push(Move::Place(c as Cell))),
            None => {
                for c in board.cells() {
                    if self.cells[c as usize] == 0 && self.placement_ok(c, self.to_move) {
                        out.push(Move::Place(c));
                    }
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
                self.settle_draw(found)
            }
        }
    }

    /// What `random_move` answers once a draw from an ongoing or open position found
    /// `found`: the move, or with no move the pass the rules force, if any (the
    /// status is settled either way).
    #[inline]
    fn settle_draw(&mut self, found: Option<Move>) -> Option<Move> {
        if found.is_some() {
            self.status = Status::Ongoing;
            return found;
        }
        // No move: what the rules say about that is now settled.
        self.status = self.no_move_status();
        (self.status == Status::MustPass).then_some(Move::Pass)
    }

    /// Plays uniformly random moves (as `random_move` draws them) until the game is
    /// over or `max_plies` moves have been played in the whole game; the number of
    /// moves played. The loop of playouts: a placement in a game with a plain goal
    /// is drawn and played in one step, without the general turn's dispatch.
    pub fn play_out(&mut self, rng: &mut Rng, max_plies: u32) -> u32 {
        self.play_out_with(rng, max_plies, |_, _| {})
    }

    /// `play_out`, showing `visit` each move with the position it is played from.
    #[inline]
    pub fn play_out_with(
        &mut self,
        rng: &mut Rng,
        max_plies: u32,
        mut visit: impl FnMut(&State, Move),
    ) -> u32 {
        let mut moves = 0;
        // Read once: the rules do not change during a game.
        let plain_goal = self.rules.plain_goal;
        // One count on the rules for the run, so that moves borrow them apart (see
        // `apply_with`), not one a move.
        let rules = Arc::clone(&self.rules);
        while self.ply < max_plies {
            let mv = match (plain_goal, self.status) {
                // A plain goal is only derived for simple placement rules.
                (Some(goals), Status::Ongoing | Status::Open) => {
                    match self.play_placements(rng, max_plies, goals, &mut visit, &mut moves) {
                        RunEnd::Drawn(found) => self.settle_draw(found),
                        RunEnd::Done => continue,
                    }
                }
                // Turns drawn apart: a loop of their own (see `apart`).
                (None, Status::Ongoing | Status::Open) if rules.some_drawn_apart => {
                    match self.play_apart(&rules, rng, max_plies, &mut visit, &mut moves) {
                        Apart::Done => continue,
                        Apart::General => self.random_move(rng),
                        Apart::Drawn(found) => self.settle_draw(found),
                    }
                }
                _ => self.random_move(rng),
            };
            let Some(mv) = mv else { break };
            visit(self, mv);
            self.apply_with(Some(&rules), mv);
            moves += 1;
        }
        moves
    }

    /// Other games: a move drawn without listing them all (see `sample`), else every
    /// legal move listed and one picked. `None` when there is no legal move.
    pub(super) fn random_turn(&self, rng: &mut Rng) -> Option<Move> {
        // The moves besides the turn's steps, each as likely as any other move.
        let mut extras = [Move::Swap; 2];
        let mut k = 0;
        if self.swap_available() {
            k += 1;
        }
        if self.turn_allows_pass() {
            extras[k] = Move::Pass;
            k += 1;
        }
        let extras = &extras[..k];
        if let Some(turn) = self.current_turn(self.to_move) {
            if let Some(m) = sample::draw(&self.view(self.to_move), turn, extras, rng) {
                return Some(m);
            }
        }
        self.listed_move(rng, extras)
    }

    /// A uniformly random move of the turn's listed moves and `extras`, after the
    /// draw found none; `None` when there is none. (Out of line: rarely asked.)
    #[inline(never)]
    pub(super) fn listed_move(&self, rng: &mut Rng, extras: &[Move]) -> Option<Move> {
        let mut moves = Vec::new();
        self.turn_moves(self.to_move, &mut moves);
        moves.extend_from_slice(extras);
        (!moves.is_empty()).then(|| moves[rng.below(moves.len() as u32) as usize])
    }

    pub(super) fn remove_empty(&mut self, cell: Cell) {
        let i = self.empty_index(cell);
        self.empty.swap_remove(i);
        self.note_moved(i);
    }

    /// The index of the empty `cell` in the empty list, the indices first made afresh
    /// if the placement loop left them.
    #[inline]
    pub(super) fn empty_index(&mut self, cell: Cell) -> usize {
        if self.empty_pos_stale {
            for (i, &c) in self.empty.iter().enumerate() {
                self.empty_pos[c as usize] = i as u16;
            }
            self.empty_pos_stale = false;
        }
        usize::from(self.empty_pos[cell as usize])
    }

    /// Notes the index of the cell now at index `i` of the empty list (after a
    /// `swap_remove` there), unless the indices are left for later.
    #[inline(always)]
    pub(super) fn note_moved(&mut self, i: usize) {
        if let (false, Some(&moved)) = (self.empty_pos_stale, self.empty.get(i)) {
            self.empty_pos[moved as usize] = i as u16;
        }
    }
}
