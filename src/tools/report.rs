//! The designer's report of `weft check`: turns a [`Tally`] of random games into
//! figures a person reads to decide whether a variant works (balance, draws,
//! lengths, skips, branching, glyph rejections, coverage, openings, claims with
//! replayable counterexamples), as plain text, as JSON with stable keys, and as a
//! side-by-side comparison of several variants.
//!
//! Every figure here is computed from the tally; nothing in the report depends on
//! the number of threads except the header line and the timing line.

use crate::engine::state::{Move, State};
use crate::rules::Rules;
use crate::tools::playout::{self, claim_names, Example, Plan, Tally};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::time::Instant;

/// A proportion with its 95% confidence interval (Wilson score interval).
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Share {
    /// Who: a colour's name, or `first` / `second` for seats.
    pub name: String,
    pub wins: u64,
    /// Of `games`.
    pub games: u64,
    pub rate: f64,
    pub ci95: [f64; 2],
}

/// The 95% Wilson score interval of `k` successes in `n` trials.
///
/// ```
/// let [lo, hi] = weft::tools::report::wilson(50, 100);
/// assert!((lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3);
/// assert_eq!(weft::tools::report::wilson(0, 0), [0.0, 1.0]);
/// ```
pub fn wilson(k: u64, n: u64) -> [f64; 2] {
    if n == 0 {
        return [0.0, 1.0];
    }
    let z = 1.959_963_985_f64;
    let n = n as f64;
    let p = k as f64 / n;
    let d = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / d;
    let half = z / d * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    [(centre - half).max(0.0), (centre + half).min(1.0)]
}

fn ratio(k: u64, n: u64) -> f64 {
    if n == 0 {
        0.0
    } else {
        k as f64 / n as f64
    }
}

impl Share {
    fn new(name: &str, wins: u64, games: u64) -> Share {
        Share {
            name: name.to_string(),
            wins,
            games,
            rate: ratio(wins, games),
            ci95: wilson(wins, games),
        }
    }
}

const SEATS: [&str; 2] = ["first", "second"];

fn seat_name(i: usize) -> String {
    SEATS
        .get(i)
        .map_or_else(|| format!("seat {}", i + 1), |s| s.to_string())
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct BoardInfo {
    /// In words: `9x9`, `hexagon of side 7`, `11x11 rhombus`.
    pub shape: String,
    pub width: usize,
    pub height: usize,
    pub cells: usize,
}

/// Wins by seat split by whether the swap was used.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct SwapReport {
    /// Games in which the second player swapped.
    pub used: u64,
    pub rate: f64,
    pub with_swap: Vec<Share>,
    pub without_swap: Vec<Share>,
}

/// How the first seat fares in decisive games.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Balance {
    /// Games with a winner.
    pub decisive: u64,
    /// The first seat's share of them, with its interval.
    pub first_seat: Share,
    /// `first_seat.rate - 0.5`: positive favours the first seat.
    pub advantage: f64,
    /// Whether the interval leaves out one half.
    pub significant: bool,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Draws {
    pub total: u64,
    pub rate: f64,
    /// By kind, in words (`deadlock`, `ply limit`, and any kind the core adds).
    pub by_kind: BTreeMap<String, u64>,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Bin {
    /// Lengths `from..=to`.
    pub from: u32,
    pub to: u32,
    pub games: u64,
}

/// Game length in moves (start moves, passes and the swap included).
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Length {
    pub mean: f64,
    pub median: u32,
    pub min: u32,
    pub max: u32,
    pub histogram: Vec<Bin>,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Turns {
    /// Random moves played in the run.
    pub moves: u64,
    /// `pass` moves among them.
    pub passes: u64,
    /// Turns at which the player to move had no legal move and passed (skipped).
    pub forced_passes: u64,
    pub forced_pass_rate: f64,
    pub games_with_forced_pass: u64,
    /// Games that ended because the player to move had no legal move.
    pub stuck_endings: u64,
    /// Turns at which the player to move had no legal move, skipped or final.
    pub no_legal_move: u64,
}

/// Mean legal moves per turn, over the detailed games.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Branching {
    pub games: u64,
    pub turns: u64,
    pub mean: f64,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct GlyphRejections {
    pub glyph: String,
    pub rejected: u64,
    /// Of the candidates.
    pub rate: f64,
    pub per_turn: f64,
}

/// Candidate placements rejected, over every empty point at every turn of the
/// detailed games, for the player to move.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Rejections {
    pub games: u64,
    pub turns: u64,
    pub candidates: u64,
    pub by_glyph: Vec<GlyphRejections>,
    pub other: u64,
}

/// Points ever occupied in the detailed games.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Coverage {
    pub games: u64,
    /// Mean share of the board's points occupied at some time in a game.
    pub mean: f64,
    pub cells: usize,
    /// Points no detailed game ever occupied.
    pub never_used: Vec<String>,
}

