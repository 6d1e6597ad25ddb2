//! The words of the compiled rules: every type the engine reads to play a game, defined
//! here and not borrowed from the language. The validator (`lang::validate`) builds
//! these values from the syntax tree with every name resolved to an index, and the
//! compiler (`lang::compile`) fixes the amounts that depend on parameters
//! ([`Pred::map_amounts`]); the engine and the tools see nothing else.

use std::fmt;

/// The board shapes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BoardShape {
    /// `square N`: N x N points (or squares).
    Square,
    /// `rectangle W by H`: W columns and H rows.
    Rectangle,
    /// `hexagon S`: a hexagon of hexagonal cells, S cells a side.
    Hexagon,
    /// `rhombus W by H`: a W x H rhombus of hexagonal cells (the board of Hex).
    Rhombus,
    /// `triangle N`: a triangle of hexagonal cells, N cells a side (the board of Y).
    Triangle,
}

/// Which neighbours count as adjacent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Adjacency {
    Orthogonal,
    Diagonal,
    All,
}

impl Adjacency {
    /// The words a rule file uses for it.
    pub fn words(self) -> &'static str {
        match self {
            Adjacency::Orthogonal => "orthogonally",
            Adjacency::Diagonal => "diagonally",
            Adjacency::All => "in all directions",
        }
    }
}

/// Whose pieces a count or a separation looks at, from the mover's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Whose {
    Own,
    Enemy,
    Anyone,
}

impl Whose {
    /// `own `, `enemy ` or nothing, ready to go before a piece's name.
    pub fn prefix(self) -> &'static str {
        match self {
            Whose::Own => "own ",
            Whose::Enemy => "enemy ",
            Whose::Anyone => "",
        }
    }
}

/// A comparison.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cmp {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
}

impl Cmp {
    /// Whether `a <op> b` holds.
    pub fn holds(self, a: i64, b: i64) -> bool {
        match self {
            Cmp::Lt => a < b,
            Cmp::Le => a <= b,
            Cmp::Gt => a > b,
            Cmp::Ge => a >= b,
            Cmp::Eq => a == b,
            Cmp::Ne => a != b,
        }
    }

    /// The operator as written: `<`, `<=`, ...
    pub fn symbol(self) -> &'static str {
        match self {
            Cmp::Lt => "<",
            Cmp::Le => "<=",
            Cmp::Gt => ">",
            Cmp::Ge => ">=",
            Cmp::Eq => "=",
            Cmp::Ne => "!=",
        }
    }
}

/// What a rule decides for the player to move when its condition holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Verdict {
    Win,
    Lose,
    Draw,
}

impl Verdict {
    /// `win`, `lose`, `draw`.
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Win => "win",
            Verdict::Lose => "lose",
            Verdict::Draw => "draw",
        }
    }
}

/// What happens to a player with no legal move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum NoMove {
    /// The turn passes (a forced pass move); a draw when neither player can move.
    #[default]
    Skip,
    /// The player loses.
    Lose,
    /// A designer's claim that it never happens: if it does, the game stops, the claim broken.
    Impossible,
    /// The game is drawn.
    Draw,
}

/// A condition on one cell, from the mover's point of view, with piece kinds as
/// indices. Example (as written): `empty or own disk and no pawn`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum CellPred {
    /// No piece at all.
    Empty,
    /// No piece of the kind.
    No(usize),
    /// A piece of the kind that the mover owns.
    Own(usize),
    /// A piece of the kind that the opponent owns.
    Enemy(usize),
    /// A piece of the kind, whoever owns it.
    Any(usize),
    /// A cell of one of the regions (a bit per region).
    In(u32),
    Not(Box<CellPred>),
    And(Vec<CellPred>),
    Or(Vec<CellPred>),
    /// A condition compiled to a truth table (see [`CellTable`]); it means its tree.
    /// Shared, so that a slide's two conditions, when the same, are one table (and
    /// known to be the same by its address).
    Table(std::sync::Arc<CellTable>),
}

impl CellPred {
    /// The piece kinds the condition reads (`None` in the list means "every kind").
    pub fn reads(&self, out: &mut Vec<Option<usize>>) {
        match self {
            CellPred::Empty => out.push(None),
            CellPred::No(k) | CellPred::Own(k) | CellPred::Enemy(k) | CellPred::Any(k) => {
                out.push(Some(*k))
            }
            CellPred::In(_) => {}
            CellPred::Not(c) => c.reads(out),
            CellPred::And(v) | CellPred::Or(v) => v.iter().for_each(|c| c.reads(out)),
            CellPred::Table(t) => t.tree.reads(out),
        }
    }
}

