//! [`GameHandle`]: any game's state behind one type, by integer actions.

use std::sync::Arc;

use carte_core::{ActionSpace, Actor, DealRng, GameFacts, Seat, ViewError, Views, deal_rng};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::error::HandleError;
use crate::info::{self, Played, Records};
use crate::observation::ObservationJson;
use crate::recall::Recall;

/// What a game needs to stand behind a [`GameHandle`].
pub(crate) trait Playable:
    ActionSpace<Move: Send + Sync> + Views + Recall + ObservationJson + Serialize + DeserializeOwned + Send + Sync + 'static
{
}

impl<G> Playable for G where
    G: ActionSpace<Move: Send + Sync>
        + Views
        + Recall
        + ObservationJson
        + Serialize
        + DeserializeOwned
        + Send
        + Sync
        + 'static
{
}

/// A determinization: a state with the seat's view, the unseen part drawn.
pub(crate) type Sampler<G> = fn(&G, Seat, &mut DealRng) -> Result<G, carte_core::SeatError>;

/// The object-safe face of a state, implemented by [`Typed`] (a game in
/// play) and by the chance deal before it.
pub(crate) trait Erased: Send + Sync {
    fn clone_box(&self) -> Box<dyn Erased>;
    fn name(&self) -> &str;
    fn facts(&self) -> GameFacts;
    fn actor(&self) -> Actor;
    fn range(&self) -> usize;
    fn legal_action_mask(&mut self, mask: &mut [bool]) -> Result<usize, HandleError>;
    fn legal_action_bits(&mut self, bits: &mut [u64]) -> Result<usize, HandleError>;
    fn legal_actions(&mut self, out: &mut Vec<usize>);
    /// As [`ActionSpace::legal_actions_and_mask`] (the default, for the
    /// chance deal: from the list of legal actions).
    fn legal_actions_and_mask(&mut self, list: &mut [u16], mask: &mut [bool]) -> Result<usize, HandleError> {
        carte_core::ActionError::check_list(self.range(), list.len(), mask.len())?;
        let mut legal = Vec::new();
        self.legal_actions(&mut legal);
        mask.fill(false);
        for (slot, &a) in list.iter_mut().zip(&legal) {
            // Below 65,536 (checked above).
            *slot = a as u16;
            mask[a] = true;
        }
        Ok(legal.len())
    }
    fn chance_outcomes(&mut self, out: &mut Vec<(usize, f64)>);
    /// Applies the action; a new state replaces this one when the game
    /// changes form (the end of a chance deal).
    fn apply_action(&mut self, action: usize) -> Result<Option<Box<dyn Erased>>, HandleError>;
    fn action_to_string(&self, action: usize) -> Option<String>;
    fn string_to_action(&self, text: &str) -> Result<usize, HandleError>;
    fn action_json(&self, action: usize) -> Option<String>;
    fn returns(&self) -> Option<Vec<f64>>;
    fn observation_shape(&self) -> Vec<usize>;
    fn observation_tensor(&self, seat: Seat, out: &mut [f32]) -> Result<(), ViewError>;
    /// As [`Views::observation_tensor_sparse`] (the default: the whole
    /// tensor, then its nonzero entries listed).
    fn observation_tensor_sparse(&self, seat: Seat, out: &mut [f32], nonzero: &mut Vec<u32>) -> Result<(), ViewError> {
        self.observation_tensor(seat, out)?;
        nonzero.extend(out.iter().enumerate().filter(|(_, x)| **x != 0.0).map(|(i, _)| i as u32));
        Ok(())
    }
    /// As [`Views::observation_tensor_update`] (the default: the whole
    /// tensor, the memo cleared).
    fn observation_tensor_update(&self, seat: Seat, out: &mut [f32], memo: &mut Vec<u64>) -> Result<(), ViewError> {
        self.observation_tensor(seat, out)?;
        memo.clear();
        Ok(())
    }
    fn observation_string(&self, seat: Seat) -> Result<String, ViewError>;
    fn observation_json(&self, seat: Seat) -> Result<String, ViewError>;
    fn information_state_string(&self, seat: Seat) -> Result<String, ViewError>;
    /// The entries of the information-state tensor, if the configuration
    /// has one (see [`crate::recall`]); it is flat.
    fn recall_len(&self) -> Option<usize>;
    /// Writes the seat's information-state tensor into `out` (of the
    /// shape's entries, checked by the caller).
    fn recall_tensor(&self, seat: Seat, out: &mut [f32]) -> Result<(), ViewError>;
    fn to_json(&self) -> String;
    fn resample(&self, seat: Seat, seed: u64) -> Result<Box<dyn Erased>, HandleError>;
    /// Makes `earlier` the seat's information state here (see
    /// [`GameHandle::resume_information_state`]).
    fn resume(&mut self, seat: Seat, earlier: &str) -> Result<(), HandleError>;
    fn display(&self) -> String;
}

