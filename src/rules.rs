//! The compiled, immutable rules of one game at fixed parameter values.
//!
//! `compile` is the only way to obtain `Rules`: it resolves parameters (with the
//! command line's overrides), builds the board, every glyph's orbit and matchers,
//! and the goal's region masks. Nothing downstream re-validates.

use crate::ast::{Adjacency, Expr, Goal, NoMove, Target};
use crate::board::{Board, MAX_SIDE};
use crate::check::{GameDef, StepDef};
use crate::diagnostic::Diagnostic;
use crate::glyph::{self, Matchers, Pattern};

/// Parameter values asked for on the command line.
#[derive(Debug, Clone, Default)]
pub struct Overrides {
    /// `--set name=value`, in order.
    pub sets: Vec<(String, String)>,
    /// `--size N`: sets the parameter the board's size is written with.
    pub size: Option<i64>,
}

impl Overrides {
    /// Parses `name=value` pairs as given to `--set`.
    pub fn from_sets(sets: &[String], size: Option<i64>) -> Result<Overrides, String> {
        let mut out = Overrides {
            sets: Vec::new(),
            size,
        };
        for s in sets {
            match s.split_once('=') {
                Some((k, v)) if !k.trim().is_empty() => {
                    out.sets.push((k.trim().to_string(), v.trim().to_string()))
                }
                _ => return Err(format!("--set takes name=value, got `{s}`")),
            }
        }
        Ok(out)
    }
}

/// A parameter and the value in force.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Param {
    pub name: String,
    pub value: i64,
    pub default: i64,
    pub min: i64,
    pub max: i64,
    pub doc: Option<String>,
}

/// A compiled glyph: its name, its picture and how many distinct forms it has.
#[derive(Debug, Clone)]
pub struct GlyphInfo {
    pub name: String,
    /// The picture as drawn, top row first.
    pub picture: Vec<String>,
    /// Distinct orientations and colourings (the orbit's size).
    pub forms: usize,
    /// Whether at least one form fits on this board.
    pub fits: bool,
}

/// The connection goal: a chain of the mover's pieces touching every region it owns.
#[derive(Debug, Clone)]
pub struct Connect {
    pub adjacency: Adjacency,
    /// For each player, the regions (bits) the chain must touch.
    pub own: [u32; 2],
}

/// A designer's claim about every game, checked by random play; it never changes play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClaimRule {
    /// `claim: no draws`
    NoDraws,
    /// `claim: no passes`: the mover always has a move other than a forced pass.
    NoPasses,
    /// `claim: length at most N`
    LengthAtMost(u32),
}

impl std::fmt::Display for ClaimRule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ClaimRule::NoDraws => f.write_str("no draws"),
            ClaimRule::NoPasses => f.write_str("no passes"),
            ClaimRule::LengthAtMost(n) => write!(f, "length at most {n}"),
        }
    }
}

/// The compiled rules of a game.
#[derive(Debug, Clone)]
pub struct Rules {
    pub(crate) name: String,
    pub(crate) designer: Option<String>,
    pub(crate) year: Option<i64>,
    pub(crate) about: Vec<String>,
    pub(crate) params: Vec<Param>,
    pub(crate) players: Vec<String>,
    pub(crate) board: Board,
    pub(crate) pieces: Vec<String>,
    pub(crate) place_piece: usize,
    pub(crate) glyphs: Vec<GlyphInfo>,
    /// Matchers for a stone of player 0 and of player 1.
    pub(crate) matchers: [Matchers; 2],
    pub(crate) connect: Connect,
    pub(crate) swap: bool,
    pub(crate) no_move: NoMove,
    pub(crate) claims: Vec<ClaimRule>,
}

impl Rules {
    pub fn name(&self) -> &str {
        &self.name
    }
    pub fn designer(&self) -> Option<&str> {
        self.designer.as_deref()
    }
    pub fn year(&self) -> Option<i64> {
        self.year
    }
    pub fn about(&self) -> &[String] {
        &self.about
    }
    pub fn params(&self) -> &[Param] {
        &self.params
    }
    /// The value of a parameter.
    pub fn param(&self, name: &str) -> Option<i64> {
        self.params.iter().find(|p| p.name == name).map(|p| p.value)
    }
    pub fn players(&self) -> &[String] {
        &self.players
    }
    pub fn board(&self) -> &Board {
        &self.board
    }
    pub fn pieces(&self) -> &[String] {
        &self.pieces
    }
    pub fn glyphs(&self) -> &[GlyphInfo] {
        &self.glyphs
    }
    pub fn connect(&self) -> &Connect {
        &self.connect
    }
    pub fn has_swap(&self) -> bool {
        self.swap
    }
    pub fn no_move(&self) -> NoMove {
        self.no_move
    }
    /// The claims the file states (`claim: ...`). `no move: impossible` is a rule that
    /// also acts as a claim; it shows as `Outcome::Stopped`, not here.
    pub fn claims(&self) -> &[ClaimRule] {
        &self.claims
    }
    /// Returns rules identical but for the swap rule (for `--no-swap`).
    pub fn without_swap(&self) -> Rules {
        Rules {
            swap: false,
            ..self.clone()
        }
    }

