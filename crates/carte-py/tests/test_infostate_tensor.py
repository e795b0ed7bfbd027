"""Information-state tensors (issue 24): a single hand of Gonzago,
Camicia and Zucche e Fantasmi (up to 2^20 entries) have one, of fixed size, that holds the seat's perfect recall;
every other configuration says it has none. Checked for every way a state is made:
new, apply, clone, pickle, serialize, resample (``carte.openspiel``'s
resampler included)."""

import copy
import pickle

import numpy as np
import pytest

import carte

HANDS = ["gonzago", "gonzago(deal=chance)", "gonzago(deck=french)"]
# Camicia: 31 + 22n entries for a deck of n cards.
CAMICIA = {"camicia": 911, "camicia(deal=chance)": 911, "camicia(preset=bmn)": 1175, "camicia(preset=bmn,deal=chance)": 1175}
# Zucche e Fantasmi: 2 * 142 entries a board, then a slot of boards + 139
# entries a turn (rounds * boards turns).
ZUCCHE = {"zucche(rounds=12)": 2 * 2 * 142 + 12 * 2 * 141, "zucche(players=8,rounds=4)": 2 * 4 * 142 + 4 * 4 * 143}
SIZES = {**{h: 5425 for h in HANDS}, **CAMICIA, **ZUCCHE}
NONE = ["zama", "zama(players=4)", "gonzago(mode=points)", "gonzago(mode=best_of_three)", "zucche(rounds=3717)"]
# Plies played of a Camicia deal (some last thousands).
PLIES = 300


def _tensor(state, p):
    t = state.information_state_tensor(p)
    out = np.full(t.shape, np.nan, np.float32)
    state.write_information_state_tensor(p, out)
    assert np.array_equal(t, out), "the new array and the written buffer differ"
    return t


def _check_range(t, spec="gonzago"):
    assert t.dtype == np.float32
    if spec.startswith(("camicia", "zucche")):
        # Whole numbers: 0 or 1 but the views' counts (the cards turned,
        # checkers in hand, rounds played).
        assert np.all((t >= 0) & (t == np.round(t)))
        return
    # Entries past the observation view are 0 or 1; the view's counts are
    # whole numbers in 0..40.
    assert np.all((t[140:] == 0) | (t[140:] == 1))
    assert np.all((t[:140] >= 0) & (t[:140] <= 40) & (t[:140] == np.round(t[:140])))


@pytest.mark.parametrize("spec", SIZES)
def test_shape_size_and_range(spec):
    g = carte.load_game(spec)
    assert g.provides_information_state_tensor()
    size = SIZES[spec]
    assert g.information_state_tensor_shape() == [size] and g.information_state_tensor_size() == size
    state = g.new_initial_state(5)
    rng = np.random.RandomState(1)
    for _ in range(PLIES):
        if state.is_terminal():
            break
        for p in range(2):
            t = _tensor(state, p)
            assert t.shape == (g.information_state_tensor_size(),)
            _check_range(t, spec)
        state.apply_action(int(rng.choice(state.legal_actions())))


@pytest.mark.parametrize("spec", NONE)
def test_the_other_configurations_have_none(spec):
    g = carte.load_game(spec)
    assert not g.provides_information_state_tensor()
    for f in (g.information_state_tensor_shape, g.information_state_tensor_size):
        with pytest.raises(ValueError, match="no information-state tensor"):
            f()
    state = g.new_initial_state(1)
    with pytest.raises(ValueError, match="no information-state tensor"):
        state.information_state_tensor(0)
    out = np.full(10, 7.0, np.float32)
    with pytest.raises(ValueError, match="no information-state tensor"):
        state.write_information_state_tensor(0, out)
    assert np.all(out == 7.0)


