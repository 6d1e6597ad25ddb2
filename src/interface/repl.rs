//! The playtest REPL behind `weft play`: a designer or a player plays any rule file in
//! the terminal, alone, against another person or against the computer.
//!
//! [`Session`] holds everything (the rules, every position of the game for undo, the
//! moves taken back for redo, the computer's seat and budget) and turns one line of
//! input into the text to print ([`Session::handle`]), so the whole REPL is testable
//! without a terminal. [`run`] adds the terminal: rustyline's line editing, history
//! and completion when stdin is a terminal, plain lines otherwise (for scripts).
//!
//! Ctrl-C while the computer thinks stops the search early: the computer plays (or
//! `hint` reports) the best move found so far. At any other moment it ends the program
//! as usual; at the line editor's prompt it is a key that says how to leave.
//!
//! Every move goes through the checked path, moves are kept as text wherever they
//! may outlive the rules they were made under (redo, save, reload), and a failing
//! command leaves the session exactly as it was.

use crate::engine::rng::Rng;
use crate::engine::state::{describe_outcome, Move, State};
use crate::interface::record::{self, Record};
use crate::interface::render;
use crate::lang::Overrides;
use crate::rules::Rules;
use crate::tools::ai::{self, Budget};
use std::io::{BufRead, IsTerminal, Write};
use std::sync::Arc;

/// What one command produced.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reply {
    /// The text to print (ends with a newline unless empty).
    pub text: String,
    /// Whether the session should end.
    pub quit: bool,
}

/// A command's name, aliases, arguments and one-line description.
struct CommandInfo {
    name: &'static str,
    aliases: &'static [&'static str],
    args: &'static str,
    help: &'static str,
}

const fn cmd(
    name: &'static str,
    aliases: &'static [&'static str],
    args: &'static str,
    help: &'static str,
) -> CommandInfo {
    CommandInfo {
        name,
        aliases,
        args,
        help,
    }
}

const COMMANDS: &[CommandInfo] = &[
    cmd("moves", &["m"], "", "list the legal moves"),
    cmd(
        "why",
        &["w"],
        "MOVE",
        "say why a move is illegal (or that it is legal)",
    ),
    cmd(
        "undo",
        &["u"],
        "[N]",
        "take back the last move (or N moves)",
    ),
    cmd("redo", &["r"], "[N]", "play again a move taken back (or N)"),
    cmd(
        "new",
        &["n"],
        "",
        "start again (`redo` replays the old game)",
    ),
    cmd("size", &[], "N", "start a new game on a board of size N"),
    cmd(
        "set",
        &[],
        "NAME=VALUE",
        "start a new game with a parameter changed",
    ),
    cmd("random", &[], "[N]", "play one random move (or N)"),
    cmd(
        "ai",
        &[],
        "[BUDGET]",
        "the computer plays the next move (Ctrl-C stops its search early)",
    ),
    cmd(
        "hint",
        &[],
        "[BUDGET]",
        "the computer suggests a move, without playing it",
    ),
    cmd(
        "computer",
        &["c"],
        "PLAYER|off",
        "let the computer play a side, e.g. `computer white`",
    ),
    cmd(
        "budget",
        &[],
        "[BUDGET]",
        "show or set how long the computer thinks: 2000 (playouts) or 2s",
    ),
    cmd(
        "save",
        &[],
        "FILE [--force]",
        "save the game as a JSON record (--force replaces a file)",
    ),
    cmd(
        "load",
        &[],
        "FILE",
        "load a saved game, replaying every move",
    ),
    cmd(
        "reload",
        &[],
        "",
        "re-read the rule file after an edit and replay the moves",
    ),
    cmd(
        "rules",
        &[],
        "",
        "a summary of the rules: board, pieces, glyphs, goal, swap",
    ),
    cmd("show", &["s", "board"], "", "show the board"),
    cmd(
        "history",
        &[],
        "",
        "the moves so far, as `--moves` takes them",
    ),
    cmd("help", &["h", "?"], "[COMMAND]", "this list"),
    cmd("quit", &["q", "exit"], "", "leave"),
];

/// The command a word names, if any (names and aliases, any case).
fn lookup(word: &str) -> Option<&'static CommandInfo> {
    let w = word.to_ascii_lowercase();
    COMMANDS
        .iter()
        .find(|c| c.name == w || c.aliases.contains(&w.as_str()))
}

/// Edit distance, for "did you mean".
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != *cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

/// Words joined by spaces in lines of at most `width` characters, each indented.
fn wrap(words: &[String], width: usize, indent: &str) -> String {
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

/// What tab completion should offer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Completion {
    /// Replace the text from this byte offset with one of these words.
    Words(usize, Vec<String>),
    /// A file name is expected here.
    Files,
}

/// The words tab completion offers, taken from a position.
#[derive(Debug, Clone, Default)]
pub struct Completions {
    /// The legal moves.
    legal: Vec<String>,
    /// Every point, `swap` and `pass` (for `why`).
    points: Vec<String>,
    /// The players and `off` (for `computer`).
    players: Vec<String>,
    /// `name=` for every parameter (for `set`).
    params: Vec<String>,
}

