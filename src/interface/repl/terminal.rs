//! The interactive side: rustyline's line editing, history and completion from the
//! session.

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

pub(super) fn run(session: &mut Session, out: &mut impl Write) -> Result<(), super::ReplError> {
    let config = Config::builder()
        .completion_type(CompletionType::List)
        .auto_add_history(true)
        .build();
    let mut editor: Editor<Helper, DefaultHistory> =
        Editor::with_config(config).map_err(|e| super::ReplError::Terminal(e.to_string()))?;
    editor.set_helper(Some(Helper::default()));
    session.on_thinking(|line| {
        let mut out = std::io::stdout();
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    });
    loop {
        out.flush()?;
        if let Some(h) = editor.helper_mut() {
            h.words = session.completions();
        }
        let line = editor.readline(&session.prompt());
        match line {
            Ok(line) => {
                let reply = session.handle(&line);
                out.write_all(reply.text.as_bytes())?;
                if reply.quit {
                    break;
                }
            }
            Err(ReadlineError::Interrupted) => {
                writeln!(out, "(Ctrl-C: `quit` or Ctrl-D leaves)")?;
            }
            Err(ReadlineError::Eof) => break,
            Err(e) => return Err(super::ReplError::Terminal(e.to_string())),
        }
    }
    out.flush()?;
    Ok(())
}