/// The most piece kinds and region sets a [`CellTable`] reads.
pub(crate) const KINDS: usize = 3;
pub(crate) const REGION_SETS: usize = 2;

/// A cell condition's truth table, with the condition itself (for describing it):
/// built and read in `rules/cell_table.rs`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CellTable {
    pub tree: CellPred,
    pub(crate) kinds: [u8; KINDS],
    pub(crate) nkinds: u8,
    pub(crate) regions: [u32; REGION_SETS],
    pub(crate) nregions: u8,
    /// Per mover, bit `i` of the 256: the condition's value at index `i`.
    pub(crate) bits: [[u64; 4]; 2],
    /// Per mover, where the table is a product of one condition per thing it reads
    /// (`no pawn and not enemy disk`: the pawn layer empty, the disk layer not the
    /// enemy's): for each kind read, the contents allowed (bit `v` for content `v`),
    /// and for each region set read, whether a cell may lie outside it (bit 0) and
    /// inside it (bit 1). The cells meeting it are then a few planes combined.
    pub(crate) product: [Option<Product>; 2],
    /// The kind whose cells without a piece are exactly the cells meeting the table,
    /// whoever moves (`no disk`), if there is one: worked out once, for the samplers'
    /// placement shortcut (`CellPred::is_free_of`), which asks at every draw.
    pub(crate) free_of: Option<u8>,
    /// Per region set read, the board's cells inside it as bit words (set when the
    /// rules are compiled for a board: `CellTable::place_on`).
    pub(crate) inside: Vec<Vec<u64>>,
}

/// A [`CellTable`] that is a product: what each kind and region set read allows, and
/// the kinds' part as planes to combine (`ops`, the first `nops`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Product {
    pub kinds: [u8; KINDS],
    pub regions: [u8; REGION_SETS],
    pub ops: [PlaneOp; 2 * KINDS],
    pub nops: u8,
}

/// One step of reading the cells that meet a product's kinds from a position's bit
/// planes, starting from the whole board: keep (`keep`) or take away the cells of
/// layer `kind` holding `content` (1 to 3; 0: holding any piece). A kind's contents
/// allowed take at most two steps (`no pawn`: take away any pawn; `not enemy disk`:
/// take away the enemy's disks; `own disk`: keep the own disks).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PlaneOp {
    pub kind: u8,
    pub content: u8,
    pub keep: bool,
}

/// What a separation counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Counted {
    /// Pieces of a kind.
    Pieces(usize),
    /// The cells of the board's region with this bit.
    Region(u32),
    /// Every cell of the board.
    AllCells,
}

/// A condition on the whole position, from the mover's point of view. `A` is the type
/// of the amounts compared with counts: the validator leaves them as expressions over
/// the parameters, the compiler fixes them to numbers ([`Pred::map_amounts`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Pred<A = i64> {
    /// `count own disk >= 3`
    Count {
        whose: Whose,
        piece: usize,
        cmp: Cmp,
        value: A,
    },
    /// `own disk separates pawn`: a connected group of the pieces such that every region
    /// left when its cells are removed holds at most half of the counted things.
    Separates {
        whose: Whose,
        piece: usize,
        counted: Counted,
    },
    /// The player to move has no legal move.
    NoMove,
    /// `passes = 0`: the passes that turns' `or pass` allowed so far, compared.
    Passes {
        cmp: Cmp,
        value: A,
    },
    Not(Box<Pred<A>>),
    And(Vec<Pred<A>>),
    Or(Vec<Pred<A>>),
}

impl<A> Pred<A> {
    /// Whether the condition reads a piece count anywhere (`count own disk >= 3`).
    pub fn reads_counts(&self) -> bool {
        self.has_term(&|p| matches!(p, Pred::Count { .. }))
    }

    /// Whether the condition tests a separation anywhere (`own disk separates pawn`).
    pub fn reads_separation(&self) -> bool {
        self.has_term(&|p| matches!(p, Pred::Separates { .. }))
    }

