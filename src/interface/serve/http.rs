//! The HTTP side of a request: its method and path, the query's values decoded, the
//! body read with a limit and parsed as JSON, the checks that keep other web pages out
//! (the `Host` must be this server's own name when it listens on the loopback address,
//! and a request from another page's origin is refused), and the answers: JSON, a page
//! asset, or an error as `{"error": "..."}` with a 4xx status and its reason.

use super::game::Refusal;
use serde_json::Value;
use std::io::Read;
use tiny_http::{Header, Request, Response};

/// The largest body a request may carry (a record of a long game fits many times).
pub const MAX_BODY: usize = 1 << 20;

/// A request's parts that the routes read.
pub struct Call {
    pub method: String,
    /// The path as sent, without the query (never decoded: a route is matched on the
    /// bytes sent, so `%2e%2e` is not `..` and matches nothing).
    pub path: String,
    query: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Call {
    /// Reads a request's method, path, query and body (refusing a body over
    /// [`MAX_BODY`]).
    pub fn read(req: &mut Request) -> Result<Call, Refusal> {
        let url = req.url().to_string();
        let (path, query) = match url.split_once('?') {
            Some((p, q)) => (p.to_string(), q),
            None => (url.clone(), ""),
        };
        let query = query
            .split('&')
            .filter(|kv| !kv.is_empty())
            .map(|kv| {
                let (k, v) = kv.split_once('=').unwrap_or((kv, ""));
                Ok((decode(k)?, decode(v)?))
            })
            .collect::<Result<Vec<_>, Refusal>>()?;
        if req.body_length().is_some_and(|n| n > MAX_BODY) {
            return Err(Refusal::new(
                413,
                format!("the body is larger than {MAX_BODY} bytes"),
            ));
        }
        let mut body = Vec::new();
        req.as_reader()
            .take(MAX_BODY as u64 + 1)
            .read_to_end(&mut body)
            .map_err(|e| Refusal::new(400, format!("cannot read the body: {e}")))?;
        if body.len() > MAX_BODY {
            return Err(Refusal::new(
                413,
                format!("the body is larger than {MAX_BODY} bytes"),
            ));
        }
        Ok(Call {
            method: req.method().as_str().to_ascii_uppercase(),
            path,
            query,
            body,
        })
    }

    /// A query value.
    pub fn query(&self, key: &str) -> Option<&str> {
        self.query
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The body as a JSON object (an empty body is `{}`).
    pub fn json(&self) -> Result<serde_json::Map<String, Value>, Refusal> {
        if self.body.iter().all(|b| b.is_ascii_whitespace()) {
            return Ok(serde_json::Map::new());
        }
        match serde_json::from_slice::<Value>(&self.body) {
            Ok(Value::Object(m)) => Ok(m),
            Ok(_) => Err(Refusal::new(400, "the body must be a JSON object")),
            Err(e) => Err(Refusal::new(400, format!("the body is not JSON: {e}"))),
        }
    }

    /// The body as text.
    pub fn text(&self) -> Result<&str, Refusal> {
        std::str::from_utf8(&self.body).map_err(|_| Refusal::new(400, "the body is not UTF-8 text"))
    }
}

/// Percent-decoding of a query part (`+` is a space).
///
/// ```
/// use weft::interface::serve::http::decode;
/// assert_eq!(decode("c2%3Ac3-c5+x").unwrap(), "c2:c3-c5 x");
/// assert_eq!(decode("%zz").unwrap_err().status, 400);
/// ```
pub fn decode(text: &str) -> Result<String, Refusal> {
    let bad = || Refusal::new(400, format!("`{text}` is not a well-encoded query value"));
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'%' => {
                let hex = b.get(i + 1..i + 3).ok_or_else(bad)?;
                let hex = std::str::from_utf8(hex).map_err(|_| bad())?;
                out.push(u8::from_str_radix(hex, 16).map_err(|_| bad())?);
                i += 3;
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8(out).map_err(|_| bad())
}

/// Whether a request comes from this server's own page: its `Host` names this server
/// (when it listens on a loopback address, only by a loopback name: another site's
/// name that resolves here is refused), and an `Origin`, if sent, is that host's.
pub fn allowed(req: &Request, port: u16, loopback: bool) -> Result<(), Refusal> {
    let header = |name: &str| {
        req.headers()
            .iter()
            .find(|h| h.field.as_str().as_str().eq_ignore_ascii_case(name))
            .map(|h| h.value.as_str().to_string())
    };
    let host = header("host").ok_or_else(|| Refusal::new(400, "the request has no Host header"))?;
    if loopback {
        let names = [
            format!("127.0.0.1:{port}"),
            format!("localhost:{port}"),
            format!("[::1]:{port}"),
        ];
        if !names.iter().any(|n| n.eq_ignore_ascii_case(&host)) {
            return Err(Refusal::new(
                403,
                format!("Host `{host}` is not this server: open http://127.0.0.1:{port}/"),
            ));
        }
    }
    if let Some(origin) = header("origin") {
        if !origin.eq_ignore_ascii_case(&format!("http://{host}")) {
            return Err(Refusal::new(
                403,
                format!(
                    "requests from `{origin}` are refused: only this server's page may send them"
                ),
            ));
        }
    }
    Ok(())
}

/// A header (the names and values here are fixed ASCII).
fn header(name: &str, value: &str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("an ASCII header")
}

/// A JSON answer.
pub fn json(status: u16, value: &Value) -> Response<std::io::Cursor<Vec<u8>>> {
    Response::from_data(value.to_string().into_bytes())
        .with_status_code(status)
        .with_header(header("Content-Type", "application/json; charset=utf-8"))
        .with_header(header("Cache-Control", "no-store"))
}

/// An error answer: `{"error": reason}`.
pub fn error(r: &Refusal) -> Response<std::io::Cursor<Vec<u8>>> {
    json(r.status, &serde_json::json!({ "error": r.message }))
}

/// A page asset.
pub fn asset(body: &'static str, kind: &str) -> Response<std::io::Cursor<Vec<u8>>> {
    Response::from_data(body.as_bytes().to_vec())
        .with_header(header("Content-Type", kind))
        .with_header(header("Cache-Control", "no-store"))
        .with_header(header("X-Content-Type-Options", "nosniff"))
}

/// A file to download (a record).
pub fn download(text: String, name: &str) -> Response<std::io::Cursor<Vec<u8>>> {
    let safe: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "-_.".contains(c) {
                c
            } else {
                '-'
            }
        })
        .collect();
    Response::from_data(text.into_bytes())
        .with_header(header("Content-Type", "application/json; charset=utf-8"))
        .with_header(header(
            "Content-Disposition",
            &format!("attachment; filename=\"{safe}\""),
        ))
        .with_header(header("Cache-Control", "no-store"))
}
