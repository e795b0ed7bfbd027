//! Serialized states, moves and observations: round trips, and validation
//! of hand-corrupted JSON (an error, never a panic or an invalid value).

mod common;

use carte_core::{Game, HiddenInfo, Replay, Seeded, deal_rng, random_playout};
use gonzago_rules::{Config, Deck, Hand, Match, MatchMode, Move, Player, heuristic_move};
use serde_json::{Value as Json, json};

/// A seeded hand six moves in: A deals; B leads 2d; A, B, A draw; B plays 3s; A draws.
fn hand_json() -> Json {
    let mut hand = Hand::from_seed(&Deck::Italian, 8).unwrap();
    random_playout(&mut hand, &mut deal_rng(3), 6);
    serde_json::to_value(&hand).unwrap()
}

fn refused<T: serde::de::DeserializeOwned + std::fmt::Debug>(json: Json) -> String {
    match serde_json::from_value::<T>(json) {
        Ok(v) => panic!("accepted {v:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn states_round_trip_through_json() {
    let mut rng = deal_rng(4);
    for mode in [MatchMode::Single, MatchMode::BestOfThree, MatchMode::Points] {
        let mut game = Match::from_seed(&Config { deck: Deck::French, mode }, 21).unwrap();
        while !game.is_over() {
            let text = serde_json::to_string(&game).unwrap();
            assert_eq!(serde_json::from_str::<Match>(&text).unwrap(), game);
            let hand_text = serde_json::to_string(game.hand()).unwrap();
            assert_eq!(&serde_json::from_str::<Hand>(&hand_text).unwrap(), game.hand());
            game.apply(heuristic_move(game.hand(), &mut rng).unwrap()).unwrap();
        }
        let text = serde_json::to_string(&game).unwrap();
        assert_eq!(serde_json::from_str::<Match>(&text).unwrap(), game);
    }
}

#[test]
fn moves_configs_and_observations_round_trip() {
    for text in ["play 4c 4d", "draw", "pass", "play Rb"] {
        let mv: Move = text.parse().unwrap();
        let json = serde_json::to_string(&mv).unwrap();
        assert_eq!(json, format!("\"{text}\""));
        assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), mv);
    }
    assert!(serde_json::from_str::<Move>("\"play 4c 4c\"").is_err());
    let config = Config { deck: Deck::French, mode: MatchMode::BestOfThree };
    let json = serde_json::to_value(config).unwrap();
    assert_eq!(json, json!({"deck": "french", "mode": "best_of_three"}));
    assert_eq!(serde_json::from_value::<Config>(json).unwrap(), config);
    let game = Match::from_seed(&config, 3).unwrap();
    let obs = game.observation(Player::B.seat()).unwrap();
    let back = serde_json::from_str(&serde_json::to_string(&obs).unwrap()).unwrap();
    assert_eq!(obs, back);
}

#[test]
fn replays_rebuild_the_match() {
    let config = Config { deck: Deck::French, mode: MatchMode::Points };
    let mut replay = Replay::<Match>::new(config, 77);
    let mut game = replay.start().unwrap();
    let mut rng = deal_rng(0);
    while !game.is_over() {
        let mv = heuristic_move(game.hand(), &mut rng).unwrap();
        game.apply(mv).unwrap();
        replay.push(mv);
    }
    let json = serde_json::to_string(&replay).unwrap();
    let back: Replay<Match> = serde_json::from_str(&json).unwrap();
    assert_eq!(back.replay().unwrap(), game);
}

#[test]
fn the_valid_hand_json_is_accepted() {
    let json = hand_json();
    let hand: Hand = serde_json::from_value(json.clone()).unwrap();
    assert_eq!(serde_json::to_value(&hand).unwrap(), json);
}

