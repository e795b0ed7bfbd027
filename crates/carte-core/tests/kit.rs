//! The conformance kit on Kuhn poker, and proof that it catches broken games.

use carte_core::testing::{
    KitConfig, Kuhn, KuhnMove, KuhnObservation, check_game, check_hidden_info, check_hidden_serde, check_serde,
    kuhn_swap_hidden,
};
use carte_core::{Actor, Game, HiddenInfo, Outcome, Seat, SeatError, rand::Rng};
use serde::{Deserialize, Serialize};

fn config() -> KitConfig {
    KitConfig { cases: 64, ..KitConfig::default() }
}

#[test]
fn kuhn_passes_the_kit() {
    check_game(&config(), |_| Kuhn::new());
}

#[test]
fn kuhn_round_trips_through_serde() {
    check_serde(&config(), |_| Kuhn::new());
    check_hidden_serde(&config(), |_| Kuhn::new());
}

/// Kuhn that forgets on load how many moves it has seen: a state that does
/// not round-trip through serde, though it keeps the game contract.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Forgetful {
    inner: Kuhn,
    #[serde(skip)]
    plies: u32,
}

impl Game for Forgetful {
    type Move = KuhnMove;
    type Error = carte_core::testing::KuhnError;

    fn num_seats(&self) -> usize {
        2
    }
    fn actor(&self) -> Actor {
        self.inner.actor()
    }
    fn legal_moves(&self, out: &mut Vec<KuhnMove>) {
        self.inner.legal_moves(out)
    }
    fn apply(&mut self, mv: KuhnMove) -> Result<(), Self::Error> {
        self.inner.apply(mv)?;
        self.plies += 1;
        Ok(())
    }
    fn outcome(&self) -> Option<Outcome> {
        self.inner.outcome()
    }
}

#[test]
fn the_game_kit_passes_a_game_whose_serde_is_broken() {
    check_game(&config(), |_| Forgetful { inner: Kuhn::new(), plies: 0 });
}

#[test]
#[should_panic(expected = "round trip changed the value")]
fn the_serde_kit_catches_a_state_that_does_not_round_trip() {
    check_serde(&config(), |_| Forgetful { inner: Kuhn::new(), plies: 0 });
}

#[test]
fn kuhn_passes_the_hidden_information_kit() {
    check_hidden_info(&config(), |_| Kuhn::new(), |g, seat, _| kuhn_swap_hidden(g, seat));
}

/// Kuhn with one deliberate defect, chosen by `D`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Broken<const D: u8> {
    inner: Kuhn,
    refused: u32,
}

const MUTATES_ON_REFUSAL: u8 = 0;
const LEAKS_OTHER_CARD: u8 = 1;
const SAMPLE_READS_TRUTH: u8 = 2;
const IS_LEGAL_LIES: u8 = 3;
const OUTCOME_EARLY: u8 = 4;
const VIEWS_A_MISSING_SEAT: u8 = 5;

impl<const D: u8> Broken<D> {
    fn new(_: u64) -> Self {
        Broken { inner: Kuhn::new(), refused: 0 }
    }
}

impl<const D: u8> Game for Broken<D> {
    type Move = KuhnMove;
    type Error = carte_core::testing::KuhnError;

    fn num_seats(&self) -> usize {
        2
    }
    fn actor(&self) -> Actor {
        self.inner.actor()
    }
    fn legal_moves(&self, out: &mut Vec<KuhnMove>) {
        self.inner.legal_moves(out)
    }
    fn is_legal(&self, mv: KuhnMove) -> bool {
        if D == IS_LEGAL_LIES { true } else { self.inner.is_legal(mv) }
    }
    fn apply(&mut self, mv: KuhnMove) -> Result<(), Self::Error> {
        let r = self.inner.apply(mv);
        if r.is_err() && D == MUTATES_ON_REFUSAL {
            self.refused += 1;
        }
        r
    }
    fn outcome(&self) -> Option<Outcome> {
        if D == OUTCOME_EARLY && self.actor() != Actor::Chance {
            return Some(Outcome::draw(2));
        }
        self.inner.outcome()
    }
}

impl<const D: u8> HiddenInfo for Broken<D> {
    type Observation = (KuhnObservation, Option<u8>);

