//! Proptest strategies over any game (feature `proptest`): reachable
//! states, legal and arbitrary moves, whole move sequences, and the
//! conformance kit's one-state check as a ready property.
//!
//! Everything here is generic over the [`Game`] and [`Seeded`] traits, so a
//! user fuzzing a server, a bot or an analysis tool writes no "seed, then a
//! random walk" helper of their own:
//!
//! ```toml
//! [dev-dependencies]
//! # The crates are not on crates.io: depend on a checkout by path (or by git).
//! carte-core = { path = "../carte/crates/carte-core", features = ["proptest"] }
//! proptest = "1"
//! ```
//!
//! A [`Walk`] is a starting state, the legal moves played from it and the
//! state they reach. [`reachable`] draws one from a seed and a list of picks
//! (one `u32` per ply: the index of the move among the legal ones, or at a
//! chance node a point of the probability line). Proptest shrinks the seed
//! toward 0 and the picks toward fewer plies and smaller indices, so a
//! failure is reported at a short walk from a small seed. A walk that must
//! reach something (a phase, the end; a filter keeps those that do) is
//! shrunk by searching other seeds and picks for a shorter walk that still
//! fails, so it shrinks to about the shortest way there, not merely to the
//! length it was drawn at.
//!
//! ```
//! use carte_core::strategies::reachable;
//! use carte_core::Game;
//! use gonzago_rules::{Deck, Hand};
//! use proptest::prelude::*;
//!
//! proptest!(ProptestConfig::with_cases(32), |(walk in reachable::<Hand>(Deck::Italian, 8))| {
//!     // Every state a walk reaches replays from its start.
//!     prop_assert_eq!(walk.replay(), Some(walk.state.clone()));
//!     prop_assert!(walk.state.is_over() || !walk.state.legal_move_vec().is_empty());
//! });
//! ```
//!
//! States in a rare phase are reached by guiding the walk ([`Walker`]):
//! prefer some moves while any is legal, and stop as soon as the phase is
//! reached. Game crates build their phase strategies this way.
//!
//! ```
//! use carte_core::strategies::Walker;
//! use carte_core::Game;
//! use gonzago_rules::{Deck, Hand, Move};
//! use proptest::prelude::*;
//!
//! // A Gonzago hand whose stock is spent: every player draws while they may,
//! // and the walk stops at the empty stock (walks are of any length up to
//! // the bound: keep those that got there).
//! let stock_spent = Walker::<Hand>::new(200)
//!     .prefer(|_, mv| *mv == Move::Draw)
//!     .stop_when(|hand| hand.stock_len() == 0)
//!     .seeded(Deck::Italian)
//!     .prop_filter("the walk ended before the stock did", |w| w.state.stock_len() == 0);
//! proptest!(ProptestConfig::with_cases(16), |(walk in stock_spent)| {
//!     prop_assert_eq!(walk.state.stock_len(), 0);
//!     prop_assert!(!walk.state.is_legal(Move::Draw));
//! });
//! ```
//!
//! With the `testing` feature too, [`conforms`] checks every state of a
//! walk against the [`Game`] contract (the conformance kit's
//! `check_state_once`).
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
//! | `garbled_text` | 0.04 | 0.05 |
//! | `with_move_text(Kuhn)` | 0.13 | 0.14 |
//!
//! The others (`french_card`, `italian_card`, `seat(4)`, `player`, `seeds`, `reachable::<Kuhn>(6)`, `with_legal_move(Kuhn)`, `with_move(Kuhn)`, `move_sequences::<Kuhn>(6)`) take under 0.05 s.
//! Your own strategies built on these run at the speed of your game in a
//! debug build; to run every dependency optimised in your test builds
//! (your code stays debuggable), add to your `Cargo.toml`:
//!
//! ```toml
//! [profile.dev.package."*"]
//! opt-level = 2
//! ```

use core::fmt;
use std::sync::Arc;

use proptest::prelude::*;
use proptest::sample::select;
use proptest::strategy::ValueTree;

use crate::card::{Card, Rank, Suit};
use crate::game::{Actor, Game, Seat, Seeded};
use crate::italian::{ItalianCard, ItalianRank, ItalianSuit};
use crate::player::Player;

/// A state reached by legal moves: where it started, the moves played and
/// the state now.
///
/// Its `Debug` form names the seed and the moves in the game's notation, so
/// that a failing case reads as a reproducer.
#[derive(Clone)]
pub struct Walk<G: Game> {
    /// The seed the start was built from ([`reachable`] and
    /// [`Walker::seeded`]); `None` when the start came from another strategy.
    pub seed: Option<u64>,
    /// The starting state.
    pub start: G,
    /// The moves played from `start`, every one legal where it was played
    /// (chance outcomes included).
    pub moves: Vec<G::Move>,
    /// The state after `moves`.
    pub state: G,
}

impl<G: Game> Walk<G> {
    /// Plays `moves` again from `start`: the same state for a game whose
    /// `apply` is deterministic, `None` if a move is refused.
    pub fn replay(&self) -> Option<G> {
        let mut game = self.start.clone();
        for &mv in &self.moves {
            game.apply(mv).ok()?;
        }
        Some(game)
    }

    /// The moves in the game's notation.
    pub fn notation(&self) -> Vec<String> {
        self.moves.iter().map(|m| m.to_string()).collect()
    }

    /// The walk cut to its first `plies` moves (all of them if fewer).
    pub fn truncated(&self, plies: usize) -> Walk<G> {
        let mut state = self.start.clone();
        let moves: Vec<G::Move> = self.moves.iter().copied().take(plies).collect();
        for &mv in &moves {
            if state.apply(mv).is_err() {
                break;
            }
        }
        Walk { seed: self.seed, start: self.start.clone(), moves, state }
    }
}

impl<G: Game> fmt::Debug for Walk<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Walk")
            .field("seed", &self.seed)
            .field("moves", &self.notation())
            .field("state", &self.state)
            .finish()
    }
}

type Prefer<G> = Arc<dyn Fn(&G, &<G as Game>::Move) -> bool + Send + Sync>;
type Stop<G> = Arc<dyn Fn(&G) -> bool + Send + Sync>;

/// A configurable random walk: how many plies at most, which moves to
/// prefer, when to stop. Turn it into a strategy with [`Walker::seeded`]
/// (starts from [`Seeded::from_seed`]) or [`Walker::starting_from`] (starts from any
/// strategy of states).
///
/// At each ply the walk stops if the game is over, if `stop_when` holds, or
/// if the picks run out. Otherwise it plays one legal move: among the moves
/// that `prefer` accepts if there is any, else among all legal moves; at a
/// chance node by the stated probabilities (renormalised over the preferred
/// outcomes).
pub struct Walker<G: Game> {
    min_plies: usize,
    max_plies: usize,
    prefer: Option<Prefer<G>>,
    reach: Option<Stop<G>>,
    warm_up: usize,
    stop: Option<Stop<G>>,
}

