//! The draw at the first repeated state: every game ends through the
//! `Game` trait, at exactly the repeat the loop detector reports.

use camicia_rules::{ByPlayer, Camicia, Config, Deal, EndRule, Move, PlayResult, Preset};
use carte_core::Game;
use proptest::prelude::*;

fn config(preset: Preset, end_rule: EndRule) -> Config {
    Config::new(preset).with_end_rule(end_rule).with_draw_on_repeat(true)
}

fn play(game: &mut Camicia) -> u64 {
    let mut plies = 0;
    while !game.is_over() {
        game.apply(Move::Turn).unwrap();
        plies += 1;
    }
    plies
}

/// Rules C17, C18 and C38: an endless deal ends as a draw at its first repeat,
/// with the loop detector's counts; a finishing deal is unchanged.
#[test]
fn endless_deals_end_as_draws_at_the_first_repeat() {
    for (preset, text) in [
        (Preset::BeggarMyNeighbour, "---K---Q-KQAJ-----AAJ--J--/----------Q----KQ-J-----KA"),
        (Preset::Camicia, "1--1-/-11-"),
        (Preset::Camicia, "--1-/1-"),
        (Preset::Camicia, "2-1/--3-"),
    ] {
        let deal = Deal::parse(preset, text).unwrap();
        let expected = deal.play_out(EndRule::Standard).unwrap();
        let mut game = Camicia::with_config(&deal, &config(preset, EndRule::Standard)).unwrap();
        let bound = game.max_plies().unwrap();
        let plies = play(&mut game);
        assert_eq!(plies, bound, "{text}");
        assert_eq!((game.cards(), game.tricks()), (expected.cards(), expected.tricks()), "{text}");
        assert_eq!(game.result(), Some(expected));
        assert_eq!(game.outcome().unwrap().is_draw(), expected.is_loop());
        assert!(game.apply(Move::Turn).is_err());
    }
    // Without the option the endless deal keeps going past the repeat.
    let deal = Deal::parse(Preset::Camicia, "--1-/1-").unwrap();
    let mut game = Camicia::from_deal(&deal, EndRule::Standard).unwrap();
    for _ in 0..100 {
        game.apply(Move::Turn).unwrap();
    }
    assert_eq!(game.max_plies(), None);
}

#[cfg(feature = "serde")]
#[test]
fn a_saved_game_ends_at_the_same_repeat() {
    let deal = Deal::parse(Preset::BeggarMyNeighbour, "---K---Q-KQAJ-----AAJ--J--/----------Q----KQ-J-----KA").unwrap();
    let expected = deal.play_out(EndRule::Standard).unwrap();
    let PlayResult::Loop { lead_in_cards, .. } = expected else { panic!("a loop") };
    let mut game = Camicia::with_config(&deal, &config(Preset::BeggarMyNeighbour, EndRule::Standard)).unwrap();
    // Saved inside the cycle, after the repeated state was first seen.
    for _ in 0..lead_in_cards + 17 {
        game.apply(Move::Turn).unwrap();
    }
    let json = serde_json::to_string(&game).unwrap();
    let mut back: Camicia = serde_json::from_str(&json).unwrap();
    assert_eq!(back, game);
    play(&mut back);
    assert_eq!(back.result(), Some(expected));
    // A repeat point that is no trick boundary of the game is refused.
    let at = format!("\"repeat_at\":{}", expected.cards());
    assert!(json.contains(&at), "{json}");
    let bad = json.replace(&at, &format!("\"repeat_at\":{}", expected.cards() - 1));
    assert!(serde_json::from_str::<Camicia>(&bad).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    /// Rules C18 and C38: on every small deal, the game through the trait ends, at
    /// the play-out's counts, within its announced ply bound.
    #[test]
    fn every_game_ends_through_the_trait(
        a in proptest::collection::vec(0u8..=3, 1..8),
        b in proptest::collection::vec(0u8..=3, 1..8),
        literal in any::<bool>(),
    ) {
        let end_rule = if literal { EndRule::EmptyHandLoses } else { EndRule::Standard };
        let deal = Deal { preset: Preset::Camicia, hands: ByPlayer::new(a, b) };
        let expected = deal.play_out(end_rule).unwrap();
        let mut game = Camicia::with_config(&deal, &config(Preset::Camicia, end_rule)).unwrap();
        let bound = game.max_plies().unwrap();
        prop_assert_eq!(play(&mut game), bound);
        prop_assert_eq!(game.result(), Some(expected));
    }
}
