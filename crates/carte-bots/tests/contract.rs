//! Every bot answers every legal state with a legal move, and nothing once
//! the game is over.

mod common;

use carte_bots::{Bot, BotRng, Ismcts, Mcts, PolicyBot, Random};
use carte_core::testing::{Kuhn, KuhnMove};
use carte_core::{Game, HiddenInfo, RandomPlayer, deal_rng};
use common::{Gamble, Nim};
use proptest::prelude::*;

fn check<G: Game>(game: &G, bots: &mut [&mut dyn Bot<G>]) -> Result<(), TestCaseError> {
    for bot in bots.iter_mut() {
        let mv = bot.choose(game);
        if game.is_over() {
            prop_assert_eq!(mv, None, "{} moved after the end", bot.name());
        } else {
            let mv = mv.ok_or_else(|| TestCaseError::fail(format!("{} passed", bot.name())))?;
            prop_assert!(game.is_legal(mv), "{} chose illegal {}", bot.name(), mv);
        }
    }
    Ok(())
}

/// The states of a random game from `seed`, start and end included.
fn states<G: Game>(mut game: G, seed: u64) -> Vec<G> {
    let mut player = RandomPlayer::new();
    let mut rng = deal_rng(seed);
    let mut out = vec![game.clone()];
    while let Some(mv) = player.choose(&game, &mut rng) {
        game.apply(mv).unwrap();
        out.push(game.clone());
    }
    out
}

fn kuhn_policy(game: &Kuhn, _: &mut BotRng) -> Option<KuhnMove> {
    // Bet with the king, otherwise pass: a legal move in every decision.
    let own = game.observation(game.actor().seat()?).ok()?.own;
    Some(if own == Some(2) { KuhnMove::Bet } else { KuhnMove::Pass })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn bots_answer_every_kuhn_state(seed in any::<u64>()) {
        for game in states(Kuhn::new(), seed) {
            let mut random = Random::new(seed);
            let mut policy = PolicyBot::new("policy", kuhn_policy, seed);
            let mut mcts = Mcts::new(seed).iterations(30);
            let mut ismcts = Ismcts::new(seed).iterations(30).rollout_policy(kuhn_policy);
            check(&game, &mut [&mut random, &mut policy, &mut mcts, &mut ismcts])?;
        }
    }

    #[test]
    fn bots_answer_every_nim_and_gamble_state(seed in any::<u64>(), pile in 0u8..30, seats in 1u8..5) {
        for game in states(Nim::new(pile, seats), seed) {
            let mut random = Random::new(seed);
            let mut mcts = Mcts::new(seed).iterations(30);
            check(&game, &mut [&mut random, &mut mcts])?;
        }
        for game in states(Gamble { state: 0 }, seed) {
            let mut mcts = Mcts::new(seed).iterations(30);
            check(&game, &mut [&mut mcts])?;
        }
    }
}
