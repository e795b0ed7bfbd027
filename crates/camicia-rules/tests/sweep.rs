//! Sweeps: summaries serialize, load checked, and name every loop.

use camicia_rules::{Deck, EndRule, Preset, SweepSummary, sweep};

/// Rule C36: a summary saved as JSON (a checkpoint, a shard's result)
/// loads back equal, ranks past 64 bits included, and a corrupted one is
/// refused.
#[test]
fn summaries_round_trip_through_json_and_corrupted_ones_are_refused() {
    let bmn = Deck::of(Preset::BeggarMyNeighbour);
    let end = bmn.deals();
    let s = sweep(&bmn, EndRule::Standard, end - 3000..end, 5).unwrap();
    assert_eq!(s.deals, 3000);
    let text = serde_json::to_string(&s).unwrap();
    assert!(text.contains("\"deals\":3000"), "{text}");
    let back: SweepSummary = serde_json::from_str(&text).unwrap();
    assert_eq!(back, s);
    assert!(back.longest[0].rank > u128::from(u64::MAX));

    let small = Deck::parse(Preset::Camicia, "6,2,1,1").unwrap();
    let s = sweep(&small, EndRule::Standard, 0..small.deals(), 3).unwrap();
    assert!(!s.loops.is_empty());
    let text = serde_json::to_string(&s).unwrap();
    for (from, to) in [
        ("\"deals\":2520", "\"deals\":2521"),
        ("\"finished\":", "\"finished\":1"),
        ("\"top\":3", "\"top\":1"),
        ("\"end\":2520", "\"end\":2600"),
    ] {
        assert!(text.contains(from), "{from}");
        let bad = text.replacen(from, to, 1);
        assert!(serde_json::from_str::<SweepSummary>(&bad).is_err(), "{to} accepted");
    }
}

/// Rules C18 and C36: every deal of a range of the 20-card deck is played
/// once, in parts merged out of order, and the endless ones are listed
/// with their cycle and lead-in.
#[test]
fn a_range_of_the_twenty_card_deck_in_four_parts() {
    let deck = Deck::parse(Preset::Camicia, "14,2,2,2").unwrap();
    let mut all = SweepSummary::empty(&deck, EndRule::Standard, 10);
    for (a, b) in [(250_000, 260_000), (230_000, 240_000), (240_000, 250_000), (220_000, 230_000)] {
        all.merge(&sweep(&deck, EndRule::Standard, a..b, 10).unwrap()).unwrap();
    }
    assert_eq!(all.deals, 40_000);
    assert_eq!(all.ranges, vec![220_000..260_000]);
    // The first loop of the deck lies in the range.
    assert!(all.loops.iter().any(|l| l.rank == 246_414), "{:?}", all.loops);
    assert_eq!(all.finished + all.loops.len() as u64, all.deals);
    for l in &all.loops {
        let r = deck.unrank(l.rank).unwrap().play_out(EndRule::Standard).unwrap();
        assert!(r.is_loop());
        assert_eq!(r.cards(), l.cards);
        assert_eq!(l.cycle_cards + l.lead_in_cards, l.cards);
    }
}
