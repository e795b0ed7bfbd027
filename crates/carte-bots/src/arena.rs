//! Playing bots against each other: one game ([`play_game`]) or a round
//! robin with seats swapped fairly ([`RoundRobin`]).
//!
//! The round robin is split into independent [`Job`]s so that a caller may
//! play them on as many threads as it likes and collect the [`GameRecord`]s
//! into [`Standings`] in any order: the result depends only on the seed.
//! [`RoundRobin::jobs`] streams them (nothing is allocated per game up
//! front, whatever the number of games), and [`RoundRobin::run_parallel`]
//! plays them on up to [`MAX_THREADS`] threads.

use core::fmt;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use carte_core::{Actor, Game, Seat, deal_rng};

use crate::bot::{Bot, BotRng, draw_chance};
use crate::standings::Standings;

/// Why a game between bots could not be finished.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// A bot had no move although the game was not over.
    #[error("bot {bot} passed at ply {ply} although the game is not over")]
    NoMove {
        /// The bot's name.
        bot: String,
        /// Moves played before.
        ply: u64,
    },
    /// A bot chose a move the game refused.
    #[error("bot {bot} chose illegal move {mv} at ply {ply}: {reason}")]
    Illegal {
        /// The bot's name.
        bot: String,
        /// The move, in the game's notation.
        mv: String,
        /// Moves played before.
        ply: u64,
        /// The game's refusal.
        reason: String,
    },
    /// `bots` did not give one bot per seat.
    #[error("{bots} bots for a game of {seats} seats")]
    Seats {
        /// Bots given.
        bots: usize,
        /// Seats of the game.
        seats: usize,
    },
}

/// Plays `game` to its end: `bots[i]` decides for seat `i` and chance is
/// drawn from `chance` by the stated probabilities. Stops after `max_plies`
/// moves (chance included) if the game has not ended; returns the moves
/// played.
///
/// # Errors
///
/// A [`PlayError`] if the bots do not match the seats, or a bot passes or
/// chooses an illegal move; the game is left where it stopped.
///
/// ```
/// use carte_bots::{play_game, Bot, Random};
/// use gonzago_rules::{Deck, Game, Hand, Seeded, deal_rng};
///
/// let (mut a, mut b) = (Random::new(1), Random::new(2));
/// let mut game = Hand::from_seed(&Deck::Italian, 3)?;
/// let plies = play_game(&mut game, &mut [&mut a, &mut b], &mut deal_rng(3), 10_000)?;
/// assert!(game.is_over() && plies == game.plies());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn play_game<G: Game>(
    game: &mut G,
    bots: &mut [&mut dyn Bot<G>],
    chance: &mut BotRng,
    max_plies: u64,
) -> Result<u64, PlayError> {
    if bots.len() != game.num_seats() {
        return Err(PlayError::Seats { bots: bots.len(), seats: game.num_seats() });
    }
    let mut chances = Vec::new();
    let mut ply = 0;
    while ply < max_plies {
        let (mv, bot) = match game.actor() {
            Actor::Nobody => break,
            Actor::Chance => (draw_chance(game, &mut chances, chance), None),
            Actor::Seat(s) => {
                let bot = &mut bots[s.index()];
                (bot.choose(game), Some(bot.name().to_owned()))
            }
        };
        let name = || bot.clone().unwrap_or_else(|| "chance".to_owned());
        let Some(mv) = mv else {
            return Err(PlayError::NoMove { bot: name(), ply });
        };
        if let Err(e) = game.apply(mv) {
            return Err(PlayError::Illegal { bot: name(), mv: mv.to_string(), ply, reason: e.to_string() });
        }
        ply += 1;
    }
    Ok(ply)
}

/// Something that builds a fresh bot from a seed.
pub type BotFactory<G> = dyn Fn(u64) -> Box<dyn Bot<G>> + Send + Sync;

/// A contestant of a round robin: a name and a factory that builds a fresh
/// bot for each game from that game's seed.
pub struct Entrant<G: Game> {
    name: String,
    make: Arc<BotFactory<G>>,
}

impl<G: Game> Entrant<G> {
    /// An entrant called `name` whose bots `make` builds.
    ///
    /// ```
    /// use carte_bots::{Entrant, Mcts};
    /// use zucche_rules::Zucche;
    ///
    /// let mcts = Entrant::<Zucche>::new("mcts", |seed| Box::new(Mcts::new(seed).iterations(200)));
    /// assert_eq!(mcts.name(), "mcts");
    /// ```
    pub fn new(name: impl Into<String>, make: impl Fn(u64) -> Box<dyn Bot<G>> + Send + Sync + 'static) -> Self {
        Entrant { name: name.into(), make: Arc::new(make) }
    }

