//! The game state, move generation and the rules of a turn.

use core::fmt;

use carte_core::{Actor, Card, FRENCH_52, Game, Outcome, Seeded, below, deal_rng, shuffle};
use rand::Rng;

use crate::battle::{Battle, battle};
use crate::card::ZamaCard;
use crate::color::{ByColor, Color};
use crate::config::{Config, ConfigError};
use crate::error::{IllegalMove, SetupError};
use crate::moves::Move;
use crate::phase::{DrawReason, Ending, Phase};
use crate::setup::Setup;
use crate::square::{BOARD, Bits, CellSet, NOT_FILE_M, Ranked, Square, neighbours, nth_bit, ranked_cells};

/// Marks an empty cell in [`Zama::cells`].
const EMPTY: u8 = 0xFF;

/// A Zama game in progress: always a legal state.
///
/// Built from a seed ([`Zama::new`], [`Seeded::from_seed`]) or from a
/// checked [`Setup`] ([`Zama::from_setup`]); changed only by legal moves
/// ([`Game::apply`]). It knows the whole truth, including what each player
/// knows; [`HiddenInfo::observation`](carte_core::HiddenInfo::observation)
/// gives one player's view.
///
/// Serialized as its [`Setup`]; deserializing checks everything.
///
/// ```
/// use carte_core::{Game, HiddenInfo, Seat};
/// use zama_rules::{Color, Config, Zama};
///
/// let mut game = Zama::new(Config::default(), 7);
/// assert_eq!(game.to_move(), Color::Red);
/// game.apply("a1xb1".parse()?)?;
/// // Both cards of the battle are now public: on the board or removed.
/// let view = game.observation(Seat::new(1))?;
/// let known = view.cells().filter(|(_, c)| c.card.is_some()).count();
/// let removed = view.removed(Color::Red).len() + view.removed(Color::Blue).len();
/// assert_eq!(known + removed, 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "Setup", into = "Setup"))]
pub struct Zama {
    /// The card index on each cell, or [`EMPTY`].
    pub(crate) cells: [u8; Square::COUNT],
    /// The cells holding each colour's cards.
    pub(crate) backs: ByColor<u128>,
    /// The cards (by [`ZamaCard::index`]) each player knows, on-board only.
    pub(crate) known: ByColor<u128>,
    /// The cards (by index) that left the board.
    pub(crate) removed: u128,
    /// The cells of face-up K♠s.
    pub(crate) face_up: u128,
    pub(crate) phase: Phase,
    pub(crate) to_move: Color,
    pub(crate) passes: u8,
    pub(crate) quiet: u16,
    pub(crate) config: Config,
}

impl Zama {
    /// The starting position of `seed` (see [`Setup::deal`] for the order).
    ///
    /// # Panics
    ///
    /// Panics if `config` is invalid (a zero draw limit); use
    /// [`Seeded::from_seed`] to get an error instead.
    pub fn new(config: Config, seed: u64) -> Zama {
        if let Err(e) = config.validate() {
            panic!("{e}");
        }
        // The order of `Setup::deal`, without the checks a deal cannot fail.
        let mut rng = deal_rng(seed);
        // Red's deck, then Blue's.
        let mut decks = [FRENCH_52[0]; 104];
        decks[..52].copy_from_slice(&FRENCH_52);
        decks[52..].copy_from_slice(&FRENCH_52);
        let (red, blue) = decks.split_at_mut(52);
        shuffle(red, &mut rng);
        shuffle(blue, &mut rng);
        let mut cells = [EMPTY; Square::COUNT];
        for (cell, &slot) in cells.iter_mut().zip(DEAL_SLOTS.iter()) {
            // A card's index is its owner's offset plus its index in the deck.
            *cell = if slot < 52 { 0 } else { 52 } + decks[usize::from(slot)].index() as u8;
        }
        let red_cells = DEAL_RED;
        Zama {
            cells,
            backs: ByColor { red: red_cells, blue: BOARD & !red_cells },
            known: ByColor::default(),
            removed: 0,
            face_up: 0,
            phase: Phase::Attack,
            to_move: Color::Red,
            passes: 0,
            quiet: 0,
            config,
        }
    }

