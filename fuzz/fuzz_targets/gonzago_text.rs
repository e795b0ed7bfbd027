//! Gonzago readers: move notation (canonical and French), cards, hands,
//! matches, observations, replays and configurations from JSON.
#![no_main]

use carte_fuzz::{check_display_roundtrip, fuzz_text};
use gonzago_rules::{Card, Deck, Hand, Match};
use libfuzzer_sys::fuzz_target;

/// A move typed on the French deck shows and reads back the same.
fn french_move(text: &str) {
    if let Ok(mv) = Deck::French.parse_move(text) {
        let shown = Deck::French.show_move(mv).to_string();
        assert_eq!(Deck::French.parse_move(&shown).ok(), Some(mv), "{text:?} shown as {shown:?}");
        assert_eq!(Deck::Italian.parse_move(&mv.to_string()).ok(), Some(mv));
    }
}

fn cards(text: &str) {
    check_display_roundtrip::<Card>(text);
    for deck in [Deck::Italian, Deck::French] {
        if let Ok(c) = deck.parse_card(text) {
            assert_eq!(deck.parse_card(&deck.show(c).to_string()).ok(), Some(c), "{text:?}");
        }
    }
}

fuzz_target!(|data: &[u8]| {
    // The top bit of the first byte picks the game: a hand or a match.
    if data.first().is_some_and(|b| b & 0x80 != 0) {
        fuzz_text::<Match>(data, &[french_move, cards]);
    } else {
        fuzz_text::<Hand>(data, &[french_move, cards]);
    }
});
