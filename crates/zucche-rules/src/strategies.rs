//! Proptest strategies for Zucche e Fantasmi (feature `proptest`): squares,
//! boards, moves, configurations (valid and garbage), setups (valid and
//! garbage), and games in every phase: placements owed, checkers in hand,
//! frozen boards, the end.
//!
//! Built on carte-core's generic [`strategies`](carte_core::strategies):
//! states come as a [`Walk`] (start, moves, state), so a failing case names
//! its reproducer.
//!
//! Measured over 1,000 cases (`tests/strategy_coverage.rs`): [`any_games`]
//! (eight random walks in ten, a game owing a placement or with a frozen
//! board in one each) has checkers in hand in 45.3%, a placement owed in
//! 16.5%, a frozen board in 9.9%, a finished game in 9.7%. [`Move`], [`Square`], [`BoardId`] and [`Config`]
//! implement proptest's `Arbitrary`.
//!
//! ```
//! use zucche_rules::strategies::games_with_a_frozen_board;
//! use zucche_rules::BoardId;
//! use proptest::prelude::*;
//!
//! proptest!(ProptestConfig::with_cases(4), |(walk in games_with_a_frozen_board())| {
//!     let game = &walk.state;
//!     prop_assert!(BoardId::all(game.num_boards()).any(|b| game.is_frozen(b) == Some(true)));
//! });
//! ```
//!
//! # Speed
//!
//! Thread CPU seconds to draw 1,000 cases in a debug build (what `cargo test`
//! builds), one strategy after another on one thread of a loaded machine
//! (load about 15 on 2 cores), from
//! `STRATEGY_SPEED_CASES=200 cargo test --test strategy_speed -- --ignored --nocapture`
//! at the workspace root (`tests/strategy_speed.rs`); before: 100 cases
//! at the start of issue 23's work on speed (picks drawn from the runner's
//! ChaCha, every walk played twice, Zama's listing of moves by array
//! maps). A strategy that now mixes in phase walks costs more than before.
//!
//! | strategy | before | now |
//! | --- | ---: | ---: |
//! | `games(4 players, 300)` | 0.11 | 0.10 |
//! | `any_games` | 0.13 | 0.34 |
//! | `games_with_checkers_in_hand` | 1.41 | 0.03 |
//! | `games_placing` | 1.30 | 0.04 |
//! | `games_with_a_frozen_board` | 12.29 | 1.83 |
//! | `finished_games` | 2.43 | 0.02 |
//! | `game_and_legal_move` | 0.31 | 0.23 |
//! | `game_and_move_text` | 0.48 | 0.47 |
//! | `game_and_move` | 0.32 | 0.28 |
//! | `setups` | 0.16 | 0.32 |
//! | `garbage_setups` | 0.24 | 0.34 |
//! | `move_text` | 0.40 | 0.37 |
//! | `board_setup_text` | 0.29 | 0.51 |
//!
//! The others (`pips`, `square`, `board(4)`, `any_move(4)`, `config`, `garbage_config`) take under 0.05 s.
//! A debug build of your own runs them at about these rates; see
//! [`carte_core::strategies`] for optimising dependencies in test builds.

use carte_core::Game;
use carte_core::strategies::{Walk, Walker, reachable, reachable_from, with_legal_move, with_move, with_move_text};
use proptest::prelude::*;

use crate::config::Config;
use crate::game::{Phase, Zucche};
use crate::moves::{Move, Pips};
use crate::player::{BoardId, Player};
use crate::setup::Setup;
use crate::square::Square;

/// A die roll, 1 to 6.
pub fn pips() -> impl Strategy<Value = Pips> + Clone {
    proptest::sample::select(Pips::ALL.to_vec())
}

/// Any of the 64 squares.
pub fn square() -> impl Strategy<Value = Square> + Clone {
    (0..64u8).prop_map(|i| Square::from_index(i).unwrap_or_else(|| unreachable!()))
}

