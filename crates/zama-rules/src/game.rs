//! The game state: one type for two and four players, the engine of the
//! right board size inside.

use core::fmt;

use carte_core::{Actor, Game, Outcome, Seat, SeatError, Seeded};
use rand::Rng;

use crate::battle::{Battle, battle};
use crate::card::ZamaCard;
use crate::config::{Config, ConfigError};
use crate::engine::{Engine2, Engine2Wide, Engine4};
use crate::error::{IllegalMove, SetupError};
use crate::moves::Move;
use crate::phase::{Ending, Phase};
use crate::player::{Player, PlayerSet};
use crate::setup::Setup;
use crate::square::{CellSet, Square};

/// A Zama game in progress, for two or four players: always a legal state.
///
/// Built from a seed ([`Zama::new`], [`Seeded::from_seed`]) or from a
/// checked [`Setup`] ([`Zama::from_setup`]); changed only by legal moves
/// ([`Game::apply`]). It knows the whole truth, including what each seat
/// knows; [`HiddenInfo::observation`](carte_core::HiddenInfo::observation)
/// gives one seat's view.
///
/// [`Config::players`] chooses the board: 2 players on 8 × 13 cells, 4 on
/// 16 × 13. Serialized as its [`Setup`]; deserializing checks everything.
///
/// ```
/// use zama_rules::{Player, Config, Game, HiddenInfo, Seat, Zama};
///
/// let mut game = Zama::new(&Config::default(), 7)?;
/// assert_eq!(game.to_move(), Player::Red);
/// game.apply("a1xb1".parse()?)?;
/// // Both cards of the battle are now public: on the board or removed.
/// let view = game.observation(Seat::new(1))?;
/// let known = view.cells().filter(|(_, c)| c.card.is_some()).count();
/// let removed = view.removed(Player::Red).len() + view.removed(Player::Blue).len();
/// assert_eq!(known + removed, 2);
///
/// let four = Zama::new(&Config::default().with_players(4), 7)?;
/// assert_eq!((four.num_seats(), four.squares().count()), (4, 208));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "Setup", into = "Setup"))]
pub struct Zama(Inner);

/// The engine of the game's size. The four-player state (about 600
/// bytes) is boxed so that the two-player state stays small to copy.
#[derive(Clone, PartialEq, Eq, Hash)]
#[allow(clippy::large_enum_variant)] // the small variant is the one not boxed, on purpose
enum Inner {
    Two(Engine2),
    Four(Box<Engine4>),
}

/// Runs `$e` on the engine inside `$z`.
macro_rules! on {
    ($z:expr, $g:ident => $e:expr) => {
        match &$z.0 {
            Inner::Two($g) => $e,
            Inner::Four($g) => $e,
        }
    };
}

/// Runs `$e` on the engine inside `$z`, mutably.
macro_rules! on_mut {
    ($z:expr, $g:ident => $e:expr) => {
        match &mut $z.0 {
            Inner::Two($g) => $e,
            Inner::Four($g) => $e,
        }
    };
}

impl Zama {
    /// The starting position of `seed` (see [`Setup::deal`] for the order).
    ///
    /// ```
    /// use zama_rules::{Config, ConfigError, Zama};
    ///
    /// assert!(Zama::new(&Config::default(), 1).is_ok());
    /// let zero = Config::default().with_no_removal_limit(0);
    /// assert_eq!(Zama::new(&zero, 1), Err(ConfigError::ZeroLimit));
    /// ```
    ///
    /// # Errors
    ///
    /// The [`ConfigError`] of an invalid `config` (a zero draw limit, a
    /// number of players other than 2 or 4).
    pub fn new(config: &Config, seed: u64) -> Result<Zama, ConfigError> {
        config.validate()?;
        Ok(Zama(match config.players {
            4 => Inner::Four(Box::new(Engine4::new(*config, seed))),
            _ => Inner::Two(Engine2::new(*config, seed)),
        }))
    }

