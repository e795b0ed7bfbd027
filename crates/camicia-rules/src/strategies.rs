//! Proptest strategies for Camicia (feature `proptest`): presets, decks
//! (preset and custom), configurations (valid and garbage), deals (full and
//! analysis ones, and deal texts for the parser), setups (valid and
//! garbage), and games in every phase: open play, a payment due, long
//! deals, loops and the end.
//!
//! Built on carte-core's generic [`strategies`](carte_core::strategies):
//! states come as a [`Walk`] (seed, moves, state), so a failing case names
//! its reproducer.
//!
//! Measured over 1,000 cases (`tests/strategy_coverage.rs`): [`any_games`]
//! (nine random walks in ten, a deal played to its loop in one) has a
//! payment due in 16.2%, a long one (3 cards owed) in 5.1%, a loop in
//! 8.7%, a finished game in 69.5%. [`Move`], [`Preset`], [`EndRule`] and [`Config`]
//! implement proptest's `Arbitrary`.
//!
//! ```
//! use camicia_rules::strategies::long_deals;
//! use proptest::prelude::*;
//!
//! proptest!(ProptestConfig::with_cases(4), |(walk in long_deals())| {
//!     prop_assert!(walk.state.cards() >= 300 || walk.state.is_over());
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
//! | `deal_text` | 0.10 | 0.14 |
//! | `any_games` | 0.10 | 0.11 |
//! | `long_deals` | 0.84 | 0.09 |
//! | `loops` | 797.45 | 0.30 |
//! | `finished_games` | 8.97 | 0.10 |
//! | `game_and_move_text` | 0.36 | 0.20 |
//! | `game_and_move` | 0.18 | 0.10 |
//! | `setups` | 0.15 | 0.09 |
//! | `garbage_setups` | 0.20 | 0.09 |
//!
//! The others (`preset`, `end_rule`, `deck`, `config`, `garbage_config`, `full_deals`, `analysis_deals`, `games(Camicia, 400)`, `games_paying`) take under 0.05 s.
//! A debug build of your own runs them at about these rates; see
//! [`carte_core::strategies`] for optimising dependencies in test builds.

use carte_core::strategies::{Walk, Walker, reachable, reachable_from, with_move, with_move_text};
use proptest::prelude::*;
use proptest::sample::select;

use crate::deal::Deal;
use crate::deck::Deck;
use crate::game::Camicia;
use crate::moves::Move;
use crate::preset::{Config, EndRule, Preset};
use crate::setup::Setup;
use carte_core::Player;

/// Either preset.
pub fn preset() -> impl Strategy<Value = Preset> + Clone {
    select(vec![Preset::Camicia, Preset::BeggarMyNeighbour])
}

/// Either end rule.
pub fn end_rule() -> impl Strategy<Value = EndRule> + Clone {
    select(vec![EndRule::Standard, EndRule::EmptyHandLoses])
}

/// Decks: a preset's full deck, or a custom one (an even number of cards,
/// 2 to 60, of the preset's kinds).
pub fn deck() -> impl Strategy<Value = Deck> + Clone {
    let custom = (preset(), proptest::collection::vec(0..=6u8, 5)).prop_filter_map("not a deck", |(p, mut counts)| {
        let kinds = usize::from(p.max_demand()) + 1;
        counts.truncate(kinds);
        counts[0] += 1;
        let total: u32 = counts.iter().map(|&c| u32::from(c)).sum();
        if total % 2 == 1 {
            counts[0] += 1;
        }
        Deck::custom(p, &counts).ok()
    });
    prop_oneof![2 => preset().prop_map(Deck::of), 1 => custom]
}

/// Valid configurations: any deck, end rule, and loop rule.
pub fn config() -> impl Strategy<Value = Config> + Clone {
    (deck(), end_rule(), any::<bool>()).prop_map(|(deck, end, draw)| {
        Config::new(deck.preset()).with_deck(deck).with_end_rule(end).with_draw_on_repeat(draw)
    })
}

/// Configurations for the error paths: a deck of one preset under the
/// other, besides valid ones.
pub fn garbage_config() -> impl Strategy<Value = Config> + Clone {
    (config(), preset()).prop_map(|(c, p)| Config { preset: p, ..c })
}

/// Full deals of either preset, from a seed.
pub fn full_deals() -> impl Strategy<Value = Deal> + Clone {
    (preset(), any::<u64>()).prop_map(|(p, seed)| Deal::seeded(p, seed))
}

