//! `carte.Game` and `carte.State`: one game description, and states
//! played by integer actions (OpenSpiel's conventions).

use std::sync::Arc;

use carte_core::{Actor, GameFacts, Seat};
use carte_registry::{GameHandle, GameType};
use numpy::{PyArray1, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PyList, PyTuple};

use crate::fast::{GilCell, GilRef};
use crate::origin::{Origin, Serialized, rebuild};

/// `current_player()` at a chance node (OpenSpiel's `PlayerId.CHANCE`).
pub(crate) const CHANCE: i64 = -1;
/// `current_player()` once the game is over (OpenSpiel's `PlayerId.TERMINAL`).
pub(crate) const TERMINAL: i64 = -4;
/// The seed of `new_initial_state()` without one.
pub(crate) const DEFAULT_SEED: u64 = 0;

pub(crate) fn value_error(e: impl ToString) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// A game chosen by name and parameters, e.g. `gonzago(mode=points)`.
#[pyclass(module = "carte._carte", frozen, eq, hash, weakref)]
pub(crate) struct Game {
    pub(crate) ty: Arc<GameType>,
    /// The Python ints of every action and chance outcome, made once:
    /// a list of legal actions takes references to them.
    ints: Vec<Py<PyInt>>,
    /// The same ints as one list: a run of consecutive actions is a slice
    /// of it (a copy of pointers).
    runs: Py<PyList>,
    pub(crate) facts: GameFacts,
    pub(crate) shape: Vec<usize>,
    /// The shape of the information-state tensor, if the configuration
    /// has one.
    pub(crate) recall: Option<Vec<usize>>,
}

impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        self.ty.spec() == other.ty.spec()
    }
}

impl core::hash::Hash for Game {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.ty.spec().hash(state);
    }
}

impl Game {
    pub(crate) fn load(spec: &str) -> PyResult<Game> {
        let ty = carte_registry::load_game(spec).map_err(value_error)?;
        let first = ty.new_state(DEFAULT_SEED);
        let facts = first.facts();
        let range = facts.num_actions.max(facts.max_chance_outcomes);
        let (ints, runs) = Python::attach(|py| -> PyResult<_> {
            let ints: Vec<Py<PyInt>> = (0..range).map(|i| PyInt::new(py, i).unbind()).collect();
            let runs = PyList::new(py, &ints)?.unbind();
            Ok((ints, runs))
        })?;
        Ok(Game {
            facts,
            shape: first.observation_shape(),
            recall: first.information_state_tensor_shape(),
            ty: Arc::new(ty),
            ints,
            runs,
        })
    }

    pub(crate) fn tensor_len(&self) -> usize {
        self.shape.iter().product()
    }

    /// The shape of the information-state tensor, or the error of a
    /// configuration without one.
    fn recall_shape(&self) -> PyResult<&[usize]> {
        self.recall.as_deref().ok_or_else(|| {
            value_error(format!(
                "{} has no information-state tensor: its information state is the string \
                 (information_state_string; see the package README)",
                self.ty.spec()
            ))
        })
    }
}

/// Checks that `out` is a writable, C-contiguous float32 numpy array of
/// `size` entries (flat, or of any shape of that size) and gives its
/// entries to `write`; the messages name what is expected and what was
/// given.
fn write_into(
    out: &Bound<'_, PyAny>,
    what: &str,
    size: usize,
    write: impl FnOnce(&mut [f32]) -> PyResult<()>,
) -> PyResult<()> {
    let expected = || format!("{what} needs a writable, C-contiguous float32 array of shape ({size},)");
    let given = |out: &Bound<'_, PyAny>| -> String {
        match (out.getattr("dtype"), out.getattr("shape")) {
            (Ok(dtype), Ok(shape)) => format!("dtype {dtype}, shape {shape}"),
            _ => format!("a {}", out.get_type().name().map_or_else(|_| "?".to_owned(), |n| n.to_string())),
        }
    };
    let Ok(array) = out.cast::<numpy::PyArrayDyn<f32>>() else {
        return Err(PyTypeError::new_err(format!("{}; got {}", expected(), given(out))));
    };
    if array.len() != size || !array.is_c_contiguous() {
        return Err(value_error(format!("{}; got {}", expected(), given(out))));
    }
    let mut rw = array.try_readwrite().map_err(|e| value_error(format!("{}: {e}", expected())))?;
    let slice = rw.as_slice_mut().map_err(|e| value_error(format!("{}: {e}", expected())))?;
    write(slice)
}

