//! Random placements for simple placement games: the draw among the empty cells, and
//! the loop that plays one placement after another for rules with a plain goal
//! (`Rules::plain_goal`) with the rules' tables looked up once per run instead of once
//! per move.
//!
//! The loop plays the same moves, from the same random numbers, as drawing and
//! applying them one at a time would; it only keeps what does not change during a
//! game (the neighbour table and its width, the region sets, the matchers) out of the
//! per-move work.

use super::*;
use crate::rules::glyph::Matchers;
use crate::rules::PlainGoal;

/// What a draw among the empty cells found.
enum Drawn {
    /// An empty cell legal for the mover, and its index in `State::empty`.
    At(Cell, usize),
    /// The swap (drawn as one more candidate when available).
    Swap,
    /// No legal placement, and no swap.
    Nothing,
}

/// Draws a placement from the empty cells without replacement until one is legal for
/// `matchers`, with the swap (when `swap`) as one more candidate that is always legal:
/// uniform over the legal moves. The cells tested and found illegal are moved to the
/// end of `empty` (their indices noted in `empty_pos`, if given).
#[inline(always)]
fn draw(
    empty: &mut [Cell],
    mut empty_pos: Option<&mut [u16]>,
    cells: &[u8],
    matchers: &Matchers,
    swap: bool,
    rng: &mut Rng,
) -> Drawn {
    let swap = usize::from(swap);
    let mut k = empty.len();
    while k + swap > 0 {
        let i = rng.below((k + swap) as u32) as usize;
        if i == k {
            return Drawn::Swap;
        }
        let c = empty[i];
        if !matchers.forbids(cells, c) {
            return Drawn::At(c, i);
        }
        k -= 1;
        empty.swap(i, k);
        if let Some(pos) = &mut empty_pos {
            pos[c as usize] = k as u16;
            pos[empty[i] as usize] = i as u16;
        }
    }
    Drawn::Nothing
}

/// How a run of placements stopped.
pub(super) enum RunEnd {
    /// At the ply limit, or at the game's end.
    Done,
    /// At a draw that found the swap (`Some`) or no placement (`None`), which the
    /// caller settles and plays by the general path.
    Drawn(Option<Move>),
}

impl State {
    /// Simple placement games: a placement drawn from the empty cells without
    /// replacement until one is legal, with the swap (when available) as one more
    /// candidate that is always legal. `None` when there is no legal move.
    #[inline(always)]
    pub(super) fn random_placement(&mut self, rng: &mut Rng) -> Option<Move> {
        let swap = self.swap_available();
        let matchers = &self.rules.matchers[self.to_move as usize];
        // The indices noted only where they are kept: left by the placement loop,
        // they are made afresh when next asked.
        let empty_pos = (!self.empty_pos_stale).then_some(&mut self.empty_pos[..]);
        match draw(&mut self.empty, empty_pos, &self.cells, matchers, swap, rng) {
            Drawn::At(c, _) => Some(Move::Place(c)),
            Drawn::Swap => Some(Move::Swap),
            Drawn::Nothing => None,
        }
    }

    /// Plays random placements (rules with a plain goal, from an ongoing or open
    /// position), showing each to `visit` before it is played and counting it in
    /// `moves`, until the game ends, the ply reaches `max_plies`, or a draw finds the
    /// swap or no placement (see `RunEnd`). Out of line: the loop keeps its registers
    /// whatever else the playout loop around it holds.
    #[inline(never)]
    pub(super) fn play_placements(
        &mut self,
        rng: &mut Rng,
        max_plies: u32,
        goals: [PlainGoal; 2],
        visit: &mut impl FnMut(&State, Move),
        moves: &mut u32,
    ) -> RunEnd {
        // One count more on the rules for the run, so that their tables are borrowed
        // apart from the state the loop changes.
        let rules = Arc::clone(&self.rules);
        let nbrs = rules.board.neighbours(rules.connect.adjacency);
        let region_sets = rules.board.region_sets();
        let matchers = [&rules.matchers[0], &rules.matchers[1]];
        let checks = status::has_start_checks(&rules);
        // The empty cells' indices are left to be made afresh when next asked.
        self.empty_pos_stale = true;
        while self.ply < max_plies {
            let mover = self.to_move;
            let swap = self.swap_available();
            let (cell, at) = match draw(
                &mut self.empty,
                None,
                &self.cells,
                matchers[usize::from(mover & 1)],
                swap,
                rng,
            ) {
                Drawn::At(c, i) => (c, i),
                Drawn::Swap => return RunEnd::Drawn(Some(Move::Swap)),
                Drawn::Nothing => return RunEnd::Drawn(None),
            };
            visit(self, Move::Place(cell));
            *moves += 1;
            self.place_plain(cell, at);
            let n = self.empty_pos.len();
            let touched = self
                .uf
                .add(cell, &self.cells[..n], nbrs, region_sets[cell as usize]);
            self.settle_plain(goals, mover, touched, checks);
            if let Status::Over(_) = self.status {
                return RunEnd::Done;
            }
        }
        RunEnd::Done
    }

    /// `apply` for rules with a `plain_goal`: the same steps as the general path's
    /// simple placement, without the checks those rules lack.
    #[inline(always)]
    pub(super) fn apply_plain_placement(&mut self, cell: Cell, goals: [PlainGoal; 2]) {
        let mover = self.to_move;
        let at = self.empty_index(cell);
        self.place_plain(cell, at);
        let (rules, n) = (&*self.rules, self.empty_pos.len());
        let nbrs = rules.board.neighbours(rules.connect.adjacency);
        let touched = self
            .uf
            .add(cell, &self.cells[..n], nbrs, rules.board.regions_of(cell));
        self.note_moved(at);
        self.settle_plain(goals, mover, touched, true);
    }

    /// Puts the mover's stone on the empty `cell` (at index `at` of `empty`, whose
    /// last cell moves there: the caller notes its index, if it keeps them) and passes
    /// the turn; the caller joins the stone to its group (`UnionFind::add`, with the
    /// rules borrowed apart from the state).
    #[inline(always)]
    fn place_plain(&mut self, cell: Cell, at: usize) {
        let mover = self.to_move;
        self.write_stone(cell, content::EMPTY, content::of_player(mover));
        self.empty.swap_remove(at);
        self.to_move = 1 - mover;
        self.ply += 1;
        self.last = Some(Move::Place(cell));
    }

    /// After `mover`'s placement whose group touches `touched`: the goal made, or the
    /// status of the next turn (`checks`: whether the rules have a ply limit or
    /// turn-start checks to look at).
    #[inline(always)]
    fn settle_plain(&mut self, goals: [PlainGoal; 2], mover: u8, touched: u32, checks: bool) {
        let goal = goals[usize::from(mover & 1)];
        if goal.test.made(touched) {
            let verdict = self.rules.goals[goal.index as usize].verdict;
            self.decided_by = Some(Decider::Goal(goal.index));
            self.status = Status::Over(status::verdict_for(verdict, mover));
        } else {
            self.decided_by = None;
            self.status = if checks {
                self.next_status()
            } else {
                self.unsettled()
            };
        }
    }
}
