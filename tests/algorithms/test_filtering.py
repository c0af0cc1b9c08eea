"""Dynamic sampling's group filter and overlong shaping (DAPO): pure functions, pinned."""

from __future__ import annotations

import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

from golf_ray import config as config_module
from golf_ray.algorithms import (
    OVERLONG_MODES,
    group_advantages,
    informative_groups,
    overlong_keep,
    overlong_penalty,
)

FAST = settings(max_examples=60, deadline=None)


def test_half_the_groups_all_wrong_keeps_only_the_informative_ones():
    # 4 groups of 3: groups 0 and 2 all wrong (zero variance), group 3 all right, group 1 mixed
    rewards = [0, 0, 0, 1, 0, 0, 0, 0, 0, 0.5, 0.2, 0.9]
    groups = [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]
    keep = informative_groups(rewards, groups)
    assert keep.tolist() == [False] * 3 + [True] * 3 + [False] * 3 + [True] * 3
    all_right = informative_groups([1, 1, 1, 0, 1, 0], ["a", "a", "a", "b", "b", "b"])
    assert all_right.tolist() == [False, False, False, True, True, True]


@given(
    st.lists(
        st.tuples(st.integers(0, 5), st.floats(-3, 3, allow_nan=False, allow_subnormal=False)),
        min_size=1,
        max_size=24,
    )
)
@FAST
def test_a_group_is_informative_iff_its_advantages_are_not_all_zero(pairs):
    groups = [g for g, _ in pairs]
    rewards = torch.tensor([r for _, r in pairs], dtype=torch.float64)
    keep = informative_groups(rewards, groups)
    adv = group_advantages(rewards, group_ids=groups, normalize_std=False)
    for g in set(groups):
        members = [i for i, x in enumerate(groups) if x == g]
        expected = max(rewards[members]) - min(rewards[members]) > 1e-8
        assert all(bool(keep[i]) == expected for i in members)
        if max(rewards[members]) == min(rewards[members]):  # all equal: no advantage at all
            assert not expected
            assert all(float(adv[i]) == 0.0 for i in members)


def test_informative_groups_checks_shapes():
    assert informative_groups([], []).tolist() == []
    with pytest.raises(ValueError):
        informative_groups([1.0, 2.0], [0])


def test_overlong_penalty_hand_numbers():
    p = overlong_penalty([10, 12, 14, 16, 20], max_tokens=16, buffer=4, penalty=1.0)
    assert p.tolist() == [0.0, 0.0, -0.5, -1.0, -1.0]
    assert overlong_penalty([3], max_tokens=4, buffer=100, penalty=2.0).tolist() == [-1.5]
    with pytest.raises(ValueError):
        overlong_penalty([1], max_tokens=4, buffer=0)


@given(st.integers(1, 64), st.integers(1, 64), st.floats(0, 5), st.data())
@FAST
def test_overlong_penalty_is_monotone_and_bounded(max_tokens, buffer, penalty, data):
    lengths = sorted(data.draw(st.lists(st.integers(0, 80), min_size=1, max_size=10)))
    p = overlong_penalty(lengths, max_tokens, buffer, penalty)
    assert torch.all(p <= 0) and torch.all(p >= -penalty - 1e-12)
    assert torch.all(p[1:] <= p[:-1])  # longer never better
    free = torch.tensor(lengths) <= max_tokens - min(buffer, max_tokens)
    assert torch.all(p[free] == 0)


def test_overlong_keep():
    truncated = [True, False, True]
    assert overlong_keep(truncated, "mask").tolist() == [False, True, False]
    assert overlong_keep(truncated, "penalty").tolist() == [True] * 3
    assert overlong_keep(truncated, "none").tolist() == [True] * 3
    with pytest.raises(ValueError):
        overlong_keep(truncated, "cut")
    assert config_module.OVERLONG_MODES == OVERLONG_MODES
