"""Trains a policy for one Gonzago hand on carte.VectorGame, numpy only.

    python crates/carte-py/examples/train_gonzago.py                # about 10 minutes of one core
    python crates/carte-py/examples/train_gonzago.py --quick        # a minute: checks that it learns
    python crates/carte-py/examples/train_gonzago.py --plot curve.png   # the learning curve (matplotlib)

The policy is a small network (the observation tensor of the player to
move, 140 entries, through one hidden layer of tanh units to one logit per
action, the illegal ones masked out) trained by REINFORCE with a baseline
against a uniformly random opponent: in every game of the vector the
learner holds one seat (A in even games, B in odd ones) and the opponent
the other; a finished hand's return (+1 won, -1 lost, 0 drawn) is the
reward of every move the learner made in it. Every so often the policy
(its most likely legal action) is measured against random play and against
the heuristic (the first three rules of `gonzago_rules::heuristic_move`:
play whenever you can, every card of the value held most, else draw or
pass; ties at random), on fresh deals, as the share of decided hands won.

With `--quick` the script exits with status 1 unless the policy beats
random play in more than 50% of decided hands.
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

import carte

SPEC = "gonzago"
#: Plays are actions 0..150: 15 (v - 1) + (s - 1) for value v and suit set s.
PLAYS = 150
#: Cards in each play action (the suit set's size), -1 for draw and pass.
CARDS = np.array([bin(a % 15 + 1).count("1") for a in range(PLAYS)] + [-1, -1], np.float64)


class Policy:
    """Masked softmax over actions of a one-hidden-layer network, trained
    with Adam."""

    def __init__(self, inputs: int, actions: int, hidden: int, rng: np.random.Generator, lr: float):
        self.w1 = rng.normal(0.0, 1.0 / np.sqrt(inputs), (inputs, hidden))
        self.b1 = np.zeros(hidden)
        self.w2 = rng.normal(0.0, 0.01, (hidden, actions))
        self.b2 = np.zeros(actions)
        self.params = [self.w1, self.b1, self.w2, self.b2]
        self.m = [np.zeros_like(p) for p in self.params]
        self.v = [np.zeros_like(p) for p in self.params]
        self.t = 0
        self.lr = lr

    def forward(self, obs: np.ndarray, mask: np.ndarray):
        x = np.log1p(obs)  # counts (stock, opponent's cards) on a gentler scale
        h = np.tanh(x @ self.w1 + self.b1)
        logits = h @ self.w2 + self.b2
        logits = np.where(mask, logits, -1e9)
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        p /= p.sum(axis=1, keepdims=True)
        return x, h, p

    def act(self, obs, mask, rng, greedy=False):
        _, _, p = self.forward(obs, mask)
        if greedy:
            return p.argmax(axis=1)
        u = rng.random((len(p), 1))
        return np.minimum((p.cumsum(axis=1) < u).sum(axis=1), p.shape[1] - 1)

    def update(self, obs, mask, actions, advantages, entropy=0.01):
        """One Adam step up the policy gradient of the batch."""
        x, h, p = self.forward(obs, mask)
        n = len(actions)
        grad = -p
        grad[np.arange(n), actions] += 1.0
        grad *= advantages[:, None]
        # A little entropy keeps the policy exploring early on.
        logp = np.log(np.where(mask, p, 1.0))
        ent = -(p * logp).sum(axis=1, keepdims=True)
        grad += entropy * (-p * (logp + ent))
        grad /= n
        g_w2 = h.T @ grad
        g_b2 = grad.sum(axis=0)
        dh = (grad @ self.w2.T) * (1.0 - h * h)
        g_w1 = x.T @ dh
        g_b1 = dh.sum(axis=0)
        self.t += 1
        for i, (param, g) in enumerate(zip(self.params, [g_w1, g_b1, g_w2, g_b2])):
            self.m[i] = 0.9 * self.m[i] + 0.1 * g
            self.v[i] = 0.999 * self.v[i] + 0.001 * g * g
            mh = self.m[i] / (1 - 0.9**self.t)
            vh = self.v[i] / (1 - 0.999**self.t)
            param += self.lr * mh / (np.sqrt(vh) + 1e-8)  # ascent


def random_actions(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal action per row."""
    u = rng.random((len(mask), 1)) * mask.sum(axis=1, keepdims=True)
    return np.minimum((mask.cumsum(axis=1) <= u).sum(axis=1), mask.shape[1] - 1)


