"""GRPO (Shao et al. 2024): group-relative advantages, KL to a reference policy, the loss.

Several completions of one prompt form a group. A completion's advantage is its reward relative
to its group (minus the group mean, divided by the group std unless ``normalize_std=False``, the
Dr. GRPO variant), given to every token of the completion. The loss is PPO's clipped surrogate
(:func:`~golf_ray.algorithms.ppo.clipped_surrogate`, DAPO clip-higher included) plus
``kl_coef`` times a per-token KL estimate against a frozen reference policy.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any

import torch
from torch import Tensor

from golf_ray.algorithms.masking import aggregate_loss, as_bool_mask, masked_mean, zero_masked
from golf_ray.algorithms.ppo import clipped_surrogate, policy_stats

if TYPE_CHECKING:
    from golf_ray.config import AlgorithmConfig

__all__ = [
    "KL_ESTIMATORS",
    "grpo_loss",
    "grpo_loss_kwargs",
    "group_advantages",
    "kl_penalty",
    "token_advantages",
]

KL_ESTIMATORS = ("k1", "k2", "k3")
_K3_MAX_LOG_RATIO = 20.0  # exp(20) ~ 5e8: finite in fp32/bf16, far beyond any useful KL


def _group_index(
    n: int, group_size: int | None, group_ids: Tensor | Sequence[Hashable] | None, device
) -> Tensor:
    if (group_size is None) == (group_ids is None):
        raise ValueError("give exactly one of group_size and group_ids")
    if group_size is not None:
        if group_size <= 0 or n % group_size:
            raise ValueError(f"{n} rewards do not split into groups of {group_size}")
        return torch.arange(n, device=device) // group_size
    if not isinstance(group_ids, Tensor):
        first_seen: dict[Hashable, int] = {}
        group_ids = torch.tensor(
            [first_seen.setdefault(g, len(first_seen)) for g in group_ids], dtype=torch.long
        )
    if group_ids.shape != (n,):
        raise ValueError(f"group_ids must have shape ({n},), got {tuple(group_ids.shape)}")
    return torch.unique(group_ids.to(device), return_inverse=True)[1]


def group_advantages(
    rewards: Tensor,
    group_size: int | None = None,
    group_ids: Tensor | Sequence[Hashable] | None = None,
    normalize_std: bool = True,
    eps: float = 1e-6,
) -> Tensor:
    """Group-relative advantages ``[N]`` from sequence rewards ``[N]``.

    Groups are given by ``group_size`` (consecutive blocks of that size, the usual layout of
    ``n`` samples per prompt) or ``group_ids`` ``[N]`` (any ints or hashables, any order).
    ``A = (r - mean_g) / (std_g + eps)`` with the population std (ddof 0, like
    ``golf_ray.rewards.normalize``; TRL/OpenRLHF use ddof 1, a factor sqrt((G-1)/G) on the scale),
    or ``A = r - mean_g`` when ``normalize_std=False`` (Dr. GRPO). A group whose rewards are all
    equal (including a group of one) gets exactly 0. Float output (float32 for int/bool input).
    """
    if rewards.dim() != 1:
        raise ValueError(f"rewards must be [N], got {tuple(rewards.shape)}")
    r = rewards if rewards.is_floating_point() else rewards.float()
    index = _group_index(r.shape[0], group_size, group_ids, r.device)
    if r.shape[0] == 0:
        return r.clone()
    num_groups = int(index.max()) + 1
    zeros = r.new_zeros(num_groups)
    counts = zeros.index_add(0, index, torch.ones_like(r))
    mean = zeros.index_add(0, index, r) / counts
    centered = r - mean[index]
    advantages = centered
    if normalize_std:
        std = (zeros.index_add(0, index, centered.square()) / counts).sqrt()
        advantages = centered / (std[index] + eps)
    high = zeros.scatter_reduce(0, index, r, "amax", include_self=False)
    low = zeros.scatter_reduce(0, index, r, "amin", include_self=False)
    constant = (high == low)[index]
    return torch.where(constant, torch.zeros_like(advantages), advantages)


def token_advantages(advantages: Tensor, mask: Tensor) -> Tensor:
    """Broadcast sequence advantages ``[B]`` to tokens: ``[B, T]``, 0 at masked positions."""
    mask = as_bool_mask(mask)
    return zero_masked(advantages.unsqueeze(-1).expand(mask.shape), mask)


def kl_penalty(logprobs: Tensor, ref_logprobs: Tensor, estimator: str = "k3") -> Tensor:
    """Per-token estimate of KL(policy || reference) from samples of the policy (same shape).

    With ``log_r = ref_logprobs - logprobs`` (Schulman, "Approximating KL divergence"):

    - ``k1 = -log_r = logprobs - ref_logprobs``: unbiased, can be negative.
    - ``k2 = 0.5 * log_r^2``: non-negative, biased.
    - ``k3 = exp(log_r) - log_r - 1``: unbiased, non-negative, 0 iff equal (GRPO's choice).
      ``log_r`` is clamped to +-20 first so it stays finite in low precision.

    As values all three estimate KL(policy || ref). As *loss terms* on on-policy samples their
    gradients differ: k1's expected gradient is 0 (use k1 as a reward penalty, not in the loss),
    k2's is the gradient of KL(policy || ref), k3's that of KL(ref || policy).
    """
    log_r = ref_logprobs - logprobs
    if estimator == "k1":
        return -log_r
    if estimator == "k2":
        return 0.5 * log_r.square()
    if estimator == "k3":
        log_r = log_r.clamp(-_K3_MAX_LOG_RATIO, _K3_MAX_LOG_RATIO)
        return torch.expm1(log_r) - log_r
    raise ValueError(f"unknown KL estimator {estimator!r}; expected one of {KL_ESTIMATORS}")


def grpo_loss(
    logprobs: Tensor,
    old_logprobs: Tensor,
    ref_logprobs: Tensor | None,
    advantages: Tensor,
    mask: Tensor,
    clip_low: float = 0.2,
    clip_high: float = 0.2,
    kl_coef: float = 0.0,
    kl_estimator: str = "k3",
    token_level: bool = False,
    normalizer: float | Tensor | None = None,
) -> tuple[Tensor, dict[str, Tensor]]:
    """GRPO loss (scalar) and statistics.

    ``logprobs`` (with grad), ``old_logprobs``, ``ref_logprobs``, ``mask``: ``[B, T]``;
    ``advantages``: ``[B]`` (broadcast to tokens) or ``[B, T]``. Per token
    ``clipped_surrogate + kl_coef * kl_penalty(logprobs, ref_logprobs)``, reduced by
    :func:`~golf_ray.algorithms.masking.aggregate_loss`. ``ref_logprobs`` may be None only when
    ``kl_coef == 0``.

    Stats: those of :func:`~golf_ray.algorithms.ppo.ppo_policy_loss`, plus ``pg_loss`` (the
    surrogate part), ``kl`` (token mean of the chosen estimator; absent without a reference).
    """
    if kl_estimator not in KL_ESTIMATORS:
        raise ValueError(f"unknown KL estimator {kl_estimator!r}; expected one of {KL_ESTIMATORS}")
    mask = as_bool_mask(mask)
    if advantages.dim() == 1:
        advantages = token_advantages(advantages, mask)
    if ref_logprobs is None and kl_coef != 0:
        raise ValueError("grpo_loss: kl_coef != 0 needs ref_logprobs")
    logprobs, old_logprobs, advantages = (
        zero_masked(x, mask) for x in (logprobs, old_logprobs, advantages)
    )
    pg_token_loss, ratio = clipped_surrogate(
        logprobs, old_logprobs, advantages, clip_low, clip_high
    )
    token_loss = pg_token_loss
    kl = None
    if ref_logprobs is not None:
        kl = kl_penalty(logprobs, zero_masked(ref_logprobs, mask), kl_estimator)
        if kl_coef != 0:
            token_loss = pg_token_loss + kl_coef * kl
    loss = aggregate_loss(token_loss, mask, token_level, normalizer)
    stats = policy_stats(logprobs, old_logprobs, ratio, mask, clip_low, clip_high)
    with torch.no_grad():
        stats["pg_loss"] = aggregate_loss(pg_token_loss, mask, token_level, normalizer)
        if kl is not None:
            stats["kl"] = masked_mean(kl, mask)
    return loss, stats


def grpo_loss_kwargs(cfg: AlgorithmConfig) -> dict[str, Any]:
    """``grpo_loss`` keyword arguments from the ``algorithm`` config section."""
    return {
        "clip_low": cfg.clip_low,
        "clip_high": cfg.clip_high,
        "kl_coef": cfg.kl_coef,
        "kl_estimator": cfg.kl_estimator,
        "token_level": cfg.token_level_loss,
    }