    /// Checks `setup` and builds the state.
    ///
    /// # Errors
    ///
    /// A [`SetupError`] naming the first problem: a bad configuration, a card
    /// on two cells, a missing K♠ or K♥, knowledge of an empty cell, a
    /// face-up cell that is no K♠ known to both, a pass count, a no-removal
    /// count at the limit, or a phase that cannot occur on this board (a
    /// shift phase with three shifts made or none possible, a peek phase
    /// with nothing left to peek).
    pub fn from_setup(setup: &Setup) -> Result<Zama, SetupError> {
        setup.config.validate()?;
        let mut game = Zama {
            cells: [EMPTY; Square::COUNT],
            backs: ByColor::default(),
            known: ByColor::default(),
            removed: 0,
            face_up: 0,
            phase: setup.phase,
            to_move: setup.to_move,
            passes: setup.passes,
            quiet: setup.quiet_plies,
            config: setup.config,
        };
        let mut on_board = 0u128;
        for sq in Square::all() {
            if let Some(card) = setup.board[sq.index()] {
                if on_board & card.bit() != 0 {
                    return Err(SetupError::DuplicateCard { card });
                }
                on_board |= card.bit();
                game.cells[sq.index()] = card.index() as u8;
                game.backs[card.owner()] |= sq.bit();
            }
        }
        game.removed = ALL_CARDS & !on_board;
        for c in Color::ALL {
            for card in [ZamaCard::king_of_spades(c), ZamaCard::king_of_hearts(c)] {
                if on_board & card.bit() == 0 {
                    return Err(SetupError::MissingKing { card });
                }
            }
        }
        for color in Color::ALL {
            for cell in setup.known[color] {
                let card = game.card_at(cell).ok_or(SetupError::KnownEmpty { color, cell })?;
                game.known[color] |= card.bit();
            }
        }
        for cell in setup.face_up {
            match game.card_at(cell) {
                Some(card) if card.is_king_of_spades() && game.known.red & game.known.blue & card.bit() != 0 => {
                    game.face_up |= cell.bit();
                }
                _ => return Err(SetupError::BadFaceUp { cell }),
            }
        }
        let over = matches!(setup.phase, Phase::Over(_));
        if !over && (setup.passes > 1 || (setup.passes > 0 && setup.phase != Phase::Attack)) || setup.passes > 2 {
            return Err(SetupError::Passes { passes: setup.passes });
        }
        if !over && setup.quiet_plies >= setup.config.no_removal_limit {
            return Err(SetupError::QuietPlies { plies: setup.quiet_plies, limit: setup.config.no_removal_limit });
        }
        let phase_error = |reason| Err(SetupError::Phase { reason });
        match setup.phase {
            Phase::Shift { shifted } => {
                if shifted.0 & !game.occupied() != 0 {
                    return phase_error("a shifted cell is empty");
                }
                if shifted.len() >= 3 {
                    return phase_error("three shifts end the sequence");
                }
                if !game.can_shift(shifted.0) {
                    return phase_error("a shift phase with no shift possible has ended");
                }
            }
            Phase::Peek { peeked } => {
                if let Some(cell) = peeked {
                    match game.card_at(cell) {
                        Some(card) if game.known[game.to_move] & card.bit() != 0 && !game.is_face_up(cell) => {}
                        _ => return phase_error("the peeked cell holds no face-down card the mover knows"),
                    }
                }
                if game.peek_targets(peeked) == 0 {
                    return phase_error("a peek phase with nothing to peek has ended");
                }
            }
            Phase::Attack | Phase::Over(_) => {}
        }
        Ok(game)
    }

    /// The unchecked description of this state; `from_setup` of it gives
    /// the state back.
    pub fn to_setup(&self) -> Setup {
        let mut setup = Setup::empty(self.config);
        for sq in Square::all() {
            if let Some(card) = self.card_at(sq) {
                setup.board[sq.index()] = Some(card);
                for color in Color::ALL {
                    if self.known[color] & card.bit() != 0 {
                        setup.known[color].insert(sq);
                    }
                }
            }
        }
        setup.to_move = self.to_move;
        setup.phase = self.phase;
        setup.face_up = CellSet(self.face_up);
        setup.passes = self.passes;
        setup.quiet_plies = self.quiet;
        setup
    }

