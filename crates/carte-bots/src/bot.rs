//! The [`Bot`] trait: something that picks a move for whoever acts.

use carte_core::rand::Rng;
use carte_core::{Actor, DealRng, Game, pick_weighted};

/// A player of any [`Game`].
///
/// A bot is seeded when it is built and is deterministic: the same seed and
/// the same sequence of states asked about give the same moves (unless a
/// bot is configured with a time budget, which depends on the clock).
///
/// `choose` answers for whoever acts: a seat's decision, or a draw by the
/// stated probabilities when chance acts. It returns `None` exactly when the
/// game is over, and never panics on a legal state.
pub trait Bot<G: Game> {
    /// A short name for tables and logs (`"random"`, `"mcts"`).
    fn name(&self) -> &str;

    /// A legal move for the actor of `game`; `None` when the game is over.
    fn choose(&mut self, game: &G) -> Option<G::Move>;
}

impl<G: Game, B: Bot<G> + ?Sized> Bot<G> for Box<B> {
    fn name(&self) -> &str {
        (**self).name()
    }

    fn choose(&mut self, game: &G) -> Option<G::Move> {
        (**self).choose(game)
    }
}

/// A bot's generator: ChaCha8, as for deals, so that bots replay on every
/// platform.
pub type BotRng = DealRng;

/// A chance outcome of `game` drawn by its probabilities with `rng`, into the
/// reusable buffer `chances`.
pub(crate) fn draw_chance<G: Game, R: Rng + ?Sized>(
    game: &G,
    chances: &mut Vec<(G::Move, f64)>,
    rng: &mut R,
) -> Option<G::Move> {
    debug_assert_eq!(game.actor(), Actor::Chance);
    game.chance_outcomes(chances);
    pick_weighted(chances, rng)
}
