//! Tests of the clauses of docs/rules/camicia.md that no other test checks,
//! written from the clause text.

use camicia_rules::{Camicia, CamiciaMove, Deal, EndRule, Player, Preset, french_demand, italian_demand};
use carte_core::{FRENCH_52, Game, ITALIAN_40, ItalianRank, Rank};

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
        let mut game = Camicia::new(&deal, EndRule::Standard).unwrap();
        let mut plies = 0;
        while !game.is_over() && plies < 5_000 {
            assert_eq!(game.legal_move_vec(), [CamiciaMove::Turn]);
            game.apply(CamiciaMove::Turn).unwrap();
            plies += 1;
        }
        assert!(plies > 0);
        if game.is_over() {
            assert!(game.legal_move_vec().is_empty());
        }
    }
}