    /// The entrant's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// A fresh bot seeded with `seed`.
    pub fn build(&self, seed: u64) -> Box<dyn Bot<G>> {
        (self.make)(seed)
    }
}

impl<G: Game> Clone for Entrant<G> {
    fn clone(&self) -> Self {
        Entrant { name: self.name.clone(), make: Arc::clone(&self.make) }
    }
}

impl<G: Game> fmt::Debug for Entrant<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Entrant").field("name", &self.name).finish_non_exhaustive()
    }
}

/// One game of a round robin.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Job {
    /// Index of the pairing in [`RoundRobin::pairings`].
    pub pairing: usize,
    /// The entrant listed first in the pairing.
    pub first: usize,
    /// The entrant listed second.
    pub second: usize,
    /// Which deal of the pairing: both seatings of a deal share its start
    /// state and its chance draws.
    pub deal: u32,
    /// `false`: `first` holds side 0; `true`: `first` holds side 1.
    pub swapped: bool,
}

/// The most threads [`RoundRobin::run_parallel`] starts: more never
/// helps a CPU-bound round robin, and each costs a stack.
pub const MAX_THREADS: usize = 1024;

/// Why a parallel round robin could not be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ArenaError {
    /// A thread count of 0 or above [`MAX_THREADS`].
    #[error("{requested} threads asked for: use 1 to {max} (this machine has {cores} cores)")]
    Threads {
        /// The threads asked for.
        requested: usize,
        /// The most allowed ([`MAX_THREADS`]).
        max: usize,
        /// The cores this machine reports.
        cores: usize,
    },
    /// The system refused to start a thread.
    #[error("cannot start a worker thread: {0}")]
    Spawn(String),
    /// A game failed.
    #[error(transparent)]
    Play(#[from] PlayError),
}

/// The number of threads to play on: `requested`, or every core if `None`.
///
/// # Errors
///
/// [`ArenaError::Threads`] for 0 threads or more than [`MAX_THREADS`].
///
/// ```
/// use carte_bots::{thread_count, MAX_THREADS};
///
/// assert_eq!(thread_count(Some(3)), Ok(3));
/// assert!(thread_count(None).unwrap() >= 1);
/// assert!(thread_count(Some(0)).is_err());
/// let err = thread_count(Some(100_000)).unwrap_err();
/// assert!(err.to_string().starts_with("100000 threads asked for: use 1 to 1024"));
/// ```
pub fn thread_count(requested: Option<usize>) -> Result<usize, ArenaError> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    match requested {
        None => Ok(cores.min(MAX_THREADS)),
        Some(n) if (1..=MAX_THREADS).contains(&n) => Ok(n),
        Some(requested) => Err(ArenaError::Threads { requested, max: MAX_THREADS, cores }),
    }
}

/// The jobs of a round robin, streamed in order: pairing by pairing, deal
/// by deal, each deal from both sides. Made by [`RoundRobin::jobs`].
#[derive(Clone, Debug)]
pub struct Jobs {
    pairings: Vec<(usize, usize)>,
    deals: u32,
    next: u64,
    end: u64,
}

impl Jobs {
    /// The job with this index in the order of the stream, if it exists.
    pub fn get(&self, index: u64) -> Option<Job> {
        if index >= self.total() {
            return None;
        }
        let per_pairing = 2 * u64::from(self.deals);
        let pairing = (index / per_pairing) as usize;
        let rest = index % per_pairing;
        let (first, second) = self.pairings[pairing];
        Some(Job { pairing, first, second, deal: (rest / 2) as u32, swapped: rest % 2 == 1 })
    }

    /// All jobs of the round robin, streamed or not.
    pub fn total(&self) -> u64 {
        self.pairings.len() as u64 * 2 * u64::from(self.deals)
    }
}

impl Iterator for Jobs {
    type Item = Job;

    fn next(&mut self) -> Option<Job> {
        if self.next >= self.end {
            return None;
        }
        let job = self.get(self.next);
        self.next += 1;
        job
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.end - self.next;
        match usize::try_from(left) {
            Ok(n) => (n, Some(n)),
            Err(_) => (usize::MAX, None),
        }
    }
}

/// How one game of a round robin went.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// The game played.
    pub job: Job,
    /// The sum of the returns of `first`'s seats.
    pub first_return: f64,
    /// The sum of the returns of `second`'s seats.
    pub second_return: f64,
    /// Moves played, chance included.
    pub plies: u64,
    /// `true` if the ply limit stopped the game (it then counts as a draw).
    pub cut: bool,
}

