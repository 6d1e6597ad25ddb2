//! `weft fmt FILE... [--check | --write]`: the canonical layout of rule files (see
//! `lang::format`). Without a flag it prints the layout of one file (`-` reads standard
//! input), so nothing is overwritten unless asked; `--check` names the files not in
//! their canonical layout (exit 1 if any); `--write` rewrites those files in place.

use super::error::CliError;
use crate::lang::diagnostic::{Diagnostics, Source};
use crate::lang::format::{format, FormatError};
use crate::lang::{read, LoadError};
use clap::Args;
use std::io::Write;

#[derive(Args, Debug)]
pub struct FmtArgs {
    /// Rule files (`-` reads standard input)
    #[arg(required = true, value_name = "FILE")]
    files: Vec<String>,
    /// Change nothing: name each file whose layout differs, and exit 1 if one does
    #[arg(long, conflicts_with = "write")]
    check: bool,
    /// Rewrite in place each file whose layout differs
    #[arg(long)]
    write: bool,
}

pub fn run(a: FmtArgs, out: &mut impl Write) -> Result<(), CliError> {
    if !a.check && !a.write && a.files.len() != 1 {
        return Err(CliError::Usage(
            "weft fmt prints the layout of one file; give --check or --write for several"
                .to_string(),
        ));
    }
    if a.write && a.files.iter().any(|f| f == "-") {
        return Err(CliError::Usage(
            "--write cannot rewrite standard input; leave it out to print the layout".to_string(),
        ));
    }
    let mut differ = 0;
    for path in &a.files {
        let text = read(path)?;
        let formatted = format(&text).map_err(|e| failure(path, &text, e))?;
        if a.check {
            if formatted != text {
                differ += 1;
                writeln!(out, "{path}: {}", first_difference(&text, &formatted))?;
            }
        } else if a.write {
            if formatted != text {
                crate::interface::output::write_atomic(path, formatted.as_bytes(), true)
                    .map_err(|e| CliError::Input(e.to_string()))?;
                writeln!(out, "formatted {path}")?;
            }
        } else {
            write!(out, "{formatted}")?;
        }
    }
    if differ > 0 {
        return Err(CliError::Input(format!(
            "{differ} file{} not in the canonical layout (`weft fmt --write FILE` lays {} out)",
            if differ == 1 { " is" } else { "s are" },
            if differ == 1 { "it" } else { "them" }
        )));
    }
    Ok(())
}

/// A file's text, or standard input's for `-`.
fn read(path: &str) -> Result<String, CliError> {
    let bytes = if path == "-" {
        read::read_stream(std::io::stdin().lock())
    } else {
        read::read_bytes(path)
    };
    let bytes = bytes.map_err(|source| LoadError::Read {
        path: path.to_string(),
        source,
    })?;
    Ok(read::text_of(path, bytes)?)
}

/// Why a file was not formatted, as the command's error.
fn failure(path: &str, text: &str, e: FormatError) -> CliError {
    match e {
        FormatError::Syntax(diagnostics) => CliError::Load(LoadError::Rules(Diagnostics {
            source: Source::new(path, text),
            diagnostics,
        })),
        FormatError::Changed(what) => CliError::Input(format!(
            "{path}: not formatted: the layout would change what the file says ({what}); \
             this is a bug of weft fmt"
        )),
    }
}

/// Where two texts first differ, in words: `line 4: `edges top bottom :black``.
fn first_difference(before: &str, after: &str) -> String {
    let mut a = before.lines();
    let mut b = after.lines();
    let mut line = 1;
    loop {
        match (a.next(), b.next()) {
            (Some(x), Some(y)) if x == y => line += 1,
            (Some(x), _) => return format!("line {line} would change: `{}`", x.trim_end()),
            (None, Some(_)) => return format!("line {line} would be added"),
            (None, None) => return "the line breaks would change".to_string(),
        }
    }
}
