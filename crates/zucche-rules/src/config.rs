//! The configuration of a game: how many play, for how long.

use crate::player::MAX_BOARDS;

/// How a game of Zucche e Fantasmi is set up. It may grow, so it is built
/// with [`Config::players`] or [`Config::default`] and the `with_*`
/// setters, and checked by [`Config::validate`] (which [`Zucche::new`](crate::Zucche::new)
/// calls).
///
/// ```
/// use zucche_rules::Config;
///
/// let config = Config::players(8);
/// assert_eq!(config.rounds, 120);
/// assert_eq!(config.validate(), Ok(()));
/// assert_eq!(Config::default().with_players(8).with_rounds(30).rounds, 30);
/// assert!(config.with_players(6).validate().is_err());
/// assert!(config.with_rounds(0).validate().is_err());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
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
        Config::players(4).with_rounds(Config::DEFAULT_ROUNDS)
    }
}

impl Config {
    /// The default round limit, standing for the seed's 15 to 30 minutes.
    pub const DEFAULT_ROUNDS: u32 = 120;

    /// The configuration for `players` players and the default round limit.
    pub const fn players(players: usize) -> Config {
        Config { players, rounds: Config::DEFAULT_ROUNDS }
    }

    /// The same configuration for `players` players.
    pub const fn with_players(self, players: usize) -> Config {
        Config { players, ..self }
    }

    /// The same configuration with a limit of `rounds` rounds.
    pub const fn with_rounds(self, rounds: u32) -> Config {
        Config { rounds, ..self }
    }

    /// Number of boards: half the players.
    ///
    /// ```
    /// use zucche_rules::Config;
    ///
    /// assert_eq!(Config::players(12).boards(), 6);
    /// ```
    pub const fn boards(&self) -> usize {
        self.players / 2
    }

    /// Checks the configuration.
    ///
    /// # Errors
    ///
    /// [`ConfigError`] for a player count that is not a positive multiple of
    /// 4 up to 256, or a round limit of 0.
    pub const fn validate(&self) -> Result<(), ConfigError> {
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
#[non_exhaustive]
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