impl Completions {
    /// What to offer for `line` with the cursor at byte `pos`: commands and legal moves
    /// first, then what the command takes.
    pub fn complete(&self, line: &str, pos: usize) -> Completion {
        let mut pos = pos.min(line.len());
        while !line.is_char_boundary(pos) {
            pos -= 1;
        }
        let head = &line[..pos];
        let start = head.rfind(char::is_whitespace).map_or(0, |i| i + 1);
        let prefix = head[start..].to_ascii_lowercase();
        let first = head.split_whitespace().next().unwrap_or("");
        let commands = || COMMANDS.iter().map(|c| c.name.to_string());
        let words: Vec<String> = if start == 0 {
            commands().chain(self.legal.iter().cloned()).collect()
        } else {
            match lookup(first).map(|c| c.name) {
                Some("save" | "load") => return Completion::Files,
                Some("why") => self.points.clone(),
                Some("help") => commands().collect(),
                Some("computer") => self.players.clone(),
                Some("set") => self.params.clone(),
                Some(_) => Vec::new(),
                None => self.legal.clone(),
            }
        };
        let words = words
            .into_iter()
            .filter(|w| w.to_ascii_lowercase().starts_with(&prefix))
            .collect();
        Completion::Words(start, words)
    }
}

/// How a session starts.
#[derive(Debug, Clone)]
pub struct Start {
    pub file: String,
    pub overrides: Overrides,
    /// Moves to play first, in notation.
    pub moves: Option<String>,
    /// A player's name: the computer plays that seat.
    pub computer: Option<String>,
    pub budget: Budget,
    pub seed: u64,
    pub colour: bool,
}

/// A game being played, with everything needed to go back and forth.
pub struct Session {
    /// The rule file as named by the user.
    path: String,
    overrides: Overrides,
    rules: Arc<Rules>,
    /// [`record::text_hash`] of the text the rules were compiled from.
    rule_hash: String,
    /// Every position of the game: the start first, the current last.
    states: Vec<State>,
    /// `moves[i]` leads from `states[i]` to `states[i + 1]`.
    moves: Vec<Move>,
    /// Moves taken back, as text; the next to redo is last.
    redo: Vec<String>,
    /// The seat (0 = the first player) the computer plays.
    computer: Option<usize>,
    budget: Budget,
    rng: Rng,
    colour: bool,
    /// The moves as last saved or loaded, to warn before quitting.
    saved: Vec<String>,
    quit_warned: bool,
    /// Set by `quit`: the session is over.
    quitting: bool,
    /// Called with a line to show before the computer thinks (a terminal shows it at
    /// once; a script has no use for it).
    on_thinking: Option<Notice>,
}

/// A callback that shows a line at once.
type Notice = Box<dyn FnMut(&str)>;

/// A command's text, or the one-line reason it failed.
type Res<T> = Result<T, String>;

/// Reads and compiles a rule file; returns the rules, the hash of the text, warnings.
fn compile(path: &str, overrides: &Overrides) -> Res<(Arc<Rules>, String, String)> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let loaded = crate::load_str(path, &text, overrides).map_err(|r| r.to_string())?;
    Ok((loaded.rules, record::text_hash(&text), loaded.warnings))
}

/// Plays moves in notation from `state` through the checked path and returns each move
/// with the position after it. The error names the first bad move (1-based) and why.
fn replay_texts(mut state: State, moves: &[String]) -> Res<Vec<(Move, State)>> {
    let mut out = Vec::with_capacity(moves.len());
    for (i, text) in moves.iter().enumerate() {
        let rules = state.rules().clone();
        let mv = Move::parse(text, &rules).map_err(|e| format!("move {} `{text}`: {e}", i + 1))?;
        state = state.play(mv).map_err(|e| {
            format!(
                "move {} `{text}` is illegal: {}",
                i + 1,
                e.reason.describe(&rules)
            )
        })?;
        out.push((mv, state.clone()));
    }
    Ok(out)
}

impl Session {
    /// Loads the rule file, plays the start moves and lets the computer move if it is
    /// its turn. Returns the session and the text to show first.
    pub fn start(start: &Start) -> Res<(Session, String)> {
        let (rules, rule_hash, warnings) = compile(&start.file, &start.overrides)?;
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
            rng: Rng::new(start.seed),
            colour: start.colour,
            saved: Vec::new(),
            quit_warned: false,
            quitting: false,
            on_thinking: None,
        };
        let mut text = warnings;
        if let Some(m) = &start.moves {
            let words: Vec<String> = m.split_whitespace().map(String::from).collect();
            s.play_texts(&words).map_err(|e| format!("--moves: {e}"))?;
        }
        text.push_str(&format!(
            "{}, {}. Type a move such as {}, or `help` for the commands.\n",
            s.rules.name(),
            s.describe_params(),
            s.example_move()
        ));
        if let Some(name) = &start.computer {
            text.push_str(&s.cmd_computer(name)?);
        } else {
            text.push_str(&s.show());
        }
        Ok((s, text))
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

    /// The board's size and the parameters, e.g. `9x9 (size=9)`.
    fn describe_params(&self) -> String {
        let b = self.rules.board();
        let params: Vec<String> = self
            .rules
            .params()
            .iter()
            .map(|p| format!("{}={}", p.name, p.value))
            .collect();
        if params.is_empty() {
            format!("{}x{}", b.width, b.height)
        } else {
            format!("{}x{} ({})", b.width, b.height, params.join(", "))
        }
    }

