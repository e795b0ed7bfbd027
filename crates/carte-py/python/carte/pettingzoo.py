"""The carte games as PettingZoo AEC environments.

>>> import carte.pettingzoo
>>> env = carte.pettingzoo.env("zama")
>>> env.reset(seed=42)
>>> obs, reward, termination, truncation, info = env.last()
>>> sorted(obs)
['action_mask', 'observation']

Agents are ``player_0 ...``; each observation is a dict with the
``observation`` tensor (float32, the game's tensor shape) and the
``action_mask`` (int8, 1 for each legal action; all 0 for an agent not to
act). ``env.state()`` is every player's observation tensor, one after the
other (for centralized training); the ``carte.State`` in play is
``env.unwrapped.carte_state``. Rewards come at the end: the game's
returns. Chance nodes (Zucche e Fantasmi's dice, a ``deal=chance`` deal)
are played inside the environment with their probabilities. ``reset(seed=s)`` seeds the environment's
generator, which draws the seed of each deal; without a seed the first
reset deals from generator seed 0 (deterministic).
"""

from __future__ import annotations

import random

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import carte


class CarteEnv(AECEnv):
    """An AEC environment of one carte game description."""

    metadata = {"render_modes": ["human", "ansi"], "name": "carte_v0", "is_parallelizable": False}

    def __init__(self, name: str = "gonzago", render_mode: str | None = None):
        super().__init__()
        self.game = carte.load_game(name)
        self.metadata = dict(self.metadata, name=f"carte_{self.game.name}_v0")
        self.render_mode = render_mode
        n = self.game.num_players()
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._index = {a: i for i, a in enumerate(self.possible_agents)}
        shape = tuple(self.game.observation_tensor_shape())
        actions = self.game.num_distinct_actions()
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(low=-np.inf, high=np.inf, shape=shape, dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        size = int(np.prod(shape))
        #: ``state()``'s space: every player's observation tensor, player 0 first.
        self.state_space = spaces.Box(low=-np.inf, high=np.inf, shape=(n * size,), dtype=np.float32)
        self._rng = random.Random(0)
        #: The ``carte.State`` in play (``None`` before the first reset).
        self.carte_state = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def _settle(self):
        """Plays chance nodes with their probabilities."""
        while self.carte_state.is_chance_node():
            outcomes = self.carte_state.chance_outcomes()
            actions = [a for a, _ in outcomes]
            weights = [p for _, p in outcomes]
            self.carte_state.apply_action(self._rng.choices(actions, weights)[0])

    def reset(self, seed=None, options=None):
        if seed is not None:
            self._rng = random.Random(seed)
        self.carte_state = self.game.new_initial_state(self._rng.getrandbits(63))
        self._settle()
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.carte_state.current_player()]

    def state(self):
        """A global view for centralized training: every player's
        observation tensor, flat, player 0 first (float32, ``state_space``)."""
        n = self.game.num_players()
        size = self.game.observation_tensor_size()
        out = np.zeros(n * size, np.float32)
        for p in range(n):
            self.carte_state.write_observation_tensor(p, out[p * size : (p + 1) * size])
        return out

    def observe(self, agent):
        p = self._index[agent]
        shape = tuple(self.game.observation_tensor_shape())
        obs = self.carte_state.observation_tensor(p).reshape(shape)
        if self.carte_state.current_player() == p:
            mask = self.carte_state.legal_actions_mask().astype(np.int8)
        else:
            mask = np.zeros(self.game.num_distinct_actions(), np.int8)
        return {"observation": obs, "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        self.carte_state.apply_action(int(action))
        self._settle()
        self._cumulative_rewards[agent] = 0.0
        if self.carte_state.is_terminal():
            returns = self.carte_state.returns()
            for a in self.agents:
                self.rewards[a] = float(returns[self._index[a]])
                self.terminations[a] = True
            # Every agent is done: the next to step is the current one.
            self.agent_selection = agent
        else:
            for a in self.agents:
                self.rewards[a] = 0.0
            self.agent_selection = self.possible_agents[self.carte_state.current_player()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode is None:
            return None
        p = max(self.carte_state.current_player(), 0)
        text = self.carte_state.observation_string(p)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self):
        pass


def raw_env(name: str = "gonzago", render_mode: str | None = None) -> CarteEnv:
    """The environment without PettingZoo's checking wrappers."""
    return CarteEnv(name, render_mode)


def env(name: str = "gonzago", render_mode: str | None = None):
    """The environment of the game description ``name`` with PettingZoo's
    usual wrappers (an illegal action ends the game for the agent that
    played it, with a penalty; order enforced)."""
    e = raw_env(name, render_mode)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


__all__ = ["CarteEnv", "env", "raw_env"]
