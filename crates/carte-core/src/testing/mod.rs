//! The conformance kit: generic property tests every game crate runs on its
//! own game, and Kuhn poker, the tiny game that proves the kit.
//!
//! Enabled by the `testing` feature; a game crate takes it as a
//! dev-dependency (by path to a checkout of carte, or by git: the crates are
//! not on crates.io):
//!
//! ```toml
//! [dev-dependencies]
//! carte-core = { path = "../carte/crates/carte-core", features = ["testing"] }
//! ```
//!
//! Each check plays random games from random seeds (a proptest
//! [`TestRunner`]) and, in every state reached, checks the contract of
//! [`Game`]:
//!
//! * the same seed builds the same state, and the same moves from it reach
//!   the same states (determinism);
//! * an outcome exists exactly when nobody acts, with one return per seat,
//!   and exactly then there are no legal moves;
//! * legal moves are distinct, every one is `is_legal` and applies, and its
//!   notation round-trips through `Display`/`FromStr`;
//! * moves legal elsewhere but not here are refused by `is_legal` and by
//!   `apply`, which leaves the state equal (`Eq`) to what it was;
//! * chance outcomes are the legal moves, with positive probabilities
//!   summing to 1.
//!
//! None of it needs serde of the game. [`check_serde`] adds, for a game that
//! serializes, that every state reached round-trips through serde (JSON);
//! [`check_hidden_serde`], for a game of hidden information, that its
//! observations and samples do too.
//!
//! [`check_hidden_info`] adds, for every seat in every state:
//!
//! * the view and the sample of a seat the game does not have (the next
//!   seat, seat 200, seat 255) are errors, never a panic;
//! * a state changed only in what the seat cannot see (the game supplies
//!   that change, since only it knows what is hidden) gives the same
//!   observation: nothing leaks;
//! * `sample(seat, rng)` reproduces the seat's observation, depends on
//!   nothing but that observation (the true state and the changed state
//!   give the same sample for the same generator), and over a game actually
//!   varies what the seat cannot see, and is a state that keeps the
//!   contract of [`Game`].
//!
//! [`check_actions`] adds, in every state, the integer actions of
//! [`ActionSpace`] and the facts of [`GameFacts`]:
//!
//! * the facts (seats, action ranges) are those of the starting state, and
//!   agree with the game;
//! * every legal move has an index below the range of the node, distinct
//!   legal moves have distinct indices, and `move_at` gives the move back;
//! * `legal_actions` lists exactly those indices, ascending, and
//!   `legal_action_mask` and `legal_action_bits` set exactly them (a short
//!   mask is refused);
//! * every other index (all of them, or a random sample in large spaces)
//!   gives no move, or a move that `apply` refuses without changing the
//!   state;
//! * a finished game's returns lie within the facts' bounds, sum to zero in
//!   a zero-sum game, and came within the facts' ply bound.
//!
//! [`check_views`] adds, for every seat in every state, the views of
//! [`Views`]: a tensor of the reported shape (other buffers refused, and
//! the seats the game does not have, as above), and a tensor and observation string unchanged by the hide
//! hook's change of what the seat cannot see and by `sample`.
//!
//! [`check_sample_distribution`] checks determinization by statistics on a
//! position the game provides, small enough to enumerate every world the
//! seat cannot tell apart ([`consistent_worlds`]): samples must fall only
//! on those worlds, as often as their probabilities say (chi-square at a
//! fixed seed, false-alarm rate [`SampleCheck::alpha`]).
//!
//! The number of games is [`KitConfig::cases`], raised for long runs by the
//! `PROPTEST_CASES` environment variable.
//!
//! ```
//! use carte_core::testing::{check_game, check_hidden_info, check_hidden_serde, kuhn_swap_hidden, KitConfig, Kuhn};
//!
//! let config = KitConfig { cases: 16, ..KitConfig::default() };
//! check_game(&config, |_seed| Kuhn::new());
//! check_hidden_info(&config, |_seed| Kuhn::new(), |game, seat, _rng| kuhn_swap_hidden(game, seat));
//! check_hidden_serde(&config, |_seed| Kuhn::new());
//! ```

mod distribution;
mod kuhn;

use std::collections::HashSet;
use std::fmt::Debug;

