//! Matches between players: many games from one position with the seats alternating,
//! and the report a designer reads to judge balance under skilled play and a
//! player's strength: wins by player, by seat and by colour with 95% intervals, an Elo
//! difference, how often the swap was taken and after which first moves, lengths,
//! draws by kind, and every game's moves so that any game can be replayed.
//!
//! Game `i` of a run depends on the seed and `i` alone: the player listed first holds
//! the first seat in even-numbered games, and player `k` draws from
//! `Rng::for_game(seed, 2i + k)`. Games are spread over threads, each search runs on
//! one thread, and the report is built from the games sorted by number, so a match
//! between fixed-playout players gives the same report at any thread count, and the
//! games of slices of a run ([`play`] with a range) make exactly the whole run's report.

use crate::engine::rng::Rng;
use crate::engine::state::{Move, Outcome, State};
use crate::rules::Rules;
use crate::tools::players::{Player, Seat};
use crate::tools::playout::End;
use crate::tools::report::{
    length_report, ratio, seat_name, wilson_rate, BoardInfo, Length, Share,
};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// What a match plays.
#[derive(Debug, Clone)]
pub struct MatchPlan {
    /// The two players; the first holds the first seat in even-numbered games.
    pub players: [Player; 2],
    /// Games in the whole run.
    pub games: u64,
    pub seed: u64,
    /// Worker threads (games are spread over them; a search uses one).
    pub threads: usize,
    /// Each search tree's memory budget, in MiB.
    pub memory: u64,
    /// A game still going after this many moves in total is cut.
    pub max_plies: u32,
}

/// How one game went, in a form that is written to a part and read back.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// The game's number in the run.
    pub game: u64,
    /// The player (0: listed first) in the first seat.
    pub first_seat: usize,
    /// Every move from the initial position (start moves included), in the notation
    /// `weft replay --moves` reads.
    pub moves: String,
    /// Moves in the game, start moves included.
    pub length: u32,
    /// Whether the swap was taken.
    pub swapped: bool,
    /// The winning player (0 or 1), if any.
    pub winner: Option<usize>,
    /// The winning colour (player index of the rules), if any.
    pub winner_colour: Option<usize>,
    /// How it ended in words, e.g. `black wins`, `draw (deadlock)`.
    pub outcome: String,
    /// A draw's kind, a broken claim's words, or `cut` (none for a win).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub cut: bool,
}

/// Each player's moves and thinking time over some games.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Thinking {
    pub moves: [u64; 2],
    pub seconds: [f64; 2],
}

impl Thinking {
    /// Adds another's moves and time.
    pub fn add(&mut self, o: &Thinking) {
        for k in 0..2 {
            self.moves[k] += o.moves[k];
            self.seconds[k] += o.seconds[k];
        }
    }
}

/// Where a game starts.
pub struct GameStart {
    pub state: State,
    /// The moves from the initial position to `state`, in notation.
    pub moves: String,
    /// The player (0 or 1) in the first seat.
    pub first_seat: usize,
}

/// Where game `i` starts.
pub type Setup<'a> = &'a (dyn Fn(u64) -> GameStart + Sync);

/// The usual setup of a match: every game from `start`, the first player in the first
/// seat in even-numbered games.
pub fn alternating(i: u64) -> usize {
    (i % 2) as usize
}

/// Plays the games numbered `games` of `plan` on `plan.threads` threads, game `i` from
/// `setup(i)`, and returns their records sorted by number and the players' thinking.
/// `progress` is told of every finished game.
pub fn play(
    plan: &MatchPlan,
    games: Range<u64>,
    setup: Setup,
    progress: &(dyn Fn(u64) + Sync),
) -> (Vec<GameRecord>, Thinking) {
    let first = games.start;
    let end = games.end.min(plan.games).max(first);
    let next = AtomicU64::new(first);
    let threads = (plan.threads.max(1) as u64).min((end - first).max(1)) as usize;
    let done: Mutex<(Vec<GameRecord>, Thinking)> = Mutex::new((Vec::new(), Thinking::default()));
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut seats = plan
                    .players
                    .map(|p| Seat::new(p, Rng::new(plan.seed), plan.memory));
                let mut mine = Vec::new();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= end {
                        break;
                    }
                    let start = setup(i);
                    for (k, seat) in seats.iter_mut().enumerate() {
                        seat.reseed(Rng::for_game(plan.seed, 2 * i + k as u64));
                    }
                    mine.push(play_one(&start, i, &mut seats, plan.max_plies));
                    progress(1);
                }
                let mut thinking = Thinking::default();
                for (k, seat) in seats.iter().enumerate() {
                    thinking.moves[k] = seat.moves;
                    thinking.seconds[k] = seat.seconds;
                }
                let mut d = done.lock().unwrap_or_else(|e| e.into_inner());
                d.0.extend(mine);
                d.1.add(&thinking);
            });
        }
    });
    let (mut records, thinking) = done.into_inner().unwrap_or_else(|e| e.into_inner());
    records.sort_by_key(|r| r.game);
    (records, thinking)
}

