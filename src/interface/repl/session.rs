//! A game being played: everything needed to go back and forth (every position for
//! undo, the moves taken back for redo, the computer's seat), and the one entry point
//! [`Session::handle`] that turns a line of input into the text to print.
//!
//! Nothing the user played is dropped without a warning and a second chance: the
//! game is the moves played and the moves taken back (which `redo` replays), and
//! `quit`, Ctrl-D and `load` warn once when it differs from what was last saved or
//! loaded; the computer does not start a new game over moves `redo` could replay.

use super::table::{cmd_help, lookup, COMMANDS};
use super::*;
use crate::lang::LoadError;

/// A game being played, with everything needed to go back and forth.
pub struct Session {
    /// The rule file as named by the user.
    pub(super) path: String,
    pub(super) overrides: Overrides,
    pub(super) rules: Arc<Rules>,
    /// [`record::text_hash`] of the text the rules were compiled from.
    pub(super) rule_hash: String,
    /// Every position of the game: the start first, the current last.
    pub(super) states: Vec<State>,
    /// `moves[i]` leads from `states[i]` to `states[i + 1]`.
    pub(super) moves: Vec<Move>,
    /// Moves taken back, as text; the next to redo is last.
    pub(super) redo: Vec<String>,
    /// The seat (0 = the first player) the computer plays.
    pub(super) computer: Option<usize>,
    pub(super) budget: Budget,
    /// The computer's tree may take this many MiB.
    pub(super) memory: u64,
    pub(super) rng: Rng,
    pub(super) colour: bool,
    /// The game (see [`Session::line`]) as last saved or loaded, to warn before it is
    /// dropped.
    pub(super) saved: Vec<String>,
    /// A command that warned it would drop the game: typed again at once, it runs.
    pub(super) pending: Option<String>,
    /// How many moves `redo` could replay were dropped by the last command.
    pub(super) dropped: usize,
    /// Set by `quit`: the session is over.
    pub(super) quitting: bool,
    /// Whether Ctrl-C cut the last search short.
    pub(super) interrupted: bool,
    /// Called with a line to show before the computer thinks (a terminal shows it at
    /// once; a script has no use for it).
    pub(super) on_thinking: Option<Notice>,
}

/// A callback that shows a line at once.
pub(super) type Notice = Box<dyn FnMut(&str)>;

/// A command's text, or the one-line reason it failed.
pub(super) type Res<T> = Result<T, String>;

/// Reads and compiles a rule file; returns the rules, the hash of the text, warnings.
pub(super) fn compile(
    path: &str,
    overrides: &Overrides,
) -> Result<(Arc<Rules>, String, String), LoadError> {
    let text = crate::lang::read::read_rule_file(path)?;
    let loaded = crate::lang::load_str(path, &text, overrides).map_err(LoadError::Rules)?;
    Ok((loaded.rules, record::text_hash(&text), loaded.warnings))
}

/// `n` and the noun, plural unless `n` is 1: `1 move`, `3 moves`.
pub(super) fn count_of(n: usize, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}

impl Session {
    /// Loads the rule file and plays the start moves. Returns the session and the text
    /// to show first (title, board, whose turn). The computer does not move yet: see
    /// [`Session::begin`].
    pub fn start(start: &Start) -> Res<(Session, String)> {
        let (rules, rule_hash, warnings) =
            compile(&start.file, &start.overrides).map_err(|e| e.to_string())?;
        let mut s = Session {
            path: start.file.clone(),
            overrides: start.overrides.clone(),
            states: vec![State::new(rules.clone())],
            rules,
            rule_hash,
            moves: Vec::new(),
            redo: Vec::new(),
            computer: None,
            budget: start.budget,
            memory: start.memory,
            rng: Rng::new(start.seed),
            colour: start.colour,
            saved: Vec::new(),
            pending: None,
            dropped: 0,
            quitting: false,
            interrupted: false,
            on_thinking: None,
        };
        let mut text = warnings;
        if let Some(m) = &start.moves {
            let words: Vec<String> = m.split_whitespace().map(String::from).collect();
            s.play_texts(&words).map_err(|e| format!("--moves: {e}"))?;
        }
        let invite = if s.state().is_over() {
            // Nothing to play: no example, which would be a move that is not legal.
            "The game is over: `undo` takes back moves, `new` starts again, `help` lists the commands.".to_string()
        } else {
            format!(
                "Type a move such as {}, `help moves` for how to write one, or `help` for the commands.",
                s.example_move()
            )
        };
        text.push_str(&format!(
            "{}, {}. {invite}\n",
            s.rules.name(),
            s.describe_params(),
        ));
        if let Some(name) = &start.computer {
            text.push_str(&s.set_computer(name)?);
        }
        text.push_str(&s.show());
        Ok((s, text))
    }