/// A new list of the Python ints of `actions` (ascending), the hot path of
/// `legal_actions()`: a run of consecutive actions (the chance outcomes of
/// a die, a lone action) is a slice of the game's list of every int, the
/// others are made entry by entry.
fn action_list<'py>(py: Python<'py>, game: &Game, actions: &[usize]) -> PyResult<Bound<'py, PyList>> {
    match (actions.first(), actions.last()) {
        (Some(&lo), Some(&hi)) if hi - lo + 1 == actions.len() && hi < game.ints.len() => {
            Ok(game.runs.bind(py).get_slice(lo, hi + 1))
        }
        _ => int_list(py, &game.ints, actions),
    }
}

/// A new list of the Python ints of `actions`, each from the cache when it
/// holds it: the list allocated at its length, then one reference stored
/// per entry.
#[allow(unsafe_code)]
fn int_list<'py>(py: Python<'py>, ints: &[Py<PyInt>], actions: &[usize]) -> PyResult<Bound<'py, PyList>> {
    let Ok(len) = pyo3::ffi::Py_ssize_t::try_from(actions.len()) else {
        unreachable!("a list of legal actions is shorter than an action range")
    };
    // SAFETY: the interpreter is attached (`py`). `PyList_New` returns a
    // new reference or null with an exception set; a null is turned into
    // that exception by `from_owned_ptr_or_err`, which owns the list.
    let list = unsafe { Bound::from_owned_ptr_or_err(py, pyo3::ffi::PyList_New(len))? };
    for (i, &a) in (0..len).zip(actions) {
        let item = match ints.get(a) {
            Some(int) => int.clone_ref(py).into_ptr(),
            None => PyInt::new(py, a).into_ptr(),
        };
        // SAFETY: `list` is a list of `len` entries and `i < len`;
        // `PyList_SetItem` steals the new reference `item` (a valid int)
        // and cannot fail for a list and an index in range.
        unsafe { pyo3::ffi::PyList_SetItem(list.as_ptr(), i, item) };
    }
    // SAFETY: `PyList_New` made a list.
    Ok(unsafe { list.cast_into_unchecked::<PyList>() })
}

/// Reads a game description, `name` or `name(key=value,...)`.
#[pyfunction]
pub(crate) fn load_game(spec: &str) -> PyResult<Game> {
    Game::load(spec)
}

/// The registered game names.
#[pyfunction]
pub(crate) fn registered_names() -> Vec<&'static str> {
    carte_registry::registered_names().iter().map(|g| g.name).collect()
}

/// Every game's description and parameters.
#[pyfunction]
pub(crate) fn game_parameters(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    let out = PyDict::new(py);
    for g in carte_registry::registered_names() {
        let params = PyDict::new(py);
        for p in g.params {
            let info = PyDict::new(py);
            info.set_item("default", p.default)?;
            info.set_item("values", p.values)?;
            params.set_item(p.name, info)?;
        }
        let game = PyDict::new(py);
        game.set_item("description", g.description)?;
        game.set_item("parameters", params)?;
        out.set_item(g.name, game)?;
    }
    Ok(out)
}

/// Rebuilds a state from the text of `State.serialize()`.
#[pyfunction]
pub(crate) fn deserialize_state(py: Python<'_>, text: &str) -> PyResult<State> {
    let s: Serialized =
        serde_json::from_str(text).map_err(|e| value_error(format!("bad serialized carte state: {e}")))?;
    let game = Game::load(&s.game).map_err(|e| value_error(format!("bad serialized carte state: {e}")))?;
    let handle = rebuild(&game.ty, &s.origin, &s.actions)
        .map_err(|e| value_error(format!("bad serialized {} state: {e}", game.ty.spec())))?;
    Ok(State::new(Py::new(py, game)?, handle, Arc::new(s.origin), s.actions))
}

#[pymethods]
impl Game {
    #[new]
    fn py_new(spec: &str) -> PyResult<Game> {
        Game::load(spec)
    }

    /// The canonical description, every parameter given.
    #[getter]
    fn spec(&self) -> &str {
        self.ty.spec()
    }

