"""Seed programs: where a task's first correct program comes from.

- RE-ARC's solvers (bundled in `reasoning-gym`, MIT): `verify_<arc id>(I)` over the DSL in
  `rearc_utils/dsl.py`, made standalone at run time from the installed package: the solver
  becomes `p(g)`, and the DSL functions and constants it uses, transitively, come with it.
  Where RE-ARC's solver is wrong on its task's own examples, ours (`fixes.py`) replaces it.
- A user's own submission (a directory of `taskNNN.py` or a zip).
- The correct programs of any run's solution database.

A seed is only a candidate: the pipeline judges it in the sandbox before it counts.
"""

from __future__ import annotations

import ast
import functools
import importlib.util
from dataclasses import dataclass
from pathlib import Path

from golf_ray.golf.fixes import FIXES
from golf_ray.score import load_submission
from golf_ray.solutions import read_best
from golf_ray.verify import decode_source

REARC_PACKAGE = "reasoning_gym.arc.rearc_utils"


@dataclass(frozen=True)
class Seed:
    task_id: str
    source: str
    origin: str  # "rearc", "rearc-shorter", "submission:PATH", "db:PATH"


SHORTER_ORIGIN = "rearc-shorter"
OUR_ORIGINS = ("rearc", SHORTER_ORIGIN)  # seeds made here from the installed package


@functools.cache
def _rearc_dir() -> Path:
    spec = importlib.util.find_spec(REARC_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise FileNotFoundError(f"{REARC_PACKAGE}: not installed (pip install reasoning-gym)")
    return Path(next(iter(spec.submodule_search_locations)))


@functools.cache
def _dsl() -> tuple[dict[str, ast.stmt], list[str]]:
    """The DSL's top-level definitions by name, and their order in the file."""
    tree = ast.parse((_rearc_dir() / "dsl.py").read_text())
    defs: dict[str, ast.stmt] = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            defs[node.name] = node
        elif isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name):
                defs[target.id] = node
    return defs, list(defs)


@functools.cache
def _solvers() -> dict[str, ast.FunctionDef]:
    """arc id -> its `verify_<arc id>` function: RE-ARC's, or ours where RE-ARC's is wrong."""
    return _verifiers((_rearc_dir() / "verifiers.py").read_text()) | _verifiers(FIXES)


def _verifiers(source: str) -> dict[str, ast.FunctionDef]:
    return {
        node.name.removeprefix("verify_"): node
        for node in ast.parse(source).body
        if isinstance(node, ast.FunctionDef) and node.name.startswith("verify_")
    }


def rearc_ids() -> list[str]:
    """The 400 ARC-AGI-1 training ids RE-ARC solves, sorted: id N-1 is Code Golf task N."""
    return sorted(_solvers())


def _loaded_names(node: ast.AST) -> set[str]:
    """Names a definition reads at run time (annotations do not run once they are dropped)."""
    node = strip_annotations(node)
    loads, local = set(), set()
    for n in ast.walk(node):
        if isinstance(n, ast.Name):
            (loads if isinstance(n.ctx, ast.Load) else local).add(n.id)
        elif isinstance(n, ast.arg):
            local.add(n.arg)
    return loads - local


def strip_annotations(node: ast.AST) -> ast.AST:
    """A copy without argument/return annotations and docstrings (nothing there runs)."""
    node = _copy(node)
    for fn in ast.walk(node):
        if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            args = fn.args
            for a in args.posonlyargs + args.args + args.kwonlyargs:
                a.annotation = None
            for a in (args.vararg, args.kwarg):
                if a is not None:
                    a.annotation = None
        if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
            fn.returns = None
            body = fn.body
            if (
                len(body) > 1
                and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)
            ):
                fn.body = body[1:]
    return node


def _copy(node: ast.AST) -> ast.AST:
    return ast.parse(ast.unparse(node)).body[0] if isinstance(node, ast.stmt) else node


