"""`golf-ray golf`: seeds -> mechanical golf -> search -> shrink -> pack -> a judged submission,
resumable.

Every program that counts was judged in the sandbox on every example of its task, and every
judged program goes into `OUT/solutions.sqlite` with its stage as origin (`seed/rearc`,
`mechanical/tidy+zlib`, ...): the DB keeps the shortest correct program per task, the
submission is its export, and a re-run with `--resume` judges nothing twice.
"""

from __future__ import annotations

import csv
import dataclasses
import functools
import io
import itertools
import logging
import multiprocessing
import time
import warnings
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pebble import ProcessPool
from tqdm import tqdm

from golf_ray.actors.sandbox import SandboxPool
from golf_ray.config import load_config
from golf_ray.export import export_submission
from golf_ray.fileio import atomic_write_bytes, atomic_write_json, atomic_write_text
from golf_ray.golf import compress, passes, prune, search, shrink
from golf_ray.golf.seeds import OUR_ORIGINS, Seed, db_seeds, rearc_seeds, submission_seeds
from golf_ray.logs import LOGS_DIR, RunLogs
from golf_ray.recipes.train import train
from golf_ray.runtime import init_ray
from golf_ray.score import Judging
from golf_ray.solutions import DB_FILENAME, Solution, SolutionDB, read_best
from golf_ray.tasks import shared_tasks_dir
from golf_ray.verify import Verdict, VerifyJob, encode_source, golf_points, program_bytes

log = logging.getLogger(__name__)
STAGES = ("seed", "mechanical", "search", "shrink", "pack", "llm")
MAX_TRIES = 4  # candidates judged per task before a stage (mechanical, search, shrink) gives up
# The ladder's rungs past `simplify` win nearly always; the lower ones are made only for a task
# whose every top candidate was judged wrong, since making them costs nearly as much.
TOP_RUNGS = ("deep", "deep-builtins", "flat")
LOWER_RUNGS = ("minify", "tidy", "ints")
ZOPFLI_TRIES = 2  # texts per task renamed for deflate and compressed by zopfli too
# The pack stage packs every compressed program of a task within this of its best, up to
# PACK_SOURCES of them: shrinking renames an idiom's names for its own ends, and the idiom as
# written packed up to 12 bytes shorter than its shrunk text on 13 of 41 tasks (75 points). A
# raw best's near programs are packed too (task090: shrunk to 200 raw, its idiom packed to 197).
PACK_MARGIN = 1.1
PACK_SOURCES = 3
# The renaming walk started again from a packed winner's own text goes on to shorter streams:
# ~10 bytes on 7 of the 31 packed tasks of 0285759's run. The last round's walk lets other
# bindings share `p`'s letter: 2 bytes more on 866e4a4's, where a plain third round found none.
# Last, since a change to the walk reshuffles its luck on every task: in all rounds (2ce6909)
# it lost more than it found.
PACK_ROUNDS = 3
# arc-gen examples each shrinking edit is tried on, beside train and test: few, since a kept
# edit runs on all of them, and one the rest catch costs a bisection, not the round
SHRINK_EXAMPLES = 10
SEARCH_EXAMPLES = 10  # arc-gen examples a searched program must reproduce to be judged
# seconds a task's search may take before its worker is killed: an idiom may be far slower on a
# user's grids than on the 400 tasks' (the slowest of those, task255, takes 5 to 15 s here)
SEARCH_S = 120.0
SHRINK_S = 5.0  # a task's shrinking time (`golf-ray golf`'s default)
# characters past which a program is shrunk for longer, in proportion (the median is about 1,200)
SHRINK_CHARS = 1500
# seconds past a task's shrinking time after which its worker is killed and its program stays:
# an edit can make a program that no timer stops (hashing a tuple nested dozens deep, in C)
SHRINK_GRACE_S = 60.0
COLOURS = dict(
    zip(STAGES, ("#999999", "#4c72b0", "#55a868", "#8172b3", "#64b5cd", "#dd8452"), strict=True)
)
BEST_PUBLIC = 963_386  # the best public Code Golf 2025 set, for scale on the chart
TRUSTED_SEEDS = {f"seed/{o}" for o in OUR_ORIGINS}  # shrink runs these outside the sandbox
# worker processes are spawned: no fork of a process that runs Ray threads
_SPAWN = multiprocessing.get_context("spawn")


