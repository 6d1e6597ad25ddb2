//! The generic move generator: for a position (all piece layers) and the player to
//! move, the options of each kind of step — placements on cells that meet a
//! condition, one-piece slides in straight lines, line (phalanx) moves with capture
//! by comparison — and the reason when a proposed step is not among them.
//!
//! Layers: piece kind `k` occupies `cells[k * n .. (k + 1) * n]`; a cell's value in a
//! layer is 0 (empty), 1 + player, or 3 (a neutral piece).

use super::cell_sets::cells_meeting;
use super::grid_bits::{self, by_words};
use super::moves::Step;
use super::planes::{Planes, Upkeep};
use crate::rules::board::Cell;
use crate::rules::content;

use super::capture::{self, Liberties};
use super::connect::UnionFind;
use crate::rules::cell_table::Probe;
use crate::rules::{CellPred, Distance, Ko, Rules, StepRule, Whose};

/// The value a piece of kind `kind` placed by `mover` takes in its layer.
#[inline]
pub fn code(rules: &Rules, kind: usize, mover: u8) -> u8 {
    if rules.pieces[kind].neutral {
        3
    } else {
        content::of_player(mover)
    }
}

/// A read-only view of a position for one player to move.
#[derive(Clone, Copy)]
pub struct View<'a> {
    pub rules: &'a Rules,
    pub cells: &'a [u8],
    /// `cells` as bit sets, when `cells` is the game's own position (a view of a copy
    /// has none: see [`View::on`]).
    pub planes: Option<&'a Planes>,
    pub mover: u8,
    /// The game's groups of the first piece kind with their liberties, when `cells` is
    /// the game's own position (not a copy with a turn's first step played): capture
    /// tests then read liberties at the roots instead of flooding.
    pub groups: Option<(&'a UnionFind, &'a Liberties)>,
    /// The hashes of the game's positions so far, oldest first (games with a ko rule;
    /// empty otherwise). The last is `cells`' own when `groups` is set.
    pub history: &'a [u64],
    /// The cells without a piece of the kind `Rules::free_listed` names, when `cells`
    /// is the game's own position and it keeps them.
    pub free: Option<&'a [Cell]>,
}

/// A cell condition ready to test many cells of one view: a table's [`Probe`] (its
/// reads worked out once), or the condition's tree.
#[derive(Clone, Copy)]
pub struct CellTest<'a> {
    view: View<'a>,
    pred: &'a CellPred,
    probe: Option<Probe<'a>>,
}

impl CellTest<'_> {
    /// Whether `cell` meets the condition (as [`View::cell_ok`]).
    #[inline(always)]
    pub fn ok(&self, cell: Cell) -> bool {
        match &self.probe {
            Some(p) => {
                let regions = if p.reads_regions() {
                    self.view.rules.board.regions_of(cell)
                } else {
                    0
                };
                p.holds(cell as usize, regions)
            }
            None => self.view.cell_ok(self.pred, cell),
        }
    }
}

/// Why a placement is refused by the capture and ko rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CaptureStop {
    /// The new stone's group would have no liberty (and suicide is forbidden).
    Suicide,
    /// The position after the move would repeat the one before the opponent's last
    /// move (simple ko) or an earlier one (superko).
    Ko,
}

