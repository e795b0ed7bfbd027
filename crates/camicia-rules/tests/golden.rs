//! Golden deals: pins seeded deals and their results across versions.

use camicia_rules::{Camicia, Config, Deal, EndRule, PlayResult, Player, Preset, french_demand, italian_demand};
use carte_core::{FRENCH_52, ITALIAN_40, Seeded, shuffled};

const GOLDEN: [(Preset, u64, &str, Player, u64, u64); 6] = [
    (Preset::Camicia, 0, "22--------1-----31--/2-12--1-33--------3-", Player::A, 203, 34),
    (Preset::Camicia, 1, "-1--------2-132--3--/3--22------3-1--1---", Player::A, 81, 13),
    (Preset::Camicia, 2026, "-113---2112----2-3--/---3-----------3--2-", Player::B, 629, 97),
    (Preset::BeggarMyNeighbour, 0, "K----J--QA-JQ-------A-A---/--K-----Q-K-AK-----QJJ----", Player::B, 433, 63),
    (Preset::BeggarMyNeighbour, 1, "K-----AKKAJQJ----AQ------J/-----A-------K--J---QQ----", Player::A, 681, 98),
    (Preset::BeggarMyNeighbour, 2026, "JJJJ----K-K-A--K-----A----/-A--QQ-----A---K------Q--Q", Player::B, 743, 103),
];

#[test]
fn seeded_deals_and_their_results_are_pinned() {
    for (preset, seed, text, winner, cards, tricks) in GOLDEN {
        let deal = Deal::seeded(preset, seed);
        assert_eq!(deal.to_string(), text, "{preset} seed {seed}");
        assert_eq!(deal.play_out(EndRule::Standard), Ok(PlayResult::Finished { winner, cards, tricks }));
        let game = Camicia::from_seed(&Config::new(preset), seed).unwrap();
        assert_eq!(game.hands_as_deal(), deal);
    }
}

/// Rule C3: a seeded deal is the real deck shuffled, read as kinds, A's half first.
#[test]
fn seeded_deals_are_the_real_deck_shuffled_then_read_as_demands() {
    for seed in [0, 7, 123_456] {
        let italian: Vec<u8> = shuffled(ITALIAN_40, seed).iter().map(|&c| italian_demand(c)).collect();
        let deal = Deal::seeded(Preset::Camicia, seed);
        assert_eq!([&deal.hands[Player::A][..], &deal.hands[Player::B][..]].concat(), italian);
        let french: Vec<u8> = shuffled(FRENCH_52, seed).iter().map(|&c| french_demand(c)).collect();
        let deal = Deal::seeded(Preset::BeggarMyNeighbour, seed);
        assert_eq!(deal.hands[Player::A].len(), 26);
        assert_eq!([&deal.hands[Player::A][..], &deal.hands[Player::B][..]].concat(), french);
    }
}