/// Plays one game.
fn play_one(start: &GameStart, game: u64, seats: &mut [Seat; 2], max_plies: u32) -> GameRecord {
    let first_seat = start.first_seat;
    let rules = start.state.rules().clone();
    let mut s = start.state.clone();
    let mut moves: Vec<Move> = Vec::new();
    while s.ply() < max_plies && !s.is_over() {
        let seat = s.seat_of(s.to_move());
        let k = if seat == 0 {
            first_seat
        } else {
            1 - first_seat
        };
        let Some(mv) = seats[k].choose(&s) else { break };
        s.play_unchecked(mv);
        moves.push(mv);
    }
    let outcome = s.outcome();
    let end = End::of(outcome);
    let winner_colour = match outcome {
        Some(Outcome::Win(c)) => Some(c),
        _ => None,
    };
    let winner = winner_colour.map(|c| {
        if s.seat_of(c) == 0 {
            first_seat
        } else {
            1 - first_seat
        }
    });
    GameRecord {
        game,
        first_seat,
        moves: moves_text(&start.moves, &moves, &rules),
        length: s.ply(),
        swapped: s.swapped(),
        winner,
        winner_colour,
        outcome: end.describe(&rules),
        draw: match &end {
            End::Draw(k) => Some(k.clone()),
            _ => None,
        },
        stopped: match &end {
            End::Stopped(c) => Some(c.clone()),
            _ => None,
        },
        cut: end == End::Cut,
    }
}

/// The whole game's moves in notation: the moves that led to the start, then `moves`.
fn moves_text(start: &str, moves: &[Move], rules: &Rules) -> String {
    let mut v: Vec<String> = start.split_whitespace().map(str::to_string).collect();
    v.extend(moves.iter().map(|m| m.to_text(rules)));
    v.join(" ")
}

/// A player's results over the match.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct PlayerResult {
    pub player: String,
    /// Games won, of all games.
    pub wins: Share,
    /// Games won in the first seat, of the games it held it.
    pub as_first: Share,
    pub as_second: Share,
    /// Wins plus half the games without a winner, over all games.
    pub score: f64,
}

/// How much stronger the first player is than the second.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Strength {
    /// The first player's score (a win 1, a game without a winner ½) with its 95%
    /// interval.
    pub score: f64,
    pub ci95: [f64; 2],
    /// The Elo difference that score means (`400 log10(s / (1 - s))`), with its
    /// interval; none where it is infinite (a score of 0 or 1).
    pub elo: Option<f64>,
    pub elo_ci95: [Option<f64>; 2],
}

/// The Elo difference of a score, none where it is infinite (a score of 0 or 1, or
/// within rounding of them, as the end of an interval at 0% or 100% is).
///
/// ```
/// use weft::tools::matches::elo;
/// assert_eq!(elo(0.5), Some(0.0));
/// assert!((elo(0.75).unwrap() - 190.85).abs() < 0.01);
/// assert_eq!(elo(1.0), None);
/// assert_eq!(elo(0.9999999999999999), None);
/// ```
pub fn elo(score: f64) -> Option<f64> {
    const ROUNDING: f64 = 1e-9;
    (score > ROUNDING && score < 1.0 - ROUNDING).then(|| 400.0 * (score / (1.0 - score)).log10())
}

/// A first move and how often the second player swapped after it.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct SwapAfter {
    #[serde(rename = "move")]
    pub mv: String,
    pub games: u64,
    pub swapped: u64,
}

/// The swap in a match.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct MatchSwap {
    /// Games in which the swap was taken.
    pub taken: u64,
    pub rate: f64,
    /// Every first move played, with the games and swaps after it (board order).
    pub after: Vec<SwapAfter>,
    pub with_swap: Vec<Share>,
    pub without_swap: Vec<Share>,
}