impl<G: Game> Clone for Walker<G> {
    fn clone(&self) -> Self {
        Walker {
            min_plies: self.min_plies,
            max_plies: self.max_plies,
            prefer: self.prefer.clone(),
            reach: self.reach.clone(),
            warm_up: self.warm_up,
            stop: self.stop.clone(),
        }
    }
}

impl<G: Game> fmt::Debug for Walker<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Walker")
            .field("min_plies", &self.min_plies)
            .field("max_plies", &self.max_plies)
            .field("prefer", &self.prefer.is_some())
            .field("reach", &self.reach.is_some())
            .field("warm_up", &self.warm_up)
            .field("stop", &self.stop.is_some())
            .finish()
    }
}

impl<G: Game + 'static> Walker<G> {
    /// Uniformly random walks of up to `max_plies` moves.
    pub fn new(max_plies: usize) -> Walker<G> {
        Walker { min_plies: 0, max_plies, prefer: None, reach: None, warm_up: 0, stop: None }
    }

    /// Draws at least `min_plies` picks (capped at the maximum), so that
    /// walks reach deep states. Shrinking still goes below: the ply count
    /// shrinks toward 0 like the rest of the draw.
    pub fn min_plies(mut self, min_plies: usize) -> Walker<G> {
        self.min_plies = min_plies;
        self
    }

    fn plan(&self, seeded: bool) -> Plan {
        Plan {
            seeded,
            min_plies: self.min_plies.min(self.max_plies),
            max_plies: self.max_plies,
            warm_up: if self.reach.is_some() { self.warm_up } else { 0 },
        }
    }

    /// Plays a move that `prefer(state, move)` accepts whenever one is legal.
    pub fn prefer(mut self, prefer: impl Fn(&G, &G::Move) -> bool + Send + Sync + 'static) -> Walker<G> {
        self.prefer = Some(Arc::new(prefer));
        self
    }

    /// After a warm-up of random play (0 to `warm_up` plies, drawn with
    /// the walk and shrinking toward 0), plays a move after which `goal`
    /// holds whenever one is legal (a look-ahead of one ply), else as
    /// before: a walk toward a rare phase enters it at its first chance
    /// after the warm-up, at any depth, and shrinks to the shortest walk.
    /// [`walk`](Self::walk) has no warm-up.
    pub fn prefer_reaching(mut self, goal: impl Fn(&G) -> bool + Send + Sync + 'static, warm_up: usize) -> Walker<G> {
        self.reach = Some(Arc::new(goal));
        self.warm_up = warm_up;
        self
    }

    /// Stops the walk at the first state where `stop(state)` holds.
    pub fn stop_when(mut self, stop: impl Fn(&G) -> bool + Send + Sync + 'static) -> Walker<G> {
        self.stop = Some(Arc::new(stop));
        self
    }

    /// Walks from `start` with these picks (see the [module docs](self)).
    pub fn walk(&self, start: G, picks: &[u32]) -> Walk<G> {
        self.walk_after(start, 0, picks.len(), |ply| picks[ply])
    }

    /// Walks from `start` for up to `plies` plies, the pick of each ply from
    /// `pick`, looking ahead for the goal of
    /// [`prefer_reaching`](Self::prefer_reaching) from ply `warm` on.
    fn walk_after(&self, start: G, warm: usize, plies: usize, pick: impl Fn(usize) -> u32) -> Walk<G> {
        let mut state = start.clone();
        let mut moves = Vec::new();
        let mut legal = Vec::new();
        let mut chances = Vec::new();
        for ply in 0..plies.min(self.max_plies) {
            if state.is_over() || self.stop.as_ref().is_some_and(|stop| stop(&state)) {
                break;
            }
            let reached = self.reach.as_ref().filter(|_| ply >= warm).and_then(|goal| {
                state.legal_moves(&mut legal);
                legal.iter().copied().find(|&mv| {
                    let mut next = state.clone();
                    next.apply(mv).is_ok() && goal(&next)
                })
            });
            let Some(mv) = reached.or_else(|| self.choose(&state, pick(ply), &mut legal, &mut chances)) else {
                break;
            };
            if state.apply(mv).is_err() {
                // A legal move refused breaks the game's contract; the walk
                // ends here and `conforms` reports the state.
                break;
            }
            moves.push(mv);
        }
        Walk { seed: None, start, moves, state }
    }

    fn choose(
        &self,
        state: &G,
        pick: u32,
        legal: &mut Vec<G::Move>,
        chances: &mut Vec<(G::Move, f64)>,
    ) -> Option<G::Move> {
        let preferred = |mv: &G::Move| self.prefer.as_ref().is_none_or(|p| p(state, mv));
        if state.actor() == Actor::Chance {
            state.chance_outcomes(chances);
            if self.prefer.is_some() && chances.iter().any(|(m, _)| preferred(m)) {
                chances.retain(|(m, _)| preferred(m));
            }
            let total: f64 = chances.iter().map(|&(_, p)| p).sum();
            let mut u = f64::from(pick) / 4_294_967_296.0 * total;
            for &(m, p) in chances.iter() {
                if u < p {
                    return Some(m);
                }
                u -= p;
            }
            return chances.last().map(|&(m, _)| m);
        }
        state.legal_moves(legal);
        if self.prefer.is_some() && legal.iter().any(preferred) {
            legal.retain(preferred);
        }
        if legal.is_empty() {
            return None;
        }
        Some(legal[pick as usize % legal.len()])
    }

    /// Walks from the states of `starts`; each walk's `seed` is `None`.
    pub fn starting_from<S>(self, starts: S) -> impl Strategy<Value = Walk<G>>
    where
        S: Strategy<Value = G>,
    {
        let plan = self.plan(false);
        Cached(
            (starts, plan).prop_map(move |(start, (_, warm, picks))| {
                self.walk_after(start, warm, picks.len, |ply| picks.get(ply))
            }),
        )
    }

    /// Walks from `G::from_seed(&config, seed)` for seeds drawn by
    /// [`seeds`].
    ///
    /// # Panics
    ///
    /// At once if `config` is refused (a mistake in the test, not a case).
    pub fn seeded(self, config: G::Config) -> impl Strategy<Value = Walk<G>>
    where
        G: Seeded,
    {
        if let Err(e) = G::from_seed(&config, 0) {
            panic!("carte_core::strategies: the configuration {config:?} is refused: {e}");
        }
        Cached(self.plan(true).prop_map(move |(seed, warm, picks)| {
            let start = match G::from_seed(&config, seed) {
                Ok(g) => g,
                Err(e) => panic!("carte_core::strategies: seed {seed} refused for {config:?}: {e}"),
            };
            let mut walk = self.walk_after(start, warm, picks.len, |ply| picks.get(ply));
            walk.seed = Some(seed);
            walk
        }))
    }

    /// Walks from `G::from_seed(&config, seed)` for configurations drawn
    /// by `configs` (which must all be valid) and seeds drawn by [`seeds`].
    /// Shrinks the configuration first (replaying the same picks, so every
    /// shrunk case is a walk of no more plies), then the walk (plies, seed,
    /// picks).
    ///
    /// # Panics
    ///
    /// In a case whose configuration is refused (a mistake in the test).
    pub fn seeded_from<C>(self, configs: C) -> impl Strategy<Value = Walk<G>>
    where
        G: Seeded,
        C: Strategy<Value = G::Config>,
    {
        Cached((configs, self.plan(true)).prop_map(move |(config, (seed, warm, picks))| {
            let start = match G::from_seed(&config, seed) {
                Ok(g) => g,
                Err(e) => panic!("carte_core::strategies: seed {seed} refused for {config:?}: {e}"),
            };
            let mut walk = self.walk_after(start, warm, picks.len, |ply| picks.get(ply));
            walk.seed = Some(seed);
            walk
        }))
    }
}