/// A board of a game with `boards` boards (at least 1).
pub fn board(boards: usize) -> impl Strategy<Value = BoardId> + Clone {
    (0..boards.clamp(1, crate::MAX_BOARDS)).prop_map(|i| BoardId::from_index(i).unwrap_or_else(|| unreachable!()))
}

/// Any move of a game with up to `boards` boards: rolls 1 to 6,
/// placements and steps anywhere (mostly along a line), passes. Most are
/// illegal in a given state.
pub fn any_move(boards: usize) -> impl Strategy<Value = Move> + Clone {
    prop_oneof![
        2 => pips().prop_map(|pips| Move::Roll { pips }),
        2 => (board(boards), square()).prop_map(|(board, to)| Move::Place { board, to }),
        6 => (board(boards), square(), square()).prop_map(|(board, from, to)| Move::Step { board, from, to }),
        1 => Just(Move::Pass),
    ]
}

/// Valid configurations: 4, 8, 12 or 16 players, 1 to 200 rounds.
pub fn config() -> impl Strategy<Value = Config> + Clone {
    (1..=4usize, 1..=200u32).prop_map(|(k, rounds)| Config { rounds, ..Config::players(4 * k) })
}

/// Configurations for the error paths: any player count (mostly near the
/// valid ones) and round limits including 0. Some are valid.
pub fn garbage_config() -> impl Strategy<Value = Config> + Clone {
    let players = prop_oneof![0..=20usize, 250..=260usize, any::<usize>()];
    (players, prop_oneof![Just(0u32), any::<u32>()])
        .prop_map(|(players, rounds)| Config { rounds, ..Config::players(players) })
}

/// Games of `config` after up to `max_plies` random moves.
pub fn games(config: Config, max_plies: usize) -> impl Strategy<Value = Walk<Zucche>> {
    reachable::<Zucche>(config, max_plies)
}

/// Games of any valid configuration after up to 400 random moves (eight
/// cases of ten), a game owing a placement ([`games_placing`], one in ten)
/// or one with a frozen board ([`games_with_a_frozen_board`], one in ten:
/// random walks of 400 plies never take all of a player's checkers).
pub fn any_games() -> impl Strategy<Value = Walk<Zucche>> {
    prop_oneof![
        8 => reachable_from::<Zucche, _>(config(), 400),
        1 => games_placing(),
        1 => games_with_a_frozen_board(),
    ]
}

/// Whether `mv` captures in `game` (a step onto an enemy checker).
fn captures(game: &Zucche, mv: &Move) -> bool {
    match *mv {
        Move::Step { board, to, .. } => game.piece_at(board, to).is_some(),
        _ => false,
    }
}

fn capture_walker(plies: usize) -> Walker<Zucche> {
    Walker::<Zucche>::new(plies).min_plies(plies).prefer(captures)
}

/// Games where a player holds checkers in hand (just after a capture),
/// often owing placements now: captures are preferred and the walk stops
/// at the first checker in hand.
pub fn games_with_checkers_in_hand() -> impl Strategy<Value = Walk<Zucche>> {
    let walker = capture_walker(3_000).stop_when(|g: &Zucche| Player::all(g.num_boards()).any(|p| g.hand(p) > Some(0)));
    walker
        .seeded_from((1..=2usize).prop_map(|k| Config::players(4 * k)))
        .prop_filter("no checker reached a hand", |w| {
            Player::all(w.state.num_boards()).any(|p| w.state.hand(p) > Some(0))
        })
}

/// Games in the placement phase (a player places a checker from hand).
pub fn games_placing() -> impl Strategy<Value = Walk<Zucche>> {
    let walker = capture_walker(3_000).stop_when(|g: &Zucche| matches!(g.phase(), Phase::Place { .. }));
    walker
        .seeded_from((1..=2usize).prop_map(|k| Config::players(4 * k)))
        .prop_filter("no placement reached", |w| matches!(w.state.phase(), Phase::Place { .. }))
}

