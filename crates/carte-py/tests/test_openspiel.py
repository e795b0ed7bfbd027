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
    assert g.observation_tensor_shape() == [140]
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


#: Every game with hidden information, in short configurations.
HIDDEN = [
    ("carte_gonzago", 2),
    ("carte_gonzago(deck=french)", 1),
    ("carte_gonzago(mode=points)", 1),
    ("carte_zama(no_removal_limit=12)", 1),
    ("carte_zama(players=4,no_removal_limit=2)", 1),
    ("carte_camicia", 1),
    ("carte_camicia(preset=bmn)", 1),
]


def _ismcts_bots(game, seed, simulations=6):
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = []
    for _ in range(game.num_players()):
        bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=simulations, random_state=rng)
        bot.set_resampler(carte.openspiel.resampler(bot))
        bots.append(bot)
    return bots, rng


@pytest.mark.parametrize("name, games", HIDDEN)
def test_ismcts_with_the_resampler_plays_hidden_information_games_to_the_end(name, games):
    game = pyspiel.load_game(name)
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    bots, rng = _ismcts_bots(game, 2)
    for _ in range(games):
        returns = _play(game, bots, rng)
        assert max(returns) <= 1.0 and min(returns) >= -1.0
        if game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM:
            assert abs(sum(returns)) < 1e-9


def _moves(game, seed, plies):
    bots, rng = _ismcts_bots(game, seed, simulations=10)
    state = game.new_initial_state()
    moves = []
    while not state.is_terminal() and len(moves) < plies:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            a = int(rng.choice(actions, p=probs))
        else:
            a = int(bots[state.current_player()].step(state))
            moves.append(a)
        state.apply_action(a)
    return moves


def test_ismcts_with_the_resampler_is_reproducible():
    game = pyspiel.load_game("carte_gonzago")
    np.random.seed(0)
    first = _moves(game, 123, 12)
    np.random.seed(1)  # numpy's global generator plays no part
    assert _moves(game, 123, 12) == first
    assert any(_moves(game, s, 12) != first for s in (124, 125, 126))


def test_the_resampler_takes_a_seed_a_generator_or_a_bot_not_a_state():
    game = pyspiel.load_game("carte_gonzago")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    p = state.current_player()
    draw = lambda source: carte.openspiel.resampler(source)(state, p).inner.to_json()  # noqa: E731
    assert draw(7) == draw(7) == draw(np.random.RandomState(7))
    assert draw(np.random.default_rng(3)) == draw(np.random.default_rng(3))
    with pytest.raises(TypeError, match=r"resampler\(bot\)"):
        carte.openspiel.resampler(state, p)
    with pytest.raises(TypeError):
        carte.openspiel.resampler("seed")


def test_a_resampled_state_keeps_history_and_move_number():
    for name in ("carte_gonzago", "carte_gonzago(mode=points)", "carte_zama(no_removal_limit=12)"):
        game = pyspiel.load_game(name)
        state = game.new_initial_state()
        rng = np.random.RandomState(0)
        while state.move_number() < 42 or state.is_chance_node():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(int(rng.choice(actions, p=probs)))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        p = state.current_player()
        sample = carte.openspiel.resampler(1)(state, p)
        n = state.move_number()
        assert n >= 42 and len(state.history()) == n
        assert sample.move_number() == n and sample.history() == state.history()
        assert sample.information_state_string(p) == state.information_state_string(p)
        a = sample.legal_actions()[0]
        sample.apply_action(a)
        assert sample.history() == state.history() + [a] and sample.move_number() == n + 1


