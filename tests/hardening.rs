//! Hostile input (issue 18): each defect found by attacking weft as a hostile user would,
//! pinned with the full text weft now gives. Nothing panics, aborts, hangs or grows
//! without bound; every refusal says what is wrong and where.

use crate::common::{project, stderr, stdout, weft};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use weft::interface::repl::{Session, Start};
use weft::tools::ai::Budget;
use weft::Overrides;

/// A fresh folder for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("weft-harden-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The text of a shipped game.
fn game(name: &str) -> String {
    std::fs::read_to_string(project(&format!("games/{name}.game"))).unwrap()
}

/// What loading `text` (named `t.game`) reports, or "OK".
fn report(text: &str) -> String {
    match weft::load_str("t.game", text, &Overrides::default()) {
        Ok(_) => "OK".to_string(),
        Err(r) => r.to_string(),
    }
}

/// A REPL session on a rule file, as `weft play FILE --size SIZE` starts it.
fn session(path: &std::path::Path, size: i64) -> Session {
    let start = Start {
        file: path.to_str().unwrap().to_string(),
        overrides: Overrides {
            sets: vec![],
            size: Some(size),
        },
        moves: None,
        computer: None,
        budget: Budget::Playouts(50),
        memory: 64,
        seed: 1,
        colour: false,
    };
    Session::start(&start).unwrap().0
}

/// Runs `weft` through `sh -c` (for limits and pipes), from the project's root.
fn shell(script: &str) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(script)
        .env("WEFT", env!("CARGO_BIN_EXE_weft"))
        .env("NO_COLOR", "1")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .output()
        .expect("sh runs")
}

// 1. Nesting depth.

/// Crossway with its placement condition replaced.
fn crossway_placing_on(condition: &str) -> String {
    game("crossway").replace(
        "turn: place stone on empty",
        &format!("turn: place stone on {condition}"),
    )
}

#[test]
fn nesting_deeper_than_the_limit_is_an_error_at_the_level_too_many() {
    let parens = |n: usize| format!("{}empty{}", "(".repeat(n), ")".repeat(n));
    assert_eq!(report(&crossway_placing_on(&parens(64))), "OK");
    // `not (` is two levels: the 33rd `not` is the 65th level, at column 182; the
    // line (224 characters) is cut to its last 120.
    let text = crossway_placing_on(&format!("{}empty{}", "not (".repeat(33), ")".repeat(33)));
    assert_eq!(
        report(&text),
        format!(
            "error: nested too deeply: more than 64 levels of parentheses and `not`\n  \
             --> t.game:22:182\n   |\n22 | ...{shown}\n   | {pad}^^^\n   = hint: write the \
             condition with fewer levels (`not not` cancels out)\nt.game: 1 error in the rule file\n",
            shown = &text.lines().nth(21).unwrap()[104..],
            pad = " ".repeat(3 + 181 - 104),
        )
    );
    // A chain of `not`s without parentheses, and a `while` condition, are limited alike.
    let r = report(&crossway_placing_on(&format!("{}empty", "not ".repeat(65))));
    assert!(r.starts_with("error: nested too deeply"), "{r}");
    let guard = format!("{}count stone < 3{}", "(".repeat(65), ")".repeat(65));
    let r = report(&game("crossway").replace("turn:", &format!("turn while {guard}:")));
    assert!(r.starts_with("error: nested too deeply"), "{r}");
}

