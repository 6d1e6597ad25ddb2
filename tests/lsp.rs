//! `weft lsp` driven as an editor drives it: the built binary as a child process, real
//! JSON-RPC messages framed with `Content-Length` on its standard input, every message
//! it writes read back from its standard output.

use crate::common::project;
use serde_json::{json, Value};
use std::io::Write;
use std::process::{Command, Stdio};

/// A message to send: JSON, or raw bytes to frame as they are.
enum Send {
    Json(Value),
    Raw(&'static [u8]),
    /// Bytes written without any framing.
    Unframed(&'static [u8]),
}

fn frame(body: &[u8]) -> Vec<u8> {
    let mut out = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    out.extend_from_slice(body);
    out
}

/// Runs one session: sends every message, closes the input, and returns every message
/// the server wrote and its exit code.
fn session(messages: Vec<Send>) -> (Vec<Value>, i32) {
    let mut input = Vec::new();
    for m in messages {
        match m {
            Send::Json(v) => input.extend(frame(v.to_string().as_bytes())),
            Send::Raw(b) => input.extend(frame(b)),
            Send::Unframed(b) => input.extend_from_slice(b),
        }
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_weft"))
        .arg("lsp")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("weft lsp starts");
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().expect("weft lsp ends");
    writer.join().unwrap();
    let mut out = Vec::new();
    let mut rest: &[u8] = &output.stdout;
    while !rest.is_empty() {
        let text = String::from_utf8_lossy(rest);
        let header_end = text.find("\r\n\r\n").expect("a header");
        let length: usize = text[..header_end]
            .strip_prefix("Content-Length: ")
            .expect("Content-Length")
            .parse()
            .unwrap();
        let body = &rest[header_end + 4..header_end + 4 + length];
        out.push(serde_json::from_slice(body).expect("JSON"));
        rest = &rest[header_end + 4 + length..];
    }
    (out, output.status.code().unwrap_or(-1))
}

const URI: &str = "file:///work/broken.game";

fn initialize() -> Send {
    Send::Json(
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}),
    )
}

fn open(text: &str) -> Send {
    Send::Json(
        json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": URI, "languageId": "weft", "version": 1, "text": text}}}),
    )
}

fn request(id: i64, method: &str, params: Value) -> Send {
    Send::Json(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}))
}

fn at(line: u32, character: u32) -> Value {
    json!({"textDocument": {"uri": URI}, "position": {"line": line, "character": character}})
}

fn end() -> Vec<Send> {
    vec![
        Send::Json(json!({"jsonrpc": "2.0", "id": 999, "method": "shutdown"})),
        Send::Json(json!({"jsonrpc": "2.0", "method": "exit"})),
    ]
}

/// The response to request `id`.
fn response(messages: &[Value], id: i64) -> &Value {
    messages
        .iter()
        .find(|m| m["id"] == json!(id))
        .unwrap_or_else(|| panic!("no response to {id} in {messages:#?}"))
}

/// The diagnostics published, in order, as (range, severity, message) lines.
fn published(messages: &[Value]) -> Vec<Vec<String>> {
    messages
        .iter()
        .filter(|m| m["method"] == "textDocument/publishDiagnostics")
        .map(|m| {
            m["params"]["diagnostics"]
                .as_array()
                .unwrap()
                .iter()
                .map(|d| {
                    let r = &d["range"];
                    format!(
                        "{}:{}-{}:{} {} {}",
                        r["start"]["line"],
                        r["start"]["character"],
                        r["end"]["line"],
                        r["end"]["character"],
                        d["severity"],
                        d["message"].as_str().unwrap().lines().next().unwrap()
                    )
                })
                .collect()
        })
        .collect()
}

/// The language reference's file with two mistakes.
const BROKEN: &str = "game \"Broken\"
players black white
board square 9
edges top bottm: black
edges left right: white
piece stone
turn: place stone on empty
forbid \"bend\"
  X . O
  . X
win: connect own edges
";

#[test]
fn two_mistakes_give_two_diagnostics_and_fixing_one_leaves_one() {
    let fixed = BROKEN.replace("bottm", "bottom");
    let mut messages = vec![initialize(), open(BROKEN)];
    messages.push(Send::Json(
        json!({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
        "textDocument": {"uri": URI, "version": 2}, "contentChanges": [{"text": fixed}]}}),
    ));
    messages.extend(end());
    let (out, code) = session(messages);
    assert_eq!(code, 0);
    assert_eq!(
        published(&out),
        vec![
            vec![
                "3:10-3:15 1 unknown edge `bottm`".to_string(),
                "9:2-9:5 1 ragged picture: this row of glyph \"bend\" has 2 symbols, the first row has 3".to_string(),
            ],
            vec!["9:2-9:5 1 ragged picture: this row of glyph \"bend\" has 2 symbols, the first row has 3".to_string()],
        ]
    );
    let first = out
        .iter()
        .find(|m| m["method"] == "textDocument/publishDiagnostics")
        .unwrap();
    assert_eq!(first["params"]["version"], 1);
    assert_eq!(
        first["params"]["diagnostics"][0]["message"],
        "unknown edge `bottm`\nhint: did you mean `bottom`? a square board's edges are `top`, `bottom`, `left` and `right`"
    );
}

