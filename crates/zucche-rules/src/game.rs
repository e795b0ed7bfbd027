//! The game state and the rules: [`Zucche`].

use core::fmt;

use carte_core::{Actor, Game, Outcome, Seat, Seeded};

use crate::color::{ByTeam, Color, Team};
use crate::config::{Config, ConfigError};
use crate::error::{IllegalMove, SetupError};
use crate::moves::{Move, Pips};
use crate::player::{BoardId, Player};
use crate::setup::{BoardSetup, Setup};
use crate::square::{DESTINATIONS, Square, attackers_mask, squares};

/// A game of Zucche e Fantasmi in progress: every board, hand and die, whose
/// turn it is, and how many rounds were played. A value is always a legal
/// state (see the crate docs for the rules and rulings).
///
/// Build it with [`Zucche::new`] (or [`Seeded::from_seed`]) for a fresh game
/// or [`Zucche::from_setup`] for any position; play it through [`Game`].
///
/// ```
/// use carte_core::{Actor, Game};
/// use zucche_rules::{Config, Zucche};
///
/// let mut game = Zucche::new(&Config::default())?;
/// assert_eq!(game.actor(), Actor::Chance); // board 1's die
/// game.apply("roll 3".parse()?)?;
/// game.apply("1:c1-c4".parse()?)?; // White (A1) moves three squares
/// assert!(game.apply("1:c8-c5".parse()?).is_err()); // board 2 plays next
/// game.apply("roll 6".parse()?)?;
/// game.apply("2:h8-h2".parse()?)?; // board 2: B2 plays White from rank 8
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "Setup", into = "Setup"))]
pub struct Zucche {
    boards: Vec<BoardSetup>,
    rounds: u32,
    round: u32,
    current: Option<BoardId>,
    /// The roll awaiting a move on the current board; 0 before the roll.
    roll: u8,
}

/// What happens next in a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// `player` places a checker from hand on their home rank.
    Place {
        /// The board playing.
        board: BoardId,
        /// The player to place.
        player: Player,
    },
    /// The die of `board` is rolled for `player` (a chance node).
    Roll {
        /// The board playing.
        board: BoardId,
        /// The player whose turn it is.
        player: Player,
    },
    /// `player` moves a checker exactly `pips` squares, or passes if none can.
    Step {
        /// The board playing.
        board: BoardId,
        /// The player to move.
        player: Player,
        /// The roll.
        pips: Pips,
    },
    /// The game is over.
    Over(End),
}

/// Why a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// The configured number of rounds was played.
    RoundLimit,
    /// Every board is frozen, so nobody can move again.
    AllFrozen,
}

/// The result of a finished game, decided by the team count.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// This team holds more checkers.
    Winner(Team),
    /// Both teams hold as many checkers.
    Draw,
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameResult::Winner(team) => write!(f, "team {team} wins"),
            GameResult::Draw => f.write_str("draw"),
        }
    }
}

/// A player is out of checkers when none are on the board or in hand.
#[inline]
fn empty_handed(b: &BoardSetup, color: Color) -> bool {
    b.checkers[color] == 0 && b.hands[color] == 0
}

#[inline]
fn frozen(b: &BoardSetup) -> bool {
    empty_handed(b, Color::White) || empty_handed(b, Color::Black)
}

/// The empty squares of the home rank of `color` on board `id`.
#[inline]
fn free_home(b: &BoardSetup, id: BoardId, color: Color) -> u64 {
    id.home(color) & !(b.checkers.white | b.checkers.black)
}

#[inline]
fn owes_placement(b: &BoardSetup, id: BoardId, color: Color) -> bool {
    b.hands[color] > 0 && free_home(b, id, color) != 0
}

/// Whether some checker of `own` can go exactly `d` squares without ending
/// on a friend.
#[inline]
fn can_step(own: u64, d: u8) -> bool {
    attackers_mask(!own, d) & own != 0
}

/// Calls `f` with every step of `own`'s checkers by exactly `d` squares not
/// ending on a friend, by starting square, then landing square; returns
/// how many.
#[inline(always)]
fn step_moves(board: BoardId, own: u64, d: u8, mut f: impl FnMut(Move)) -> usize {
    let table = &DESTINATIONS[usize::from(d & 7)];
    let mut n = 0;
    let mut froms = own;
    while froms != 0 {
        let from = froms.trailing_zeros();
        froms &= froms - 1;
        let mut tos = table[from as usize] & !own;
        while tos != 0 {
            let to = tos.trailing_zeros();
            tos &= tos - 1;
            f(Move::Step { board, from: Square::from_bit_index(from), to: Square::from_bit_index(to) });
            n += 1;
        }
    }
    n
}

