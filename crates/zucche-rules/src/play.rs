//! Seeded play: the die rolls of a game drawn from a seed.

use carte_core::{Playout, RandomPlayer, deal_rng};

use crate::config::{Config, ConfigError};
use crate::game::Zucche;

/// A whole game with uniformly random decisions and dice, both drawn from
/// [`carte_core::deal_rng`]`(seed)` by [`carte_core::RandomPlayer`]: the
/// same configuration and seed give the same game on every platform.
///
/// The game itself has no deal, so [`Seeded::from_seed`](carte_core::Seeded::from_seed)
/// ignores its seed; a seeded *game* is a seeded driver like this one,
/// recorded as a [`carte_core::Replay`] if it must be replayed move by move.
///
/// ```
/// use zucche_rules::{random_game, Config};
///
/// let (game, playout) = random_game(&Config::default(), 1)?;
/// assert!(playout.finished);
/// assert_eq!(random_game(&Config::default(), 1)?.0, game);
/// # Ok::<(), zucche_rules::ConfigError>(())
/// ```
///
/// # Errors
///
/// [`ConfigError`] for a refused configuration.
pub fn random_game(config: &Config, seed: u64) -> Result<(Zucche, Playout), ConfigError> {
    let mut game = Zucche::new(config)?;
    let playout = RandomPlayer::new().play_out(&mut game, &mut deal_rng(seed), u64::MAX);
    Ok((game, playout))
}
