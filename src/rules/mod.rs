//! The compiled rules: everything about one game at fixed parameter values that play
//! reads and never changes. Built only by `lang::compile` (so nothing downstream
//! re-validates), shared between threads behind an `Arc`.
//!
//! The layer owns its own vocabulary ([`vocab`]), the board's geometry ([`board`]) and
//! the glyphs' compiled matchers ([`glyph`]): they are precomputed once per game and
//! only read afterwards. The engine imports this layer; this layer imports nothing of
//! the language or the engine.

pub mod board;
pub mod cell_table;
pub mod content;
pub mod describe;
pub mod forbidden;
pub mod glyph;
pub mod vocab;

use board::{Board, Cell};
use glyph::Matchers;
pub use vocab::*;

/// A parameter and the value in force.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Param {
    pub name: String,
    pub value: i64,
    pub default: i64,
    pub min: i64,
    pub max: i64,
    /// The values run from `min` by this step.
    pub step: i64,
    pub doc: Option<String>,
}

impl Param {
    /// Whether `v` is one of the parameter's values.
    pub fn allows(&self, v: i64) -> bool {
        // In 128 bits: `v - min` can pass the 64-bit range.
        v >= self.min
            && v <= self.max
            && (i128::from(v) - i128::from(self.min)) % i128::from(self.step) == 0
    }

    /// The values in words: `2 to 26`, or `3 to 25 by 2`.
    pub fn range_words(&self) -> String {
        if self.step == 1 {
            format!("{} to {}", self.min, self.max)
        } else {
            format!("{} to {} by {}", self.min, self.max, self.step)
        }
    }
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

/// The regions each player owns and the adjacency of the groups the engine keeps
/// incrementally (the union-find of placement games): the first goal's.
#[derive(Debug, Clone)]
pub struct Connect {
    pub adjacency: Adjacency,
    /// For each player, the regions (bits) it owns: a connection must touch them all; a
    /// crossing enters one; frozen pieces stand on one.
    pub own: [u32; 2],
    /// For each player, the cells in a region it owns, as bit words (bit `c % 64` of
    /// word `c / 64`): the crossing race counts the pieces on them, and line moves
    /// freeze pieces there.
    pub own_words: [Vec<u64>; 2],
}

/// A kind of piece, compiled. Each kind is its own layer of the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece {
    pub name: String,
    pub neutral: bool,
    /// Pieces of this kind on one of their owner's edges never move and cannot be captured.
    pub frozen_on_own_edges: bool,
}

/// A piece on the board at the start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SetupPiece {
    pub cell: Cell,
    /// The piece kind (its layer).
    pub kind: usize,
    /// The player who owns it; `None` for a neutral piece.
    pub owner: Option<usize>,
}

/// A turn: its guard (`while ...`) and its one or two steps.
#[derive(Debug, Clone)]
pub struct Turn {
    pub guard: Option<Pred>,
    /// The guard as the engine evaluates it ([`Pred::cheapest_first`]).
    pub(crate) guard_plan: Option<Pred>,
    /// Whether the first step may be left out (`optionally`).
    pub optional: bool,
    /// Whether the player may pass instead (`, or pass`), and the colour the passer
    /// then takes (`to play PLAYER`; it moves next).
    pub pass: Option<PassRule>,
    pub steps: Vec<StepRule>,
    /// Whether the second step's choices do not depend on the first step (it reads no
    /// piece kind the first step changes): random play then counts them once.
    pub independent: bool,
}

impl Turn {
    /// Whether random play draws the turn's moves apart: an independent "slide (or
    /// not), then place" with no pass, and no glyph looking at the whole turn
    /// (`glyphs_after_turn`), whose moves are every choice of the slide times every
    /// legal placement (`engine::sample`).
    pub fn drawn_apart(&self, glyphs_after_turn: bool) -> bool {
        matches!(
            self.steps.as_slice(),
            [StepRule::Slide { .. }, StepRule::Place { .. }]
        ) && self.independent
            && !glyphs_after_turn
            && self.pass.is_none()
    }
}