/// Games with a frozen board (a player without checkers waits): captures
/// are preferred and the walk stops at the first frozen board.
pub fn games_with_a_frozen_board() -> impl Strategy<Value = Walk<Zucche>> {
    let frozen = |g: &Zucche| BoardId::all(g.num_boards()).any(|b| g.is_frozen(b) == Some(true));
    let walker = capture_walker(20_000).stop_when(frozen);
    walker
        .seeded(Config { rounds: 100_000, ..Config::players(4) })
        .prop_filter("no board froze", move |w| frozen(&w.state))
}

/// Finished games (short round limits so that they end quickly).
pub fn finished_games() -> impl Strategy<Value = Walk<Zucche>> {
    let configs = (1..=2usize, 1..=20u32).prop_map(|(k, rounds)| Config { rounds, ..Config::players(4 * k) });
    Walker::<Zucche>::new(5_000)
        .min_plies(5_000)
        .seeded_from(configs)
        .prop_filter("the game did not end", |w| w.state.is_over())
}

/// A running game with one of its legal moves.
pub fn game_and_legal_move() -> impl Strategy<Value = (Walk<Zucche>, Move)> {
    with_legal_move(any_games())
}

/// A running game with text for it, as a client sends it: a legal move's
/// notation in 45% of cases, a near miss in 40% (another board, square or
/// roll, the case flipped, spaces added, cut short: see
/// [`with_move_text`]), garbage in
/// the rest. For fuzzing a server's handling of what clients type.
///
/// ```
/// use carte_core::Game;
/// use zucche_rules::strategies::game_and_move_text;
/// use proptest::prelude::*;
///
/// proptest!(ProptestConfig::with_cases(8), |((walk, text) in game_and_move_text())| {
///     let mut game = walk.state.clone();
///     match game.apply_notation(&text) {
///         Ok(mv) => prop_assert!(walk.state.is_legal(mv)),
///         Err(_) => prop_assert_eq!(game, walk.state),
///     }
/// });
/// ```
pub fn game_and_move_text() -> impl Strategy<Value = (Walk<Zucche>, String)> {
    with_move_text(any_games(), any::<Move>(), |_, mv| mv.to_string())
}

/// A running game with a move to try: legal in 45% of cases, a near miss
/// in 40% (a legal move with another board, square or roll), any move in
/// the rest.
pub fn game_and_move() -> impl Strategy<Value = (Walk<Zucche>, Move)> {
    with_move(any_games(), any::<Move>())
}

/// Valid setups: those of reachable games.
pub fn setups() -> impl Strategy<Value = Setup> {
    any_games().prop_map(|w| Setup::from(w.state))
}

/// Garbage setups for the error paths of `Zucche::from_setup`: a valid
/// setup with one thing broken (a checker added, removed or moved between
/// colours, the round, the playing board, the roll, the board list, the
/// configuration). Most are refused; those accepted are valid games.
pub fn garbage_setups() -> impl Strategy<Value = Setup> {
    (setups(), any::<u8>(), any::<u64>(), any::<u32>(), garbage_config()).prop_map(|(mut s, how, bits, n, config)| {
        let i = n as usize % s.boards.len().max(1);
        match how % 10 {
            0 => s.boards[i].checkers.white ^= bits & bits.rotate_left(17),
            1 => s.boards[i].checkers.black |= 1 << (bits % 64),
            2 => s.boards[i].hands.white = s.boards[i].hands.white.wrapping_add(((n % 3) as u8).into()),
            3 => s.round = s.round.wrapping_add(n % 4),
            4 => s.board = BoardId::from_index(n as usize % 130),
            5 => s.roll = Pips::new((n % 6) as u8 + 1),
            6 => s.roll = None,
            7 => {
                s.boards.pop();
            }
            8 => s.config = config,
            _ => s.boards[i].to_move = !s.boards[i].to_move,
        }
        s
    })
}