/// The draw behind a walk: a seed, a ply count and one pick per ply, each
/// a number shrinking toward 0, the ply count first, then the seed, then
/// the picks in play order, with a search for a shorter walk between
/// (see [`PlanTree`]). A walk replays them
/// deterministically (a pick modulo the legal move count, a stop at the
/// end of the game), so every shrunk draw is a valid walk and a failure
/// shrinks to few plies from a small seed.
#[derive(Clone, Copy, Debug)]
struct Plan {
    seeded: bool,
    min_plies: usize,
    max_plies: usize,
    warm_up: usize,
}

/// The picks of a plan, `len` of them: those a shrink has made numbers of
/// their own (`head`), then the rest derived from `seed`. A walk of
/// thousands of plies that stops at its first chance (a phase reached, the
/// game over) so draws no thousands of numbers; shrinking makes the picks
/// its own only once the ply count is shrunk.
#[derive(Clone, Debug)]
struct Picks {
    head: Vec<u32>,
    seed: u64,
    len: usize,
}

impl Picks {
    /// The pick of ply `ply`.
    fn get(&self, ply: usize) -> u32 {
        match self.head.get(ply) {
            Some(&pick) => pick,
            None => derived_pick(self.seed, ply),
        }
    }
}

/// Pick number `ply` of a stream: SplitMix64's finaliser of the seed and
/// the ply (uniform, and cheap in a debug build, unlike the runner's
/// ChaCha).
fn derived_pick(seed: u64, ply: usize) -> u32 {
    let mut z = seed.wrapping_add((ply as u64).wrapping_add(1).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (z >> 32) as u32
}

impl Strategy for Plan {
    type Tree = PlanTree;
    type Value = (u64, usize, Picks);

    fn new_tree(&self, runner: &mut proptest::test_runner::TestRunner) -> proptest::strategy::NewTree<Self> {
        let rng = runner.rng();
        let seed = if self.seeded { rng.random::<u64>() } else { 0 };
        let plies = rng.random_range(self.min_plies..=self.max_plies);
        let warm = rng.random_range(0..=self.warm_up);
        Ok(PlanTree {
            seeded: self.seeded,
            seed: SeedSearch::new(seed),
            plies: proptest::num::usize::BinarySearch::new(plies),
            warm: proptest::num::usize::BinarySearch::new(warm),
            pick_seed: rng.random(),
            picks: Vec::new(),
            seek: None,
            sought: 0,
            next: 0,
            last: None,
            pass_start: None,
            passes: 0,
        })
    }
}

/// How many passes over its parts a [`PlanTree`] makes at most.
const SHRINK_PASSES: usize = 64;

/// How many small seeds a [`SeedSearch`] tries.
const SMALL_SEEDS: u64 = 64;

/// How many other walks a pass of a [`PlanTree`] tries, each one ply
/// shorter than the walk shrunk so far (half of them with its picks, half
/// with picks of their own). Those a filter drops cost no shrink
/// iteration (proptest allows 4 per case, 1,024 by default).
const SEEK_WALKS: u64 = 512;

/// The walks short enough to read at a glance: a [`PlanTree`] looks for a
/// shorter walk only past this many plies.
const SHORT_WALK: usize = 5;

/// The value tree of a [`Plan`]: shrinks one part at a time (part 0 the
/// ply count, 1 the warm-up, 2 the seed, 3 a search for a shorter walk,
/// then the picks of the plies still played, made numbers of their own
/// when shrinking reaches them), in passes over all the parts until a pass
/// shrinks none.
///
/// A walk that stops at a phase or at the end of the game plays as many
/// plies as it takes to get there, so the ply count shrinks only to that;
/// a shorter walk is another game. Part 3 looks for one: with the ply
/// count one less, it tries other seeds with the same picks and with
/// picks of their own ([`SEEK_WALKS`] walks a pass, each pass going on
/// from the last, when the walk has more than [`SHORT_WALK`] plies); the
/// first that still fails is kept, and a new pass cuts the ply count to
/// its length and shrinks its seed among the small seeds (see
/// [`SeedSearch`]). Every kept walk is shorter than the last, so the
/// passes end; a walk toward a phase shrinks to about the shortest way
/// into it that a few thousand deals offer. The picks shrink last, toward
/// 0 (see [`PickTree`]).
struct PlanTree {
    seeded: bool,
    seed: SeedSearch,
    plies: proptest::num::usize::BinarySearch,
    warm: proptest::num::usize::BinarySearch,
    pick_seed: u64,
    picks: Vec<PickTree>,
    /// The search for a shorter walk, while it runs.
    seek: Option<Seek>,
    /// The walks of the search tried in earlier passes: a pass goes on
    /// from there (up to [`SEEK_WALKS`] more each pass).
    sought: u64,
    next: usize,
    last: Option<usize>,
    /// The value when this pass started: a pass that ends on another one
    /// shrank something, and another pass follows.
    pass_start: Option<(u64, usize, Picks)>,
    passes: usize,
}

/// Part 1 of a [`PlanTree`]: the walk tried (number `tried`, when there
/// is one), and how many were tried.
struct Seek {
    trying: Option<u64>,
    next: u64,
    /// Where this pass's search stops.
    limit: u64,
}

impl fmt::Debug for PlanTree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PlanTree").field("current", &self.current()).finish()
    }
}

/// The part number of a [`PlanTree`]'s search for a shorter walk.
const SEEK: usize = 3;

