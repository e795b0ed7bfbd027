"""carte.Game and carte.State: every method on every game, errors,
determinism, copies and pickling."""

import copy
import pickle
import random

import numpy as np
import pytest

import carte
from conftest import SPECS, play_random


def test_registered_names_and_parameters():
    assert carte.registered_names() == ["zama", "gonzago", "zucche", "camicia"]
    params = carte.game_parameters()
    assert set(params) == set(carte.registered_names())
    assert params["gonzago"]["parameters"]["mode"]["default"] == "single"


def test_load_game_reads_parameters():
    g = carte.load_game("gonzago(mode=points)")
    assert g.spec == "gonzago(deck=italian,mode=points,deal=seeded)"
    assert g.name == "gonzago"
    assert dict(g.parameters())["mode"] == "points"
    assert g.observation_tensor_shape() == [148]
    assert carte.Game("gonzago(mode=points)") == g


@pytest.mark.parametrize(
    "bad, named",
    [
        ("poker", "poker"),
        ("gonzago(mode=pointz)", "pointz"),
        ("zama(colour=red)", "colour"),
        ("zucche(players=6)", "6 players"),
        ("zama(players=2", "')'"),
        ("gonzago(mode=points,deal=chance)", "deal=chance"),
    ],
)
def test_bad_descriptions_raise_naming_them(bad, named):
    with pytest.raises(ValueError, match=None) as err:
        carte.load_game(bad)
    assert named in str(err.value)


def test_every_method_on_every_game(spec):
    game = carte.load_game(spec)
    state = game.new_initial_state(seed=11)
    rng = random.Random(5)
    n = game.num_players()
    size = game.observation_tensor_size()
    assert size == int(np.prod(game.observation_tensor_shape()))
    plies = 0
    while not state.is_terminal() and plies < 400:
        p = state.current_player()
        legal = state.legal_actions()
        mask = state.legal_actions_mask()
        assert mask.dtype == np.bool_
        assert list(np.flatnonzero(mask)) == legal
        if state.is_chance_node():
            assert p == carte.CHANCE
            outcomes = state.chance_outcomes()
            assert [o for o, _ in outcomes] == legal
            assert abs(sum(q for _, q in outcomes) - 1.0) < 1e-9
            assert len(mask) == game.max_chance_outcomes()
        else:
            assert 0 <= p < n
            assert state.is_player_node()
            assert state.chance_outcomes() == []
            assert len(mask) == game.num_distinct_actions()
            for other in range(n):
                if other != p:
                    assert state.legal_actions(other) == []
                    assert not state.legal_actions_mask(other).any()
            for q in range(n):
                t = state.observation_tensor(q)
                assert t.dtype == np.float32 and t.shape == (size,)
                buf = np.full(size, 7.0, np.float32)
                state.write_observation_tensor(q, buf)
                assert np.array_equal(buf, t)
                assert isinstance(state.observation_string(q), str)
                assert isinstance(state.information_state_string(q), str)
            assert state.observation_string() == state.observation_string(p)
        a = legal[0] if state.is_chance_node() else rng.choice(legal)
        text = state.action_to_string(a)
        assert state.action_to_string(p, a) == text
        assert state.string_to_action(text) == a
        assert state.returns() == [0.0] * n
        state.apply_action(a)
        plies += 1
    assert state.history() == state.history()[:plies]
    assert len(state.history()) == plies
    if state.is_terminal():
        assert state.current_player() == carte.TERMINAL
        assert state.legal_actions() == []
        assert len(state.returns()) == n


def test_whole_random_games_end_with_zero_sum_returns():
    for spec in ["gonzago", "gonzago(mode=points)", "zucche(rounds=4)", "camicia", "zama(no_removal_limit=40)"]:
        for seed in range(3):
            state = carte.load_game(spec).new_initial_state(seed)
            play_random(state, random.Random(seed))
            assert state.is_terminal()
            r = state.returns()
            assert abs(sum(r)) < 1e-9 and max(r) <= 1.0 and min(r) >= -1.0


