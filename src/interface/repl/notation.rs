//! How moves are written, told from the game's own turns: each turn's shape (its
//! steps: a placement `CELL`, a piece moved `FROM-TO`, a line `REAR:FRONT-TO`, two steps
//! joined by a comma) with a real example found by playing, `swap` and `pass` only
//! where the rules have them. It answers `help moves` and `rules`, text that is not a
//! move (naming a blocked or missing cell), and a move cut short (the first step of a
//! two-step turn alone).

use super::session::Res;
use super::*;
use crate::engine::state::{DrawKind, Illegal, Outcome, Step};
use crate::rules::board::{column_name, parse_coordinates};
use crate::rules::{BoardShape, NoMove, StepRule};

/// The kind of one step, as its notation shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// `CELL`
    Place,
    /// `FROM-TO`
    Move,
    /// `REAR:FRONT-TO`
    Line,
}

/// A piece's name in the plural (English rules; `man` gives `men`).
pub(super) fn plural(name: &str) -> String {
    if let Some(stem) = name.strip_suffix("man") {
        format!("{stem}men")
    } else if name.ends_with('s')
        || name.ends_with('x')
        || name.ends_with("ch")
        || name.ends_with("sh")
    {
        format!("{name}es")
    } else if name.ends_with('y')
        && !name.ends_with("ay")
        && !name.ends_with("ey")
        && !name.ends_with("oy")
    {
        format!("{}ies", &name[..name.len() - 1])
    } else {
        format!("{name}s")
    }
}

/// The kinds of a move's steps (none for the swap and a pass).
fn kinds(mv: Move) -> Vec<Kind> {
    let (steps, n) = mv.steps();
    steps[..n]
        .iter()
        .map(|s| match s {
            Step::Place(_) => Kind::Place,
            Step::Move { .. } => Kind::Move,
            Step::Line { .. } => Kind::Line,
        })
        .collect()
}

/// The kinds a step rule is written as (a line of one piece is written `FROM-TO`).
fn step_kinds(rule: &StepRule) -> &'static [Kind] {
    match rule {
        StepRule::Place { .. } => &[Kind::Place],
        StepRule::Slide { .. } => &[Kind::Move],
        StepRule::Line { .. } => &[Kind::Line, Kind::Move],
    }
}

/// Every shape of move a turn accepts: its steps' kinds, and a slide that stays put
/// left out.
fn shapes(steps: &[StepRule]) -> Vec<Vec<Kind>> {
    match steps {
        [r] => step_kinds(r).iter().map(|&k| vec![k]).collect(),
        [r0, r1] => {
            let mut out: Vec<Vec<Kind>> = step_kinds(r0)
                .iter()
                .flat_map(|&a| step_kinds(r1).iter().map(move |&b| vec![a, b]))
                .collect();
            if matches!(r0, StepRule::Slide { .. }) {
                out.extend(step_kinds(r1).iter().map(|&b| vec![b]));
            }
            out
        }
        _ => Vec::new(),
    }
}