/// A turn's pass (`, or pass to play white`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PassRule {
    /// The colour the passer takes, which moves next; `None`: the turn simply passes.
    pub takes: Option<usize>,
}

/// A rule with a condition: at the start of every turn (`at turn start: win if ...`,
/// the verdict for the player to move) or right after every move (`after move: win if
/// ...`, for the player who moved).
#[derive(Debug, Clone)]
pub struct ConditionRule {
    pub verdict: Verdict,
    /// The condition as the file writes it (descriptions show it so).
    pub cond: Pred,
    /// The condition as the engine evaluates it ([`Pred::cheapest_first`]).
    pub(crate) plan: Pred,
}

/// How the engine tests one goal for the player who just placed a stone of the
/// union-find's kind: precomputed per player so the per-move test is a mask or a flag.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GoalTest {
    /// The new stone's group makes a region goal (the union-find's roots carry the
    /// regions).
    Regions(RegionGoal),
    /// The new stone closed a ring (decided around it before the groups join).
    RingAroundStone,
    /// Looked at on the whole position.
    Anywhere,
    /// Never decided here (the crossing race, or a connection needing no region).
    Never,
}

/// One goal in the order the engine tries them for a player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GoalStep {
    /// The goal's index in `Rules::goals`.
    pub index: u16,
    pub test: GoalTest,
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
    /// Pieces on the board at the start.
    pub(crate) setup: Vec<SetupPiece>,
    pub(crate) turns: Vec<Turn>,
    /// The fast path: one unguarded turn that places the first piece kind on an empty
    /// cell, one piece kind, no setup.
    pub(crate) simple: bool,
    pub(crate) glyphs: Vec<GlyphInfo>,
    /// Matchers for a piece of the first kind of player 0 and of player 1.
    pub(crate) matchers: [Matchers; 2],
    /// Whether glyphs are tested on the position after the whole turn, around every
    /// cell that changed (turns that move or capture pieces), rather than at each
    /// placement of the first kind.
    pub(crate) glyphs_after_turn: bool,
    /// Matchers of every occurrence covering a cell (for `glyphs_after_turn`).
    pub(crate) covering: Matchers,
    pub(crate) connect: Connect,
    /// The goals, `win:` and `lose:`, in file order.
    pub(crate) goals: Vec<GoalRule>,
    /// For each player, the goals that count for it in the order they are tried (every
    /// `win:` before any `lose:`), each with its incremental test.
    pub(crate) goal_plan: [Vec<GoalStep>; 2],
    /// The fastest path (Hex, Crossway, Crosswind, Y): simple placements whose only test
    /// after the move is one region goal per player, with no ring, capture, ko, both-win
    /// or after-move rule; per player its goal.
    pub(crate) plain_goal: Option<[PlainGoal; 2]>,
    /// Whether the engine keeps the groups of the first piece kind in a union-find
    /// (placement games with a connection or ring goal).
    pub(crate) track_groups: bool,
    /// Whether a ring goal is decided around the new stone (its adjacency is the
    /// union-find's).
    pub(crate) ring_around_stone: bool,
    /// Whether the game has a crossing race.
    pub(crate) race: bool,
    /// Whether some condition reads piece counts: the position then keeps them per
    /// move rather than counting a layer at each reading.
    pub(crate) keep_counts: bool,
    /// Whether line moves, separations or the crossing race read the position as bit
    /// sets: the position then keeps them (`engine::planes`) with its cells.
    pub(crate) keep_planes: bool,
    /// The piece kind whose placements on any cell without one (`place disk on no
    /// disk`, the cell alone deciding) a turn drawn apart (`Turn::drawn_apart`)
    /// draws, when the rules are not simple and keep their planes: the position then
    /// keeps the cells free of that kind as a list (`engine::free_cells`) and the
    /// draw picks from it. The first such kind.
    pub(crate) free_listed: Option<usize>,
    /// Whether some turn is drawn apart (`Turn::drawn_apart`): random play then asks
    /// each move's turn whether it is.
    pub(crate) some_drawn_apart: bool,
    /// The piece kinds whose groups a condition asks to separate pieces: the position
    /// keeps, for each and each player, the regions of the board without that
    /// player's pieces of the kind and, on boards that allow it, its groups and their
    /// edges (`engine::separation::KeptSide`): most such tests end on a look at the
    /// few pieces' regions, the rest on a search of that small graph. (A separation of a
    /// region's cells, as Omny's stars, is tested from scratch: the labels would need
    /// the regions' sizes to answer it, so they would only cost their upkeep.)
    pub(crate) separated: Vec<usize>,
    pub(crate) turn_start: Vec<ConditionRule>,
    /// How many of the turn-start checks, the first ones, are asked at every turn
    /// start. Those after them can each hold only when the mover has no move
    /// (`Pred::holds_only_without_move`), so they are asked when the mover is found to
    /// have none, still after the first ones and in file order
    /// (`State::no_move_status`).
    pub(crate) asked_at_turn_start: usize,
    pub(crate) after_move: Vec<ConditionRule>,
    /// Capture by surrounding, if the game has it.
    pub(crate) capture: Option<CaptureRule>,
    pub(crate) ko: Ko,
    /// When set, goals are checked for both players after every move, and this
    /// decides a move that makes both players' winning shapes.
    pub(crate) both_win: Option<BothWin>,
    pub(crate) ply_limit: Option<u32>,
    pub(crate) swap: bool,
    pub(crate) no_move: NoMove,
    pub(crate) claims: Vec<ClaimRule>,
}

