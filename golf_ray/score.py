"""Scoring a Code Golf submission: a directory of `taskNNN.py` files or a `submission.zip`."""

from __future__ import annotations

import re
import zipfile
import zlib
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from golf_ray.verify import Limits, Verdict, decode_source

if TYPE_CHECKING:
    from golf_ray.actors.sandbox import SandboxPool

TASK_FILE = re.compile(r"^task(\d{3})\.py$")
# Far past any program worth points (max(1, 2500 - bytes)), far below a memory problem.
MAX_FILE_BYTES = 16 << 20


@dataclass
class Judging:
    """How programs are judged by the competition's rule (`golf-ray score` and `golf-ray golf`):
    in `workers` sandbox actors, `timeout` seconds per example; a program that timed out runs
    again under `slow_timeout` before it can be judged wrong, as the official checker has no
    time limit (0: a timeout is wrong)."""

    backend: str = "auto"
    workers: int = 2
    timeout: float = 10.0
    slow_timeout: float = 180.0
    memory_mb: int = 1024

    @property
    def limits(self) -> Limits:
        return Limits(example_timeout_s=self.timeout, memory_mb=self.memory_mb)

    @property
    def rerun_limits(self) -> Limits | None:
        if self.slow_timeout <= 0:
            return None
        return Limits(example_timeout_s=self.slow_timeout, memory_mb=self.memory_mb)

    def pool(self) -> SandboxPool:
        from golf_ray.actors.sandbox import SandboxPool

        return SandboxPool(
            num_actors=self.workers,
            backend=self.backend,
            limits=self.limits,
            memory_mb=self.memory_mb,
        )


@dataclass
class Submission:
    programs: dict[str, bytes]  # task id ("task001") -> the file's bytes, as submitted
    unknown_files: list[str] = field(default_factory=list)  # names that are not taskNNN.py
    origin: str = ""


def load_submission(path: str | Path) -> Submission:
    """Read every taskNNN.py of a directory or zip; other names are reported, not read. A file
    over MAX_FILE_BYTES is reported too: nothing is read into memory without bound."""
    path = Path(path)
    programs: dict[str, bytes] = {}
    unknown: list[str] = []

    def take(name: str, size: int, read) -> None:
        m = TASK_FILE.match(name)
        if not m or not 1 <= int(m.group(1)) <= 999:
            unknown.append(name)
            return
        data = read(MAX_FILE_BYTES + 1) if size <= MAX_FILE_BYTES else b""
        if len(data) > MAX_FILE_BYTES or size > MAX_FILE_BYTES:  # a zip may understate a size
            unknown.append(f"{name} (over {MAX_FILE_BYTES >> 20} MiB: not scored)")
            return
        programs[f"task{m.group(1)}"] = data

    if path.is_dir():
        for f in sorted(path.iterdir()):
            if f.is_file():
                with f.open("rb") as fh:
                    take(f.name, f.stat().st_size, fh.read)
    elif path.is_file():
        try:
            with zipfile.ZipFile(path) as zf:
                for info in zf.infolist():
                    if not info.is_dir():
                        with zf.open(info) as fh:
                            take(info.filename, info.file_size, fh.read)
        except (zipfile.BadZipFile, zlib.error, EOFError) as exc:
            raise ValueError(f"{path}: not a readable zip of taskNNN.py files ({exc})") from None
    else:
        raise FileNotFoundError(f"{path}: no such submission (a directory or a .zip)")
    return Submission(programs=programs, unknown_files=unknown, origin=str(path))


@dataclass
class TaskScore:
    task_id: str
    status: str  # correct | wrong | missing
    points: float
    bytes: int | None
    verdict: Verdict | None


