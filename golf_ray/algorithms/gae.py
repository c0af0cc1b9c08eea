"""Generalised Advantage Estimation (Schulman et al. 2016) over padded token sequences.

Each row of a ``[B, T]`` batch is one episode; its steps are the positions where ``mask`` is true,
in order. Masked positions are skipped entirely (their rewards and values are ignored and their
outputs are 0), so a row may start after a prompt, end before right padding, or even have gaps.
The episode ends at its last valid step: the value after it is 0 (terminal, not truncated), so

    delta_t = r_t + gamma * V_{t'} - V_t         (t' = next valid step; V = 0 after the last)
    A_t     = delta_t + gamma * lam * A_{t'}     (A = 0 after the last)
    R_t     = A_t + V_t                          (the value target)

For language models the episode is the response: ``rewards`` is usually 0 everywhere except the
sequence score on the last response token (:func:`terminal_rewards`), optionally minus a per-token
KL penalty.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import torch
from torch import Tensor

from golf_ray.algorithms.masking import as_bool_mask

if TYPE_CHECKING:
    from golf_ray.config import AlgorithmConfig

__all__ = ["compute_gae", "gae_kwargs", "terminal_rewards"]


def compute_gae(
    rewards: Tensor, values: Tensor, mask: Tensor, gamma: float, lam: float
) -> tuple[Tensor, Tensor]:
    """Advantages and returns, both ``[B, T]`` and 0 at masked positions.

    ``rewards``, ``values``, ``mask``: ``[B, T]``. ``gamma``, ``lam`` in ``[0, 1]``. The loop runs
    backwards over ``T`` on ``[B]`` slices (O(T) small ops; no ``(gamma*lam)^T`` powers, so any
    ``lam`` including 0 is exact). Inputs are normally detached; the function is differentiable.
    """
    if not (rewards.shape == values.shape == mask.shape) or rewards.dim() != 2:
        raise ValueError(
            f"rewards, values and mask must all be [B, T], got {tuple(rewards.shape)}, "
            f"{tuple(values.shape)} and {tuple(mask.shape)}"
        )
    mask = as_bool_mask(mask)
    zero = torch.zeros((), dtype=values.dtype, device=values.device)
    rewards = torch.where(mask, rewards.to(values.dtype), zero)
    values = torch.where(mask, values, zero)
    next_value = values.new_zeros(values.shape[0])
    next_advantage = values.new_zeros(values.shape[0])
    advantages = []
    for t in reversed(range(rewards.shape[1])):
        valid = mask[:, t]
        delta = rewards[:, t] + gamma * next_value - values[:, t]
        advantage = torch.where(valid, delta + gamma * lam * next_advantage, zero)
        # a masked step is skipped: the carried value/advantage pass through unchanged
        next_value = torch.where(valid, values[:, t], next_value)
        next_advantage = torch.where(valid, advantage, next_advantage)
        advantages.append(advantage)
    if not advantages:
        return torch.zeros_like(values), torch.zeros_like(values)
    advantages_t = torch.stack(advantages[::-1], dim=1)
    returns = torch.where(mask, advantages_t + values, zero)
    return advantages_t, returns


def terminal_rewards(scores: Tensor, mask: Tensor) -> Tensor:
    """Place each sequence's score ``[B]`` on its last valid token: ``-> [B, T]``, 0 elsewhere.

    Rows without a valid token get all zeros.
    """
    mask = as_bool_mask(mask)
    cols = torch.arange(mask.shape[-1], device=mask.device)
    last = torch.where(mask, cols, -1).amax(dim=-1) if mask.shape[-1] else None
    out = torch.zeros(mask.shape, dtype=scores.dtype, device=scores.device)
    if last is None:
        return out
    is_last = cols == last.unsqueeze(-1)
    return torch.where(is_last & mask, scores.unsqueeze(-1), out)


def gae_kwargs(cfg: AlgorithmConfig) -> dict[str, Any]:
    """``compute_gae`` keyword arguments from the ``algorithm`` config section."""
    return {"gamma": cfg.gamma, "lam": cfg.gae_lambda}
