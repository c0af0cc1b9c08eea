"""Plain-text summaries of task sets and tasks (for ``golf-ray tasks stats`` / ``tasks show``)."""

from __future__ import annotations

import statistics
from collections.abc import Sequence

from golf_ray.tasks.grids import Example, Grid, Task, TaskSet

_BUCKETS = ("easy", "medium", "hard", "very hard")
_SPLITS = (("train", "train"), ("test", "test"), ("arc-gen", "arc_gen"))  # (label, attribute)


def _table(header: Sequence[str], rows: Sequence[Sequence[object]], indent: str = "  ") -> str:
    """Columns aligned: the first left-justified (labels), the rest right-justified (numbers)."""
    cells = [[str(c) for c in row] for row in [header, *rows]]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
    lines = []
    for row in cells:
        parts = [row[0].ljust(widths[0])] + [
            c.rjust(w) for c, w in zip(row[1:], widths[1:], strict=True)
        ]
        lines.append(indent + "  ".join(parts).rstrip())
    return "\n".join(lines)


def _spread(values: Sequence[float]) -> list[object]:
    """[total, min, median, max] (dashes for no values)."""
    if not values:
        return [0, "-", "-", "-"]
    median = statistics.median(values)
    return [sum(values), min(values), f"{median:g}", max(values)]


def _grid_row(label: str, grids: list[Grid]) -> list[object]:
    if not grids:
        return [label, 0, "-", "-", "-", "-"]
    cells = [len(g) * len(g[0]) for g in grids]
    height, width = max(len(g) for g in grids), max(len(g[0]) for g in grids)
    return [
        label,
        len(grids),
        min(cells),
        f"{statistics.median(cells):g}",
        max(cells),
        f"{height}x{width}",
    ]


def format_stats(taskset: TaskSet) -> str:
    """Counts, example and grid-size spreads, colours, shape changes, difficulty quartiles."""
    tasks = list(taskset)
    out = [f"Tasks: {len(tasks)}" + (f"  (source: {taskset.source})" if taskset.source else "")]

    def grids(attr: str) -> list[Grid]:
        return [g for t in tasks for e in getattr(t, attr) for g in (e.input, e.output)]

    examples = [
        [label, *_spread([len(getattr(t, attr)) for t in tasks])] for label, attr in _SPLITS
    ]
    sizes = [_grid_row(label, grids(attr)) for label, attr in _SPLITS]
    out += ["", "Examples per task:", _table(["split", "total", "min", "median", "max"], examples)]
    out += ["", "Grids (cells; max height x max width):"]
    out += [_table(["split", "grids", "min", "median", "max", "max HxW"], sizes)]

    if tasks:
        colours = [t.metrics.n_colours for t in tasks]
        changes = sum(t.metrics.shape_changes for t in tasks)
        out += [
            "",
            f"Colours per task (train+test): min {min(colours)}, "
            f"median {statistics.median(colours):g}, max {max(colours)}",
            f"Shape changes: {changes} of {len(tasks)} tasks have an output shape != input",
        ]
        ranked = sorted(tasks, key=lambda t: (t.difficulty, t.number))
        buckets: dict[str, list[Task]] = {name: [] for name in _BUCKETS}
        for rank, task in enumerate(ranked):  # quartiles by rank: counts differ by at most 1
            buckets[_BUCKETS[rank * len(_BUCKETS) // len(ranked)]].append(task)
        rows = [
            [name, len(b), f"{b[0].difficulty:.2f}", f"{b[-1].difficulty:.2f}"]
            for name, b in buckets.items()
            if b
        ]
        out += ["", "Difficulty quartiles:", _table(["bucket", "tasks", "from", "to"], rows)]

    out += ["", f"Skipped files: {len(taskset.skipped)}"]
    out += [f"  {file}: {reason}" for file, reason in taskset.skipped]
    return "\n".join(out)


def _side_by_side(example: Example) -> list[str]:
    left = ["".join(map(str, row)) for row in example.input]
    right = ["".join(map(str, row)) for row in example.output]
    head_in = f"input {len(left)}x{len(left[0])}"
    width = max(len(head_in), len(left[0]))
    lines = [f"{head_in.ljust(width)}   output {len(right)}x{len(right[0])}"]
    for i in range(max(len(left), len(right))):
        row = (left[i] if i < len(left) else "").ljust(width)
        lines.append((row + "   " + right[i] if i < len(right) else row).rstrip())
    return ["  " + line for line in lines]


def format_task(task: Task, max_examples: int | None = None) -> str:
    """Header with metrics, then each example's input and output grids side by side, one digit
    per cell; ``max_examples`` caps how many are shown per split."""
    m = task.metrics
    arc = f" (ARC {task.arc_id})" if task.arc_id else ""
    out = [
        f"{task.id}{arc}: {m.n_train} train, {m.n_test} test, {m.n_arc_gen} arc-gen; "
        f"difficulty {task.difficulty:.2f}",
        f"colours {m.n_colours}, max grid {m.max_height}x{m.max_width}, "
        f"shape changes: {'yes' if m.shape_changes else 'no'}",
    ]
    for split, examples in (("train", task.train), ("test", task.test), ("arc-gen", task.arc_gen)):
        shown = examples if max_examples is None else examples[:max_examples]
        for i, example in enumerate(shown):
            out += ["", f"{split}[{i}]", *_side_by_side(example)]
        if len(shown) < len(examples):
            out += ["", f"... {len(examples) - len(shown)} more {split} examples"]
    return "\n".join(out)
