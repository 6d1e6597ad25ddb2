//! What tab completion offers: commands and legal moves first, then what the command
//! takes (points for `why` and `moves`, players for `computer`, parameters for `set`,
//! files).

use super::table::{lookup, COMMANDS};
use super::*;

/// What tab completion should offer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Completion {
    /// Replace the text from this byte offset with one of these words.
    Words(usize, Vec<String>),
    /// A file name is expected here.
    Files,
}

/// The words tab completion offers, taken from a position.
#[derive(Debug, Clone, Default)]
pub struct Completions {
    /// The legal moves.
    legal: Vec<String>,
    /// Every point, `swap` and `pass` (for `why`).
    points: Vec<String>,
    /// The players and `off` (for `computer`).
    players: Vec<String>,
    /// `name=` for every parameter (for `set`).
    params: Vec<String>,
}

impl Completions {
    /// What to offer for `line` with the cursor at byte `pos`: commands and legal moves
    /// first, then what the command takes.
    pub fn complete(&self, line: &str, pos: usize) -> Completion {
        let mut pos = pos.min(line.len());
        while !line.is_char_boundary(pos) {
            pos -= 1;
        }
        let head = &line[..pos];
        let start = head.rfind(char::is_whitespace).map_or(0, |i| i + 1);
        let prefix = head[start..].to_ascii_lowercase();
        let first = head.split_whitespace().next().unwrap_or("");
        let commands = || COMMANDS.iter().map(|c| c.name.to_string());
        let words: Vec<String> = if start == 0 {
            commands().chain(self.legal.iter().cloned()).collect()
        } else {
            match lookup(first).map(|c| c.name) {
                Some("save" | "load") => return Completion::Files,
                Some("why") => self.points.clone(),
                Some("moves") => self
                    .points
                    .iter()
                    .filter(|p| *p != "swap" && *p != "pass")
                    .cloned()
                    .collect(),
                Some("help") => commands().collect(),
                Some("computer") => self.players.clone(),
                Some("set") => self.params.clone(),
                Some(_) => Vec::new(),
                None => self.legal.clone(),
            }
        };
        let words = words
            .into_iter()
            .filter(|w| w.to_ascii_lowercase().starts_with(&prefix))
            .collect();
        Completion::Words(start, words)
    }
}

impl Session {
    /// What tab completion can offer in the current position.
    pub fn completions(&self) -> Completions {
        let b = self.rules.board();
        let mut points: Vec<String> = b.cells().map(|c| b.cell_name(c)).collect();
        points.extend(["swap".to_string(), "pass".to_string()]);
        let mut players = self.rules.players().to_vec();
        players.push("off".into());
        Completions {
            legal: self
                .state()
                .legal_moves()
                .iter()
                .map(|m| m.to_text(&self.rules))
                .collect(),
            points,
            players,
            params: self
                .rules
                .params()
                .iter()
                .map(|p| format!("{}=", p.name))
                .collect(),
        }
    }
}
