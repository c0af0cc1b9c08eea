"""PPO losses: clipped policy surrogate (with DAPO clip-higher), clipped value loss, entropy.

All inputs are ``[B, T]`` tensors aligned with a ``[B, T]`` mask of the tokens that count (for
logprobs from :func:`~golf_ray.algorithms.logprobs.token_logprobs`, ``response_mask[:, 1:]``).
Losses are to be *minimised*. Per-token terms are reduced by
:func:`~golf_ray.algorithms.masking.aggregate_loss`: mean per sequence then over sequences
(default), or over all valid tokens of the batch (``token_level=True``, DAPO). Each loss takes
``normalizer``: for a batch split into micro-batches pass the whole batch's
:func:`~golf_ray.algorithms.masking.loss_normalizer` and sum the micro-batch losses.

The learner's PPO policy term is :func:`~golf_ray.algorithms.grpo.grpo_loss` on per-token GAE
advantages, so ``algorithm.loss_type`` (``dr_grpo``, ``dapo``) applies to PPO too; with the
default ``grpo`` it equals :func:`ppo_policy_loss`.

Statistics are detached 0-d tensors (no ``.item()`` here, so no device sync): call ``.item()``
when logging.
"""

from __future__ import annotations

import torch
from torch import Tensor

from golf_ray.algorithms.masking import aggregate_loss, as_bool_mask, masked_mean, zero_masked

__all__ = [
    "clipped_surrogate",
    "entropy_loss",
    "policy_stats",
    "ppo_policy_loss",
    "value_loss",
]


def clipped_surrogate(
    logprobs: Tensor,
    old_logprobs: Tensor,
    advantages: Tensor,
    clip_low: float,
    clip_high: float,
) -> tuple[Tensor, Tensor]:
    """Per-token clipped-surrogate loss and the probability ratio, both shaped like the inputs.

    ``ratio = exp(logprobs - old_logprobs)``;
    ``loss = -min(ratio * A, clip(ratio, 1 - clip_low, 1 + clip_high) * A)``.
    The clipped branch is constant, so a token whose ratio has left the range in the direction its
    advantage pushes (above ``1 + clip_high`` with ``A > 0``, below ``1 - clip_low`` with
    ``A < 0``) has zero gradient.
    """
    log_ratio = logprobs - old_logprobs
    ratio = torch.exp(log_ratio)
    unclipped = ratio * advantages
    clipped = torch.clamp(ratio, 1.0 - clip_low, 1.0 + clip_high) * advantages
    return -torch.minimum(unclipped, clipped), ratio


def ppo_policy_loss(
    logprobs: Tensor,
    old_logprobs: Tensor,
    advantages: Tensor,
    mask: Tensor,
    clip_low: float = 0.2,
    clip_high: float = 0.2,
    token_level: bool = False,
    normalizer: float | Tensor | None = None,
) -> tuple[Tensor, dict[str, Tensor]]:
    """PPO clipped policy loss (scalar) and statistics.

    ``logprobs`` (with grad), ``old_logprobs`` (from the policy that sampled), ``advantages``:
    ``[B, T]``; ``mask``: ``[B, T]``. ``clip_high > clip_low`` is DAPO's clip-higher.
    With ``logprobs == old_logprobs`` the loss is ``-aggregate(advantages)``.

    Stats: ``clip_frac`` (valid tokens with the ratio outside ``[1-clip_low, 1+clip_high]``),
    ``clip_frac_low`` / ``clip_frac_high`` (below / above), ``approx_kl`` (k3 estimate of
    KL(old || new): mean of ``ratio - 1 - log ratio``), ``ratio_mean``, ``ratio_max``.
    """
    mask = as_bool_mask(mask)
    logprobs, old_logprobs, advantages = (
        zero_masked(x, mask) for x in (logprobs, old_logprobs, advantages)
    )
    token_loss, ratio = clipped_surrogate(logprobs, old_logprobs, advantages, clip_low, clip_high)
    loss = aggregate_loss(token_loss, mask, token_level, normalizer)
    return loss, policy_stats(logprobs, old_logprobs, ratio, mask, clip_low, clip_high)