use proptest::prelude::any;
use proptest::test_runner::{TestCaseError, TestRunner};
use serde::Serialize;
use serde::de::DeserializeOwned;

pub use distribution::{SampleCheck, SampleReport, check_sample_distribution, chi_square_survival, consistent_worlds};
pub use kuhn::{Kuhn, KuhnError, KuhnMove, KuhnObservation, ParseKuhnMoveError};

use crate::actions::{ActionError, ActionSpace, GameFacts};
use crate::game::{Actor, Game, Seat};
use crate::hidden::HiddenInfo;
use crate::shuffle::{DealRng, below, deal_rng};
use crate::tools::RandomPlayer;
use crate::views::{ViewError, Views};

/// How much the kit plays.
#[derive(Clone, Debug)]
pub struct KitConfig {
    /// Random games per check (overridden by `PROPTEST_CASES` when set).
    pub cases: u32,
    /// Longest game followed; longer games are cut (not an error).
    pub max_plies: u64,
    /// Legal moves applied to a copy in each state (all of them if fewer).
    pub moves_per_state: usize,
    /// Moves from elsewhere tried as illegal in each state.
    pub illegal_per_state: usize,
    /// Determinizations drawn per seat and state.
    pub samples: usize,
}

impl Default for KitConfig {
    fn default() -> Self {
        KitConfig { cases: 32, max_plies: 2_000, moves_per_state: 8, illegal_per_state: 16, samples: 4 }
    }
}

impl KitConfig {
    fn runner(&self) -> TestRunner {
        crate::strategies::test_runner(self.cases)
    }
}

/// Fails the current case with a message.
macro_rules! ensure {
    ($cond:expr, $($msg:tt)+) => {{
        let ok: bool = $cond;
        if !ok {
            return Err(TestCaseError::fail(format!($($msg)+)));
        }
    }};
}

/// Up to `limit` moves seen elsewhere, to be tried as illegal moves.
struct MovePool<M> {
    moves: Vec<M>,
    seen: HashSet<M>,
}

impl<M: Copy + Eq + std::hash::Hash> MovePool<M> {
    const LIMIT: usize = 512;

    fn new() -> Self {
        MovePool { moves: Vec::new(), seen: HashSet::new() }
    }

    fn add(&mut self, mv: M) {
        if self.moves.len() < Self::LIMIT && self.seen.insert(mv) {
            self.moves.push(mv);
        }
    }
}

/// Checks the [`Game`] contract in every state of random games;
/// `make(seed)` builds a starting state. The game need not serialize
/// ([`check_serde`] checks that part).
///
/// # Panics
///
/// Panics (failing the calling test) with the first broken rule, the seeds
/// and the moves that reached it.
pub fn check_game<G, F>(config: &KitConfig, make: F)
where
    G: Game,
    F: Fn(u64) -> G,
{
    run(config, &make, |_, _, _| Ok(()));
}

/// Checks, in every state of random games, that the state round-trips
/// through serde (JSON): serializing and reading it back gives an equal
/// state, so a game's own validation on load accepts every state the game
/// reaches.
///
/// # Panics
///
/// As [`check_game`].
pub fn check_serde<G, F>(config: &KitConfig, make: F)
where
    G: Game + Serialize + DeserializeOwned,
    F: Fn(u64) -> G,
{
    run(config, &make, |game: &G, _: &mut DealRng, _: &mut Varied| roundtrip(game).map_err(TestCaseError::fail));
}

/// [`check_serde`] for a game of hidden information: in every state of
/// random games, the state, every seat's observation and a sample for
/// every seat round-trip through serde (JSON).
///
/// # Panics
///
/// As [`check_game`].
pub fn check_hidden_serde<G, F>(config: &KitConfig, make: F)
where
    G: HiddenInfo + Serialize + DeserializeOwned,
    G::Observation: Serialize + DeserializeOwned,
    F: Fn(u64) -> G,
{
    run(config, &make, |game: &G, rng: &mut DealRng, _: &mut Varied| {
        roundtrip(game).map_err(TestCaseError::fail)?;
        for seat in Seat::all(game.num_seats()) {
            let obs = game.observation(seat).map_err(|e| TestCaseError::fail(format!("{seat}: {e}")))?;
            let json = serde_json::to_string(&obs).map_err(|e| TestCaseError::fail(format!("{e}")))?;
            let back: G::Observation = serde_json::from_str(&json).map_err(|e| TestCaseError::fail(format!("{e}")))?;
            ensure!(back == obs, "{seat}: observation does not round-trip through serde: {json}");
            let sample = game.sample(seat, rng).map_err(|e| TestCaseError::fail(format!("{seat}: {e}")))?;
            roundtrip(&sample).map_err(|e| TestCaseError::fail(format!("{seat}: sample is not a valid state: {e}")))?;
        }
        Ok(())
    });
}

