"""`golf-ray bench`: several models or checkpoints × several reasoning task sets, in parallel on Ray.

    golf-ray bench --run runs/reasoning-tiny-...            # its base model vs its trained policy
    golf-ray bench --model base=tiny --model trained=runs/x --tasks chain_sum,leg_counting

One Ray actor per model (its own engine: vLLM, or transformers), all running at once: on a
cluster with GPUs each actor takes a share of one (at most ceil(models / GPUs) per device),
otherwise CPUs. Every model answers the same items: a task set is a reasoning_gym dataset
generated from (name, size, seed), and decoding is greedy. Questions are formatted, answers
extracted and scored by golf_ray.tasks.reasoning, exactly as in training.

Writes into OUT: `<model>/<task>.json` (every item: question, reference, completion, extracted
answer, score), `summary.json`, `summary.md` (the table that is also printed) and
`accuracy.png` (accuracy per task per model).
"""

from __future__ import annotations

import io
import json
import logging
import math
import os
import re
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import ray

from golf_ray.fileio import atomic_write_bytes, atomic_write_json, atomic_write_text
from golf_ray.remote import wait_all

log = logging.getLogger(__name__)

START_TIMEOUT_S = 1800  # one engine's start-up (a big model's download and load included)
# Not the training default (tasks.seed: 0), so a benchmark asks questions training did not.
DEFAULT_SEED = 12345
_LABEL = re.compile(r"[A-Za-z0-9_.+-]+")


@dataclass
class BenchModel:
    label: str
    path: str  # a model dir, or a hub name


@dataclass
class BenchSettings:
    tasks: list[str]
    size: int = 50  # items per task
    seed: int = DEFAULT_SEED
    max_tokens: int = 128
    response_prefix: str = ""
    stop: list[str] = field(default_factory=list)
    engine: str = "auto"
    num_cpus: float = 1.0  # per model actor


# --------------------------------------------------------------------------- models


def parse_model_spec(spec: str) -> BenchModel:
    """`LABEL=PATH_OR_NAME` or `PATH_OR_NAME` (labelled by its last path component); a
    checkpoint (run dir, checkpoints dir, step dir) resolves to its policy."""
    from golf_ray.inference import resolve_policy

    label, sep, where = spec.partition("=")
    if not sep:
        label, where = Path(spec.rstrip("/")).name or spec, spec
    if not where or not _LABEL.fullmatch(label):
        raise ValueError(
            f"bench: --model {spec!r}: expected LABEL=PATH (label: letters, digits, ._+-)"
        )
    return BenchModel(label, resolve_policy(where))


def models_of_run(run_dir: str | Path) -> tuple[list[BenchModel], Any]:
    """A training run's starting model ("base") and its latest policy ("trained"), and the
    run's config (for its task names and answer format)."""
    from golf_ray.config import load_config
    from golf_ray.inference import resolve_policy
    from golf_ray.models import resolve_model
    from golf_ray.rl import checkpoints

    run_dir = Path(run_dir)
    config_path = run_dir / "config.yaml"
    if not config_path.is_file():
        raise FileNotFoundError(f"bench: --run {run_dir}: no config.yaml (not a training run)")
    cfg = load_config(config_path)
    if checkpoints.latest(run_dir) is None:
        raise FileNotFoundError(f"bench: --run {run_dir}: no checkpoint yet")
    base = BenchModel("base", str(resolve_model(cfg.model)))
    return [base, BenchModel("trained", resolve_policy(str(run_dir)))], cfg


def bench_setup(
    model_specs: list[str],
    run: str | None = None,
    tasks: str | None = None,
    size: int = 50,
    seed: int | None = None,
    max_tokens: int | None = None,
    response_prefix: str | None = None,
    engine: str = "auto",
    cpus_per_model: float = 1.0,
) -> tuple[list[BenchModel], BenchSettings]:
    """The models and settings of `golf-ray bench`: `model_specs` are `[LABEL=]PATH`; with
    `run`, the run's base and trained models come first, and its task names (comma-separated
    `tasks` otherwise), answer prefix, stop strings and max tokens unless given."""
    models = [parse_model_spec(spec) for spec in model_specs]
    names = [t.strip() for t in (tasks or "").split(",") if t.strip()]
    prefix, stop, tokens = "", [], 128
    if run:
        run_models, cfg = models_of_run(run)
        models = run_models + models
        if not names and cfg.tasks.source == "reasoning_gym":
            names = list(cfg.tasks.names)
        prefix, stop = cfg.rollout.response_prefix, list(cfg.rollout.stop)
        tokens = cfg.rollout.max_tokens
    settings = BenchSettings(
        tasks=names,
        size=size,
        seed=DEFAULT_SEED if seed is None else seed,
        max_tokens=max_tokens or tokens,
        response_prefix=prefix if response_prefix is None else response_prefix,
        stop=stop,
        engine=engine,
        num_cpus=cpus_per_model,
    )
    if settings.size < 1 or settings.max_tokens < 1:
        raise ValueError("bench: --size and --max-tokens must be >= 1")
    return models, settings


