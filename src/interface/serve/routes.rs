//! What each request does. The page (`GET /`, its script and style) and a JSON API:
//!
//! | request | does |
//! |---|---|
//! | `POST /api/games` `{"params"?}` | a new game for a tab (201) |
//! | `GET /api/games/ID` | the game's view |
//! | `GET /api/games/ID/wait?since=V` | the view once its version passes V (or 204 after a while) |
//! | `GET /api/games/ID/why?move=M` or `?cells=X,Y[&first=S]` | why a move (or a click) is illegal |
//! | `GET /api/games/ID/record` | the record, as the REPL's `save` writes it |
//! | `GET /api/records` | the records beside the rule file |
//! | `POST /api/games/ID/play` `{"move"}` | plays a move at the position shown |
//! | `POST .../undo`, `.../redo`, `.../goto` `{"ply"}` | moves along the line |
//! | `POST .../new` `{"params"?}` | starts again (new parameters, the current rule file) |
//! | `POST .../computer` `{"seats"?, "budget"?}` | who the computer plays, how long it thinks |
//! | `POST .../think` `{"task": "move"\|"hint", "budget"?}`, `POST .../stop` | the computer |
//! | `POST .../load` (a record) , `POST .../open` `{"name"}`, `POST .../save` `{"name", "replace"?}` | records |
//!
//! Every game answer is the whole view ([`super::view`]). A bad request is a 4xx with
//! its reason: 400 malformed, 403 refused, 404 unknown, 405 wrong method, 409 not now,
//! 413 too large, 422 not possible in this game.

use super::assets;
use super::files;
use super::game::{Game, Refusal, Task};
use super::games::{lock, Games, Shared};
use super::http::{self, Call};
use super::view::{line_cells, view};
use crate::engine::state::Move;
use crate::interface::record::Record;
use crate::lang::Overrides;
use crate::rules::board::Cell;
use crate::tools::ai::Budget;
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tiny_http::Response;

type Answer = Response<std::io::Cursor<Vec<u8>>>;

/// The longest a `wait` holds a request.
const LONGEST_WAIT: Duration = Duration::from_secs(20);

/// Answers one request.
pub fn answer(games: &Arc<Games>, call: &Call) -> Result<Answer, Refusal> {
    let parts: Vec<&str> = call.path.split('/').skip(1).collect();
    let method = call.method.as_str();
    match (method, parts.as_slice()) {
        ("GET", [""]) => Ok(http::asset(assets::PAGE, "text/html; charset=utf-8")),
        ("GET", ["page.js"]) => Ok(http::asset(
            assets::SCRIPT,
            "text/javascript; charset=utf-8",
        )),
        ("GET", ["page.css"]) => Ok(http::asset(assets::STYLE, "text/css; charset=utf-8")),
        ("GET", ["api", "records"]) => Ok(http::json(
            200,
            &json!({ "records": files::list(&games.source.folder) }),
        )),
        ("POST", ["api", "games"]) => {
            let body = call.json()?;
            let overrides = params(games, body.get("params"))?;
            let shared = games.create(overrides)?;
            let mut g = lock(&shared);
            g.sync(&games.source);
            Ok(http::json(201, &view(&g, &games.source)))
        }
        (_, [""]) | (_, ["api", "records"]) | (_, ["page.js" | "page.css"]) => {
            Err(wrong_method(method))
        }
        (_, ["api", "games"]) => Err(wrong_method(method)),
        (_, ["api", "games", id, rest @ ..]) => game_call(games, call, id, rest),
        _ => Err(Refusal::new(
            404,
            format!("there is nothing at {}", call.path),
        )),
    }
}

fn wrong_method(method: &str) -> Refusal {
    Refusal::new(405, format!("{method} is not how this address is used"))
}

/// The requests about one game.
fn game_call(games: &Arc<Games>, call: &Call, id: &str, rest: &[&str]) -> Result<Answer, Refusal> {
    let shared = games.get(id)?;
    let method = call.method.as_str();
    let action = match rest {
        [] => "",
        [a] => a,
        _ => {
            return Err(Refusal::new(
                404,
                format!("there is nothing at {}", call.path),
            ))
        }
    };
    match (method, action) {
        ("GET", "") => Ok(current(games, &shared)),
        ("GET", "wait") => wait(games, &shared, call),
        ("GET", "why") => {
            let g = lock(&shared);
            Ok(http::json(200, &why(&g, call)?))
        }
        ("GET", "record") => {
            let g = lock(&shared);
            let rec = g.record(&games.source);
            let name = format!("{}.json", g.rules().name());
            Ok(http::download(rec.to_json(), &name))
        }
        ("POST", _) => act(games, &shared, call, action),
        (_, "" | "wait" | "why" | "record") => Err(wrong_method(method)),
        _ => Err(Refusal::new(
            404,
            format!("there is nothing at {}", call.path),
        )),
    }
}

/// The game's view now.
fn current(games: &Games, shared: &Shared) -> Answer {
    http::json(200, &view(&lock(shared), &games.source))
}

