//! Proptest strategies for Gonzago (feature `proptest`): cards, moves,
//! configurations, setups (valid ones and garbage for the error paths), and
//! hands and matches in every phase.
//!
//! Built on carte-core's generic [`strategies`](carte_core::strategies):
//! a state comes as a [`Walk`] (seed, moves, state), so a failing case names
//! its reproducer.
//!
//! Measured over 1,000 cases (`tests/strategy_coverage.rs`):
//! [`hands`]`(120)` has an empty stock in 52.7% and an ended hand in 48.0%;
//! [`any_matches`] (nine random walks in ten, a best-of-three at the
//! bella in one) has a player at 15 points or more in 27.0%, a
//! best-of-three at the bella in 8.1%. [`Move`], [`Card`], [`Value`], [`CardSet`], [`Deck`],
//! [`MatchMode`] and [`Config`] implement proptest's `Arbitrary`, so
//! `any::<Move>()` works (and [`any_move`](carte_core::strategies::any_move)
//! for illegal probes).
//!
//! ```
//! use gonzago_rules::Game;
//! use gonzago_rules::strategies::hands_with_empty_stock;
//! use proptest::prelude::*;
//!
//! proptest!(ProptestConfig::with_cases(8), |(walk in hands_with_empty_stock())| {
//!     let hand = &walk.state;
//!     prop_assert_eq!(hand.stock_len(), 0);
//!     // With the stock empty a draw is never legal.
//!     prop_assert!(!hand.is_legal(gonzago_rules::Move::Draw));
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
//! | `hands(120)` | 0.06 | 0.06 |
//! | `hands_with_empty_stock` | 0.13 | 0.06 |
//! | `finished_hands` | 0.12 | 0.06 |
//! | `garbage_hand_setups` | 0.09 | 0.10 |
//! | `matches(French points, 400)` | 0.24 | 0.14 |
//! | `any_matches` | 0.19 | 0.15 |
//! | `matches_near_21` | 1.29 | 0.21 |
//! | `best_of_three_at_the_bella` | 1.59 | 0.45 |
//! | `match_setups` | 0.15 | 0.12 |
//! | `garbage_match_setups` | 0.26 | 0.24 |
//! | `hand_and_move_text` | 0.23 | 0.23 |
//! | `match_and_move_text` | 0.49 | 0.40 |
//! | `hand_and_move` | 0.11 | 0.06 |
//! | `match_and_move` | 0.27 | 0.21 |
//! | `move_text` | 0.16 | 0.15 |
//!
//! The others (`value`, `card`, `card_set`, `any_move`, `deck`, `match_mode`, `match_config`, `hand_setups`, `hand_and_legal_move`) take under 0.05 s.
//! A debug build of your own runs them at about these rates; see
//! [`carte_core::strategies`] for optimising dependencies in test builds.

use carte_core::strategies::{Walk, Walker, reachable, reachable_from, with_move, with_move_text};
use proptest::prelude::*;
use proptest::sample::select;

use crate::card::{Card, Value};
use crate::cards::CardSet;
use crate::deck::Deck;
use crate::hand::Hand;
use crate::matches::{Config, Match, MatchMode, Setup};
use crate::moves::{Move, Play};
use crate::setup::HandSetup;
use carte_core::Player;

/// The longest hand in plies is 113; a walk of this many always ends it.
const HAND_PLIES: usize = 120;

/// Any value, Ace to Re.
pub fn value() -> impl Strategy<Value = Value> + Clone {
    select(Value::ALL.to_vec())
}

/// Any of the 40 cards.
pub fn card() -> impl Strategy<Value = Card> + Clone {
    (0..Card::COUNT).prop_map(|i| Card::from_index(i).unwrap_or_else(|| unreachable!()))
}

/// Any set of cards, the empty set included.
pub fn card_set() -> impl Strategy<Value = CardSet> + Clone {
    any::<u64>().prop_map(CardSet::from_bits)
}

/// Any move: plays of one value (mostly) or of any cards, on either deck,
/// draws, passes. Most are illegal in a given state: for probing that they
/// are refused.
pub fn any_move() -> impl Strategy<Value = Move> + Clone {
    let one_value =
        (value(), 1u64..16).prop_map(|(v, suits)| CardSet::from_bits(suits << ((u64::from(v.get()) - 1) * 4)));
    let nonempty = card_set().prop_filter("a play names a card", |c| !c.is_empty());
    let play = (deck(), prop_oneof![3 => one_value, 1 => nonempty])
        .prop_map(|(deck, cards)| Play::new(deck, cards).map_or(Move::Draw, Move::Play));
    prop_oneof![
        8 => play,
        1 => Just(Move::Draw),
        1 => Just(Move::Pass),
    ]
}

