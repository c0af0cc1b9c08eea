"""Reward registry: seed properties 12 (monotone in pass rate), 15 (maximal when all pass),
16 (shorter >= longer at equal correctness), 17 (normalisation ~ mean 0 / std 1)."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from golf_ray.config import ConfigError, RewardConfig
from golf_ray.rewards import (
    RewardSample,
    compute_rewards,
    get_reward_term,
    normalize,
    register_reward,
    reward_terms,
)
from golf_ray.verify import Verdict, golf_points

TERMS = {"correctness": 1.0, "golf": 0.5, "syntax": 0.1, "timeout": 0.1, "format": 0.1}


def sample(passed: int, total: int, nbytes: int = 100, error: str | None = None, group="g"):
    correct = passed == total and error is None
    if not correct and error is None:
        error = "wrong_output"
    verdict = Verdict(
        correct=correct,
        passed=passed,
        total=total,
        first_failure=None if correct else passed,
        error=error,
        message="",
        bytes=nbytes,
        points=golf_points(correct, nbytes),
    )
    return RewardSample(
        completion="```python\np=0\n```", program="p=0", verdict=verdict, group=group
    )


def raw(samples, **kw):
    cfg = RewardConfig(terms=dict(TERMS), normalize="none", **kw)
    return compute_rewards(samples, cfg).total


@settings(max_examples=200, deadline=None)
@given(
    st.integers(1, 300),
    st.data(),
    st.integers(1, 3000),
    st.sampled_from(["fraction", "all_or_nothing"]),
)
def test_reward_monotone_in_pass_rate(total, data, nbytes, mode):
    a = data.draw(st.integers(0, total))
    b = data.draw(st.integers(a, total))
    ra, rb = raw([sample(a, total, nbytes), sample(b, total, nbytes)], correctness_mode=mode)
    assert rb >= ra


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 300), st.data(), st.integers(1, 3000))
def test_reward_maximal_when_all_pass(total, data, nbytes):
    passed = data.draw(st.integers(0, total))
    error = data.draw(st.sampled_from([None, "syntax", "timeout", "exception", "memory"]))
    r_full = raw([sample(total, total, nbytes)])[0]
    r_other = raw([sample(passed, total, nbytes, error=error)])[0]
    assert r_full >= r_other
    if passed < total or error is not None:
        assert r_full > r_other


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 300), st.data(), st.integers(1, 4000), st.integers(1, 4000))
def test_shorter_at_least_as_good_at_equal_correctness(total, data, b1, b2):
    passed = data.draw(st.integers(0, total))
    short, long_ = min(b1, b2), max(b1, b2)
    r_short, r_long = raw([sample(passed, total, short), sample(passed, total, long_)])
    assert r_short >= r_long
    if passed == total and short < long_ and short < 2499:
        assert r_short > r_long


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.lists(st.floats(-100, 100, allow_nan=False), min_size=2, max_size=16),
        min_size=1,
        max_size=8,
    )
)
def test_group_normalisation_mean0_std1(groups):
    rewards, keys = [], []
    for g, values in enumerate(groups):
        rewards += values
        keys += [f"g{g}"] * len(values)
    out = np.array(normalize(rewards, keys, "group"))
    for g, values in enumerate(groups):
        part = out[np.array(keys) == f"g{g}"]
        if np.std(values) < 1e-6:
            continue  # near-constant groups: float noise, checked separately below
        assert abs(part.mean()) < 1e-6
        assert abs(part.std() - 1) < 1e-6


def test_zero_variance_group_gets_zeros_and_batch_mode():
    out = normalize([1.0, 1.0, 1.0, 0.0, 2.0], ["a", "a", "a", "b", "b"], "group")
    assert out[:3] == [0.0, 0.0, 0.0]
    assert out[3:] == pytest.approx([-1.0, 1.0])
    batch = np.array(normalize([1.0, 2.0, 3.0, 4.0], ["a", "a", "b", "b"], "batch"))
    assert abs(batch.mean()) < 1e-9 and abs(batch.std() - 1) < 1e-9
    assert normalize([3.0, 5.0], ["a", "a"], "none") == [3.0, 5.0]


def test_terms_by_name_and_weights():
    s_ok = sample(10, 10, nbytes=500)
    s_syntax = sample(0, 10, error="syntax")
    s_timeout = sample(3, 10, error="timeout")
    no_program = RewardSample(completion="I cannot", program=None, verdict=None)
    cfg = RewardConfig(terms=dict(TERMS), normalize="none")
    batch = compute_rewards([s_ok, s_syntax, s_timeout, no_program], cfg)
    assert batch.terms["correctness"] == [1.0, 0.0, 0.3, 0.0]
    assert batch.terms["golf"] == [2000 / 2500, 0.0, 0.0, 0.0]
    assert batch.terms["syntax"] == [0.0, -1.0, 0.0, 0.0]
    assert batch.terms["timeout"] == [0.0, 0.0, -1.0, 0.0]
    assert batch.terms["format"] == [1.0, 1.0, 1.0, 0.0]
    assert batch.total[0] == pytest.approx(1.0 + 0.5 * 0.8 + 0.1)
    assert batch.raw_total == batch.total


def test_register_new_term_without_touching_others():
    name = "brevity_of_completion_test"
    if name not in reward_terms():

        @register_reward(name)
        def brevity(s, cfg):
            return -len(s.completion) / 1000

    cfg = RewardConfig(terms={"correctness": 1.0, name: 2.0}, normalize="none")
    batch = compute_rewards([sample(5, 10)], cfg)
    assert batch.total[0] == pytest.approx(0.5 - 2.0 * len("```python\np=0\n```") / 1000)
    with pytest.raises(ValueError, match="already registered"):
        register_reward(name)(lambda s, c: 0.0)


def test_unknown_term_is_a_config_error_with_suggestion():
    with pytest.raises(
        ConfigError, match=r"unknown reward term 'corectness' \(did you mean 'correctness'\?\)"
    ):
        get_reward_term("corectness")
    with pytest.raises(ConfigError, match="reward.normalize"):
        compute_rewards([sample(1, 1)], RewardConfig(normalize="zscore"))


def test_golf_only_when_fully_correct():
    almost = sample(9, 10, nbytes=10)
    cfg = RewardConfig(terms={"golf": 1.0}, normalize="none")
    assert compute_rewards([almost], cfg).total == [0.0]
    assert compute_rewards([sample(10, 10, nbytes=3000)], cfg).total == [1 / 2500]