/// [`check_game`] plus the hidden-information checks of the
/// [module docs](self).
///
/// `hide(state, seat, rng)` returns a different legal state that differs
/// only in what `seat` cannot see (e.g. two unseen cards swapped), or `None`
/// when `seat` cannot see nothing of it.
///
/// # Panics
///
/// As [`check_game`].
pub fn check_hidden_info<G, F, H>(config: &KitConfig, make: F, hide: H)
where
    G: HiddenInfo,
    F: Fn(u64) -> G,
    H: Fn(&G, Seat, &mut DealRng) -> Option<G>,
{
    let samples = config.samples.max(1);
    run(config, &make, |game: &G, rng: &mut DealRng, varied: &mut Varied| {
        for missing in foreign_seats(game.num_seats()) {
            ensure!(game.observation(missing).is_err(), "{missing}: the game has no such seat, yet it has a view");
            ensure!(
                game.sample(missing, &mut deal_rng(0)).is_err(),
                "{missing}: the game has no such seat, yet it samples for it"
            );
        }
        for seat in Seat::all(game.num_seats()) {
            let obs = game.observation(seat).map_err(|e| TestCaseError::fail(format!("{seat}: {e}")))?;
            let hidden = hide(game, seat, rng);
            if let Some(other) = &hidden {
                ensure!(other != game, "{seat}: the hide hook returned the same state");
                ensure!(
                    other.observation(seat).ok().as_ref() == Some(&obs),
                    "{seat}: observation changes when only hidden cards change (a leak)\nstate: {game:?}\nchanged: {other:?}"
                );
                varied.hidden_states += 1;
            }
            for _ in 0..samples {
                let sample_seed = rand::Rng::next_u64(rng);
                let sample = game
                    .sample(seat, &mut deal_rng(sample_seed))
                    .map_err(|e| TestCaseError::fail(format!("{seat}: {e}")))?;
                ensure!(
                    sample.observation(seat).ok().as_ref() == Some(&obs),
                    "{seat}: sample does not reproduce the observation\nsample: {sample:?}"
                );
                ensure!(sample.num_seats() == game.num_seats(), "{seat}: the sample has another number of seats");
                check_state(config, &sample, &mut MovePool::new(), &mut deal_rng(sample_seed), &mut Vec::new())
                    .map_err(|e| TestCaseError::fail(format!("{seat}: sample is not a valid state: {e}")))?;
                if sample != *game {
                    varied.differing_samples += 1;
                }
                if let Some(other) = &hidden {
                    let from_other = other.sample(seat, &mut deal_rng(sample_seed)).ok();
                    ensure!(
                        from_other.as_ref() == Some(&sample),
                        "{seat}: sample reads the true hidden state: two states with the same observation sample differently with the same generator"
                    );
                }
            }
        }
        Ok(())
    });
}

/// Counts of the hidden-information checks over one game, and what the
/// action checks remember along it.
#[derive(Default)]
struct Varied {
    hidden_states: u64,
    differing_samples: u64,
    /// Plies played before the current state.
    plies: u64,
    /// The facts of the first state.
    facts: Option<GameFacts>,
}

/// [`check_game`] plus the integer-action checks of the
/// [module docs](self).
///
/// # Panics
///
/// As [`check_game`].
pub fn check_actions<G, F>(config: &KitConfig, make: F)
where
    G: ActionSpace + Serialize + DeserializeOwned,
    F: Fn(u64) -> G,
{
    let scratch = std::cell::RefCell::new((Vec::new(), Vec::new(), Vec::new()));
    run(config, &make, |game: &G, rng: &mut DealRng, varied: &mut Varied| {
        roundtrip(game).map_err(TestCaseError::fail)?;
        let (moves, actions, mask) = &mut *scratch.borrow_mut();
        check_action_state(game, rng, varied, moves, actions, mask)
    });
}

