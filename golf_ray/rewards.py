"""Reward registry: named terms, composed with weights from the `reward` config section.

A term is a function `(sample, config) -> float`. Register a new one with `@register_reward("name")`
and give it a weight in YAML (`reward.terms: {name: 0.3}`); nothing else changes.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from golf_ray.config import ConfigError, RewardConfig
from golf_ray.verify import Verdict

MAX_POINTS = 2500


@dataclass
class RewardSample:
    """What the reward sees of one completion."""

    completion: str
    program: str | None  # the code extracted from the completion; None when there was none
    verdict: Verdict | None  # None when no program was run
    group: str = ""  # samples of one prompt share a group (GRPO normalisation)
    # Reasoning tasks: `program` holds the extracted <answer>, and `score` is the dataset
    # verifier's score in [0, 1] (golf_ray/tasks/reasoning.py); None for programs.
    score: float | None = None
    # The golfer: bytes a correct rewrite saved over its task's best program (0 when none).
    gain: float | None = None


RewardTerm = Callable[[RewardSample, RewardConfig], float]
_TERMS: dict[str, RewardTerm] = {}


def register_reward(name: str) -> Callable[[RewardTerm], RewardTerm]:
    def add(fn: RewardTerm) -> RewardTerm:
        if name in _TERMS:
            raise ValueError(f"reward term '{name}' is already registered")
        _TERMS[name] = fn
        return fn

    return add


def reward_terms() -> list[str]:
    return sorted(_TERMS)


def get_reward_term(name: str) -> RewardTerm:
    if name not in _TERMS:
        close = difflib.get_close_matches(name, list(_TERMS), n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        raise ConfigError(
            f"reward.terms: unknown reward term '{name}'{hint}; known: {', '.join(reward_terms())}"
        )
    return _TERMS[name]


@register_reward("correctness")
def correctness(sample: RewardSample, cfg: RewardConfig) -> float:
    """Fraction of examples passed (a reasoning answer: its score), or 1/0 for all-or-nothing."""
    if sample.score is not None:
        all_or_nothing = cfg.correctness_mode == "all_or_nothing"
        return float(sample.score >= 1.0) if all_or_nothing else sample.score
    v = sample.verdict
    if v is None or v.total == 0:
        return 0.0
    if cfg.correctness_mode == "all_or_nothing":
        return float(v.correct)
    if cfg.correctness_mode != "fraction":
        raise ConfigError(
            f"reward.correctness_mode: must be 'fraction' or 'all_or_nothing', "
            f"got {cfg.correctness_mode!r}"
        )
    return v.passed / v.total


@register_reward("golf")
def golf(sample: RewardSample, cfg: RewardConfig) -> float:
    """Competition points scaled to [0, 1], only for fully correct programs."""
    v = sample.verdict
    if v is None or not v.correct:
        return 0.0
    return max(1, MAX_POINTS - v.bytes) / MAX_POINTS


@register_reward("golf_gain")
def golf_gain(sample: RewardSample, cfg: RewardConfig) -> float:
    """The golfer's reward: bytes saved over the task's best program, per 100 (capped at 1);
    nothing for a wrong program or one that is not shorter."""
    v = sample.verdict
    if v is None or not v.correct or not sample.gain:
        return 0.0
    return min(sample.gain, 100.0) / 100.0


@register_reward("syntax")
def syntax(sample: RewardSample, cfg: RewardConfig) -> float:
    """Penalty for a program that does not compile."""
    return -1.0 if sample.verdict is not None and sample.verdict.error == "syntax" else 0.0


@register_reward("timeout")
def timeout(sample: RewardSample, cfg: RewardConfig) -> float:
    """Penalty for a program that ran out of time."""
    return -1.0 if sample.verdict is not None and sample.verdict.error == "timeout" else 0.0


@register_reward("format")
def answer_format(sample: RewardSample, cfg: RewardConfig) -> float:
    """Credit for a well-formed completion: a program, or an <answer>…</answer>, extracted."""
    return 1.0 if sample.program else 0.0


@dataclass
class RewardBatch:
    total: list[float]  # weighted sum, normalised as configured
    raw_total: list[float]  # weighted sum before normalisation
    terms: dict[str, list[float]] = field(default_factory=dict)  # unweighted, per term


def compute_rewards(samples: Sequence[RewardSample], cfg: RewardConfig) -> RewardBatch:
    terms = {name: get_reward_term(name) for name in cfg.terms}
    per_term = {name: [fn(s, cfg) for s in samples] for name, fn in terms.items()}
    raw = [sum(cfg.terms[name] * per_term[name][i] for name in terms) for i in range(len(samples))]
    total = normalize(raw, [s.group for s in samples], cfg.normalize)
    return RewardBatch(total=total, raw_total=raw, terms=per_term)


def normalize(rewards: Sequence[float], groups: Sequence[str], mode: str) -> list[float]:
    """Standardise rewards per group ('group'), over the batch ('batch'), or not ('none').

    A group whose rewards are all equal carries no signal and gets zeros.
    """
    r = np.asarray(rewards, dtype=np.float64)
    if mode == "none" or r.size == 0:
        return r.tolist()
    if mode == "batch":
        return _standardize(r).tolist()
    if mode != "group":
        raise ConfigError(f"reward.normalize: must be none, group or batch, got {mode!r}")
    out = np.zeros_like(r)
    keys = np.asarray(groups, dtype=object)
    for g in dict.fromkeys(groups):
        idx = keys == g
        out[idx] = _standardize(r[idx])
    return out.tolist()


def _standardize(x: np.ndarray, eps: float = 1e-8) -> np.ndarray:
    std = x.std()
    if std < eps:
        return np.zeros_like(x)
    return (x - x.mean()) / std
