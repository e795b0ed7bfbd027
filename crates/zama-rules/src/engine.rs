//! The rules of a turn, once, generic over the board: `Engine<Two, 2, 104>`
//! plays the two-player game on a `u128`, `Engine<Four, 4, 208>` the
//! four-player game on a [`U256`](crate::bits::U256).

use carte_core::{Card, FRENCH_52, Outcome, below, deal_rng, shuffle, transpose_4x16};
use rand::Rng;

use crate::battle::{Battle, battle};
use crate::bits::{BitBoard, Geometry, Rank, neighbours};
use crate::card::ZamaCard;
use crate::config::Config;
use crate::error::{IllegalMove, SetupError};
use crate::list;
use crate::moves::Move;
use crate::phase::{DrawReason, Ending, Phase};
use crate::player::{Player, PlayerSet};
use crate::setup::Setup;
use crate::square::{CellSet, Square};

/// Marks an empty cell in [`Engine::cells`].
pub(crate) const EMPTY: u8 = 0xFF;

/// The phase, with the shifted cells as the engine's own bit board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Ph<B> {
    Attack,
    Shift(B),
    Peek(Option<Square>),
    Over(Ending),
}

/// A game state on board `G` with `S` seats and `C` cells.
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct Engine<G: Geometry, const S: usize, const C: usize> {
    /// The card index on each cell, or [`EMPTY`].
    pub(crate) cells: [u8; C],
    /// The cells holding each seat's cards.
    pub(crate) backs: [G::B; S],
    /// The cards (by [`ZamaCard::index`]) each seat knows, on-board only.
    pub(crate) known: [G::B; S],
    /// The cards (by index) that left the board.
    pub(crate) removed: G::B,
    /// The cells of face-up K♠s.
    pub(crate) face_up: G::B,
    pub(crate) phase: Ph<G::B>,
    pub(crate) to_move: u8,
    /// The seats still in the game (bit per seat).
    pub(crate) alive: u8,
    pub(crate) passes: u8,
    pub(crate) quiet: u32,
    /// [`Config::no_removal_limit`]; the rest of the configuration is `S`
    /// (see [`Engine::config`]).
    pub(crate) limit: u32,
}

/// The two-player engine.
pub(crate) type Engine2 = Engine<crate::bits::Two, 2, 104>;
/// The four-player engine.
pub(crate) type Engine4 = Engine<crate::bits::Four, 4, 208>;
/// The two-player game on the wide board (measurement only).
pub(crate) type Engine2Wide = Engine<crate::bits::TwoWide, 2, 104>;

impl<G: Geometry, const S: usize, const C: usize> Engine<G, S, C> {
    const ALL_SEATS: u8 = (1 << S) - 1;

    /// The starting position of `seed` (the order of [`Setup::deal`]).
    pub(crate) fn new(config: Config, seed: u64) -> Self {
        let mut rng = deal_rng(seed);
        let mut decks: [[Card; 52]; S] = [FRENCH_52; S];
        for deck in &mut decks {
            shuffle(deck, &mut rng);
        }
        let mut cells = [EMPTY; C];
        for (cell, &slot) in cells.iter_mut().zip(G::DEAL_SLOTS.iter()) {
            let (seat, k) = (usize::from(slot) / 52, usize::from(slot) % 52);
            // A card's index is its owner's offset plus its index in the deck.
            *cell = slot - k as u8 + decks[seat][k].index() as u8;
        }
        let mut backs = [G::B::ZERO; S];
        backs.copy_from_slice(&G::DEAL_BACKS[..S]);
        Engine {
            cells,
            backs,
            known: [G::B::ZERO; S],
            removed: G::B::ZERO,
            face_up: G::B::ZERO,
            phase: Ph::Attack,
            to_move: 0,
            alive: Self::ALL_SEATS,
            passes: 0,
            quiet: 0,
            limit: config.no_removal_limit,
        }
    }

    /// The configuration of the game.
    pub(crate) const fn config(&self) -> Config {
        Config::new().with_players(S).with_no_removal_limit(self.limit)
    }

    /// Every card of this game (by index).
    fn all_cards() -> G::B {
        let mut b = G::B::ZERO;
        for i in 0..52 * S as u32 {
            b |= G::B::bit(i);
        }
        b
    }