# Shorter equivalents of DSL functions, written as a golfer would, each returning a value equal
# to RE-ARC's for every argument (tests/golf/test_golf.py checks it on random grids). Sets built
# in another order may iterate in another order, which a solver can depend on (`first` of a
# many-coloured object): so a seed that uses them is a second seed, judged first, and RE-ARC's
# own is judged only where it is wrong. They keep the DSL's branches where a solver takes one
# (`connect`'s directions): coverage-guided pruning then cuts ours as it would cut theirs.
SHORTER = """
def objects(grid, univalued, diagonal, without_bg):
    bg = mostcolor(grid) if without_bg else None
    # the cells an object may take; a cell leaves once taken
    cells = {(i, j): v for i, r in enumerate(grid) for j, v in enumerate(r) if v != bg}
    objs = set()
    for loc in [*cells]:
        if loc in cells:
            val, obj, todo = cells[loc], set(), [loc]
            for c in todo:
                if c in cells and (val == cells[c] if univalued else 1):
                    obj.add((cells.pop(c), c))
                    a, b = c
                    todo += (
                        [(a + x, b + y) for x in (-1, 0, 1) for y in (-1, 0, 1)]
                        if diagonal
                        else [(a - 1, b), (a + 1, b), (a, b - 1), (a, b + 1)]
                    )
            objs.add(frozenset(obj))
    return frozenset(objs)


def connect(a, b):
    (i, j), (k, l) = a, b
    if i == k:
        return frozenset((i, y) for y in range(min(j, l), max(j, l) + 1))
    if j == l:
        return frozenset((x, j) for x in range(min(i, k), max(i, k) + 1))
    di, dj = k - i, l - j
    if di * di - dj * dj:
        return frozenset()
    return frozenset((i + di * t // abs(di), j + dj * t // abs(di)) for t in range(abs(di) + 1))


def box(patch):
    if len(patch) == 0:
        return patch
    (si, sj), (ei, ej) = ulcorner(patch), lrcorner(patch)
    return frozenset((i, j) for i in range(si, ei + 1) for j in ((sj, ej) if si < i < ei else range(sj, ej + 1)))


def inbox(patch):
    si, ei = sorted((uppermost(patch) + 1, lowermost(patch) - 1))
    sj, ej = sorted((leftmost(patch) + 1, rightmost(patch) - 1))
    return frozenset((i, j) for i in range(si, ei + 1) for j in ((sj, ej) if si < i < ei else range(sj, ej + 1)))


def outbox(patch):
    si, sj, ei, ej = uppermost(patch) - 1, leftmost(patch) - 1, lowermost(patch) + 1, rightmost(patch) + 1
    return frozenset((i, j) for i in range(si, ei + 1) for j in ((sj, ej) if si < i < ei else range(sj, ej + 1)))


def fill(grid, value, patch):
    g = [*map(list, grid)]
    for i, j in toindices(patch):
        if len(grid) > i > -1 < j < len(grid[0]):
            g[i][j] = value
    return tuple(map(tuple, g))


def underfill(grid, value, patch):
    bg = mostcolor(grid)
    g = [*map(list, grid)]
    for i, j in toindices(patch):
        if len(grid) > i > -1 < j < len(grid[0]) and g[i][j] == bg:
            g[i][j] = value
    return tuple(map(tuple, g))


def paint(grid, obj):
    g = [*map(list, grid)]
    for v, (i, j) in obj:
        if len(grid) > i > -1 < j < len(grid[0]):
            g[i][j] = v
    return tuple(map(tuple, g))


def toobject(patch, grid):
    return frozenset((grid[i][j], (i, j)) for i, j in toindices(patch) if len(grid) > i > -1 < j < len(grid[0]))


def canvas(value, dimensions):
    return ((value,) * dimensions[1],) * dimensions[0]


def frontiers(grid):
    rows = {frozenset((v, (i, j)) for j, v in enumerate(r)) for i, r in enumerate(grid) if len({*r}) == 1}
    cols = {frozenset((v, (i, j)) for i, v in enumerate(c)) for j, c in enumerate(zip(*grid)) if len({*c}) == 1}
    return frozenset(rows | cols)


def occurrences(grid, obj):
    h, w, o = len(grid), len(grid[0]), normalize(obj)
    return frozenset(
        (i, j) for i in range(h) for j in range(w) if all(h > a + i > -1 < b + j < w and grid[a + i][b + j] == v for v, (a, b) in o)
    )


def upscale(element, factor):
    if isinstance(element, tuple):
        return tuple(r for r in (tuple(v for v in row for _ in range(factor)) for row in element) for _ in range(factor))
    if len(element) == 0:
        return frozenset()
    di, dj = ulcorner(element)
    return frozenset(
        (v, (di + (i - di) * factor + x, dj + (j - dj) * factor + y))
        for v, (i, j) in element
        for x in range(factor)
        for y in range(factor)
    )


def mostcolor(element):
    values = sum(element, ()) if isinstance(element, tuple) else [v for v, _ in element]
    return max({*values}, key=values.count)


def leastcolor(element):
    values = sum(element, ()) if isinstance(element, tuple) else [v for v, _ in element]
    return min({*values}, key=values.count)


def palette(element):
    return frozenset(sum(element, ()) if isinstance(element, tuple) else (v for v, _ in element))


def lbind(function, fixed):
    if function.__code__.co_argcount == 2:
        return lambda y: function(fixed, y)
    return lambda *y: function(fixed, *y)


def rbind(function, fixed):
    if function.__code__.co_argcount == 2:
        return lambda x: function(x, fixed)
    return lambda *x: function(*x, fixed)
"""


