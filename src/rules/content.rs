//! How a position stores what stands on a cell: one byte per piece kind (layer) and
//! cell, holding [`EMPTY`], a player's code ([`of_player`]: 1 + the player's colour
//! index) or [`NEUTRAL`]. The glyph matchers read these bytes directly, so the encoding
//! is part of the compiled rules' contract with the engine. The values fit in two bits
//! (matchers index tables by `value & 3`).

/// No piece of this kind.
pub const EMPTY: u8 = 0;

/// A neutral piece (it belongs to nobody).
pub const NEUTRAL: u8 = 3;

/// The code of a piece of player `colour` (0 or 1).
///
/// ```
/// use weft::rules::content::{of_player, opponent_of, owner};
/// assert_eq!(of_player(0), 1);
/// assert_eq!(opponent_of(0), of_player(1));
/// assert_eq!(owner(of_player(1)), Some(1));
/// assert_eq!(owner(weft::rules::content::NEUTRAL), None);
/// ```
#[inline]
pub const fn of_player(colour: u8) -> u8 {
    colour + 1
}

/// The code of the pieces of the opponent of player `colour`.
#[inline]
pub const fn opponent_of(colour: u8) -> u8 {
    2 - colour
}

/// A code with the two players' pieces exchanged (empty and neutral stay).
///
/// ```
/// use weft::rules::content::{of_player, swap_players, NEUTRAL};
/// assert_eq!(swap_players(of_player(0)), of_player(1));
/// assert_eq!(swap_players(NEUTRAL), NEUTRAL);
/// ```
#[inline]
pub const fn swap_players(code: u8) -> u8 {
    if is_player(code) {
        3 - code
    } else {
        code
    }
}

/// Whether a code is a player's piece (not empty, not neutral).
#[inline]
pub const fn is_player(code: u8) -> bool {
    code == 1 || code == 2
}

/// The colour of the player whose piece a code is.
#[inline]
pub const fn owner(code: u8) -> Option<u8> {
    if is_player(code) {
        Some(code - 1)
    } else {
        None
    }
}
