//! The unchecked description of a position, and the seeded deal.

use carte_core::{FRENCH_52, deal_rng, shuffle};

use crate::card::ZamaCard;
use crate::color::{ByColor, Color};
use crate::config::Config;
use crate::phase::Phase;
use crate::square::{CellSet, Square};

/// A position described field by field, not yet checked.
///
/// [`Zama::from_setup`](crate::Zama::from_setup) checks it and builds the
/// game state. Knowledge is given by cell: `known.red` holds the cells whose
/// card Red knows.
///
/// Serialized with the board as one string of 104 tokens, `a1` first and
/// rank by rank (`/` between ranks is allowed and ignored): `rKs` is a card,
/// `.` an empty cell.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Setup {
    /// The card on each cell, by [`Square::index`].
    #[cfg_attr(feature = "serde", serde(with = "board_notation"))]
    pub board: [Option<ZamaCard>; Square::COUNT],
    /// The player to move.
    pub to_move: Color,
    /// The phase of the turn.
    pub phase: Phase,
    /// The cells whose card each player knows.
    pub known: ByColor<CellSet>,
    /// The cells holding a face-up K♠.
    pub face_up: CellSet,
    /// Forced passes just made in a row (0 or 1 while the game runs).
    pub passes: u8,
    /// Consecutive plies without a removal.
    pub quiet_plies: u16,
    /// The variant options.
    pub config: Config,
}

impl Setup {
    /// An empty board, Red to attack, nothing known. Not a legal state
    /// until the four K♠ and K♥ are placed.
    pub fn empty(config: Config) -> Setup {
        Setup {
            board: [None; Square::COUNT],
            to_move: Color::Red,
            phase: Phase::Attack,
            known: ByColor::default(),
            face_up: CellSet::EMPTY,
            passes: 0,
            quiet_plies: 0,
            config,
        }
    }

    /// The starting position of seed `seed`.
    ///
    /// The deal order, fixed forever: one generator [`deal_rng`]`(seed)`
    /// shuffles Red's deck, then (continuing the same stream) Blue's deck,
    /// each from the canonical [`FRENCH_52`] order with carte-core's
    /// [`shuffle()`] (so Red's deck is exactly `shuffled(FRENCH_52, seed)`).
    /// Each deck is then laid face down on its colour's cells in increasing
    /// cell index: `a1, c1, …, m1, b2, …` for Red, `b1, d1, …, a2, …` for
    /// Blue.
    pub fn deal(config: Config, seed: u64) -> Setup {
        let mut rng = deal_rng(seed);
        let mut decks = ByColor { red: FRENCH_52, blue: FRENCH_52 };
        shuffle(&mut decks.red, &mut rng);
        shuffle(&mut decks.blue, &mut rng);
        let mut next = ByColor { red: 0, blue: 0 };
        let mut setup = Setup::empty(config);
        for sq in Square::all() {
            let c = sq.deal_color();
            setup.board[sq.index()] = Some(ZamaCard::new(c, decks[c][next[c]]));
            next[c] += 1;
        }
        setup
    }

    /// Puts `card` on `sq` (replacing what was there).
    pub fn place(&mut self, sq: Square, card: ZamaCard) -> &mut Setup {
        self.board[sq.index()] = Some(card);
        self
    }
}

/// Writes a board: tokens separated by spaces, ranks by ` / `.
pub(crate) fn board_to_text(board: &[Option<ZamaCard>; Square::COUNT]) -> String {
    let mut s = String::with_capacity(450);
    for sq in Square::all() {
        if sq.index() > 0 {
            s.push_str(if sq.file() == 0 { " / " } else { " " });
        }
        match board[sq.index()] {
            Some(c) => s.push_str(&format!("{c:#}")),
            None => s.push('.'),
        }
    }
    s
}

/// Reads a board written by [`board_to_text`] (for deserializing).
#[cfg(feature = "serde")]
pub(crate) fn board_from_text(text: &str) -> Result<[Option<ZamaCard>; Square::COUNT], crate::SetupError> {
    let mut board = [None; Square::COUNT];
    let mut n = 0;
    for token in text.split_whitespace().filter(|t| *t != "/") {
        if n == Square::COUNT {
            return Err(crate::SetupError::Board { index: n, reason: "more than 104 cells".into() });
        }
        if token != "." {
            board[n] = Some(token.parse().map_err(|e| crate::SetupError::Board { index: n, reason: format!("{e}") })?);
        }
        n += 1;
    }
    if n != Square::COUNT {
        return Err(crate::SetupError::Board { index: n, reason: "fewer than 104 cells".into() });
    }
    Ok(board)
}

/// The board as a string of 104 tokens.
#[cfg(feature = "serde")]
mod board_notation {
    use super::*;
    use serde::{Deserialize, Deserializer, Serializer};

    pub(crate) fn serialize<S: Serializer>(board: &[Option<ZamaCard>; Square::COUNT], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&board_to_text(board))
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[Option<ZamaCard>; Square::COUNT], D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        board_from_text(&text).map_err(serde::de::Error::custom)
    }
}