/// Non-legal indices tried per state when the range is larger than this
/// (all of them when it is not).
const INDEX_SAMPLE: usize = 256;

fn check_action_state<G: ActionSpace>(
    game: &G,
    rng: &mut DealRng,
    varied: &mut Varied,
    moves: &mut Vec<G::Move>,
    actions: &mut Vec<usize>,
    mask: &mut Vec<bool>,
) -> Result<(), TestCaseError> {
    let facts = game.facts();
    let first = varied.facts.get_or_insert_with(|| facts.clone());
    ensure!(&facts == first, "the facts changed during the game: {facts:?} after {first:?}");
    ensure!(facts.seats == game.num_seats(), "facts give {} seats, the game has {}", facts.seats, game.num_seats());
    ensure!(facts.num_actions == game.num_actions(), "facts and num_actions disagree");
    ensure!(facts.max_chance_outcomes == game.max_chance_outcomes(), "facts and max_chance_outcomes disagree");
    ensure!(facts.min_return <= facts.max_return, "min return above max return");
    ensure!(varied.plies <= facts.max_plies, "{} plies played, beyond the bound of {}", varied.plies, facts.max_plies);
    if let Some(outcome) = game.outcome() {
        for &r in outcome.returns() {
            ensure!(
                facts.min_return <= r && r <= facts.max_return,
                "return {r} outside {}..={}",
                facts.min_return,
                facts.max_return
            );
        }
        let sum: f64 = outcome.returns().iter().sum();
        ensure!(!facts.zero_sum || sum.abs() < 1e-9, "a zero-sum game's returns sum to {sum}");
    }

    let range = game.action_space_len();
    let expected = if game.actor() == Actor::Chance { facts.max_chance_outcomes } else { facts.num_actions };
    ensure!(range == expected, "the node's range is {range}, not {expected}");
    game.legal_moves(moves);
    let mut indices = Vec::with_capacity(moves.len());
    for &mv in moves.iter() {
        let Some(i) = game.action_index(mv) else {
            return Err(TestCaseError::fail(format!("legal move {mv} has no action index")));
        };
        ensure!(i < range, "legal move {mv} has index {i}, outside 0..{range}");
        ensure!(game.move_at(i) == Some(mv), "move_at({i}) is {:?}, not the legal move {mv}", game.move_at(i));
        indices.push(i);
    }
    indices.sort_unstable();
    ensure!(indices.windows(2).all(|w| w[0] < w[1]), "two legal moves share an action index: {indices:?}");
    game.legal_actions(moves, actions);
    ensure!(*actions == indices, "legal_actions {actions:?} are not the legal moves' indices {indices:?}");

    mask.clear();
    mask.resize(range + 3, true);
    let n = game.legal_action_mask(moves, mask).map_err(|e| TestCaseError::fail(e.to_string()))?;
    ensure!(n == indices.len(), "the mask counts {n} legal actions, not {}", indices.len());
    let set: Vec<usize> = (0..mask.len()).filter(|&i| mask[i]).collect();
    ensure!(set == indices, "the mask sets {set:?}, not the legal indices {indices:?}");
    if range > 0 {
        let short = &mut mask[..range - 1];
        ensure!(
            matches!(game.legal_action_mask(moves, short), Err(ActionError::MaskTooShort { .. })),
            "a mask shorter than the range is accepted"
        );
    }

    // The bit mask: the same set, every bit beyond the range clear.
    let mut bits = vec![u64::MAX; range.div_ceil(64) + 2];
    let n = game.legal_action_bits(moves, &mut bits).map_err(|e| TestCaseError::fail(e.to_string()))?;
    ensure!(n == indices.len(), "the bit mask counts {n} legal actions, not {}", indices.len());
    let set: Vec<usize> = (0..64 * bits.len()).filter(|&i| bits[i / 64] >> (i % 64) & 1 == 1).collect();
    ensure!(set == indices, "the bit mask sets {set:?}, not the legal indices {indices:?}");
    if range > 0 {
        let before = bits.clone();
        let short = &mut bits[..range.div_ceil(64) - 1];
        ensure!(
            matches!(game.legal_action_bits(moves, short), Err(ActionError::BitsTooShort { .. })),
            "a bit mask shorter than the range is accepted"
        );
        ensure!(bits == before, "a refused bit mask was changed");
    }

    let try_index = |i: usize| -> Result<(), TestCaseError> {
        if indices.binary_search(&i).is_ok() {
            return Ok(());
        }
        if let Some(mv) = game.move_at(i) {
            ensure!(!moves.contains(&mv), "move_at({i}) gives legal move {mv}, whose index is another");
            let mut child = game.clone();
            ensure!(child.apply(mv).is_err(), "move_at({i}) = {mv} is not a legal action but applies");
            ensure!(&child == game, "the refused move_at({i}) = {mv} changed the state");
        }
        Ok(())
    };
    if range <= INDEX_SAMPLE {
        (0..range).try_for_each(try_index)?;
    } else {
        (0..INDEX_SAMPLE).try_for_each(|_| try_index(below(rng, range as u32) as usize))?;
    }
    (range..range + 4).try_for_each(try_index)?;
    Ok(())
}

