"""The search stage: programs built from golf idioms and fitted to a task's examples. Each shape
is planted in random grids and must be found; what the search returns must reproduce every
train and test output, and the sandbox must judge it correct on examples it never saw."""

from __future__ import annotations

import ast
import dataclasses
import functools
import itertools
import random
import warnings
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from task_shapes import DRAWN, box, outline

from golf_ray.actors.sandbox import SandboxPool
from golf_ray.golf import compress, pipeline, search
from golf_ray.golf.task_idioms import IDIOMS
from golf_ray.tasks import Example, Task
from golf_ray.verify import Limits, program_bytes


def flip_h(g):
    return [r[::-1] for r in g]


def rot_cw(g):
    return [list(r) for r in zip(*g[::-1], strict=True)]


def mirror_2x2(g):
    top = [r + r[::-1] for r in g]
    return top + top[::-1]


def halves_and(g):  # left and right of a separator column: 4 where both are set
    w = len(g[0]) // 2
    return [[4 * (a > 0 and b > 0) for a, b in zip(r[:w], r[w + 1 :], strict=True)] for r in g]


def kron(g):
    n = len(g)
    return [[g[i // n][j // n] and g[i % n][j % n] for j in range(n * n)] for i in range(n * n)]


def recolour(g):
    return [[{1: 7, 7: 1}.get(c, c) for c in r] for r in g]


def scale3(g):
    return [[c for c in r for _ in range(3)] for r in g for _ in range(3)]


def tile_rot(g):  # the rotation beside the grid, then the pair upside down below
    top = [a + b for a, b in zip(g, rot_cw(g), strict=True)]
    return top + top[::-1]


def empty_lines(g):  # every cell of an empty row or column becomes 2
    cols = [max(k) for k in zip(*g, strict=True)]
    return [[c or 2 * (max(r) < 1 or m < 1) for c, m in zip(r, cols, strict=True)] for r in g]


def stripes(g):  # every other column blanked, the rest filled with 4 where empty
    return [[[4, c][c > 0] if j % 2 else 0 for j, c in enumerate(r)] for r in g]


def _outside(g, ground=0):  # the cells of `ground` a path through it joins to the border
    h, w = len(g), len(g[0])
    todo = [(i, j) for i in range(h) for j in range(w) if i in (0, h - 1) or j in (0, w - 1)]
    seen = set()
    while todo:
        i, j = todo.pop()
        if (i, j) not in seen and 0 <= i < h and 0 <= j < w and g[i][j] == ground:
            seen.add((i, j))
            todo += [(i - 1, j), (i + 1, j), (i, j - 1), (i, j + 1)]
    return seen


def enclosed(g):  # the background that walls enclose filled with 4
    out = _outside(g)
    return [[c or 4 * ((i, j) not in out) for j, c in enumerate(r)] for i, r in enumerate(g)]


def enclosed_outside(g):  # ... and the rest of it with 8
    out = _outside(g)
    return [[c or (8 if (i, j) in out else 4) for j, c in enumerate(r)] for i, r in enumerate(g)]


def enclosed_alone(g):  # ... and nothing else
    out = _outside(g)
    return [[4 * (c == 0 and (i, j) not in out) for j, c in enumerate(r)] for i, r in enumerate(g)]


def mend(g):  # holes (0) in a pattern repeating every 2 rows and 3 columns, mended
    h, w = len(g), len(g[0])
    whole = {(i % 2, j % 3): c for i, r in enumerate(g) for j, c in enumerate(r) if c}
    return [[whole[i % 2, j % 3] for j in range(w)] for i in range(h)]


def quarters(g):  # the four quarters (a line between them) overlaid, the bottom right on top
    h, w = len(g) // 2, len(g[0]) // 2
    parts = [
        [r[x : x + w] for r in g[y : y + h]]
        for y, x in ((h + 1, w + 1), (0, 0), (0, w + 1), (h + 1, 0))
    ]
    return [[next((p[i][j] for p in parts if p[i][j]), 0) for j in range(w)] for i in range(h)]


def thirds(g):  # three bands one above the other overlaid, the middle one on top
    h = len(g) // 3
    parts = [g[h : 2 * h], g[:h], g[2 * h :]]
    return [
        [next((p[i][j] for p in parts if p[i][j]), 0) for j in range(len(g[0]))] for i in range(h)
    ]


def kron_where(g):  # the grid laid out where it has colour 2
    n = len(g)
    return [
        [(g[i // n][j // n] == 2) * g[i % n][j % n] for j in range(n * n)] for i in range(n * n)
    ]


def trimmed_flip(g):  # the box around the cells that are set, flipped left to right
    rows = [i for i, r in enumerate(g) if any(r)]
    cols = [j for j, k in enumerate(zip(*g, strict=True)) if any(k)]
    return [g[i][cols[0] : cols[-1] + 1][::-1] for i in range(rows[0], rows[-1] + 1)]


def halo(g):  # the background next to or diagonal to a cell of colour 5 painted 1
    h, w = len(g), len(g[0])

    def near(i, j):
        return any(
            g[a][b] == 5
            for a in range(i - 1, i + 2)
            for b in range(j - 1, j + 2)
            if 0 <= a < h and 0 <= b < w
        )

    return [[c or 1 * near(i, j) for j, c in enumerate(r)] for i, r in enumerate(g)]


def lines(g):  # lines along the rows of the cells of 1 and 3, over lines down those of 2
    down = {j for r in g for j, c in enumerate(r) if c == 2}
    return [[max(set(r) - {2}) or 2 * (j in down) for j in range(len(r))] for r in g]


def between(g):  # the background between two cells of 8 in a row or a column painted 3
    def inside(line, at):
        return 8 in line[:at] and 8 in line[at + 1 :]

    columns = [list(k) for k in zip(*g, strict=True)]
    return [
        [c or 3 * (inside(r, j) or inside(columns[j], i)) for j, c in enumerate(r)]
        for i, r in enumerate(g)
    ]


def blocks(g):  # each 3x3 block that holds a cell of 5 filled with 1, the others cleared
    return [
        [1 * any(g[a][b] == 5 for a in range(i - i % 3, i - i % 3 + 3)
                 for b in range(j - j % 3, j - j % 3 + 3)) for j in range(len(g[0]))]
        for i in range(len(g))
    ]  # fmt: skip


def row_lookup(g):  # each row in the colour its cell of 5's place picks
    return [[(2, 4, 3)[r.index(5)]] * len(r) for r in g]


def rarest(g):  # every set cell in the rarest colour, and that colour's own cells cleared
    cells = [c for r in g for c in r if c]
    m = min(sorted(set(cells)), key=cells.count)
    return [[m if c and c != m else 0 for c in r] for r in g]


def diagonals(g):  # the grid less its two diagonals
    n = len(g)
    return [[0 if j in (i, n - 1 - i) else c for j, c in enumerate(r)] for i, r in enumerate(g)]


def periodic(g):  # the rows continued with their period to 9 rows, colour 1 as 2
    p = next(p for p in range(1, len(g) + 1) if g[p:] == g[:-p])
    return [[2 * c for c in g[i % p]] for i in range(9)]


def periodic_rows(g):  # each row continued with its own period to twice its width
    def period(r):
        return next(p for p in range(1, len(r) + 1) if r[p:] == r[:-p])

    return [[r[i % period(r)] for i in range(2 * len(r))] for r in g]


def downscaled(g):  # each 3x3 block as its commonest colour
    return [
        [Counter(c for r in g[i : i + 3] for c in r[j : j + 3]).most_common(1)[0][0]
         for j in range(0, len(g[0]), 3)]
        for i in range(0, len(g), 3)
    ]  # fmt: skip


def crossing(g):  # rows through a 2 in 2, columns through an 8 in 8, and 4 where they cross
    down = {j for r in g for j, c in enumerate(r) if c == 8}
    colour = {(0, 0): 0, (1, 0): 2, (0, 1): 8, (1, 1): 4}
    return [[colour[2 in r, j in down] for j in range(len(r))] for r in g]


def diagonal_mend(g):  # the holes of a pattern that repeats every third diagonal mended
    colours = {(i + j) % 3: c for i, r in enumerate(g) for j, c in enumerate(r) if c}
    return [[colours[(i + j) % 3] for j in range(len(r))] for i, r in enumerate(g)]


def lonely(g):  # cells without a set neighbour (diagonals too) cleared
    h, w = len(g), len(g[0])

    def alone(i, j):
        return not any(
            g[a][b]
            for a in range(max(i - 1, 0), min(i + 2, h))
            for b in range(max(j - 1, 0), min(j + 2, w))
            if (a, b) != (i, j)
        )

    return [[0 if alone(i, j) else c for j, c in enumerate(r)] for i, r in enumerate(g)]


def spiral(g):  # walked in from the top left, clockwise, turning where it would touch itself
    n = len(g)
    out = [[0] * n for _ in range(n)]
    i = j = 0
    di, dj, turned = 0, 1, False
    out[0][0] = 6
    while True:
        a, b = i + di, j + dj
        free = 0 <= a < n and 0 <= b < n and not out[a][b]
        if free and not (0 <= a + di < n and 0 <= b + dj < n and out[a + di][b + dj]):
            out[a][b] = 6
            i, j, turned = a, b, False
        elif turned:
            return out
        else:
            di, dj, turned = dj, -di, True


def _squares_around(g, i, j):  # the cells of each 2x2 square inside the grid that holds (i, j)
    h, w = len(g), len(g[0])
    for a in range(max(i - 1, 0), min(i, h - 2) + 1):
        for b in range(max(j - 1, 0), min(j, w - 2) + 1):
            yield [g[y][x] for y in (a, a + 1) for x in (b, b + 1)]


def squares(g):  # cells in a 2x2 square of their colour kept, the others cleared
    def in_square(i, j):
        return any(len(set(q)) == 1 for q in _squares_around(g, i, j))

    return [[c * in_square(i, j) for j, c in enumerate(r)] for i, r in enumerate(g)]


def ranked(g):  # bars up from the bottom, the tallest in 1, the next in 2, ...
    heights = [sum(map(bool, k)) for k in zip(*g, strict=True)]
    order = sorted({h for h in heights if h}, reverse=True)
    return [[order.index(heights[j]) + 1 if c else 0 for j, c in enumerate(r)] for r in g]


def unmasked(g):  # a pattern symmetric both ways, a patch of 5 over it uncovered
    return [[g[i][~j] if c == 5 else c for j, c in enumerate(r)] for i, r in enumerate(g)]


def unmasked_off(g):  # ... symmetric all eight ways about a middle one cell down and right
    n, k = len(g), len(g) + 1
    out = [r[:] for r in g]
    for i, j in itertools.product(range(n), repeat=2):
        if g[i][j] == 5:
            images = [(j, i), (i, k - j), (k - j, i), (k - i, j), (j, k - i), (k - i, k - j)]
            seen = [g[a][b] for a, b in [*images, (k - j, k - i)] if a < n > b and g[a][b] != 5]
            out[i][j] = seen[0] if seen else 0
    return out


def uncovered(g):  # ... the patch alone, uncovered
    return [[g[i][~j] for j, c in enumerate(r) if c == 5] for i, r in enumerate(g) if 5 in r]


def corners(g):  # blocks of 5: their corners 1, edges 4, insides 2
    h, w = len(g), len(g[0])

    def seen(i, j):
        return sum(
            g[a][b] == g[i][j]
            for a in range(max(i - 1, 0), min(i + 2, h))
            for b in range(max(j - 1, 0), min(j + 2, w))
        )

    return [
        [{4: 1, 6: 4, 9: 2}.get(seen(i, j), c) if c else 0 for j, c in enumerate(r)]
        for i, r in enumerate(g)
    ]


def rarest_lines(g):  # the lines between two cells of the rarest colour at opposite borders
    cells = [c for r in g for c in r if c]
    m = min(sorted(set(cells)), key=cells.count)
    columns = [list(k) for k in zip(*g, strict=True)]
    return [
        [m * (r[0] == r[-1] == m or columns[j][0] == columns[j][-1] == m) for j in range(len(r))]
        for r in g
    ]


def by_count(g):  # the colours down a column, commonest first
    counts = Counter(c for r in g for c in r if c)
    return [[c] for c, _ in sorted(counts.items(), key=lambda kv: -kv[1])]


def by_count_rest(g):  # the colours down a column, commonest first, the commonest left out
    return by_count(g)[1:]


def uniform_lines(g):  # the colours of the one-colour rows (else columns), each once
    for lines, column in ((g, True), (list(zip(*g, strict=True)), False)):
        seen = []
        for line in lines:
            if all(c == line[0] for c in line) and line[0] not in seen:
                seen.append(line[0])
        if seen:
            return [[c] for c in seen] if column else [seen]
    return [[]]


def histogram(g):  # a bar of each colour as tall as its count, the commonest first
    counts = Counter(c for r in g for c in r)
    order = sorted(counts, key=lambda c: -counts[c])
    return [[c if counts[c] > i else 0 for c in order] for i in range(counts[order[0]])]


def bands(g):  # bands of colour down the grid, noise mended
    return [[Counter(k).most_common(1)[0][0] for k in zip(*g, strict=True)] for _ in g]


def trim_swapped(g):  # the two colours swapped and the box around them cut out
    a, b = {c for r in g for c in r} - {0}
    rows = [[{a: b, b: a}.get(c, c) for c in r] for r in g if any(r)]
    cols = [j for j, k in enumerate(zip(*rows, strict=True)) if any(k)]
    return [r[cols[0] : cols[-1] + 1] for r in rows]


def square_mend(g):  # the corner a 2x2 square of 8 misses painted 1
    def misses(i, j):
        return any(q.count(8) == 3 for q in _squares_around(g, i, j))

    return [[c or 1 * misses(i, j) for j, c in enumerate(r)] for i, r in enumerate(g)]


def between_rows(g):  # the background between two cells of 4 in a row (not a column) painted 6
    return [
        [c or 6 * (4 in r[:j] and 4 in r[j + 1 :]) for j, c in enumerate(r)] for r in g
    ]  # fmt: skip


def between_alike(g):  # the background between two cells of one colour in a row, in it
    def inside(r, j):
        return max(({*r[:j]} & {*r[j + 1 :]}) - {0}, default=0)

    return [[c or inside(r, j) for j, c in enumerate(r)] for r in g]


def between_alike_both(g):  # ... in a column, else in a row
    def inside(r, j):
        return max(({*r[:j]} & {*r[j + 1 :]}) - {0}, default=0)

    columns = [list(k) for k in zip(*g, strict=True)]
    return [
        [c or inside(columns[j], i) or inside(r, j) for j, c in enumerate(r)]
        for i, r in enumerate(g)
    ]


def band_repeated(g):  # the rows that are set, repeated up and down in step with them
    band = [r for r in g if any(r)]
    top = next(i for i, r in enumerate(g) if any(r))
    return [band[(i - top) % len(band)] for i in range(len(g))]


def periodic_prefix(g):  # each row up to its last set cell, continued with its period
    def period(x):
        return next(p for p in range(1, len(x) + 1) if x[p:] == x[:-p])

    out = []
    for r in g:
        x = r[: max([0] + [j for j, c in enumerate(r) if c]) + 1]
        out.append([x[i % period(x)] for i in range(len(r))])
    return out


def trail(g):  # from each row's cell rightwards: every other cell its colour, the rest 5
    out = []
    for r in g:
        x = max(r)
        s = r.index(x)
        out.append([(x if (j - s) % 2 == 0 else 5) if x and j >= s else 0 for j in range(len(r))])
    return out


def header_rows(g):  # below two rows, the first row's colours in turn, each a whole row
    w = len(g[0])
    return g[:2] + [[g[0][i % w]] * w for i in range(len(g) - 2)]


def folded(g):  # the left half, where it is blank the right half's mirror image
    w = len(g[0]) // 2
    return [[a or b for a, b in zip(r[:w], r[::-1][:w], strict=True)] for r in g]


def cross(g):  # the diagonals through the one set cell, in its colour
    ((a, b, m),) = [(i, j, c) for i, r in enumerate(g) for j, c in enumerate(r) if c]
    return [[m * (abs(i - a) == abs(j - b)) for j in range(len(r))] for i, r in enumerate(g)]


def rings_rotated(g):  # square rings whose colours repeat inward: each one ring further out
    n = len(g)
    ring = [[min(i, j, n - 1 - i, n - 1 - j) for j in range(n)] for i in range(n)]
    period = len({c for r in g for c in r})
    return [[g[(d - 1) % period][(d - 1) % period] for d in r] for r in ring]


def collected_snake(g):  # the set cells, column by column, in a 3x3 snake
    cells = [g[i][j] for j in range(len(g[0])) for i in range(len(g)) if g[i][j]] + [0] * 9
    return [cells[0:3], cells[3:6][::-1], cells[6:9]]


def counted(g):  # a 1 on every other cell of a 3x3, one for each 2x2 block of 2s
    blocks = sum(r.count(2) for r in g) // 4
    cells = [int(k % 2 == 0 and k // 2 < blocks) for k in range(9)]
    return [cells[0:3], cells[3:6], cells[6:9]]


def block_filled(g):  # 3x3 blocks between lines of 5, each filled with its middle's colour + 5
    out = [r[:] for r in g]
    for top, left in itertools.product(range(0, len(g), 4), range(0, len(g[0]), 4)):
        for i, j in itertools.product(range(top, top + 3), range(left, left + 3)):
            out[i][j] = g[top + 1][left + 1] + 5
    return out


def panels(g):  # panels between whole lines of 8: 2 above, 4 6 3 across the middle, 1 below
    rows = [i for i, r in enumerate(g) if all(c == 8 for c in r)]
    columns = [j for j, k in enumerate(zip(*g, strict=True)) if all(c == 8 for c in k)]
    table = [[0, 2, 0], [4, 6, 3], [0, 1, 0]]
    return [
        [c or table[sum(a < i for a in rows)][sum(b < j for b in columns)] for j, c in enumerate(r)]
        for i, r in enumerate(g)
    ]


def stamps(g):  # 2 above, 7 left of, 6 right of and 8 below each 3, where the grid has room
    out = [r[:] for r in g]
    for i, r in enumerate(g):
        for j, c in enumerate(r):
            if c == 3:
                for a, b, y in ((-1, 0, 2), (0, -1, 7), (0, 1, 6), (1, 0, 8)):
                    if 0 <= i + a < len(g) and 0 <= j + b < len(r):
                        out[i + a][j + b] = y
    return out


def corners_thrown(g):  # the 2x2 block's colours, each to the 2x2 block at its opposite corner
    top = next(i for i, r in enumerate(g) if any(r))
    left = next(j for j, k in enumerate(zip(*g, strict=True)) if any(k))
    out = [r[:] for r in g]
    for a, b in itertools.product((-2, 2), repeat=2):  # where a corner's block starts
        colour = g[top + (a < 0)][left + (b < 0)]
        for i, j in itertools.product(range(2), repeat=2):
            if 0 <= top + a + i < len(g) and 0 <= left + b + j < len(g[0]):
                out[top + a + i][left + b + j] = colour
    return out


def plus_stars(g):  # two cells around each plus: its arms' colour in line, else its middle's
    out = [r[:] for r in g]
    for x, y in itertools.product(range(1, len(g) - 1), range(1, len(g[0]) - 1)):
        if g[x][y] and g[x - 1][y] and g[x + 1][y] and g[x][y - 1] and g[x][y + 1]:
            for d, e in itertools.product(range(-2, 3), repeat=2):
                if not g[x + d][y + e] and (d * e == 0 or abs(d) == abs(e)):
                    out[x + d][y + e] = g[x - 1][y] if d * e == 0 else g[x][y]
    return out


def ends_met(g):  # rows set at both ends: each end's colour to the middle, a 5 between them
    half = len(g[0]) // 2
    return [[r[0]] * half + [5] + [r[-1]] * half if r[0] else r[:] for r in g]


def sampled(g):  # panels between lines of 5, each one cell, turned clockwise
    rows = [0] + [i + 1 for i, r in enumerate(g) if all(c == 5 for c in r)]
    columns = [0] + [j + 1 for j, k in enumerate(zip(*g, strict=True)) if all(c == 5 for c in k)]
    panels = [[g[i][j] for j in columns] for i in rows]
    return [list(r) for r in zip(*panels[::-1], strict=True)]


def transposed(g):
    return [list(k) for k in zip(*g, strict=True)]


def lines_repeated(g):  # two cells as lines across the short side, in turn, at their distance
    if len(g) < len(g[0]):
        return transposed(lines_repeated(transposed(g)))
    (first, a), (second, b) = [(i, max(r)) for i, r in enumerate(g) if any(r)]
    d = second - first
    return [
        [[a, b][(i - first) // d % 2]] * len(r)
        if i >= first and (i - first) % d == 0
        else [0] * len(r)
        for i, r in enumerate(g)
    ]


def densest_trimmed(g):  # the colour with the smallest box around its cells, in that box alone
    def box(c):
        cells = [(i, j) for i, r in enumerate(g) for j, x in enumerate(r) if x == c]
        rows, columns = [i for i, _ in cells], [j for _, j in cells]
        return min(rows), max(rows) + 1, min(columns), max(columns) + 1

    colour = min(
        {c for r in g for c in r} - {0},
        key=lambda c: (lambda a, b, x, y: (b - a) * (y - x))(*box(c)),
    )
    top, bottom, left, right = box(colour)
    return [[c * (c == colour) for c in r[left:right]] for r in g[top:bottom]]


def fallen_to_band(g):  # cells fall against a band of whole rows of 5 (else columns), in 5
    band = [i for i, r in enumerate(g) if all(c == 5 for c in r)]
    if not band:
        return transposed(fallen_to_band(transposed(g)))
    out = [[5 if i in band else 0 for _ in r] for i, r in enumerate(g)]
    for j in range(len(g[0])):
        above = sum(g[i][j] > 0 for i in range(band[0]))
        below = sum(g[i][j] > 0 for i in range(band[-1] + 1, len(g)))
        for i in range(band[0] - above, band[0]):
            out[i][j] = 5
        for i in range(band[-1] + 1, band[-1] + 1 + below):
            out[i][j] = 5
    return out


def rows_by_count(g):  # the rows, the emptiest on top, each with its set cells at the right
    rows = sorted(g, key=lambda r: sum(c > 0 for c in r))
    return [[0] * r.count(0) + [c for c in r if c] for r in rows]


def trimmed_kron(g):  # blocks of 3x3 in a 3x3 layout: the layout, where a block is, by itself
    cells = [(i, j) for i, r in enumerate(g) for j, c in enumerate(r) if c]
    top, left = min(i for i, _ in cells), min(j for _, j in cells)
    layout = [[g[top + 3 * a][left + 3 * b] for b in range(3)] for a in range(3)]
    return [[layout[i // 3][j // 3] and layout[i % 3][j % 3] for j in range(9)] for i in range(9)]


def fullest_panels(g):  # 3x3 panels between lines of 5: the fullest filled, the rest cleared
    spans = [range(0, 3), range(4, 7), range(8, 11)]
    count = {(a, b): sum(g[i][j] > 0 for i in a for j in b) for a in spans for b in spans}
    (x,) = {c for r in g for c in r} - {0, 5}
    out = [[5 if c == 5 else 0 for c in r] for r in g]
    for (a, b), n in count.items():
        if n == max(count.values()):
            for i, j in itertools.product(a, b):
                out[i][j] = x
    return out


def under_marker(g):  # the 3x3 under the one cell of 5
    ((i, j),) = [(i, j) for i, r in enumerate(g) for j, c in enumerate(r) if c == 5]
    return [[g[i + a][j + b] for b in (-1, 0, 1)] for a in (1, 2, 3)]


def under_holes(g):  # a 4 in the last row under the hole of each arch (three cells over two)
    out = [r[:] for r in g]
    for i, j in itertools.product(range(len(g) - 1), range(len(g[0]) - 2)):
        x = g[i][j]
        if x and g[i][j + 1 : j + 3] == [x, x] and g[i + 1][j : j + 3] == [x, 0, x]:
            out[-1][j + 1] = 4
    return out


def odd_panel(g):  # of 3x3 panels down (or across) the grid, the one of a shape unlike the rest
    if len(g) < len(g[0]):
        return transposed(odd_panel(transposed(g)))
    panels = [g[i : i + 3] for i in range(0, len(g), 3)]
    shapes = [str([[c > 0 for c in r] for r in q]) for q in panels]
    (odd,) = [q for q, s in zip(panels, shapes, strict=True) if shapes.count(s) == 1]
    return odd


def commonest_trimmed(g):  # the commonest colour's cells alone, in the box around them
    cells = [c for r in g for c in r if c]
    colour = max(set(cells), key=cells.count)
    rows = [i for i, r in enumerate(g) if colour in r]
    columns = [j for j, k in enumerate(zip(*g, strict=True)) if colour in k]
    return [[g[i][j] * (g[i][j] == colour) for j in columns] for i in rows]


def cross_shifted(g):  # a cross of whole lines, n cells left and down for n cells of 5
    n = sum(c == 5 for r in g for c in r)
    (row,) = [i for i, r in enumerate(g) if 0 not in r]
    (column,) = [j for j, k in enumerate(zip(*g, strict=True)) if 0 not in k and 5 not in k]
    x = g[row][column]
    return [[x * (i == row + n or j == column - n) for j in range(len(r))] for i, r in enumerate(g)]


def ring_lines(g):  # each hollow 5x5 square of 1 on 8: its middle row and column, 6 over the 8s
    rows, columns = set(), set()
    for i, j in itertools.product(range(len(g) - 4), range(len(g[0]) - 4)):
        box = [r[j : j + 5] for r in g[i : i + 5]]
        if box == [[1] * 5] + [[1, 8, 8, 8, 1]] * 3 + [[1] * 5]:
            rows.add(i + 2)
            columns.add(j + 2)
    return [
        [6 if c == 8 and (i in rows or j in columns) else c for j, c in enumerate(r)]
        for i, r in enumerate(g)
    ]


def corners_overlaid(g):  # the four corners laid over each other, sharing the middle row
    h, w = (len(g) + 1) // 2, (len(g[0]) - 1) // 2
    return [
        [max(g[a][b], g[a][b + w + 1], g[a + h - 1][b], g[a + h - 1][b + w + 1]) for b in range(w)]
        for a in range(h)
    ]


def zigzag_down(g):  # each cell of the top row down the grid, a step aside in every other row
    out = [[0] * len(g[0]) for _ in g]
    for j, c in enumerate(g[0]):
        for i in range(len(g) if c else 0):
            for b in (j - 1, j + 1) if i % 2 else (j,):
                if 0 <= b < len(g[0]):
                    out[i][b] = c
    return out


def panel_counts(g):  # 3x3 panels between lines of 8: a 1 for a panel with two 6s or more
    spans = [range(0, 3), range(4, 7), range(8, 11)]
    return [[int(sum(g[i][j] == 6 for i in a for j in b) >= 2) for b in spans] for a in spans]


def dotted_middle(g):  # the middle row of each bar three rows tall: every other cell cleared
    out = [r[:] for r in g]
    for i in range(1, len(g) - 1):
        for j, c in enumerate(g[i]):
            start = j
            while start and g[i][start - 1] == c:
                start -= 1
            if c and g[i - 1][j] == c == g[i + 1][j] and (j - start) % 2:
                out[i][j] = 0
    return out


def block_corners(g):  # each 2x2 block of 5 marked 6, 2, 8, 4 at its corners, where there is room
    out = [r[:] for r in g]
    for i, j in itertools.product(range(len(g) - 1), range(len(g[0]) - 1)):
        if g[i][j] == g[i][j + 1] == g[i + 1][j] == g[i + 1][j + 1] == 5:
            for (a, b), y in zip(((-1, -1), (-1, 2), (2, -1), (2, 2)), (6, 2, 8, 4), strict=True):
                if 0 <= i + a < len(g) and 0 <= j + b < len(g[0]):
                    out[i + a][j + b] = y
    return out


def extremes(g):  # bars of 5 up from the bottom: the tallest 1, the least 2, the rest cleared
    heights = [sum(c > 0 for c in k) for k in zip(*g, strict=True)]
    bars = [h for h in heights if h]
    return [
        [
            (c > 0) * ((heights[j] == max(bars)) + 2 * (heights[j] == min(bars)))
            for j, c in enumerate(r)
        ]
        for r in g
    ]


def sized(g):  # each group of 5s (joined side by side) 2 when it has one or two cells, else 3
    h, w = len(g), len(g[0])
    group = {}  # cell -> the first cell of its group
    for start in [(i, j) for i in range(h) for j in range(w) if g[i][j] == 5]:
        todo = [start]
        while todo:
            i, j = todo.pop()
            if 0 <= i < h and 0 <= j < w and g[i][j] == 5 and (i, j) not in group:
                group[i, j] = start
                todo += [(i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)]
    size = Counter(group.values())
    return [
        [2 + (size[group[i, j]] > 2) if (i, j) in group else c for j, c in enumerate(r)]
        for i, r in enumerate(g)
    ]


def dedupe_trim(g):  # runs of equal rows and columns as one, the empty ones dropped
    def once(g):
        rows = [r for i, r in enumerate(g) if any(r) and (i == 0 or r != g[i - 1])]
        return [list(k) for k in zip(*rows, strict=True)]

    return once(once(g))


def parts(g, diagonal=False, colour=None):
    """The groups of cells of `colour` (else of set cells) that touch at their sides (and at
    their corners, with `diagonal`), each as its sorted cells."""

    def member(i, j):
        inside = 0 <= i < len(g) and 0 <= j < len(g[0])
        return inside and (g[i][j] == colour if colour is not None else g[i][j] > 0)

    steps = [(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1) if (a or b) and (diagonal or not a * b)]
    seen, out = set(), []
    for i, j in itertools.product(range(len(g)), range(len(g[0]))):
        if member(i, j) and (i, j) not in seen:
            todo, part = [(i, j)], set()
            while todo:
                a, b = todo.pop()
                if (a, b) not in part and member(a, b):
                    part.add((a, b))
                    todo += [(a + x, b + y) for x, y in steps]
            seen |= part
            out.append(sorted(part))
    return out


def frame_inside(g):  # inside the frame of the one colour found nowhere else
    for x in {c for r in g for c in r}:
        cells = [(i, j) for i, r in enumerate(g) for j, c in enumerate(r) if c == x]
        (top, left), (bottom, right) = cells[0], cells[-1]
        if (
            bottom - top > 1
            and right - left > 1
            and set(cells) == outline(top, bottom, left, right)
        ):
            return [r[left + 1 : right] for r in g[top + 1 : bottom]]


def box_gaps(g):  # the gaps in the box around the 1s and in its one line across, in 2
    rows = [i for i, r in enumerate(g) if 1 in r]
    cols = [j for j, k in enumerate(zip(*g, strict=True)) if 1 in k]
    a, b, c, d = rows[0], rows[-1], cols[0], cols[-1]
    inner = [(i, j) for i in range(a + 1, b) for j in range(c + 1, d) if g[i][j]]
    out = [r[:] for r in g]
    for i, j in itertools.product(range(a, b + 1), range(c, d + 1)):
        line = len(inner) > 1 and ({x for x, _ in inner} == {i} or {y for _, y in inner} == {j})
        if g[i][j] == 0 and (i in (a, b) or j in (c, d) or line):
            out[i][j] = 2
    return out


def noisiest_region(g):  # the colour of the region with the most cells of the rarest colour
    cells = [c for r in g for c in r]
    noise = min(cells, key=cells.count)
    counts = Counter()
    for r in g:
        for j, c in enumerate(r):
            if c == noise:  # noise lies inside its region: skip noise to its left
                counts[next(x for x in r[j::-1] if x != noise)] += 1
    return [[counts.most_common(1)[0][0]]]


def panel_marks(g):  # panels between lines of 5: the first 1, the middle 2, the last 3
    rows = [sum(r == [5] * len(r) for r in g[:i]) for i in range(len(g))]
    cols = [sum(set(k) == {5} for k in transposed(g)[:j]) for j in range(len(g[0]))]
    n, m = rows[-1], cols[-1]
    mark = {(0, 0): 1, (n // 2, m // 2): 2, (n, m): 3}
    return [
        [c or mark.get((rows[i], cols[j]), 0) for j, c in enumerate(r)] for i, r in enumerate(g)
    ]


def inner_rows_between(g):  # in all rows but the first and last, 9 between set cells
    out = [r[:] for r in g]
    for r in out[1:-1]:
        set_ = [j for j, c in enumerate(r) if c]
        for j in range(set_[0], set_[-1]) if set_ else ():
            r[j] = r[j] or 9
    return out


def square_holes(g):  # hollow squares of 1: the hole in 2 if its side is even, else 7
    out = [r[:] for r in g]
    for i, j, s in itertools.product(range(len(g)), range(len(g[0])), range(3, 9)):
        box = [r[j : j + s] for r in g[i : i + s]]
        ring = [[1] * s] + [[1] + [0] * (s - 2) + [1]] * (s - 2) + [[1] * s]
        if box == ring:
            for a, b in itertools.product(range(1, s - 1), repeat=2):
                out[i + a][j + b] = 2 if s % 2 == 0 else 7
    return out


def ringed(g):  # shapes of 6 on 8: the ring around each one's box in 3, its holes in 4
    out = [r[:] for r in g]
    for part in parts(g, colour=6):
        top, bottom, left, right = box(part)
        for a, b in itertools.product(range(top - 1, bottom + 2), range(left - 1, right + 2)):
            if 0 <= a < len(g) and 0 <= b < len(g[0]) and (a, b) not in part:
                out[a][b] = 4 if top <= a <= bottom and left <= b <= right else 3
    return out


def stamped(g):  # the one pattern of colours, copied over each block of 5 of its size
    rows = [i for i, r in enumerate(g) if set(r) - {0, 5}]
    cols = [j for j, k in enumerate(zip(*g, strict=True)) if set(k) - {0, 5}]
    pattern = [r[cols[0] : cols[-1] + 1] for r in g[rows[0] : rows[-1] + 1]]
    out = [r[:] for r in g]
    for i, j in itertools.product(range(len(g)), range(len(g[0]))):
        if g[i][j] == 5 and (i == 0 or g[i - 1][j] != 5) and (j == 0 or g[i][j - 1] != 5):
            for a, b in itertools.product(range(len(pattern)), range(len(pattern[0]))):
                out[i + a][j + b] = pattern[a][b]
    return out


def panels_copied(g):  # panels between whole lines of one colour: the one set, copied to all
    rows = [i for i, r in enumerate(g) if len(set(r)) == 1 and r[0]]
    cols = [j for j, k in enumerate(zip(*g, strict=True)) if len(set(k)) == 1 and k[0]]
    p, q = (rows or [len(g)])[0] + 1, (cols or [len(g[0])])[0] + 1
    tops = [i for i in range(0, len(g), p)]
    lefts = [j for j in range(0, len(g[0]), q)]
    full = next(
        (a, b)
        for a in tops
        for b in lefts
        if any(c for r in g[a : a + p - 1] for c in r[b : b + q - 1])
    )
    out = [r[:] for r in g]
    for a, b in itertools.product(tops, lefts):
        for i, j in itertools.product(range(p - 1), range(q - 1)):
            if a + i < len(g) and b + j < len(g[0]):
                out[a + i][b + j] = g[full[0] + i][full[1] + j]
    return out


def commonest_shape(g):  # of the shapes (cells touching at corners too), the commonest
    shapes = []
    for part in parts(g, diagonal=True):
        top, bottom, left, right = box(part)
        rows = [
            [g[i][j] * ((i, j) in part) for j in range(left, right + 1)]
            for i in range(top, bottom + 1)
        ]
        shapes.append(rows)
    return max(shapes, key=shapes.count)


def lines_ranked(g):  # straight lines: the longest in 1, the shortest in 2, the rest in 4
    def length(i, j):
        across = [k for k in range(len(g[0])) if all(g[i][min(j, k) : max(j, k) + 1])]
        down = [k for k in range(len(g)) if all(r[j] for r in g[min(i, k) : max(i, k) + 1])]
        return max(len(across), len(down))

    sizes = {(i, j): length(i, j) for i, r in enumerate(g) for j, c in enumerate(r) if c}
    rank = {max(sizes.values()): 1, min(sizes.values()): 2}
    return [[c and rank.get(sizes[i, j], 4) for j, c in enumerate(r)] for i, r in enumerate(g)]


def boxes_by_colour(g):  # each colour's box filled with it
    out = [r[:] for r in g]
    for x in {c for r in g for c in r} - {0}:
        top, bottom, left, right = box(
            [(i, j) for i, r in enumerate(g) for j, c in enumerate(r) if c == x]
        )
        for i, j in itertools.product(range(top, bottom + 1), range(left, right + 1)):
            out[i][j] = x
    return out


def pairs_ringed(g):  # a ring of 3 around each pair of cells
    out = [r[:] for r in g]
    for part in parts(g):
        if len(part) == 2:
            top, bottom, left, right = box(part)
            for i, j in itertools.product(range(top - 1, bottom + 2), range(left - 1, right + 2)):
                if 0 <= i < len(g) and 0 <= j < len(g[0]) and not g[i][j]:
                    out[i][j] = 3
    return out


def mirror_shape(g):  # the colour whose cells, in their box, are their own mirror image
    for x in {c for r in g for c in r} - {0}:
        top, bottom, left, right = box(
            [(i, j) for i, r in enumerate(g) for j, c in enumerate(r) if c == x]
        )
        alone = [[c * (c == x) for c in r[left : right + 1]] for r in g[top : bottom + 1]]
        if alone == [r[::-1] for r in alone]:
            return alone


def crossing_swapped(g):  # where a whole row and column of colour cross, the other one's colour
    rows = [i for i, r in enumerate(g) if 0 not in r]
    cols = [j for j, k in enumerate(zip(*g, strict=True)) if 0 not in k]
    out = [r[:] for r in g]
    for i, j in itertools.product(rows, cols):
        a, b = g[i][0], g[0][j]  # the bars are off the border
        out[i][j] = a if g[i][j] == b else b
    return out


def fallen_to_8(g):  # the shape of 2 moved straight at the block of 8 till they touch
    cells = [(i, j) for i, r in enumerate(g) for j, c in enumerate(r) if c == 2]
    eights = {(i, j) for i, r in enumerate(g) for j, c in enumerate(r) if c == 8}
    top, bottom, left, right = box(cells)
    t8, b8, l8, r8 = box(eights)
    a = (bottom < t8) - (top > b8)
    b = (right < l8) - (left > r8)
    sides = ((0, 1), (1, 0), (0, -1), (-1, 0))
    while not any((i + x, j + y) in eights for i, j in cells for x, y in sides):
        cells = [(i + a, j + b) for i, j in cells]
    out = [[c * (c == 8) for c in r] for r in g]
    for i, j in cells:
        out[i][j] = 2
    return out


def marker_shape(g):  # the 3x3 around the cell of 8, each set cell in the shape's colour
    ((i, j),) = [(i, j) for i, r in enumerate(g) for j, c in enumerate(r) if c == 8]
    window = [r[j - 1 : j + 2] for r in g[i - 1 : i + 2]]
    x = max({c for r in window for c in r} - {8})
    return [[x * (c > 0) for c in r] for r in window]


def diagonal_rays(g):  # cells touching a shape at a corner only, continued away from it
    out = [r[:] for r in g]

    def at(i, j):
        return g[i][j] if 0 <= i < len(g) and 0 <= j < len(g[0]) else 0

    for i, j in itertools.product(range(len(g)), range(len(g[0]))):
        if g[i][j] and not any(at(i + a, j + b) for a, b in ((0, 1), (1, 0), (0, -1), (-1, 0))):
            for a, b in itertools.product((-1, 1), repeat=2):
                if at(i - a, j - b):
                    x, y = i + a, j + b
                    while 0 <= x < len(g) and 0 <= y < len(g[0]):
                        out[x][y] = g[i][j]
                        x, y = x + a, y + b
    return out


def corners_joined(g):  # each colour's two cells joined along their diagonal
    out = [r[:] for r in g]
    for x in {c for r in g for c in r} - {0}:
        (a, b), (c, d) = [(i, j) for i, r in enumerate(g) for j, v in enumerate(r) if v == x]
        for k in range(abs(c - a) + 1):
            out[a + k * (c > a) - k * (c < a)][b + k * (d > b) - k * (d < b)] = x
    return out


def most_ones_3x3(g):  # of the 3x3 blocks with no blank cell, the one with the most 1s
    blocks = [
        [r[j : j + 3] for r in g[i : i + 3]]
        for i in range(len(g) - 2)
        for j in range(len(g[0]) - 2)
    ]
    full = [b for b in blocks if all(all(r) for r in b)]
    return max(full, key=lambda b: sum(r.count(1) for r in b))


def most_twos_block(g):  # of the blocks (rectangles of set cells), the one with the most 2s
    blocks = []
    for part in parts(g):
        top, bottom, left, right = box(part)
        blocks.append([r[left : right + 1] for r in g[top : bottom + 1]])
    return max(blocks, key=lambda b: sum(r.count(2) for r in b))


def inner_by_size(g):  # the inside of the larger block in 2, of the smaller in 1
    blocks = sorted(parts(g), key=len)
    out = [r[:] for r in g]
    for x, part in zip((1, 2), (blocks[0], blocks[-1]), strict=True):
        top, bottom, left, right = box(part)
        for i, j in itertools.product(range(top + 1, bottom), range(left + 1, right)):
            out[i][j] = x
    return out


def _pattern(g, marker):  # the cells of colours other than 0 and the marker's
    return [(i, j, c) for i, r in enumerate(g) for j, c in enumerate(r) if c not in (0, marker)]


def stamped_moved(g):  # the pattern over each shape of 8 like it; where it was, blank
    pattern = _pattern(g, 8)
    top, left = min(i for i, _, _ in pattern), min(j for _, j, _ in pattern)
    out = [[0] * len(r) for r in g]
    for i, j in itertools.product(range(len(g)), range(len(g[0]))):
        cells = [(i + a - top, j + b - left, c) for a, b, c in pattern]
        if all(0 <= x < len(g) and 0 <= y < len(g[0]) and g[x][y] == 8 for x, y, _ in cells):
            for x, y, c in cells:
                out[x][y] = c
    return out


def stamped_at_5(g):  # the pattern over each cell of 5, its middle there
    pattern = _pattern(g, 5)
    top, bottom = min(i for i, _, _ in pattern), max(i for i, _, _ in pattern)
    left, right = min(j for _, j, _ in pattern), max(j for _, j, _ in pattern)
    out = [r[:] for r in g]
    for i, j in itertools.product(range(len(g)), range(len(g[0]))):
        if g[i][j] == 5:
            out[i][j] = 0
            for a, b, c in pattern:
                out[i + a - (top + bottom) // 2][j + b - (left + right) // 2] = c
    return out


def largest_colours(g):  # the colours with the most cells, left to right, as many rows as that
    cells = [c for r in g for c in r if c]
    most = max(map(cells.count, cells))
    tops = [x for x in set(cells) if cells.count(x) == most]
    tops.sort(key=lambda x: min(j for r in g for j, c in enumerate(r) if c == x))
    return [tops[:] for _ in range(most)]


def bottoms_aligned(g):  # each colour moved up or down till its bottom row is 1's
    bottom = {x: max(i for i, r in enumerate(g) if x in r) for r in g for x in r}
    out = [[0] * len(r) for r in g]
    for i, j in itertools.product(range(len(g)), range(len(g[0]))):
        if x := g[i][j]:
            out[i + bottom[1] - bottom[x]][j] = x
    return out


def colour_box(g, x):  # the box around the cells of colour x
    return box([(i, j) for i, r in enumerate(g) for j, c in enumerate(r) if c == x])


def background_trimmed(g):  # the box around the cells not of the commonest colour; it as 0
    cells = [c for r in g for c in r]
    ground = max(set(cells), key=cells.count)
    boxes = [colour_box(g, x) for x in set(cells) - {ground}]
    top, left = min(b[0] for b in boxes), min(b[2] for b in boxes)
    bottom, right = max(b[1] for b in boxes), max(b[3] for b in boxes)
    return [[0 if c == ground else c for c in r[left : right + 1]] for r in g[top : bottom + 1]]


def widest_colour(g):  # a 2x2 of the colour whose box is the largest
    def area(x):
        top, bottom, left, right = colour_box(g, x)
        return (bottom - top + 1) * (right - left + 1)

    x = max({c for r in g for c in r} - {0}, key=area)
    return [[x, x], [x, x]]


def step_toward_4(g):  # the 3 one step (across, down or both) toward the 4
    (a, _, b, _), (c, _, d, _) = colour_box(g, 3), colour_box(g, 4)
    out = [[4 * (v == 4) for v in r] for r in g]
    out[a + (c > a) - (c < a)][b + (d > b) - (d < b)] = 3
    return out


def fanned_right(g):  # the row, then itself a cell further right in each row, half as many
    row = g[0]
    return [[row[0]] * k + row[: len(row) - k] for k in range(len(row) // 2)]


def squares_counted(g):  # a row of five: a 1 for each 2x2 square of 1, then 0s
    n = sum(
        [r[j : j + 2] for r in g[i : i + 2]] == [[1, 1], [1, 1]]
        for i in range(len(g) - 1)
        for j in range(len(g[0]) - 1)
    )
    return [[1] * n + [0] * (5 - n)]


def rarest_cropped(g):  # the box around the rarest colour's cells, as it is
    cells = [c for r in g for c in r if c]
    top, bottom, left, right = colour_box(g, min(cells, key=cells.count))
    return [r[left : right + 1] for r in g[top : bottom + 1]]


def holed_colour(g):  # the colour with a hole: fewer cells than its box
    cells = [c for r in g for c in r]
    for x in set(cells) - {0}:
        top, bottom, left, right = colour_box(g, x)
        if cells.count(x) < (bottom - top + 1) * (right - left + 1):
            return [[x]]


def full_blocks(g):  # top left corners of the 2x2s with no blank cell
    return [
        (i, j)
        for i in range(len(g) - 1)
        for j in range(len(g[0]) - 1)
        if all(g[i][j : j + 2] + g[i + 1][j : j + 2])
    ]


def corner_rays(g):  # a ray of 1 up-left from the block of 1, of 2 down-right from that of 2
    out = [r[:] for r in g]
    for x, step in ((1, -1), (2, 1)):
        (a, b), *_ = [(i, j) for i, j in full_blocks(g) if g[i][j] == x]
        i, j = (a - 1, b - 1) if step < 0 else (a + 2, b + 2)
        while 0 <= i < len(g) and 0 <= j < len(g[0]):
            out[i][j] = out[i][j] or x
            i, j = i + step, j + step
    return out


def crossing_ringed(g):  # a ring of 4 around where the whole rows and columns cross
    rows = [i for i, r in enumerate(g) if all(r)]
    cols = [j for j, k in enumerate(zip(*g, strict=True)) if all(k)]
    out = [r[:] for r in g]
    for i, j in itertools.product(
        range(rows[0] - 1, rows[-1] + 2), range(cols[0] - 1, cols[-1] + 2)
    ):
        if i in (rows[0] - 1, rows[-1] + 1) or j in (cols[0] - 1, cols[-1] + 1):
            out[i][j] = 4
    return out


def counted_below(g):  # under each 2x2 block, 3s two wide, a row for each of its colours
    out = [r[:] for r in g]
    for a, b in full_blocks(g):
        n = len(set(g[a][b : b + 2] + g[a + 1][b : b + 2]))
        for i, j in itertools.product(range(a + 2, a + 2 + n), (b, b + 1)):
            out[i][j] = out[i][j] or 3
    return out


def moved_into_corners(g):  # the shape of 2 moved to just inside the four 3s
    threes = [(i, j) for i, r in enumerate(g) for j, c in enumerate(r) if c == 3]
    twos = [(i, j) for i, r in enumerate(g) for j, c in enumerate(r) if c == 2]
    a = min(i for i, _ in threes) + 1 - min(i for i, _ in twos)
    b = min(j for _, j in threes) + 1 - min(j for _, j in twos)
    out = [[3 * (c == 3) for c in r] for r in g]
    for i, j in twos:
        out[i + a][j + b] = 2
    return out


def rings_to_plus(g):  # each 3x3 ring of 1 (a blank middle) as a plus of 2
    out = [r[:] for r in g]
    ring = [[1, 1, 1], [1, 0, 1], [1, 1, 1]]
    for a, b in itertools.product(range(len(g) - 2), range(len(g[0]) - 2)):
        if [r[b : b + 3] for r in g[a : a + 3]] == ring:
            for i, j in itertools.product(range(3), repeat=2):
                out[a + i][b + j] = 2 * (1 in (i, j))
    return out


def corners_collected(g):  # each lone cell moved to the corner of the 2x2 of 8 on its side
    ((a, b),) = [(i, j) for i, j in full_blocks(g) if g[i][j] == 8]
    out = [[0] * len(r) for r in g]
    for i, r in enumerate(g):
        for j, c in enumerate(r):
            if c and c != 8:
                out[a + (i > a)][b + (j > b)] = c
    return out


def diagonals_up(g):  # each set cell of the row as a diagonal up-right from the bottom row of a
    row = g[0]  # square as wide as the row times its set cells
    n = len(row) * sum(c > 0 for c in row)
    out = [[0] * n for _ in range(n)]
    for j, c in enumerate(row):
        for t in range(n - j):
            if c:
                out[n - 1 - t][j + t] = c
    return out


def stamped_at_1(g):  # the top left 3x3 over each cell of 1, its middle there
    out = [r[:] for r in g]
    for x, y in [(i, j) for i, r in enumerate(g) for j, c in enumerate(r) if c == 1]:
        for a, b in itertools.product(range(3), repeat=2):
            out[x + a - 1][y + b - 1] = g[a][b]
    return out


def lines_listed(g):  # whole lines' colours in turn, one line each, as many as there are lines
    def lines(g):  # a line ends at the border, at one end at least (5 hides the other)
        return [max(set(r) - {5}) for r in g if {r[0], r[-1]} - {0, 5}]

    if any(len(set(r)) == 1 and r[0] for r in g):  # across: some line is whole
        return [[c] * len(lines(g)) for c in lines(g)]
    down = lines(list(zip(*g, strict=True)))
    return [down[:] for _ in down]


def panel_colours(g):  # the grid cut along its blank rows and columns: each part as one cell
    def runs(lines):  # the runs of lines that are not blank, as lists of their indices
        out = []
        for k, line in enumerate(lines):
            if any(line) and out and out[-1][-1] == k - 1:
                out[-1].append(k)
            elif any(line):
                out.append([k])
        return out

    return [
        [max(g[i][j] for i in rows for j in cols) for cols in runs(zip(*g, strict=True))]
        for rows in runs(g)
    ]


def drawn_to_block(g):  # each 5 moved to the cell nearest it around the 2x2 of 2
    ((a, b), *_) = [(i, j) for i, r in enumerate(g) for j, c in enumerate(r) if c == 2]
    ring = [(i, j) for i in range(a - 1, a + 3) for j in range(b - 1, b + 3)]
    out = [[2 * (c == 2) for c in r] for r in g]
    for x, y in [(i, j) for i, r in enumerate(g) for j, c in enumerate(r) if c == 5]:
        i, j = min(ring, key=lambda p: abs(p[0] - x) + abs(p[1] - y))
        out[i][j] = 5
    return out


def zigzag_filled(g):  # the blank parts between the zigzag's arms, every third, in 4
    gaps = sorted(parts(g, colour=0), key=lambda p: sum(b for _, b in p) / len(p))
    out = [r[:] for r in g]
    for part in gaps[::3]:
        for a, b in part:
            out[a][b] = 4
    return out


def mirrored_about_block(g):  # the shape of 2 mirrored across the 2x2 of 3, every way
    ((a, b), *_) = [(i, j) for i, r in enumerate(g) for j, c in enumerate(r) if c == 3]
    out = [r[:] for r in g]
    for x, y in [(i, j) for i, r in enumerate(g) for j, c in enumerate(r) if c == 2]:
        for i, j in itertools.product((x, 2 * a + 1 - x), (y, 2 * b + 1 - y)):
            out[i][j] = 2
    return out


def rays_from_2s(g):  # from the 2x2 block, rays in its colour toward each of its 2s' corners
    ((a, b), *_) = [(i, j) for i, r in enumerate(g) for j, c in enumerate(r) if c]
    cells = [(a + u, b + v) for u in (0, 1) for v in (0, 1)]
    x = max({g[i][j] for i, j in cells} - {2})
    out = [r[:] for r in g]
    for u, v in itertools.product((0, 1), repeat=2):
        if g[a + u][b + v] == 2:
            for i, j in cells:
                while 0 <= i < len(g) and 0 <= j < len(g[0]):
                    out[i][j] = x
                    i, j = i + 2 * u - 1, j + 2 * v - 1
    for i, j in cells:
        out[i][j] = x
    return out


def diagonals_doubled(g):  # twice the size, each set cell continued down-right
    n, m = 2 * len(g), 2 * len(g[0])
    out = [[0] * m for _ in range(n)]
    for i, r in enumerate(g):
        for j, c in enumerate(r):
            for k in range(n):
                if c and i + k < n and j + k < m:
                    out[i + k][j + k] = c
    return out


def self_kron(g):  # the shape, trimmed, laid out in the shape of itself
    rows = [r for r in g if any(r)]
    cols = [j for j, k in enumerate(zip(*rows, strict=True)) if any(k)]
    s = [r[cols[0] : cols[-1] + 1] for r in rows]
    return [[a and b for a in r for b in q] for r in s for q in s]


def inside_corners_swapped(g):  # inside four corner cells, the shape in their colour
    cells = [(i, j, c) for i, r in enumerate(g) for j, c in enumerate(r) if c]
    top, bottom = min(i for i, _, _ in cells), max(i for i, _, _ in cells)
    left, right = min(j for _, j, _ in cells), max(j for _, j, _ in cells)
    x = g[top][left]
    return [[x * (c > 0) for c in r[left + 1 : right]] for r in g[top + 1 : bottom]]


def ring_centre(g):  # the middle of the 3x3 ring of one colour around a cell of another
    for i, j in itertools.product(range(len(g) - 2), range(len(g[0]) - 2)):
        box = [r[j : j + 3] for r in g[i : i + 3]]
        ring = {c for k, c in enumerate(sum(box, [])) if k != 4}
        if len(ring) == 1 and 0 not in ring and box[1][1] not in ring | {0}:
            return [[box[1][1]]]


# one tile of the grid for each set cell, in turn, on a square as many tiles a side as it has
# blank cells
def tiled_by_count(g):
    k = sum(c > 0 for r in g for c in r)
    z = 9 - k
    out = [[0] * 3 * z for _ in range(3 * z)]
    for t in range(k):
        for i, j in itertools.product(range(3), repeat=2):
            out[t // z * 3 + i][t % z * 3 + j] = g[i][j]
    return out


# the lone cell a row down; up from where it was, 4s in every other column from its own
def dropped_with_stripes(g):
    ((a, b, x),) = [(i, j, c) for i, r in enumerate(g) for j, c in enumerate(r) if c]
    out = [[0] * len(r) for r in g]
    for i, j in itertools.product(range(a + 1), range(b % 2, len(g[0]), 2)):
        out[i][j] = 4
    out[a + 1][b] = x
    return out


def line_grid_size(g):  # the ground's colour, a cell for each part the whole lines cut it in
    ground = g[0][0]
    across = sum(len(set(r)) == 1 and r[0] != ground for r in g)
    down = sum(len(set(k)) == 1 and k[0] != ground for k in zip(*g, strict=True))
    return [[ground] * (down + 1) for _ in range(across + 1)]


def blank_lines_3(g):  # rows and columns blank inside the border: their blank cells in 3
    out = [r[:] for r in g]
    for i, j in itertools.product(range(len(g)), range(len(g[0]))):
        row, col = g[i][1:-1], [r[j] for r in g][1:-1]
        if g[i][j] == 0 and (not any(row) or not any(col)):
            out[i][j] = 3
    return out


def box_stretched(g):  # the box (a border around a colour) stretched to reach the 8
    cells = [(i, j) for i, r in enumerate(g) for j, c in enumerate(r) if c]
    box = [(i, j) for i, j in cells if g[i][j] != 8]
    a, b = min(box)
    border, inside = g[a][b], g[a + 1][b + 1]
    top, bottom = min(i for i, _ in cells), max(i for i, _ in cells)
    left, right = min(j for _, j in cells), max(j for _, j in cells)
    out = [[0] * len(r) for r in g]
    for i, j in itertools.product(range(top, bottom + 1), range(left, right + 1)):
        out[i][j] = border if i in (top, bottom) or j in (left, right) else inside
    return out


# from the one cell of the rarest colour, a ray away from its blank side, over blank cells
def ray_from_marker(g):
    cells = [c for r in g for c in r if c]
    x = min(cells, key=cells.count)
    ((a, b),) = [(i, j) for i, r in enumerate(g) for j, c in enumerate(r) if c == x]
    out = [r[:] for r in g]
    for u, v in ((0, 1), (1, 0), (0, -1), (-1, 0)):
        if 0 <= a - u < len(g) and 0 <= b - v < len(g[0]) and g[a - u][b - v] == 0:
            i, j = a + u, b + v
            while 0 <= i < len(g) and 0 <= j < len(g[0]):
                out[i][j] = out[i][j] or x
                i, j = i + u, j + v
    return out


def spread(g, c):  # how many rows and columns hold the colour `c`, for each of its cells
    return sum(c in r for r in g + transposed(g)) / sum(r.count(c) for r in g)


def _lines_to(g, ground, block):  # each cell in line with the block drawn up to it
    rows = [i for i, r in enumerate(g) if block in r]
    cols = [j for j, k in enumerate(zip(*g, strict=True)) if block in k]
    out = [r[:] for r in g]
    for x, y in itertools.product(range(len(g)), range(len(g[0]))):
        v = g[x][y]
        if v in (ground, block):
            continue
        if rows[0] <= x <= rows[-1]:
            for j in range(y, cols[0]) if y < cols[0] else range(cols[-1] + 1, y):
                out[x][j] = v
        if cols[0] <= y <= cols[-1]:
            for i in range(x, rows[0]) if x < rows[0] else range(rows[-1] + 1, x):
                out[i][y] = v
    return out


def lines_to_block(g):  # each cell in line with the 2x2 of 3 drawn up to it
    return _lines_to(g, 0, 3)


# each cell in line with the block (the colour of the fewest rows and columns a cell) drawn up
# to it, on a ground of the commonest colour
def lines_to_densest(g):
    cells = [c for r in g for c in r]
    ground = max(cells, key=cells.count)
    return _lines_to(g, ground, min(set(cells) - {ground}, key=lambda c: spread(g, c)))


def drawn_to_lines(g):  # each cell beside the whole line of its colour, on its side (or gone)
    if not any(len(set(k)) == 1 and k[0] for k in zip(*g, strict=True)):
        return transposed(drawn_to_lines(transposed(g)))
    lines = {k[0]: j for j, k in enumerate(zip(*g, strict=True)) if len(set(k)) == 1 and k[0]}
    out = [[c if j in lines.values() else 0 for j, c in enumerate(r)] for r in g]
    for i, r in enumerate(g):
        for j, c in enumerate(r):
            if c and j not in lines.values() and c in lines:
                out[i][lines[c] - 1 if j < lines[c] else lines[c] + 1] = c
    return out


# each block of 8's edge cell in line with a cell outside takes its colour (at a corner, the cell
# above wins, then below, left and right)
def edges_facing(g):
    rows = [i for i, r in enumerate(g) if 8 in r]
    cols = [j for j, k in enumerate(zip(*g, strict=True)) if 8 in k]
    out = [r[:] for r in g]
    cells = [(i, j, c) for i, r in enumerate(g) for j, c in enumerate(r) if c not in (0, 8)]
    for x, y, c in cells:
        if rows[0] <= x <= rows[-1] and y > cols[-1]:
            out[x][cols[-1]] = c
    for x, y, c in cells:
        if rows[0] <= x <= rows[-1] and y < cols[0]:
            out[x][cols[0]] = c
    for x, y, c in cells:
        if cols[0] <= y <= cols[-1] and x > rows[-1]:
            out[rows[-1]][y] = c
    for x, y, c in cells:
        if cols[0] <= y <= cols[-1] and x < rows[0]:
            out[rows[0]][y] = c
    return out


def sides_collected(g):  # each cell inside moved next to the border side of its colour (or gone)
    h, w = len(g), len(g[0])
    out = [
        [c if i in (0, h - 1) or j in (0, w - 1) else 0 for j, c in enumerate(r)]
        for i, r in enumerate(g)
    ]
    for i, j in itertools.product(range(1, h - 1), range(1, w - 1)):
        c = g[i][j]
        for side, (x, y) in (
            (g[0][1], (1, j)),
            (g[-1][1], (h - 2, j)),
            (g[1][0], (i, 1)),
            (g[1][-1], (i, w - 2)),
        ):
            if c and c == side:
                out[x][y] = c
    return out


def mirrored_about_x(g):  # the shape mirrored across the middle of the X of five cells, every way
    for i, j in itertools.product(range(1, len(g) - 1), range(1, len(g[0]) - 1)):
        x = g[i][j]
        corners = {g[i + a][j + b] for a in (-1, 1) for b in (-1, 1)}
        if x and corners == {x} and sum(r.count(x) for r in g) == 5:
            a, b = i, j
    out = [r[:] for r in g]
    for i, r in enumerate(g):
        for j, c in enumerate(r):
            for p, q in itertools.product((i, 2 * a - i), (j, 2 * b - j)):
                if c and 0 <= p < len(g) and 0 <= q < len(g[0]):
                    out[p][q] = c
    return out


def scaled_into_frame(g):  # the square frame of 2, the other shape scaled to fill its inside
    n = sum(2 in r for r in g)
    x = max({c for r in g for c in r} - {2})
    rows = [r for r in g if x in r]
    cols = [j for j, k in enumerate(zip(*rows, strict=True)) if x in k]
    shape = [[c * (c == x) for c in r[cols[0] : cols[-1] + 1]] for r in rows]
    k = (n - 2) // len(shape)
    out = [[2] * n for _ in range(n)]
    for i, j in itertools.product(range(n - 2), repeat=2):
        out[i + 1][j + 1] = shape[i // k][j // k]
    return out


def holes_across_bands(g):  # bands of colour (rows, else columns): each hole run across its band
    if not all(len(set(r) - {0}) == 1 for r in g):
        return transposed(holes_across_bands(transposed(g)))
    colour = [max(set(r) - {0}) for r in g]
    out = [r[:] for r in g]
    for i, j in itertools.product(range(len(g)), range(len(g[0]))):
        if g[i][j] == 0:
            for x in range(len(g)):
                if colour[x] == colour[i]:
                    out[x][j] = 0
    return out


def _strewn(g):  # the colour of the most rows and columns a cell: strewn, not in blocks
    return max({c for r in g for c in r} - {0}, key=lambda c: spread(g, c))


# of the frames, the one around the most strewn cells, its border in their colour
def best_frame(g):
    x = _strewn(g)
    f = max({c for r in g for c in r} - {0, x})
    best = None
    for i, j in itertools.product(range(len(g)), range(len(g[0]))):
        if g[i][j] == f and (i == 0 or g[i - 1][j] != f) and (j == 0 or g[i][j - 1] != f):
            a = next(k for k in range(i, len(g) + 1) if k == len(g) or g[k][j] != f)
            b = next(k for k in range(j, len(g[0]) + 1) if k == len(g[0]) or g[i][k] != f)
            box = [r[j:b] for r in g[i:a]]
            if best is None or sum(r.count(x) for r in box) > sum(r.count(x) for r in best):
                best = box
    return [[x * (c > 0) for c in r] for r in best]


# a 3x3 pattern scaled up amid strewn cells: the pattern in the strewn cells' colour
def pattern_downscaled(g):
    x = _strewn(g)
    m = max({c for r in g for c in r} - {0, x})
    cells = [(i, j) for i, r in enumerate(g) for j, c in enumerate(r) if c == m]
    top, left = min(i for i, _ in cells), min(j for _, j in cells)
    k = (max(i for i, _ in cells) - top + 1) // 3
    return [[x * (g[top + i * k][left + j * k] == m) for j in range(3)] for i in range(3)]


# the box between two whole rows and two whole columns; inside it, each cell of a line's colour
# drawn up to that line
def crop_fallen_to_line(g):
    rows = [i for i, r in enumerate(g) if 0 not in r]
    cols = [j for j, k in enumerate(zip(*g, strict=True)) if 0 not in k]
    box = [r[cols[0] : cols[-1] + 1] for r in g[rows[0] : rows[-1] + 1]]
    h, w = len(box), len(box[0])
    out = [r[:] for r in box]
    for i, j in itertools.product(range(1, h - 1), range(1, w - 1)):
        x = box[i][j]
        if x == box[0][1]:
            for a in range(1, i):
                out[a][j] = x
        if x == box[-1][1]:
            for a in range(i + 1, h - 1):
                out[a][j] = x
        if x == box[1][0]:
            for b in range(1, j):
                out[i][b] = x
        if x == box[1][-1]:
            for b in range(j + 1, w - 1):
                out[i][b] = x
    return out


# a frame of four sides (blank corners) and a shape of 8 as big as its inside: the shape inside
# it, each cell in the colour of the side nearest it (8 where two are)
def shape_into_frame(g):
    eights = [(i, j) for i, r in enumerate(g) for j, c in enumerate(r) if c == 8]
    others = [(i, j) for i, r in enumerate(g) for j, c in enumerate(r) if c not in (0, 8)]
    top, left = min(i for i, _ in others), min(j for _, j in others)
    n = max(i for i, _ in others) - top - 1
    sides = [g[top][left + 1], g[top + n + 1][left + 1], g[top + 1][left], g[top + 1][left + n + 1]]
    out = [r[left : left + n + 2] for r in g[top : top + n + 2]]
    a, b = min(i for i, _ in eights), min(j for _, j in eights)
    for i, j in eights:
        u, v = i - a, j - b
        d = [u, n - 1 - u, v, n - 1 - v]
        out[u + 1][v + 1] = 8 if d.count(min(d)) > 1 else sides[d.index(min(d))]
    return out


# a 2x2 of three 3s and a 2 in a 3x3: two 4x4 blocks of 3 on a 9x9, one where the 2x2 starts,
# the other after it along the diagonal the 2 lies on (the 2x2's own, or the other one)
def blocks_from_corner(g):
    cells = [(i, j) for i, r in enumerate(g) for j, c in enumerate(r) if c]
    a, b = min(i for i, _ in cells), min(j for _, j in cells)
    ((x, y),) = [(i, j) for i, j in cells if g[i][j] == 2]
    corners = [(a, b), (a + 4, b + 4)] if x - a == y - b else [(a, b + 4), (a + 4, b)]
    out = [[0] * 9 for _ in range(9)]
    for (top, left), i, j in itertools.product(corners, range(4), range(4)):
        out[top + i][left + j] = 3
    return out


def beside(g, cells):  # the cells that share a side with some of `cells`, not among them
    steps = ((-1, 0), (1, 0), (0, -1), (0, 1))
    near = {(i + a, j + b) for i, j in cells for a, b in steps}
    return {(i, j) for i, j in near if 0 <= i < len(g) and 0 <= j < len(g[0])} - set(cells)


def holes(g, ground):  # the cells of `ground` that no path through it joins to the border
    cells = {(i, j) for i, r in enumerate(g) for j, c in enumerate(r) if c == ground}
    return cells - _outside(g, ground)


def regions_touching_1(g):  # the background regions beside a 1, filled with 1
    out = [r[:] for r in g]
    for part in parts(g, colour=0):
        if any(g[i][j] == 1 for i, j in beside(g, part)):
            for i, j in part:
                out[i][j] = 1
    return out


def holed_in(g, ground, x):  # the shapes of 1 beside a hole in the `ground`, in `x`
    out, inside = [r[:] for r in g], holes(g, ground)
    for part in parts(g, colour=1):
        if beside(g, part) & inside:
            for i, j in part:
                out[i][j] = x
    return out


def holed_shapes_8(g):  # shapes of 1 on 9 enclosing some of the 9s, in 8
    return holed_in(g, 9, 8)


def closed_rings_3(g):  # shapes of 1 on 0 enclosing some of the 0s, in 3
    return holed_in(g, 0, 3)


def regions_by_size(g):  # the background regions: the largest in 1, the smallest in 8
    regions = parts(g, colour=0)
    sizes = [len(p) for p in regions]
    out = [r[:] for r in g]
    for part in regions:
        x = 8 if len(part) == min(sizes) else 1 if len(part) == max(sizes) else 0
        for i, j in part:
            out[i][j] = x
    return out


def shapes_counted(g):  # a diagonal of 8, one cell for each shape
    n = len(parts(g))
    return [[8 * (i == j) for j in range(n)] for i in range(n)]


def diagonals_from_base(g):  # up and out from the run above the bottom row's middle run
    h, base = len(g), g[-1]
    m = base[len(base) // 2]
    run = [j for j, c in enumerate(base) if c == m]
    out = [r[:] for r in g]
    for k in range(1, h - 1):
        for j in (run[0] - k, run[-1] + k):
            if 0 <= j < len(base) and out[h - 2 - k][j] == 0:
                out[h - 2 - k][j] = m
    return out


def odd_shape_out(g):  # the shape unlike the others (moved) in 2, the others in 1
    shapes = parts(g)
    moved = [[(i - p[0][0], j - p[0][1]) for i, j in p] for p in shapes]
    out = [r[:] for r in g]
    for part, m in zip(shapes, moved, strict=True):
        for i, j in part:
            out[i][j] = 2 if moved.count(m) == 1 else 1
    return out


def shape_boxes_7(g):  # each shape's box (three cells a side), where it is not, in 7
    out = [r[:] for r in g]
    for part in parts(g, diagonal=True):
        top, bottom, left, right = box(part)
        for i, j in itertools.product(range(top, bottom + 1), range(left, right + 1)):
            out[i][j] = out[i][j] or 7
    return out


def fill_common(g):  # every cell in the commonest colour
    cells = Counter(c for r in g for c in r)
    return [[cells.most_common(1)[0][0]] * len(r) for r in g]


def uncommon(g):  # every cell not of the commonest colour in 5
    cells = Counter(c for r in g for c in r)
    return [[c if c == cells.most_common(1)[0][0] else 5 for c in r] for r in g]


def rings_from_diagonal(g):  # square rings around the middle of three cells, as far apart
    cells = [(i, j) for i, r in enumerate(g) for j, c in enumerate(r) if c]
    (a, b), d = cells[1], cells[1][0] - cells[0][0]
    return [
        [g[a][b] if max(abs(i - a), abs(j - b)) % d == 0 else 0 for j in range(len(r))]
        for i, r in enumerate(g)
    ]


def inner_corners_out(g):  # the cells inside a frame's corners, each out past the opposite one
    cells = Counter(c for r in g for c in r if c)
    top, bottom, left, right = colour_box(g, cells.most_common(1)[0][0])
    out = [r[:] for r in g]
    for (i, j), (x, y) in zip(
        [
            (top + 1, left + 1),
            (top + 1, right - 1),
            (bottom - 1, left + 1),
            (bottom - 1, right - 1),
        ],
        [
            (bottom + 1, right + 1),
            (bottom + 1, left - 1),
            (top - 1, right + 1),
            (top - 1, left - 1),
        ],
        strict=True,
    ):
        out[x][y], out[i][j] = g[i][j], 0
    return out


def corners_assembled(g):  # pieces of three cells of a 2x2, each where its gap faces in
    out = [[0] * 4 for _ in range(4)]
    for x in {c for r in g for c in r} - {0}:
        top, _, left, _ = colour_box(g, x)
        square = [(i, j) for i in (0, 1) for j in (0, 1)]
        ((p, q),) = [(i, j) for i, j in square if g[top + i][left + j] != x]
        for i, j in square:
            out[2 * (1 - p) + i][2 * (1 - q) + j] = g[top + i][left + j]
    return out


def drawn_to_wall(g):  # a whole line of 5: each 2 drawn to it, each 1 away from it
    if [5] * len(g[0]) not in g:
        return transposed(drawn_to_wall(transposed(g)))
    line, out = g.index([5] * len(g[0])), [r[:] for r in g]
    for i, j in itertools.product(range(len(g)), range(len(g[0]))):
        step = 1 if i < line else -1
        if g[i][j] == 2:
            for x in range(i, line, step):
                out[x][j] = 2
        if g[i][j] == 1:
            for x in range(i, -1 if step > 0 else len(g), -step):
                out[x][j] = 1
    return out


def bars_raised(g):  # each bar standing on the bottom raised by its height
    out = [[0] * len(r) for r in g]
    for j, k in enumerate(transposed(g)):
        top = [i for i, c in enumerate(k) if c]
        for i in top:
            out[i - len(top)][j] = k[i]
    return out


def diagonal_and_floor(g):  # a line at the left: the floor in 4, a diagonal of 2 to it
    n, out = len(g) - 1, [r[:] for r in g]
    for k in range(1, n + 1):
        out[n][k], out[n - k][k] = 4, 2
    return out


def rings_extended(g):  # the top row's colours as rings from the corner, twice the size
    colours, n = [c for c in g[0] if c], 2 * len(g)
    return [[colours[max(i, j) % len(colours)] for j in range(n)] for i in range(n)]


def gathered_to_1_2(g):  # each 7 next to the 1 on its side, each 3 next to the 2
    out = [[c if c in (1, 2) else 0 for c in r] for r in g]
    for x, y in ((1, 7), (2, 3)):
        ((a, b),) = [(i, j) for i, r in enumerate(g) for j, c in enumerate(r) if c == x]
        for i, j in [(i, j) for i, r in enumerate(g) for j, c in enumerate(r) if c == y]:
            out[a + (i > a) - (i < a)][b + (j > b) - (j < b)] = y
    return out


def nearest_border(g):  # between two border columns, each cell in the nearer one's colour
    if len(set(g[0])) == 1:
        return transposed(nearest_border(transposed(g)))
    w = len(g[0])
    return [[c and (r[0] if j < w / 2 else r[-1]) for j, c in enumerate(r)] for r in g]


def staircase(g):  # a bar of 2: above it each row one longer in 3, below one shorter in 1
    a = next(i for i, r in enumerate(g) if 2 in r)
    n = g[a].count(2)
    return [
        [(3 if i < a else 2 if i == a else 1) if j < n + a - i else 0 for j in range(len(r))]
        for i, r in enumerate(g)
    ]


def cross_mirrored(g):  # the shape in the top left quarter, in all four, the cross's colour
    q, x = len(g) // 2, g[len(g) // 2][0]
    out = [[0] * (2 * q) for _ in range(2 * q)]
    for i, j in itertools.product(range(q), repeat=2):
        if g[i][j]:
            for a, b in itertools.product((i, 2 * q - 1 - i), (j, 2 * q - 1 - j)):
                out[a][b] = x
    return out


PANELS = {  # the holes of a 4x4 panel of 5 (a row of 0s is a hole in rows 1 and 2) -> colour
    "5555555555555555": 2,
    "5555500550055555": 8,
    "5555055005505555": 3,
    "5555555550055005": 4,
}


def panel_patterns(g):  # each of three panels, by its holes, as a row of three in a colour
    keys = ["".join(str(c) for r in g for c in r[j : j + 4]) for j in (0, 5, 10)]
    return [[PANELS[k]] * 3 for k in keys]


def ones_in_box_3(g):  # the 1s in the box around the 8s in 3
    top, bottom, left, right = colour_box(g, 8)
    return [
        [3 if c == 1 and top <= i <= bottom and left <= j <= right else c for j, c in enumerate(r)]
        for i, r in enumerate(g)
    ]


def halves_framed(g):  # each half of a 10x10 framed in its cell's colour, rows 2 and 7 whole
    top, bottom = max(c for r in g[:5] for c in r), max(c for r in g[5:] for c in r)
    return [
        [(top if i < 5 else bottom) * (i in (0, 2, 7, 9) or j in (0, 9)) for j in range(10)]
        for i in range(10)
    ]


def middle_by_corners(g):  # the middle, each set cell in the colour of its quarter's corner
    m = len(g) - 4
    corner = {(0, 0): g[0][0], (0, 1): g[0][-1], (1, 0): g[-1][0], (1, 1): g[-1][-1]}
    return [
        [corner[2 * i >= m, 2 * j >= m] if g[i + 2][j + 2] else 0 for j in range(m)]
        for i in range(m)
    ]


def panels_turned(g):  # the left panel, then it turned clockwise, then upside down
    n = len(g)
    panel = [r[:n] for r in g]
    turned = [[panel[n - 1 - j][i] for j in range(n)] for i in range(n)]
    return [a + [5] + b + [5] + c[::-1] for a, b, c in zip(panel, turned, panel[::-1], strict=True)]


def tiled_diagonals_8(g):  # tiled 2x2, the background diagonal to a set cell in 8
    t = [r * 2 for r in g * 2]
    h, w = len(t), len(t[0])
    return [
        [
            c
            or 8
            * any(
                t[a][b] for a in (i - 1, i + 1) for b in (j - 1, j + 1) if 0 <= a < h and 0 <= b < w
            )
            for j, c in enumerate(r)
        ]
        for i, r in enumerate(t)
    ]


SHAPE_COLOURS = {"110101010": 1, "101010101": 2, "011011100": 3, "010111010": 6}


def shape_to_colour(g):  # the colour the 3x3 shape stands for
    return [[SHAPE_COLOURS["".join(str(int(c > 0)) for r in g for c in r)]]]


def columns_zigzag(g):  # from the bottom cell's column on, every other column, 5s between
    x = max(g[-1])
    c, h = g[-1].index(x), len(g)
    out = [[0] * len(r) for r in g]
    for j in range(c, len(g[0])):
        for i in range(h):
            d = j - c
            out[i][j] = (
                x
                if d % 2 == 0
                else 5
                if (d % 4 == 1 and i == 0) or (d % 4 == 3 and i == h - 1)
                else 0
            )
    return out


def tiled_columns_8(g):  # tiled 2x2, the background in a column with a set cell in 8
    filled = [[c or 8 * any(k) for c, k in zip(r, transposed(g), strict=True)] for r in g]
    return [r * 2 for r in filled * 2]


def elbow_2_to_3(g):  # 8s from the 2 along its row to the 3's column, then to the 3
    return transposed(elbow_8_to_2(transposed(g), 2, 3, 8))


def elbow_8_to_2(g, start=8, end=2, x=4):  # 4s from the 8 down its column, then to the 2
    ((a, b),) = [(i, j) for i, r in enumerate(g) for j, c in enumerate(r) if c == start]
    ((e, d),) = [(i, j) for i, r in enumerate(g) for j, c in enumerate(r) if c == end]
    out = [r[:] for r in g]
    for i in range(min(a, e), max(a, e) + 1):
        out[i][b] = out[i][b] or x
    for j in range(min(b, d), max(b, d) + 1):
        out[e][j] = out[e][j] or x
    return out


def lines_8_7_crossed(g):  # lines through the 8 and the 7, 2 where lines of both cross
    out = [[0] * len(r) for r in g]
    for i, j in itertools.product(range(len(g)), range(len(g[0]))):
        line = g[i] + [r[j] for r in g]
        out[i][j] = [0, 8, 7, 2][(8 in line) + 2 * (7 in line)]
    return out


def rarest_ringed(g):  # the rarest colour's cell alone, ringed with 2
    cells = Counter(c for r in g for c in r)
    m = min(cells, key=cells.get)
    ((a, b),) = [(i, j) for i, r in enumerate(g) for j, c in enumerate(r) if c == m]
    out = [[0] * len(r) for r in g]
    for i, j in itertools.product(range(a - 1, a + 2), range(b - 1, b + 2)):
        if 0 <= i < len(g) and 0 <= j < len(g[0]):
            out[i][j] = 2
    out[a][b] = m
    return out


def edges_repeated(g):  # a border of the edge rows and columns repeated, blank corners
    return [[0, *g[0], 0]] + [[r[0], *r, r[-1]] for r in g] + [[0, *g[-1], 0]]


def plus_between(g):  # a plus of 3 halfway between two cells
    (a, b), (e, d) = [(i, j) for i, r in enumerate(g) for j, c in enumerate(r) if c]
    out = [r[:] for r in g]
    for i, j in ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)):
        out[(a + e) // 2 + i][(b + d) // 2 + j] = 3
    return out


def v_from_line(g):  # a V up from the end of a line of 7, its columns 7 and 8 in turn
    b = g[0].index(7)
    n = sum(r[b] == 7 for r in g)
    return [
        [7 + (j - b) % 2 if abs(j - b) < n - i else 0 for j in range(len(r))]
        for i, r in enumerate(g)
    ]


def every_other_from_right(g):  # in each row, every other set cell from the right in 3
    return [[3 if c and (len(r) - 1 - j) % 2 == 0 else c for j, c in enumerate(r)] for r in g]


GLYPHS = {1: ["010", "111", "010"], 2: ["111", "010", "010"], 3: ["001", "001", "111"]}


def colour_to_glyph(g):  # the glyph of the one colour there is, in 5
    return [[5 * int(c) for c in row] for row in GLYPHS[max(c for r in g for c in r)]]


def colours_to_line(g):  # a top row, a diagonal or the other one, by the count of colours
    n = len({c for r in g for c in r})
    return [[5 * [i == 0, i == j, i + j == 2][n - 1] for j in range(3)] for i in range(3)]


def ones_counted_2(g):  # a 2 for each 1: along the top row of a 3x3, then its middle
    out = [[0] * 3 for _ in range(3)]
    for i, j in [(0, 0), (0, 1), (0, 2), (1, 1)][: sum(map(sum, g))]:
        out[i][j] = 2
    return out


def odd_cells_scaled(g):  # each cell on an odd row and column as a 4x4 block
    return [[g[2 * (a // 4) + 1][2 * (b // 4) + 1] for b in range(20)] for a in range(20)]


def pairs_3_2(g):  # a 3 beside a 2 becomes 8, and the 2 goes
    out = [r[:] for r in g]
    for i, j in itertools.product(range(len(g)), range(len(g[0]))):
        near = [g[a][b] for a, b in beside(g, [(i, j)])]
        if g[i][j] in (2, 3) and 5 - g[i][j] in near:
            out[i][j] = 8 if g[i][j] == 3 else 0
    return out


def third_columns_6(g):  # the 4s of every third column in 6
    return [[6 if c == 4 and j % 3 == 0 else c for j, c in enumerate(r)] for r in g]


def odd_corner(g):  # the 2x2 corner of a 5x5 unlike the other three
    corners = [[r[b : b + 2] for r in g[a : a + 2]] for a in (0, 3) for b in (0, 3)]
    return next(q for q in corners if corners.count(q) == 1)


def block_diagonals_scaled(g):  # scaled by the colours less one, diagonals through the block
    colours = {c for r in g for c in r}
    k = len(colours) - 1
    big = [[c for c in r for _ in range(k)] for r in g for _ in range(k)]
    (block,) = colours - set(g[-1]) - {r[-1] for r in g} - {0}
    top, _, left, right = colour_box(big, block)
    return [
        [c or 2 * (i - j == top - left or i + j == top + right) for j, c in enumerate(r)]
        for i, r in enumerate(big)
    ]


SHAPES = {  # name: (rule, input shape as (h, w) from a draw of n)
    "flip_h": (flip_h, lambda n: (n, n + 1)),
    "rot_cw": (rot_cw, lambda n: (n + 1, n)),
    "mirror_2x2": (mirror_2x2, lambda n: (n, n + 1)),
    "halves_and": (halves_and, lambda n: (n, 2 * n + 1)),
    "kron": (kron, lambda n: (n, n)),
    "recolour": (recolour, lambda n: (n, n)),
    "scale3": (scale3, lambda n: (n, n + 1)),
    "tile_rot": (tile_rot, lambda n: (n, n)),
    "empty_lines": (empty_lines, lambda n: (n + 1, n + 2)),
    "stripes": (stripes, lambda n: (n, 2 * n)),
    "enclosed": (enclosed, lambda n: (n + 2, n + 3)),
    "enclosed_outside": (enclosed_outside, lambda n: (n + 3, n + 2)),
    "enclosed_alone": (enclosed_alone, lambda n: (n + 3, n + 3)),
    "mend": (mend, lambda n: (2 * n, 2 * n + 1)),
    "quarters": (quarters, lambda n: (2 * n + 1, 2 * n + 3)),
    "thirds": (thirds, lambda n: (3 * n, n + 1)),
    "kron_where": (kron_where, lambda n: (n, n)),
    "trimmed_flip": (trimmed_flip, lambda n: (n + 4, n + 5)),
    "halo": (halo, lambda n: (n + 3, n + 4)),
    "lines": (lines, lambda n: (n + 4, n + 3)),
    "between": (between, lambda n: (n + 4, n + 5)),
    "blocks": (blocks, lambda n: (3 * n, 3 * n - 3)),
    "row_lookup": (row_lookup, lambda n: (n + 2, 3)),
    "rarest": (rarest, lambda n: (n + 3, n + 4)),
    "diagonals": (diagonals, lambda n: (n + 2, n + 2)),
    "periodic": (periodic, lambda n: (6, n)),
    "periodic_rows": (periodic_rows, lambda n: (n, 6)),
    "downscaled": (downscaled, lambda n: (3 * n - 3, 3 * n)),
    "crossing": (crossing, lambda n: (n + 3, n + 4)),
    "diagonal_mend": (diagonal_mend, lambda n: (n + 2, n + 3)),
    "lonely": (lonely, lambda n: (n + 4, n + 4)),
    "spiral": (spiral, lambda n: (3 * n - 4, 3 * n - 4)),  # 5, 8 and 11 a side
    "squares": (squares, lambda n: (n + 3, n + 4)),
    "ranked": (ranked, lambda n: (n + 2, 2 * n)),
    "unmasked": (unmasked, lambda n: (n + 3, n + 4)),
    "uncovered": (uncovered, lambda n: (n + 3, n + 4)),
    "unmasked_off": (unmasked_off, lambda n: (2 * n, 2 * n)),
    "corners": (corners, lambda n: (2 * n + 3, 2 * n + 3)),
    "rarest_lines": (rarest_lines, lambda n: (n + 4, n + 5)),
    "by_count": (by_count, lambda n: (n + 2, n + 3)),
    "folded": (folded, lambda n: (n + 1, 2 * n + 1)),
    "stamps": (stamps, lambda n: (3 * n, 3 * n + 2)),
    "cross": (cross, lambda n: (n + 4, n + 3)),
    "rings_rotated": (rings_rotated, lambda n: (2 * n, 2 * n)),
    "collected_snake": (collected_snake, lambda n: (n + 4, n + 5)),
    "counted": (counted, lambda n: (n + 4, n + 5)),
    "panels": (panels, lambda n: (n + 5, n + 6)),
    "block_filled": (block_filled, lambda n: (4 * (n % 2) + 3, 4 * n - 1)),
    "between_alike_both": (between_alike_both, lambda n: (n + 4, n + 5)),
    "extremes": (extremes, lambda n: (n + 4, 2 * n + 3)),
    "by_count_rest": (by_count_rest, lambda n: (n + 4, n + 5)),
    "uniform_lines": (uniform_lines, lambda n: (2 * n + 4, n + 4)),
    "histogram": (histogram, lambda n: (n, n)),
    "bands": (bands, lambda n: (n + 3, 3 * n)),
    "trim_swapped": (trim_swapped, lambda n: (n + 4, n + 5)),
    "square_mend": (square_mend, lambda n: (n + 3, n + 4)),
    "dedupe_trim": (dedupe_trim, lambda n: (n + 5, n + 5)),
    "between_rows": (between_rows, lambda n: (n + 4, n + 5)),
    "between_alike": (between_alike, lambda n: (n + 4, n + 5)),
    "band_repeated": (band_repeated, lambda n: (3 * n, n + 2)),
    "periodic_prefix": (periodic_prefix, lambda n: (n, 4 * n)),
    "trail": (trail, lambda n: (n + 3, 2 * n)),
    "header_rows": (header_rows, lambda n: (2 * n, n)),
    "sized": (sized, lambda n: (n + 4, n + 5)),
    "corners_thrown": (corners_thrown, lambda n: (n + 3, n + 4)),
    "dotted_middle": (dotted_middle, lambda n: (4 * n, 3 * n)),
    "plus_stars": (plus_stars, lambda n: (6 * n - 1, 6 * n)),
    "ends_met": (ends_met, lambda n: (n + 2, 2 * n + 3)),
    "sampled": (sampled, lambda n: (n, n)),
    "lines_repeated": (lines_repeated, lambda n: (2 * n + 6, n + 2)),
    "densest_trimmed": (densest_trimmed, lambda n: (n + 8, n + 9)),
    "fallen_to_band": (fallen_to_band, lambda n: (2 * n + 4, n + 5)),
    "rows_by_count": (rows_by_count, lambda n: (n + 3, n + 4)),
    "trimmed_kron": (trimmed_kron, lambda n: (n + 9, n + 10)),
    "fullest_panels": (fullest_panels, lambda n: (11, 11)),
    "under_marker": (under_marker, lambda n: (n + 5, n + 5)),
    "under_holes": (under_holes, lambda n: (n + 4, 4 * n)),
    "odd_panel": (odd_panel, lambda n: (3 * n, 3)),
    "commonest_trimmed": (commonest_trimmed, lambda n: (n + 5, n + 6)),
    "cross_shifted": (cross_shifted, lambda n: (n + 6, n + 6)),
    "ring_lines": (ring_lines, lambda n: (3 * n + 3, 3 * n + 4)),
    "corners_overlaid": (corners_overlaid, lambda n: (2 * n - 1, 2 * n + 1)),
    "zigzag_down": (zigzag_down, lambda n: (n + 3, 3 * n)),
    "panel_counts": (panel_counts, lambda n: (11, 11)),
    "block_corners": (block_corners, lambda n: (4 * n, 4 * n + 2)),
    "frame_inside": (frame_inside, lambda n: (n + 6, n + 7)),
    "box_gaps": (box_gaps, lambda n: (n + 5, n + 6)),
    "noisiest_region": (noisiest_region, lambda n: (2 * n + 4, 2 * n + 5)),
    "panel_marks": (panel_marks, lambda n: (2 * n + 3, 2 * n + 4)),
    "inner_rows_between": (inner_rows_between, lambda n: (n + 5, n + 5)),
    "square_holes": (square_holes, lambda n: (n + 9, n + 9)),
    "ringed": (ringed, lambda n: (n + 7, n + 8)),
    "stamped": (stamped, lambda n: (n + 7, n + 7)),
    "panels_copied": (panels_copied, lambda n: (n, n + 1)),  # a panel's shape: the grid's varies
    "commonest_shape": (commonest_shape, lambda n: (12, 12)),
    "lines_ranked": (lines_ranked, lambda n: (n + 5, n + 6)),
    "boxes_by_colour": (boxes_by_colour, lambda n: (n + 7, n + 8)),
    "pairs_ringed": (pairs_ringed, lambda n: (n + 7, n + 8)),
    "mirror_shape": (mirror_shape, lambda n: (n + 7, n + 7)),
    "crossing_swapped": (crossing_swapped, lambda n: (n + 5, n + 6)),
    "fallen_to_8": (fallen_to_8, lambda n: (n + 8, n + 9)),
    "marker_shape": (marker_shape, lambda n: (n + 8, n + 8)),
    "diagonal_rays": (diagonal_rays, lambda n: (n + 7, n + 8)),
    "corners_joined": (corners_joined, lambda n: (n + 6, n + 7)),
    "most_ones_3x3": (most_ones_3x3, lambda n: (n + 6, n + 6)),
    "most_twos_block": (most_twos_block, lambda n: (n + 7, n + 7)),
    "inner_by_size": (inner_by_size, lambda n: (n + 7, n + 8)),
    "stamped_moved": (stamped_moved, lambda n: (n + 7, n + 8)),
    "stamped_at_5": (stamped_at_5, lambda n: (n + 8, n + 8)),
    "largest_colours": (largest_colours, lambda n: (n + 6, n + 7)),
    "bottoms_aligned": (bottoms_aligned, lambda n: (n + 4, 3 * n)),
    "background_trimmed": (background_trimmed, lambda n: (n + 5, n + 6)),
    "widest_colour": (widest_colour, lambda n: (n + 8, n + 8)),
    "step_toward_4": (step_toward_4, lambda n: (n + 3, n + 4)),
    "fanned_right": (fanned_right, lambda n: (1, 2 * n)),
    "squares_counted": (squares_counted, lambda n: (n + 6, n + 6)),
    "rarest_cropped": (rarest_cropped, lambda n: (2 * n + 5, 2 * n + 6)),
    "holed_colour": (holed_colour, lambda n: (n + 7, n + 8)),
    "corner_rays": (corner_rays, lambda n: (n + 6, n + 7)),
    "crossing_ringed": (crossing_ringed, lambda n: (n + 6, n + 7)),
    "counted_below": (counted_below, lambda n: (n + 7, 3 * n + 3)),
    "moved_into_corners": (moved_into_corners, lambda n: (n + 8, n + 8)),
    "rings_to_plus": (rings_to_plus, lambda n: (n + 8, n + 9)),
    "corners_collected": (corners_collected, lambda n: (n + 6, n + 7)),
    "diagonals_up": (diagonals_up, lambda n: (1, n + 2)),
    "stamped_at_1": (stamped_at_1, lambda n: (n + 6, n + 10)),
    "lines_listed": (lines_listed, lambda n: (2 * n + 7, 2 * n + 8)),
    "panel_colours": (panel_colours, lambda n: (n, n + 1)),
    "drawn_to_block": (drawn_to_block, lambda n: (n + 7, n + 8)),
    "zigzag_filled": (zigzag_filled, lambda n: (3, 3 * n + 3)),
    "mirrored_about_block": (mirrored_about_block, lambda n: (n + 8, n + 9)),
    "rays_from_2s": (rays_from_2s, lambda n: (n + 5, n + 6)),
    "diagonals_doubled": (diagonals_doubled, lambda n: (n, n)),
    "self_kron": (self_kron, lambda n: (n + 6, n + 6)),
    "inside_corners_swapped": (inside_corners_swapped, lambda n: (n + 5, n + 6)),
    "ring_centre": (ring_centre, lambda n: (n + 4, n + 5)),
    "tiled_by_count": (tiled_by_count, lambda n: (3, 3)),
    "dropped_with_stripes": (dropped_with_stripes, lambda n: (n, n + 1)),
    "line_grid_size": (line_grid_size, lambda n: (n + 6, n + 7)),
    "blank_lines_3": (blank_lines_3, lambda n: (n + 6, n + 7)),
    "box_stretched": (box_stretched, lambda n: (n + 7, n + 7)),
    "ray_from_marker": (ray_from_marker, lambda n: (n + 6, n + 6)),
    "lines_to_block": (lines_to_block, lambda n: (n + 7, n + 7)),
    "lines_to_densest": (lines_to_densest, lambda n: (n + 8, n + 9)),
    "drawn_to_lines": (drawn_to_lines, lambda n: (n + 7, n + 9)),
    "edges_facing": (edges_facing, lambda n: (n + 7, n + 8)),
    "sides_collected": (sides_collected, lambda n: (n + 6, n + 8)),
    "mirrored_about_x": (mirrored_about_x, lambda n: (n + 9, n + 9)),
    "scaled_into_frame": (scaled_into_frame, lambda n: (n + 14, n + 12)),
    "holes_across_bands": (holes_across_bands, lambda n: (n + 6, n + 7)),
    "best_frame": (best_frame, lambda n: (n + 9, n + 10)),
    "pattern_downscaled": (pattern_downscaled, lambda n: (n + 12, n + 13)),
    "crop_fallen_to_line": (crop_fallen_to_line, lambda n: (n + 10, n + 11)),
    "shape_into_frame": (shape_into_frame, lambda n: (n + 9, n + 9)),
    "blocks_from_corner": (blocks_from_corner, lambda n: (3, 3)),
    "regions_touching_1": (regions_touching_1, lambda n: (n + 6, n + 7)),
    "holed_shapes_8": (holed_shapes_8, lambda n: (n + 9, n + 9)),
    "closed_rings_3": (closed_rings_3, lambda n: (n + 9, n + 9)),
    "regions_by_size": (regions_by_size, lambda n: (n + 8, n + 9)),
    "shapes_counted": (shapes_counted, lambda n: (n + 8, n + 8)),
    "diagonals_from_base": (diagonals_from_base, lambda n: (n + 2, 2 * n + 1)),
    "odd_shape_out": (odd_shape_out, lambda n: (n + 7, n + 7)),
    "shape_boxes_7": (shape_boxes_7, lambda n: (n + 6, n + 6)),
    "rings_from_diagonal": (rings_from_diagonal, lambda n: (2 * n + 9, 2 * n + 10)),
    "inner_corners_out": (inner_corners_out, lambda n: (n + 6, n + 7)),
    "corners_assembled": (corners_assembled, lambda n: (n + 9, n + 9)),
    "drawn_to_wall": (drawn_to_wall, lambda n: (n + 6, n + 7)),
    "bars_raised": (bars_raised, lambda n: (2 * n + 6, n + 7)),
    "diagonal_and_floor": (diagonal_and_floor, lambda n: (n + 2, n + 2)),
    "rings_extended": (rings_extended, lambda n: (n + 1, n + 1)),
    "gathered_to_1_2": (gathered_to_1_2, lambda n: (n + 9, n + 10)),
    "nearest_border": (nearest_border, lambda n: (n + 5, 2 * n + 4)),
    "staircase": (staircase, lambda n: (n + 4, n + 5)),
    "cross_mirrored": (cross_mirrored, lambda n: (2 * n + 1, 2 * n + 1)),
    "panel_patterns": (panel_patterns, lambda n: (4, 14)),
    "ones_in_box_3": (ones_in_box_3, lambda n: (n + 8, n + 9)),
    "halves_framed": (halves_framed, lambda n: (10, 10)),
    "middle_by_corners": (middle_by_corners, lambda n: (2 * n + 4, 2 * n + 4)),
    "panels_turned": (panels_turned, lambda n: (n, 3 * n + 2)),
    "tiled_diagonals_8": (tiled_diagonals_8, lambda n: (n, n + 1)),
    "shape_to_colour": (shape_to_colour, lambda n: (3, 3)),
    "columns_zigzag": (columns_zigzag, lambda n: (n + 6, n + 7)),
    "tiled_columns_8": (tiled_columns_8, lambda n: (n, n + 1)),
    "elbow_2_to_3": (elbow_2_to_3, lambda n: (n + 8, n + 9)),
    "elbow_8_to_2": (elbow_8_to_2, lambda n: (n + 8, n + 9)),
    "lines_8_7_crossed": (lines_8_7_crossed, lambda n: (n + 5, n + 6)),
    "rarest_ringed": (rarest_ringed, lambda n: (n + 5, n + 6)),
    "edges_repeated": (edges_repeated, lambda n: (n - 1, n)),
    "plus_between": (plus_between, lambda n: (n + 6, n + 7)),
    "v_from_line": (v_from_line, lambda n: (n + 3, 2 * n + 3)),
    "every_other_from_right": (every_other_from_right, lambda n: (3, 3 * n)),
    "colour_to_glyph": (colour_to_glyph, lambda n: (5, 5)),
    "colours_to_line": (colours_to_line, lambda n: (3, 3)),
    "ones_counted_2": (ones_counted_2, lambda n: (3, 3)),
    "odd_cells_scaled": (odd_cells_scaled, lambda n: (10, 10)),
    "pairs_3_2": (pairs_3_2, lambda n: (n + 5, n + 6)),
    "third_columns_6": (third_columns_6, lambda n: (3, 3 * n + 1)),
    "odd_corner": (odd_corner, lambda n: (5, 5)),
    "block_diagonals_scaled": (block_diagonals_scaled, lambda n: (5, 5)),
    "fill_common": (fill_common, lambda n: (n + 3, n + 4)),
    "uncommon": (uncommon, lambda n: (n + 10, n + 11)),  # large: the commonest found once
}
SHAPES |= {name: (rule, None) for name, (rule, *_) in DRAWN.items()}


def placed(rng, h, w, sizes, gap=1, taken=()):  # top left corners of boxes, `gap` apart and
    taken, out = set(taken), []  # from the cells `taken`; None when they do not fit
    for a, b in sizes:
        for _ in range(200):
            top, left = rng.randrange(h - a + 1), rng.randrange(w - b + 1)
            area = {
                (i, j)
                for i in range(top - gap, top + a + gap)
                for j in range(left - gap, left + b + gap)
            }
            if not area & taken:
                taken |= {(i, j) for i in range(top, top + a) for j in range(left, left + b)}
                out.append((top, left))
                break
        else:
            return None
    return out


# Shapes drawn on a blank grid rather than on noise, each found by the idiom of its name.
BLANK = ("boxes_by_colour", "pairs_ringed", "mirror_shape", "crossing_swapped", "fallen_to_8")
BLANK += ("marker_shape", "diagonal_rays", "corners_joined", "most_ones_3x3", "most_twos_block")
BLANK += ("inner_by_size", "stamped_moved", "stamped_at_5", "largest_colours", "bottoms_aligned")
BLANK += ("background_trimmed", "widest_colour", "step_toward_4", "fanned_right")
BLANK += ("squares_counted", "rarest_cropped", "holed_colour", "corner_rays", "crossing_ringed")
BLANK += ("counted_below", "moved_into_corners", "rings_to_plus", "corners_collected")
BLANK += ("diagonals_up", "stamped_at_1", "lines_listed", "panel_colours", "drawn_to_block")
BLANK += ("zigzag_filled", "mirrored_about_block", "rays_from_2s", "diagonals_doubled")
BLANK += ("self_kron", "inside_corners_swapped", "ring_centre", "tiled_by_count")
BLANK += ("dropped_with_stripes", "line_grid_size", "blank_lines_3", "box_stretched")
BLANK += ("ray_from_marker", "lines_to_block", "lines_to_densest", "drawn_to_lines")
BLANK += ("edges_facing", "sides_collected", "mirrored_about_x", "scaled_into_frame")
BLANK += ("holes_across_bands", "best_frame", "pattern_downscaled", "crop_fallen_to_line")
BLANK += ("shape_into_frame", "blocks_from_corner", "regions_touching_1", "holed_shapes_8")
BLANK += ("closed_rings_3", "regions_by_size", "shapes_counted", "diagonals_from_base")
BLANK += ("odd_shape_out", "shape_boxes_7", "rings_from_diagonal", "inner_corners_out")
BLANK += ("corners_assembled", "drawn_to_wall", "bars_raised", "diagonal_and_floor")
BLANK += ("rings_extended", "gathered_to_1_2", "nearest_border", "staircase")
BLANK += ("cross_mirrored", "panel_patterns", "ones_in_box_3", "halves_framed")
BLANK += ("middle_by_corners", "panels_turned", "tiled_diagonals_8", "shape_to_colour")
BLANK += ("columns_zigzag", "tiled_columns_8", "elbow_2_to_3")
BLANK += ("lines_8_7_crossed", "rarest_ringed", "edges_repeated", "plus_between")
BLANK += ("elbow_8_to_2", "v_from_line", "every_other_from_right", "colour_to_glyph")
BLANK += ("colours_to_line", "ones_counted_2", "odd_cells_scaled", "pairs_3_2")
BLANK += ("third_columns_6", "odd_corner", "block_diagonals_scaled")


def examples(task: Task) -> list[tuple[list, list]]:
    """The train and test pairs: what the search fits."""
    return [(e.input, e.output) for e in (*task.train, *task.test)]


# The planted tasks the tests judge idioms on (scripts/idiom_check.py reports both): the fit
# tests search FIT_SEED's, the sandbox test judges SANDBOX_SEED's.
FIT_SEED, SANDBOX_SEED = 2, 7


def planted(name: str, seed: int, n_train: int = 3, n_gen: int = 20) -> Task:
    rule, shape = SHAPES[name]
    rng = random.Random(seed)
    colours = [0, 1, 7] if name in ("recolour", "kron") else list(range(10))
    if name in ("empty_lines", "stripes", "quarters", "thirds"):
        colours = [0, 0, 0, 0, 0, 0, 1, 3]
    if name == "halo":
        colours = [0] * 12 + [5, 8]
    if name == "kron_where":
        colours = [0, 2, 2, 5]
    if name == "spiral":
        colours = [0]
    if name == "lines":
        colours = [0] * 12 + [1, 2, 3]
    if name == "between":
        colours = [0] * 10 + [8]
    if name == "lonely":
        colours = [0] * 4 + [8]
    if name == "blocks":
        colours = [0] * 20 + [5]
    if name == "sized":
        colours = [0] * 4 + [1, 5, 5]

    def example() -> Example:
        n = rng.randint(3, 5)
        while name in DRAWN:  # an input drawn by a function of its own; drawn again where its
            g = DRAWN[name][1](rng, n)  # rule has no answer (a rare draw outside the task's kind)
            try:
                return Example(g, rule([r[:] for r in g]))
            except (ValueError, IndexError):
                continue
        h, w = shape(n)
        g = [[rng.choice(colours) for _ in range(w)] for _ in range(h)]
        if name == "halves_and":
            for r in g:
                r[w // 2] = 5  # the separator
        if name == "mend":  # the pattern, and a 2x2 hole in it
            tile = [[rng.randint(1, 9) for _ in range(3)] for _ in range(2)]
            g = [[tile[i % 2][j % 3] for j in range(w)] for i in range(h)]
            top, left = rng.randrange(h - 1), rng.randrange(w - 1)
            for i, j in itertools.product(range(2), repeat=2):
                g[top + i][left + j] = 0
        if name == "trimmed_flip":  # a shape in a blank frame
            top, left = rng.randrange(3), rng.randrange(3)
            g = [[0] * w for _ in range(h)]
            for i, j in itertools.product(range(3), repeat=2):
                g[top + i][left + j] = rng.choice([0, 4, 6])
            g[top][left] = g[top + 1][left + 1] = g[top + 2][left + 2] = 9  # no empty row inside
        if name == "periodic":  # a band of 2 or 3 rows, repeated
            band = [[rng.choice([0, 1]) for _ in range(w)] for _ in range(rng.choice([2, 3]))]
            g = [band[i % len(band)][:] for i in range(h)]
        if name == "periodic_rows":  # each row a band of 1 to 3 cells, repeated
            bands = [[rng.randint(1, 9) for _ in range(rng.randint(1, 3))] for _ in range(h)]
            g = [[b[j % len(b)] for j in range(w)] for b in bands]
        if name == "downscaled":  # blocks of one colour each, and two cells of 9 in each
            g = [[0] * w for _ in range(h)]
            for i, j in itertools.product(range(0, h, 3), range(0, w, 3)):
                for a, b in itertools.product(range(3), repeat=2):
                    g[i + a][j + b] = 1 + (i + j) // 3 % 8
                for _ in range(2):
                    g[i + rng.randrange(3)][j + rng.randrange(3)] = 9
        if name == "crossing":  # a row with a 2 and a column with an 8 in a blank grid
            g = [[0] * w for _ in range(h)]
            a, b = rng.randrange(1, h), rng.randrange(1, w)
            g[a][rng.randrange(b)] = 2
            g[rng.randrange(a)][b] = 8
        if name == "diagonal_mend":  # colours by diagonal, every third alike, half of it holes
            tones = rng.sample(range(1, 10), 3)
            g = [[tones[(i + j) % 3] * (rng.random() < 0.5) for j in range(w)] for i in range(h)]
            g[0][:3] = tones
        if name == "row_lookup":  # one cell of 5 a row
            g = [[0, 0, 0] for _ in range(h)]
            for r in g:
                r[rng.randrange(3)] = 5
        if name == "rarest":  # 2s and 3s, at least two of each, and one cell of 7
            g = [[rng.choice([0, 0, 2, 3]) for _ in range(w)] for _ in range(h)]
            g[0][:2], g[1][:2], g[-1][-1] = [2, 2], [3, 3], 7
        if name.startswith("enclosed"):  # sparse walls, and a ring that surely encloses
            g = [[5 * (rng.random() < 0.3) for _ in range(w)] for _ in range(h)]
            top, left = rng.randrange(h - 2), rng.randrange(w - 2)
            for i, j in itertools.product(range(3), repeat=2):
                g[top + i][left + j] = 5 * ((i, j) != (1, 1))
        if name == "squares":
            g = [[rng.choice([0, 3, 3, 6, 6]) for _ in range(w)] for _ in range(h)]
            top, left, c = rng.randrange(h - 1), rng.randrange(w - 1), rng.choice([3, 6])
            g[top][left : left + 2] = g[top + 1][left : left + 2] = [c, c]  # a square surely
        if name == "ranked":  # bars of 5 up from the bottom, each height once
            tall = rng.sample(range(1, h + 1), w // 2)
            g = [[5 * (j % 2 == 0 and i >= h - tall[j // 2]) for j in range(w)] for i in range(h)]
        if name in ("unmasked", "uncovered"):  # symmetric, a patch of 5 over one side
            half = [[rng.randint(0, 4) for _ in range(w - w // 2)] for _ in range(h - h // 2)]
            top = [r + r[: w // 2][::-1] for r in half]
            g = top + top[: h // 2][::-1]
            top, left = rng.randrange(h // 2 - 1), rng.randrange(w // 2 - 1)  # in a quarter
            for i, j in itertools.product(range(2), repeat=2):
                g[top + i][left + j] = 5
        if name == "unmasked_off":  # a pattern of 0 to 4 symmetric all eight ways, a patch
            m = h // 2 + 1  # of 5 over it: the pattern's rows 0 to h+1, the last two cut off
            corner = [[rng.randint(0, 4) for _ in range(m)] for _ in range(m)]
            g = [
                [corner[min(a, b)][max(a, b)] for j in range(h) for b in [min(j, h + 1 - j)]]
                for i in range(h)
                for a in [min(i, h + 1 - i)]
            ]
            top, left = 2 + rng.randrange(h // 2 - 2), 2 + rng.randrange(h // 2 - 2)
            for i, j in itertools.product(range(2), repeat=2):
                g[top + i][left + j] = 5
        if name == "corners":  # blocks of 5 at least 3 a side, apart
            g = [[0] * w for _ in range(h)]
            for top, left in ((0, 0), (h // 2 + 1, w // 2 + 1)):
                for i, j in itertools.product(range(h // 2 - 1), range(w // 2 - 1)):
                    g[top + i][left + j] = 5
        if name == "rarest_lines":  # noise of 1 and 2, and two pairs of 7 at opposite borders
            g = [[rng.choice([0, 0, 0, 0, 1, 2]) for _ in range(w)] for _ in range(h)]
            for r in g:
                r[0] = r[-1] = 0
            g[0] = [0] * w
            g[-1] = [0] * w
            a, b = rng.randrange(1, h - 1), rng.randrange(1, w - 1)
            g[a][0] = g[a][-1] = g[0][b] = g[-1][b] = 7
            g[1][1:6] = [1, 1, 2, 2, 0]  # both commoner than 7
            g[2][1:6] = [1, 1, 2, 2, 0]
        if name == "by_count":  # three colours, each count once
            cells = [2] * 6 + [5] * 4 + [8] * 2 + [0] * (h * w - 12)
            rng.shuffle(cells)
            g = [cells[i * w : (i + 1) * w] for i in range(h)]
        if name == "stamps":  # a 3 in the middle of some 3x3 tiles, so no two crosses meet
            g = [[0] * w for _ in range(h)]
            for i, j in itertools.product(range(1, h, 3), range(1, w - 1, 3)):
                g[i][j] = 3 * (rng.random() < 0.4)
            g[1][1] = 3
        if name == "rings_rotated":  # two or three colours, ring after ring, square or odd
            h = w = h + rng.randint(0, 1)
            tones = rng.sample(range(10), rng.choice([2, 3]))
            g = [
                [tones[min(i, j, h - 1 - i, w - 1 - j) % len(tones)] for j in range(w)]
                for i in range(h)
            ]
        if name == "between_alike_both":  # a pair of cells in two rows and in two columns
            g = [[0] * w for _ in range(h)]
            for i in rng.sample(range(h), 2):
                a, b = sorted(rng.sample(range(w), 2))
                g[i][a] = g[i][b] = rng.randint(1, 9)
            for j in rng.sample(range(w), 2):
                a, b = sorted(rng.sample(range(h), 2))
                g[a][j] = g[b][j] = rng.randint(1, 9)
        if name == "block_filled":  # lines of 5 every 4 rows and columns, a colour in between
            g = [[5 * (i % 4 == 3 or j % 4 == 3) for j in range(w)] for i in range(h)]
            for i, j in itertools.product(range(1, h, 4), range(1, w, 4)):
                g[i][j] = rng.randint(1, 4)
        if name == "panels":  # two whole rows and two whole columns of 8
            rows, columns = rng.sample(range(1, h - 1), 2), rng.sample(range(1, w - 1), 2)
            g = [[8 * (i in rows or j in columns) for j in range(w)] for i in range(h)]
        if name == "counted":  # one to four 2x2 blocks of 2, apart
            g = [[0] * w for _ in range(h)]
            spots = list(itertools.product(range(0, h - 1, 3), range(0, w - 1, 3)))
            for i, j in rng.sample(spots, rng.randint(1, 4)):
                g[i][j] = g[i][j + 1] = g[i + 1][j] = g[i + 1][j + 1] = 2
        if name == "collected_snake":  # four to eight set cells
            g = [[0] * w for _ in range(h)]
            for _ in range(rng.randint(4, 8)):
                g[rng.randrange(h)][rng.randrange(w)] = rng.randint(1, 9)
        if name == "cross":  # one set cell
            g = [[0] * w for _ in range(h)]
            g[rng.randrange(h)][rng.randrange(w)] = rng.randint(1, 9)
        if name == "extremes":  # a bar of 5 up from the bottom in every other column
            g = [[0] * w for _ in range(h)]
            for j, height in zip(
                range(0, w, 2), rng.sample(range(1, h + 1), (w + 1) // 2), strict=True
            ):
                for r in g[h - height :]:
                    r[j] = 5
        if name == "corners_thrown":  # a 2x2 block of four colours, at times by the border
            g = [[0] * w for _ in range(h)]
            top, left = rng.randrange(h - 1), rng.randrange(w - 1)
            for i, j in itertools.product(range(2), repeat=2):
                g[top + i][left + j] = rng.randint(1, 9)
        if name == "dotted_middle":  # a bar three rows tall in each band of four rows
            g = [[0] * w for _ in range(h)]
            for top in range(0, h, 4):
                left = rng.randrange(w - 2)
                width, c = rng.randint(2, w - left), rng.randint(1, 9)
                for r in g[top : top + 3]:
                    r[left : left + width] = [c] * width
        if name == "plus_stars":  # pluses six cells apart, at least one, two colours each
            g = [[0] * w for _ in range(h)]
            for x, y in itertools.product(range(2, h - 2, 6), range(2, w - 2, 6)):
                if rng.random() < 0.5 or (x, y) == (2, 2):
                    middle, arms = rng.sample(range(1, 10), 2)
                    g[x][y] = middle
                    g[x - 1][y] = g[x + 1][y] = g[x][y - 1] = g[x][y + 1] = arms
        if name == "ends_met":  # some rows set at both ends, the rest blank
            g = [[0] * w for _ in range(h)]
            for r in rng.sample(g, 2):
                r[0], r[-1] = rng.sample(range(1, 10), 2)
        if name == "sampled":  # h x w panels of 2 to 4 cells a side, lines of 5 between
            side = rng.randint(2, 4)
            panels = [[rng.choice([0, 0, 1, 2, 3]) for _ in range(w)] for _ in range(h)]
            g = [
                [
                    5
                    if i % (side + 1) == side or j % (side + 1) == side
                    else panels[i // (side + 1)][j // (side + 1)]
                    for j in range(w * side + w - 1)
                ]
                for i in range(h * side + h - 1)
            ]
        if name == "lines_repeated":  # two cells of two colours; the grid tall or wide
            g = [[0] * w for _ in range(h)]
            first = rng.randrange(h // 2)
            a, b = rng.sample(range(1, 10), 2)
            g[first][rng.randrange(w)], g[first + rng.randint(1, 3)][rng.randrange(w)] = a, b
            if rng.random() < 0.5:
                g = transposed(g)
        if name == "densest_trimmed":  # a shape of 3 rows and 4 columns, two colours strewn apart
            g = [[0] * w for _ in range(h)]
            top, left = rng.randrange(h - 2), rng.randrange(w - 3)
            dense, noise = rng.randint(1, 9), rng.sample(range(2, 10), 2)
            noise = [c if c != dense else 1 for c in noise]
            for i, j in itertools.product(range(3), range(4)):
                g[top + i][left + j] = dense * (rng.random() < 0.7 or i == j)
            outside = [
                (i, j)
                for i, j in itertools.product(range(h), range(w))
                if not (top <= i < top + 3 and left <= j < left + 4)
            ]
            for c in noise:
                for i, j in rng.sample(outside, 8) + [min(outside), max(outside)]:
                    g[i][j] = c
        if name == "fallen_to_band":  # a band of 5 across the middle, a colour strewn about
            x = rng.choice([1, 2, 3, 4, 6, 7, 8, 9])
            g = [[x * (rng.random() < 0.2) for _ in range(w)] for _ in range(h)]
            top = rng.randrange(2, h - 4)
            for r in g[top : top + rng.randint(2, 3)]:
                r[:] = [5] * w
            if rng.random() < 0.5:
                g = transposed(g)
        if name == "rows_by_count":  # a run of each length once, some rows blank
            g = [[0] * w for _ in range(h)]
            for r, n in zip(rng.sample(g, h - 2), rng.sample(range(1, w + 1), h - 2), strict=True):
                left = rng.randint(0, w - n)
                r[left : left + n] = [rng.randint(1, 9)] * n
        if name == "trimmed_kron":  # 3x3 blocks of a colour, a 3x3 layout, no line of it empty
            layout = [[rng.random() < 0.5 or i == j for j in range(3)] for i in range(3)]
            g = [[0] * w for _ in range(h)]
            top, left, x = rng.randrange(h - 8), rng.randrange(w - 8), rng.randint(1, 9)
            for i, j in itertools.product(range(9), repeat=2):
                g[top + i][left + j] = x * layout[i // 3][j // 3]
        if name == "fullest_panels":  # lines of 5 at 3 and 7, cells of one colour strewn
            x = rng.choice([1, 2, 3, 4, 6, 7, 8, 9])
            g = [
                [5 if 3 in (i % 4, j % 4) else x * (rng.random() < 0.2) for j in range(11)]
                for i in range(11)
            ]
        if name == "under_marker":  # a 5 with three rows below it and a column each side
            g = [[rng.choice([0, 0, 1, 4]) for _ in range(w)] for _ in range(h)]
            g[rng.randrange(h - 3)][rng.randrange(1, w - 1)] = 5
        if name == "under_holes":  # arches four columns apart, at any height above the last row
            g = [[0] * w for _ in range(h)]
            for j in range(0, w - 2, 4):
                if rng.random() < 0.6 or j == 0:
                    i, x = rng.randrange(h - 2), rng.randint(1, 9)
                    g[i][j : j + 3], g[i + 1][j : j + 3] = [x, x, x], [x, 0, x]
        if name == "odd_panel":  # panels of one shape but one, in any colours
            common, odd = (
                [[rng.random() < 0.5 or i == j for j in range(3)] for i in range(3)] for _ in "ab"
            )
            odd[0][2] = not common[0][2]  # surely unlike
            shapes = [common] * (h // 3 - 1) + [odd]
            rng.shuffle(shapes)
            g = [[rng.randint(1, 9) * c for c in r] for q in shapes for r in q]
            if rng.random() < 0.5:
                g = transposed(g)
        if name == "commonest_trimmed":  # shapes of 2, 3 and 4 cells; one of 6 over them
            g = [[0] * w for _ in range(h)]
            for n, c in zip((2, 3, 4, 6), rng.sample(range(1, 10), 4), strict=True):
                top, left = rng.randrange(h - 1), rng.randrange(w - 2)
                for i, j in itertools.product(range(2), range(3)):
                    if i * 3 + j < n:
                        g[top + i][left + j] = c
        if name == "cross_shifted":  # a cross of one colour, 1 to 3 cells of 5 at the top right
            n, x = rng.randint(1, 3), rng.choice([1, 2, 3, 4, 6, 7, 8, 9])
            row, column = rng.randrange(n, h - n), rng.randrange(n, w - 1)
            g = [[x * (i == row or j == column) for j in range(w)] for i in range(h)]
            for r in g[:n]:
                r[-1] = 5
        if name == "ring_lines":  # hollow squares of 1 on 8, apart
            g = [[8] * w for _ in range(h)]
            for top, left in ((rng.randrange(h - 11), rng.randrange(w // 2 - 5)), (h - 5, w - 5)):
                for i, j in itertools.product(range(5), repeat=2):
                    g[top + i][left + j] = 1 if {i, j} & {0, 4} else 8
        if name == "corners_overlaid":  # each cell of the output set in one corner at most,
            g = [[0] * w for _ in range(h)]  # the middle row (in two corners) blank
            half = (h + 1) // 2
            for a, b in itertools.product(range(half), range(w // 2)):
                corners = ["tT" if a < half - 1 else "", "bB" if a > 0 else "", "-"]
                corner = rng.choice("".join(corners))  # t, T, b, B: top left ... bottom right
                if corner != "-":
                    i = a + (half - 1) * (corner in "bB")
                    g[i][b + (w // 2 + 1) * corner.isupper()] = rng.randint(1, 9)
        if name == "zigzag_down":  # cells three apart in the top row, the rest blank
            g = [[0] * w for _ in range(h)]
            for j in range(rng.randrange(3), w, 3):
                g[0][j] = rng.randint(1, 9) * (rng.random() < 0.7)
        if name == "panel_counts":  # lines of 8 at 3 and 7, one to three 6s in each panel
            g = [[8 * (3 in (i % 4, j % 4)) for j in range(11)] for i in range(11)]
            for a, b in itertools.product((0, 4, 8), repeat=2):
                cells = list(itertools.product(range(a, a + 3), range(b, b + 3)))
                for i, j in rng.sample(cells, rng.randint(1, 3)):
                    g[i][j] = 6
        if name == "block_corners":  # 2x2 blocks of 5 four cells apart, at least one
            g = [[0] * w for _ in range(h)]
            for i, j in itertools.product(range(1, h - 2, 4), range(1, w - 2, 4)):
                if rng.random() < 0.5 or (i, j) == (1, 1):
                    g[i][j : j + 2] = g[i + 1][j : j + 2] = [5, 5]
        if name == "by_count_rest":  # a ground of 1, three colours on it, each count once
            cells = [2] * 6 + [5] * 4 + [8] * 2 + [1] * 20 + [0] * (h * w - 32)
            rng.shuffle(cells)
            g = [cells[i * w : (i + 1) * w] for i in range(h)]
        if name == "uniform_lines":  # bands of rows (or of columns), their borders ragged
            tones = rng.sample(range(1, 10), 3)
            g = [[tones[i * 3 // h]] * w for i in range(h)]
            for i in range(1, h):
                if g[i][0] != g[i - 1][0]:
                    g[i][rng.randrange(w)] = g[i - 1][0]
            if rng.random() < 0.5:
                g = transposed(g)
        if name == "histogram":  # three colours, each count once, no background
            cells = [1] * (h * w - 5) + [6] * 3 + [9] * 2
            rng.shuffle(cells)
            g = [cells[i * w : (i + 1) * w] for i in range(h)]
        if name == "bands":  # three bands of columns, and noise in each
            tones = rng.sample(range(1, 10), 3)
            g = [[tones[j * 3 // w] for j in range(w)] for _ in range(h)]
            for _ in range(h // 2):
                g[rng.randrange(h)][rng.randrange(w)] = rng.randint(0, 9)
        if name == "trim_swapped":  # a shape of two colours in a blank frame
            a, b = rng.sample(range(1, 10), 2)
            g = [[0] * w for _ in range(h)]
            top, left = rng.randrange(3), rng.randrange(3)
            for i, j in itertools.product(range(3), repeat=2):
                g[top + i][left + j] = rng.choice([a, b])
            g[top][left], g[top + 2][left + 2] = a, b
        if name == "square_mend":  # sparse 8s and a 2x2 square of them, a corner missing
            g = [[8 * (rng.random() < 0.15) for _ in range(w)] for _ in range(h)]
            top, left = rng.randrange(h - 1), rng.randrange(w - 1)
            for i, j in itertools.product(range(2), repeat=2):
                g[top + i][left + j] = 8 * (i + j > 0)
        if name == "between_rows":  # pairs of 4 in rows, and in a column surely
            g = [[4 * (rng.random() < 0.2) for _ in range(w)] for _ in range(h)]
            g[0][0] = g[-1][0] = 4
        if name == "between_alike":  # each row one colour's pair of cells, or none
            g = [[0] * w for _ in range(h)]
            for r in g[1:]:
                a, b = sorted(rng.sample(range(w), 2))
                r[a] = r[b] = rng.randint(1, 9)
        if name == "band_repeated":  # a band of 2 or 3 rows, each with a set cell
            g = [[0] * w for _ in range(h)]
            top = rng.randrange(h - 3)
            for r in g[top : top + rng.choice([2, 3])]:
                r[:] = [rng.choice([0, 2, 5]) for _ in range(w)]
                r[rng.randrange(w)] = 7
        if name == "periodic_prefix":  # each row a motif twice or more, then nothing
            g = []
            for _ in range(h):
                motif = [rng.randint(0, 9) for _ in range(rng.randint(1, 3))]
                motif[-1] = rng.randint(1, 9)
                seen = motif * rng.randint(2, 3)
                g.append(seen + [0] * (w - len(seen)))
        if name == "trail":  # a cell in some rows
            g = [[0] * w for _ in range(h)]
            for r in g[::2]:
                r[rng.randrange(w)] = rng.choice([2, 6, 8])
        if name == "header_rows":  # a row of colours, a row of 5, then nothing
            g = [[rng.randint(1, 9) for _ in range(w)], [5] * w] + [[0] * w for _ in range(h - 2)]
        if name == "dedupe_trim":  # blocks of colour, empty rows and columns between some
            tones = [[rng.randint(1, 9) for _ in range(2)] for _ in range(2)]
            rows, cols = [0, 0, 1, 1, 1], [0, 1, 1, 1, 1]
            g = [[tones[rows[i * 5 // h]][cols[j * 5 // w]] for j in range(w)] for i in range(h)]
            g[0] = [0] * w
            for r in g:
                r[-2] = 0
        if name == "frame_inside":  # noise of three colours, a frame of a fourth over it
            tones = rng.sample(range(1, 10), 4)
            g = [[rng.choice(tones[:3]) for _ in range(w)] for _ in range(h)]
            top, left = rng.randrange(h - 4), rng.randrange(w - 4)
            bottom, right = rng.randrange(top + 3, h), rng.randrange(left + 3, w)
            for i, j in itertools.product(range(top, bottom + 1), range(left, right + 1)):
                if i in (top, bottom) or j in (left, right):
                    g[i][j] = tones[3]
        if (
            name == "box_gaps"
        ):  # a box of 1 with a line across, some of both gone, three corners kept
            g = [[0] * w for _ in range(h)]
            top, left = rng.randrange(h - 4), rng.randrange(w - 4)
            bottom, right = rng.randrange(top + 4, h), rng.randrange(left + 4, w)
            box = [
                (i, j)
                for i in range(top, bottom + 1)
                for j in range(left, right + 1)
                if i in (top, bottom) or j in (left, right)
            ]
            if rng.random() < 0.5:
                k = rng.randrange(top + 2, bottom - 1)
                line = [(k, j) for j in range(left + 1, right)]
            else:
                k = rng.randrange(left + 2, right - 1)
                line = [(i, k) for i in range(top + 1, bottom)]
            corners = [(top, left), (top, right), (bottom, left), (bottom, right)]
            kept = rng.sample(corners, 3) + rng.sample(line, 2)
            for i, j in box + line:
                if (i, j) in kept or rng.random() < 0.6:
                    g[i][j] = 1
        if name == "noisiest_region":  # four blocks of colour, cells of a fifth inside each
            tones = rng.sample(range(10), 4)
            tones.append(rng.choice([c for c in range(1, 10) if c not in tones]))
            a, b = rng.randrange(4, h - 4), rng.randrange(4, w - 4)
            g = [[tones[(i >= a) * 2 + (j >= b)] for j in range(w)] for i in range(h)]
            spans = [
                (range(1, a - 1), range(1, b - 1)),
                (range(1, a - 1), range(b + 1, w - 1)),
                (range(a + 1, h - 1), range(1, b - 1)),
                (range(a + 1, h - 1), range(b + 1, w - 1)),
            ]
            counts = rng.sample([1, 2, 3, 4], 4)
            for (rows, cols), n in zip(spans, counts, strict=True):
                for i, j in rng.sample(
                    list(itertools.product(rows, cols)), min(n, len(rows) * len(cols))
                ):
                    g[i][j] = tones[4]
        if name == "panel_marks":  # two or four lines of 5 each way, none at the border

            def lines(n):
                k = rng.choice([2, 4]) if n >= 9 else 2
                return sorted(rng.sample(range(1, n - 1, 2), k))

            rows, cols = lines(h), lines(w)
            g = [[5 * (i in rows or j in cols) for j in range(w)] for i in range(h)]
        if name == "inner_rows_between":  # 2x2 blocks of 2, two of them side by side; the
            g = [[0] * w for _ in range(h)]  # first and last rows set at their ends
            top, left = rng.randrange(1, h - 2), rng.randrange(w - 5)
            blocks = [(top, left), (top, rng.randrange(left + 3, w - 1))]
            blocks += [
                (rng.randrange(h - 1), rng.randrange(w - 1)) for _ in range(rng.randint(0, 2))
            ]
            for top, left in blocks:
                for i, j in itertools.product(range(top, top + 2), range(left, left + 2)):
                    g[i][j] = 2
            g[0][0] = g[0][-1] = g[-1][0] = g[-1][-1] = 2
        if name == "square_holes":  # hollow squares of 1, apart: an odd and an even side by
            g = [[0] * w for _ in range(h)]  # side, and at times a third
            odd, even = rng.choice([3, 5]), rng.choice([4, 6] if w > 12 else [4])
            left = rng.randrange(w - odd - even - 1)
            squares = [(odd, rng.randrange(2), left), (even, rng.randrange(2), left + odd + 2)]
            pair = {(a + i, b + j) for s, a, b in squares for i in range(s) for j in range(s)}
            s = rng.randint(3, 6)
            squares += [(s, *p) for p in placed(rng, h, w, [(s, s)], taken=pair) or []]
            for s, top, left in squares:
                for i, j in itertools.product(range(s), repeat=2):
                    g[top + i][left + j] = int(i in (0, s - 1) or j in (0, s - 1))
        if name == "ringed":  # boxes of 6 on 8, some hollow, two cells apart at least
            g = [[8] * w for _ in range(h)]
            sizes = [(rng.randint(2, 4), rng.randint(2, 4)) for _ in range(3)]
            corners = placed(rng, h - 1, w - 1, sizes, gap=2) or [(1, 1)]
            for (a, b), (top, left) in zip(sizes, corners, strict=False):
                hollow = rng.random() < 0.5 and a > 2 and b > 2
                for i, j in itertools.product(range(a), range(b)):
                    if not hollow or i in (0, a - 1) or j in (0, b - 1):
                        g[top + 1 + i][left + 1 + j] = 6
        if name == "stamped":  # a pattern of colours and blocks of 5 of its size, apart
            g = [[0] * w for _ in range(h)]
            a, b = rng.randint(2, 3), rng.randint(2, 3)
            pattern = [[rng.choice([1, 2, 3, 4, 6, 7, 8, 9]) for _ in range(b)] for _ in range(a)]
            corners = placed(rng, h, w, [(a, b)] * rng.randint(2, 4)) or [(0, 0), (h - a, w - b)]
            for k, (top, left) in enumerate(corners):
                for i, j in itertools.product(range(a), range(b)):
                    g[top + i][left + j] = pattern[i][j] if k == 0 else 5
        if name == "panels_copied":  # n x n+1 panels, 1 to 3 each way between lines; one set
            x = rng.randint(1, 9)
            p, q = rng.randint(1, 3), rng.randint(1, 3)
            H, W = p * (h + 1) - 1, q * (w + 1) - 1
            g = [[x * (i % (h + 1) == h or j % (w + 1) == w) for j in range(W)] for i in range(H)]
            a, b = rng.randrange(p), rng.randrange(q)
            for i, j in itertools.product(range(h), range(w)):
                # a blank cell in each row and column, so no row or column is mistaken for a line
                tone = rng.choice([c for c in range(1, 10) if c != x])
                g[a * (h + 1) + i][b * (w + 1) + j] = (
                    tone * ((i + j) % 3 > 0) * (rng.random() < 0.6)
                )
            g[a * (h + 1)][b * (w + 1) + 1] = tone
        if name == "commonest_shape":  # 3x3 shapes in 4x4 tiles: one shape more often than any
            shapes = []
            for _ in range(3):
                s = [[rng.random() < 0.5 for _ in range(3)] for _ in range(3)]
                s[0][0] = s[2][2] = s[1][1] = True
                c = rng.randint(1, 9)
                shapes.append([[c * v for v in r] for r in s])
            order = [0] * 3 + [1] * 2 + [2]
            tiles = rng.sample(list(itertools.product(range(3), repeat=2)), len(order))
            g = [[0] * w for _ in range(h)]
            for k, (a, b) in zip(order, tiles, strict=True):
                for i, j in itertools.product(range(3), repeat=2):
                    g[4 * a + i][4 * b + j] = shapes[k][i][j]
        if name == "lines_ranked":  # three lines of 5 of unlike lengths, across or down, apart
            lengths, taken = rng.sample(range(1, min(h, w) - 1), 3), set()
            g = [[0] * w for _ in range(h)]
            for n in lengths:
                while True:
                    down = rng.random() < 0.5
                    top = rng.randrange(h - (n - 1) * down)
                    left = rng.randrange(w - (n - 1) * (not down))
                    cells = {(top + k * down, left + k * (not down)) for k in range(n)}
                    near = {
                        (i + a, j + b) for i, j in cells for a in (-1, 0, 1) for b in (-1, 0, 1)
                    }
                    if not near & taken:
                        break
                taken |= cells
                for i, j in cells:
                    g[i][j] = 5
        if name in BLANK:  # drawn on a blank grid
            g = [[0] * w for _ in range(h)]
        if name == "boxes_by_colour":  # two to four colours, each at two opposite corners of a box
            sizes = [(rng.randint(2, 4), rng.randint(2, 4)) for _ in range(rng.randint(2, 4))]
            corners = placed(rng, h, w, sizes) or placed(rng, h, w, sizes[:1])
            for (a, b), (top, left), x in zip(
                sizes, corners, rng.sample(range(1, 10), 4), strict=False
            ):
                flip = rng.random() < 0.5
                g[top][left + (b - 1) * flip] = g[top + a - 1][left + (b - 1) * (not flip)] = x
        if name == "pairs_ringed":  # pairs of 2 across or down and lone cells of 2, apart
            sizes = [(1, 2)] + [rng.choice([(1, 2), (2, 1), (1, 1)]) for _ in range(4)]
            corners = placed(rng, h, w, sizes, gap=2) or placed(rng, h, w, sizes[:1])
            for (a, b), (top, left) in zip(sizes, corners, strict=False):
                for i, j in itertools.product(range(a), range(b)):
                    g[top + i][left + j] = 2
        if name == "mirror_shape":  # shapes of three colours in 3x3 boxes, one its own mirror
            corners = placed(rng, h, w, [(3, 3)] * 3)  # and the smallest (not the commonest)
            for k, ((top, left), x) in enumerate(
                zip(corners, rng.sample(range(1, 10), 3), strict=True)
            ):
                while True:
                    s = [[rng.random() < (0.3 if k == 0 else 0.8) for _ in range(3)] for _ in "abc"]
                    s[0][1] = s[2][1] = s[1][0] = True  # a 3x3 box
                    n = sum(map(sum, s))
                    if (s == [r[::-1] for r in s]) == (k == 0) and (n < 7) == (k == 0):
                        break
                for i, j in itertools.product(range(3), repeat=2):
                    g[top + i][left + j] = x * s[i][j]
        if name == "crossing_swapped":  # a bar across and two down, off the border: one bar
            a, b = rng.sample(range(1, 10), 2)  # down under the bar across, one over it
            rows = range(r0 := rng.randrange(1, h - 3), r0 + rng.randint(1, 2))
            c0 = rng.randrange(1, w - 6)
            under, over = rng.sample([c0, rng.randrange(c0 + 3, w - 2)], 2)
            for i, j in itertools.product(range(h), range(w)):
                if i in rows or j in (under, over):
                    g[i][j] = a if i in rows and j != over else b
            if rng.random() < 0.5:
                g = transposed(g)
        if name == "fallen_to_8":  # a 2x2 block of 8; a block of 2 apart, in line with both its
            while True:  # rows or both its columns
                t8, l8 = rng.randrange(h - 1), rng.randrange(w - 1)
                a, b = rng.randint(1, 3), rng.randint(1, 3)
                top, left = rng.randrange(h - a + 1), rng.randrange(w - b + 1)
                rows = {t8, t8 + 1} <= set(range(top, top + a))
                cols = {l8, l8 + 1} <= set(range(left, left + b))
                apart = top > t8 + 2 or top + a < t8 - 1 or left > l8 + 2 or left + b < l8 - 1
                if apart and rows != cols:
                    break
            for i, j in itertools.product(range(a), range(b)):
                g[top + i][left + j] = 2
            g[t8][l8 : l8 + 2] = g[t8 + 1][l8 : l8 + 2] = [8, 8]
        if name == "marker_shape":  # shapes in 3x3 boxes, one with an 8 in its middle
            corners = placed(rng, h, w, [(3, 3)] * 3)
            for k, ((top, left), x) in enumerate(
                zip(corners, rng.sample([1, 2, 3, 4, 5, 6, 7, 9], 3), strict=True)
            ):
                s = [[rng.random() < 0.6 for _ in range(3)] for _ in range(3)]
                s[0][1] = s[2][1] = s[1][0] = s[1][2] = s[1][1] = True
                for i, j in itertools.product(range(3), repeat=2):
                    g[top + i][left + j] = x * s[i][j]
                if k == 0:
                    g[top + 1][left + 1] = 8
        if name == "diagonal_rays":  # a 2x2 block, a cell of its colour at some of its corners
            x, top, left = rng.randint(1, 9), rng.randrange(1, h - 2), rng.randrange(1, w - 2)
            g[top][left : left + 2] = g[top + 1][left : left + 2] = [x, x]
            for a, b in itertools.product((-1, 2), repeat=2):
                if rng.random() < 0.6:
                    g[top + a][left + b] = x
        if name == "corners_joined":  # two to three colours, two cells each on a diagonal, apart
            used = set()
            for x in rng.sample(range(1, 10), rng.randint(2, 3)):
                for _ in range(100):
                    n, a, b = (
                        rng.randint(2, min(h, w) - 1),
                        rng.choice((1, -1)),
                        rng.choice((1, -1)),
                    )
                    i, j = rng.randrange(h), rng.randrange(w)
                    line = {(i + k * a, j + k * b) for k in range(n)}
                    if all(0 <= p < h and 0 <= q < w for p, q in line) and not line & used:
                        used |= line
                        g[i][j] = g[i + (n - 1) * a][j + (n - 1) * b] = x
                        break
        if name == "most_ones_3x3":  # 3x3 blocks of 8 with 1s, the counts unlike
            corners = placed(rng, h, w, [(3, 3)] * 3) or placed(rng, h, w, [(3, 3)] * 2)
            for n, (top, left) in zip(rng.sample(range(1, 7), len(corners)), corners, strict=True):
                cells = [1] * n + [8] * (9 - n)
                rng.shuffle(cells)
                for k, c in enumerate(cells):
                    g[top + k // 3][left + k % 3] = c
        if name == "most_twos_block":  # blocks of 8 strewn with 1s and 2s, the 2s counts unlike
            sizes = [(rng.randint(2, 4), rng.randint(2, 4)) for _ in range(3)]
            corners = (
                placed(rng, h, w, sizes)
                or placed(rng, h, w, sizes[:2])
                or placed(rng, h, w, sizes[:1])
            )
            for n, (a, b), (top, left) in zip(
                rng.sample(range(4), len(corners)), sizes, corners, strict=False
            ):
                cells = [2] * n + [rng.choice([1, 8, 8]) for _ in range(a * b - n)]
                rng.shuffle(cells)
                for k, c in enumerate(cells):
                    g[top + k // b][left + k % b] = c
        if name == "inner_by_size":  # two blocks of 4, at least 3 a side, of unlike areas
            while True:
                sizes = [(rng.randint(3, 5), rng.randint(3, 5)) for _ in range(2)]
                if sizes[0][0] * sizes[0][1] != sizes[1][0] * sizes[1][1]:
                    break
            for (a, b), (top, left) in zip(sizes, placed(rng, h, w, sizes) or [], strict=False):
                for i, j in itertools.product(range(a), range(b)):
                    g[top + i][left + j] = 4
            if not any(map(any, g)):
                g[0][:3] = g[1][:3] = g[2][:3] = [4, 4, 4]
        if name == "stamped_moved":  # a pattern of colours and one to three shapes of 8 like it
            a, b = rng.randint(2, 3), rng.randint(2, 3)
            mask = [[rng.random() < 0.7 for _ in range(b)] for _ in range(a)]
            mask[0][0] = mask[-1][-1] = True
            corners = placed(rng, h, w, [(a, b)] * rng.randint(2, 4))
            for k, (top, left) in enumerate(corners):
                for i, j in itertools.product(range(a), range(b)):
                    if mask[i][j]:
                        g[top + i][left + j] = rng.choice([1, 2, 3, 4, 6, 7, 9]) if k == 0 else 8
        if name == "stamped_at_5":  # a 3x3 pattern of colours (a plus at least), and cells of 5
            corners = placed(rng, h, w, [(3, 3)] * rng.randint(2, 3))
            for k, (top, left) in enumerate(corners):
                for i, j in itertools.product(range(3), repeat=2):
                    if k == 0:
                        g[top + i][left + j] = rng.choice([1, 2, 3, 0 if (i + j) % 2 == 0 else 4])
                    elif i == j == 1:
                        g[top + i][left + j] = 5
        if name == "largest_colours":  # colours strewn, each in columns of its own, a few of
            tones = rng.sample(range(1, 10), 4)  # them most often
            counts = [5, rng.choice([5, 3]), rng.randint(1, 4), rng.randint(1, 4)][
                : rng.randint(3, 4)
            ]
            columns = list(range(w))
            rng.shuffle(columns)
            for k, (x, n) in enumerate(zip(tones, counts, strict=False)):
                mine = columns[k::4]
                for i, j in rng.sample(list(itertools.product(range(h), mine)), n):
                    g[i][j] = x
        if name == "bottoms_aligned":  # blocks of colours as tall as each other, one of 1, side
            left, a = 0, rng.randint(1, 3)  # by side at any heights
            for x in [1] + rng.sample([2, 3, 4, 5, 6, 7, 8, 9], 2):
                b, top = rng.randint(1, 2), rng.randrange(h - a + 1)
                for i, j in itertools.product(range(a), range(b)):
                    g[top + i][left + j] = x
                left += b + rng.randint(0, 1)
        if name == "background_trimmed":  # a ground of one colour; a shape of two others on it,
            ground, a, b = rng.sample(range(1, 10), 3)  # the ground between its parts
            g = [[ground] * w for _ in range(h)]
            top, left = rng.randrange(h - 3), rng.randrange(w - 3)
            for i, j in itertools.product(range(3), repeat=2):
                g[top + i][left + j] = rng.choice([a, b, ground])
            g[top][left], g[top + 2][left + 2] = a, b
        if name == "widest_colour":  # boxes of colours, hollow or not, of unlike areas
            while True:
                sizes = [(rng.randint(2, 5), rng.randint(2, 5)) for _ in range(3)]
                if len({a * b for a, b in sizes}) == 3:
                    break
            corners = (
                placed(rng, h, w, sizes)
                or placed(rng, h, w, sizes[:2])
                or placed(rng, h, w, sizes[:1])
            )
            for (a, b), (top, left), x in zip(
                sizes, corners, rng.sample(range(1, 10), 3), strict=False
            ):
                hollow = rng.random() < 0.5
                for i, j in itertools.product(range(a), range(b)):
                    if not hollow or i in (0, a - 1) or j in (0, b - 1):
                        g[top + i][left + j] = x
        if name == "step_toward_4":  # a 3 and a 4 two cells apart or more
            while True:
                a, b, c, d = rng.randrange(h), rng.randrange(w), rng.randrange(h), rng.randrange(w)
                if max(abs(a - c), abs(b - d)) > 1:
                    break
            g[a][b], g[c][d] = 3, 4
        if name == "fanned_right":  # a run of one colour from the left, the rest blank
            g = [[rng.randint(1, 9)] * rng.randint(1, w // 2)]
            g[0] += [0] * (w - len(g[0]))
        if name == "squares_counted":  # up to five 2x2 squares of 1, squares of 2, lone 1s, apart
            sizes = [(2, 2)] * rng.randint(0, 5) + [(2, 2)] * 2 + [(1, 1)] * 3
            corners = placed(rng, h, w, sizes) or []
            kinds = [1] * (len(sizes) - 5) + [2, 2, 1, 1, 1]
            for (a, b), (top, left), x in zip(sizes, corners, kinds, strict=False):
                for i, j in itertools.product(range(a), range(b)):
                    g[top + i][left + j] = x
        if name == "rarest_cropped":  # quarters strewn with one colour but one with another
            a, b = rng.sample(range(1, 10), 2)
            odd = rng.randrange(4)
            for i, j in itertools.product(range(h), range(w)):
                quarter = (i > h // 2) * 2 + (j > w // 2)
                if i != h // 2 and j != w // 2 and rng.random() < 0.7:
                    g[i][j] = b if quarter == odd else a
        if name == "holed_colour":  # solid boxes of colours, one with a hole
            sizes = [(rng.randint(3, 4), rng.randint(3, 4)) for _ in range(3)]
            corners = placed(rng, h, w, sizes) or placed(rng, h, w, sizes[:1])
            for k, ((a, b), (top, left), x) in enumerate(
                zip(sizes, corners, rng.sample(range(1, 10), 3), strict=False)
            ):
                for i, j in itertools.product(range(a), range(b)):
                    g[top + i][left + j] = x
                if k == 0:
                    g[top + rng.randrange(1, a - 1)][left + rng.randrange(1, b - 1)] = 0
        if name == "corner_rays":  # a 2x2 of 1 and a 2x2 of 2, apart
            for (top, left), x in zip(placed(rng, h, w, [(2, 2)] * 2), (1, 2), strict=True):
                g[top][left : left + 2] = g[top + 1][left : left + 2] = [x, x]
        if name == "crossing_ringed":  # one or two whole rows of a colour, one or two whole
            a, b = rng.sample(range(1, 10), 2)  # columns of another, two cells off the border
            rows = range(r0 := rng.randrange(2, h - 4), r0 + rng.randint(1, 2))
            cols = range(c0 := rng.randrange(2, w - 4), c0 + rng.randint(1, 2))
            over = rng.random() < 0.5
            for i, j in itertools.product(range(h), range(w)):
                if i in rows or j in cols:
                    g[i][j] = a if i in rows and (over or j not in cols) else b
        if name == "counted_below":  # 2x2 blocks of one to four colours along the top, apart
            for left in range(rng.randrange(2), w - 1, 3):
                if rng.random() < 0.7:
                    tones = rng.sample([1, 2, 4, 5, 6, 7, 8, 9], rng.randint(1, 4))
                    cells = tones + [rng.choice(tones) for _ in range(4 - len(tones))]
                    rng.shuffle(cells)
                    top = rng.randrange(2)
                    g[top][left : left + 2], g[top + 1][left : left + 2] = cells[:2], cells[2:]
        if name == "moved_into_corners":  # four 3s at a box's corners; a shape of 2 outside it
            top, left = rng.randrange(h - 6), rng.randrange(w - 6)
            bottom, right = rng.randrange(top + 5, h), rng.randrange(left + 5, w)
            for i, j in itertools.product((top, bottom), (left, right)):
                g[i][j] = 3
            a, b = (
                rng.randint(2, min(3, bottom - top - 1)),
                rng.randint(2, min(3, right - left - 1)),
            )
            x, y = rng.randrange(h - a + 1), rng.randrange(w - b + 1)
            for i, j in itertools.product(range(a), range(b)):
                if (i == 0 or j == 0 or rng.random() < 0.5) and g[x + i][y + j] == 0:
                    g[x + i][y + j] = 2
            g[x][y] = 2 if g[x][y] == 0 else g[x][y]
        if name == "rings_to_plus":  # 3x3 rings of 1 and other shapes of 1, apart
            sizes = [(3, 3)] + [rng.choice([(3, 3), (2, 2), (1, 3), (2, 3)]) for _ in range(3)]
            corners = placed(rng, h, w, sizes) or placed(rng, h, w, sizes[:1])
            for (a, b), (top, left) in zip(sizes, corners, strict=False):
                for i, j in itertools.product(range(a), range(b)):
                    g[top + i][left + j] = int(not (a == b == 3 and i == j == 1))
        if name == "corners_collected":  # a 2x2 of 8 inside; a cell on each side of it, apart
            a, b = rng.randrange(1, h - 2), rng.randrange(1, w - 2)
            g[a][b : b + 2] = g[a + 1][b : b + 2] = [8, 8]
            for rows, cols in itertools.product(
                (range(a), range(a + 2, h)), (range(b), range(b + 2, w))
            ):
                g[rng.choice(rows)][rng.choice(cols)] = rng.choice([1, 2, 3, 4, 5, 6, 7, 9])
        if name == "diagonals_up":  # one to three set cells in the row
            g = [[0] * w]
            for j in rng.sample(range(w), rng.randint(1, 3)):
                g[0][j] = rng.randint(1, 9)
        if name == "stamped_at_1":  # a 3x3 pattern at the top left, a line of 5 by it; 1s apart
            for i, j in itertools.product(range(3), repeat=2):
                g[i][j] = rng.choice([2, 3, 4, 6, 7, 8, 9])
            for r in g:
                r[3] = 5
            for x, y in placed(rng, h, w - 5, [(3, 3)] * rng.randint(1, 3)) or [(0, 0)]:
                g[x + 1][y + 6] = 1
        if name == "lines_listed":  # whole rows of colours, a row apart; a block of 5 over some,
            tones = rng.sample([1, 2, 3, 4, 6, 7, 8, 9], rng.randint(2, 4))  # off the border
            rows = sorted(rng.sample(range(0, h, 2), len(tones)))
            for i, x in zip(rows, tones, strict=True):
                g[i] = [x] * w
            top, left = rng.randrange(1, h - 3), rng.randrange(1, w - 3)
            for i, j in itertools.product(range(top, top + 2), range(left, left + 2)):
                g[i][j] = 5
            if rng.random() < 0.5:
                g = transposed(g)
        if name == "panel_colours":  # panels 2 to 3 cells a side, blank lines between; a
            heights = [rng.randint(2, 3) for _ in range(rng.randint(2, 3))]  # panel's first
            widths = [rng.randint(2, 3) for _ in range(rng.randint(2, 3))]  # row and column
            g = [  # set but for its corner at times, so that no one cell tells its colour
                [0] * (sum(widths) + len(widths) - 1)
                for _ in range(sum(heights) + len(heights) - 1)
            ]
            top = 0
            for a in heights:
                left = 0
                for b in widths:
                    x, corner = rng.randint(1, 9), rng.random() < 0.5
                    for i, j in itertools.product(range(a), range(b)):
                        kept = (i == 0 or j == 0 or rng.random() < 0.7) and (i + j > 0 or corner)
                        g[top + i][left + j] = x * kept
                    left += b + 1
                top += a + 1
        if name == "drawn_to_block":  # a 2x2 of 2 inside; 5s two cells or more away from it
            a, b = rng.randrange(1, h - 2), rng.randrange(1, w - 2)
            g[a][b : b + 2] = g[a + 1][b : b + 2] = [2, 2]
            for _ in range(rng.randint(2, 4)):
                i, j = rng.randrange(h), rng.randrange(w)
                if not (a - 2 <= i <= a + 3 and b - 2 <= j <= b + 3):
                    g[i][j] = 5
        if name == "zigzag_filled":  # the zigzag of 2, four cells a turn, from the top left
            g = [
                [2 * (j % 4 == (0, 1, 2)[i] or j % 4 == (0, 3, 2)[i]) for j in range(w)]
                for i in range(3)
            ]
        if name == "mirrored_about_block":  # a 2x2 of 3; a shape of 2 at one of its corners
            a, b = rng.randrange(3, h - 5), rng.randrange(3, w - 5)
            g[a][b : b + 2] = g[a + 1][b : b + 2] = [3, 3]
            u, v = rng.choice([(-1, -1), (-1, 2), (2, -1), (2, 2)])
            for i, j in itertools.product(range(3), repeat=2):
                if rng.random() < 0.5 or i == j == 0:
                    g[a + u + i * (1 if u > 0 else -1)][b + v + j * (1 if v > 0 else -1)] = 2
        if name == "rays_from_2s":  # a 2x2 of one colour with one or two cells of 2, inside
            a, b, x = (
                rng.randrange(1, h - 2),
                rng.randrange(1, w - 2),
                rng.choice([1, 3, 4, 5, 6, 7, 8]),
            )
            cells = [(a, b), (a, b + 1), (a + 1, b), (a + 1, b + 1)]
            for i, j in cells:
                g[i][j] = x
            for i, j in rng.sample(cells, rng.randint(1, 2)):
                g[i][j] = 2
        if name == "diagonals_doubled":  # set cells, one on a diagonal at most
            for d in rng.sample(range(-h + 1, w), rng.randint(1, 3)):
                i = rng.choice([i for i in range(h) if 0 <= i + d < w])
                g[i][i + d] = rng.randint(1, 9)
        if name == "self_kron":  # a shape three cells a side, anywhere
            x, top, left = rng.randint(1, 9), rng.randrange(h - 2), rng.randrange(w - 2)
            s = [[rng.random() < 0.5 for _ in range(3)] for _ in range(3)]
            s[0][0] = s[2][2] = s[1][1] = True
            for i, j in itertools.product(range(3), repeat=2):
                g[top + i][left + j] = x * s[i][j]
        if name == "inside_corners_swapped":  # four cells of one colour at a box's corners,
            a, b = rng.sample(range(1, 10), 2)  # a shape of another inside
            top, left = rng.randrange(h - 4), rng.randrange(w - 4)
            bottom, right = rng.randrange(top + 4, h), rng.randrange(left + 4, w)
            for i, j in itertools.product((top, bottom), (left, right)):
                g[i][j] = a
            for i, j in itertools.product(range(top + 1, bottom), range(left + 1, right)):
                g[i][j] = b * (rng.random() < 0.4)
            g[top + 1][left + 1] = b
        if name == "ring_centre":  # two colours strewn, the middle's the more; a ring around it
            a, b = rng.sample(range(1, 10), 2)
            g = [
                [rng.choice([a, b, b, b]) * (rng.random() < 0.3) for _ in range(w)]
                for _ in range(h)
            ]
            top, left = rng.randrange(h - 2), rng.randrange(w - 2)
            for i, j in itertools.product(range(3), repeat=2):
                g[top + i][left + j] = b if i == j == 1 else a
        if name == "tiled_by_count":  # one to six cells of a colour
            x, k = rng.randint(1, 9), rng.randint(1, 6)
            cells = [x] * k + [0] * (9 - k)
            rng.shuffle(cells)
            g = [cells[:3], cells[3:6], cells[6:]]
        if name == "dropped_with_stripes":  # one cell, not in the last row
            g[rng.randrange(h - 1)][rng.randrange(w)] = rng.choice([1, 2, 3, 5, 6, 7, 8, 9])
        if name == "line_grid_size":  # a ground cut by whole lines of another colour, off the
            a, b = rng.sample(range(10), 2)  # border and apart
            rows = rng.sample(range(1, h - 1, 2), rng.randint(1, 3))
            cols = rng.sample(range(1, w - 1, 2), rng.randint(1, 3))
            g = [[b if i in rows or j in cols else a for j in range(w)] for i in range(h)]
        if (
            name == "blank_lines_3"
        ):  # a border of two colours, its cells grown inward here and there
            a, b = rng.sample([1, 2, 4, 5, 6, 7, 8, 9], 2)
            g = [
                [rng.choice([a, b]) if i in (0, h - 1) or j in (0, w - 1) else 0 for j in range(w)]
                for i in range(h)
            ]
            for i in range(1, h - 1):
                if rng.random() < 0.4:
                    n = rng.randint(1, 3)
                    g[i][1 : 1 + n] = [g[i][0]] * n
            for j in range(1, w - 1):
                if rng.random() < 0.4:
                    n = rng.randint(1, 3)
                    for i in range(h - 1 - n, h - 1):
                        g[i][j] = g[h - 1][j]
        if name == "box_stretched":  # a border of one colour around another, an 8 in line with it
            x, y = rng.sample([1, 2, 3, 4, 5, 6, 7, 9], 2)
            a, b = rng.randint(3, 4), rng.randint(3, 4)
            top, left = rng.randrange(h - a - 2), rng.randrange(w - b - 2)
            for i, j in itertools.product(range(a), range(b)):
                g[top + i][left + j] = x if i in (0, a - 1) or j in (0, b - 1) else y
            if rng.random() < 0.5:
                g[rng.randrange(top + a + 1, h)][left + rng.randrange(b)] = 8
            else:
                g[top + rng.randrange(a)][rng.randrange(left + b + 1, w)] = 8
        if name == "ray_from_marker":  # an arrow of one colour, a cell of another at its base's
            x, m = rng.sample(range(1, 10), 2)  # middle, pointing right, then turned any way
            s, top = rng.randint(1, 2), rng.randrange(h - 5)
            left = rng.randrange(1, w - 4)
            for k in range(s + 1):
                for i in range(top + 2 - s + k, top + 3 + s - k):
                    g[i][left + k] = x
            g[top + 2][left] = m
            for _ in range(rng.randrange(4)):
                g = [list(r) for r in zip(*g[::-1], strict=True)]
        if name in ("lines_to_block", "lines_to_densest"):  # a block; cells two away or more,
            block, x = rng.sample(range(1, 10), 2)
            ground = rng.choice([c for c in range(10) if c not in (block, x)])
            if name == "lines_to_block":
                ground, block, x = 0, 3, None
            a, b = (2, 2) if name == "lines_to_block" else (rng.randint(2, 3), rng.randint(2, 3))
            g = [[ground] * w for _ in range(h)]  # one in line with each side at most
            top, left = rng.randrange(2, h - a - 2), rng.randrange(2, w - b - 2)
            for i, j in itertools.product(range(a), range(b)):
                g[top + i][left + j] = block
            sides = [
                (rng.randrange(top, top + a), rng.randrange(left - 1)),
                (rng.randrange(top, top + a), rng.randrange(left + b + 1, w)),
                (rng.randrange(top - 1), rng.randrange(left, left + b)),
                (rng.randrange(top + a + 1, h), rng.randrange(left, left + b)),
            ]
            spots = rng.sample(sides, rng.randint(1, 3))
            spots += [
                (i, j)
                for i, j in [(rng.randrange(h), rng.randrange(w)) for _ in range(3)]
                if not (top - 1 <= i <= top + a or left - 1 <= j <= left + b)
            ]
            for i, j in spots:
                g[i][j] = x or rng.choice([1, 2, 4, 5, 6, 7, 8, 9])
        if name == "drawn_to_lines":  # two whole columns of colours, apart; cells of theirs and
            a, b, c = rng.sample(range(1, 10), 3)  # of a third beside no line, one a row at most
            l1 = rng.randrange(2, w // 2 - 1)
            l2 = rng.randrange(l1 + 4, w - 2)
            for r in g:
                r[l1], r[l2] = a, b
            for i in rng.sample(range(h), rng.randint(2, 4)):
                j = rng.choice([j for j in range(w) if min(abs(j - l1), abs(j - l2)) > 1])
                g[i][j] = rng.choice([a, b, c])
            if rng.random() < 0.5:
                g = transposed(g)
        if name == "edges_facing":  # a block of 8 inside; cells outside in line with it, one
            a, b = rng.randint(2, 4), rng.randint(2, 4)  # to a line and side at most
            top, left = rng.randrange(2, h - a - 1), rng.randrange(2, w - b - 1)
            for i, j in itertools.product(range(a), range(b)):
                g[top + i][left + j] = 8
            lines = [(i, side) for i in range(top, top + a) for side in "lr"]
            lines += [(j, side) for j in range(left, left + b) for side in "ud"]
            for k, side in rng.sample(lines, rng.randint(1, 4)):
                i, j = {
                    "l": (k, rng.randrange(left)),
                    "r": (k, rng.randrange(left + b, w)),
                    "u": (rng.randrange(top), k),
                    "d": (rng.randrange(top + a, h), k),
                }[side]
                g[i][j] = rng.choice([1, 2, 3, 4, 5, 6, 7, 9])
        if name == "sides_collected":  # a border of four colours, its corners blank; cells inside,
            tones = rng.sample(range(1, 10), 5)  # two cells off it, of its colours and a fifth
            for j in range(1, w - 1):
                g[0][j], g[-1][j] = tones[0], tones[1]
            for i in range(1, h - 1):
                g[i][0], g[i][-1] = tones[2], tones[3]
            for i, j in itertools.product(range(2, h - 2), range(2, w - 2)):
                if rng.random() < 0.15:
                    g[i][j] = rng.choice(tones)
        if name == "mirrored_about_x":  # an X of five cells; a shape of another colour at one of
            x, y = rng.sample(range(1, 10), 2)  # its corners (not five cells)
            a, b = rng.randrange(4, h - 4), rng.randrange(4, w - 4)
            for u, v in ((0, 0), (-1, -1), (-1, 1), (1, -1), (1, 1)):
                g[a + u][b + v] = x
            cells = rng.sample(list(itertools.product(range(3), repeat=2)), rng.choice([3, 4, 6]))
            su, sv = rng.choice([-1, 1]), rng.choice([-1, 1])
            for i, j in cells:
                g[a + su * (2 + i)][b + sv * (2 + j)] = y
        if name == "scaled_into_frame":  # a square frame of 2, 8 or 11 a side; a shape three cells
            n = rng.choice([8, 11])  # a side of another colour, apart
            top, left = rng.randrange(2), rng.randrange(2)
            for i, j in itertools.product(range(n), repeat=2):
                g[top + i][left + j] = 2 * (i in (0, n - 1) or j in (0, n - 1))
            x = rng.choice([1, 3, 4, 5, 6, 7, 8, 9])
            s = [[rng.random() < 0.5 for _ in range(3)] for _ in range(3)]
            s[0][0] = s[2][2] = s[1][1] = True
            i0, j0 = rng.randrange(top + n + 1, h - 2), rng.randrange(w - 2)
            for i, j in itertools.product(range(3), repeat=2):
                g[i0 + i][j0 + j] = x * s[i][j]
        if name == "holes_across_bands":  # two or three bands of rows, a hole or two in each; at
            tones = rng.sample(range(1, 10), rng.randint(2, 3))  # times turned to bands of columns
            cuts = sorted(rng.sample(range(2, h - 1), len(tones) - 1))
            g = [[tones[sum(i >= c for c in cuts)]] * w for i in range(h)]
            for k in range(len(tones)):
                rows = [i for i in range(h) if sum(i >= c for c in cuts) == k]
                for _ in range(rng.randint(1, 2)):
                    g[rng.choice(rows)][rng.randrange(w)] = 0
            if rng.random() < 0.5:
                g = transposed(g)
        if name == "best_frame":  # two frames of one colour, apart; cells of another strewn, not
            f, x = rng.sample(range(1, 10), 2)  # on them, the frames holding unlike counts
            while True:
                g = [[0] * w for _ in range(h)]
                sizes = [(rng.randint(4, 6), rng.randint(4, 6)) for _ in range(2)]
                corners = placed(rng, h, w, sizes)
                if corners is None:
                    continue
                for (a, b), (top, left) in zip(sizes, corners, strict=True):
                    for i, j in itertools.product(range(a), range(b)):
                        g[top + i][left + j] = f * (i in (0, a - 1) or j in (0, b - 1))
                for i, j in itertools.product(range(h), range(w)):
                    if g[i][j] == 0 and rng.random() < 0.12:
                        g[i][j] = x
                inside = [
                    sum(g[top + i][left + j] == x for i in range(1, a - 1) for j in range(1, b - 1))
                    for (a, b), (top, left) in zip(sizes, corners, strict=True)
                ]
                if inside[0] != inside[1]:
                    break
        if name == "pattern_downscaled":  # a 3x3 pattern (five cells or more, no blank row or
            m, x = rng.sample(range(1, 10), 2)  # column) scaled by 2 or 3; another colour strewn
            while True:
                s = [[rng.random() < 0.6 for _ in range(3)] for _ in range(3)]
                if all(map(any, s)) and all(map(any, transposed(s))) and sum(map(sum, s)) > 4:
                    break
            k = rng.choice([2, 3])
            top, left = rng.randrange(h - 3 * k + 1), rng.randrange(w - 3 * k + 1)
            for i, j in itertools.product(range(h), range(w)):
                if top <= i < top + 3 * k and left <= j < left + 3 * k:
                    g[i][j] = m * s[(i - top) // k][(j - left) // k]
                elif rng.random() < 0.07 and not (
                    top - 1 <= i <= top + 3 * k and left - 1 <= j <= left + 3 * k
                ):
                    g[i][j] = x
            g[top - 1 if top else top + 3 * k][left] = x
        if name == "crop_fallen_to_line":  # two whole rows and two whole columns of four colours,
            a, b, c, d = rng.sample(range(1, 10), 4)  # the columns over the rows; cells of one of
            r0, c0 = rng.randrange(3), rng.randrange(3)  # them strewn off the lines
            r1, c1 = rng.randrange(r0 + 4, h), rng.randrange(c0 + 4, w)
            x = rng.choice([a, b, c, d])
            for i, j in itertools.product(range(h), range(w)):
                if rng.random() < 0.1:
                    g[i][j] = x
            g[r0], g[r1] = [a] * w, [b] * w
            for r in g:
                r[c0], r[c1] = c, d
        if name == "shape_into_frame":  # a frame of four colours, its corners blank, n inside; a
            n = rng.randint(3, 4)  # shape of 8 n a side, apart from it
            sides = rng.sample([1, 2, 3, 4, 5, 6, 7, 9], 4)
            top, left = rng.randrange(2), rng.randrange(w - n - 1)
            for k in range(1, n + 1):
                g[top][left + k], g[top + n + 1][left + k] = sides[0], sides[1]
                g[top + k][left], g[top + k][left + n + 1] = sides[2], sides[3]
            while True:
                s = [[rng.random() < 0.5 for _ in range(n)] for _ in range(n)]
                if all(map(any, s)) and all(map(any, transposed(s))):  # no blank line
                    break
            a, b = rng.randrange(top + n + 3, h - n + 1), rng.randrange(w - n + 1)
            for i, j in itertools.product(range(n), repeat=2):
                g[a + i][b + j] = 8 * s[i][j]
        if name == "blocks_from_corner":  # a 2x2 of three 3s and a 2, in a corner of the 3x3
            a, b = rng.randrange(2), rng.randrange(2)
            cells = [(a, b), (a, b + 1), (a + 1, b), (a + 1, b + 1)]
            for i, j in cells:
                g[i][j] = 3
            i, j = rng.choice(cells)
            g[i][j] = 2
        if name == "regions_touching_1":  # noise of many colours, a few 1s among them
            g = [[rng.choice([0] * 6 + [2, 3, 5, 8, 1]) for _ in range(w)] for _ in range(h)]
        if name in ("holed_shapes_8", "closed_rings_3"):  # rings of 1, some with a gap, on 9
            ground = 9 if name == "holed_shapes_8" else 0  # (on 0)
            g = [[ground] * w for _ in range(h)]
            sizes = [(rng.randint(3, 5), rng.randint(3, 5)) for _ in range(4)]
            corners = placed(rng, h, w, sizes) or placed(rng, h, w, sizes[:2]) or [(0, 0)]
            for (top, left), (a, b) in zip(corners, sizes, strict=False):
                ring = [(top + i, left + j) for i in range(a) for j in range(b)]
                ring = [
                    (i, j) for i, j in ring if i in (top, top + a - 1) or j in (left, left + b - 1)
                ]
                if rng.random() < 0.5:  # a gap in its top side: the ring encloses nothing
                    del ring[1]
                for i, j in ring:
                    g[i][j] = 1
        if name == "regions_by_size":  # whole lines of 2 cutting the grid into boxes
            for i in rng.sample(range(1, h - 1), 2):
                g[i] = [2] * w
            for j in rng.sample(range(1, w - 1), rng.randint(1, 3)):
                for r in g:
                    r[j] = 2
        if name == "shapes_counted":  # blocks of 8 apart, as many as drawn
            sizes = [(rng.randint(1, 3), rng.randint(1, 3)) for _ in range(rng.randint(1, 5))]
            corners = placed(rng, h, w, sizes) or placed(rng, h, w, sizes[:1])
            for (top, left), (a, b) in zip(corners, sizes, strict=False):
                for i, j in itertools.product(range(a), range(b)):
                    g[top + i][left + j] = 8
        if name == "diagonals_from_base":  # a bottom row of one colour, another in its middle
            x, m = rng.sample(range(1, 10), 2)
            k = rng.randint(0, 1)  # the middle run: one cell, or three
            g[-1] = [m if abs(j - w // 2) <= k else x for j in range(w)]
            for j in range(w // 2 - k, w // 2 + k + 1):
                g[-2][j] = x
        if name == "odd_shape_out":  # one shape of 8 three times, another once
            picks = rng.sample([(0, 1), (1, 1), (2, 0)], 3)  # each beside (0, 0) or (1, 0)
            shapes = [[(0, 0), (1, 0), *picks[:2]], [(0, 0), (1, 0), *picks[1:]]]
            sizes = [(3, 3)] * 4
            corners = placed(rng, h, w, sizes) or placed(rng, h, w, sizes[:3])
            for k, (top, left) in enumerate(corners):
                for i, j in shapes[k == 1]:
                    g[top + i][left + j] = 8
        if name == "shape_boxes_7":  # shapes of 4 across a box three cells a side, apart
            corners = placed(rng, h, w, [(3, 3)] * 3) or placed(rng, h, w, [(3, 3)])
            for top, left in corners:
                cells = [(i, j) for i in range(3) for j in range(3)]
                for i, j in [c for c in cells if rng.random() < 0.6] + [(0, 0), (1, 1), (2, 2)]:
                    g[top + i][left + j] = 4
        if name in ("fill_common", "uncommon"):  # noise, one colour in most cells but the
            m = rng.randrange(10)  # first column's
            g = [[rng.choice([m] * 5 + [1, 2, 3, 4]) for _ in range(w)] for _ in range(h)]
            for r in g:
                r[0] = rng.choice([x for x in (1, 2, 3, 4) if x != m])
        if name == "rings_from_diagonal":  # three cells on a diagonal, d apart
            d, s, x = rng.randint(2, 4), rng.choice([-1, 1]), rng.randint(1, 9)
            a, b = rng.randrange(d, h - d), rng.randrange(d, w - d)
            for k in (-1, 0, 1):
                g[a + k * d][b + k * s * d] = x
        if name == "inner_corners_out":  # a frame, a cell of another colour in each corner
            x, *inner = rng.sample(range(1, 10), 5)
            a, b = rng.randint(4, h - 3), rng.randint(4, w - 3)
            top, left = rng.randint(1, h - a - 1), rng.randint(1, w - b - 1)
            for i, j in itertools.product(range(a), range(b)):
                g[top + i][left + j] = x * (i in (0, a - 1) or j in (0, b - 1))
            for (i, j), y in zip(
                [(1, 1), (1, b - 2), (a - 2, 1), (a - 2, b - 2)], inner, strict=True
            ):
                g[top + i][left + j] = y
        if name == "corners_assembled":  # four pieces, a 2x2 less a different cell each
            gaps = rng.sample([(0, 0), (0, 1), (1, 0), (1, 1)], 4)
            corners = placed(rng, h, w, [(2, 2)] * 4, gap=1) or [(0, 0), (0, 3), (3, 0), (3, 3)]
            for (top, left), gap, x in zip(corners, gaps, rng.sample(range(1, 10), 4), strict=True):
                for i, j in itertools.product((0, 1), repeat=2):
                    g[top + i][left + j] = x * ((i, j) != gap)
        if name == "drawn_to_wall":  # a whole row of 5, at most one 1 or 2 a column; or turned
            line = rng.randrange(1, h - 1)
            g[line] = [5] * w
            for j in rng.sample(range(w), w // 2):
                g[rng.choice([i for i in range(h) if i != line])][j] = rng.choice([1, 2])
            if rng.random() < 0.5:
                g = transposed(g)
        if name == "bars_raised":  # bars on the bottom, a column apart, no taller than half
            j = rng.randrange(2)
            while j < w:
                b, t, x = rng.randint(1, 3), rng.randint(1, h // 2), rng.randint(1, 9)
                for i, k in itertools.product(range(h - t, h), range(j, min(j + b, w))):
                    g[i][k] = x
                j += b + rng.randint(1, 2)
        if name == "diagonal_and_floor":  # a line down the left side
            x = rng.randint(1, 9)
            for r in g:
                r[0] = x
        if name == "rings_extended":  # rings of the colours, the last row and column blank
            ring = [rng.randint(1, 9) for _ in range(h - 1)]
            g = [[ring[max(i, j)] if max(i, j) < h - 1 else 0 for j in range(w)] for i in range(h)]
        if name == "gathered_to_1_2":  # a 1 and a 2 apart, 7s in line with the 1, 3s with the 2
            rows, cols = [0, 0], [0, 0]
            while abs(rows[0] - rows[1]) < 2 or abs(cols[0] - cols[1]) < 2:
                rows, cols = rng.sample(range(1, h - 1), 2), rng.sample(range(1, w - 1), 2)
            for a, b, x, y in zip(rows, cols, (1, 2), (7, 3), strict=True):
                g[a][b] = x
                for i, j in [(rng.randrange(a), b), (a, rng.randrange(b + 1, w))]:
                    g[i][j] = y
        if name == "nearest_border":  # two border columns, cells of 3 strewn between them
            a, b = rng.sample(range(1, 10), 2)
            for r in g:
                r[0], r[-1] = a, b
                for j in range(1, w - 1):
                    r[j] = 3 * (rng.random() < 0.2)
            if rng.random() < 0.5:
                g = transposed(g)
        if name == "staircase":  # a bar of 2 from the left, room for the rows above it
            a = rng.randrange(h - 1)
            n = rng.randint(1, w - a - 1)
            g[a][:n] = [2] * n
        if name == "cross_mirrored":  # a cross of one colour, a shape in the top left quarter
            q, x = h // 2, rng.randint(1, 9)
            for k in range(h):
                g[q][k] = g[k][q] = x
            for i, j in itertools.product(range(q), repeat=2):
                g[i][j] = rng.choice([0, 0, x % 9 + 1])
        if name == "panel_patterns":  # three panels, each a pattern of holes
            keys = [rng.choice(list(PANELS)) for _ in range(3)]
            rows = [[[int(c) for c in k[4 * i : 4 * i + 4]] for k in keys] for i in range(4)]
            g = [a + [0] + b + [0] + c for a, b, c in rows]
        if name == "ones_in_box_3":  # 1s strewn about, a block of 8 over some of them
            g = [[int(rng.random() < 0.5) for _ in range(w)] for _ in range(h)]
            a, b = rng.randint(2, 4), rng.randint(2, 4)
            top, left = rng.randrange(h - a), rng.randrange(w - b)
            for i, j in itertools.product(range(a), range(b)):
                g[top + i][left + j] = 8 if i in (0, a - 1) or rng.random() < 0.5 else 1
        if name == "halves_framed":  # a cell in each half of a 10x10
            for rows in (range(5), range(5, 10)):
                g[rng.choice(rows)][rng.randrange(10)] = rng.randint(1, 9)
        if name == "middle_by_corners":  # four corners, a frame of 1 two cells in, a middle of 8
            for i, j in itertools.product((0, h - 1), repeat=2):
                g[i][j] = rng.choice([2, 3, 4, 6, 7, 9])
            for k in range(h):
                g[1][k] = g[h - 2][k] = g[k][1] = g[k][h - 2] = 1
            for i, j in itertools.product(range(2, h - 2), repeat=2):
                g[i][j] = rng.choice([0, 8])
        if name == "panels_turned":  # a panel of colours, then columns of 5 and blank panels
            for r in g:
                r[:h] = [rng.randint(1, 9) for _ in range(h)]
                r[h], r[2 * h + 1] = 5, 5
        if name == "tiled_diagonals_8":  # a few cells of one colour
            x = rng.choice([1, 2, 3, 4, 5, 6, 7, 9])
            g = [[x * (rng.random() < 0.2) for _ in range(w)] for _ in range(h)]
        if name == "shape_to_colour":  # one of the four shapes, in some colour
            x = rng.randint(1, 9)
            key = rng.choice(list(SHAPE_COLOURS))
            g = [[x * int(c) for c in key[k : k + 3]] for k in (0, 3, 6)]
        if name == "columns_zigzag":  # a cell in the bottom row
            g[-1][rng.randrange(w)] = rng.choice([1, 2, 3, 4, 6, 7, 8, 9])
        if name == "tiled_columns_8":  # a few cells of one colour
            g = [[2 * (rng.random() < 0.15) for _ in range(w)] for _ in range(h)]
        if name in ("elbow_2_to_3", "elbow_8_to_2"):  # two cells in other rows and columns
            (a, e), (b, d) = rng.sample(range(h), 2), rng.sample(range(w), 2)
            g[a][b], g[e][d] = (2, 3) if name == "elbow_2_to_3" else (8, 2)
        if name == "lines_8_7_crossed":  # an 8 and a 7 in other rows and columns
            (a, e), (b, d) = rng.sample(range(h), 2), rng.sample(range(w), 2)
            g[a][b], g[e][d] = 8, 7
        if name == "rarest_ringed":  # noise in which one colour has one cell
            g = [[rng.choice([0, 0, 0, 1, 2, 3, 4, 5]) for _ in range(w)] for _ in range(h)]
            g[rng.randrange(h)][rng.randrange(w)] = 9
        if name == "edges_repeated":  # colours
            g = [[rng.randint(1, 9) for _ in range(w)] for _ in range(h)]
        if name == "plus_between":  # two 1s in a row (or a column), an even distance apart
            a, d = rng.randrange(1, h - 1), rng.choice([4, 6])
            b = rng.randrange(w - d)
            g[a][b] = g[a][b + d] = 1
            if rng.random() < 0.5:
                g = transposed(g)
        if name == "v_from_line":  # a line of 7 down from the top
            b = rng.randrange(w)
            for r in g[: rng.randint(1, h - 1)]:
                r[b] = 7
        if name == "every_other_from_right":  # 5s strewn about
            g = [[5 * (rng.random() < 0.4) for _ in range(w)] for _ in range(h)]
        if name == "colour_to_glyph":  # cells of 1, 2 or 3
            x = rng.randint(1, 3)
            g = [[x * (rng.random() < 0.4) for _ in range(w)] for _ in range(h)]
        if name == "colours_to_line":  # one, two or three colours of 2, 3, 4
            pick = rng.sample([2, 3, 4], rng.randint(1, 3))
            g = [[rng.choice(pick) for _ in range(w)] for _ in range(h)]
            g[0][: len(pick)] = pick  # each one there
        if name == "ones_counted_2":  # one to four 1s
            for k in rng.sample(range(9), rng.randint(1, 4)):
                g[k // 3][k % 3] = 1
        if name == "odd_cells_scaled":  # colours on odd rows and columns
            for i, j in itertools.product(range(1, 10, 2), repeat=2):
                g[i][j] = rng.choice([0, 0, 0, 1, 2, 3, 4])
        if name == "pairs_3_2":  # 3s, 2s and 5s strewn about, some side by side
            g = [[rng.choice([0] * 8 + [2, 3, 5]) for _ in range(w)] for _ in range(h)]
        if name == "third_columns_6":  # 4s strewn about
            g = [[4 * (rng.random() < 0.6) for _ in range(w)] for _ in range(h)]
        if name == "odd_corner":  # three 2x2 corners alike, one of them with a cell flipped
            x, k, odd = rng.randint(1, 9), rng.randrange(4), rng.randrange(4)
            q = [[x * (rng.random() < 0.5) for _ in range(2)] for _ in range(2)]
            for c, (a, b) in enumerate([(0, 0), (0, 3), (3, 0), (3, 3)]):
                for i, j in itertools.product((0, 1), repeat=2):
                    g[a + i][b + j] = q[i][j] if c != odd or 2 * i + j != k else x - q[i][j]
        if name == "block_diagonals_scaled":  # a square block inside; the last row and column
            x, y, block = rng.sample(range(1, 10), 3)  # in one or two colours
            y, t, m = rng.choice([x, y]), rng.randrange(5), rng.randint(1, 2)
            for k in range(5):
                g[-1][k] = g[k][-1] = x if k < t else y
            a, b = rng.randint(1, 3 - m), rng.randint(1, 3 - m)
            for i, j in itertools.product(range(m), repeat=2):
                g[a + i][b + j] = block
        return Example(g, rule([r[:] for r in g]))

    return Task(
        id=f"task{seed:03d}",
        number=seed,
        arc_id=None,
        train=[example() for _ in range(n_train)],
        test=[example()],
        arc_gen=[example() for _ in range(n_gen)],
    )


# Shapes whose programs are long (a flood fill, a walk, eight images read from a padded grid).
LONGER = {"sized": 250, "enclosed_alone": 200, "unmasked_off": 210, "corners_thrown": 210}
LONGER |= {"block_corners": 190, "plus_stars": 250, "lines_repeated": 250}
LONGER |= {"densest_trimmed": 200, "fallen_to_band": 250, "fullest_panels": 260}
LONGER |= {"odd_panel": 230, "cross_shifted": 210, "ring_lines": 230}
LONGER |= {"frame_inside": 200, "box_gaps": 320, "panel_marks": 240, "square_holes": 240}
LONGER |= {"ringed": 220, "stamped": 270, "panels_copied": 260, "commonest_shape": 270}
LONGER |= {"lines_ranked": 270, "boxes_by_colour": 220, "pairs_ringed": 260}
LONGER |= {"fallen_to_8": 330, "diagonal_rays": 320, "corners_joined": 250}
LONGER |= {"most_twos_block": 200, "inner_by_size": 340, "stamped_moved": 270}
LONGER |= {"stamped_at_5": 330, "bottoms_aligned": 210, "background_trimmed": 220}
LONGER |= {"step_toward_4": 230, "rarest_cropped": 220, "holed_colour": 200}
LONGER |= {"corner_rays": 200, "crossing_ringed": 260, "counted_below": 210, "rings_to_plus": 250}
LONGER |= {"moved_into_corners": 270, "corners_collected": 230, "drawn_to_block": 270}
LONGER |= {"mirrored_about_block": 230, "rays_from_2s": 320, "inside_corners_swapped": 210}
LONGER |= {"dropped_with_stripes": 190, "box_stretched": 350, "ray_from_marker": 360}
LONGER |= {"lines_to_block": 310, "lines_to_densest": 500, "drawn_to_lines": 290}
LONGER |= {"edges_facing": 310, "sides_collected": 350, "mirrored_about_x": 320}
LONGER |= {"scaled_into_frame": 290, "holes_across_bands": 210, "best_frame": 380}
LONGER |= {"pattern_downscaled": 300, "crop_fallen_to_line": 450, "shape_into_frame": 380}
LONGER |= {"blocks_from_corner": 260, "holed_shapes_8": 230, "closed_rings_3": 230}
LONGER |= {"regions_by_size": 300, "shapes_counted": 230, "odd_shape_out": 300}
LONGER |= {"shape_boxes_7": 230, "rings_from_diagonal": 230, "inner_corners_out": 300}
LONGER |= {"corners_assembled": 200, "drawn_to_wall": 260, "gathered_to_1_2": 260}
LONGER |= {"elbow_8_to_2": 200, "block_diagonals_scaled": 310}
LONGER |= {name: longest for name, (*_, longest) in DRAWN.items()}
LONGER |= {"ones_in_box_3": 220, "elbow_2_to_3": 200, "rarest_ringed": 200, "plus_between": 190}


@functools.cache
def searched(name: str) -> tuple[Task, dict[str, str], list[tuple[str, str]]]:
    """A planted task of the shape, what the search finds for it and every candidate it tried:
    three tests read them, and a search tries every idiom, so each shape is searched once."""
    task = planted(name, seed=FIT_SEED)
    tried = []

    def recorded(pairs, candidates=search._candidates):
        for candidate in candidates(pairs):
            tried.append(candidate)
            yield candidate

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(search, "_candidates", recorded)
        return task, search.programs(task), tried


@pytest.mark.parametrize("name", SHAPES)
def test_each_planted_shape_is_found_and_fits(name):
    task, found, _ = searched(name)
    assert found, f"nothing found for {name}"
    pairs = examples(task)
    for source in found.values():
        assert search.reproduces(source, pairs)
        assert source.startswith(search.PROGRAM_STARTS)
    # shortest first, and far shorter than any seed
    sizes = [program_bytes(s) for s in found.values()]
    assert sizes == sorted(sizes) and sizes[0] < LONGER.get(name, 170)


# Shapes found by the idiom of another name; the rest of `NAMED` by their own.
IDIOM_OF = {"uncovered": "unmasked", "corners": "neighbours_window", "sized": "components"}
IDIOM_OF |= {"counted": "counted_every_other", "corners_overlaid": "quarters"}
NAMED = ("squares", "ranked", "unmasked", "rarest_lines", "by_count", "histogram", "bands")
NAMED += ("by_count_rest", "uniform_lines", "stamps", "extremes", "folded", "cross")
NAMED += ("rings_rotated", "between_alike_both", "collected_snake", "block_filled")
NAMED += ("enclosed_alone", "panels", "unmasked_off", "corners_thrown", "dotted_middle")
NAMED += ("block_corners", "plus_stars", "ends_met", "sampled", "lines_repeated")
NAMED += ("densest_trimmed", "fallen_to_band", "rows_by_count", "trimmed_kron")
NAMED += ("fullest_panels", "under_marker", "under_holes", "odd_panel")
NAMED += ("commonest_trimmed", "cross_shifted", "ring_lines", "zigzag_down")
NAMED += ("panel_counts", "frame_inside", "box_gaps", "noisiest_region", "panel_marks")
NAMED += ("inner_rows_between", "square_holes", "ringed", "stamped", "panels_copied")
NAMED += ("commonest_shape", "lines_ranked", *BLANK)
NAMED += ("trim_swapped", "square_mend", "dedupe_trim", "between_rows", "between_alike")
NAMED += ("band_repeated", "periodic_prefix", "trail", "header_rows", *IDIOM_OF)
NAMED += ("fill_common", "uncommon", *DRAWN)


def own_programs(name: str, found: dict[str, str]) -> list[str]:
    """Of the programs found, those of the idiom written for shape `name`, shortest first."""
    return [s for how, s in found.items() if how.split("#")[0] == IDIOM_OF.get(name, name)]


@pytest.mark.parametrize("name", NAMED)
def test_each_idiom_fits_its_planted_shape(name):
    """Not just some fit (the cell-wise search may find a shorter one on a few examples): the
    idiom written for the shape, and it holds on the examples no fit saw."""
    task, found, _ = searched(name)
    own = own_programs(name, found)
    assert own, f"{name}: {sorted(found)}"
    assert search.reproduces(own[0], [(e.input, e.output) for e in task.arc_gen])


@settings(max_examples=25, deadline=None)
@given(name=st.sampled_from(sorted(SHAPES)), seed=st.integers(0, 10_000))
def test_found_programs_reproduce_their_examples(name, seed):
    task = planted(name, seed)
    pairs = examples(task)
    for source in search.programs(task).values():
        assert search.reproduces(source, pairs)


@pytest.mark.parametrize("name", SHAPES)
def test_every_candidate_is_python(name):
    """A value that ends in a name is spaced from the `for` after it (`a or b for`), and a
    walrus never stands bare in a comprehension's iterable, for every shape the search writes."""
    _, _, tried = searched(name)
    assert len(tried) > len(FIXED)
    for how, expr in tried:
        compile(search.program(expr), how, "exec")


def test_no_fixed_idiom_has_a_space_python_does_not_need():
    """Every byte counts: a space whose removal leaves the same syntax tree is one point lost
    (`search.program` drops one between a number and a keyword itself). Not in a
    program long enough to be packed, where a space can make the stream shorter (task101's idiom
    packed to 271 bytes with such a space, 276 without)."""
    wasted = []
    for name, expr in (*search._IDIOMS.items(), *IDIOMS.items()):
        source = search.program(expr)
        if len(source) >= compress.PACKS_FROM:
            continue
        tree = ast.dump(ast.parse(source))
        for i in (i for i, c in enumerate(expr) if c == " "):
            shorter = search.program(expr[:i] + expr[i + 1 :])
            try:
                with warnings.catch_warnings():  # `1jfor`: a warning now, an error later
                    warnings.simplefilter("error", SyntaxWarning)
                    if len(shorter) < len(source) and ast.dump(ast.parse(shorter)) == tree:
                        wasted.append(f"{name}: {expr[max(0, i - 12) : i + 12]!r}")
            except (SyntaxError, SyntaxWarning):
                pass
    assert wasted == []


def test_a_task_without_a_shape_finds_nothing():
    rng = random.Random(0)
    noise = [
        Example([[rng.randrange(10) for _ in range(4)] for _ in range(3)], [[rng.randrange(10)]])
        for _ in range(3)
    ]
    task = Task("task999", 999, None, train=noise[:2], test=noise[2:])
    assert search.programs(task) == {}


def test_a_task_of_blank_grids_kept_blank_is_searched():
    # no cell is set, so no neighbour count has an entry: the search once crashed on it
    blank = [[0] * 3 for _ in range(3)]
    task = Task("task999", 999, None, train=[Example(blank, blank)], test=[])
    found = search.programs(task)
    assert found and all(search.reproduces(s, [(blank, blank)]) for s in found.values())


def test_a_candidate_that_never_ends_loses_only_its_own_time(monkeypatch):
    """An idiom may backtrack without end on a grid it was not written for: it stops after
    IDIOM_S, and the candidates after it are still tried."""
    pairs = [([[1, 2], [3, 4]], [[1, 3], [2, 4]]), ([[5, 6]], [[5], [6]])]
    task = Task("task999", 999, None, train=[Example(*p) for p in pairs], test=[])

    def candidates(pairs):
        yield "endless", "[0for _ in iter(int,1)]"
        yield "transposed", "[*zip(*g)]"

    monkeypatch.setattr(search, "_candidates", candidates)
    monkeypatch.setattr(search, "IDIOM_S", 0.2)
    assert search.programs(task) == {"transposed": "p=lambda g:[*zip(*g)]"}


def test_an_idiom_is_an_expression_in_g_or_a_whole_program():
    pairs = [([[1, 2], [3, 4]], [[4, 3], [2, 1]])]
    assert search.program("g[::-1]") == "p=lambda g:g[::-1]"
    # a counter in a default argument, and recursion through the name `p`
    turned = "p=lambda g,k=2:k and p([r[::-1]for r in zip(*g)],k-1)or g"
    assert search.program(turned) == turned
    assert search.reproduces(turned, pairs)
    statements = "def p(g):\n for r in g:r.reverse()\n return g[::-1]"
    assert search.program(statements) == statements
    assert search.reproduces(statements, pairs)
    assert search.program("[1 for r in g]") == "p=lambda g:[1for r in g]"  # the judge's 3.11
    # a fit's colour before `else` or `or`: `5else` and `0or` do not parse
    assert search.program("[5if c==5else 0for c in g]") == "p=lambda g:[5if c==5 else 0for c in g]"
    assert search.program("[c!=0or 1for c in g]") == "p=lambda g:[c!=0 or 1for c in g]"
    assert search.program("(k:=len(g))and g[k:]") == "def p(g):k=len(g);return g[k:]"
    packed = "(k:=len(g))and g[k:]" + "+g" * 100  # packed: its deflated text's size counts
    assert search.program(packed) == "p=lambda g:" + packed


def test_reproduces_compares_as_the_checker_does():
    pairs = [([[1, 2], [3, 4]], [[1, 3], [2, 4]])]
    assert search.reproduces("p=lambda g:[*zip(*g)]", pairs)  # tuples print as lists
    assert not search.reproduces("p=lambda g:g", pairs)
    assert not search.reproduces("p=lambda g:1/0", pairs)
    assert not search.reproduces("p=lambda g:", pairs)  # not even Python


def test_an_idiom_that_evals_a_grid_it_does_not_fit_warns_nothing():
    """Idioms `eval` text edited from the grid; on another task's grid that text may not be
    Python, which Python reports as a SyntaxWarning the search must not print."""
    pairs = [([[1, 2]], [[1, 2]])]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert not search.reproduces("p=lambda g:eval(str(g[0][0])+'[0]')", pairs)  # `1[0]`
    assert caught == []


@pytest.fixture(scope="module")
def pool(ray_session):
    pool = SandboxPool(num_actors=2, backend="process", limits=Limits(example_timeout_s=10.0))
    yield pool
    pool.close()


# The idioms that need no fitting: the same expression for every task.
FIXED = {name: search.program(e) for name, e in (*search._IDIOMS.items(), *IDIOMS.items())}


def own_or_first(name: str, task: Task) -> str:
    """The program of the idiom written for shape `name`, else the shortest the search finds.
    An idiom written for a real task can be shorter and fit a planted task's four examples but
    not its others (task064's fits lines_to_densest's at seed 7); the pipeline then judges the
    next. A fixed idiom that fits is the one the search would find: no search is needed."""
    own = FIXED.get(IDIOM_OF.get(name, name))
    if own is not None and search.reproduces(own, examples(task)):
        return own
    found = search.programs(task)
    return (own_programs(name, found) or [*found.values()])[0]


def found_any(task: Task) -> bool:
    """Whether `search.programs(task)` finds a program: it tries every fixed idiom, so one that
    reproduces the examples settles it before the fitted shapes are searched."""
    pairs = examples(task)
    if not all(search._rectangular(g) for pair in pairs for g in pair):
        return False  # as the search does
    return any(search.reproduces(s, pairs) for s in FIXED.values()) or bool(search.programs(task))


def test_the_sandbox_judges_found_programs_correct_on_unseen_examples(pool):
    tasks = [planted(name, seed=SANDBOX_SEED) for name in SHAPES]
    jobs = [
        t.verify_job(own_or_first(name, t), key=f"{t.id}:{name}")
        for t, name in zip(tasks, SHAPES, strict=True)
    ]
    assert len(jobs) == len(SHAPES)
    verdicts = pool.verify(jobs)
    assert [v.correct for v in verdicts] == [True] * len(SHAPES), [v.error for v in verdicts]


def test_real_tasks_are_found(golf_tasks):
    """Real tasks whose shapes the search knows, one at least for each finder and idiom that
    was written for a task: the search finds a program for every one, and each idiom drawn
    for a task of its own (`DRAWN`) fits that task."""
    ids = ("task001", "task002", "task006", "task110", "task155", "task180", "task188", "task211")
    more = ("task229", "task312", "task315", "task321", "task329", "task352", "task384", "task389")
    more += ("task024", "task050", "task058", "task262", "task267", "task317", "task375")
    more += ("task003", "task007", "task039", "task097", "task130", "task231", "task299")
    more += ("task010", "task081", "task098", "task161", "task218", "task239", "task242")
    more += ("task283", "task287", "task290", "task359", "task393", "task203", "task248")
    more += ("task304", "task258", "task041", "task215", "task343", "task232", "task297")
    more += ("task169", "task198", "task302", "task330", "task369", "task115", "task391")
    more += ("task015", "task220", "task266", "task282", "task331", "task254", "task360")
    more += ("task141", "task298", "task092", "task316", "task399", "task127")
    more += ("task338", "task055", "task074", "task225", "task085", "task230", "task012")
    more += ("task060", "task244", "task013", "task036", "task093")
    more += ("task301", "task195", "task059", "task111", "task126")
    more += ("task263", "task300", "task362", "task094", "task296")
    more += ("task082", "task149", "task029", "task105", "task355", "task226", "task381")
    more += ("task204", "task125", "task368", "task306", "task079", "task374")
    more += ("task132", "task278", "task174", "task293", "task008", "task121", "task190")
    more += ("task037", "task271", "task365", "task216", "task156", "task069", "task206")
    more += ("task247", "task030", "task259", "task100", "task353", "task295", "task038")
    more += ("task014", "task049", "task310", "task291", "task136", "task151", "task397")
    more += ("task245", "task160", "task342", "task398", "task075", "task213", "task184")
    more += ("task250", "task176", "task112", "task034", "task327", "task217", "task088")
    more += ("task346", "task221", "task199", "task021", "task063", "task281", "task051")
    more += ("task333", "task064", "task025", "task035", "task340", "task117", "task159")
    more += ("task202", "task396", "task134", "task138", "task238", "task104")
    more += ("task243", "task279", "task196", "task145", "task325", "task288", "task277")
    more += ("task139", "task137", "task228", "task253", "task212", "task128", "task084")
    more += ("task123", "task270", "task040", "task256", "task109", "task235", "task070")
    more += ("task028", "task183", "task214", "task019", "task056", "task200", "task388")
    more += ("task246", "task047", "task068", "task114", "task371", "task335", "task348")
    more += ("task332", "task334", "task167", "task186", "task108", "task344", "task292")
    more += ("task207", "task107")
    drawn = {}
    for name, (*_, task_id, _) in DRAWN.items():  # an idiom written for a task fits it
        drawn[task_id] = search.reproduces(FIXED[name], examples(golf_tasks.by_id(task_id)))
    assert all(drawn.values()), [task_id for task_id, fits in drawn.items() if not fits]
    for task_id in dict.fromkeys(ids + more).keys() - drawn.keys():
        assert found_any(golf_tasks.by_id(task_id)), task_id


@pytest.mark.shared_data
def test_the_pipeline_drops_fits_that_arc_gen_examples_refute(shared_tasks):
    """task272's train and test examples admit cell-wise fits that its arc-gen examples refute:
    when they were shorter than its idioms (88 bytes against 90), they were judged first and took
    every judging the task had (MAX_TRIES)."""
    task = shared_tasks.by_id("task272")
    fitted = search.programs(dataclasses.replace(task, arc_gen=[]))
    assert sum(how.startswith("cells") for how in fitted) >= 2
    kept = pipeline._searched(pipeline._few_examples(task))
    assert next(iter(kept)) == "lone_twos_to_one"  # the idiom written for it
    assert any(how.startswith("neighbours") for how in kept)  # the shape that served it before
    assert not any(how.startswith("cells") for how in kept)


@pytest.mark.shared_data
def test_the_pipeline_queues_a_fit_by_the_size_it_is_submitted_at(shared_tasks):
    """A long fit may compress below a shorter one: every fit is queued compressed too, by the
    size it would be submitted at. task118's hidden_crosses (about 360 bytes, 270 compressed) goes
    before a fit that does not compress, sized between the two."""
    task = shared_tasks.by_id("task118")
    kept = pipeline._searched(pipeline._few_examples(task))
    size = (program_bytes(kept["hidden_crosses"]) + program_bytes(kept["hidden_crosses+zlib"])) // 2
    rng, head = random.Random(0), "p=lambda g:g#"
    other = head + "".join(
        rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(size - len(head))
    )
    queue = pipeline._queue(task.id, kept | {"other": other}, float("inf"), "search")
    first = queue[0]
    assert first.origin == "search/hidden_crosses+zlib"
    assert (
        program_bytes(first.source) < program_bytes(other) < program_bytes(kept["hidden_crosses"])
    )
    assert [e.origin for e in queue[1:]] == ["search/other", "search/hidden_crosses"]
    assert search.reproduces(first.source, [(e.input, e.output) for e in task.train])


def test_every_fit_of_a_shape_is_kept_shortest_first():
    """The halves fit with several offsets (`r[-3:]`, `r[4:]`, `r[len(r)//2+1:]`): all are
    kept, since the shortest may hold on the train examples and not on arc-gen's sizes."""
    found = search.programs(planted("halves_and", seed=3))
    halves = [how for how in found if how.split("#")[0] == "halves"]
    assert len(halves) >= 3 and halves[1] == "halves#2"
    assert any("len(r)//2+1" in found[how] for how in halves)
