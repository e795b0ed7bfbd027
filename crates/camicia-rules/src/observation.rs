//! What a player sees: the [`HiddenInfo`] implementation.

use carte_core::rand::Rng;
use carte_core::{HiddenInfo, Seat, SeatError, shuffle};

use crate::game::Camicia;
use crate::hand::Row;
use crate::preset::Config;
use carte_core::{ByPlayer, Player};

/// What one seat of [`Camicia`] sees: the pile, the size of each hand and
/// which cards the two hands hold together, but not the order of any hand
/// (the hands are face down, one's own included).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CamiciaObservation {
    /// The observing seat (0 = A, 1 = B).
    pub seat: Seat,
    /// Preset and end rule.
    pub config: Config,
    /// Cards in each hand.
    pub hand_sizes: ByPlayer<usize>,
    /// Cards of each kind in the two hands together, indexed by kind (the
    /// game's cards less the pile).
    pub unseen: [usize; 5],
    /// The pile, first card laid first.
    pub pile: Vec<u8>,
    /// The player to move; `None` once the game is over.
    pub to_move: Option<Player>,
    /// Cards the player to move still owes.
    pub debt: u8,
    /// Cards turned so far.
    pub cards: u64,
    /// Tricks so far.
    pub tricks: u64,
    /// The winner, once there is one.
    pub winner: Option<Player>,
}

impl HiddenInfo for Camicia {
    type Observation = CamiciaObservation;

    fn observation(&self, seat: Seat) -> Result<CamiciaObservation, SeatError> {
        Player::try_from(seat)?;
        let mut unseen = self.deck;
        for &k in self.pile() {
            unseen[usize::from(k)] -= 1;
        }
        Ok(CamiciaObservation {
            seat,
            config: self.config,
            hand_sizes: ByPlayer::from_fn(|p| self.hands[p].len()),
            unseen,
            pile: self.pile().to_vec(),
            to_move: self.to_move(),
            debt: self.debt,
            cards: self.cards,
            tricks: self.tricks,
            winner: self.winner,
        })
    }

    /// Deals the unseen cards, sorted by kind and then shuffled with `rng`,
    /// into hands of the observed sizes (A's first).
    fn sample<R: Rng + ?Sized>(&self, seat: Seat, rng: &mut R) -> Result<Camicia, SeatError> {
        let obs = self.observation(seat)?;
        let mut cards = Vec::with_capacity(obs.unseen.iter().sum());
        for (kind, &count) in obs.unseen.iter().enumerate() {
            cards.extend(core::iter::repeat_n(kind as u8, count));
        }
        let n = cards.len();
        shuffle(&mut cards, rng);
        let split = obs.hand_sizes[Player::A];
        let mut state = self.clone();
        state.hands = ByPlayer::new(Row::from_slice(&cards[..split]), Row::from_slice(&cards[split..n]));
        Ok(state)
    }
}
