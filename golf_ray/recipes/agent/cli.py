"""`golf-ray agent train|eval|plan`: registered by golf_ray/cli.py; heavy imports stay inside the
commands."""

from __future__ import annotations

import argparse
import json
from pathlib import Path


def add_agent_parser(sub) -> None:
    agent = sub.add_parser(
        "agent",
        help="agentic episodes: a DQN controller over generate/test/debug/search/stop",
        description="Train or evaluate the executive's DQN controller (golf_ray/recipes/agent/), or run "
        "the hierarchical planner. Configs: tune_configs/agent/*.yaml.",
    )
    agent_sub = agent.add_subparsers(title="agent commands", metavar="COMMAND")

    train = agent_sub.add_parser("train", help="train the controller (episodes on Ray)")
    train.add_argument("config", help="e.g. tune_configs/agent/tiny.yaml or agent/scripted.yaml")
    train.add_argument("overrides", nargs="*", help="dotted overrides, e.g. dqn.dueling=false")
    train.add_argument("--run-dir", help="where results go (default: checkpoint.dir/NAME-TIME)")
    train.add_argument("--resume", metavar="RUN_DIR|CHECKPOINT", help="continue a run")
    train.set_defaults(func=cmd_agent_train)

    evaluate = agent_sub.add_parser(
        "eval", help="greedy episodes and one episode per template; success rate per template"
    )
    evaluate.add_argument("config")
    evaluate.add_argument("overrides", nargs="*")
    evaluate.add_argument("--checkpoint", help="a run dir or checkpoint (default: untrained)")
    evaluate.add_argument("--json", help="write the report here")
    evaluate.set_defaults(func=cmd_agent_eval)

    plan = agent_sub.add_parser(
        "plan", help="the hierarchical planner on the built-in two-part function problems"
    )
    plan.add_argument("config", help="an agent config (model, rollout, sandbox, env sections)")
    plan.add_argument("overrides", nargs="*")
    plan.add_argument("--checkpoint", help="the executive's controller (default: 'debug' template)")
    plan.add_argument("--json", help="write the traces here")
    plan.set_defaults(func=cmd_agent_plan)
    agent.set_defaults(func=lambda a: agent.print_help() or 2)


def cmd_agent_train(args: argparse.Namespace) -> int:
    from golf_ray.recipes.agent.config import load_agent_config
    from golf_ray.recipes.agent.train import train_agent

    cfg = load_agent_config(args.config, args.overrides)
    result = train_agent(cfg, Path(args.run_dir) if args.run_dir else None, resume=args.resume)
    print(f"run: {result.run_dir}  iterations: {result.iterations}")
    for key in ("episode_return", "success_rate", "episode_length", "epsilon", "td_loss"):
        if key in result.metrics:
            print(f"{key}: {result.metrics[key]:.3f}")
    for key, value in sorted(result.eval.items()):
        print(f"eval/{key}: {value:.3f}")
    print(
        f"metrics: {result.run_dir / 'metrics.csv'}  curves: {result.run_dir / 'agent_curves.png'}"
        f"  checkpoints: {result.run_dir / 'checkpoints'}"
    )
    return 0


def cmd_agent_eval(args: argparse.Namespace) -> int:
    from golf_ray.recipes.agent.config import load_agent_config
    from golf_ray.recipes.agent.train import evaluate_agent

    cfg = load_agent_config(args.config, args.overrides)
    report = evaluate_agent(cfg, args.checkpoint, args.json)
    m = report["metrics"]
    print(
        f"greedy: success rate {m.get('success_rate', 0.0):.3f}  return "
        f"{m.get('episode_return', 0.0):.3f}  length {m.get('episode_length', 0.0):.2f}"
    )
    for name, row in report["templates"].items():
        print(
            f"template {name}: episodes {row['episodes']:.0f}  success rate "
            f"{row['success_rate']:.3f}  matched {row['matched']:.3f}"
        )
    return 0


def cmd_agent_plan(args: argparse.Namespace) -> int:
    from golf_ray.recipes.agent.config import load_agent_config
    from golf_ray.recipes.agent.train import plan_two_part_problems

    cfg = load_agent_config(args.config, args.overrides)
    results = plan_two_part_problems(cfg, args.checkpoint)
    for r in results:
        print(
            f"{r.problem_id}: {'correct' if r.correct else 'not correct'} "
            f"(pass rate {r.pass_rate:.2f}, plan from {r.plan_source}, cycles {r.cycles})"
        )
        for record in r.trace:
            print(f"  {record.stage:<12} {record.seconds:6.2f}s  {record.detail}")
    if args.json:
        from dataclasses import asdict

        from golf_ray.fileio import atomic_write_text

        rows = [{k: v for k, v in asdict(r).items() if k != "episodes"} for r in results]
        atomic_write_text(args.json, json.dumps(rows, indent=2))
    return 0
