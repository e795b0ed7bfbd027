//! Camicia games of any preset, deck and rules from a seed, turned card by
//! card and checked by the conformance kit (Camicia has one move, `turn`:
//! the probes check that it is refused once the game is over).
#![no_main]

use carte_fuzz::{Checks, play_camicia};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| play_camicia(data, Checks::Fast));
