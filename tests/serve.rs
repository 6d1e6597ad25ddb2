//! `weft serve` through HTTP: the server started on a free port over a copy of a rule
//! file in a scratch folder, every endpoint called with a plain HTTP/1.1 client (so the
//! paths are sent exactly as written), bad requests answered with a 4xx and a reason,
//! path traversal refused, two games at once, and the rule file edited under the
//! server (replayed, kept with the move that became illegal named, a broken file's
//! diagnostics shown, then fixed).

use crate::common::*;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// A server running over a scratch copy of a rule file.
pub struct Served {
    child: Child,
    pub port: u16,
    pub dir: PathBuf,
    pub file: PathBuf,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Starts `weft serve` on a copy of `games/NAME.game` in a fresh folder, on a free port.
/// The folder is numbered within the test process: two tests serving the same game with
/// the same options at once (the Chromium and the Firefox page tests) must not share,
/// or one's clean-up removes the other's rule file before its server reads it.
pub fn serve(name: &str, args: &[&str]) -> Served {
    static SERVED: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "weft-serve-{}-{}-{name}",
        std::process::id(),
        SERVED.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{name}.game"));
    std::fs::copy(project(&format!("games/{name}.game")), &file).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_weft"))
        .arg("serve")
        .arg(&file)
        .args(["--port", "0"])
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let port = line
        .split("http://127.0.0.1:")
        .nth(1)
        .and_then(|r| r.split('/').next())
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| {
            // The server said nothing on stdout: it stopped; its reason is on stderr.
            let _ = child.kill();
            let mut reason = String::new();
            let _ = child.stderr.take().unwrap().read_to_string(&mut reason);
            panic!("no address in `{line}`; the server said `{reason}`")
        });
    Served {
        child,
        port,
        dir,
        file,
    }
}

/// An answer: status, headers (lower-case names) and body.
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Answer {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }
    /// The error's reason, for a 4xx.
    pub fn error(&self) -> String {
        self.json()["error"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    }
}

impl Served {
    /// Sends a request exactly as written, with `Host: 127.0.0.1:PORT` unless given.
    pub fn raw(&self, method: &str, path: &str, body: &str, headers: &[(&str, &str)]) -> Answer {
        let mut s = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        let mut req = format!("{method} {path} HTTP/1.1\r\nConnection: close\r\n");
        if !headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("host")) {
            req.push_str(&format!("Host: 127.0.0.1:{}\r\n", self.port));
        }
        for (k, v) in headers {
            req.push_str(&format!("{k}: {v}\r\n"));
        }
        req.push_str(&format!("Content-Length: {}\r\n\r\n{body}", body.len()));
        s.write_all(req.as_bytes()).unwrap();
        let mut bytes = Vec::new();
        s.read_to_end(&mut bytes).unwrap();
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
        let mut lines = head.lines();
        let status = lines
            .next()
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|c| c.parse().ok())
            .unwrap_or_else(|| panic!("no status in `{text}`"));
        let headers: Vec<(String, String)> = lines
            .filter_map(|l| l.split_once(':'))
            .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
            .collect();
        let chunked = headers
            .iter()
            .any(|(k, v)| k == "transfer-encoding" && v.contains("chunked"));
        let body = if chunked {
            unchunk(body)
        } else {
            body.to_string()
        };
        Answer {
            status,
            headers,
            body,
        }
    }

    pub fn get(&self, path: &str) -> Answer {
        self.raw("GET", path, "", &[])
    }

    pub fn post(&self, path: &str, body: &Value) -> Answer {
        self.raw(
            "POST",
            path,
            &body.to_string(),
            &[("Content-Type", "application/json")],
        )
    }

    /// A new game's view.
    pub fn new_game(&self) -> Value {
        let a = self.post("/api/games", &json!({}));
        assert_eq!(a.status, 201, "{}", a.body);
        a.json()
    }

    /// Posts an action to a game and expects 200; the new view.
    pub fn act(&self, id: &str, action: &str, body: Value) -> Value {
        let a = self.post(&format!("/api/games/{id}/{action}"), &body);
        assert_eq!(a.status, 200, "{action}: {}", a.body);
        a.json()
    }

    /// Waits (the long poll) until the game's view passes `since` and satisfies `ok`.
    pub fn wait_until(&self, id: &str, mut since: u64, ok: impl Fn(&Value) -> bool) -> Value {
        let deadline = std::time::Instant::now() + Duration::from_secs(60);
        loop {
            assert!(std::time::Instant::now() < deadline, "waited too long");
            let a = self.get(&format!("/api/games/{id}/wait?since={since}"));
            if a.status == 204 {
                continue;
            }
            assert_eq!(a.status, 200, "{}", a.body);
            let v = a.json();
            if ok(&v) {
                return v;
            }
            since = v["version"].as_u64().unwrap();
        }
    }
}

