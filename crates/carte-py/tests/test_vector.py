"""carte.VectorGame: many games stepped in Rust, restarted when they end."""

import random

import numpy as np
import pytest

import carte


@pytest.mark.parametrize("spec", ["gonzago", "gonzago(mode=points)", "zucche(rounds=2)", "camicia(preset=bmn)", "zama"])
def test_vector_matches_single_states(spec):
    n = 3
    v = carte.VectorGame(spec, n, seed=10)
    game = v.game
    obs, masks, rewards, dones = v.reset()
    assert obs.shape == (n, game.observation_tensor_size()) and obs.dtype == np.float32
    assert masks.shape == (n, game.num_distinct_actions()) and masks.dtype == np.bool_
    assert rewards.shape == (n, game.num_players()) and not dones.any()
    if "zucche" in spec:
        return  # dice are drawn by the vector: checked below by totals only
    states = [game.new_initial_state(10 + i) for i in range(n)]
    next_seed = 10 + n
    rng = random.Random(0)
    for _ in range(300):
        players = v.current_players()
        for i, s in enumerate(states):
            assert players[i] == s.current_player()
            assert np.array_equal(masks[i], s.legal_actions_mask())
            assert np.array_equal(obs[i], s.observation_tensor())
        actions = [rng.choice(s.legal_actions()) for s in states]
        obs, masks, rewards, dones = v.step(np.array(actions))
        for i, s in enumerate(states):
            s.apply_action(actions[i])
            assert dones[i] == s.is_terminal()
            if s.is_terminal():
                assert list(rewards[i]) == s.returns()
                states[i] = game.new_initial_state(next_seed)
                next_seed += 1
            else:
                assert not rewards[i].any()


def test_random_vector_games_finish_and_restart():
    v = carte.VectorGame("zucche(rounds=2)", 16, seed=1)
    done_games = 0
    total = 0.0
    for _ in range(400):
        _, masks, rewards, dones = v.step(v.sample_actions())
        assert masks.any(axis=1).all()
        done_games += int(dones.sum())
        total += float(rewards.sum())
    assert done_games > 16
    assert abs(total) < 1e-6  # zero-sum


def test_sample_actions_are_legal_and_seeded():
    a = carte.VectorGame("gonzago", 64, seed=3)
    b = carte.VectorGame("gonzago", 64, seed=3)
    for _ in range(50):
        x, y = a.sample_actions(), b.sample_actions()
        assert np.array_equal(x, y)
        _, masks, _, _ = a.observe()
        assert masks[np.arange(64), x].all()
        oa, _, _, _ = a.step(x)
        ob, _, _, _ = b.step(y)
        assert np.array_equal(oa, ob)


def test_illegal_actions_raise_and_no_game_moves():
    v = carte.VectorGame("gonzago", 4, seed=0)
    before = v.observe()[0].copy()
    actions = v.sample_actions()
    _, masks, _, _ = v.observe()
    actions[2] = int(np.flatnonzero(~masks[2])[0])
    with pytest.raises(ValueError, match="game 2"):
        v.step(actions)
    with pytest.raises(ValueError, match=r"shape \(4,\)"):
        v.step(actions[:3])
    assert np.array_equal(v.observe()[0], before)
    with pytest.raises(ValueError):
        carte.VectorGame("gonzago", 0)
    with pytest.raises(ValueError, match="poker"):
        carte.VectorGame("poker", 2)
    # Lists of ints work as well as int64 arrays.
    v.step([int(x) for x in v.sample_actions()])


@pytest.mark.parametrize(
    "spec", ["gonzago", "zama(no_removal_limit=6)", "zama(players=4,no_removal_limit=6)", "zama(deal=chance)"]
)
def test_observations_are_read_only_and_rewritten_exactly(spec):
    # Zama's tensors are rewritten where they have entries: the rows must
    # hold what the vector wrote, so the caller cannot write on them.
    v = carte.VectorGame(spec, 3, seed=5)
    obs, _, _, _ = v.observe()
    with pytest.raises(ValueError, match="read-only"):
        obs[0, 0] = 1.0
    with pytest.raises(ValueError, match="read-only"):
        obs[1] *= 2
    assert not obs[2].flags.writeable
    game = v.game
    ended = 0
    for _ in range(300):
        obs, _, _, dones = v.step(v.sample_actions())
        assert not obs.flags.writeable
        ended += int(dones.sum())
    assert ended > 0 or "chance" in spec
    # After games ended and restarted, each row is still its state's tensor.
    for i, json in enumerate(v.__reduce__()[1][0][5]):
        state = game.state_from_json(json)
        assert np.array_equal(obs[i], state.observation_tensor())


def test_writing_on_the_returned_masks_changes_nothing():
    v = carte.VectorGame("gonzago", 4, seed=0)
    _, masks, _, _ = v.observe()
    illegal = int(np.flatnonzero(~masks[0])[0])
    masks[:] = True  # the caller's arrays; the vector keeps its own
    actions = v.sample_actions()
    actions[0] = illegal
    with pytest.raises(ValueError, match="game 0"):
        v.step(actions)
    for _ in range(100):
        v.step(v.sample_actions())
