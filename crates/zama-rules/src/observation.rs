//! What one player sees, and determinization from it.

use core::fmt;

use carte_core::{Card, FRENCH_52, HiddenInfo, Seat, SeatError, shuffle};
use rand::Rng;

use crate::card::ZamaCard;
use crate::config::Config;
use crate::game::Zama;
use crate::phase::Phase;
use crate::player::{ByPlayer, Player, PlayerSet};
use crate::setup::Setup;
use crate::square::{CellSet, Square};

/// One occupied cell as a seat sees it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CellView {
    /// The back colour: whose card it is (always visible).
    pub back: Player,
    /// The card, if the player knows it.
    pub card: Option<Card>,
    /// `true` for a face-up K♠.
    pub face_up: bool,
    /// `true` if some other seat knows this card (in a two-player game:
    /// the opponent).
    pub opponent_knows: bool,
    /// Every seat that knows this card, the observer included when it does
    /// (public: battles reveal both cards to every seat, and which card a
    /// peek lifts is seen by all, though not what it is).
    pub known_by: PlayerSet,
}

/// Everything one seat may know of a [`Zama`] state, and nothing else.
///
/// The back of every card; the cards the seat knows, where they are now;
/// which cards each other seat knows (not what they are, unless the
/// observer knows too); the removed cards (eliminated seats' included);
/// whose turn, the phase, the pass and no-removal counters and the
/// configuration.
///
/// `Display` draws the board as this seat sees it. Deserializing checks
/// that the view is consistent: it must be what a legal state shows this
/// seat (the same checks as [`Zama::from_setup`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "ObservationRaw", into = "ObservationRaw"))]
pub struct Observation {
    seat: Player,
    to_move: Player,
    phase: Phase,
    cells: Vec<Option<CellView>>,
    removed: ByPlayer<Vec<Card>>,
    passes: u8,
    quiet_plies: u32,
    config: Config,
}

/// The serialized form of [`Observation`], checked on load: in the
/// notation of the state's own JSON ([`Setup`]), about as small. `board`
/// writes the cards the seat knows as the state does (`rKs`), a card it does
/// not know as its back and `?` (`b?`), an empty cell as `.`; `known` lists
/// for each seat the cells whose card it knows, `face_up` the face-up K♠.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
struct ObservationRaw {
    seat: Player,
    to_move: Player,
    phase: Phase,
    board: String,
    known: ByPlayer<CellSet>,
    face_up: CellSet,
    removed: ByPlayer<Vec<Card>>,
    passes: u8,
    quiet_plies: u32,
    config: Config,
}

/// The token of an unknown card: its back's letter and this.
const UNKNOWN: char = '?';

impl From<Observation> for ObservationRaw {
    fn from(o: Observation) -> ObservationRaw {
        let mut board = String::with_capacity(4 * o.cells.len());
        let (mut known, mut face_up) = (ByPlayer::<CellSet>::default(), CellSet::EMPTY);
        for (i, (sq, cell)) in Square::all().zip(&o.cells).enumerate() {
            if i > 0 {
                board.push_str(if i % usize::from(Square::FILES) == 0 { " / " } else { " " });
            }
            let Some(v) = cell else {
                board.push('.');
                continue;
            };
            match v.card {
                Some(card) => board.push_str(&format!("{:#}", ZamaCard::new(v.back, card))),
                None => {
                    board.push(v.back.letter());
                    board.push(UNKNOWN);
                }
            }
            for c in v.known_by.iter() {
                known[c].insert(sq);
            }
            if v.face_up {
                face_up.insert(sq);
            }
        }
        ObservationRaw {
            seat: o.seat,
            to_move: o.to_move,
            phase: o.phase,
            board,
            known,
            face_up,
            removed: o.removed,
            passes: o.passes,
            quiet_plies: o.quiet_plies,
            config: o.config,
        }
    }
}

