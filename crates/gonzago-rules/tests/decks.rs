//! The French deck end to end: a game on it reads and writes French card
//! names in moves, errors and diagrams (issue 11), and the constructors and
//! notation of hands and card sets.

mod common;

use carte_core::{Game, HiddenInfo, Replay, Seeded, deal_rng, random_playout};
use gonzago_rules::{
    ByPlayer, Card, CardSet, Deck, Hand, HandSetup, IllegalKind, Move, ParseMoveError, Player, SetupError,
};

/// `setup` moved to the French deck (the same cards, the plays named on it).
fn french(mut setup: HandSetup) -> Hand {
    setup.deck = Deck::French;
    setup.history = setup.history.iter().map(|m| m.on_deck(Deck::French)).collect();
    Hand::from_setup(&setup).unwrap()
}

/// A has led the 5c (5♣); B holds 4d 5s 5b 6d: on the French deck 4♦, 5♥,
/// 5♠, 6♦.
fn fives() -> Hand {
    french(common::setup(Player::B, &["play 5c"], "2c 3c 4c", "4d 5s 5b 6d", "*"))
}

fn french_card(text: &str) -> Card {
    Card::from_french(text.parse().unwrap()).unwrap()
}

#[test]
fn play_5s_on_the_french_deck_plays_the_five_of_spades() {
    // A led the 4♣; B holds (in Italian names) 5s 5b 7d 7s: the French
    // 5♥ 5♠ 7♦ 7♥.
    let hand = french(common::setup(Player::B, &["play 4c"], "2c 3c Ac", "5s 5b 7d 7s", "*"));
    let mut copy = hand.clone();
    let played = copy.apply_notation("play 5s").unwrap();
    assert_eq!(played.to_string(), "play 5♠");
    assert!(copy.table().contains(french_card("5s")));
    assert!(!copy.table().contains(french_card("5h")));
    assert_eq!(french_card("5s").to_string(), "5b", "the 5♠ is the Italian 5 of bastoni");
    // Symbols read the same; the Italian name of that card does not.
    assert_eq!(hand.clone().apply_notation("play 5♠").unwrap(), played);
    assert!(hand.clone().apply_notation("play 5b").is_err());
    // A match reads with its deck too.
    let mut game = gonzago_rules::Match::from_seed(
        &gonzago_rules::Config { deck: Deck::French, mode: gonzago_rules::MatchMode::Single },
        2026,
    )
    .unwrap();
    // A leads in this deal (B deals) and holds 2♦ 2♥ 5♣ J♦.
    assert_eq!(game.hand().to_move(), Some(Player::A));
    let mv = game.apply_notation("play 2h 2d").unwrap();
    assert_eq!(mv.to_string(), "play 2♦ 2♥");
}

#[test]
fn a_play_named_on_the_other_deck_is_refused_not_guessed() {
    let hand = fives();
    // Context-free, `play 5s` is the Italian 5 of spade (the French 5♥).
    let italian: Move = "play 5s".parse().unwrap();
    let mut copy = hand.clone();
    let err = copy.apply(italian).unwrap_err();
    assert_eq!(err.kind, IllegalKind::OtherDeck);
    assert_eq!(
        err.to_string(),
        "illegal move play 5s: this game is played with the French deck (cards like 4♣ or 4c, K♠ or Ks)"
    );
    assert_eq!(copy, hand);
    assert!(!hand.is_legal(italian));
    // And the other way round.
    let italian_hand = Hand::from_seed(&Deck::Italian, 3).unwrap();
    let lead = italian_hand.legal_move_vec()[0];
    assert!(italian_hand.is_legal(lead));
    assert!(!italian_hand.is_legal(lead.on_deck(Deck::French)));
}

