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

use zama_rules::*;

#[test]
fn public_types_have_the_standard_traits() {
    value::<Battle>();
    value::<ZamaCard>();
    notation::<ZamaCard>();
    serde::<ZamaCard>();
    value::<Player>();
    notation::<Player>();
    serde::<Player>();
    value::<PlayerSet>();
    value::<ByPlayer<u8>>();
    value::<Config>();
    serde::<Config>();
    value::<Move>();
    notation::<Move>();
    serde::<Move>();
    value::<CellView>();
    value::<Observation>();
    serde::<Observation>();
    value::<Phase>();
    value::<Ending>();
    value::<DrawReason>();
    serde::<Phase>();
    value::<Setup>();
    serde::<Setup>();
    value::<Square>();
    notation::<Square>();
    serde::<Square>();
    value::<CellSet>();
    state::<Zama>();
    serde::<Zama>();
    error::<ParseZamaCardError>();
    error::<ParsePlayerError>();
    error::<ConfigError>();
    error::<IllegalMove>();
    error::<SetupError>();
    error::<ParseMoveError>();
    error::<ObservationError>();
    error::<ParseSquareError>();
    error::<carte_core::MoveError<Zama>>();
}
