"""`golf-ray agent train|eval CONFIG`: RLlib's DQN over the executive's decisions.

One iteration, top to bottom (`AgentTrainer.iteration`): pick problems → template episodes,
forced along the three templates, played in parallel by the player's episode actors, and
epsilon-greedy policy episodes sampled by RLlib's EnvRunner on the gymnasium env (either way the
model writes the code, the sandbox judges it) → every episode into RLlib's replay buffer,
final programs into the solution DB (which `search` retrieves from) → gradient steps on RLlib's
DQN learner (double Q, dueling, action masking) → metrics (CSV, TensorBoard, curves) → periodic
greedy evaluation and checkpoints (RLlib's, plus the replay buffer).
"""

from __future__ import annotations

import json
import logging
import pickle
import random
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
from ray.rllib.core import DEFAULT_MODULE_ID
from ray.rllib.core.rl_module.rl_module import RLModule
from ray.rllib.utils.metrics import NUM_ENV_STEPS_SAMPLED_LIFETIME

from golf_ray.config import ConfigError
from golf_ray.fileio import atomic_write_bytes, atomic_write_json
from golf_ray.metrics import read_metrics
from golf_ray.recipes.agent.config import AgentConfig
from golf_ray.recipes.agent.dqn import algorithm_config
from golf_ray.recipes.agent.episodes import Episode, EpisodeSpec
from golf_ray.recipes.agent.functions import two_part_problems
from golf_ray.recipes.agent.gym_env import from_rllib, to_rllib
from golf_ray.recipes.agent.planner import PlannerConfig, PlanResult
from golf_ray.recipes.agent.players import Player, RayPlayer, make_player
from golf_ray.recipes.agent.problems import GolfProblem, Problem
from golf_ray.recipes.agent.templates import TEMPLATES, template_report
from golf_ray.rl import checkpoints
from golf_ray.rl.run import Run, due, new_run_dir
from golf_ray.runtime import init_ray
from golf_ray.verify import Verdict

log = logging.getLogger(__name__)
ALGORITHM_DIR = "algorithm"  # Algorithm.save_to_path
REPLAY_FILE = "replay_buffer.pkl"  # the replay buffer's get_state()
MODULE_PATH = Path("learner_group", "learner", "rl_module", DEFAULT_MODULE_ID)


# --------------------------------------------------------------------------- problems


def load_problems(cfg: AgentConfig) -> list[Problem]:
    p = cfg.problems
    if p.source == "scripted":
        from golf_ray.recipes.agent.scripted import scripted_problems

        problems: list[Problem] = list(scripted_problems())
    elif p.source == "functions":
        from golf_ray.recipes.agent.functions import load_function_problems

        problems = list(load_function_problems(p.dir, p.public_tests))
    else:
        from golf_ray.tasks import load_tasks

        tasks = load_tasks(p.source, p.dir)
        if p.ids:
            tasks = tasks.subset(p.ids)
        ordered = tasks.sorted_by_difficulty()
        problems = [GolfProblem(t, p.max_prompt_tokens) for t in ordered]
    if p.ids and p.source in ("scripted", "functions"):
        missing = set(p.ids) - {x.id for x in problems}
        if missing:
            raise ConfigError(f"problems.ids: unknown problem(s) {sorted(missing)}")
        problems = [x for x in problems if x.id in set(p.ids)]
    if p.limit:
        problems = problems[: p.limit]
    if not problems:
        raise ConfigError("problems: no problems selected")
    return problems


# --------------------------------------------------------------------------- the trainer


def episode_metrics(episodes: Sequence[Episode]) -> dict[str, float]:
    """Headline numbers of policy episodes (template episodes are reported per template)."""
    policy = [e for e in episodes if e.template is None]
    out: dict[str, float] = {}
    if policy:
        out.update(
            episode_return=float(np.mean([e.ret for e in policy])),
            success_rate=float(np.mean([e.correct for e in policy])),
            episode_length=float(np.mean([e.length for e in policy])),
        )
        q = [v for e in policy for qs in e.q_values for v in qs if not np.isnan(v)]
        if q:  # greedy episodes played by a `ModulePolicy` (RLlib's sampled ones carry none)
            out.update(q_value_mean=float(np.mean(q)), q_value_max=float(np.max(q)))
    for name, row in template_report(episodes).items():
        if row["episodes"]:
            out[f"template/{name}/success_rate"] = row["success_rate"]
            out[f"template/{name}/matched"] = row["matched"]
    return out


