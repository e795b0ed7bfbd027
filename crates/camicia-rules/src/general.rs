//! The general engine: the [`Camicia`] game state itself, stepped a trick
//! at a time under the loop detector, for deals of any size (bounded only
//! by memory). The fast engines serve deals of at most
//! [`MAX_CARDS`](crate::MAX_CARDS) cards and hand larger ones here; the
//! results agree exactly (tested), since both follow the same rules and the
//! same loop detector.

use crate::deal::Deal;
use crate::game::Camicia;
use crate::hand::Row;
use crate::loops::{Engine, run};
use crate::preset::EndRule;
use crate::result::PlayResult;
use carte_core::Player;

/// A position of the general engine: both hands and who leads.
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct GeneralPosition {
    hands: [Row; 2],
    leader: Player,
}

impl Engine for Camicia {
    type Position = GeneralPosition;

    fn position(&self) -> GeneralPosition {
        GeneralPosition { hands: [self.hands[Player::A].clone(), self.hands[Player::B].clone()], leader: self.to_move }
    }

    fn is_at(&self, p: &GeneralPosition) -> bool {
        self.to_move == p.leader && self.hands[Player::A] == p.hands[0] && self.hands[Player::B] == p.hands[1]
    }

    fn same_position(&self, other: &Camicia) -> bool {
        self.to_move == other.to_move && self.hands == other.hands
    }

    /// The length of A's hand, who leads, and A's first cards.
    fn quick_key(&self) -> u64 {
        let a = self.hands[Player::A].as_slice();
        let mut key = (a.len() as u64) << 1 | u64::from(self.to_move == Player::B);
        for &k in a.iter().take(8) {
            key = key.rotate_left(3) ^ u64::from(k);
        }
        key
    }

    /// Turns cards until the pile is collected or the game ends; the end
    /// rule is the state's own (`LIT` is ignored).
    fn trick<const LIT: bool>(&mut self) -> Option<usize> {
        let tricks = self.tricks;
        loop {
            // A running game always has a card to turn.
            let Ok(turned) = self.turn() else {
                return self.winner.map(|w| w.index());
            };
            if let Some(w) = turned.winner {
                return Some(w.index());
            }
            if self.tricks != tricks {
                return None;
            }
        }
    }

    fn counts(&self) -> (u64, u64) {
        (self.cards, self.tricks)
    }
}

/// The result of playing `game` on from where it stands (no draw on a
/// repeat), with repeats counted among the trick-boundary states from
/// here on; the counts go on from the game's.
pub(crate) fn repeat_from(game: &Camicia) -> PlayResult {
    let mut g = game.clone();
    g.config.draw_on_repeat = false;
    g.repeat = None;
    // Up to the next trick boundary (or the end).
    while !g.is_over() && !g.pile.is_empty() {
        if g.turn().is_err() {
            break;
        }
    }
    if let Some(r) = g.result() {
        return r;
    }
    run::<false, _>(g)
}

/// Plays `deal` (checked by the caller) on the general engine.
pub(crate) fn play_general(deal: &Deal, end_rule: EndRule) -> PlayResult {
    run::<false, _>(Camicia::dealt(deal, end_rule))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fast_rng::FastRng;
    use crate::preset::Preset;
    use carte_core::ByPlayer;

    /// The loop detector compares the quick key before the whole position
    /// at every trick past the 256th (`loops::run`): a key that does not
    /// tell positions apart makes every comparison a full one. It tells
    /// apart who leads, the length of A's hand and each of A's first eight
    /// cards (what it is documented to hold).
    #[test]
    fn the_quick_key_tells_apart_what_it_holds() {
        let game = |a: &[u8], leader: Player| {
            let b = [0u8; 4];
            let deal = Deal { preset: Preset::Camicia, hands: ByPlayer::new(a.to_vec(), b.to_vec()) };
            let mut g = Camicia::dealt(&deal, EndRule::Standard);
            g.to_move = leader;
            g
        };
        let key = |a: &[u8], leader: Player| game(a, leader).quick_key();
        let a = [1, 0, 2, 3, 0, 1, 2, 3, 1, 2];
        assert_ne!(key(&a, Player::A), key(&a, Player::B));
        for len in 1..a.len() {
            assert_ne!(key(&a[..len], Player::A), key(&a[..len + 1], Player::A), "lengths {len} and {}", len + 1);
        }
        for i in 0..8 {
            for k in 0..=3 {
                let mut other = a;
                if other[i] == k {
                    continue;
                }
                other[i] = k;
                assert_ne!(key(&a, Player::A), key(&other, Player::A), "card {i} made {k}");
            }
        }
    }

    /// Rule C26: the general engine gives the fast engines' results on
    /// deals they hold, loops included.
    #[test]
    fn the_general_engine_agrees_with_the_fast_ones() {
        let mut rng = FastRng::new(7);
        let mut below = |n: u64| rng.next_word() % n;
        for i in 0..4000 {
            let preset = if i % 2 == 0 { Preset::Camicia } else { Preset::BeggarMyNeighbour };
            let (split, len) = if i % 3 == 0 {
                (26, 52)
            } else {
                let a = 1 + below(7) as usize;
                (a, a + 1 + below(7) as usize)
            };
            let attack = |r: u64| if len == 52 { r == 0 } else { r != 0 };
            let kinds: Vec<u8> = (0..len)
                .map(|_| if attack(below(4)) { 1 + below(u64::from(preset.max_demand())) as u8 } else { 0 })
                .collect();
            let deal = Deal { preset, hands: ByPlayer::new(kinds[..split].to_vec(), kinds[split..].to_vec()) };
            for end_rule in [EndRule::Standard, EndRule::EmptyHandLoses] {
                let fast = deal.play_out(end_rule).expect("a valid deal");
                assert_eq!(play_general(&deal, end_rule), fast, "{deal} {end_rule:?}");
            }
        }
        for (preset, text) in [
            (Preset::BeggarMyNeighbour, "---K---Q-KQAJ-----AAJ--J--/----------Q----KQ-J-----KA"),
            (Preset::Camicia, "1--1-/-11-"),
            (Preset::Camicia, "--1/---1--3"),
        ] {
            let deal = Deal::parse(preset, text).expect("a valid deal");
            let fast = deal.play_out(EndRule::Standard).unwrap();
            assert!(fast.is_loop(), "{deal}");
            assert_eq!(play_general(&deal, EndRule::Standard), fast);
        }
    }
}
