"""A procedural grid curriculum in the Code Golf format, small enough for a 135M model to learn.

Each *family* is one simple grid transformation (flips, rotations, transpose, colour maps,
crops, tiling, scaling, gravity, borders, ...), some with parameters (which colour, how many
tiles). A task is one (family, parameters, instance): a few small train examples, a test
example and many checking examples in ``arc_gen``, all drawn from a ``random.Random`` seeded by
a string of (seed, family, parameters, instance), so a task is the same on every machine and
does not depend on which other tasks were generated.

Every task carries a short golfed *reference* program that is correct on all its examples
(tests run each one in the real sandbox): the corpus for supervised warm starts.

Held-out split: whole families (rot180, rot270, gravity up, vertical mirror; each is a
composition or an analogue of train families) and unseen parameters of train families (new
colours, tile counts, scale 3, ...). ``SyntheticTaskSet.split`` returns that split, so the
driver trains on train families and evaluates on held-out ones.
"""

from __future__ import annotations

import io
import random
import tokenize
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise

from golf_ray.tasks.grids import Example, Grid, Task, TaskSet

FIRST_NUMBER = 1001  # ids task1001...: never confused with the 400 competition tasks

Params = tuple[int, ...]
Transform = Callable[[Grid], Grid]


@dataclass(repr=False)
class SyntheticTask(Task):
    family: str = ""
    params: Params = ()
    reference: str = ""  # a golfed program correct on every example
    held_out: bool = False


@dataclass(frozen=True)
class Family:
    """A transformation; `make(params)` gives (transform, reference program).

    `train`/`held_out` list the parameter tuples of each split. `sizes` bounds input grid sides;
    `needs(params)` lists colours every input must contain (so a colour map is visible);
    `avoid(params)` colours inputs must not contain (so the rule is unambiguous)."""

    name: str
    make: Callable[[Params], tuple[Transform, str]]
    train: tuple[Params, ...] = ()
    held_out: tuple[Params, ...] = ()
    sizes: tuple[int, int] = (3, 6)
    needs: Callable[[Params], Sequence[int]] = lambda p: ()
    avoid: Callable[[Params], Sequence[int]] = lambda p: ()
    background: float = 0.4  # share of 0 cells


# --- transforms (plain Python, written independently of the golfed references) --------------


def _t(g: Grid) -> Grid:
    return [list(col) for col in zip(*g, strict=True)]


def _gravity_down(g: Grid) -> Grid:
    cols = []
    for col in zip(*g, strict=True):
        full = [c for c in col if c]
        cols.append([0] * (len(col) - len(full)) + full)
    return _t(cols)


def _gravity_up(g: Grid) -> Grid:
    return _gravity_down(g[::-1])[::-1]


def _gravity_left(g: Grid) -> Grid:
    return [[c for c in r if c] + [0] * r.count(0) for r in g]


def _gravity_right(g: Grid) -> Grid:
    return [[0] * r.count(0) + [c for c in r if c] for r in g]


def _fixed(fn: Transform, ref: str) -> Callable[[Params], tuple[Transform, str]]:
    return lambda p: (fn, ref)


def _recolour(p: Params) -> tuple[Transform, str]:
    a, b = p
    fn = lambda g: [[b if c == a else c for c in r] for r in g]  # noqa: E731
    return fn, f"p=lambda g:[[[c,{b}][c=={a}]for c in r]for r in g]"


def _swap(p: Params) -> tuple[Transform, str]:
    a, b = p
    fn = lambda g: [[{a: b, b: a}.get(c, c) for c in r] for r in g]  # noqa: E731
    return fn, f"p=lambda g:[[{{{a}:{b},{b}:{a}}}.get(c,c)for c in r]for r in g]"


def _fill(p: Params) -> tuple[Transform, str]:
    (k,) = p
    return (lambda g: [[c if c else k for c in r] for r in g]), (
        f"p=lambda g:[[c or {k} for c in r]for r in g]"
    )


def _paint(p: Params) -> tuple[Transform, str]:
    (k,) = p
    return (lambda g: [[k if c else 0 for c in r] for r in g]), (
        f"p=lambda g:[[c and {k} for c in r]for r in g]"
    )


def _crop(p: Params) -> tuple[Transform, str]:
    h, w = p
    return (lambda g: [r[:w] for r in g[:h]]), f"p=lambda g:[r[:{w}]for r in g[:{h}]]"


