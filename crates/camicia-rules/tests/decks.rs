//! Custom decks: counts per kind, deals of two equal halves, in the deal
//! API, the fast engine and the search.

use camicia_rules::{Deal, DealError, Deck, EndRule, FastRng, PackedDeal, Preset, Simulator};

/// Rules C30 and C31: a deal of a custom deck is the deck in two equal
/// halves; seeded and random deals of it are such deals.
#[test]
fn deals_of_a_custom_deck_are_its_cards_in_two_equal_halves() {
    let deck = Deck::parse(Preset::Camicia, "14,2,2,2").unwrap();
    for seed in 0..50 {
        let deal = Deal::seeded_of(&deck, seed);
        assert!(deal.is_deal_of(&deck), "{deal}");
        assert_eq!(deal.hands[camicia_rules::Player::A].len(), 10);
    }
    assert!(Deal::parse_deal_of(&deck, "----------/----112233").is_ok());
    let uneven = Deal::parse_deal_of(&deck, "-----------/---112233");
    assert!(matches!(uneven, Err(DealError::NotADealOfTheDeck { hands: (11, 9), .. })), "{uneven:?}");
    let wrong = Deal::parse_deal_of(&deck, "----------/----111233");
    assert!(matches!(wrong, Err(DealError::NotADealOfTheDeck { .. })));
    // A preset's own deck seeds the preset's deals.
    assert_eq!(Deal::seeded_of(&Deck::of(Preset::BeggarMyNeighbour), 9), Deal::seeded(Preset::BeggarMyNeighbour, 9));
}

/// Rule C30: the fast engine and the search play custom decks with the
/// general rules' results.
#[test]
fn the_fast_engine_and_the_search_play_custom_decks() {
    for (preset, counts) in
        [(Preset::Camicia, "14,2,2,2"), (Preset::BeggarMyNeighbour, "10,1,2,0,3"), (Preset::Camicia, "0,10,10,10")]
    {
        let deck = Deck::parse(preset, counts).unwrap();
        for end_rule in [EndRule::Standard, EndRule::EmptyHandLoses] {
            let mut n = 0;
            Simulator::search_deck(&deck, end_rule, &mut FastRng::new(3), 2000, |_, packed, result| {
                let deal = packed.deal();
                assert!(deal.is_deal_of(&deck), "{deal}");
                assert_eq!(PackedDeal::pack_of(&deck, &deal), Some(*packed));
                assert_eq!(deal.play_out(end_rule).unwrap(), *result, "{deal}");
                n += 1;
            });
            assert_eq!(n, 2000);
        }
    }
}
