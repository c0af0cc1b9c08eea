"""Learning-rate schedules as a pure function: the factor that multiplies `learner.lr`.

`lr_factor(schedule, step, warmup, total)` for the 0-based optimizer step `step` of a run of
`total` steps: a linear warmup from 1/warmup to 1 over the first `warmup` steps, then

    constant  1
    linear    1 - p                     p = (step - warmup) / (total - warmup), capped at 1
    cosine    (1 + cos(pi * p)) / 2

so linear and cosine reach 0 at the last step's end (the run's `total`), never below.
"""

from __future__ import annotations

import math

LR_SCHEDULES = ("constant", "linear", "cosine")


def lr_factor(schedule: str, step: int, warmup: int, total: int) -> float:
    if schedule not in LR_SCHEDULES:
        raise ValueError(f"learner.lr_schedule: must be one of {LR_SCHEDULES}, got {schedule!r}")
    if warmup > 0 and step < warmup:
        return (step + 1) / warmup
    if schedule == "constant":
        return 1.0
    progress = min(1.0, (step - warmup) / max(1, total - warmup))
    if schedule == "linear":
        return 1.0 - progress
    return 0.5 * (1.0 + math.cos(math.pi * progress))