def test_default_seed_is_deterministic_and_documented(spec):
    game = carte.load_game(spec)
    assert carte.DEFAULT_SEED == 0
    assert game.new_initial_state().serialize() == game.new_initial_state(seed=0).serialize()
    a, b = game.new_initial_state(), game.new_initial_state(carte.DEFAULT_SEED)
    assert a.observation_string(0) == b.observation_string(0) if a.is_player_node() else True


def test_same_seed_and_actions_give_the_same_states(spec):
    game = carte.load_game(spec)
    a = game.new_initial_state(seed=99)
    played = play_random(a, random.Random(1), limit=150)
    b = game.new_initial_state(seed=99)
    for x in played:
        b.apply_action(x)
    assert a.to_json() == b.to_json()
    for p in range(game.num_players()):
        assert a.information_state_string(p) == b.information_state_string(p)
        assert np.array_equal(a.observation_tensor(p), b.observation_tensor(p))


def test_seeds_give_different_deals():
    game = carte.load_game("gonzago")
    views = {game.new_initial_state(s).observation_string(0) for s in range(20)}
    assert len(views) > 15


def test_illegal_action_raises_value_error_and_leaves_the_state():
    state = carte.load_game("gonzago").new_initial_state(seed=7)
    before = state.serialize(), state.to_json()
    illegal = next(a for a in range(152) if a not in state.legal_actions())
    with pytest.raises(ValueError, match="illegal action"):
        state.apply_action(illegal)
    for bad in (-1, 152, 10**6):
        with pytest.raises(ValueError, match="not a move"):
            state.apply_action(bad)
    assert (state.serialize(), state.to_json()) == before
    with pytest.raises(ValueError):
        state.string_to_action("not a move")
    with pytest.raises(ValueError, match="no player 2"):
        state.observation_tensor(2)
    with pytest.raises(ValueError):
        state.information_state_string(-1)


def test_play_loop_methods_read_their_arguments_as_python_methods_do():
    """is_terminal, legal_actions and apply_action are C methods of their
    own (crate::fast): their arguments, errors and signatures."""
    import inspect

    state = carte.load_game("gonzago").new_initial_state(7)
    me = state.current_player()
    legal = state.legal_actions()
    assert state.legal_actions(None) == state.legal_actions(me) == state.legal_actions(player=me) == legal
    assert state.legal_actions(1 - me) == state.legal_actions(player=1 - me) == []
    assert state.legal_actions() is not state.legal_actions()  # a new list each time
    assert state.is_terminal() is False
    assert str(inspect.signature(carte.State.legal_actions)) == "(self, /, player=None)"
    assert str(inspect.signature(carte.State.apply_action)) == "(self, action, /)"
    assert str(inspect.signature(carte.State.is_terminal)) == "(self, /)"
    assert "ValueError" in carte.State.apply_action.__doc__
    with pytest.raises(TypeError, match="argument 'action'"):
        state.apply_action("45")
    with pytest.raises(TypeError, match="argument 'player'"):
        state.legal_actions("0")
    with pytest.raises(TypeError, match="at most 1 argument"):
        state.legal_actions(0, 1)
    with pytest.raises(TypeError, match="unexpected keyword argument 'seat'"):
        state.legal_actions(seat=0)
    with pytest.raises(TypeError):
        state.apply_action()
    with pytest.raises(TypeError):
        state.is_terminal(0)
    with pytest.raises(TypeError):
        carte.State.is_terminal(5)
    with pytest.raises(OverflowError):
        state.apply_action(2**70)
    assert state.history() == [] and state.legal_actions() == legal
    state.apply_action(legal[0])
    assert state.history() == [legal[0]]


