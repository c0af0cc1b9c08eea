"""golf_ray.rl.run: the run directory every loop writes, and the rules the loops share."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from golf_ray.config import LearnerConfig, LoggingConfig
from golf_ray.metrics import read_metrics
from golf_ray.rl.run import Run, due, fit_micro_batch, new_run_dir, step_seed


def test_run_writes_config_metrics_summary_and_curves(tmp_path: Path) -> None:
    extra: list[Path] = []
    with Run(tmp_path / "run", "name: x\n", LoggingConfig(tensorboard=False)) as run:
        assert run.name == "run" and run.checkpoints == tmp_path / "run" / "checkpoints"
        for step in (1, 2):
            run.log(step, {"reward_mean": 0.5 * step})
        run.log(2, {"pass@1": 0.25}, split="val")
        run.finish({"steps": 2}, plots=(extra.append,))
    assert (run.dir / "config.yaml").read_text() == "name: x\n"
    assert json.loads((run.dir / "summary.json").read_text()) == {"steps": 2}
    assert (run.dir / "curves.png").stat().st_size > 0 and extra == [run.dir]
    assert read_metrics(run.dir)["train"]["reward_mean"] == [(1, 0.5), (2, 1.0)]
    # resuming opens the same directory again and appends
    with Run(run.dir, "name: x\n", LoggingConfig(tensorboard=False)) as again:
        again.log(3, {"reward_mean": 2.0})
    assert [s for s, _ in read_metrics(run.dir)["train"]["reward_mean"]] == [1, 2, 3]


def test_new_run_dirs_never_collide(tmp_path: Path) -> None:
    first, second = new_run_dir(tmp_path, "exp"), new_run_dir(tmp_path, "exp")
    assert first != second and first.is_dir() and second.is_dir()
    assert first.name.startswith("exp-") and second.name.startswith(first.name)


def test_due_every_n_and_at_the_last_step() -> None:
    assert [d for d in range(1, 8) if due(d, 3, last=d == 7)] == [3, 6, 7]
    assert not any(due(d, 0, last=True) for d in range(1, 4))  # 0: never


@pytest.mark.parametrize(
    ("micro", "per_rank", "expected"), [(4, 6, (2, 3)), (8, 16, (8, 2)), (3, 5, (1, 5))]
)
def test_fit_micro_batch_makes_one_batch_per_step(micro, per_rank, expected) -> None:
    fitted = fit_micro_batch(LearnerConfig(micro_batch_size=micro), per_rank)
    assert (fitted.micro_batch_size, fitted.grad_accum_steps) == expected
    assert fitted.micro_batch_size * fitted.grad_accum_steps == per_rank


def test_step_seeds_differ_per_step_and_repeat_per_seed() -> None:
    seeds = [step_seed(0, s) for s in range(100)]
    assert len(set(seeds)) == 100 and step_seed(0, 5) == seeds[5] and step_seed(1, 0) == 1