impl PlanTree {
    fn part(&mut self, i: usize) -> Option<&mut dyn ValueTreeOf> {
        match i {
            0 => Some(&mut self.plies),
            1 => Some(&mut self.warm),
            2 => Some(&mut self.seed),
            _ => {
                self.make_picks();
                let kept = self.plies.current().min(self.picks.len());
                self.picks[..kept].get_mut(i - 4).map(|p| p as &mut dyn ValueTreeOf)
            }
        }
    }

    /// Once the ply count is shrunk, the picks of the plies it keeps
    /// become numbers that shrink.
    fn make_picks(&mut self) {
        if self.picks.is_empty() {
            let (seed, plies) = (self.pick_seed, self.plies.current());
            self.picks = (0..plies).map(|ply| PickTree::new(derived_pick(seed, ply), plies)).collect();
        }
    }

    /// Walk number `k` of the search for a shorter walk: its seed, and the
    /// seed of its own picks (`None`: the current picks).
    fn sought(&self, k: u64) -> (u64, Option<u64>) {
        let seed = if self.seeded { k / 2 } else { self.seed.current() };
        let own = (k % 2 == 1 || !self.seeded).then(|| derived_pick(self.pick_seed ^ 0x5eed, k as usize).into());
        (seed, own)
    }

    /// The next walk of the search worth trying (not the current one).
    fn next_sought(&mut self) -> Option<u64> {
        let seed_now = self.seed.current();
        loop {
            let (k, limit) = self.seek.as_ref().map(|s| (s.next, s.limit))?;
            if k >= limit {
                self.sought = k;
                return None;
            }
            let (seed, own) = self.sought(k);
            let seek = self.seek.as_mut()?;
            seek.next = k + 1;
            if own.is_some() || seed != seed_now {
                seek.trying = Some(k);
                return Some(k);
            }
        }
    }

    /// The walk tried by the search fails too: it is the walk now, and a
    /// new pass starts from it.
    fn keep_sought(&mut self, k: u64) {
        let (seed, own) = self.sought(k);
        let plies = self.plies.current().saturating_sub(1);
        self.seed = SeedSearch::new(seed);
        self.plies = proptest::num::usize::BinarySearch::new(plies);
        if let Some(own) = own {
            self.pick_seed = own;
            self.picks.clear();
        }
        self.make_picks();
        self.picks.truncate(plies);
        self.sought = k + 1;
        self.seek = None;
    }

    /// Starts a new pass: every part shrinks again from where it is.
    fn restart(&mut self) {
        self.plies = proptest::num::usize::BinarySearch::new(self.plies.current());
        self.warm = proptest::num::usize::BinarySearch::new(self.warm.current());
        self.seed = SeedSearch::new(self.seed.current());
        let plies = self.plies.current();
        for pick in &mut self.picks {
            *pick = PickTree::new(pick.current(), plies);
        }
        self.seek = None;
        self.next = 0;
        self.last = None;
        self.pass_start = Some(self.current());
        self.passes += 1;
    }
}

/// The pick of one ply, shrinking: by halving in a short walk (at most
/// [`SHORT_WALK`] plies), by one try of 0 in a longer one (halving every
/// pick of a long walk would spend proptest's shrink iterations, 4 per
/// case, long before the walk is short).
enum PickTree {
    Halving(proptest::num::u32::BinarySearch),
    Zero { pick: u32, trying: bool, tried: bool },
}

impl PickTree {
    fn new(pick: u32, plies: usize) -> PickTree {
        if plies <= SHORT_WALK {
            PickTree::Halving(proptest::num::u32::BinarySearch::new(pick))
        } else {
            PickTree::Zero { pick, trying: false, tried: pick == 0 }
        }
    }
}

impl ValueTree for PickTree {
    type Value = u32;

    fn current(&self) -> u32 {
        match self {
            PickTree::Halving(halving) => halving.current(),
            PickTree::Zero { trying: true, .. } => 0,
            PickTree::Zero { pick, .. } => *pick,
        }
    }

    fn simplify(&mut self) -> bool {
        match self {
            PickTree::Halving(halving) => ValueTree::simplify(halving),
            PickTree::Zero { pick, trying, tried } => {
                if *trying {
                    // 0 fails too: kept.
                    (*pick, *trying) = (0, false);
                }
                if *tried {
                    return false;
                }
                (*trying, *tried) = (true, true);
                true
            }
        }
    }

    fn complicate(&mut self) -> bool {
        match self {
            PickTree::Halving(halving) => ValueTree::complicate(halving),
            PickTree::Zero { trying, .. } => std::mem::take(trying),
        }
    }
}

/// Whether two plans draw the same walk.
fn same_plan((seed, warm, picks): &(u64, usize, Picks), (seed2, warm2, picks2): &(u64, usize, Picks)) -> bool {
    seed == seed2
        && warm == warm2
        && picks.len == picks2.len
        && (0..picks.len).all(|ply| picks.get(ply) == picks2.get(ply))
}

/// A value tree of any number type, to shrink the parts of a plan alike.
trait ValueTreeOf {
    fn simplify(&mut self) -> bool;
    fn complicate(&mut self) -> bool;
}

impl<T: ValueTree> ValueTreeOf for T {
    fn simplify(&mut self) -> bool {
        ValueTree::simplify(self)
    }
    fn complicate(&mut self) -> bool {
        ValueTree::complicate(self)
    }
}

/// A seed that shrinks by trying the small seeds 0, 1, 2, ... (up to
/// [`SMALL_SEEDS`], each smaller than the seed) in turn, then by halving.
/// Every seed deals another game, so halving alone rarely keeps a walk
/// that must reach something: trying many small seeds does.
struct SeedSearch {
    /// The smallest seed known to fail (the current one when not trying).
    accepted: u64,
    /// The seed being tried, if any.
    trying: Option<u64>,
    /// The next small seed to try.
    next_small: u64,
    /// Halving, once the small seeds are tried.
    halving: Option<proptest::num::u64::BinarySearch>,
}

impl SeedSearch {
    fn new(seed: u64) -> SeedSearch {
        SeedSearch { accepted: seed, trying: None, next_small: 0, halving: None }
    }

    /// The next small seed to try, if any is left.
    fn next_small(&mut self) -> Option<u64> {
        let limit = self.accepted.min(SMALL_SEEDS);
        (self.next_small < limit).then(|| {
            self.next_small += 1;
            self.next_small - 1
        })
    }
}

impl ValueTree for SeedSearch {
    type Value = u64;

    fn current(&self) -> u64 {
        match (&self.halving, self.trying) {
            (Some(halving), _) => halving.current(),
            (None, Some(seed)) => seed,
            (None, None) => self.accepted,
        }
    }

