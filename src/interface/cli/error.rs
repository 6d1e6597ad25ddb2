//! What can go wrong in a command, by kind, with the exit code each kind gives:
//! 0 success (and a closed pipe: the reader went away, as in `weft check | head`),
//! 1 a rule-file or input error, 2 a usage error (a command-line value out of its
//! range, also where the rule file gives the range), 130 interrupted.

use crate::engine::state::ReplayError;
use crate::lang::LoadError;
use crate::tools::solve::SolveError;
use std::io;

/// A command's failure.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// The command line asks for something that cannot be (exit 2).
    #[error("{0}")]
    Usage(String),
    /// The rule file could not be read or has problems (exit 1).
    #[error(transparent)]
    Load(#[from] LoadError),
    /// `--moves` could not be played (exit 1).
    #[error("--moves: {0}")]
    Moves(#[from] ReplayError),
    /// The solver could not solve the position (exit 1; 2 for impossible options).
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// Other input that cannot be used: a record, a game that is already over (exit 1).
    #[error("{0}")]
    Input(String),
    /// Reading or writing failed (exit 1; a closed pipe ends quietly with 0).
    #[error("{0}")]
    Io(#[from] io::Error),
    /// Interrupted by the user (exit 130).
    #[error("interrupted")]
    Interrupted,
}

impl From<crate::interface::repl::ReplError> for CliError {
    fn from(e: crate::interface::repl::ReplError) -> CliError {
        use crate::interface::repl::ReplError;
        match e {
            ReplError::Io(e) => CliError::Io(e),
            other => CliError::Input(other.to_string()),
        }
    }
}

impl CliError {
    /// The process's exit code for this failure.
    pub fn exit_code(&self) -> i32 {
        match self {
            CliError::Usage(_) | CliError::Solve(SolveError::Options(_)) => 2,
            // `--set size=99` out of the parameter's range is a malformed command line.
            CliError::Load(LoadError::Rules(d)) if d.from_command_line() => 2,
            CliError::Io(e) if is_closed_pipe(e) => 0,
            CliError::Interrupted => 130,
            _ => 1,
        }
    }

    /// Whether the error ends the command without a message (a closed pipe).
    pub fn is_quiet(&self) -> bool {
        matches!(self, CliError::Io(e) if is_closed_pipe(e))
    }
}

/// Whether writing failed because the reader went away.
pub fn is_closed_pipe(e: &io::Error) -> bool {
    e.kind() == io::ErrorKind::BrokenPipe
}
