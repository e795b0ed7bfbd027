"""carte: four Italian games (Zama, Zucche e Fantasmi, Camicia, Gonzago) at
native speed, for plain Python, OpenSpiel and PettingZoo.

>>> import carte
>>> game = carte.load_game("gonzago(mode=points)")
>>> state = game.new_initial_state(seed=7)
>>> state.current_player()
0
>>> state.apply_action(state.legal_actions()[0])

States follow OpenSpiel's conventions: integer actions
``0..game.num_distinct_actions()``, ``current_player()`` is the seat to act,
``carte.CHANCE`` (-1) at a chance node and ``carte.TERMINAL`` (-4) at the end.
``carte.openspiel.register()`` makes the games pyspiel games,
``carte.pettingzoo.env(name)`` gives a PettingZoo AEC environment, and
``carte.VectorGame`` steps many games at once inside Rust.
"""

from carte._carte import (
    CHANCE,
    DEFAULT_SEED,
    TERMINAL,
    Game,
    State,
    VectorGame,
    deserialize_state,
    game_parameters,
    load_game,
    registered_names,
)

__all__ = [
    "CHANCE",
    "DEFAULT_SEED",
    "TERMINAL",
    "Game",
    "State",
    "VectorGame",
    "deserialize_state",
    "game_parameters",
    "load_game",
    "registered_names",
]
