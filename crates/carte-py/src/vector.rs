//! `carte.VectorGame`: many games stepped at once inside Rust, the
//! interpreter's lock released, into numpy arrays it owns.

use carte_core::Actor;
use carte_registry::GameHandle;
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1, PyUntypedArrayMethods};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::game::{Game, value_error};

/// SplitMix64: the chance outcomes and random actions of a vector, from
/// its seed.
#[derive(Clone, Debug)]
struct Mix(u64);

impl Mix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0), by the multiply-high method.
    fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next()) * n as u128) >> 64) as usize
    }

    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// `actions` as a contiguous int64 array of `n` entries: an int64 array
/// as it is, any other integer array (or list of ints) of shape `(n,)` or
/// `(n, 1)` copied; floats, booleans and other shapes refused with a message
/// that names the shape and dtype expected and given.
fn action_array<'py>(py: Python<'py>, actions: &Bound<'py, PyAny>, n: usize) -> PyResult<Bound<'py, PyArray1<i64>>> {
    if let Ok(a) = actions.cast::<PyArray1<i64>>()
        && a.len() == n
        && a.is_c_contiguous()
    {
        return Ok(a.clone());
    }
    let np = py.import("numpy")?;
    let array = np.call_method1("asarray", (actions,))?;
    let dtype = array.getattr("dtype")?;
    let kind: String = dtype.getattr("kind")?.extract()?;
    let shape: Vec<usize> = array.getattr("shape")?.extract()?;
    let expected = format!("an integer array of shape ({n},), one action per game");
    let shown = |shape: &[usize]| match shape {
        [one] => format!("({one},)"),
        _ => format!("({})", shape.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")),
    };
    if kind != "i" && kind != "u" {
        return Err(PyTypeError::new_err(format!(
            "step needs {expected}; got dtype {} of shape {}",
            dtype.str()?,
            shown(&shape)
        )));
    }
    if !(shape == [n] || shape == [n, 1]) {
        return Err(value_error(format!(
            "step needs {expected}; got shape {} of dtype {}",
            shown(&shape),
            dtype.str()?
        )));
    }
    let flat = array.call_method1("reshape", (n,))?;
    // Integers beyond int64 wrap to negative values, which no game takes.
    Ok(np.call_method1("ascontiguousarray", (flat, np.getattr("int64")?))?.cast_into::<PyArray1<i64>>()?)
}

/// One game's rows of the outputs.
struct Rows<'a> {
    /// The legal actions, ascending, in the first `count` entries.
    legal: &'a mut [u16],
    count: &'a mut u32,
    mask: &'a mut [bool],
    obs: &'a mut [f32],
    /// What `obs` holds, for the next rewrite
    /// ([`GameHandle::observation_tensor_update`]).
    memo: &'a mut Vec<u64>,
    player: &'a mut i64,
}

/// The observations array made writable for the time of a write: the
/// array is read-only to Python, as a row is rewritten where it differs
/// from what the vector wrote last.
struct Writable<'py>(Bound<'py, PyArray2<f32>>);

impl<'py> Writable<'py> {
    fn new(array: &Bound<'py, PyArray2<f32>>) -> PyResult<Writable<'py>> {
        set_writeable(array, true)?;
        Ok(Writable(array.clone()))
    }
}

impl Drop for Writable<'_> {
    fn drop(&mut self) {
        // Failing to set a flag the vector set itself cannot happen.
        let _ = set_writeable(&self.0, false);
    }
}

/// Sets numpy's `writeable` flag of an array the vector owns.
fn set_writeable(array: &Bound<'_, PyArray2<f32>>, on: bool) -> PyResult<()> {
    array.getattr("flags")?.setattr("writeable", on)
}

/// The games and what stepping them needs, apart from the numpy buffers.
struct Games {
    game: Py<Game>,
    states: Vec<GameHandle>,
    seed: u64,
    /// The seed of the next restarted game.
    next_seed: u64,
    rng: Mix,
    chances: Vec<(usize, f64)>,
    /// Each game's legal actions, ascending (a row of `actions` entries,
    /// the first `counts[i]` used): the vector's own record, as the numpy
    /// masks are the caller's to read or scribble on.
    legal: Vec<u16>,
    counts: Vec<u32>,
    /// Per game, what its row of observations holds (the memo of
    /// [`GameHandle::observation_tensor_update`]).
    memos: Vec<Vec<u64>>,
    actions: usize,
    tensor: usize,
    seats: usize,
}

