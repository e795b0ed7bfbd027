"""Steps per second: a Python loop of random legal actions through carte and
through pyspiel (OpenSpiel's own C++ card games), and carte.VectorGame.

    python benches/python/speed.py            # every figure
    python benches/python/speed.py --quick    # shorter runs (CI smoke test)

The loop is the same code for every game: at each node (chance included)
a uniformly random legal action, `state.apply_action(a)`, a new game when
one ends. VectorGame is timed stepping all its games by actions drawn in
Rust (`sample_actions`), with and without that draw. Everything runs on
one core (the process is pinned to one CPU where the system allows it), and
rates are per second of the thread's CPU time (`time.thread_time`), so that
other processes on a busy machine do not change them; `--wall` uses wall
time instead.
"""

from __future__ import annotations

import argparse
import os
import random
import time

import numpy as np

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
    ap.add_argument("--only", choices=["loop", "vector"], help="one part only")
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

    if args.only != "vector":
        loops(seconds)
    if args.only != "loop":
        vectors(seconds, args.envs)


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
    carte_rate = {label: rate for label, rate, _ in rows}
    if pyspiel is not None:
        best_spiel = max(r for label, r, _ in rows if label.startswith("pyspiel") and "poker" not in label)
        slowest_carte = min(r for label, r, _ in rows if label.startswith("carte"))
        print(f"  slowest carte / fastest pyspiel card game: {slowest_carte / best_spiel:.1f}x")
    del carte_rate


def vectors(seconds: float, envs: int) -> None:
    print(f"VectorGame, {envs} games, one thread:")
    for spec in ["gonzago", "gonzago(mode=points)", "camicia", "zucche", "zama"]:
        step_only = vector_rate(spec, envs, seconds, sample_in_loop=False)
        with_draw = vector_rate(spec, envs, seconds, sample_in_loop=True)
        print(f"  {spec:24s} step: {step_only:14,.0f} steps/s   step + sample_actions: {with_draw:14,.0f} steps/s")


if __name__ == "__main__":
    np.seterr(all="ignore")
    main()
