//! The goals, and the regions each player owns (a connection of own edges touches them
//! all; a crossing enters one; frozen pieces stand on one). The goals themselves were
//! resolved by the validator; here they meet the board.

use super::Ctx;
use crate::rules::board::Board;
use crate::rules::{
    Connect, Goal, GoalRule, GoalStep, GoalTest, RegionGoal, StepRule, Touch, Turn, Verdict,
};

/// The compiled goals.
pub(super) struct Goals {
    pub connect: Connect,
    pub goals: Vec<GoalRule>,
    /// Whether the game captures by surrounding (its groups are the union-find's).
    capture: bool,
}

impl Goals {
    /// Whether the engine keeps the first piece kind's groups in a union-find: every
    /// turn only places pieces (groups grow, or leave the board whole when captured) and
    /// a goal looks at groups, or captures count liberties.
    pub fn track_groups(&self, turns: &[Turn]) -> bool {
        let placement_only = turns
            .iter()
            .all(|t| t.steps.iter().all(|s| matches!(s, StepRule::Place { .. })));
        placement_only
            && (self.capture
                || self
                    .goals
                    .iter()
                    .any(|g| matches!(g.goal, Goal::Connect { .. } | Goal::Ring { .. })))
    }

    /// Whether ring goals are decided around the new stone (with the union-find; not
    /// when captures can break a ring that stood before).
    pub fn ring_around_stone(&self, turns: &[Turn]) -> bool {
        !self.capture
            && self.track_groups(turns)
            && self.goals.iter().any(|g| {
                matches!(g.goal, Goal::Ring { piece: 0, adjacency } if adjacency == self.connect.adjacency)
            })
    }

    /// For each player, the goals that count for it in the order the engine tries them
    /// (every `win:` before any `lose:`, each kind in file order: a player who makes a
    /// winning shape and a losing one wins), each with the test it gets after a
    /// placement.
    pub fn plan(&self, turns: &[Turn]) -> [Vec<GoalStep>; 2] {
        let groups = self.track_groups(turns);
        let ring_here = self.ring_around_stone(turns);
        let order = self
            .goals
            .iter()
            .enumerate()
            .filter(|(_, g)| g.verdict == Verdict::Win)
            .chain(
                self.goals
                    .iter()
                    .enumerate()
                    .filter(|(_, g)| g.verdict != Verdict::Win),
            );
        let mut plan: [Vec<GoalStep>; 2] = Default::default();
        for (i, g) in order {
            for (colour, steps) in plan.iter_mut().enumerate() {
                if !g.applies_to(colour) {
                    continue;
                }
                let own = self.connect.own[colour];
                let test = match g.goal {
                    Goal::CrossingRace => GoalTest::Never,
                    Goal::Connect {
                        piece: 0,
                        touch,
                        adjacency,
                    } if groups && adjacency == self.connect.adjacency => {
                        let (want, need) = match touch {
                            Touch::OwnEdges => (own, own.count_ones()),
                            Touch::Some { regions, need } => (regions, need),
                        };
                        if need == 0 {
                            GoalTest::Never
                        } else {
                            GoalTest::Regions(RegionGoal::new(want, need))
                        }
                    }
                    Goal::Ring { piece: 0, .. } if ring_here => GoalTest::RingAroundStone,
                    _ => GoalTest::Anywhere,
                };
                steps.push(GoalStep {
                    index: i as u16,
                    test,
                });
            }
        }
        plan
    }
}

pub(super) fn build(cx: &mut Ctx, board: &Board) -> Goals {
    let mut own = [0u32; 2];
    for e in &cx.def.edges {
        if let Some(bit) = board.region_index(&e.name) {
            own[e.owner] |= 1 << bit;
        }
    }
    let goals: Vec<GoalRule> = cx.def.goals.iter().map(|g| g.rule.clone()).collect();
    // The union-find of placement games links the groups that capture counts
    // liberties of, else the first goal's groups.
    let capture = cx.def.capture.as_ref().map(|(c, _)| c.adjacency);
    let adjacency = capture
        .or_else(|| goals.iter().find_map(|g| g.goal.adjacency()))
        .unwrap_or(board.natural_adjacency());
    let own_words = own.map(|mask| {
        let mut words = vec![0u64; board.len().div_ceil(64)];
        for c in board.cells().filter(|&c| board.regions_of(c) & mask != 0) {
            words[c as usize / 64] |= 1 << (c % 64);
        }
        words
    });
    Goals {
        connect: Connect {
            adjacency,
            own,
            own_words,
        },
        goals,
        capture: capture.is_some(),
    }
}