@functools.cache
def _shorter() -> dict[str, ast.stmt]:
    return {node.name: node for node in ast.parse(SHORTER).body}


def rearc_program(arc_id: str, shorter: bool = False) -> str:
    """RE-ARC's solver for `arc_id` as one standalone program defining `p(g)`; with `shorter`,
    the DSL functions in SHORTER are theirs."""
    solvers = _solvers()
    if arc_id not in solvers:
        raise KeyError(f"RE-ARC has no solver for {arc_id}")
    defs, order = _dsl()
    if shorter:
        defs = {**defs, **_shorter()}
    solver = strip_annotations(solvers[arc_id])
    needed: set[str] = set()
    todo = list(_loaded_names(solver))
    while todo:
        name = todo.pop()
        if name in defs and name not in needed:
            needed.add(name)
            todo.extend(_loaded_names(defs[name]))
    body = [ast.unparse(strip_annotations(defs[name])) for name in order if name in needed]
    # The checker passes lists; the DSL expects tuples of tuples (hashable, comparable).
    solver.name, solver.args.args[0].arg = "p", "I"
    solver.body.insert(0, ast.parse("I = tuple(map(tuple, I))").body[0])
    return "\n\n".join([*body, ast.unparse(solver)]) + "\n"


def rearc_seeds(tasks) -> tuple[list[Seed], dict[str, str]]:
    """One RE-ARC seed per task that has a solver, and a second where SHORTER changes it;
    `{task id: why not}` for the tasks without one."""
    ids = rearc_ids()
    seeds, missing = [], {}
    for task in tasks:
        arc_id = task.arc_id or (ids[task.number - 1] if 1 <= task.number <= len(ids) else None)
        if arc_id is None or arc_id not in _solvers():
            missing[task.id] = "no RE-ARC solver for this task"
            continue
        try:
            plain = rearc_program(arc_id)
            seeds.append(Seed(task.id, plain, "rearc"))
            if (short := rearc_program(arc_id, shorter=True)) != plain:
                seeds.append(Seed(task.id, short, SHORTER_ORIGIN))
        except (KeyError, ValueError, SyntaxError) as exc:
            missing[task.id] = str(exc)
    return seeds, missing


def submission_seeds(path: str | Path) -> tuple[list[Seed], dict[str, str]]:
    """Every `taskNNN.py` of a submission dir or zip; undecodable files come back as reasons."""
    submission = load_submission(path)
    seeds, bad = [], {}
    for task_id, data in sorted(submission.programs.items()):
        try:
            seeds.append(Seed(task_id, decode_source(data), f"submission:{path}"))
        except (SyntaxError, UnicodeDecodeError, LookupError) as exc:
            bad[task_id] = f"{path}: {task_id}.py: cannot decode ({exc})"
    return seeds, bad


def db_seeds(path: str | Path) -> list[Seed]:
    """The best correct program per task of a run's solution DB (a run dir or the file)."""
    best = read_best(path)
    return [Seed(t, s.source, f"db:{path}") for t, s in sorted(best.items()) if s.correct]
