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
/// use zucche_rules::{Actor, Config, Game, Zucche};
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

/// The checks of a state in the first round (no round completed yet): each
/// board has played at most one turn, the boards before the one playing
/// exactly one (White's), so at most one checker was captured on each. So
/// no board is frozen, the boards before the one playing have Black to
/// move and the others White, and a checker in hand can only have come
/// from the board before, if it has played (one at most).
fn first_round(boards: &[BoardSetup], current: Option<BoardId>) -> Result<(), SetupError> {
    // At round 0 the game is running: `from_setup` refused a missing board.
    let Some(current) = current else { return Ok(()) };
    for (id, b) in BoardId::all(boards.len()).zip(boards) {
        let reason = if frozen(b) {
            "no board is frozen before a round is complete"
        } else if b.to_move != if id < current { Color::Black } else { Color::White } {
            "the boards before the one playing have Black to move, the others White"
        } else if b.hands.white + b.hands.black > u32::from(id.index() > 0 && id <= current) {
            "a checker in hand comes from one capture on the board before, once it has played"
        } else {
            continue;
        };
        return Err(SetupError::FirstRound { board: id, reason });
    }
    Ok(())
}

impl Zucche {
    /// A new game: every board in its starting position, board 1 to roll.
    ///
    /// ```
    /// use zucche_rules::{Config, Zucche};
    ///
    /// let game = Zucche::new(&Config::players(8))?;
    /// assert_eq!(game.num_boards(), 4);
    /// assert!(Zucche::new(&Config::players(6)).is_err()); // not a multiple of 4
    /// # Ok::<(), zucche_rules::ConfigError>(())
    /// ```
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
    /// ```
    /// use zucche_rules::{Config, Setup, SetupError, Zucche};
    ///
    /// let mut setup = Setup::start(Config::default())?;
    /// assert!(Zucche::from_setup(&setup).is_ok());
    /// setup.boards[0].hands.white = 1; // a ninth White checker
    /// assert!(matches!(Zucche::from_setup(&setup), Err(SetupError::Conservation { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`SetupError`] naming the first broken rule: a refused configuration,
    /// the wrong number of boards, two checkers on a square, checkers of a
    /// color created or lost (each color has 8 per board, counting hands),
    /// a board with no checker for either player, a frozen board whose
    /// waiting player is not to move, a round past the limit, a frozen or
    /// missing board to play, a game that should be over (or not), a roll
    /// made before the placements owed, or a first round that one turn per
    /// board cannot give (see the crate docs, *What a loaded state
    /// guarantees*).
    pub fn from_setup(setup: &Setup) -> Result<Zucche, SetupError> {
        let Setup { config, round, board, roll, ref boards } = *setup;
        let boards: &[BoardSetup] = boards;
        config.validate()?;
        let n = config.boards();
        if boards.len() != n {
            return Err(SetupError::BoardCount { players: config.players, expected: n, found: boards.len() });
        }
        for (id, b) in BoardId::all(n).zip(boards) {
            let both = b.checkers.white & b.checkers.black;
            if let Some(square) = squares(both).next() {
                return Err(SetupError::Overlap { board: id, square });
            }
        }
        for color in Color::ALL {
            // Summed wide: a garbage hand may be near `u32::MAX`.
            let found: u64 =
                boards.iter().map(|b| u64::from(b.checkers[color].count_ones()) + u64::from(b.hands[color])).sum();
            let expected = 8 * n as u32;
            if found != u64::from(expected) {
                let found = u32::try_from(found).unwrap_or(u32::MAX);
                return Err(SetupError::Conservation { color, expected, found });
            }
        }
        for (id, b) in BoardId::all(n).zip(boards) {
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
        if round == 0 {
            first_round(boards, board)?;
        }
        Ok(Zucche {
            boards: boards.to_vec(),
            rounds: config.rounds,
            round,
            current: board,
            roll: roll.map_or(0, Pips::get),
        })
    }

    /// This state as plain data (the inverse of [`Zucche::from_setup`]).
    ///
    /// ```
    /// use zucche_rules::{Config, Game, Zucche};
    ///
    /// let mut game = Zucche::new(&Config::default())?;
    /// game.apply_notation("roll 4")?;
    /// let setup = game.to_setup();
    /// assert_eq!(setup.roll.map(|p| p.get()), Some(4));
    /// assert_eq!(Zucche::from_setup(&setup)?, game);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
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
    ///
    /// ```
    /// use zucche_rules::{Config, Zucche};
    ///
    /// let config = Config::players(8).with_rounds(40);
    /// assert_eq!(Zucche::new(&config)?.config(), config);
    /// # Ok::<(), zucche_rules::ConfigError>(())
    /// ```
    pub fn config(&self) -> Config {
        Config::players(2 * self.boards.len()).with_rounds(self.rounds)
    }

    /// Number of boards (half the players).
    pub fn num_boards(&self) -> usize {
        self.boards.len()
    }

    /// Rounds completed so far (equal to the limit once time is up).
    ///
    /// ```
    /// use zucche_rules::{Config, Game, Zucche, deal_rng, random_playout};
    ///
    /// let mut game = Zucche::new(&Config::default().with_rounds(5))?;
    /// assert_eq!(game.round(), 0);
    /// random_playout(&mut game, &mut deal_rng(0), 100_000);
    /// assert_eq!(game.round(), 5); // time is up (or every board froze)
    /// # Ok::<(), zucche_rules::ConfigError>(())
    /// ```
    pub fn round(&self) -> u32 {
        self.round
    }

    /// The board playing now; `None` once the game is over.
    ///
    /// ```
    /// use zucche_rules::{BoardId, Config, Game, Zucche};
    ///
    /// let mut game = Zucche::new(&Config::default())?;
    /// assert_eq!(game.current_board(), BoardId::from_number(1));
    /// game.apply_notation("roll 1")?;
    /// game.apply_notation("1:a1-a2")?;
    /// assert_eq!(game.current_board(), BoardId::from_number(2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn current_board(&self) -> Option<BoardId> {
        self.current
    }

