//! Tests of the clauses of docs/rules/camicia.md that no other test checks,
//! written from the clause text.

use camicia_rules::{
    Camicia, Deal, Deck, EndRule, Move, PlayResult, Player, Preset, Simulator, french_demand, italian_demand, sweep,
};
use carte_core::{FRENCH_52, Game, HiddenInfo, ITALIAN_40, ItalianRank, Rank, Seat};

/// How many cards of each kind (0 plain, then 1, 2, ...) a deal holds.
fn kinds(deal: &Deal) -> Vec<usize> {
    let all: Vec<u8> = deal.hands[Player::A].iter().chain(&deal.hands[Player::B]).copied().collect();
    let top = usize::from(all.iter().copied().max().unwrap_or(0));
    (0..=top).map(|k| all.iter().filter(|&&c| usize::from(c) == k).count()).collect()
}

/// Rule C1: of the 40 Italian cards the Aces, Twos and Threes demand 1, 2
/// and 3 cards, and the other 28 are plain, whatever their suit.
#[test]
fn camicia_attack_cards_are_the_aces_twos_and_threes() {
    assert_eq!(ITALIAN_40.len(), 40);
    for card in ITALIAN_40 {
        let demand = match card.rank() {
            ItalianRank::Asso => 1,
            ItalianRank::Due => 2,
            ItalianRank::Tre => 3,
            _ => 0,
        };
        assert_eq!(italian_demand(card), demand, "{card:?}");
    }
    for seed in [0, 1, 77] {
        assert_eq!(kinds(&Deal::seeded(Preset::Camicia, seed)), [28, 4, 4, 4], "seed {seed}");
    }
}

/// Rule C27: of the 52 French cards J, Q, K and A demand 1, 2, 3 and 4, the
/// other 36 are plain, and each player gets 26 cards.
#[test]
fn beggar_my_neighbour_attack_cards_are_the_court_cards_and_aces() {
    for card in FRENCH_52 {
        let demand = match card.rank() {
            Rank::Jack => 1,
            Rank::Queen => 2,
            Rank::King => 3,
            Rank::Ace => 4,
            _ => 0,
        };
        assert_eq!(french_demand(card), demand, "{card}");
    }
    for seed in [0, 1, 77] {
        let deal = Deal::seeded(Preset::BeggarMyNeighbour, seed);
        assert_eq!(kinds(&deal), [36, 4, 4, 4, 4], "seed {seed}");
        assert_eq!((deal.hands[Player::A].len(), deal.hands[Player::B].len()), (26, 26));
    }
}

/// Rule C2: each player gets 20 Camicia cards, and the only move there ever
/// is, in every state of a game until its end, is to turn the top card.
#[test]
fn nobody_decides_anything_the_only_move_is_to_turn() {
    for (preset, seed) in [(Preset::Camicia, 3), (Preset::Camicia, 4), (Preset::BeggarMyNeighbour, 5)] {
        let deal = Deal::seeded(preset, seed);
        if preset == Preset::Camicia {
            assert_eq!((deal.hands[Player::A].len(), deal.hands[Player::B].len()), (20, 20));
        }
        let mut game = Camicia::from_deal(&deal, EndRule::Standard).unwrap();
        let mut plies = 0;
        while !game.is_over() && plies < 5_000 {
            assert_eq!(game.legal_move_vec(), [Move::Turn]);
            game.apply(Move::Turn).unwrap();
            plies += 1;
        }
        assert!(plies > 0);
        if game.is_over() {
            assert!(game.legal_move_vec().is_empty());
        }
    }
}

