//! Deal notation: what is read, and the errors that name the position.

use camicia_rules::{Deal, DealError, Player, Preset};

/// Rules C20, C21 and C28: `HAND/HAND`, A first, top card leftmost, in both alphabets.
#[test]
fn reads_both_alphabets() {
    let d = Deal::parse(Preset::Camicia, "0-123/3").unwrap();
    assert_eq!(d.hands[Player::A], [0, 0, 1, 2, 3]);
    assert_eq!(d.to_string(), "--123/3");
    let d = Deal::parse(Preset::BeggarMyNeighbour, " -JQKA/a-\n").unwrap();
    assert_eq!(d.hands[Player::A], [0, 1, 2, 3, 4]);
    assert_eq!(d.hands[Player::B], [4, 0]);
    assert_eq!(d.to_string(), "-JQKA/A-");
}

/// Rules C23 and C24: errors name the character and position; an empty hand is refused.
#[test]
fn errors_name_the_character_and_position() {
    let err = |preset, text| Deal::parse(preset, text).unwrap_err().to_string();
    assert_eq!(err(Preset::Camicia, "12x/3"), "bad deal at position 3: 'x' is not a card of camicia");
    assert_eq!(err(Preset::Camicia, "1J/3"), "bad deal at position 2: 'J' is not a card of camicia");
    assert_eq!(err(Preset::BeggarMyNeighbour, "J2/-"), "bad deal at position 2: '2' is not a card of bmn");
    assert_eq!(err(Preset::Camicia, "123"), "bad deal: no '/' between the two hands");
    assert_eq!(err(Preset::Camicia, "1/2/3"), "bad deal at position 4: a second '/' (a deal has two hands)");
    assert_eq!(err(Preset::Camicia, "/3"), "bad deal at position 1: hand A is empty");
    assert_eq!(err(Preset::Camicia, "12/"), "bad deal at position 4: hand B is empty");
    assert_eq!(err(Preset::Camicia, "  1x/3"), "bad deal at position 4: 'x' is not a card of camicia");
}

/// Rule C25: an analysis deal may hold any number of cards, e.g. several
/// decks.
#[test]
fn analysis_deals_may_hold_any_number_of_cards() {
    let long = format!("{}/-", "1".repeat(600));
    let deal = Deal::parse(Preset::Camicia, &long).expect("any length");
    assert_eq!(deal.len(), 601);
    assert_eq!(deal.to_string(), long);
}

/// Rules C22 and C23: a full deal holds exactly the deck; analysis deals hold any cards.
#[test]
fn a_full_deal_needs_the_whole_deck() {
    let full = Deal::seeded(Preset::Camicia, 5).to_string();
    assert!(Deal::parse_full(Preset::Camicia, &full).is_ok());
    let short = &full[1..];
    assert_eq!(
        Deal::parse_full(Preset::Camicia, short).unwrap_err().to_string(),
        format!(
            "bad deal: not a full camicia deck: found {}, expected 40 cards (28 -, 4 1, 4 2, 4 3)",
            describe(&Deal::parse(Preset::Camicia, short).unwrap())
        )
    );
    // Analysis deals may hold anything.
    assert!(Deal::parse(Preset::Camicia, short).is_ok());
    assert!(matches!(Deal::parse_full(Preset::Camicia, "2/3"), Err(DealError::NotFullDeck { .. })));
}

fn describe(deal: &Deal) -> String {
    let c = deal.counts();
    format!("{} cards ({} -, {} 1, {} 2, {} 3)", deal.len(), c[0], c[1], c[2], c[3])
}

/// Rule C23: each hand of an analysis deal holds at least one card of the preset.
#[test]
fn unchecked_deals_are_checked() {
    let mut d = Deal::parse(Preset::Camicia, "1/2").unwrap();
    d.hands[Player::B].push(4);
    assert_eq!(
        d.check().unwrap_err().to_string(),
        "bad deal: card 1 of hand B has kind 4, above the highest demand of camicia"
    );
    d.hands[Player::B].clear();
    assert!(matches!(d.check(), Err(DealError::EmptyHand { player: Player::B, .. })));
    assert!(d.play_out(camicia_rules::EndRule::Standard).is_err());
}

/// Move text is read in any case and printed as `turn` (the notation
/// convention of every game crate).
#[test]
fn turn_is_read_in_any_case() {
    for text in ["turn", "Turn", "TURN", " tUrN\n"] {
        let mv: camicia_rules::Move = text.parse().unwrap();
        assert_eq!(mv.to_string(), "turn");
    }
    assert!("turns".parse::<camicia_rules::Move>().is_err());
}
