//! The commands that move through the game: moves, why, undo, redo, new, size, set,
//! random, history, quit.

use super::session::Res;
use super::*;

/// Words joined by spaces in lines of at most `width` characters, each indented.
pub(super) fn wrap(words: &[String], width: usize, indent: &str) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.len() + 1 + w.len() > width {
            out.push_str(indent);
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(w);
    }
    if !line.is_empty() {
        out.push_str(indent);
        out.push_str(&line);
        out.push('\n');
    }
    out
}

impl Session {
    pub(super) fn over_message(&self) -> String {
        match self.state().outcome() {
            Some(o) => format!(
                "the game is over ({}): `undo` takes back, `new` starts again",
                describe_outcome(o, &self.rules)
            ),
            None => "there is no legal move".into(),
        }
    }

    pub(super) fn cmd_moves(&self) -> String {
        let s = self.state();
        let moves: Vec<String> = s
            .legal_moves()
            .iter()
            .map(|m| m.to_text(&self.rules))
            .collect();
        if moves.is_empty() {
            return format!("no legal moves: {}", self.over_message());
        }
        format!(
            "{} legal move{} for {}:\n{}",
            moves.len(),
            if moves.len() == 1 { "" } else { "s" },
            self.rules.players()[s.to_move()],
            wrap(&moves, 72, "  ")
        )
    }

    pub(super) fn cmd_why(&self, rest: &str) -> Res<String> {
        if rest.is_empty() {
            return Err("`why` takes a move, e.g. `why e5`".into());
        }
        let mv = Move::parse(rest, &self.rules).map_err(|e| e.to_string())?;
        let text = mv.to_text(&self.rules);
        Ok(match self.state().is_legal(mv) {
            Ok(()) => format!("{text} is legal"),
            Err(e) => format!("{text} is illegal: {}", e.describe(&self.rules)),
        })
    }

    pub(super) fn count(rest: &str, what: &str) -> Res<usize> {
        if rest.is_empty() {
            return Ok(1);
        }
        match rest.parse::<usize>() {
            Ok(n) if n >= 1 => Ok(n),
            _ => Err(format!(
                "`{what}` takes a number of moves (1 or more), not `{rest}`"
            )),
        }
    }

    pub(super) fn cmd_undo(&mut self, rest: &str) -> Res<String> {
        let n = Self::count(rest, "undo")?;
        if self.moves.is_empty() {
            return Err("nothing to undo: this is the start of the game".into());
        }
        let mut taken = Vec::new();
        for _ in 0..n {
            if self.moves.is_empty() {
                break;
            }
            self.take_back(&mut taken);
            // Against the computer, go back to a position where the person is to move.
            while let Some(seat) = self.computer {
                let s = self.state();
                if self.moves.is_empty() || s.seat_of(s.to_move()) != seat {
                    break;
                }
                self.take_back(&mut taken);
            }
        }
        Ok(format!("took back {}\n{}", taken.join(" "), self.show()))
    }

    pub(super) fn take_back(&mut self, taken: &mut Vec<String>) {
        if let Some(mv) = self.moves.pop() {
            self.states.pop();
            let text = mv.to_text(&self.rules);
            taken.push(text.clone());
            self.redo.push(text);
        }
    }

    pub(super) fn cmd_redo(&mut self, rest: &str) -> Res<String> {
        let n = Self::count(rest, "redo")?;
        if self.redo.is_empty() {
            return Err("nothing to redo".into());
        }
        let mut done = Vec::new();
        let mut problem = None;
        for _ in 0..n {
            let Some(text) = self.redo.last().cloned() else {
                break;
            };
            let rules = self.rules.clone();
            let played = Move::parse(&text, &rules)
                .map_err(|e| e.to_string())
                .and_then(|mv| {
                    self.state()
                        .clone()
                        .play(mv)
                        .map(|next| (mv, next))
                        .map_err(|e| e.reason.describe(&rules))
                });
            match played {
                Ok((mv, next)) => {
                    self.push(mv, next);
                    done.push(text);
                }
                Err(e) => {
                    problem = Some(format!("cannot redo {text}: {e}"));
                    break;
                }
            }
        }
        if done.is_empty() {
            return Err(problem.unwrap_or_default());
        }
        let mut out = format!("replayed {}\n", done.join(" "));
        if let Some(p) = problem {
            out.push_str(&p);
            out.push('\n');
        }
        out.push_str(&self.show());
        Ok(out)
    }

