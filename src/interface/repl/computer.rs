//! The computer in a session: it moves when it is its seat's turn, suggests moves,
//! plays itself (`selfplay`), and plays a uniformly random player for `weft play
//! --versus-random`. What it says of a move's chances always comes with the playouts
//! behind it (see `estimate`).

use super::estimate::{estimate, outlook};
use super::session::{count_of, Res};
use super::*;

impl Session {
    /// Lets the computer move while it is its turn, unless that would drop moves
    /// `redo` can replay (the status line then says `ai` lets it move).
    pub(super) fn autoplay(&mut self) -> String {
        let mut out = String::new();
        while let Some(seat) = self.computer {
            let s = self.state();
            if s.is_over() || s.seat_of(s.to_move()) != seat || !self.redo.is_empty() {
                break;
            }
            match self.computer_move(self.budget) {
                Ok(t) => out.push_str(&t),
                Err(e) => {
                    out.push_str(&e);
                    out.push('\n');
                    break;
                }
            }
        }
        out
    }

    /// Searches the position, saying so first where someone is watching.
    pub(super) fn think(&mut self, s: &State, budget: Budget) -> Res<ai::Analysis> {
        if s.is_over() {
            return Err(self.over_message());
        }
        // Marked before the notice, so that Ctrl-C after the notice stops the search.
        let _searching = interrupt::Searching::start();
        if let Some(f) = self.on_thinking.as_mut() {
            f(&format!("thinking ({budget})..."));
        }
        let options = ai::Options {
            budget,
            memory: self.memory,
        };
        let a = ai::search_until(s, options, &mut self.rng, interrupt::flag())
            .ok_or_else(|| self.over_message())?;
        self.interrupted = a.stopped;
        Ok(a)
    }

    /// The computer plays one move for the player to move.
    pub(super) fn computer_move(&mut self, budget: Budget) -> Res<String> {
        let s = self.state().clone();
        let mover = s.to_move();
        let was_swapped = s.swapped();
        let a = self.think(&s, budget)?;
        let next = s
            .play(a.best)
            .map_err(|e| format!("the computer chose an illegal move: {:?}", e.reason))?;
        self.push(a.best, next);
        let best = a.best.to_text(&self.rules);
        let thought = if a.playouts == 0 {
            "its only legal move".to_string()
        } else {
            format!(
                "{} in {}{}; {}",
                count_of(a.playouts as usize, "playout"),
                duration(a.seconds),
                stopped_note(&a),
                outlook(&best, &a)
            )
        };
        let mut out = format!(
            "{} (computer) plays {best}: {thought}\n",
            self.rules.players()[mover],
        );
        let now = self.state();
        if now.swapped() != was_swapped {
            // Say which colour each side has now: the swap exchanged them.
            let seat = now.seat_of(now.to_move());
            if let Some(c) = (0..self.rules.players().len()).find(|&c| now.seat_of(c) != seat) {
                out.push_str(&format!(
                    "the swap exchanged the colours: the computer now plays {}\n",
                    self.rules.players()[c]
                ));
            }
        }
        Ok(out)
    }

    pub(super) fn budget_arg(&self, rest: &str) -> Res<Budget> {
        if rest.is_empty() {
            Ok(self.budget)
        } else {
            Budget::parse(rest)
        }
    }

    pub(super) fn cmd_ai(&mut self, rest: &str) -> Res<String> {
        let budget = self.budget_arg(rest)?;
        let mut out = self.computer_move(budget)?;
        out.push_str(&self.autoplay());
        out.push_str(&self.show());
        Ok(out)
    }

    pub(super) fn cmd_hint(&mut self, rest: &str) -> Res<String> {
        let budget = self.budget_arg(rest)?;
        let s = self.state().clone();
        let a = self.think(&s, budget)?;
        let player = &self.rules.players()[s.to_move()];
        if a.playouts == 0 {
            return Ok(format!(
                "hint for {player}: {} (the only legal move)",
                a.best.to_text(&self.rules)
            ));
        }
        let best: Vec<String> = a
            .moves
            .iter()
            .take(3)
            .map(|m| {
                format!(
                    "{} ({})",
                    m.mv.to_text(&self.rules),
                    estimate(m.value, m.visits)
                )
            })
            .collect();
        Ok(format!(
            "hint for {player}: {}{}",
            best.join(", "),
            stopped_note(&a)
        ))
    }

