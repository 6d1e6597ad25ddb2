//! A cheap estimate for the proof-number search: how many more stones each player
//! needs to connect its regions, counting its own stones as free, empty cells as one
//! and the opponent's stones as walls (glyphs are ignored). A new position's proof and
//! disproof numbers start from these distances instead of 1 each, so the search tries
//! first the lines where the player it must prove a win for is closest to connecting.
//! It only steers the search: every value is still proved to the end.

use crate::engine::state::State;
use crate::rules::board::Cell;
use crate::rules::Rules;
use std::collections::VecDeque;

/// The distance of a player who cannot connect at all any more.
pub const BLOCKED: u32 = 1000;

pub struct Distance {
    /// Per colour: the cells of its first region, and the mask of its other regions.
    ends: [(Vec<Cell>, u32); 2],
    /// Per colour: how many regions it must touch.
    regions: [u32; 2],
    dist: Vec<u32>,
    queue: VecDeque<Cell>,
}

impl Distance {
    pub fn new(rules: &Rules) -> Distance {
        let b = rules.board();
        let end = |own: u32| {
            let first = own & own.wrapping_neg();
            let cells = b
                .cells()
                .filter(|&c| b.regions_of(c) & first != 0)
                .collect();
            (cells, own & !first)
        };
        let own = rules.connect().own;
        Distance {
            ends: [end(own[0]), end(own[1])],
            regions: [own[0].count_ones(), own[1].count_ones()],
            dist: vec![0; b.len()],
            queue: VecDeque::new(),
        }
    }

    /// The fewest empty cells `colour` must fill to join its first region to another
    /// one through its own stones (`BLOCKED` if the opponent has cut every path).
    pub fn of(&mut self, s: &State, colour: usize) -> u32 {
        if self.regions[colour] < 2 {
            return 1;
        }
        let rules = s.rules();
        let b = rules.board();
        let nb = b.neighbours(rules.connect().adjacency);
        let (starts, goal) = &self.ends[colour];
        let cost = |c: Cell| match s.piece_at(c) {
            None => Some(1),
            Some(p) if p == colour => Some(0),
            Some(_) => None,
        };
        self.dist.iter_mut().for_each(|d| *d = u32::MAX);
        self.queue.clear();
        for &c in starts {
            if let Some(k) = cost(c) {
                if k < self.dist[c as usize] {
                    self.dist[c as usize] = k;
                    if k == 0 {
                        self.queue.push_front(c);
                    } else {
                        self.queue.push_back(c);
                    }
                }
            }
        }
        while let Some(c) = self.queue.pop_front() {
            let d = self.dist[c as usize];
            if b.regions_of(c) & goal != 0 {
                return d;
            }
            for &n in nb.of(c) {
                if let Some(k) = cost(n) {
                    if d + k < self.dist[n as usize] {
                        self.dist[n as usize] = d + k;
                        if k == 0 {
                            self.queue.push_front(n);
                        } else {
                            self.queue.push_back(n);
                        }
                    }
                }
            }
        }
        BLOCKED
    }
}