@dataclass
class GolfOptions:
    out: Path
    seeds: list[str] = field(default_factory=list)  # submission dirs/zips, run dirs, DB files
    rearc: bool = True
    # sandbox actors, limits, and the re-run of a timeout under long limits (the official rule
    # has no time limit)
    judging: Judging = field(default_factory=Judging)
    progress: bool = True
    # The LLM stage: GRPO on the golfer (experiments/golfer.yaml) for `minutes`, from `model`.
    model: str | None = None
    minutes: float = 10.0
    # Per task, for `shrink` (0: no shrink stage); a program longer than SHRINK_CHARS gets more.
    shrink_seconds: float = SHRINK_S
    golfer_overrides: list[str] = field(default_factory=list)  # dotted, e.g. rollout.engine=hf


@dataclass
class Entry:
    """One program to judge (or already judged: the DB answers for it)."""

    task_id: str
    source: str
    origin: str


@dataclass
class TaskRow:
    task_id: str
    bytes: dict[str, int | None]  # stage -> its shortest correct program's bytes
    points: float
    stage: str | None  # the stage whose program is in the submission
    note: str = ""


@dataclass
class GolfReport:
    out: Path
    rows: list[TaskRow]
    stage_points: dict[str, float]  # best points using the stages up to and including this one
    seconds: float
    skipped_files: list[tuple[str, str]]
    stage_seconds: dict[str, float] = field(default_factory=dict)  # wall time of each, this run

    @property
    def correct(self) -> int:
        return sum(r.stage is not None for r in self.rows)

    @property
    def points(self) -> float:
        return sum(r.points for r in self.rows)

    def summary(self) -> str:
        lines = [f"{'stage':<11} {'correct':>7} {'bytes':>8} {'points':>11} {'min':>5}"]
        for stage in STAGES:
            sizes = [r.bytes[stage] for r in self.rows if r.bytes.get(stage) is not None]
            if stage not in self.stage_points:
                continue
            took = self.stage_seconds.get(stage)
            lines.append(
                f"{stage:<11} {len(sizes):>7} {sum(sizes):>8} {self.stage_points[stage]:>11,.0f}"
                f" {'' if took is None else f'{took / 60:.1f}':>5}"
            )
        lines.append(
            f"submission: {self.correct}/{len(self.rows)} correct, {self.points:,.0f} points "
            f"({self.seconds / 60:.1f} min)"
        )
        lines.append(f"written: {self.out / 'submission.zip'}  table: {self.out / 'tasks.csv'}")
        lines.append(f"chart: {self.out / 'points.png'}  solutions: {self.out / DB_FILENAME}")
        if (self.out / LOGS_DIR).is_dir():
            lines.append(f"logs (Ray, the sandboxes): {self.out / LOGS_DIR}")
        return "\n".join(lines)


def stage_of(origin: str) -> str:
    return origin.split("/", 1)[0]