@torch.no_grad()
def policy_stats(
    logprobs: Tensor,
    old_logprobs: Tensor,
    ratio: Tensor,
    mask: Tensor,
    clip_low: float,
    clip_high: float,
) -> dict[str, Tensor]:
    """Token-level (masked-mean) diagnostics of a policy update; see :func:`ppo_policy_loss`."""
    low = ratio < 1.0 - clip_low
    high = ratio > 1.0 + clip_high
    log_ratio = logprobs - old_logprobs
    fmask = mask.to(ratio.dtype)
    return {
        "clip_frac": masked_mean((low | high).to(ratio.dtype), mask),
        "clip_frac_low": masked_mean(low.to(ratio.dtype), mask),
        "clip_frac_high": masked_mean(high.to(ratio.dtype), mask),
        "approx_kl": masked_mean(ratio - 1.0 - log_ratio, mask),
        "ratio_mean": masked_mean(ratio, mask),
        "ratio_max": (ratio * fmask).max() if ratio.numel() else ratio.new_zeros(()),
    }


def value_loss(
    values: Tensor,
    old_values: Tensor,
    returns: Tensor,
    mask: Tensor,
    clip: float | None = 0.2,
    token_level: bool = False,
    normalizer: float | Tensor | None = None,
) -> tuple[Tensor, dict[str, Tensor]]:
    """Clipped value loss (scalar) and statistics.

    ``values`` (with grad), ``old_values`` (critic at rollout time), ``returns`` (targets, e.g.
    from :func:`~golf_ray.algorithms.gae.compute_gae`): ``[B, T]``. Per token
    ``0.5 * max((V - R)^2, (V_clip - R)^2)`` with ``V_clip = V_old + clamp(V - V_old, -clip,
    clip)``; ``clip=None`` gives the plain ``0.5 * (V - R)^2``. Aggregated like the policy loss.

    Stats: ``value_clip_frac`` (tokens where the clipped error is the larger), ``value_mean``,
    ``explained_variance`` (``1 - Var(R - V) / Var(R)`` over valid tokens).
    """
    mask = as_bool_mask(mask)
    values, old_values, returns = (zero_masked(x, mask) for x in (values, old_values, returns))
    unclipped = (values - returns).square()
    if clip is None:
        token_loss = 0.5 * unclipped
        clipped_more = torch.zeros_like(mask)
    else:
        clipped_values = old_values + torch.clamp(values - old_values, -clip, clip)
        clipped = (clipped_values - returns).square()
        token_loss = 0.5 * torch.maximum(unclipped, clipped)
        clipped_more = clipped > unclipped
    loss = aggregate_loss(token_loss, mask, token_level, normalizer)
    with torch.no_grad():
        residual = returns - values
        var_returns = masked_mean((returns - masked_mean(returns, mask)).square(), mask)
        var_residual = masked_mean((residual - masked_mean(residual, mask)).square(), mask)
        stats = {
            "value_clip_frac": masked_mean(clipped_more.to(values.dtype), mask),
            "value_mean": masked_mean(values, mask),
            "explained_variance": 1.0 - var_residual / var_returns.clamp(min=1e-8),
        }
    return loss, stats


def entropy_loss(
    entropy: Tensor,
    mask: Tensor,
    coef: float,
    token_level: bool = False,
    normalizer: float | Tensor | None = None,
) -> Tensor:
    """Entropy bonus as a loss term to *add*: ``-coef * aggregate(entropy)`` (scalar).

    ``entropy``: ``[B, T]`` from :func:`~golf_ray.algorithms.logprobs.token_entropy`.
    """
    mask = as_bool_mask(mask)
    return -coef * aggregate_loss(zero_masked(entropy, mask), mask, token_level, normalizer)
