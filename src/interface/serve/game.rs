//! One tab's game: its parameters, its rules (compiled from a version of the rule
//! file), the line of moves with the position shown (undo, redo and the move list move
//! it), who the computer plays, and what the page is told (a notice, the rule file's
//! problem). When the rule file changes the game is replayed on the new rules, or keeps
//! the old ones and names the move that became illegal, as the REPL's `reload` does.

use super::watch::RuleSource;
use crate::engine::state::{Illegal, Move, State};
use crate::interface::picture::changes::arrivals_and_departures;
use crate::interface::record::{self, Record, RecordError};
use crate::lang::{load_str, Overrides};
use crate::rules::board::Cell;
use crate::rules::Rules;
use crate::tools::ai::Budget;
use std::collections::BTreeMap;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

/// What the computer is asked to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Task {
    /// Play the move it finds.
    Move,
    /// Suggest it.
    Hint,
}

/// A search under way.
pub struct Thinking {
    pub task: Task,
    pub stop: Arc<AtomicBool>,
    /// The position it started from ([`Game::position`] then).
    pub position: u64,
    pub started: Instant,
    pub budget: Budget,
}

/// A suggested move with the search's figures.
#[derive(Debug, Clone)]
pub struct Hint {
    pub text: String,
    /// The cells the move brings a piece to.
    pub cells: Vec<Cell>,
    pub summary: String,
}

/// Why a move is or is not legal, with the cells to outline.
#[derive(Debug, Clone)]
pub struct Why {
    pub text: String,
    pub legal: bool,
    pub reason: String,
    /// The forbidden glyph's cells, if a glyph forbids it.
    pub glyph: Vec<Cell>,
}

/// A refused action: its HTTP status and the reason.
#[derive(Debug, Clone)]
pub struct Refusal {
    pub status: u16,
    pub message: String,
}

impl Refusal {
    pub fn new(status: u16, message: impl Into<String>) -> Refusal {
        Refusal {
            status,
            message: message.into(),
        }
    }
}

/// A tab's game.
pub struct Game {
    pub id: String,
    overrides: Overrides,
    rules: Arc<Rules>,
    /// The rule file's version the rules were compiled from.
    rules_version: u64,
    /// The rule file's version last tried without success, with `version` then.
    tried: Option<(u64, u64)>,
    /// The rule file's version known not to load with these parameters.
    broken: Option<u64>,
    /// `states[0]` is the start; `moves[i]` leads from `states[i]` to `states[i + 1]`.
    states: Vec<State>,
    moves: Vec<Move>,
    /// The position shown: `states[cursor]`.
    cursor: usize,
    /// Grows at every change the page should see.
    pub version: u64,
    /// Grows when the position shown or the line of moves changes (a search started
    /// before then is out of date).
    pub position: u64,
    /// Whether the computer plays each seat.
    pub seats: [bool; 2],
    pub budget: Budget,
    pub thinking: Option<Thinking>,
    pub hint: Option<Hint>,
    /// The last thing the page should say (a reload, the computer's move, a record).
    pub notice: Option<String>,
    /// The rule file's diagnostics, while its current text does not load.
    pub problem: Option<String>,
    pub last_used: Instant,
}

impl Game {
    /// A new game on the rule file's current text with these parameters.
    pub fn new(
        id: String,
        source: &RuleSource,
        overrides: Overrides,
        budget: Budget,
    ) -> Result<Game, Refusal> {
        let text = source.current();
        let rules = compile(source, &text.text, &overrides)?;
        Ok(Game {
            id,
            overrides,
            states: vec![State::new(rules.clone())],
            rules,
            rules_version: text.version,
            tried: None,
            broken: None,
            moves: Vec::new(),
            cursor: 0,
            version: 1,
            position: 1,
            seats: [false, false],
            budget,
            thinking: None,
            hint: None,
            notice: None,
            problem: None,
            last_used: Instant::now(),
        })
    }