class Judge:
    """Judges entries in the sandbox pool, recording each in the DB; programs the DB has already
    judged are not run again (that is what makes a run resumable)."""

    def __init__(self, pool: SandboxPool, db: SolutionDB, tasks, opts: GolfOptions):
        self.pool, self.db, self.opts = pool, db, opts
        self.tasks = {t.id: t for t in tasks}
        self.slow = opts.judging.rerun_limits

    def __call__(self, entries: list[Entry], desc: str) -> list[bool]:
        """Whether each entry is correct on every example of its task."""
        results: list[bool | None] = []
        todo: list[tuple[int, Entry]] = []
        for entry in entries:
            known = self.db.get(entry.task_id, entry.source)
            results.append(None if known is None else known.correct)
            if known is None:
                todo.append((len(results) - 1, entry))
        jobs = [self._job(entry) for _, entry in todo]
        bar = tqdm(total=len(jobs), desc=desc, unit="prog", disable=not self.opts.progress)

        def done(job: VerifyJob, verdict) -> None:
            bar.update()

        with bar:
            verdicts = self.pool.verify(jobs, on_done=done, rerun_timeouts=self.slow)
        judged = []
        for (i, entry), verdict in zip(todo, verdicts, strict=True):
            results[i] = verdict.correct
            judged.append((entry, verdict))
        self._record(judged)
        return [bool(r) for r in results]

    def traced(self, entries: list[Entry], desc: str, coverage: dict[str, set[int]]) -> list[bool]:
        """Like calling the judge, but the entries from our own seeds run instrumented
        (`prune.instrument`): one run gives the verdict and, when correct, the branch outcomes
        (into `coverage`, by source) that mechanical golf prunes by. Only our own: a user's
        program could tell that it is traced. A traced run that is not correct (tracing is
        slower, and is not re-run after a timeout) is judged again plainly."""
        results: list[bool | None] = [None] * len(entries)
        at = [
            i
            for i, e in enumerate(entries)
            if e.origin in TRUSTED_SEEDS and self.db.get(e.task_id, e.source) is None
        ]
        jobs = [self._job(entries[i], prune.instrument(entries[i].source)) for i in at]
        judged = []
        for i, (verdict, stdout) in zip(at, self._with_stdout(jobs, desc), strict=True):
            if verdict.correct:
                coverage[entries[i].source] = prune.parse_coverage(stdout)
                judged.append((entries[i], verdict))
                results[i] = True
        self._record(judged)
        rest = [i for i, r in enumerate(results) if r is None]
        for i, ok in zip(rest, self([entries[i] for i in rest], desc), strict=True):
            results[i] = ok
        return [bool(r) for r in results]

    def coverage(self, sources: dict[str, str]) -> dict[str, set[int]]:
        """Each task's program run instrumented (`prune.instrument`) on every example: the
        branch outcomes it took, for the programs that ran correctly to the end."""
        jobs = [
            self.tasks[task_id].verify_job(prune.instrument(source), key=task_id)
            for task_id, source in sources.items()
        ]
        runs = self._with_stdout(jobs, "tracing branches")
        return {
            job.key: prune.parse_coverage(stdout)
            for job, (verdict, stdout) in zip(jobs, runs, strict=True)
            if verdict.correct
        }

    def _with_stdout(self, jobs: list[VerifyJob], desc: str) -> list[tuple[Verdict, str]]:
        if not jobs:  # no empty bar on the terminal
            return []
        bar = tqdm(total=len(jobs), desc=desc, unit="prog", disable=not self.opts.progress)
        with bar:
            return self.pool.verify_with_stdout(jobs, on_done=lambda job, run: bar.update())

    def _job(self, entry: Entry, run: str | None = None) -> VerifyJob:
        """The job that judges `entry`, running `run` (its instrumented form) when given."""
        task = self.tasks[entry.task_id]
        source = entry.source if run is None else run
        return task.verify_job(source, nbytes=program_bytes(entry.source))

    def _record(self, judged: list[tuple[Entry, Verdict]]) -> None:
        by_origin: dict[str, list] = {}
        for entry, verdict in judged:
            by_origin.setdefault(entry.origin, []).append((entry.task_id, entry.source, verdict))
        for origin, rows in by_origin.items():
            self.db.add_many(rows, policy_version=0, step=0, origin=origin)


def collect_seeds(tasks, opts: GolfOptions) -> tuple[list[Seed], dict[str, str]]:
    """RE-ARC's and the user's seeds for the tasks we have; reasons for what could not be read."""
    wanted = {t.id for t in tasks}
    seeds, problems = [], {}
    if opts.rearc:
        found, missing = rearc_seeds(tasks)
        seeds += found
        problems.update(missing)
    for path in opts.seeds:
        p = Path(path)
        if (p.is_dir() and (p / DB_FILENAME).is_file()) or p.suffix in (".sqlite", ".db"):
            seeds += db_seeds(p)
        else:
            found, bad = submission_seeds(p)
            seeds += found
            problems.update(bad)
    return [s for s in seeds if s.task_id in wanted], problems


def judge_seeds(seeds: list[Seed], judge: Judge) -> dict[str, set[int]]:
    """Each task's seeds judged shortest first until one is correct: mechanical golf starts from
    the best, so a longer seed (RE-ARC's own, beside the SHORTER one) costs a judging only
    where every shorter seed is wrong. Our own seeds are judged traced (`Judge.traced`): the
    branch outcomes of each correct one, by source."""
    queues: dict[str, list[Entry]] = {}
    for s in sorted(seeds, key=lambda s: program_bytes(s.source)):
        queues.setdefault(s.task_id, []).append(Entry(s.task_id, s.source, f"seed/{s.origin}"))
    coverage: dict[str, set[int]] = {}
    judge_until_correct(
        queues, lambda batch, desc: judge.traced(batch, desc, coverage), "judging seeds"
    )
    return coverage


