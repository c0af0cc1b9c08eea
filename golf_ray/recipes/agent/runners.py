"""Episode actors on Ray: each owns one set of tools (the rollout actors generate and debug, the
sandbox pool tests) and plays episodes (`golf_ray.recipes.agent.episodes`) or planner runs
(`golf_ray.recipes.agent.planner`); `EpisodePool` spreads them over several actors.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import ray

from golf_ray.recipes.agent.dqn import ModulePolicy
from golf_ray.recipes.agent.env import EnvConfig, ExecutiveEnv, Tools
from golf_ray.recipes.agent.episodes import Episode, EpisodeSpec, Policy, first_legal, run_episode
from golf_ray.recipes.agent.planner import Planner, policy_executive, template_executive


class EpisodeRunner:
    """Ray actor: owns one set of tools (LLM via rollout actors, sandbox pool, retrieval)."""

    def __init__(self, make_tools: Callable[[], Tools], env_cfg: EnvConfig):
        self.tools = make_tools()
        self.env_cfg = env_cfg

    def run(self, spec: EpisodeSpec, policy_args: dict[str, Any] | None) -> Episode:
        if hasattr(self.tools, "reseed"):
            self.tools.reseed(spec.seed)
        policy: Policy = first_legal
        if policy_args is not None:
            policy = ModulePolicy(**policy_args)
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
        """A hierarchical episode (golf_ray.recipes.agent.planner) with this actor's tools; the executive
        is the policy when `policy_args` are given, else the template."""
        if hasattr(self.tools, "reseed"):
            self.tools.reseed(seed)
        executive = (
            template_executive(template)
            if policy_args is None
            else policy_executive(ModulePolicy(**policy_args))
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
