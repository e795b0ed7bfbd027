//! An observation is what a server sends each seat after each move: its
//! JSON stays within twice the state's (checked over the first 400
//! turns of a game).
#![cfg(feature = "serde")]

use camicia_rules::{Camicia, Config, Preset};
use carte_core::{HiddenInfo, RandomPlayer, Seat, Seeded, deal_rng};
use serde::Serialize;

fn check<G: HiddenInfo + Serialize>(mut game: G, seed: u64)
where
    G::Observation: Serialize,
{
    let (mut player, mut rng) = (RandomPlayer::new(), deal_rng(seed));
    for ply in 0..400 {
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
    for (seed, preset) in [(0, Preset::Camicia), (1, Preset::BeggarMyNeighbour)] {
        let config = Config::new(preset);
        check(Camicia::from_seed(&config, seed).unwrap(), seed);
    }
}

/// The view writes the pile in the state's notation and checks it on load.
#[test]
fn a_view_reads_like_the_state_and_is_checked() {
    let game = Camicia::from_seed(&Config::new(Preset::Camicia), 4).unwrap();
    let mut game = game;
    for _ in 0..5 {
        carte_core::Game::apply(&mut game, camicia_rules::Move::Turn).unwrap();
    }
    let obs = game.observation(Seat::new(1)).unwrap();
    let json = serde_json::to_value(&obs).unwrap();
    let state = serde_json::to_value(&game).unwrap();
    assert_eq!(json["pile"], state["pile"]);
    assert_eq!(serde_json::from_value::<camicia_rules::Observation>(json.clone()).unwrap(), obs);
    let mut bad = json.clone();
    bad["pile"] = "-x".into();
    assert!(serde_json::from_value::<camicia_rules::Observation>(bad).is_err());
    let mut bad = json.clone();
    bad["seat"] = 5.into();
    assert!(serde_json::from_value::<camicia_rules::Observation>(bad).is_err());
    let mut bad = json;
    bad["hand_sizes"][0] = 99.into();
    assert!(serde_json::from_value::<camicia_rules::Observation>(bad).is_err());
}