#[test]
fn an_edit_by_range_is_applied_and_columns_count_utf16_units() {
    // `ñ` is two bytes and one UTF-16 unit; `𝄞` four bytes and two units.
    let text = "game \"Bolaños 𝄞\" x\nplayers black white\n";
    let mut messages = vec![initialize(), open(text)];
    // Replace `x` (line 0, UTF-16 column 18) with `2024`: now `game` has a stray number.
    messages.push(Send::Json(json!({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
        "textDocument": {"uri": URI, "version": 2},
        "contentChanges": [{"range": {"start": {"line": 0, "character": 18}, "end": {"line": 0, "character": 19}}, "text": "2024"}]}})));
    messages.extend(end());
    let (out, _) = session(messages);
    let p = published(&out);
    assert!(
        p[0].contains(&"0:18-0:19 1 expected the end of the statement, found `x`".to_string()),
        "{p:?}"
    );
    assert!(
        p[1].contains(&"0:18-0:22 1 expected the end of the statement, found `2024`".to_string()),
        "{p:?}"
    );
}

#[test]
fn completion_after_the_colon_of_edges_offers_the_players() {
    let text = BROKEN.replace("bottm: black", "bottom: ") + "\n";
    let mut messages = vec![initialize(), open(&text)];
    messages.push(request(2, "textDocument/completion", at(3, 18)));
    // The beginning of a statement: its keywords, extended to the whole phrase.
    messages.push(request(3, "textDocument/completion", at(11, 0)));
    // After `win: `, the goals.
    messages.push(request(4, "textDocument/completion", at(10, 5)));
    messages.extend(end());
    let (out, _) = session(messages);
    let labels = |id| -> Vec<String> {
        response(&out, id)["result"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["label"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(labels(2), vec!["black", "white"]);
    let players = &response(&out, 2)["result"][0];
    assert_eq!(players["detail"], "player, moves first");
    let starts = labels(3);
    for phrase in [
        "game",
        "at turn start:",
        "no move:",
        "ply limit:",
        "neutral piece",
        "forbid",
    ] {
        assert!(
            starts.contains(&phrase.to_string()),
            "{phrase} in {starts:?}"
        );
    }
    assert_eq!(
        labels(4),
        vec![
            "connect",
            "crossing race into own edges",
            "one group",
            "ring"
        ]
    );
}

#[test]
fn completion_in_a_goal_offers_the_boards_edges_corners_and_sides() {
    let text = "game \"Fork\"\nplayers black white\nboard hexagon 4\npiece stone\nturn: place stone on empty\nwin: connect 3 of \n";
    let mut messages = vec![initialize(), open(text)];
    messages.push(request(2, "textDocument/completion", at(5, 18)));
    messages.extend(end());
    let (out, _) = session(messages);
    let items = response(&out, 2)["result"].as_array().unwrap().clone();
    let detail = |label: &str| -> String {
        items
            .iter()
            .find(|i| i["label"] == label)
            .unwrap_or_else(|| panic!("{label} in {items:?}"))["detail"]
            .as_str()
            .unwrap()
            .to_string()
    };
    assert_eq!(detail("upper-left"), "an edge of the board");
    assert_eq!(
        detail("left"),
        "a corner of the board: one cell where two edges meet"
    );
    assert_eq!(
        detail("bottom-side"),
        "a side of the board: an edge without its corners"
    );
    assert_eq!(
        detail("sides"),
        "every side of the board (edges without corners)"
    );
    assert_eq!(items.len(), 6 + 6 + 6 + 3);
}

#[test]
fn hover_on_a_glyph_name_gives_its_form_count_and_draws_the_forms() {
    let text = std::fs::read_to_string(project("games/crosswind.game")).unwrap();
    let line = text
        .lines()
        .position(|l| l.starts_with("forbid \"knight bend\""))
        .unwrap() as u32;
    let size_line = text
        .lines()
        .position(|l| l.starts_with("param size"))
        .unwrap() as u32;
    let mut messages = vec![initialize(), open(&text)];
    messages.push(request(2, "textDocument/hover", at(line, 10)));
    messages.push(request(3, "textDocument/hover", at(line, 1)));
    messages.push(request(4, "textDocument/hover", at(size_line, 7)));
    messages.extend(end());
    let (out, _) = session(messages);
    let glyph = response(&out, 2)["result"]["contents"]["value"]
        .as_str()
        .unwrap();
    assert!(
        glyph.starts_with("glyph **\"knight bend\"**: **16 distinct forms** on a square board (rotations and reflections, colours swapped too)"),
        "{glyph}"
    );
    assert!(glyph.contains("\nX . O   O X   X . .   . X"), "{glyph}");
    let keyword = response(&out, 3)["result"]["contents"]["value"]
        .as_str()
        .unwrap();
    assert!(
        keyword.starts_with("**`forbid`**: a forbidden glyph"),
        "{keyword}"
    );
    let param = response(&out, 4)["result"]["contents"]["value"]
        .as_str()
        .unwrap();
    assert_eq!(
        param,
        "parameter **size** = 9 (default), from 2 to 26: board side, in points\n\nset it with `--set size=N`"
    );
}

#[test]
fn hover_on_a_cell_shows_its_place_on_the_board() {
    let text = "game \"G\"\nplayers black white\nboard square 3\nblocked c3\nregion centre: b2\nedges top bottom: black\nedges left right: white\npiece stone\nturn: place stone on empty\nwin: connect own edges\n";
    let mut messages = vec![initialize(), open(text)];
    messages.push(request(2, "textDocument/hover", at(4, 15)));
    messages.push(request(3, "textDocument/hover", at(3, 8)));
    messages.extend(end());
    let (out, _) = session(messages);
    assert_eq!(
        response(&out, 2)["result"]["contents"]["value"],
        "cell **b2**: column b of 3, row 2 of 3, on centre\n\n```text\n. .\n. @ .\n. . .\n```"
    );
    assert_eq!(
        response(&out, 3)["result"]["contents"]["value"],
        "cell **c3**: not on the board (blocked, or outside its shape)"
    );
}

#[test]
fn a_warning_at_the_defaults_says_at_which_size() {
    let text = std::fs::read_to_string(project("games/crosswind.game"))
        .unwrap()
        .replace("param size = 9", "param size = 3");
    let mut messages = vec![initialize(), open(&text)];
    messages.extend(end());
    let (out, _) = session(messages);
    let p = published(&out);
    assert_eq!(p.len(), 1);
    assert_eq!(p[0].len(), 1, "{p:?}");
    assert!(
        p[0][0].ends_with(" 2 glyph \"long switch\" (4x2) cannot fit on a 3x3 board, so it never applies (at the parameters' defaults: size = 3)"),
        "{p:?}"
    );
}

#[test]
fn definition_references_and_outline_follow_names() {
    let text = std::fs::read_to_string(project("games/windborne.game")).unwrap();
    let guard = text
        .lines()
        .position(|l| l.starts_with("turn while"))
        .unwrap() as u32;
    // `pawns` in `count pawn < pawns`: column 26.
    let column = text
        .lines()
        .nth(guard as usize)
        .unwrap()
        .find("< pawns")
        .unwrap() as u32
        + 2;
    let param_line = text
        .lines()
        .position(|l| l.starts_with("param pawns"))
        .unwrap() as u32;
    let mut messages = vec![initialize(), open(&text)];
    messages.push(request(2, "textDocument/definition", at(guard, column)));
    let mut refs = at(param_line, 7);
    refs["context"] = json!({"includeDeclaration": false});
    messages.push(request(3, "textDocument/references", refs));
    messages.push(request(
        4,
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": URI}}),
    ));
    messages.extend(end());
    let (out, _) = session(messages);
    let def = &response(&out, 2)["result"][0]["range"];
    assert_eq!(def["start"], json!({"line": param_line, "character": 6}));
    assert_eq!(def["end"], json!({"line": param_line, "character": 11}));
    let refs = response(&out, 3)["result"].as_array().unwrap();
    let lines: Vec<u64> = refs
        .iter()
        .map(|r| r["range"]["start"]["line"].as_u64().unwrap())
        .collect();
    // The guard and the two turn-start checks.
    assert_eq!(lines.len(), 3, "{refs:?}");
    assert!(lines.contains(&(guard as u64)));
    let names: Vec<String> = response(&out, 4)["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            format!(
                "{} {}",
                s["detail"].as_str().unwrap(),
                s["name"].as_str().unwrap()
            )
        })
        .collect();
    for expected in [
        "parameter side",
        "parameter pawns",
        "player black",
        "piece disk",
        "piece pawn",
        "turn turn: optionally slide pawn through no pawn and not enemy disk, then place disk on no disk",
        "goal at turn start: win if count pawn >= pawns and own disk separates pawn",
    ] {
        assert!(
            names.contains(&expected.to_string()),
            "{expected} in {names:?}"
        );
    }
}

#[test]
fn formatting_replaces_the_text_with_its_canonical_layout() {
    let text =
        "game  \"G\"\nboard square 3\nedges top bottom :black\nforbid \"x\"\n    XO\n    OX\n";
    let mut messages = vec![initialize(), open(text)];
    messages.push(request(
        2,
        "textDocument/formatting",
        json!({"textDocument": {"uri": URI}, "options": {"tabSize": 2, "insertSpaces": true}}),
    ));
    messages.extend(end());
    let (out, _) = session(messages);
    let edits = response(&out, 2)["result"].as_array().unwrap();
    assert_eq!(edits.len(), 1);
    assert_eq!(
        edits[0]["newText"],
        "game \"G\"\nboard square 3\nedges top bottom: black\nforbid \"x\"\n  X O\n  O X\n"
    );
    assert_eq!(edits[0]["range"]["end"], json!({"line": 6, "character": 0}));
}

#[test]
fn bad_messages_get_error_responses_and_the_server_goes_on() {
    let mut messages = vec![
        // Before `initialize`: refused.
        request(7, "textDocument/hover", at(0, 0)),
        initialize(),
        open(BROKEN),
        // Not JSON.
        Send::Raw(b"{not json"),
        // JSON, but no message.
        Send::Raw(br#"{"jsonrpc": "2.0", "id": 3}"#),
        // A header without Content-Length.
        Send::Unframed(b"Content-Type: text/plain\r\n\r\n"),
        request(4, "textDocument/frobnicate", json!({})),
        request(5, "textDocument/hover", json!({"oops": 1})),
        // Still serving.
        request(6, "textDocument/hover", at(6, 1)),
    ];
    messages.extend(end());
    let (out, code) = session(messages);
    assert_eq!(code, 0, "{out:#?}");
    let errors: Vec<(Value, i64)> = out
        .iter()
        .filter(|m| m.get("error").is_some())
        .map(|m| (m["id"].clone(), m["error"]["code"].as_i64().unwrap()))
        .collect();
    assert_eq!(
        errors,
        vec![
            (json!(7), -32002),
            (Value::Null, -32700),
            (json!(3), -32600),
            (Value::Null, -32700),
            (json!(4), -32601),
            (json!(5), -32602),
        ]
    );
    assert!(response(&out, 6)["result"]["contents"]["value"]
        .as_str()
        .unwrap()
        .starts_with("**`turn`**"));
}

#[test]
fn exit_without_shutdown_is_an_error_exit() {
    let (_, code) = session(vec![
        initialize(),
        Send::Json(json!({"jsonrpc": "2.0", "method": "exit"})),
    ]);
    assert_eq!(code, 1);
}

#[test]
fn every_word_of_the_grammar_has_a_meaning() {
    let missing: Vec<&String> = weft::lang::grammar::keywords()
        .iter()
        .filter(|w| !weft::interface::lsp::WORDS.iter().any(|(k, _)| k == w))
        .collect();
    assert!(
        missing.is_empty(),
        "add these words to src/interface/lsp/words.rs: {missing:?}"
    );
}

#[test]
fn the_editor_files_know_every_word_and_start_the_server() {
    let grammar: Value = serde_json::from_str(
        &std::fs::read_to_string(project("editors/vscode/syntaxes/weft.tmLanguage.json")).unwrap(),
    )
    .unwrap();
    let keywords = grammar["repository"]["keyword"]["match"].as_str().unwrap();
    let listed: Vec<&str> = keywords
        .trim_start_matches("\\b(")
        .split(")\\b")
        .next()
        .unwrap()
        .split('|')
        .collect();
    let missing: Vec<&String> = weft::lang::grammar::keywords()
        .iter()
        .filter(|w| !listed.contains(&w.as_str()))
        .collect();
    assert!(
        missing.is_empty(),
        "add these words to the TextMate grammar's keyword list: {missing:?}"
    );
    assert_eq!(grammar["scopeName"], "source.weft");
    let package: Value = serde_json::from_str(
        &std::fs::read_to_string(project("editors/vscode/package.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(
        package["contributes"]["grammars"][0]["path"],
        "./syntaxes/weft.tmLanguage.json"
    );
    assert_eq!(
        package["contributes"]["languages"][0]["extensions"][0],
        ".game"
    );
    let client = std::fs::read_to_string(project("editors/vscode/extension.js")).unwrap();
    assert!(client.contains("args: [\"lsp\"]"));
}
