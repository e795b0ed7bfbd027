"""The carte games as OpenSpiel (pyspiel) Python games.

>>> import carte.openspiel, pyspiel
>>> carte.openspiel.register()
['carte_zama', 'carte_gonzago', 'carte_zucche', 'carte_camicia']
>>> game = pyspiel.load_game("carte_gonzago")
>>> state = game.new_initial_state()
>>> state.is_chance_node()  # the deal: one chance node per card
True

``register()`` registers ``carte_zama``, ``carte_gonzago``, ``carte_zucche``
and ``carte_camicia`` with the parameters of ``carte.game_parameters()``
(``pyspiel.load_game("carte_gonzago(mode=points)")``). The deal is made of
chance nodes (``deal=chance``) so that OpenSpiel's loops see varied deals;
a configuration that deals from a seed (``deal=seeded``, or a Gonzago match,
whose later hands come from the seed) starts instead at one chance node
that draws the seed among ``SEED_OUTCOMES`` values. Zucche e Fantasmi's dice
are chance nodes of their own.

States keep a ``carte.State`` inside: ``resample_from_infostate(player,
sampler)`` draws a determinization through it, and ``clone``,
``copy.deepcopy``, ``pickle`` and ``serialize`` work.

Search with hidden information: OpenSpiel's Python
``open_spiel.python.algorithms.ismcts.ISMCTSBot`` with
``bot.set_resampler(carte.openspiel.resampler(bot))`` (the samples drawn
from the bot's ``random_state``: the same seed, the same moves). pyspiel's
C++ ``pyspiel.ISMCTSBot`` cannot play a Python game, carte's or OpenSpiel's
own ``python_kuhn_poker``: it has no ``set_resampler``, and it calls the C++
``ResampleFromInfostate``, which pyspiel's wrapper of Python states does not
forward (``SpielError: ResampleFromInfostate() not implemented``, or a
crash).
"""

from __future__ import annotations

import numpy as np
import pyspiel

import carte

#: Seeds the first chance node draws from when the deal is not by chance.
SEED_OUTCOMES = 1024
#: OpenSpiel's game length is a C++ int: an unbounded game reports this.
_MAX_LENGTH = 2**31 - 1

_PREFIX = "carte_"


def _default(value: str):
    """A parameter's default as pyspiel types it: int, bool or string."""
    if value.isdigit():
        return int(value)
    if value in ("true", "false"):
        return value == "true"
    return value


def _text(value) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


#: The pyspiel default of Gonzago's ``deal``: by chance for a single hand,
#: from the seed for a match (whose later hands come from its seed).
_AUTO = "auto"


def _spec_params(name: str) -> dict:
    params = {k: _default(v["default"]) for k, v in carte.game_parameters()[name]["parameters"].items()}
    if "deal" in params:
        params["deal"] = _AUTO if name == "gonzago" else "chance"
    return params


def _carte_spec(name: str, params: dict) -> str:
    """The carte description of pyspiel parameters (every parameter
    given): carte.load_game then checks it, as for any description."""
    params = dict(params)
    if name == "gonzago" and str(params.get("deal")) == _AUTO:
        params["deal"] = "chance" if str(params.get("mode", "single")).lower() == "single" else "seeded"
    text = ",".join(f"{k}={_text(v)}" for k, v in params.items())
    return f"{name}({text})"


def _players(name: str, g: carte.Game) -> tuple[int, int]:
    """The seat counts the ``players`` parameter allows."""
    return {"zucche": (4, 256), "zama": (2, 4)}.get(name, (g.num_players(), g.num_players()))


