// weft serve: the playtest page. Each tab keeps its own game (its id in the tab's
// session storage). The server sends the whole view of the game (the board as SVG,
// the legal moves as a tree of steps); this script turns clicks into moves, asks the
// server why a click is illegal, and follows the game by a long-polling `wait`.
"use strict";

const $ = (id) => document.getElementById(id);
const SVGNS = "http://www.w3.org/2000/svg";
const S = {
  id: null, view: null, version: 0,
  clicks: [],      // the cells clicked for the step being made
  first: null,     // the first step chosen of a two-step turn (an entry of view.steps)
  why: new Map(),  // explanations by version and clicks
  hoverTimer: null, pending: 0,
};

// ---- talking to the server ---------------------------------------------------------

async function call(method, path, body, raw) {
  S.pending++;
  document.body.dataset.busy = "yes";
  try {
    const init = { method, headers: {} };
    if (body !== undefined) {
      init.body = raw ? body : JSON.stringify(body);
      init.headers["Content-Type"] = "application/json";
    }
    const r = await fetch(path, init);
    const text = await r.text();
    const data = text ? JSON.parse(text) : null;
    if (!r.ok) {
      const e = new Error(data && data.error ? data.error : r.status + " " + r.statusText);
      e.status = r.status;
      throw e;
    }
    return { status: r.status, data };
  } finally {
    S.pending--;
    if (S.pending === 0) document.body.dataset.busy = "no";
  }
}

function act(action, body) {
  return call("POST", `/api/games/${S.id}/${action}`, body || {})
    .then((r) => show(r.data))
    .catch(report);
}

function report(e) {
  if (e.status === 404 && /no game/.test(e.message)) return start(true);
  say(e.message, false);
}

async function start(fresh) {
  S.id = fresh ? null : sessionStorage.getItem("weft-game");
  if (S.id) {
    try {
      const r = await call("GET", `/api/games/${S.id}`);
      show(r.data);
      return;
    } catch (e) { S.id = null; }
  }
  try {
    const r = await call("POST", "/api/games", {});
    sessionStorage.setItem("weft-game", r.data.id);
    S.id = r.data.id;
    show(r.data);
  } catch (e) {
    // The rule file does not load: show why, and try again shortly.
    $("problem").hidden = false;
    $("problem-text").textContent = e.message;
    setTimeout(() => start(true), 1000);
  }
}

// Follows the game: the rule file edited, the computer moving or done thinking.
async function follow() {
  for (;;) {
    if (!S.id) { await sleep(300); continue; }
    try {
      const r = await fetch(`/api/games/${S.id}/wait?since=${S.version}`);
      $("connection").textContent = "";
      if (r.status === 200) show(await r.json());
      else if (r.status === 404) await start(true);
      else if (r.status !== 204) await sleep(1000);
    } catch (e) {
      $("connection").textContent = "the server does not answer";
      await sleep(1000);
    }
  }
}

const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

// ---- showing the game --------------------------------------------------------------

function show(v) {
  if (!v || v.version < S.version && v.id === S.id) return;
  const moved = !S.view || S.view.svg !== v.svg || S.view.cursor !== v.cursor;
  S.view = v;
  S.version = v.version;
  S.id = v.id;
  document.body.dataset.version = v.version;
  document.title = `${v.game} — weft serve`;
  $("title").textContent = v.game;
  $("file").textContent = v.file.split(/[\\/]/).pop();
  $("file").title = v.file;
  $("problem").hidden = !v.problem;
  $("problem-text").textContent = v.problem || "";
  if (moved) {
    $("board").innerHTML = v.svg;
    quiet();
    reset();
  }
  $("status").textContent = v.status;
  $("notice").textContent = v.notice || "";
  $("undo").disabled = !v.can_undo;
  $("redo").disabled = !v.can_redo;
  $("swap").hidden = !v.swap;
  $("pass").hidden = !v.pass;
  showParams(v);
  showComputer(v);
  showMoves(v);
  $("download").href = `/api/games/${v.id}/record`;
  $("moves-line").value = v.moves_line;
}

