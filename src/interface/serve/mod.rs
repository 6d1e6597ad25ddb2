//! `weft serve FILE`: a playtest page on a local web server. The page draws the board
//! with the pictures' code (`interface::picture`), plays by clicks (a placement is one
//! click, a slide or a line move the piece and then its destination, a two-step turn
//! step by step), explains illegal clicks with the forbidden glyph's cells outlined,
//! moves along the game (undo, redo, the move list), lets the computer move, hint or
//! play a side, saves and loads the REPL's records (`interface::record`), and follows
//! the rule file as it is edited: each tab's game is replayed on the new rules, or
//! keeps the old ones and names the move that became illegal, and a rule file that does
//! not load shows its diagnostics on the page.
//!
//! The server is `tiny_http` (synchronous, one thread per request): [`watch`] polls the
//! rule file, [`games`] keeps each tab's [`game`] and runs the computer, [`routes`]
//! answers the requests through [`http`], [`view`] says what the page is sent,
//! [`files`] is the only file access a request has (records beside the rule file), and
//! [`assets`] holds the page.

pub mod assets;
pub mod files;
pub mod game;
pub mod games;
pub mod http;
pub mod routes;
pub mod view;
pub mod watch;

use crate::lang::Overrides;
use crate::tools::ai::Budget;
use games::Games;
use std::io::Write;
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use watch::{Pulse, RuleSource};

/// The most requests answered at once (each on its own thread); more get a 503.
const MAX_BUSY: usize = 128;

/// How the server is started.
pub struct Options {
    pub file: String,
    pub overrides: Overrides,
    pub address: IpAddr,
    /// 0: any free port.
    pub port: u16,
    pub budget: Budget,
    pub seed: u64,
}

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error("cannot read {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    /// The rule file does not load at the start (its diagnostics).
    #[error("{0}")]
    Rules(String),
    #[error("cannot listen on {address}: {reason}{}", if *in_use { " (another program uses this port: choose another with --port, or --port 0 for any free one)" } else { "" })]
    Listen {
        address: String,
        reason: String,
        in_use: bool,
    },
}

/// A server listening, not yet answering.
pub struct Server {
    http: tiny_http::Server,
    games: Arc<Games>,
    port: u16,
    loopback: bool,
}

impl Server {
    /// Loads the rule file (it must load: its diagnostics otherwise) and listens.
    pub fn bind(o: &Options) -> Result<Server, ServeError> {
        let source = RuleSource::open(&o.file).map_err(|source| ServeError::Read {
            path: o.file.clone(),
            source,
        })?;
        crate::lang::load_str(&o.file, &source.current().text, &o.overrides)
            .map_err(|d| ServeError::Rules(d.to_string()))?;
        let address = std::net::SocketAddr::new(o.address, o.port);
        let http = tiny_http::Server::http(address).map_err(|e| ServeError::Listen {
            address: address.to_string(),
            in_use: e.to_string().to_ascii_lowercase().contains("in use"),
            reason: e.to_string(),
        })?;
        let port = http.server_addr().to_ip().map_or(o.port, |a| a.port());
        let pulse = Arc::new(Pulse::default());
        let source = Arc::new(source);
        source.watch(Arc::clone(&pulse));
        let games = Arc::new(Games::new(
            source,
            pulse,
            o.overrides.clone(),
            o.budget,
            o.seed,
        ));
        Ok(Server {
            http,
            games,
            port,
            loopback: o.address.is_loopback(),
        })
    }

    /// The address of the page.
    pub fn url(&self, address: IpAddr) -> String {
        match address {
            IpAddr::V6(a) => format!("http://[{a}]:{}/", self.port),
            IpAddr::V4(a) => format!("http://{a}:{}/", self.port),
        }
    }

    /// Answers requests until the process ends.
    pub fn run(self) {
        let busy = Arc::new(AtomicUsize::new(0));
        for mut req in self.http.incoming_requests() {
            if busy.load(Ordering::Relaxed) >= MAX_BUSY {
                let r = game::Refusal::new(503, "too many requests at once: try again");
                let _ = req.respond(http::error(&r));
                continue;
            }
            busy.fetch_add(1, Ordering::Relaxed);
            let games = Arc::clone(&self.games);
            let busy = Arc::clone(&busy);
            let (port, loopback) = (self.port, self.loopback);
            std::thread::spawn(move || {
                let answer = http::allowed(&req, port, loopback)
                    .and_then(|()| http::Call::read(&mut req))
                    .and_then(|call| routes::answer(&games, &call));
                let _ = match answer {
                    Ok(r) => req.respond(r),
                    Err(e) => req.respond(http::error(&e)),
                };
                busy.fetch_sub(1, Ordering::Relaxed);
            });
        }
    }
}

/// Starts the server, says where (on `out`), opens the page in a browser if asked, and
/// answers requests until the process ends.
pub fn run(o: &Options, open: bool, out: &mut impl Write) -> Result<(), ServeError> {
    let server = Server::bind(o)?;
    let url = server.url(o.address);
    let _ = writeln!(
        out,
        "weft serve: {} at {url} (listening on {}; Ctrl-C stops)",
        o.file,
        if o.address.is_loopback() {
            "this machine only".to_string()
        } else {
            format!(
                "{}: anyone who reaches it can play and save records beside the rule file",
                o.address
            )
        }
    );
    let _ = out.flush();
    if open {
        if let Err(e) = open_browser(&url) {
            let _ = writeln!(out, "could not open a browser ({e}): open {url} yourself");
            let _ = out.flush();
        }
    }
    server.run();
    Ok(())
}

/// Opens `url` in the desktop's browser.
fn open_browser(url: &str) -> std::io::Result<()> {
    let mut cmd = if cfg!(target_os = "macos") {
        std::process::Command::new("open")
    } else if cfg!(windows) {
        let mut c = std::process::Command::new("cmd");
        c.args(["/C", "start", ""]);
        c
    } else {
        std::process::Command::new("xdg-open")
    };
    cmd.arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .map(|_| ())
}
