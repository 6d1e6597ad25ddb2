//! The compiled, immutable rules of one game at fixed parameter values.
//!
//! `compile` is the only way to obtain `Rules`: it resolves parameters (with the
//! command line's overrides), builds the board, every glyph's orbit and matchers,
//! and the goal's region masks. Nothing downstream re-validates.

use crate::ast::{Adjacency, BoardShape, CheckResult, Cmp, Expr, Goal, NoMove, SetupCells, Whose};
use crate::board::{self, Board, Cell, MAX_SIDE};
use crate::check::{CellPred, CountedDef, GameDef, PosPred};
use crate::diagnostic::{Diagnostic, Span};
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

/// The edges each player owns and, for the connection goal, the adjacency that links a
/// chain. `own` is set whether or not the game has a connection goal (see
/// `Rules::has_connect_goal`).
#[derive(Debug, Clone)]
pub struct Connect {
    pub adjacency: Adjacency,
    /// For each player, the regions (bits) it owns: a connection must touch them all; a
    /// crossing enters one; frozen pieces stand on one.
    pub own: [u32; 2],
}

/// A kind of piece, compiled. Each kind is its own layer of the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece {
    pub name: String,
    pub neutral: bool,
    /// Pieces of this kind on one of their owner's edges never move and cannot be captured.
    pub frozen_on_own_edges: bool,
}

/// A compiled step of a turn: the checked step needs no further compiling (its
/// conditions are already resolved to piece and cell indices).
pub use crate::check::StepDef as StepRule;

/// What a separation counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counted {
    Pieces(usize),
    /// The cells of the region with this bit.
    Region(u32),
}

/// A compiled position condition, from the mover's point of view.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Pred {
    Count {
        whose: Whose,
        piece: usize,
        cmp: Cmp,
        value: i64,
    },
    Separates {
        whose: Whose,
        piece: usize,
        counted: Counted,
    },
    NoMove,
    Not(Box<Pred>),
    And(Vec<Pred>),
    Or(Vec<Pred>),
}

impl Pred {
    /// Whether the condition asks if a move exists.
    pub fn needs_moves(&self) -> bool {
        match self {
            Pred::NoMove => true,
            Pred::Not(p) => p.needs_moves(),
            Pred::And(v) | Pred::Or(v) => v.iter().any(Pred::needs_moves),
            _ => false,
        }
    }
}

/// A turn: its guard (`while ...`) and its one or two steps.
#[derive(Debug, Clone)]
pub struct Turn {
    pub guard: Option<Pred>,
    pub steps: Vec<StepRule>,
    /// Whether the second step's choices do not depend on the first step (it reads no
    /// piece kind the first step changes): random play then counts them once.
    pub independent: bool,
}