fn unchunk(body: &str) -> String {
    let mut out = String::new();
    let mut rest = body;
    while let Some((size, after)) = rest.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        out.push_str(&after[..n]);
        rest = &after[n + 2..];
    }
    out
}

fn id(v: &Value) -> String {
    v["id"].as_str().unwrap().to_string()
}

fn moves(v: &Value) -> Vec<String> {
    v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect()
}

/// The page and its assets, a game's view and every action on it.
#[test]
fn the_page_and_every_endpoint() {
    let s = serve("crossway", &["--size", "5", "--budget", "200"]);
    let page = s.get("/");
    assert_eq!(page.status, 200);
    assert!(page.body.starts_with("<!DOCTYPE html>"), "{}", page.body);
    assert!(page.body.contains("<script src=\"/page.js\">"));
    for (path, kind) in [("/page.js", "text/javascript"), ("/page.css", "text/css")] {
        let a = s.get(path);
        assert_eq!(a.status, 200, "{path}");
        assert!(a
            .headers
            .iter()
            .any(|(k, v)| k == "content-type" && v.starts_with(kind)));
    }
    // Nothing is fetched from elsewhere.
    for asset in ["/", "/page.js", "/page.css"] {
        let body = s.get(asset).body;
        assert!(
            !body.contains("http://") && !body.contains("https://")
                || asset == "/page.js" && !body.contains("https://"),
            "{asset}"
        );
    }

    let v = s.new_game();
    let g = id(&v);
    assert_eq!(v["game"], "Crossway");
    assert_eq!(v["status"], "black to move");
    assert_eq!(v["params"][0]["name"], "size");
    assert_eq!(v["params"][0]["value"], 5);
    assert_eq!(
        v["steps"].as_array().unwrap().len(),
        25,
        "a placement on each point"
    );
    let svg = v["svg"].as_str().unwrap();
    roxmltree::Document::parse(svg).unwrap();
    assert_eq!(svg.matches("class=\"cell\"").count(), 25);
    assert_eq!(s.get(&format!("/api/games/{g}")).json()["id"], g);

    // Moves, why, undo, redo, the move list.
    let v = s.act(&g, "play", json!({"move": "c3"}));
    assert_eq!(moves(&v), ["c3"]);
    assert_eq!(v["swap"], true);
    s.act(&g, "play", json!({"move": "swap"}));
    let v2 = s.act(&g, "play", json!({"move": "b2"}));
    assert_eq!(moves(&v2), ["c3", "swap", "b2"]);
    assert_eq!(
        v2["svg"]
            .as_str()
            .unwrap()
            .matches("class=\"piece p")
            .count(),
        2
    );
    let why = s.get(&format!("/api/games/{g}/why?move=c3")).json();
    assert_eq!(why["legal"], false);
    assert_eq!(why["reason"], "c3 is illegal: c3 is not empty");
    let why = s.get(&format!("/api/games/{g}/why?cells=d4")).json();
    assert_eq!(why["legal"], true);
    let v = s.act(&g, "undo", json!({}));
    assert_eq!(v["cursor"], 2);
    assert_eq!(v["can_redo"], true);
    let v = s.act(&g, "redo", json!({}));
    assert_eq!(v["cursor"], 3);
    let v = s.act(&g, "goto", json!({"ply": 1}));
    assert_eq!(v["cursor"], 1);
    assert_eq!(moves(&v), ["c3", "swap", "b2"], "the line is kept");
    let v = s.act(&g, "play", json!({"move": "d4"}));
    assert_eq!(
        moves(&v),
        ["c3", "d4"],
        "playing from the past drops the rest"
    );
    assert_eq!(
        v["moves_line"],
        format!(
            "weft replay {} --set size=5 --moves \"c3 d4\"",
            s.file.display()
        )
    );

    // The record, downloaded and loaded back; saved beside the rule file and opened.
    let rec = s.get(&format!("/api/games/{g}/record"));
    assert_eq!(rec.status, 200);
    assert!(rec
        .headers
        .iter()
        .any(|(k, v)| k == "content-disposition" && v.contains("attachment")));
    let r: Value = serde_json::from_str(&rec.body).unwrap();
    assert_eq!(r["format"], "weft record 1");
    assert_eq!(r["moves"], json!(["c3", "d4"]));
    assert_eq!(r["params"], json!({"size": 5}));
    let v = s.act(&g, "new", json!({}));
    assert_eq!(moves(&v), Vec::<String>::new());
    let a = s.raw("POST", &format!("/api/games/{g}/load"), &rec.body, &[]);
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(moves(&a.json()), ["c3", "d4"]);
    let v = s.act(&g, "save", json!({"name": "game1.json"}));
    assert!(v["notice"].as_str().unwrap().starts_with("saved "));
    let saved = std::fs::read_to_string(s.dir.join("game1.json")).unwrap();
    assert_eq!(
        saved, rec.body,
        "the same JSON as the download (and the REPL)"
    );
    let a = s.post(
        &format!("/api/games/{g}/save"),
        &json!({"name": "game1.json"}),
    );
    assert_eq!(a.status, 409);
    assert_eq!(
        a.error(),
        "game1.json already exists: save with `replace` to replace it"
    );
    s.act(&g, "save", json!({"name": "game1.json", "replace": true}));
    assert_eq!(
        s.get("/api/records").json()["records"],
        json!(["game1.json"])
    );
    s.act(&g, "new", json!({"params": {"size": 4}}));
    let v = s.act(&g, "open", json!({"name": "game1.json"}));
    assert_eq!(moves(&v), ["c3", "d4"]);
    assert_eq!(v["params"][0]["value"], 5, "the record's parameters");

    // New game with other parameters, refused parameters.
    let v = s.act(&g, "new", json!({"params": {"size": 7}}));
    assert_eq!(
        v["svg"].as_str().unwrap().matches("class=\"cell\"").count(),
        49
    );
    let a = s.post(
        &format!("/api/games/{g}/new"),
        &json!({"params": {"size": 99}}),
    );
    assert_eq!(a.status, 422);
    assert!(a.error().contains("size"), "{}", a.error());
    let a = s.post(
        &format!("/api/games/{g}/new"),
        &json!({"params": {"colour": 1}}),
    );
    assert_eq!(a.status, 422);

    // The computer: a hint, a move, a side, stopped.
    let v = s.act(&g, "think", json!({"task": "hint"}));
    assert!(v["computer"]["thinking"].is_object());
    let v = s.wait_until(&g, v["version"].as_u64().unwrap(), |v| {
        v["hint"].is_object()
    });
    assert!(v["hint"]["move"].is_string());
    assert!(!v["hint"]["cells"].as_array().unwrap().is_empty());
    let v = s.act(&g, "think", json!({"task": "move", "budget": "100"}));
    let v = s.wait_until(&g, v["version"].as_u64().unwrap(), |v| {
        v["moves"].as_array().unwrap().len() == 1
    });
    assert!(v["notice"].as_str().unwrap().contains("(computer) played"));
    // The computer plays the second seat: it answers at once, and after each move of
    // the person's; a move of the person's is refused while it chooses.
    let v = s.act(
        &g,
        "computer",
        json!({"seats": [false, true], "budget": "100"}),
    );
    assert_eq!(v["computer"]["seats"], json!([false, true]));
    assert_eq!(v["computer"]["budget"], "100 playouts");
    let v = s.wait_until(&g, v["version"].as_u64().unwrap(), |v| {
        v["moves"].as_array().unwrap().len() == 2 && v["computer"]["thinking"].is_null()
    });
    assert_eq!(v["seat"], 0, "the person is to move");
    let free = v["steps"][0]["text"].as_str().unwrap().to_string();
    let v = s.act(&g, "play", json!({"move": free}));
    let v = s.wait_until(&g, v["version"].as_u64().unwrap(), |v| {
        v["moves"].as_array().unwrap().len() == 4 && v["computer"]["thinking"].is_null()
    });
    assert_eq!(v["seat"], 0, "the person is to move again");
    let v = s.act(&g, "undo", json!({}));
    assert_eq!(v["cursor"], 2, "undo goes back to the person's turn");
    s.act(
        &g,
        "computer",
        json!({"seats": [false, false], "budget": "60s"}),
    );
    let v = s.act(&g, "think", json!({"task": "move"}));
    assert!(v["computer"]["thinking"].is_object());
    let a = s.post(&format!("/api/games/{g}/play"), &json!({"move": free}));
    assert_eq!(a.status, 409);
    assert_eq!(a.error(), "the computer is choosing a move: stop it first");
    let a = s.post(&format!("/api/games/{g}/think"), &json!({"task": "hint"}));
    assert_eq!(a.status, 409);
    let v = s.act(&g, "stop", json!({}));
    let v = s.wait_until(&g, v["version"].as_u64().unwrap(), |v| {
        v["computer"]["thinking"].is_null()
    });
    assert_eq!(
        moves(&v).len(),
        3,
        "stopped: it plays the best move found so far"
    );
    assert!(
        v["notice"].as_str().unwrap().contains("(stopped)"),
        "{}",
        v["notice"]
    );
}

