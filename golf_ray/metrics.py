"""Training metrics: a tidy CSV, TensorBoard, optional W&B, and a PNG of the headline curves.

`RUN/metrics.csv` is long ("tidy") form, one value per row: `step,split,key,value,time`. New keys
can appear at any step without rewriting a header, appending is crash-safe (at worst a torn last
line, which readers skip), and a resumed run just appends; when a step is logged twice (a resume
replays steps after its checkpoint) readers keep the last value. `RUN/tasks.csv` holds per-task
pass rates the same way: `step,split,task_id,pass_rate`.

Keys the curves know (a key matches by its last `/` component, so `learner/policy_loss` counts):
`reward_mean`, `success_rate`, `pass_at_1` (or `pass_rate`), `golf_points`, any `*_loss`, `kl` /
`approx_kl`, `entropy`, `grad_norm`, `tokens_per_s` / `samples_per_s`, and `time/<phase>` from
`StepTimer`. Split `train` is drawn solid, any other split (`val`, `eval`) dashed with markers.
"""

from __future__ import annotations

import csv
import io
import math
import os
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from golf_ray.config import ConfigError, LoggingConfig
from golf_ray.fileio import atomic_write_bytes, atomic_write_text
from golf_ray.ray_metrics import RayMetrics

METRICS_CSV = "metrics.csv"
TASKS_CSV = "tasks.csv"
CURVES_PNG = "curves.png"
_METRICS_HEADER = ["step", "split", "key", "value", "time"]
_TASKS_HEADER = ["step", "split", "task_id", "pass_rate"]

# split -> key -> [(step, value)] in step order
Series = dict[str, dict[str, list[tuple[int, float]]]]


class _TidyCSV:
    """An append-only CSV with a fixed header; reopening appends after a torn last line."""

    def __init__(self, path: Path, header: list[str]) -> None:
        self.path = path
        fresh = not path.exists() or path.stat().st_size == 0
        if not fresh:
            _check_header(path, header)
        self._file = path.open("a", newline="", encoding="utf-8")
        if not fresh and not _ends_with_newline(path):
            self._file.write("\n")  # a crash left half a row; start ours on a new line
        self._writer = csv.writer(self._file)
        if fresh:
            self._writer.writerow(header)

    def write(self, rows: list[list[Any]]) -> None:
        self._writer.writerows(rows)
        self._file.flush()  # a crashed run keeps everything logged so far

    def rewind(self, step: int) -> None:
        """Drop the rows of steps after `step` (and a torn last line): a resumed run logs them
        again."""
        self._file.close()
        with self.path.open(newline="", encoding="utf-8") as f:
            header, *rows = list(csv.reader(f))
        kept = [r for r in rows if len(r) == len(header) and r[0].isdigit() and int(r[0]) <= step]
        text = io.StringIO()
        csv.writer(text).writerows([header, *kept])
        atomic_write_text(self.path, text.getvalue())
        self._file = self.path.open("a", newline="", encoding="utf-8")
        self._writer = csv.writer(self._file)

    def close(self) -> None:
        self._file.close()


def _check_header(path: Path, header: list[str]) -> None:
    with path.open(newline="", encoding="utf-8") as f:
        found = next(csv.reader(f), [])
    if found != header:
        raise ValueError(f"{path}: not a golf-ray CSV (header {found}, expected {header})")


def _ends_with_newline(path: Path) -> bool:
    with path.open("rb") as f:
        f.seek(-1, os.SEEK_END)
        return f.read(1) == b"\n"


