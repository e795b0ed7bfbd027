//! An observation is what a server sends each seat after each move: its
//! JSON stays within twice the state's, in the state's notation.
#![cfg(feature = "serde")]

use carte_core::{Game, HiddenInfo, Seat, deal_rng};
use zama_rules::{Config, Observation, Zama};

fn check(players: usize, seed: u64) {
    let mut game = Zama::new(&Config::default().with_players(players), seed).unwrap();
    let mut rng = deal_rng(seed);
    let mut ply = 0;
    loop {
        if ply % 7 == 0 || game.is_over() {
            let state = serde_json::to_string(&game).unwrap().len();
            for seat in Seat::all(game.num_seats()) {
                let obs = game.observation(seat).unwrap();
                let json = serde_json::to_string(&obs).unwrap();
                assert!(
                    json.len() <= 2 * state,
                    "{players} players, ply {ply}, {seat}: {} bytes against {state}",
                    json.len()
                );
                assert_eq!(serde_json::from_str::<Observation>(&json).unwrap(), obs);
            }
        }
        if game.play_random_move(&mut rng).is_none() {
            break;
        }
        ply += 1;
    }
}

#[test]
fn two_player_views_are_compact() {
    for seed in 0..3 {
        check(2, seed);
    }
}

#[test]
fn four_player_views_are_compact() {
    check(4, 11);
}

#[test]
fn a_view_shows_unknown_cards_as_their_back() {
    let game = Zama::new(&Config::default(), 5).unwrap();
    let json = serde_json::to_value(game.observation(Seat::new(0)).unwrap()).unwrap();
    let board = json["board"].as_str().unwrap();
    assert!(board.split_whitespace().any(|t| t == "b?"), "{board}");
    assert!(
        !board.split_whitespace().any(|t| t.starts_with('b') && t != "b?"),
        "Blue's cards are hidden from Red: {board}"
    );
    // A view whose shown card Red cannot know is refused.
    let mut bad = json.clone();
    let text = board.replacen("b?", "bKs", 1);
    bad["board"] = serde_json::Value::String(text);
    assert!(serde_json::from_value::<Observation>(bad).is_err());
}