@dataclass
class ScoreReport:
    rows: list[TaskScore]
    unknown_files: list[str]  # not taskNNN.py, or a task the task set does not have
    tasks_origin: str

    @property
    def total_points(self) -> float:
        return sum(r.points for r in self.rows)

    @property
    def correct(self) -> int:
        return sum(r.status == "correct" for r in self.rows)

    @property
    def total_bytes(self) -> int:
        return sum(r.bytes or 0 for r in self.rows if r.status == "correct")

    def to_json(self) -> dict:
        return {
            "total_points": round(self.total_points, 3),
            "correct": self.correct,
            "tasks": len(self.rows),
            "total_bytes_correct": self.total_bytes,
            "tasks_origin": self.tasks_origin,
            "unknown_files": self.unknown_files,
            "rows": [
                {
                    "task": r.task_id,
                    "status": r.status,
                    "points": r.points,
                    "bytes": r.bytes,
                    "verdict": asdict(r.verdict) if r.verdict else None,
                }
                for r in self.rows
            ],
        }

    def format_table(self, only_problems: bool = False) -> str:
        lines = [f"{'task':<8} {'status':<8} {'bytes':>6} {'points':>9}  detail"]
        for r in self.rows:
            if only_problems and r.status == "correct":
                continue
            detail = ""
            if r.verdict is not None and not r.verdict.correct:
                v = r.verdict
                detail = f"{v.passed}/{v.total} passed; example {v.first_failure}: {v.error}"
                if v.message:
                    detail += f" ({v.message[:60]})"
            nbytes = "" if r.bytes is None else str(r.bytes)
            lines.append(f"{r.task_id:<8} {r.status:<8} {nbytes:>6} {r.points:>9.3f}  {detail}")
        lines.append(
            f"total: {self.total_points:.3f} points; {self.correct}/{len(self.rows)} correct; "
            f"{self.total_bytes} bytes in correct programs"
        )
        for name in self.unknown_files:
            lines.append(f"not scored: {name}")
        return "\n".join(lines)


def score_submission(
    submission: Submission,
    taskset,
    pool,
    on_done: Callable[[], None] | None = None,
    rerun_timeouts: Limits | None = None,
) -> ScoreReport:
    """Judge every program against every example of its task (train, test, arc-gen). With
    `rerun_timeouts`, a program that timed out is judged again under those limits."""

    jobs, undecodable = [], {}
    for task in taskset:
        data = submission.programs.get(task.id)
        if data is None:
            continue
        try:
            source = decode_source(data)
        except (SyntaxError, UnicodeDecodeError, LookupError) as e:
            undecodable[task.id] = f"cannot decode source: {e}"
            continue
        jobs.append(task.verify_job(source, nbytes=len(data)))
    verdicts = dict(
        zip(
            [j.key for j in jobs],
            pool.verify(
                jobs,
                on_done=(lambda job, verdict: on_done()) if on_done else None,
                rerun_timeouts=rerun_timeouts,
            ),
            strict=True,
        )
    )
    rows = []
    for task in taskset:
        data = submission.programs.get(task.id)
        if data is None:
            rows.append(TaskScore(task.id, "missing", 0.0, None, None))
            continue
        verdict = verdicts.get(task.id) or Verdict(
            correct=False,
            passed=0,
            total=len(task.all_examples),
            first_failure=0,
            error="syntax",
            message=undecodable[task.id][:200],
            bytes=len(data),
            points=0.001,
        )
        status = "correct" if verdict.correct else "wrong"
        rows.append(TaskScore(task.id, status, verdict.points, len(data), verdict))
    known = {t.id for t in taskset}
    unknown = submission.unknown_files + [
        f"task{tid[4:]}.py (no such task in the task set)"
        for tid in sorted(submission.programs)
        if tid not in known
    ]
    return ScoreReport(rows=rows, unknown_files=unknown, tasks_origin=taskset.source)


def score(
    submission: Submission,
    taskset,
    judging: Judging,
    address: str | None = None,
    progress: bool = True,
) -> ScoreReport:
    """`golf-ray score`: start (or join) Ray and judge the submission, with a progress bar."""
    from tqdm import tqdm

    from golf_ray.runtime import init_ray

    init_ray(address=address, num_cpus=max(2, judging.workers))
    pool = judging.pool()
    todo = sum(t.id in submission.programs for t in taskset)
    try:
        with tqdm(total=todo, unit="task", desc="scoring", disable=not progress) as bar:
            return score_submission(
                submission,
                taskset,
                pool,
                on_done=lambda: bar.update(),
                rerun_timeouts=judging.rerun_limits,
            )
    finally:
        pool.close()
