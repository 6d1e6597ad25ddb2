//! `weft fmt`: every shipped game and every example of the language reference is in
//! its canonical layout or reaches it in one pass (formatting twice changes nothing),
//! and formatting never changes what a file means: the rules compiled before and after
//! are equal (their whole `Debug` text: parameters, board, pieces, turns, the glyphs'
//! matchers, goals...).

use crate::common::{game_files, project, stdout, weft};
use weft::lang::format::{format, FormatError};
use weft::{load_str, Overrides};

/// The compiled rules of a text at its defaults, as text; `None` if it does not load.
fn compiled(text: &str) -> Option<String> {
    load_str("x.game", text, &Overrides::default())
        .ok()
        .map(|l| format!("{:?}", l.rules))
}

/// Formats, checks that formatting again changes nothing and that the rules are the
/// same; returns the layout.
fn format_checked(text: &str, what: &str) -> String {
    let once = format(text).unwrap_or_else(|e| panic!("{what}: {e:?}"));
    let twice = format(&once).unwrap_or_else(|e| panic!("{what}, formatted: {e:?}"));
    assert_eq!(once, twice, "{what}: formatting twice changes the text");
    assert_eq!(
        compiled(text),
        compiled(&once),
        "{what}: formatting changes the rules"
    );
    once
}

#[test]
fn every_shipped_game_is_in_its_canonical_layout() {
    let files = game_files();
    assert!(files.len() >= 7);
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        assert!(compiled(&text).is_some(), "{} loads", path.display());
        assert_eq!(format_checked(&text, &path.display().to_string()), text);
    }
    let mut args = vec!["fmt", "--check"];
    let names: Vec<String> = files.iter().map(|p| p.display().to_string()).collect();
    args.extend(names.iter().map(String::as_str));
    let out = weft(&args);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert_eq!(stdout(&out), "");
}

/// The ```weft blocks of docs/LANGUAGE.md.
fn reference_examples() -> Vec<String> {
    let doc = std::fs::read_to_string(project("docs/LANGUAGE.md")).unwrap();
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in doc.lines() {
        match (&mut current, line) {
            (None, "```weft") => current = Some(String::new()),
            (Some(_), "```") => blocks.extend(current.take()),
            (Some(b), l) => {
                b.push_str(l);
                b.push('\n');
            }
            (None, _) => {}
        }
    }
    blocks
}

#[test]
fn the_language_references_examples_are_in_their_canonical_layout() {
    let blocks = reference_examples();
    assert!(blocks.len() >= 25, "{} examples", blocks.len());
    let mut whole_games = 0;
    for (i, block) in blocks.iter().enumerate() {
        let laid = format_checked(block, &format!("example {}", i + 1));
        assert_eq!(&laid, block, "example {} is not in its layout", i + 1);
        whole_games += usize::from(compiled(block).is_some());
    }
    // The complete games among them (first, Three men, Quarters, Rooks, Fill, Crossway,
    // Windborne, Crossings) compiled the same before and after.
    assert!(whole_games >= 8, "{whole_games} complete games");
}

/// A small deterministic generator (no dependence on rand's versions).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// The same file with its spacing disturbed: words further apart, spaces before `:`
/// and `,` and after `(`, trailing spaces, blank lines doubled, picture rows indented
/// more (by the same amount within a picture, so hex pictures keep their columns).
fn disturb(text: &str, rng: &mut Lcg) -> String {
    let mut out = String::new();
    let mut picture_shift = 0;
    for line in text.lines() {
        let indented = line.starts_with(' ');
        if !indented {
            picture_shift = rng.below(4) as usize;
        }
        let mut l = String::new();
        if indented {
            l.push_str(&" ".repeat(picture_shift));
        }
        let mut in_string = false;
        let mut in_comment = false;
        for c in line.chars() {
            if c == '"' && !in_comment {
                in_string = !in_string;
            }
            if c == '#' && !in_string {
                in_comment = true;
            }
            let free = !in_string && !in_comment && !indented;
            if free && c == ' ' {
                l.push_str(&" ".repeat(1 + rng.below(3) as usize));
                continue;
            }
            if free && (c == ':' || c == ',') && rng.below(2) == 0 {
                l.push(' ');
            }
            l.push(c);
            if free && c == '(' && rng.below(2) == 0 {
                l.push(' ');
            }
        }
        if rng.below(3) == 0 {
            l.push_str("  ");
        }
        out.push_str(&l);
        out.push('\n');
        if line.is_empty() && rng.below(2) == 0 {
            out.push('\n');
        }
    }
    if rng.below(2) == 0 {
        out.insert(0, '\n');
        out.push('\n');
    }
    out
}