/// Games without a winner.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct MatchDraws {
    pub total: u64,
    pub rate: f64,
    pub by_kind: BTreeMap<String, u64>,
    /// Games stopped by a broken rule-claim, by claim.
    pub stopped: BTreeMap<String, u64>,
    /// Games cut at `--max-plies`.
    pub cut: u64,
}

/// Each player's thinking time (absent with `--no-timing`).
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct MatchTime {
    /// The run's time (for merged slices, their times added up).
    pub seconds: f64,
    pub threads: usize,
    /// Per player: seconds a move.
    pub seconds_per_move: [f64; 2],
    pub moves: [u64; 2],
}

/// Everything `weft match` reports. The JSON form (`--json`) is this struct.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct MatchReport {
    pub game: String,
    pub file: String,
    pub params: BTreeMap<String, i64>,
    pub board: BoardInfo,
    /// Moves played before every game (`--moves`).
    pub start_moves: String,
    pub swap_rule: bool,
    pub players: [String; 2],
    pub seed: u64,
    pub memory_mib: u64,
    pub max_plies: u32,
    pub games: u64,
    pub results: Vec<PlayerResult>,
    /// Present when the players differ.
    pub strength: Option<Strength>,
    pub wins_by_seat: Vec<Share>,
    pub wins_by_colour: Vec<Share>,
    /// Present when the rules have the swap.
    pub swap: Option<MatchSwap>,
    pub draws: MatchDraws,
    pub length: Length,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time: Option<MatchTime>,
    /// Every game, by number.
    pub game_records: Vec<GameRecord>,
}

/// Where a match report comes from, besides its games.
#[derive(Debug, Clone)]
pub struct MatchMeta {
    pub file: String,
    pub start_moves: String,
    /// The run's time and threads, and the players' thinking; `None` leaves time out
    /// (`--no-timing`).
    pub time: Option<(f64, usize, Thinking)>,
}

impl MatchReport {
    /// Builds the report of the games `records` (every game of the run, by number).
    pub fn build(
        start: &State,
        plan: &MatchPlan,
        records: &[GameRecord],
        meta: &MatchMeta,
    ) -> MatchReport {
        let rules = start.rules();
        let b = rules.board();
        let games = records.len() as u64;
        let players = plan.players.map(|p| p.to_string());
        let count =
            |f: &dyn Fn(&GameRecord) -> bool| records.iter().filter(|r| f(r)).count() as u64;
        let results: Vec<PlayerResult> = (0..2)
            .map(|k| {
                let wins = count(&|r| r.winner == Some(k));
                let none = count(&|r| r.winner.is_none());
                let first = count(&|r| r.first_seat == k);
                let won_first = count(&|r| r.first_seat == k && r.winner == Some(k));
                PlayerResult {
                    player: players[k].clone(),
                    wins: Share::new(&players[k], wins, games),
                    as_first: Share::new(&players[k], won_first, first),
                    as_second: Share::new(&players[k], wins - won_first, games - first),
                    score: (wins as f64 + none as f64 / 2.0) / games.max(1) as f64,
                }
            })
            .collect();
        let strength = (plan.players[0] != plan.players[1]).then(|| {
            let s = results[0].score;
            let ci95 = wilson_rate(s, games as f64);
            Strength {
                score: s,
                ci95,
                elo: elo(s),
                elo_ci95: [elo(ci95[0]), elo(ci95[1])],
            }
        });
        let seat_of_winner = |r: &GameRecord| r.winner.map(|w| usize::from(w != r.first_seat));
        let seats = rules.players().len();
        let wins_by_seat = (0..seats)
            .map(|i| {
                Share::new(
                    &seat_name(i),
                    count(&|r| seat_of_winner(r) == Some(i)),
                    games,
                )
            })
            .collect();
        let wins_by_colour = rules
            .players()
            .iter()
            .enumerate()
            .map(|(c, name)| Share::new(name, count(&|r| r.winner_colour == Some(c)), games))
            .collect();
        let mut lengths = Vec::new();
        let mut by_kind = BTreeMap::new();
        let mut stopped = BTreeMap::new();
        for r in records {
            let n = r.length as usize;
            if lengths.len() <= n {
                lengths.resize(n + 1, 0);
            }
            lengths[n] += 1;
            if let Some(k) = &r.draw {
                *by_kind.entry(k.clone()).or_insert(0) += 1;
            }
            if let Some(c) = &r.stopped {
                *stopped.entry(c.clone()).or_insert(0) += 1;
            }
        }
        let drawn: u64 = by_kind.values().sum();
        MatchReport {
            game: rules.name().to_string(),
            file: meta.file.clone(),
            params: rules
                .params()
                .iter()
                .map(|p| (p.name.clone(), p.value))
                .collect(),
            board: BoardInfo {
                shape: b.describe(),
                width: b.width,
                height: b.height,
                cells: b.cell_count(),
            },
            start_moves: meta
                .start_moves
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" "),
            swap_rule: rules.has_swap(),
            players: players.clone(),
            seed: plan.seed,
            memory_mib: plan.memory,
            max_plies: plan.max_plies,
            games,
            results,
            strength,
            wins_by_seat,
            wins_by_colour,
            swap: rules
                .has_swap()
                .then(|| swap_report(start, records, &seat_of_winner)),
            draws: MatchDraws {
                total: drawn,
                rate: ratio(drawn, games),
                by_kind,
                stopped,
                cut: count(&|r| r.cut),
            },
            length: length_report(&lengths),
            time: meta.time.as_ref().map(|(seconds, threads, t)| MatchTime {
                seconds: *seconds,
                threads: *threads,
                seconds_per_move: [0, 1].map(|k| t.seconds[k] / t.moves[k].max(1) as f64),
                moves: t.moves,
            }),
            game_records: records.to_vec(),
        }
    }
}