/// Either deck.
pub fn deck() -> impl Strategy<Value = Deck> + Clone {
    select(vec![Deck::Italian, Deck::French])
}

/// Any match mode.
pub fn match_mode() -> impl Strategy<Value = MatchMode> + Clone {
    select(vec![MatchMode::Single, MatchMode::BestOfThree, MatchMode::Points])
}

/// Any match configuration (deck and mode).
pub fn match_config() -> impl Strategy<Value = Config> + Clone {
    (deck(), match_mode()).prop_map(|(deck, mode)| Config { deck, mode })
}

/// Hands from a seed on either deck, after up to `max_plies` random moves
/// (a hand ends within 113).
pub fn hands(max_plies: usize) -> impl Strategy<Value = Walk<Hand>> {
    reachable_from::<Hand, _>(deck(), max_plies)
}

/// Hands whose stock is empty: both players draw whenever they may, then
/// play at random (passes and drawn ends happen here).
pub fn hands_with_empty_stock() -> impl Strategy<Value = Walk<Hand>> {
    let walker = Walker::<Hand>::new(HAND_PLIES)
        .min_plies(70)
        .prefer(|h: &Hand, mv: &Move| h.stock_len() == 0 || *mv == Move::Draw);
    walker.seeded_from(deck()).prop_filter("the stock is empty", |w| w.state.stock_len() == 0)
}

/// Finished hands, closed or drawn.
pub fn finished_hands() -> impl Strategy<Value = Walk<Hand>> {
    Walker::<Hand>::new(HAND_PLIES)
        .min_plies(HAND_PLIES)
        .seeded_from(deck())
        .prop_filter("the hand did not end", |w| w.state.end().is_some())
}

/// Valid setups: the setups of reachable hands.
pub fn hand_setups() -> impl Strategy<Value = HandSetup> {
    hands(HAND_PLIES).prop_map(|w| w.state.to_setup())
}

/// Garbage setups for the error paths of [`Hand::from_setup`]: a valid
/// setup with one thing broken (a card moved, dropped, doubled, the dealer
/// swapped, the history cut or extended, a hand replaced), or plain random
/// fields. Most are refused; the few that are accepted are real hands.
pub fn garbage_hand_setups() -> impl Strategy<Value = HandSetup> {
    let broken =
        (hand_setups(), any::<u8>(), any::<usize>(), card(), any_move()).prop_map(|(mut s, how, at, card, mv)| {
            match how % 8 {
                0 => {
                    // A held card moves to the stock (or the other way).
                    if let Some(c) = s.hands[Player::A].iter().nth(at % 4) {
                        s.hands[Player::A].remove(c);
                        s.stock.push(c);
                    } else if !s.stock.is_empty() {
                        let c = s.stock.remove(at % s.stock.len());
                        s.hands[Player::B].insert(c);
                    }
                }
                1 => {
                    if !s.stock.is_empty() {
                        s.stock.remove(at % s.stock.len());
                    }
                }
                2 => s.stock.push(card),
                3 => s.dealer = s.dealer.other(),
                4 => s.history.truncate(at % (s.history.len() + 1)),
                5 => s.history.insert(at % (s.history.len() + 1), mv),
                6 => s.hands[Player::B] = s.hands[Player::B] | CardSet::single(card),
                _ => s.stock.reverse(),
            }
            s
        });
    let random = (
        deck(),
        any::<bool>(),
        card_set(),
        card_set(),
        proptest::collection::vec(card(), 0..40),
        proptest::collection::vec(any_move(), 0..20),
    )
        .prop_map(|(deck, a_deals, a, b, stock, history)| HandSetup {
            deck,
            dealer: if a_deals { Player::A } else { Player::B },
            hands: carte_core::ByPlayer::new(a, b),
            stock,
            history,
        });
    prop_oneof![4 => broken, 1 => random]
}

/// Matches of `config` after up to `max_plies` random moves.
pub fn matches(config: Config, max_plies: usize) -> impl Strategy<Value = Walk<Match>> {
    reachable::<Match>(config, max_plies)
}

/// Matches of any configuration after up to 400 random moves (nine cases
/// of ten), or a best-of-three match at the bella
/// ([`best_of_three_at_the_bella`], one in ten: random walks reach it in
/// about 4% of cases).
pub fn any_matches() -> impl Strategy<Value = Walk<Match>> {
    prop_oneof![9 => reachable_from::<Match, _>(match_config(), 400), 1 => best_of_three_at_the_bella()]
}