impl Games {
    /// Plays chance nodes with their probabilities until a seat acts.
    fn settle(rng: &mut Mix, chances: &mut Vec<(usize, f64)>, state: &mut GameHandle) {
        while state.is_chance_node() {
            *chances = state.chance_outcomes();
            let mut u = rng.unit();
            let mut pick = chances.last().map_or(0, |c| c.0);
            for &(a, p) in chances.iter() {
                if u < p {
                    pick = a;
                    break;
                }
                u -= p;
            }
            if state.apply_action(pick).is_err() {
                unreachable!("a chance outcome applies");
            }
        }
    }

    /// Writes a game's legal actions (the vector's list and the caller's
    /// mask), legal count, observation and player into the rows.
    fn write(state: &mut GameHandle, actor: Actor, rows: Rows<'_>) {
        match actor.seat() {
            Some(seat) => {
                // The rows have the game's sizes, and every action range
                // fits a u16 (checked at construction).
                let Ok(count) = state.legal_actions_and_mask(rows.legal, rows.mask) else {
                    unreachable!("the rows have the game's sizes");
                };
                *rows.count = count as u32;
                if state.observation_tensor_update(seat, rows.obs, rows.memo).is_err() {
                    unreachable!("the rows have the game's sizes");
                }
                *rows.player = seat.index() as i64;
            }
            None => {
                *rows.count = 0;
                rows.mask.fill(false);
                rows.obs.fill(0.0);
                rows.memo.clear();
                *rows.player = crate::game::TERMINAL;
            }
        }
    }
}

/// `n` games of one description stepped together inside Rust (the
/// interpreter's lock released): `step(actions)` plays one action in every
/// game and returns numpy arrays of observations, masks, rewards and done
/// flags; a finished game restarts at once with the next seed. Chance
/// nodes (dice, a chance deal) are played inside with their
/// probabilities, so every row is a seat to act.
///
/// The arrays belong to the vector and are overwritten by the next
/// `step`/`reset`: copy what you keep. The observations are read-only
/// (numpy's `writeable` flag is off): a large tensor is rewritten only
/// where it changed, so the rows must hold what the vector wrote
/// (normalize into a copy, `obs / scale` or `obs.copy()`). A vector pickles (its games, seeds
/// and generator: the copy steps on exactly as the original).
///
/// One thread at a time: `step` releases the interpreter's lock while it
/// plays, and a call on the same vector from another thread meanwhile
/// (even `current_players()`) raises `RuntimeError: Already mutably
/// borrowed`; give each thread its own vector, or a lock.
#[pyclass(module = "carte._carte")]
pub(crate) struct VectorGame {
    inner: Games,
    obs: Py<PyArray2<f32>>,
    masks: Py<PyArray2<bool>>,
    rewards: Py<PyArray2<f32>>,
    dones: Py<PyArray1<bool>>,
    players: Py<PyArray1<i64>>,
}

impl VectorGame {
    fn outputs<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(
            py,
            [
                self.obs.bind(py).clone().into_any(),
                self.masks.bind(py).clone().into_any(),
                self.rewards.bind(py).clone().into_any(),
                self.dones.bind(py).clone().into_any(),
            ],
        )
    }

    fn restart_all(&mut self, py: Python<'_>) -> PyResult<()> {
        let g = &mut self.inner;
        let ty = g.game.get().ty.clone();
        let n = g.states.len();
        g.states = (0..n).map(|i| ty.new_state(g.seed.wrapping_add(i as u64))).collect();
        g.next_seed = g.seed.wrapping_add(n as u64);
        g.rng = Mix(g.seed ^ 0x6361_7274_6576_6563);
        for state in &mut g.states {
            Games::settle(&mut g.rng, &mut g.chances, state);
        }
        self.write_rows(py)?;
        self.rewards.bind(py).try_readwrite().map_err(value_error)?.as_slice_mut().map_err(value_error)?.fill(0.0);
        self.dones.bind(py).try_readwrite().map_err(value_error)?.as_slice_mut().map_err(value_error)?.fill(false);
        Ok(())
    }

    /// Writes every game's rows (legal actions, mask, observation, player).
    fn write_rows(&mut self, py: Python<'_>) -> PyResult<()> {
        let g = &mut self.inner;
        let obs = Writable::new(self.obs.bind(py))?;
        let masks = self.masks.bind(py);
        let players = self.players.bind(py);
        let mut obs = obs.0.try_readwrite().map_err(value_error)?;
        let mut masks = masks.try_readwrite().map_err(value_error)?;
        let mut players = players.try_readwrite().map_err(value_error)?;
        let obs = obs.as_slice_mut().map_err(value_error)?;
        let masks = masks.as_slice_mut().map_err(value_error)?;
        let players = players.as_slice_mut().map_err(value_error)?;
        let (a, t) = (g.actions, g.tensor);
        for (i, state) in g.states.iter_mut().enumerate() {
            let actor = state.actor();
            let rows = Rows {
                legal: &mut g.legal[i * a..(i + 1) * a],
                count: &mut g.counts[i],
                mask: &mut masks[i * a..(i + 1) * a],
                obs: &mut obs[i * t..(i + 1) * t],
                memo: &mut g.memos[i],
                player: &mut players[i],
            };
            Games::write(state, actor, rows);
        }
        Ok(())
    }
}