    /// Checks `setup` and builds the state.
    ///
    /// # What it guarantees
    ///
    /// A state that `from_setup` accepts is one the rules can reach, as far
    /// as the state itself can tell: every card at most once and only cards
    /// of the game's seats; each seat in the game with its K♠ and K♥ on the
    /// board (a seat with no card is out); knowledge only of cards on the
    /// board, and no knowledge for seats the game does not have; face-up
    /// cells only K♠s known to every seat; the seat to move in the game;
    /// a phase that fits the board (a shift phase with under three shifts
    /// made and a shift possible, a peek phase with something to peek, the
    /// first peek a face-down card the mover knows); a pass count below the
    /// seats in the game, pending only in the attack phase, and every seat
    /// of the current run of passes without an attack; a no-removal count
    /// below the limit. A finished game must agree with its ending: a draw
    /// by passes needs a pass by every seat in (none of them with an
    /// attack), a no-removal draw a count at the limit, a win the winner to
    /// move with its face-up K♠ beside the K♥ of the one other seat left,
    /// known to every seat. What it cannot check is history (that those
    /// cards were seen in this order, or that the deal was seeded).
    ///
    /// ```
    /// use zama_rules::{Config, Zama};
    ///
    /// let game = Zama::new(&Config::default(), 5)?;
    /// let mut setup = game.to_setup(); // a plain description, to edit or store
    /// assert_eq!(Zama::from_setup(&setup)?, game);
    /// setup.board[1] = setup.board[0]; // one card on two cells
    /// assert!(Zama::from_setup(&setup).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A [`SetupError`] naming the first problem.
    pub fn from_setup(setup: &Setup) -> Result<Zama, SetupError> {
        setup.config.validate()?;
        Ok(Zama(match setup.config.players {
            4 => Inner::Four(Box::new(Engine4::from_setup(setup)?)),
            _ => Inner::Two(Engine2::from_setup(setup)?),
        }))
    }

    /// The unchecked description of this state; `from_setup` of it gives
    /// the state back.
    pub fn to_setup(&self) -> Setup {
        on!(self, g => g.to_setup())
    }

    /// The number of players: 2 or 4.
    #[inline]
    pub fn players(&self) -> usize {
        match self.0 {
            Inner::Two(_) => 2,
            Inner::Four(_) => 4,
        }
    }

