"""Cell-wise search: an output the size of its input whose every cell is one short expression
in the cell `c`, its row `r`, its column `k`, or its place `i`, `j` and its neighbours
(`p=lambda g:[[c or max(r)for c in r]for r in g]`).

Terms are built bottom-up, shortest first, from atoms (`c`, `max(r)`, `k.count(c)`, digits,
...) and operators, each evaluated on a sample of the examples' cells at once (numpy); two that
agree on every sampled cell are the same to the search, so only the shorter is built on
(observational equivalence). A term that gives every sampled output cell is a candidate; so is
the cell (or the commonest colour) but where a predicate holds, `[c,2][max(r)<1 or max(k)<1]`:
the predicate two terms compared, or two such joined by `or` or `and`, matched as bits on the
cells that decide it. `search.programs` keeps a candidate when it reproduces the examples
whole.
"""

from __future__ import annotations

import itertools
import re
import time
from collections.abc import Callable, Iterator

import numpy as np

CELLS = 512  # cells evaluated: the ones the output changes first, then a sample of the rest
TERM_LONGEST = 7  # characters of a term of the bank
BANK = 300  # terms of each reading (`_TEMPLATES`): the shortest expressions, each value once
TERMS = 200  # terms compared with each other for predicates
WIDE = 100  # predicates that hold on half the cells they must at least, to join with ...
SAFE = 3000  # ... the shortest that hold only where they must
SECONDS = 1.0  # per task
FOUND = 4  # candidates per task

_K, _IJ = 1, 2  # what an expression reads besides `c`, `r` and `g`: the column, or the indices
# The program around an expression, by what it reads.
_TEMPLATES = {
    0: "[[{}for c in r]for r in g]",
    _K: "[[{}for c,k in zip(r,zip(*g))]for r in g]",
    _IJ: "[[{}for j,c in enumerate(r)]for i,r in enumerate(g)]",
}
_ATOM = 16  # Python's precedence of a name, call or display; `or` is 3, `*` 12 (below)


