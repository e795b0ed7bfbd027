"""carte: four Italian games (Zama, Zucche e Fantasmi, Camicia, Gonzago) at
native speed, for plain Python, OpenSpiel and PettingZoo.

>>> import carte
>>> game = carte.load_game("gonzago(mode=points)")
>>> state = game.new_initial_state(seed=7)
>>> state.current_player()  # B leads: A dealt this hand
1
>>> state.legal_actions()
[45, 60, 97, 120]
>>> state.action_to_string(45)
'play 4c'
>>> state.apply_action(45)
>>> state.apply_action(3)
Traceback (most recent call last):
...
ValueError: illegal action 3 (play As): illegal move play As: As is not in your hand

States follow OpenSpiel's conventions: integer actions
``0..game.num_distinct_actions()``, ``current_player()`` is the seat to act,
``carte.CHANCE`` (-1) at a chance node and ``carte.TERMINAL`` (-4) at the end.
``carte.openspiel.register()`` makes the games pyspiel games,
``carte.pettingzoo.env(name)`` gives a PettingZoo AEC environment, and
``carte.VectorGame`` steps many games at once inside Rust.
``carte.camicia`` is the Camicia analysis (decks, rank and unrank, sweeps
and searches that merge exactly) and ``python -m carte.ray`` runs it on a
Ray cluster.
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
