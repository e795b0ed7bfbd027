//! Generic tools over any [`Game`]: random play-outs and tree counts.

use rand::Rng;

use crate::game::{Actor, Game};
use crate::shuffle::{below, unit_f64};

/// Reusable buffers for random play: after the first play-out no further
/// allocation happens (as long as the game's own `apply` does not allocate).
#[derive(Debug)]
pub struct RandomPlayer<G: Game> {
    moves: Vec<G::Move>,
    chances: Vec<(G::Move, f64)>,
}

impl<G: Game> Default for RandomPlayer<G> {
    fn default() -> Self {
        RandomPlayer { moves: Vec::new(), chances: Vec::new() }
    }
}

/// How a random play-out stopped.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Playout {
    /// Moves applied, chance outcomes included.
    pub plies: u64,
    /// `true` if the game ended; `false` if the ply limit stopped it first.
    pub finished: bool,
}

impl<G: Game> RandomPlayer<G> {
    /// A player with empty buffers.
    pub fn new() -> Self {
        Self::default()
    }

    /// A move for the actor of `game`: uniform over the legal moves for a
    /// seat, by the stated probabilities for chance; `None` when the game is
    /// over.
    ///
    /// ```
    /// use carte_core::{deal_rng, Game, RandomPlayer, Seeded};
    /// use gonzago_rules::{Deck, Hand};
    ///
    /// let game = Hand::from_seed(&Deck::Italian, 5)?;
    /// let mut player = RandomPlayer::new(); // reuse it: its buffers are kept
    /// let mv = player.choose(&game, &mut deal_rng(5)).unwrap();
    /// assert!(game.is_legal(mv));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn choose<R: Rng + ?Sized>(&mut self, game: &G, rng: &mut R) -> Option<G::Move> {
        match game.actor() {
            Actor::Nobody => None,
            Actor::Chance => {
                game.chance_outcomes(&mut self.chances);
                pick_weighted(&self.chances, rng)
            }
            Actor::Seat(_) => {
                game.legal_moves(&mut self.moves);
                if self.moves.is_empty() {
                    return None;
                }
                Some(self.moves[below(rng, self.moves.len() as u32) as usize])
            }
        }
    }

    /// Plays random moves until the game ends or `max_plies` moves were made.
    ///
    /// ```
    /// use carte_core::{deal_rng, RandomPlayer, Seeded};
    /// use gonzago_rules::{Deck, Hand};
    ///
    /// let mut player = RandomPlayer::new();
    /// let mut rng = deal_rng(2);
    /// for seed in 0..3 {
    ///     let mut game = Hand::from_seed(&Deck::French, seed)?;
    ///     assert!(player.play_out(&mut game, &mut rng, 10_000).finished);
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_out<R: Rng + ?Sized>(&mut self, game: &mut G, rng: &mut R, max_plies: u64) -> Playout {
        let mut plies = 0;
        while plies < max_plies {
            let Some(mv) = self.choose(game, rng) else {
                break;
            };
            if game.apply(mv).is_err() {
                // A game whose legal moves do not apply breaks its contract;
                // the conformance kit reports it. Stop rather than loop.
                break;
            }
            plies += 1;
        }
        Playout { plies, finished: game.is_over() }
    }
}

/// Draws one outcome by its probability; the last outcome absorbs rounding.
///
/// ```
/// use carte_core::{deal_rng, pick_weighted};
///
/// let coin = [("heads", 0.5), ("tails", 0.5)];
/// assert!(pick_weighted(&coin, &mut deal_rng(8)).is_some());
/// assert_eq!(pick_weighted::<&str, _>(&[], &mut deal_rng(8)), None);
/// ```
pub fn pick_weighted<M: Copy, R: Rng + ?Sized>(outcomes: &[(M, f64)], rng: &mut R) -> Option<M> {
    let (last, _) = *outcomes.last()?;
    let mut u = unit_f64(rng);
    for &(m, p) in outcomes {
        if u < p {
            return Some(m);
        }
        u -= p;
    }
    Some(last)
}

/// Plays `game` to its end with uniformly random decisions and chance by its
/// probabilities, stopping after `max_plies` moves at most.
///
/// ```
/// use carte_core::{deal_rng, random_playout, Game, Seeded};
/// use gonzago_rules::{Deck, Hand};
///
/// let mut game = Hand::from_seed(&Deck::Italian, 1)?;
/// let p = random_playout(&mut game, &mut deal_rng(1), 10_000);
/// assert!(p.finished && game.outcome().is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn random_playout<G: Game, R: Rng + ?Sized>(game: &mut G, rng: &mut R, max_plies: u64) -> Playout {
    RandomPlayer::new().play_out(game, rng, max_plies)
}

/// Counts the move sequences of exactly `depth` moves from `game` (perft),
/// chance outcomes counted as branches like any move. A game that ends
/// earlier contributes nothing to the count.
///
/// ```
/// use carte_core::{perft, Game, Seeded};
/// use gonzago_rules::{Deck, Hand};
///
/// let game = Hand::from_seed(&Deck::Italian, 42)?;
/// assert_eq!(perft(&game, 1), game.legal_move_vec().len() as u64);
/// // Each lead, then each answer to it.
/// let mut answers = 0;
/// for mv in game.legal_move_vec() {
///     let mut next = game.clone();
///     next.apply(mv)?;
///     answers += next.legal_move_vec().len() as u64;
/// }
/// assert_eq!(perft(&game, 2), answers);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn perft<G: Game>(game: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = game.legal_move_vec();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|mv| {
            let mut child = game.clone();
            match child.apply(mv) {
                Ok(()) => perft(&child, depth - 1),
                Err(_) => 0,
            }
        })
        .sum()
}
