//! Proptest invariants over random games of two and four players: card
//! conservation (each of the 104 or 208 cards exactly once on the board or
//! removed), the kings, and each seat's knowledge checked against an
//! independent model built from the moves alone.

use std::collections::HashMap;

use carte_core::{Game, HiddenInfo, RandomPlayer, deal_rng};
use proptest::prelude::*;
use zama_rules::{Battle, Config, Move, Phase, Player, Square, Zama, ZamaCard, battle};

/// What each seat knows, kept by card from the moves alone: a battle shows
/// both cards to every seat, a peek to the peeker; a card that leaves the
/// board (or whose seat is eliminated) is forgotten as "on the board".
#[derive(Default)]
struct Shadow {
    known: HashMap<ZamaCard, [bool; 4]>,
    face_up: HashMap<ZamaCard, bool>,
    /// The seats that are out.
    out: [bool; 4],
}

impl Shadow {
    /// Updates the model for `mv`, played in `before`.
    fn record(&mut self, before: &Zama, mv: Move) {
        match mv {
            Move::Attack { from, to } => {
                let (a, d) = (before.card_at(from).unwrap(), before.card_at(to).unwrap());
                for c in [a, d] {
                    self.known.insert(c, [true; 4]);
                    if c.is_king_of_spades() {
                        self.face_up.insert(c, true);
                    }
                }
                let live = (0..4).filter(|&s| !self.out[s] && s < before.num_seats()).count();
                if battle(a.card(), d.card()) == Battle::GameWon && live > 2 {
                    self.out[d.owner().index()] = true;
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
    let mut seen = [0u8; ZamaCard::COUNT];
    for sq in game.squares() {
        if let Some(c) = game.card_at(sq) {
            seen[c.index()] += 1;
            prop_assert_eq!(game.back_at(sq), Some(c.owner()));
        }
    }
    let mut cards = 0;
    for c in ZamaCard::all_of(game.players()) {
        cards += 1;
        let expected = u8::from(!game.is_removed(c));
        prop_assert_eq!(seen[c.index()], expected, "{} on the board {} times", c, seen[c.index()]);
    }
    prop_assert_eq!(cards, 52 * game.num_seats());
    for &color in game.seats() {
        let out = shadow.out[color.index()];
        // The winning capture (Z41, Z62) leaves the beaten seat's cards on
        // the board, yet the seat is out.
        let beaten = matches!(game.ending(), Some(zama_rules::Ending::Win(w)) if w != color);
        prop_assert_eq!(game.is_in(color), !out && !beaten, "{} in the game", color);
        for king in [ZamaCard::king_of_spades(color), ZamaCard::king_of_hearts(color)] {
            prop_assert_eq!(game.is_removed(king), out, "{} off the board", king);
        }
        if out {
            prop_assert!(game.cells_of(color).is_empty(), "{} is out but has cards", color);
        }
    }
    // Knowledge is exactly the model's, cell by cell, in state and views.
    let views: Vec<_> = game.seats().iter().map(|seat| game.observation(seat.seat()).unwrap()).collect();
    for sq in game.squares() {
        let Some(c) = game.card_at(sq) else { continue };
        let k = shadow.known.get(&c).copied().unwrap_or_default();
        for &seat in game.seats() {
            let i = seat.index();
            prop_assert_eq!(game.knows(seat, sq), k[i], "{} knowing {} on {}", seat, c, sq);
            let view = views[i].cell(sq).unwrap();
            prop_assert_eq!(view.card.is_some(), k[i]);
            for &other in game.seats() {
                prop_assert_eq!(view.known_by.contains(other), k[other.index()]);
            }
            let others = game.seats().iter().any(|o| *o != seat && k[o.index()]);
            prop_assert_eq!(view.opponent_knows, others);
            prop_assert_eq!(view.back, c.owner());
        }
        let up = shadow.face_up.get(&c).copied().unwrap_or(false);
        prop_assert_eq!(game.is_face_up(sq), up, "face-up {} on {}", c, sq);
    }
    Ok(())
}

fn config(four: bool) -> Config {
    Config::default().with_players(if four { 4 } else { 2 })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, failure_persistence: None, ..ProptestConfig::default() })]

    /// Rules Z1, Z35, Z36, Z37, Z38 and Z39: each card once, kings stay, face-up K♠ only, knowledge as modelled.
    #[test]
    fn random_games_keep_every_invariant(four: bool, game_seed in any::<u64>(), play_seed in any::<u64>()) {
        let mut game = Zama::new(&config(four), game_seed).unwrap();
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
    fn random_move_picks_what_random_player_picks(four: bool, game_seed in any::<u64>(), play_seed in any::<u64>()) {
        let mut a = Zama::new(&config(four), game_seed).unwrap();
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
    fn samples_reproduce_the_view_and_keep_known_cards(four: bool, game_seed in any::<u64>(), play_seed in any::<u64>(), plies in 0usize..400) {
        let mut game = Zama::new(&config(four), game_seed).unwrap();
        let mut rng = deal_rng(play_seed);
        for _ in 0..plies {
            if game.play_random_move(&mut rng).is_none() {
                break;
            }
        }
        for &seat in game.seats() {
            let s = game.sample(seat.seat(), &mut rng).unwrap();
            prop_assert_eq!(s.observation(seat.seat()).unwrap(), game.observation(seat.seat()).unwrap());
            for sq in game.squares() {
                if game.knows(seat, sq) {
                    prop_assert_eq!(s.card_at(sq), game.card_at(sq));
                }
                for &other in game.seats() {
                    prop_assert_eq!(s.knows(other, sq), game.knows(other, sq));
                }
            }
        }
    }

    #[test]
    fn every_cell_name_reads_back(file in 0u8..13, rank in 0u8..16) {
        let sq = Square::new(file, rank).unwrap();
        prop_assert_eq!(sq.to_string().parse::<Square>().unwrap(), sq);
        prop_assert_eq!(sq.is_on_board(2), rank < 8);
        let mv = Move::Attack { from: sq, to: sq };
        prop_assert_eq!(mv.to_string().parse::<Move>().unwrap(), mv);
    }
}

#[test]
fn colors_of_a_four_player_game_are_the_four_seats() {
    let game = Zama::new(&config(true), 0).unwrap();
    assert_eq!(game.seats(), Player::ALL);
}