impl Zucche {
    /// A new game: every board in its starting position, board 1 to roll.
    ///
    /// # Errors
    ///
    /// [`ConfigError`] for a player count that is not a positive multiple of
    /// 4 (up to 256) or a round limit of 0.
    pub fn new(config: &Config) -> Result<Zucche, ConfigError> {
        let setup = Setup::start(*config)?;
        Ok(Zucche { boards: setup.boards, rounds: config.rounds, round: 0, current: setup.board, roll: 0 })
    }

    /// The state described by `setup`, if play can reach it.
    ///
    /// # Errors
    ///
    /// [`SetupError`] naming the first broken rule: a refused configuration,
    /// the wrong number of boards, two checkers on a square, checkers of a
    /// color created or lost (each color has 8 per board, counting hands),
    /// a board with no checker for either player, a frozen board whose
    /// waiting player is not to move, a round past the limit, a frozen or
    /// missing board to play, a game that should be over (or not), a roll
    /// outside 1-6, or a roll made before the placements owed.
    pub fn from_setup(setup: Setup) -> Result<Zucche, SetupError> {
        let Setup { config, round, board, roll, boards } = setup;
        config.check()?;
        let n = config.boards();
        if boards.len() != n {
            return Err(SetupError::BoardCount { players: config.players, expected: n, found: boards.len() });
        }
        for (id, b) in BoardId::all(n).zip(&boards) {
            let both = b.checkers.white & b.checkers.black;
            if let Some(square) = squares(both).next() {
                return Err(SetupError::Overlap { board: id, square });
            }
        }
        for color in Color::ALL {
            let found: u64 =
                boards.iter().map(|b| u64::from(b.checkers[color].count_ones()) + u64::from(b.hands[color])).sum();
            let expected = 8 * n as u64;
            if found != expected {
                return Err(SetupError::Conservation { color, expected, found });
            }
        }
        for (id, b) in BoardId::all(n).zip(&boards) {
            if empty_handed(b, Color::White) && empty_handed(b, Color::Black) {
                return Err(SetupError::BothEmpty { board: id });
            }
            if let Some(waiting) = Color::ALL.into_iter().find(|&c| empty_handed(b, c))
                && b.to_move != waiting
            {
                return Err(SetupError::FrozenNotWaiting { board: id, waiting: id.player(waiting) });
            }
        }
        if round > config.rounds {
            return Err(SetupError::RoundBeyondLimit { round, rounds: config.rounds });
        }
        match board {
            Some(id) => {
                let Some(b) = boards.get(id.index()) else {
                    return Err(SetupError::NoSuchBoard { number: usize::from(id.number()) });
                };
                if round == config.rounds {
                    return Err(SetupError::Cursor("a board is playing after the last round"));
                }
                if frozen(b) {
                    return Err(SetupError::CurrentFrozen { board: id });
                }
                if roll.is_some() && owes_placement(b, id, b.to_move) {
                    return Err(SetupError::RollBeforePlacement { player: id.player(b.to_move) });
                }
            }
            None => {
                if roll.is_some() {
                    return Err(SetupError::Cursor("a roll is pending but no board is playing"));
                }
                if round < config.rounds && !boards.iter().all(frozen) {
                    return Err(SetupError::Cursor("no board is playing but the game is not over"));
                }
            }
        }
        Ok(Zucche { boards, rounds: config.rounds, round, current: board, roll: roll.map_or(0, Pips::get) })
    }

    /// This state as plain data (the inverse of [`Zucche::from_setup`]).
    pub fn to_setup(&self) -> Setup {
        Setup {
            config: self.config(),
            round: self.round,
            board: self.current,
            roll: self.roll(),
            boards: self.boards.clone(),
        }
    }

    /// Players and round limit.
    pub fn config(&self) -> Config {
        Config { players: 2 * self.boards.len(), rounds: self.rounds }
    }

    /// Number of boards (half the players).
    pub fn num_boards(&self) -> usize {
        self.boards.len()
    }

    /// Rounds completed so far (equal to the limit once time is up).
    pub fn round(&self) -> u32 {
        self.round
    }

    /// The board playing now; `None` once the game is over.
    pub fn current_board(&self) -> Option<BoardId> {
        self.current
    }

    /// The player whose turn it is (also while their die is rolled); `None`
    /// once the game is over.
    pub fn to_move(&self) -> Option<Player> {
        let id = self.current?;
        Some(id.player(self.boards[id.index()].to_move))
    }