    fn simplify(&mut self) -> bool {
        if let Some(halving) = &mut self.halving {
            return ValueTree::simplify(halving);
        }
        if let Some(seed) = self.trying.take() {
            // The seed tried fails too: the search goes on below it.
            self.accepted = seed;
        }
        if let Some(seed) = self.next_small() {
            self.trying = Some(seed);
            return true;
        }
        if self.accepted < SMALL_SEEDS {
            return false;
        }
        let mut halving = proptest::num::u64::BinarySearch::new(self.accepted);
        let simplified = ValueTree::simplify(&mut halving);
        self.halving = Some(halving);
        simplified
    }

    fn complicate(&mut self) -> bool {
        if let Some(halving) = &mut self.halving {
            return ValueTree::complicate(halving);
        }
        if self.trying.is_none() {
            return false;
        }
        // The seed tried passes: the next one, or back to the one that fails.
        self.trying = self.next_small();
        true
    }
}

impl ValueTree for PlanTree {
    type Value = (u64, usize, Picks);

    fn current(&self) -> (u64, usize, Picks) {
        if let Some(k) = self.seek.as_ref().and_then(|s| s.trying) {
            let (seed, own) = self.sought(k);
            let len = self.plies.current().saturating_sub(1);
            let picks = match own {
                Some(own) => Picks { head: Vec::new(), seed: own, len },
                None => Picks {
                    head: self.picks.iter().take(len).map(|p| p.current()).collect(),
                    seed: self.pick_seed,
                    len,
                },
            };
            return (seed, self.warm.current(), picks);
        }
        let plies = self.plies.current();
        let picks = Picks {
            head: self.picks.iter().take(plies).map(|p| p.current()).collect(),
            seed: self.pick_seed,
            len: plies,
        };
        (self.seed.current(), self.warm.current(), picks)
    }

    fn simplify(&mut self) -> bool {
        if self.pass_start.is_none() {
            self.pass_start = Some(self.current());
        }
        if let Some(k) = self.seek.as_ref().and_then(|s| s.trying) {
            // The shorter walk fails too: a new pass starts from it.
            self.keep_sought(k);
            self.restart();
        }
        loop {
            if self.next == SEEK {
                if self.plies.current() > SHORT_WALK {
                    let from = self.sought;
                    self.seek.get_or_insert(Seek { trying: None, next: from, limit: from + SEEK_WALKS });
                    if self.next_sought().is_some() {
                        self.last = Some(SEEK);
                        return true;
                    }
                }
                self.seek = None;
                self.next += 1;
                continue;
            }
            if let Some(part) = self.part(self.next) {
                if part.simplify() {
                    self.last = Some(self.next);
                    return true;
                }
                self.next += 1;
                continue;
            }
            let now = self.current();
            let shrank = self.pass_start.as_ref().is_some_and(|start| !same_plan(start, &now));
            if !shrank || self.passes + 1 >= SHRINK_PASSES {
                return false;
            }
            self.restart();
        }
    }

    fn complicate(&mut self) -> bool {
        let Some(i) = self.last else { return false };
        if i == SEEK {
            // The shorter walk passes (or is filtered out): the next one,
            // or back to the walk that fails.
            if self.seek.as_ref().is_some_and(|s| s.trying.is_some()) {
                if self.next_sought().is_none()
                    && let Some(seek) = &mut self.seek
                {
                    seek.trying = None;
                }
                return true;
            }
            self.last = None;
            return false;
        }
        if self.part(i).is_some_and(|p| p.complicate()) {
            return true;
        }
        self.last = None;
        false
    }
}

/// A strategy whose value tree keeps its current value until it shrinks:
/// a walk is played once a step, though a filter and the test both ask
/// for it.
#[derive(Clone, Debug)]
struct Cached<S>(S);

struct CachedTree<T: ValueTree> {
    inner: T,
    value: std::sync::Mutex<Option<T::Value>>,
}

impl<S: Strategy> Strategy for Cached<S>
where
    S::Value: Clone,
{
    type Tree = CachedTree<S::Tree>;
    type Value = S::Value;

    fn new_tree(&self, runner: &mut proptest::test_runner::TestRunner) -> proptest::strategy::NewTree<Self> {
        Ok(CachedTree { inner: self.0.new_tree(runner)?, value: std::sync::Mutex::new(None) })
    }
}

impl<T: ValueTree> CachedTree<T> {
    fn forget(&mut self) {
        *self.value.get_mut().unwrap_or_else(std::sync::PoisonError::into_inner) = None;
    }
}

impl<T: ValueTree> ValueTree for CachedTree<T>
where
    T::Value: Clone,
{
    type Value = T::Value;

    fn current(&self) -> T::Value {
        let mut value = self.value.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        value.get_or_insert_with(|| self.inner.current()).clone()
    }

    fn simplify(&mut self) -> bool {
        self.forget();
        self.inner.simplify()
    }

    fn complicate(&mut self) -> bool {
        self.forget();
        self.inner.complicate()
    }
}

/// Proptest settings for `default_cases` cases, or as many as the
/// `PROPTEST_CASES` environment variable asks for (a long local run:
/// `PROPTEST_CASES=10000 cargo test`). Failures are not persisted to files,
/// so a test run leaves the source tree as it was.
///
/// ```
/// use carte_core::strategies::proptest_config;
///
/// let config = proptest_config(24);
/// assert!(config.cases == 24 || std::env::var("PROPTEST_CASES").is_ok());
/// assert!(config.failure_persistence.is_none());
/// ```
pub fn proptest_config(default_cases: u32) -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(default_cases);
    ProptestConfig { cases, failure_persistence: None, ..ProptestConfig::default() }
}

/// A test runner with [`proptest_config`]`(default_cases)`, for properties
/// checked with `runner.run(&strategy, |value| ...)` outside the
/// `proptest!` macro.
pub fn test_runner(default_cases: u32) -> proptest::test_runner::TestRunner {
    proptest::test_runner::TestRunner::new(proptest_config(default_cases))
}

/// What shrinking makes of a failure: runs a property that fails on every
/// case of `strategy` whose walk has at least `plies` moves (`plies_of`
/// counts them) and returns proptest's minimal failing case with the time
/// the search and the shrinking took; `None` if none of 256 cases failed.
/// The runner is deterministic, so the answer is the same on every run.
///
/// For checking that a strategy shrinks toward short walks:
///
/// ```
/// use carte_core::strategies::{reachable, shrunk};
/// use carte_core::testing::Kuhn;
///
/// let (walk, _time) = shrunk(reachable::<Kuhn>((), 8), |w| w.moves.len(), 3).unwrap();
/// assert_eq!(walk.moves.len(), 3);
/// ```
pub fn shrunk<T, S, F>(strategy: S, plies_of: F, plies: usize) -> Option<(T, std::time::Duration)>
where
    T: fmt::Debug,
    S: Strategy<Value = T>,
    F: Fn(&T) -> usize,
{
    use proptest::test_runner::{RngAlgorithm, TestError, TestRng, TestRunner};
    let config = ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() };
    let mut runner = TestRunner::new_with_rng(config, TestRng::deterministic_rng(RngAlgorithm::ChaCha));
    let started = std::time::Instant::now();
    let result = runner.run(&strategy, |case| {
        prop_assert!(plies_of(&case) < plies);
        Ok(())
    });
    match result {
        Err(TestError::Fail(_, minimal)) => Some((minimal, started.elapsed())),
        _ => None,
    }
}

