//! `weft lsp`: the language server for editors, over standard input and output (see
//! `interface::lsp`). Exits with 0 after the editor's `shutdown` and `exit`, 1 if the
//! editor ends the session without `shutdown`.

use super::error::CliError;
use crate::interface::lsp::{serve, Ending};
use clap::Args;
use std::io::Write;

#[derive(Args, Debug)]
pub struct LspArgs {}

pub fn run(_a: LspArgs, out: &mut impl Write) -> Result<(), CliError> {
    let stdin = std::io::stdin();
    match serve(&mut stdin.lock(), out)? {
        Ending::Clean => Ok(()),
        Ending::Abrupt => Err(CliError::Input(
            "weft lsp: the editor ended the session without asking the server to shut down"
                .to_string(),
        )),
    }
}