/// Bad requests: a 4xx with a reason, and the server goes on.
#[test]
fn bad_requests_get_a_4xx_with_a_reason() {
    let s = serve("crossway", &["--size", "5"]);
    let g = id(&s.new_game());
    let cases: Vec<(Answer, u16, &str)> = vec![
        (s.get("/nothing"), 404, "there is nothing at /nothing"),
        (
            s.get("/api/games/nope"),
            404,
            "no game `nope` (the server may have restarted): start a new one",
        ),
        (s.get(&format!("/api/games/{g}/nothing")), 404, ""),
        (
            s.raw("DELETE", &format!("/api/games/{g}"), "", &[]),
            405,
            "DELETE is not how this address is used",
        ),
        (s.raw("PUT", "/", "", &[]), 405, ""),
        (s.get("/api/games"), 405, ""),
        (
            s.raw("POST", &format!("/api/games/{g}/play"), "{not json", &[]),
            400,
            "",
        ),
        (
            s.raw("POST", &format!("/api/games/{g}/play"), "[1]", &[]),
            400,
            "the body must be a JSON object",
        ),
        (
            s.post(&format!("/api/games/{g}/play"), &json!({})),
            400,
            "`play` needs \"move\", a string",
        ),
        (
            s.post(&format!("/api/games/{g}/play"), &json!({"move": "z9"})),
            422,
            "`z9` is not a move: write a point from a1 to e5, `swap` or `pass`",
        ),
        (
            s.post(&format!("/api/games/{g}/play"), &json!({"move": "swap"})),
            422,
            "",
        ),
        (
            s.post(&format!("/api/games/{g}/undo"), &json!({})),
            409,
            "nothing to undo: this is the start of the game",
        ),
        (
            s.post(&format!("/api/games/{g}/redo"), &json!({})),
            409,
            "nothing to redo",
        ),
        (
            s.post(&format!("/api/games/{g}/goto"), &json!({"ply": 5})),
            422,
            "there is no position after 5 moves: the game has 0",
        ),
        (
            s.post(&format!("/api/games/{g}/goto"), &json!({"ply": -1})),
            400,
            "",
        ),
        (
            s.post(&format!("/api/games/{g}/think"), &json!({"task": "dance"})),
            422,
            "`dance` is not a task: ask for \"move\" or \"hint\"",
        ),
        (
            s.post(
                &format!("/api/games/{g}/think"),
                &json!({"task": "move", "budget": "0"}),
            ),
            422,
            "",
        ),
        (
            s.post(&format!("/api/games/{g}/stop"), &json!({})),
            409,
            "the computer is not thinking",
        ),
        (
            s.post(
                &format!("/api/games/{g}/computer"),
                &json!({"seats": [true]}),
            ),
            400,
            "",
        ),
        (
            s.post(
                &format!("/api/games/{g}/new"),
                &json!({"params": {"size": "big"}}),
            ),
            422,
            "parameter size: `\"big\"` is not a whole number",
        ),
        (
            s.raw(
                "POST",
                &format!("/api/games/{g}/load"),
                "{\"format\": \"x\"}",
                &[],
            ),
            422,
            "",
        ),
        (
            s.get(&format!("/api/games/{g}/why")),
            400,
            "`why` needs `move` (a move) or `cells` (clicked cells)",
        ),
        (
            s.get(&format!("/api/games/{g}/why?cells=q7")),
            422,
            "`q7` is not a cell of this board",
        ),
        (s.get(&format!("/api/games/{g}/wait")), 400, ""),
        (s.get(&format!("/api/games/{g}/wait?since=x")), 400, ""),
        (s.get(&format!("/api/games/{g}/why?move=%zz")), 400, ""),
        // Another site's page, or another name for this machine.
        (
            s.raw("GET", "/", "", &[("Host", "evil.example:80")]),
            403,
            "",
        ),
        (
            s.raw(
                "POST",
                "/api/games",
                "{}",
                &[("Origin", "http://evil.example")],
            ),
            403,
            "",
        ),
        (
            s.raw("POST", "/api/games", &"x".repeat(2 << 20), &[]),
            413,
            "",
        ),
    ];
    for (a, status, reason) in cases {
        assert_eq!(a.status, status, "{}", a.body);
        if status != 413 || !a.body.is_empty() {
            assert!(!a.error().is_empty(), "a reason for {status}: {}", a.body);
        }
        if !reason.is_empty() {
            assert_eq!(a.error(), reason);
        }
    }
    // Still serving, the game untouched.
    let v = s.get(&format!("/api/games/{g}")).json();
    assert_eq!(v["cursor"], 0);
    assert_eq!(s.get("/").status, 200);
}