    /// The roll awaiting a move, if the die of the current board was rolled.
    pub fn roll(&self) -> Option<Pips> {
        Pips::new(self.roll)
    }

    /// What happens next.
    pub fn phase(&self) -> Phase {
        let Some(board) = self.current else {
            return Phase::Over(if self.boards.iter().all(frozen) { End::AllFrozen } else { End::RoundLimit });
        };
        let b = &self.boards[board.index()];
        let player = board.player(b.to_move);
        if let Some(pips) = self.roll() {
            Phase::Step { board, player, pips }
        } else if owes_placement(b, board, b.to_move) {
            Phase::Place { board, player }
        } else {
            Phase::Roll { board, player }
        }
    }

    /// Why the game ended; `None` while it runs. When the last round leaves
    /// every board frozen, the reason given is [`End::AllFrozen`].
    pub fn end(&self) -> Option<End> {
        match self.phase() {
            Phase::Over(end) => Some(end),
            _ => None,
        }
    }

    fn board_data(&self, board: BoardId) -> &BoardSetup {
        assert!(board.index() < self.boards.len(), "board {board} is not in a game of {} boards", self.boards.len());
        &self.boards[board.index()]
    }

    /// Board `board` as plain data: checkers, hands, color to move.
    ///
    /// # Panics
    ///
    /// If the game has no such board.
    pub fn board(&self, board: BoardId) -> &BoardSetup {
        self.board_data(board)
    }

    /// The checkers of `color` on `board`, as a bitboard (bit
    /// [`Square::index`]).
    ///
    /// # Panics
    ///
    /// If the game has no such board.
    pub fn checkers(&self, board: BoardId, color: Color) -> u64 {
        self.board_data(board).checkers[color]
    }

    /// The color of the checker on `square` of `board`, if any.
    ///
    /// # Panics
    ///
    /// If the game has no such board.
    pub fn piece_at(&self, board: BoardId, square: Square) -> Option<Color> {
        self.board_data(board).piece_at(square)
    }

    /// The checkers in `player`'s hand.
    ///
    /// # Panics
    ///
    /// If the game has no such player.
    pub fn hand(&self, player: Player) -> u16 {
        self.board_data(player.board).hands[player.color()]
    }

    /// All of `player`'s checkers: on their board and in hand.
    ///
    /// # Panics
    ///
    /// If the game has no such player.
    pub fn checkers_of(&self, player: Player) -> u32 {
        let b = self.board_data(player.board);
        let color = player.color();
        b.checkers[color].count_ones() + u32::from(b.hands[color])
    }

    /// Whether `board` is frozen: one of its players has no checker, on the
    /// board or in hand, and both wait.
    ///
    /// # Panics
    ///
    /// If the game has no such board.
    pub fn is_frozen(&self, board: BoardId) -> bool {
        frozen(self.board_data(board))
    }

    /// The player to move next on `board` (whose die it is).
    ///
    /// # Panics
    ///
    /// If the game has no such board.
    pub fn board_to_move(&self, board: BoardId) -> Player {
        board.player(self.board_data(board).to_move)
    }

    /// Each team's checkers, on boards and in hands.
    pub fn counts(&self) -> ByTeam<u32> {
        let mut counts = ByTeam::splat(0);
        for (id, b) in BoardId::all(self.boards.len()).zip(&self.boards) {
            for color in Color::ALL {
                counts[id.team_of(color)] += b.checkers[color].count_ones() + u32::from(b.hands[color]);
            }
        }
        counts
    }

    /// The result once the game is over: the team with more checkers wins.
    pub fn result(&self) -> Option<GameResult> {
        self.current.is_none().then(|| {
            let c = self.counts();
            match c.a.cmp(&c.b) {
                core::cmp::Ordering::Greater => GameResult::Winner(Team::A),
                core::cmp::Ordering::Less => GameResult::Winner(Team::B),
                core::cmp::Ordering::Equal => GameResult::Draw,
            }
        })
    }

    /// The carte-core seat of `player` (see [`Player::seat`]).
    pub fn seat_of(&self, player: Player) -> Seat {
        player.seat(self.boards.len())
    }

    /// The player at `seat`, if the game has that seat.
    pub fn player_at(&self, seat: Seat) -> Option<Player> {
        Player::from_seat(seat, self.boards.len())
    }

