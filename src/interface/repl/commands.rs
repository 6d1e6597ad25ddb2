//! The commands that move through the game: moves, why, undo, redo, new, size, set,
//! random, history, quit.

use super::session::{count_of, Res};
use super::*;
use crate::engine::state::{DrawKind, Outcome, Slot, Step};
use crate::rules::board::Cell;

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

    pub(super) fn cmd_moves(&self, rest: &str) -> Res<String> {
        let s = self.state();
        let b = self.rules.board();
        let cell = if rest.is_empty() {
            None
        } else {
            match b.parse_cell(rest) {
                Some(c) => Some(c),
                None => return Err(format!("`moves` takes a cell: {}", self.off_board(rest))),
            }
        };
        let moves: Vec<String> = s
            .legal_moves()
            .iter()
            .filter(|m| cell.is_none_or(|c| touches(**m, c)))
            .map(|m| m.to_text(&self.rules))
            .collect();
        let player = &self.rules.players()[s.to_move()];
        if moves.is_empty() {
            return Ok(match cell {
                _ if s.is_over() => format!("no legal moves: {}", self.over_message()),
                Some(_) => format!("no legal move of {player} starts or ends at {rest}"),
                None => format!("no legal moves: {}", self.over_message()),
            });
        }
        let at = match cell {
            Some(c) => {
                let verb = if moves.len() == 1 {
                    "starts or ends"
                } else {
                    "start or end"
                };
                format!(" that {verb} at {}", b.cell_name(c))
            }
            None => String::new(),
        };
        Ok(format!(
            "{} for {player}{at}:\n{}",
            count_of(moves.len(), "legal move"),
            wrap(&moves, 72, "  ")
        ))
    }

    pub(super) fn cmd_why(&self, rest: &str) -> Res<String> {
        if rest.is_empty() {
            return self.why_every_cell().ok_or_else(|| {
                "`why` takes a move, e.g. `why e5` (alone, it explains a position where the player to move cannot place)".to_string()
            });
        }
        let mv = self.parse_move(rest)?;
        let text = mv.to_text(&self.rules);
        Ok(match self.state().is_legal(mv) {
            Ok(()) => format!("{text} is legal"),
            Err(e) => self.illegal(mv, &e),
        })
    }

    /// Why each empty cell is refused, where the player to move has no placement (the
    /// game stopped by a broken claim, or a forced pass); `None` elsewhere.
    pub(super) fn why_every_cell(&self) -> Option<String> {
        let s = self.state();
        let stuck = s.must_pass()
            || matches!(s.outcome(), Some(Outcome::Stopped(_)))
            || matches!(
                s.outcome(),
                Some(Outcome::Draw(DrawKind::NoMove | DrawKind::Deadlock))
            );
        if !stuck || !self.rules.is_placement_only() {
            return None;
        }
        let b = self.rules.board();
        let mover = s.to_move();
        let lines: Vec<String> = b
            .cells()
            .filter(|&c| s.slot(0, c) == Slot::Empty)
            .map(|c| {
                let why = s
                    .placement_problem(c, mover)
                    .map_or("could be played".to_string(), |e| e.describe(&self.rules));
                format!("  {}: {why}\n", b.cell_name(c))
            })
            .collect();
        Some(format!(
            "{} cannot place on any of the {}:\n{}",
            self.rules.players()[mover],
            count_of(lines.len(), "empty cell"),
            lines.concat()
        ))
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
            let played = self.parse_move(&text).and_then(|mv| {
                self.state()
                    .clone()
                    .play(mv)
                    .map(|next| (mv, next))
                    .map_err(|e| self.illegal(mv, &e.reason))
            });
            match played {
                Ok((mv, next)) => {
                    self.push(mv, next);
                    done.push(text);
                }
                Err(e) => {
                    problem = Some(format!("cannot redo: {e}"));
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
        self.restart();
        let mut out = String::from("new game");
        let n = self.redo.len();
        if n > 0 {
            out.push_str(&format!(
                " (`redo {n}` replays the {} taken back)",
                count_of(n, "move")
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
        let answer = self.autoplay();
        Ok(format!(
            "played {}:{list}{answer}{}",
            count_of(played.len(), "random move"),
            self.show()
        ))
    }

    /// The moves so far as `--moves` takes them, then numbered with who played each.
    pub(super) fn cmd_history(&self) -> String {
        if self.moves.is_empty() {
            return match self.redo.len() {
                0 => "no moves yet".into(),
                n => format!("no moves yet (`redo` replays {})", count_of(n, "move")),
            };
        }
        let texts = self.move_texts();
        let mut out = format!(
            "{}: {}\n",
            count_of(self.moves.len(), "move"),
            texts.join(" ")
        );
        let width = self.moves.len().to_string().len();
        for (i, t) in texts.iter().enumerate() {
            let before = &self.states[i];
            let who = if self.computer == Some(before.seat_of(before.to_move())) {
                " (computer)"
            } else {
                ""
            };
            out.push_str(&format!(
                "  {:>width$}. {}{who} {t}\n",
                i + 1,
                self.rules.players()[before.to_move()]
            ));
        }
        if !self.redo.is_empty() {
            out.push_str(&format!(
                "  then `redo` replays {}: {}\n",
                count_of(self.redo.len(), "move"),
                self.redo
                    .iter()
                    .rev()
                    .cloned()
                    .collect::<Vec<_>>()
                    .join(" ")
            ));
        }
        out
    }

    pub(super) fn cmd_quit(&mut self) -> Res<String> {
        self.second_chance("quit", "`quit` (or Ctrl-D) again leaves")?;
        self.quitting = true;
        Ok(String::new())
    }
}

/// Whether a move starts or ends at `cell` (in any of its steps: a placement, a
/// piece's origin or destination, a line's rear or front).
fn touches(mv: Move, cell: Cell) -> bool {
    let (steps, n) = mv.steps();
    steps[..n].iter().any(|s| match *s {
        Step::Place(c) => c == cell,
        Step::Move { from, to } => from == cell || to == cell,
        Step::Line { rear, front, to } => rear == cell || front == cell || to == cell,
    })
}