    /// Checks `setup` (its config already checked and of this size).
    pub(crate) fn from_setup(setup: &Setup) -> Result<Self, SetupError> {
        let players = S;
        if setup.board.len() != C {
            return Err(SetupError::BoardSize { cells: setup.board.len(), players, expected: C });
        }
        let mut game = Engine {
            cells: [EMPTY; C],
            backs: [G::B::ZERO; S],
            known: [G::B::ZERO; S],
            removed: G::B::ZERO,
            face_up: G::B::ZERO,
            phase: Ph::Attack,
            to_move: 0,
            alive: 0,
            passes: setup.passes,
            quiet: setup.quiet_plies,
            limit: setup.config.no_removal_limit,
        };
        let mut on_board = G::B::ZERO;
        for (i, card) in setup.board.iter().enumerate() {
            let Some(card) = *card else { continue };
            if card.index() >= 52 * S {
                return Err(SetupError::NotInGame { card });
            }
            if !(on_board & card.bit()).is_zero() {
                return Err(SetupError::DuplicateCard { card });
            }
            on_board |= card.bit();
            game.cells[i] = card.index() as u8;
            game.backs[card.owner().index()] |= G::B::bit(i as u32);
        }
        game.removed = Self::all_cards() & !on_board;
        for (s, backs) in game.backs.iter().enumerate() {
            if !BitBoard::is_zero(*backs) {
                game.alive |= 1 << s;
            }
        }
        for &c in Player::seats(players) {
            if game.alive >> c.index() & 1 == 0 {
                continue;
            }
            for card in [ZamaCard::king_of_spades(c), ZamaCard::king_of_hearts(c)] {
                if (on_board & card.bit()).is_zero() {
                    return Err(SetupError::MissingKing { card });
                }
            }
        }
        for (color, cells) in setup.known.iter() {
            if color.index() >= S {
                if !cells.is_empty() {
                    return Err(SetupError::Eliminated { color });
                }
                continue;
            }
            for cell in cells.iter() {
                let card = game.card_at(cell).ok_or(SetupError::KnownEmpty { color, cell })?;
                game.known[color.index()] |= card.bit();
            }
        }
        let everyone = game.known.iter().fold(!G::B::ZERO, |a, &k| a & k);
        for cell in setup.face_up {
            match game.card_at(cell) {
                Some(card) if card.is_king_of_spades() && !(everyone & card.bit()).is_zero() => {
                    game.face_up |= G::B::bit(cell.index() as u32);
                }
                _ => return Err(SetupError::BadFaceUp { cell }),
            }
        }
        let mover = setup.to_move;
        if mover.index() >= S || game.alive >> mover.index() & 1 == 0 {
            return Err(SetupError::Eliminated { color: mover });
        }
        game.to_move = mover.index() as u8;
        game.phase = match setup.phase {
            Phase::Attack => Ph::Attack,
            Phase::Shift { shifted } => Ph::Shift(shifted.bits()),
            Phase::Peek { peeked } => Ph::Peek(peeked),
            Phase::Over(e) => Ph::Over(e),
        };
        if let Phase::Shift { shifted } = setup.phase
            && !shifted.is_subset(CellSet::board(players))
        {
            return Err(SetupError::Phase { reason: "a shifted cell is past the board" });
        }
        game.check_counters(setup)?;
        game.check_phase()?;
        Ok(game)
    }

    /// The pass and no-removal counters against the phase and the board.
    fn check_counters(&self, setup: &Setup) -> Result<(), SetupError> {
        let seats_in = self.alive.count_ones() as u8;
        let (passes, quiet, limit) = (self.passes, self.quiet, self.limit);
        let over = matches!(self.phase, Ph::Over(_));
        if seats_in < 2 {
            return Err(SetupError::TooFewSeats { seats: seats_in.into() });
        }
        if passes > seats_in || (!over && (passes >= seats_in || (passes > 0 && self.phase != Ph::Attack))) {
            return Err(SetupError::Passes { passes });
        }
        if !over && quiet >= limit {
            return Err(SetupError::QuietPlies { plies: quiet, limit });
        }
        if quiet > limit {
            return Err(SetupError::QuietPlies { plies: quiet, limit });
        }
        // The seats of the current run of passes, the mover's predecessors
        // (the last of them is the mover itself once every seat passed),
        // had no attack, and passes change nothing on the board.
        let mut seat = usize::from(self.to_move);
        let run = if matches!(self.phase, Ph::Over(Ending::Draw(DrawReason::TwoPasses | DrawReason::AllPassed))) {
            // The last pass ended the game without passing the turn on.
            if !self.seat_has_attack(seat) {
                seat = self.prev_seat(seat);
                passes.saturating_sub(1)
            } else {
                return Err(SetupError::PassWithAttack { color: color(seat) });
            }
        } else {
            seat = self.prev_seat(seat);
            passes
        };
        for _ in 0..run {
            if self.seat_has_attack(seat) {
                return Err(SetupError::PassWithAttack { color: color(seat) });
            }
            seat = self.prev_seat(seat);
        }
        match self.phase {
            Ph::Over(Ending::Draw(reason @ (DrawReason::TwoPasses | DrawReason::AllPassed))) => {
                let expected = if S == 2 { DrawReason::TwoPasses } else { DrawReason::AllPassed };
                if reason != expected {
                    return Err(SetupError::Ending { reason: "this draw by passes belongs to the other board size" });
                }
                if passes != seats_in {
                    return Err(SetupError::Ending { reason: "a draw by passes without a pass by every seat in" });
                }
            }
            Ph::Over(Ending::Draw(DrawReason::NoRemoval)) if quiet != limit => {
                return Err(SetupError::Ending { reason: "a no-removal draw with the count below the limit" });
            }
            Ph::Over(Ending::Win(winner)) => self.check_win(winner, setup)?,
            _ => {}
        }
        if matches!(self.phase, Ph::Over(Ending::Draw(DrawReason::NoRemoval))) && passes >= seats_in {
            return Err(SetupError::Ending { reason: "every seat passed: the draw by passes comes first" });
        }
        Ok(())
    }

    /// A win: the winner's face-up K♠ beside the K♥ of the one other seat
    /// left, known to every seat, the winner to move, no pass pending.
    fn check_win(&self, winner: Player, _setup: &Setup) -> Result<(), SetupError> {
        let bad = |reason| Err(SetupError::Ending { reason });
        let w = winner.index();
        if w >= S || self.alive >> w & 1 == 0 || usize::from(self.to_move) != w {
            return bad("the winner is not the seat that made the last move");
        }
        if self.alive.count_ones() != 2 || self.passes != 0 {
            return bad("a win leaves exactly the winner and the seat it took");
        }
        let loser = (0..S).find(|&s| s != w && self.alive >> s & 1 == 1).unwrap_or(w);
        let (Some(spade), Some(heart)) =
            (self.cell_of(ZamaCard::king_of_spades(color(w))), self.cell_of(ZamaCard::king_of_hearts(color(loser))))
        else {
            return bad("a win without the two kings on the board");
        };
        let everyone = self.known.iter().fold(!G::B::ZERO, |a, &k| a & k);
        let heart_card = ZamaCard::king_of_hearts(color(loser));
        if !self.is_face_up(spade) || !spade.is_adjacent(heart) || (everyone & heart_card.bit()).is_zero() {
            return bad("a win whose K♠ is not face up beside the taken K♥ known to every seat");
        }
        Ok(())
    }

