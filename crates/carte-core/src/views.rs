//! What a seat sees, as a tensor of floats and as text, for learning agents.
//!
//! [`Views`] gives, for one seat, the current view as a flat `f32` tensor of
//! a shape the game reports (each game documents it plane by plane) and as
//! a string. Both depend only on what the seat may know, like
//! [`HiddenInfo::observation`](crate::HiddenInfo::observation).
//!
//! The *information state* of a seat under perfect recall is everything it
//! has seen since the start: [`InfoState`] builds its string from the
//! observation strings of the seat along a game and the seat's own moves,
//! so two histories give the same string exactly when the seat saw the same
//! things at every step (the game's views being functions of what the seat
//! may know at that step).
//!
//! Here on a hand of Gonzago (the `gonzago-rules` crate):
//!
//! ```
//! use carte_core::{Seat, Seeded, Views};
//! use gonzago_rules::{Deck, Hand};
//!
//! let game = Hand::from_seed(&Deck::Italian, 42)?;
//! let mut tensor = vec![0.0; game.observation_len()];
//! game.observation_tensor(Seat::new(0), &mut tensor)?;
//! assert!(tensor.iter().any(|&x| x != 0.0));
//! println!("{}", game.observation_string(Seat::new(0))?);
//! assert!(game.observation_string(Seat::new(2)).is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt::Write as _;

use crate::error::SeatError;
use crate::game::{Actor, Game, Seat};

/// A view that could not be given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ViewError {
    /// The game has no such seat.
    #[error(transparent)]
    Seat(#[from] SeatError),
    /// The caller's buffer does not have the tensor's length.
    #[error("the observation buffer has {got} entries; the tensor has {needed}")]
    BufferSize {
        /// Entries of the tensor ([`Views::observation_len`]).
        needed: usize,
        /// Entries given.
        got: usize,
    },
}

/// A seat's view as a tensor and as text.
pub trait Views: Game {
    /// The tensor's shape (planes first); fixed for a configuration.
    fn observation_shape(&self) -> Vec<usize>;

    /// Writes `seat`'s view into `out`, flattened in row-major order of
    /// [`observation_shape`](Views::observation_shape). Depends only on what
    /// the seat may know.
    ///
    /// # Errors
    ///
    /// [`ViewError::Seat`] for a seat the game does not have,
    /// [`ViewError::BufferSize`] if `out` has not exactly
    /// [`observation_len`](Views::observation_len) entries; `out` is then
    /// unchanged.
    fn observation_tensor(&self, seat: Seat, out: &mut [f32]) -> Result<(), ViewError>;

    /// Writes `seat`'s view into `out`, which holds zeros on entry, and
    /// appends to `nonzero` the index of every entry it sets (at least every
    /// entry that is not zero); the other entries stay zero. The result in
    /// `out` is [`observation_tensor`](Views::observation_tensor)'s.
    ///
    /// What keeps a large, sparse tensor cheap to rewrite in a buffer that
    /// is reused (as `VectorGame` reuses each game's row): zero the entries
    /// the last call listed, then call this again; the cost goes with the
    /// entries set rather than with the tensor's size. The default writes
    /// the whole tensor and lists its nonzero entries; a game whose tensor
    /// is mostly zeros (Zama's) writes only the entries it sets.
    ///
    /// # Errors
    ///
    /// As [`observation_tensor`](Views::observation_tensor); `out` and
    /// `nonzero` are then unchanged.
    fn observation_tensor_sparse(&self, seat: Seat, out: &mut [f32], nonzero: &mut Vec<u32>) -> Result<(), ViewError> {
        self.observation_tensor(seat, out)?;
        // Tensors are far shorter than 2^32 entries.
        nonzero.extend(out.iter().enumerate().filter(|(_, x)| **x != 0.0).map(|(i, _)| i as u32));
        Ok(())
    }

    /// `seat`'s current view as one line of text; depends only on what the
    /// seat may know.
    ///
    /// # Errors
    ///
    /// [`ViewError::Seat`] for a seat the game does not have.
    fn observation_string(&self, seat: Seat) -> Result<String, ViewError>;

    /// The number of entries of the tensor. Games override it to answer
    /// without building the shape (it is asked at every
    /// [`check_view`](Views::check_view)).
    fn observation_len(&self) -> usize {
        self.observation_shape().iter().product()
    }

    /// Checks `seat` and the length of `out` for
    /// [`observation_tensor`](Views::observation_tensor).
    ///
    /// # Errors
    ///
    /// As [`observation_tensor`](Views::observation_tensor).
    fn check_view(&self, seat: Seat, out: &[f32]) -> Result<(), ViewError> {
        Seat::checked(seat.index(), self.num_seats())?;
        let needed = self.observation_len();
        if out.len() != needed {
            return Err(ViewError::BufferSize { needed, got: out.len() });
        }
        Ok(())
    }
}

/// One seat's information state under perfect recall, kept along a game:
/// the seat's observation string at the start and after every ply, and the
/// moves the seat chose itself.
///
/// ```
/// use carte_core::{Game, InfoState, Seat, Seeded, Views};
/// use gonzago_rules::{Deck, Hand};
///
/// let start = Hand::from_seed(&Deck::Italian, 42)?;
/// let me = Seat::new(1);
/// let mut info = InfoState::new(&start, me)?;
/// let mut game = start.clone();
/// let mv = game.legal_move_vec()[0];
/// game.apply(mv)?;
/// info.push(&start, mv, &game)?;
/// // What `me` saw before and after the move, in order.
/// let (before, after) = (start.observation_string(me)?, game.observation_string(me)?);
/// let seen = info.as_str();
/// assert!(seen.find(&before).unwrap() < seen.rfind(&after).unwrap());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct InfoState {
    seat: Seat,
    text: String,
}

impl InfoState {
    /// The information state of `seat` at `start`: its view there.
    ///
    /// # Errors
    ///
    /// [`ViewError::Seat`] for a seat the game does not have.
    pub fn new<G: Views>(start: &G, seat: Seat) -> Result<InfoState, ViewError> {
        let view = start.observation_string(seat)?;
        Ok(InfoState { seat, text: format!("[{view}]") })
    }

    /// The information state that continues `earlier` (what the seat saw
    /// before `start` existed as a state of this game, e.g. the cards of a
    /// deal) with the seat's view of `start`.
    ///
    /// # Errors
    ///
    /// [`ViewError::Seat`] for a seat the game does not have.
    pub fn continued<G: Views>(earlier: &str, start: &G, seat: Seat) -> Result<InfoState, ViewError> {
        let view = start.observation_string(seat)?;
        Ok(InfoState { seat, text: format!("{earlier} [{view}]") })
    }

    /// An information state given by its string, e.g. the one of a true
    /// state carried over to a determinization of it (whose view of the
    /// seat is the same).
    pub fn resumed(seat: Seat, text: String) -> InfoState {
        InfoState { seat, text }
    }

    /// Records the ply `mv` played in `before`, which led to `after`: the
    /// move if the seat chose it, then the seat's view of `after`.
    ///
    /// # Errors
    ///
    /// [`ViewError::Seat`] for a seat the game does not have.
    pub fn push<G: Views>(&mut self, before: &G, mv: G::Move, after: &G) -> Result<(), ViewError> {
        if before.actor() == Actor::Seat(self.seat) {
            let _ = write!(self.text, " {mv}");
        }
        let view = after.observation_string(self.seat)?;
        let _ = write!(self.text, " [{view}]");
        Ok(())
    }

    /// The seat.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The information state string.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The information state string, owned.
    pub fn into_string(self) -> String {
        self.text
    }
}