impl ObservationRaw {
    /// The cells of `board` as the seat sees them.
    fn cells(&self) -> Result<Vec<Option<CellView>>, String> {
        let tokens = self.board.split_whitespace().filter(|t| *t != "/");
        let mut cells = Vec::with_capacity(Square::COUNT);
        for (sq, token) in Square::all().zip(tokens) {
            let known_by: PlayerSet = Player::ALL.into_iter().filter(|&c| self.known[c].contains(sq)).collect();
            let face_up = self.face_up.contains(sq);
            if token == "." {
                if !known_by.is_empty() || face_up {
                    return Err(format!("the empty cell {sq} is known or face up"));
                }
                cells.push(None);
                continue;
            }
            let (back, card) = match token.strip_suffix(UNKNOWN) {
                Some(letter) => {
                    let mut chars = letter.chars();
                    match (chars.next().and_then(Player::from_letter), chars.next()) {
                        (Some(back), None) => (back, None),
                        _ => return Err(format!("bad cell {sq}: {token:?}")),
                    }
                }
                None => {
                    let card: ZamaCard = token.parse().map_err(|e| format!("bad cell {sq}: {e}"))?;
                    (card.owner(), Some(card.card()))
                }
            };
            if card.is_some() != known_by.contains(self.seat) {
                return Err(format!("cell {sq}: the card is shown if and only if {} knows it", self.seat));
            }
            let opponent_knows = !known_by.without(self.seat).is_empty();
            cells.push(Some(CellView { back, card, face_up, opponent_knows, known_by }));
        }
        if Square::all()
            .skip(cells.len())
            .any(|sq| self.known.iter().any(|(_, k)| k.contains(sq)) || self.face_up.contains(sq))
        {
            return Err("a cell past the board is known or face up".into());
        }
        Ok(cells)
    }
}

/// An observation that no state can give.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad observation: {0}")]
pub struct ObservationError(String);

impl TryFrom<ObservationRaw> for Observation {
    type Error = ObservationError;
    fn try_from(raw: ObservationRaw) -> Result<Observation, ObservationError> {
        let bad = |s: String| Err(ObservationError(s));
        raw.config.validate().map_err(|e| ObservationError(e.to_string()))?;
        let cells = crate::square::cells_of_board(raw.config.players);
        let count = raw.board.split_whitespace().filter(|t| *t != "/").count();
        if count != cells {
            return bad(format!("{count} cells instead of {cells}"));
        }
        if !Player::seats(raw.config.players).contains(&raw.seat) {
            return bad(format!("{} is not a seat of this game", raw.seat));
        }
        let board = raw.cells().map_err(ObservationError)?;
        let mut removed = raw.removed;
        for c in Player::ALL {
            removed[c].sort();
            if removed[c].windows(2).any(|w| w[0] == w[1]) {
                return bad(format!("a removed {c} card is listed twice"));
            }
        }
        let obs = Observation {
            seat: raw.seat,
            to_move: raw.to_move,
            phase: raw.phase,
            cells: board,
            removed,
            passes: raw.passes,
            quiet_plies: raw.quiet_plies,
            config: raw.config,
        };
        let setup = obs.determinize(|_, _| {}).map_err(ObservationError)?;
        let game = Zama::from_setup(&setup).map_err(|e| ObservationError(e.to_string()))?;
        if Observation::of(&game, obs.seat) != obs {
            return bad("it is not what its own sample shows".into());
        }
        Ok(obs)
    }
}

impl Observation {
    pub(crate) fn of(game: &Zama, seat: Player) -> Observation {
        let cells = game
            .squares()
            .map(|sq| {
                game.card_at(sq).map(|card| {
                    let known_by = game.known_by(sq);
                    CellView {
                        back: card.owner(),
                        card: known_by.contains(seat).then_some(card.card()),
                        face_up: game.is_face_up(sq),
                        opponent_knows: !known_by.without(seat).is_empty(),
                        known_by,
                    }
                })
            })
            .collect();
        let mut removed = ByPlayer::<Vec<Card>>::default();
        for card in game.removed() {
            removed[card.owner()].push(card.card());
        }
        Observation {
            seat,
            to_move: game.to_move(),
            phase: game.phase(),
            cells,
            removed,
            passes: game.passes(),
            quiet_plies: game.quiet_plies(),
            config: game.config(),
        }
    }