    /// The shift and peek phases against the board.
    fn check_phase(&self) -> Result<(), SetupError> {
        let bad = |reason| Err(SetupError::Phase { reason });
        match self.phase {
            Ph::Shift(shifted) => {
                if !(shifted & !self.occupied()).is_zero() {
                    return bad("a shifted cell is empty");
                }
                if shifted.count() >= 3 {
                    return bad("three shifts end the sequence");
                }
                if !self.can_shift(shifted) {
                    return bad("a shift phase with no shift possible has ended");
                }
            }
            Ph::Peek(peeked) => {
                if let Some(cell) = peeked {
                    match self.card_at(cell) {
                        Some(card)
                            if !(self.known[usize::from(self.to_move)] & card.bit()).is_zero()
                                && !self.is_face_up(cell) => {}
                        _ => return bad("the peeked cell holds no face-down card the mover knows"),
                    }
                }
                if self.peek_targets(peeked).is_zero() {
                    return bad("a peek phase with nothing to peek has ended");
                }
            }
            Ph::Attack | Ph::Over(_) => {}
        }
        Ok(())
    }

    /// The unchecked description of this state.
    pub(crate) fn to_setup(&self) -> Setup {
        let mut setup = Setup::empty(self.config());
        for (i, slot) in setup.board.iter_mut().enumerate() {
            let Some(sq) = Square::from_index(i) else { continue };
            if let Some(card) = self.card_at(sq) {
                *slot = Some(card);
                for s in 0..S {
                    if !(self.known[s] & card.bit()).is_zero() {
                        setup.known[color(s)].insert(sq);
                    }
                }
            }
        }
        setup.to_move = color(usize::from(self.to_move));
        setup.phase = self.phase();
        setup.face_up = CellSet::from_bits(self.face_up);
        setup.passes = self.passes;
        setup.quiet_plies = self.quiet;
        setup
    }

    pub(crate) fn phase(&self) -> Phase {
        match self.phase {
            Ph::Attack => Phase::Attack,
            Ph::Shift(b) => Phase::Shift { shifted: CellSet::from_bits(b) },
            Ph::Peek(p) => Phase::Peek { peeked: p },
            Ph::Over(e) => Phase::Over(e),
        }
    }

    #[inline(always)]
    pub(crate) fn is_over(&self) -> bool {
        matches!(self.phase, Ph::Over(_))
    }

    /// The seats still in: after a win the winner alone (Z41, Z62), though
    /// the taken K♥'s seat keeps its cards on the board (`alive` counts it,
    /// as the setup of a won game does).
    pub(crate) fn seats_in(&self) -> PlayerSet {
        match self.phase {
            Ph::Over(Ending::Win(w)) => PlayerSet(1 << w.index()),
            _ => PlayerSet(self.alive),
        }
    }

    #[inline]
    pub(crate) fn card_at(&self, sq: Square) -> Option<ZamaCard> {
        self.cells.get(sq.index()).and_then(|&c| ZamaCard::from_index(usize::from(c)))
    }

    pub(crate) fn back_at(&self, sq: Square) -> Option<Player> {
        self.card_at(sq).map(ZamaCard::owner)
    }

    pub(crate) fn cells_of(&self, c: Player) -> CellSet {
        self.backs.get(c.index()).map_or(CellSet::EMPTY, |&b| CellSet::from_bits(b))
    }

    pub(crate) fn knows_card(&self, seat: Player, card: ZamaCard) -> bool {
        card.index() < 52 * S && self.known.get(seat.index()).is_some_and(|&k| !(k & card.bit()).is_zero())
    }

    pub(crate) fn known_by(&self, card: ZamaCard) -> PlayerSet {
        let mut set = PlayerSet::EMPTY;
        for s in 0..S {
            if self.knows_card(color(s), card) {
                set.insert(color(s));
            }
        }
        set
    }

    #[inline]
    pub(crate) fn is_face_up(&self, sq: Square) -> bool {
        sq.index() < C && self.face_up.test(sq.index() as u32)
    }

    pub(crate) fn is_removed(&self, card: ZamaCard) -> bool {
        card.index() < 52 * S && self.removed.test(card.index() as u32)
    }

    pub(crate) fn cell_of(&self, card: ZamaCard) -> Option<Square> {
        if card.index() >= 52 * S || self.is_removed(card) {
            return None;
        }
        self.cells.iter().position(|&c| usize::from(c) == card.index()).and_then(Square::from_index)
    }

