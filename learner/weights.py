"""The policy's weights as the rollout engines and checkpoints want them: plain HF names, LoRA
merged in, on CPU.

- ZeRO-3 partitions every parameter over the ranks, and gathering one is a collective: every
  rank must walk the same parameters in the same order. `policy_weights` runs on every rank,
  gathers one module's parameters at a time (memory: one layer in full, never the whole model)
  and only the rank with `keep` copies them out. (Gathering on rank 0 alone waits forever for
  the other ranks.)
- LoRA: each adapted linear's weight is built out of place, W + scaling * B @ A in float32 from
  the untouched base weight. peft's `merge_adapter`/`unmerge_adapter` add and subtract in place
  (in bf16 on a GPU), so the base drifts a little at every broadcast; here it never changes.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import torch
from torch import Tensor, nn


def _own_tensors(module: nn.Module) -> Iterator[tuple[str, Tensor]]:
    """The module's own parameters and persistent buffers (what its state_dict lists)."""
    yield from module.named_parameters(recurse=False)
    skip = getattr(module, "_non_persistent_buffers_set", set())
    for name, buf in module.named_buffers(recurse=False):
        if buf is not None and name not in skip:
            yield name, buf


def _is_lora_linear(module: nn.Module) -> bool:
    try:
        from peft.tuners.lora.layer import Linear
    except ImportError:
        return False
    return isinstance(module, Linear)


def _lora_parts(module: nn.Module) -> list[tuple[nn.Parameter, nn.Parameter, float]]:
    """(A, B, scaling) of each active adapter of a peft LoRA linear."""
    parts = []
    for adapter in module.active_adapters:
        if adapter not in module.lora_A:
            continue
        if module.use_dora.get(adapter, False):
            raise NotImplementedError("DoRA adapters are not merged for the rollout engines")
        if getattr(module, "lora_bias", {}).get(adapter, False):
            raise NotImplementedError("LoRA bias adapters are not merged for the rollout engines")
        parts.append(
            (module.lora_A[adapter].weight, module.lora_B[adapter].weight, module.scaling[adapter])
        )
    return parts


def _merged(module: nn.Module, parts) -> Tensor:
    weight = module.base_layer.weight.detach().float()
    for a, b, scaling in parts:
        delta = b.detach().float() @ a.detach().float()
        weight = weight + (delta.T if module.fan_in_fan_out else delta) * scaling
    return weight


def _gathered(params: list, zero3: bool):
    """ZeRO-3: the full `params` inside the block, on every rank (a collective)."""
    if not zero3 or not params:
        return contextlib.nullcontext()
    import deepspeed

    return deepspeed.zero.GatheredParameters(params, modifier_rank=None)


def policy_weights(
    policy: nn.Module, *, keep: bool = True, zero3: bool = False, dtype: torch.dtype = torch.float32
) -> dict[str, Tensor] | None:
    """Every tensor of `policy`'s HF state dict (a peft model: its base model's, adapters
    merged) on CPU, floating ones as `dtype`; None where `keep` is False. Under ZeRO-3
    (`zero3`) every rank must call this together."""
    if not keep and not zero3:
        return None
    lora = hasattr(policy, "peft_config")
    model = policy.base_model.model if lora else policy
    out: dict[str, Tensor] = {}

    def emit(name: str, tensor: Tensor) -> None:
        t = tensor.detach()
        out[name] = t.to("cpu", dtype if t.is_floating_point() else t.dtype, copy=True)

    adapted = ""  # prefix of the LoRA linear whose sub-modules were already handled
    for prefix, module in model.named_modules():
        if adapted and prefix.startswith(adapted):
            continue
        name = f"{prefix}." if prefix else ""
        if lora and _is_lora_linear(module):
            adapted = name
            parts = _lora_parts(module)
            base = module.base_layer
            tensors = list(base.parameters(recurse=False))
            tensors += [t for a, b, _ in parts for t in (a, b)]
            with _gathered(tensors, zero3):
                if keep:
                    emit(f"{name}weight", _merged(module, parts))
                    for key, tensor in _own_tensors(base):
                        if key != "weight":
                            emit(f"{name}{key}", tensor)
            continue
        own = list(_own_tensors(module))
        if not own:
            continue
        with _gathered([t for _, t in own if isinstance(t, nn.Parameter)], zero3):
            if keep:
                for key, tensor in own:
                    emit(f"{name}{key}", tensor)
    return out if keep else None
