//! Proptest strategies for Zama (feature `proptest`): cells, cards, moves,
//! configurations (valid and garbage), setups (valid and garbage), and
//! games in every phase: attacks, the shifts after a won battle, the peeks
//! after a tie, and the end, for two and four players.
//!
//! Built on carte-core's generic [`strategies`](carte_core::strategies):
//! states come as a [`Walk`] (seed, moves, state), so a failing case names
//! its reproducer.
//!
//! Measured over 1,000 cases (`tests/strategy_coverage.rs`):
//! [`finished_games`] ends a four-player game in 49.6% of them and has an
//! elimination in 13.7%; [`any_games`] is in the shift phase in 45.0%, the
//! peek phase in 8.4%. [`Move`], [`Square`], [`ZamaCard`], [`Player`] and
//! [`Config`] implement proptest's `Arbitrary`.
//!
//! ```
//! use zama_rules::strategies::games_shifting;
//! use zama_rules::Phase;
//! use proptest::prelude::*;
//!
//! proptest!(ProptestConfig::with_cases(4), |(walk in games_shifting())| {
//!     let shifting = matches!(walk.state.phase(), Phase::Shift { .. });
//!     prop_assert!(shifting, "phase {}", walk.state.phase());
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
//! "now": after the listing's nibble loop lost its array iterators (40%
//! fewer instructions in a debug build), 200 cases at load 11 to 12.
//!
//! | strategy | before | now |
//! | --- | ---: | ---: |
//! | `games(4 players, 300)` | 3.74 | 0.61 |
//! | `any_games` | 2.94 | 0.40 |
//! | `games_shifting` | 1.47 | 0.05 |
//! | `games_peeking` | 2.49 | 0.14 |
//! | `games_after_a_pass` | 15.74 | 1.24 |
//! | `finished_games` | 7.70 | 0.66 |
//! | `game_and_legal_move` | 6.23 | 0.47 |
//! | `game_and_move_text` | 5.46 | 0.57 |
//! | `game_and_move` | 5.55 | 0.50 |
//! | `setups` | 3.92 | 0.34 |
//! | `garbage_setups` | 4.20 | 0.32 |
//! | `move_text` | 4.65 | 0.45 |
//!
//! The others (`square(4)`, `card`, `color`, `any_move(4)`, `config`, `garbage_config`) take under 0.05 s.
//! A debug build of your own runs them at about these rates; see
//! [`carte_core::strategies`] for optimising dependencies in test builds.

use carte_core::Game;
use carte_core::strategies::{Walk, Walker, reachable, with_legal_move, with_move, with_move_text};
use proptest::prelude::*;
use proptest::sample::select;

use crate::card::ZamaCard;
use crate::config::Config;
use crate::game::Zama;
use crate::moves::Move;
use crate::phase::Phase;
use crate::player::Player;
use crate::setup::Setup;
use crate::square::Square;

/// Cells of the board of `players` players (2: 13×8, 4: 13×16).
pub fn square(players: usize) -> impl Strategy<Value = Square> + Clone {
    let cells: Vec<Square> = Square::board(players).collect();
    select(cells)
}

/// Any card of the four-player game (208: four decks of 52).
pub fn card() -> impl Strategy<Value = ZamaCard> + Clone {
    select(ZamaCard::all().collect::<Vec<_>>())
}

/// Any seat color.
pub fn color() -> impl Strategy<Value = Player> + Clone {
    select(Player::ALL.to_vec())
}

/// Any move on the board of `players` players: attacks and shifts between
/// neighbours (mostly) or any two cells, peeks, `end`, `pass`. Most are
/// illegal in a given state.
pub fn any_move(players: usize) -> impl Strategy<Value = Move> + Clone {
    let near = (square(players), 0..4u8).prop_map(move |(from, d)| {
        let (f, r) = (i16::from(from.file()), i16::from(from.rank()));
        let (df, dr) = [(1, 0), (-1, 0), (0, 1), (0, -1)][usize::from(d)];
        let to = u8::try_from(f + df)
            .ok()
            .zip(u8::try_from(r + dr).ok())
            .and_then(|(f, r)| Square::new(f, r))
            .filter(|s| s.is_on_board(players))
            .unwrap_or(from);
        (from, to)
    });
    let any_pair = (square(players), square(players));
    let pair = prop_oneof![4 => near, 1 => any_pair];
    prop_oneof![
        4 => pair.clone().prop_map(|(from, to)| Move::Attack { from, to }),
        3 => pair.prop_map(|(from, to)| Move::Shift { from, to }),
        2 => square(players).prop_map(|at| Move::Peek { at }),
        1 => Just(Move::End),
        1 => Just(Move::Pass),
    ]
}