/// Plies of history reserved when a game starts.
const HISTORY_RESERVE: u64 = 256;

/// A typed game in play, with what the handle keeps beside it.
pub(crate) struct Typed<G: Playable> {
    name: Arc<str>,
    game: G,
    /// Scratch space for legal moves.
    moves: Vec<G::Move>,
    /// Scratch space for legal actions.
    actions: Vec<usize>,
    /// The state the information states start from, and the actions since.
    root: Arc<G>,
    history: Vec<u32>,
    /// Per seat, the information state at `root` when the seat saw more
    /// before it (a chance deal, a determinization); `None`: its view of
    /// `root`.
    earlier: Arc<Vec<Option<String>>>,
    /// The information states asked for so far (see [`info`]).
    records: Records<G>,
    sampler: Option<Sampler<G>>,
    /// The facts reported (the game's, or with a chance deal before it).
    facts: GameFacts,
}

impl<G: Playable> Clone for Typed<G> {
    fn clone(&self) -> Self {
        Typed {
            name: self.name.clone(),
            game: self.game.clone(),
            moves: Vec::with_capacity(self.moves.capacity()),
            actions: Vec::with_capacity(self.actions.capacity()),
            root: self.root.clone(),
            history: self.history.clone(),
            earlier: self.earlier.clone(),
            records: self.records.clone(),
            sampler: self.sampler,
            facts: self.facts.clone(),
        }
    }
}

impl<G: Playable> Typed<G> {
    /// `game` as the start of play; `earlier` as for the field.
    pub(crate) fn new(name: Arc<str>, game: G, sampler: Option<Sampler<G>>, earlier: Vec<Option<String>>) -> Self {
        let facts = game.facts();
        // Room for a typical game at once (grown as needed beyond).
        let history = Vec::with_capacity(facts.max_plies.min(HISTORY_RESERVE) as usize);
        Typed {
            name,
            facts,
            root: Arc::new(game.clone()),
            game,
            moves: Vec::new(),
            actions: Vec::new(),
            history,
            earlier: Arc::new(earlier),
            records: Records::new(),
            sampler,
        }
    }

    /// Reports `facts` instead of the game's (a deal came before).
    pub(crate) fn set_facts(&mut self, facts: GameFacts) {
        self.facts = facts;
    }

    /// What the information states of the seats are made from.
    fn played(&self, seat: Seat) -> Played<'_, G> {
        Played {
            root: &self.root,
            earlier: self.earlier.get(seat.index()).and_then(Option::as_deref),
            history: &self.history,
            now: &self.game,
        }
    }
}

impl<G: Playable> Erased for Typed<G> {
    fn clone_box(&self) -> Box<dyn Erased> {
        Box::new(self.clone())
    }

    fn name(&self) -> &str {
        &self.name
    }

    fn facts(&self) -> GameFacts {
        self.facts.clone()
    }

    fn actor(&self) -> Actor {
        self.game.actor()
    }

