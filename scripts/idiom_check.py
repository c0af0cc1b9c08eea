"""Check a rewritten task idiom before it goes into `golf_ray/golf/task_idioms.py`.

    python scripts/idiom_check.py NAME [FILE] [--draws N] [--cost]

NAME is a key of `task_idioms.IDIOMS` (and of `tests/golf/task_shapes.DRAWN`); FILE holds the
new expression on its first line, or a whole program (`search.PROGRAM_STARTS`: all of the file);
without FILE, the idiom as it is. Prints whether it is right on every example of its real task
(train, test, arc-gen; needs the shared set), how many inputs of its draw it gets wrong (3 to 5
objects, as `test_search` plants them), how many examples of `test_search`'s planted tasks it gets
wrong (FIT_SEED's: the idiom must fit its shape's; SANDBOX_SEED's: the sandbox test judges it),
and its bytes: raw (`p=lambda g:` + the expression, or the program) and packed (the pack stage's
zlib wrapper), the smaller counts.
With --cost, also the seconds the search spends on it over all 400 tasks' train and test
examples (it tries every idiom on every task), old against new, the best of five runs each, and
whether that is within bounds: at most MAX_COST times the old, or at most MAX_ADDED_S more for
each byte saved (a ratio alone would refuse a cheap idiom a few milliseconds; the search stage
takes about 85 s).
With --shrink, also what the pipeline's shrink stage makes of it (its edits for 5 s, then the
mechanical candidates, e.g. `B=enumerate` once): the bytes of the shortest that is right on every
real example, which is what counts for an idiom whose task the shrink stage wins.
Exits 1 when it is wrong on a real example.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "golf")]

from task_shapes import DRAWN  # noqa: E402
from test_search import FIT_SEED, SANDBOX_SEED, planted  # noqa: E402

from golf_ray.golf import compress, pipeline, search, task_idioms  # noqa: E402
from golf_ray.tasks import load_task_dir, load_task_file, shared_tasks_dir  # noqa: E402
from golf_ray.verify import program_bytes  # noqa: E402


def pairs_of(examples) -> list:
    return [(e.input, e.output) for e in examples]


def wrong_draws(name: str, source: str, draws: int) -> tuple[int, int]:
    """Of `draws` seeds, how many drawn inputs `source` gets wrong, and how many were judged."""
    rule, draw, *_ = DRAWN[name]
    wrong = judged = 0
    for seed in range(draws):
        rng = random.Random(seed)
        grid = draw(rng, rng.randint(3, 5))
        try:
            out = rule([r[:] for r in grid])
        except (ValueError, IndexError):  # a draw the rule has no answer for: skipped
            continue
        judged += 1
        wrong += search.first_wrong(source, [(grid, out)], search.IDIOM_S) is not None
    return wrong, judged


def search_seconds(source: str, tasks: list) -> float:
    start = time.perf_counter()
    for pairs in tasks:
        search.reproduces(source, pairs, search.IDIOM_S)
    return time.perf_counter() - start


MAX_COST = 1.5
MAX_ADDED_S = 0.25


def cost_refusal(before: float, after: float, saved: int = 1) -> str | None:
    """Why a rewrite that saves `saved` bytes and takes the search from `before` to `after`
    seconds is refused, or None: each byte saved buys MAX_ADDED_S of search."""
    if after <= max(MAX_COST * before, before + MAX_ADDED_S * max(saved, 1)):
        return None
    return f"search cost {after / before:.2f}x, +{after - before:.2f} s"


def search_cost(old: str, new: str, tasks: list) -> tuple[float, float]:
    """Seconds the search spends on `old` and on `new` over `tasks`: interleaved, the best of
    five runs each, since other work on the machine only ever adds time."""
    runs = [(search_seconds(old, tasks), search_seconds(new, tasks)) for _ in range(5)]
    before, after = (min(r) for r in zip(*runs, strict=True))
    return before, after


def sizes(source: str) -> tuple[int, int, int]:
    """`source`'s bytes raw, packed, and the smaller, which counts."""
    raw, packed = len(source.encode()), len(compress.packed(source))
    return raw, packed, min(raw, packed)