/// Valid configurations: two or four players, a no-removal limit of 1 to
/// 400 plies.
pub fn config() -> impl Strategy<Value = Config> + Clone {
    (select(vec![2usize, 4]), 1..=400u32)
        .prop_map(|(players, limit)| Config::new().with_players(players).with_no_removal_limit(limit))
}

/// Configurations for the error paths: any player count and limit (some
/// valid).
pub fn garbage_config() -> impl Strategy<Value = Config> + Clone {
    (any::<u8>(), any::<u16>()).prop_map(|(players, limit)| {
        Config::new().with_players(usize::from(players)).with_no_removal_limit(u32::from(limit))
    })
}

/// Games of `config` after up to `max_plies` random moves.
pub fn games(config: Config, max_plies: usize) -> impl Strategy<Value = Walk<Zama>> {
    reachable::<Zama>(config, max_plies)
}

/// The default configuration for two or four players.
fn two_or_four() -> impl Strategy<Value = Config> + Clone {
    select(vec![2usize, 4]).prop_map(|players| Config::new().with_players(players))
}

/// Two- and four-player games after up to 300 random moves.
pub fn any_games() -> impl Strategy<Value = Walk<Zama>> {
    Walker::<Zama>::new(300).seeded_from(two_or_four())
}

/// Walks that stop in a phase; with `look_ahead`, a move entering it is
/// played whenever one is legal after a random warm-up (for the rare
/// ties: walks then shrink to a few plies).
fn phase_walker(stop: fn(&Zama) -> bool, look_ahead: bool) -> impl Strategy<Value = Walk<Zama>> {
    let walker = Walker::<Zama>::new(3_000).min_plies(3_000);
    let walker = if look_ahead { walker.prefer_reaching(stop, 300) } else { walker };
    walker
        .stop_when(stop)
        .seeded_from(two_or_four())
        .prop_filter("the walk did not reach the phase", move |w| stop(&w.state))
}

/// Games in the shift phase: the attacker won and may shift up to three
/// cards (some already shifted).
pub fn games_shifting() -> impl Strategy<Value = Walk<Zama>> {
    phase_walker(|g| matches!(g.phase(), Phase::Shift { .. }), false)
}

/// Games in the peek phase: a tie, the attacker may peek at up to two
/// face-down cards.
pub fn games_peeking() -> impl Strategy<Value = Walk<Zama>> {
    phase_walker(|g| matches!(g.phase(), Phase::Peek { .. }), true)
}

/// Games where a seat has just passed (no legal attack).
pub fn games_after_a_pass() -> impl Strategy<Value = Walk<Zama>> {
    phase_walker(|g| g.passes() > 0 && !g.is_over(), false)
}

/// Finished games: short no-removal limits (1 to 12 plies) end them soon,
/// by the limit, by passes, or by a win.
pub fn finished_games() -> impl Strategy<Value = Walk<Zama>> {
    let configs = (select(vec![2usize, 4]), 1..=12u32)
        .prop_map(|(players, limit)| Config::new().with_players(players).with_no_removal_limit(limit));
    Walker::<Zama>::new(3_000)
        .min_plies(3_000)
        .seeded_from(configs)
        .prop_filter("the game did not end", |w| w.state.is_over())
}

/// A running game with one of its legal moves.
pub fn game_and_legal_move() -> impl Strategy<Value = (Walk<Zama>, Move)> {
    with_legal_move(any_games())
}

/// A running game with text for it, as a client sends it: a legal move's
/// notation in 45% of cases, a near miss in 40% (another cell, the case
/// flipped, spaces added, cut short: see
/// [`with_move_text`]), garbage in
/// the rest. For fuzzing a server's handling of what clients type.
///
/// ```
/// use zama_rules::Game;
/// use zama_rules::strategies::game_and_move_text;
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
pub fn game_and_move_text() -> impl Strategy<Value = (Walk<Zama>, String)> {
    with_move_text(any_games(), any::<Move>(), |_, mv| mv.to_string())
}

/// A running game with a move to try: legal in 45% of cases, a near miss
/// in 40% (a legal move with another cell), any move in the rest.
pub fn game_and_move() -> impl Strategy<Value = (Walk<Zama>, Move)> {
    with_move(any_games(), any::<Move>())
}

/// Valid setups: those of reachable games in any phase.
pub fn setups() -> impl Strategy<Value = Setup> {
    prop_oneof![any_games(), games_shifting(), games_peeking(), finished_games()].prop_map(|w| w.state.to_setup())
}