#[test]
fn a_file_nested_thousands_deep_is_refused_not_a_stack_overflow() {
    let dir = scratch("deep");
    for (name, condition) in [
        (
            "parens",
            format!("{}empty{}", "not (".repeat(7000), ")".repeat(7000)),
        ),
        ("nots", format!("{}empty", "not ".repeat(100_000))),
    ] {
        let path = dir.join(format!("{name}.game"));
        std::fs::write(&path, crossway_placing_on(&condition)).unwrap();
        for command in ["rules", "fmt"] {
            let o = weft(&[command, path.to_str().unwrap()]);
            assert_eq!(o.status.code(), Some(1), "{name} {command}: {}", stderr(&o));
            assert!(
                stderr(&o).starts_with(
                    "error: nested too deeply: more than 64 levels of parentheses and `not`"
                ),
                "{name} {command}: {}",
                stderr(&o)
            );
        }
    }
    // The REPL's `reload` after such an edit keeps the session and its game.
    let path = dir.join("edited.game");
    std::fs::write(&path, game("crossway")).unwrap();
    let mut session = session(&path, 5);
    session.handle("c3");
    std::fs::copy(dir.join("parens.game"), &path).unwrap();
    let reply = session.handle("reload").text;
    assert!(
        reply.starts_with(
            "reload failed, the old rules stay:\nerror: nested too deeply: more than 64 levels"
        ),
        "{reply}"
    );
    assert_eq!(
        session.handle("history").text,
        "1 move: c3\n  1. black c3\n"
    );
}

