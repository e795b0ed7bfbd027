//! Serialization: round trips, and corrupted states refused.
#![cfg(feature = "serde")]

use camicia_rules::{Camicia, Config, Deal, EndRule, Move, PlayResult, Player, Preset};
use carte_core::{Game, Seeded};

fn midgame() -> Camicia {
    // A: 2 - -   B: - - 1: after A 2 and B -, B still owes one card.
    let deal = Deal::parse(Preset::Camicia, "2--/--1").unwrap();
    let mut game = Camicia::from_deal(&deal, EndRule::Standard).unwrap();
    game.apply(Move::Turn).unwrap();
    game.apply(Move::Turn).unwrap();
    game
}

#[test]
fn states_round_trip_and_read_like_the_notation() {
    let game = midgame();
    let json = serde_json::to_string(&game).unwrap();
    assert_eq!(
        json,
        r#"{"preset":"camicia","end_rule":"standard","deck":[4,1,1,0,0],"hands":["--","-1"],"pile":"2-","to_move":"B","debt":1,"cards":2,"tricks":0,"winner":null}"#
    );
    assert_eq!(serde_json::from_str::<Camicia>(&json).unwrap(), game);
    // States saved before enum values were snake_case still load.
    assert_eq!(serde_json::from_str::<Camicia>(&json.replace("standard", "Standard")).unwrap(), game);
    let seeded = Camicia::from_seed(&Config::new(Preset::BeggarMyNeighbour), 3).unwrap();
    let back: Camicia = serde_json::from_str(&serde_json::to_string(&seeded).unwrap()).unwrap();
    assert_eq!(back, seeded);
}

#[test]
fn corrupted_states_are_refused() {
    let good = serde_json::to_string(&midgame()).unwrap();
    let corrupt = |from: &str, to: &str| {
        assert!(good.contains(from), "{from}");
        good.replacen(from, to, 1)
    };
    for bad in [
        corrupt(r#""hands":["--","-1"]"#, r#""hands":["--","-2"]"#), // a card changed: not conserved
        corrupt(r#""hands":["--","-1"]"#, r#""hands":["---","-1"]"#), // a card added
        corrupt(r#""hands":["--","-1"]"#, r#""hands":["-x","-1"]"#), // no card
        corrupt(r#""debt":1"#, r#""debt":2"#),                       // the pile says 1
        corrupt(r#""debt":1"#, r#""debt":0"#),
        corrupt(r#""pile":"2-""#, r#""pile":"-2""#),    // then B would owe 2
        corrupt(r#""winner":null"#, r#""winner":"A""#), // nobody holds every card
        corrupt(r#""cards":2"#, r#""cards":1"#),        // fewer cards turned than on the pile
        corrupt(r#""deck":[4,1,1,0,0]"#, r#""deck":[4,1,1,0,1]"#),
        corrupt(r#""preset":"camicia""#, r#""preset":"poker""#),
    ] {
        assert!(serde_json::from_str::<Camicia>(&bad).is_err(), "accepted {bad}");
    }
    // A finished game must have the winner hold everything.
    let deal = Deal::parse(Preset::Camicia, "1/-").unwrap();
    let mut done = Camicia::from_deal(&deal, EndRule::Standard).unwrap();
    done.apply(Move::Turn).unwrap();
    done.apply(Move::Turn).unwrap();
    let json = serde_json::to_string(&done).unwrap();
    assert_eq!(serde_json::from_str::<Camicia>(&json).unwrap(), done);
    assert!(serde_json::from_str::<Camicia>(&json.replace(r#""winner":"A""#, r#""winner":"B""#)).is_err());
}

#[test]
fn play_results_serialize_with_a_status_tag() {
    let r = PlayResult::Finished { winner: Player::A, cards: 5, tricks: 2 };
    assert_eq!(serde_json::to_string(&r).unwrap(), r#"{"status":"finished","winner":"A","cards":5,"tricks":2}"#);
    let l =
        PlayResult::Loop { cards: 8, tricks: 3, cycle_cards: 6, cycle_tricks: 2, lead_in_cards: 2, lead_in_tricks: 1 };
    let json = serde_json::to_string(&l).unwrap();
    assert_eq!(
        json,
        r#"{"status":"loop","cards":8,"tricks":3,"cycle_cards":6,"cycle_tricks":2,"lead_in_cards":2,"lead_in_tricks":1}"#
    );
    assert_eq!(serde_json::from_str::<PlayResult>(&json).unwrap(), l);
    let c: Config = serde_json::from_str(r#"{"preset":"bmn","end_rule":"EmptyHandLoses"}"#).unwrap();
    assert_eq!(c, Config::new(Preset::BeggarMyNeighbour).with_end_rule(EndRule::EmptyHandLoses));
}

/// JSON names seats by name and spells enum values in snake_case, as every
/// crate does; moves and setups serialize too.
#[test]
fn json_names_seats_and_spells_values_alike() {
    use carte_core::{HiddenInfo, Seat};
    let game = midgame();
    let obs = serde_json::to_value(game.observation(Seat::new(1)).unwrap()).unwrap();
    assert_eq!(obs["seat"], "B");
    let back: camicia_rules::Observation = serde_json::from_value(obs.clone()).unwrap();
    assert_eq!(back, game.observation(Seat::new(1)).unwrap());
    let mut bad = obs;
    bad["seat"] = 1.into();
    assert!(serde_json::from_value::<camicia_rules::Observation>(bad).is_err());
    let config = Config::new(Preset::Camicia).with_end_rule(EndRule::EmptyHandLoses);
    assert_eq!(serde_json::to_value(config).unwrap()["end_rule"], "empty_hand_loses");
    assert_eq!(serde_json::to_string(&Move::Turn).unwrap(), r#""turn""#);
    assert_eq!(serde_json::from_str::<Move>(r#""Turn""#).unwrap(), Move::Turn);
    assert!(serde_json::from_str::<Move>(r#""flip""#).is_err());
    let setup = game.to_setup();
    let back: camicia_rules::Setup = serde_json::from_str(&serde_json::to_string(&setup).unwrap()).unwrap();
    assert_eq!(back, setup);
}