impl<'a> View<'a> {
    /// The same player's view of another position, `cells` (the game's own with a
    /// turn's first step played): what is kept of the game's position (groups, bit
    /// planes) does not describe it, so the view has none of it.
    #[inline]
    pub fn on<'b>(&self, cells: &'b [u8]) -> View<'b>
    where
        'a: 'b,
    {
        View {
            cells,
            planes: None,
            groups: None,
            free: None,
            ..*self
        }
    }

    #[inline]
    fn n(&self) -> usize {
        self.rules.board.len()
    }

    /// The value of `cell` in the layer of `kind`.
    #[inline]
    pub fn slot(&self, kind: usize, cell: Cell) -> u8 {
        self.cells[kind * self.n() + cell as usize]
    }

    /// Every cell holding a piece of `kind` (anyone's), in cell order, appended to
    /// `out`: the layer read eight cells at a time, so the empty stretches of a board
    /// cost little.
    pub fn occupied(&self, kind: usize, out: &mut Vec<Cell>) {
        self.each_occupied(kind, |c| out.push(c));
    }

    /// Calls `f` with every cell holding a piece of `kind`, in cell order (as
    /// `occupied`, without a list).
    #[inline]
    pub fn each_occupied(&self, kind: usize, mut f: impl FnMut(Cell)) {
        if let Some(p) = self.planes {
            // A bit a cell: a few words for the whole layer.
            grid_bits::each_bit(p.occupied(kind), |c| f(c as Cell));
            return;
        }
        let n = self.n();
        let layer = &self.cells[kind * n..(kind + 1) * n];
        let mut chunks = layer.chunks_exact(8);
        let mut base = 0;
        for chunk in &mut chunks {
            let mut word = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
            while word != 0 {
                let i = word.trailing_zeros() / 8;
                f((base + i) as Cell);
                word &= !(0xFF << (i * 8));
            }
            base += 8;
        }
        for (i, &v) in chunks.remainder().iter().enumerate() {
            if v != 0 {
                f((base as usize + i) as Cell);
            }
        }
    }

    /// No piece of any kind on the cell.
    #[inline]
    pub fn is_empty(&self, cell: Cell) -> bool {
        (0..self.rules.pieces.len()).all(|k| self.slot(k, cell) == 0)
    }

    /// Whether the cell meets a condition, from the mover's point of view.
    pub fn cell_ok(&self, p: &CellPred, cell: Cell) -> bool {
        let regions = self.rules.board.regions_of(cell);
        match p {
            CellPred::Table(t) => t.holds(self.cells, self.n(), cell as usize, regions, self.mover),
            // Conditions too large for a table (compiled rules table the others).
            tree => crate::rules::cell_table::eval(
                tree,
                self.rules.pieces.len(),
                self.mover,
                &|k| self.slot(k, cell),
                &|mask| regions & mask != 0,
            ),
        }
    }

    /// A condition made ready to test many cells of this view (see [`CellTest`]).
    #[inline]
    pub fn cell_test(&self, p: &'a CellPred) -> CellTest<'a> {
        CellTest {
            view: *self,
            pred: p,
            probe: match p {
                CellPred::Table(t) => Some(t.probe(self.cells, self.n(), self.mover)),
                _ => None,
            },
        }
    }

    /// Whether the piece of `kind` on `cell` stands on one of its owner's edges and its
    /// kind freezes there.
    #[inline]
    pub fn frozen(&self, kind: usize, cell: Cell) -> bool {
        let v = self.slot(kind, cell);
        self.rules.pieces[kind].frozen_on_own_edges
            && content::owner(v).is_some_and(|p| {
                self.rules.board.regions_of(cell) & self.rules.connect.own[p as usize] != 0
            })
    }

    /// Whether the mover may move the piece of `kind` on `cell`: the mover's own (or a
    /// neutral one), and not frozen.
    #[inline]
    pub fn movable(&self, kind: usize, cell: Cell) -> bool {
        let v = self.slot(kind, cell);
        (v == content::of_player(self.mover) || v == content::NEUTRAL) && !self.frozen(kind, cell)
    }

    /// The view of the player whose piece a placement puts down: the mover, or the
    /// placement's `owner` (glyphs and captures are about the piece's colour; the
    /// target's `own` and `enemy` stay the mover's).
    #[inline]
    fn as_stone(&self, owner: Option<usize>) -> View<'a> {
        View {
            mover: owner.map_or(self.mover, |o| o as u8),
            ..*self
        }
    }

    /// Whether placing `kind` (of `owner`'s colour, or the mover's) on `cell` is
    /// allowed; `Err` says why not.
    pub fn place_check(
        &self,
        kind: usize,
        target: &CellPred,
        owner: Option<usize>,
        cell: Cell,
    ) -> Result<(), String> {
        let b = &self.rules.board;
        let stone = self.as_stone(owner);
        if !b.contains(cell) {
            return Err(format!("{} is not on the board", b.cell_name(cell)));
        }
        if self.slot(kind, cell) != 0 {
            return Err(format!(
                "{} already holds a {}",
                b.cell_name(cell),
                self.rules.pieces[kind].name
            ));
        }
        if !self.cell_ok(target, cell) {
            return Err(format!(
                "a {} goes on a cell that is {}; {} is not",
                self.rules.pieces[kind].name,
                self.rules.describe_cell(target),
                b.cell_name(cell)
            ));
        }
        if kind == 0 && !self.rules.glyphs.is_empty() && !self.rules.glyphs_after_turn {
            if let Some((g, points)) =
                self.rules.matchers[stone.mover as usize].explain(&self.cells[..self.n()], cell)
            {
                let names: Vec<String> = points.iter().map(|c| b.cell_name(*c)).collect();
                return Err(format!(
                    "it would form the forbidden glyph \"{}\" at {}",
                    self.rules.glyphs[g].name,
                    names.join(" ")
                ));
            }
        }
        if self.rules.capture.is_some_and(|c| c.piece == kind) {
            match stone.capture_check(cell) {
                Ok(()) => {}
                Err(CaptureStop::Suicide) => {
                    return Err(format!(
                        "a {} on {} would leave its own group without a liberty, and suicide is not allowed",
                        self.rules.pieces[kind].name,
                        b.cell_name(cell)
                    ))
                }
                Err(CaptureStop::Ko) => {
                    return Err(match self.rules.ko {
                        Ko::Simple => "it would recreate the position before the opponent's last move (ko)".to_string(),
                        _ => "it would recreate an earlier position of the game (superko)".to_string(),
                    })
                }
            }
        }
        Ok(())
    }

    /// Whether a placement of `kind` is allowed wherever its cell meets the target,
    /// holds no piece of the kind and lies on the board: no glyph or capture rule
    /// looks further (so its cells are a set, `cell_sets`).
    #[inline]
    pub fn placed_by_cell_alone(&self, kind: usize) -> bool {
        self.rules.placed_by_cell_alone(kind)
    }

    /// Whether placing `kind` on `cell` is allowed: `place_check` without the reason.
    #[inline]
    pub fn place_ok(
        &self,
        kind: usize,
        target: &CellPred,
        owner: Option<usize>,
        cell: Cell,
    ) -> bool {
        let stone = owner.map_or(self.mover, |o| o as u8);
        self.rules.board.contains(cell)
            && self.slot(kind, cell) == 0
            && self.cell_ok(target, cell)
            && (kind != 0
                || self.rules.glyphs.is_empty()
                || self.rules.glyphs_after_turn
                || !self.rules.matchers[stone as usize]
                    .forbids_apart(&self.cells[..self.n()], cell))
            && self
                .rules
                .capture
                .is_none_or(|c| c.piece != kind || self.as_stone(owner).capture_check(cell).is_ok())
    }

    /// Whether the capture and ko rules allow a stone of the capture rule's kind on the
    /// empty `cell`.
    pub fn capture_check(&self, cell: Cell) -> Result<(), CaptureStop> {
        let Some(cap) = self.rules.capture else {
            return Ok(());
        };
        let n = self.n();
        let layer = &self.cells[cap.piece * n..(cap.piece + 1) * n];
        let after_hash = match self.groups {
            Some((uf, libs)) if cap.piece == 0 => {
                let (suicide, taken) = self.effect_at_roots(uf, libs, layer, cell);
                if suicide && !cap.suicide {
                    return Err(CaptureStop::Suicide);
                }
                if self.rules.ko == Ko::None {
                    return Ok(());
                }
                let current = *self.history.last().expect("a ko game keeps its history");
                self.hash_after(current, layer, cell, &taken, suicide)
            }
            _ => {
                let b = &self.rules.board;
                let mut copy = layer.to_vec();
                let o = capture::outcome_by_flood(b, cap.adjacency, &mut copy, cell, self.mover);
                if o.suicide && !cap.suicide {
                    return Err(CaptureStop::Suicide);
                }
                if self.rules.ko == Ko::None {
                    return Ok(());
                }
                let mut after = self.cells.to_vec();
                capture::apply_outcome(
                    &mut after[cap.piece * n..(cap.piece + 1) * n],
                    cell,
                    self.mover,
                    &o,
                    cap.suicide,
                );
                capture::position_hash(&after)
            }
        };
        let repeats = match self.rules.ko {
            Ko::Simple => {
                self.history.len() >= 2 && self.history[self.history.len() - 2] == after_hash
            }
            _ => self.history.contains(&after_hash),
        };
        if repeats {
            return Err(CaptureStop::Ko);
        }
        Ok(())
    }

    /// What a stone on the empty `cell` does, read from the liberties at the union-find's
    /// roots: whether its own group is left without a liberty (no empty neighbour, no
    /// enemy group whose last liberty it takes, no own group with another liberty),
    /// and a neighbour of each enemy group it captures.
    fn effect_at_roots(
        &self,
        uf: &UnionFind,
        libs: &Liberties,
        layer: &[u8],
        cell: Cell,
    ) -> (bool, Vec<Cell>) {
        let me = content::of_player(self.mover);
        let nbrs = self
            .rules
            .board
            .neighbours(self.rules.capture.expect("a capture rule").adjacency);
        let mut suicide = true;
        let mut taken: Vec<Cell> = Vec::new();
        let mut roots: Vec<Cell> = Vec::new();
        for &m in nbrs.of(cell) {
            let v = layer[m as usize];
            if v == content::EMPTY {
                suicide = false;
                continue;
            }
            let r = uf.root(m);
            let last = libs.only(r, cell);
            if v == me {
                suicide &= last;
            } else if last {
                suicide = false;
                if !roots.contains(&r) {
                    roots.push(r);
                    taken.push(m);
                }
            }
        }
        (suicide, taken)
    }

    /// The hash of the position after a stone on `cell`, from `current`: the stone, the
    /// enemy groups of the cells in `taken` removed, and the mover's own group too when
    /// it has no liberty (suicide allowed).
    fn hash_after(
        &self,
        current: u64,
        layer: &[u8],
        cell: Cell,
        taken: &[Cell],
        suicide: bool,
    ) -> u64 {
        let cap = self.rules.capture.expect("a capture rule");
        let b = &self.rules.board;
        let me = content::of_player(self.mover);
        let mut h = current ^ capture::key(cell as usize, me);
        let mut seen = Vec::new();
        let mut group = Vec::new();
        if !taken.is_empty() || suicide {
            seen = vec![false; layer.len()];
        }
        for &m in taken {
            group.clear();
            capture::group_of(b, cap.adjacency, layer, m, &mut seen, &mut group);
            for &c in &group {
                h ^= capture::key(c as usize, layer[c as usize]);
            }
        }
        if suicide {
            // No capture, so the group is the new stone and the own groups around it.
            h ^= capture::key(cell as usize, me);
            for &m in b.neighbours(cap.adjacency).of(cell) {
                if layer[m as usize] == me && !seen[m as usize] {
                    group.clear();
                    capture::group_of(b, cap.adjacency, layer, m, &mut seen, &mut group);
                    for &c in &group {
                        h ^= capture::key(c as usize, me);
                    }
                }
            }
        }
        h
    }

    /// Every legal placement of `kind` (of `owner`'s colour, or the mover's).
    pub fn place_options(
        &self,
        kind: usize,
        target: &CellPred,
        owner: Option<usize>,
        out: &mut Vec<Step>,
    ) {
        for c in self.rules.board.cells() {
            if self.place_ok(kind, target, owner, c) {
                out.push(Step::Place(c));
            }
        }
    }

    /// Whether a sliding piece may pass over `cell`.
    #[inline]
    fn can_pass(&self, through: &CellPred, cell: Cell) -> bool {
        self.cell_ok(through, cell)
    }

    /// The distances a slide of `kind` from `from` along direction `d` may go, as an
    /// inclusive range (empty when `lo > hi`).
    pub(crate) fn slide_range(&self, distance: &Distance, from: Cell, d: (i32, i32)) -> (u32, u32) {
        match *distance {
            Distance::Any => (1, u32::MAX),
            Distance::UpTo(n) => (1, n),
            Distance::Exactly(n) => (n, n),
            Distance::LineCount { whose, piece } => {
                let n = self.line_count(whose, piece, from, d);
                (n, n)
            }
        }
    }

    /// The number of pieces of `piece` (of `whose`) on the whole line through `from`
    /// along `d`, both ways, `from` included.
    pub fn line_count(&self, whose: Whose, piece: usize, from: Cell, d: (i32, i32)) -> u32 {
        let b = &self.rules.board;
        let counts = |c: Cell| {
            let v = self.slot(piece, c);
            match whose {
                Whose::Anyone => v != content::EMPTY,
                Whose::Own => v == content::of_player(self.mover),
                Whose::Enemy => v == content::opponent_of(self.mover),
            }
        };
        let mut n = u32::from(counts(from));
        for dir in [d, (-d.0, -d.1)] {
            let mut at = from;
            while let Some(next) = b.step(at, dir) {
                n += u32::from(counts(next));
                at = next;
            }
        }
        n
    }

    /// Every slide of a movable piece of `kind`: one or more cells in a straight line,
    /// as far as `distance` allows, passing cells that meet `through` and ending on one
    /// that meets `onto`.
    pub fn slide_options(
        &self,
        kind: usize,
        distance: &Distance,
        through: &CellPred,
        onto: &CellPred,
        out: &mut Vec<Step>,
    ) {
        // Most slides end where they may pass: one test per cell then.
        let same = std::ptr::eq(through, onto) || through == onto;
        let (pass_test, onto_test) = (self.cell_test(through), self.cell_test(onto));
        match pass_test.probe {
            // The usual condition: a table of what stands on the cell, no region read.
            Some(p) if !p.reads_regions() => self.slides_by(
                kind,
                distance,
                move |c| p.holds_here(c as usize),
                (same, onto_test),
                out,
            ),
            _ => self.slides_by(kind, distance, |c| pass_test.ok(c), (same, onto_test), out),
        }
    }

    /// `slide_options` with the test of the cells passed given: `pass`; `onto` is the
    /// test of the last cell, unless it is the same condition (`same`).
    #[inline(always)]
    fn slides_by(
        &self,
        kind: usize,
        distance: &Distance,
        pass: impl Fn(Cell) -> bool,
        (same, onto): (bool, CellTest),
        out: &mut Vec<Step>,
    ) {
        let b = &self.rules.board;
        let enemy = content::opponent_of(self.mover);
        let n = self.n();
        let layer = &self.cells[kind * n..(kind + 1) * n];
        self.each_occupied(kind, |from| {
            if !self.movable(kind, from) {
                return;
            }
            for &d in b.directions() {
                if let (Distance::Any, true) = (distance, same) {
                    // Any distance, ending where it may pass: every cell passed is a stop.
                    for next in b.ray(from, d) {
                        if !pass(next) {
                            break;
                        }
                        let v = layer[next as usize];
                        if v == content::EMPTY || v == enemy {
                            out.push(Step::Move { from, to: next });
                        }
                    }
                    continue;
                }
                let (lo, hi) = self.slide_range(distance, from, d);
                let mut dist = 0;
                for next in b.ray(from, d) {
                    dist += 1;
                    if dist > hi {
                        break;
                    }
                    let passes = pass(next);
                    if dist >= lo {
                        let v = layer[next as usize];
                        if (v == content::EMPTY || v == enemy)
                            && (if same { passes } else { onto.ok(next) })
                        {
                            out.push(Step::Move { from, to: next });
                        }
                    }
                    if !passes {
                        break;
                    }
                }
            }
        });
    }

    /// The slide that `slide_options` lists from `from` along `d` over `dist` cells,
    /// if it lists one: the sampler's test of a proposal, reading only the cells the
    /// slide passes (`through` and `onto` are the rule's conditions made ready with
    /// [`View::cell_test`]). Each slide listed has exactly one such description.
    /// `from` holds a piece of `kind` the mover may move (the sampler proposes only
    /// those, so this is not tested again per proposal).
    #[inline(always)]
    pub fn slide_at(
        &self,
        kind: usize,
        distance: &Distance,
        (through, onto): (&CellTest, &CellTest),
        from: Cell,
        d: (i32, i32),
        dist: u32,
    ) -> Option<Step> {
        debug_assert!(self.movable(kind, from), "a movable piece");
        // Beyond the board's end first: most proposals of a sampler that end nowhere
        // are refused by one lookup instead of a walk to the edge.
        if dist > self.rules.board.reach(from, d) {
            return None;
        }
        let (lo, hi) = self.slide_range(distance, from, d);
        if dist < lo.max(1) || dist > hi {
            return None;
        }
        let mut way = self.rules.board.ray(from, d);
        for _ in 1..dist {
            if !through.ok(way.next()?) {
                return None;
            }
        }
        let to = way.next()?;
        let v = self.slot(kind, to);
        let ok = (v == content::EMPTY || v == content::opponent_of(self.mover)) && onto.ok(to);
        ok.then_some(Step::Move { from, to })
    }

    /// Whether a slide is legal; `Err` says why not.
    pub fn slide_check(
        &self,
        kind: usize,
        distance: &Distance,
        through: &CellPred,
        onto: &CellPred,
        from: Cell,
        to: Cell,
    ) -> Result<(), String> {
        let b = &self.rules.board;
        let name = &self.rules.pieces[kind].name;
        if !self.movable(kind, from) {
            return Err(format!(
                "{} holds no {name} that you may move",
                b.cell_name(from)
            ));
        }
        let Some(d) = direction(self.rules, from, to) else {
            return Err(format!(
                "{} to {} is not a straight line",
                b.cell_name(from),
                b.cell_name(to)
            ));
        };
        let dist = distance_between(self.rules, from, to) as u32;
        let (lo, hi) = self.slide_range(distance, from, d);
        if dist < lo || dist > hi {
            let cells = |n: u32| if n == 1 { "cell" } else { "cells" };
            let rule = match *distance {
                Distance::Any => unreachable!("any distance of one or more is allowed"),
                Distance::UpTo(n) => format!("at most {n} {}", cells(n)),
                Distance::Exactly(n) => format!("exactly {n} {}", cells(n)),
                Distance::LineCount { whose, piece } => format!(
                    "exactly as many cells as there are {}{}s on its line ({lo})",
                    whose.prefix(),
                    self.rules.pieces[piece].name
                ),
            };
            return Err(format!(
                "a {name} moves {rule}; {}-{} is {dist} {}",
                b.cell_name(from),
                b.cell_name(to),
                cells(dist)
            ));
        }
        let same = through == onto;
        let mut at = from;
        loop {
            // A straight line between two cells may cross a hole of the board.
            let Some(next) = b.step(at, d) else {
                return Err(format!(
                    "{}-{} leaves the board on the way",
                    b.cell_name(from),
                    b.cell_name(to)
                ));
            };
            at = next;
            if at == to {
                break;
            }
            if !self.can_pass(through, at) {
                return Err(if same {
                    format!(
                        "the {name} cannot enter {}: the cells it enters must be {}",
                        b.cell_name(at),
                        self.rules.describe_cell(through)
                    )
                } else {
                    format!(
                        "the {name} cannot pass {}: the cells it passes must be {}",
                        b.cell_name(at),
                        self.rules.describe_cell(through)
                    )
                });
            }
        }
        let v = self.slot(kind, to);
        if v != content::EMPTY && v != content::opponent_of(self.mover) {
            let whose = if v == content::NEUTRAL {
                "a"
            } else {
                "your own"
            };
            return Err(format!(
                "the {name} cannot end on {}: it holds {whose} {name}",
                b.cell_name(to)
            ));
        }
        if !self.cell_ok(onto, to) {
            return Err(format!(
                "the {name} cannot {} {}: {}",
                if same { "enter" } else { "end on" },
                b.cell_name(to),
                if same {
                    format!(
                        "the cells it enters must be {}",
                        self.rules.describe_cell(through)
                    )
                } else {
                    format!(
                        "it must end on a cell that is {}",
                        self.rules.describe_cell(onto)
                    )
                }
            ));
        }
        Ok(())
    }

    /// The line whose front is `front` moving in direction `d`, `k` pieces long: whether
    /// it may move `dist` cells, and which enemy cell it captures. The reason a move is
    /// refused is put in words only by `line_check` (listing options must not format).
    fn line_result(
        &self,
        kind: usize,
        capture: bool,
        front: Cell,
        d: (i32, i32),
        k: usize,
        dist: usize,
    ) -> Result<Option<Cell>, LineStop> {
        let b = &self.rules.board;
        let mut at = front;
        for _ in 0..dist {
            match b.step(at, d) {
                Some(next) if self.is_empty(next) => at = next,
                Some(next) => return Err(LineStop::Occupied(next)),
                None => return Err(LineStop::OffBoard),
            }
        }
        if !capture {
            return Ok(None);
        }
        let enemy = content::opponent_of(self.mover);
        let Some(beyond) = b.step(at, d) else {
            return Ok(None);
        };
        if self.slot(kind, beyond) != enemy {
            return Ok(None);
        }
        if self.frozen(kind, beyond) {
            return Err(LineStop::Frozen(beyond));
        }
        let mut run = 0;
        let mut c = Some(beyond);
        while let Some(x) = c {
            if self.slot(kind, x) != enemy {
                break;
            }
            run += 1;
            c = b.step(x, d);
        }
        if run >= k {
            return Err(LineStop::Stronger { run, beyond });
        }
        Ok(Some(beyond))
    }

    /// Why a line of `k` pieces of `kind` may not move, in words.
    fn describe_stop(&self, kind: usize, k: usize, stop: LineStop) -> String {
        let b = &self.rules.board;
        let name = &self.rules.pieces[kind].name;
        match stop {
            LineStop::Occupied(next) => {
                format!("the way is not clear: {} is occupied", b.cell_name(next))
            }
            LineStop::OffBoard => "the line would leave the board".to_string(),
            LineStop::Frozen(beyond) => format!(
                "it would end against the frozen {name} on {}, which cannot be captured",
                b.cell_name(beyond)
            ),
            LineStop::Stronger { run, beyond } => format!(
                "it would end against a run of {run} enemy piece{} from {}, not fewer than its {k}",
                if run == 1 { "" } else { "s" },
                b.cell_name(beyond)
            ),
        }
    }

    /// Every line move of own movable pieces of `kind`: what `line_result` allows,
    /// worked out once per front and direction (the empty cells ahead, and what stands
    /// beyond them) rather than once per line length and distance.
    pub fn line_options(&self, kind: usize, up_to: bool, capture: bool, out: &mut Vec<Step>) {
        let b = &self.rules.board;
        let enemy = content::opponent_of(self.mover);
        // The empty cells ahead of the front, in order (a board side is at most 64).
        let mut ahead = [0 as Cell; crate::rules::board::MAX_SIDE as usize];
        for front in b.cells() {
            if self.slot(kind, front) != content::of_player(self.mover)
                || !self.movable(kind, front)
            {
                continue;
            }
            for &d in b.directions() {
                let mut free = 0;
                let mut at = front;
                let stop = loop {
                    match b.step(at, d) {
                        Some(next) if self.is_empty(next) => {
                            ahead[free] = next;
                            free += 1;
                            at = next;
                        }
                        other => break other,
                    }
                };
                // Moving exactly `free` cells ends against `stop`: a line of `k` may,
                // unless an enemy piece stands there that is frozen or heads a run of
                // `k` or more.
                let enemy_run = match stop {
                    Some(x) if capture && self.slot(kind, x) == enemy => {
                        if self.frozen(kind, x) {
                            usize::MAX
                        } else {
                            let mut run = 0;
                            let mut c = Some(x);
                            while let Some(y) = c {
                                if self.slot(kind, y) != enemy {
                                    break;
                                }
                                run += 1;
                                c = b.step(y, d);
                            }
                            run
                        }
                    }
                    _ => 0,
                };
                let back = (-d.0, -d.1);
                let mut rear = front;
                let mut k = 1;
                loop {
                    let lo = if up_to { 1 } else { k };
                    for dist in lo..=k.min(free) {
                        if dist == free && enemy_run != 0 && enemy_run >= k {
                            continue;
                        }
                        let to = ahead[dist - 1];
                        out.push(if k == 1 {
                            Step::Move { from: front, to }
                        } else {
                            Step::Line { rear, front, to }
                        });
                    }
                    match b.step(rear, back) {
                        Some(r)
                            if self.slot(kind, r) == content::of_player(self.mover)
                                && self.movable(kind, r) =>
                        {
                            rear = r;
                            k += 1;
                        }
                        _ => break,
                    }
                }
            }
        }
    }

    /// Whether a line move is legal; `Ok` holds the captured cell, if any.
    pub fn line_check(
        &self,
        kind: usize,
        up_to: bool,
        capture: bool,
        rear: Cell,
        front: Cell,
        to: Cell,
    ) -> Result<Option<Cell>, String> {
        let b = &self.rules.board;
        let name = &self.rules.pieces[kind].name;
        let Some(d) = direction(self.rules, front, to) else {
            return Err(format!(
                "{} to {} is not a straight line",
                b.cell_name(front),
                b.cell_name(to)
            ));
        };
        // The line runs from rear to front along d.
        let mut k = 1;
        let mut c = front;
        loop {
            if self.slot(kind, c) != content::of_player(self.mover) || !self.movable(kind, c) {
                return Err(format!(
                    "{} holds no {name} of yours that may move",
                    b.cell_name(c)
                ));
            }
            if c == rear {
                break;
            }
            match b.step(c, (-d.0, -d.1)) {
                Some(r) => c = r,
                None => {
                    return Err(format!(
                        "{}:{} is not a line along the way it moves",
                        b.cell_name(rear),
                        b.cell_name(front)
                    ))
                }
            }
            k += 1;
            if k > b.len() {
                return Err("not a line".to_string());
            }
        }
        let dist = distance_between(self.rules, front, to);
        if (!up_to && dist != k) || (up_to && (dist == 0 || dist > k)) {
            let cells = |n: usize| if n == 1 { "cell" } else { "cells" };
            return Err(format!(
                "a line of {k} moves {} {k} {}; this moves {dist}",
                if up_to { "1 to" } else { "exactly" },
                cells(k)
            ));
        }
        self.line_result(kind, capture, front, d, k, dist)
            .map_err(|stop| self.describe_stop(kind, k, stop))
    }
}