    /// Calls `set(i, v)` for the entries of seat `me`'s observation tensor
    /// that are not zero (the layout of the `actions` module docs; the
    /// counters only when not zero), reading the bit sets directly: the cost
    /// goes with the cards on the board, not with the tensor's size.
    #[inline]
    pub(crate) fn tensor_entries(&self, me: usize, mut set: impl FnMut(usize, f32)) {
        // Seat `k` counted from `me`.
        let rel = |k: usize| (k + S - me) % S;
        // Plane by plane from the bit sets where they are by cell (backs,
        // face-up K♠s); by card through the cells, for the cards someone
        // knows (the others are skipped by one test).
        for (owner, backs) in self.backs.iter().enumerate() {
            let base = rel(owner) * C;
            backs.for_each_bit(|i| set(base + i as usize, 1.0));
        }
        self.face_up.for_each_bit(|i| set((S + 52) * C + i as usize, 1.0));
        let known = self.known.map(BitBoard::to_words);
        let any = self.known.iter().fold(G::B::ZERO, |a, &k| a | k).to_words();
        let test = |set: &<G::B as BitBoard>::Words, card: usize| set.as_ref()[card / 64] >> (card % 64) & 1 != 0;
        self.occupied().for_each_bit(|i| {
            let i = i as usize;
            let card = usize::from(self.cells[i]);
            if !test(&any, card) {
                return;
            }
            if test(&known[me], card) {
                set((S + card % 52) * C + i, 1.0);
            }
            for k in 1..S {
                if test(&known[(me + k) % S], card) {
                    set((S + 52 + k) * C + i, 1.0);
                }
            }
        });
        let planes = (2 * S + 54) * C;
        let phase = match self.phase {
            Ph::Attack => 0,
            Ph::Shift(shifted) => {
                shifted.for_each_bit(|i| set((2 * S + 52) * C + i as usize, 1.0));
                1
            }
            Ph::Peek(peeked) => {
                if let Some(sq) = peeked {
                    set((2 * S + 53) * C + sq.index(), 1.0);
                }
                2
            }
            Ph::Over(_) => 3,
        };
        set(planes + phase, 1.0);
        set(planes + 4 + rel(usize::from(self.to_move)), 1.0);
        if self.passes != 0 {
            set(planes + 4 + S, f32::from(self.passes));
        }
        if self.quiet != 0 {
            set(planes + 5 + S, self.quiet as f32);
        }
        self.removed.for_each_bit(|card| {
            let card = card as usize;
            set(planes + 6 + S + 52 * rel(card / 52) + card % 52, 1.0);
        });
    }

    #[inline(always)]
    pub(crate) fn occupied(&self) -> G::B {
        self.backs.iter().fold(G::B::ZERO, |a, &b| a | b)
    }

    /// The mover's attacks as pairs of cells.
    #[inline(always)]
    fn attack_pairs(&self) -> Pairs<G> {
        let own = self.backs[usize::from(self.to_move)];
        Pairs::new(own, self.occupied() & !own, own)
    }

    /// The `src` cells whose neighbour in direction `d` (0 up, 1 right,
    /// 2 down, 3 left) is a `dst` cell, one set a direction, in the board's
    /// own width.
    #[inline(always)]
    fn step_sets(src: G::B, dst: G::B) -> [G::B; 4] {
        let files = u32::from(Square::FILES);
        [
            src & dst.shr(files),
            src & dst.shr(1) & G::NOT_FILE_M,
            src & dst.shl(files) & G::BOARD,
            src & dst.shl(1) & G::NOT_FILE_A,
        ]
    }

    /// Sets `mask[base + 4f + d]` for every `src` cell `f` whose neighbour
    /// in direction `d` (0 up, 1 right, 2 down, 3 left) is a `dst` cell;
    /// returns how many (the action encoding of the `actions` module), in
    /// the board's own width.
    #[inline(always)]
    fn mark_steps(src: G::B, dst: G::B, base: usize, mask: &mut [bool]) -> usize {
        let by_direction = Self::step_sets(src, dst);
        let mut n = 0;
        for (d, set) in by_direction.into_iter().enumerate() {
            n += set.count() as usize;
            set.for_each_bit(|f| mask[base + 4 * f as usize + d] = true);
        }
        n
    }

    /// Marks the legal actions in `mask` (all false on entry) and returns
    /// how many, straight from the bit sets; `None` in the peek phase,
    /// which the caller lists.
    #[inline]
    pub(crate) fn mark_actions(&self, mask: &mut [bool]) -> Option<usize> {
        match self.phase {
            Ph::Over(_) => Some(0),
            Ph::Attack => {
                let own = self.backs[usize::from(self.to_move)];
                Some(match Self::mark_steps(own, self.occupied() & !own, 0, mask) {
                    0 => {
                        mask[9 * C + 1] = true;
                        1
                    }
                    n => n,
                })
            }
            Ph::Shift(shifted) => {
                let occ = self.occupied();
                mask[9 * C] = true;
                Some(1 + Self::mark_steps(occ & !shifted, G::BOARD & !occ, 4 * C, mask))
            }
            Ph::Peek(_) => None,
        }
    }

    /// Sets the bits of the legal actions in `bits` (the action encoding of
    /// the `actions` module, bit `i % 64` of word `i / 64`; every bit clear on
    /// entry, at least `(9C + 2) / 64` words rounded up) and returns how
    /// many, straight from the bit sets, in every phase.
    #[inline]
    pub(crate) fn mark_action_bits(&self, bits: &mut [u64]) -> usize {
        match self.phase {
            Ph::Over(_) => 0,
            Ph::Attack => {
                let own = self.backs[usize::from(self.to_move)];
                match Self::mark_step_bits(own, self.occupied() & !own, 0, bits) {
                    0 => {
                        set_action_bit(bits, 9 * C + 1);
                        1
                    }
                    n => n,
                }
            }
            Ph::Shift(shifted) => {
                let occ = self.occupied();
                set_action_bit(bits, 9 * C);
                1 + Self::mark_step_bits(occ & !shifted, G::BOARD & !occ, 4 * C, bits)
            }
            Ph::Peek(peeked) => {
                let targets = self.peek_targets(peeked);
                // `8C` is a whole number of words on both boards.
                const { assert!((8 * C).is_multiple_of(64)) };
                for (word, &t) in bits.iter_mut().skip(8 * C / 64).zip(targets.to_words().as_ref()) {
                    *word = t;
                }
                set_action_bit(bits, 9 * C);
                targets.count() as usize + 1
            }
        }
    }

