"""Which device a process may use, decided from what Ray assigned it, not by probing CUDA.

Ray 2.60 leaves `CUDA_VISIBLE_DEVICES` alone for an actor given no GPU (ray-project/ray#54868):
such an actor sees every GPU of its node and `torch.cuda.is_available()` is True, so every
learner rank and engine would pile onto cuda:0. Every actor that may run torch calls
`claim_devices()` before anything touches CUDA:

- no GPU assigned: `CUDA_VISIBLE_DEVICES=""` (nothing in the process, torch, vLLM or DeepSpeed,
  can reach a GPU from then on) and the answer is "cpu", without asking torch;
- GPUs assigned: Ray has set `CUDA_VISIBLE_DEVICES` to them; torch must see them ("cuda"),
  or this is a CPU build of torch on a GPU node: an error that says so.

Outside a Ray worker (a driver, a script, a test) the process's own environment decides.
`golf_ray.runtime.init_ray` also sets `RAY_ACCEL_ENV_VAR_OVERRIDE_ON_ZERO=1` for a local Ray,
which makes Ray itself hide the GPUs from every 0-GPU worker (Ray's behaviour before 2.49).
"""

from __future__ import annotations

import os
import sys

OVERRIDE_ON_ZERO = "RAY_ACCEL_ENV_VAR_OVERRIDE_ON_ZERO"


def assigned_gpus() -> list[str] | None:
    """The GPU ids Ray assigned this worker ([] for none); None outside a Ray worker."""
    ray = sys.modules.get("ray")
    if ray is None or not ray.is_initialized():
        return None
    from ray._private.worker import WORKER_MODE, global_worker

    if global_worker.mode != WORKER_MODE:
        return None
    return [str(i) for i in ray.get_gpu_ids()]


def claim_devices() -> str:
    """'cuda' or 'cpu' for this process; call first thing in an actor (see the module doc)."""
    ids = assigned_gpus()
    if ids is not None and not ids:
        os.environ["CUDA_VISIBLE_DEVICES"] = ""
        return "cpu"
    import torch

    if torch.cuda.is_available():
        return "cuda"
    if ids:
        raise RuntimeError(
            f"Ray assigned GPU {','.join(ids)} to this actor but torch {torch.__version__} sees "
            "no CUDA device: install the GPU build (bash scripts/setup.sh --gpu)"
        )
    return "cpu"


def bf16_supported() -> bool:
    """Does this process's GPU compute in bfloat16 natively (compute capability 8.0+: A100,
    H100, L4, RTX 30xx...)? V100 and T4 do not (torch would emulate it, slowly)."""
    import torch

    return torch.cuda.is_available() and torch.cuda.get_device_capability() >= (8, 0)
