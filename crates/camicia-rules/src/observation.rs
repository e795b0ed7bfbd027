//! What a player sees: the [`HiddenInfo`] implementation.

use core::fmt;

use carte_core::rand::Rng;
use carte_core::{HiddenInfo, Seat, SeatError, shuffle};

use crate::game::Camicia;
use crate::hand::Row;
use crate::preset::Config;
use carte_core::{ByPlayer, Player};

/// What one seat of [`Camicia`] sees: the pile, the size of each hand and
/// which cards the two hands hold together, but not the order of any hand
/// (the hands are face down, one's own included), until a game drawn at a
/// repeat shows both hands (rule C39).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "ObservationRaw", into = "ObservationRaw"))]
pub struct Observation {
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
    /// The game ended as a draw at its first repeated state.
    pub drawn: bool,
    /// Both hands in order (first card on top), once the game is drawn at
    /// a repeat: the repeat is seen by comparing the hands, so they are
    /// shown (rule C39). `None` while the hands are face down.
    #[cfg_attr(feature = "serde", serde(default))]
    pub shown_hands: Option<ByPlayer<Vec<u8>>>,
}

impl fmt::Display for Observation {
    /// A person-readable view: the hand sizes, the pile, who moves and
    /// what is owed, the counts, and which cards the hands hold together.
    ///
    /// ```text
    /// A: 2 cards, B: 3 cards; pile 2- (B owes 1); B to move
    /// 2 cards turned, 0 tricks; in the hands: 4 -, 0 1, 0 2, 1 3
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let preset = self.config.preset;
        let symbol = |k: u8| preset.symbol(k).unwrap_or('?');
        let (a, b) = (self.hand_sizes[Player::A], self.hand_sizes[Player::B]);
        write!(f, "A: {a} cards, B: {b} cards; pile ")?;
        if self.pile.is_empty() {
            f.write_str("empty")?;
        }
        for &k in &self.pile {
            write!(f, "{}", symbol(k))?;
        }
        match (self.to_move, self.winner) {
            (Some(p), _) if self.debt > 0 => write!(f, " ({p} owes {}); {p} to move", self.debt)?,
            (Some(p), _) => write!(f, "; {p} to move")?,
            (None, Some(w)) => write!(f, "; {w} won")?,
            (None, None) => f.write_str("; drawn at a repeated state")?,
        }
        if let Some(hands) = &self.shown_hands {
            for p in Player::ALL {
                let hand: String = hands[p].iter().map(|&k| symbol(k)).collect();
                write!(f, "; {p} shows {hand}")?;
            }
        }
        write!(f, "\n{} cards turned, {} tricks; in the hands:", self.cards, self.tricks)?;
        for k in 0..=preset.max_demand() {
            let sep = if k == 0 { " " } else { ", " };
            write!(f, "{sep}{} {}", self.unseen[usize::from(k)], symbol(k))?;
        }
        Ok(())
    }
}

/// The serialized form of [`Observation`], checked on load: the pile
/// and shown hands in the preset's notation, as the state writes its own
/// ([`Camicia`]'s JSON).
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct ObservationRaw {
    #[serde(with = "seat_by_name")]
    seat: Seat,
    config: Config,
    hand_sizes: ByPlayer<usize>,
    unseen: [usize; 5],
    pile: String,
    to_move: Option<Player>,
    debt: u8,
    cards: u64,
    tricks: u64,
    winner: Option<Player>,
    drawn: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    shown_hands: Option<ByPlayer<String>>,
}