/// What pickles a `VectorGame`: its description, size and seeds, its
/// generator, each game's JSON, the last rewards and done flags.
type Pickled = (String, usize, u64, u64, u64, Vec<String>, Vec<f32>, Vec<bool>);

#[pymethods]
impl VectorGame {
    /// `n` games of `name` (a game description), game `i` dealt from
    /// `seed + i`; restarted games take the seeds after `seed + n - 1`.
    #[new]
    #[pyo3(signature = (name, n, seed=0))]
    fn new(py: Python<'_>, name: &str, n: usize, seed: u64) -> PyResult<VectorGame> {
        if n == 0 {
            return Err(value_error("a VectorGame needs at least one game"));
        }
        let game = Game::load(name)?;
        let (actions, tensor, seats) = (game.facts.num_actions, game.tensor_len(), game.facts.seats);
        if u16::try_from(actions).is_err() {
            return Err(value_error(format!("{name}: {actions} actions are more than a VectorGame holds")));
        }
        let inner = Games {
            game: Py::new(py, game)?,
            states: Vec::new(),
            seed,
            next_seed: seed,
            rng: Mix(seed),
            chances: Vec::new(),
            legal: vec![0; n * actions],
            counts: vec![0; n],
            memos: vec![Vec::new(); n],
            actions,
            tensor,
            seats,
        };
        let obs = PyArray2::zeros(py, [n, tensor], false);
        set_writeable(&obs, false)?;
        let mut v = VectorGame {
            inner,
            obs: obs.unbind(),
            masks: PyArray2::from_vec2(py, &vec![vec![false; actions]; n]).map_err(value_error)?.unbind(),
            rewards: PyArray2::zeros(py, [n, seats], false).unbind(),
            dones: PyArray1::from_vec(py, vec![false; n]).unbind(),
            players: PyArray1::from_vec(py, vec![0i64; n]).unbind(),
        };
        v.inner.states = (0..n).map(|_| v.inner.game.get().ty.new_state(seed)).collect();
        v.restart_all(py)?;
        Ok(v)
    }

    /// Number of games.
    #[getter]
    fn num_envs(&self) -> usize {
        self.inner.states.len()
    }

    /// The game.
    #[getter]
    fn game(&self, py: Python<'_>) -> Py<Game> {
        self.inner.game.clone_ref(py)
    }