    fn range(&self) -> usize {
        self.game.action_space_len()
    }

    #[inline]
    fn legal_action_mask(&mut self, mask: &mut [bool]) -> Result<usize, HandleError> {
        Ok(self.game.legal_action_mask(&mut self.moves, mask)?)
    }

    #[inline]
    fn legal_action_bits(&mut self, bits: &mut [u64]) -> Result<usize, HandleError> {
        Ok(self.game.legal_action_bits(&mut self.moves, bits)?)
    }

    fn legal_actions(&mut self, out: &mut Vec<usize>) {
        self.game.legal_actions(&mut self.moves, out);
    }

    fn legal_actions_and_mask(&mut self, list: &mut [u16], mask: &mut [bool]) -> Result<usize, HandleError> {
        Ok(self.game.legal_actions_and_mask(&mut self.moves, &mut self.actions, list, mask)?)
    }

    fn chance_outcomes(&mut self, out: &mut Vec<(usize, f64)>) {
        out.clear();
        let mut chances = Vec::new();
        self.game.chance_outcomes(&mut chances);
        out.extend(chances.into_iter().filter_map(|(m, p)| Some((self.game.action_index(m)?, p))));
        out.sort_by_key(|&(a, _)| a);
    }

    #[inline]
    fn apply_action(&mut self, action: usize) -> Result<Option<Box<dyn Erased>>, HandleError> {
        let Some(mv) = self.game.move_at(action) else {
            return Err(HandleError::NoSuchAction { action, range: self.game.action_space_len() });
        };
        self.game.apply(mv).map_err(|e| HandleError::Illegal {
            action,
            notation: mv.to_string(),
            reason: e.to_string(),
        })?;
        // Indices fit a u32 in every game (the largest range is 1,874).
        self.history.push(action as u32);
        Ok(None)
    }

    fn action_to_string(&self, action: usize) -> Option<String> {
        self.game.move_at(action).map(|m| m.to_string())
    }

    fn string_to_action(&self, text: &str) -> Result<usize, HandleError> {
        let mv: G::Move = text.parse().map_err(|e: <G::Move as core::str::FromStr>::Err| HandleError::Notation {
            text: text.to_owned(),
            reason: e.to_string(),
        })?;
        self.game.action_index(mv).ok_or_else(|| HandleError::Notation {
            text: text.to_owned(),
            reason: format!("no action of {} is this move", self.name),
        })
    }

    fn action_json(&self, action: usize) -> Option<String> {
        // Every game serializes a move as its notation.
        serde_json::to_string(&self.game.move_at(action)?.to_string()).ok()
    }

    fn returns(&self) -> Option<Vec<f64>> {
        self.game.outcome().map(|o| o.returns().to_vec())
    }

    fn observation_shape(&self) -> Vec<usize> {
        self.game.observation_shape()
    }

    fn observation_tensor(&self, seat: Seat, out: &mut [f32]) -> Result<(), ViewError> {
        self.game.observation_tensor(seat, out)
    }

    fn observation_tensor_sparse(&self, seat: Seat, out: &mut [f32], nonzero: &mut Vec<u32>) -> Result<(), ViewError> {
        self.game.observation_tensor_sparse(seat, out, nonzero)
    }

    fn observation_tensor_update(&self, seat: Seat, out: &mut [f32], memo: &mut Vec<u64>) -> Result<(), ViewError> {
        self.game.observation_tensor_update(seat, out, memo)
    }

    fn observation_string(&self, seat: Seat) -> Result<String, ViewError> {
        self.game.observation_string(seat)
    }

    fn observation_json(&self, seat: Seat) -> Result<String, ViewError> {
        self.game.observation_json(seat)
    }

    fn information_state_string(&self, seat: Seat) -> Result<String, ViewError> {
        self.records.string(seat, &self.played(seat))
    }

    fn recall_len(&self) -> Option<usize> {
        self.game.recall_len()
    }

