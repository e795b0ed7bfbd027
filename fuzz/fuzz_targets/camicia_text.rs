//! Camicia readers: move notation, deals and decks of both presets, games,
//! observations, replays and configurations from JSON.
#![no_main]

use camicia_rules::{Camicia, Deal, Deck, EndRule, Preset};
use carte_fuzz::fuzz_text;
use libfuzzer_sys::fuzz_target;

/// A deal that parses prints back to itself and starts a game.
fn deal_text(text: &str) {
    for preset in [Preset::Camicia, Preset::BeggarMyNeighbour] {
        if let Ok(deal) = Deal::parse(preset, text) {
            let shown = deal.to_string();
            assert_eq!(Deal::parse(preset, &shown).as_ref(), Ok(&deal), "{text:?} shown as {shown:?}");
            if deal.len() <= 200 {
                let mut game = Camicia::from_deal(&deal, EndRule::Standard).expect("a parsed deal plays");
                for _ in 0..2_000 {
                    if game.is_over() || game.turn().is_err() {
                        break;
                    }
                }
            }
        }
        if let Ok(deck) = Deck::parse(preset, text) {
            let deal = Deal::seeded_of(&deck, 7);
            assert!(deal.is_deal_of(&deck), "{text:?}");
        }
    }
}

fuzz_target!(|data: &[u8]| fuzz_text::<Camicia>(data, &[deal_text]));