    /// The player to move (after the game ends: the player who would have).
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The phase of the turn.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// How the game ended, once over.
    pub fn ending(&self) -> Option<Ending> {
        match self.phase {
            Phase::Over(e) => Some(e),
            _ => None,
        }
    }

    /// The variant options.
    pub fn config(&self) -> Config {
        self.config
    }

    /// Forced passes just made in a row (a second one draws).
    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// Consecutive plies without a removal (the game is drawn when this
    /// reaches [`Config::no_removal_limit`]).
    pub fn quiet_plies(&self) -> u16 {
        self.quiet
    }

    /// The card on `sq`, if any.
    #[inline]
    pub fn card_at(&self, sq: Square) -> Option<ZamaCard> {
        ZamaCard::from_index(usize::from(self.cells[sq.index()]))
    }

    /// The back colour of the card on `sq`, if any (what everybody sees).
    pub fn back_at(&self, sq: Square) -> Option<Color> {
        Color::ALL.into_iter().find(|&c| self.backs[c] & sq.bit() != 0)
    }

    /// The cells holding `color`'s cards.
    pub fn cells_of(&self, color: Color) -> CellSet {
        CellSet(self.backs[color])
    }

    /// The cells holding a card.
    pub fn occupied_cells(&self) -> CellSet {
        CellSet(self.occupied())
    }

    /// `true` if `seat` knows the card on `sq` (false for an empty cell).
    pub fn knows(&self, seat: Color, sq: Square) -> bool {
        self.card_at(sq).is_some_and(|c| self.known[seat] & c.bit() != 0)
    }

    /// `true` if `card` is on the board and `seat` knows it.
    pub fn knows_card(&self, seat: Color, card: ZamaCard) -> bool {
        self.known[seat] & card.bit() != 0
    }

    /// `true` if the card on `sq` is a face-up K♠.
    pub fn is_face_up(&self, sq: Square) -> bool {
        self.face_up & sq.bit() != 0
    }

    /// `true` if `card` has left the board.
    pub fn is_removed(&self, card: ZamaCard) -> bool {
        self.removed & card.bit() != 0
    }

