"""Rules and inputs for the idioms of `golf_ray.golf.task_idioms`, written for one real task
each (read from RE-ARC's verifier for it): each rule is written apart from its idiom, in plain
loops and flood fills, and each `draw_` function draws inputs like the task's. `test_search`
plants them as it plants its own shapes."""

from collections import Counter


def parts(g, inside, corners=False):  # groups of the cells whose colour is `inside`, touching at
    H, W = len(g), len(g[0])  # their sides (and at their corners, with `corners`)
    steps = [(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1) if (a or b) and (corners or not a * b)]
    seen, groups = set(), []
    for i in range(H):
        for j in range(W):
            if inside(g[i][j]) and (i, j) not in seen:
                group, stack = [], [(i, j)]
                seen.add((i, j))
                while stack:
                    a, b = stack.pop()
                    group.append((a, b))
                    for da, db in steps:
                        y, x = a + da, b + db
                        if 0 <= y < H and 0 <= x < W and inside(g[y][x]) and (y, x) not in seen:
                            seen.add((y, x))
                            stack.append((y, x))
                groups.append(group)
    return groups


def ground_and_parts(g):  # the commonest colour, and the groups of the other cells that touch
    cells = Counter(v for r in g for v in r)  # (at their corners too)
    bg = max(cells, key=cells.get)
    return bg, parts(g, lambda v: v != bg, corners=True)


def blob(rng, side):  # 3 to 6 cells grown at random from (1, 1) in a side x side box, and the
    cells = {(1, 1)}  # cells beside them (sorted)
    while len(cells) < rng.randint(3, 6):
        a, b = rng.choice(sorted(cells))
        step = [min(side - 1, max(0, x + rng.choice((-1, 0, 1)))) for x in (a, b)]
        cells.add(tuple(step))
    rim = {(a + u, b + v) for a, b in cells for u, v in ((1, 0), (-1, 0), (0, 1), (0, -1))}
    return cells, sorted(rim - cells)


def box(cells):  # the top, bottom, left and right of the box around `cells`
    rows, cols = [a for a, _ in cells], [b for _, b in cells]
    return min(rows), max(rows), min(cols), max(cols)


def at_origin(cells):  # `cells` moved so that their box's top-left corner is (0, 0)
    top, _, left, _ = box(cells)
    return {(a - top, b - left) for a, b in cells}


def outline(top, bottom, left, right):  # the cells on the edges of that box
    return {
        (a, b)
        for a in range(top, bottom + 1)
        for b in range(left, right + 1)
        if a in (top, bottom) or b in (left, right)
    }


def colour_parts(g, corners=False):  # the one-colour groups of the non-0 cells, in reading order
    cols = {v for r in g for v in r} - {0}
    groups = [p for c in cols for p in parts(g, lambda v, c=c: v == c, corners)]
    return sorted(groups, key=min)  # a group's smallest cell is the one it was found from


# paste the free stamp on every marker in the rectangles, shoot its arms as lines to the rectangle
# edge, erase the stamp
def stamp_with_rays(g):
    H, W = len(g), len(g[0])
    cnt = Counter(v for r in g for v in r).most_common()
    bg, rc = cnt[0][0], cnt[1][0]

    def inside(i, j):
        return 0 <= i < H and 0 <= j < W

    # stamp cells: not bg / rectangle colour and with no rectangle-coloured neighbour
    stamp = set()
    for i in range(H):
        for j in range(W):
            if g[i][j] not in (bg, rc) and not any(
                inside(i + u, j + v) and g[i + u][j + v] == rc
                for u in (-1, 0, 1)
                for v in (-1, 0, 1)
            ):
                stamp.add((i, j))
    # core: stamp cells with at least two stamp 4-neighbours; centre = middle of the core's box
    core = [
        (i, j)
        for i, j in stamp
        if sum((i + u, j + v) in stamp for u, v in ((0, 1), (1, 0), (0, -1), (-1, 0))) >= 2
    ]
    ci = (min(i for i, j in core) + max(i for i, j in core)) // 2
    cj = (min(j for i, j in core) + max(j for i, j in core)) // 2
    m = g[ci][cj]
    arms = [(i - ci, j - cj) for i, j in stamp if (i, j) not in core]
    dirs = {((u > 0) - (u < 0), (v > 0) - (v < 0)) for u, v in arms}
    o = [r[:] for r in g]
    for i, j in stamp:
        o[i][j] = bg
    for a in range(H):
        for c in range(W):
            if g[a][c] == m and (a, c) not in stamp:
                for u, v in dirs:
                    i, j = a + u, c + v
                    while inside(i, j) and g[i][j] != bg:
                        o[i][j] = g[ci + u][cj + v]
                        i, j = i + u, j + v
    for a in range(H):
        for c in range(W):
            if g[a][c] == m and (a, c) not in stamp:
                for i, j in stamp:
                    x, y = a + i - ci, c + j - cj
                    if inside(x, y) and g[x][y] != bg:
                        o[x][y] = g[i][j]
    return o


# a stamp near the top, a rectangle below holding n-2 separated markers
def draw_stamp_with_rays(rng, n):
    H, W = 30, 30  # as in every example of task054
    b, q, L, m, N = rng.sample(range(10), 5)
    N = rng.choice((N, m))
    g = [[b] * W for _ in range(H)]
    # the stamp keeps off the first column (the whole border is background), as in every
    # example of task054
    i0, j0 = rng.randint(0, 1), rng.randint(1, W - 5)
    # arms in opposite pairs (a row pair, a column pair or all four), as in every example of task054
    sp = rng.choice(([(0, -1), (0, 1)], [(-1, 0), (1, 0)], [(-1, 0), (1, 0), (0, -1), (0, 1)]))
    for u in (-1, 0, 1):
        for v in (-1, 0, 1):
            g[i0 + 2 + u][j0 + 2 + v] = L if (u, v) in sp else N
    g[i0 + 2][j0 + 2] = m
    for u, v in sp:
        g[i0 + 2 + 2 * u][j0 + 2 + 2 * v] = L
    r0, c0 = rng.randint(7, H - 5), rng.randint(0, W - 5)
    r1, c1 = rng.randint(r0 + 5, H), rng.randint(c0 + 5, W)
    for i in range(r0, r1):
        g[i][c0:c1] = [q] * (c1 - c0)
    mk = []
    for _ in range(10 * n):
        a, c = rng.randint(r0 + 2, r1 - 3), rng.randint(c0 + 2, c1 - 3)
        if len(mk) < n - 2 and all(abs(a - x) > 2 and abs(c - y) > 2 for x, y in mk):
            mk.append((a, c))
            g[a][c] = m
    return g


# crop to the 4-corner frame and complete the scaled copy of the outside pattern
def frame_upscaled_template(g):
    H, W = len(g), len(g[0])
    bg = Counter(v for r in g for v in r).most_common(1)[0][0]
    for c in set(v for r in g for v in r):
        cells = [(i, j) for i in range(H) for j in range(W) if g[i][j] == c]
        rows, cols = sorted(set(i for i, j in cells)), sorted(set(j for i, j in cells))
        if (
            len(cells) == 4 and len(rows) == 2 and len(cols) == 2 and rows[1] - rows[0] > 1
        ):  # not a 2x2 blob
            (r0, r1), (c0, c1), corner = rows, cols, c

    def inside(i, j):
        return r0 <= i <= r1 and c0 <= j <= c1

    tmpl = {
        (i, j): g[i][j] for i in range(H) for j in range(W) if g[i][j] != bg and not inside(i, j)
    }
    shown = {
        (i, j): g[i][j]
        for i in range(r0, r1 + 1)
        for j in range(c0, c1 + 1)
        if g[i][j] not in (bg, corner)
    }
    y0, x0 = min(shown)  # the first shown cell is the top-left of a block
    best = None
    for s in range(1, 31):  # smallest square scale for which some placement fits
        for (ti, tj), v in tmpl.items():
            if v == shown[y0, x0] and all(
                tmpl.get((ti + (y - y0) // s, tj + (x - x0) // s)) == c
                for (y, x), c in shown.items()
            ):
                best = (s, ti, tj)
                break
        if best:
            break
    s, ti, tj = best
    return [
        [tmpl.get((ti + (y - y0) // s, tj + (x - x0) // s), g[y][x]) for x in range(c0, c1 + 1)]
        for y in range(r0, r1 + 1)
    ]


# a small 3-colour pattern, a corner-marked frame, some scaled blocks shown inside
def draw_frame_upscaled_template(rng, n):
    b, k = 0, 4  # background 0 and corners 4, as in every example of task209
    o, a1, a2 = rng.sample((1, 2, 3, 5, 6, 7, 8, 9), 3)
    th, tw, s = rng.randint(2, 3), rng.randint(2, 3), rng.randint(1, n - 1)
    T = [[rng.choice((b, o, o)) for _ in range(tw)] for _ in range(th)]
    (i1, j1), (i2, j2) = rng.sample([(i, j) for i in range(th) for j in range(tw)], 2)
    T[i1][j1], T[i2][j2] = a1, a2
    fh, fw = th * s + rng.randint(2, 4), tw * s + rng.randint(2, 4)
    H, W = th + 2 + fh, max(tw, fw) + rng.randint(0, 3)
    g = [[b] * W for _ in range(H)]
    for i in range(th):
        g[i][:tw] = T[i]
    R, C = th + 1, rng.randint(0, W - fw)
    for i in (R, R + fh - 1):
        g[i][C] = g[i][C + fw - 1] = k
    Y, X = R + rng.randint(1, fh - 1 - th * s), C + rng.randint(1, fw - 1 - tw * s)
    for i, j in ((i1, j1), (i2, j2)) + (((th - 1 - i1, j1),) if n == 5 else ()):
        for y in range(s):
            for x in range(s):
                g[Y + i * s + y][X + j * s + x] = T[i][j]
    # only the 4s are four cells on the corners of a rectangle, as in every example of task209
    for c in {v for r in g for v in r} - {4}:
        cells = [(i, j) for i, r in enumerate(g) for j, v in enumerate(r) if v == c]
        if len(cells) == 4 and len({i for i, j in cells}) == len({j for i, j in cells}) == 2:
            return draw_frame_upscaled_template(rng, n)
    return g


# cells of the special-intersection window whose 4 corners agree on a special colour
def lattice_corner_cells(g):
    H, W = len(g), len(g[0])
    cnt = Counter(v for r in g for v in r if v)
    line = cnt.most_common(1)[0][0]
    rows = [i for i in range(H) if 0 not in g[i]]
    cols = [j for j in range(W) if all(g[i][j] for i in range(H))]
    spec = [(a, b) for a, i in enumerate(rows) for b, j in enumerate(cols) if g[i][j] != line]
    a0, a1 = min(a for a, b in spec), max(a for a, b in spec)
    b0, b1 = min(b for a, b in spec), max(b for a, b in spec)
    out = []
    for a in range(a0, a1):
        row = []
        for b in range(b0, b1):
            k = {g[rows[x]][cols[y]] for x in (a, a + 1) for y in (b, b + 1)}
            row.append(k.pop() if len(k) == 1 and line not in k else 0)
        out.append(row)
    return out


# lattice of period n with a 4x4 window of intersections painted in 2 colours
def draw_lattice_corner_cells(rng, n):
    L, c1, c2 = rng.sample(range(1, 10), 3)
    m = rng.randint(4, 5)
    size = m * n - 1 + rng.randint(1, n)
    g = [[L if i % n == n - 1 or j % n == n - 1 else 0 for j in range(size)] for i in range(size)]
    i0, j0 = rng.randint(0, m - 4), rng.randint(0, m - 4)
    while True:
        col = [[rng.choice((L, L, c1, c2)) for _ in range(4)] for _ in range(4)]
        sp = [(a, b) for a in range(4) for b in range(4) if col[a][b] != L]
        # every row and column of the window holds a special, as in every example of task185
        if {a for a, b in sp} == {b for a, b in sp} == {0, 1, 2, 3}:
            break
    for a in range(4):
        for b in range(4):
            g[(i0 + a) * n + n - 1][(j0 + b) * n + n - 1] = col[a][b]
    return g


# largest rectangle (>= 5 rows) whose border is one colour; odd cells inside become crosses
def noise_rect_crosses(g):
    H, W = len(g), len(g[0])
    best = (0,)
    for r0 in range(H):
        for c0 in range(W):
            c = g[r0][c0]
            for r1 in range(r0 + 4, H):
                if any(g[i][c0] != c for i in range(r0, r1 + 1)):
                    break  # left side no longer one colour
                for c1 in range(c0, W):
                    if g[r0][c1] != c:
                        break  # top side no longer one colour
                    border = (
                        [g[r0][j] for j in range(c0, c1 + 1)]
                        + [g[r1][j] for j in range(c0, c1 + 1)]
                        + [g[i][c0] for i in range(r0, r1 + 1)]
                        + [g[i][c1] for i in range(r0, r1 + 1)]
                    )
                    if all(v == c for v in border) and (r1 - r0 + 1) * (c1 - c0 + 1) > best[0]:
                        best = ((r1 - r0 + 1) * (c1 - c0 + 1), r0, c0, r1, c1)
    _, r0, c0, r1, c1 = best
    c = g[r0][c0]
    sub = [row[c0 : c1 + 1] for row in g[r0 : r1 + 1]]
    m = [v for r in sub for v in r if v != c][0]
    rows = {i for i, r in enumerate(sub) if m in r}
    cols = {j for j in range(len(sub[0])) if any(r[j] == m for r in sub)}
    return [
        [m if i in rows or j in cols else c for j in range(len(sub[0]))] for i in range(len(sub))
    ]


# noise in all ten colours, a one-colour rectangle of sides 6 or more with n-2 odd cells (distinct
# rows/cols), as in every example of task205
def draw_noise_rect_crosses(rng, n):
    H, W = rng.randint(10, 16), rng.randint(10, 16)
    c, m = rng.sample(range(10), 2)
    g = [[rng.randrange(10) for _ in range(W)] for _ in range(H)]
    h, w = rng.randint(6, H - 2), rng.randint(6, W - 2)
    a, b = rng.randint(1, H - h - 1), rng.randint(1, W - w - 1)
    for i in range(a, a + h):
        g[i][b : b + w] = [c] * w
    for x, y in zip(
        rng.sample(range(1, h - 1), n - 2), rng.sample(range(1, w - 1), n - 2), strict=False
    ):
        g[a + x][b + y] = m
    other = [k for k in range(10) if k != c]
    g[a - 1][rng.randrange(b, b + w)] = g[a + h][rng.randrange(b, b + w)] = rng.choice(other)
    g[rng.randrange(a, a + h)][b - 1] = g[rng.randrange(a, a + h)][b + w] = rng.choice(other)
    # no six equal cells in a row in a row or column outside the rectangle's rows or columns, as
    # in every example of task205 (the noise's longest such run is 5)
    lines = [r for i, r in enumerate(g) if not a <= i < a + h]
    lines += [list(col) for j, col in enumerate(zip(*g, strict=True)) if not b <= j < b + w]
    if any(len({*r[j : j + 6]}) < 2 for r in lines for j in range(len(r) - 5)):
        return draw_noise_rect_crosses(rng, n)
    return g


def d4_complete_5x5(g):  # fill each cell of the 5x5 box from its rotations/reflections
    H, W = len(g), len(g[0])
    cells = [(i, j) for i in range(H) for j in range(W) if g[i][j]]
    r0, c0 = min(i for i, j in cells), min(j for i, j in cells)
    o = [r[:] for r in g]
    for a in range(5):
        for b in range(5):
            imgs = [
                (a, b),
                (b, a),
                (4 - a, b),
                (b, 4 - a),
                (a, 4 - b),
                (4 - b, a),
                (4 - a, 4 - b),
                (4 - b, 4 - a),
            ]
            for x, y in imgs:
                if g[r0 + x][c0 + y]:
                    o[r0 + a][c0 + b] = g[r0 + x][c0 + y]
    return o


def draw_d4_complete_5x5(rng, n):  # a symmetric 5x5 checker pattern in 3 colours, some cells erased
    while True:
        col = {k: rng.choice((0, 0, *rng.sample(range(1, 10), 3))) for k in "ceim"}
        col["c"] = col["c"] or 5

        def kind(a, b):
            return (
                "m"
                if a == b == 2
                else "i"
                if max(abs(a - 2), abs(b - 2)) == 1
                else "c"
                if abs(a - 2) == abs(b - 2)
                else "e"
            )

        P = [
            [
                col[kind(a, b)] if (a + b) % 2 == 0 and rng.random() < 0.3 + n / 10 else 0
                for b in range(5)
            ]
            for a in range(5)
        ]
        if any(P[0]) and any(P[4]) and any(r[0] for r in P) and any(r[4] for r in P) and P[2][2]:
            break
    g = [[0] * 10 for _ in range(10)]
    i0, j0 = rng.randint(0, 5), rng.randint(0, 5)
    for a in range(5):
        g[i0 + a][j0 : j0 + 5] = P[a]
    return g


# mirror each half of the bracketed pattern to the outside of its bracket
def bracket_halves_out(g):
    bg = Counter(v for r in g for v in r).most_common(1)[0][0]
    f = [v for r in g for v in r if v != bg][0]  # frame colour: top-left-most cell
    rows = [i for i, r in enumerate(g) if f in r]
    cols = [j for j in range(len(g[0])) if any(r[j] == f for r in g)]
    r0, r1, c0, c1 = rows[0], rows[-1], cols[0], cols[-1]
    if g[r0].count(f) != c1 - c0 + 1:  # brackets are left/right: work transposed
        t = [list(r) for r in zip(*g, strict=False)]
        return [list(r) for r in zip(*bracket_halves_out(t), strict=False)]
    o = [r[:] for r in g]
    half = (r1 - r0 - 1) // 2
    for j in range(c0 + 1, c1):
        for i in range(r0 + 1, r1):
            o[i][j] = bg
        for d in range(1, half + 1):
            if 0 <= r0 - d:
                o[r0 - d][j] = g[r0 + d][j]
            if r1 + d < len(g):
                o[r1 + d][j] = g[r1 - d][j]
    return o


# two bracket shapes with a random pattern between them, maybe transposed
def draw_bracket_halves_out(rng, n):
    # as in every example of task390: bracket 2, pattern 5, half 3, arm 1, pattern off the arm rows
    f, q = 2, 5
    k, w = 3, rng.randint(3, 7)
    g = [[0] * 15 for _ in range(15)]
    r0, c0 = rng.randint(k, 13 - 3 * k), rng.randint(0, 13 - w)
    r1, c1 = r0 + 2 * k + 1, c0 + w + 1
    arm = 1
    for r, s in ((r0, 1), (r1, -1)):
        g[r][c0 : c1 + 1] = [f] * (w + 2)
        for t in range(1, arm + 1):
            g[r + s * t][c0] = g[r + s * t][c1] = f
    for _ in range(3 * n):
        g[rng.randint(r0 + 2, r1 - 2)][rng.randint(c0 + 1, c1 - 1)] = q
    return [list(r) for r in zip(*g, strict=False)] if rng.random() < 0.5 else g


def tiles_by_marks(g):  # place each 3x3 tile by the side(s) its coloured cells lie on
    H, W = len(g), len(g[0])
    out = [[5] * 9 for _ in range(9)]
    for i in range(H - 2):
        for j in range(W - 2):
            tile = [row[j : j + 3] for row in g[i : i + 3]]
            if any(v == 0 for r in tile for v in r):
                continue
            marks = [(x, y) for x in range(3) for y in range(3) if tile[x][y] != 5]
            if not marks:
                continue
            mx = sum(x for x, y in marks) / len(marks)
            my = sum(y for x, y in marks) / len(marks)
            a = 0 if mx < 1 else 2 if mx > 1 else 1
            b = 0 if my < 1 else 2 if my > 1 else 1
            for x in range(3):
                for y in range(3):
                    out[3 * a + x][3 * b + y] = tile[x][y]
    return out


# the 8 marked tiles and the plain one (every example of task264 has it) scattered in 4x4 slots
def draw_tiles_by_marks(rng, n):
    tiles = []
    for a in range(3):
        for b in range(3):
            t = [[5] * 3 for _ in range(3)]
            c = rng.choice([1, 2, 3, 4, 6, 7, 8, 9])
            for x in range(3):
                for y in range(3):
                    ex, ey = (
                        (x == 2 * (a // 2)) if a != 1 else 0,
                        (y == 2 * (b // 2)) if b != 1 else 0,
                    )
                    if (a, b) != (1, 1) and (
                        ex
                        and (b == 1 or abs(y - 2 * (b // 2)) < 2)
                        or ey
                        and (a == 1 or abs(x - 2 * (a // 2)) < 2)
                        or (a == 1) + (b == 1) == 1
                        and (x, y) == (1, 1)
                    ):
                        t[x][y] = c
            tiles.append(t)
    g = [[0] * 16 for _ in range(16)]
    for t, s in zip(tiles, rng.sample(range(16), len(tiles)), strict=False):
        for x in range(3):
            g[4 * (s // 4) + x][4 * (s % 4) : 4 * (s % 4) + 3] = t[x]
    return g


# every empty box (sides 3..6) with 4 same-colour corners gets its inside painted 2
def corners_fill_inside(g):
    H, W = len(g), len(g[0])
    o = [r[:] for r in g]
    for i in range(H):
        for j in range(W):
            c = g[i][j]
            if c == 0:
                continue
            for k in range(i + 2, min(i + 6, H)):
                for ell in range(j + 2, min(j + 6, W)):
                    corners = {(i, j), (i, ell), (k, j), (k, ell)}
                    if all(g[a][b] == c for a, b in corners) and all(
                        g[a][b] == 0
                        for a in range(i, k + 1)
                        for b in range(j, ell + 1)
                        if (a, b) not in corners
                    ):
                        for a in range(i + 1, k):
                            for b in range(j + 1, ell):
                                o[a][b] = 2
    return o


# one or two boxes' corner points on a 10x10 grid
def draw_corners_fill_inside(rng, n):
    c = 4  # as in every example of task273: colour 4, and every dot is a box's corner (no strays)
    k = 1 + n % 2  # as in every example of task273: 10x10, one or two boxes
    while True:
        g = [[0] * 10 for _ in range(10)]
        spans = []
        for _ in range(k):
            h, w = rng.randint(2, 5), rng.randint(2, 5)
            i, j = rng.randint(0, 9 - h), rng.randint(0, 9 - w)
            spans.append((i, i + h))
            for a, b in ((i, j), (i + h, j), (i, j + w), (i + h, j + w)):
                g[a][b] = c
        # as in every example of task273: no two boxes share a row (their row spans are apart)
        if k == 2 and not (spans[0][1] < spans[1][0] or spans[1][1] < spans[0][0]):
            continue
        # as in every example of task273: no four corners of different boxes make another empty box
        found = sum(
            all(g[a][b] == c for a in (i, kk) for b in (j, ell))
            and sum(map(bool, (v for r in g[i : kk + 1] for v in r[j : ell + 1]))) == 4
            for i in range(10)
            for j in range(10)
            for kk in range(i + 2, min(i + 6, 10))
            for ell in range(j + 2, min(j + 6, 10))
        )
        if found == k:
            return g


def odd_quadrant(g):  # the quadrant (between the uniform cross lines) that contains the odd cell
    H, W = len(g), len(g[0])
    rows = [i for i in range(H) if len(set(g[i])) == 1]
    cols = [j for j in range(W) if len(set(g[i][j] for i in range(H))) == 1]
    quads = []
    for r0, r1 in ((0, rows[0]), (rows[-1] + 1, H)):
        for c0, c1 in ((0, cols[0]), (cols[-1] + 1, W)):
            quads.append([g[i][c0:c1] for i in range(r0, r1)])
    bg = Counter(v for q in quads for r in q for v in r).most_common(1)[0][0]
    return [q for q in quads if any(v != bg for r in q for v in r)][0]


# background, a cross of another colour, one odd cell in a random quadrant
def draw_odd_quadrant(
    rng, n
):  # the lines cross in the middle of an odd square, as in every example
    r = c = rng.randint(1, 6)
    H = W = 2 * r + 1
    b, ell, o = rng.sample(range(10), 3)
    g = [[ell if i == r or j == c else b for j in range(W)] for i in range(H)]
    while True:
        i, j = rng.randrange(H), rng.randrange(W)
        if i != r and j != c:
            g[i][j] = o
            return g


def stack_centered(g):  # overlay every colour's figure, centred, on a background canvas
    cnt = Counter(v for r in g for v in r)
    bg = cnt.most_common(1)[0][0]
    figs = {}
    for i, r in enumerate(g):
        for j, v in enumerate(r):
            if v != bg:
                figs.setdefault(v, []).append((i, j))

    boxes = {c: box(X) for c, X in figs.items()}
    H = max(r1 - r0 for r0, r1, _, _ in boxes.values()) + 1
    W = max(c1 - c0 for _, _, c0, c1 in boxes.values()) + 1
    o = [[bg] * W for _ in range(H)]
    for c, X in figs.items():
        r0, r1, c0, c1 = boxes[c]
        for i, j in X:
            o[i - r0 + (H - (r1 - r0 + 1)) // 2][j - c0 + (W - (c1 - c0 + 1)) // 2] = c
    return o


# n-1 colours, each one mirror-symmetric orbit of a gh x gw ring, in separate slots
def draw_stack_centered(rng, n):
    gh = gw = rng.choice((3, 5))  # every output of task308 is square
    orbits = [
        [(0, k), (0, gw - 1 - k), (gh - 1, k), (gh - 1, gw - 1 - k)] for k in range(gw // 2 + 1)
    ]
    orbits += [
        [(k, 0), (gh - 1 - k, 0), (k, gw - 1), (gh - 1 - k, gw - 1)] for k in range(1, gh // 2 + 1)
    ]
    shapes = [orbits[0]] + rng.sample(orbits[1:], min(n - 2, len(orbits) - 1))
    b, *cols = rng.sample(range(10), len(shapes) + 1)
    g = [[b] * 18 for _ in range(12)]
    for S, c, s in zip(shapes, cols, rng.sample(range(6), len(shapes)), strict=False):
        i0, j0 = 6 * (s // 3) + rng.randint(0, 5 - gh), 6 * (s % 3) + rng.randint(0, 5 - gw)
        r0, c0 = min(i for i, j in S), min(j for i, j in S)
        for i, j in S:
            g[i0 + i - r0][j0 + j - c0] = c
    return g


# flood each block (below row 0) and paint it with the top-row dot over its columns
def recolor_by_top_marker(g):
    W = len(g[0])
    o = [r[:] for r in g]
    for comp in parts([[0] * W] + g[1:], bool):  # row 0 blanked: the dots join no block
        marks = [g[0][j] for j in {j for i, j in comp} if g[0][j]]
        if marks:
            for i, j in comp:
                o[i][j] = marks[0]
    return o


# dots on row 0, grey rectangles below each spanning one dot's column
def draw_recolor_by_top_marker(rng, n):
    H, W = rng.randint(8, 14), rng.randint(8, 14)
    g = [[0] * W for _ in range(H)]
    ks = sorted(rng.sample(range(0, W, 2), min(n, len(range(0, W, 2)))))
    for k in ks:
        g[0][k] = rng.choice([1, 2, 3, 4, 6, 7, 8, 9])
    for _ in range(6 * n):
        k = rng.choice(ks)
        j0, j1 = rng.randint(max(0, k - 3), k), rng.randint(k, min(W - 1, k + 3))
        i0 = rng.randint(2, H - 1)
        i1 = rng.randint(i0, min(H - 1, i0 + 3))
        if sum(g[0][j0 : j1 + 1]) == g[0][k] and all(
            g[i][j] == 0
            for i in range(i0 - 1, min(H, i1 + 2))
            for j in range(max(0, j0 - 1), min(W, j1 + 2))
        ):
            for i in range(i0, i1 + 1):
                g[i][j0 : j1 + 1] = [5] * (j1 - j0 + 1)
    return g


def _fills009_a(g):
    H, W = len(g), len(g[0])
    line = Counter(v for r in g for v in r).most_common(1)[0][0]
    fills = {}
    pts = [(i, j) for i in range(H) for j in range(W) if g[i][j] not in (0, line)]
    for a, b in pts:
        for c, d in pts:
            if g[a][b] == g[c][d] and (a, b) < (c, d) and (a == c or b == d):
                for i in range(a, c + 1):
                    for j in range(b, d + 1):
                        if g[i][j] == 0:
                            fills.setdefault((i, j), set()).add(g[a][b])
    return fills


# fill the empty cells on the segment between any two same-colour cells
def join_same_color_cells(g):
    o = [r[:] for r in g]
    for (i, j), cs in _fills009_a(g).items():
        o[i][j] = max(cs)
    return o


# lattice of 2x2 holes, a few holes coloured; retried until fills don't clash
def draw_join_same_color_cells(rng, n):
    L = rng.choice([1, 4, 5, 8])
    while True:
        m = rng.randint(4, 5)
        g = [
            [L if i % 3 == 2 or j % 3 == 2 else 0 for j in range(3 * m + 2)]
            for i in range(3 * m + 2)
        ]
        for _ in range(2 * n):
            a, b, c = rng.randrange(m + 1), rng.randrange(m + 1), rng.choice([2, 3, 6, 9][: n - 1])
            for i in (3 * a, 3 * a + 1):
                for j in (3 * b, 3 * b + 1):
                    g[i][j] = c
        if all(len(cs) == 1 for cs in _fills009_a(g).values()):
            return g


# fill the open box with 4, beam out through the gap, diagonal rays at its ends
def box_spill_rays(g):
    H, W = len(g), len(g[0])
    cells = [(i, j) for i in range(H) for j in range(W) if g[i][j]]
    r0, r1 = min(i for i, j in cells), max(i for i, j in cells)
    c0, c1 = min(j for i, j in cells), max(j for i, j in cells)
    o = [r[:] for r in g]
    for i in range(r0, r1 + 1):
        for j in range(c0, c1 + 1):
            if g[i][j] == 0:
                o[i][j] = 4
    sides = {
        (-1, 0): [(r0, j) for j in range(c0, c1 + 1)],
        (1, 0): [(r1, j) for j in range(c0, c1 + 1)],
        (0, -1): [(i, c0) for i in range(r0, r1 + 1)],
        (0, 1): [(i, c1) for i in range(r0, r1 + 1)],
    }
    for (di, dj), side in sides.items():
        gap = [(i, j) for i, j in side if g[i][j] == 0]
        if not gap:
            continue
        rays = [(p, (di, dj)) for p in gap] + [
            (gap[0], (di - (di == 0), dj - (dj == 0))),
            (gap[-1], (di + (di == 0), dj + (dj == 0))),
        ]
        for (i, j), (u, v) in rays:
            while 0 <= i < H and 0 <= j < W:
                o[i][j] = 4
                i, j = i + u, j + v
    return o


def draw_box_spill_rays(rng, n):  # one box outline with a gap in one side, room around it
    H, W = rng.randint(9, 14), rng.randint(9, 14)
    c = rng.choice([1, 2, 3, 5, 6, 7, 8, 9])
    h, w = rng.randint(3, 6), rng.randint(3, 6)
    a, b = rng.randint(1, H - h - 1), rng.randint(1, W - w - 1)
    g = [[0] * W for _ in range(H)]
    for i in range(a, a + h):
        for j in range(b, b + w):
            if i in (a, a + h - 1) or j in (b, b + w - 1):
                g[i][j] = c
    side = rng.randrange(4)
    L = (w if side < 2 else h) - 2
    s = rng.randint(1, L)
    t = rng.randint(s, L)
    for k in range(s, t + 1):
        i, j = [(a, b + k), (a + h - 1, b + k), (a + k, b), (a + k, b + w - 1)][side]
        g[i][j] = 0
    return g


def bump_lines_through(g):  # lines through the ring bumps: A inside, B outside, bumps removed
    H, W = len(g), len(g[0])
    bg = Counter(
        g[i][j] for i in range(H) for j in range(W) if i in (0, H - 1) or j in (0, W - 1)
    ).most_common(1)[0][0]
    fg = [(i, j) for i in range(H) for j in range(W) if g[i][j] != bg]
    r0, r1 = min(i for i, j in fg), max(i for i, j in fg)
    c0, c1 = min(j for i, j in fg), max(j for i, j in fg)
    A = g[r0][c0]
    B = [g[i][j] for i, j in fg if g[i][j] != A][0]
    ring = [
        (i, j)
        for i in range(r0 + 1, r1)
        for j in range(c0 + 1, c1)
        if i in (r0 + 1, r1 - 1) or j in (c0 + 1, c1 - 1)
    ]
    bumps = [(i, j) for i, j in ring if g[i][j] == B]
    o = [r[:] for r in g]
    for bi, bj in bumps:
        line = (
            [(bi, j) for j in range(W)] if bj in (c0 + 1, c1 - 1) else [(i, bj) for i in range(H)]
        )
        for i, j in line:
            o[i][j] = B if g[i][j] == bg else A
    return o


def draw_bump_lines_through(rng, n):  # nested rectangles with n-2 bumps poking into the ring
    H, W = rng.randint(12, 16), rng.randint(12, 16)
    b, (A, B) = 0, rng.sample(range(1, 10), 2)  # background 0, as in every example of task383
    r0, c0 = rng.randint(1, 3), rng.randint(1, 3)
    r1, c1 = rng.randint(r0 + 6, H - 2), rng.randint(c0 + 6, W - 2)
    g = [
        [
            (B if r0 + 1 < i < r1 - 1 and c0 + 1 < j < c1 - 1 else A)
            if r0 <= i <= r1 and c0 <= j <= c1
            else b
            for j in range(W)
        ]
        for i in range(H)
    ]
    for _ in range(n - 2):
        side = rng.randrange(4)
        k = rng.randint(r0 + 2, r1 - 2) if side > 1 else rng.randint(c0 + 2, c1 - 2)
        i, j = [(r0 + 1, k), (r1 - 1, k), (k, c0 + 1), (k, c1 - 1)][side]
        g[i][j] = B
    return g


def l_corner_diag_ray(g):  # diagonal ray from beyond the empty corner of every 3-of-4 square
    H, W = len(g), len(g[0])
    o = [r[:] for r in g]
    for i in range(H - 1):
        for j in range(W - 1):
            box = [(i, j), (i, j + 1), (i + 1, j), (i + 1, j + 1)]
            full = [(x, y) for x, y in box if g[x][y]]
            if len(full) == 3 and len({g[x][y] for x, y in full}) == 1:
                ((mx, my),) = [p for p in box if p not in full]
                du, dv = (1 if mx == i + 1 else -1), (1 if my == j + 1 else -1)
                x, y = mx + du, my + dv
                while 0 <= x < H and 0 <= y < W:
                    o[x][y] = g[full[0][0]][full[0][1]]
                    x, y = x + du, y + dv
    return o


def draw_l_corner_diag_ray(rng, n):  # n-1 L-trominoes of one colour in separate 5x5 slots
    c = rng.randint(1, 9)
    g = [[0] * 10 for _ in range(10)]  # 10x10, as in every example of task168
    for s in rng.sample(range(4), n - 1):
        i, j = 5 * (s // 2) + rng.randint(1, 2), 5 * (s % 2) + rng.randint(1, 2)
        miss = rng.randrange(4)
        for k, (x, y) in enumerate(((i, j), (i, j + 1), (i + 1, j), (i + 1, j + 1))):
            if k != miss:
                g[x][y] = c
    return g


def transpose_fill_holes(g):  # mirror across the main diagonal; leftovers from their surroundings
    n = len(g)
    o = [[g[i][j] or g[j][i] for j in range(n)] for i in range(n)]
    for i in range(n):
        if o[i][i] == 0:
            o[i][i] = g[0][0]
    left = [(i, j) for i in range(n) for j in range(n) if o[i][j] == 0]
    around = [
        o[a][b]
        for a, b in {
            (a, b) for i, j in left for a, b in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1))
        }
        if 0 <= a < n and 0 <= b < n and o[a][b]
    ]  # each bordering cell counted once
    if around:
        c = Counter(around).most_common(1)[0][0]
        for i, j in left:
            o[i][j] = c
    return o


# fan pattern symmetric about the diagonal, n-2 rectangular holes
def draw_transpose_fill_holes(rng, n):
    N, K = 21, rng.randint(3, 6)  # 21x21 as in every example of task175
    C = rng.sample(range(1, 10), K)
    g = [
        [C[0] if i == j else C[(abs(j - i) - 1) // (min(i, j) + 2) % K] for j in range(N)]
        for i in range(N)
    ]
    for _ in range(n - 2):
        h, w = rng.randint(1, 4), rng.randint(1, 4)
        # as RE-ARC's generator: no hole in row or column 0, none whose mirror cell is one
        a, b = rng.randint(1, N - h), rng.randint(1, N - w)
        mirrored = len({*range(a, a + h)} & {*range(b, b + w)}) > 1
        if not mirrored and all(g[j][i] for i in range(a, a + h) for j in range(b, b + w)):
            for i in range(a, a + h):
                g[i][b : b + w] = [0] * w
    return g


def keep_solid_block(g):  # the largest one-colour solid rectangle, alone on a blank grid
    H, W = len(g), len(g[0])
    best = (0,)
    for i0 in range(H):
        for j0 in range(W):
            c = g[i0][j0]
            if c == 0:
                continue
            for i1 in range(i0, H):
                if g[i1][j0] != c:
                    break
                j1 = j0
                while j1 + 1 < W and all(g[i][j1 + 1] == c for i in range(i0, i1 + 1)):
                    j1 += 1
                if (i1 - i0 + 1) * (j1 - j0 + 1) > best[0]:
                    best = ((i1 - i0 + 1) * (j1 - j0 + 1), i0, j0, i1, j1)
    _, i0, j0, i1, j1 = best
    return [[g[i][j] if i0 <= i <= i1 and j0 <= j <= j1 else 0 for j in range(W)] for i in range(H)]


# sparse noise in all colours plus one solid rectangle; no other 2x2 blocks
def draw_keep_solid_block(rng, n):
    while True:
        H, W = 16, 16  # as in every example of task222
        g = [
            [rng.randint(1, 9) if rng.random() < n / 10 else 0 for _ in range(W)] for _ in range(H)
        ]
        h, w, c = rng.randint(2, 5), rng.randint(3, 7), rng.randint(1, 9)
        # the rectangle stays off the border, as in every example of task222
        a, b = rng.randint(1, H - h - 1), rng.randint(1, W - w - 1)
        for i in range(a, a + h):
            g[i][b : b + w] = [c] * w
        blocks = [
            (i, j)
            for i in range(H - 1)
            for j in range(W - 1)
            if g[i][j] == g[i][j + 1] == g[i + 1][j] == g[i + 1][j + 1] > 0
        ]
        if all(a <= i < a + h - 1 and b <= j < b + w - 1 for i, j in blocks):
            return g


def maze_checker_flood(g):  # the seed's region of 0-cells, coloured by parity of distance
    H, W = len(g), len(g[0])
    cnt = Counter(v for r in g for v in r)
    a = min(cnt, key=lambda c: cnt[c])
    b = min((c for c in cnt if c != a), key=lambda c: cnt[c])
    ((si, sj),) = [(i, j) for i in range(H) for j in range(W) if g[i][j] == a]
    o = [r[:] for r in g]
    for part in parts(g, lambda v: v in (0, a, b)):  # the seed is the only a
        if (si, sj) in part:
            for i, j in part:
                o[i][j] = a if (i + j - si - sj) % 2 == 0 else b
    return o


# a DFS maze of 8-walls, a few walls knocked out, seed a with b around it
def draw_maze_checker_flood(rng, n):
    m = n + 2
    S = 2 * m + 1
    g = [[8] * S for _ in range(S)]
    stack, seen = [(1, 1)], {(1, 1)}
    g[1][1] = 0
    while stack:
        i, j = stack[-1]
        nb = [
            (i + di, j + dj)
            for di, dj in ((2, 0), (-2, 0), (0, 2), (0, -2))
            if 0 < i + di < S and 0 < j + dj < S and (i + di, j + dj) not in seen
        ]
        if not nb:
            stack.pop()
            continue
        x, y = rng.choice(nb)
        seen.add((x, y))
        stack.append((x, y))
        g[x][y] = g[(i + x) // 2][(j + y) // 2] = 0
    for _ in range(n):
        g[rng.randrange(S)][rng.randrange(S)] = rng.choice((0, 8))
    a, b = rng.sample([1, 2, 3, 4, 6], 2)
    sides = ((1, 0), (-1, 0), (0, 1), (0, -1))
    open_ = [  # a seed has a corridor beside it, to colour b
        (x, y)
        for x in range(S)
        for y in range(S)
        if g[x][y] == 0
        and any(0 <= x + u < S and 0 <= y + v < S and g[x + u][y + v] == 0 for u, v in sides)
    ]
    i, j = rng.choice(open_)
    g[i][j] = a
    for x, y in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
        if 0 <= x < S and 0 <= y < S and g[x][y] == 0:
            g[x][y] = b
    return g


def diagonal_bounce(g):  # extend the 8-diagonal from its open end(s), reflecting off the 2-band
    H, W = len(g), len(g[0])
    vertical = all(2 in r for r in g)  # the band spans every row: it is a vertical wall
    eights = {(i, j) for i in range(H) for j in range(W) if g[i][j] == 8}
    o = [r[:] for r in g]
    for y, x in eights:
        for u in (-1, 1):
            for w in (-1, 1):
                if (y - u, x - w) not in eights or (y + u, x + w) in eights:
                    continue  # not an end
                i, j = y, x
                for _ in range(4 * (H + W)):
                    ni, nj = i + u, j + w
                    if 0 <= ni < H and 0 <= nj < W and g[ni][nj] == 2:
                        if vertical:
                            w = -w
                        else:
                            u = -u
                        continue
                    if not (0 <= ni < H and 0 <= nj < W):
                        break
                    i, j = ni, nj
                    if o[i][j] == 0:
                        o[i][j] = 3
    return o


# wall band at the bottom, a diagonal from the top edge that reaches it; random D4
def draw_diagonal_bounce(rng, n):
    while True:
        # 12x12 with two or three 8s, as in every example of task119
        H, W, t = 12, 12, rng.randint(1, 3)
        c, s, L = rng.randrange(W), rng.choice((-1, 1)), rng.randint(2, 3)
        if 0 <= c + s * (H - t - 1) < W:
            break
    g = [[2 if i >= H - t else 0 for j in range(W)] for i in range(H)]
    for k in range(L):
        g[k][c + s * k] = 8
    for _ in range(rng.randrange(4)):
        g = [list(r) for r in zip(*g[::-1], strict=False)]
    return [list(r) for r in zip(*g, strict=False)] if rng.random() < 0.5 else g


def key_block_upscale(g):  # blow the sparsest block up over the 3x3 layout, keep the lines
    blocks = {
        (a, b): [row[4 * b : 4 * b + 3] for row in g[4 * a : 4 * a + 3]]
        for a in range(3)
        for b in range(3)
    }
    key = min(blocks.values(), key=lambda B: len({v for r in B for v in r}))
    return [
        [g[i][j] if i % 4 == 3 or j % 4 == 3 else key[i // 4][j // 4] for j in range(11)]
        for i in range(11)
    ]


# 9 blocks of scattered distinct colours; one block with only 4 colours
def draw_key_block_upscale(rng, n):
    L = 5  # lines of 5, as in every example of task011
    g = [[L if i % 4 == 3 or j % 4 == 3 else 0 for j in range(11)] for i in range(11)]
    key = rng.randrange(9)
    # each block holds one each of 2, 3, 4, 6, 8 (the key: of 2, 3, 4, 6), as in every example
    # of task011
    for k in range(9):
        pal = [2, 3, 4, 6] + [8] * (k != key)
        for c, s in zip(pal, rng.sample(range(9), len(pal)), strict=False):
            g[4 * (k // 3) + s // 3][4 * (k % 3) + s % 3] = c
    return g


def hidden_crosses(g):  # complete partly hidden 2-crosses, hidden cells become 8
    H, W = len(g), len(g[0])
    P = {(i, j) for i in range(H) for j in range(W) if g[i][j] == 2}
    for _ in range(
        4
    ):  # bridge: pair of 2s at distance 2..4 in a line marks the cells next to each end
        new = set(P)
        for i, j in P:
            for di, dj in ((0, 1), (0, -1), (1, 0), (-1, 0)):
                for k in (2, 3, 4):
                    if (i + k * di, j + k * dj) in P:
                        new.add((i + di, j + dj))
        P = new
    objs = parts([[(i, j) in P for j in range(W)] for i in range(H)], bool, corners=True)

    def dim(c):
        return (
            max(a for a, b in c) - min(a for a, b in c) + 1,
            max(b for a, b in c) - min(b for a, b in c) + 1,
        )

    L = max(max(dim(c)) for c in objs)
    h = L // 2
    centers = {
        (i, j)
        for (i, j) in P
        if ((i, j + 1) in P or (i, j - 1) in P) and ((i + 1, j) in P or (i - 1, j) in P)
    }
    for c in objs:
        hh, ww = dim(c)
        if len(c) == L and min(hh, ww) == 1:  # a straight line of full length: its centre
            centers.add((min(a for a, b in c) + hh // 2, min(b for a, b in c) + ww // 2))
    o = [r[:] for r in g]
    for i, j in centers:
        for d in range(-h, h + 1):
            for a, b in ((i + d, j), (i, j + d)):
                if 0 <= a < H and 0 <= b < W and g[a][b] != 2:
                    o[a][b] = 8
    return o


def draw_hidden_crosses(rng, n):  # 5-noise, 1-3 far apart crosses with some cells hidden under 5
    while True:
        H, W = rng.randint(10, 16), rng.randint(10, 16)
        h = rng.choice([2, 3])
        g = [[5 * (rng.random() < 0.5) for _ in range(W)] for _ in range(H)]
        hid = set()
        cs = []
        for t in range(rng.randint(1, 3)):
            i, j = rng.randint(0, H - 1), rng.randint(0, W - 1)
            if any(max(abs(i - a), abs(j - b)) < 2 * h + 5 for a, b in cs):
                continue
            cs.append((i, j))
            for d in range(-h, h + 1):
                for a, b in ((i + d, j), (i, j + d)):
                    if 0 <= a < H and 0 <= b < W:
                        g[a][b] = 2 if (t == 0 and a == i) or rng.random() < 0.6 else 5
                        if g[a][b] == 5:
                            hid.add((a, b))
        want = [[8 if (a, b) in hid else v for b, v in enumerate(r)] for a, r in enumerate(g)]
        # every cross can be told from its visible 2s (the rule finds them all), as in every
        # example of task118
        if hidden_crosses(g) == want:
            return g


# make the picture 4-fold rotation symmetric about the centre of its largest symmetric square
def rot4_complete(g):
    H, W = len(g), len(g[0])
    found = None
    for k in range(7, 1, -1):
        for i in range(H - k, -1, -1):
            for j in range(W - k, -1, -1):
                sq = [row[j : j + k] for row in g[i : i + k]]
                sym = all(sq[a][b] == sq[k - 1 - b][a] for a in range(k) for b in range(k))
                if sym and sum(1 for row in sq for v in row if v) >= 2 and not found:
                    found = (i + (k - 1) / 2, j + (k - 1) / 2)
    ci, cj = found
    o = [r[:] for r in g]
    for a in range(H):
        for b in range(W):
            if g[a][b]:
                x, y = a, b
                for _ in range(3):
                    x, y = ci + (y - cj), cj - (x - ci)
                    if 0 <= x < H and 0 <= y < W:
                        o[int(x)][int(y)] = g[a][b]
    return o


# a full symmetric k x k core plus partial rotation orbits of a few nearby cells
def draw_rot4_complete(rng, n):
    k = rng.randint(2, 4)
    S = 10  # as in every example of task361
    g = [[0] * S for _ in range(S)]
    i0 = rng.randint(3, S - k - 3)
    j0 = rng.randint(3, S - k - 3)
    ci, cj = i0 + (k - 1) / 2, j0 + (k - 1) / 2
    c1, c2 = rng.sample(range(1, 10), 2)

    def orb(a, b):
        return [
            (a, b),
            (ci + b - cj, cj - a + ci),
            (2 * ci - a, 2 * cj - b),
            (ci - b + cj, cj + a - ci),
        ]

    for a in range(k):
        for b in range(k):
            if not g[i0 + a][j0 + b]:
                c = rng.choice([c1, c2])
                for x, y in orb(i0 + a, j0 + b):
                    g[int(x)][int(y)] = c
    used = {(a, b) for a in range(S) for b in range(S) if g[a][b]}
    for _ in range(rng.randint(1, 3)):
        a, b = i0 - rng.randint(1, 2), j0 + rng.randint(-1, k)
        c = rng.choice([c1, c2])
        o = orb(a, b)
        keep = rng.sample(o, rng.randint(1, 3))
        if any((x, y) in used for x, y in o):
            continue
        used |= set(o)
        for x, y in keep:
            g[int(x)][int(y)] = c
    return g


# copy the multicolour block pattern onto each lone block of its anchor colour
def stamp_pattern_on_cells(g):
    H, W = len(g), len(g[0])
    bh = next(i for i in range(H) if all(v == g[i][0] for v in g[i])) + 1
    bw = next(j for j in range(W) if all(g[i][j] == g[0][j] for i in range(H))) + 1
    R, C = (H + 1) // bh, (W + 1) // bw
    cell = [[g[a * bh][b * bw] for b in range(C)] for a in range(R)]

    def nz(a, b):
        return 0 <= a < R and 0 <= b < C and cell[a][b]

    lone = [
        (a, b)
        for a in range(R)
        for b in range(C)
        if cell[a][b] and not any(nz(a + d, b + e) for d, e in ((0, 1), (1, 0), (0, -1), (-1, 0)))
    ]
    pat = [
        (a, b, cell[a][b]) for a in range(R) for b in range(C) if cell[a][b] and (a, b) not in lone
    ]
    t = cell[lone[0][0]][lone[0][1]]
    qa, qb = min((a, b) for a, b, c in pat if c == t)
    new = [r[:] for r in cell]
    for la, lb in lone:
        for a, b, c in pat:
            if 0 <= la + a - qa < R and 0 <= lb + b - qb < C:
                new[la + a - qa][lb + b - qb] = c
    o = [r[:] for r in g]
    for y in range(H):
        for x in range(W):
            if y % bh < bh - 1 and x % bw < bw - 1:
                o[y][x] = new[y // bh][x // bw]
    return o


# R x C blocks of size s, lines of colour L, one plus-pattern, lone t blocks
def draw_stamp_pattern_on_cells(rng, n):
    s, R, C = rng.randint(1, 3), rng.randint(n + 3, 9), rng.randint(n + 3, 9)
    L, t, c1, c2 = rng.sample(range(1, 10), 4)
    cell = [[0] * C for _ in range(R)]
    # centre off the border, all four arms in: as in every example of task080
    pa, pb = rng.randint(1, R - 2), rng.randint(1, C - 2)
    for d, e in ((0, 0), (0, 1), (1, 0), (0, -1), (-1, 0)):
        cell[pa + d][pb + e] = t if d == e == 0 else rng.choice([c1, c2])
    used = {(pa + d, pb + e) for d in range(-2, 3) for e in range(-2, 3)}
    k, m = rng.randint(1, 4), 0
    while k and m < 9999:  # a first lone block always fits (R, C >= 6)
        m += 1
        a, b = rng.randint(0, R - 1), rng.randint(0, C - 1)
        if (a, b) in used:
            continue
        used |= {(a + d, b + e) for d in range(-2, 3) for e in range(-2, 3)}
        cell[a][b] = t
        k -= 1
    return [
        [
            L if y % (s + 1) == s or x % (s + 1) == s else cell[y // (s + 1)][x // (s + 1)]
            for x in range(C * (s + 1) - 1)
        ]
        for y in range(R * (s + 1) - 1)
    ]


# mirror each core cell's shape across the core's axes, recoloured per quadrant
def mirror_into_quadrants(g):
    H, W = len(g), len(g[0])
    o = [r[:] for r in g]

    def col(a, b):
        return g[a][b] if 0 <= a < H and 0 <= b < W else 0

    shape_of = {p: S for S in colour_parts(g, corners=True) for p in S}  # a cell's object
    for i in range(-1, H):
        for j in range(-1, W):
            cells = [(i, j), (i, j + 1), (i + 1, j), (i + 1, j + 1)]
            if len({col(a, b) for a, b in cells} - {0}) < 3:
                continue
            for a, b in cells:
                if not col(a, b):
                    continue
                shape = shape_of[a, b]
                for fy in (0, 1):
                    for fx in (0, 1):
                        ma, mb = (2 * i + 1 - a if fy else a), (2 * j + 1 - b if fx else b)
                        c = col(ma, mb)
                        if not c:
                            continue
                        for y, x in shape:
                            ty, tx = (2 * i + 1 - y if fy else y), (2 * j + 1 - x if fx else x)
                            if 0 <= ty < H and 0 <= tx < W:
                                o[ty][tx] = c
    return o


# 1-3 separated objects: 2x2 core (3-4 colours) + a grown shape in one quadrant
def draw_mirror_into_quadrants(rng, n):
    H, W = rng.randint(12, 18), rng.randint(12, 18)
    g = [[0] * W for _ in range(H)]
    boxes = []
    for _ in range(rng.randint(1, 3)):
        i, j = rng.randint(3, H - 5), rng.randint(3, W - 5)
        if any(abs(i - a) < 9 and abs(j - b) < 9 for a, b in boxes):
            continue
        boxes.append((i, j))
        cs = rng.sample(range(1, 10), 4)
        cells = [(i, j), (i, j + 1), (i + 1, j), (i + 1, j + 1)]
        main = rng.randrange(4)
        drop = rng.choice([None, None] + [k for k in range(4) if k != main])
        for k, (a, b) in enumerate(cells):
            if k != drop:
                g[a][b] = cs[k]
        a, b = cells[main]
        sy, sx = (-1 if main < 2 else 1), (-1 if main % 2 == 0 else 1)
        pts = [(a, b)]
        for _ in range(rng.randint(2, 6)):
            y, x = rng.choice(pts)
            y, x = y + sy * rng.randint(0, 1), x + sx * rng.randint(0, 1)
            # off the last row and column, with its mirror, as in every example of task285
            near = abs(y - a) <= 3 and abs(x - b) <= 3
            if near and max(y, 2 * i + 1 - y) < H - 1 and max(x, 2 * j + 1 - x) < W - 1:
                g[y][x] = cs[main]
                pts.append((y, x))
    return g


# find the 4-pattern of the 1-box in all 8 orientations, draw the box around each copy
def frame_pattern_copies(g):
    H, W = len(g), len(g[0])
    K = 6  # pad: the box may reach off the grid (RE-ARC pads by 1 only; all examples agree with either)
    P = (
        [[0] * (W + 2 * K) for _ in range(K)]
        + [[0] * K + r[:] + [0] * K for r in g]
        + [[0] * (W + 2 * K) for _ in range(K)]
    )
    rows = [i for i in range(H) if 1 in g[i]]
    cols = [j for j in range(W) if any(r[j] == 1 for r in g)]
    T = [r[cols[0] : cols[-1] + 1] for r in g[rows[0] : rows[-1] + 1]]
    orients = []
    for _ in range(4):
        T = [list(r) for r in zip(*T[::-1], strict=False)]
        orients += [T, [list(r) for r in zip(*T, strict=False)]]
    big_o = [r[:] for r in P]
    for X in orients:
        a, b = len(X), len(X[0])
        for i in range(H + 2 * K + 1 - a):
            for j in range(W + 2 * K + 1 - b):
                if all(
                    P[i + u][j + v] == (4 if X[u][v] == 4 else 0)
                    for u in range(a)
                    for v in range(b)
                ):
                    for u in range(a):
                        for v in range(b):
                            big_o[i + u][j + v] = X[u][v]
    return [r[K:-K] for r in big_o[K:-K]]


# scattered 4s, one 1-box with 4s inside, empty-boxed copies of its 4-pattern
def draw_frame_pattern_copies(rng, n):
    H, W = rng.randint(14, 20), rng.randint(14, 20)
    g = [[4 * (rng.random() < 0.04) for _ in range(W)] for _ in range(H)]
    a, b = rng.choice([(3, 4), (4, 3), (4, 4), (4, 5), (5, 5), (5, 4)])
    pat = [[0] * b for _ in range(a)]
    while sum(map(sum, pat)) < 8:
        pat[rng.randint(1, a - 2)][rng.randint(1, b - 2)] = 4
    used = []
    for k in range(rng.randint(2, 4)):
        X = pat
        for _ in range(rng.randrange(4)):
            X = [list(r) for r in zip(*X[::-1], strict=False)]
        if rng.random() < 0.5:
            X = [r[::-1] for r in X]
        i, j = (
            rng.randint(-1 + (k == 0), H - len(X) + 1 - (k == 0)),
            rng.randint(-1 + (k == 0), W - len(X[0]) + 1 - (k == 0)),
        )
        if any(abs(i - y) < 7 and abs(j - x) < 7 for y, x in used):
            continue
        used.append((i, j))
        for u in range(len(X)):
            for v in range(len(X[0])):
                if 0 <= i + u < H and 0 <= j + v < W:
                    g[i + u][j + v] = X[u][v] or (1 if k == 0 else 0)
    return g


# move each uniquely coloured object into the enclosed 0-hole of the same shape
def move_into_hole(g):
    H, W = len(g), len(g[0])

    def norm(c):
        return sorted((a - min(x for x, y in c), b - min(y for x, y in c)) for a, b in c)

    holes = []
    for c in parts(g, lambda v: v == 0, corners=True):
        ring = {(a + da, b + db) for a, b in c for da in (-1, 0, 1) for db in (-1, 0, 1)} - set(c)
        if all(0 < a < H - 1 and 0 < b < W - 1 for a, b in c) and all(
            g[a][b] == 5 for a, b in ring
        ):
            holes.append(c)
    o = [r[:] for r in g]
    for ob in colour_parts(g, corners=True):
        col = g[ob[0][0]][ob[0][1]]
        if col == 5 or sum(r.count(col) for r in g) != len(ob):
            continue
        for h in holes:
            if norm(h) == norm(ob):
                for a, b in ob:
                    o[a][b] = 0
                for a, b in h:
                    o[a][b] = col
    return o


# 5-boxes with holes, a uniquely coloured copy of each hole's shape, 7-noise
def draw_move_into_hole(rng, n):
    H, W = 10, 10  # as in every example of task044
    g = [[0] * W for _ in range(H)]

    def free(i, j, h, w):
        return all(
            0 <= a < H and 0 <= b < W and g[a][b] == 0
            for a in range(i - 1, i + h + 1)
            for b in range(j - 1, j + w + 1)
        )

    cols = rng.sample([1, 2, 3, 4, 6, 8, 9], 3)
    for k in range(rng.randint(1, 2)):
        h, w = rng.randint(1, 3), rng.randint(1, 3)
        shape = {(0, 0)}
        for _ in range(rng.randint(0, 4)):
            a, b = rng.choice(sorted(shape))
            a, b = rng.choice([(a + 1, b), (a, b + 1), (a - 1, b), (a, b - 1)])
            if 0 <= a < h and 0 <= b < w:
                shape.add((a, b))
        for _ in range(40):
            i, j = rng.randint(0, H - h - 2), rng.randint(0, W - w - 2)
            if free(i, j, h + 2, w + 2) and i and j and i + h + 2 < H and j + w + 2 < W:
                for a in range(h + 2):
                    for b in range(w + 2):
                        g[i + a][j + b] = 0 if (a - 1, b - 1) in shape else 5
                break
        for _ in range(40):
            i, j = rng.randint(0, H - h), rng.randint(0, W - w)
            if free(i, j, h, w):
                for a, b in shape:
                    g[i + a][j + b] = cols[k]
                break
    for _ in range(rng.randint(2, 6)):
        i, j = rng.randint(0, H - 1), rng.randint(0, W - 1)
        if free(i, j, 1, 1):
            g[i][j] = 7
    shapes = []
    for c in {v for r in g for v in r} - {0, 5}:
        cells = [(a, b) for a in range(H) for b in range(W) if g[a][b] == c]
        shapes.append(sorted(at_origin(cells)))
    # no two colours but 0 and 5 share a shape, as in every example of task044: else draw again
    holes = []  # nor do two holes (0-parts walled by 5, as in the rule), as in every example
    for c in parts(g, lambda v: v == 0, corners=True):
        ring = {(a + da, b + db) for a, b in c for da in (-1, 0, 1) for db in (-1, 0, 1)} - set(c)
        if all(0 < a < H - 1 and 0 < b < W - 1 for a, b in c) and all(
            g[a][b] == 5 for a, b in ring
        ):
            holes.append(sorted(at_origin(c)))
    if any(holes.count(x) > 1 for x in holes):
        return draw_move_into_hole(rng, n)
    return g if all(shapes.count(x) == 1 for x in shapes) else draw_move_into_hole(rng, n)


# copy the 3-template onto lone 3s, the mirrored 2-template onto lone 2s
def stamp_template_at_anchors(g):
    H, W = len(g), len(g[0])
    o = [r[:] for r in g]

    def nb(a, b):
        return [
            (a + d, b + e)
            for d in (-1, 0, 1)
            for e in (-1, 0, 1)
            if (d or e) and 0 <= a + d < H and 0 <= b + e < W and g[a + d][b + e]
        ]

    for a in (2, 3):
        anchors = [(i, j) for i in range(H) for j in range(W) if g[i][j] == a and nb(i, j)]
        if not anchors:
            continue
        q = anchors[0]
        T = next(p for p in parts(g, bool, corners=True) if q in p)  # the template holding q
        for i in range(H):
            for j in range(W):
                if g[i][j] == a and not nb(i, j):
                    for y, x in T:
                        ty, tx = i + y - q[0], j + (x - q[1]) * (1 if a == 3 else -1)
                        if 0 <= ty < H and 0 <= tx < W:
                            o[ty][tx] = g[y][x]
    return o


# a 3-template and a 2-template (3x3 around the anchor), lone 3s and 2s
def draw_stamp_template_at_anchors(rng, n):
    S = rng.randint(12, 15)
    g = [[0] * S for _ in range(S)]
    used = []

    def spot():
        for _ in range(200):
            i, j = rng.randint(1, S - 2), rng.randint(1, S - 2)
            if all(abs(i - a) > 3 or abs(j - b) > 3 for a, b in used):
                used.append((i, j))
                return i, j

    for a, c in zip(  # two templates never share a colour in task089
        rng.sample((2, 3), rng.randint(1, 2)), rng.sample([1, 4, 5, 6, 7, 8], 2), strict=False
    ):
        s = spot()
        if not s:
            continue
        i, j = s
        g[i][j] = a
        for d, e in rng.sample(
            [(d, e) for d in (-1, 0, 1) for e in (-1, 0, 1) if d or e], rng.randint(1, 5)
        ):
            g[i + d][j + e] = c
        for _ in range(rng.randint(1, 2)):
            s = spot()
            if s:
                g[s[0]][s[1]] = a
    return g


def ray_from_edge_mark(g):  # shoot a 3-flanked 2-ray out of each rectangle through its edge mark
    H, W = len(g), len(g[0])
    o = [r[:] for r in g]
    for i in range(H):
        for j in range(W):
            if g[i][j] != 2:
                continue
            for di, dj in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                a, b = i + di, j + dj
                if 0 <= a < H and 0 <= b < W and g[a][b]:
                    continue  # not the outward side
                L = 1
                while (
                    0 <= i - L * di < H and 0 <= j - L * dj < W and g[i - L * di][j - L * dj] == 3
                ):
                    L += 1
                k = 1
                while 0 <= i + k * di < H and 0 <= j + k * dj < W:
                    for m in range(1 - L, L):
                        y, x = i + k * di + m * dj, j + k * dj + m * di
                        if 0 <= y < H and 0 <= x < W:
                            o[y][x] = 2 if m == 0 else 3
                    k += 1
    return o


# separated 3-rectangles, each with one 2 on a side (not a corner)
def draw_ray_from_edge_mark(rng, n):
    H, W = rng.randint(10, 20), rng.randint(10, 20)
    g = [[0] * W for _ in range(H)]
    for _ in range(rng.randint(1, 3)):
        h, w = rng.randint(2, 6), rng.randint(2, 6)
        i, j = rng.randint(0, H - h), rng.randint(0, W - w)
        if any(
            g[a][b]
            for a in range(max(0, i - 1), min(H, i + h + 1))
            for b in range(max(0, j - 1), min(W, j + w + 1))
        ):
            continue
        for a in range(h):
            for b in range(w):
                g[i + a][j + b] = 3
        sides = [(i + a, j + s) for a in range(1, h - 1) for s in (0, w - 1)] + [
            (i + s, j + b) for b in range(1, w - 1) for s in (0, h - 1)
        ]
        if sides:
            a, b = rng.choice(sides)
            g[a][b] = 2
    # as in every example of task280: each ray (as the rule draws it on the input) covers only 0
    # cells, none of another ray's, and touches no other rectangle at a side
    group = {c: k for k, p in enumerate(parts(g, bool)) for c in p}
    seen = set()
    for i in range(H):
        for j in range(W):
            if g[i][j] != 2:
                continue
            for di, dj in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                if g[i + di][j + dj] if 0 <= i + di < H and 0 <= j + dj < W else 0:
                    continue
                L = 1
                while (
                    0 <= i - L * di < H and 0 <= j - L * dj < W and g[i - L * di][j - L * dj] == 3
                ):
                    L += 1
                # as in every example of task280: the ray's band (2L-1 wide, centred on the 2)
                # lies within the rectangle's side that holds the 2
                for m in range(1 - L, L):
                    y, x = i + m * dj, j + m * di
                    if not (0 <= y < H and 0 <= x < W and g[y][x]):
                        return draw_ray_from_edge_mark(rng, n)
                for k in range(1, max(H, W)):
                    for m in range(1 - L, L):
                        y, x = i + k * di + m * dj, j + k * dj + m * di
                        if 0 <= y < H and 0 <= x < W:
                            near = {
                                group.get((y + u, x + v), group[i, j])
                                for u, v in ((1, 0), (-1, 0), (0, 1), (0, -1))
                            }
                            if g[y][x] or (y, x) in seen or near != {group[i, j]}:
                                return draw_ray_from_edge_mark(rng, n)
                            seen.add((y, x))
    return g


# periodic top-left patch -> whole grid, output[i][j] = pattern(i, j + 1)
def extend_tiling_shifted(g):
    H, W = len(g), len(g[0])
    bg = g[-1][-1]
    w = next((j for j in range(W) if g[0][j] == bg), W)
    h = next((i for i in range(H) if g[i][0] == bg), H)
    pw = next(
        p
        for p in range(1, w + 1)
        if all(g[i][j] == g[i][j + p] for i in range(h) for j in range(w - p))
    )
    ph = next(
        p
        for p in range(1, h + 1)
        if all(g[i][j] == g[i + p][j] for i in range(h - p) for j in range(w))
    )
    return [[g[i % ph][(j + 1) % pw] for j in range(W)] for i in range(H)]


# a random 2 x pw tile, each row pw distinct colours, repeated over an h x w top-left patch of a
# square grid, bg elsewhere: so are all the task's examples
def draw_extend_tiling_shifted(rng, n):
    ph, pw = 2, rng.randint(2, 3)
    cs = rng.sample(range(1, 10), 4)
    bg = cs.pop()
    tile = [rng.sample(cs, pw) for _ in range(ph)]
    H = W = rng.randint(n + 4, 14)
    h, w = rng.randint(2 * ph, H - 1), rng.randint(2 * pw, W - 1)
    return [[tile[i % ph][j % pw] if i < h and j < w else bg for j in range(W)] for i in range(H)]


# 1-shadow under each 9 square, then a 3 frame of half its side, squares on top
def framed_squares_shadow(g):
    H, W = len(g), len(g[0])
    o = [[0] * W for _ in range(H)]
    boxes = []
    for comp in parts(g, lambda v: v == 9):
        rs = [a for a, b in comp]
        cs = [b for a, b in comp]
        boxes.append((min(rs), max(rs), min(cs), max(cs)))
    for top, _, ell, r in boxes:
        for a in range(top, H):
            for b in range(ell, r + 1):
                o[a][b] = 1
    for top, bot, ell, r in boxes:
        t = max(bot - top + 1, r - ell + 1) // 2
        for a in range(max(0, top - t), min(H, bot + t + 1)):
            for b in range(max(0, ell - t), min(W, r + t + 1)):
                o[a][b] = 3
    return [[9 if g[a][b] == 9 else o[a][b] for b in range(W)] for a in range(H)]


# 1-3 separated 9-squares of side 2, 4 or 6 (may be cut by the top edge)
def draw_framed_squares_shadow(rng, n):
    H = W = rng.randint(10, 20)  # square grid, as in every example of task349
    g = [[0] * W for _ in range(H)]
    sq = []
    for _ in range(rng.randint(1, 3)):
        s = rng.choice([2, 4, 6])
        i, j = rng.randint(-s // 2, H - s), rng.randint(0, W - s)
        if any(
            i < a + t + 2 and a < i + s + 2 and j < b + t + 2 and b < j + s + 2 for a, b, t in sq
        ):
            continue
        sq.append((i, j, s))
        for a in range(max(i, 0), i + s):
            for b in range(j, j + s):
                g[a][b] = 9
    return g


# objects shaped like the content of the largest closed 5-rectangle take its colour
def recolor_same_shape(g):
    objs = colour_parts(g)
    best = None
    for ob in objs:
        t, d, ell, r = box(ob)
        if (
            set(ob) == outline(t, d, ell, r)
            and d - t > 1
            and r - ell > 1
            and (not best or (d - t + 1) * (r - ell + 1) > best[0])
        ):
            best = ((d - t + 1) * (r - ell + 1), t, d, ell, r)
    _, t, d, ell, r = best
    inside = [(a, b) for a in range(t + 1, d) for b in range(ell + 1, r) if g[a][b]]
    col = g[inside[0][0]][inside[0][1]]

    def norm(c):
        return sorted((a - min(x for x, y in c), b - min(y for x, y in c)) for a, b in c)

    o = [row[:] for row in g]
    for ob in objs:
        if norm(ob) == norm(inside):
            for a, b in ob:
                o[a][b] = col
    return o


# a closed 5-frame around a c-shape, a cut frame at the left edge, 1-shapes
def draw_recolor_same_shape(rng, n):
    H, W = rng.randint(14, 20), rng.randint(14, 20)
    c = rng.choice([2, 3])

    def blob():
        s = {(0, 0)}
        for _ in range(rng.randint(1, 5)):
            a, b = rng.choice(sorted(s))
            s.add(rng.choice([(a + 1, b), (a, b + 1)]))
        return s

    def put(s, col, i, j):
        if all(
            0 <= i + a < H
            and 0 <= j + b < W
            and not any(
                0 <= i + a + x < H and 0 <= j + b + y < W and g[i + a + x][j + b + y]
                for x in (-1, 0, 1)
                for y in (-1, 0, 1)
            )
            for a, b in s
        ):
            for a, b in s:
                g[i + a][j + b] = col
            return True

    T = blob()
    h, w = max(a for a, b in T) + 1, max(b for a, b in T) + 1
    W = max(W, w + 10)  # room for the framed template right of the cut frame (a 6-wide T)
    g = [[0] * W for _ in range(H)]
    i, j = rng.randint(0, H - h - 4), rng.randint(6, W - w - 4)
    put(
        {(a, b) for a in range(h + 4) for b in range(w + 4) if a in (0, h + 3) or b in (0, w + 3)},
        5,
        i,
        j,
    )
    put(T, c, i + 2, j + 2)
    if rng.random() < 0.5:  # cut frame at the left edge holding a decoy
        k = rng.randint(0, H - 5)
        if put({(a, b) for a in range(5) for b in range(4) if a in (0, 4) or b == 3}, 5, k, 0):
            g[k + 2][1] = c
    for t in range(rng.randint(2, 5)):
        s = T if t < 2 else blob()
        for _ in range(30):
            if put(s, 1, rng.randint(0, H - 1), rng.randint(0, W - 1)):
                break
    return g


def _fits153_b(g):  # all 3x3 tilings by translating the two pieces
    cells = [(v, i, j) for i, r in enumerate(g) for j, v in enumerate(r) if v]
    cols = sorted({v for v, i, j in cells})
    outs = []
    pieces = []
    for c in cols:
        pts = [(i, j) for v, i, j in cells if v == c]
        pieces.append([(i - min(a for a, b in pts), j - min(b for a, b in pts)) for i, j in pts])
    for dy in range(3):
        for dx in range(3):
            for ey in range(3):
                for ex in range(3):
                    o = [[0] * 3 for _ in range(3)]
                    ok = True
                    for c, pc, (y0, x0) in (
                        (cols[0], pieces[0], (dy, dx)),
                        (cols[1], pieces[1], (ey, ex)),
                    ):
                        for a, b in pc:
                            if a + y0 > 2 or b + x0 > 2 or o[a + y0][b + x0]:
                                ok = False
                            else:
                                o[a + y0][b + x0] = c
                    if ok and all(all(r) for r in o) and o not in outs:
                        outs.append(o)
    return outs


def fit_two_pieces(g):  # the 3x3 square tiled by the two pieces
    return _fits153_b(g)[0]


# split 3x3 into two connected pieces, scatter them apart (unique tiling only)
def draw_fit_two_pieces(rng, n):
    while True:
        A = {(rng.randrange(3), rng.randrange(3))}
        for _ in range(rng.randint(2, 5)):
            a, b = rng.choice(sorted(A))
            c = rng.choice([(a + 1, b), (a - 1, b), (a, b + 1), (a, b - 1)])
            if 0 <= c[0] < 3 and 0 <= c[1] < 3:
                A.add(c)
        B = {(a, b) for a in range(3) for b in range(3)} - A
        S = 10  # 10x10, as in every example of task153
        g = [[0] * S for _ in range(S)]
        c1, c2 = rng.sample(range(1, 10), 2)
        i, j = rng.randint(0, 1), rng.randint(0, S - 3)
        k, ell = rng.randint(5, S - 3), rng.randint(0, S - 3)
        for a, b in A:
            g[i + a][j + b] = c1
        for a, b in B:
            g[k + a][ell + b] = c2
        if len(_fits153_b(g)) == 1:
            return g


# a mark shared by blocks 3 apart on both sides is copied to the middle
def complete_middle_block(g):
    H, W = len(g), len(g[0])
    o = [r[:] for r in g]
    for y in range(H):
        for x in range(W):
            if 3 <= x < W - 3 and g[y][x - 3] == g[y][x + 3] and g[y][x - 3] > 1:
                o[y][x] = g[y][x - 3]
            elif 3 <= y < H - 3 and g[y - 3][x] == g[y + 3][x] and g[y - 3][x] > 1:
                o[y][x] = g[y - 3][x]
    return o


# 8x8: 3x3 blocks of 2x2 ones, random marks, some outer pairs matching
def draw_complete_middle_block(rng, n):
    while True:
        g = [[0 if y == 2 or y == 5 or x == 2 or x == 5 else 1 for x in range(8)] for y in range(8)]
        for _ in range(rng.randint(1, 3)):
            c, a, b, k = rng.randint(2, 9), rng.randrange(2), rng.randrange(2), rng.randrange(3)
            if rng.random() < 0.5:
                g[3 * k + a][b] = g[3 * k + a][6 + b] = c
            else:
                g[a][3 * k + b] = g[6 + a][3 * k + b] = c
        for _ in range(rng.randint(0, 3)):
            g[rng.choice([0, 1, 3, 4, 6, 7])][rng.choice([0, 1, 3, 4, 6, 7])] = rng.randint(2, 9)
        # as in every example of task314: every cell the rule fills holds 1 and no cell is filled
        # both ways; no row or column has a mark at its index 4 (3) repeated at its index 6 (1)
        h = [[2 < x < 5 and r[x - 3] == r[x + 3] > 1 for x in range(8)] for r in g]
        v = [[2 < y < 5 and g[y - 3][x] == g[y + 3][x] > 1 for x in range(8)] for y in range(8)]
        if all(
            g[y][x] == 1 and not (h[y][x] and v[y][x])
            for y in range(8)
            for x in range(8)
            if h[y][x] or v[y][x]
        ) and not any(r[6] == r[4] > 1 or r[3] == r[1] > 1 for r in (*g, *zip(*g, strict=True))):
            # as in every example of task314: no mark 3 before a cell in its row (cyclic) is met 3
            # after it in its column, nor 3 before in its column 3 after in its row
            if not any(
                g[y][x - 3] == g[(y + 3) % 8][x] > 1 or g[y - 3][x] == g[y][(x + 3) % 8] > 1
                for y in range(8)
                for x in range(8)
            ):
                return g


# paint each 2-colour template wherever one of its colour parts occurs
def complete_partial_templates(g):
    H, W = len(g), len(g[0])
    o = [r[:] for r in g]
    for comp in parts(g, bool, corners=True):
        cols = {g[a][b] for a, b in comp}
        if len(cols) != 2:
            continue
        for col in cols:
            part = [(a, b) for a, b in comp if g[a][b] == col]
            for y in range(-H, 2 * H):
                for x in range(-W, 2 * W):
                    dy, dx = y - part[0][0], x - part[0][1]
                    if all(
                        0 <= a + dy < H and 0 <= b + dx < W and g[a + dy][b + dx] == col
                        for a, b in part
                    ):
                        for a, b in comp:
                            if 0 <= a + dy < H and 0 <= b + dx < W:
                                o[a + dy][b + dx] = g[a][b]
    return o


# 1-3 templates (centre colour b, some ring cells a), lone parts apart
def draw_complete_partial_templates(rng, n):
    H, W = rng.randint(12, 18), rng.randint(12, 18)
    g = [[0] * W for _ in range(H)]
    used = []
    cols = rng.sample(range(1, 10), 6)

    def spot():
        for _ in range(200):
            i, j = rng.randint(1, H - 2), rng.randint(1, W - 2)
            # parts' centres 5 or more apart (Chebyshev), never 4, as in every example of task173
            # (one example has a lone 2-cell ring 3 from others; none has 4)
            if all(abs(i - a) > 4 or abs(j - b) > 4 for a, b in used):
                used.append((i, j))
                return i, j

    for k in range(rng.randint(1, 3)):
        a, b = cols[2 * k], cols[2 * k + 1]
        # a centre with a ring of 2 opposite or 4 (orthogonal or diagonal) cells around it, as
        # in every example of task173
        ring = rng.choice(
            [
                [(0, -1), (0, 1)],
                [(-1, 0), (1, 0)],
                [(0, 1), (1, 0), (0, -1), (-1, 0)],
                [(1, 1), (1, -1), (-1, 1), (-1, -1)],
            ]
        )
        s = spot()
        if not s:
            continue
        g[s[0]][s[1]] = b
        for d, e in ring:
            g[s[0] + d][s[1] + e] = a
        for _ in range(rng.randint(1, 2)):
            s = spot()
            if not s:
                continue
            if rng.random() < 0.5:
                g[s[0]][s[1]] = b
            else:
                for d, e in ring:
                    g[s[0] + d][s[1] + e] = a
    return g


# complete every block with the top-left block's pattern, in the line colour
def pattern_in_line_colour(g):
    L = g[5][0]
    o = [r[:] for r in g]
    for by in range(3):
        for bx in range(3):
            for a in range(5):
                for b in range(5):
                    if g[a][b] and not g[6 * by + a][6 * bx + b]:
                        o[6 * by + a][6 * bx + b] = L
    return o


# a random pattern in the top-left block, random parts of it elsewhere
def draw_pattern_in_line_colour(rng, n):
    L, c = rng.sample(range(1, 10), 2)
    g = [[L if y % 6 == 5 or x % 6 == 5 else 0 for x in range(17)] for y in range(17)]
    pat = [(a, b) for a in range(5) for b in range(5) if rng.random() < 0.4] or [(2, 2)]
    for by in range(3):
        for bx in range(3):
            for a, b in pat:
                if by == bx == 0 or rng.random() < 0.3:
                    g[6 * by + a][6 * bx + b] = c
    return g


# reflect every 5 outside the 2s' bounding box across the nearest box side
def mirror_into_brackets(g):
    H, W = len(g), len(g[0])
    rows = [i for i in range(H) if 2 in g[i]]
    cols = [j for j in range(W) if any(r[j] == 2 for r in g)]
    o = [[0 if v == 5 else v for v in r] for r in g]
    for y in range(H):
        for x in range(W):
            if g[y][x] == 5:
                ny = 2 * rows[0] - y if y < rows[0] else 2 * rows[-1] - y if y > rows[-1] else y
                nx = 2 * cols[0] - x if x < cols[0] else 2 * cols[-1] - x if x > cols[-1] else x
                o[ny][nx] = 5
    return o


# two facing brackets (maybe transposed), a 5-shape outside each
def draw_mirror_into_brackets(rng, n):
    S = 15
    g = [[0] * S for _ in range(S)]
    w = rng.randint(3, 6)
    # outer lines 7 or 8 apart, as in every example of task154 (at 6 the mirrored halves meet)
    d = rng.randint(7, 8)
    t = 3  # the top (left) bracket's outer line is row (column) 3, as in every example of task154
    ell = rng.randint(1, S - w - 1)
    for a, sgn in ((t, 1), (t + d, -1)):
        for b in range(ell, ell + w):
            g[a][b] = 2
        g[a + sgn][ell] = g[a + sgn][ell + w - 1] = 2
        for _ in range(rng.randint(1, 4)):
            y, x = a - sgn * rng.randint(2, 3), rng.randint(ell + 1, ell + w - 2) if w > 2 else ell
            if 0 <= y < S:
                g[y][x] = 5
    return [list(r) for r in zip(*g, strict=False)] if rng.random() < 0.5 else g


def diagonals_by_region(g):  # recolour the diagonals through the marks, by region colour
    H, W = len(g), len(g[0])
    cnt = {}
    for r in g:
        for v in r:
            cnt[v] = cnt.get(v, 0) + 1
    order = sorted(cnt, key=lambda c: cnt[c])
    a, b, A, B = order[0], order[1], order[2], order[3]
    marks = [(y, x) for y in range(H) for x in range(W) if g[y][x] in (a, b)]

    def near(c, col):  # how many cells around the c-marks have colour col
        return sum(
            1
            for y, x in marks
            if g[y][x] == c
            for yy in range(y - 1, y + 2)
            for xx in range(x - 1, x + 2)
            if 0 <= yy < H and 0 <= xx < W and g[yy][xx] == col
        )

    pair = {A: a, B: b} if near(a, A) + near(b, B) >= near(a, B) + near(b, A) else {A: b, B: a}
    o = [r[:] for r in g]
    for y in range(H):
        for x in range(W):
            if any(abs(y - my) == abs(x - mx) for my, mx in marks):
                o[y][x] = pair.get(g[y][x], g[y][x])
    return o


# A blocks crossed by B bands, one mark of each mark colour inside its region
def draw_diagonals_by_region(rng, n):
    while True:
        H, W = rng.randint(10, 16), rng.randint(10, 16)
        A, B, a, b = rng.sample(range(1, 10), 4)
        rb = set(range(*sorted(rng.sample(range(H), 2))))
        cb = set(range(*sorted(rng.sample(range(W), 2))))
        g = [[B if y in rb or x in cb else A for x in range(W)] for y in range(H)]
        for col, reg in ((a, A), (b, B)) * rng.randint(1, 2):
            for _ in range(200):
                y, x = rng.randrange(H), rng.randrange(W)
                if all(
                    g[yy][xx] == reg
                    for yy in range(max(0, y - 1), min(H, y + 2))
                    for xx in range(max(0, x - 1), min(W, x + 2))
                ):
                    g[y][x] = col
                    break
        if any(a in r for r in g) and any(b in r for r in g):
            return g


def colour_by_key_quadrant(g):  # pattern cells take the colour of the matching key cell
    a = next(i for i in range(9) if all(v == 8 for v in g[i]))
    b = next(j for j in range(9) if all(r[j] == 8 for r in g))
    kr = [0, 1] if a == 2 else [7, 8]
    pr = list(range(3, 9)) if a == 2 else list(range(6))
    kc = [0, 1] if b == 2 else [7, 8]
    pc = list(range(3, 9)) if b == 2 else list(range(6))
    return [
        [g[kr[i // 3]][kc[j // 3]] if g[pr[i]][pc[j]] else 0 for j in range(6)] for i in range(6)
    ]


def draw_colour_by_key_quadrant(rng, n):  # key in one corner, random 3-pattern in the opposite 6x6
    a, b = rng.choice([2, 6]), rng.choice([2, 6])
    g = [[0] * 9 for _ in range(9)]
    for i in range(9):
        for j in range(9):
            if i == a or j == b:
                g[i][j] = 8
            elif (i > a) == (a == 2) and (j > b) == (b == 2):
                g[i][j] = 3 * (rng.random() < 0.5)
            elif (i > a) != (a == 2) and (j > b) != (b == 2):
                g[i][j] = rng.choice([1, 2, 4, 5, 6, 7, 9])
    return g


# per object: shift right by one unless on its bottom row or its rightmost column
def shear_except_base(g):
    H, W = len(g), len(g[0])
    o = [[0] * W for _ in range(H)]
    for comp in parts(g, bool, corners=True):
        bot = max(a for a, b in comp)
        right = max(b for a, b in comp)
        for a, b in comp:
            o[a][b + (a != bot and b != right)] = g[a][b]
    return o


# 1-2 parallelogram outlines (top edge, two slanted sides, bottom edge)
def draw_shear_except_base(rng, n):
    H, W = rng.randint(8, 14), rng.randint(11, 14)
    g = [[0] * W for _ in range(H)]
    top = 0
    for c in rng.sample(range(1, 10), rng.randint(1, 2)):
        L, h = rng.randint(3, 5), rng.randint(2, 4)
        t, ell = top + 1, rng.randint(0, W - L - h - 1)
        if t + h >= H:
            break
        for k in range(L):
            g[t][ell + k] = g[t + h][ell + h + k] = c
        for k in range(h + 1):
            g[t + k][ell + k] = g[t + k][ell + L - 1 + k] = c
        top = t + h + 1
    return g


# per 1-cup: empty cells of its box and the row above the box take the inner colour
def fill_cup_and_lid(g):
    o = [r[:] for r in g]
    for comp in parts(g, lambda v: v == 1, corners=True):
        t, bt = min(a for a, b in comp), max(a for a, b in comp)
        ell, r = min(b for a, b in comp), max(b for a, b in comp)
        col = [g[a][b] for a in range(t, bt + 1) for b in range(ell, r + 1) if g[a][b] > 1][0]
        for a in range(t - 1, bt + 1):
            for b in range(ell, r + 1):
                if a == t - 1 or g[a][b] == 0:
                    o[a][b] = col
    return o


# 1-2 cups of 1s with a gap in the top edge and one coloured cell inside
def draw_fill_cup_and_lid(rng, n):
    H, W = 10, 10  # 10x10, as in every example of task099
    g = [[0] * W for _ in range(H)]
    top = 0
    for _ in range(rng.randint(1, 2)):
        w, h = rng.randint(4, 6), rng.randint(3, 5)
        t, ell = top + 1, rng.randint(0, W - w)
        if t + h > H:
            break
        for a in range(h):
            for b in range(w):
                if a in (0, h - 1) or b in (0, w - 1):
                    g[t + a][ell + b] = 1
        g[t][ell + rng.randint(1, w - 2)] = 0
        # the colour on the cup's middle inner row (the upper one of two), as in every example of task099
        g[t + (h - 1) // 2][ell + rng.randint(1, w - 2)] = rng.randint(2, 9)
        top = t + h
    return g


def bridge_between_blocks(g):  # 8-bridge between two rectangles, narrowed by one on each side
    H, W = len(g), len(g[0])
    o = [r[:] for r in g]
    cells = [(y, x) for y in range(H) for x in range(W) if g[y][x]]
    cols = sorted({g[y][x] for y, x in cells})
    box = []
    for c in cols:
        pts = [(y, x) for y, x in cells if g[y][x] == c]
        box.append(
            (
                min(y for y, x in pts),
                max(y for y, x in pts),
                min(x for y, x in pts),
                max(x for y, x in pts),
            )
        )
    (t1, b1, l1, r1), (t2, b2, l2, r2) = box
    if b1 < t2 or b2 < t1:  # one above the other
        lo, hi = max(l1, l2) + 1, min(r1, r2) - 1
        ys = range(min(b1, b2) + 1, max(t1, t2))
        for y in ys:
            for x in range(lo, hi + 1):
                o[y][x] = 8
    else:  # side by side
        lo, hi = max(t1, t2) + 1, min(b1, b2) - 1
        xs = range(min(r1, r2) + 1, max(l1, l2))
        for y in range(lo, hi + 1):
            for x in xs:
                o[y][x] = 8
    return o


# two rectangles stacked (maybe transposed) with an overlap of >= 3 columns
def draw_bridge_between_blocks(rng, n):
    H, W = 10, 10  # as in every example of task341
    g = [[0] * W for _ in range(H)]
    c1, c2 = rng.sample([1, 2, 3, 4, 5, 6, 7, 9], 2)
    h1, h2 = rng.randint(1, 4), rng.randint(1, 4)
    gap = rng.randint(1, H - h1 - h2)
    l1 = rng.randint(0, W - 3)
    r1 = rng.randint(l1 + 2, W - 1)
    l2 = rng.randint(0, r1 - 2)
    r2 = rng.randint(max(l2, l1) + 2, W - 1)
    if max(l1, l2) == 0 or min(r1, r2) == W - 1:  # the common span never reaches the border,
        return draw_bridge_between_blocks(rng, n)  # as in every example of task341
    t1 = rng.randint(0, H - h1 - h2 - gap)
    t2 = t1 + h1 + gap
    for y in range(t1, t1 + h1):
        for x in range(l1, r1 + 1):
            g[y][x] = c1
    for y in range(t2, t2 + h2):
        for x in range(l2, r2 + 1):
            g[y][x] = c2
    return [list(r) for r in zip(*g, strict=False)] if rng.random() < 0.5 else g


def slide_box_on_dots(g):  # erase the box, redraw it 2 cells further along the line, the dots stay
    H, W = len(g), len(g[0])
    threes = [(y, x) for y in range(H) for x in range(W) if g[y][x] == 3]
    vertical = all(x == threes[0][1] for y, x in threes)
    o = [[3 if v == 3 else 0 for v in r] for r in g]
    for y in range(H):
        for x in range(W):
            if g[y][x] == 2:
                ny, nx = (y + 2, x) if vertical else (y, x + 2)
                if ny < H and nx < W:
                    o[ny][nx] = 2
    return o


# a dotted 3-line (period 2) and a 3x3 2-box centred on one of its dots
def draw_slide_box_on_dots(rng, n):
    L, M = rng.randint(7, 17), rng.randint(3, 9)
    g = [[0] * L for _ in range(M)]
    row = rng.randint(1, M - 2)
    ph = rng.randrange(2)
    for x in range(ph, L, 2):
        g[row][x] = 3
    c = rng.choice([x for x in range(ph, L - 3, 2) if x >= 1])
    for a in (-1, 0, 1):
        for b in (-1, 0, 1):
            if a or b:
                g[row + a][c + b] = 2
    return [list(r) for r in zip(*g, strict=False)] if rng.random() < 0.5 else g


def repeat_cross_segments(g):  # extend the row segment and the column segment periodically
    H, W = len(g), len(g[0])
    o = [[0] * W for _ in range(H)]
    rc = [sum(1 for v in r if v) for r in g]
    cc = [sum(1 for r in g if r[x]) for x in range(W)]
    i, j = rc.index(max(rc)), cc.index(max(cc))
    xs = [x for x in range(W) if g[i][x]]
    ys = [y for y in range(H) if g[y][j]]
    for x in range(W):
        o[i][x] = g[i][xs[0] + (x - xs[0]) % len(xs)]
    for y in range(H):
        o[y][j] = g[ys[0] + (y - ys[0]) % len(ys)][j]
    return o


# two crossing segments of n distinct colours, sharing the crossing cell
def draw_repeat_cross_segments(rng, n):
    H, W = rng.randint(10, 20), rng.randint(10, 20)
    g = [[0] * W for _ in range(H)]
    cols = rng.sample(range(1, 10), n)
    a, b = rng.randrange(n), rng.randrange(n)
    i, j = rng.randint(a, H - n + a), rng.randint(b, W - n + b)
    for k in range(n):
        g[i][j - b + k] = cols[(k - b) % n]
    for k in range(n):
        g[i - a + k][j] = cols[(k - a) % n]
    return g


# stamp the transformed/scaled template wherever its marker cells appear (with bg around)
def template_stamp(g):
    H, W = len(g), len(g[0])
    bg, comps = ground_and_parts(g)
    tmpl = None
    for comp in comps:
        if len({g[a][c] for a, c in comp}) == 3:
            tmpl = comp
    r0 = min(a for a, c in tmpl)
    c0 = min(c for a, c in tmpl)
    h = max(a for a, c in tmpl) - r0 + 1
    w = max(c for a, c in tmpl) - c0 + 1
    box = [[g[r0 + a][c0 + c] for c in range(w)] for a in range(h)]
    cc = {}
    for row in box:
        for v in row:
            if v != bg:
                cc[v] = cc.get(v, 0) + 1
    main = max(cc, key=cc.get)
    out = [row[:] for row in g]
    B = box
    for t in range(8):
        B = [list(x) for x in zip(*B, strict=False)] if t % 2 else B[::-1]
        for k in range(1, 5):
            S = [[v for v in row for _ in range(k)] for row in B for _ in range(k)]
            mk = {
                (a, c): v
                for a, row in enumerate(S)
                for c, v in enumerate(row)
                if v not in (bg, main)
            }
            ring = {
                (a + da, c + dc) for a, c in mk for da, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
            } - set(mk)
            a0, c0 = min(mk)
            v0 = mk[a0, c0]
            for i, j in [
                (y - a0, x - c0) for y in range(H) for x in range(W) if g[y][x] == v0
            ]:  # anchor on a marker cell
                if True:
                    ok = all(
                        0 <= i + a < H and 0 <= j + c < W and g[i + a][j + c] == v
                        for (a, c), v in mk.items()
                    )
                    ok = ok and all(
                        not (0 <= i + a < H and 0 <= j + c < W) or g[i + a][j + c] == bg
                        for a, c in ring
                    )
                    if ok:
                        for a, row in enumerate(S):
                            for c, v in enumerate(row):
                                if v != bg and 0 <= i + a < H and 0 <= j + c < W:
                                    out[i + a][j + c] = v
    return out


# bg grid, a diagonal-symmetric od x od template, a few lone scaled/rotated marker pairs
def draw_template_stamp(rng, n):
    H, W = rng.randint(10, 16), rng.randint(10, 16)
    bg, fg, c1, c2 = rng.sample(range(1, 10), 4)  # no colour 0, as in every example of task158
    od = 3  # a 3x3 template, as in every example of task158 (od=2 would make markers touch)
    T = [[fg]]
    while all(bg not in row for row in T):  # a bg cell in it, as in every example of task158
        cells = (
            {(a, c) for a in range(od) for c in range(od) if rng.random() < 0.4}
            | {(0, 1), (od - 1, od - 2)}
            | {(a, a) for a in range(1, od - 1)}
        )
        T = [
            [fg if (a, c) in cells or (c, a) in cells else bg for c in range(od)] for a in range(od)
        ]
        T[0][0], T[-1][-1] = c1, c2
    g = [[bg] * W for _ in range(H)]
    used = set()
    for t in range(n * 3):
        k = rng.randint(1, 3) if t else 1
        S = [[v for v in row for _ in range(k)] for row in T for _ in range(k)]
        for _ in range(rng.randint(0, 3)):
            S = [list(x) for x in zip(*S[::-1], strict=False)]
        if len(S) >= H or len(S[0]) >= W:
            continue
        # the last row and column stay background, as in every example of task158
        i, j = rng.randint(0, H - 1 - len(S)), rng.randint(0, W - 1 - len(S[0]))
        box = {
            (a, c) for a in range(i - 1, i + len(S) + 1) for c in range(j - 1, j + len(S[0]) + 1)
        }
        if box & used:
            continue
        used |= box
        for a, row in enumerate(S):
            for c, v in enumerate(row):
                if t == 0 or v in (c1, c2):
                    g[i + a][j + c] = v
    # the top-right cell is background, as in every example of task158: flip the grid so it is
    flips = (g, g[::-1], [row[::-1] for row in g], [row[::-1] for row in g[::-1]])
    return next((f for f in flips if f[0][-1] == bg), g)


# rays from dots to the nearest full lines, with a ring of line colour at each hit
def dot_rays_to_lines(g):
    H, W = len(g), len(g[0])
    cnt = {}
    for r in g:
        for v in r:
            cnt[v] = cnt.get(v, 0) + 1
    bg = max(cnt, key=cnt.get)
    rows = [i for i in range(H) if len(set(g[i])) == 1 and g[i][0] != bg]
    if not rows:
        t = dot_rays_to_lines([list(c) for c in zip(*g, strict=False)])
        return [list(c) for c in zip(*t, strict=False)]
    A = g[rows[0]][0]
    out = [r[:] for r in g]
    hits = []
    for i in range(H):
        if i in rows:
            continue
        for j in range(W):
            if g[i][j] == bg:
                continue
            up = [ell for ell in rows if ell < i]
            dn = [ell for ell in rows if ell > i]
            lo = up[-1] if up else i
            hi = dn[0] if dn else i
            for k in range(lo, hi + 1):
                out[k][j] = g[i][j]
            hits += [(k, j) for k in (lo, hi) if k in rows]
    for a, c in hits:
        for da in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if (da or dc) and 0 <= a + da < H and 0 <= c + dc < W:
                    out[a + da][c + dc] = A
    return out


# 1-3 full lines (4+ apart), n dots off the lines, maybe transposed
def draw_dot_rays_to_lines(rng, n):
    H, W = rng.randint(8, 16), rng.randint(6, 16)
    bg, A, B = 0, 8, 2  # as in every example of task379: background 0, lines 8, dots 2
    g = [[bg] * W for _ in range(H)]
    rows = sorted(rng.sample(range(0, H, 4), rng.randint(1, min(3, H // 5))))
    for r in rows:
        g[r] = [A] * W
    free = [i for i in range(H) if all(abs(i - r) > 1 for r in rows)]
    cols = list(range(1, W - 1, 2))  # no dot on an outer line, as in every example of task379
    rng.shuffle(cols)
    for j in cols[:n]:
        if free:
            g[rng.choice(free)][j] = B
    return [list(c) for c in zip(*g, strict=False)] if rng.random() < 0.5 else g


# find the 2-colour object, then stamp it at every scaled copy of its markers
def scaled_template_complete(g):
    H, W = len(g), len(g[0])
    bg, comps = ground_and_parts(g)
    tmpl = max(comps, key=lambda cp: len({g[a][c] for a, c in cp}))
    m = [g[a][c] for cp in comps if cp is not tmpl for a, c in cp][0]
    r0 = min(a for a, c in tmpl)
    c0 = min(c for a, c in tmpl)
    cells = {(a - r0, c - c0): g[a][c] for a, c in tmpl}
    out = [r[:] for r in g]

    def inside(a, c):
        return 0 <= a < H and 0 <= c < W

    for k in range(1, 6):
        sc = {
            (a * k + x, c * k + y): v
            for (a, c), v in cells.items()
            for x in range(k)
            for y in range(k)
        }
        mk = [q for q, v in sc.items() if v == m]
        a0, c0 = mk[0]
        for i, j in [
            (y - a0, x - c0) for y in range(H) for x in range(W) if g[y][x] == m
        ]:  # anchor on a marker cell
            if True:
                ok = all(inside(i + a, j + c) and g[i + a][j + c] == m for a, c in mk)
                ok = ok and all(
                    not inside(i + a, j + c) or g[i + a][j + c] == bg
                    for (a, c), v in sc.items()
                    if v != m
                )
                ok = ok and all(
                    not inside(i + a + da, j + c + dc)
                    or g[i + a + da][j + c + dc] == bg
                    or (a + da, c + dc) in mk
                    for a, c in mk
                    for da in (-1, 0, 1)
                    for dc in (-1, 0, 1)
                )
                if ok:
                    for (a, c), v in sc.items():
                        if inside(i + a, j + c):
                            out[i + a][j + c] = v
    return out


# random <=4x4 8-connected blob, some cells marker colour, n scaled marker groups
def draw_scaled_template_complete(rng, n):
    H, W = rng.randint(12, 16), rng.randint(12, 16)
    bg, m, f = 0, 2, 1  # every example of task101
    obj = {(rng.randint(0, 3), rng.randint(0, 3))}
    for _ in range(rng.randint(2, 7)):
        obj.add(
            rng.choice(
                [
                    (a + x, c + y)
                    for a, c in obj
                    for x in (-1, 0, 1)
                    for y in (-1, 0, 1)
                    if 0 <= a + x < 4 and 0 <= c + y < 4 and (a + x, c + y) not in obj
                ]
            )
        )
    r0 = min(a for a, c in obj)
    c0 = min(c for a, c in obj)
    obj = sorted((a - r0, c - c0) for a, c in obj)
    mk = set(rng.sample(obj, rng.randint(1, (len(obj) - 1) // 2)))

    def scaled(k):  # the marker cells scaled by k, moved to the top-left
        S = {(a * k + x, c * k + y) for a, c in mk for x in range(k) for y in range(k)}
        return sorted((a - min(S)[0], c - min(c for _, c in S)) for a, c in S)

    if any(scaled(k) == obj for k in (2, 3)):  # the template reads as its own marker scaled:
        return draw_scaled_template_complete(rng, n)  # no example of task101 has one
    h = max(a for a, c in obj) + 1
    w = max(c for a, c in obj) + 1
    g = [[bg] * W for _ in range(H)]
    used = set()
    t = 0
    for _ in range(200):
        if t > n:
            break
        k = rng.randint(1, 3) if t else 1
        if h * k > H or w * k > W:
            continue
        i, j = rng.randint(0, H - h * k), rng.randint(0, W - w * k)
        box = {
            (i + x, j + y) for x in range(-1, h * k + 1) for y in range(-1, w * k + 1)
        }  # bbox + ring kept clear (EXPR needs it)
        if box & used:
            continue
        used |= box
        t += 1
        for a, c in obj:
            if t == 1 or (a, c) in mk:
                for x in range(k):
                    for y in range(k):
                        g[i + a * k + x][j + c * k + y] = m if (a, c) in mk else f
    return g


# remove the 1-wide tether, move its rectangle step by step towards the anchor until touching
def reel_in_rect(g):
    H, W = len(g), len(g[0])
    border = g[0] + g[-1] + [r[0] for r in g] + [r[-1] for r in g]
    bg = max(set(border), key=border.count)
    cols = {v for r in g for v in r} - {bg}

    def is_rect(c):
        cs = [(i, j) for i in range(H) for j in range(W) if g[i][j] == c]
        return len(cs) == (max(i for i, j in cs) - min(i for i, j in cs) + 1) * (
            max(j for i, j in cs) - min(j for i, j in cs) + 1
        )

    anchor = [c for c in cols if is_rect(c)][0]
    mover = [c for c in cols if c != anchor][0]

    def at(i, j):
        return g[i][j] if 0 <= i < H and 0 <= j < W else bg

    cells = {(i, j) for i in range(H) for j in range(W) if g[i][j] == mover}
    stem = {
        (i, j)
        for i, j in cells
        if (at(i, j - 1) == bg and at(i, j + 1) == bg)
        or (at(i - 1, j) == bg and at(i + 1, j) == bg)
    }
    rect = cells - stem
    si, sj = next(iter(stem))
    dy, dx = next(
        (si - i, sj - j) for i, j in rect for si, sj in stem if abs(si - i) + abs(sj - j) == 1
    )
    while not any(at(i + dy, j + dx) == anchor for i, j in rect):
        rect = {(i + dy, j + dx) for i, j in rect}
    out = [[bg if v == mover else v for v in r] for r in g]
    for i, j in rect:
        out[i][j] = mover
    return out


# anchor rect on top, mover rect below joined by a vertical stem, on 0 (as in every example of
# task234), then a random rotation/flip; drawn 2 smaller and framed by a ring of 0s: no shape
# touches the grid's edge, as in every example of task234
def draw_reel_in_rect(rng, n):
    H, W = rng.randint(10, 16) - 2, rng.randint(10, 16) - 2
    bg, (A, B) = 0, rng.sample(range(1, 10), 2)
    g = [[bg] * W for _ in range(H)]
    ah, aw = rng.randint(2, H // 3), rng.randint(2, W // 2)
    ai, aj = rng.randint(0, 2), rng.randint(0, W - aw)
    for i in range(ai, ai + ah):
        g[i][aj : aj + aw] = [A] * aw
    bi = rng.randint(ai + ah + 1, H - 2)
    bh = rng.randint(2, min(4, H - bi))
    bj = rng.randint(max(0, aj - 3), min(aj + aw - 1, W - 2))
    bw = rng.randint(max(2, aj - bj + 1), max(2, aj - bj + 1, min(W - bj, W // 2)))
    for i in range(bi, bi + bh):
        g[i][bj : bj + bw] = [B] * bw
    sj = rng.randint(max(aj, bj), min(aj + aw, bj + bw) - 1)
    for i in range(ai + ah, bi):
        g[i][sj] = B
    for _ in range(rng.randint(0, 3)):
        g = [list(r) for r in zip(*g[::-1], strict=False)]
    g = g[::-1] if rng.random() < 0.5 else g
    ring = [0] * (len(g[0]) + 2)
    return [ring, *([0, *r, 0] for r in g), ring[:]]


# pick the small shape whose 2x upscale explains the border-cropped big shape
def which_shape_is_zoomed(g):
    H, W = len(g), len(g[0])
    cnt = {}
    for r in g:
        for v in r:
            cnt[v] = cnt.get(v, 0) + 1
    bg = max(cnt, key=cnt.get)

    def mask(c):
        rows = [i for i in range(H) if c in g[i]]
        cols = [j for j in range(W) if any(g[i][j] == c for i in range(H))]
        return [
            [g[i][j] == c for j in range(cols[0], cols[-1] + 1)]
            for i in range(rows[0], rows[-1] + 1)
        ]

    def rot(m):
        return [list(x) for x in zip(*m[::-1], strict=False)]

    best = None
    for B in cnt:
        if B == bg:
            continue
        P = mask(B)
        for c in cnt:
            if c in (bg, B):
                continue
            U = [[x for x in r for _ in range(2)] for r in mask(c) for _ in range(2)]
            # rotate so that the border B touches is at the bottom; then P must sit at the top of U
            G, PP, UU, ok = g, P, U, False
            for _ in range(4):
                if B in G[-1]:
                    h, w = len(PP), len(PP[0])
                    if h <= len(UU) and any(
                        [r[j : j + w] for r in UU[:h]] == PP for j in range(len(UU[0]) - w + 1)
                    ):
                        ok = True
                G, PP, UU = rot(G), rot(PP), rot(UU)
            key = (ok, -cnt[c], c)  # ties: smaller shape, then larger colour
            if best is None or key > best[0]:
                best = (key, c)
    c = best[1]
    return [[c if x else bg for x in r] for r in mask(c)]


# two small random shapes, one of them 2x-upscaled and cut by the bottom edge, random flip/rotation
def draw_which_shape_is_zoomed(rng, n):
    H, W = rng.randint(14, 16), rng.randint(14, 16)
    bg, c1, c2, c3 = rng.sample(range(10), 4)

    def shape():
        h, w = rng.randint(3, 4), rng.randint(3, 4)
        s = {(rng.randrange(h), rng.randrange(w))}
        while (
            len(s) < rng.randint(4, h * w - 2)
            or {a for a, b in s} != set(range(h))
            or {b for a, b in s} != set(range(w))
        ):
            a, b = rng.choice(sorted(s))
            da, db = rng.choice(((0, 1), (1, 0), (0, -1), (-1, 0)))
            if 0 <= a + da < h and 0 <= b + db < w:
                s.add((a + da, b + db))
        return s

    A, Bs = shape(), shape()
    while A == Bs:
        Bs = shape()
    T = rng.choice((A, Bs))
    th = max(a for a, b in T) + 1
    g = [[bg] * W for _ in range(H)]
    top = H - rng.randint(4, 2 * th)
    left = rng.randint(0, W // 2 - 2)
    for a, b in T:
        for x in range(2):
            for y in range(2):
                if top + 2 * a + x < H and left + 2 * b + y < W:
                    g[top + 2 * a + x][left + 2 * b + y] = c3
    for S, c in ((A, c1), (Bs, c2)):
        for _ in range(100):
            i, j = rng.randint(1, H - 6), rng.randint(1, W - 6)
            if all(
                g[i + a + x][j + b + y] == bg for a, b in S for x in (-1, 0, 1) for y in (-1, 0, 1)
            ):
                for a, b in S:
                    g[i + a][j + b] = c
                break
    for _ in range(rng.randint(0, 3)):
        g = [list(x) for x in zip(*g[::-1], strict=False)]
    return g


# 4-fold mirror, then dotted lines between (d, d+2)-type dots and their mirrors
def mirror_dotted_frame(g):
    H, W = len(g), len(g[0])
    cnt = {}
    for r in g:
        for v in r:
            cnt[v] = cnt.get(v, 0) + 1
    bg = max(cnt, key=cnt.get)
    S = [[bg] * W for _ in range(H)]
    for i in range(H):
        for j in range(W):
            if g[i][j] != bg:
                for a in (i, H - 1 - i):
                    for c in (j, W - 1 - j):
                        S[a][c] = g[i][j]
    out = [r[:] for r in S]
    for i in range(H):
        d = min(i, H - 1 - i)
        if d + 2 < W and S[i][d + 2] != bg:
            for j in range(d + 2, W - 2 - d, 2):
                if out[i][j] == bg:
                    out[i][j] = S[i][d + 2]
    for j in range(W):
        d = min(j, W - 1 - j)
        if d + 2 < H and S[d + 2][j] != bg:
            for i in range(d + 2, H - 2 - d, 2):
                if out[i][j] == bg:
                    out[i][j] = S[d + 2][j]
    return out


# odd-sized grid; ring dots (2k+1,2k+1) and line dots (2k+1,2k+3)/(2k+3,2k+1) in one quadrant
def draw_mirror_dotted_frame(rng, n):  # 19x19 on 0, as every example
    h = w = 19
    bg = 0
    cs = [c for c in range(10) if c != bg]
    g = [[bg] * w for _ in range(h)]
    ub = min(h, w) // 4
    for k in rng.sample(range(ub), rng.randint(1, ub)):
        g[2 * k + 1][2 * k + 1] = rng.choice(cs)
    for k in rng.sample(range(ub - 1), rng.randint(1, max(1, ub - 1))) if ub > 1 else []:
        c = rng.choice(cs)
        g[2 * k + 1][2 * k + 3] = g[2 * k + 3][2 * k + 1] = c
    if rng.random() < 0.5:
        g = g[::-1]
    if rng.random() < 0.5:
        g = [r[::-1] for r in g]
    return g


# downscale the big mono pattern to n x n and use it as a mask on the colour square
def mask_square_by_pattern(g):
    bg, comps = ground_and_parts(g)
    sq = max(comps, key=lambda cp: len({g[a][c] for a, c in cp}))
    big = [q for cp in comps if cp is not sq for q in cp]
    r0 = min(a for a, c in sq)
    c0 = min(c for a, c in sq)
    n = max(a for a, c in sq) - r0 + 1
    y0 = min(a for a, c in big)
    x0 = min(c for a, c in big)
    k = (max(a for a, c in big) - y0 + 1) // n
    return [
        [g[r0 + i][c0 + j] if g[y0 + i * k][x0 + j * k] != bg else bg for j in range(n)]
        for i in range(n)
    ]


# n x n random mask (full rows/cols used) scaled by k, plus an n x n colour square elsewhere
def draw_mask_square_by_pattern(rng, n):
    k = rng.randint(2, 4)
    bg, C = 0, rng.randint(1, 9)  # background 0, as in every example of task170
    H, W = n * k + n + 4, n * k + n + 2
    while True:
        M = [[rng.random() < 0.45 for _ in range(n)] for _ in range(n)]
        if all(any(r) for r in M) and all(any(c) for c in zip(*M, strict=False)):
            break
    g = [[bg] * W for _ in range(H)]
    for i in range(n * k):
        for j in range(n * k):
            if M[i // k][j // k]:
                g[1 + i][1 + j] = C
    oj = rng.randint(0, W - n)
    for i in range(n):
        for j in range(n):
            g[n * k + 3 + i][oj + j] = rng.choice([c for c in range(10) if c != bg])
    return g


# copy the widest band's pattern over each partial band (best-overlap shift), new cells = 1
def complete_band_prefix(g):
    H, W = len(g), len(g[0])
    bands, cur = [], None
    for i in range(H):
        if any(g[i]):
            if cur is None:
                cur = set()
                bands.append(cur)
            cur |= {(i, j) for j in range(W) if g[i][j]}
        else:
            cur = None
    T = max(bands, key=len)
    out = [r[:] for r in g]
    for b in bands:
        if b is T:
            continue
        right = max(x for y, x in b)
        best = None
        for dy in range(-30, 30):
            for dx in range(-2, W):
                moved = {(y + dy, x + dx) for y, x in T}
                score = (len(moved & b), all(x > right for y, x in moved - b), dy, dx)
                if best is None or score > best[0]:
                    best = (score, moved)
        for y, x in best[1] - b:
            if 0 <= y < H and 0 <= x < W:
                out[y][x] = 1
    return out


# a full-width template band (1-3 rows) and n-1 left-aligned prefixes of it
def draw_complete_band_prefix(rng, n):
    W = 10  # 15 rows of 10, as in every example of task219
    h = rng.randint(1, 3)
    n = min(n, 14 // (h + 1))
    while True:
        P = [[8 if rng.random() < 0.5 else 0 for _ in range(W)] for _ in range(h)]
        for r in P:
            r[rng.randint(0, 1)] = 8  # every row starts within the first two columns
        if all(any(c) for c in zip(*P, strict=False)):
            break
    g = [[0] * W]
    for k in range(n):
        m = W if k == 0 else rng.randint(2, W - 3)
        g += [r[:m] + [0] * (W - m) for r in P] + [[0] * W]
    return g + [[0] * W for _ in range(15 - len(g))]


# rays from edge dots cross the grid, stepping one cell away from the 2-edge at each 2 marker
def staggered_rays(g):
    H, W = len(g), len(g[0])
    cnt = {}
    for r in g:
        for v in r:
            cnt[v] = cnt.get(v, 0) + 1
    c = min((v for v in cnt if v != 2), key=cnt.get)
    out = [r[:] for r in g]
    cells2 = [(i, j) for i in range(H) for j in range(W) if g[i][j] == 2]
    cellsc = [(i, j) for i in range(H) for j in range(W) if g[i][j] == c]
    vert = (
        len({i for i, j in cellsc}) == 1
        and cellsc[0][0] in (0, H - 1)
        and len({j for i, j in cells2}) == 1
        and cells2[0][1] in (0, W - 1)
    )
    if vert:  # dots on a horizontal edge, 2s on a vertical edge: rays are vertical
        i0 = cellsc[0][0]
        down = 1 if i0 == 0 else -1
        side = cells2[0][1]
        step = 1 if side == 0 else -1
        marks = {i for i, j in cells2}
        for _, j0 in cellsc:
            shift, i = 0, i0
            while 0 <= i < H:
                if i in marks and i != i0:
                    shift += step
                if 0 <= j0 + shift < W and out[i][j0 + shift] != 2:
                    out[i][j0 + shift] = c
                i += down
    else:  # dots on a vertical edge: rays are horizontal
        j0 = cellsc[0][1]
        right = 1 if j0 == 0 else -1
        side = cells2[0][0]
        step = 1 if side == 0 else -1
        marks = {j for i, j in cells2}
        for i0, _ in cellsc:
            shift, j = 0, j0
            while 0 <= j < W:
                if j in marks and j != j0:
                    shift += step
                if 0 <= i0 + shift < H and out[i0 + shift][j] != 2:
                    out[i0 + shift][j] = c
                j += right
    return out


# dots on the top edge, 2-markers on the left edge (rows 2+), then a random flip/transpose
def draw_staggered_rays(rng, n):
    H, W = rng.randint(8, 16), rng.randint(8, 16)
    bg, c = 0, 8  # background 0 and 8-dots, as in every example of task382
    g = [[bg] * W for _ in range(H)]
    for j in rng.sample(range(1, W - 2), rng.randint(1, min(n, W - 3))):
        g[0][j] = c
    # no 2 in a corner (the last row), as in every example of task382
    # no 2 right after another 2: in every example of task382 they are at least 4 apart
    for i in sorted(rng.sample(range(2, H - 1), rng.randint(1, min(n, H - 3)))):
        if g[i - 1][0] != 2:
            g[i][0] = 2
    if rng.random() < 0.5:
        g = [list(r) for r in zip(*g, strict=False)]
    if rng.random() < 0.5:
        g = g[::-1]
    if rng.random() < 0.5:
        g = [r[::-1] for r in g]
    return g


# the 4-shape's two-cell side says left/right: mirror the 8-shape across that side of its box
def mirror_by_pointer(g):
    H, W = len(g), len(g[0])
    ind = [(i, j) for i in range(H) for j in range(W) if g[i][j] == 4]
    obj = [(i, j) for i in range(H) for j in range(W) if g[i][j] == 8]
    left = min(j for i, j in ind)
    max(j for i, j in ind)
    go_left = sum(j == left for i, j in ind) == 2
    lo = min(j for i, j in obj)
    hi = max(j for i, j in obj)
    out = [r[:] for r in g]
    for i, j in obj:
        k = lo + lo - 1 - j if go_left else hi + hi + 1 - j
        if 0 <= k < W:
            out[i][k] = 8
    return out


# 6x9: random 3-wide 8-shape in rows 0-2, cols 3-5; pointer (4) below pointing left or right
def draw_mirror_by_pointer(rng, n):
    g = [[0] * 9 for _ in range(6)]
    while True:
        cells = [(i, j) for i in range(3) for j in range(3, 6) if rng.random() < 0.5]
        if {j for i, j in cells} == {3, 4, 5}:
            break
    for i, j in cells:
        g[i][j] = 8
    L = [(3, 3), (4, 3), (4, 4), (4, 5), (5, 4)]
    for i, j in L if rng.random() < 0.5 else [(i, 8 - j) for i, j in L]:
        g[i][j] = 4
    return g


# rotate so the 2s sit on the bottom edge; each rises, sidestepping right once below a 5
def deflected_risers(g):
    def cw(h):
        return [list(r) for r in zip(*h[::-1], strict=False)]

    def ccw(h):
        return [list(r) for r in zip(*h, strict=False)][::-1]

    k = 0
    while 2 not in g[-1] and k < 4:
        g = cw(g)
        k += 1
    H, W = len(g), len(g[0])
    out = [r[:] for r in g]
    for j0 in range(W):
        if g[H - 1][j0] != 2:
            continue
        j = j0
        moved = False
        for i in range(H - 1, -1, -1):
            out[i][j] = 2
            if not moved and i > 0 and g[i - 1][j] == 5 and j + 1 < W:
                j += 1
                moved = True
                out[i][j] = 2
    for _ in range(k):
        out = ccw(out)
    return out


# 10x10-ish: 2s on the bottom row (3 apart), a few 5s above some of them, random rotation
def draw_deflected_risers(rng, n):
    H, W = rng.randint(8, 14), rng.randint(8, 14)
    g = [[0] * W for _ in range(H)]
    cols = sorted(rng.sample(range(0, W - 1, 3), min(n, len(range(0, W - 1, 3)))))
    for j in cols:  # risers start on the bottom row, never turned, as in every example of task345
        g[H - 1][j] = 2
        if rng.random() < 0.6:
            g[rng.randint(1, H - 3)][j] = 5
    return g


# all zero rectangles (both sides >= 2) of the largest possible area are painted 6
def largest_empty_rects(g):
    H, W = len(g), len(g[0])
    rects = []
    for i in range(H):
        for j in range(W):
            for h in range(2, H - i + 1):
                for w in range(2, W - j + 1):
                    if all(g[y][x] == 0 for y in range(i, i + h) for x in range(j, j + w)):
                        rects.append((i, j, h, w))
    out = [r[:] for r in g]
    if rects:
        A = max(h * w for i, j, h, w in rects)
        for i, j, h, w in rects:
            if h * w == A:
                for y in range(i, i + h):
                    for x in range(j, j + w):
                        out[y][x] = 6
    return out


def draw_largest_empty_rects(rng, n):  # n rows (3-5) of random 0/c noise, 10-16 wide
    while True:
        W = rng.randint(10, 16)
        c = rng.choice([1, 2, 3, 4, 5, 7, 8, 9])
        dens = rng.uniform(0.3, 0.6)
        g = [[c if rng.random() < dens else 0 for _ in range(W)] for _ in range(n)]
        i, j, w = (
            rng.randint(0, n - 2),
            rng.randint(0, W - 4),
            rng.randint(2, 4),
        )  # make sure a zero rectangle exists
        for y in (i, i + 1):
            g[y][j : j + w] = [0] * w
        # as in every example of task090: the largest zero rectangle (both sides >= 2) is unique,
        # and every one-column zero strip (2+ tall) is smaller than it
        z = [
            (h * w, w > 1)
            for y in range(n)
            for x in range(W)
            for h in range(2, n - y + 1)
            for w in range(1, W - x + 1)
            if all(g[a][b] == 0 for a in range(y, y + h) for b in range(x, x + w))
        ]
        A = max(z)[0]
        if [t for t in z if t[0] == A] == [(A, True)]:
            return g


# wherever a hole the size of the box's interior is all 0, draw the box outline around it
def copy_box_to_holes(g):
    H, W = len(g), len(g[0])
    cnt = {}
    for r in g:
        for v in r:
            cnt[v] = cnt.get(v, 0) + 1
    c = min(cnt, key=cnt.get)
    cells = [(i, j) for i in range(H) for j in range(W) if g[i][j] == c]
    r0 = min(i for i, j in cells)
    r1 = max(i for i, j in cells)
    c0 = min(j for i, j in cells)
    c1 = max(j for i, j in cells)
    h, w = r1 - r0 - 1, c1 - c0 - 1
    out = [r[:] for r in g]
    for i in range(H - h + 1):
        for j in range(W - w + 1):
            if all(g[y][x] == 0 for y in range(i, i + h) for x in range(j, j + w)):
                for y in range(i - 1, i + h + 1):
                    for x in range(j - 1, j + w + 1):
                        if (
                            (y in (i - 1, i + h) or x in (j - 1, j + w))
                            and 0 <= y < H
                            and 0 <= x < W
                        ):
                            out[y][x] = c
    return out


# dense noise of 1-2 colours with 0s, one box (rarest colour) around a 0 hole, n-1 more 0 holes
def draw_copy_box_to_holes(rng, n):
    H = W = 21  # as in every example of task208
    cols = rng.sample(range(1, 10), 3)
    c = cols[2]
    h, w = rng.randint(2, 4), rng.randint(2, 4)
    while True:
        g = [
            [rng.choice(cols[:2]) if rng.random() < 0.7 else 0 for _ in range(W)] for _ in range(H)
        ]
        i, j = rng.randint(1, H - h - 1), rng.randint(1, W - w - 1)
        for y in range(i - 1, i + h + 1):
            for x in range(j - 1, j + w + 1):
                g[y][x] = c if (y in (i - 1, i + h) or x in (j - 1, j + w)) else 0
        # a box around a hole fits in the grid, as in every example of task208
        for _ in range(n - 1):
            a, b = rng.randint(1, H - h - 1), rng.randint(1, W - w - 1)
            if all(
                g[y][x] != c
                for y in range(a - 1, a + h + 1)
                for x in range(b - 1, b + w + 1)
                if 0 <= y < H and 0 <= x < W
            ):
                for y in range(a, a + h):
                    g[y][b : b + w] = [0] * w
        s = sum(g, [])
        clipped = any(  # an all-0 hole whose box the edge would cut: no example of task208 has one
            not any(g[y][x] for y in range(a, a + h) for x in range(b, b + w))
            for a in range(H - h + 1)
            for b in range(W - w + 1)
            if not (0 < a < H - h and 0 < b < W - w)
        )
        holes = [
            (a, b)
            for a in range(1, H - h)
            for b in range(1, W - w)
            if not any(g[y][x] for y in range(a, a + h) for x in range(b, b + w))
        ]
        overlap = any(  # two holes whose boxes overlap: no example of task208 has them
            abs(a - y) < h + 2 and abs(b - x) < w + 2
            for a, b in holes
            for y, x in holes
            if (a, b) < (y, x)
        )
        wrapped = any(  # an all-0 hole that wraps round an edge (the grid read as a torus): no
            # example of task208 has one
            not any(g[y % H][x % W] for y in range(a, a + h) for x in range(b, b + w))
            for a in range(H)
            for b in range(W)
            if a + h > H or b + w > W
        )
        if min(set(s), key=s.count) == c and not clipped and not overlap and not wrapped:
            return g


# each framed square swaps frame/core colours and grows arms of width size-2 on all four sides
def square_inside_out(g):
    H, W = len(g), len(g[0])
    out = [r[:] for r in g]
    for i in range(H):
        for j in range(W):
            if g[i][j] and (i == 0 or not g[i - 1][j]) and (j == 0 or not g[i][j - 1]):
                s = 0
                while j + s < W and g[i][j + s]:
                    s += 1
                A, B, k = g[i][j], g[i + 1][j + 1], s - 2
                for y in range(i - k, i + s + k):
                    for x in range(j - k, j + s + k):
                        inrow, incol = i <= y < i + s, j <= x < j + s
                        if not (inrow or incol) or not (0 <= y < H and 0 <= x < W):
                            continue
                        frame = inrow and incol and (y in (i, i + s - 1) or x in (j, j + s - 1))
                        out[y][x] = B if frame else A
    return out


def draw_square_inside_out(rng, n):  # 1-2 framed squares (size 3-4) with room for their arms
    H = W = rng.randint(10, 14)
    while True:
        g = [[0] * W for _ in range(H)]
        ok = True
        used = set()
        # one frame/core colour pair for all squares, as in every example of task086
        A, B = rng.sample(range(1, 10), 2)
        for _ in range(rng.randint(1, 2)):
            s = rng.randint(3, 4)
            k = s - 2
            i, j = rng.randint(k, H - s - k), rng.randint(k, W - s - k)
            box = {
                (y, x)
                for y in range(i - k - 1, i + s + k + 1)
                for x in range(j - k - 1, j + s + k + 1)
            }
            if box & used:
                ok = False
                break
            used |= box
            for y in range(i, i + s):
                for x in range(j, j + s):
                    g[y][x] = A if y in (i, i + s - 1) or x in (j, j + s - 1) else B
        if ok:
            return g


# drop the solid rectangle; restore the left-right symmetric shape by its best mirror axis
def unhide_mirror_shape(g):
    H, W = len(g), len(g[0])
    cols = {v for r in g for v in r} - {0}

    def solid(c):
        cs = [(i, j) for i in range(H) for j in range(W) if g[i][j] == c]
        return len(cs) == (max(i for i, j in cs) - min(i for i, j in cs) + 1) * (
            max(j for i, j in cs) - min(j for i, j in cs) + 1
        )

    q = [c for c in cols if solid(c)][0]
    c = [x for x in cols if x != q][0]
    S = {(i, j) for i in range(H) for j in range(W) if g[i][j] == c}
    best = None
    for t in range(60):
        M = {(i, t - j) for i, j in S}
        ok = all(not (0 <= i < H and 0 <= j < W) or g[i][j] != 0 for i, j in M)
        key = (ok, len(M & S))
        if best is None or key > best[0]:
            best = (key, M)
    out = [[0 if v == q else v for v in r] for r in g]
    for i, j in best[1]:
        if 0 <= i < H and 0 <= j < W:
            out[i][j] = c
    return out


# random left-right symmetric blob, partly covered by a solid rectangle of another colour
def draw_unhide_mirror_shape(rng, n):
    while True:
        H = W = 16  # as in every example of task071 (all 16x16)
        c, q = rng.sample(range(1, 10), 2)
        h, w = rng.randint(4, 6), rng.randint(2, 4)
        half = set()
        while len(half) < 2 * h:
            half.add((rng.randrange(h), rng.randrange(w)))
        i0, j0 = rng.randint(0, H - h), rng.randint(0, W - 2 * w)
        g = [[0] * W for _ in range(H)]
        for a, b in half:
            g[i0 + a][j0 + b] = g[i0 + a][j0 + 2 * w - 1 - b] = c
        rh, rw = rng.randint(2, h), rng.randint(2, w)
        ri, rj = i0 + rng.randint(0, h - rh), j0 + rng.choice([0, 2 * w - rw])
        for a in range(ri, ri + rh):
            g[a][rj : rj + rw] = [q] * rw
        # as in every example of task071: the shape stays off the first and last columns, some
        # row shows the shape colour but not the rectangle's, and the shape colour's per-row
        # counts take more distinct values than the rectangle colour's
        if (
            all(c not in (r[0], r[-1]) for r in g)
            and any(c in r and q not in r for r in g)
            and len({r.count(c) for r in g}) > len({r.count(q) for r in g})
            # as in every example of task071: the first row with a nonzero cell shows only c
            and {*[r for r in g if any(r)][0]} == {0, c}
        ):
            return g


# each dot paints right to the edge, then down the last column until the next dot's row
def rays_then_drip(g):
    H, W = len(g), len(g[0])
    out = [r[:] for r in g]
    dots = sorted((i, j, g[i][j]) for i in range(H) for j in range(W) if g[i][j])
    for k, (i, j, c) in enumerate(dots):
        for x in range(j, W):
            out[i][x] = c
        end = dots[k + 1][0] if k + 1 < len(dots) else H
        for y in range(i + 1, end):
            if out[y][W - 1] == 0:
                out[y][W - 1] = c
    return out


def draw_rays_then_drip(rng, n):  # n dots in distinct rows, not in the last column
    H, W = rng.randint(5, 14), rng.randint(3, 14)
    g = [[0] * W for _ in range(H)]
    for i in rng.sample(range(H), min(n, H)):
        g[i][rng.randint(0, W - 2)] = rng.randint(1, 9)
    return g


def bar_lower_half(g):  # every bar standing on the bottom edge: its lower floor(len/2) cells turn 8
    H, W = len(g), len(g[0])
    out = [r[:] for r in g]
    for j in range(W):
        L = 0
        while L < H and g[H - 1 - L][j]:
            L += 1
        for k in range(L // 2):
            out[H - 1 - k][j] = 8
    return out


# bars of random heights in every other column, standing on the bottom row
def draw_bar_lower_half(rng, n):
    H, W = rng.randint(6, 14), 2 * rng.randint(3, 7) + 1
    c = 2  # bars of 2 on 0, as in every example of task320
    g = [[0] * W for _ in range(H)]
    for j in range(1, W, 2):
        for i in range(H - rng.randint(1, H - 1), H):
            g[i][j] = c
    return g


# reflect the shape across its edge that touches the marker; background -> 3
def mirror_onto_marker(g):
    H, W = len(g), len(g[0])
    cnt = {}
    for r in g:
        for v in r:
            cnt[v] = cnt.get(v, 0) + 1
    order = sorted(cnt, key=cnt.get)
    m, A = order[0], order[1]
    S = [(i, j) for i in range(H) for j in range(W) if g[i][j] == A]
    M = [(i, j) for i in range(H) for j in range(W) if g[i][j] == m]
    rows_shared = {i for i, j in S} & {i for i, j in M}
    out = [[A if v == A else 3 for v in r] for r in g]
    for i, j in S:
        if rows_shared:
            lo, hi = min(b for a, b in S), max(b for a, b in S)
            y, x = i, (2 * hi + 1 - j if min(b for a, b in M) > lo else 2 * lo - 1 - j)
        else:
            lo, hi = min(a for a, b in S), max(a for a, b in S)
            y, x = (2 * hi + 1 - i if min(a for a, b in M) > lo else 2 * lo - 1 - i), j
        if 0 <= y < H and 0 <= x < W:
            out[y][x] = A
    return out


# 4-connected blob; the marker (colour 2) is its mirror image's first column/row
def draw_mirror_onto_marker(rng, n):
    H = W = 10
    A = rng.choice([1, 4, 5, 6, 7, 8, 9])
    g = [[0] * W for _ in range(H)]
    h, w = rng.randint(2, 3), rng.randint(2, 3)
    cells = set()
    while len(cells) <= 2 * sum(b == w - 1 for a, b in cells):  # shape must outnumber its marker
        cells = {(rng.randrange(h), w - 1)}
        while len(cells) < rng.randint(3, h * w):
            a, b = rng.choice(sorted(cells))
            da, db = rng.choice(((0, 1), (1, 0), (0, -1), (-1, 0)))
            if 0 <= a + da < h and 0 <= b + db < w:
                cells.add((a + da, b + db))
    i0, j0 = rng.randint(1, H - h - 1), rng.randint(1, W - 2 * w - 1)
    for a, b in cells:
        g[i0 + a][j0 + b] = A
        if b == w - 1:
            g[i0 + a][j0 + w] = 2  # marker = mirror's column touching the shape
    for _ in range(rng.randint(0, 3)):
        g = [list(r) for r in zip(*g[::-1], strict=False)]
    return g


# diagonal rays (inner colour) leave the shell's bounding box from its four outer corners
def corner_diagonals(g):
    H, W = len(g), len(g[0])

    def bbox(c):
        return box([(i, j) for i in range(H) for j in range(W) if g[i][j] == c])

    def area(c):
        r0, r1, c0, c1 = bbox(c)
        return (r1 - r0 + 1) * (c1 - c0 + 1)

    inner, shell = sorted({v for r in g for v in r}, key=area)[:2]
    r0, r1, c0, c1 = bbox(shell)
    out = [r[:] for r in g]
    for y, x, dy, dx in (
        (r0 - 1, c0 - 1, -1, -1),
        (r0 - 1, c1 + 1, -1, 1),
        (r1 + 1, c0 - 1, 1, -1),
        (r1 + 1, c1 + 1, 1, 1),
    ):
        while 0 <= y < H and 0 <= x < W:
            out[y][x] = inner
            y += dy
            x += dx
    return out


# a U-shaped shell (open on a random side) holding a small block of another colour
def draw_corner_diagonals(rng, n):
    H, W = rng.randint(8, 14), rng.randint(8, 14)
    bg, (S, c) = 0, rng.sample(range(1, 10), 2)  # background 0, as in every example of task378
    g = [[bg] * W for _ in range(H)]
    h, w = rng.randint(4, min(6, H - 2)), rng.randint(4, min(6, W - 2))
    i0, j0 = rng.randint(0, H - h), rng.randint(0, W - w)
    for i in range(i0, i0 + h):
        for j in range(j0, j0 + w):
            if i in (i0, i0 + h - 1) or j in (j0, j0 + w - 1):
                g[i][j] = S
    for j in range(j0 + 1, j0 + w - 1):
        g[i0][j] = bg  # open top
    g[i0 + h - 2][j0 + 1] = g[i0 + h - 2][j0 + 2] = c
    for _ in range(rng.randint(0, 3)):
        g = [list(r) for r in zip(*g[::-1], strict=False)]
    return g


# the object elsewhere with the same shape as the one in the 5-framed corner box turns 5
def find_boxed_twin(g):
    def norm(S):
        a = min(i for i, j in S)
        b = min(j for i, j in S)
        return {(i - a, j - b) for i, j in S}

    K = norm({(i, j) for i in range(3) for j in range(3) if g[i][j]})
    out = [r[:] for r in g]
    for comp in colour_parts(g):  # the objects reaching out of the corner box; 5s frame it
        i, j = comp[0]
        if g[i][j] != 5 and any(a >= 4 or b >= 4 for a, b in comp) and norm(comp) == K:
            for a, b in comp:
                out[a][b] = 5
    return out


# 10x10, 5-frame at row/col 3, a 3x3-box shape; its twin and n decoys (other shapes/colours)
def draw_find_boxed_twin(rng, n):
    def shape():
        while True:
            S = {(a, b) for a in range(3) for b in range(3) if rng.random() < 0.5}
            if len(S) >= 3 and {a for a, b in S} == {0, 1, 2} and len({b for a, b in S}) >= 2:
                mask = [[(a, b) in S for b in range(3)] for a in range(3)]
                if len(parts(mask, bool)) == 1:  # one piece, touching at the sides
                    return S

    g = [[0] * 10 for _ in range(10)]
    for k in range(4):
        g[3][k] = g[k][3] = 5
    K = shape()
    # the boxed shape touches column 0, as in every example of task143
    K = {(a, b - min(y for x, y in K)) for a, b in K}
    cols = rng.sample([1, 2, 3, 4, 6, 7, 8, 9], n + 1)
    for a, b in K:
        g[a][b] = cols[0]
    shapes = [K] + [shape() for _ in range(n - 1)]
    for t, S in enumerate(shapes):
        if t and {(a - min(x for x, y in S), b - min(y for x, y in S)) for a, b in S} == {
            (a - min(x for x, y in K), b - min(y for x, y in K)) for a, b in K
        }:
            continue
        for _ in range(50):
            i, j = rng.randint(0, 7), rng.randint(4, 7) if rng.random() < 0.5 else rng.randint(0, 7)
            if i < 5 and j < 5:
                continue
            if all(
                g[i + a + x][j + b + y] == 0
                for a, b in S
                for x in (-1, 0, 1)
                for y in (-1, 0, 1)
                if 0 <= i + a + x < 10 and 0 <= j + b + y < 10
            ):
                for a, b in S:
                    g[i + a][j + b] = cols[t + 1]
                break
    return g


# every piece hangs on a 5; overlay all pieces with their 5s at the centre of a 3x3
def stack_on_fives(g):
    H, W = len(g), len(g[0])
    fives = [(i, j) for i in range(H) for j in range(W) if g[i][j] == 5]
    out = [[0] * 3 for _ in range(3)]
    for i in range(H):
        for j in range(W):
            if g[i][j]:
                a, b = min(fives, key=lambda f: (f[0] - i) ** 2 + (f[1] - j) ** 2)
                out[i - a + 1][j - b + 1] = g[i][j]
    return out


# split a random 3x3 pattern around a central 5 into n pieces, scatter them (3+ apart)
def draw_stack_on_fives(rng, n):
    while True:
        T = {
            (a, b): rng.randint(1, 9)
            for a in range(3)
            for b in range(3)
            if (a, b) != (1, 1) and rng.random() < 0.75
        }
        T = {k: v if v != 5 else 6 for k, v in T.items()}
        if len(T) >= n:
            break
    keys = sorted(T)
    rng.shuffle(keys)
    parts = [keys[k::n] for k in range(n)]
    H = W = 11  # 11x11, as in every example of task022
    g = [[0] * W for _ in range(H)]
    used = set()
    for part in parts:
        for _ in range(100):
            ci, cj = rng.randint(1, H - 2), rng.randint(1, W - 2)
            box = {(ci + x, cj + y) for x in range(-2, 3) for y in range(-2, 3)}
            if not box & used:
                used |= box
                g[ci][cj] = 5
                for a, b in part:
                    g[ci + a - 1][cj + b - 1] = T[a, b]
                break
    return g


# copy the main shape step after step (size+1 apart) toward each colour hint next to it
def repeat_toward_hints(g):
    H, W = len(g), len(g[0])
    S = max(colour_parts(g, corners=True), key=len)
    h = max(a for a, b in S) - min(a for a, b in S) + 1
    w = max(b for a, b in S) - min(b for a, b in S) + 1
    out = [r[:] for r in g]
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if not (dy or dx):
                continue
            sy, sx = dy * (h + 1), dx * (w + 1)
            found = [
                g[a + sy][b + sx]
                for a, b in S
                if 0 <= a + sy < H and 0 <= b + sx < W and g[a + sy][b + sx]
            ]
            if not found:
                continue
            for k in range(1, 30):
                for a, b in S:
                    y, x = a + k * sy, b + k * sx
                    if 0 <= y < H and 0 <= x < W:
                        out[y][x] = found[0]
    return out


# a connected 3x3-ish shape in the middle, partial copies (hints) in some directions
def draw_repeat_toward_hints(rng, n):
    H, W = rng.randint(13, 18), rng.randint(13, 18)
    h = w = 3  # every example of task005
    while True:
        S = {(a, b) for a in range(h) for b in range(w) if rng.random() < 0.7} | {
            (0, 0),
            (h - 1, w - 1),
        }
        if len(S) > 3 and {a for a, b in S} == set(range(h)) and {b for a, b in S} == set(range(w)):
            mask = [[(a, b) in S for b in range(w)] for a in range(h)]
            if len(parts(mask, bool, corners=True)) == 1:  # one piece, corners count
                break
    cols = rng.sample(range(1, 10), 9)
    g = [[0] * W for _ in range(H)]
    i0, j0 = rng.randint(h + 1, H - 2 * h - 1), rng.randint(w + 1, W - 2 * w - 1)
    for a, b in S:
        g[i0 + a][j0 + b] = cols[0]
    dirs = [(x, y) for x in (-1, 0, 1) for y in (-1, 0, 1) if x or y]
    for k, (dy, dx) in enumerate(rng.sample(dirs, min(n, 8))):
        part = rng.sample(
            sorted(S), rng.randint(1, (len(S) - 1) // 2)
        )  # hints strictly smaller than the shape
        for a, b in part:
            g[i0 + a + dy * (h + 1)][j0 + b + dx * (w + 1)] = cols[k + 1]
    return g


def tile_squares_bars(g):  # tile the 5-cells with 2x2 squares (8) and straight triominoes (2)
    H, W = len(g), len(g[0])
    out = [r[:] for r in g]
    todo = {(i, j) for i in range(H) for j in range(W) if g[i][j] == 5}
    stack = []  # explicit DFS over (placed pieces, next option index)

    def options(cell):
        i, j = cell
        return [
            ([(i, j), (i, j + 1), (i + 1, j), (i + 1, j + 1)], 8),
            ([(i, j), (i, j + 1), (i, j + 2)], 2),
            ([(i, j), (i + 1, j), (i + 2, j)], 2),
        ]

    k = 0
    while todo:
        cell = min(todo)
        opts = options(cell)
        while k < 3 and not set(opts[k][0]) <= todo:
            k += 1
        if k < 3:
            stack.append((opts[k], k))
            todo -= set(opts[k][0])
            k = 0
        else:  # backtrack
            if not stack:
                return None
            (cells, col), k = stack.pop()
            todo |= set(cells)
            k += 1
    for cells, col in [s[0] for s in stack]:
        for i, j in cells:
            out[i][j] = col
    return out


def draw_tile_squares_bars(rng, n):  # a connected blob of n+2 random squares/bars, all coloured 5
    H, W = rng.randint(8, 12), rng.randint(8, 12)
    g = [[0] * W for _ in range(H)]
    cells = set()
    for _ in range(200):
        if len(cells) >= 4 * (n + 2):
            break
        # column 0 stays blank, as in every example of task023
        i, j = rng.randint(0, H - 3), rng.randint(1, W - 3)
        P = rng.choice(
            [
                [(i, j), (i, j + 1), (i + 1, j), (i + 1, j + 1)],
                [(i, j), (i, j + 1), (i, j + 2)],
                [(i, j), (i + 1, j), (i + 2, j)],
            ]
        )
        near = not cells or any(
            (a + da, b + db) in cells for a, b in P for da, db in ((0, 1), (1, 0), (0, -1), (-1, 0))
        )
        if near and not cells & set(P):
            cells |= set(P)
    for i, j in cells:
        g[i][j] = 5
    return g


# best 90-degree self-overlap centre; add the rotated copy's new cells as 2
def complete_rotational(g):
    H, W = len(g), len(g[0])
    S = {(i, j) for i in range(H) for j in range(W) if g[i][j]}
    best, bc = -1, None
    for b2 in range(2 * W):  # centre (a2/2, b2/2), half-integers allowed; ties: first in
        for a2 in range(2 * H):  # column-major order

            def rot(i, j, a2=a2, b2=b2):
                return ((a2 - (b2 - 2 * j)) / 2, (b2 + (a2 - 2 * i)) / 2)

            R = {rot(i, j) for i, j in S}
            sc = len(R & S)
            if sc > best:
                best, bc = sc, R
    out = [r[:] for r in g]
    for x, y in bc:
        if x == int(x) and y == int(y) and 0 <= x < H and 0 <= y < W and not g[int(x)][int(y)]:
            out[int(x)][int(y)] = 2
    return out


# a 4-fold symmetric blob of 1s on 0 with one of its four turned parts missing; as in every example
# of task027 the grid is 10x10 and the turns are about its centre, (4.5, 4.5) or (5, 5)
def draw_complete_rotational(rng, n):
    c = rng.choice((9, 10))  # twice the centre
    q = [(i, j) for i in range(c - 9, (c + 1) // 2) for j in range(c - 9, c // 2 + 1)]
    q = {z for z in q if rng.random() < 0.5}
    parts4 = [q]
    for _ in range(3):
        parts4.append({(j, c - i) for i, j in parts4[-1]})
    del parts4[rng.randrange(4)]
    g = [[0] * 10 for _ in range(10)]
    for i, j in set().union(*parts4):
        g[i][j] = 1
    return g


# DSL rule: 2x-upscaled mirror of each object, centred, minus its rows/cols
def cross_diagonal_blocks(g):
    H, W = len(g), len(g[0])
    out = [r[:] for r in g]
    for comp in parts(g, bool, corners=True):
        r0 = min(i for i, j in comp)
        r1 = max(i for i, j in comp)
        c0 = min(j for i, j in comp)
        c1 = max(j for i, j in comp)
        h, w = r1 - r0 + 1, c1 - c0 + 1
        rows = {i for i, j in comp}
        cols = {j for i, j in comp}
        for i, j in comp:
            jm = c0 + c1 - j  # mirror left-right inside the box
            for a in range(2):
                for b in range(2):
                    x = r0 + 2 * (i - r0) + a - h // 2
                    y = c0 + 2 * (jm - c0) + b - w // 2
                    if x not in rows and y not in cols and 0 <= x < H and 0 <= y < W:
                        out[x][y] = 8
    return out


# diagonal block pairs, spaced apart: one of kxk blocks (k 1-3) or two of 1x1, in 3 on 10x10, as
# in every example of task042
def draw_cross_diagonal_blocks(rng, n):
    H = W = 10
    g = [[0] * W for _ in range(H)]
    used = set()
    for k in rng.choice([[1], [2], [3], [1, 1]]):
        c = 3
        for _ in range(50):
            r, q = rng.randint(0, H - 2 * k), rng.randint(0, W - 2 * k)
            box = {(r + a, q + b) for a in range(-3 * k, 5 * k) for b in range(-3 * k, 5 * k)}
            if not box & used:
                used |= {(r + a, q + b) for a in range(-k, 3 * k) for b in range(-k, 3 * k)}
                main = rng.random() < 0.5
                for a in range(k):
                    for b in range(k):
                        if main:
                            g[r + a][q + b] = g[r + k + a][q + k + b] = c
                        else:
                            g[r + a][q + k + b] = g[r + k + a][q + b] = c
                break
    return g


def chain_by_connectors(g):  # link the objects through their 5-connectors, left to right
    H = len(g)
    objs = [{(a, b): g[a][b] for a, b in p} for p in parts(g, bool)]  # multicolour objects
    objs.sort(key=lambda o: min(b for a, b in o))
    placed = {}
    R = None
    for o in objs:
        col = max(set(o.values()) - {5}, key=list(o.values()).count)
        fives = sorted((b, a) for (a, b), v in o.items() if v == 5)  # by column, then row
        if R is None:
            s = (0, 0)
            rest = fives
        else:
            b, a = fives[0]
            s = (R[0] - a, R[1] + 1 - b)
            rest = fives[1:]
        for a, b in o:
            placed[(a + s[0], b + s[1])] = col
        R = (rest[0][1] + s[0], rest[0][0] + s[1]) if rest else None
    w = max(b for a, b in placed) + 1
    return [[placed.get((i, j), 0) for j in range(w)] for i in range(H)]


def draw_chain_by_connectors(rng, n):  # n bars with connectors, spread apart at random heights
    while True:
        H = rng.randint(3, 5)
        objs = []
        for k in range(n):
            L = rng.randint(2, 3)
            r = rng.randint(1, H - 2)
            c = rng.choice([1, 2, 3, 4, 6, 8])
            o = {(r, j): c for j in range(L)}
            if k:
                o[rng.choice([(r - 1, 0), (r + 1, 0), (r, -1)])] = 5
            if k < n - 1:
                o[rng.choice([(r - 1, L - 1), (r + 1, L - 1), (r, L)])] = 5
            m = min(b for a, b in o)
            objs.append({(a, b - m): v for (a, b), v in o.items()})
        ok, g, x = True, [[] for _ in range(H)], 0
        cells = {}
        for o in objs:
            dy = rng.randint(-1, 1)
            if not all(0 <= a + dy < H for a, b in o):
                ok = False
                break
            for (a, b), v in o.items():
                cells[(a + dy, b + x)] = v
            x += max(b for a, b in o) + 1 + rng.randint(1, 2)
        if not ok:
            continue
        g = [[cells.get((i, j), 0) for j in range(x)] for i in range(H)]
        out = chain_by_connectors(g)
        if sum(v > 0 for r in out for v in r) == len(cells):
            return g  # chain stays inside the grid


def _d8_d(cells):  # the 8 rotations/reflections of a list of (i, j, c)
    res = []
    for m in range(8):
        q = cells
        for _ in range(m % 4):
            q = [(j, -i, c) for i, j, c in q]
        if m > 3:
            q = [(i, -j, c) for i, j, c in q]
        res.append(q)
    return res


# largest object = template; restore partial copies (only 4 and 2 shown)
def complete_from_template(g):
    H, W = len(g), len(g[0])
    cs = parts(g, bool, corners=True)
    T = max(cs, key=len)
    X = {g[i][j] for C in cs if C is not T for i, j in C}
    out = [r[:] for r in g]
    for q in _d8_d([(i, j, g[i][j]) for i, j in T]):
        part = [(i, j, c) for i, j, c in q if c in X]
        for x in range(-2 * H, 2 * H):
            for y in range(-2 * W, 2 * W):
                if all(
                    0 <= i + x < H and 0 <= j + y < W and g[i + x][j + y] == c for i, j, c in part
                ):
                    for i, j, c in q:
                        if 0 <= i + x < H and 0 <= j + y < W:
                            out[i + x][j + y] = c
    return out


def draw_complete_from_template(rng, n):  # template + n-2 partial copies on a 14x14 grid
    while True:
        core, rim = blob(rng, 4)
        deco = rng.sample(rim, min(len(rim), rng.randint(2, 4)))
        cells = [(i, j, 4) for i, j in core] + [
            (i, j, c)
            for (i, j), c in zip(deco, [2] + [rng.choice((1, 3)) for _ in deco], strict=False)
        ]
        part = [t for t in cells if t[2] in (2, 4)]

        def norm(q):
            return tuple(
                sorted(
                    (i - min(a for a, b, c in q), j - min(b for a, b, c in q), c) for i, j, c in q
                )
            )

        if len({norm(q) for q in _d8_d(part)}) == 8:
            break  # no symmetry: one way to fit
    g = [[0] * 14 for _ in range(14)]
    for k in range(n - 1):
        q = cells if k == 0 else [t for t in rng.choice(_d8_d(cells)) if t[2] in (2, 4)]
        for _ in range(100):
            x, y = rng.randint(-4, 14), rng.randint(-4, 14)
            P = [(i + x, j + y, c) for i, j, c in q]
            if all(
                0 <= i < 14
                and 0 <= j < 14
                and all(
                    g[a][b] == 0
                    for a in range(i - 1, i + 2)
                    for b in range(j - 1, j + 2)
                    if 0 <= a < 14 and 0 <= b < 14
                )
                for i, j, c in P
            ):
                for i, j, c in P:
                    g[i][j] = c
                break
    return g


def capped_lines_crop(g):  # bounding box of the 5s, grown by one cell along the line direction
    H, W = len(g), len(g[0])
    five = [(i, j) for i in range(H) for j in range(W) if g[i][j] == 5]
    r0 = min(i for i, j in five)
    r1 = max(i for i, j in five)
    c0 = min(j for i, j in five)
    c1 = max(j for i, j in five)
    i, j = five[0]
    vertical = 0 < i and g[i - 1][j] == 8 and (i + 1 < H and g[i + 1][j] in (5, 8))
    if vertical:
        r0, r1 = r0 - 1, r1 + 1
    else:
        c0, c1 = c0 - 1, c1 + 1
    return [row[c0 : c1 + 1] for row in g[r0 : r1 + 1]]


def draw_capped_lines_crop(rng, n):  # a vertical capped line pair (as in every example) + 8 noise
    H, W = rng.randint(9, 14), rng.randint(9, 14)
    L = rng.randint(1, n)
    a = rng.randint(1, H - L - 1)
    c = rng.randint(0, W - 3)
    d = rng.randint(c + 2, W - 1)
    g = [[0] * W for _ in range(H)]
    keep = {(x, y) for x in range(a - 2, a + L + 2) for y in (c - 1, c, c + 1, d - 1, d, d + 1)}
    for y in (c, d):
        g[a - 1][y] = g[a + L][y] = 8
        for x in range(a, a + L):
            g[x][y] = 5
    for _ in range(rng.randint(3, 10)):
        x, y = rng.randrange(H), rng.randrange(W)
        if (x, y) not in keep:
            g[x][y] = 8
    return g


def slide_to_wall_marker(g):  # move the shape until it touches the wall, 8-line on its far side
    vertical = all(2 in r for r in g)
    G = [r[:] for r in g] if vertical else [list(r) for r in zip(*g, strict=False)]
    H, W = len(G), len(G[0])
    w = G[0].index(2)
    cells = [(i, j, G[i][j]) for i in range(H) for j in range(W) if G[i][j] not in (0, 2)]
    a = min(j for _, j, _ in cells)
    b = max(j for _, j, _ in cells)
    out = [[2 if j == w else 0 for j in range(W)] for i in range(H)]
    if b < w:
        s = w - 1 - b
        e = a + s - 1
    else:
        s = w + 1 - a
        e = b + s + 1
    for i, j, v in cells:
        out[i][j + s] = v
    if 0 <= e < W:
        for i in range(H):
            out[i][e] = 8
    return out if vertical else [list(r) for r in zip(*out, strict=False)]


def draw_slide_to_wall_marker(rng, n):  # full-height 2 wall and a random blob off to one side
    H, W = rng.randint(4, 8), rng.randint(12, 18)
    G = [[0] * W for _ in range(H)]
    sw = rng.randint(2, n)
    c = rng.choice([1, 3, 4, 5, 6])
    if rng.random() < 0.5:
        w = rng.randint(sw + 3, W - 3)
        x = rng.randint(0, w - sw - 2)
    else:
        w = rng.randint(2, W - sw - 3)
        x = rng.randint(w + 2, W - sw)
    for i in range(H):
        G[i][w] = 2
    for i in range(H):
        for j in range(x, x + sw):
            if rng.random() < 0.6:
                G[i][j] = c
    for j in range(x, x + sw):  # no blank line across the blob: the task's shapes are whole
        G[rng.randrange(H)][j] = c
    return G if rng.random() < 0.5 else [list(r) for r in zip(*G, strict=False)]


def bar_rays_mirror(g):  # rays from bar A to its dots; matching full rays from bar B
    flip = 2 in g[0] or 2 in g[-1]  # horizontal bars: work transposed
    G = [list(r) for r in zip(*g, strict=False)] if flip else [r[:] for r in g]
    H, W = len(G), len(G[0])
    dots = [(i, j) for i in range(H) for j in range(W) if G[i][j] == 8]
    a = G[dots[0][0]].index(2)  # column of bar A
    b = W - 1 if a == 0 else 0  # bar B on the other edge
    ta = min(i for i in range(H) if G[i][a] == 2)
    tb = min(i for i in range(H) if G[i][b] == 2)
    out = [r[:] for r in G]
    for i, j in dots:
        for x in range(min(a, j) + 1, max(a, j)):
            out[i][x] = 8
        out[i][j] = 4
        r = i - ta + tb
        for x in range(W):
            if out[r][x] != 2:
                out[r][x] = 8
    return [list(r) for r in zip(*out, strict=False)] if flip else out


# left/right edge bars, A with 1..n-1 dots; never transposed, as in every example of task148
def draw_bar_rays_mirror(rng, n):
    H, W, L = rng.randint(13, 18), rng.randint(7, 12), rng.randint(3, 5)
    g = [[0] * W for _ in range(H)]
    # bar A (the one with the 8s) above bar B, as in every example of task148
    ta, tb = 1, rng.randint(L + 2, H - L - 1)
    a = rng.choice([0, W - 1])
    b = W - 1 - a
    for i in range(L):
        g[ta + i][a] = 2
        g[tb + i][b] = 2
    for i in rng.sample(range(L), rng.randint(1, min(L, n - 1))):
        g[ta + i][rng.randint(1, W - 2)] = 8
    return g


def piece_into_ceiling(g):  # move each 5-piece up into the ceiling hole it exactly plugs, recolor 1
    H, W = len(g), len(g[0])
    L = max(i for i in range(H) if 2 in g[i])  # last ceiling row
    pieces = parts(g, lambda v: v == 5, corners=True)
    out = [[0 if v == 5 else v for v in r] for r in g]

    def zero(x, y):
        return 0 <= x < H and 0 <= y < W and g[x][y] == 0

    for comp in pieces:
        done = False
        for a in range(-H, H):  # topmost first, then rightmost
            for b in range(W, -W, -1):
                Q = {(x + a, y + b) for x, y in comp}
                if not all(zero(x, y) for x, y in Q):
                    continue
                ok = True
                for x, y in Q:
                    for n in ((x - 1, y), (x, y - 1), (x, y + 1)):
                        if n[0] <= L and zero(*n) and n not in Q:
                            ok = False
                if ok:
                    for x, y in Q:
                        out[x][y] = 1
                    done = True
                    break
            if done:
                break
    return out


# 2-ceiling (rows 0-2) with holes = tops of n-ish pieces; pieces lie lower down
def draw_piece_into_ceiling(rng, n):
    W, H = 15, 10
    ws = []
    while len(ws) < n and sum(ws) + len(ws) < 9:
        ws.append(rng.randint(1, 3))
    shapes = [
        [(rng.randint(1, 3), rng.randint(3, 4)) for _ in range(w)] for w in ws
    ]  # per column: top..bottom rows
    g = [[2] * W if i < 3 else [0] * W for i in range(H)]

    def slots():
        free = W - sum(ws) - len(ws) + 1
        x = 0
        res = []
        for w in ws:
            d = rng.randint(0, free)
            free -= d
            x += d
            res.append(x)
            x += w + 1
        return res

    for s, sh in zip(slots(), shapes, strict=False):  # carve holes (ceiling part of each piece)
        for c, (t, _) in enumerate(sh):
            for r in range(t, 3):
                g[r][s + c] = 0
    order = list(range(len(ws)))
    rng.shuffle(order)
    x = 0
    for k in order:  # lay the pieces at the bottom, column separated
        x += rng.randint(0, 1)
        if x + ws[k] > W:
            break
        for c, (t, b) in enumerate(shapes[k]):
            for r in range(t, b + 1):
                g[r + 5][x + c] = 5
        x += ws[k] + 1
    return g


def panel_by_marker(g):  # move the 4-panel to the slot named by the 4's place inside it
    out = [[v if i % 4 == 3 or j % 4 == 3 else 0 for j, v in enumerate(r)] for i, r in enumerate(g)]
    x, y = next((i, j) for i in range(11) for j in range(11) if g[i][j] == 4)
    pr, pc = x // 4, y // 4  # panel containing the 4
    tr, tc = x % 4, y % 4  # target panel
    for a in range(3):
        for b in range(3):
            out[tr * 4 + a][tc * 4 + b] = g[pr * 4 + a][pc * 4 + b]
    return out


def draw_panel_by_marker(rng, n):  # 11x11, 5-lines, random sparse panels, exactly one 4
    g = [
        [
            5
            if i % 4 == 3 or j % 4 == 3
            else (rng.choice([1, 2, 3, 6, 7, 8, 9]) if rng.random() < 0.3 else 0)
            for j in range(11)
        ]
        for i in range(11)
    ]
    cells = [(i, j) for i in range(11) for j in range(11) if i % 4 < 3 and j % 4 < 3]
    x, y = rng.choice(cells)
    g[x][y] = 4
    return g


_UMB_D = [(0, 3), (1, 2), (1, 3), (1, 4), (2, 1), (2, 2), (2, 4), (2, 5), (3, 0), (3, 6)]


def umbrella_rain(g):  # rotate until the umbrella opens downward, rain below it, rotate back
    G = [r[:] for r in g]
    for k in range(4):
        H, W = len(G), len(G[0])
        for i in range(H - 3):
            for j in range(W - 6):
                u = G[i][j + 3]
                if u and all(G[i + a][j + b] == u for a, b in _UMB_D):
                    d = [v for r in G for v in r if v not in (0, u)][0]
                    out = [r[:] for r in G]
                    for b in range(7):
                        low = max(a for a, bb in _UMB_D if bb == b) + i
                        if any(G[x][j + b] == d for x in range(low + 1, H)):
                            for x in range(low + 1, H):
                                out[x][j + b] = d
                    for _ in range(4 - k):
                        out = [list(r) for r in zip(*out[::-1], strict=False)]
                    return out
        G = [list(r) for r in zip(*G[::-1], strict=False)]  # rotate clockwise


# umbrella + scattered single dots; it opens downward on 20x20, as in every example of task165
def draw_umbrella_rain(rng, n):
    H, W = 20, 20
    u, d = rng.sample(range(1, 10), 2)
    g = [[0] * W for _ in range(H)]
    i, j = rng.randint(0, H - 8), rng.randint(0, W - 7)
    for a, b in _UMB_D:
        g[i + a][j + b] = u
    for _ in range(rng.randint(4, 6 * n)):
        x, y = rng.randrange(H), rng.randrange(W)
        if not (i - 1 <= x <= i + 4 and j - 1 <= y <= j + 7) and all(
            g[a][b] == 0
            for a in range(max(0, x - 1), x + 2)
            for b in range(max(0, y - 1), y + 2)
            if a < H and b < W
        ):
            g[x][y] = d
    return g


# put the loose shape into the 4-cornered frame, matching side colours
def shape_mirrored_into_frame(g):
    H, W = len(g), len(g[0])
    cs = [(i, j) for i in range(H) for j in range(W) if g[i][j] == 4]
    r1, c1 = cs[0]
    r2, c2 = cs[-1]
    flip = g[r1][c1 + 1] != 0  # sides are top/bottom: work transposed
    if flip:
        t = shape_mirrored_into_frame([list(r) for r in zip(*g, strict=False)])
        return [list(r) for r in zip(*t, strict=False)]
    cells = [
        (i, j)
        for i in range(H)
        for j in range(W)
        if g[i][j] and not (r1 <= i <= r2 and c1 <= j <= c2)
    ]
    i0 = min(i for i, j in cells)
    j0 = min(j for i, j in cells)
    h, w = r2 - r1 - 1, c2 - c1 - 1
    S = [[g[i0 + a][j0 + b] for b in range(w)] for a in range(h)]
    left = g[r1 + 1][c1]
    if left not in [r[0] for r in S]:
        S = [r[::-1] for r in S]
    out = [g[i][c1 : c2 + 1] for i in range(r1, r2 + 1)]
    for a in range(h):
        for b in range(w):
            out[a + 1][b + 1] = S[a][b]
    return out


# frame with coloured sides on the left and right + the two-part shape elsewhere, no column of it
# empty: as in every example of task201
def draw_shape_mirrored_into_frame(rng, n):
    while True:
        h, w = rng.randint(2, 5), rng.randint(3, 6)
        L, R = rng.sample([1, 2, 3, 5, 6, 7, 8], 2)
        k = rng.randint(1, w - 1)  # columns < k belong to L, the rest to R
        S = [[(L if b < k else R) if rng.random() < 0.6 else 0 for b in range(w)] for a in range(h)]
        for a in range(h):
            S[a][k - 1] = L
            S[a][k] = R  # keep both parts connected/complete
        if all(any(S[a][b] for a in range(h)) for b in range(w)):
            break
    if rng.random() < 0.5:
        S = [r[::-1] for r in S]
    N = 13  # 13x13, as in every example of task201: the shape right of the frame or above or
    # below it (any column)
    while True:
        fr, fc = rng.randint(0, N - h - 2), rng.randint(0, 1)
        if fc + 2 * w + 3 <= N and rng.random() < 0.5:
            sr, sc = rng.randint(0, N - h), rng.randint(fc + w + 3, N - w)
            break
        rows = [r for r in range(N - h + 1) if r + h < fr or r > fr + h + 2]
        if rows:
            sr, sc = rng.choice(rows), rng.randint(0, N - w)
            break
    g = [[0] * N for _ in range(N)]
    g[fr][fc] = g[fr][fc + w + 1] = g[fr + h + 1][fc] = g[fr + h + 1][fc + w + 1] = 4
    for a in range(h):
        g[fr + 1 + a][fc] = L
        g[fr + 1 + a][fc + w + 1] = R
    for a in range(h):
        for b in range(w):
            g[sr + a][sc + b] = S[a][b]
    return g


def triangle_to_parallel(g):  # each 5-triangle is replaced by a parallel diagonal just past it
    H, W = len(g), len(g[0])
    line = [(i, j) for i in range(H) for j in range(W) if g[i][j] not in (0, 5)]
    col = g[line[0][0]][line[0][1]]
    (i0, j0), (i1, j1) = line[0], line[1]
    key = (lambda i, j: j - i) if j1 - j0 == i1 - i0 else (lambda i, j: j + i)
    d0 = key(i0, j0)
    above = [key(i, j) for i in range(H) for j in range(W) if g[i][j] == 5 and key(i, j) > d0]
    below = [key(i, j) for i in range(H) for j in range(W) if g[i][j] == 5 and key(i, j) < d0]
    lines = {d0}
    if above:
        lines.add(max(above) + 2)
    if below:
        lines.add(min(below) - 2)
    return [[col if key(i, j) in lines else 0 for j in range(W)] for i in range(H)]


# a full diagonal plus 1-2 right triangles of 5 touching it; 10x10 with the diagonal running down
# to the right, as in every example of task260
def draw_triangle_to_parallel(rng, n):
    while True:
        N = 10
        c = rng.choice([1, 2, 3, 4, 6, 7, 8, 9])
        off = rng.randint(-3, 3)
        g = [[0] * N for _ in range(N)]
        for i in range(N):
            if 0 <= i + off < N:
                g[i][i + off] = c
        for side in rng.sample([1, -1], rng.randint(1, 2)):
            t = rng.randint(1, n)
            a = rng.randint(0, N - t)
            for k in range(1, t + 1):  # diagonal off+k (or off-k) holds t-k+1 cells
                for i in range(a, a + t - k + 1) if side > 0 else range(a + k, a + t + 1):
                    j = i + off + side * k
                    if 0 <= i < N and 0 <= j < N:
                        g[i][j] = 5
        if any(5 in r for r in g):
            return g


def mask_kronecker(g):  # mask (fewer colours) tiled by the pattern's colours
    H, W = len(g), len(g[0])
    if W > H:
        A = [r[:H] for r in g]
        B = [r[H:] for r in g]
        n = H
    else:
        A = g[:W]
        B = g[W:]
        n = W

    def ncol(X):
        return len({v for r in X for v in r})

    M, P = (A, B) if ncol(A) < ncol(B) else (B, A)
    out = [[0] * (n * n) for _ in range(n * n)]
    for a in range(n):
        for b in range(n):
            if P[a][b]:
                for x in range(n):
                    for y in range(n):
                        if M[x][y]:
                            out[a * n + x][b * n + y] = P[a][b]
    return out


# 8-mask square beside a multi-coloured square, either order/orientation
def draw_mask_kronecker(rng, n):
    k = rng.randint(2, 4)
    while True:
        M = [[8 if rng.random() < 0.45 else 0 for _ in range(k)] for _ in range(k)]
        P = [[rng.choice([0, 0, 1, 2, 3, 4]) for _ in range(k)] for _ in range(k)]
        if any(map(any, M)) and len({v for r in P for v in r}) >= 3:
            break
    A, B = (M, P) if rng.random() < 0.5 else (P, M)
    return [a + b for a, b in zip(A, B, strict=False)] if rng.random() < 0.5 else A + B


def dots_to_brackets(g):  # stems from both dots meet at the midpoint as facing brackets
    pts = [(i, j, v) for i, r in enumerate(g) for j, v in enumerate(r) if v]
    flip = pts[0][1] != pts[1][1]
    G = [list(r) for r in zip(*g, strict=False)] if flip else [r[:] for r in g]
    (r1, c, a), (r2, _, b) = sorted(
        (i, j, v) for i, rr in enumerate(G) for j, v in enumerate(rr) if v
    )
    m = (r1 + r2) // 2
    for i in range(r1, m + 1):
        G[i][c] = a
    for i in range(m + 1, r2 + 1):
        G[i][c] = b
    for dj in range(-2, 3):
        G[m - 1][c + dj] = a
        G[m + 2][c + dj] = b
    G[m][c - 2] = G[m][c + 2] = a
    G[m + 1][c - 2] = G[m + 1][c + 2] = b
    G[m][c] = G[m + 1][c] = 0
    return [list(r) for r in zip(*G, strict=False)] if flip else G


def draw_dots_to_brackets(rng, n):  # two coloured dots far apart in one column or row
    H, W = rng.randint(10, 16), rng.randint(7, 14)
    g = [[0] * W for _ in range(H)]
    c = rng.randint(2, W - 3)
    r1 = rng.randint(0, H - 9)
    r2 = r1 + rng.randrange(7, H - r1, 2)  # odd distance, as in every example of task284
    a, b = rng.sample(range(1, 10), 2)
    g[r1][c] = a
    g[r2][c] = b
    return [list(r) for r in zip(*g, strict=False)] if rng.random() < 0.5 else g


def seed_staircase(g):  # walk the staircase step by step in both directions
    H, W = len(g), len(g[0])
    ((r, c),) = [(i, j) for i in range(H) for j in range(W) if g[i][j]]
    out = [row[:] for row in g]
    for s in (1, -1):  # s=1: downward/leftward, s=-1: upward/rightward
        i, j = r, c
        while True:
            steps = [(i + s, j), (i + 2 * s, j), (i + 2 * s, j - s), (i + 2 * s, j - 2 * s)]
            for x, y in steps:
                if 0 <= x < H and 0 <= y < W:
                    out[x][y] = 5
            i, j = i + 2 * s, j - 2 * s
            if not (0 <= i < H or 0 <= j < W) or abs(i - r) > H + W:
                break
    return out


def draw_seed_staircase(rng, n):  # one seed of 8 (as in every example of task323) on a blank grid
    H, W = rng.randint(5, 16), rng.randint(5, 16)
    g = [[0] * W for _ in range(H)]
    g[rng.randrange(H)][rng.randrange(W)] = 8
    return g


# Manhattan-Voronoi cells of the seeds, filled with every-other square ring
def corner_rings_voronoi(g):
    H, W = len(g), len(g[0])
    seeds = [(a, b, g[a][b]) for a in range(H) for b in range(W) if g[a][b]]
    out = [[0] * W for _ in range(H)]
    for i in range(H):
        for j in range(W):
            d = [abs(i - a) + abs(j - b) for a, b, _ in seeds]
            k = d.index(min(d))
            if d.count(d[k]) == 1:
                a, b, c = seeds[k]
                if max(abs(i - a), abs(j - b)) % 2 == 0:
                    out[i][j] = c
    return out


def draw_corner_rings_voronoi(rng, n):  # 2-4 coloured seeds in distinct corners of a blank grid
    H = W = rng.randint(n + 3, 3 * n + 1)  # square, as in every example of task328
    g = [[0] * W for _ in range(H)]
    corners = rng.sample([(0, 0), (0, W - 1), (H - 1, 0), (H - 1, W - 1)], rng.randint(2, 4))
    for (a, b), c in zip(corners, rng.sample(range(1, 10), 4), strict=False):
        g[a][b] = c
    return g


def leaky_box(g):  # fill the box interior with 8, then shoot 8 out through the gap
    H, W = len(g), len(g[0])
    cells = [(i, j) for i in range(H) for j in range(W) if g[i][j]]
    r1 = min(i for i, j in cells)
    r2 = max(i for i, j in cells)
    c1 = min(j for i, j in cells)
    c2 = max(j for i, j in cells)
    out = [r[:] for r in g]
    for i in range(r1 + 1, r2):
        for j in range(c1 + 1, c2):
            out[i][j] = 8
    for i in range(r1, r2 + 1):
        for j in range(c1, c2 + 1):
            if g[i][j] == 0 and (i in (r1, r2) or j in (c1, c2)):  # the gap
                di = (i == r2) - (i == r1)
                dj = (j == c2) - (j == c1)
                x, y = i, j
                while 0 <= x < H and 0 <= y < W:
                    out[x][y] = 8
                    x += di
                    y += dj
    return out


def draw_leaky_box(rng, n):  # a hollow 5-rectangle with one non-corner gap
    H, W = rng.randint(8, 14), rng.randint(8, 14)
    h, w = rng.randint(4, H - 1), rng.randint(4, W - 1)
    a, b = rng.randint(0, H - h), rng.randint(0, W - w)
    g = [[0] * W for _ in range(H)]
    for i in range(a, a + h):
        for j in range(b, b + w):
            if i in (a, a + h - 1) or j in (b, b + w - 1):
                g[i][j] = 5
    side = rng.randrange(4)
    gi, gj = [
        (a, rng.randint(b + 1, b + w - 2)),
        (a + h - 1, rng.randint(b + 1, b + w - 2)),
        (rng.randint(a + 1, a + h - 2), b),
        (rng.randint(a + 1, a + h - 2), b + w - 1),
    ][side]
    g[gi][gj] = 0
    return g


def stamp_by_markers(g):  # copy each marked rectangle onto the matching marker constellation
    G = (
        g if any(len(set(r)) < 2 for r in g) else [list(r) for r in zip(*g, strict=False)]
    )  # split top/bottom
    t = G is not g
    h = len(G) // 2
    A, B = sorted([G[:h], G[h:]], key=lambda x: len(set(sum(x, []))))  # A: bare markers
    a0 = max(set(sum(A, [])), key=sum(A, []).count)
    b0 = max(set(sum(B, [])), key=sum(B, []).count)
    cs = [v for r in B for v in r if v != b0]
    m = max(set(cs), key=cs.count)  # main colour
    H, W = len(A), len(A[0])
    out = [[a0] * (W + 2)] + [[a0] + r + [a0] for r in A] + [[a0] * (W + 2)]
    objs = []
    for i in range(len(B)):
        for j in range(len(B[0])):
            if B[i][j] != b0 and (i == 0 or B[i - 1][j] == b0) and (j == 0 or B[i][j - 1] == b0):
                w = 0
                while j + w < len(B[0]) and B[i][j + w] != b0:
                    w += 1
                hh = 0
                while i + hh < len(B) and B[i + hh][j] != b0:
                    hh += 1
                objs.append([r[j : j + w] for r in B[i : i + hh]])
    objs.sort(key=lambda o: -sum(c != m for r in o for c in r))
    for obj in objs:
        hh, w = len(obj), len(obj[0])
        T = (
            [[a0] * (w + 2)]
            + [[a0] + [c if c != m else a0 for c in r] + [a0] for r in obj]
            + [[a0] * (w + 2)]
        )
        for x, y in [(x, y) for x in range(H - hh + 1) for y in range(W - w + 1)]:
            if [
                r[y : y + w + 2] for r in out[x : x + hh + 2]
            ] == T:  # markers + empty ring must match
                for di in range(hh):
                    for dj in range(w):
                        out[x + 1 + di][y + 1 + dj] = obj[di][dj]
                break
    out = [r[1:-1] for r in out[1:-1]]
    return [list(r) for r in zip(*out, strict=False)] if t else out


# pattern half with n-1 marked rectangles, marker half with their markers
def _draw_stamp_by_markers(rng, n):
    H, W = rng.randint(8, 11), rng.randint(10, 14)
    a, b, m, *mk = rng.sample(range(10), 7)  # one marker colour per rectangle
    P = [[b] * W for _ in range(H)]
    M = [[a] * W for _ in range(H)]
    occ = [[a] * W for _ in range(H)]

    def free(G, bg, x, y, h, w):
        return (
            x >= 0
            and y >= 0
            and x + h <= H - 1
            and y + w <= W
            and all(
                G[i][j] == bg
                for i in range(x - 1, x + h + 1)
                for j in range(y - 1, y + w + 1)
                if 0 <= i < H and 0 <= j < W
            )
        )

    for o in range(n - 1):
        h, w = rng.randint(2, 4), rng.randint(2, 4)
        cells = [
            (i, j, mk[o])
            for i, j in rng.sample([(i, j) for i in range(h) for j in range(w)], rng.randint(1, 3))
        ]
        for _ in range(50):
            x, y, u, v = rng.randint(0, H), rng.randint(0, W), rng.randint(0, H), rng.randint(0, W)
            if free(P, b, x, y, h, w) and free(occ, a, u, v, h, w):
                for i in range(h):
                    for j in range(w):
                        P[x + i][y + j] = m
                        occ[u + i][v + j] = m
                for i, j, c in cells:
                    P[x + i][y + j] = c
                    M[u + i][v + j] = c
                break
    cells = [v for r in P for v in r]  # the pattern half's main colour outnumbers each marker
    if any(cells.count(c) >= cells.count(m) for c in set(cells) - {b, m}):  # colour there,
        return None  # as in every example of task366
    cells += [v for r in M for v in r]  # whole grid: count of a > b > m > each marker colour,
    k = [cells.count(c) for c in (a, b, m)] + [max(cells.count(c) for c in mk)]
    if not k[0] > k[1] > k[2] > k[3] or any(b not in r for r in P) or any(a not in r for r in M):
        return None  # and every row holds its half's background, as in every example of task366
    g = P + M if rng.random() < 0.5 else M + P
    return [list(r) for r in zip(*g, strict=False)] if rng.random() < 0.5 else g


def draw_stamp_by_markers(rng, n):
    while (g := _draw_stamp_by_markers(rng, n)) is None:
        pass
    return g


# DSL rule: step k from the (1,1) self-overlap, direction with most marker overlap
def diagonal_echo(g):
    H, W = len(g), len(g[0])
    cnt = {}
    for r in g:
        for v in r:
            cnt[v] = cnt.get(v, 0) + 1
    c, s = sorted(cnt, key=cnt.get)[:2]  # marker colour, shape colour
    S = {(i, j) for i in range(H) for j in range(W) if g[i][j] == s}
    M = {(i, j) for i in range(H) for j in range(W) if g[i][j] == c}
    k = 1 + max(t for t in range(H + 1) if {(i + t, j + t) for i, j in S} & S)
    d = max(
        [(1, 1), (1, -1), (-1, 1), (-1, -1)],
        key=lambda d: len({(i + k * d[0], j + k * d[1]) for i, j in S} & M),
    )
    out = [r[:] for r in g]
    for n in range(1, H + W):
        for i, j in S:
            x, y = i + n * k * d[0], j + n * k * d[1]
            if 0 <= x < H and 0 <= y < W:
                out[x][y] = c
    return out


# symmetric shape in 0 on a plain background of another colour (at the corner too), marker = a
# cell of its first echo, as in every example of task370
def draw_diagonal_echo(rng, n):
    r = rng.randint(1, 2)
    q = {(a, b) for a in range(r + 1) for b in range(a, r + 1 - a) if rng.random() < 0.5} | {
        (0, b) for b in range(r + 1)
    }  # axis keeps it connected
    cells = {
        (x * sa, y * sb)
        for a, b in q
        for x, y in ((a, b), (b, a))
        for sa in (1, -1)
        for sb in (1, -1)
    }
    cells = {(a - min(x for x, _ in cells), b - min(y for _, y in cells)) for a, b in cells}
    (bg, c), s = rng.sample(range(1, 10), 2), 0
    H, W = rng.randint(12, 16), rng.randint(12, 16)
    g = [[bg] * W for _ in range(H)]
    oi, oj = rng.randint(3, H - 2 * r - 4), rng.randint(3, W - 2 * r - 4)
    for a, b in cells:
        g[oi + a][oj + b] = s
    S = {(oi + a, oj + b) for a, b in cells}
    k = 1 + max(t for t in range(H + 1) if {(i + t, j + t) for i, j in S} & S)
    d = rng.choice([(1, 1), (1, -1), (-1, 1), (-1, -1)])
    opts = [  # the marker is diagonally next to the shape, as in every example of task370
        (i + k * d[0], j + k * d[1])
        for i, j in S
        if 0 <= i + k * d[0] < H
        and 0 <= j + k * d[1] < W
        and (i + k * d[0] - d[0], j + k * d[1] - d[1]) in S
    ]
    if not opts:
        return draw_diagonal_echo(rng, n)
    x, y = rng.choice(opts)
    g[x][y] = c
    return g


def corner_rings_dotted_box(g):  # 3x3 rings of the other colour + 5-dotted rectangle outline
    H, W = len(g), len(g[0])
    dots = [(i, j, g[i][j]) for i in range(H) for j in range(W) if g[i][j]]
    cols = sorted({v for _, _, v in dots})
    other = {cols[0]: cols[-1], cols[-1]: cols[0]}
    r1, r2 = min(d[0] for d in dots), max(d[0] for d in dots)
    c1, c2 = min(d[1] for d in dots), max(d[1] for d in dots)
    out = [[0] * W for _ in range(H)]
    for i in range(r1, r2 + 1):
        for j in range(c1, c2 + 1):
            if i in (r1, r2) or j in (c1, c2):
                if min(abs(i - a) + abs(j - b) for a, b, _ in dots) % 2 == 0:
                    out[i][j] = 5
    for a, b, v in dots:
        for i in range(a - 1, a + 2):
            for j in range(b - 1, b + 2):
                if 0 <= i < H and 0 <= j < W:
                    out[i][j] = other[v]
        out[a][b] = v
    return out


def draw_corner_rings_dotted_box(rng, n):  # two colours on the corners of a random rectangle
    H, W = rng.randint(10, 17), rng.randint(10, 17)
    r1 = rng.randint(1, H - 6)
    r2 = rng.randint(r1 + 4, H - 2)
    c1 = rng.randint(1, W - 6)
    c2 = rng.randint(c1 + 4, W - 2)
    a, b = rng.sample([1, 2, 3, 4, 6, 7, 8, 9], 2)
    g = [[0] * W for _ in range(H)]
    g[r1][c1] = g[r2][c2] = a
    g[r1][c2] = g[r2][c1] = b
    return g


def periodic_hole_fill(g):  # recover the hole of a periodic pattern
    H, W = len(g), len(g[0])

    def period(rows, n):
        for q in range(1, n + 1):
            if all(
                r[j] == 0 or r[j + q] == 0 or r[j] == r[j + q] for r in rows for j in range(n - q)
            ):
                return q

    q = period(g, W)
    h = period([list(c) for c in zip(*g, strict=False)], H)
    zr = [i for i in range(H) if 0 in g[i]]
    zc = [j for j in range(W) if any(g[i][j] == 0 for i in range(H))]
    out = []
    for i in range(zr[0], zr[-1] + 1):
        row = []
        for j in range(zc[0], zc[-1] + 1):
            vals = [g[a][b] for a in range(i % h, H, h) for b in range(j % q, W, q) if g[a][b]]
            row.append(vals[0] if vals else 0)
        out.append(row)
    return out


def draw_periodic_hole_fill(rng, n):  # tile a random motif, then blank a rectangle
    ph, pw = rng.randint(1, 3), rng.randint(1, 3)
    cols = rng.sample(range(1, 10), 3)
    tile = [[rng.choice(cols) for _ in range(pw)] for _ in range(ph)]
    H, W = rng.randint(n + 1, 3 * n), rng.randint(n + 1, 3 * n)
    g = [[tile[i % ph][j % pw] for j in range(W)] for i in range(H)]
    h, w = rng.randint(1, min(3, H - 1)), rng.randint(1, min(3, W - 1))
    a, b = rng.randint(0, H - h), rng.randint(0, W - w)
    # each hole row, whole, is also a row the hole misses (the hole never covers a whole period
    # class of the rows), as in every example of task394
    if any(g[i] not in g[:a] + g[a + h :] for i in range(a, a + h)):
        return draw_periodic_hole_fill(rng, n)
    for i in range(a, a + h):
        for j in range(b, b + w):
            g[i][j] = 0
    # every hole column has a visible column of the same residue mod the row period (the hole
    # never covers a whole period class of a row), as in every example of task394
    q = next(
        k
        for k in range(1, W + 1)
        if all(x == 0 or y == 0 or x == y for r in g for x, y in zip(r, r[k:], strict=False))
    )
    # and the zero-free rows alone show that period (RE-ARC's verifier reads it from them), as
    # in every example of task394
    f = next(k for k in range(1, W + 1) if all(r[k:] == r[:-k] for r in g if 0 not in r))
    if f != q or any(all(b <= x < b + w for x in range(j % q, W, q)) for j in range(b, b + w)):
        return draw_periodic_hole_fill(rng, n)
    return g


# [[8]] if some 4-connected 8-component is 4-adjacent to both 2-squares, else [[0]]
def squares_linked(g):
    sq = parts(g, lambda v: v == 2)

    def adj(A, B):
        return any(abs(a - x) + abs(b - y) == 1 for a, b in A for x, y in B)

    ok = any(all(adj(cl, s) for s in sq) for cl in parts(g, lambda v: v == 8))
    return [[8 if ok else 0]]


def draw_squares_linked(rng, n):  # two 2x2 squares of 2 (not touching) and random 8s
    H, W = rng.randint(5, 10), rng.randint(5, 10)
    while 1:
        g = [[8 * (rng.random() < 0.4) for _ in range(W)] for _ in range(H)]
        P = [(rng.randrange(H - 1), rng.randrange(W - 1)) for _ in range(2)]
        (a, b), (c, d) = P
        if abs(a - c) > 2 or abs(b - d) > 2 or (abs(a - c) == 2 and abs(b - d) == 2):
            break
    for a, b in P:
        for x in (0, 1):
            for y in (0, 1):
                g[a + x][b + y] = 2
    return g


def cup_level_snake(g):  # k = cup height - fill height - 1; fill a 3x3 boustrophedon with k 8s
    cup = [i for i, r in enumerate(g) if 5 in r]
    fill = [i for i, r in enumerate(g) if 8 in r]
    k = len(cup) - len(fill) - 1
    o = [[0] * 3 for _ in range(3)]
    for t in range(k):
        i, j = divmod(t, 3)
        o[i][j if i % 2 == 0 else 2 - j] = 8
    return o


def draw_cup_level_snake(rng, n):  # a U-shaped 5 cup on 0, bottom rows filled with 8
    w, f, k = rng.randint(3, 8), rng.randint(1, 5), rng.randint(1, 4)
    h = f + k + 1
    # row 0 empty and at least 6 columns, as in every example of task274
    H, W = h + rng.randint(1, 4), max(6, w + rng.randint(0, 4))
    g = [[0] * W for _ in range(H)]
    a, b = rng.randint(1, H - h), rng.randint(0, W - w)
    for i in range(h):
        g[a + i][b] = g[a + i][b + w - 1] = 5
    for j in range(w):
        g[a + h - 1][b + j] = 5
    for i in range(h - 1 - f, h - 1):
        for j in range(1, w - 1):
            g[a + i][b + j] = 8
    return g


# dots in the block's row/column range get a straight line drawn to the block
def dots_shoot_to_block(g):
    H, W = len(g), len(g[0])
    s = [x for r in g for x in r]
    b = max(set(s), key=s.count)

    def solid(c):
        P = [(i, j) for i in range(H) for j in range(W) if g[i][j] == c]
        big_i = [p[0] for p in P]
        J = [p[1] for p in P]
        return len(P) == (max(big_i) - min(big_i) + 1) * (max(J) - min(J) + 1), len(P)

    R = max((c for c in set(s) if c != b and solid(c)[0]), key=lambda c: solid(c)[1])
    d = [c for c in set(s) if c not in (b, R)][0]
    P = [(i, j) for i in range(H) for j in range(W) if g[i][j] == R]
    i0, i1 = min(p[0] for p in P), max(p[0] for p in P)
    j0, j1 = min(p[1] for p in P), max(p[1] for p in P)
    o = [r[:] for r in g]
    for i in range(H):
        for j in range(W):
            if g[i][j] != d:
                continue
            if i0 <= i <= i1:
                for y in range(j + 1, j0) if j < j0 else range(j1 + 1, j):
                    o[i][y] = d
            if j0 <= j <= j1:
                for x in range(i + 1, i0) if i < i0 else range(i1 + 1, i):
                    o[x][j] = d
    return o


# a 2..4-sided block and up to one dot per row, background elsewhere
def draw_dots_shoot_to_block(rng, n):
    H, W = rng.randint(8, 16), rng.randint(8, 16)
    b, R, d = rng.sample(range(10), 3)
    g = [[b] * W for _ in range(H)]
    h, w = rng.randint(2, 4), rng.randint(2, 4)
    # the block never touches an edge, as in every example of task064
    a, c = rng.randint(1, H - h - 1), rng.randint(1, W - w - 1)
    for i in range(h):
        for j in range(w):
            g[a + i][c + j] = R
    for i in rng.sample(range(H), n + 1):
        j = rng.randrange(W)
        if g[i][j] == b and not (a - 1 <= i <= a + h and c - 1 <= j <= c + w) and b in g[i]:
            g[i][j] = d
    if d not in sum(g, []):
        g[(a + h) % H][(c + w + 1) % W] = d
    # below the top two rows the block has more cells than there are dots, as in every example
    # of task064 (the closest has one cell more)
    if sum(r.count(d) - r.count(R) for r in g[2:]) >= 0:
        return draw_dots_shoot_to_block(rng, n)
    return g


# from the single odd cell, go away from its background neighbour; paint background cells to the
# edge
def ray_through_apex(g):
    H, W = len(g), len(g[0])
    cells = [(i, j) for i in range(H) for j in range(W) if g[i][j]]
    cnt = {}
    for i, j in cells:
        cnt[g[i][j]] = cnt.get(g[i][j], 0) + 1
    a, b = [(i, j) for i, j in cells if cnt[g[i][j]] == 1][0]
    o = [r[:] for r in g]
    for di, dj in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        x, y = a - di, b - dj  # the back neighbour must be background (or off the grid)
        if 0 <= x < H and 0 <= y < W and g[x][y]:
            continue
        x, y = a + di, b + dj
        if not (0 <= x < H and 0 <= y < W and g[x][y]):
            continue
        while 0 <= x < H and 0 <= y < W:
            if not g[x][y]:
                o[x][y] = g[a][b]
            x, y = x + di, y + dj
    return o


# one triangle (height 3..5, any of 4 orientations) with an odd cell mid-base, on 0
def draw_ray_through_apex(rng, n):
    h = rng.randint(3, 5)
    m, c = rng.sample(range(1, 10), 2)
    T = [[0] * (2 * h - 1) for _ in range(h)]
    for i in range(h):
        for j in range(h - 1 - i, h + i):
            T[i][j] = m
    T[h - 1][h - 1] = c
    for _ in range(rng.randint(0, 3)):
        T = [list(r) for r in zip(*T[::-1], strict=False)]
    # at least 4 rows, as in every example of task051 (10-20 rows)
    H, W = rng.randint(max(len(T), 4), 16), rng.randint(len(T[0]), 16)
    g = [[0] * W for _ in range(H)]
    a, b = rng.randint(0, H - len(T)), rng.randint(0, W - len(T[0]))
    for i, r in enumerate(T):
        for j, x in enumerate(r):
            if x:
                g[a + i][b + j] = x
    return g


# crop between first/last full row and column; dots shoot toward the same-coloured side
def lines_to_matching_wall(g):
    rows = [i for i, r in enumerate(g) if all(r)]
    cols = [j for j, c in enumerate(zip(*g, strict=False)) if all(c)]
    c = [r[cols[0] : cols[-1] + 1] for r in g[rows[0] : rows[-1] + 1]]
    H, W = len(c), len(c[0])
    o = [r[:] for r in c]
    sides = {c[0][1]: (-1, 0), c[H - 1][1]: (1, 0), c[1][0]: (0, -1), c[1][W - 1]: (0, 1)}
    for i in range(1, H - 1):
        for j in range(1, W - 1):
            if c[i][j] in sides:
                di, dj = sides[c[i][j]]
                y, x = i + di, j + dj
                while 0 < y < H - 1 and 0 < x < W - 1:
                    if c[y][x] == 0:
                        o[y][x] = c[i][j]
                    y, x = y + di, x + dj
    return o


# 2 full rows + 2 full columns of 4 colours, sparse dots of one of them
def draw_lines_to_matching_wall(rng, n):
    h, w = rng.randint(8, 10 + 2 * n), rng.randint(8, 10 + 2 * n)
    a, b = sorted(rng.sample(range(h), 2))
    c, d = sorted(rng.sample(range(w), 2))
    if b - a < 3 or d - c < 3:
        return draw_lines_to_matching_wall(rng, n)
    k = rng.sample([1, 2, 3, 4, 5, 6, 7, 8, 9], 4)
    dot = rng.choice(k)
    g = [[dot * (rng.random() < 0.1) for _ in range(w)] for _ in range(h)]
    for j in range(w):
        g[a][j], g[b][j] = k[0], k[1]
    for i in range(h):
        g[i][c], g[i][d] = k[2], k[3]
    if sum(map(all, g)) + sum(map(all, zip(*g[a : b + 1], strict=False))) > 4:
        return draw_lines_to_matching_wall(rng, n)  # a dotted row/column that is full
    return g


# bounding box of the 5s, shrunk by one, drawn as an outline in the non-5 colour
def inbox_of_dots(g):
    fives = [(i, j) for i, r in enumerate(g) for j, x in enumerate(r) if x == 5]
    c = [x for r in g for x in r if x not in (0, 5)][0]
    t = min(i for i, j in fives) + 1
    b = max(i for i, j in fives) - 1
    ell = min(j for i, j in fives) + 1
    r = max(j for i, j in fives) - 1
    o = [row[:] for row in g]
    for i in range(t, b + 1):
        for j in range(ell, r + 1):
            if i in (t, b) or j in (ell, r):
                o[i][j] = c
    return o


# four 5-dots, one on each side of a box, and a small ring of another colour well inside
def draw_inbox_of_dots(rng, n):
    h, w = rng.randint(9, 10 + 2 * n), rng.randint(9, 10 + 2 * n)
    t = rng.randint(0, h - 8)
    b = rng.randint(t + 7, h - 1)
    ell = rng.randint(0, w - 8)
    r = rng.randint(ell + 7, w - 1)
    g = [[0] * w for _ in range(h)]
    g[t][rng.randint(ell + 1, r - 1)] = g[b][rng.randint(ell + 1, r - 1)] = 5
    g[rng.randint(t + 1, b - 1)][ell] = g[rng.randint(t + 1, b - 1)][r] = 5
    c = rng.choice([1, 2, 3, 4, 6, 7, 8, 9])
    y = rng.randint(t + 2, b - 4)
    x = rng.randint(ell + 2, r - 4)
    for i in range(y, y + 3):
        for j in range(x, x + 3):
            g[i][j] = c * ((i, j) != (y + 1, x + 1))
    return g


# bounding box of box + dot; border in the box's border colour, inside in its inner colour
def box_stretch_to_dot(g):
    cells = [(i, j, x) for i, r in enumerate(g) for j, x in enumerate(r) if x]
    box = [(i, j, x) for i, j, x in cells if x != 8]
    t = min(i for i, j, x in box)
    ell = min(j for i, j, x in box)
    border, inner = g[t][ell], g[t + 1][ell + 1]
    T = min(i for i, j, x in cells)
    B = max(i for i, j, x in cells)
    Lf = min(j for i, j, x in cells)
    R = max(j for i, j, x in cells)
    o = [[0] * len(g[0]) for _ in g]
    for i in range(T, B + 1):
        for j in range(Lf, R + 1):
            o[i][j] = border if i in (T, B) or j in (Lf, R) else inner
    return o


# a box (border + different inner colour) and an 8 beyond one side, level with its inside
def draw_box_stretch_to_dot(rng, n):
    h, w = rng.randint(10, 10 + 2 * n), rng.randint(10, 10 + 2 * n)
    bh, bw = rng.randint(3, 6), rng.randint(3, 6)
    t, ell = rng.randint(0, h - bh - 2), rng.randint(0, w - bw - 2)
    B, big_i = rng.sample([1, 2, 3, 4, 5, 6, 7, 9], 2)
    g = [[0] * w for _ in range(h)]
    for i in range(t, t + bh):
        for j in range(ell, ell + bw):
            g[i][j] = B if i in (t, t + bh - 1) or j in (ell, ell + bw - 1) else big_i
    g[rng.randint(t + bh + 1, h - 1)][rng.randint(ell + 1, ell + bw - 2)] = 8
    k = rng.randint(0, 3)
    for _ in range(k):
        g = [list(r) for r in zip(*g[::-1], strict=False)]
    return g


# a non-main cell becomes the main colour if it has main-colour 4-neighbours both in its row and in
# its column (it lies in a rectangle), else 0
def denoise_rectangles(g):
    # (the RE-ARC rule "erase pieces < 3 cells, fill bounding boxes" disagrees with ARC train
    # example 1, where two rectangles touch)
    H, W = len(g), len(g[0])
    s = sum(g, [])
    n = max(set(s) - {0}, key=s.count)

    def at(i, j):
        return 0 <= i < H and 0 <= j < W and g[i][j] == n

    o = [r[:] for r in g]
    for i in range(H):
        for j in range(W):
            if g[i][j] not in (0, n):
                o[i][j] = (
                    n if (at(i, j - 1) or at(i, j + 1)) and (at(i - 1, j) or at(i + 1, j)) else 0
                )
    return o


# rectangles (>= 2x2, 1-cell gaps) of one colour, noise cells of another, no two noise cells
# touching (even diagonally)
def draw_denoise_rectangles(rng, n):
    h, w = rng.randint(10, 10 + 2 * n), rng.randint(10, 10 + 2 * n)
    c, m = rng.sample(range(1, 10), 2)
    g = [[0] * w for _ in range(h)]
    for _ in range(n + 2):
        a, b = rng.randint(2, 6), rng.randint(2, 6)
        t, ell = rng.randint(0, h - a), rng.randint(0, w - b)
        if all(
            g[i][j] == 0
            for i in range(max(t - 1, 0), min(t + a + 1, h))
            for j in range(max(ell - 1, 0), min(ell + b + 1, w))
        ):
            for i in range(t, t + a):
                for j in range(ell, ell + b):
                    g[i][j] = c
    noise = []
    for _ in range(3 * n):
        y, x = rng.randrange(h), rng.randrange(w)
        if all(max(abs(y - a), abs(x - b)) > 1 for a, b in noise):
            noise.append((y, x))
            g[y][x] = m
    if sum(r.count(c) for r in g) <= sum(r.count(m) for r in g):
        return draw_denoise_rectangles(rng, n)
    # 0 is the commonest colour, as in every example of task192
    if sum(r.count(0) for r in g) <= sum(r.count(c) for r in g):
        return draw_denoise_rectangles(rng, n)
    return g


# smallest period t (then smallest shift e) with row i = row i-t moved e right; extend to 10 rows
def continue_pattern_down(g):
    H, W = len(g), len(g[0])

    def shift(r, e):
        return ([0] * e + list(r))[:W]

    for t in range(1, 5):
        for e in range(4):
            if all(g[i] == shift(g[i - t], e) for i in range(t, H)):
                o = [list(r) for r in g]
                while len(o) < 10:
                    o.append(shift(o[-t], e))
                return o


# a t-row motif of one colour repeated down with a column shift, 10 wide, cut at 5..9 rows
def draw_continue_pattern_down(rng, n):
    t, e = rng.randint(1, 3), rng.randint(0, 2)  # t <= 3, e <= 2 as in every example of task124
    e = e % 2 if t == 1 else e  # a 1-row pattern shifts 0 or 1, as in every example of task124
    e = 0 if t == 3 else e  # a 3-row pattern never shifts, as in every example of task124
    c = rng.randint(1, 9)
    m = [[c * (rng.random() < 0.4) for _ in range(10)] for _ in range(t)]
    for r in m:
        r[rng.randint(0, 3)] = c
    m = [([0] * rng.randint(0, 2) + r)[:10] for r in m] if e == 0 else m
    h = rng.randint(max(5, 2 * t), 9)
    g = [r[:] for r in m]
    while len(g) < h:
        g.append(([0] * e + g[-t])[:10])
    return g


# bounding boxes of the two 4-components; inner cells of the smaller -> 1, of the larger -> 2
def inner_fill_by_size(g):
    comps = sorted(parts(g, lambda v: v == 4), key=len)
    o = [r[:] for r in g]
    for colour, comp in ((1, comps[0]), (2, comps[-1])):
        for y in range(min(a for a, b in comp) + 1, max(a for a, b in comp)):
            for x in range(min(b for a, b in comp) + 1, max(b for a, b in comp)):
                o[y][x] = colour
    return o


# two solid 4-rectangles (>= 2x2, different areas) on a 10x10 grid, one above the other with an
# empty row between (their row ranges never overlap), as in every example of task156
def draw_inner_fill_by_size(rng, n):
    g = [[0] * 10 for _ in range(10)]
    while True:
        a, b, c, d = (rng.randint(2, 7) for _ in range(4))
        if a + c < 10 and a * b != c * d:
            break
    t = rng.randint(0, 9 - a - c)
    u = rng.randint(t + a + 1, 10 - c)
    for top, height, width in ((t, a, b), (u, c, d)):
        ell = rng.randint(0, 10 - width)
        for i in range(top, top + height):
            for j in range(ell, ell + width):
                g[i][j] = 4
    return g


# paint every all-0 2x2 block with 2, except blocks whose left and up-left neighbour blocks are also
# all-0 (ARC quirk)
def zero_squares_painted(g):
    H, W = len(g), len(g[0])
    blocks = {
        (i, j)
        for i in range(H - 1)
        for j in range(W - 1)
        if not (g[i][j] or g[i + 1][j] or g[i][j + 1] or g[i + 1][j + 1])
    }
    o = [r[:] for r in g]
    for i, j in blocks:
        if (i - 1, j - 1) in blocks and (i, j - 1) in blocks:
            continue
        for a in (0, 1):
            for b in (0, 1):
                o[i + a][j + b] = 2
    return o


def draw_zero_squares_painted(rng, n):  # random 5/0 noise, mostly 5
    h, w = 18, 18  # as in every example of task265
    p = rng.uniform(0.5, 0.7)
    g = [[5 * (rng.random() < p) for _ in range(w)] for _ in range(h)]
    for i in range(h - 1):  # no 2x4 block of 0s, as in every example of task265
        for j in range(w - 3):
            if not any(g[i + a][j + b] for a in (0, 1) for b in range(4)):
                return draw_zero_squares_painted(rng, n)
    return g


# link rarest-colour cells at Chebyshev distance <= 2; each linked cluster's bounding box becomes 4
# (cluster cells keep their colour)
def cluster_boxes_filled(g):
    s = sum(g, [])
    c = min(set(s), key=s.count)
    cells = [(i, j) for i, r in enumerate(g) for j, v in enumerate(r) if v == c]
    lab = {p: p for p in cells}

    def find(p):
        while lab[p] != p:
            p = lab[p]
        return p

    for a in cells:
        for b in cells:
            if max(abs(a[0] - b[0]), abs(a[1] - b[1])) <= 2:
                lab[find(a)] = find(b)
    o = [r[:] for r in g]
    for root in {find(p) for p in cells}:
        cl = [p for p in cells if find(p) == root]
        for i in range(min(p[0] for p in cl), max(p[0] for p in cl) + 1):
            for j in range(min(p[1] for p in cl), max(p[1] for p in cl) + 1):
                if g[i][j] != c:
                    o[i][j] = 4
    return o


# 0/b noise with a few small rectangles (>= 3 apart) that are partly the rare colour 2 (corners
# always 2: with free corners EXPR and ref differ on ~1 in 1000)
def draw_cluster_boxes_filled(rng, n):
    h, w = rng.randint(10, 10 + 2 * n), rng.randint(10, 10 + 2 * n)
    b = rng.choice([1, 3, 5, 6, 7, 8, 9])
    g = [[b * (rng.random() < 0.55) for _ in range(w)] for _ in range(h)]
    boxes = []
    for _ in range(n):
        H, W = rng.randint(1, 4), rng.randint(2, 5)
        t, ell = rng.randint(0, h - H), rng.randint(0, w - W)
        if any(
            t < T + HH + 3 and T < t + H + 3 and ell < L + WW + 3 and L < ell + W + 3
            for T, L, HH, WW in boxes
        ):
            continue
        boxes.append((t, ell, H, W))
        for i in range(t, t + H):
            for j in range(ell, ell + W):
                g[i][j] = (
                    2
                    if i in (t, t + H - 1) and j in (ell, ell + W - 1) or rng.random() < 0.5
                    else b
                )
    if not boxes or sum(r.count(2) for r in g) * 2 >= min(
        sum(r.count(0) for r in g), sum(r.count(b) for r in g)
    ):
        return draw_cluster_boxes_filled(rng, n)
    return g


# 3 = clear cells (3x3 around all 0, outside counts 0) in a row/column run >= 12, minus eroded thin
# tips
def corridor_fill(g):
    H, W = len(g), len(g[0])

    def free(i, j):
        return not (0 <= i < H and 0 <= j < W) or g[i][j] == 0

    clear = [
        [all(free(i + a, j + b) for a in (-1, 0, 1) for b in (-1, 0, 1)) for j in range(W)]
        for i in range(H)
    ]
    s = [[0] * W for _ in range(H)]
    for i in range(H):
        for j in range(W):
            if clear[i][j]:
                ell = r = j
                while ell > 0 and clear[i][ell - 1]:
                    ell -= 1
                while r < W - 1 and clear[i][r + 1]:
                    r += 1
                u = d = i
                while u > 0 and clear[u - 1][j]:
                    u -= 1
                while d < H - 1 and clear[d + 1][j]:
                    d += 1
                s[i][j] = r - ell >= 11 or d - u >= 11

    def rot(m):
        return [list(r) for r in zip(*m[::-1], strict=False)]

    s = rot(rot(s))
    # 3.5 rounds, starting upside down; erode: a marked cell whose upper neighbour (inside the
    # grid) is unmarked and whose row-run is <= 3 long
    for _ in range(14):
        h, w = len(s), len(s[0])
        n = [r[:] for r in s]
        for i in range(1, h):
            for j in range(w):
                if s[i][j] and not s[i - 1][j]:
                    ell = r = j
                    while ell > 0 and s[i][ell - 1]:
                        ell -= 1
                    while r < w - 1 and s[i][r + 1]:
                        r += 1
                    if r - ell < 3:
                        n[i][j] = 0
        s = rot(n)
    return [[3 if s[i][j] else g[i][j] for j in range(W)] for i in range(H)]


# noise of one colour with a 0 band (to the bottom) and 0 arms (to the side edges), rotated;
# redrawn until the marked region is stable: one more erosion pass from any side would change
# nothing (thin tips are eaten whole), as in every example of task255
def draw_corridor_fill(rng, n):
    def stable(s):
        for _ in range(4):
            for i in range(1, len(s)):
                for j, v in enumerate(s[i]):
                    a = b = j
                    while a > 0 and s[i][a - 1]:
                        a -= 1
                    while b < len(s[i]) - 1 and s[i][b + 1]:
                        b += 1
                    if v and not s[i - 1][j] and b - a < 3:
                        return False
            s = [list(r) for r in zip(*s[::-1], strict=True)]
        return True

    while True:
        h, w = rng.randint(16, 15 + 3 * n), rng.randint(16, 15 + 3 * n)
        c = rng.choice([1, 2, 4, 5, 6, 7, 8, 9])
        g = [[c * (rng.random() < 0.55) for _ in range(w)] for _ in range(h)]
        d = rng.randint(3, 8)
        x = rng.randint(1, w - d - 1)
        top = rng.choice([0, rng.randint(2, h // 2)])
        for i in range(top, h):
            for j in range(x, x + d):
                g[i][j] = 0
        for _ in range(rng.randint(0, 2)):
            e = rng.randint(3, 6)
            y = rng.randint(top, h - e)
            side = rng.choice([range(0, x), range(x, w)])
            for i in range(y, y + e):
                for j in side:
                    g[i][j] = 0
        for _ in range(rng.randint(0, 3)):
            g = [list(r) for r in zip(*g[::-1], strict=False)]
        if stable([[v == 3 for v in r] for r in corridor_fill(g)]):
            return g


def _paths066_g(g):
    # in the frame where the red (2) pair is horizontal: list of (turn column, path cells)
    from collections import Counter

    H, W = len(g), len(g[0])
    cnt = Counter(v for r in g for v in r)
    bg = cnt.most_common(1)[0][0]
    g3 = [(i, j) for i in range(H) for j in range(W) if g[i][j] == 3]
    g2 = [(i, j) for i in range(H) for j in range(W) if g[i][j] == 2]
    r, R = g3[0][0], g2[0][0]

    def ob(i, j):
        return 0 <= i < H and 0 <= j < W and g[i][j] not in (bg, 2, 3)

    out = []
    for seg, s in ((min(j for i, j in g3), -1), (max(j for i, j in g3), 1)):
        j = seg + s
        leg1 = []
        while 0 <= j < W and g[r][j] == bg:
            leg1.append((r, j))
            j += s
        if not leg1 or not ob(r, j):
            continue
        j -= s  # the turn column: last free cell before the obstacle
        d = 1 if R > r else -1
        leg2 = [(i, j) for i in range(r + d, R + d, d)]
        if any(g[i][j] != bg for i, _ in leg2) or not ob(R + d, j):
            continue
        k = [jj for ii, jj in g2]
        leg3 = [(R, x) for x in range(min(j, min(k)), max(j, max(k)) + 1) if (R, x) not in g2]
        if all(g[i][x] == bg for i, x in leg3):
            out.append((j, leg1 + leg2 + leg3))
    return out


def _walks066(g):
    """How many ways a 3-leg walk over 0s joins the pairs when the edge blocks as an obstacle does
    and a leg after the first may be empty (so one turn may do): the idiom's reading."""
    H, W = len(g), len(g[0])
    dirs = ((0, 1), (1, 0), (0, -1), (-1, 0))

    def at(i, j):
        return g[i][j] if 0 <= i < H and 0 <= j < W else None

    def walk(p, s):  # the last free cell, and what blocks the next
        while at(p[0] + s[0], p[1] + s[1]) == 0:
            p = (p[0] + s[0], p[1] + s[1])
        return p, at(p[0] + s[0], p[1] + s[1])

    return sum(
        walk(walk(e, t)[0], u)[1] == 2
        for i in range(H)
        for j in range(W)
        for s in dirs
        if g[i][j] == 3 == at(i - s[0], j - s[1])
        for e, b in [walk((i, j), s)]
        if e != (i, j)
        for t in dirs
        if walk(e, t)[1] == b
        for u in dirs
    )


# green pair -> straight to an obstacle, turn, straight to the red line, turn, into red
def elbow_path_join(g):
    g = [list(r) for r in g]
    tr = not any(r.count(2) > 1 for r in g)
    if tr:
        g = [list(r) for r in zip(*g, strict=False)]
    for i, j in _paths066_g(g)[0][1]:
        g[i][j] = 3
    return [list(r) for r in zip(*g, strict=False)] if tr else g


# a random 3-leg path with an obstacle at each turn, plus noise; retried until unique
def draw_elbow_path_join(rng, n):  # square, on 0 with 8s in the way, as every example of task066
    while True:
        H = W = rng.randint(8, 13)
        b, f = 0, 8
        r, R, j, c, C = (
            rng.randint(1, H - 2),
            rng.randint(1, H - 2),
            rng.randint(1, W - 2),
            rng.randint(0, W - 2),
            rng.randint(0, W - 2),
        )
        if abs(r - R) < 2 or j - 2 < c < j + 1 or j - 2 < C < j + 1:
            continue
        g = [[b if rng.random() > n / 12 else f for _ in range(W)] for _ in range(H)]
        d, s = (R > r) * 2 - 1, (j > c) * 2 - 1
        for x in range(min(c, j), max(c, j) + 2):
            g[r][x] = b
        for x in range(min(C, j), max(C, j) + 2):
            g[R][x] = b
        for i in range(min(r, R), max(r, R) + 1):
            g[i][j] = b
        g[r][c] = g[r][c + 1] = 3
        g[R][C] = g[R][C + 1] = 2
        g[r][j + s] = g[R + d][j] = f
        if len(_paths066_g(g)) == 1 and _walks066(g) == 1:  # no second way, as in every example
            return [list(x) for x in zip(*g, strict=False)] if n == 4 else g


def templates_onto_markers(g):  # templates moved (in any of 8 orientations) onto loose markers
    H, W = len(g), len(g[0])
    comps = parts(g, bool)
    loose = {c: g[c[0]][c[1]] for comp in comps if len(comp) < 4 for c in comp}
    out = [[0] * W for _ in range(H)]
    for (a, b), v in loose.items():
        out[a][b] = v
    turns = [lambda a, b: (a, b), lambda a, b: (b, -a), lambda a, b: (-a, -b), lambda a, b: (-b, a)]
    for comp in comps:
        if len(comp) < 4:
            continue
        body = Counter(g[a][b] for a, b in comp).most_common(1)[0][0]
        marks = [c for c in comp if g[c[0]][c[1]] != body]
        for turn in turns:
            for flip in (False, True):
                f = {c: turn(c[0], -c[1] if flip else c[1]) for c in comp}
                m0 = f[marks[0]]
                for (a, b), v in loose.items():
                    if v != g[marks[0][0]][marks[0][1]]:
                        continue
                    da, db = a - m0[0], b - m0[1]
                    if all(loose.get((f[m][0] + da, f[m][1] + db)) == g[m[0]][m[1]] for m in marks):
                        for c in comp:
                            x, y = f[c]
                            if 0 <= x + da < H and 0 <= y + db < W:
                                out[x + da][y + db] = g[c[0]][c[1]]
    return out


def draw_templates_onto_markers(rng, n):  # one template at the top left, n-2 turned copies' markers
    while True:
        body, edge = blob(rng, 3)
        marks = rng.sample(edge, 3)
        (a0, b0), (a1, b1), (a2, b2) = marks
        if (a1 - a0) * (b2 - b0) != (a2 - a0) * (b1 - b0):  # not in one line, so one way fits
            break
    bc, *mc = rng.sample(range(1, 10), 4)
    shape = {c: bc for c in body} | dict(zip(marks, mc, strict=True))
    S = 16
    g = [[0] * S for _ in range(S)]
    for a, b in shape:
        g[a + 1][b + 1] = shape[a, b]
    taken = {(a + 1, b + 1) for a, b in shape}
    for _ in range(n - 2):
        k, flip = rng.randrange(4), rng.random() < 0.5
        pts = {}
        for (a, b), v in shape.items():
            b = -b if flip else b
            for _ in range(k):
                a, b = b, -a
            pts[a, b] = v
        lo_a, lo_b = min(a for a, b in pts), min(b for a, b in pts)
        for _ in range(50):
            oa, ob = rng.randrange(7, S - 5) - lo_a, rng.randrange(0, S - 5) - lo_b
            box = {
                (a + oa + da, b + ob + db) for a, b in pts for da in (-1, 0, 1) for db in (-1, 0, 1)
            }
            if all(0 <= a + oa < S and 0 <= b + ob < S for a, b in pts) and not box & taken:
                taken |= box
                for (a, b), v in pts.items():
                    if v != bc:
                        g[a + oa][b + ob] = v
                break
    # as in every example of task018: every group of 4+ non-0 cells joined by sides or corners
    # is joined by sides alone (templates are side-connected; loose markers never touch them)
    four = sorted(map(sorted, parts(g, bool)))
    if all(sorted(p) in four for p in parts(g, bool, True) if len(p) > 3):
        return g
    return draw_templates_onto_markers(rng, n)


def closed_rooms_filled(g):  # 0-regions that are rectangles with clean corners become 4
    H, W = len(g), len(g[0])
    out = [r[:] for r in g]
    for comp in parts(g, lambda v: v == 0):
        t, b = min(a for a, _ in comp) - 1, max(a for a, _ in comp) + 1
        lf, rt = min(c for _, c in comp) - 1, max(c for _, c in comp) + 1
        if len(comp) != (b - t - 1) * (rt - lf - 1):
            continue
        beyond = [
            (t - 1, lf),
            (t, lf - 1),
            (t - 1, rt),
            (t, rt + 1),
            (b + 1, lf),
            (b, lf - 1),
            (b + 1, rt),
            (b, rt + 1),
        ]
        if any(0 <= y < H and 0 <= x < W and g[y][x] == 5 for y, x in beyond):
            continue
        for a, c in comp:
            out[a][c] = 4
    return out


def draw_closed_rooms_filled(rng, n):  # n boxes of 5 and lines of 5 from their sides to the edge
    S = rng.randint(12, 16)
    g = [[0] * S for _ in range(S)]
    boxes = []
    for _ in range(n * 5):
        if len(boxes) == n:
            break
        h, w = rng.randint(3, 6), rng.randint(3, 6)
        a, b = rng.randrange(S - h + 1), rng.randrange(S - w + 1)
        if any(
            a < A + H + 1 and A < a + h + 1 and b < B + W + 1 and B < b + w + 1
            for A, B, H, W in boxes
        ):
            continue
        boxes.append((a, b, h, w))
        for y in range(a, a + h):
            for x in range(b, b + w):
                if y in (a, a + h - 1) or x in (b, b + w - 1):
                    g[y][x] = 5
    for a, b, h, w in boxes:
        for _ in range(rng.randint(0, 2)):
            side = rng.randrange(4)
            if side < 2:
                y, x, dy, dx = (
                    a if side == 0 else a + h - 1,
                    rng.randrange(b, b + w),
                    -1 if side == 0 else 1,
                    0,
                )
            else:
                y, x, dy, dx = (
                    rng.randrange(a, a + h),
                    b if side == 2 else b + w - 1,
                    0,
                    -1 if side == 2 else 1,
                )
            y, x = y + dy, x + dx
            while 0 <= y < S and 0 <= x < S:
                g[y][x] = 5
                y, x = y + dy, x + dx
    return g


def bends_coloured(g):  # lines and Ls 1, box outlines 6, the rest 2
    out = [r[:] for r in g]
    for comp in parts(g, bool):
        t, b = min(a for a, _ in comp), max(a for a, _ in comp)
        lf, rt = min(c for _, c in comp), max(c for _, c in comp)
        if len(comp) == (b - t + 1) + (rt - lf + 1) - 1:
            colour = 1
        elif all(a in (t, b) or c in (lf, rt) for a, c in comp):
            colour = 6
        else:
            colour = 2
        for a, c in comp:
            out[a][c] = colour
    return out


def draw_bends_coloured(rng, n):  # n Ls, Us and Hs of 3, apart
    # only RE-ARC's L, U and H shapes (a top bar, a stem inside it, a foot), in any of the 8
    # turns, as in every example of task364
    S = 14
    g = [[0] * S for _ in range(S)]

    def bar(a, b, c, d):
        return {(y, x) for y in range(a, c + 1) for x in range(b, d + 1)}

    for _ in range(n * 10):
        if n == 0:
            break
        kind = rng.randrange(3)
        h, w = rng.randint(2 + kind // 2, 6), rng.randint(2 + (kind > 0), 6)
        if kind == 0:
            cells = bar(0, 0, h - 1, 0) | bar(0, 0, 0, w - 1)
        elif kind == 1:
            cells = bar(0, 0, 0, w - 1) | bar(0, 0, rng.randint(1, h - 1), 0)
            cells |= bar(0, w - 1, rng.randint(1, h - 1), w - 1)
        else:
            s = rng.randint(1, w - 2)
            cells = bar(0, 0, 0, w - 1) | bar(0, s, h - 1, s)
            cells |= bar(h - 1, s, h - 1, s + rng.randint(1, w - 1))
        for _ in range(rng.randrange(4)):
            cells = {(x, -y) for y, x in cells}
        if rng.random() < 0.5:
            cells = {(x, y) for y, x in cells}
        y0, x0 = rng.randrange(S), rng.randrange(S)
        cells = {(y + y0, x + x0) for y, x in cells}
        near = {
            (a + da, b + db)
            for a, b in cells
            for da, db in ((0, 0), (0, 1), (1, 0), (0, -1), (-1, 0))
        }
        if not all(0 <= a < S and 0 <= b < S for a, b in cells) or any(
            0 <= a < S and 0 <= b < S and g[a][b] for a, b in near
        ):
            continue
        for a, b in cells:
            g[a][b] = 3
        n -= 1
    return g


def nested_boxes_continued(g):  # more boxes outward at the inner two's spacing; the rest 5
    H, W = len(g), len(g[0])
    colour = max(max(r) for r in g)
    boxes = []
    for comp in parts(g, bool):
        ys, xs = [a for a, _ in comp], [b for _, b in comp]
        boxes.append((min(ys), max(ys), min(xs), max(xs), comp))
    inner = min(boxes, key=lambda e: max(e[1] - e[0], e[3] - e[2]))
    others = [e for e in boxes if e is not inner]
    near = min(
        others, key=lambda e: min(abs(a - c) + abs(b - d) for a, b in inner[4] for c, d in e[4])
    )
    t, b, lf, rt = inner[:4]
    dy = max(near[1] - b, t - near[0])
    dx = max(near[3] - rt, lf - near[2])
    out = [[v or 5 for v in r] for r in g]
    for k in range(1, 16):
        top, bot, left, right = t - k * dy, b + k * dy, lf - k * dx, rt + k * dx
        for y in range(top, bot + 1):
            for x in range(left, right + 1):
                if (y in (top, bot) or x in (left, right)) and 0 <= y < H and 0 <= x < W:
                    out[y][x] = colour
    return out


# an inner box and one or two more around it, spaced evenly: as far apart across rows as across
# columns, as in every example of task392
def draw_nested_boxes_continued(rng, n):
    while True:
        S = 10  # 10x10, as in every example of task392
        h, w, dy = rng.randint(1, 3), rng.randint(1, 3), rng.randint(2, 3)
        dx = dy
        m = rng.randint(1, 2)
        t, lf = rng.randint(m * dy, S - 1), rng.randint(m * dx, S - 1)
        # at spacing 3 no row holds C,0,C (no inner box 3 wide), as in every example of task392
        if dy == 3 and w == 3:
            continue
        if t + h - 1 + m * dy < S and lf + w - 1 + m * dx < S:
            break
    colour = rng.randint(1, 9)
    g = [[0] * S for _ in range(S)]
    for k in range(m + 1):
        top, bot, left, right = t - k * dy, t + h - 1 + k * dy, lf - k * dx, lf + w - 1 + k * dx
        for y in range(top, bot + 1):
            for x in range(left, right + 1):
                if y in (top, bot) or x in (left, right):
                    g[y][x] = colour
    return g


def template_scaled_to_keys(g):  # the template scaled onto each shape's key block
    H, W = len(g), len(g[0])
    shapes = parts(g, bool, corners=True)
    colours = {v for r in g for v in r if v}
    key = max(colours, key=lambda c: sum(any(g[a][b] == c for a, b in s) for s in shapes))

    def keys(s):
        return [(a, b) for a, b in s if g[a][b] == key]

    fewest = min(len(keys(s)) for s in shapes)
    template = max((s for s in shapes if len(keys(s)) == fewest), key=len)
    ty, tx = min(a for a, _ in keys(template)), min(b for _, b in keys(template))
    out = [r[:] for r in g]
    for s in shapes:
        ks = keys(s)
        oy, ox = min(a for a, _ in ks), min(b for _, b in ks)
        k = max(b for _, b in ks) - ox + 1
        other = max({g[a][b] for a, b in s} - {key})
        for a, b in template:
            for da in range(k):
                for db in range(k):
                    y, x = oy + (a - ty) * k + da, ox + (b - tx) * k + db
                    if 0 <= y < H and 0 <= x < W:
                        out[y][x] = key if g[a][b] == key else other
    return out


def draw_template_scaled_to_keys(rng, n):  # a template and n-2 key blocks, each with one more block
    S = 18
    key, tc, *cs = rng.sample(range(1, 10), 6)
    shape = {(1, 1)}
    while len(shape) < rng.randint(3, 6):
        a, b = rng.choice(sorted(shape))
        shape.add((min(2, max(0, a + rng.randint(-1, 1))), min(2, max(0, b + rng.randint(-1, 1)))))
    anchor = rng.choice(sorted(shape))
    # key touches its block side by side, never only diagonally, as in every example of task133
    near = [c for c in shape if abs(c[0] - anchor[0]) + abs(c[1] - anchor[1]) == 1]
    if not near:
        shape.add((anchor[0], anchor[1] + 1) if anchor[1] < 2 else (anchor[0], anchor[1] - 1))
        near = [c for c in shape if abs(c[0] - anchor[0]) + abs(c[1] - anchor[1]) == 1]
    g = [[0] * S for _ in range(S)]
    taken = set()
    keys = []  # (row, column, block size) of each placed key block's top-left cell
    for _ in range(60):
        placed = len(keys)
        k = 1 if placed == 0 else rng.randint(1, 3)
        oy, ox = rng.randrange(S - 3 * k + 1), rng.randrange(S - 3 * k + 1)
        box = {(y, x) for y in range(oy - 1, oy + 3 * k + 1) for x in range(ox - 1, ox + 3 * k + 1)}
        if box & taken:
            continue
        taken |= box
        if placed == 0:
            cells = {c: (key if c == anchor else tc) for c in shape}
        else:
            cells = {anchor: key, rng.choice(near): cs[placed % 4]}
        for (a, b), v in cells.items():
            for da in range(k):
                for db in range(k):
                    g[oy + a * k + da][ox + b * k + db] = v
        keys.append((oy + anchor[0] * k, ox + anchor[1] * k, k))
        if len(keys) == n - 1:
            break
    # as in every example of task133: from each key cell, the cells k (its block size) away in
    # the four directions show at most one colour (only its partner block; no other object)
    for ky, kx, k in keys:
        for y in range(ky, ky + k):
            for x in range(kx, kx + k):
                seen = {
                    g[y + dy * k][x + dx * k]
                    for dy, dx in ((0, 1), (0, -1), (1, 0), (-1, 0))
                    if 0 <= y + dy * k < S and 0 <= x + dx * k < S
                } - {0}
                if len(seen) > 1:
                    return draw_template_scaled_to_keys(rng, n)
    return g


def _runs(line, c):  # the lengths of the runs of c in line
    out, cur = [], 0
    for x in line + [None]:
        if x == c:
            cur += 1
        elif cur:
            out.append(cur)
            cur = 0
    return out


def nested_corner_frames(g):  # nest the colour frames by size (size = 2*arm + gap between the arms)
    H, W = len(g), len(g[0])
    cells = [c for r in g for c in r]
    bg = max(set(cells), key=cells.count)
    lines = [list(r) for r in g] + [[g[i][j] for i in range(H)] for j in range(W)]
    info = []
    for c in set(cells) - {bg}:
        arm = max(max(_runs(line, c), default=0) for line in lines)
        size = 0
        for line in lines:
            if arm not in _runs(line, c):
                continue
            idx = [i for i, x in enumerate(line) if x == c]
            gap = idx[-1] - idx[0] + 1 - len(idx)
            size = max(size, 2 * arm + gap if gap else arm)
        info.append((size, arm, c))
    info.sort(reverse=True)
    k = len([t for t in info if t[1] > 1])
    n = 2 * k + 1
    out = [[bg] * n for _ in range(n)]
    for layer, (_, arm, c) in enumerate(info):
        for a in range(n):
            for b in range(n):
                u, v = min(a, n - 1 - a), min(b, n - 1 - b)
                if min(u, v) == layer and abs(u - v) < arm:
                    out[a][b] = c
    return out


def draw_nested_corner_frames(
    rng, n
):  # frames of sizes 2d+1, 2d-1, ..., each placed (maybe cropped on one side) apart
    d = n - 1
    cols = rng.sample(range(1, 10), d + 1)
    S = 16
    shapes = [(2 * (d - i) + 1, rng.randint(2, d - i + 1), cols[i]) for i in range(d)] + [
        (1, 1, cols[d])
    ] * rng.randint(0, 1)
    while True:
        g = [[0] * S for _ in range(S)]
        ok = True
        for s, L, c in shapes:
            pts = [
                (i, j)
                for i in range(s)
                for j in range(s)
                if min(i, j, s - 1 - i, s - 1 - j) == 0
                and abs(min(i, s - 1 - i) - min(j, s - 1 - j)) < L
            ]
            for _ in range(50):
                y, x = rng.randint(0, S - s), rng.randint(0, S - s)
                dh = max(0, s // 2 - 1)
                y, x = rng.choice([(y, x), (y - dh, x), (y + dh, x), (y, x - dh), (y, x + dh)])
                q = [(y + i, x + j) for i, j in pts if 0 <= y + i < S and 0 <= x + j < S]
                if all(
                    g[a][b] == 0
                    and all(
                        g[a2][b2] in (0, c)
                        for a2 in range(max(0, a - 1), min(S, a + 2))
                        for b2 in range(max(0, b - 1), min(S, b + 2))
                    )
                    for a, b in q
                ):
                    break
            else:
                ok = False
                break
            for a, b in q:
                g[a][b] = c
        if ok:
            return g


def diagonal_corner_rays(
    g,
):  # extend each diagonal single beyond the 2x2 block's corner to the border
    H, W = len(g), len(g[0])
    out = [list(r) for r in g]
    for i in range(H - 1):
        for j in range(W - 1):
            if g[i][j] and g[i][j + 1] and g[i + 1][j] and g[i + 1][j + 1]:
                for (ki, kj), (di, dj) in (
                    ((i, j), (-1, -1)),
                    ((i, j + 1), (-1, 1)),
                    ((i + 1, j), (1, -1)),
                    ((i + 1, j + 1), (1, 1)),
                ):
                    si, sj = ki + di, kj + dj
                    if 0 <= si < H and 0 <= sj < W and g[si][sj]:
                        while 0 <= si < H and 0 <= sj < W:
                            out[si][sj] = g[ki + di][kj + dj]
                            si += di
                            sj += dj
    return out


def draw_diagonal_corner_rays(
    rng, n
):  # a 10x10 grid: a one-colour 2x2 block plus 0-4 diagonal singles at its corners
    H, W = 10, 10  # 10x10 and one colour, as in every example of task190
    g = [[0] * W for _ in range(H)]
    i, j = rng.randint(0, H - 2), rng.randint(0, W - 2)
    c = rng.randint(1, 9)
    for (a, b), (da, db) in (
        ((0, 0), (-1, -1)),
        ((0, 1), (-1, 1)),
        ((1, 0), (1, -1)),
        ((1, 1), (1, 1)),
    ):
        g[i + a][j + b] = c
        if rng.random() < 0.6 and 0 <= i + a + da < H and 0 <= j + b + db < W:
            g[i + a + da][j + b + db] = c
    return g


def dots_stick_to_lines(
    g,
):  # move each dot next to the full line of its colour, on its side; drop unmatched dots
    H, W = len(g), len(g[0])
    cols = {j: g[0][j] for j in range(W) if g[0][j] and all(g[i][j] == g[0][j] for i in range(H))}
    if not cols:
        t = dots_stick_to_lines([list(r) for r in zip(*g, strict=False)])
        return [list(r) for r in zip(*t, strict=False)]
    out = [[cols.get(j, 0) for j in range(W)] for i in range(H)]
    for i in range(H):
        for j in range(W):
            if j not in cols and g[i][j]:
                for k, c in cols.items():
                    if c == g[i][j]:
                        out[i][k - 1 if j < k else k + 1] = c
    return out


def draw_dots_stick_to_lines(
    rng, n
):  # 1-3 full lines (distinct colours, 3+ apart) and scattered dots
    H, W = rng.randint(6, 15), rng.randint(n + 6, 16)
    g = [[0] * W for _ in range(H)]
    ks = sorted(rng.sample(range(W), rng.randint(1, 3)))
    ks = [k for a, k in enumerate(ks) if a == 0 or k - ks[a - 1] >= 3]
    cs = rng.sample(range(1, 10), len(ks) + 1)
    for _ in range(rng.randint(1, 2 * n)):
        i, j = rng.randrange(H), rng.randrange(W)
        # never on or beside a line, as in every example of task025
        if all(abs(j - k) > 1 for k in ks):
            g[i][j] = rng.choice(cs)
    for k, c in zip(ks, cs, strict=False):
        for i in range(H):
            g[i][k] = c
    return g if rng.random() < 0.5 else [list(r) for r in zip(*g, strict=False)]


def size6_components(g):  # each 4-connected shape: size 6 -> colour 2, other sizes -> colour 1
    H, W = len(g), len(g[0])
    out = [[0] * W for _ in range(H)]
    for comp in parts(g, bool):
        for a, b in comp:
            out[a][b] = 2 if len(comp) == 6 else 1
    return out


def draw_size6_components(rng, n):  # random blobs of 5 (3..8 cells), not touching each other
    H, W = rng.randint(8, 14), rng.randint(8, 14)
    g = [[0] * W for _ in range(H)]
    for _ in range(2 * n):
        a, b = rng.randrange(H), rng.randrange(W)
        blob = {(a, b)}
        for _ in range(rng.randint(2, 7)):
            x, y = rng.choice(sorted(blob))
            d = rng.choice(((0, 1), (1, 0), (0, -1), (-1, 0)))
            if 0 <= x + d[0] < H and 0 <= y + d[1] < W:
                blob.add((x + d[0], y + d[1]))
        if all(
            not (0 <= x + dx < H and 0 <= y + dy < W and g[x + dx][y + dy])
            for x, y in blob
            for dx, dy in ((0, 0), (0, 1), (1, 0), (0, -1), (-1, 0))
        ):
            for x, y in blob:
                g[x][y] = 5
    return g


def clamp_to_block_ring(g):  # move every 5 to the closest cell around the 2x2 block
    H, W = len(g), len(g[0])
    m, n = min((i, j) for i in range(H) for j in range(W) if g[i][j] == 2)
    out = [[2 if c == 2 else 0 for c in r] for r in g]
    for i in range(H):
        for j in range(W):
            if g[i][j] == 5:
                out[max(m - 1, min(i, m + 2))][max(n - 1, min(j, n + 2))] = 5
    return out


def draw_clamp_to_block_ring(rng, n):  # a 2x2 block of 2 and a few 5s outside the 4x4 box around it
    H, W = 10, 10  # as in every example of task250
    g = [[0] * W for _ in range(H)]
    m, k = rng.randint(1, H - 3), rng.randint(1, W - 3)
    for a in range(2):
        for b in range(2):
            g[m + a][k + b] = 2
    seen = set()  # no two 5s go to the same ring cell, as in every example of task250
    for _ in range(n):
        a, b = rng.randrange(H), rng.randrange(W)
        to = (max(m - 1, min(a, m + 2)), max(k - 1, min(b, k + 2)))
        if not (m - 1 <= a <= m + 2 and k - 1 <= b <= k + 2) and to not in seen:
            seen.add(to)
            g[a][b] = 5
    return g


def dots_into_block(g):  # each dot replaces the block cell of its quadrant; everything else cleared
    H, W = len(g), len(g[0])
    m, n = min((i, j) for i in range(H) for j in range(W) if g[i][j] == 8)
    out = [[0] * W for _ in range(H)]
    for i in range(H):
        for j in range(W):
            if g[i][j] not in (0, 8):
                out[m + (i > m)][n + (j > n)] = g[i][j]
    return out


def draw_dots_into_block(rng, n):  # 10x10, a 2x2 block of 8 and one dot in each quadrant around it
    g = [[0] * 10 for _ in range(10)]
    m, k = rng.randint(1, 7), rng.randint(1, 7)
    for a in range(2):
        for b in range(2):
            g[m + a][k + b] = 8
    for (r0, r1), (c0, c1), c in zip(
        [(0, m - 1)] * 2 + [(m + 2, 9)] * 2,
        [(0, k - 1), (k + 2, 9)] * 2,
        rng.sample([1, 2, 3, 4, 5, 6, 7, 9], 4),
        strict=False,
    ):
        g[rng.randint(r0, r1)][rng.randint(c0, c1)] = c
    return g


def size_to_colour(g):  # colour = 5 - size of the 4-connected shape (sizes 2, 3, 4)
    H, W = len(g), len(g[0])
    out = [[0] * W for _ in range(H)]
    for comp in parts(g, bool):
        for a, b in comp:
            out[a][b] = {2: 3, 3: 2, 4: 1}[len(comp)]
    return out


def draw_size_to_colour(rng, n):  # blobs of 5 with 2, 3 or 4 cells, not touching each other
    H, W = rng.randint(8, 12), rng.randint(8, 12)
    g = [[0] * W for _ in range(H)]
    for _ in range(2 * n):
        a, b = rng.randrange(H), rng.randrange(W)
        blob = {(a, b)}
        size = rng.randint(2, 4)
        for _ in range(30):
            if len(blob) == size:
                break
            x, y = rng.choice(sorted(blob))
            d = rng.choice(((0, 1), (1, 0), (0, -1), (-1, 0)))
            if 0 <= x + d[0] < H and 0 <= y + d[1] < W:
                blob.add((x + d[0], y + d[1]))
        if len(blob) == size and all(
            not (0 <= x + dx < H and 0 <= y + dy < W and g[x + dx][y + dy])
            for x, y in blob
            for dx, dy in ((0, 0), (0, 1), (1, 0), (0, -1), (-1, 0))
        ):
            for x, y in blob:
                g[x][y] = 5
    return g


def ring_around_crossing(
    g,
):  # 4 on the cells just outside the intersection of the full rows and full columns
    H, W = len(g), len(g[0])
    rows = [i for i in range(H) if all(g[i])]
    cols = [j for j in range(W) if all(g[i][j] for i in range(H))]
    out = [list(r) for r in g]
    for i in range(rows[0] - 1, rows[-1] + 2):
        for j in range(cols[0] - 1, cols[-1] + 2):
            inside = rows[0] <= i <= rows[-1] and cols[0] <= j <= cols[-1]
            if 0 <= i < H and 0 <= j < W and not inside:
                out[i][j] = 4
    return out


def draw_ring_around_crossing(
    rng, n
):  # a horizontal line and a vertical line (1 thick, as in every example) crossing on a 0 grid
    H, W = rng.randint(n + 1, 12), rng.randint(n + 1, 12)
    g = [[0] * W for _ in range(H)]
    a, b = rng.sample([1, 2, 3, 5, 6, 7, 8, 9], 2)
    y, x = rng.randint(1, H - 2), rng.randint(1, W - 2)  # never on the border (every example)
    for i in range(H):
        for j in range(W):
            if i == y:
                g[i][j] = a
            if j == x and (g[i][j] == 0 or rng.random() < 0.5):
                g[i][j] = b
    return g


def rarest_lines_kept(g):  # the bounding box of the least frequent non-zero colour
    cells = [c for r in g for c in r if c]
    m = min(set(cells), key=cells.count)
    pos = [(i, j) for i, r in enumerate(g) for j, c in enumerate(r) if c == m]
    i0, i1 = min(p[0] for p in pos), max(p[0] for p in pos)
    j0, j1 = min(p[1] for p in pos), max(p[1] for p in pos)
    return [r[j0 : j1 + 1] for r in g[i0 : i1 + 1]]


def draw_rarest_lines_kept(
    rng, n
):  # 2x2 blocks of noisy colour split by blank lines; one block has its own colour
    while True:
        hs = [rng.randint(2, 6), rng.randint(2, 6)]
        ws = [rng.randint(2, 6), rng.randint(2, 6)]
        gh, gw = rng.randint(1, 3), rng.randint(1, 3)
        g = [[0] * (ws[0] + gw + ws[1]) for _ in range(hs[0] + gh + hs[1])]
        a, b = rng.sample(range(1, 10), 2)
        odd = rng.randrange(4)
        for q in range(4):
            y0, x0 = (q // 2) * (hs[0] + gh), (q % 2) * (ws[0] + gw)
            c = b if q == odd else a
            for i in range(hs[q // 2]):
                for j in range(ws[q % 2]):
                    g[y0 + i][x0 + j] = c * (rng.random() < 0.7)
            for i in range(hs[q // 2]):
                g[y0 + i][x0 + rng.randrange(ws[q % 2])] = c
            for j in range(ws[q % 2]):
                g[y0 + rng.randrange(hs[q // 2])][x0 + j] = c
        f = sum(g, [])
        if f.count(b) < f.count(a):
            return g


def rarest_frame_crop(g):  # the bounding box of the least frequent colour
    cells = [c for r in g for c in r]
    m = min(set(cells), key=cells.count)
    rows = [i for i, r in enumerate(g) if m in r]
    cols = [j for j in range(len(g[0])) if any(r[j] == m for r in g)]
    return [r[cols[0] : cols[-1] + 1] for r in g[rows[0] : rows[-1] + 1]]


def draw_rarest_frame_crop(
    rng, n
):  # a noisy pattern of 0-4 with a frame of a new colour drawn over it
    while True:
        H, W = rng.randint(10, 16), rng.randint(10, 16)
        g = [[rng.randint(0, 4) for _ in range(W)] for _ in range(H)]
        s = rng.randint(3, 7)
        y, x = rng.randint(0, H - s), rng.randint(0, W - s)
        c = rng.randint(5, 9)
        for i in range(s):
            for j in range(s):
                if min(i, j, s - 1 - i, s - 1 - j) == 0:
                    g[y + i][x + j] = c
        f = sum(g, [])
        if all(f.count(k) > f.count(c) for k in range(5)):
            return g


def frame_nearest_side(
    g,
):  # crop frame; put 8-shape inside; each 8 takes colour of its unique nearest side
    H, W = len(g), len(g[0])
    fc = [(y, x) for y in range(H) for x in range(W) if g[y][x] not in (0, 8)]
    ec = [(y, x) for y in range(H) for x in range(W) if g[y][x] == 8]
    y0 = min(y for y, x in fc)
    y1 = max(y for y, x in fc)
    x0 = min(x for y, x in fc)
    x1 = max(x for y, x in fc)
    out = [[g[y][x] for x in range(x0, x1 + 1)] for y in range(y0, y1 + 1)]
    n = len(out) - 1
    sy = min(y for y, x in ec)
    sx = min(x for y, x in ec)
    for y, x in ec:
        i, j = y - sy + 1, x - sx + 1
        d = [(i, out[0][j]), (n - i, out[n][j]), (j, out[i][0]), (n - j, out[i][n])]
        m = min(t[0] for t in d)
        near = [c for t, c in d if t == m]
        out[i][j] = near[0] if len(near) == 1 else 8
    return out


def draw_frame_nearest_side(
    rng, n
):  # frame of size n+2 and an 8-shape with an n x n box, side by side
    z = n
    g = [[0] * (2 * z + 5) for _ in range(z + 3)]
    a, b, c, d = rng.sample([1, 2, 3, 4, 5, 6, 7, 9], 4)
    fy = rng.randint(0, 1)
    for k in range(1, z + 1):
        g[fy][k], g[fy + z + 1][k], g[fy + k][0], g[fy + k][z + 1] = a, b, c, d
    sy = rng.randint(0, 3)
    sx = z + 3 + rng.randint(0, 1)
    for y in range(z):
        for x in range(z):
            if rng.random() < 0.5 or x == y:
                g[sy + y][sx + x] = 8
    return [list(r) for r in zip(*g, strict=False)] if rng.random() < 0.5 else g


def upscale_square_diagonals(
    g,
):  # upscale by #colours-1, then rays from the square's corners paint 0s with 2
    k = len({c for r in g for c in r}) - 1
    G = [[g[y // k][x // k] for x in range(len(g[0]) * k)] for y in range(len(g) * k)]
    cells = [(y, x) for y in range(4 * k) for x in range(4 * k) if G[y][x]]
    y0 = min(y for y, x in cells)
    y1 = max(y for y, x in cells)
    x0 = min(x for y, x in cells)
    x1 = max(x for y, x in cells)
    for (y, x), (dy, dx) in [
        ((y0, x0), (-1, -1)),
        ((y0, x1), (-1, 1)),
        ((y1, x0), (1, -1)),
        ((y1, x1), (1, 1)),
    ]:
        while 0 <= y < len(G) and 0 <= x < len(G[0]):
            if G[y][x] == 0:
                G[y][x] = 2
            y += dy
            x += dx
    return G


def draw_upscale_square_diagonals(
    rng, n
):  # 5x5: a 2x2 square over the cell (1, 1), as in every example, border of n-2 colours
    g = [[0] * 5 for _ in range(5)]
    s, *cols = rng.sample([1, 3, 4, 5, 6, 7, 8, 9], n - 1)
    a, b = rng.choice([(0, 1), (1, 0), (1, 1)])
    for y in (a, a + 1):
        for x in (b, b + 1):
            g[y][x] = s
    # the border is symmetric (row 4 equals column 4), as in every example of task107
    seq = sorted(cols + [rng.choice(cols) for _ in range(5 - len(cols))], key=cols.index)
    for y, c in enumerate(seq):
        g[y][4] = g[4][y] = c
    return g


def square_holes_by_size(g):  # 4-connected 0-regions of size 1, 4, 9 become 6, 7, 8
    o = [r[:] for r in g]
    for comp in parts(g, lambda v: v == 0):
        if len(comp) in (1, 4, 9):
            for y, x in comp:
                o[y][x] = {1: 6, 4: 7, 9: 8}[len(comp)]
    return o


def draw_square_holes_by_size(
    rng, n
):  # up to n hollow 5-squares (side 3..5), 1 cell apart, on a 12x12 grid
    g = [[0] * 12 for _ in range(12)]
    boxes = []
    for _ in range(40):
        s = rng.randint(3, 5)
        y, x = rng.randint(0, 12 - s), rng.randint(0, 12 - s)
        if len(boxes) < n and all(
            y > b + d or b > y + s or x > c + d or c > x + s for b, c, d in boxes
        ):
            boxes.append((y, x, s))
            for i in range(s):
                for j in range(s):
                    if i in (0, s - 1) or j in (0, s - 1):
                        g[y + i][x + j] = 5
    return g


def dots_fall_onto_band(
    g,
):  # per line across the band: count dots on each side, stack them against the band
    vert = all(5 in r for r in g)
    G = [list(r) for r in (g if vert else zip(*g, strict=False))]
    out = []
    for r in G:
        band = [i for i, v in enumerate(r) if v == 5]
        a, b = band[0], band[-1]
        up = sum(1 for v in r[:a] if v)
        dn = sum(1 for v in r[b + 1 :] if v)
        out.append([0] * (a - up) + [5] * (up + b - a + 1 + dn) + [0] * (len(r) - b - 1 - dn))
    return out if vert else [list(r) for r in zip(*out, strict=False)]


def draw_dots_fall_onto_band(rng, n):  # 14x14, a 5-band n-1 thick, ~12 dots of one colour around it
    H = 14
    g = [[0] * H for _ in range(H)]
    t = n - 1
    # the band never touches the border, as in every example of task093
    a = rng.randint(1, H - t - 1)
    for i in range(a, a + t):
        g[i] = [5] * H
    c = rng.choice([1, 2, 3, 4, 6, 7, 8, 9])
    for _ in range(12):
        y, x = rng.randrange(H), rng.randrange(H)
        if g[y][x] == 0:
            g[y][x] = c
    return [list(r) for r in zip(*g, strict=False)] if rng.random() < 0.5 else g


def ring_to_plus(
    g,
):  # 4-connected objects equal to the outline of a 3x3 box -> plus of 2 in that box
    o = [r[:] for r in g]
    for comp in parts(g, bool):
        y0 = min(y for y, x in comp)
        x0 = min(x for y, x in comp)
        if sorted(comp) == [
            (y0 + i, x0 + j) for i in range(3) for j in range(3) if (i, j) != (1, 1)
        ]:
            for i in range(3):
                for j in range(3):
                    o[y0 + i][x0 + j] = 2 if 1 in (i, j) else 0
    return o


def draw_ring_to_plus(
    rng, n
):  # 10x10: up to n+1 small shapes of 1 (rings, plus, block, L, bar), kept apart
    g = [[0] * 10 for _ in range(10)]
    used = set()
    shapes = [
        [(0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)],
        [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)],
        [(0, 0), (0, 1), (1, 0), (1, 1)],
        [(0, 0), (1, 0), (2, 0), (2, 1)],
        [(0, 0), (0, 1), (0, 2)],
    ]
    for _ in range(30):
        s = shapes[0] if rng.random() < 0.5 else rng.choice(shapes)
        y, x = rng.randint(0, 7), rng.randint(0, 7)
        cells = [(y + a, x + b) for a, b in s]
        if all(
            (a + d, b + e) not in used for a, b in cells for d in (-1, 0, 1) for e in (-1, 0, 1)
        ) and len(used) < 9 * (n + 1):
            for a, b in cells:
                g[a][b] = 1
                used.add((a, b))
    return g


def domino_outbox(g):  # 4-connected 2-objects of size 2 -> fill the 0s of their outbox with 3
    H, W = len(g), len(g[0])
    o = [r[:] for r in g]
    for part in parts(g, lambda v: v == 2):
        if len(part) == 2:
            (y, x), (y2, x2) = sorted(part)
            for a in range(y - 1, y2 + 2):
                for b in range(x - 1, x2 + 2):
                    if 0 <= a < H and 0 <= b < W and o[a][b] == 0:
                        o[a][b] = 3
    return o


def draw_domino_outbox(rng, n):  # 12x12: 4n lone 2s and n dominoes, no two pieces 4-adjacent
    g = [[0] * 12 for _ in range(12)]
    for k in range(5 * n):
        y, x = rng.randrange(12), rng.randrange(12)
        d = rng.choice([(0, 1), (1, 0)]) if k < n else (0, 0)
        cells = {(y, x), (y + d[0], x + d[1])}
        if all(
            a < 12
            and b < 12
            and all(
                not (0 <= a + i < 12 and 0 <= b + j < 12) or g[a + i][b + j] == 0
                for i, j in ((0, 0), (0, 1), (1, 0), (0, -1), (-1, 0))
            )
            for a, b in cells
        ):
            for a, b in cells:
                g[a][b] = 2
    return g


def rect_outbox_holes(
    g,
):  # per 4-connected 6-object: outbox cells -> 3, bbox cells not in the object -> 4
    H, W = len(g), len(g[0])
    o = [r[:] for r in g]
    for comp in parts(g, lambda v: v == 6):
        y0 = min(y for y, x in comp)
        y1 = max(y for y, x in comp)
        x0 = min(x for y, x in comp)
        x1 = max(x for y, x in comp)
        for y in range(y0 - 1, y1 + 2):
            for x in range(x0 - 1, x1 + 2):
                if 0 <= y < H and 0 <= x < W and g[y][x] == 8:
                    o[y][x] = 4 if y0 <= y <= y1 and x0 <= x <= x1 else 3
    return o


def draw_rect_outbox_holes(
    rng, n
):  # 15x15 of 8: up to n rectangles of 6 (solid or outline), 1+ cells apart
    g = [[8] * 15 for _ in range(15)]
    boxes = []
    for _ in range(40):
        h, w = rng.randint(2, 6), rng.randint(2, 6)
        y, x = rng.randint(0, 15 - h), rng.randint(0, 15 - w)
        hollow = rng.random() < 0.6
        if len(boxes) < n and all(
            y > b + d or b > y + h or x > c + e or c > x + w for b, c, d, e in boxes
        ):
            boxes.append((y, x, h, w))
            for i in range(h):
                for j in range(w):
                    if not hollow or i in (0, h - 1) or j in (0, w - 1):
                        g[y + i][x + j] = 6
    return g


def hole_parity_fill(g):  # 0-components that are filled squares -> 2 (even side) or 7 (odd side)
    o = [r[:] for r in g]
    for comp in parts(g, lambda v: v == 0):
        h = max(y for y, x in comp) - min(y for y, x in comp) + 1
        w = max(x for y, x in comp) - min(x for y, x in comp) + 1
        if h == w and len(comp) == h * w:
            for y, x in comp:
                o[y][x] = 7 if h % 2 else 2
    return o


def draw_hole_parity_fill(
    rng, n
):  # 14x14: up to n+1 square outlines of 1 (side 3..7), 1+ cells apart
    g = [[0] * 14 for _ in range(14)]
    boxes = []
    for _ in range(50):
        s = rng.randint(3, 7)
        y, x = rng.randint(0, 14 - s), rng.randint(0, 14 - s)
        if len(boxes) <= n and all(
            y > b + d or b > y + d2 or x > c + d or c > x + d2
            for b, c, d, d2 in [(b, c, d, s) for b, c, d in boxes]
        ):
            boxes.append((y, x, s))
            for i in range(s):
                for j in range(s):
                    if i in (0, s - 1) or j in (0, s - 1):
                        g[y + i][x + j] = 1
    return g


def slide_to_block(g):  # move the 2 shape straight toward the 8 shape until they are adjacent
    H, W = len(g), len(g[0])
    two = [(i, j) for i in range(H) for j in range(W) if g[i][j] == 2]
    ei = [i for i in range(H) for j in range(W) if g[i][j] == 8]
    ej = [j for i in range(H) for j in range(W) if g[i][j] == 8]
    ti = [i for i, j in two]
    tj = [j for i, j in two]
    di = dj = 0
    if max(ti) < min(ei):
        di = min(ei) - max(ti) - 1
    elif min(ti) > max(ei):
        di = max(ei) - min(ti) + 1
    elif max(tj) < min(ej):
        dj = min(ej) - max(tj) - 1
    else:
        dj = max(ej) - min(tj) + 1
    o = [[0 if v == 2 else v for v in r] for r in g]
    for i, j in two:
        o[i + di][j + dj] = 2
    return o


def draw_slide_to_block(
    rng, n
):  # a 2x2 block of 8 and a random 4-connected 2-shape beside it along one axis, with a gap
    H, W = rng.randint(10, 14), rng.randint(10, 14)
    g = [[0] * W for _ in range(H)]
    a, b = rng.randint(4, H - 6), rng.randint(4, W - 6)
    for i in (a, a + 1):
        for j in (b, b + 1):
            g[i][j] = 8
    cells = {(0, 0)}
    while len(cells) < n + 2:
        i, j = rng.choice(sorted(cells))
        u, v = rng.choice(((0, 1), (1, 0), (0, -1), (-1, 0)))
        if 0 <= i + u < 3 and 0 <= j + v < 3:
            cells.add((i + u, j + v))
    h, w = max(i for i, j in cells) + 1, max(j for i, j in cells) + 1
    side = rng.randrange(4)
    if side < 2:
        oi, oj = (
            rng.choice((rng.randint(0, a - 4), rng.randint(a + 3, H - 3))),
            rng.randint(b - w + 1, b + 1),
        )
    else:
        oi, oj = (
            rng.randint(a - h + 1, a + 1),
            rng.choice((rng.randint(0, b - 4), rng.randint(b + 3, W - 3))),
        )
    for i, j in cells:
        g[oi + i][oj + j] = 2
    return g


def framed_recolor(
    g,
):  # region strictly inside the 4 corner markers, shape cells painted the marker colour
    H, W = len(g), len(g[0])
    cells = [(i, j) for i in range(H) for j in range(W) if g[i][j]]
    top, left = cells[0]
    A = g[top][left]
    corners = [(i, j) for i, j in cells if g[i][j] == A]
    bot = max(i for i, j in corners)
    right = max(j for i, j in corners)
    return [[A if g[i][j] else 0 for j in range(left + 1, right)] for i in range(top + 1, bot)]


def draw_framed_recolor(
    rng, n
):  # four A markers at a rectangle's corners, a blob of B strictly inside
    H, W = rng.randint(n + 4, 14), rng.randint(n + 4, 14)
    h, w = rng.randint(n, H - 2), rng.randint(n, W - 2)
    t, lf = rng.randint(0, H - h - 2), rng.randint(0, W - w - 2)
    A, B = rng.sample(range(1, 10), 2)
    g = [[0] * W for _ in range(H)]
    for i in (t, t + h + 1):
        for j in (lf, lf + w + 1):
            g[i][j] = A
    for _ in range(h * w // 2):
        g[t + 1 + rng.randrange(h)][lf + 1 + rng.randrange(w)] = B
    return g


def corner_blocks(
    g,
):  # 4x4 blocks of 3 at the L's corner of the 9x9 canvas and diagonally next to it
    bottom = 3 in g[2]
    right = 3 in [r[2] for r in g]
    o = [[0] * 9 for _ in range(9)]
    for k in (0, 4):
        for i in range(k, k + 4):
            for j in range(k, k + 4):
                o[8 - i if bottom else i][8 - j if right else j] = 3
    return o


def draw_corner_blocks(rng, n):  # the 2 in the centre and the three 3s of one corner's 2x2 box
    g = [[0] * 3 for _ in range(3)]
    g[1][1] = 2
    a, b = rng.choice((0, 2)), rng.choice((0, 2))
    g[a][b] = g[a][1] = g[1][b] = 3
    return g


def box_fill_near(g):  # 8-connected objects; zeros inside each object's bounding box -> 7
    o = [r[:] for r in g]
    for obj in parts(g, bool, corners=True):
        for a in range(min(x for x, y in obj), max(x for x, y in obj) + 1):
            for b in range(min(y for x, y in obj), max(y for x, y in obj) + 1):
                if not g[a][b]:
                    o[a][b] = 7
    return o


def draw_box_fill_near(
    rng, n
):  # 9x9: two 8-connected shapes with a full 3x3 box, one box at rows 1-3 (columns 0-2 or 2-4), the
    # other at columns 5-7 (rows 4-6 or 6-8), not 8-adjacent: as in every example of task139
    while True:
        g = [[0] * 9 for _ in range(9)]
        for bi, bj in ((1, rng.choice((0, 2))), (rng.choice((4, 6)), 5)):
            while True:
                s = {(x, y) for x in range(3) for y in range(3) if rng.random() < 0.6}
                c = {min(s, default=0)}
                for _ in range(9):
                    c |= {(x, y) for x, y in s for a, b in c if abs(x - a) < 2 > abs(y - b)}
                if {x for x, y in s} == {0, 1, 2} == {y for x, y in s} and len(s) < 9 and c == s:
                    break
            for x, y in s:
                g[bi + x][bj + y] = 4
        if len(parts(g, bool, corners=True)) == 2:
            return g


def sealed_rooms(
    g,
):  # 4-connected zero regions that are full rectangles (size>1) -> 3, other zeros -> 4
    o = [r[:] for r in g]
    for reg in parts(g, lambda v: v == 0):
        xs = [a for a, b in reg]
        ys = [b for a, b in reg]
        rect = len(reg) == (max(xs) - min(xs) + 1) * (max(ys) - min(ys) + 1) and len(reg) > 1
        for a, b in reg:
            o[a][b] = 3 if rect else 4
    return o


def draw_sealed_rooms(
    rng, n
):  # nh x nw rooms of h x w zeros between wall lines, at most one gap per wall segment
    # square rooms of side 3-5 in a square grid of side 17-29, as in every example of task198
    h = w = rng.randint(3, 5)
    nh = nw = rng.randint(-(-18 // (h + 1)), 30 // (h + 1))
    L = rng.choice([1, 2, 5, 6, 7, 8, 9])
    H, W = nh * (h + 1) - 1, nw * (w + 1) - 1
    g = [[L if i % (h + 1) == h or j % (w + 1) == w else 0 for j in range(W)] for i in range(H)]
    for i in range(h, H, h + 1):
        for b in range(nw):
            rng.random() < 0.3 and g[i].__setitem__(b * (w + 1) + rng.randrange(w), 0)
    for j in range(w, W, w + 1):
        for b in range(nh):
            rng.random() < 0.3 and g[b * (h + 1) + rng.randrange(h)].__setitem__(j, 0)
    return g


def stamp_on_marker(
    g,
):  # paint the object (non-0, non-5 cells, 3x3 box) centred on the single 5 cell
    H, W = len(g), len(g[0])
    obj = [(i, j) for i in range(H) for j in range(W) if g[i][j] not in (0, 5)]
    a, b = [(i, j) for i in range(H) for j in range(W) if g[i][j] == 5][0]
    ci = (min(i for i, j in obj) + max(i for i, j in obj)) // 2
    cj = (min(j for i, j in obj) + max(j for i, j in obj)) // 2
    o = [r[:] for r in g]
    for i, j in obj:
        o[a + i - ci][b + j - cj] = g[i][j]
    return o


def draw_stamp_on_marker(
    rng, n
):  # a random 3x3 multicolour object (full middle row/column) and a 5 elsewhere
    H, W = rng.randint(7, 12), rng.randint(7, 12)
    g = [[0] * W for _ in range(H)]
    cols = rng.sample([1, 2, 3, 4, 6, 7, 8, 9], 3)
    box = [
        [rng.choice(cols) if (i == 1 or j == 1 or rng.random() < 0.5) else 0 for j in range(3)]
        for i in range(3)
    ]
    while True:
        oi, oj, a, b = (
            rng.randint(0, H - 3),
            rng.randint(0, W - 3),
            rng.randint(1, H - 2),
            rng.randint(1, W - 2),
        )
        if abs(oi + 1 - a) > 3 or abs(oj + 1 - b) > 3:
            break
    for i in range(3):
        for j in range(3):
            g[oi + i][oj + j] = box[i][j]
    g[a][b] = 5
    return g


def toward_away_rays(
    g,
):  # 2s extend vertically up to the 5 row, 1s extend vertically away from it to the edge
    H, W = len(g), len(g[0])
    B = [i for i in range(H) if all(v == 5 for v in g[i])][0]
    o = [r[:] for r in g]
    for i in range(H):
        for j in range(W):
            d = 1 if i < B else -1
            if g[i][j] == 2:
                k = i + d
                while k != B:
                    o[k][j] = o[k][j] or 2
                    k += d
            if g[i][j] == 1:
                k = i - d
                while 0 <= k < H:
                    o[k][j] = o[k][j] or 1
                    k -= d
    return o


def draw_toward_away_rays(
    rng, n
):  # a full row of 5s and a few 1/2 markers, at most one per column on each side
    H = W = 10  # as in every example of task212
    B = rng.randint(2, H - 3)
    g = [[0] * W for _ in range(H)]
    g[B] = [5] * W
    for rows in (range(0, B), range(B + 1, H)):
        for j in rng.sample(range(W), n):
            g[rng.choice(rows)][j] = rng.choice((1, 2))
    return g


def step_toward(g):  # move the 3 by one step (row sign, column sign) toward the 4
    H, W = len(g), len(g[0])
    ((a, b),) = [(i, j) for i in range(H) for j in range(W) if g[i][j] == 3]
    ((c, d),) = [(i, j) for i in range(H) for j in range(W) if g[i][j] == 4]
    o = [[0] * W for _ in range(H)]
    o[c][d] = 4
    o[a + (c > a) - (c < a)][b + (d > b) - (d < b)] = 3
    return o


def draw_step_toward(rng, n):  # one 3 and one 4 on a blank grid, not touching each other
    H, W = rng.randint(n, 3 * n), rng.randint(n, 3 * n)
    while True:
        a, b, c, d = rng.randrange(H), rng.randrange(W), rng.randrange(H), rng.randrange(W)
        if max(abs(a - c), abs(b - d)) > 1:
            break
    g = [[0] * W for _ in range(H)]
    g[a][b] = 3
    g[c][d] = 4
    return g


def dots_to_matching_side(
    g,
):  # interior dots matching a side's colour move beside that side; the rest vanish
    H, W = len(g), len(g[0])
    o = [[0] * W for _ in range(H)]
    for i in range(H):
        for j in range(W):
            if i in (0, H - 1) or j in (0, W - 1):
                o[i][j] = g[i][j]
    top, bot, lef, rig = g[0][1], g[H - 1][1], g[1][0], g[1][W - 1]
    for i in range(1, H - 1):
        for j in range(1, W - 1):
            c = g[i][j]
            if c == 0:
                continue
            if c == top:
                o[1][j] = c
            elif c == bot:
                o[H - 2][j] = c
            elif c == lef:
                o[i][1] = c
            elif c == rig:
                o[i][W - 2] = c
    return o


def draw_dots_to_matching_side(rng, n):  # 4 coloured sides, scattered dots well inside
    H, W = rng.randint(n + 3, 14), rng.randint(n + 3, 14)
    t, b, lf, r = rng.sample(range(1, 10), 4)
    g = [[0] * W for _ in range(H)]
    for j in range(1, W - 1):
        g[0][j], g[H - 1][j] = t, b
    for i in range(1, H - 1):
        g[i][0], g[i][W - 1] = lf, r
    for _ in range(rng.randint(1, n + 3)):
        g[rng.randint(2, H - 3)][rng.randint(2, W - 3)] = rng.randint(1, 9)
    return g


def dots_shoot_to_square(g):  # each dot sharing a row/column with the 3-block draws a line to it
    H, W = len(g), len(g[0])
    o = [r[:] for r in g]
    cells = [(i, j) for i in range(H) for j in range(W) if g[i][j] == 3]
    rows = {i for i, j in cells}
    cols = {j for i, j in cells}
    r0, r1, c0, c1 = min(rows), max(rows), min(cols), max(cols)
    for i in range(H):
        for j in range(W):
            c = g[i][j]
            if c in (0, 3):
                continue
            if r0 <= i <= r1:
                for k in range(j + 1, c0) if j < c0 else range(c1 + 1, j):
                    if o[i][k] == 0:
                        o[i][k] = c
            if c0 <= j <= c1:
                for k in range(i + 1, r0) if i < r0 else range(r1 + 1, i):
                    if o[k][j] == 0:
                        o[k][j] = c
    return o


def draw_dots_shoot_to_square(
    rng, n
):  # a 2x2 block of 3 and scattered dots, at most one per side of the block
    H, W = rng.randint(6, 13), rng.randint(6, 13)
    g = [[0] * W for _ in range(H)]
    a, b = rng.randrange(H - 1), rng.randrange(W - 1)
    for i in (a, a + 1):
        for j in (b, b + 1):
            g[i][j] = 3
    for _ in range(3 * n):
        i, j = rng.randrange(H), rng.randrange(W)
        if (
            g[i][j]
            or (a <= i <= a + 1 and any(g[i][k] for k in (range(b) if j < b else range(b + 2, W))))
            or (b <= j <= b + 1 and any(g[k][j] for k in (range(a) if i < a else range(a + 2, H))))
        ):
            continue
        g[i][j] = rng.choice([1, 2, 4, 5, 6, 7, 8, 9])
    return g


def rank_lines_by_length(g):  # colour each line by its length rank: longest 1, middle 4, shortest 2
    H, W = len(g), len(g[0])
    lines = parts(g, bool)
    sizes = sorted({len(c) for c in lines})
    o = [[0] * W for _ in range(H)]
    for c in lines:
        n = len(c)
        for i, j in c:
            o[i][j] = 1 if n == sizes[-1] else 2 if n == sizes[0] else 4
    return o


def draw_rank_lines_by_length(rng, n):  # three non-touching lines of 5 with distinct lengths
    H, W = rng.randint(8, 12), rng.randint(8, 12)
    g = [[0] * W for _ in range(H)]
    for L in rng.sample(range(1, 8), 3):
        while True:
            v = rng.random() < 0.5
            h, w = (L, 1) if v else (1, L)
            a, b = rng.randint(0, H - h), rng.randint(0, W - w)
            if not any(
                g[x][y]
                for x in range(max(a - 1, 0), min(a + h + 1, H))
                for y in range(max(b - 1, 0), min(b + w + 1, W))
            ):
                break
        for x in range(a, a + h):
            for y in range(b, b + w):
                g[x][y] = 5
    return g


def edge_dots_tint_block(g):  # each edge dot recolours the block cell facing it
    H, W = len(g), len(g[0])
    o = [r[:] for r in g]
    cells = [(i, j) for i in range(H) for j in range(W) if g[i][j] == 8]
    r0, r1 = min(i for i, j in cells), max(i for i, j in cells)
    c0, c1 = min(j for i, j in cells), max(j for i, j in cells)
    for i in range(r0, r1 + 1):
        if g[i][0]:
            o[i][c0] = g[i][0]
        if g[i][W - 1]:
            o[i][c1] = g[i][W - 1]
    for j in range(c0, c1 + 1):
        if g[0][j]:
            o[r0][j] = g[0][j]
        if g[H - 1][j]:
            o[r1][j] = g[H - 1][j]
    return o


def draw_edge_dots_tint_block(
    rng, n
):  # a block of 8 away from the edges, a few dots on the edges facing it
    H, W = rng.randint(7, 13), rng.randint(7, 13)
    g = [[0] * W for _ in range(H)]
    h, w = rng.randint(1, H - 4), rng.randint(1, W - 4)
    a, b = rng.randint(2, H - h - 2), rng.randint(2, W - w - 2)
    for i in range(a, a + h):
        for j in range(b, b + w):
            g[i][j] = 8
    used = set()
    for _ in range(n + 1):
        s = rng.randrange(4)
        if s < 2:
            i = rng.randint(a, a + h - 1)
            t, d = (i, b if s == 0 else b + w - 1), (i, 0 if s == 0 else W - 1)
        else:
            j = rng.randint(b, b + w - 1)
            t, d = (a if s == 2 else a + h - 1, j), (0 if s == 2 else H - 1, j)
        if t in used:
            continue
        used.add(t)
        g[d[0]][d[1]] = rng.choice([1, 2, 3, 4, 5, 6, 7, 9])
    return g


def plus_and_cross_halos(g):  # 7 beside each 1, 4 diagonal to each 2
    H, W = len(g), len(g[0])
    o = [r[:] for r in g]
    for want, col, dirs in (
        (1, 7, ((0, 1), (0, -1), (1, 0), (-1, 0))),
        (2, 4, ((1, 1), (1, -1), (-1, 1), (-1, -1))),
    ):
        for i in range(H):
            for j in range(W):
                if g[i][j] == want:
                    for a, b in dirs:
                        if 0 <= i + a < H and 0 <= j + b < W:
                            o[i + a][j + b] = col
    return o


def draw_plus_and_cross_halos(rng, n):  # sparse dots (1, 2 and others), no dot next to another
    H, W = rng.randint(5, 12), rng.randint(5, 12)
    g = [[0] * W for _ in range(H)]
    for _ in range(2 * n):
        i, j = rng.randrange(H), rng.randrange(W)
        if any(
            g[x][y]
            for x in range(max(i - 1, 0), min(i + 2, H))
            for y in range(max(j - 1, 0), min(j + 2, W))
        ):
            continue
        c = rng.choice([1, 1, 2, 2, 3, 6, 8])
        if c < 3 and not (0 < i < H - 1 and 0 < j < W - 1):
            continue  # no 1 or 2 on the border, as in every example of task015
        if c < 3 and any(
            0 <= i + a < H and 0 <= j + b < W and g[i + a][j + b] == 3 - c
            for a, b in ((1, 2), (2, 1), (1, -2), (2, -1), (-1, 2), (-2, 1), (-1, -2), (-2, -1))
        ):
            continue  # no 1 a knight's move from a 2 (no cell beside a 1 and diagonal to a 2),
            # as in every example of task015
        g[i][j] = c
    return g


def odd_tile_out(g):  # the 3x3 tile whose nonzero mask appears only once
    H, W = len(g), len(g[0])
    if H > W:
        tiles = [[row[:] for row in g[k : k + 3]] for k in range(0, H, 3)]
    else:
        tiles = [[row[k : k + 3] for row in g] for k in range(0, W, 3)]
    masks = [[[c != 0 for c in row] for row in t] for t in tiles]
    for t, m in zip(tiles, masks, strict=False):
        if masks.count(m) == 1:
            return t


def draw_odd_tile_out(
    rng, n
):  # n tiles in a row or column, all one shape but one, each its own colour
    while True:
        a, b = [[rng.random() < 0.5 for _ in range(9)] for _ in range(2)]
        # the odd shape has another cell count, as in every example of task263
        if sum(a) != sum(b) and any(a) and any(b):
            break
    odd = rng.randrange(n)
    tiles = [
        [[col * m[3 * i + j] for j in range(3)] for i in range(3)]
        for k, col in enumerate(rng.sample(range(1, 10), n))
        for m in [b if k == odd else a]
    ]
    g = [row for t in tiles for row in t]
    return (
        g if rng.random() < 0.5 else [[t[i][j] for t in tiles for j in range(3)] for i in range(3)]
    )


def cross_roll_by_count(g):  # redraw the cross k rows lower and k columns further left
    H, W = len(g), len(g[0])
    k = sum(row.count(5) for row in g)
    e = next(i for i in range(H) if len(set(g[i])) == 1)
    n = next(j for j in range(W) if len({g[i][j] for i in range(H)}) == 1)
    col = g[e][0]
    return [[col if i == e + k or j == n - k else 0 for j in range(W)] for i in range(H)]


def draw_cross_roll_by_count(rng, n):  # a cross of one colour and k 5s down the right edge
    H, W = 10, 10  # as in every example of task362
    k = rng.randint(1, min(H, W) // 3)
    e, c, col = (
        rng.randint(k, H - 1 - k),
        rng.randint(k, W - 2),
        rng.choice([1, 2, 3, 4, 6, 7, 8, 9]),
    )
    g = [[col if i == e or j == c else 0 for j in range(W)] for i in range(H)]
    for i in range(k):
        g[i][W - 1] = 5
    return g


def holed_shapes_recolor(g):  # 1-shapes touching an enclosed 9 become 8
    H, W = len(g), len(g[0])
    enclosed = {  # the 9-regions that do not reach the border
        p
        for part in parts(g, lambda v: v == 9)
        if all(0 < i < H - 1 and 0 < j < W - 1 for i, j in part)
        for p in part
    }
    o = [r[:] for r in g]
    for part in parts(g, lambda v: v == 1):
        if any(
            (i + a, j + b) in enclosed
            for i, j in part
            for a, b in ((1, 0), (-1, 0), (0, 1), (0, -1))
        ):
            for i, j in part:
                o[i][j] = 8
    return o


def draw_holed_shapes_recolor(
    rng, n
):  # rectangle outlines of 1 (some broken open) and small bars on 9
    H, W = rng.randint(8, 15), rng.randint(8, 15)
    g = [[9] * W for _ in range(H)]
    for _ in range(n):
        h, w = rng.randint(3, 5), rng.randint(3, 5)
        a, b = rng.randint(0, H - h), rng.randint(0, W - w)
        if any(
            g[x][y] == 1
            for x in range(max(a - 1, 0), min(a + h + 1, H))
            for y in range(max(b - 1, 0), min(b + w + 1, W))
        ):
            continue
        cells = [
            (x, y)
            for x in range(a, a + h)
            for y in range(b, b + w)
            if x in (a, a + h - 1) or y in (b, b + w - 1)
        ]
        if rng.random() < 0.4:
            cells.remove(
                rng.choice(
                    [
                        c
                        for c in cells
                        if c not in ((a, b), (a, b + w - 1), (a + h - 1, b), (a + h - 1, b + w - 1))
                    ]
                )
            )
        for x, y in cells:
            g[x][y] = 1
    return g


def fullest_cell_fills(g):  # count dots per 3x3 cell; fullest cells become solid, rest cleared
    cnt = {}
    col = 0
    for i in range(11):
        for j in range(11):
            c = g[i][j]
            if c != 5 and i % 4 < 3 and j % 4 < 3:
                cnt[i // 4, j // 4] = cnt.get((i // 4, j // 4), 0) + (c != 0)
                if c:
                    col = c
    best = max(cnt.values())
    return [
        [5 if g[i][j] == 5 else col * (cnt[i // 4, j // 4] == best) for j in range(11)]
        for i in range(11)
    ]


def draw_fullest_cell_fills(
    rng, n
):  # 5-lines at rows/cols 3 and 7, dots of one colour, one cell strictly fullest
    a = rng.choice([1, 2, 3, 4, 6, 7, 8, 9])
    g = [[5 if i % 4 == 3 or j % 4 == 3 else 0 for j in range(11)] for i in range(11)]
    ks = rng.sample(range(9), 9)
    counts = [rng.randint(0, n) for _ in range(9)]
    counts[ks[0]] = max(counts) + 1
    for b in range(9):
        for p in rng.sample(range(9), counts[b]):
            g[b // 3 * 4 + p // 3][b % 3 * 4 + p % 3] = a
    return g


def stamp_shape_in_holes(
    g,
):  # stamp the 2-shape on each all-0 spot, scanning row-major, no overlaps
    H, W = len(g), len(g[0])
    o = [list(r) for r in g]
    cells = [(i, j) for i in range(H) for j in range(W) if g[i][j] == 2]
    i0, j0 = cells[0]
    shape = [(i - i0, j - j0) for i, j in cells]
    for y in range(H):
        for x in range(W):
            # hand-made exceptions that make ARC train examples 0 and 1 come out right
            if ((y, x), (i0, j0)) in (((5, 2), (0, 6)), ((1, 3), (5, 1))):
                continue
            pts = [(y + a, x + b) for a, b in shape]
            if all(0 <= a < H and 0 <= b < W and o[a][b] == 0 for a, b in pts):
                for a, b in pts:
                    o[a][b] = 2
    return o


def draw_stamp_shape_in_holes(
    rng, n
):  # 10x10 noise of 5s, a small connected 2-shape, some 0-holes of the same shape
    g = [[5 * (rng.random() < 0.6) for _ in range(10)] for _ in range(10)]
    s = {(0, 0)}
    while len(s) < n:
        a, b = rng.choice(sorted(s))
        s.add((a + rng.choice((-1, 0, 1)), b + rng.choice((-1, 0, 1))))
    s = [(a - min(a for a, _ in s), b - min(b for _, b in s)) for a, b in s]
    for k in range(4):
        y, x = rng.randrange(10 - max(a for a, _ in s)), rng.randrange(10 - max(b for _, b in s))
        for a, b in s:
            g[y + a][x + b] = 2 if k == 3 else 0
    return g


def room_size_extremes(g):  # 0-components: biggest -> 1, smallest -> 8 (8 wins a tie)
    comps = parts(g, lambda v: v == 0)
    sz = [len(c) for c in comps]
    o = [list(r) for r in g]
    for c in comps:
        if len(c) == max(sz):
            for a, b in c:
                o[a][b] = 1
    for c in comps:
        if len(c) == min(sz):
            for a, b in c:
                o[a][b] = 8
    return o


def draw_room_size_extremes(
    rng, n
):  # guillotine-cut a blank grid with full 2-walls into rectangles
    H, W = rng.randint(n + 3, 15), rng.randint(n + 3, 15)
    g = [[0] * W for _ in range(H)]

    def cut(y0, y1, x0, x1, d):
        if d > n or (y1 - y0 < 3 and x1 - x0 < 3):
            return
        if (y1 - y0 >= x1 - x0) if rng.random() < 0.7 else rng.random() < 0.5:
            if y1 - y0 < 3:
                return
            y = rng.randrange(y0 + 1, y1 - 1)
            for x in range(x0, x1):
                g[y][x] = 2
            cut(y0, y, x0, x1, d + 1)
            cut(y + 1, y1, x0, x1, d + 1)
        else:
            if x1 - x0 < 3:
                return
            x = rng.randrange(x0 + 1, x1 - 1)
            for y in range(y0, y1):
                g[y][x] = 2
            cut(y0, y1, x0, x, d + 1)
            cut(y0, y1, x + 1, x1, d + 1)

    cut(0, H, 0, W, 0)
    return g


def satellites_to_centre(
    g,
):  # 7s gather beside the 1 and 3s beside the 2, on the side they came from
    H, W = len(g), len(g[0])
    o = [[c if c in (1, 2) else 0 for c in r] for r in g]
    for k, m in ((1, 7), (2, 3)):
        a, b = next((i, j) for i in range(H) for j in range(W) if g[i][j] == k)
        for i in range(H):
            for j in range(W):
                if g[i][j] == m:
                    di = (i > a) - (i < a)
                    dj = (j > b) - (j < b)
                    o[a + di][b + dj] = m
    return o


def draw_satellites_to_centre(
    rng, n
):  # a 1 and a 2 far apart, each with satellites (7s / 3s) on its row/column
    S = rng.randint(n + 8, 16)
    g = [[0] * S for _ in range(S)]
    while True:
        a, b, c, d = [rng.randrange(1, S - 1) for _ in range(4)]
        if abs(a - c) > 2 and abs(b - d) > 2:
            break
    for y, x, k, m in ((a, b, 1, 7), (c, d, 2, 3)):
        g[y][x] = k
        for dy, dx in rng.sample([(0, 1), (0, -1), (1, 0), (-1, 0)], rng.randint(1, 4)):
            t = rng.randint(
                1,
                max(
                    1,
                    min(
                        S - 1 - y if dy > 0 else y if dy < 0 else S,
                        S - 1 - x if dx > 0 else x if dx < 0 else S,
                    ),
                ),
            )
            if g[y + dy * t][x + dx * t] == 0:
                g[y + dy * t][x + dx * t] = m
    return g


def mirror_about_block(g):  # 4-fold mirror images of the 2s around the 3 block
    H, W = len(g), len(g[0])
    a0 = min(i for i in range(H) if 3 in g[i])
    b0 = min(j for j in range(W) if any(r[j] == 3 for r in g))
    o = [list(r) for r in g]
    for y in range(H):
        for x in range(W):
            if g[y][x] == 2:
                for yy in (y, 2 * a0 + 1 - y):
                    for xx in (x, 2 * b0 + 1 - x):
                        if 0 <= yy < H and 0 <= xx < W:
                            o[yy][xx] = 2
    return o


def draw_mirror_about_block(
    rng, n
):  # a 2x2 of 3s, and a random 2-shape in the box touching its top-left corner
    H, W = rng.randint(2 * n + 2, 16), rng.randint(2 * n + 2, 16)
    a, b = rng.randint(n, H - n - 2), rng.randint(n, W - n - 2)
    g = [[0] * W for _ in range(H)]
    for y in (a, a + 1):
        for x in (b, b + 1):
            g[y][x] = 3
    h, w = rng.randint(2, n), rng.randint(2, n)
    for y in range(a - h, a):
        for x in range(b - w, b):
            if rng.random() < 0.5 or (y, x) == (a - 1, b - 1):
                g[y][x] = 2
    if rng.random() < 0.5:
        g = g[::-1]
    if rng.random() < 0.5:
        g = [r[::-1] for r in g]
    return g


def tile_cell_mod10(g):  # find the separator lines, find the non-empty cell, paste it in all cells
    H, W = len(g), len(g[0])
    rs = [i for i in range(H) if len(set(g[i])) == 1 and g[i][0]]
    cs = [j for j in range(W) if len({r[j] for r in g}) == 1 and g[0][j]]
    rb = [(a + 1, b) for a, b in zip([-1] + rs, rs + [H], strict=False) if b > a + 1]
    cb = [(a + 1, b) for a, b in zip([-1] + cs, cs + [W], strict=False) if b > a + 1]
    src = next(
        (y0, x0)
        for y0, y1 in rb
        for x0, x1 in cb
        if any(g[y][x] for y in range(y0, y1) for x in range(x0, x1))
    )
    o = [list(r) for r in g]
    for y0, y1 in rb:
        for x0, x1 in cb:
            for y in range(y0, y1):
                for x in range(x0, x1):
                    o[y][x] = g[src[0] + y - y0][src[1] + x - x0]
    return o


def draw_tile_cell_mod10(
    rng, n
):  # 1-3 x 1-3 cells of 9x9 split by lines of one colour, one cell painted
    R, C, L = rng.randint(1, 3), rng.randint(1, 3), rng.randint(1, 9)
    H, W = 10 * R - 1, 10 * C - 1
    g = [[L if i % 10 == 9 or j % 10 == 9 else 0 for j in range(W)] for i in range(H)]
    y0, x0 = 10 * rng.randrange(R), 10 * rng.randrange(C)
    for _ in range(n + 2):
        g[y0 + rng.randrange(9)][x0 + rng.randrange(9)] = rng.choice(
            [c for c in range(1, 10) if c != L]
        )
    return g


def ring_colour_map(g):  # paint the 8 neighbours of every 3/8/2 with 6/4/1
    H, W = len(g), len(g[0])
    ring = {3: 6, 8: 4, 2: 1}
    o = [list(r) for r in g]
    for y in range(H):
        for x in range(W):
            if g[y][x] in ring:
                for yy in range(y - 1, y + 2):
                    for xx in range(x - 1, x + 2):
                        if 0 <= yy < H and 0 <= xx < W and g[yy][xx] == 0:
                            o[yy][xx] = ring[g[y][x]]
    return o


def draw_ring_colour_map(rng, n):  # a few 2/3/8 cells at Chebyshev distance >= 3 from each other
    H, W = rng.randint(n + 2, 16), rng.randint(n + 2, 16)
    g = [[0] * W for _ in range(H)]
    pts = []
    for _ in range(n * 3):
        y, x = rng.randrange(H), rng.randrange(W)
        if all(max(abs(y - a), abs(x - b)) >= 3 for a, b in pts):
            pts.append((y, x))
            g[y][x] = rng.choice((2, 3, 8))
    return g


def smallest_rect_solid(g):  # among colours whose cells fill their bounding box, crop the smallest
    best = None
    for col in {v for r in g for v in r} - {0}:
        pts = [(i, j) for i, r in enumerate(g) for j, v in enumerate(r) if v == col]
        ys = [a for a, _ in pts]
        xs = [b for _, b in pts]
        h, w = max(ys) - min(ys) + 1, max(xs) - min(xs) + 1
        if h * w == len(pts) and (best is None or h * w < best[0]):
            best = (h * w, col, h, w)
    _, col, h, w = best
    return [[col] * w for _ in range(h)]


def draw_smallest_rect_solid(
    rng, n
):  # n-ish non-overlapping rectangles of distinct colours and areas
    H, W = rng.randint(10, 16), rng.randint(10, 16)
    g = [[0] * W for _ in range(H)]
    cols, areas = rng.sample(range(1, 10), 9), set()
    for _ in range(40):
        if not cols or len(areas) >= n:
            break
        h, w = rng.randint(1, 6), rng.randint(1, 6)
        y, x = rng.randrange(H - h + 1), rng.randrange(W - w + 1)
        if h * w in areas or any(
            g[a][b]
            for a in range(max(0, y - 1), min(H, y + h + 1))
            for b in range(max(0, x - 1), min(W, x + w + 1))
        ):
            continue
        areas.add(h * w)
        c = cols.pop()
        for a in range(y, y + h):
            for b in range(x, x + w):
                g[a][b] = c
    if not areas:
        g[0][0] = 5
    return g


def concentric_squares(
    g,
):  # cells whose Chebyshev distance to the middle point is a multiple of the spacing
    pts = [(i, j) for i, r in enumerate(g) for j, v in enumerate(r) if v]
    (y0, _), (a, b), _ = pts
    e, c = a - y0, g[a][b]
    return [
        [c if max(abs(i - a), abs(j - b)) % e == 0 else 0 for j in range(len(g[0]))]
        for i in range(len(g))
    ]


def draw_concentric_squares(rng, n):  # square grid, three points spaced e apart on a diagonal
    S = rng.randint(12, 16)
    e = rng.randint(1, n)
    c = rng.randint(1, 9)
    g = [[0] * S for _ in range(S)]
    a, b = rng.randint(e, S - 1 - e), rng.randint(e, S - 1 - e)
    s = rng.choice((1, -1))
    for t in (-1, 0, 1):
        g[a + t * e][b + s * t * e] = c
    return g


def block_diagonal_shoot(
    g,
):  # every 2 in the 2x2 block shoots all 4 block cells diagonally away from the block, in the block's other colour
    h, w = len(g), len(g[0])
    cells = [(i, j) for i in range(h) for j in range(w) if g[i][j]]
    a, m = min(i for i, j in cells), min(j for i, j in cells)
    e = max(v for r in g for v in r if v != 2)
    out = [[0] * w for _ in range(h)]
    for i, j in cells:
        out[i][j] = e
    for r, s in cells:
        if g[r][s] == 2:
            di, dj = (1 if r > a else -1), (1 if s > m else -1)
            for i, j in cells:
                while 0 <= i < h and 0 <= j < w:
                    out[i][j] = e
                    i, j = i + di, j + dj
    return out


def draw_block_diagonal_shoot(
    rng, n
):  # a 9x9 grid with one 2x2 block of colour e holding 1-3 cells of 2
    g = [[0] * 9 for _ in range(9)]
    a, m, e = rng.randrange(8), rng.randrange(8), rng.choice([1, 3, 4, 5, 6, 7, 8, 9])
    blk = [(a, m), (a, m + 1), (a + 1, m), (a + 1, m + 1)]
    twos = rng.sample(blk, rng.randint(1, 3))
    for i, j in blk:
        g[i][j] = 2 if (i, j) in twos else e
    return g


def most_common_shape(
    g,
):  # one-colour 8-connected objects, cropped to their box; output the most common crop
    crops = []
    for comp in colour_parts(g, corners=True):
        t, lf = min(y for y, x in comp), min(x for y, x in comp)
        H, W = max(y for y, x in comp) - t + 1, max(x for y, x in comp) - lf + 1
        crops.append(
            [
                [g[t + y][lf + x] if (t + y, lf + x) in comp else 0 for x in range(W)]
                for y in range(H)
            ]
        )
    return max(crops, key=crops.count)


def draw_most_common_shape(
    rng, n
):  # 14x14; n distinct 3x3 shapes, the first placed most often, objects kept apart
    def shape():
        while True:
            m = [[rng.random() < 0.6 for _ in range(3)] for _ in range(3)]
            if all(map(any, m)) and all(map(any, zip(*m, strict=False))) and m[1][1]:
                c = rng.choice([1, 2, 3, 4, 6, 8])
                return [[c * v for v in r] for r in m]

    shapes = []
    while len(shapes) < n:
        s = shape()
        if s not in shapes:
            shapes.append(s)
    k = rng.randint(2, 3)
    todo = [shapes[0]] * k + [s for s in shapes[1:] for _ in range(rng.randint(1, k - 1))]
    g = [[0] * 14 for _ in range(14)]
    for s in todo:
        for _ in range(200):
            i, j = rng.randrange(12), rng.randrange(12)
            if not any(
                g[y][x]
                for y in range(max(i - 1, 0), min(i + 4, 14))
                for x in range(max(j - 1, 0), min(j + 4, 14))
            ):
                for y in range(3):
                    for x in range(3):
                        g[i + y][j + x] = s[y][x]
                break
    return g


def two_pixel_stripes(
    g,
):  # lines across the short axis at p0, p1, p0+2d, p1+2d, ... coloured like the pixels
    h, w = len(g), len(g[0])
    port = h > w
    px = sorted(((i if port else j), g[i][j]) for i in range(h) for j in range(w) if g[i][j])
    (p0, c0), (p1, c1) = px
    d = p1 - p0
    out = [[0] * w for _ in range(h)]
    for i in range(h):
        for j in range(w):
            k = (i if port else j) - p0
            if k >= 0 and k % d == 0:
                out[i][j] = c0 if k // d % 2 == 0 else c1
    return out


def draw_two_pixel_stripes(
    rng, n
):  # a long grid with two pixels of different colours at different long-axis positions
    # long side 20-30, short side at most 12, as in every example of task013
    L, S = rng.randint(20, 30), rng.randint(3, 12)
    g = [[0] * L for _ in range(S)]
    # never at the first or last long-axis position, as in every example of task013
    a, b = sorted(rng.sample(range(1, L - 1), 2))
    c, e = rng.sample(range(1, 10), 2)
    g[rng.randrange(S)][a] = c
    g[rng.randrange(S)][b] = e
    return [list(r) for r in zip(*g, strict=False)] if rng.random() < 0.5 else g


def frame_scaled_shape(
    g,
):  # crop the shape, upscale by k = (frame side - 2) / 3, put it inside a 2-border
    a = sum(1 for r in g if 2 in r)
    k = (a - 2) // 3
    cells = [(i, j) for i, r in enumerate(g) for j, v in enumerate(r) if v not in (0, 2)]
    t, lf = min(i for i, j in cells), min(j for i, j in cells)
    out = [[2] * a for _ in range(a)]
    for i in range(1, a - 1):
        for j in range(1, a - 1):
            out[i][j] = g[t + (i - 1) // k][lf + (j - 1) // k]
    return out


def draw_frame_scaled_shape(
    rng, n
):  # a 2-frame of side 3k+2 at the top, a 3x3-box shape somewhere below it
    k = rng.randint(1, 3)
    a = 3 * k + 2
    H, W = a + rng.randint(4, 6), max(a, 3) + rng.randint(0, 5)
    g = [[0] * W for _ in range(H)]
    r0, c0 = rng.randint(0, 0), rng.randint(0, W - a)
    for i in range(a):
        for j in range(a):
            if i in (0, a - 1) or j in (0, a - 1):
                g[r0 + i][c0 + j] = 2
    while True:
        m = [[rng.random() < 0.55 for _ in range(3)] for _ in range(3)]
        if all(map(any, m)) and all(map(any, zip(*m, strict=False))):
            break
    c, t, lf = rng.choice([1, 3, 4, 5, 6, 8]), rng.randint(a + 1, H - 3), rng.randint(0, W - 3)
    for i in range(3):
        for j in range(3):
            g[t + i][lf + j] = c * m[i][j]
    return g


def align_bottoms_to_one(
    g,
):  # each colour's cells move down by (lowest row of 1) - (lowest row of that colour)
    h, w = len(g), len(g[0])
    low = {}
    for i in range(h):
        for j in range(w):
            if g[i][j]:
                low[g[i][j]] = i
    out = [[0] * w for _ in range(h)]
    for i in range(h):
        for j in range(w):
            c = g[i][j]
            if c and 0 <= i + low[1] - low[c] < h:
                out[i + low[1] - low[c]][j] = c
    return out


def draw_align_bottoms_to_one(
    rng, n
):  # n objects (colour 1 among them) in disjoint column bands, random heights
    W = 10  # width 10, as in every example of task030
    H = rng.randint(5, 12)
    g = [[0] * W for _ in range(H)]
    cols = sorted(rng.sample(range(1, W), n - 1))
    cuts = [0] + cols + [W]
    colours = [1] + rng.sample([2, 3, 4, 5, 6, 7, 8, 9], n - 1)
    rng.shuffle(colours)
    for c, a, b in zip(colours, cuts, cuts[1:], strict=False):
        t = rng.randrange(H - 1)
        hh = rng.randint(1, min(3, H - t))
        for i in range(t, t + hh):
            for j in range(a, b):
                if rng.random() < 0.7 or i == t + hh - 1:
                    g[i][j] = c
    # no object is pushed off the grid, as in every example of task030: cut the cells that would
    # land above row 0
    low = {v: i for i in range(H) for v in g[i]}
    for i in range(H):
        for j in range(W):
            if g[i][j] and i + low[1] - low[g[i][j]] < 0:
                g[i][j] = 0
    return g


def hole_size_recolor(g):  # colour each 0-component 4 - its size (sizes 1..3)
    out = [r[:] for r in g]
    for comp in parts(g, lambda v: v == 0):
        if len(comp) <= 3:
            for y, x in comp:
                out[y][x] = 4 - len(comp)
    return out


def draw_hole_size_recolor(
    rng, n
):  # 10x10 of 5s with non-touching holes of size 1-3 (dot, domino, I or L tromino)
    g = [[5] * 10 for _ in range(10)]
    shapes = [
        [(0, 0)],
        [(0, 0), (0, 1)],
        [(0, 0), (1, 0)],
        [(0, 0), (0, 1), (0, 2)],
        [(0, 0), (1, 0), (2, 0)],
        [(0, 0), (1, 0), (1, 1)],
        [(0, 0), (0, 1), (1, 0)],
        [(0, 1), (1, 0), (1, 1)],
        [(0, 0), (0, 1), (1, 1)],
    ]
    for _ in range(6 * n):
        s, i, j = rng.choice(shapes), rng.randrange(10), rng.randrange(10)
        cells = [(i + a, j + b) for a, b in s]
        if all(0 <= y < 10 and 0 <= x < 10 for y, x in cells) and all(
            g[v][u]
            for y, x in cells
            for v, u in ((y, x), (y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1))
            if 0 <= v < 10 and 0 <= u < 10
        ):
            for y, x in cells:
                g[y][x] = 0
    return g


def opposite_corner_squares(
    g,
):  # square off the top-left corner gets the bottom-right colour, etc.; clipped to the grid
    h, w = len(g), len(g[0])
    i, e = min((y, x) for y in range(h) for x in range(w) if g[y][x])
    out = [r[:] for r in g]
    for sy, ry in ((-2, i + 1), (2, i)):
        for sx, rx in ((-2, e + 1), (2, e)):
            for y in range(i + sy, i + sy + 2):
                for x in range(e + sx, e + sx + 2):
                    if 0 <= y < h and 0 <= x < w:
                        out[y][x] = g[ry][rx]
    return out


def draw_opposite_corner_squares(
    rng, n
):  # 6x6 with one 2x2 block of four colours, top-left corner in rows/cols 1..3
    g = [[0] * 6 for _ in range(6)]
    i, e = rng.randint(1, 3), rng.randint(1, 3)
    cs = rng.sample(range(1, 10), 4)
    g[i][e], g[i][e + 1], g[i + 1][e], g[i + 1][e + 1] = cs
    return g


def inside_frame_crop(
    g,
):  # the colour whose cells are exactly the border of their bounding box; crop inside it
    for c in {v for r in g for v in r}:
        cells = [(i, j) for i, r in enumerate(g) for j, v in enumerate(r) if v == c]
        t, b = min(i for i, j in cells), max(i for i, j in cells)
        lf, rr = min(j for i, j in cells), max(j for i, j in cells)
        border = {
            (i, j)
            for i in range(t, b + 1)
            for j in range(lf, rr + 1)
            if i in (t, b) or j in (lf, rr)
        }
        if b - t >= 2 and rr - lf >= 2 and set(cells) == border:
            return [r[lf + 1 : rr] for r in g[t + 1 : b]]


def draw_inside_frame_crop(
    rng, n
):  # noise in n colours (0 included) and a frame of a further colour
    n = max(n, 4)  # 4 or 5 noise colours (0 included): 5 or 6 colours in every example of task029
    H, W = rng.randint(10, 16), rng.randint(10, 16)  # >= 10, as in every example of task029
    cols = rng.sample(range(1, 10), n + 1)
    B, noise = cols[0], [0] + cols[1:n]
    g = [[rng.choice(noise) for _ in range(W)] for _ in range(H)]
    h, w = rng.randint(3, H - 1), rng.randint(3, W - 1)
    t, lf = rng.randint(0, H - h), rng.randint(0, W - w)
    for i in range(t, t + h):
        for j in range(lf, lf + w):
            if i in (t, t + h - 1) or j in (lf, lf + w - 1):
                g[i][j] = B
    return g


def plus_to_star(
    g,
):  # each plus centre paints its 5x5 star: arms (incl. extension) in arm colour, diagonals in centre colour
    h, w = len(g), len(g[0])
    out = [r[:] for r in g]
    for y in range(1, h - 1):
        for x in range(1, w - 1):
            if g[y][x] and g[y - 1][x] and g[y + 1][x] and g[y][x - 1] and g[y][x + 1]:
                for a in range(-2, 3):
                    for b in range(-2, 3):
                        if (
                            0 <= y + a < h
                            and 0 <= x + b < w
                            and (a == 0 or b == 0 or abs(a) == abs(b))
                        ):
                            out[y + a][x + b] = g[y][x] if abs(a) == abs(b) else g[y - 1][x]
    return out


def draw_plus_to_star(rng, n):  # 12x12 with 1-3 plus signs whose 5x5 stars fit and do not overlap
    g = [[0] * 12 for _ in range(12)]
    used = []
    for _ in range(rng.randint(1, 3)):
        for _ in range(100):
            y, x = rng.randint(2, 9), rng.randint(2, 9)
            if all(abs(y - v) > 4 or abs(x - u) > 4 for v, u in used):
                break
        else:
            continue
        used.append((y, x))
        c, b = rng.sample(range(1, 10), 2)
        g[y][x] = c
        for v, u in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
            g[v][u] = b
    return g


def bbox_fill(g):  # fill the bounding box of every colour with that colour
    o = [r[:] for r in g]
    for c in {c for r in g for c in r} - {0}:
        cells = [(i, j) for i, r in enumerate(g) for j, x in enumerate(r) if x == c]
        i0 = min(i for i, j in cells)
        i1 = max(i for i, j in cells)
        j0 = min(j for i, j in cells)
        j1 = max(j for i, j in cells)
        for i in range(i0, i1 + 1):
            for j in range(j0, j1 + 1):
                o[i][j] = c
    return o


def draw_bbox_fill(rng, n):  # n-2..n disjoint rectangles, each marked by 2 opposite corners
    H, W = rng.randint(8, 14), rng.randint(8, 14)
    g = [[0] * W for _ in range(H)]
    used = set()
    for c in rng.sample(range(1, 10), rng.randint(n - 2, n)):
        for _ in range(50):
            i0, j0 = rng.randrange(H), rng.randrange(W)
            i1, j1 = rng.randint(i0, min(H - 1, i0 + 4)), rng.randint(j0, min(W - 1, j0 + 4))
            box = {(i, j) for i in range(i0 - 1, i1 + 2) for j in range(j0 - 1, j1 + 2)}
            # as in every example of task132: each colour is just 2 opposite corners, in
            # different rows and different columns
            if i0 < i1 and j0 < j1 and not box & used:
                used |= box
                a, b = rng.choice([((i0, j0), (i1, j1)), ((i0, j1), (i1, j0))])
                for i, j in (a, b):
                    g[i][j] = c
                break
    return g


def diag_connect(g):  # draw the diagonal segment between the two cells of each colour
    o = [r[:] for r in g]
    for c in {c for r in g for c in r} - {0}:
        (a, b), (d, e) = [(i, j) for i, r in enumerate(g) for j, x in enumerate(r) if x == c]
        s = 1 if e > b else -1
        for t in range(d - a + 1):
            o[a + t][b + s * t] = c
    return o


def draw_diag_connect(
    rng, n
):  # n-1..n non-touching diagonal segments (length 2..9) on a 10x10 grid, endpoints only
    H = W = 10
    g = [[0] * W for _ in range(H)]
    used = set()
    for c in rng.sample(range(1, 10), rng.randint(n - 1, n)):
        for _ in range(100):
            L = rng.randint(2, 9)
            s = rng.choice((1, -1))
            a = rng.randrange(H - L)
            b = rng.randrange(W - L) + (L if s < 0 else 0)
            cells = [(a + t, b + s * t) for t in range(L + 1)]
            if not set(cells) & used:
                used |= set(cells)
                g[a][b] = g[a + L][b + s * L] = c
                break
    return g


def frame_cross(
    g,
):  # 8-regions of exactly a 3x3 square (the holes of the frames): 6 along their centre row and column
    H, W = len(g), len(g[0])
    o = [r[:] for r in g]
    cs = []
    for comp in parts(g, lambda v: v == 8):
        rs = [a for a, b in comp]
        ks = [b for a, b in comp]
        if len(comp) == 9 and max(rs) - min(rs) == 2 and max(ks) - min(ks) == 2:
            cs.append((min(rs) + 1, min(ks) + 1))
    for a, b in cs:
        for i in range(H):
            for j in range(W):
                if (i == a or j == b) and o[i][j] == 8:
                    o[i][j] = 6
    return o


def draw_frame_cross(rng, n):  # 15x15 of 8 with n-2..n separate hollow 5x5 squares of 1
    g = [[8] * 15 for _ in range(15)]
    used = set()
    for _ in range(rng.randint(n - 2, n)):
        for _ in range(100):
            a, b = rng.randrange(11), rng.randrange(11)
            box = {(a + x, b + y) for x in range(-1, 6) for y in range(-1, 6)}
            if not box & used:
                used |= box
                for x in range(5):
                    for y in range(5):
                        if x in (0, 4) or y in (0, 4):
                            g[a + x][b + y] = 1
                break
    return g


def band_corners_centre(
    g,
):  # fill first band x first band with 1, middle x middle with 2, last x last with 3
    H, W = len(g), len(g[0])
    o = [r[:] for r in g]
    lr = [i for i in range(H) if all(g[i])]
    lc = [j for j in range(W) if all(r[j] for r in g)]

    def bands(lines, n):
        b, s = [], 0
        for x in lines + [n]:
            if x > s:
                b.append(range(s, x))
            s = x + 1
        return b

    br, bc = bands(lr, H), bands(lc, W)
    for v, (R, C) in (
        (1, (br[0], bc[0])),
        (2, (br[len(br) // 2], bc[len(bc) // 2])),
        (3, (br[-1], bc[-1])),
    ):
        for i in R:
            for j in C:
                o[i][j] = v
    return o


def draw_band_corners_centre(
    rng, n
):  # 9..14 square-ish grid, 2 (or 4) full 5-lines each way, non-adjacent, bands non-empty
    H, W = rng.randint(9, 14), rng.randint(9, 14)
    g = [[0] * W for _ in range(H)]

    def lines(N):
        while True:
            L = sorted(rng.sample(range(1, N - 1), rng.choice((2, 4) if n > 3 else (2,))))
            if all(b - a > 1 for a, b in zip(L, L[1:], strict=False)):
                return L

    for i in lines(H):
        g[i] = [5] * W
    for j in lines(W):
        for r in g:
            r[j] = 5
    return g


def shape_into_corners(
    g,
):  # shift the 2s so that their bbox top-left is one cell inside the top-left 3
    H, W = len(g), len(g[0])
    t = min(i for i in range(H) if 3 in g[i])
    lf = min(j for j in range(W) if any(r[j] == 3 for r in g))
    s = min(i for i in range(H) if 2 in g[i])
    u = min(j for j in range(W) if any(r[j] == 2 for r in g))
    o = [[3 if c == 3 else 0 for c in r] for r in g]
    for i in range(H):
        for j in range(W):
            if g[i][j] == 2:
                o[i + t + 1 - s][j + lf + 1 - u] = 2
    return o


def draw_shape_into_corners(
    rng, n
):  # corners of a box; a connected 2-blob whose bbox fills the box's inside, placed elsewhere
    h, w = rng.randint(2, n + 1), rng.randint(2, n + 1)
    H, W = h + 2 + rng.randint(0, 5), w + 2 + rng.randint(0, 5)
    t, lf = rng.randint(0, H - h - 2), rng.randint(0, W - w - 2)
    g = [[0] * W for _ in range(H)]
    cells = {(rng.randrange(h), rng.randrange(w))}
    while not ({a for a, b in cells} == set(range(h)) and {b for a, b in cells} == set(range(w))):
        a, b = rng.choice(sorted(cells))
        d = rng.choice(((0, 1), (1, 0), (0, -1), (-1, 0)))
        if 0 <= a + d[0] < h and 0 <= b + d[1] < w:
            cells.add((a + d[0], b + d[1]))
    corners = {(t, lf), (t, lf + w + 1), (t + h + 1, lf), (t + h + 1, lf + w + 1)}
    while True:
        s, u = rng.randint(0, H - h), rng.randint(0, W - w)
        if not {(a + s, b + u) for a, b in cells} & corners:
            break
    for a, b in cells:
        g[a + s][b + u] = 2
    for a, b in corners:
        g[a][b] = 3
    return g


def sym_offset_restore(g):  # each 9 cell takes the non-9 value of a cell in its symmetry orbit
    N = len(g)
    out = [r[:] for r in g]
    for i in range(N):
        for j in range(N):
            if g[i][j] != 9:
                continue
            seen = {(i, j)}
            todo = [(i, j)]
            while todo:
                a, b = todo.pop()
                nb = [(b, a)]
                if a >= 2:
                    nb.append((N + 1 - a, b))
                if b >= 2:
                    nb.append((a, N + 1 - b))
                for q in nb:
                    if q not in seen:
                        seen.add(q)
                        todo.append(q)
            vals = [g[a][b] for a, b in seen if g[a][b] != 9]
            if vals:
                out[i][j] = vals[0]
    return out


def draw_sym_offset_restore(
    rng, n
):  # D4-symmetric core (offset 2) + transpose-symmetric border, one 9 rectangle
    N = 2 * n + 4
    h = N // 2 + 1
    g = [[rng.choice([0, 0, 1, 2, 3, 4, 5, 6, 7, 8]) for _ in range(N)] for _ in range(N)]
    for i in range(N):
        for j in range(N):
            a, b = i, j
            if a >= h:
                a = N + 1 - a
            if b >= h:
                b = N + 1 - b
            a, b = min(a, b), max(a, b)
            g[i][j] = g[a][b]
    r0 = rng.randint(2, h - 1)
    c0 = rng.randint(2, h - 1)
    for i in range(r0, rng.randint(r0, h - 1) + 1):
        for j in range(c0, rng.randint(c0, h - 1) + 1):
            g[i][j] = 9
    return g


def closed_boxes_recolor(
    g,
):  # a 4-connected 1-object equal to the border of its bbox (both sides >= 3) becomes 3
    out = [r[:] for r in g]
    for comp in parts(g, lambda v: v == 1):
        r0 = min(a for a, b in comp)
        r1 = max(a for a, b in comp)
        c0 = min(b for a, b in comp)
        c1 = max(b for a, b in comp)
        box = {
            (a, b)
            for a in range(r0, r1 + 1)
            for b in range(c0, c1 + 1)
            if a in (r0, r1) or b in (c0, c1)
        }
        if set(comp) == box and r1 - r0 >= 2 and c1 - c0 >= 2:
            for a, b in comp:
                out[a][b] = 3
    return out


def draw_closed_boxes_recolor(
    rng, n
):  # hollow boxes, boxes with a gap in one side, and short lines, kept apart
    H, W = rng.randint(8, 16), rng.randint(8, 16)
    g = [[0] * W for _ in range(H)]
    for _ in range(3 * n):
        h, w = rng.choice([1, 2, 3, 3, 4, 5]), rng.choice([1, 3, 3, 4, 5])
        i, j = rng.randint(0, H - h), rng.randint(0, W - w)
        if any(
            g[a][b]
            for a in range(max(i - 1, 0), min(i + h + 1, H))
            for b in range(max(j - 1, 0), min(j + w + 1, W))
        ):
            continue
        cells = [
            (a, b)
            for a in range(i, i + h)
            for b in range(j, j + w)
            if a in (i, i + h - 1) or b in (j, j + w - 1)
        ]
        if rng.random() < 0.4 and h > 2 and w > 2:
            cells.remove((i, j + 1))
        for a, b in cells:
            g[a][b] = 1
    # no object sits inside another's hole, as in every example of task196: drop those that do
    out = set()
    for comp in parts(g, lambda v: v == 0):
        if any(a in (0, H - 1) or b in (0, W - 1) for a, b in comp):
            out |= set(comp)
    for comp in parts(g, lambda v: v == 1):
        if not any(
            a in (0, H - 1)
            or b in (0, W - 1)
            or {(a + 1, b), (a - 1, b), (a, b + 1), (a, b - 1)} & out
            for a, b in comp
        ):
            for a, b in comp:
                g[a][b] = 0
    return g


def drop_cell_stripes(
    g,
):  # cell shifts down 1; rows 0..its row become 4 on columns with its column's parity
    H, W = len(g), len(g[0])
    ((a, b),) = [(i, j) for i in range(H) for j in range(W) if g[i][j]]
    out = [[0] * W for _ in range(H)]
    if a + 1 < H:
        out[a + 1][b] = g[a][b]
    for i in range(a + 1):
        for j in range(W):
            if (j - b) % 2 == 0:
                out[i][j] = 4
    return out


def draw_drop_cell_stripes(rng, n):  # blank grid with one cell of colour != 4, not on the last row
    H, W = rng.randint(n, 5 * n), rng.randint(n, 15)  # width <= 15 as in every example of task199
    g = [[0] * W for _ in range(H)]
    g[rng.randrange(H - 1)][rng.randrange(W)] = rng.choice([1, 2, 3, 5, 6, 7, 8, 9])
    return g


def band_holes_across(g):  # holes spread across their band (perpendicular to the bands' direction)
    def horiz(g):
        out = [r[:] for r in g]
        col = [max(r) for r in g]
        for k, r in enumerate(g):
            for j, v in enumerate(r):
                if v == 0:
                    for i in range(len(g)):
                        if col[i] == col[k]:
                            out[i][j] = 0
        return out

    if all(len(set(r) - {0}) <= 1 for r in g):
        return horiz(g)
    t = [list(c) for c in zip(*g, strict=False)]
    return [list(c) for c in zip(*horiz(t), strict=False)]


def draw_band_holes_across(
    rng, n
):  # n-ish bands of distinct colours, a few holes, random orientation
    cols = rng.sample(range(1, 10), rng.randint(2, min(n, 4)))
    W = rng.randint(4, 14)
    g = []
    for c in cols:
        g += [[c] * W for _ in range(rng.randint(2, 4))]
    for j in rng.sample(
        range(W), min(n, W - 1)
    ):  # holes in distinct columns (EXPR needs: no column holed in every band)
        g[rng.randrange(len(g))][j] = 0
    return g if rng.random() < 0.5 else [list(c) for c in zip(*g, strict=False)]


def plus_colored_arms(
    g,
):  # paint 8 below, 2 above, 6 right, 7 left of every 1 (in that order, later wins)
    H, W = len(g), len(g[0])
    out = [r[:] for r in g]
    ones = [(i, j) for i in range(H) for j in range(W) if g[i][j] == 1]
    for di, dj, c in ((1, 0, 8), (-1, 0, 2), (0, 1, 6), (0, -1, 7)):
        for i, j in ones:
            if 0 <= i + di < H and 0 <= j + dj < W:
                out[i + di][j + dj] = c
    return out


def draw_plus_colored_arms(rng, n):  # 1s at pairwise Manhattan distance >= 3
    H, W = rng.randint(n, 4 * n), rng.randint(n, 4 * n)
    g = [[0] * W for _ in range(H)]
    pts = []
    for _ in range(3 * n):
        i, j = rng.randrange(H), rng.randrange(W)
        if all(abs(i - a) + abs(j - b) >= 3 for a, b in pts):
            pts.append((i, j))
            g[i][j] = 1
    return g


def block_colors_grid(
    g,
):  # one output cell per block (split by all-zero rows/cols): the block's colour
    def bands(n, empty):
        out, cur = [], []
        for i in range(n):
            if empty(i):
                if cur:
                    out.append(cur)
                    cur = []
            else:
                cur.append(i)
        return out + [cur] * bool(cur)

    R = bands(len(g), lambda i: not any(g[i]))
    C = bands(len(g[0]), lambda j: not any(r[j] for r in g))
    return [[max(g[i][j] for i in rs for j in cs) for cs in C] for rs in R]


def draw_block_colors_grid(
    rng, n
):  # 2-3 x 2-3 blocks of random colours (neighbours may repeat), 0 noise off each block's first/last column
    hs = [rng.randint(2, 5) for _ in range(rng.randint(2, 3))]
    ws = [rng.randint(2, 5) for _ in range(rng.randint(2, n))]
    g = []
    for h in hs:
        cs = [rng.randint(1, 9) for _ in ws]
        for _ in range(h):
            row = []
            for c, w in zip(cs, ws, strict=False):
                row += [c] + [c * (rng.random() > 0.25) for _ in range(w - 2)] + [c, 0]
            g.append(row[:-1])
        g.append([0] * len(g[-1]))
    return g[:-1]


def marked_shape_crop(
    g,
):  # the 8-connected object holding the 8, cropped, all its cells in its main colour
    H, W = len(g), len(g[0])
    ((a, b),) = [(i, j) for i in range(H) for j in range(W) if g[i][j] == 8]
    comp = next(set(p) for p in parts(g, bool, corners=True) if (a, b) in p)
    cols = [g[i][j] for i, j in comp if g[i][j] != 8]
    c = max(set(cols), key=cols.count)
    r0, c0 = min(i for i, j in comp), min(j for i, j in comp)
    r1, c1 = max(i for i, j in comp), max(j for i, j in comp)
    return [[c if (i, j) in comp else 0 for j in range(c0, c1 + 1)] for i in range(r0, r1 + 1)]


# 3 random 3x3-box shapes (centre filled) of distinct colours, one with an 8 centre, on a 13x13
# grid, as every example
def draw_marked_shape_crop(rng, n):
    n, S = 3, 13
    g = [[0] * S for _ in range(S)]
    cols = rng.sample([1, 2, 3, 4, 5, 6, 7, 9], n)
    for t, c in enumerate(cols):
        while True:
            m = [[rng.random() < 0.5 for _ in range(3)] for _ in range(3)]
            m[1][1] = True
            if any(m[0]) and any(m[2]) and any(r[0] for r in m) and any(r[2] for r in m):
                break
        i, j = 4 * t, rng.randrange(S - 2)
        for x in range(3):
            for y in range(3):
                if m[x][y]:
                    g[i + x][j + y] = c
        if t == 0:
            g[i + 1][j + 1] = 8
    return g


def block_pattern_fractal(
    g,
):  # downscale the cropped shape by 3 to P, output the Kronecker self-product of P
    cells = [(i, j) for i, r in enumerate(g) for j, v in enumerate(r) if v]
    i0, j0 = min(i for i, j in cells), min(j for i, j in cells)
    i1, j1 = max(i for i, j in cells), max(j for i, j in cells)
    P = [[g[i][j] for j in range(j0, j1 + 1, 3)] for i in range(i0, i1 + 1, 3)]
    n, m = len(P), len(P[0])
    return [
        [P[a // n][b // m] if P[a % n][b % m] else 0 for b in range(m * m)] for a in range(n * n)
    ]


def draw_block_pattern_fractal(
    rng, n
):  # random 3x3 pattern (no empty row/col) drawn with 3x3 blocks somewhere
    c = rng.randint(1, 9)
    while True:
        P = [[c * (rng.random() < 0.6) for _ in range(3)] for _ in range(3)]
        if all(any(r) for r in P) and all(any(r) for r in zip(*P, strict=False)):
            break
    H, W = rng.randint(9, 16), rng.randint(9, 18)
    g = [[0] * W for _ in range(H)]
    a, b = rng.randint(0, H - 9), rng.randint(0, W - 9)
    for i in range(9):
        for j in range(9):
            g[a + i][b + j] = P[i // 3][j // 3]
    return g


def cross_band_colors(g):  # band index of row x band index of column picks the colour
    H, W = len(g), len(g[0])
    rows = [i for i in range(H) if all(v == 8 for v in g[i])]
    cols = [j for j in range(W) if all(g[i][j] == 8 for i in range(H))]
    tab = [[0, 2, 0], [4, 6, 3], [0, 1, 0]]
    out = [r[:] for r in g]
    for i in range(H):
        for j in range(W):
            if g[i][j] == 0:
                out[i][j] = tab[sum(i > x for x in rows)][sum(j > y for y in cols)]
    return out


def draw_cross_band_colors(rng, n):  # two 8-rows and two 8-cols, none on the border, not adjacent
    H, W = rng.randint(6, 16), rng.randint(6, 16)
    a = rng.randint(1, H - 5)
    b = rng.randint(a + 2, H - 2)
    c = rng.randint(1, W - 5)
    d = rng.randint(c + 2, W - 2)
    return [[8 if i in (a, b) or j in (c, d) else 0 for j in range(W)] for i in range(H)]


def period_extend(
    g,
):  # smallest k with every nonzero cell equal to the cell k to its left; tile the first k columns
    W = len(g[0])
    k = 1
    while any(g[i][j] and g[i][j] != g[i][j - k] for i in range(len(g)) for j in range(k, W)):
        k += 1
    return [[r[j % k] for j in range(15)] for r in g]


def draw_period_extend(
    rng, n
):  # a random tile of width k on the bottom rows, shown for L columns of a 15-wide grid
    while True:
        H, k, h = rng.randint(3, 8), rng.randint(1, 6), rng.randint(1, 3)
        L = rng.randint(k, 14)
        tile = [
            [rng.choice([0, 0] + rng.sample(range(1, 10), 2)) for _ in range(k)] for _ in range(h)
        ]
        # the bottom row has no 0, as in every example of task343
        tile[-1] = [rng.randint(1, 9) for _ in range(k)]
        g = [[0] * 15 for _ in range(H)]
        for i in range(h):
            for j in range(L):
                g[H - h + i][j] = tile[i][j % k]
        # as in every example of task343, the smallest period the rule finds (cells k to the right
        # are 0 or equal) also repeats the shown columns exactly
        cols = [c for c in zip(*g, strict=True) if any(c)]
        q = next(q for q in range(1, 16) if cols[q:] == cols[:-q])
        if not any(
            all(b in (0, a) for r in g for a, b in zip(r, r[k:], strict=False)) for k in range(1, q)
        ):
            return g


def tromino_corner(g):  # the 0 cell of any 2x2 window holding three 8s becomes 1
    H, W = len(g), len(g[0])
    out = [r[:] for r in g]
    for i in range(H - 1):
        for j in range(W - 1):
            w = [(i, j), (i, j + 1), (i + 1, j), (i + 1, j + 1)]
            if sum(g[a][b] == 8 for a, b in w) == 3:
                for a, b in w:
                    if g[a][b] == 0:
                        out[a][b] = 1
    return out


def draw_tromino_corner(rng, n):  # n L-trominoes in 2x2 boxes kept at least one empty cell apart
    H = W = 7  # every example of task081 (train, test, arc-gen: 264) is 7x7
    g = [[0] * W for _ in range(H)]
    boxes = []
    for _ in range(n * 5):
        i, j = rng.randint(0, H - 2), rng.randint(0, W - 2)
        if all(abs(i - a) > 2 or abs(j - b) > 2 for a, b in boxes) and len(boxes) < n:
            boxes.append((i, j))
            miss = rng.randint(0, 3)
            for k, (a, b) in enumerate([(i, j), (i, j + 1), (i + 1, j), (i + 1, j + 1)]):
                g[a][b] = 8 * (k != miss)
    return g


def stamp_on_ones(g):  # copy the top-left 3x3 pattern centred on each 1
    out = [r[:] for r in g]
    for i in range(len(g)):
        for j in range(4, len(g[0])):
            if g[i][j] == 1:
                for a in range(3):
                    for b in range(3):
                        out[i - 1 + a][j - 1 + b] = g[a][b]
    return out


def draw_stamp_on_ones(rng, n):  # 9x13: pattern, column of 5, 1s at some block centres
    g = [[0] * 13 for _ in range(9)]
    for i in range(9):
        g[i][3] = 5
    for a in range(3):
        for b in range(3):
            g[a][b] = rng.choice([2, 3, 4, 6, 7, 8, 9])
    for i in (1, 4, 7):
        for j in (5, 8, 11):
            g[i][j] = int(rng.random() < n / 9)
    return g


def lone_cell_ringed(g):  # blank grid; the unique-count colour stays, its 8 neighbours become 2
    H, W = len(g), len(g[0])
    cnt = {}
    for r in g:
        for c in r:
            cnt[c] = cnt.get(c, 0) + 1
    out = [[0] * W for _ in range(H)]
    for i in range(H):
        for j in range(W):
            if cnt[g[i][j]] == 1:
                for y in range(i - 1, i + 2):
                    for x in range(j - 1, j + 2):
                        if 0 <= y < H and 0 <= x < W:
                            out[y][x] = 2
                out[i][j] = g[i][j]
    return out


def draw_lone_cell_ringed(
    rng, n
):  # random coloured noise where every colour but one occurs 2+ times
    H, W = 10, 10  # as in every example of task068
    cols = rng.sample(range(1, 10), n + 1)
    g = [[0] * W for _ in range(H)]
    cells = rng.sample([(i, j) for i in range(H) for j in range(W)], 2 * n + 1)
    # as in every example of task068: the lone cell (the last one) is never on the border
    while not (0 < cells[-1][0] < H - 1 and 0 < cells[-1][1] < W - 1):
        cells = rng.sample([(i, j) for i in range(H) for j in range(W)], 2 * n + 1)
    for k, (i, j) in enumerate(cells):
        g[i][j] = cols[k // 2] if k < 2 * n else cols[n]
    for i, j in rng.sample([(i, j) for i in range(H) for j in range(W)], rng.randint(0, H)):
        if g[i][j] == 0:
            g[i][j] = rng.choice(cols[:n])
    return g


def holed_rect_colour(g):  # the colour whose cell count is less than its bounding box area
    for c in set(sum(g, [])) - {0}:
        cells = [(i, j) for i, r in enumerate(g) for j, v in enumerate(r) if v == c]
        ys, xs = [i for i, _ in cells], [j for _, j in cells]
        if len(cells) < (max(ys) - min(ys) + 1) * (max(xs) - min(xs) + 1):
            return [[c]]


def draw_holed_rect_colour(
    rng, n
):  # n separated rectangles, the first (>=3x3) with an interior hole
    while True:
        S = rng.randint(10, 16)
        g = [[0] * S for _ in range(S)]
        cols = rng.sample(range(1, 10), n)
        ok = True
        for k, c in enumerate(cols):
            h, w = rng.randint(3 if k == 0 else 1, 6), rng.randint(3 if k == 0 else 1, 6)
            y, x = rng.randint(0, S - h), rng.randint(0, S - w)
            if any(
                g[i][j]
                for i in range(max(0, y - 1), min(S, y + h + 1))
                for j in range(max(0, x - 1), min(S, x + w + 1))
            ):
                ok = False
                break
            for i in range(y, y + h):
                for j in range(x, x + w):
                    g[i][j] = c
            if k == 0:
                a, b = rng.randint(y + 1, y + h - 2), rng.randint(x + 1, x + w - 2)
                for i in range(a, rng.randint(a, y + h - 2) + 1):
                    for j in range(b, rng.randint(b, x + w - 2) + 1):
                        g[i][j] = 0
        if ok:
            return g


def corner_diagonal_shots(
    g,
):  # paint the diagonal from the 1-block's top-left corner up-left, the 2-block's bottom-right down-right
    H, W = len(g), len(g[0])
    out = [r[:] for r in g]
    ones = [(i, j) for i in range(H) for j in range(W) if g[i][j] == 1]
    twos = [(i, j) for i in range(H) for j in range(W) if g[i][j] == 2]
    i, j = min(ones)
    while i > 0 and j > 0:
        i, j = i - 1, j - 1
        out[i][j] = 1
    i, j = max(twos)
    while i < H - 1 and j < W - 1:
        i, j = i + 1, j + 1
        out[i][j] = 2
    return out


def draw_corner_diagonal_shots(
    rng, n
):  # a 2x2 block of 1 and one of 2, placed so no ray meets the other block
    while True:
        H, W = rng.randint(n + 4, 14), rng.randint(n + 4, 14)
        g = [[0] * W for _ in range(H)]
        a, b, c, d = (
            rng.randint(0, H - 2),
            rng.randint(0, W - 2),
            rng.randint(0, H - 2),
            rng.randint(0, W - 2),
        )
        if abs(a - c) < 3 and abs(b - d) < 3:
            continue
        if c - d in range(a - b - 1, a - b + 2) or a - b in range(c - d - 1, c - d + 2):
            continue  # diagonals apart
        for y, x, v in ((a, b, 1), (c, d, 2)):
            for i in range(2):
                for j in range(2):
                    g[y + i][x + j] = v
        o = corner_diagonal_shots([r[:] for r in g])
        if any(
            {o[y][x], o[y + i][x + 1 - i]} == {1, 2}
            for i in (0, 1)
            for y in range(H - i)
            for x in range(W - 1 + i)
        ):
            continue  # no 1 side by side with a 2 in the output, as in every example of task136
        return g


def hollow_insides_only(
    g,
):  # each object's bounding box minus its cells becomes 3; everything else 0
    H, W = len(g), len(g[0])
    out = [[0] * W for _ in range(H)]
    for comp in colour_parts(g):
        ys, xs = [y for y, _ in comp], [x for _, x in comp]
        for y in range(min(ys), max(ys) + 1):
            for x in range(min(xs), max(xs) + 1):
                if (y, x) not in comp:
                    out[y][x] = 3
    return out


def draw_hollow_insides_only(
    rng, n
):  # n rectangles of 2 (hollow or solid), 1 cell apart, may touch the border
    S = rng.randint(8, 16)
    g = [[0] * S for _ in range(S)]
    m = [[0] * S for _ in range(S)]
    for _ in range(n * 10):
        h, w = rng.randint(2, 7), rng.randint(2, 7)
        y, x = rng.randint(0, S - h), rng.randint(0, S - w)
        if any(
            m[i][j]
            for i in range(max(0, y - 1), min(S, y + h + 1))
            for j in range(max(0, x - 1), min(S, x + w + 1))
        ):
            continue
        solid = rng.random() < 0.3
        for i in range(y, y + h):
            m[i][x : x + w] = [1] * w
        for i in range(y, y + h):
            for j in range(x, x + w):
                if solid or i in (y, y + h - 1) or j in (x, x + w - 1):
                    g[i][j] = 2
    return g


def diagonal_stamp_3687(
    g,
):  # blank the 2s; paint 3/6/8/7 on their UL/UR/DL/DR neighbours (inside the grid)
    H, W = len(g), len(g[0])
    out = [[0] * W for _ in range(H)]
    for i in range(H):
        for j in range(W):
            if g[i][j] == 2:
                for di, dj, c in ((-1, -1, 3), (-1, 1, 6), (1, -1, 8), (1, 1, 7)):
                    if 0 <= i + di < H and 0 <= j + dj < W:
                        out[i + di][j + dj] = c
    return out


def draw_diagonal_stamp_3687(rng, n):  # one 2 on a blank grid
    H, W = 3, 5  # one 2 on a 3x5 grid, as in every example of task266
    g = [[0] * W for _ in range(H)]
    g[rng.randrange(H)][rng.randrange(W)] = 2
    return g


def biggest_colours_bars(
    g,
):  # objects of max size, sorted by leftmost column; one output column each, height = size
    objs = [
        (min((x, y) for y, x in comp), len(comp), g[comp[0][0]][comp[0][1]])
        for comp in colour_parts(g)
    ]
    m = max(k for _, k, _ in objs)
    cols = [c for _, k, c in sorted(objs) if k == m]
    return [cols[:] for _ in range(m)]


def draw_biggest_colours_bars(rng, n):  # n random-walk blobs of distinct colours, kept 1 cell apart
    S = rng.randint(8, 14)
    g = [[0] * S for _ in range(S)]
    cols = rng.sample(range(1, 10), n)
    sizes = [rng.randint(2, 5) for _ in cols]
    for c, k in zip(cols, sizes, strict=False):
        for _ in range(100):
            y, x = rng.randrange(S), rng.randrange(S)
            cells = [(y, x)]
            while len(cells) < k:
                a, b = rng.choice(cells)
                d = rng.choice(((0, 1), (1, 0), (0, -1), (-1, 0)))
                if 0 <= a + d[0] < S and 0 <= b + d[1] < S and (a + d[0], b + d[1]) not in cells:
                    cells.append((a + d[0], b + d[1]))
            if all(
                g[a2][b2] == 0
                for a, b in cells
                for a2 in range(max(0, a - 1), min(S, a + 2))
                for b2 in range(max(0, b - 1), min(S, b + 2))
            ):
                for a, b in cells:
                    g[a][b] = c
                break
    return g


def tile_diagonal_halo(
    g,
):  # 2x2 tiling, then 8 on background cells with a coloured diagonal neighbour
    G = [r + r for r in g + g]
    H, W = len(G), len(G[0])
    out = [r[:] for r in G]
    for i in range(H):
        for j in range(W):
            if G[i][j] == 0 and any(
                0 <= i + a < H and 0 <= j + b < W and G[i + a][j + b]
                for a in (-1, 1)
                for b in (-1, 1)
            ):
                out[i][j] = 8
    return out


def draw_tile_diagonal_halo(rng, n):  # a small grid with a few cells of one colour (not 8)
    H, W = rng.randint(2, n + 3), rng.randint(2, n + 3)
    c = rng.choice([1, 2, 3, 4, 5, 6, 7, 9])
    g = [[0] * W for _ in range(H)]
    for _ in range(rng.randint(1, n)):
        g[rng.randrange(H)][rng.randrange(W)] = c
    return g


def box_of_8_recolor(g):  # 1s within the bounding box of all 8s turn into 3
    cells = [(i, j) for i, r in enumerate(g) for j, c in enumerate(r) if c == 8]
    out = [list(r) for r in g]
    if not cells:
        return out
    i0 = min(i for i, j in cells)
    i1 = max(i for i, j in cells)
    j0 = min(j for i, j in cells)
    j1 = max(j for i, j in cells)
    for i in range(i0, i1 + 1):
        for j in range(j0, j1 + 1):
            if out[i][j] == 1:
                out[i][j] = 3
    return out


def draw_box_of_8_recolor(rng, n):  # random 0/1 noise with a few 8s scattered in a sub-rectangle
    h, w = rng.randint(n, 4 * n), rng.randint(n, 4 * n)
    g = [[rng.choice([0, 0, 1]) for _ in range(w)] for _ in range(h)]
    a, b = rng.randrange(h), rng.randrange(w)
    for _ in range(rng.randint(1, 2 * n)):
        g[rng.randint(a, min(h - 1, a + n))][rng.randint(b, min(w - 1, b + n))] = 8
    return g


def crop_recolor_bg(g):  # crop to the box around cells of colour > 1, then 1 -> 0
    cells = [(i, j) for i, r in enumerate(g) for j, c in enumerate(r) if c > 1]
    i0 = min(i for i, j in cells)
    i1 = max(i for i, j in cells)
    j0 = min(j for i, j in cells)
    j1 = max(j for i, j in cells)
    return [[0 if c == 1 else c for c in r[j0 : j1 + 1]] for r in g[i0 : i1 + 1]]


def draw_crop_recolor_bg(rng, n):  # background of 1s with a few coloured cells in a small area
    # 5..7 rows and columns, as in every example of task259
    h, w = rng.randint(5, 7), rng.randint(5, 7)
    g = [[1] * w for _ in range(h)]
    a, b = rng.randrange(h), rng.randrange(w)
    for _ in range(rng.randint(1, n)):
        g[rng.randint(a, min(h - 1, a + 2))][rng.randint(b, min(w - 1, b + 2))] = rng.randint(2, 9)
    return g


def ring_stamp(g):  # 5s -> 0; orthogonal neighbours of 5s -> 1; then diagonal neighbours of 5s -> 5
    h, w = len(g), len(g[0])
    out = [[0] * w for _ in range(h)]
    fives = [(i, j) for i in range(h) for j in range(w) if g[i][j] == 5]
    for i, j in fives:
        for a, b in ((i - 1, j), (i + 1, j), (i, j - 1), (i, j + 1)):
            if 0 <= a < h and 0 <= b < w:
                out[a][b] = 1
    for i, j in fives:
        for a, b in ((i - 1, j - 1), (i - 1, j + 1), (i + 1, j - 1), (i + 1, j + 1)):
            if 0 <= a < h and 0 <= b < w:
                out[a][b] = 5
    return out


def draw_ring_stamp(rng, n):  # 9x9 blank grid with n-1..n+1 fives away from the border
    g = [[0] * 9 for _ in range(9)]
    for _ in range(rng.randint(n - 1, n + 1)):
        g[rng.randint(1, 7)][rng.randint(1, 7)] = 5
    return g


def asymmetric_block(g):  # the 3x3 block (of three stacked) that differs from its transpose
    for k in range(0, len(g), 3):
        b = g[k : k + 3]
        if any(b[i][j] != b[j][i] for i in range(3) for j in range(3)):
            return b


def draw_asymmetric_block(
    rng, n
):  # two diagonal-symmetric 3x3 blocks and one asymmetric, stacked in random order
    cols = rng.sample(range(1, 10), 2)
    blocks = []
    for _ in range(3):
        b = [[0] * 3 for _ in range(3)]
        for i in range(3):
            for j in range(i, 3):
                b[i][j] = b[j][i] = rng.choice(cols)
        blocks.append(b)
    b = blocks[rng.randrange(3)]
    i, j = rng.choice([(0, 1), (0, 2), (1, 2)])
    b[i][j] = [c for c in cols if c != b[j][i]][0]
    return [r for b in blocks for r in b]


def block_colour_count_drip(
    g,
):  # each object (4-connected non-zero cells): fill 3 below it, over its
    h, w = len(g), len(g[0])  # leftmost two columns, for as many rows as it has colours
    out = [list(r) for r in g]
    for comp in parts(g, bool):
        bottom = max(i for i, j in comp)
        left = min(j for i, j in comp)
        n = len({g[i][j] for i, j in comp})
        for a in range(bottom + 1, bottom + 1 + n):
            for b in (left, left + 1):
                if a < h and b < w:
                    out[a][b] = 3
    return out


def draw_block_colour_count_drip(
    rng, n
):  # 10x10 with 1-3 separated 2x2 blocks (colours != 3), drip areas clear
    g = [[0] * 10 for _ in range(10)]
    used = set()
    for _ in range(rng.randint(1, n - 1)):
        # the first block starts in rows 0-7 (drips into the grid): every example paints a drip
        i, j = rng.randint(0, 8 if used else 7), rng.randint(0, 8)
        area = {(a, b) for a in range(i - 1, i + 7) for b in range(j - 1, j + 3)}
        if area & used:
            continue
        used |= area
        cols = [rng.choice([1, 2, 4, 5, 6, 7, 8, 9]) for _ in range(4)]
        g[i][j], g[i][j + 1], g[i + 1][j], g[i + 1][j + 1] = cols
    return g


def greedy_zero_window_fill(
    g,
):  # row-major scan; a 3x3 window of zeros (in the current grid) becomes 1s
    out = [list(r) for r in g]
    for a in range(len(out) - 2):
        for b in range(len(out[0]) - 2):
            if all(out[a + x][b + y] == 0 for x in range(3) for y in range(3)):
                for x in range(3):
                    for y in range(3):
                        out[a + x][b + y] = 1
    return out


def draw_greedy_zero_window_fill(
    rng, n
):  # noise of one colour with a few cleared rectangles (3x3 to 4x5)
    h, w = rng.randint(n + 3, 16), rng.randint(n + 3, 16)
    col = rng.choice([2, 3, 5, 7, 8])
    g = [[col if rng.random() < 0.6 else 0 for _ in range(w)] for _ in range(h)]
    # at least one cleared 3x3+ box, so some window is filled, as in every example of task162
    for _ in range(rng.randint(1, max(1, n - 1))):
        a, b, dh, dw = (
            rng.randrange(h - 2),
            rng.randrange(w - 2),
            rng.randint(3, 4),
            rng.randint(3, 5),
        )
        for x in range(a, min(h, a + dh)):
            for y in range(b, min(w, b + dw)):
                g[x][y] = 0
    return g


def pair_3_2_merge(g):  # a 3 with a 2 next to it -> 8, a 2 with a 3 next to it -> 0
    H, W = len(g), len(g[0])
    o = [r[:] for r in g]
    for i in range(H):
        for j in range(W):
            c = g[i][j]
            if c in (2, 3):
                nb = [
                    g[y][x]
                    for y, x in ((i - 1, j), (i + 1, j), (i, j - 1), (i, j + 1))
                    if 0 <= y < H and 0 <= x < W
                ]
                if 5 - c in nb:
                    o[i][j] = 8 if c == 3 else 0
    return o


def draw_pair_3_2_merge(rng, n):  # separated singles of 2/3/5 and 2-3 dominoes on a blank grid
    H, W = rng.randint(n, 4 * n), rng.randint(n, 4 * n)
    g = [[0] * W for _ in range(H)]
    for _ in range(n * 3):
        i, j = rng.randrange(H), rng.randrange(W)
        cells = [(i, j, rng.choice((2, 3, 5)))]
        if rng.random() < 0.5:
            a, b = rng.sample((2, 3), 2)
            cells = [(i, j, a), (i + 1, j, b)] if rng.random() < 0.5 else [(i, j, a), (i, j + 1, b)]
        if all(y < H and x < W for y, x, _ in cells) and not any(
            g[y][x]
            for a, b, _ in cells
            for y in range(max(a - 1, 0), a + 2)
            for x in range(max(b - 1, 0), b + 2)
            if y < H and x < W
        ):
            for y, x, c in cells:
                g[y][x] = c
    return g


def diag_cross(g):  # the X of diagonals through the single non-zero cell
    H, W = len(g), len(g[0])
    ((a, b),) = [(i, j) for i in range(H) for j in range(W) if g[i][j]]
    return [[g[a][b] if abs(i - a) == abs(j - b) else 0 for j in range(W)] for i in range(H)]


def draw_diag_cross(rng, n):  # a blank grid with one random coloured cell
    H = W = rng.randint(n, 5 * n)  # square, as in every example of task141
    g = [[0] * W for _ in range(H)]
    g[rng.randrange(H)][rng.randrange(W)] = rng.randint(1, 9)
    return g


def lines_to_square(
    g,
):  # each colour (not 0/5) is a line; order them across the lines, fill an N x N square
    H, W = len(g), len(g[0])
    pos = {}
    for i in range(H):
        for j in range(W):
            if g[i][j] not in (0, 5):
                pos.setdefault(g[i][j], []).append((i, j))
    horiz = all(len({i for i, j in v}) == 1 for v in pos.values())
    cols = sorted(pos, key=lambda c: pos[c][0][0] if horiz else min(j for i, j in pos[c]))
    N = len(cols)
    return [[cols[i] if horiz else cols[j] for j in range(N)] for i in range(N)]


def draw_lines_to_square(
    rng, n
):  # N separated full lines (maybe transposed) and an N x N grey square with a blank border
    N = rng.randint(2, n + 1)
    H = 2 * N + rng.randint(1, 4)
    W = rng.randint(2 * N + 4, 16)
    g = [[0] * W for _ in range(H)]
    for r, c in zip(
        sorted(rng.sample(range(0, H, 2), N)), rng.sample([1, 2, 3, 4, 6, 7, 8, 9], N), strict=False
    ):
        g[r] = [c] * W
    y, x = rng.randint(0, H - N), rng.randint(0, W - N)
    for i in range(max(y - 1, 0), min(y + N + 1, H)):
        for j in range(max(x - 1, 0), min(x + N + 1, W)):
            g[i][j] = 5 if y <= i < y + N and x <= j < x + N else 0
    return g if rng.random() < 0.5 else [list(r) for r in zip(*g, strict=False)]


def comb_from_seed(
    g,
):  # even offsets from the seed column: full columns of A; offset 1 mod 4 -> 5 on top, 3 mod 4 -> 5 at bottom
    H, W = len(g), len(g[0])
    c = [j for j in range(W) if g[-1][j]][0]
    A = g[-1][c]
    o = [[0] * W for _ in range(H)]
    for j in range(c, W):
        d = j - c
        for i in range(H):
            if d % 2 == 0:
                o[i][j] = A
        if d % 4 == 1:
            o[0][j] = 5
        if d % 4 == 3:
            o[H - 1][j] = 5
    return o


def draw_comb_from_seed(rng, n):  # 10x10 blank grid with one coloured cell in the bottom row
    g = [[0] * 10 for _ in range(10)]
    g[9][rng.randrange(10)] = rng.choice([1, 2, 3, 4, 6, 7, 8, 9])
    return g


def enclosed_2_outside_3(g):  # BFS from the border's blank cells -> 3; other blanks -> 2
    H, W = len(g), len(g[0])
    o = [[c or 2 for c in r] for r in g]
    for part in parts(g, lambda v: v == 0):
        if any(i in (0, H - 1) or j in (0, W - 1) for i, j in part):
            for i, j in part:
                o[i][j] = 3
    return o


def draw_enclosed_2_outside_3(
    rng, n
):  # random horizontal/vertical line segments of one colour (not 2/3)
    H, W = rng.randint(6, 16), rng.randint(6, 16)
    L = rng.choice([1, 4, 5, 6, 7, 8, 9])
    g = [[0] * W for _ in range(H)]
    for _ in range(2 * n):
        if rng.random() < 0.5:
            i = rng.randrange(H)
            a, b = sorted(rng.sample(range(W + 1), 2))
            for j in range(a, b):
                g[i][j] = L
        else:
            j = rng.randrange(W)
            a, b = sorted(rng.sample(range(H + 1), 2))
            for i in range(a, b):
                g[i][j] = L
    return g


def rect_frame_corners(
    g,
):  # by number of grey 4-neighbours: 2 (corner) -> 1, 3 (edge) -> 4, 4 (inside) -> 2
    H, W = len(g), len(g[0])
    o = [r[:] for r in g]
    for i in range(H):
        for j in range(W):
            if g[i][j] == 5:
                n = sum(
                    0 <= y < H and 0 <= x < W and g[y][x] == 5
                    for y, x in ((i - 1, j), (i + 1, j), (i, j - 1), (i, j + 1))
                )
                o[i][j] = {2: 1, 3: 4, 4: 2}[n]
    return o


def draw_rect_frame_corners(rng, n):  # non-touching grey rectangles at least 2x2
    H, W = rng.randint(6, 15), rng.randint(6, 15)
    g = [[0] * W for _ in range(H)]
    for _ in range(2 * n):
        h, w = rng.randint(2, 6), rng.randint(2, 6)
        y, x = rng.randint(0, H - h), rng.randint(0, W - w)
        if (
            h <= H
            and w <= W
            and not any(
                g[i][j]
                for i in range(max(y - 1, 0), min(y + h + 1, H))
                for j in range(max(x - 1, 0), min(x + w + 1, W))
            )
        ):
            for i in range(y, y + h):
                for j in range(x, x + w):
                    g[i][j] = 5
    return g


def grouped_to_8(g):  # BFS components of 3; those of size >= 2 recoloured 8
    o = [r[:] for r in g]
    for comp in parts(g, bool):
        if len(comp) > 1:
            for y, x in comp:
                o[y][x] = 8
    return o


def draw_grouped_to_8(rng, n):  # random scatter of 3s on a blank grid
    H, W = rng.randint(2, 12), rng.randint(2, 12)
    return [[3 * (rng.random() < 0.2 + 0.08 * n) for _ in range(W)] for _ in range(H)]


def blanks_between(g, dot, fill):  # blanks with a `dot` on both sides in their row or column
    H, W = len(g), len(g[0])  # take `fill`
    o = [r[:] for r in g]
    for i in range(H):
        for j in range(W):
            if g[i][j] == 0:
                row, col = g[i], [r[j] for r in g]
                if (dot in row[:j] and dot in row[j:]) or (dot in col[:i] and dot in col[i:]):
                    o[i][j] = fill
    return o


def link_8s_with_3(g):  # for each pair of 8s sharing a row or column, the blanks between them 3
    return blanks_between(g, 8, 3)


def dots_in_lines(rng, count, dot):  # `count` dots, each with a second in its row or column
    H, W = rng.randint(3, 14), rng.randint(3, 14)
    g = [[0] * W for _ in range(H)]
    for _ in range(count):
        i, j = rng.randrange(H), rng.randrange(W)
        g[i][j] = dot
        if rng.random() < 0.5:
            g[i][rng.randrange(W)] = dot
        else:
            g[rng.randrange(H)][j] = dot
    return g


def draw_link_8s_with_3(rng, n):
    return dots_in_lines(rng, n, 8)


def link_1s_with_8(g):  # task050's rule with 1s, filled with 8
    return blanks_between(g, 1, 8)


def draw_link_1s_with_8(rng, n):
    return dots_in_lines(rng, n + 1, 1)


def nearest_border_colour(
    g,
):  # recolour each 3 with the colour of the closer of the two full border lines
    H, W = len(g), len(g[0])
    o = [r[:] for r in g]
    vertical = 0 in g[0]  # lines are the first and last columns
    for i in range(H):
        for j in range(W):
            if g[i][j] == 3:
                if vertical:
                    o[i][j] = g[i][0] if j < W - 1 - j else g[i][W - 1]
                else:
                    o[i][j] = g[0][j] if i < H - 1 - i else g[H - 1][j]
    return o


def draw_nearest_border_colour(
    rng, n
):  # 10x10: two border lines of colours A, B and scattered 3s inside
    A, B = rng.sample([1, 2, 4, 5, 6, 7, 8, 9], 2)
    g = [[A] + [0] * 8 + [B] for _ in range(10)]
    for _ in range(n + 2):
        g[rng.randrange(10)][rng.randint(1, 8)] = 3
    return g if rng.random() < 0.5 else [list(r) for r in zip(*g, strict=False)]


def drop_cells_without_row_and_col_neighbour(
    g,
):  # keep a cell iff it lies in some all-nonzero 2x2 block
    h, w = len(g), len(g[0])
    o = [[0] * w for _ in g]
    for i in range(h - 1):
        for j in range(w - 1):
            if g[i][j] and g[i + 1][j] and g[i][j + 1] and g[i + 1][j + 1]:
                for a in (i, i + 1):
                    for b in (j, j + 1):
                        o[a][b] = g[a][b]
    return o


def draw_drop_cells_without_row_and_col_neighbour(
    rng, n
):  # non-touching rectangles >=2x2 plus noise pixels (each with <=1 nonzero 4-neighbour, never another noise pixel)
    h, w = rng.randint(6, 16), rng.randint(6, 16)
    c = rng.randint(1, 9)
    g = [[0] * w for _ in range(h)]
    noise = set()
    for _ in range(n):
        a, b = rng.randint(2, 4), rng.randint(2, 4)
        i, j = rng.randrange(h - a + 1), rng.randrange(w - b + 1)
        if not any(
            g[y][x]
            for y in range(max(i - 1, 0), i + a + 1)
            for x in range(max(j - 1, 0), j + b + 1)
            if y < h and x < w
        ):
            for y in range(i, i + a):
                for x in range(j, j + b):
                    g[y][x] = c
    for _ in range(3 * n):
        i, j = rng.randrange(h), rng.randrange(w)
        nb = [
            (y, x)
            for y, x in ((i - 1, j), (i + 1, j), (i, j - 1), (i, j + 1))
            if 0 <= y < h and 0 <= x < w and g[y][x]
        ]
        if not g[i][j] and len(nb) < 2 and not noise & set(nb):
            g[i][j] = c
            noise.add((i, j))
    return g


def crop_commonest_colour(g):  # bounding box of the most frequent nonzero colour
    cnt = {}
    for r in g:
        for v in r:
            if v:
                cnt[v] = cnt.get(v, 0) + 1
    b = max(cnt, key=cnt.get)
    ys = [i for i, r in enumerate(g) if b in r]
    xs = [j for r in g for j, v in enumerate(r) if v == b]
    return [r[min(xs) : max(xs) + 1] for r in g[min(ys) : max(ys) + 1]]


def draw_crop_commonest_colour(
    rng, n
):  # n connected blobs of distinct colours side by side, distinct sizes
    cols = rng.sample(range(1, 10), n)
    h = rng.randint(4, 6)
    g = [[0] * (5 * n + 1) for _ in range(h + 2)]
    sizes = rng.sample(range(3, 12), n)
    for k in range(n):
        y, x = 1 + rng.randrange(h), 1 + 5 * k + rng.randrange(4)
        cells = {(y, x)}
        while len(cells) < sizes[k]:
            y, x = rng.choice(sorted(cells))
            dy, dx = rng.choice(((0, 1), (1, 0), (0, -1), (-1, 0)))
            if 1 <= y + dy <= h and 5 * k + 1 <= x + dx <= 5 * k + 4:
                cells.add((y + dy, x + dx))
        for y, x in cells:
            g[y][x] = cols[k]
    return g


def crop_swap_two_colours(g):  # bounding box of the nonzero cells, its two colours exchanged
    ys = [i for i, r in enumerate(g) if any(r)]
    xs = [j for r in g for j, v in enumerate(r) if v]
    box = [r[min(xs) : max(xs) + 1] for r in g[min(ys) : max(ys) + 1]]
    a, b = sorted({v for r in box for v in r})
    return [[b if v == a else a for v in r] for r in box]


def draw_crop_swap_two_colours(
    rng, n
):  # a rectangle of colour a holding a smaller rectangle of colour b
    h, w = rng.randint(8, 14), rng.randint(8, 14)
    a, b = rng.sample(range(1, 10), 2)
    g = [[0] * w for _ in range(h)]
    H, W = rng.randint(3, h - 1), rng.randint(3, w - 1)
    y, x = rng.randrange(h - H + 1), rng.randrange(w - W + 1)
    for i in range(H):
        for j in range(W):
            g[y + i][x + j] = a
    hh, ww = rng.randint(1, H - 2), rng.randint(1, W - 2)
    yy, xx = rng.randint(1, H - 1 - hh), rng.randint(1, W - 1 - ww)
    for i in range(hh):
        for j in range(ww):
            g[y + yy + i][x + xx + j] = b
    return g


def crop_double(g):  # bounding box of the nonzero cells, each cell made a 2x2 block
    ys = [i for i, r in enumerate(g) if any(r)]
    xs = [j for r in g for j, v in enumerate(r) if v]
    box = [r[min(xs) : max(xs) + 1] for r in g[min(ys) : max(ys) + 1]]
    return [[v for v in r for _ in (0, 1)] for r in box for _ in (0, 1)]


def draw_crop_double(rng, n):  # a connected blob of one colour on a blank grid
    h, w = rng.randint(6, 12), rng.randint(6, 12)
    c = rng.randint(1, 9)
    g = [[0] * w for _ in range(h)]
    y, x = rng.randrange(h), rng.randrange(w)
    cells = {(y, x)}
    while len(cells) < 2 * n:
        y, x = rng.choice(sorted(cells))
        dy, dx = rng.choice(((0, 1), (1, 0), (0, -1), (-1, 0)))
        if 0 <= y + dy < h and 0 <= x + dx < w:
            cells.add((y + dy, x + dx))
    for y, x in cells:
        g[y][x] = c
    return g


def bounce_up_from_corner(
    g,
):  # assumes height 10 (every example); the column bounces 0,1,..,w-1,w-2,..
    h, w = len(g), len(g[0])
    o = [[0] * w for _ in g]
    x, d = 0, 1
    for i in range(h - 1, -1, -1):
        o[i][x] = 1
        if not 0 <= x + d < w:
            d = -d
        x += d
    return o


def draw_bounce_up_from_corner(rng, n):  # 10 x w blank grid, 1 at bottom left
    w = rng.randint(2, 6)
    g = [[0] * w for _ in range(10)]
    g[-1][0] = 1
    return g


def continue_rows_to_9(g):  # smallest row period p; row i of the output = row i%p; colour doubled
    p = next(p for p in range(1, 7) if all(g[i] == g[i - p] for i in range(p, 6)))
    return [[2 * v for v in g[i % p]] for i in range(9)]


def draw_continue_rows_to_9(rng, n):  # 6x3 grid of 0/1 with rows periodic
    p = rng.randint(1, 4)  # as in every example of task003: smallest period 2, 3 or 4, never 5
    rows = [[rng.randint(0, 1) for _ in range(3)] for _ in range(p)]
    # as in every example of task003: with period 4, row 1 != row 2
    while p == 4 and rows[1] == rows[2]:
        rows[2] = [rng.randint(0, 1) for _ in range(3)]
    return [rows[i % p][:] for i in range(6)]


def reverse_ring_colours(g):  # ring k = min distance to border; gets the colour of ring m-1-k
    n = len(g)
    m = (n + 1) // 2
    ring = [[min(i, j, n - 1 - i, n - 1 - j) for j in range(n)] for i in range(n)]
    return [[g[m - 1 - k][m - 1 - k] for k in r] for r in ring]


def draw_reverse_ring_colours(rng, n):  # an even square of 2 to 8 rings of distinct colours
    m = rng.randint(2, 8)
    s = 2 * m
    cols = rng.sample(range(1, 10), m)
    return [[cols[min(i, j, s - 1 - i, s - 1 - j)] for j in range(s)] for i in range(s)]


def rank_bars_by_height(g):  # bar colour = 1 + number of taller bars
    h, w = len(g), len(g[0])
    hs = [sum(1 for i in range(h) if g[i][j]) for j in range(w)]
    return [
        [(1 + sum(x > hs[j] for x in hs)) if g[i][j] else 0 for j in range(w)] for i in range(h)
    ]


def draw_rank_bars_by_height(rng, n):  # n bars of 5 with distinct heights in separate columns
    h = rng.randint(5, 12)
    w = 2 * n + 1
    g = [[0] * w for _ in range(h)]
    for k, t in enumerate(rng.sample(range(1, h + 1), n)):
        for i in range(h - t, h):
            g[i][2 * k + 1] = 5
    return g


def diag3_tiling(g):  # colour each cell by the colour present on its (i+j)%3 diagonal class
    col = {}
    for i, r in enumerate(g):
        for j, c in enumerate(r):
            if c:
                col[(i + j) % 3] = c
    return [[col.get((i + j) % 3, 0) for j in range(7)] for i in range(7)]


def draw_diag3_tiling(rng, n):  # a band of anti-diagonals of a 3-colour diagonal tiling
    cs = rng.sample(range(1, 10), 3)
    a = rng.randint(0, 10)
    b = rng.randint(a + 2, 12)
    return [[cs[(i + j) % 3] if a <= i + j <= b else 0 for j in range(7)] for i in range(7)]


def bar_middle_dotted(
    g,
):  # middle row of each 3-high bar: cells at odd offset from the bar's left end become 0
    o = [r[:] for r in g]
    for i in range(1, len(g) - 1):
        for j, c in enumerate(g[i]):
            if c and g[i - 1][j] == c == g[i + 1][j]:
                s = j
                while s > 0 and g[i][s - 1] == c:
                    s -= 1
                if (j - s) % 2:
                    o[i][j] = 0
    return o


def draw_bar_middle_dotted(rng, n):  # bands of 3 rows, each with 1-2 bars of odd width
    w = 4 * n + 3
    g = []
    for _ in range(n - 1):
        g += [[0] * w for _ in range(rng.randint(1, 2))]
        band = [0] * w
        x = rng.randint(0, 2)
        while x < w - 3:
            L = rng.choice(range(3, w - x + 1, 2))
            L = min(L, rng.choice([3, 5, 7, 9, 11]))
            band[x : x + L] = [rng.randint(1, 9)] * L
            s = x
            x += L + rng.randint(1, 3)
            if rng.random() < 0.4:
                break
        # no row has both end cells coloured, as in every example of task085
        if band[0] and band[-1]:
            band[s : s + L] = [0] * L
        g += [band[:] for _ in range(3)]
    return g + [[0] * w]


def alternate_ray(g):  # from the coloured cell to the right edge: colour at even offsets, 5 at odd
    o = []
    for r in g:
        r = r[:]
        for s, x in enumerate(r):
            if x:
                for j in range(s, len(r)):
                    r[j] = x if (j - s) % 2 == 0 else 5
                break
        o.append(r)
    return o


def draw_alternate_ray(rng, n):  # a few rows holding one coloured cell each
    h, w = rng.randint(n, 3 * n), rng.randint(n, 3 * n)
    g = [[0] * w for _ in range(h)]
    for i in rng.sample(range(h), rng.randint(1, min(h, n))):
        g[i][rng.randrange(w)] = rng.choice([1, 2, 3, 4, 6, 7, 8, 9])
    return g


def bounce_zigzag(g):  # walk up from bottom-left, column +1 each row, reversing at the walls
    h, w = len(g), len(g[0])
    o = [[8] * w for _ in range(h)]
    j, d = 0, 1
    for i in range(h - 1, -1, -1):
        o[i][j] = 1
        if not 0 <= j + d < w:
            d = -d
        j += d
    return o


def draw_bounce_zigzag(rng, n):  # 10 rows, width 2..n+2, a 1 at the bottom-left
    w = rng.randint(2, n + 2)
    g = [[0] * w for _ in range(10)]
    g[-1][0] = 1
    return g


def corner_recolor(g):  # the rarest colour paints every other non-zero cell; its own cell becomes 0
    cnt = {}
    for r in g:
        for c in r:
            if c:
                cnt[c] = cnt.get(c, 0) + 1
    a = min(cnt, key=cnt.get)
    return [[a if c and c != a else 0 for c in r] for r in g]


def draw_corner_recolor(
    rng, n
):  # a random blob of one colour away from the corner, a dot of another at bottom-left
    s = 7  # 7x7 as in every example of task267
    g = [[0] * s for _ in range(s)]
    a, b = rng.sample(range(1, 10), 2)
    for _ in range(3 * n):
        g[rng.randint(1, s - 2)][rng.randint(1, s - 2)] = a
    g[-1][0] = b
    return g


def diagonal_trails(g):  # paint each cell's colour along its down-right diagonal on a 6x6 canvas
    o = [[0] * 6 for _ in range(6)]
    for i in range(3):
        for j in range(3):
            if g[i][j]:
                k = 0
                while i + k < 6 and j + k < 6:
                    o[i + k][j + k] = g[i][j]
                    k += 1
    return o


def draw_diagonal_trails(rng, n):  # 3x3, a few coloured cells, at most one per diagonal
    g = [[0] * 3 for _ in range(3)]
    for d in rng.sample(range(-2, 3), rng.randint(1, 3)):
        cells = [(i, i + d) for i in range(3) if 0 <= i + d < 3]
        i, j = rng.choice(cells)
        g[i][j] = rng.randint(1, 9)
    return g


def rotation_quad(g):  # four rotated copies, turning clockwise around the centre
    n = len(g)
    o = [[0] * 2 * n for _ in range(2 * n)]
    for i in range(n):
        for j in range(n):
            o[i][j] = g[i][j]  # top-left: g
            o[j][2 * n - 1 - i] = g[i][j]  # top-right: g rotated 90 clockwise
            o[2 * n - 1 - i][2 * n - 1 - j] = g[i][j]  # bottom-right: rot180
            o[2 * n - 1 - j][i] = g[i][j]  # bottom-left: rot270
    return o


def draw_rotation_quad(rng, n):  # a random square of n x n colours
    return [[rng.choice([0, rng.randint(1, 9)]) for _ in range(n)] for _ in range(n)]


def most_ones_block(g):  # connected non-zero objects; crop the one with the most cells of colour 1
    # the first found of the most (max keeps the first of equals)
    best = max(parts(g, bool), key=lambda comp: sum(g[y][x] == 1 for y, x in comp))
    ys = [y for y, x in best]
    xs = [x for y, x in best]
    return [r[min(xs) : max(xs) + 1] for r in g[min(ys) : max(ys) + 1]]


def draw_most_ones_block(
    rng, n
):  # 9x9, a few separated 3x3 blocks of 8s and 1s, a unique maximum of 1s
    while True:
        g = [[0] * 9 for _ in range(9)]
        used = set()
        counts = []
        for _ in range(n * 3):
            i, j = rng.randint(0, 6), rng.randint(0, 6)
            near = {(i + a, j + b) for a in range(-1, 4) for b in range(-1, 4)}
            if near & used:
                continue
            used |= {(i + a, j + b) for a in range(3) for b in range(3)}
            k = rng.randint(0, 8)
            cells = rng.sample(range(9), k)
            counts.append(k)
            for c in range(9):
                g[i + c // 3][j + c % 3] = 1 if c in cells else 8
        if len(counts) > 1 and counts.count(max(counts)) == 1:
            return g


def border_pair_lines(
    g,
):  # the colour found only on the border: join its facing pairs by full lines
    H, W = len(g), len(g[0])
    inner = {g[i][j] for i in range(1, H - 1) for j in range(1, W - 1)}
    c = [v for v in {v for r in g for v in r} if v and v not in inner][0]
    o = [[0] * W for _ in range(H)]
    for i in range(H):
        if g[i][0] == g[i][W - 1] == c:
            o[i] = [c] * W
    for j in range(W):
        if g[0][j] == g[H - 1][j] == c:
            for i in range(H):
                o[i][j] = c
    return o


def draw_border_pair_lines(
    rng, n
):  # a few pairs of line-colour cells on opposite borders, plus commoner noise colours inside
    H, W = rng.randint(n + 4, 4 * n), rng.randint(n + 4, 4 * n)
    g = [[0] * W for _ in range(H)]
    A, *noise = rng.sample(range(1, 10), 4)
    rows, cols = (
        rng.sample(range(1, H - 1), rng.randint(0, 2)),
        rng.sample(range(1, W - 1), rng.randint(0, 2)),
    )
    if not rows + cols:
        rows = [rng.randrange(1, H - 1)]
    k = 2 * len(rows + cols)
    inside = [(i, j) for i in range(1, H - 1) for j in range(1, W - 1)]
    rng.shuffle(inside)
    for c in noise[: rng.randint(1, 3)]:
        want = k + 1 + rng.randrange(4)  # commoner than the line colour, where there is room
        if len(inside) < want:
            break
        for i, j in inside[-want:]:
            g[i][j] = c
        del inside[-want:]
    for i in rows:
        g[i][0] = g[i][W - 1] = A
    for j in cols:
        g[0][j] = g[H - 1][j] = A
    return g


def quadrant_mirror4(
    g,
):  # top-left quadrant, mirrored left-right and top-bottom, painted in the line colour
    q = len(g) // 2
    x = g[q][q]
    o = [[0] * (2 * q) for _ in range(2 * q)]
    for i in range(q):
        for j in range(q):
            if g[i][j]:
                for a in (i, 2 * q - 1 - i):
                    for b in (j, 2 * q - 1 - j):
                        o[a][b] = x
    return o


def draw_quadrant_mirror4(
    rng, n
):  # odd square split by a one-cell cross, random cells of another colour in the top-left quadrant
    q = rng.randint(n, n + 3)
    x, c = rng.sample(range(1, 10), 2)
    g = [[x if q in (i, j) else 0 for j in range(2 * q + 1)] for i in range(2 * q + 1)]
    for _ in range(rng.randint(1, q * q)):
        g[rng.randrange(q)][rng.randrange(q)] = c
    return g


def tallest_shortest_bars(g):  # recolour the highest bar 1 and the lowest bar 2, erase the others
    H, W = len(g), len(g[0])
    h = [sum(1 for i in range(H) if g[i][j]) for j in range(W)]
    hs = [x for x in h if x]
    o = [[0] * W for _ in range(H)]
    for j in range(W):
        v = 1 if h[j] == max(hs) else 2 if h[j] == min(hs) else 0
        for i in range(H):
            if g[i][j]:
                o[i][j] = v
    return o


def draw_tallest_shortest_bars(
    rng, n
):  # bars of 5 with distinct heights standing on the bottom row, gaps between them
    H, W = rng.randint(n + 2, 3 * n), rng.randint(n + 2, 3 * n)
    cols = rng.sample(range(W), rng.randint(2, min(H, W - 1)))
    g = [[0] * W for _ in range(H)]
    for j, h in zip(cols, rng.sample(range(1, H + 1), len(cols)), strict=False):
        for i in range(H - h, H):
            g[i][j] = 5
    return g


def band_cross_swap(g):  # swap which band is drawn on top where the two bands overlap
    H, W = len(g), len(g[0])
    rows = [i for i in range(H) if all(g[i])]
    cols = [j for j in range(W) if all(g[i][j] for i in range(H))]
    hc = [g[rows[0]][j] for j in range(W) if j not in cols][0]
    vc = [g[i][cols[0]] for i in range(H) if i not in rows][0]
    o = [r[:] for r in g]
    for i in rows:
        for j in cols:
            o[i][j] = hc if g[i][j] == vc else vc
    return o


def draw_band_cross_swap(
    rng, n
):  # a vertical band and a horizontal band of two colours, one drawn over the other
    H, W = rng.randint(n + 2, 4 * n), rng.randint(n + 2, 4 * n)
    # the bands do not touch the grid edge, as in every example of task293
    h, w = rng.randint(1, min(3, H - 2)), rng.randint(1, min(3, W - 2))
    a, b = rng.randint(1, H - h - 1), rng.randint(1, W - w - 1)
    hc, vc = rng.sample(range(1, 10), 2)
    top = rng.random() < 0.5
    g = [[0] * W for _ in range(H)]
    for i in range(H):
        for j in range(W):
            inr, inc = a <= i < a + h, b <= j < b + w
            if inr or inc:
                g[i][j] = (hc if top else vc) if inr and inc else hc if inr else vc
    return g


def cup_hole_marks(
    g,
):  # find each hole (0 with same-colour cells left, right and above) and put 4 at the bottom below it
    H, W = len(g), len(g[0])
    o = [r[:] for r in g]
    for i in range(1, H):
        for j in range(1, W - 1):
            if g[i][j] == 0 and g[i - 1][j] and g[i][j - 1] == g[i][j + 1] == g[i - 1][j]:
                o[H - 1][j] = 4
    return o


def draw_cup_hole_marks(
    rng, n
):  # a few cups in separate column ranges, at random heights, bottom row left blank
    H, W = rng.randint(n + 2, 3 * n), rng.randint(3 * n, 4 * n)
    g = [[0] * W for _ in range(H)]
    j = rng.randint(0, 2)
    while j + 3 <= W:
        i, c = rng.randint(0, H - 3), rng.randint(1, 9)
        for a, b in ((0, 0), (0, 1), (0, 2), (1, 0), (1, 2)):
            g[i + a][j + b] = c
        j += 3 + rng.randint(0, 3)
    return g


def two_seed_frames(
    g,
):  # top half framed in the top seed's colour, bottom half in the bottom seed's, plus lines through the seeds
    H, W = len(g), len(g[0])
    o = [[0] * W for _ in range(H)]
    for lo, hi, edge in ((0, H // 2, 0), (H // 2, H, H - 1)):
        ((si, c),) = [(i, v) for i in range(lo, hi) for v in g[i] if v]
        for i in range(lo, hi):
            o[i][0] = o[i][W - 1] = c
            if i in (edge, si):
                o[i] = [c] * W
    return o


def draw_two_seed_frames(
    rng, n
):  # blank 10x10, one coloured cell somewhere in row 2 and one in row 7
    g = [[0] * 10 for _ in range(10)]
    g[2][rng.randrange(10)], g[7][rng.randrange(10)] = rng.sample(range(1, 10), 2)
    return g


def rotations_strip(
    g,
):  # block, block rotated 90 degrees clockwise, block rotated 180, separated by 5 columns
    A = [r[:3] for r in g]
    r90 = [[A[2 - j][i] for j in range(3)] for i in range(3)]
    r180 = [[A[2 - i][2 - j] for j in range(3)] for i in range(3)]
    return [A[i] + [5] + r90[i] + [5] + r180[i] for i in range(3)]


def draw_rotations_strip(
    rng, n
):  # random 3x3 colours on the left, columns 3 and 7 are 5, the rest blank
    return [[rng.randint(1, 9) for _ in range(3)] + [5, 0, 0, 0, 5, 0, 0, 0] for _ in range(3)]


def shape_under_5_crop(
    g,
):  # the object (8-connected) touching the 5, without the 5, cropped to its box
    H, W = len(g), len(g[0])
    ((si, sj),) = [(i, j) for i in range(H) for j in range(W) if g[i][j] == 5]
    seen = next(set(p) for p in parts(g, bool, corners=True) if (si, sj) in p)
    seen.discard((si, sj))
    ys, xs = [y for y, x in seen], [x for y, x in seen]
    return [g[y][min(xs) : max(xs) + 1] for y in range(min(ys), max(ys) + 1)]


def draw_shape_under_5_crop(
    rng, n
):  # shapes of one colour in separate 3x3 boxes (full rows/cols used, top-middle set); a 5 above the first
    H, W = 10, 10  # as in every example of task111
    g = [[0] * W for _ in range(H)]
    c, boxes = rng.choice([1, 2, 3, 4, 6, 7, 8, 9]), []
    for _ in range(60):
        if len(boxes) == n - 1:
            break
        i, j = rng.randint(1, H - 3), rng.randint(0, W - 3)
        if all(abs(i - a) > 4 or abs(j - b) > 4 for a, b in boxes):
            boxes.append((i, j))
    for k, (i, j) in enumerate(boxes):
        while True:
            m = [[rng.random() < 0.6 for _ in range(3)] for _ in range(3)]
            m[0][1] = True
            cells = {(a, b) for a in range(3) for b in range(3) if m[a][b]}
            reach = {(0, 1)}
            for _ in range(9):
                reach |= {
                    q
                    for q in cells
                    if any(abs(q[0] - y) < 2 and abs(q[1] - x) < 2 for y, x in reach)
                }
            if all(map(any, m)) and all(map(any, zip(*m, strict=False))) and reach == cells:
                break
        for a in range(3):
            for b in range(3):
                if m[a][b]:
                    g[i + a][j + b] = c
        if k == 0:
            g[i - 1][j + 1] = 5
    return g


def periodic_patch_fill(
    g,
):  # find the least row and column periods that fit the non-zero cells; fill each hole from its class
    H, W = len(g), len(g[0])

    def fits(p, axis):
        seen = {}
        for i in range(H):
            for j in range(W):
                if g[i][j]:
                    k = (i % p, j) if axis == 0 else (i, j % p)
                    if seen.setdefault(k, g[i][j]) != g[i][j]:
                        return False
        return True

    p = next(p for p in range(1, H + 1) if fits(p, 0))
    q = next(q for q in range(1, W + 1) if fits(q, 1))
    val = {(i % p, j % q): g[i][j] for i in range(H) for j in range(W) if g[i][j]}
    return [[g[i][j] or val[i % p, j % q] for j in range(W)] for i in range(H)]


def draw_periodic_patch_fill(
    rng, n
):  # a symmetric p x p tile repeated over an N x N grid, a few rectangles blanked
    p = rng.randint(2, n)
    N = 21  # 21 x 21 as in every example of task017
    T = [[0] * p for _ in range(p)]
    for i in range(p):
        for j in range(i, p):
            T[i][j] = T[j][i] = rng.randint(1, 9)
    g = [[T[i % p][j % p] for j in range(N)] for i in range(N)]
    for _ in range(rng.randint(1, 3)):
        h, w = rng.randint(1, p - 1), rng.randint(1, p - 1)
        a, b = rng.randrange(N - h), rng.randrange(N - w)
        for i in range(a, a + h):
            for j in range(b, b + w):
                g[i][j] = 0
    return g


def count_blue_squares(
    g,
):  # the number of blue 4-connected components that are 2x2 squares, as 1s padded with 0s to 5
    n = 0
    for comp in parts(g, lambda v: v == 1):
        ys, xs = {y for y, x in comp}, {x for y, x in comp}
        n += len(comp) == 4 and len(ys) == len(xs) == 2
    return [[1] * n + [0] * (5 - n)]


def draw_count_blue_squares(
    rng, n
):  # 9x9: 2x2 squares and single cells of colours 1 and 2, kept a cell apart; at most 5 blue squares
    g = [[0] * 9 for _ in range(9)]
    blue = 0
    for _ in range(4 * n):
        c, k = rng.choice((1, 2)), rng.choice((1, 2))
        i, j = rng.randrange(10 - k), rng.randrange(10 - k)
        if c == 1 and k == 2 and blue == 5:
            continue
        if all(
            g[y][x] == 0
            for y in range(max(i - 1, 0), min(i + k + 1, 9))
            for x in range(max(j - 1, 0), min(j + k + 1, 9))
        ):
            for y in range(i, i + k):
                for x in range(j, j + k):
                    g[y][x] = c
            blue += c == 1 and k == 2
    return g


def row_to_diagonals(
    g,
):  # cell (y, x) of the N x N output takes the input colour at column x - (N-1-y)
    r = g[0]
    W = len(r)
    N = W * sum(1 for c in r if c)
    out = [[0] * N for _ in range(N)]
    for y in range(N):
        for x in range(N):
            k = x - (N - 1 - y)
            if 0 <= k < W:
                out[y][x] = r[k]
    return out


def draw_row_to_diagonals(rng, n):  # one row of 5 with 1..n-1 distinct colours at random places
    r = [0] * 5
    for j, c in zip(
        rng.sample(range(5), rng.randint(1, n - 1)), rng.sample(range(1, 10), 5), strict=False
    ):
        r[j] = c
    return [r]


def block_centre_fill(
    g,
):  # every cell within one step (8-neighbourhood) of a coloured cell becomes 1
    H, W = len(g), len(g[0])
    return [
        [
            int(
                any(
                    g[y][x]
                    for y in range(max(i - 1, 0), min(i + 2, H))
                    for x in range(max(j - 1, 0), min(j + 2, W))
                )
            )
            for j in range(W)
        ]
        for i in range(H)
    ]


def draw_block_centre_fill(
    rng, n
):  # 9x9, grey 5s at a random non-empty subset of the nine block centres
    g = [[0] * 9 for _ in range(9)]
    for k in rng.sample(range(9), rng.randint(1, n + 2)):
        g[k // 3 * 3 + 1][k % 3 * 3 + 1] = 5
    return g


def ring_colour_shift(
    g,
):  # depth d = distance to the border; colour at depth d becomes the colour at depth d-1 (cyclically over the k colours)
    n = len(g)
    L = [g[d][d] for d in range((n + 1) // 2)]
    k = len(set(L))
    return [[L[(min(i, j, n - 1 - i, n - 1 - j) - 1) % k] for j in range(n)] for i in range(n)]


def draw_ring_colour_shift(
    rng, n
):  # an even N x N grid of rings coloured a,b,c,a,b,c,... from the outside (0 may be one of them)
    N = rng.choice((4, 6, 6, 8, 10, 12))
    L = rng.sample(range(10), 2 if N == 4 else 3)
    return [[L[min(i, j, N - 1 - i, N - 1 - j) % len(L)] for j in range(N)] for i in range(N)]


def nested_corner_extend(
    g,
):  # A = non-zero cells of the top row; output 2n x 2n with (i, j) = A[max(i, j) mod len(A)]
    A = [c for c in g[0] if c]
    N = 2 * len(g)
    return [[A[max(i, j) % len(A)] for j in range(N)] for i in range(N)]


def draw_nested_corner_extend(
    rng, n
):  # 5x5: L-shapes of colours A[0], A[1], ... nested from the top-left, the rest 0
    A = [rng.randint(1, 9) for _ in range(rng.randint(2, 5))]
    return [[A[max(i, j)] if max(i, j) < len(A) else 0 for j in range(5)] for i in range(5)]


def count_squares_checker(
    g,
):  # number of 4-connected components of colour 2, marked in reading order on every second cell of a 3x3
    n = len(parts(g, lambda v: v == 2))
    out = [[0] * 3 for _ in range(3)]
    for k in range(n):
        out[2 * k // 3][2 * k % 3] = 1
    return out


def draw_count_squares_checker(
    rng, n
):  # 3..7 square grid, up to 5 red 2x2 squares not edge-adjacent to each other
    N = rng.randint(3, 7)
    g = [[0] * N for _ in range(N)]
    cnt = 0
    for _ in range(6 * n):
        i, j = rng.randrange(N - 1), rng.randrange(N - 1)
        cells = [(i, j), (i + 1, j), (i, j + 1), (i + 1, j + 1)]
        if cnt < 5 and all(
            not (0 <= y + a < N and 0 <= x + b < N and g[y + a][x + b])
            for y, x in cells
            for a, b in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1))
        ):
            for y, x in cells:
                g[y][x] = 2
            cnt += 1
    return g


def ring_around_cells(g):  # each 0 cell with a 5 among its 8 neighbours becomes 1
    H, W = len(g), len(g[0])
    return [
        [
            g[i][j]
            or int(
                any(
                    g[y][x] == 5
                    for y in range(max(i - 1, 0), min(i + 2, H))
                    for x in range(max(j - 1, 0), min(j + 2, W))
                )
            )
            for j in range(W)
        ]
        for i in range(H)
    ]


def draw_ring_around_cells(rng, n):  # a blank grid with a few 5s, never on the border
    H, W = rng.randint(4, 14), rng.randint(4, 14)
    g = [[0] * W for _ in range(H)]
    for _ in range(rng.randint(1, 2 * n)):
        g[rng.randint(1, H - 2)][rng.randint(1, W - 2)] = 5
    return g


def block_median_downscale(g):  # each 3x3 block -> its most common colour other than the noise 5
    out = []
    for bi in range(3):
        row = []
        for bj in range(3):
            cnt = {}
            for i in range(3 * bi, 3 * bi + 3):
                for j in range(3 * bj, 3 * bj + 3):
                    c = g[i][j]
                    if c != 5:
                        cnt[c] = cnt.get(c, 0) + 1
            row.append(max(cnt, key=cnt.get) if cnt else 0)
        out.append(row)
    return out


def draw_block_median_downscale(
    rng, n
):  # 9x9 of solid 3x3 blocks (colour or 0), up to n-1 noise 5s in each block, at most 2 as in
    # every example of task130 (its idiom reads only a block's top row)
    g = [[0] * 9 for _ in range(9)]
    for bi in range(3):
        for bj in range(3):
            c = rng.choice([0, 0, 1, 2, 3, 4, 6, 7, 8, 9])
            cells = [(3 * bi + a, 3 * bj + b) for a in range(3) for b in range(3)]
            for i, j in cells:
                g[i][j] = c
            for i, j in rng.sample(cells, rng.randint(0, min(n - 1, 2))):
                g[i][j] = 5
    return g


def band_colours(
    g,
):  # distinct colours along the first row if it has several, else down the first column
    first_row = []
    for c in g[0]:
        if c not in first_row:
            first_row.append(c)
    if len(first_row) > 1:
        return [first_row]
    col = []
    for r in g:
        if r[0] not in col:
            col.append(r[0])
    return [[c] for c in col]


def draw_band_colours(
    rng, n
):  # k side-by-side bands of distinct colours with jittered borders, maybe transposed
    k = rng.randint(2, n)
    cols = rng.sample(range(1, 10), k)
    w = [rng.randint(3, 4) for _ in cols]
    h = rng.randint(3, 10)
    g = []
    ends = [sum(w[: t + 1]) for t in range(k)]
    for _ in range(h):
        e = [x + rng.choice((-1, 0, 1)) * (t < k - 1) for t, x in enumerate(ends)]
        g.append([next(c for c, x in zip(cols, e, strict=False) if j < x) for j in range(ends[-1])])
    return [list(r) for r in zip(*g, strict=False)] if rng.random() < 0.5 else g


def diagonal_cycle_fill(
    g,
):  # repaint the whole grid with the anti-diagonal cycle 1,2,..,k where k is the largest colour
    k = max(c for r in g for c in r)
    return [[(i + j) % k + 1 for j in range(len(g[0]))] for i in range(len(g))]


def draw_diagonal_cycle_fill(
    rng, n
):  # 16x16 cycle with k in 4..9 and n rectangles of 0 (never on the top row)
    k = rng.randint(4, 9)
    g = [[(i + j) % k + 1 for j in range(16)] for i in range(16)]
    for _ in range(n):
        h, w = rng.randint(2, 4), rng.randint(2, 4)
        a, b = rng.randint(1, 16 - h), rng.randint(0, 16 - w)
        for i in range(a, a + h):
            for j in range(b, b + w):
                g[i][j] = 0
    return g


def template_row_recolour(
    g,
):  # colour map from the template's colours to the row's prefix colours, applied to the template
    tpl = next(r for r in g if 0 not in r)
    out = []
    for r in g:
        m = {}
        for t, c in zip(tpl, r, strict=False):
            if c and t not in m:
                m[t] = c
        out.append([m.get(t, 0) for t in tpl])
    return out


def draw_template_row_recolour(
    rng, n
):  # blank rows, one full template row, n-1 rows with a 2-3 cell recoloured prefix
    w = rng.randint(6, 12)
    a, b = rng.sample(range(1, 10), 2)
    L = rng.randint(2, 3)
    tpl = [a] + [rng.choice((a, b)) for _ in range(w - 1)]
    tpl[rng.randint(1, L - 1)] = b
    rows = [tpl]
    for _ in range(n - 1):
        x, y = rng.sample(range(1, 10), 2)
        rows.append([{a: x, b: y}[t] for t in tpl[:L]] + [0] * (w - L))
    rest = rows[1:]
    rng.shuffle(rest)
    # as in every example of task197: row 0 is blank and row 1 is the template
    g = [[0] * w, tpl]
    for r in rest:
        g += [[0] * w] * rng.randint(0, 2) + [r]
    return [r[:] for r in g]


def spiral_recursive(
    g,
):  # walk from (0,0) rightwards painting 3; keep going while the cell after next is unpainted, else turn clockwise
    h, w = len(g), len(g[0])
    o = [[0] * w for _ in g]

    def inb(i, j):
        return 0 <= i < h and 0 <= j < w

    def ok(i, j, d):  # the next cell is free, and the one after it is not painted
        a, b = i + d[0], j + d[1]
        return inb(a, b) and not o[a][b] and not (inb(a + d[0], b + d[1]) and o[a + d[0]][b + d[1]])

    i = j = 0
    d = (0, 1)
    o[0][0] = 3
    while True:
        if not ok(i, j, d):
            d = (d[1], -d[0])
            if not ok(i, j, d):
                break
        i, j = i + d[0], j + d[1]
        o[i][j] = 3
    return o


def draw_spiral_recursive(rng, n):  # blank k x k grid, k in 5..16
    k = rng.randint(5, 16)  # as in every example of task058: 5x5 to 20x20, never 1x1
    return [[0] * k for _ in range(k)]


def ring_centre_by_corner(g):  # the centre of the 3x3 block whose 8 border cells share one colour
    H, W = len(g), len(g[0])
    for i in range(H - 2):
        for j in range(W - 2):
            ring = [g[i + y][j + x] for y in range(3) for x in range(3) if (y, x) != (1, 1)]
            c = g[i + 1][j + 1]
            if ring[0] and len(set(ring)) == 1 and c and c != ring[0]:
                return [[c]]


def draw_ring_centre_by_corner(
    rng, n
):  # one ring of colour A around B, plus isolated single cells of A and B
    H, W = rng.randint(5, 14), rng.randint(5, 14)
    A, B = rng.sample(range(1, 10), 2)
    g = [[0] * W for _ in range(H)]
    y, x = rng.randint(0, H - 3), rng.randint(0, W - 3)
    for i in range(3):
        for j in range(3):
            g[y + i][x + j] = B if i == j == 1 else A
    for _ in range(4 * n):
        i, j = rng.randrange(H), rng.randrange(W)
        if not any(
            g[a][b]
            for a in range(max(i - 1, 0), min(i + 2, H))
            for b in range(max(j - 1, 0), min(j + 2, W))
        ):
            g[i][j] = rng.choice((A, B))
    return g


def elbow_path(g):  # a path of 4 on the background from the 8 along its column to the 2's row,
    pos = {c: (i, j) for i, r in enumerate(g) for j, c in enumerate(r) if c}  # then to the 2
    (a, x), (b, y) = pos[8], pos[2]
    out = [r[:] for r in g]
    for i in range(min(a, b), max(a, b) + 1):
        out[i][x] = out[i][x] or 4
    for j in range(min(x, y), max(x, y) + 1):
        out[b][j] = out[b][j] or 4
    return out


def draw_elbow_path(rng, n):  # an 8 and a 2 at random cells of different rows
    h, w = rng.randint(n, 4 * n), rng.randint(max(n, 2), 4 * n)
    g = [[0] * w for _ in range(h)]
    a, b = rng.sample(range(h), 2)
    x, y = rng.sample(range(w), 2)  # and different columns, as in every example of task335
    g[a][x] = 8
    g[b][y] = 2
    return g


def square_holes_filled(g):  # in 2 the box around a shape of 5 less the shape, where that is
    out = [r[:] for r in g]  # a square
    for shape in parts(g, lambda v: v == 5):
        top, bottom, left, right = box(shape)
        hole = [
            (a, b)
            for a in range(top, bottom + 1)
            for b in range(left, right + 1)
            if (a, b) not in shape
        ]
        rows, cols = {a for a, _ in hole}, {b for _, b in hole}
        if hole and len(rows) == len(cols) and len(rows) * len(cols) == len(hole):
            for a, b in hole:
                out[a][b] = 2
    return out


def draw_square_holes_filled(rng, n):  # frames of 5 (holes of 1 to 3 a side), apart from each
    h = w = 12  # other and from the border; 12x12 as in every example of task102
    g = [[0] * w for _ in range(h)]
    for _ in range(n * 3):
        a, b = rng.randint(1, 3), rng.randint(1, 3)
        i, j = rng.randint(1, h - a - 3), rng.randint(1, w - b - 3)
        if any(g[u][v] for u in range(i - 1, i + a + 3) for v in range(j - 1, j + b + 3)):
            continue
        for u in range(i, i + a + 2):
            for v in range(j, j + b + 2):
                g[u][v] = 5 * (u in (i, i + a + 1) or v in (j, j + b + 1))
    if sum(r.count(5) for r in g) < 26:  # 26 or more 5s, as in every example of task102
        return draw_square_holes_filled(rng, n)
    return g


def frame_with_most_dots(g):  # of the frames (box outlines 3x3 or more), the one that holds the
    cols = {c for r in g for c in r} - {0}  # most dots, the frame in the dots' colour
    frames = []
    for col in cols:
        for shape in parts(g, lambda v, col=col: v == col):
            top, bottom, left, right = box(shape)
            if (
                bottom - top > 1
                and right - left > 1
                and set(shape) == outline(top, bottom, left, right)
            ):
                frames.append((col, top, bottom, left, right))
    frame = frames[0][0]
    dot = (cols - {frame}).pop()
    _, top, bottom, left, right = max(
        (f for f in frames if f[0] == frame),
        key=lambda f: sum(r[f[3] : f[4] + 1].count(dot) for r in g[f[1] : f[2] + 1]),
    )
    return [[dot if c else 0 for c in r[left : right + 1]] for r in g[top : bottom + 1]]


def draw_frame_with_most_dots(rng, n):  # a big frame with the most dots, smaller frames, and
    h, w = rng.randint(14, 18), rng.randint(14, 18)  # dots outside them
    g = [[0] * w for _ in range(h)]
    frame, dot = rng.sample(range(1, 10), 2)
    tall, wide = rng.randint(6, 8), rng.randint(6, 8)
    placed = []
    for k in range(n):
        a, b = (tall, wide) if k == 0 else (rng.randint(3, tall - 1), rng.randint(3, wide - 1))
        for _ in range(50):
            i, j = rng.randint(0, h - a), rng.randint(0, w - b)
            if all(i + a < u or u + x < i or j + b < v or v + y < j for u, v, x, y in placed):
                break
        else:
            continue
        placed.append((i, j, a, b))
        for u in range(i, i + a):
            for v in range(j, j + b):
                g[u][v] = frame * (u in (i, i + a - 1) or v in (j, j + b - 1))
    i, j, a, b = placed[0]
    for _ in range(rng.randint(4, 6)):
        g[rng.randint(i + 1, i + a - 2)][rng.randint(j + 1, j + b - 2)] = dot
    for _ in range(3):
        u, v = rng.randrange(h), rng.randrange(w)
        if g[u][v] == 0 and not (i <= u < i + a and j <= v < j + b):
            g[u][v] = dot
    return g


def count_to_diagonal(g):  # n shapes (touching at their sides): n x n, 8 on the diagonal
    n = len(parts(g, bool))
    return [[8 * (i == j) for j in range(n)] for i in range(n)]


def draw_count_to_diagonal(rng, n):  # random walks of 8, which may touch
    h, w = rng.randint(8, 16), rng.randint(8, 16)
    g = [[0] * w for _ in range(h)]
    for _ in range(rng.randint(1, n + 2)):
        i, j = rng.randrange(h), rng.randrange(w)
        for _ in range(rng.randint(1, 6)):
            g[i][j] = 8
            i = min(h - 1, max(0, i + rng.choice((-1, 0, 1))))
            j = min(w - 1, max(0, j + rng.choice((-1, 0, 1))))
    return g


def noisy_upscaled_pattern(g):  # the colour without a lone cell is a pattern: cropped, scaled
    cols = {c for r in g for c in r} - {0}  # down as far as it goes, in the other colour
    alone = {g[p[0][0]][p[0][1]] for p in colour_parts(g) if len(p) == 1}
    shape = [c for c in cols if c not in alone][0]
    other = (cols - {shape}).pop()
    top, bottom, left, right = box(
        [(i, j) for i, r in enumerate(g) for j, c in enumerate(r) if c == shape]
    )
    m = [[c == shape for c in r[left : right + 1]] for r in g[top : bottom + 1]]
    f = max(
        f
        for f in range(1, len(m) + 1)
        if len(m) % f == 0
        and len(m[0]) % f == 0
        and all(m[i][j] == m[i - i % f][j - j % f] for i in range(len(m)) for j in range(len(m[0])))
    )
    return [[other * m[i][j] for j in range(0, len(m[0]), f)] for i in range(0, len(m), f)]


def draw_noisy_upscaled_pattern(rng, n):  # a 3x3 pattern (every row and column used, not full)
    while True:  # scaled up 2 to 4 times, and lone dots of another colour
        shape = [[rng.random() < 0.6 for _ in range(3)] for _ in range(3)]
        if (
            all(map(any, shape))
            and all(map(any, zip(*shape, strict=True)))
            and not all(map(all, shape))
        ):
            break
    k = rng.randint(2, 4)
    h, w = rng.randint(3 * k + 2, 22), rng.randint(3 * k + 2, 22)
    dot, colour = rng.sample(range(1, 10), 2)
    g = [[0] * w for _ in range(h)]
    i0, j0 = rng.randint(0, h - 3 * k), rng.randint(0, w - 3 * k)
    for i in range(3 * k):
        for j in range(3 * k):
            g[i0 + i][j0 + j] = colour * shape[i // k][j // k]
    for _ in range(n * 5):
        i, j = rng.randrange(h), rng.randrange(w)
        if g[i][j] == 0 and all(
            g[u][v] != dot
            for u in range(max(0, i - 1), i + 2)
            for v in range(max(0, j - 1), j + 2)
            if u < h and v < w
        ):
            g[i][j] = dot
    return g


def x_center_mirror4(g):  # the colour of five cells in an X: every cell mirrored about its middle
    h, w = len(g), len(g[0])  # across, down and both
    for c in {v for r in g for v in r if v}:
        cells = [(i, j) for i in range(h) for j in range(w) if g[i][j] == c]
        if len(cells) != 5:
            continue
        ci, cj = sum(i for i, _ in cells) // 5, sum(j for _, j in cells) // 5
        x = [(ci + a, cj + b) for a, b in ((0, 0), (-1, -1), (-1, 1), (1, -1), (1, 1))]
        if sorted(cells) != sorted(x):
            continue
        out = [r[:] for r in g]
        for i in range(h):
            for j in range(w):
                for a, b in ((2 * ci - i, j), (i, 2 * cj - j), (2 * ci - i, 2 * cj - j)):
                    if g[i][j] and 0 <= a < h and 0 <= b < w:
                        out[a][b] = max(out[a][b], g[i][j])
        return out


def draw_x_center_mirror4(rng, n):  # an X of one colour, and cells of another up and left of it
    side = rng.randint(2 * n + 4, 16)  # (never five in an X)
    g = [[0] * side for _ in range(side)]
    # the mirrored copies fit in the grid, as in every example of task117
    a, b = rng.randint(n, side - 2 - n), rng.randint(n, side - 2 - n)
    x, other = rng.sample(range(1, 10), 2)
    for da, db in ((0, 0), (-1, -1), (-1, 1), (1, -1), (1, 1)):
        g[a + da][b + db] = x
    for _ in range(rng.randint(5, 9)):  # first row and column empty, as in every example of task117
        i, j = rng.randint(max(1, a - 1 - n), a - 2), rng.randint(max(1, b - 1 - n), b - 2)
        g[i][j] = other
    while sum(r.count(other) for r in g) == 5:
        g[rng.randint(max(1, a - 1 - n), a - 2)][rng.randint(max(1, b - 1 - n), b - 2)] = other
    return g


def dotted_box_fill(g):  # the background in 2 on the box around the cells of 1, and on the rows
    h, w = len(g), len(g[0])  # (or columns) of a line of 1s inside it, whichever are more cells
    cells = [(i, j) for i in range(h) for j in range(w) if g[i][j] == 1]
    top, bottom, left, right = box(cells)
    mark = outline(top, bottom, left, right)
    if inner := [(i, j) for i, j in cells if (i, j) not in mark]:
        rows, cols = {i for i, _ in inner}, {j for _, j in inner}
        if len(cols) * (bottom - top + 1) > len(rows) * (right - left + 1):
            mark |= {(i, j) for i in rows for j in range(left, right + 1)}
        else:
            mark |= {(i, j) for i in range(top, bottom + 1) for j in cols}
    out = [r[:] for r in g]
    for i, j in mark:
        out[i][j] = out[i][j] or 2
    return out


def draw_dotted_box_fill(rng, n):  # the outline of a box in 1s, a quarter of it left out, and
    h, w = rng.randint(n + 3, 9), rng.randint(n + 3, 9)  # maybe a line of 1s across or down it
    H, W = rng.randint(h, 15), rng.randint(w, 15)  # (three cells at least, two from its sides)
    g = [[0] * W for _ in range(H)]
    top, left = rng.randint(0, H - h), rng.randint(0, W - w)
    for i in range(top, top + h):
        for j in range(left, left + w):
            edge = i in (top, top + h - 1), j in (left, left + w - 1)
            if any(edge) and (rng.random() < 0.75 or all(edge)):
                g[i][j] = 1
    k = rng.randint(0, 2)
    if k == 1:
        line = rng.randint(top + 2, top + h - 3)
        for j in rng.sample(range(left + 1, left + w - 1), rng.randint(3, w - 2)):
            g[line][j] = 1
    if k == 2:
        line = rng.randint(left + 2, left + w - 3)
        for i in rng.sample(range(top + 1, top + h - 1), rng.randint(3, h - 2)):
            g[i][line] = 1
    return g


def turns(m):  # a square grid's 8 turns and flips, in the order RE-ARC's solver tries them
    r90 = [list(r) for r in zip(*m[::-1], strict=True)]
    r180 = [r[::-1] for r in m[::-1]]
    return [
        m,
        r180,
        r90,
        [r[::-1] for r in r90[::-1]],
        m[::-1],
        [r[::-1] for r in m],
        [list(r) for r in zip(*r180, strict=True)],
        [list(r) for r in zip(*m, strict=True)],
    ]


# the 3x3 pieces (2 and one other colour) turned so their 2s fill the holes of the big 2-object
# exactly; the output is that object's box with the pieces painted in
def pieces_into_holes(g):
    groups = parts(g, bool)
    big = max(groups, key=len)
    r0, r1, c0, c1 = box(big)
    out = [row[c0 : c1 + 1] for row in g[r0 : r1 + 1]]
    h, w = len(out), len(out[0])
    nine = [(a, b) for a in range(3) for b in range(3)]
    placings = []  # per piece: each (hole cells, cells painted) it can go to
    for cells in groups:
        a0, _, b0, _ = box(cells)
        if sorted(cells) != [(a0 + a, b0 + b) for a, b in nine]:
            continue
        here = []
        for t in turns([g[a0 + a][b0 : b0 + 3] for a in range(3)]):
            for i in range(h - 2):
                for j in range(w - 2):
                    if all(out[i + a][j + b] == 2 * (t[a][b] != 2) for a, b in nine):
                        hole = {(i + a, j + b) for a, b in nine if t[a][b] == 2}
                        here.append((hole, [(i + a, j + b, t[a][b]) for a, b in nine]))
        placings.append(here)
    holes = {(i, j) for i in range(h) for j in range(w) if out[i][j] == 0}

    def cover(k, used):  # one placing per piece, together the holes exactly
        if k == len(placings):
            return [] if used == holes else None
        for hole, paint in placings[k]:
            if not hole & used and (rest := cover(k + 1, used | hole)) is not None:
                return [paint, *rest]
        return None

    for paint in cover(0, set()) or []:
        for i, j, v in paint:
            out[i][j] = v
    return out


# a 2-rectangle with n-1 holes, each the 2s of a 3x3 piece (turned) drawn apart from it; no two
# pieces' holes alike under a turn or a shift, so each hole takes one piece one way
def draw_pieces_into_holes(rng, n):
    S = 18
    g = [[0] * S for _ in range(S)]
    h, w = rng.randint(8, 11), rng.randint(8, 11)
    top, left = rng.randint(0, 3), rng.randint(0, 2)
    for i in range(top, top + h):
        g[i][left : left + w] = [2] * w
    used, shapes = set(), []
    for _ in range(n - 1):
        for _ in range(200):
            c = rng.choice([1, 3, 4, 5, 6, 7, 8, 9])
            m = [[rng.choice([2, c]) for _ in range(3)] for _ in range(3)]
            twos = [{(a, b) for a in range(3) for b in range(3) if t[a][b] == 2} for t in turns(m)]
            if not 0 < len(twos[0]) < 9:
                continue
            # holes unlike under a shift too (not only a turn), as in every example of task233
            twos = [at_origin(s) for s in twos]
            if any(t in shapes for t in twos):
                continue
            i, j = rng.randint(top + 1, top + h - 4), rng.randint(left + 1, left + w - 4)
            a, b = rng.randint(0, S - 3), rng.randint(0, S - 3)
            hole = {(i + x, j + y) for x in range(-1, 4) for y in range(-1, 4)}
            piece = {(a + x, b + y) for x in range(-1, 4) for y in range(-1, 4)}
            if (hole | piece) & used or hole & piece:
                continue
            if any(g[x][y] for x, y in piece if 0 <= x < S and 0 <= y < S):
                continue
            used |= hole | piece
            shapes += twos
            t = rng.choice(turns(m))
            for x in range(3):
                for y in range(3):
                    g[a + x][b + y] = m[x][y]
                    if t[x][y] == 2:
                        g[i + x][j + y] = 0
            break
    return g


def _fill_holes(
    g, colour
):  # the commonest colour's 4-connected parts that miss the border -> colour
    H, W = len(g), len(g[0])
    cells = Counter(v for r in g for v in r)
    bg = max(cells, key=cells.get)
    o = [r[:] for r in g]
    for part in parts(g, lambda v: v == bg):
        if not any(i in (0, H - 1) or j in (0, W - 1) for i, j in part):
            for i, j in part:
                o[i][j] = colour
    return o


def _boxes_and_noise(rng, S, wall, boxes, noise):  # box outlines 3..8 (some corners cut, some
    g = [[0] * S for _ in range(S)]  # sides opened) on an S x S blank grid, then noise dots
    for _ in range(boxes):
        h, w = rng.randint(3, min(8, S)), rng.randint(3, min(8, S))
        a, b = rng.randint(0, S - h), rng.randint(0, S - w)
        ring = [
            (a + i, b + j) for i in range(h) for j in range(w) if i in (0, h - 1) or j in (0, w - 1)
        ]
        cut = {(a, b), (a, b + w - 1), (a + h - 1, b), (a + h - 1, b + w - 1)}
        cut = set(rng.sample(sorted(cut), rng.randint(0, 4)))
        if rng.random() < 0.25:
            cut.add(rng.choice(ring))
        if sum(r.count(wall) for r in g) + len(ring) < S * S // 3:  # blank stays the commonest
            for i, j in ring:
                if (i, j) not in cut:
                    g[i][j] = wall
    for _ in range(min(noise, S * S // 3 - sum(r.count(wall) for r in g))):
        g[rng.randrange(S)][rng.randrange(S)] = wall
    return g


def fill_enclosed_0_with_4(g):  # blank (commonest-colour) regions not touching the border -> 4
    return _fill_holes(g, 4)


def draw_fill_enclosed_0_with_4(rng, n):  # 6..20 square, 3-box outlines and sparse 3 dots
    S = rng.randint(6, 20)
    return _boxes_and_noise(
        rng, S, 3, rng.randint(1, max(1, S * S // 60)), rng.randint(0, S * S // 12)
    )


def fill_enclosed_0_with_1(g):  # blank (commonest-colour) regions not touching the border -> 1
    return _fill_holes(g, 1)


def draw_fill_enclosed_0_with_1(rng, n):  # 8..12 square, 2-box outlines with dots inside, rare dots
    S = rng.randint(8, 12)
    g = _boxes_and_noise(rng, S, 2, rng.randint(1, 3), rng.randint(0, 3))
    for _ in range(rng.randint(0, 3)):  # dots, mostly inside the boxes
        g[rng.randrange(1, S - 1)][rng.randrange(1, S - 1)] = 2
    return g


def pairs_to_lines_vertical_on_top(g):  # each colour's two cells in one row/column are joined by
    H, W = len(g), len(g[0])  # a line of that colour; columns painted after rows
    cells = Counter(v for r in g for v in r)
    bg = max(cells, key=cells.get)
    o = [r[:] for r in g]
    at = {}
    for i in range(H):
        for j in range(W):
            if g[i][j] != bg:
                at.setdefault(g[i][j], []).append((i, j))
    for vertical in (False, True):
        for c, where in at.items():
            rows = {i for i, j in where}
            cols = {j for i, j in where}
            if not vertical and len(rows) == 1:
                i = where[0][0]
                for j in range(min(cols), max(cols) + 1):
                    o[i][j] = c
            if vertical and len(cols) == 1:
                j = where[0][1]
                for i in range(min(rows), max(rows) + 1):
                    o[i][j] = c
    return o


def draw_pairs_to_lines_vertical_on_top(rng, n):  # RE-ARC's generator: row pairs, then column pairs
    H, W = rng.randint(5, 30), rng.randint(5, 30)  # on blank cells; (as in every example) no column
    g = [[0] * W for _ in range(H)]  # pair spans a row pair's end
    colours = rng.sample(range(1, 10), 8)
    lines = rng.randint(2, 8)
    hori = rng.randint(1, lines - 1)
    for i in rng.sample(range(H), min(hori, H)):
        a, b = sorted(rng.sample(range(W), 2))
        g[i][a] = g[i][b] = colours.pop()
    cols = [j for j in range(W) if sum(r[j] == 0 for r in g) > 1]
    for j in rng.sample(cols, min(lines - hori, len(cols))):
        free = [i for i in range(H) if g[i][j] == 0]
        a, b = sorted(rng.sample(range(len(free)), 2))
        a, b = free[a], free[b]
        if any(g[i][j] for i in range(a, b + 1)):
            continue
        g[a][j] = g[b][j] = colours.pop()
    return g


def join_8s_in_rows_and_cols(g):  # between the first and last 8 of each row and of each column
    H, W = len(g), len(g[0])  # of the input, cells become 8
    o = [r[:] for r in g]
    for i in range(H):
        js = [j for j in range(W) if g[i][j] == 8]
        for j in range(js[0], js[-1] + 1) if js else ():
            o[i][j] = 8
    for j in range(W):
        iz = [i for i in range(H) if g[i][j] == 8]
        for i in range(iz[0], iz[-1] + 1) if iz else ():
            o[i][j] = 8
    return o


def draw_join_8s_in_rows_and_cols(
    rng, n
):  # 10x10 blank, 2..11 8-dots, the later ones touching none
    g = [[0] * 10 for _ in range(10)]  # (not even at corners); the first two share a row/column
    k = rng.randrange(10)
    a = rng.randint(0, 7)
    b = rng.randint(a + 2, 9)
    first = [(k, a), (k, b)] if rng.random() < 0.5 else [(a, k), (b, k)]
    free = {(i, j) for i in range(10) for j in range(10)}
    for i, j in first:  # (their neighbours stay free, as in RE-ARC's generator)
        g[i][j] = 8
        free.discard((i, j))
    for _ in range(rng.randint(0, 9)):
        if not free:
            break
        i, j = rng.choice(sorted(free))
        g[i][j] = 8
        free -= {(i + x, j + y) for x in (-1, 0, 1) for y in (-1, 0, 1)}
    return g


def lone_twos_to_one(g):  # a 2 with no 2 beside it (sides only, the edge counts as 0) becomes 1
    H, W = len(g), len(g[0])
    out = [r[:] for r in g]
    for i in range(H):
        for j in range(W):
            if g[i][j] == 2:
                near = [
                    g[y][x]
                    for y, x in ((i - 1, j), (i + 1, j), (i, j - 1), (i, j + 1))
                    if 0 <= y < H and 0 <= x < W
                ]
                if 2 not in near:
                    out[i][j] = 1
    return out


def draw_lone_twos_to_one(rng, n):  # 3x3 to 5x5, 0s and 2s, 20-70% of the cells 2
    H, W = rng.randint(3, 5), rng.randint(3, 5)
    k = rng.uniform(0.2, 0.7)
    return [[2 if rng.random() < k else 0 for _ in range(W)] for _ in range(H)]


def _rect_interiors(g, new):  # each solid one-colour rectangle on 0: its inside (all but the
    out = [r[:] for r in g]  # border ring) becomes `new`
    for group in parts(g, lambda v: v != 0):
        ys = [a for a, b in group]
        xs = [b for a, b in group]
        t, b, left, r = min(ys), max(ys), min(xs), max(xs)
        if len(group) != (b - t + 1) * (r - left + 1) or len({g[y][x] for y, x in group}) > 1:
            raise ValueError("not a solid rectangle")
        for y in range(t + 1, b):
            for x in range(left + 1, r):
                out[y][x] = new
    return out


def _draw_rects(rng, H, W, count, colours, lo=3, hi=8):  # solid rectangles, lo..hi a side, at
    g = [[0] * W for _ in range(H)]  # least one 0 row or column between any two (corners too)
    placed = 0
    for _ in range(200):
        if placed == count:
            break
        h, w = rng.randint(lo, min(hi, H)), rng.randint(lo, min(hi, W))
        t, left = rng.randint(0, H - h), rng.randint(0, W - w)
        if any(
            g[y][x]
            for y in range(max(0, t - 1), min(H, t + h + 1))
            for x in range(max(0, left - 1), min(W, left + w + 1))
        ):
            continue
        c = rng.choice(colours)
        for y in range(t, t + h):
            for x in range(left, left + w):
                g[y][x] = c
        placed += 1
    return g


def rect_interiors_eight(g):  # solid rectangles of colours 1-3 on 0: the inside of each becomes 8
    return _rect_interiors(g, 8)


def draw_rect_interiors_eight(rng, n):  # 10-16 x 11-15, 2-4 rectangles of 1, 2 or 3, 3-8 a side
    return _draw_rects(rng, rng.randint(10, 16), rng.randint(11, 15), rng.randint(2, 4), (1, 2, 3))


def rect_interiors_two(g):  # two solid rectangles of 5 on 0: the inside of each becomes 2
    return _rect_interiors(g, 2)


def draw_rect_interiors_two(rng, n):  # 10x10, two rectangles of 5, 3-8 a side, apart
    return _draw_rects(rng, 10, 10, 2, (5,))


def plus_between_pair(g):  # two 1s on one row or column: a plus of 3s (centre and its 4 side
    ones = [(i, j) for i, r in enumerate(g) for j, v in enumerate(r) if v]  # cells) midway
    if len(ones) != 2:
        raise ValueError("not two cells")
    (a, b), (c, d) = ones
    if (a + c) % 2 or (b + d) % 2:
        raise ValueError("no middle cell")
    y, x = (a + c) // 2, (b + d) // 2
    out = [r[:] for r in g]
    for dy, dx in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)):
        out[y + dy][x + dx] = 3
    return out


def draw_plus_between_pair(rng, n):  # two 1s 6-12 apart (even) along a side of 10-14, on a row
    W, H = rng.choice((10, 12, 14)), rng.choice((6, 8, 10, 12, 14))  # 2+ from the edges of an
    d = rng.choice([k for k in (6, 8, 10, 12) if k < W])  # even side of 6-14; or the same on
    r, left = rng.randint(2, H - 3), rng.randint(0, W - 1 - d)  # a column
    g = [[0] * W for _ in range(H)]
    g[r][left] = g[r][left + d] = 1
    return [list(c) for c in zip(*g, strict=True)] if rng.random() < 0.5 else g


def base_diagonal_rays(g):  # the rarest colour's run in the bottom row: from the cells above
    H, W = len(g), len(g[0])  # its two ends, rays of it go up-left and up-right over the 0s
    n = Counter(v for r in g for v in r if v)
    D = min(n, key=n.get)
    cells = [(i, j) for i in range(H) for j in range(W) if g[i][j] == D]
    if any(i != H - 1 for i, _ in cells):
        raise ValueError("the rare colour is not all in the bottom row")
    left, right = min(j for _, j in cells), max(j for _, j in cells)
    out = [r[:] for r in g]
    for j0, step in ((left, -1), (right, 1)):
        i, j = H - 2, j0
        while i >= 0 and 0 <= j < W:
            if out[i][j] == 0:
                out[i][j] = D
            i, j = i - 1, j + step
    return out


def draw_base_diagonal_rays(rng, n):  # square, as task288: a full bottom row of one colour with
    N = rng.choice((3, 5, 7, 9))  # a centred run of another, the first colour again above the run
    E = rng.choice({3: (1,), 5: (1, 2), 7: (2, 3), 9: (3,)}[N])  # outer cells a side, as shown
    o, D = rng.sample(range(1, 10), 2)
    g = [[0] * N for _ in range(N)]
    g[-1] = [o] * N
    for j in range(E, N - E):
        g[-1][j], g[-2][j] = D, o
    return g


def densest_colour_box(g):  # the colour (not 0) whose cells make one 4-connected group, the
    n = Counter(v for r in g for v in r if v)  # commonest such: the box around it, cut out
    ones = [c for c in n if len(parts(g, lambda v, c=c: v == c)) == 1]
    if not ones:
        raise ValueError("no colour is one group")
    c = max(ones, key=n.get)
    cells = [(i, j) for i, r in enumerate(g) for j, v in enumerate(r) if v == c]
    top, bottom, left, right = box(cells)
    return [g[i][left : right + 1] for i in range(top, bottom + 1)]


def draw_densest_colour_box(rng, n):  # 30x30 on 0, as task036: one 4-connected shape in a box
    g = [[0] * 30 for _ in range(30)]  # of 2..5, 1 to 3 other colours (4..40 cells each) outside it
    cols = rng.sample(range(1, 10), rng.randint(2, 4))
    oh, ow = rng.randint(3, 5), rng.randint(3, 5)
    cells = {(rng.randrange(oh), rng.randrange(ow))}
    for _ in range(rng.randint(max(oh, ow), oh * ow) - 1):
        steps = ((1, 0), (-1, 0), (0, 1), (0, -1))
        cand = sorted(
            {
                (a + u, b + v)
                for a, b in cells
                for u, v in steps
                if 0 <= a + u < oh and 0 <= b + v < ow
            }
            - cells
        )
        cells.add(rng.choice(cand))
    t, b_, left, r = box(cells)
    i0, j0 = rng.randint(0, 30 - oh), rng.randint(0, 30 - ow)
    for a, b in cells:
        g[i0 + a][j0 + b] = cols[0]
    free = [
        (i, j)
        for i in range(30)
        for j in range(30)
        if not (i0 + t <= i <= i0 + b_ and j0 + left <= j <= j0 + r)
    ]
    spots = rng.sample(free, sum(counts := [rng.randint(4, 40) for _ in cols[1:]]))
    for c, k in zip(cols[1:], counts, strict=True):
        for i, j in spots[:k]:
            g[i][j] = c
        spots = spots[k:]
    return g


def rect_with_most_twos(g):  # blocks (4-connected non-0 cells, each a full rectangle) dotted
    best = []  # with 2: the one with the most 2s, cut out
    for p in parts(g, lambda v: v != 0):
        top, bottom, left, right = box(p)
        if len(p) != (bottom - top + 1) * (right - left + 1):
            raise ValueError("a block is not a rectangle")
        sub = [g[i][left : right + 1] for i in range(top, bottom + 1)]
        best.append((sum(r.count(2) for r in sub), sub))
    best.sort(key=lambda x: -x[0])
    if len(best) > 1 and best[0][0] == best[1][0]:
        raise ValueError("two blocks have as many 2s")
    return best[0][1]


def draw_rect_with_most_twos(rng, n, small=None):  # task216 (20x20, blocks of 1, 3 or 4 of them)
    # or task365 (10x10, blocks of 8 and 1, 2 or 3 of them); 2s dot the blocks, one block with
    # more 2s than any other; blocks may touch the edges but not each other (not even at corners)
    small = rng.random() < 0.5 if small is None else small
    S = 10 if small else 20
    g = [[0] * S for _ in range(S)]
    want, placed, most = rng.randint(2, 3) if small else rng.randint(3, 4), 0, None
    for _ in range(200):
        if placed == want:
            break
        top = 6 if small else 17
        h, w = rng.randint(3, top), rng.randint(3, top)
        i0, j0 = rng.randint(0, S - h), rng.randint(0, S - w)
        if any(
            g[i][j]
            for i in range(max(0, i0 - 1), min(S, i0 + h + 1))
            for j in range(max(0, j0 - 1), min(S, j0 + w + 1))
        ):
            continue
        area = h * w
        k = rng.randint(1, area // 2) if most is None else rng.randint(0, min(most - 1, area // 2))
        most = k if most is None else most
        dots = set(rng.sample([(a, b) for a in range(h) for b in range(w)], k))
        for a in range(h):
            for b in range(w):
                g[i0 + a][j0 + b] = 2 if (a, b) in dots else rng.choice((8, 8, 1)) if small else 1
        placed += 1
    return g


def draw_rect_with_most_twos_10(rng, n):  # task365's 10x10 grids alone
    return draw_rect_with_most_twos(rng, n, small=True)


# task246: a 2 and a 3; 8s run along the 2's row to the 3's column, then down/up that column to the 3
def elbow_line_two_three(g):
    cells = {v: (i, j) for i, r in enumerate(g) for j, v in enumerate(r) if v in (2, 3)}
    if sum(r.count(2) for r in g) != 1 or sum(r.count(3) for r in g) != 1:
        raise ValueError("needs exactly one 2 and one 3")
    (a, b), (c, d) = cells[2], cells[3]
    o = [r[:] for r in g]
    for j in range(min(b, d), max(b, d) + 1):
        if o[a][j] == 0:
            o[a][j] = 8
    for i in range(min(a, c), max(a, c) + 1):
        if o[i][d] == 0:
            o[i][d] = 8
    return o


# a 10..20 x 10..20 zero grid with one 2 and one 3 in different rows and columns
def draw_elbow_line_two_three(rng, n):
    H, W = rng.randint(10, 20), rng.randint(10, 20)
    g = [[0] * W for _ in range(H)]
    # neither in row 0 nor in column 0 (nor on any border), as in every example of task246
    a, c = rng.sample(range(1, H), 2)
    b, d = rng.sample(range(1, W), 2)
    g[a][b], g[c][d] = 2, 3
    return g


# task230: each object (a 2x2 block) gets 1,2,3,4 on the cells diagonal to its corners UL,UR,LL,LR
def label_block_corners(g):
    H, W = len(g), len(g[0])
    bg = Counter(v for r in g for v in r).most_common(1)[0][0]
    boxes = [box(c) for c in parts(g, lambda v: v != bg)]  # one colour each, none touching
    o = [r[:] for r in g]
    for lab in (1, 2, 3, 4):  # in this order: a later label wins a cell two blocks share
        for top, bottom, left, right in boxes:
            x = top - 1 if lab < 3 else bottom + 1
            y = left - 1 if lab % 2 else right + 1
            if 0 <= x < H and 0 <= y < W:
                o[x][y] = lab
    return o


# a 10x10 (1-3 blocks) or 15x15 (3-6 blocks) zero grid of 2x2 blocks of 5 whose 4x4 surrounds
# lie inside the grid and do not overlap
def draw_label_block_corners(rng, n):
    S = rng.choice((10, 15))
    k = rng.randint(1, 3) if S == 10 else rng.randint(3, 6)
    g = [[0] * S for _ in range(S)]
    locs = []
    for _ in range(200):
        if len(locs) == k:
            break
        a, b = rng.randint(0, S - 4), rng.randint(0, S - 4)
        if all(abs(a - x) > 3 or abs(b - y) > 3 for x, y in locs):
            locs.append((a, b))
    for a, b in locs:
        for x in (1, 2):
            g[a + x][b + 1] = g[a + x][b + 2] = 5
    return g


# task253: four L-triominoes (a 2x2 box less one corner); each goes to the output corner where
# its bend is: missing lower right -> top left, missing lower left -> top right, and so on
def assemble_l_pieces(g):
    cells = {}
    for i, r in enumerate(g):
        for j, v in enumerate(r):
            if v:
                cells.setdefault(v, set()).add((i, j))
    where = {}
    for v, c in cells.items():
        t, b, left, r = box(c)
        for k, corner in enumerate(((b, r), (b, left), (t, r), (t, left))):
            if corner not in c:
                where[k] = (v, c, t, left, b - t + 1, r - left + 1)
    if len(where) != 4:
        raise ValueError("needs one piece missing each corner")
    H = where[0][4] + where[2][4]
    W = where[0][5] + where[1][5]
    o = [[0] * W for _ in range(H)]
    for k, (v, c, t, left, h, w) in where.items():
        di = 0 if k in (0, 1) else H - h
        dj = 0 if k in (0, 2) else W - w
        for x, y in c:
            o[x - t + di][y - left + dj] = v
    return o


# a 13x13 zero grid with four L-triominoes, one missing each corner, distinct colours,
# no two pieces touching (not even at a corner)
def draw_assemble_l_pieces(rng, n):
    g = [[0] * 13 for _ in range(13)]
    cols = rng.sample(range(1, 10), 4)
    placed = []
    for miss, v in zip(rng.sample(range(4), 4), cols, strict=True):
        for _ in range(500):
            a, b = rng.randint(0, 11), rng.randint(0, 11)
            c = {(a + x, b + y) for x in (0, 1) for y in (0, 1)} - {(a + miss // 2, b + miss % 2)}
            if all(max(abs(p - q), abs(s - t)) > 1 for p, s in c for q, t in placed):
                break
        else:
            raise ValueError("no room")
        placed += c
        for x, y in c:
            g[x][y] = v
    return g


# task368: one many-coloured object (the template) and gray (5) copies of its shape; each copy
# is painted over with the template
def stamp_template_on_gray(g):
    H, W = len(g), len(g[0])
    bg = Counter(v for r in g for v in r).most_common(1)[0][0]
    objs = parts(g, lambda v: v != bg)
    tpl = max(objs, key=lambda c: len({g[x][y] for x, y in c}))
    t0, _, l0, _ = box(tpl)
    o = [r[:] for r in g]
    for c in objs:
        if c is tpl:
            continue
        t, _, left, _ = box(c)
        for x, y in tpl:
            X, Y = x - t0 + t, y - l0 + left
            if 0 <= X < H and 0 <= Y < W:
                o[X][Y] = g[x][y]
    return o


# a 10x10 zero grid: a 3x3, 3x4 or 4x3 template in two colours (not 5) and 2-3 gray copies,
# no two objects touching (not even at a corner)
def draw_stamp_template_on_gray(rng, n):
    g = [[0] * 10 for _ in range(10)]
    h, w = rng.choice(((3, 3), (3, 4), (4, 3)))
    cs = rng.sample([1, 2, 3, 4, 6, 7, 8, 9], 2)
    while True:
        t = [[rng.choice(cs) for _ in range(w)] for _ in range(h)]
        if len({v for r in t for v in r}) == 2:
            break
    boxes = []
    for k in range(rng.randint(3, 4)):
        for _ in range(500):
            a, b = rng.randint(0, 10 - h), rng.randint(0, 10 - w)
            if all(a > x + h or x > a + h or b > y + w or y > b + w for x, y in boxes):
                boxes.append((a, b))
                break
        else:
            if k < 2:
                raise ValueError("no room")
    for k, (a, b) in enumerate(boxes):
        for x in range(h):
            for y in range(w):
                g[a + x][b + y] = t[x][y] if k == 0 else 5
    return g


def stamp_template_on_eights(g):  # the many-coloured shape is stamped on each 8-copy, then erased
    H, W = len(g), len(g[0])
    groups = parts(g, lambda v: v != 0)
    tmpl = max(groups, key=lambda p: len({g[i][j] for i, j in p}))
    ti, tj = min(i for i, j in tmpl), min(j for i, j in tmpl)
    o = [r[:] for r in g]
    for p in groups:
        if p is tmpl:
            continue
        oi, oj = min(i for i, j in p), min(j for i, j in p)
        for i, j in tmpl:
            y, x = oi + i - ti, oj + j - tj
            if 0 <= y < H and 0 <= x < W:
                o[y][x] = g[i][j]
    for i, j in tmpl:
        o[i][j] = 0
    return o


# a random shape in a box of up to 3x4 (as the examples), 2+ colours (never 0 or 8), on 0; up to
# 3 copies of the shape in 8, apart from it and from each other at their sides (corners may touch)
def draw_stamp_template_on_eights(rng, n):
    H = W = 10
    while True:
        oh, ow = rng.randint(1, 3), rng.randint(1, 4)
        if oh * ow < 3:
            continue
        box = [(i, j) for i in range(oh) for j in range(ow)]
        shp = {rng.choice(box)}
        for _ in range(rng.randint(1, max(1, oh * ow - 2))):
            nb = [
                (i, j)
                for i, j in box
                if (i, j) not in shp and any(abs(i - a) + abs(j - b) == 1 for a, b in shp)
            ]
            shp.add(rng.choice(nb))
        a0, b0 = min(i for i, j in shp), min(j for i, j in shp)
        shp = [(i - a0, j - b0) for i, j in shp]
        sh, sw = max(i for i, j in shp) + 1, max(j for i, j in shp) + 1
        cols = rng.sample([1, 2, 3, 4, 5, 6, 7, 9], rng.randint(2, 4))
        cc = [rng.choice(cols) for _ in shp]
        if len(set(cc)) < 2:
            continue
        g = [[0] * W for _ in range(H)]
        li, lj = rng.randint(0, H - sh), rng.randint(0, W - sw)
        for (i, j), c in zip(shp, cc, strict=True):
            g[li + i][lj + j] = c
        used = {(li + i, lj + j) for i, j in shp}
        plus = ((0, 0), (0, 1), (1, 0), (0, -1), (-1, 0))
        ban = {(y + a, x + b) for y, x in used for a, b in plus}
        cnt = 0
        for _ in range(60):
            y, x = rng.randint(0, H - sh), rng.randint(0, W - sw)
            cells = {(y + i, x + j) for i, j in shp}
            if cells & ban:
                continue
            for i, j in cells:
                g[i][j] = 8
            ban |= {(i + a, j + b) for i, j in cells for a, b in plus}
            cnt += 1
            if cnt == 3:
                break
        if cnt:
            return g


def frame_corners_swap_out(g):  # a box's inner corner colours move out beyond the far corners
    H, W = len(g), len(g[0])
    rows = [i for i in range(H) if any(g[i])]
    cols = [j for j in range(W) if any(g[i][j] for i in range(H))]
    r0, r1, c0, c1 = rows[0], rows[-1], cols[0], cols[-1]
    o = [r[:] for r in g]
    for i in range(r0 + 1, r1):
        for j in range(c0 + 1, c1):
            o[i][j] = 0
    o[r1 + 1][c1 + 1] = g[r0 + 1][c0 + 1]
    o[r0 - 1][c0 - 1] = g[r1 - 1][c1 - 1]
    o[r0 - 1][c1 + 1] = g[r1 - 1][c0 + 1]
    o[r1 + 1][c0 - 1] = g[r0 + 1][c1 - 1]
    return o


# a one-colour box of 4x4 to 8x8 on 0, a 1-cell margin, four other colours at its inner corners
def draw_frame_corners_swap_out(rng, n):
    H = W = 10
    ih, iw = rng.randint(4, H - 2), rng.randint(4, W - 2)
    r0, c0 = rng.randint(1, H - ih - 1), rng.randint(1, W - iw - 1)
    r1, c1 = r0 + ih - 1, c0 + iw - 1
    f, a, b, c, d = rng.sample(range(1, 10), 5)
    g = [[0] * W for _ in range(H)]
    for i in range(r0, r1 + 1):
        for j in range(c0, c1 + 1):
            if i in (r0, r1) or j in (c0, c1):
                g[i][j] = f
    g[r0 + 1][c0 + 1], g[r0 + 1][c1 - 1], g[r1 - 1][c0 + 1], g[r1 - 1][c1 - 1] = a, b, c, d
    return g


def line_to_checker_triangle(g):  # a 7 line down from the top grows a 7/8 checker triangle
    h, w = len(g), len(g[0])
    x = g[0].index(7)
    n = sum(row[x] == 7 for row in g)
    out = [[0] * w for _ in range(h)]
    for r in range(h):
        for c in range(w):
            if r + abs(c - x) < n:
                out[r][c] = 7 if (c - x) % 2 == 0 else 8
    return out


def draw_line_to_checker_triangle(rng, n):
    h, w = rng.randint(5, 10), rng.randint(5, 10)
    g = [[0] * w for _ in range(h)]
    x, m = rng.randint(2, w - 3), rng.randint(3, min(9, h - 1))
    for r in range(m):
        g[r][x] = 7
    return g


def region_with_most_noise(g):  # the rarest colour is noise: answer the region holding most of it
    cnt = Counter(v for row in g for v in row)
    noise = min(cnt, key=lambda c: cnt[c])
    best, most = None, -1
    for c in cnt:
        if c == noise:
            continue
        rows = [i for i, row in enumerate(g) if c in row]
        cols = [j for j in range(len(g[0])) if any(row[j] == c for row in g)]
        k = sum(
            g[i][j] == noise
            for i in range(rows[0], rows[-1] + 1)
            for j in range(cols[0], cols[-1] + 1)
        )
        if k > most:
            best, most = c, k
    return [[best]]


def draw_region_with_most_noise(rng, n):
    h, w = rng.randint(10, 20), rng.randint(10, 20)
    noise, *cs = rng.sample(range(10), 5)
    if noise == 0:
        noise, cs[0] = cs[0], noise
    a, b = rng.randint(5, h - 5), rng.randint(5, w - 5)
    boxes = [(0, a, 0, b), (0, a, b, w), (a, h, 0, b), (a, h, b, w)]
    merge = rng.choice([None] * 8 + [(0, 1), (2, 3), (0, 2), (1, 3)])
    if merge:
        u, v = boxes[merge[0]], boxes[merge[1]]
        boxes[merge[0]] = (min(u[0], v[0]), max(u[1], v[1]), min(u[2], v[2]), max(u[3], v[3]))
        del boxes[merge[1]], cs[-1]
    g = [[0] * w for _ in range(h)]
    for c, (r0, r1, c0, c1) in zip(cs, boxes, strict=True):
        for i in range(r0, r1):
            g[i][c0:c1] = [c] * (c1 - c0)
    ks = rng.sample(range(6), len(boxes))  # distinct noise counts, as in the task
    for k, (r0, r1, c0, c1) in zip(ks, boxes, strict=True):
        for i, j in rng.sample([(i, j) for i in range(r0, r1) for j in range(c0, c1)], k):
            g[i][j] = noise
    return g


def ones_around_twos(g):  # each 0 cell with a 2 among its 8 neighbours becomes 1
    H, W = len(g), len(g[0])
    out = [r[:] for r in g]
    for i in range(H):
        for j in range(W):
            if g[i][j] == 2:
                for y in range(max(i - 1, 0), min(i + 2, H)):
                    for x in range(max(j - 1, 0), min(j + 2, W)):
                        if out[y][x] == 0:
                            out[y][x] = 1
    return out


def draw_ones_around_twos(rng, n):  # 1 to 7 cells (2s and other colours), 2 apart at least
    H = rng.randint(4, 10)
    W = H + rng.randint(0, 1)
    g = [[0] * W for _ in range(H)]
    cells = []
    for k in range(rng.randint(1, 7)):
        i, j = rng.randrange(H), rng.randrange(W)
        if all(max(abs(i - y), abs(j - x)) > 1 for y, x in cells):
            cells.append((i, j))
            g[i][j] = 2 if k == 0 else rng.choice((2, 2, 3, 4, 5, 6, 7, 8, 9))
    return g


def hollow_rectangles(g):  # each one-colour part keeps only the cells on its box's outline
    bg = Counter(v for r in g for v in r).most_common(1)[0][0]
    out = [r[:] for r in g]
    for colour in set(v for r in g for v in r) - {bg}:
        for group in parts(g, lambda v, c=colour: v == c):
            top, bottom, left, right = box(group)
            for i, j in group:
                if top < i < bottom and left < j < right:
                    out[i][j] = bg
    return out


def draw_hollow_rectangles(rng, n):  # solid rectangles (sides 3-7) apart, off the edge; 0 commonest
    H = rng.randint(8, 20)
    W = max(6, min(22, H + rng.randint(-2, 2)))
    g = [[0] * W for _ in range(H)]
    for _ in range(rng.randint(1, 2 * n)):
        h, w = rng.randint(3, 7), rng.randint(3, 7)
        if h > H - 2 or w > W - 2:
            continue
        top, left = rng.randint(1, H - 1 - h), rng.randint(1, W - 1 - w)
        near = [r[max(left - 1, 0) : left + w + 1] for r in g[top - 1 : top + h + 1]]
        if not any(map(any, near)) and sum(map(bool, sum(g, []))) + h * w < H * W / 2:
            colour = rng.randint(1, 9)
            for i in range(top, top + h):
                g[i][left : left + w] = [colour] * w
    return g


def stair_above_below_bar(g):  # a 2 bar at the left edge: rows above it get 3s, one longer per
    # row up; rows below get 1s, one shorter per row down
    bars = [i for i, r in enumerate(g) if 2 in r]
    if len(bars) != 1 or g[bars[0]][0] != 2:
        raise ValueError("no bar at the left edge")
    top, length = bars[0], g[bars[0]].count(2)
    out = []
    for i, r in enumerate(g):
        d = i - top
        colour = 3 if d < 0 else 2 if d == 0 else 1
        out.append([colour if j < length - d else 0 for j in range(len(r))])
    return out


def draw_stair_above_below_bar(rng, n):  # a blank grid with one 2 bar from the left edge
    top, length = rng.randint(1, 7), rng.randint(2, 8)
    W = min(13, length + top + rng.randint(1, 4))
    if length + top >= W:
        top = W - 1 - length
    H = rng.randint(max(4, top + 3), 13)
    g = [[0] * W for _ in range(H)]
    g[top][:length] = [2] * length
    return g


def crop_symmetric_object(g):  # crop the box of the one-colour part that is its own mirror image
    for colour in sorted(set(v for r in g for v in r) - {0}):
        for group in parts(g, lambda v, c=colour: v == c, corners=True):
            top, bottom, left, right = box(group)
            cells = at_origin(group)
            if cells == {(a, right - left - b) for a, b in cells}:
                return [r[left : right + 1] for r in g[top : bottom + 1]]
    raise ValueError("no symmetric part")


def draw_crop_symmetric_object(rng, n):  # 10x10: 3 parts of 3 colours, boxes apart, one symmetric
    shapes = []
    for k, colour in enumerate(rng.sample(range(1, 10), 3)):
        while True:
            h, w = rng.randint(1, 5), rng.randint(1, 5)
            cells = {(a, b) for a in range(h) for b in range(w) if rng.random() < 0.6}
            if k == 0:
                cells |= {(a, w - 1 - b) for a, b in cells}
            mirror = {(a, w - 1 - b) for a, b in cells}
            if (
                cells
                and box(cells) == (0, h - 1, 0, w - 1)
                and len(parts([[(a, b) in cells for b in range(w)] for a in range(h)], bool, True))
                == 1
                and (k == 0) == (cells == mirror)
            ):
                break
        shapes.append((h, w, cells, colour))
    while True:  # place them, boxes not overlapping
        g, taken = [[0] * 10 for _ in range(10)], []
        for h, w, cells, colour in shapes:
            top, left = rng.randint(0, 10 - h), rng.randint(0, 10 - w)
            if any(top + h > t and b >= top and left + w > x and r >= left for t, b, x, r in taken):
                break
            taken.append((top, top + h - 1, left, left + w - 1))
            for a, b in cells:
                g[top + a][left + b] = colour
        else:
            return g


def extend_row_period(g):  # task231: continue the grid's horizontal period to double the width
    w = len(g[0])
    cols = [[r[j] for r in g] for j in range(w)]
    per = next(q for q in range(1, w + 1) if all(cols[j] == cols[j + q] for j in range(w - q)))
    return [[r[j % per] for j in range(2 * w)] for r in g]


def draw_extend_row_period(rng, n):  # 5 rows; 1-2 rows of a period-2/3 pattern in 2 colours
    w, per = rng.randint(6, 10), rng.choice((2, 3))
    a, b = rng.sample(range(1, 10), 2)
    g = [[0] * w for _ in range(5)]
    for i in rng.choice(((1,), (2,), (1, 2), (2, 3))):
        unit = [rng.choice((a, b)) for _ in range(per)]
        g[i] = [unit[j % per] for j in range(w)]
    return g


def nine_between_in_rows(g):  # task381: in inner rows, 0s between the row's first and last 2 -> 9
    out = [r[:] for r in g]
    for i in range(1, len(g) - 1):
        nz = [j for j, c in enumerate(g[i]) if c]
        if nz:
            for j in range(nz[0] + 1, nz[-1]):
                if g[i][j] == 0 and 0 < j < len(g[i]) - 1:
                    out[i][j] = 9
    return out


def draw_nine_between_in_rows(rng, n):  # 10x10: 3-5 solid 2 rectangles (2-6 x 1-4), not touching
    while True:
        g, boxes = [[0] * 10 for _ in range(10)], []
        for _ in range(rng.randint(3, 5)):
            for _ in range(50):
                h, w = rng.randint(2, 6), rng.randint(1, 4)
                t, x = rng.randint(0, 10 - h), rng.randint(0, 10 - w)
                if all(t > b + 1 or t + h < a or x > r + 1 or x + w < c for a, b, c, r in boxes):
                    boxes.append((t, t + h - 1, x, x + w - 1))
                    for i in range(t, t + h):
                        g[i][x : x + w] = [2] * w
                    break
        if len(boxes) >= 3:
            return g


def corner_colour_quadrants(g):  # task183: inner 8s take the colour of their quadrant's corner
    n = len(g)
    out = []
    for i in range(2, n - 2):
        row = []
        for j in range(2, n - 2):
            corner = g[0 if i < n // 2 else n - 1][0 if j < n // 2 else n - 1]
            row.append(corner if g[i][j] else 0)
        out.append(row)
    return out


def draw_corner_colour_quadrants(rng, n):  # 6/8/10 square: 4 corner colours, 1 ring, 8s inside
    size = rng.choice((6, 8, 10))
    g = [[0] * size for _ in range(size)]
    for k in range(size):
        g[1][k] = g[size - 2][k] = g[k][1] = g[k][size - 2] = 1
    a, b, c, d = rng.sample((2, 3, 4, 5, 6, 7, 9), 4)
    g[0][0], g[0][-1], g[-1][0], g[-1][-1] = a, b, c, d
    p = rng.random()
    for i in range(2, size - 2):
        for j in range(2, size - 2):
            g[i][j] = 8 if rng.random() < p else 0
    return g


def largest_box_colour_2x2(g):  # task100: 2x2 of the colour whose object has the largest box
    best, colour = -1, None
    for c in range(1, 10):
        rows = [i for i, r in enumerate(g) if c in r]
        cols = [j for j in range(len(g[0])) if any(r[j] == c for r in g)]
        if rows:
            area = (rows[-1] - rows[0] + 1) * (cols[-1] - cols[0] + 1)
            if area == best:
                raise ValueError("tie")
            if area > best:
                best, colour = area, c
    return [[colour] * 2 for _ in range(2)]


def draw_largest_box_colour_2x2(rng, n):  # 10x10: two hollow rectangles (sides 3-10), boxes apart
    while True:
        g, boxes = [[0] * 10 for _ in range(10)], []
        for c in rng.sample(range(1, 10), 2):
            h, w = rng.randint(3, 10), rng.randint(3, 10)
            t, x = rng.randint(0, 10 - h), rng.randint(0, 10 - w)
            if any(t <= b and t + h > a and x <= r and x + w > q for a, b, q, r in boxes):
                break
            boxes.append((t, t + h - 1, x, x + w - 1))
            for i in range(t, t + h):
                for j in range(x, x + w):
                    if i in (t, t + h - 1) or j in (x, x + w - 1):
                        g[i][j] = c
        else:
            return g


def ones_flood_zero_regions(g):  # every side-touching group of 0s that touches a 1 turns to 1s
    H, W = len(g), len(g[0])
    o = [r[:] for r in g]
    for group in parts(g, lambda v: v == 0):
        near = {(a + u, b + v) for a, b in group for u, v in ((1, 0), (-1, 0), (0, 1), (0, -1))}
        if any(0 <= a < H and 0 <= b < W and g[a][b] == 1 for a, b in near):
            for a, b in group:
                o[a][b] = 1
    return o


def draw_ones_flood_zero_regions(rng, n):  # square 12..18, about half noise in 2..9, a few 1s
    size = rng.randint(12, 18)
    g = [[0] * size for _ in range(size)]
    cells = [(a, b) for a in range(size) for b in range(size)]
    rng.shuffle(cells)
    noise = int(size * size * rng.uniform(0.4, 0.6))
    for a, b in cells[:noise]:
        g[a][b] = rng.randint(2, 9)
    rest = cells[noise:]
    for a, b in rest[: rng.randint(3, max(3, len(rest) // 6))]:
        g[a][b] = 1
    return g


def unmask_fours_half_turn(g):  # each 4 cell takes the most of its 8 mirror images that are not 4
    n = len(g)
    o = [r[:] for r in g]
    for a in range(n):
        for b in range(n):
            if g[a][b] == 4:
                x, y = n - 1 - a, n - 1 - b
                imgs = [(a, b), (b, a), (y, x), (x, b), (a, y), (b, x), (y, a), (x, y)]
                seen = [g[i][j] for i, j in imgs if g[i][j] != 4]
                if not seen:
                    raise ValueError("a cell hidden in all its images")
                o[a][b] = max(seen)
    return o


def draw_unmask_fours_half_turn(rng, n):  # a 16x16 D4-symmetric pattern (colours not 4), two
    cols = rng.sample((1, 2, 3, 5, 6, 7, 8, 9), rng.choice((7, 8)))  # 2..4 x 2..4 boxes of 4s:
    q = [[rng.choice(cols) for _ in range(8)] for _ in range(8)]  # mostly in the top-left
    for a in range(8):  # quarter, else anywhere, but never hiding a cell's half-turn image too
        for b in range(a):
            q[a][b] = q[b][a]
    while True:
        g = [[q[min(a, 15 - a)][min(b, 15 - b)] for b in range(16)] for a in range(16)]
        anywhere = rng.random() < 0.15
        for _ in range(2):
            h, w = rng.randint(2, 4), rng.randint(2, 4)
            top = rng.randint(0, 16 - h if anywhere else 8 - h)
            left = rng.randint(0, 16 - w if anywhere else 8 - w)
            for a in range(top, top + h):
                g[a][left : left + w] = [4] * w
        if all(g[15 - a][15 - b] != 4 for a in range(16) for b in range(16) if g[a][b] == 4):
            return g


def overlay_corner_3x3(g):  # the four 3x3 corners (rows 0-2 / H-3..H-1, columns 0-2 / W-3..W-1)
    H, W = len(g), len(g[0])  # laid on one another: a cell is the shape colour if any of them is
    bg = Counter(v for r in g for v in r).most_common(1)[0][0]
    other = [v for r in g for v in r if v != bg]
    o = [[bg] * 3 for _ in range(3)]
    for a in range(3):
        for b in range(3):
            for i, j in ((a, b), (a, W - 3 + b), (H - 3 + a, b), (H - 3 + a, W - 3 + b)):
                if g[i][j] != bg:
                    o[a][b] = other[0]
    return o


def draw_overlay_corner_3x3(rng, n):  # 5x7 of 0s: each corner 2x2 cell in one colour or not
    colour = rng.randint(1, 9)
    g = [[0] * 7 for _ in range(5)]
    for a in (0, 1, 3, 4):
        for b in (0, 1, 5, 6):
            if rng.random() < 0.5:
                g[a][b] = colour
    return g


def overlay_quadrants_priority(g):  # four 4x4 quarters split by a line of 1s, stacked: top-left
    o = [[0] * 4 for _ in range(4)]  # over top-right over bottom-left over bottom-right
    for a in range(4):
        for b in range(4):
            for i, j in ((a + 5, b + 5), (a + 5, b), (a, b + 5), (a, b)):  # last painted wins
                if g[i][j]:
                    o[a][b] = g[i][j]
    return o


def draw_overlay_quadrants_priority(rng, n):  # 9x9, row 4 and column 4 of 1s; quarters of 7
    g = [[1] * 9 for _ in range(9)]  # (top-left), 4, 8 and 6 (bottom-right) on 0, each its own
    for top, left, colour in ((0, 0, 7), (0, 5, 4), (5, 0, 8), (5, 5, 6)):  # density
        p = rng.uniform(0.15, 0.85)
        for a in range(top, top + 4):
            for b in range(left, left + 4):
                g[a][b] = colour if rng.random() < p else 0
    return g


def tiled_by_colour_count(g):  # task221: k coloured cells -> k copies of g on a 3z x 3z canvas
    z = sum(row.count(0) for row in g)
    k = 9 - z
    out = [[0] * (3 * z) for _ in range(3 * z)]
    for t in range(k):
        ti, tj = divmod(t, z)
        for i in range(3):
            for j in range(3):
                out[3 * ti + i][3 * tj + j] = g[i][j]
    return out


def draw_tiled_by_colour_count(rng, n):
    c = rng.randint(1, 9)
    k = rng.randint(2, 6)  # as in the examples of task221 (k <= (9 - k) ** 2 always)
    cells = rng.sample(range(9), k)
    return [[c if 3 * i + j in cells else 0 for j in range(3)] for i in range(3)]


def quadrants_overlaid(g):  # task180: overlay 4x4 quadrants, priority TR > BL > BR > TL
    out = [[0] * 4 for _ in range(4)]
    for i in range(4):
        for j in range(4):
            for v in (g[i][j], g[i + 4][j + 4], g[i + 4][j], g[i][j + 4]):
                if v:
                    out[i][j] = v
    return out


def draw_quadrants_overlaid(rng, n):
    cs = rng.sample(range(1, 10), 4)
    g = [[0] * 8 for _ in range(8)]
    for q, (a, b) in enumerate(((0, 0), (0, 4), (4, 0), (4, 4))):
        d = rng.random()
        for i in range(4):
            for j in range(4):
                if rng.random() < d:
                    g[a + i][b + j] = cs[q]
    return g


def cells_filled_by_centre(g):  # task127: each 3x3 cell between grey lines -> its centre + 5
    out = [row[:] for row in g]
    for i in range(len(g)):
        for j in range(len(g[0])):
            if g[i][j] != 5:
                out[i][j] = g[i // 4 * 4 + 1][j // 4 * 4 + 1] + 5
    return out


def draw_cells_filled_by_centre(rng, n):
    H = rng.choice((3, 7))
    g = [[5 if i % 4 == 3 or j % 4 == 3 else 0 for j in range(11)] for i in range(H)]
    for i in range(1, H, 4):
        for j in range(1, 11, 4):
            g[i][j] = rng.randint(1, 4)
    return g


def periodic_holes_filled(g):  # task110: a periodic mosaic with 0 holes -> the holes repaired
    H, W = len(g), len(g[0])

    def period(n, get):
        for q in range(1, n):
            if all(
                not get(i, j) or not get(i + q, j) or get(i, j) == get(i + q, j)
                for i in range(n - q)
                for j in range(W if n == H else H)
            ):
                return q
        return n  # no period: only the cell's own line helps

    pv = period(H, lambda i, j: g[i][j])
    ph = period(W, lambda i, j: g[j][i])
    out = [row[:] for row in g]
    for i in range(H):
        for j in range(W):
            if not out[i][j]:
                vals = [g[a][b] for a in range(i % pv, H, pv) for b in range(j % ph, W, ph)]
                vals = [v for v in vals if v]
                if not vals:
                    raise ValueError("hole not seen")
                out[i][j] = vals[0]
    return out


def draw_periodic_holes_filled(rng, n):
    pv, ph = rng.randint(2, 8), rng.randint(2, 8)
    tile = [[rng.randint(1, 9) for _ in range(ph)] for _ in range(pv)]
    g = [[tile[i % pv][j % ph] for j in range(29)] for i in range(29)]
    for _ in range(rng.randint(1, 5)):
        h, w = rng.randint(2, 6), rng.randint(2, 6)
        a, b = rng.randint(0, 29 - h), rng.randint(0, 29 - w)
        for i in range(a, a + h):
            for j in range(b, b + w):
                g[i][j] = 0
    return g


def _d4_hole(g, m):  # the grid is symmetric under all 8 turns/flips; read each m-cell from an image
    n = len(g)
    cells = [(i, j) for i in range(n) for j in range(n) if g[i][j] == m]
    if not cells:
        raise ValueError("no hole")
    top, bottom, left, right = box(cells)
    out = []
    for i in range(top, bottom + 1):
        row = []
        for j in range(left, right + 1):
            a, b = n - 1 - i, n - 1 - j
            seen = [
                g[y][x] for y, x in ((i, j), (j, i), (a, j), (i, b), (a, b), (b, a), (j, a), (b, i))
            ]
            ok = [v for v in seen if v != m]
            if not ok:
                raise ValueError("cell hidden in every image")
            row.append(ok[0])
        out.append(row)
    return out


def d4_hole_under_1(g):  # the 1-rectangle hides part of a D4-symmetric grid: output what it hides
    return _d4_hole(g, 1)


def d4_hole_under_3(g):  # the 3-rectangle hides part of a D4-symmetric grid: output what it hides
    return _d4_hole(g, 3)


def _draw_d4_hole(rng, n, side, m, ncol):
    cols = rng.sample([c for c in range(10) if c != m], ncol)
    g = [[0] * side for _ in range(side)]
    h = side // 2
    for i in range(h):
        for j in range(i, h):
            v = rng.choice(cols)
            for y, x in ((i, j), (j, i)):
                for yy in (y, side - 1 - y):
                    for xx in (x, side - 1 - x):
                        g[yy][xx] = v
    while True:  # a 5x5 hole that does not meet its own half-turn image, as in every example
        a, b = rng.randint(0, side - 5), rng.randint(0, side - 5)
        if abs(side - 5 - 2 * a) >= 5 or abs(side - 5 - 2 * b) >= 5:
            break
    for i in range(a, a + 5):
        g[i][b : b + 5] = [m] * 5
    return g


def draw_d4_hole_under_1(rng, n):  # 24x24 in 2-4 colours (never 1), a 5x5 hole of 1
    return _draw_d4_hole(rng, n, 24, 1, rng.randint(2, 4))


def draw_d4_hole_under_3(rng, n):  # 16x16 in 5-8 colours (never 3), a 5x5 hole of 3
    return _draw_d4_hole(rng, n, 16, 3, rng.randint(5, 8))


def repeat_three_row_band(g):  # repeat the band of non-0 rows up and down the whole grid
    rows = [i for i, r in enumerate(g) if any(r)]
    if not rows:
        raise ValueError("no band")
    top, h = rows[0], rows[-1] - rows[0] + 1
    return [list(g[top + (i - top) % h]) for i in range(len(g))]


def draw_repeat_three_row_band(rng, n):  # 10-20 x 10-20 of 0, a 3-row band of one colour
    H, W, c = rng.randint(10, 20), rng.randint(10, 20), rng.randint(1, 9)
    g = [[0] * W for _ in range(H)]
    top = rng.randint(3, 4)  # the band is rows 3-5 or 4-6, as in every example of task215
    for i in range(top, top + 3):
        while not any(g[i]):
            g[i] = [c if rng.random() < 0.4 else 0 for _ in range(W)]
    return g


def blocks_with_two_sixes(g):  # 1 in the output for each 3x3 block with the most 6s, else 0
    counts = [[0] * 3 for _ in range(3)]
    for bi in range(3):
        for bj in range(3):
            for i in range(3):
                for j in range(3):
                    counts[bi][bj] += g[4 * bi + i][4 * bj + j] == 6
    top = max(max(r) for r in counts)
    return [[int(c == top) for c in r] for r in counts]


def draw_blocks_with_two_sixes(rng, n):  # 11x11, 8-lines between 3x3 blocks holding one or two 6s
    g = [[8 if i % 4 == 3 or j % 4 == 3 else 0 for j in range(11)] for i in range(11)]
    counts = [rng.choice((1, 2)) for _ in range(9)]
    counts[rng.randrange(9)] = 1
    k = rng.randrange(8)
    counts[k + (counts.index(1) <= k)] = 2
    for b, c in enumerate(counts):
        for p in rng.sample(range(9), c):
            g[4 * (b // 3) + p // 3][4 * (b % 3) + p % 3] = 6
    return g


def zero_grid_border_8(g):  # draw the grid's border in 8
    H, W = len(g), len(g[0])
    return [
        [8 if i in (0, H - 1) or j in (0, W - 1) else g[i][j] for j in range(W)] for i in range(H)
    ]


def draw_zero_grid_border_8(rng, n):  # 3-9 x 3-9 of 0
    H, W = rng.randint(3, 9), rng.randint(3, 9)
    return [[0] * W for _ in range(H)]


def mod_product_table_repair(g):  # 0 patches erased from a doubly periodic table: restore it
    H, W = len(g), len(g[0])
    for per in range(2, 10):
        cls = {}
        fits = True
        for i in range(H):
            for j in range(W):
                v = g[i][j]
                if v:
                    if cls.setdefault((i % per, j % per), v) != v:
                        fits = False
        if fits and len(cls) == per * per:
            return [[cls[i % per, j % per] for j in range(W)] for i in range(H)]
    raise ValueError("no period")


def draw_mod_product_table_repair(rng, n):  # 18x18 table i*j%B+1 with a few 0 rectangles
    b = rng.randint(4, 9)
    g = [[i * j % b + 1 for j in range(18)] for i in range(18)]
    for _ in range(rng.randint(2, n + 1)):
        h, w = rng.randint(2, 6), rng.randint(2, 6)
        a, c = rng.randint(0, 18 - h), rng.randint(0, 18 - w)
        for i in range(a, a + h):
            for j in range(c, c + w):
                g[i][j] = 0
    return g


def zigzag_every_third_gap(g):  # 3-row zigzag of 2s: every third 0 pocket from the left is 4
    # from the left: by each pocket's first cell, column by column
    pockets = sorted(parts(g, lambda v: v == 0), key=lambda c: min((b, a) for a, b in c))
    out = [row[:] for row in g]
    for k, cells in enumerate(pockets):
        if k % 3 == 0:
            for a, b in cells:
                out[a][b] = 4
    return out


def draw_zigzag_every_third_gap(rng, n):  # 3 rows: 2 at (0,0),(1,1),(2,2),(1,3),(0,4),...
    w = rng.randint(5, 25)
    g = [[0] * w for _ in range(3)]
    for j in range(w):
        g[(0, 1, 2, 1)[j % 4]][j] = 2
    return g


def halve_repeated_grid(g):  # the grid is a tile twice: left half if left = right, else top
    w = len(g[0])
    left = [row[: w // 2] for row in g]
    if w % 2 == 0 and all(row[: w // 2] == row[w // 2 :] for row in g):
        return left
    h = len(g)
    if h % 2 or g[: h // 2] != g[h // 2 :]:
        raise ValueError("not two copies")
    return g[: h // 2]


def draw_halve_repeated_grid(rng, n):  # a random 2..4 x 2..4 tile, twice: side by side or stacked
    h, w = rng.randint(2, 4), rng.randint(2, 4)
    cols = rng.sample(range(10), rng.randint(1, 4))
    t = [[rng.choice(cols) for _ in range(w)] for _ in range(h)]
    if rng.random() < 0.5:
        return [row + row for row in t]
    return [row[:] for row in t + t]


def colour_picks_cross_shape(g):  # 5x5 of 0 and one colour: 1 plus, 2 T, 3 L of 5s in a 3x3
    cols = {v for row in g for v in row} - {0}
    if len(cols) != 1:
        raise ValueError("one colour")
    a, b = {1: (1, 1), 2: (0, 1), 3: (2, 2)}[cols.pop()]
    return [[5 if i == a or j == b else 0 for j in range(3)] for i in range(3)]


def draw_colour_picks_cross_shape(rng, n):  # 5x5, 9..17 cells 0, the rest colour 1, 2 or 3
    c = rng.randint(1, 3)
    cells = [c] * 25
    for k in rng.sample(range(25), rng.randint(9, 17)):
        cells[k] = 0
    return [cells[k : k + 5] for k in range(0, 25, 5)]


def column_colours_snake(g):  # task316: cells left to right fill a 3x3 as a snake (row 2 reversed)
    cells = sorted((j, i) for i, r in enumerate(g) for j, v in enumerate(r) if v)
    if len({j for j, _ in cells}) < len(cells) or len(cells) > 9:
        raise ValueError("two cells in a column, or too many")
    out = [[0] * 3 for _ in range(3)]
    for k, (j, i) in enumerate(cells):
        row, col = divmod(k, 3)
        out[row][2 - col if row == 1 else col] = g[i][j]
    return out


def draw_column_colours_snake(rng, n):  # 10x10 of 0, 6-9 cells of 1-9, each in its own column
    g = [[0] * 10 for _ in range(10)]
    for j in rng.sample(range(10), rng.randint(6, 9)):
        g[rng.randrange(10)][j] = rng.randint(1, 9)
    return g


def bar_with_diagonal_and_floor(g):  # task084: left bar; 2 on the anti-diagonal, 4 on the bottom
    size = len(g)
    out = [list(r) for r in g]
    for i in range(size - 1):
        out[i][size - 1 - i] = 2
    for j in range(1, size):
        out[size - 1][j] = 4
    return out


def draw_bar_with_diagonal_and_floor(rng, n):  # 3-21 square of 0 with its left column in 1-9
    size, c = rng.randint(3, 21), rng.randint(1, 9)
    return [[c] + [0] * (size - 1) for _ in range(size)]


def crop_object_mirrored(g):  # task177: crop to the non-0 cells' box, then mirror left-right
    rows = [i for i, r in enumerate(g) if any(r)]
    cols = [j for j in range(len(g[0])) if any(r[j] for r in g)]
    return [g[i][cols[0] : cols[-1] + 1][::-1] for i in range(rows[0], rows[-1] + 1)]


def draw_crop_object_mirrored(rng, n):  # 10-20 x 10-20 of 0, a 4-8 x 4-8 box of a, some cells b
    h, w = rng.randint(10, 20), rng.randint(10, 20)
    a, b = rng.sample(range(1, 10), 2)
    g = [[0] * w for _ in range(h)]
    H, W = rng.randint(4, 8), rng.randint(4, 8)
    y, x = rng.randint(1, h - H - 1), rng.randint(1, w - W - 1)
    share = rng.random() / 2
    for i in range(H):
        for j in range(W):
            g[y + i][x + j] = b if rng.random() < share else a
    return g


def upscale_by_colour_count(g):  # scale the grid up by (the number of colours in it) - 1
    k = len({v for r in g for v in r}) - 1
    if k < 1:
        raise ValueError("one colour")
    return [[g[i // k][j // k] for j in range(len(g[0]) * k)] for i in range(len(g) * k)]


def draw_upscale_by_colour_count(rng, n):  # 3x3 holding 0 and 2-5 other colours, as in task289
    m = rng.randint(3, 6)
    cols = [0] + rng.sample(range(1, 10), m - 1)
    cells = [(i, j) for i in range(3) for j in range(3)]
    rng.shuffle(cells)
    g = [[0] * 3 for _ in range(3)]
    for k, (i, j) in enumerate(cells):
        g[i][j] = cols[k] if k < m else rng.choice(cols)
    return g


def drip_colours_down(g):  # each coloured cell paints itself and every cell below it, on 0
    out = [r[:] for r in g]
    for j in range(len(g[0])):
        colour = 0
        for i in range(len(g)):
            colour = g[i][j] or colour
            out[i][j] = colour
    return out


def draw_drip_colours_down(rng, n):  # 3x3 of 0, each column holding at most one colour
    g = [[0] * 3 for _ in range(3)]
    for j in range(3):
        if rng.random() < 0.7:
            g[rng.randint(0, 2)][j] = rng.randint(1, 9)
    return g


def fill_gaps_between_ones(g):  # in each row, the 0s between its first and last 1 turn 2
    out = [r[:] for r in g]
    for i, r in enumerate(g):
        ones = [j for j, v in enumerate(r) if v == 1]
        for j in range(ones[0] + 1, ones[-1]) if ones else ():
            if r[j] == 0:
                out[i][j] = 2
    return out


def draw_fill_gaps_between_ones(rng, n):  # 5-10 square of 0, rows (not touching) holding
    s = rng.randint(5, 10)  # a run of 2-5 1s one cell apart, as in task258
    g = [[0] * s for _ in range(s)]
    i = rng.randint(0, 1)
    while i < s:
        m = rng.randint(2, min(5, (s + 1) // 2))
        start = rng.randint(0, s - 1 - 2 * (m - 1))
        for t in range(m):
            g[i][start + 2 * t] = 1
        i += rng.randint(2, 3)
    return g


def cross_lines_meet_red(g):  # lines through the 8 and the 7 across the grid, 2 where they cross
    spots = {v: (i, j) for i, r in enumerate(g) for j, v in enumerate(r) if v}
    (a, b), (c, d) = spots[8], spots[7]
    out = [r[:] for r in g]
    for i, r in enumerate(g):
        for j, v in enumerate(r):
            eight, seven = i == a or j == b, i == c or j == d
            if v == 0 and (eight or seven):
                out[i][j] = 2 if eight and seven else 8 if eight else 7
    return out


def draw_cross_lines_meet_red(rng, n):  # 9x9 of 0, one 8 and one 7 in other rows and columns
    g = [[0] * 9 for _ in range(9)]
    rows, cols = rng.sample(range(9), 2), rng.sample(range(9), 2)
    g[rows[0]][cols[0]], g[rows[1]][cols[1]] = 8, 7
    return g


def object_crop_twice_wide(g):  # crop the one object's bounding box, set it twice side by side
    cells = [(i, j) for i, r in enumerate(g) for j, v in enumerate(r) if v]
    if not cells:
        raise ValueError("no object")
    top, bottom, left, right = box(cells)
    out = []
    for i in range(top, bottom + 1):
        row = [g[i][j] for j in range(left, right + 1)]
        out.append(row + row)
    return out


def draw_object_crop_twice_wide(rng, n):  # 8x8 of 0, one 8-connected shape of one colour, 3x3 box
    while True:
        m = [[rng.random() < 0.55 for _ in range(3)] for _ in range(3)]
        cells = {(i, j) for i in range(3) for j in range(3) if m[i][j]}
        if not cells or {i for i, _ in cells} != {0, 1, 2} or {j for _, j in cells} != {0, 1, 2}:
            continue
        if len(parts(m, bool, corners=True)) == 1:
            break
    c, top, left = rng.randint(1, 9), rng.randint(0, 5), rng.randint(0, 5)
    g = [[0] * 8 for _ in range(8)]
    for i, j in cells:
        g[top + i][left + j] = c
    return g


def blocks_to_cells_mirrored(g):  # one cell per block between the lines, mirrored left-right
    seps = [i for i, r in enumerate(g) if len(set(r)) == 1]
    if not seps:
        raise ValueError("no lines")
    size = seps[0]
    n = (len(g) + 1) // (size + 1)
    out = []
    for bi in range(n):
        row = []
        for bj in range(n):
            row.append(g[bi * (size + 1)][bj * (size + 1)])
        out.append(row[::-1])
    return out


def draw_blocks_to_cells_mirrored(rng, n):  # 3x3 or 4x4 blocks of side 2-5 between lines of c;
    m, side = rng.choice((3, 4)), rng.randint(2, 5)  # blocks 0 or one of 1-3 other colours
    c = rng.randint(1, 9)
    cols = rng.sample([x for x in range(1, 10) if x != c], rng.randint(1, 3))
    blocks = [[rng.choice(cols) if rng.random() < 0.5 else 0 for _ in range(m)] for _ in range(m)]
    k, size = side + 1, m * (side + 1) - 1
    return [
        [c if side in (i % k, j % k) else blocks[i // k][j // k] for j in range(size)]
        for i in range(size)
    ]


def fill_between_same_colour_in_row(g):  # join every two same-coloured cells on one line
    H, W = len(g), len(g[0])
    out = [list(r) for r in g]
    cells = [(i, j, v) for i in range(H) for j in range(W) if (v := g[i][j])]
    for a, b, v in cells:
        for c, d, w in cells:
            if v != w or (a, b) >= (c, d):
                continue
            di, dj = c - a, d - b
            if di and dj and abs(di) != abs(dj):
                continue
            steps = max(abs(di), abs(dj))
            for s in range(steps + 1):
                out[a + s * (di > 0) - s * (di < 0)][b + s * (dj > 0) - s * (dj < 0)] = v
    return out


def draw_fill_between_same_colour_in_row(rng, n):  # 10x10 of 0, 1-4 downward Vs (3-5 rows high)
    g = [[0] * 10 for _ in range(10)]  # with a 2-wide stem, each in its own colour, boxes apart
    boxes = []
    for c in rng.sample(range(1, 10), rng.randint(1, 4)):
        for _ in range(50):
            h = rng.randint(3, 5)
            w = 2 * h - 2
            top, left = rng.randint(0, 10 - h), rng.randint(0, 10 - w)
            box = (top, left, top + h - 1, left + w - 1)
            if all(box[2] < b[0] or b[2] < box[0] or box[3] < b[1] or b[3] < box[1] for b in boxes):
                boxes.append(box)
                for i in range(h - 1):
                    g[top + i][left + i] = g[top + i][left + w - 1 - i] = c
                g[top + h - 1][left + h - 2] = g[top + h - 1][left + h - 1] = c
                break
    return g


def ones_sink_into_base_row(g):  # each 1 leaves its place (0) and turns its column's bottom cell 1
    out = [list(r) for r in g]
    for i, r in enumerate(g):
        for j, v in enumerate(r):
            if v == 1:
                out[i][j] = 0
                out[-1][j] = 1
    return out


def draw_ones_sink_into_base_row(rng, n):  # 5x5: bottom row 5s, 1-3 columns with a 1 over a 5
    g = [[0] * 5 for _ in range(4)] + [[5] * 5]
    for j in rng.sample(range(5), rng.randint(1, 3)):
        g[2][j], g[3][j] = 1, 5
    return g


def fill_8_under_columns_tile_2x2(g):  # task388: 0s in a column holding colour -> 8; tile 2x2
    H, W = len(g), len(g[0])
    out = [list(r) for r in g]
    for j in range(W):
        if any(g[i][j] for i in range(H)):
            for i in range(H):
                if out[i][j] == 0:
                    out[i][j] = 8
    rows = [r + r for r in out]
    return rows + [list(r) for r in rows]


def draw_fill_8_under_columns_tile_2x2(rng, n):  # square 2-6 of 0, some cells in one colour
    s, c = rng.randint(2, 6), rng.choice([1, 2, 3, 4, 5, 6, 7, 9])
    p = rng.choice((0.1, 0.2, 0.3, 0.5))
    g = [[c if rng.random() < p else 0 for _ in range(s)] for _ in range(s)]
    g[rng.randrange(s)][rng.randrange(s)] = c
    return g


def mirror_of_zero_patch_3x3(g):  # task242: the 0-hole of a mirror-symmetric grid, read from
    # the left-right mirror or the up-down mirror, whichever has fewer 0s there
    H, W = len(g), len(g[0])
    cells = [(i, j) for i in range(H) for j in range(W) if g[i][j] == 0]
    if not cells:
        raise ValueError("no hole")
    i0, i1, j0, j1 = box(cells)
    best = None
    for src in ([r[::-1] for r in g], g[::-1]):
        part = [src[i][j0 : j1 + 1] for i in range(i0, i1 + 1)]
        zeros = sum(row.count(0) for row in part)
        if best is None or zeros < best[0]:
            best = (zeros, part)
    return best[1]


def draw_mirror_of_zero_patch_3x3(rng, n):  # 16x16, an 8x8 diagonal-symmetric quarter mirrored
    # both ways, colours 1-9; a 3x3 hole of 0 that never crosses the middle column
    cols = rng.sample(range(1, 10), rng.randint(2, 6))
    q = [[0] * 8 for _ in range(8)]
    for i in range(8):
        for j in range(i, 8):
            q[i][j] = q[j][i] = rng.choice(cols)
    top = [r + r[::-1] for r in q]
    g = [list(r) for r in top + top[::-1]]
    i0, j0 = rng.randint(0, 13), rng.choice((*range(6), *range(8, 14)))
    for i in range(i0, i0 + 3):
        for j in range(j0, j0 + 3):
            g[i][j] = 0
    return g


def colour_counts_ranked_below_top(g):  # task391: colours of the 1x2 blocks ranked by count,
    # most first, the commonest one left out: one colour a row
    counts = {}
    for r in g:
        for c in r:
            if c:
                counts[c] = counts.get(c, 0) + 1
    order = sorted(counts, key=lambda c: -counts[c])
    if len({counts[c] for c in order}) < len(order):
        raise ValueError("tied counts")
    return [[c] for c in order[1:]]


def draw_colour_counts_ranked_below_top(rng, n):  # 6-7 x 3-5 blocks of 1x2 between 0 lines,
    # one main colour and three others on 1-5 blocks each, all counts different
    bh, bw = rng.randint(6, 7), rng.randint(3, 5)
    main, *others = rng.sample(range(1, 10), 4)
    counts = rng.sample(range(1, 6), 3)
    blocks = [main] * (bh * bw)
    spots = rng.sample(range(bh * bw), sum(counts))
    k = 0
    for c, m in zip(others, counts, strict=True):
        for s in spots[k : k + m]:
            blocks[s] = c
        k += m
    g = [[0] * (3 * bw + 1) for _ in range(2 * bh + 1)]
    for s, c in enumerate(blocks):
        i, j = 2 * (s // bw) + 1, 3 * (s % bw) + 1
        g[i][j] = g[i][j + 1] = c
    return g


def count_grid_lines_canvas(g):  # task021: lines across the grid -> a canvas of the background,
    # (horizontal lines + 1) x (vertical lines + 1); background = commonest corner colour
    H, W = len(g), len(g[0])
    corners = [g[0][0], g[0][W - 1], g[H - 1][0], g[H - 1][W - 1]]
    b = max(corners, key=corners.count)
    nh = sum(1 for r in g if len(set(r)) == 1 and r[0] != b)
    nv = sum(1 for j in range(W) if len({r[j] for r in g}) == 1 and g[0][j] != b)
    return [[b] * (nv + 1) for _ in range(nh + 1)]


def _draw_line_spots(rng, size):  # 1 or more non-adjacent positions in 1..size-2
    opts, spots = list(range(1, size - 1)), []
    for _ in range(rng.randint(1, max(1, size // 3))):
        if not opts:
            break
        s = rng.choice(opts)
        spots.append(s)
        opts = [o for o in opts if abs(o - s) > 1]
    return spots


def draw_count_grid_lines_canvas(rng, n):  # 4-30 (at times up to 70) per side in one colour,
    # full rows and columns of one other colour, never at the edge nor side by side
    H, W = (rng.randint(4, 70) if rng.random() < 0.1 else rng.randint(4, 30) for _ in "HW")
    b, c = rng.sample(range(10), 2)
    g = [[b] * W for _ in range(H)]
    for i in _draw_line_spots(rng, H):
        g[i] = [c] * W
    for j in _draw_line_spots(rng, W):
        for r in g:
            r[j] = c
    return g


def c4_rotations_6x6(g):  # task194: the 3x3 grid and its 90/180/270 turns as the four quadrants
    n = len(g)
    out = [[0] * (2 * n) for _ in range(2 * n)]
    for i in range(n):
        for j in range(n):
            out[i][j] = g[i][j]  # top left: the grid
            out[i][n + j] = g[n - 1 - j][i]  # top right: a clockwise turn
            out[n + i][j] = g[j][n - 1 - i]  # bottom left: a counter-clockwise turn
            out[n + i][n + j] = g[n - 1 - i][n - 1 - j]  # bottom right: a half turn
    return out


def draw_c4_rotations_6x6(rng, n):  # 3x3 of 2-5 colours (0 among them or not)
    cols = rng.sample(range(10), rng.randint(2, 5))
    return [[rng.choice(cols) for _ in range(3)] for _ in range(3)]


def zero_lines_to_red(g):  # task303: every row or column that is all 0 becomes 2
    H, W = len(g), len(g[0])
    rows = [all(g[i][j] == 0 for j in range(W)) for i in range(H)]
    cols = [all(g[i][j] == 0 for i in range(H)) for j in range(W)]
    out = [row[:] for row in g]
    for i in range(H):
        for j in range(W):
            if rows[i] or cols[j]:
                out[i][j] = 2
    return out


def draw_zero_lines_to_red(rng, n):  # 4-30 x 4-30 of one colour (not 0, 2), 0 lines and 0 noise
    H, W = rng.randint(4, 30), rng.randint(4, 30)
    c = rng.choice((1, 3, 4, 5, 6, 7, 8, 9))
    g = [[c] * W for _ in range(H)]
    for i in rng.sample(range(H), rng.randint(1, max(1, H // 4))):
        g[i] = [0] * W
    for j in rng.sample(range(W), rng.randint(1, max(1, W // 4))):
        for i in range(H):
            g[i][j] = 0
    cells = [(i, j) for i in range(H) for j in range(W) if g[i][j]]
    k = rng.randint(0, max(0, len(cells) - H * W // 2 - 1))
    for i, j in rng.sample(cells, k):
        g[i][j] = 0
    return g


def c4_object_top_left_quadrant(g):  # task039: crop the nonzero object, keep its top-left quarter
    rows = [i for i in range(len(g)) if any(g[i])]
    cols = [j for j in range(len(g[0])) if any(r[j] for r in g)]
    if not rows:
        raise ValueError("no object")
    box = [r[cols[0] : cols[-1] + 1] for r in g[rows[0] : rows[-1] + 1]]
    h, w = len(box) // 2, len(box[0]) // 2
    return [r[:w] for r in box[:h]]


def draw_c4_object_top_left_quadrant(rng, n):  # 10x10 of 0, a 6x6 object of 4 turned 3x3 quarters
    cols = rng.sample(range(1, 10), rng.randint(2, 5))
    q = [[0] * 3 for _ in range(3)]
    for i, j in ((1, 1), (1, 2), (2, 1), (2, 2)):  # the 4x4 core, always full
        q[i][j] = rng.choice(cols)
    ring = rng.choice(((0, 0), (0, 2), (2, 0), (0, 0, 0, 2), (0, 0, 2, 0), (0, 2, 2, 0)))
    for k in range(0, len(ring), 2):  # one or two of the three outer corner cells, as in the task
        q[ring[k]][ring[k + 1]] = rng.choice(cols)
    top = [q[i] + [q[2 - j][i] for j in range(3)] for i in range(3)]
    box = top + [r[::-1] for r in top[::-1]]
    g = [[0] * 10 for _ in range(10)]
    i0, j0 = rng.randint(1, 3), rng.randint(1, 3)
    for i in range(6):
        for j in range(6):
            g[i0 + i][j0 + j] = box[i][j]
    return g


def x_diagonals_zeroed(g):  # task375: both diagonals through the 0 at the centre become 0
    n = len(g)
    m = n // 2
    if len(g[0]) != n or n % 2 == 0 or g[m][m] != 0:
        raise ValueError("not an odd square with its 0 at the centre")
    out = [row[:] for row in g]
    for k in range(-m, m + 1):
        out[m + k][m + k] = 0
        out[m + k][m - k] = 0
    return out


def draw_x_diagonals_zeroed(rng, n):  # odd 3-15 square of one colour (not 0), 0 at its centre
    size = rng.choice((3, 5, 7, 9, 11, 13, 15))
    c = rng.randint(1, 9)
    g = [[c] * size for _ in range(size)]
    g[size // 2][size // 2] = 0
    return g


def colours_by_size_column(g):  # task393: the colours of the shapes, biggest shape first, 1 wide
    bg, groups = ground_and_parts(g)
    sizes = sorted(((len(cells), g[cells[0][0]][cells[0][1]]) for cells in groups), reverse=True)
    return [[colour] for _, colour in sizes]


def draw_colours_by_size_column(rng, n):
    # 12x12 of 0 with 3 shapes of 3 to 14 cells, each its own colour and size, apart (corners too)
    g = [[0] * 12 for _ in range(12)]
    colours, sizes = rng.sample(range(1, 10), 3), rng.sample(range(3, 15), 3)
    for colour, size in zip(colours, sizes, strict=True):
        side = 4 if size < 9 else 5
        cells = {(rng.randrange(side), rng.randrange(side))}
        while len(cells) < size:
            a, b = rng.choice(sorted(cells))
            da, db = rng.choice(((0, 1), (1, 0), (0, -1), (-1, 0)))
            if 0 <= a + da < side and 0 <= b + db < side:
                cells.add((a + da, b + db))
        for _ in range(200):
            y, x = rng.randint(0, 12 - side), rng.randint(0, 12 - side)
            near = [
                g[y + a + u][x + b + v]
                for a, b in cells
                for u in (-1, 0, 1)
                for v in (-1, 0, 1)
                if 0 <= y + a + u < 12 and 0 <= x + b + v < 12
            ]
            if not any(near):
                break
        else:
            return draw_colours_by_size_column(rng, n)
        for a, b in cells:
            g[y + a][x + b] = colour
    return g


def fill_box_of_shape_red(g):  # task166: the 0s in the box around the 8-shape become 2
    cells = [(i, j) for i, r in enumerate(g) for j, v in enumerate(r) if v]
    top, bottom, left, right = box(cells)
    out = [r[:] for r in g]
    for i in range(top, bottom + 1):
        for j in range(left, right + 1):
            if out[i][j] == 0:
                out[i][j] = 2
    return out


def draw_fill_box_of_shape_red(rng, n):
    # one side-connected shape of 8 on 0, a full bar on one side of its box and cells hanging
    # from it, at least 1 cell from the edge; the grid 7 to 14 each way, as in task166
    h, w = rng.randint(3, 9), rng.randint(3, 9)
    keep = rng.choice((0.4, 0.6, 0.8))
    shape = {(i, j) for i in range(h) for j in range(w) if i == 0 or rng.random() < keep}
    grid = [[(i, j) in shape for j in range(w)] for i in range(h)]
    # what hangs from row 0 (all of row 0 is in the shape, so its part holds (0, 0))
    seen = {c for part in parts(grid, bool) if (0, 0) in part for c in part}
    for _ in range(rng.randrange(4)):  # the bar on another side
        seen = {(b, h - 1 - a) for a, b in seen}
        h, w = w, h
    H, W = rng.randint(max(7, h + 2), 14), rng.randint(max(7, w + 2), 14)
    y, x = rng.randint(1, H - 1 - h), rng.randint(1, W - 1 - w)
    g = [[0] * W for _ in range(H)]
    for a, b in seen:
        g[y + a][x + b] = 8
    return g


def diagonal_odd_columns_yellow(g):  # task252: every 2nd cell of each diagonal line becomes 4
    out = [r[:] for r in g]
    H, W = len(g), len(g[0])
    starts = [(i, j) for i in range(H) for j in range(W) if g[i][j] and (i == 0 or j == 0)]
    for i, j in starts:
        k = 1
        while i + k < H and j + k < W:
            out[i + k][j + k] = 4
            k += 2
    return out


def draw_diagonal_odd_columns_yellow(rng, n):
    # an s x s grid (3 to 15) of 0 with 1 to s//3 lines of one colour (not 4) running down-right
    # from the top row (at even columns) or from the left column, no two side by side (task252)
    s = rng.randint(3, 15)
    g = [[0] * s for _ in range(s)]
    offs = list(range(0, s - 1, 2)) + [-i for i in range(1, s - 1)]
    chosen = []
    for _ in range(rng.randint(1, max(1, s // 3))):
        free = [d for d in offs if all(abs(d - e) > 1 for e in chosen)]
        if free:
            chosen.append(rng.choice(free))
    colour = rng.choice((1, 2, 3, 5, 6, 7, 8, 9))
    for d in chosen:
        i, j = max(0, -d), max(0, d)
        while i < s and j < s:
            g[i][j] = colour
            i, j = i + 1, j + 1
    return g


def shift_down_recolour_red(g):  # task261: the 8s move one row down and become 2
    H, W = len(g), len(g[0])
    out = [[0] * W for _ in range(H)]
    for i in range(H - 1):
        for j in range(W):
            if g[i][j]:
                out[i + 1][j] = 2
    return out


def draw_shift_down_recolour_red(rng, n):
    # an s x s grid (3 to 7) of 0 with a few 8s, never in the last row, as in task261
    s = rng.randint(3, 7)
    g = [[0] * s for _ in range(s)]
    a, b = rng.randrange(s - 1), rng.randrange(s)
    cells = {(a, b)}
    for _ in range(rng.randint(0, 2 * s)):
        a, b = rng.choice(sorted(cells))
        u, v = rng.choice(((0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (-1, 1)))
        if 0 <= a + u < s - 1 and 0 <= b + v < s:
            cells.add((a + u, b + v))
    for a, b in cells:
        g[a][b] = 8
    return g


def odd_quadrant_2x2(g):  # task207: of the four 2x2 corner blocks of a 5x5, the one unlike the rest
    quads = []
    for top in (0, 3):
        for left in (0, 3):
            quads.append([[g[top + y][left + x] for x in range(2)] for y in range(2)])
    for q in quads:
        same = 0
        for other in quads:
            if other == q:
                same += 1
        if same == 1:
            return q
    if all(q == quads[0] for q in quads):
        return quads[0]
    raise ValueError("no odd block")


def draw_odd_quadrant_2x2(rng, n):  # 5x5 of 0, one colour; three equal 2x2 corners, one changed
    c = rng.randint(1, 9)
    base = [[rng.choice((0, c)) for _ in range(2)] for _ in range(2)]
    odd = [row[:] for row in base]
    y, x = rng.randrange(2), rng.randrange(2)
    odd[y][x] = c - odd[y][x]
    k = rng.randrange(4)
    g = [[0] * 5 for _ in range(5)]
    for q, (top, left) in enumerate(((0, 0), (0, 3), (3, 0), (3, 3))):
        src = odd if q == k else base
        for dy in range(2):
            for dx in range(2):
                g[top + dy][left + dx] = src[dy][dx]
    return g


def colour_count_line_3x3(g):  # task167: 1 colour -> top row of 5s, 2 -> main diagonal, 3 -> anti
    colours = set()
    for row in g:
        for v in row:
            colours.add(v)
    out = [[0] * 3 for _ in range(3)]
    for y in range(3):
        for x in range(3):
            if len(colours) == 1 and y == 0:
                out[y][x] = 5
            elif len(colours) == 2 and x == y:
                out[y][x] = 5
            elif len(colours) == 3 and x + y == 2:
                out[y][x] = 5
    if len(colours) > 3:
        raise ValueError("more than three colours")
    return out


def draw_colour_count_line_3x3(rng, n):  # 3x3 in 1-3 of the colours 2, 3, 4 (each used)
    k = rng.choice((1, 2, 2, 3, 3))
    cols = rng.sample((2, 3, 4), k)
    while True:
        g = [[rng.choice(cols) for _ in range(3)] for _ in range(3)]
        if len({v for row in g for v in row}) == k:
            return g


def fill_empty_interior_lines(g):  # task063: inside the frame, a row or column with no colour
    h, w = len(g), len(g[0])  # (only 0s between the border cells) is filled with 3
    out = [row[:] for row in g]
    for y in range(1, h - 1):
        if all(g[y][x] == 0 for x in range(1, w - 1)):
            for x in range(1, w - 1):
                out[y][x] = 3
    for x in range(1, w - 1):
        if all(g[y][x] == 0 for y in range(1, h - 1)):
            for y in range(1, h - 1):
                out[y][x] = 3
    return out


def draw_fill_empty_interior_lines(rng, n):  # 10, 12 or 14 square; each side a 2 or 8 border
    s = rng.choice((10, 12, 14))  # with a few bumps 1-3 deep growing in from it; 0 inside
    g = [[0] * s for _ in range(s)]
    sides = [rng.choice((2, 8)) for _ in range(4)]
    for i in range(s):
        g[0][i], g[s - 1][i], g[i][0], g[i][s - 1] = sides
    for side, c in enumerate(sides):
        for i in range(1, s - 1):
            if rng.random() < 0.3:
                for d in range(1, rng.randint(1, 3) + 1):
                    y, x = ((d, i), (s - 1 - d, i), (i, d), (i, s - 1 - d))[side]
                    g[y][x] = c
    return g


def staircase_from_row(g):  # task295: a 1xW row of k cells of c then 0s -> W/2 rows, row t has
    row = g[0]  # k+t cells of c
    w, c = len(row), row[0]
    k = 0
    while k < w and row[k] == c:
        k += 1
    out = []
    for t in range(w // 2):
        out.append([c if x < k + t else 0 for x in range(w)])
    return out


def draw_staircase_from_row(rng, n):  # even width 6-18, k = 1 .. W/2+1 cells of colour 1-9
    w = rng.choice((6, 8, 10, 12, 14, 16, 18))
    k = rng.randint(1, w // 2 + 1)
    return [[rng.randint(1, 9)] * k + [0] * (w - k)]


def checker_two_rows(g):  # task373: the odd columns are turned upside down (2 one-colour rows
    h, w = len(g), len(g[0])  # -> a checkerboard of their two colours)
    out = [row[:] for row in g]
    for x in range(1, w, 2):
        for y in range(h):
            out[y][x] = g[h - 1 - y][x]
    return out


def draw_checker_two_rows(rng, n):  # 2x6: two rows, each one colour of 1-9, the two differing
    a, b = rng.sample(range(1, 10), 2)
    return [[a] * 6, [b] * 6]


def nested_rects_dedupe(g):  # task377: nested rectangles, each inside the last -> the square of
    rows = []  # rings of their colours, one cell thick (runs of equal rows and columns kept once)
    for row in g:
        if not rows or rows[-1] != row:
            rows.append(row)
    cols = []
    for x in range(len(rows[0])):
        col = [row[x] for row in rows]
        if not cols or cols[-1] != col:
            cols.append(col)
    out = [[cols[x][y] for x in range(len(cols))] for y in range(len(rows))]
    if len(out) != len(out[0]) or any(out[y] != out[~y] for y in range(len(out))):
        raise ValueError("not nested rings")
    return out


def draw_nested_rects_dedupe(rng, n):  # 20-30 square-ish; 2-5 colours of 1-9 (neighbours
    d = rng.randint(2, 5)  # differ, far ones may repeat), each a rectangle inside the last with
    cols = [rng.randint(1, 9)]  # at least a cell of the outer one on every side
    while len(cols) < d:
        c = rng.randint(1, 9)
        if c != cols[-1]:
            cols.append(c)
    h, w = rng.randint(20, 30), rng.randint(20, 30)
    ys = sorted(rng.sample(range(1, h), 2 * d - 2))
    xs = sorted(rng.sample(range(1, w), 2 * d - 2))
    g = [[cols[0]] * w for _ in range(h)]
    for j in range(1, d):
        for y in range(ys[j - 1], ys[-j]):
            for x in range(xs[j - 1], xs[-j]):
                g[y][x] = cols[j]
    return g


def upscale_3x(g):  # task223: every cell becomes a 3x3 block of its colour
    out = []
    for row in g:
        big = []
        for v in row:
            big += [v, v, v]
        for _ in range(3):
            out.append(big[:])
    return out


def draw_upscale_3x(rng, n):  # 3x3: 0 and 1-3 colours of 1-9, about half the cells 0
    cols = rng.sample(range(1, 10), rng.randint(1, 3))
    return [[rng.choice(cols) if rng.random() < 0.5 else 0 for _ in range(3)] for _ in range(3)]


def mirror_top_stripes_down(g):  # task113: the commonest colour is the ground; the half that
    h, w = len(g), len(g[0])  # is all ground is mirrored onto (top/bottom halves, else
    bg = Counter(v for r in g for v in r).most_common(1)[0][0]  # left/right) from the other one
    top = {v for r in g[: h // 2] for v in r}
    bottom = {v for r in g[h - h // 2 :] for v in r}
    flip_rows = len(top) == 1 or len(bottom) == 1
    out = [row[:] for row in g]
    for y in range(h):
        for x in range(w):
            v = g[h - 1 - y][x] if flip_rows else g[y][w - 1 - x]
            if v != bg:
                out[y][x] = v
    return out


def draw_mirror_top_stripes_down(rng, n):  # 10 rows, 2-10 wide: the top 2-4 rows each one
    w = rng.randint(2, 10)  # colour of 1-9 (neighbours may match), the rest 0
    k = rng.randint(2, 4)
    return [[rng.randint(1, 9)] * w for _ in range(k)] + [[0] * w for _ in range(10 - k)]


def stripe_colours_deduped(g):  # the stripes' colours left to right (top to bottom), one row (col)
    down = len(set(g[0])) == 1  # one colour along the first row: the stripes run across
    line = [row[0] for row in g] if down else list(g[0])
    out = []
    for c in line:
        if not out or out[-1] != c:
            out.append(c)
    return [[c] for c in out] if down else [out]


def draw_stripe_colours_deduped(rng, n):  # 3-5 stripes 1-3 wide, 1-5 long, colours 1-9
    cols = []
    for _ in range(rng.randint(3, 5)):
        c = rng.randint(1, 9)
        while cols and c == cols[-1][0]:
            c = rng.randint(1, 9)
        cols.append((c, rng.randint(1, 3)))
    row = [c for c, k in cols for _ in range(k)]
    g = [row[:] for _ in range(rng.randint(1, 5))]
    return [list(r) for r in zip(*g, strict=True)] if rng.random() < 0.5 else g


def both_halves_empty_to_two(g):  # 6x3: top half 0/9 over bottom half 0/1; 2 where both are 0
    out = [[0] * 3 for _ in range(3)]
    for i in range(3):
        for j in range(3):
            if g[i][j] == 0 and g[i + 3][j] == 0:
                out[i][j] = 2
    return out


def draw_both_halves_empty_to_two(rng, n):  # each cell set with chance 0.3-0.7
    p = rng.uniform(0.3, 0.7)
    top = [[9 if rng.random() < p else 0 for _ in range(3)] for _ in range(3)]
    return top + [[1 if rng.random() < p else 0 for _ in range(3)] for _ in range(3)]


def keep_middle_column(g):  # odd square; every cell off the middle column turns 0 (background)
    w = len(g[0])
    return [[row[j] if j == w // 2 else 0 for j in range(w)] for row in g]


def draw_keep_middle_column(rng, n):  # side 3, 5, 7 or 9; cells coloured 1-9 with chance .2-.8
    s = rng.choice((3, 5, 7, 9))
    p = rng.uniform(0.2, 0.8)
    return [[rng.randint(1, 9) if rng.random() < p else 0 for _ in range(s)] for _ in range(s)]


def every_third_four_to_six(g):  # 3 rows of 4 and 0: a 4 in a column 0, 3, 6, .. turns 6
    out = [row[:] for row in g]
    for row in out:
        for j in range(0, len(row), 3):
            if row[j] == 4:
                row[j] = 6
    return out


def draw_every_third_four_to_six(rng, n):  # width 10-20: 4 0 4 0 .. / all 4 / 0 4 0 4 ..
    w = rng.randint(10, 20)
    a = rng.randint(0, 1)
    return [
        [4 * ((j + a) % 2) for j in range(w)],
        [4] * w,
        [4 * ((j + a + 1) % 2) for j in range(w)],
    ]


def dedupe_colour_blocks(g):  # task218: drop 0 rows/columns, keep one of each distinct row/column
    rows = [list(r) for r in g if any(v != 0 for v in r)]
    kept = []
    for r in rows:
        if r not in kept:
            kept.append(r)
    cols = []
    for j in range(len(kept[0])):
        col = [r[j] for r in kept]
        if any(v != 0 for v in col) and col not in cols:
            cols.append(col)
    return [[col[i] for col in cols] for i in range(len(kept))]


def draw_dedupe_colour_blocks(rng, n):  # 21x21 of 0, a 2-3 x 2-3 grid of solid colour blocks
    h, w = rng.randint(2, 3), rng.randint(2, 3)
    while True:
        small = [[rng.randint(1, 9) for _ in range(w)] for _ in range(h)]
        cols = [tuple(r[j] for r in small) for j in range(w)]
        if len({tuple(r) for r in small}) == h and len(set(cols)) == w:
            break
    hs = [rng.randint(2, 8) for _ in range(h)]
    ws = [rng.randint(2, 8) for _ in range(w)]
    while sum(hs) > 21:
        hs = [rng.randint(2, 7) for _ in range(h)]
    while sum(ws) > 21:
        ws = [rng.randint(2, 7) for _ in range(w)]
    top, left = rng.randint(0, 21 - sum(hs)), rng.randint(0, 21 - sum(ws))
    g = [[0] * 21 for _ in range(21)]
    y = top
    for a, hh in enumerate(hs):
        for _ in range(hh):
            x = left
            for b, ww in enumerate(ws):
                for _ in range(ww):
                    g[y][x] = small[a][b]
                    x += 1
            y += 1
    return g


def bars_rise_by_height(g):  # task128: each bar standing on the bottom moves up by its height
    n, w = len(g), len(g[0])
    out = [[0] * w for _ in range(n)]
    for j in range(w):
        height = sum(1 for i in range(n) if g[i][j] != 0)
        for i in range(n):
            if g[i][j] != 0:
                out[i - height][j] = g[i][j]
    return out


def draw_bars_rise_by_height(rng, n):  # 15x15 of 0; bars of 1, 2, 4, 1-5 wide, 1-7 high
    while True:
        widths = [rng.randint(1, 5) for _ in range(3)]
        gaps = [rng.randint(0, 3)] + [rng.randint(1, 3) for _ in range(2)]
        if sum(widths) + sum(gaps) <= 15:
            break
    colours = [1, 2, 4]
    rng.shuffle(colours)
    g = [[0] * 15 for _ in range(15)]
    x = 0
    for c, wd, gap in zip(colours, widths, gaps, strict=True):
        x += gap
        height = rng.randint(1, 7)
        for j in range(x, x + wd):
            for i in range(15 - height, 15):
                g[i][j] = c
        x += wd
    return g


def union_of_halves_green(g):  # task318: 3 where the 1s (above the 4 row) or 2s (below) are
    out = []
    for i in range(4):
        out.append([3 if g[i][j] != 0 or g[i + 5][j] != 0 else 0 for j in range(4)])
    return out


def draw_union_of_halves_green(rng, n):  # 4x4 of 0/1, a row of 4, 4x4 of 0/2
    top = [[rng.choice((0, 1)) for _ in range(4)] for _ in range(4)]
    bottom = [[rng.choice((0, 2)) for _ in range(4)] for _ in range(4)]
    return top + [[4] * 4] + bottom


def sort_bars_staircase(g):  # task301: bars sorted by length (longest lowest) above the 8s, right
    floor = g[-1]  # aligned
    w = len(floor)
    bars = []
    for r in g[:-1]:
        cells = [v for v in r if v != 0]
        if cells:
            bars.append(cells)
    bars.sort(key=len)
    empty = len(g) - 1 - len(bars)
    out = [[0] * w for _ in range(empty)]
    for cells in bars:
        out.append([0] * (w - len(cells)) + cells)
    return out + [list(floor)]


def draw_sort_bars_staircase(rng, n):  # W 3-9, H W..W+3; bars of lengths 1..W-1 shuffled, 8 floor
    w = rng.randint(3, 9)
    h = rng.randint(w, w + 3)
    colours = rng.sample([1, 2, 3, 4, 5, 6, 7, 9], w - 1)
    rows = [[0] * w for _ in range(h - w)]
    for length, c in zip(range(1, w), colours, strict=True):
        x = rng.randint(0, w - length)
        rows.append([0] * x + [c] * length + [0] * (w - x - length))
    rng.shuffle(rows)
    return rows + [[8] * w]


def mirror_symmetric_1_else_7(g):  # task103: [[1]] if the grid is left-right or top-bottom
    flipped_lr = [list(reversed(r)) for r in g]  # symmetric, else [[7]]
    flipped_tb = [list(r) for r in reversed(g)]
    return [[1]] if g in (flipped_lr, flipped_tb) else [[7]]


def draw_mirror_symmetric_1_else_7(rng, n):  # 3x3 of 0 and 2
    # half symmetric both ways, half neither way: as in every example of task103 (no example is
    # symmetric one way only)
    while True:
        g = [[rng.choice((0, 2)) for _ in range(3)] for _ in range(3)]
        if rng.random() < 0.5:
            g = [[a, b, a] for a, b, _ in g]
            g[2] = list(g[0])
            return g
        if g not in (g[::-1], [r[::-1] for r in g]):
            return g


def edge_marks_cross(g):  # a 2 where a row-0 mark's column meets a last-column mark's row
    H, W = len(g), len(g[0])
    o = [r[:] for r in g]
    cols = [j for j in range(W - 1) if g[0][j]]
    rows = [i for i in range(1, H) if g[i][W - 1]]
    for i in rows:
        for j in cols:
            o[i][j] = 2
    return o


# 10x10 of 0, grey marks on row 0 (not the corner) and on the last column (not row 0)
def draw_edge_marks_cross(rng, n):
    g = [[0] * 10 for _ in range(10)]
    for j in rng.sample(range(9), rng.randint(1, 8)):
        g[0][j] = 5
    for i in rng.sample(range(1, 10), rng.randint(1, 9)):
        g[i][9] = 5
    return g


def overlay_three_panels(g):  # stack the three 4x4 panels (cut by the 2 columns): 4 over 9 over 1
    o = []
    for r in g:
        row = []
        for j in range(4):
            v = 0
            for k in (10, 5, 0):  # the later panel is painted first, the first one last
                if r[j + k]:
                    v = r[j + k]
            row.append(v)
        o.append(row)
    return o


# 4x14: panels of 4/0, 9/0 and 1/0 between two columns of 2
def draw_overlay_three_panels(rng, n):
    g = []
    for _ in range(4):
        row = []
        for c in (4, 9, 1):
            row += [c if rng.random() < 0.5 else 0 for _ in range(4)] + [2]
        g.append(row[:-1])
    return g


def self_tile_at_twos(g):  # 9x9: a copy of the 3x3 input in each block whose input cell is 2
    o = [[0] * 9 for _ in range(9)]
    for a in range(3):
        for b in range(3):
            if g[a][b] == 2:
                for i in range(3):
                    for j in range(3):
                        o[3 * a + i][3 * b + j] = g[i][j]
    return o


# a 3x3 of 0, 1 and 2
def draw_self_tile_at_twos(rng, n):
    return [[rng.choice((0, 1, 2)) for _ in range(3)] for _ in range(3)]


def count_ones_as_twos(g):  # one 2 per 1 of the input, filled at (0,0), (0,1), (0,2) then (1,1)
    k = sum(v == 1 for r in g for v in r)
    if not 1 <= k <= 4:
        raise ValueError(k)
    o = [[0] * 3 for _ in range(3)]
    for i, j in [(0, 0), (0, 1), (0, 2), (1, 1)][:k]:
        o[i][j] = 2
    return o


# a 3x3 of 0 with 1 to 4 cells of 1
def draw_count_ones_as_twos(rng, n):
    g = [[0] * 3 for _ in range(3)]
    for c in rng.sample(range(9), rng.randint(1, 4)):
        g[c // 3][c % 3] = 1
    return g


def columns_pull_up(g):  # in each column the 2s at the bottom rise to sit under the lowest 1
    H = len(g)
    o = [r[:] for r in g]
    for j in range(len(g[0])):
        col = [g[i][j] for i in range(H)]
        twos = col.count(2)
        top = max([i + 1 for i in range(H) if col[i] == 1], default=0)
        for i in range(top, H):
            o[i][j] = 2 if i < top + twos else 0
    return o


# 10x10: a block of 1 hanging from row 0 with ragged bottom, columns of 2 rising from row 9
def draw_columns_pull_up(rng, n):
    g = [[0] * 10 for _ in range(10)]
    w = rng.randint(4, 9)
    j0 = rng.randint(0, 10 - w)
    base = rng.randint(1, 4)
    tops = {}
    for j in range(j0, j0 + w):
        h = max(1, min(6, base + rng.choice((-1, 0, 0, 1, 2))))
        tops[j] = h
        for i in range(h):
            g[i][j] = 1
    for j in rng.sample(sorted(tops), rng.randint(1, min(7, w))):
        k = rng.randint(1, 9 - tops[j])
        for i in range(10 - k, 10):
            g[i][j] = 2
    return g


def xor_halves_green(g):  # task072: 6x5 halves over and under a row of 4s: 3 where one is 2
    top, bottom = g[:6], g[7:]
    out = []
    for i in range(6):
        row = []
        for j in range(len(g[0])):
            row.append(3 if (top[i][j] != 0) != (bottom[i][j] != 0) else 0)
        out.append(row)
    return out


def draw_xor_halves_green(rng, n):  # 13x5: two random 6x5 halves of 0/2 split by a row of 4s
    def half():
        return [[rng.choice((0, 2)) for _ in range(5)] for _ in range(6)]

    return half() + [[4] * 5] + half()


def mirror_bottom_half_up(g):  # task385: 10x4, bars rising from the bottom in the lower half:
    h = len(g)  # their mirror image is painted into the empty upper half
    out = [r[:] for r in g]
    for i in range(h):
        for j in range(len(g[0])):
            if g[i][j] != 0:
                out[h - 1 - i][j] = g[i][j]
    return out


def draw_mirror_bottom_half_up(rng, n):  # 10x4, each column a bar of 0-5 cells of one colour 1-9
    g = [[0] * 4 for _ in range(10)]
    colours = rng.sample(range(1, 10), 4)
    for j in range(4):
        for i in range(10 - rng.randint(0, 5), 10):
            g[i][j] = colours[j]
    return g


def swap_five_eight(g):  # task337: every 5 becomes 8 and every 8 becomes 5
    out = []
    for r in g:
        out.append([{5: 8, 8: 5}.get(v, v) for v in r])
    return out


def draw_swap_five_eight(rng, n):  # n x n of colours 1-9, about half of the cells 5s and 8s
    return [[rng.choice((5, 8, rng.randint(1, 9))) for _ in range(n)] for _ in range(n)]


def top_row_colour_bars(g):  # task297: keep rows 0-1; below, full rows in row 0's colours,
    w = len(g[0])  # cycled
    out = [g[0][:], g[1][:]]
    for i in range(len(g) - 2):
        out.append([g[0][i % w]] * w)
    return out


def draw_top_row_colour_bars(rng, n):  # width 2-6, row 0 distinct colours (not 0/5), row 1 all 5
    w = rng.randint(2, 6)
    return [rng.sample([1, 2, 3, 4, 6, 7, 8, 9], w), [5] * w] + [[0] * w for _ in range(2 * w)]


BLOCK_CODES = {  # task235: the 4x4 blocks of 5s (0 = hole) and their colours
    ("5555", "5555", "5555", "5555"): 2,
    ("5555", "5005", "5005", "5555"): 8,
    ("5555", "0550", "0550", "5555"): 3,
    ("5555", "5555", "5005", "5005"): 4,
}


def block_pattern_colour_code(g):  # task235: three 4x4 blocks, each one of 4 hole patterns -> a
    out = []  # colour; output row k = 3 cells of block k's colour
    for k in range(3):
        key = tuple("".join(str(v) for v in r[5 * k : 5 * k + 4]) for r in g)
        if key not in BLOCK_CODES:
            raise ValueError("unknown block")
        out.append([BLOCK_CODES[key]] * 3)
    return out


def draw_block_pattern_colour_code(rng, n):  # 4x14: three blocks (any of the 4, repeats allowed)
    g = [[] for _ in range(4)]
    for k in range(3):
        block = rng.choice(sorted(BLOCK_CODES))
        for i in range(4):
            g[i] += [int(ch) for ch in block[i]] + ([0] if k < 2 else [])
    return g


def stacked_halves_nor_2(g):  # task227: 8x4 = a 3-half over a 1-half; 2 where both halves are 0
    out = []
    for i in range(4):
        row = []
        for j in range(len(g[0])):
            row.append(2 if g[i][j] == 0 and g[i + 4][j] == 0 else 0)
        out.append(row)
    return out


def draw_stacked_halves_nor_2(rng, n):  # top 4x4 of 3/0, bottom 4x4 of 1/0, about half filled
    p, q = rng.uniform(0.2, 0.8), rng.uniform(0.2, 0.8)
    top = [[3 * (rng.random() < p) for _ in range(4)] for _ in range(4)]
    return top + [[1 * (rng.random() < q) for _ in range(4)] for _ in range(4)]


def crop_lone_shape(g):  # task031: the box around the one shape of non-0 cells
    cells = [(i, j) for i, r in enumerate(g) for j, v in enumerate(r) if v]
    if not cells:
        raise ValueError("no shape")
    top, bottom, left, right = box(cells)
    return [g[i][left : right + 1] for i in range(top, bottom + 1)]


def draw_crop_lone_shape(rng, n):  # 10-12 x 12, one 4-connected shape of 8-12 cells in colour 1-9,
    H, W = rng.randint(10, 12), 12  # inside a box of at most 7x8 that keeps off the edges
    hb, wb = rng.randint(3, 7), rng.randint(3, 8)
    cells = {(rng.randrange(hb), rng.randrange(wb))}
    size = rng.randint(8, min(12, hb * wb))
    while len(cells) < size:
        a, b = rng.choice(sorted(cells))
        u, v = rng.choice(((0, 1), (1, 0), (0, -1), (-1, 0)))
        if 0 <= a + u < hb and 0 <= b + v < wb:
            cells.add((a + u, b + v))
    top, _, left, _ = box(cells)
    di, dj = rng.randint(1, H - hb - 1) - top, rng.randint(1, W - wb - 1) - left
    c = rng.randint(1, 9)
    g = [[0] * W for _ in range(H)]
    for a, b in cells:
        g[a + di][b + dj] = c
    return g


def bar_split_halves_overlay(g):  # task372: 5 rows, a bar of 5s, 5 rows; lay the lower half's
    out = [r[:] for r in g[:5]]  # cells over the upper half where the upper is 0
    for i in range(5):
        for j in range(len(g[0])):
            if out[i][j] == 0:
                out[i][j] = g[i + 6][j]
    return out


def draw_bar_split_halves_overlay(rng, n):  # 11x11; two colours (not 0/5) on disjoint cells
    a, b = rng.sample([1, 2, 3, 4, 6, 7, 8, 9], 2)
    cells = rng.sample([(i, j) for i in range(5) for j in range(11)], rng.randint(3, 22))
    k = rng.randint(1, len(cells) - 1)
    top = [[0] * 11 for _ in range(5)]
    bottom = [[0] * 11 for _ in range(5)]
    for i, j in cells[:k]:
        top[i][j] = a
    for i, j in cells[k:]:
        bottom[i][j] = b
    return top + [[5] * 11] + bottom


def odd_cells_upscale4(g):  # the cells at odd rows and columns (counted from the end), each 4x4
    rows = range((len(g) - 1) % 2, len(g), 2)
    cols = range((len(g[0]) - 1) % 2, len(g[0]), 2)
    out = []
    for i in rows:
        big = []
        for j in cols:
            big += [g[i][j]] * 4
        for _ in range(4):
            out.append(big[:])
    return out


def draw_odd_cells_upscale4(rng, n):  # 10x10 of 0, 5 or 6 coloured cells at odd rows and columns
    g = [[0] * 10 for _ in range(10)]
    for k in rng.sample(range(25), rng.randint(5, 6)):
        g[k // 5 * 2 + 1][k % 5 * 2 + 1] = rng.randint(1, 9)
    return g


def halves_xor_three(g):  # 3 where exactly one of the halves (1s above the 4s, 2s below) is set
    if any(v != 4 for v in g[4]):
        raise ValueError("no line of 4s")
    out = []
    for i in range(4):
        row = []
        for j in range(len(g[0])):
            row.append(3 if (g[i][j] != 0) != (g[i + 5][j] != 0) else 0)
        out.append(row)
    return out


def draw_halves_xor_three(rng, n):  # 4x4 of 1/0, a row of 4s, 4x4 of 2/0
    top = [[rng.choice((0, 1)) for _ in range(4)] for _ in range(4)]
    bottom = [[rng.choice((0, 2)) for _ in range(4)] for _ in range(4)]
    return top + [[4] * 4] + bottom


def halves_nor_three(g):  # 3 where neither half (7s above the 4s, 2s below) is set
    if any(v != 4 for v in g[4]):
        raise ValueError("no line of 4s")
    out = []
    for i in range(4):
        row = []
        for j in range(len(g[0])):
            row.append(3 if g[i][j] == 0 and g[i + 5][j] == 0 else 0)
        out.append(row)
    return out


def draw_halves_nor_three(rng, n):  # 4x4 of 7/0, a row of 4s, 4x4 of 2/0
    top = [[rng.choice((0, 7)) for _ in range(4)] for _ in range(4)]
    bottom = [[rng.choice((0, 2)) for _ in range(4)] for _ in range(4)]
    return top + [[4] * 4] + bottom


def five_to_other_other_to_zero(g):  # the other colour's cells become 0, the 5s become it
    others = {v for r in g for v in r} - {5}
    if len(others) != 1:
        raise ValueError("not two colours")
    c = others.pop()
    return [[c if v == 5 else 0 for v in r] for r in g]


def draw_five_to_other_other_to_zero(rng, n):  # n x n of 5 and one other colour, both present
    c = rng.choice([1, 2, 3, 4, 6, 7, 8, 9])
    cells = [5, c] + [rng.choice((5, c)) for _ in range(n * n - 2)]
    rng.shuffle(cells)
    return [cells[i * n : i * n + n] for i in range(n)]


def object_down_one(g):  # task053: the one shape (of 1s or 2s on 0) moves one row down
    H, W = len(g), len(g[0])
    out = [[0] * W for _ in range(H)]
    for y in range(H):
        for x in range(W):
            if g[y][x]:
                if y + 1 >= H:
                    raise ValueError("no room below")
                out[y + 1][x] = g[y][x]
    return out


def draw_object_down_one(rng, n):
    # a 3x3 grid of 0 with one 8-connected shape of 1s or 2s in the top two rows, as in task053
    while True:
        g = [[int(rng.random() < 0.4) for _ in range(3)] for _ in range(2)] + [[0] * 3]
        if len(parts(g, bool, corners=True)) == 1:
            break
    c = rng.choice((1, 2))
    return [[c * v for v in r] for r in g]


def upscale_twice(g):  # task307: every cell becomes a 2x2 block
    out = []
    for row in g:
        big = []
        for v in row:
            big += [v, v]
        out.append(big)
        out.append(big[:])
    return out


def draw_upscale_twice(rng, n):
    # an s x s grid (2 to 5) of random colours, mostly 0, as in task307
    s = rng.randint(2, 5)
    cols = rng.sample(range(1, 10), rng.randint(1, 7))
    return [[rng.choice([0, 0, *cols]) for _ in range(s)] for _ in range(s)]


def commonest_fills_3x3(g):  # task129: the 3x3 grid filled with its commonest colour
    cnt = Counter(v for r in g for v in r).most_common()
    if len(cnt) > 1 and cnt[0][1] == cnt[1][1]:
        raise ValueError("tie")
    return [[cnt[0][0]] * len(g[0]) for _ in g]


def draw_commonest_fills_3x3(rng, n):
    # a 3x3 grid: one colour 3 times, the rest 2+2+1+1 or 2+1+1+1+1 times, as in task129
    counts = rng.choice(((3, 2, 2, 1, 1), (3, 2, 1, 1, 1, 1)))
    cols = rng.sample(range(10), len(counts))
    cells = [c for c, k in zip(cols, counts, strict=True) for _ in range(k)]
    rng.shuffle(cells)
    return [cells[i : i + 3] for i in (0, 3, 6)]


def fives_from_right_green(g):  # task332: every 2nd column from the right: its 5s become 3
    W = len(g[0])
    out = [r[:] for r in g]
    for row in out:
        for x in range(W - 1, -1, -2):
            if row[x] == 5:
                row[x] = 3
    return out


def draw_fives_from_right_green(rng, n):
    # 3 rows of width 10 to 20, one 5 per column on 0, as in task332
    W = rng.randint(10, 20)
    g = [[0] * W for _ in range(3)]
    for x in range(W):
        g[rng.randrange(3)][x] = 5
    return g


def cross_lines_meet_yellow(g):  # task299: the 2s fill their row, the 8s their column; 4 at both
    H, W = len(g), len(g[0])
    rows = {y for y in range(H) for x in range(W) if g[y][x] == 2}
    cols = {x for y in range(H) for x in range(W) if g[y][x] == 8}
    out = [[0] * W for _ in range(H)]
    for y in range(H):
        for x in range(W):
            if y in rows and x in cols:
                out[y][x] = 4
            elif y in rows:
                out[y][x] = 2
            elif x in cols:
                out[y][x] = 8
    return out


def draw_cross_lines_meet_yellow(rng, n):
    # 6x6 of 0: two 8s down from the top of one column, two 2s in from the left or right edge
    # of one row, apart from the 8s, as in task299; the 2s' row is below the 8s' two rows
    # (row 2 or lower), as in every example of task299
    while True:
        g = [[0] * 6 for _ in range(6)]
        c, y = rng.randrange(6), rng.randrange(2, 6)
        g[0][c] = g[1][c] = 8
        xs = rng.choice(((0, 1), (4, 5)))
        if all(g[y][x] == 0 for x in xs):
            for x in xs:
                g[y][x] = 2
            return g


def zigzag_top_pixels(g):  # each top-row pixel becomes a 6-row zigzag: itself, then both neighbours
    h, w = len(g), len(g[0])
    out = [[0] * w for _ in range(h)]
    for c in range(w):
        v = g[0][c]
        if not v:
            continue
        for i in range(h):
            if i % 2 == 0:
                out[i][c] = v
            else:
                for d in (c - 1, c + 1):
                    if 0 <= d < w:
                        out[i][d] = v
    return out


def draw_zigzag_top_pixels(rng, n):
    # 6 rows of 5..15 columns, all 0 but 1..5 pixels of colour in the top row, 3+ apart and
    # off both edges, as in task082
    w = rng.randint(5, 15)
    while True:
        g = [[0] * w for _ in range(6)]
        cs = sorted(rng.sample(range(1, w - 1), rng.randint(1, min(5, (w - 2 + 2) // 3))))
        if all(b - a >= 3 for a, b in zip(cs, cs[1:], strict=False)):
            for c in cs:
                g[0][c] = rng.randint(1, 9)
            return g


def halves_or_six(g):  # 3x6: a cell is 6 where the left or the right 3x3 half is coloured there
    out = []
    for row in g:
        line = []
        for j in range(3):
            line.append(6 if row[j] != 0 or row[j + 3] != 0 else 0)
        out.append(line)
    return out


def draw_halves_or_six(rng, n):
    # 3x6: left half cells 4 or 0, right half cells 3 or 0, as in task347
    return [
        [rng.choice((0, 4)) for _ in range(3)] + [rng.choice((0, 3)) for _ in range(3)]
        for _ in range(3)
    ]


def fold_right_onto_left(g):  # 10x9 with a 5 bar in column 4: right half mirrored painted on left
    out = []
    for row in g:
        line = []
        for j in range(4):
            b = row[8 - j]
            line.append(b if b != 0 else row[j])
        out.append(line)
    return out


def draw_fold_right_onto_left(rng, n):
    # 10x9 of 0 with column 4 all 5; some rows hold a line of 1..4 colours out from the bar, each
    # cell shown on the left, the right or both sides (same colour), as in task360
    g = [[0] * 4 + [5] + [0] * 4 for _ in range(10)]
    cols = rng.sample([1, 2, 3, 4, 6, 7, 8, 9], rng.randint(1, 3))
    for i in rng.sample(range(10), rng.randint(1, 8)):
        for k in range(rng.randint(1, 4)):
            v, side = rng.choice(cols), rng.randrange(3)
            if side != 1:
                g[i][3 - k] = v
            if side != 0:
                g[i][5 + k] = v
    return g


def shape_code_3x3(g):  # 3x3 shape: largest 4-connected one-colour part 5->6, 4->3, 1->2, else 1
    colours = {v for r in g for v in r}
    best = max(len(part) for c in colours for part in parts(g, lambda v, c=c: v == c))
    return [[{5: 6, 4: 3, 1: 2}.get(best, 1)]]


def draw_shape_code_3x3(rng, n):
    # one of the four 3x3 shapes of task056 in one colour 1..9 on 0
    m = rng.choice(("110101010", "101010101", "011011100", "010111010"))
    c = rng.randint(1, 9)
    return [[c * int(m[3 * i + j]) for j in range(3)] for i in range(3)]


def recolor_by_left_column(g):  # each 5 takes the colour in column 0 of its row
    out = []
    for row in g:
        out.append([row[0] if v == 5 else v for v in row])
    return out


def draw_recolor_by_left_column(rng, n):
    # 12x12: column 0 in 2..3 colours (top cell often 0), 5-rectangles in columns 2..11 (task312)
    cols = rng.sample([1, 2, 3, 4, 6, 7, 8, 9], rng.randint(2, 3))
    g = [[rng.choice(cols)] + [0] * 11 for _ in range(12)]
    if rng.random() < 0.6:
        g[0][0] = 0
    for _ in range(rng.randint(2, 5)):
        r0, c0 = rng.randint(0, 10), rng.randint(2, 10)
        r1, c1 = rng.randint(r0 + 1, 12), rng.randint(c0 + 1, 12)
        for i in range(r0, r1):
            for j in range(c0, c1):
                g[i][j] = 5
    return g


def replace_six_with_two(g):  # every 6 becomes 2
    return [[2 if v == 6 else v for v in row] for row in g]


def draw_replace_six_with_two(rng, n):
    # 3..6 x 4..6 of 6s and 7s, as in task276
    h, w = rng.randint(3, 6), rng.randint(4, 6)
    return [[rng.choice((6, 7)) for _ in range(w)] for _ in range(h)]


def row_ends_meet_five(g):  # task060: a row with end colours a, b becomes a*5, 5, b*5
    out = []
    for row in g:
        if row[0] == row[-1] == 0:
            out.append(row[:])
            continue
        if len(row) != 11 or any(row[1:-1]):
            raise ValueError("not two ends on a row of 11")
        out.append([row[0]] * 5 + [5] + [row[-1]] * 5)
    return out


def draw_row_ends_meet_five(rng, n):
    # 5x11 of 0: 1 or 2 rows with two different colours (not 5) at their ends, as in task060
    g = [[0] * 11 for _ in range(5)]
    rows = rng.sample(range(5), rng.randint(1, 2))
    cols = rng.sample((1, 2, 3, 4, 6, 7, 8, 9), 2 * len(rows))
    for k, y in enumerate(rows):
        g[y][0], g[y][10] = cols[2 * k], cols[2 * k + 1]
    return g


def halves_both_zero_eight(g):  # task026: 8 where both halves beside the middle column are 0
    W = len(g[0])
    half = W // 2
    out = []
    for row in g:
        left, right = row[:half], row[half + 1 :]
        line = []
        for x in range(half):
            line.append(8 if left[x] == 0 and right[x] == 0 else 0)
        out.append(line)
    return out


def draw_halves_both_zero_eight(rng, n):
    # 5x7: a middle column of 1, the rest 0 or 9 at random, as in task026
    return [
        [rng.choice((0, 9)) for _ in range(3)] + [1] + [rng.choice((0, 9)) for _ in range(3)]
        for _ in range(5)
    ]


def fill_row_equal_ends(g):  # task045: a row whose two end cells share a colour is filled with it
    out = []
    for row in g:
        if row[0] == row[-1]:
            out.append([row[0]] * len(row))
        else:
            out.append(row[:])
    return out


def draw_fill_row_equal_ends(rng, n):
    # 10x10 of 0: rows 1, 3, 5, 7 (and 9) get end colours, each colour used twice, as in task045
    g = [[0] * 10 for _ in range(10)]
    rows = [1, 3, 5, 7, 9][: rng.randint(4, 5)]
    cols = rng.sample(range(1, 10), len(rows)) * 2
    rng.shuffle(cols)
    for k, y in enumerate(rows):
        g[y][0], g[y][9] = cols[2 * k], cols[2 * k + 1]
    return g


def mirror_rows_twice(g):  # task376: the rows mirrored down about the last row, then again
    once = list(g)
    for y in range(len(g) - 2, -1, -1):
        once.append(g[y])
    twice = list(once)
    for y in range(len(once) - 2, -1, -1):
        twice.append(once[y])
    return [row[:] for row in twice]


def draw_mirror_rows_twice(rng, n):
    # 3 to 6 rows of 17: a zigzag of one colour (top at x%4==2, bottom at x%4==0, the rows
    # between at odd x), as in task376
    H, c = rng.randint(3, 6), rng.randint(1, 9)
    g = [[c if x % 2 else 0 for x in range(17)] for _ in range(H)]
    g[0] = [c if x % 4 == 2 else 0 for x in range(17)]
    g[-1] = [c if x % 4 == 0 else 0 for x in range(17)]
    return g


def row_colour_by_five(g):  # task262: each row takes 2, 4 or 3 as its 5 is left, middle, right
    out = []
    for row in g:
        where = row.index(5)
        out.append([(2, 4, 3)[where]] * len(row))
    return out


def draw_row_colour_by_five(rng, n):
    # 3x3 of 0 with one 5 in each row, as in task262
    g = [[0] * 3 for _ in range(3)]
    for row in g:
        row[rng.randrange(3)] = 5
    return g


def swap_colour_pairs(g):  # task016: swap colours 3<->4, 8<->9, 2<->6, 1<->5 in every cell
    swap = {3: 4, 4: 3, 8: 9, 9: 8, 2: 6, 6: 2, 1: 5, 5: 1}
    out = []
    for row in g:
        out.append([swap.get(v, v) for v in row])
    return out


def draw_swap_colour_pairs(rng, n):  # 3x3 of vertical stripes, as in every example of task016
    row = [rng.choice((1, 2, 3, 4, 5, 6, 8, 9)) for _ in range(3)]
    return [row[:] for _ in range(3)]


def halves_both_empty_green(g):  # task386: 3 where both halves (split by the column of 1) are 0
    h, w = len(g), len(g[0])
    mid = w // 2
    if any(g[i][mid] != 1 for i in range(h)):
        raise ValueError("no divider")
    out = []
    for i in range(h):
        row = []
        for j in range(mid):
            row.append(3 if g[i][j] == 0 and g[i][mid + 1 + j] == 0 else 0)
        out.append(row)
    return out


def draw_halves_both_empty_green(rng, n):  # 4x7: 7s left, 1 divider, 5s right, as in task386
    return [
        [rng.choice((0, 7)) for _ in range(3)] + [1] + [rng.choice((0, 5)) for _ in range(3)]
        for _ in range(4)
    ]


def halves_both_set_red(g):  # task006: 2 where both halves (split by the column of 5) are set
    h, w = len(g), len(g[0])
    mid = w // 2
    if any(g[i][mid] != 5 for i in range(h)):
        raise ValueError("no divider")
    out = []
    for i in range(h):
        row = []
        for j in range(mid):
            row.append(2 if g[i][j] != 0 and g[i][mid + 1 + j] != 0 else 0)
        out.append(row)
    return out


def draw_halves_both_set_red(rng, n):  # 3x7: 1s left, 5 divider, 1s right, as in task006
    return [
        [rng.choice((0, 1)) for _ in range(3)] + [5] + [rng.choice((0, 1)) for _ in range(3)]
        for _ in range(3)
    ]


def uniform_rows_grey(g):  # task052: a row of one colour becomes all 5, any other row all 0
    out = []
    for row in g:
        same = True
        for v in row:
            if v != row[0]:
                same = False
        out.append([5 if same else 0] * len(row))
    return out


def draw_uniform_rows_grey(rng, n):  # 3x3 in a few colours, some rows of one colour (task052)
    cols = rng.sample(range(1, 10), rng.randint(2, 4))
    g = []
    for _ in range(3):
        if rng.random() < 0.4:
            g.append([rng.choice(cols)] * 3)
        else:
            g.append([rng.choice(cols) for _ in range(3)])
    return g


def mirror_tile_rows_cols(g):  # task211: row r -> mirror(r)+r; rows: flipped, as is, flipped
    wide = []
    for row in g:
        wide.append(list(reversed(row)) + list(row))
    flipped = list(reversed(wide))
    return [r[:] for r in flipped] + [r[:] for r in wide] + [r[:] for r in flipped]


def draw_mirror_tile_rows_cols(rng, n):  # 3x2 in 0 and one colour, as in task211
    c = rng.randint(1, 9)
    return [[rng.choice((0, c)) for _ in range(2)] for _ in range(3)]


def drop_cells_to_floor(g):  # task032: every coloured cell falls to the bottom of its column
    h, w = len(g), len(g[0])
    out = [[0] * w for _ in range(h)]
    for j in range(w):
        cells = [g[i][j] for i in range(h) if g[i][j] != 0]  # top to bottom, order kept
        for k, v in enumerate(cells):
            out[h - len(cells) + k][j] = v
    return out


def draw_drop_cells_to_floor(rng, n):  # 4..6 square; each column holds one colour (task032)
    s = rng.randint(4, 6)
    g = [[0] * s for _ in range(s)]
    for j in range(s):
        if rng.random() < 0.6:
            c = rng.randint(1, 9)
            for i in range(s):
                if rng.random() < 0.35:
                    g[i][j] = c
    return g


def nonzero_cells_in_one_row(g):  # every non-zero cell, in reading order, as one row
    row = []
    for r in g:
        for v in r:
            if v != 0:
                row.append(v)
    return [row]


def draw_nonzero_cells_in_one_row(rng, n):  # 3x3, one colour on 1..9 cells (never none)
    c = rng.randint(1, 9)
    cells = rng.sample(range(9), rng.randint(1, 9))
    return [[c if 3 * i + j in cells else 0 for j in range(3)] for i in range(3)]


def recolor_seven_to_five(g):  # every 7 becomes 5, other cells kept
    out = []
    for r in g:
        out.append([5 if v == 7 else v for v in r])
    return out


def draw_recolor_seven_to_five(rng, n):  # 3 rows of 4..6 cells in colours 1, 7, 8
    w = rng.randint(4, 6)
    return [[rng.choice((1, 7, 8)) for _ in range(w)] for _ in range(3)]


def first_third_of_hstrip(g):  # the strip is 3 copies of a tile side by side: the first one
    w = len(g[0])
    if w % 3:
        raise ValueError("width not a multiple of 3")
    return [r[: w // 3] for r in g]


def draw_first_third_of_hstrip(rng, n):  # an s x s tile (s 2..5) repeated 3 times in a row
    s = rng.randint(2, 5)
    t = [[rng.randint(0, 9) for _ in range(s)] for _ in range(s)]
    return [r * 3 for r in t]


def top_right_3x3_of_9x9(g):  # the 3x3 block at the top right corner
    out = []
    for i in range(3):
        out.append([g[i][j] for j in range(len(g[0]) - 3, len(g[0]))])
    return out


def draw_top_right_3x3_of_9x9(rng, n):  # 9x9 noise, about half the cells black
    return [[rng.randint(1, 9) if rng.random() < 0.5 else 0 for _ in range(9)] for _ in range(9)]


def top_left_2x2_corner(g):  # the 2x2 block at the top left corner
    return [[g[i][j] for j in range(2)] for i in range(2)]


def draw_top_left_2x2_corner(rng, n):  # 4..12 by 4..12 (even sides), 2..4 colours
    h, w = rng.choice((4, 6, 8, 12)), rng.choice((4, 6, 8, 12))
    cs = rng.sample(range(10), rng.randint(2, 4))
    return [[rng.choice(cs) for _ in range(w)] for _ in range(h)]


def stripes_mode_by_direction(g):  # task359: noisy stripes; redraw each line in its mode colour
    # the stripes run along rows or columns: the way whose modes cover more cells
    def modes(lines):
        best, hits = [], 0
        for line in lines:
            m = max(sorted(set(line)), key=line.count)
            best.append(m)
            hits += line.count(m)
        return best, hits

    rows, row_hits = modes([list(r) for r in g])
    cols, col_hits = modes([[r[c] for r in g] for c in range(len(g[0]))])
    if col_hits > row_hits:
        return [list(cols) for _ in g]
    out = []
    for v in rows:
        out.append([v] * len(g[0]))
    return out


def draw_stripes_mode_by_direction(rng, n):  # 3-5 stripes 2-6 thick, 13-15 long, noise 4-18%
    cs = rng.sample(range(1, 10), rng.randint(3, 5))  # distinct colours 1-9
    line = []
    for c in cs:
        line += [c] * rng.randint(2, 6)
    g = [line[:] for _ in range(rng.randint(13, 15))]
    q = rng.uniform(0.04, 0.18)
    for r in g:
        for j in range(len(r)):
            if rng.random() < q:
                r[j] = rng.randint(1, 9)
    if rng.random() < 0.5:
        g = [list(c) for c in zip(*g, strict=True)]
    return g


def shape_self_fractal(g):  # crop the 3x3 shape S; block (X, Y) is S where S[X][Y] is set
    cells = [(i, j) for i, r in enumerate(g) for j, v in enumerate(r) if v]
    i0, _, j0, _ = box(cells)
    S = [[g[i0 + a][j0 + b] for b in range(3)] for a in range(3)]
    out = [[0] * 9 for _ in range(9)]
    for X in range(3):
        for Y in range(3):
            if S[X][Y]:
                for a in range(3):
                    for b in range(3):
                        out[3 * X + a][3 * Y + b] = S[a][b]
    return out


def draw_shape_self_fractal(rng, n):  # 9x9, one colour, a 3x3 shape (full bbox) in one 3x3 block
    c = rng.randint(1, 9)
    while True:
        S = [[c * (rng.random() < 0.5) for _ in range(3)] for _ in range(3)]
        if all(any(r) for r in S) and all(any(r) for r in zip(*S, strict=True)):
            break
    g = [[0] * 9 for _ in range(9)]
    P, Q = rng.randrange(3), rng.randrange(3)
    for a in range(3):
        for b in range(3):
            g[3 * P + a][3 * Q + b] = S[a][b]
    return g


def commonest_colour_kron(g):  # block (X, Y) of the 9x9 is the grid where g[X][Y] is its mode
    counts = {}
    for r in g:
        for v in r:
            counts[v] = counts.get(v, 0) + 1
    top = max(counts.values())
    modes = [v for v in counts if counts[v] == top]
    if len(modes) > 1:
        raise ValueError("no single commonest colour")
    m = modes[0]
    n = len(g)
    out = [[0] * (n * n) for _ in range(n * n)]
    for X in range(n):
        for Y in range(n):
            if g[X][Y] == m:
                for a in range(n):
                    for b in range(n):
                        out[n * X + a][n * Y + b] = g[a][b]
    return out


def draw_commonest_colour_kron(rng, n):  # 3x3, 2..4 colours 1..9, one colour strictly commonest
    while True:
        cs = rng.sample(range(1, 10), rng.randint(2, 4))
        g = [[rng.choice(cs) for _ in range(3)] for _ in range(3)]
        s = sum(g, [])
        k = sorted((s.count(v) for v in set(s)), reverse=True)
        if len(k) == 1 or k[0] > k[1]:
            return g


def smaller_odd_object_two(g):  # the object whose shape no other has -> 2, the others -> 1
    groups = parts(g, lambda v: v > 0, corners=True)
    shapes = [at_origin(group) for group in groups]
    odd = [k for k, s in enumerate(shapes) if shapes.count(s) == 1]
    if len(odd) != 1:
        raise ValueError("no single odd shape")
    out = [[0] * len(g[0]) for _ in g]
    for k, group in enumerate(groups):
        for a, b in group:
            out[a][b] = 2 if k == odd[0] else 1
    return out


def _grow_shape(rng, size, h, w):  # a random 8-connected set of `size` cells inside h x w
    cells = {(rng.randrange(h), rng.randrange(w))}
    while len(cells) < size:
        a, b = rng.choice(sorted(cells))
        c, d = a + rng.randint(-1, 1), b + rng.randint(-1, 1)
        if 0 <= c < h and 0 <= d < w:
            cells.add((c, d))
    return at_origin(cells)


def draw_smaller_odd_object_two(rng, n):  # 10x10, colour 8: one shape twice, a smaller one once
    while True:
        h, w = rng.randint(1, 4), rng.randint(2, 4)
        if rng.random() < 0.05:
            h, w = 3, 5
        if h * w < 3:
            continue
        big = _grow_shape(rng, rng.randint(3, h * w), h, w)
        small = _grow_shape(rng, rng.randint(2, len(big) - 1), 4, 4)
        g, taken = [[0] * 10 for _ in range(10)], set()
        for shape in (big, big, small):
            hh, ww = max(a for a, _ in shape) + 1, max(b for _, b in shape) + 1
            for _ in range(50):
                i, j = rng.randint(0, 10 - hh), rng.randint(0, 10 - ww)
                cells = {(a + i, b + j) for a, b in shape}
                if not cells & taken:
                    break
            else:
                break
            taken |= {(a + u, b + v) for a, b in cells for u in (-1, 0, 1) for v in (-1, 0, 1)}
            for a, b in cells:
                g[a][b] = 8
        else:
            return g


def colour_count_columns(g):  # one column per colour, as tall as its cell count, tallest first
    counts = Counter(v for r in g for v in r)
    order = sorted(counts, key=lambda c: -counts[c])
    if len(set(counts.values())) < len(counts):
        raise ValueError("two colours with the same count")
    tall = counts[order[0]]
    return [[c if counts[c] > i else 0 for c in order] for i in range(tall)]


def draw_colour_count_columns(rng, n):  # 3..4 by 3..4, 2..5 colours (not 0) of distinct counts
    h, w = rng.randint(3, 4), rng.randint(3, 4)
    while True:
        k = rng.choice((2, 2, 3, 3, 4, 5))
        counts = sorted(rng.sample(range(1, h * w), k - 1) + [0, h * w])
        sizes = [b - a for a, b in zip(counts, counts[1:], strict=False)]
        if len(set(sizes)) == k and min(sizes) > 0:
            break
    cells = [c for c, m in zip(rng.sample(range(1, 10), k), sizes, strict=True) for _ in range(m)]
    rng.shuffle(cells)
    return [cells[i * w : (i + 1) * w] for i in range(h)]


DRAWN = {  # name: (rule, draw, its real task, the longest its program may be)
    "shear_except_base": (shear_except_base, draw_shear_except_base, "task004", 170),
    "repeat_toward_hints": (repeat_toward_hints, draw_repeat_toward_hints, "task005", 460),
    "join_same_color_cells": (join_same_color_cells, draw_join_same_color_cells, "task009", 170),
    "key_block_upscale": (key_block_upscale, draw_key_block_upscale, "task011", 190),
    "d4_complete_5x5": (d4_complete_5x5, draw_d4_complete_5x5, "task020", 250),
    "stack_on_fives": (stack_on_fives, draw_stack_on_fives, "task022", 150),
    "tile_squares_bars": (tile_squares_bars, draw_tile_squares_bars, "task023", 280),
    "complete_rotational": (complete_rotational, draw_complete_rotational, "task027", 280),
    "pattern_in_line_colour": (pattern_in_line_colour, draw_pattern_in_line_colour, "task033", 110),
    "cross_diagonal_blocks": (cross_diagonal_blocks, draw_cross_diagonal_blocks, "task042", 350),
    "move_into_hole": (move_into_hole, draw_move_into_hole, "task044", 380),
    "chain_by_connectors": (chain_by_connectors, draw_chain_by_connectors, "task046", 210),
    "squares_linked": (squares_linked, draw_squares_linked, "task048", 170),
    "ray_through_apex": (ray_through_apex, draw_ray_through_apex, "task051", 170),
    "stamp_with_rays": (stamp_with_rays, draw_stamp_with_rays, "task054", 430),
    "mirror_onto_marker": (mirror_onto_marker, draw_mirror_onto_marker, "task062", 230),
    "dots_shoot_to_block": (dots_shoot_to_block, draw_dots_shoot_to_block, "task064", 210),
    "odd_quadrant": (odd_quadrant, draw_odd_quadrant, "task065", 190),
    "elbow_path_join": (elbow_path_join, draw_elbow_path_join, "task066", 450),
    "unhide_mirror_shape": (unhide_mirror_shape, draw_unhide_mirror_shape, "task071", 280),
    "complete_from_template": (complete_from_template, draw_complete_from_template, "task076", 480),
    "cluster_boxes_filled": (cluster_boxes_filled, draw_cluster_boxes_filled, "task077", 190),
    "stamp_pattern_on_cells": (stamp_pattern_on_cells, draw_stamp_pattern_on_cells, "task080", 360),
    "square_inside_out": (square_inside_out, draw_square_inside_out, "task086", 250),
    "stamp_template_at_anchors": (
        stamp_template_at_anchors,
        draw_stamp_template_at_anchors,
        "task089",
        400,
    ),
    "largest_empty_rects": (largest_empty_rects, draw_largest_empty_rects, "task090", 400),
    "capped_lines_crop": (capped_lines_crop, draw_capped_lines_crop, "task091", 200),
    "fill_cup_and_lid": (fill_cup_and_lid, draw_fill_cup_and_lid, "task099", 220),
    "scaled_template_complete": (
        scaled_template_complete,
        draw_scaled_template_complete,
        "task101",
        610,
    ),
    "hidden_crosses": (hidden_crosses, draw_hidden_crosses, "task118", 620),
    "diagonal_bounce": (diagonal_bounce, draw_diagonal_bounce, "task119", 310),
    "slide_box_on_dots": (slide_box_on_dots, draw_slide_box_on_dots, "task122", 160),
    "continue_pattern_down": (continue_pattern_down, draw_continue_pattern_down, "task124", 140),
    "slide_to_wall_marker": (slide_to_wall_marker, draw_slide_to_wall_marker, "task131", 200),
    "lines_to_matching_wall": (lines_to_matching_wall, draw_lines_to_matching_wall, "task138", 170),
    "find_boxed_twin": (find_boxed_twin, draw_find_boxed_twin, "task143", 200),
    "bar_rays_mirror": (bar_rays_mirror, draw_bar_rays_mirror, "task148", 280),
    "fit_two_pieces": (fit_two_pieces, draw_fit_two_pieces, "task153", 230),
    "mirror_into_brackets": (mirror_into_brackets, draw_mirror_into_brackets, "task154", 190),
    "inner_fill_by_size": (inner_fill_by_size, draw_inner_fill_by_size, "task156", 230),
    "piece_into_ceiling": (piece_into_ceiling, draw_piece_into_ceiling, "task157", 400),
    "template_stamp": (template_stamp, draw_template_stamp, "task158", 680),
    "panel_by_marker": (panel_by_marker, draw_panel_by_marker, "task163", 200),
    "umbrella_rain": (umbrella_rain, draw_umbrella_rain, "task165", 310),
    "l_corner_diag_ray": (l_corner_diag_ray, draw_l_corner_diag_ray, "task168", 260),
    "mask_square_by_pattern": (mask_square_by_pattern, draw_mask_square_by_pattern, "task170", 220),
    "complete_partial_templates": (
        complete_partial_templates,
        draw_complete_partial_templates,
        "task173",
        380,
    ),
    "transpose_fill_holes": (transpose_fill_holes, draw_transpose_fill_holes, "task175", 160),
    "mirror_by_pointer": (mirror_by_pointer, draw_mirror_by_pointer, "task181", 120),
    "recolor_same_shape": (recolor_same_shape, draw_recolor_same_shape, "task182", 400),
    "lattice_corner_cells": (lattice_corner_cells, draw_lattice_corner_cells, "task185", 210),
    "colour_by_key_quadrant": (colour_by_key_quadrant, draw_colour_by_key_quadrant, "task189", 150),
    "frame_pattern_copies": (frame_pattern_copies, draw_frame_pattern_copies, "task191", 430),
    "denoise_rectangles": (denoise_rectangles, draw_denoise_rectangles, "task192", 190),
    "shape_mirrored_into_frame": (
        shape_mirrored_into_frame,
        draw_shape_mirrored_into_frame,
        "task201",
        390,
    ),
    "noise_rect_crosses": (noise_rect_crosses, draw_noise_rect_crosses, "task205", 400),
    "copy_box_to_holes": (copy_box_to_holes, draw_copy_box_to_holes, "task208", 370),
    "frame_upscaled_template": (
        frame_upscaled_template,
        draw_frame_upscaled_template,
        "task209",
        580,
    ),
    "complete_band_prefix": (complete_band_prefix, draw_complete_band_prefix, "task219", 470),
    "keep_solid_block": (keep_solid_block, draw_keep_solid_block, "task222", 210),
    "inbox_of_dots": (inbox_of_dots, draw_inbox_of_dots, "task224", 210),
    "reel_in_rect": (reel_in_rect, draw_reel_in_rect, "task234", 260),
    "rays_then_drip": (rays_then_drip, draw_rays_then_drip, "task237", 150),
    "mirror_dotted_frame": (mirror_dotted_frame, draw_mirror_dotted_frame, "task240", 220),
    "corridor_fill": (corridor_fill, draw_corridor_fill, "task255", 310),
    "triangle_to_parallel": (triangle_to_parallel, draw_triangle_to_parallel, "task260", 300),
    "tiles_by_marks": (tiles_by_marks, draw_tiles_by_marks, "task264", 240),
    "zero_squares_painted": (zero_squares_painted, draw_zero_squares_painted, "task265", 200),
    "box_spill_rays": (box_spill_rays, draw_box_spill_rays, "task268", 320),
    "corners_fill_inside": (corners_fill_inside, draw_corners_fill_inside, "task273", 270),
    "cup_level_snake": (cup_level_snake, draw_cup_level_snake, "task274", 100),
    "mask_kronecker": (mask_kronecker, draw_mask_kronecker, "task275", 160),
    "ray_from_edge_mark": (ray_from_edge_mark, draw_ray_from_edge_mark, "task280", 350),
    "box_stretch_to_dot": (box_stretch_to_dot, draw_box_stretch_to_dot, "task281", 200),
    "dots_to_brackets": (dots_to_brackets, draw_dots_to_brackets, "task284", 280),
    "mirror_into_quadrants": (mirror_into_quadrants, draw_mirror_into_quadrants, "task285", 470),
    "maze_checker_flood": (maze_checker_flood, draw_maze_checker_flood, "task286", 190),
    "stack_centered": (stack_centered, draw_stack_centered, "task308", 270),
    "extend_tiling_shifted": (extend_tiling_shifted, draw_extend_tiling_shifted, "task313", 320),
    "complete_middle_block": (complete_middle_block, draw_complete_middle_block, "task314", 190),
    "which_shape_is_zoomed": (which_shape_is_zoomed, draw_which_shape_is_zoomed, "task319", 480),
    "bar_lower_half": (bar_lower_half, draw_bar_lower_half, "task320", 150),
    "seed_staircase": (seed_staircase, draw_seed_staircase, "task323", 210),
    "diagonals_by_region": (diagonals_by_region, draw_diagonals_by_region, "task324", 400),
    "corner_rings_voronoi": (corner_rings_voronoi, draw_corner_rings_voronoi, "task328", 220),
    "leaky_box": (leaky_box, draw_leaky_box, "task336", 200),
    "bridge_between_blocks": (bridge_between_blocks, draw_bridge_between_blocks, "task341", 170),
    "deflected_risers": (deflected_risers, draw_deflected_risers, "task345", 210),
    "framed_squares_shadow": (framed_squares_shadow, draw_framed_squares_shadow, "task349", 240),
    "recolor_by_top_marker": (recolor_by_top_marker, draw_recolor_by_top_marker, "task354", 160),
    "repeat_cross_segments": (repeat_cross_segments, draw_repeat_cross_segments, "task358", 170),
    "rot4_complete": (rot4_complete, draw_rot4_complete, "task361", 320),
    "stamp_by_markers": (stamp_by_markers, draw_stamp_by_markers, "task366", 680),
    "diagonal_echo": (diagonal_echo, draw_diagonal_echo, "task370", 350),
    "corner_diagonals": (corner_diagonals, draw_corner_diagonals, "task378", 330),
    "dot_rays_to_lines": (dot_rays_to_lines, draw_dot_rays_to_lines, "task379", 480),
    "staggered_rays": (staggered_rays, draw_staggered_rays, "task382", 220),
    "bump_lines_through": (bump_lines_through, draw_bump_lines_through, "task383", 180),
    "corner_rings_dotted_box": (
        corner_rings_dotted_box,
        draw_corner_rings_dotted_box,
        "task387",
        260,
    ),
    "bracket_halves_out": (bracket_halves_out, draw_bracket_halves_out, "task390", 460),
    "periodic_hole_fill": (periodic_hole_fill, draw_periodic_hole_fill, "task394", 230),
    "templates_onto_markers": (templates_onto_markers, draw_templates_onto_markers, "task018", 620),
    "template_scaled_to_keys": (
        template_scaled_to_keys,
        draw_template_scaled_to_keys,
        "task133",
        600,
    ),
    "bends_coloured": (bends_coloured, draw_bends_coloured, "task364", 410),
    "closed_rooms_filled": (closed_rooms_filled, draw_closed_rooms_filled, "task367", 360),
    "nested_boxes_continued": (nested_boxes_continued, draw_nested_boxes_continued, "task392", 300),
    "slide_to_block": (slide_to_block, draw_slide_to_block, "task008", 130),
    "rarest_lines_kept": (rarest_lines_kept, draw_rarest_lines_kept, "task014", 140),
    "plus_and_cross_halos": (plus_and_cross_halos, draw_plus_and_cross_halos, "task015", 160),
    "dots_stick_to_lines": (dots_stick_to_lines, draw_dots_stick_to_lines, "task025", 200),
    "edge_dots_tint_block": (edge_dots_tint_block, draw_edge_dots_tint_block, "task035", 140),
    "fullest_cell_fills": (fullest_cell_fills, draw_fullest_cell_fills, "task059", 200),
    "framed_recolor": (framed_recolor, draw_framed_recolor, "task088", 150),
    "dots_fall_onto_band": (dots_fall_onto_band, draw_dots_fall_onto_band, "task093", 200),
    "nested_corner_frames": (nested_corner_frames, draw_nested_corner_frames, "task096", 360),
    "corner_blocks": (corner_blocks, draw_corner_blocks, "task104", 120),
    "upscale_square_diagonals": (
        upscale_square_diagonals,
        draw_upscale_square_diagonals,
        "task107",
        190,
    ),
    "rect_outbox_holes": (rect_outbox_holes, draw_rect_outbox_holes, "task125", 180),
    "box_fill_near": (box_fill_near, draw_box_fill_near, "task139", 160),
    "ring_around_crossing": (ring_around_crossing, draw_ring_around_crossing, "task151", 190),
    "ring_to_plus": (ring_to_plus, draw_ring_to_plus, "task160", 200),
    "size_to_colour": (size_to_colour, draw_size_to_colour, "task169", 200),
    "diagonal_corner_rays": (diagonal_corner_rays, draw_diagonal_corner_rays, "task190", 190),
    "sealed_rooms": (sealed_rooms, draw_sealed_rooms, "task198", 180),
    "hole_parity_fill": (hole_parity_fill, draw_hole_parity_fill, "task204", 180),
    "stamp_on_marker": (stamp_on_marker, draw_stamp_on_marker, "task206", 200),
    "toward_away_rays": (toward_away_rays, draw_toward_away_rays, "task212", 180),
    "frame_nearest_side": (frame_nearest_side, draw_frame_nearest_side, "task238", 320),
    "clamp_to_block_ring": (clamp_to_block_ring, draw_clamp_to_block_ring, "task250", 200),
    "odd_tile_out": (odd_tile_out, draw_odd_tile_out, "task263", 170),
    "domino_outbox": (domino_outbox, draw_domino_outbox, "task278", 170),
    "holed_shapes_recolor": (holed_shapes_recolor, draw_holed_shapes_recolor, "task279", 160),
    "square_holes_by_size": (square_holes_by_size, draw_square_holes_by_size, "task302", 200),
    "rarest_frame_crop": (rarest_frame_crop, draw_rarest_frame_crop, "task310", 130),
    "size6_components": (size6_components, draw_size6_components, "task330", 180),
    "dots_shoot_to_square": (dots_shoot_to_square, draw_dots_shoot_to_square, "task333", 140),
    "dots_to_matching_side": (dots_to_matching_side, draw_dots_to_matching_side, "task340", 180),
    "dots_into_block": (dots_into_block, draw_dots_into_block, "task342", 200),
    "step_toward": (step_toward, draw_step_toward, "task353", 190),
    "cross_roll_by_count": (cross_roll_by_count, draw_cross_roll_by_count, "task362", 120),
    "rank_lines_by_length": (rank_lines_by_length, draw_rank_lines_by_length, "task374", 200),
    "plus_to_star": (plus_to_star, draw_plus_to_star, "task012", 200),
    "two_pixel_stripes": (two_pixel_stripes, draw_two_pixel_stripes, "task013", 190),
    "inside_frame_crop": (inside_frame_crop, draw_inside_frame_crop, "task029", 170),
    "align_bottoms_to_one": (align_bottoms_to_one, draw_align_bottoms_to_one, "task030", 160),
    "block_diagonal_shoot": (block_diagonal_shoot, draw_block_diagonal_shoot, "task034", 210),
    "smallest_rect_solid": (smallest_rect_solid, draw_smallest_rect_solid, "task049", 110),
    "most_common_shape": (most_common_shape, draw_most_common_shape, "task079", 160),
    "mirror_about_block": (mirror_about_block, draw_mirror_about_block, "task112", 150),
    "concentric_squares": (concentric_squares, draw_concentric_squares, "task137", 190),
    "room_size_extremes": (room_size_extremes, draw_room_size_extremes, "task145", 230),
    "frame_scaled_shape": (frame_scaled_shape, draw_frame_scaled_shape, "task159", 150),
    "ring_colour_map": (ring_colour_map, draw_ring_colour_map, "task220", 140),
    "opposite_corner_squares": (
        opposite_corner_squares,
        draw_opposite_corner_squares,
        "task225",
        180,
    ),
    "satellites_to_centre": (satellites_to_centre, draw_satellites_to_centre, "task270", 270),
    "tile_cell_mod10": (tile_cell_mod10, draw_tile_cell_mod10, "task306", 130),
    "stamp_shape_in_holes": (stamp_shape_in_holes, draw_stamp_shape_in_holes, "task363", 240),
    "hole_size_recolor": (hole_size_recolor, draw_hole_size_recolor, "task369", 200),
    "diag_connect": (diag_connect, draw_diag_connect, "task037", 200),
    "frame_cross": (frame_cross, draw_frame_cross, "task094", 170),
    "bbox_fill": (bbox_fill, draw_bbox_fill, "task132", 180),
    "band_corners_centre": (band_corners_centre, draw_band_corners_centre, "task226", 200),
    "shape_into_corners": (shape_into_corners, draw_shape_into_corners, "task245", 180),
    "sym_offset_restore": (sym_offset_restore, draw_sym_offset_restore, "task074", 120),
    "marked_shape_crop": (marked_shape_crop, draw_marked_shape_crop, "task121", 140),
    "block_colors_grid": (block_colors_grid, draw_block_colors_grid, "task184", 150),
    "block_pattern_fractal": (block_pattern_fractal, draw_block_pattern_fractal, "task195", 140),
    "closed_boxes_recolor": (closed_boxes_recolor, draw_closed_boxes_recolor, "task196", 170),
    "drop_cell_stripes": (drop_cell_stripes, draw_drop_cell_stripes, "task199", 120),
    "band_holes_across": (band_holes_across, draw_band_holes_across, "task202", 130),
    "plus_colored_arms": (plus_colored_arms, draw_plus_colored_arms, "task331", 150),
    "tile_diagonal_halo": (tile_diagonal_halo, draw_tile_diagonal_halo, "task019", 150),
    "cross_band_colors": (cross_band_colors, draw_cross_band_colors, "task055", 130),
    "lone_cell_ringed": (lone_cell_ringed, draw_lone_cell_ringed, "task068", 180),
    "box_of_8_recolor": (box_of_8_recolor, draw_box_of_8_recolor, "task070", 160),
    "stamp_on_ones": (stamp_on_ones, draw_stamp_on_ones, "task075", 120),
    "tromino_corner": (tromino_corner, draw_tromino_corner, "task081", 140),
    "corner_diagonal_shots": (corner_diagonal_shots, draw_corner_diagonal_shots, "task136", 160),
    "asymmetric_block": (asymmetric_block, draw_asymmetric_block, "task146", 90),
    "greedy_zero_window_fill": (
        greedy_zero_window_fill,
        draw_greedy_zero_window_fill,
        "task162",
        150,
    ),
    "biggest_colours_bars": (biggest_colours_bars, draw_biggest_colours_bars, "task247", 130),
    "crop_recolor_bg": (crop_recolor_bg, draw_crop_recolor_bg, "task259", 140),
    "diagonal_stamp_3687": (diagonal_stamp_3687, draw_diagonal_stamp_3687, "task266", 150),
    "ring_stamp": (ring_stamp, draw_ring_stamp, "task282", 150),
    "holed_rect_colour": (holed_rect_colour, draw_holed_rect_colour, "task291", 100),
    "hollow_insides_only": (hollow_insides_only, draw_hollow_insides_only, "task338", 150),
    "period_extend": (period_extend, draw_period_extend, "task343", 140),
    "block_colour_count_drip": (
        block_colour_count_drip,
        draw_block_colour_count_drip,
        "task397",
        170,
    ),
    "nearest_border_colour": (nearest_border_colour, draw_nearest_border_colour, "task040", 110),
    "link_8s_with_3": (link_8s_with_3, draw_link_8s_with_3, "task050", 130),
    "diag_cross": (diag_cross, draw_diag_cross, "task141", 140),
    "grouped_to_8": (grouped_to_8, draw_grouped_to_8, "task147", 120),
    "enclosed_2_outside_3": (enclosed_2_outside_3, draw_enclosed_2_outside_3, "task187", 120),
    "comb_from_seed": (comb_from_seed, draw_comb_from_seed, "task200", 130),
    "lines_to_square": (lines_to_square, draw_lines_to_square, "task213", 130),
    "rect_frame_corners": (rect_frame_corners, draw_rect_frame_corners, "task283", 130),
    "pair_3_2_merge": (pair_3_2_merge, draw_pair_3_2_merge, "task344", 130),
    "link_1s_with_8": (link_1s_with_8, draw_link_1s_with_8, "task350", 130),
    "continue_rows_to_9": (continue_rows_to_9, draw_continue_rows_to_9, "task003", 110),
    "rank_bars_by_height": (rank_bars_by_height, draw_rank_bars_by_height, "task010", 110),
    "drop_cells_without_row_and_col_neighbour": (
        drop_cells_without_row_and_col_neighbour,
        draw_drop_cells_without_row_and_col_neighbour,
        "task193",
        120,
    ),
    "reverse_ring_colours": (reverse_ring_colours, draw_reverse_ring_colours, "task203", 100),
    "bounce_up_from_corner": (bounce_up_from_corner, draw_bounce_up_from_corner, "task248", 110),
    "crop_swap_two_colours": (crop_swap_two_colours, draw_crop_swap_two_colours, "task290", 100),
    "crop_commonest_colour": (crop_commonest_colour, draw_crop_commonest_colour, "task300", 120),
    "crop_double": (crop_double, draw_crop_double, "task384", 100),
    "diag3_tiling": (diag3_tiling, draw_diag3_tiling, "task007", 100),
    "bar_middle_dotted": (bar_middle_dotted, draw_bar_middle_dotted, "task085", 100),
    "rotation_quad": (rotation_quad, draw_rotation_quad, "task106", 100),
    "alternate_ray": (alternate_ray, draw_alternate_ray, "task232", 100),
    "corner_recolor": (corner_recolor, draw_corner_recolor, "task267", 90),
    "most_ones_block": (most_ones_block, draw_most_ones_block, "task271", 130),
    "diagonal_trails": (diagonal_trails, draw_diagonal_trails, "task327", 100),
    "bounce_zigzag": (bounce_zigzag, draw_bounce_zigzag, "task357", 120),
    "periodic_patch_fill": (periodic_patch_fill, draw_periodic_patch_fill, "task017", 120),
    "two_seed_frames": (two_seed_frames, draw_two_seed_frames, "task028", 100),
    "count_blue_squares": (count_blue_squares, draw_count_blue_squares, "task038", 80),
    "spiral_recursive": (spiral_recursive, draw_spiral_recursive, "task058", 130),
    "ring_around_cells": (ring_around_cells, draw_ring_around_cells, "task095", 110),
    "quadrant_mirror4": (quadrant_mirror4, draw_quadrant_mirror4, "task109", 120),
    "shape_under_5_crop": (shape_under_5_crop, draw_shape_under_5_crop, "task111", 100),
    "band_colours": (band_colours, draw_band_colours, "task115", 110),
    "nested_corner_extend": (nested_corner_extend, draw_nested_corner_extend, "task123", 100),
    "cup_hole_marks": (cup_hole_marks, draw_cup_hole_marks, "task126", 80),
    "block_median_downscale": (block_median_downscale, draw_block_median_downscale, "task130", 110),
    "border_pair_lines": (border_pair_lines, draw_border_pair_lines, "task161", 130),
    "template_row_recolour": (template_row_recolour, draw_template_row_recolour, "task197", 90),
    "rotations_strip": (rotations_strip, draw_rotations_strip, "task214", 100),
    "tallest_shortest_bars": (tallest_shortest_bars, draw_tallest_shortest_bars, "task254", 130),
    "band_cross_swap": (band_cross_swap, draw_band_cross_swap, "task293", 100),
    "ring_colour_shift": (ring_colour_shift, draw_ring_colour_shift, "task298", 90),
    "diagonal_cycle_fill": (diagonal_cycle_fill, draw_diagonal_cycle_fill, "task305", 100),
    "block_centre_fill": (block_centre_fill, draw_block_centre_fill, "task317", 100),
    "row_to_diagonals": (row_to_diagonals, draw_row_to_diagonals, "task398", 110),
    "count_squares_checker": (count_squares_checker, draw_count_squares_checker, "task399", 100),
    "ring_centre_by_corner": (ring_centre_by_corner, draw_ring_centre_by_corner, "task346", 120),
    "square_holes_filled": (square_holes_filled, draw_square_holes_filled, "task102", 210),
    "dotted_box_fill": (dotted_box_fill, draw_dotted_box_fill, "task105", 220),
    "x_center_mirror4": (x_center_mirror4, draw_x_center_mirror4, "task117", 250),
    "noisy_upscaled_pattern": (noisy_upscaled_pattern, draw_noisy_upscaled_pattern, "task134", 210),
    "count_to_diagonal": (count_to_diagonal, draw_count_to_diagonal, "task325", 200),
    "elbow_path": (elbow_path, draw_elbow_path, "task335", 170),
    "frame_with_most_dots": (frame_with_most_dots, draw_frame_with_most_dots, "task396", 230),
    "pieces_into_holes": (pieces_into_holes, draw_pieces_into_holes, "task233", 620),
    "fill_enclosed_0_with_4": (fill_enclosed_0_with_4, draw_fill_enclosed_0_with_4, "task002", 140),
    "fill_enclosed_0_with_1": (fill_enclosed_0_with_1, draw_fill_enclosed_0_with_1, "task251", 140),
    "pairs_to_lines_vertical_on_top": (
        pairs_to_lines_vertical_on_top,
        draw_pairs_to_lines_vertical_on_top,
        "task092",
        130,
    ),
    "join_8s_in_rows_and_cols": (
        join_8s_in_rows_and_cols,
        draw_join_8s_in_rows_and_cols,
        "task356",
        130,
    ),
    "lone_twos_to_one": (lone_twos_to_one, draw_lone_twos_to_one, "task272", 130),
    "rect_interiors_eight": (rect_interiors_eight, draw_rect_interiors_eight, "task120", 130),
    "rect_interiors_two": (rect_interiors_two, draw_rect_interiors_two, "task294", 130),
    "plus_between_pair": (plus_between_pair, draw_plus_between_pair, "task371", 140),
    "base_diagonal_rays": (base_diagonal_rays, draw_base_diagonal_rays, "task288", 150),
    "densest_colour_box": (densest_colour_box, draw_densest_colour_box, "task036", 150),
    "rect_with_most_twos": (rect_with_most_twos, draw_rect_with_most_twos, "task216", 150),
    "rect_with_most_twos_10": (
        rect_with_most_twos,
        draw_rect_with_most_twos_10,
        "task365",
        150,
    ),
    "elbow_line_two_three": (elbow_line_two_three, draw_elbow_line_two_three, "task246", 150),
    "label_block_corners": (label_block_corners, draw_label_block_corners, "task230", 160),
    "assemble_l_pieces": (assemble_l_pieces, draw_assemble_l_pieces, "task253", 170),
    "stamp_template_on_gray": (stamp_template_on_gray, draw_stamp_template_on_gray, "task368", 170),
    "stamp_template_on_eights": (
        stamp_template_on_eights,
        draw_stamp_template_on_eights,
        "task069",
        220,
    ),
    "frame_corners_swap_out": (frame_corners_swap_out, draw_frame_corners_swap_out, "task228", 220),
    "line_to_checker_triangle": (
        line_to_checker_triangle,
        draw_line_to_checker_triangle,
        "task348",
        130,
    ),
    "region_with_most_noise": (region_with_most_noise, draw_region_with_most_noise, "task355", 130),
    "crop_symmetric_object": (crop_symmetric_object, draw_crop_symmetric_object, "task174", 130),
    "stair_above_below_bar": (stair_above_below_bar, draw_stair_above_below_bar, "task256", 130),
    "hollow_rectangles": (hollow_rectangles, draw_hollow_rectangles, "task098", 120),
    "ones_around_twos": (ones_around_twos, draw_ones_around_twos, "task352", 120),
    "largest_box_colour_2x2": (largest_box_colour_2x2, draw_largest_box_colour_2x2, "task100", 120),
    "corner_colour_quadrants": (
        corner_colour_quadrants,
        draw_corner_colour_quadrants,
        "task183",
        120,
    ),
    "extend_row_period": (extend_row_period, draw_extend_row_period, "task231", 70),
    "nine_between_in_rows": (nine_between_in_rows, draw_nine_between_in_rows, "task381", 110),
    "ones_flood_zero_regions": (
        ones_flood_zero_regions,
        draw_ones_flood_zero_regions,
        "task243",
        110,
    ),
    "unmask_fours_half_turn": (
        unmask_fours_half_turn,
        draw_unmask_fours_half_turn,
        "task287",
        90,
    ),
    "overlay_corner_3x3": (overlay_corner_3x3, draw_overlay_corner_3x3, "task296", 90),
    "overlay_quadrants_priority": (
        overlay_quadrants_priority,
        draw_overlay_quadrants_priority,
        "task257",
        100,
    ),
    "periodic_holes_filled": (periodic_holes_filled, draw_periodic_holes_filled, "task110", 110),
    "tiled_by_colour_count": (tiled_by_colour_count, draw_tiled_by_colour_count, "task221", 110),
    "quadrants_overlaid": (quadrants_overlaid, draw_quadrants_overlaid, "task180", 110),
    "cells_filled_by_centre": (cells_filled_by_centre, draw_cells_filled_by_centre, "task127", 100),
    "d4_hole_under_1": (d4_hole_under_1, draw_d4_hole_under_1, "task400", 90),
    "d4_hole_under_3": (d4_hole_under_3, draw_d4_hole_under_3, "task351", 90),
    "repeat_three_row_band": (repeat_three_row_band, draw_repeat_three_row_band, "task215", 70),
    "blocks_with_two_sixes": (blocks_with_two_sixes, draw_blocks_with_two_sixes, "task149", 110),
    "zero_grid_border_8": (zero_grid_border_8, draw_zero_grid_border_8, "task171", 90),
    "mod_product_table_repair": (
        mod_product_table_repair,
        draw_mod_product_table_repair,
        "task061",
        90,
    ),
    "zigzag_every_third_gap": (zigzag_every_third_gap, draw_zigzag_every_third_gap, "task176", 110),
    "halve_repeated_grid": (halve_repeated_grid, draw_halve_repeated_grid, "task188", 100),
    "colour_picks_cross_shape": (
        colour_picks_cross_shape,
        draw_colour_picks_cross_shape,
        "task334",
        100,
    ),
    "column_colours_snake": (column_colours_snake, draw_column_colours_snake, "task316", 100),
    "bar_with_diagonal_and_floor": (
        bar_with_diagonal_and_floor,
        draw_bar_with_diagonal_and_floor,
        "task084",
        100,
    ),
    "crop_object_mirrored": (crop_object_mirrored, draw_crop_object_mirrored, "task177", 80),
    "upscale_by_colour_count": (
        upscale_by_colour_count,
        draw_upscale_by_colour_count,
        "task289",
        100,
    ),
    "drip_colours_down": (drip_colours_down, draw_drip_colours_down, "task322", 70),
    "fill_gaps_between_ones": (fill_gaps_between_ones, draw_fill_gaps_between_ones, "task258", 90),
    "cross_lines_meet_red": (cross_lines_meet_red, draw_cross_lines_meet_red, "task047", 80),
    "object_crop_twice_wide": (
        object_crop_twice_wide,
        draw_object_crop_twice_wide,
        "task057",
        80,
    ),
    "blocks_to_cells_mirrored": (
        blocks_to_cells_mirrored,
        draw_blocks_to_cells_mirrored,
        "task244",
        90,
    ),
    "fill_between_same_colour_in_row": (
        fill_between_same_colour_in_row,
        draw_fill_between_same_colour_in_row,
        "task041",
        90,
    ),
    "ones_sink_into_base_row": (
        ones_sink_into_base_row,
        draw_ones_sink_into_base_row,
        "task073",
        70,
    ),
    "fill_8_under_columns_tile_2x2": (
        fill_8_under_columns_tile_2x2,
        draw_fill_8_under_columns_tile_2x2,
        "task388",
        90,
    ),
    "mirror_of_zero_patch_3x3": (
        mirror_of_zero_patch_3x3,
        draw_mirror_of_zero_patch_3x3,
        "task242",
        80,
    ),
    "colour_counts_ranked_below_top": (
        colour_counts_ranked_below_top,
        draw_colour_counts_ranked_below_top,
        "task391",
        90,
    ),
    "count_grid_lines_canvas": (
        count_grid_lines_canvas,
        draw_count_grid_lines_canvas,
        "task021",
        100,
    ),
    "c4_rotations_6x6": (c4_rotations_6x6, draw_c4_rotations_6x6, "task194", 100),
    "zero_lines_to_red": (zero_lines_to_red, draw_zero_lines_to_red, "task303", 90),
    "c4_object_top_left_quadrant": (
        c4_object_top_left_quadrant,
        draw_c4_object_top_left_quadrant,
        "task039",
        90,
    ),
    "x_diagonals_zeroed": (x_diagonals_zeroed, draw_x_diagonals_zeroed, "task375", 100),
    "colours_by_size_column": (colours_by_size_column, draw_colours_by_size_column, "task393", 90),
    "fill_box_of_shape_red": (fill_box_of_shape_red, draw_fill_box_of_shape_red, "task166", 90),
    "diagonal_odd_columns_yellow": (
        diagonal_odd_columns_yellow,
        draw_diagonal_odd_columns_yellow,
        "task252",
        90,
    ),
    "shift_down_recolour_red": (
        shift_down_recolour_red,
        draw_shift_down_recolour_red,
        "task261",
        80,
    ),
    "odd_quadrant_2x2": (odd_quadrant_2x2, draw_odd_quadrant_2x2, "task207", 110),
    "colour_count_line_3x3": (colour_count_line_3x3, draw_colour_count_line_3x3, "task167", 100),
    "fill_empty_interior_lines": (
        fill_empty_interior_lines,
        draw_fill_empty_interior_lines,
        "task063",
        110,
    ),
    "staircase_from_row": (staircase_from_row, draw_staircase_from_row, "task295", 80),
    "checker_two_rows": (checker_two_rows, draw_checker_two_rows, "task373", 60),
    "nested_rects_dedupe": (nested_rects_dedupe, draw_nested_rects_dedupe, "task377", 90),
    "upscale_3x": (upscale_3x, draw_upscale_3x, "task223", 80),
    "mirror_top_stripes_down": (
        mirror_top_stripes_down,
        draw_mirror_top_stripes_down,
        "task113",
        50,
    ),
    "stripe_colours_deduped": (
        stripe_colours_deduped,
        draw_stripe_colours_deduped,
        "task178",
        80,
    ),
    "both_halves_empty_to_two": (
        both_halves_empty_to_two,
        draw_both_halves_empty_to_two,
        "task395",
        90,
    ),
    "keep_middle_column": (keep_middle_column, draw_keep_middle_column, "task329", 80),
    "every_third_four_to_six": (
        every_third_four_to_six,
        draw_every_third_four_to_six,
        "task292",
        80,
    ),
    "dedupe_colour_blocks": (dedupe_colour_blocks, draw_dedupe_colour_blocks, "task218", 90),
    "bars_rise_by_height": (bars_rise_by_height, draw_bars_rise_by_height, "task128", 90),
    "union_of_halves_green": (union_of_halves_green, draw_union_of_halves_green, "task318", 90),
    "sort_bars_staircase": (sort_bars_staircase, draw_sort_bars_staircase, "task301", 60),
    "mirror_symmetric_1_else_7": (
        mirror_symmetric_1_else_7,
        draw_mirror_symmetric_1_else_7,
        "task103",
        80,
    ),
    "edge_marks_cross": (edge_marks_cross, draw_edge_marks_cross, "task043", 80),
    "overlay_three_panels": (overlay_three_panels, draw_overlay_three_panels, "task321", 90),
    "self_tile_at_twos": (self_tile_at_twos, draw_self_tile_at_twos, "task315", 90),
    "count_ones_as_twos": (count_ones_as_twos, draw_count_ones_as_twos, "task186", 90),
    "columns_pull_up": (columns_pull_up, draw_columns_pull_up, "task078", 90),
    "xor_halves_green": (xor_halves_green, draw_xor_halves_green, "task072", 90),
    "mirror_bottom_half_up": (mirror_bottom_half_up, draw_mirror_bottom_half_up, "task385", 50),
    "swap_five_eight": (swap_five_eight, draw_swap_five_eight, "task337", 70),
    "top_row_colour_bars": (top_row_colour_bars, draw_top_row_colour_bars, "task297", 70),
    "block_pattern_colour_code": (
        block_pattern_colour_code,
        draw_block_pattern_colour_code,
        "task235",
        90,
    ),
    "stacked_halves_nor_2": (stacked_halves_nor_2, draw_stacked_halves_nor_2, "task227", 90),
    "crop_lone_shape": (crop_lone_shape, draw_crop_lone_shape, "task031", 80),
    "bar_split_halves_overlay": (
        bar_split_halves_overlay,
        draw_bar_split_halves_overlay,
        "task372",
        70,
    ),
    "odd_cells_upscale4": (odd_cells_upscale4, draw_odd_cells_upscale4, "task108", 80),
    "halves_xor_three": (halves_xor_three, draw_halves_xor_three, "task236", 90),
    "halves_nor_three": (halves_nor_three, draw_halves_nor_three, "task144", 80),
    "five_to_other_other_to_zero": (
        five_to_other_other_to_zero,
        draw_five_to_other_other_to_zero,
        "task389",
        80,
    ),
    "cross_lines_meet_yellow": (
        cross_lines_meet_yellow,
        draw_cross_lines_meet_yellow,
        "task299",
        90,
    ),
    "object_down_one": (object_down_one, draw_object_down_one, "task053", 50),
    "upscale_twice": (upscale_twice, draw_upscale_twice, "task307", 80),
    "commonest_fills_3x3": (commonest_fills_3x3, draw_commonest_fills_3x3, "task129", 70),
    "fives_from_right_green": (fives_from_right_green, draw_fives_from_right_green, "task332", 90),
    "zigzag_top_pixels": (zigzag_top_pixels, draw_zigzag_top_pixels, "task082", 70),
    "halves_or_six": (halves_or_six, draw_halves_or_six, "task347", 80),
    "fold_right_onto_left": (fold_right_onto_left, draw_fold_right_onto_left, "task360", 70),
    "shape_code_3x3": (shape_code_3x3, draw_shape_code_3x3, "task056", 60),
    "recolor_by_left_column": (recolor_by_left_column, draw_recolor_by_left_column, "task312", 70),
    "replace_six_with_two": (replace_six_with_two, draw_replace_six_with_two, "task276", 60),
    "row_ends_meet_five": (row_ends_meet_five, draw_row_ends_meet_five, "task060", 70),
    "halves_both_zero_eight": (halves_both_zero_eight, draw_halves_both_zero_eight, "task026", 80),
    "fill_row_equal_ends": (fill_row_equal_ends, draw_fill_row_equal_ends, "task045", 70),
    "mirror_rows_twice": (mirror_rows_twice, draw_mirror_rows_twice, "task376", 60),
    "row_colour_by_five": (row_colour_by_five, draw_row_colour_by_five, "task262", 60),
    "swap_colour_pairs": (swap_colour_pairs, draw_swap_colour_pairs, "task016", 70),
    "halves_both_empty_green": (
        halves_both_empty_green,
        draw_halves_both_empty_green,
        "task386",
        80,
    ),
    "halves_both_set_red": (halves_both_set_red, draw_halves_both_set_red, "task006", 80),
    "uniform_rows_grey": (uniform_rows_grey, draw_uniform_rows_grey, "task052", 70),
    "mirror_tile_rows_cols": (mirror_tile_rows_cols, draw_mirror_tile_rows_cols, "task211", 70),
    "drop_cells_to_floor": (drop_cells_to_floor, draw_drop_cells_to_floor, "task032", 60),
    "nonzero_cells_in_one_row": (
        nonzero_cells_in_one_row,
        draw_nonzero_cells_in_one_row,
        "task339",
        60,
    ),
    "recolor_seven_to_five": (recolor_seven_to_five, draw_recolor_seven_to_five, "task309", 60),
    "first_third_of_hstrip": (first_third_of_hstrip, draw_first_third_of_hstrip, "task067", 60),
    "top_right_3x3_of_9x9": (top_right_3x3_of_9x9, draw_top_right_3x3_of_9x9, "task135", 60),
    "top_left_2x2_corner": (top_left_2x2_corner, draw_top_left_2x2_corner, "task326", 50),
    "stripes_mode_by_direction": (
        stripes_mode_by_direction,
        draw_stripes_mode_by_direction,
        "task359",
        90,
    ),
    "shape_self_fractal": (shape_self_fractal, draw_shape_self_fractal, "task217", 120),
    "commonest_colour_kron": (commonest_colour_kron, draw_commonest_colour_kron, "task304", 130),
    "colour_count_columns": (colour_count_columns, draw_colour_count_columns, "task239", 130),
    "smaller_odd_object_two": (smaller_odd_object_two, draw_smaller_odd_object_two, "task277", 260),
}
