"""Which samples a step learns from, and how truncation is shaped (DAPO, Yu et al. 2025).

- Dynamic sampling: a prompt group whose rewards are all equal has zero group-relative
  advantage, so zero gradient; :func:`informative_groups` finds the others, and the training loop
  refills the step from more prompts (``algorithm.dynamic_sampling``).
- Overlong handling (``algorithm.overlong``): a completion cut off at the token budget is either
  left out of the loss (``mask``: :func:`overlong_keep`) or given DAPO's soft length penalty
  (``penalty``: :func:`overlong_penalty`), 0 until the last ``buffer`` tokens of the budget, then
  falling linearly to ``-penalty`` at the budget.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

import torch
from torch import Tensor

__all__ = ["OVERLONG_MODES", "informative_groups", "overlong_keep", "overlong_penalty"]

OVERLONG_MODES = ("none", "mask", "penalty")


def informative_groups(
    rewards: Tensor | Sequence[float], group_ids: Sequence[Hashable], eps: float = 1e-8
) -> Tensor:
    """Per sample ``[N]`` bool: True when its group's rewards are not all equal
    (``max - min > eps``: a group with some variance, so a non-zero advantage). A group of one
    is never informative."""
    r = torch.as_tensor(rewards, dtype=torch.float64)
    if r.dim() != 1 or r.shape[0] != len(group_ids):
        raise ValueError(f"{tuple(r.shape)} rewards for {len(group_ids)} group ids")
    if r.shape[0] == 0:
        return torch.zeros(0, dtype=torch.bool)
    first_seen: dict[Hashable, int] = {}
    index = torch.tensor([first_seen.setdefault(g, len(first_seen)) for g in group_ids])
    zeros = r.new_zeros(len(first_seen))
    high = zeros.scatter_reduce(0, index, r, "amax", include_self=False)
    low = zeros.scatter_reduce(0, index, r, "amin", include_self=False)
    return (high - low > eps)[index]


def overlong_penalty(
    lengths: Tensor | Sequence[int], max_tokens: int, buffer: int, penalty: float = 1.0
) -> Tensor:
    """DAPO's soft overlong punishment per completion ``[N]`` (float64), added to the reward:
    ``0`` for ``len <= max_tokens - buffer``, then ``-penalty * (len - (max_tokens - buffer)) /
    buffer``, reaching ``-penalty`` at ``max_tokens`` (and staying there beyond it). ``buffer``
    is capped at ``max_tokens``."""
    if max_tokens < 1 or buffer < 1:
        raise ValueError(f"max_tokens and buffer must be >= 1, got {max_tokens}, {buffer}")
    buffer = min(buffer, max_tokens)
    n = torch.as_tensor(lengths, dtype=torch.float64)
    over = (n - (max_tokens - buffer)).clamp(0, buffer)
    return -penalty * over / buffer


def overlong_keep(truncated: Tensor | Sequence[bool], mode: str) -> Tensor:
    """Per sample ``[N]`` bool: whether it stays in the loss. ``mask`` drops truncated ones."""
    t = torch.as_tensor(truncated, dtype=torch.bool)
    if mode not in OVERLONG_MODES:
        raise ValueError(f"unknown overlong mode {mode!r}; expected one of {OVERLONG_MODES}")
    return ~t if mode == "mask" else torch.ones_like(t)