class MetricsLogger:
    """Writes each `log()` to the CSV, TensorBoard (`RUN/tb/`) and W&B, as `cfg` enables, and
    to Ray gauges (`golf_ray/ray_metrics.py`) when Ray is running.

    `cfg.log_every` thins the train split: train metrics of steps that are not a multiple of it
    are dropped; other splits (evaluations) are always kept.
    """

    def __init__(
        self, run_dir: str | Path, cfg: LoggingConfig, config: Mapping[str, Any] | None = None
    ) -> None:
        self.run_dir = Path(run_dir)
        self.run_dir.mkdir(parents=True, exist_ok=True)
        self.cfg = cfg
        self._csv = _TidyCSV(self.run_dir / METRICS_CSV, _METRICS_HEADER) if cfg.csv else None
        self._tasks = _TidyCSV(self.run_dir / TASKS_CSV, _TASKS_HEADER) if cfg.csv else None
        self._tb = None
        if cfg.tensorboard:
            from torch.utils.tensorboard import SummaryWriter  # deferred: imports torch

            self._tb = SummaryWriter(log_dir=str(self.run_dir / "tb"))
        self._wandb = _start_wandb(self.run_dir, config) if cfg.wandb else None
        self._ray = RayMetrics(self.run_dir.name)  # the dashboard's view; no-op without Ray

    def _keep(self, step: int, split: str) -> bool:
        return split != "train" or step % max(self.cfg.log_every, 1) == 0

    def log(self, step: int, metrics: Mapping[str, Any], split: str = "train") -> None:
        """Record scalar metrics (floats, ints, bools, numpy or 0-d torch values) for a step."""
        if not self._keep(step, split):
            return
        values = {}
        for key, value in metrics.items():
            try:
                values[key] = float(value)
            except (TypeError, ValueError):
                raise TypeError(f"metric {key!r}: {value!r} is not a number") from None
        now = time.time()
        if self._csv:
            self._csv.write([[step, split, k, repr(v), f"{now:.3f}"] for k, v in values.items()])
        if self._tb:
            for key, value in values.items():
                self._tb.add_scalar(f"{split}/{key}", value, step)
            self._tb.flush()
        if self._wandb:
            self._wandb.log({f"{split}/{k}": v for k, v in values.items()}, step=step)
        self._ray.publish(step, values, split)

    def rewind(self, step: int) -> None:
        """Forget what was logged after `step` (a run resumed from the checkpoint of `step`):
        CSV rows go, TensorBoard hides the later events (`purge_step`). W&B keeps its own."""
        for table in (self._csv, self._tasks):
            if table:
                table.rewind(step)
        if self._tb:
            from torch.utils.tensorboard import SummaryWriter  # deferred: imports torch

            self._tb.close()
            self._tb = SummaryWriter(log_dir=str(self.run_dir / "tb"), purge_step=step + 1)

    def log_tasks(self, step: int, pass_rates: Mapping[str, float], split: str = "train") -> None:
        """Per-task pass rates for a step (read back with `task_history`)."""
        if not self._keep(step, split) or not pass_rates:
            return
        if self._tasks:
            self._tasks.write([[step, split, t, repr(float(r))] for t, r in pass_rates.items()])
        if self._tb:
            import numpy as np

            rates = np.array([float(r) for r in pass_rates.values()])
            self._tb.add_histogram(f"{split}/task_pass_rate", rates, step)
            self._tb.flush()

    def close(self) -> None:
        for sink in (self._csv, self._tasks, self._tb):
            if sink:
                sink.close()
        if self._wandb:
            self._wandb.finish()

    def __enter__(self) -> MetricsLogger:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _start_wandb(run_dir: Path, config: Mapping[str, Any] | None):
    try:
        import wandb
    except ImportError:
        raise ConfigError(
            "logging.wandb is true but wandb is not installed (pip install wandb, "
            "or set logging.wandb=false)"
        ) from None
    # WANDB_MODE=offline (or disabled) is honoured: passed through, never overridden.
    return wandb.init(
        project=os.environ.get("WANDB_PROJECT", "golf-ray"),
        name=run_dir.name,
        dir=str(run_dir),
        config=dict(config or {}),
        mode=os.environ.get("WANDB_MODE"),
    )


# --------------------------------------------------------------------------- reading


def _read_rows(path: Path, header: list[str]) -> Iterator[list[str]]:
    if not path.is_file():
        raise FileNotFoundError(f"{path}: no such file (is logging.csv on?)")
    _check_header(path, header)
    with path.open(newline="", encoding="utf-8") as f:
        rows = csv.reader(f)
        next(rows)
        yield from (row for row in rows if len(row) == len(header))


