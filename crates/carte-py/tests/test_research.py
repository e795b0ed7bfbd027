"""What a researcher hits first (issue 24): resample chains, input checks,
truthful tensors, pickling and the small things."""

import ast
import inspect
import json
import pathlib
import pickle
import random
import weakref

import numpy as np
import pytest

import carte
from conftest import SPECS, play_random


def _at_player(spec, seed=8, plies=45):
    state = carte.load_game(spec).new_initial_state(seed=seed)
    rng = random.Random(3)
    play_random(state, rng, limit=plies)
    while state.is_chance_node():
        play_random(state, rng, limit=1)
    return state


@pytest.mark.parametrize("spec", ["gonzago", "zama", "camicia", "gonzago(mode=points)", "gonzago(deal=chance)"])
def test_a_chain_of_1000_samples_pickles_and_loads_at_the_size_of_one(spec):
    state = _at_player(spec)
    if state.is_terminal():
        pytest.skip("the game ended early")
    p = state.current_player()
    info = state.information_state_string(p)
    history = state.history()
    one = state.resample_from_infostate(p, 0)
    chain = one
    for seed in range(1, 1000):
        chain = chain.resample_from_infostate(p, seed)
    for s in (one, chain):
        back = pickle.loads(pickle.dumps(s))
        assert back.information_state_string(p) == info
        assert back.to_json() == s.to_json()
        assert back.history() == history
        assert carte.deserialize_state(s.serialize()).serialize() == s.serialize()
    # The text holds the sample and the seat's record, not the chain.
    assert len(chain.serialize()) < len(one.serialize()) + 64
    assert len(pickle.dumps(chain)) < len(pickle.dumps(one)) + 64


def test_a_sample_keeps_the_history_and_plays_on():
    state = _at_player("gonzago")
    p = state.current_player()
    sample = state.resample_from_infostate(p, 5)
    assert sample.history() == state.history() and sample.move_number() == state.move_number() > 0
    a = sample.legal_actions()[0]
    sample.apply_action(a)
    assert sample.history() == state.history() + [a]
    assert sample.move_number() == state.move_number() + 1
    back = pickle.loads(pickle.dumps(sample))
    assert back.history() == sample.history()
    assert back.information_state_string(p) == sample.information_state_string(p)


def test_a_forged_sample_record_is_refused():
    state = _at_player("gonzago")
    p = state.current_player()
    data = json.loads(state.resample_from_infostate(p, 5).serialize())
    data["origin"]["sample"]["record"] += " [what the seat never saw]"
    with pytest.raises(ValueError, match="information state"):
        carte.deserialize_state(json.dumps(data))


def test_vector_step_refuses_floats_and_accepts_any_integer_array():
    v = carte.VectorGame("gonzago", 4, seed=0)
    a = v.sample_actions()
    for bad in (a + 0.9, a.astype(np.float32), a.astype(bool), [0.5, 1.0, 2.0, 3.0], np.array(["1"] * 4)):
        with pytest.raises(TypeError, match=r"integer array of shape \(4,\).*dtype"):
            v.step(bad)
    for bad in (a[:3], np.stack([a, a]), a.reshape(2, 2)):
        with pytest.raises(ValueError, match=r"shape \(4,\).*got shape"):
            v.step(bad)
    # A strided view, a column, other integer types, a list: copied.
    for form in (
        lambda x: np.repeat(x, 2)[::2],
        lambda x: x.reshape(4, 1),
        lambda x: x.astype(np.int16),
        lambda x: x.astype(np.uint32),
        lambda x: [int(y) for y in x],
    ):
        a = v.sample_actions()
        w = pickle.loads(pickle.dumps(v))
        expected = w.step(a)[0].copy()
        got = v.step(form(a))[0]
        assert np.array_equal(got, expected)


def test_write_observation_tensor_names_the_array_it_needs():
    game = carte.load_game("gonzago")
    state = game.new_initial_state(1)
    size = game.observation_tensor_size()
    for bad in (np.zeros(size), np.zeros(size, np.int32), [0.0] * size):
        with pytest.raises(TypeError, match=rf"float32 array of shape \({size},\); got"):
            state.write_observation_tensor(0, bad)
    for bad in (np.zeros(size + 1, np.float32), np.zeros(2 * size, np.float32)[::2]):
        with pytest.raises(ValueError, match=rf"float32 array of shape \({size},\); got"):
            state.write_observation_tensor(0, bad)
    frozen = np.zeros(size, np.float32)
    frozen.flags.writeable = False
    with pytest.raises(ValueError, match="writable"):
        state.write_observation_tensor(0, frozen)
    out = np.zeros(game.observation_tensor_shape(), np.float32)
    state.write_observation_tensor(0, out)
    assert np.array_equal(out.ravel(), state.observation_tensor(0))


