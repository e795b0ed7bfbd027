//! [`Random`]: the baseline every other bot must beat.

use carte_core::{Game, RandomPlayer, deal_rng};

use crate::bot::{Bot, BotRng};

/// Uniform over the legal moves; chance by its stated probabilities.
///
/// ```
/// use carte_bots::{Bot, Random};
/// use gonzago_rules::{Deck, Game, Hand, Seeded};
///
/// let mut game = Hand::from_seed(&Deck::Italian, 7)?;
/// let mut bot = Random::new(7);
/// while let Some(mv) = bot.choose(&game) {
///     game.apply(mv)?;
/// }
/// assert!(game.outcome().is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Random<G: Game> {
    player: RandomPlayer<G>,
    rng: BotRng,
}

impl<G: Game> Random<G> {
    /// A random bot drawing from the generator of `seed`.
    pub fn new(seed: u64) -> Self {
        Random { player: RandomPlayer::new(), rng: deal_rng(seed) }
    }
}

impl<G: Game> Bot<G> for Random<G> {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, game: &G) -> Option<G::Move> {
        self.player.choose(game, &mut self.rng)
    }
}
