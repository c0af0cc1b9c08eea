"""RolloutActor: a thin Ray actor around one generation engine (vLLM, or transformers as fallback).

    actors = create_rollout_actors(model_path, cfg.rollout, cfg.model)       # rollout-0, ...
    completions = ray.get(actors[0].generate.remote(prompts, Sampling.from_config(cfg.rollout)))
    ray.get([a.update_weights.remote(state_dict_ref, version) for a in actors])

Weight updates go through the object store: the learner `ray.put`s its state dict (full, HF
parameter names; best as `pack_weights(state_dict)`, numpy arrays that Ray hands to every actor
zero-copy; bf16 from a learner on a GPU, fp32 otherwise) and every actor calls
`update_weights(ref, version)`. vLLM on CPU (plain weights, the default) runs the model's own
`load_weights` in the in-process worker through `collective_rpc` (one copy; fused qkv / gate-up
shards are filled by vLLM's loaders); with oneDNN-packed CPU weights or on a GPU it uses vLLM
0.32's supported in-place path, the worker's `reload_weights(weights_iterator=...)` (layerwise
reload + re-processing). Then the prefix cache is reset. HF copies into its parameters.
(A direct NCCL broadcast from the learner's GPU into vLLM's workers is not built: it could not
be verified without a GPU. The object store path is timed by scripts/gpu_smoke.sh.)

Every completion carries the `policy_version` of the weights that produced it.
"""

from __future__ import annotations

import logging
import os
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np
import ray
import torch

from golf_ray.actors.engines import (
    Completion,
    Engine,
    HFEngine,
    Sampling,
    VLLMEngine,
    vllm_importable,
)
from golf_ray.devices import assigned_gpus, claim_devices
from golf_ray.placement import resolved
from golf_ray.remote import wait_all

log = logging.getLogger(__name__)

__all__ = [
    "Completion",
    "RolloutActor",
    "Sampling",
    "create_engine",
    "WeightsPayload",
    "create_rollout_actors",
    "pack_weights",
    "rollout_names",
    "wait_ready",
]


def create_engine(
    model_path: str,
    engine: str = "auto",
    *,
    dtype: str = "auto",
    seed: int = 0,
    max_model_len: int = 4096,
    tensor_parallel_size: int = 1,
    gpu_memory_utilization: float = 0.85,
    kv_cache_gib: int | None = None,
    max_num_seqs: int = 256,
    cpu_plain_weights: bool | None = None,
) -> Engine:
    """Build the requested engine; `auto` = vLLM when it imports and starts, else HF on CPU.

    On a GPU, `auto` never falls back: transformers' generate would run several times slower
    than vLLM without a word, so a vLLM that fails there is an error (set `rollout.engine: hf`
    to generate with transformers on purpose)."""
    if engine not in ("auto", "vllm", "hf"):
        raise ValueError(f"rollout.engine must be auto, vllm or hf, got {engine!r}")
    on_gpu = claim_devices() == "cuda"
    if engine in ("auto", "vllm"):
        ok, why = vllm_importable()
        if ok:
            try:
                built = VLLMEngine(
                    model_path,
                    dtype=dtype,
                    seed=seed,
                    max_model_len=max_model_len,
                    tensor_parallel_size=tensor_parallel_size,
                    gpu_memory_utilization=gpu_memory_utilization,
                    kv_cache_gib=kv_cache_gib,
                    max_num_seqs=max_num_seqs,
                    cpu_plain_weights=cpu_plain_weights,
                )
                log.info("rollout engine: vllm (%s)", built.info())
                return built
            except Exception as e:
                if engine == "vllm":
                    raise
                why = f"vLLM failed to start: {type(e).__name__}: {e}"
        elif engine == "vllm":
            raise RuntimeError(f"rollout.engine=vllm but vLLM does not import: {why}")
        if on_gpu:
            log.error("rollout.engine=auto on a GPU and vLLM is unusable: %s", why)
            raise RuntimeError(
                f"rollout.engine=auto on a GPU and vLLM is unusable ({why}); fix vLLM "
                "(bash scripts/setup.sh --gpu) or set rollout.engine=hf to generate with "
                "transformers on purpose"
            )
        log.warning("rollout engine: hf (fallback; %s)", why)
    built = HFEngine(model_path, dtype=dtype, seed=seed)
    log.info("rollout engine: hf (%s)", built.info())
    return built


