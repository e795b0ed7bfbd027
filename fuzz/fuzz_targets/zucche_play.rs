//! Zucche e Fantasmi games of 4 or 8 players, moves chosen by the input
//! (legal ones by index, arbitrary ones probed), checked by the kit.
#![no_main]

use carte_fuzz::{Checks, play_zucche};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| play_zucche(data, Checks::Fast));
