"""carte.ray on a local Ray cluster of 2 CPUs: the cluster's sweep is the
single process's to the byte, and stays so when a worker or the driver is
killed in the middle of a run; foreign checkpoints are refused.

Skipped where Ray is not installed, unless CARTE_REQUIRE_RAY=1 (the gate,
.ci/python, sets it: there these tests always run).
"""

import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from carte import camicia

if os.environ.get("CARTE_REQUIRE_RAY") == "1":
    import ray
else:
    ray = pytest.importorskip("ray")

from carte import ray as carte_ray  # noqa: E402 - after the check for Ray

ROOT = Path(__file__).resolve().parents[3]
#: The deck of the kill tests: 70,543,200 deals, about 9 s of one core
#: (a task of a quarter of them lasts long enough to be seen running).
KILL_DECK = [12, 3, 3, 2]

pytestmark = pytest.mark.ray


@pytest.fixture(scope="module")
def cluster():
    """One local cluster of 2 CPUs for the module (its start is the slow
    part); its address for drivers in other processes."""
    ray.init(num_cpus=2, log_to_driver=False, include_dashboard=True)
    yield ray.get_runtime_context().gcs_address
    ray.shutdown()


def example(*args: str) -> str:
    """The standard output of the `camicia` example: the binary named by
    CARTE_CAMICIA_EXAMPLE (the gate builds it), else through cargo."""
    binary = os.environ.get("CARTE_CAMICIA_EXAMPLE")
    command = [binary] if binary else ["cargo", "run", "--release", "--quiet", "--example", "camicia", "--"]
    return subprocess.run(command + list(args), cwd=ROOT, check=True, capture_output=True, text=True).stdout


@pytest.fixture(scope="module")
def kill_reference():
    """The single-process sweep of the kill tests' deck."""
    return camicia.sweep(KILL_DECK).to_json()


def test_the_cluster_sweep_is_the_examples_json(cluster):
    """The 20-card deck on the cluster gives exactly the example's JSON,
    longest games (top) and loops included."""
    expected = example("--deck", "14,2,2,2", "--sweep", "--json").strip()
    outcome = carte_ray.run(carte_ray.Job.sweep([14, 2, 2, 2]))
    assert outcome.job.tasks == 16 and sorted(outcome.ran) == outcome.job.ranges()
    assert outcome.json() == expected
    s = json.loads(expected)
    assert (s["deals"], len(s["loops"]), s["longest"][0]["cards"]) == (3_488_400, 16, 517)
    # A shard and a literal-rule sweep, with another top, too.
    expected = example("--deck", "14,2,2,2", "--sweep", "--shard", "2/3", "--literal", "--top", "4", "--json")
    start, end = camicia.Deck.parse("14,2,2,2").shard(2, 3)
    job = carte_ray.Job.sweep([14, 2, 2, 2], start, end, tasks=5, top=4, end_rule="literal")
    assert carte_ray.run(job).json() == expected.strip()


def test_the_cluster_search_is_the_examples_search(cluster):
    """A random search in 7 tasks finds what the example's does (all but
    the timings), the longest games kept across tasks."""
    expected = json.loads(example("--search", "60000", "--seed", "9", "--top", "5", "--json"))
    outcome = carte_ray.run(carte_ray.Job.search("camicia", 60_000, seed=9, tasks=7, top=5))
    got = json.loads(outcome.json())
    for timing in ("threads", "seconds", "deals_per_second"):
        expected.pop(timing), got.pop(timing)
    assert got == expected
    assert len(got["longest"]) == 5


def tasks_named(**filters):
    from ray.util.state import list_tasks

    return list_tasks(filters=[(k, "=", v) for k, v in filters.items()], raise_on_missing_output=False)


def test_a_worker_killed_mid_run_changes_nothing(cluster, kill_reference):
    """A worker killed (SIGKILL) while it plays a task, its pid found from
    Ray's state API: Ray runs the task again, and the merged result is the
    single process's."""
    job = carte_ray.Job.sweep(KILL_DECK, tasks=4)
    outcome = {}
    driver = threading.Thread(target=lambda: outcome.setdefault("run", carte_ray.run(job)))
    driver.start()
    retried, tried = None, set()
    # The state API lags the workers by a second or so: a task it shows
    # running may have just finished, and killing its idle worker is then
    # no test. So kill running tasks' workers until one is retried.
    while driver.is_alive() and retried is None:
        for t in tasks_named(state="RUNNING"):
            if t.name.startswith("carte.camicia sweep") and t.worker_pid and t.name not in tried:
                tried.add(t.name)
                try:
                    os.kill(t.worker_pid, signal.SIGKILL)
                except ProcessLookupError:
                    continue
                deadline = time.monotonic() + 10
                while retried is None and time.monotonic() < deadline:
                    if any(a.attempt_number >= 1 for a in tasks_named(name=t.name)):
                        retried = t.name
                    time.sleep(0.3)
                break
        time.sleep(0.2)
    driver.join(timeout=600)
    assert not driver.is_alive()
    assert retried is not None, f"no killed task was retried (killed: {sorted(tried)})"
    assert outcome["run"].json() == kill_reference
    assert sorted(outcome["run"].ran) == job.ranges(), "each task merged once"