def _tile(p: Params) -> tuple[Transform, str]:
    nx, ny = p
    fn = lambda g: [r * nx for r in g] * ny  # noqa: E731
    row = "r" if nx == 1 else f"r*{nx}"
    return fn, f"p=lambda g:[{row} for r in g]" + ("" if ny == 1 else f"*{ny}")


def _scale(p: Params) -> tuple[Transform, str]:
    (k,) = p

    def fn(g: Grid) -> Grid:
        out = []
        for r in g:
            row = [c for c in r for _ in range(k)]
            out += [list(row) for _ in range(k)]
        return out

    return fn, f"p=lambda g:[[c for c in r for _ in[0]*{k}]for r in g for _ in[0]*{k}]"


def _border(p: Params) -> tuple[Transform, str]:
    (k,) = p

    def fn(g: Grid) -> Grid:
        edge = [k] * (len(g[0]) + 2)
        return [edge, *([k, *r, k] for r in g), list(edge)]

    return fn, f"p=lambda g:[e:=[{k}]*(len(g[0])+2)]+[[{k},*r,{k}]for r in g]+[e]"


def _pairs(colours: Iterable[tuple[int, int]]) -> tuple[Params, ...]:
    return tuple(colours)


FAMILIES: dict[str, Family] = {
    f.name: f
    for f in [
        Family("identity", _fixed(lambda g: [list(r) for r in g], "p=lambda g:g"), ((),)),
        Family(
            "flip_h",
            _fixed(lambda g: [r[::-1] for r in g], "p=lambda g:[r[::-1]for r in g]"),
            ((),),
        ),
        Family("flip_v", _fixed(lambda g: [list(r) for r in g[::-1]], "p=lambda g:g[::-1]"), ((),)),
        Family("transpose", _fixed(_t, "p=lambda g:[*map(list,zip(*g))]"), ((),)),
        Family(
            "rot90", _fixed(lambda g: _t(g[::-1]), "p=lambda g:[*map(list,zip(*g[::-1]))]"), ((),)
        ),
        Family(
            "rot180",
            _fixed(lambda g: [r[::-1] for r in g[::-1]], "p=lambda g:[r[::-1]for r in g[::-1]]"),
            held_out=((),),
        ),
        Family(
            "rot270",
            _fixed(lambda g: _t(g)[::-1], "p=lambda g:[*map(list,zip(*g))][::-1]"),
            held_out=((),),
        ),
        Family(
            "recolour",
            _recolour,
            _pairs([(1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 1), (1, 8), (8, 2)]),
            _pairs([(7, 9), (9, 4), (2, 7)]),
            needs=lambda p: (p[0],),
            avoid=lambda p: (p[1],),
        ),
        Family(
            "swap",
            _swap,
            _pairs([(1, 2), (3, 5), (4, 6), (2, 8)]),
            _pairs([(7, 9), (1, 6)]),
            needs=lambda p: p,
        ),
        Family(
            "fill", _fill, ((1,), (2,), (3,), (4,), (5,), (6,)), ((7,), (9,)), avoid=lambda p: p
        ),
        Family("paint", _paint, ((1,), (2,), (3,), (5,), (8,)), ((4,), (7,)), avoid=lambda p: p),
        Family(
            "crop", _crop, ((1, 1), (2, 2), (1, 3), (3, 1), (2, 3)), ((3, 2), (3, 3)), sizes=(4, 7)
        ),
        Family("tile", _tile, ((2, 1), (1, 2), (2, 2)), ((3, 1), (1, 3)), sizes=(2, 4)),
        Family("scale", _scale, ((2,),), ((3,),), sizes=(2, 3)),
        Family(
            "gravity_down",
            _fixed(
                _gravity_down, "p=lambda g:[*map(list,zip(*[sorted(c,key=bool)for c in zip(*g)]))]"
            ),
            ((),),
            background=0.6,
        ),
        Family(
            "gravity_left",
            _fixed(_gravity_left, "p=lambda g:[sorted(r,key=lambda c:c<1)for r in g]"),
            ((),),
            background=0.6,
        ),
        Family(
            "gravity_right",
            _fixed(_gravity_right, "p=lambda g:[sorted(r,key=bool)for r in g]"),
            ((),),
            background=0.6,
        ),
        Family(
            "gravity_up",
            _fixed(
                _gravity_up,
                "p=lambda g:[*map(list,zip(*[sorted(c,key=lambda x:x<1)for c in zip(*g)]))]",
            ),
            held_out=((),),
            background=0.6,
        ),
        Family(
            "mirror_h",
            _fixed(lambda g: [r + r[::-1] for r in g], "p=lambda g:[r+r[::-1]for r in g]"),
            ((),),
            sizes=(2, 5),
        ),
        Family(
            "mirror_v",
            _fixed(lambda g: [list(r) for r in g + g[::-1]], "p=lambda g:g+g[::-1]"),
            held_out=((),),
            sizes=(2, 5),
        ),
        Family("border", _border, ((1,), (2,), (5,)), ((8,),), sizes=(2, 5)),
    ]
}
HELD_OUT_FAMILIES = tuple(n for n, f in FAMILIES.items() if f.held_out and not f.train)


