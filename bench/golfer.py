"""Benchmark: does GRPO teach the LLM golfer to golf? Bytes saved per 1,000 samples on held-out
tasks by the untrained and the trained golfer, side by side in one run.

    python bench/golfer.py [--from OUT] [--steps 40] [--samples 8] [--warm-epochs 4]
                           [--warm-limit N] [--warm-model DIR] [--quick] [--keep-work]
                           [--out bench/results/golfer.json] [overrides...]

The golfer (tune_configs/experiments/golfer.yaml, golf_ray/golf/golfer.py) rewrites a task's
correct program shorter; a rewrite counts only when the sandbox judges it correct on every
example (arc-gen included). Bases: the best programs of a `golf-ray golf` run (`--from OUT`, e.g.
the work dir of `bench/golf.py --work-dir OUT`), else RE-ARC's seeds through the mechanical
ladder. On a CPU the bench uses the warm-up setting a 135M model can learn from: each base shown
readable (`tasks.golf_readable`: as `ast.unparse` prints it), the program alone in the prompt
(`tasks.golf_examples=false`); pass overrides to change that (e.g. a coder model on a GPU).

Protocol: the golfer's task split (`tasks.val_fraction` of the tasks, seeded) holds tasks out of
training. On those, `--samples` programs per task at the training temperature are drawn from a
model, judged, and each correct one's bytes saved over its (fixed) base summed. Measured three
times: the untrained model; after a warm start (`golf-ray sft` on the train tasks' pairs, readable
base -> the golf run's program, `--warm-epochs` epochs; 0 skips it: SmolLM2-135M untrained copies
almost no program correctly, so GRPO alone has no reward to learn from); after `--steps` GRPO
steps from there on the train tasks. A warm start on every train task has memorised each one's
golfed answer, so expert iteration leaves GRPO almost nothing to gain there: `--warm-limit N`
warm-starts on N of them only. A `learner.lr` override sets GRPO's rate only: the warm start keeps
its own (sft/warm_start.yaml's). `--warm-model DIR` (from `golf-ray sft --golfer`) shares one warm
start between runs; sampling on a GPU is not deterministic, so two measures of the same model differ
(2,302 and 2,194 on the H200).
Target (issue 20): trained >= 2x the untrained golfer's bytes saved per 1,000 samples.
Writes JSON (both measurements, per task; the train reward curve; wall times; cores) and a PNG.
Runs go to runs/bench-golfer-TIME-XXXX, removed at the end unless --keep-work.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import sys
import tempfile
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

os.environ.setdefault("VLLM_CPU_KVCACHE_SPACE", "1")

from golf_ray.actors.engines import Sampling  # noqa: E402
from golf_ray.actors.rollout import create_engine  # noqa: E402
from golf_ray.config import Config, load_config  # noqa: E402
from golf_ray.domains import GolferDomain, judge_programs  # noqa: E402
from golf_ray.fileio import atomic_write_json  # noqa: E402
from golf_ray.inference import resolve_policy  # noqa: E402
from golf_ray.metrics import read_metrics  # noqa: E402
from golf_ray.models import load_tokenizer, resolve_model  # noqa: E402
from golf_ray.recipes.sft import SFT_INFO, load_sft_config, run_sft  # noqa: E402
from golf_ray.recipes.train import train  # noqa: E402
from golf_ray.runtime import init_ray  # noqa: E402
from golf_ray.verify import program_bytes  # noqa: E402

GOLFER = "experiments/golfer.yaml"
WARM_UP = ["tasks.golf_readable=true", "tasks.golf_examples=false", "tasks.val_fraction=0.3"]


def measure(model: str, cfg: Config, samples: int) -> dict:
    """Bytes saved on the held-out tasks by `samples` programs per task from `model`, each
    against the task's base (never updated here, unlike training's expert iteration)."""
    domain = GolferDomain(cfg, load_tokenizer(model), "bench-golfer")
    engine = create_engine(model, cfg.rollout.engine, max_model_len=cfg.model.max_model_len)
    try:
        held_out = sorted(domain.val_ids)
        sampling = Sampling.from_config(cfg.rollout, n=samples, seed=0)
        start = time.perf_counter()
        completions = engine.generate([domain.prompts[i] for i in held_out], sampling)
        generated = [(held_out[c.prompt_index], 0, c) for c in completions]
        judged = judge_programs(
            generated, cfg.rollout.response_prefix, domain.tasks, domain.sandbox
        )
        per_task = {
            i: {"base_bytes": domain.state.best[i].bytes, "correct": 0, "saved": 0, "best": None}
            for i in held_out
        }
        for s in judged:
            if s.verdict is None or not s.verdict.correct:
                continue
            row = per_task[s.task_id]
            row["correct"] += 1
            saved = max(0, row["base_bytes"] - program_bytes(s.program))
            row["saved"] += saved
            if saved and (row["best"] is None or saved > row["base_bytes"] - row["best"]):
                row["best"] = program_bytes(s.program)
        total = len(judged)
        saved = sum(r["saved"] for r in per_task.values())
        return {
            "model": model,
            "tasks": len(held_out),
            "samples": total,
            "correct": sum(r["correct"] for r in per_task.values()),
            "improved_tasks": sum(r["best"] is not None for r in per_task.values()),
            "bytes_saved": saved,
            "bytes_saved_per_1000": round(1000 * saved / max(1, total), 1),
            "seconds": round(time.perf_counter() - start, 1),
            "per_task": per_task,
        }
    finally:
        engine.shutdown()
        domain.close()


def gpu_name() -> str | None:
    import torch

    return torch.cuda.get_device_name() if torch.cuda.is_available() else None


def plot(report: dict, out: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    names = [n for n in ("untrained", "warm", "trained") if n in report]
    labels = {"untrained": "untrained", "warm": "warm start", "trained": "+ GRPO"}
    values = [report[n]["bytes_saved_per_1000"] for n in names]
    colors = {"untrained": "tab:gray", "warm": "tab:blue", "trained": "tab:orange"}
    bars = left.bar([labels[n] for n in names], values, color=[colors[n] for n in names])
    for bar, n in zip(bars, names, strict=True):
        m = report[n]
        left.text(
            bar.get_x() + bar.get_width() / 2,
            bar.get_height(),
            f"{m['bytes_saved_per_1000']:g}\n({m['correct']}/{m['samples']} correct)",
            ha="center",
            va="bottom",
            fontsize=8,
        )
    left.set(
        title=f"held-out: bytes saved per 1,000 samples ({report['untrained']['tasks']} tasks)",
        ylim=(0, 1.3 * max(1.0, *values)),
    )
    curve = report["train"]["reward_curve"]
    if curve:
        xs, ys = zip(*curve, strict=True)
        right.plot(xs, ys, color="tab:orange")
    right.set(title="train reward per step (GRPO)", xlabel="step")
    right.grid(alpha=0.3)
    title = f"golf-ray golfer: {report['model']}, {report['setting']}"
    fig.suptitle(textwrap.fill(title, 150), fontsize=9)
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--from", dest="golf_from", help="a `golf-ray golf` output dir or DB")
    parser.add_argument("--steps", type=int, default=40, help="GRPO steps (default 40)")
    parser.add_argument(
        "--warm-epochs", type=int, default=4, help="warm-start epochs before GRPO (0: none)"
    )
    parser.add_argument(
        "--warm-limit",
        type=int,
        default=0,
        help="warm-start on only this many of the train tasks' pairs (0: all); GRPO then also "
        "trains on tasks whose golfed answer the warm start never saw",
    )
    parser.add_argument("--samples", type=int, default=8, help="programs per held-out task")
    parser.add_argument(
        "--quick", action="store_true", help="2 steps, 2 samples per task, 1 warm-start epoch"
    )
    parser.add_argument(
        "--warm-model", help="an earlier `golf-ray sft --golfer` output instead of warm-starting"
    )
    parser.add_argument("--keep-work", action="store_true", help="keep runs/bench-golfer-TIME")
    parser.add_argument("--out", help="JSON path (default bench/results/golfer[-quick].json)")
    parser.add_argument("overrides", nargs="*", help="config overrides KEY=VALUE")
    args = parser.parse_args(argv)
    steps, samples, epochs = (
        (2, 2, 1) if args.quick else (args.steps, args.samples, args.warm_epochs)
    )
    overrides = [*WARM_UP, f"steps={steps}", f"eval_every={steps}", *args.overrides]
    if args.golf_from:
        overrides.append(f"tasks.golf_from={args.golf_from}")
    if epochs and not args.golf_from and not args.warm_model:
        parser.error("a warm start learns from a golf run's programs: give --from OUT")
    cfg = load_config(GOLFER, overrides)
    name = "golfer-quick" if args.quick else "golfer"
    out = Path(args.out or ROOT / "bench" / "results" / f"{name}.json")
    # unique even for benches started in the same second (scripts/gpu_golfer.sh side)
    (ROOT / "runs").mkdir(exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    work = Path(tempfile.mkdtemp(dir=ROOT / "runs", prefix=f"bench-golfer-{stamp}-"))

    started = time.perf_counter()
    init_ray(cfg.ray.address, cfg.ray.num_cpus, cfg.ray.include_dashboard, cfg.ray.namespace)
    base_model = str(resolve_model(cfg.model))
    report: dict = {
        "quick": args.quick,
        "command": " ".join(["bench/golfer.py", *(argv if argv is not None else sys.argv[1:])]),
        "machine": {"cpus": os.cpu_count(), "platform": platform.platform(), "gpu": gpu_name()},
        "model": cfg.model.name,
        "from": args.golf_from,
        # each key once, as it took effect: an override given again replaces WARM_UP's
        "setting": ", ".join(
            f"{k}={v}"
            for k, v in dict(o.split("=", 1) for o in overrides).items()
            if k.startswith("tasks.") and k != "tasks.golf_from"
        ),
        "steps": steps,
        "samples_per_task": samples,
        "warm_limit": args.warm_limit,
    }
    print(f"measuring the untrained golfer ({samples} samples per held-out task) ...")
    report["untrained"] = measure(base_model, cfg, samples)
    atomic_write_json(out, report)  # after every phase: a long run that dies keeps what it measured
    warm_model = args.warm_model
    if epochs and not warm_model:
        print(f"warm start: {epochs} epochs on the train tasks' readable -> golfed pairs ...")
        warm_model = str(work / "warm")
        # GRPO's learner.lr is not the warm start's (sft/warm_start.yaml's): runs that compare
        # GRPO's rate start from the same kind of warm start
        kept = [o for o in overrides if not o.startswith("learner.lr=")]
        sft_overrides = [*kept, f"sft.epochs={epochs}", f"sft.limit={args.warm_limit}"]
        sft_cfg = load_sft_config(None, sft_overrides, golfer=args.golf_from)
        run_sft(sft_cfg, warm_model, progress=True)
    if warm_model:
        info = json.loads((Path(warm_model) / SFT_INFO).read_text())
        report["warm_start"] = {
            "model": warm_model,
            "pairs": info["corpus"],
            "epochs": info["options"]["epochs"],
            "loss_by_epoch": [round(x, 4) for x in info["epoch_mean_loss"]],
            "wall_s": info["seconds"],
        }
        report["warm"] = measure(warm_model, cfg, samples)
        atomic_write_json(out, report)
        cfg = load_config(GOLFER, [*overrides, f"model.name={warm_model}"])
    print(f"training {steps} GRPO steps ...")
    t = time.perf_counter()
    result = train(cfg, run_dir=work / "run", progress=True)
    train_m = read_metrics(result.run_dir).get("train", {})
    report["train"] = {
        "steps": result.steps,
        "samples": result.steps * cfg.prompts_per_step * cfg.rollout.samples_per_prompt,
        "wall_s": round(time.perf_counter() - t, 1),
        "reward_curve": train_m.get("reward_mean", []),
    }
    print("measuring the trained golfer ...")
    report["trained"] = measure(resolve_policy(str(result.run_dir)), cfg, samples)
    before = report["untrained"]["bytes_saved_per_1000"]
    after = report["trained"]["bytes_saved_per_1000"]
    report["ratio"] = round(after / before, 2) if before else None
    if "warm" in report:
        start = report["warm"]["bytes_saved_per_1000"]
        report["ratio_to_warm"] = round(after / start, 2) if start else None
    report["total_s"] = round(time.perf_counter() - started, 1)
    atomic_write_json(out, report)
    plot(report, out.with_suffix(".png"))
    ratio = f"{report['ratio']}x" if before else f"{after:g} vs 0"
    warm_text = f", warm-started {report['warm']['bytes_saved_per_1000']:g}" if warm_model else ""
    print(
        f"held-out bytes saved per 1,000 samples: untrained {before:g}{warm_text}, trained "
        f"{after:g} ({ratio} the untrained; target >= 2x) -> {out}"
    )
    if not args.keep_work:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
