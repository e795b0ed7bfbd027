//! Loaded states: only what some game reaches is accepted, and counters
//! never overflow.

use camicia_rules::{Camicia, CamiciaMove, Config, Deal, EndRule, MAX_LOADED_COUNT, Player, Preset, Setup};
use carte_core::Game;

fn after(deal: &str, turns: usize) -> Camicia {
    let deal = Deal::parse(Preset::Camicia, deal).unwrap();
    let mut game = Camicia::with_config(&deal, &Config::new(Preset::Camicia)).unwrap();
    for _ in 0..turns {
        game.apply(CamiciaMove::Turn).unwrap();
    }
    game
}

#[test]
fn a_counter_that_cannot_grow_is_refused_at_load() {
    // Mid-game after a trick: A took "1-" and leads.
    let game = after("1--/-2", 2);
    assert_eq!(game.tricks(), 1);
    let mut setup = game.to_setup();
    setup.cards = u64::MAX;
    assert!(Camicia::from_setup(&setup).is_err());
    setup.cards = MAX_LOADED_COUNT + 1;
    assert!(Camicia::from_setup(&setup).is_err());
    // At the limit the game still plays, and the counter grows.
    setup.cards = MAX_LOADED_COUNT;
    let mut loaded = Camicia::from_setup(&setup).unwrap();
    loaded.apply(CamiciaMove::Turn).unwrap();
    assert_eq!(loaded.cards(), MAX_LOADED_COUNT + 1);
    #[cfg(feature = "serde")]
    {
        let json = serde_json::to_string(&game).unwrap().replace("\"cards\":2", &format!("\"cards\":{}", u64::MAX));
        assert!(serde_json::from_str::<Camicia>(&json).is_err(), "{json}");
    }
}

#[test]
fn before_the_first_trick_the_pile_says_who_moves() {
    // Open play: A turned -, B turned -: A to move.
    let game = after("--1/--2", 2);
    assert_eq!(game.to_move(), Some(Player::A));
    let mut setup = game.to_setup();
    assert!(Camicia::from_setup(&setup).is_ok());
    setup.to_move = Player::B;
    assert!(Camicia::from_setup(&setup).is_err());
    // A turned 2: B pays; A to move with the same debt is refused.
    let game = after("2--/---", 1);
    let mut setup = game.to_setup();
    assert_eq!((setup.to_move, setup.debt), (Player::B, 2));
    setup.to_move = Player::A;
    assert!(Camicia::from_setup(&setup).is_err());
    // After a trick the leader is not known from the state: either is fine.
    let game = after("1--/-2", 3);
    let mut setup = game.to_setup();
    setup.to_move = setup.to_move.other();
    assert!(Camicia::from_setup(&setup).is_ok());
}

#[test]
fn more_tricks_than_the_turned_cards_can_make_are_refused() {
    let game = after("1--/-2", 2);
    let mut setup = game.to_setup();
    assert_eq!((setup.cards, setup.tricks), (2, 1));
    setup.tricks = 2;
    assert!(Camicia::from_setup(&setup).is_err());
    setup.cards = 4;
    assert!(Camicia::from_setup(&setup).is_ok());
    // A won game: its final trick may take a single card.
    let won = after("-/-", 2);
    assert_eq!((won.winner(), won.cards(), won.tricks()), (Some(Player::B), 2, 1));
    let mut setup = won.to_setup();
    setup.tricks = 2;
    assert!(Camicia::from_setup(&setup).is_err());
    setup.cards = 3;
    assert!(Camicia::from_setup(&setup).is_ok());
}

#[test]
fn setups_round_trip_and_bad_kinds_are_refused() {
    for turns in 0..6 {
        let game = after("2-1-/--3--", turns);
        assert_eq!(Camicia::from_setup(&game.to_setup()).unwrap(), game);
    }
    let mut setup = Setup::start(&Deal::parse(Preset::Camicia, "1/-").unwrap(), Config::new(Preset::Camicia));
    setup.hands[Player::A] = vec![4];
    assert!(Camicia::from_setup(&setup).is_err());
    let literal = Config::new(Preset::Camicia).with_end_rule(EndRule::EmptyHandLoses);
    let setup = Setup::start(&Deal::parse(Preset::Camicia, "1/-").unwrap(), literal);
    assert!(Camicia::from_setup(&setup).is_ok());
}