def fold_families(folds: int, fold: int) -> tuple[str, ...]:
    """The families fold `fold` of `folds` holds out: families dealt round-robin in table order,
    so the folds partition the families and differ in size by at most one."""
    return tuple(list(FAMILIES)[fold::folds])


def family_tokens(name: str) -> frozenset[tuple[str, str]]:
    """The token bigrams of a family's reference programs over all its parameters: names and
    operators in order, every number as `#` (numbers are the parameters, not the operation)."""
    family, out = FAMILIES[name], set()
    for params in (*family.train, *family.held_out):
        code = family.make(params)[1]
        words = [
            "#" if tok.type == tokenize.NUMBER else tok.string
            for tok in tokenize.generate_tokens(io.StringIO(code).readline)
            if tok.type in (tokenize.NAME, tokenize.OP, tokenize.NUMBER)
        ]
        out.update(pairwise(words))
    return frozenset(out)


def family_similarity(a: str, b: str) -> float:
    """Jaccard overlap of two families' reference-program token bigrams (`family_tokens`):
    1 for the same operations in the same order, 0 for nothing in common."""
    ta, tb = family_tokens(a), family_tokens(b)
    return len(ta & tb) / len(ta | tb)


# --- generation -------------------------------------------------------------------------------


@dataclass(frozen=True)
class SyntheticSpec:
    """What to generate. The defaults make 63 tasks: 44 train and 19 held-out."""

    seed: int = 0
    per_param: int = 1  # tasks (different grids) per (family, parameters)
    n_train: int = 3
    n_test: int = 1
    n_check: int = 24  # arc-gen examples: what a program must also pass, never shown
    families: tuple[str, ...] = field(default_factory=lambda: tuple(FAMILIES))

    def check(self) -> None:
        unknown = [f for f in self.families if f not in FAMILIES]
        if unknown:
            raise ValueError(
                f"synthetic tasks: unknown family {unknown[0]!r}; valid: {', '.join(FAMILIES)}"
            )
        for name in ("per_param", "n_train", "n_check"):
            value = getattr(self, name)
            if type(value) is not int or not 1 <= value <= 1000:
                raise ValueError(
                    f"synthetic tasks: {name} must be an int in 1..1000, got {value!r}"
                )
        if type(self.n_test) is not int or not 0 <= self.n_test <= 1000:
            raise ValueError(
                f"synthetic tasks: n_test must be an int in 0..1000, got {self.n_test!r}"
            )
        if type(self.seed) is not int:
            raise ValueError(f"synthetic tasks: seed must be an int, got {self.seed!r}")


def _random_grid(rng: random.Random, family: Family, params: Params) -> Grid:
    lo, hi = family.sizes
    h, w = rng.randint(lo, hi), rng.randint(lo, hi)
    avoid = set(family.avoid(params))
    needs = list(dict.fromkeys(family.needs(params)))
    palette = [c for c in range(1, 10) if c not in avoid]
    colours = needs + rng.sample([c for c in palette if c not in needs], rng.randint(1, 3))
    grid = [
        [0 if rng.random() < family.background else rng.choice(colours) for _ in range(w)]
        for _ in range(h)
    ]
    cells = [(r, c) for r in range(h) for c in range(w)]
    for colour, (r, c) in zip(needs, rng.sample(cells, len(needs)), strict=False):
        grid[r][c] = colour  # every needed colour appears at least once
    return grid