    /// A readable summary: board, pieces, turn, glyphs with their forms, goal, swap, no-move.
    pub fn summary(&self) -> String {
        let mut s = self.name.clone();
        if let Some(d) = &self.designer {
            s.push_str(&format!(" by {d}"));
        }
        if let Some(y) = self.year {
            s.push_str(&format!(" ({y})"));
        }
        s.push('\n');
        for a in &self.about {
            s.push_str(&format!("  {a}\n"));
        }
        if !self.params.is_empty() {
            let ps: Vec<String> = self
                .params
                .iter()
                .map(|p| format!("{}={}", p.name, p.value))
                .collect();
            s.push_str(&format!("parameters: {}\n", ps.join(", ")));
        }
        s.push_str(&format!(
            "players: {} (first to move: {})\n",
            self.players.join(", "),
            self.players[0]
        ));
        s.push_str(&format!(
            "board: square, {} x {} points\n",
            self.board.width, self.board.height
        ));
        for (i, p) in self.players.iter().enumerate() {
            let names: Vec<&str> = self
                .board
                .region_names()
                .iter()
                .enumerate()
                .filter(|(b, _)| self.connect.own[i] & (1 << b) != 0)
                .map(|(_, n)| n.as_str())
                .collect();
            s.push_str(&format!("edges of {p}: {}\n", names.join(", ")));
        }
        s.push_str(&format!(
            "turn: place a {} on an empty point\n",
            self.pieces[self.place_piece]
        ));
        for g in &self.glyphs {
            s.push_str(&format!(
                "forbidden: \"{}\" ({} distinct form{}{})\n",
                g.name,
                g.forms,
                if g.forms == 1 { "" } else { "s" },
                if g.fits { "" } else { ", none fits this board" }
            ));
            for row in &g.picture {
                s.push_str(&format!("    {row}\n"));
            }
        }
        let adj = match self.connect.adjacency {
            Adjacency::Orthogonal => "orthogonally",
            Adjacency::Diagonal => "diagonally",
            Adjacency::All => "in all directions",
        };
        s.push_str(&format!(
            "win: connect all your own edges with a chain linked {adj}\n"
        ));
        s.push_str(&format!(
            "swap rule: {}\n",
            if self.swap { "yes" } else { "no" }
        ));
        for c in &self.claims {
            s.push_str(&format!("claim: {c}\n"));
        }
        s.push_str(&format!(
            "no legal move: {}\n",
            match self.no_move {
                NoMove::Skip => "the turn is skipped (a draw if neither player can move)",
                NoMove::Lose => "the player to move loses",
                NoMove::Impossible =>
                    "claimed impossible (the game stops and the claim is reported broken)",
            }
        ));
        s
    }
}

/// Resolves parameter values: the defaults, then `--size`, then each `--set`.
fn resolve(def: &GameDef, o: &Overrides) -> Result<Vec<Param>, Vec<Diagnostic>> {
    let mut params: Vec<Param> = def
        .params
        .iter()
        .map(|p| Param {
            name: p.name.clone(),
            value: p.default,
            default: p.default,
            min: p.min,
            max: p.max,
            doc: p.doc.clone(),
        })
        .collect();
    let mut errors = Vec::new();
    let mut requests: Vec<(String, String, String)> = Vec::new();
    if let Some(n) = o.size {
        match &def.board_size.node {
            Expr::Param(p) => requests.push((p.clone(), n.to_string(), format!("--size {n}"))),
            Expr::Int(v) => errors.push(
                Diagnostic::error(
                    def.board_size.span,
                    format!("--size {n}: this board's size is fixed at {v} in the file"),
                )
                .with_hint("declare a parameter (`param size = 9 in 2 to 26`) and write `board square size`"),
            ),
        }
    }
    for (k, v) in &o.sets {
        requests.push((k.clone(), v.clone(), format!("--set {k}={v}")));
    }
    for (name, text, flag) in requests {
        let Some(i) = params.iter().position(|p| p.name == name) else {
            let names: Vec<&str> = params.iter().map(|p| p.name.as_str()).collect();
            let hint = if names.is_empty() {
                "this file declares no parameters".to_string()
            } else {
                format!("the parameters are: {}", names.join(", "))
            };
            errors.push(
                Diagnostic::global(format!("{flag}: unknown parameter `{name}`")).with_hint(hint),
            );
            continue;
        };
        let span = def.params[i].span;
        let p = &mut params[i];
        match text.parse::<i64>() {
            Ok(v) if v >= p.min && v <= p.max => p.value = v,
            Ok(v) => errors.push(
                Diagnostic::error(span, format!("{flag}: {v} is out of the range of `{name}`"))
                    .with_hint(format!("`{name}` goes from {} to {}", p.min, p.max)),
            ),
            Err(_) => errors.push(
                Diagnostic::global(format!("{flag}: `{text}` is not a whole number"))
                    .with_hint(format!("write e.g. --set {name}={}", p.default)),
            ),
        }
    }
    if errors.is_empty() {
        Ok(params)
    } else {
        Err(errors)
    }
}

