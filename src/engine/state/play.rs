//! Playing moves: the checked path (`is_legal`, `play`, `replay`), the fast path
//! (`play_unchecked`), and `apply`, the one function that changes a state.

use super::*;
use crate::engine::moves::NotationError;
use crate::engine::{goals, ring};

impl State {
    /// Pairs the steps of a move with the rules of the current turn: the pairs, and how
    /// many of them there are (without allocating: apply runs this on every move).
    #[allow(clippy::type_complexity)]
    pub(super) fn pair_steps(
        turn: &Turn,
        mv: Move,
    ) -> Result<([(&StepRule, Step); 2], usize), Illegal> {
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
    pub(super) fn check_move(&self, mv: Move, status: Status) -> Result<(), Illegal> {
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
    pub(super) fn apply(&mut self, mv: Move) {
        let mover = self.to_move;
        let mut decided: Option<(Outcome, Decider)> = None;
        match mv {
            Move::Pass => self.to_move = 1 - mover,
            Move::Swap => self.swapped = !self.swapped,
            Move::Place(cell) if self.rules.simple => {
                self.cells[cell as usize] = content::of_player(mover);
                self.remove_empty(cell);
                self.counts[0][content::of_player(mover) as usize] += 1;
                if self.rules.track_groups {
                    let placed = self.join_groups(cell, mover);
                    decided = self.decide_goals(mover, Some(placed));
                }
                self.to_move = 1 - mover;
            }
            _ => {
                // Borrowed, not cloned: an `Arc` clone per move is an atomic operation on
                // a count that every thread playing this game shares.
                let rules = self.rules.clone();
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
                    movegen::apply_step(&rules, &mut self.cells, rule, step, mover);
                    if let (StepRule::Place { piece: 0, .. }, Step::Place(c), true) =
                        (rule, step, rules.track_groups)
                    {
                        if self.cells[c as usize] == content::of_player(mover) {
                            let placed = self.join_groups(c, mover);
                            decided = decided.or_else(|| self.decide_goals(mover, Some(placed)));
                        }
                    }
                }
                recount(&mut self.counts, &self.cells, rules.board.len());
                if !rules.track_groups {
                    decided = self.decide_goals(mover, None);
                }
                if rules.race {
                    let crossed = self.on_own_edges(mover) > before;
                    if self.owes == mover + 1 && !crossed {
                        decided =
                            decided.or(Some((Outcome::Win(1 - mover as usize), Decider::Race)));
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
        if decided.is_none() && !self.rules.after_move.is_empty() {
            decided = self.decide_after_move(mover);
        }
        self.decided_by = decided.map(|(_, d)| d);
        self.status = match decided {
            Some((o, _)) => Status::Over(o),
            None => self.next_status(),
        };
    }

    /// Adds the stone just placed on `cell` to the union-find: whether it closed a ring
    /// (decided before the groups join) and the regions its group touches now.
    #[inline]
    fn join_groups(&mut self, cell: Cell, mover: u8) -> goals::Placed {
        let rules = &*self.rules;
        let n = rules.board.len();
        let code = content::of_player(mover);
        let cells = &self.cells[..n];
        let ring = rules.ring_around_stone
            && ring::closes(
                &rules.board,
                rules.connect.adjacency,
                &|c| cells[c as usize] == code,
                &mut self.uf,
                cell,
            );
        let regions = self.uf.add(
            cell,
            cells,
            rules.board.neighbours(rules.connect.adjacency),
            rules.board.regions_of(cell),
        );
        goals::Placed { regions, ring }
    }

    /// Plays moves in notation (separated by white space) through the checked path.
    pub fn replay(self, moves: &str) -> Result<State, ReplayError> {
        let mut state = self;
        for (i, word) in moves.split_whitespace().enumerate() {
            state = state.replay_one(i, word)?;
        }
        Ok(state)
    }

    /// Plays moves in notation through the checked path and returns each move with the
    /// position after it (what an undo list keeps).
    pub fn replay_each<S: AsRef<str>>(
        self,
        moves: &[S],
    ) -> Result<Vec<(Move, State)>, ReplayError> {
        let mut out = Vec::with_capacity(moves.len());
        let mut state = self;
        for (i, word) in moves.iter().enumerate() {
            state = state.replay_one(i, word.as_ref())?;
            out.push((state.last.expect("a move was just played"), state.clone()));
        }
        Ok(out)
    }

    /// Plays move number `index` (0-based) of a replay.
    fn replay_one(self, index: usize, word: &str) -> Result<State, ReplayError> {
        let rules = self.rules.clone();
        let mv = Move::parse(word, &rules).map_err(|reason| ReplayError::Notation {
            index: index + 1,
            text: word.to_string(),
            reason,
        })?;
        self.play(mv).map_err(|e| ReplayError::Illegal {
            index: index + 1,
            text: word.to_string(),
            reason: e.reason.describe(&rules),
        })
    }
}

impl ReplayError {
    /// The same error for the move numbered `index` (1-based) of a longer list.
    pub fn renumbered(self, index: usize) -> ReplayError {
        match self {
            ReplayError::Notation { text, reason, .. } => ReplayError::Notation {
                index,
                text,
                reason,
            },
            ReplayError::Illegal { text, reason, .. } => ReplayError::Illegal {
                index,
                text,
                reason,
            },
        }
    }
}

/// Why a list of moves could not be replayed: the first bad move (1-based) and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The move is not written in the game's notation.
    #[error("move {index} `{text}`: {reason}")]
    Notation {
        index: usize,
        text: String,
        reason: NotationError,
    },
    /// The move is written well and is not legal there.
    #[error("move {index} `{text}` is illegal: {reason}")]
    Illegal {
        index: usize,
        text: String,
        reason: String,
    },
}