function showParams(v) {
  const form = $("params");
  const key = v.params.map((p) => p.name + "=" + p.value).join(",");
  if (form.dataset.key === key) return;
  form.dataset.key = key;
  form.innerHTML = "";
  for (const p of v.params) {
    const label = document.createElement("label");
    label.title = p.doc || "";
    label.textContent = p.name;
    const input = document.createElement("input");
    Object.assign(input, { type: "number", name: p.name, min: p.min, max: p.max, step: p.step, value: p.value });
    label.append(input);
    form.append(label);
  }
}

function showComputer(v) {
  const c = v.computer;
  const seats = c.seats[0] && c.seats[1] ? "both" : c.seats[0] ? "first" : c.seats[1] ? "second" : "none";
  $("seats").value = seats;
  const names = ["nobody", `the first seat (${c.seat_colours[0] || "?"})`,
    `the second seat (${c.seat_colours[1] || "?"})`, "both sides"];
  [...$("seats").options].forEach((o, i) => { o.textContent = names[i]; });
  if (![...$("budget").options].some((o) => o.value === c.budget)) {
    $("budget").append(new Option(c.budget, c.budget));
  }
  $("budget").value = c.budget;
  const t = c.thinking;
  $("stop").disabled = !t;
  $("think-move").disabled = !!t || v.over;
  $("think-hint").disabled = !!t || v.over;
  $("thinking").className = t ? "on" : "";
  $("thinking").textContent = t ? `thinking (${t.task}, ${t.budget})…` : "";
  $("hint").textContent = v.hint ? `hint: ${v.hint.move} — ${v.hint.summary}` : "";
  clearMarks("hint");
  if (v.hint) mark(v.hint.cells, "hint");
}

function showMoves(v) {
  const ol = $("moves");
  ol.innerHTML = "";
  const add = (text, ply) => {
    const li = document.createElement("li");
    li.textContent = text;
    li.dataset.ply = ply;
    if (ply === v.cursor) li.className = "current";
    else if (ply > v.cursor) li.className = "after";
    li.addEventListener("click", () => act("goto", { ply }));
    ol.append(li);
  };
  add("start", 0);
  v.moves.forEach((m, i) => add(m, i + 1));
  const cur = ol.querySelector(".current");
  if (cur && cur.scrollIntoView) cur.scrollIntoView({ block: "nearest" });
}

function say(text, legal) {
  $("explain").textContent = text || "";
  $("explain").className = legal ? "legal" : "";
}

// ---- the board ---------------------------------------------------------------------

const svg = () => $("board").querySelector("svg");
const layer = () => {
  const s = svg();
  if (!s) return null;
  let g = s.querySelector("g.overlay");
  if (!g) {
    g = document.createElementNS(SVGNS, "g");
    g.setAttribute("class", "overlay");
    g.setAttribute("pointer-events", "none");
    (s.querySelector("g.board") || s).append(g);
  }
  return g;
};
const cellEl = (name) => svg() && svg().querySelector(`.cell[data-cell="${name}"]`);
function centre(name) {
  const el = cellEl(name);
  if (!el) return null;
  const b = el.getBBox();
  return { x: b.x + b.width / 2, y: b.y + b.height / 2, r: Math.min(b.width, b.height) / 2 };
}

// Only cells and pieces take clicks: the lines between points, the edges, the marks
// and the legend let them through to the cell underneath.
function quiet() {
  const s = svg();
  if (!s) return;
  s.querySelectorAll(".lines, .edges, .coordinates, .highlights, .last-move, .winning, .numbers, .legend, .blocked-cells")
    .forEach((g) => g.setAttribute("pointer-events", "none"));
}

function clearMarks(kind) {
  const g = layer();
  if (g) g.querySelectorAll(kind ? `.${kind}` : "*").forEach((e) => e.remove());
}