    /// `selfplay [N]`: the computer plays both sides for N moves (to the end without N);
    /// Ctrl-C stops the search under way and the self-play after that move.
    pub(super) fn cmd_selfplay(&mut self, rest: &str) -> Res<String> {
        let n = if rest.is_empty() {
            usize::MAX
        } else {
            Self::count(rest, "selfplay")?
        };
        if self.state().is_over() {
            return Err(self.over_message());
        }
        let mut out = String::new();
        let mut played = 0;
        self.interrupted = false;
        while played < n && !self.state().is_over() {
            match self.computer_move(self.budget) {
                Ok(t) => out.push_str(&t),
                Err(e) => {
                    out.push_str(&e);
                    out.push('\n');
                    break;
                }
            }
            played += 1;
            if self.interrupted {
                out.push_str("self-play stopped by Ctrl-C\n");
                break;
            }
        }
        out.push_str(&self.show());
        Ok(out)
    }

    /// Gives the computer a player's seat (or none with `off`), without moving yet.
    pub(super) fn set_computer(&mut self, rest: &str) -> Res<String> {
        let players = self.rules.players().to_vec();
        let w = rest.to_ascii_lowercase();
        if w == "off" || w == "none" {
            self.computer = None;
            return Ok("the computer plays no side\n".into());
        }
        let Some(colour) = players.iter().position(|p| p.to_ascii_lowercase() == w) else {
            return Err(format!(
                "`computer` takes a player ({}) or `off`",
                players.join(", ")
            ));
        };
        let seat = self.state().seat_of(colour);
        self.computer = Some(seat);
        Ok(format!(
            "the computer plays {} (the {} seat, kept after a swap), thinking {} a move\n",
            players[colour],
            if seat == 0 { "first" } else { "second" },
            self.budget
        ))
    }

    pub(super) fn cmd_computer(&mut self, rest: &str) -> Res<String> {
        let mut out = self.set_computer(rest)?;
        if self.computer.is_none() {
            return Ok(out);
        }
        out.push_str(&self.autoplay());
        out.push_str(&self.show());
        Ok(out)
    }

    pub(super) fn cmd_budget(&mut self, rest: &str) -> Res<String> {
        if !rest.is_empty() {
            self.budget = Budget::parse(rest)?;
        }
        Ok(format!("the computer thinks for {}", self.budget))
    }
}

/// A short time: `12 ms`, `1.3 s`.
pub(super) fn duration(seconds: f64) -> String {
    if seconds < 0.0001 {
        "under 0.1 ms".into()
    } else if seconds < 1.0 {
        format!("{:.1} ms", seconds * 1000.0)
    } else {
        format!("{seconds:.1} s")
    }
}

/// " (stopped by Ctrl-C)" when the search was cut short.
pub(super) fn stopped_note(a: &ai::Analysis) -> &'static str {
    if a.stopped {
        " (stopped by Ctrl-C)"
    } else {
        ""
    }
}

/// `weft play --versus-random N`: the computer against a uniformly random player from
/// the start position, alternating seats, with the session's budget and seed.
pub fn measure(start: &Start, games: u32, out: &mut impl Write) -> Result<(), ReplError> {
    let (session, _) = Session::start(&Start {
        computer: None,
        ..start.clone()
    })
    .map_err(ReplError::Start)?;
    let options = ai::Options {
        budget: start.budget,
        memory: start.memory,
    };
    let t = ai::versus_random(session.state(), games, options, start.seed);
    writeln!(
        out,
        "{}, {}: the computer ({}) against a uniformly random player, {} games, seats alternating, seed {}\n\
         computer won {} ({:.1}%), random won {}, no winner {}; {:.4}s per computer move over {} moves",
        session.rules.name(),
        session.describe_params(),
        start.budget,
        t.games,
        start.seed,
        t.ai_wins,
        100.0 * t.win_rate(),
        t.random_wins,
        t.other,
        t.seconds_per_move(),
        t.ai_moves
    )?;
    Ok(())
}