    /// Sets bit `base + 4f + d` for every `src` cell `f` whose neighbour in
    /// direction `d` is a `dst` cell (as [`mark_steps`](Engine::mark_steps)),
    /// sixteen cells a word: each direction's 16 bits spread to every fourth
    /// bit and the four interleaved, without a branch on the position.
    #[inline(always)]
    fn mark_step_bits(src: G::B, dst: G::B, base: usize, bits: &mut [u64]) -> usize {
        let by_direction = Self::step_sets(src, dst);
        let n = by_direction.iter().map(|set| set.count() as usize).sum();
        let words = by_direction.map(BitBoard::to_words);
        for chunk in 0..C.div_ceil(16) {
            let part = |d: usize| (words[d].as_ref()[chunk / 4] >> (16 * (chunk % 4)) & 0xFFFF) << (16 * d);
            or_action_bits(bits, base + 64 * chunk, transpose_4x16(part(0) | part(1) | part(2) | part(3)));
        }
        n
    }

    /// The shifts open as pairs of cells, `shifted` excluded.
    #[inline(always)]
    fn shift_pairs(&self, shifted: G::B) -> Pairs<G> {
        let occ = self.occupied();
        Pairs::new(occ & !shifted, G::BOARD & !occ, occ)
    }

    #[inline(always)]
    fn can_shift(&self, shifted: G::B) -> bool {
        let occ = self.occupied();
        !(neighbours::<G>(occ & !shifted) & !occ & G::BOARD).is_zero()
    }

    #[inline(always)]
    pub(crate) fn peek_targets(&self, peeked: Option<Square>) -> G::B {
        let first = peeked.map_or(G::B::ZERO, Square::bit);
        self.occupied() & !self.face_up & !first
    }

    fn seat_has_attack(&self, seat: usize) -> bool {
        let own = self.backs[seat];
        !(neighbours::<G>(own) & self.occupied() & !own).is_zero()
    }

    /// `true` if the mover has at least one attack.
    pub(crate) fn has_attack(&self) -> bool {
        self.seat_has_attack(usize::from(self.to_move))
    }

    /// The next seat in turn order still in the game.
    #[inline(always)]
    fn next_seat(&self, seat: usize) -> usize {
        if S == 2 {
            // Nobody is eliminated in a two-seat game (the capture wins).
            return seat ^ 1;
        }
        let mut s = seat;
        for _ in 1..S {
            s = (s + 1) % S;
            if self.alive >> s & 1 == 1 {
                return s;
            }
        }
        seat
    }

    /// The previous seat in turn order still in the game.
    fn prev_seat(&self, seat: usize) -> usize {
        let mut s = seat;
        for _ in 1..S {
            s = (s + S - 1) % S;
            if self.alive >> s & 1 == 1 {
                return s;
            }
        }
        seat
    }

    pub(crate) fn count_moves(&self) -> u32 {
        self.move_sets().count()
    }

    pub(crate) fn nth_move(&self, k: u32) -> Option<Move> {
        self.move_sets().nth(k)
    }

