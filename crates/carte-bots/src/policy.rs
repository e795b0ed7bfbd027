//! Heuristic policies: plain functions from a state to a move, as bots and
//! as the play-out policy of the search bots.

use core::fmt;

use carte_core::{Actor, Game, deal_rng};

use crate::bot::{Bot, BotRng, draw_chance};

/// A policy: a move for the seat to act in `game`, or `None` when there is
/// none (the game is over). It is called at decision nodes only (never
/// chance); it must return a legal move and should use only what the
/// acting seat can see.
///
/// Game crates write theirs generic over the generator
/// (`fn heuristic_move<R: Rng + ?Sized>(game: &State, rng: &mut R) -> Option<Move>`);
/// `heuristic_move::<BotRng>` is then a `PolicyFn`.
pub type PolicyFn<G> = fn(&G, &mut BotRng) -> Option<<G as Game>::Move>;

/// A bot that plays a [`PolicyFn`] (chance by its probabilities).
///
/// ```
/// use carte_bots::{Bot, BotRng, PolicyBot};
/// use gonzago_rules::{Deck, Game, Hand, Move, Seeded};
///
/// // Gonzago: draw while the stock lasts, else the first legal move.
/// fn drawer(hand: &Hand, _: &mut BotRng) -> Option<Move> {
///     if hand.is_legal(Move::Draw) { Some(Move::Draw) } else { hand.legal_move_vec().first().copied() }
/// }
///
/// let mut bot = PolicyBot::new("drawer", drawer, 1);
/// let mut game = Hand::from_seed(&Deck::Italian, 4)?;
/// game.apply(game.legal_move_vec()[0])?; // the lead
/// assert_eq!(bot.choose(&game), Some(Move::Draw));
/// assert_eq!(bot.name(), "drawer");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct PolicyBot<G: Game> {
    name: String,
    policy: PolicyFn<G>,
    rng: BotRng,
    chances: Vec<(G::Move, f64)>,
}

impl<G: Game> PolicyBot<G> {
    /// A bot called `name` playing `policy` with the generator of `seed`.
    pub fn new(name: impl Into<String>, policy: PolicyFn<G>, seed: u64) -> Self {
        PolicyBot { name: name.into(), policy, rng: deal_rng(seed), chances: Vec::new() }
    }
}

impl<G: Game> fmt::Debug for PolicyBot<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PolicyBot").field("name", &self.name).finish_non_exhaustive()
    }
}

impl<G: Game> Bot<G> for PolicyBot<G> {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, game: &G) -> Option<G::Move> {
        match game.actor() {
            Actor::Nobody => None,
            Actor::Chance => draw_chance(game, &mut self.chances, &mut self.rng),
            Actor::Seat(_) => (self.policy)(game, &mut self.rng),
        }
    }
}
