//! Where play stands after a move: the goals won, the rules of the start of the turn
//! in file order, and what the rules say when the player to move cannot move.

use super::*;
use crate::engine::separation::{self, Cells};
use crate::engine::{goals, grid_bits};

impl State {
    /// The number of `colour`'s pieces standing on its own edges.
    #[inline]
    pub(super) fn on_own_edges(&self, colour: u8) -> usize {
        let code = content::of_player(colour);
        let own = &self.rules.connect.own_words[colour as usize];
        (0..self.rules.pieces.len())
            .map(|k| grid_bits::count_common(self.planes.holding(k, code), own) as usize)
            .sum()
    }

    /// What the goals decide for `mover`, who just moved: the first `win:` goal whose
    /// shape the mover made, else the first `lose:` goal. `placed` is what the
    /// union-find learnt from the stone just placed (placement games); without it the
    /// whole position is looked at.
    #[inline(always)]
    pub(super) fn decide_goals(
        &self,
        mover: u8,
        placed: Option<goals::Placed>,
    ) -> Option<(Outcome, Decider)> {
        let index = self.goal_made(mover, placed)?;
        let verdict = self.rules.goals[index as usize].verdict;
        Some((verdict_for(verdict, mover), Decider::Goal(index)))
    }

    /// The index of the goal that decides for `mover` (see `decide_goals`). Inlined
    /// whole into `apply`: on a placement it is a mask test per goal.
    #[inline(always)]
    fn goal_made(&self, mover: u8, placed: Option<goals::Placed>) -> Option<u16> {
        for step in &self.rules.goal_plan[mover as usize] {
            let made = match (step.test, placed) {
                (GoalTest::Never, _) => false,
                (GoalTest::Regions(goal), Some(p)) => goal.made(p.regions),
                (GoalTest::RingAroundStone, Some(p)) => p.ring,
                _ => self.made_anywhere(&self.rules.goals[step.index as usize].goal, mover),
            };
            if made {
                return Some(step.index);
            }
        }
        None
    }

    /// Games whose goals are checked for both players (`both win:`): the mover's
    /// verdict `decided` combined with the opponent's winning shapes, looked at on the
    /// whole position. Both at once: what the rule says.
    pub(super) fn decide_both(
        &self,
        mover: u8,
        decided: Option<(Outcome, Decider)>,
    ) -> Option<(Outcome, Decider)> {
        let Some(both) = self.rules.both_win else {
            return decided;
        };
        let mine =
            matches!(decided, Some((Outcome::Win(p), Decider::Goal(_))) if p == mover as usize);
        let other = 1 - mover;
        let theirs = self.rules.goal_plan[other as usize].iter().find(|step| {
            let g = &self.rules.goals[step.index as usize];
            g.verdict == Verdict::Win && self.made_anywhere(&g.goal, other)
        });
        match (theirs, mine) {
            (None, _) => decided,
            (Some(_), true) => {
                let d = decided.map(|(_, d)| d).expect("the mover won by a goal");
                Some(match both {
                    BothWin::Draw => (Outcome::Draw(DrawKind::BothGoals), d),
                    BothWin::Mover => (Outcome::Win(mover as usize), d),
                })
            }
            (Some(step), false) => Some((Outcome::Win(other as usize), Decider::Goal(step.index))),
        }
    }

    /// Whether `colour`'s pieces make a goal's shape anywhere on the board.
    #[inline(never)]
    pub(super) fn made_anywhere(&self, goal: &Goal, colour: u8) -> bool {
        let n = self.rules.board.len();
        let k = goal.piece().unwrap_or(0);
        goals::made_anywhere(
            &self.rules.board,
            &self.cells[k * n..(k + 1) * n],
            colour,
            goal,
            self.rules.connect.own[colour as usize],
        )
    }

