//! Every tab's game, by id, and the computer's searches. A tab makes its game once and
//! keeps its id (in the tab's session storage), so each tab plays its own game; the
//! oldest idle games are forgotten beyond [`MAX_GAMES`]. The computer searches on a
//! thread of its own with the existing `tools::ai` search, stopped by a flag, and its
//! answer is used only if the game still shows the position it searched.

use super::game::{Game, Hint, Refusal, Task, Thinking};
use super::watch::{Pulse, RuleSource};
use crate::engine::rng::Rng;
use crate::lang::Overrides;
use crate::tools::ai::{self, Budget};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

/// The most games kept at once.
pub const MAX_GAMES: usize = 200;

/// A game shared between requests and the computer's thread.
pub type Shared = Arc<Mutex<Game>>;

/// Locks a game (a thread that panicked while holding it leaves it usable).
pub fn lock(g: &Shared) -> MutexGuard<'_, Game> {
    g.lock().unwrap_or_else(|e| e.into_inner())
}

/// Every game, the rule file, and the pulse that wakes waiting pages.
pub struct Games {
    pub source: Arc<RuleSource>,
    pub pulse: Arc<Pulse>,
    /// The parameters of the command line, for new games.
    pub overrides: Overrides,
    pub budget: Budget,
    games: Mutex<HashMap<String, Shared>>,
    next: AtomicU64,
    seed: u64,
}

impl Games {
    pub fn new(
        source: Arc<RuleSource>,
        pulse: Arc<Pulse>,
        overrides: Overrides,
        budget: Budget,
        seed: u64,
    ) -> Games {
        Games {
            source,
            pulse,
            overrides,
            budget,
            games: Mutex::new(HashMap::new()),
            next: AtomicU64::new(1),
            seed,
        }
    }

    /// A new game with the command line's parameters, or with `overrides`.
    pub fn create(&self, overrides: Option<Overrides>) -> Result<Shared, Refusal> {
        let n = self.next.fetch_add(1, Ordering::Relaxed);
        // An id a page cannot guess from another's: the count mixed with the seed.
        let id = format!(
            "g{n}-{:08x}",
            (crate::interface::record::fnv1a64(&(self.seed ^ n).to_le_bytes())) as u32
        );
        let game = Game::new(
            id.clone(),
            &self.source,
            overrides.unwrap_or_else(|| self.overrides.clone()),
            self.budget,
        )?;
        let shared = Arc::new(Mutex::new(game));
        let mut all = self.games.lock().unwrap_or_else(|e| e.into_inner());
        if all.len() >= MAX_GAMES {
            let oldest = all
                .iter()
                .filter(|(_, g)| g.try_lock().map(|g| g.thinking.is_none()).unwrap_or(false))
                .min_by_key(|(_, g)| lock(g).last_used)
                .map(|(k, _)| k.clone());
            if let Some(k) = oldest {
                all.remove(&k);
            }
        }
        all.insert(id, Arc::clone(&shared));
        Ok(shared)
    }

    /// The game with this id, brought up to the rule file's current text.
    pub fn get(&self, id: &str) -> Result<Shared, Refusal> {
        let all = self.games.lock().unwrap_or_else(|e| e.into_inner());
        let g = all.get(id).cloned().ok_or_else(|| {
            Refusal::new(
                404,
                format!("no game `{id}` (the server may have restarted): start a new one"),
            )
        })?;
        drop(all);
        {
            let mut game = lock(&g);
            game.last_used = Instant::now();
            game.sync(&self.source);
        }
        Ok(g)
    }

    /// How many games there are.
    pub fn len(&self) -> usize {
        self.games.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Starts the computer on the position shown, for a move or a hint. Refused when
    /// the game is over or a search is already under way.
    pub fn think(
        self: &Arc<Self>,
        shared: &Shared,
        game: &mut Game,
        task: Task,
        budget: Budget,
    ) -> Result<(), Refusal> {
        if game.state().is_over() {
            return Err(Refusal::new(409, "the game is over: nothing to search"));
        }
        if game.thinking.is_some() {
            return Err(Refusal::new(
                409,
                "the computer is already thinking: stop it first",
            ));
        }
        let stop = Arc::new(AtomicBool::new(false));
        game.thinking = Some(Thinking {
            task,
            stop: Arc::clone(&stop),
            position: game.position,
            started: Instant::now(),
            budget,
        });
        game.hint = None;
        game.touch(false);
        let state = game.state().clone();
        let shared = Arc::clone(shared);
        let games = Arc::clone(self);
        let seed = self.seed ^ game.position.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let position = game.position;
        std::thread::spawn(move || {
            let analysis = ai::search_until(&state, budget, &mut Rng::new(seed), &stop);
            let mut g = lock(&shared);
            if g.position != position || g.thinking.is_none() {
                return;
            }
            let rules = g.rules().clone();
            match analysis {
                None => {
                    g.thinking = None;
                    g.notice = Some("no legal move to search".into());
                }
                Some(a) => {
                    let text = a.best.to_text(&rules);
                    let summary = if a.playouts == 0 {
                        "the only legal move".to_string()
                    } else {
                        format!(
                            "{} playouts in {:.1}s{}; the mover is expected to win {}",
                            a.playouts,
                            a.seconds,
                            if a.stopped { " (stopped)" } else { "" },
                            a.value().map_or("50%".to_string(), |e| e.to_string())
                        )
                    };
                    match task {
                        Task::Hint => {
                            g.thinking = None;
                            let cells = g.arrivals(a.best);
                            g.hint = Some(Hint {
                                text,
                                cells,
                                summary,
                            });
                            g.touch(false);
                        }
                        Task::Move => {
                            let mover = rules.players()[g.state().to_move()].clone();
                            g.thinking = None;
                            match g.play(&text) {
                                Ok(_) => {
                                    g.notice = Some(format!(
                                        "{mover} (computer) played {text}: {summary}"
                                    ));
                                    games.autoplay(&shared, &mut g);
                                }
                                Err(e) => {
                                    g.notice =
                                        Some(format!("the computer's move failed: {}", e.message))
                                }
                            }
                            g.touch(false);
                        }
                    }
                }
            }
            drop(g);
            games.pulse.beat();
        });
        Ok(())
    }

    /// Lets the computer move if it plays the player to move at the end of the line.
    pub fn autoplay(self: &Arc<Self>, shared: &Shared, game: &mut Game) {
        if game.thinking.is_none() && game.at_end() && game.computer_to_move() {
            let budget = game.budget;
            let _ = self.think(shared, game, Task::Move, budget);
        }
    }
}