    /// The player whose turn it is (also while their die is rolled); `None`
    /// once the game is over.
    ///
    /// ```
    /// use zucche_rules::{Config, Zucche};
    ///
    /// let game = Zucche::new(&Config::default())?;
    /// assert_eq!(game.to_move().map(|p| p.to_string()), Some("A1".to_owned())); // White on board 1
    /// # Ok::<(), zucche_rules::ConfigError>(())
    /// ```
    pub fn to_move(&self) -> Option<Player> {
        let id = self.current?;
        Some(id.player(self.boards[id.index()].to_move))
    }

    /// The roll awaiting a move, if the die of the current board was rolled.
    ///
    /// ```
    /// use zucche_rules::{Config, Game, Pips, Zucche};
    ///
    /// let mut game = Zucche::new(&Config::default())?;
    /// assert_eq!(game.roll(), None);
    /// game.apply_notation("roll 6")?;
    /// assert_eq!(game.roll(), Pips::new(6));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn roll(&self) -> Option<Pips> {
        Pips::new(self.roll)
    }

    /// What happens next.
    ///
    /// ```
    /// use zucche_rules::{Config, Game, Phase, Zucche};
    ///
    /// let mut game = Zucche::new(&Config::default())?;
    /// assert!(matches!(game.phase(), Phase::Roll { .. }));
    /// game.apply_notation("roll 2")?;
    /// assert!(matches!(game.phase(), Phase::Step { pips, .. } if pips.get() == 2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
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
    ///
    /// ```
    /// use zucche_rules::{Config, End, Game, Zucche, deal_rng, random_playout};
    ///
    /// let mut game = Zucche::new(&Config::default().with_rounds(3))?;
    /// assert_eq!(game.end(), None);
    /// random_playout(&mut game, &mut deal_rng(0), 100_000);
    /// assert_eq!(game.end(), Some(End::RoundLimit));
    /// # Ok::<(), zucche_rules::ConfigError>(())
    /// ```
    pub fn end(&self) -> Option<End> {
        match self.phase() {
            Phase::Over(end) => Some(end),
            _ => None,
        }
    }

    /// Board `board` as plain data, or `None` if the game has no such
    /// board: the accessor for a board named by outside input (a client's
    /// request); the same as [`Zucche::board`].
    ///
    /// ```
    /// use zucche_rules::{BoardId, Config, Zucche};
    ///
    /// let game = Zucche::new(&Config::default())?; // boards 1 and 2
    /// assert!(game.get_board(BoardId::from_number(2).unwrap()).is_some());
    /// assert!(game.get_board(BoardId::from_number(3).unwrap()).is_none());
    /// # Ok::<(), zucche_rules::ConfigError>(())
    /// ```
    pub fn get_board(&self, board: BoardId) -> Option<&BoardSetup> {
        self.boards.get(board.index())
    }

    /// Board `board` as plain data: checkers, hands, color to move; `None`
    /// if the game has no such board.
    ///
    /// ```
    /// use zucche_rules::{BoardId, Config, Zucche};
    ///
    /// let game = Zucche::new(&Config::default())?;
    /// let b1 = BoardId::from_number(1).unwrap();
    /// assert_eq!(game.board(b1).unwrap().to_string(), "bbbbbbbb/8/8/8/8/8/8/wwwwwwww w 0 0");
    /// assert_eq!(game.checkers(b1, zucche_rules::Color::White), Some(0xFF)); // rank 1
    /// assert!(game.board(BoardId::from_number(3).unwrap()).is_none()); // 4 players, 2 boards
    /// # Ok::<(), zucche_rules::ConfigError>(())
    /// ```
    pub fn board(&self, board: BoardId) -> Option<&BoardSetup> {
        self.boards.get(board.index())
    }

    /// Board `board`, which the game has: one it named (the board in play,
    /// one of `BoardId::all(self.num_boards())`), never a caller's.
    pub(crate) fn own_board(&self, board: BoardId) -> &BoardSetup {
        &self.boards[board.index()]
    }

    /// The checkers of `color` on `board`, as a bitboard (bit
    /// [`Square::index`]); `None` if the game has no such board.
    pub fn checkers(&self, board: BoardId, color: Color) -> Option<u64> {
        Some(self.board(board)?.checkers[color])
    }

    /// The color of the checker on `square` of `board`, if any (`None` also
    /// if the game has no such board).
    ///
    /// ```
    /// use zucche_rules::{BoardId, Color, Config, Zucche};
    ///
    /// let game = Zucche::new(&Config::default())?;
    /// let b2 = BoardId::from_number(2).unwrap();
    /// assert_eq!(game.piece_at(b2, "a1".parse()?), Some(Color::Black)); // team A plays Black on board 2
    /// assert_eq!(game.piece_at(b2, "a4".parse()?), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn piece_at(&self, board: BoardId, square: Square) -> Option<Color> {
        self.board(board)?.piece_at(square)
    }

    /// The checkers in `player`'s hand; `None` if the game has no such
    /// player.
    ///
    /// ```
    /// use zucche_rules::{Config, Zucche};
    ///
    /// let game = Zucche::new(&Config::default())?;
    /// let a2 = "A2".parse()?;
    /// assert_eq!((game.hand(a2), game.checkers_of(a2)), (Some(0), Some(8)));
    /// assert_eq!(game.hand("B3".parse()?), None); // 4 players: boards 1 and 2
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn hand(&self, player: Player) -> Option<u32> {
        Some(self.board(player.board)?.hands[player.color()])
    }

    /// All of `player`'s checkers: on their board and in hand; `None` if
    /// the game has no such player.
    pub fn checkers_of(&self, player: Player) -> Option<u32> {
        let b = self.board(player.board)?;
        let color = player.color();
        Some(b.checkers[color].count_ones() + b.hands[color])
    }

    /// Whether `board` is frozen: one of its players has no checker, on the
    /// board or in hand, and both wait; `None` if the game has no such
    /// board.
    ///
    /// ```
    /// use zucche_rules::{BoardId, Config, Zucche};
    ///
    /// let game = Zucche::new(&Config::default())?;
    /// assert_eq!(game.is_frozen(BoardId::from_number(1).unwrap()), Some(false));
    /// # Ok::<(), zucche_rules::ConfigError>(())
    /// ```
    pub fn is_frozen(&self, board: BoardId) -> Option<bool> {
        self.board(board).map(frozen)
    }

    /// The player to move next on `board` (whose die it is); `None` if the
    /// game has no such board.
    ///
    /// ```
    /// use zucche_rules::{BoardId, Config, Zucche};
    ///
    /// let game = Zucche::new(&Config::default())?;
    /// // White moves first on every board: B2 plays White on board 2.
    /// assert_eq!(game.board_to_move(BoardId::from_number(2).unwrap()).unwrap().to_string(), "B2");
    /// # Ok::<(), zucche_rules::ConfigError>(())
    /// ```
    pub fn board_to_move(&self, board: BoardId) -> Option<Player> {
        Some(board.player(self.board(board)?.to_move))
    }

    /// Each team's checkers, on boards and in hands.
    ///
    /// ```
    /// use zucche_rules::{ByTeam, Config, Zucche};
    ///
    /// let game = Zucche::new(&Config::players(8))?;
    /// assert_eq!(game.counts(), ByTeam { a: 32, b: 32 });
    /// # Ok::<(), zucche_rules::ConfigError>(())
    /// ```
    pub fn counts(&self) -> ByTeam<u32> {
        let mut counts = ByTeam::splat(0);
        for (id, b) in BoardId::all(self.boards.len()).zip(&self.boards) {
            for color in Color::ALL {
                counts[id.team_of(color)] += b.checkers[color].count_ones() + b.hands[color];
            }
        }
        counts
    }

    /// The result once the game is over: the team with more checkers wins.
    ///
    /// ```
    /// use zucche_rules::{Config, GameResult, random_game};
    ///
    /// let (game, _) = random_game(&Config::default(), 2026)?;
    /// assert_eq!(game.result(), Some(GameResult::Winner(zucche_rules::Team::A)));
    /// assert_eq!(game.result().unwrap().to_string(), "team A wins");
    /// # Ok::<(), zucche_rules::ConfigError>(())
    /// ```
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

    /// The result with the team counts, once the game is over: `team A
    /// wins 17-15` (the winner's count first), `draw 16-16`.
    ///
    /// ```
    /// use zucche_rules::{random_game, Config};
    ///
    /// let (game, _) = random_game(&Config::default(), 2026)?;
    /// assert_eq!(game.describe_result().unwrap(), "team A wins 20-12");
    /// # Ok::<(), zucche_rules::ConfigError>(())
    /// ```
    pub fn describe_result(&self) -> Option<String> {
        let c = self.counts();
        Some(match self.result()? {
            GameResult::Winner(team) => format!("team {team} wins {}-{}", c[team], c[!team]),
            GameResult::Draw => format!("draw {}-{}", c.a, c.b),
        })
    }

    /// The carte-core seat of `player` (see [`Player::seat`]); `None` if
    /// the game has no such player.
    ///
    /// ```
    /// use zucche_rules::{Config, Seat, Zucche};
    ///
    /// let game = Zucche::new(&Config::default())?;
    /// assert_eq!(game.seat_of("B2".parse()?), Some(Seat::new(3)));
    /// assert_eq!(game.seat_of("B3".parse()?), None); // 4 players: seats 0 to 3
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn seat_of(&self, player: Player) -> Option<Seat> {
        (player.board.index() < self.boards.len()).then(|| player.seat())
    }

    /// The player at `seat`, if the game has that seat.
    ///
    /// ```
    /// use zucche_rules::{Config, Seat, Zucche};
    ///
    /// let game = Zucche::new(&Config::default())?;
    /// assert_eq!(game.player_at(Seat::new(3)).map(|p| p.to_string()), Some("B2".to_owned()));
    /// assert_eq!(game.player_at(Seat::new(4)), None); // 4 players: seats 0 to 3
    /// # Ok::<(), zucche_rules::ConfigError>(())
    /// ```
    pub fn player_at(&self, seat: Seat) -> Option<Player> {
        (seat.index() < self.num_seats()).then(|| Player::from_seat(seat))
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
    /// ```
    /// use zucche_rules::{Config, Game, IllegalMove, Zucche};
    ///
    /// let mut game = Zucche::new(&Config::default())?;
    /// game.apply_notation("roll 2")?;
    /// let err = game.check("1:a1-a4".parse()?).unwrap_err();
    /// assert!(matches!(err, IllegalMove::WrongDistance { distance: 3, .. }));
    /// assert_eq!(err.to_string(), "illegal move 1:a1-a4: it goes 3 square(s), the die shows 2");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
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
    ///
    /// ```
    /// use zucche_rules::{Config, Game, Zucche};
    ///
    /// let mut game = Zucche::new(&Config::default())?;
    /// game.apply_notation("roll 5")?;
    /// let mut n = 0;
    /// game.for_each_move(|_| n += 1);
    /// assert_eq!(n, game.legal_move_vec().len()); // each home checker 5 squares ahead
    /// assert_eq!(n, 8);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn for_each_move(&self, mut f: impl FnMut(Move)) {
        match self.choices() {
            Choices::Nothing => {}
            Choices::Steps { board, own, roll } => {
                if step_moves(board, own, roll, &mut f) == 0 {
                    f(Move::Pass);
                }
            }
            Choices::Places { board, free } => squares(free).for_each(|to| f(Move::Place { board, to })),
            Choices::Die => DIE.iter().for_each(|&(mv, _)| f(mv)),
        }
    }

    /// What the actor chooses from now, as bit sets: the phases of
    /// [`phase`](Zucche::phase), decided directly (this runs once per ply).
    /// [`for_each_move`](Zucche::for_each_move) lists it as moves, and
    /// [`ActionSpace::legal_action_bits`](carte_core::ActionSpace::legal_action_bits)
    /// writes it as actions.
    #[inline]
    pub(crate) fn choices(&self) -> Choices {
        let Some(board) = self.current else { return Choices::Nothing };
        let b = &self.boards[board.index()];
        let color = b.to_move;
        if self.roll != 0 {
            Choices::Steps { board, own: b.checkers[color], roll: self.roll }
        } else if owes_placement(b, board, color) {
            Choices::Places { board, free: free_home(b, board, color) }
        } else {
            Choices::Die
        }
    }
}

