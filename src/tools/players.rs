//! Players as values: `random` (a uniformly random legal move) and `mcts:N` / `mcts:2s`
//! (the computer's search with a budget of N playouts a move, or of a time), written
//! the same way on every command that pits players against each other (`weft match`,
//! `weft swapmap`), read back from what they print.
//!
//! A player moves with its own random stream, so a game between fixed-playout players
//! is the same for a seed on any machine and at any thread count.

use crate::engine::rng::Rng;
use crate::engine::state::{Move, State};
use crate::tools::ai::{self, Budget, Searcher};
use std::fmt;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// Who plays a seat.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Player {
    /// A uniformly random legal move.
    Random,
    /// Monte Carlo tree search with this budget a move.
    Mcts(Budget),
}

impl Player {
    /// Reads `random`, `mcts:1000` (playouts a move) or `mcts:2s` / `mcts:500ms`.
    ///
    /// ```
    /// use weft::tools::players::Player;
    /// use weft::tools::ai::Budget;
    /// assert_eq!(Player::parse("mcts:1000"), Ok(Player::Mcts(Budget::Playouts(1000))));
    /// assert_eq!(Player::parse("random").unwrap().to_string(), "random");
    /// assert_eq!(Player::parse("mcts:0.5s").unwrap().to_string(), "mcts:0.5s");
    /// assert!(Player::parse("alphazero").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Player, String> {
        let t = text.trim();
        let lower = t.to_ascii_lowercase();
        if lower == "random" {
            return Ok(Player::Random);
        }
        match lower.split_once(':') {
            Some(("mcts", budget)) => Budget::parse(budget)
                .map(Player::Mcts)
                .map_err(|e| format!("`{t}`: {e}")),
            _ => Err(format!(
                "`{t}` is not a player: write `random`, `mcts:N` (N playouts a move, e.g. `mcts:1000`) or `mcts:TIME` (e.g. `mcts:2s`)"
            )),
        }
    }

    /// Reads a comma-separated list of `count` players, or one player for all of them.
    ///
    /// ```
    /// use weft::tools::players::Player;
    /// let two = Player::parse_list("mcts:100,random", 2).unwrap();
    /// assert_eq!(two[1], Player::Random);
    /// assert_eq!(Player::parse_list("random", 2).unwrap().len(), 2);
    /// assert!(Player::parse_list("random,random,random", 2).is_err());
    /// ```
    pub fn parse_list(text: &str, count: usize) -> Result<Vec<Player>, String> {
        let parts: Vec<&str> = text.split(',').collect();
        let players = parts
            .iter()
            .map(|p| Player::parse(p))
            .collect::<Result<Vec<_>, _>>()?;
        match players.len() {
            1 => Ok(vec![players[0]; count]),
            n if n == count => Ok(players),
            n => Err(format!(
                "`{text}` names {n} players: give {count} separated by commas (e.g. `mcts:1000,mcts:100`), or one for every seat"
            )),
        }
    }

    /// Whether the player's moves depend only on its random stream (not on time).
    pub fn is_deterministic(&self) -> bool {
        !matches!(self, Player::Mcts(Budget::Time(_)))
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Random => f.write_str("random"),
            Player::Mcts(b) => write!(f, "mcts:{}", b.short()),
        }
    }
}

/// A player at the table: its kind, its random stream and, for a searching player,
/// its reusable search memory.
pub struct Seat {
    pub player: Player,
    rng: Rng,
    searcher: Option<Searcher>,
    memory: u64,
    /// Moves made and the time spent choosing them.
    pub moves: u64,
    pub seconds: f64,
}

impl Seat {
    /// A player drawing from `rng`, whose search tree may take `memory` MiB.
    pub fn new(player: Player, rng: Rng, memory: u64) -> Seat {
        Seat {
            player,
            rng,
            searcher: matches!(player, Player::Mcts(_)).then(Searcher::new),
            memory,
            moves: 0,
            seconds: 0.0,
        }
    }

    /// Gives the player a new random stream for another game (its search memory is kept).
    pub fn reseed(&mut self, rng: Rng) {
        self.rng = rng;
    }

    /// The player's move at `s`, or `None` when the game is over.
    pub fn choose(&mut self, s: &State) -> Option<Move> {
        let t0 = Instant::now();
        let mv = match (self.player, self.searcher.as_mut()) {
            (Player::Mcts(budget), Some(searcher)) => {
                let options = ai::Options {
                    budget,
                    memory: self.memory,
                };
                searcher
                    .search(s, &options, &mut self.rng, &AtomicBool::new(false))
                    .map(|a| a.best)
            }
            _ => {
                let mut scratch = s.clone();
                scratch.random_move(&mut self.rng)
            }
        };
        self.moves += 1;
        self.seconds += t0.elapsed().as_secs_f64();
        mv
    }
}
