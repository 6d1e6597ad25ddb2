//! Playing moves: the checked path (`is_legal`, `play`, `replay`), the fast path
//! (`play_unchecked`), and `apply`, the one function that changes a state.

use super::*;
use crate::engine::moves::NotationError;
use crate::engine::{capture, goals, ring};

impl State {
    /// Pairs the steps of a move with the rules of the current turn: the pairs, and how
    /// many of them there are (without allocating: apply runs this on every move).
    #[allow(clippy::type_complexity)]
    pub(super) fn pair_steps(
        turn: &Turn,
        mv: Move,
    ) -> Result<([(&StepRule, Step); 2], usize), Illegal> {
        Self::paired(turn, mv).ok_or_else(|| match turn.steps.as_slice() {
            [_] => Illegal::Shape("this turn is one step".into()),
            _ => Illegal::Shape(
                "this turn has two steps: write them joined by a comma, e.g. `c4,d5`".into(),
            ),
        })
    }

    /// `pair_steps` without the reason, inlined where it runs on every move: its pairs
    /// then stay in registers, where a returned `Result` was written to memory piece
    /// by piece and read back whole, which the processor cannot forward (a sampled
    /// profile showed the stall).
    #[allow(clippy::type_complexity)]
    #[inline(always)]
    fn paired(turn: &Turn, mv: Move) -> Option<([(&StepRule, Step); 2], usize)> {
        let (steps, n) = mv.steps();
        match (turn.steps.as_slice(), n) {
            ([r], 1) => Some(([(r, steps[0]); 2], 1)),
            ([r0, r1], 2) => Some(([(r0, steps[0]), (r1, steps[1])], 2)),
            ([_, r1], 1) if turn.optional => Some(([(r1, steps[0]); 2], 1)),
            _ => None,
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
                if status == Status::MustPass || self.turn_allows_pass() {
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
                    let own = self.view(self.to_move);
                    let v = if i == 0 { own } else { own.on(&scratch) };
                    movegen::step_check(&v, rule, *step)
                        .map_err(|reason| Illegal::Step { index: i, reason })?;
                    movegen::apply_step(&self.rules, &mut scratch, rule, *step, self.to_move);
                }
                if let Some((glyph, points)) =
                    movegen::glyph_after_turn(&self.rules, &self.cells, &scratch)
                {
                    return Err(Illegal::Glyph { glyph, points });
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
        self.apply_with(None, mv);
    }

    /// `apply`, with the rules borrowed apart from the state where the caller holds
    /// them (`held`, the same rules as `self.rules`): a playout takes one count on the
    /// rules for the whole run, where a move's steps would otherwise take one per move
    /// (an atomic operation, which a sampled profile showed stalling the loop).
    pub(super) fn apply_with(&mut self, held: Option<&Rules>, mv: Move) {
        debug_assert!(held.is_none_or(|r| std::ptr::eq(r, &*self.rules)));
        if let (Move::Place(cell), Some(goal)) = (mv, self.rules.plain_goal) {
            self.apply_plain_placement(cell, goal);
            return;
        }
        let mover = self.to_move;
        // The position's hash after the move, when it is known without a scan.
        let mut hash = None;
        let decided = match mv {
            Move::Pass => {
                match self.current_turn(mover).and_then(|t| t.pass) {
                    // The turn's own pass: counted, and maybe a change of colours.
                    Some(p) => {
                        self.passes += 1;
                        match p.takes {
                            Some(c) => {
                                if c as u8 != mover {
                                    self.swapped = !self.swapped;
                                }
                                self.to_move = c as u8;
                            }
                            None => self.to_move = 1 - mover,
                        }
                    }
                    None => self.to_move = 1 - mover,
                }
                hash = self.history.last().copied();
                None
            }
            Move::Swap => {
                self.swapped = !self.swapped;
                hash = self.history.last().copied();
                None
            }
            Move::Place(cell) if self.rules.simple => {
                self.set_stone(cell, content::of_player(mover));
                self.remove_empty(cell);
                if let Some(c) = self.counts.first_mut() {
                    c[0] -= 1;
                    c[content::of_player(mover) as usize] += 1;
                }
                self.to_move = 1 - mover;
                if self.rules.track_groups {
                    let placed = self.join_groups(cell, mover);
                    self.decide_goals(mover, Some(placed))
                } else {
                    None
                }
            }
            _ => {
                let owned;
                let rules = match held {
                    Some(r) => r,
                    None => {
                        owned = Arc::clone(&self.rules);
                        &*owned
                    }
                };
                self.apply_turn(rules, mv, mover, &mut hash)
            }
        };
        self.finish_move(mv, mover, decided, hash);
    }

    /// A move drawn apart (`sample::draw_apart`) for the player to move, whose turn
    /// is `turn` (the state's current turn, in `rules`, the state's own rules
    /// borrowed apart): its slide, if any, and its placement played as `apply_with`
    /// plays the move `mv` they make, without finding the turn and pairing the move's
    /// steps with its rules again.
    #[inline(always)]
    pub(super) fn apply_drawn(
        &mut self,
        rules: &Rules,
        turn: &Turn,
        (first, place): (Option<Step>, Step),
        mv: Move,
    ) {
        let [r0, r1] = turn.steps.as_slice() else {
            unreachable!("a turn drawn apart has two steps")
        };
        let mover = self.to_move;
        let mut hash = None;
        let decided = match first {
            Some(a) => self.play_turn(rules, &[(r0, a), (r1, place)], mover, &mut hash),
            None => self.play_turn(rules, &[(r1, place)], mover, &mut hash),
        };
        self.finish_move(mv, mover, decided, hash);
    }

    /// The end of every move but a placement with a plain goal: goals decided by both
    /// sides, the position's history, the ply, the rules checked after a move, the
    /// next turn and the status of the player now to move. `decided`: what the move's
    /// steps decided; `hash`: the position's hash, when the steps worked it out.
    #[inline(always)]
    fn finish_move(
        &mut self,
        mv: Move,
        mover: u8,
        mut decided: Option<(Outcome, Decider)>,
        hash: Option<u64>,
    ) {
        if self.rules.both_win.is_some() {
            decided = self.decide_both(mover, decided);
        }
        if self.rules.ko != Ko::None {
            let h = hash.unwrap_or_else(|| capture::position_hash(&self.cells));
            self.history.push(h);
        }
        self.ply += 1;
        self.last = Some(mv);
        if decided.is_none() && !self.rules.after_move.is_empty() {
            decided = self.decide_after_move(mover);
        }
        if !self.rules.simple {
            self.find_turn();
        }
        self.decided_by = decided.map(|(_, d)| d);
        self.status = match decided {
            Some((o, _)) => Status::Over(o),
            None => self.next_status(),
        };
    }

    /// Plays the steps of a turn (the general path) for `mover`, captures, groups and
    /// the crossing race included, and passes the turn; returns what the goals decide.
    /// Sets `hash` to the position's hash when the captures worked it out.
    /// `rules` are the state's own, borrowed apart from it (see `apply_with`).
    #[inline(always)]
    fn apply_turn(
        &mut self,
        rules: &Rules,
        mv: Move,
        mover: u8,
        hash: &mut Option<u64>,
    ) -> Option<(Outcome, Decider)> {
        let index = self
            .current_turn_index(mover)
            .expect("a legal move has a turn");
        let (pairs, count) =
            Self::paired(&rules.turns[index], mv).expect("a legal move fits its turn");
        self.play_turn(rules, &pairs[..count], mover, hash)
    }

    /// Plays a turn's steps, each with its rule (`pairs`), for `mover`: `apply_turn`
    /// once the move is paired with its turn's rules.
    #[inline(always)]
    fn play_turn(
        &mut self,
        rules: &Rules,
        pairs: &[(&StepRule, Step)],
        mover: u8,
        hash: &mut Option<u64>,
    ) -> Option<(Outcome, Decider)> {
        let before = if rules.race {
            self.on_own_edges(mover)
        } else {
            0
        };
        let mut decided = None;
        let incremental = self.libs.is_kept();
        for &(rule, step) in pairs {
            // A placement puts down the mover's piece, or the colour its rule names.
            let colour = match rule {
                StepRule::Place { owner: Some(o), .. } => *o as u8,
                _ => mover,
            };
            let placed = match (rule, step) {
                (StepRule::Place { piece: 0, .. }, Step::Place(c)) if incremental => {
                    let start = self.history.last().copied().unwrap_or(0);
                    let (placed, delta) = self.place_capturing(rules, c, colour);
                    if !self.counts.is_empty() {
                        self.counts[0] = self.count_layer(0);
                    }
                    *hash = Some(start ^ delta);
                    Some(placed)
                }
                _ => {
                    *hash = None;
                    self.play_step(rules, rule, step, mover);
                    match (rule, step) {
                        (StepRule::Place { piece: 0, .. }, Step::Place(c))
                            if rules.track_groups
                                && self.cells[c as usize] == content::of_player(colour) =>
                        {
                            Some(self.join_groups(c, colour))
                        }
                        _ => None,
                    }
                }
            };
            // Goals are the mover's: another colour's stone changes none of its groups.
            let placed = placed.filter(|_| colour == mover);
            if let Some(p) = placed {
                decided = decided.or_else(|| self.decide_goals(mover, Some(p)));
            }
        }
        if !rules.track_groups {
            decided = self.decide_goals(mover, None);
        }
        if rules.race {
            let crossed = self.on_own_edges(mover) > before;
            if self.owes == mover + 1 && !crossed {
                decided = decided.or(Some((Outcome::Win(1 - mover as usize), Decider::Race)));
                self.owes = 0;
            } else if crossed {
                self.owes = 2 - mover;
            } else {
                self.owes = 0;
            }
        }
        self.to_move = 1 - mover;
        decided
    }

    /// Writes `code` on `cell` of the first layer (the stones of the placement paths),
    /// in the cells and their planes.
    #[inline(always)]
    fn set_stone(&mut self, cell: Cell, code: u8) {
        let was = self.cells[cell as usize];
        self.write_stone(cell, was, code);
        self.relabel(0, cell, was, code);
    }

    /// `set_stone` for rules that keep no region labels (those with a plain goal):
    /// `cell` held `was`.
    #[inline(always)]
    pub(super) fn write_stone(&mut self, cell: Cell, was: u8, code: u8) {
        self.cells[cell as usize] = code;
        self.planes.write(0, cell, was, code);
    }

    /// Plays one step on the cells (and their bit planes) and, where the rules keep
    /// counts or region labels, brings them along by what changed on the cells it
    /// touches (a placement without capture: its cell; a slide: its start and end);
    /// after a step that may capture or moves a line, they are made afresh.
    #[inline(always)]
    fn play_step(&mut self, rules: &Rules, rule: &StepRule, step: Step, mover: u8) {
        let kind = rule.piece();
        let base = kind * rules.board.len();
        let captures = rules.capture.is_some_and(|cap| cap.piece == kind);
        // The cells it touches, how many (0: any of the layer's), and what stood there:
        // fixed arrays, not slices of temporaries (fewer instructions a move).
        let (n, touched) = match (rule, step) {
            (StepRule::Place { .. }, Step::Place(c)) if !captures => (1, [c, c]),
            (StepRule::Slide { .. }, Step::Move { from, to }) => (2, [from, to]),
            _ => (0, [0, 0]),
        };
        let listed = rules.free_listed == Some(kind);
        let kept = !self.counts.is_empty() || !self.regions.is_empty() || listed;
        let was = if kept {
            // Read one by one: `touched.map` was left out of line, a call a step.
            let at = |i: usize| self.cells[base + touched[i] as usize];
            [at(0), at(1)]
        } else {
            [0; 2]
        };
        movegen::apply_step_keeping(rules, &mut self.cells, &mut self.planes, rule, step, mover);
        if !kept {
            return;
        }
        if n == 0 {
            if !self.counts.is_empty() {
                self.counts[kind] = self.count_layer(kind);
            }
            if listed {
                self.refill_free(kind);
            }
            self.relabel_all(kind);
            return;
        }
        // Each cell's change in its own variables: an array of them, written piece by
        // piece and read back whole, stalled (a sampled profile).
        let first = self.note_change(kind, listed, (touched[0], was[0]));
        if n > 1 {
            let second = self.note_change(kind, listed, (touched[1], was[1]));
            self.relabel_move(kind, first, second);
        } else {
            self.relabel(kind, first.0, first.1, first.2);
        }
    }

    /// `play_step`'s upkeep of one cell it touched, `c`, whose layer of `kind` held
    /// `old`: the counts, and the list of free cells where it is the kind's
    /// (`listed`). The cell and its old and new values.
    #[inline(always)]
    fn note_change(&mut self, kind: usize, listed: bool, (c, old): (Cell, u8)) -> (Cell, u8, u8) {
        let now = self.cells[kind * self.rules.board.len() + c as usize];
        if let Some(counts) = self.counts.get_mut(kind) {
            counts[usize::from(old)] -= 1;
            counts[usize::from(now)] += 1;
        }
        if listed {
            self.free.note(c, old, now);
        }
        (c, old, now)
    }

    /// The list of cells free of `kind` made afresh (at setup, or after a step that
    /// may have changed any cell of its layer). Out of line: rare, and its loop would
    /// crowd the step's path in every game.
    #[cold]
    #[inline(never)]
    pub(super) fn refill_free(&mut self, kind: usize) {
        let n = self.rules.board.len();
        let layer = &self.cells[kind * n..(kind + 1) * n];
        self.free.fill(layer, self.rules.board.cells());
    }

    /// Places a stone of the capture rule's kind (the first) on the empty `cell` for
    /// `mover`, keeping the groups' liberties at the union-find's roots; removes the
    /// enemy groups left without a liberty, then the mover's own if it has none
    /// (suicide allowed; a forbidden suicide was refused before). Returns what the
    /// goals need and the change to the position's hash.
    fn place_capturing(&mut self, rules: &Rules, cell: Cell, mover: u8) -> (goals::Placed, u64) {
        let cap = rules.capture.expect("a capture rule");
        let b = &rules.board;
        let n = b.len();
        let nbrs = b.neighbours(cap.adjacency);
        let me = content::of_player(mover);
        let foe = content::opponent_of(mover);
        self.set_stone(cell, me);
        let mut delta = capture::key(cell as usize, me);
        // The groups around lose `cell` as a liberty; the new stone's own are its
        // empty neighbours, and the own groups it joins add theirs.
        let mut own_roots: Vec<Cell> = Vec::with_capacity(6);
        let mut own_libs = (0u32, 0u64, 0u64);
        for &m in nbrs.of(cell) {
            let v = self.cells[m as usize];
            if v == content::EMPTY {
                let x = u64::from(m);
                own_libs = (own_libs.0 + 1, own_libs.1 + x, own_libs.2 + x * x);
                continue;
            }
            let r = self.uf.find(m);
            self.libs.lose(r, cell);
            if v == me && !own_roots.contains(&r) {
                own_roots.push(r);
            }
        }
        let mut regions = self
            .uf
            .add(cell, &self.cells[..n], nbrs, b.regions_of(cell));
        let root = self.uf.find(cell);
        self.libs.merge_into(root, &own_roots, own_libs);
        for &m in nbrs.of(cell) {
            if self.cells[m as usize] == foe {
                let r = self.uf.find(m);
                if self.libs.none(r) {
                    delta ^= self.remove_group(rules, m);
                }
            }
        }
        let root = self.uf.find(cell);
        if self.libs.none(root) {
            delta ^= self.remove_group(rules, cell);
            regions = 0;
        }
        (
            goals::Placed {
                regions,
                ring: false,
            },
            delta,
        )
    }

    /// Removes the group of the stone on `start` (the capture rule's kind and
    /// adjacency), gives each removed cell back as a liberty to the groups around it,
    /// and returns the change to the position's hash.
    fn remove_group(&mut self, rules: &Rules, start: Cell) -> u64 {
        let cap = rules.capture.expect("a capture rule");
        let b = &rules.board;
        let n = b.len();
        let v = self.cells[start as usize];
        let mut seen = vec![false; n];
        let mut group = Vec::new();
        capture::group_of(
            b,
            cap.adjacency,
            &self.cells[..n],
            start,
            &mut seen,
            &mut group,
        );
        let mut delta = 0;
        for &c in &group {
            self.set_stone(c, content::EMPTY);
            self.uf.remove_stone(c);
            delta ^= capture::key(c as usize, v);
        }
        let nbrs = b.neighbours(cap.adjacency);
        for &c in &group {
            for &m in nbrs.of(c) {
                if self.cells[m as usize] != content::EMPTY {
                    let r = self.uf.find(m);
                    self.libs.gain(r, c);
                }
            }
        }
        delta
    }

    /// Adds the stone just placed on `cell` to the union-find: whether it closed a ring
    /// (decided before the groups join) and the regions its group touches now.
    #[inline(always)]
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