/// A turn-start check: the result for the player to move when the condition holds.
#[derive(Debug, Clone)]
pub struct Check {
    pub result: CheckResult,
    pub cond: Pred,
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
    pub(crate) pieces: Vec<Piece>,
    /// Pieces on the board at the start: (cell, piece kind, owner; `None` = neutral).
    pub(crate) setup: Vec<(Cell, usize, Option<usize>)>,
    pub(crate) turns: Vec<Turn>,
    /// The fast path: one unguarded turn that places the first piece kind on an empty
    /// cell, one piece kind, no setup.
    pub(crate) simple: bool,
    pub(crate) glyphs: Vec<GlyphInfo>,
    /// Matchers for a piece of the first kind of player 0 and of player 1.
    pub(crate) matchers: [Matchers; 2],
    pub(crate) connect: Connect,
    pub(crate) connect_goal: bool,
    pub(crate) race: bool,
    pub(crate) checks: Vec<Check>,
    pub(crate) ply_limit: Option<u32>,
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
    /// The piece kinds, in declaration order (each is a layer of the board).
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }
    /// The turns, in file order: the first whose guard holds is played.
    pub fn turns(&self) -> &[Turn] {
        &self.turns
    }
    /// The pieces on the board at the start: (cell, piece kind, owner or `None`).
    pub fn setup(&self) -> &[(Cell, usize, Option<usize>)] {
        &self.setup
    }
    /// The turn-start checks, in file order.
    pub fn checks(&self) -> &[Check] {
        &self.checks
    }
    /// Whether the game is won by connecting own edges.
    pub fn has_connect_goal(&self) -> bool {
        self.connect_goal
    }
    /// Whether the game has a crossing race.
    pub fn has_race(&self) -> bool {
        self.race
    }
    /// The declared ply limit (a separate kind of draw).
    pub fn ply_limit(&self) -> Option<u32> {
        self.ply_limit
    }
    /// Whether every move places one piece and nothing ever moves or leaves the board.
    pub fn is_placement_only(&self) -> bool {
        self.turns
            .iter()
            .all(|t| t.steps.iter().all(|s| matches!(s, StepRule::Place { .. })))
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
        let b = &self.board;
        let kind = match b.shape {
            BoardShape::Square => "points",
            BoardShape::Rectangle => "squares",
            _ => "hex cells",
        };
        s.push_str(&format!(
            "board: {}, {} {kind}\n",
            b.describe(),
            b.cell_count()
        ));
        let edges = crate::board::edge_names(b.shape).len();
        for (i, r) in b.region_names().iter().enumerate().skip(edges) {
            let cells: Vec<String> = b
                .cells()
                .filter(|&c| b.regions_of(c) & (1 << i) != 0)
                .map(|c| b.cell_name(c))
                .collect();
            s.push_str(&format!("region {r}: {}\n", cells.join(" ")));
        }
        for (i, p) in self.players.iter().enumerate() {
            let names: Vec<&str> = self
                .board
                .region_names()
                .iter()
                .enumerate()
                .filter(|(b, _)| self.connect.own[i] & (1 << b) != 0)
                .map(|(_, n)| n.as_str())
                .collect();
            if !names.is_empty() {
                s.push_str(&format!("edges of {p}: {}\n", names.join(", ")));
            }
        }
        let kinds: Vec<String> = self
            .pieces
            .iter()
            .map(|p| {
                let mut t = p.name.clone();
                if p.neutral {
                    t.push_str(" (neutral)");
                }
                if p.frozen_on_own_edges {
                    t.push_str(" (frozen on its owner's edges)");
                }
                t
            })
            .collect();
        s.push_str(&format!("pieces: {}\n", kinds.join(", ")));
        if !self.setup.is_empty() {
            s.push_str(&format!(
                "setup: {} piece{}\n",
                self.setup.len(),
                if self.setup.len() == 1 { "" } else { "s" }
            ));
        }
        for t in &self.turns {
            s.push_str("turn");
            if let Some(g) = &t.guard {
                s.push_str(&format!(" while {}", self.describe_pred(g)));
            }
            let steps: Vec<String> = t.steps.iter().map(|st| self.describe_step(st)).collect();
            s.push_str(&format!(": {}\n", steps.join(", then ")));
        }
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
        if self.connect_goal {
            let adj = match self.connect.adjacency {
                Adjacency::Orthogonal => "orthogonally",
                Adjacency::Diagonal => "diagonally",
                Adjacency::All => "in all directions",
            };
            s.push_str(&format!(
                "win: connect all your own edges with a chain linked {adj}\n"
            ));
        }
        if self.race {
            s.push_str("win: crossing race: after a crossing into your own edges, the opponent must answer with one at once or lose\n");
        }
        for c in &self.checks {
            let r = match c.result {
                CheckResult::Win => "win",
                CheckResult::Lose => "lose",
                CheckResult::Draw => "draw",
            };
            s.push_str(&format!(
                "at turn start: the player to move {r}s if {}\n",
                self.describe_pred(&c.cond)
            ));
        }
        if let Some(n) = self.ply_limit {
            s.push_str(&format!("ply limit: {n} (a draw, reported apart)\n"));
        }
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
                NoMove::Draw => "the game is drawn",
                NoMove::Impossible =>
                    "claimed impossible (the game stops and the claim is reported broken)",
            }
        ));
        s
    }
}

impl Rules {
    fn piece_name(&self, k: usize) -> &str {
        &self.pieces[k].name
    }

    /// A cell condition in words.
    pub fn describe_cell(&self, c: &CellPred) -> String {
        match c {
            CellPred::Empty => "empty".into(),
            CellPred::No(k) => format!("no {}", self.piece_name(*k)),
            CellPred::Own(k) => format!("own {}", self.piece_name(*k)),
            CellPred::Enemy(k) => format!("enemy {}", self.piece_name(*k)),
            CellPred::Any(k) => self.piece_name(*k).to_string(),
            CellPred::Not(x) => match **x {
                CellPred::And(_) | CellPred::Or(_) => format!("not ({})", self.describe_cell(x)),
                _ => format!("not {}", self.describe_cell(x)),
            },
            CellPred::And(v) => v
                .iter()
                .map(|x| match x {
                    CellPred::Or(_) => format!("({})", self.describe_cell(x)),
                    _ => self.describe_cell(x),
                })
                .collect::<Vec<_>>()
                .join(" and "),
            CellPred::Or(v) => v
                .iter()
                .map(|x| match x {
                    CellPred::And(_) => format!("({})", self.describe_cell(x)),
                    _ => self.describe_cell(x),
                })
                .collect::<Vec<_>>()
                .join(" or "),
        }
    }

