//! The configuration of a game.

/// The variant options of Zama.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default))]
pub struct Config {
    /// The game is drawn after this many consecutive plies (moves of any
    /// kind: attacks, shifts, peeks, ends, passes) in which no card left the
    /// board. Default 200; must be at least 1.
    pub no_removal_limit: u16,
}

impl Config {
    /// The default draw limit.
    pub const DEFAULT_NO_REMOVAL_LIMIT: u16 = 200;

    /// Checks the configuration.
    ///
    /// # Errors
    ///
    /// [`ConfigError::ZeroLimit`] for a draw limit of 0.
    pub const fn validate(&self) -> Result<(), ConfigError> {
        if self.no_removal_limit == 0 { Err(ConfigError::ZeroLimit) } else { Ok(()) }
    }
}

impl Default for Config {
    fn default() -> Self {
        Config { no_removal_limit: Self::DEFAULT_NO_REMOVAL_LIMIT }
    }
}

/// A configuration that cannot be played.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// `no_removal_limit` is 0.
    #[error("bad configuration: the no-removal draw limit must be at least 1")]
    ZeroLimit,
}