def test_bad_buffers_and_players_are_refused_and_left_alone():
    state = carte.load_game("gonzago").new_initial_state(2)
    for bad, error in [(np.zeros(5425), TypeError), (np.zeros(5424, np.float32), ValueError)]:
        with pytest.raises(error, match=r"float32 array of shape \(5425,\)"):
            state.write_information_state_tensor(0, bad)
    out = np.full(5425, 7.0, np.float32)
    with pytest.raises(ValueError):
        state.write_information_state_tensor(2, out)
    assert np.all(out == 7.0)


def _made(state, rng):
    """The same state made every other way, with the seat it keeps: a
    clone, a copy, a pickle, a serialization, and a resample for each seat
    (then pickled too)."""
    made = [
        (state.clone(), None),
        (copy.deepcopy(state), None),
        (pickle.loads(pickle.dumps(state)), None),
        (carte.deserialize_state(state.serialize()), None),
    ]
    for p in range(2):
        sample = state.resample_from_infostate(p, int(rng.randint(1 << 30)))
        made += [(sample, p), (pickle.loads(pickle.dumps(sample)), p)]
    return made


@pytest.mark.parametrize("spec", SIZES)
def test_perfect_recall_over_every_way_a_state_is_made(spec):
    """Two states give a seat equal tensors exactly when they give it
    equal information-state strings, for states played, cloned, pickled,
    serialized and resampled (the tensor is the seat's alone, so a sample
    for a seat gives that seat the tensor of the state it was drawn
    from)."""
    g = carte.load_game(spec)
    rng = np.random.RandomState(24)
    by_string, by_tensor = {}, {}
    shared = samples = 0

    def add(state):
        nonlocal shared
        for p in range(2):
            s, t = state.information_state_string(p), _tensor(state, p).tobytes()
            shared += (p, s) in by_string
            assert by_string.setdefault((p, s), t) == t, f"one string, two tensors for {p}:\n{s}"
            assert by_tensor.setdefault((p, t), s) == s, f"one tensor, two strings for {p}"

    for seed in range(6):
        state = g.new_initial_state(seed)
        ply = 0
        while not state.is_terminal() and ply < PLIES:
            add(state)
            if ply % 9 == 4:
                for other, seat in _made(state, rng):
                    add(other)
                    for p in range(2) if seat is None else [seat]:
                        assert np.array_equal(_tensor(other, p), _tensor(state, p))
                        samples += seat is not None
            state.apply_action(int(rng.choice(state.legal_actions())))
            ply += 1
        add(state)
    assert shared > 100 and samples > 50


def test_hidden_cards_never_show():
    """G12, G15: with the seat's information fixed (a resample for it),
    varying the opponent's cards and the stock changes nothing of its
    tensor, while the opponent's own tensor follows its cards."""
    g = carte.load_game("gonzago")
    state = g.new_initial_state(11)
    rng = np.random.RandomState(3)
    for _ in range(9):
        state.apply_action(int(rng.choice(state.legal_actions())))
    for p in range(2):
        mine = _tensor(state, p)
        samples = [state.resample_from_infostate(p, seed) for seed in range(12)]
        hidden = {s.to_json() for s in samples}
        assert len(hidden) > 5, "the samples must vary what the seat cannot see"
        theirs = {_tensor(s, 1 - p).tobytes() for s in samples}
        assert len(theirs) > 5, "the opponent's tensor shows its own cards"
        for s in samples:
            assert np.array_equal(_tensor(s, p), mine)


def test_the_seats_own_draws_show_in_order():
    """G12: the seat sees the card it draws, the opponent only that it
    drew; ply slots name who moved and what."""
    g = carte.load_game("gonzago")
    state = g.new_initial_state(4)
    leader = state.current_player()
    state.apply_action(state.legal_actions()[0])
    draw = state.string_to_action("draw")
    drawer = state.current_player()
    before = state.observation_tensor(drawer)[:40]
    state.apply_action(draw)
    drawn = int(np.flatnonzero(state.observation_tensor(drawer)[:40] - before)[0])
    slot = 340 + 45
    mine, theirs = _tensor(state, drawer), _tensor(state, leader)
    assert list(mine[340:345]) == [0, 1, 1, 0, 0]
    assert list(mine[slot : slot + 5]) == [1, 0, 0, 1, 0] and mine[slot + 5 + drawn] == 1
    assert list(theirs[slot : slot + 5]) == [0, 1, 0, 1, 0] and theirs[slot + 5 : slot + 45].sum() == 0