impl Session {
    /// The word for a cell of this board: a point, a square or a cell.
    fn cell_word(&self) -> &'static str {
        match self.rules.board().shape {
            BoardShape::Square => "point",
            BoardShape::Rectangle => "square",
            _ => "cell",
        }
    }

    /// The turn that applies now, told from the first legal move's shape.
    fn current_turn(&self) -> Option<usize> {
        let mv = self
            .state()
            .legal_moves()
            .into_iter()
            .find(|m| !matches!(m, Move::Swap | Move::Pass))?;
        let k = kinds(mv);
        self.rules
            .turns()
            .iter()
            .position(|t| shapes(&t.steps).contains(&k))
    }

    /// A legal move of this shape that `keep` accepts, in notation: from the current
    /// position, else the start, else a random game from the start (fixed seed).
    fn example(&self, shape: &[Kind], keep: &dyn Fn(Move) -> bool) -> Option<String> {
        let pick = |s: &State| {
            let fits: Vec<Move> = s
                .legal_moves()
                .into_iter()
                .filter(|&m| kinds(m) == shape && keep(m))
                .collect();
            fits.get(fits.len() / 2).map(|m| m.to_text(&self.rules))
        };
        if let Some(m) = pick(self.state()) {
            return Some(m);
        }
        let mut s = State::new(self.rules.clone());
        let mut rng = Rng::new(1);
        for _ in 0..400 {
            if let Some(m) = pick(&s) {
                return Some(m);
            }
            let mv = s.random_move(&mut rng)?;
            s.play_unchecked(mv);
        }
        None
    }

    /// One step in words: `place a disk`, `slide a pawn`, `move a line of men`.
    fn step_words(&self, rule: &StepRule) -> String {
        let piece = &self.rules.pieces()[rule.piece()].name;
        match rule {
            StepRule::Place { .. } => format!("place a {piece}"),
            StepRule::Slide { .. } => format!("slide a {piece}"),
            StepRule::Line { .. } => format!("move a line of {}", plural(piece)),
        }
    }

    /// How one shape is written: `a point such as e5`, `FROM-TO,CELL such as
    /// d4-d6,e5` (without the example when none is found).
    fn shape_words(&self, steps: &[StepRule], shape: &[Kind]) -> String {
        let word = self.cell_word();
        let pattern = match shape {
            [Kind::Place] => format!("a {word}"),
            _ => shape
                .iter()
                .map(|k| match k {
                    Kind::Place => word.to_uppercase(),
                    Kind::Move => "FROM-TO".into(),
                    Kind::Line => "REAR:FRONT-TO".into(),
                })
                .collect::<Vec<_>>()
                .join(","),
        };
        let mut out = match self.example(shape, &|_| true) {
            Some(e) => format!("as {pattern} such as {e}"),
            None => format!("as {pattern}"),
        };
        if shape == [Kind::Line] {
            out.push_str(" (the line from its rear to its front moves until the front is on TO)");
        }
        if steps.len() == 2 && shape.len() == 1 {
            let piece = &self.rules.pieces()[steps[0].piece()].name;
            out = format!(
                "the second step alone if the {piece} stays put, {}",
                out.trim_start_matches("as ")
            );
        }
        if shape == [Kind::Move] && matches!(steps, [StepRule::Line { .. }]) {
            let piece = &self.rules.pieces()[steps[0].piece()].name;
            out = format!("{out} for a single {piece}");
        }
        out
    }

    /// One turn in words: what it does, and how each of its shapes is written, e.g.
    /// `"place a stone", written as a point such as e5`.
    fn turn_words(&self, index: usize) -> String {
        let turn = &self.rules.turns()[index];
        let what: Vec<String> = turn.steps.iter().map(|r| self.step_words(r)).collect();
        let how: Vec<String> = shapes(&turn.steps)
            .iter()
            .map(|shape| self.shape_words(&turn.steps, shape))
            .collect();
        format!(
            "\"{}\", written {}",
            what.join(", then "),
            how.join(", or ")
        )
    }

    /// How cells are named, e.g. `columns a to i, rows 1 to 9`.
    fn naming(&self) -> String {
        let b = self.rules.board();
        let mut out = format!(
            "columns a to {}, rows 1 to {}",
            column_name(b.width.saturating_sub(1)),
            b.height
        );
        if b.is_hex() {
            out.push_str("; the columns run up and to the right");
        }
        out
    }

    /// `swap` and `pass`, where the rules have them.
    fn swap_and_pass(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.rules.has_swap() {
            out.push("`swap` on the second player's first turn (instead of a move: take over the first move and its colour)".to_string());
        }
        if self.rules.no_move() == NoMove::Skip {
            out.push("`pass` when there is no other move".to_string());
        }
        out
    }

    /// `help moves`: every turn's notation with an example, then `swap` and `pass`.
    pub(super) fn notation_help(&self) -> String {
        let mut out = format!(
            "how to write a move (a {} is its column letter and row number: {}):\n",
            self.cell_word(),
            self.naming()
        );
        let turns = self.rules.turns();
        let now = self.current_turn();
        for (i, t) in turns.iter().enumerate() {
            let when = match &t.guard {
                Some(g) => format!("while {}: ", self.rules.describe_pred(g)),
                None if turns.len() > 1 => "otherwise: ".to_string(),
                None => String::new(),
            };
            let mark = if now == Some(i) && turns.len() > 1 {
                " (the turn now)"
            } else {
                ""
            };
            out.push_str(&format!("  {when}{}{mark}\n", self.turn_words(i)));
        }
        for l in self.swap_and_pass() {
            out.push_str(&format!("  {l}\n"));
        }
        out.push_str("  several moves on one line are played in turn, e.g. `c3 d4`\n");
        out
    }

    /// How to write a move now, in one phrase: the current turn, and `swap` or `pass`
    /// if legal now.
    pub(super) fn how_to_write(&self) -> String {
        let s = self.state();
        let mut out = match self.current_turn() {
            Some(turn) => format!("this turn is {}", self.turn_words(turn)),
            None if !self.rules.turns().is_empty() => {
                let all: Vec<String> = (0..self.rules.turns().len())
                    .map(|i| self.turn_words(i))
                    .collect();
                format!("a turn is {}", all.join("; or "))
            }
            None => String::new(),
        };
        out.push_str(&format!(" ({})", self.naming()));
        for (mv, word) in [(Move::Swap, "`swap`"), (Move::Pass, "`pass`")] {
            if !s.is_over() && s.is_legal(mv).is_ok() {
                out.push_str(&format!("; or {word}"));
            }
        }
        out
    }

    /// Why a word meant as a cell is not one: not a name, off the board, or blocked.
    pub(super) fn off_board(&self, text: &str) -> String {
        let b = self.rules.board();
        let Some((x, y)) = parse_coordinates(text) else {
            return format!(
                "`{text}` is not a {} (a column letter and a row number, e.g. {})",
                self.cell_word(),
                b.cell_name(b.cells().next().unwrap_or(0))
            );
        };
        let name = format!("{}{}", column_name(x.max(0) as usize), y + 1);
        if x >= 0 && y >= 0 && (x as usize) < b.width && (y as usize) < b.height {
            let id = (y as usize * b.width + x as usize) as crate::rules::board::Cell;
            if b.blocked().contains(&id) {
                return format!("{name} is a blocked {}", self.cell_word());
            }
            let column: Vec<String> = b
                .cells()
                .filter(|&c| b.xy(c).0 == x)
                .map(|c| b.cell_name(c))
                .collect();
            if let (Some(lo), Some(hi)) = (column.first(), column.last()) {
                return format!(
                    "{name} is not on the board: column {} runs from {lo} to {hi}",
                    column_name(x as usize)
                );
            }
        }
        format!(
            "{name} is not on the board (columns a to {}, rows 1 to {})",
            column_name(b.width.saturating_sub(1)),
            b.height
        )
    }

    /// The message for text that is not a move: a cell it names that is not one, or
    /// how moves are written here.
    pub(super) fn not_a_move(&self, text: &str) -> String {
        let text = text.trim();
        let steps: Vec<&str> = text.split(',').collect();
        if steps.len() > 2 {
            return format!(
                "`{text}` is not a move: a move has at most two steps, joined by a comma; {}",
                self.how_to_write()
            );
        }
        for step in &steps {
            for token in step.split(['-', ':']) {
                let token = token.trim();
                if token.chars().any(|c| c.is_ascii_digit())
                    && self.rules.board().parse_cell(token).is_none()
                {
                    return format!("`{text}` is not a move: {}", self.off_board(token));
                }
            }
        }
        format!("`{text}` is not a move: {}", self.how_to_write())
    }

    /// Why a move in notation is illegal here: a move cut short says what is missing;
    /// a move of the wrong shape says how this turn is written; after the end of a
    /// placement game, whether the move would have been allowed.
    pub(super) fn illegal(&self, mv: Move, e: &Illegal) -> String {
        let text = mv.to_text(&self.rules);
        // Where the game ended because the mover could not move, say what the move
        // would have met anyway.
        let stuck = |o: &Outcome| {
            matches!(
                o,
                Outcome::Stopped(_) | Outcome::Draw(DrawKind::NoMove | DrawKind::Deadlock)
            )
        };
        if let Illegal::GameOver(o) = e {
            if let (Move::Place(c), true, true) = (mv, self.rules.is_placement_only(), stuck(o)) {
                let s = self.state();
                let mover = &self.rules.players()[s.to_move()];
                let still = match s.placement_problem(c, s.to_move()) {
                    Some(p) => format!("even so, {}", p.describe(&self.rules)),
                    None => format!("yet {mover} could place there"),
                };
                return format!("{text} is illegal: {}; {still}", e.describe(&self.rules));
            }
        }
        if let Some(missing) = self.missing_step(mv) {
            return missing;
        }
        let fits = self
            .current_turn()
            .is_none_or(|t| shapes(&self.rules.turns()[t].steps).contains(&kinds(mv)));
        if matches!(e, Illegal::Shape(_)) || !fits && !matches!(mv, Move::Swap | Move::Pass) {
            return format!("{text} does not fit this turn: {}", self.how_to_write());
        }
        format!("{text} is illegal: {}", e.describe(&self.rules))
    }

    /// For the first step of a two-step turn written alone: what is missing.
    fn missing_step(&self, mv: Move) -> Option<String> {
        let index = self.current_turn()?;
        let turn = &self.rules.turns()[index];
        let [r0, r1] = turn.steps.as_slice() else {
            return None;
        };
        let k = kinds(mv);
        let given = *k.first()?;
        if k.len() != 1 || !step_kinds(r0).contains(&given) {
            return None;
        }
        // A slide that stays put is left out: a lone step of the second kind is whole.
        if matches!(r0, StepRule::Slide { .. }) && step_kinds(r1).contains(&given) {
            return None;
        }
        let (steps, _) = mv.steps();
        let first = steps[0];
        let full: Vec<Kind> = vec![given, step_kinds(r1)[0]];
        let example = self
            .example(&full, &|m| m.steps().0[0] == first)
            .or_else(|| self.example(&full, &|_| true));
        let piece = &self.rules.pieces()[r1.piece()].name;
        let second = match r1 {
            StepRule::Place { .. } => format!("the {piece}'s {}", self.cell_word()),
            _ => format!("the {piece}'s move"),
        };
        let done = match r0 {
            StepRule::Place { piece, .. } => {
                format!("placing the {}", self.rules.pieces()[*piece].name)
            }
            StepRule::Slide { .. } => "the slide".to_string(),
            StepRule::Line { .. } => "the line's move".to_string(),
        };
        let mut out = format!(
            "`{}` is only the first step: this turn is {}, then {}; after {done}, write a comma and {second}",
            mv.to_text(&self.rules),
            self.step_words(r0),
            self.step_words(r1)
        );
        if let Some(e) = example {
            out.push_str(&format!(", e.g. `{e}`"));
        }
        Some(out)
    }

    /// Reads a move for a command (`why`, `picture --why`), explaining text that is not
    /// one.
    pub(super) fn parse_move(&self, text: &str) -> Res<Move> {
        Move::parse(text, &self.rules).map_err(|_| self.not_a_move(text))
    }
}
