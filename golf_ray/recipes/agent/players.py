"""Who plays the episodes: in this process (`LocalPlayer`, the scripted world) or on Ray episode
actors over rollout actors and a sandbox pool (`RayPlayer`)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from golf_ray.recipes.agent.dqn import ModulePolicy
from golf_ray.recipes.agent.env import EnvConfig, ExecutiveEnv, Tools
from golf_ray.recipes.agent.episodes import Episode, EpisodeSpec, first_legal, run_episode
from golf_ray.recipes.agent.problems import Problem

if TYPE_CHECKING:
    from golf_ray.recipes.agent.config import AgentConfig


class Player(Protocol):
    make_tools: Callable[[], Tools]  # for RLlib's EnvRunner, which plays the policy episodes

    def play(self, specs: Sequence[EpisodeSpec], policy_args: dict | None) -> list[Episode]: ...

    def close(self) -> None: ...


class LocalPlayer:
    """Plays episodes one after another in this process (the scripted world needs no Ray)."""

    def __init__(self, tools: Tools, env_cfg: EnvConfig):
        self.tools, self.env_cfg = tools, env_cfg

    def make_tools(self) -> Tools:
        return self.tools

    def play(self, specs: Sequence[EpisodeSpec], policy_args: dict | None) -> list[Episode]:
        out = []
        for spec in specs:
            policy = first_legal
            if policy_args is not None:
                policy = ModulePolicy(**policy_args)
            env = ExecutiveEnv(spec.problem, self.tools, self.env_cfg)
            out.append(run_episode(env, policy, spec.forced, spec.template))
        return out

    def close(self) -> None:
        pass


class RayPlayer:
    """Episode actors over rollout actors (the model) and a sandbox pool."""

    def __init__(self, cfg: AgentConfig, run_dir: Path, problems: Sequence[Problem]):
        from golf_ray.actors.rollout import create_rollout_actors
        from golf_ray.actors.sandbox import SandboxPool
        from golf_ray.models import resolve_model
        from golf_ray.placement import check_placement
        from golf_ray.recipes.agent.runners import EpisodePool
        from golf_ray.recipes.agent.tools import RayTools
        from golf_ray.runtime import init_ray

        init_ray(cfg.ray.address, cfg.ray.num_cpus, cfg.ray.include_dashboard, cfg.ray.namespace)
        check_placement(cfg)  # a config the cluster cannot place fails here, in one line
        run = run_dir.name
        self.model_path = str(resolve_model(cfg.model))
        self.rollouts = create_rollout_actors(
            self.model_path, cfg.rollout, cfg.model, name_prefix=f"{run}/rollout"
        )
        self.sandbox = SandboxPool.from_config(cfg.sandbox, name_prefix=f"{run}/sandbox")
        db_path = cfg.search_db or str(run_dir / "solutions.sqlite")
        library = {p.id: p.search_text() for p in problems}
        self.make_tools = functools.partial(
            RayTools, self.model_path, self.rollouts, self.sandbox, cfg.tools, db_path, library
        )
        self.pool = EpisodePool(
            cfg.runners,
            self.make_tools,
            cfg.env,
            cfg.runner_num_cpus,
            name_prefix=f"{run}/episodes",
        )

    def play(self, specs: Sequence[EpisodeSpec], policy_args: dict | None) -> list[Episode]:
        return self.pool.run(specs, policy_args)

    def close(self) -> None:
        from golf_ray.actors.rollout import shutdown_rollout_actors

        self.pool.close()
        self.sandbox.close()
        shutdown_rollout_actors(self.rollouts)


def make_player(cfg: AgentConfig, run_dir: Path, problems: Sequence[Problem]) -> Player:
    if cfg.problems.source == "scripted":
        from golf_ray.recipes.agent.scripted import ScriptedTools

        return LocalPlayer(ScriptedTools(), cfg.env)
    return RayPlayer(cfg, run_dir, problems)