    fn recall_tensor(&self, seat: Seat, out: &mut [f32]) -> Result<(), ViewError> {
        self.records.with_record(seat, &self.played(seat), |record| self.game.recall_tensor(seat, record, out))?
    }

    fn to_json(&self) -> String {
        serde_json::to_string(&self.game).unwrap_or_else(|e| unreachable!("a state serializes: {e}"))
    }

    fn resample(&self, seat: Seat, seed: u64) -> Result<Box<dyn Erased>, HandleError> {
        let info = self.records.record(seat, &self.played(seat))?;
        let sampled = match self.sampler {
            Some(sample) => sample(&self.game, seat, &mut deal_rng(seed)).map_err(ViewError::from)?,
            None => self.game.clone(),
        };
        let mut earlier = vec![None; self.game.num_seats()];
        earlier[seat.index()] = Some(info);
        let mut typed = Typed::new(self.name.clone(), sampled, self.sampler, earlier);
        typed.set_facts(self.facts.clone());
        Ok(Box::new(typed))
    }

    fn resume(&mut self, seat: Seat, earlier: &str) -> Result<(), HandleError> {
        Seat::checked(seat.index(), self.game.num_seats()).map_err(ViewError::from)?;
        let refused = |reason: &str| HandleError::State { game: self.name.to_string(), reason: reason.to_owned() };
        if !self.history.is_empty() {
            return Err(refused("an information state is resumed where the state starts, before any ply"));
        }
        // A string ends with the digest of the seat's view (see `info`).
        let view = self.root.observation_digest(seat)?;
        let Some((record, _)) = info::split(earlier).filter(|&(_, d)| d == view) else {
            return Err(refused("the information state does not end with the seat's view of the state"));
        };
        let mut records = (*self.earlier).clone();
        records.resize(self.game.num_seats(), None);
        records[seat.index()] = Some(record.to_owned());
        self.earlier = Arc::new(records);
        self.records.clear();
        Ok(())
    }

    fn display(&self) -> String {
        format!("{:?}", self.game)
    }
}

/// A game state of any registered game, played by integer actions.
///
/// Built by [`GameType::new_state`](crate::GameType::new_state) or
/// [`load`](crate::load). Seat actions are `0..num_actions()`, chance
/// outcomes `0..max_chance_outcomes()` at chance nodes (see each game's
/// `actions` module for its encoding). Refused actions leave the state as
/// it was.
///
/// ```
/// let game = carte_registry::load_game("gonzago(deck=french)")?;
/// let mut state = game.new_state(7);
/// let mut mask = vec![false; state.num_actions()];
/// while !state.is_terminal() {
///     state.legal_action_mask(&mut mask)?;
///     let first = mask.iter().position(|&legal| legal).unwrap();
///     state.apply_action(first)?;
/// }
/// assert_eq!(state.returns().unwrap().iter().sum::<f64>(), 0.0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct GameHandle {
    inner: Box<dyn Erased>,
}

impl Clone for GameHandle {
    fn clone(&self) -> Self {
        GameHandle { inner: self.inner.clone_box() }
    }
}

impl core::fmt::Debug for GameHandle {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("GameHandle").field("game", &self.inner.name()).field("state", &self.inner.display()).finish()
    }
}

impl GameHandle {
    pub(crate) fn new(inner: Box<dyn Erased>) -> GameHandle {
        GameHandle { inner }
    }

    /// The game's description, e.g. `gonzago(deck=french,mode=single,deal=seeded)`.
    pub fn game(&self) -> &str {
        self.inner.name()
    }

    /// Seats, returns, length and action ranges of the configuration.
    pub fn facts(&self) -> GameFacts {
        self.inner.facts()
    }

    /// Number of seats.
    pub fn num_seats(&self) -> usize {
        self.inner.facts().seats
    }

    /// Number of distinct seat actions.
    pub fn num_actions(&self) -> usize {
        self.inner.facts().num_actions
    }

