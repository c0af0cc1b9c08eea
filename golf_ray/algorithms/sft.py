"""Supervised fine-tuning loss (warm start on verified programs) as a pure function.

``token_logprobs`` columns score the *next* token, so a response-token mask ``[B, T]`` lines up
as ``mask[:, 1:]`` (see ``golf_ray.algorithms``). Prompt tokens and padding never contribute.
"""

from __future__ import annotations

from torch import Tensor

from golf_ray.algorithms.masking import aggregate_loss, as_bool_mask


def sft_loss(
    logp: Tensor,
    mask: Tensor,
    token_level: bool = True,
    normalizer: float | Tensor | None = None,
) -> tuple[Tensor, dict[str, Tensor]]:
    """Negative log-likelihood of the masked tokens: ``(loss, stats)``.

    ``logp [B, T-1]`` from ``token_logprobs``; ``mask [B, T-1]`` true on the tokens to learn.
    ``token_level=True`` (default) averages over every valid token of the batch, so a long program
    weighs more than a short one, as in ordinary LM training; ``False`` averages per sequence
    first. ``normalizer`` (the whole batch's ``loss_normalizer``) makes micro-batch losses sum to
    the batch loss. Stats: ``nll`` (same value, detached) and ``tokens``.
    """
    mask = as_bool_mask(mask)
    loss = aggregate_loss(-logp, mask, token_level=token_level, normalizer=normalizer)
    return loss, {"nll": loss.detach(), "tokens": mask.sum().detach()}