    /// The winner's cells that made the win, for pictures and endings: the groups that
    /// made the deciding goal's shape; for a separation (a rule's condition), each group
    /// that separates by itself; for the crossing race, the winner's pieces on its own
    /// edges. Empty while nobody has won.
    pub fn winning_cells(&self) -> Vec<Cell> {
        let Some(Outcome::Win(p)) = self.outcome() else {
            return Vec::new();
        };
        let rules = &*self.rules;
        let b = &rules.board;
        let n = b.len();
        let own = rules.connect.own[p];
        let mut out = match self.decided_by {
            Some(Decider::Goal(i)) => {
                let g = &rules.goals[i as usize];
                let k = g.goal.piece().unwrap_or(0);
                // A `lose:` goal is the loser's shape; the winner's cells are none of it.
                if g.verdict == Verdict::Win {
                    goals::witness(b, &self.cells[k * n..(k + 1) * n], p as u8, &g.goal, own)
                } else {
                    Vec::new()
                }
            }
            _ => Vec::new(),
        };
        if out.is_empty() {
            let conditions = rules.turn_start.iter().chain(&rules.after_move);
            for (piece, counted) in conditions.flat_map(|r| separations(&r.cond)) {
                let code = content::of_player(p as u8);
                let mine = |c: Cell| self.cells[piece * n + c as usize] == code;
                let adjacency = b.natural_adjacency();
                for g in goals::groups(b, adjacency, &mine) {
                    let mut member = vec![0u8; n];
                    g.iter().for_each(|&c| member[c as usize] = 1);
                    if separation::separates(
                        b,
                        adjacency,
                        Cells::Holding(&member, 1),
                        Cells::counted(counted, &self.cells, n),
                    ) {
                        out.extend(g);
                    }
                }
            }
        }
        if out.is_empty() && rules.race {
            for k in 0..rules.pieces.len() {
                out.extend(b.cells().filter(|&c| {
                    self.cells[k * n + c as usize] == content::of_player(p as u8)
                        && b.regions_of(c) & own != 0
                }));
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// What the rules checked after every move decide for `mover`, who just moved.
    pub(super) fn decide_after_move(&self, mover: u8) -> Option<(Outcome, Decider)> {
        self.rules
            .after_move
            .iter()
            .enumerate()
            .find(|(_, r)| self.eval(&r.plan, mover))
            .map(|(i, r)| (verdict_for(r.verdict, mover), Decider::AfterMove(i as u16)))
    }

    /// The pieces of kind `kind` by layer value (0 empty; 1, 2 the players'; 3
    /// neutral): kept with the position where the rules read counts, otherwise
    /// counted from the layer when asked.
    pub(super) fn layer_counts(&self, kind: usize) -> [u16; 4] {
        self.counts
            .get(kind)
            .copied()
            .unwrap_or_else(|| self.count_layer(kind))
    }

    /// The pieces of kind `kind` by layer value, counted from the layer.
    pub(super) fn count_layer(&self, kind: usize) -> [u16; 4] {
        let n = self.rules.board.len();
        count_values(&self.cells[kind * n..(kind + 1) * n])
    }

    /// Reads the bit planes afresh and, where the rules keep counts, counts every layer
    /// (and labels the regions the separations read).
    pub(super) fn recount(&mut self) {
        self.planes = if self.rules.keep_planes {
            Planes::read(&self.cells, self.rules.board.len())
        } else {
            Planes::default()
        };
        if self.rules.keep_counts {
            self.counts = (0..self.rules.pieces.len())
                .map(|k| self.count_layer(k))
                .collect();
        }
        if let Some(k) = self.rules.free_listed {
            self.refill_free(k);
        }
        let kinds = self.rules.separated.clone();
        self.regions.clear();
        for k in kinds {
            for colour in 0..2 {
                let labels = self.labels_afresh(k, colour);
                self.regions.push(labels);
            }
        }
    }

    /// The regions of the board without `colour`'s pieces of kind `k`, labelled from
    /// the planes.
    fn labels_afresh(&self, k: usize, colour: u8) -> KeptSide {
        let b = &self.rules.board;
        KeptSide::new(
            b,
            b.natural_adjacency(),
            self.planes.holding(k, content::of_player(colour)),
        )
    }

    /// Brings the region labels of kind `k` (if kept) to the change of `cell` from
    /// `was` to `now` (its planes written already). Whether the kind keeps labels is
    /// asked here, inlined, so that a kind without them (a piece that only moves)
    /// costs its callers no call.
    #[inline(always)]
    pub(super) fn relabel(&mut self, k: usize, cell: Cell, was: u8, now: u8) {
        if let Some(slot) = self.labels_slot(k) {
            if was != now {
                self.relabel_at(slot, k, cell, (was, now));
            }
        }
    }

    /// `relabel` for the labels at `slot`.
    fn relabel_at(&mut self, slot: usize, k: usize, cell: Cell, (was, now): (u8, u8)) {
        self.label_joined(slot, k, (cell, now), None);
        self.label_left(slot, k, (cell, was));
    }

    /// The labels at `slot` (those of kind `k`) of the owner of `now`, if a player:
    /// `cell` has become theirs (`leaving`: a cell of theirs that leaves next).
    #[inline(always)]
    fn label_joined(
        &mut self,
        slot: usize,
        k: usize,
        (cell, now): (Cell, u8),
        leaving: Option<Cell>,
    ) {
        if let Some(p) = content::owner(now) {
            let b = &self.rules.board;
            let member = self.planes.holding(k, now);
            self.regions[slot + usize::from(p)].joined(
                b,
                b.natural_adjacency(),
                (member, leaving),
                cell,
            );
        }
    }

    /// The labels at `slot` (those of kind `k`) of the owner of `was`, if a player:
    /// `cell` is theirs no longer.
    #[inline(always)]
    fn label_left(&mut self, slot: usize, k: usize, (cell, was): (Cell, u8)) {
        if let Some(p) = content::owner(was) {
            let b = &self.rules.board;
            let member = self.planes.holding(k, was);
            self.regions[slot + usize::from(p)].left(b, b.natural_adjacency(), member, cell);
        }
    }

    /// Brings the region labels of kind `k` (if kept) to the changes of two cells
    /// (`(cell, was, now)`, the planes written already): for each side, a cell its
    /// piece joined first (with the cell it left still counted as its), then the cell
    /// it left, each from labels right for the set of the moment. (Asked inlined, as
    /// in `relabel`.)
    #[inline(always)]
    pub(super) fn relabel_move(&mut self, k: usize, a: (Cell, u8, u8), b: (Cell, u8, u8)) {
        if let Some(slot) = self.labels_slot(k) {
            self.relabel_move_at(slot, k, a, b);
        }
    }

    /// `relabel_move` for the labels at `slot`.
    fn relabel_move_at(&mut self, slot: usize, k: usize, a: (Cell, u8, u8), b: (Cell, u8, u8)) {
        let changes = [a, b];
        for &(c, was, now) in &changes {
            if was != now {
                let leaving = changes
                    .iter()
                    .find(|&&(_, w, n)| w == now && n != now)
                    .map(|&(d, _, _)| d);
                self.label_joined(slot, k, (c, now), leaving);
            }
        }
        for &(c, was, now) in &changes {
            if was != now {
                self.label_left(slot, k, (c, was));
            }
        }
    }

    /// Labels the regions of kind `k` (if kept) afresh, after changes not followed
    /// one cell at a time.
    pub(super) fn relabel_all(&mut self, k: usize) {
        if let Some(slot) = self.labels_slot(k) {
            for colour in 0..2u8 {
                self.regions[slot + colour as usize] = self.labels_afresh(k, colour);
            }
        }
    }

    /// Evaluates a position condition for `mover`, the terms of each `and` and `or` in
    /// the order given: pass a condition's plan (`Pred::cheapest_first`), so that a
    /// separation is tested only when the counts and moves leave the answer open. What
    /// is cheap to know is settled first (see [`State::settled`]): an `and` (an `or`)
    /// first looks for a term cheaply known false (true).
    pub(super) fn eval(&self, p: &Pred, mover: u8) -> bool {
        match p {
            Pred::Not(x) => !self.eval(x, mover),
            Pred::And(v) => self.all_or_any(v, mover, false),
            Pred::Or(v) => self.all_or_any(v, mover, true),
            _ => self
                .settled(p, mover)
                .unwrap_or_else(|| self.eval_open(p, mover)),
        }
    }

    /// `eval` for a condition `settled` has left open: a separation the labels do not
    /// refute, a move search, the `and`s and `or`s of those.
    fn eval_open(&self, p: &Pred, mover: u8) -> bool {
        match p {
            Pred::Separates {
                whose,
                piece,
                counted,
            } => {
                let (member, kept) = self.separation_inputs(*whose, *piece, *counted, mover);
                let (board, adjacency) = (&self.rules.board, self.rules.board.natural_adjacency());
                match kept {
                    Some((counted, kept)) => kept.separates(board, adjacency, (member, counted)),
                    None => separation::separates(
                        board,
                        adjacency,
                        Cells::Words(member),
                        Cells::counted_in(*counted, &self.planes),
                    ),
                }
            }
            Pred::NoMove => !self.has_move(mover),
            Pred::Not(x) => !self.eval_open(x, mover),
            // Left to right: the rules hold each condition cheapest term first as well
            // (`ConditionRule::plan`, `Turn::guard_plan`).
            Pred::And(v) => self.all_or_any(v, mover, false),
            Pred::Or(v) => self.all_or_any(v, mover, true),
            Pred::Passes { .. } | Pred::Count { .. } => {
                self.settled(p, mover).expect("counts are settled")
            }
        }
    }

    /// Whether the terms `v` all hold (`any` false: an `and`) or one holds (`any`
    /// true: an `or`): the terms settled cheaply first, in order, then the others.
    fn all_or_any(&self, v: &[Pred], mover: u8, any: bool) -> bool {
        let open = match self.settle_terms(v, mover, any) {
            Ok(known) => return known,
            Err(open) => open,
        };
        for (i, x) in v.iter().enumerate() {
            // An open term is known not settled; past 64, `eval` settles it again.
            let holds = match i {
                0..64 if open >> i & 1 == 0 => continue,
                0..64 => self.eval_open(x, mover),
                _ => self.eval(x, mover),
            };
            if holds == any {
                return any;
            }
        }
        !any
    }

    /// The value of a condition where it is cheap to know: counts and passes; a
    /// separation the kept region labels refute (one region holds more than half); the
    /// `and`s and `or`s these settle. `None` where it takes a move search or a
    /// separation test, so that `... separates ... and no move` searches for a move
    /// only when the labels leave the separation open.
    #[inline(always)]
    fn settled(&self, p: &Pred, mover: u8) -> Option<bool> {
        match p {
            Pred::Passes { cmp, value } => Some(cmp.holds(i64::from(self.passes), *value)),
            Pred::Count {
                whose,
                piece,
                cmp,
                value,
            } => {
                let c = self.layer_counts(*piece);
                let count = i64::from(match whose {
                    Whose::Own => c[content::of_player(mover) as usize],
                    Whose::Enemy => c[content::opponent_of(mover) as usize],
                    Whose::Anyone => c[1..].iter().sum(),
                });
                Some(cmp.holds(count, *value))
            }
            Pred::Separates {
                whose,
                piece,
                counted,
            } => self
                .refuted_by_labels(*whose, *piece, *counted, mover)
                .then_some(false),
            Pred::NoMove => None,
            _ => self.settled_compound(p, mover),
        }
    }

    /// `settled` for a `not`, an `and` or an `or`.
    fn settled_compound(&self, p: &Pred, mover: u8) -> Option<bool> {
        let (v, any) = match p {
            Pred::Not(x) => return self.settled(x, mover).map(|b| !b),
            Pred::And(v) => (v, false),
            Pred::Or(v) => (v, true),
            _ => unreachable!("a single term is settled by `settled`"),
        };
        self.settle_terms(v, mover, any).ok()
    }

    /// The terms `v` of an `and` (`any` false) or an `or` (`any` true) settled
    /// cheaply, in order: the whole term's value when one term settles it or every
    /// term is known, else the terms left open (bit `i` for term `i`; those beyond 64
    /// are not marked, and are taken as open).
    #[inline(always)]
    fn settle_terms(&self, v: &[Pred], mover: u8, any: bool) -> Result<bool, u64> {
        let (mut open, mut known) = (0u64, true);
        for (i, x) in v.iter().enumerate() {
            match self.settled(x, mover) {
                Some(b) if b == any => return Ok(any),
                Some(_) => {}
                None => {
                    open |= 1u64.checked_shl(i as u32).unwrap_or(0);
                    known = false;
                }
            }
        }
        if known {
            Ok(!any)
        } else {
            Err(open)
        }
    }

    /// Whether the kept region labels of `piece` show that `whose` (for `mover`) has
    /// no separating group: one region of the board without all their pieces of the
    /// kind holds more than half of the counted pieces (removing one group only
    /// joins regions). `false` when the labels are not kept or say nothing.
    fn refuted_by_labels(&self, whose: Whose, piece: usize, counted: Counted, mover: u8) -> bool {
        match self.separation_inputs(whose, piece, counted, mover) {
            (member, Some((counted, labels))) => {
                labels.one_holds_most(member, counted) == Some(true)
            }
            _ => false,
        }
    }

    /// What a separation (`whose` `piece` separates `counted`, for `mover`) reads:
    /// the member cells' words, and, when the position keeps their region labels, the
    /// counted pieces' words with the labels.
    #[inline(always)]
    fn separation_inputs(
        &self,
        whose: Whose,
        piece: usize,
        counted: Counted,
        mover: u8,
    ) -> (&[u64], Option<(&[u64], &KeptSide)>) {
        let who = separating_colour(whose, mover);
        let member = self.planes.holding(piece, who);
        let kept = match counted {
            Counted::Pieces(k) => self
                .region_labels(piece, usize::from(who - 1))
                .map(|labels| (self.planes.occupied(k), labels)),
            _ => None,
        };
        (member, kept)
    }

    /// The status for the player to move, in a position nobody has won by the last move.
    /// The order: the ply limit, the turn-start checks in file order, then whether the
    /// mover can move (a crossing owed and no move loses), then the no-move rule. The
    /// last two, and the last turn-start checks that can hold only without a move, are
    /// left open (see [`Status::Open`]) unless the swap is available.
    #[inline]
    pub(super) fn next_status(&self) -> Status {
        self.start_checks().unwrap_or_else(|| self.unsettled())
    }

    /// What the ply limit and the turn-start checks (in file order) decide for the
    /// player to move, if anything (never anything without `has_start_checks`). The
    /// last checks that can hold only without a move are left for `no_move_status`
    /// (`Rules::asked_at_turn_start`), unless the swap is available: "no move" does
    /// not count the swap, and a position with the swap is never settled as one
    /// without a move.
    #[inline]
    fn start_checks(&self) -> Option<Status> {
        if self.rules.ply_limit.is_some_and(|l| self.ply >= l) {
            return Some(Status::Over(Outcome::Draw(DrawKind::PlyLimit)));
        }
        let checks = &self.rules.turn_start;
        let mut asked = self.rules.asked_at_turn_start;
        if asked < checks.len() && self.swap_available() {
            asked = checks.len();
        }
        self.first_check_holding(checks.iter().take(asked))
    }

    /// The verdict of the first of the turn-start `checks` that holds for the player
    /// to move, if one does.
    #[inline]
    fn first_check_holding<'a>(
        &self,
        mut checks: impl Iterator<Item = &'a ConditionRule>,
    ) -> Option<Status> {
        let me = self.to_move;
        let c = checks.find(|c| self.eval(&c.plan, me))?;
        Some(Status::Over(match c.verdict {
            Verdict::Draw => Outcome::Draw(DrawKind::TurnStart),
            v => verdict_for(v, me),
        }))
    }

    /// The status of a position the start checks left going: ongoing when the swap is
    /// available, else open (whether the mover can move is settled when asked).
    #[inline(always)]
    pub(super) fn unsettled(&self) -> Status {
        if self.swap_available() {
            Status::Ongoing
        } else {
            Status::Open
        }
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

    /// The status when the mover has no move: the turn-start checks left for now
    /// (see `start_checks`), a crossing owed and no move loses, then the no-move rule.
    pub(super) fn no_move_status(&self) -> Status {
        let me = self.to_move;
        if !self.swap_available() {
            let left = (self.rules.turn_start.iter()).skip(self.rules.asked_at_turn_start);
            if let Some(status) = self.first_check_holding(left) {
                return status;
            }
        }
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

/// Whether `rules` have anything for `State::start_checks` to look at: a ply limit
/// or turn-start checks.
#[inline]
pub(super) fn has_start_checks(rules: &Rules) -> bool {
    rules.ply_limit.is_some() || !rules.turn_start.is_empty()
}

/// The content of the pieces whose separation `whose` asks about, for `mover`.
fn separating_colour(whose: Whose, mover: u8) -> u8 {
    match whose {
        Whose::Enemy => content::opponent_of(mover),
        _ => content::of_player(mover),
    }
}

/// The outcome of a verdict for `colour`.
pub(super) fn verdict_for(v: Verdict, colour: u8) -> Outcome {
    match v {
        Verdict::Win => Outcome::Win(colour as usize),
        Verdict::Lose => Outcome::Win(1 - colour as usize),
        Verdict::Draw => Outcome::Draw(DrawKind::AfterMove),
    }
}

/// The separations a condition asks about: each one's piece kind and what it counts.
fn separations(p: &Pred) -> Vec<(usize, Counted)> {
    match p {
        Pred::Separates { piece, counted, .. } => vec![(*piece, *counted)],
        Pred::Not(x) => separations(x),
        Pred::And(v) | Pred::Or(v) => v.iter().flat_map(separations).collect(),
        _ => Vec::new(),
    }
}