#[test]
fn moves_errors_and_diagrams_use_french_names() {
    let mut hand = Hand::from_seed(&Deck::French, 2026).unwrap();
    let mut rng = deal_rng(5);
    let mut saw_play = false;
    while !hand.is_over() {
        for mv in hand.legal_move_vec() {
            let text = mv.to_string();
            if let Move::Play(play) = mv {
                saw_play = true;
                assert_eq!(play.deck(), Deck::French);
                assert!(text.chars().any(|c| "♣♦♥♠".contains(c)), "{text}");
                assert!(!text.chars().any(|c| "FCRb".contains(c)), "{text}");
            }
            assert_eq!(text.parse::<Move>().unwrap(), mv, "{text}");
            // What a person types on the French deck reads the same move.
            assert_eq!(hand.parse_move(&Deck::French.show_move(mv).to_string()).unwrap(), mv);
        }
        random_playout(&mut hand, &mut rng, 1);
    }
    assert!(saw_play);
    let diagram = Hand::from_seed(&Deck::French, 2026).unwrap().to_string();
    assert!(diagram.contains("player A: [2♦ 2♥ 5♣ J♦]"), "{diagram}");
    // The observation of a seat speaks French too.
    let hand = Hand::from_seed(&Deck::French, 2026).unwrap();
    let seen = hand.observation(Player::A.seat()).unwrap();
    assert_eq!(seen.held.iter().map(|c| c.to_french().to_string()).collect::<Vec<_>>(), ["2♦", "2♥", "5♣", "J♦"]);
}

#[test]
fn french_moves_serialize_and_replay_with_their_names() {
    let mut replay = Replay::<Hand>::new(Deck::French, 9);
    let mut hand = replay.start().unwrap();
    let mut rng = deal_rng(9);
    while !hand.is_over() {
        let mv = hand.random_move(&mut rng).unwrap();
        hand.apply(mv).unwrap();
        replay.push(mv);
    }
    assert!(replay.moves[0].starts_with("play ") && replay.moves[0].chars().any(|c| "♣♦♥♠".contains(c)));
    let json = serde_json::to_string(&replay).unwrap();
    let back: Replay<Hand> = serde_json::from_str(&json).unwrap();
    assert_eq!(back.replay().unwrap(), hand);
    let state = serde_json::to_string(&hand).unwrap();
    assert_eq!(serde_json::from_str::<Hand>(&state).unwrap(), hand);
    // The cards of a French state and view are French names too; ASCII
    // French names read as well.
    let fresh = Hand::from_seed(&Deck::French, 2026).unwrap();
    let json = serde_json::to_value(&fresh).unwrap();
    assert_eq!(json["hands"][0], serde_json::json!(["2♦", "2♥", "5♣", "J♦"]));
    assert_eq!(json["stock"][0], "5♥");
    let mut ascii = json.clone();
    ascii["hands"][0] = serde_json::json!(["2d", "2h", "5c", "Jd"]);
    assert_eq!(serde_json::from_value::<Hand>(ascii).unwrap(), fresh);
    let mut italian = json.clone();
    italian["hands"][0][3] = "Fd".into(); // an Italian name on the French deck
    assert!(serde_json::from_value::<Hand>(italian).is_err());
    let view = serde_json::to_value(fresh.observation(Player::A.seat()).unwrap()).unwrap();
    assert_eq!(view["held"], serde_json::json!(["2♦", "2♥", "5♣", "J♦"]));
    // The Italian deck keeps its names.
    let json = serde_json::to_value(Hand::from_seed(&Deck::Italian, 2026).unwrap()).unwrap();
    assert_eq!(json["hands"][0], serde_json::json!(["2d", "2s", "5c", "Fd"]));
}

#[test]
fn mixed_deck_notation_is_refused() {
    assert_eq!("play 5♠ 5s".parse::<Move>().unwrap_err(), ParseMoveError::MixedDecks("play 5♠ 5s".to_owned()));
    assert!(Deck::Italian.parse_move("play 5♠").is_err());
    assert!(Deck::French.parse_move("play Rb").is_err());
    assert!(Deck::French.parse_move("play 8h").is_err());
}