    /// The seats of this game in turn order (Red, Blue, then Green and
    /// Yellow with four players).
    pub fn seats(&self) -> &'static [Player] {
        Player::seats(self.players())
    }

    /// The seats still in the game: all of them, except the seats whose K♥
    /// was taken (Z59); once a K♠ has taken the last other K♥, the winner
    /// alone (Z41, Z62).
    pub fn seats_in(&self) -> PlayerSet {
        on!(self, g => g.seats_in())
    }

    /// `true` if `color` is a seat of this game still in it.
    pub fn is_in(&self, color: Player) -> bool {
        self.seats_in().contains(color)
    }

    /// The seats that are out: their K♥ was taken (Z59), the seat beaten by
    /// the winning capture included (Z41, Z62).
    pub fn eliminated(&self) -> PlayerSet {
        PlayerSet(PlayerSet::seats(self.players()).0 & !self.seats_in().0)
    }

    /// The colour of `seat`, if this game has it.
    ///
    /// # Errors
    ///
    /// A [`SeatError`] for seat 2 or 3 of a two-player game, or any seat
    /// above 3.
    pub fn color_of_seat(&self, seat: Seat) -> Result<Player, SeatError> {
        let seats = self.seats();
        seats.get(seat.index()).copied().ok_or(SeatError { seat: seat.index(), seats: seats.len() })
    }

    /// The cells of this game's board in index order (`a1`..`m8`, or
    /// `a1`..`m16` with four players).
    pub fn squares(&self) -> impl DoubleEndedIterator<Item = Square> + ExactSizeIterator + Clone {
        Square::board(self.players())
    }

    /// The number of ranks of the board: 8 or 16.
    pub fn ranks(&self) -> u8 {
        if self.players() == 4 { Square::RANKS_4 } else { Square::RANKS }
    }

    /// The seat to move (after the game ends: the seat that made the last
    /// move, or would have moved after a no-removal draw).
    #[inline]
    pub fn to_move(&self) -> Player {
        on!(self, g => crate::engine::color(usize::from(g.to_move)))
    }

    /// The phase of the turn.
    #[inline]
    pub fn phase(&self) -> Phase {
        on!(self, g => g.phase())
    }

    /// How the game ended, once over.
    pub fn ending(&self) -> Option<Ending> {
        match self.phase() {
            Phase::Over(e) => Some(e),
            _ => None,
        }
    }

    /// The variant options.
    pub fn config(&self) -> Config {
        on!(self, g => g.config())
    }

    /// Forced passes just made in a row (the game is drawn when every seat
    /// still in has passed).
    pub fn passes(&self) -> u8 {
        on!(self, g => g.passes)
    }

    /// Consecutive plies without a removal (the game is drawn when this
    /// reaches [`Config::no_removal_limit`]).
    pub fn quiet_plies(&self) -> u32 {
        on!(self, g => g.quiet)
    }

    /// The card on `sq`, if any (`None` past the board).
    #[inline]
    pub fn card_at(&self, sq: Square) -> Option<ZamaCard> {
        on!(self, g => g.card_at(sq))
    }

    /// The back colour of the card on `sq`, if any (what everybody sees).
    pub fn back_at(&self, sq: Square) -> Option<Player> {
        on!(self, g => g.back_at(sq))
    }

    /// The cells holding `color`'s cards.
    #[inline]
    pub fn cells_of(&self, color: Player) -> CellSet {
        on!(self, g => g.cells_of(color))
    }

    /// Calls `set(i, v)` for each entry of `me`'s observation tensor that
    /// is not zero (see [`Views`](carte_core::Views) in the `actions`
    /// module).
    #[inline]
    pub(crate) fn tensor_entries(&self, me: Player, set: impl FnMut(usize, f32)) {
        on!(self, g => g.tensor_entries(me.index(), set));
    }

    /// Rewrites `out` into `me`'s observation tensor where it differs from
    /// what the last call with `memo` wrote (see the `tensor` module).
    #[inline]
    pub(crate) fn tensor_update(&self, me: Player, out: &mut [f32], memo: &mut Vec<u64>) {
        on!(self, g => g.tensor_update(me.index(), out, memo));
    }

    /// Marks the legal actions in `mask` (all false, of the action range)
    /// and returns how many; `None` in the peek phase.
    #[inline]
    pub(crate) fn mark_actions(&self, mask: &mut [bool]) -> Option<usize> {
        on!(self, g => g.mark_actions(mask))
    }

    /// See `Engine::mark_action_bits`.
    #[inline]
    pub(crate) fn mark_action_bits(&self, bits: &mut [u64]) -> usize {
        on!(self, g => g.mark_action_bits(bits))
    }

    /// The cells holding a card.
    #[inline]
    pub fn occupied_cells(&self) -> CellSet {
        on!(self, g => CellSet::from_bits(g.occupied()))
    }

    /// `true` if `seat` knows the card on `sq` (false for an empty cell).
    pub fn knows(&self, seat: Player, sq: Square) -> bool {
        self.card_at(sq).is_some_and(|c| self.knows_card(seat, c))
    }

    /// `true` if `card` is on the board and `seat` knows it.
    pub fn knows_card(&self, seat: Player, card: ZamaCard) -> bool {
        on!(self, g => g.knows_card(seat, card))
    }

    /// The seats that know the card on `sq` (public: battles reveal to
    /// every seat, and which card a peek lifts is seen by all).
    pub fn known_by(&self, sq: Square) -> PlayerSet {
        self.card_at(sq).map_or(PlayerSet::EMPTY, |c| on!(self, g => g.known_by(c)))
    }

    /// `true` if the card on `sq` is a face-up K♠.
    pub fn is_face_up(&self, sq: Square) -> bool {
        on!(self, g => g.is_face_up(sq))
    }

    /// `true` if `card` has left the board.
    pub fn is_removed(&self, card: ZamaCard) -> bool {
        on!(self, g => g.is_removed(card))
    }

    /// The cards that left the board, in index order.
    pub fn removed(&self) -> impl Iterator<Item = ZamaCard> + '_ {
        ZamaCard::all_of(self.players()).filter(|c| self.is_removed(*c))
    }

    /// The cell of `card`, if on the board.
    pub fn cell_of(&self, card: ZamaCard) -> Option<Square> {
        on!(self, g => g.cell_of(card))
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

    /// `true` if the seat to move has at least one attack.
    pub fn has_attack(&self) -> bool {
        on!(self, g => g.has_attack())
    }

    /// The number of legal moves (the length of
    /// [`legal_moves`](Game::legal_moves)), without listing them.
    pub fn count_moves(&self) -> u32 {
        on!(self, g => g.count_moves())
    }

    /// The legal move of index `k` in [`legal_moves`](Game::legal_moves)
    /// order, without listing them; `None` if `k` is out of range.
    pub fn nth_move(&self, k: u32) -> Option<Move> {
        on!(self, g => g.nth_move(k))
    }

    /// A uniformly random legal move, `None` once the game is over.
    ///
    /// Draws `below(rng, count)` exactly as carte-core's `RandomPlayer` does
    /// over [`legal_moves`](Game::legal_moves), so both pick the same move
    /// from the same generator; this one lists nothing.
    #[inline]
    pub fn random_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Move> {
        on!(self, g => g.random_move(rng))
    }

    /// Plays the move [`random_move`](Zama::random_move) draws and returns
    /// it; `None` (and nothing changes) once the game is over.
    ///
    /// The fast path of random play-outs: the move is legal by
    /// construction, so it is not checked again as [`Game::apply`] would.
    #[inline]
    pub fn play_random_move<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Option<Move> {
        on_mut!(self, g => g.play_random_move(rng))
    }

    /// Checks `mv` without playing it.
    ///
    /// # Errors
    ///
    /// The [`IllegalMove`] that [`apply`](Game::apply) would return.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        on!(self, g => g.check(mv))
    }

    /// The whole truth as a diagram (every card shown; see
    /// [`Observation`](crate::Observation)'s `Display` for one seat's view).
    pub fn diagram(&self) -> String {
        self.to_string()
    }
}