    /// The cards that left the board, in index order.
    pub fn removed(&self) -> impl Iterator<Item = ZamaCard> + '_ {
        ZamaCard::all().filter(|c| self.is_removed(*c))
    }

    /// The cell of `card`, if on the board.
    pub fn cell_of(&self, card: ZamaCard) -> Option<Square> {
        if self.is_removed(card) {
            return None;
        }
        self.cells.iter().position(|&c| usize::from(c) == card.index()).and_then(Square::from_index)
    }

    /// The result `mv` would have if it is a legal attack.
    pub fn battle_of(&self, mv: Move) -> Option<Battle> {
        match mv {
            Move::Attack { from, to } if self.check(mv).is_ok() => {
                Some(battle(self.card_at(from)?.card(), self.card_at(to)?.card()))
            }
            _ => None,
        }
    }

    #[inline(always)]
    pub(crate) fn occupied(&self) -> u128 {
        self.backs.red | self.backs.blue
    }

    /// The mover's attacks as pairs of cells.
    #[inline(always)]
    fn attack_pairs(&self) -> Pairs {
        let own = self.backs[self.to_move];
        Pairs::new(own, self.backs[self.to_move.other()], own)
    }

    /// The shifts open as pairs of cells, `shifted` excluded.
    #[inline(always)]
    fn shift_pairs(&self, shifted: u128) -> Pairs {
        let occ = self.occupied();
        Pairs::new(occ & !shifted, BOARD & !occ, occ)
    }

    #[inline(always)]
    fn can_shift(&self, shifted: u128) -> bool {
        let occ = self.occupied();
        neighbours(occ & !shifted) & !occ & BOARD != 0
    }

    #[inline(always)]
    pub(crate) fn peek_targets(&self, peeked: Option<Square>) -> u128 {
        let first = peeked.map_or(0, Square::bit);
        self.occupied() & !self.face_up & !first
    }

    /// `true` if the mover has at least one attack.
    pub fn has_attack(&self) -> bool {
        let own = self.backs[self.to_move];
        neighbours(own) & self.backs[self.to_move.other()] != 0
    }

    /// The number of legal moves (the length of
    /// [`legal_moves`](Game::legal_moves)), without listing them.
    pub fn count_moves(&self) -> u32 {
        self.move_sets().count()
    }

    /// The legal move of index `k` in [`legal_moves`](Game::legal_moves)
    /// order, without listing them; `None` if `k` is out of range.
    pub fn nth_move(&self, k: u32) -> Option<Move> {
        self.move_sets().nth(k)
    }

    /// A uniformly random legal move, `None` once the game is over.
    ///
    /// Draws `below(rng, count)` exactly as carte-core's `RandomPlayer` does
    /// over [`legal_moves`](Game::legal_moves), so both pick the same move
    /// from the same generator; this one lists nothing.
    #[inline]
    pub fn random_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Move> {
        match self.phase {
            Phase::Over(_) => None,
            Phase::Attack => {
                let pairs = self.attack_pairs();
                let ranked = pairs.ranked();
                let n = ranked.count();
                let k = below(rng, n.max(1));
                Some(if k < n {
                    let (from, to) = pairs.select(&ranked, k);
                    Move::Attack { from, to }
                } else {
                    Move::Pass
                })
            }
            Phase::Shift { shifted } => {
                let pairs = self.shift_pairs(shifted.0);
                let ranked = pairs.ranked();
                let n = ranked.count();
                let k = below(rng, n + 1);
                Some(if k < n {
                    let (from, to) = pairs.select(&ranked, k);
                    Move::Shift { from, to }
                } else {
                    Move::End
                })
            }
            Phase::Peek { peeked } => {
                let ranked = ranked_cells(self.peek_targets(peeked));
                let n = ranked.count();
                let k = below(rng, n + 1);
                Some(if k < n { Move::Peek { at: Square::from_bit_index(ranked.select(k)) } } else { Move::End })
            }
        }
    }

    /// Plays the move [`random_move`](Zama::random_move) draws and returns
    /// it; `None` (and nothing changes) once the game is over.
    ///
    /// The fast path of random play-outs: the move is legal by
    /// construction, so it is not checked again as [`Game::apply`] would.
    #[inline]
    pub fn play_random_move<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Option<Move> {
        let mv = self.random_move(rng)?;
        debug_assert_eq!(self.check(mv), Ok(()), "random_move drew an illegal move");
        self.play(mv);
        Some(mv)
    }

    /// The legal moves as bit sets.
    #[inline(always)]
    fn move_sets(&self) -> MoveSets {
        match self.phase {
            Phase::Over(_) => MoveSets::None,
            Phase::Attack => MoveSets::Attacks(self.attack_pairs()),
            Phase::Shift { shifted } => MoveSets::Shifts(self.shift_pairs(shifted.0)),
            Phase::Peek { peeked } => MoveSets::Peeks(self.peek_targets(peeked)),
        }
    }

    /// Checks `mv` without playing it.
    ///
    /// # Errors
    ///
    /// The [`IllegalMove`] that [`apply`](Game::apply) would return.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        let me = self.to_move;
        match (self.phase, mv) {
            (Phase::Over(_), _) => Err(IllegalMove::GameOver { mv }),
            (Phase::Attack, Move::Attack { from, to }) => {
                // The common case, a legal attack, costs three bit tests.
                if self.backs[me] & from.bit() != 0
                    && self.backs[me.other()] & to.bit() != 0
                    && neighbours(from.bit()) & to.bit() != 0
                {
                    return Ok(());
                }
                let a = self.card_at(from).ok_or(IllegalMove::EmptyCell { mv, cell: from })?;
                if a.owner() != me {
                    return Err(IllegalMove::NotOwnCard { mv, cell: from, color: me });
                }
                if !from.is_adjacent(to) {
                    return Err(IllegalMove::NotAdjacent { mv, from, to });
                }
                let d = self.card_at(to).ok_or(IllegalMove::EmptyCell { mv, cell: to })?;
                if d.owner() == me {
                    return Err(IllegalMove::NotEnemyCard { mv, cell: to });
                }
                Ok(())
            }
            (Phase::Attack, Move::Pass) => {
                if self.has_attack() {
                    Err(IllegalMove::MayNotPass { mv, color: me })
                } else {
                    Ok(())
                }
            }
            (Phase::Shift { shifted }, Move::Shift { from, to }) => {
                let occ = self.occupied();
                if occ & !shifted.0 & from.bit() != 0 && occ & to.bit() == 0 && neighbours(from.bit()) & to.bit() != 0 {
                    return Ok(());
                }
                if self.occupied() & from.bit() == 0 {
                    return Err(IllegalMove::EmptyCell { mv, cell: from });
                }
                if shifted.contains(from) {
                    return Err(IllegalMove::AlreadyShifted { mv, cell: from });
                }
                if !from.is_adjacent(to) {
                    return Err(IllegalMove::NotAdjacent { mv, from, to });
                }
                if self.occupied() & to.bit() != 0 {
                    return Err(IllegalMove::Occupied { mv, cell: to });
                }
                Ok(())
            }
            (Phase::Peek { peeked }, Move::Peek { at }) => {
                if self.occupied() & at.bit() == 0 {
                    return Err(IllegalMove::EmptyCell { mv, cell: at });
                }
                if self.is_face_up(at) {
                    return Err(IllegalMove::FaceUp { mv, cell: at });
                }
                if peeked == Some(at) {
                    return Err(IllegalMove::AlreadyPeeked { mv, cell: at });
                }
                Ok(())
            }
            (Phase::Shift { .. } | Phase::Peek { .. }, Move::End) => Ok(()),
            (phase, _) => Err(IllegalMove::WrongPhase { mv, phase }),
        }
    }

    /// Plays a move already known to be legal.
    #[inline]
    fn play(&mut self, mv: Move) {
        self.quiet = self.quiet.saturating_add(1);
        match mv {
            Move::Attack { from, to } => {
                self.passes = 0;
                let (a, d) = (self.card_unchecked(from), self.card_unchecked(to));
                let both = a.bit() | d.bit();
                self.known.red |= both;
                self.known.blue |= both;
                if a.is_king_of_spades() {
                    self.face_up |= from.bit();
                }
                if d.is_king_of_spades() {
                    self.face_up |= to.bit();
                }
                let result = BATTLES[usize::from(a.index() as u8 % 52) * 52 + usize::from(d.index() as u8 % 52)];
                if result.removes_attacker() {
                    self.remove(from, a);
                }
                if result.removes_defender() {
                    self.remove(to, d);
                }
                if result == Battle::GameWon {
                    self.phase = Phase::Over(Ending::Win(self.to_move));
                    return;
                } else if result.gives_shifts() {
                    self.phase = Phase::Shift { shifted: CellSet::EMPTY };
                    if !self.can_shift(0) {
                        self.end_turn();
                    }
                } else if result.gives_peeks() {
                    self.phase = Phase::Peek { peeked: None };
                    if self.peek_targets(None) == 0 {
                        self.end_turn();
                    }
                } else {
                    self.end_turn();
                }
            }
            Move::Shift { from, to } => {
                let i = self.cells[from.index()];
                self.cells[from.index()] = EMPTY;
                self.cells[to.index()] = i;
                let mask = from.bit() | to.bit();
                let owner = if i < 52 { Color::Red } else { Color::Blue };
                self.backs[owner] ^= mask;
                if self.face_up & from.bit() != 0 {
                    self.face_up ^= mask;
                }
                let Phase::Shift { shifted } = self.phase else { unreachable!("checked shift phase") };
                let shifted = (shifted.0 & !from.bit()) | to.bit();
                // Three shifts made: `shifted` (not empty) has a third bit.
                let two_fewer = shifted & (shifted - 1);
                if two_fewer & (two_fewer.wrapping_sub(1)) != 0 || !self.can_shift(shifted) {
                    self.end_turn();
                } else {
                    self.phase = Phase::Shift { shifted: CellSet(shifted) };
                }
            }
            Move::Peek { at } => {
                let card = self.card_unchecked(at);
                self.known[self.to_move] |= card.bit();
                match self.phase {
                    Phase::Peek { peeked: None } if self.peek_targets(Some(at)) != 0 => {
                        self.phase = Phase::Peek { peeked: Some(at) };
                    }
                    _ => self.end_turn(),
                }
            }
            Move::End => self.end_turn(),
            Move::Pass => {
                self.passes += 1;
                if self.passes >= 2 {
                    self.phase = Phase::Over(Ending::Draw(DrawReason::TwoPasses));
                    return;
                }
                self.end_turn();
            }
        }
        if self.quiet >= self.config.no_removal_limit {
            self.phase = Phase::Over(Ending::Draw(DrawReason::NoRemoval));
        }
    }

    #[inline(always)]
    fn card_unchecked(&self, sq: Square) -> ZamaCard {
        match ZamaCard::from_index(usize::from(self.cells[sq.index()])) {
            Some(c) => c,
            None => unreachable!("a checked move names an occupied cell"),
        }
    }

    #[inline(always)]
    fn remove(&mut self, sq: Square, card: ZamaCard) {
        self.cells[sq.index()] = EMPTY;
        self.backs[card.owner()] &= !sq.bit();
        self.known.red &= !card.bit();
        self.known.blue &= !card.bit();
        self.face_up &= !sq.bit();
        self.removed |= card.bit();
        self.quiet = 0;
    }

    #[inline(always)]
    fn end_turn(&mut self) {
        self.to_move = self.to_move.other();
        self.phase = Phase::Attack;
    }

    /// The whole truth as a diagram (every card shown; see
    /// [`Observation`](crate::Observation)'s `Display` for one player's view).
    pub fn diagram(&self) -> String {
        self.to_string()
    }
}