# RLlib learner stats -> our metric names
LEARNER_METRICS = {
    "qf_loss": "td_loss",
    "qf_mean": "q_value_mean",
    "qf_max": "q_value_max",
    "td_error_mean": "learn/td_error_mean",
    "gradients_default_optimizer_global_norm": "learn/grad_norm",
}


class AgentTrainer:
    """RLlib's DQN (`golf_ray.recipes.agent.dqn`) with the iteration written out: DQN's own
    `training_step` samples a fixed number of env steps and cannot take experience it did not
    sample, while an iteration here is `per_iteration` problems' policy episodes (RLlib's local
    EnvRunner samples them) plus the forced template episodes (the player plays them), both into
    RLlib's replay buffer, then gradient steps on RLlib's learner."""

    def __init__(
        self,
        cfg: AgentConfig,
        run_dir: Path,
        player: Player,
        problems: Sequence[Problem],
        record: bool = True,
    ):
        self.cfg, self.run_dir, self.player = cfg, run_dir, player
        self.problems = list(problems)
        self.eval_problems = self.problems[: max(cfg.problems.eval_limit, 1)]
        self.rng = random.Random(cfg.seed)
        self.iteration_done = 0
        self.updates = 0
        # RLlib's Algorithm starts Ray if nothing has: ours, with the project's settings.
        init_ray(cfg.ray.address, cfg.ray.num_cpus, cfg.ray.include_dashboard, cfg.ray.namespace)
        env_config = {"problems": self.problems, "make_tools": player.make_tools, "env": cfg.env}
        self.algo = algorithm_config(cfg.dqn, env_config, cfg.seed).build_algo()
        self.buffer = self.algo.local_replay_buffer
        # RLlib's EpisodeReplayBuffer samples from an unseeded generator: seed it, for runs
        # that repeat.
        self.buffer.rng = np.random.default_rng(cfg.seed)
        self.db = None
        if record and cfg.problems.source != "scripted":
            from golf_ray.solutions import SolutionDB

            self.db = SolutionDB(cfg.search_db or run_dir / "solutions.sqlite")

    @property
    def policy_steps(self) -> int:
        """Policy decisions so far (RLlib's env steps sampled): they drive epsilon and the
        target-network copies."""
        return self.algo.env_runner.num_env_steps_sampled_lifetime

    @property
    def epsilon(self) -> float:
        """RLlib's epsilon schedule at `policy_steps`."""
        return float(self.algo.env_runner.module.epsilon_schedule.update(self.policy_steps))

    def policy_args(self) -> dict[str, Any]:
        """What an episode actor needs to act greedily: the current module."""
        return {"module": self.algo.get_module()}

    def template_specs(self, it: int) -> list[EpisodeSpec]:
        cfg = self.cfg
        if not (cfg.template_iterations < 0 or it < cfg.template_iterations):
            return []
        return [
            EpisodeSpec(problem, self._seed(), name, template.forced())
            for problem in self.chosen(it)
            for name, template in TEMPLATES.items()
            for _ in range(cfg.episodes_per_template)
        ]

    def chosen(self, it: int) -> list[Problem]:
        k = min(self.cfg.problems.per_iteration, len(self.problems))
        start = (it * k) % len(self.problems)  # round-robin: every problem comes up in turn
        return [self.problems[(start + i) % len(self.problems)] for i in range(k)]

    def _seed(self) -> int:
        return self.rng.randrange(2**31)

    def iteration(self, it: int) -> dict[str, float]:
        start = time.perf_counter()
        templates = self.player.play(self.template_specs(it), self.policy_args())
        # The env plays the problems in turn, as `chosen` picks them for the templates.
        n_policy = len(self.chosen(it)) * self.cfg.policy_episodes
        sampled = self.algo.env_runner.sample(num_episodes=n_policy, explore=True)
        steps = self.policy_steps + sum(len(e) for e in sampled)
        self.algo.env_runner_group.sync_env_runner_states(
            config=self.algo.config, env_steps_sampled=steps
        )
        played = time.perf_counter() - start
        episodes = templates + [from_rllib(e) for e in sampled]
        self.buffer.add([to_rllib(e) for e in templates] + sampled)
        self.record(episodes, it + 1)
        n_updates = self.cfg.updates_per_iteration or sum(e.length for e in episodes)
        stats = [s for s in (self.update() for _ in range(n_updates)) if s is not None]
        self.algo.env_runner_group.sync_weights(
            from_worker_or_learner_group=self.algo.learner_group, inference_only=True
        )
        metrics = episode_metrics(episodes)
        for key, name in LEARNER_METRICS.items():
            values = [s[key] for s in stats if key in s]
            if values:
                metrics[name] = float(np.mean(values))
        metrics.update(
            epsilon=self.epsilon,
            buffer_size=self.buffer.get_num_timesteps(),
            updates=self.updates,
            episodes=len(episodes),
        )
        metrics["time/play"] = played
        metrics["time/iteration"] = time.perf_counter() - start
        self.iteration_done = it + 1
        return metrics

    def update(self) -> dict[str, float] | None:
        """One gradient step of RLlib's DQN learner on a batch from RLlib's replay buffer (None
        until the buffer holds `min_buffer` transitions)."""
        c = self.cfg.dqn
        if self.buffer.get_num_timesteps() < max(c.min_buffer, 1):
            return None
        batch = self.buffer.sample(
            num_items=c.batch_size, n_step=1, gamma=c.gamma, sample_episodes=True
        )
        [results] = self.algo.learner_group.update(
            episodes=batch, timesteps={NUM_ENV_STEPS_SAMPLED_LIFETIME: self.policy_steps}
        )
        self.updates += 1
        return {
            k: float(v.peek())
            for k, v in results[DEFAULT_MODULE_ID].items()
            if k in LEARNER_METRICS
        }

    def record(self, episodes: Sequence[Episode], step: int) -> None:
        """Final programs into the solution DB: correct ones become `search` results."""
        if self.db is None:
            return
        entries = []
        for ep in episodes:
            if ep.code:
                verdict = Verdict(
                    ep.correct,
                    int(ep.correct),
                    1,
                    None,
                    None if ep.correct else "wrong_output",
                    "",
                    len(ep.code.encode()),
                    ep.points if ep.correct else 0.001,
                )
                entries.append((ep.problem_id, ep.code, verdict))
        if entries:
            self.db.add_many(entries, policy_version=self.updates, step=step, origin="agent")

    def evaluate(self) -> tuple[dict[str, float], list[Episode]]:
        """Greedy policy episodes on the eval problems, plus one forced episode per template."""
        specs = [EpisodeSpec(p, self._seed()) for p in self.eval_problems]
        specs += [
            EpisodeSpec(p, self._seed(), name, t.forced())
            for p in self.eval_problems
            for name, t in TEMPLATES.items()
        ]
        episodes = self.player.play(specs, self.policy_args())
        return episode_metrics(episodes), episodes

    # ------------------------------------------------------------------ checkpoints

    def save(self, metrics: dict[str, float]) -> Path:
        """An RLlib checkpoint (module, target nets, optimizer, EnvRunner with its step count)
        under `algorithm/`, and the replay buffer beside it: RLlib's new API stack leaves the
        buffer out of `save_to_path`."""
        root = self.run_dir / checkpoints.CHECKPOINTS
        name = checkpoints.step_name(self.iteration_done, prefix="iter")
        self.algo.save_to_path(str((root / name / ALGORITHM_DIR).resolve()))
        atomic_write_bytes(root / name / REPLAY_FILE, pickle.dumps(self.buffer.get_state()))
        meta = {
            "iteration": self.iteration_done,
            "updates": self.updates,
            "metrics": metrics,
            "config": self.cfg.to_dict(),
        }
        atomic_write_json(root / name / "meta.json", meta)
        return checkpoints.publish(root, name, self.cfg.checkpoint.keep)

    def load(self, checkpoint: str | Path) -> int:
        """Restore a checkpoint; a damaged one is a one-line error naming its file, and nothing
        of this trainer changes before every part has been read."""
        path = resolve_checkpoint(checkpoint)
        meta_file, replay_file = path / "meta.json", path / REPLAY_FILE
        try:
            meta = json.loads(meta_file.read_text())
            iteration, updates = int(meta["iteration"]), int(meta["updates"])
        except (OSError, ValueError, KeyError, TypeError) as e:
            raise ValueError(f"{meta_file}: not an agent checkpoint's meta ({e!r})") from None
        try:
            replay = pickle.loads(replay_file.read_bytes())
        except Exception as e:  # a truncated or foreign pickle raises almost anything
            raise ValueError(f"{replay_file}: unreadable replay buffer ({e!r})") from None
        try:
            self.algo.restore_from_path(str((path / ALGORITHM_DIR).resolve()))
        except Exception as e:
            raise ValueError(f"{path / ALGORITHM_DIR}: RLlib cannot restore it ({e!r})") from None
        self.buffer.set_state(replay)
        self.iteration_done, self.updates = iteration, updates
        return self.iteration_done

    def close(self, close_player: bool = True) -> None:
        self.algo.stop()
        if self.db is not None:
            self.db.close()
        if close_player:
            self.player.close()