def shrunk(source: str, task, pairs: list) -> tuple[int, str]:
    """The bytes and the text of the shortest of `source`, its shrunk form and their mechanical
    candidates that is right on every pair (`source` itself when none is)."""
    made = pipeline.shrunk_candidates(source, task, pipeline.SHRINK_S)
    texts = [source, *pipeline.golf_candidates(source).values()]
    if made is not None:
        texts += [made[0], *made[1].values()]
    for text in sorted(texts, key=program_bytes):
        if search.first_wrong(text, pairs) is None:
            return program_bytes(text), text
    return program_bytes(source), source


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("name", help="the idiom's key in task_idioms.IDIOMS")
    parser.add_argument("file", nargs="?", help="the new expression (line 1), or a program")
    parser.add_argument("--draws", type=int, default=200, help="inputs drawn (default 200)")
    parser.add_argument("--cost", action="store_true", help="time it on all 400 tasks, old vs new")
    parser.add_argument("--shrink", action="store_true", help="its bytes after the shrink stage")
    args = parser.parse_args()
    if args.name not in task_idioms.IDIOMS or args.name not in DRAWN:
        parser.error(f"{args.name}: not an idiom of task_idioms.IDIOMS with a draw")
    tasks_dir = shared_tasks_dir()
    if tasks_dir is None:
        parser.error("no shared task set (../shared/data or $GOLF_RAY_SHARED_DATA)")
    old = search.program(task_idioms.IDIOMS[args.name])
    source = old
    if args.file:
        try:
            text = Path(args.file).read_text()
        except (OSError, UnicodeDecodeError) as e:
            parser.error(f"{args.file}: cannot read the expression ({e})")
        program = text.startswith(search.PROGRAM_STARTS)
        expr = text.rstrip("\n") if program else text.split("\n")[0].strip()
        if not expr:
            parser.error(f"{args.file}: line 1 (the expression) is empty")
        source = search.program(expr)
    task = load_task_file(tasks_dir / f"{DRAWN[args.name][2]}.json")
    pairs = pairs_of(task.all_examples)
    start = time.perf_counter()
    at = search.first_wrong(source, pairs)
    took = time.perf_counter() - start
    print(f"{args.name} ({task.id}): " + ("right" if at is None else f"WRONG at example {at}"))
    wrong, judged = wrong_draws(args.name, source, args.draws)
    print(f"  on {len(pairs)} real examples ({took:.2f} s); draws wrong: {wrong} of {judged}")
    for seed, judged_by in (
        (FIT_SEED, "the idiom fits its shape"),
        (SANDBOX_SEED, "the sandbox test"),
    ):
        seeded = pairs_of(planted(args.name, seed=seed).all_examples)
        missed = sum(search.first_wrong(source, [p], search.IDIOM_S) is not None for p in seeded)
        print(f"  planted seed-{seed} task ({judged_by}): wrong on {missed} of {len(seeded)}")
    raw, packed, counts = sizes(source)
    print(f"  bytes: raw {raw}, packed {packed}, counts {counts}")
    if args.shrink:
        size, text = shrunk(source, task, pairs)
        print(f"  after the shrink stage: {size} bytes\n{text}")
    if args.cost:
        every = [pairs_of((*t.train, *t.test)) for t in load_task_dir(tasks_dir, strict=True)]
        before, after = search_cost(old, source, every)
        refused = cost_refusal(before, after, sizes(old)[2] - counts)
        print(
            f"  search cost over 400 tasks: old {before:.3f} s, new {after:.3f} s: "
            + (f"too slow ({refused})" if refused else "within bounds")
        )
    return 0 if at is None else 1


if __name__ == "__main__":
    sys.exit(main())
