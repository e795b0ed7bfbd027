//! The [`Game`] trait: who acts, which moves are legal, applying them, and
//! how it ended.

use core::fmt;
use core::hash::Hash;
use core::str::FromStr;

use crate::error::SeatError;

/// A seat at the table, numbered from 0 in the game's own seat order.
///
/// Each game documents its seats (e.g. Zama: 0 = Red, 1 = Blue) and offers
/// its own named type that converts to and from `Seat`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct Seat(u8);

impl Seat {
    /// Seat number `index`.
    pub const fn new(index: u8) -> Seat {
        Seat(index)
    }

    /// The seat number, for indexing per-seat data.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Seat `index` of a game with `seats` seats.
    ///
    /// # Errors
    ///
    /// [`SeatError`] if `index >= seats`.
    ///
    /// ```
    /// use carte_core::Seat;
    ///
    /// assert_eq!(Seat::checked(1, 2), Ok(Seat::new(1)));
    /// assert!(Seat::checked(2, 2).is_err());
    /// ```
    pub fn checked(index: usize, seats: usize) -> Result<Seat, SeatError> {
        match u8::try_from(index) {
            Ok(i) if index < seats => Ok(Seat(i)),
            _ => Err(SeatError { seat: index, seats }),
        }
    }

    /// All seats of a game with `seats` seats, in order.
    ///
    /// ```
    /// use carte_core::Seat;
    ///
    /// let seats: Vec<usize> = Seat::all(4).map(Seat::index).collect();
    /// assert_eq!(seats, [0, 1, 2, 3]);
    /// ```
    pub fn all(seats: usize) -> impl Iterator<Item = Seat> + Clone {
        (0..seats.min(256)).map(|i| Seat(i as u8))
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// Who acts in a state.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Actor {
    /// This seat chooses the next move.
    Seat(Seat),
    /// Chance chooses the next move with the probabilities of
    /// [`Game::chance_outcomes`] (a die roll, a deal).
    Chance,
    /// Nobody: the game is over and [`Game::outcome`] is `Some`.
    Nobody,
}

impl Actor {
    /// The seat to act, if a seat acts.
    pub const fn seat(self) -> Option<Seat> {
        match self {
            Actor::Seat(s) => Some(s),
            _ => None,
        }
    }
}

/// How a finished game went for one seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum SeatResult {
    /// The seat won (positive return).
    Win,
    /// Neither won nor lost (zero return).
    Draw,
    /// The seat lost (negative return).
    Loss,
}

/// The result of a finished game: one return per seat.
///
/// Every game scores so that a positive return is a win, zero a draw and a
/// negative return a loss; the magnitude may carry more (Kuhn poker's chips).
/// Team games give every member of a team the team's return.
///
/// ```
/// use carte_core::{Outcome, Seat, SeatResult};
///
/// let o = Outcome::winners(4, [Seat::new(0), Seat::new(2)]);
/// assert_eq!(o.returns(), &[1.0, -1.0, 1.0, -1.0]);
/// assert_eq!(o.result(Seat::new(1)), SeatResult::Loss);
/// assert_eq!(Outcome::draw(2).to_string(), "draw");
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outcome {
    returns: Vec<f64>,
}

impl Outcome {
    /// An outcome with these per-seat returns.
    pub fn from_returns(returns: Vec<f64>) -> Outcome {
        Outcome { returns }
    }

    /// `winners` score +1, every other seat −1.
    pub fn winners(seats: usize, winners: impl IntoIterator<Item = Seat>) -> Outcome {
        let mut returns = vec![-1.0; seats];
        for w in winners {
            if let Some(r) = returns.get_mut(w.index()) {
                *r = 1.0;
            }
        }
        Outcome { returns }
    }

    /// Two-seat shorthand: `winner` +1, the other −1.
    pub fn win(seats: usize, winner: Seat) -> Outcome {
        Outcome::winners(seats, [winner])
    }

    /// Every seat scores 0.
    pub fn draw(seats: usize) -> Outcome {
        Outcome { returns: vec![0.0; seats] }
    }

    /// The per-seat returns, indexed by [`Seat::index`].
    pub fn returns(&self) -> &[f64] {
        &self.returns
    }

    /// The return of `seat` (0 for a seat the game does not have).
    pub fn value(&self, seat: Seat) -> f64 {
        self.returns.get(seat.index()).copied().unwrap_or(0.0)
    }

    /// Win, draw or loss for `seat`, by the sign of its return.
    pub fn result(&self, seat: Seat) -> SeatResult {
        let v = self.value(seat);
        if v > 0.0 {
            SeatResult::Win
        } else if v < 0.0 {
            SeatResult::Loss
        } else {
            SeatResult::Draw
        }
    }

    /// `true` when no seat won or lost.
    pub fn is_draw(&self) -> bool {
        self.returns.iter().all(|&r| r == 0.0)
    }