/// Moves between two neighbouring cells (attacks, shifts) as two sets of
/// pairs: `h` holds the left cell of each horizontal pair, `v` the lower
/// cell of each vertical pair. A pair is one move: from the low cell to the
/// high one if the low cell is in `from_low`, else the other way.
///
/// Moves from `x` to its east neighbour and from the east neighbour to `x`
/// can never both be open (one needs `x` to hold a mover's card, the other
/// an enemy card or a hole), so one bit per pair suffices and a count takes
/// two popcounts instead of four.
#[derive(Copy, Clone)]
struct Pairs {
    h: u128,
    v: u128,
    from_low: u128,
}

impl Pairs {
    /// The pairs with a `src` cell next to a `dst` cell; `from_low` tells
    /// which end holds the `src` cell (it must contain `src` and miss `dst`).
    #[inline(always)]
    fn new(src: u128, dst: u128, from_low: u128) -> Pairs {
        let h = NOT_FILE_M & ((src & (dst >> 1)) | (dst & (src >> 1)));
        let v = (src & (dst >> 13)) | (dst & (src >> 13));
        Pairs { h, v, from_low }
    }

    #[inline(always)]
    fn count(&self) -> u32 {
        self.ranked().count()
    }

    /// The pairs ranked for counting and selection: horizontal pairs
    /// (bits `0..128`), then vertical ones (bits `128..`).
    #[inline(always)]
    fn ranked(&self) -> Ranked<4> {
        Ranked::new([self.h as u64, (self.h >> 64) as u64, self.v as u64, (self.v >> 64) as u64])
    }