    fn example_move(&self) -> String {
        let moves = self.state().legal_moves();
        moves
            .get(moves.len() / 2)
            .map_or("pass".into(), |m| m.to_text(&self.rules))
    }

    /// The board and the status lines.
    pub fn show(&self) -> String {
        let n = self.states.len();
        let prev = (n >= 2).then(|| &self.states[n - 2]);
        format!(
            "{}{}",
            render::board(self.state(), prev, self.colour),
            self.status()
        )
    }

    /// Whose turn it is, the move number and the last move, or the outcome.
    pub fn status(&self) -> String {
        let s = self.state();
        let rules = &self.rules;
        let name = |c: usize| {
            format!(
                "{} {}",
                render::paint(&render::symbol(c).to_string(), c, self.colour),
                rules.players()[c]
            )
        };
        let mut line = String::new();
        if let Some(o) = s.outcome() {
            line.push_str(&format!(
                "game over after {} move{}: {}",
                s.ply(),
                if s.ply() == 1 { "" } else { "s" },
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
        if !s.is_over() {
            if self.computer == Some(s.seat_of(s.to_move())) {
                line.push_str("it is the computer's turn: `ai` lets it move\n");
            } else if s.must_pass() {
                line.push_str(&format!(
                    "{} has no legal placement: the only move is `pass`\n",
                    rules.players()[s.to_move()]
                ));
            } else if s.is_legal(Move::Swap).is_ok() {
                line.push_str("`swap` is available: take over the first move and its colour\n");
            }
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
        if command.is_none_or(|c| c.name != "quit") {
            self.quit_warned = false;
        }
        let result = match command {
            Some(c) => self.command(c.name, rest),
            None => self.cmd_play(line),
        };
        let mut text = result.unwrap_or_else(|e| e);
        if !text.is_empty() && !text.ends_with('\n') {
            text.push('\n');
        }
        Reply {
            text,
            quit: self.quitting,
        }
    }

    fn command(&mut self, name: &str, rest: &str) -> Res<String> {
        match name {
            "moves" => Ok(self.cmd_moves()),
            "why" => self.cmd_why(rest),
            "undo" => self.cmd_undo(rest),
            "redo" => self.cmd_redo(rest),
            "new" => self.cmd_new(),
            "size" => self.cmd_size(rest),
            "set" => self.cmd_set(rest),
            "random" => self.cmd_random(rest),
            "ai" => self.cmd_ai(rest),
            "hint" => self.cmd_hint(rest),
            "computer" => self.cmd_computer(rest),
            "budget" => self.cmd_budget(rest),
            "save" => self.cmd_save(rest),
            "load" => self.cmd_load(rest),
            "reload" => self.cmd_reload(),
            "rules" => Ok(self.rules.summary()),
            "show" => Ok(self.show()),
            "history" => Ok(self.cmd_history()),
            "help" => cmd_help(rest),
            "quit" => self.cmd_quit(),
            other => Err(format!("`{other}` is not implemented")),
        }
    }

    /// Appends a position reached by a legal move (the one place that extends the game).
    fn push(&mut self, mv: Move, next: State) {
        let text = mv.to_text(&self.rules);
        // Playing the move that redo would play keeps the rest of the redo list.
        if self.redo.last() == Some(&text) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        self.states.push(next);
        self.moves.push(mv);
    }

    /// Plays moves in notation, all or none.
    fn play_texts(&mut self, words: &[String]) -> Res<()> {
        for (mv, next) in replay_texts(self.state().clone(), words)? {
            self.push(mv, next);
        }
        Ok(())
    }

    /// A line that is not a command: one move, or several separated by spaces.
    fn cmd_play(&mut self, line: &str) -> Res<String> {
        let rules = self.rules.clone();
        let words: Vec<String> = match Move::parse(line, &rules) {
            Ok(_) => vec![line.to_string()],
            Err(e) => {
                let words: Vec<String> = line.split_whitespace().map(String::from).collect();
                if words.len() == 1 || Move::parse(&words[0], &rules).is_err() {
                    return Err(self.unknown(words[0].as_str(), &e));
                }
                words
            }
        };
        if words.len() == 1 {
            let mv = Move::parse(&words[0], &rules).map_err(|e| self.unknown(line, &e))?;
            match self.state().clone().play(mv) {
                Ok(next) => self.push(mv, next),
                Err(e) => {
                    return Err(format!(
                        "{} is illegal: {}",
                        mv.to_text(&rules),
                        e.reason.describe(&rules)
                    ))
                }
            }
        } else {
            self.play_texts(&words)
                .map_err(|e| format!("{e}; nothing was played"))?;
        }
        let mut out = self.autoplay();
        out.push_str(&self.show());
        Ok(out)
    }

    /// The message for a word that is neither a command nor a move.
    fn unknown(&self, word: &str, move_error: &str) -> String {
        let w = word.to_ascii_lowercase();
        if !w.chars().any(|c| c.is_ascii_digit()) {
            let close = COMMANDS
                .iter()
                .flat_map(|c| std::iter::once(c.name).chain(c.aliases.iter().copied()))
                .filter(|n| n.len() > 1)
                .map(|n| (distance(&w, n), n))
                .min();
            if let Some((d, n)) = close {
                if d <= 2 && d < w.len() {
                    let full = lookup(n).map_or(n, |c| c.name);
                    return format!(
                        "`{word}` is not a command: did you mean `{full}`? (`help` lists them)"
                    );
                }
            }
        }
        format!("{move_error} (`help` lists the commands)")
    }

    /// Lets the computer move while it is its turn.
    fn autoplay(&mut self) -> String {
        let mut out = String::new();
        while let Some(seat) = self.computer {
            let s = self.state();
            if s.is_over() || s.seat_of(s.to_move()) != seat {
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
    fn think(&mut self, s: &State, budget: Budget) -> Res<ai::Analysis> {
        if s.is_over() {
            return Err(self.over_message());
        }
        // Marked before the notice, so that Ctrl-C after the notice stops the search.
        let _searching = interrupt::Searching::start();
        if let Some(f) = self.on_thinking.as_mut() {
            f(&format!("thinking ({budget})..."));
        }
        ai::search_until(s, budget, &mut self.rng, interrupt::flag())
            .ok_or_else(|| self.over_message())
    }

    /// The computer plays one move for the player to move.
    fn computer_move(&mut self, budget: Budget) -> Res<String> {
        let s = self.state().clone();
        let mover = s.to_move();
        let was_swapped = s.swapped();
        let a = self.think(&s, budget)?;
        let next = s
            .play(a.best)
            .map_err(|e| format!("the computer chose an illegal move: {:?}", e.reason))?;
        self.push(a.best, next);
        let thought = if a.playouts == 0 {
            "its only legal move".to_string()
        } else {
            format!(
                "{} playouts in {}{}; it expects to win {:.0}%",
                a.playouts,
                duration(a.seconds),
                stopped_note(&a),
                100.0 * a.value().unwrap_or(0.5)
            )
        };
        let mut out = format!(
            "{} (computer) plays {}: {thought}\n",
            self.rules.players()[mover],
            a.best.to_text(&self.rules)
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

    fn over_message(&self) -> String {
        match self.state().outcome() {
            Some(o) => format!(
                "the game is over ({}): `undo` takes back, `new` starts again",
                describe_outcome(o, &self.rules)
            ),
            None => "there is no legal move".into(),
        }
    }

    fn cmd_moves(&self) -> String {
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

    fn cmd_why(&self, rest: &str) -> Res<String> {
        if rest.is_empty() {
            return Err("`why` takes a move, e.g. `why e5`".into());
        }
        let mv = Move::parse(rest, &self.rules)?;
        let text = mv.to_text(&self.rules);
        Ok(match self.state().is_legal(mv) {
            Ok(()) => format!("{text} is legal"),
            Err(e) => format!("{text} is illegal: {}", e.describe(&self.rules)),
        })
    }

    fn count(rest: &str, what: &str) -> Res<usize> {
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

    fn cmd_undo(&mut self, rest: &str) -> Res<String> {
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

    fn take_back(&mut self, taken: &mut Vec<String>) {
        if let Some(mv) = self.moves.pop() {
            self.states.pop();
            let text = mv.to_text(&self.rules);
            taken.push(text.clone());
            self.redo.push(text);
        }
    }

    fn cmd_redo(&mut self, rest: &str) -> Res<String> {
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
            let played = Move::parse(&text, &rules).and_then(|mv| {
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

    /// Takes every move back (so `redo` can replay them) and starts again.
    fn restart(&mut self) {
        let mut taken = Vec::new();
        while !self.moves.is_empty() {
            self.take_back(&mut taken);
        }
    }

    fn cmd_new(&mut self) -> Res<String> {
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

    /// Starts a new game under other parameter values; the old moves go to redo.
    fn restart_with(&mut self, overrides: Overrides) -> Res<String> {
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
            out.push_str("; `redo` replays the earlier moves while they are legal here");
        }
        out.push('\n');
        out.push_str(&self.autoplay());
        out.push_str(&self.show());
        Ok(out)
    }

    fn cmd_size(&mut self, rest: &str) -> Res<String> {
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
            .map_err(|e| one_line_report(&format!("`size {rest}`"), &e))
    }

    fn cmd_set(&mut self, rest: &str) -> Res<String> {
        if rest.is_empty() {
            let ps: Vec<String> = self
                .rules
                .params()
                .iter()
                .map(|p| format!("{}={} ({} to {})", p.name, p.value, p.min, p.max))
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
            .map_err(|e| one_line_report(&format!("`set {rest}`"), &e))
    }

    fn cmd_random(&mut self, rest: &str) -> Res<String> {
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

    fn budget_arg(&self, rest: &str) -> Res<Budget> {
        if rest.is_empty() {
            Ok(self.budget)
        } else {
            Budget::parse(rest)
        }
    }

    fn cmd_ai(&mut self, rest: &str) -> Res<String> {
        let budget = self.budget_arg(rest)?;
        let mut out = self.computer_move(budget)?;
        out.push_str(&self.autoplay());
        out.push_str(&self.show());
        Ok(out)
    }

    fn cmd_hint(&mut self, rest: &str) -> Res<String> {
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
                    "{} (wins {:.0}% of {} playouts)",
                    m.mv.to_text(&self.rules),
                    100.0 * m.value,
                    m.visits
                )
            })
            .collect();
        Ok(format!(
            "hint for {player}: {}{}",
            best.join(", "),
            stopped_note(&a)
        ))
    }

    fn cmd_computer(&mut self, rest: &str) -> Res<String> {
        let players = self.rules.players().to_vec();
        let w = rest.to_ascii_lowercase();
        if w == "off" || w == "none" {
            self.computer = None;
            return Ok("the computer plays no side".into());
        }
        let Some(colour) = players.iter().position(|p| p.to_ascii_lowercase() == w) else {
            return Err(format!(
                "`computer` takes a player ({}) or `off`",
                players.join(", ")
            ));
        };
        let seat = self.state().seat_of(colour);
        self.computer = Some(seat);
        let mut out = format!(
            "the computer plays {} (the {} seat, kept after a swap), thinking {} a move\n",
            players[colour],
            if seat == 0 { "first" } else { "second" },
            self.budget
        );
        out.push_str(&self.autoplay());
        out.push_str(&self.show());
        Ok(out)
    }

    fn cmd_budget(&mut self, rest: &str) -> Res<String> {
        if !rest.is_empty() {
            self.budget = Budget::parse(rest)?;
        }
        Ok(format!("the computer thinks for {}", self.budget))
    }

    fn record(&self) -> Record {
        Record {
            format: record::FORMAT.into(),
            game: self.rules.name().into(),
            rule_file: self.path.clone(),
            rule_hash: self.rule_hash.clone(),
            params: self
                .rules
                .params()
                .iter()
                .map(|p| (p.name.clone(), p.value))
                .collect(),
            moves: self.move_texts(),
            result: self
                .state()
                .outcome()
                .map(|o| describe_outcome(o, &self.rules)),
        }
    }

    fn cmd_save(&mut self, rest: &str) -> Res<String> {
        let mut force = false;
        let mut names = Vec::new();
        for w in rest.split_whitespace() {
            match w {
                "--force" | "-f" | "force" => force = true,
                _ => names.push(w),
            }
        }
        let [path] = names[..] else {
            return Err(
                "`save` takes one file name, e.g. `save game.json` (add --force to replace a file)"
                    .into(),
            );
        };
        if same_file(path, &self.path) {
            return Err(format!(
                "{path} is the rule file itself: save the game under another name"
            ));
        }
        let rec = self.record();
        rec.write(path, force)?;
        self.saved = rec.moves;
        Ok(format!(
            "saved {} move{} to {path}",
            self.moves.len(),
            if self.moves.len() == 1 { "" } else { "s" }
        ))
    }

    fn cmd_load(&mut self, rest: &str) -> Res<String> {
        if rest.is_empty() {
            return Err("`load` takes a file name, e.g. `load game.json`".into());
        }
        let path = rest;
        let rec = Record::read(path)?;
        let (rule_path, text) = self.locate_rule_file(&rec, path)?;
        let changed = record::text_hash(&text) != rec.rule_hash;
        let overrides = Overrides {
            sets: rec
                .params
                .iter()
                .map(|(k, v)| (k.clone(), v.to_string()))
                .collect(),
            size: None,
        };
        let loaded = crate::load_str(&rule_path, &text, &overrides).map_err(|r| {
            format!(
                "refused {path}: {rule_path} does not load with the record's parameters: {}",
                one_line_report("a parameter", &r.to_string())
            )
        })?;
        let start = State::new(loaded.rules.clone());
        let replayed = replay_texts(start.clone(), &rec.moves).map_err(|e| {
            let why = if changed {
                " (the rule file has changed since the record was saved)"
            } else {
                ""
            };
            format!("refused {path}: {e}{why}")
        })?;
        let (played, states) = split(start, replayed);
        self.path = rule_path.clone();
        self.overrides = overrides;
        self.rules = loaded.rules;
        self.rule_hash = record::text_hash(&text);
        self.states = states;
        self.moves = played;
        self.redo.clear();
        self.saved = rec.moves.clone();
        let mut out = loaded.warnings;
        out.push_str(&format!(
            "loaded {path}: {} from {rule_path}, {}, {} move{}\n",
            self.rules.name(),
            self.describe_params(),
            self.moves.len(),
            if self.moves.len() == 1 { "" } else { "s" }
        ));
        if changed {
            out.push_str(&format!(
                "note: {rule_path} has changed since the record was saved; every move still replays\n"
            ));
        }
        out.push_str(&self.show());
        Ok(out)
    }

    /// Finds the rule file a record names: as written, then beside the record, then the
    /// session's own file if it is the same text.
    fn locate_rule_file(&self, rec: &Record, record_path: &str) -> Res<(String, String)> {
        let mut tried = vec![rec.rule_file.clone()];
        if let Some(dir) = std::path::Path::new(record_path).parent() {
            let beside = dir.join(&rec.rule_file);
            tried.push(beside.to_string_lossy().into_owned());
        }
        tried.push(self.path.clone());
        let mut first_error = None;
        for (i, p) in tried.iter().enumerate() {
            match std::fs::read_to_string(p) {
                // The session's own file stands in only if it is the same text.
                Ok(text) if i + 1 < tried.len() || record::text_hash(&text) == rec.rule_hash => {
                    return Ok((p.clone(), text))
                }
                Ok(_) => {}
                Err(e) => {
                    first_error.get_or_insert(e.to_string());
                }
            }
        }
        Err(format!(
            "cannot load {record_path}: cannot read its rule file {}: {}",
            rec.rule_file,
            first_error.unwrap_or_default()
        ))
    }

    fn cmd_reload(&mut self) -> Res<String> {
        let (rules, hash, warnings) = compile(&self.path, &self.overrides)
            .map_err(|e| format!("reload failed, the old rules stay:\n{e}"))?;
        let start = State::new(rules.clone());
        let replayed = replay_texts(start.clone(), &self.move_texts()).map_err(|e| {
            format!("reload refused, the old rules stay: under the edited rules {e}")
        })?;
        let (played, states) = split(start, replayed);
        let same = hash == self.rule_hash;
        self.rules = rules;
        self.rule_hash = hash;
        self.states = states;
        self.moves = played;
        let mut out = warnings;
        out.push_str(&format!(
            "reloaded {}{}: {} move{} replayed\n",
            self.path,
            if same { " (unchanged)" } else { "" },
            self.moves.len(),
            if self.moves.len() == 1 { "" } else { "s" }
        ));
        out.push_str(&self.show());
        Ok(out)
    }

    fn cmd_history(&self) -> String {
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

    fn cmd_quit(&mut self) -> Res<String> {
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

    /// Shows `f`'s line before each search of the computer.
    pub fn on_thinking(&mut self, f: impl FnMut(&str) + 'static) {
        self.on_thinking = Some(Box::new(f));
    }

    /// What tab completion can offer in the current position.
    pub fn completions(&self) -> Completions {
        let b = self.rules.board();
        let mut points: Vec<String> = b.cells().map(|c| b.cell_name(c)).collect();
        points.extend(["swap".to_string(), "pass".to_string()]);
        let mut players = self.rules.players().to_vec();
        players.push("off".into());
        Completions {
            legal: self
                .state()
                .legal_moves()
                .iter()
                .map(|m| m.to_text(&self.rules))
                .collect(),
            points,
            players,
            params: self
                .rules
                .params()
                .iter()
                .map(|p| format!("{}=", p.name))
                .collect(),
        }
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

/// A short time: `12 ms`, `1.3 s`.
fn duration(seconds: f64) -> String {
    if seconds < 1.0 {
        format!("{:.1} ms", seconds * 1000.0)
    } else {
        format!("{seconds:.1} s")
    }
}

/// The moves of a replay, and every position from `start` on.
fn split(start: State, replayed: Vec<(Move, State)>) -> (Vec<Move>, Vec<State>) {
    let mut states = vec![start];
    let mut moves = Vec::with_capacity(replayed.len());
    for (mv, s) in replayed {
        moves.push(mv);
        states.push(s);
    }
    (moves, states)
}

/// The first error of a rendered report about a parameter value, on one line with its
/// hint, naming `label` (a REPL command, say) instead of the command-line flag.
fn one_line_report(label: &str, report: &str) -> String {
    let mut lines = report.lines();
    let Some(error) = lines.find_map(|l| l.strip_prefix("error: ")) else {
        return report.trim_end().to_string();
    };
    let error = match error.split_once(": ") {
        Some((flag, rest)) if flag.starts_with("--") => format!("{label}: {rest}"),
        _ => error.to_string(),
    };
    let hint = lines
        .take_while(|l| !l.trim_start().starts_with("error: "))
        .find_map(|l| l.trim_start().strip_prefix("= hint: "));
    match hint {
        Some(h) => format!("{error} ({})", h.replace("--set ", "set ")),
        None => error,
    }
}

/// Whether two paths name the same existing file.
fn same_file(a: &str, b: &str) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(x), Ok(y)) => x == y,
        _ => false,
    }
}

fn cmd_help(rest: &str) -> Res<String> {
    let line = |c: &CommandInfo| {
        let mut names = c.name.to_string();
        if !c.args.is_empty() {
            names = format!("{names} {}", c.args);
        }
        let alias = if c.aliases.is_empty() {
            String::new()
        } else {
            format!(" (also {})", c.aliases.join(", "))
        };
        format!("  {names:<26} {}{alias}\n", c.help)
    };
    if !rest.is_empty() {
        return lookup(rest)
            .map(line)
            .ok_or_else(|| format!("`{rest}` is not a command; `help` lists them"));
    }
    let mut out = String::from(
        "  MOVE [MOVE...]             play it, in the notation `moves` prints (e.g. e5, swap, pass)\n",
    );
    for c in COMMANDS {
        out.push_str(&line(c));
    }
    out.push_str("BUDGET is a number of playouts (2000) or a time (2s, 500ms). Tab completes commands and moves.\n");
    Ok(out)
}

/// Whether to colour the output: a person at a terminal (stdin and stdout), `NO_COLOR`
/// unset or empty, and not `TERM=dumb`. Scripts get plain text.
pub fn colour_wanted() -> bool {
    std::io::stdout().is_terminal()
        && std::io::stdin().is_terminal()
        && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        && std::env::var("TERM").map_or(true, |t| t != "dumb")
}

/// A seed from the clock, for sessions started without `--seed`.
pub fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64)
}

/// `weft play --versus-random N`: the computer against a uniformly random player from
/// the start position, alternating seats, with the session's budget and seed.
pub fn measure(start: &Start, games: u32, out: &mut impl Write) -> Result<(), String> {
    let (session, _) = Session::start(&Start {
        computer: None,
        ..start.clone()
    })?;
    let t = ai::versus_random(session.state(), games, start.budget, start.seed);
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
    )
    .map_err(|e| e.to_string())
}

/// " (stopped by Ctrl-C)" when the search was cut short.
fn stopped_note(a: &ai::Analysis) -> &'static str {
    if a.stopped {
        " (stopped by Ctrl-C)"
    } else {
        ""
    }
}

/// Ctrl-C: stops a search in progress, else ends the program (exit code 130, as the
/// default action of the signal would, less the signal).
mod interrupt {
    use std::sync::atomic::{AtomicBool, Ordering};

    static SEARCHING: AtomicBool = AtomicBool::new(false);
    static STOP: AtomicBool = AtomicBool::new(false);

    /// Installs the handler (once per process; a second call changes nothing).
    pub(super) fn install() {
        let _ = ctrlc::set_handler(|| {
            if SEARCHING.load(Ordering::SeqCst) {
                STOP.store(true, Ordering::SeqCst);
            } else {
                std::process::exit(130);
            }
        });
    }

    /// The flag a search polls.
    pub(super) fn flag() -> &'static AtomicBool {
        &STOP
    }

    /// Marks a search in progress for as long as it lives.
    pub(super) struct Searching;

    impl Searching {
        pub(super) fn start() -> Searching {
            STOP.store(false, Ordering::SeqCst);
            SEARCHING.store(true, Ordering::SeqCst);
            Searching
        }
    }

    impl Drop for Searching {
        fn drop(&mut self) {
            SEARCHING.store(false, Ordering::SeqCst);
            STOP.store(false, Ordering::SeqCst);
        }
    }
}

/// Runs the REPL on stdin: with line editing when stdin is a terminal, else one command
/// per line (for scripts; the computer's "thinking" notices then go to stderr). Output
/// goes to `out`.
pub fn run(start: &Start, out: &mut impl Write) -> Result<(), String> {
    let io = |e: std::io::Error| e.to_string();
    let (mut session, banner) = Session::start(start)?;
    interrupt::install();
    out.write_all(banner.as_bytes()).map_err(io)?;
    out.flush().map_err(io)?;
    if std::io::stdin().is_terminal() {
        return terminal::run(&mut session, out);
    }
    session.on_thinking(|line| eprintln!("{line}"));
    let mut input = std::io::stdin().lock();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        if input.read_until(b'\n', &mut buf).map_err(io)? == 0 {
            break;
        }
        let line = String::from_utf8_lossy(&buf);
        let reply = session.handle(&line);
        out.write_all(reply.text.as_bytes()).map_err(io)?;
        if reply.quit {
            break;
        }
    }
    out.flush().map_err(io)
}

/// The interactive side: rustyline with completion from the session.
mod terminal {
    use super::{Completion, Completions, Session};
    use rustyline::completion::{Completer, FilenameCompleter, Pair};
    use rustyline::error::ReadlineError;
    use rustyline::highlight::Highlighter;
    use rustyline::hint::Hinter;
    use rustyline::history::DefaultHistory;
    use rustyline::validate::Validator;
    use rustyline::{CompletionType, Config, Context, Editor};
    use std::io::Write;

    /// Completion candidates, refreshed from the session before each line.
    #[derive(Default)]
    struct Helper {
        words: Completions,
        files: FilenameCompleter,
    }

    impl Completer for Helper {
        type Candidate = Pair;
        fn complete(
            &self,
            line: &str,
            pos: usize,
            ctx: &Context<'_>,
        ) -> rustyline::Result<(usize, Vec<Pair>)> {
            match self.words.complete(line, pos) {
                Completion::Files => self.files.complete(line, pos, ctx),
                Completion::Words(start, words) => Ok((
                    start,
                    words
                        .into_iter()
                        .map(|w| Pair {
                            display: w.clone(),
                            replacement: w,
                        })
                        .collect(),
                )),
            }
        }
    }
    impl Hinter for Helper {
        type Hint = String;
    }
    impl Highlighter for Helper {}
    impl Validator for Helper {}
    impl rustyline::Helper for Helper {}

    pub(super) fn run(session: &mut Session, out: &mut impl Write) -> Result<(), String> {
        let config = Config::builder()
            .completion_type(CompletionType::List)
            .auto_add_history(true)
            .build();
        let mut editor: Editor<Helper, DefaultHistory> =
            Editor::with_config(config).map_err(|e| e.to_string())?;
        editor.set_helper(Some(Helper::default()));
        session.on_thinking(|line| {
            let mut out = std::io::stdout();
            let _ = writeln!(out, "{line}");
            let _ = out.flush();
        });
        let io = |e: std::io::Error| e.to_string();
        loop {
            out.flush().map_err(io)?;
            if let Some(h) = editor.helper_mut() {
                h.words = session.completions();
            }
            let line = editor.readline(&session.prompt());
            match line {
                Ok(line) => {
                    let reply = session.handle(&line);
                    out.write_all(reply.text.as_bytes()).map_err(io)?;
                    if reply.quit {
                        break;
                    }
                }
                Err(ReadlineError::Interrupted) => {
                    writeln!(out, "(Ctrl-C: `quit` or Ctrl-D leaves)").map_err(io)?;
                }
                Err(ReadlineError::Eof) => break,
                Err(e) => return Err(e.to_string()),
            }
        }
        out.flush().map_err(io)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(size: i64) -> Session {
        let start = Start {
            file: "tests/data/square.game".into(),
            overrides: Overrides {
                sets: vec![],
                size: Some(size),
            },
            moves: None,
            computer: None,
            budget: Budget::Playouts(50),
            seed: 1,
            colour: false,
        };
        Session::start(&start).expect("the fixture loads").0
    }

    fn words(c: Completion) -> Vec<String> {
        match c {
            Completion::Words(_, w) => w,
            Completion::Files => vec!["<files>".into()],
        }
    }

    #[test]
    fn completion_offers_commands_moves_and_arguments() {
        let mut s = session(3);
        let c = s.completions();
        let first = words(c.complete("", 0));
        assert!(first.contains(&"undo".to_string()) && first.contains(&"b2".to_string()));
        assert_eq!(words(c.complete("un", 2)), ["undo"]);
        assert_eq!(
            words(c.complete("R", 1)),
            ["redo", "random", "reload", "rules"]
        );
        assert_eq!(words(c.complete("why b", 5)), ["b1", "b2", "b3"]);
        assert_eq!(
            c.complete("why b", 5),
            Completion::Words(4, vec!["b1".into(), "b2".into(), "b3".into()])
        );
        assert_eq!(c.complete("save ga", 7), Completion::Files);
        assert_eq!(c.complete("load ", 5), Completion::Files);
        assert_eq!(words(c.complete("computer w", 10)), ["white"]);
        assert_eq!(words(c.complete("set s", 5)), ["size="]);
        assert!(words(c.complete("undo 2", 6)).is_empty());
        // Legal moves only: after b2 a1, neither is offered, and the swap is not either.
        s.handle("b2 a1");
        let c = s.completions();
        assert_eq!(words(c.complete("a", 1)), ["ai", "a2", "a3"]);
        assert_eq!(words(c.complete("c2 a", 4)), ["a2", "a3"]);
        // A cursor inside a multi-byte character does not panic.
        assert!(words(c.complete("é", 1)).len() > 10);
    }

    #[test]
    fn a_failing_command_leaves_the_session_as_it_was() {
        let mut s = session(3);
        s.handle("b2");
        let before = (s.state().clone(), s.move_texts(), s.redo.clone());
        for bad in [
            "b2",
            "size 1",
            "set x=1",
            "load /nowhere",
            "why",
            "redo",
            "zz",
        ] {
            let r = s.handle(bad);
            assert_eq!(r.text.lines().count(), 1, "{bad}: {}", r.text);
            assert!(!r.quit);
            assert_eq!(
                (s.state().clone(), s.move_texts(), s.redo.clone()),
                before,
                "{bad}"
            );
        }
    }

    #[test]
    fn did_you_mean_and_one_line_reports() {
        assert_eq!(distance("undp", "undo"), 1);
        assert_eq!(distance("", "ab"), 2);
        assert_eq!(distance("kitten", "sitting"), 3);
        let s = session(3);
        assert_eq!(
            s.unknown("hlep", "x"),
            "`hlep` is not a command: did you mean `help`? (`help` lists them)"
        );
        assert_eq!(
            s.unknown("q9", "no such point"),
            "no such point (`help` lists the commands)"
        );
        let report = "error: --size 99: 99 is out of the range of `size`\n  --> f:1:1\n   = hint: `size` goes from 2 to 26\nf: 1 error in the rule file\n";
        assert_eq!(
            one_line_report("`size 99`", report),
            "`size 99`: 99 is out of the range of `size` (`size` goes from 2 to 26)"
        );
    }

    #[test]
    fn the_computer_says_it_is_thinking_before_each_search() {
        let mut s = session(5);
        let seen = std::rc::Rc::new(std::cell::RefCell::new(Vec::<String>::new()));
        let log = seen.clone();
        s.on_thinking(move |line| log.borrow_mut().push(line.to_string()));
        s.handle("computer white");
        assert!(seen.borrow().is_empty(), "black moves first");
        let r = s.handle("c3");
        assert!(r.text.contains("white (computer) plays "), "{}", r.text);
        s.handle("hint 20");
        assert_eq!(
            *seen.borrow(),
            ["thinking (50 playouts)...", "thinking (20 playouts)..."]
        );
        assert!(s.handle("quit").quit || s.handle("quit").quit);
    }

    #[test]
    fn wrap_keeps_lines_short() {
        let w: Vec<String> = (0..30).map(|i| format!("m{i}")).collect();
        let text = wrap(&w, 20, "  ");
        assert!(text.lines().all(|l| l.len() <= 22), "{text}");
        assert_eq!(text.split_whitespace().count(), 30);
    }
}
