"""GRPO on two reasoning_gym datasets with the tiny model (real rollout and learner actors), then
`golf-ray bench --run` of the starting and the trained model: per-(model, task) JSON, the
summary table and the chart. Plus the table, chart and command-line checks without Ray."""

from __future__ import annotations

import json
import struct

import pytest

from golf_ray.bench import BenchSettings, format_table, parse_model_spec, plot_accuracy
from golf_ray.cli import main
from golf_ray.config import load_config
from golf_ray.metrics import read_metrics
from golf_ray.recipes.train import train

TASKS = ["chain_sum", "leg_counting"]
OVERRIDES = [
    "steps=2",
    "prompts_per_step=2",
    "eval_every=2",
    "eval_tasks=2",
    "tasks.size=6",
    "tasks.val_fraction=0.25",  # 3 of the 12 items held out
    "rollout.samples_per_prompt=2",
    "rollout.max_tokens=8",
    "rollout.engine=hf",
    "rollout.num_cpus=0",
    'rollout.response_prefix="<answer>"',
    "learner.num_cpus=0",
    "learner.micro_batch_size=2",
    "checkpoint.every=2",
    "logging.tensorboard=false",
]


def _png_size(path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", head[16:24])


@pytest.mark.slow
def test_train_on_reasoning_then_bench_base_vs_trained(ray_session, tmp_path, capsys):
    cfg = load_config("experiments/reasoning_tiny.yaml", OVERRIDES)
    assert cfg.tasks.names == TASKS
    run_dir = tmp_path / "run"
    run_dir.mkdir()
    result = train(cfg, run_dir=run_dir, progress=False)
    assert result.steps == 2

    series = read_metrics(run_dir)
    train_metrics = series["train"]
    assert sorted(s for s, _ in train_metrics["reward_mean"]) == [1, 2]
    for key in (
        "reward/correctness",
        "reward/format",
        "policy_loss",
        "mem/rollout_peak_gib",
        "mem/learner_peak_gib",
        "mem/driver_peak_gib",
    ):
        assert key in train_metrics, key
    assert not any(k.startswith("mem/sandbox") for k in train_metrics)  # no sandbox here
    assert 0.01 < train_metrics["mem/learner_peak_gib"][-1][1] < 24
    assert {"pass@1", "score_mean", "format_rate"} <= set(series["val"])
    assert (run_dir / "checkpoints" / "step-000002" / "policy" / "model.safetensors").exists()

    out = tmp_path / "bench"
    code = main(
        [
            "bench",
            "--run",
            str(run_dir),
            "--size",
            "3",
            "--engine",
            "hf",
            "--cpus-per-model",
            "0",
            "--out",
            str(out),
        ]
    )
    assert code == 0
    printed = capsys.readouterr().out
    assert "| model" in printed and "trained" in printed

    ids = {}
    for model in ("base", "trained"):
        for task in TASKS:
            report = json.loads((out / model / f"{task}.json").read_text())
            assert report["model"] == model and report["task"] == task and report["n"] == 3
            assert 0.0 <= report["accuracy"] <= 1.0
            assert report["settings"]["response_prefix"] == "<answer>"  # the run's format
            assert report["settings"]["max_tokens"] == 8
            ids[model, task] = [(r["id"], r["question"]) for r in report["items"]]
            for r in report["items"]:
                assert r["correct"] == (r["score"] >= 1.0)
    # Every model saw the same items.
    assert all(ids["base", t] == ids["trained", t] for t in TASKS)
    summary = json.loads((out / "summary.json").read_text())
    assert set(summary["results"]) == {"base", "trained"}
    assert set(summary["results"]["base"]) == set(TASKS)
    assert "checkpoints" in summary["models"]["trained"]
    assert (out / "summary.md").read_text().startswith("| model")
    width, height = _png_size(out / "accuracy.png")
    assert width >= 400 and height >= 300


def test_table_and_chart(tmp_path):
    accuracy = {"base": {"a": 0.0, "b": 0.5}, "trained": {"a": 0.25, "b": 1.0}}
    table = format_table(accuracy, ["a", "b"]).splitlines()
    assert table[0].split("|")[1:-1] == [" model   ", " a     ", " b     ", " mean  "]
    assert table[3].split("|")[1:-1] == [" trained ", " 0.250 ", " 1.000 ", " 0.625 "]
    path = plot_accuracy(accuracy, ["a", "b"], tmp_path / "chart.png")
    assert path.stat().st_size > 5_000 and _png_size(path)[0] >= 400


def test_bad_command_lines_fail_with_one_line(tmp_path, capsys):
    assert main(["bench", "--model", "tiny", "--tasks", "chain_sun", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err == (
        "golf-ray: error: bench: --tasks: unknown reasoning_gym dataset 'chain_sun' "
        "(did you mean 'chain_sum'?)"
    )
    assert main(["bench", "--run", str(tmp_path), "--out", str(tmp_path)]) == 2
    assert "no config.yaml" in capsys.readouterr().err
    with pytest.raises(ValueError, match="LABEL=PATH"):
        parse_model_spec("bad label=tiny")
    assert (
        BenchSettings(tasks=TASKS).seed != load_config("experiments/reasoning_tiny.yaml").tasks.seed
    )
