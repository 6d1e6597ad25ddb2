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
use crate::engine::connect::UnionFind;
use crate::rules::board::Window;
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

/// A cell's neighbours, as a placement joins them: its window over the union-find's
/// bit sets of stones where the board has them (`Neighbours::windows`), else its row of
/// the neighbour table (`S` slots), read from the cells.
trait Near: Copy {
    /// Joins the stone just put on `cell` (written into `cells`, the first layer) to
    /// its group; the regions the group touches.
    fn join(self, uf: &mut UnionFind, cell: Cell, cells: &[u8], regions: u32) -> u32;
}

impl Near for Window {
    #[inline(always)]
    fn join(self, uf: &mut UnionFind, cell: Cell, cells: &[u8], regions: u32) -> u32 {
        uf.add_window(cell, cells[usize::from(cell)], self, regions)
    }
}

impl<const S: usize> Near for [Cell; S] {
    #[inline(always)]
    fn join(self, uf: &mut UnionFind, cell: Cell, cells: &[u8], regions: u32) -> u32 {
        uf.add_near::<S>(cell, cells, &self, regions)
    }
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
        match (nbrs.windows(), nbrs.stride()) {
            (Some(w), _) => self.placements_in(&rules, w, rng, max_plies, goals, visit, moves),
            (None, 4) => {
                let near = nbrs.padded_rows::<4>();
                self.placements_in(&rules, near, rng, max_plies, goals, visit, moves)
            }
            (None, 6) => {
                let near = nbrs.padded_rows::<6>();
                self.placements_in(&rules, near, rng, max_plies, goals, visit, moves)
            }
            (None, _) => {
                let near = nbrs.padded_rows::<8>();
                self.placements_in(&rules, near, rng, max_plies, goals, visit, moves)
            }
        }
    }

    /// `play_placements` with each cell's neighbours in `near`.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn placements_in(
        &mut self,
        rules: &Rules,
        near: &[impl Near],
        rng: &mut Rng,
        max_plies: u32,
        goals: [PlainGoal; 2],
        visit: &mut impl FnMut(&State, Move),
        moves: &mut u32,
    ) -> RunEnd {
        let region_sets = rules.board.region_sets();
        let matchers = [&rules.matchers[0], &rules.matchers[1]];
        let checks = status::has_start_checks(rules);
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
            let c = cell as usize;
            let touched = self.place_plain(cell, at, near[c], region_sets[c]);
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
        let c = cell as usize;
        let nbrs = self.rules.board.neighbours(self.rules.connect.adjacency);
        let regions = self.rules.board.regions_of(cell);
        // The neighbours copied: the state changes while they are read.
        let touched = match (nbrs.windows(), nbrs.stride()) {
            (Some(w), _) => self.place_plain(cell, at, w[c], regions),
            (None, 4) => self.place_plain(cell, at, nbrs.padded_rows::<4>()[c], regions),
            (None, 6) => self.place_plain(cell, at, nbrs.padded_rows::<6>()[c], regions),
            (None, _) => self.place_plain(cell, at, nbrs.padded_rows::<8>()[c], regions),
        };
        self.note_moved(at);
        self.settle_plain(goals, mover, touched, true);
    }

    /// Puts the mover's stone on the empty `cell` (at index `at` of `empty`, whose
    /// last cell moves there: the caller notes its index, if it keeps them), passes
    /// the turn, and joins the stone to its group: the regions the group now touches.
    /// `near` gives the cell's neighbours, `regions` is its region set.
    #[inline(always)]
    fn place_plain(&mut self, cell: Cell, at: usize, near: impl Near, regions: u32) -> u32 {
        let mover = self.to_move;
        self.write_stone(cell, content::EMPTY, content::of_player(mover));
        self.empty.swap_remove(at);
        self.to_move = 1 - mover;
        let n = self.empty_pos.len();
        let touched = near.join(&mut self.uf, cell, &self.cells[..n], regions);
        self.ply += 1;
        self.last = Some(Move::Place(cell));
        touched
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