def golf_candidates(
    source: str, taken: set[int] | None = None, lower: bool = False
) -> dict[str, str]:
    """Mechanical candidates for one program, by how they were made: the top rungs of the pass
    ladder as text (the lower ones with `lower`), and each in the compressed wrapper (with the
    top ones, the source itself too). With the branch outcomes the program took on its
    examples (`taken`), the top rungs run on its pruned form (`prune+...`); the lower ones on
    both forms, in case pruning broke it."""
    inner = compress.unwrap(encode_source(source)) or source
    texts = {} if lower else {"": inner}  # the source itself, wrapped, is judged once
    rungs = LOWER_RUNGS if lower else TOP_RUNGS
    if taken is None or lower:
        texts.update(passes.candidates(inner, rungs))
    if taken is not None:
        pruned = passes.candidates(prune.prune(inner, taken), rungs)
        texts.update({f"prune+{name}": text for name, text in pruned.items()})
    # Rungs often agree: compress each text once (its definitions in the order deflate likes
    # best), and spend renaming and zopfli only on the likely winners.
    ordered = {text: compress.reordered(text) for text in texts.values()}
    wrapped = {text: compress.wrap(ordered[text], zopfli=False) for text in texts.values()}
    for text in sorted(wrapped, key=lambda t: len(wrapped[t]))[:ZOPFLI_TRIES]:
        renamed = compress.wrap(compress.renamed(ordered[text]))
        wrapped[text] = min(wrapped[text], renamed, key=len)
    out = {}
    for name, text in texts.items():
        if name:
            out[name] = text
        out[f"{name}+zlib" if name else "zlib"] = wrapped[text].decode("latin-1")
    return out


def mechanical(
    tasks, db: SolutionDB, judge: Judge, traced: dict[str, set[int]], progress: bool = True
) -> None:
    """For each task with a correct program, trace which branches it takes (unless `traced`,
    by source, already holds them), then judge its shorter candidates, shortest first, until
    one is correct (at most MAX_TRIES per task)."""
    best = db.best_all()
    bases = {t.id: best[t.id] for t in tasks if t.id in best and best[t.id].correct}
    inner = {
        task_id: compress.unwrap(encode_source(base.source)) or base.source
        for task_id, base in bases.items()
    }
    coverage = {t: traced[source] for t, source in inner.items() if source in traced}
    coverage |= judge.coverage({t: s for t, s in inner.items() if t not in coverage})
    programs = {t: (source, coverage.get(t)) for t, source in inner.items()}
    with _processes(judge) as processes:
        made = processes.map(golf_candidates, *zip(*programs.values(), strict=True), chunksize=2)
        made = tqdm(made, total=len(inner), desc="golfing", unit="task", disable=not progress)
        golfed = dict(zip(inner, made, strict=True))
    limits = {t: base.bytes for t, base in bases.items()}
    judge_golfed(programs, golfed, limits, judge, "mechanical")


def judge_golfed(
    programs: dict[str, tuple[str, set[int] | None]],
    golfed: dict[str, dict[str, str]],
    limits: dict[str, int],
    judge: Judge,
    stage: str,
) -> None:
    """Each task's candidates (`golfed`, made from its program and branch outcomes in
    `programs`) shorter than its limit, judged shortest first until one is correct; then, for
    a task whose every candidate was wrong, those of the ladder's lower rungs."""
    queues = {t: _queue(t, cands, limits[t], stage) for t, cands in golfed.items()}
    tried = {t for t, queue in queues.items() if queue}
    failed = sorted(tried - judge_until_correct(queues, judge, f"judging {stage}"))
    if not failed:
        return
    with _processes(judge) as processes:
        made = processes.map(
            golf_candidates,
            *zip(*(programs[t] for t in failed), strict=True),
            itertools.repeat(True),
        )
        queues = {
            t: _queue(t, cands, limits[t], stage) for t, cands in zip(failed, made, strict=True)
        }
    judge_until_correct(queues, judge, f"judging {stage}, lower rungs")


def _processes(judge: Judge) -> ProcessPoolExecutor:
    """Passes and zopfli are CPU-bound and the sandboxes idle meanwhile: one process per sandbox
    worker (the search and shrinking too, in `_guarded`'s pool)."""
    return ProcessPoolExecutor(judge.opts.judging.workers, mp_context=_SPAWN, initializer=_quiet)


def shrink_stage(tasks, db: SolutionDB, judge: Judge, seconds: float, progress=True) -> None:
    """Each trusted task's best program shrunk (`shrink.shrink`, in worker processes, for
    `seconds` a task), then golfed again like a seed: its candidates, shortest first, are judged
    until one is correct. Trusted: its best comes from seeds, mechanical golf or the search, and
    its only seeds are our own (RE-ARC's), since shrinking runs the program outside the sandbox."""
    best = db.best_all()
    by_id = {t.id: t for t in tasks}
    inner = {}
    for task_id, base in best.items():
        origins = {s.origin for s in db.history(task_id)}
        trusted = all(o in TRUSTED_SEEDS for o in origins if stage_of(o) == "seed")
        if task_id in by_id and base.correct and trusted and stage_of(base.origin) != "llm":
            inner[task_id] = compress.unwrap(encode_source(base.source)) or base.source
    if not inner:
        return
    jobs = {}
    # longest first: they are given the most time, and one last would leave the rest idle
    for task_id, source in sorted(inner.items(), key=lambda kv: -len(kv[1])):
        s = _shrink_seconds(source, seconds)
        # ROUNDS of editing, each with its runs on every example
        jobs[task_id] = ((source, by_id[task_id], s), 2 * shrink.ROUNDS * s + SHRINK_GRACE_S)
    programs, golfed = {}, {}
    for task_id, shrunk in _guarded(shrunk_candidates, jobs, judge, "shrink", progress):
        if shrunk is not None:
            source, golfed[task_id] = shrunk
            programs[task_id] = (source, None)
    limits = {t: best[t].bytes for t in golfed}
    judge_golfed(programs, golfed, limits, judge, "shrink")