    pub fn rules(&self) -> &Arc<Rules> {
        &self.rules
    }
    /// The position shown.
    pub fn state(&self) -> &State {
        &self.states[self.cursor]
    }
    /// The position before the one shown, if any.
    pub fn previous(&self) -> Option<&State> {
        self.cursor.checked_sub(1).map(|i| &self.states[i])
    }
    pub fn cursor(&self) -> usize {
        self.cursor
    }
    /// The whole line of moves (the ones after the cursor can be redone).
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }
    /// The moves in notation up to the position shown.
    pub fn texts(&self) -> Vec<String> {
        self.moves[..self.cursor]
            .iter()
            .map(|m| m.to_text(&self.rules))
            .collect()
    }
    /// Whether the position shown is the end of the line.
    pub fn at_end(&self) -> bool {
        self.cursor == self.moves.len()
    }

    /// Marks a change the page should see; with `moved`, the position changed too (a
    /// search under way is then stopped: its answer would be for another position).
    pub fn touch(&mut self, moved: bool) {
        self.version += 1;
        if moved {
            self.position += 1;
            self.hint = None;
            if let Some(t) = self.thinking.take() {
                t.stop.store(true, std::sync::atomic::Ordering::Relaxed);
            }
        }
    }

    /// Brings the game up to the rule file's current text: replays it on the new rules,
    /// or keeps the old ones and says which move became illegal, or shows why the text
    /// does not load. Whether anything changed.
    pub fn sync(&mut self, source: &RuleSource) -> bool {
        let text = source.current();
        if let Some(why) = text.unreadable {
            if self.problem.as_deref() != Some(why.as_str()) {
                self.problem = Some(why);
                self.touch(false);
                return true;
            }
            return false;
        }
        if text.version == self.rules_version {
            if self.problem.take().is_some() {
                self.touch(false);
                return true;
            }
            return false;
        }
        if self.tried == Some((text.version, self.version)) || self.broken == Some(text.version) {
            return false;
        }
        let changed = match compile(source, &text.text, &self.overrides) {
            Err(r) => {
                self.problem = Some(r.message);
                self.broken = Some(text.version);
                self.notice = Some(format!(
                    "{} does not load (below); the game goes on with the rules it had",
                    source.path
                ));
                false
            }
            Ok(rules) => {
                self.problem = None;
                self.adopt(rules, text.version, &source.path)
            }
        };
        self.touch(changed);
        if !changed {
            self.tried = Some((text.version, self.version));
        }
        true
    }

    /// Replays the line on `rules`; adopts them unless a move up to the position shown
    /// no longer replays. Moves after it that do not replay are dropped. Whether the
    /// rules were adopted.
    fn adopt(&mut self, rules: Arc<Rules>, version: u64, path: &str) -> bool {
        let texts: Vec<String> = self.moves.iter().map(|m| m.to_text(&self.rules)).collect();
        let start = State::new(rules.clone());
        let mut states = vec![start.clone()];
        let mut moves = Vec::new();
        let mut failed = None;
        for (i, t) in texts.iter().enumerate() {
            let last = states.last().expect("the start is there").clone();
            match last.replay_each(&[t]) {
                Ok(mut done) => {
                    let (mv, s) = done.remove(0);
                    moves.push(mv);
                    states.push(s);
                }
                Err(e) => {
                    failed = Some(e.renumbered(i + 1));
                    break;
                }
            }
        }
        match failed {
            Some(e) if moves.len() < self.cursor => {
                self.notice = Some(format!(
                    "{path} changed, but {e} under the new rules: the game keeps the old rules \
                     (go back before that move, or start a new game, to play the new ones)"
                ));
                false
            }
            failed => {
                let dropped = failed
                    .map(|e| format!(" ({e}, so it and the moves after it were dropped)"))
                    .unwrap_or_default();
                let n = self.cursor;
                self.notice = Some(format!(
                    "{path} changed: the game ({n} move{}) replays on the new rules{dropped}",
                    if n == 1 { "" } else { "s" }
                ));
                self.rules = rules;
                self.rules_version = version;
                self.tried = None;
                self.states = states;
                self.moves = moves;
                self.cursor = self.cursor.min(self.moves.len());
                true
            }
        }
    }

    /// Starts again on the rule file's current text, with new parameters if given.
    pub fn restart(
        &mut self,
        source: &RuleSource,
        overrides: Option<Overrides>,
    ) -> Result<(), Refusal> {
        let overrides = overrides.unwrap_or_else(|| self.overrides.clone());
        let text = source.current();
        let rules = compile(source, &text.text, &overrides)?;
        self.overrides = overrides;
        self.states = vec![State::new(rules.clone())];
        self.rules = rules;
        self.rules_version = text.version;
        self.tried = None;
        self.broken = None;
        self.moves.clear();
        self.cursor = 0;
        self.problem = None;
        self.notice = None;
        self.touch(true);
        Ok(())
    }

    /// Plays a move in notation at the position shown (dropping the moves after it).
    /// Refused while the computer is choosing a move.
    pub fn play(&mut self, text: &str) -> Result<Move, Refusal> {
        if self.thinking.as_ref().is_some_and(|t| t.task == Task::Move) {
            return Err(Refusal::new(
                409,
                "the computer is choosing a move: stop it first",
            ));
        }
        let mv = Move::parse(text, &self.rules).map_err(|e| Refusal::new(422, e.to_string()))?;
        let next = self.state().clone().play(mv).map_err(|e| {
            Refusal::new(
                422,
                format!(
                    "{} is illegal: {}",
                    mv.to_text(&self.rules),
                    e.reason.describe(&self.rules)
                ),
            )
        })?;
        self.moves.truncate(self.cursor);
        self.states.truncate(self.cursor + 1);
        self.moves.push(mv);
        self.states.push(next);
        self.cursor += 1;
        self.notice = None;
        self.touch(true);
        Ok(mv)
    }

    /// Goes back one move; against the computer, back to a position where a person is
    /// to move.
    pub fn undo(&mut self) -> Result<(), Refusal> {
        if self.cursor == 0 {
            return Err(Refusal::new(
                409,
                "nothing to undo: this is the start of the game",
            ));
        }
        self.cursor -= 1;
        let one_side = self.seats[0] != self.seats[1];
        while one_side && self.cursor > 0 && self.computer_to_move() {
            self.cursor -= 1;
        }
        self.notice = None;
        self.touch(true);
        Ok(())
    }

    /// Goes forward one move along the line.
    pub fn redo(&mut self) -> Result<(), Refusal> {
        if self.at_end() {
            return Err(Refusal::new(409, "nothing to redo"));
        }
        self.cursor += 1;
        self.notice = None;
        self.touch(true);
        Ok(())
    }

    /// Shows the position after `ply` moves of the line.
    pub fn goto(&mut self, ply: usize) -> Result<(), Refusal> {
        if ply > self.moves.len() {
            return Err(Refusal::new(
                422,
                format!(
                    "there is no position after {ply} moves: the game has {}",
                    self.moves.len()
                ),
            ));
        }
        self.cursor = ply;
        self.notice = None;
        self.touch(true);
        Ok(())
    }

    /// Whether the computer plays the player to move at the position shown.
    pub fn computer_to_move(&self) -> bool {
        let s = self.state();
        !s.is_over() && self.seats.get(s.seat_of(s.to_move())) == Some(&true)
    }

    /// Why a move in notation is or is not legal at the position shown.
    pub fn why(&self, text: &str) -> Result<Why, Refusal> {
        let mv = Move::parse(text, &self.rules).map_err(|e| Refusal::new(422, e.to_string()))?;
        let shown = mv.to_text(&self.rules);
        Ok(match self.state().is_legal(mv) {
            Ok(()) => Why {
                text: shown.clone(),
                legal: true,
                reason: format!("{shown} is legal"),
                glyph: Vec::new(),
            },
            Err(e) => Why {
                text: shown.clone(),
                legal: false,
                reason: format!("{shown} is illegal: {}", e.describe(&self.rules)),
                glyph: match e {
                    Illegal::Glyph { points, .. } => points,
                    _ => Vec::new(),
                },
            },
        })
    }

    /// The game as a record (the same JSON as the REPL's `save`): the moves up to the
    /// position shown.
    pub fn record(&self, source: &RuleSource) -> Record {
        let text = source.current();
        let result = self.state().describe_end();
        Record {
            format: record::FORMAT.into(),
            game: self.rules.name().to_string(),
            rule_file: source.path.clone(),
            rule_hash: if text.version == self.rules_version {
                record::text_hash(&text.text)
            } else {
                // The game still plays an older text: no hash of the current one fits.
                String::from("fnv1a64:unknown")
            },
            params: self
                .rules
                .params()
                .iter()
                .map(|p| (p.name.clone(), p.value))
                .collect::<BTreeMap<_, _>>(),
            moves: self.texts(),
            result,
        }
    }

    /// Replaces the game with a record's, replayed on the rule file's current text with
    /// the record's parameters. `label` names the record in messages.
    pub fn load(
        &mut self,
        source: &RuleSource,
        rec: Record,
        label: &str,
    ) -> Result<(), RecordError> {
        let text = source.current();
        let opened = record::open_with(label, rec, source.path.clone(), text.text)?;
        self.overrides = opened.record.overrides();
        self.rules = opened.loaded.rules.clone();
        self.rules_version = text.version;
        self.tried = None;
        self.broken = None;
        self.states = std::iter::once(opened.start)
            .chain(opened.replayed.iter().map(|(_, s)| s.clone()))
            .collect();
        self.moves = opened.replayed.iter().map(|(m, _)| *m).collect();
        self.cursor = self.moves.len();
        self.problem = None;
        self.notice = Some(format!(
            "loaded {label}: {} move{}{}",
            self.moves.len(),
            if self.moves.len() == 1 { "" } else { "s" },
            if opened.changed {
                format!(
                    " ({} has changed since it was saved; every move still replays)",
                    source.path
                )
            } else {
                String::new()
            }
        ));
        self.touch(true);
        Ok(())
    }

    /// The cells a move brings a piece to from the position shown.
    pub fn arrivals(&self, mv: Move) -> Vec<Cell> {
        let s = self.state();
        match s.clone().play(mv) {
            Ok(next) => arrivals_and_departures(s, &next).0,
            Err(_) => Vec::new(),
        }
    }
}

/// The rules of `text` with `overrides`, or the diagnostics in full as a refusal.
fn compile(source: &RuleSource, text: &str, overrides: &Overrides) -> Result<Arc<Rules>, Refusal> {
    load_str(&source.path, text, overrides)
        .map(|l| l.rules)
        .map_err(|d| Refusal::new(422, d.to_string()))
}
