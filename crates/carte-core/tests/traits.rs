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

use carte_core::testing::Kuhn;
use carte_core::*;

#[test]
fn public_types_have_the_standard_traits() {
    for_value::<Card>();
    notation::<Card>();
    for_value::<Rank>();
    for_value::<Suit>();
    for_value::<ItalianCard>();
    notation::<ItalianCard>();
    for_value::<ItalianRank>();
    for_value::<ItalianSuit>();
    for_value::<Seat>();
    for_value::<Player>();
    for_value::<ByPlayer<u8>>();
    for_value::<Actor>();
    value_no_hash::<Outcome>();
    value_no_hash::<SeatResult>();
    error::<ParseCardError>();
    error::<SeatError>();
    error::<ActionError>();
    error::<ViewError>();
    error::<ReplayError>();
    error::<MoveError<Kuhn>>();
}

fn for_value<T: Clone + Debug + PartialEq + Eq + Hash + Send + Sync + 'static>() {
    value::<T>();
}
/// Outcomes hold `f64` payoffs: no `Eq` or `Hash`.
fn value_no_hash<T: Clone + Debug + PartialEq + Send + Sync + 'static>() {}