    /// The registered name (`zama`, `gonzago`, `zucche`, `camicia`).
    #[getter]
    fn name(&self) -> &'static str {
        self.ty.name()
    }

    /// The parameters of the description as a dict of strings, every
    /// parameter given (`{"deck": "italian", "mode": "points", ...}`).
    fn parameters<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let spec = self.ty.spec();
        let inner = spec.split_once('(').map_or("", |(_, rest)| rest.trim_end_matches(')'));
        let out = PyDict::new(py);
        for (k, v) in inner.split(',').filter_map(|kv| kv.split_once('=')) {
            out.set_item(k, v)?;
        }
        Ok(out)
    }

    /// A starting state: the deal of `seed`, or of `carte.DEFAULT_SEED` (0)
    /// without one; with `deal=chance` the state starts at the deal's chance
    /// nodes whatever the seed.
    #[pyo3(signature = (seed=None))]
    fn new_initial_state(slf: &Bound<'_, Self>, seed: Option<u64>) -> State {
        let seed = seed.unwrap_or(DEFAULT_SEED);
        let handle = slf.get().ty.new_state(seed);
        State::new(slf.clone().unbind(), handle, Arc::new(Origin::Seed(seed)), Vec::new())
    }

    /// A state read from the engine's JSON (`State.to_json()` of a state
    /// in play); its information states start there.
    fn state_from_json(slf: &Bound<'_, Self>, json: &str) -> PyResult<State> {
        let handle = slf.get().ty.load_state(json).map_err(value_error)?;
        Ok(State::new(slf.clone().unbind(), handle, Arc::new(Origin::State(json.to_owned())), Vec::new()))
    }

    /// Rebuilds a state from `State.serialize()` (of this game).
    fn deserialize_state(slf: &Bound<'_, Self>, text: &str) -> PyResult<State> {
        let state = deserialize_state(slf.py(), text)?;
        let spec = state.game.get().ty.spec().to_owned();
        if spec != slf.get().ty.spec() {
            return Err(value_error(format!("a serialized {spec} state is no state of {}", slf.get().ty.spec())));
        }
        Ok(state)
    }

    /// Number of players (seats).
    fn num_players(&self) -> usize {
        self.facts.seats
    }

    /// Number of distinct player actions: actions are `0..num_distinct_actions()`.
    fn num_distinct_actions(&self) -> usize {
        self.facts.num_actions
    }

    /// The most outcomes of a chance node (0 for a game without chance).
    fn max_chance_outcomes(&self) -> usize {
        self.facts.max_chance_outcomes
    }

    /// No game lasts more plies, chance included (`2**64 - 1`: no bound).
    fn max_game_length(&self) -> u64 {
        self.facts.max_plies
    }

    /// The lowest return of a seat.
    fn min_utility(&self) -> f64 {
        self.facts.min_return
    }

    /// The highest return of a seat.
    fn max_utility(&self) -> f64 {
        self.facts.max_return
    }

    /// Whether the returns of every finished game sum to zero.
    fn is_zero_sum(&self) -> bool {
        self.facts.zero_sum
    }

    /// The shape of an observation tensor.
    fn observation_tensor_shape(&self) -> Vec<usize> {
        self.shape.clone()
    }

    /// The number of entries of an observation tensor.
    fn observation_tensor_size(&self) -> usize {
        self.tensor_len()
    }

    /// Whether states have an information-state tensor (a single hand of
    /// Gonzago, Camicia, Zucche e Fantasmi up to 2^20 entries): a fixed
    /// size holds the seat's perfect recall. The other
    /// configurations' information states are strings only.
    fn provides_information_state_tensor(&self) -> bool {
        self.recall.is_some()
    }

    /// The shape of an information-state tensor (`ValueError` for a
    /// configuration without one).
    fn information_state_tensor_shape(&self) -> PyResult<Vec<usize>> {
        Ok(self.recall_shape()?.to_vec())
    }

    /// The number of entries of an information-state tensor
    /// (`ValueError` for a configuration without one).
    fn information_state_tensor_size(&self) -> PyResult<usize> {
        Ok(self.recall_shape()?.iter().product())
    }

    /// Whether the deal is made of chance nodes (`deal=chance`).
    fn deals_by_chance(&self) -> bool {
        self.ty.deals_by_chance()
    }

    /// Whether every seat sees the whole state (Zucche e Fantasmi); the
    /// other games hide cards.
    fn is_perfect_information(&self) -> bool {
        self.ty.name() == "zucche"
    }

    fn __repr__(&self) -> String {
        format!("carte.load_game({:?})", self.ty.spec())
    }

    fn __str__(&self) -> String {
        self.ty.spec().to_owned()
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let f = slf.py().import("carte._carte")?.getattr("load_game")?;
        Ok((f, (slf.get().ty.spec().to_owned(),)))
    }
}