/// [`check_game`] plus the view checks of the [module docs](self) for every
/// seat, and the samples of [`HiddenInfo::sample`]; `hide` as for
/// [`check_hidden_info`].
///
/// # Panics
///
/// As [`check_game`].
pub fn check_views<G, F, H>(config: &KitConfig, make: F, hide: H)
where
    G: Views + HiddenInfo + Serialize + DeserializeOwned,
    F: Fn(u64) -> G,
    H: Fn(&G, Seat, &mut DealRng) -> Option<G>,
{
    let samples = config.samples.max(1);
    run(config, &make, |game: &G, rng: &mut DealRng, _: &mut Varied| {
        roundtrip(game).map_err(TestCaseError::fail)?;
        check_view_state(game, rng, &hide, &|g: &G, seat, rng: &mut DealRng| {
            (0..samples).map(|_| g.sample(seat, rng).map_err(|e| e.to_string())).collect()
        })
    });
}

/// [`check_views`] for a game without hidden information (every seat sees
/// everything): the tensor's shape, refused seats and buffers, and the
/// same views from equal states.
///
/// # Panics
///
/// As [`check_game`].
pub fn check_public_views<G, F>(config: &KitConfig, make: F)
where
    G: Views + Serialize + DeserializeOwned,
    F: Fn(u64) -> G,
{
    run(config, &make, |game: &G, rng: &mut DealRng, _: &mut Varied| {
        roundtrip(game).map_err(TestCaseError::fail)?;
        let copy: G =
            serde_json::from_str(&serde_json::to_string(game).map_err(|e| TestCaseError::fail(e.to_string()))?)
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
        check_view_state(game, rng, &|_: &G, _, _: &mut DealRng| None, &|_: &G, _, _: &mut DealRng| {
            Ok(vec![copy.clone()])
        })
    });
}

/// Seats a game of `seats` seats does not have: the first one past the
/// end, and far ones (200, 255), so that an off-by-one check and a table
/// indexed by the seat both show.
fn foreign_seats(seats: usize) -> impl Iterator<Item = Seat> {
    let first = u8::try_from(seats).ok().map(Seat::new);
    first.into_iter().chain([Seat::new(200), Seat::new(u8::MAX)].into_iter().filter(move |s| s.index() >= seats))
}

type Sampler<'a, G> = dyn Fn(&G, Seat, &mut DealRng) -> Result<Vec<G>, String> + 'a;

