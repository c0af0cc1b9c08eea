"""Easy-to-hard task curriculum: which training tasks a step may sample from.

The pool at step `s` is the easiest `ceil(f * n)` tasks, where
`f = start_fraction + widen_by * (s // widen_every)`, capped at all `n` tasks. It is a pure
function of the step, so a resumed run needs no curriculum state, and sampling is seeded by
(seed, step), so a resumed step draws the same tasks.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from golf_ray.config import ConfigError, CurriculumConfig


@dataclass
class Curriculum:
    task_ids: list[str]  # easiest first
    cfg: CurriculumConfig
    seed: int = 0

    def __post_init__(self) -> None:
        if not self.task_ids:
            raise ValueError("curriculum: no training tasks")
        if len(set(self.task_ids)) != len(self.task_ids):
            raise ValueError("curriculum: duplicate task ids")
        if not self.cfg.enabled:
            return
        if not 0.0 < self.cfg.start_fraction <= 1.0:
            raise ConfigError(
                f"curriculum.start_fraction must be in (0, 1], got {self.cfg.start_fraction}"
            )
        if self.cfg.widen_every < 1:
            raise ConfigError(f"curriculum.widen_every must be >= 1, got {self.cfg.widen_every}")
        # Without widening the curriculum would never reach the hard tasks.
        if self.cfg.widen_by <= 0.0 and self.cfg.start_fraction < 1.0:
            raise ConfigError(f"curriculum.widen_by must be > 0, got {self.cfg.widen_by}")

    @classmethod
    def from_taskset(
        cls, taskset, train_ids: Sequence[str], cfg: CurriculumConfig, seed: int = 0
    ) -> Curriculum:
        """Order `train_ids` by the tasks' difficulty (ties by task number)."""
        ordered = taskset.subset(list(train_ids)).sorted_by_difficulty()
        return cls([task.id for task in ordered], cfg, seed)

    def pool_size(self, step: int) -> int:
        n = len(self.task_ids)
        if not self.cfg.enabled:
            return n
        fraction = self.cfg.start_fraction + self.cfg.widen_by * (
            max(step, 0) // self.cfg.widen_every
        )
        # The epsilon keeps float noise (0.1 * 30 = 3.0000000000000004) from adding a task.
        return min(n, max(1, math.ceil(fraction * n - 1e-9)))

    def full_at(self) -> int:
        """The first step whose pool holds every task."""
        n, cfg = len(self.task_ids), self.cfg
        if not cfg.enabled or cfg.start_fraction >= 1.0:
            return 0
        # Start just below the analytic answer (the pool is full once f > (n-1)/n), step up.
        widenings = max(0, math.floor(((n - 1) / n - cfg.start_fraction) / cfg.widen_by) - 1)
        while self.pool_size(widenings * cfg.widen_every) < n:
            widenings += 1
        return widenings * cfg.widen_every

    def pool(self, step: int) -> list[str]:
        return self.task_ids[: self.pool_size(step)]

    def sample(self, step: int, k: int, rng: random.Random | None = None) -> list[str]:
        """`k` task ids from the step's pool: without replacement while `k` fits in the pool,
        else whole shuffled passes over the pool plus a partial one (each task appears
        floor or ceil of k / pool size times). Seeded by (seed, step) unless `rng` is given."""
        pool = self.pool(step)
        rng = rng or random.Random(f"curriculum:{self.seed}:{step}")
        out: list[str] = []
        while len(out) + len(pool) <= k:
            out += rng.sample(pool, len(pool))
        return out + rng.sample(pool, k - len(out))
