//! Kuhn poker: the smallest game with chance and hidden information, used to
//! prove the conformance kit and the generic tools.

use core::fmt;
use core::str::FromStr;

use rand::Rng;

use crate::actions::{ActionSpace, GameFacts};
use crate::error::SeatError;
use crate::game::{Actor, Game, Outcome, Seat, Seeded};
use crate::hidden::HiddenInfo;
use crate::shuffle::below;
use crate::views::{ViewError, Views};

/// Kuhn poker: three cards J < Q < K, two seats, one ante each.
///
/// Chance deals one card to each seat (six equally likely deals, written
/// `deal KJ`: seat 0's card first). Seat 0 then `pass`es or `bet`s one chip;
/// the betting sequences are `pass pass` (showdown for 1), `bet pass` (seat 1
/// folds), `bet bet` (showdown for 2), `pass bet pass` (seat 0 folds) and
/// `pass bet bet` (showdown for 2). Each seat sees its own card, the betting,
/// and the other card once a showdown shows it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "KuhnRaw", into = "KuhnRaw"))]
pub struct Kuhn {
    cards: Option<[u8; 2]>,
    bets: [bool; 3],
    len: u8,
}

/// The serialized form of [`Kuhn`], validated on load.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
struct KuhnRaw {
    cards: Option<[u8; 2]>,
    history: Vec<bool>,
}

impl From<Kuhn> for KuhnRaw {
    fn from(k: Kuhn) -> KuhnRaw {
        KuhnRaw { cards: k.cards, history: k.bets[..usize::from(k.len)].to_vec() }
    }
}

impl TryFrom<KuhnRaw> for Kuhn {
    type Error = KuhnError;
    fn try_from(raw: KuhnRaw) -> Result<Kuhn, KuhnError> {
        let mut k = Kuhn::new();
        if let Some([a, b]) = raw.cards {
            k.apply(KuhnMove::Deal([a, b]))?;
        }
        for bet in raw.history {
            k.apply(if bet { KuhnMove::Bet } else { KuhnMove::Pass })?;
        }
        Ok(k)
    }
}

/// A Kuhn poker move: `deal XY`, `pass` or `bet`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum KuhnMove {
    /// Chance deals card `.0[0]` to seat 0 and `.0[1]` to seat 1 (0 = J, 1 = Q, 2 = K).
    Deal([u8; 2]),
    /// Check, or fold facing a bet.
    Pass,
    /// Bet, or call facing a bet.
    Bet,
}

const NAMES: [char; 3] = ['J', 'Q', 'K'];

impl fmt::Display for KuhnMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            KuhnMove::Deal([a, b]) => {
                let name = |c: u8| NAMES.get(usize::from(c)).copied().unwrap_or('?');
                write!(f, "deal {}{}", name(a), name(b))
            }
            KuhnMove::Pass => f.write_str("pass"),
            KuhnMove::Bet => f.write_str("bet"),
        }
    }
}

/// Text that is no Kuhn move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a kuhn move (expected `deal XY`, `pass` or `bet`)")]
pub struct ParseKuhnMoveError(String);

impl FromStr for KuhnMove {
    type Err = ParseKuhnMoveError;
    fn from_str(s: &str) -> Result<KuhnMove, ParseKuhnMoveError> {
        let bad = || ParseKuhnMoveError(s.to_owned());
        match s.trim() {
            "pass" => Ok(KuhnMove::Pass),
            "bet" => Ok(KuhnMove::Bet),
            t => {
                let cards = t.strip_prefix("deal ").ok_or_else(bad)?;
                let idx = |c: char| NAMES.iter().position(|&n| n == c).map(|i| i as u8);
                let mut chars = cards.chars();
                match (chars.next().and_then(idx), chars.next().and_then(idx), chars.next()) {
                    (Some(a), Some(b), None) => Ok(KuhnMove::Deal([a, b])),
                    _ => Err(bad()),
                }
            }
        }
    }
}

/// An illegal Kuhn move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum KuhnError {
    /// The move does not fit who acts now.
    #[error("illegal move {0}: not this actor's kind of move")]
    WrongActor(KuhnMove),
    /// A deal of unknown or equal cards.
    #[error("illegal move {0}: a deal needs two different cards of J, Q, K")]
    BadDeal(KuhnMove),
    /// The hand is over.
    #[error("illegal move {0}: the hand is over")]
    Over(KuhnMove),
}

impl Kuhn {
    /// A hand before the deal.
    pub fn new() -> Kuhn {
        Kuhn { cards: None, bets: [false; 3], len: 0 }
    }

    fn history(&self) -> &[bool] {
        &self.bets[..usize::from(self.len)]
    }

    fn is_terminal(&self) -> bool {
        matches!(self.history(), [false, false] | [true, _] | [false, true, _])
    }

