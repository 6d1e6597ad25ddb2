//! Semantic checks: from the spanned syntax tree to a `GameDef` whose names all
//! resolve, or the full list of what is wrong, each problem anchored to its text.
//!
//! Checks that depend on parameter values (a board too small, a glyph that cannot
//! fit) happen in `compile`, once the values are known.

use crate::ast::*;
use crate::diagnostic::{Diagnostic, Span, Spanned};
use crate::glyph::Sym;

/// A parameter as declared.
#[derive(Debug, Clone)]
pub struct ParamDef {
    pub name: String,
    pub default: i64,
    pub min: i64,
    pub max: i64,
    pub doc: Option<String>,
    pub span: Span,
}

/// An edge (a named region of the board) and the player who owns it.
#[derive(Debug, Clone)]
pub struct EdgeDef {
    pub name: String,
    pub owner: usize,
    pub span: Span,
}

/// A checked glyph: a rectangular picture of known symbols with at least one stone.
#[derive(Debug, Clone)]
pub struct GlyphDef {
    pub name: String,
    pub symmetry: Symmetry,
    pub colours: Colours,
    /// Rows top first.
    pub rows: Vec<Vec<Sym>>,
    pub span: Span,
}

/// A checked step of a turn.
#[derive(Debug, Clone, Copy)]
pub enum StepDef {
    Place { piece: usize, target: Target },
}

/// A checked rule file, before parameter values are known.
#[derive(Debug, Clone)]
pub struct GameDef {
    pub name: String,
    pub designer: Option<String>,
    pub year: Option<i64>,
    pub about: Vec<String>,
    pub params: Vec<ParamDef>,
    pub players: Vec<String>,
    pub board_shape: BoardShape,
    pub board_size: Spanned<Expr>,
    pub board_span: Span,
    pub edges: Vec<EdgeDef>,
    pub pieces: Vec<String>,
    pub turn: Vec<StepDef>,
    pub glyphs: Vec<GlyphDef>,
    pub goals: Vec<Spanned<Goal>>,
    pub swap: bool,
    pub no_move: NoMove,
    pub claims: Vec<Spanned<ClaimDecl>>,
}

/// The edges a board shape has.
pub fn edge_names(shape: BoardShape) -> &'static [&'static str] {
    match shape {
        BoardShape::Square => &["top", "bottom", "left", "right"],
    }
}

/// The statements a file must have, with what to write when one is missing.
const REQUIRED: &[(&str, &str)] = &[
    ("game", "game \"Name\""),
    ("players", "players black white"),
    ("board", "board square 9"),
    ("turn", "turn: place stone on empty"),
    ("win", "win: connect own edges"),
];

struct Checker {
    diagnostics: Vec<Diagnostic>,
}

impl Checker {
    fn error(&mut self, span: Span, message: impl Into<String>, hint: impl Into<String>) {
        self.diagnostics
            .push(Diagnostic::error(span, message).with_hint(hint));
    }
}

