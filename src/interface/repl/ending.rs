//! Why a finished game ended, in words: the goal or rule that decided it (with its
//! text from the rule file), the winning cells (marked on the board too), a draw's or
//! a stop's cause, and against the computer who won: you or it, whatever colours the
//! swap gave each side.

use super::notation::plural;
use super::session::count_of;
use super::*;
use crate::engine::state::{Decider, DrawKind, Outcome};
use crate::rules::board::Cell;
use crate::rules::{Counted, Goal, Pred, Touch, Verdict};

/// The separations a condition asks about: each one's piece kind and what it counts.
fn separation(p: &Pred) -> Option<(usize, Counted)> {
    match p {
        Pred::Separates { piece, counted, .. } => Some((*piece, *counted)),
        Pred::Not(x) => separation(x),
        Pred::And(v) | Pred::Or(v) => v.iter().find_map(separation),
        _ => None,
    }
}

/// Names joined as a list: `a`, `a and b`, `a, b and c`.
fn and_list(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

impl Session {
    /// Cells by name; a long list is cut, with the count.
    fn cell_list(&self, cells: &[Cell]) -> String {
        let b = self.rules.board();
        let names: Vec<String> = cells.iter().map(|&c| b.cell_name(c)).collect();
        if names.len() <= 12 {
            names.join(" ")
        } else {
            format!("{} ... ({} cells)", names[..10].join(" "), names.len())
        }
    }

    /// The names of the regions (by bit mask) that `cells` touch.
    fn regions_touched(&self, cells: &[Cell], mask: u32) -> Vec<String> {
        let b = self.rules.board();
        let touched = cells.iter().fold(0u32, |a, &c| a | b.regions_of(c)) & mask;
        b.names_of(touched).into_iter().map(String::from).collect()
    }

    /// What a separation counts, in words.
    fn counted_words(&self, counted: Counted) -> String {
        match counted {
            Counted::Pieces(k) => format!("the {}", plural(&self.rules.pieces()[k].name)),
            Counted::Region(bit) => format!(
                "the region {}",
                self.rules.board().region_names()[bit as usize]
            ),
            Counted::AllCells => "the board".into(),
        }
    }

    /// The lines shown under a finished game's status line: why it ended, and who won
    /// between you and the computer.
    pub(super) fn ending(&self) -> String {
        let s = self.state();
        let Some(outcome) = s.outcome() else {
            return String::new();
        };
        let mut out = format!("why: {}\n", self.why_it_ended(outcome));
        if let (Some(seat), Outcome::Win(p)) = (self.computer, outcome) {
            let players = self.rules.players();
            let since = if s.swapped() { " since the swap" } else { "" };
            if s.seat_of(p) == seat {
                out.push_str(&format!(
                    "the computer wins (it plays {}{since})\n",
                    players[p]
                ));
            } else {
                out.push_str(&format!("you win (you play {}{since})\n", players[p]));
            }
        }
        out
    }

    /// One sentence on why the game ended.
    fn why_it_ended(&self, outcome: Outcome) -> String {
        let s = self.state();
        let rules = &self.rules;
        let players = rules.players();
        let won = s.winning_cells();
        let marked = if won.is_empty() {
            String::new()
        } else {
            format!(
                ": {} ({})",
                self.cell_list(&won),
                if self.colour {
                    "highlighted"
                } else {
                    "marked [ ]"
                }
            )
        };
        // The player who moved last, and the player to move.
        let mover = 1 - s.to_move();
        let to_move = s.to_move();
        match (outcome, s.decided_by()) {
            (Outcome::Win(p), Some(Decider::Goal(i))) => {
                let g = &rules.goals()[i as usize];
                let rule = format!("(`{}: {}`)", g.verdict.word(), g.text);
                if g.verdict == Verdict::Lose {
                    return format!(
                        "{} made the losing shape {rule}, so {} wins",
                        players[1 - p],
                        players[p]
                    );
                }
                let body = match g.goal {
                    Goal::Connect {
                        touch: Touch::OwnEdges,
                        ..
                    } => {
                        let own = self.regions_touched(
                            &rules.board().cells().collect::<Vec<_>>(),
                            rules.connect().own[p.min(1)],
                        );
                        format!("{} connects {}", players[p], and_list(&own))
                    }
                    Goal::Connect {
                        touch: Touch::Some { regions, .. },
                        ..
                    } => {
                        let touched = self.regions_touched(&won, regions);
                        format!("{} connects {}", players[p], and_list(&touched))
                    }
                    Goal::Ring { .. } => format!("{} closes a ring", players[p]),
                    Goal::OneGroup { piece, .. } => format!(
                        "{} has all its {} in one group",
                        players[p],
                        plural(&rules.pieces()[piece].name)
                    ),
                    Goal::CrossingRace => format!("{} wins the crossing race", players[p]),
                };
                format!("{body} {rule}{marked}")
            }
            (Outcome::Win(p), Some(Decider::AfterMove(i))) => {
                let r = &rules.after_move_rules()[i as usize];
                self.rule_win(p, &r.cond, "after the move", &won, &marked)
            }
            (Outcome::Win(p), Some(Decider::Race)) => format!(
                "{} did not answer {}'s crossing into {} with a crossing of its own{marked}",
                players[1 - p],
                players[p],
                and_list(&self.regions_touched(
                    &rules.board().cells().collect::<Vec<_>>(),
                    rules.connect().own[p.min(1)]
                ))
            ),
            (Outcome::Win(p), None) => {
                if rules.has_race() && s.owes_crossing() == Some(to_move) {
                    return format!(
                        "{} owes an answer to {}'s crossing and has no move{marked}",
                        players[to_move], players[p]
                    );
                }
                let rule = rules
                    .turn_start_rules()
                    .iter()
                    .find(|r| separation(&r.cond).is_some() && !won.is_empty());
                match rule {
                    Some(r) => self.rule_win(p, &r.cond, "at the start of the turn", &won, &marked),
                    None if p != to_move => format!("{} has no legal move", players[to_move]),
                    None => format!(
                        "at the start of {}'s turn, a rule gives the win ({})",
                        players[p],
                        self.turn_start_words(Verdict::Win)
                    ),
                }
            }
            (Outcome::Draw(DrawKind::Deadlock), _) => "draw: no move for either player".to_string(),
            (Outcome::Draw(DrawKind::BothGoals), _) => format!(
                "draw: {}'s move made both players' winning shapes (`both win: draw`){marked}",
                players[mover]
            ),
            (Outcome::Draw(DrawKind::PlyLimit), _) => format!(
                "draw: the limit of {} was reached",
                count_of(rules.ply_limit().unwrap_or(0) as usize, "move")
            ),
            (Outcome::Draw(DrawKind::NoMove), _) => format!(
                "draw: {} has no legal move, and the rules call that a draw",
                players[to_move]
            ),
            (Outcome::Draw(DrawKind::TurnStart), _) => format!(
                "draw at the start of {}'s turn ({})",
                players[to_move],
                self.turn_start_words(Verdict::Draw)
            ),
            (Outcome::Draw(DrawKind::AfterMove), decided) => {
                let cond = match decided {
                    Some(Decider::AfterMove(i)) => {
                        rules.describe_pred(&rules.after_move_rules()[i as usize].cond)
                    }
                    _ => "a rule checked after the move".into(),
                };
                format!("draw after {}'s move: {cond}", players[mover])
            }
            (Outcome::Stopped(c), _) => {
                let how = if self.why_every_cell().is_some() {
                    " (`why` says, for each empty cell, what forbids it)"
                } else {
                    ""
                };
                format!(
                    "stopped: the claim \"{c}\" (`no move: impossible`) is broken: {} has no legal move{how}",
                    players[to_move]
                )
            }
        }
    }

    /// A win by a rule's condition: a separating group by its cells, else the rule.
    fn rule_win(&self, p: usize, cond: &Pred, when: &str, won: &[Cell], marked: &str) -> String {
        let players = self.rules.players();
        match separation(cond) {
            Some((piece, counted)) if !won.is_empty() => format!(
                "{}'s {} separate {}{marked}",
                players[p],
                plural(&self.rules.pieces()[piece].name),
                self.counted_words(counted)
            ),
            _ => format!(
                "{} wins by a rule checked {when}: {}",
                players[p],
                self.rules.describe_pred(cond)
            ),
        }
    }

    /// The turn-start rules with this verdict, in words.
    fn turn_start_words(&self, verdict: Verdict) -> String {
        let words: Vec<String> = self
            .rules
            .turn_start_rules()
            .iter()
            .filter(|r| r.verdict == verdict)
            .map(|r| {
                format!(
                    "`{} if {}`",
                    r.verdict.word(),
                    self.rules.describe_pred(&r.cond)
                )
            })
            .collect();
        words.join(" or ")
    }
}