# --------------------------------------------------------------------------- the actor


class BenchActor:
    """One model: generates greedy answers for whole task sets and judges them."""

    def __init__(self, model_path: str, engine: str, gpu_share: float = 0.0):
        from golf_ray.actors.rollout import create_engine
        from golf_ray.models import load_tokenizer

        os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
        extra: dict[str, Any] = {"max_model_len": _context_length(model_path)}
        if gpu_share:
            extra["gpu_memory_utilization"] = 0.85 * gpu_share
        self.tokenizer = load_tokenizer(model_path)
        self.engine = create_engine(model_path, engine, **extra)

    def run(self, task: str, settings: BenchSettings) -> dict[str, Any]:
        from golf_ray.actors.engines import Sampling
        from golf_ray.memory import read_peak
        from golf_ray.tasks.reasoning import (
            ReasoningTasks,
            format_question,
            response_text,
        )

        start = time.perf_counter()
        items = ReasoningTasks([task], settings.size, settings.seed, where="bench: --tasks")
        prefix = settings.response_prefix
        prompts = [format_question(i.question, self.tokenizer) + prefix for i in items]
        sampling = Sampling(
            n=1, greedy=True, temperature=0.0, max_tokens=settings.max_tokens, stop=settings.stop
        )
        rows = []
        for c in sorted(self.engine.generate(prompts, sampling), key=lambda c: c.prompt_index):
            item = items[c.prompt_index]
            judged = items.judge(item, response_text(prefix, c.text, c.stop_reason))
            rows.append(
                {
                    "id": item.id,
                    "question": item.question,
                    "reference": item.answer,
                    "completion": c.text,
                    "answer": judged.answer,
                    "score": judged.score,
                    "correct": judged.correct,
                }
            )
        n = len(rows)
        return {
            "task": task,
            "n": n,
            "accuracy": sum(r["correct"] for r in rows) / n,
            "score_mean": sum(r["score"] for r in rows) / n,
            "format_rate": sum(r["answer"] is not None for r in rows) / n,
            "seconds": time.perf_counter() - start,
            "peak_host_gib": read_peak(reset=False)["host_gib"],
            "items": rows,
        }

    def shutdown(self) -> None:
        self.engine.shutdown()


def _context_length(model_path: str, cap: int = 4096) -> int:
    """The model's own context length (vLLM refuses a longer `max_model_len`), at most `cap`."""
    config = Path(model_path) / "config.json"
    if config.is_file():
        window = json.loads(config.read_text()).get("max_position_embeddings")
        if isinstance(window, int) and window > 0:
            return min(cap, window)
    return cap


# --------------------------------------------------------------------------- running


@dataclass
class BenchResult:
    out_dir: Path
    models: list[str]
    tasks: list[str]
    accuracy: dict[str, dict[str, float]]  # model -> task -> accuracy
    table: str
    files: list[Path]


def gpu_share(n_models: int) -> float:
    """The GPU fraction each model actor asks for: whole GPUs while there are enough, else an
    even share so that every model runs at once (0 without GPUs)."""
    gpus = int(ray.cluster_resources().get("GPU", 0))
    if not gpus:
        return 0.0
    return 1.0 / math.ceil(n_models / gpus)


