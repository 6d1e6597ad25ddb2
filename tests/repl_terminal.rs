//! `weft play` in a real terminal: each test runs it inside its own tmux server and
//! reads the screen as a person would see it (`capture-pane`), for what only a terminal
//! shows: the first screen before the computer's first move and Ctrl-C during it,
//! several lines pasted at once, Ctrl-D and Ctrl-C at the prompt, the command history
//! kept between sessions, and the players' colours.
//!
//! tmux is required (`.ci/run` installs it on Debian): without it these tests fail,
//! they do not skip. The time limits only turn a hang into a failure.

use crate::repl::scratch;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// A terminal of 110 columns by 60 rows running one command, in a tmux server of its
/// own (killed on drop).
struct Term {
    /// The tmux server's socket, removed on drop.
    socket: PathBuf,
}

/// A word quoted for the shell.
fn quote(word: &str) -> String {
    format!("'{}'", word.replace('\'', "'\\''"))
}

impl Term {
    fn tmux(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .arg("-S")
            .arg(&self.socket)
            .args(args)
            .output()
            .unwrap_or_else(|e| {
                panic!("tmux runs ({e}): the terminal tests need tmux (`.ci/run` installs it)")
            });
        assert!(
            out.status.success(),
            "tmux {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Starts `weft ARGS` with its data directory (for the history) in `data`; when it
    /// ends, the terminal shows `EXIT=code`.
    fn start(name: &str, args: &[&str], data: &Path) -> Term {
        let t = Term {
            socket: data.join(format!("{name}.tmux")),
        };
        let mut cmd = format!(
            "env -u NO_COLOR XDG_DATA_HOME={} {}",
            quote(data.to_str().expect("a UTF-8 path")),
            quote(env!("CARGO_BIN_EXE_weft"))
        );
        for a in args {
            cmd.push(' ');
            cmd.push_str(&quote(a));
        }
        cmd.push_str("; echo EXIT=$?; sleep 600");
        t.tmux(&[
            "-f",
            "/dev/null",
            "new-session",
            "-d",
            "-x",
            "110",
            "-y",
            "60",
            "-c",
            env!("CARGO_MANIFEST_DIR"),
            &cmd,
        ]);
        t
    }

    /// Presses keys (tmux key names: `Enter`, `C-c`, `C-d`, `Up`).
    fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "0"];
        args.extend_from_slice(keys);
        self.tmux(&args);
    }

    /// Types text, then Enter.
    fn line(&self, text: &str) {
        self.tmux(&["send-keys", "-t", "0", "-l", text]);
        self.keys(&["Enter"]);
    }

    /// The screen and what scrolled off it, as text.
    fn screen(&self) -> String {
        self.tmux(&["capture-pane", "-p", "-t", "0", "-S", "-1000"])
    }

    /// The visible screen with its colours (ANSI codes).
    fn coloured(&self) -> String {
        self.tmux(&["capture-pane", "-p", "-e", "-t", "0"])
    }