/// The first random move of a game and how the player who made it fared.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct FirstMove {
    #[serde(rename = "move")]
    pub mv: String,
    pub games: u64,
    /// Games won by the seat that made this move.
    pub mover_wins: u64,
    pub rate: f64,
}

/// A game kept as an example, with its moves from the initial position in the
/// notation `weft play --moves` and `weft replay --moves` accept.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct GameExample {
    /// The game's index in the run.
    pub game: u64,
    /// The run's seed (the game's generator is derived from seed and index).
    pub seed: u64,
    pub length: u32,
    /// The move (1-based) at which the claim broke.
    pub broken_at: u32,
    pub outcome: String,
    pub moves: String,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct ClaimReport {
    pub claim: String,
    /// Games checked.
    pub games: u64,
    pub broken: u64,
    /// The shortest games that broke it.
    pub examples: Vec<GameExample>,
}

/// Everything `weft check` reports. The JSON form (`--json`) is this struct.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Report {
    pub game: String,
    pub file: String,
    pub params: BTreeMap<String, i64>,
    pub board: BoardInfo,
    /// Moves played before the random games start (`--moves`).
    pub start_moves: String,
    pub swap_rule: bool,
    pub seed: u64,
    pub threads: usize,
    pub games: u64,
    pub wins_by_colour: Vec<Share>,
    pub wins_by_seat: Vec<Share>,
    /// Present when the rules have the swap.
    pub swap: Option<SwapReport>,
    pub balance: Balance,
    pub draws: Draws,
    /// Games stopped by a broken rule-claim (`no move: impossible`), by claim.
    pub stopped: BTreeMap<String, u64>,
    /// Games cut at `--max-plies` (still going).
    pub cut: u64,
    pub max_plies: u32,
    /// Share of games that ended by the rules: not cut, not stopped by a broken
    /// claim, not drawn by a ply limit.
    pub completion: f64,
    pub length: Length,
    pub turns: Turns,
    pub branching: Branching,
    pub rejections: Rejections,
    pub coverage: Coverage,
    pub first_moves: Vec<FirstMove>,
    pub claims: Vec<ClaimReport>,
    /// Games that broke at least one claim.
    pub broken_games: u64,
    pub shortest: Option<GameExample>,
    pub seconds: f64,
    pub playouts_per_second: f64,
}

/// Where a report comes from, besides the tally.
#[derive(Debug, Clone)]
pub struct Meta {
    pub file: String,
    pub start_moves: String,
    pub seconds: f64,
}

fn moves_text(start_moves: &str, moves: &[Move], rules: &Rules) -> String {
    let mut words: Vec<String> = start_moves.split_whitespace().map(String::from).collect();
    words.extend(moves.iter().map(|m| m.to_text(rules)));
    words.join(" ")
}

fn game_example(e: &Example, seed: u64, start_moves: &str, rules: &Rules) -> GameExample {
    GameExample {
        game: e.game,
        seed,
        length: e.length,
        broken_at: e.broken_at,
        outcome: e.end.describe(rules),
        moves: moves_text(start_moves, &e.moves, rules),
    }
}