    /// The most chance outcomes of a chance node.
    pub fn max_chance_outcomes(&self) -> usize {
        self.inner.facts().max_chance_outcomes
    }

    /// Who acts now.
    pub fn actor(&self) -> Actor {
        self.inner.actor()
    }

    /// The seat to act, if a seat acts.
    pub fn current_seat(&self) -> Option<Seat> {
        self.inner.actor().seat()
    }

    /// Whether chance acts now.
    pub fn is_chance_node(&self) -> bool {
        self.inner.actor() == Actor::Chance
    }

    /// Whether the game is over.
    pub fn is_terminal(&self) -> bool {
        self.inner.actor() == Actor::Nobody
    }

    /// The size of this node's action range: the chance range at a chance
    /// node, the seats' otherwise.
    pub fn action_space_len(&self) -> usize {
        self.inner.range()
    }

    /// Sets `mask[i]` to whether action `i` is legal (within this node's
    /// range; `false` beyond it) and returns the number of legal actions.
    /// Uses a buffer inside the handle: nothing is allocated once it has
    /// grown.
    ///
    /// # Errors
    ///
    /// [`HandleError::Action`] if `mask` is shorter than
    /// [`action_space_len`](GameHandle::action_space_len).
    #[inline]
    pub fn legal_action_mask(&mut self, mask: &mut [bool]) -> Result<usize, HandleError> {
        self.inner.legal_action_mask(mask)
    }

    /// Sets bit `i % 64` of `bits[i / 64]` to whether action `i` is legal
    /// (every bit beyond this node's range clear) and returns the number of
    /// legal actions: the set of
    /// [`legal_action_mask`](GameHandle::legal_action_mask), one bit an
    /// action, which [`nth_legal_bit`](crate::nth_legal_bit) picks from. The
    /// fastest way to the legal actions when the host needs no `bool` per
    /// action: Zama writes the words straight from its bit sets. Nothing
    /// is allocated.
    ///
    /// ```
    /// let game = carte_registry::load_game("zama(players=4)")?;
    /// let mut state = game.new_state(3);
    /// let mut bits = vec![0; state.num_actions().div_ceil(64)];
    /// let n = state.legal_action_bits(&mut bits)?;
    /// let first = carte_registry::nth_legal_bit(&bits, 0).unwrap();
    /// assert_eq!(Some(&first), state.legal_actions().first());
    /// assert_eq!(carte_registry::nth_legal_bit(&bits, n), None);
    /// assert!(state.legal_action_bits(&mut bits[..1]).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`HandleError::Action`] if `bits` has fewer words than
    /// [`action_space_len`](GameHandle::action_space_len) divided by 64,
    /// rounded up; `bits` is then unchanged.
    #[inline]
    pub fn legal_action_bits(&mut self, bits: &mut [u64]) -> Result<usize, HandleError> {
        self.inner.legal_action_bits(bits)
    }

    /// Clears `out` and fills it with the legal actions, ascending.
    pub fn legal_actions_into(&mut self, out: &mut Vec<usize>) {
        self.inner.legal_actions(out);
    }

    /// Writes the legal actions, ascending, into the first entries of
    /// `list` and marks them in `mask` (`false` elsewhere), in one pass where
    /// the game can; returns how many. What a vector of games writes at each
    /// step. See [`ActionSpace::legal_actions_and_mask`].
    ///
    /// # Errors
    ///
    /// [`HandleError::Action`] if `list` or `mask` is shorter than
    /// [`action_space_len`](GameHandle::action_space_len); both are then
    /// unchanged.
    pub fn legal_actions_and_mask(&mut self, list: &mut [u16], mask: &mut [bool]) -> Result<usize, HandleError> {
        self.inner.legal_actions_and_mask(list, mask)
    }

