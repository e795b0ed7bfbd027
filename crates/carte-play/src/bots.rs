//! The strongest bot of each game that answers in under a second: the
//! opponents of `--play`, the tour's players and the arena's `best` entrant.

use carte_bots::{Bot, BotRng, Entrant, Ismcts, Mcts, PolicyBot, Random};
use carte_core::Game;
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

/// A Gonzago match: as [`gonzago_hand`], searching the whole match.
pub fn gonzago_match(seed: u64, strength: Strength) -> Ismcts<Match> {
    Ismcts::new(seed)
        .iterations(strength.scale(10_000))
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
        .iterations(strength.scale(10_000))
        .move_key(gonzago_key::<Hand>)
        .rollout_policy(gonzago_rules::heuristic_move::<BotRng>)
        .plausible(gonzago_plausible_hand)
        .progressive_bias(gonzago_prior::<Hand>, 1.0)
        .named("ismcts")
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

/// The bots of a Gonzago hand, for the ladder.
pub fn gonzago_roster() -> Vec<Entrant<Hand>> {
    let heuristic = gonzago_rules::heuristic_move::<BotRng>;
    vec![
        entrant("random", Random::<Hand>::new),
        entrant("heuristic", move |s| PolicyBot::new("heuristic", heuristic, s)),
        entrant("ismcts-1k", |s| Ismcts::<Hand>::new(s).iterations(1_000)),
        entrant("ismcts-merged", |s| Ismcts::<Hand>::new(s).iterations(1_000).move_key(gonzago_key::<Hand>)),
        entrant("ismcts-informed", move |s| {
            Ismcts::<Hand>::new(s).iterations(1_000).move_key(gonzago_key::<Hand>).rollout_policy(heuristic)
        }),
        entrant("ismcts-informed-5k", move |s| {
            Ismcts::<Hand>::new(s).iterations(5_000).move_key(gonzago_key::<Hand>).rollout_policy(heuristic)
        }),
        entrant("ismcts-informed-c07", move |s| {
            Ismcts::<Hand>::new(s)
                .iterations(5_000)
                .move_key(gonzago_key::<Hand>)
                .rollout_policy(heuristic)
                .exploration(0.7)
        }),
        entrant("ismcts-inferring", move |s| {
            Ismcts::<Hand>::new(s)
                .iterations(5_000)
                .move_key(gonzago_key::<Hand>)
                .rollout_policy(heuristic)
                .plausible(gonzago_plausible_hand)
        }),
        entrant("ismcts-biased", move |s| {
            Ismcts::<Hand>::new(s)
                .iterations(5_000)
                .move_key(gonzago_key::<Hand>)
                .rollout_policy(heuristic)
                .plausible(gonzago_plausible_hand)
                .progressive_bias(gonzago_prior::<Hand>, 1.0)
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

/// The bots of two-player Zama, for the ladder.
pub fn zama_roster() -> Vec<Entrant<Zama>> {
    let heuristic = zama_rules::heuristic_move::<BotRng>;
    vec![
        entrant("random", Random::<Zama>::new),
        entrant("heuristic", move |s| PolicyBot::new("heuristic", heuristic, s)),
        entrant("ismcts-eval", |s| Ismcts::<Zama>::new(s).iterations(1_000).evaluation(zama_rules::evaluate, 20)),
        entrant("ismcts-informed", move |s| {
            Ismcts::<Zama>::new(s).iterations(1_000).evaluation(zama_rules::evaluate, 20).rollout_policy(heuristic)
        }),
        entrant("ismcts-biased", |s| {
            Ismcts::<Zama>::new(s)
                .iterations(1_000)
                .evaluation(zama_rules::evaluate, 20)
                .progressive_bias(zama_prior, 2.0)
        }),
        entrant("ismcts-biased-3k", |s| {
            Ismcts::<Zama>::new(s)
                .iterations(3_000)
                .evaluation(zama_rules::evaluate, 20)
                .progressive_bias(zama_prior, 2.0)
        }),
        entrant("t-zp-3k", |s| {
            Ismcts::<Zama>::new(s)
                .iterations(3_000)
                .evaluation(zama_rules::evaluate, 20)
                .progressive_bias(zama_rules::move_prior, 2.0)
        }),
        entrant("ismcts-biased-6k", |s| {
            Ismcts::<Zama>::new(s)
                .iterations(6_000)
                .evaluation(zama_rules::evaluate, 20)
                .progressive_bias(zama_prior, 2.0)
        }),
        entrant("ismcts-best", |s| zama(s, Strength::Full)),
    ]
}

/// Zama's prior for progressive bias: an attack by how its battle goes in
/// the determinization searched (averaged over determinizations, the
/// expected battle), everything else neutral.
pub fn zama_prior(det: &Zama, mv: zama_rules::Move) -> f64 {
    use zama_rules::Battle;
    match det.battle_of(mv) {
        Some(Battle::GameWon) => 1.0,
        Some(Battle::AttackerWins) => 0.8,
        Some(Battle::ClashWon) => 0.6,
        Some(Battle::Tie) => 0.5,
        Some(Battle::ClashTied) => 0.3,
        Some(Battle::ClashLost) => 0.1,
        Some(Battle::AttackerLoses) => 0.0,
        _ => 0.4,
    }
}

/// The bots of Zucche e Fantasmi, for the ladder.
pub fn zucche_roster() -> Vec<Entrant<Zucche>> {
    let heuristic = zucche_rules::heuristic_move::<BotRng>;
    vec![
        entrant("random", Random::<Zucche>::new),
        entrant("heuristic", move |s| PolicyBot::new("heuristic", heuristic, s)),
        entrant("mcts-1k", |s| Mcts::<Zucche>::new(s).iterations(1_000)),
        entrant("mcts-10k", move |s| {
            Mcts::<Zucche>::new(s).iterations(10_000).rollout_policy(heuristic).evaluation(zucche_rules::evaluate, 4)
        }),
        entrant("mcts-10k-deep", move |s| {
            Mcts::<Zucche>::new(s).iterations(10_000).rollout_policy(heuristic).evaluation(zucche_rules::evaluate, 16)
        }),
        entrant("mcts-best", |s| zucche(s, Strength::Full)),
        entrant("t-pb2-10k", move |s| {
            Mcts::<Zucche>::new(s)
                .iterations(10_000)
                .exploration(0.3)
                .evaluation(zucche_rules::evaluate, 0)
                .progressive_bias(zucche_rules::move_prior, 2.0)
        }),
        entrant("t-pb4-2k", move |s| {
            Mcts::<Zucche>::new(s)
                .iterations(2_000)
                .exploration(0.3)
                .evaluation(zucche_rules::evaluate, 0)
                .progressive_bias(zucche_rules::move_prior, 4.0)
        }),
        entrant("t-pb2-e2-2k", move |s| {
            Mcts::<Zucche>::new(s)
                .iterations(2_000)
                .exploration(0.3)
                .rollout_policy(heuristic)
                .evaluation(zucche_rules::evaluate, 2)
                .progressive_bias(zucche_rules::move_prior, 2.0)
        }),
        entrant("t-pb2-c05-2k", move |s| {
            Mcts::<Zucche>::new(s)
                .iterations(2_000)
                .exploration(0.5)
                .evaluation(zucche_rules::evaluate, 0)
                .progressive_bias(zucche_rules::move_prior, 2.0)
        }),
        entrant("t-pb8-2k", move |s| {
            Mcts::<Zucche>::new(s)
                .iterations(2_000)
                .exploration(0.3)
                .evaluation(zucche_rules::evaluate, 0)
                .progressive_bias(zucche_rules::move_prior, 8.0)
        }),
    ]
}
