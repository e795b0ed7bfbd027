//! The configuration of a game: how many play, for how long.

use crate::player::MAX_BOARDS;

/// How a game of Zucche e Fantasmi is set up.
///
/// ```
/// use zucche_rules::Config;
///
/// let config = Config { players: 8, ..Config::default() };
/// assert_eq!(config.rounds, 120);
/// assert_eq!(config.check(), Ok(()));
/// assert!(Config { players: 6, ..config }.check().is_err());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Config {
    /// Number of players: a positive multiple of 4, at most 256.
    pub players: usize,
    /// Rounds before the game ends by time (at least 1). In each round every
    /// board that is not frozen plays one turn.
    pub rounds: u32,
}

/// The seed's players (4) and the default time limit of 120 rounds.
impl Default for Config {
    fn default() -> Self {
        Config { players: 4, rounds: Config::DEFAULT_ROUNDS }
    }
}

impl Config {
    /// The default round limit, standing for the seed's 15 to 30 minutes.
    pub const DEFAULT_ROUNDS: u32 = 120;

    /// The configuration for `players` players and the default round limit.
    pub const fn players(players: usize) -> Config {
        Config { players, rounds: Config::DEFAULT_ROUNDS }
    }

    /// Number of boards: half the players.
    pub const fn boards(&self) -> usize {
        self.players / 2
    }

    /// Checks the configuration.
    ///
    /// # Errors
    ///
    /// [`ConfigError`] for a player count that is not a positive multiple of
    /// 4 up to 256, or a round limit of 0.
    pub const fn check(&self) -> Result<(), ConfigError> {
        if self.players == 0 || !self.players.is_multiple_of(4) {
            return Err(ConfigError::Players(self.players));
        }
        if self.players > 2 * MAX_BOARDS {
            return Err(ConfigError::TooManyPlayers(self.players));
        }
        if self.rounds == 0 {
            return Err(ConfigError::NoRounds);
        }
        Ok(())
    }
}

/// A configuration that sets up no game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// The player count is not 4k for some k >= 1.
    #[error("bad configuration: {0} players is not a positive multiple of 4")]
    Players(usize),
    /// More players than seats can be numbered.
    #[error("bad configuration: {0} players is more than the 256 this engine seats")]
    TooManyPlayers(usize),
    /// A game that would end before it starts.
    #[error("bad configuration: a game needs at least 1 round")]
    NoRounds,
}