/// Checks a parsed file. Returns the game, or every problem found.
pub fn check(ast: &Ast) -> Result<GameDef, Vec<Diagnostic>> {
    let mut c = Checker {
        diagnostics: Vec::new(),
    };
    let mut seen: Vec<(&'static str, Span)> = Vec::new();
    let mut once = |c: &mut Checker, kind: &'static str, span: Span| {
        if seen.iter().any(|(k, _)| *k == kind) {
            c.error(
                span,
                format!("a second `{kind}` statement"),
                format!("a file has one `{kind}` statement; remove this one or the first"),
            );
            false
        } else {
            seen.push((kind, span));
            true
        }
    };

    let mut name = None;
    let mut designer = None;
    let mut year = None;
    let mut about = Vec::new();
    let mut params: Vec<ParamDef> = Vec::new();
    let mut players: Option<Vec<Ident>> = None;
    let mut board: Option<(Spanned<BoardShape>, Spanned<Expr>, Span)> = None;
    let mut pieces: Vec<Ident> = Vec::new();
    let mut swap = false;
    let mut no_move = NoMove::Skip;
    let mut goals = Vec::new();
    let mut claims: Vec<Spanned<ClaimDecl>> = Vec::new();

    // First pass: declarations, so that later references resolve whatever the order.
    for st in &ast.statements {
        let span = st.span;
        match &st.node {
            Statement::Game(s) => {
                if once(&mut c, "game", span) {
                    name = Some(s.node.clone());
                }
            }
            Statement::Designer { name: n, year: y } => {
                if once(&mut c, "designer", span) {
                    designer = Some(n.node.clone());
                    if let Some(y) = y {
                        year = Some(y.node);
                    }
                }
            }
            Statement::Year(y) => {
                if once(&mut c, "year", span) {
                    year = Some(y.node);
                }
            }
            Statement::About(s) => about.push(s.node.clone()),
            Statement::Param {
                name: n,
                default,
                range,
                doc,
            } => {
                if params.iter().any(|p| p.name == n.node) {
                    c.error(
                        n.span,
                        format!("parameter `{}` is declared twice", n.node),
                        "give each parameter its own name",
                    );
                    continue;
                }
                let (min, max) = match range {
                    Some((lo, hi)) => {
                        if lo.node > hi.node {
                            c.error(
                                Span::new(lo.span.start, hi.span.end),
                                format!("empty range {} to {}", lo.node, hi.node),
                                "write the smaller bound first",
                            );
                        }
                        (lo.node, hi.node)
                    }
                    None => (i64::MIN, i64::MAX),
                };
                if default.node < min || default.node > max {
                    c.error(
                        default.span,
                        format!(
                            "the default {} of `{}` is out of its range {} to {}",
                            default.node, n.node, min, max
                        ),
                        "pick a default inside the range",
                    );
                }
                params.push(ParamDef {
                    name: n.node.clone(),
                    default: default.node,
                    min,
                    max,
                    doc: doc.as_ref().map(|d| d.node.clone()),
                    span: n.span,
                });
            }
            Statement::Players(list) => {
                if once(&mut c, "players", span) {
                    players = Some(list.clone());
                }
            }
            Statement::Board { shape, size } => {
                if once(&mut c, "board", span) {
                    board = Some((shape.clone(), size.clone(), span));
                }
            }
            Statement::Piece(p) => {
                if pieces.iter().any(|q| q.node == p.node) {
                    c.error(
                        p.span,
                        format!("piece `{}` is declared twice", p.node),
                        "declare each piece once",
                    );
                } else {
                    pieces.push(p.clone());
                }
            }
            Statement::Swap => {
                if once(&mut c, "swap", span) {
                    swap = true;
                }
            }
            Statement::NoMove(p) => {
                if once(&mut c, "no move", span) {
                    no_move = p.node;
                }
            }
            Statement::Win(g) => {
                if goals.is_empty() {
                    goals.push(g.clone());
                } else {
                    c.error(
                        g.span,
                        "a second `win` goal",
                        "a game has one connection goal; remove this one or the first",
                    );
                }
            }
            Statement::Claim(claim) => {
                if let ClaimDecl::LengthAtMost(e) = &claim.node {
                    if let Expr::Param(p) = &e.node {
                        if !ast.statements.iter().any(
                            |s| matches!(&s.node, Statement::Param { name, .. } if &name.node == p),
                        ) {
                            c.error(
                                e.span,
                                format!("unknown parameter `{p}`"),
                                "use a number or a declared parameter",
                            );
                        }
                    }
                }
                if claims.iter().any(|d| d.node == claim.node) {
                    c.error(claim.span, "the same claim twice", "state each claim once");
                } else {
                    claims.push(claim.clone());
                }
            }
            Statement::Unknown(word) => {
                let hint = match closest(&word.node, KEYWORDS) {
                    Some(k) => format!("did you mean `{k}`?"),
                    None => format!("statements begin with one of: {}", KEYWORDS.join(", ")),
                };
                c.error(
                    word.span,
                    format!("unknown statement `{}`", word.node),
                    hint,
                );
            }
            Statement::Edges { .. } | Statement::Turn(_) | Statement::Forbid(_) => {}
        }
    }

    for (kind, example) in REQUIRED {
        let present = match *kind {
            "win" => !goals.is_empty(),
            "turn" => ast
                .statements
                .iter()
                .any(|s| matches!(s.node, Statement::Turn(_))),
            _ => seen.iter().any(|(k, _)| k == kind),
        } || ast.unparsed.iter().any(|w| w == kind);
        if !present {
            c.error(
                Span::new(0, 0),
                format!("the file has no `{kind}` statement"),
                format!("add a line such as `{example}`"),
            );
        }
    }

    // Players.
    let mut player_names: Vec<String> = Vec::new();
    if let Some(list) = &players {
        for p in list {
            if player_names.contains(&p.node) {
                c.error(
                    p.span,
                    format!("player `{}` is named twice", p.node),
                    "give each player its own name",
                );
            } else {
                player_names.push(p.node.clone());
            }
        }
        if list.len() != 2 && player_names.len() == list.len() {
            let span = Span::new(list[0].span.start, list[list.len() - 1].span.end);
            c.error(
                span,
                format!("{} players named; weft plays two-player games", list.len()),
                "name exactly two players, the first to move first: `players black white`",
            );
        }
    }
    let player_list = if player_names.is_empty() {
        "no players are declared".to_string()
    } else {
        format!("the players are {}", quoted_list(&player_names))
    };

    // Board size: a number or a declared parameter.
    let shape = board.as_ref().map_or(BoardShape::Square, |b| b.0.node);
    if let Some((_, size, _)) = &board {
        if let Expr::Param(p) = &size.node {
            if !params.iter().any(|d| &d.name == p) {
                c.error(
                    size.span,
                    format!("unknown parameter `{p}`"),
                    param_hint(&params, p),
                );
            }
        }
    }

    // Edges.
    let mut edges: Vec<EdgeDef> = Vec::new();
    let mut glyphs: Vec<GlyphDef> = Vec::new();
    let mut turn: Vec<StepDef> = Vec::new();
    let mut glyph_names: Vec<&str> = Vec::new();
    let mut unknown_owner = false;
    let piece_names: Vec<String> = pieces.iter().map(|p| p.node.clone()).collect();
    for st in &ast.statements {
        match &st.node {
            Statement::Edges {
                edges: names,
                owner,
            } => {
                let owner_idx = player_names.iter().position(|p| *p == owner.node);
                unknown_owner |= owner_idx.is_none();
                if owner_idx.is_none() && players.is_some() {
                    let hint = match closest(&owner.node, &as_strs(&player_names)) {
                        Some(p) => format!("did you mean `{p}`? {player_list}"),
                        None => player_list.clone(),
                    };
                    c.error(owner.span, format!("unknown player `{}`", owner.node), hint);
                }
                for e in names {
                    let known = edge_names(shape);
                    if !known.contains(&e.node.as_str()) {
                        let hint = match closest(&e.node, known) {
                            Some(k) => format!(
                                "did you mean `{k}`? a square board's edges are {}",
                                quoted_list(known)
                            ),
                            None => format!("a square board's edges are {}", quoted_list(known)),
                        };
                        c.error(e.span, format!("unknown edge `{}`", e.node), hint);
                        continue;
                    }
                    if let Some(prev) = edges.iter().find(|d| d.name == e.node) {
                        let who = player_names.get(prev.owner).cloned().unwrap_or_default();
                        c.error(
                            e.span,
                            format!("edge `{}` is given twice", e.node),
                            format!("it already belongs to `{who}`; an edge has one owner"),
                        );
                        continue;
                    }
                    if let Some(o) = owner_idx {
                        edges.push(EdgeDef {
                            name: e.node.clone(),
                            owner: o,
                            span: e.span,
                        });
                    }
                }
            }
            Statement::Turn(steps) => {
                if !turn.is_empty() {
                    c.error(
                        st.span,
                        "a second `turn` statement",
                        "a file has one `turn` statement; remove this one or the first",
                    );
                    continue;
                }
                for step in steps {
                    match &step.node {
                        Step::Place { piece, target } => {
                            match piece_names.iter().position(|p| *p == piece.node) {
                                Some(i) => turn.push(StepDef::Place {
                                    piece: i,
                                    target: target.node,
                                }),
                                None => {
                                    let hint = if piece_names.is_empty() {
                                        format!("declare it first: `piece {}`", piece.node)
                                    } else {
                                        match closest(&piece.node, &as_strs(&piece_names)) {
                                            Some(p) => format!("did you mean `{p}`?"),
                                            None => format!(
                                                "the pieces are {}",
                                                quoted_list(&piece_names)
                                            ),
                                        }
                                    };
                                    c.error(
                                        piece.span,
                                        format!("unknown piece `{}`", piece.node),
                                        hint,
                                    );
                                }
                            }
                        }
                    }
                }
            }
            Statement::Forbid(g) => {
                if glyph_names.contains(&g.name.node.as_str()) {
                    c.error(
                        g.name.span,
                        format!("glyph \"{}\" is declared twice", g.name.node),
                        "give each glyph its own name",
                    );
                    continue;
                }
                glyph_names.push(&g.name.node);
                if let Some(def) = check_glyph(&mut c, g) {
                    glyphs.push(def);
                }
            }
            _ => {}
        }
    }

    // Every player needs an edge to connect when the goal is to connect own edges.
    for g in &goals {
        match g.node {
            Goal::ConnectOwnEdges { .. } => {
                for (i, p) in player_names.iter().enumerate() {
                    if !edges.iter().any(|e| e.owner == i)
                        && player_names.len() == 2
                        && !unknown_owner
                    {
                        c.error(
                            g.span,
                            format!("player `{p}` owns no edges, so it cannot connect them"),
                            format!("give `{p}` its edges, e.g. `edges left right: {p}`"),
                        );
                    }
                }
            }
        }
    }

    // A statement that did not parse may be missing here without an error of its own
    // (its syntax error was reported): never hand on a game without it.
    let (Some((shape, size, board_span)), false, false) =
        (board, goals.is_empty(), turn.is_empty())
    else {
        return Err(c.diagnostics);
    };
    if !c.diagnostics.is_empty() || !ast.unparsed.is_empty() {
        return Err(c.diagnostics);
    }
    Ok(GameDef {
        name: name.unwrap_or_default(),
        designer,
        year,
        about,
        params,
        players: player_names,
        board_shape: shape.node,
        board_size: size,
        board_span,
        edges,
        pieces: piece_names,
        turn,
        glyphs,
        goals,
        swap,
        no_move,
        claims,
    })
}