    /// What happens once the first screen is shown: the computer's first move if it
    /// is its turn (with the "thinking" notice first, and Ctrl-C stopping the search).
    pub fn begin(&mut self) -> String {
        let mut out = self.autoplay();
        if !out.is_empty() {
            out.push_str(&self.show());
        }
        out
    }

    /// The current position.
    pub fn state(&self) -> &State {
        self.states
            .last()
            .expect("there is always a start position")
    }

    pub fn rules(&self) -> &Arc<Rules> {
        &self.rules
    }

    /// The moves so far, in notation.
    pub fn move_texts(&self) -> Vec<String> {
        self.moves.iter().map(|m| m.to_text(&self.rules)).collect()
    }

    /// The game the user would lose: the moves played, then those `redo` replays.
    pub(super) fn line(&self) -> Vec<String> {
        let mut line = self.move_texts();
        line.extend(self.redo.iter().rev().cloned());
        line
    }

    /// The number of moves that would be lost, if the game is not as last saved.
    pub(super) fn unsaved(&self) -> Option<usize> {
        let line = self.line();
        (!line.is_empty() && line != self.saved).then_some(line.len())
    }

    /// Whether `command` may drop the unsaved game: yes if there is none or the same
    /// command was just refused with a warning; else the warning, and the command is
    /// remembered for its second chance.
    pub(super) fn second_chance(&mut self, command: &str, what: &str) -> Res<()> {
        let Some(n) = self.unsaved() else {
            return Ok(());
        };
        if self.pending.as_deref() == Some(command) {
            return Ok(());
        }
        self.pending = Some(command.to_string());
        Err(format!(
            "the game ({}) is not saved: `save FILE` keeps it, {what}",
            count_of(n, "move")
        ))
    }

    /// The board's shape and the parameters, e.g. `9x9 (size=9)`, `hexagon of side 3
    /// (side=3, pawns=3)`.
    pub(super) fn describe_params(&self) -> String {
        let b = self.rules.board().describe();
        let params: Vec<String> = self
            .rules
            .params()
            .iter()
            .map(|p| format!("{}={}", p.name, p.value))
            .collect();
        if params.is_empty() {
            b
        } else {
            format!("{b} ({})", params.join(", "))
        }
    }

    pub(super) fn example_move(&self) -> String {
        let moves = self.state().legal_moves();
        moves
            .get(moves.len() / 2)
            .map_or("pass".into(), |m| m.to_text(&self.rules))
    }

    /// The board and the status lines; a finished game's winning cells marked.
    pub fn show(&self) -> String {
        let n = self.states.len();
        let prev = (n >= 2).then(|| &self.states[n - 2]);
        let winning = self.state().winning_cells();
        let marks = render::Marks {
            previous: prev,
            winning: &winning,
            colour: self.colour,
        };
        format!(
            "{}{}",
            render::board_marked(self.state(), &marks),
            self.status()
        )
    }

    /// Whose turn it is, the move number and the last move, or the outcome and why.
    pub fn status(&self) -> String {
        let s = self.state();
        let rules = &self.rules;
        let name = |c: usize| {
            format!(
                "{} {}",
                render::paint(rules, &render::symbol(rules, c).to_string(), c, self.colour),
                rules.players()[c]
            )
        };
        let mut line = String::new();
        if let Some(o) = s.outcome() {
            line.push_str(&format!(
                "game over after {}: {}",
                count_of(s.ply() as usize, "move"),
                describe_outcome(o, rules)
            ));
        } else {
            let c = s.to_move();
            let who = if self.computer == Some(s.seat_of(c)) {
                " (computer)"
            } else {
                ""
            };
            line.push_str(&format!("move {}: {}{who} to play", s.ply() + 1, name(c)));
        }
        if let (Some(mv), Some(before)) = (self.moves.last(), self.states.iter().rev().nth(1)) {
            line.push_str(&format!(
                "; last: {} {}",
                rules.players()[before.to_move()],
                mv.to_text(rules)
            ));
        }
        if s.swapped() {
            line.push_str(&format!(
                "; swapped: the first player now plays {}",
                rules.players()[1]
            ));
        }
        line.push('\n');
        if s.is_over() {
            line.push_str(&self.ending());
        } else if self.computer == Some(s.seat_of(s.to_move())) {
            // Else the computer is about to move (its "thinking" notice follows).
            if !self.redo.is_empty() {
                line.push_str(&format!(
                    "it is the computer's turn: `redo` replays the {} taken back, `ai` lets the computer move instead\n",
                    count_of(self.redo.len(), "move")
                ));
            }
        } else if s.must_pass() {
            line.push_str(&format!(
                "{} has no legal placement: the only move is `pass`\n",
                rules.players()[s.to_move()]
            ));
        } else if s.is_legal(Move::Swap).is_ok() {
            line.push_str("`swap` is available: take over the first move and its colour\n");
        }
        line
    }