def _guarded(
    fn: Callable, jobs: dict[str, tuple[tuple, float]], judge: Judge, stage: str, progress: bool
) -> Iterator[tuple[str, Any]]:
    """`(task id, fn(*args))` for each task's `(args, seconds)` in `jobs`, as each finishes, in
    worker processes: one that runs past its seconds is killed (an edited or searched program
    can run in C, where no timer stops it) and one that fails is logged; the task keeps its
    program. pebble's pool, not concurrent.futures': it replaces a killed worker."""
    pool = ProcessPool(judge.opts.judging.workers, initializer=_worker, context=_SPAWN)
    bar = tqdm(total=len(jobs), desc=f"{stage}ing", unit="task", disable=not progress)
    with bar, pool:
        futures = {pool.schedule(fn, args, timeout=t): k for k, (args, t) in jobs.items()}
        for future in as_completed(futures):
            bar.update()
            task_id = futures[future]
            try:
                yield task_id, future.result()
            except TimeoutError:
                log.warning("%s %s: stopped, past its time; its program stays", stage, task_id)
            except Exception as e:  # a worker died, or a task it cannot read
                log.warning("%s %s: %r", stage, task_id, e)


def _quiet() -> None:
    # golfed texts warn when parsed (`0and`: `passes.tight_keywords`), thousands of them, by design
    warnings.simplefilter("ignore", SyntaxWarning)


def _worker() -> None:
    _quiet()
    shrink.worker_limits()  # after this module's imports, so the cap is on what programs add


def _shrink_seconds(source: str, seconds: float) -> float:
    """A program's time to shrink: a long program has more edits to try, and more of them pay."""
    return seconds * max(1.0, len(source) / SHRINK_CHARS)


def shrunk_candidates(source: str, task, seconds: float) -> tuple[str, dict[str, str]] | None:
    """The shrunk program and its candidates; None when shrinking changed nothing."""
    examples = (*task.train, *task.test, *task.arc_gen[:SHRINK_EXAMPLES])
    check = task.arc_gen[SHRINK_EXAMPLES:]
    pairs = [(e.input, e.output) for e in examples]
    shrunk = shrink.shrink(source, pairs, seconds, check=[(e.input, e.output) for e in check])
    return None if shrunk == source else (shrunk, golf_candidates(shrunk))


def _queue(task_id: str, cands: dict[str, str], limit: int, stage: str) -> list[Entry]:
    """A task's candidates shorter than `limit`, distinct, shortest first, at most MAX_TRIES."""
    seen, queue = set(), []
    for how, text in sorted(cands.items(), key=lambda kv: program_bytes(kv[1])):
        if program_bytes(text) < limit and text not in seen:
            seen.add(text)
            queue.append(Entry(task_id, text, f"{stage}/{how}"))
    return queue[:MAX_TRIES]


def search_stage(tasks, db: SolutionDB, judge: Judge, progress: bool = True) -> None:
    """Programs the search builds from golf idioms (`search.programs`), for every task, the ones
    without a correct program too: those shorter than the task's best are judged, shortest
    first."""
    best = db.best_all()
    jobs = {task.id: ((_few_examples(task),), SEARCH_S) for task in tasks}
    queues = {}
    for task_id, found in _guarded(_searched, jobs, judge, "search", progress):
        base = best.get(task_id)
        limit = base.bytes if base is not None and base.correct else float("inf")
        queue = _queue(task_id, found, limit, "search")
        if queue:
            queues[task_id] = queue
    judge_until_correct(dict(sorted(queues.items())), judge, "judging searched")


def _few_examples(task):
    """`task` with only the arc-gen examples `_searched` checks: the rest need not travel."""
    return dataclasses.replace(task, arc_gen=task.arc_gen[:SEARCH_EXAMPLES])


