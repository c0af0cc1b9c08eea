"""A policy being trained: its rollout actors (generation) and its learner group (updates), and
the weights between them. The golf loop drives one; the adversarial game two.
"""

from __future__ import annotations

import logging
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
from golf_ray.remote import RemoteError, wait_all
from golf_ray.rl.run import step_seed

log = logging.getLogger(__name__)


#: How often one generation is sent again to a rollout actor that Ray restarted, before the run
#: gives up (an actor that dies on every batch, e.g. out of memory, is not worth waiting on).
REGENERATIONS = 3


@dataclass
class Generation:
    """Completions on their way: a ref per rollout actor that got prompts, and which prompts
    (indices into the submitted list) each got, and the actors' names; what was asked (to ask
    again after a restart): the prompts, the sampling, which actor (index) ran each shard and
    the policy version each of those actors had been sent by then."""

    refs: list
    shards: list[list[int]]
    names: list[str] = field(default_factory=list)
    prompts: list[str] = field(default_factory=list)
    sampling: Sampling | None = None
    actors: list[int] = field(default_factory=list)
    versions: list[int] = field(default_factory=list)


class Policy:
    """`name_prefix` + "rollout"/"learner" names the actors (e.g. `RUN/rollout-0`).

    GPUs: `num_gpus: auto` is resolved for the pair (golf_ray.placement: whole GPUs, or 0.5 +
    0.5 of a single one). Rollout actors on GPUs are waited for before any learner starts:
    vLLM sizes its KV cache from the device's free memory while it starts, and would count a
    learner's allocations on a shared GPU as its own. Every wait on a generation or a weight
    update has a deadline (`rollout.timeout_s`, `learner.timeout_s`).

    A rollout actor that dies (OOM killer, node loss) is restarted by Ray, which runs its
    queued calls again on the new process; that process starts from the model's initial
    weights. The policy knows the version each actor was sent (`actor_versions`): completions
    older than that come from a restarted actor, so `collect` sends it the current weights and
    generates that shard again (at most `REGENERATIONS` times per generation)."""

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
        self.actor_versions = [0] * len(self.rollouts)  # the weights each was sent last
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
        given = [i for i in range(k) if shards[i]]
        return Generation(
            [
                self.rollouts[i].generate.remote([prompts[j] for j in shards[i]], sampling)
                for i in given
            ],
            [shards[i] for i in given],
            [self.rollout_names[i] for i in given],
            list(prompts),
            sampling,
            given,
            [self.actor_versions[i] for i in given],
        )

    def collect(self, generation: Generation) -> list[tuple[int, Completion]]:
        """(prompt index, completion) pairs, actor by actor, each actor's in its own order."""
        g, timeout = generation, self.rollout_cfg.timeout_s
        done = wait_all(g.refs, g.names, "generation", timeout)
        for attempt in range(REGENERATIONS + 1):
            stale = [
                n
                for n, completions in enumerate(done)
                if any(c.policy_version < g.versions[n] for c in completions)
            ]
            if not stale:
                break
            if attempt == REGENERATIONS:
                late = ", ".join(g.names[n] for n in stale)
                raise RemoteError(f"generation: {late} restarted {attempt} times in one batch")
            for n in stale:
                self._reload(g.actors[n])
            refs = [
                self.rollouts[g.actors[n]].generate.remote(
                    [g.prompts[j] for j in g.shards[n]], g.sampling
                )
                for n in stale
            ]
            for n, result in zip(
                stale,
                wait_all(refs, [g.names[n] for n in stale], "generation", timeout),
                strict=True,
            ):
                done[n] = result
        return [
            (shard[c.prompt_index], c)
            for shard, completions in zip(g.shards, done, strict=True)
            for c in completions
        ]

    def _reload(self, i: int) -> None:
        """Rollout actor `i` was restarted (its weights are the initial ones): send it the
        current policy and wait until it has them."""
        name, version = self.rollout_names[i], self.learners.version
        log.warning(
            "%s was restarted: sending it policy version %d, generating again", name, version
        )
        self.learners.send_weights(
            [self.rollouts[i]], names=[name], timeout_s=self.rollout_cfg.timeout_s
        )
        self.actor_versions[i] = version

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
        version = self.learners.broadcast(
            self.rollouts, every, names=self.rollout_names, timeout_s=self.rollout_cfg.timeout_s
        )
        if version % every == 0:
            self.actor_versions = [version] * len(self.rollouts)
        return version

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
        self.actor_versions = [self.learners.version] * len(self.rollouts)
        return meta

    def close(self) -> None:
        shutdown_rollout_actors(self.rollouts)
        if self.learners is not None:
            self.learners.shutdown()