/// How often the swap was taken, after which first moves, and the seats' wins with and
/// without it.
fn swap_report(
    start: &State,
    records: &[GameRecord],
    seat_of_winner: &dyn Fn(&GameRecord) -> Option<usize>,
) -> MatchSwap {
    let rules = start.rules();
    let skip = start.ply() as usize;
    let mut after: BTreeMap<Move, (u64, u64)> = BTreeMap::new();
    for r in records {
        let first = r.moves.split_whitespace().nth(skip);
        if let Some(mv) = first.and_then(|t| Move::parse(t, rules).ok()) {
            let e = after.entry(mv).or_insert((0, 0));
            e.0 += 1;
            e.1 += u64::from(r.swapped);
        }
    }
    let games = records.len() as u64;
    let taken = records.iter().filter(|r| r.swapped).count() as u64;
    let seat_wins = |swapped: bool, seat: usize| {
        records
            .iter()
            .filter(|r| r.swapped == swapped && seat_of_winner(r) == Some(seat))
            .count() as u64
    };
    let seats = rules.players().len();
    MatchSwap {
        taken,
        rate: ratio(taken, games),
        after: after
            .into_iter()
            .map(|(m, (games, swapped))| SwapAfter {
                mv: m.to_text(rules),
                games,
                swapped,
            })
            .collect(),
        with_swap: (0..seats)
            .map(|i| Share::new(&seat_name(i), seat_wins(true, i), taken))
            .collect(),
        without_swap: (0..seats)
            .map(|i| Share::new(&seat_name(i), seat_wins(false, i), games - taken))
            .collect(),
    }
}

/// `name wins of games (rate%, 95% CI lo-hi)`.
fn share_text(s: &Share) -> String {
    format!(
        "{} of {} ({:.1}%, 95% CI {:.1}-{:.1})",
        s.wins,
        s.games,
        100.0 * s.rate,
        100.0 * s.ci95[0],
        100.0 * s.ci95[1]
    )
}

