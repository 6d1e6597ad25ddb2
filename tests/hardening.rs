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
    assert_eq!(session.handle("history").text, "1 move: c3\n");
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
        text.contains("cannot read /dev/zero: it is a character device, not a regular file\n"),
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