/// Holds the request until the game's version passes `since` (the rule file changed,
/// the computer moved or finished thinking), at most [`LONGEST_WAIT`].
fn wait(games: &Games, shared: &Shared, call: &Call) -> Result<Answer, Refusal> {
    let since: u64 = call
        .query("since")
        .ok_or_else(|| Refusal::new(400, "`wait` needs `since`, the version the page has"))?
        .parse()
        .map_err(|_| Refusal::new(400, "`since` is a whole number: the version the page has"))?;
    let deadline = Instant::now() + LONGEST_WAIT;
    loop {
        let beat = games.pulse.now();
        {
            let mut g = lock(shared);
            g.sync(&games.source);
            if g.version > since {
                return Ok(http::json(200, &view(&g, &games.source)));
            }
        }
        let now = Instant::now();
        if now >= deadline {
            return Ok(Response::from_data(Vec::new()).with_status_code(204));
        }
        games
            .pulse
            .wait(beat, (deadline - now).min(Duration::from_millis(500)));
    }
}

/// The actions (POST) on a game; each answers the new view.
fn act(games: &Arc<Games>, shared: &Shared, call: &Call, action: &str) -> Result<Answer, Refusal> {
    let body = if action == "load" {
        serde_json::Map::new()
    } else {
        call.json()?
    };
    let mut g = lock(shared);
    let text_of = |key: &str| -> Result<String, Refusal> {
        body.get(key)
            .and_then(Value::as_str)
            .map(String::from)
            .ok_or_else(|| Refusal::new(400, format!("`{action}` needs \"{key}\", a string")))
    };
    match action {
        "play" => {
            let mv = text_of("move")?;
            g.play(&mv)?;
        }
        "undo" => g.undo()?,
        "redo" => g.redo()?,
        "goto" => {
            let ply = body
                .get("ply")
                .and_then(Value::as_u64)
                .ok_or_else(|| Refusal::new(400, "`goto` needs \"ply\", a whole number"))?;
            g.goto(ply as usize)?;
        }
        "new" => {
            let overrides = params(games, body.get("params"))?;
            g.restart(&games.source, overrides)?;
        }
        "computer" => computer(&mut g, &body)?,
        "think" => {
            let task = match text_of("task")?.as_str() {
                "move" => Task::Move,
                "hint" => Task::Hint,
                other => {
                    return Err(Refusal::new(
                        422,
                        format!("`{other}` is not a task: ask for \"move\" or \"hint\""),
                    ))
                }
            };
            let budget = match body.get("budget") {
                Some(_) => budget(&text_of("budget")?)?,
                None => g.budget,
            };
            games.think(shared, &mut g, task, budget)?;
        }
        "stop" => {
            let Some(t) = &g.thinking else {
                return Err(Refusal::new(409, "the computer is not thinking"));
            };
            t.stop.store(true, std::sync::atomic::Ordering::Relaxed);
            if g.seats == [true, true] {
                g.seats = [false, false];
                g.notice = Some("stopped: the computer no longer plays either side".into());
                g.touch(false);
            }
        }
        "load" => {
            let text = call.text()?;
            let rec = Record::from_json(text).map_err(|e| Refusal::new(422, e.to_string()))?;
            g.load(&games.source, rec, "the record")
                .map_err(|e| Refusal::new(422, e.to_string()))?;
        }
        "open" => {
            let name = text_of("name")?;
            let text = files::open(&games.source.folder, &name)?;
            let rec =
                Record::from_json(&text).map_err(|e| Refusal::new(422, format!("{name}: {e}")))?;
            g.load(&games.source, rec, &name)
                .map_err(|e| Refusal::new(422, e.to_string()))?;
        }
        "save" => {
            let name = text_of("name")?;
            let replace = body
                .get("replace")
                .and_then(Value::as_bool)
                .unwrap_or(false);
            let rec = g.record(&games.source);
            let path = files::save(&games.source.folder, &name, &rec.to_json(), replace)?;
            g.notice = Some(format!("saved {}", path.display()));
            g.touch(false);
        }
        _ => {
            return Err(Refusal::new(
                404,
                format!("there is nothing at {}", call.path),
            ))
        }
    }
    // After a move along the line, rules that could not replay it may now.
    g.sync(&games.source);
    // A change that makes it the computer's turn sets it thinking.
    if !matches!(action, "stop" | "think") {
        games.autoplay(shared, &mut g);
    }
    Ok(http::json(200, &view(&g, &games.source)))
}

/// `computer`: the seats it plays and how long it thinks.
fn computer(g: &mut Game, body: &serde_json::Map<String, Value>) -> Result<(), Refusal> {
    if let Some(seats) = body.get("seats") {
        let list: Option<Vec<bool>> = seats
            .as_array()
            .map(|a| a.iter().map(Value::as_bool).collect::<Option<Vec<bool>>>())
            .unwrap_or(None);
        match list.as_deref() {
            Some([a, b]) => g.seats = [*a, *b],
            _ => {
                return Err(Refusal::new(
                    400,
                    "\"seats\" is two booleans: whether the computer plays the first and the second seat",
                ))
            }
        }
    }
    if let Some(b) = body.get("budget") {
        let text = b
            .as_str()
            .ok_or_else(|| Refusal::new(400, "\"budget\" is a string, e.g. \"1s\" or \"2000\""))?;
        g.budget = budget(text)?;
    }
    g.touch(false);
    Ok(())
}

