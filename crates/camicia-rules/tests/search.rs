//! `Simulator::search`: every random deal once, each with the engine's own
//! result, the same on every machine.

use camicia_rules::{Deal, EndRule, FastRng, PackedDeal, PlayResult, Preset, Simulator};

/// Searches and returns the reports sorted by index, checking that every
/// index from 0 comes exactly once.
fn reports(preset: Preset, end_rule: EndRule, seed: u64, deals: u64) -> Vec<(PackedDeal, PlayResult)> {
    let mut out: Vec<Option<(PackedDeal, PlayResult)>> = vec![None; deals as usize];
    Simulator::search(preset, end_rule, &mut FastRng::new(seed), deals, |index, deal, result| {
        let slot = &mut out[index as usize];
        assert!(slot.is_none(), "deal {index} reported twice");
        *slot = Some((*deal, *result));
    });
    out.into_iter().enumerate().map(|(i, r)| r.unwrap_or_else(|| panic!("deal {i} never reported"))).collect()
}

#[test]
fn every_deal_is_drawn_in_order_and_gets_the_engines_result() {
    for preset in Preset::ALL {
        for end_rule in [EndRule::Standard, EndRule::EmptyHandLoses] {
            let found = reports(preset, end_rule, 5, 5000);
            let mut rng = FastRng::new(5);
            for (i, (deal, result)) in found.iter().enumerate() {
                assert_eq!(*deal, PackedDeal::draw(preset, &mut rng), "deal {i}");
                assert_eq!(*result, deal.play(end_rule), "{preset} {end_rule:?} deal {}", deal.deal());
                if i % 50 == 0 {
                    let spelled = deal.deal();
                    assert!(spelled.is_full());
                    assert_eq!(*result, spelled.play_out(end_rule).expect("a full deal is valid"));
                }
            }
        }
    }
}

#[test]
fn the_generator_ends_where_the_draws_end() {
    for deals in [0, 1, 7, 8, 9, 100] {
        let mut searched = FastRng::new(11);
        let mut calls = 0;
        Simulator::search(Preset::BeggarMyNeighbour, EndRule::Standard, &mut searched, deals, |_, _, _| {
            calls += 1;
        });
        assert_eq!(calls, deals);
        let mut drawn = FastRng::new(11);
        for _ in 0..deals {
            PackedDeal::draw(Preset::BeggarMyNeighbour, &mut drawn);
        }
        assert_eq!(searched, drawn, "{deals} deals");
    }
}

#[test]
fn packing_round_trips() {
    for preset in Preset::ALL {
        let mut rng = FastRng::new(3);
        for _ in 0..200 {
            let packed = PackedDeal::draw(preset, &mut rng);
            assert_eq!(packed.preset(), preset);
            assert_eq!(PackedDeal::pack(&packed.deal()), Some(packed));
        }
        for seed in 0..50 {
            let deal = Deal::seeded(preset, seed);
            assert_eq!(PackedDeal::pack(&deal).map(|p| p.deal()), Some(deal));
        }
    }
    // Not a full deal, or not split in halves: no packed form.
    let short = Deal::parse(Preset::Camicia, "1-/-").expect("valid");
    assert_eq!(PackedDeal::pack(&short), None);
    let full = Deal::seeded(Preset::Camicia, 1).to_string();
    let (a, b) = full.split_once('/').expect("two hands");
    let uneven = Deal::parse(Preset::Camicia, &format!("{a}{}/{}", &b[..1], &b[1..])).expect("valid");
    assert!(uneven.is_full());
    assert_eq!(PackedDeal::pack(&uneven), None);
}

/// Pins the deals and results of a search forever (on every machine, with
/// or without vector lanes).
#[test]
fn golden_search() {
    let found = reports(Preset::BeggarMyNeighbour, EndRule::Standard, 2026, 1000);
    let cards: u64 = found.iter().map(|(_, r)| r.cards()).sum();
    let tricks: u64 = found.iter().map(|(_, r)| r.tricks()).sum();
    let a_wins = found.iter().filter(|(_, r)| r.winner() == Some(camicia_rules::Player::A)).count();
    assert_eq!(found[0].0.deal().to_string(), GOLDEN_FIRST);
    assert_eq!((cards, tricks, a_wins), GOLDEN_COUNTS);
}

const GOLDEN_FIRST: &str = "-----KQJ--------------JK-A/-AQ--K----A---QQ--J---JAK-";
const GOLDEN_COUNTS: (u64, u64, usize) = (249_804, 34_546, 506);