/// Analysis deals: two non-empty hands of any kinds of the preset, 1 to 30
/// cards each.
pub fn analysis_deals() -> impl Strategy<Value = Deal> + Clone {
    preset().prop_flat_map(|p| {
        let kind = 0..=p.max_demand();
        let hand = proptest::collection::vec(kind, 1..=30);
        (hand.clone(), hand).prop_map(move |(a, b)| Deal { preset: p, hands: carte_core::ByPlayer::new(a, b) })
    })
}

/// Deal texts for the parser: deals in the notation, garbled now and then.
pub fn deal_text() -> impl Strategy<Value = (Preset, String)> {
    prop_oneof![full_deals(), analysis_deals()].prop_flat_map(|d| {
        let preset = d.preset;
        (Just(preset), carte_core::strategies::garbled_text(vec![d.to_string()]))
    })
}

/// Games of `config` after up to `max_plies` cards.
pub fn games(config: Config, max_plies: usize) -> impl Strategy<Value = Walk<Camicia>> {
    reachable::<Camicia>(config, max_plies)
}

/// Games of any valid configuration after up to 400 cards (nine cases of
/// ten), or a deal played to its loop ([`loops`], one in ten: loops are
/// rare in random deals).
pub fn any_games() -> impl Strategy<Value = Walk<Camicia>> {
    prop_oneof![9 => reachable_from::<Camicia, _>(config(), 400), 1 => loops()]
}

/// Games with a payment due (the player to move owes cards to an attack).
pub fn games_paying() -> impl Strategy<Value = Walk<Camicia>> {
    let walker = Walker::<Camicia>::new(400).min_plies(400).stop_when(|g: &Camicia| g.debt() > 0);
    walker.seeded_from(config()).prop_filter("no attack in the walk", |w| w.state.debt() > 0 || w.state.is_over())
}

/// Long deals: full-deck games followed for 300 to 3,000 cards (or to
/// their end).
pub fn long_deals() -> impl Strategy<Value = Walk<Camicia>> {
    let walker = Walker::<Camicia>::new(3_000).min_plies(300);
    walker
        .seeded_from(preset().prop_map(Config::new))
        .prop_filter("the deal was cut short", |w| w.state.cards() >= 300 || w.state.is_over())
}

/// Games that loop: custom decks where loops are common (4 to 20 plain
/// cards and two attacks, loops in 5% to 30% of their deals) with
/// [`Config::draw_on_repeat`], played to the draw at their first repeated
/// state. A deal that does not loop is known from its start (the game
/// plays it out once when it is built) and is dropped before it is
/// walked.
pub fn loops() -> impl Strategy<Value = Walk<Camicia>> {
    let will_loop = |g: &Camicia| matches!(g.repeat, Some(crate::PlayResult::Loop { .. }));
    let walker = Walker::<Camicia>::new(20_000).min_plies(20_000).stop_when(move |g| !will_loop(g));
    // The loop rates of these decks, measured over 200 deals each: 5%
    // (4 plain), 16% (8), 17% (10), 30% (16), 22% (20). The smallest
    // first, where a failure shrinks to.
    let decks = select(vec![4u8, 8, 10, 16, 20])
        .prop_filter_map("not a deck", |plain| Deck::custom(Preset::Camicia, &[plain, 2, 0, 0]).ok());
    walker
        .seeded_from(decks.prop_map(|deck| Config::new(Preset::Camicia).with_deck(deck).with_draw_on_repeat(true)))
        .prop_filter("the deal does not loop", |w| w.state.is_drawn())
}

/// Finished games (won, or drawn by a repeat).
pub fn finished_games() -> impl Strategy<Value = Walk<Camicia>> {
    let walker = Walker::<Camicia>::new(20_000).min_plies(20_000);
    walker
        .seeded_from(config().prop_map(|c| c.with_draw_on_repeat(true)))
        .prop_filter("the game did not end", |w| w.state.is_over())
}

/// A running game with text for it, as a client sends it: the notation of
/// its one move (`turn`) in 45% of cases, a near miss in 40% (the case
/// flipped, spaces added, cut short: see
/// [`with_move_text`]), garbage in
/// the rest.
pub fn game_and_move_text() -> impl Strategy<Value = (Walk<Camicia>, String)> {
    with_move_text(any_games(), Just(Move::Turn), |_, mv| mv.to_string())
}

/// A running game with its move: Camicia has one move, always legal while
/// the game runs, so this is [`any_games`] cut back to a running state
/// with `turn` (the shape of the other games' `game_and_move`).
pub fn game_and_move() -> impl Strategy<Value = (Walk<Camicia>, Move)> {
    with_move(any_games(), Just(Move::Turn))
}