/// A group touching at least `need` of the regions in `want`: the test after each
/// placement of a connection goal, on the general path and the fastest one alike.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RegionGoal {
    want: Regions,
    need: u32,
    /// Whether every region in `want` is needed (Hex's two edges, Y's three sides): the
    /// test is then a mask comparison, without counting bits (made once, in `new`).
    all: bool,
}

impl RegionGoal {
    pub fn new(want: Regions, need: u32) -> RegionGoal {
        RegionGoal {
            want,
            need,
            all: need == want.count_ones(),
        }
    }

    /// Whether a group touching `regions` makes the goal.
    #[inline(always)]
    pub fn made(self, regions: Regions) -> bool {
        let have = regions & self.want;
        if self.all {
            have == self.want
        } else {
            have.count_ones() >= self.need
        }
    }
}

/// A player's goal on the fastest path (`Rules::plain_goal`): its region test and the
/// goal's index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PlainGoal {
    pub test: RegionGoal,
    pub index: u16,
}

impl Rules {
    /// Compiles the cell conditions of every step to truth tables where they fit
    /// (see [`cell_table`]); their meaning is unchanged.
    pub(crate) fn table_cell_conditions(&mut self) {
        let kinds = self.pieces.len();
        let board = &self.board;
        let tabled = |c: &CellPred| match c.tabled(kinds) {
            CellPred::Table(mut t) => {
                std::sync::Arc::make_mut(&mut t).place_on(board);
                CellPred::Table(t)
            }
            other => other,
        };
        for turn in &mut self.turns {
            for step in &mut turn.steps {
                match step {
                    StepRule::Place { target, .. } => *target = tabled(target),
                    StepRule::Slide { through, onto, .. } => {
                        // The same condition twice (a slide that stops where it may
                        // pass, the usual rule) becomes one shared table.
                        let same = onto == through;
                        *through = tabled(through);
                        *onto = if same { through.clone() } else { tabled(onto) };
                    }
                    StepRule::Line { .. } => {}
                }
            }
        }
    }

    /// The `asked_at_turn_start` of rules whose turn-start checks are set: all but
    /// the last ones that can hold only without a move.
    pub(crate) fn derive_asked_at_turn_start(&self) -> usize {
        let only_without_move = (self.turn_start.iter().rev())
            .take_while(|c| c.cond.holds_only_without_move())
            .count();
        self.turn_start.len() - only_without_move
    }

