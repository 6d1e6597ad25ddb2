//! The random-game engine behind `weft check`: plays many uniformly random games
//! on all cores and folds what happened in them into a [`PlayoutTally`].
//!
//! Game `i` of a run uses a generator derived from the run's seed and `i` alone
//! (`Rng::for_game`), whether a game is looked at in detail depends on `i` alone,
//! and every part of a tally merges in a way that does not depend on order (integer
//! sums, and "the best few by (length, game index)"), so a tally depends on the
//! seed and not on the number of threads or on how games were spread over them.
//!
//! The playout loop itself reuses its buffers and allocates nothing per move; it
//! clones a move list only when a game becomes one of the few kept as examples.
//! Figures that need every legal move of every turn (the branching factor, the
//! glyphs' rejections, board coverage) cost a full scan of the board per turn, so
//! they are gathered only in *detailed* games, an evenly spread sample
//! ([`Plan::detailed`]).

use crate::engine::rng::Rng;
use crate::engine::state::{Claim, Decider, DrawKind, Illegal, Move, Outcome, State};
use crate::rules::{ClaimRule, Rules};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};

/// How many example games a tally keeps per claim.
pub const EXAMPLES: usize = 3;

/// Games handed to a worker at a time (small enough to balance the load and to
/// move a progress bar, large enough that taking one costs nothing).
const BATCH: u64 = 32;

/// What a run does.
#[derive(Debug, Clone)]
pub struct Plan {
    /// How many games.
    pub games: u64,
    pub seed: u64,
    /// Worker threads (at least one is used).
    pub threads: usize,
    /// How many games, evenly spread over the run, are looked at in detail
    /// (branching factor, glyph rejections, coverage). At least the whole run
    /// when it is as large as `games`.
    pub detailed: u64,
    /// A game still going after this many moves in total is cut (and counted
    /// as cut), so that a rule file whose games never end cannot hang a check.
    pub max_plies: u32,
}

impl Plan {
    /// Whether game `index` is looked at in detail: exactly `min(detailed, games)`
    /// games are, spread evenly over the run (game `i` is when `i * d / games`
    /// steps up at `i`), so the sample depends on the plan alone.
    ///
    /// ```
    /// let plan = weft::tools::playout::Plan { games: 10, seed: 1, threads: 1, detailed: 6, max_plies: 99 };
    /// let picked: Vec<u64> = (0..10).filter(|&i| plan.is_detailed(i)).collect();
    /// assert_eq!(picked, [0, 1, 3, 5, 6, 8]);
    /// ```
    pub fn is_detailed(&self, index: u64) -> bool {
        let g = u128::from(self.games.max(1));
        let d = u128::from(self.detailed.min(self.games));
        let i = u128::from(index);
        (i * d).div_ceil(g) != ((i + 1) * d).div_ceil(g)
    }
}

/// How one game ended, in a form that merges and prints without knowing every
/// kind the core may add: draws and stops are named by their kind.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum End {
    /// The colour (player index) won.
    Win(usize),
    /// A draw, named by its kind (e.g. `deadlock`, `ply limit`).
    Draw(String),
    /// Play stopped because a rule-claim broke; the claim in words.
    Stopped(String),
    /// The game was still going at [`Plan::max_plies`].
    Cut,
}

/// A draw kind's name in words, from its `Debug` name: `Deadlock` gives
/// `deadlock`, `PlyLimit` gives `ply limit`; data a variant carries is dropped.
///
/// ```
/// assert_eq!(weft::tools::playout::kind_name("PlyLimit(400)"), "ply limit");
/// assert_eq!(weft::tools::playout::kind_name("Deadlock"), "deadlock");
/// ```
pub fn kind_name(debug: &str) -> String {
    let head = debug.split(['(', '{', ' ']).next().unwrap_or(debug);
    let mut out = String::new();
    for (i, ch) in head.chars().enumerate() {
        if ch.is_uppercase() && i > 0 {
            out.push(' ');
        }
        out.extend(ch.to_lowercase());
    }
    out
}

fn draw_name(kind: DrawKind) -> String {
    kind_name(&format!("{kind:?}"))
}

