//! The checks shared by the fuzz targets, generic over carte-core's traits.
//!
//! Two kinds of target per game:
//!
//! * `<game>_text`: the first byte picks a reader (move notation, state,
//!   observation, replay or configuration JSON, or a game's own extra
//!   notation) and the rest is its input. Nothing may panic; a move that
//!   parses prints back to itself; whatever state loads is a valid state
//!   ([`check_loaded`]).
//! * `<game>_play`: a configuration and a seed, then a list of choices: a
//!   legal move by index, or an arbitrary move probed (an illegal one must
//!   be refused and change nothing). Every few plies and at the end the
//!   state goes through the conformance kit's `check_state_once`, and every
//!   seat's observation and samples are checked ([`check_views`]).

use std::fmt::Debug;

use arbitrary::{Arbitrary, Unstructured};
use carte_core::testing::{check_state_once, check_state_sampled};
use carte_core::{Game, HiddenInfo, RandomPlayer, Replay, Seat, Seeded, below, deal_rng};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// Plies a random play-out from a loaded state may take before the target
/// gives up on it (only games with a known bound must end within it).
pub const PLAYOUT_PLIES: u64 = 20_000;

/// A game as the targets see it.
pub trait Target: Seeded + Serialize + DeserializeOwned {
    /// The longest game in plies, if the rules bound it: a play-out from
    /// any valid state must end within it.
    const MAX_PLIES: Option<u64> = None;

    /// The hidden-information checks of a state ([`check_views`]); nothing
    /// for a game of perfect information.
    fn views(&self, samples: u64) {
        let _ = samples;
    }

    /// The hidden-information checks of one seat, seat `which` modulo the
    /// seats, without the JSON of its observation ([`check_seat_view`]);
    /// nothing for a game of perfect information.
    fn view_of(&self, which: u64, samples: u64) {
        let _ = (which, samples);
    }

    /// Reads an observation from JSON ([`check_observation_json`]);
    /// nothing for a game of perfect information.
    fn observation_json(data: &[u8]) {
        let _ = data;
    }
}

/// An observation that loads from JSON serializes and loads again equal.
pub fn check_observation_json<G: HiddenInfo>(data: &[u8])
where
    G::Observation: Serialize + DeserializeOwned,
{
    if let Ok(obs) = serde_json::from_slice::<G::Observation>(data) {
        let json = serde_json::to_string(&obs).expect("a loaded observation serializes");
        let back: G::Observation = serde_json::from_str(&json)
            .unwrap_or_else(|e| panic!("a loaded observation does not load again: {e}\n{json}"));
        assert_eq!(back, obs, "a loaded observation changed through JSON");
    }
}

/// Panics with `what` and the state, for libFuzzer to record the input.
#[track_caller]
fn fail(what: impl std::fmt::Display, state: &impl Debug) -> ! {
    panic!("{what}\nstate: {state:?}")
}

/// A move text: if it parses, its `Display` parses back to the same move
/// and prints the same text again.
pub fn check_move_text<G: Game>(text: &str) {
    if let Ok(mv) = text.parse::<G::Move>() {
        let shown = mv.to_string();
        match shown.parse::<G::Move>() {
            Ok(back) if back == mv => {}
            Ok(back) => panic!("{text:?} reads as {mv:?}, shown {shown:?}, which reads as {back:?}"),
            Err(e) => panic!("{text:?} reads as {mv:?}, shown {shown:?}, which does not parse: {e}"),
        }
    }
}

/// Any text that parses as `T`: its `Display` reads back to the same value.
pub fn check_display_roundtrip<T>(text: &str)
where
    T: std::str::FromStr + std::fmt::Display + PartialEq + Debug,
{
    if let Ok(v) = text.parse::<T>() {
        let shown = v.to_string();
        match shown.parse::<T>() {
            Ok(back) if back == v => {}
            Ok(back) => panic!("{text:?} reads as {v:?}, shown {shown:?}, which reads as {back:?}"),
            Err(_) => panic!("{text:?} reads as {v:?}, shown {shown:?}, which does not parse"),
        }
    }
}