    /// Runs one line of input.
    pub fn handle(&mut self, line: &str) -> Reply {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return Reply::default();
        }
        let (word, rest) = match line.split_once(char::is_whitespace) {
            Some((w, r)) => (w, r.trim()),
            None => (line, ""),
        };
        let command = lookup(word);
        let key = match command {
            Some(c) => format!("{} {rest}", c.name).trim_end().to_string(),
            None => String::new(),
        };
        if self.pending.as_deref() != Some(key.as_str()) {
            self.pending = None;
        }
        self.dropped = 0;
        let result = match command {
            Some(c) if c.args.is_empty() && !rest.is_empty() => Err(format!(
                "`{}` takes nothing after it, not `{rest}` (`help {}` says what it does)",
                c.name, c.name
            )),
            Some(c) => self.command(c.name, rest),
            None => self.cmd_play(line),
        };
        let mut text = result.unwrap_or_else(|e| e);
        if !text.is_empty() && !text.ends_with('\n') {
            text.push('\n');
        }
        if self.dropped > 0 {
            text.push_str(&format!(
                "(the {} taken back can no longer be redone)\n",
                count_of(self.dropped, "move")
            ));
        }
        Reply {
            text,
            quit: self.quitting,
        }
    }

    /// End of input at the prompt (Ctrl-D): leaves as `quit` does, warning first if
    /// the game is not saved.
    pub fn end_of_input(&mut self) -> Reply {
        self.handle("quit")
    }

    pub(super) fn command(&mut self, name: &str, rest: &str) -> Res<String> {
        match name {
            "moves" => self.cmd_moves(rest),
            "why" => self.cmd_why(rest),
            "undo" => self.cmd_undo(rest),
            "redo" => self.cmd_redo(rest),
            "new" => self.cmd_new(),
            "size" => self.cmd_size(rest),
            "set" => self.cmd_set(rest),
            "random" => self.cmd_random(rest),
            "ai" => self.cmd_ai(rest),
            "hint" => self.cmd_hint(rest),
            "selfplay" => self.cmd_selfplay(rest),
            "computer" => self.cmd_computer(rest),
            "budget" => self.cmd_budget(rest),
            "save" => self.cmd_save(rest),
            "load" => self.cmd_load(rest),
            "reload" => self.cmd_reload(),
            "rules" => Ok(format!("{}{}", self.rules.summary(), self.notation_help())),
            "show" => Ok(self.show()),
            "picture" => self.cmd_picture(rest),
            "history" => Ok(self.cmd_history()),
            "help" if lookup(rest).is_some_and(|c| c.name == "moves") => {
                Ok(format!("{}{}", cmd_help(rest)?, self.notation_help()))
            }
            "help" => cmd_help(rest),
            "quit" => self.cmd_quit(),
            other => Err(format!("`{other}` is not implemented")),
        }
    }

    /// Appends a position reached by a legal move (the one place that extends the game).
    pub(super) fn push(&mut self, mv: Move, next: State) {
        let text = mv.to_text(&self.rules);
        // Playing the move that redo would play keeps the rest of the redo list.
        if self.redo.last() == Some(&text) {
            self.redo.pop();
        } else {
            self.dropped += self.redo.len();
            self.redo.clear();
        }
        self.states.push(next);
        self.moves.push(mv);
    }

    /// Plays moves in notation, all or none.
    pub(super) fn play_texts(&mut self, words: &[String]) -> Res<()> {
        let replayed = self
            .state()
            .clone()
            .replay_each(words)
            .map_err(|e| e.to_string())?;
        for (mv, next) in replayed {
            self.push(mv, next);
        }
        Ok(())
    }

    /// A line that is not a command: one move, or several separated by spaces.
    pub(super) fn cmd_play(&mut self, line: &str) -> Res<String> {
        let rules = self.rules.clone();
        let words: Vec<String> = match Move::parse(line, &rules) {
            Ok(_) => vec![line.to_string()],
            Err(_) => {
                let words: Vec<String> = line.split_whitespace().map(String::from).collect();
                if words.len() == 1 || Move::parse(&words[0], &rules).is_err() {
                    return Err(self.unknown(words[0].as_str()));
                }
                words
            }
        };
        if words.len() == 1 {
            let mv = Move::parse(&words[0], &rules).map_err(|_| self.unknown(line))?;
            match self.state().clone().play(mv) {
                Ok(next) => self.push(mv, next),
                Err(e) => return Err(self.illegal(mv, &e.reason)),
            }
        } else {
            if let Some(bad) = words.iter().find(|w| Move::parse(w, &rules).is_err()) {
                return Err(format!("{}; nothing was played", self.not_a_move(bad)));
            }
            self.play_texts(&words)
                .map_err(|e| format!("{e}; nothing was played"))?;
        }
        let mut out = self.autoplay();
        out.push_str(&self.show());
        Ok(out)
    }

    /// The message for a word that is neither a command nor a move.
    pub(super) fn unknown(&self, word: &str) -> String {
        let w = word.to_ascii_lowercase();
        if !w.chars().any(|c| c.is_ascii_digit()) {
            let names: Vec<&str> = COMMANDS
                .iter()
                .flat_map(|c| std::iter::once(c.name).chain(c.aliases.iter().copied()))
                .filter(|n| n.len() > 1)
                .collect();
            if let Some(n) = closest_command(&w, &names) {
                let full = lookup(n).map_or(n, |c| c.name);
                return format!(
                    "`{word}` is not a command: did you mean `{full}`? (`help` lists them)"
                );
            }
        }
        format!("{} (`help` lists the commands)", self.not_a_move(word))
    }

    /// Takes every move back (so `redo` can replay them) and starts again.
    pub(super) fn restart(&mut self) {
        let mut taken = Vec::new();
        while !self.moves.is_empty() {
            self.take_back(&mut taken);
        }
    }

    /// Starts a new game under other parameter values; the old moves go to redo.
    pub(super) fn restart_with(&mut self, overrides: Overrides) -> Result<String, LoadError> {
        let (rules, hash, warnings) = compile(&self.path, &overrides)?;
        self.restart();
        self.rules = rules;
        self.rule_hash = hash;
        self.overrides = overrides;
        self.states = vec![State::new(self.rules.clone())];
        let mut out = warnings;
        out.push_str(&format!(
            "new game of {}, {}",
            self.rules.name(),
            self.describe_params()
        ));
        if !self.redo.is_empty() {
            out.push_str(&format!(
                "; `redo` replays the earlier {} while they are legal here",
                count_of(self.redo.len(), "move")
            ));
        }
        out.push('\n');
        out.push_str(&self.autoplay());
        out.push_str(&self.show());
        Ok(out)
    }

    /// Shows `f`'s line before each search of the computer.
    pub fn on_thinking(&mut self, f: impl FnMut(&str) + 'static) {
        self.on_thinking = Some(Box::new(f));
    }

    /// The prompt: the move number and the player to move.
    pub fn prompt(&self) -> String {
        let s = self.state();
        if s.is_over() {
            "game over> ".into()
        } else {
            format!("[{}] {}> ", s.ply() + 1, self.rules.players()[s.to_move()])
        }
    }
}

/// The moves of a replay, and every position from `start` on.
pub(super) fn split(start: State, replayed: Vec<(Move, State)>) -> (Vec<Move>, Vec<State>) {
    let mut states = vec![start];
    let mut moves = Vec::with_capacity(replayed.len());
    for (mv, s) in replayed {
        moves.push(mv);
        states.push(s);
    }
    (moves, states)
}

/// Whether two paths name the same existing file.
pub(super) fn same_file(a: &str, b: &str) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(x), Ok(y)) => x == y,
        _ => false,
    }
}

/// The command nearest to a misspelt word: at most two edits away (a swapped pair of
/// letters is one), and fewer edits than the word has letters.
pub(super) fn closest_command<'a>(word: &str, names: &[&'a str]) -> Option<&'a str> {
    names
        .iter()
        .map(|n| (strsim::osa_distance(word, n), *n))
        .filter(|(d, _)| *d <= 2 && *d < word.len())
        .min_by_key(|(d, _)| *d)
        .map(|(_, n)| n)
}