impl End {
    /// How a game ended, from its outcome (`None`: still going, so cut).
    pub fn of(outcome: Option<Outcome>) -> End {
        match outcome {
            Some(Outcome::Win(c)) => End::Win(c),
            Some(Outcome::Draw(k)) => End::Draw(draw_name(k)),
            Some(Outcome::Stopped(c)) => End::Stopped(c.to_string()),
            None => End::Cut,
        }
    }

    /// The end in words, e.g. `black wins`, `draw (deadlock)`.
    pub fn describe(&self, rules: &Rules) -> String {
        match self {
            End::Win(c) => format!(
                "{} wins",
                rules.players().get(*c).map_or("?", |s| s.as_str())
            ),
            End::Draw(k) => format!("draw ({k})"),
            End::Stopped(c) => format!("stopped: broken claim \"{c}\""),
            End::Cut => "cut: still going at the move limit of weft check".into(),
        }
    }
}

/// The name under which the rule `no move: impossible` is reported as a claim.
pub fn mover_can_move() -> String {
    Claim::MoverCanMove.to_string()
}

/// A game kept as an example: the random moves (after any start moves) and how
/// it went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Example {
    /// The game's index in the run (its generator is `Rng::for_game(seed, game)`).
    pub game: u64,
    /// The game's length in moves, start moves included.
    pub length: u32,
    /// The move (1-based, start moves included) at which the claim broke.
    pub broken_at: u32,
    pub end: End,
    /// The random moves, in play order.
    pub moves: Vec<Move>,
}

impl Example {
    fn key(&self) -> (u32, u64) {
        (self.length, self.game)
    }
}

/// Keeps the `EXAMPLES` shortest examples, ties broken by game index.
fn keep_best(list: &mut Vec<Example>, limit: usize) {
    list.sort_by_key(Example::key);
    list.dedup_by_key(|e| e.game);
    list.truncate(limit);
}

/// Whether an example with this key would enter a kept list.
fn would_keep(list: &[Example], key: (u32, u64), limit: usize) -> bool {
    list.len() < limit || list.last().is_some_and(|e| key < e.key())
}

/// One claim's record over the run.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ClaimTally {
    /// Games that broke it.
    pub broken: u64,
    /// The shortest few of them.
    pub examples: Vec<Example>,
}

/// Everything a run found, summed over games.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PlayoutTally {
    pub games: u64,
    /// Wins by colour (player index).
    pub wins_by_colour: Vec<u64>,
    /// Wins by seat (0 = the seat that moved first), all games.
    pub wins_by_seat: Vec<u64>,
    /// Wins by what decided them, in words (see [`ending_name`]).
    pub wins_by_ending: BTreeMap<String, u64>,
    /// Games in which the swap was used, and the wins by seat in them.
    pub swapped_games: u64,
    pub wins_by_seat_swapped: Vec<u64>,
    /// Draws by kind name.
    pub draws: BTreeMap<String, u64>,
    /// Games stopped by a broken rule-claim, by the claim in words.
    pub stopped: BTreeMap<String, u64>,
    /// Games cut at the move limit.
    pub cut: u64,
    /// `lengths[n]`: games that lasted `n` moves in total.
    pub lengths: Vec<u64>,
    /// Random moves played (the turns of the run).
    pub turns: u64,
    /// `pass` moves played.
    pub passes: u64,
    /// Turns at which the player to move had no legal move but a forced pass.
    pub forced_passes: u64,
    pub games_with_forced_pass: u64,
    /// Games that ended because the player to move had no legal move (a deadlock,
    /// or the claim "the player to move always has a legal move" broken).
    pub stuck_endings: u64,
    /// First random move of each game: (games, wins by the seat that made it).
    pub first_moves: BTreeMap<Move, (u64, u64)>,
    /// The shortest game (its moves, and how it ended).
    pub shortest: Option<Example>,
    /// Per claim, by its words.
    pub claims: BTreeMap<String, ClaimTally>,
    /// Games that broke at least one claim.
    pub broken_games: u64,
    pub detail: Detail,
}

/// Figures gathered only in detailed games.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Detail {
    pub games: u64,
    /// Turns looked at (the player to move had the move, the game not over).
    pub turns: u64,
    /// Legal moves summed over those turns.
    pub legal_moves: u64,
    /// Empty points examined as placements for the player to move, over those turns.
    pub candidates: u64,
    /// Of those, rejected by each glyph (the first glyph of the file that rejects
    /// the point, when several would).
    pub rejected_by_glyph: Vec<u64>,
    /// Of those, rejected for another reason.
    pub rejected_other: u64,
    /// Points ever occupied, summed over detailed games.
    pub covered: u64,
    /// Per point: detailed games in which it was ever occupied.
    pub covered_by_cell: Vec<u64>,
}

