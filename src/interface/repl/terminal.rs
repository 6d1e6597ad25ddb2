//! The interactive side: rustyline's line editing, history and completion from the
//! session. Several lines pasted at once run one after the other (bracketed paste is
//! off, so they arrive as typed keys, and keys typed ahead are kept between prompts);
//! Ctrl-D
//! is `quit`, with its warning; the command history is kept between sessions in
//! `weft/history.txt` under the user's data directory.

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

/// Where the command history is kept: `weft/history.txt` in the user's data directory
/// (`$XDG_DATA_HOME` or `~/.local/share` on Linux), if there is one.
fn history_file() -> Option<std::path::PathBuf> {
    Some(dirs::data_dir()?.join("weft").join("history.txt"))
}

pub(super) fn run(session: &mut Session, out: &mut impl Write) -> Result<(), super::ReplError> {
    // Without bracketed paste, pasted lines arrive as typed keys and each runs at once.
    let config = Config::builder()
        .completion_type(CompletionType::List)
        .bracketed_paste(false)
        .max_history_size(1000)
        .map_err(|e| super::ReplError::Terminal(e.to_string()))?
        .build();
    let mut editor: Editor<Helper, DefaultHistory> =
        Editor::with_config(config).map_err(|e| super::ReplError::Terminal(e.to_string()))?;
    editor.set_helper(Some(Helper::default()));
    let history = history_file();
    if let Some(path) = &history {
        // A missing file is a first session; an unreadable one starts empty.
        let _ = editor.load_history(path);
    }
    session.on_thinking(|line| {
        let mut out = std::io::stdout();
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    });
    out.write_all(session.begin().as_bytes())?;
    let mut history_warned = false;
    loop {
        out.flush()?;
        if let Some(h) = editor.helper_mut() {
            h.words = session.completions();
        }
        let line = editor.readline(&session.prompt());
        let reply = match line {
            // Several lines in one entry (a terminal's bracketed paste): run each.
            Ok(text) => {
                let mut quit = false;
                for (i, line) in text.lines().enumerate() {
                    if line.trim().is_empty() {
                        continue;
                    }
                    let _ = editor.add_history_entry(line);
                    if i > 0 {
                        writeln!(out, "{}{line}", session.prompt())?;
                    }
                    let reply = session.handle(line);
                    out.write_all(reply.text.as_bytes())?;
                    out.flush()?;
                    if reply.quit {
                        quit = true;
                        break;
                    }
                }
                super::Reply {
                    text: String::new(),
                    quit,
                }
            }
            Err(ReadlineError::Interrupted) => super::Reply {
                text: "(Ctrl-C clears the line; `quit` or Ctrl-D leaves)\n".into(),
                quit: false,
            },
            Err(ReadlineError::Eof) => session.end_of_input(),
            Err(e) => return Err(super::ReplError::Terminal(e.to_string())),
        };
        out.write_all(reply.text.as_bytes())?;
        if let Some(path) = &history {
            let saved = path
                .parent()
                .map_or(Ok(()), std::fs::create_dir_all)
                .map_err(|e| e.to_string())
                .and_then(|()| editor.save_history(path).map_err(|e| e.to_string()));
            if let (Err(e), false) = (saved, history_warned) {
                history_warned = true;
                writeln!(
                    out,
                    "(the command history cannot be kept in {}: {e})",
                    path.display()
                )?;
            }
        }
        if reply.quit {
            break;
        }
    }
    out.flush()?;
    Ok(())
}