    /// Restarts every game from the constructor's seeds; returns
    /// `(observations, masks, rewards, dones)` (rewards 0, dones false).
    fn reset<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        self.restart_all(py)?;
        self.outputs(py)
    }

    /// The player to act in each game (int64 array of `num_envs`).
    fn current_players<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        self.players.bind(py).clone()
    }

    /// The current `(observations, masks, rewards, dones)` without stepping.
    fn observe<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        self.outputs(py)
    }

    /// Plays `actions[i]` in game `i` (any integer array of `num_envs`
    /// legal actions, checked first: an illegal one
    /// raises `ValueError` and no game moves). Returns `(observations
    /// float32 (n, size), masks bool (n, actions), rewards float32 (n,
    /// players): the returns of games that just ended, dones bool (n,))`;
    /// ended games have restarted and their rows show the new game.
    fn step<'py>(&mut self, py: Python<'py>, actions: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyTuple>> {
        let n = self.inner.states.len();
        let actions = action_array(py, actions, n)?;
        let actions: PyReadonlyArray1<'_, i64> = actions.try_readonly().map_err(value_error)?;
        let actions = actions.as_slice().map_err(value_error)?;
        let obs = Writable::new(self.obs.bind(py))?;
        let masks = self.masks.bind(py);
        let rewards = self.rewards.bind(py);
        let dones = self.dones.bind(py);
        let players = self.players.bind(py);
        let mut obs = obs.0.try_readwrite().map_err(value_error)?;
        let mut masks = masks.try_readwrite().map_err(value_error)?;
        let mut rewards = rewards.try_readwrite().map_err(value_error)?;
        let mut dones = dones.try_readwrite().map_err(value_error)?;
        let mut players = players.try_readwrite().map_err(value_error)?;
        let obs = obs.as_slice_mut().map_err(value_error)?;
        let masks = masks.as_slice_mut().map_err(value_error)?;
        let rewards = rewards.as_slice_mut().map_err(value_error)?;
        let dones = dones.as_slice_mut().map_err(value_error)?;
        let players = players.as_slice_mut().map_err(value_error)?;
        let g = &mut self.inner;
        let (a, t, s) = (g.actions, g.tensor, g.seats);
        for (i, &act) in actions.iter().enumerate() {
            let legal = &g.legal[i * a..i * a + g.counts[i] as usize];
            if !u16::try_from(act).is_ok_and(|x| legal.binary_search(&x).is_ok()) {
                return Err(value_error(format!("game {i}: action {act} is not legal (no game moved)")));
            }
        }
        let ty = g.game.get().ty.clone();
        let Games { states, rng, chances, legal, counts, next_seed, memos, .. } = g;
        py.detach(|| {
            for (i, state) in states.iter_mut().enumerate() {
                if state.apply_action(actions[i] as usize).is_err() {
                    unreachable!("the legal list holds the action");
                }
                let reward = &mut rewards[i * s..(i + 1) * s];
                let mut actor = state.actor();
                if actor == Actor::Chance {
                    Games::settle(rng, chances, state);
                    actor = state.actor();
                }
                if actor == Actor::Nobody {
                    for (out, v) in reward.iter_mut().zip(state.returns().unwrap_or_default()) {
                        *out = v as f32;
                    }
                    dones[i] = true;
                    *state = ty.new_state(*next_seed);
                    *next_seed = next_seed.wrapping_add(1);
                    Games::settle(rng, chances, state);
                    actor = state.actor();
                } else {
                    reward.fill(0.0);
                    dones[i] = false;
                }
                let rows = Rows {
                    legal: &mut legal[i * a..(i + 1) * a],
                    count: &mut counts[i],
                    mask: &mut masks[i * a..(i + 1) * a],
                    obs: &mut obs[i * t..(i + 1) * t],
                    memo: &mut memos[i],
                    player: &mut players[i],
                };
                Games::write(state, actor, rows);
            }
        });
        self.outputs(py)
    }

    /// Rebuilds a pickled vector (`pickle.loads`).
    #[staticmethod]
    #[allow(clippy::type_complexity)]
    fn _from_pickle(py: Python<'_>, data: Pickled) -> PyResult<VectorGame> {
        let (name, n, seed, next_seed, rng, games, rewards, dones) = data;
        let mut v = VectorGame::new(py, &name, n, seed)?;
        if games.len() != n || rewards.len() != n * v.inner.seats || dones.len() != n {
            return Err(value_error("bad pickled VectorGame: the sizes disagree"));
        }
        let ty = v.inner.game.get().ty.clone();
        for (state, json) in v.inner.states.iter_mut().zip(&games) {
            *state = ty.load_state(json).map_err(|e| value_error(format!("bad pickled VectorGame: {e}")))?;
            if state.is_chance_node() || state.is_terminal() {
                return Err(value_error("bad pickled VectorGame: a game is not at a seat to act"));
            }
        }
        v.inner.next_seed = next_seed;
        v.inner.rng = Mix(rng);
        v.write_rows(py)?;
        v.rewards
            .bind(py)
            .try_readwrite()
            .map_err(value_error)?
            .as_slice_mut()
            .map_err(value_error)?
            .copy_from_slice(&rewards);
        v.dones
            .bind(py)
            .try_readwrite()
            .map_err(value_error)?
            .as_slice_mut()
            .map_err(value_error)?
            .copy_from_slice(&dones);
        Ok(v)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (Pickled,))> {
        let py = slf.py();
        let v = slf.borrow();
        let g = &v.inner;
        let rewards = v.rewards.bind(py).try_readonly().map_err(value_error)?.as_slice().map_err(value_error)?.to_vec();
        let dones = v.dones.bind(py).try_readonly().map_err(value_error)?.as_slice().map_err(value_error)?.to_vec();
        let data = (
            g.game.get().ty.spec().to_owned(),
            g.states.len(),
            g.seed,
            g.next_seed,
            g.rng.0,
            g.states.iter().map(GameHandle::to_json).collect(),
            rewards,
            dones,
        );
        Ok((slf.get_type().getattr("_from_pickle")?, (data,)))
    }

    /// A uniformly random legal action for every game (the vector's own
    /// generator), as an int64 array.
    fn sample_actions<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let g = &mut self.inner;
        let a = g.actions;
        let (legal, counts, rng) = (&g.legal, &g.counts, &mut g.rng);
        let out = py.detach(|| {
            legal
                .chunks_exact(a)
                .zip(counts)
                .map(|(row, &count)| match count {
                    0 => 0,
                    n => i64::from(row[rng.below(n as usize)]),
                })
                .collect::<Vec<_>>()
        });
        Ok(PyArray1::from_vec(py, out))
    }
}