/// Plays a deal through the `Game` interface, one card at a time, with a
/// naive memory of every trick-boundary state: the reference for C25, C26.
fn stepped_result(deal: &Deal, end_rule: EndRule) -> PlayResult {
    let mut game = Camicia::from_deal(deal, end_rule).unwrap();
    let mut seen = std::collections::HashMap::new();
    loop {
        if let Some(r) = game.result() {
            return r;
        }
        if game.is_trick_boundary() {
            let key = (game.hand(Player::A).to_vec(), game.hand(Player::B).to_vec(), game.to_move());
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
    }
}

/// A deal of `n` cards per hand over the preset's alphabet, from a seed.
fn long_deal(preset: Preset, n: usize, seed: u64) -> Deal {
    let mut rng = carte_core::deal_rng(seed);
    let mut hand = || -> String {
        (0..n)
            .map(|_| {
                let k = carte_core::below(&mut rng, 13) as u8;
                // About one card in four attacks, as in the real decks.
                let kind = if k < 10 { 0 } else { 1 + (k - 10) % preset.max_demand() };
                preset.symbol(kind).unwrap()
            })
            .collect()
    };
    let text = format!("{}/{}", hand(), hand());
    Deal::parse(preset, &text).unwrap()
}

/// Rule C25: an analysis deal may hold any number of cards, far past one
/// deck, and is played to its end (or its loop) like any other.
#[test]
fn analysis_deals_of_hundreds_of_cards_are_played() {
    for (preset, n, seed) in [(Preset::Camicia, 100, 1), (Preset::BeggarMyNeighbour, 150, 2), (Preset::Camicia, 260, 3)]
    {
        let deal = long_deal(preset, n, seed);
        assert_eq!(deal.len(), 2 * n);
        assert_eq!(Deal::parse(preset, &deal.to_string()).unwrap(), deal, "the notation reads it back");
        let r = deal.play_out(EndRule::Standard).unwrap();
        assert_eq!(r, stepped_result(&deal, EndRule::Standard), "{preset} {n}");
        if let PlayResult::Finished { cards, .. } = r {
            assert!(cards >= n as u64, "every card the loser was dealt is turned");
        }
    }
    // A full deal is still tied to the deck.
    assert!(Deal::parse_full(Preset::Camicia, &long_deal(Preset::Camicia, 100, 1).to_string()).is_err());
}

/// Rule C26: the fast engine gives the general engine's result for deals
/// of every size, those past the size it holds included.
#[test]
fn the_fast_engine_agrees_with_the_general_engine_at_every_size() {
    let mut sim = Simulator::new();
    for preset in [Preset::Camicia, Preset::BeggarMyNeighbour] {
        for (n, seed) in [(10, 4), (26, 5), (27, 6), (40, 7), (120, 8)] {
            let deal = long_deal(preset, n, seed);
            for end_rule in [EndRule::Standard, EndRule::EmptyHandLoses] {
                let expected = stepped_result(&deal, end_rule);
                assert_eq!(sim.play(&deal, end_rule).unwrap(), expected, "{preset}, {n} cards a hand");
                assert_eq!(deal.play_out(end_rule).unwrap(), expected, "{preset}, {n} cards a hand");
            }
        }
    }
}

/// `n! / (c0! c1! ...)`, the number of distinct orderings of a multiset,
/// computed exactly from the prime factors of the factorials.
fn arrangements(counts: &[u32]) -> u128 {
    fn factor(k: u32, sign: i64, exps: &mut [i64]) {
        for m in 2..=k {
            let (mut x, mut p) = (m, 2);
            while x > 1 {
                while x % p == 0 {
                    exps[p as usize] += sign;
                    x /= p;
                }
                p += 1;
            }
        }
    }
    let n: u32 = counts.iter().sum();
    let mut exps = vec![0i64; n as usize + 1];
    factor(n, 1, &mut exps);
    for &c in counts {
        factor(c, -1, &mut exps);
    }
    exps.iter().enumerate().fold(1u128, |acc, (p, &e)| acc * (p as u128).pow(u32::try_from(e).unwrap()))
}

/// Rules C30 and C31: a custom deck is given by its counts of each kind,
/// and its deals are the deck in two equal halves.
#[test]
fn a_custom_deck_is_counts_of_kinds_dealt_in_halves() {
    let deck = Deck::parse(Preset::Camicia, "14,2,2,2").unwrap();
    assert_eq!(deck.counts(), [14, 2, 2, 2, 0]);
    assert_eq!(deck.len(), 20);
    for seed in 0..5 {
        let deal = Deal::seeded_of(&deck, seed);
        assert_eq!((deal.hands[Player::A].len(), deal.hands[Player::B].len()), (10, 10));
        let mut counts = [0u8; 5];
        for &k in deal.hands[Player::A].iter().chain(&deal.hands[Player::B]) {
            counts[usize::from(k)] += 1;
        }
        assert_eq!(counts, [14, 2, 2, 2, 0]);
        assert!(deal.is_deal_of(&deck));
        assert_eq!(deal.play_out(EndRule::Standard).unwrap(), stepped_result(&deal, EndRule::Standard));
    }
    // Unequal halves are no deal of the deck.
    let lopsided = Deal::parse(Preset::Camicia, "-----------/---112233").unwrap();
    assert!(!lopsided.is_deal_of(&deck));
    // A Beggar-my-neighbour deck with demands up to 4.
    let bmn = Deck::parse(Preset::BeggarMyNeighbour, "8,1,1,1,1").unwrap();
    assert_eq!(bmn.len(), 12);
}

/// Rule C32: a deck with no attack card or an odd number of cards is
/// refused.
#[test]
fn unplayable_custom_decks_are_refused() {
    assert!(Deck::parse(Preset::Camicia, "20").is_err(), "no attack card");
    assert!(Deck::parse(Preset::Camicia, "20,0,0,0").is_err(), "no attack card");
    assert!(Deck::parse(Preset::Camicia, "13,2,2,2").is_err(), "19 cards");
    assert!(Deck::parse(Preset::Camicia, "14,2,2,1").is_err(), "19 cards");
    assert!(Deck::parse(Preset::Camicia, "14,2,x").is_err());
    assert!(Deck::parse(Preset::Camicia, "14,2,2,2").is_ok());
    let message = Deck::parse(Preset::Camicia, "13,2,2,2").unwrap_err().to_string();
    assert!(message.contains("19"), "{message}");
}

/// Rule C33: the deals of a deck are the orderings of its kinds: Camicia
/// has 40!/(28!·4!·4!·4!) of them, the 20-card deck 3,488,400.
#[test]
fn the_number_of_deals_is_the_number_of_orderings_of_the_kinds() {
    assert_eq!(arrangements(&[28, 4, 4, 4]), 193_584_473_082_000);
    assert_eq!(Deck::of(Preset::Camicia).deals(), 193_584_473_082_000);
    assert_eq!(Deck::parse(Preset::Camicia, "14,2,2,2").unwrap().deals(), 3_488_400);
    assert_eq!(Deck::of(Preset::BeggarMyNeighbour).deals(), arrangements(&[36, 4, 4, 4, 4]));
    for text in ["2,1,1", "3,2,0,1", "6,2,2,2"] {
        let deck = Deck::parse(Preset::Camicia, text).unwrap();
        let counts: Vec<u32> = deck.counts().iter().map(|&c| u32::from(c)).collect();
        assert_eq!(deck.deals(), arrangements(&counts), "{text}");
    }
}

/// Every ordering of a multiset of kinds, in lexicographic order, built by
/// sorting all permutations.
fn all_orderings(kinds: &[u8]) -> Vec<Vec<u8>> {
    fn permute(rest: &mut Vec<u8>, prefix: &mut Vec<u8>, out: &mut std::collections::BTreeSet<Vec<u8>>) {
        if rest.is_empty() {
            out.insert(prefix.clone());
            return;
        }
        for i in 0..rest.len() {
            let k = rest.remove(i);
            prefix.push(k);
            permute(rest, prefix, out);
            prefix.pop();
            rest.insert(i, k);
        }
    }
    let mut out = std::collections::BTreeSet::new();
    permute(&mut kinds.to_vec(), &mut Vec::new(), &mut out);
    out.into_iter().collect()
}

/// Rule C34: deals are numbered from 0 in lexicographic order of the kind
/// sequence, A's hand first and top card first, kinds 0 < 1 < 2 < ….
#[test]
fn deals_are_numbered_in_lexicographic_order() {
    for (text, kinds) in
        [("2,1,1", vec![0, 0, 1, 2]), ("3,2,0,1", vec![0, 0, 0, 1, 1, 3]), ("3,1,1,1", vec![0, 0, 0, 1, 2, 3])]
    {
        let deck = Deck::parse(Preset::Camicia, text).unwrap();
        let orderings = all_orderings(&kinds);
        assert_eq!(orderings.len() as u128, deck.deals());
        for (i, seq) in orderings.iter().enumerate() {
            let (a, b) = seq.split_at(seq.len() / 2);
            let deal = Deal { preset: Preset::Camicia, hands: camicia_rules::ByPlayer::new(a.to_vec(), b.to_vec()) };
            assert_eq!(deck.rank(&deal).unwrap(), i as u128, "{deal}");
            assert_eq!(deck.unrank(i as u128).unwrap(), deal);
        }
    }
    let small = Deck::parse(Preset::Camicia, "14,2,2,2").unwrap();
    assert_eq!(small.unrank(0).unwrap().to_string(), "----------/----112233");
    assert_eq!(small.unrank(1).unwrap().to_string(), "----------/----112323");
    assert_eq!(small.unrank(small.deals() - 1).unwrap().to_string(), "332211----/----------");
}

/// Rule C35: rank and unrank undo each other on every deck, and
/// Beggar-my-neighbour's count needs more than 64 bits.
#[test]
fn rank_and_unrank_are_exact_inverses() {
    let decks = [
        Deck::of(Preset::Camicia),
        Deck::of(Preset::BeggarMyNeighbour),
        Deck::parse(Preset::Camicia, "14,2,2,2").unwrap(),
        Deck::parse(Preset::BeggarMyNeighbour, "20,2,1,2,1").unwrap(),
    ];
    for deck in decks {
        for seed in 0..20 {
            let deal = Deal::seeded_of(&deck, seed);
            let r = deck.rank(&deal).unwrap();
            assert!(r < deck.deals());
            assert_eq!(deck.unrank(r).unwrap(), deal, "{deck}");
        }
        let last = deck.deals() - 1;
        assert_eq!(deck.rank(&deck.unrank(last).unwrap()).unwrap(), last);
        assert!(deck.unrank(deck.deals()).is_err(), "no deal past the last");
    }
    assert!(Deck::of(Preset::BeggarMyNeighbour).deals() > u128::from(u64::MAX));
    // A deal of another deck has no rank in this one.
    let camicia = Deck::of(Preset::Camicia);
    assert!(camicia.rank(&Deal::parse(Preset::Camicia, "2/3").unwrap()).is_err());
}

/// Rule C36: a sweep plays every deal of a range of ranks, and the
/// summaries of separate ranges, swept apart and merged in any order, are
/// exactly the summary of the whole range.
#[test]
fn sweeps_of_separate_ranges_merge_into_the_sweep_of_the_whole() {
    let deck = Deck::parse(Preset::Camicia, "6,2,2,0").unwrap();
    let n = deck.deals();
    assert_eq!(n, 1260);
    let whole = sweep(&deck, EndRule::Standard, 0..n, 4).unwrap();
    // Every deal played on its own.
    let (mut finished, mut loops, mut longest) = (0u64, Vec::new(), 0u64);
    for r in 0..n {
        match deck.unrank(r).unwrap().play_out(EndRule::Standard).unwrap() {
            PlayResult::Finished { cards, .. } => {
                finished += 1;
                longest = longest.max(cards);
            }
            PlayResult::Loop { .. } => loops.push(r),
        }
    }
    assert!(!loops.is_empty(), "the deck has endless deals");
    assert_eq!(u128::from(whole.deals), n);
    assert_eq!(whole.finished, finished);
    assert_eq!(whole.loops.iter().map(|l| l.rank).collect::<Vec<_>>(), loops);
    assert_eq!(whole.longest.first().map(|g| g.cards), Some(longest));
    for cuts in [vec![630], vec![1, 7, 300, 1259], vec![100, 101, 102]] {
        let mut bounds = vec![0];
        bounds.extend(&cuts);
        bounds.push(n);
        let mut parts: Vec<_> =
            bounds.windows(2).map(|w| sweep(&deck, EndRule::Standard, w[0]..w[1], 4).unwrap()).collect();
        parts.reverse();
        let mut merged = parts.remove(0);
        for part in &parts {
            merged.merge(part).unwrap();
        }
        assert_eq!(merged, whole, "split at {cuts:?}");
    }
}

/// Rule C37: both seats see the same thing: the pile, the size of each
/// hand and which cards the hands hold together, never the order of a
/// hand, their own included.
#[test]
fn a_seat_sees_the_pile_and_the_hand_sizes_but_no_hand_order() {
    use carte_core::{HiddenInfo, Seat};
    // The same cards in each hand, in another order.
    let one = Deal::parse(Preset::Camicia, "1-2--/3--1-").unwrap();
    let other = Deal::parse(Preset::Camicia, "-2-1-/-1-3-").unwrap();
    let mut a = Camicia::from_deal(&one, EndRule::Standard).unwrap();
    let mut b = Camicia::from_deal(&other, EndRule::Standard).unwrap();
    for seat in [Seat::new(0), Seat::new(1)] {
        assert_eq!(a.observation(seat).unwrap().hand_sizes, b.observation(seat).unwrap().hand_sizes);
        assert_eq!(a.observation(seat).unwrap().unseen, b.observation(seat).unwrap().unseen);
        assert_eq!(a.observation(seat).unwrap().pile, b.observation(seat).unwrap().pile);
    }
    let obs = a.observation(Seat::new(0)).unwrap();
    assert_eq!((obs.hand_sizes[Player::A], obs.hand_sizes[Player::B]), (5, 5));
    assert_eq!(obs.unseen[..4], [6, 2, 1, 1]);
    // After a card is turned, every seat sees it on the pile.
    a.apply(Move::Turn).unwrap();
    b.apply(Move::Turn).unwrap();
    let (seen_a, seen_b) = (a.observation(Seat::new(1)).unwrap(), b.observation(Seat::new(1)).unwrap());
    assert_eq!(seen_a.pile, [1]);
    assert_eq!(seen_b.pile, [0]);
    assert_eq!(seen_a.hand_sizes[Player::A], 4);
    assert!(a.observation(Seat::new(2)).is_err(), "there is no third seat");
}

/// Rule C38: with the draw-on-repeat option an endless deal, played one
/// card at a time, ends as a draw at its first repeated state, with the
/// counts of the loop report; a deal that finishes is not changed.
#[test]
fn the_draw_on_repeat_option_ends_endless_deals_as_draws() {
    use camicia_rules::Config;
    let config = Config::new(Preset::Camicia).with_draw_on_repeat(true);
    let endless = Deal::parse(Preset::Camicia, "--1-/1-").unwrap();
    let mut game = Camicia::with_config(&endless, &config).unwrap();
    let mut plies = 0;
    while !game.is_over() && plies < 1_000 {
        game.apply(Move::Turn).unwrap();
        plies += 1;
    }
    assert!(game.is_over());
    assert!(game.outcome().unwrap().is_draw());
    assert_eq!((game.cards(), game.tricks()), (6, 2), "the first repeat of C19's example");
    // Off by default: the same deal never ends.
    let mut game = Camicia::from_deal(&endless, EndRule::Standard).unwrap();
    for _ in 0..1_000 {
        game.apply(Move::Turn).unwrap();
    }
    assert!(!game.is_over());
    // A finishing deal ends as before.
    let finishing = Deal::parse(Preset::Camicia, "1-3/2--").unwrap();
    let mut game = Camicia::with_config(&finishing, &config).unwrap();
    while !game.is_over() {
        game.apply(Move::Turn).unwrap();
    }
    assert_eq!(game.result(), Some(PlayResult::Finished { winner: Player::A, cards: 6, tricks: 1 }));
}

/// Rule C39: a game drawn at a repeat shows both hands, in order, to both
/// seats; before the draw nobody sees them, and the sample of a drawn game
/// is the game itself (no other hands repeat there).
#[test]
fn a_game_drawn_at_a_repeat_shows_both_hands() {
    use camicia_rules::Config;
    use carte_core::shuffle::deal_rng;
    let config = Config::new(Preset::Camicia).with_draw_on_repeat(true);
    let endless = Deal::parse(Preset::Camicia, "--1-/1-").unwrap();
    let mut game = Camicia::with_config(&endless, &config).unwrap();
    while !game.is_over() {
        assert_eq!(game.observation(Seat::new(0)).unwrap().shown_hands, None);
        game.apply(Move::Turn).unwrap();
    }
    for seat in [Seat::new(0), Seat::new(1)] {
        let seen = game.observation(seat).unwrap();
        let hands = seen.shown_hands.clone().expect("a drawn game shows its hands");
        assert_eq!(hands[Player::A], game.hand(Player::A));
        assert_eq!(hands[Player::B], game.hand(Player::B));
        assert!(seen.to_string().contains("A shows"), "{seen}");
        assert_eq!(game.sample(seat, &mut deal_rng(3)).unwrap(), game);
    }
}
