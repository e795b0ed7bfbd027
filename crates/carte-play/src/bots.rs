//! The strongest bot of each game that answers in under a second: the
//! opponents of `--play`, the tour's players and the arena's `best` entrant.

use carte_bots::{Bot, BotRng, Entrant, Ismcts, Mcts, PolicyBot, Random};
use carte_core::Game;
use gonzago_rules::{Hand, Match};
use zama_rules::Zama;
use zucche_rules::Zucche;

/// How hard the bot thinks (the examples' `--strength full|quick`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Strength {
    /// The full budget: the strongest play that stays under a second a move.
    #[default]
    Full,
    /// A twentieth of the budget: quick answers, weaker play (for tests,
    /// documentation and a gentler opponent).
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

/// Zama: information-set MCTS on the seat's own knowledge, 3,000
/// iterations a decision; play-outs cut after 20 plies and scored by
/// `zama_rules::evaluate`, and progressive bias from
/// `zama_rules::move_prior` (each battle as it goes in the determinization
/// searched, shifts that bring the K♠ and an enemy K♥ together, peeks next
/// to the K♠) with weight 4.
pub fn zama(seed: u64, strength: Strength) -> Ismcts<Zama> {
    Ismcts::new(seed)
        .iterations(strength.scale(ZAMA_ITERATIONS))
        .evaluation(zama_rules::evaluate, 20)
        .progressive_bias(zama_rules::move_prior, 4.0)
        .named("ismcts")
}

/// Iterations a decision of [`zama`] at full strength.
pub const ZAMA_ITERATIONS: u32 = 3_000;

/// Iterations a decision of [`gonzago_hand`] and [`gonzago_match`] at full
/// strength.
pub const GONZAGO_ITERATIONS: u32 = 10_000;

/// A Gonzago match: as [`gonzago_hand`], searching the whole match.
pub fn gonzago_match(seed: u64, strength: Strength) -> Ismcts<Match> {
    Ismcts::new(seed)
        .iterations(strength.scale(GONZAGO_ITERATIONS))
        .move_key(gonzago_key::<Match>)
        .rollout_policy(gonzago_match_heuristic::<BotRng>)
        .plausible(gonzago_plausible_match)
        .progressive_bias(gonzago_prior::<Match>, 1.0)
        .named("ismcts")
}

/// One Gonzago hand: information-set MCTS over classes of moves (suits
/// never matter), play-outs by the heuristic, determinizations that believe
/// an opponent who draws holds nothing playable.
pub fn gonzago_hand(seed: u64, strength: Strength) -> Ismcts<Hand> {
    Ismcts::new(seed)
        .iterations(strength.scale(GONZAGO_ITERATIONS))
        .move_key(gonzago_key::<Hand>)
        .rollout_policy(gonzago_rules::heuristic_move::<BotRng>)
        .plausible(gonzago_plausible_hand)
        .progressive_bias(gonzago_prior::<Hand>, 1.0)
        .named("ismcts")
}

/// Zucche e Fantasmi: UCT (the game hides nothing), 5,000 iterations a
/// decision; each leaf is scored at once by `zucche_rules::evaluate` (the
/// team lead and the captures the next rolls allow, weighed by the time
/// left), and progressive bias from `zucche_rules::move_prior` (the
/// heuristic's rules) steers the first visits; exploration 0.3, for
/// values that a checker moves by about 0.1.
pub fn zucche(seed: u64, strength: Strength) -> Mcts<Zucche> {
    Mcts::new(seed)
        .iterations(strength.scale(ZUCCHE_ITERATIONS))
        .exploration(0.3)
        .evaluation(zucche_rules::evaluate, 0)
        .progressive_bias(zucche_rules::move_prior, 2.0)
        .named("mcts")
}

/// Iterations a decision of [`zucche`] at full strength.
pub const ZUCCHE_ITERATIONS: u32 = 5_000;

/// Gonzago's classes of moves, prior and plausibility test: the search
/// hooks of `gonzago-rules`.
pub use gonzago_rules::{
    match_heuristic_move as gonzago_match_heuristic, move_class as gonzago_key, move_prior as gonzago_prior,
    plausible_hand as gonzago_plausible_hand, plausible_match as gonzago_plausible_match,
};

fn entrant<G: Game + 'static, B: Bot<G> + 'static>(
    name: &'static str,
    make: impl Fn(u64) -> B + Send + Sync + 'static,
) -> Entrant<G> {
    Entrant::new(name, move |seed| Box::new(make(seed)) as Box<dyn Bot<G>>)
}

/// The bots of a Gonzago hand, for the ladder: the baselines, plain
/// ISMCTS, ISMCTS over classes of moves with heuristic play-outs, and the
/// full [`gonzago_hand`].
pub fn gonzago_roster() -> Vec<Entrant<Hand>> {
    let heuristic = gonzago_rules::heuristic_move::<BotRng>;
    vec![
        entrant("random", Random::<Hand>::new),
        entrant("heuristic", move |s| PolicyBot::new("heuristic", heuristic, s)),
        entrant("ismcts-plain", |s| Ismcts::<Hand>::new(s).iterations(GONZAGO_ITERATIONS)),
        entrant("ismcts-informed", move |s| {
            Ismcts::<Hand>::new(s)
                .iterations(GONZAGO_ITERATIONS)
                .move_key(gonzago_key::<Hand>)
                .rollout_policy(heuristic)
        }),
        entrant("ismcts-best", |s| gonzago_hand(s, Strength::Full)),
    ]
}

/// The bots of a Gonzago match, for the ladder.
pub fn gonzago_match_roster() -> Vec<Entrant<Match>> {
    vec![
        entrant("random", Random::<Match>::new),
        entrant("heuristic", |s| PolicyBot::new("heuristic", gonzago_match_heuristic::<BotRng>, s)),
        entrant("ismcts-1k", |s| Ismcts::<Match>::new(s).iterations(1_000)),
        entrant("ismcts-best", |s| gonzago_match(s, Strength::Full)),
    ]
}

/// The bots of two-player Zama, for the ladder: the baselines, ISMCTS
/// with cut play-outs (the earlier opponent, 1,000 iterations) and the full
/// [`zama`].
pub fn zama_roster() -> Vec<Entrant<Zama>> {
    let heuristic = zama_rules::heuristic_move::<BotRng>;
    vec![
        entrant("random", Random::<Zama>::new),
        entrant("heuristic", move |s| PolicyBot::new("heuristic", heuristic, s)),
        entrant("ismcts-eval-1k", |s| Ismcts::<Zama>::new(s).iterations(1_000).evaluation(zama_rules::evaluate, 20)),
        entrant("ismcts-best", |s| zama(s, Strength::Full)),
    ]
}

/// The bots of Zucche e Fantasmi, for the ladder: the baselines, plain
/// UCT (random play-outs to the end), UCT with heuristic play-outs cut
/// after 4 plies (the earlier opponent) and the full [`zucche`].
pub fn zucche_roster() -> Vec<Entrant<Zucche>> {
    let heuristic = zucche_rules::heuristic_move::<BotRng>;
    vec![
        entrant("random", Random::<Zucche>::new),
        entrant("heuristic", move |s| PolicyBot::new("heuristic", heuristic, s)),
        entrant("mcts-plain-1k", |s| Mcts::<Zucche>::new(s).iterations(1_000)),
        entrant("mcts-playouts-1k", move |s| {
            Mcts::<Zucche>::new(s).iterations(1_000).rollout_policy(heuristic).evaluation(zucche_rules::evaluate, 4)
        }),
        entrant("mcts-best", |s| zucche(s, Strength::Full)),
    ]
}