// Outlines or dots cells: "target" (where the next click may go), "chosen" (clicked),
// "why" (the forbidden glyph's cells), "hint" (the computer's suggestion).
function mark(cells, kind) {
  const g = layer();
  if (!g) return;
  for (const name of cells) {
    const c = centre(name);
    if (!c) continue;
    const el = document.createElementNS(SVGNS, "circle");
    el.setAttribute("class", kind);
    el.dataset.cell = name;
    el.setAttribute("cx", c.x);
    el.setAttribute("cy", c.y);
    const style = {
      target: ["0.16", "#0072b2", "#ffffff", "2", ""],
      chosen: ["0.62", "none", "#0072b2", "4", ""],
      why: ["0.8", "none", "#d55e00", "4", "5 3"],
      hint: ["0.72", "none", "#009e73", "4", "8 4"],
    }[kind];
    el.setAttribute("r", c.r * Number(style[0]));
    el.setAttribute("fill", style[1]);
    el.setAttribute("stroke", style[2]);
    el.setAttribute("stroke-width", style[3]);
    if (style[4]) el.setAttribute("stroke-dasharray", style[4]);
    g.append(el);
  }
}

// Shows a first step before the turn is complete: the piece put down, or moved.
function tentative(step) {
  const g = layer();
  const piece = step.piece;
  if (step.kind === "place") {
    const c = centre(step.cell);
    const el = document.createElementNS(SVGNS, piece && piece.owner === null ? "polygon" : "circle");
    const r = c.r * (piece && piece.kind > 0 ? 0.42 : 0.82);
    if (el.tagName === "polygon") {
      el.setAttribute("points", `${c.x},${c.y - r} ${c.x + r},${c.y} ${c.x},${c.y + r} ${c.x - r},${c.y}`);
      el.setAttribute("fill", "#9a9a9a");
    } else {
      el.setAttribute("cx", c.x); el.setAttribute("cy", c.y); el.setAttribute("r", r);
      el.setAttribute("fill", stoneColour(piece ? piece.owner : null));
    }
    el.setAttribute("stroke", "#1c1c1c");
    el.setAttribute("stroke-width", "2");
    el.setAttribute("opacity", "0.6");
    el.setAttribute("class", "tentative");
    el.dataset.cell = step.cell;
    el.dataset.kind = piece ? piece.name : "";
    g.append(el);
    return;
  }
  const from = step.kind === "line" ? step.front : step.from;
  const a = centre(from), b = centre(step.to);
  const cells = step.cells || [step.from];
  for (const name of cells) {
    const sel = `.piece[data-cell="${name}"]` + (piece ? `[data-kind="${piece.name}"]` : "");
    const el = svg().querySelector(sel);
    if (!el) continue;
    const copy = el.cloneNode(true);
    copy.setAttribute("transform", `translate(${b.x - a.x} ${b.y - a.y})`);
    copy.setAttribute("opacity", "0.7");
    copy.setAttribute("class", "tentative");
    el.setAttribute("opacity", "0.25");
    el.classList.add("lifted");
    g.append(copy);
  }
}

function stoneColour(owner) {
  if (owner === null || owner === undefined) return "#9a9a9a";
  const name = (S.view.players[owner] || "").toLowerCase();
  const light = name === "white" || name === "light" || (name !== "black" && name !== "dark" && owner === 1);
  return light ? "#fbfbfb" : "#1c1c1c";
}

// ---- clicks into moves ------------------------------------------------------------

// The entries a step is chosen from: the first steps, or the chosen first's seconds.
const entries = () => (S.first ? S.first.then : S.view.steps);

// How a step's clicks fit `clicks`: "no", "part" or "all".
function fits(step, clicks) {
  const [a, b] = clicks;
  switch (step.kind) {
    case "place": return clicks.length === 1 && a === step.cell ? "all" : "no";
    case "move":
    case "line":
      if (!(step.kind === "move" ? a === step.from : step.cells.includes(a))) return "no";
      if (clicks.length === 1) return "part";
      return clicks.length === 2 && b === step.to ? "all" : "no";
  }
  return "no";
}