/// Why a line move is refused (see `View::describe_stop` for the words).
#[derive(Debug, Clone, Copy)]
enum LineStop {
    /// A cell on the way holds a piece.
    Occupied(Cell),
    OffBoard,
    /// The enemy piece just beyond the front is frozen.
    Frozen(Cell),
    /// The enemy run from `beyond` is not shorter than the line.
    Stronger {
        run: usize,
        beyond: Cell,
    },
}

/// The unit direction from `a` towards `b`, if `b` lies on a straight line from `a`.
pub fn direction(rules: &Rules, a: Cell, b: Cell) -> Option<(i32, i32)> {
    let board = &rules.board;
    let (ax, ay) = board.xy(a);
    let (bx, by) = board.xy(b);
    let (dx, dy) = (bx - ax, by - ay);
    let g = dx.abs().max(dy.abs());
    if g == 0 {
        return None;
    }
    let d = (dx / g, dy / g);
    (d.0 * g == dx && d.1 * g == dy && board.directions().contains(&d)).then_some(d)
}

fn distance_between(rules: &Rules, a: Cell, b: Cell) -> usize {
    let (ax, ay) = rules.board.xy(a);
    let (bx, by) = rules.board.xy(b);
    (bx - ax).abs().max((by - ay).abs()) as usize
}