/// A state that loaded: the kit's one-state check (legal moves apply,
/// illegal ones are refused, it re-serializes to an equal state), every
/// seat's view, and a random play-out from it that applies every move and
/// ends if the game has a bound.
pub fn check_loaded<G: Target>(game: &G) {
    if let Err(e) = check_state_once(game, &[]) {
        fail(format!("a loaded state breaks the contract: {e}"), game);
    }
    game.views(1);
    let mut copy = game.clone();
    let mut player = RandomPlayer::new();
    let mut rng = deal_rng(0);
    let mut plies = 0;
    while plies < G::MAX_PLIES.unwrap_or(PLAYOUT_PLIES) {
        let Some(mv) = player.choose(&copy, &mut rng) else { break };
        if let Err(e) = copy.apply(mv) {
            fail(format!("ply {plies} of a play-out from a loaded state: legal move {mv} refused: {e}"), &copy);
        }
        plies += 1;
    }
    if G::MAX_PLIES.is_some() && !copy.is_over() {
        fail(format!("a play-out from a loaded state did not end in {plies} plies"), &copy);
    }
}

/// Every seat's observation round-trips through JSON and `samples`
/// determinizations reproduce it; a seat the game lacks is an error.
pub fn check_views<G: HiddenInfo + Debug>(game: &G, samples: u64)
where
    G::Observation: Serialize + DeserializeOwned,
{
    for seat in Seat::all(game.num_seats()) {
        check_seat_view(game, seat, samples, true);
    }
    let absent = Seat::new(u8::try_from(game.num_seats()).unwrap_or(u8::MAX));
    if game.num_seats() < 256 && game.observation(absent).is_ok() {
        fail(format!("{absent} is not at the table but has an observation"), game);
    }
}

/// One seat's observation: `samples` determinizations reproduce it, and
/// (if `json`) it round-trips through JSON.
pub fn check_seat_view<G: HiddenInfo + Debug>(game: &G, seat: Seat, samples: u64, json: bool)
where
    G::Observation: Serialize + DeserializeOwned,
{
    let obs = match game.observation(seat) {
        Ok(o) => o,
        Err(e) => fail(format!("{seat} of {} seats has no observation: {e}", game.num_seats()), game),
    };
    if json {
        let json = serde_json::to_string(&obs).unwrap_or_else(|e| fail(format!("observation: {e}"), game));
        match serde_json::from_str::<G::Observation>(&json) {
            Ok(back) if back == obs => {}
            Ok(back) => fail(format!("{seat}: observation changed through JSON: {back:?}"), game),
            Err(e) => fail(format!("{seat}: observation does not load: {e}\n{json}"), game),
        }
    }
    for k in 0..samples {
        let sample = game.sample(seat, &mut deal_rng(k)).unwrap_or_else(|e| fail(e, game));
        if sample.observation(seat).as_ref() != Ok(&obs) {
            fail(format!("{seat}: a sample does not reproduce the observation: {sample:?}"), game);
        }
    }
}

/// The text target: the first byte picks what the rest is read as.
///
/// `extra` gets the text for byte values past the common readers (a
/// game's own notations: cards, squares, board diagrams, French faces).
pub fn fuzz_text<G: Target>(data: &[u8], extra: &[fn(&str)])
where
    G::Config: Serialize + DeserializeOwned,
{
    let Some((&which, rest)) = data.split_first() else { return };
    let text = String::from_utf8_lossy(rest);
    match which % (6 + extra.len() as u8) {
        0 => check_move_text::<G>(&text),
        1 => {
            if let Ok(game) = serde_json::from_slice::<G>(rest) {
                check_loaded(&game);
            }
        }
        2 => G::observation_json(rest),
        3 => {
            if let Ok(replay) = serde_json::from_slice::<Replay<G>>(rest)
                && replay.moves.len() <= 10_000
                && let Ok(game) = replay.replay()
            {
                check_loaded(&game);
            }
        }
        4 => {
            if let Ok((config, seed)) = serde_json::from_slice::<(G::Config, u64)>(rest)
                && let Ok(game) = G::from_seed(&config, seed)
            {
                check_loaded(&game);
            }
        }
        5 => {
            if let Some(json) = mutated_state::<G>(rest)
                && let Ok(game) = serde_json::from_str::<G>(&json)
            {
                check_loaded(&game);
            }
        }
        k => extra[usize::from(k - 6)](&text),
    }
}