/// Garbage setups for the error paths of [`Zama::from_setup`]: a valid
/// setup with one thing broken (a card moved, removed, doubled or given
/// to another seat, the mover, the phase, the passes, the no-removal count,
/// what a seat knows, a K♠ turned face up or down, the configuration).
/// Most are refused; those accepted are valid games.
pub fn garbage_setups() -> impl Strategy<Value = Setup> {
    (setups(), any::<u8>(), any::<u16>(), any::<u16>(), card(), color(), garbage_config()).prop_map(
        |(mut s, how, a, b, card, color, config)| {
            let n = s.board.len().max(1);
            let (i, j) = (usize::from(a) % n, usize::from(b) % n);
            let sq = |k: usize| Square::from_index(k).unwrap_or_else(|| unreachable!());
            match how % 12 {
                0 => s.board.swap(i, j),
                1 => s.board[i] = None,
                2 => s.board[i] = Some(card),
                3 => s.board[i] = s.board[j],
                4 => s.to_move = color,
                5 => s.passes = s.passes.wrapping_add(1 + (a % 3) as u8),
                6 => s.quiet_plies = u32::from(a),
                7 => s.known[color].insert(sq(i)),
                8 => s.known[color].remove(sq(i)),
                9 => {
                    if s.face_up.contains(sq(i)) {
                        s.face_up.remove(sq(i));
                    } else {
                        s.face_up.insert(sq(i));
                    }
                }
                10 => {
                    s.phase = match a % 4 {
                        0 => Phase::Attack,
                        1 => Phase::Shift { shifted: crate::CellSet::EMPTY },
                        2 => Phase::Peek { peeked: Some(sq(j)) },
                        _ => Phase::Peek { peeked: None },
                    }
                }
                _ => s.config = config,
            }
            s
        },
    )
}

/// Moves as a person types them: the notation of legal moves, garbled now
/// and then. The text comes from a game of its own: to pair text with the
/// state it is sent to, use [`game_and_move_text`].
pub fn move_text() -> impl Strategy<Value = String> {
    game_and_legal_move().prop_flat_map(|(_, mv)| carte_core::strategies::garbled_text(vec![mv.to_string()]))
}

impl Arbitrary for Square {
    type Parameters = ();
    type Strategy = BoxedStrategy<Square>;
    /// Cells of the four-player board (the two-player board is its lower
    /// half).
    fn arbitrary_with((): ()) -> Self::Strategy {
        square(4).boxed()
    }
}

impl Arbitrary for ZamaCard {
    type Parameters = ();
    type Strategy = BoxedStrategy<ZamaCard>;
    fn arbitrary_with((): ()) -> Self::Strategy {
        card().boxed()
    }
}

impl Arbitrary for Player {
    type Parameters = ();
    type Strategy = BoxedStrategy<Player>;
    fn arbitrary_with((): ()) -> Self::Strategy {
        color().boxed()
    }
}

impl Arbitrary for Move {
    type Parameters = ();
    type Strategy = BoxedStrategy<Move>;
    /// Moves on the two-player board mostly, some on the four-player one.
    fn arbitrary_with((): ()) -> Self::Strategy {
        prop_oneof![3 => any_move(2), 1 => any_move(4)].boxed()
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
    use carte_core::HiddenInfo;
    use carte_core::strategies::test_runner as runner;

    #[test]
    fn phase_strategies_reach_their_phase() {
        runner(4)
            .run(&games_shifting(), |w| {
                let shifts = w.state.legal_move_vec().iter().filter(|m| matches!(m, Move::Shift { .. })).count();
                prop_assert!(w.state.is_legal(Move::End) || shifts > 0);
                Ok(())
            })
            .unwrap();
        runner(4)
            .run(&games_peeking(), |w| {
                let peeks = w.state.legal_move_vec().iter().filter(|m| matches!(m, Move::Peek { .. })).count();
                prop_assert!(peeks > 0 || w.state.is_legal(Move::End));
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
        runner(8)
            .run(&setups(), |s| {
                prop_assert_eq!(Zama::from_setup(&s).map(|g| g.to_setup()), Ok(s));
                Ok(())
            })
            .unwrap();
        runner(48)
            .run(&garbage_setups(), |s| {
                if let Ok(g) = Zama::from_setup(&s) {
                    prop_assert_eq!(g.to_setup(), s);
                }
                Ok(())
            })
            .unwrap();
        runner(64)
            .run(&garbage_config(), |c| {
                let _ = Zama::new(&c, 1);
                Ok(())
            })
            .unwrap();
    }

    #[test]
    fn moves_and_texts() {
        runner(24)
            .run(&(game_and_legal_move(), any::<Move>()), |((w, mv), probe)| {
                prop_assert!(w.state.is_legal(mv));
                let mut g = w.state.clone();
                if g.apply(probe).is_err() {
                    prop_assert_eq!(&g, &w.state);
                }
                prop_assert!(w.state.observation(carte_core::Seat::new(0)).is_ok());
                Ok(())
            })
            .unwrap();
        runner(48)
            .run(&move_text(), |m| {
                let _ = m.parse::<Move>();
                Ok(())
            })
            .unwrap();
    }
}