    /// The seats with a positive return.
    pub fn winning_seats(&self) -> impl Iterator<Item = Seat> + '_ {
        Seat::all(self.returns.len()).filter(|&s| self.value(s) > 0.0)
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_draw() {
            return f.write_str("draw");
        }
        let winners: Vec<String> = self.winning_seats().map(|s| s.index().to_string()).collect();
        match winners.len() {
            0 => write!(f, "returns {:?}", self.returns),
            1 => write!(f, "seat {} wins", winners[0]),
            _ => write!(f, "seats {} win", winners.join(", ")),
        }
    }
}

/// A turn-based game with explicit chance, as a state machine.
///
/// A value of the implementing type is always a legal state. The required
/// methods are the rules; everything else is provided and may be overridden
/// for speed.
///
/// * [`actor`](Game::actor) says who moves: a seat, chance, or nobody (the
///   game is over).
/// * [`legal_moves`](Game::legal_moves) lists exactly the moves open now. At
///   a chance node these are the chance outcomes, and
///   [`chance_outcomes`](Game::chance_outcomes) gives their probabilities;
///   applying one is an ordinary [`apply`](Game::apply).
/// * [`apply`](Game::apply) is checked: an illegal move returns
///   [`Game::Error`] and leaves the state exactly as it was.
/// * [`outcome`](Game::outcome) is `None` while the game runs and `Some` once
///   [`actor`](Game::actor) is [`Actor::Nobody`].
///
/// Moves have a per-game notation: `Display` and `FromStr` agree.
///
/// Every state of the game crates is a `Game`; here a hand of Gonzago
/// (the `gonzago-rules` crate, which re-exports these traits):
///
/// ```
/// use carte_core::{Actor, Game, Seeded, deal_rng, random_playout};
/// use gonzago_rules::{Deck, Hand};
///
/// let mut game = Hand::from_seed(&Deck::Italian, 42)?;
/// assert!(matches!(game.actor(), Actor::Seat(_)));
/// let moves = game.legal_move_vec(); // the lead: any play of one value
/// assert!(moves.iter().all(|&mv| game.is_legal(mv)));
/// let before = game.clone();
/// assert!(game.apply("pass".parse()?).is_err()); // no pass while the stock has cards
/// assert_eq!(game, before); // refused: nothing changed
/// game.apply(moves[0])?;
/// game.apply_notation("draw")?; // a move as text
/// random_playout(&mut game, &mut deal_rng(7), 10_000);
/// assert_eq!(game.actor(), Actor::Nobody);
/// assert_eq!(game.outcome().unwrap().returns().len(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Game: Clone + fmt::Debug + Eq {
    /// One decision or one chance outcome, with the game's notation.
    type Move: Copy + Eq + Hash + fmt::Debug + fmt::Display + FromStr<Err: std::error::Error>;

    /// Why a move was refused.
    type Error: std::error::Error + Send + Sync + 'static;

    /// How many seats play; seats are `0..num_seats()`.
    fn num_seats(&self) -> usize;

    /// Who acts now.
    fn actor(&self) -> Actor;

    /// Clears `out` and fills it with every legal move, in a deterministic
    /// order; at a chance node, every chance outcome. Empty exactly when the
    /// game is over. Reusing one buffer keeps this allocation-free.
    fn legal_moves(&self, out: &mut Vec<Self::Move>);

    /// Plays `mv`.
    ///
    /// # Errors
    ///
    /// [`Game::Error`] if `mv` is not legal now; the state is then unchanged.
    fn apply(&mut self, mv: Self::Move) -> Result<(), Self::Error>;

    /// The result once the game is over; `None` while it runs.
    fn outcome(&self) -> Option<Outcome>;

    /// At a chance node, clears `out` and fills it with each outcome and its
    /// probability (summing to 1); otherwise clears it.
    ///
    /// The default gives every legal move the same probability; games with
    /// unequal chances override it.
    fn chance_outcomes(&self, out: &mut Vec<(Self::Move, f64)>) {
        out.clear();
        if self.actor() == Actor::Chance {
            let moves = self.legal_move_vec();
            let p = 1.0 / moves.len() as f64;
            out.extend(moves.into_iter().map(|m| (m, p)));
        }
    }

    /// Whether `mv` is legal now; agrees with [`legal_moves`](Game::legal_moves).
    ///
    /// The default searches the legal moves (and allocates); games override
    /// it with a direct check.
    fn is_legal(&self, mv: Self::Move) -> bool {
        self.legal_move_vec().contains(&mv)
    }

    /// The legal moves in a new vector.
    fn legal_move_vec(&self) -> Vec<Self::Move> {
        let mut v = Vec::new();
        self.legal_moves(&mut v);
        v
    }

    /// `true` once nobody acts.
    fn is_over(&self) -> bool {
        self.actor() == Actor::Nobody
    }

    /// Parses `text` in the game's notation and applies it.
    ///
    /// ```
    /// use carte_core::{Game, MoveError, Seeded};
    /// use gonzago_rules::{Deck, Hand};
    ///
    /// let mut hand = Hand::from_seed(&Deck::Italian, 2026)?;
    /// let first = hand.legal_move_vec()[0];
    /// assert_eq!(hand.apply_notation(&first.to_string())?, first);
    /// let before = hand.clone();
    /// assert!(matches!(hand.apply_notation("fold"), Err(MoveError::Notation { .. })));
    /// assert!(matches!(hand.apply_notation("pass"), Err(MoveError::Illegal(_))));
    /// assert_eq!(hand, before); // refused text changes nothing
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`MoveError::Notation`] for text that is no move,
    /// [`MoveError::Illegal`] for a move refused here; the state is then
    /// unchanged.
    fn apply_notation(&mut self, text: &str) -> Result<Self::Move, MoveError<Self>> {
        let mv: Self::Move = text.parse().map_err(|e: <Self::Move as FromStr>::Err| MoveError::notation(text, e))?;
        self.apply(mv).map_err(MoveError::Illegal)?;
        Ok(mv)
    }
}

