//! Compile-time check that every public type has the standard traits where
//! they mean something (carte-core's `conventions`): this file fails to
//! compile when one goes missing.
#![allow(dead_code)]

use ::core::fmt::{Debug, Display};
use ::core::hash::Hash;
use ::core::str::FromStr;

/// A value: compared, hashed, printed for a developer, shared across threads.
fn value<T: Clone + Debug + PartialEq + Eq + Hash + Send + Sync + 'static>() {}
/// A value written in a notation, read back from it.
fn notation<T: Display + FromStr>() {}
/// An error: cloned and compared like a value, with a message.
fn error<T: std::error::Error + Clone + PartialEq + Eq + Send + Sync + 'static>() {}
/// A game state: cloned, compared and sent to other threads.
fn state<T: Clone + Debug + PartialEq + Eq + Send + Sync + 'static>() {}
/// Serialized as JSON and read back (with the `serde` feature).
#[cfg(feature = "serde")]
fn serde<T: serde::Serialize + serde::de::DeserializeOwned>() {}
#[cfg(not(feature = "serde"))]
fn serde<T>() {}

use camicia_rules::*;

#[test]
fn public_types_have_the_standard_traits() {
    value::<Deal>();
    serde::<Deal>();
    value::<Deck>();
    serde::<Deck>();
    state::<Camicia>();
    serde::<Camicia>();
    value::<Turned>();
    value::<Move>();
    notation::<Move>();
    serde::<Move>();
    value::<Observation>();
    serde::<Observation>();
    value::<PackedDeal>();
    value::<Preset>();
    notation::<Preset>();
    serde::<Preset>();
    value::<EndRule>();
    serde::<EndRule>();
    value::<Config>();
    serde::<Config>();
    value::<PlayResult>();
    serde::<PlayResult>();
    value::<SpeedPath>();
    value::<Setup>();
    serde::<Setup>();
    value::<SweepLoop>();
    value::<SweepGame>();
    serde::<SweepSummary>();
    error::<DeckError>();
    error::<DealError>();
    error::<IllegalMove>();
    error::<ParseMoveError>();
    error::<SetupError>();
    error::<ParsePresetError>();
    error::<ConfigError>();
    error::<RankError>();
    error::<SweepError>();
    error::<carte_core::MoveError<Camicia>>();
}