fn length_report(lengths: &[u64]) -> Length {
    let games: u64 = lengths.iter().sum();
    let total: u64 = lengths.iter().enumerate().map(|(n, k)| n as u64 * k).sum();
    let min = lengths.iter().position(|&k| k > 0).unwrap_or(0) as u32;
    let max = lengths.iter().rposition(|&k| k > 0).unwrap_or(0) as u32;
    let mut seen = 0;
    let mut median = 0;
    for (n, k) in lengths.iter().enumerate() {
        seen += k;
        if games > 0 && 2 * seen >= games {
            median = n as u32;
            break;
        }
    }
    let mut histogram = Vec::new();
    if games > 0 {
        let width = (max - min + 1).div_ceil(10).max(1);
        let mut from = min;
        while from <= max {
            let to = (from + width - 1).min(max);
            let k = lengths[from as usize..=to as usize].iter().sum();
            histogram.push(Bin { from, to, games: k });
            from = to + 1;
        }
    }
    Length {
        mean: ratio(total, games),
        median,
        min,
        max,
        histogram,
    }
}

impl Report {
    /// Builds the report of a run.
    pub fn build(start: &State, plan: &Plan, t: &Tally, meta: &Meta) -> Report {
        let rules = start.rules();
        let b = rules.board();
        let players = rules.players();
        let games = t.games;
        let wins_by_colour = players
            .iter()
            .enumerate()
            .map(|(i, p)| Share::new(p, t.wins_by_colour[i], games))
            .collect();
        let wins_by_seat = (0..players.len())
            .map(|i| Share::new(&seat_name(i), t.wins_by_seat[i], games))
            .collect();
        let swap = rules.has_swap().then(|| SwapReport {
            used: t.swapped_games,
            rate: ratio(t.swapped_games, games),
            with_swap: (0..players.len())
                .map(|i| Share::new(&seat_name(i), t.wins_by_seat_swapped[i], t.swapped_games))
                .collect(),
            without_swap: (0..players.len())
                .map(|i| {
                    Share::new(
                        &seat_name(i),
                        t.wins_by_seat[i] - t.wins_by_seat_swapped[i],
                        games - t.swapped_games,
                    )
                })
                .collect(),
        });
        let decisive: u64 = t.wins_by_seat.iter().sum();
        let first_seat = Share::new("first", t.wins_by_seat[0], decisive);
        let balance = Balance {
            decisive,
            advantage: if decisive == 0 {
                0.0
            } else {
                first_seat.rate - 0.5
            },
            significant: decisive > 0 && (first_seat.ci95[0] > 0.5 || first_seat.ci95[1] < 0.5),
            first_seat,
        };
        let draws_total: u64 = t.draws.values().sum();
        let stopped_total: u64 = t.stopped.values().sum();
        let ply_limit = t.draws.get("ply limit").copied().unwrap_or(0);
        let d = &t.detail;
        let glyphs = rules.glyphs();
        let by_glyph = glyphs
            .iter()
            .zip(&d.rejected_by_glyph)
            .map(|(g, &k)| GlyphRejections {
                glyph: g.name.clone(),
                rejected: k,
                rate: ratio(k, d.candidates),
                per_turn: ratio(k, d.turns),
            })
            .collect();
        let never_used = if d.games == 0 {
            Vec::new()
        } else {
            b.cells()
                .zip(&d.covered_by_cell)
                .filter(|(_, k)| **k == 0)
                .map(|(c, _)| b.cell_name(c))
                .collect()
        };
        let mover_first: Vec<FirstMove> = t
            .first_moves
            .iter()
            .map(|(m, &(n, w))| FirstMove {
                mv: m.to_text(rules),
                games: n,
                mover_wins: w,
                rate: ratio(w, n),
            })
            .collect();
        let claims = claim_order(rules, t)
            .into_iter()
            .map(|name| {
                let c = t.claims.get(&name).cloned().unwrap_or_default();
                ClaimReport {
                    claim: name,
                    games,
                    broken: c.broken,
                    examples: c
                        .examples
                        .iter()
                        .map(|e| game_example(e, plan.seed, &meta.start_moves, rules))
                        .collect(),
                }
            })
            .collect();
        Report {
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
            seed: plan.seed,
            threads: plan.threads,
            games,
            wins_by_colour,
            wins_by_seat,
            swap,
            balance,
            draws: Draws {
                total: draws_total,
                rate: ratio(draws_total, games),
                by_kind: t.draws.clone(),
            },
            stopped: t.stopped.clone(),
            cut: t.cut,
            max_plies: plan.max_plies,
            completion: ratio(games - t.cut - stopped_total - ply_limit, games),
            length: length_report(&t.lengths),
            turns: Turns {
                moves: t.turns,
                passes: t.passes,
                forced_passes: t.forced_passes,
                forced_pass_rate: ratio(t.forced_passes, t.turns),
                games_with_forced_pass: t.games_with_forced_pass,
                stuck_endings: t.stuck_endings,
                no_legal_move: t.forced_passes + t.stuck_endings,
            },
            branching: Branching {
                games: d.games,
                turns: d.turns,
                mean: ratio(d.legal_moves, d.turns),
            },
            rejections: Rejections {
                games: d.games,
                turns: d.turns,
                candidates: d.candidates,
                by_glyph,
                other: d.rejected_other,
            },
            coverage: Coverage {
                games: d.games,
                mean: ratio(d.covered, d.games * b.len() as u64),
                cells: b.len(),
                never_used,
            },
            first_moves: mover_first,
            claims,
            broken_games: t.broken_games,
            shortest: t
                .shortest
                .as_ref()
                .map(|e| game_example(e, plan.seed, &meta.start_moves, rules)),
            seconds: meta.seconds,
            playouts_per_second: ratio(games, 1) / meta.seconds.max(1e-9),
        }
    }