/// For games whose glyphs are tested after the whole turn: the first glyph occurrence
/// the position `after` holds around a cell of the first piece kind's layer that
/// differs from `before` (its index and cells), or `None`. Other games: `None`.
pub fn glyph_after_turn(rules: &Rules, before: &[u8], after: &[u8]) -> Option<(usize, Vec<Cell>)> {
    if !rules.glyphs_after_turn {
        return None;
    }
    let n = rules.board.len();
    let (before, after) = (&before[..n], &after[..n]);
    before
        .iter()
        .zip(after)
        .enumerate()
        .filter(|(_, (a, b))| a != b)
        .find_map(|(c, _)| rules.covering.explain(after, c as Cell))
}

/// Whether the position `after` holds no glyph occurrence around the cells where the
/// first piece kind's layer differs from `before` (always, when glyphs are not tested
/// after the turn): `glyph_after_turn` without the explanation.
#[inline]
pub fn glyph_free_after(rules: &Rules, before: &[u8], after: &[u8]) -> bool {
    if !rules.glyphs_after_turn {
        return true;
    }
    let n = rules.board.len();
    before[..n]
        .iter()
        .zip(&after[..n])
        .enumerate()
        .all(|(c, (a, b))| a == b || !rules.covering.covers(&after[..n], c as Cell))
}