/// The `.rs` files under `dir`, recursively.
fn rust_files(dir: &std::path::Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn no_source_prints_with_a_macro_that_panics_on_a_closed_pipe() {
    // `print!`, `eprint!` and their kin panic when the pipe has closed (`weft solve ...
    // 2>&1 | head -1` exited 101 from a progress line): output goes through a writer
    // whose errors are handled, notes through `interface::notice`.
    let mut files = Vec::new();
    rust_files(&project("src"), &mut files);
    assert!(files.len() > 20, "{files:?}");
    let mut found = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for (i, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for mac in ["print!(", "println!(", "eprint!(", "eprintln!(", "dbg!("] {
                let hit = code.match_indices(mac).any(|(at, _)| {
                    !code[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_')
                });
                if hit {
                    found.push(format!("{}:{}: {}", file.display(), i + 1, line.trim()));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "use interface::notice (or a writer) instead:\n{}",
        found.join("\n")
    );
}

// 5. Input size and kind.

#[test]
fn only_regular_files_of_at_most_16_mib_are_read() {
    let dir = scratch("inputs");
    let fifo = dir.join("fifo");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let big = dir.join("big.game");
    std::fs::write(&big, vec![b'#'; (16 << 20) + 1]).unwrap();
    let record = dir.join("zero.json");
    let json = std::fs::read_to_string(project("tests/data/record.json")).unwrap();
    std::fs::write(&record, json.replace("games/crossway.game", "/dev/zero")).unwrap();
    let fifo = fifo.to_str().unwrap();
    let big = big.to_str().unwrap();
    for (args, message) in [
        (
            vec!["rules", "/dev/zero"],
            "cannot read /dev/zero: it is a character device, not a regular file\n".to_string(),
        ),
        (
            vec!["rules", fifo],
            format!("cannot read {fifo}: it is a named pipe, not a regular file\n"),
        ),
        (
            vec!["fmt", big],
            format!("cannot read {big}: it is larger than 16 MiB, the most weft reads\n"),
        ),
        (
            vec!["rules", "games"],
            "cannot read games: it is a directory, not a regular file\n".to_string(),
        ),
        (
            vec!["replay", "games/crossway.game", "--record", "/dev/zero"],
            "cannot read /dev/zero: it is a character device, not a regular file\n".to_string(),
        ),
    ] {
        let o = weft(&args);
        assert_eq!(
            (o.status.code(), stderr(&o)),
            (Some(1), message),
            "{args:?}"
        );
    }
    // In the REPL: `load` of a device, and a record whose rule file is one (and which
    // the game in play cannot stand in for).
    let out = shell(&format!(
        "printf 'load /dev/zero\nload {}\nquit\n' | \"$WEFT\" play games/hex.game --size 3",
        record.display()
    ));
    let text = stdout(&out);
    assert!(
        text.contains("/dev/zero is not a regular file, so not a saved game\n"),
        "{text}"
    );
    assert!(
        text.contains(
            "cannot read its rule file /dev/zero: it is a character device, not a regular file"
        ),
        "{text}"
    );
    assert_eq!(out.status.code(), Some(0));
}

// 6. Errors with a place.

#[test]
fn a_byte_that_is_not_utf8_is_pointed_at() {
    let dir = scratch("latin1");
    let path = dir.join("latin1.game");
    let mut bytes = game("crossway").into_bytes();
    bytes.splice(8..8, [0xE4]);
    std::fs::write(&path, &bytes).unwrap();
    let o = weft(&["rules", path.to_str().unwrap()]);
    let p = path.display();
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        format!(
            "error: the file is not UTF-8 text: the byte 0xE4 cannot stand here\n \
             --> {p}:1:9\n  |\n1 | # Crossw\\xE4ay (Mark Steere, 2007), as decided in RULES.md.\n  \
             |         ^^^^\n  = hint: weft reads rule files as UTF-8: save the file as UTF-8 \
             (in Latin-1 this byte is `\u{e4}`)\n{p}: 1 error in the rule file\n"
        )
    );
}

#[test]
fn a_byte_order_mark_and_any_line_ending_are_read() {
    let dir = scratch("endings");
    let crossway = game("crossway");
    for (name, text) in [
        ("bom", format!("\u{feff}{crossway}")),
        ("cr", crossway.replace('\n', "\r")),
        ("crlf", crossway.replace('\n', "\r\n")),
        (
            "bom-cr",
            format!("\u{feff}{}", crossway.replace('\n', "\r")),
        ),
    ] {
        let path = dir.join(format!("{name}.game"));
        std::fs::write(&path, &text).unwrap();
        let o = weft(&["rules", path.to_str().unwrap(), "--size", "5"]);
        assert_eq!(o.status.code(), Some(0), "{name}: {}", stderr(&o));
        assert!(
            stdout(&o).starts_with("Crossway by Mark Steere (2007)\n"),
            "{name}"
        );
        // In memory too (the editor's and the REPL's path), errors at the right place.
        let broken = text.replace("players black white", "players black");
        let r = weft::load_str("t.game", &broken, &Overrides::default())
            .unwrap_err()
            .to_string();
        assert!(
            r.starts_with(
                "error: 1 players named; weft plays two-player games\n  --> t.game:16:9\n   |\n\
                 16 | players black\n   |         ^^^^^\n"
            ),
            "{name}: {r}"
        );
    }
    // The first line's column does not count the mark.
    let r = report("\u{feff}gmae \"x\"\n");
    assert!(r.starts_with("error: "), "{r}");
    assert!(
        r.contains(" --> t.game:1:1\n  |\n1 | gmae \"x\"\n  | ^^^^\n"),
        "{r}"
    );
}

#[test]
fn long_lines_are_cut_around_the_caret_and_control_characters_escaped() {
    let text = game("crossway").replace(
        "players black white",
        &format!("players black white {} $", "x".repeat(5_000_000)),
    );
    let r = report(&text);
    assert!(r.len() < 1000, "{} bytes", r.len());
    assert_eq!(
        r,
        format!(
            "error: expected a name or the end of the statement, found `$`\n  --> \
             t.game:16:5000022\n   |\n16 | ...{} $\n   | {}^\n   = hint: write `players \
             first second`, the first to move first\nt.game: 1 error in the rule file\n",
            "x".repeat(118),
            " ".repeat(3 + 119)
        )
    );
    let r = report(
        &game("crossway").replace("players black white", "players black \u{1b}[31mwhite\u{7}"),
    );
    assert_eq!(
        r,
        "error: expected a name or the end of the statement, found `\\x1b[31mwhite\\x07`\n  \
         --> t.game:16:15\n   |\n16 | players black \\x1b[31mwhite\\x07\n   |               \
         ^^^^^^^^^^^^^^^^^\n   = hint: write `players first second`, the first to move \
         first\nt.game: 1 error in the rule file\n"
    );
    // A long word in a message is cut too.
    let r = report(&format!("{}\n", "y".repeat(100_000)));
    assert!(r.len() < 2000, "{r}");
}

// 9. Error reports in linear time, and capped.

#[test]
fn forty_thousand_bad_lines_are_counted_after_the_first_fifty() {
    let text = format!("{}{}", game("crossway"), "frobnicate x\n".repeat(40_000));
    let r = report(&text);
    assert_eq!(r.matches("\nerror: ").count() + 1, 50, "{r}");
    assert!(
        r.ends_with(
            "... and 39,950 more errors not shown\nt.game: 40,000 errors in the rule file\n"
        ),
        "{}",
        &r[r.len() - 300..]
    );
}

// 4. Atomic saves.

/// Runs `weft ARGS` under bash with files limited to 1 KiB (writing past it fails with
/// "File too large", as a full disk fails a write), with `input` on stdin.
fn limited(args: &str, input: &str) -> Output {
    Command::new("bash")
        .arg("-c")
        .arg(format!(
            "trap '' XFSZ; ulimit -f 1; printf '{input}' | exec \"$WEFT\" {args}"
        ))
        .env("WEFT", env!("CARGO_BIN_EXE_weft"))
        .env("NO_COLOR", "1")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("bash runs")
}

/// The names in a folder.
fn names(dir: &std::path::Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn a_write_that_fails_midway_leaves_the_old_file_whole() {
    let dir = scratch("atomic");
    // `save --force` of a long game over a short one.
    let record = dir.join("game.json");
    let input = format!(
        "save {r}\\n{}save {r} --force\\nquit\\nquit\\n",
        "random\\n".repeat(150),
        r = record.display()
    );
    let o = limited("play games/crossway.game --size 19 --seed 1", &input);
    let out = stdout(&o);
    assert!(
        out.contains(&format!(
            "cannot write {}: File too large (os error 27)\n",
            record.display()
        )),
        "{out}"
    );
    let kept = weft::interface::record::Record::read(record.to_str().unwrap()).unwrap();
    assert!(kept.moves.is_empty(), "the first save is intact");

    // `fmt --write` of a rule file longer than the limit.
    let rules = dir.join("long.game");
    let text = format!(
        "{}{}",
        game("crossway").replace("players black white", "players   black white"),
        "# a comment\n".repeat(100)
    );
    std::fs::write(&rules, &text).unwrap();
    let o = limited(&format!("fmt --write {}", rules.display()), "");
    assert_eq!(
        (o.status.code(), stderr(&o)),
        (
            Some(1),
            format!(
                "cannot write {}: File too large (os error 27)\n",
                rules.display()
            )
        )
    );
    assert_eq!(std::fs::read_to_string(&rules).unwrap(), text);

    // `render -o --force` over an older picture.
    let svg = dir.join("board.svg");
    std::fs::write(&svg, "<svg/>").unwrap();
    let o = limited(
        &format!(
            "render games/crossway.game --size 19 -o {} --force",
            svg.display()
        ),
        "",
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&svg).unwrap(), "<svg/>");
    // No temporary file is left behind.
    assert_eq!(names(&dir), ["board.svg", "game.json", "long.game"]);
}

#[test]
fn writes_keep_permissions_follow_links_and_never_replace_unasked() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("links");
    let real = dir.join("real.game");
    std::fs::write(
        &real,
        game("crossway").replace("players black white", "players   black white"),
    )
    .unwrap();
    std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o640)).unwrap();
    let link = dir.join("link.game");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let o = weft(&["fmt", "--write", link.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(std::fs::read_to_string(&real).unwrap(), game("crossway"));
    assert_eq!(
        std::fs::metadata(&real).unwrap().permissions().mode() & 0o777,
        0o640
    );
    // Without --force, an existing file, or a dangling link, is refused.
    let dangling = dir.join("dangling.svg");
    std::os::unix::fs::symlink(dir.join("nowhere"), &dangling).unwrap();
    for target in [&real, &dangling] {
        let o = weft(&[
            "render",
            "games/crossway.game",
            "--size",
            "3",
            "-o",
            target.to_str().unwrap(),
        ]);
        assert_eq!(
            (o.status.code(), stderr(&o)),
            (
                Some(1),
                format!(
                    "{} already exists: add --force to replace it\n",
                    target.display()
                )
            )
        );
    }
    assert_eq!(names(&dir), ["dangling.svg", "link.game", "real.game"]);
}

// 3. Closed pipes.

/// Runs `weft ARGS` with standard output and standard error both a pipe whose reader
/// has gone (every write fails with a broken pipe), and `input` on standard input.
fn closed_pipes(args: &[&str], input: &str) -> Output {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let mut child = Command::new(env!("CARGO_BIN_EXE_weft"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(writer.try_clone().unwrap())
        .stderr(writer)
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let _ = std::io::Write::write_all(&mut stdin, input.as_bytes());
    drop(stdin);
    child.wait_with_output().unwrap()
}

#[test]
fn every_command_ends_quietly_on_closed_pipes() {
    let record = project("tests/data/record.json");
    let record = record.to_str().unwrap();
    for (args, input, code) in [
        (&["rules", "games/crossway.game"][..], "", 0),
        (
            &[
                "perft",
                "games/crossway.game",
                "--size",
                "3",
                "--depth",
                "2",
            ],
            "",
            0,
        ),
        (
            &[
                "check",
                "games/crossway.game",
                "--size",
                "3",
                "--playouts",
                "20",
            ],
            "",
            0,
        ),
        (
            &["replay", "games/crossway.game", "--record", record],
            "",
            0,
        ),
        (&["render", "games/crossway.game", "--size", "3"], "", 0),
        (
            &[
                "bench",
                "games/crossway.game",
                "--size",
                "3",
                "--playouts",
                "10",
            ],
            "",
            0,
        ),
        (&["solve", "games/crossway.game", "--size", "3"], "", 0),
        (&["fmt", "games/crossway.game"], "", 0),
        (
            &[
                "play",
                "games/crossway.game",
                "--size",
                "5",
                "--budget",
                "50",
            ],
            "ai\nai\nai\nquit\nquit\n",
            0,
        ),
        (
            &["play", "games/crossway.game", "--size", "5"],
            "c3\nb2\nquit\nquit\n",
            0,
        ),
        // An error whose message cannot be shown still gives its exit code.
        (&["rules", "games/nosuch.game"], "", 1),
        (&["perft", "games/crossway.game", "--depth", "0"], "", 2),
    ] {
        let o = closed_pipes(args, input);
        assert_eq!(o.status.code(), Some(code), "{args:?}");
    }
}

// 10. The solver's limits.

#[test]
fn a_solve_stops_at_its_time_limit_on_any_board() {
    // Crossway 19x19 would run for ever within its memory.
    let o = weft(&[
        "solve",
        "games/crossway.game",
        "--size",
        "19",
        "--time",
        "2",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    assert!(
        e.starts_with("stopped: the time limit (--time 2) ran out after ")
            && e.ends_with(" positions; first moves solved so far: none\n"),
        "{e}"
    );
    let o = weft(&["solve", "games/crossway.game", "--time", "0"]);
    assert_eq!(
        (
            o.status.code(),
            stderr(&o).lines().next().unwrap_or("").to_string()
        ),
        (
            Some(2),
            "error: invalid value '0' for '--time <SECONDS>': `0` is out of range: give a time \
             in seconds from 0.01 to 86400"
                .to_string()
        )
    );
}

#[test]
fn a_slow_search_reports_positions_within_seconds() {
    use std::sync::Mutex;
    use weft::tools::solve::{solve, Options, Progress};
    let rules = crate::common::rules("crossway", 19);
    let start = weft::engine::state::State::new(rules);
    let seen: Mutex<Vec<u64>> = Mutex::new(Vec::new());
    let report = |p: &Progress| seen.lock().unwrap().push(p.nodes);
    let o = Options {
        memory_bytes: 1 << 20,
        time_limit: Some(std::time::Duration::from_secs(5)),
        progress_every: std::time::Duration::from_secs(1),
        ..Options::default()
    };
    let e = solve(&start, &o, Some(&report)).unwrap_err().to_string();
    assert!(
        e.starts_with("stopped: the time limit (--time 5) ran out after"),
        "{e}"
    );
    let seen = seen.into_inner().unwrap();
    assert!(
        seen.len() >= 3 && seen.last().is_some_and(|&n| n > 0),
        "positions at each report: {seen:?}"
    );
}

#[test]
fn a_table_far_too_small_for_a_long_search_stops_it() {
    use weft::tools::solve::{solve, Options};
    // Crosswind 5x5 without the swap, in a table of 256 entries: the old rule (one
    // forgotten result worth 1/64 of the search) never fired and the search went on
    // for minutes; the node budget is only a safety net here.
    let rules = std::sync::Arc::new(crate::common::rules("crosswind", 5).without_swap());
    let start = weft::engine::state::State::new(rules);
    let o = Options {
        memory_bytes: 4 << 10,
        max_nodes: Some(3_000_000),
        ..Options::default()
    };
    let e = solve(&start, &o, None).unwrap_err().to_string();
    assert!(
        e.starts_with(
            "stopped: the memory budget is exhausted: the table (0 MiB, 256 entries) filled after "
        ) && e.ends_with(
            " positions' work, so the search would mostly redo its own work; give it more memory (--memory)"
        ),
        "{e}"
    );
}

// 2. Command-line values (their ranges are pinned in tests/cli.rs) and threads.

#[test]
fn a_thread_that_cannot_start_is_an_error_not_a_panic() {
    // Threads asking for a 1 TiB stack in 4 GB of address space: no spawn succeeds,
    // while the main thread has room to report it.
    for (args, what) in [
        (
            "bench games/crossway.game --size 5 --threads 2 --seconds 0.1",
            "bench",
        ),
        (
            "check games/crossway.game --size 5 --threads 2 --playouts 10000",
            "worker",
        ),
    ] {
        let o = shell(&format!(
            "ulimit -v 4000000; RUST_MIN_STACK=1099511627776 exec \"$WEFT\" {args}"
        ));
        assert_eq!(
            (o.status.code(), stderr(&o)),
            (
                Some(1),
                format!(
                    "cannot start a {what} thread (2 asked for): Resource temporarily \
                     unavailable (os error 11)\n"
                )
            ),
            "{args}"
        );
    }
}

// 7. Numbers never silently changed.

#[test]
fn numbers_out_of_range_are_errors_that_give_the_range() {
    let r =
        report(&game("crossway").replace("board square size", "board square 99999999999999999999"));
    assert_eq!(
        r,
        "error: the number 99999999999999999999 is too large\n  --> t.game:17:14\n   |\n\
         17 | board square 99999999999999999999\n   |              ^^^^^^^^^^^^^^^^^^^^\n   = \
         hint: a number in a rule file goes from -9223372036854775808 to 9223372036854775807\n\
         t.game: 1 error in the rule file\n"
    );
    let with = |statement: &str| report(&format!("{}{statement}\n", game("crossway")));
    for (statement, first_line, hint) in [
        (
            "ply limit: -5",
            "a ply limit of -5 is not supported",
            "a ply limit goes from 1 to 4294967295",
        ),
        (
            "ply limit: 0",
            "a ply limit of 0 is not supported",
            "a ply limit goes from 1 to 4294967295",
        ),
        (
            "claim: length at most -1",
            "a length of -1 is not supported",
            "a length goes from 0 to 4294967295",
        ),
        (
            "ply limit: 9223372036854775807 + 9223372036854775807",
            "a ply limit of 9223372036854775807 or more is not supported",
            "a ply limit goes from 1 to 4294967295",
        ),
        (
            "ply limit: 0 - 9223372036854775807 - 9223372036854775807",
            "a ply limit of -9223372036854775808 or less is not supported",
            "a ply limit goes from 1 to 4294967295",
        ),
    ] {
        let r = with(statement);
        assert!(
            r.starts_with(&format!("error: {first_line}\n")),
            "{statement}: {r}"
        );
        assert!(r.contains(&format!("= hint: {hint}\n")), "{statement}: {r}");
    }
}

#[test]
fn a_parameter_range_as_wide_as_64_bits_keeps_its_step() {
    // 2 - (-9223372036854775807) is 2^63 + 1, a multiple of 3 that 64 bits cannot hold
    // (the fuzzer's find: an overflow panic with debug checks, a wrong refusal without).
    let file = |default: i64| {
        game("crossway").replace(
            "param size = 19 in 2 to 26 \"board side, in points\"",
            &format!(
                "param size = 19 in 2 to 26 \"board side, in points\"\n\
                 param x = {default} in -9223372036854775807 to 9223372036854775807 by 3"
            ),
        )
    };
    assert_eq!(report(&file(2)), "OK");
    let r = report(&file(3));
    assert!(
        r.starts_with("error: the default 3 of `x` is not one of its values "),
        "{r}"
    );
    let set = |value: &str| {
        let overrides = Overrides {
            sets: vec![("x".to_string(), value.to_string())],
            size: None,
        };
        match weft::load_str("t.game", &file(2), &overrides) {
            Ok(_) => "OK".to_string(),
            Err(r) => r.to_string(),
        }
    };
    assert_eq!(set("5"), "OK");
    assert_eq!(set("9223372036854775805"), "OK");
    assert!(
        set("4").contains("4 is out of the range of `x`"),
        "{}",
        set("4")
    );
}

#[test]
fn every_malformed_command_line_value_is_a_usage_error_with_its_range() {
    for (args, first_line) in [
        (
            &["rules", "games/crossway.game", "--set", "size=99999999999999999999"][..],
            "error: --set size=99999999999999999999: 99999999999999999999 is out of the range of `size`",
        ),
        (
            &["rules", "games/crossway.game", "--set", "size=30"],
            "error: --set size=30: 30 is out of the range of `size`",
        ),
        (
            &["rules", "games/crossway.game", "--size", "30"],
            "error: --size 30: 30 is out of the range of `size`",
        ),
        (
            &["rules", "games/crossway.game", "--size", "99999999999999999999"],
            "error: invalid value '99999999999999999999' for '--size <SIZE>': \
             `99999999999999999999` is out of range: a board size goes from 1 to 64",
        ),
        (
            &["rules", "games/crossway.game", "--size", "-3"],
            "error: invalid value '-3' for '--size <SIZE>': `-3` is out of range: a board size \
             goes from 1 to 64",
        ),
        (
            &["check", "games/crossway.game", "--max-plies", "0"],
            "error: invalid value '0' for '--max-plies <MOVES>': `0` is out of range: a number \
             of moves goes from 1 to 10000000",
        ),
        (
            &["solve", "games/crossway.game", "--memory", "18446744073709551615"],
            "error: invalid value '18446744073709551615' for '--memory <MEMORY>': \
             `18446744073709551615` is out of range: a memory budget in MiB goes from 1 to 1048576",
        ),
        (
            &["bench", "games/crossway.game", "--seconds", "NaN"],
            "error: invalid value 'NaN' for '--seconds <SECONDS>': `NaN` is out of range: give a \
             time in seconds from 0.01 to 86400",
        ),
    ] {
        let o = weft(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert_eq!(stderr(&o).lines().next(), Some(first_line), "{args:?}");
    }
    // An error of the file itself stays an input error.
    let dir = scratch("exit1");
    let path = dir.join("t.game");
    std::fs::write(
        &path,
        game("crossway").replace("players black white", "players black"),
    )
    .unwrap();
    let o = weft(&["rules", path.to_str().unwrap(), "--set", "size=30"]);
    assert_eq!(o.status.code(), Some(1));
}

// 8. One record reader that checks everything.

#[test]
fn records_are_checked_against_the_rule_file_everywhere() {
    let dir = scratch("records");
    let good = std::fs::read_to_string(project("tests/data/record.json")).unwrap();
    let cases = [
        (
            "version",
            good.replace("weft record 1", "weft record 2"),
            "{p}: not a weft record this version reads: format is \"weft record 2\", expected \
             \"weft record 1\"",
        ),
        (
            "twice",
            good.replace("\"moves\": [", "\"moves\": [\"a1\"],\n  \"moves\": ["),
            "{p}: not a weft record: duplicate field `moves` at line 10 column 9",
        ),
        (
            "param-twice",
            good.replace("\"size\": 5", "\"size\": 5, \"size\": 19"),
            "{p}: not a weft record: parameter `size` given twice at line 8 column 3",
        ),
        (
            "no-size",
            good.replace("\"size\": 5", ""),
            "refused {p}: it gives no value for the parameter `size` of games/crossway.game",
        ),
        (
            "size-out",
            good.replace("\"size\": 5", "\"size\": 50"),
            "refused {p}: its parameters do not fit games/crossway.game: 50 is out of the range \
             of `size` (`size` goes from 2 to 26)",
        ),
        (
            "unknown",
            good.replace("\"size\": 5", "\"size\": 5, \"komi\": 7"),
            "refused {p}: its parameters do not fit games/crossway.game: unknown parameter \
             `komi` (the parameters are: size)",
        ),
        (
            "game",
            good.replace("\"Crossway\"", "\"Hex\""),
            "refused {p}: it is a game of \"Hex\", and games/crossway.game is \"Crossway\"",
        ),
        (
            "result",
            good.replace("\"moves\"", "\"result\": \"black wins\",\n  \"moves\""),
            "refused {p}: it says the game ended \"black wins\", and its moves give a game still \
             going",
        ),
        (
            "hash",
            good.replace("fnv1a64:", "md5:"),
            "{p}: not a weft record: rule_hash is \"md5:8abd791d91f92cc0\", expected \
             \"fnv1a64:\" and 16 hexadecimal digits",
        ),
        (
            "off-board",
            good.replace("\"d4\"", "\"s19\""),
            "refused {p}: move 3 `s19`: `s19` is not a move: write a point from a1 to e5, \
             `swap` or `pass`",
        ),
    ];
    for (name, text, message) in cases {
        let path = dir.join(format!("{name}.json"));
        std::fs::write(&path, text).unwrap();
        let p = path.to_str().unwrap();
        let message = message.replace("{p}", p);
        for command in ["replay", "render"] {
            let o = weft(&[command, "games/crossway.game", "--record", p]);
            assert_eq!(
                (o.status.code(), stderr(&o)),
                (Some(1), format!("{message}\n")),
                "{command} {name}"
            );
        }
        // `load` in the REPL reads records with the same reader.
        let mut s = session(&project("games/crossway.game"), 5);
        assert_eq!(
            s.handle(&format!("load {p}")).text,
            format!("{message}\n"),
            "load {name}"
        );
    }
    // The record's board, not the default one.
    let o = weft(&[
        "replay",
        "games/crossway.game",
        "--record",
        "tests/data/record.json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).starts_with("Crossway, 5x5, 3 moves\n"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn endless_input_lines_are_skipped_not_gathered() {
    // The REPL: a 2 MB line is skipped with a note, and the session goes on.
    let o = shell(
        "{ head -c 2000000 /dev/zero | tr '\\0' x; printf '\\nc3\\nhistory\\nquit\\nquit\\n'; } | \
         \"$WEFT\" play games/crossway.game --size 5",
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("a line of more than 1048576 bytes is no command; it was skipped\n"),
        "{}",
        &out[..out.len().min(2000)]
    );
    assert!(out.contains("1 move: c3\n"), "{out}");
    // The language server: a header line without an end.
    let o = shell("head -c 200000 /dev/zero | \"$WEFT\" lsp");
    assert_eq!(
        (o.status.code(), stderr(&o)),
        (
            Some(1),
            "a message header line longer than 65536 bytes\n".to_string()
        )
    );
}