/// Numbers that break counters and limits.
const INTERESTING: [&str; 12] =
    ["0", "1", "2", "21", "255", "256", "65535", "65536", "4294967295", "18446744073709551615", "-1", "null"];

/// The JSON of a reachable state (seed and plies from the first 9 bytes,
/// default configuration), then edited by the rest of `data`: a byte
/// replaced, a number replaced by one of [`INTERESTING`], a span deleted,
/// or a span repeated.
pub fn mutated_state<G: Target>(data: &[u8]) -> Option<String> {
    let mut u = Unstructured::new(data);
    let seed = u64::arbitrary(&mut u).ok()?;
    let plies = u8::arbitrary(&mut u).ok()?;
    let mut game = G::from_seed(&G::Config::default(), seed).ok()?;
    carte_core::random_playout(&mut game, &mut deal_rng(seed), u64::from(plies) * 4);
    let mut json = serde_json::to_string(&game).ok()?.into_bytes();
    while !u.is_empty() && !json.is_empty() {
        let kind = u8::arbitrary(&mut u).ok()?;
        let at = usize::from(u16::arbitrary(&mut u).ok()?) % json.len();
        match kind % 4 {
            0 => json[at] = u8::arbitrary(&mut u).ok()?,
            1 => {
                // The number starting at or after `at`.
                let Some(start) = json[at..].iter().position(u8::is_ascii_digit).map(|p| p + at) else { continue };
                let len = json[start..].iter().take_while(|b| b.is_ascii_digit()).count();
                let with = INTERESTING[usize::from(u8::arbitrary(&mut u).ok()?) % INTERESTING.len()];
                json.splice(start..start + len, with.bytes());
            }
            2 => {
                let len = usize::from(u8::arbitrary(&mut u).ok()? % 16).min(json.len() - at);
                json.drain(at..at + len);
            }
            _ => {
                let len = usize::from(u8::arbitrary(&mut u).ok()? % 16).min(json.len() - at);
                let span: Vec<u8> = json[at..at + len].to_vec();
                json.splice(at..at, span);
            }
        }
    }
    String::from_utf8(json).ok()
}

/// Most plies a play target follows in one input.
pub const PLAY_PLIES: u64 = 5_000;

/// How thoroughly [`fuzz_play`] checks the states it reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Checks {
    /// What must hold at every ply, cheaply (the `<game>_play` targets,
    /// thousands of inputs a second): every legal move chosen by index
    /// applies and its notation reads back; a probed move is `is_legal`
    /// exactly when `legal_moves` lists it, applies exactly then, and a
    /// refused one changes nothing; a state has legal moves exactly when it
    /// has no outcome, and an outcome has a return per seat. The state the
    /// input asks for (a choice byte of 255, once per input) goes through
    /// the kit on a budget ([`check_state_sampled`]: some legal moves, some
    /// moves seen earlier, the serde round trip); there and at a finished
    /// game, a sample of one seat reproduces its observation. (JSON is
    /// slow under the fuzzer's instrumentation: the observation's JSON is
    /// left to [`Checks::Kit`] and the text targets.)
    Fast,
    /// The whole kit at every state the input asks for (a choice byte of
    /// 250 or more) and at the end ([`check_state_once`]: every legal move,
    /// every move seen earlier, the serde round trip) and every seat's view
    /// with samples (the `kit_play` target, far slower per input).
    Kit,
}

/// Legal and earlier moves the fast checks try in a state.
const FAST_BUDGET: usize = 4;

/// Checks of the state a fast input may ask for.
const FAST_CHECKS: u32 = 1;

