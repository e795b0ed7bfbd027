//! The configuration of a game.

/// The variant options of Zama.
///
/// Built with [`Config::default`] and the `with_*` setters (the struct is
/// `#[non_exhaustive]`: options may be added). A serialized config without
/// a field takes that field's default, so configs saved before the
/// `players` option existed still load as two-player configs.
///
/// ```
/// use zama_rules::{Config, ConfigError};
///
/// let four = Config::default().with_players(4).with_no_removal_limit(300);
/// assert_eq!((four.players, four.no_removal_limit), (4, 300));
/// assert_eq!(Config::default().with_players(3).validate(), Err(ConfigError::Players { players: 3 }));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default))]
#[non_exhaustive]
pub struct Config {
    /// The game is drawn after this many consecutive plies (moves of any
    /// kind: attacks, shifts, peeks, ends, passes) in which no card left the
    /// board. Default 200; must be at least 1.
    pub no_removal_limit: u32,
    /// The number of players: 2 (the 8 × 13 board, default) or 4 (the
    /// 16 × 13 board).
    pub players: usize,
}

impl Config {
    /// The default draw limit.
    pub const DEFAULT_NO_REMOVAL_LIMIT: u32 = 200;

    /// The two-player game with the default draw limit.
    pub const fn new() -> Config {
        Config { no_removal_limit: Self::DEFAULT_NO_REMOVAL_LIMIT, players: 2 }
    }

    /// The same configuration with another draw limit.
    #[must_use]
    pub const fn with_no_removal_limit(self, no_removal_limit: u32) -> Config {
        Config { no_removal_limit, ..self }
    }

    /// The same configuration with another number of players (2 or 4;
    /// [`validate`](Config::validate) refuses any other).
    #[must_use]
    pub const fn with_players(self, players: usize) -> Config {
        Config { players, ..self }
    }

    /// Checks the configuration.
    ///
    /// # Errors
    ///
    /// [`ConfigError::ZeroLimit`] for a draw limit of 0,
    /// [`ConfigError::Players`] for a number of players other than 2 or 4.
    pub const fn validate(&self) -> Result<(), ConfigError> {
        if self.no_removal_limit == 0 {
            Err(ConfigError::ZeroLimit)
        } else if self.players != 2 && self.players != 4 {
            Err(ConfigError::Players { players: self.players })
        } else {
            Ok(())
        }
    }
}

impl Default for Config {
    fn default() -> Self {
        Config::new()
    }
}

/// A configuration that cannot be played.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ConfigError {
    /// `no_removal_limit` is 0.
    #[error("bad configuration: the no-removal draw limit must be at least 1")]
    ZeroLimit,
    /// `players` is neither 2 nor 4.
    #[error("bad configuration: Zama is played by 2 or 4 players, not {players}")]
    Players {
        /// The refused number.
        players: usize,
    },
}
