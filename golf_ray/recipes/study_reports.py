"""The studies' reports (golf_ray/recipes/study.py runs them): each reads the runs of one study
and states its properties as verdicts with their numbers, and draws its figure.

A report is a function of the study's trials (`Trial`: label, typed config, the series of its
`metrics.csv`) returning a `Report`. A property that is a law of the code (the LR formula, the
clipping bound, a metric logged every step) is checked here and tested too; a statistical one is
only stated. A run that logged nothing passes no check.
"""

from __future__ import annotations

import functools
import itertools
import math
import re
import statistics
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from golf_ray.algorithms.schedules import lr_factor
from golf_ray.config import Config
from golf_ray.models import count_parameters, resolve_model
from golf_ray.tasks.synthetic import FAMILIES, family_similarity, load_synthetic_tasks

HOLDS, FAILS, MEASURED = "holds", "does not hold", "measured"
VERDICT_LINE = re.compile(rf"^- \*\*({HOLDS}|{FAILS}|{MEASURED})\*\* .+: .+$")  # Verdict.line()


@dataclass
class Trial:
    """One training run of a study: its label (searched values), config and logged series."""

    label: str
    cfg: Config
    series: dict[str, dict[str, list[tuple[int, float]]]]
    status: str
    # split -> task id -> [(step, pass rate)], from `tasks.csv` (evaluations: "val", "train_eval")
    tasks: dict[str, dict[str, list[tuple[int, float]]]] = field(default_factory=dict)

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


