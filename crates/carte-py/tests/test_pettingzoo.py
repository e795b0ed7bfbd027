"""carte.pettingzoo: AEC environments with action masks pass PettingZoo's
api_test for every game."""

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test  # noqa: E402

import carte.pettingzoo  # noqa: E402


@pytest.mark.parametrize(
    "name",
    [
        "zama",
        "zama(no_removal_limit=30,deal=chance)",
        "zama(players=4,no_removal_limit=20)",
        "gonzago",
        "gonzago(mode=points)",
        "zucche(rounds=3)",
        "zucche(players=8,rounds=2)",
        "camicia",
        "camicia(preset=bmn)",
    ],
)
def test_api_test(name):
    api_test(carte.pettingzoo.env(name), num_cycles=300, verbose_progress=False)


def _episode(env, seed):
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    trace = []
    for agent in env.agent_iter(max_iter=10_000):
        obs, reward, term, trunc, _ = env.last()
        if term or trunc:
            action = None
        else:
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        trace.append((agent, action, reward))
        env.step(action)
    return trace


def test_seeded_resets_repeat_and_rewards_are_the_returns():
    env = carte.pettingzoo.env("gonzago")
    a, b = _episode(env, 3), _episode(env, 3)
    assert a == b
    assert _episode(env, 4) != a
    final = {agent: r for agent, _, r in a[-2:]}
    assert sorted(final.values()) in ([-1.0, 1.0], [0.0, 0.0])


def test_masks_show_only_the_agent_to_act():
    env = carte.pettingzoo.raw_env("gonzago")
    env.reset(seed=1)
    me = env.agent_selection
    other = next(a for a in env.agents if a != me)
    assert env.observe(me)["action_mask"].sum() > 0
    assert env.observe(other)["action_mask"].sum() == 0
    assert env.observe(me)["observation"].shape == (140,)


@pytest.mark.parametrize("name", ["gonzago", "zama(players=4,no_removal_limit=20)", "zucche(rounds=2)"])
def test_state_is_every_players_observation(name):
    env = carte.pettingzoo.env(name)
    env.reset(seed=3)
    for _ in range(10):
        state = env.state()
        assert env.unwrapped.state_space.contains(state)
        inner = env.unwrapped.carte_state
        n = inner.num_players()
        parts = np.split(state, n)
        for p in range(n):
            assert np.array_equal(parts[p], inner.observation_tensor(p))
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            break
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