@pytest.mark.parametrize(
    "name, spec",
    [
        ("carte_zama", "zama(players=2,no_removal_limit=200,deal=chance)"),
        ("carte_zama(players=4)", "zama(players=4,no_removal_limit=200,deal=chance)"),
        ("carte_zama(deal=seeded)", "zama(players=2,no_removal_limit=200,deal=seeded)"),
        ("carte_gonzago", "gonzago(deck=italian,mode=single,deal=chance)"),
        ("carte_gonzago(mode=points)", "gonzago(deck=italian,mode=points,deal=seeded)"),
        ("carte_gonzago(mode=best_of_three,deck=french)", "gonzago(deck=french,mode=best_of_three,deal=seeded)"),
        ("carte_zucche(players=8,rounds=2)", "zucche(players=8,rounds=2)"),
        ("carte_camicia", "camicia(preset=camicia,end_rule=standard,draw_on_repeat=true,deal=chance)"),
        (
            "carte_camicia(preset=bmn,deal=seeded)",
            "camicia(preset=bmn,end_rule=standard,draw_on_repeat=true,deal=seeded)",
        ),
    ],
)
def test_game_type_and_parameters_are_those_of_the_configuration(name, spec):
    game = pyspiel.load_game(name)
    g = carte.load_game(spec)
    assert game.carte_game == g
    t = game.get_type()
    assert t.short_name == name.split("(")[0]
    Utility, Information = pyspiel.GameType.Utility, pyspiel.GameType.Information
    assert t.utility == (Utility.ZERO_SUM if g.is_zero_sum() else Utility.GENERAL_SUM)
    assert t.information == (
        Information.PERFECT_INFORMATION if g.is_perfect_information() else Information.IMPERFECT_INFORMATION
    )
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert t.min_num_players <= game.num_players() <= t.max_num_players
    assert t.provides_information_state_string and t.provides_observation_string and t.provides_observation_tensor
    # A tensor exactly where a fixed size holds perfect recall: a single
    # hand of Gonzago, Camicia (31 + 22 entries a card), Zucche e Fantasmi
    # (2 * 142 entries a board, then a slot of boards + 139 a turn).
    hand = spec.startswith("gonzago(") and "mode=single" in spec
    camicia = spec.startswith("camicia")
    zucche = spec.startswith("zucche")
    assert t.provides_information_state_tensor == (hand or camicia or zucche) == g.provides_information_state_tensor()
    if hand or camicia or zucche:
        size = 5425 if hand else 4 * (2 * 142 + 2 * 143) if zucche else 1175 if "bmn" in spec else 911
        assert game.information_state_tensor_shape() == g.information_state_tensor_shape() == [size]
        assert game.information_state_tensor_size() == size
    params = game.get_parameters()
    assert {k: str(v).lower() for k, v in params.items()} == g.parameters()
    # The parameters rebuild the game.
    assert pyspiel.load_game(t.short_name, params).carte_game == g
    assert game.num_players() == g.num_players()
    assert game.min_utility() == g.min_utility() and game.max_utility() == g.max_utility()
    if g.is_zero_sum():
        assert game.utility_sum() == 0.0


def test_two_player_zama_is_zero_sum_and_four_player_zama_is_not():
    assert pyspiel.load_game("carte_zama").get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    four = pyspiel.load_game("carte_zama(players=4)").get_type()
    assert four.utility == pyspiel.GameType.Utility.GENERAL_SUM


def test_pyspiel_refuses_the_descriptions_carte_refuses():
    for bad in ["carte_gonzago(mode=points,deal=chance)", "carte_gonzago(mode=best_of_three,deal=chance)"]:
        spec = bad[len("carte_") :]
        with pytest.raises(ValueError) as mine:
            carte.load_game(spec)
        with pytest.raises(Exception) as theirs:
            pyspiel.load_game(bad)
        assert str(mine.value) in str(theirs.value)
    with pytest.raises(Exception, match="pointz"):
        pyspiel.load_game("carte_gonzago(mode=pointz)")


def test_ismcts_default_resampling_uses_the_state_method():
    game = pyspiel.load_game("carte_gonzago")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[-1])
    p = state.current_player()
    sampled = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert sampled.information_state_string(p) == state.information_state_string(p)
    assert sampled.legal_actions() == state.legal_actions()