fn check_view_state<G, H>(game: &G, rng: &mut DealRng, hide: &H, samples: &Sampler<'_, G>) -> Result<(), TestCaseError>
where
    G: Views,
    H: Fn(&G, Seat, &mut DealRng) -> Option<G>,
{
    let len = game.observation_len();
    ensure!(len > 0, "the observation tensor is empty");
    let view = |g: &G, seat: Seat| -> Result<(Vec<f32>, String), TestCaseError> {
        let mut t = vec![f32::NAN; len];
        g.observation_tensor(seat, &mut t).map_err(|e| TestCaseError::fail(format!("{seat}: {e}")))?;
        ensure!(t.iter().all(|x| x.is_finite()), "{seat}: the tensor has a non-finite entry");
        ensure!(g.observation_shape().iter().product::<usize>() == len, "observation_len is not the shape's product");
        // The sparse writing, onto zeros, gives the same tensor and lists
        // every nonzero entry.
        let (mut sparse, mut nonzero) = (vec![0.0; len], Vec::new());
        g.observation_tensor_sparse(seat, &mut sparse, &mut nonzero)
            .map_err(|e| TestCaseError::fail(format!("{seat}: sparse: {e}")))?;
        ensure!(sparse == t, "{seat}: the sparse tensor differs from the tensor");
        let mut listed = vec![false; len];
        for &i in &nonzero {
            ensure!((i as usize) < len, "{seat}: the sparse tensor lists entry {i} of {len}");
            listed[i as usize] = true;
        }
        ensure!(
            t.iter().zip(&listed).all(|(&x, &l)| x == 0.0 || l),
            "{seat}: the sparse tensor leaves out a nonzero entry"
        );
        let s = g.observation_string(seat).map_err(|e| TestCaseError::fail(format!("{seat}: {e}")))?;
        Ok((t, s))
    };
    let seats = game.num_seats();
    let mut buf = vec![0.0; len];
    for beyond in foreign_seats(seats) {
        ensure!(
            matches!(game.observation_tensor(beyond, &mut buf), Err(ViewError::Seat(_))),
            "the tensor of {beyond} (of {seats} seats) is not refused"
        );
        ensure!(game.observation_string(beyond).is_err(), "the string of {beyond} (of {seats} seats) is not refused");
    }
    let mut short = vec![0.0; len - 1];
    ensure!(
        matches!(game.observation_tensor(Seat::new(0), &mut short), Err(ViewError::BufferSize { .. })),
        "a short tensor buffer is accepted"
    );
    for seat in Seat::all(seats) {
        let (tensor, text) = view(game, seat)?;
        ensure!(view(game, seat)?.0 == tensor, "{seat}: the tensor of one state changes");
        if let Some(other) = hide(game, seat, rng) {
            let (t, s) = view(&other, seat)?;
            ensure!(t == tensor, "{seat}: the tensor changes when only hidden cards change (a leak)");
            ensure!(
                s == text,
                "{seat}: the observation string changes when only hidden cards change: {text:?} vs {s:?}"
            );
        }
        for sample in samples(game, seat, rng).map_err(|e| TestCaseError::fail(format!("{seat}: sample: {e}")))? {
            let (t, s) = view(&sample, seat)?;
            ensure!(t == tensor, "{seat}: a sample changes the tensor");
            ensure!(s == text, "{seat}: a sample changes the observation string: {text:?} vs {s:?}");
        }
    }
    Ok(())
}

fn roundtrip<G: Serialize + DeserializeOwned + PartialEq + Debug>(value: &G) -> Result<(), String> {
    let json = serde_json::to_string(value).map_err(|e| format!("serialize: {e}"))?;
    let back: G = serde_json::from_str(&json).map_err(|e| format!("deserialize: {e}\njson: {json}"))?;
    if &back != value {
        return Err(format!("round trip changed the value\nbefore: {value:?}\nafter: {back:?}"));
    }
    Ok(())
}

fn run<G, F, X>(config: &KitConfig, make: &F, extra: X)
where
    G: Game,
    F: Fn(u64) -> G,
    X: Fn(&G, &mut DealRng, &mut Varied) -> Result<(), TestCaseError>,
{
    let mut runner = config.runner();
    let result = runner.run(&(any::<u64>(), any::<u64>()), |(game_seed, play_seed)| {
        let mut moves = Vec::new();
        play_one(config, make, &extra, game_seed, play_seed, &mut moves).map_err(|e| {
            let played: Vec<String> = moves.iter().map(|m: &G::Move| m.to_string()).collect();
            TestCaseError::fail(format!("{e}\ngame seed {game_seed}, play seed {play_seed}, after moves {played:?}"))
        })
    });
    if let Err(e) = result {
        panic!("conformance failure: {e}");
    }
}

fn play_one<G, F, X>(
    config: &KitConfig,
    make: &F,
    extra: &X,
    game_seed: u64,
    play_seed: u64,
    played: &mut Vec<G::Move>,
) -> Result<(), TestCaseError>
where
    G: Game,
    F: Fn(u64) -> G,
    X: Fn(&G, &mut DealRng, &mut Varied) -> Result<(), TestCaseError>,
{
    let start = make(game_seed);
    ensure!(make(game_seed) == start, "the same seed built two different states");
    let mut game = start.clone();
    let mut rng = deal_rng(play_seed);
    let mut player = RandomPlayer::<G>::new();
    let mut pool = MovePool::new();
    let mut varied = Varied::default();
    let mut legal = Vec::new();
    loop {
        check_state(config, &game, &mut pool, &mut rng, &mut legal)?;
        varied.plies = played.len() as u64;
        extra(&game, &mut rng, &mut varied)?;
        if played.len() as u64 >= config.max_plies {
            break;
        }
        let Some(mv) = player.choose(&game, &mut rng) else {
            break;
        };
        game.apply(mv).map_err(|e| TestCaseError::fail(format!("legal move {mv} refused: {e}")))?;
        played.push(mv);
    }
    ensure!(
        varied.hidden_states == 0 || varied.differing_samples > 0,
        "sample never varied what the seat cannot see, in {} states with hidden information",
        varied.hidden_states
    );
    let mut again = make(game_seed);
    for &mv in played.iter() {
        again.apply(mv).map_err(|e| TestCaseError::fail(format!("replay refused {mv}: {e}")))?;
    }
    ensure!(again == game, "the same seed and moves reached a different state");
    Ok(())
}

/// Checks one state against the [`Game`] contract: outcome and actor agree,
/// legal moves apply, `moves_elsewhere` that are not legal here are refused
/// without changing the state, chance probabilities sum to 1, and serde
/// round-trips the state.
///
/// # Errors
///
/// A message naming the first broken rule.
pub fn check_state_once<G>(game: &G, moves_elsewhere: &[G::Move]) -> Result<(), String>
where
    G: Game + Serialize + DeserializeOwned,
{
    let mut pool = MovePool::new();
    moves_elsewhere.iter().for_each(|&m| pool.add(m));
    let config = KitConfig { moves_per_state: usize::MAX, illegal_per_state: usize::MAX, ..KitConfig::default() };
    check_state(&config, game, &mut pool, &mut deal_rng(0), &mut Vec::new()).map_err(|e| e.to_string())?;
    roundtrip(game)
}

/// [`check_state_once`] on a budget, for a caller that checks many states
/// quickly (a fuzz target): at most `budget` of the legal moves (drawn by
/// `seed` when there are more) are applied to a copy, and at most `budget`
/// of `moves_elsewhere` that are not legal here are tried; everything else
/// is checked as there, the serde round trip included.
///
/// # Errors
///
/// A message naming the first broken rule.
///
/// ```
/// use carte_core::testing::{Kuhn, check_state_sampled};
/// use carte_core::Game;
///
/// let mut game = Kuhn::new();
/// let first = game.legal_move_vec()[0];
/// game.apply(first)?;
/// // `first` is tried as a move from elsewhere: refused here, state unchanged.
/// assert_eq!(check_state_sampled(&game, &[first], 1, 7), Ok(()));
/// # Ok::<(), carte_core::testing::KuhnError>(())
/// ```
pub fn check_state_sampled<G>(game: &G, moves_elsewhere: &[G::Move], budget: usize, seed: u64) -> Result<(), String>
where
    G: Game + Serialize + DeserializeOwned,
{
    let mut pool = MovePool::new();
    moves_elsewhere.iter().for_each(|&m| pool.add(m));
    let config = KitConfig { moves_per_state: budget, illegal_per_state: budget, ..KitConfig::default() };
    check_state(&config, game, &mut pool, &mut deal_rng(seed), &mut Vec::new()).map_err(|e| e.to_string())?;
    roundtrip(game)
}

fn check_state<G>(
    config: &KitConfig,
    game: &G,
    pool: &mut MovePool<G::Move>,
    rng: &mut DealRng,
    legal: &mut Vec<G::Move>,
) -> Result<(), TestCaseError>
where
    G: Game,
{
    game.legal_moves(legal);
    let outcome = game.outcome();
    match game.actor() {
        Actor::Nobody => {
            ensure!(legal.is_empty(), "game over but legal moves {:?}", legal);
            let Some(outcome) = outcome else {
                return Err(TestCaseError::fail("game over without an outcome"));
            };
            ensure!(
                outcome.returns().len() == game.num_seats(),
                "outcome has {} returns for {} seats",
                outcome.returns().len(),
                game.num_seats()
            );
        }
        actor => {
            ensure!(outcome.is_none(), "{actor:?} acts but the game has an outcome");
            ensure!(!legal.is_empty(), "{actor:?} acts but has no legal move (a forced pass must be a move)");
            if let Actor::Seat(s) = actor {
                ensure!(s.index() < game.num_seats(), "{s} acts in a game of {} seats", game.num_seats());
            }
        }
    }
    let distinct: HashSet<G::Move> = legal.iter().copied().collect();
    ensure!(distinct.len() == legal.len(), "legal moves repeat: {legal:?}");

    let mut chances = Vec::new();
    game.chance_outcomes(&mut chances);
    if game.actor() == Actor::Chance {
        let total: f64 = chances.iter().map(|&(_, p)| p).sum();
        ensure!((total - 1.0).abs() < 1e-9, "chance probabilities sum to {total}");
        ensure!(chances.iter().all(|&(_, p)| p > 0.0), "a chance outcome has probability <= 0");
        let chance_moves: HashSet<G::Move> = chances.iter().map(|&(m, _)| m).collect();
        ensure!(chance_moves == distinct, "chance outcomes are not the legal moves");
    } else {
        ensure!(chances.is_empty(), "chance outcomes outside a chance node");
    }

    // Legal moves: notation, is_legal, apply (a sample of them if many).
    let n = legal.len();
    let checked = config.moves_per_state.min(n);
    for k in 0..checked {
        let mv = if checked == n { legal[k] } else { legal[below(rng, n as u32) as usize] };
        let text = mv.to_string();
        match text.parse::<G::Move>() {
            Ok(back) => ensure!(back == mv, "notation {text:?} reads back as {back:?}, not {mv:?}"),
            Err(e) => return Err(TestCaseError::fail(format!("notation {text:?} of {mv:?} does not parse: {e}"))),
        }
        ensure!(game.is_legal(mv), "legal move {mv} is not is_legal");
        let mut child = game.clone();
        child.apply(mv).map_err(|e| TestCaseError::fail(format!("legal move {mv} refused: {e}")))?;
    }

    // Moves from elsewhere that are illegal here.
    let mut tried = 0;
    for &mv in &pool.moves {
        if tried >= config.illegal_per_state {
            break;
        }
        if distinct.contains(&mv) {
            continue;
        }
        tried += 1;
        ensure!(!game.is_legal(mv), "{mv} is_legal but not in legal_moves");
        let mut child = game.clone();
        ensure!(child.apply(mv).is_err(), "{mv} applied but is not in legal_moves");
        ensure!(&child == game, "refused move {mv} changed the state");
    }
    legal.iter().for_each(|&m| pool.add(m));
    Ok(())
}

/// The hide hook of [`Kuhn`] for [`check_hidden_info`]: before a showdown,
/// gives the other seat the card nobody holds.
pub fn kuhn_swap_hidden(game: &Kuhn, seat: Seat) -> Option<Kuhn> {
    let obs = game.observation(seat).ok()?;
    let own = obs.own?;
    if obs.other.is_some() {
        return None;
    }
    let serde_json::Value::Object(mut raw) = serde_json::to_value(game).ok()? else {
        return None;
    };
    let cards: [u8; 2] = serde_json::from_value(raw.get("cards")?.clone()).ok()?;
    let free = (0..3).find(|&c| c != cards[0] && c != cards[1])?;
    let mut swapped = cards;
    swapped[1 - seat.index().min(1)] = free;
    debug_assert_eq!(swapped[seat.index().min(1)], own);
    raw.insert("cards".into(), serde_json::to_value(swapped).ok()?);
    serde_json::from_value(serde_json::Value::Object(raw)).ok()
}
