//! `Debug` in notation: a deal prints its hands as the deal notation
//! (`--2-3/-1--`), a deck its name, a game its hands and pile in the
//! preset's symbols, never lists of kind numbers.

use core::fmt;

use carte_core::Player;

use crate::deal::{Deal, hand_string};
use crate::deck::Deck;
use crate::game::Camicia;

impl fmt::Debug for Deal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Deal").field("preset", &self.preset).field("hands", &format_args!("{self}")).finish()
    }
}

impl fmt::Debug for Deck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Debug for Camicia {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = self.config.preset;
        let row = |r: &crate::hand::Row| hand_string(p, r.as_slice());
        f.debug_struct("Camicia")
            .field("config", &self.config)
            .field("deck", &self.deck)
            .field("a", &format_args!("{}", row(&self.hands[Player::A])))
            .field("b", &format_args!("{}", row(&self.hands[Player::B])))
            .field("pile", &format_args!("{}", row(&self.pile)))
            .field("to_move", &self.to_move)
            .field("debt", &self.debt)
            .field("cards", &self.cards)
            .field("tricks", &self.tricks)
            .field("winner", &self.winner)
            .field("repeat", &self.repeat)
            .field("drawn", &self.drawn)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use crate::{Deal, Preset};

    #[test]
    fn debug_is_the_notation() {
        let deal = Deal::parse(Preset::Camicia, "--2-3/-1--").unwrap();
        assert_eq!(format!("{deal:?}"), format!("Deal {{ preset: {:?}, hands: --2-3/-1-- }}", Preset::Camicia));
        let game = crate::Camicia::from_deal(&deal, crate::EndRule::Standard).unwrap();
        let text = format!("{game:?}");
        assert!(text.contains("a: --2-3, b: -1--, pile: ,"), "{text}");
        assert_eq!(format!("{:?}", crate::Deck::of(Preset::Camicia)), "camicia");
    }
}
