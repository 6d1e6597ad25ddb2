// The weft extension: starts `weft lsp` for rule files (.game) and lets the language
// client do the rest (diagnostics, completion, hover, definitions, references, outline,
// formatting). Highlighting is the TextMate grammar in syntaxes/.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("weft").get("path") || "weft";
  const server = { command, args: ["lsp"] };
  client = new LanguageClient(
    "weft",
    "weft",
    { run: server, debug: server },
    { documentSelector: [{ language: "weft" }] }
  );
  context.subscriptions.push({ dispose: () => client && client.stop() });
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