    /// The observing seat.
    pub fn seat(&self) -> Player {
        self.seat
    }

    /// The seat to move.
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// The phase of the turn.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The cell `sq` as seen: `None` if empty.
    pub fn cell(&self, sq: Square) -> Option<CellView> {
        self.cells.get(sq.index()).copied().flatten()
    }

    /// Every occupied cell, in index order.
    pub fn cells(&self) -> impl Iterator<Item = (Square, CellView)> + '_ {
        Square::board(self.config.players).filter_map(|sq| self.cell(sq).map(|v| (sq, v)))
    }

    /// The number of players (2 or 4).
    pub fn players(&self) -> usize {
        self.config.players
    }

    /// The seats still in the game: those with cards on the board, or the
    /// winner alone once the game is won (Z41, Z62), as
    /// [`Zama::seats_in`](crate::Zama::seats_in).
    pub fn seats_in(&self) -> PlayerSet {
        match self.phase {
            Phase::Over(crate::phase::Ending::Win(w)) => [w].into_iter().collect(),
            _ => self.cells().map(|(_, v)| v.back).collect(),
        }
    }

    /// The cells of `color`'s cards.
    pub fn cells_of(&self, color: Player) -> CellSet {
        self.cells().filter(|(_, v)| v.back == color).map(|(sq, _)| sq).collect()
    }

    /// The removed cards of `color`'s deck, in card order.
    pub fn removed(&self, color: Player) -> &[Card] {
        &self.removed[color]
    }

    /// Forced passes just made in a row.
    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// Consecutive plies without a removal.
    pub fn quiet_plies(&self) -> u32 {
        self.quiet_plies
    }

    /// The variant options.
    pub fn config(&self) -> Config {
        self.config
    }

    /// The cards of `color`'s deck on the board that the observer does not
    /// know, in card order: the candidates for each of `color`'s unknown
    /// cells.
    pub fn unknown_cards(&self, color: Player) -> Vec<Card> {
        let mut out_of_play = [false; 52];
        for c in &self.removed[color] {
            out_of_play[c.index()] = true;
        }
        for (_, v) in self.cells() {
            if let (true, Some(c)) = (v.back == color, v.card) {
                out_of_play[c.index()] = true;
            }
        }
        FRENCH_52.into_iter().filter(|c| !out_of_play[c.index()]).collect()
    }

    /// A full state consistent with this view: the unknown cards of each
    /// seat (in card order, then shuffled by `rng` with carte-core's
    /// `shuffle`, in seat order) on that seat's unknown cells in index
    /// order. Every other seat knows exactly the cards on the cells whose
    /// [`CellView::known_by`] names it.
    pub fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> Zama {
        let setup = self.determinize(|_, cards| shuffle(cards, rng));
        match setup.as_ref().map(Zama::from_setup) {
            Ok(Ok(game)) => game,
            // An `Observation` is checked when built or loaded.
            _ => unreachable!("a checked observation always samples"),
        }
    }

    /// The setup with the unknown cards of each colour, in card order after
    /// `arrange` reordered them, on that colour's unknown cells.
    fn determinize(&self, mut arrange: impl FnMut(Player, &mut [Card])) -> Result<Setup, String> {
        let mut setup = Setup::empty(self.config);
        setup.to_move = self.to_move;
        setup.phase = self.phase;
        setup.passes = self.passes;
        setup.quiet_plies = self.quiet_plies;
        let seats = Player::seats(self.config.players);
        for &color in Player::ALL.iter().filter(|c| !seats.contains(c)) {
            if !self.removed[color].is_empty() || self.cells().any(|(_, v)| v.back == color) {
                return Err(format!("{color} is not a seat of this game"));
            }
        }
        for &color in seats {
            let mut pool = self.unknown_cards(color);
            let holes: Vec<Square> =
                self.cells().filter(|(_, v)| v.back == color && v.card.is_none()).map(|(sq, _)| sq).collect();
            let on_board = self.cells().filter(|(_, v)| v.back == color).count();
            if on_board + self.removed[color].len() != 52 {
                return Err(format!(
                    "{color} has {on_board} cards on the board and {} removed",
                    self.removed[color].len()
                ));
            }
            arrange(color, &mut pool);
            for (sq, card) in holes.into_iter().zip(pool) {
                setup.board[sq.index()] = Some(ZamaCard::new(color, card));
            }
        }
        for (sq, v) in self.cells() {
            if let Some(card) = v.card {
                setup.board[sq.index()] = Some(ZamaCard::new(v.back, card));
                setup.known[self.seat].insert(sq);
            }
            for other in v.known_by.without(self.seat).iter() {
                setup.known[other].insert(sq);
            }
            if v.face_up {
                setup.face_up.insert(sq);
            }
        }
        Ok(setup)
    }
}