/// The options of one step for the mover.
pub fn step_options(v: &View, rule: &StepRule, out: &mut Vec<Step>) {
    match rule {
        StepRule::Place {
            piece,
            target,
            owner,
        } => v.place_options(*piece, target, *owner, out),
        StepRule::Slide {
            piece,
            distance,
            through,
            onto,
        } => v.slide_options(*piece, distance, through, onto, out),
        StepRule::Line {
            piece,
            up_to,
            capture,
        } => v.line_options(*piece, *up_to, *capture, out),
    }
}

/// Whether the mover has some option of one step: `step_options` is not empty. A
/// placement stops at the first cell that takes the piece.
pub fn has_option(v: &View, rule: &StepRule) -> bool {
    match rule {
        StepRule::Place {
            piece,
            target,
            owner,
        } => match v.planes {
            // The cells that take the piece are a set: it is not empty.
            Some(planes) if v.placed_by_cell_alone(*piece) => {
                by_words!(
                    v.rules.board.len(),
                    any_placement(v, planes, *piece, target)
                )
            }
            // Only a cell without a piece of the kind may take one: with the position's
            // planes, those cells are found a word at a time, not tested one by one.
            Some(planes) => {
                let on = v.rules.board.on_words();
                let taken = planes.occupied(*piece);
                on.iter().zip(taken).enumerate().any(|(i, (&on, &taken))| {
                    let mut free = on & !taken;
                    while free != 0 {
                        let c = (i * 64 + free.trailing_zeros() as usize) as Cell;
                        if v.place_ok(*piece, target, *owner, c) {
                            return true;
                        }
                        free &= free - 1;
                    }
                    false
                })
            }
            None => v
                .rules
                .board
                .cells()
                .any(|c| v.place_ok(*piece, target, *owner, c)),
        },
        _ => {
            let mut out = Vec::new();
            step_options(v, rule, &mut out);
            !out.is_empty()
        }
    }
}

