//! Camicia games of any preset, deck and rules from a seed, turned card by
//! card and checked by the conformance kit (Camicia has one move, `turn`:
//! the probes check that it is refused once the game is over).
#![no_main]
// The closure makes the lifetime general (clippy suggests what does not compile).
#![allow(clippy::redundant_closure)]

use arbitrary::Arbitrary;
use camicia_rules::{Camicia, Config};
use carte_fuzz::fuzz_play;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| fuzz_play::<Camicia>(data, |u| Config::arbitrary(u)));