#[cfg(feature = "serde")]
impl From<Observation> for ObservationRaw {
    fn from(o: Observation) -> ObservationRaw {
        let preset = o.config.preset;
        ObservationRaw {
            seat: o.seat,
            config: o.config,
            hand_sizes: o.hand_sizes,
            unseen: o.unseen,
            pile: crate::deal::hand_string(preset, &o.pile),
            to_move: o.to_move,
            debt: o.debt,
            cards: o.cards,
            tricks: o.tricks,
            winner: o.winner,
            drawn: o.drawn,
            shown_hands: o.shown_hands.map(|h| ByPlayer::from_fn(|p| crate::deal::hand_string(preset, &h[p]))),
        }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<ObservationRaw> for Observation {
    type Error = String;

    /// Refuses a seat other than 0 and 1, a card not of the preset, hand
    /// sizes that are not the unseen cards, and shown hands that are not
    /// the unseen cards in hands of those sizes.
    fn try_from(raw: ObservationRaw) -> Result<Observation, String> {
        let preset = raw.config.preset;
        let row = |name, text: &str| crate::serde_state::parse_row(preset, name, text).map_err(|e| e.to_string());
        Player::try_from(raw.seat).map_err(|e| e.to_string())?;
        let pile = row("pile", &raw.pile)?;
        if raw.hand_sizes[Player::A] + raw.hand_sizes[Player::B] != raw.unseen.iter().sum::<usize>() {
            return Err("bad observation: the hand sizes are not the unseen cards".into());
        }
        let shown_hands = match &raw.shown_hands {
            None => None,
            Some(h) => {
                let hands = ByPlayer::new(row("hand A", &h[Player::A])?, row("hand B", &h[Player::B])?);
                let mut counts = [0usize; 5];
                for &k in hands[Player::A].iter().chain(&hands[Player::B]) {
                    counts[usize::from(k)] += 1;
                }
                if counts != raw.unseen || Player::ALL.into_iter().any(|p| hands[p].len() != raw.hand_sizes[p]) {
                    return Err("bad observation: the shown hands are not the unseen cards".into());
                }
                Some(hands)
            }
        };
        Ok(Observation {
            seat: raw.seat,
            config: raw.config,
            hand_sizes: raw.hand_sizes,
            unseen: raw.unseen,
            pile,
            to_move: raw.to_move,
            debt: raw.debt,
            cards: raw.cards,
            tricks: raw.tricks,
            winner: raw.winner,
            drawn: raw.drawn,
            shown_hands,
        })
    }
}

impl HiddenInfo for Camicia {
    type Observation = Observation;

    fn observation(&self, seat: Seat) -> Result<Observation, SeatError> {
        Player::try_from(seat)?;
        let mut unseen = self.deck;
        for &k in self.pile() {
            unseen[usize::from(k)] -= 1;
        }
        Ok(Observation {
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
            drawn: self.drawn,
            shown_hands: self.drawn.then(|| ByPlayer::from_fn(|p| self.hands[p].as_slice().to_vec())),
        })
    }

    /// Deals the unseen cards, sorted by kind and then shuffled with `rng`,
    /// into hands of the observed sizes (A's first).
    fn sample<R: Rng + ?Sized>(&self, seat: Seat, rng: &mut R) -> Result<Camicia, SeatError> {
        let obs = self.observation(seat)?;
        if obs.shown_hands.is_some() {
            // Drawn at a repeat: the hands are shown (rule C39), and only
            // they repeat here, so the one world is this state.
            return Ok(self.clone());
        }
        let mut cards = Vec::with_capacity(obs.unseen.iter().sum());
        for (kind, &count) in obs.unseen.iter().enumerate() {
            cards.extend(core::iter::repeat_n(kind as u8, count));
        }
        let n = cards.len();
        shuffle(&mut cards, rng);
        let split = obs.hand_sizes[Player::A];
        let mut state = self.clone();
        state.hands = ByPlayer::new(Row::from_slice(&cards[..split]), Row::from_slice(&cards[split..n]));
        // Repeats ahead belong to the sampled hands.
        state.arm_repeat();
        Ok(state)
    }
}

/// A seat serialized by its name (`"A"`, `"B"`), as every crate names seats
/// in JSON; a seat that is no player of Camicia is refused on load.
#[cfg(feature = "serde")]
mod seat_by_name {
    use carte_core::{Player, Seat};

    pub(super) fn serialize<S: serde::Serializer>(seat: &Seat, serializer: S) -> Result<S::Ok, S::Error> {
        let player = Player::try_from(*seat).map_err(serde::ser::Error::custom)?;
        serde::Serialize::serialize(&player, serializer)
    }

    pub(super) fn deserialize<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Seat, D::Error> {
        <Player as serde::Deserialize>::deserialize(deserializer).map(Seat::from)
    }
}