    /// The report as plain text.
    pub fn text(&self) -> String {
        let mut s = String::new();
        self.write_text(&mut s).expect("writing to a String");
        s
    }

    fn write_text(&self, s: &mut String) -> std::fmt::Result {
        let pct = |x: f64| 100.0 * x;
        let share = |sh: &Share| {
            format!(
                "{} {} ({:.1}%, 95% CI {:.1}-{:.1})",
                sh.name,
                sh.wins,
                pct(sh.rate),
                pct(sh.ci95[0]),
                pct(sh.ci95[1])
            )
        };
        let shares = |v: &[Share]| v.iter().map(share).collect::<Vec<_>>().join(", ");
        let params: Vec<String> = self
            .params
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        writeln!(
            s,
            "{}, {}{}, {} random games (seed {}, {} thread{})",
            self.game,
            self.board.shape,
            if params.is_empty() {
                String::new()
            } else {
                format!(" ({})", params.join(", "))
            },
            self.games,
            self.seed,
            self.threads,
            if self.threads == 1 { "" } else { "s" }
        )?;
        if !self.start_moves.is_empty() {
            writeln!(s, "start moves: {}", self.start_moves)?;
        }
        writeln!(s, "\nresults")?;
        writeln!(s, "  wins by colour: {}", shares(&self.wins_by_colour))?;
        writeln!(s, "  wins by seat: {}", shares(&self.wins_by_seat))?;
        if let Some(sw) = &self.swap {
            writeln!(
                s,
                "  swap used: {} games ({:.1}%; random play takes the swap like any move)",
                sw.used,
                pct(sw.rate)
            )?;
            writeln!(s, "    with swap: {}", shares(&sw.with_swap))?;
            writeln!(s, "    without swap: {}", shares(&sw.without_swap))?;
        }
        let bal = &self.balance;
        writeln!(
            s,
            "  balance: the first seat wins {:.1}% of {} decisive games (95% CI {:.1}-{:.1}): {}",
            pct(bal.first_seat.rate),
            bal.decisive,
            pct(bal.first_seat.ci95[0]),
            pct(bal.first_seat.ci95[1]),
            if bal.decisive == 0 {
                "no decisive game".to_string()
            } else if bal.significant {
                format!(
                    "{} seat favoured by {:.1} points",
                    if bal.advantage > 0.0 {
                        "first"
                    } else {
                        "second"
                    },
                    pct(bal.advantage.abs())
                )
            } else {
                "no significant advantage".to_string()
            }
        )?;
        let kinds: Vec<String> = self
            .draws
            .by_kind
            .iter()
            .map(|(k, v)| format!("{k} {v}"))
            .collect();
        writeln!(
            s,
            "  draws: {} ({:.1}%){}",
            self.draws.total,
            pct(self.draws.rate),
            if kinds.is_empty() {
                String::new()
            } else {
                format!(": {}", kinds.join(", "))
            }
        )?;
        for (claim, k) in &self.stopped {
            writeln!(s, "  stopped by the broken claim \"{claim}\": {k}")?;
        }
        if self.cut > 0 {
            writeln!(
                s,
                "  cut at {} moves (still going): {}",
                self.max_plies, self.cut
            )?;
        }
        writeln!(
            s,
            "  completion: {:.1}% (ended by the rules: not cut, not stopped by a broken claim, no ply-limit draw)",
            pct(self.completion)
        )?;

        let l = &self.length;
        writeln!(s, "\nlength (moves, passes and swap included)")?;
        writeln!(
            s,
            "  mean length: {:.1} moves, median {}, min {}, max {}",
            l.mean, l.median, l.min, l.max
        )?;
        let top = l.histogram.iter().map(|b| b.games).max().unwrap_or(0);
        for b in &l.histogram {
            let bar = (b.games * 40).div_ceil(top.max(1)) as usize;
            writeln!(
                s,
                "  {:>5}-{:<5} {:<40} {}",
                b.from,
                b.to,
                "#".repeat(bar),
                b.games
            )?;
        }

        let t = &self.turns;
        writeln!(s, "\nturns")?;
        writeln!(
            s,
            "  skipped turns: {} in {} games ({:.2}% of {} random moves; a skip is a forced pass)",
            t.forced_passes,
            t.games_with_forced_pass,
            pct(t.forced_pass_rate),
            t.moves
        )?;
        writeln!(
            s,
            "  no legal move for the player to move: {} times ({} skipped turns, {} games ended so)",
            t.no_legal_move, t.forced_passes, t.stuck_endings
        )?;
        let br = &self.branching;
        if br.games == 0 {
            writeln!(s, "  branching factor: not measured (--detailed 0)")?;
        } else {
            writeln!(
                s,
                "  branching factor: {:.1} legal moves per turn (every turn of {} detailed games, {} turns)",
                br.mean, br.games, br.turns
            )?;
        }

        let r = &self.rejections;
        if !r.by_glyph.is_empty() && r.games > 0 {
            writeln!(
                s,
                "\nrejections (every empty point at every turn of the {} detailed games, for the player to move: {} candidates; a point rejected by several glyphs counts for the first in the file)",
                r.games, r.candidates
            )?;
            for g in &r.by_glyph {
                writeln!(
                    s,
                    "  \"{}\": {} ({:.1}% of candidates, {:.1} per turn)",
                    g.glyph,
                    g.rejected,
                    pct(g.rate),
                    g.per_turn
                )?;
            }
            if r.other > 0 {
                writeln!(s, "  other reasons: {}", r.other)?;
            }
        }

        let c = &self.coverage;
        writeln!(s, "\nboard")?;
        if c.games == 0 {
            writeln!(s, "  coverage: not measured (--detailed 0)")?;
        } else {
            writeln!(
                s,
                "  coverage: {:.1}% of the {} points occupied at some time in a game (mean of {} detailed games)",
                pct(c.mean),
                c.cells,
                c.games
            )?;
            if c.never_used.is_empty() {
                writeln!(s, "  every point was used in some detailed game")?;
            } else {
                writeln!(
                    s,
                    "  never used in a detailed game: {}",
                    c.never_used.join(" ")
                )?;
            }
        }
        self.write_heatmap(s)?;

        writeln!(s, "\nclaims")?;
        writeln!(s, "  broken claims: {} games", self.broken_games)?;
        if self.claims.is_empty() {
            writeln!(
                s,
                "  the rule file states no claim (`claim: no draws`, `claim: no passes`, `claim: length at most N`, `no move: impossible`)"
            )?;
        }
        for c in &self.claims {
            if c.broken == 0 {
                writeln!(s, "  \"{}\": held in all {} games", c.claim, c.games)?;
                continue;
            }
            writeln!(
                s,
                "  \"{}\": BROKEN in {} of {} games ({:.2}%); the shortest:",
                c.claim,
                c.broken,
                c.games,
                pct(ratio(c.broken, c.games))
            )?;
            for e in &c.examples {
                writeln!(
                    s,
                    "    game {} of seed {}, {} moves, broken at move {} ({}):",
                    e.game, e.seed, e.length, e.broken_at, e.outcome
                )?;
                writeln!(s, "      --moves \"{}\"", e.moves)?;
            }
        }
        if let Some(e) = &self.shortest {
            writeln!(
                s,
                "\nshortest game: {} moves, game {} of seed {} ({})",
                e.length, e.game, e.seed, e.outcome
            )?;
            writeln!(s, "  moves: {}", e.moves)?;
        }
        writeln!(
            s,
            "\ntime: {:.2} s, {:.0} playouts/s{}",
            self.seconds,
            self.playouts_per_second,
            if self.branching.games > 0 {
                format!(
                    " (the {} detailed games included; --detailed 0 for raw speed)",
                    self.branching.games
                )
            } else {
                String::new()
            }
        )
    }