    /// Pair `k` of `ranked` (this set's ranking), `k` below its count.
    #[inline(always)]
    fn select(&self, ranked: &Ranked<4>, k: u32) -> (Square, Square) {
        let i = ranked.select(k);
        let step = if i < 128 { 1 } else { 13 };
        self.ends(Square::from_bit_index(i & 127), step)
    }

    /// The (from, to) cells of the low cell `lo` of a pair `step` apart.
    #[inline(always)]
    fn ends(&self, lo: Square, step: u32) -> (Square, Square) {
        // Branch-free: which way a pair points is a coin flip at the deal.
        let lo = lo.index() as u32;
        let up = ((self.from_low >> lo) & 1) as u32 ^ 1;
        (Square::from_bit_index(lo + up * step), Square::from_bit_index(lo + (up ^ 1) * step))
    }

    /// Pair `k` of `n` (the count): horizontal pairs by left cell, then
    /// vertical pairs by lower cell; `None` if `k >= n`.
    #[inline(always)]
    fn nth(&self, k: u32, n: u32) -> Option<(Square, Square)> {
        (k < n).then(|| self.select(&self.ranked(), k))
    }

    /// Appends every pair, in [`nth`](Pairs::nth) order, made into moves.
    #[inline(always)]
    fn push(&self, out: &mut Vec<Move>, make: impl Fn(Square, Square) -> Move) {
        out.reserve(self.count() as usize);
        // Word by word: 64-bit bit scans and shifts, not 128-bit ones.
        for (set, step) in [(self.h, 1u32), (self.v, 13)] {
            for base in [0u32, 64] {
                let mut w = (set >> base) as u64;
                let from_low = (self.from_low >> base) as u64;
                while w != 0 {
                    let i = w.trailing_zeros();
                    w &= w - 1;
                    let lo = base + i;
                    let up = ((from_low >> i) & 1) as u32 ^ 1;
                    out.push(make(
                        Square::from_bit_index(lo + up * step),
                        Square::from_bit_index(lo + (up ^ 1) * step),
                    ));
                }
            }
        }
    }
}