/// Whether some cell takes a placement of `piece` on `target`, where that is a set
/// (`View::placed_by_cell_alone`).
fn any_placement<const W: usize>(
    v: &View,
    planes: &Planes,
    piece: usize,
    target: &CellPred,
) -> bool {
    let cells = cells_meeting::<W>(v.rules, planes, v.mover, target);
    !cells
        .minus(grid_bits::Bits::load(planes.occupied(piece)))
        .is_empty()
}

/// Whether a step is legal for the rule; `Err` says why not.
pub fn step_check(v: &View, rule: &StepRule, step: Step) -> Result<(), String> {
    let b = &v.rules.board;
    match (rule, step) {
        (
            StepRule::Place {
                piece,
                target,
                owner,
            },
            Step::Place(c),
        ) => v.place_check(*piece, target, *owner, c),
        (
            StepRule::Slide {
                piece,
                distance,
                through,
                onto,
            },
            Step::Move { from, to },
        ) => v.slide_check(*piece, distance, through, onto, from, to),
        (
            StepRule::Line {
                piece,
                up_to,
                capture,
            },
            Step::Move { from, to },
        ) => v
            .line_check(*piece, *up_to, *capture, from, from, to)
            .map(|_| ()),
        (
            StepRule::Line {
                piece,
                up_to,
                capture,
            },
            Step::Line { rear, front, to },
        ) => v
            .line_check(*piece, *up_to, *capture, rear, front, to)
            .map(|_| ()),
        (StepRule::Place { piece, .. }, _) => Err(format!(
            "this step places a {}: write the cell, e.g. {}",
            v.rules.pieces[*piece].name,
            b.cell_name(b.cells().next().unwrap_or(0))
        )),
        (StepRule::Slide { piece, .. }, _) => Err(format!(
            "this step slides a {}: write FROM-TO, e.g. d4-d6",
            v.rules.pieces[*piece].name
        )),
        (StepRule::Line { .. }, _) => Err(
            "this step moves a line: write REAR:FRONT-TO (c2:c3-c5), or FROM-TO for one piece"
                .to_string(),
        ),
    }
}

