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

use zucche_rules::*;

#[test]
fn public_types_have_the_standard_traits() {
    value::<Color>();
    serde::<Color>();
    value::<Team>();
    serde::<Team>();
    value::<ByColor<u8>>();
    value::<ByTeam<u8>>();
    value::<Config>();
    serde::<Config>();
    state::<Zucche>();
    serde::<Zucche>();
    value::<Phase>();
    value::<End>();
    value::<GameResult>();
    value::<Pips>();
    serde::<Pips>();
    value::<Move>();
    notation::<Move>();
    serde::<Move>();
    value::<BoardId>();
    serde::<BoardId>();
    value::<Player>();
    notation::<Player>();
    serde::<Player>();
    value::<BoardSetup>();
    notation::<BoardSetup>();
    serde::<BoardSetup>();
    value::<Setup>();
    serde::<Setup>();
    value::<Square>();
    notation::<Square>();
    serde::<Square>();
    error::<ConfigError>();
    error::<IllegalMove>();
    error::<SetupError>();
    error::<ParseSetupError>();
    error::<BadPips>();
    error::<ParseMoveError>();
    error::<ParsePlayerError>();
    error::<ParseSquareError>();
    error::<carte_core::MoveError<Zucche>>();
}

/// Squares serialize as their notation, as the crate docs say.
#[cfg(feature = "serde")]
#[test]
fn squares_serialize_as_notation() {
    let c4: Square = "c4".parse().unwrap();
    assert_eq!(serde_json::to_string(&c4).unwrap(), r#""c4""#);
    assert_eq!(serde_json::from_str::<Square>(r#""C4""#).unwrap(), c4);
    assert!(serde_json::from_str::<Square>(r#""i9""#).is_err());
}