    /// The piece kinds whose groups the condition's separations of pieces (`... separates
    /// pawn`, not a region's cells) are made of, added to `out` (once each).
    pub fn separated_kinds(&self, out: &mut Vec<usize>) {
        match self {
            Pred::Separates {
                piece,
                counted: Counted::Pieces(_),
                ..
            } if !out.contains(piece) => out.push(*piece),
            Pred::Not(x) => x.separated_kinds(out),
            Pred::And(v) | Pred::Or(v) => v.iter().for_each(|x| x.separated_kinds(out)),
            _ => {}
        }
    }

    /// Whether some term of the condition (not a `not`, `and` or `or`) passes `test`.
    fn has_term(&self, test: &impl Fn(&Pred<A>) -> bool) -> bool {
        match self {
            Pred::Not(x) => x.has_term(test),
            Pred::And(v) | Pred::Or(v) => v.iter().any(|x| x.has_term(test)),
            term => test(term),
        }
    }

    /// The same condition with every amount replaced by `f(amount)`.
    pub fn map_amounts<B>(&self, f: &dyn Fn(&A) -> B) -> Pred<B> {
        match self {
            Pred::Count {
                whose,
                piece,
                cmp,
                value,
            } => Pred::Count {
                whose: *whose,
                piece: *piece,
                cmp: *cmp,
                value: f(value),
            },
            Pred::Separates {
                whose,
                piece,
                counted,
            } => Pred::Separates {
                whose: *whose,
                piece: *piece,
                counted: *counted,
            },
            Pred::NoMove => Pred::NoMove,
            Pred::Passes { cmp, value } => Pred::Passes {
                cmp: *cmp,
                value: f(value),
            },
            Pred::Not(x) => Pred::Not(Box::new(x.map_amounts(f))),
            Pred::And(v) => Pred::And(v.iter().map(|x| x.map_amounts(f)).collect()),
            Pred::Or(v) => Pred::Or(v.iter().map(|x| x.map_amounts(f)).collect()),
        }
    }

    /// How costly the condition is to evaluate, roughly: 0 for counts and passes, 1
    /// when it looks for a legal move, 2 when it tests a separation; a `not`, `and` or
    /// `or` costs its dearest term's.
    pub fn cost(&self) -> u8 {
        match self {
            Pred::Passes { .. } | Pred::Count { .. } => 0,
            Pred::NoMove => 1,
            Pred::Separates { .. } => 2,
            Pred::Not(x) => x.cost(),
            Pred::And(v) | Pred::Or(v) => v.iter().map(Pred::cost).max().unwrap_or(0),
        }
    }

    /// Whether the condition can hold only when the player has no move: `no move`
    /// itself, an `and` with such a term, an `or` of such terms only.
    pub fn holds_only_without_move(&self) -> bool {
        match self {
            Pred::NoMove => true,
            Pred::And(v) => v.iter().any(Pred::holds_only_without_move),
            Pred::Or(v) => !v.is_empty() && v.iter().all(Pred::holds_only_without_move),
            _ => false,
        }
    }

    /// The same condition with the terms of every `and` and `or` cheapest first (a
    /// stable order: terms of equal cost keep theirs). A condition has no effect, so
    /// the order changes no answer; evaluated left to right with the usual shortcut,
    /// `... separates ... and no move` then rarely tests the separation.
    pub fn cheapest_first(&self) -> Pred<A>
    where
        A: Clone,
    {
        let sorted = |v: &[Pred<A>]| {
            let mut v: Vec<Pred<A>> = v.iter().map(Pred::cheapest_first).collect();
            v.sort_by_key(Pred::cost);
            v
        };
        match self {
            Pred::Not(x) => Pred::Not(Box::new(x.cheapest_first())),
            Pred::And(v) => Pred::And(sorted(v)),
            Pred::Or(v) => Pred::Or(sorted(v)),
            term => term.clone(),
        }
    }

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

/// How far a slide goes. `A` is the type of the amounts, as in [`Pred`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Distance<A = u32> {
    /// One cell or more, as far as the way allows.
    Any,
    /// From one cell up to this many.
    UpTo(A),
    /// Exactly this many cells.
    Exactly(A),
    /// Exactly as many cells as there are pieces of the kind (of `whose`) on the whole
    /// line of the move: the row, column or diagonal through the moving piece, both
    /// ways, the piece itself included.
    LineCount { whose: Whose, piece: usize },
}