function reset() {
  S.clicks = [];
  S.first = null;
  $("choice").hidden = true;
  $("cancel").hidden = true;
  $("end-turn").hidden = true;
  say("");
}

function cancel() {
  if (S.clicks.length && S.first) {
    S.clicks = [];
    redraw();
  } else {
    $("board").innerHTML = S.view.svg;
    quiet();
    reset();
    if (S.view.hint) mark(S.view.hint.cells, "hint");
  }
}

function redraw() {
  clearMarks("target"); clearMarks("chosen"); clearMarks("why");
  mark(S.clicks, "chosen");
  const next = new Set();
  for (const e of entries()) {
    if (fits(e.step, S.clicks) === "part") next.add(e.step.to);
  }
  if (S.first && S.clicks.length === 0) {
    for (const e of entries()) {
      next.add(e.step.kind === "place" ? e.step.cell : e.step.kind === "line" ? e.step.front : e.step.from);
    }
  }
  mark([...next], "target");
  const busy = S.clicks.length > 0 || S.first;
  $("cancel").hidden = !busy;
  $("end-turn").hidden = !(S.first && S.first.whole);
}

function clicked(name) {
  const v = S.view;
  if (!v || v.over) { say(v && v.over ? "the game is over: undo, or start a new game" : ""); return; }
  if (v.computer.thinking && v.computer.thinking.task === "move") { say("the computer is thinking"); return; }
  let clicks = S.clicks.concat([name]);
  let found = entries().filter((e) => fits(e.step, clicks) !== "no");
  if (!found.length && S.clicks.length) {
    // Another piece chosen instead.
    const again = entries().filter((e) => fits(e.step, [name]) !== "no");
    if (again.length) { clicks = [name]; found = again; }
  }
  if (!found.length) { explain(clicks, true); return; }
  const done = found.filter((e) => fits(e.step, clicks) === "all");
  if (done.length === 1 && found.length === 1 || done.length && done.length === found.length) {
    if (done.length === 1) choose(done[0]);
    else offer(done);
    return;
  }
  S.clicks = clicks;
  say(clicks.length === 1 ? `${name} chosen: click where it goes (Esc cancels)` : "", true);
  redraw();
}

// Several moves fit the same clicks (lines of different lengths to one cell).
function offer(list) {
  const box = $("choice");
  box.innerHTML = "Which move? ";
  for (const e of list) {
    const b = document.createElement("button");
    b.textContent = e.text;
    b.addEventListener("click", () => { box.hidden = true; choose(e); });
    box.append(b);
  }
  box.hidden = false;
}

function choose(e) {
  if (!S.first && e.then && e.then.length) {
    S.first = e;
    S.clicks = [];
    clearMarks();
    tentative(e.step);
    say(`${e.text}: now the turn's second step (Esc cancels)`, true);
    redraw();
    return;
  }
  play(e.text);
}

function play(text) {
  clearMarks();
  act("play", { move: text });
}

// Asks why the clicks are illegal; outlines the glyph's cells.
async function explain(clicks, outline) {
  const cells = clicks.length > 2 ? clicks.slice(-2) : clicks;
  const q = new URLSearchParams({ cells: cells.join(",") });
  if (S.first) q.set("first", S.first.text);
  const key = S.version + "|" + q.toString();
  let w = S.why.get(key);
  if (!w) {
    try {
      w = (await call("GET", `/api/games/${S.id}/why?${q}`)).data;
    } catch (e) {
      w = { reason: e.message, legal: false, glyph: [] };
    }
    S.why.set(key, w);
  }
  say(w.reason, w.legal);
  clearMarks("why");
  if (outline) mark(w.glyph, "why");
}

