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

use gonzago_rules::*;

#[test]
fn public_types_have_the_standard_traits() {
    value::<Value>();
    serde::<Value>();
    value::<Card>();
    notation::<Card>();
    serde::<Card>();
    value::<CardSet>();
    notation::<CardSet>();
    value::<Deck>();
    notation::<Deck>();
    serde::<Deck>();
    value::<HandEnd>();
    serde::<HandEnd>();
    state::<Hand>();
    serde::<Hand>();
    value::<HandObservation>();
    serde::<HandObservation>();
    value::<MatchMode>();
    serde::<MatchMode>();
    value::<Config>();
    serde::<Config>();
    value::<HandRecord>();
    serde::<HandRecord>();
    state::<Match>();
    serde::<Match>();
    value::<MatchStatus>();
    state::<Setup>();
    serde::<Setup>();
    value::<Observation>();
    serde::<Observation>();
    value::<Move>();
    notation::<Move>();
    serde::<Move>();
    value::<Play>();
    display::<Play>(); // read with a deck: Deck::parse_move
    state::<HandSetup>();
    serde::<HandSetup>();
    error::<ParseCardsError>();
    error::<ParseDeckError>();
    error::<ConfigError>();
    error::<IllegalMove>();
    error::<SetupError>();
    error::<ObservationError>();
    error::<ParseMoveError>();
    error::<carte_core::MoveError<Hand>>();
    error::<carte_core::MoveError<Match>>();
}

/// Printed in a notation that reads back only with more context.
fn display<T: Display>() {}

/// A play prints its cards in its deck's notation, as inside its move.
#[test]
fn a_play_prints_its_cards() {
    let four = Deck::French.parse_move("play 4c 4d").unwrap();
    let Move::Play(play) = four else { panic!("{four}") };
    assert_eq!(play.to_string(), "4♣ 4♦");
    assert_eq!(four.to_string(), format!("play {play}"));
}
