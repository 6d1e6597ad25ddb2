//! A one-line meaning for every word of the language, in the words of
//! `docs/LANGUAGE.md`, shown beside completions and on hover. The grammar's own rule
//! documentation (`lang::grammar::rule_doc`) adds the detail on hover; a test checks
//! that every word the grammar has is here, so a new keyword is described when added.

/// The one-line meaning of a word of the language.
pub fn meaning(word: &str) -> Option<&'static str> {
    WORDS.iter().find(|(w, _)| *w == word).map(|(_, m)| *m)
}

/// The words and their meanings.
pub const WORDS: &[(&str, &str)] = &[
    ("about", "a line of free text about the game, shown by `weft rules`: `about \"...\"`"),
    ("all", "`symmetry all`: every rotation and reflection (the default); `in all directions`: every neighbour links"),
    ("and", "both conditions hold (`and` binds tighter than `or`)"),
    ("at", "`at turn start: win|lose|draw if CONDITION`: a check at the start of every turn"),
    ("blocked", "cells taken off the board: `blocked c4 e4`"),
    ("board", "the board's shape and size: `board square N`, `rectangle W by H`, `hexagon S`, `rhombus W by H`"),
    ("by", "between a board's width and height: `rectangle 8 by 8`"),
    ("capture", "`capture if longer`: a line captures the enemy piece beyond its front when the enemy run is shorter"),
    ("claim", "a designer's claim checked in every random game: `claim: no draws`, `no passes`, `length at most N`"),
    ("colors", "`colors swap` or `colors fixed`: whether X may be either player (same as `colours`)"),
    ("colours", "`colours swap` (X is either player, the default) or `colours fixed` (X is the first player)"),
    ("connect", "`connect own edges`: win with a chain of your pieces touching every edge you own"),
    ("count", "`count [own|enemy] PIECE < N`: the number of pieces of a kind on the board, compared"),
    ("crossing", "`crossing race into own edges`: a piece entering its owner's edge must be answered at once"),
    ("designer", "who designed the game, and optionally the year: `designer \"Name\" 2024`"),
    ("diagonally", "pieces link through their 4 diagonal neighbours (square boards)"),
    ("directions", "`in all directions`: pieces link through all their neighbours (8 square, 6 hex)"),
    ("draw", "the game is drawn"),
    ("draws", "`claim: no draws`: no game ends in a draw"),
    ("edges", "gives edges of the board to a player: `edges top bottom: PLAYER`"),
    ("empty", "a cell with no piece of any kind"),
    ("enemy", "the opponent's (of the player to move)"),
    ("exactly", "`exactly its length`: a line moves exactly as many cells as it has pieces"),
    ("fixed", "`colours fixed`: X is the first named player, O the second"),
    ("forbid", "a forbidden glyph: a picture of stones no placement may form, drawn on the indented lines below"),
    ("frozen", "`frozen: PIECE on own edges`: pieces on their owner's edges never move and cannot be captured"),
    ("game", "the game's name: `game \"Name\"` (required)"),
    ("hexagon", "`hexagon S`: a hexagon of hex cells, S cells a side (3S² − 3S + 1 cells)"),
    ("if", "introduces the condition of a check or a capture"),
    ("impossible", "`no move: impossible`: the designer claims a player always has a move; weft checks it"),
    ("in", "`in LOW to HIGH`: a parameter's range; `in all directions`: every neighbour links"),
    ("into", "`crossing race into own edges`"),
    ("its", "`exactly its length`, `up to its length`: as far as the line is long"),
    ("length", "a line's number of pieces; `claim: length at most N`: no game lasts more than N moves"),
    ("limit", "`ply limit: N`: after N moves the game is drawn"),
    ("line", "`move line of PIECE`: a run of own pieces moves along its own axis"),
    ("longer", "`capture if longer`: capture by comparison of lengths"),
    ("lose", "the player to move loses"),
    ("mirror", "`symmetry mirror`: the picture and its mirror image"),
    ("most", "`length at most N`"),
    ("move", "`move line of PIECE` (a step); `no move`: the player to move has no legal move"),
    ("neutral", "`neutral piece NAME`: a kind of piece that belongs to nobody; either player places and moves it"),
    ("no", "`no PIECE`: a cell without that kind of piece; `no move: POLICY` when a player cannot move"),
    ("none", "`symmetry none`: the picture exactly as drawn"),
    ("not", "the condition does not hold"),
    ("of", "`move line of PIECE`"),
    ("on", "where a step places or where pieces stand: `place stone on empty`, `man on rows 1 to 2`"),
    ("or", "either condition holds"),
    ("orthogonally", "pieces link through their 4 orthogonal neighbours (the square default)"),
    ("own", "the player to move's own"),
    ("param", "a whole-number parameter: `param NAME = DEFAULT in LOW to HIGH \"what it is\"`, set with --set"),
    ("passes", "`claim: no passes`: the player to move always has a move other than a forced pass"),
    ("piece", "a kind of piece (each kind is a layer of the board): `piece stone`"),
    ("place", "`place PIECE on CELLS`: put a piece on a cell that meets the condition"),
    ("players", "the two players, the first named moves first: `players black white`"),
    ("ply", "`ply limit: N`: after N moves the game is drawn"),
    ("race", "`crossing race into own edges`"),
    ("rectangle", "`rectangle W by H`: W columns by H rows of squares"),
    ("region", "`region NAME: CELL...`: a named set of cells; `separates region NAME` counts them"),
    ("rhombus", "`rhombus W by H`: W columns by H rows of hex cells (the board of Hex)"),
    ("rotations", "`symmetry rotations`: the picture in every rotation, not mirrored"),
    ("rows", "`on rows A to B`: every cell of those rows"),
    ("separates", "`own PIECE separates PIECE` (or `region NAME`): a group leaves at most half of them in any region"),
    ("setup", "pieces on the board at the start: `setup PLAYER: PIECE on rows 1 to 2` or `on c3 d4`"),
    ("skip", "`no move: skip`: the player must pass (a draw when neither can move); the default"),
    ("slide", "`slide PIECE through CELLS`: move a piece any number of cells in a straight line"),
    ("square", "`square N`: N x N points"),
    ("start", "`at turn start`: before the player to move moves"),
    ("swap", "the pie rule: on the second player's first turn they may take over the first colour; `colours swap`: X is either player"),
    ("symmetry", "which transformations of the picture are also forbidden: `all`, `rotations`, `mirror`, `none`"),
    ("then", "`, then STEP`: the second step of a turn, on the board after the first"),
    ("through", "`slide PIECE through CELLS`: every cell the piece enters meets the condition"),
    ("to", "`in 2 to 26`, `rows 1 to 2`: an inclusive range; `up to its length`"),
    ("turn", "what a player does on a turn: `turn [while CONDITION]: STEP[, then STEP]`; the first that holds is played"),
    ("up", "`up to its length`: a line moves from 1 to as many cells as it has pieces"),
    ("while", "`turn while CONDITION`: the turn applies only while the condition holds"),
    ("win", "how a player wins: `win: connect own edges` or `win: crossing race into own edges`; in a check, the player to move wins"),
    ("year", "the year of the design: `year 2024`"),
];

/// The meaning of a picture symbol.
pub fn symbol_meaning(symbol: char) -> Option<&'static str> {
    Some(match symbol {
        'X' => "a stone of one colour",
        'O' => "a stone of the other colour",
        '.' => "an empty point",
        'x' => "not X: empty or O",
        'o' => "not O: empty or X",
        '?' => "anything: empty, X or O (but on the board)",
        _ => return None,
    })
}

/// The picture symbols, in the order they are offered.
pub const SYMBOLS: &[char] = &['X', 'O', '.', 'x', 'o', '?'];
