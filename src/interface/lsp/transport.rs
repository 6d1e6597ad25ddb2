//! The protocol's framing: each message is a `Content-Length: N` header, a blank line
//! and N bytes of JSON. weft reads it itself, not with `lsp-server`'s stdio threads,
//! because those stop the server at the first malformed message; here a message that
//! cannot be read is answered with a JSON-RPC error and the next one is read.

use lsp_server::Message;
use std::io::{self, BufRead, Read, Write};

/// The largest message body read (a rule file is a few kilobytes; an editor sends the
/// whole text on each change).
pub const MAX_BODY: usize = 64 << 20;

/// The longest header line read.
pub const MAX_HEADER: u64 = 64 << 10;

/// What came in.
#[derive(Debug)]
pub enum Incoming {
    /// A message.
    Message(Message),
    /// Something that is not one: the JSON-RPC error code and what was wrong, and the
    /// request id if one could be read.
    Malformed {
        code: i32,
        message: String,
        id: Option<serde_json::Value>,
    },
}

/// The JSON-RPC code for text that is not JSON.
pub const PARSE_ERROR: i32 = -32700;
/// The JSON-RPC code for JSON that is not a valid message.
pub const INVALID_REQUEST: i32 = -32600;

/// Reads the next message; `None` at the end of the input.
pub fn read(input: &mut impl BufRead) -> io::Result<Option<Incoming>> {
    let mut length: Option<Result<usize, String>> = None;
    let mut raw = Vec::new();
    let mut any_header = false;
    loop {
        raw.clear();
        // A header line is short; one without an end (`weft lsp < /dev/zero`) is read
        // no further than this.
        if (&mut *input)
            .take(MAX_HEADER + 1)
            .read_until(b'\n', &mut raw)?
            == 0
        {
            return Ok(if any_header {
                Some(malformed(
                    PARSE_ERROR,
                    "the input ended inside a message header",
                ))
            } else {
                None
            });
        }
        if raw.len() as u64 > MAX_HEADER && raw.last() != Some(&b'\n') {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!("a message header line longer than {MAX_HEADER} bytes"),
            ));
        }
        let line = String::from_utf8_lossy(&raw);
        let header = line.trim_end_matches(['\r', '\n']);
        if header.is_empty() {
            if any_header {
                break;
            }
            continue; // blank lines between messages
        }
        any_header = true;
        if let Some((name, value)) = header.split_once(':') {
            if name.trim().eq_ignore_ascii_case("Content-Length") {
                length = Some(
                    value
                        .trim()
                        .parse::<usize>()
                        .map_err(|_| format!("bad Content-Length `{}`", value.trim())),
                );
            }
        }
    }
    let length = match length {
        None => {
            return Ok(Some(malformed(
                PARSE_ERROR,
                "a message without Content-Length",
            )))
        }
        Some(Err(e)) => return Ok(Some(malformed(PARSE_ERROR, &e))),
        Some(Ok(n)) => n,
    };
    if length > MAX_BODY {
        io::copy(&mut input.take(length as u64), &mut io::sink())?;
        return Ok(Some(malformed(
            PARSE_ERROR,
            &format!("a message of {length} bytes, more than the {MAX_BODY} read"),
        )));
    }
    let mut body = vec![0; length];
    input.read_exact(&mut body)?;
    Ok(Some(decode(&body)))
}

/// A message from its JSON body.
fn decode(body: &[u8]) -> Incoming {
    let value: serde_json::Value = match serde_json::from_slice(body) {
        Ok(v) => v,
        Err(e) => return malformed(PARSE_ERROR, &format!("the message is not JSON: {e}")),
    };
    let id = value
        .get("id")
        .filter(|id| id.is_number() || id.is_string())
        .cloned();
    match serde_json::from_value::<Message>(value) {
        Ok(m) => Incoming::Message(m),
        Err(e) => Incoming::Malformed {
            code: INVALID_REQUEST,
            message: format!("not a JSON-RPC request, response or notification: {e}"),
            id,
        },
    }
}

fn malformed(code: i32, message: &str) -> Incoming {
    Incoming::Malformed {
        code,
        message: message.to_string(),
        id: None,
    }
}

/// Writes a message.
pub fn write(output: &mut impl Write, message: &Message) -> io::Result<()> {
    message.write(output)?;
    output.flush()
}

/// Writes an error response to something that could not be read as a message (its id,
/// if one was read, else `null`, as JSON-RPC asks).
pub fn write_error(
    output: &mut impl Write,
    code: i32,
    message: &str,
    id: Option<serde_json::Value>,
) -> io::Result<()> {
    let body = serde_json::json!({
        "jsonrpc": "2.0",
        "id": id.unwrap_or(serde_json::Value::Null),
        "error": { "code": code, "message": message },
    })
    .to_string();
    write!(output, "Content-Length: {}\r\n\r\n{body}", body.len())?;
    output.flush()
}