    /// The first moves as a board: each point shows the win % of the seat that
    /// opened there (`.`: no game opened there).
    fn write_heatmap(&self, s: &mut String) -> std::fmt::Result {
        if self.first_moves.is_empty() {
            return Ok(());
        }
        let counts: Vec<u64> = self.first_moves.iter().map(|f| f.games).collect();
        writeln!(
            s,
            "  first moves: win % of the seat that made the first random move, by its point ({} distinct, {}-{} games each)",
            counts.len(),
            counts.iter().min().unwrap_or(&0),
            counts.iter().max().unwrap_or(&0)
        )?;
        let mut grid: BTreeMap<(usize, usize), &FirstMove> = BTreeMap::new();
        let mut others = Vec::new();
        for f in &self.first_moves {
            match parse_point(&f.mv) {
                Some((x, y)) if x < self.board.width && y < self.board.height => {
                    grid.insert((y, x), f);
                }
                _ => others.push(f),
            }
        }
        if !grid.is_empty() {
            for y in (0..self.board.height).rev() {
                let mut line = format!("  {:>4} ", y + 1);
                for x in 0..self.board.width {
                    match grid.get(&(y, x)) {
                        Some(f) => write!(line, "{:>4}", (100.0 * f.rate).round() as u32)?,
                        None => line.push_str("   ."),
                    }
                }
                writeln!(s, "{}", line.trim_end())?;
            }
            let mut cols = String::from("       ");
            for x in 0..self.board.width {
                write!(cols, "{:>4}", column(x))?;
            }
            writeln!(s, "{cols}")?;
        }
        for f in others {
            writeln!(
                s,
                "    {}: {} games, mover wins {:.1}%",
                f.mv,
                f.games,
                100.0 * f.rate
            )?;
        }
        Ok(())
    }