def heuristic_actions(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Play whenever you can, every held card of the value held most (ties
    at random); else draw or pass (whichever is legal)."""
    score = np.where(mask, CARDS + rng.random(mask.shape) * 0.5, -np.inf)
    return score.argmax(axis=1)


def evaluate(policy: Policy, opponent, games: int, seed: int) -> tuple[float, int, int, int]:
    """The share of decided hands the greedy policy wins against
    `opponent`, on `games` fresh deals (half of them as A, half as B)."""
    n = min(games, 512)
    v = carte.VectorGame(SPEC, n, seed=seed)
    rng = np.random.default_rng(seed)
    learner = np.arange(n) % 2
    obs, mask, _, _ = v.observe()
    wins = losses = draws = 0
    while wins + losses + draws < games:
        players = v.current_players()
        mine = players == learner
        actions = opponent(mask, rng)
        if mine.any():
            actions[mine] = policy.act(obs[mine], mask[mine], rng, greedy=True)
        obs, mask, rewards, dones = v.step(actions)
        for i in np.flatnonzero(dones):
            r = rewards[i, learner[i]]
            wins += r > 0
            losses += r < 0
            draws += r == 0
    decided = max(wins + losses, 1)
    return wins / decided, int(wins), int(losses), int(draws)


def train(args) -> list[tuple[int, float, float]]:
    rng = np.random.default_rng(args.seed)
    v = carte.VectorGame(SPEC, args.envs, seed=args.seed)
    game = v.game
    policy = Policy(game.observation_tensor_size(), game.num_distinct_actions(), args.hidden, rng, args.lr)
    n = args.envs
    learner = np.arange(n) % 2
    # Each game's learner moves so far: (observation, mask, action) rows.
    pending: list[list[tuple[np.ndarray, np.ndarray, int]]] = [[] for _ in range(n)]
    batch_obs, batch_mask, batch_act, batch_ret = [], [], [], []
    baseline = 0.0
    curve = []
    hands = 0
    start = time.process_time()
    next_eval = 0.0
    obs, mask, _, _ = v.observe()
    while True:
        elapsed = time.process_time() - start
        if elapsed >= next_eval or elapsed >= args.seconds:
            vs_random = evaluate(policy, random_actions, args.eval_games, seed=10**6 + len(curve))[0]
            vs_heuristic = evaluate(policy, heuristic_actions, args.eval_games, seed=2 * 10**6 + len(curve))[0]
            curve.append((hands, vs_random, vs_heuristic))
            print(
                f"{elapsed:7.1f} s  {hands:9d} hands  won {100 * vs_random:5.1f}% against random, "
                f"{100 * vs_heuristic:5.1f}% against the heuristic (of decided hands)",
                flush=True,
            )
            next_eval = elapsed + args.seconds / args.evals
            if elapsed >= args.seconds:
                return curve
        players = v.current_players()
        mine = players == learner
        actions = random_actions(mask, rng)
        idx = np.flatnonzero(mine)
        if len(idx):
            chosen = policy.act(obs[idx], mask[idx], rng)
            actions[idx] = chosen
            for j, i in enumerate(idx):
                pending[i].append((obs[i].copy(), mask[i].copy(), int(chosen[j])))
        obs, mask, rewards, dones = v.step(actions)
        for i in np.flatnonzero(dones):
            r = float(rewards[i, learner[i]])
            for o, m, a in pending[i]:
                batch_obs.append(o)
                batch_mask.append(m)
                batch_act.append(a)
                batch_ret.append(r)
            pending[i] = []
            hands += 1
        if len(batch_act) >= args.batch:
            ret = np.array(batch_ret)
            baseline = 0.95 * baseline + 0.05 * ret.mean()
            policy.update(
                np.array(batch_obs), np.array(batch_mask), np.array(batch_act), ret - baseline, args.entropy
            )
            batch_obs, batch_mask, batch_act, batch_ret = [], [], [], []


def plot(curve, path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    hands = [c[0] for c in curve]
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(hands, [100 * c[1] for c in curve], marker="o", label="against random play")
    ax.plot(hands, [100 * c[2] for c in curve], marker="s", label="against the heuristic")
    ax.axhline(50, color="grey", linewidth=0.8, linestyle="--")
    ax.set_xlabel("training hands")
    ax.set_ylabel("decided hands won (%)")
    ax.set_title("Gonzago: REINFORCE on carte.VectorGame")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    print(f"learning curve written to {path}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=600.0, help="CPU seconds of training (default 600)")
    ap.add_argument("--quick", action="store_true", help="a short run (CI): fails unless it beats random")
    ap.add_argument("--envs", type=int, default=256)
    ap.add_argument("--batch", type=int, default=4096, help="learner moves per update")
    ap.add_argument("--hidden", type=int, default=64)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--entropy", type=float, default=0.01)
    ap.add_argument("--evals", type=int, default=10, help="measurements along the run")
    ap.add_argument("--eval-games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--plot", metavar="FILE", help="write the learning curve to this PNG (needs matplotlib)")
    args = ap.parse_args()
    if args.quick:
        args.seconds = min(args.seconds, 45.0)
        args.evals = 3
        args.eval_games = 1000
    curve = train(args)
    _, vs_random, vs_heuristic = curve[-1]
    print(
        f"result: {100 * vs_random:.1f}% of decided hands won against random, "
        f"{100 * vs_heuristic:.1f}% against the heuristic"
    )
    if args.plot:
        plot(curve, args.plot)
    if args.quick and vs_random <= 0.5:
        print("the policy did not learn to beat random play", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
