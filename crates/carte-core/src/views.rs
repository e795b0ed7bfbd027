//! What a seat sees, as a tensor of floats and as text, for learning agents.
//!
//! [`Views`] gives, for one seat, the current view as a flat `f32` tensor of
//! a shape the game reports (each game documents it plane by plane) and as
//! a string. Both depend only on what the seat may know, like
//! [`HiddenInfo::observation`](crate::HiddenInfo::observation).
//!
//! The *information state* of a seat under perfect recall is everything it
//! has seen since the start: [`InfoState`] builds its string from the
//! seat's view at the start and a short token per ply of what the seat
//! observed of it ([`Views::write_ply_token`]: its own moves, what it sees
//! of the others' and of chance), so two histories give the same string
//! exactly when the seat saw the same things at every step.
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

    /// Rewrites `out` into `seat`'s tensor (as
    /// [`observation_tensor`](Views::observation_tensor) writes it), where
    /// `out` holds what the last call with the same `memo` wrote there (for
    /// any seat, of this state or of another state of the same game); an
    /// empty `memo`, or one this game did not leave, makes no assumption on
    /// `out`.
    ///
    /// What keeps a buffer reused from step to step (a `VectorGame` row)
    /// cheap to rewrite: a game whose tensor is large and changes little
    /// from ply to ply (Zama's) keeps in `memo` what `out` holds and writes
    /// only the entries that differ. The default clears `memo` and writes
    /// the whole tensor.
    ///
    /// # Errors
    ///
    /// As [`observation_tensor`](Views::observation_tensor); `out` and
    /// `memo` are then unchanged.
    fn observation_tensor_update(&self, seat: Seat, out: &mut [f32], memo: &mut Vec<u64>) -> Result<(), ViewError> {
        self.observation_tensor(seat, out)?;
        memo.clear();
        Ok(())
    }

    /// `seat`'s current view as one line of text; depends only on what the
    /// seat may know.
    ///
    /// # Errors
    ///
    /// [`ViewError::Seat`] for a seat the game does not have.
    fn observation_string(&self, seat: Seat) -> Result<String, ViewError>;

    /// Writes to `out` what `seat` observes of one ply, as a short token:
    /// the move `mv` played in `self` (the state before it), which led to
    /// `after`. Information states are the seat's view at their start
    /// followed by one token per ply (see [`InfoState`]), so the tokens
    /// carry perfect recall: along two histories from the same start, the
    /// sequences of tokens are equal exactly when the seat saw the same
    /// things at every step (its own moves, what it sees of others' moves
    /// and of chance, and so its view after every ply). A token is thus
    /// determined by what the seat sees of the ply, and with the tokens
    /// before it, determines the seat's view of `after`. Tokens follow one
    /// another with a space between; the sequence must read back in one
    /// way only (one word per token does it, or a game's notation).
    ///
    /// The default writes the move if the seat chose it, then the seat's
    /// whole view of `after` in brackets: right for any game, and as long
    /// as the view. Games override it with what is new to the seat: the
    /// move's notation, and of the cards, dice or hands only those the ply
    /// shows.
    ///
    /// # Errors
    ///
    /// [`ViewError::Seat`] for a seat the game does not have.
    fn write_ply_token(&self, seat: Seat, mv: Self::Move, after: &Self, out: &mut String) -> Result<(), ViewError> {
        if self.actor() == Actor::Seat(seat) {
            let _ = write!(out, "{mv} ");
        }
        let view = after.observation_string(seat)?;
        let _ = write!(out, "[{view}]");
        Ok(())
    }

    /// A 64-bit digest of `seat`'s view: equal views give equal digests,
    /// and different views different ones but for a chance of about
    /// 2^-64. Records of information states end with it so that a record
    /// given back is checked against the state it continues; records are
    /// written down by one version and read by later ones, so a game's
    /// digest of a view never changes.
    ///
    /// The default is [`fnv1a`] of the observation string; a game whose
    /// string is long to build digests its view straight from the state.
    ///
    /// # Errors
    ///
    /// [`ViewError::Seat`] for a seat the game does not have.
    fn observation_digest(&self, seat: Seat) -> Result<u64, ViewError> {
        Ok(fnv1a(self.observation_string(seat)?.as_bytes()))
    }

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

/// The 64-bit FNV-1a digest of `bytes`: fixed forever (digests are written
/// down, see [`Views::observation_digest`]).
///
/// ```
/// assert_eq!(carte_core::fnv1a(b""), 0xcbf2_9ce4_8422_2325);
/// assert_eq!(carte_core::fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
/// ```
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// One seat's information state under perfect recall, kept along a game:
/// the seat's observation string at the start in brackets, then what it
/// observed of every ply ([`Views::write_ply_token`]), each after a space.
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
/// // What `me` saw at the start, then what it saw of the move.
/// let mut token = String::new();
/// start.write_ply_token(me, mv, &game, &mut token)?;
/// assert_eq!(info.as_str(), format!("[{}] {token}", start.observation_string(me)?));
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
    /// seat's token of it ([`Views::write_ply_token`]) after a space.
    ///
    /// # Errors
    ///
    /// [`ViewError::Seat`] for a seat the game does not have.
    pub fn push<G: Views>(&mut self, before: &G, mv: G::Move, after: &G) -> Result<(), ViewError> {
        let len = self.text.len();
        self.text.push(' ');
        before.write_ply_token(self.seat, mv, after, &mut self.text).inspect_err(|_| self.text.truncate(len))
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