    /// One column of a comparison: the main figures.
    fn main_figures(&self) -> Vec<(&'static str, String)> {
        let pct = |x: f64| format!("{:.1}%", 100.0 * x);
        let ci = |sh: &Share| {
            format!(
                "{:.1}% [{:.1}-{:.1}]",
                100.0 * sh.rate,
                100.0 * sh.ci95[0],
                100.0 * sh.ci95[1]
            )
        };
        let first_colour = self
            .wins_by_colour
            .first()
            .map_or("-".to_string(), |c| format!("{} {}", c.name, ci(c)));
        vec![
            ("file", self.file.clone()),
            ("game", self.game.clone()),
            ("board", self.board.shape.clone()),
            ("games", self.games.to_string()),
            ("first seat wins", ci(&self.wins_by_seat[0])),
            (
                "second seat wins",
                self.wins_by_seat.get(1).map_or("-".into(), ci),
            ),
            ("first colour wins", first_colour),
            (
                "swap used",
                self.swap
                    .as_ref()
                    .map_or("no swap rule".into(), |s| pct(s.rate)),
            ),
            ("draws", pct(self.draws.rate)),
            ("completion", pct(self.completion)),
            ("mean length", format!("{:.1}", self.length.mean)),
            (
                "median (min-max)",
                format!(
                    "{} ({}-{})",
                    self.length.median, self.length.min, self.length.max
                ),
            ),
            (
                "skipped turns",
                format!(
                    "{} in {} games",
                    self.turns.forced_passes, self.turns.games_with_forced_pass
                ),
            ),
            ("branching", format!("{:.1}", self.branching.mean)),
            ("coverage", pct(self.coverage.mean)),
            (
                "claims broken",
                format!(
                    "{} of {} ({} games)",
                    self.claims.iter().filter(|c| c.broken > 0).count(),
                    self.claims.len(),
                    self.broken_games
                ),
            ),
            (
                "shortest game",
                self.shortest
                    .as_ref()
                    .map_or("-".into(), |e| e.length.to_string()),
            ),
            ("playouts/s", format!("{:.0}", self.playouts_per_second)),
        ]
    }
}

