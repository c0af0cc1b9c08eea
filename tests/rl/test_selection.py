"""What a step learns from: shaped rewards (overlong, Dr. GRPO) and dynamic sampling's pool."""

import pytest

from golf_ray.actors.engines import Completion
from golf_ray.config import load_config
from golf_ray.domains import Sample
from golf_ray.rl.selection import GroupPool, learner_rewards


def judged(scores_per_group, lengths=None, finish="stop"):
    out, k = [], 0
    for g, scores in enumerate(scores_per_group):
        for i, score in enumerate(scores):
            n = lengths[k] if lengths else 2
            reason = finish[k] if isinstance(finish, list) else finish
            c = Completion(g, i, "x", [5] * n, [-1.0] * n, reason, policy_version=0)
            out.append(Sample(f"t{g}", g, c, program=None, verdict=None, score=score))
            k += 1
    return out


def cfg(*overrides):
    return load_config(
        "experiments/tiny_grpo.yaml",
        ["reward.terms={correctness: 1.0}", "rollout.max_tokens=16", *overrides],
    )


def test_grpo_gets_group_standardised_rewards_and_dr_grpo_raw_ones():
    samples = judged([[0.0, 1.0], [0.5, 0.5]])
    _, total, keep, metrics = learner_rewards(samples, cfg())
    assert total == pytest.approx([-1.0, 1.0, 0.0, 0.0])
    _, raw, _, _ = learner_rewards(samples, cfg("algorithm.loss_type=dr_grpo"))
    assert raw == [0.0, 1.0, 0.5, 0.5]  # the learner centres them, without the std
    _, batch, _, _ = learner_rewards(
        samples, cfg("algorithm.loss_type=dr_grpo", "reward.normalize=batch")
    )
    assert batch != raw  # a batch-wide scale is no per-group std: kept as configured
    assert keep == [True] * 4 and metrics["truncation_rate"] == 0.0


def test_overlong_penalty_and_mask():
    lengths = [4, 12, 14, 16]
    finish = ["stop", "stop", "stop", "length"]
    samples = judged([[1.0, 1.0], [1.0, 1.0]], lengths, finish)
    over = ["algorithm.overlong=penalty", "algorithm.overlong_buffer=4", "reward.normalize=none"]
    rewards, total, keep, metrics = learner_rewards(samples, cfg(*over))
    assert rewards.raw_total == [1.0] * 4
    assert total == pytest.approx([1.0, 1.0, 0.5, 0.0])
    assert keep == [True] * 4
    assert metrics["truncation_rate"] == 0.25
    assert metrics["overlong_penalty_mean"] == pytest.approx(-1.5 / 4)
    _, _, keep, _ = learner_rewards(samples, cfg("algorithm.overlong=mask"))
    assert keep == [True, True, True, False]


def test_pool_with_half_the_groups_all_wrong_keeps_the_informative_ones():
    pool = GroupPool()
    c = cfg()
    pool.add(judged([[0, 0], [1, 0], [0, 0], [0, 1]]), ["p"] * 8, c)
    assert pool.missing(4) == 2 and pool.kept_fraction == 0.5
    samples, prompts, keep = pool.batch(2)
    assert [s.task_id for s in samples] == ["t1", "t1", "t3", "t3"] and all(keep)
    assert [s.group for s in samples] == [0, 0, 1, 1]
    samples, _, keep = pool.batch(4)  # short: all-wrong groups fill, out of the loss
    assert keep == [True] * 4 + [False] * 4
    with pytest.raises(ValueError, match="5 needed"):
        pool.batch(5)
    # the overlong penalty counts: equal scores, different lengths near the budget differ
    penalised = GroupPool()
    penalised.add(judged([[1, 1]], [4, 16]), ["p"] * 2, cfg("algorithm.overlong=penalty"))
    assert penalised.kept_fraction == 1.0
