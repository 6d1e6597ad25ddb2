//! The goals, and the edges each player owns (a connection touches them all; a
//! crossing enters one; frozen pieces stand on one).

use super::Ctx;
use crate::lang::ast::Goal;
use crate::lang::diagnostic::Diagnostic;
use crate::rules::board::Board;
use crate::rules::{Adjacency, Connect};

/// The compiled goals.
pub(super) struct Goals {
    pub connect: Connect,
    pub connect_goal: bool,
    pub race: bool,
}

pub(super) fn build(cx: &mut Ctx, board: &Board) -> Goals {
    let mut own = [0u32; 2];
    for e in &cx.def.edges {
        if let Some(bit) = board.region_index(&e.name) {
            own[e.owner] |= 1 << bit;
        }
    }
    let mut g = Goals {
        connect: Connect {
            adjacency: Adjacency::Orthogonal,
            own,
        },
        connect_goal: false,
        race: false,
    };
    for goal in &cx.def.goals {
        match goal.node {
            Goal::ConnectOwnEdges { adjacency } => {
                g.connect_goal = true;
                g.connect.adjacency = adjacency.unwrap_or(board.natural_adjacency());
                if board.is_hex() && g.connect.adjacency == Adjacency::Diagonal {
                    cx.errors.push(
                        Diagnostic::error(goal.span, "hex cells have no diagonal neighbours")
                            .with_hint(
                                "leave the adjacency out: hex cells link through their six sides",
                            ),
                    );
                }
            }
            Goal::CrossingRace => g.race = true,
        }
    }
    g
}
