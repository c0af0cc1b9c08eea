"""The studies' reports (golf_ray/recipes/study.py runs them): each reads the runs of one study
and states its properties as verdicts with their numbers, and draws its figure.

A report is a function of the study's trials (`Trial`: label, typed config, the series of its
`metrics.csv`) returning a `Report`. A property that is a law of the code (the LR formula, the
clipping bound, a metric logged every step) is checked here and tested too; a statistical one is
only stated. A run that logged nothing passes no check.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from golf_ray.algorithms.schedules import lr_factor
from golf_ray.config import Config

HOLDS, FAILS, MEASURED = "holds", "does not hold", "measured"


@dataclass
class Trial:
    """One training run of a study: its label (searched values), config and logged series."""

    label: str
    cfg: Config
    series: dict[str, dict[str, list[tuple[int, float]]]]
    status: str

    def train(self, key: str) -> list[tuple[int, float]]:
        return self.series.get("train", {}).get(key, [])


@dataclass
class Verdict:
    status: str  # HOLDS | FAILS | MEASURED
    prop: str
    numbers: str

    def line(self) -> str:
        return f"- **{self.status}** {self.prop}: {self.numbers}"


@dataclass
class Report:
    title: str
    verdicts: list[Verdict] = field(default_factory=list)
    figures: dict[str, Any] = field(default_factory=dict)  # file name -> matplotlib Figure
    notes: list[str] = field(default_factory=list)

    def check(self, holds: bool, prop: str, numbers: str) -> None:
        self.verdicts.append(Verdict(HOLDS if holds else FAILS, prop, numbers))

    def measure(self, prop: str, numbers: str) -> None:
        self.verdicts.append(Verdict(MEASURED, prop, numbers))


# --------------------------------------------------------------------------- helpers


def last_step(t: Trial) -> int:
    return max((s for s, _ in t.train("step")), default=0)


def _values(points: list[tuple[int, float]]) -> list[float]:
    return [v for _, v in points if math.isfinite(v)]


def _thirds(points: list[tuple[int, float]]) -> tuple[float, float]:
    """Mean of the first and of the last third of a series (nan when too short)."""
    values = _values(points)
    n = len(values) // 3
    if n == 0:
        return math.nan, math.nan
    return statistics.fmean(values[:n]), statistics.fmean(values[-n:])


def _slope(points: list[tuple[int, float]]) -> float:
    """Least-squares slope per step (nan with fewer than two finite points)."""
    pts = [(s, v) for s, v in points if math.isfinite(v)]
    if len(pts) < 2:
        return math.nan
    return statistics.linear_regression([s for s, _ in pts], [v for _, v in pts]).slope


def _figure(panels: int, title: str):
    from matplotlib.figure import Figure  # deferred: matplotlib is slow to import

    fig = Figure(figsize=(5.4 * panels, 3.8), dpi=100, layout="constrained")
    fig.suptitle(title, fontsize=13)
    return fig, fig.subplots(1, panels, squeeze=False).ravel()


def _plot(ax, points, label: str, color: str, style: str = "-") -> None:
    if len(points) < 20 and style in ("-", ":"):
        style = f".{style}"  # few points: show them
    ax.plot([s for s, _ in points], [v for _, v in points], style, color=color, label=label)


def _style(ax, title: str, ylabel: str) -> None:
    ax.set_title(title, fontsize=11)
    ax.set_xlabel("step")
    ax.set_ylabel(ylabel)
    ax.grid(True, alpha=0.3)
    if ax.get_legend_handles_labels()[0]:
        ax.legend(fontsize=7, loc="best")


def _every_step(trials: list[Trial], key: str) -> tuple[bool, str]:
    """Whether each run logged a finite `key` at each of its steps, and the counts."""
    counts = []
    for t in trials:
        steps = {s for s, _ in t.train("step")}
        logged = {s for s, v in t.train(key) if math.isfinite(v)}
        counts.append((t.label, len(steps & logged), len(steps)))
    ok = all(n == total and total > 0 for _, n, total in counts)
    return ok, "; ".join(f"{n}/{total} steps ({label})" for label, n, total in counts)


# --------------------------------------------------------------------------- reports


def learning_curves(trials: list[Trial]) -> Report:
    """Study 2: train and validation metrics over steps for every run, on one figure."""
    report = Report("Learning curves: train and validation metrics over steps")
    fig, (ax_train, ax_val) = _figure(2, "learning curves (train solid, validation dashed)")
    for i, t in enumerate(trials):
        color = f"C{i % 10}"
        _plot(ax_train, t.train("reward_mean"), f"{t.label} reward", color)
        _plot(ax_train, t.train("success_rate"), f"{t.label} success", color, ":")
        for split, style in (("train_eval", "-o"), ("val", "--s")):
            points = t.series.get(split, {}).get("pass@1", [])
            _plot(ax_val, points, f"{t.label} {split}", color, style)
    _style(ax_train, "train: reward_mean (solid), success_rate (dotted)", "value")
    _style(ax_val, "pass@1: train tasks (solid) vs held-out (dashed)", "pass@1")
    report.figures["learning_curves.png"] = fig

    ok, counts = _every_step(trials, "reward_mean")
    report.check(ok, "train reward logged at every step of every run", counts)
    evaluated = []
    for t in trials:
        every, last = t.cfg.eval_every, last_step(t)
        want = {s for s in range(1, last + 1) if every and (s % every == 0 or s == t.cfg.steps)}
        got = {s for s, _ in t.series.get("val", {}).get("pass@1", [])}
        evaluated.append((t.label, want <= got and bool(want), len(got), len(want)))
    report.check(
        all(ok for _, ok, _, _ in evaluated),
        "validation pass@1 logged at every evaluation step (eval_every and the last)",
        "; ".join(f"{g}/{w} ({label})" for label, _, g, w in evaluated),
    )
    rises = [(t.label, *_thirds(t.train("reward_mean"))) for t in trials]
    report.check(
        all(b > a for _, a, b in rises),
        "train reward rises (mean of the last third above the first third, every run)",
        "; ".join(f"{a:.3f} -> {b:.3f} ({label})" for label, a, b in rises),
    )
    gaps = []
    for t in trials:
        val = _values(t.series.get("val", {}).get("pass@1", []))
        seen = _values(t.series.get("train_eval", {}).get("pass@1", []))
        if val and seen:
            gaps.append(f"train {seen[-1]:.3f} vs held-out {val[-1]:.3f} ({t.label})")
    report.measure("final pass@1, train tasks vs held-out", "; ".join(gaps) or "no evaluation")
    return report


def entropy_grad_norms(trials: list[Trial]) -> Report:
    """Study 5: entropy's trend; the gradient norm every step, never above the clip after it."""
    report = Report("Entropy and gradient norms")
    fig, (ax_ent, ax_norm) = _figure(2, "policy entropy and gradient norms")
    for i, t in enumerate(trials):
        color = f"C{i % 10}"
        _plot(ax_ent, t.train("entropy"), t.label, color)
        _plot(ax_norm, t.train("grad_norm"), f"{t.label} before clipping", color, ":")
        _plot(ax_norm, t.train("grad_norm_clipped"), f"{t.label} after", color)
        ax_norm.axhline(t.cfg.learner.grad_clip, color=color, linewidth=0.8, linestyle="--")
    _style(ax_ent, "mean token entropy of the policy's responses", "nats")
    _style(ax_norm, "gradient norm (dashed: learner.grad_clip)", "L2 norm")
    clips = [t.cfg.learner.grad_clip for t in trials if t.cfg.learner.grad_clip > 0]
    ax_norm.set_yscale("symlog", linthresh=min(clips, default=1.0) / 10)  # zero norms happen
    ax_norm.set_ylim(bottom=0)
    report.figures["entropy_grad_norms.png"] = fig

    ok, counts = _every_step(trials, "grad_norm")
    report.check(ok, "gradient norm logged at every step", counts)
    worst, clipped, total = [], 0, 0
    for t in trials:
        clip = t.cfg.learner.grad_clip
        after = _values(t.train("grad_norm_clipped"))
        before = _values(t.train("grad_norm"))
        clipped += sum(v > clip for v in before)
        total += len(before)
        worst.append((t.label, max(after, default=math.nan), clip))
    report.check(
        all(m <= c * (1 + 1e-5) for _, m, c in worst),
        "gradient norm after clipping never above learner.grad_clip",
        "; ".join(f"max {m:.4g} <= {c:g} ({label})" for label, m, c in worst)
        + f"; clipping engaged on {clipped}/{total} steps",
    )
    slopes = [(t.label, _slope(t.train("entropy")), *_thirds(t.train("entropy"))) for t in trials]
    report.check(
        all(s < 0 for _, s, _, _ in slopes),
        "entropy falls over training (negative least-squares slope, every run)",
        "; ".join(f"{s:+.3g}/step, {a:.3f} -> {b:.3f} ({label})" for label, s, a, b in slopes),
    )
    return report