def resolve_checkpoint(path: str | Path) -> Path:
    """An agent checkpoint dir from any form golf_ray.rl.checkpoints.resolve takes."""
    path = checkpoints.resolve(path)
    if not (path / ALGORITHM_DIR).is_dir() or not (path / REPLAY_FILE).is_file():
        raise FileNotFoundError(
            f"{path}: no {ALGORITHM_DIR}/ and {REPLAY_FILE} (not an agent checkpoint)"
        )
    return path


def load_module(checkpoint: str | Path) -> RLModule:
    """The trained DQN module of an agent checkpoint, for acting (`ModulePolicy`)."""
    path = resolve_checkpoint(checkpoint) / ALGORITHM_DIR / MODULE_PATH
    return RLModule.from_checkpoint(str(path.resolve()))


# --------------------------------------------------------------------------- entry points


@dataclass
class AgentResult:
    run_dir: Path
    iterations: int
    metrics: dict[str, float]
    eval: dict[str, float]


def train_agent(
    cfg: AgentConfig,
    run_dir: Path | None = None,
    resume: str | None = None,
    player: Player | None = None,
) -> AgentResult:
    if resume and checkpoints.is_run(resume):
        run_dir = Path(resume)
    run_dir = run_dir or new_run_dir(cfg.checkpoint.dir, cfg.name)
    with Run(run_dir, cfg.to_yaml(), cfg.logging) as run:
        problems = load_problems(cfg)
        owns_player = player is None
        player = player or make_player(cfg, run.dir, problems)
        trainer = AgentTrainer(cfg, run.dir, player, problems)
        metrics: dict[str, float] = {}
        eval_metrics: dict[str, float] = {}
        try:
            start = trainer.load(resume) if resume else 0
            if resume:
                log.info(
                    "resumed at iteration %d: %d policy steps, replay buffer %d transitions",
                    start,
                    trainer.policy_steps,
                    trainer.buffer.get_num_timesteps(),
                )
            for it in range(start, cfg.iterations):
                metrics = trainer.iteration(it)
                run.log(it + 1, metrics)
                done = it + 1
                if due(done, cfg.eval_every, done == cfg.iterations):
                    eval_metrics, _ = trainer.evaluate()
                    run.log(done, eval_metrics, split="eval")
                if due(done, cfg.checkpoint.every, done == cfg.iterations):
                    trainer.save({**metrics, **{f"eval/{k}": v for k, v in eval_metrics.items()}})
                log.info("iteration %d: %s", done, _brief(metrics))
            summary = {
                "run_dir": str(run.dir),
                "iterations": trainer.iteration_done,
                **metrics,
                **{f"eval/{k}": v for k, v in eval_metrics.items()},
            }
            run.finish(summary, plots=(plot_agent_curves,))
        finally:
            trainer.close(close_player=owns_player)
    return AgentResult(run_dir, trainer.iteration_done, metrics, eval_metrics)


