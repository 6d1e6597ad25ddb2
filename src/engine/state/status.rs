//! Where play stands after a move: the goals won, the rules of the start of the turn
//! in file order, and what the rules say when the player to move cannot move.

use super::*;

impl State {
    /// The number of `colour`'s pieces standing on its own edges.
    pub(super) fn on_own_edges(&self, colour: u8) -> usize {
        let n = self.rules.board.len();
        let own = self.rules.connect.own[colour as usize];
        (0..self.rules.pieces.len())
            .map(|k| {
                self.rules
                    .board
                    .cells()
                    .filter(|&c| {
                        self.cells[k * n + c as usize] == content::of_player(colour)
                            && self.rules.board.regions_of(c) & own != 0
                    })
                    .count()
            })
            .sum()
    }

    /// Whether `colour` has a chain of first-kind pieces touching all its own edges
    /// (searched afresh; placement games use the incremental union-find instead).
    pub(super) fn connected(&self, colour: u8) -> bool {
        let b = &self.rules.board;
        let own = self.rules.connect.own[colour as usize];
        if own == 0 {
            return false;
        }
        let nbrs = b.neighbours(self.rules.connect.adjacency);
        let mut seen = vec![false; b.len()];
        let mut stack = Vec::new();
        for start in b.cells() {
            if seen[start as usize] || self.cells[start as usize] != content::of_player(colour) {
                continue;
            }
            let mut touched = 0;
            seen[start as usize] = true;
            stack.push(start);
            while let Some(c) = stack.pop() {
                touched |= b.regions_of(c);
                for &m in nbrs.of(c) {
                    if !seen[m as usize] && self.cells[m as usize] == content::of_player(colour) {
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

    pub(super) fn recount(&mut self) {
        recount(&mut self.counts, &self.cells, self.rules.board.len());
    }

    /// Evaluates a position condition for `mover`.
    pub(super) fn eval(&self, p: &Pred, mover: u8) -> bool {
        match p {
            Pred::Count {
                whose,
                piece,
                cmp,
                value,
            } => {
                let c = &self.counts[*piece];
                let count = i64::from(match whose {
                    Whose::Own => c[content::of_player(mover) as usize],
                    Whose::Enemy => c[content::opponent_of(mover) as usize],
                    Whose::Anyone => c[1..].iter().sum(),
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
                    Whose::Enemy => content::opponent_of(mover),
                    _ => content::of_player(mover),
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
    pub(super) fn next_status(&self) -> Status {
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
    pub(super) fn settle(&self) -> Status {
        if self.has_move(self.to_move) {
            Status::Ongoing
        } else {
            self.no_move_status()
        }
    }

    /// The status when the mover has no move: a crossing owed and no move loses, then
    /// the no-move rule.
    pub(super) fn no_move_status(&self) -> Status {
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
}
