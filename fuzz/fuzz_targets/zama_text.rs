//! Zama readers: move notation, cells, cards, games (two and four players),
//! observations (validated on load), replays and configurations from JSON.
#![no_main]

use carte_fuzz::{check_display_roundtrip, fuzz_text};
use libfuzzer_sys::fuzz_target;
use zama_rules::{Square, Zama, ZamaCard};

fn cells_and_cards(text: &str) {
    check_display_roundtrip::<Square>(text);
    if let Ok(card) = text.parse::<ZamaCard>() {
        // Both the symbol form and the ASCII form (`{:#}`) read back.
        assert_eq!(card.to_string().parse::<ZamaCard>().ok(), Some(card), "{text:?}");
        assert_eq!(format!("{card:#}").parse::<ZamaCard>().ok(), Some(card), "{text:?}");
    }
}

fuzz_target!(|data: &[u8]| fuzz_text::<Zama>(data, &[cells_and_cards]));