def test_openspiel_information_state_tensor():
    pyspiel = pytest.importorskip("pyspiel")
    import carte.openspiel

    carte.openspiel.register()
    game = pyspiel.load_game("carte_gonzago")
    assert game.get_type().provides_information_state_tensor
    assert game.information_state_tensor_shape() == [5425] and game.information_state_tensor_size() == 5425
    assert pyspiel.load_game("carte_camicia").get_type().provides_information_state_tensor
    assert pyspiel.load_game("carte_camicia(preset=bmn)").information_state_tensor_shape() == [1175]
    zucche = pyspiel.load_game("carte_zucche(rounds=3)")
    assert zucche.get_type().provides_information_state_tensor
    assert zucche.information_state_tensor_shape() == [2 * 2 * 142 + 3 * 2 * 141]
    for name in ["carte_gonzago(mode=points)", "carte_zama", "carte_zucche(rounds=3717)"]:
        assert not pyspiel.load_game(name).get_type().provides_information_state_tensor, name
    # The registration covers every configuration: Gonzago's matches and
    # Zucche e Fantasmi's longest games have none.
    types = {t.short_name: t for t in pyspiel.registered_games()}
    assert not types["carte_gonzago"].provides_information_state_tensor
    assert not types["carte_zucche"].provides_information_state_tensor
    rng = np.random.RandomState(7)
    bot = carte.openspiel.resampler(np.random.RandomState(5))
    state = game.new_initial_state()
    while not state.is_terminal():
        for p in range(2):
            t = np.array(state.information_state_tensor(p), np.float32)
            if state.inner is not None:
                assert np.array_equal(t, state.inner.information_state_tensor(p))
            if not state.is_chance_node():
                sample = bot(state, p)
                assert np.array_equal(np.array(sample.information_state_tensor(p), np.float32), t)
                back = game.deserialize_state(sample.serialize())
                assert np.array_equal(np.array(back.information_state_tensor(p), np.float32), t)
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    # A seeded hand starts at the node drawing its seed: nothing seen yet.
    seeded = pyspiel.load_game("carte_gonzago(deal=seeded)").new_initial_state()
    assert np.all(np.array(seeded.information_state_tensor(0)) == 0)


def test_camicia_shows_each_hand_in_the_order_turned():
    """C-rules of turning: both hands are face down, so each seat sees the
    kind of every card turned, the opponent's as its own; the cards turned
    from the top of each dealt hand fill its positions in order."""
    g = carte.load_game("camicia")
    hands = 2 * 214 + 3
    for seed in range(20):
        state = g.new_initial_state(seed)
        movers = []
        for _ in range(6):
            movers.append(state.current_player())
            state.apply_action(0)
        view = state.observation_tensor(0)
        if view[10] == 0:
            break  # no trick yet: the pile holds the six cards in order
    else:
        raise AssertionError("some seed must turn six cards without a trick")
    kinds = [int(np.argmax(view[14 + 5 * i : 19 + 5 * i])) for i in range(6)]
    for p in range(2):
        t = _tensor(state, p)
        assert t[2 * 214 + 2] == 6, "cards turned"
        seen = [0, 0]
        for mover, kind in zip(movers, kinds):
            q = 0 if mover == p else 1
            at = hands + 6 * (40 * q + seen[mover])
            assert list(t[at : at + 6]) == [1 if e == 1 + kind else 0 for e in range(6)]
            seen[mover] += 1
        for q in range(2):
            mover = p if q == 0 else 1 - p
            at = hands + 6 * (40 * q + seen[mover])
            assert t[at] == 1, "the next card down is not turned yet"
