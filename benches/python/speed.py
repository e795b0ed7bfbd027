"""Steps per second: a Python loop of random legal actions through carte and
through pyspiel (OpenSpiel's own C++ card games), and carte.VectorGame.

    python benches/python/speed.py              # every figure
    python benches/python/speed.py --quick      # shorter runs (CI smoke test)
    python benches/python/speed.py --only calls # the loop's cost, call by call
    python benches/python/speed.py --only infostate # information-state strings

The loop is the same code for every game: at each node (chance included)
a uniformly random legal action, `state.apply_action(a)`, a new game when
one ends. VectorGame is timed stepping all its games by actions drawn in
Rust (`sample_actions`), with and without that draw, beside the Python loop
that gives a learner the same (a random legal action, then the tensor of
the seat to act written into a buffer and its legal-action mask); the
ratio is the vector's step with its draw over that loop. Everything runs on
one core (the process is pinned to one CPU where the system allows it, and
numpy's BLAS pool is kept to one thread), and
rates are per second of the thread's CPU time (`time.thread_time`), so that
other processes on a busy machine do not change them; `--wall` uses wall
time instead.

`--only calls` splits the loop's time per step: recorded random games are
replayed calling `apply_action` alone, then with `legal_actions()`, then
with `is_terminal()` too (each difference is one call, its result's
destruction included), beside the whole loop (the rest is `choice` and the
loop itself), and a loop of `list.copy()` of a list as long as the average
`legal_actions()`: about the least a call returning a new list of that many
ints costs.

`--only infostate` times `information_state_string` of the player to act
at every node of the random-action loop (what tabular CFR and ISMCTS keys
do): the loop with and without the call, the call's cost per node (the
difference), and at ply 200 of four-player Zama the string's length and
the cost of the call at a child of a node whose string was taken (a clone
and one action, less the same without the call). Figures of one run
(`--only infostate --seconds 2`, a shared machine, load about 14 on 2
cores; thread CPU time):

                                 steps/s    with it  µs a call
    carte zama(players=4)         634958     112336       7.33
    carte zama                    872744     329021       1.89
    carte gonzago                1754399     442494       1.69
    carte gonzago(mode=points)   1836360     361350       2.22
    carte zucche                 1671785     347552       2.28
    carte camicia                2140801     463898       1.69
    zama(players=4) at ply 200: 2644 characters, 6.9 µs a call at a new node

(carte 0.1 rebuilt the string by replaying the game: at ply 200 of
four-player Zama 195,071 characters and about 3 ms a call.)

It then times `write_information_state_tensor` of the player to act into
one buffer at every node, where a configuration has the tensor (a single
hand of Gonzago, Camicia, Zucche e Fantasmi; another run, load about 13,
pinned to one core; Camicia's row from a later run, load 8.6; Zucche's
from a run on 3 December, load 5 to 8):

                                 steps/s    with it  µs a call
    carte gonzago                2184013     480024       1.63
    carte gonzago(deal=chance)   1717994     476254       1.52
    carte camicia                2303083     207959       4.37
    carte zucche                 1016377      93102       9.76

(per step: with a chance deal, its 41 chance nodes ask for no tensor.)
"""

from __future__ import annotations

import argparse
import os
import random
import time

# One core means one thread: numpy's BLAS thread pool (unused here) would
# otherwise start threads that take turns on the cores with the timed one.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import numpy as np  # noqa: E402 (after the thread settings)

import carte


CLOCK = time.thread_time


def python_loop(new_state, seconds: float, seed: int = 0) -> tuple[float, int]:
    """Steps per second of the random-action loop over `seconds`."""
    rng = random.Random(seed)
    choice = rng.choice
    steps = 0
    games = 0
    start = CLOCK()
    deadline = start + seconds
    while True:
        state = new_state(games)
        games += 1
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
            steps += 1
        if CLOCK() > deadline:
            break
    return steps / (CLOCK() - start), games