fn add_into(a: &mut Vec<u64>, b: &[u64]) {
    if a.len() < b.len() {
        a.resize(b.len(), 0);
    }
    for (x, y) in a.iter_mut().zip(b) {
        *x += y;
    }
}

fn add_map<K: Ord + Clone>(a: &mut BTreeMap<K, u64>, b: &BTreeMap<K, u64>) {
    for (k, v) in b {
        *a.entry(k.clone()).or_insert(0) += v;
    }
}

/// What decided a won game, in words: the goal as the file writes it (`win: ring`,
/// `lose for white: connect opposite edges`), a rule checked after the move, the crossing
/// race, or (no decider recorded) a rule at the start of a turn or a player left without
/// a move.
pub fn ending_name(rules: &Rules, decided: Option<Decider>) -> String {
    match decided {
        Some(Decider::Goal(i)) => {
            let g = &rules.goals()[i as usize];
            match g.player {
                Some(p) => format!(
                    "{} for {}: {}",
                    g.verdict.word(),
                    rules.players()[p],
                    g.text
                ),
                None => format!("{}: {}", g.verdict.word(), g.text),
            }
        }
        Some(Decider::AfterMove(i)) => format!(
            "after move: {}",
            rules.describe_pred(&rules.after_move_rules()[i as usize].cond)
        ),
        Some(Decider::Race) => "crossing race".to_string(),
        None => "at turn start or without a move".to_string(),
    }
}

impl PlayoutTally {
    /// An empty tally for `rules` (every claim listed, every count zero).
    pub fn new(rules: &Rules) -> PlayoutTally {
        let players = rules.players().len();
        let mut claims = BTreeMap::new();
        for c in claim_names(rules) {
            claims.insert(c, ClaimTally::default());
        }
        PlayoutTally {
            wins_by_colour: vec![0; players],
            wins_by_seat: vec![0; players],
            wins_by_seat_swapped: vec![0; players],
            claims,
            detail: Detail {
                rejected_by_glyph: vec![0; rules.glyphs().len()],
                covered_by_cell: vec![0; rules.board().len()],
                ..Detail::default()
            },
            ..PlayoutTally::default()
        }
    }

    /// Adds another tally of the same rules (order does not matter).
    pub fn merge(&mut self, o: PlayoutTally) {
        self.games += o.games;
        add_into(&mut self.wins_by_colour, &o.wins_by_colour);
        add_into(&mut self.wins_by_seat, &o.wins_by_seat);
        add_map(&mut self.wins_by_ending, &o.wins_by_ending);
        self.swapped_games += o.swapped_games;
        add_into(&mut self.wins_by_seat_swapped, &o.wins_by_seat_swapped);
        add_map(&mut self.draws, &o.draws);
        add_map(&mut self.stopped, &o.stopped);
        self.cut += o.cut;
        add_into(&mut self.lengths, &o.lengths);
        self.turns += o.turns;
        self.passes += o.passes;
        self.forced_passes += o.forced_passes;
        self.games_with_forced_pass += o.games_with_forced_pass;
        self.stuck_endings += o.stuck_endings;
        for (m, (n, w)) in o.first_moves {
            let e = self.first_moves.entry(m).or_insert((0, 0));
            e.0 += n;
            e.1 += w;
        }
        self.shortest = match (self.shortest.take(), o.shortest) {
            (Some(a), Some(b)) => Some(if b.key() < a.key() { b } else { a }),
            (a, b) => a.or(b),
        };
        for (name, c) in o.claims {
            let mine = self.claims.entry(name).or_default();
            mine.broken += c.broken;
            mine.examples.extend(c.examples);
            keep_best(&mut mine.examples, EXAMPLES);
        }
        self.broken_games += o.broken_games;
        let d = &mut self.detail;
        d.games += o.detail.games;
        d.turns += o.detail.turns;
        d.legal_moves += o.detail.legal_moves;
        d.candidates += o.detail.candidates;
        add_into(&mut d.rejected_by_glyph, &o.detail.rejected_by_glyph);
        d.rejected_other += o.detail.rejected_other;
        d.covered += o.detail.covered;
        add_into(&mut d.covered_by_cell, &o.detail.covered_by_cell);
    }
}