/// No request reads or writes a file outside the rule file's folder.
#[test]
fn no_request_reaches_outside_the_rule_file_s_folder() {
    let s = serve("hex", &["--size", "3"]);
    let g = id(&s.new_game());
    let outside = s
        .dir
        .parent()
        .unwrap()
        .join(format!("weft-outside-{}.json", std::process::id()));
    let _ = std::fs::remove_file(&outside);
    for path in [
        "/../../../../etc/passwd",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/..%2f..%2fetc%2fpasswd",
        "/hex.game",
        "/api/records/../hex.game",
        "//etc/passwd",
    ] {
        let a = s.get(path);
        assert_eq!(a.status, 404, "{path}: {}", a.body);
        assert!(!a.body.contains("root:"), "{path}");
    }
    let far = outside.display().to_string();
    for name in [
        "../x.json",
        "../../x.json",
        far.as_str(),
        "sub/x.json",
        "..\\x.json",
        ".hidden.json",
        "hex.game",
        "x.json\0.txt",
    ] {
        let a = s.post(&format!("/api/games/{g}/save"), &json!({"name": name}));
        assert_eq!(a.status, 400, "save {name}: {}", a.body);
        let a = s.post(&format!("/api/games/{g}/open"), &json!({"name": name}));
        assert_eq!(a.status, 400, "open {name}: {}", a.body);
    }
    assert!(!outside.exists());
    // A link in the folder that leads out: neither read nor written through.
    #[cfg(unix)]
    {
        std::fs::write(&outside, "{\"secret\": 1}").unwrap();
        std::os::unix::fs::symlink(&outside, s.dir.join("link.json")).unwrap();
        let a = s.post(
            &format!("/api/games/{g}/open"),
            &json!({"name": "link.json"}),
        );
        assert_eq!(a.status, 403, "{}", a.body);
        let a = s.post(
            &format!("/api/games/{g}/save"),
            &json!({"name": "link.json", "replace": true}),
        );
        assert_eq!(a.status, 409, "{}", a.body);
        assert_eq!(
            std::fs::read_to_string(&outside).unwrap(),
            "{\"secret\": 1}"
        );
        let _ = std::fs::remove_file(&outside);
    }
    // The rule file itself is never written.
    let before = std::fs::read_to_string(&s.file).unwrap();
    let a = s.post(
        &format!("/api/games/{g}/save"),
        &json!({"name": "hex.game"}),
    );
    assert_eq!(a.status, 400);
    assert_eq!(std::fs::read_to_string(&s.file).unwrap(), before);
}

