"""The LR schedules' formula (golf_ray.algorithms.schedules) and the config's list of them."""

from __future__ import annotations

import math

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from golf_ray import config as config_module
from golf_ray.algorithms.schedules import LR_SCHEDULES, lr_factor

runs = st.integers(1, 200).flatmap(
    lambda total: st.tuples(st.just(total), st.integers(0, total), st.integers(0, total - 1))
)


@given(runs, st.sampled_from(LR_SCHEDULES))
def test_factor_is_the_formula(run, schedule):
    total, warmup, step = run
    got = lr_factor(schedule, step, warmup, total)
    assert 0.0 <= got <= 1.0
    if step < warmup:
        assert got == pytest.approx((step + 1) / warmup)
        return
    p = (step - warmup) / max(1, total - warmup)
    want = {"constant": 1.0, "linear": 1 - p, "cosine": (1 + math.cos(math.pi * p)) / 2}
    assert got == pytest.approx(want[schedule], abs=1e-12)


@given(runs, st.sampled_from(("linear", "cosine")))
def test_decay_never_rises_after_warmup_and_ends_at_zero(run, schedule):
    total, warmup, _ = run
    assume(warmup < total)  # else there is no decay phase
    after = [lr_factor(schedule, s, warmup, total) for s in range(warmup, total + 1)]
    assert all(a >= b for a, b in zip(after, after[1:], strict=False))
    assert after[0] == 1.0 and after[-1] == pytest.approx(0.0, abs=1e-12)


@given(runs)
def test_warmup_rises_linearly_to_one(run):
    total, warmup, _ = run
    ramp = [lr_factor("cosine", s, warmup, total) for s in range(warmup)]
    assert ramp == pytest.approx([(s + 1) / warmup for s in range(warmup)])


def test_unknown_schedule_is_an_error_and_the_config_knows_the_same_names():
    with pytest.raises(ValueError, match="learner.lr_schedule"):
        lr_factor("step", 0, 0, 10)
    assert config_module.LR_SCHEDULES == LR_SCHEDULES