/// The legal moves of a state as bit sets, in `legal_moves` order.
#[derive(Copy, Clone)]
enum MoveSets {
    /// Game over.
    None,
    /// Attacks; `pass` alone if there is none.
    Attacks(Pairs),
    /// Shifts, then `end`.
    Shifts(Pairs),
    /// Peek targets, then `end`.
    Peeks(u128),
}

impl MoveSets {
    #[inline(always)]
    fn count(&self) -> u32 {
        match self {
            MoveSets::None => 0,
            MoveSets::Attacks(p) => p.count().max(1),
            MoveSets::Shifts(p) => p.count() + 1,
            MoveSets::Peeks(t) => t.count_ones() + 1,
        }
    }

    #[inline(always)]
    fn nth(&self, k: u32) -> Option<Move> {
        match self {
            MoveSets::None => None,
            MoveSets::Attacks(p) => {
                let n = p.count();
                if n == 0 {
                    return (k == 0).then_some(Move::Pass);
                }
                p.nth(k, n).map(|(from, to)| Move::Attack { from, to })
            }
            MoveSets::Shifts(p) => {
                let n = p.count();
                match p.nth(k, n) {
                    Some((from, to)) => Some(Move::Shift { from, to }),
                    None => (k == n).then_some(Move::End),
                }
            }
            MoveSets::Peeks(t) => {
                let n = t.count_ones();
                match k.cmp(&n) {
                    core::cmp::Ordering::Less => Some(Move::Peek { at: nth_bit(*t, k) }),
                    core::cmp::Ordering::Equal => Some(Move::End),
                    core::cmp::Ordering::Greater => None,
                }
            }
        }
    }
}

/// For each cell in deal order, where its card comes from in Red's deck
/// followed by Blue's: the deal lays each colour's deck in order on that
/// colour's cells.
const DEAL_SLOTS: [u8; Square::COUNT] = {
    let mut t = [0u8; Square::COUNT];
    let mut next = [0u8, 52];
    let mut i = 0;
    while i < Square::COUNT {
        let c = match Square::from_index(i) {
            Some(sq) => sq.deal_color() as usize,
            None => unreachable!(),
        };
        t[i] = next[c];
        next[c] += 1;
        i += 1;
    }
    t
};

/// The cells dealt to Red.
const DEAL_RED: u128 = {
    let mut b = 0u128;
    let mut i = 0;
    while i < Square::COUNT {
        if DEAL_SLOTS[i] < 52 {
            b |= 1 << i;
        }
        i += 1;
    }
    b
};

