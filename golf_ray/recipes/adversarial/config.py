"""Configuration of `golf-ray adversarial`: YAML (with `defaults:` inheritance and dotted
overrides, as for `golf-ray train`) loaded into typed dataclasses, checked in one-line errors."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path

from golf_ray.config import (
    AlgorithmConfig,
    CheckpointConfig,
    ConfigError,
    LearnerConfig,
    LoggingConfig,
    ModelConfig,
    RayConfig,
    RewardConfig,
    RolloutConfig,
    SandboxConfig,
    apply_overrides,
    from_dict,
    load_raw,
)
from golf_ray.tasks.stages import StageSpec, load_stages

ROLES = ("discriminator", "generator")


@dataclass
class PolicyConfig:
    """One side of the game: its model, rollout actors, learner, algorithm and reward terms."""

    model: ModelConfig = field(default_factory=ModelConfig)
    rollout: RolloutConfig = field(default_factory=RolloutConfig)
    learner: LearnerConfig = field(default_factory=LearnerConfig)
    algorithm: AlgorithmConfig = field(default_factory=AlgorithmConfig)
    reward: RewardConfig = field(default_factory=lambda: RewardConfig(terms={}))


@dataclass
class ProblemsConfig:
    source: str = "humaneval"  # humaneval | file
    path: str | None = None  # the problems JSON when source is file
    ids: list[str] = field(default_factory=list)  # empty = all
    limit: int = 0  # 0 = all


@dataclass
class ScheduleConfig:
    """Per stage: N discriminator steps (generator frozen), N generator steps (discriminator
    frozen), then K steps alternating discriminator, generator, ..."""

    epochs: int = 1
    phase_steps: int = 2  # N
    alternating_steps: int = 2  # K


@dataclass
class AdversarialConfig:
    name: str = "adversarial"
    seed: int = 0
    problems_per_step: int = 2
    max_tests: int = 4  # assert lines read from one test-writer completion
    tests_max_tokens: int = 96
    generator_solutions: int = 2  # frozen-generator programs per problem in a discriminator step
    max_adversarial_tests: int = 8  # valid adversarial tests kept per problem (newest)
    test_timeout_s: float = 5.0
    stages: list[StageSpec] = field(default_factory=lambda: load_stages(None))
    problems: ProblemsConfig = field(default_factory=ProblemsConfig)
    schedule: ScheduleConfig = field(default_factory=ScheduleConfig)
    generator: PolicyConfig = field(default_factory=PolicyConfig)
    discriminator: PolicyConfig = field(default_factory=PolicyConfig)
    sandbox: SandboxConfig = field(default_factory=SandboxConfig)
    checkpoint: CheckpointConfig = field(default_factory=lambda: CheckpointConfig(keep=0))
    logging: LoggingConfig = field(default_factory=LoggingConfig)
    ray: RayConfig = field(default_factory=RayConfig)

    def to_dict(self) -> dict:
        return dataclasses.asdict(self)


def load_adversarial_config(
    path: str | Path, overrides: list[str] | None = None
) -> AdversarialConfig:
    data, sources = load_raw(path)
    apply_overrides(data, sources, overrides or [])
    cfg = from_dict(AdversarialConfig, data, sources)
    where = sources.get("stages", str(path))
    cfg.stages = load_stages(cfg.stages, f"{where}: stages")
    origin = lambda key: sources.get(key, str(path))  # noqa: E731
    if cfg.problems.source not in ("humaneval", "file"):
        raise ConfigError(
            f"{origin('problems.source')}: problems.source: must be humaneval or file, "
            f"got {cfg.problems.source!r}"
        )
    if cfg.problems.source == "file" and not cfg.problems.path:
        raise ConfigError(f"{origin('problems')}: problems.path: required when source is file")
    for key in ("problems_per_step", "max_tests", "tests_max_tokens", "generator_solutions"):
        if getattr(cfg, key) < 1:
            raise ConfigError(f"{origin(key)}: {key}: must be >= 1, got {getattr(cfg, key)}")
    s = cfg.schedule
    if s.epochs < 1 or s.phase_steps < 0 or s.alternating_steps < 0:
        raise ConfigError(
            f"{origin('schedule')}: schedule: epochs must be >= 1 and step counts >= 0"
        )
    if s.phase_steps == 0 and s.alternating_steps < 2:
        raise ConfigError(
            f"{origin('schedule')}: schedule: each stage needs a generator and a discriminator "
            "step (phase_steps >= 1 or alternating_steps >= 2)"
        )
    for role in ROLES:
        side: PolicyConfig = getattr(cfg, role)
        if not side.reward.terms:
            raise ConfigError(f"{origin(role)}: {role}.reward.terms: give at least one term")
        if side.learner.num_actors < 1 or cfg.problems_per_step % side.learner.num_actors:
            raise ConfigError(
                f"{origin(f'{role}.learner.num_actors')}: {role}.learner.num_actors: must divide "
                f"problems_per_step ({cfg.problems_per_step}) so no problem's group is split"
            )
    import golf_ray.recipes.adversarial.rewards  # noqa: F401  (registers the game's reward terms)
    from golf_ray.rewards import get_reward_term

    for role in ROLES:
        for term in getattr(cfg, role).reward.terms:
            try:
                get_reward_term(term)
            except ConfigError as e:
                where = origin(f"{role}.reward.terms.{term}")
                raise ConfigError(f"{where}: {role}.{e}") from None
    return cfg


def stage_roles(schedule: ScheduleConfig) -> list[str]:
    """The steps of one stage, in order."""
    n, k = schedule.phase_steps, schedule.alternating_steps
    return ["discriminator"] * n + ["generator"] * n + [ROLES[i % 2] for i in range(k)]