/// Moves as a person types them: the notation of legal moves, garbled
/// now and then. The text comes from a game of its own: to pair text with
/// the state it is sent to, use [`game_and_move_text`].
pub fn move_text() -> impl Strategy<Value = String> {
    game_and_legal_move().prop_flat_map(|(_, mv)| carte_core::strategies::garbled_text(vec![mv.to_string()]))
}

/// Board setups as text (the `BoardSetup` notation), garbled now and then.
pub fn board_setup_text() -> impl Strategy<Value = String> {
    setups().prop_flat_map(|s| carte_core::strategies::garbled_text(s.boards.iter().map(|b| b.to_string()).collect()))
}

impl Arbitrary for Square {
    type Parameters = ();
    type Strategy = BoxedStrategy<Square>;
    fn arbitrary_with((): ()) -> Self::Strategy {
        square().boxed()
    }
}

impl Arbitrary for BoardId {
    type Parameters = ();
    type Strategy = BoxedStrategy<BoardId>;
    /// Boards 1 to 4 (the games the strategies build have at most 4).
    fn arbitrary_with((): ()) -> Self::Strategy {
        board(4).boxed()
    }
}

impl Arbitrary for Move {
    type Parameters = ();
    type Strategy = BoxedStrategy<Move>;
    /// Moves on boards 1 to 4.
    fn arbitrary_with((): ()) -> Self::Strategy {
        any_move(4).boxed()
    }
}

impl Arbitrary for Config {
    type Parameters = ();
    type Strategy = BoxedStrategy<Config>;
    /// Valid configurations ([`config`]).
    fn arbitrary_with((): ()) -> Self::Strategy {
        config().boxed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use carte_core::strategies::test_runner as runner;

    #[test]
    fn phase_strategies_reach_their_phase() {
        runner(4)
            .run(&games_with_checkers_in_hand(), |w| {
                prop_assert!(Player::all(w.state.num_boards()).any(|p| w.state.hand(p) > Some(0)));
                prop_assert_eq!(w.replay(), Some(w.state.clone()));
                Ok(())
            })
            .unwrap();
        runner(4)
            .run(&games_placing(), |w| {
                let placing = w.state.legal_move_vec().iter().all(|m| matches!(m, Move::Place { .. }));
                prop_assert!(placing);
                Ok(())
            })
            .unwrap();
        runner(2)
            .run(&games_with_a_frozen_board(), |w| {
                prop_assert!(BoardId::all(w.state.num_boards()).any(|b| w.state.is_frozen(b) == Some(true)));
                Ok(())
            })
            .unwrap();
        runner(4)
            .run(&finished_games(), |w| {
                prop_assert!(w.state.outcome().is_some());
                Ok(())
            })
            .unwrap();
    }

    #[test]
    fn setups_load_and_garbage_never_panics() {
        runner(16)
            .run(&setups(), |s| {
                prop_assert_eq!(Zucche::try_from(s.clone()).map(Setup::from), Ok(s));
                Ok(())
            })
            .unwrap();
        runner(64)
            .run(&garbage_setups(), |s| {
                if let Ok(g) = Zucche::try_from(s.clone()) {
                    prop_assert_eq!(Setup::from(g), s);
                }
                Ok(())
            })
            .unwrap();
        runner(64)
            .run(&garbage_config(), |c| {
                let _ = Zucche::new(&c);
                Ok(())
            })
            .unwrap();
    }

    #[test]
    fn moves_and_texts() {
        runner(32)
            .run(&(game_and_legal_move(), any::<Move>()), |((w, mv), probe)| {
                prop_assert!(w.state.is_legal(mv));
                let mut g = w.state.clone();
                if g.apply(probe).is_err() {
                    prop_assert_eq!(&g, &w.state);
                }
                Ok(())
            })
            .unwrap();
        runner(64)
            .run(&(move_text(), board_setup_text()), |(m, b)| {
                let _ = m.parse::<Move>();
                let _ = b.parse::<crate::BoardSetup>();
                Ok(())
            })
            .unwrap();
    }
}