fn check_glyph(c: &mut Checker, g: &Glyph) -> Option<GlyphDef> {
    let mut ok = true;
    if g.rows.is_empty() {
        c.error(
            g.name.span,
            format!("glyph \"{}\" has no picture", g.name.node),
            "draw it on the indented lines below, e.g. `  X O` and `  O X`",
        );
        return None;
    }
    let width = g.rows[0].node.len();
    let mut rows = Vec::new();
    let mut stones = 0;
    for row in &g.rows {
        if row.node.len() != width {
            c.error(
                row.span,
                format!(
                    "ragged picture: this row of glyph \"{}\" has {} symbols, the first row has {}",
                    g.name.node,
                    row.node.len(),
                    width
                ),
                "every row of a picture has the same number of symbols; use `?` for \"anything\"",
            );
            ok = false;
        }
        let mut out = Vec::new();
        for s in &row.node {
            match Sym::from_char(s.node) {
                Some(sym) => {
                    if sym.is_stone() {
                        stones += 1;
                    }
                    out.push(sym)
                }
                None => {
                    c.error(
                        s.span,
                        format!("unknown symbol `{}` in glyph \"{}\"", s.node, g.name.node),
                        "the symbols are X and O (stones of the two colours), . (empty), x (not X), o (not O), ? (anything)",
                    );
                    ok = false;
                }
            }
        }
        rows.push(out);
    }
    if ok && stones == 0 {
        c.error(
            g.picture_span,
            format!("glyph \"{}\" has no stone", g.name.node),
            "a glyph needs at least one X or O: it is tested where a stone is placed",
        );
        ok = false;
    }
    ok.then(|| GlyphDef {
        name: g.name.node.clone(),
        symmetry: g.symmetry.as_ref().map_or(Symmetry::All, |s| s.node),
        colours: g.colours.as_ref().map_or(Colours::Swap, |s| s.node),
        rows,
        span: g.name.span,
    })
}