/// A state of a game, played by integer actions (OpenSpiel's conventions).
//
// Frozen for PyO3: the state in play is in a `GilCell`, whose borrow is a
// plain flag (PyO3's own borrow of a mutable class is an atomic exchange,
// about 6 ns a call).
#[pyclass(module = "carte._carte", frozen, weakref)]
pub(crate) struct State {
    pub(crate) game: Py<Game>,
    play: GilCell<Play>,
}

/// What changes as a state is played.
pub(crate) struct Play {
    handle: GameHandle,
    origin: Arc<Origin>,
    actions: Vec<u32>,
    scratch: Vec<usize>,
}

impl State {
    pub(crate) fn new(game: Py<Game>, handle: GameHandle, origin: Arc<Origin>, actions: Vec<u32>) -> State {
        State { game, play: GilCell::new(Play { handle, origin, actions, scratch: Vec::new() }) }
    }

    /// The state in play, borrowed for the call.
    #[inline(always)]
    pub(crate) fn play<'a>(&'a self, py: Python<'_>) -> PyResult<GilRef<'a, Play>> {
        self.play.borrow(py)
    }

    fn copy(&self, py: Python<'_>) -> PyResult<State> {
        let p = self.play(py)?;
        Ok(State::new(self.game.clone_ref(py), p.handle.clone(), p.origin.clone(), p.actions.clone()))
    }

    /// The action argument of `action_to_string(action)` or
    /// `action_to_string(player, action)`.
    fn last_arg<'py>(args: &Bound<'py, PyTuple>, what: &str) -> PyResult<Bound<'py, PyAny>> {
        match args.len() {
            1 => args.get_item(0),
            2 => args.get_item(1),
            n => Err(PyTypeError::new_err(format!("{what} takes ({what}) or (player, {what}), not {n} arguments"))),
        }
    }
}

impl Play {
    fn seat(&self, player: Option<i64>) -> PyResult<Seat> {
        let seats = self.handle.num_seats();
        let p = match player {
            Some(p) => p,
            None => match self.handle.current_seat() {
                Some(s) => return Ok(s),
                None => return Err(value_error("no player acts here: give the player")),
            },
        };
        match u8::try_from(p) {
            Ok(s) if usize::from(s) < seats => Ok(Seat::new(s)),
            _ => Err(value_error(format!("no player {p} in a game of {seats} players"))),
        }
    }

    fn current_player(&self) -> i64 {
        match self.handle.actor() {
            Actor::Seat(s) => s.index() as i64,
            Actor::Chance => CHANCE,
            _ => TERMINAL,
        }
    }

    // The three calls of a play loop: bound as C methods by `crate::fast`.

    /// Whether the game is over.
    pub(crate) fn is_terminal(&self) -> bool {
        self.handle.is_terminal()
    }

    /// The legal actions (chance outcomes at a chance node), ascending;
    /// empty for a `player` who does not act now.
    pub(crate) fn legal_actions<'py>(
        &mut self,
        py: Python<'py>,
        game: &Game,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyList>> {
        if player.is_some_and(|p| p != self.current_player()) {
            return Ok(PyList::empty(py));
        }
        self.handle.legal_actions_into(&mut self.scratch);
        action_list(py, game, &self.scratch)
    }

    /// Plays `action` (a chance outcome at a chance node). An illegal
    /// action raises `ValueError` with the engine's reason and leaves the
    /// state as it was.
    pub(crate) fn apply_action(&mut self, action: i64) -> PyResult<()> {
        let Ok(a) = u32::try_from(action) else {
            return Err(value_error(format!(
                "action {action} is not a move here (the range is 0..{})",
                self.handle.action_space_len()
            )));
        };
        self.handle.apply_action(a as usize).map_err(value_error)?;
        self.actions.push(a);
        Ok(())
    }

    fn serialized(&self) -> String {
        let s = Serialized {
            game: self.handle.game().to_owned(),
            origin: (*self.origin).clone(),
            actions: self.actions.clone(),
        };
        serde_json::to_string(&s).unwrap_or_else(|e| unreachable!("a record serializes: {e}"))
    }
}

#[pymethods]
impl State {
    /// The seat to act, `carte.CHANCE` (-1) at a chance node,
    /// `carte.TERMINAL` (-4) once the game is over.
    fn current_player(&self, py: Python<'_>) -> PyResult<i64> {
        Ok(self.play(py)?.current_player())
    }