def vector_rate(name: str, n: int, seconds: float, sample_in_loop: bool) -> float:
    v = carte.VectorGame(name, n, seed=1)
    actions = v.sample_actions()
    steps = 0
    start = CLOCK()
    deadline = start + seconds
    elapsed = 0.0
    while True:
        if sample_in_loop:
            actions = v.sample_actions()
            t0 = CLOCK()
        else:
            # Without the draw in the timing: step, then draw untimed.
            t0 = CLOCK()
        v.step(actions)
        t1 = CLOCK()
        if not sample_in_loop:
            elapsed += t1 - t0
            actions = v.sample_actions()
        steps += n
        if t1 > deadline:
            break
    total = elapsed if not sample_in_loop else CLOCK() - start
    return steps / total


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=5.0, help="time per figure (default 5)")
    ap.add_argument("--quick", action="store_true", help="0.5 s per figure")
    ap.add_argument("--only", choices=["loop", "vector", "calls", "infostate"], help="one part only")
    ap.add_argument("--wall", action="store_true", help="rates per second of wall time")
    ap.add_argument("--envs", type=int, default=256, help="games in the VectorGame (default 256: they stay in cache)")
    args = ap.parse_args()
    seconds = 0.5 if args.quick else args.seconds
    if args.wall:
        global CLOCK
        CLOCK = time.perf_counter
    if hasattr(os, "sched_setaffinity"):
        try:
            os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
        except OSError:
            pass

    if args.only in (None, "loop"):
        loops(seconds)
    if args.only in (None, "vector"):
        vectors(seconds, args.envs)
    if args.only == "calls":
        calls(seconds)
    if args.only in (None, "infostate"):
        infostates(seconds)


def loops(seconds: float) -> None:
    rows = []
    for spec in ["gonzago", "zama", "camicia", "zucche", "gonzago(mode=points)"]:
        game = carte.load_game(spec)
        rate, games = python_loop(lambda i, g=game: g.new_initial_state(i), seconds)
        rows.append((f"carte {spec}", rate, games))
    try:
        import pyspiel
    except ImportError:
        pyspiel = None
    if pyspiel is not None:
        for name in ["hearts", "gin_rummy", "leduc_poker"]:
            game = pyspiel.load_game(name)
            rate, games = python_loop(lambda i, g=game: g.new_initial_state(), seconds)
            rows.append((f"pyspiel {name} (C++)", rate, games))
    print(f"Python loop of random legal actions, {seconds:g} s each:")
    for label, rate, games in rows:
        print(f"  {label:32s} {rate:12,.0f} steps/s  ({games} games)")
    if pyspiel is not None:
        spiel = {label: rate for label, rate, _ in rows if label.startswith("pyspiel") and "poker" not in label}
        print("  carte / pyspiel: " + ", ".join(label.split()[1] for label in spiel))
        for label, rate, _ in rows:
            if label.startswith("carte"):
                ratios = "  ".join(f"{rate / r:6.1f}x" for r in spiel.values())
                print(f"    {label:30s} {ratios}")


def tensor_loop(game, seconds: float, seed: int = 0) -> float:
    """Steps per second of the Python loop that gives a learner what a
    VectorGame step gives: a random legal action, then (at a seat) the
    observation tensor of the seat to act, written into one buffer, and
    its legal-action mask; chance nodes are played inside, uncounted, as
    the vector plays them."""
    rng = random.Random(seed)
    choice, choices = rng.choice, rng.choices
    buf = np.zeros(game.observation_tensor_size(), np.float32)
    steps = games = 0
    start = CLOCK()
    deadline = start + seconds
    while CLOCK() < deadline:
        state = game.new_initial_state(games)
        games += 1
        while state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
            steps += 1
            while state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            if not state.is_terminal():
                state.write_observation_tensor(state.current_player(), buf)
                state.legal_actions_mask()
    return steps / (CLOCK() - start)