    /// The legal actions, ascending.
    pub fn legal_actions(&mut self) -> Vec<usize> {
        let mut out = Vec::new();
        self.inner.legal_actions(&mut out);
        out
    }

    /// At a chance node, each outcome with its probability (ascending
    /// outcomes); empty elsewhere.
    pub fn chance_outcomes(&mut self) -> Vec<(usize, f64)> {
        let mut out = Vec::new();
        self.inner.chance_outcomes(&mut out);
        out
    }

    /// Plays action `action` (a chance outcome at a chance node).
    ///
    /// # Errors
    ///
    /// [`HandleError::NoSuchAction`] or [`HandleError::Illegal`]; the state
    /// is then unchanged.
    #[inline]
    pub fn apply_action(&mut self, action: usize) -> Result<(), HandleError> {
        if let Some(next) = self.inner.apply_action(action)? {
            self.inner = next;
        }
        Ok(())
    }

    /// The notation of action `action` at this node, if it names a move.
    pub fn action_to_string(&self, action: usize) -> Option<String> {
        self.inner.action_to_string(action)
    }

    /// The action of a move in the game's notation.
    ///
    /// # Errors
    ///
    /// [`HandleError::Notation`] for text that is no move of the game.
    pub fn string_to_action(&self, text: &str) -> Result<usize, HandleError> {
        self.inner.string_to_action(text)
    }

    /// The move of action `action` as JSON (the game's serialized move).
    pub fn action_to_json(&self, action: usize) -> Option<String> {
        self.inner.action_json(action)
    }

    /// One return per seat once the game is over.
    pub fn returns(&self) -> Option<Vec<f64>> {
        self.inner.returns()
    }

    /// The shape of the observation tensor.
    pub fn observation_shape(&self) -> Vec<usize> {
        self.inner.observation_shape()
    }

    /// Writes `seat`'s observation tensor into `out` (of the shape's
    /// product of entries).
    ///
    /// # Errors
    ///
    /// [`ViewError`] for a bad seat or buffer.
    pub fn observation_tensor(&self, seat: Seat, out: &mut [f32]) -> Result<(), ViewError> {
        self.inner.observation_tensor(seat, out)
    }

    /// Writes `seat`'s observation tensor into `out`, which holds zeros on
    /// entry, and appends to `nonzero` the index of every entry set (at
    /// least every nonzero one); the other entries stay zero. To rewrite a
    /// reused buffer in time of the entries set rather than of the tensor's
    /// size (Zama's tensor is mostly zeros), zero the entries the last call
    /// listed, then call this again. See
    /// [`Views::observation_tensor_sparse`].
    ///
    /// # Errors
    ///
    /// [`ViewError`] for a bad seat or buffer; nothing is written then.
    pub fn observation_tensor_sparse(
        &self,
        seat: Seat,
        out: &mut [f32],
        nonzero: &mut Vec<u32>,
    ) -> Result<(), ViewError> {
        self.inner.observation_tensor_sparse(seat, out, nonzero)
    }

    /// Rewrites `out` into `seat`'s observation tensor, where `out` holds
    /// what the last call with the same `memo` wrote (for any seat, of this
    /// game or of an earlier or later state of the same game type); an
    /// empty `memo` makes no assumption on `out`. The cost goes with the
    /// entries that changed: what a reused buffer (a `VectorGame` row)
    /// needs. See [`Views::observation_tensor_update`].
    ///
    /// # Errors
    ///
    /// [`ViewError`] for a bad seat or buffer; nothing is written then.
    pub fn observation_tensor_update(&self, seat: Seat, out: &mut [f32], memo: &mut Vec<u64>) -> Result<(), ViewError> {
        self.inner.observation_tensor_update(seat, out, memo)
    }

    /// `seat`'s current view as text.
    ///
    /// # Errors
    ///
    /// [`ViewError`] for a bad seat.
    pub fn observation_string(&self, seat: Seat) -> Result<String, ViewError> {
        self.inner.observation_string(seat)
    }