/// Points matches where a player has 15 points or more: the last hands
/// before 21, and the end.
pub fn matches_near_21() -> impl Strategy<Value = Walk<Match>> {
    let walker = Walker::<Match>::new(2_000).min_plies(2_000).stop_when(|m: &Match| {
        let p = m.points();
        p[Player::A] >= 15 || p[Player::B] >= 15
    });
    walker.seeded_from(deck().prop_map(|deck| Config { deck, mode: MatchMode::Points })).prop_filter(
        "the walk ended before 15 points",
        |w| {
            let p = w.state.points();
            p[Player::A] >= 15 || p[Player::B] >= 15
        },
    )
}

/// Best-of-three matches at one hand each (the bella), or decided.
pub fn best_of_three_at_the_bella() -> impl Strategy<Value = Walk<Match>> {
    let walker = Walker::<Match>::new(2_000)
        .min_plies(2_000)
        .stop_when(|m: &Match| m.wins()[Player::A] == 1 && m.wins()[Player::B] == 1);
    walker.seeded_from(deck().prop_map(|deck| Config { deck, mode: MatchMode::BestOfThree })).prop_filter(
        "drawn hands kept the walk from the bella",
        |w| {
            let wins = w.state.wins();
            wins[Player::A] + wins[Player::B] >= 2
        },
    )
}

/// Valid match setups: those of reachable matches.
pub fn match_setups() -> impl Strategy<Value = Setup> {
    any_matches().prop_map(|w| w.state.to_setup())
}

/// Garbage match setups: a valid one with its scores, hand number, record
/// or dealer changed, or its hand replaced by a garbage hand.
pub fn garbage_match_setups() -> impl Strategy<Value = Setup> {
    (match_setups(), any::<u8>(), any::<u8>(), garbage_hand_setups()).prop_map(|(mut s, how, k, hand)| {
        let p = if k % 2 == 0 { Player::A } else { Player::B };
        match how % 8 {
            0 => s.points[p] = s.points[p].wrapping_add(k.into()),
            1 => s.points[p] = s.points[p].saturating_sub(k.into()),
            2 => s.wins[p] = s.wins[p].wrapping_add((k % 4).into()),
            3 => s.hand_number = s.hand_number.wrapping_add((k % 4).into()),
            4 => s.last_hand = None,
            5 => s.first_dealer = s.first_dealer.other(),
            6 => s.mode = [MatchMode::Single, MatchMode::BestOfThree, MatchMode::Points][usize::from(k % 3)],
            _ => s.hand = hand,
        }
        s
    })
}

/// A hand that has not ended, with one of its legal moves.
pub fn hand_and_legal_move() -> impl Strategy<Value = (Walk<Hand>, Move)> {
    carte_core::strategies::with_legal_move(hands(HAND_PLIES))
}

/// A hand that has not ended with text for it, as a client sends it: a
/// legal move's notation in 45% of cases (in the deck's names), a near miss in 40% (another card or value, the case
/// flipped, spaces added, cut short: see
/// [`with_move_text`]), garbage in
/// the rest. For fuzzing a server's handling of what clients type.
///
/// ```
/// use gonzago_rules::Game;
/// use gonzago_rules::strategies::hand_and_move_text;
/// use proptest::prelude::*;
///
/// proptest!(ProptestConfig::with_cases(8), |((walk, text) in hand_and_move_text())| {
///     let mut hand = walk.state.clone();
///     match hand.apply_notation(&text) {
///         Ok(mv) => prop_assert!(walk.state.is_legal(mv)),
///         Err(_) => prop_assert_eq!(hand, walk.state),
///     }
/// });
/// ```
pub fn hand_and_move_text() -> impl Strategy<Value = (Walk<Hand>, String)> {
    with_move_text(hands(HAND_PLIES), any_move(), |hand: &Hand, mv| hand.deck().show_move(mv).to_string())
}

/// A match that has not ended with text for it, at the rates of
/// [`hand_and_move_text`].
pub fn match_and_move_text() -> impl Strategy<Value = (Walk<Match>, String)> {
    with_move_text(any_matches(), any_move(), |m: &Match, mv| m.hand().deck().show_move(mv).to_string())
}

/// A hand that has not ended with a move to try: legal in 45% of cases, a
/// near miss in 40% (a legal play with another card or value), any move in
/// the rest.
pub fn hand_and_move() -> impl Strategy<Value = (Walk<Hand>, Move)> {
    with_move(hands(HAND_PLIES), any_move())
}

