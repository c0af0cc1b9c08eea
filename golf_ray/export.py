"""Export the solution database as a Code Golf submission: a zip of `taskNNN.py` files."""

from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from golf_ray.fileio import atomic_write_bytes
from golf_ray.score import TASK_FILE
from golf_ray.solutions import SolutionDB, read_best
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