    #[inline]
    pub(crate) fn random_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Move> {
        match self.phase {
            Ph::Over(_) => None,
            Ph::Attack => {
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
            Ph::Shift(shifted) => {
                let pairs = self.shift_pairs(shifted);
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
            Ph::Peek(peeked) => {
                let ranked = self.peek_targets(peeked).ranked();
                let n = ranked.count();
                let k = below(rng, n + 1);
                Some(if k < n { Move::Peek { at: Square::from_bit_index(ranked.select(k)) } } else { Move::End })
            }
        }
    }

    #[inline]
    pub(crate) fn play_random_move<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Option<Move> {
        let mv = self.random_move(rng)?;
        debug_assert_eq!(self.check(mv), Ok(()), "random_move drew an illegal move");
        self.play(mv);
        Some(mv)
    }

    #[inline(always)]
    fn move_sets(&self) -> MoveSets<G> {
        match self.phase {
            Ph::Over(_) => MoveSets::None,
            Ph::Attack => MoveSets::Attacks(self.attack_pairs()),
            Ph::Shift(shifted) => MoveSets::Shifts(self.shift_pairs(shifted)),
            Ph::Peek(peeked) => MoveSets::Peeks(self.peek_targets(peeked)),
        }
    }

    /// In `legal_moves` order (see [`Game::legal_moves`](carte_core::Game::legal_moves)).
    #[inline]
    pub(crate) fn legal_moves(&self, out: &mut Vec<Move>) {
        match self.phase {
            Ph::Over(_) => out.clear(),
            Ph::Attack => {
                if self.attack_pairs().fill::<C>(out, list::ATTACK_TAG) == 0 {
                    out.push(Move::Pass);
                }
            }
            Ph::Shift(shifted) => {
                self.shift_pairs(shifted).fill::<C>(out, list::SHIFT_TAG);
                out.push(Move::End);
            }
            Ph::Peek(peeked) => {
                out.clear();
                let targets = self.peek_targets(peeked);
                let n = targets.ranked().count() as usize;
                out.resize(n + 1, Move::End);
                let mut slots = out.iter_mut();
                targets.for_each_bit(|i| {
                    if let Some(slot) = slots.next() {
                        *slot = Move::Peek { at: Square::from_bit_index(i) };
                    }
                });
            }
        }
    }

    #[inline(always)]
    fn on_board(sq: Square) -> bool {
        sq.index() < C
    }

    /// `true` if two cells of the board share a side (a few compares and
    /// one bit test, no neighbour masks).
    #[inline(always)]
    fn adjacent(a: Square, b: Square) -> bool {
        let (lo, hi) = if a < b { (a.index(), b.index()) } else { (b.index(), a.index()) };
        hi == lo + 13 || (hi == lo + 1 && G::NOT_FILE_M.test(lo as u32))
    }

    #[inline(always)]
    fn has(b: G::B, sq: Square) -> bool {
        b.test(sq.index() as u32)
    }

    /// `true` for the common legal moves, by a few compares: an attack of
    /// an own card on a neighbouring enemy card, a shift of an unshifted
    /// card into a neighbouring hole, a peek at a face-down card not peeked
    /// yet, `end` in the shift and peek phases. `false` says nothing: ask
    /// [`check`](Engine::check).
    #[inline(always)]
    fn surely_legal(&self, mv: Move) -> bool {
        let me = usize::from(self.to_move);
        let cell = |sq: Square| self.cells.get(sq.index()).copied().unwrap_or(EMPTY);
        match (self.phase, mv) {
            (Ph::Attack, Move::Attack { from, to }) => {
                let (a, d) = (cell(from), cell(to));
                a != EMPTY
                    && d != EMPTY
                    && usize::from(a) / 52 == me
                    && usize::from(d) / 52 != me
                    && Self::adjacent(from, to)
            }
            (Ph::Shift(shifted), Move::Shift { from, to }) => {
                cell(from) != EMPTY
                    && to.index() < C
                    && cell(to) == EMPTY
                    && !Self::has(shifted, from)
                    && Self::adjacent(from, to)
            }
            (Ph::Peek(peeked), Move::Peek { at }) => cell(at) != EMPTY && !self.is_face_up(at) && peeked != Some(at),
            (Ph::Shift(_) | Ph::Peek(_), Move::End) => true,
            _ => false,
        }
    }

    /// Checks and plays `mv` ([`Game::apply`](carte_core::Game::apply)): the
    /// common legal moves pass [`surely_legal`](Engine::surely_legal) on the
    /// way in, the others go through [`check`](Engine::check).
    #[inline]
    pub(crate) fn apply(&mut self, mv: Move) -> Result<(), IllegalMove> {
        if !self.surely_legal(mv) {
            self.check(mv)?;
        }
        self.play(mv);
        Ok(())
    }

    pub(crate) fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        let me = usize::from(self.to_move);
        match mv {
            Move::Attack { from, to } | Move::Shift { from, to } if !Self::on_board(from) || !Self::on_board(to) => {
                let cell = if Self::on_board(from) { to } else { from };
                return Err(IllegalMove::OffBoard { mv, cell });
            }
            Move::Peek { at } if !Self::on_board(at) => return Err(IllegalMove::OffBoard { mv, cell: at }),
            _ => {}
        }
        match (self.phase, mv) {
            (Ph::Over(_), _) => Err(IllegalMove::GameOver { mv }),
            (Ph::Attack, Move::Attack { from, to }) => {
                // The common case, a legal attack, costs two cell reads and
                // a few compares.
                let (a, d) = (self.cells[from.index()], self.cells[to.index()]);
                if a != EMPTY
                    && d != EMPTY
                    && usize::from(a) / 52 == me
                    && usize::from(d) / 52 != me
                    && Self::adjacent(from, to)
                {
                    return Ok(());
                }
                let a = self.card_at(from).ok_or(IllegalMove::EmptyCell { mv, cell: from })?;
                if a.owner().index() != me {
                    return Err(IllegalMove::NotOwnCard { mv, cell: from, color: color(me) });
                }
                if !from.is_adjacent(to) {
                    return Err(IllegalMove::NotAdjacent { mv, from, to });
                }
                let d = self.card_at(to).ok_or(IllegalMove::EmptyCell { mv, cell: to })?;
                if d.owner().index() == me {
                    return Err(IllegalMove::NotEnemyCard { mv, cell: to });
                }
                Ok(())
            }
            (Ph::Attack, Move::Pass) => {
                if self.has_attack() {
                    Err(IllegalMove::MayNotPass { mv, color: color(me) })
                } else {
                    Ok(())
                }
            }
            (Ph::Shift(shifted), Move::Shift { from, to }) => {
                if self.cells[from.index()] != EMPTY
                    && self.cells[to.index()] == EMPTY
                    && !Self::has(shifted, from)
                    && Self::adjacent(from, to)
                {
                    return Ok(());
                }
                let occ = self.occupied();
                if !Self::has(occ, from) {
                    return Err(IllegalMove::EmptyCell { mv, cell: from });
                }
                if Self::has(shifted, from) {
                    return Err(IllegalMove::AlreadyShifted { mv, cell: from });
                }
                if !from.is_adjacent(to) {
                    return Err(IllegalMove::NotAdjacent { mv, from, to });
                }
                if Self::has(occ, to) {
                    return Err(IllegalMove::Occupied { mv, cell: to });
                }
                Ok(())
            }
            (Ph::Peek(peeked), Move::Peek { at }) => {
                if self.cells[at.index()] == EMPTY {
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
            (Ph::Shift(_) | Ph::Peek(_), Move::End) => Ok(()),
            (phase, _) => Err(IllegalMove::WrongPhase { mv, phase: phase_of(phase) }),
        }
    }

    /// Plays a move already known to be legal.
    #[inline]
    pub(crate) fn play(&mut self, mv: Move) {
        self.quiet = self.quiet.saturating_add(1);
        match mv {
            Move::Attack { from, to } => {
                self.passes = 0;
                let (a, d) = (self.card_unchecked(from), self.card_unchecked(to));
                for k in &mut self.known {
                    k.set_bit(a.index() as u32);
                    k.set_bit(d.index() as u32);
                }
                if a.is_king_of_spades() {
                    self.face_up.set_bit(from.index() as u32);
                }
                if d.is_king_of_spades() {
                    self.face_up.set_bit(to.index() as u32);
                }
                let result = BATTLES[(a.index() % 52) * 52 + d.index() % 52];
                if result.removes_attacker() {
                    self.remove(from, a);
                }
                if result.removes_defender() {
                    self.remove(to, d);
                }
                if result == Battle::GameWon {
                    if S == 2 || self.alive.count_ones() == 2 {
                        self.phase = Ph::Over(Ending::Win(color(usize::from(self.to_move))));
                        return;
                    }
                    self.eliminate(d.owner().index());
                    self.end_turn();
                } else if result.gives_shifts() {
                    self.phase = Ph::Shift(G::B::ZERO);
                    if !self.can_shift(G::B::ZERO) {
                        self.end_turn();
                    }
                } else if result.gives_peeks() {
                    self.phase = Ph::Peek(None);
                    if self.peek_targets(None).is_zero() {
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
                let (f, t) = (from.index() as u32, to.index() as u32);
                let owner = usize::from(i) / 52;
                self.backs[owner].toggle_bit(f);
                self.backs[owner].toggle_bit(t);
                if self.face_up.test(f) {
                    self.face_up.toggle_bit(f);
                    self.face_up.toggle_bit(t);
                }
                let Ph::Shift(mut shifted) = self.phase else { unreachable!("checked shift phase") };
                shifted.clear_bit(f);
                shifted.set_bit(t);
                // Three shifts made: `shifted` (not empty) has a third bit.
                if !shifted.clear_lowest().clear_lowest().is_zero() || !self.can_shift(shifted) {
                    self.end_turn();
                } else {
                    self.phase = Ph::Shift(shifted);
                }
            }
            Move::Peek { at } => {
                let card = self.card_unchecked(at);
                self.known[usize::from(self.to_move)].set_bit(card.index() as u32);
                match self.phase {
                    Ph::Peek(None) if !self.peek_targets(Some(at)).is_zero() => {
                        self.phase = Ph::Peek(Some(at));
                    }
                    _ => self.end_turn(),
                }
            }
            Move::End => self.end_turn(),
            Move::Pass => {
                self.passes += 1;
                let seats_in = if S == 2 { 2 } else { self.alive.count_ones() };
                if u32::from(self.passes) >= seats_in {
                    let reason = if S == 2 { DrawReason::TwoPasses } else { DrawReason::AllPassed };
                    self.phase = Ph::Over(Ending::Draw(reason));
                    return;
                }
                self.end_turn();
            }
        }
        if self.quiet >= self.limit {
            self.phase = Ph::Over(Ending::Draw(DrawReason::NoRemoval));
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
        let (s, c) = (sq.index() as u32, card.index() as u32);
        self.cells[sq.index()] = EMPTY;
        self.backs[card.owner().index()].clear_bit(s);
        for k in &mut self.known {
            k.clear_bit(c);
        }
        self.face_up.clear_bit(s);
        self.removed.set_bit(c);
        self.quiet = 0;
    }

    /// Takes every card of `seat` off the board: the seat is out.
    fn eliminate(&mut self, seat: usize) {
        let cells = self.backs[seat];
        cells.for_each_bit(|i| {
            let card = usize::from(self.cells[i as usize]);
            self.cells[i as usize] = EMPTY;
            let bit = G::B::bit(card as u32);
            self.removed |= bit;
            for k in &mut self.known {
                *k &= !bit;
            }
        });
        self.face_up &= !cells;
        self.backs[seat] = G::B::ZERO;
        self.alive &= !(1 << seat);
        self.quiet = 0;
    }

    #[inline(always)]
    fn end_turn(&mut self) {
        self.to_move = self.next_seat(usize::from(self.to_move)) as u8;
        self.phase = Ph::Attack;
    }

    pub(crate) fn outcome(&self) -> Option<Outcome> {
        match self.phase {
            Ph::Over(Ending::Win(c)) => Some(Outcome::win(S, c.seat())),
            Ph::Over(Ending::Draw(_)) => {
                Some(Outcome::from_returns((0..S).map(|s| if self.alive >> s & 1 == 1 { 0.0 } else { -1.0 }).collect()))
            }
            _ => None,
        }
    }
}

/// Sets action bit `i` of `bits` (within the words the caller checked).
#[inline(always)]
fn set_action_bit(bits: &mut [u64], i: usize) {
    if let Some(word) = bits.get_mut(i / 64) {
        *word |= 1 << (i % 64);
    }
}

/// Ors the 64 bits of `v` into `bits` from bit `at` on (bits past the
/// slice dropped: none are set there for a board's actions).
#[inline(always)]
fn or_action_bits(bits: &mut [u64], at: usize, v: u64) {
    let (w, s) = (at / 64, at % 64);
    if let Some(word) = bits.get_mut(w) {
        *word |= v << s;
    }
    if s != 0
        && let Some(word) = bits.get_mut(w + 1)
    {
        *word |= v >> (64 - s);
    }
}

/// The colour of seat index `s` (below 4).
#[inline(always)]
pub(crate) fn color(s: usize) -> Player {
    match Player::from_index(s) {
        Some(c) => c,
        None => unreachable!("seat indices are below 4"),
    }
}

fn phase_of<B: BitBoard>(p: Ph<B>) -> Phase {
    match p {
        Ph::Attack => Phase::Attack,
        Ph::Shift(b) => Phase::Shift { shifted: CellSet::from_bits(b) },
        Ph::Peek(p) => Phase::Peek { peeked: p },
        Ph::Over(e) => Phase::Over(e),
    }
}

/// Moves between two neighbouring cells (attacks, shifts) as two sets of
/// pairs: `h` holds the left cell of each horizontal pair, `v` the lower
/// cell of each vertical pair. A pair is one move: from the low cell to the
/// high one if the low cell is in `from_low`, else the other way.
///
/// Moves from `x` to its east neighbour and from the east neighbour to `x`
/// can never both be open (one needs `x` to hold a mover's card, the other
/// an enemy card or a hole), so one bit per pair suffices.
struct Pairs<G: Geometry> {
    h: G::B,
    v: G::B,
    from_low: G::B,
}

impl<G: Geometry> Clone for Pairs<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Geometry> Copy for Pairs<G> {}

impl<G: Geometry> Pairs<G> {
    /// The pairs with a `src` cell next to a `dst` cell; `from_low` tells
    /// which end holds the `src` cell (it must contain `src` and miss `dst`).
    #[inline(always)]
    fn new(src: G::B, dst: G::B, from_low: G::B) -> Pairs<G> {
        let h = G::NOT_FILE_M & ((src & dst.shr(1)) | (dst & src.shr(1)));
        let v = (src & dst.shr(13)) | (dst & src.shr(13));
        Pairs { h, v, from_low }
    }

    /// The pairs ranked for counting and selection: horizontal pairs
    /// (bits `0..BITS`), then vertical ones (bits `BITS..`).
    #[inline(always)]
    fn ranked(&self) -> <G::B as BitBoard>::PairRanked {
        G::B::ranked_pair(self.h, self.v)
    }

    /// Pair `k` of `ranked` (this set's ranking), `k` below its count.
    #[inline(always)]
    fn select(&self, ranked: &<G::B as BitBoard>::PairRanked, k: u32) -> (Square, Square) {
        let i = ranked.select(k);
        let step = if i < G::B::BITS { 1 } else { 13 };
        self.ends(i & (G::B::BITS - 1), step)
    }

    /// The (from, to) cells of the low cell `lo` of a pair `step` apart.
    #[inline(always)]
    fn ends(&self, lo: u32, step: u32) -> (Square, Square) {
        // Branch-free: which way a pair points is a coin flip at the deal.
        let up = u32::from(!self.from_low.test(lo));
        (Square::from_bit_index(lo + up * step), Square::from_bit_index(lo + (up ^ 1) * step))
    }

    /// Pair `k` of `n` (the count), `None` if `k >= n`.
    #[inline(always)]
    fn nth(&self, k: u32, n: u32) -> Option<(Square, Square)> {
        (k < n).then(|| self.select(&self.ranked(), k))
    }

    /// Sets `out` to every pair, in [`nth`](Pairs::nth) order, as attacks
    /// or shifts (`tag`) on a board of `CELLS` cells; returns the count.
    /// See [`list`] for how.
    #[inline(always)]
    fn fill<const CELLS: usize>(&self, out: &mut Vec<Move>, tag: u32) -> usize {
        let (h, v, from_low) = (self.h.to_words(), self.v.to_words(), self.from_low.to_words());
        list::pairs::<CELLS>(out, h.as_ref(), v.as_ref(), from_low.as_ref(), tag)
    }
}

/// The legal moves of a state as bit sets, in `legal_moves` order.
enum MoveSets<G: Geometry> {
    None,
    Attacks(Pairs<G>),
    Shifts(Pairs<G>),
    Peeks(G::B),
}

impl<G: Geometry> MoveSets<G> {
    #[inline(always)]
    fn count(&self) -> u32 {
        match self {
            MoveSets::None => 0,
            MoveSets::Attacks(p) => p.ranked().count().max(1),
            MoveSets::Shifts(p) => p.ranked().count() + 1,
            MoveSets::Peeks(t) => t.count() + 1,
        }
    }

    #[inline(always)]
    fn nth(&self, k: u32) -> Option<Move> {
        match self {
            MoveSets::None => None,
            MoveSets::Attacks(p) => {
                let n = p.ranked().count();
                if n == 0 {
                    return (k == 0).then_some(Move::Pass);
                }
                p.nth(k, n).map(|(from, to)| Move::Attack { from, to })
            }
            MoveSets::Shifts(p) => {
                let n = p.ranked().count();
                match p.nth(k, n) {
                    Some((from, to)) => Some(Move::Shift { from, to }),
                    None => (k == n).then_some(Move::End),
                }
            }
            MoveSets::Peeks(t) => {
                let n = t.count();
                match k.cmp(&n) {
                    core::cmp::Ordering::Less => Some(Move::Peek { at: Square::from_bit_index(t.ranked().select(k)) }),
                    core::cmp::Ordering::Equal => Some(Move::End),
                    core::cmp::Ordering::Greater => None,
                }
            }
        }
    }
}

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