    /// Whether chance acts now.
    fn is_chance_node(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.play(py)?.handle.is_chance_node())
    }

    /// Whether a seat acts now.
    fn is_player_node(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.play(py)?.handle.current_seat().is_some())
    }

    /// At a chance node, `(outcome, probability)` pairs, ascending; else empty.
    fn chance_outcomes(&self, py: Python<'_>) -> PyResult<Vec<(usize, f64)>> {
        Ok(self.play(py)?.handle.chance_outcomes())
    }

    /// A numpy bool array: entry `a` is whether action `a` is legal. Of
    /// `num_distinct_actions()` entries (`max_chance_outcomes()` at a chance
    /// node); all false for a `player` who does not act now.
    #[pyo3(signature = (player=None))]
    fn legal_actions_mask<'py>(&self, py: Python<'py>, player: Option<i64>) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let facts = &self.game.get().facts;
        let mut p = self.play(py)?;
        let len = if p.handle.is_chance_node() { facts.max_chance_outcomes } else { facts.num_actions };
        let mut mask = vec![false; len.max(p.handle.action_space_len())];
        if !p.handle.is_terminal() && player.is_none_or(|q| q == p.current_player()) {
            p.handle.legal_action_mask(&mut mask).map_err(value_error)?;
        }
        drop(p);
        mask.truncate(len);
        Ok(PyArray1::from_vec(py, mask))
    }

    /// The notation of an action at this node: `action_to_string(action)`
    /// or OpenSpiel's `action_to_string(player, action)`.
    #[pyo3(signature = (*args))]
    fn action_to_string(&self, py: Python<'_>, args: &Bound<'_, PyTuple>) -> PyResult<String> {
        let action: i64 = Self::last_arg(args, "action")?.extract()?;
        let p = self.play(py)?;
        usize::try_from(action)
            .ok()
            .and_then(|a| p.handle.action_to_string(a))
            .ok_or_else(|| value_error(format!("action {action} names no move of {} here", p.handle.game())))
    }

    /// The action of a move in the game's notation:
    /// `string_to_action(text)` or `string_to_action(player, text)`.
    #[pyo3(signature = (*args))]
    fn string_to_action(&self, py: Python<'_>, args: &Bound<'_, PyTuple>) -> PyResult<usize> {
        let text: String = Self::last_arg(args, "text")?.extract()?;
        self.play(py)?.handle.string_to_action(&text).map_err(value_error)
    }

    /// One return per player: the final ones once the game is over, zeros before.
    fn returns(&self, py: Python<'_>) -> PyResult<Vec<f64>> {
        let p = self.play(py)?;
        Ok(p.handle.returns().unwrap_or_else(|| vec![0.0; p.handle.num_seats()]))
    }

    /// `player`'s current view as text (the player to act by default).
    #[pyo3(signature = (player=None))]
    fn observation_string(&self, py: Python<'_>, player: Option<i64>) -> PyResult<String> {
        let p = self.play(py)?;
        p.handle.observation_string(p.seat(player)?).map_err(value_error)
    }

    /// `player`'s observation tensor, a flat float32 numpy array of
    /// `Game.observation_tensor_size()` entries (a new array, written once).
    #[pyo3(signature = (player=None))]
    fn observation_tensor<'py>(&self, py: Python<'py>, player: Option<i64>) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let mut out = vec![0.0f32; self.game.get().tensor_len()];
        {
            let p = self.play(py)?;
            p.handle.observation_tensor(p.seat(player)?, &mut out).map_err(value_error)?;
        }
        Ok(PyArray1::from_vec(py, out))
    }

    /// Writes `player`'s observation tensor into `out`, a writable,
    /// C-contiguous float32 numpy array of `Game.observation_tensor_size()`
    /// entries (flat, or of the tensor's shape; no allocation).
    fn write_observation_tensor(&self, py: Python<'_>, player: i64, out: &Bound<'_, PyAny>) -> PyResult<()> {
        write_into(out, "write_observation_tensor", self.game.get().tensor_len(), |slice| {
            let p = self.play(py)?;
            p.handle.observation_tensor(p.seat(Some(player))?, slice).map_err(value_error)
        })
    }

    /// `player`'s information state under perfect recall as a flat
    /// float32 numpy array of `Game.information_state_tensor_size()`
    /// entries (a new array), for the configurations that have one (a
    /// single hand of Gonzago, Camicia, Zucche e Fantasmi; see the package README for the
    /// layouts).
    /// Equal exactly when `information_state_string(player)` is.
    ///
    /// Raises `ValueError` for a configuration without one.
    #[pyo3(signature = (player=None))]
    fn information_state_tensor<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let size: usize = self.game.get().recall_shape()?.iter().product();
        let mut out = vec![0.0f32; size];
        {
            let p = self.play(py)?;
            p.handle.information_state_tensor(p.seat(player)?, &mut out).map_err(value_error)?;
        }
        Ok(PyArray1::from_vec(py, out))
    }

    /// Writes `player`'s information-state tensor into `out`, a writable,
    /// C-contiguous float32 numpy array of
    /// `Game.information_state_tensor_size()` entries (no allocation but
    /// the seat's record, extended by the plies since the call before).
    fn write_information_state_tensor(&self, py: Python<'_>, player: i64, out: &Bound<'_, PyAny>) -> PyResult<()> {
        let size: usize = self.game.get().recall_shape()?.iter().product();
        write_into(out, "write_information_state_tensor", size, |slice| {
            let p = self.play(py)?;
            p.handle.information_state_tensor(p.seat(Some(player))?, slice).map_err(value_error)
        })
    }

    /// `player`'s information state under perfect recall: its first view,
    /// then a short token per ply of what it saw of it (its own move, what
    /// it sees of the others' and of chance), then a digest of its current
    /// view. Kept as the state is played: a call at every node costs the
    /// plies since the last call (about 3 KB and 7 µs at ply 200 of
    /// four-player Zama).
    #[pyo3(signature = (player=None))]
    fn information_state_string(&self, py: Python<'_>, player: Option<i64>) -> PyResult<String> {
        let p = self.play(py)?;
        p.handle.information_state_string(p.seat(player)?).map_err(value_error)
    }

    /// A state that `player` cannot tell from this one (the same
    /// information state), what it cannot see drawn from `seed`.
    fn resample_from_infostate(&self, py: Python<'_>, player: i64, seed: u64) -> PyResult<State> {
        let p = self.play(py)?;
        let seat = p.seat(Some(player))?;
        let handle = p.handle.resample(seat, seed).map_err(value_error)?;
        let record = handle.information_state_string(seat).map_err(value_error)?;
        let mut history = p.origin.history().to_vec();
        history.extend_from_slice(&p.actions);
        let origin = Origin::Sample { state: handle.to_json(), seat: seat.index(), record, history };
        Ok(State::new(self.game.clone_ref(py), handle, Arc::new(origin), Vec::new()))
    }

    /// An independent copy.
    fn clone(&self, py: Python<'_>) -> PyResult<State> {
        self.copy(py)
    }

    fn __copy__(&self, py: Python<'_>) -> PyResult<State> {
        self.copy(py)
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> PyResult<State> {
        self.copy(py)
    }

    /// The state as text that `carte.deserialize_state` rebuilds exactly
    /// (JSON: the game, how the state started, the actions since).
    fn serialize(&self, py: Python<'_>) -> PyResult<String> {
        Ok(self.play(py)?.serialized())
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let text = self.play(py)?.serialized();
        let f = py.import("carte._carte")?.getattr("deserialize_state")?;
        Ok((f, (text,)))
    }

    /// The engine's own JSON of the state (during a chance deal, the cards
    /// dealt so far).
    fn to_json(&self, py: Python<'_>) -> PyResult<String> {
        Ok(self.play(py)?.handle.to_json())
    }

    /// The actions played since the state's start (its seed or JSON); a
    /// sample (`resample_from_infostate`) keeps the history of the state
    /// it was drawn from, then its own actions.
    fn history(&self, py: Python<'_>) -> PyResult<Vec<u32>> {
        let p = self.play(py)?;
        Ok([p.origin.history(), &p.actions].concat())
    }

    /// The number of actions of `history()` (OpenSpiel's `move_number()`).
    fn move_number(&self, py: Python<'_>) -> PyResult<usize> {
        let p = self.play(py)?;
        Ok(p.origin.history().len() + p.actions.len())
    }

    /// The game of this state.
    fn get_game(&self, py: Python<'_>) -> Py<Game> {
        self.game.clone_ref(py)
    }

    /// Number of players.
    fn num_players(&self, py: Python<'_>) -> PyResult<usize> {
        Ok(self.play(py)?.handle.num_seats())
    }

    /// Number of distinct player actions.
    fn num_distinct_actions(&self, py: Python<'_>) -> PyResult<usize> {
        Ok(self.play(py)?.handle.num_actions())
    }

    fn __str__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!("{:?}", self.play(py)?.handle))
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let p = self.play(py)?;
        Ok(format!("<carte.State of {} after {} actions>", p.handle.game(), p.actions.len()))
    }
}
