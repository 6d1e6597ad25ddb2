//! `weft lsp`: a Language Server Protocol server, so that a designer's editor shows
//! weft's diagnostics as the file is typed, completes and explains its words, jumps
//! between a name's declaration and its uses, outlines the file and formats it.
//!
//! One thread, one message at a time, over any reader and writer (standard input and
//! output for the command, pipes in tests). Each open document is analysed when it
//! changes ([`document`]); requests read the analysis. A message that cannot be read
//! gets a JSON-RPC error response ([`transport`]), an unknown method `MethodNotFound`,
//! bad parameters `InvalidParams`; a handler that panicked answers `InternalError`: the
//! server keeps serving.

mod complete;
mod document;
mod hover;
mod names;
pub mod position;
mod transport;
mod words;

pub use words::WORDS;

use crate::lang::diagnostic::{Diagnostic as Problem, Severity};
use crate::lang::format::{format, FormatError};
use document::Document;
use lsp_server::{ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::*;
use serde::de::DeserializeOwned;
use std::collections::BTreeMap;
use std::io::{self, BufRead, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use transport::Incoming;

/// How the session ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// `exit` (or the end of the input) after `shutdown`, as the protocol asks.
    Clean,
    /// `exit` or the end of the input without `shutdown` first.
    Abrupt,
}

/// Serves one client until `exit` or the end of the input.
pub fn serve(input: &mut impl BufRead, output: &mut impl Write) -> io::Result<Ending> {
    let mut server = Server::default();
    loop {
        let Some(incoming) = transport::read(input)? else {
            return Ok(server.ending());
        };
        match incoming {
            Incoming::Malformed { code, message, id } => {
                transport::write_error(output, code, &message, id)?
            }
            Incoming::Message(Message::Request(req)) => {
                let response = server.request(req);
                transport::write(output, &Message::Response(response))?;
            }
            Incoming::Message(Message::Notification(n)) => {
                if n.method == "exit" {
                    return Ok(server.ending());
                }
                for out in server.notification(n) {
                    transport::write(output, &Message::Notification(out))?;
                }
            }
            Incoming::Message(Message::Response(_)) => {} // weft asks the client nothing
        }
    }
}

/// The open documents and where the session stands.
#[derive(Default)]
struct Server {
    documents: BTreeMap<Uri, Document>,
    initialized: bool,
    shut_down: bool,
}

/// A failed request: the JSON-RPC code and message.
type Failure = (i32, String);

fn params<P: DeserializeOwned>(value: serde_json::Value) -> Result<P, Failure> {
    serde_json::from_value(value).map_err(|e| (ErrorCode::InvalidParams as i32, e.to_string()))
}

fn json(value: impl serde::Serialize) -> Result<serde_json::Value, Failure> {
    serde_json::to_value(value).map_err(|e| (ErrorCode::InternalError as i32, e.to_string()))
}

impl Server {
    fn ending(&self) -> Ending {
        if self.shut_down {
            Ending::Clean
        } else {
            Ending::Abrupt
        }
    }

    fn request(&mut self, req: Request) -> Response {
        let id: RequestId = req.id.clone();
        let result = if !self.initialized && req.method != "initialize" {
            Err((
                ErrorCode::ServerNotInitialized as i32,
                "the server is not initialized yet".to_string(),
            ))
        } else if self.shut_down {
            Err((
                ErrorCode::InvalidRequest as i32,
                "the server is shut down".to_string(),
            ))
        } else {
            catch_unwind(AssertUnwindSafe(|| self.answer(req))).unwrap_or_else(|_| {
                Err((
                    ErrorCode::InternalError as i32,
                    "weft failed on this request (a bug)".to_string(),
                ))
            })
        };
        match result {
            Ok(value) => Response::new_ok(id, value),
            Err((code, message)) => Response::new_err(id, code, message),
        }
    }

    fn answer(&mut self, req: Request) -> Result<serde_json::Value, Failure> {
        match req.method.as_str() {
            "initialize" => {
                if self.initialized {
                    return Err((
                        ErrorCode::InvalidRequest as i32,
                        "initialize was already received".to_string(),
                    ));
                }
                let _: InitializeParams = params(req.params)?;
                self.initialized = true;
                json(InitializeResult {
                    capabilities: capabilities(),
                    server_info: Some(ServerInfo {
                        name: "weft".to_string(),
                        version: Some(env!("CARGO_PKG_VERSION").to_string()),
                    }),
                })
            }
            "shutdown" => {
                self.shut_down = true;
                Ok(serde_json::Value::Null)
            }
            "textDocument/hover" => {
                let p: HoverParams = params(req.params)?;
                let tp = p.text_document_position_params;
                let Some(doc) = self.documents.get(&tp.text_document.uri) else {
                    return Ok(serde_json::Value::Null);
                };
                let offset = doc.lines.offset(&doc.text, tp.position);
                json(hover::hover(doc, offset).map(|(text, token)| Hover {
                    contents: HoverContents::Markup(MarkupContent {
                        kind: MarkupKind::Markdown,
                        value: text,
                    }),
                    range: Some(doc.lines.range(&doc.text, token.span)),
                }))
            }
            "textDocument/completion" => {
                let p: CompletionParams = params(req.params)?;
                let tp = p.text_document_position;
                let Some(doc) = self.documents.get(&tp.text_document.uri) else {
                    return Ok(serde_json::Value::Null);
                };
                let offset = doc.lines.offset(&doc.text, tp.position);
                let (items, start) = complete::complete(doc, offset);
                let range = Range::new(doc.lines.position(&doc.text, start), tp.position);
                json(CompletionResponse::Array(
                    items
                        .into_iter()
                        .enumerate()
                        .map(|(i, c)| CompletionItem {
                            label: c.label,
                            kind: Some(c.kind),
                            detail: Some(c.detail),
                            sort_text: Some(format!("{i:04}")),
                            text_edit: Some(CompletionTextEdit::Edit(TextEdit::new(
                                range, c.insert,
                            ))),
                            ..Default::default()
                        })
                        .collect(),
                ))
            }
            "textDocument/definition" => {
                let p: GotoDefinitionParams = params(req.params)?;
                let tp = p.text_document_position_params;
                let uri = tp.text_document.uri;
                let Some(doc) = self.documents.get(&uri) else {
                    return Ok(serde_json::Value::Null);
                };
                let offset = doc.lines.offset(&doc.text, tp.position);
                let spans = names::definition(doc, offset);
                json(locations(doc, &uri, spans).map(GotoDefinitionResponse::Array))
            }
            "textDocument/references" => {
                let p: ReferenceParams = params(req.params)?;
                let tp = p.text_document_position;
                let uri = tp.text_document.uri;
                let Some(doc) = self.documents.get(&uri) else {
                    return Ok(serde_json::Value::Null);
                };
                let offset = doc.lines.offset(&doc.text, tp.position);
                let spans = names::references(doc, offset, p.context.include_declaration);
                json(locations(doc, &uri, spans))
            }
            "textDocument/documentSymbol" => {
                let p: DocumentSymbolParams = params(req.params)?;
                let Some(doc) = self.documents.get(&p.text_document.uri) else {
                    return Ok(serde_json::Value::Null);
                };
                #[allow(deprecated)] // `deprecated` is a field the type still requires
                let symbols = names::symbols(doc)
                    .into_iter()
                    .map(|s| DocumentSymbol {
                        name: s.name,
                        detail: Some(s.detail),
                        kind: s.kind,
                        tags: None,
                        deprecated: None,
                        range: doc.lines.range(&doc.text, s.span),
                        selection_range: doc.lines.range(&doc.text, s.selection),
                        children: None,
                    })
                    .collect();
                json(DocumentSymbolResponse::Nested(symbols))
            }
            "textDocument/formatting" => {
                let p: DocumentFormattingParams = params(req.params)?;
                let Some(doc) = self.documents.get(&p.text_document.uri) else {
                    return Ok(serde_json::Value::Null);
                };
                match format(&doc.text) {
                    Ok(new) if new == doc.text => json(Vec::<TextEdit>::new()),
                    Ok(new) => json(vec![TextEdit::new(
                        Range::new(
                            Position::new(0, 0),
                            doc.lines.position(&doc.text, doc.text.len()),
                        ),
                        new,
                    )]),
                    Err(FormatError::Syntax(_)) => Err((
                        ErrorCode::RequestFailed as i32,
                        "the file has syntax errors: fix them to format it".to_string(),
                    )),
                    Err(FormatError::Changed(what)) => Err((
                        ErrorCode::InternalError as i32,
                        format!("weft fmt would change what the file says ({what}): a bug"),
                    )),
                }
            }
            other => Err((
                ErrorCode::MethodNotFound as i32,
                format!("weft does not handle `{other}`"),
            )),
        }
    }

    /// Handles a notification; returns the notifications to send (diagnostics).
    fn notification(&mut self, n: Notification) -> Vec<Notification> {
        if !self.initialized {
            return Vec::new();
        }
        let handled = catch_unwind(AssertUnwindSafe(|| self.notified(n)));
        handled.ok().flatten().into_iter().collect()
    }

    fn notified(&mut self, n: Notification) -> Option<Notification> {
        match n.method.as_str() {
            "textDocument/didOpen" => {
                let p: DidOpenTextDocumentParams = params(n.params).ok()?;
                let d = p.text_document;
                let doc = Document::new(d.text, d.version, self.documents.get(&d.uri));
                let out = publish(&d.uri, &doc);
                self.documents.insert(d.uri, doc);
                Some(out)
            }
            "textDocument/didChange" => {
                let p: DidChangeTextDocumentParams = params(n.params).ok()?;
                let uri = p.text_document.uri;
                let old = self.documents.get(&uri)?;
                let mut text = old.text.clone();
                for change in p.content_changes {
                    match change.range {
                        None => text = change.text,
                        Some(range) => {
                            let lines = position::LineIndex::new(&text);
                            let span = lines.span(&text, range);
                            text.replace_range(span.start..span.end, &change.text);
                        }
                    }
                }
                let doc = Document::new(text, p.text_document.version, Some(old));
                let out = publish(&uri, &doc);
                self.documents.insert(uri, doc);
                Some(out)
            }
            "textDocument/didClose" => {
                let p: DidCloseTextDocumentParams = params(n.params).ok()?;
                self.documents.remove(&p.text_document.uri);
                Some(Notification::new(
                    "textDocument/publishDiagnostics".to_string(),
                    PublishDiagnosticsParams::new(p.text_document.uri, Vec::new(), None),
                ))
            }
            _ => None,
        }
    }
}

/// What the server can do.
fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        position_encoding: Some(PositionEncodingKind::UTF16),
        text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::FULL)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec![" ".to_string(), ":".to_string()]),
            ..Default::default()
        }),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        document_formatting_provider: Some(OneOf::Left(true)),
        ..Default::default()
    }
}

