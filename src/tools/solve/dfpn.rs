//! Depth-first proof-number search (df-pn, Nagai 2002), the solver's main search: it
//! proves or disproves one proposition, "this seat wins", by always working on the
//! most promising part of the tree (the one that needs the fewest positions settled),
//! which finds a win among many first moves, or the one reply that refutes a move,
//! far sooner than a fixed move order does.
//!
//! Every position has a proof number (how many leaves must still be shown won to prove
//! it) and a disproof number; both live in the transposition table under the
//! position's canonical key and the proposition. Thresholds grow by the 1 + 1/4 trick
//! (Pawlewicz and Lew) so the search does not bounce between siblings.
//!
//! Game values have three outcomes, so a value takes up to two propositions. The first
//! counts a game without a winner as a disproof; the second as a proof. Each solved
//! entry also records whether its proof or disproof used such a game at all ("pure");
//! a pure disproof of "the mover wins" is a proof that the opponent wins, so a game
//! whose proofs never meet a draw needs only the first.

use super::search::{work, Counts, Halt, Hashes, Meter, Shared};
use super::table::prefetch_line;
use crate::engine::state::{Move, State};
use std::sync::atomic::Ordering::Relaxed;

/// Infinity for proof and disproof numbers (28 bits in the table).
pub const INF: u32 = (1 << 28) - 1;

/// A proposition: the seat `target` wins; a game without a winner proves it when
/// `draws_prove` and disproves it otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Prop {
    pub target: usize,
    pub draws_prove: bool,
}

/// Proof and disproof numbers, and whether a solved result holds however games
/// without a winner are scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pn {
    pub pn: u32,
    pub dn: u32,
    pub pure: bool,
}

impl Pn {
    const UNKNOWN: Pn = Pn {
        pn: 1,
        dn: 1,
        pure: false,
    };

    pub fn proven(self) -> bool {
        self.pn == 0
    }

    pub fn disproven(self) -> bool {
        self.dn == 0
    }

    fn solved(self) -> bool {
        self.pn == 0 || self.dn == 0
    }

    fn pack(self) -> u64 {
        self.pn as u64 | (self.dn as u64) << 28 | (self.pure as u64) << 56
    }

    fn unpack(p: u64) -> Pn {
        Pn {
            pn: (p & INF as u64) as u32,
            dn: ((p >> 28) & INF as u64) as u32,
            pure: (p >> 56) & 1 == 1,
        }
    }
}

/// A solved result is never replaced by an unsolved one (two threads can race).
fn merge(old: u64, new: u64) -> u64 {
    if Pn::unpack(old).solved() && !Pn::unpack(new).solved() {
        old
    } else {
        new
    }
}

/// A child: its position, its cell hashes and key (unused for a finished game) and
/// its current numbers. Each depth keeps its children between visits, so that a
/// child's state is copied into buffers that already exist (no allocation, and no
/// traffic on the shared rules' reference count).
struct Kid {
    state: State,
    hashes: Hashes,
    key: u64,
    pn: Pn,
}

/// One thread's df-pn search.
pub struct Dfpn<'a> {
    sh: &'a Shared,
    pub meter: Meter<'a>,
    kids: Vec<Vec<Kid>>,
    moves: Vec<Move>,
    /// The moves of a position with their static order (higher first).
    order: Vec<(u32, Move)>,
    prop: Prop,
    prop_key: u64,
    /// Publish the numbers of the position searched at depth 0 (for progress lines).
    pub report_root: bool,
    /// Other threads work on the same proposition from the same position, sharing
    /// the table (see `prove_together`).
    parallel: bool,
    /// The keys of the positions from the start to the one being searched (threads
    /// sharing a search), and the depth to unwind to when another thread solved one.
    path: Vec<u64>,
    abort_to: Option<usize>,
    /// Per depth, the move that last settled a position there at once.
    killers: Vec<Option<Move>>,
    distance: super::distance::Distance,
    /// The starting numbers of positions not in the table, by key (direct-mapped,
    /// `ESTIMATES` entries of key and packed numbers): the search comes back to a
    /// position many times, and each time estimates again the children it has not
    /// searched yet. Their distances are most of the search's work.
    estimates: Vec<(u64, u64)>,
}

/// The entries of a thread's cache of estimates (4 MiB).
const ESTIMATES: usize = 1 << 18;