def evaluate_agent(
    cfg: AgentConfig,
    checkpoint: str | None,
    out_json: str | None = None,
    player: Player | None = None,
) -> dict[str, Any]:
    """Greedy episodes + one episode per template on the eval problems; a JSON-able report.
    Without a checkpoint the module is untrained (templates still say what the model and
    sandbox do)."""
    problems = load_problems(cfg)
    owns_player = player is None
    if player is None:
        run_dir = Path(cfg.checkpoint.dir) / f"{cfg.name}-eval-{time.strftime('%Y%m%d-%H%M%S')}"
        player = make_player(cfg, run_dir, problems)
    trainer = AgentTrainer(cfg, Path(cfg.checkpoint.dir), player, problems, record=False)
    try:
        if checkpoint:
            trainer.load(checkpoint)
        metrics, episodes = trainer.evaluate()
    finally:
        trainer.close(close_player=owns_player)
    report = {
        "checkpoint": checkpoint,
        "metrics": metrics,
        "templates": template_report(episodes),
        "episodes": [
            {
                "problem": e.problem_id,
                "template": e.template,
                "actions": e.actions,
                "outcomes": e.outcomes,
                "return": e.ret,
                "correct": e.correct,
            }
            for e in episodes
        ],
    }
    if out_json:
        atomic_write_json(out_json, report)
    return report