/// Two tabs, two games: moves in one do not touch the other.
#[test]
fn two_games_at_once() {
    let s = serve("hex", &["--size", "4"]);
    let a = id(&s.new_game());
    let b = id(&s.new_game());
    assert_ne!(a, b);
    s.act(&a, "play", json!({"move": "a1"}));
    s.act(&b, "play", json!({"move": "d4"}));
    s.act(&b, "play", json!({"move": "c3"}));
    s.act(&a, "new", json!({"params": {"size": 3}}));
    s.act(&a, "play", json!({"move": "b2"}));
    let va = s.get(&format!("/api/games/{a}")).json();
    let vb = s.get(&format!("/api/games/{b}")).json();
    assert_eq!(moves(&va), ["b2"]);
    assert_eq!(moves(&vb), ["d4", "c3"]);
    assert_eq!(va["params"][0]["value"], 3);
    assert_eq!(vb["params"][0]["value"], 4);
    // At the same time, from two threads.
    std::thread::scope(|scope| {
        for (g, cells) in [(&a, ["a1", "c1"]), (&b, ["a1", "b1"])] {
            let s = &s;
            scope.spawn(move || {
                for c in cells {
                    s.act(g, "play", json!({"move": c}));
                }
            });
        }
    });
    assert_eq!(
        moves(&s.get(&format!("/api/games/{a}")).json()),
        ["b2", "a1", "c1"]
    );
    assert_eq!(
        moves(&s.get(&format!("/api/games/{b}")).json()),
        ["d4", "c3", "a1", "b1"]
    );
}