/// Writes the file letters above a diagram.
pub(crate) fn write_files(f: &mut fmt::Formatter<'_>) -> fmt::Result {
    write!(f, "   ")?;
    for file in 0..Square::FILES {
        write!(f, "  {}  ", (b'a' + file) as char)?;
    }
    writeln!(f)
}

impl fmt::Display for Observation {
    /// The board as the observer sees it, the top rank (8, or 16 with four
    /// players) first. `rKs` is a card the observer knows, `r??` one they
    /// do not (`b`, `g`, `y` for the other backs); an upper-case owner
    /// letter (`RKs`) marks a face-up K♠ and a trailing `'` a card another
    /// seat knows (the opponent, with two players); `.` is an empty cell.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} to move, phase {} (as {} sees it)", self.to_move, self.phase, self.seat)?;
        write_files(f)?;
        let ranks = if self.config.players == 4 { Square::RANKS_4 } else { Square::RANKS };
        for rank in (0..ranks).rev() {
            write!(f, "{:>2} ", rank + 1)?;
            for file in 0..Square::FILES {
                let sq = Square::new(file, rank).unwrap_or_else(|| unreachable!());
                match self.cell(sq) {
                    None => write!(f, "  .  ")?,
                    Some(v) => {
                        let owner = v.back.letter();
                        let owner = if v.face_up { owner.to_ascii_uppercase() } else { owner };
                        let mark = if v.opponent_knows { '\'' } else { ' ' };
                        match v.card {
                            Some(c) => write!(f, " {owner}{c:#}{mark}")?,
                            None => write!(f, " {owner}??{mark}")?,
                        }
                    }
                }
            }
            writeln!(f, "{:>2}", rank + 1)?;
        }
        let seats_in = self.seats_in();
        for &color in Player::seats(self.config.players) {
            if !seats_in.contains(color) {
                writeln!(f, "removed {color}: all (out of the game)")?;
                continue;
            }
            let list: Vec<String> = self.removed[color].iter().map(|c| format!("{c:#}")).collect();
            writeln!(f, "removed {color}: {}", if list.is_empty() { "none".to_string() } else { list.join(" ") })?;
        }
        write!(f, "plies without removal: {}/{}", self.quiet_plies, self.config.no_removal_limit)
    }
}

impl HiddenInfo for Zama {
    type Observation = Observation;

    /// The view of `seat` (seat 0 Red, 1 Blue, 2 Green, 3 Yellow).
    fn observation(&self, seat: Seat) -> Result<Observation, SeatError> {
        Ok(Observation::of(self, self.color_of_seat(seat)?))
    }

    /// [`Observation::sample`] of `seat`'s observation: built from the view
    /// alone, never from the hidden cards.
    fn sample<R: Rng + ?Sized>(&self, seat: Seat, rng: &mut R) -> Result<Zama, SeatError> {
        Ok(self.observation(seat)?.sample(rng))
    }
}

impl Zama {
    /// The board as `seat` sees it (the `Display` of its observation).
    ///
    /// # Errors
    ///
    /// A [`SeatError`] if the game has no seat `seat` (Green or Yellow in a
    /// two-player game).
    pub fn diagram_for(&self, seat: Player) -> Result<String, SeatError> {
        Ok(self.observation(seat.seat())?.to_string())
    }
}