/// A case that holds a [`Walk`]: a walk itself, or a walk with a move or
/// a text for it (what [`with_legal_move`], [`with_move`] and
/// [`with_move_text`] draw), so that [`assert_shrinks`] counts its plies.
pub trait HasWalk {
    /// The game walked.
    type Game: Game;
    /// The walk of the case.
    fn walk(&self) -> &Walk<Self::Game>;
}

impl<G: Game> HasWalk for Walk<G> {
    type Game = G;
    fn walk(&self) -> &Walk<G> {
        self
    }
}

impl<G: Game, M> HasWalk for (Walk<G>, M) {
    type Game = G;
    fn walk(&self) -> &Walk<G> {
        &self.0
    }
}

/// Checks that a walk strategy shrinks toward short walks (issue 23): a
/// property that fails on every walk of at least 3 plies is reported, by
/// [`shrunk`], at a walk of at most `bound` plies, found within 30 s (in a
/// release build: shrinking replays thousands of walks). Prints what it
/// found; passes when no walk of 256 is even 3 plies long.
///
/// ```
/// use carte_core::strategies::{assert_shrinks, reachable, with_legal_move};
/// use carte_core::testing::Kuhn;
///
/// assert_shrinks("reachable", reachable::<Kuhn>((), 8), 3);
/// assert_shrinks("with_legal_move", with_legal_move(reachable::<Kuhn>((), 8)), 3);
/// ```
///
/// # Panics
///
/// With the minimal case, when it has more than `bound` plies or took 30 s
/// or more to find.
pub fn assert_shrinks<T, S>(name: &str, strategy: S, bound: usize)
where
    T: HasWalk + fmt::Debug,
    S: Strategy<Value = T>,
{
    let Some((minimal, time)) = shrunk(strategy, |case| case.walk().moves.len(), 3) else {
        eprintln!("{name}: every walk of 256 is under 3 plies");
        return;
    };
    let walk = minimal.walk();
    let plies = walk.moves.len();
    eprintln!("{name}: shrunk to {plies} plies, seed {:?}, in {time:.1?}", walk.seed);
    assert!(plies <= bound, "{name}: the minimal failing walk has {plies} plies: {minimal:?}");
    assert!(time < std::time::Duration::from_secs(30), "{name}: shrinking took {time:?}");
}

/// Seeds: any `u64`, shrinking toward 0.
pub fn seeds() -> impl Strategy<Value = u64> + Clone {
    any::<u64>()
}

/// States of any [`Seeded`] game: `G::from_seed(&config, seed)` followed by
/// a uniformly random walk of up to `max_plies` legal moves (chance by its
/// probabilities). Shrinks toward fewer plies and smaller seeds.
///
/// # Panics
///
/// At once if `config` is refused.
pub fn reachable<G: Seeded + 'static>(config: G::Config, max_plies: usize) -> impl Strategy<Value = Walk<G>> {
    Walker::new(max_plies).seeded(config)
}

/// States of any [`Seeded`] game for configurations drawn by `configs`
/// (all valid): like [`reachable`], shrinking the configuration first,
/// then the walk.
pub fn reachable_from<G, C>(configs: C, max_plies: usize) -> impl Strategy<Value = Walk<G>>
where
    G: Seeded + 'static,
    C: Strategy<Value = G::Config>,
{
    Walker::new(max_plies).seeded_from(configs)
}

/// Uniformly random walks of up to `max_plies` moves from the states of
/// `starts` (for games built from a setup strategy rather than a seed).
pub fn walk_from<G: Game + 'static, S: Strategy<Value = G>>(
    starts: S,
    max_plies: usize,
) -> impl Strategy<Value = Walk<G>> {
    Walker::new(max_plies).starting_from(starts)
}

/// One legal move of `game`, shrinking toward the first one listed.
///
/// # Panics
///
/// If the game is over (there is no legal move); use [`with_legal_move`] to
/// draw a state and a move together.
pub fn legal_move<G: Game>(game: &G) -> impl Strategy<Value = G::Move> + use<G>
where
    G::Move: 'static,
{
    let moves = game.legal_move_vec();
    assert!(!moves.is_empty(), "carte_core::strategies::legal_move: the game is over, no move is legal");
    select(moves)
}

/// Walks of `walks` that have not ended, each with one of its legal moves.
///
/// A walk that ended the game loses its last moves until a move is legal
/// again (no case is rejected); a start that is already over is rejected.
pub fn with_legal_move<G, S>(walks: S) -> impl Strategy<Value = (Walk<G>, G::Move)>
where
    G: Game + 'static,
    G::Move: 'static,
    S: Strategy<Value = Walk<G>>,
{
    Cached((live(walks), any::<u32>()).prop_map(|(walk, pick)| {
        let moves = walk.state.legal_move_vec();
        let mv = moves[pick as usize % moves.len()];
        (walk, mv)
    }))
}

/// The walks of `walks` cut back to their last state with a legal move
/// (a start that is already over is rejected).
fn live<G: Game + 'static, S: Strategy<Value = Walk<G>>>(walks: S) -> impl Strategy<Value = Walk<G>> {
    walks.prop_filter("the start is already over", |walk| !walk.start.is_over()).prop_map(|walk| {
        // Every move of a walk was played in a running state, so the state
        // before the last move is running.
        if walk.state.is_over() { walk.truncated(walk.moves.len().saturating_sub(1)) } else { walk }
    })
}

/// What a drawn move is, for a state: the rates of [`with_move_text`] and
/// [`with_move`], in twentieths.
const LEGAL: u8 = 9;
const NEAR: u8 = 17;
const KINDS: u8 = 20;

