"""Camicia sweeps and random searches on a Ray cluster, exact and resumable.

    python -m carte.ray sweep --deck 14,2,2,2 --json
    python -m carte.ray sweep --checkpoint ckpt/ --address auto      # the 40-card deck
    python -m carte.ray search 100000000 --seed 7 --preset bmn --checkpoint hunt/

A job is a range of ranks of a deck (``sweep``) or of deal numbers of a
seed's stream (``search``), cut into a fixed number of equal tasks that
depends on the job alone (``--tasks``, or one per 2^30 ranks / 2^26 deals
with at least 16), never on the cluster. Each task is one call of
``carte.camicia.sweep`` or ``carte.camicia.search`` in a Ray worker, retried
by Ray when its worker or node dies (``--retries``). The driver merges the
tasks' summaries exactly (``merge`` refuses overlapping ranges and other
decks, end rules, seeds or tops), writes each finished task's summary to the
checkpoint directory before counting it, and checks that the merged summary
covers the whole job before it prints it. Run again with the same command
after the driver was killed, and only the tasks missing from the checkpoint
run; a checkpoint of another job is refused. A random search is the same
for any number of tasks: deal ``i`` of a seed is fixed
(``camicia_rules::random_search``), and the longest games are the ``top``
longest of the whole job, ties by number.

The JSON printed with ``--json`` is the ``camicia`` example's: a sweep's
is byte for byte that of ``cargo run --release --example camicia -- --sweep
--json`` with the same deck, range and top; a search's that of ``--search N
--seed S --json`` but for ``threads`` (the cluster's CPUs), ``seconds`` and
``deals_per_second``.

Without ``--address`` the driver starts a local cluster (``--num-cpus``, all
cores by default) unless ``RAY_ADDRESS`` names one (as under ``ray job
submit``); ``--address auto`` joins the cluster of this machine's ``ray start``.
Every worker needs ``carte`` installed (the same wheel as the driver).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from carte import camicia

try:
    import ray
except ImportError as e:  # pragma: no cover - the message is the point
    raise ImportError("carte.ray needs Ray: pip install 'ray[default]'") from e

#: Ranks per sweep task by default: about four minutes of one core on the
#: 40-card deck (193,584,473,082,000 deals: 180,288 tasks).
SWEEP_TASK = 1 << 30
#: Deals per search task by default: random 40-card deals are longer than
#: a sweep's average, about two minutes of one core.
SEARCH_TASK = 1 << 26
#: The fewest tasks a job is cut into by default (fewer for fewer deals),
#: so that a small job still spreads over a few cores.
MIN_TASKS = 16


class CheckpointError(camicia.CamiciaError):
    """A checkpoint directory of another job, or with a file that is not a
    finished task of this one."""


class IncompleteError(camicia.CamiciaError):
    """A merged summary that does not cover its whole job (never printed)."""


class TaskError(RuntimeError):
    """A task that failed after its retries (its error attached)."""


@dataclass(frozen=True)
class Job:
    """A sweep or a search, and its fixed cut into tasks.

    >>> job = Job.sweep([14, 2, 2, 2], tasks=3)
    >>> job.ranges()
    [(0, 1162800), (1162800, 2325600), (2325600, 3488400)]
    >>> Job.search("camicia", 10, seed=1).tasks
    10
    """

    kind: str
    deck: camicia.Deck
    start: int
    end: int
    tasks: int
    top: int = camicia.TOP
    end_rule: str = "standard"
    seed: int | None = None

    @staticmethod
    def sweep(
        deck: object,
        start: int = 0,
        end: int | None = None,
        *,
        tasks: int | None = None,
        top: int = camicia.TOP,
        end_rule: str = "standard",
    ) -> Job:
        """A sweep of the ranks ``start..end`` of ``deck`` (the whole deck
        by default) in ``tasks`` equal tasks."""
        d = camicia.deck(deck)
        end = d.deals if end is None else end
        if not 0 <= start < end <= d.deals:
            raise camicia.RangeError(f"ranks {start}..{end} are not a range of the {d.deals} deals of {d}")
        return Job("sweep", d, start, end, _tasks(end - start, tasks, SWEEP_TASK), top, _rule(end_rule))

    @staticmethod
    def search(
        deck: object,
        deals: int,
        *,
        seed: int = camicia.SEED,
        first: int = 0,
        tasks: int | None = None,
        top: int = camicia.TOP,
        end_rule: str = "standard",
    ) -> Job:
        """A search of the ``deals`` deals numbered from ``first`` of the
        stream of ``seed``, in ``tasks`` equal tasks."""
        d = camicia.deck(deck)
        if deals < 1 or first < 0 or first + deals > 1 << 64:
            raise camicia.RangeError(f"deals {first}..{first + deals}: give at least one deal, within 2^64")
        if not 0 <= seed < 1 << 64:
            raise camicia.RangeError(f"seed {seed}: expected 0 to 2^64 - 1")
        return Job("search", d, first, first + deals, _tasks(deals, tasks, SEARCH_TASK), top, _rule(end_rule), seed)

    def ranges(self) -> list[tuple[int, int]]:
        """The tasks' ranges: ``start..end`` in ``tasks`` equal parts in
        order (the first ``length % tasks`` one larger)."""
        q, r = divmod(self.end - self.start, self.tasks)
        at = lambda i: self.start + q * i + min(i, r)  # noqa: E731
        return [(at(i), at(i + 1)) for i in range(self.tasks)]

    def empty(self) -> camicia.SweepSummary | camicia.SearchSummary:
        """The summary of none of the job's deals."""
        if self.kind == "sweep":
            return camicia.SweepSummary.empty(self.deck, top=self.top, end_rule=self.end_rule)
        return camicia.SearchSummary.empty(self.deck, self.seed, top=self.top, end_rule=self.end_rule)

    def load(self, text: str) -> camicia.SweepSummary | camicia.SearchSummary:
        """A task's summary from its JSON (checked)."""
        kind = camicia.SweepSummary if self.kind == "sweep" else camicia.SearchSummary
        return kind.from_json(text)

    def to_dict(self) -> dict:
        """The job as JSON data (the checkpoint's ``job.json``)."""
        return {
            "kind": self.kind,
            "deck": json.loads(self.deck.to_json()),
            "end_rule": self.end_rule,
            "top": self.top,
            "seed": self.seed,
            "start": self.start,
            "end": self.end,
            "tasks": self.tasks,
        }

    def describe(self) -> str:
        what = "ranks" if self.kind == "sweep" else f"deals of seed {self.seed}"
        return f"{self.kind} of {self.deck} ({self.end_rule}, top {self.top}), {what} {self.start}..{self.end}"


