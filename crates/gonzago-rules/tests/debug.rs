//! `Debug` in notation, on the deck the value knows: a French hand shows
//! French names (never Italian ones that read as other cards).

mod common;

use carte_core::{HiddenInfo, Seat};
use gonzago_rules::{Deck, Hand, Move, Player};

/// A French hand where A holds 2♦ 2♥ 5♣ J♦.
fn french_hand() -> Hand {
    let canonical = |names: &[&str]| -> String {
        names.iter().map(|n| Deck::French.parse_card(n).unwrap().to_string()).collect::<Vec<_>>().join(" ")
    };
    let mut setup = common::setup(
        Player::B,
        &[],
        &canonical(&["2d", "2h", "5c", "Jd"]),
        &canonical(&["3c", "4c", "6c", "7c"]),
        "*",
    );
    setup.deck = Deck::French;
    Hand::from_setup(&setup).unwrap()
}

#[test]
fn a_french_hand_debugs_in_french_names() {
    let hand = french_hand();
    let text = format!("{hand:?}");
    assert!(text.contains("a: {2♦, 2♥, 5♣, J♦}"), "{text}");
    let pretty = format!("{hand:#?}");
    assert!(pretty.contains("a: {2♦, 2♥, 5♣, J♦}"), "{pretty}");
    assert!(!pretty.contains(" di "), "Italian long names in a French hand: {pretty}");
    let view = hand.observation(Seat::new(0)).unwrap();
    assert!(format!("{view:?}").contains("held: {2♦, 2♥, 5♣, J♦}"), "{view:?}");
    assert!(format!("{view:#?}").contains("held: {2♦, 2♥, 5♣, J♦}"));
    assert!(format!("{:?}", hand.to_setup()).contains("a: {2♦, 2♥, 5♣, J♦}"));
    // Display and the observation string name the cards on the deck too.
    assert!(hand.to_string().contains("2♦ 2♥ 5♣ J♦"), "{hand}");
    let two: Move = Deck::French.parse_move("play 2d 2h").unwrap();
    assert_eq!(format!("{two:?}"), "play 2♦ 2♥");
    assert_eq!(format!("{:?}", Some(two)), "Some(play 2♦ 2♥)");
    // The same cards on the Italian deck keep the Italian names.
    assert_eq!(format!("{:?}", two.on_deck(Deck::Italian)), format!("play {}", two.cards()));
}
