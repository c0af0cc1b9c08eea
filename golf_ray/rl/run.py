"""A run of any loop (train, adversarial, agent): its directory, the config snapshot, metrics,
`due(...)`, and summary.json and curves at the end. Checkpoints go under `run.checkpoints` in the
layout of golf_ray.rl.checkpoints. Also the two rules every loop shares: a sampling seed per
step, and fitting a learner's micro-batch to one step's samples.
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from golf_ray.config import LearnerConfig, LoggingConfig
from golf_ray.fileio import atomic_write_json, atomic_write_text
from golf_ray.logs import RunLogs
from golf_ray.metrics import MetricsLogger, plot_curves
from golf_ray.rl import checkpoints


def step_seed(seed: int, step: int) -> int:
    """A sampling seed per step: reproducible runs whose steps (and resumes) still differ."""
    return seed + 7919 * step


def fit_micro_batch(learner: LearnerConfig, per_rank: int) -> LearnerConfig:
    """Gradient accumulation derived so `per_rank` samples make exactly one learner batch: the
    micro-batch is the largest divisor of `per_rank` not above the configured one's gcd."""
    micro = math.gcd(per_rank, learner.micro_batch_size)
    return dataclasses.replace(learner, micro_batch_size=micro, grad_accum_steps=per_rank // micro)


def due(done: int, every: int, last: bool = False) -> bool:
    """Every `every` steps (0: never), and at the last step whatever the count."""
    return bool(every) and (done % every == 0 or last)


def new_run_dir(base: str | Path, name: str) -> Path:
    """`BASE/NAME-YYYYmmdd-HHMMSS`, made now; never one that exists (two runs in one second)."""
    stem = Path(base) / f"{name}-{time.strftime('%Y%m%d-%H%M%S')}"
    for n in range(1, 1000):
        path = stem if n == 1 else stem.with_name(f"{stem.name}-{n}")
        try:
            path.mkdir(parents=True)
            return path
        except FileExistsError:
            continue
    raise FileExistsError(f"{stem}: too many runs started in the same second")


class Run:
    """A run directory, opened for writing: `config.yaml` (the config as given), the metrics
    logger (CSV, TensorBoard, W&B, Ray gauges, as `logging` enables), the log files under
    `logs/` (golf_ray.logs), and on `finish` summary.json and curves.png. Resuming a run opens
    its directory again."""

    def __init__(
        self,
        path: str | Path,
        config_yaml: str,
        logging: LoggingConfig,
        config: Mapping[str, Any] | None = None,
    ) -> None:
        self.dir = Path(path)
        self.dir.mkdir(parents=True, exist_ok=True)
        atomic_write_text(self.dir / "config.yaml", config_yaml)
        self.logs = RunLogs(self.dir)  # RUN/logs/: what the terminal does not show
        # before any actor starts: a logging problem (wandb without wandb) stops the run here
        try:
            self.metrics = MetricsLogger(self.dir, logging, config=config)
        except BaseException:
            self.logs.close()
            raise

    @property
    def name(self) -> str:
        """Actor names carry it: runs side by side (Tune trials) do not collide."""
        return self.dir.name

    @property
    def checkpoints(self) -> Path:
        return self.dir / checkpoints.CHECKPOINTS

    def log(self, step: int, metrics: Mapping[str, Any], split: str = "train") -> None:
        self.metrics.log(step, metrics, split=split)

    def rewind(self, step: int) -> None:
        """Resumed from the checkpoint of `step`: forget the metrics logged after it."""
        self.metrics.rewind(step)

    def finish(
        self, summary: dict[str, Any], plots: tuple[Callable[[Path], Any], ...] = ()
    ) -> None:
        """summary.json, then curves.png and any other `plots` of the run dir."""
        atomic_write_json(self.dir / "summary.json", summary)
        for plot in (plot_curves, *plots):
            plot(self.dir)

    def close(self, stopped_by: str | None = None) -> None:
        self.metrics.close()
        self.logs.close(stopped_by)

    def __enter__(self) -> Run:
        return self

    def __exit__(self, exc_type: type | None, *exc: object) -> None:
        # bad input (config, placement, a missing file) is one line already; the logs add nothing
        bad_input = exc_type is not None and issubclass(exc_type, (ValueError, FileNotFoundError))
        self.close(None if exc_type is None or bad_input else exc_type.__name__)
