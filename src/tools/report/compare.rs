//! Several variants' reports side by side (`weft check --compare`): the main figures,
//! one column per rule file.

use super::*;

impl CheckReport {
    /// One column of a comparison: the main figures, each with its name.
    pub fn main_figures(&self) -> Vec<(&'static str, String)> {
        let pct = |x: f64| format!("{:.1}%", 100.0 * x);
        let ci = |sh: &Share| {
            format!(
                "{:.1}% [{:.1}-{:.1}]",
                100.0 * sh.rate,
                100.0 * sh.ci95[0],
                100.0 * sh.ci95[1]
            )
        };
        let first_colour = self
            .wins_by_colour
            .first()
            .map_or("-".to_string(), |c| format!("{} {}", c.name, ci(c)));
        vec![
            ("file", self.file.clone()),
            ("game", self.game.clone()),
            ("board", self.board.shape.clone()),
            ("games", self.games.to_string()),
            ("first seat wins", ci(&self.wins_by_seat[0])),
            (
                "second seat wins",
                self.wins_by_seat.get(1).map_or("-".into(), ci),
            ),
            ("first colour wins", first_colour),
            (
                "swap used",
                self.swap
                    .as_ref()
                    .map_or("no swap rule".into(), |s| pct(s.rate)),
            ),
            ("draws", pct(self.draws.rate)),
            ("completion", pct(self.completion)),
            ("mean length", format!("{:.1}", self.length.mean)),
            (
                "median (min-max)",
                format!(
                    "{} ({}-{})",
                    self.length.median, self.length.min, self.length.max
                ),
            ),
            (
                "skipped turns",
                format!(
                    "{} in {} games",
                    self.turns.forced_passes, self.turns.games_with_forced_pass
                ),
            ),
            ("branching", format!("{:.1}", self.branching.mean)),
            ("coverage", pct(self.coverage.mean)),
            (
                "claims broken",
                format!(
                    "{} of {} ({} games)",
                    self.claims.iter().filter(|c| c.broken > 0).count(),
                    self.claims.len(),
                    self.broken_games
                ),
            ),
            (
                "shortest game",
                self.shortest
                    .as_ref()
                    .map_or("-".into(), |e| e.length.to_string()),
            ),
            (
                "playouts/s",
                self.playouts_per_second
                    .map_or("-".into(), |p| format!("{p:.0}")),
            ),
        ]
    }
}

/// The main figures of several reports side by side.
pub fn compare(reports: &[CheckReport]) -> String {
    let columns: Vec<Vec<(&str, String)>> = reports.iter().map(CheckReport::main_figures).collect();
    let Some(first) = columns.first() else {
        return String::new();
    };
    let label = first.iter().map(|(k, _)| k.len()).max().unwrap_or(0);
    let widths: Vec<usize> = columns
        .iter()
        .map(|c| c.iter().map(|(_, v)| v.chars().count()).max().unwrap_or(0))
        .collect();
    let mut s = String::new();
    for (row, (name, _)) in first.iter().enumerate() {
        let mut line = format!("{name:<label$}");
        for (c, w) in columns.iter().zip(&widths) {
            let v = c.get(row).map_or("", |(_, v)| v.as_str());
            line.push_str(&format!("  {v:<w$}"));
        }
        s.push_str(line.trim_end());
        s.push('\n');
    }
    s
}