def _examples(
    rng: random.Random, family: Family, params: Params, fn: Transform, n: int
) -> list[Example]:
    """`n` examples with distinct inputs; each changes its input unless the family is identity."""
    seen: set[str] = set()
    out: list[Example] = []
    for _ in range(200 * n):
        if len(out) == n:
            break
        grid = _random_grid(rng, family, params)
        key = repr(grid)
        result = fn([list(r) for r in grid])
        if key in seen or (family.name != "identity" and result == grid):
            continue
        seen.add(key)
        out.append(Example(grid, result))
    if len(out) < n:
        raise RuntimeError(f"synthetic tasks: {family.name}{params}: could not draw {n} examples")
    return out


def generate_task(
    family_name: str, params: Params, instance: int, number: int, spec: SyntheticSpec
) -> SyntheticTask:
    """One task, a pure function of (spec.seed, family, params, instance) and the spec sizes."""
    family = FAMILIES[family_name]
    fn, reference = family.make(params)
    rng = random.Random(f"{spec.seed}:{family_name}:{params}:{instance}")
    examples = _examples(rng, family, params, fn, spec.n_train + spec.n_test + spec.n_check)
    n_train, n_test = spec.n_train, spec.n_test
    return SyntheticTask(
        id=f"task{number:03d}",
        number=number,
        arc_id=None,
        train=examples[:n_train],
        test=examples[n_train : n_train + n_test],
        arc_gen=examples[n_train + n_test :],
        family=family_name,
        params=tuple(params),
        reference=reference,
        held_out=params in family.held_out,
    )


@dataclass(eq=False, repr=False)
class SyntheticTaskSet(TaskSet):
    """A TaskSet whose train/val split is by family and parameters, not by hash of the id."""

    def split(self, val_fraction: float = 0.0, seed: int = 0) -> tuple[list[str], list[str]]:
        """(train ids, held-out ids). `val_fraction` and `seed` are ignored: the held-out
        families and parameters are fixed by the family table (see the module docstring)."""
        train = [t.id for t in self.tasks if not _held_out(t)]
        return train, [t.id for t in self.tasks if _held_out(t)]

    def split_families(self, families: Sequence[str]) -> tuple[list[str], list[str]]:
        """(train ids, held-out ids) holding out whole `families`, every parameter of them, and
        training on every parameter of the others (`tasks.holdout_families`, `tasks.folds`)."""
        held = set(families)
        train = [t.id for t in self.tasks if getattr(t, "family", "") not in held]
        return train, [t.id for t in self.tasks if getattr(t, "family", "") in held]

    def subset(self, ids: Sequence[str]) -> SyntheticTaskSet:
        return SyntheticTaskSet([self.by_id(i) for i in ids], source=self.source)

    def references(self) -> dict[str, str]:
        """task id -> its golfed reference program."""
        return {t.id: t.reference for t in self.tasks if isinstance(t, SyntheticTask)}

    def held_out(self) -> SyntheticTaskSet:
        return self.subset(self.split()[1])

    def train_tasks(self) -> SyntheticTaskSet:
        return self.subset(self.split()[0])


def _held_out(task: Task) -> bool:
    return bool(getattr(task, "held_out", False))


def load_synthetic_tasks(spec: SyntheticSpec | None = None, **kwargs: object) -> SyntheticTaskSet:
    """The synthetic task set: ``load_synthetic_tasks(seed=1, per_param=2)`` or with a spec.

    Numbering walks families in table order, then parameters (train, then held-out), then
    instances, from task1001; a task's grids depend only on its own seed string."""
    if spec is None:
        try:
            spec = SyntheticSpec(**kwargs)  # type: ignore[arg-type]
        except TypeError as exc:
            raise ValueError(f"synthetic tasks: {exc}") from None
    elif kwargs:
        raise ValueError("synthetic tasks: give a spec or keyword options, not both")
    spec = SyntheticSpec(**{**spec.__dict__, "families": tuple(spec.families)})
    spec.check()
    tasks: list[Task] = []
    number = FIRST_NUMBER
    for name in spec.families:
        family = FAMILIES[name]
        for params in (*family.train, *family.held_out):
            for instance in range(spec.per_param):
                tasks.append(generate_task(name, params, instance, number, spec))
                number += 1
    return SyntheticTaskSet(tasks, source=f"synthetic (seed {spec.seed})")