/// Applies a legal step to `cells` (a copy of a position's) for `mover`.
pub fn apply_step(rules: &Rules, cells: &mut [u8], rule: &StepRule, step: Step, mover: u8) {
    apply_step_keeping(rules, cells, &mut (), rule, step, mover)
}

/// Applies a legal step to a position's `cells` for `mover`, and to its `planes` (where
/// they are kept).
pub fn apply_step_keeping(
    rules: &Rules,
    cells: &mut [u8],
    planes: &mut impl Upkeep,
    rule: &StepRule,
    step: Step,
    mover: u8,
) {
    let n = rules.board.len();
    match (rule, step) {
        (StepRule::Place { piece, owner, .. }, Step::Place(c)) => {
            let colour = owner.map_or(mover, |o| o as u8);
            match rules.capture {
                Some(cap) if cap.piece == *piece => {
                    let layer = &mut cells[piece * n..(piece + 1) * n];
                    let o =
                        capture::outcome_by_flood(&rules.board, cap.adjacency, layer, c, colour);
                    capture::apply_outcome(layer, c, colour, &o, cap.suicide);
                    planes.read_layer(*piece, layer);
                }
                _ => {
                    let code = code(rules, *piece, colour);
                    let was = std::mem::replace(&mut cells[piece * n + c as usize], code);
                    planes.write(*piece, c, was, code);
                }
            }
        }
        (StepRule::Slide { piece, .. }, Step::Move { from, to }) => {
            let base = piece * n;
            let code = cells[base + from as usize];
            let was = std::mem::replace(&mut cells[base + to as usize], code);
            cells[base + from as usize] = content::EMPTY;
            planes.write(*piece, from, code, content::EMPTY);
            planes.write(*piece, to, was, code);
        }
        (StepRule::Line { piece, capture, .. }, Step::Move { from, to }) => move_line(
            rules, cells, planes, *piece, *capture, from, from, to, mover,
        ),
        (StepRule::Line { piece, capture, .. }, Step::Line { rear, front, to }) => move_line(
            rules, cells, planes, *piece, *capture, rear, front, to, mover,
        ),
        _ => unreachable!("apply_step: a step that does not fit its rule"),
    }
}

