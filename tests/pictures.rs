//! Pictures: every shipped game's start and a position in mid-game drawn as SVG, parsed
//! as XML, with the right numbers of cells, pieces, blocked cells, highlights and marks;
//! each player's edges drawn and as long as the other's on symmetric boards; the winning
//! cells of finished games; `weft render`, `weft replay --svg`, the REPL's `picture` and
//! `weft check --html` through the binary, and none of them replacing a file unasked.

use crate::common::*;
use std::path::PathBuf;
use weft::engine::rng::Rng;
use weft::engine::state::{Outcome, Slot, State};
use weft::interface::picture::{changes, position_svg, winning, Marks};
use weft::rules::{Goal, Touch};
use weft::tools::playout::random_game;

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("weft-pictures-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The number of elements whose `class` has the word `class`.
fn count(doc: &roxmltree::Document, class: &str) -> usize {
    doc.descendants()
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.split_whitespace().any(|w| w == class))
        })
        .count()
}

/// The `data-cell` names of the elements of a class, sorted.
fn cells_of(doc: &roxmltree::Document, class: &str) -> Vec<String> {
    let mut v: Vec<String> = doc
        .descendants()
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.split_whitespace().any(|w| w == class))
        })
        .filter_map(|n| n.attribute("data-cell").map(String::from))
        .collect();
    v.sort();
    v
}

/// The pieces of a position: (kind, cell) of every non-empty layer slot.
fn pieces(state: &State) -> usize {
    let b = state.rules().board();
    (0..state.rules().pieces().len())
        .map(|k| {
            b.cells()
                .filter(|&c| state.slot(k, c) != Slot::Empty)
                .count()
        })
        .sum()
}

/// Every shipped game at its default size: the start, and the position after a third
/// of a random game, drawn with highlights and numbers.
#[test]
fn every_game_s_start_and_mid_game_draw_as_well_formed_svg_with_every_cell_and_piece() {
    for path in game_files() {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let rules = load(&format!("games/{name}.game"), None, &[]);
        let b = rules.board();
        let start = State::new(rules.clone());
        let mut moves = Vec::new();
        let end = random_game(&start, &mut Rng::for_game(3, 0), &mut moves, 10_000);
        let mid_len = (moves.len() / 3).max(1).min(moves.len());
        let mut states = vec![start.clone()];
        for mv in &moves[..mid_len] {
            let next = states.last().unwrap().clone().play(*mv).unwrap();
            states.push(next);
        }
        let mid = states.last().unwrap();
        assert!(
            pieces(mid) > 0 || pieces(&end) == 0,
            "{name}: a piece by mid-game"
        );
        let highlight: Vec<_> = b.cells().step_by(5).take(4).collect();
        for (label, state, marks) in [
            ("start", &start, Marks::default()),
            (
                "mid-game",
                mid,
                Marks {
                    previous: Some(&states[states.len() - 2]),
                    highlight: highlight.clone(),
                    numbers: changes::move_numbers(&states),
                    legal: changes::legal_targets(mid),
                    ..Marks::default()
                },
            ),
        ] {
            let svg = position_svg(state, &marks);
            let doc = roxmltree::Document::parse(&svg)
                .unwrap_or_else(|e| panic!("{name} {label}: not XML: {e}\n{svg}"));
            let root = doc.root_element();
            assert_eq!(root.tag_name().name(), "svg");
            assert_eq!(
                root.tag_name().namespace(),
                Some("http://www.w3.org/2000/svg")
            );
            let what = format!("{name} {label}");
            assert_eq!(count(&doc, "cell"), b.cell_count(), "{what}: cells");
            assert_eq!(count(&doc, "piece"), pieces(state), "{what}: pieces");
            assert_eq!(count(&doc, "blocked"), b.blocked().len(), "{what}: blocked");
            assert_eq!(count(&doc, "highlight"), marks.highlight.len(), "{what}");
            assert_eq!(count(&doc, "legal"), marks.legal.len(), "{what}: legal");
            let numbered = marks.numbers.iter().flatten().count();
            assert_eq!(count(&doc, "number"), numbered, "{what}: numbers");
            if let Some(prev) = marks.previous {
                let (came, went) = changes::arrivals_and_departures(prev, state);
                assert!(!came.is_empty(), "{what}: the last move brought a piece");
                assert_eq!(count(&doc, "last"), came.len(), "{what}: last move");
                assert_eq!(count(&doc, "left"), went.len(), "{what}: last move");
            }
            // Coordinates: every column letter and every row number appears.
            let labels: Vec<&str> = doc
                .descendants()
                .filter(|n| n.attribute("class") == Some("label"))
                .filter_map(|n| n.text())
                .collect();
            for c in b.cells() {
                let cell = b.cell_name(c);
                let i = cell.find(|ch: char| ch.is_ascii_digit()).unwrap();
                assert!(labels.contains(&&cell[..i]), "{what}: column of {cell}");
                assert!(labels.contains(&&cell[i..]), "{what}: row of {cell}");
            }
            // Each player who owns a region, or has a connection goal of their own
            // naming regions, has edges drawn in its colour.
            for p in 0..2 {
                let drawn = count(&doc, &format!("p{p}")) - count_pieces_of(state, p);
                let pursues = rules.goals().iter().any(|g| {
                    g.player == Some(p)
                        && matches!(
                            g.goal,
                            Goal::Connect {
                                touch: Touch::Some { .. },
                                ..
                            }
                        )
                });
                assert_eq!(
                    drawn > 0,
                    rules.connect().own[p] != 0 || pursues,
                    "{what}: player {p}'s edges"
                );
            }
        }
        // Move numbers: a piece standing where the first move put it is numbered 1.
        let numbers = changes::move_numbers(&states);
        let (came, _) = changes::arrivals_and_departures(&states[0], &states[1]);
        for c in came {
            if numbers[c as usize].is_some() {
                assert!(numbers[c as usize] >= Some(1), "{name}");
            }
        }
    }
}