#[test]
fn a_hand_is_built_from_given_hands_and_stock() {
    let a: CardSet = "Ac 2c 3c 4c".parse().unwrap();
    let b: CardSet = "Ad 2d 3d 4d".parse().unwrap();
    let stock: Vec<Card> = (!(a | b)).iter().collect();
    let hand = Hand::from_deal(Deck::French, Player::A, ByPlayer::new(a, b), &stock).unwrap();
    assert_eq!((hand.held(Player::A), hand.held(Player::B)), (a, b));
    assert_eq!(hand.stock().collect::<Vec<_>>(), stock);
    assert_eq!(hand.to_move(), Some(Player::B));
    assert_eq!(hand.deck(), Deck::French);
    // A card missing from the stock, a card in two places, a short hand.
    let missing = Hand::from_deal(Deck::Italian, Player::A, ByPlayer::new(a, b), &stock[1..]).unwrap_err();
    assert_eq!(missing, SetupError::Missing(stock[0]));
    let mut twice = stock.clone();
    twice[0] = "Ac".parse().unwrap();
    let err = Hand::from_deal(Deck::Italian, Player::A, ByPlayer::new(a, b), &twice).unwrap_err();
    assert_eq!(err, SetupError::Repeated("Ac".parse().unwrap()));
    let three: CardSet = "Ac 2c 3c".parse().unwrap();
    let mut more = stock.clone();
    more.push("4c".parse().unwrap());
    let err = Hand::from_deal(Deck::Italian, Player::A, ByPlayer::new(three, b), &more).unwrap_err();
    assert!(matches!(err, SetupError::HandSize { player: Player::A, held: 3, .. }), "{err}");
}

#[test]
fn card_sets_read_back_from_their_notation() {
    let mut rng = deal_rng(0);
    for _ in 0..500 {
        let bits = carte_core::rand::RngExt::random::<u64>(&mut rng);
        let set: CardSet = CardSet::ALL.iter().filter(|c| bits >> c.index() & 1 == 1).collect();
        assert_eq!(set.to_string().parse::<CardSet>().unwrap(), set);
        for deck in [Deck::Italian, Deck::French] {
            assert_eq!(deck.parse_cards(&deck.show_cards(set).to_string()).unwrap(), set);
        }
    }
    assert_eq!("".parse::<CardSet>().unwrap(), CardSet::EMPTY);
    assert!("4c 4c".parse::<CardSet>().is_err());
    assert!("4x".parse::<CardSet>().is_err());
}

#[test]
fn observations_and_outcomes_read_as_text_with_the_games_names() {
    use carte_core::Outcome;
    use gonzago_rules::{Config, Match, MatchMode, describe_outcome};
    let mut hand = Hand::from_seed(&Deck::French, 2026).unwrap();
    hand.apply_notation("play 2d 2h").unwrap();
    hand.apply_notation("draw").unwrap();
    let view = hand.observation(Player::A.seat()).unwrap().to_string();
    assert_eq!(
        view,
        "A (B deals): your hand 5♣ J♦\ntable 2 cards, top 2; stock 31; B holds 5 cards\nmoves: play 2♦ 2♥, draw"
    );
    let game = Match::from_seed(&Config::new(Deck::Italian, MatchMode::Points), 2026).unwrap();
    let view = game.observation(Player::B.seat()).unwrap().to_string();
    assert!(
        view.starts_with("hand 1, points to 21: points A 0, B 0; hands won A 0, B 0\nB (B deals): your hand "),
        "{view}"
    );
    assert!(view.ends_with("moves: none yet"), "{view}");
    assert_eq!(describe_outcome(&Outcome::win(2, Player::A.seat())), "A wins");
    assert_eq!(describe_outcome(&Outcome::draw(2)), "draw");
    assert_eq!(gonzago_rules::MatchStatus::Won(Player::B).to_string(), "B wins the match");
    assert_eq!(gonzago_rules::HandEnd::Closed { winner: Player::A }.to_string(), "A closes and wins the hand");
    // A seat the game does not have sees nothing.
    assert!(hand.observation(carte_core::Seat::new(2)).is_err());
}
