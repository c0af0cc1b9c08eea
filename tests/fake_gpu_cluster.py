"""Where golf-ray's actors land on a Ray with fake GPUs; run in a subprocess by tests/test_gpus.py.

    python tests/fake_gpu_cluster.py OUT.json

Ray accepts `ray.init(num_gpus=N)` on a machine without GPUs and hands those GPUs to actors
(`ray.get_gpu_ids()`, `CUDA_VISIBLE_DEVICES`) as it would real ones. For 1, 2 and 8 GPUs in
turn (one local Ray each, in this process: the test session's own Ray is left alone) this places
a run's rollout actors and learner ranks with golf-ray's own code (`check_placement`,
`create_rollout_actors`, `LearnerGroup`), with probes standing in for the model actors, and
records what each was given. On the 2-GPU cluster it also starts a real HF rollout actor and a
real DeepSpeed learner rank with no GPU, in which CUDA is booby-trapped: probed before the GPUs
are hidden, or initialised at all, it raises.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import ray

from golf_ray.actors.rollout import RolloutActor, create_rollout_actors, shutdown_rollout_actors
from golf_ray.config import load_config
from golf_ray.learner.group import LearnerGroup
from golf_ray.learner.learner import LearnerActor
from golf_ray.placement import PlacementError, check_placement


def seen() -> dict:
    """What this actor was given."""
    from golf_ray.devices import assigned_gpus

    return {"gpus": assigned_gpus(), "cuda_visible_devices": os.environ.get("CUDA_VISIBLE_DEVICES")}


class RolloutProbe:
    """Stands in for RolloutActor: no model, reports its GPUs and the engine arguments."""

    def __init__(self, model_path: str, **engine_args):
        self.engine_args = engine_args

    def describe(self) -> dict:
        return {**seen(), "engine_args": self.engine_args}

    def shutdown(self) -> None:
        pass


class LearnerProbe:
    """Stands in for LearnerActor: joins no process group, reports its GPUs and its group."""

    def __init__(self, model_path, learner, algorithm, total_steps, rank=0, world_size=1, **kw):
        self.rank = rank

    def address(self):
        return "127.0.0.1", 0

    def setup(self, master_addr: str, master_port: int) -> int:
        return 0

    def describe(self) -> dict:
        pg = ray.util.get_current_placement_group()
        return {**seen(), "rank": self.rank, "placement_group": pg.id.hex() if pg else None}


def trap_cuda() -> None:
    """From here on: CUDA probed while GPUs are still visible, or initialised at all, raises."""
    import torch

    def initialised(*args, **kwargs):
        raise AssertionError("CUDA initialised in an actor with no GPU")

    probe = torch.cuda.is_available

    def is_available() -> bool:
        if os.environ.get("CUDA_VISIBLE_DEVICES") != "":
            raise AssertionError("CUDA probed before the actor hid the GPUs")
        return probe()

    torch.cuda.is_available = is_available
    torch.cuda._lazy_init = initialised
    torch.cuda.init = initialised


class TrappedRollout(RolloutActor):
    def __init__(self, *args, **kwargs):
        trap_cuda()
        super().__init__(*args, **kwargs)

    def where(self) -> dict:
        return {**seen(), "device": self.describe()["device"]}


class TrappedLearner(LearnerActor):
    def __init__(self, *args, **kwargs):
        trap_cuda()
        super().__init__(*args, **kwargs)

    def where(self) -> dict:
        return {**seen(), "device": str(self.device)}


def config(overrides: list[str]):
    # No CPUs asked: the GPUs are what is placed here.
    zero_cpus = ["rollout.num_cpus=0", "learner.num_cpus=0", "sandbox.num_cpus=0"]
    return load_config("experiments/tiny_grpo.yaml", [*zero_cpus, *overrides])


def place(tag: str, overrides: list[str]) -> dict:
    """The run's actors for `overrides`: what each rollout actor and learner rank was given."""
    cfg = config(overrides)
    try:
        check_placement(cfg)  # fills in num_gpus: auto from the cluster
    except PlacementError as e:
        return {"error": str(e)}
    rollouts = create_rollout_actors(
        "unused", cfg.rollout, cfg.model, name_prefix=f"{tag}/rollout", actor_cls=RolloutProbe
    )
    learners = LearnerGroup(
        "unused",
        cfg.learner,
        cfg.algorithm,
        1,
        name_prefix=f"{tag}/learner",
        actor_cls=LearnerProbe,
    )
    try:
        pg = learners.placement_group
        return {
            "num_gpus": {"rollout": cfg.rollout.num_gpus, "learner": cfg.learner.num_gpus},
            "rollout": ray.get([a.describe.remote() for a in rollouts], timeout=120),
            "learner": ray.get([a.describe.remote() for a in learners.actors], timeout=120),
            "learner_group": None
            if pg is None
            else {"id": pg.id.hex(), "strategy": ray.util.placement_group_table(pg)["strategy"]},
        }
    finally:
        shutdown_rollout_actors(rollouts)
        learners.shutdown()


