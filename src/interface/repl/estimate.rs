//! What the computer may say about a move's chances: a share of wins is shown with the
//! number of playouts behind it and a 95% interval, and below a few dozen playouts it
//! is said to be too few to tell, never a bare "100%". It reads only the counts a
//! search reports (visits and mean result per root move), so it holds whatever the
//! search does inside.

use super::ai;

/// Fewer playouts of a move than this and its share of wins says nothing.
pub(super) const FEW: u32 = 30;

/// The Wilson score interval at 95% of a share `p` of `n` trials, in percent.
fn interval(p: f64, n: u32) -> (f64, f64) {
    let n = f64::from(n.max(1));
    let z = 1.96_f64;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    (
        (100.0 * (centre - half)).max(0.0),
        (100.0 * (centre + half)).min(100.0),
    )
}

/// A move's share of wins with its playouts: `wins 55% of 120 playouts (95%: 46–64%)`,
/// or `won 1 of 1 playout: too few to tell`.
///
/// ```text
/// estimate(1.0, 1)    = "won 1 of 1 playout: too few to tell"
/// estimate(0.55, 120) = "wins 55% of 120 playouts (95%: 46–64%)"
/// ```
pub(super) fn estimate(value: f64, visits: u32) -> String {
    if visits == 0 {
        return "not tried".into();
    }
    let wins = value * f64::from(visits);
    if visits < FEW {
        return format!(
            "won {} of {visits} playout{}: too few to tell",
            trim(wins),
            if visits == 1 { "" } else { "s" }
        );
    }
    let (lo, hi) = interval(value, visits);
    format!(
        "wins {:.0}% of {visits} playouts (95%: {lo:.0}–{hi:.0}%)",
        100.0 * value
    )
}

/// A count that may be a half (a game with no winner counts ½).
fn trim(x: f64) -> String {
    if (x - x.round()).abs() < 1e-9 {
        format!("{x:.0}")
    } else {
        format!("{x:.1}")
    }
}

/// What the computer says after choosing `best` (in notation): how it expects the game
/// to go, or that its playouts were spread too thin to tell.
pub(super) fn outlook(best: &str, a: &ai::Analysis) -> String {
    let Some(m) = a.moves.first() else {
        return "no move was searched".into();
    };
    if m.visits < FEW {
        return format!(
            "too few playouts per move to tell how it stands ({} moves tried; {best} {})",
            a.moves.len(),
            estimate(m.value, m.visits)
        );
    }
    let (lo, hi) = interval(m.value, m.visits);
    format!(
        "it expects to win {:.0}% (95%: {lo:.0}–{hi:.0}%, {} playouts of {best})",
        100.0 * m.value,
        m.visits
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn few_playouts_are_never_a_certainty() {
        assert_eq!(estimate(1.0, 1), "won 1 of 1 playout: too few to tell");
        assert_eq!(estimate(0.5, 3), "won 1.5 of 3 playouts: too few to tell");
        assert_eq!(
            estimate(0.55, 120),
            "wins 55% of 120 playouts (95%: 46–64%)"
        );
        // All wins over many playouts still leave room below 100%.
        assert_eq!(
            estimate(1.0, 100),
            "wins 100% of 100 playouts (95%: 96–100%)"
        );
        assert_eq!(estimate(0.0, 0), "not tried");
    }
}