/// `a + b`, kept below infinity.
fn add(a: u32, b: u32) -> u32 {
    (a + b).min(INF - 1)
}

/// The threshold for the best child: a quarter more than the second best's number.
fn grow(second: u32) -> u32 {
    if second >= INF - 1 {
        INF
    } else {
        (second + second / 4 + 1).min(INF)
    }
}

/// `threshold - total + own`: the parent's slack given to one child, at most infinity.
fn slack(threshold: u32, total: u32, own: u32) -> u32 {
    (threshold as u64 - total as u64 + own as u64).min(INF as u64) as u32
}

impl<'a> Dfpn<'a> {
    pub fn new(sh: &'a Shared) -> Dfpn<'a> {
        Dfpn {
            sh,
            meter: Meter::new(sh),
            kids: Vec::new(),
            moves: Vec::new(),
            order: Vec::new(),
            prop: Prop {
                target: 0,
                draws_prove: false,
            },
            prop_key: 0,
            report_root: false,
            parallel: false,
            path: Vec::new(),
            abort_to: None,
            killers: Vec::new(),
            distance: super::distance::Distance::new(&sh.rules),
            estimates: vec![(0, 0); ESTIMATES],
        }
    }

    /// Starting numbers for a position not in the table.
    fn estimate(&mut self, s: &State) -> Pn {
        let target = self.prop.target ^ usize::from(s.swapped());
        let to_move = s.to_move();
        let mut d = self.distance.both(s);
        for (c, dc) in d.iter_mut().enumerate() {
            *dc = dc.saturating_sub(u32::from(c == to_move)).max(1);
        }
        Pn {
            pn: d[target & 1],
            dn: d[1 - (target & 1)],
            pure: false,
        }
    }

    /// The slot of `key` (a position's, with the proposition) in the cache of
    /// estimates.
    fn estimate_slot(key: u64) -> usize {
        (key >> 40) as usize & (ESTIMATES - 1)
    }

    /// `estimate`, remembered by the position's key (which holds the proposition).
    fn estimate_by_key(&mut self, s: &State, key: u64) -> Pn {
        let slot = Self::estimate_slot(key);
        match self.estimates[slot] {
            (k, p) if k == key && key != 0 => Pn::unpack(p),
            _ => {
                let p = self.estimate(s);
                self.estimates[slot] = (key, p.pack());
                p
            }
        }
    }

    /// The numbers of a finished game under the current proposition, or `None`.
    fn leaf(&mut self, s: &State) -> Option<Pn> {
        let winner = self.meter.ending(s)?;
        let proven = match winner {
            Some(c) => s.seat_of(c) == self.prop.target,
            None => self.prop.draws_prove,
        };
        Some(Pn {
            pn: if proven { 0 } else { INF },
            dn: if proven { INF } else { 0 },
            pure: winner.is_some(),
        })
    }

    /// What the table knows of `prop` at `s`.
    pub fn known(&mut self, s: &State, prop: Prop) -> Option<Pn> {
        if let Some(p) = self.leaf(s) {
            return Some(p);
        }
        let k =
            self.sh.keys.key(s).0 ^ self.sh.keys.prop[prop.target & 1][prop.draws_prove as usize];
        self.sh.table.probe(k).map(Pn::unpack)
    }

    /// Proves or disproves `prop` at `s`; `None` if the search was halted.
    pub fn prove(&mut self, s: &State, prop: Prop) -> Option<Pn> {
        self.prop = prop;
        self.prop_key = self.sh.keys.prop[prop.target & 1][prop.draws_prove as usize];
        if let Some(p) = self.leaf(s) {
            return Some(p);
        }
        let hashes = self.sh.keys.hashes(s.cells());
        let key = self.sh.keys.canonical(&hashes, s).0 ^ self.prop_key;
        let r = self.mid(s, &hashes, key, INF, INF, 0);
        self.meter.running().then_some(r)
    }

    /// Proves or disproves `prop` at `s` with `threads` threads that share the table:
    /// each runs the whole search from `s`, steered away from the positions the others
    /// are inside (see `select`), and the first to settle `s` stops the others. The
    /// result (`None` if the search was halted) and the threads' counts.
    pub fn prove_together(
        sh: &Shared,
        s: &State,
        prop: Prop,
        threads: usize,
    ) -> (Option<Pn>, Counts) {
        sh.proof_done.store(false, Relaxed);
        let mut counts = Counts::default();
        let mut result = None;
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|i| {
                    std::thread::Builder::new()
                        .stack_size(64 << 20)
                        .spawn_scoped(scope, move || {
                            let mut w = Dfpn::new(sh);
                            w.parallel = true;
                            w.report_root = i == 0;
                            let r = w.prove(s, prop);
                            if r.is_some_and(|p| p.solved()) {
                                sh.proof_done.store(true, Relaxed);
                            }
                            w.meter.flush();
                            (r, w.meter.counts)
                        })
                })
                .collect();
            for h in handles {
                // A thread that cannot start or that panicked leaves the result unknown.
                if let Ok(Ok((r, c))) = h.map(|h| h.join()) {
                    counts.add(&c);
                    if let Some(p) = r.filter(|p| p.solved()) {
                        result = Some(p);
                    }
                }
            }
        });
        (result, counts)
    }

    /// The exact value of `s` for `seat` (-1 loss, 0 draw, 1 win); `None` if halted.
    /// With `only_win`, stops after learning that it is not a win: `Some(-1)` then
    /// means "loss", `Some(0)` "not a win".
    pub fn value(&mut self, s: &State, seat: usize, only_win: bool) -> Option<i8> {
        let a = self.prove(
            s,
            Prop {
                target: seat,
                draws_prove: false,
            },
        )?;
        if a.proven() {
            return Some(1);
        }
        if a.pure {
            return Some(-1);
        }
        if only_win {
            return Some(0);
        }
        let b = self.prove(
            s,
            Prop {
                target: seat,
                draws_prove: true,
            },
        )?;
        Some(if b.proven() { 0 } else { -1 })
    }

    /// Lists the moves of `s` into `self.order`, most promising first: the move that
    /// last settled a position at this depth at once (the same reply, a win or a
    /// block, often settles its siblings too), then central cells first. False if a
    /// move has no code (the search is then halted).
    fn order_moves(&mut self, s: &State, depth: usize) -> bool {
        s.legal_moves_into(&mut self.moves);
        if self.killers.len() <= depth {
            self.killers.resize(depth + 1, None);
        }
        let (codec, centre) = (&self.sh.codec, &self.sh.centrality);
        self.order.clear();
        for &m in &self.moves {
            let Some(code) = codec.code(m) else {
                self.sh.stop(Halt::Unnamed);
                return false;
            };
            self.order.push((centre[code as usize], m));
        }
        // Stable: equal scores keep the order of `legal_moves`.
        self.order.sort_by_key(|o| std::cmp::Reverse(o.0));
        if let Some(k) = self.killers[depth] {
            if let Some(i) = self.order.iter().position(|o| o.1 == k) {
                self.order[..=i].rotate_right(1);
            }
        }
        true
    }

    /// Multiple-iterative deepening at one position: works below it until its numbers
    /// reach the thresholds or it is solved, stores them and returns them. `hashes` are
    /// the position's cell hashes, `key` its table key.
    fn mid(
        &mut self,
        s: &State,
        hashes: &Hashes,
        key: u64,
        thpn: u32,
        thdn: u32,
        depth: usize,
    ) -> Pn {
        if !self.meter.tick() || !self.going() {
            return Pn::UNKNOWN;
        }
        if depth > self.sh.max_depth {
            self.sh.stop(Halt::TooLong);
            return Pn::UNKNOWN;
        }
        if self.parallel {
            self.sh.busy.enter(key);
            self.path.push(key);
            if self.meter.counts.nodes.is_multiple_of(1024) {
                self.look_for_solved_ancestors();
            }
        }
        let before = self.meter.counts.nodes;
        if self.kids.len() <= depth {
            self.kids.resize_with(depth + 1, Vec::new);
        }
        let mut kids = std::mem::take(&mut self.kids[depth]);
        let or_node = s.seat_of(s.to_move()) == self.prop.target;
        let n = self.expand(s, hashes, depth, or_node, &mut kids);
        let mut result = Pn::UNKNOWN;
        if n == Some(0) {
            // Not over, yet no move: the rules promise this never happens. Score it as
            // a game without a winner rather than guess.
            self.meter.counts.other += 1;
            let proven = self.prop.draws_prove;
            result = Pn {
                pn: if proven { 0 } else { INF },
                dn: if proven { INF } else { 0 },
                pure: false,
            };
        }
        let n = n.unwrap_or(0);
        while n > 0 && self.live(depth) {
            result = if or_node {
                or_numbers(&kids[..n])
            } else {
                and_numbers(&kids[..n])
            };
            if depth == 0 && self.report_root {
                let numbers = (result.pn as u64) << 32 | result.dn as u64;
                self.sh.root_numbers.store(numbers, Relaxed);
            }
            if result.pn >= thpn || result.dn >= thdn {
                break;
            }
            let (best, second) =
                self.select(&kids[..n], or_node, if or_node { thpn } else { thdn });
            let k = &kids[best];
            let (tpn, tdn) = if or_node {
                (thpn.min(grow(second)), slack(thdn, result.dn, k.pn.dn))
            } else {
                (slack(thpn, result.pn, k.pn.pn), thdn.min(grow(second)))
            };
            let p = self.mid(&k.state, &k.hashes, k.key, tpn, tdn, depth + 1);
            kids[best].pn = p;
            if self.parallel {
                // The other threads may have learnt more about the siblings.
                for kid in kids[..n].iter_mut() {
                    if !kid.pn.solved() {
                        if let Some(p) = self.sh.table.probe(kid.key) {
                            kid.pn = Pn::unpack(p);
                        }
                    }
                }
            }
        }
        self.kids[depth] = kids;
        if self.abort_to == Some(depth) {
            // Another thread solved this position while this one worked below it.
            self.abort_to = None;
            if let Some(p) = self
                .sh
                .table
                .probe(key)
                .map(Pn::unpack)
                .filter(|p| p.solved())
            {
                result = p;
            }
        }
        if self.live(depth) {
            let w = work(self.meter.counts.nodes - before);
            let r = self.sh.table.store(key, result.pack(), w, merge);
            self.meter.stored(r);
        }
        if self.parallel {
            self.sh.busy.leave(key);
            self.path.pop();
        }
        result
    }

    /// Whether the frame at `depth` goes on: the search runs and no other thread has
    /// solved this position or one above it.
    #[inline]
    fn live(&self, depth: usize) -> bool {
        self.going() && self.abort_to.is_none_or(|d| depth < d)
    }

    /// Threads sharing a search: whether another thread has solved a position on the
    /// path to this one; if so, the frames below the highest such position unwind
    /// (their work there is no longer needed).
    fn look_for_solved_ancestors(&mut self) {
        if self.abort_to.is_some() {
            return;
        }
        for (d, &k) in self.path.iter().enumerate() {
            if self
                .sh
                .table
                .probe(k)
                .is_some_and(|p| Pn::unpack(p).solved())
            {
                self.abort_to = Some(d);
                return;
            }
        }
    }

    /// Whether to go on: not halted, and no other thread has solved the position.
    #[inline]
    fn going(&self) -> bool {
        self.meter.running() && !(self.parallel && self.sh.proof_done.load(Relaxed))
    }

    /// Plays every move of `s` into `kids` (in the order of `order_moves`) with their
    /// numbers: a finished game's at once, the others' from the table or, for a
    /// position not there, the estimate. Stops early at a child that settles `s` (a
    /// proof at an OR position, a disproof at an AND one). The number of children, or
    /// `None` if the search halted.
    fn expand(
        &mut self,
        s: &State,
        hashes: &Hashes,
        depth: usize,
        or_node: bool,
        kids: &mut Vec<Kid>,
    ) -> Option<usize> {
        if !self.order_moves(s, depth) {
            return None;
        }
        // Play every move; the table is read once all the children's buckets are on
        // their way from memory.
        let mut n = 0;
        for i in 0..self.order.len() {
            let m = self.order[i].1;
            if n == kids.len() {
                kids.push(Kid {
                    state: s.clone(),
                    hashes: [0; super::search::MAX_SYMMETRIES],
                    key: 0,
                    pn: Pn::UNKNOWN,
                });
            } else {
                kids[n].state.clone_from(s);
            }
            let kid = &mut kids[n];
            n += 1;
            kid.state.play_unchecked(m);
            match self.leaf(&kid.state) {
                Some(p) => {
                    kid.key = 0;
                    kid.pn = p;
                }
                None => {
                    kid.hashes = self
                        .sh
                        .keys
                        .child_hashes(hashes, s.cells(), kid.state.cells());
                    kid.key = self.sh.keys.canonical(&kid.hashes, &kid.state).0 ^ self.prop_key;
                    kid.pn = Pn::UNKNOWN;
                    // Its table entry and, should the table not know it, its
                    // cached estimate: both lie far off in memory, and the search
                    // waited on them (a sampled profile).
                    self.sh.table.prefetch(kid.key);
                    prefetch_line(&self.estimates[Self::estimate_slot(kid.key)]);
                }
            }
            // One proven child proves an OR position (one disproven child disproves an
            // AND position): the others need not be played.
            if (or_node && kid.pn.proven()) || (!or_node && kid.pn.disproven()) {
                self.killers[depth] = Some(m);
                return Some(n);
            }
        }
        for kid in kids[..n].iter_mut() {
            if !kid.pn.solved() {
                kid.pn = match self.sh.table.probe(kid.key) {
                    Some(p) => Pn::unpack(p),
                    None => self.estimate_by_key(&kid.state, kid.key),
                };
            }
        }
        Some(n)
    }

    /// The child to work on: the smallest proof number at an OR position (the smallest
    /// disproof number at an AND one), and the runner-up's number. When threads share
    /// the search, a child another thread is inside counts as if its number were
    /// `BUSY_FACTOR` times larger, so a second thread goes to the next most promising
    /// child unless the first is far ahead. Only children whose number is below the
    /// position's threshold `th` may be chosen instead of the best (another would
    /// return at once, and a thread could spin on it while the best stays busy);
    /// the threshold bounds what they are given anyway.
    fn select(&self, kids: &[Kid], or_node: bool, th: u32) -> (usize, u32) {
        let num = |k: &Kid| {
            let v = if or_node { k.pn.pn } else { k.pn.dn };
            if !self.parallel || v >= INF {
                v
            } else if v >= th {
                INF
            } else if self.sh.busy.is_busy(k.key) {
                v.saturating_mul(BUSY_FACTOR).min(INF - 1)
            } else {
                v
            }
        };
        let mut best = 0;
        let mut best_num = num(&kids[0]);
        let mut second = INF;
        for (i, k) in kids.iter().enumerate().skip(1) {
            let v = num(k);
            if v < best_num {
                second = best_num;
                best = i;
                best_num = v;
            } else if v < second {
                second = v;
            }
        }
        (best, second)
    }
}

