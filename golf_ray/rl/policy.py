"""A policy being trained: its rollout actors (generation) and its learner group (updates), and
the weights between them. The golf loop drives one; the adversarial game two.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from golf_ray.actors.engines import Completion, Sampling
from golf_ray.actors.rollout import (
    create_rollout_actors,
    rollout_names,
    shutdown_rollout_actors,
    wait_ready,
)
from golf_ray.config import AlgorithmConfig, LearnerConfig, ModelConfig, RolloutConfig
from golf_ray.learner.group import LearnerGroup
from golf_ray.learner.learner import make_batch
from golf_ray.placement import resolved
from golf_ray.remote import wait_all
from golf_ray.rl.run import step_seed


@dataclass
class Generation:
    """Completions on their way: a ref per rollout actor that got prompts, and which prompts
    (indices into the submitted list) each got, and the actors' names."""

    refs: list
    shards: list[list[int]]
    names: list[str] = field(default_factory=list)


class Policy:
    """`name_prefix` + "rollout"/"learner" names the actors (e.g. `RUN/rollout-0`).

    GPUs: `num_gpus: auto` is resolved for the pair (golf_ray.placement: whole GPUs, or 0.5 +
    0.5 of a single one). Rollout actors on GPUs are waited for before any learner starts:
    vLLM sizes its KV cache from the device's free memory while it starts, and would count a
    learner's allocations on a shared GPU as its own. Every wait on a generation or a weight
    update has a deadline (`rollout.timeout_s`, `learner.timeout_s`)."""

    def __init__(
        self,
        model_path: str,
        tokenizer: Any,
        model: ModelConfig,
        rollout: RolloutConfig,
        learner: LearnerConfig,
        algorithm: AlgorithmConfig,
        *,
        total_steps: int,
        seed: int,
        name_prefix: str,
    ) -> None:
        pair = resolved(SimpleNamespace(rollout=rollout, learner=learner))
        rollout, learner = pair.rollout, pair.learner
        self.model_path, self.tokenizer = model_path, tokenizer
        self.rollout_cfg, self.learner_cfg, self.algorithm_cfg = rollout, learner, algorithm
        self.rollouts = create_rollout_actors(
            model_path, rollout, model, name_prefix=f"{name_prefix}rollout"
        )
        self.rollout_names = rollout_names(f"{name_prefix}rollout", len(self.rollouts))
        if float(rollout.num_gpus) > 0:
            wait_ready(self.rollouts, self.rollout_names, rollout.timeout_s)
        self.learners: LearnerGroup | None = None
        self._learner_args = (total_steps, seed, f"{name_prefix}learner")

    def start_learners(self) -> Policy:
        """Blocks until the DeepSpeed engines are up (two policies may start theirs at once)."""
        total_steps, seed, name = self._learner_args
        self.learners = LearnerGroup(
            self.model_path,
            self.learner_cfg,
            self.algorithm_cfg,
            total_steps=total_steps,
            seed=seed,
            name_prefix=name,
        )
        return self

    # ------------------------------------------------------------------ generation

    def sampling(self, step: int, **overrides: Any) -> Sampling:
        """The config's sampling with this step's seed, then `overrides`."""
        seed = step_seed(self.rollout_cfg.seed, step)
        return Sampling.from_config(self.rollout_cfg, **{"seed": seed, **overrides})

    def submit(self, prompts: list[str], sampling: Sampling) -> Generation:
        """Start generating, the prompts spread over the rollout actors; returns at once."""
        k = len(self.rollouts)
        shards = [list(range(i, len(prompts), k)) for i in range(k)]
        given = [
            (actor, shard, name)
            for actor, shard, name in zip(self.rollouts, shards, self.rollout_names, strict=True)
            if shard
        ]
        return Generation(
            [
                actor.generate.remote([prompts[j] for j in shard], sampling)
                for actor, shard, _ in given
            ],
            [shard for _, shard, _ in given],
            [name for _, _, name in given],
        )

    def collect(self, generation: Generation) -> list[tuple[int, Completion]]:
        """(prompt index, completion) pairs, actor by actor, each actor's in its own order."""
        done = wait_all(generation.refs, generation.names, "generation", self.rollout_cfg.timeout_s)
        return [
            (shard[c.prompt_index], c)
            for shard, completions in zip(generation.shards, done, strict=True)
            for c in completions
        ]

    def generate(self, prompts: list[str], sampling: Sampling) -> list[list[Completion]]:
        """Each prompt's completions, in sample order."""
        out: list[list[Completion]] = [[] for _ in prompts]
        for j, c in self.collect(self.submit(prompts, sampling)):
            out[j].append(c)
        return [sorted(cs, key=lambda c: c.sample_index) for cs in out]

    # ------------------------------------------------------------------ learning

    def learn(
        self,
        prompt_ids: list[list[int]],
        completions: list[Completion],
        rewards: list[float],
        groups: list[int],
        keep: list[bool] | None = None,
    ) -> dict[str, float]:
        """One learner step on these samples (no weight broadcast: see `broadcast`). `keep`
        False leaves a sample out of the loss; the engines' log-probs go along (for
        `algorithm.tis_cap`) when every completion has one per token."""
        behaviour = [c.logprobs for c in completions]
        if any(len(lp) != c.num_tokens for lp, c in zip(behaviour, completions, strict=True)):
            behaviour = None
        batch = make_batch(
            prompt_ids,
            [c.token_ids for c in completions],
            rewards,
            groups,
            self.tokenizer.pad_token_id,
            behaviour_logprobs=behaviour,
            keep=keep,
        )
        return self.learners.train_step(batch)

    def broadcast(self, every: int = 1) -> int:
        """Count a new policy version; send the weights to the rollout actors every `every`."""
        return self.learners.broadcast(
            self.rollouts, every, names=self.rollout_names, timeout_s=self.rollout_cfg.timeout_s
        )

    @property
    def version(self) -> int:
        return self.learners.version

    # ------------------------------------------------------------------ checkpoints

    def save(self, path: str | Path, metrics: dict, config: dict) -> str:
        """This step's learner checkpoint at `path` (golf_ray.rl.checkpoints: the run names it)."""
        return self.learners.save_checkpoint(
            str(path), metrics=metrics, config=config, policy_version=self.learners.version
        )

    def load(self, path: str | Path) -> dict:
        """A learner checkpoint dir; the rollout actors get its weights. Returns its meta."""
        meta = self.learners.load_checkpoint(str(path))
        # the version it was saved at, not a new one: staleness and the DB count from there
        self.learners.version = meta.get("policy_version", meta["step"])
        self.learners.send_weights(self.rollouts)
        return meta

    def close(self) -> None:
        shutdown_rollout_actors(self.rollouts)
        if self.learners is not None:
            self.learners.shutdown()