/// Pieces of player `p` (elements of class `p{p}` that are pieces).
fn count_pieces_of(state: &State, p: usize) -> usize {
    let b = state.rules().board();
    (0..state.rules().pieces().len())
        .map(|k| {
            b.cells()
                .filter(|&c| state.slot(k, c) == Slot::Player(p))
                .count()
        })
        .sum()
}

/// On a square board of points and on a Hex rhombus both players own two opposite sides:
/// their coloured borders are equally long, and every stretch lies on the border.
#[test]
fn both_players_edges_are_equally_long_on_symmetric_boards() {
    use weft::interface::picture::geometry::{edge_marks, Geometry};
    for (file, sizes) in [("games/crossway.game", 2..=9), ("games/hex.game", 2..=9)] {
        for n in sizes {
            let rules = load(file, Some(n), &[]);
            let g = Geometry::new(rules.board(), 40.0);
            let marks = edge_marks(&g, &rules.connect().own, 0.0);
            let length = |p: usize| -> f64 {
                marks
                    .iter()
                    .filter(|m| m.group == p)
                    .map(|m| (m.ends[0].0 - m.ends[1].0).hypot(m.ends[0].1 - m.ends[1].1))
                    .sum()
            };
            let (a, b) = (length(0), length(1));
            assert!(a > 0.0 && (a - b).abs() < 1e-6, "{file} {n}: {a} vs {b}");
            // A side of each cell: a square's side is 40 px, a hexagon's 40/√3.
            let side = if rules.board().is_hex() {
                40.0 / 3f64.sqrt()
            } else {
                40.0
            };
            let expected = if rules.board().is_hex() {
                // Two sides per border cell along each edge, less the acute corners' extra.
                2.0 * (2.0 * n as f64 - 0.5) * side
            } else {
                2.0 * n as f64 * side
            };
            assert!((a - expected).abs() < 1e-6, "{file} {n}: {a} vs {expected}");
        }
    }
}

