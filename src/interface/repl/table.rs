//! The command table: every command's name, aliases, arguments and one-line help, the
//! lookup of a word (names and aliases, any case), and `help`.

/// A command's name, aliases, arguments and one-line description.
pub(super) struct CommandInfo {
    pub(super) name: &'static str,
    pub(super) aliases: &'static [&'static str],
    pub(super) args: &'static str,
    pub(super) help: &'static str,
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

pub(super) const COMMANDS: &[CommandInfo] = &[
    cmd(
        "moves",
        &["m"],
        "[CELL]",
        "list the legal moves (or those that start or end at CELL)",
    ),
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
        "selfplay",
        &[],
        "[N]",
        "the computer plays both sides for N moves (to the end without N)",
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
        "picture",
        &[],
        "FILE [--why MOVE]",
        "draw the position as an SVG picture (--why highlights why a move is illegal)",
    ),
    cmd(
        "history",
        &[],
        "",
        "the moves so far, as `--moves` takes them and numbered",
    ),
    cmd(
        "help",
        &["h", "?"],
        "[COMMAND]",
        "this list; `help moves` says how moves are written",
    ),
    cmd("quit", &["q", "exit"], "", "leave"),
];

/// The command a word names, if any (names and aliases, any case).
pub(super) fn lookup(word: &str) -> Option<&'static CommandInfo> {
    let w = word.to_ascii_lowercase();
    COMMANDS
        .iter()
        .find(|c| c.name == w || c.aliases.contains(&w.as_str()))
}

pub(super) fn cmd_help(rest: &str) -> Result<String, String> {
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
        "  MOVE [MOVE...]             play it, in the notation `moves` prints (`help moves` explains it)\n",
    );
    for c in COMMANDS {
        out.push_str(&line(c));
    }
    out.push_str("BUDGET is a number of playouts (2000) or a time (2s, 500ms). Tab completes commands and moves.\n");
    out.push_str("Ctrl-C stops the computer's search; at the prompt it clears the line. `quit` or Ctrl-D leaves (asking first if the game is not saved).\n");
    Ok(out)
}
