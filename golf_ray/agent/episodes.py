"""Running episodes: the loop (`run_episode`), and episode actors on Ray that run many in
parallel, each calling the rollout actors (generate/debug) and the sandbox pool (test).

An episode is driven by a policy (the controller's Q-network, epsilon-greedy) or forced along a
template's action sequence (`golf_ray.agent.templates`); either way the code comes from the
model and the verdicts from the sandbox. A forced action that is illegal where it comes up (a
debug after a passing test) ends the episode with `stop` when that is legal.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import ray

from golf_ray.agent.env import ACTIONS, Action, EnvConfig, ExecutiveEnv, Step, Tools
from golf_ray.agent.problems import Problem

# obs, mask -> (action, Q-values of this state; NaN where illegal)
Policy = Callable[[np.ndarray, np.ndarray], tuple[int, list[float]]]


@dataclass
class Transition:
    obs: np.ndarray
    mask: np.ndarray
    action: int
    reward: float
    next_obs: np.ndarray
    next_mask: np.ndarray
    done: bool


@dataclass
class Episode:
    problem_id: str
    kind: str
    template: str | None  # the forced template, None when the policy chose
    transitions: list[Transition] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    q_values: list[list[float]] = field(default_factory=list)  # per policy decision
    correct: bool = False
    points: float = 0.0
    code: str | None = None
    seconds: float = 0.0

    @property
    def ret(self) -> float:
        return float(sum(t.reward for t in self.transitions))

    @property
    def length(self) -> int:
        return len(self.transitions)

    @property
    def actions(self) -> list[str]:
        return [s.action for s in self.steps]

    @property
    def outcomes(self) -> list[str | None]:
        return [s.outcome for s in self.steps]


def run_episode(
    env: ExecutiveEnv,
    policy: Policy,
    forced: Sequence[int] | None = None,
    template: str | None = None,
) -> Episode:
    """Play one episode to the end; every transition is recorded for replay."""
    start = time.perf_counter()
    obs, mask = env.reset()
    episode = Episode(env.problem.id, env.problem.kind, template)
    forced = list(forced) if forced is not None else None
    while not env.done:
        if forced is not None:
            action = forced.pop(0) if forced else int(Action.STOP)
            if not mask[action]:
                # The template does not fit what happened: end here if we can.
                action = int(Action.STOP) if mask[Action.STOP] else policy(obs, mask)[0]
        else:
            action, q = policy(obs, mask)
            episode.q_values.append(q)
        next_obs, next_mask, reward, done, step = env.step(action)
        episode.transitions.append(
            Transition(obs, mask, int(action), reward, next_obs, next_mask, done)
        )
        episode.steps.append(step)
        obs, mask = next_obs, next_mask
    final = env.final
    episode.correct = bool(final and final.correct)
    episode.points = final.points if final and final.correct else 0.0
    episode.code = env.state.code
    episode.seconds = time.perf_counter() - start
    return episode


def first_legal(obs: np.ndarray, mask: np.ndarray) -> tuple[int, list[float]]:
    """A trivial policy: the first legal action (a fallback when no network is given)."""
    return int(np.flatnonzero(mask)[0]), [float("nan")] * len(ACTIONS)


@dataclass
class EpisodeSpec:
    """What one episode actor call should play."""

    problem: Problem
    epsilon: float = 0.0
    seed: int = 0
    template: str | None = None
    forced: list[int] | None = None


class EpisodeRunner:
    """Ray actor: owns one set of tools (LLM via rollout actors, sandbox pool, retrieval)."""

    def __init__(self, make_tools: Callable[[], Tools], env_cfg: EnvConfig):
        self.tools = make_tools()
        self.env_cfg = env_cfg

    def run(self, spec: EpisodeSpec, policy_args: dict[str, Any] | None) -> Episode:
        from golf_ray.agent.controller import GreedyPolicy

        if hasattr(self.tools, "reseed"):
            self.tools.reseed(spec.seed)
        policy: Policy = first_legal
        if policy_args is not None:
            policy = GreedyPolicy(**policy_args, epsilon=spec.epsilon, seed=spec.seed)
        env = ExecutiveEnv(spec.problem, self.tools, self.env_cfg)
        return run_episode(env, policy, spec.forced, spec.template)

    def plan(
        self,
        problem: Any,
        policy_args: dict[str, Any] | None,
        template: str = "debug",
        planner_cfg: Any = None,
        seed: int = 0,
    ) -> Any:
        """A hierarchical episode (golf_ray.agent.planner) with this actor's tools; the executive
        is the policy when `policy_args` are given, else the template."""
        from golf_ray.agent.controller import GreedyPolicy
        from golf_ray.agent.planner import Planner, policy_executive, template_executive

        if hasattr(self.tools, "reseed"):
            self.tools.reseed(seed)
        executive = (
            template_executive(template)
            if policy_args is None
            else policy_executive(GreedyPolicy(**policy_args, seed=seed))
        )
        return Planner(self.tools, executive, self.env_cfg, planner_cfg).run(problem)


class EpisodePool:
    """`num_runners` episode actors; `run(specs)` plays them in parallel, results in order."""

    def __init__(
        self,
        num_runners: int,
        make_tools: Callable[[], Tools],
        env_cfg: EnvConfig,
        num_cpus: float = 0.0,
        name_prefix: str = "episodes",
    ):
        remote = ray.remote(EpisodeRunner)
        self.runners = [
            remote.options(name=f"{name_prefix}-{i}", num_cpus=num_cpus).remote(make_tools, env_cfg)
            for i in range(max(num_runners, 1))
        ]

    def run(
        self, specs: Sequence[EpisodeSpec], policy_args: dict[str, Any] | None
    ) -> list[Episode]:
        args_ref = ray.put(policy_args)
        refs = [
            self.runners[i % len(self.runners)].run.remote(spec, args_ref)
            for i, spec in enumerate(specs)
        ]
        return ray.get(refs)

    def plan(
        self,
        problems: Sequence[Any],
        policy_args: dict[str, Any] | None,
        template: str = "debug",
        planner_cfg: Any = None,
    ) -> list:
        """Hierarchical episodes, one per problem, in parallel over the episode actors."""
        refs = [
            self.runners[i % len(self.runners)].plan.remote(
                p, policy_args, template, planner_cfg, i
            )
            for i, p in enumerate(problems)
        ]
        return ray.get(refs)

    def close(self) -> None:
        for runner in self.runners:
            ray.kill(runner)
        self.runners = []