/// The winning cells of finished random games: never empty for a win, and each holds a
/// piece of the winner; in Hex they link the winner's two edges.
#[test]
fn a_won_game_outlines_the_winner_s_cells() {
    let hex = State::new(rules("hex", 3))
        .replay("a1 b2 a2 c2 a3")
        .unwrap();
    assert_eq!(hex.outcome(), Some(Outcome::Win(0)));
    let b = hex.rules().board();
    let names: Vec<String> = winning::winning_cells(&hex)
        .iter()
        .map(|&c| b.cell_name(c))
        .collect();
    assert_eq!(names, ["a1", "a2", "a3"]);
    let open = State::new(rules("hex", 3)).replay("a1 b2").unwrap();
    assert!(winning::winning_cells(&open).is_empty());
    for (file, size) in [
        ("hex", 5),
        ("crossway", 5),
        ("crosswind", 5),
        ("windborne", 3),
        ("crossings", 6),
    ] {
        let start = State::new(rules(file, size));
        let mut wins = 0;
        for i in 0..20 {
            let mut moves = Vec::new();
            let end = random_game(&start, &mut Rng::for_game(5, i), &mut moves, 5_000);
            let Some(Outcome::Win(p)) = end.outcome() else {
                continue;
            };
            wins += 1;
            let cells = winning::winning_cells(&end);
            assert!(!cells.is_empty(), "{file} game {i}: no winning cells");
            for c in cells {
                let kinds = end.rules().pieces().len();
                assert!(
                    (0..kinds).any(|k| end.slot(k, c) == Slot::Player(p)),
                    "{file} game {i}: {} is not the winner's",
                    end.rules().board().cell_name(c)
                );
            }
        }
        assert!(wins > 0, "{file}: no won game among 20");
    }
}