def lr_schedules(trials: list[Trial]) -> Report:
    """Study 7: the LR applied at every step equals its schedule's formula; reward by schedule."""
    report = Report("Learning-rate schedules")
    fig, (ax_lr, ax_reward) = _figure(2, "learning-rate schedules")
    errors, rewards = [], []
    for i, t in enumerate(trials):
        color, lc = f"C{i % 10}", t.cfg.learner
        applied = t.train("lr")
        formula = [
            (s, lc.lr * lr_factor(lc.lr_schedule, s - 1, lc.warmup_steps, t.cfg.steps))
            for s, _ in applied
        ]
        _plot(ax_lr, applied, f"{t.label} applied", color, "o")
        _plot(ax_lr, formula, f"{t.label} formula", color)
        _plot(ax_reward, t.train("reward_mean"), t.label, color)
        gaps = [abs(a - f) / lc.lr for (_, a), (_, f) in zip(applied, formula, strict=True)]
        error = max(gaps, default=math.nan)
        errors.append((t.label, error, len(applied), t.cfg.steps))
        rewards.append((t.label, _thirds(t.train("reward_mean"))[1]))
    _style(ax_lr, "LR applied per step (dots) and the formula (line)", "learning rate")
    _style(ax_reward, "reward_mean", "reward")
    report.figures["lr_schedules.png"] = fig
    report.check(
        all(e <= 1e-9 and n == steps for _, e, n, steps in errors),
        "the LR applied at every step equals the schedule's formula",
        "; ".join(
            f"max |applied - formula| / lr = {e:.1e} over {n}/{s} steps ({label})"
            for label, e, n, s in errors
        ),
    )
    report.measure(
        "reward by schedule (mean of the last third of the steps)",
        "; ".join(f"{r:.3f} ({label})" for label, r in rewards),
    )
    return report