#[allow(clippy::too_many_arguments)]
fn move_line(
    rules: &Rules,
    cells: &mut [u8],
    planes: &mut impl Upkeep,
    kind: usize,
    capture: bool,
    rear: Cell,
    front: Cell,
    to: Cell,
    mover: u8,
) {
    let b = &rules.board;
    let base = kind * b.len();
    // A legal line move is straight: its direction is the signs of the way to `to`.
    let ((rx, ry), (fx, fy), (tx, ty)) = (b.xy(rear), b.xy(front), b.xy(to));
    let d = ((tx - fx).signum(), (ty - fy).signum());
    let dist = (tx - fx).abs().max((ty - fy).abs()) as usize;
    let len = (fx - rx).abs().max((fy - ry).abs()) as usize + 1;
    // The line's pieces are alike (a run of the mover's pieces of one kind): moving it
    // `dist` cells empties its first cells from the rear and fills as many up to `to`,
    // `min(len, dist)` of each. Cell ids along a straight line differ by a constant.
    let by = d.1 as isize * b.width as isize + d.0 as isize;
    let piece = cells[base + front as usize];
    for i in 0..len.min(dist) as isize {
        let (gone, come) = (
            (rear as isize + i * by) as Cell,
            (to as isize - i * by) as Cell,
        );
        cells[base + gone as usize] = content::EMPTY;
        cells[base + come as usize] = piece;
        planes.take(kind, gone, piece);
        planes.put(kind, come, piece);
    }
    if capture {
        if let Some(beyond) = rules.board.step(to, d) {
            let foe = content::opponent_of(mover);
            if cells[base + beyond as usize] == foe {
                cells[base + beyond as usize] = content::EMPTY;
                planes.take(kind, beyond, foe);
            }
        }
    }
}