/// Valid setups: those of reachable games.
pub fn setups() -> impl Strategy<Value = Setup> {
    prop_oneof![any_games(), games_paying()].prop_map(|w| w.state.to_setup())
}

/// Garbage setups for the error paths of `Camicia::from_setup`: a valid
/// setup with one thing broken (a card added or dropped, the counters
/// pushed to their limits, the mover, the debt, the winner, the repeat
/// marks, the configuration).
pub fn garbage_setups() -> impl Strategy<Value = Setup> {
    (setups(), any::<u8>(), any::<u64>(), garbage_config()).prop_map(|(mut s, how, n, config)| {
        let p = if n % 2 == 0 { Player::A } else { Player::B };
        match how % 12 {
            0 => s.hands[p].push((n % 5) as u8),
            1 => {
                s.hands[p].pop();
            }
            2 => s.pile.push((n % 5) as u8),
            3 => s.cards = [u64::MAX, u64::MAX - 1, 1 << 62, n][(n % 4) as usize],
            4 => s.tricks = [u64::MAX, s.cards, s.cards + 1, n][(n % 4) as usize],
            5 => s.to_move = s.to_move.other(),
            6 => s.debt = (n % 6) as u8,
            7 => s.winner = Some(p),
            8 => s.drawn = !s.drawn,
            9 => s.repeat_at = Some(n % 1_000),
            10 => s.hands[p].clear(),
            _ => s.config = config,
        }
        s
    })
}

impl Arbitrary for Move {
    type Parameters = ();
    type Strategy = Just<Move>;
    fn arbitrary_with((): ()) -> Self::Strategy {
        Just(Move::Turn)
    }
}

impl Arbitrary for Preset {
    type Parameters = ();
    type Strategy = BoxedStrategy<Preset>;
    fn arbitrary_with((): ()) -> Self::Strategy {
        preset().boxed()
    }
}

impl Arbitrary for EndRule {
    type Parameters = ();
    type Strategy = BoxedStrategy<EndRule>;
    fn arbitrary_with((): ()) -> Self::Strategy {
        end_rule().boxed()
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
    use carte_core::{Game, HiddenInfo};

    #[test]
    fn phase_strategies_reach_their_phase() {
        runner(4)
            .run(&games_paying(), |w| {
                prop_assert!(w.state.debt() > 0 || w.state.is_over());
                Ok(())
            })
            .unwrap();
        runner(4)
            .run(&loops(), |w| {
                prop_assert!(w.state.is_drawn() && w.state.outcome().is_some_and(|o| o.is_draw()));
                Ok(())
            })
            .unwrap();
        runner(4)
            .run(&long_deals(), |w| {
                prop_assert!(w.state.cards() >= 300 || w.state.is_over());
                prop_assert!(w.state.observation(carte_core::Seat::new(1)).is_ok());
                Ok(())
            })
            .unwrap();
        runner(4)
            .run(&finished_games(), |w| {
                prop_assert!(w.state.is_over());
                Ok(())
            })
            .unwrap();
    }

    #[test]
    fn setups_load_and_garbage_never_panics() {
        runner(16)
            .run(&setups(), |s| {
                prop_assert_eq!(Camicia::from_setup(&s).map(|g| g.to_setup()), Ok(s));
                Ok(())
            })
            .unwrap();
        runner(64)
            .run(&garbage_setups(), |s| {
                if let Ok(mut g) = Camicia::from_setup(&s) {
                    prop_assert_eq!(g.to_setup(), s);
                    // A loaded state plays on without overflow.
                    let _ = carte_core::random_playout(&mut g, &mut carte_core::deal_rng(0), 1_000);
                }
                Ok(())
            })
            .unwrap();
        runner(32)
            .run(&garbage_config(), |c| {
                let _ = <Camicia as carte_core::Seeded>::from_seed(&c, 1);
                Ok(())
            })
            .unwrap();
    }

    #[test]
    fn deals_and_texts() {
        runner(64)
            .run(&(analysis_deals(), deal_text()), |(d, (p, text))| {
                prop_assert_eq!(Deal::parse(d.preset, &d.to_string()), Ok(d.clone()));
                prop_assert!(Camicia::from_deal(&d, EndRule::Standard).is_ok());
                if let Ok(parsed) = Deal::parse(p, &text) {
                    prop_assert_eq!(Deal::parse(p, &parsed.to_string()), Ok(parsed));
                }
                Ok(())
            })
            .unwrap();
    }
}
