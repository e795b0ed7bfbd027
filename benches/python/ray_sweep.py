"""A sweep on Ray against the same sweep in one process, on the same cores,
and the per-core rate that prices the complete 40-card sweep.

    python benches/python/ray_sweep.py                 # the 582 million deals of 10,4,4,2 on 2 cores
    python benches/python/ray_sweep.py --deck 14,2,2,2 # any deck
    python benches/python/ray_sweep.py --quick         # the 20-card deck (a smoke test)
    python benches/python/ray_sweep.py --rate-only     # the per-core rate and the cost table

1. The single process: the `camicia` example, `--sweep --threads N --json`
   (the binary of CARTE_CAMICIA_EXAMPLE or `--example`, else built with
   cargo), timed by wall clock, with its CPU time (user + system).
2. The same sweep through `carte.ray` on a local cluster of N CPUs, in
   `--tasks` tasks (64 by default, so that the last wave of tasks is a
   small part of the run): the cluster's start is timed apart from the
   job. The two JSON outputs must be identical (else the script fails).
3. The per-core rate: `carte.camicia.sweep` over 16 blocks of 250,000
   deals spread over the 40-card deck, and `carte.camicia.search` of
   random 40-card deals, timed in the thread's CPU time (the Rust code
   runs in the calling thread), so that other processes on a busy machine
   do not change it; then what the complete sweep of 193,584,473,082,000
   deals costs on 100, 1,000 and 10,000 such cores.

Wall times on a shared machine vary with its load (printed with them):
compare the two runs of one invocation, not runs of different days.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

from carte import camicia

ROOT = Path(__file__).resolve().parents[2]
FULL = camicia.Deck("camicia")


def example_command(binary: str | None) -> list[str]:
    binary = binary or os.environ.get("CARTE_CAMICIA_EXAMPLE")
    if binary:
        return [binary]
    subprocess.run(["cargo", "build", "--release", "--quiet", "--example", "camicia"], cwd=ROOT, check=True)
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    return [str(target / "release" / "examples" / "camicia")]


def single_process(command: list[str], deck: str, cpus: int) -> tuple[str, float, float]:
    """The example's sweep: its JSON, wall seconds, CPU seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    out = subprocess.run(
        command + ["--deck", deck, "--sweep", "--threads", str(cpus), "--json"], check=True, capture_output=True, text=True
    ).stdout
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return out.strip(), wall, cpu


def on_ray(deck: str, cpus: int, tasks: int, address: str | None) -> tuple[str, float, float]:
    """The driver's sweep: its JSON, the cluster's start and the job's
    wall seconds."""
    import ray

    from carte import ray as carte_ray

    start = time.monotonic()
    if address:
        ray.init(address=address, log_to_driver=False)
    else:
        ray.init(num_cpus=cpus, log_to_driver=False)
    started = time.monotonic() - start
    job = carte_ray.Job.sweep(camicia.Deck.parse(deck), tasks=tasks)
    start = time.monotonic()
    outcome = carte_ray.run(job, progress=True)
    wall = time.monotonic() - start
    ray.shutdown()
    return outcome.json(), started, wall


def per_core_rate() -> dict[str, float]:
    """Deals a second of one core, in thread CPU time: sweep blocks over
    the 40-card deck, and random 40-card deals."""
    deals = cpu = 0.0
    for i in range(1, 17):
        a = FULL.shard(i, 16)[0] + 12_345_678_901
        t = time.thread_time()
        deals += camicia.sweep(FULL, a, a + 250_000).deals
        cpu += time.thread_time() - t
    t = time.thread_time()
    found = camicia.search(FULL, 2_000_000, 1)
    search_cpu = time.thread_time() - t
    return {"sweep": deals / cpu, "search": found.deals / search_cpu}


def cost_table(rate: float) -> str:
    core_seconds = FULL.deals / rate
    lines = [
        f"the complete 40-card sweep: {FULL.deals:,} deals at {rate / 1e6:.2f} M deals/s a core"
        f" = {core_seconds / 3600:,.0f} core-hours",
        "| cores | wall time |",
        "| ---: | ---: |",
    ]
    for cores in (100, 1_000, 10_000):
        hours = core_seconds / cores / 3600
        wall = f"{hours / 24:.1f} days" if hours >= 48 else f"{hours:.1f} hours" if hours >= 2 else f"{hours * 60:.0f} minutes"
        lines.append(f"| {cores:,} | {wall} |")
    return "\n".join(lines)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--deck", default="10,4,4,2", help="the deck to sweep (default 10,4,4,2: 581,981,400 deals)")
    p.add_argument("--cpus", type=int, default=2, help="cores of both runs (default 2)")
    p.add_argument("--tasks", type=int, default=64, help="tasks of the Ray run (default 64)")
    p.add_argument("--example", help="the camicia example's binary (default: CARTE_CAMICIA_EXAMPLE, else cargo)")
    p.add_argument("--address", help="run on this Ray cluster instead of a local one")
    p.add_argument("--quick", action="store_true", help="the 20-card deck, 16 tasks (a smoke test)")
    p.add_argument("--rate-only", action="store_true", help="only the per-core rate and the cost table")
    args = p.parse_args()
    if args.quick:
        args.deck, args.tasks = "14,2,2,2", 16
    print(f"load average before: {os.getloadavg()}", flush=True)
    if not args.rate_only:
        deck = camicia.Deck.parse(args.deck)
        print(f"sweep of {deck}: {deck.deals:,} deals on {args.cpus} cores", flush=True)
        expected, single_wall, single_cpu = single_process(example_command(args.example), args.deck, args.cpus)
        print(f"single process (the example, {args.cpus} threads): {single_wall:.1f} s wall, {single_cpu:.1f} s CPU", flush=True)
        got, started, ray_wall = on_ray(args.deck, args.cpus, args.tasks, args.address)
        if got != expected:
            print("the Ray sweep's JSON differs from the example's", file=sys.stderr)
            return 1
        print(
            f"Ray ({args.tasks} tasks on {args.cpus} CPUs): {ray_wall:.1f} s wall for the job"
            f" ({ray_wall / single_wall - 1:+.1%} of the single process), after {started:.1f} s to start the cluster;"
            f" the same JSON ({len(json.loads(got)['loops'])} loops)",
            flush=True,
        )
    rates = per_core_rate()
    print(f"per core (thread CPU time): sweep {rates['sweep']:,.0f} deals/s, random deals {rates['search']:,.0f} deals/s")
    print(cost_table(rates["sweep"]))
    print(f"load average after: {os.getloadavg()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
