"""Per-token log-probabilities and entropies from language-model logits.

Shift convention (causal LM): the model reads ``tokens[:, :T]`` and returns ``logits [B, T, V]``;
``logits[:, t]`` is the distribution of the *next* token, ``tokens[:, t+1]``. So

    token_logprobs(logits, tokens)[:, t] == log p(tokens[:, t+1] | tokens[:, :t+1])

and the result has ``T-1`` columns: column ``t`` scores token ``t+1``. The logits of the last
position predict a token that is not in the batch and are dropped. A mask over tokens ``[B, T]``
(e.g. :func:`~golf_ray.algorithms.masking.response_mask`) lines up with the result as
``mask[:, 1:]``.

Memory: neither function materialises a full ``[B, T, V]`` log-softmax; they gather the
chosen logits and compute ``logsumexp`` one sequence at a time, upcasting that one row to
float32 (bf16 logsumexp over 100k+ vocabularies is too coarse). Outputs are float32 (float64
when the logits are float64).
"""

from __future__ import annotations

import torch
from torch import Tensor

__all__ = [
    "entropy_from_logits",
    "gather_logprobs",
    "token_entropy",
    "token_logprobs",
]


def _compute_dtype(logits: Tensor) -> torch.dtype:
    return torch.float64 if logits.dtype == torch.float64 else torch.float32


def gather_logprobs(logits: Tensor, labels: Tensor, temperature: float = 1.0) -> Tensor:
    """Log-probability of ``labels`` under ``softmax(logits / temperature)``, no shift.

    ``logits [B, T, V]``, ``labels [B, T]`` (int64) -> ``[B, T]``: ``out[b, t] =
    log_softmax(logits[b, t] / temperature)[labels[b, t]]``.
    """
    if logits.dim() != 3 or labels.shape != logits.shape[:2]:
        raise ValueError(
            f"expected logits [B, T, V] and labels [B, T], got {tuple(logits.shape)} and "
            f"{tuple(labels.shape)}"
        )
    dtype = _compute_dtype(logits)
    rows = []
    for row_logits, row_labels in zip(logits, labels, strict=True):  # one [T, V] at a time
        z = row_logits.to(dtype)
        if temperature != 1.0:
            z = z / temperature
        chosen = z.gather(-1, row_labels.unsqueeze(-1)).squeeze(-1)
        rows.append(chosen - torch.logsumexp(z, dim=-1))
    return torch.stack(rows) if rows else logits.new_zeros(labels.shape, dtype=dtype)


def token_logprobs(logits: Tensor, tokens: Tensor, temperature: float = 1.0) -> Tensor:
    """Log-probability of each next token, ``[B, T-1]``; column ``t`` scores ``tokens[:, t+1]``.

    ``logits [B, T, V]`` are the model outputs for ``tokens [B, T]``. Pass the sampling
    ``temperature`` so the learner scores the distribution the rollout sampled from.
    """
    if logits.dim() != 3 or tokens.shape != logits.shape[:2]:
        raise ValueError(
            f"expected logits [B, T, V] and tokens [B, T], got {tuple(logits.shape)} and "
            f"{tuple(tokens.shape)}"
        )
    return gather_logprobs(logits[:, :-1], tokens[:, 1:], temperature)


def _entropy(z: Tensor) -> Tensor:
    probs = torch.softmax(z, dim=-1)
    # -inf logits (filtered vocabulary) have probability 0 and contribute 0, not 0 * -inf = nan
    finite_z = torch.where(probs > 0, z, torch.zeros((), dtype=z.dtype, device=z.device))
    return torch.logsumexp(z, dim=-1) - (probs * finite_z).sum(-1)


def entropy_from_logits(logits: Tensor, temperature: float = 1.0) -> Tensor:
    """Entropy of ``softmax(logits / temperature)`` over the last dim: ``[..., V] -> [...]``.

    ``H = logsumexp(z) - sum(softmax(z) * z)``; ``[B, T, V]`` inputs go one sequence at a time.
    """
    dtype = _compute_dtype(logits)

    def scaled(z: Tensor) -> Tensor:
        z = z.to(dtype)
        return z / temperature if temperature != 1.0 else z

    if logits.dim() == 3:
        if logits.shape[0] == 0:
            return logits.new_zeros(logits.shape[:-1], dtype=dtype)
        return torch.stack([_entropy(scaled(row)) for row in logits])
    return _entropy(scaled(logits))


def token_entropy(logits: Tensor, temperature: float = 1.0) -> Tensor:
    """Entropy aligned with :func:`token_logprobs`: ``[B, T, V] -> [B, T-1]``.

    Column ``t`` is the entropy of the distribution that produced ``tokens[:, t+1]``.
    """
    if logits.dim() != 3:
        raise ValueError(f"expected logits [B, T, V], got {tuple(logits.shape)}")
    return entropy_from_logits(logits[:, :-1], temperature)