impl<A> Distance<A> {
    /// The same distance with its amount replaced by `f(amount)`.
    pub fn map_amount<B>(&self, f: &dyn Fn(&A) -> B) -> Distance<B> {
        match self {
            Distance::Any => Distance::Any,
            Distance::UpTo(a) => Distance::UpTo(f(a)),
            Distance::Exactly(a) => Distance::Exactly(f(a)),
            Distance::LineCount { whose, piece } => Distance::LineCount {
                whose: *whose,
                piece: *piece,
            },
        }
    }
}

/// One step of a turn. `A` is the type of the amounts (slide distances), as in [`Pred`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum StepRule<A = u32> {
    /// Put a piece of the mover's colour (or a neutral piece; or of `owner`'s colour,
    /// whoever moves) on a cell that meets `target`.
    Place {
        piece: usize,
        target: CellPred,
        owner: Option<usize>,
    },
    /// Move one piece (own, or neutral) one or more cells in one straight line, as far
    /// as `distance` says: every cell it passes meets `through`, the cell it ends on
    /// meets `onto`. It never ends on a piece of its kind unless an enemy's, which it
    /// captures.
    Slide {
        piece: usize,
        distance: Distance<A>,
        through: CellPred,
        onto: CellPred,
    },
    /// Move a run of k own movable pieces along its own axis across k (or, `up_to`, 1 to
    /// k) empty cells; with `capture`, the enemy piece beyond the front is removed when
    /// the enemy run from it is shorter than k.
    Line {
        piece: usize,
        up_to: bool,
        capture: bool,
    },
}

impl<A> StepRule<A> {
    /// The same step with its amounts replaced by `f(amount)`.
    pub fn map_amounts<B>(&self, f: &dyn Fn(&A) -> B) -> StepRule<B> {
        match self {
            StepRule::Place {
                piece,
                target,
                owner,
            } => StepRule::Place {
                piece: *piece,
                target: target.clone(),
                owner: *owner,
            },
            StepRule::Slide {
                piece,
                distance,
                through,
                onto,
            } => StepRule::Slide {
                piece: *piece,
                distance: distance.map_amount(f),
                through: through.clone(),
                onto: onto.clone(),
            },
            StepRule::Line {
                piece,
                up_to,
                capture,
            } => StepRule::Line {
                piece: *piece,
                up_to: *up_to,
                capture: *capture,
            },
        }
    }

    /// The piece kind the step puts down or moves.
    pub fn piece(&self) -> usize {
        match self {
            StepRule::Place { piece, .. }
            | StepRule::Slide { piece, .. }
            | StepRule::Line { piece, .. } => *piece,
        }
    }
}

/// Forbidden repetition of positions (`ko: ...`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Ko {
    /// Positions may repeat.
    #[default]
    None,
    /// A move may not recreate the position before the opponent's last move.
    Simple,
    /// A move may not recreate any earlier position of the game (the board alone).
    Superko,
}

/// What a move that makes both players' winning shapes at once decides (`both win:`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BothWin {
    Draw,
    /// The player who moved wins.
    Mover,
}

/// Capture by surrounding (`capture: surrounded stone`): after a move, enemy groups of
/// `piece` linked by `adjacency` with no empty neighbour are removed; then the mover's
/// own such group is removed (`suicide`) or makes the move illegal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CaptureRule {
    pub piece: usize,
    pub adjacency: Adjacency,
    pub suicide: bool,
}

/// A designer's claim about every game, checked by random play; it never changes play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ClaimRule<A = u32> {
    /// `claim: no draws`
    NoDraws,
    /// `claim: no passes`: the mover always has a move other than a forced pass.
    NoPasses,
    /// `claim: length at most N`
    LengthAtMost(A),
}

impl fmt::Display for ClaimRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClaimRule::NoDraws => f.write_str("no draws"),
            ClaimRule::NoPasses => f.write_str("no passes"),
            ClaimRule::LengthAtMost(n) => write!(f, "length at most {n}"),
        }
    }
}

/// A set of the board's regions, a bit per region (see `Board::region_names`).
pub type Regions = u32;

/// What a group must touch to make a connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Touch {
    /// Every region the player owns (`connect own edges`).
    OwnEdges,
    /// At least `need` of `regions` (`connect 2 of corners`; `connect top bottom` needs
    /// all of them).
    Some { regions: Regions, need: u32 },
}

