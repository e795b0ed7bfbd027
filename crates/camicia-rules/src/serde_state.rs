//! The serialized form of [`Camicia`], validated on load through
//! [`Camicia::from_setup`].

use crate::deal::hand_string;
use crate::deck::Deck;
use crate::error::SetupError;
use crate::game::Camicia;
use crate::preset::{Config, EndRule, Preset};
use crate::setup::Setup;
use carte_core::{ByPlayer, Player};

/// What a [`Camicia`] serializes to: the hands and pile in the preset's
/// notation, so that a saved game reads like the deal notation.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) struct CamiciaRaw {
    preset: Preset,
    end_rule: EndRule,
    /// The deck seeded games deal, if not the preset's.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    seeded_deck: Option<Deck>,
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "core::ops::Not::not"))]
    draw_on_repeat: bool,
    /// Cards of each kind in the game, indexed by kind.
    deck: [usize; 5],
    hands: ByPlayer<String>,
    pile: String,
    to_move: Player,
    debt: u8,
    cards: u64,
    tricks: u64,
    winner: Option<Player>,
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "core::ops::Not::not"))]
    drawn: bool,
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    repeat_at: Option<u64>,
}

impl From<Camicia> for CamiciaRaw {
    fn from(g: Camicia) -> CamiciaRaw {
        let preset = g.config.preset;
        let setup = g.to_setup();
        CamiciaRaw {
            preset,
            end_rule: g.config.end_rule,
            seeded_deck: g.config.deck,
            draw_on_repeat: g.config.draw_on_repeat,
            deck: g.deck,
            hands: ByPlayer::from_fn(|p| hand_string(preset, &setup.hands[p])),
            pile: hand_string(preset, &setup.pile),
            to_move: setup.to_move,
            debt: setup.debt,
            cards: setup.cards,
            tricks: setup.tricks,
            winner: setup.winner,
            drawn: setup.drawn,
            repeat_at: setup.repeat_at,
        }
    }
}

pub(crate) fn parse_row(preset: Preset, row: &'static str, text: &str) -> Result<Vec<u8>, SetupError> {
    text.chars()
        .enumerate()
        .map(|(i, c)| preset.kind_of(c).ok_or(SetupError::BadCard { row, position: i + 1, found: c, preset }))
        .collect()
}

impl TryFrom<CamiciaRaw> for Camicia {
    type Error = SetupError;

    fn try_from(raw: CamiciaRaw) -> Result<Camicia, SetupError> {
        let preset = raw.preset;
        let mut config = Config::new(preset).with_end_rule(raw.end_rule).with_draw_on_repeat(raw.draw_on_repeat);
        config.deck = raw.seeded_deck;
        let mut setup = Setup::start(
            &crate::deal::Deal {
                preset,
                hands: ByPlayer::new(
                    parse_row(preset, "hand A", &raw.hands[Player::A])?,
                    parse_row(preset, "hand B", &raw.hands[Player::B])?,
                ),
            },
            config,
        );
        setup.pile = parse_row(preset, "pile", &raw.pile)?;
        setup.to_move = raw.to_move;
        setup.debt = raw.debt;
        setup.cards = raw.cards;
        setup.tricks = raw.tricks;
        setup.winner = raw.winner;
        setup.drawn = raw.drawn;
        setup.repeat_at = raw.repeat_at;
        let game = Camicia::from_setup(&setup)?;
        if game.deck != raw.deck {
            return Err(SetupError::OtherCardsHeld { found: game.deck, saved: raw.deck });
        }
        Ok(game)
    }
}

#[cfg(all(test, feature = "serde"))]
mod tests {
    use super::*;

    fn load(json: &str) -> Result<Camicia, SetupError> {
        Camicia::try_from(serde_json::from_str::<CamiciaRaw>(json).expect("the raw form"))
    }

    /// The refusals only the serialized form can meet: a character that is
    /// no card, and cards held that are not the game's.
    #[test]
    fn serialized_refusals_name_their_reason() {
        let good = r#"{"preset":"camicia","end_rule":"Standard","deck":[4,1,1,0,0],"hands":["--","-1"],"pile":"2-","to_move":"B","debt":1,"cards":2,"tricks":0,"winner":null}"#;
        assert!(load(good).is_ok());
        assert_eq!(
            load(&good.replace(r#"["--","-1"]"#, r#"["--","-x"]"#)),
            Err(SetupError::BadCard { row: "hand B", position: 2, found: 'x', preset: Preset::Camicia })
        );
        assert_eq!(
            load(&good.replace("[4,1,1,0,0]", "[4,1,1,0,1]")),
            Err(SetupError::OtherCardsHeld { found: [4, 1, 1, 0, 0], saved: [4, 1, 1, 0, 1] })
        );
    }
}
