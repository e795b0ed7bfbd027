//! Information-state strings of a game in play, kept per seat and
//! extended only by the plies played since the last call.
//!
//! A seat's string is where its record starts (its view of the state the
//! handle started from in brackets, or what it saw before: a chance deal,
//! the record of the state a determinization was drawn from), then one
//! token per ply of what the seat observed of it
//! ([`Views::write_ply_token`]), then ` #` and the digest of the seat's
//! current view ([`Views::observation_digest`]) (so that a record given back to
//! [`GameHandle::resume_information_state`](crate::GameHandle::resume_information_state)
//! is checked against the state it is to continue). The digest is a
//! function of the tokens, so it changes nothing of which states share a
//! string.
//!
//! Nothing is kept until a seat's string is asked for: playing costs
//! nothing more for callers who never ask. After that the seat's record,
//! the number of plies it covers and the state after them are kept behind
//! an `Arc` shared by clones; a call replays only the plies since the one
//! before, from that state, so a call at every node of a game costs one
//! ply each.

use std::sync::{Arc, Mutex, OnceLock, PoisonError};

#[cfg(doc)]
use carte_core::Views;
use carte_core::{InfoState, Seat, ViewError};

use crate::handle::Playable;

/// One seat's record so far.
struct Record<G> {
    /// The string without its digest.
    info: InfoState,
    /// Plies of the history it covers.
    plies: usize,
    /// The state after them.
    at: Arc<G>,
    /// The digest of the seat's view of `at`, made when a string is first
    /// asked for (the tensor, which reads the record alone, never pays
    /// for it).
    digest: OnceLock<u64>,
}

impl<G: Clone> Clone for Record<G> {
    fn clone(&self) -> Self {
        Record { info: self.info.clone(), plies: self.plies, at: self.at.clone(), digest: self.digest.clone() }
    }
}

/// Per seat, the record as far as it was last asked for (none until then).
pub(crate) struct Records<G> {
    seats: Mutex<Vec<Option<Arc<Record<G>>>>>,
}

impl<G> Records<G> {
    pub(crate) fn new() -> Self {
        Records { seats: Mutex::new(Vec::new()) }
    }

    /// Forgets every record (the start of the records changed).
    pub(crate) fn clear(&mut self) {
        self.seats.get_mut().unwrap_or_else(PoisonError::into_inner).clear();
    }
}

impl<G> Clone for Records<G> {
    /// Shares the records (no copy of the strings until one is extended).
    fn clone(&self) -> Self {
        Records { seats: Mutex::new(self.seats.lock().unwrap_or_else(PoisonError::into_inner).clone()) }
    }
}

/// Where a seat's records start and what has been played since.
pub(crate) struct Played<'a, G> {
    /// The state the history starts from.
    pub root: &'a Arc<G>,
    /// What the seat saw before `root`, if it saw more than its view of it.
    pub earlier: Option<&'a str>,
    /// The actions since `root`.
    pub history: &'a [u32],
    /// The state after them.
    pub now: &'a G,
}

/// Splits a seat's string into its record and its digest.
pub(crate) fn split(text: &str) -> Option<(&str, u64)> {
    let (record, digest) = text.rsplit_once(" #")?;
    (digest.len() == 16 && digest.bytes().all(|b| b.is_ascii_hexdigit()))
        .then(|| u64::from_str_radix(digest, 16).ok().map(|d| (record, d)))
        .flatten()
}

impl<G: Playable> Records<G> {
    /// The seat's record up to `played.now`, without its digest.
    pub(crate) fn record(&self, seat: Seat, played: &Played<'_, G>) -> Result<String, ViewError> {
        Ok(self.current(seat, played)?.info.as_str().to_owned())
    }

    /// `f` of the seat's record up to `played.now`, without its digest
    /// (borrowed: nothing is copied).
    pub(crate) fn with_record<R>(
        &self,
        seat: Seat,
        played: &Played<'_, G>,
        f: impl FnOnce(&str) -> R,
    ) -> Result<R, ViewError> {
        Ok(f(self.current(seat, played)?.info.as_str()))
    }

    /// The seat's information-state string at `played.now`.
    pub(crate) fn string(&self, seat: Seat, played: &Played<'_, G>) -> Result<String, ViewError> {
        let record = self.current(seat, played)?;
        let text = record.info.as_str();
        let mut out = String::with_capacity(text.len() + 18);
        out.push_str(text);
        out.push_str(" #");
        let digest = match record.digest.get() {
            Some(&d) => d,
            None => {
                let d = played.now.observation_digest(seat)?;
                // Another thread may have set the same digest first.
                let _ = record.digest.set(d);
                d
            }
        };
        out.push_str(&format!("{digest:016x}"));
        Ok(out)
    }

    /// The seat's record extended to `played.now`.
    fn current(&self, seat: Seat, played: &Played<'_, G>) -> Result<Arc<Record<G>>, ViewError> {
        Seat::checked(seat.index(), played.now.num_seats())?;
        let mut seats = self.seats.lock().unwrap_or_else(PoisonError::into_inner);
        if seats.len() <= seat.index() {
            seats.resize(seat.index() + 1, None);
        }
        let slot = &mut seats[seat.index()];
        let record = match slot.take() {
            Some(record) => record,
            None => {
                let root = &**played.root;
                let info = match played.earlier {
                    Some(text) => InfoState::resumed(seat, text.to_owned()),
                    None => InfoState::new(root, seat)?,
                };
                Arc::new(Record { info, plies: 0, at: played.root.clone(), digest: OnceLock::new() })
            }
        };
        let record = if record.plies == played.history.len() { record } else { Arc::new(extend(record, played)?) };
        *slot = Some(record.clone());
        Ok(record)
    }
}

/// `record` with the plies of `played` it does not cover yet.
fn extend<G: Playable>(record: Arc<Record<G>>, played: &Played<'_, G>) -> Result<Record<G>, ViewError> {
    let mut record = Arc::unwrap_or_clone(record);
    let mut state = (*record.at).clone();
    for &a in &played.history[record.plies..] {
        let before = state.clone();
        let Some(mv) = state.move_at(a as usize) else { unreachable!("a recorded action has a move") };
        if state.apply(mv).is_err() {
            unreachable!("a recorded action applies again");
        }
        record.info.push(&before, mv, &state)?;
    }
    record.plies = played.history.len();
    record.at = Arc::new(state);
    // A new view: its digest is made when asked for.
    record.digest = OnceLock::new();
    Ok(record)
}
