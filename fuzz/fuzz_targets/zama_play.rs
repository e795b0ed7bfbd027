//! Zama games of two or four players, moves chosen by the input (legal
//! ones by index, arbitrary ones probed), checked by the conformance kit.
#![no_main]

use carte_fuzz::fuzz_play;
use libfuzzer_sys::fuzz_target;
use zama_rules::{Config, Zama};

fuzz_target!(|data: &[u8]| {
    fuzz_play::<Zama>(data, |u| {
        let players = if u.ratio(1u8, 4u8)? { 4 } else { 2 };
        let limit = u.int_in_range(1..=300u32)?;
        Ok(Config::new().with_players(players).with_no_removal_limit(limit))
    });
});