/// Walks of `walks` that have not ended, each with move text for its
/// state, as a client would send it: the text of a legal move in 45% of
/// cases; a near miss in 40% (a legal move's text with one part changed:
/// a cell, card, board or count taken from the text of a move of `others`
/// at the same place, the case flipped, spaces added, or the text cut
/// short; some of these are legal too); garbage in 15% (any string, or
/// characters of the notation in any order).
///
/// `show` writes a move as the game reads it (its `Display` form, or a
/// deck's names for it). Shrinks toward a legal move's text, the first
/// legal move, and short walks.
///
/// ```
/// use carte_core::strategies::{reachable, with_move_text};
/// use carte_core::testing::{Kuhn, KuhnMove};
/// use carte_core::Game;
/// use proptest::prelude::*;
///
/// let texts = with_move_text(reachable::<Kuhn>((), 4), Just(KuhnMove::Bet), |_, mv| mv.to_string());
/// proptest!(ProptestConfig::with_cases(32), |((walk, text) in texts)| {
///     let mut game = walk.state.clone();
///     if game.apply_notation(&text).is_err() {
///         prop_assert_eq!(game, walk.state); // refused: unchanged
///     }
/// });
/// ```
pub fn with_move_text<G, S, D, F>(walks: S, others: D, show: F) -> impl Strategy<Value = (Walk<G>, String)>
where
    G: Game + 'static,
    G::Move: 'static,
    S: Strategy<Value = Walk<G>>,
    D: Strategy<Value = G::Move>,
    F: Fn(&G, G::Move) -> String + 'static,
{
    (with_legal_move(walks), 0..KINDS, others, any::<(u8, u32, char)>(), garbage_text()).prop_map(
        move |((walk, mv), kind, other, edit, garbage)| {
            let text = show(&walk.state, mv);
            let text = match kind {
                k if k < LEGAL => text,
                k if k < NEAR => near_miss(&text, &show(&walk.state, other), edit),
                _ => garbage,
            };
            (walk, text)
        },
    )
}

/// Walks of `walks` that have not ended, each with a move to try in its
/// state, at the rates of [`with_move_text`]: a legal move in 45% of
/// cases; a near miss in 40% (a legal move with one part changed, read
/// back from its notation with a part of the notation of a move of
/// `others`: another cell, card, board or count; a move of `others` when
/// that reads as no move); a move of `others` in 15%. Shrinks toward the
/// first legal move and short walks.
pub fn with_move<G, S, D>(walks: S, others: D) -> impl Strategy<Value = (Walk<G>, G::Move)>
where
    G: Game + 'static,
    G::Move: 'static,
    S: Strategy<Value = Walk<G>>,
    D: Strategy<Value = G::Move>,
{
    (with_legal_move(walks), 0..KINDS, others, any::<u32>()).prop_map(|((walk, mv), kind, other, at)| {
        let mv = match kind {
            k if k < LEGAL => mv,
            k if k < NEAR => {
                swap_part(&mv.to_string(), &other.to_string(), at).and_then(|t| t.parse().ok()).unwrap_or(other)
            }
            _ => other,
        };
        (walk, mv)
    })
}

/// The runs of characters of one class (letters, digits, spaces, other)
/// that make up a move's text: its parts.
fn parts(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut last = None;
    for (i, c) in text.char_indices() {
        if last.is_some_and(|l| l != class(c)) {
            out.push(&text[start..i]);
            start = i;
        }
        last = Some(class(c));
    }
    if start < text.len() {
        out.push(&text[start..]);
    }
    out
}

fn class(c: char) -> u8 {
    if c.is_alphabetic() {
        0
    } else if c.is_numeric() {
        1
    } else if c.is_whitespace() {
        2
    } else {
        3
    }
}

/// `text` with its part number `at` (modulo the part count) replaced by
/// the part of `other` at the same place, when that part differs and is of
/// the same class (letters for letters, digits for digits) and not a word;
/// `None` when no part can be swapped.
fn swap_part(text: &str, other: &str, at: u32) -> Option<String> {
    let (mine, theirs) = (parts(text), parts(other));
    let n = mine.len().min(theirs.len());
    // Words (`play`, `peek`, `roll`) name the kind of move: swapping them
    // gives another kind, not another cell or card.
    let swappable = |a: &str, b: &str| {
        let (ca, cb) = (a.chars().next().map(class), b.chars().next().map(class));
        a != b && ca == cb && !(ca == Some(0) && a.chars().count() > 2)
    };
    (0..n).map(|k| (at as usize + k) % n).find(|&i| swappable(mine[i], theirs[i])).map(|i| {
        let mut out = String::with_capacity(text.len() + 4);
        for (j, part) in mine.iter().enumerate() {
            out.push_str(if j == i { theirs[i] } else { part });
        }
        out
    })
}

/// A near miss of `text`: one part swapped with `other`'s, the case
/// flipped, spaces added, the text cut short, or a character changed.
fn near_miss(text: &str, other: &str, (how, at, c): (u8, u32, char)) -> String {
    let chars: Vec<char> = text.chars().collect();
    let at_char = |n: usize| if n == 0 { 0 } else { at as usize % n };
    match how % 6 {
        0 | 1 => swap_part(text, other, at).unwrap_or_else(|| text.to_uppercase()),
        2 => {
            let flipped: String = chars.iter().map(|&ch| flip_case(ch)).collect();
            if flipped == text { format!("{text} ") } else { flipped }
        }
        3 => {
            let mut spaced = chars;
            let i = at_char(spaced.len() + 1);
            spaced.insert(i, ' ');
            if at % 2 == 0 {
                spaced.insert(i, ' ');
            }
            spaced.into_iter().collect()
        }
        4 => chars[..at_char(chars.len())].iter().collect(),
        _ => {
            let mut changed = chars;
            if !changed.is_empty() {
                let i = at_char(changed.len());
                changed[i] = c;
            }
            changed.into_iter().collect()
        }
    }
}

/// Garbage for a move parser: any string, or the characters of the games'
/// notations in any order.
fn garbage_text() -> impl Strategy<Value = String> {
    const NOTATION: &str = "abcdefghijklmnoprstuvwxyzABCDEFGHKQJ0123456789 :-x♠♣♥♦,+";
    let notation: Vec<char> = NOTATION.chars().collect();
    let shuffled = proptest::collection::vec(select(notation), 0..12).prop_map(|c| c.into_iter().collect());
    prop_oneof![any::<String>(), shuffled]
}

/// Any value of the move type, legal or not, from its proptest
/// [`Arbitrary`] impl (game crates provide them with their `proptest`
/// feature). For probing that illegal moves are refused.
pub fn any_move<G: Game>() -> impl Strategy<Value = G::Move>
where
    G::Move: Arbitrary,
{
    any::<G::Move>()
}

/// A move to probe `game` with: half the time one of its legal moves (if
/// any), otherwise a value of `others` (e.g. [`any_move`]), legal or not.
pub fn probe_move<G, S>(game: &G, others: S) -> BoxedStrategy<G::Move>
where
    G: Game,
    G::Move: 'static,
    S: Strategy<Value = G::Move> + 'static,
{
    let moves = game.legal_move_vec();
    if moves.is_empty() { others.boxed() } else { prop_oneof![select(moves), others].boxed() }
}