def _tasks(length: int, tasks: int | None, per_task: int) -> int:
    if tasks is None:
        return max(min(length, MIN_TASKS), math.ceil(length / per_task))
    if not 1 <= tasks <= length:
        raise camicia.RangeError(f"{tasks} tasks for {length} deals: give 1 to {length}")
    return tasks


def _rule(name: str) -> str:
    if name not in ("standard", "literal"):
        raise camicia.CamiciaError(f'end rule {name!r}: expected "standard" or "literal"')
    return name


@ray.remote
def play_task(kind: str, deck_json: str, end_rule: str, top: int, seed: int | None, start: int, end: int) -> str:
    """One task in a Ray worker: the JSON of the summary of ``start..end``."""
    deck = camicia.Deck.from_json(deck_json)
    if kind == "sweep":
        return camicia.sweep(deck, start, end, top=top, end_rule=end_rule).to_json()
    return camicia.search(deck, end - start, seed, start=start, top=top, end_rule=end_rule).to_json()


class Checkpoint:
    """A directory of a job's finished tasks: ``job.json`` (the job) and
    ``done/START-END.json`` (a task's summary), each file written whole
    (to a temporary name, flushed, then renamed), so a driver killed at any
    moment leaves only finished tasks behind."""

    def __init__(self, path: str | os.PathLike, job: Job):
        self.path = Path(path)
        self.job = job
        self.done_dir = self.path / "done"
        self.done_dir.mkdir(parents=True, exist_ok=True)
        spec = self.path / "job.json"
        if spec.exists():
            saved = json.loads(spec.read_text())
            if saved != job.to_dict():
                raise CheckpointError(
                    f"checkpoint {self.path} is of another job: {json.dumps(saved)}, not {json.dumps(job.to_dict())}"
                )
        else:
            _write(spec, json.dumps(job.to_dict()))

    def finished(self) -> dict[tuple[int, int], str]:
        """The finished tasks: range -> summary JSON; ``CheckpointError``
        for a file that is not one of the job's tasks."""
        tasks = set(self.job.ranges())
        out = {}
        for f in sorted(self.done_dir.iterdir()):
            if f.name.endswith(".partial"):
                f.unlink()  # a write cut short: the task runs again
                continue
            try:
                a, b = (int(x) for x in f.name.removesuffix(".json").split("-"))
            except ValueError:
                raise CheckpointError(f"{f}: not a finished task of {self.job.describe()}") from None
            if (a, b) not in tasks:
                raise CheckpointError(f"{f}: ranks {a}..{b} are not a task of {self.job.describe()}")
            out[(a, b)] = f.read_text()
        return out

    def save(self, task: tuple[int, int], text: str) -> None:
        _write(self.done_dir / f"{task[0]}-{task[1]}.json", text)


