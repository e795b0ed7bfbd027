//! Proptest invariants over random games: card conservation, the kings, and
//! knowledge checked against an independent model built from the moves.

use std::collections::HashMap;

use carte_core::{Game, HiddenInfo, RandomPlayer, deal_rng};
use proptest::prelude::*;
use zama_rules::{Color, Config, Move, Phase, Square, Zama, ZamaCard};

/// What each colour knows, kept by card from the moves alone.
#[derive(Default)]
struct Shadow {
    known: HashMap<ZamaCard, [bool; 2]>,
    face_up: HashMap<ZamaCard, bool>,
}

impl Shadow {
    /// Updates the model for `mv`, played in `before`.
    fn record(&mut self, before: &Zama, mv: Move) {
        match mv {
            Move::Attack { from, to } => {
                for cell in [from, to] {
                    let c = before.card_at(cell).unwrap();
                    self.known.insert(c, [true, true]);
                    if c.is_king_of_spades() {
                        self.face_up.insert(c, true);
                    }
                }
            }
            Move::Peek { at } => {
                let c = before.card_at(at).unwrap();
                self.known.entry(c).or_default()[before.to_move().index()] = true;
            }
            _ => {}
        }
    }
}

fn check(game: &Zama, shadow: &Shadow) -> Result<(), TestCaseError> {
    // Each card exists exactly once: on one cell, or removed.
    let mut seen = [0u8; 104];
    for sq in Square::all() {
        if let Some(c) = game.card_at(sq) {
            seen[c.index()] += 1;
            prop_assert_eq!(game.back_at(sq), Some(c.owner()));
        }
    }
    for c in ZamaCard::all() {
        let expected = u8::from(!game.is_removed(c));
        prop_assert_eq!(seen[c.index()], expected, "{} on the board {} times", c, seen[c.index()]);
    }
    for color in Color::ALL {
        for king in [ZamaCard::king_of_spades(color), ZamaCard::king_of_hearts(color)] {
            prop_assert!(!game.is_removed(king), "{} left the board", king);
        }
    }
    // Knowledge is exactly the model's, cell by cell, in state and views.
    let views = Color::ALL.map(|seat| game.observation(seat.seat()).unwrap());
    for sq in Square::all() {
        let Some(c) = game.card_at(sq) else { continue };
        let k = shadow.known.get(&c).copied().unwrap_or_default();
        for seat in Color::ALL {
            prop_assert_eq!(game.knows(seat, sq), k[seat.index()], "{} knowing {} on {}", seat, c, sq);
            let view = views[seat.index()].cell(sq).unwrap();
            prop_assert_eq!(view.card.is_some(), k[seat.index()]);
            prop_assert_eq!(view.opponent_knows, k[seat.other().index()]);
            prop_assert_eq!(view.back, c.owner());
        }
        let up = shadow.face_up.get(&c).copied().unwrap_or(false);
        prop_assert_eq!(game.is_face_up(sq), up, "face-up {} on {}", c, sq);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, failure_persistence: None, ..ProptestConfig::default() })]

    /// Rules Z1, Z35, Z36, Z37, Z38 and Z39: each card once, kings stay, face-up K♠ only, knowledge as modelled.
    #[test]
    fn random_games_keep_every_invariant(game_seed in any::<u64>(), play_seed in any::<u64>()) {
        let mut game = Zama::new(Config::default(), game_seed);
        let mut rng = deal_rng(play_seed);
        let mut shadow = Shadow::default();
        check(&game, &shadow)?;
        let mut plies = 0;
        while let Some(mv) = game.random_move(&mut rng) {
            let before = game.clone();
            shadow.record(&before, mv);
            game.apply(mv).unwrap();
            plies += 1;
            check(&game, &shadow)?;
            prop_assert!(plies < 100_000);
        }
        prop_assert!(game.outcome().is_some());
        prop_assert!(matches!(game.phase(), Phase::Over(_)));
    }

    #[test]
    fn random_move_picks_what_random_player_picks(game_seed in any::<u64>(), play_seed in any::<u64>()) {
        let mut a = Zama::new(Config::default(), game_seed);
        let mut b = a.clone();
        let mut c = a.clone();
        let (mut ra, mut rb, mut rc) = (deal_rng(play_seed), deal_rng(play_seed), deal_rng(play_seed));
        let mut player = RandomPlayer::<Zama>::new();
        let mut legal = Vec::new();
        for _ in 0..300 {
            a.legal_moves(&mut legal);
            prop_assert_eq!(a.count_moves() as usize, legal.len());
            for (k, &mv) in legal.iter().enumerate() {
                prop_assert_eq!(a.nth_move(k as u32), Some(mv));
            }
            let (x, y) = (a.random_move(&mut ra), player.choose(&b, &mut rb));
            prop_assert_eq!(x, y);
            prop_assert_eq!(c.play_random_move(&mut rc), x);
            let Some(mv) = x else { break };
            a.apply(mv).unwrap();
            b.apply(mv).unwrap();
            prop_assert_eq!(&c, &a);
        }
    }

    #[test]
    fn samples_reproduce_the_view_and_keep_known_cards(game_seed in any::<u64>(), play_seed in any::<u64>(), plies in 0usize..300) {
        let mut game = Zama::new(Config::default(), game_seed);
        let mut rng = deal_rng(play_seed);
        for _ in 0..plies {
            let Some(mv) = game.random_move(&mut rng) else { break };
            game.apply(mv).unwrap();
        }
        for seat in Color::ALL {
            let s = game.sample(seat.seat(), &mut rng).unwrap();
            prop_assert_eq!(s.observation(seat.seat()).unwrap(), game.observation(seat.seat()).unwrap());
            for sq in Square::all() {
                if game.knows(seat, sq) {
                    prop_assert_eq!(s.card_at(sq), game.card_at(sq));
                }
                prop_assert_eq!(s.knows(seat.other(), sq), game.knows(seat.other(), sq));
            }
        }
    }
}
