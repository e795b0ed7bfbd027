//! Tiny games for the bot tests: Nim (perfect information, any number of
//! seats in two alternating teams) and Gamble (one decision, then a biased
//! coin).

#![allow(dead_code)]

use core::fmt;
use core::str::FromStr;

use carte_core::{Actor, Game, Outcome, Seat};

/// A move of the test games.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TestMove {
    /// Nim: take this many sticks (1..=3).
    Take(u8),
    /// Gamble: take the sure small loss.
    Stand,
    /// Gamble: toss the coin.
    Toss,
    /// Gamble, chance: the coin's side.
    Coin(bool),
}

impl fmt::Display for TestMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TestMove::Take(n) => write!(f, "take {n}"),
            TestMove::Stand => f.write_str("stand"),
            TestMove::Toss => f.write_str("toss"),
            TestMove::Coin(true) => f.write_str("heads"),
            TestMove::Coin(false) => f.write_str("tails"),
        }
    }
}

/// Text that is no test move.
#[derive(Debug, thiserror::Error)]
#[error("bad test move {0:?}")]
pub struct BadMove(String);

impl FromStr for TestMove {
    type Err = BadMove;
    fn from_str(s: &str) -> Result<Self, BadMove> {
        Ok(match s {
            "stand" => TestMove::Stand,
            "toss" => TestMove::Toss,
            "heads" => TestMove::Coin(true),
            "tails" => TestMove::Coin(false),
            _ => TestMove::Take(
                s.strip_prefix("take ").and_then(|n| n.parse().ok()).ok_or_else(|| BadMove(s.to_owned()))?,
            ),
        })
    }
}

/// An illegal test move.
#[derive(Debug, thiserror::Error)]
#[error("illegal move {0}")]
pub struct Illegal(TestMove);

/// Nim: seats take 1 to 3 sticks in turn; whoever takes the last stick
/// wins for their team (seats of the same parity). From a pile that is not
/// a multiple of 4, the winning move takes `pile % 4`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Nim {
    pub pile: u8,
    pub turn: u8,
    pub seats: u8,
    pub last: Option<u8>,
}

impl Nim {
    pub fn new(pile: u8, seats: u8) -> Nim {
        Nim { pile, turn: 0, seats, last: None }
    }
}

impl Game for Nim {
    type Move = TestMove;
    type Error = Illegal;

    fn num_seats(&self) -> usize {
        usize::from(self.seats)
    }

    fn actor(&self) -> Actor {
        if self.pile == 0 { Actor::Nobody } else { Actor::Seat(Seat::new(self.turn)) }
    }

    fn legal_moves(&self, out: &mut Vec<TestMove>) {
        out.clear();
        out.extend((1..=self.pile.min(3)).map(TestMove::Take));
    }

    fn apply(&mut self, mv: TestMove) -> Result<(), Illegal> {
        match mv {
            TestMove::Take(n) if (1..=3).contains(&n) && n <= self.pile => {
                self.pile -= n;
                self.last = Some(self.turn);
                self.turn = (self.turn + 1) % self.seats;
                Ok(())
            }
            _ => Err(Illegal(mv)),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.pile > 0 {
            return None;
        }
        let taker = self.last?;
        Some(Outcome::winners(
            self.num_seats(),
            Seat::all(self.num_seats()).filter(|s| s.index() % 2 == usize::from(taker % 2)),
        ))
    }
}

/// Gamble: seat 0 stands (returns -0.2 / +0.2) or tosses a coin that
/// lands heads (seat 0 wins 1) with probability `p_heads`, tails (seat 0
/// loses 1) otherwise. Uniform chance would make tossing worth 0, better
/// than standing; at the stated 0.3 it is worth -0.4, worse.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Gamble {
    pub state: u8,
}

const P_HEADS: f64 = 0.3;

impl Game for Gamble {
    type Move = TestMove;
    type Error = Illegal;

    fn num_seats(&self) -> usize {
        2
    }

    fn actor(&self) -> Actor {
        match self.state {
            0 => Actor::Seat(Seat::new(0)),
            1 => Actor::Chance,
            _ => Actor::Nobody,
        }
    }

    fn legal_moves(&self, out: &mut Vec<TestMove>) {
        out.clear();
        match self.state {
            0 => out.extend([TestMove::Stand, TestMove::Toss]),
            1 => out.extend([TestMove::Coin(true), TestMove::Coin(false)]),
            _ => {}
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<(TestMove, f64)>) {
        out.clear();
        if self.state == 1 {
            out.extend([(TestMove::Coin(true), P_HEADS), (TestMove::Coin(false), 1.0 - P_HEADS)]);
        }
    }

    fn apply(&mut self, mv: TestMove) -> Result<(), Illegal> {
        self.state = match (self.state, mv) {
            (0, TestMove::Stand) => 2,
            (0, TestMove::Toss) => 1,
            (1, TestMove::Coin(true)) => 3,
            (1, TestMove::Coin(false)) => 4,
            _ => return Err(Illegal(mv)),
        };
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        let v = match self.state {
            2 => -0.2,
            3 => 1.0,
            4 => -1.0,
            _ => return None,
        };
        Some(Outcome::from_returns(vec![v, -v]))
    }
}