def _game_type(name: str, g: carte.Game | None = None) -> pyspiel.GameType:
    """The game type of ``name``: of the configuration ``g`` (what its
    game's ``get_type()`` reports), or, without one, of the registration,
    which covers every configuration (zero-sum only if all are)."""
    if g is None:
        g = carte.load_game(name)
        variants = {
            "zama": ["zama(players=4)"],
            "gonzago": ["gonzago(mode=points)"],
            "zucche": ["zucche(players=256)"],
        }.get(name, [])
        every = [g] + [carte.load_game(v) for v in variants]
        zero_sum = all(v.is_zero_sum() for v in every)
        # A tensor only if every configuration has one (a Gonzago match
        # has none, nor Zucche e Fantasmi past 2^20 entries).
        recall_tensor = all(v.provides_information_state_tensor() for v in every)
    else:
        zero_sum = g.is_zero_sum()
        recall_tensor = g.provides_information_state_tensor()
    players = _players(name, g)
    return pyspiel.GameType(
        short_name=_PREFIX + name,
        long_name="carte " + carte.game_parameters()[name]["description"],
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(
            pyspiel.GameType.Information.PERFECT_INFORMATION
            if g.is_perfect_information()
            else pyspiel.GameType.Information.IMPERFECT_INFORMATION
        ),
        utility=(pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players[1],
        min_num_players=players[0],
        provides_information_state_string=True,
        # A tensor where a fixed size holds perfect recall (a single hand
        # of Gonzago, Camicia, Zucche e Fantasmi up to 2^20 entries);
        # elsewhere information states are strings only.
        provides_information_state_tensor=recall_tensor,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_spec_params(name),
    )


class CarteGame(pyspiel.Game):
    """A carte game as a pyspiel game (made by ``pyspiel.load_game``)."""

    _name = ""
    _type = None

    def __init__(self, params=None):
        params = dict(params or {})
        # ValueError for a description carte refuses, as carte.load_game.
        self.carte_game = carte.load_game(_carte_spec(self._name, params))
        g = self.carte_game
        # Dealt from a seed: one chance node draws it first.
        self._seed_node = "deal" in g.parameters() and not g.deals_by_chance()
        game_type = _game_type(self._name, g)
        chance = max(g.max_chance_outcomes(), SEED_OUTCOMES if self._seed_node else 0)
        length = g.max_game_length() + (1 if self._seed_node else 0)
        info = pyspiel.GameInfo(
            num_distinct_actions=g.num_distinct_actions(),
            max_chance_outcomes=chance,
            num_players=g.num_players(),
            min_utility=g.min_utility(),
            max_utility=g.max_utility(),
            # OpenSpiel wants a sum exactly for a zero-sum game type.
            utility_sum=0.0 if game_type.utility == pyspiel.GameType.Utility.ZERO_SUM else None,
            max_game_length=min(length, _MAX_LENGTH),
        )
        # get_parameters(): the configuration played, every parameter given.
        super().__init__(game_type, info, {k: _default(v) for k, v in g.parameters().items()})

    def new_initial_state(self, *args):
        """A state at the first chance node of the deal (or of the seed)."""
        return CarteState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        """The observer: tensors and strings of observations, or of
        information states (perfect recall; a tensor only where the game
        type ``provides_information_state_tensor``)."""
        return CarteObserver(self, iig_obs_type, params)


class CarteState(pyspiel.State):
    """A pyspiel state around a ``carte.State`` (``self.inner``; ``None``
    while the seed is drawn)."""

    def __init__(self, game: CarteGame, inner: carte.State | None = None, prefix: list[int] | None = None):
        super().__init__(game)
        if inner is None and not game._seed_node:
            inner = game.carte_game.new_initial_state()
        self.inner = inner
        # A sample keeps the history of the state it was drawn from.
        self._prefix = prefix or []

    def current_player(self):
        if self.inner is None:
            return pyspiel.PlayerId.CHANCE
        return self.inner.current_player()

    def _legal_actions(self, player):
        return self.inner.legal_actions()

    def chance_outcomes(self):
        if self.inner is None:
            p = 1.0 / SEED_OUTCOMES
            return [(s, p) for s in range(SEED_OUTCOMES)]
        return self.inner.chance_outcomes()

    def _apply_action(self, action):
        if self.inner is None:
            if not 0 <= action < SEED_OUTCOMES:
                raise ValueError(f"seed {action} is not an outcome here (0..{SEED_OUTCOMES})")
            self.inner = self.get_game().carte_game.new_initial_state(int(action))
        else:
            self.inner.apply_action(action)

    def _action_to_string(self, player, action):
        if self.inner is None:
            return f"seed {action}"
        return self.inner.action_to_string(action)

    def is_terminal(self):
        return self.inner is not None and self.inner.is_terminal()

    def returns(self):
        if self.inner is None:
            return [0.0] * self.get_game().num_players()
        return self.inner.returns()

    def history(self):
        """The actions so far; a sample (``resample_from_infostate``) starts
        with those of the state it was drawn from."""
        return self._prefix + super().history()

    def history_str(self):
        return ", ".join(str(a) for a in self.history())

    def move_number(self):
        return len(self.history())

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state with ``player_id``'s information state, what it cannot see
        drawn with a seed from ``probability_sampler`` (a callable giving
        numbers in [0, 1), e.g. ``pyspiel.UniformProbabilitySampler``; for
        a reproducible search use :func:`resampler`). The sample keeps the
        state's ``history()`` and ``move_number()``."""
        if self.inner is None:
            return self.clone()
        seed = int(probability_sampler() * 2**53)
        return CarteState(self.get_game(), self.inner.resample_from_infostate(player_id, seed), self.history())

    def __str__(self):
        return "seed to draw" if self.inner is None else str(self.inner)


def resampler(source, player=None):
    """The ``ISMCTSBot.set_resampler`` callback of a reproducible search:
    each determinization's seed is drawn from ``source``, the bot itself
    (its ``random_state``), a ``numpy.random.RandomState`` or
    ``Generator``, or an int seed.

    >>> from open_spiel.python.algorithms import ismcts, mcts
    >>> game = pyspiel.load_game("carte_gonzago")
    >>> rng = np.random.RandomState(123)
    >>> evaluator = mcts.RandomRolloutEvaluator(random_state=rng)
    >>> bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 20, random_state=rng)
    >>> bot.set_resampler(carte.openspiel.resampler(bot))
    """
    if player is not None or isinstance(source, CarteState):
        raise TypeError(
            "carte.openspiel.resampler makes the callback: "
            "bot.set_resampler(carte.openspiel.resampler(bot)) (or a RandomState, or a seed)"
        )
    rng = getattr(source, "_random_state", source)
    if isinstance(rng, (int, np.integer)):
        rng = np.random.RandomState(int(rng))
    if isinstance(rng, np.random.RandomState):
        draw = rng.random_sample
    elif isinstance(rng, np.random.Generator):
        draw = rng.random
    else:
        raise TypeError(f"resampler draws from an ISMCTSBot, a numpy RandomState or Generator, or an int; not {rng!r}")

    def resample(state, player):
        return state.resample_from_infostate(player, draw)

    return resample


class CarteObserver:
    """OpenSpiel's PyObserver interface: ``tensor``, ``dict``, ``set_from``,
    ``string_from``."""

    def __init__(self, game: CarteGame, iig_obs_type, params):
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        self._recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        if iig_obs_type is not None and iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise ValueError("carte observes one player's view: private_info must be SINGLE_PLAYER")
        g = game.carte_game
        if self._recall and not g.provides_information_state_tensor():
            # Information states are strings only here.
            self.tensor = None
            self.dict = {}
            return
        if self._recall:
            shape = tuple(g.information_state_tensor_shape())
            self._write = carte.State.write_information_state_tensor
        else:
            shape = tuple(g.observation_tensor_shape())
            self._write = carte.State.write_observation_tensor
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"info_state" if self._recall else "observation": self.tensor.reshape(shape)}

    def set_from(self, state: CarteState, player: int):
        if self.tensor is None:
            return
        if state.inner is None:
            # The seed is drawn: nothing seen yet.
            self.tensor.fill(0.0)
        else:
            self._write(state.inner, player, self.tensor)

    def string_from(self, state: CarteState, player: int) -> str:
        if state.inner is None:
            return ""
        if self._recall:
            return state.inner.information_state_string(player)
        return state.inner.observation_string(player)


_registered: dict[str, type] = {}


def register() -> list[str]:
    """Registers every carte game with pyspiel (again: no effect); returns
    the pyspiel names (``carte_zama`` ...)."""
    for name in carte.registered_names():
        if name in _registered:
            continue
        gt = _game_type(name)
        cls = type(f"Carte{name.capitalize()}Game", (CarteGame,), {"_name": name, "_type": gt})
        pyspiel.register_game(gt, cls)
        _registered[name] = cls
    return [_PREFIX + n for n in carte.registered_names()]


__all__ = ["SEED_OUTCOMES", "CarteGame", "CarteObserver", "CarteState", "register", "resampler"]
