//! Gonzago hands and matches from a seed, moves chosen by the input (legal
//! ones by index, arbitrary ones probed), checked by the conformance kit.
#![no_main]

use carte_fuzz::{Checks, play_gonzago};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| play_gonzago(data, Checks::Fast));
