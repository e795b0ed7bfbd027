//! An observation is what a server sends each seat after each move: its
//! JSON stays within twice the state's.
#![cfg(feature = "serde")]

use carte_core::{HiddenInfo, RandomPlayer, Seat, Seeded, deal_rng};
use gonzago_rules::{Config, Deck, Hand, Match};
use serde::Serialize;

fn check<G: HiddenInfo + Serialize>(mut game: G, seed: u64)
where
    G::Observation: Serialize,
{
    let (mut player, mut rng) = (RandomPlayer::new(), deal_rng(seed));
    for ply in 0.. {
        let state = serde_json::to_string(&game).unwrap().len();
        for seat in Seat::all(game.num_seats()) {
            let json = serde_json::to_string(&game.observation(seat).unwrap()).unwrap();
            assert!(json.len() <= 2 * state, "ply {ply}, {seat}: {} bytes against {state}", json.len());
        }
        let Some(mv) = player.choose(&game, &mut rng) else { break };
        game.apply(mv).unwrap();
    }
}

#[test]
fn views_are_compact() {
    for (seed, deck) in [(0, Deck::Italian), (1, Deck::French)] {
        check(Hand::from_seed(&deck, seed).unwrap(), seed);
        check(Match::from_seed(&Config::new(deck, gonzago_rules::MatchMode::Single), seed).unwrap(), seed);
    }
}