/// A match that has not ended with a move to try, at the rates of
/// [`hand_and_move`].
pub fn match_and_move() -> impl Strategy<Value = (Walk<Match>, Move)> {
    with_move(any_matches(), any_move())
}

/// Moves as a person types them: the notation of legal moves on either
/// deck, garbled now and then. The text comes from a hand of its own: to
/// pair text with the state it is sent to, use [`hand_and_move_text`].
pub fn move_text() -> impl Strategy<Value = String> {
    hand_and_legal_move().prop_flat_map(|(walk, mv)| {
        let deck = walk.state.deck();
        let texts = vec![deck.show_move(mv).to_string(), mv.to_string()];
        carte_core::strategies::garbled_text(texts)
    })
}

impl Arbitrary for Value {
    type Parameters = ();
    type Strategy = BoxedStrategy<Value>;
    fn arbitrary_with((): ()) -> Self::Strategy {
        value().boxed()
    }
}

impl Arbitrary for Card {
    type Parameters = ();
    type Strategy = BoxedStrategy<Card>;
    fn arbitrary_with((): ()) -> Self::Strategy {
        card().boxed()
    }
}

impl Arbitrary for CardSet {
    type Parameters = ();
    type Strategy = BoxedStrategy<CardSet>;
    fn arbitrary_with((): ()) -> Self::Strategy {
        card_set().boxed()
    }
}

impl Arbitrary for Move {
    type Parameters = ();
    type Strategy = BoxedStrategy<Move>;
    fn arbitrary_with((): ()) -> Self::Strategy {
        any_move().boxed()
    }
}

impl Arbitrary for Deck {
    type Parameters = ();
    type Strategy = BoxedStrategy<Deck>;
    fn arbitrary_with((): ()) -> Self::Strategy {
        deck().boxed()
    }
}

impl Arbitrary for MatchMode {
    type Parameters = ();
    type Strategy = BoxedStrategy<MatchMode>;
    fn arbitrary_with((): ()) -> Self::Strategy {
        match_mode().boxed()
    }
}

impl Arbitrary for Config {
    type Parameters = ();
    type Strategy = BoxedStrategy<Config>;
    fn arbitrary_with((): ()) -> Self::Strategy {
        match_config().boxed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use carte_core::strategies::test_runner as runner;
    use carte_core::{Game, HiddenInfo};

    #[test]
    fn phase_strategies_reach_their_phase() {
        runner(8)
            .run(&hands_with_empty_stock(), |w| {
                prop_assert_eq!(w.state.stock_len(), 0);
                prop_assert_eq!(w.replay(), Some(w.state.clone()));
                Ok(())
            })
            .unwrap();
        runner(8)
            .run(&finished_hands(), |w| {
                prop_assert!(w.state.end().is_some());
                Ok(())
            })
            .unwrap();
        runner(4)
            .run(&matches_near_21(), |w| {
                let p = w.state.points();
                prop_assert!(p[Player::A] >= 15 || p[Player::B] >= 15, "{:?}", p);
                Ok(())
            })
            .unwrap();
        runner(4)
            .run(&best_of_three_at_the_bella(), |w| {
                let wins = w.state.wins();
                prop_assert!(wins[Player::A] + wins[Player::B] >= 2, "{:?}", wins);
                Ok(())
            })
            .unwrap();
    }

    #[test]
    fn setups_load_and_garbage_never_panics() {
        runner(16)
            .run(&hand_setups(), |s| {
                prop_assert_eq!(Hand::from_setup(&s).map(|h| h.to_setup()), Ok(s));
                Ok(())
            })
            .unwrap();
        runner(64)
            .run(&garbage_hand_setups(), |s| {
                if let Ok(h) = Hand::from_setup(&s) {
                    prop_assert_eq!(h.to_setup(), s);
                }
                Ok(())
            })
            .unwrap();
        runner(32)
            .run(&garbage_match_setups(), |s| {
                if let Ok(m) = Match::from_setup(&s) {
                    prop_assert_eq!(m.to_setup(), s);
                }
                Ok(())
            })
            .unwrap();
    }

    #[test]
    fn moves_and_texts() {
        runner(32)
            .run(&(hand_and_legal_move(), any::<Move>()), |((w, mv), probe)| {
                prop_assert!(w.state.is_legal(mv));
                let mut h = w.state.clone();
                if h.apply(probe).is_err() {
                    prop_assert_eq!(&h, &w.state);
                }
                prop_assert!(w.state.observation(Player::A.seat()).is_ok());
                Ok(())
            })
            .unwrap();
        runner(64)
            .run(&move_text(), |text| {
                let _ = text.parse::<Move>();
                Ok(())
            })
            .unwrap();
    }
}