def _searched(task) -> dict[str, str]:
    """The search's programs for `task` (fitted to its train and test examples), less those its
    arc-gen examples prove wrong: a cell-wise fit that only holds on a few examples would
    otherwise take the judgings (MAX_TRIES) an idiom behind it needs. They are our own code, so
    they run here."""
    found = search.programs(dataclasses.replace(task, arc_gen=[]))
    check = [(e.input, e.output) for e in task.arc_gen]
    # seconds for all of `check`: the sandbox's limit is per example, and these are few
    kept = {how: s for how, s in found.items() if search.reproduces(s, check, seconds=10)}
    # A long fit may compress below a shorter one (task270 once: 244 bytes, 197 compressed, against
    # 243 that compress to 228): each is queued by the size it would be submitted at, too.
    return kept | {
        f"{how}+zlib": _wrapped(s) for how, s in kept.items() if len(s) >= compress.PACKS_FROM
    }


def pack_stage(tasks, db: SolutionDB, judge: Judge, progress: bool = True) -> None:
    """Each task whose best program is compressed: its near-best compressed programs' sources
    (`pack_sources`) compressed again with far more work (`compress.packed`, in worker
    processes), then each task's shortest packed again from its own text (PACK_ROUNDS), the
    shortest judged when it is shorter than the best."""
    best = db.best_all()
    jobs = [
        (task.id, source)
        for task in tasks
        if task.id in best
        for source in pack_sources(db.history(task.id), best[task.id])
    ]
    shortest: dict[str, bytes] = {}
    with _processes(judge) as processes:
        for n in range(PACK_ROUNDS):
            pack = functools.partial(compress.packed, share_p=n == PACK_ROUNDS - 1)
            made = processes.map(pack, [source for _, source in jobs], chunksize=2)
            desc = f"packing ({n + 1})"
            made = tqdm(made, total=len(jobs), desc=desc, unit="text", disable=not progress)
            for (task_id, _), program in zip(jobs, made, strict=True):
                if task_id not in shortest or len(program) < len(shortest[task_id]):
                    shortest[task_id] = program
            jobs = [(task_id, compress.unwrap(program)) for task_id, program in shortest.items()]
    entries = [
        Entry(task_id, program.decode("latin-1"), "pack/zlib")
        for task_id, program in shortest.items()
        if len(program) < best[task_id].bytes
    ]
    if entries:
        judge(entries, "judging packed")


def pack_sources(history: list[Solution], best: Solution) -> list[str]:
    """The sources of a task's correct programs within PACK_MARGIN of its `best`, shortest
    first, at most PACK_SOURCES: the inner source of each compressed one; when `best` is raw
    (and long enough, `compress.PACKS_FROM`, for packing to pay), the raw ones' texts too. None
    when `best` is not correct."""
    raw = compress.unwrap(encode_source(best.source)) is None
    if not best.correct or (raw and best.bytes < compress.PACKS_FROM):
        return []
    out: list[str] = []
    for s in sorted(history, key=lambda s: s.bytes):
        if not s.correct or s.bytes > best.bytes * PACK_MARGIN:
            continue
        inner = compress.unwrap(encode_source(s.source))
        if inner is None and raw:
            inner = s.source
        if inner is not None and inner not in out:
            out.append(inner)
    return out[:PACK_SOURCES]


def judge_until_correct(
    queues: dict[str, list[Entry]], judge: Callable[[list[Entry], str], list[bool]], desc: str
) -> set[str]:
    """Each task's queue (shortest first) judged a round at a time until one entry is correct,
    so a task costs one judging of its best candidate when that one holds; the tasks that got
    a correct one."""
    solved = set()
    for attempt in itertools.count():
        batch = [q.pop(0) for q in queues.values() if q]
        if not batch:
            return solved
        for entry, ok in zip(batch, judge(batch, f"{desc} ({attempt + 1})"), strict=True):
            if ok:
                solved.add(entry.task_id)
                queues[entry.task_id] = []
            elif entry.origin.endswith("+zlib"):
                # The same code, compressed: its uncompressed twin would fail the same way.
                twin = entry.origin.removesuffix("+zlib")
                queues[entry.task_id] = [e for e in queues[entry.task_id] if e.origin != twin]