class RolloutActor:
    """Owns one engine. Methods run one at a time (weight updates happen between batches)."""

    def __init__(self, model_path: str, engine: str = "auto", version: int = 0, **engine_args):
        claim_devices()  # no GPU assigned: none visible, before anything can touch CUDA
        os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
        logging.basicConfig(level=logging.INFO)
        self.engine = create_engine(str(model_path), engine, **engine_args)
        self.engine.version = version

    # -- generation ------------------------------------------------------------------------

    def generate(
        self, prompts: Sequence[str], sampling: Sampling | None = None
    ) -> list[Completion]:
        """`sampling.n` completions per chat-formatted prompt, prompt-major."""
        return self.engine.generate(list(prompts), sampling or Sampling())

    def describe(self) -> dict[str, Any]:
        info = asdict(self.engine.info())
        info.update(
            version=self.engine.version,
            pid=os.getpid(),
            gpus=assigned_gpus(),
            cuda_visible_devices=os.environ.get("CUDA_VISIBLE_DEVICES"),
        )
        return info

    def get_version(self) -> int:
        return self.engine.version

    def peak_memory(self) -> dict[str, float]:
        """Peak host (and CUDA) memory of this actor since the last call (golf_ray.memory)."""
        from golf_ray.memory import read_peak

        return read_peak()

    # -- weights through the object store ----------------------------------------------------

    def update_weights(self, state_dict: Mapping[str, torch.Tensor] | Any, version: int) -> float:
        """Load a full HF-named state dict in place; seconds spent (the load, not the fetch).

        Takes a dict of tensors, a `WeightsPayload` (`pack_weights`: numpy arrays, which Ray
        hands over zero-copy from shared memory — ~3 ms for 135M params where a dict of torch
        tensors is deserialized by copying, ~0.9 s), or an ObjectRef to either (resolved by
        Ray when passed as the argument itself; fetched here when nested).
        """
        if isinstance(state_dict, ray.ObjectRef):
            state_dict = ray.get(state_dict)
        if isinstance(state_dict, WeightsPayload):
            state_dict = state_dict.tensors()
        return self.engine.update_weights(state_dict, int(version))

    def state_dict(self) -> dict[str, torch.Tensor]:
        """HF engine only: the current weights (tests compare against it)."""
        if not isinstance(self.engine, HFEngine):
            raise NotImplementedError("state_dict() is only available on the HF engine")
        return {k: v.detach().cpu().clone() for k, v in self.engine.model.state_dict().items()}

    # -- lifecycle ---------------------------------------------------------------------------

    def shutdown(self) -> None:
        """Stop the engine (vLLM: engine core and its shared memory). Call before ray.kill."""
        self.engine.shutdown()


@dataclass
class WeightsPayload:
    """A state dict in the object store's zero-copy form: numpy arrays (+ the torch dtypes
    numpy lacks, stored as same-width integers). Build with `pack_weights`."""

    arrays: dict[str, np.ndarray]
    dtypes: dict[str, str] = field(default_factory=dict)  # name -> torch dtype, when not numpy's

    def tensors(self) -> dict[str, torch.Tensor]:
        """Zero-copy, read-only views (fine as `copy_` sources; never write to them)."""
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)  # "NumPy array is not writable"
            out = {k: torch.from_numpy(a) for k, a in self.arrays.items()}
        for name, dtype in self.dtypes.items():
            out[name] = out[name].view(getattr(torch, dtype))
        return out


def pack_weights(state_dict: Mapping[str, torch.Tensor]) -> WeightsPayload:
    """What a learner should `ray.put` for `update_weights`: CPU numpy copies of its tensors."""
    arrays: dict[str, np.ndarray] = {}
    dtypes: dict[str, str] = {}
    for name, tensor in state_dict.items():
        t = tensor.detach().to("cpu").contiguous()
        if t.dtype == torch.bfloat16:
            t, dtypes[name] = t.view(torch.int16), "bfloat16"
        arrays[name] = t.numpy()
    return WeightsPayload(arrays, dtypes)


def rollout_names(name_prefix: str, n: int) -> list[str]:
    return [f"{name_prefix}-{i}" for i in range(n)]


def create_rollout_actors(
    model_path: str,
    rollout_cfg: Any,
    model_cfg: Any | None = None,
    *,
    name_prefix: str = "rollout",
    namespace: str | None = None,
    actor_cls: type = RolloutActor,
    **engine_args: Any,
) -> list[ray.actor.ActorHandle]:
    """`rollout_cfg.num_actors` named actors (`rollout-0`, ...) with the config's resources.

    GPUs (`num_gpus`, "auto" resolved against the cluster by golf_ray.placement): a
    tensor-parallel actor holds `tensor_parallel_size` whole GPUs; an actor on a fraction of one
    gives vLLM that fraction of `gpu_memory_utilization`. Actors that share a GPU start one at a
    time, each once the one before is ready: vLLM counts every byte in use on the device while
    it starts as its own. `actor_cls` stands in for RolloutActor in placement tests.
    """
    rollout_cfg = resolved(rollout_cfg)
    gpus = float(rollout_cfg.num_gpus)
    args: dict[str, Any] = dict(
        engine=rollout_cfg.engine,
        seed=rollout_cfg.seed,
        tensor_parallel_size=rollout_cfg.tensor_parallel_size,
    )
    if model_cfg is not None:
        args.update(dtype=model_cfg.dtype, max_model_len=model_cfg.max_model_len)
    if gpus > 0:
        args["gpu_memory_utilization"] = rollout_cfg.gpu_memory_utilization * min(1.0, gpus)
    args.update(engine_args)
    remote = ray.remote(actor_cls)
    # A dead actor (OOM killer, node loss) comes back and its queued calls run again there;
    # the new process has the initial weights: golf_ray.rl.policy sends it the current ones.
    options: dict[str, Any] = dict(
        num_cpus=rollout_cfg.num_cpus, num_gpus=gpus, max_restarts=-1, max_task_retries=-1
    )
    if namespace is not None:
        options["namespace"] = namespace
    names = rollout_names(name_prefix, rollout_cfg.num_actors)
    actors = []
    for name in names:
        if actors and 0 < gpus < 1:
            wait_ready(actors[-1:], [names[len(actors) - 1]], rollout_cfg.timeout_s)
        actors.append(remote.options(name=name, **options).remote(str(model_path), **args))
    return actors


def wait_ready(actors: Sequence, names: Sequence[str], timeout_s: float | None) -> None:
    """Until every actor's engine is up; a failed start is a one-line error naming the actor."""
    wait_all([a.__ray_ready__.remote() for a in actors], names, "rollout start", timeout_s)


def shutdown_rollout_actors(actors: Sequence[ray.actor.ActorHandle], timeout_s: float = 60) -> None:
    """Shut each engine down cleanly, then kill the actors."""
    try:
        ray.get([a.shutdown.remote() for a in actors], timeout=timeout_s)
    finally:
        for a in actors:
            ray.kill(a)
