//! The playtest page in a real browser: headless Chromium (from the system's packages;
//! `.ci/run` installs it) driven over the DevTools protocol, clicking the board with
//! real mouse events: a Crossway opening, a Windborne two-step turn (its first step
//! shown tentatively, the second step's cells lit, Escape cancelling), a Crossings line
//! move, an illegal click explained with the glyph's cells outlined, and the rule file
//! edited under the page. The screenshots of a mid-game Windborne and Hex are written to
//! `docs/images/` when `WEFT_SCREENSHOTS` is set.
//!
//! Without Chromium these tests say so and pass, except under CI (`CI` set), where
//! they fail.

use crate::serve::{serve, Served};
use base64::Engine as _;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

/// Chromium, or `None` after saying why the test is skipped (a failure under CI).
fn chromium(test: &str) -> Option<PathBuf> {
    crate::common::find_browser(test, &crate::common::CHROMIUM)
}

/// Headless Chromium with one page, driven over the DevTools protocol.
struct Browser {
    child: Child,
    ws: WebSocket<MaybeTlsStream<TcpStream>>,
    session: String,
    next: u64,
    profile: PathBuf,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

impl Browser {
    /// Starts Chromium and opens `url` in a page of 1280 x 1000.
    fn open(chrome: &PathBuf, url: &str, name: &str) -> Browser {
        let profile = std::env::temp_dir().join(format!("weft-cdp-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&profile);
        let mut child = Command::new(chrome)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--hide-scrollbars",
                "--remote-debugging-port=0",
                "--window-size=1280,1000",
            ])
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg("about:blank")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("Chromium starts");
        // Chromium says where its DevTools listen on stderr; the rest is drained.
        let (tx, rx) = std::sync::mpsc::channel();
        let stderr = child.stderr.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if let Some(at) = line.find("ws://") {
                    let _ = tx.send(line[at..].trim().to_string());
                }
            }
        });
        let ws_url = rx
            .recv_timeout(Duration::from_secs(30))
            .expect("Chromium's DevTools address");
        let (ws, _) = tungstenite::connect(ws_url.as_str()).expect("the DevTools socket");
        if let MaybeTlsStream::Plain(s) = ws.get_ref() {
            s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        }
        let mut b = Browser {
            child,
            ws,
            session: String::new(),
            next: 1,
            profile,
        };
        let target = b.send("Target.createTarget", json!({"url": "about:blank"}));
        let target = target["targetId"].as_str().unwrap().to_string();
        let attached = b.send(
            "Target.attachToTarget",
            json!({"targetId": target, "flatten": true}),
        );
        b.session = attached["sessionId"].as_str().unwrap().to_string();
        b.send("Page.enable", json!({}));
        b.send("Runtime.enable", json!({}));
        b.send(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": 1280, "height": 1000, "deviceScaleFactor": 1, "mobile": false}),
        );
        b.send("Page.navigate", json!({"url": url}));
        b.wait_for(
            "window.weft && weft.view() && weft.idle()",
            "the page's first view",
        );
        b
    }

    /// Sends a command (to the page once attached) and returns its result.
    fn send(&mut self, method: &str, params: Value) -> Value {
        let id = self.next;
        self.next += 1;
        let mut msg = json!({"id": id, "method": method, "params": params});
        if !self.session.is_empty() {
            msg["sessionId"] = json!(self.session);
        }
        self.ws.send(Message::text(msg.to_string())).unwrap();
        loop {
            let m = match self.ws.read() {
                // A signal interrupted the read (a loaded machine): read again.
                Err(tungstenite::Error::Io(e)) if e.kind() == std::io::ErrorKind::Interrupted => {
                    continue
                }
                m => m.expect("a DevTools message"),
            };
            let Message::Text(t) = m else { continue };
            let v: Value = serde_json::from_str(t.as_str()).unwrap();
            if v["id"] == json!(id) {
                if let Some(e) = v.get("error") {
                    panic!("{method}: {e}");
                }
                return v["result"].clone();
            }
        }
    }

    /// Clicks the middle of a cell of the board, as a person would.
    fn click_cell(&mut self, cell: &str) {
        let (x, y) = self.cell_centre(cell);
        for kind in ["mouseMoved", "mousePressed", "mouseReleased"] {
            self.send(
                "Input.dispatchMouseEvent",
                json!({"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}),
            );
        }
        self.settle();
    }

    fn press(&mut self, key: &str) {
        for kind in ["keyDown", "keyUp"] {
            self.send(
                "Input.dispatchKeyEvent",
                json!({"type": kind, "key": key, "code": key, "windowsVirtualKeyCode": 27}),
            );
        }
        self.settle();
    }

    fn screenshot(&mut self) -> Vec<u8> {
        let r = self.send("Page.captureScreenshot", json!({"format": "png"}));
        base64::engine::general_purpose::STANDARD
            .decode(r["data"].as_str().unwrap())
            .unwrap()
    }
}

/// What the tests ask of a page, whichever browser shows it: only `eval` differs
/// (Chromium's DevTools here, Firefox's WebDriver BiDi in `serve_firefox`).
pub trait Page {
    /// Evaluates JavaScript in the page (awaiting a promise) and returns its value.
    fn eval(&mut self, expr: &str) -> Value;

    /// Waits until `expr` is true in the page.
    fn wait_for(&mut self, expr: &str, what: &str) {
        let deadline = Instant::now() + Duration::from_secs(30);
        while Instant::now() < deadline {
            if self.eval(&format!("!!({expr})")) == json!(true) {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("waited for {what}: {expr}");
    }

    /// Waits until the page has sent no request for a moment.
    fn settle(&mut self) {
        self.wait_for("weft.idle()", "the page's requests");
        std::thread::sleep(Duration::from_millis(150));
        self.wait_for("weft.idle()", "the page's requests");
    }

    /// Where the middle of a cell of the board is, scrolled into view.
    fn cell_centre(&mut self, cell: &str) -> (f64, f64) {
        let at = self.eval(&format!(
            "(() => {{ const e = document.querySelector('#board .cell[data-cell=\"{cell}\"]');
                 if (!e) return null; e.scrollIntoView({{block: 'center'}});
                 const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }})()"
        ));
        (at[0].as_f64().expect(cell), at[1].as_f64().unwrap())
    }

    fn text(&mut self, id: &str) -> String {
        self.eval(&format!("document.getElementById('{id}').textContent"))
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    /// The moves in the page's move list (without `start`).
    fn moves(&mut self) -> Vec<String> {
        let v = self
            .eval("[...document.querySelectorAll('#moves li')].slice(1).map(l => l.textContent)");
        serde_json::from_value(v).unwrap()
    }

    /// How many elements match a selector.
    fn count(&mut self, selector: &str) -> usize {
        self.eval(&format!("document.querySelectorAll('{selector}').length"))
            .as_u64()
            .unwrap() as usize
    }
}

impl Page for Browser {
    fn eval(&mut self, expr: &str) -> Value {
        let r = self.send(
            "Runtime.evaluate",
            json!({"expression": expr, "awaitPromise": true, "returnByValue": true}),
        );
        if let Some(e) = r.get("exceptionDetails") {
            panic!("{expr}: {e}");
        }
        r["result"]["value"].clone()
    }
}

pub fn url(s: &Served) -> String {
    format!("http://127.0.0.1:{}/", s.port)
}

/// Checks that a screenshot shows the board, and writes it into docs/images when asked
/// (`WEFT_SCREENSHOTS=1`) and `save`.
fn keep(png: &[u8], name: &str, save: bool) {
    let mut reader = png::Decoder::new(std::io::Cursor::new(png))
        .read_info()
        .unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let step = info.color_type.samples();
    // The board's cells (style.rs: #eedfb9) take a good part of the page.
    let board = buf[..info.buffer_size()]
        .chunks_exact(step)
        .filter(|p| p[0].abs_diff(0xee) < 5 && p[1].abs_diff(0xdf) < 5 && p[2].abs_diff(0xb9) < 5)
        .count();
    assert!(
        board > 20_000,
        "{name}: the board is not drawn ({board} pixels)"
    );
    if save && std::env::var_os("WEFT_SCREENSHOTS").is_some() {
        std::fs::write(
            crate::common::project(&format!("docs/images/{name}.png")),
            png,
        )
        .unwrap();
    }
}

#[test]
fn a_crossway_opening_by_clicks_and_an_illegal_click_explained() {
    let Some(chrome) = chromium("a_crossway_opening_by_clicks_and_an_illegal_click_explained")
    else {
        return;
    };
    let s = serve("crossway", &["--size", "7"]);
    let mut b = Browser::open(&chrome, &url(&s), "crossway");
    assert_eq!(b.text("title"), "Crossway");
    assert_eq!(b.text("status"), "black to move");
    assert_eq!(b.count("#board .cell"), 49);
    for (i, cell) in ["d4", "c3", "e3", "d3"].iter().enumerate() {
        b.click_cell(cell);
        assert_eq!(b.moves().len(), i + 1, "after {cell}");
    }
    assert_eq!(b.moves(), ["d4", "c3", "e3", "d3"]);
    assert_eq!(b.count("#board .piece"), 4);
    assert_eq!(b.text("status"), "black to move");
    // A click on an occupied point is explained instead of played.
    b.click_cell("d4");
    assert_eq!(b.moves().len(), 4);
    assert_eq!(b.text("explain"), "d4 is illegal: d4 is not empty");
    // Undo and redo with the buttons, the move list to go back.
    b.eval("document.getElementById('undo').click()");
    b.settle();
    assert_eq!(b.eval("weft.view().cursor"), json!(b.moves().len() - 1));
    b.eval("document.querySelector('#moves li[data-ply=\"1\"]').click()");
    b.settle();
    assert_eq!(b.eval("weft.view().cursor"), json!(1));
    assert_eq!(b.count("#board .piece"), 1);
    keep(&b.screenshot(), "serve-crossway", false);
}

#[test]
fn an_illegal_click_explains_itself_with_the_glyph_outlined() {
    let Some(chrome) = chromium("an_illegal_click_explains_itself_with_the_glyph_outlined") else {
        return;
    };
    let s = serve("crosswind", &["--size", "5"]);
    let mut b = Browser::open(&chrome, &url(&s), "crosswind");
    b.click_cell("c3");
    b.click_cell("a1");
    // d4 would make a naked diagonal with c3: explained, nothing played.
    b.click_cell("d4");
    assert_eq!(b.moves(), ["c3", "a1"]);
    assert_eq!(
        b.text("explain"),
        "d4 is illegal: it would form the forbidden glyph \"naked diagonal\" at c3 d3 c4 d4"
    );
    let outlined: Vec<String> = serde_json::from_value(b.eval(
        "[...document.querySelectorAll('#board .overlay .why')].map(e => e.dataset.cell).sort()",
    ))
    .unwrap();
    assert_eq!(outlined, ["c3", "c4", "d3", "d4"]);
    // On hover too.
    b.eval("document.getElementById('explain').textContent = ''");
    let at = b.eval(
        "(() => { const r = document.querySelector('#board .cell[data-cell=\"b2\"]').getBoundingClientRect(); return [r.x + r.width/2, r.y + r.height/2]; })()",
    );
    b.send(
        "Input.dispatchMouseEvent",
        json!({"type": "mouseMoved", "x": at[0], "y": at[1]}),
    );
    b.wait_for(
        "document.getElementById('explain').textContent.startsWith('b2 is illegal')",
        "the hover's explanation",
    );
}

#[test]
fn a_windborne_two_step_turn_by_clicks() {
    let Some(chrome) = chromium("a_windborne_two_step_turn_by_clicks") else {
        return;
    };
    let s = serve("windborne", &["--size", "4"]);
    let mut b = Browser::open(&chrome, &url(&s), "windborne");
    // The setup turn: a disk, then a pawn. The first step is shown before the turn is
    // complete, the second step's cells are lit, and Escape cancels.
    b.click_cell("d4");
    assert_eq!(b.moves().len(), 0);
    assert_eq!(b.count("#board .overlay .tentative"), 1);
    assert!(
        b.count("#board .overlay .target") > 10,
        "the pawn's cells lit"
    );
    b.press("Escape");
    assert_eq!(b.count("#board .overlay .tentative"), 0);
    assert_eq!(b.count("#board .overlay .target"), 0);
    b.click_cell("d4");
    b.click_cell("d4");
    assert_eq!(b.moves(), ["d4,d4"], "a pawn on its own disk");
    b.click_cell("c3");
    b.click_cell("e5");
    b.click_cell("e2");
    b.click_cell("b6");
    assert_eq!(b.moves(), ["d4,d4", "c3,e5", "e2,b6"]);
    // The moving phase: slide a pawn (the pawn, then where it goes), then place a disk.
    let v = b.eval("weft.view().steps.map(e => e.text)");
    let slides: Vec<String> = serde_json::from_value(v).unwrap();
    let slide = slides
        .iter()
        .find(|t| t.starts_with("e5-"))
        .expect("e5's pawn slides")
        .clone();
    let (from, to) = slide.split_once('-').unwrap();
    b.click_cell(from);
    assert!(
        b.count("#board .overlay .target") > 0,
        "its destinations lit"
    );
    b.click_cell(to);
    assert_eq!(
        b.count("#board .overlay .tentative"),
        1,
        "the pawn shown moved"
    );
    let place: String = serde_json::from_value(b.eval(&format!(
        "weft.view().steps.find(e => e.text === '{slide}').then[0].step.cell"
    )))
    .unwrap();
    b.click_cell(&place);
    assert_eq!(b.moves().last().unwrap(), &format!("{slide},{place}"));
    // More moves to a mid-game, for the screenshot.
    for _ in 0..4 {
        b.eval("document.getElementById('think-move').click()");
        b.wait_for(
            "weft.view().computer.thinking === null && weft.idle()",
            "the computer's move",
        );
    }
    keep(&b.screenshot(), "serve-windborne", true);
}

#[test]
fn a_crossings_line_move_by_clicks() {
    let Some(chrome) = chromium("a_crossings_line_move_by_clicks") else {
        return;
    };
    let s = serve("crossings", &[]);
    let mut b = Browser::open(&chrome, &url(&s), "crossings");
    // White's line a1-a2 moves exactly its length: the front piece, then its target.
    b.click_cell("a2");
    assert!(b.count("#board .overlay .target") > 0);
    b.click_cell("a4");
    assert_eq!(b.moves(), ["a1:a2-a4"]);
    assert_eq!(b.text("status"), "black to move");
    // A line that may not go there is explained.
    b.click_cell("h7");
    b.click_cell("h4");
    let why = b.text("explain");
    assert!(
        why.starts_with("h8:h7-h4 is illegal:") || why.starts_with("h7-h4 is illegal:"),
        "{why}"
    );
    assert_eq!(b.moves().len(), 1);
}

#[test]
fn the_page_follows_the_rule_file_as_it_is_edited() {
    let Some(chrome) = chromium("the_page_follows_the_rule_file_as_it_is_edited") else {
        return;
    };
    let s = serve("hex", &["--size", "6"]);
    let mut b = Browser::open(&chrome, &url(&s), "hex");
    b.click_cell("c3");
    b.click_cell("d4");
    let original = std::fs::read_to_string(&s.file).unwrap();
    std::fs::write(
        &s.file,
        original.replace("game \"Hex\"", "game \"Hex, edited\""),
    )
    .unwrap();
    b.wait_for(
        "document.getElementById('title').textContent === 'Hex, edited'",
        "the new name",
    );
    assert_eq!(b.moves(), ["c3", "d4"]);
    assert!(b.text("notice").contains("replays on the new rules"));
    std::fs::write(&s.file, format!("{original}\nwin: nonsense\n")).unwrap();
    b.wait_for(
        "!document.getElementById('problem').hidden",
        "the diagnostics",
    );
    assert!(
        b.text("problem-text").contains("nonsense"),
        "{}",
        b.text("problem-text")
    );
    std::fs::write(&s.file, &original).unwrap();
    b.wait_for(
        "document.getElementById('problem').hidden",
        "the diagnostics gone",
    );
    assert_eq!(b.text("title"), "Hex");
    // A mid-game for the screenshot.
    for cell in ["b5", "e2", "c5", "d2", "b4", "e3", "c4"] {
        b.click_cell(cell);
    }
    keep(&b.screenshot(), "serve-hex", true);
}