    /// Everything `seat` may know, and nothing else, as JSON: the game's
    /// own observation of the seat as its library serializes it (Zucche e
    /// Fantasmi, which hides nothing, the whole state). What a server
    /// sends each seat. During a chance deal: `{"dealing": {"first",
    /// "cards"}}`, the cards the seat was not shown `null`.
    ///
    /// # Errors
    ///
    /// [`ViewError`] for a bad seat.
    ///
    /// ```
    /// use carte_core::Seat;
    ///
    /// let state = carte_registry::load("gonzago", 7)?;
    /// let mine: serde_json::Value = serde_json::from_str(&state.observation_json(Seat::new(0))?)?;
    /// assert!(mine["held"].is_array() && mine["opponent_holds"].is_u64());
    /// assert!(state.observation_json(Seat::new(2)).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn observation_json(&self, seat: Seat) -> Result<String, ViewError> {
        self.inner.observation_json(seat)
    }

    /// `seat`'s information state under perfect recall: its view at the
    /// start in brackets (or what it saw of the deal, when dealt by
    /// chance), then a short token per ply of what it observed of it (each
    /// game's `write_ply_token`: its own moves, what it sees of the others'
    /// and of chance), then ` #` and a digest of its current view. Two
    /// states give the same string exactly when the seat saw the same
    /// things along the way. A state loaded from JSON starts its record
    /// there.
    ///
    /// Kept per seat from the first call on and extended by the plies
    /// played since the call before, so a call at every node costs one
    /// ply (at ply 200 of four-player Zama, about 3 KB); playing costs
    /// nothing more until a first call, which replays the plies since the
    /// start once.
    ///
    /// # Errors
    ///
    /// [`ViewError`] for a bad seat.
    pub fn information_state_string(&self, seat: Seat) -> Result<String, ViewError> {
        self.inner.information_state_string(seat)
    }

    /// The shape of [`information_state_tensor`], or `None` for a
    /// configuration without one. Fixed for a configuration.
    ///
    /// [`information_state_tensor`]: GameHandle::information_state_tensor
    pub fn information_state_tensor_shape(&self) -> Option<Vec<usize>> {
        self.inner.recall_len().map(|n| vec![n])
    }

    /// Writes `seat`'s information state under perfect recall into `out`
    /// (of the shape's product of entries) as a tensor of fixed size, where
    /// one holds it. A single hand of Gonzago (`gonzago(mode=single)`):
    /// the seat's observation tensor, its dealt cards (in the order dealt,
    /// with a chance deal) and one slot per ply of what it saw of it (who
    /// moved, the cards played, the card it drew). Camicia (every
    /// configuration): the observation tensor now and where play started,
    /// the count of cards turned since, and per hand and position the kind
    /// turned from there (the play is forced, so these give back every
    /// card turned). Zucche e Fantasmi (up to 2^20 entries): the
    /// observation tensor now and where the record starts, then one slot
    /// a turn of its placements, roll and step or pass. See the layouts in the [crate docs](crate#information-state-tensors). Two states give equal tensors
    /// exactly when they give equal [`information_state_string`]s (a state
    /// loaded from JSON mid-hand, whose string starts at its view, also
    /// shows the public moves before it in Gonzago); the tensor is built from the
    /// seat's record and the state, so it is the same however the state
    /// was made (played, cloned, loaded, [`resample`]d). (A Camicia sample
    /// played on may show the seat collected cards in an order it knows to
    /// be false, since its hands are drawn from the seat's view; such
    /// strings, which no play gives, may share a tensor.)
    ///
    /// The other configurations have none: Zama's and a match's plies are
    /// too many for a slot each, as are the turns of a Zucche e Fantasmi
    /// game past 2^20 entries. Their perfect-recall information state is
    /// the string, with the observation tensor (the whole state, in Zucche
    /// e Fantasmi) for learners.
    ///
    /// Writes into `out` without allocating but for the seat's record,
    /// which is extended by the plies since the call before (as
    /// [`information_state_string`]).
    ///
    /// [`information_state_string`]: GameHandle::information_state_string
    /// [`resample`]: GameHandle::resample
    ///
    /// # Errors
    ///
    /// [`HandleError::NoInformationStateTensor`] for a configuration
    /// without one, [`HandleError::View`] for a bad seat or a buffer of
    /// another length; `out` is then unchanged.
    ///
    /// ```
    /// use carte_core::Seat;
    ///
    /// let game = carte_registry::load_game("gonzago")?;
    /// let mut state = game.new_state(3);
    /// let shape = state.information_state_tensor_shape().expect("a hand has one");
    /// let mut tensor = vec![0.0; shape.iter().product()];
    /// let leader = state.current_seat().expect("the non-dealer leads");
    /// let lead = state.legal_actions()[0];
    /// state.apply_action(lead)?;
    /// state.information_state_tensor(leader, &mut tensor)?;
    /// // The first ply: the seat moved, a play.
    /// assert_eq!(&tensor[340..345], &[1.0, 0.0, 1.0, 0.0, 0.0]);
    /// assert!(carte_registry::load("zama", 1)?.information_state_tensor_shape().is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn information_state_tensor(&self, seat: Seat, out: &mut [f32]) -> Result<(), HandleError> {
        let Some(needed) = self.inner.recall_len() else {
            return Err(HandleError::NoInformationStateTensor { game: self.game().to_owned() });
        };
        Seat::checked(seat.index(), self.num_seats()).map_err(ViewError::from)?;
        if out.len() != needed {
            return Err(ViewError::BufferSize { needed, got: out.len() }.into());
        }
        Ok(self.inner.recall_tensor(seat, out)?)
    }

    /// The state as JSON: the game's own serialized state (during a chance
    /// deal, the cards dealt so far).
    pub fn to_json(&self) -> String {
        self.inner.to_json()
    }

    /// A state that `seat` cannot tell from this one, with what it cannot
    /// see drawn from `seed`; its information state for `seat` is this
    /// one's (for the other seats it starts at the sample).
    ///
    /// # Errors
    ///
    /// [`HandleError::View`] for a bad seat.
    pub fn resample(&self, seat: Seat, seed: u64) -> Result<GameHandle, HandleError> {
        Ok(GameHandle { inner: self.inner.resample(seat, seed)? })
    }

    /// Makes `earlier` (an [`information_state_string`] of `seat`) the
    /// seat's information state here: rebuilds a [`resample`] from its
    /// JSON without the state it was drawn from, so that a chain of
    /// samples is written down at a size that does not grow with the
    /// chain. Allowed at the state's start only (loaded or sampled, no
    /// ply since), for a record that ends with the seat's view of it;
    /// during a chance deal, whose information states are the deal's, the
    /// record must be the one the deal gives.
    ///
    /// [`information_state_string`]: GameHandle::information_state_string
    /// [`resample`]: GameHandle::resample
    ///
    /// # Errors
    ///
    /// [`HandleError::View`] for a bad seat, [`HandleError::State`] for a
    /// record this state cannot continue; the handle is then unchanged.
    ///
    /// ```
    /// use carte_core::Seat;
    ///
    /// let game = carte_registry::load_game("gonzago")?;
    /// let mut state = game.new_state(3);
    /// let first = state.legal_actions()[0];
    /// state.apply_action(first)?;
    /// let seat = Seat::new(0);
    /// let sample = state.resample(seat, 9)?;
    /// let mut back = game.load_state(&sample.to_json())?;
    /// back.resume_information_state(seat, &sample.information_state_string(seat)?)?;
    /// assert_eq!(back.information_state_string(seat)?, state.information_state_string(seat)?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn resume_information_state(&mut self, seat: Seat, earlier: &str) -> Result<(), HandleError> {
        self.inner.resume(seat, earlier)
    }
}