def _write(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".partial")
    with open(tmp, "w") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


@dataclass
class Run:
    """A finished job: its merged summary, checked complete, and how it ran."""

    job: Job
    summary: camicia.SweepSummary | camicia.SearchSummary
    #: Tasks taken from the checkpoint, and run now.
    resumed: list[tuple[int, int]] = field(default_factory=list)
    ran: list[tuple[int, int]] = field(default_factory=list)
    seconds: float = 0.0
    cpus: int = 0

    def report(self) -> str:
        """The text report: the job, how it ran, the ranges held, the
        counts, the longest games and the loops."""
        s, job = self.summary, self.job
        played = sum(b - a for a, b in self.ran)
        lines = [
            f"{job.describe()}: {job.tasks} tasks ({len(self.resumed)} from the checkpoint, {len(self.ran)} run now)"
            f" on {self.cpus} CPUs in {self.seconds:.2f} s, {played / max(self.seconds, 1e-9):,.0f} deals/s",
            f"ranges held: {', '.join(f'{a}..{b}' for a, b in s.ranges)} (complete)",
            f"  deals {s.deals}, finished {s.finished} (A wins {s.a_wins}), loops {len(s.loops)}",
        ]
        if s.finished:
            q = s.quantiles
            lines.append(f"  mean {s.cards / s.finished:.2f} cards, {s.tricks / s.finished:.2f} tricks")
            lines.append(
                f"  cards: min {q['min']}, p10 {q['p10']}, median {q['median']}, p90 {q['p90']},"
                f" p99 {q['p99']}, max {q['max']}"
            )
        key = "rank" if job.kind == "sweep" else "index"
        lines.append("longest games:")
        for g in s.longest:
            lines.append(f"  {g['cards']:>6} cards {g['tricks']:>5} tricks  {g['winner']} wins  {key} {g[key]:>16}  {g['deal']}")
        lines.append(f"loops: {len(s.loops)}")
        for g in s.loops[:50]:
            lines.append(
                f"  {key} {g[key]:>16}  {g['deal']}  cycle {g['cycle_cards']} cards {g['cycle_tricks']} tricks,"
                f" lead-in {g['lead_in_cards']} cards {g['lead_in_tricks']} tricks"
            )
        if len(s.loops) > 50:
            lines.append(f"  ... and {len(s.loops) - 50} more (all of them in --json)")
        return "\n".join(lines)

    def json(self) -> str:
        """The example's JSON: a sweep's summary, or a search's report."""
        if self.job.kind == "sweep":
            return self.summary.to_json()
        return self.summary.report_json(self.cpus, self.seconds)


class Progress:
    """The progress line on standard error: deals done of the job, deals a
    second (of this run), the time left, loops found so far, tasks. On a
    terminal it is redrawn in place; elsewhere a line every ``every``
    seconds."""

    def __init__(self, job: Job, done: int, *, stream=None, every: float = 10.0):
        self.job, self.total = job, job.end - job.start
        self.first = self.done = done
        self.stream = stream or sys.stderr
        self.tty = self.stream.isatty()
        self.every = every
        self.start = self.shown = time.monotonic()

    def update(self, done: int, loops: int, tasks: int, *, last: bool = False) -> None:
        self.done = done
        now = time.monotonic()
        if not (last or self.tty or now - self.shown >= self.every):
            return
        self.shown = now
        rate = (done - self.first) / max(now - self.start, 1e-9)
        left = (self.total - done) / rate if rate > 0 else math.inf
        eta = "-" if math.isinf(left) else time.strftime("%H:%M:%S", time.gmtime(min(left, 99 * 86400)))
        if left >= 86400 and not math.isinf(left):
            eta = f"{left / 86400:.1f} days"
        line = (
            f"{done:,}/{self.total:,} deals ({100 * done / self.total:.1f}%), {rate:,.0f} deals/s,"
            f" ETA {eta}, loops {loops}, tasks {tasks}/{self.job.tasks}"
        )
        if self.tty:
            self.stream.write("\r" + line + ("\n" if last else ""))
        else:
            self.stream.write(line + "\n")
        self.stream.flush()


