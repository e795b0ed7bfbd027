//! The numbering of deals (docs/rules/camicia.md, "Numbering every deal"): lexicographic
//! rank of the kind sequence, A's hand first, top card first, kinds
//! `0 < 1 < 2 < ...`, from 0.

use camicia_rules::{Deal, Deck, FastRng, PackedDeal, Preset, RankError};

/// Rule C33: the deal counts the rules state.
#[test]
fn deal_counts_are_the_stated_ones() {
    assert_eq!(Deck::of(Preset::Camicia).deals(), 193_584_473_082_000);
    assert_eq!(Deck::parse(Preset::Camicia, "14,2,2,2").unwrap().deals(), 3_488_400);
    // 52! / (36! 4! 4! 4! 4!), computed by hand: 52!/36! = 52·51·...·37.
    let falling: u128 = (37..=52u128).product();
    assert_eq!(Deck::of(Preset::BeggarMyNeighbour).deals(), falling / 24u128.pow(4));
}

/// Rule C34. Brute force: every sequence over the kinds in increasing numeric order
/// (base-`kinds` counting is lexicographic order), kept when it holds the
/// deck; its position in that list is its rank.
#[test]
fn ranks_agree_with_a_brute_force_enumeration() {
    for (preset, counts) in [(Preset::Camicia, vec![3u8, 1, 1, 1]), (Preset::BeggarMyNeighbour, vec![2, 1, 0, 2, 1])] {
        let deck = Deck::custom(preset, &counts).unwrap();
        let n = deck.len();
        let kinds = counts.len() as u64;
        let mut rank = 0u128;
        for code in 0..kinds.pow(n as u32) {
            let mut seq = vec![0u8; n];
            let mut c = code;
            for slot in seq.iter_mut().rev() {
                *slot = (c % kinds) as u8;
                c /= kinds;
            }
            let mut held = vec![0u8; counts.len()];
            for &k in &seq {
                held[usize::from(k)] += 1;
            }
            if held != counts {
                continue;
            }
            let (a, b) = seq.split_at(n / 2);
            let text: String =
                a.iter().chain([&9]).chain(b).map(|&k| if k == 9 { '/' } else { preset.symbol(k).unwrap() }).collect();
            let deal = Deal::parse(preset, &text).unwrap();
            assert_eq!(deck.rank(&deal), Ok(rank), "{text}");
            assert_eq!(deck.unrank(rank), Ok(deal));
            rank += 1;
        }
        assert_eq!(rank, deck.deals());
    }
}

/// Rules C34 and C35: rank and unrank undo each other, past 64 bits.
#[test]
fn ranks_round_trip_on_the_full_decks() {
    for preset in Preset::ALL {
        let deck = Deck::of(preset);
        let mut rng = FastRng::new(4);
        for _ in 0..500 {
            let deal = PackedDeal::draw(preset, &mut rng).deal();
            let r = deck.rank(&deal).unwrap();
            assert!(r < deck.deals());
            assert_eq!(deck.unrank(r), Ok(deal));
            let r = (u128::from(rng.next_word()) << 64 | u128::from(rng.next_word())) % deck.deals();
            assert_eq!(deck.rank(&deck.unrank(r).unwrap()), Ok(r));
        }
        let last = deck.deals() - 1;
        assert_eq!(deck.rank(&deck.unrank(last).unwrap()), Ok(last));
        assert!(matches!(deck.unrank(deck.deals()), Err(RankError::OutOfRange { .. })));
    }
    // Known values: the first and the last Camicia deal, and the second.
    let deck = Deck::of(Preset::Camicia);
    assert_eq!(deck.unrank(0).unwrap().to_string(), "--------------------/--------111122223333");
    assert_eq!(deck.unrank(1).unwrap().to_string(), "--------------------/--------111122232333");
    assert_eq!(deck.unrank(deck.deals() - 1).unwrap().to_string(), "333322221111--------/--------------------");
    // The rules' example: deal 0 of the 20-card deck.
    let small = Deck::parse(Preset::Camicia, "14,2,2,2").unwrap();
    assert_eq!(small.unrank(0).unwrap().to_string(), "----------/----112233");
}