def _trained(t: Trial) -> float:
    """Train reward: the mean of the last third of the run's reward_mean (of its last step in a
    run of fewer than 3; nan when it logged none)."""
    values = _values(t.train("reward_mean"))
    return statistics.fmean(values[-max(1, len(values) // 3) :]) if values else math.nan


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


# ---- ablations, architecture/tokenization, quantization


def _logged(trials: list[Trial]) -> list[Trial]:
    return [t for t in trials if last_step(t) > 0]


SEED_KEYS = ("seed", "rollout.seed")


def _without_seeds(cfg: Config) -> dict[str, Any]:
    data = cfg.to_dict()
    data.pop("seed")
    data.pop("name")
    data["rollout"].pop("seed")
    return data


def ablations(trials: list[Trial]) -> Report:
    """Study 4: each component's effect (reward change vs the baseline) beside the run-to-run
    noise: the baseline repeated with other seeds (runs whose config differs from the baseline
    only in SEED_KEYS) gives the noise band, each ablation's change is a delta and a multiple of
    the seeds' standard deviation."""
    report = Report("Ablations: each component off, against the seed noise")
    base = next((t for t in trials if t.label == "baseline"), None)
    same = _without_seeds(base.cfg) if base else None
    noise = [t for t in trials if _without_seeds(t.cfg) == same]
    variants = [t for t in trials if t not in noise]
    seed_scores = [s for s in (_trained(t) for t in noise) if math.isfinite(s)]
    center = statistics.fmean(seed_scores) if seed_scores else math.nan
    sd = statistics.stdev(seed_scores) if len(seed_scores) > 1 else math.nan

    fig, (ax_bar, ax_curve) = _figure(2, "ablations: change in reward vs the seed noise")
    deltas = [(t.label, _trained(t) - center) for t in variants]
    ax_bar.bar(
        [label for label, _ in deltas],
        [d if math.isfinite(d) else 0.0 for _, d in deltas],
        color=["C3" if math.isfinite(d) and abs(d) > 2 * sd else "C0" for _, d in deltas],
    )
    if math.isfinite(sd):
        ax_bar.axhspan(-2 * sd, 2 * sd, color="grey", alpha=0.15, label="±2 sd of the seeds")
        ax_bar.axhspan(-sd, sd, color="grey", alpha=0.3, label="±1 sd")
    ax_bar.axhline(0, color="black", linewidth=0.8)
    ax_bar.tick_params(axis="x", labelrotation=30, labelsize=8)
    ax_bar.set_title("reward change vs the baseline (mean of its seeds)", fontsize=11)
    ax_bar.set_ylabel("delta reward_mean (last third)")
    ax_bar.grid(True, axis="y", alpha=0.3)
    if ax_bar.get_legend_handles_labels()[0]:
        ax_bar.legend(fontsize=7)
    for i, t in enumerate(variants):
        _plot(ax_curve, t.train("reward_mean"), t.label, f"C{i % 10}")
    for t in noise:
        _plot(ax_curve, t.train("reward_mean"), f"{t.label} (seed {t.cfg.seed})", "grey", ":")
    _style(ax_curve, "reward_mean per run (grey dotted: the baseline's seeds)", "reward")
    report.figures["ablations.png"] = fig

    ok, counts = _every_step(trials, "reward_mean")
    report.check(ok, "train reward logged at every step of every run", counts)
    report.check(
        len(seed_scores) > 1,
        "seed noise measured (the baseline run with 2 or more seeds)",
        f"{len(seed_scores)} seed runs: reward {center:.4f} ± {sd:.4f} (sd); "
        + ", ".join(f"{_trained(t):.4f} (seed {t.cfg.seed})" for t in noise),
    )
    for t, (label, delta) in zip(variants, deltas, strict=True):
        multiple = delta / sd if sd > 0 else math.nan
        # the baseline run of the same seed samples alike while the policies are close
        twin = next((n for n in noise if n.cfg.seed == t.cfg.seed), None)
        paired = _trained(t) - _trained(twin) if twin else math.nan
        report.check(
            abs(delta) > 2 * sd,
            f"{label} changes the reward beyond the seed noise (|delta| > 2 sd)",
            f"{_trained(t):.4f} vs {center:.4f}: delta {delta:+.4f} = {multiple:+.1f} sd; "
            f"{paired:+.4f} against the baseline of its own seed",
        )
        if base is not None and t.cfg.reward.terms != base.cfg.reward.terms:
            report.notes.append(
                f"- `{label}` changes the reward's terms: its reward_mean measures something else "
                "than the baseline's, so its delta mixes the effect and the definition."
            )
    report.notes.insert(
        0,
        "- Reward is the mean of `reward_mean` over the last third of each run's steps; the "
        "noise band is the standard deviation of that over the baseline's seed runs. A change "
        "within 2 sd is not told apart from the noise at this size: more seeds or steps would.",
    )
    return report


def reference_programs(count: int = 6) -> dict[str, str]:
    """Golfed reference programs of the synthetic curriculum, one per family (the first few)."""
    from golf_ray.tasks.synthetic import load_synthetic_tasks  # deferred: builds the task set

    out: dict[str, str] = {}
    for task in load_synthetic_tasks(per_param=1).tasks:
        if task.family not in out and len(out) < count:
            out[task.family] = task.reference
    return out


def _model_facts(cfg: Config) -> dict[str, Any]:
    """Parameter counts (all, and without the token embeddings and LM head) and the tokenizer."""
    from transformers import AutoModelForCausalLM  # deferred: only this report loads models

    from golf_ray.models import load_tokenizer, resolve_model

    path = resolve_model(cfg.model)
    model = AutoModelForCausalLM.from_pretrained(str(path))
    total = sum(p.numel() for p in model.parameters())
    embed = (
        model.get_input_embeddings().weight.numel() + model.get_output_embeddings().weight.numel()
    )
    return {
        "arch": type(model).__name__,
        "params": total,
        "body": total - embed,
        "tokenizer": load_tokenizer(path),
    }


def architecture_tokenization(trials: list[Trial]) -> Report:
    """Study 8: two architectures at equal size (parameter counts stated) and two tokenizers on
    the same code (their token sequences for the reference programs), and the reward of each."""
    report = Report("Architecture and tokenization")
    runs = _logged(trials)
    facts = {t.label: _model_facts(t.cfg) for t in runs}
    by_tokenizer = {t.cfg.model.tiny_tokenizer: facts[t.label]["tokenizer"] for t in runs}
    programs = reference_programs()
    encoded = {
        name: {fam: tok.encode(code, add_special_tokens=False) for fam, code in programs.items()}
        for name, tok in by_tokenizer.items()
    }

    fig, (ax_tok, ax_reward) = _figure(2, "architectures and tokenizers")
    width = 0.8 / max(1, len(encoded))
    for i, (name, seqs) in enumerate(encoded.items()):
        xs = [j + i * width for j in range(len(seqs))]
        ax_tok.bar(xs, [len(s) for s in seqs.values()], width, label=f"{name} tokenizer")
    ax_tok.set_xticks([j + 0.4 - width / 2 for j in range(len(programs))], list(programs))
    ax_tok.tick_params(axis="x", labelrotation=30, labelsize=8)
    ax_tok.set_title("tokens per reference program", fontsize=11)
    ax_tok.set_ylabel("tokens")
    ax_tok.grid(True, axis="y", alpha=0.3)
    if encoded:
        ax_tok.legend(fontsize=7)
    for i, t in enumerate(trials):
        _plot(ax_reward, t.train("reward_mean"), t.label, f"C{i % 10}")
    _style(ax_reward, "reward_mean per run", "reward")
    report.figures["architecture_tokenization.png"] = fig

    ok, counts = _every_step(trials, "reward_mean")
    report.check(ok, "train reward logged at every step of every run", counts)
    names = list(encoded)
    differ = len(names) == 2 and all(encoded[names[0]][f] != encoded[names[1]][f] for f in programs)
    total_bytes = sum(len(code.encode()) for code in programs.values())
    report.check(
        differ,
        f"the two tokenizers give different token sequences for each of {len(programs)} "
        "reference programs",
        "; ".join(
            f"{n}: {sum(map(len, encoded[n].values()))} tokens "
            f"({total_bytes / max(1, sum(map(len, encoded[n].values()))):.2f} bytes/token)"
            for n in names
        )
        + f" for {total_bytes} bytes"
        if names
        else "no run logged a step",
    )
    by_arch: dict[str, dict[str, Any]] = {}
    for t in runs:
        if t.cfg.model.tiny_tokenizer == "bpe":
            by_arch.setdefault(t.cfg.model.tiny_arch, facts[t.label])
    bodies = [f["body"] for f in by_arch.values()]
    report.check(
        len(bodies) == 2 and max(bodies) <= 1.01 * min(bodies),
        "the two architectures are of equal size (parameters within 1%, same tokenizer)",
        "; ".join(
            f"{f['arch']}: {f['params']:,} parameters ({f['body']:,} without embeddings)"
            for f in by_arch.values()
        )
        or "no run logged a step",
    )
    report.measure(
        "reward by architecture and tokenizer (mean of the last third of the steps)",
        "; ".join(
            f"{_trained(t):.4f} ({t.label}: {facts[t.label]['arch']}, "
            f"{t.cfg.model.tiny_tokenizer} tokenizer, {facts[t.label]['params']:,} parameters)"
            for t in runs
        )
        or "no run logged a step",
    )
    for name, seqs in encoded.items():
        fam, ids = next(iter(seqs.items()))
        tok = by_tokenizer[name]
        pieces = " ".join(repr(tok.decode([i])) for i in ids[:12])
        report.notes.append(f"- `{programs[fam]}` with the {name} tokenizer: {pieces} ...")
    return report


QUANT_BITS = (32, 16, 8, 4)  # fp32, fp16, bitsandbytes LLM.int8, bitsandbytes NF4


def quantization_unavailable() -> str | None:
    """Why the quantization study cannot run here (None when it can)."""
    import importlib.util

    import torch

    if not torch.cuda.is_available():
        return "no CUDA GPU here: bitsandbytes' 4/8-bit kernels need one"
    if importlib.util.find_spec("bitsandbytes") is None:
        return "bitsandbytes is not installed (pip install bitsandbytes)"
    return None


def measure_quantized(cfg: Config, bits: int, programs: list[str]) -> dict[str, float]:
    """Load the model of `cfg` on the GPU at `bits` (bitsandbytes for 8 and 4) and measure its
    memory (weights, peak over a forward pass on `programs`) and its loss on them."""
    import gc

    import torch
    from transformers import AutoModelForCausalLM, BitsAndBytesConfig

    from golf_ray.models import load_tokenizer, resolve_model

    quant = {
        8: BitsAndBytesConfig(load_in_8bit=True),
        4: BitsAndBytesConfig(
            load_in_4bit=True, bnb_4bit_quant_type="nf4", bnb_4bit_compute_dtype=torch.float16
        ),
    }.get(bits)
    path = resolve_model(cfg.model)
    gc.collect()
    torch.cuda.empty_cache()
    torch.cuda.reset_peak_memory_stats()
    before = torch.cuda.memory_allocated()
    model = AutoModelForCausalLM.from_pretrained(
        str(path),
        # fp16 around the int8/NF4 weights: what every bitsandbytes build and GPU supports
        dtype=torch.float32 if bits == 32 else torch.float16,
        quantization_config=quant,
        device_map={"": torch.cuda.current_device()},
    )
    weights = torch.cuda.memory_allocated() - before
    tok = load_tokenizer(path)
    loss, count = 0.0, 0
    with torch.no_grad():
        for code in programs:
            ids = tok(code, return_tensors="pt").input_ids.to(model.device)
            n = ids.shape[1] - 1
            loss += model(ids, labels=ids).loss.float().item() * n
            count += n
    out = {
        "weights_gib": weights / 2**30,
        "peak_gib": (torch.cuda.max_memory_allocated() - before) / 2**30,
        "nll": loss / max(1, count),
    }
    del model
    gc.collect()
    torch.cuda.empty_cache()
    return out


def quantization(trials: list[Trial]) -> Report:
    """Study 11: each model's GPU memory at 32, 16, 8 and 4 bits (bitsandbytes): 8-bit strictly
    less than 16-bit and 4-bit strictly less than 8-bit; the loss on the reference programs at
    each. On a machine without a GPU (or bitsandbytes) the report says why it skipped."""
    report = Report("Quantization: memory at 32, 16, 8 and 4 bits")
    fig, (ax,) = _figure(1, "GPU memory of the weights by precision")
    reason = quantization_unavailable()
    models = {}
    for t in _logged(trials) if reason is None else []:
        models.setdefault(t.cfg.model.name, t.cfg)
    programs = list(reference_programs().values()) if models else []
    measured = {
        name: {bits: measure_quantized(cfg, bits, programs) for bits in QUANT_BITS}
        for name, cfg in models.items()
    }
    width = 0.8 / max(1, len(measured))
    for i, (name, by_bits) in enumerate(measured.items()):
        xs = [j + i * width for j in range(len(QUANT_BITS))]
        ax.bar(xs, [by_bits[b]["weights_gib"] for b in QUANT_BITS], width, label=name)
    ax.set_xticks(range(len(QUANT_BITS)), [f"{b}-bit" for b in QUANT_BITS])
    ax.set_ylabel("GiB")
    ax.grid(True, axis="y", alpha=0.3)
    if measured:
        ax.legend(fontsize=7)
    else:
        ax.text(
            0.5,
            0.5,
            f"skipped: {reason or 'no run logged a step'}",
            ha="center",
            transform=ax.transAxes,
            wrap=True,
        )
    report.figures["quantization.png"] = fig

    if reason is not None:
        report.measure("memory by precision", f"skipped: {reason}")
        return report
    for name, m in measured.items():
        report.check(
            all(
                m[a]["weights_gib"] > m[b]["weights_gib"]
                for a, b in zip(QUANT_BITS[:-1], QUANT_BITS[1:], strict=True)
            ),
            f"{name}: 4-bit < 8-bit < 16-bit < 32-bit in weight memory (strictly)",
            ", ".join(f"{b}-bit {m[b]['weights_gib']:.4f} GiB" for b in QUANT_BITS),
        )
        report.measure(
            f"{name}: peak memory over a forward pass, and loss on {len(programs)} reference "
            "programs",
            ", ".join(
                f"{b}-bit {m[b]['peak_gib']:.4f} GiB / nll {m[b]['nll']:.3f}" for b in QUANT_BITS
            ),
        )
    if not measured:
        report.measure("memory by precision", "no run logged a step")
    return report


# ---- capacity, cross-validation, sample complexity, transfer


def _final(t: Trial, key: str, split: str = "val") -> float:
    """The last finite value of `split/key` (the final evaluation), nan when none."""
    values = _values(t.series.get(split, {}).get(key, []))
    return values[-1] if values else math.nan


def _correlation(xs: list[float], ys: list[float]) -> str:
    """Pearson's r and Spearman's rho, or why they are undefined (< 3 points, a constant side)."""
    pts = [(x, y) for x, y in zip(xs, ys, strict=True) if math.isfinite(x) and math.isfinite(y)]
    if len(pts) < 3:
        return f"undefined ({len(pts)} points, need 3)"
    a, b = [x for x, _ in pts], [y for _, y in pts]
    if len(set(a)) == 1 or len(set(b)) == 1:
        side = "transfer" if len(set(b)) == 1 else "similarity"
        return f"undefined (every {side} value is {(b if side == 'transfer' else a)[0]:.3f})"
    r = statistics.correlation(a, b)
    rank = statistics.correlation(_ranks(a), _ranks(b))  # Spearman: Pearson of the ranks
    return f"Pearson r = {r:+.3f}, Spearman rho = {rank:+.3f} over {len(pts)} families"


def _ranks(xs: list[float]) -> list[float]:
    """1-based ranks, ties sharing their mean rank."""
    order = sorted(range(len(xs)), key=xs.__getitem__)
    ranks = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return ranks


def _task_families(cfg: Config) -> dict[str, str]:
    """Task id -> synthetic family for the config's task set (empty for other sources)."""
    if cfg.tasks.source != "synthetic":
        return {}
    return _synthetic_families(cfg.tasks.seed)


@functools.cache
def _synthetic_families(seed: int) -> dict[str, str]:
    return {t.id: t.family for t in load_synthetic_tasks(seed=seed).tasks}


def _evaluated_families(t: Trial, split: str) -> set[str]:
    families = _task_families(t.cfg)
    return {families.get(task, "?") for task in t.tasks.get(split, {})}


def _final_by_task(t: Trial, split: str = "val") -> dict[str, float]:
    """Each task's pass rate at the split's last evaluation step."""
    by_task = t.tasks.get(split, {})
    last = max((s for points in by_task.values() for s, _ in points), default=None)
    return {task: v for task, points in by_task.items() for s, v in points if s == last}


def _isolation(t: Trial, held: tuple[str, ...]) -> tuple[bool, str]:
    """Whether the run evaluated held-out tasks of the held-out families only, and train-eval
    tasks of no held-out family (the split by family, seen in what the run logged)."""
    val, seen = _evaluated_families(t, "val"), _evaluated_families(t, "train_eval")
    ok = bool(held) and bool(val) and val <= set(held) and not seen & set(held)
    leaked = len(seen & set(held))
    return ok, f"{len(val)} held-out families evaluated, {leaked} among trained tasks ({t.label})"


def _parameters(t: Trial) -> float:
    """Stored parameters of the run's model (nan for a run that logged nothing or a hub name)."""
    if not t.train("step"):
        return math.nan
    path = resolve_model(t.cfg.model)
    return float(count_parameters(path)) if isinstance(path, Path) else math.nan


def _size_label(t: Trial) -> str:
    m = t.cfg.model
    return f"tiny h{m.tiny_hidden} l{m.tiny_layers}" if m.name == "tiny" else m.name


def capacity(trials: list[Trial]) -> Report:
    """Study 1: train and validation performance against the model's parameter count."""
    report = Report("Capacity: train and validation performance vs model size")
    rows = sorted(
        (
            (
                _parameters(t),
                _size_label(t),
                _trained(t),
                _final(t, "pass_rate_mean"),
                _final(t, "pass@1"),
                _final(t, "programs_compile"),
            )
            for t in trials
        ),
        key=lambda r: (not math.isfinite(r[0]), r[0]),
    )
    fig, (ax_train, ax_val) = _figure(2, "capacity: performance vs parameters")
    xs = [r[0] for r in rows]
    ax_train.plot(xs, [r[2] for r in rows], "o-", color="C0", label="train reward (last third)")
    for j, (name, color) in enumerate(
        (("pass_rate_mean", "C1"), ("pass@1", "C2"), ("programs_compile", "C3"))
    ):
        ax_val.plot(xs, [r[3 + j] for r in rows], "s--", color=color, label=f"held-out {name}")
    for ax, title, ylabel in (
        (ax_train, "train: reward_mean", "reward"),
        (ax_val, "validation: final held-out evaluation", "fraction"),
    ):
        _style(ax, title, ylabel)
        ax.set_xlabel("parameters")
        if any(math.isfinite(x) and x > 0 for x in xs):
            ax.set_xscale("log")
            ax.minorticks_off()  # minor labels of a narrow log range overlap
    report.figures["capacity.png"] = fig

    ran = [r for r in rows if math.isfinite(r[0]) and math.isfinite(r[2])]
    report.check(
        len(ran) >= 2 and all(b[2] > a[2] for a, b in itertools.pairwise(ran)),
        "train reward rises with capacity (each larger model's last-third reward above the "
        "next smaller one's)",
        "; ".join(f"{r[2]:.3f} at {r[0]:,.0f} params ({r[1]})" for r in rows),
    )
    report.measure(
        "validation vs capacity (final held-out pass_rate_mean / pass@1 / programs_compile)",
        "; ".join(f"{r[3]:.3f} / {r[4]:.3f} / {r[5]:.3f} ({r[1]})" for r in rows),
    )
    return report


def cross_validation(trials: list[Trial]) -> Report:
    """Study 3: k folds over the task families; mean and variance of held-out performance."""
    report = Report("Cross-validation: k folds over task families")
    rows = [
        (
            t.cfg.tasks.fold,
            t.cfg.tasks.held_out_families(),
            t,
            _final(t, "pass_rate_mean"),
            _final(t, "programs_compile"),
            _final(t, "pass@1"),
            _trained(t),
        )
        for t in sorted(trials, key=lambda t: t.cfg.tasks.fold)
    ]
    fig, (ax,) = _figure(1, "held-out performance per fold")
    width = 0.25
    for j, (name, color) in enumerate(
        (("pass_rate_mean", "C1"), ("programs_compile", "C3"), ("pass@1", "C2"))
    ):
        values = [r[3 + j] for r in rows]
        ax.bar([r[0] + (j - 1) * width for r in rows], values, width, color=color, label=name)
        finite = [v for v in values if math.isfinite(v)]
        if finite:
            ax.axhline(statistics.fmean(finite), color=color, linewidth=0.8, linestyle="--")
    _style(ax, "final held-out evaluation per fold (dashed: mean over folds)", "fraction")
    ax.set_xlabel("fold")
    ax.set_xticks([r[0] for r in rows])
    report.figures["cross_validation.png"] = fig

    k = {t.cfg.tasks.folds for t in trials}
    held = [set(r[1]) for r in rows]
    union = set().union(*held) if held else set()
    disjoint = sum(map(len, held)) == len(union)
    report.check(
        k == {len(trials)} and disjoint and union == set(FAMILIES),
        "the folds partition the task families (each held out by exactly one fold)",
        f"{len(trials)} runs, tasks.folds {sorted(k)}, {len(union)}/{len(FAMILIES)} families "
        f"held out, {'disjoint' if disjoint else 'overlapping'}",
    )
    isolated = [_isolation(r[2], r[1]) for r in rows]
    report.check(
        bool(isolated) and all(ok for ok, _ in isolated),
        "each fold evaluated held-out tasks of its own families only, none of them trained on",
        "; ".join(s for _, s in isolated),
    )
    for j, name in enumerate(("pass_rate_mean", "programs_compile", "pass@1")):
        values = [r[3 + j] for r in rows if math.isfinite(r[3 + j])]
        mean = statistics.fmean(values) if values else math.nan
        var = statistics.variance(values) if len(values) >= 2 else math.nan
        report.measure(
            f"held-out {name} over {len(values)} folds",
            f"mean {mean:.3f}, variance {var:.2e} (per fold: "
            + ", ".join(f"{r[3 + j]:.3f}" for r in rows)
            + ")",
        )
    report.notes.append(
        "Families are dealt to folds round-robin in table order "
        "(golf_ray/tasks/synthetic.py `fold_families`): "
        + "; ".join(f"fold {r[0]}: {', '.join(r[1])}" for r in rows)
    )
    return report


def _train_count(cfg: Config) -> int:
    """How many training tasks a config trains on (tasks.limit of its split's train tasks)."""
    families = _task_families(cfg)
    if families:
        held = set(cfg.tasks.held_out_families())
        if held:
            total = sum(f not in held for f in families.values())
        else:
            total = len(load_synthetic_tasks(seed=cfg.tasks.seed).split()[0])
        return min(cfg.tasks.limit or total, total)
    return cfg.tasks.limit


def sample_complexity(trials: list[Trial]) -> Report:
    """Study 9: held-out performance against the number of training tasks."""
    report = Report("Sample complexity: performance vs number of training tasks")
    rows = sorted(
        (
            _train_count(t.cfg),
            t.label,
            _trained(t),
            _final(t, "pass_rate_mean"),
            _final(t, "programs_compile"),
            _final(t, "pass@1"),
        )
        for t in trials
    )
    fig, (ax_val, ax_train) = _figure(2, "sample complexity")
    xs = [r[0] for r in rows]
    for j, (name, color) in enumerate(
        (("pass_rate_mean", "C1"), ("programs_compile", "C3"), ("pass@1", "C2"))
    ):
        ax_val.plot(xs, [r[3 + j] for r in rows], "s--", color=color, label=f"held-out {name}")
    ax_train.plot(xs, [r[2] for r in rows], "o-", color="C0", label="train reward (last third)")
    for ax, title, ylabel in (
        (ax_val, "validation: final held-out evaluation", "fraction"),
        (ax_train, "train: reward_mean", "reward"),
    ):
        _style(ax, title, ylabel)
        ax.set_xlabel("training tasks")
    report.figures["sample_complexity.png"] = fig

    ran = [r for r in rows if math.isfinite(r[3])]
    few, many = (ran[0], ran[-1]) if len(ran) >= 2 else (None, None)
    report.check(
        few is not None and many[0] > few[0] and many[3] > few[3],
        "more data helps (held-out pass_rate_mean with the most training tasks above the fewest)",
        "; ".join(f"{r[3]:.3f} with {r[0]} tasks" for r in rows),
    )
    report.measure(
        "held-out programs_compile / pass@1 and train reward by training tasks",
        "; ".join(f"{r[0]} tasks: {r[4]:.3f} / {r[5]:.3f}, train {r[2]:.3f}" for r in rows),
    )
    return report


def transfer(trials: list[Trial]) -> Report:
    """Study 10: zero-shot performance on held-out families against their similarity to the
    families trained on (`family_similarity`: Jaccard of reference-program token bigrams)."""
    report = Report("Transfer: zero-shot on held-out families vs similarity to the trained ones")
    points, isolated, gaps = [], [], []
    for t in trials:
        held = t.cfg.tasks.held_out_families()
        trained = [f for f in FAMILIES if f not in held]
        families, final = _task_families(t.cfg), _final_by_task(t)
        for f in held:
            scores = [v for task, v in final.items() if families.get(task) == f]
            sim = max((family_similarity(f, g) for g in trained), default=math.nan)
            score = statistics.fmean(scores) if scores else math.nan
            points.append((f, sim, score, t.label))
        isolated.append(_isolation(t, held))
        seen = _final_by_task(t, "train_eval")
        if final and seen:
            gaps.append(
                f"trained-on {statistics.fmean(seen.values()):.3f} vs zero-shot "
                f"{statistics.fmean(final.values()):.3f} ({t.label})"
            )
    fig, (ax,) = _figure(1, "zero-shot transfer vs family similarity")
    ax.plot([p[1] for p in points], [p[2] for p in points], "o", color="C0")
    for f, sim, score, _ in points:
        if math.isfinite(sim) and math.isfinite(score):
            ax.annotate(f, (sim, score), fontsize=7, xytext=(3, 3), textcoords="offset points")
    _style(ax, "held-out families (final evaluation)", "zero-shot pass rate")
    ax.set_xlabel("similarity to the nearest trained family (token-bigram Jaccard)")
    report.figures["transfer.png"] = fig

    report.check(
        bool(isolated) and all(ok for ok, _ in isolated),
        "zero-shot: the held-out families' tasks were evaluated and none was trained on",
        "; ".join(s for _, s in isolated),
    )
    report.measure(
        "zero-shot pass rate per held-out family (similarity to the nearest trained family)",
        "; ".join(f"{f} {score:.3f} (sim {sim:.2f})" for f, sim, score, _ in points) or "none",
    )
    how = _correlation([p[1] for p in points], [p[2] for p in points])
    report.measure("correlation of similarity with zero-shot pass rate", how)
    report.measure(
        "pass rate on trained-on vs held-out families", "; ".join(gaps) or "no evaluation"
    )
    report.notes.append(
        "Similarity of two families: the Jaccard overlap of the token bigrams (names and "
        "operators in order, numbers as `#`) of their golfed reference programs over all their "
        "parameters (`family_similarity` in golf_ray/tasks/synthetic.py); a held-out family's "
        "similarity is its largest to any family the run trained on."
    )
    return report


REPORTS["capacity"] = capacity
REPORTS["cross_validation"] = cross_validation
REPORTS["sample_complexity"] = sample_complexity
REPORTS["transfer"] = transfer
REPORTS["ablations"] = ablations
REPORTS["architecture_tokenization"] = architecture_tokenization
REPORTS["quantization"] = quantization

# A report that cannot run on this machine: the study writes the reason instead of its runs.
UNAVAILABLE: dict[str, Callable[[], str | None]] = {"quantization": quantization_unavailable}