/// Spans as locations in one document.
fn locations(
    doc: &Document,
    uri: &Uri,
    spans: Vec<crate::lang::diagnostic::Span>,
) -> Option<Vec<Location>> {
    (!spans.is_empty()).then(|| {
        spans
            .into_iter()
            .map(|s| Location::new(uri.clone(), doc.lines.range(&doc.text, s)))
            .collect()
    })
}

/// The document's problems as the protocol's diagnostics.
fn publish(uri: &Uri, doc: &Document) -> Notification {
    let mut problems: Vec<&Problem> = doc.problems.iter().collect();
    problems.sort_by_key(|d| (d.span.map(|s| (s.start, s.end)), d.severity));
    let diagnostics = problems
        .into_iter()
        .map(|d| lsp_types::Diagnostic {
            range: d
                .span
                .map(|s| doc.lines.range(&doc.text, s))
                .unwrap_or_default(),
            severity: Some(match d.severity {
                Severity::Error => DiagnosticSeverity::ERROR,
                Severity::Warning => DiagnosticSeverity::WARNING,
            }),
            source: Some("weft".to_string()),
            message: match &d.hint {
                Some(h) => format!("{}\nhint: {h}", d.message),
                None => d.message.clone(),
            },
            ..Default::default()
        })
        .collect();
    Notification::new(
        "textDocument/publishDiagnostics".to_string(),
        PublishDiagnosticsParams::new(uri.clone(), diagnostics, Some(doc.version)),
    )
}
