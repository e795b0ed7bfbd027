//! Invariants over random matches (proptest; `PROPTEST_CASES` raises the
//! number of matches).

mod common;

use carte_core::{Game, HiddenInfo, RandomPlayer, Seeded, deal_rng};
use gonzago_rules::{CardSet, Config, Deck, Hand, Match, MatchMode, Move, Player, heuristic_move};
use proptest::prelude::*;

fn config(french: bool, mode: u8) -> Config {
    let deck = if french { Deck::French } else { Deck::Italian };
    let mode = [MatchMode::Single, MatchMode::BestOfThree, MatchMode::Points][usize::from(mode % 3)];
    Config { deck, mode }
}

/// Plays a random match, calling `check(before, after)` on every move.
fn walk(
    cfg: Config,
    seed: u64,
    play: u64,
    mut check: impl FnMut(&Match, &Match) -> Result<(), TestCaseError>,
) -> Result<(), TestCaseError> {
    let mut game = Match::from_seed(&cfg, seed).unwrap();
    let mut rng = deal_rng(play);
    let mut player = RandomPlayer::new();
    // Random best-of-three matches are long-tailed (most random hands are
    // drawn): one of 47 hands and 3,021 plies was seen, so the bound is
    // far past any tail a test run meets (a match this long has about
    // 800 hands without two wins for anybody: odds below 1e-80).
    for _ in 0..50_000 {
        let Some(mv) = player.choose(&game, &mut rng) else { break };
        let before = game.clone();
        game.apply(mv).map_err(|e| TestCaseError::fail(e.to_string()))?;
        check(&before, &game)?;
    }
    prop_assert!(game.is_over(), "a match ends");
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn the_forty_cards_are_always_somewhere_exactly_once(french: bool, mode: u8, seed: u64, play: u64) {
        walk(config(french, mode), seed, play, |_, game| {
            let h = game.hand();
            let stock: CardSet = h.stock().collect();
            let parts = [h.held(Player::A), h.held(Player::B), h.table(), stock];
            let total: usize = parts.iter().map(|p| p.len()).sum();
            prop_assert_eq!(total, 40);
            prop_assert_eq!(parts.iter().fold(CardSet::EMPTY, |a, &b| a | b), CardSet::ALL);
            prop_assert_eq!(h.stock().count(), h.stock_len());
            Ok(())
        })?;
    }

    #[test]
    fn scores_only_grow(french: bool, mode: u8, seed: u64, play: u64) {
        walk(config(french, mode), seed, play, |before, after| {
            for p in Player::ALL {
                prop_assert!(after.wins()[p] >= before.wins()[p]);
                prop_assert!(after.points()[p] >= before.points()[p]);
            }
            prop_assert!(after.hand_number() >= before.hand_number());
            if after.hand_number() > before.hand_number() {
                let gained: u64 = Player::ALL.iter().map(|&p| after.points()[p] - before.points()[p]).sum();
                prop_assert!(gained >= 1, "a finished hand scores at least one point");
            }
            Ok(())
        })?;
    }

    /// Rules G23 and G24: a player sees their own hand and never the opponent's cards or the stock.
    #[test]
    fn observations_leak_nothing(french: bool, mode: u8, seed: u64, play: u64, sample_seed: u64) {
        let mut rng = deal_rng(sample_seed);
        walk(config(french, mode), seed, play, |_, game| {
            for p in Player::ALL {
                let obs = game.observation(p.seat()).unwrap();
                prop_assert_eq!(obs.hand.held, game.hand().held(p));
                prop_assert!((obs.hand.held & game.hand().held(p.other())).is_empty());
                // Any redeal of what p cannot see gives p the same view, and
                // the same heuristic move from the same generator.
                let other = game.sample(p.seat(), &mut rng).unwrap();
                prop_assert_eq!(&other.observation(p.seat()).unwrap(), &obs);
                if game.hand().to_move() == Some(p) {
                    let s = rng.next_u64();
                    prop_assert_eq!(
                        heuristic_move(game.hand(), &mut deal_rng(s)).unwrap(),
                        heuristic_move(other.hand(), &mut deal_rng(s)).unwrap()
                    );
                }
            }
            Ok(())
        })?;
    }

    #[test]
    fn the_fast_random_playout_is_the_random_player(french: bool, seed: u64, play: u64) {
        let deck = if french { Deck::French } else { Deck::Italian };
        let start = Hand::from_seed(&deck, seed).unwrap();
        let mut slow = start.clone();
        let p = RandomPlayer::new().play_out(&mut slow, &mut deal_rng(play), 1_000);
        let mut fast = start.clone();
        let n = fast.play_random(&mut deal_rng(play));
        prop_assert_eq!(&fast, &slow);
        prop_assert_eq!(n, p.plies);
        prop_assert!(fast.is_over());
        // A finished hand plays no more: none played, nothing changed.
        prop_assert_eq!(fast.play_random(&mut deal_rng(play)), 0);
        prop_assert_eq!(&fast, &slow);
        // Move by move, too.
        let mut hand = start;
        let mut rng = deal_rng(play ^ 1);
        while !hand.is_over() {
            let legal = hand.legal_move_vec();
            let mut copy = rng.clone();
            let expected = legal[carte_core::below(&mut copy, legal.len() as u32) as usize];
            prop_assert_eq!(hand.random_move(&mut rng), Some(expected));
            hand.apply(expected).unwrap();
        }
        prop_assert_eq!(hand.random_move(&mut rng), None);
    }

    /// From any point of a hand, not only its deal: the fast play-out
    /// plays the random player's game and counts only the plies it played.
    #[test]
    fn the_fast_random_playout_goes_on_from_any_point(seed: u64, play: u64, first in 0u64..60) {
        let mut start = Hand::from_seed(&Deck::Italian, seed).unwrap();
        let mut rng = deal_rng(play);
        RandomPlayer::new().play_out(&mut start, &mut rng, first);
        let mut slow = start.clone();
        let p = RandomPlayer::new().play_out(&mut slow, &mut rng.clone(), 1_000);
        let mut fast = start.clone();
        prop_assert_eq!(fast.play_random(&mut rng), p.plies);
        prop_assert_eq!(&fast, &slow);
    }

    #[test]
    fn is_legal_agrees_with_legal_moves_for_any_move(seed: u64, play: u64, masks in prop::collection::vec(any::<u64>(), 8)) {
        walk(config(false, 2), seed, play, |_, game| {
            let legal = game.legal_move_vec();
            let held = game.hand().to_move().map_or(CardSet::EMPTY, |p| game.hand().held(p));
            let mut tries: Vec<Move> = vec![Move::Draw, Move::Pass];
            for &m in &masks {
                // Random subsets of the mover's cards and random card sets.
                let any: CardSet = CardSet::ALL.iter().filter(|c| m >> (c.index() % 64) & 1 == 1).collect();
                tries.extend(Move::play(Deck::Italian, any & held));
                tries.extend(Move::play(Deck::Italian, any));
                if let Some(c) = (any & held).first() {
                    tries.extend(Move::play(Deck::Italian, held.of_value(c.value())));
                    // The same cards named on the other deck: never legal.
                    tries.extend(Move::play(Deck::French, held.of_value(c.value())));
                }
            }
            for mv in tries {
                let mut copy = game.clone();
                let applied = copy.apply(mv).is_ok();
                prop_assert_eq!(game.is_legal(mv), legal.contains(&mv), "{}", mv);
                prop_assert_eq!(applied, legal.contains(&mv), "{}", mv);
                if !applied {
                    prop_assert_eq!(&copy, game);
                }
            }
            Ok(())
        })?;
    }
}