/// The rule file edited under the server: the game replays on the new rules; a change
/// that makes a played move illegal keeps the old rules and names the move; a file that
/// does not load shows its diagnostics until it is fixed.
#[test]
fn the_rule_file_edited_under_the_server() {
    let s = serve("crossway", &["--size", "5"]);
    let g = id(&s.new_game());
    let v = s.act(&g, "play", json!({"move": "c3"}));
    let v = {
        let _ = v;
        s.act(&g, "play", json!({"move": "b2"}))
    };
    let original = std::fs::read_to_string(&s.file).unwrap();
    // A new name: the page follows, the game replays.
    std::fs::write(
        &s.file,
        original.replace("game \"Crossway\"", "game \"Crossway edited\""),
    )
    .unwrap();
    let v = s.wait_until(&g, v["version"].as_u64().unwrap(), |v| {
        v["game"] == "Crossway edited"
    });
    assert_eq!(moves(&v), ["c3", "b2"]);
    assert_eq!(
        v["notice"],
        format!(
            "{} changed: the game (2 moves) replays on the new rules",
            s.file.display()
        )
    );
    // A broken file: its diagnostics in full, the game goes on with the old rules.
    std::fs::write(&s.file, format!("{original}\nthis is not a rule\n")).unwrap();
    let v = s.wait_until(&g, v["version"].as_u64().unwrap(), |v| {
        v["problem"].is_string()
    });
    let problem = v["problem"].as_str().unwrap();
    assert!(problem.starts_with("error"), "{problem}");
    assert!(problem.contains("this is not a rule"), "{problem}");
    assert_eq!(v["game"], "Crossway edited");
    let v = s.act(&g, "play", json!({"move": "d4"}));
    assert_eq!(moves(&v), ["c3", "b2", "d4"]);
    // A new tab while the file is broken: refused with the diagnostics.
    let a = s.post("/api/games", &json!({}));
    assert_eq!(a.status, 422);
    assert!(a.error().contains("this is not a rule"));
    // A change that makes a played move illegal: c3 blocked.
    let blocked = original.replace("players black white", "players black white\nblocked c3");
    assert_ne!(blocked, original, "the edit applies");
    std::fs::write(&s.file, &blocked).unwrap();
    let v = s.wait_until(&g, v["version"].as_u64().unwrap(), |v| {
        v["problem"].is_null()
    });
    assert_eq!(v["game"], "Crossway edited", "the old rules stay");
    assert_eq!(
        v["notice"],
        format!(
            "{} changed, but move 1 `c3`: `c3` is not a move: write a point from a1 to e5, `swap` or `pass` under the new rules: the game keeps the old rules (go back before that move, or start a new game, to play the new ones)",
            s.file.display()
        )
    );
    // Back before it: the new rules take over.
    let v = s.act(&g, "goto", json!({"ply": 0}));
    assert_eq!(v["game"], "Crossway");
    assert!(v["svg"]
        .as_str()
        .unwrap()
        .contains("class=\"blocked\" data-cell=\"c3\""));
    assert_eq!(
        moves(&v),
        Vec::<String>::new(),
        "the moves that no longer replay are dropped"
    );
    let v = s.act(&g, "new", json!({}));
    assert_eq!(v["game"], "Crossway");
}