def run_bench(
    models: list[BenchModel],
    settings: BenchSettings,
    out_dir: str | Path,
    address: str | None = None,
) -> BenchResult:
    from golf_ray.runtime import init_ray
    from golf_ray.tasks.reasoning import ReasoningTasks

    labels = [m.label for m in models]
    if not models:
        raise ValueError("bench: give at least one --model (or --run)")
    if len(set(labels)) != len(labels):
        raise ValueError(f"bench: model labels must differ, got {labels}")
    if not settings.tasks:
        raise ValueError("bench: give --tasks NAME[,NAME...] (reasoning_gym datasets)")
    ReasoningTasks(settings.tasks, 1, settings.seed, where="bench: --tasks")  # names fail fast
    out_dir = Path(out_dir)
    init_ray(address)
    share = gpu_share(len(models))
    remote = ray.remote(BenchActor)
    actors = []
    try:
        for previous, m in zip([None, *models], models, strict=False):
            if previous is not None and 0 < share < 1:
                # vLLM counts everything on the device while it starts as its own: engines
                # that share a GPU start one at a time
                ready = [actors[-1].__ray_ready__.remote()]
                wait_all(ready, [f"bench actor {previous.label}"], "bench start", START_TIMEOUT_S)
            actors.append(
                remote.options(num_cpus=settings.num_cpus, num_gpus=share).remote(
                    m.path, settings.engine, share
                )
            )
        # Each actor works through the task sets in order; the actors run side by side.
        pending = {
            actor.run.remote(task, settings): (model, task)
            for model, actor in zip(models, actors, strict=True)
            for task in settings.tasks
        }
        results: dict[str, dict[str, dict]] = {m.label: {} for m in models}
        files = []
        while pending:
            [ref], _ = ray.wait(list(pending), num_returns=1)
            model, task = pending.pop(ref)
            result = {"model": model.label, "model_path": model.path, **ray.get(ref)}
            result["settings"] = asdict(settings)
            files.append(atomic_write_json(out_dir / model.label / f"{task}.json", result))
            results[model.label][task] = result
            log.info("%s on %s: accuracy %.3f", model.label, task, result["accuracy"])
    finally:
        try:  # stop each engine cleanly (vLLM frees its shared memory), then the actors
            ray.get([a.shutdown.remote() for a in actors], timeout=120)
        except (ray.exceptions.RayError, TimeoutError) as e:
            log.warning("bench: an actor did not shut down cleanly: %s", e)
        for a in actors:
            ray.kill(a)
    return write_summary(out_dir, models, settings, results, files)


def write_summary(
    out_dir: Path,
    models: list[BenchModel],
    settings: BenchSettings,
    results: dict[str, dict[str, dict]],
    files: list[Path],
) -> BenchResult:
    accuracy = {m: {t: results[m][t]["accuracy"] for t in settings.tasks} for m in results}
    summary = {
        "settings": asdict(settings),
        "models": {m.label: m.path for m in models},
        "results": {
            m: {
                t: {k: r[k] for k in ("n", "accuracy", "score_mean", "format_rate", "seconds")}
                for t, r in by_task.items()
            }
            for m, by_task in results.items()
        },
    }
    table = format_table(accuracy, settings.tasks)
    files.append(atomic_write_json(out_dir / "summary.json", summary))
    files.append(atomic_write_text(out_dir / "summary.md", table + "\n"))
    files.append(plot_accuracy(accuracy, settings.tasks, out_dir / "accuracy.png"))
    return BenchResult(out_dir, list(accuracy), list(settings.tasks), accuracy, table, files)


def format_table(accuracy: dict[str, dict[str, float]], tasks: list[str]) -> str:
    """A Markdown table: one row per model, accuracy per task and the mean over tasks."""
    header = ["model", *tasks, "mean"]
    rows = [
        [m, *(f"{acc[t]:.3f}" for t in tasks), f"{sum(acc.values()) / len(acc):.3f}"]
        for m, acc in accuracy.items()
    ]
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]

    def line(cells: list[str]) -> str:
        return "| " + " | ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)) + " |"

    return "\n".join(
        [line(header), "|" + "|".join("-" * (w + 2) for w in widths) + "|", *map(line, rows)]
    )


def plot_accuracy(accuracy: dict[str, dict[str, float]], tasks: list[str], out: Path) -> Path:
    """Grouped bars: one group per task (and the mean), one bar per model."""
    from matplotlib.figure import Figure  # deferred: matplotlib is slow to import

    groups = [*tasks, "mean"]
    models = list(accuracy)
    width = 0.8 / max(len(models), 1)
    fig = Figure(figsize=(max(5.0, 1.6 * len(groups) * max(1, len(models) / 2)), 4), dpi=100)
    ax = fig.subplots()
    for i, m in enumerate(models):
        values = [accuracy[m][t] for t in tasks]
        values.append(sum(values) / len(values))
        xs = [g + (i - (len(models) - 1) / 2) * width for g in range(len(groups))]
        bars = ax.bar(xs, values, width, label=m, color=f"C{i}")
        ax.bar_label(bars, fmt="%.2f", fontsize=7, padding=2)
    ax.set_xticks(range(len(groups)), groups, rotation=15 if len(groups) > 4 else 0)
    ax.set_ylim(0, 1.08)
    ax.set_ylabel("accuracy (greedy)")
    ax.set_title("Accuracy per task per model")
    ax.grid(True, axis="y", alpha=0.3)
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.0, 1.0))  # never over a bar
    fig.tight_layout()
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")
    return atomic_write_bytes(out, buffer.getvalue())