/// How much larger a child's number looks while another thread searches it.
const BUSY_FACTOR: u32 = 2;

/// An OR position (the target seat to move): proven by one child, disproven by all.
fn or_numbers(kids: &[Kid]) -> Pn {
    let mut pn = INF;
    let mut dn = 0;
    let mut pure_proof = false;
    let mut pure_disproof = true;
    for k in kids {
        pn = pn.min(k.pn.pn);
        dn = if k.pn.dn == INF {
            INF
        } else {
            add(dn, k.pn.dn)
        };
        if k.pn.proven() && k.pn.pure {
            pure_proof = true;
        }
        pure_disproof &= k.pn.pure;
    }
    if pn == 0 {
        Pn {
            pn: 0,
            dn: INF,
            pure: pure_proof,
        }
    } else if dn == 0 {
        Pn {
            pn: INF,
            dn: 0,
            pure: pure_disproof,
        }
    } else {
        Pn {
            pn,
            dn,
            pure: false,
        }
    }
}

/// An AND position (the other seat to move): proven by all children, disproven by one.
fn and_numbers(kids: &[Kid]) -> Pn {
    let mut pn = 0;
    let mut dn = INF;
    let mut pure_proof = true;
    let mut pure_disproof = false;
    for k in kids {
        dn = dn.min(k.pn.dn);
        pn = if k.pn.pn == INF {
            INF
        } else {
            add(pn, k.pn.pn)
        };
        if k.pn.disproven() && k.pn.pure {
            pure_disproof = true;
        }
        pure_proof &= k.pn.pure;
    }
    if dn == 0 {
        Pn {
            pn: INF,
            dn: 0,
            pure: pure_disproof,
        }
    } else if pn == 0 {
        Pn {
            pn: 0,
            dn: INF,
            pure: pure_proof,
        }
    } else {
        Pn {
            pn,
            dn,
            pure: false,
        }
    }
}