def plan_two_part_problems(
    cfg: AgentConfig, checkpoint: str | None = None, out_json: str | None = None
) -> list[PlanResult]:
    """`golf-ray agent plan`: the planner over `two_part_problems()`, each problem on an episode
    actor (rollout actors write, the sandbox pool judges); the traces into `out_json`."""
    problems = two_part_problems()
    run_dir = Path(cfg.checkpoint.dir) / f"{cfg.name}-plan-{time.strftime('%Y%m%d-%H%M%S')}"
    player = RayPlayer(cfg, run_dir, [])
    try:
        args = {"module": load_module(checkpoint)} if checkpoint else None
        results = player.pool.plan(problems, args, "debug", PlannerConfig())
    finally:
        player.close()
    if out_json:
        rows = [{k: v for k, v in asdict(r).items() if k != "episodes"} for r in results]
        atomic_write_json(out_json, rows)
    return results


def format_train(result: AgentResult) -> str:
    lines = [f"run: {result.run_dir}  iterations: {result.iterations}"]
    keys = ("episode_return", "success_rate", "episode_length", "epsilon", "td_loss")
    lines += [f"{key}: {result.metrics[key]:.3f}" for key in keys if key in result.metrics]
    lines += [f"eval/{key}: {value:.3f}" for key, value in sorted(result.eval.items())]
    lines.append(
        f"metrics: {result.run_dir / 'metrics.csv'}  curves: {result.run_dir / 'agent_curves.png'}"
        f"  checkpoints: {result.run_dir / 'checkpoints'}"
    )
    return "\n".join(lines)


def format_eval(report: dict[str, Any]) -> str:
    m = report["metrics"]
    lines = [
        f"greedy: success rate {m.get('success_rate', 0.0):.3f}  return "
        f"{m.get('episode_return', 0.0):.3f}  length {m.get('episode_length', 0.0):.2f}"
    ]
    lines += [
        f"template {name}: episodes {row['episodes']:.0f}  success rate "
        f"{row['success_rate']:.3f}  matched {row['matched']:.3f}"
        for name, row in report["templates"].items()
    ]
    return "\n".join(lines)


def format_plans(results: list[PlanResult]) -> str:
    lines = []
    for r in results:
        lines.append(
            f"{r.problem_id}: {'correct' if r.correct else 'not correct'} "
            f"(pass rate {r.pass_rate:.2f}, plan from {r.plan_source}, cycles {r.cycles})"
        )
        lines += [f"  {t.stage:<12} {t.seconds:6.2f}s  {t.detail}" for t in r.trace]
    return "\n".join(lines)


def _brief(metrics: dict[str, float]) -> str:
    keys = ("episode_return", "success_rate", "episode_length", "epsilon", "td_loss")
    return " ".join(f"{k}={metrics[k]:.3g}" for k in keys if k in metrics)


AGENT_PANELS = (
    "episode_return",
    "success_rate",
    "episode_length",
    "epsilon",
    "q_value_mean",
    "td_loss",
)


def plot_agent_curves(run_dir: str | Path) -> Path:
    """`RUN/agent_curves.png`: the agent's headline metrics, train solid and eval dashed."""
    import io

    from matplotlib.figure import Figure

    run_dir = Path(run_dir)
    series = read_metrics(run_dir)
    fig = Figure(figsize=(15, 7), dpi=100, layout="constrained")
    fig.suptitle(f"{run_dir.name}: agent (RLlib DQN)")
    axes = fig.subplots(2, 3).ravel()
    for ax, key in zip(axes, AGENT_PANELS, strict=True):
        for split, style in (("train", "-"), ("eval", "--o")):
            points = series.get(split, {}).get(key)
            if points:
                ax.plot([s for s, _ in points], [v for _, v in points], style, label=split)
        ax.set_title(key)
        ax.set_xlabel("iteration")
        ax.grid(True, alpha=0.3)
        if ax.lines:
            ax.legend(fontsize=8)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")
    return atomic_write_bytes(run_dir / "agent_curves.png", buffer.getvalue())