/// Shares on a line: `first 104 (52.0%, ...), second ...`.
fn shares_text(v: &[Share]) -> String {
    v.iter()
        .map(|s| format!("{} {}", s.name, share_text(s)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// An Elo difference, `+308`, or `+inf` / `-inf` where it is infinite.
fn elo_text(e: Option<f64>, score: f64) -> String {
    match e {
        Some(e) => format!("{e:+.0}"),
        None if score >= 0.5 => "+inf".into(),
        None => "-inf".into(),
    }
}

impl MatchReport {
    /// The report as plain text.
    pub fn text(&self) -> String {
        use std::fmt::Write as _;
        let mut s = String::new();
        let params: Vec<String> = self
            .params
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        let _ = writeln!(
            s,
            "{}, {}{}: {} against {}, {} games, seats alternating (seed {}{})",
            self.game,
            self.board.shape,
            if params.is_empty() {
                String::new()
            } else {
                format!(" ({})", params.join(", "))
            },
            self.players[0],
            self.players[1],
            self.games,
            self.seed,
            self.time.as_ref().map_or(String::new(), |t| format!(
                ", {} thread{}",
                t.threads,
                if t.threads == 1 { "" } else { "s" }
            ))
        );
        if !self.start_moves.is_empty() {
            let _ = writeln!(s, "start moves: {}", self.start_moves);
        }
        let mut timed: Vec<&str> = self
            .players
            .iter()
            .filter(|p| Player::parse(p).is_ok_and(|p| !p.is_deterministic()))
            .map(String::as_str)
            .collect();
        timed.dedup();
        if !timed.is_empty() {
            let _ = writeln!(
                s,
                "  ({} thinks for a time a move: the games depend on the machine's speed and load)",
                timed.join(" and ")
            );
        }
        let _ = writeln!(s, "\nresults");
        for (k, r) in self.results.iter().enumerate() {
            let _ = writeln!(
                s,
                "  {} ({}) won {}: {} in the first seat, {} in the second",
                r.player,
                if k == 0 { "A" } else { "B" },
                share_text(&r.wins),
                share_text(&r.as_first),
                share_text(&r.as_second)
            );
        }
        if let Some(st) = &self.strength {
            let _ = writeln!(
                s,
                "  strength: A scores {:.1}% (95% CI {:.1}-{:.1}), an Elo difference of {} (95% CI {} to {})",
                100.0 * st.score,
                100.0 * st.ci95[0],
                100.0 * st.ci95[1],
                elo_text(st.elo, st.score),
                elo_text(st.elo_ci95[0], st.ci95[0]),
                elo_text(st.elo_ci95[1], st.ci95[1])
            );
        }
        let _ = writeln!(s, "  wins by seat: {}", shares_text(&self.wins_by_seat));
        let _ = writeln!(s, "  wins by colour: {}", shares_text(&self.wins_by_colour));
        if let Some(sw) = &self.swap {
            let mut after: Vec<&SwapAfter> = sw.after.iter().filter(|a| a.swapped > 0).collect();
            after.sort_by(|a, b| b.swapped.cmp(&a.swapped).then(b.games.cmp(&a.games)));
            let listed: Vec<String> = after
                .iter()
                .take(10)
                .map(|a| format!("{} {} of {}", a.mv, a.swapped, a.games))
                .collect();
            let _ = writeln!(
                s,
                "  swap: taken in {} of {} games ({:.1}%){}",
                sw.taken,
                self.games,
                100.0 * sw.rate,
                if listed.is_empty() {
                    String::new()
                } else {
                    format!(
                        "; after {}{}",
                        listed.join(", "),
                        if after.len() > 10 { ", ..." } else { "" }
                    )
                }
            );
            let _ = writeln!(s, "    with the swap: {}", shares_text(&sw.with_swap));
            let _ = writeln!(s, "    without: {}", shares_text(&sw.without_swap));
        }
        let d = &self.draws;
        let kinds: Vec<String> = d.by_kind.iter().map(|(k, n)| format!("{k} {n}")).collect();
        let _ = writeln!(
            s,
            "  draws: {} ({:.1}%){}",
            d.total,
            100.0 * d.rate,
            if kinds.is_empty() {
                String::new()
            } else {
                format!(": {}", kinds.join(", "))
            }
        );
        for (claim, n) in &d.stopped {
            let _ = writeln!(s, "  stopped by the broken claim \"{claim}\": {n}");
        }
        if d.cut > 0 {
            let _ = writeln!(s, "  cut at {} moves: {}", self.max_plies, d.cut);
        }
        let l = &self.length;
        let _ = writeln!(
            s,
            "\nlength: mean {:.1} moves, median {}, {} to {}",
            l.mean, l.median, l.min, l.max
        );
        if let Some(t) = &self.time {
            let _ = writeln!(
                s,
                "time: {:.1} s; {} {:.4} s a move ({} moves), {} {:.4} s a move ({} moves)",
                t.seconds,
                self.players[0],
                t.seconds_per_move[0],
                t.moves[0],
                self.players[1],
                t.seconds_per_move[1],
                t.moves[1]
            );
        }
        if let Some(g) = self.game_records.first() {
            let _ = writeln!(
                s,
                "every game's moves are in --json; game {} ({}): {}",
                g.game, g.outcome, g.moves
            );
        }
        s
    }
}