#: The games of the VectorGame table.
VECTOR_SPECS = ["gonzago", "gonzago(mode=points)", "camicia", "zucche", "zama", "zama(players=4)"]


def vectors(seconds: float, envs: int) -> None:
    print(f"VectorGame, {envs} games, one thread, against the Python loop with tensors and masks:")
    print(f"  {'':24s} {'step':>14s} {'step + sample':>14s} {'Python loop':>12s} {'ratio':>6s}  (steps/s)")
    for spec in VECTOR_SPECS:
        step_only = vector_rate(spec, envs, seconds, sample_in_loop=False)
        with_draw = vector_rate(spec, envs, seconds, sample_in_loop=True)
        loop = tensor_loop(carte.load_game(spec), seconds)
        print(f"  {spec:24s} {step_only:14,.0f} {with_draw:14,.0f} {loop:12,.0f} {with_draw / loop:5.1f}x")


def call_costs(new_state, seconds: float) -> dict[str, float]:
    """Nanoseconds a step of each call of the loop (see the module docs)."""
    rng = random.Random(0)
    records = []
    steps = 0
    legal_len = 0
    start = CLOCK()
    while CLOCK() - start < seconds / 10 or len(records) < 2:
        state = new_state(len(records))
        record = []
        while not state.is_terminal():
            legal = state.legal_actions()
            legal_len += len(legal)
            a = rng.choice(legal)
            record.append(a)
            state.apply_action(a)
        records.append(record)
        steps += len(record)

    def base():
        for i, r in enumerate(records):
            s = new_state(i)
            for a in r:
                pass

    def apply():
        for i, r in enumerate(records):
            s = new_state(i)
            for a in r:
                s.apply_action(a)

    def legal():
        for i, r in enumerate(records):
            s = new_state(i)
            for a in r:
                s.legal_actions()
                s.apply_action(a)

    def terminal():
        for i, r in enumerate(records):
            s = new_state(i)
            for a in r:
                s.is_terminal()
                s.legal_actions()
                s.apply_action(a)

    def loop():
        choice = random.Random(0).choice
        for i in range(len(records)):
            s = new_state(i)
            while not s.is_terminal():
                s.apply_action(choice(s.legal_actions()))

    sample = list(range(max(1, round(legal_len / steps))))

    def copy():
        for _ in range(steps):
            sample.copy()

    best = {}
    for _ in range(3):
        for f in (base, apply, legal, terminal, loop, copy):
            t = CLOCK()
            f()
            best[f.__name__] = min(best.get(f.__name__, 1e9), (CLOCK() - t) / steps * 1e9)
    return {
        "legal_len": legal_len / steps,
        "apply_action": best["apply"] - best["base"],
        "legal_actions": best["legal"] - best["apply"],
        "is_terminal": best["terminal"] - best["legal"],
        "loop": best["loop"],
        "rest": best["loop"] - (best["terminal"] - best["base"]),
        "list_copy": best["copy"],
    }


def calls(seconds: float) -> None:
    rows = []
    for spec in ["gonzago", "zama", "camicia", "zucche"]:
        game = carte.load_game(spec)
        rows.append((f"carte {spec}", call_costs(lambda i, g=game: g.new_initial_state(i), seconds)))
    try:
        import pyspiel
    except ImportError:
        pyspiel = None
    if pyspiel is not None:
        for name in ["hearts"]:
            game = pyspiel.load_game(name)
            rows.append((f"pyspiel {name}", call_costs(lambda i, g=game: g.new_initial_state(), seconds)))
    print("ns a step of the random-action loop, call by call (rest: choice and the loop):")
    print(f"  {'':20s} {'legal':>6s} {'is_terminal':>12s} {'legal_actions':>14s} {'apply_action':>13s} {'rest':>6s} {'loop':>7s}  {'list.copy()':>11s}")
    for label, c in rows:
        print(
            f"  {label:20s} {c['legal_len']:6.1f} {c['is_terminal']:12.1f} {c['legal_actions']:14.1f}"
            f" {c['apply_action']:13.1f} {c['rest']:6.1f} {c['loop']:7.1f}  {c['list_copy']:11.1f}"
        )