/// The main figures of several reports side by side.
pub fn compare(reports: &[Report]) -> String {
    let columns: Vec<Vec<(&str, String)>> = reports.iter().map(Report::main_figures).collect();
    let Some(first) = columns.first() else {
        return String::new();
    };
    let label = first.iter().map(|(k, _)| k.len()).max().unwrap_or(0);
    let widths: Vec<usize> = columns
        .iter()
        .map(|c| c.iter().map(|(_, v)| v.chars().count()).max().unwrap_or(0))
        .collect();
    let mut s = String::new();
    for (row, (name, _)) in first.iter().enumerate() {
        let mut line = format!("{name:<label$}");
        for (c, w) in columns.iter().zip(&widths) {
            let v = c.get(row).map_or("", |(_, v)| v.as_str());
            line.push_str(&format!("  {v:<w$}"));
        }
        s.push_str(line.trim_end());
        s.push('\n');
    }
    s
}

/// The claims in report order: the rule file's (see [`claim_names`]), then any
/// other claim a stopped game named.
fn claim_order(rules: &Rules, t: &Tally) -> Vec<String> {
    let mut v = claim_names(rules);
    for name in t.claims.keys() {
        if !v.contains(name) {
            v.push(name.clone());
        }
    }
    v
}

/// The column letters of column `x` (`a`, ..., `z`, `aa`, ...).
fn column(mut x: usize) -> String {
    let mut s = Vec::new();
    loop {
        s.push(b'a' + (x % 26) as u8);
        if x < 26 {
            break;
        }
        x = x / 26 - 1;
    }
    s.reverse();
    String::from_utf8(s).unwrap_or_default()
}

/// The `(column, row)` of a point written as in the notation (`c4` is (2, 3)).
fn parse_point(name: &str) -> Option<(usize, usize)> {
    let split = name.find(|c: char| c.is_ascii_digit())?;
    let (letters, digits) = name.split_at(split);
    if letters.is_empty() || !letters.bytes().all(|b| b.is_ascii_lowercase()) {
        return None;
    }
    let mut x = 0usize;
    for b in letters.bytes() {
        x = x.checked_mul(26)?.checked_add((b - b'a') as usize + 1)?;
    }
    let y: usize = digits.parse().ok()?;
    (y > 0).then(|| (x - 1, y - 1))
}

/// Runs a check: plays the games of `plan` from `start` (with a progress bar on
/// stderr when it is a terminal and `progress` is set) and builds the report.
pub fn check(start: &State, plan: &Plan, file: &str, start_moves: &str, progress: bool) -> Report {
    let bar = if progress {
        indicatif::ProgressBar::new(plan.games)
    } else {
        indicatif::ProgressBar::hidden()
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} games, {eta} left")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    bar.set_message(start.rules().name().to_string());
    let t0 = Instant::now();
    let tally = playout::run(start, plan, &|n| bar.inc(n));
    let seconds = t0.elapsed().as_secs_f64();
    bar.finish_and_clear();
    Report::build(
        start,
        plan,
        &tally,
        &Meta {
            file: file.to_string(),
            start_moves: start_moves.to_string(),
            seconds,
        },
    )
}