def optimizers(trials: list[Trial]) -> Report:
    """Study 6: steps each optimizer takes to reach a reward threshold, the same for all runs:
    halfway from where the runs start (mean of their first three steps) to the best any run
    ends at (mean of its last third), read off each run's 3-step moving mean."""
    report = Report("Optimizers: steps to a threshold reward")
    fig, (ax,) = _figure(1, "reward_mean by optimizer (3-step moving mean)")
    first = [v for t in trials for v in _values(t.train("reward_mean"))[:3]]
    start = statistics.fmean(first) if first else math.nan
    best = max((_thirds(t.train("reward_mean"))[1] for t in trials), default=math.nan)
    threshold = start + (best - start) / 2
    reached = []
    for i, t in enumerate(trials):
        lc = t.cfg.learner
        label = f"{lc.optimizer} lr={lc.lr:g}"
        if lc.optimizer == "sgd":
            label += f" momentum={lc.momentum:g}"
        points = t.train("reward_mean")
        smooth = [
            (s, statistics.fmean(v for _, v in points[max(0, j - 2) : j + 1]))
            for j, (s, _) in enumerate(points)
        ]
        _plot(ax, smooth, label, f"C{i % 10}")
        step = next((s for s, v in smooth if v >= threshold), None)
        reached.append((label, step, len(points)))
    ax.axhline(threshold, color="black", linewidth=0.8, linestyle="--", label="threshold")
    _style(ax, f"threshold {threshold:.3f} (dashed)", "reward_mean")
    report.figures["optimizers.png"] = fig
    report.measure(
        f"steps to reach reward {threshold:.3f} (start {start:.3f}, best final {best:.3f})",
        "; ".join(
            f"{label}: {step if step is not None else f'not within {n}'}"
            for label, step, n in reached
        ),
    )
    finite = [(t.cfg.learner.optimizer, _every_step([t], "grad_norm")[0]) for t in trials]
    report.check(
        all(ok for _, ok in finite),
        "every optimizer's run logged a finite gradient norm at every step",
        ", ".join(f"{name} {'yes' if ok else 'no'}" for name, ok in finite),
    )
    return report


REPORTS: dict[str, Callable[[list[Trial]], Report]] = {
    "optimizers": optimizers,
    "learning_curves": learning_curves,
    "entropy_grad_norms": entropy_grad_norms,
    "lr_schedules": lr_schedules,
}
