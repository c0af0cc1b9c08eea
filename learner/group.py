"""A group of learner actors training data-parallel, and the weight broadcast to rollout actors."""

from __future__ import annotations

import logging
from collections.abc import Sequence

import ray
import ray.util
import torch
from ray.util.scheduling_strategies import PlacementGroupSchedulingStrategy

from golf_ray.config import AlgorithmConfig, LearnerConfig
from golf_ray.learner.learner import LearnerActor, TrainBatch
from golf_ray.placement import resolved
from golf_ray.remote import wait_all

log = logging.getLogger(__name__)


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
        actor_cls: type = LearnerActor,
    ):
        """`actor_cls` stands in for LearnerActor in placement tests."""
        learner = resolved(learner)  # num_gpus "auto": one GPU per rank when the cluster has them
        n, gpus = learner.num_actors, float(learner.num_gpus)
        self.cfg = learner
        self.names = [f"{name_prefix}-{rank}" for rank in range(n)]
        remote = ray.remote(actor_cls)
        self.placement_group = _placement_group(n, learner.num_cpus, gpus)
        self.actors = []
        for rank in range(n):
            options = dict(name=self.names[rank], num_cpus=learner.num_cpus, num_gpus=gpus)
            if self.placement_group is not None:
                options["scheduling_strategy"] = PlacementGroupSchedulingStrategy(
                    self.placement_group, placement_group_bundle_index=rank
                )
            self.actors.append(
                remote.options(**options).remote(
                    model_path, learner, algorithm, total_steps, rank, n, seed=seed
                )
            )
        timeout = learner.timeout_s
        [(addr, port)] = wait_all(
            [self.actors[0].address.remote()], self.names[:1], "learner start", timeout
        )
        # All ranks must enter the rendezvous together, so start them all before waiting.
        setups = [a.setup.remote(addr, port) for a in self.actors]
        self.num_parameters = wait_all(setups, self.names, "learner start", timeout)[0]
        self.version = 0
        # The last send, not yet waited for: (refs, the actors' names, timeout)
        self.sending: tuple[list, list[str], float] | None = None

    def _all(self, method: str, what: str, *args_per_rank) -> list:
        """`method` on every rank (the i-th of each of `args_per_rank` to rank i), within
        `learner.timeout_s`: a rank stuck in a collective fails the run in one line."""
        refs = [
            getattr(a, method).remote(*(args[i] for args in args_per_rank))
            for i, a in enumerate(self.actors)
        ]
        return wait_all(refs, self.names, what, self.cfg.timeout_s)

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
        per_rank = self._all("train_step", "learner step", self.shard(batch))
        for name, m in zip(self.names, per_rank, strict=True):
            if m.get("oom_retries"):
                log.warning(
                    "%s ran out of memory: the step was retried with micro-batch %d",
                    name,
                    m["micro_batch_size"],
                )
        return {k: sum(m[k] for m in per_rank) / len(per_rank) for k in per_rank[0]}

    def sft_step(self, batch: TrainBatch) -> dict[str, float]:
        """One supervised (warm-start) step on every rank; metrics averaged over ranks."""
        per_rank = self._all("sft_step", "learner step", self.shard(batch))
        return {k: sum(m[k] for m in per_rank) / len(per_rank) for k in per_rank[0]}

    def broadcast(
        self,
        rollout_actors: Sequence,
        every: int = 1,
        names: Sequence[str] | None = None,
        timeout_s: float | None = None,
    ) -> int:
        """Count a new policy version; every `every` versions, send it without waiting for the
        rollout actors to take it (`send_weights`)."""
        self.version += 1
        if self.version % every == 0:
            self.send_weights(rollout_actors, wait=False, names=names, timeout_s=timeout_s)
        return self.version

    def send_weights(
        self,
        rollout_actors: Sequence,
        wait: bool = True,
        names: Sequence[str] | None = None,
        timeout_s: float | None = None,
    ) -> None:
        """Merged policy weights, as version `self.version`, to every rollout actor (through the
        object store). An actor takes them after the generations already queued on it, and
        runs every later call with them. `wait=False` returns at once: the learner goes on while
        the actors finish their queue. The previous send is waited for first, so at most one is
        outstanding and a failed update surfaces at the next send. `names` name the rollout
        actors in errors; `timeout_s` bounds their updates."""
        self.wait_for_weights()
        if rollout_actors:
            # Every rank: under ZeRO-3 gathering the weights is a collective. Rank 0's result.
            gathers = [a.rollout_weights.remote() for a in self.actors]
            names = list(names or [f"rollout actor {i}" for i in range(len(rollout_actors))])
            updates = [r.update_weights.remote(gathers[0], self.version) for r in rollout_actors]
            self.sending = (
                [*gathers, *updates],
                [*self.names, *names],
                timeout_s or self.cfg.timeout_s,
            )
        if wait:
            self.wait_for_weights()

    def wait_for_weights(self) -> None:
        sending, self.sending = self.sending, None
        if sending is not None:
            refs, names, timeout_s = sending
            wait_all(refs, names, "weight update", timeout_s)

    def policy_state_dict(self) -> dict:
        """The merged policy weights (fp32, on CPU), gathered by every rank, from rank 0."""
        return self._all("policy_state_dict", "weight gather")[0]

    def save_checkpoint(self, path: str, **kwargs) -> str:
        refs = [a.save_checkpoint.remote(path, **kwargs) for a in self.actors]
        return wait_all(refs, self.names, "checkpoint save", self.cfg.timeout_s)[0]

    def load_checkpoint(self, path: str) -> dict:
        return self._all("load_checkpoint", "checkpoint load", [path] * len(self.actors))[0]

    def checksums(self) -> list[float]:
        return self._all("parameter_checksum", "learner checksum")

    def shutdown(self) -> None:
        for a in self.actors:
            ray.kill(a)
        self.actors = []
        if self.placement_group is not None:
            ray.util.remove_placement_group(self.placement_group)
            self.placement_group = None


def _placement_group(n: int, cpus: float, gpus: float):
    """Reserve every rank's resources at once, so a half-placed group never holds GPUs while
    waiting for the rest; None when ranks need none. STRICT_PACK: all ranks on one node (NCCL
    over NVLink, not the network) whenever one node can hold them all; PACK across nodes when
    none can."""
    bundle = {k: v for k, v in (("CPU", cpus), ("GPU", gpus)) if v > 0}
    if not bundle or ray.util.get_current_placement_group() is not None:
        return None  # inside a Tune trial the ranks join the trial's own placement group
    nodes = [node["Resources"] for node in ray.nodes() if node.get("Alive")]
    one_node = any(all(r.get(k, 0.0) >= n * v - 1e-9 for k, v in bundle.items()) for r in nodes)
    strategy = "STRICT_PACK" if one_node else "PACK"
    pg = ray.util.placement_group([dict(bundle) for _ in range(n)], strategy=strategy)
    ray.get(pg.ready(), timeout=600)
    return pg
