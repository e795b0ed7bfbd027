//! The play targets of the four games with the whole conformance kit at the
//! states the input asks for and at the end (`Checks::Kit`): far slower per
//! input than the `<game>_play` targets, so one target for all four games.
//! The first byte picks the game, the rest is a `<game>_play` input.
#![no_main]

use carte_fuzz::{Checks, play_camicia, play_gonzago, play_zama, play_zucche};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&game, rest)) = data.split_first() else { return };
    match game % 4 {
        0 => play_zama(rest, Checks::Kit),
        1 => play_zucche(rest, Checks::Kit),
        2 => play_camicia(rest, Checks::Kit),
        _ => play_gonzago(rest, Checks::Kit),
    }
});