/// A round robin: every pair of entrants plays the same deals, each deal
/// twice with the two sides swapped.
///
/// Seats are split into two sides (by default even seats against odd seats,
/// which is also how partners sit in a team game); an entrant's result in a
/// game is the sign of the summed returns of its seats.
///
/// ```
/// use carte_bots::{Entrant, Ismcts, Random, RoundRobin};
/// use gonzago_rules::{Deck, Hand, Seeded};
///
/// let entrants = vec![
///     Entrant::new("ismcts", |seed| Box::new(Ismcts::<Hand>::new(seed).iterations(50))),
///     Entrant::new("random", |seed| Box::new(Random::<Hand>::new(seed))),
/// ];
/// let deal = |seed| Hand::from_seed(&Deck::Italian, seed).expect("the Italian deck deals");
/// let standings = RoundRobin::new(deal, entrants).games(4).seed(1).run()?;
/// assert_eq!(standings.pairings()[0].games(), 4);
/// println!("{standings}");
/// # Ok::<(), carte_bots::PlayError>(())
/// ```
pub struct RoundRobin<G: Game, F> {
    start: F,
    entrants: Vec<Entrant<G>>,
    deals: u32,
    seed: u64,
    max_plies: u64,
    sides: Option<Vec<u8>>,
}

impl<G: Game, F: Fn(u64) -> G + Sync> RoundRobin<G, F> {
    /// A round robin between `entrants` on games built by `start(seed)`;
    /// by default 100 games per pairing, seed 0, at most a million plies
    /// per game.
    pub fn new(start: F, entrants: Vec<Entrant<G>>) -> Self {
        RoundRobin { start, entrants, deals: 50, seed: 0, max_plies: 1_000_000, sides: None }
    }

    /// Plays `n` games per pairing, rounded up to an even number so that
    /// every deal is played from both sides (at most `u32::MAX - 1`, so
    /// that the counts of [`Standings`] fit).
    #[must_use]
    pub fn games(mut self, n: u32) -> Self {
        self.deals = n.div_ceil(2).min(u32::MAX / 2);
        self
    }

    /// Seeds the deals, the chance draws and the bots.
    #[must_use]
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// Stops a game after `n` plies (chance included) and counts it a draw.
    #[must_use]
    pub fn max_plies(mut self, n: u64) -> Self {
        self.max_plies = n;
        self
    }

    /// Assigns seat `i` to side `sides[i]` (0 or 1) instead of `i % 2`.
    #[must_use]
    pub fn sides(mut self, sides: Vec<u8>) -> Self {
        self.sides = Some(sides);
        self
    }

    /// The entrants.
    pub fn entrants(&self) -> &[Entrant<G>] {
        &self.entrants
    }

    /// The pairs of entrants `(first, second)`, `first < second`.
    pub fn pairings(&self) -> Vec<(usize, usize)> {
        let n = self.entrants.len();
        (0..n).flat_map(|a| (a + 1..n).map(move |b| (a, b))).collect()
    }

    /// Every game to play, pairing by pairing, deal by deal, streamed: the
    /// iterator holds the pairings and a counter, not one value per game.
    pub fn jobs(&self) -> Jobs {
        let mut jobs = Jobs { pairings: self.pairings(), deals: self.deals, next: 0, end: 0 };
        jobs.end = jobs.total();
        jobs
    }

    /// How many games the round robin plays.
    pub fn job_count(&self) -> u64 {
        self.jobs().total()
    }

    /// Plays one job.
    ///
    /// # Errors
    ///
    /// A [`PlayError`] if a bot fails (passes or plays an illegal move).
    pub fn play(&self, job: Job) -> Result<GameRecord, PlayError> {
        let deal_seed = mix(self.seed, u64::from(job.deal));
        let mut game = (self.start)(deal_seed);
        let seats = game.num_seats();
        let side_of = |s: usize| -> u8 {
            let side = self.sides.as_ref().and_then(|v| v.get(s).copied()).unwrap_or((s % 2) as u8);
            side ^ u8::from(job.swapped)
        };
        let bot_seed = |entrant: usize, seat: usize| {
            mix(
                mix(mix(self.seed ^ 0xB07, job.pairing as u64), u64::from(job.deal) * 2 + u64::from(job.swapped)),
                (entrant * 1024 + seat) as u64,
            )
        };
        let mut bots: Vec<Box<dyn Bot<G>>> = (0..seats)
            .map(|s| {
                let entrant = if side_of(s) == 0 { job.first } else { job.second };
                self.entrants[entrant].build(bot_seed(entrant, s))
            })
            .collect();
        let mut refs: Vec<&mut dyn Bot<G>> = bots.iter_mut().map(|b| &mut **b as &mut dyn Bot<G>).collect();
        let mut chance = deal_rng(mix(deal_seed, 0xC4A2CE));
        let plies = play_game(&mut game, &mut refs, &mut chance, self.max_plies)?;
        let outcome = game.outcome();
        let mut record = GameRecord { job, first_return: 0.0, second_return: 0.0, plies, cut: outcome.is_none() };
        if let Some(outcome) = outcome {
            for s in Seat::all(seats) {
                let v = outcome.value(s);
                if side_of(s.index()) == 0 {
                    record.first_return += v;
                } else {
                    record.second_return += v;
                }
            }
        }
        Ok(record)
    }

