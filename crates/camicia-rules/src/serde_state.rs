//! The serialized form of [`Camicia`], validated on load.

use crate::deal::hand_string;
use crate::error::StateError;
use crate::game::Camicia;
use crate::hand::Row;
use crate::preset::{Config, EndRule, Preset};
use carte_core::{ByPlayer, Player};

/// What a [`Camicia`] serializes to: the hands and pile in the preset's
/// notation, so that a saved game reads like the deal notation.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) struct CamiciaRaw {
    preset: Preset,
    end_rule: EndRule,
    /// Cards of each kind in the game, indexed by kind.
    deck: [usize; 5],
    hands: ByPlayer<String>,
    pile: String,
    to_move: Player,
    debt: u8,
    cards: u64,
    tricks: u64,
    winner: Option<Player>,
}

impl From<Camicia> for CamiciaRaw {
    fn from(g: Camicia) -> CamiciaRaw {
        let preset = g.config.preset;
        CamiciaRaw {
            preset,
            end_rule: g.config.end_rule,
            deck: g.deck,
            hands: ByPlayer::from_fn(|p| hand_string(preset, g.hands[p].as_slice())),
            pile: hand_string(preset, g.pile.as_slice()),
            to_move: g.to_move,
            debt: g.debt,
            cards: g.cards,
            tricks: g.tricks,
            winner: g.winner,
        }
    }
}

fn bad(msg: impl Into<String>) -> StateError {
    StateError(msg.into())
}

fn parse_row(preset: Preset, what: &str, text: &str) -> Result<Row, StateError> {
    let mut kinds = Vec::with_capacity(text.len());
    for (i, c) in text.chars().enumerate() {
        let kind = preset
            .kind_of(c)
            .ok_or_else(|| bad(format!("{what}: {c:?} at position {} is not a card of {preset}", i + 1)))?;
        kinds.push(kind);
    }
    Ok(Row::from_slice(&kinds))
}

impl TryFrom<CamiciaRaw> for Camicia {
    type Error = StateError;

    fn try_from(raw: CamiciaRaw) -> Result<Camicia, StateError> {
        let preset = raw.preset;
        let hands = ByPlayer::new(
            parse_row(preset, "hand A", &raw.hands[Player::A])?,
            parse_row(preset, "hand B", &raw.hands[Player::B])?,
        );
        let pile = parse_row(preset, "pile", &raw.pile)?;

        // Conservation: hands and pile hold exactly the game's cards.
        let mut counts = [0usize; 5];
        for row in [&hands[Player::A], &hands[Player::B], &pile] {
            for &k in row.as_slice() {
                counts[usize::from(k)] += 1;
            }
        }
        if counts != raw.deck {
            return Err(bad(format!("the cards held {counts:?} are not the game's cards {:?}", raw.deck)));
        }
        if raw.deck[usize::from(preset.max_demand()) + 1..].iter().any(|&c| c > 0) {
            return Err(bad(format!("the deck holds kinds above the highest demand of {preset}")));
        }
        let total: usize = counts.iter().sum();
        if total < 2 {
            return Err(bad(format!("{total} cards: a game holds at least 2")));
        }

        // The pending attack agrees with the pile: the last attack card on
        // the pile, less the plain cards paid since, is what is owed.
        let expected_debt = match pile.as_slice().iter().rposition(|&k| k > 0) {
            None => 0,
            Some(i) => {
                let paid = pile.len() - 1 - i;
                let owed = usize::from(pile.as_slice()[i]).checked_sub(paid).filter(|&o| o > 0);
                owed.ok_or_else(|| bad("the pile holds a completed payment that nobody collected"))? as u8
            }
        };

        let cards_on_pile = pile.len() as u64;
        if raw.cards < cards_on_pile || raw.tricks > raw.cards || (raw.tricks == 0 && raw.cards != cards_on_pile) {
            return Err(bad(format!(
                "{} cards and {} tricks do not fit a pile of {cards_on_pile}",
                raw.cards, raw.tricks
            )));
        }

        match raw.winner {
            Some(w) => {
                if !pile.is_empty()
                    || !hands[w.other()].is_empty()
                    || raw.to_move != w
                    || raw.debt != 0
                    || raw.tricks == 0
                {
                    return Err(bad(format!("{w} won but does not hold every card")));
                }
            }
            None => {
                if raw.debt != expected_debt {
                    return Err(bad(format!("debt {} but the pile says {expected_debt}", raw.debt)));
                }
                if hands[raw.to_move].is_empty() {
                    return Err(bad(format!("{} is to move without a card", raw.to_move)));
                }
                let other_empty = hands[raw.to_move.other()].is_empty();
                let over_by_rule = match raw.end_rule {
                    EndRule::Standard => pile.is_empty() && other_empty,
                    EndRule::EmptyHandLoses => other_empty,
                };
                if over_by_rule {
                    return Err(bad(format!("{} has no card: the game is over", raw.to_move.other())));
                }
            }
        }

        Ok(Camicia {
            config: Config { preset, end_rule: raw.end_rule },
            deck: raw.deck,
            hands,
            pile,
            to_move: raw.to_move,
            debt: raw.debt,
            cards: raw.cards,
            tricks: raw.tricks,
            winner: raw.winner,
        })
    }
}
