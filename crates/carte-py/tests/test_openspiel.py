"""carte.openspiel: the games as pyspiel games, played by OpenSpiel's own
bots and checked by its random simulation test."""

import pickle

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import carte.openspiel  # noqa: E402

NAMES = carte.openspiel.register()


def test_register_registers_every_game_once():
    assert NAMES == ["carte_zama", "carte_gonzago", "carte_zucche", "carte_camicia"]
    assert carte.openspiel.register() == NAMES
    registered = pyspiel.registered_names()
    for n in NAMES:
        assert n in registered


@pytest.mark.parametrize(
    "name",
    [
        "carte_gonzago",
        "carte_gonzago(deck=french)",
        "carte_gonzago(mode=points)",
        "carte_zama(no_removal_limit=30)",
        "carte_zama(players=4,no_removal_limit=20)",
        "carte_zucche(rounds=3)",
        "carte_camicia",
        "carte_camicia(preset=bmn)",
    ],
)
def test_random_simulation_test(name):
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_game_type_and_info():
    g = pyspiel.load_game("carte_gonzago")
    t = g.get_type()
    assert t.short_name == "carte_gonzago"
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert g.num_distinct_actions() == 152 and g.max_chance_outcomes() == 40
    assert g.num_players() == 2 and g.min_utility() == -1.0 and g.max_utility() == 1.0
    assert g.observation_tensor_shape() == [95]
    z = pyspiel.load_game("carte_zucche(players=8,rounds=2)")
    assert z.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert z.num_players() == 8
    with pytest.raises(Exception):
        pyspiel.load_game("carte_gonzago(mode=pointz)")


def test_the_deal_is_made_of_chance_nodes_and_varies():
    game = pyspiel.load_game("carte_gonzago")
    rng = np.random.RandomState(0)
    views = set()
    for _ in range(10):
        state = game.new_initial_state()
        while state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        views.add(state.observation_string(0))
    assert len(views) == 10
    # A configuration dealt from a seed starts at a node drawing the seed.
    m = pyspiel.load_game("carte_gonzago(mode=points)").new_initial_state()
    assert m.is_chance_node() and len(m.chance_outcomes()) == carte.openspiel.SEED_OUTCOMES


def test_observer_tensor_and_strings_match_the_carte_state():
    game = pyspiel.load_game("carte_gonzago")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    state.apply_action(state.legal_actions()[0])
    inner = state.inner
    for p in range(2):
        assert np.array_equal(np.array(state.observation_tensor(p), np.float32), inner.observation_tensor(p))
        assert state.observation_string(p) == inner.observation_string(p)
        assert state.information_state_string(p) == inner.information_state_string(p)
    clone = state.clone()
    assert clone.information_state_string(0) == state.information_state_string(0)
    back = pickle.loads(pickle.dumps(state))
    assert back.history() == state.history()
    assert back.information_state_string(0) == state.information_state_string(0)
    d = game.deserialize_state(state.serialize())
    assert d.information_state_string(1) == state.information_state_string(1)


def _play(game, bots, rng):
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(bots[state.current_player()].step(state)))
    return state.returns()


def test_mcts_plays_zucche_to_the_end():
    game = pyspiel.load_game("carte_zucche(rounds=3)")
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [mcts.MCTSBot(game, 2.0, 8, evaluator, random_state=rng) for _ in range(game.num_players())]
    for _ in range(3):
        returns = _play(game, bots, rng)
        assert abs(sum(returns)) < 1e-9


@pytest.mark.parametrize(
    "name, games",
    [
        ("carte_gonzago", 3),
        ("carte_gonzago(mode=points)", 1),
        ("carte_zama(no_removal_limit=12)", 2),
        ("carte_camicia(preset=bmn)", 3),
    ],
)
def test_ismcts_with_the_resampler_plays_hidden_information_games_to_the_end(name, games):
    game = pyspiel.load_game(name)
    rng = np.random.RandomState(2)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = []
    for _ in range(game.num_players()):
        bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=6, random_state=rng)
        bot.set_resampler(carte.openspiel.resampler)
        bots.append(bot)
    for _ in range(games):
        returns = _play(game, bots, rng)
        assert abs(sum(returns)) < 1e-9 and max(returns) <= 1.0


def test_ismcts_default_resampling_uses_the_state_method():
    game = pyspiel.load_game("carte_gonzago")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[-1])
    p = state.current_player()
    sampled = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert sampled.information_state_string(p) == state.information_state_string(p)
    assert sampled.legal_actions() == state.legal_actions()
