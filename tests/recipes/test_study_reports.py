"""The studies' reports judge what runs logged: a law broken in the data is flagged with its
numbers, and a run that logged nothing passes no check."""

from __future__ import annotations

import pytest

from golf_ray.config import load_config
from golf_ray.recipes.study_reports import FAILS, HOLDS, MEASURED, REPORTS, Trial, lr_schedules


def test_the_lr_report_flags_an_lr_off_its_formula():
    cfg = load_config("experiments/tiny_synthetic.yaml", ["steps=3", "learner.lr_schedule=linear"])
    lr = cfg.learner.lr
    right = Trial("right", cfg, {"train": {"lr": [(1, lr), (2, lr * 2 / 3), (3, lr / 3)]}}, "done")
    wrong = Trial("wrong", cfg, {"train": {"lr": [(1, lr), (2, lr), (3, lr)]}}, "done")
    assert lr_schedules([right]).verdicts[0].status == HOLDS
    verdict = lr_schedules([right, wrong]).verdicts[0]
    assert verdict.status == FAILS and "6.7e-01 over 3/3 steps (wrong)" in verdict.numbers


@pytest.mark.parametrize("name", sorted(REPORTS))
def test_a_run_that_logged_nothing_passes_no_check(name):
    cfg = load_config("experiments/tiny_synthetic.yaml")
    report = REPORTS[name]([Trial("empty", cfg, {}, "error")])
    assert report.verdicts and all(v.status in (FAILS, MEASURED) for v in report.verdicts)
    assert report.figures
