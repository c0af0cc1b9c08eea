"""End to end, the ways in a user takes (issue 24): `ray start --head`, then `ray job submit
--working-dir .` of a tiny training run and of the tiny sweep, the dashboard's view of the job's
actors and the `ray_golf_ray_*` metrics, a config the cluster cannot place, and token auth.

Each class starts its own head (tests/ray_head.py: free ports, its own temp dir, stopped without
`ray stop`), so these tests never touch the session's local Ray or any other Ray on the machine.
"""

from __future__ import annotations

import csv
import secrets
import sqlite3
import time
from pathlib import Path

import pytest
from ray_head import RayHead

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

TRAIN = "tune_configs/experiments/tiny_grpo.yaml"
SWEEP = "tune_configs/sweeps/tiny_lr.yaml"
# The shipped tiny experiment, made cheap for CI (HF engine starts in seconds, process sandbox),
# as tests/recipes/test_train.py does; the placement and packaging are the shipped file's own.
CHEAP = [
    "rollout.engine=hf",
    "rollout.max_tokens=16",
    'rollout.response_prefix="```python\\n"',
    "sandbox.backend=process",
    "sandbox.example_timeout_s=2",
    "tasks.max_prompt_tokens=1024",
    "logging.progress=false",
]


def job_id(name: str) -> str:
    return f"{name}-{secrets.token_hex(3)}"


def assert_run_dir(run_dir: Path, steps: int) -> None:
    """metrics, a checkpoint and a solution DB: what a user looks for after a run."""
    with open(run_dir / "metrics.csv") as f:
        rows = [r for r in csv.DictReader(f) if r["split"] == "train"]
    assert {int(r["step"]) for r in rows if r["key"] == "reward_mean"} == set(range(1, steps + 1))
    assert (run_dir / "checkpoints" / f"step-{steps:06d}" / "meta.json").is_file()
    with sqlite3.connect(run_dir / "solutions.sqlite") as db:
        assert db.execute("select count(*) from programs").fetchone()[0] > 0


def only_run(root: Path) -> Path:
    runs = [p for p in root.iterdir() if p.is_dir()]
    assert len(runs) == 1, runs
    return runs[0]


class TestOpenHead:
    """A local head with auth off on loopback (RAY_AUTH_MODE=disabled), as the README starts it."""

    @pytest.fixture(scope="class")
    def head(self, tmp_path_factory):
        with RayHead(tmp_path_factory.mktemp("open-head")) as head:
            print(f"\nhead up in {head.start_seconds:.1f} s")
            yield head

    @pytest.mark.timeout(420)
    def test_train_job_actors_and_metrics(self, head, tmp_path):
        runs = tmp_path / "runs"
        job = head.run_job(
            job_id("train"),
            ["golf-ray", "train", TRAIN, *CHEAP, f"checkpoint.dir={runs}"],
            timeout_s=360,
        )
        print(f"train job: {job.status} in {job.seconds:.1f} s")
        assert job.status == "SUCCEEDED", job.logs[-3000:]
        run_dir = only_run(runs)
        assert_run_dir(run_dir, steps=3)

        # The dashboard's Actors view (the state API): every role by run name, in this job.
        run = run_dir.name
        names = {a["name"] for a in head.actors() if a["name"].startswith(f"{run}/")}
        assert {f"{run}/rollout-0", f"{run}/learner-0"} <= names, names
        assert any(n.startswith(f"{run}/sandbox-") for n in names), names

        # Step metrics as Ray gauges on the node's metrics endpoint (the Metrics view).
        assert (run, "train") in job.metrics.get("ray_golf_ray_reward_mean", set()), job.metrics
        assert (run, "val") in job.metrics.get("ray_golf_ray_pass_1", set()), job.metrics

    @pytest.mark.timeout(660)
    def test_sweep_job(self, head, tmp_path):
        storage = tmp_path / "sweeps"
        job = head.run_job(
            job_id("sweep"),
            ["golf-ray", "sweep", SWEEP, "--storage", str(storage), "--quiet"],
            timeout_s=600,
        )
        print(f"sweep job: {job.status} in {job.seconds:.1f} s")
        assert job.status == "SUCCEEDED", job.logs[-3000:]
        exp = storage / "tiny-lr"
        with open(exp / "results.csv") as f:
            rows = list(csv.DictReader(f))
        assert len(rows) == 4
        assert {r["status"] for r in rows} <= {"done", "stopped"}, rows
        assert (exp / "best_config.yaml").is_file()
        for row in rows:  # ASHA may stop a trial at its grace period (2 steps): a checkpoint
            assert_run_dir(Path(row["run_dir"]), steps=int(row["steps"]))

    @pytest.mark.timeout(240)
    def test_a_config_the_cluster_cannot_place_fails_the_job_at_once(self, head, tmp_path):
        job = head.run_job(
            job_id("too-big"),
            [
                "golf-ray",
                "train",
                TRAIN,
                *CHEAP,
                "sandbox.num_actors=3",
                f"checkpoint.dir={tmp_path}",
            ],
            timeout_s=180,
        )
        print(f"unplaceable job: {job.status} in {job.seconds:.1f} s")
        assert job.status == "FAILED"
        errors = [x for x in job.logs.splitlines() if x.startswith("golf-ray: error:")]
        assert len(errors) == 1, job.logs[-3000:]
        assert "needs 4 CPUs (sandbox 3x1 + learner 1x1) and the cluster has 2" in errors[0]


class TestTokenHead:
    """Token auth on (Ray 2.60's default for the job API): refused without the token, a tiny
    training run with it."""

    @pytest.fixture(scope="class")
    def head(self, tmp_path_factory):
        with RayHead(tmp_path_factory.mktemp("token-head"), token=secrets.token_hex(32)) as head:
            print(f"\nhead up in {head.start_seconds:.1f} s")
            yield head

    @pytest.mark.timeout(60)
    def test_the_job_api_refuses_a_client_without_the_token(self, head):
        assert head.request("/api/jobs/", headers={})[0] == 401
        assert head.request("/api/jobs/", headers={"Authorization": "Bearer wrong"})[0] == 403
        sub = head.submit(job_id("no-token"), ["true"], with_token=False)
        assert sub.returncode != 0
        assert head.get("/api/jobs/") == []  # nothing was submitted

    @pytest.mark.timeout(420)
    def test_train_job_with_the_token(self, head, tmp_path):
        runs = tmp_path / "runs"
        started = time.monotonic()
        job = head.run_job(
            job_id("train"),
            ["golf-ray", "train", TRAIN, *CHEAP, f"checkpoint.dir={runs}"],
            timeout_s=360,
        )
        print(f"train job (token): {job.status} in {time.monotonic() - started:.1f} s")
        assert job.status == "SUCCEEDED", job.logs[-3000:]
        assert_run_dir(only_run(runs), steps=3)