    /// Waits until the screen shows `needle` `times` times, and returns it.
    fn wait_n(&self, needle: &str, times: usize) -> String {
        let start = Instant::now();
        loop {
            let s = self.screen();
            if s.matches(needle).count() >= times {
                return s;
            }
            assert!(
                start.elapsed() < Duration::from_secs(180),
                "no {needle:?} (x{times}) on the screen:\n{s}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn wait(&self, needle: &str) -> String {
        self.wait_n(needle, 1)
    }
}

impl Drop for Term {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .arg("-S")
            .arg(&self.socket)
            .arg("kill-server")
            .output();
        let _ = std::fs::remove_file(&self.socket);
    }
}

/// A scratch directory (the data directory and the tmux sockets), removed on drop: it
/// is declared before the terminals, so dropped after them.
struct Scratch(PathBuf);

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn data_dir(name: &str) -> Scratch {
    Scratch(scratch(&format!("term-{name}")))
}

/// Bug 3 of issue 17: with the computer to move first, the title and the board are on
/// the screen while it thinks, and Ctrl-C stops its search instead of the program.
#[test]
fn the_first_screen_comes_before_the_computers_first_move_and_ctrl_c_stops_it() {
    let data = data_dir("first");
    let t = Term::start(
        "first",
        &[
            "play",
            "games/crossway.game",
            "--size",
            "9",
            "--computer",
            "black",
            "--budget",
            "120s",
            "--seed",
            "1",
        ],
        &data,
    );
    let s = t.wait("thinking (120s)...");
    assert!(s.starts_with("Crossway, 9x9 (size=9). Type a move"), "{s}");
    assert!(s.contains("\n9 ┃ . . . . . . . . . ┃ 9\n"), "{s}");
    assert!(s.contains("move 1: X black (computer) to play\n"), "{s}");
    t.keys(&["C-c"]);
    let s = t.wait("[2] white>");
    assert!(s.contains("(stopped by Ctrl-C)"), "{s}");
    assert!(s.contains("black (computer) plays "), "{s}");
    assert!(!s.contains("EXIT="), "the program ended:\n{s}");
    t.line("quit");
    t.wait("is not saved");
    t.line("quit");
    t.wait("EXIT=0");
}

/// Bug 4 of issue 17: lines pasted at once all run, in order.
#[test]
fn several_lines_pasted_at_once_all_run() {
    let data = data_dir("paste");
    let t = Term::start(
        "paste",
        &["play", "games/crossway.game", "--size", "5"],
        &data,
    );
    t.wait("[1] black>");
    t.tmux(&["set-buffer", "c3\nd4\nhistory\n"]);
    t.tmux(&["paste-buffer", "-t", "0"]);
    let s = t.wait("  2. white d4");
    assert!(s.contains("2 moves: c3 d4\n  1. black c3\n"), "{s}");
    // Keys typed ahead while a command runs are kept too.
    t.tmux(&["send-keys", "-t", "0", "-l", "b2\ra1\rhistory\r"]);
    t.wait("  4. white a1");
}

/// Bug 2 of issue 17 in a terminal: Ctrl-D with unsaved moves warns once; a second
/// Ctrl-D leaves. With nothing played, it leaves at once.
#[test]
fn ctrl_d_warns_before_leaving_an_unsaved_game() {
    let data = data_dir("eof");
    let t = Term::start(
        "eof",
        &["play", "games/crossway.game", "--size", "5"],
        &data,
    );
    t.wait("[1] black>");
    t.line("c3");
    t.wait("[2] white>");
    t.keys(&["C-d"]);
    let s = t.wait("`quit` (or Ctrl-D) again leaves");
    assert!(s.contains("the game (1 move) is not saved"), "{s}");
    std::thread::sleep(Duration::from_millis(300));
    assert!(!t.screen().contains("EXIT="), "{}", t.screen());
    t.keys(&["C-d"]);
    t.wait("EXIT=0");

    let t = Term::start(
        "eof2",
        &["play", "games/crossway.game", "--size", "5"],
        &data,
    );
    t.wait("[1] black>");
    t.keys(&["C-d"]);
    t.wait("EXIT=0");
}

/// Ctrl-C at the prompt clears the line and says how to leave; the game goes on (the
/// README says so).
#[test]
fn ctrl_c_at_the_prompt_keeps_the_game() {
    let data = data_dir("intr");
    let t = Term::start(
        "intr",
        &["play", "games/crossway.game", "--size", "5"],
        &data,
    );
    t.wait("[1] black>");
    t.line("c3");
    t.wait("[2] white>");
    t.keys(&["C-c"]);
    t.wait("(Ctrl-C clears the line; `quit` or Ctrl-D leaves)");
    t.line("history");
    let s = t.wait("  1. black c3");
    assert!(!s.contains("EXIT="), "{s}");
}

/// The command history is kept in the user's data directory between sessions.
#[test]
fn the_command_history_is_kept_between_sessions() {
    let data = data_dir("history");
    let t = Term::start(
        "hist1",
        &["play", "games/crossway.game", "--size", "5"],
        &data,
    );
    t.wait("[1] black>");
    t.line("why b2");
    t.wait("b2 is legal");
    t.keys(&["C-d"]);
    t.wait("EXIT=0");
    let file = data.join("weft").join("history.txt");
    let kept = std::fs::read_to_string(&file).expect("the history file");
    assert!(kept.contains("why b2\n"), "{kept}");

    let t = Term::start(
        "hist2",
        &["play", "games/crossway.game", "--size", "5"],
        &data,
    );
    t.wait("[1] black>");
    t.keys(&["Up"]);
    t.wait("[1] black> why b2");
}

/// Crossings' first player is white: its pieces are drawn in the light tone (orange)
/// and black's in the dark tone (blue), as in the pictures.
#[test]
fn colours_follow_the_players_names() {
    let data = data_dir("colour");
    let t = Term::start("colour", &["play", "games/crossings.game"], &data);
    t.wait("[1] white>");
    let s = t.coloured();
    // A line's text without its escape codes.
    let plain = |l: &str| {
        let mut out = String::new();
        let mut escape = false;
        for c in l.chars() {
            match (escape, c) {
                (false, '\u{1b}') => escape = true,
                (true, 'm') => escape = false,
                (true, _) => {}
                (false, c) => out.push(c),
            }
        }
        out
    };
    let row = |n: &str| {
        s.lines()
            .find(|l| plain(l).starts_with(n))
            .unwrap_or_else(|| panic!("no row {n}:\n{s}"))
            .to_string()
    };
    assert!(row("1 ").contains("38;5;208mO"), "{:?}", row("1 "));
    assert!(row("8 ").contains("38;5;33mX"), "{:?}", row("8 "));
}

/// Every shipped game's first screen in a terminal: framed in box-drawing lines, each
/// row numbered at both ends.
#[test]
fn every_shipped_board_is_framed_in_a_terminal() {
    let data = data_dir("boards");
    for file in crate::common::game_files() {
        let name = file.file_stem().unwrap().to_string_lossy().into_owned();
        let path = file.to_string_lossy().into_owned();
        let t = Term::start(&format!("board-{name}"), &["play", &path], &data);
        let s = t.wait("[1] ");
        assert!(
            s.contains('━') || s.contains('─'),
            "{name}: no frame line:\n{s}"
        );
        assert!(
            s.lines()
                .any(|l| l.trim_start().starts_with("1 ") && l.trim_end().ends_with(" 1")),
            "{name}: row 1 is not numbered at both ends:\n{s}"
        );
    }
}
