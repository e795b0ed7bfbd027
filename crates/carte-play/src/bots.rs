//! The strongest bot of each game that answers in under a second: the
//! opponents of `--play`, the tour's players and the arena's `best` entrant.

use carte_bots::{BotRng, Ismcts, Mcts};
use gonzago_rules::{Hand, Match};
use zama_rules::Zama;
use zucche_rules::Zucche;

/// How hard the bot thinks.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Strength {
    /// The full budget: the strongest play that stays under a second a move.
    #[default]
    Full,
    /// A small budget, for tests and examples in documentation.
    Quick,
}

impl Strength {
    fn scale(self, full: u32) -> u32 {
        match self {
            Strength::Full => full,
            Strength::Quick => (full / 20).max(20),
        }
    }
}

/// Zama: information-set MCTS on the seat's own knowledge, play-outs cut
/// after 20 plies and scored by `zama_rules::evaluate`.
pub fn zama(seed: u64, strength: Strength) -> Ismcts<Zama> {
    Ismcts::new(seed).iterations(strength.scale(1_000)).evaluation(zama_rules::evaluate, 20).named("ismcts")
}

/// A Gonzago match: information-set MCTS.
pub fn gonzago_match(seed: u64, strength: Strength) -> Ismcts<Match> {
    Ismcts::new(seed).iterations(strength.scale(1_000)).named("ismcts")
}

/// One Gonzago hand: information-set MCTS.
pub fn gonzago_hand(seed: u64, strength: Strength) -> Ismcts<Hand> {
    Ismcts::new(seed).iterations(strength.scale(1_000)).named("ismcts")
}

/// Zucche e Fantasmi: UCT (the game hides nothing) with heuristic play-outs
/// cut after 4 plies and scored by the team count.
pub fn zucche(seed: u64, strength: Strength) -> Mcts<Zucche> {
    Mcts::new(seed)
        .iterations(strength.scale(1_000))
        .rollout_policy(zucche_rules::heuristic_move::<BotRng>)
        .evaluation(zucche_rules::evaluate, 4)
        .named("mcts")
}