def report(
    tasks,
    db: SolutionDB,
    problems: dict[str, str],
    seconds: float,
    out: Path,
    skipped_files: list[tuple[str, str]],
    stage_seconds: dict[str, float],
) -> GolfReport:
    """The per-task table from the DB: each stage's shortest correct program, and the winner."""
    rows = []
    for task in tasks:
        shortest: dict[str, int | None] = dict.fromkeys(STAGES)
        notes = []
        for sol in db.history(task.id):
            stage = stage_of(sol.origin)
            if sol.correct and (shortest[stage] is None or sol.bytes < shortest[stage]):
                shortest[stage] = sol.bytes
            if stage == "seed" and not sol.correct:
                notes.append(f"{sol.origin} wrong: {sol.error or 'wrong'}")
        winner = db.best(task.id)
        if winner is None or not winner.correct:
            rows.append(
                TaskRow(
                    task.id,
                    shortest,
                    0.0,
                    None,
                    "; ".join(notes) or problems.get(task.id, "no seed"),
                )
            )
            continue
        rows.append(
            TaskRow(task.id, shortest, winner.points, stage_of(winner.origin), "; ".join(notes))
        )
    stage_points = {}
    for k, stage in enumerate(STAGES):
        if stage != "seed" and not any(r.bytes[stage] is not None for r in rows):
            continue  # a stage that has not run
        upto = STAGES[: k + 1]
        stage_points[stage] = sum(
            golf_points(True, min(b for s in upto if (b := r.bytes[s]) is not None))
            for r in rows
            if any(r.bytes[s] is not None for s in upto)
        )
    return GolfReport(out, rows, stage_points, seconds, skipped_files, stage_seconds)


def write_outputs(rep: GolfReport, db: SolutionDB) -> None:
    out = rep.out
    export_submission(db, out / "submission.zip")
    buf = io.StringIO()
    writer = csv.writer(buf)
    writer.writerow(["task", *(f"{s}_bytes" for s in STAGES), "points", "stage", "note"])
    for r in rep.rows:
        writer.writerow([r.task_id, *(r.bytes[s] for s in STAGES), r.points, r.stage, r.note])
    atomic_write_text(out / "tasks.csv", buf.getvalue())
    atomic_write_json(
        out / "summary.json",
        {
            "tasks": len(rep.rows),
            "correct": rep.correct,
            "points": round(rep.points, 3),
            "stage_points": rep.stage_points,  # best points using the stages up to each
            "stage_correct": {s: sum(r.bytes[s] is not None for r in rep.rows) for s in STAGES},
            "won_by": {s: sum(r.stage == s for r in rep.rows) for s in STAGES},
            "seconds": round(rep.seconds, 1),
            "stage_seconds": {s: round(t, 1) for s, t in rep.stage_seconds.items()},
            "skipped_task_files": rep.skipped_files,
        },
    )
    atomic_write_bytes(out / "points.png", _chart(rep))


def _chart(rep: GolfReport) -> bytes:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    stages = [s for s in STAGES if s in rep.stage_points]
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4))
    values = [rep.stage_points[s] for s in stages]
    left.bar(stages, values, color=[COLOURS[s] for s in stages])
    for i, v in enumerate(values):
        left.text(i, v, f"{v:,.0f}", ha="center", va="bottom")
    left.axhline(BEST_PUBLIC, color="grey", linestyle="--", linewidth=1)
    left.text(0, BEST_PUBLIC, f"best public set {BEST_PUBLIC:,}", va="bottom", fontsize=8)
    left.set_ylim(0, BEST_PUBLIC * 1.1)
    left.set_ylabel("points (max 2,499 a task)")
    left.set_title("points after each stage")
    for stage in stages:
        sizes = sorted(r.bytes[stage] for r in rep.rows if r.bytes[stage] is not None)
        right.plot(range(1, len(sizes) + 1), sizes, label=f"{stage} ({len(sizes)} correct)")
    right.axhline(2500, color="grey", linestyle=":", linewidth=1)
    right.set_yscale("log")
    right.set_xlabel("tasks, shortest first")
    right.set_ylabel("bytes of the correct program")
    right.legend()
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100)
    plt.close(fig)
    return buf.getvalue()


def llm_stage(tasks, tasks_dir: str | None, opts: GolfOptions) -> dict[str, str]:
    """Train the golfer on this run's best programs for `opts.minutes`; the shortest correct
    rewrite it found per task (judged by its own sandbox, to be judged again here)."""
    cfg = load_config(
        "experiments/golfer.yaml",
        [
            f"model.name={opts.model}",
            f"max_minutes={opts.minutes}",
            "steps=100000",  # the clock ends the run
            f"tasks.golf_from={opts.out}",
            f"tasks.ids=[{','.join(t.id for t in tasks)}]",
            f"checkpoint.dir={opts.out}",
            *([f"tasks.dir={tasks_dir}"] if tasks_dir else []),
            *opts.golfer_overrides,
        ],
    )
    result = train(cfg, run_dir=opts.out / "llm", progress=opts.progress)
    return {t: s.source for t, s in read_best(result.run_dir).items() if s.correct}