/// What the actor chooses from at a state (see [`Zucche::choices`]).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Choices {
    /// The game is over.
    Nothing,
    /// The steps of `roll` squares of the checkers `own` on `board` (or
    /// `pass` when there is none).
    Steps { board: BoardId, own: u64, roll: u8 },
    /// A placement on each square of `free`, the empty home squares of
    /// `board`'s player to move (never empty).
    Places { board: BoardId, free: u64 },
    /// The die's six faces.
    Die,
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
            Actor::Seat(cur.player(b.to_move).seat())
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
                Outcome::winners(seats, BoardId::all(self.boards.len()).map(|b| Player::new(team, b).seat()))
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

/// An outcome of a game with the teams' names: `team A wins`, `team B
/// wins`, `draw` (team A holds the even seats, team B the odd ones; an
/// outcome no game gives is written as carte-core writes it). With the
/// game at hand, [`Zucche::describe_result`] adds the counts.
///
/// ```
/// use zucche_rules::{Outcome, Seat, describe_outcome};
///
/// assert_eq!(describe_outcome(&Outcome::winners(4, [Seat::new(1), Seat::new(3)])), "team B wins");
/// assert_eq!(describe_outcome(&Outcome::draw(4)), "draw");
/// ```
pub fn describe_outcome(outcome: &Outcome) -> String {
    let seats = Seat::all(outcome.returns().len());
    let team_a: Vec<Seat> = seats.clone().step_by(2).collect();
    let team_b: Vec<Seat> = seats.skip(1).step_by(2).collect();
    let winners: Vec<Seat> = outcome.winning_seats().collect();
    if !outcome.returns().len().is_multiple_of(4) || outcome.returns().is_empty() {
        outcome.to_string()
    } else if outcome.is_draw() {
        "draw".to_owned()
    } else if winners == team_a {
        "team A wins".to_owned()
    } else if winners == team_b {
        "team B wins".to_owned()
    } else {
        outcome.to_string()
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
        Zucche::from_setup(&setup)
    }
}

impl From<Zucche> for Setup {
    fn from(game: Zucche) -> Setup {
        Setup { config: game.config(), round: game.round, board: game.current, roll: game.roll(), boards: game.boards }
    }
}