/// The claims a rule file makes, in words, in the order a report lists them: the
/// rule `no move: impossible` first, then each `claim:` line in file order.
pub fn claim_names(rules: &Rules) -> Vec<String> {
    let mut v = Vec::new();
    if rules.no_move() == crate::rules::NoMove::Impossible {
        v.push(mover_can_move());
    }
    for c in rules.claims() {
        let name = c.to_string();
        if !v.contains(&name) {
            v.push(name);
        }
    }
    v
}

/// Reusable buffers of one worker.
struct Scratch<'a> {
    moves: Vec<Move>,
    legal: Vec<Move>,
    covered: Vec<bool>,
    /// Per point: whether placing there is among this turn's legal moves.
    legal_here: Vec<bool>,
    /// The placement move of each point, sorted by move (read only, shared).
    placements: &'a [(Move, usize)],
    /// The game being played (its buffers reused from game to game).
    state: State,
}

/// What one game did, before it is folded in.
struct GameFacts {
    end: End,
    length: u32,
    /// The ply (1-based, whole game) of the first forced pass.
    first_forced: Option<u32>,
}

/// Plays one uniformly random game from `start`, recording its moves in `moves`
/// (cleared first), for at most `max_plies` moves in total. Returns the final state.
pub fn random_game(start: &State, rng: &mut Rng, moves: &mut Vec<Move>, max_plies: u32) -> State {
    let mut s = start.clone();
    moves.clear();
    s.play_out_with(rng, max_plies, |_, mv| moves.push(mv));
    s
}

/// Plays game `index` and folds it into `t`.
fn play_one(start: &State, plan: &Plan, index: u64, scratch: &mut Scratch, t: &mut PlayoutTally) {
    let detailed = plan.is_detailed(index);
    let rules = start.rules();
    let mut rng = Rng::for_game(plan.seed, index);
    let s = &mut scratch.state;
    s.clone_from(start);
    scratch.moves.clear();
    let mut forced = 0u64;
    let mut first_forced = None;
    if detailed {
        t.detail.games += 1;
        scratch.covered.fill(false);
        mark_occupied(&mut scratch.covered, s.cells());
    }
    // A pass is forced (the mover had no other legal move) unless the turn allows it.
    let mut note = |s: &State, mv: Move| {
        if mv == Move::Pass && !s.turn_allows_pass() {
            t.passes += 1;
            forced += 1;
            first_forced.get_or_insert(s.ply() + 1);
        }
        scratch.moves.push(mv);
    };
    if detailed {
        // `random_move` settles whether the mover can move as it draws, so the loop
        // asks nothing before it (asking `is_over` would look for a legal move a
        // second time).
        while s.ply() < plan.max_plies {
            if !s.is_over() {
                look_at_turn(
                    s,
                    &mut scratch.legal,
                    &mut scratch.legal_here,
                    scratch.placements,
                    &mut t.detail,
                );
            }
            let Some(mv) = s.random_move(&mut rng) else {
                break;
            };
            note(s, mv);
            s.play_unchecked(mv);
            mark_occupied(&mut scratch.covered, s.cells());
        }
    } else {
        s.play_out_with(&mut rng, plan.max_plies, note);
    }
    if detailed {
        for (n, c) in t.detail.covered_by_cell.iter_mut().zip(&scratch.covered) {
            *n += u64::from(*c);
        }
        t.detail.covered += scratch.covered.iter().filter(|c| **c).count() as u64;
    }
    let outcome = s.outcome();
    let facts = GameFacts {
        end: End::of(outcome),
        length: s.ply(),
        first_forced,
    };
    t.games += 1;
    t.turns += scratch.moves.len() as u64;
    t.forced_passes += forced;
    t.games_with_forced_pass += u64::from(forced > 0);
    let length = facts.length as usize;
    if t.lengths.len() <= length {
        t.lengths.resize(length + 1, 0);
    }
    t.lengths[length] += 1;
    if s.swapped() {
        t.swapped_games += 1;
    }
    let winner_seat = match outcome {
        Some(Outcome::Win(c)) => {
            let seat = s.seat_of(c);
            t.wins_by_colour[c] += 1;
            *t.wins_by_ending
                .entry(ending_name(s.rules(), s.decided_by()))
                .or_insert(0) += 1;
            t.wins_by_seat[seat] += 1;
            if s.swapped() {
                t.wins_by_seat_swapped[seat] += 1;
            }
            Some(seat)
        }
        _ => None,
    };
    match &facts.end {
        End::Draw(k) => *t.draws.entry(k.clone()).or_insert(0) += 1,
        End::Stopped(c) => *t.stopped.entry(c.clone()).or_insert(0) += 1,
        End::Cut => t.cut += 1,
        End::Win(_) => {}
    }
    if matches!(
        outcome,
        Some(Outcome::Draw(DrawKind::Deadlock) | Outcome::Stopped(Claim::MoverCanMove))
    ) {
        t.stuck_endings += 1;
    }
    if let Some(&first) = scratch.moves.first() {
        let mover_seat = start.seat_of(start.to_move());
        let e = t.first_moves.entry(first).or_insert((0, 0));
        e.0 += 1;
        e.1 += u64::from(winner_seat == Some(mover_seat));
    }
    let key = (facts.length, index);
    if t.shortest.as_ref().is_none_or(|e| key < e.key()) {
        t.shortest = Some(example(index, &facts, facts.length, &scratch.moves));
    }
    let mut broke = false;
    for (name, broken_at) in broken_claims(rules, &facts) {
        broke = true;
        let c = t.claims.entry(name).or_default();
        c.broken += 1;
        if would_keep(&c.examples, key, EXAMPLES) {
            c.examples
                .push(example(index, &facts, broken_at, &scratch.moves));
            keep_best(&mut c.examples, EXAMPLES);
        }
    }
    t.broken_games += u64::from(broke);
}