def _collect(triples: Iterator[tuple[str, str, int, float]]) -> Series:
    latest: dict[tuple[str, str], dict[int, float]] = {}
    for split, key, step, value in triples:
        latest.setdefault((split, key), {})[step] = value  # a later row for a step wins
    out: Series = {}
    for (split, key), by_step in latest.items():
        out.setdefault(split, {})[key] = sorted(by_step.items())
    return out


def _parse(rows: Iterator[list[str]]) -> Iterator[tuple[str, str, int, float]]:
    """(split, key or task id, step, value): both CSVs keep these in columns 1, 2, 0, 3."""
    for row in rows:
        try:
            yield row[1], row[2], int(row[0]), float(row[3])
        except ValueError:  # a torn row from a crash
            continue


def read_metrics(run_dir: str | Path) -> Series:
    """`{split: {key: [(step, value), ...]}}` from `RUN/metrics.csv`, steps ascending."""
    return _collect(_parse(_read_rows(Path(run_dir) / METRICS_CSV, _METRICS_HEADER)))


def task_history(run_dir: str | Path, split: str = "train") -> dict[str, list[tuple[int, float]]]:
    """`{task_id: [(step, pass_rate), ...]}` for one split, steps ascending."""
    rows = _parse(_read_rows(Path(run_dir) / TASKS_CSV, _TASKS_HEADER))
    return _collect(rows).get(split, {})


# --------------------------------------------------------------------------- timing


@dataclass
class StepTimer:
    """Seconds per phase of one step: `with timer("generate"): ...`; phases may repeat (summed).

    `metrics()` gives `time/<phase>` plus `time/step`, the wall time since the timer was made
    (so the gap between it and the phases is untimed overhead)."""

    seconds: dict[str, float] = field(default_factory=dict)
    started: float = field(default_factory=time.perf_counter)

    @contextmanager
    def __call__(self, phase: str) -> Iterator[None]:
        start = time.perf_counter()
        try:
            yield
        finally:
            self.seconds[phase] = self.seconds.get(phase, 0.0) + time.perf_counter() - start

    def metrics(self) -> dict[str, float]:
        out = {f"time/{phase}": s for phase, s in self.seconds.items()}
        out["time/step"] = time.perf_counter() - self.started
        return out


# --------------------------------------------------------------------------- curves


@dataclass(frozen=True)
class Panel:
    title: str
    match: Callable[[str], bool]  # on the key's last "/" component
    ylabel: str = ""
    log_y: bool = False


def _names(*names: str) -> Callable[[str], bool]:
    return lambda name: name in names


PANELS = (
    Panel("Reward (mean)", _names("reward_mean"), "reward"),
    Panel("Success rate (all examples pass)", _names("success_rate"), "fraction"),
    Panel("pass@1", _names("pass_at_1", "pass@1", "pass_rate"), "fraction"),
    Panel("Golf points (best per task, summed)", _names("golf_points"), "points"),
    Panel("Losses", lambda name: name == "loss" or name.endswith("_loss"), "loss"),
    Panel("KL divergence", _names("kl", "approx_kl"), "nats / token"),
    Panel("Entropy", _names("entropy"), "nats / token"),
    Panel("Gradient norm (before clipping)", _names("grad_norm"), "L2 norm", log_y=True),
    Panel("Throughput", _names("tokens_per_s", "samples_per_s"), "per second", log_y=True),
)
TIME_PANEL = "Step time by phase"


def moving_mean(values: list[float], window: int) -> list[float]:
    """Centred moving mean ignoring NaNs, so a noisy train curve shows its trend without lag."""
    half, out = window // 2, []
    for i in range(len(values)):
        near = [v for v in values[max(0, i - half) : i + half + 1] if not math.isnan(v)]
        out.append(sum(near) / len(near) if near else math.nan)
    return out


