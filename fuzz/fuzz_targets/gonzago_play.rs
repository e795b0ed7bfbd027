//! Gonzago hands and matches from a seed, moves chosen by the input (legal
//! ones by index, arbitrary ones probed), checked by the conformance kit.
#![no_main]
// The closures make the lifetimes general (clippy suggests what does not compile).
#![allow(clippy::redundant_closure)]

use arbitrary::Arbitrary;
use carte_fuzz::fuzz_play;
use gonzago_rules::{Config, Deck, Hand, Match};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.first().is_some_and(|b| b & 1 == 1) {
        fuzz_play::<Match>(&data[1..], |u| Config::arbitrary(u));
    } else {
        fuzz_play::<Hand>(data.get(1..).unwrap_or_default(), |u| Deck::arbitrary(u));
    }
});
