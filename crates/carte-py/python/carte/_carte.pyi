"""Type stubs of the native module carte._carte (re-exported by carte)."""

from types import ModuleType
from typing import Any, overload

import numpy as np
import numpy.typing as npt

#: current_player() at a chance node (OpenSpiel's PlayerId.CHANCE).
CHANCE: int
#: current_player() once the game is over (OpenSpiel's PlayerId.TERMINAL).
TERMINAL: int
#: The seed of new_initial_state() without one.
DEFAULT_SEED: int
#: The Camicia analysis, re-exported (and typed) by carte.camicia.
camicia: ModuleType

def load_game(spec: str) -> Game:
    """Reads a game description, ``name`` or ``name(key=value,...)``, e.g.
    ``gonzago(mode=points)``; ValueError naming a bad name, parameter or value."""

def registered_names() -> list[str]:
    """The registered game names: zama, gonzago, zucche, camicia."""

def game_parameters() -> dict[str, dict[str, Any]]:
    """Per game: its description and its parameters (default, values)."""

def deserialize_state(text: str) -> State:
    """Rebuilds a state from State.serialize(); ValueError on bad text."""

class Game:
    """A game chosen by name and parameters."""

    def __init__(self, spec: str) -> None: ...
    @property
    def spec(self) -> str:
        """The canonical description, every parameter given."""
    @property
    def name(self) -> str:
        """The registered name."""
    def parameters(self) -> dict[str, str]:
        """The parameters of the description, every one given."""
    def new_initial_state(self, seed: int | None = None) -> State:
        """The deal of ``seed`` (DEFAULT_SEED = 0 without one); with
        ``deal=chance`` the deal's chance nodes whatever the seed."""
    def state_from_json(self, json: str) -> State:
        """A state read from the engine's JSON (State.to_json())."""
    def deserialize_state(self, text: str) -> State:
        """Rebuilds a state of this game from State.serialize()."""
    def num_players(self) -> int: ...
    def num_distinct_actions(self) -> int: ...
    def max_chance_outcomes(self) -> int: ...
    def max_game_length(self) -> int: ...
    def min_utility(self) -> float: ...
    def max_utility(self) -> float: ...
    def is_zero_sum(self) -> bool: ...
    def observation_tensor_shape(self) -> list[int]: ...
    def observation_tensor_size(self) -> int: ...
    def provides_information_state_tensor(self) -> bool:
        """Whether a fixed-size tensor holds perfect recall (a single hand of Gonzago, Camicia, Zucche e Fantasmi up to 2^20 entries)."""
    def information_state_tensor_shape(self) -> list[int]:
        """ValueError for a configuration without an information-state tensor."""
    def information_state_tensor_size(self) -> int:
        """ValueError for a configuration without an information-state tensor."""
    def deals_by_chance(self) -> bool: ...
    def is_perfect_information(self) -> bool: ...

class State:
    """A state of a game, played by integer actions (OpenSpiel's conventions)."""

    def current_player(self) -> int:
        """The seat to act, CHANCE (-1) at a chance node, TERMINAL (-4) at the end."""
    def is_chance_node(self) -> bool: ...
    def is_terminal(self) -> bool: ...
    def is_player_node(self) -> bool: ...
    def chance_outcomes(self) -> list[tuple[int, float]]: ...
    def legal_actions(self, player: int | None = None) -> list[int]: ...
    def legal_actions_mask(self, player: int | None = None) -> npt.NDArray[np.bool_]: ...
    def apply_action(self, action: int, /) -> None:
        """Plays ``action``; ValueError with the engine's reason (state unchanged)."""
    @overload
    def action_to_string(self, action: int, /) -> str: ...
    @overload
    def action_to_string(self, player: int, action: int, /) -> str: ...
    @overload
    def string_to_action(self, text: str, /) -> int: ...
    @overload
    def string_to_action(self, player: int, text: str, /) -> int: ...
    def returns(self) -> list[float]: ...
    def observation_string(self, player: int | None = None) -> str: ...
    def observation_tensor(self, player: int | None = None) -> npt.NDArray[np.float32]: ...
    def write_observation_tensor(self, player: int, out: npt.NDArray[np.float32]) -> None:
        """Writes into ``out``, a writable C-contiguous float32 array of
        observation_tensor_size() entries; TypeError or ValueError naming
        the array needed otherwise."""
    def information_state_string(self, player: int | None = None) -> str:
        """Perfect recall: the first view, a short token per ply of what
        ``player`` saw of it, a digest of its current view; kept as the
        state is played (a call costs the plies since the last one)."""
    def information_state_tensor(self, player: int | None = None) -> npt.NDArray[np.float32]:
        """Perfect recall as a tensor (a single hand of Gonzago, Camicia, Zucche e Fantasmi): equal
        exactly when information_state_string is; ValueError elsewhere."""
    def write_information_state_tensor(self, player: int, out: npt.NDArray[np.float32]) -> None:
        """Writes into ``out``, a writable C-contiguous float32 array of
        information_state_tensor_size() entries."""
    def resample_from_infostate(self, player: int, seed: int) -> State:
        """A state with ``player``'s information state, the unseen drawn from ``seed``."""
    def clone(self) -> State: ...
    def __copy__(self) -> State: ...
    def __deepcopy__(self, memo: Any) -> State: ...
    def serialize(self) -> str:
        """Text that deserialize_state rebuilds exactly (game, origin, actions)."""
    def to_json(self) -> str:
        """The engine's own JSON of the state."""
    def history(self) -> list[int]:
        """The actions since the start; a sample keeps its source's history."""
    def move_number(self) -> int:
        """len(history())."""
    def get_game(self) -> Game: ...
    def num_players(self) -> int: ...
    def num_distinct_actions(self) -> int: ...

class VectorGame:
    """``n`` games stepped together in Rust with the GIL released; finished
    games restart. The returned arrays belong to the vector and are
    overwritten by the next step/reset; the observations are read-only
    (large tensors are rewritten only where they have entries). Pickles
    exactly. One thread at a
    time: another thread's call during ``step`` raises RuntimeError."""

    def __init__(self, name: str, n: int, seed: int = 0) -> None: ...
    @property
    def num_envs(self) -> int: ...
    @property
    def game(self) -> Game: ...
    def reset(
        self,
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.float32], npt.NDArray[np.bool_]]: ...
    def observe(
        self,
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.float32], npt.NDArray[np.bool_]]: ...
    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.float32], npt.NDArray[np.bool_]]:
        """(observations (n, size), masks (n, actions), rewards (n, players), dones (n,)).
        ``actions``: integers of shape (n,) or (n, 1) (TypeError for floats)."""
    def current_players(self) -> npt.NDArray[np.int64]: ...
    def sample_actions(self) -> npt.NDArray[np.int64]: ...