    /// A position condition in words.
    pub fn describe_pred(&self, p: &Pred) -> String {
        let whose = |w: &Whose| match w {
            Whose::Own => "own ",
            Whose::Enemy => "enemy ",
            Whose::Anyone => "",
        };
        match p {
            Pred::Count {
                whose: w,
                piece,
                cmp,
                value,
            } => {
                let op = match cmp {
                    Cmp::Lt => "<",
                    Cmp::Le => "<=",
                    Cmp::Gt => ">",
                    Cmp::Ge => ">=",
                    Cmp::Eq => "=",
                    Cmp::Ne => "!=",
                };
                format!("count {}{} {op} {value}", whose(w), self.piece_name(*piece))
            }
            Pred::Separates {
                whose: w,
                piece,
                counted,
            } => {
                let what = match counted {
                    Counted::Pieces(k) => self.piece_name(*k).to_string(),
                    Counted::Region(bit) => {
                        format!("region {}", self.board.region_names()[*bit as usize])
                    }
                };
                format!("{}{} separates {what}", whose(w), self.piece_name(*piece))
            }
            Pred::NoMove => "no move".into(),
            Pred::Not(x) => match **x {
                Pred::And(_) | Pred::Or(_) => format!("not ({})", self.describe_pred(x)),
                _ => format!("not {}", self.describe_pred(x)),
            },
            Pred::And(v) => v
                .iter()
                .map(|x| match x {
                    Pred::Or(_) => format!("({})", self.describe_pred(x)),
                    _ => self.describe_pred(x),
                })
                .collect::<Vec<_>>()
                .join(" and "),
            Pred::Or(v) => v
                .iter()
                .map(|x| format!("({})", self.describe_pred(x)))
                .collect::<Vec<_>>()
                .join(" or "),
        }
    }