    fn showdown(&self) -> bool {
        matches!(self.history(), [false, false] | [true, true] | [false, true, true])
    }
}

impl Default for Kuhn {
    fn default() -> Self {
        Kuhn::new()
    }
}

impl Game for Kuhn {
    type Move = KuhnMove;
    type Error = KuhnError;

    fn num_seats(&self) -> usize {
        2
    }

    fn actor(&self) -> Actor {
        if self.cards.is_none() {
            Actor::Chance
        } else if self.is_terminal() {
            Actor::Nobody
        } else {
            Actor::Seat(Seat::new(self.len % 2))
        }
    }

    fn legal_moves(&self, out: &mut Vec<KuhnMove>) {
        out.clear();
        match self.actor() {
            Actor::Chance => {
                for a in 0..3 {
                    for b in (0..3).filter(|&b| b != a) {
                        out.push(KuhnMove::Deal([a, b]));
                    }
                }
            }
            Actor::Seat(_) => out.extend([KuhnMove::Pass, KuhnMove::Bet]),
            Actor::Nobody => {}
        }
    }

    fn is_legal(&self, mv: KuhnMove) -> bool {
        match (self.actor(), mv) {
            (Actor::Chance, KuhnMove::Deal([a, b])) => a < 3 && b < 3 && a != b,
            (Actor::Seat(_), KuhnMove::Pass | KuhnMove::Bet) => true,
            _ => false,
        }
    }

    fn apply(&mut self, mv: KuhnMove) -> Result<(), KuhnError> {
        match (self.actor(), mv) {
            (Actor::Nobody, _) => Err(KuhnError::Over(mv)),
            (Actor::Chance, KuhnMove::Deal([a, b])) => {
                if a >= 3 || b >= 3 || a == b {
                    return Err(KuhnError::BadDeal(mv));
                }
                self.cards = Some([a, b]);
                Ok(())
            }
            (Actor::Seat(_), KuhnMove::Pass | KuhnMove::Bet) => {
                self.bets[usize::from(self.len)] = mv == KuhnMove::Bet;
                self.len += 1;
                Ok(())
            }
            _ => Err(KuhnError::WrongActor(mv)),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        let [a, b] = self.cards?;
        let seat0 = match self.history() {
            [true, false] => 1.0,
            [false, true, false] => -1.0,
            h if self.showdown() => {
                let stake = if h.contains(&true) { 2.0 } else { 1.0 };
                if a > b { stake } else { -stake }
            }
            _ => return None,
        };
        Some(Outcome::from_returns(vec![seat0, -seat0]))
    }
}

impl Seeded for Kuhn {
    type Config = ();
    type ConfigError = core::convert::Infallible;

    /// Kuhn poker deals by an explicit chance move, so the seed is unused.
    fn from_seed(_: &(), _: u64) -> Result<Kuhn, Self::ConfigError> {
        Ok(Kuhn::new())
    }
}

/// What one seat of [`Kuhn`] sees.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct KuhnObservation {
    /// The observing seat.
    pub seat: Seat,
    /// Its own card, once dealt.
    pub own: Option<u8>,
    /// The other card, once a showdown shows it.
    pub other: Option<u8>,
    /// The betting so far (`true` = bet).
    pub history: Vec<bool>,
}

impl HiddenInfo for Kuhn {
    type Observation = KuhnObservation;

    fn observation(&self, seat: Seat) -> Result<KuhnObservation, SeatError> {
        let i = Seat::checked(seat.index(), 2)?.index();
        Ok(KuhnObservation {
            seat,
            own: self.cards.map(|c| c[i]),
            other: self.cards.filter(|_| self.showdown()).map(|c| c[1 - i]),
            history: self.history().to_vec(),
        })
    }

    fn sample<R: Rng + ?Sized>(&self, seat: Seat, rng: &mut R) -> Result<Kuhn, SeatError> {
        let i = Seat::checked(seat.index(), 2)?.index();
        let mut s = self.clone();
        if let Some(mut cards) = self.cards
            && !self.showdown()
        {
            let others: Vec<u8> = (0..3).filter(|&c| c != cards[i]).collect();
            cards[1 - i] = others[below(rng, 2) as usize];
            s.cards = Some(cards);
        }
        Ok(s)
    }
}

impl ActionSpace for Kuhn {
    /// `pass` = 0, `bet` = 1.
    fn num_actions(&self) -> usize {
        2
    }

    /// The six deals.
    fn max_chance_outcomes(&self) -> usize {
        6
    }

    /// A deal `[a, b]` is `2a + (b - (b > a))`, so `deal JQ` = 0 … `deal KQ` = 5.
    fn action_index(&self, mv: KuhnMove) -> Option<usize> {
        match mv {
            KuhnMove::Pass => Some(0),
            KuhnMove::Bet => Some(1),
            KuhnMove::Deal([a, b]) if a < 3 && b < 3 && a != b => {
                Some(2 * usize::from(a) + usize::from(b) - usize::from(b > a))
            }
            KuhnMove::Deal(_) => None,
        }
    }