def _name_char(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


def _atoms(pairs) -> tuple[dict[str, tuple[int, np.ndarray]], np.ndarray, np.ndarray, np.ndarray]:
    """`{code: (what it reads, value at each cell)}`, the cells' outputs, and which colours
    each cell's row and column hold (for `x in r`)."""
    cols: dict[str, list] = {}
    rows_have, cols_have = [], []

    def add(name, values):
        cols.setdefault(name, []).extend(values)

    for g, o in pairs:
        cg = [list(k) for k in zip(*g, strict=True)]
        for i, (r, out) in enumerate(zip(g, o, strict=True)):
            for j, (c, t) in enumerate(zip(r, out, strict=True)):
                k = cg[j]
                add("c", [c])
                add("out", [t])
                add("max(r)", [max(r)])
                add("min(r)", [min(r)])
                add("sum(r)", [sum(r)])
                add("len(r)", [len(r)])
                add("len(g)", [len(g)])
                add("r.count(c)", [r.count(c)])
                add("max(k)", [max(k)])
                add("min(k)", [min(k)])
                add("sum(k)", [sum(k)])
                add("k.count(c)", [k.count(c)])
                # the ends of its row and column: a line's colour given at its end
                add("r[0]", [r[0]])
                add("r[-1]", [r[-1]])
                add("k[0]", [k[0]])
                add("k[-1]", [k[-1]])
                add("i", [i])
                add("j", [j])
                # neighbours, the way Python's indices wrap round
                add("r[j-1]", [r[j - 1]])
                add("(r*2)[j+1]", [(r * 2)[j + 1]])
                add("g[i-1][j]", [g[i - 1][j]])
                add("(g*2)[i+1][j]", [(g * 2)[i + 1][j]])
                add("r[~j]", [r[~j]])
                add("g[~i][j]", [g[~i][j]])
                # the most a cell sees to its left, right, top or bottom: lines drawn from a cell
                add("max(r[:j+1])", [max(r[: j + 1])])
                add("max(r[j:])", [max(r[j:])])
                add("max(s[j]for s in g[:i+1])", [max(k[: i + 1])])
                add("max(s[j]for s in g[i:])", [max(k[i:])])
                rows_have.append([v in r for v in range(10)])
                cols_have.append([v in k for v in range(10)])
    values = {name: np.array(v, dtype=np.int64) for name, v in cols.items()}
    out = values.pop("out")
    # what each atom reads, by the names it uses (`min(r)` holds an `i` but reads no index)
    names = {name: set(re.findall(r"\b[a-z]\b", name)) for name in values}
    atoms = {
        name: (_IJ if names[name] & {"i", "j"} else _K if "k" in names[name] else 0, v)
        for name, v in values.items()
    }
    for d in range(10):
        atoms[str(d)] = (0, np.full(len(out), d, dtype=np.int64))
    return atoms, out, np.array(rows_have), np.array(cols_have)


def _sample(out: np.ndarray, changed: np.ndarray) -> np.ndarray:
    """Cells to evaluate: those the output changes (up to half), then others, at random."""
    rng = np.random.default_rng(0)
    moved, kept = np.flatnonzero(changed), np.flatnonzero(~changed)
    moved = rng.permutation(moved)[: max(CELLS // 2, CELLS - len(kept))]
    kept = rng.permutation(kept)[: CELLS - len(moved)]
    return np.sort(np.concatenate([moved, kept]))


# Binary operators: code, precedence, the least precedence each operand has without brackets,
# and the value on two arrays. A divisor is never 0 on a sampled cell (Python would raise).
def _compare(op):
    return lambda a, b: op(a, b).astype(np.int64)


_BINARY: list[tuple[str, int, int, int, Callable]] = [
    ("or", 3, 3, 4, lambda a, b: np.where(a != 0, a, b)),
    ("and", 4, 4, 5, lambda a, b: np.where(a != 0, b, a)),
    ("==", 6, 7, 7, _compare(np.equal)),
    ("!=", 6, 7, 7, _compare(np.not_equal)),
    ("<", 6, 7, 7, _compare(np.less)),
    (">", 6, 7, 7, _compare(np.greater)),
    ("|", 7, 7, 8, np.bitwise_or),
    ("^", 8, 8, 9, np.bitwise_xor),
    ("&", 9, 9, 10, np.bitwise_and),
    ("+", 11, 11, 12, np.add),
    ("-", 11, 11, 12, np.subtract),
    ("*", 12, 12, 13, np.multiply),
    ("//", 12, 12, 13, np.floor_divide),
    ("%", 12, 12, 13, np.mod),
    ("max", _ATOM, 0, 0, np.maximum),
    ("min", _ATOM, 0, 0, np.minimum),
]
_COMMUTATIVE = {"|", "^", "&", "+", "*", "==", "!=", "max", "min"}
_DIVISIONS = {"//", "%"}
_KEYWORDS = {"or", "and"}
_CHUNK = 1 << 16  # values computed at once


class _Group:
    """Expressions of one length, precedence and reading, whose first and last characters are
    (or not) name characters: everything that decides how one combines with another."""

    def __init__(self):
        self.codes: list[str] = []
        self.rows: list[np.ndarray] = []
        self.values: np.ndarray | None = None
        self.divisors: np.ndarray | None = None  # indices of those never 0

    def freeze(self) -> None:
        self.values = np.stack(self.rows)
        self.divisors = np.flatnonzero(self.values.all(axis=1))


def _joined(op: str, a: str, b: str, bracket_a: bool, bracket_b: bool) -> str:
    if op in ("max", "min"):
        return f"{op}({a},{b})"
    a = f"({a})" if bracket_a else a
    b = f"({b})" if bracket_b else b
    if op in _KEYWORDS:
        return f"{a}{' ' if _name_char(a[-1]) else ''}{op}{' ' if _name_char(b[0]) else ''}{b}"
    return f"{a}{op}{b}"


class _Search:
    """One task's enumeration: the groups built so far, and what one length adds."""

    def __init__(self, pairs):
        atoms, out, rows_have, cols_have = _atoms(pairs)
        cells = _sample(out, atoms["c"][1] != out)
        self.target = out[cells]
        self.cell = atoms["c"][1][cells]
        self.weights = np.random.default_rng(1).integers(1, 2**62, size=len(cells)) | 1
        self.goal = int(self.fingerprints(self.target))
        self.have = {"r": rows_have[cells], "k": cols_have[cells]}
        self.groups: dict[tuple, _Group] = {}  # (length, precedence, reads, first, last) -> group
        self.seen: set[int] = set()
        self.banked = dict.fromkeys(_TEMPLATES, 0)  # terms of each reading
        self.pending = dict.fromkeys(_TEMPLATES, 0)  # ... and of this length's, not yet kept
        self.found: list[tuple[int, str]] = []
        self.fresh: list[tuple[str, int, int, np.ndarray]] = []
        self.atoms: set[str] = set()
        for code, (reads, v) in sorted(atoms.items(), key=lambda kv: len(kv[0])):
            v = v[cells][None]
            self.sink(lambda _, code=code: code, _ATOM, reads, v, self.fingerprints(v))
        self.keep()
        self.atoms = set(atoms)

    def fingerprints(self, v: np.ndarray) -> np.ndarray:
        return (v * self.weights).sum(axis=-1)

    def sink(self, code: Callable[[int], str], prec: int, reads: int, v, fps) -> None:
        """Values `v` (one row an expression, `code(row)`): a hit noted, the new ones kept."""
        if self.atoms:  # a constant made of others: the digit says it shorter
            varies = v.min(axis=1) != v.max(axis=1)
            v, fps = v[varies], fps[varies]
            rows = np.flatnonzero(varies)
            code = (lambda c: lambda h: c(rows[h]))(code)
        for h in np.flatnonzero(fps == self.goal):
            if np.array_equal(v[h], self.target):
                self.found.append((reads, code(h)))
        if self.full(reads):
            return
        room = BANK - self.banked[reads] - self.pending[reads]
        keys, first = np.unique(fps * 3 + reads, return_index=True)
        for key, h in zip(keys.tolist(), first.tolist(), strict=True):
            if key not in self.seen:
                self.fresh.append((code(h), prec, reads, v[h], key))
                self.pending[reads] += 1
                room -= 1
                if room == 0:
                    return

    def keep(self) -> None:
        """This length's new expressions into their groups, each value once."""
        for code, prec, reads, v, key in self.fresh:
            if key not in self.seen:
                self.seen.add(key)
                self.banked[reads] += 1
                group_key = (len(code), prec, reads, _name_char(code[0]), _name_char(code[-1]))
                group = self.groups.setdefault(group_key, _Group())
                group.codes.append(code)
                group.rows.append(v)
        self.fresh = []
        self.pending = dict.fromkeys(_TEMPLATES, 0)
        for g in self.groups.values():
            if g.values is None or len(g.values) != len(g.rows):
                g.freeze()

    def grow(self, length: int, deadline: float) -> None:
        """Every expression `length` characters long made from shorter ones."""
        items = list(self.groups.items())
        for (ka, ga), (kb, gb) in itertools.product(items, items):
            if time.monotonic() > deadline:
                return
            (la, pa, ra, _, ea), (lb, pb, rb, fb, _) = ka, kb
            reads = ra | rb
            if reads == _K | _IJ or la + lb + 1 > length or self.full(reads):
                continue
            for op, prec, need_a, need_b, fn in _BINARY:
                if op in _COMMUTATIVE and ka > kb:
                    continue
                bracket_a, bracket_b = pa < need_a, pb < need_b
                size = la + lb + len(op) + 2 * (bracket_a + bracket_b)
                if op in ("max", "min"):
                    size += 3
                elif op in _KEYWORDS:
                    size += (ea and not bracket_a) + (fb and not bracket_b)
                if size == length:
                    self.combine(op, prec, fn, ga, gb, reads, bracket_a, bracket_b)
        for (la, pa, ra, _, ea), ga in items:
            bracket = pa < 7
            if la + 3 + 2 * bracket + (ea and not bracket) == length:
                for name, reads in (("r", ra), ("k", ra | _K)):
                    if reads != _K | _IJ and not self.full(reads):
                        self.member(ga, name, reads, bracket)
            bracket = pa < 13
            if la + 1 + 2 * bracket == length and not self.full(ra):
                v = np.invert(ga.values)

                def code(h, g=ga, bracket=bracket):
                    return f"~({g.codes[h]})" if bracket else f"~{g.codes[h]}"

                self.sink(code, 13, ra, v, self.fingerprints(v))

    def full(self, reads: int) -> bool:
        return self.banked[reads] + self.pending[reads] >= BANK

    def combine(self, op, prec, fn, ga, gb, reads, bracket_a, bracket_b) -> None:
        b_rows = gb.divisors if op in _DIVISIONS else np.arange(len(gb.codes))
        if not len(b_rows):
            return
        b = gb.values[b_rows]
        step = max(1, _CHUNK // (len(b) * len(self.target)))
        for start in range(0, len(ga.codes), step):
            a = ga.values[start : start + step]
            v = fn(a[:, None, :], b[None, :, :]).reshape(-1, len(self.target))

            def code(h, start=start):
                i, j = divmod(h, len(b))
                return _joined(op, ga.codes[start + i], gb.codes[b_rows[j]], bracket_a, bracket_b)

            self.sink(code, prec, reads, v, self.fingerprints(v))

    def member(self, ga, name, reads, bracket) -> None:
        a = ga.values
        colour = np.clip(a, 0, 9)
        have = self.have[name]
        v = (have[np.arange(len(self.target))[None, :], colour] & (a >= 0) & (a <= 9)).astype(
            np.int64
        )

        def code(h):
            x = f"({ga.codes[h]})" if bracket else ga.codes[h]
            return f"{x}{' ' if _name_char(x[-1]) else ''}in {name}"

        self.sink(code, 6, reads, v, self.fingerprints(v))


def expressions(pairs, seconds: float = SECONDS) -> list[tuple[int, str]]:
    """Expressions (with what they read, a `_TEMPLATES` key) that give every sampled output cell
    of `pairs` (inputs and outputs of one size each), shortest program first: a term of the
    bank, or the cell unless a predicate holds, `[c,Y][P]`."""
    deadline = time.monotonic() + seconds
    search = _Search(pairs)
    for length in range(2, TERM_LONGEST + 1):
        if min(search.banked.values()) >= BANK or time.monotonic() > deadline:
            break
        search.grow(length, deadline)
        search.keep()
    found = list(search.found)
    terms = _Terms(search)
    # The output is `x` (the cell, or the commonest colour) but where a predicate holds: `y`.
    colours, counts = np.unique(terms.target, return_counts=True)
    everywhere = np.ones(len(terms.target), dtype=bool)
    bases = [search.cell, np.full(len(terms.target), colours[counts.argmax()])]
    for x in dict.fromkeys(x for b in bases for x in terms.matching(b, everywhere)[:1]):
        base = terms.values[x]
        changed = terms.target != base
        if not changed.any():
            continue
        for y in terms.matching(terms.target, changed)[:2]:
            care = changed | (terms.values[y] != base)
            pair = f"{terms.codes[x]},{terms.codes[y]}"
            for goal, xy in ((changed, pair), (~changed, f"{terms.codes[y]},{terms.codes[x]}")):
                for reads, p in terms.predicates(goal, care, deadline)[:FOUND]:
                    if reads | terms.reads[y] in _TEMPLATES:
                        found.append((reads | terms.reads[y], f"[{xy}][{p}]"))
    found = sorted(set(found), key=lambda rc: (len(_TEMPLATES[rc[0]]) + len(rc[1]), rc))
    return found[:FOUND]


class _Terms:
    """The bank as arrays, shortest first, for predicates over it."""

    def __init__(self, search: _Search):
        rows = []
        for (length, prec, reads, _, _), g in search.groups.items():
            rows += [
                (length, prec, reads, code, v) for code, v in zip(g.codes, g.rows, strict=True)
            ]
        rows.sort(key=lambda row: (row[3] not in search.atoms, row[0], row[3]))
        self.target = search.target
        self.codes = [row[3] for row in rows]
        self.lengths = np.array([row[0] for row in rows])
        self.precs = np.array([row[1] for row in rows])
        self.reads = [row[2] for row in rows]
        self.values = np.stack([row[4] for row in rows])

    def matching(self, goal: np.ndarray, care: np.ndarray) -> list[int]:
        """Terms equal to `goal` on the cells `care` holds, shortest first."""
        return np.flatnonzero(((self.values != goal) & care).sum(axis=1) == 0).tolist()

    def predicates(
        self, goal: np.ndarray, care: np.ndarray, deadline: float
    ) -> list[tuple[int, str]]:
        """Short predicates equal to `goal` (booleans) where `care` holds, shortest first: a
        0/1 term, two terms compared, or two of those joined by `or` or `and`. Cells are bits
        here."""
        want, mask = np.packbits(goal & care), np.packbits(care)
        outside = np.packbits(care & ~goal)
        hits = []
        # (sizes, packed predicates, entry) of those that hold only where `goal` does (to join
        # with `or`), and the complements of those that hold everywhere it does (with `and`)
        parts: dict[str, list] = {"or": [], "and": []}

        def sort(p: np.ndarray, sizes: np.ndarray, entry: Callable) -> None:
            """`p`: packed predicates, one a row, `sizes` their lengths; `entry(row)`: (size,
            reads, code, precedence), None when it may not be written."""
            exact = ~((p & mask) ^ want).any(axis=1)
            for h in np.flatnonzero(exact).tolist():
                if (e := entry(h)) is not None:
                    hits.append(e[:3])
            inside = ~(p & outside).any(axis=1) & ~exact
            part = np.flatnonzero(inside & (p & want).any(axis=1))
            parts["or"].append((sizes[part], p[part], lambda h: entry(part[h])))
            over = np.flatnonzero(~((p & want) ^ want).any(axis=1) & ~inside)
            parts["and"].append((sizes[over], ~p[over], lambda h: entry(over[h])))

        flags = np.flatnonzero(((self.values == 0) | (self.values == 1)).all(axis=1))
        sort(
            np.packbits(self.values[flags] > 0, axis=1),
            self.lengths[flags],
            lambda h: (
                int(self.lengths[flags[h]]),
                self.reads[flags[h]],
                self.codes[flags[h]],
                int(self.precs[flags[h]]),
            ),
        )
        n = min(len(self.codes), TERMS)
        v = self.values[:n]
        sizes = self.lengths[:n] + (self.precs[:n] < 7) * 2
        for op, fn in (("<", np.less), ("==", np.equal), ("!=", np.not_equal)):
            for start in range(0, n, 32):
                if time.monotonic() > deadline:
                    break
                cmp = fn(v[start : start + 32, None, :], v[None, :, :])
                packed = np.packbits(cmp, axis=2).reshape(-1, len(want))

                def entry(h, start=start, op=op):
                    a, b = divmod(h, n)
                    a += start
                    reads = self.reads[a] | self.reads[b]
                    if a == b or reads == _K | _IJ:
                        return None
                    code = f"{self._operand(a)}{op}{self._operand(b)}"
                    return int(sizes[a] + sizes[b]) + len(op), reads, code, 6

                size = (sizes[start : start + 32, None] + sizes[None, :] + len(op)).ravel()
                sort(packed, size, entry)
        hits += self._pairs(parts["or"], want, "or")
        hits += self._pairs(parts["and"], outside, "and")
        hits.sort(key=lambda h: (h[0], h[2]))
        return [(reads, code) for _, reads, code in hits]

    @staticmethod
    def _pairs(parts: list, want: np.ndarray, join: str) -> list[tuple[int, int, str]]:
        """Two predicates of `parts`, each holding only where `want` does, that together hold
        everywhere it does: one of them covers half of it at least. Joined by `join` (`and`
        joins predicates whose complements are in `parts`)."""
        sizes = np.concatenate([s for s, _, _ in parts])
        if not len(sizes):
            return []
        packed = np.concatenate([p for _, p, _ in parts])
        ends = np.cumsum([len(s) for s, _, _ in parts])
        covers = np.unpackbits(packed & want, axis=1).sum(axis=1)
        order = np.argsort(sizes, kind="stable")
        big = order[2 * covers[order] >= np.unpackbits(want).sum()][:WIDE]
        rest = order[:SAFE]
        found = []
        for a in big.tolist():
            left = want & ~packed[a]
            fits = rest[~((packed[rest] & left) ^ left).any(axis=1)]
            found += [
                (int(sizes[a] + sizes[b]) + len(join) + 2, a, b) for b in fits[:FOUND].tolist()
            ]

        def entry(i):
            k = int(np.searchsorted(ends, i, side="right"))
            return parts[k][2](i - (ends[k - 1] if k else 0))

        out = []
        for _, a, b in sorted(found)[: 4 * FOUND]:
            ea, eb = entry(a), entry(b)
            if ea and eb and ea[1] | eb[1] != _K | _IJ:
                # `a or b and c` is `a or (b and c)`
                loose = join == "and" and ea[3] < 4, join == "and" and eb[3] < 4
                code = _joined(join, ea[2], eb[2], *loose)
                out.append((len(code), ea[1] | eb[1], code))
        return out

    def _operand(self, i: int) -> str:
        return f"({self.codes[i]})" if self.precs[i] < 7 else self.codes[i]


def programs(pairs, seconds: float = SECONDS) -> Iterator[tuple[str, str]]:
    """`(how, expression in g)` for each cell-wise candidate, as `search` writes them."""
    if not all(
        len(i) == len(o) and all(len(r) == len(s) for r, s in zip(i, o, strict=True))
        for i, o in pairs
    ):
        return
    for reads, code in expressions(pairs, seconds):
        space = " " if _name_char(code[-1]) else ""
        yield "cells", _TEMPLATES[reads].format(code + space)