/// Compiles a checked game at the given parameter values. On success, returns the
/// rules and any warnings (glyphs that fit nowhere on this board, say).
pub fn compile(
    def: &GameDef,
    overrides: &Overrides,
) -> Result<(Rules, Vec<Diagnostic>), Vec<Diagnostic>> {
    let params = resolve(def, overrides)?;
    let mut warnings = Vec::new();
    let size = match &def.board_size.node {
        Expr::Int(v) => *v,
        Expr::Param(p) => params
            .iter()
            .find(|q| &q.name == p)
            .map(|q| q.value)
            .expect("checked: parameter exists"),
    };
    if !(2..=MAX_SIDE).contains(&size) {
        return Err(vec![Diagnostic::error(
            def.board_size.span,
            format!("a square board of side {size} is not supported"),
        )
        .with_hint(format!("the side goes from 2 to {MAX_SIDE}"))]);
    }
    let board = Board::square(size as usize);

    let mut glyphs = Vec::new();
    let mut orbits: Vec<(Vec<Pattern>, crate::ast::Colours)> = Vec::new();
    for g in &def.glyphs {
        let orbit = glyph::orbit(g);
        let fits = orbit.iter().any(|p| {
            let (w, h) = glyph::extent(p);
            w as usize <= board.width && h as usize <= board.height
        });
        if !fits {
            let (w, h) = glyph::extent(&glyph::pattern_of(&g.rows));
            warnings.push(
                Diagnostic::warning(
                    g.span,
                    format!(
                        "glyph \"{}\" ({}x{}) cannot fit on a {}x{} board, so it never applies",
                        g.name, w, h, board.width, board.height
                    ),
                )
                .with_hint("that is fine for a small board; otherwise enlarge the board"),
            );
        }
        glyphs.push(GlyphInfo {
            name: g.name.clone(),
            picture: g
                .rows
                .iter()
                .map(|r| {
                    r.iter()
                        .map(|s| s.to_char().to_string())
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .collect(),
            forms: orbit.len(),
            fits,
        });
        orbits.push((orbit, g.colours));
    }
    let matchers = [
        Matchers::build(&board, &orbits, 1),
        Matchers::build(&board, &orbits, 2),
    ];

    let mut connect = None;
    for g in &def.goals {
        match g.node {
            Goal::ConnectOwnEdges { adjacency } => {
                let mut own = [0u32; 2];
                for e in &def.edges {
                    let bit = board
                        .region_index(&e.name)
                        .expect("checked: edge names exist");
                    own[e.owner] |= 1 << bit;
                }
                connect = Some(Connect {
                    adjacency: adjacency.unwrap_or(Adjacency::Orthogonal),
                    own,
                });
            }
        }
    }
    let value = |e: &Expr| match e {
        Expr::Int(v) => *v,
        Expr::Param(p) => params.iter().find(|q| &q.name == p).map_or(0, |q| q.value),
    };
    let claims = def
        .claims
        .iter()
        .map(|c| match &c.node {
            crate::ast::ClaimDecl::NoDraws => ClaimRule::NoDraws,
            crate::ast::ClaimDecl::NoPasses => ClaimRule::NoPasses,
            crate::ast::ClaimDecl::LengthAtMost(e) => {
                ClaimRule::LengthAtMost(value(&e.node).clamp(0, u32::MAX as i64) as u32)
            }
        })
        .collect();
    let place_piece = match def.turn.first() {
        Some(StepDef::Place {
            piece,
            target: Target::Empty,
        }) => *piece,
        None => 0,
    };
    Ok((
        Rules {
            name: def.name.clone(),
            designer: def.designer.clone(),
            year: def.year,
            about: def.about.clone(),
            params,
            players: def.players.clone(),
            board,
            pieces: def.pieces.clone(),
            place_piece,
            glyphs,
            matchers,
            connect: connect.expect("checked: a goal exists"),
            swap: def.swap,
            no_move: def.no_move,
            claims,
        },
        warnings,
    ))
}