/// Shows an outcome of a Zama game with the seats' names: `Red wins`,
/// `draw`, or with four players `draw (Blue out)`.
///
/// ```
/// use zama_rules::{Outcome, Seat, describe_outcome};
///
/// assert_eq!(describe_outcome(&Outcome::win(2, Seat::new(1))), "Blue wins");
/// assert_eq!(describe_outcome(&Outcome::from_returns(vec![0.0, -1.0, 0.0, 0.0])), "draw (Blue out)");
/// ```
pub fn describe_outcome(outcome: &Outcome) -> String {
    let name =
        |s: Seat| Player::from_index(s.index()).map_or_else(|| format!("seat {}", s.index()), |c| c.name().into());
    let winners: Vec<String> = outcome.winning_seats().map(name).collect();
    if !winners.is_empty() {
        return format!("{} wins", winners.join(" and "));
    }
    let out: Vec<String> = Seat::all(outcome.returns().len()).filter(|&s| outcome.value(s) < 0.0).map(name).collect();
    if out.is_empty() { "draw".into() } else { format!("draw ({} out)", out.join(", ")) }
}

/// Plays a random play-out of the two-player game on the 256-bit board
/// representation, from the deal of `seed`, and returns its plies: the
/// measurement behind the choice of one bit board per size (see the crate
/// docs, *Speed*). Plays exactly the moves of the real two-player game.
#[doc(hidden)]
pub fn wide_two_player_playout<R: Rng + ?Sized>(seed: u64, rng: &mut R) -> u64 {
    let mut g = Engine2Wide::new(Config::default(), seed);
    let mut plies = 0;
    while g.play_random_move(rng).is_some() {
        plies += 1;
    }
    plies
}

impl Game for Zama {
    type Move = Move;
    type Error = IllegalMove;

    fn num_seats(&self) -> usize {
        self.players()
    }

    #[inline]
    fn actor(&self) -> Actor {
        on!(self, g => if g.is_over() { Actor::Nobody } else { Actor::Seat(Seat::new(g.to_move)) })
    }

    /// In the attack phase: every attack between horizontal neighbours by
    /// increasing left cell, then between vertical neighbours by increasing
    /// lower cell; `pass` alone when there is none. In the shift phase:
    /// every shift in the same order, then `end`. In the peek phase: every
    /// peek by increasing cell, then `end`.
    #[inline]
    fn legal_moves(&self, out: &mut Vec<Move>) {
        on!(self, g => g.legal_moves(out))
    }

    fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    #[inline]
    fn apply(&mut self, mv: Move) -> Result<(), IllegalMove> {
        on_mut!(self, g => g.apply(mv))
    }

    /// The winner +1 and every other seat −1; a draw gives 0 to each seat
    /// still in the game and −1 to each eliminated seat.
    fn outcome(&self) -> Option<Outcome> {
        on!(self, g => g.outcome())
    }
}

impl Seeded for Zama {
    type Config = Config;
    type ConfigError = ConfigError;

    fn from_seed(config: &Config, seed: u64) -> Result<Zama, ConfigError> {
        Zama::new(config, seed)
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
    /// `.` an empty cell; the top rank first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} to move, phase {}", self.to_move(), self.phase())?;
        crate::observation::write_files(f)?;
        for rank in (0..self.ranks()).rev() {
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
        let out = self.eliminated();
        if !out.is_empty() {
            let names: Vec<&str> = out.iter().map(Player::name).collect();
            writeln!(f, "out: {}", names.join(", "))?;
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