    /// A step in words.
    pub fn describe_step(&self, s: &StepRule) -> String {
        match s {
            StepRule::Place { piece, target } => format!(
                "place a {} on a cell that is {}",
                self.piece_name(*piece),
                self.describe_cell(target)
            ),
            StepRule::Slide { piece, through } => format!(
                "slide a {} zero or more cells in a straight line through cells that are {}",
                self.piece_name(*piece),
                self.describe_cell(through)
            ),
            StepRule::Line {
                piece,
                up_to,
                capture,
            } => format!(
                "move a line of k pieces ({}) along its axis across {} k empty cells{}",
                self.piece_name(*piece),
                if *up_to { "up to" } else { "exactly" },
                if *capture {
                    ", capturing the enemy piece beyond the front if the enemy run from it is shorter than k (else illegal)"
                } else {
                    ""
                }
            ),
        }
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
        // `--size` sets every parameter the board line is written with.
        let mut names: Vec<&str> = def
            .board_dims
            .iter()
            .flat_map(|d| d.node.params())
            .collect();
        names.dedup();
        if names.is_empty() {
            let v = def.board_dims[0].node.eval(&|_| 0);
            errors.push(
                Diagnostic::error(
                    def.board_dims[0].span,
                    format!("--size {n}: this board's size is fixed at {v} in the file"),
                )
                .with_hint("declare a parameter (`param size = 9 in 2 to 26`) and write `board square size`"),
            );
        }
        for p in names {
            requests.push((p.to_string(), n.to_string(), format!("--size {n}")));
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
    let lookup = |p: &str| params.iter().find(|q| q.name == p).map_or(0, |q| q.value);
    let value = |e: &Expr| e.eval(&lookup);
    let mut errors: Vec<Diagnostic> = Vec::new();
    let mut warnings = Vec::new();

    // The board.
    let dims: Vec<i64> = def.board_dims.iter().map(|d| value(&d.node)).collect();
    let (min, what, range) = match def.board_shape {
        BoardShape::Hexagon => (2, "a hexagon of side", "a hexagon's side"),
        BoardShape::Square => (2, "a square board of side", "the side"),
        _ => (1, "a board side of", "a side"),
    };
    let max = match def.board_shape {
        BoardShape::Hexagon => (MAX_SIDE + 1) / 2,
        _ => MAX_SIDE,
    };
    for (d, e) in dims.iter().zip(&def.board_dims) {
        if !(min..=max).contains(d) {
            errors.push(
                Diagnostic::error(e.span, format!("{what} {d} is not supported"))
                    .with_hint(format!("{range} goes from {min} to {max}")),
            );
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let grid = Board::new(
        def.board_shape,
        &dims.iter().map(|&d| d as usize).collect::<Vec<_>>(),
        &[],
    );
    let mut blocked = Vec::new();
    for b in &def.blocked {
        match board::parse_coordinates(&b.node).filter(|&(x, y)| grid.on_board(x, y)) {
            Some(xy) => blocked.push(xy),
            None => errors.push(
                Diagnostic::error(b.span, format!("`{}` is not a cell of this board", b.node))
                    .with_hint(
                    "name a cell such as `d4`: column letter, then row number from 1 at the bottom",
                ),
            ),
        }
    }
    let mut board = Board::new(
        def.board_shape,
        &dims.iter().map(|&d| d as usize).collect::<Vec<_>>(),
        &blocked,
    );
    let cell_named = |errors: &mut Vec<Diagnostic>, id: &crate::ast::Ident, board: &Board| {
        let c = board.parse_cell(&id.node);
        if c.is_none() {
            errors.push(
                Diagnostic::error(id.span, format!("`{}` is not a cell of this board", id.node))
                    .with_hint("name a cell such as `d4`: column letter, then row number from 1 at the bottom (blocked squares are off the board)"),
            );
        }
        c
    };
    for (name, cells) in &def.regions {
        if board.region_index(&name.node).is_some() {
            errors.push(
                Diagnostic::error(
                    name.span,
                    format!("region `{}` is already an edge of this board", name.node),
                )
                .with_hint("give the region another name"),
            );
            continue;
        }
        let list: Vec<Cell> = cells
            .iter()
            .filter_map(|c| cell_named(&mut errors, c, &board))
            .collect();
        if board.region_names().len() >= 32 {
            errors.push(
                Diagnostic::error(name.span, "too many regions")
                    .with_hint("a board has at most 32 edges and regions"),
            );
            continue;
        }
        board.add_region(&name.node, &list);
    }

    // Pieces and setup.
    let pieces: Vec<Piece> = def
        .pieces
        .iter()
        .enumerate()
        .map(|(i, p)| Piece {
            name: p.name.clone(),
            neutral: p.neutral,
            frozen_on_own_edges: def.frozen.contains(&i),
        })
        .collect();
    let mut setup: Vec<(Cell, usize, Option<usize>)> = Vec::new();
    for s in &def.setups {
        let cells: Vec<Cell> = match &s.at {
            SetupCells::Rows(a, b) => {
                let (lo, hi) = (value(&a.node), value(&b.node));
                if lo < 1 || hi > board.height as i64 || lo > hi {
                    errors.push(
                        Diagnostic::error(
                            Span::new(a.span.start, b.span.end),
                            format!("rows {lo} to {hi} are not rows of this board"),
                        )
                        .with_hint(format!("its rows go from 1 to {}", board.height)),
                    );
                    continue;
                }
                board
                    .cells()
                    .filter(|&c| {
                        let y = board.xy(c).1 as i64 + 1;
                        (lo..=hi).contains(&y)
                    })
                    .collect()
            }
            SetupCells::Cells(list) => list
                .iter()
                .filter_map(|c| cell_named(&mut errors, c, &board))
                .collect(),
        };
        for c in cells {
            if setup.iter().any(|&(d, k, _)| d == c && k == s.piece) {
                errors.push(
                    Diagnostic::error(
                        s.span,
                        format!("{} gets two {}s", board.cell_name(c), pieces[s.piece].name),
                    )
                    .with_hint("a cell holds one piece of each kind"),
                );
                break;
            }
            setup.push((c, s.piece, s.owner));
        }
    }

    // Goals and edges.
    let mut own = [0u32; 2];
    for e in &def.edges {
        let bit = board
            .region_index(&e.name)
            .expect("checked: edge names exist");
        own[e.owner] |= 1 << bit;
    }
    let mut connect = Connect {
        adjacency: Adjacency::Orthogonal,
        own,
    };
    let mut connect_goal = false;
    let mut race = false;
    for g in &def.goals {
        match g.node {
            Goal::ConnectOwnEdges { adjacency } => {
                connect_goal = true;
                connect.adjacency = adjacency.unwrap_or(if board.is_hex() {
                    Adjacency::All
                } else {
                    Adjacency::Orthogonal
                });
                if board.is_hex() && connect.adjacency == Adjacency::Diagonal {
                    errors.push(
                        Diagnostic::error(g.span, "hex cells have no diagonal neighbours")
                            .with_hint(
                                "leave the adjacency out: hex cells link through their six sides",
                            ),
                    );
                }
            }
            Goal::CrossingRace => race = true,
        }
    }

    // Conditions.
    let compile_pred = |p: &PosPred| -> Pred {
        fn go(p: &PosPred, value: &dyn Fn(&Expr) -> i64, board: &Board) -> Pred {
            match p {
                PosPred::Count {
                    whose,
                    piece,
                    cmp,
                    value: v,
                } => Pred::Count {
                    whose: *whose,
                    piece: *piece,
                    cmp: *cmp,
                    value: value(v),
                },
                PosPred::Separates {
                    whose,
                    piece,
                    counted,
                } => Pred::Separates {
                    whose: *whose,
                    piece: *piece,
                    counted: match counted {
                        CountedDef::Pieces(k) => Counted::Pieces(*k),
                        CountedDef::Region(r) => Counted::Region(
                            board.region_index(r).expect("checked: the region exists") as u32,
                        ),
                    },
                },
                PosPred::NoMove => Pred::NoMove,
                PosPred::Not(x) => Pred::Not(Box::new(go(x, value, board))),
                PosPred::And(v) => Pred::And(v.iter().map(|x| go(x, value, board)).collect()),
                PosPred::Or(v) => Pred::Or(v.iter().map(|x| go(x, value, board)).collect()),
            }
        }
        go(p, &value, &board)
    };
    let turns: Vec<Turn> = def
        .turns
        .iter()
        .map(|t| {
            let steps: Vec<StepRule> = t.steps.clone();
            let independent = match steps.as_slice() {
                [first, second] => {
                    let changed = match first {
                        StepRule::Place { piece, .. }
                        | StepRule::Slide { piece, .. }
                        | StepRule::Line { piece, .. } => *piece,
                    };
                    let mut reads = Vec::new();
                    match second {
                        StepRule::Place { target, .. } => target.reads(&mut reads),
                        StepRule::Slide { through, piece } => {
                            through.reads(&mut reads);
                            reads.push(Some(*piece));
                        }
                        StepRule::Line { piece, .. } => reads.push(Some(*piece)),
                    }
                    // Glyphs read the first piece kind.
                    if !def.glyphs.is_empty() {
                        reads.push(Some(0));
                    }
                    !matches!(first, StepRule::Line { .. })
                        && reads.iter().all(|r| *r != Some(changed) && r.is_some())
                }
                _ => true,
            };
            Turn {
                guard: t.guard.as_ref().map(compile_pred),
                steps,
                independent,
            }
        })
        .collect();
    let checks: Vec<Check> = def
        .checks
        .iter()
        .map(|c| Check {
            result: c.result,
            cond: compile_pred(&c.cond),
        })
        .collect();
    let simple = turns.len() == 1
        && turns[0].guard.is_none()
        && pieces.len() == 1
        && setup.is_empty()
        && matches!(
            turns[0].steps.as_slice(),
            [StepRule::Place {
                piece: 0,
                target: CellPred::Empty
            }]
        );

    // Glyphs.
    let mut glyphs = Vec::new();
    let mut orbits: Vec<(Vec<Pattern>, crate::ast::Colours)> = Vec::new();
    for g in &def.glyphs {
        let orbit = match glyph::orbit(g, board.is_hex()) {
            Ok(o) => o,
            Err(msg) => {
                errors.push(Diagnostic::error(g.span, msg).with_hint(
                    "on a hex board, draw each row half a cell (one column) to the right of the row below, symbols two columns apart",
                ));
                continue;
            }
        };
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
    let ply_limit = def
        .ply_limit
        .as_ref()
        .map(|e| value(&e.node).clamp(1, u32::MAX as i64) as u32);
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok((
        Rules {
            name: def.name.clone(),
            designer: def.designer.clone(),
            year: def.year,
            about: def.about.clone(),
            params,
            players: def.players.clone(),
            board,
            pieces,
            setup,
            turns,
            simple,
            glyphs,
            matchers,
            connect,
            connect_goal,
            race,
            checks,
            ply_limit,
            swap: def.swap,
            no_move: def.no_move,
            claims,
        },
        warnings,
    ))
}
