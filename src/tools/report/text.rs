//! The report as plain text, one function per section; the order of the sections is
//! [`CheckReport::text`]'s.

use super::*;
use crate::rules::board::{column_name, parse_coordinates};
use std::fmt::Write as _;

/// A proportion as a percentage.
fn pct(x: f64) -> f64 {
    100.0 * x
}

/// `name wins (rate%, 95% CI lo-hi)`.
fn share(sh: &Share) -> String {
    format!(
        "{} {} ({:.1}%, 95% CI {:.1}-{:.1})",
        sh.name,
        sh.wins,
        pct(sh.rate),
        pct(sh.ci95[0]),
        pct(sh.ci95[1])
    )
}

/// Several shares on a line.
fn shares(v: &[Share]) -> String {
    v.iter().map(share).collect::<Vec<_>>().join(", ")
}

impl CheckReport {
    /// The report as plain text.
    pub fn text(&self) -> String {
        let mut s = String::new();
        for section in [
            Self::header,
            Self::results,
            Self::length,
            Self::turns,
            Self::rejections,
            Self::board,
            Self::claims,
            Self::footer,
        ] {
            section(self, &mut s).expect("writing to a String");
        }
        s
    }

    /// The title line: game, board, parameters, games, seed, threads.
    fn header(&self, s: &mut String) -> std::fmt::Result {
        let params: Vec<String> = self
            .params
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        writeln!(
            s,
            "{}, {}{}, {} random games (seed {}{})",
            self.game,
            self.board.shape,
            if params.is_empty() {
                String::new()
            } else {
                format!(" ({})", params.join(", "))
            },
            self.games,
            self.seed,
            match self.threads {
                Some(1) => ", 1 thread".to_string(),
                Some(n) => format!(", {n} threads"),
                None => String::new(),
            }
        )?;
        if !self.start_moves.is_empty() {
            writeln!(s, "start moves: {}", self.start_moves)?;
        }
        Ok(())
    }

    /// Wins by colour and by seat, the swap, the balance, draws, stops, cuts, completion.
    fn results(&self, s: &mut String) -> std::fmt::Result {
        writeln!(s, "\nresults")?;
        writeln!(s, "  wins by colour: {}", shares(&self.wins_by_colour))?;
        writeln!(s, "  wins by seat: {}", shares(&self.wins_by_seat))?;
        if !self.wins_by_ending.is_empty() {
            let endings: Vec<String> = self
                .wins_by_ending
                .iter()
                .map(|sh| format!("`{}` {}", sh.name, share(sh).split_off(sh.name.len() + 1)))
                .collect();
            writeln!(s, "  wins by ending: {}", endings.join(", "))?;
        }
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
        Ok(())
    }

    /// Game lengths, with a histogram.
    fn length(&self, s: &mut String) -> std::fmt::Result {
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
        Ok(())
    }

    /// Skipped turns, positions without a legal move, the branching factor.
    fn turns(&self, s: &mut String) -> std::fmt::Result {
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
        Ok(())
    }

    /// Each glyph's rejections in the detailed games.
    fn rejections(&self, s: &mut String) -> std::fmt::Result {
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
        Ok(())
    }

    /// Coverage of the board, and the first moves' heatmap.
    fn board(&self, s: &mut String) -> std::fmt::Result {
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
        Ok(())
    }

    /// Each claim, held or broken with its shortest counterexamples.
    fn claims(&self, s: &mut String) -> std::fmt::Result {
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
        Ok(())
    }

    /// The shortest game and the time taken.
    fn footer(&self, s: &mut String) -> std::fmt::Result {
        if let Some(e) = &self.shortest {
            writeln!(
                s,
                "\nshortest game: {} moves, game {} of seed {} ({})",
                e.length, e.game, e.seed, e.outcome
            )?;
            writeln!(s, "  moves: {}", e.moves)?;
        }
        let (Some(seconds), Some(speed)) = (self.seconds, self.playouts_per_second) else {
            return Ok(());
        };
        writeln!(
            s,
            "\ntime: {:.2} s, {:.0} playouts/s{}",
            seconds,
            speed,
            if self.branching.games > 0 {
                format!(
                    " (the {} detailed games included; --detailed 0 for raw speed)",
                    self.branching.games
                )
            } else {
                String::new()
            }
        )?;
        Ok(())
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
            match parse_coordinates(&f.mv).map(|(x, y)| (x as usize, y as usize)) {
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
                write!(cols, "{:>4}", column_name(x))?;
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
}