    fn observation(&self, seat: Seat) -> Result<Self::Observation, SeatError> {
        // The broken view of a missing seat: seat 1's, as a careless game might give.
        let seat = if D == VIEWS_A_MISSING_SEAT { Seat::new(seat.index().min(1) as u8) } else { seat };
        let leak = if D == LEAKS_OTHER_CARD {
            self.inner.observation(Seat::new(1 - seat.index().min(1) as u8))?.own
        } else {
            None
        };
        Ok((self.inner.observation(seat)?, leak))
    }
    fn sample<R: Rng + ?Sized>(&self, seat: Seat, rng: &mut R) -> Result<Self, SeatError> {
        if D == SAMPLE_READS_TRUTH {
            return Ok(self.clone());
        }
        let seat = if D == VIEWS_A_MISSING_SEAT { Seat::new(seat.index().min(1) as u8) } else { seat };
        Ok(Broken { inner: self.inner.sample(seat, rng)?, refused: self.refused })
    }
}

fn hide<const D: u8>(g: &Broken<D>, seat: Seat) -> Option<Broken<D>> {
    kuhn_swap_hidden(&g.inner, seat).map(|inner| Broken { inner, refused: g.refused })
}

#[test]
#[should_panic(expected = "changed the state")]
fn kit_catches_a_refused_move_that_changes_the_state() {
    check_game(&config(), Broken::<MUTATES_ON_REFUSAL>::new);
}

#[test]
#[should_panic(expected = "the game has no such seat")]
fn kit_catches_a_view_of_a_seat_the_game_does_not_have() {
    check_hidden_info(&config(), Broken::<VIEWS_A_MISSING_SEAT>::new, |g, seat, _| hide(g, seat));
}

#[test]
#[should_panic(expected = "a leak")]
fn kit_catches_an_observation_that_leaks() {
    check_hidden_info(&config(), Broken::<LEAKS_OTHER_CARD>::new, |g, s, _| hide(g, s));
}

#[test]
#[should_panic(expected = "sample")]
fn kit_catches_a_sample_that_reads_the_true_state() {
    check_hidden_info(&config(), Broken::<SAMPLE_READS_TRUTH>::new, |g, s, _| hide(g, s));
}

#[test]
#[should_panic(expected = "is_legal but not in legal_moves")]
fn kit_catches_is_legal_disagreeing() {
    check_game(&config(), Broken::<IS_LEGAL_LIES>::new);
}

#[test]
#[should_panic(expected = "acts but the game has an outcome")]
fn kit_catches_an_outcome_while_running() {
    check_game(&config(), Broken::<OUTCOME_EARLY>::new);
}

#[test]
fn kuhn_passes_the_action_and_view_kits() {
    carte_core::testing::check_actions(&config(), |_| Kuhn::new());
    carte_core::testing::check_views(&config(), |_| Kuhn::new(), |g, seat, _| kuhn_swap_hidden(g, seat));
}

const ACTIONS_COLLIDE: u8 = 5;
const TENSOR_LEAKS: u8 = 6;

impl<const D: u8> carte_core::ActionSpace for Broken<D> {
    fn num_actions(&self) -> usize {
        self.inner.num_actions()
    }
    fn max_chance_outcomes(&self) -> usize {
        self.inner.max_chance_outcomes()
    }
    fn action_index(&self, mv: KuhnMove) -> Option<usize> {
        if D == ACTIONS_COLLIDE && mv == KuhnMove::Bet { Some(0) } else { self.inner.action_index(mv) }
    }
    fn move_at(&self, index: usize) -> Option<KuhnMove> {
        self.inner.move_at(index)
    }
    fn facts(&self) -> carte_core::GameFacts {
        self.inner.facts()
    }
}

impl<const D: u8> carte_core::Views for Broken<D> {
    fn observation_shape(&self) -> Vec<usize> {
        self.inner.observation_shape()
    }
    fn observation_tensor(&self, seat: Seat, out: &mut [f32]) -> Result<(), carte_core::ViewError> {
        self.inner.observation_tensor(seat, out)?;
        if D == TENSOR_LEAKS
            && let Some(other) = self.inner.observation(Seat::new(1 - seat.index().min(1) as u8))?.own
        {
            out[3 + usize::from(other)] = 1.0;
        }
        Ok(())
    }
    fn observation_string(&self, seat: Seat) -> Result<String, carte_core::ViewError> {
        self.inner.observation_string(seat)
    }
}

#[test]
#[should_panic(expected = "not the legal move")]
fn kit_catches_two_moves_with_one_index() {
    carte_core::testing::check_actions(&config(), Broken::<ACTIONS_COLLIDE>::new);
}

#[test]
#[should_panic(expected = "tensor changes when only hidden cards change")]
fn kit_catches_a_tensor_that_leaks() {
    carte_core::testing::check_views(&config(), Broken::<TENSOR_LEAKS>::new, |g, s, _| hide(g, s));
}
