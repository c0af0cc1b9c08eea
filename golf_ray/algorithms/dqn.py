"""DQN as pure functions: masked action selection, (Double) DQN targets, the dueling head, the
epsilon schedule and the TD loss.

Conventions: Q-values are ``[B, A]``; an action mask is ``[B, A]`` (bool or 0/1, True = legal).
A masked (illegal) action is never chosen, never bootstrapped from, and never changes a result.
A terminal transition (``done = 1``) has no bootstrap term, so its next-state mask may be empty;
a non-terminal transition must have at least one legal next action.
"""

from __future__ import annotations

import math

import torch
from torch import Tensor

from golf_ray.algorithms.masking import as_bool_mask

__all__ = [
    "EPSILON_SCHEDULES",
    "double_dqn_targets",
    "dqn_targets",
    "dueling_combine",
    "epsilon_at",
    "epsilon_greedy",
    "masked_argmax",
    "masked_max",
    "td_loss",
]

EPSILON_SCHEDULES = ("linear", "exponential")


def _legal(q: Tensor, mask: Tensor | None) -> Tensor:
    if mask is None:
        return torch.ones_like(q, dtype=torch.bool)
    mask = as_bool_mask(mask)
    if mask.shape != q.shape:
        raise ValueError(f"mask shape {tuple(mask.shape)} != q shape {tuple(q.shape)}")
    return mask


def masked_argmax(q: Tensor, mask: Tensor | None = None) -> Tensor:
    """Index of the best legal action per row ``[B]``; ties go to the lowest index.

    Raises ValueError when a row has no legal action (there is nothing to choose)."""
    legal = _legal(q, mask)
    if not bool(legal.any(dim=-1).all()):
        raise ValueError("masked_argmax: a row has no legal action")
    return q.masked_fill(~legal, -math.inf).argmax(dim=-1)


def masked_max(q: Tensor, mask: Tensor | None = None) -> Tensor:
    """Best legal Q-value per row ``[B]``; 0 for a row without legal actions."""
    legal = _legal(q, mask)
    best = q.masked_fill(~legal, -math.inf).max(dim=-1).values
    return torch.where(legal.any(dim=-1), best, torch.zeros_like(best))


def _bootstrap(next_q_eval: Tensor, actions: Tensor, dones: Tensor) -> Tensor:
    value = next_q_eval.gather(-1, actions.unsqueeze(-1)).squeeze(-1)
    return torch.where(dones.bool(), torch.zeros_like(value), value)


def _safe_next_mask(next_q: Tensor, next_mask: Tensor | None, dones: Tensor) -> Tensor:
    """Terminal rows may have no legal action; give them a dummy one (their value is dropped)."""
    legal = _legal(next_q, next_mask)
    dones = dones.bool()
    empty = ~legal.any(dim=-1)
    if bool((empty & ~dones).any()):
        raise ValueError("a non-terminal next state has no legal action")
    dummy = torch.zeros_like(legal)
    dummy[:, 0] = True
    return torch.where((empty & dones).unsqueeze(-1), dummy, legal)


def dqn_targets(
    rewards: Tensor,
    dones: Tensor,
    next_q_target: Tensor,
    next_mask: Tensor | None = None,
    gamma: float = 0.99,
) -> Tensor:
    """Vanilla DQN: ``r + gamma * (1 - done) * max_{a' legal} Q_target(s', a')``, no gradient."""
    with torch.no_grad():
        legal = _safe_next_mask(next_q_target, next_mask, dones)
        best = masked_argmax(next_q_target, legal)
        return rewards + gamma * _bootstrap(next_q_target, best, dones)


def double_dqn_targets(
    rewards: Tensor,
    dones: Tensor,
    next_q_online: Tensor,
    next_q_target: Tensor,
    next_mask: Tensor | None = None,
    gamma: float = 0.99,
) -> Tensor:
    """Double DQN (van Hasselt et al. 2016): the online net picks the best legal next action,
    the target net values it: ``r + gamma * (1 - done) * Q_target(s', argmax_a' Q_online(s', a'))``.
    No gradient flows into the targets."""
    if next_q_online.shape != next_q_target.shape:
        raise ValueError("online and target next-state Q-values must have the same shape")
    with torch.no_grad():
        legal = _safe_next_mask(next_q_online, next_mask, dones)
        chosen = masked_argmax(next_q_online, legal)
        return rewards + gamma * _bootstrap(next_q_target, chosen, dones)


def dueling_combine(value: Tensor, advantage: Tensor, mask: Tensor | None = None) -> Tensor:
    """Dueling head (Wang et al. 2016): ``Q = V + A - mean(A)``, the mean over legal actions
    when a mask is given (so illegal actions' advantages never shift the legal Q-values).

    ``value`` is ``[B]`` or ``[B, 1]``; ``advantage`` is ``[B, A]``."""
    if value.dim() == 1:
        value = value.unsqueeze(-1)
    legal = _legal(advantage, mask).to(advantage.dtype)
    count = legal.sum(dim=-1, keepdim=True).clamp(min=1.0)
    mean = (advantage * legal).sum(dim=-1, keepdim=True) / count
    return value + advantage - mean


def epsilon_at(
    step: int,
    start: float = 1.0,
    end: float = 0.05,
    decay_steps: int = 1000,
    schedule: str = "linear",
) -> float:
    """Exploration rate after ``step`` decisions: from ``start`` to ``end`` over ``decay_steps``
    (linearly, or exponentially with ``end`` reached at ``decay_steps``), then flat."""
    if schedule not in EPSILON_SCHEDULES:
        raise ValueError(f"epsilon schedule must be one of {EPSILON_SCHEDULES}, got {schedule!r}")
    if not (0.0 <= end <= 1.0 and 0.0 <= start <= 1.0):
        raise ValueError(f"epsilon start/end must be in [0, 1], got {start}, {end}")
    if decay_steps <= 0 or step >= decay_steps:
        return end
    frac = max(step, 0) / decay_steps
    if schedule == "linear" or start <= 0.0 or end <= 0.0:
        return start + (end - start) * frac
    return start * (end / start) ** frac


def epsilon_greedy(
    q: Tensor, mask: Tensor | None, epsilon: float, generator: torch.Generator | None = None
) -> Tensor:
    """Per row: with probability ``epsilon`` a uniformly random *legal* action, else the greedy
    legal one. Illegal actions are never returned."""
    legal = _legal(q, mask)
    greedy = masked_argmax(q, legal)
    explore = torch.rand(q.shape[0], generator=generator) < epsilon
    random_legal = torch.multinomial(legal.float(), 1, generator=generator).squeeze(-1)
    return torch.where(explore, random_legal, greedy)


def td_loss(q_taken: Tensor, targets: Tensor, kind: str = "huber", delta: float = 1.0) -> Tensor:
    """Mean TD loss between the Q-values of the taken actions and their (detached) targets."""
    targets = targets.detach()
    if kind == "huber":
        return torch.nn.functional.smooth_l1_loss(q_taken, targets, beta=delta)
    if kind == "mse":
        return torch.nn.functional.mse_loss(q_taken, targets)
    raise ValueError(f"td loss must be huber or mse, got {kind!r}")