/// Marks in `covered` (indexed by cell id) every cell where some layer of `cells` (one
/// layer of `covered.len()` bytes per piece kind) holds a piece. Off-board and blocked
/// positions never hold one, so they are never marked.
fn mark_occupied(covered: &mut [bool], cells: &[u8]) {
    for layer in cells.chunks_exact(covered.len()) {
        for (c, v) in covered.iter_mut().zip(layer) {
            *c |= *v != 0;
        }
    }
}

fn example(game: u64, facts: &GameFacts, broken_at: u32, moves: &[Move]) -> Example {
    Example {
        game,
        length: facts.length,
        broken_at,
        end: facts.end.clone(),
        moves: moves.to_vec(),
    }
}

/// The claims a game broke, each with the move at which it broke.
fn broken_claims(rules: &Rules, g: &GameFacts) -> Vec<(String, u32)> {
    let mut v = Vec::new();
    if let End::Stopped(c) = &g.end {
        v.push((c.clone(), g.length));
    }
    for claim in rules.claims() {
        let at = match *claim {
            ClaimRule::NoDraws => matches!(g.end, End::Draw(_)).then_some(g.length),
            ClaimRule::NoPasses => g.first_forced,
            ClaimRule::LengthAtMost(n) => (g.length > n).then_some(n.saturating_add(1)),
        };
        if let Some(at) = at {
            let name = claim.to_string();
            if !v.iter().any(|(n, _)| *n == name) {
                v.push((name, at));
            }
        }
    }
    v
}

/// The detailed look at one turn: the legal moves, and for every empty point where
/// the player to move may not place, the reason. Only points whose placement is not
/// among the legal moves are asked for a reason, which halves the cost of a turn.
fn look_at_turn(
    s: &State,
    legal: &mut Vec<Move>,
    legal_here: &mut [bool],
    placements: &[(Move, usize)],
    d: &mut Detail,
) {
    s.legal_moves_into(legal);
    d.turns += 1;
    d.legal_moves += legal.len() as u64;
    mark_placements(legal, placements, legal_here);
    let colour = s.to_move();
    // `cells()` skips off-board and blocked positions; the first layer and `legal_here`
    // are indexed by cell id, so they are read at the id, never zipped with the list.
    let first_layer = s.cells();
    for cell in s.rules().board().cells() {
        if first_layer[cell as usize] != 0 {
            continue;
        }
        d.candidates += 1;
        if legal_here[cell as usize] {
            continue;
        }
        match s.placement_problem(cell, colour) {
            None => {}
            Some(Illegal::Glyph { glyph, .. }) if glyph < d.rejected_by_glyph.len() => {
                d.rejected_by_glyph[glyph] += 1
            }
            Some(_) => d.rejected_other += 1,
        }
    }
}

