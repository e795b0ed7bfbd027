//! Games where seats see different things.

use core::fmt;

use rand::Rng;

use crate::error::SeatError;
use crate::game::{Game, Seat};

/// A game of hidden information: each seat observes only part of the state.
///
/// [`observation`](HiddenInfo::observation) is exactly what a seat may know:
/// it must not depend on anything else, so that a server may send it to the
/// seat's client as it is. With the `serde` feature every game's observation
/// type is serializable.
///
/// [`sample`](HiddenInfo::sample) is a *determinization*: a complete state
/// that gives `seat` the same observation, with everything `seat` cannot see
/// drawn at random among the possibilities (used by ISMCTS-style search). A
/// sample must be built from the observation's information only, never from
/// the true hidden state.
///
/// Here on a hand of Gonzago (the `gonzago-rules` crate), where each player
/// sees their own cards and the table:
///
/// ```
/// use carte_core::{deal_rng, Game, HiddenInfo, Seat, Seeded};
/// use gonzago_rules::{Deck, Hand};
///
/// let game = Hand::from_seed(&Deck::Italian, 3)?;
/// let me = game.actor().seat().unwrap();
/// // A state as `me` might imagine it: the unseen cards dealt anew.
/// let guess = game.sample(me, &mut deal_rng(3))?;
/// assert_eq!(guess.observation(me)?, game.observation(me)?);
/// // A seat the game does not have is an error, not another seat's view.
/// assert!(game.observation(Seat::new(2)).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait HiddenInfo: Game {
    /// What one seat sees.
    type Observation: Clone + fmt::Debug + Eq;

    /// Everything `seat` may know, and nothing else.
    ///
    /// # Errors
    ///
    /// [`SeatError`] if the game has no such seat.
    fn observation(&self, seat: Seat) -> Result<Self::Observation, SeatError>;

    /// A full state consistent with `seat`'s observation, with the unseen
    /// part drawn from `rng`.
    ///
    /// # Errors
    ///
    /// [`SeatError`] if the game has no such seat; `rng` is then untouched.
    fn sample<R: Rng + ?Sized>(&self, seat: Seat, rng: &mut R) -> Result<Self, SeatError>;
}
