//! Property tests: cards are conserved, the fast play-out agrees with
//! stepping the game through `apply` and with a naive loop detector that
//! remembers every trick-boundary state.

use std::collections::HashMap;

use camicia_rules::{ByPlayer, Camicia, Deal, EndRule, FastRng, Move, PlayResult, Player, Preset, Simulator};
use carte_core::{Game, deal_rng};
use proptest::prelude::*;

fn preset() -> impl Strategy<Value = Preset> {
    prop_oneof![Just(Preset::Camicia), Just(Preset::BeggarMyNeighbour)]
}

fn end_rule() -> impl Strategy<Value = EndRule> {
    prop_oneof![Just(EndRule::Standard), Just(EndRule::EmptyHandLoses)]
}

/// Small analysis deals: loops are common among them.
fn small_deal() -> impl Strategy<Value = Deal> {
    preset().prop_flat_map(|preset| {
        let kind = 0..=preset.max_demand();
        let hand = proptest::collection::vec(kind, 1..8);
        (hand.clone(), hand).prop_map(move |(a, b)| Deal { preset, hands: ByPlayer::new(a, b) })
    })
}

/// A trick-boundary state: both hands and the player to move.
type Boundary = (Vec<u8>, Vec<u8>, Player);

/// Plays through `apply`, remembering every trick-boundary state with its
/// counts; the first state seen twice makes the deal endless.
fn naive(deal: &Deal, end_rule: EndRule) -> PlayResult {
    let mut game = Camicia::from_deal(deal, end_rule).unwrap();
    let total = deal.counts();
    let mut seen: HashMap<Boundary, (u64, u64)> = HashMap::new();
    loop {
        if let Some(r) = game.result() {
            return r;
        }
        if game.is_trick_boundary() {
            let key = (game.hand(Player::A).to_vec(), game.hand(Player::B).to_vec(), game.to_move().unwrap());
            if let Some(&(lead_in_cards, lead_in_tricks)) = seen.get(&key) {
                return PlayResult::Loop {
                    cards: game.cards(),
                    tricks: game.tricks(),
                    cycle_cards: game.cards() - lead_in_cards,
                    cycle_tricks: game.tricks() - lead_in_tricks,
                    lead_in_cards,
                    lead_in_tricks,
                };
            }
            seen.insert(key, (game.cards(), game.tricks()));
        }
        game.apply(Move::Turn).unwrap();
        // Cards are conserved: hands and pile hold the deal's cards.
        let mut counts = [0usize; 5];
        for &k in game.hand(Player::A).iter().chain(game.hand(Player::B)).chain(game.pile()) {
            counts[usize::from(k)] += 1;
        }
        assert_eq!(counts, total, "cards not conserved in {game:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, failure_persistence: None, ..ProptestConfig::default() })]

    /// Rules C17, C18, C19 and C29: loop reports agree with a naive detector, on both presets.
    #[test]
    fn play_out_agrees_with_apply_and_a_naive_loop_detector(deal in small_deal(), end_rule in end_rule()) {
        prop_assert_eq!(deal.play_out(end_rule).unwrap(), naive(&deal, end_rule));
    }

    #[test]
    fn notation_round_trips(deal in small_deal()) {
        let text = deal.to_string();
        prop_assert_eq!(Deal::parse(deal.preset, &text).unwrap(), deal);
    }
}

/// Large analysis deals crowded with attack cards: above 32 of them the
/// simulator switches to its bit-plane board, checked here too.
fn attack_heavy_deal() -> impl Strategy<Value = Deal> {
    preset().prop_flat_map(|preset| {
        let kind = prop_oneof![1 => Just(0u8), 4 => 1..=preset.max_demand()];
        let hand = proptest::collection::vec(kind, 16..=26);
        (hand.clone(), hand).prop_map(move |(a, b)| Deal { preset, hands: ByPlayer::new(a, b) })
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn attack_heavy_deals_agree_too(deal in attack_heavy_deal(), end_rule in end_rule()) {
        prop_assert_eq!(deal.play_out(end_rule).unwrap(), naive(&deal, end_rule));
    }
}

/// Rules C25 and C26: deals past the fast engines' 52 cards (several
/// decks' worth) are played by the general engine, and agree with
/// stepping the game.
fn large_deal() -> impl Strategy<Value = Deal> {
    preset().prop_flat_map(|preset| {
        let kind = prop_oneof![5 => Just(0u8), 2 => 1..=preset.max_demand()];
        let hand = proptest::collection::vec(kind, 20..=160);
        (hand.clone(), hand)
            .prop_filter("past the fast engines", |(a, b)| a.len() + b.len() > 52)
            .prop_map(move |(a, b)| Deal { preset, hands: ByPlayer::new(a, b) })
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]

    /// Rules C25 and C26: deals past the fast engines' size play as stepping the game does.
    #[test]
    fn large_deals_agree_with_apply_and_the_naive_detector(deal in large_deal(), end_rule in end_rule()) {
        prop_assert_eq!(deal.play_out(end_rule).unwrap(), naive(&deal, end_rule));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn full_deals_agree_too(seed in any::<u64>(), preset in preset(), end_rule in end_rule()) {
        let deal = Deal::seeded(preset, seed);
        prop_assert!(deal.is_full());
        prop_assert_eq!(deal.play_out(end_rule).unwrap(), naive(&deal, end_rule));
    }

    #[test]
    fn play_random_deals_like_deal_random(seed in any::<u64>(), preset in preset()) {
        let mut sim = Simulator::new();
        let r = sim.play_random(preset, EndRule::Standard, &mut deal_rng(seed));
        prop_assert_eq!(sim.deal(), Deal::seeded(preset, seed));
        prop_assert_eq!(Ok(r), Deal::seeded(preset, seed).play_out(EndRule::Standard));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn play_random_fast_deals_full_deals_and_plays_them(seed in any::<u64>(), preset in preset(), end_rule in end_rule()) {
        let mut sim = Simulator::new();
        let r = sim.play_random_fast(preset, end_rule, &mut FastRng::new(seed));
        let deal = sim.deal();
        prop_assert!(deal.is_full(), "{}", deal);
        prop_assert_eq!(deal.play_out(end_rule), Ok(r));
    }
}

/// The fast deal generator is uniform: every position holds an attack card
/// with probability 16/52, each attack kind equally often (4 sigma bounds).
#[test]
fn play_random_fast_is_uniform() {
    let mut sim = Simulator::new();
    let mut rng = FastRng::new(11);
    let deals = 20_000;
    let mut attack = [0u32; 52];
    let mut kinds = [[0u32; 5]; 52];
    for _ in 0..deals {
        sim.play_random_fast(Preset::BeggarMyNeighbour, EndRule::Standard, &mut rng);
        let deal = sim.deal();
        for (i, &k) in deal.hands[Player::A].iter().chain(&deal.hands[Player::B]).enumerate() {
            attack[i] += u32::from(k > 0);
            kinds[i][usize::from(k)] += 1;
        }
    }
    // 20000 * 16/52 = 6154, sd 65; per kind 1538, sd 37.
    for (i, (&a, by_kind)) in attack.iter().zip(&kinds).enumerate() {
        assert!((5890..6420).contains(&a), "position {i}: {a}");
        for (kind, &n) in by_kind.iter().enumerate().skip(1) {
            assert!((1390..1690).contains(&n), "position {i} kind {kind}: {n}");
        }
    }
}

#[test]
fn a_reused_simulator_gives_the_same_results() {
    let mut sim = Simulator::new();
    let mut rng = deal_rng(99);
    for _ in 0..200 {
        let r = sim.play_random(Preset::BeggarMyNeighbour, EndRule::Standard, &mut rng);
        assert_eq!(sim.deal().play_out(EndRule::Standard), Ok(r));
    }
}
