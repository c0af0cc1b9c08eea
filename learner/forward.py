"""Score only the response tokens, running each distinct prompt through the model once.

A GRPO group is `samples_per_prompt` responses to one prompt, and on the golf tasks the prompt
is ~90 % of every row. The plain forward pass runs the prompt once per sample and projects every
prompt position onto the vocabulary. Here the prompts of a batch are deduplicated and run once
with a KV cache (gradients flow through it), the cache is gathered back to one row per sample,
and the responses run on top of it; vocabulary logits are computed for the positions that
predict response tokens only. The result equals the full forward pass (tests compare them).

Batches follow `golf_ray.learner.learner.TrainBatch`: prompts left-padded, responses right-padded, so
the prompt/response border is one column for every row (a ragged border still scores right:
the prefix then ends at the earliest response column).
"""

from __future__ import annotations

from dataclasses import dataclass

import torch
from torch import Tensor, nn

from golf_ray.algorithms.logprobs import (
    entropy_from_logits,
    gather_logprobs,
    token_entropy,
    token_logprobs,
)


@dataclass
class ScoredTokens:
    """Aligned with `token_logprobs`: column t is about token t+1. Prompt columns are zero."""

    logp: Tensor  # [B, T-1]
    entropy: Tensor | None  # [B, T-1]
    hidden: Tensor | None  # [B, T-1, H] last-layer state of the position that predicts the token


def _positions(attention_mask: Tensor) -> Tensor:
    # Left padding: positions count real tokens, as the rollout engine's do.
    return (attention_mask.cumsum(-1) - 1).clamp(min=0)


def response_border(response_mask: Tensor) -> int | None:
    """The first column holding a response token (None if none, or no prompt precedes it).

    Columns before it are prompt (or padding) in every row, so they can be run as a prefix."""
    if response_mask.numel() == 0 or not bool(response_mask.any()):
        return None
    border = int(response_mask.any(0).nonzero()[0])
    return border or None


def full_forward(
    lm: nn.Module,
    input_ids: Tensor,
    attention_mask: Tensor,
    *,
    entropy: bool = False,
    hidden: bool = False,
) -> ScoredTokens:
    """One forward pass over whole rows (the reference the shared-prompt path must match)."""
    out = lm(
        input_ids=input_ids,
        attention_mask=attention_mask,
        position_ids=_positions(attention_mask),
        output_hidden_states=hidden,
        use_cache=False,
    )
    return ScoredTokens(
        logp=token_logprobs(out.logits, input_ids),
        entropy=token_entropy(out.logits) if entropy else None,
        hidden=out.hidden_states[-1][:, :-1] if hidden else None,
    )


def _distinct_prompts(input_ids: Tensor, attention_mask: Tensor, border: int):
    """(first row of each distinct prompt, index of each row's prompt in that list)."""
    firsts: list[int] = []
    index: dict[tuple[int, ...], int] = {}
    owner: list[int] = []
    for row in range(input_ids.shape[0]):
        key = tuple(input_ids[row, :border][attention_mask[row, :border].bool()].tolist())
        if key not in index:
            index[key] = len(firsts)
            firsts.append(row)
        owner.append(index[key])
    return firsts, torch.tensor(owner, dtype=torch.long, device=input_ids.device)


def response_forward(
    lm: nn.Module,
    input_ids: Tensor,
    attention_mask: Tensor,
    response_mask: Tensor,
    *,
    entropy: bool = False,
    hidden: bool = False,
) -> ScoredTokens:
    """`full_forward`'s result on the response columns, each distinct prompt run once.

    Falls back to `full_forward` when there is no prompt/response border or the model cannot
    keep a cache (gradient checkpointing in training mode drops it)."""
    border = response_border(response_mask)
    if border is None or (lm.training and getattr(lm, "is_gradient_checkpointing", False)):
        return full_forward(lm, input_ids, attention_mask, entropy=entropy, hidden=hidden)
    firsts, owner = _distinct_prompts(input_ids, attention_mask, border)
    prompt = lm(
        input_ids=input_ids[firsts, :border],
        attention_mask=attention_mask[firsts, :border],
        position_ids=_positions(attention_mask[firsts, :border]),
        output_hidden_states=hidden,
        use_cache=True,
        logits_to_keep=1,  # only the last prompt position predicts a response token
    )
    cache = prompt.past_key_values
    cache.batch_select_indices(owner)
    out = lm(
        input_ids=input_ids[:, border:],
        attention_mask=attention_mask,
        position_ids=_positions(attention_mask)[:, border:],
        past_key_values=cache,
        output_hidden_states=hidden,
        use_cache=True,
    )
    # Column border-1 (the last prompt position) predicts the first response token.
    logits = torch.cat([prompt.logits[owner, -1:], out.logits[:, :-1]], dim=1)
    labels = input_ids[:, border:]
    rows, width = input_ids.shape[0], input_ids.shape[1] - 1

    def place(values: Tensor) -> Tensor:
        full = values.new_zeros((rows, width, *values.shape[2:]))
        full[:, border - 1 :] = values
        return full

    return ScoredTokens(
        logp=place(gather_logprobs(logits, labels)),
        entropy=place(entropy_from_logits(logits)) if entropy else None,
        hidden=place(
            torch.cat([prompt.hidden_states[-1][owner, -1:], out.hidden_states[-1][:, :-1]], 1)
        )
        if hidden
        else None,
    )
