//! The pictures' colours, chosen to be told apart by colour-blind readers and in a grey
//! print: the players' stones are near-black and white (each with an outline), neutral
//! pieces are mid grey and diamond-shaped, the players' edges are blue and orange (the
//! Okabe–Ito pair, a dark and a light grey when printed), and marks differ by shape as
//! well as colour (a ring for the last move, a cell outline for a win, a filled cell for
//! a highlight).

/// The page behind the board.
pub const PAPER: &str = "#ffffff";
/// A cell's fill (hexagons and squares) and the board under a grid of points.
pub const CELL: &str = "#eedfb9";
/// Cell outlines and the lines between points.
pub const LINE: &str = "#6b5b3e";
/// A blocked cell.
pub const BLOCKED: &str = "#5f5f5f";
/// Coordinates and legend text.
pub const INK: &str = "#222222";

/// The players' pieces, by colour index: fill and outline.
pub const STONE: [&str; 2] = ["#1c1c1c", "#fbfbfb"];
pub const STONE_LINE: [&str; 2] = ["#000000", "#1c1c1c"];
/// Text on a player's piece (a move number).
pub const ON_STONE: [&str; 2] = ["#ffffff", "#000000"];
/// Neutral pieces: fill and outline.
pub const NEUTRAL: &str = "#9a9a9a";
pub const NEUTRAL_LINE: &str = "#1c1c1c";

/// The players' edges: blue for the first, orange for the second.
pub const EDGE: [&str; 2] = ["#0072b2", "#e69f00"];

/// The regions of goals either player pursues (a triangle's sides, a hexagon's corners
/// and sides), one colour per goal: bluish green, sky blue and a dark grey (Okabe–Ito),
/// a mid, a light and a dark grey in print.
pub const SHARED: [&str; 3] = ["#009e73", "#56b4e9", "#4d4d4d"];

/// The last move's ring, and the hollow ring where a piece left.
pub const LAST: &str = "#d55e00";
/// A highlighted cell: fill and outline.
pub const HIGHLIGHT: &str = "#f0e442";
pub const HIGHLIGHT_LINE: &str = "#d55e00";
/// The outline of the cells of a winning chain or group: a dark wine red, which stays
/// dark (and so stands out on the light cells) in a grey print.
pub const WIN: &str = "#882255";

/// Each player's tone: 0 (dark stones, blue edges) or 1 (light stones, orange edges).
/// A player named `white` or `light` gets the light tone and one named `black` or `dark`
/// the dark one, whatever the order of the `players` line (Crossings-like games list
/// white first); otherwise the first player is dark.
///
/// ```
/// use weft::interface::picture::style::tones;
/// let names = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
/// assert_eq!(tones(&names(&["black", "white"])), [0, 1]);
/// assert_eq!(tones(&names(&["white", "black"])), [1, 0]);
/// assert_eq!(tones(&names(&["red", "blue"])), [0, 1]);
/// ```
pub fn tones(players: &[String]) -> Vec<usize> {
    let named: Vec<Option<usize>> = players
        .iter()
        .map(|n| match n.to_ascii_lowercase().as_str() {
            "black" | "dark" => Some(0),
            "white" | "light" => Some(1),
            _ => None,
        })
        .collect();
    if players.len() == 2 {
        match (named[0], named[1]) {
            (Some(a), Some(b)) if a != b => return vec![a, b],
            (Some(a), None) => return vec![a, 1 - a],
            (None, Some(b)) => return vec![1 - b, b],
            _ => {}
        }
    }
    (0..players.len()).collect()
}

/// A player's colour from a list of two, grey for any further player.
pub fn of<'a>(list: &[&'a str; 2], player: usize) -> &'a str {
    list.get(player).copied().unwrap_or("#7f7f7f")
}

/// A value from 0 to 1 as a colour of the viridis scale (dark purple to yellow): it
/// reads in order for colour-blind readers and turns into an even ramp of greys when
/// printed.
///
/// ```
/// use weft::interface::picture::style::scale;
/// assert_eq!(scale(0.0), "#440154");
/// assert_eq!(scale(1.0), "#fde725");
/// assert_eq!(scale(f64::NAN), "#440154");
/// ```
pub fn scale(v: f64) -> String {
    const STOPS: [(u8, u8, u8); 9] = [
        (0x44, 0x01, 0x54),
        (0x47, 0x2d, 0x7b),
        (0x3b, 0x52, 0x8b),
        (0x2c, 0x72, 0x8e),
        (0x21, 0x91, 0x8c),
        (0x28, 0xae, 0x80),
        (0x5e, 0xc9, 0x62),
        (0xad, 0xdc, 0x30),
        (0xfd, 0xe7, 0x25),
    ];
    let v = if v.is_nan() { 0.0 } else { v.clamp(0.0, 1.0) };
    let f = v * (STOPS.len() - 1) as f64;
    let i = (f.floor() as usize).min(STOPS.len() - 2);
    let t = f - i as f64;
    let (a, b) = (STOPS[i], STOPS[i + 1]);
    let mix = |x: u8, y: u8| (x as f64 + (y as f64 - x as f64) * t).round() as u8;
    format!(
        "#{:02x}{:02x}{:02x}",
        mix(a.0, b.0),
        mix(a.1, b.1),
        mix(a.2, b.2)
    )
}

/// The text colour that reads on [`scale`]`(v)`.
pub fn on_scale(v: f64) -> &'static str {
    if v >= 0.6 {
        "#000000"
    } else {
        "#ffffff"
    }
}