    pub(super) fn cmd_new(&mut self) -> Res<String> {
        let had = self.moves.len();
        self.restart();
        let mut out = String::from("new game");
        if had > 0 {
            out.push_str(&format!(
                " (`redo {had}` replays the {had} moves taken back)"
            ));
        }
        out.push('\n');
        out.push_str(&self.autoplay());
        out.push_str(&self.show());
        Ok(out)
    }

    pub(super) fn cmd_size(&mut self, rest: &str) -> Res<String> {
        let n: i64 = rest.parse().map_err(|_| {
            if rest.is_empty() {
                "`size` takes a whole number, e.g. `size 7`".to_string()
            } else {
                format!("`size` takes a whole number, e.g. `size 7`, not `{rest}`")
            }
        })?;
        let mut o = self.overrides.clone();
        o.size = Some(n);
        self.restart_with(o)
            .map_err(|e| e.one_line(&format!("`size {rest}`")))
    }

    pub(super) fn cmd_set(&mut self, rest: &str) -> Res<String> {
        if rest.is_empty() {
            let ps: Vec<String> = self
                .rules
                .params()
                .iter()
                .map(|p| format!("{}={} ({})", p.name, p.value, p.range_words()))
                .collect();
            return Err(if ps.is_empty() {
                "this game has no parameters".into()
            } else {
                format!("`set` takes NAME=VALUE; the parameters: {}", ps.join(", "))
            });
        }
        let words: Vec<String> = rest.split_whitespace().map(String::from).collect();
        let new = Overrides::from_sets(&words, None).map_err(|e| e.replace("--set", "`set`"))?;
        let mut o = self.overrides.clone();
        for (k, v) in new.sets {
            o.sets.retain(|(name, _)| *name != k);
            o.sets.push((k, v));
        }
        self.restart_with(o)
            .map_err(|e| e.one_line(&format!("`set {rest}`")))
    }

    pub(super) fn cmd_random(&mut self, rest: &str) -> Res<String> {
        let n = Self::count(rest, "random")?;
        if self.state().is_over() {
            return Err(self.over_message());
        }
        let mut played = Vec::new();
        for _ in 0..n {
            let mut s = self.state().clone();
            let Some(mv) = s.random_move(&mut self.rng) else {
                break;
            };
            let next = self
                .state()
                .clone()
                .play(mv)
                .map_err(|e| format!("a random move was illegal: {:?}", e.reason))?;
            played.push(mv.to_text(&self.rules));
            self.push(mv, next);
        }
        let list = if played.len() <= 12 {
            format!(" {}\n", played.join(" "))
        } else {
            format!("\n{}", wrap(&played, 72, "  "))
        };
        Ok(format!(
            "played {} random move{}:{list}{}",
            played.len(),
            if played.len() == 1 { "" } else { "s" },
            self.show()
        ))
    }

    pub(super) fn cmd_history(&self) -> String {
        if self.moves.is_empty() {
            return "no moves yet".into();
        }
        format!(
            "{} move{}: {}",
            self.moves.len(),
            if self.moves.len() == 1 { "" } else { "s" },
            self.move_texts().join(" ")
        )
    }

    pub(super) fn cmd_quit(&mut self) -> Res<String> {
        let unsaved = !self.moves.is_empty() && self.move_texts() != self.saved;
        if unsaved && !self.quit_warned {
            self.quit_warned = true;
            let n = self.moves.len();
            return Ok(format!(
                "the game ({n} move{}) is not saved: `save FILE` keeps it, `quit` again leaves",
                if n == 1 { "" } else { "s" }
            ));
        }
        self.quitting = true;
        Ok(String::new())
    }
}