/// The play target: a configuration and a seed from `config`, then moves
/// chosen by the input, each byte of choice one of:
///
/// * below 40: a probe, any value of the move type (from the next bytes);
/// * 40 to 55: a run of up to 32 legal moves, chosen by a generator seeded
///   from the next two bytes (deep states and endings from short inputs);
/// * 250 and above: a legal move by index, then (255 only, for
///   [`Checks::Fast`]) the kit's check of the state ([`Checks`] says how
///   much of it);
/// * anything else: a legal move by index (the next two bytes).
pub fn fuzz_play<G: Target>(
    data: &[u8],
    checks: Checks,
    config: impl FnOnce(&mut Unstructured<'_>) -> arbitrary::Result<G::Config>,
) where
    G::Move: for<'a> Arbitrary<'a>,
{
    let mut u = Unstructured::new(data);
    let Ok(config) = config(&mut u) else { return };
    let Ok(seed) = u64::arbitrary(&mut u) else { return };
    let Ok(mut game) = G::from_seed(&config, seed) else { return };
    let mut seen: Vec<G::Move> = Vec::new();
    let mut legal = Vec::new();
    let mut plies = 0u64;
    let mut asked = 0;
    while !u.is_empty() && plies < PLAY_PLIES {
        game.legal_moves(&mut legal);
        if legal.is_empty() {
            break;
        }
        if game.outcome().is_some() {
            fail(format!("{} legal moves but the game has an outcome", legal.len()), &game);
        }
        let Ok(choice) = u8::arbitrary(&mut u) else { break };
        let Ok(index) = (if choice < 40 { Ok(0) } else { u16::arbitrary(&mut u) }) else { break };
        match choice {
            0..40 => {
                let Ok(mv) = G::Move::arbitrary(&mut u) else { break };
                if probe(&mut game, mv, &legal) {
                    remember(&mut seen, mv);
                    plies += 1;
                }
            }
            40..56 => {
                let mut rng = deal_rng(u64::from(index));
                for _ in 0..=index % 32 {
                    if legal.is_empty() {
                        break;
                    }
                    let mv = legal[below(&mut rng, legal.len() as u32) as usize];
                    if let Err(e) = game.apply(mv) {
                        fail(format!("legal move {mv} refused: {e}"), &game);
                    }
                    remember(&mut seen, mv);
                    plies += 1;
                    game.legal_moves(&mut legal);
                }
            }
            _ => {
                let mv = legal[usize::from(index) % legal.len()];
                play_legal(&mut game, mv);
                remember(&mut seen, mv);
                plies += 1;
            }
        }
        match checks {
            Checks::Kit if choice >= 250 => check_kit(&game, &seen, plies),
            Checks::Fast if choice == 255 && asked < FAST_CHECKS => {
                asked += 1;
                check_fast(&game, &seen, plies);
            }
            _ => {}
        }
    }
    game.legal_moves(&mut legal);
    if legal.is_empty() != game.outcome().is_some() {
        fail(format!("{} legal moves, outcome {:?}", legal.len(), game.outcome()), &game);
    }
    if let Some(outcome) = game.outcome()
        && outcome.returns().len() != game.num_seats()
    {
        fail(format!("{} returns for {} seats", outcome.returns().len(), game.num_seats()), &game);
    }
    match checks {
        Checks::Kit => check_kit(&game, &seen, plies),
        Checks::Fast if legal.is_empty() => game.view_of(plies, 1),
        Checks::Fast => {}
    }
}

/// Keeps the first 256 moves played, to be tried as illegal moves later.
fn remember<M>(seen: &mut Vec<M>, mv: M) {
    if seen.len() < 256 {
        seen.push(mv);
    }
}

/// Plays a move `legal_moves` listed: it applies, and its notation reads
/// back to it.
fn play_legal<G: Target>(game: &mut G, mv: G::Move) {
    let text = mv.to_string();
    if text.parse::<G::Move>().ok() != Some(mv) {
        fail(format!("the notation {text:?} of legal move {mv:?} does not read back"), game);
    }
    if let Err(e) = game.apply(mv) {
        fail(format!("legal move {mv} refused: {e}"), game);
    }
}

/// Tries an arbitrary move: `is_legal` agrees with `legal_moves`, and it
/// applies exactly when legal, a refused move changing nothing. True if
/// it applied.
fn probe<G: Target>(game: &mut G, mv: G::Move, legal: &[G::Move]) -> bool {
    let before = game.clone();
    let listed = legal.contains(&mv);
    if game.is_legal(mv) != listed {
        fail(format!("is_legal({mv}) disagrees with legal_moves"), &before);
    }
    match game.apply(mv) {
        Ok(()) if listed => true,
        Ok(()) => fail(format!("{mv} applied but is not a legal move"), &before),
        Err(e) if listed => fail(format!("legal move {mv} refused: {e}"), &before),
        Err(_) if *game != before => fail(format!("refused move {mv} changed the state"), &before),
        Err(_) => false,
    }
}

/// The kit on a budget, the last of the remembered moves (the first 256
/// played) tried as illegal ones, and one seat's view without its JSON
/// (which seat depends on the ply).
fn check_fast<G: Target>(game: &G, seen: &[G::Move], plies: u64) {
    let recent = &seen[seen.len().saturating_sub(4 * FAST_BUDGET)..];
    if let Err(e) = check_state_sampled(game, recent, FAST_BUDGET, plies) {
        fail(format!("after {plies} plies: {e}"), game);
    }
    game.view_of(plies, 1);
}

/// The whole kit and every seat's view.
fn check_kit<G: Target>(game: &G, seen: &[G::Move], plies: u64) {
    if let Err(e) = check_state_once(game, seen) {
        fail(format!("after {plies} plies: {e}"), game);
    }
    game.views(2);
}

/// The hidden-information part of [`Target`] for a game that has it.
macro_rules! hidden {
    () => {
        fn views(&self, samples: u64) {
            check_views(self, samples);
        }
        fn view_of(&self, which: u64, samples: u64) {
            let seat = which % self.num_seats() as u64;
            check_seat_view(self, Seat::new(seat as u8), samples, false);
        }
        fn observation_json(data: &[u8]) {
            check_observation_json::<Self>(data);
        }
    };
}

impl Target for gonzago_rules::Hand {
    /// 40 plays, 32 draws and 41 passes at most.
    const MAX_PLIES: Option<u64> = Some(113);
    hidden!();
}

impl Target for gonzago_rules::Match {
    hidden!();
}

impl Target for zucche_rules::Zucche {}

impl Target for zama_rules::Zama {
    hidden!();
}

impl Target for camicia_rules::Camicia {
    hidden!();
}

/// Zama games of two or four players ([`fuzz_play`]).
pub fn play_zama(data: &[u8], checks: Checks) {
    fuzz_play::<zama_rules::Zama>(data, checks, |u| {
        let players = if u.ratio(1u8, 4u8)? { 4 } else { 2 };
        let limit = u.int_in_range(1..=300u32)?;
        Ok(zama_rules::Config::new().with_players(players).with_no_removal_limit(limit))
    });
}

/// Zucche games of four or eight players and any number of rounds
/// ([`fuzz_play`]).
pub fn play_zucche(data: &[u8], checks: Checks) {
    fuzz_play::<zucche_rules::Zucche>(data, checks, |u| {
        let players = 4 * u.int_in_range(1..=2usize)?;
        let rounds = u.int_in_range(1..=300u32)?;
        Ok(zucche_rules::Config::players(players).with_rounds(rounds))
    });
}

/// Camicia games of any configuration ([`fuzz_play`]).
#[allow(clippy::redundant_closure)] // the closure is general over the input's lifetime, the path is not
pub fn play_camicia(data: &[u8], checks: Checks) {
    fuzz_play::<camicia_rules::Camicia>(data, checks, |u| camicia_rules::Config::arbitrary(u));
}

/// Gonzago matches (first byte odd) or single hands ([`fuzz_play`]).
#[allow(clippy::redundant_closure)] // the closure is general over the input's lifetime, the path is not
pub fn play_gonzago(data: &[u8], checks: Checks) {
    match data.split_first() {
        Some((first, rest)) if first & 1 == 1 => {
            fuzz_play::<gonzago_rules::Match>(rest, checks, |u| gonzago_rules::Config::arbitrary(u));
        }
        _ => fuzz_play::<gonzago_rules::Hand>(data.get(1..).unwrap_or_default(), checks, |u| {
            gonzago_rules::Deck::arbitrary(u)
        }),
    }
}