/// A move typed as text that could not be played.
///
/// Its message says each thing once: `bad move "x": why`, where `why` is
/// the notation error's message without the `bad move "x": ` it may start
/// with ([`MoveError::notation`]).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum MoveError<G: Game> {
    /// The text is not a move in this game's notation.
    #[error("bad move {text:?}: {reason}")]
    Notation {
        /// The text given.
        text: String,
        /// Why it is not a move.
        reason: String,
    },
    /// The move is not legal in this state.
    #[error(transparent)]
    Illegal(G::Error),
}

impl<G: Game> MoveError<G> {
    /// The error for `text` that is no move, `error` saying why: the
    /// reason is `error`'s message without a leading `bad move "text": `,
    /// which this error's own message adds.
    ///
    /// ```
    /// use carte_core::MoveError;
    /// use carte_core::testing::Kuhn;
    ///
    /// let e = MoveError::<Kuhn>::notation("", "bad move \"\": expected a move");
    /// assert_eq!(e.to_string(), "bad move \"\": expected a move");
    /// ```
    pub fn notation(text: &str, error: impl fmt::Display) -> MoveError<G> {
        MoveError::Notation { text: text.to_owned(), reason: reason_for(text, error) }
    }
}

/// `error`'s message without the `bad move "text": ` that the wrapping
/// error adds itself.
pub(crate) fn reason_for(text: &str, error: impl fmt::Display) -> String {
    let message = error.to_string();
    let prefix = format!("bad move {text:?}: ");
    match message.strip_prefix(&prefix) {
        Some(rest) => rest.to_owned(),
        None => message,
    }
}

impl<G: Game> Clone for MoveError<G>
where
    G::Error: Clone,
{
    fn clone(&self) -> Self {
        match self {
            MoveError::Notation { text, reason } => MoveError::Notation { text: text.clone(), reason: reason.clone() },
            MoveError::Illegal(e) => MoveError::Illegal(e.clone()),
        }
    }
}

impl<G: Game> PartialEq for MoveError<G>
where
    G::Error: PartialEq,
{
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (MoveError::Notation { text: a, reason: r }, MoveError::Notation { text: b, reason: q }) => {
                a == b && r == q
            }
            (MoveError::Illegal(a), MoveError::Illegal(b)) => a == b,
            _ => false,
        }
    }
}

impl<G: Game> Eq for MoveError<G> where G::Error: Eq {}

/// A game that can be set up from a configuration and a seed, so that a
/// (configuration, seed, moves) record replays it exactly.
pub trait Seeded: Game {
    /// Everything that chooses the variant: player count, limits, presets.
    ///
    /// The bounds are the same whatever features are on, so that turning on
    /// `serde` never breaks a game whose configuration has no serde: a
    /// [`Replay`](crate::Replay) serializes when its configuration does.
    type Config: Clone + fmt::Debug + Default + PartialEq;

    /// Why a configuration was refused.
    type ConfigError: std::error::Error + Send + Sync + 'static;

    /// The starting state for `config`, dealt (if it deals) from `seed` with
    /// the carte-core shuffle.
    ///
    /// ```
    /// use carte_core::Seeded;
    /// use gonzago_rules::{Deck, Hand, Match, Config, MatchMode};
    ///
    /// // The same configuration and seed give the same deal, everywhere.
    /// assert_eq!(Hand::from_seed(&Deck::French, 9)?, Hand::from_seed(&Deck::French, 9)?);
    /// let game = Match::from_seed(&Config::new(Deck::Italian, MatchMode::BestOfThree), 9)?;
    /// # let _ = game;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`Seeded::ConfigError`] for an invalid configuration.
    fn from_seed(config: &Self::Config, seed: u64) -> Result<Self, Self::ConfigError>;
}