def no_gpu_actors() -> dict:
    """A real HF rollout actor and a real learner rank, both given no GPU on a GPU cluster."""
    from golf_ray.config import AlgorithmConfig, LearnerConfig, ModelConfig, RolloutConfig
    from golf_ray.models import resolve_model
    from golf_ray.rl.run import fit_micro_batch

    model = str(resolve_model(ModelConfig(name="tiny")))
    out = {}
    rollout_cfg = RolloutConfig(engine="hf", num_cpus=0, num_gpus=0)
    [rollout] = create_rollout_actors(
        model, rollout_cfg, name_prefix="nogpu/rollout", actor_cls=TrappedRollout
    )
    try:
        out["rollout"] = ray.get(rollout.where.remote(), timeout=300)
        from golf_ray.actors.engines import Sampling

        done = ray.get(rollout.generate.remote(["hi"], Sampling(max_tokens=4, seed=0)), timeout=300)
        out["rollout"]["generated"] = len(done)
    finally:
        shutdown_rollout_actors([rollout])
    learner_cfg = fit_micro_batch(LearnerConfig(num_cpus=0, num_gpus=0), 2)
    group = LearnerGroup(
        model,
        learner_cfg,
        AlgorithmConfig(),
        1,
        name_prefix="nogpu/learner",
        actor_cls=TrappedLearner,
    )
    try:
        out["learner"] = ray.get(group.actors[0].where.remote(), timeout=300)
    finally:
        group.shutdown()
    return out


def main(out_path: str) -> None:
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    os.environ.pop("RAY_ADDRESS", None)
    report: dict = {}
    for gpus, scenarios in (
        (1, {"default": [], "two_rollouts": ["rollout.num_actors=2"]}),
        (
            2,
            {
                "default": [],
                "two_ranks_one_rollout": ["learner.num_actors=2"],
                "cpu_rollout": ["rollout.num_gpus=0"],
            },
        ),
        (
            8,
            {
                "default": [],
                "full": [
                    "rollout.num_actors=2",
                    "rollout.tensor_parallel_size=2",
                    "learner.num_actors=4",
                ],
            },
        ),
    ):
        ray.init(
            address="local",
            num_cpus=2,
            num_gpus=gpus,
            include_dashboard=False,
            namespace=f"fake-gpus-{gpus}",
            log_to_driver=False,
        )
        try:
            report[str(gpus)] = {
                name: place(f"g{gpus}-{name}", overrides) for name, overrides in scenarios.items()
            }
            if gpus == 2:
                report["no_gpu"] = no_gpu_actors()
        finally:
            ray.shutdown()
    Path(out_path).write_text(json.dumps(report, indent=1))


if __name__ == "__main__":
    main(sys.argv[1])