    fn move_at(&self, index: usize) -> Option<KuhnMove> {
        if self.actor() == Actor::Chance {
            let a = (index / 2) as u8;
            let r = (index % 2) as u8;
            (index < 6).then(|| KuhnMove::Deal([a, if r >= a { r + 1 } else { r }]))
        } else {
            [KuhnMove::Pass, KuhnMove::Bet].get(index).copied()
        }
    }

    fn facts(&self) -> GameFacts {
        GameFacts::new(2, (-2.0, 2.0), true, 4, 2, 6)
    }
}

impl Views for Kuhn {
    /// One plane of 12: the own card (3, one-hot), the other card once shown
    /// (3), and for each of the three betting turns pass / bet (3 × 2).
    fn observation_shape(&self) -> Vec<usize> {
        vec![12]
    }

    fn observation_tensor(&self, seat: Seat, out: &mut [f32]) -> Result<(), ViewError> {
        self.check_view(seat, out)?;
        out.fill(0.0);
        let obs = self.observation(seat)?;
        if let Some(c) = obs.own {
            out[usize::from(c)] = 1.0;
        }
        if let Some(c) = obs.other {
            out[3 + usize::from(c)] = 1.0;
        }
        for (turn, &bet) in obs.history.iter().enumerate() {
            out[6 + 2 * turn + usize::from(bet)] = 1.0;
        }
        Ok(())
    }

    /// `card K, bets 1-2, to act` (chips in by seat 0 and seat 1), with
    /// `, other Q` after a showdown.
    fn observation_string(&self, seat: Seat) -> Result<String, ViewError> {
        Seat::checked(seat.index(), 2)?;
        let obs = self.observation(seat)?;
        let name = |c: Option<u8>| c.and_then(|c| NAMES.get(usize::from(c)).copied()).unwrap_or('?');
        let mut chips = [1, 1];
        for (turn, &bet) in obs.history.iter().enumerate() {
            chips[turn % 2] += u8::from(bet);
        }
        let state = match self.actor() {
            Actor::Seat(s) if s == seat => "to act",
            Actor::Nobody => "over",
            _ => "waiting",
        };
        let mut text = format!("card {}, bets {}-{}, {state}", name(obs.own), chips[0], chips[1]);
        if obs.other.is_some() {
            text.push_str(&format!(", other {}", name(obs.other)));
        }
        Ok(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(moves: &[&str]) -> Kuhn {
        let mut k = Kuhn::new();
        for m in moves {
            k.apply(m.parse().unwrap()).unwrap();
        }
        k
    }

    #[test]
    fn payoffs_follow_the_rules() {
        let r = |moves: &[&str]| play(moves).outcome().map(|o| o.returns()[0]);
        assert_eq!(r(&["deal KQ", "pass", "pass"]), Some(1.0));
        assert_eq!(r(&["deal JQ", "pass", "pass"]), Some(-1.0));
        assert_eq!(r(&["deal JQ", "bet", "pass"]), Some(1.0));
        assert_eq!(r(&["deal JQ", "bet", "bet"]), Some(-2.0));
        assert_eq!(r(&["deal KQ", "pass", "bet", "pass"]), Some(-1.0));
        assert_eq!(r(&["deal KQ", "pass", "bet", "bet"]), Some(2.0));
        assert_eq!(r(&["deal KQ", "pass", "bet"]), None);
    }

    #[test]
    fn illegal_moves_leave_the_state() {
        let mut k = play(&["deal KQ", "pass", "pass"]);
        let before = k.clone();
        assert_eq!(k.apply(KuhnMove::Bet), Err(KuhnError::Over(KuhnMove::Bet)));
        assert_eq!(k, before);
        let mut k = Kuhn::new();
        assert!(k.apply(KuhnMove::Deal([1, 1])).is_err());
        assert!(k.apply(KuhnMove::Bet).is_err());
        assert_eq!(k, Kuhn::new());
    }

    #[test]
    fn corrupted_serialized_states_are_refused() {
        for bad in [
            r#"{"cards":[1,1],"history":[]}"#,
            r#"{"cards":[0,5],"history":[]}"#,
            r#"{"cards":null,"history":[true]}"#,
            r#"{"cards":[0,1],"history":[true,true,true]}"#,
        ] {
            assert!(serde_json::from_str::<Kuhn>(bad).is_err(), "{bad}");
        }
        let ok: Kuhn = serde_json::from_str(r#"{"cards":[2,0],"history":[false,true]}"#).unwrap();
        assert_eq!(ok, play(&["deal KJ", "pass", "bet"]));
    }
}
