//! weft against an independent, hand-written implementation of Crossway and
//! Crosswind (`benches/handwritten`, which shares no code with weft): the same legal
//! moves and outcomes at every step of random games, and the same perft counts with
//! the swap rule, which the reference values do not cover.

use crate::common::*;
use crate::handwritten::{self as hw, Colour, Game, Rules as HwRules};
use weft::engine::rng::Rng;
use weft::engine::state::{Claim, DrawKind, Move, Outcome, State};
use weft::tools::perft::perft;

fn hw_move(m: Move, s: &State) -> hw::Move {
    match m {
        Move::Place(c) => {
            let (x, y) = s.rules().board().xy(c);
            hw::Move::Place {
                col: x as usize,
                row: y as usize,
            }
        }
        Move::Swap => hw::Move::Swap,
        Move::Pass => hw::Move::Pass,
        other => panic!("placement games have no move like {other:?}"),
    }
}

fn same_outcome(w: Option<Outcome>, h: Option<hw::Outcome>) -> bool {
    matches!(
        (w, h),
        (None, None)
            | (Some(Outcome::Win(0)), Some(hw::Outcome::Win(Colour::Black)))
            | (Some(Outcome::Win(1)), Some(hw::Outcome::Win(Colour::White)))
            | (
                Some(Outcome::Draw(DrawKind::Deadlock)),
                Some(hw::Outcome::Draw)
            )
            | (
                Some(Outcome::Stopped(Claim::MoverCanMove)),
                Some(hw::Outcome::Stuck)
            )
    )
}

fn lockstep<R: HwRules>(name: &str, sizes: &[usize], games: u64) {
    for &n in sizes {
        let rules = rules(name, n as i64);
        for g in 0..games {
            let mut rng = Rng::for_game(n as u64 * 1000, g);
            let mut w = State::new(rules.clone());
            let mut h: Game<R> = Game::new(n, true);
            loop {
                let mut wm: Vec<String> =
                    w.legal_moves().iter().map(|m| m.to_text(&rules)).collect();
                let mut hm: Vec<String> = h.legal_moves().iter().map(|m| m.to_string()).collect();
                wm.sort();
                hm.sort();
                assert_eq!(wm, hm, "{name} {n}x{n} game {g} ply {}", w.ply());
                assert!(
                    same_outcome(w.outcome(), h.outcome()),
                    "{name} {n}x{n} game {g}"
                );
                let Some(m) = w.random_move(&mut rng) else {
                    break;
                };
                assert!(h.play(hw_move(m, &w)));
                w.play_unchecked(m);
            }
        }
    }
}

#[test]
fn crossway_agrees_with_the_hand_written_implementation() {
    lockstep::<hw::CrosswayRules>("crossway", &[2, 3, 4, 5, 6, 9], 40);
}

#[test]
fn crosswind_agrees_with_the_hand_written_implementation() {
    lockstep::<hw::CrosswindRules>("crosswind", &[2, 3, 4, 5, 6, 9], 40);
}

#[test]
fn perft_with_swap_agrees_with_the_hand_written_implementation() {
    for (n, depth) in [(2, 4), (3, 5), (4, 4)] {
        let mut cw: hw::Crossway = Game::new(n, true);
        assert_eq!(
            perft(&State::new(rules("crossway", n as i64)), depth),
            cw.perft(depth as u32),
            "crossway {n}x{n}"
        );
        let mut cd: hw::Crosswind = Game::new(n, true);
        assert_eq!(
            perft(&State::new(rules("crosswind", n as i64)), depth),
            cd.perft(depth as u32),
            "crosswind {n}x{n}"
        );
    }
}