def run(
    job: Job,
    *,
    checkpoint: str | os.PathLike | None = None,
    retries: int = 3,
    progress: bool | Progress = False,
    in_flight: int | None = None,
    on_result: Callable[[tuple[int, int], Run], None] | None = None,
) -> Run:
    """Runs ``job`` on the Ray cluster this process is connected to
    (``ray.init`` first) and returns its merged summary, checked complete.

    Tasks already in ``checkpoint`` are not run again; each task finished
    now is saved there before it is merged. At most ``in_flight`` tasks
    (default: twice the cluster's CPUs) are submitted at a time, so a job of
    a hundred thousand tasks costs the driver little. ``on_result`` is
    called after each task is merged (the range and the run so far).
    """
    start = time.monotonic()
    cpus = int(ray.cluster_resources().get("CPU", 1))
    saved = Checkpoint(checkpoint, job) if checkpoint is not None else None
    summary = job.empty()
    outcome = Run(job, summary, cpus=cpus)
    finished = saved.finished() if saved else {}
    for task, text in finished.items():
        _merge(job, summary, task, text, f"checkpoint file {task[0]}-{task[1]}.json")
        outcome.resumed.append(task)
    todo = [t for t in job.ranges() if t not in finished]
    done = sum(b - a for a, b in finished)
    if saved is not None:
        print(
            f"carte.ray: checkpoint {saved.path}: {len(finished)} of {job.tasks} tasks done, {len(todo)} to run",
            file=sys.stderr,
            flush=True,
        )
    bar = progress if isinstance(progress, Progress) else Progress(job, done) if progress else None
    deck_json = job.deck.to_json()
    window = in_flight or max(2 * cpus, 2)
    pending = iter(todo)
    running: dict = {}
    while True:
        while len(running) < window:
            task = next(pending, None)
            if task is None:
                break
            ref = play_task.options(
                name=f"carte.camicia {job.kind} {task[0]}..{task[1]}", max_retries=retries, retry_exceptions=False
            ).remote(
                job.kind, deck_json, job.end_rule, job.top, job.seed, *task
            )
            running[ref] = task
        if not running:
            break
        ready, _ = ray.wait(list(running), num_returns=1, timeout=1.0)
        for ref in ready:
            task = running.pop(ref)
            try:
                text = ray.get(ref)
            except Exception as e:  # noqa: BLE001 - Ray's errors vary; the task is named
                raise TaskError(
                    f"task {task[0]}..{task[1]} of {job.describe()} failed (a dead worker is retried {retries} times): {e}"
                    + (f"; the checkpoint keeps the {len(outcome.resumed) + len(outcome.ran)} finished tasks" if saved else "")
                ) from e
            if saved is not None:
                saved.save(task, text)
            _merge(job, summary, task, text, f"task {task[0]}..{task[1]}")
            outcome.ran.append(task)
            done += task[1] - task[0]
            if on_result is not None:
                on_result(task, outcome)
        if bar is not None:
            bar.update(done, len(summary.loops), len(outcome.resumed) + len(outcome.ran))
    if bar is not None:
        bar.update(done, len(summary.loops), len(outcome.resumed) + len(outcome.ran), last=True)
    if summary.ranges != [(job.start, job.end)] or summary.deals != job.end - job.start:
        raise IncompleteError(f"the merged summary holds {summary.ranges}, not all of {job.describe()}")
    outcome.seconds = time.monotonic() - start
    return outcome


def _merge(job: Job, summary, task: tuple[int, int], text: str, source: str) -> None:
    part = job.load(text)
    if part.ranges != [task]:
        raise camicia.MergeError(f"{source}: holds {part.ranges}, not the task's range {task[0]}..{task[1]}")
    summary.merge(part)