def test_a_driver_killed_mid_run_resumes_from_its_checkpoint(cluster, kill_reference, tmp_path):
    """The driver SIGKILLed after some tasks finished, then run again with
    the same checkpoint: only the missing tasks run, and the result is the
    single process's."""
    ckpt = tmp_path / "ckpt"
    deck = ",".join(map(str, KILL_DECK))
    command = [sys.executable, "-m", "carte.ray", "sweep", "--deck", deck, "--tasks", "8"]
    command += ["--checkpoint", str(ckpt), "--address", cluster, "--json", "--quiet"]
    first = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 300
    while not list(ckpt.glob("done/*.json")):
        assert first.poll() is None, first.communicate()
        assert time.monotonic() < deadline, "no task finished"
        time.sleep(0.05)
    first.send_signal(signal.SIGKILL)
    first.wait()
    kept = {f.name: (f.read_bytes(), f.stat().st_mtime_ns) for f in (ckpt / "done").glob("*.json")}
    assert 1 <= len(kept) < 8, kept.keys()
    again = subprocess.run(command, capture_output=True, text=True, timeout=600)
    assert again.returncode == 0, again.stderr
    assert again.stdout.strip() == kill_reference
    # The rerun says it skipped the finished tasks, and ran only the others.
    assert f"{len(kept)} of 8 tasks done, {8 - len(kept)} to run" in again.stderr
    assert f"ran {8 - len(kept)} tasks, {len(kept)} from the checkpoint" in again.stderr
    for name, (data, mtime) in kept.items():
        f = ckpt / "done" / name
        assert (f.read_bytes(), f.stat().st_mtime_ns) == (data, mtime), f"{name} was redone"
    assert len(list((ckpt / "done").glob("*.json"))) == 8


def test_foreign_checkpoints_and_ranges_are_refused(cluster, tmp_path):
    """Nothing lost, nothing counted twice: a checkpoint of another job, a
    file of a range that is no task, or a summary of another deck in a
    task's file is refused with a clear error, and nothing runs."""
    job = carte_ray.Job.sweep([14, 2, 2, 2], 0, 40_000, tasks=4)
    ckpt = tmp_path / "ckpt"
    carte_ray.run(job, checkpoint=ckpt)
    assert len(list((ckpt / "done").iterdir())) == 4
    # Rerun: everything from the checkpoint.
    again = carte_ray.run(job, checkpoint=ckpt)
    assert (again.ran, len(again.resumed)) == ([], 4)
    assert again.json() == camicia.sweep([14, 2, 2, 2], 0, 40_000).to_json()
    for other in [
        carte_ray.Job.sweep([14, 2, 2, 2], 0, 40_000, tasks=5),
        carte_ray.Job.sweep([14, 2, 2, 2], 0, 40_000, tasks=4, top=3),
        carte_ray.Job.sweep([14, 2, 2, 2], 0, 40_000, tasks=4, end_rule="literal"),
        carte_ray.Job.sweep([16, 2, 2, 2], 0, 40_000, tasks=4),
        carte_ray.Job.search([14, 2, 2, 2], 40_000, tasks=4),
    ]:
        with pytest.raises(carte_ray.CheckpointError, match="another job"):
            carte_ray.run(other, checkpoint=ckpt)
    # A file whose name is no task of the job.
    bad = tmp_path / "bad"
    shutil.copytree(ckpt, bad)
    (bad / "done" / "0-10000.json").rename(bad / "done" / "0-9999.json")
    with pytest.raises(carte_ray.CheckpointError, match="not a task"):
        carte_ray.run(job, checkpoint=bad)
    # A task's file holding an overlapping range, or another deck's sweep.
    for text, error in [
        (camicia.sweep([14, 2, 2, 2], 5_000, 15_000).to_json(), "not the task's range"),
        (camicia.sweep([14, 2, 2, 2], 0, 10_000, top=9).to_json(), "cannot merge"),
        (camicia.sweep([16, 2, 2, 2], 0, 10_000).to_json(), "cannot merge"),
        ("{}", "bad sweep summary"),
    ]:
        shutil.rmtree(bad)
        shutil.copytree(ckpt, bad)
        (bad / "done" / "0-10000.json").write_text(text)
        with pytest.raises(camicia.CamiciaError, match=error):
            carte_ray.run(job, checkpoint=bad)


def test_the_command_line_refuses_bad_jobs(capsys):
    for args, message in [
        (["sweep", "--deck", "14,2,2,1"], "odd number"),
        (["sweep", "--deck", "14,2,2,2", "--range", "5..3"], "not a range"),
        (["sweep", "--deck", "14,2,2,2", "--tasks", "0"], "tasks"),
        (["search", "0"], "at least one deal"),
        (["sweep", "--range", "1..2", "--shard", "1/2"], "not allowed with"),
    ]:
        with pytest.raises(SystemExit) as exit:
            carte_ray.main(args)
        assert exit.value.code == 2
        assert message in capsys.readouterr().err
