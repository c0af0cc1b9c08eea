"""A group of learner actors training data-parallel, and the weight broadcast to rollout actors."""

from __future__ import annotations

from collections.abc import Sequence

import ray
import ray.util
import torch
from ray.util.scheduling_strategies import PlacementGroupSchedulingStrategy

from golf_ray.config import AlgorithmConfig, LearnerConfig
from golf_ray.learner.learner import LearnerActor, TrainBatch


class LearnerGroup:
    """`num_actors` ranks of `LearnerActor`; a batch is split between them by whole groups."""

    def __init__(
        self,
        model_path: str,
        learner: LearnerConfig,
        algorithm: AlgorithmConfig,
        total_steps: int,
        seed: int = 0,
        name_prefix: str = "learner",
    ):
        n = learner.num_actors
        remote = ray.remote(LearnerActor)
        self.placement_group = _placement_group(n, learner.num_cpus, learner.num_gpus)
        self.actors = []
        for rank in range(n):
            options = dict(
                name=f"{name_prefix}-{rank}", num_cpus=learner.num_cpus, num_gpus=learner.num_gpus
            )
            if self.placement_group is not None:
                options["scheduling_strategy"] = PlacementGroupSchedulingStrategy(
                    self.placement_group, placement_group_bundle_index=rank
                )
            self.actors.append(
                remote.options(**options).remote(
                    model_path, learner, algorithm, total_steps, rank, n, seed=seed
                )
            )
        addr, port = ray.get(self.actors[0].address.remote())
        # All ranks must enter the rendezvous together, so start them all before waiting.
        self.num_parameters = ray.get([a.setup.remote(addr, port) for a in self.actors])[0]
        self.version = 0
        self.sending: list = []  # update_weights refs of the last send, not yet waited for

    def shard(self, batch: TrainBatch) -> list[TrainBatch]:
        n = len(self.actors)
        if len(batch) % n:
            raise ValueError(f"learner: batch of {len(batch)} does not split over {n} learners")
        size = len(batch) // n
        shards = [batch.slice(i * size, (i + 1) * size) for i in range(n)]
        for a, b in zip(shards, shards[1:], strict=False):
            if bool(torch.isin(a.group_ids, b.group_ids).any()):
                raise ValueError(
                    "learner: a prompt group spans two learners; order samples by group"
                )
        return shards

    def train_step(self, batch: TrainBatch) -> dict[str, float]:
        """One update on every rank; metrics averaged over ranks."""
        per_rank = ray.get(
            [a.train_step.remote(s) for a, s in zip(self.actors, self.shard(batch), strict=True)]
        )
        return {k: sum(m[k] for m in per_rank) / len(per_rank) for k in per_rank[0]}

    def sft_step(self, batch: TrainBatch) -> dict[str, float]:
        """One supervised (warm-start) step on every rank; metrics averaged over ranks."""
        shards = self.shard(batch)
        per_rank = ray.get([a.sft_step.remote(s) for a, s in zip(self.actors, shards, strict=True)])
        return {k: sum(m[k] for m in per_rank) / len(per_rank) for k in per_rank[0]}

    def broadcast(self, rollout_actors: Sequence, every: int = 1) -> int:
        """Count a new policy version; every `every` versions, send it without waiting for the
        rollout actors to take it (`send_weights`)."""
        self.version += 1
        if self.version % every == 0:
            self.send_weights(rollout_actors, wait=False)
        return self.version

    def send_weights(self, rollout_actors: Sequence, wait: bool = True) -> None:
        """Merged policy weights, as version `self.version`, to every rollout actor (through the
        object store). An actor takes them after the generations already queued on it, and
        runs every later call with them. `wait=False` returns at once: the learner goes on while
        the actors finish their queue. The previous send is waited for first, so at most one is
        outstanding and a failed update surfaces at the next send."""
        self.wait_for_weights()
        if rollout_actors:
            weights = self.actors[0].rollout_weights.remote()
            self.sending = [r.update_weights.remote(weights, self.version) for r in rollout_actors]
        if wait:
            self.wait_for_weights()

    def wait_for_weights(self) -> None:
        refs, self.sending = self.sending, []
        ray.get(refs)

    def save_checkpoint(self, path: str, **kwargs) -> str:
        return ray.get([a.save_checkpoint.remote(path, **kwargs) for a in self.actors])[0]

    def load_checkpoint(self, path: str) -> dict:
        return ray.get([a.load_checkpoint.remote(path) for a in self.actors])[0]

    def checksums(self) -> list[float]:
        return ray.get([a.parameter_checksum.remote() for a in self.actors])

    def shutdown(self) -> None:
        for a in self.actors:
            ray.kill(a)
        self.actors = []
        if self.placement_group is not None:
            ray.util.remove_placement_group(self.placement_group)
            self.placement_group = None


def _placement_group(n: int, cpus: float, gpus: float):
    """Reserve every rank's resources at once (packed onto as few nodes as possible), so a
    half-placed group never holds GPUs while waiting for the rest; None when ranks need none."""
    bundle = {k: v for k, v in (("CPU", cpus), ("GPU", gpus)) if v > 0}
    if not bundle or ray.util.get_current_placement_group() is not None:
        return None  # inside a Tune trial the ranks join the trial's own placement group
    pg = ray.util.placement_group([dict(bundle) for _ in range(n)], strategy="PACK")
    ray.get(pg.ready(), timeout=600)
    return pg
