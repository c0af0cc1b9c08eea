"""Masks and masked reductions over padded token batches.

Conventions shared by every algorithm module:

- A batch of sequences is ``[B, T]``; a mask is ``[B, T]``, bool or 0/1 of any dtype, and is
  read as bool (``mask != 0``). True marks a token that counts; prompt tokens and padding are
  False.
- Masked positions never influence a result: reductions use ``torch.where`` rather than
  multiplication, so even ``nan``/``inf`` padding leaves results (and their gradients) finite.
- Token-wise outputs are exactly 0 at masked positions.

Batch layout for language-model rollouts (see :func:`response_mask`)::

    column:   0 ...  P-1 | P ...           T-1
    row 0:    pad pad p p | r r r r pad pad
    row 1:    p p p p p p | r r pad pad pad pad

Prompts are left-padded to a common width ``P``, responses right-padded after them.
"""

from __future__ import annotations

import torch
from torch import Tensor

__all__ = [
    "aggregate_loss",
    "as_bool_mask",
    "lengths_to_mask",
    "loss_normalizer",
    "masked_mean",
    "masked_sum",
    "masked_var",
    "masked_whiten",
    "response_mask",
    "zero_masked",
]


def as_bool_mask(mask: Tensor) -> Tensor:
    """Any 0/1 or bool mask as a bool tensor."""
    return mask if mask.dtype == torch.bool else mask != 0


def zero_masked(x: Tensor, mask: Tensor) -> Tensor:
    """``x`` with 0 where ``mask`` (bool) is false; the gradient there is exactly 0."""
    return torch.where(as_bool_mask(mask), x, torch.zeros((), dtype=x.dtype, device=x.device))


def masked_sum(x: Tensor, mask: Tensor, dim: int | None = None) -> Tensor:
    """Sum of ``x`` over positions where ``mask`` is true; over all dims when ``dim`` is None.

    ``x`` and ``mask`` broadcast against each other. Returns a scalar (``dim=None``) or ``x``
    reduced over ``dim``.
    """
    mask = as_bool_mask(mask)
    x = zero_masked(x, mask)
    return x.sum() if dim is None else x.sum(dim)


def masked_mean(x: Tensor, mask: Tensor, dim: int | None = None) -> Tensor:
    """Mean of ``x`` over positions where ``mask`` is true; 0 where nothing is selected.

    Shapes as :func:`masked_sum`.
    """
    mask = as_bool_mask(mask)
    mask = mask.expand_as(x) if mask.shape != x.shape else mask
    count = mask.sum() if dim is None else mask.sum(dim)
    return masked_sum(x, mask, dim) / count.clamp(min=1).to(x.dtype)


def masked_var(x: Tensor, mask: Tensor, unbiased: bool = False) -> Tensor:
    """Variance of the selected elements (scalar). Population variance unless ``unbiased``."""
    mask = as_bool_mask(mask)
    x = zero_masked(x, mask)
    centered = x - masked_mean(x, mask)
    var = masked_mean(centered.square(), mask)
    if unbiased:
        n = mask.expand_as(x).sum().to(x.dtype)
        var = var * n / (n - 1).clamp(min=1)
    return var


def masked_whiten(x: Tensor, mask: Tensor, shift_mean: bool = True, eps: float = 1e-8) -> Tensor:
    """Standardise ``x`` with the mean and (population) std of its selected elements.

    ``x``, ``mask``: same shape, any. Returns the same shape, 0 at masked positions. With
    ``shift_mean=False`` the mean is added back (only the scale changes).
    """
    mask = as_bool_mask(mask)
    x = zero_masked(x, mask)  # keeps nan/inf padding out of the gradient as well
    mean = masked_mean(x, mask)
    whitened = (x - mean) * torch.rsqrt(masked_var(x, mask) + eps)
    if not shift_mean:
        whitened = whitened + mean
    return zero_masked(whitened, mask)