function hovered(name) {
  clearTimeout(S.hoverTimer);
  if (!S.view || S.view.over || !name) return;
  S.hoverTimer = setTimeout(() => {
    const clicks = S.clicks.concat([name]);
    if (entries().some((e) => fits(e.step, clicks) !== "no")) return;
    if (S.clicks.length === 0 && !S.first && S.view.steps.some((e) => fits(e.step, [name]) !== "no")) return;
    explain(S.clicks.length ? clicks : [name], true);
  }, 220);
}

function cellOf(target) {
  const el = target && target.closest ? target.closest("[data-cell]") : null;
  if (!el || el.classList.contains("blocked")) return null;
  return el.dataset.cell;
}

// ---- controls ----------------------------------------------------------------------

function wire() {
  const board = $("board");
  board.addEventListener("click", (ev) => { const c = cellOf(ev.target); if (c) clicked(c); });
  board.addEventListener("mouseover", (ev) => hovered(cellOf(ev.target)));
  board.addEventListener("mouseleave", () => { clearTimeout(S.hoverTimer); clearMarks("why"); });
  document.addEventListener("keydown", (ev) => {
    if (ev.target.tagName === "INPUT" || ev.target.tagName === "SELECT") return;
    if (ev.key === "Escape") cancel();
    else if (ev.key === "ArrowLeft" && S.view && S.view.can_undo) act("goto", { ply: S.view.cursor - 1 });
    else if (ev.key === "ArrowRight" && S.view && S.view.can_redo) act("goto", { ply: S.view.cursor + 1 });
  });
  $("undo").addEventListener("click", () => act("undo"));
  $("redo").addEventListener("click", () => act("redo"));
  $("swap").addEventListener("click", () => play("swap"));
  $("pass").addEventListener("click", () => play("pass"));
  $("cancel").addEventListener("click", cancel);
  $("end-turn").addEventListener("click", () => S.first && play(S.first.text));
  $("new").addEventListener("click", (ev) => {
    ev.preventDefault();
    const params = {};
    for (const input of $("params").querySelectorAll("input")) params[input.name] = Number(input.value);
    act("new", { params });
  });
  $("params").addEventListener("submit", (ev) => { ev.preventDefault(); $("new").click(); });
  $("seats").addEventListener("change", () => {
    const seats = { none: [false, false], first: [true, false], second: [false, true], both: [true, true] }[$("seats").value];
    act("computer", { seats });
  });
  $("budget").addEventListener("change", () => act("computer", { budget: $("budget").value }));
  $("think-move").addEventListener("click", () => act("think", { task: "move" }));
  $("think-hint").addEventListener("click", () => act("think", { task: "hint" }));
  $("stop").addEventListener("click", () => act("stop"));
  $("copy-moves").addEventListener("click", copyMoves);
  $("upload").addEventListener("change", async () => {
    const f = $("upload").files[0];
    if (!f) return;
    const text = await f.text();
    $("upload").value = "";
    call("POST", `/api/games/${S.id}/load`, text, true).then((r) => show(r.data)).catch(report);
  });
  $("save").addEventListener("click", () => act("save", { name: $("save-name").value, replace: $("replace").checked }).then(listRecords));
  $("open").addEventListener("click", () => $("records").value && act("open", { name: $("records").value }));
  $("records").addEventListener("focus", listRecords);
}

async function copyMoves() {
  const text = S.view ? S.view.moves_line : "";
  try {
    await navigator.clipboard.writeText(text);
  } catch (e) {
    const input = $("moves-line");
    input.select();
    document.execCommand("copy");
  }
  say("copied: " + text, true);
}

async function listRecords() {
  try {
    const r = await call("GET", "/api/records");
    const sel = $("records");
    const keep = sel.value;
    sel.innerHTML = "";
    for (const name of r.data.records) sel.append(new Option(name, name));
    if (keep) sel.value = keep;
  } catch (e) { report(e); }
}

window.weft = { view: () => S.view, idle: () => S.pending === 0, state: S };
wire();
start(false).then(listRecords);
follow();