    /// Whether a placement of `kind` is decided by its cell alone (no glyph is
    /// matched at each placement of it and no capture rule moves it).
    pub(crate) fn placed_by_cell_alone(&self, kind: usize) -> bool {
        let glyphs = kind == 0 && !self.glyphs.is_empty() && !self.glyphs_after_turn;
        !glyphs && self.capture.is_none_or(|c| c.piece != kind)
    }

    /// The `free_listed` kind of rules whose other fields (the cell conditions as
    /// tables included) are set.
    pub(crate) fn derive_free_listed(&self) -> Option<usize> {
        if self.simple || !self.keep_planes {
            return None;
        }
        let apart = self
            .turns
            .iter()
            .filter(|t| t.drawn_apart(self.glyphs_after_turn));
        apart.flat_map(|t| &t.steps).find_map(|s| match s {
            StepRule::Place { piece, target, .. }
                if target.is_free_of(*piece) && self.placed_by_cell_alone(*piece) =>
            {
                Some(*piece)
            }
            _ => None,
        })
    }

    /// The `plain_goal` of rules whose other fields are set: `Some` only where the
    /// general path would do nothing after a placement but that one mask test.
    pub(crate) fn derive_plain_goal(&self) -> Option<[PlainGoal; 2]> {
        let plain = self.simple
            && self.track_groups
            && !self.ring_around_stone
            && self.capture.is_none()
            && self.ko == Ko::None
            && self.both_win.is_none()
            && self.after_move.is_empty()
            && self.separated.is_empty()
            && !self.keep_counts;
        if !plain {
            return None;
        }
        let one = |p: usize| match self.goal_plan[p][..] {
            [GoalStep {
                index,
                test: GoalTest::Regions(test),
            }] => Some(PlainGoal { test, index }),
            _ => None,
        };
        Some([one(0)?, one(1)?])
    }

    /// The glyph matchers for stones of `colour` (0 or 1).
    pub fn matchers(&self, colour: usize) -> &glyph::Matchers {
        &self.matchers[colour]
    }

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
    /// The pieces on the board at the start.
    pub fn setup(&self) -> &[SetupPiece] {
        &self.setup
    }
    /// The rules checked at the start of every turn, in file order.
    pub fn turn_start_rules(&self) -> &[ConditionRule] {
        &self.turn_start
    }
    /// The rules checked right after every move, in file order.
    pub fn after_move_rules(&self) -> &[ConditionRule] {
        &self.after_move
    }
    /// The goals, in file order.
    pub fn goals(&self) -> &[GoalRule] {
        &self.goals
    }
    /// Whether a goal is a connection or a ring (a shape of groups).
    pub fn has_connect_goal(&self) -> bool {
        self.goals
            .iter()
            .any(|g| matches!(g.goal, Goal::Connect { .. } | Goal::Ring { .. }))
    }
    /// Whether the game has a crossing race.
    pub fn has_race(&self) -> bool {
        self.race
    }
    /// The declared ply limit (a separate kind of draw).
    pub fn ply_limit(&self) -> Option<u32> {
        self.ply_limit
    }
    /// Whether every move places pieces and nothing ever moves or leaves the board.
    pub fn is_placement_only(&self) -> bool {
        self.capture.is_none()
            && self
                .turns
                .iter()
                .all(|t| t.steps.iter().all(|s| matches!(s, StepRule::Place { .. })))
    }
    /// Capture by surrounding, if the game has it.
    pub fn capture(&self) -> Option<CaptureRule> {
        self.capture
    }
    /// The repetition rule.
    pub fn ko(&self) -> Ko {
        self.ko
    }
    /// What a move that makes both players' winning shapes decides, when goals are
    /// checked for both players.
    pub fn both_win(&self) -> Option<BothWin> {
        self.both_win
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
}