def _draw_series(ax, label: str, points: list[tuple[int, float]], train: bool, color) -> None:
    steps, values = [s for s, _ in points], [v for _, v in points]
    if not train:
        ax.plot(steps, values, "--o", color=color, markersize=4, label=label)
    elif len(points) >= 20:
        ax.plot(steps, values, color=color, alpha=0.25, linewidth=1)
        window = max(5, len(points) // 20) | 1  # odd: centred
        ax.plot(
            steps, moving_mean(values, window), color=color, label=f"{label} (mean of {window})"
        )
    else:
        marker = "." if len(points) < 5 else None  # a few points would otherwise be invisible
        ax.plot(steps, values, "-", color=color, marker=marker, label=label)


def _panel_series(series: Series, panel: Panel) -> list[tuple[str, str, list]]:
    """(split, key, points) matching a panel, train first."""
    found = []
    for split in sorted(series, key=lambda s: (s != "train", s)):
        for key in sorted(series[split]):
            if panel.match(key.rsplit("/", 1)[-1]) and not key.startswith("time/"):
                found.append((split, key, series[split][key]))
    return found


def plot_curves(run_dir: str | Path, out: str | Path | None = None) -> Path:
    """Draw the headline metrics of `RUN/metrics.csv` into `RUN/curves.png` (atomically): one
    panel per metric that has data, train and validation lines together."""
    from matplotlib.figure import Figure  # deferred: matplotlib is slow to import

    run_dir = Path(run_dir)
    out = Path(out) if out else run_dir / CURVES_PNG
    series = read_metrics(run_dir)
    panels = [(p, found) for p in PANELS if (found := _panel_series(series, p))]
    timing = {k: v for k, v in series.get("train", {}).items() if k.startswith("time/")}

    n = len(panels) + bool(timing)
    cols = min(3, max(n, 1))
    rows = max(1, math.ceil(n / cols))
    fig = Figure(figsize=(5.2 * cols, 3.6 * rows), dpi=100, layout="constrained")
    fig.suptitle(f"{run_dir.name}: training curves", fontsize=14)
    axes = fig.subplots(rows, cols, squeeze=False).ravel()
    for ax, (panel, found) in zip(axes, panels, strict=False):
        keys = {key for _, key, _ in found}
        for i, (split, key, points) in enumerate(found):
            label = split if len(keys) == 1 else f"{key} ({split})"
            _draw_series(ax, label, points, split == "train", f"C{i}")
        values = [v for _, _, points in found for _, v in points if math.isfinite(v)]
        # Log scale only where it helps: positive values spanning orders of magnitude.
        log_y = panel.log_y and bool(values) and min(values) > 0 and max(values) > 30 * min(values)
        _style(ax, panel.title, panel.ylabel, log_y)
    if timing:
        _draw_timing(axes[len(panels)], timing)
    for ax in axes[n:]:
        ax.set_axis_off()
    if n == 0:
        axes[0].text(0.5, 0.5, "no headline metrics logged yet", ha="center", va="center")
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")
    return atomic_write_bytes(out, buffer.getvalue())


def _draw_timing(ax, timing: dict[str, list[tuple[int, float]]]) -> None:
    """Phases stacked in the order they first ran (where every phase has the step), the whole
    step as a line on top."""
    total = timing.pop("time/step", None)
    phases = list(timing)
    if phases:
        common = sorted(set.intersection(*(set(dict(timing[p])) for p in phases)))
        stacks = [[dict(timing[p])[s] for s in common] for p in phases]
        ax.stackplot(common, stacks, labels=[p.removeprefix("time/") for p in phases], alpha=0.7)
    if total:
        ax.plot([s for s, _ in total], [v for _, v in total], color="black", label="whole step")
    _style(ax, TIME_PANEL, "seconds", False)


def _style(ax, title: str, ylabel: str, log_y: bool) -> None:
    ax.set_title(title, fontsize=11)
    ax.set_xlabel("step")
    ax.set_ylabel(ylabel)
    if log_y:
        ax.set_yscale("log")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=8, loc="best")