def run_golf(
    tasks, pool: SandboxPool, opts: GolfOptions, skipped_files=(), tasks_dir: str | None = None
) -> GolfReport:
    """Seeds, mechanical golf, search, shrink, pack, the LLM golfer when `opts.model` is set,
    then the outputs under `opts.out`. With a model, `pool` is closed to free its CPUs for
    training, and a new one judges what the golfer found."""
    start = time.monotonic()
    seconds: dict[str, float] = {}  # stage -> its wall time in this run

    def timed(stage: str, work: Callable, *args, **kwargs):
        began = time.monotonic()
        try:
            return work(*args, **kwargs)
        finally:
            seconds[stage] = time.monotonic() - began

    opts.out.mkdir(parents=True, exist_ok=True)
    with SolutionDB(opts.out / DB_FILENAME) as db:
        judge = Judge(pool, db, tasks, opts)
        seeds, problems = collect_seeds(tasks, opts)
        traced = timed("seed", judge_seeds, seeds, judge)
        timed("mechanical", mechanical, tasks, db, judge, traced, progress=opts.progress)
        # the search first: shrinking the DSL's program of a task the search wins was time lost,
        # and shrinking the search's program takes a fraction of a second
        timed("search", search_stage, tasks, db, judge, progress=opts.progress)
        if opts.shrink_seconds > 0:
            timed("shrink", shrink_stage, tasks, db, judge, opts.shrink_seconds, opts.progress)
        timed("pack", pack_stage, tasks, db, judge, progress=opts.progress)
    if opts.model:
        began = time.monotonic()
        pool.close()
        found = llm_stage(tasks, tasks_dir, opts)
        pool = SandboxPool(
            num_actors=opts.judging.workers,
            backend=pool.backend,
            limits=pool.limits,
            memory_mb=opts.judging.memory_mb,
        )
        try:
            with SolutionDB(opts.out / DB_FILENAME) as db:
                best = db.best_all()
                entries = [
                    Entry(task_id, text, f"llm/{how}")
                    for task_id, source in found.items()
                    for how, text in (("rewrite", source), ("rewrite+zlib", _wrapped(source)))
                    if task_id in best and program_bytes(text) < best[task_id].bytes
                ]
                Judge(pool, db, tasks, opts)(entries, "judging LLM programs")
        finally:
            pool.close()
            seconds["llm"] = time.monotonic() - began
    with SolutionDB(opts.out / DB_FILENAME) as db:
        took = time.monotonic() - start
        rep = report(tasks, db, problems, took, opts.out, list(skipped_files), seconds)
        write_outputs(rep, db)
    return rep


def _wrapped(source: str) -> str:
    return compress.wrap(source).decode("latin-1")


def default_out() -> Path:
    return Path(f"runs/golf-{time.strftime('%Y%m%d-%H%M%S')}")


def check(opts: GolfOptions, resume: bool = False) -> None:
    """What can fail before any work, in one line: an earlier run in `opts.out` without
    `resume`, a missing seeds path."""
    if (opts.out / DB_FILENAME).exists() and not resume:
        raise ValueError(f"{opts.out}: holds an earlier golf run; add --resume to continue it")
    for path in opts.seeds:
        if not Path(path).exists():
            raise FileNotFoundError(f"--seeds {path}: no such file or directory")


def golf(
    tasks, opts: GolfOptions, resume: bool = False, address: str | None = None, tasks_dir=None
) -> GolfReport:
    """`golf-ray golf`: `check`, check the golfer's overrides, then start (or join) Ray and run
    the pipeline. `tasks_dir`: the folder `tasks` came from (default: the shared set's, when it
    is found), for the golfer's config."""
    check(opts, resume)
    for name, reason in tasks.skipped:
        log.warning("skipped task file %s: %s", name, reason)
    if opts.model:
        load_config("experiments/golfer.yaml", opts.golfer_overrides)  # fails before any work
    logs = RunLogs(opts.out)  # Ray's and the libraries' lines go to OUT/logs/, not the terminal
    try:
        init_ray(address=address, num_cpus=max(2, opts.judging.workers), log_to_driver=False)
        pool = opts.judging.pool()
        try:
            shared = shared_tasks_dir() if tasks_dir is None else None
            tasks_dir = tasks_dir or (str(shared) if shared else None)
            return run_golf(tasks, pool, opts, tasks.skipped, tasks_dir)
        finally:
            pool.close()
    finally:
        logs.close()
