//! The playout loop for turns drawn apart (`Turn::drawn_apart`: an independent "slide
//! (or not), then place", a movement game's usual turn): each move's slide and
//! placement drawn on their own (`sample::draw_apart`) and played with the turn's
//! rules, without the general turn's dispatch, and without packing the steps into a
//! move and taking it apart again.
//!
//! The loop plays the same moves, from the same random numbers, as drawing and
//! applying them one at a time would. It lives out of line from the playout loop, so
//! that the placement games' loop there keeps its registers.

use super::*;

/// How a run of turns drawn apart stopped.
pub(super) enum Apart {
    /// At the ply limit, or at the game's end.
    Done,
    /// At a turn the loop does not draw (another turn, or the swap open): the caller
    /// plays one move the general way.
    General,
    /// At a turn whose draw found no move: what listing the turn's moves found,
    /// which the caller settles.
    Drawn(Option<Move>),
}

impl State {
    /// The turn of the player to move, in `rules` (the state's own, borrowed apart),
    /// when its moves are drawn apart and no other move (the swap) is open.
    #[inline(always)]
    fn apart_turn<'r>(&self, rules: &'r Rules) -> Option<&'r Turn> {
        let turn = rules.turns.get(self.turn as usize)?;
        (turn.drawn_apart(rules.glyphs_after_turn) && !self.swap_available()).then_some(turn)
    }

    /// Plays turns drawn apart (from an ongoing or open position), showing each move
    /// to `visit` before it is played and counting it in `moves`, until the game
    /// ends, the ply reaches `max_plies`, or a turn is not drawn apart or has no
    /// drawn move (see `Apart`).
    #[inline(never)]
    pub(super) fn play_apart(
        &mut self,
        rules: &Rules,
        rng: &mut Rng,
        max_plies: u32,
        visit: &mut impl FnMut(&State, Move),
        moves: &mut u32,
    ) -> Apart {
        while self.ply < max_plies && matches!(self.status, Status::Ongoing | Status::Open) {
            let Some(turn) = self.apart_turn(rules) else {
                return Apart::General;
            };
            let Some(drawn) = sample::draw_apart(&self.view(self.to_move), turn, rng) else {
                return Apart::Drawn(self.listed_move(rng, &[]));
            };
            self.status = Status::Ongoing;
            let mv = sample::joined(drawn.0, drawn.1);
            visit(self, mv);
            self.apply_drawn(rules, turn, drawn, mv);
            *moves += 1;
        }
        Apart::Done
    }
}