/// `weft render` writes a picture, refuses to replace it without --force, names a bad
/// highlight cell, and draws a record's position.
#[test]
fn render_writes_a_picture_and_never_replaces_one_unasked() {
    let dir = scratch("render");
    let out = dir.join("hex.svg");
    let out_s = out.to_str().unwrap();
    let args = [
        "render",
        "games/hex.game",
        "--size",
        "5",
        "--moves",
        "c3 b4 d2",
        "--highlight",
        "a1 e5,c3",
        "--numbers",
        "--legal",
        "-o",
        out_s,
    ];
    let o = weft(&args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "");
    let svg = std::fs::read_to_string(&out).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    assert_eq!(count(&doc, "cell"), 25);
    assert_eq!(count(&doc, "piece"), 3);
    assert_eq!(cells_of(&doc, "highlight"), ["a1", "c3", "e5"]);
    assert_eq!(cells_of(&doc, "last"), ["d2"]);
    assert_eq!(count(&doc, "number"), 3);
    assert_eq!(count(&doc, "legal"), 22);
    // Again: refused, the file untouched.
    std::fs::write(&out, "mine").unwrap();
    let o = weft(&args);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        format!("{out_s} already exists: add --force to replace it\n")
    );
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "mine");
    let mut forced = args.to_vec();
    forced.push("--force");
    assert_eq!(weft(&forced).status.code(), Some(0));
    assert_ne!(std::fs::read_to_string(&out).unwrap(), "mine");
    // A bad cell, and stdout when no -o is given.
    let o = weft(&[
        "render",
        "games/hex.game",
        "--size",
        "5",
        "--highlight",
        "z9",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "--highlight: `z9` is not a cell of this board (cells run from a1 to e5)\n"
    );
    let o = weft(&["render", "games/crossings-open.game"]);
    assert_eq!(o.status.code(), Some(0));
    let doc_text = stdout(&o);
    let doc = roxmltree::Document::parse(&doc_text).unwrap();
    assert_eq!(count(&doc, "cell"), 59);
    assert_eq!(cells_of(&doc, "blocked"), ["c4", "c6", "e4", "e6"]);
    assert_eq!(count(&doc, "piece"), 28);
    // A record saved by the REPL.
    let record = dir.join("game.json");
    let input = format!("c3\nb4\nsave {}\nquit\nquit\n", record.display());
    let (code, _) = play_script(&["play", "games/hex.game", "--size", "5"], &input);
    assert_eq!(code, Some(0));
    let o = weft(&[
        "render",
        "games/hex.game",
        "--record",
        record.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    let doc = roxmltree::Document::parse(&text).unwrap();
    assert_eq!(cells_of(&doc, "piece"), ["b4", "c3"]);
    assert_eq!(cells_of(&doc, "last"), ["b4"]);
    let _ = std::fs::remove_dir_all(dir);
}

/// Runs `weft ARGS` with `input` on stdin; the exit code and stdout.
fn play_script(args: &[&str], input: &str) -> (Option<i32>, String) {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_weft"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// The REPL's `picture`: the glyph's cells highlighted with `--why`, the winning chain
/// outlined at the end, an existing file refused.
#[test]
fn the_repl_draws_the_position_with_why_and_the_win() {
    let dir = scratch("repl");
    let a = dir.join("a.svg");
    let w = dir.join("w.svg");
    let input = format!(
        "c3\na1\npicture {a} --why d4\npicture {a}\nnew\nsize 3\n",
        a = a.display()
    );
    let (code, out) = play_script(&["play", "games/crosswind.game", "--size", "5"], &input);
    assert_eq!(code, Some(0));
    assert!(
        out.contains(&format!(
            "wrote {} (d4 is illegal: it would form the forbidden glyph \"naked diagonal\" at c3 d3 c4 d4; highlighted: c3 d3 c4 d4)\n",
            a.display()
        )),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "{a} already exists: `picture {a} --force` to replace it\n",
            a = a.display()
        )),
        "{out}"
    );
    let doc_text = std::fs::read_to_string(&a).unwrap();
    let doc = roxmltree::Document::parse(&doc_text).unwrap();
    assert_eq!(cells_of(&doc, "highlight"), ["c3", "c4", "d3", "d4"]);
    assert_eq!(cells_of(&doc, "piece"), ["a1", "c3"]);
    assert_eq!(cells_of(&doc, "last"), ["a1"]);
    let input = format!("a1 b2 a2 c2 a3\npicture {}\n", w.display());
    let (_, out) = play_script(&["play", "games/hex.game", "--size", "3"], &input);
    assert!(
        out.contains(&format!(
            "wrote {} (winning cells outlined: a1 a2 a3)\n",
            w.display()
        )),
        "{out}"
    );
    let doc_text = std::fs::read_to_string(&w).unwrap();
    let doc = roxmltree::Document::parse(&doc_text).unwrap();
    assert_eq!(cells_of(&doc, "win"), ["a1", "a2", "a3"]);
    let _ = std::fs::remove_dir_all(dir);
}

/// `weft replay --svg DIR`: one numbered picture per position, each with one more
/// piece in a placement game; refused when it would replace pictures.
#[test]
fn replay_draws_one_numbered_picture_per_position() {
    let dir = scratch("replay");
    let pics = dir.join("game");
    let args = [
        "replay",
        "games/crossway.game",
        "--size",
        "5",
        "--moves",
        "c3 swap b2 d4 e5",
        "--svg",
        pics.to_str().unwrap(),
    ];
    let o = weft(&args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let mut names: Vec<String> = std::fs::read_dir(&pics)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        ["000.svg", "001.svg", "002.svg", "003.svg", "004.svg", "005.svg"]
    );
    let expected = [0, 1, 1, 2, 3, 4];
    for (name, pieces) in names.iter().zip(expected) {
        let text = std::fs::read_to_string(pics.join(name)).unwrap();
        let doc = roxmltree::Document::parse(&text).unwrap();
        assert_eq!(count(&doc, "piece"), pieces, "{name}");
        assert_eq!(count(&doc, "cell"), 25, "{name}");
    }
    let o = weft(&args);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("000.svg already exists: add --force"),
        "{}",
        stderr(&o)
    );
    let mut forced = args.to_vec();
    forced.push("--force");
    assert_eq!(weft(&forced).status.code(), Some(0));
    let _ = std::fs::remove_dir_all(dir);
}