#[test]
fn disturbed_spacing_comes_back_to_the_canonical_layout() {
    let mut rng = Lcg(7);
    let mut texts: Vec<String> = game_files()
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    texts.extend(reference_examples());
    let mut tried = 0;
    for text in &texts {
        for _ in 0..20 {
            let disturbed = disturb(text, &mut rng);
            let laid = format_checked(&disturbed, &disturbed);
            assert_eq!(&laid, text, "from:\n{disturbed}");
            assert_eq!(compiled(&disturbed), compiled(text));
            tried += 1;
        }
    }
    assert!(tried > 600);
}

#[test]
fn a_messy_file_is_laid_out_with_its_comments_aligned() {
    let messy = "\n\n# header comment   \ngame   \"Messy\"     # the name\nplayers black   white\nparam size=5 in 2 to 9 \"side\"\nboard   square size\nedges top bottom :black\nedges left right:white\npiece stone\n\n\n\nturn while count own stone<size - 1 :place stone on(empty or  not own stone)\nturn:place stone on empty\nforbid \"a\"   symmetry none colours fixed   # opts\n    XO   # row one\n  # inner comment\n\n    O  X\nwin: connect own edges   in all   directions\nno move:skip\nclaim: length at most size+2\n\n\n";
    let laid = format_checked(messy, "messy");
    assert_eq!(
        laid,
        "# header comment\ngame \"Messy\"  # the name\nplayers black white\nparam size = 5 in 2 to 9 \"side\"\nboard square size\nedges top bottom: black\nedges left right: white\npiece stone\n\nturn while count own stone < size - 1: place stone on (empty or not own stone)\nturn: place stone on empty\nforbid \"a\" symmetry none colours fixed  # opts\n  X O                                   # row one\n  # inner comment\n\n  O X\nwin: connect own edges in all directions\nno move: skip\nclaim: length at most size + 2\n"
    );
    assert!(compiled(messy).is_some());
}

#[test]
fn hex_pictures_keep_their_columns_and_move_as_a_whole() {
    let text = "game \"H\"\nplayers black white\nboard hexagon 3\npiece disk\nturn: place disk on empty\nforbid \"bridge\"\n      . X   # up\n     X .\nforbid \"tabs\"\n\t X X\n\tX X\nat turn start: win if count own disk >= 3\n";
    let laid = format_checked(text, "hex");
    assert_eq!(
        laid,
        "game \"H\"\nplayers black white\nboard hexagon 3\npiece disk\nturn: place disk on empty\nforbid \"bridge\"\n   . X  # up\n  X .\nforbid \"tabs\"\n   X X\n  X X\nat turn start: win if count own disk >= 3\n"
    );
    // Moving one row of a hex picture by a column changes its meaning: the formatter
    // does not regrid hex pictures the way it regrids square ones.
    let square = text.replace("board hexagon 3", "board square 3");
    assert!(format_checked(&square, "square").contains("forbid \"bridge\"\n  . X  # up\n  X .\n"));
}

#[test]
fn a_file_with_syntax_errors_is_not_formatted_nor_touched() {
    let text = "game \"G\"\nedges top bottom black\n";
    match format(text) {
        Err(FormatError::Syntax(d)) => assert_eq!(d.len(), 1),
        other => panic!("{other:?}"),
    }
    let dir = std::env::temp_dir().join(format!("weft-fmt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bad.game");
    std::fs::write(&path, text).unwrap();
    let out = weft(&["fmt", "--write", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("error: ") && err.contains("bad.game:2:"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn fmt_prints_checks_and_writes_only_when_asked() {
    let dir = std::env::temp_dir().join(format!("weft-fmt-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("messy.game");
    let p = path.to_str().unwrap();
    let text = "game  \"G\"\nswap  # pie\n";
    std::fs::write(&path, text).unwrap();
    let printed = weft(&["fmt", p]);
    assert_eq!(printed.status.code(), Some(0));
    assert_eq!(stdout(&printed), "game \"G\"\nswap  # pie\n");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    let checked = weft(&["fmt", "--check", p]);
    assert_eq!(checked.status.code(), Some(1));
    assert_eq!(
        stdout(&checked),
        format!("{p}: line 1 would change: `game  \"G\"`\n")
    );
    assert_eq!(
        String::from_utf8_lossy(&checked.stderr),
        "1 file is not in the canonical layout (`weft fmt --write FILE` lays it out)\n"
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    let written = weft(&["fmt", "--write", p]);
    assert_eq!(written.status.code(), Some(0));
    assert_eq!(stdout(&written), format!("formatted {p}\n"));
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "game \"G\"\nswap  # pie\n"
    );
    let again = weft(&["fmt", "--write", p]);
    assert_eq!(stdout(&again), "");
    let two = weft(&["fmt", p, p]);
    assert_eq!(two.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}