/// Sets `here[c]` for every point `c` whose placement is among `legal`. `table` is
/// sorted by move; a sorted `legal` (as the core lists it today) is merged in one
/// walk, any other order is looked up move by move.
fn mark_placements(legal: &[Move], table: &[(Move, usize)], here: &mut [bool]) {
    here.fill(false);
    if legal.is_sorted() {
        let mut t = table.iter().peekable();
        for m in legal {
            while t.next_if(|(tm, _)| tm < m).is_some() {}
            if let Some((_, c)) = t.next_if(|(tm, _)| tm == m) {
                here[*c] = true;
            }
        }
    } else {
        for m in legal {
            if let Ok(i) = table.binary_search_by(|(tm, _)| tm.cmp(m)) {
                here[table[i].1] = true;
            }
        }
    }
}

/// The placement move of every point, found through the notation (so no move
/// variant is named here), sorted by move.
fn placements(rules: &Rules) -> Vec<(Move, usize)> {
    let b = rules.board();
    let mut v: Vec<(Move, usize)> = b
        .cells()
        .filter_map(|c| {
            Move::parse(&b.cell_name(c), rules)
                .ok()
                .map(|m| (m, c as usize))
        })
        .collect();
    v.sort_unstable();
    v.dedup_by_key(|(m, _)| *m);
    v
}

/// Plays the games of `plan` from `start` and returns their tally. `progress` is
/// told of every finished batch of games (from any worker). A worker thread that
/// cannot be started is an error (the others are told to stop).
pub fn run(
    start: &State,
    plan: &Plan,
    progress: &(dyn Fn(u64) + Sync),
) -> std::io::Result<PlayoutTally> {
    run_slice(start, plan, 0..plan.games, progress)
}

/// Plays the games numbered `games` (a slice of the run `plan` describes: game `i`
/// is played exactly as in the whole run) and returns their tally. Tallies of slices
/// that cover the run once merge into the whole run's tally.
pub fn run_slice(
    start: &State,
    plan: &Plan,
    games: std::ops::Range<u64>,
    progress: &(dyn Fn(u64) + Sync),
) -> std::io::Result<PlayoutTally> {
    let rules = start.rules().clone();
    let first = games.start;
    let end = games.end.min(plan.games).max(first);
    let batches = (end - first).div_ceil(BATCH);
    let threads = (plan.threads.max(1) as u64).min(batches.max(1)) as usize;
    let next = AtomicU64::new(0);
    let placements = placements(&rules);
    let mut total = PlayoutTally::new(&rules);
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                std::thread::Builder::new().spawn_scoped(scope, || {
                    let mut t = PlayoutTally::new(&rules);
                    let mut scratch = Scratch {
                        moves: Vec::with_capacity(rules.board().len() * 2 + 8),
                        legal: Vec::with_capacity(rules.board().len() + 2),
                        covered: vec![false; rules.board().len()],
                        legal_here: vec![false; rules.board().len()],
                        placements: &placements,
                        state: start.clone(),
                    };
                    loop {
                        let b = next.fetch_add(1, Ordering::Relaxed);
                        if b >= batches {
                            break;
                        }
                        let lo = first + b * BATCH;
                        let hi = (lo + BATCH).min(end);
                        for i in lo..hi {
                            play_one(start, plan, i, &mut scratch, &mut t);
                        }
                        progress(hi - lo);
                    }
                    t
                })
            })
            .collect();
        let failed = handles.iter().any(|h| h.is_err());
        if failed {
            next.store(batches, Ordering::Relaxed);
        }
        let mut spawn_error = None;
        for h in handles {
            match h {
                Ok(h) => match h.join() {
                    Ok(t) => total.merge(t),
                    Err(e) => std::panic::resume_unwind(e),
                },
                Err(e) => {
                    spawn_error.get_or_insert(e);
                }
            }
        }
        match spawn_error {
            Some(e) => Err(std::io::Error::new(
                e.kind(),
                format!("cannot start a worker thread ({threads} asked for): {e}"),
            )),
            None => Ok(total),
        }
    })
}
