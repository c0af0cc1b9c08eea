"""The cell-wise search: expressions in a cell, its row and its column, evaluated on arrays. What
the arrays say an expression gives must be what Python gives, or the search keeps expressions
for values they do not have and misses the ones it needs."""

from __future__ import annotations

import random
import time

import pytest

from golf_ray.golf import cells, search


def grids(seed: int, n: int = 3):
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        h, w = rng.randint(2, 6), rng.randint(2, 6)
        g = [[rng.choice([0, 0, 0, 1, 2, 5, 9]) for _ in range(w)] for _ in range(h)]
        out.append((g, [r[:] for r in g]))
    return out


def python_values(pairs, code: str) -> list:
    """`code` run as Python at every cell, in the order the search lays cells out."""
    values = []
    for g, _ in pairs:
        for i, r in enumerate(g):
            for j, (c, k) in enumerate(zip(r, zip(*g, strict=True), strict=True)):
                try:
                    # names as globals: a generator in `code` sees those, not eval's locals
                    values.append(eval(code, dict(g=g, r=r, k=k, c=c, i=i, j=j)))  # noqa: S307
                except ZeroDivisionError:
                    values.append(None)
    return values


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_every_banked_expression_has_the_values_python_gives(seed):
    pairs = grids(seed)
    found = cells._Search(pairs)
    deadline = time.monotonic() + 60
    for length in range(2, 6):
        found.grow(length, deadline)
        found.keep()
    atoms, out, _, _ = cells._atoms(pairs)
    sampled = cells._sample(out, atoms["c"][1] != out)
    checked = 0
    for group in found.groups.values():
        for code, values in zip(group.codes, group.rows, strict=True):
            expected = python_values(pairs, code)
            assert [expected[s] for s in sampled] == values.tolist(), code
            checked += 1
    assert checked > 300  # operators of every kind, not just atoms


def test_a_cell_unless_a_predicate_holds_is_found():
    """Rows and columns without a colour filled with 2: `[c,2][max(k)<1 or max(r)<1]`."""
    rng = random.Random(5)
    pairs = []
    for _ in range(4):
        h, w = rng.randint(4, 7), rng.randint(4, 7)
        g = [[rng.choice([0, 0, 0, 0, 1]) for _ in range(w)] for _ in range(h)]
        cols = [max(k) for k in zip(*g, strict=True)]
        out = [[c or 2 * (max(r) < 1 or m < 1) for c, m in zip(r, cols, strict=True)] for r in g]
        pairs.append((g, out))
    found = list(cells.programs(pairs, seconds=30))
    assert found and all(how == "cells" for how, _ in found)
    sources = ["p=lambda g:" + expr for _, expr in found]
    assert any(search.reproduces(s, pairs) for s in sources), sources
    assert len(min(sources, key=len)) < 90


def test_outputs_of_another_size_are_not_searched():
    pairs = [([[1, 2], [3, 4]], [[1]])]
    assert list(cells.programs(pairs)) == []


def test_a_found_expression_reads_only_what_its_template_binds():
    """An expression of the column (`k`) and the indices (`i`, `j`) has no template; none is
    offered, and every offered program runs."""
    rng = random.Random(9)
    pairs = []
    for _ in range(3):
        g = [[rng.choice([0, 3]) for _ in range(5)] for _ in range(5)]
        pairs.append((g, [[(i + j) % 2 * 3 for j in range(5)] for i in range(5)]))
    found = list(cells.programs(pairs, seconds=30))
    assert found
    for _, expr in found:
        assert search.reproduces("p=lambda g:" + expr, pairs), expr


@pytest.mark.parametrize("task_id", ["task052", "task261", "task303", "task322"])
def test_real_tasks_with_a_rule_for_every_cell_are_found(golf_tasks, task_id):
    """A colour where a cell is a third of its row's sum; below a coloured cell; empty rows and
    columns filled; lines drawn down from each coloured cell. What is found holds on every example, arc-gen's too when they are here."""
    task = golf_tasks.by_id(task_id)
    seen = [(e.input, e.output) for e in (*task.train, *task.test)]
    found = ["p=lambda g:" + expr for _, expr in cells.programs(seen, seconds=30)]
    every = seen + [(e.input, e.output) for e in task.arc_gen]
    assert any(search.reproduces(source, every) for source in found), found


RULES = {
    "below a colour": lambda g, i, j: [g[i][j], 4][i > 0 and g[i - 1][j] == 2],
    "in a coloured row and column": lambda g, i, j: [g[i][j], 3][
        g[i][j] < 1 and max(g[i]) > 0 and max(r[j] for r in g) > 0
    ],
    "a row's own colour": lambda g, i, j: max(g[i]) if g[i][j] else 0,
    "a line to the right": lambda g, i, j: g[i][j] or 7 * (max(g[i][: j + 1]) > 0),
}


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("seed", [0, 1])
def test_every_candidate_of_a_small_task_reproduces_it(rule, seed):
    """On grids this small every cell is sampled, so an expression the arrays say gives every
    output cell must give it in Python too: precedence, brackets, `and`/`or` on integers."""
    rng = random.Random(seed)
    pairs = []
    for _ in range(3):
        h, w = rng.randint(3, 6), rng.randint(3, 6)
        g = [[rng.choice([0, 0, 0, 1, 2, 5]) for _ in range(w)] for _ in range(h)]
        pairs.append((g, [[RULES[rule](g, i, j) for j in range(w)] for i in range(h)]))
    assert sum(len(g) * len(g[0]) for g, _ in pairs) <= cells.CELLS
    found = [expr for _, expr in cells.programs(pairs, seconds=10)]
    assert found
    for expr in found:
        assert search.reproduces("p=lambda g:" + expr, pairs), expr


def test_every_atom_runs_in_the_template_of_what_it_reads():
    """`min(k)` reads the column, not an index, though it holds an `i`: its template binds `k`."""
    pairs = grids(4)
    atoms, _, _, _ = cells._atoms(pairs)
    for name, (reads, _) in atoms.items():
        source = "p=lambda g:" + cells._TEMPLATES[reads].format(name + " ")
        scope: dict = {}
        exec(source, scope)  # noqa: S102
        for g, _ in pairs:
            scope["p"](g)  # raises NameError when the template leaves a name unbound
        assert reads == 0 or name not in ("min(r)", "max(r)", "sum(r)")