fn budget(text: &str) -> Result<Budget, Refusal> {
    Budget::parse(text).map_err(|e| Refusal::new(422, e))
}

/// Parameters sent by the page (`{"size": 9}`) as overrides; `None` when none were sent.
fn params(games: &Games, value: Option<&Value>) -> Result<Option<Overrides>, Refusal> {
    let Some(v) = value else {
        return Ok(None);
    };
    let map = v
        .as_object()
        .ok_or_else(|| Refusal::new(400, "\"params\" is an object of names and whole numbers"))?;
    let mut sets = Vec::new();
    for (k, v) in map {
        let n = v.as_i64().ok_or_else(|| {
            Refusal::new(422, format!("parameter {k}: `{v}` is not a whole number"))
        })?;
        sets.push(format!("{k}={n}"));
    }
    let mut o = Overrides::from_sets(&sets, None).map_err(|e| Refusal::new(422, e))?;
    // The command line's values stand for the parameters the page did not send.
    for (k, v) in &games.overrides.sets {
        if !o.sets.iter().any(|(n, _)| n == k) {
            o.sets.push((k.clone(), v.clone()));
        }
    }
    if o.sets.is_empty() {
        o.size = games.overrides.size;
    }
    Ok(Some(o))
}

/// `why`: a move in notation, or the cells of a click (one cell: a placement; a piece
/// and a target: a slide, or the line through the piece) after an optional first step.
fn why(g: &Game, call: &Call) -> Result<Value, Refusal> {
    let rules = g.rules().clone();
    let b = rules.board();
    let names = |cells: &[Cell]| -> Vec<String> { cells.iter().map(|&c| b.cell_name(c)).collect() };
    let answer = |w: super::game::Why| json!({ "move": w.text, "legal": w.legal, "reason": w.reason, "glyph": names(&w.glyph) });
    if let Some(m) = call.query("move") {
        return Ok(answer(g.why(m)?));
    }
    let cells_text = call.query("cells").ok_or_else(|| {
        Refusal::new(
            400,
            "`why` needs `move` (a move) or `cells` (clicked cells)",
        )
    })?;
    let mut cells = Vec::new();
    for name in cells_text.split(',').filter(|s| !s.is_empty()) {
        cells.push(
            b.parse_cell(name).ok_or_else(|| {
                Refusal::new(422, format!("`{name}` is not a cell of this board"))
            })?,
        );
    }
    let prefix = call
        .query("first")
        .map(|f| format!("{f},"))
        .unwrap_or_default();
    let candidates: Vec<String> = match cells[..] {
        [c] => vec![b.cell_name(c)],
        [from, to] => {
            let mut v = vec![format!("{}-{}", b.cell_name(from), b.cell_name(to))];
            if let Some((rear, front)) = line_through(g, from, to) {
                v.insert(
                    0,
                    format!(
                        "{}:{}-{}",
                        b.cell_name(rear),
                        b.cell_name(front),
                        b.cell_name(to)
                    ),
                );
            }
            v
        }
        _ => {
            return Err(Refusal::new(
                422,
                "`cells` is one cell, or a piece and a target",
            ))
        }
    };
    let mut answers = Vec::new();
    for c in &candidates {
        let text = format!("{prefix}{c}");
        if Move::parse(&text, &rules).is_ok() {
            answers.push(g.why(&text)?);
        }
    }
    // The most telling answer: a legal one, else one that is not about the turn's shape.
    let best = answers
        .iter()
        .position(|w| w.legal)
        .or_else(|| answers.iter().position(|w| !w.reason.contains("shape")))
        .unwrap_or(0);
    answers
        .into_iter()
        .nth(best)
        .map(answer)
        .ok_or_else(|| Refusal::new(422, format!("`{cells_text}` does not make a move")))
}

/// The run of the mover's pieces through `from` along the line towards `to` (when `to`
/// lies on a straight line from it), as (rear, front) with `to` ahead of the front.
fn line_through(g: &Game, from: Cell, to: Cell) -> Option<(Cell, Cell)> {
    let s = g.state();
    let b = g.rules().board();
    let mover = s.to_move();
    let line = line_cells(b, from, to);
    if line.len() < 2 || line.last() != Some(&to) {
        return None;
    }
    let (fx, fy) = b.xy(from);
    let (nx, ny) = b.xy(line[1]);
    let (dx, dy) = (nx - fx, ny - fy);
    let own = |c: Cell| s.piece_at(c) == Some(mover);
    let walk = |start: Cell, sx: i32, sy: i32| {
        let mut c = start;
        loop {
            let (x, y) = b.xy(c);
            match b.cell_at(x + sx, y + sy) {
                Some(n) if own(n) && n != to => c = n,
                _ => return c,
            }
        }
    };
    let front = walk(from, dx, dy);
    let rear = walk(from, -dx, -dy);
    (rear != front).then_some((rear, front))
}
