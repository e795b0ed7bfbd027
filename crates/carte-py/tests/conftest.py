"""Shared parameters of the carte tests."""

import random

import pytest

import carte

#: Every game, with its default parameters and with others.
SPECS = [
    "zama",
    "zama(deal=chance,no_removal_limit=40)",
    "gonzago",
    "gonzago(deck=french,deal=chance)",
    "gonzago(mode=points)",
    "gonzago(mode=best_of_three)",
    "zucche(rounds=4)",
    "zucche(players=8,rounds=2)",
    "camicia",
    "camicia(preset=bmn,deal=chance)",
]


@pytest.fixture(params=SPECS)
def spec(request):
    return request.param


def play_random(state, rng: random.Random, limit=None):
    """Plays random legal actions (chance outcomes by their probabilities)
    to the end, or `limit` actions; returns the actions played."""
    played = []
    while not state.is_terminal() and (limit is None or len(played) < limit):
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            a = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            a = rng.choice(state.legal_actions())
        state.apply_action(a)
        played.append(a)
    return played


def short(spec: str) -> bool:
    """Whether a whole random game of the description is quick to play."""
    return carte.load_game(spec).max_game_length() < 10**6