/// The SVG documents inlined in an HTML page.
pub fn inline_svgs(html: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = html;
    while let Some(i) = rest.find("<svg") {
        let end = rest[i..].find("</svg>").expect("each svg is closed") + i + "</svg>".len();
        out.push(rest[i..end].to_string());
        rest = &rest[end..];
    }
    out
}

/// `weft check --html`: one self-contained page (nothing fetched), with its charts and
/// boards as well-formed SVG; an existing page is never replaced without --force.
#[test]
fn the_html_report_is_self_contained_and_has_its_plots() {
    let dir = scratch("html");
    let page = dir.join("report.html");
    let page_s = page.to_str().unwrap();
    let args = [
        "check",
        "games/crosswind.game",
        "--size",
        "5",
        "--playouts",
        "300",
        "--html",
        page_s,
    ];
    let o = weft(&args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("Crosswind"),
        "the text report is printed too"
    );
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    for bad in ["<script", "<link", "@import", "src=", "url("] {
        assert!(!html.contains(bad), "{bad} in the page");
    }
    // The only address in the page is the SVG namespace.
    assert_eq!(
        html.matches("http").count(),
        html.matches("http://www.w3.org/2000/svg").count()
    );
    for plot in [
        "wins",
        "swap",
        "lengths",
        "rejections",
        "first-moves",
        "coverage",
    ] {
        assert_eq!(
            html.matches(&format!("data-plot=\"{plot}\"")).count(),
            1,
            "{plot}"
        );
    }
    // Crosswind's claim breaks within 300 games of 5x5? Either way each example drawn.
    let report: serde_json::Value = serde_json::from_str(&stdout(&weft(&[
        "check",
        "games/crosswind.game",
        "--size",
        "5",
        "--playouts",
        "300",
        "--json",
    ])))
    .unwrap();
    let examples: usize = report["claims"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["examples"].as_array().unwrap().len())
        .sum();
    assert_eq!(
        html.matches("data-plot=\"counterexample\"").count(),
        examples
    );
    assert_eq!(
        html.matches("<code class=\"moves\">weft replay").count(),
        examples
    );
    let svgs = inline_svgs(&html);
    assert_eq!(svgs.len(), 6 + examples);
    for svg in &svgs {
        roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{e}\n{svg}"));
    }
    // Heatmaps: a value on every cell that a first move reached, coverage on all 25.
    let coverage = svgs.iter().find(|s| s.contains("<title>Coverage")).unwrap();
    let doc = roxmltree::Document::parse(coverage).unwrap();
    assert_eq!(count(&doc, "heat-cell"), 25);
    // Refused the second time, then replaced with --force.
    let o = weft(&args);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        format!("{page_s} already exists: add --force to replace it\n")
    );
    // Side by side.
    let both = dir.join("both.html");
    let o = weft(&[
        "check",
        "games/crossway.game",
        "--size",
        "5",
        "--playouts",
        "100",
        "--compare",
        "games/hex.game",
        "--html",
        both.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let html = std::fs::read_to_string(&both).unwrap();
    assert_eq!(html.matches("<article class=\"variant\">").count(), 2);
    assert!(html.contains("The variants side by side"));
    assert_eq!(html.matches("data-plot=\"wins\"").count(), 2);
    let _ = std::fs::remove_dir_all(dir);
}

/// The regions of goals either player pursues are drawn along the border, one colour
/// per goal, and named in the legend: Y's three sides, and Havannah's six corners and
/// six sides (a corner is a single cell; a side is an edge without its corners).
#[test]
fn goal_regions_of_either_player_are_drawn_along_the_border() {
    let region_marks = |doc: &roxmltree::Document| -> Vec<(String, String)> {
        let mut v: Vec<(String, String)> = doc
            .descendants()
            .filter(|n| n.attribute("class") == Some("edge shared"))
            .map(|n| {
                (
                    n.attribute("data-region").unwrap().to_string(),
                    n.attribute("stroke").unwrap().to_string(),
                )
            })
            .collect();
        v.sort();
        v.dedup();
        v
    };
    let legend = |doc: &roxmltree::Document| -> Vec<String> {
        doc.descendants()
            .filter(|n| n.has_tag_name("text"))
            .filter(|n| {
                n.ancestors()
                    .any(|a| a.attribute("class") == Some("legend"))
            })
            .filter_map(|n| n.text().map(String::from))
            .collect()
    };
    let y = position_svg(&State::new(rules("y", 5)), &Marks::default());
    let doc = roxmltree::Document::parse(&y).unwrap();
    assert_eq!(count(&doc, "cell"), 15);
    let green = "#009e73".to_string();
    assert_eq!(
        region_marks(&doc),
        [
            ("bottom".to_string(), green.clone()),
            ("left".to_string(), green.clone()),
            ("right".to_string(), green.clone())
        ]
    );
    assert!(legend(&doc).contains(&"win: connect left right bottom (either player)".to_string()));
    assert_eq!(
        count(&doc, "p0") + count(&doc, "p1"),
        0,
        "no player owns an edge"
    );

    let h = position_svg(&State::new(rules("havannah", 4)), &Marks::default());
    let doc = roxmltree::Document::parse(&h).unwrap();
    assert_eq!(count(&doc, "cell"), 37);
    let marks = region_marks(&doc);
    let corners: Vec<&str> = marks
        .iter()
        .filter(|(_, c)| *c == green)
        .map(|(r, _)| r.as_str())
        .collect();
    let sides: Vec<&str> = marks
        .iter()
        .filter(|(_, c)| c == "#56b4e9")
        .map(|(r, _)| r.as_str())
        .collect();
    assert_eq!(
        corners,
        [
            "bottom-left",
            "bottom-right",
            "left",
            "right",
            "top-left",
            "top-right"
        ]
    );
    assert_eq!(
        sides,
        [
            "bottom-side",
            "lower-left-side",
            "lower-right-side",
            "top-side",
            "upper-left-side",
            "upper-right-side"
        ]
    );
    let words = legend(&doc);
    assert!(words.contains(&"win: connect 2 of corners (either player)".to_string()));
    assert!(words.contains(&"win: connect 3 of sides (either player)".to_string()));
    // A bridge: the winning chain outlined, the ending named with its goal.
    let won = State::new(rules("havannah", 4))
        .replay("d1 f4 c2 f5 b3 g4 a4")
        .unwrap();
    let svg = position_svg(
        &won,
        &Marks {
            winning: winning::winning_cells(&won),
            ..Marks::default()
        },
    );
    let doc = roxmltree::Document::parse(&svg).unwrap();
    assert_eq!(cells_of(&doc, "win"), ["a4", "b3", "c2", "d1"]);
    assert!(legend(&doc).contains(&"black wins: connect 2 of corners".to_string()));
}

/// The legend names the piece kinds where there are several or neutral ones.
#[test]
fn the_legend_names_the_piece_kinds() {
    let svg = position_svg(&State::new(rules("windborne", 3)), &Marks::default());
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let texts: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .collect();
    assert!(
        texts.contains(&"disk") && texts.contains(&"pawn (neutral)"),
        "{texts:?}"
    );
    let svg = position_svg(&State::new(rules("hex", 3)), &Marks::default());
    assert!(!svg.contains(">stone<"), "one kind: not named");
}