const KEYWORDS: &[&str] = &[
    "game", "designer", "year", "about", "param", "players", "board", "edges", "piece", "turn",
    "forbid", "win", "swap", "no", "claim",
];

fn as_strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

fn quoted_list<S: AsRef<str>>(items: &[S]) -> String {
    let q: Vec<String> = items.iter().map(|s| format!("`{}`", s.as_ref())).collect();
    match q.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {}", init.join(", "), last),
    }
}

fn param_hint(params: &[ParamDef], name: &str) -> String {
    let names: Vec<&str> = params.iter().map(|p| p.name.as_str()).collect();
    match closest(name, &names) {
        Some(p) => format!("did you mean `{p}`?"),
        None if names.is_empty() => {
            format!("declare it first: `param {name} = 9 in 2 to 26`")
        }
        None => format!("the parameters are {}", quoted_list(&names)),
    }
}

/// The candidate nearest to `word` by edit distance, if it is near enough to be a typo.
pub fn closest<'a>(word: &str, candidates: &[&'a str]) -> Option<&'a str> {
    candidates
        .iter()
        .map(|c| (edit_distance(word, c), *c))
        .filter(|(d, c)| *d <= 2.max(c.len() / 3) && *d < c.len())
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != *cb);
            cur.push((prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}
