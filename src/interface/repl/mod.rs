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
//! `hint` reports) the best move found so far; that holds from the computer's first
//! move on, which is made after the first screen is shown. At the line editor's prompt
//! Ctrl-C clears the line and says how to leave (`quit` or Ctrl-D, which warn once
//! about an unsaved game); reading a script, it ends the program.
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
use std::io::{IsTerminal, Write};
use std::sync::Arc;

mod commands;
mod completion;
mod computer;
mod ending;
mod estimate;
mod files;
mod interrupt;
mod lines;
mod notation;
mod picture;
mod session;
mod table;
mod terminal;

pub use completion::{Completion, Completions};
pub use computer::measure;
pub use session::Session;

/// Why a session could not run.
#[derive(Debug, thiserror::Error)]
pub enum ReplError {
    /// The session could not start: the rule file, `--moves` or `--computer`.
    #[error("{0}")]
    Start(String),
    /// Reading input or writing output failed (a closed pipe among them).
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// The line editor failed.
    #[error("{0}")]
    Terminal(String),
}

/// What one command produced.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reply {
    /// The text to print (ends with a newline unless empty).
    pub text: String,
    /// Whether the session should end.
    pub quit: bool,
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
    /// The computer's tree may take this many MiB.
    pub memory: u64,
    pub seed: u64,
    pub colour: bool,
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

/// Runs the REPL on stdin: with line editing when stdin is a terminal, else one command
/// per line (for scripts; the computer's "thinking" notices then go to stderr). Output
/// goes to `out`. The first screen is shown before the computer's first move.
pub fn run(start: &Start, out: &mut impl Write) -> Result<(), ReplError> {
    // Installed before anything can search, so that Ctrl-C stops the first search too.
    interrupt::install();
    let (mut session, banner) = Session::start(start).map_err(ReplError::Start)?;
    out.write_all(banner.as_bytes())?;
    out.flush()?;
    if std::io::stdin().is_terminal() {
        return terminal::run(&mut session, out);
    }
    session.on_thinking(crate::interface::notice::note_line);
    out.write_all(session.begin().as_bytes())?;
    let mut input = std::io::stdin().lock();
    let mut buf = Vec::new();
    loop {
        match lines::read(&mut input, &mut buf)? {
            lines::Line::End => break,
            lines::Line::Skipped => {
                out.write_all(lines::skipped_note().as_bytes())?;
                continue;
            }
            lines::Line::Text => {}
        }
        let line = String::from_utf8_lossy(&buf);
        let reply = session.handle(&line);
        out.write_all(reply.text.as_bytes())?;
        if reply.quit {
            break;
        }
    }
    out.flush()?;
    Ok(())
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
            memory: ai::DEFAULT_MEMORY_MIB,
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
        assert_eq!(words(c.complete("moves c", 7)), ["c1", "c2", "c3"]);
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
        let s = session(3);
        assert_eq!(
            s.unknown("hlep"),
            "`hlep` is not a command: did you mean `help`? (`help` lists them)"
        );
        // A swapped pair of letters is one edit: `qiut` is nearer `quit` than `hint`.
        assert_eq!(
            s.unknown("qiut"),
            "`qiut` is not a command: did you mean `quit`? (`help` lists them)"
        );
        assert_eq!(
            s.unknown("q9"),
            "`q9` is not a move: q9 is not on the board (columns a to c, rows 1 to 3) (`help` lists the commands)"
        );
        let text = "game \"t\"\nparam size = 3 in 2 to 26\nplayers black white\nboard square size\nedges top bottom: black\nedges left right: white\npiece stone\nturn: place stone on empty\nwin: connect own edges\n";
        let o = Overrides {
            sets: vec![],
            size: Some(99),
        };
        let report = crate::lang::load_str("f", text, &o).unwrap_err();
        assert_eq!(
            report.one_line("`size 99`"),
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
        assert!(!s.handle("quit").quit, "the game is not saved");
        assert!(s.handle("quit").quit);
    }

    #[test]
    fn wrap_keeps_lines_short() {
        let w: Vec<String> = (0..30).map(|i| format!("m{i}")).collect();
        let text = commands::wrap(&w, 20, "  ");
        assert!(text.lines().all(|l| l.len() <= 22), "{text}");
        assert_eq!(text.split_whitespace().count(), 30);
    }
}
