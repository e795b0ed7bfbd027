//! Zama games of two or four players, moves chosen by the input (legal
//! ones by index, arbitrary ones probed), checked by the conformance kit.
#![no_main]

use carte_fuzz::{Checks, play_zama};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| play_zama(data, Checks::Fast));