/// [`battle`] of every attacker (by card index, times 52) and defender.
static BATTLES: [Battle; 52 * 52] = {
    let mut t = [Battle::Tie; 52 * 52];
    let mut i = 0;
    while i < 52 * 52 {
        t[i] = match (Card::from_index(i / 52), Card::from_index(i % 52)) {
            (Some(a), Some(d)) => battle(a, d),
            _ => unreachable!(),
        };
        i += 1;
    }
    t
};

/// Every card index.
const ALL_CARDS: u128 = (1u128 << 104) - 1;

/// The cells of a bitboard.
#[inline(always)]
fn bits(b: u128) -> Bits {
    CellSet(b).iter()
}

impl Game for Zama {
    type Move = Move;
    type Error = IllegalMove;

    fn num_seats(&self) -> usize {
        2
    }

    fn actor(&self) -> Actor {
        match self.phase {
            Phase::Over(_) => Actor::Nobody,
            _ => Actor::Seat(self.to_move.seat()),
        }
    }

    /// In the attack phase: every attack between horizontal neighbours by
    /// increasing left cell, then between vertical neighbours by increasing
    /// lower cell; `pass` alone when there is none. In the shift phase:
    /// every shift in the same order, then `end`. In the peek phase: every
    /// peek by increasing cell, then `end`.
    fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        match self.phase {
            Phase::Over(_) => {}
            Phase::Attack => {
                let pairs = self.attack_pairs();
                if pairs.count() == 0 {
                    out.push(Move::Pass);
                } else {
                    pairs.push(out, |from, to| Move::Attack { from, to });
                }
            }
            Phase::Shift { shifted } => {
                self.shift_pairs(shifted.0).push(out, |from, to| Move::Shift { from, to });
                out.push(Move::End);
            }
            Phase::Peek { peeked } => {
                out.extend(bits(self.peek_targets(peeked)).map(|at| Move::Peek { at }));
                out.push(Move::End);
            }
        }
    }

    fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    fn apply(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.check(mv)?;
        self.play(mv);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.phase {
            Phase::Over(Ending::Win(c)) => Some(Outcome::win(2, c.seat())),
            Phase::Over(Ending::Draw(_)) => Some(Outcome::draw(2)),
            _ => None,
        }
    }
}

impl Seeded for Zama {
    type Config = Config;
    type ConfigError = ConfigError;

    fn from_seed(config: &Config, seed: u64) -> Result<Zama, ConfigError> {
        config.validate()?;
        Ok(Zama::new(*config, seed))
    }
}

impl TryFrom<Setup> for Zama {
    type Error = SetupError;
    fn try_from(setup: Setup) -> Result<Zama, SetupError> {
        Zama::from_setup(&setup)
    }
}

impl From<Zama> for Setup {
    fn from(game: Zama) -> Setup {
        game.to_setup()
    }
}

impl fmt::Display for Zama {
    /// The board with every card shown: `rKs` a card, `RKs` a face-up K♠,
    /// `.` an empty cell; rank 8 on top.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} to move, phase {}", self.to_move, self.phase)?;
        crate::observation::write_files(f)?;
        for rank in (0..Square::RANKS).rev() {
            write!(f, "{:>2} ", rank + 1)?;
            for file in 0..Square::FILES {
                let sq = Square::new(file, rank).unwrap_or_else(|| unreachable!());
                match self.card_at(sq) {
                    None => write!(f, "  .  ")?,
                    Some(c) => {
                        let owner = c.owner().letter();
                        let owner = if self.is_face_up(sq) { owner.to_ascii_uppercase() } else { owner };
                        write!(f, " {owner}{:#} ", c.card())?
                    }
                }
            }
            writeln!(f, "{:>2}", rank + 1)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Zama {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let setup = self.to_setup();
        f.debug_struct("Zama")
            .field("board", &crate::setup::board_to_text(&setup.board))
            .field("to_move", &setup.to_move)
            .field("phase", &setup.phase)
            .field("known", &setup.known)
            .field("face_up", &setup.face_up)
            .field("passes", &setup.passes)
            .field("quiet_plies", &setup.quiet_plies)
            .field("config", &setup.config)
            .finish()
    }
}