    /// `true` for the common legal moves of play: a roll, or a step of the
    /// rolled distance onto a square without a friend. `false` says
    /// nothing: [`check`](Zucche::check) decides.
    #[inline(always)]
    fn quick_legal(&self, mv: Move) -> bool {
        let Some(cur) = self.current else { return false };
        let b = &self.boards[cur.index()];
        match mv {
            Move::Step { board, from, to } if board == cur && self.roll != 0 => {
                let own = b.checkers[b.to_move];
                let reach = DESTINATIONS[usize::from(self.roll & 7)][usize::from(from.index())];
                own & from.bit() != 0 && reach & to.bit() & !own != 0
            }
            Move::Roll { .. } => self.roll == 0 && !owes_placement(b, cur, b.to_move),
            _ => false,
        }
    }

    /// Checks `mv` against the rules, saying why it is illegal.
    ///
    /// # Errors
    ///
    /// The [`IllegalMove`] that [`Game::apply`] would return.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        let Some(cur) = self.current else {
            return Err(IllegalMove::GameOver { mv });
        };
        let b = &self.boards[cur.index()];
        let color = b.to_move;
        if self.quick_legal(mv) {
            return Ok(());
        }
        let player = cur.player(color);
        let on_board = |board: BoardId| {
            if board == cur { Ok(()) } else { Err(IllegalMove::WrongBoard { mv, board, current: cur }) }
        };
        let Some(rolled) = self.roll() else {
            let owes = owes_placement(b, cur, color);
            return match mv {
                Move::Roll { .. } if !owes => Ok(()),
                Move::Roll { .. } => Err(IllegalMove::NotChance { mv, player }),
                _ if !owes => Err(IllegalMove::RollFirst { mv, board: cur }),
                Move::Pass => Err(IllegalMove::PlacementOwed { mv, player, count: b.hands[color] }),
                Move::Step { board, .. } => {
                    on_board(board)?;
                    Err(IllegalMove::PlacementOwed { mv, player, count: b.hands[color] })
                }
                Move::Place { board, to } => {
                    on_board(board)?;
                    let home = cur.home(color);
                    if home & to.bit() == 0 {
                        let rank = if home & 1 != 0 { 1 } else { 8 };
                        Err(IllegalMove::OffHomeRank { mv, player, to, rank })
                    } else if (b.checkers.white | b.checkers.black) & to.bit() != 0 {
                        Err(IllegalMove::Occupied { mv, to })
                    } else {
                        Ok(())
                    }
                }
            };
        };
        let d = rolled.get();
        let own = b.checkers[color];
        match mv {
            Move::Roll { .. } => Err(IllegalMove::NotChance { mv, player }),
            Move::Place { board, .. } => {
                on_board(board)?;
                Err(IllegalMove::NothingToPlace { mv, player })
            }
            Move::Pass => {
                if can_step(own, d) {
                    Err(IllegalMove::PassNotForced { mv, roll: rolled })
                } else {
                    Ok(())
                }
            }
            Move::Step { board, from, to } => {
                on_board(board)?;
                if own & from.bit() == 0 {
                    return Err(if b.checkers[!color] & from.bit() != 0 {
                        IllegalMove::WrongPlayer { mv, from, owner: player.opponent(), player }
                    } else {
                        IllegalMove::EmptySquare { mv, from }
                    });
                }
                let distance = if from == to {
                    0
                } else {
                    from.line_distance(to).ok_or(IllegalMove::NotStraight { mv, from, to })?
                };
                if distance != d {
                    return Err(IllegalMove::WrongDistance { mv, distance, roll: rolled });
                }
                if own & to.bit() != 0 {
                    return Err(IllegalMove::OntoFriend { mv, to });
                }
                Ok(())
            }
        }
    }

    /// Plays a move already known to be legal.
    fn play(&mut self, mv: Move) {
        let Some(cur) = self.current else { return };
        let n = self.boards.len();
        match mv {
            Move::Roll { pips } => self.roll = pips.get(),
            Move::Place { to, .. } => {
                let b = &mut self.boards[cur.index()];
                let color = b.to_move;
                b.checkers[color] |= to.bit();
                b.hands[color] -= 1;
            }
            Move::Step { from, to, .. } => {
                let b = &mut self.boards[cur.index()];
                let color = b.to_move;
                b.checkers[color] ^= from.bit() | to.bit();
                if b.checkers[!color] & to.bit() != 0 {
                    b.checkers[!color] &= !to.bit();
                    // The capturer's left-hand teammate sits at the next
                    // board and, the colors alternating along the team,
                    // plays the captured checker's color there.
                    let next = (cur.index() + 1) % n;
                    self.boards[next].hands[!color] += 1;
                }
                self.end_turn(cur);
            }
            Move::Pass => self.end_turn(cur),
        }
    }

    /// Passes the die on `cur` and moves to the next board that is not
    /// frozen, in this round or the next; ends the game at the round limit
    /// or when every board is frozen.
    fn end_turn(&mut self, cur: BoardId) {
        self.roll = 0;
        let b = &mut self.boards[cur.index()];
        b.to_move = !b.to_move;
        let n = self.boards.len();
        if let Some(next) = (cur.index() + 1..n).find(|&i| !frozen(&self.boards[i])) {
            self.current = BoardId::from_index(next);
            return;
        }
        self.round += 1;
        self.current = if self.round >= self.rounds {
            None
        } else {
            (0..n).find(|&i| !frozen(&self.boards[i])).and_then(BoardId::from_index)
        };
    }

    /// Calls `f` with every legal move, in the order of
    /// [`Game::legal_moves`], without allocating.
    #[inline]
    pub fn for_each_move(&self, mut f: impl FnMut(Move)) {
        // The phases of `phase`, decided directly: this runs once per ply.
        let Some(board) = self.current else { return };
        let b = &self.boards[board.index()];
        let color = b.to_move;
        if self.roll != 0 {
            if step_moves(board, b.checkers[color], self.roll, &mut f) == 0 {
                f(Move::Pass);
            }
        } else if owes_placement(b, board, color) {
            squares(free_home(b, board, color)).for_each(|to| f(Move::Place { board, to }));
        } else {
            DIE.iter().for_each(|&(mv, _)| f(mv));
        }
    }
}