/// A shape that ends the game when the player who just moved makes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Goal {
    /// A group of the player's pieces of `piece`, linked by `adjacency`, that touches
    /// the regions.
    Connect {
        piece: usize,
        touch: Touch,
        adjacency: Adjacency,
    },
    /// A closed chain of the player's pieces of `piece`, linked by `adjacency`, around
    /// at least one cell, whatever the cells inside hold.
    Ring { piece: usize, adjacency: Adjacency },
    /// All of the player's pieces of `piece` (at least one) in one group linked by
    /// `adjacency`.
    OneGroup { piece: usize, adjacency: Adjacency },
    /// A piece entering one of its owner's edges is a crossing; the opponent must answer
    /// with a crossing on their very next move or lose.
    CrossingRace,
}

impl Goal {
    /// The piece kind whose groups the goal looks at (none for the race).
    pub fn piece(&self) -> Option<usize> {
        match self {
            Goal::Connect { piece, .. }
            | Goal::Ring { piece, .. }
            | Goal::OneGroup { piece, .. } => Some(*piece),
            Goal::CrossingRace => None,
        }
    }

    /// The adjacency that links the goal's groups.
    pub fn adjacency(&self) -> Option<Adjacency> {
        match self {
            Goal::Connect { adjacency, .. }
            | Goal::Ring { adjacency, .. }
            | Goal::OneGroup { adjacency, .. } => Some(*adjacency),
            Goal::CrossingRace => None,
        }
    }
}

/// A goal with what it decides: the verdict for the player who made it (`win:` or
/// `lose:`), for which player it counts (`win for white:`; `None`: either), and the
/// words it was written with (an ending names the goal that decided it).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct GoalRule {
    pub verdict: Verdict,
    pub player: Option<usize>,
    pub goal: Goal,
    pub text: String,
}

impl GoalRule {
    /// Whether the rule counts for `colour`.
    pub fn applies_to(&self, colour: usize) -> bool {
        self.player.is_none_or(|p| p == colour)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Windborne's losing rule and a nested `or`: every `and` and `or` is sorted by
    /// cost, terms of equal cost keep their order, and `not` keeps its place.
    #[test]
    fn cheapest_first_sorts_every_level_stably() {
        let count = |value| Pred::Count {
            whose: Whose::Anyone,
            piece: 1,
            cmp: Cmp::Ge,
            value,
        };
        let separates = Pred::Separates {
            whose: Whose::Enemy,
            piece: 0,
            counted: Counted::Pieces(1),
        };
        let lose = Pred::And(vec![count(3), separates.clone(), Pred::NoMove]);
        assert_eq!(
            lose.cheapest_first(),
            Pred::And(vec![count(3), Pred::NoMove, separates.clone()])
        );
        let nested = Pred::Or(vec![
            Pred::Not(Box::new(Pred::And(vec![separates.clone(), count(1)]))),
            count(2),
            Pred::NoMove,
            count(4),
        ]);
        assert_eq!(
            nested.cheapest_first(),
            Pred::Or(vec![
                count(2),
                count(4),
                Pred::NoMove,
                Pred::Not(Box::new(Pred::And(vec![count(1), separates]))),
            ])
        );
        assert_eq!(nested.cost(), 2);
        assert_eq!(Pred::<i64>::And(vec![]).cost(), 0);
    }

    /// A condition holds only without a move where every way it can hold needs `no
    /// move`: Windborne's losing rule does, its winning rule, a `not` and an `or` with
    /// one term free of `no move` do not.
    #[test]
    fn holds_only_without_move_needs_no_move_on_every_way() {
        let count = Pred::Count {
            whose: Whose::Anyone,
            piece: 1,
            cmp: Cmp::Ge,
            value: 3,
        };
        let separates = Pred::Separates {
            whose: Whose::Enemy,
            piece: 0,
            counted: Counted::Pieces(1),
        };
        let lose = Pred::And(vec![count.clone(), separates.clone(), Pred::NoMove]);
        let win = Pred::And(vec![count.clone(), separates.clone()]);
        assert!(lose.holds_only_without_move());
        assert!(Pred::<i64>::NoMove.holds_only_without_move());
        assert!(Pred::Or(vec![lose.clone(), Pred::NoMove]).holds_only_without_move());
        assert!(!win.holds_only_without_move());
        assert!(!Pred::Not(Box::new(Pred::<i64>::NoMove)).holds_only_without_move());
        assert!(!Pred::Or(vec![lose, count]).holds_only_without_move());
        assert!(!Pred::<i64>::Or(vec![]).holds_only_without_move());
        assert!(Pred::And(vec![separates, Pred::Or(vec![Pred::NoMove])]).holds_only_without_move());
    }
}
