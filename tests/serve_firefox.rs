//! The playtest page in Firefox: headless Firefox (from the system's packages;
//! `.ci/run` installs `firefox-esr`) driven over WebDriver BiDi, the standard protocol
//! Firefox speaks, clicking the board with real pointer actions: a Windborne setup turn
//! of two steps (its first step shown, Escape cancelling), a slide then a placement, and
//! a Crossway click the glyph forbids, explained. The Chromium tests
//! (`tests/serve_browser.rs`) cover more; this one shows the page needs nothing
//! Chromium-only.
//!
//! Without Firefox this test says so and passes, except under CI (`CI` set), where it
//! fails.

use crate::serve::serve;
use crate::serve_browser::{url, Page};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

/// Firefox, or `None` after saying why the test is skipped (a failure under CI).
fn firefox(test: &str) -> Option<PathBuf> {
    crate::common::find_browser(test, &crate::common::FIREFOX)
}

/// Headless Firefox with one page, driven over WebDriver BiDi.
struct Browser {
    child: Child,
    ws: WebSocket<MaybeTlsStream<TcpStream>>,
    context: String,
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
    /// Starts Firefox and opens `url`.
    fn open(firefox: &PathBuf, url: &str, name: &str) -> Browser {
        let profile = std::env::temp_dir().join(format!("weft-bidi-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&profile);
        std::fs::create_dir_all(&profile).unwrap();
        let mut child = Command::new(firefox)
            .arg("--headless")
            .arg("--profile")
            .arg(&profile)
            .args(["--remote-debugging-port=0", "--window-size=1280,1000"])
            .arg("about:blank")
            .env("MOZ_CRASHREPORTER_DISABLE", "1")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("Firefox starts");
        // Firefox says where WebDriver BiDi listens on stderr; the rest is drained.
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
            .recv_timeout(Duration::from_secs(60))
            .expect("Firefox's WebDriver BiDi address");
        let (ws, _) = tungstenite::connect(format!("{ws_url}/session").as_str())
            .expect("the WebDriver BiDi socket");
        if let MaybeTlsStream::Plain(s) = ws.get_ref() {
            s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        }
        let mut b = Browser {
            child,
            ws,
            context: String::new(),
            next: 1,
            profile,
        };
        b.send("session.new", json!({"capabilities": {}}));
        let tree = b.send("browsingContext.getTree", json!({}));
        b.context = tree["contexts"][0]["context"].as_str().unwrap().to_string();
        b.send(
            "browsingContext.setViewport",
            json!({"context": b.context, "viewport": {"width": 1280, "height": 1000}}),
        );
        b.send(
            "browsingContext.navigate",
            json!({"context": b.context, "url": url, "wait": "complete"}),
        );
        b.wait_for(
            "window.weft && weft.view() && weft.idle()",
            "the page's first view",
        );
        b
    }

    /// Sends a command and returns its result.
    fn send(&mut self, method: &str, params: Value) -> Value {
        let id = self.next;
        self.next += 1;
        let msg = json!({"id": id, "method": method, "params": params});
        self.ws.send(Message::text(msg.to_string())).unwrap();
        loop {
            let m = match self.ws.read() {
                // A signal interrupted the read (a loaded machine): read again.
                Err(tungstenite::Error::Io(e)) if e.kind() == std::io::ErrorKind::Interrupted => {
                    continue
                }
                m => m.expect("a WebDriver BiDi message"),
            };
            let Message::Text(t) = m else { continue };
            let v: Value = serde_json::from_str(t.as_str()).unwrap();
            if v["id"] == json!(id) {
                if v["type"] == "error" {
                    panic!("{method}: {v}");
                }
                return v["result"].clone();
            }
        }
    }

    /// Clicks the middle of a cell of the board with the pointer, as a person would.
    fn click_cell(&mut self, cell: &str) {
        let (x, y) = self.cell_centre(cell);
        self.send(
            "input.performActions",
            json!({"context": self.context, "actions": [{
                "type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
                "actions": [
                    {"type": "pointerMove", "x": x.round() as i64, "y": y.round() as i64},
                    {"type": "pointerDown", "button": 0},
                    {"type": "pointerUp", "button": 0},
                ],
            }]}),
        );
        self.settle();
    }

    fn press_escape(&mut self) {
        self.send(
            "input.performActions",
            json!({"context": self.context, "actions": [{
                "type": "key", "id": "keyboard",
                "actions": [{"type": "keyDown", "value": "\u{E00C}"}, {"type": "keyUp", "value": "\u{E00C}"}],
            }]}),
        );
        self.settle();
    }
}

impl Page for Browser {
    /// Evaluates JavaScript in the page (awaiting a promise); the value comes back as
    /// JSON text, so that it reads as plain JSON here.
    fn eval(&mut self, expr: &str) -> Value {
        let r = self.send(
            "script.evaluate",
            json!({
                "expression": format!("(async () => JSON.stringify(await ({expr})))()"),
                "target": {"context": self.context},
                "awaitPromise": true,
            }),
        );
        if r["type"] == "exception" {
            panic!("{expr}: {r}");
        }
        match r["result"]["value"].as_str() {
            Some(text) => serde_json::from_str(text).unwrap(),
            None => Value::Null,
        }
    }
}

#[test]
fn the_page_plays_by_clicks_in_firefox() {
    let Some(firefox) = firefox("the_page_plays_by_clicks_in_firefox") else {
        return;
    };
    // Windborne: a two-step setup turn, its first step shown, Escape cancelling.
    let s = serve("windborne", &["--size", "4"]);
    let mut b = Browser::open(&firefox, &url(&s), "windborne");
    assert_eq!(b.count("#board .cell"), 37, "a hexagon of side 4");
    b.click_cell("d4");
    assert_eq!(b.moves().len(), 0);
    assert_eq!(b.count("#board .overlay .tentative"), 1);
    b.press_escape();
    assert_eq!(b.count("#board .overlay .tentative"), 0);
    for cell in ["d4", "d4", "c3", "e5", "e2", "b6"] {
        b.click_cell(cell);
    }
    assert_eq!(b.moves(), ["d4,d4", "c3,e5", "e2,b6"]);
    // The moving phase: a pawn's slide (the pawn, then where it goes), then a disk.
    let v = b.eval("weft.view().steps.map(e => e.text)");
    let slides: Vec<String> = serde_json::from_value(v).unwrap();
    let slide = slides
        .iter()
        .find(|t| t.starts_with("e5-"))
        .expect("e5's pawn slides")
        .clone();
    let (from, to) = slide.split_once('-').unwrap();
    b.click_cell(from);
    b.click_cell(to);
    let place: String = serde_json::from_value(b.eval(&format!(
        "weft.view().steps.find(e => e.text === '{slide}').then[0].step.cell"
    )))
    .unwrap();
    b.click_cell(&place);
    assert_eq!(b.moves().last().unwrap(), &format!("{slide},{place}"));
    drop(b);
    // Crossway: a placement the crosscut forbids is refused and explained.
    let s = serve("crossway", &["--size", "5"]);
    let mut b = Browser::open(&firefox, &url(&s), "crossway");
    for cell in ["b2", "c2", "c3"] {
        b.click_cell(cell);
    }
    assert_eq!(b.moves(), ["b2", "c2", "c3"]);
    b.click_cell("b3");
    assert_eq!(b.moves().len(), 3, "the crosscut is refused");
    let said = b.eval("document.getElementById('explain').textContent");
    assert!(
        said.as_str()
            .unwrap()
            .starts_with("b3 is illegal: it would form the forbidden glyph \"crosscut\""),
        "{said}"
    );
    let outlined: Vec<String> = serde_json::from_value(b.eval(
        "[...document.querySelectorAll('#board .overlay .why')].map(e => e.dataset.cell).sort()",
    ))
    .unwrap();
    assert_eq!(outlined, ["b2", "b3", "c2", "c3"]);
}
