//! The unchecked description of a position, and the seeded deal.

use carte_core::{FRENCH_52, deal_rng, shuffle};

use crate::card::ZamaCard;
use crate::config::Config;
use crate::phase::Phase;
use crate::player::{ByPlayer, Player};
use crate::square::{CellSet, Square, cells_of_board};

/// A position described field by field, not yet checked.
///
/// [`Zama::from_setup`](crate::Zama::from_setup) checks it and builds the
/// game state. Knowledge is given by cell: `known[Player::Red]` holds the
/// cells whose card Red knows.
///
/// Serialized with the board as one string of 104 tokens (208 with four
/// players), `a1` first and rank by rank (`/` between ranks is allowed and
/// ignored): `rKs` is a card, `.` an empty cell; `known` as an array of four
/// cell lists in seat order (Green's and Yellow's empty in a two-player
/// game).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Setup {
    /// The card on each cell, by [`Square::index`]: 104 cells for two
    /// players, 208 for four.
    #[cfg_attr(feature = "serde", serde(with = "board_notation"))]
    pub board: Vec<Option<ZamaCard>>,
    /// The player to move.
    pub to_move: Player,
    /// The phase of the turn.
    pub phase: Phase,
    /// The cells whose card each seat knows.
    pub known: ByPlayer<CellSet>,
    /// The cells holding a face-up K♠.
    pub face_up: CellSet,
    /// Forced passes just made in a row (fewer than the seats in while the
    /// game runs).
    pub passes: u8,
    /// Consecutive plies without a removal.
    pub quiet_plies: u32,
    /// The variant options.
    pub config: Config,
}

impl Setup {
    /// An empty board of the configured size, Red to attack, nothing
    /// known. Not a legal state until each seat's K♠ and K♥ are placed.
    pub fn empty(config: Config) -> Setup {
        Setup {
            board: vec![None; cells_of_board(config.players)],
            to_move: Player::Red,
            phase: Phase::Attack,
            known: ByPlayer::default(),
            face_up: CellSet::EMPTY,
            passes: 0,
            quiet_plies: 0,
            config,
        }
    }

    /// The starting position of seed `seed`.
    ///
    /// The deal order, fixed forever: one generator [`deal_rng`]`(seed)`
    /// shuffles the decks in seat order (Red's, then, continuing the same
    /// stream, Blue's, then Green's and Yellow's with four players), each
    /// from the canonical [`FRENCH_52`] order with carte-core's
    /// [`shuffle()`] (so Red's deck is exactly `shuffled(FRENCH_52, seed)`).
    /// Each deck is then laid face down on its seat's cells in increasing
    /// cell index. Two players: cell (file f, rank r) is Red's when f + r is
    /// even (`a1, c1, …, m1, b2, …`), else Blue's (`b1, d1, …, a2, …`).
    /// Four players: cell (f, r) is seat (f + r) mod 4's (Red `a1, e1, i1,
    /// m1, d2, …`, Blue `b1, f1, …, a2, …`, Green `c1, …`, Yellow `d1, …`).
    ///
    /// A configuration that does not validate deals the two-player game
    /// (see [`Zama::new`](crate::Zama::new) for the checked constructor).
    pub fn deal(config: Config, seed: u64) -> Setup {
        let seats = Player::seats(config.players);
        let mut rng = deal_rng(seed);
        let mut decks: ByPlayer<[carte_core::Card; 52]> = ByPlayer::from_array([FRENCH_52; 4]);
        for &c in seats {
            shuffle(&mut decks[c], &mut rng);
        }
        let mut next: ByPlayer<usize> = ByPlayer::default();
        let mut setup = Setup::empty(config);
        let players = seats.len();
        for sq in Square::board(players) {
            let c = sq.deal_seat(players);
            setup.board[sq.index()] = Some(ZamaCard::new(c, decks[c][next[c]]));
            next[c] += 1;
        }
        setup
    }

    /// The number of players the board is laid out for (2 or 4), by the
    /// configuration.
    pub fn players(&self) -> usize {
        self.config.players
    }

    /// Puts `card` on `sq` (replacing what was there); a cell past the
    /// board is ignored (and the card is not placed).
    pub fn place(&mut self, sq: Square, card: ZamaCard) -> &mut Setup {
        if let Some(cell) = self.board.get_mut(sq.index()) {
            *cell = Some(card);
        }
        self
    }
}

/// Writes a board: tokens separated by spaces, ranks by ` / `.
pub(crate) fn board_to_text(board: &[Option<ZamaCard>]) -> String {
    let mut s = String::with_capacity(5 * board.len());
    for (i, cell) in board.iter().enumerate() {
        if i > 0 {
            s.push_str(if i % 13 == 0 { " / " } else { " " });
        }
        match cell {
            Some(c) => s.push_str(&format!("{c:#}")),
            None => s.push('.'),
        }
    }
    s
}

/// Reads a board written by [`board_to_text`] (for deserializing): 104 or
/// 208 cells (whether the number fits the configuration is checked by
/// [`Zama::from_setup`](crate::Zama::from_setup)).
#[cfg(feature = "serde")]
pub(crate) fn board_from_text(text: &str) -> Result<Vec<Option<ZamaCard>>, crate::SetupError> {
    let mut board = Vec::with_capacity(Square::COUNT);
    for token in text.split_whitespace().filter(|t| *t != "/") {
        let n = board.len();
        if n == Square::COUNT {
            return Err(crate::SetupError::Board { index: n, reason: "more than 208 cells".into() });
        }
        board.push(if token == "." {
            None
        } else {
            Some(token.parse().map_err(|e| crate::SetupError::Board { index: n, reason: format!("{e}") })?)
        });
    }
    if board.len() != 104 && board.len() != 208 {
        return Err(crate::SetupError::Board { index: board.len(), reason: "a board has 104 or 208 cells".into() });
    }
    Ok(board)
}

/// The board as a string of 104 tokens.
#[cfg(feature = "serde")]
mod board_notation {
    use super::*;
    use serde::{Deserialize, Deserializer, Serializer};

    pub(crate) fn serialize<S: Serializer>(board: &[Option<ZamaCard>], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&board_to_text(board))
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Option<ZamaCard>>, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        board_from_text(&text).map_err(serde::de::Error::custom)
    }
}