/// The six faces of a die, each with probability 1/6.
const DIE: [(Move, f64); 6] = {
    let mut faces = [(Move::Pass, 1.0 / 6.0); 6];
    let mut i = 0;
    while i < 6 {
        faces[i].0 = Move::Roll { pips: Pips::ALL[i] };
        i += 1;
    }
    faces
};

impl Game for Zucche {
    type Move = Move;
    type Error = IllegalMove;

    fn num_seats(&self) -> usize {
        2 * self.boards.len()
    }

    fn actor(&self) -> Actor {
        // `phase` without building the phase: this runs once per ply.
        let Some(cur) = self.current else {
            return Actor::Nobody;
        };
        let b = &self.boards[cur.index()];
        if self.roll == 0 && !owes_placement(b, cur, b.to_move) {
            Actor::Chance
        } else {
            Actor::Seat(self.seat_of(cur.player(b.to_move)))
        }
    }

    /// Chance: `roll 1` to `roll 6`. Placements: the empty home squares,
    /// `a` to `h`. Steps: by starting square, then landing square (both by
    /// index, `a1` first); `pass` alone when no step exists.
    fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        self.for_each_move(|mv| out.push(mv));
    }

    fn apply(&mut self, mv: Move) -> Result<(), IllegalMove> {
        if !self.quick_legal(mv) {
            self.check(mv)?;
        }
        self.play(mv);
        Ok(())
    }

    fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    /// Each team member scores +1 for a win, −1 for a loss; a draw is 0.
    fn outcome(&self) -> Option<Outcome> {
        let seats = self.num_seats();
        Some(match self.result()? {
            GameResult::Winner(team) => {
                Outcome::winners(seats, BoardId::all(self.boards.len()).map(|b| self.seat_of(Player::new(team, b))))
            }
            GameResult::Draw => Outcome::draw(seats),
        })
    }

    fn chance_outcomes(&self, out: &mut Vec<(Move, f64)>) {
        out.clear();
        if self.actor() == Actor::Chance {
            out.extend_from_slice(&DIE);
        }
    }
}

impl Seeded for Zucche {
    type Config = Config;
    type ConfigError = ConfigError;

    /// The starting state; the seed is not used, because the game has no
    /// deal: the dice are chance moves, drawn by whoever drives the game
    /// (e.g. [`crate::random_game`] draws them from `seed`).
    fn from_seed(config: &Config, _seed: u64) -> Result<Zucche, ConfigError> {
        Zucche::new(config)
    }
}

impl TryFrom<Setup> for Zucche {
    type Error = SetupError;
    fn try_from(setup: Setup) -> Result<Zucche, SetupError> {
        Zucche::from_setup(setup)
    }
}

impl From<Zucche> for Setup {
    fn from(game: Zucche) -> Setup {
        Setup { config: game.config(), round: game.round, board: game.current, roll: game.roll(), boards: game.boards }
    }
}
