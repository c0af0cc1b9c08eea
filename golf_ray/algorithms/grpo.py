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

from golf_ray.algorithms.masking import (
    aggregate_loss,
    as_bool_mask,
    loss_normalizer,
    masked_mean,
    zero_masked,
)
from golf_ray.algorithms.ppo import clipped_surrogate, policy_stats
from golf_ray.algorithms.variants import LOSS_TYPES, dapo_clip_high, sequence_surrogate

if TYPE_CHECKING:
    from golf_ray.config import AlgorithmConfig

__all__ = [
    "KL_ESTIMATORS",
    "grpo_loss",
    "grpo_loss_kwargs",
    "grpo_normalizer",
    "group_advantages",
    "kl_penalty",
    "loss_token_level",
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
    loss_type: str = "grpo",
    max_tokens: int | None = None,
    token_weights: Tensor | None = None,
) -> tuple[Tensor, dict[str, Tensor]]:
    """GRPO loss (scalar) and statistics; ``loss_type`` picks a variant
    (:mod:`golf_ray.algorithms.variants`: ``grpo``, ``dr_grpo``, ``gspo``, ``dapo``).

    ``logprobs`` (with grad), ``old_logprobs``, ``ref_logprobs``, ``mask``: ``[B, T]``;
    ``advantages``: ``[B]`` (broadcast to tokens) or ``[B, T]``. Per token
    ``clipped_surrogate + kl_coef * kl_penalty(logprobs, ref_logprobs)``, reduced by
    :func:`~golf_ray.algorithms.masking.aggregate_loss`. ``ref_logprobs`` may be None only when
    ``kl_coef == 0``.

    Variants: ``dapo`` forces ``token_level`` and clip-higher; ``gspo`` clips one ratio per
    sequence (its loss, broadcast to the sequence's tokens, is averaged per sequence);
    ``dr_grpo`` sums over tokens and divides by sequences x ``max_tokens`` (the batch's width
    when None). ``normalizer`` defaults to :func:`grpo_normalizer`. ``token_weights`` ``[B, T]``
    (detached, e.g. :func:`~golf_ray.algorithms.variants.truncated_is_weights`) scale the
    surrogate per token, not the KL term.

    Stats: those of :func:`~golf_ray.algorithms.ppo.ppo_policy_loss` (token ratios), plus
    ``pg_loss`` (the surrogate part), ``kl`` (token mean of the chosen estimator; absent without
    a reference); ``gspo`` adds ``seq_ratio_mean`` and ``seq_clip_frac``.
    """
    if kl_estimator not in KL_ESTIMATORS:
        raise ValueError(f"unknown KL estimator {kl_estimator!r}; expected one of {KL_ESTIMATORS}")
    if loss_type not in LOSS_TYPES:
        raise ValueError(f"unknown loss_type {loss_type!r}; expected one of {LOSS_TYPES}")
    mask = as_bool_mask(mask)
    if loss_type == "dapo":
        clip_high = dapo_clip_high(clip_low, clip_high)
    token_level = loss_token_level(loss_type, token_level)
    if normalizer is None:
        normalizer = grpo_normalizer(mask, loss_type, token_level, max_tokens)
    seq_advantages = advantages if advantages.dim() == 1 else None
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
    extra: dict[str, Tensor] = {}
    if loss_type == "gspo":
        if seq_advantages is None:
            seq_advantages = masked_mean(advantages, mask, dim=-1)
        seq_loss, seq_ratio = sequence_surrogate(
            logprobs, old_logprobs, seq_advantages, mask, clip_low, clip_high
        )
        pg_token_loss = token_advantages(seq_loss, mask)
        with torch.no_grad():
            rows = mask.any(dim=-1)
            out = (seq_ratio < 1.0 - clip_low) | (seq_ratio > 1.0 + clip_high)
            extra = {
                "seq_ratio_mean": masked_mean(seq_ratio, rows),
                "seq_clip_frac": masked_mean(out.to(seq_ratio.dtype), rows),
            }
    if token_weights is not None:
        pg_token_loss = pg_token_loss * zero_masked(token_weights.detach(), mask)
    token_loss = pg_token_loss
    kl = None
    if ref_logprobs is not None:
        kl = kl_penalty(logprobs, zero_masked(ref_logprobs, mask), kl_estimator)
        if kl_coef != 0:
            token_loss = pg_token_loss + kl_coef * kl
    loss = aggregate_loss(token_loss, mask, token_level, normalizer)
    stats = {**policy_stats(logprobs, old_logprobs, ratio, mask, clip_low, clip_high), **extra}
    with torch.no_grad():
        stats["pg_loss"] = aggregate_loss(pg_token_loss, mask, token_level, normalizer)
        if kl is not None:
            stats["kl"] = masked_mean(kl, mask)
    return loss, stats


def loss_token_level(loss_type: str, token_level: bool) -> bool:
    """Whether ``loss_type`` sums over tokens (``dapo``, ``dr_grpo``) or averages per sequence
    first (``gspo``); ``grpo`` follows ``token_level``. Other loss terms (entropy) aggregate
    the same way, with the same normalizer."""
    return {"dapo": True, "dr_grpo": True, "gspo": False}.get(loss_type, token_level)


def grpo_normalizer(
    mask: Tensor, loss_type: str = "grpo", token_level: bool = False, max_tokens: int | None = None
) -> Tensor:
    """The count :func:`grpo_loss` divides by for ``loss_type``: valid tokens (``dapo``, or
    ``grpo`` with ``token_level``), non-empty sequences (``grpo``, ``gspo``), or non-empty
    sequences x ``max_tokens`` (``dr_grpo``: a constant, not the tokens present). Sum it over
    micro-batches to get the ``normalizer`` of a split batch."""
    mask = as_bool_mask(mask)
    if loss_type == "dr_grpo":
        budget = mask.shape[-1] if max_tokens is None else max_tokens
        return loss_normalizer(mask, token_level=False) * max(1, int(budget))
    return loss_normalizer(mask, loss_token_level(loss_type, token_level))


def grpo_loss_kwargs(cfg: AlgorithmConfig) -> dict[str, Any]:
    """``grpo_loss`` keyword arguments from the ``algorithm`` config section, for GRPO and for
    PPO's policy term (``kl_coef`` 0: PPO puts its KL penalty in the reward, before GAE)."""
    return {
        "clip_low": cfg.clip_low,
        "clip_high": cfg.clip_high,
        "kl_coef": cfg.kl_coef if cfg.name == "grpo" else 0.0,
        "kl_estimator": cfg.kl_estimator,
        "token_level": cfg.token_level_loss,
        "loss_type": cfg.loss_type,
        "max_tokens": cfg.loss_max_tokens or None,
    }
