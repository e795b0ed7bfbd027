//! Features are additive: a user's own game whose configuration knows
//! nothing of serde still implements `Game` and `Seeded`, and still works
//! with the generic tools, when every feature of the workspace is on (this
//! package turns `serde` on in every crate; `.ci/run` also builds this test
//! with `--all-features`).

use core::fmt;
use core::str::FromStr;

use carte::core::{Actor, Game, Outcome, Replay, Seat, Seeded, deal_rng, perft, random_playout};

/// Take-away: players alternately take one or two stones; whoever takes the
/// last stone wins.
#[derive(Clone, Debug, PartialEq, Eq)]
struct TakeAway {
    stones: u8,
    to_move: u8,
}

/// The configuration: deliberately without serde.
#[derive(Clone, Debug, PartialEq)]
struct Pile {
    stones: u8,
}

impl Default for Pile {
    fn default() -> Pile {
        Pile { stones: 7 }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
struct Take(u8);

impl fmt::Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "take {}", self.0)
    }
}

#[derive(Debug, thiserror::Error)]
#[error("not a move: {0:?}")]
struct BadTake(String);

impl FromStr for Take {
    type Err = BadTake;
    fn from_str(s: &str) -> Result<Take, BadTake> {
        match s {
            "take 1" => Ok(Take(1)),
            "take 2" => Ok(Take(2)),
            _ => Err(BadTake(s.to_owned())),
        }
    }
}

#[derive(Debug, thiserror::Error)]
#[error("illegal take")]
struct Illegal;

#[derive(Debug, thiserror::Error)]
#[error("a pile needs at least one stone")]
struct EmptyPile;

impl Game for TakeAway {
    type Move = Take;
    type Error = Illegal;

    fn num_seats(&self) -> usize {
        2
    }

    fn actor(&self) -> Actor {
        if self.stones == 0 { Actor::Nobody } else { Actor::Seat(Seat::new(self.to_move)) }
    }

    fn legal_moves(&self, out: &mut Vec<Take>) {
        out.clear();
        out.extend((1..=self.stones.min(2)).map(Take));
    }

    fn apply(&mut self, mv: Take) -> Result<(), Illegal> {
        if mv.0 == 0 || mv.0 > 2 || mv.0 > self.stones {
            return Err(Illegal);
        }
        self.stones -= mv.0;
        if self.stones > 0 {
            self.to_move = 1 - self.to_move;
        }
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.stones == 0).then(|| Outcome::win(2, Seat::new(self.to_move)))
    }
}

impl Seeded for TakeAway {
    type Config = Pile;
    type ConfigError = EmptyPile;

    fn from_seed(config: &Pile, _seed: u64) -> Result<TakeAway, EmptyPile> {
        if config.stones == 0 {
            return Err(EmptyPile);
        }
        Ok(TakeAway { stones: config.stones, to_move: 0 })
    }
}

#[test]
fn a_game_whose_config_has_no_serde_works_with_the_generic_tools() {
    let mut game = TakeAway::from_seed(&Pile::default(), 0).unwrap();
    assert!(TakeAway::from_seed(&Pile { stones: 0 }, 0).is_err());
    // Leaves from 7 stones: the Fibonacci-like count of take-1/take-2 sequences.
    assert_eq!(perft(&game, 3), 8);

    let mut replay = Replay::<TakeAway>::new(Pile::default(), 0);
    for text in ["take 2", "take 2", "take 1"] {
        let mv = game.apply_notation(text).unwrap();
        replay.push(mv);
    }
    assert_eq!(replay.replay().unwrap(), game);
    let before = game.clone();
    assert!(game.apply(Take(3)).is_err());
    assert_eq!(game, before);

    random_playout(&mut game, &mut deal_rng(1), 100);
    assert!(game.is_over());
    assert_eq!(game.outcome().unwrap().returns().len(), 2);
}