def aggregate_loss(
    token_loss: Tensor,
    mask: Tensor,
    token_level: bool = False,
    normalizer: float | Tensor | None = None,
) -> Tensor:
    """Reduce a per-token loss ``[B, T]`` to a scalar.

    - ``token_level=False`` (default, GRPO paper / OpenRLHF): mean over each sequence's valid
      tokens, then mean over the sequences that have at least one valid token. Every sequence
      weighs the same, whatever its length.
    - ``token_level=True`` (DAPO): sum over all valid tokens of the batch divided by their count.
      Every token weighs the same, so long sequences weigh more.

    ``normalizer`` replaces the final count (of non-empty sequences, or of valid tokens) when a
    batch is split into micro-batches (gradient accumulation, several learners): pass the count
    over the *whole* batch (:func:`loss_normalizer`) and sum the micro-batch losses; the sum then
    equals the loss of the whole batch. A batch without any valid token gives 0 (still connected
    to the graph).
    """
    mask = as_bool_mask(mask)
    if token_loss.dim() != 2 or mask.shape != token_loss.shape:
        raise ValueError(
            f"token_loss and mask must both be [B, T], got {tuple(token_loss.shape)} and "
            f"{tuple(mask.shape)}"
        )
    if token_level:
        total = masked_sum(token_loss, mask)
    else:
        total = masked_sum(masked_mean(token_loss, mask, dim=-1), mask.any(dim=-1))
    if normalizer is None:
        normalizer = loss_normalizer(mask, token_level)
    return total / torch.as_tensor(normalizer, dtype=total.dtype, device=total.device).clamp(min=1)


def loss_normalizer(mask: Tensor, token_level: bool = False) -> Tensor:
    """The count :func:`aggregate_loss` divides by: valid tokens (``token_level``) or sequences
    with at least one valid token. Sum it over micro-batches (or all-reduce it over learners) to
    get the ``normalizer`` of a split batch."""
    mask = as_bool_mask(mask)
    return mask.sum() if token_level else mask.any(dim=-1).sum()


def lengths_to_mask(lengths: Tensor, max_len: int, offset: Tensor | int = 0) -> Tensor:
    """``[B]`` lengths -> ``[B, max_len]`` bool mask, true on ``offset <= col < offset + len``."""
    cols = torch.arange(max_len, device=lengths.device)
    start = torch.as_tensor(offset, device=lengths.device)
    start = start.unsqueeze(-1) if start.dim() == 1 else start
    return (cols >= start) & (cols < start + lengths.unsqueeze(-1))


def response_mask(
    attention_mask: Tensor,
    *,
    prompt_width: int | None = None,
    prompt_lengths: Tensor | None = None,
) -> Tensor:
    """Mask of response tokens ``[B, T]`` (bool) for a left-padded prompt + response batch.

    ``attention_mask`` ``[B, T]`` is true on real tokens (prompt and response), false on padding.
    Give exactly one of:

    - ``prompt_width``: the padded prompt width ``P``; columns ``< P`` are prompt.
    - ``prompt_lengths`` ``[B]``: each row's true prompt length; the response starts that many
      tokens after the row's first real token (works for any amount of left padding).

    The result marks the *tokens* of the response. To weigh :func:`token_logprobs` outputs
    (``[B, T-1]``, column ``t`` scores token ``t+1``) use ``response_mask(...)[:, 1:]``.
    """
    if (prompt_width is None) == (prompt_lengths is None):
        raise ValueError("give exactly one of prompt_width and prompt_lengths")
    attn = as_bool_mask(attention_mask)
    cols = torch.arange(attn.shape[-1], device=attn.device)
    if prompt_width is not None:
        return attn & (cols >= prompt_width)
    if attn.shape[-1] == 0:
        return attn.clone()
    first_real = attn.int().argmax(dim=-1)  # 0 for an all-padding row: harmless, attn is false
    start = first_real + prompt_lengths.to(first_real.device)
    return attn & (cols >= start.unsqueeze(-1))