/// Whole games as records: a seed and up to `max_plies` moves, each legal
/// in turn from `G::from_seed(&config, seed)`.
///
/// # Panics
///
/// At once if `config` is refused.
pub fn move_sequences<G: Seeded + 'static>(
    config: G::Config,
    max_plies: usize,
) -> impl Strategy<Value = (u64, Vec<G::Move>)> {
    reachable::<G>(config, max_plies).prop_map(|walk| (walk.seed.unwrap_or(0), walk.moves))
}

/// The kit's [`check_state_once`](crate::testing::check_state_once) as a
/// property, on every state of `walk` (the moves seen so far are tried as
/// illegal moves in each later state). Needs the `testing` feature too.
///
/// ```
/// use carte_core::strategies::{conforms, reachable};
/// use gonzago_rules::{Deck, Hand};
/// use proptest::prelude::*;
///
/// proptest!(ProptestConfig::with_cases(16), |(walk in reachable::<Hand>(Deck::Italian, 8))| {
///     conforms(&walk)?;
/// });
/// ```
///
/// # Errors
///
/// A [`proptest::test_runner::TestCaseError`] naming the
/// broken rule and the ply.
#[cfg(feature = "testing")]
#[cfg_attr(docsrs, doc(cfg(feature = "testing")))]
pub fn conforms<G>(walk: &Walk<G>) -> Result<(), proptest::test_runner::TestCaseError>
where
    G: Game + serde::Serialize + serde::de::DeserializeOwned,
{
    let mut state = walk.start.clone();
    for ply in 0..=walk.moves.len() {
        crate::testing::check_state_once(&state, &walk.moves)
            .map_err(|e| proptest::test_runner::TestCaseError::fail(format!("after {ply} moves: {e}")))?;
        if let Some(&mv) = walk.moves.get(ply) {
            state.apply(mv).map_err(|e| {
                proptest::test_runner::TestCaseError::fail(format!("ply {ply}: legal move {mv} refused: {e}"))
            })?;
        }
    }
    if state != walk.state {
        return Err(proptest::test_runner::TestCaseError::fail("the moves replayed to a different state"));
    }
    Ok(())
}

/// Any of the 52 French cards.
pub fn french_card() -> impl Strategy<Value = Card> + Clone {
    (select(Rank::ALL.to_vec()), select(Suit::ALL.to_vec())).prop_map(|(r, s)| Card::new(r, s))
}

/// Any of the 40 Italian cards.
pub fn italian_card() -> impl Strategy<Value = ItalianCard> + Clone {
    (select(ItalianRank::ALL.to_vec()), select(ItalianSuit::ALL.to_vec())).prop_map(|(r, s)| ItalianCard::new(r, s))
}

/// Seats of a game with `seats` seats (at least 1).
pub fn seat(seats: usize) -> impl Strategy<Value = Seat> + Clone {
    (0..seats.clamp(1, 256)).prop_map(|i| Seat::new(i as u8))
}

/// Either player of a two-player game.
pub fn player() -> impl Strategy<Value = Player> + Clone {
    select(Player::ALL.to_vec())
}

/// Text for notation parsers: mostly near-misses of `valid` texts (a
/// character changed, dropped, doubled, or the case flipped), sometimes any
/// string.
pub fn garbled_text(valid: Vec<String>) -> BoxedStrategy<String> {
    if valid.is_empty() {
        return any::<String>().boxed();
    }
    let near = (select(valid), any::<usize>(), any::<char>(), 0..4u8).prop_map(|(text, at, c, how)| {
        let mut chars: Vec<char> = text.chars().collect();
        let i = if chars.is_empty() { 0 } else { at % chars.len() };
        match how {
            0 if !chars.is_empty() => chars[i] = c,
            1 if !chars.is_empty() => {
                chars.remove(i);
            }
            2 => chars.insert(i, chars.get(i).copied().unwrap_or(c)),
            _ => chars.iter_mut().for_each(|ch| *ch = flip_case(*ch)),
        }
        chars.into_iter().collect::<String>()
    });
    prop_oneof![4 => near, 1 => any::<String>()].boxed()
}

fn flip_case(c: char) -> char {
    if c.is_ascii_lowercase() { c.to_ascii_uppercase() } else { c.to_ascii_lowercase() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{Kuhn, KuhnMove};
    use proptest::test_runner::TestRunner;

    #[test]
    fn walks_are_legal_and_replay() {
        let mut runner = TestRunner::deterministic();
        let strategy = reachable::<Kuhn>((), 6);
        for _ in 0..64 {
            let walk = strategy.new_tree(&mut runner).unwrap().current();
            assert!(walk.moves.len() <= 4, "Kuhn lasts at most 4 plies: {walk:?}");
            assert_eq!(walk.replay(), Some(walk.state.clone()));
        }
    }

    #[test]
    fn walks_shrink_to_fewer_plies() {
        // A property that fails on any walk past the deal shrinks to a walk
        // of exactly two moves (the smallest failing one).
        let mut runner = TestRunner::new(ProptestConfig { failure_persistence: None, ..ProptestConfig::default() });
        let result = runner.run(&reachable::<Kuhn>((), 6), |walk| {
            prop_assert!(walk.moves.len() < 2);
            Ok(())
        });
        let Err(proptest::test_runner::TestError::Fail(_, minimal)) = result else {
            panic!("the property should fail: {result:?}");
        };
        assert_eq!(minimal.moves.len(), 2);
        assert_eq!(minimal.seed, Some(0));
        // Picks shrink to 0: the first deal, then the first move.
        assert_eq!(minimal.moves, vec![KuhnMove::Deal([0, 1]), KuhnMove::Pass]);
    }

    #[test]
    fn guided_walks_prefer_and_stop() {
        let walker = Walker::<Kuhn>::new(10).prefer(|_, mv| *mv == KuhnMove::Bet);
        let walk = walker.walk(Kuhn::new(), &[7, 7, 7, 7]);
        assert_eq!(walk.moves[1..], [KuhnMove::Bet, KuhnMove::Bet]);
        let stopped = walker.stop_when(|k| k.actor() != Actor::Chance).walk(Kuhn::new(), &[7, 7, 7]);
        assert_eq!(stopped.moves.len(), 1);
    }

    #[test]
    fn with_legal_move_gives_live_states() {
        let mut runner = TestRunner::deterministic();
        let strategy = with_legal_move(reachable::<Kuhn>((), 6));
        for _ in 0..64 {
            let (walk, mv) = strategy.new_tree(&mut runner).unwrap().current();
            assert!(walk.state.is_legal(mv), "{mv} in {walk:?}");
        }
    }

    #[test]
    fn garbled_text_varies() {
        let mut runner = TestRunner::deterministic();
        let strategy = garbled_text(vec!["deal KJ".into(), "pass".into()]);
        let texts: std::collections::HashSet<String> =
            (0..64).map(|_| strategy.new_tree(&mut runner).unwrap().current()).collect();
        assert!(texts.len() > 10);
    }
}