    /// Empty standings for this round robin, to [`Standings::add`] records to.
    pub fn standings(&self) -> Standings {
        Standings::new(self.entrants.iter().map(|e| e.name.clone()).collect(), self.pairings())
    }

    /// Plays every job on this thread.
    ///
    /// # Errors
    ///
    /// The first [`PlayError`].
    pub fn run(&self) -> Result<Standings, PlayError> {
        let mut standings = self.standings();
        for job in self.jobs() {
            standings.add(&self.play(job)?);
        }
        Ok(standings)
    }
}

impl<G: Game, F: Fn(u64) -> G + Sync> RoundRobin<G, F> {
    /// Plays every job on `threads` threads (see [`thread_count`]), calling
    /// `on_game` after each game (for a progress bar). Threads take the
    /// jobs one at a time from the stream, so memory does not grow with the
    /// number of games; the standings do not depend on the thread count.
    ///
    /// # Errors
    ///
    /// [`ArenaError::Threads`] for 0 or more than [`MAX_THREADS`] threads;
    /// otherwise a [`PlayError`] of some failed game (the others stop
    /// soon after).
    ///
    /// ```
    /// use carte_bots::{Entrant, Random, RoundRobin};
    /// use gonzago_rules::{Deck, Hand, Seeded};
    ///
    /// let entrants = vec![
    ///     Entrant::new("a", |seed| Box::new(Random::<Hand>::new(seed))),
    ///     Entrant::new("b", |seed| Box::new(Random::<Hand>::new(seed))),
    /// ];
    /// let deal = |seed| Hand::from_seed(&Deck::Italian, seed).expect("the Italian deck deals");
    /// let rr = RoundRobin::new(deal, entrants).games(40).seed(3);
    /// let standings = rr.run_parallel(2, |_| {})?;
    /// assert_eq!(standings, rr.run()?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run_parallel(&self, threads: usize, on_game: impl Fn(&GameRecord) + Sync) -> Result<Standings, ArenaError> {
        let threads = thread_count(Some(threads))?;
        let jobs = self.jobs();
        let next = AtomicU64::new(0);
        let stop = AtomicBool::new(false);
        let standings = Mutex::new(self.standings());
        let failure: Mutex<Option<(u64, PlayError)>> = Mutex::new(None);
        let work = || {
            while !stop.load(Ordering::Relaxed) {
                let index = next.fetch_add(1, Ordering::Relaxed);
                let Some(job) = jobs.get(index) else { break };
                match self.play(job) {
                    Ok(record) => {
                        standings.lock().unwrap_or_else(|e| e.into_inner()).add(&record);
                        on_game(&record);
                    }
                    Err(e) => {
                        stop.store(true, Ordering::Relaxed);
                        let mut first = failure.lock().unwrap_or_else(|e| e.into_inner());
                        if first.as_ref().is_none_or(|(i, _)| index < *i) {
                            *first = Some((index, e));
                        }
                    }
                }
            }
        };
        std::thread::scope(|scope| -> Result<(), ArenaError> {
            let mut spawned = 0;
            for _ in 1..threads {
                match std::thread::Builder::new().name("carte-arena".into()).spawn_scoped(scope, work) {
                    Ok(_) => spawned += 1,
                    Err(e) if spawned == 0 => {
                        stop.store(true, Ordering::Relaxed);
                        return Err(ArenaError::Spawn(e.to_string()));
                    }
                    // Fewer threads than asked: the ones running finish the work.
                    Err(_) => break,
                }
            }
            work();
            Ok(())
        })?;
        if let Some((_, e)) = failure.into_inner().unwrap_or_else(|e| e.into_inner()) {
            return Err(ArenaError::Play(e));
        }
        Ok(standings.into_inner().unwrap_or_else(|e| e.into_inner()))
    }
}

impl<G: Game, F> fmt::Debug for RoundRobin<G, F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RoundRobin")
            .field("entrants", &self.entrants)
            .field("deals", &self.deals)
            .field("seed", &self.seed)
            .finish_non_exhaustive()
    }
}

/// SplitMix64 of `a` combined with `b`: independent-looking seeds from
/// structured ones.
fn mix(a: u64, b: u64) -> u64 {
    let mut z = a ^ b.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(0x6A09_E667_F3BC_C909);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
