//! Zucche e Fantasmi readers: move notation, squares, players, board
//! diagrams, games, observations, replays and configurations from JSON.
#![no_main]

use carte_fuzz::{check_display_roundtrip, fuzz_text};
use libfuzzer_sys::fuzz_target;
use zucche_rules::{BoardSetup, Square, Zucche};

fn board_text(text: &str) {
    check_display_roundtrip::<BoardSetup>(text);
}

fn square_text(text: &str) {
    check_display_roundtrip::<Square>(text);
    check_display_roundtrip::<zucche_rules::Player>(text);
}

fuzz_target!(|data: &[u8]| fuzz_text::<Zucche>(data, &[board_text, square_text]));
