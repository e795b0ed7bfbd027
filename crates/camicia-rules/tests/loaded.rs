//! Loaded states: only what some game reaches is accepted, and counters
//! never overflow.

use camicia_rules::{
    Camicia, Config, Deal, Deck, EndRule, MAX_LOADED_COUNT, Move, PlayResult, Player, Preset, Setup, SetupError,
};
use carte_core::Game;

fn after(deal: &str, turns: usize) -> Camicia {
    let deal = Deal::parse(Preset::Camicia, deal).unwrap();
    let mut game = Camicia::with_config(&deal, &Config::new(Preset::Camicia)).unwrap();
    for _ in 0..turns {
        game.apply(Move::Turn).unwrap();
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
    assert!(matches!(Camicia::from_setup(&setup), Err(SetupError::CountTooLarge { cards: u64::MAX, .. })));
    setup.cards = MAX_LOADED_COUNT + 1;
    assert_eq!(
        Camicia::from_setup(&setup),
        Err(SetupError::CountTooLarge { cards: MAX_LOADED_COUNT + 1, max: MAX_LOADED_COUNT })
    );
    // At the limit the game still plays, and the counter grows.
    setup.cards = MAX_LOADED_COUNT;
    let mut loaded = Camicia::from_setup(&setup).unwrap();
    loaded.apply(Move::Turn).unwrap();
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
    assert_eq!(
        Camicia::from_setup(&setup),
        Err(SetupError::WrongPlayerToMove { expected: Player::A, found: Player::B })
    );
    // A turned 2: B pays; A to move with the same debt is refused.
    let game = after("2--/---", 1);
    let mut setup = game.to_setup();
    assert_eq!((setup.to_move, setup.debt), (Player::B, 2));
    setup.to_move = Player::A;
    assert_eq!(
        Camicia::from_setup(&setup),
        Err(SetupError::WrongPlayerToMove { expected: Player::B, found: Player::A })
    );
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
    assert_eq!(Camicia::from_setup(&setup), Err(SetupError::TooManyTricks { tricks: 2, collected: 2 }));
    setup.cards = 4;
    assert!(Camicia::from_setup(&setup).is_ok());
    // A won game: its final trick may take a single card.
    let won = after("-/-", 2);
    assert_eq!((won.winner(), won.cards(), won.tricks()), (Some(Player::B), 2, 1));
    let mut setup = won.to_setup();
    setup.tricks = 2;
    assert_eq!(Camicia::from_setup(&setup), Err(SetupError::TooManyTricks { tricks: 2, collected: 2 }));
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
    assert_eq!(
        Camicia::from_setup(&setup),
        Err(SetupError::BadKind { row: "hand A", position: 1, kind: 4, preset: Preset::Camicia })
    );
    let literal = Config::new(Preset::Camicia).with_end_rule(EndRule::EmptyHandLoses);
    let setup = Setup::start(&Deal::parse(Preset::Camicia, "1/-").unwrap(), literal);
    assert!(Camicia::from_setup(&setup).is_ok());
}

/// Every reason a loaded state is refused has its own error: each state
/// below breaks exactly one rule of a reachable state.
#[test]
fn each_refusal_names_its_reason() {
    let refused = |setup: &Setup| Camicia::from_setup(setup).expect_err("a state no game reaches");
    let draws = Config::new(Preset::Camicia).with_draw_on_repeat(true);

    let start = Setup::start(&Deal::parse(Preset::Camicia, "1/-").unwrap(), Config::new(Preset::Camicia));
    let mut setup = start.clone();
    setup.config.deck = Some(Deck::of(Preset::BeggarMyNeighbour));
    assert!(matches!(refused(&setup), SetupError::OtherPresetDeck { preset: Preset::Camicia, .. }));
    let mut setup = start.clone();
    setup.hands[Player::B].clear();
    assert_eq!(refused(&setup), SetupError::TooFewCards { total: 1 });
    let mut setup = start;
    setup.pile = vec![3];
    setup.hands[Player::A].clear();
    setup.hands[Player::B] = vec![0, 0, 0];
    setup.cards = 1;
    setup.to_move = Player::B;
    setup.debt = 3;
    assert!(Camicia::from_setup(&setup).is_ok());
    setup.pile.push(4);
    setup.hands[Player::B].pop();
    assert!(matches!(refused(&setup), SetupError::BadKind { row: "pile", position: 2, kind: 4, .. }));

    // A turned 1: B owes one card.
    let owing = after("1--/-2", 1).to_setup();
    assert_eq!((owing.to_move, owing.debt), (Player::B, 1));
    let mut setup = owing.clone();
    setup.pile.push(0);
    setup.hands[Player::B].remove(0);
    setup.cards = 2;
    assert_eq!(refused(&setup), SetupError::UncollectedPayment);
    let mut setup = owing.clone();
    setup.cards = 0;
    assert_eq!(refused(&setup), SetupError::CountsAndPile { cards: 0, tricks: 0, on_pile: 1 });
    let mut setup = owing.clone();
    setup.winner = Some(Player::A);
    assert_eq!(refused(&setup), SetupError::WinnerWithoutEveryCard { winner: Player::A });
    let mut setup = owing.clone();
    setup.debt = 2;
    assert_eq!(refused(&setup), SetupError::WrongDebt { debt: 2, expected: 1 });
    let mut setup = owing;
    setup.hands[Player::B].clear();
    assert_eq!(refused(&setup), SetupError::MoverWithoutCard { player: Player::B });

    // A collected "1-" and leads.
    let led = after("1--/-2", 2).to_setup();
    let mut setup = led.clone();
    let b = std::mem::take(&mut setup.hands[Player::B]);
    setup.hands[Player::A].extend(b);
    assert_eq!(refused(&setup), SetupError::AlreadyOver { player: Player::B });
    let mut setup = led.clone();
    setup.drawn = true;
    assert_eq!(refused(&setup), SetupError::DrawWithoutRepeat);
    let mut setup = led.clone();
    setup.repeat_at = Some(2);
    assert_eq!(refused(&setup), SetupError::RepeatWithoutOption);
    let mut setup = led.clone();
    setup.config = draws;
    setup.drawn = true;
    assert_eq!(refused(&setup), SetupError::DrawAwayFromRepeat);
    let mut setup = led;
    setup.config = draws;
    setup.repeat_at = Some(2);
    assert_eq!(refused(&setup), SetupError::NoLoopAhead);

    // An endless deal, at its start.
    let deal = Deal::parse(Preset::BeggarMyNeighbour, "---K---Q-KQAJ-----AAJ--J--/----------Q----KQ-J-----KA").unwrap();
    let PlayResult::Loop { cards, lead_in_cards, .. } = deal.play_out(EndRule::Standard).unwrap() else {
        panic!("a loop")
    };
    assert!(lead_in_cards > 0);
    let mut setup = Setup::start(&deal, Config::new(Preset::BeggarMyNeighbour).with_draw_on_repeat(true));
    setup.repeat_at = Some(cards);
    assert!(Camicia::from_setup(&setup).is_ok());
    setup.repeat_at = Some(cards + 1);
    assert_eq!(refused(&setup), SetupError::RepeatOutOfReach { at: cards + 1, from: 0, to: cards });
    setup.repeat_at = Some(cards - 1);
    assert_eq!(refused(&setup), SetupError::RepeatOffBoundary { at: cards - 1 });
    // The messages still say what is wrong.
    assert_eq!(
        SetupError::WrongDebt { debt: 2, expected: 1 }.to_string(),
        "invalid camicia state: debt 2 but the pile says 1"
    );
}
