"""What a GRPO step learns from: shaped rewards, and the prompt groups kept (DAPO).

- `learner_rewards`: the configured reward terms, plus the overlong penalty
  (`algorithm.overlong: penalty`), normalised as `reward.normalize` says, except that Dr. GRPO
  (`algorithm.loss_type: dr_grpo`) never divides by a group's std: with `normalize: group` it
  gets the raw rewards, and the learner centres them per group.
- `GroupPool`: dynamic sampling's bookkeeping. Rounds of judged samples go in; groups whose
  rewards are all equal (no advantage, no gradient) are set aside; `batch(target)` returns the
  first `target` informative groups, topped up with set-aside ones that the loss leaves out
  (`keep` False) when the rounds ran out, so the learner's batch keeps its size.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field

from golf_ray.algorithms.filtering import informative_groups, overlong_keep, overlong_penalty
from golf_ray.config import Config
from golf_ray.domains import Sample
from golf_ray.rewards import RewardBatch, RewardSample, compute_rewards, normalize


def reward_samples(samples: Sequence[Sample]) -> list[RewardSample]:
    return [
        RewardSample(
            s.completion.text,
            s.program,
            s.verdict,
            group=str(s.group),
            score=s.score,
            gain=s.gain,
        )
        for s in samples
    ]


def truncated(samples: Sequence[Sample]) -> list[bool]:
    """Cut off at the token budget (the engine's finish_reason "length")."""
    return [s.completion.finish_reason == "length" for s in samples]


def shaped_rewards(samples: Sequence[Sample], cfg: Config) -> tuple[RewardBatch, list[float]]:
    """The reward terms (as `compute_rewards`) and their weighted sum plus the overlong penalty
    when `algorithm.overlong` is `penalty` (not normalised)."""
    rewards = compute_rewards(reward_samples(samples), cfg.reward)
    raw = list(rewards.raw_total)
    algo = cfg.algorithm
    if algo.overlong == "penalty" and samples:
        lengths = [s.completion.num_tokens for s in samples]
        penalty = overlong_penalty(
            lengths, cfg.rollout.max_tokens, algo.overlong_buffer, algo.overlong_penalty
        )
        raw = [r + float(p) for r, p in zip(raw, penalty, strict=True)]
    return rewards, raw


def learner_rewards(
    samples: Sequence[Sample], cfg: Config
) -> tuple[RewardBatch, list[float], list[bool], dict[str, float]]:
    """(reward terms, the rewards the learner gets, which samples stay in the loss, metrics:
    `truncation_rate`, `overlong_penalty_mean`)."""
    rewards, shaped = shaped_rewards(samples, cfg)
    mode = cfg.reward.normalize
    if cfg.algorithm.loss_type == "dr_grpo" and mode == "group":
        mode = "none"  # Dr. GRPO: no std normalisation; the learner centres per group
    total = normalize(shaped, [str(s.group) for s in samples], mode)
    cut = truncated(samples)
    keep = overlong_keep(cut, cfg.algorithm.overlong).tolist()
    n = max(1, len(samples))
    metrics = {
        "truncation_rate": sum(cut) / n,
        "overlong_penalty_mean": sum(b - a for a, b in zip(rewards.raw_total, shaped, strict=True))
        / n,
    }
    return rewards, total, keep, metrics


@dataclass
class GroupPool:
    """Judged prompt groups of one step over dynamic-sampling rounds (see the module doc)."""

    kept: list[tuple[list[Sample], list[str]]] = field(default_factory=list)
    dropped: list[tuple[list[Sample], list[str]]] = field(default_factory=list)
    rounds: int = 0
    groups_seen: int = 0
    samples_seen: int = 0

    def add(self, samples: Sequence[Sample], prompts: Sequence[str], cfg: Config) -> None:
        """One round: `samples` ordered group by group, `prompts` the text each was sent."""
        _, shaped = shaped_rewards(samples, cfg)
        informative = informative_groups(shaped, [s.group for s in samples]).tolist()
        groups: dict[int, tuple[list[Sample], list[str], bool]] = {}
        for s, p, info in zip(samples, prompts, informative, strict=True):
            entry = groups.setdefault(s.group, ([], [], info))
            entry[0].append(s)
            entry[1].append(p)
        for members, texts, info in groups.values():
            (self.kept if info else self.dropped).append((members, texts))
        self.rounds += 1
        self.groups_seen += len(groups)
        self.samples_seen += len(samples)

    def missing(self, target: int) -> int:
        return max(0, target - len(self.kept))

    @property
    def kept_fraction(self) -> float:
        return len(self.kept) / max(1, self.groups_seen)

    def batch(self, target: int) -> tuple[list[Sample], list[str], list[bool]]:
        """`target` groups, renumbered 0..target-1 in order: informative ones first, then
        set-aside ones with `keep` False. Raises if fewer than `target` groups were seen."""
        chosen = [(g, True) for g in self.kept[:target]]
        chosen += [(g, False) for g in self.dropped[: target - len(chosen)]]
        if len(chosen) < target:
            raise ValueError(f"dynamic sampling: {len(chosen)} groups seen, {target} needed")
        samples, prompts, keep = [], [], []
        for index, ((members, texts), use) in enumerate(chosen):
            samples += [dataclasses.replace(s, group=index) for s in members]
            prompts += texts
            keep += [use] * len(members)
        return samples, prompts, keep

    def metrics(self, first_round_samples: int, target: int) -> dict[str, float]:
        return {
            "dynamic_sampling/kept_fraction": self.kept_fraction,
            "dynamic_sampling/rounds": float(self.rounds),
            "dynamic_sampling/extra_samples": float(self.samples_seen - first_round_samples),
            "dynamic_sampling/filled_groups": float(max(0, target - len(self.kept))),
        }