def infostate_loop(game, seconds: float, ask: bool, seed: int = 0) -> float:
    """Steps per second of the random-action loop, taking the information
    state of the player to act at every decision node when `ask`."""
    rng = random.Random(seed)
    choice = rng.choice
    steps = games = 0
    start = CLOCK()
    deadline = start + seconds
    while True:
        state = game.new_initial_state(games)
        games += 1
        while not state.is_terminal():
            if ask and not state.is_chance_node():
                state.information_state_string(state.current_player())
            state.apply_action(choice(state.legal_actions()))
            steps += 1
        if CLOCK() > deadline:
            break
    return steps / (CLOCK() - start)


def infostate_at_ply(spec: str, plies: int, seconds: float) -> tuple[int, float]:
    """The string's length at ply `plies` of a seeded random game of
    `spec`, and µs of the call at a child of the node before it."""
    game = carte.load_game(spec)
    rng = random.Random(1)
    state = game.new_initial_state(1)
    for _ in range(plies - 1):
        state.apply_action(rng.choice(state.legal_actions()))
    last = rng.choice(state.legal_actions())
    player = state.current_player()
    state.information_state_string(player)

    def children(ask: bool) -> float:
        n = 0
        start = CLOCK()
        while CLOCK() - start < seconds / 2:
            for _ in range(100):
                child = state.clone()
                child.apply_action(last)
                if ask:
                    child.information_state_string(player)
            n += 100
        return (CLOCK() - start) / n

    child = state.clone()
    child.apply_action(last)
    length = len(child.information_state_string(player))
    return length, (children(True) - children(False)) * 1e6


def infotensor_loop(game, seconds: float, seed: int = 0) -> float:
    """Steps per second of the random-action loop, writing the
    information-state tensor of the player to act into one buffer at every
    decision node."""
    rng = random.Random(seed)
    choice = rng.choice
    out = np.zeros(game.information_state_tensor_size(), np.float32)
    steps = games = 0
    start = CLOCK()
    deadline = start + seconds
    while True:
        state = game.new_initial_state(games)
        write = state.write_information_state_tensor
        games += 1
        while not state.is_terminal():
            if not state.is_chance_node():
                write(state.current_player(), out)
            state.apply_action(choice(state.legal_actions()))
            steps += 1
        if CLOCK() > deadline:
            break
    return steps / (CLOCK() - start)


def infostates(seconds: float) -> None:
    print("information_state_string of the player to act at every node of the random-action loop:")
    print(f"  {'':26s} {'steps/s':>10s} {'with it':>10s} {'µs a call':>10s}")
    for spec in ["zama(players=4)", "zama", "gonzago", "gonzago(mode=points)", "zucche", "camicia"]:
        game = carte.load_game(spec)
        plain = infostate_loop(game, seconds, False)
        asked = infostate_loop(game, seconds, True)
        print(f"  carte {spec:20s} {plain:10.0f} {asked:10.0f} {(1 / asked - 1 / plain) * 1e6:10.2f}")
    length, micros = infostate_at_ply("zama(players=4)", 200, seconds)
    print(f"  zama(players=4) at ply 200: {length} characters, {micros:.1f} µs a call at a new node")
    print(
        "write_information_state_tensor (a hand of Gonzago, 5425 entries; Camicia, 911;"
        " Zucche e Fantasmi, 34,408) at every node:"
    )
    for spec in ["gonzago", "gonzago(deal=chance)", "camicia", "zucche"]:
        game = carte.load_game(spec)
        plain = infostate_loop(game, seconds, False)
        asked = infotensor_loop(game, seconds)
        print(f"  carte {spec:20s} {plain:10.0f} {asked:10.0f} {(1 / asked - 1 / plain) * 1e6:10.2f}")


if __name__ == "__main__":
    np.seterr(all="ignore")
    main()
