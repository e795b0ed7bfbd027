//! Determinization checked by statistics (issue 12): in a late hand, where
//! the cards a player cannot see are few, `sample` must draw every
//! arrangement of them (the opponent's cards and the stock's order) that
//! fits the history, each equally often.
//!
//! The check is a chi-square test at a fixed seed with a false-alarm rate
//! of 1e-6 (see `carte_core::testing::SampleCheck`).

use carte_core::testing::{SampleCheck, check_sample_distribution, consistent_worlds};
use carte_core::{Game, HiddenInfo, RandomPlayer, Seeded, deal_rng};
use gonzago_rules::{CardSet, Deck, Hand, Player};

/// The first state of a random hand from `seed` in which the stock holds
/// `stock` cards and each player holds at most `held`, the opponent of the
/// player to move exactly `held`.
fn late_hand(stock: usize, held: usize) -> Hand {
    for seed in 0..10_000u64 {
        let mut hand = Hand::from_seed(&Deck::Italian, seed).unwrap();
        let mut rng = deal_rng(seed);
        let mut player = RandomPlayer::new();
        while let Some(me) = hand.to_move() {
            if hand.stock_len() == stock && hand.hand_len(me.other()) == held && hand.hand_len(me) <= held {
                return hand;
            }
            let mv = player.choose(&hand, &mut rng).unwrap();
            hand.apply(mv).unwrap();
        }
    }
    panic!("no late hand with {stock} stock cards and {held} held");
}

/// Every arrangement of the cards `me` cannot see, as hands (only those
/// `from_setup` accepts: consistent with the history).
fn arrangements(hand: &Hand, me: Player) -> Vec<Hand> {
    let unseen: Vec<_> = (!(hand.held(me) | hand.table())).iter().collect();
    let k = hand.hand_len(me.other());
    let mut out = Vec::new();
    permute(&mut unseen.clone(), 0, &mut |order| {
        let mut setup = hand.to_setup();
        setup.hands[me.other()] = order[..k].iter().copied().collect::<CardSet>();
        setup.stock = order[k..].to_vec();
        if let Ok(h) = Hand::from_setup(&setup) {
            out.push(h);
        }
    });
    out
}

fn permute<T: Copy>(items: &mut Vec<T>, from: usize, f: &mut impl FnMut(&[T])) {
    if from == items.len() {
        f(items);
        return;
    }
    for i in from..items.len() {
        items.swap(from, i);
        permute(items, from + 1, f);
        items.swap(from, i);
    }
}

fn factorial(n: usize) -> usize {
    (1..=n).product()
}

#[test]
fn late_hand_samples_are_uniform_over_the_consistent_deals() {
    for (stock, held) in [(2, 2), (3, 2), (1, 3)] {
        let hand = late_hand(stock, held);
        for me in Player::ALL {
            let worlds = consistent_worlds(&hand, me.seat(), arrangements(&hand, me));
            let n = stock + hand.hand_len(me.other());
            let k = hand.hand_len(me.other());
            // C(n, k) choices of the opponent's cards times the stock orders.
            let expected = factorial(n) / factorial(k);
            assert_eq!(worlds.len(), expected, "{hand:?} as {me}");
            let report = check_sample_distribution(&hand, me.seat(), &worlds, &SampleCheck::default())
                .unwrap_or_else(|e| panic!("{hand:?} as {me}: {e}"));
            assert!(report.counts.iter().all(|&c| c > 0));
        }
    }
}

/// With the stock empty, the unseen cards are the opponent's hand: one
/// world, and every sample is the true hand.
#[test]
fn an_empty_stock_leaves_one_world() {
    let hand = late_hand(0, 3);
    for me in Player::ALL {
        let worlds = consistent_worlds(&hand, me.seat(), arrangements(&hand, me));
        assert_eq!(worlds.len(), 1);
        assert_eq!(worlds[0].0, hand);
        check_sample_distribution(&hand, me.seat(), &worlds, &SampleCheck::default()).unwrap();
        assert_eq!(hand.sample(me.seat(), &mut deal_rng(1)).unwrap(), hand);
    }
}