def test_a_vector_pickles_and_steps_on_as_the_original():
    v = carte.VectorGame("zucche(rounds=2)", 5, seed=4)
    for _ in range(30):
        v.step(v.sample_actions())
    w = pickle.loads(pickle.dumps(v))
    for x, y in zip(v.observe(), w.observe()):
        assert np.array_equal(x, y)
    assert np.array_equal(v.current_players(), w.current_players())
    for _ in range(200):
        a, b = v.sample_actions(), w.sample_actions()
        assert np.array_equal(a, b)
        for x, y in zip(v.step(a), w.step(b)):
            assert np.array_equal(x, y)


@pytest.mark.parametrize("spec", SPECS + ["zama(players=4,no_removal_limit=20)", "camicia(deal=chance)"])
def test_tensors_carry_what_the_strings_show(spec):
    """Over random play, two states whose observation strings differ for a
    player have different tensors for that player."""
    game = carte.load_game(spec)
    n = game.num_players()
    seen = [dict() for _ in range(n)]
    rng = random.Random(11)
    for seed in range(3):
        state = game.new_initial_state(seed)
        for _ in range(300):
            for p in range(n):
                key = state.observation_tensor(p).tobytes()
                text = state.observation_string(p)
                assert seen[p].setdefault(key, text) == text, (p, text, seen[p][key])
            if state.is_terminal():
                break
            play_random(state, rng, limit=1)


def test_a_two_outcome_chance_node_names_its_range():
    state = carte.load_game("gonzago(deal=chance)").new_initial_state()
    assert state.legal_actions() == [0, 1]
    with pytest.raises(ValueError, match=r"range is 0\.\.2\b"):
        state.apply_action(5)
    state.apply_action(0)
    with pytest.raises(ValueError, match=r"range is 0\.\.40\b"):
        state.apply_action(45)


def test_game_parameters_are_a_dict():
    g = carte.load_game("gonzago(mode=points)")
    assert g.parameters() == {"deck": "italian", "mode": "points", "deal": "seeded"}


def test_help_shows_no_rust_internals():
    for cls in (carte.State, carte.Game, carte.VectorGame):
        for internal in ("GilCell", "PyO3", "[`", "Frozen"):
            assert internal not in (cls.__doc__ or ""), (cls, internal)


def test_states_and_games_take_weak_references():
    state = carte.load_game("gonzago").new_initial_state()
    ref = weakref.ref(state)
    assert ref() is state
    assert weakref.ref(state.get_game())() is not None


def _stub_methods():
    tree = ast.parse((pathlib.Path(carte.__file__).parent / "_carte.pyi").read_text())
    for cls in tree.body:
        if isinstance(cls, ast.ClassDef):
            for fn in cls.body:
                if isinstance(fn, ast.FunctionDef) and not fn.name.startswith("__"):
                    yield cls.name, fn


def test_the_stubs_allow_only_the_keywords_the_methods_take():
    checked = 0
    for cls, fn in _stub_methods():
        keywords = [a.arg for a in fn.args.args[1:]] + [a.arg for a in fn.args.kwonlyargs]
        if not keywords:
            continue
        method = getattr(getattr(carte, cls), fn.name)
        try:
            params = inspect.signature(method).parameters
        except ValueError:
            params = {}
        for name in keywords:
            kind = params[name].kind if name in params else None
            assert kind in (
                inspect.Parameter.POSITIONAL_OR_KEYWORD,
                inspect.Parameter.KEYWORD_ONLY,
            ), f"{cls}.{fn.name}: the stub allows {name}= but the method does not"
            checked += 1
    assert checked > 5
    state = carte.load_game("gonzago").new_initial_state(7)
    with pytest.raises(TypeError):
        state.action_to_string(action=45)


def _example():
    import importlib.util

    path = pathlib.Path(__file__).parent.parent / "examples" / "train_gonzago.py"
    spec = importlib.util.spec_from_file_location("train_gonzago", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_training_examples_opponents_play_legal_moves():
    ex = _example()
    v = carte.VectorGame("gonzago", 64, seed=2)
    rng = np.random.default_rng(0)
    _, masks, _, _ = v.observe()
    for _ in range(200):
        r = ex.random_actions(masks, rng)
        h = ex.heuristic_actions(masks, rng)
        assert masks[np.arange(64), r].all() and masks[np.arange(64), h].all()
        # The heuristic plays whenever it can, the most cards it can.
        plays = masks[:, : ex.PLAYS]
        can_play = plays.any(axis=1)
        assert (h[can_play] < ex.PLAYS).all()
        most = np.where(plays, ex.CARDS[: ex.PLAYS], -1).max(axis=1)
        assert (ex.CARDS[h[can_play]] == most[can_play]).all()
        _, masks, _, _ = v.step(r)
