//! Zucche e Fantasmi games of 4 or 8 players, moves chosen by the input
//! (legal ones by index, arbitrary ones probed), checked by the kit.
#![no_main]

use carte_fuzz::fuzz_play;
use libfuzzer_sys::fuzz_target;
use zucche_rules::{Config, Zucche};

fuzz_target!(|data: &[u8]| {
    fuzz_play::<Zucche>(data, |u| {
        let players = 4 * u.int_in_range(1..=2usize)?;
        let rounds = u.int_in_range(1..=300u32)?;
        Ok(Config { rounds, ..Config::players(players) })
    });
});