@pytest.mark.parametrize("spec", ["zucche", "camicia", "gonzago"])
def test_legal_action_lists_are_new_lists(spec):
    """A run of consecutive actions (a die's six outcomes, a lone action)
    is a slice of a list the game keeps: changing it changes nothing."""
    state = carte.load_game(spec).new_initial_state(3)
    for _ in range(40):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        expected = list(legal)
        legal.append(10**6)
        legal[0] = -1
        again = state.legal_actions()
        assert again == expected and type(again) is list
        if state.is_chance_node():
            assert again == [a for a, _ in state.chance_outcomes()]
        state.apply_action(expected[len(expected) // 2])


def test_bad_serialized_states_raise_naming_them():
    good = carte.load_game("zama").new_initial_state(3)
    text = good.serialize()
    for bad, named in [
        ("", "serialized carte state"),
        ("{}", "game"),
        (text.replace('"zama(', '"tarot('), "tarot"),
        (text.replace('"actions":[]', '"actions":[9999]'), "9999"),
        (text.replace('"seed":3', '"seed":-3'), "serialized carte state"),
    ]:
        with pytest.raises(ValueError) as err:
            carte.deserialize_state(bad)
        assert named in str(err.value), (bad, str(err.value))
    with pytest.raises(ValueError, match="no state of"):
        carte.load_game("gonzago").deserialize_state(text)
    with pytest.raises(ValueError, match="bad zama"):
        carte.load_game("zama").state_from_json('{"cards": 1}')


def test_clone_deepcopy_pickle_and_serialize_are_exact(spec):
    game = carte.load_game(spec)
    state = game.new_initial_state(seed=5)
    play_random(state, random.Random(2), limit=60)
    copies = [
        state.clone(),
        copy.copy(state),
        copy.deepcopy(state),
        pickle.loads(pickle.dumps(state)),
        carte.deserialize_state(state.serialize()),
        game.deserialize_state(state.serialize()),
    ]
    for c in copies:
        assert c.serialize() == state.serialize()
        assert c.to_json() == state.to_json()
        for p in range(game.num_players()):
            assert c.information_state_string(p) == state.information_state_string(p)
    # Copies are independent.
    if not state.is_terminal():
        c = copies[0]
        c.apply_action(c.legal_actions()[0])
        assert c.history() != state.history()
    assert pickle.loads(pickle.dumps(game)) == game


def test_state_from_engine_json_continues_the_game():
    game = carte.load_game("gonzago(mode=points)")
    state = game.new_initial_state(seed=4)
    play_random(state, random.Random(4), limit=30)
    loaded = game.state_from_json(state.to_json())
    assert loaded.to_json() == state.to_json()
    assert loaded.legal_actions() == state.legal_actions()
    assert pickle.loads(pickle.dumps(loaded)).to_json() == state.to_json()


@pytest.mark.parametrize("spec", [s for s in SPECS if not s.startswith("zucche")])
def test_resample_keeps_the_information_state_and_varies_the_rest(spec):
    game = carte.load_game(spec)
    state = game.new_initial_state(seed=8)
    rng = random.Random(3)
    play_random(state, rng, limit=45)
    while state.is_chance_node():
        play_random(state, rng, limit=1)
    if state.is_terminal():
        pytest.skip("the game ended early")
    p = state.current_player()
    info = state.information_state_string(p)
    samples = [state.resample_from_infostate(p, seed) for seed in range(8)]
    for s in samples:
        assert s.information_state_string(p) == info
        assert s.current_player() == p
        assert s.legal_actions() == state.legal_actions()
        # The sample pickles exactly, information state included.
        back = pickle.loads(pickle.dumps(s))
        assert back.information_state_string(p) == info and back.to_json() == s.to_json()
    others = {s.to_json() for s in samples}
    assert len(others) > 1, "resampling varies what the player cannot see"
    assert state.resample_from_infostate(p, 1).to_json() == state.resample_from_infostate(p, 1).to_json()


def test_hidden_cards_stay_hidden_in_observations():
    # Two deals that differ only in B's cards look the same to A at the start.
    state = carte.load_game("gonzago").new_initial_state(seed=21)
    p = state.current_player()
    other = 1 - p
    sample = state.resample_from_infostate(p, 77)
    assert sample.observation_string(p) == state.observation_string(p)
    assert np.array_equal(sample.observation_tensor(p), state.observation_tensor(p))
    assert sample.to_json() != state.to_json()
    assert sample.observation_string(other) != state.observation_string(other)
