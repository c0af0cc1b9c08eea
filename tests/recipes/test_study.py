"""`golf-ray study`: the study files load (each with its --quick setting), bad ones fail in one
line, and every --quick study runs for real through the CLI and writes report.md with its
figures and verdicts (entropy_grad_norms here with the gradient-norm laws checked in the run's own
metrics too; ablations, transfer and quantization with their own checks beside their reports'
tests)."""

from __future__ import annotations

import math
import re

import pytest

from golf_ray.cli import main
from golf_ray.config import ConfigError
from golf_ray.metrics import read_metrics
from golf_ray.recipes.study import list_studies, load_study
from golf_ray.recipes.study_reports import HOLDS, REPORTS, VERDICT_LINE


def test_every_study_loads_checks_its_trials_and_has_a_quick_setting(capsys):
    names = [n for n, _ in list_studies()]
    assert {"learning_curves", "entropy_grad_norms", "lr_schedules"} <= set(names)
    for name in names:
        full, report = load_study(name)
        quick, _ = load_study(name, quick=True)
        assert report in REPORTS and full.name == quick.name == name
        assert full.validate() >= quick.validate() >= 1
        assert quick.trial_config({}).steps < full.trial_config({}).steps
    assert main(["study", "--list"]) == 0
    out = capsys.readouterr().out
    assert all(name in out for name in names)


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("report: nope\n", "'report' must be one of"),
        ("report: lr_schedules\nquick: {overides: []}\n", "quick: unknown key 'overides'"),
        ("report: lr_schedules\nsearch: {learner.lr_schedul: {grid: [cosine]}}\n", "unknown key"),
    ],
)
def test_a_bad_study_file_fails_in_one_line(tmp_path, body, expected):
    path = tmp_path / "bad.yaml"
    path.write_text("experiment: experiments/tiny_synthetic.yaml\n" + body)
    with pytest.raises(ConfigError, match=re.escape(expected)) as info:
        load_study(str(path), quick=True)[0].validate()
    assert "\n" not in str(info.value)


def test_an_unknown_study_names_the_closest(capsys):
    assert main(["study", "lr_schedule"]) == 2
    assert "did you mean 'lr_schedules'" in capsys.readouterr().err


@pytest.mark.slow
def test_quick_study_runs_and_reports(ray_session, tmp_path, capsys):
    args = ["study", "entropy_grad_norms", "--quick", "--storage", str(tmp_path), "--quiet"]
    assert main(args) == 0
    out_dir = tmp_path / "entropy_grad_norms"
    report = (out_dir / "report.md").read_text()
    assert "![entropy_grad_norms](entropy_grad_norms.png)" in report
    assert (out_dir / "entropy_grad_norms.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    verdicts = [line for line in report.splitlines() if line.startswith("- **")]
    assert len(verdicts) == 3 and all(VERDICT_LINE.match(v) for v in verdicts), verdicts
    assert verdicts == [v for v in capsys.readouterr().out.splitlines() if v.startswith("- **")]

    # The laws among them hold in the run's own metrics: a gradient norm at every step, and the
    # clipped one never above learner.grad_clip (the entropy trend is only stated).
    (run,) = [d for d in out_dir.glob("trial-*/entropy_grad_norms-*") if d.is_dir()]
    train = read_metrics(run)["train"]
    steps = [s for s, _ in train["step"]]
    assert steps == [1, 2, 3]
    assert [s for s, v in train["grad_norm"] if math.isfinite(v)] == steps
    assert all(v <= 0.05 * (1 + 1e-5) for _, v in train["grad_norm_clipped"])
    assert verdicts[0].startswith(f"- **{HOLDS}** gradient norm logged at every step")
    assert verdicts[1].startswith(f"- **{HOLDS}** gradient norm after clipping never above")

    # Run again with other settings into the same place: refused, the runs are kept.
    assert main(["study", "entropy_grad_norms", "--storage", str(tmp_path), "--quiet"]) == 2
    assert "other settings" in capsys.readouterr().err


# run with checks of their own: here and in test_study_components.py / test_study_data.py
CHECKED_ELSEWHERE = {"entropy_grad_norms", "ablations", "transfer", "quantization"}
PNG = b"\x89PNG\r\n\x1a\n"


@pytest.mark.slow
@pytest.mark.parametrize("name", [n for n, _ in list_studies() if n not in CHECKED_ELSEWHERE])
def test_every_quick_study_runs_and_writes_its_figures_and_verdicts(
    name, ray_session, tmp_path, capsys
):
    assert main(["study", name, "--quick", "--storage", str(tmp_path), "--quiet"]) == 0
    out_dir = tmp_path / name
    report = (out_dir / "report.md").read_text()
    figures = re.findall(r"^!\[[^\]]*\]\(([^)]+)\)$", report, re.M)
    assert figures and all((out_dir / f).read_bytes()[:8] == PNG for f in figures), report
    verdicts = [line for line in report.splitlines() if line.startswith("- **")]
    assert verdicts and all(VERDICT_LINE.match(v) for v in verdicts), verdicts
    runs = report.split("## Runs", 1)[1].split("\n## ", 1)[0]
    rows = [row for row in runs.splitlines() if row.startswith("|")][2:]  # under the header
    statuses = [row.rsplit("|", 2)[1].strip() for row in rows]
    assert statuses and set(statuses) == {"done"}, runs