#[test]
fn corrupted_hands_are_refused() {
    let base = hand_json();
    assert_eq!(base["history"], json!(["play 2d", "draw", "draw", "draw", "play 3s", "draw"]));
    let with = |f: &dyn Fn(&mut Json)| {
        let mut j = base.clone();
        f(&mut j);
        j
    };
    // A card in two places.
    let e = refused::<Hand>(with(&|j| j["stock"][0] = j["hands"][0][0].clone()));
    assert!(e.contains("in two places"), "{e}");
    // A card missing.
    let e = refused::<Hand>(with(&|j| {
        j["stock"].as_array_mut().unwrap().pop();
    }));
    assert!(e.contains("missing"), "{e}");
    // A card moved from the stock to a hand: sizes no longer fit.
    let e = refused::<Hand>(with(&|j| {
        let c = j["stock"].as_array_mut().unwrap().pop().unwrap();
        j["hands"][1].as_array_mut().unwrap().push(c);
    }));
    assert!(e.contains("player B holds 4 cards but was dealt 4, drew 1 and played 2"), "{e}");
    // An illegal move in the history: 3s is not adjacent to 2d... (here 7s).
    let e = refused::<Hand>(with(&|j| {
        j["history"][4] = json!("play 7s");
        let h = j["hands"][0].as_array_mut().unwrap();
        h.retain(|c| c != "7s");
        h.push(json!("3s"));
    }));
    assert!(e.contains("history move 4: illegal move play 7s: 7 is not adjacent to 2"), "{e}");
    // A pass while the stock has cards.
    let e = refused::<Hand>(with(&|j| {
        j["history"][3] = json!("pass");
        let c = j["hands"][0].as_array_mut().unwrap().pop().unwrap();
        j["stock"].as_array_mut().unwrap().insert(0, c);
    }));
    assert!(e.contains("history move 3: illegal move pass: you may pass only once the stock is empty"), "{e}");
    // A draw as the lead.
    let e = refused::<Hand>(with(&|j| {
        j["history"][0] = json!("draw");
        let c = j["stock"].as_array_mut().unwrap().pop().unwrap();
        j["hands"][1].as_array_mut().unwrap().extend([json!("2d"), c]);
    }));
    assert!(e.contains("history move 0: illegal move draw: the hand opens with a play"), "{e}");
    // Nonsense values.
    assert!(refused::<Hand>(with(&|j| j["stock"][0] = json!("Xz"))).contains("not a"));
    assert!(refused::<Hand>(with(&|j| j["deck"] = json!("german"))).contains("unknown variant"));
    assert!(refused::<Hand>(with(&|j| j["dealer"] = json!("C"))).contains("unknown variant"));
    assert!(refused::<Hand>(with(&|j| j["hands"] = json!([[]]))).contains("invalid length"));
    assert!(refused::<Hand>(with(&|j| j["hands"][0][1] = j["hands"][0][0].clone())).contains("listed twice"));
    assert!(refused::<Hand>(with(&|j| j["history"] = json!(vec!["draw"; 200]))).contains("longer than any hand"));
    assert!(refused::<Hand>(with(&|j| j["history"][1] = json!("play"))).contains("name the cards"));
}

#[test]
fn moves_after_the_end_are_refused_in_a_history() {
    let mut hand = Hand::from_seed(&Deck::Italian, 2).unwrap();
    random_playout(&mut hand, &mut deal_rng(2), 1_000);
    assert!(hand.is_over());
    let mut json = serde_json::to_value(&hand).unwrap();
    json["history"].as_array_mut().unwrap().push(json!("pass"));
    let e = refused::<Hand>(json);
    assert!(e.contains("illegal move pass: the game is over") || e.contains("pass"), "{e}");
}

#[test]
fn corrupted_matches_are_refused() {
    let config = Config { deck: Deck::Italian, mode: MatchMode::Points };
    let mut game = Match::from_seed(&config, 5).unwrap();
    let mut rng = deal_rng(1);
    while game.hand_number() < 3 {
        game.apply(heuristic_move(game.hand(), &mut rng).unwrap()).unwrap();
    }
    let base = serde_json::to_value(&game).unwrap();
    let with = |f: &dyn Fn(&mut Json)| {
        let mut j = base.clone();
        f(&mut j);
        j
    };
    assert_eq!(serde_json::from_value::<Match>(base.clone()).unwrap(), game);
    let e = refused::<Match>(with(&|j| j["points"][0] = json!(21)));
    assert!(e.contains("decided"), "{e}");
    assert!(refused::<Match>(with(&|j| j["points"] = json!([0, 0]))).contains("scores"));
    assert!(refused::<Match>(with(&|j| j["hand_number"] = json!(4))).contains("dealer"));
    assert!(refused::<Match>(with(&|j| j["last_hand"] = Json::Null)).contains("record"));
    assert!(refused::<Match>(with(&|j| j["mode"] = json!("single"))).contains("single"));
    assert!(refused::<Match>(with(&|j| j["wins"] = json!([9, 0]))).contains("scores"));
    assert!(refused::<Match>(with(&|j| j["hand"]["stock"][0] = json!("4c"))).contains("bad setup"));
    let mut best = with(&|j| j["mode"] = json!("best_of_three"));
    best["wins"] = json!([2, 0]);
    assert!(refused::<Match>(best).contains("decided"));
}