def _range(text: str) -> tuple[int, int]:
    a, sep, b = text.partition("..")
    if not sep:
        raise argparse.ArgumentTypeError(f"{text!r}: expected A..B")
    return int(a), int(b)


def _shard(text: str) -> tuple[int, int]:
    i, sep, n = text.partition("/")
    if not sep:
        raise argparse.ArgumentTypeError(f"{text!r}: expected I/N")
    return int(i), int(n)


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m carte.ray",
        description="Camicia sweeps and random searches on a Ray cluster (see the module's docs).",
    )
    sub = p.add_subparsers(dest="mode", required=True)
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--preset", default="camicia", choices=["camicia", "bmn"], help="the game (default camicia)")
    common.add_argument("--deck", metavar="COUNTS", help="a custom deck in the preset's notation, e.g. 14,2,2,2")
    common.add_argument("--literal", action="store_true", help="a player loses as soon as their hand is empty")
    common.add_argument("--top", type=int, default=camicia.TOP, help="longest games kept (default 10)")
    common.add_argument("--tasks", type=int, help="tasks the job is cut into (default: from its size)")
    common.add_argument("--checkpoint", metavar="DIR", help="save finished tasks here and resume from them")
    common.add_argument("--address", help="the Ray cluster to join (default: a local one, or RAY_ADDRESS)")
    common.add_argument("--num-cpus", type=int, help="CPUs of the local cluster (default: all)")
    common.add_argument("--retries", type=int, default=3, help="retries of a task whose worker dies (default 3)")
    common.add_argument("--json", action="store_true", help="print the example's JSON instead of text")
    common.add_argument("--quiet", action="store_true", help="no progress line")
    s = sub.add_parser("sweep", parents=[common], help="every deal of the deck, or of --range / --shard")
    where = s.add_mutually_exclusive_group()
    where.add_argument("--range", type=_range, metavar="A..B", help="the ranks A..B (B excluded)")
    where.add_argument("--shard", type=_shard, metavar="I/N", help="the I-th of N equal parts of the deck (I from 1)")
    f = sub.add_parser("search", parents=[common], help="N random deals of a seed's stream")
    f.add_argument("deals", type=int, metavar="N", help="deals to play")
    f.add_argument("--seed", type=int, default=camicia.SEED, help="the seed (default 2026)")
    return p


def _job(args: argparse.Namespace) -> Job:
    deck = camicia.Deck.parse(args.deck, args.preset) if args.deck else camicia.Deck(args.preset)
    rule = "literal" if args.literal else "standard"
    if args.mode == "search":
        return Job.search(deck, args.deals, seed=args.seed, tasks=args.tasks, top=args.top, end_rule=rule)
    start, end = 0, deck.deals
    if args.range:
        start, end = args.range
    elif args.shard:
        start, end = deck.shard(*args.shard)
    return Job.sweep(deck, start, end, tasks=args.tasks, top=args.top, end_rule=rule)


def main(argv: list[str] | None = None) -> int:
    """The command line; returns the exit status (2 for a usage error, 1
    for a failed job)."""
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        job = _job(args)
    except camicia.CamiciaError as e:
        parser.error(str(e))
    if args.address is None and "RAY_ADDRESS" not in os.environ:
        ray.init(num_cpus=args.num_cpus, log_to_driver=False)
    else:
        if args.num_cpus is not None:
            parser.error("--num-cpus is for a local cluster, not with --address or RAY_ADDRESS")
        ray.init(address=args.address, log_to_driver=False)
    try:
        outcome = run(job, checkpoint=args.checkpoint, retries=args.retries, progress=not args.quiet)
    except (camicia.CamiciaError, TaskError) as e:
        print(f"carte.ray: {e}", file=sys.stderr)
        return 1
    print(
        f"carte.ray: ran {len(outcome.ran)} tasks, {len(outcome.resumed)} from the checkpoint",
        file=sys.stderr,
        flush=True,
    )
    print(outcome.json() if args.json else outcome.report(), flush=True)
    return 0


if __name__ == "__main__":
    # Through the module itself, not this `__main__` copy, so that the
    # workers find the task by name (`carte.ray.play_task`).
    from carte.ray import main as _main

    sys.exit(_main())
