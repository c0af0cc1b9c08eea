"""The solution database: every distinct verified program per task, in one SQLite file per run.

The driver records each step's verified samples; `best()` / `best_all()` give the submission
(correct first, then fewest bytes), `stats()` its Code Golf score, `history()` one task's story.

Distinct programs only. Two sources are the same program when their *normalised* text is equal:
line endings unified (CRLF and lone CR become LF, as Python reads a .py file), trailing spaces,
tabs and form feeds stripped per line, trailing blank lines dropped. Nothing more is normalised:
golfed programs differ by single bytes (`a<1` vs `a<2`, a removed space), so two programs that
differ anywhere else are different rows. The stored source is the first variant seen, exactly as
verified; later variants only raise its `seen` count.

Concurrency: WAL mode and a busy timeout let several processes (drivers, eval jobs, export) share
one file; every write is one `BEGIN IMMEDIATE` transaction, so writers queue instead of failing on
a read-to-write lock upgrade. Use one `SolutionDB` per process (connections do not survive fork).
"""

from __future__ import annotations

import hashlib
import re
import sqlite3
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from golf_ray.verify import Verdict, golf_points, program_bytes

SCHEMA_VERSION = 1
DB_FILENAME = "solutions.sqlite"  # RUN/solutions.sqlite
BUSY_TIMEOUT_S = 60.0
_TRAILING = re.compile(r"[ \t\f]+$", re.MULTILINE)  # what Python's tokenizer skips at line end

_SCHEMA = """
CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS programs (
    id INTEGER PRIMARY KEY,
    task_id TEXT NOT NULL,
    hash TEXT NOT NULL,             -- sha256 of the normalised source
    source TEXT NOT NULL,           -- first variant seen, exactly as verified
    bytes INTEGER NOT NULL,         -- size of `source` as an exported file (encode_source)
    correct INTEGER NOT NULL,
    passed INTEGER NOT NULL,
    total INTEGER NOT NULL,
    points REAL NOT NULL,           -- max(1, 2500 - bytes) when correct, else 0.001
    error TEXT,
    policy_version INTEGER NOT NULL,
    step INTEGER NOT NULL,
    origin TEXT NOT NULL,
    seen INTEGER NOT NULL DEFAULT 1,  -- times this program (or a whitespace variant) was added
    created REAL NOT NULL,
    UNIQUE (task_id, hash)
);
CREATE INDEX IF NOT EXISTS programs_rank ON programs (task_id, correct DESC, bytes, step);
CREATE TABLE IF NOT EXISTS attempts (
    task_id TEXT PRIMARY KEY,
    attempts INTEGER NOT NULL,  -- every verified sample, duplicates included
    correct INTEGER NOT NULL
);
"""

# Correct first, then (only matters among wrong programs) the most examples passed, then fewest
# bytes, then earliest step; `id` makes the order total.
_RANK = "correct DESC, CAST(passed AS REAL) / MAX(total, 1) DESC, bytes, step, id"
_COLUMNS = "task_id, source, bytes, correct, passed, total, points, policy_version, step, origin, "
_COLUMNS += "error, seen"


class SolutionDBError(RuntimeError):
    """A database file that cannot be used; `str()` is one line naming the file."""


@dataclass(frozen=True)
class Solution:
    task_id: str
    source: str
    bytes: int
    correct: bool
    passed: int
    total: int
    points: float
    policy_version: int
    step: int
    origin: str
    error: str | None = None
    seen: int = 1

    @classmethod
    def _from_row(cls, row: tuple) -> Solution:
        task_id, source, nbytes, correct, *rest = row
        return cls(task_id, source, nbytes, bool(correct), *rest)


def normalize_source(source: str) -> str:
    """The text that identifies a program (see the module docstring for exactly what changes)."""
    text = _TRAILING.sub("", source.replace("\r\n", "\n").replace("\r", "\n"))
    return text.rstrip("\n")


def source_hash(source: str) -> str:
    return hashlib.sha256(normalize_source(source).encode("utf-8")).hexdigest()


class SolutionDB:
    """`SolutionDB(path)` opens (creating on first use) a solution database."""

    def __init__(self, path: str | Path, timeout_s: float = BUSY_TIMEOUT_S) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            # isolation_level=None: we issue BEGIN IMMEDIATE ourselves (see the module docstring).
            self._conn = sqlite3.connect(self.path, timeout=timeout_s, isolation_level=None)
        except sqlite3.Error as exc:
            raise SolutionDBError(f"{self.path}: cannot open solution database ({exc})") from None
        try:
            self._enable_wal(timeout_s)
            self._conn.execute("PRAGMA synchronous=NORMAL")  # durable at checkpoints; WAL-safe
            # One transaction: processes opening a new file at once create the schema once.
            with self._transaction():
                for statement in _SCHEMA.split(";"):
                    self._conn.execute(statement)
                self._check_version()
        except sqlite3.DatabaseError as exc:
            self._conn.close()
            raise SolutionDBError(f"{self.path}: not a usable solution database ({exc})") from None

    def _enable_wal(self, timeout_s: float) -> None:
        """Switching a new file to WAL needs an exclusive lock, and SQLite does not wait for it
        (no busy handler): when another process is creating the same file, retry until the
        busy timeout."""
        deadline = time.monotonic() + timeout_s
        while True:
            try:
                self._conn.execute("PRAGMA journal_mode=WAL")
                return
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) or time.monotonic() > deadline:
                    raise
                time.sleep(0.01)

    def _check_version(self) -> None:
        rows = self._conn.execute("SELECT version FROM schema_version").fetchall()
        if not rows:
            self._conn.execute("INSERT INTO schema_version VALUES (?)", (SCHEMA_VERSION,))
        elif rows[0][0] != SCHEMA_VERSION:
            raise sqlite3.DatabaseError(
                f"schema version {rows[0][0]}, this golf-ray reads version {SCHEMA_VERSION}"
            )

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        self._conn.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            if self._conn.in_transaction:  # SQLite may have rolled back already (disk full)
                self._conn.execute("ROLLBACK")
            raise
        self._conn.execute("COMMIT")

    # ------------------------------------------------------------------ writing

    def add(
        self,
        task_id: str,
        source: str,
        verdict: Verdict,
        policy_version: int,
        step: int,
        origin: str = "train",
    ) -> bool:
        """Record one verified program; True when it is a new distinct program for the task."""
        return self.add_many([(task_id, source, verdict)], policy_version, step, origin)[0]

    def add_many(
        self,
        entries: Iterable[tuple[str, str, Verdict]],
        policy_version: int,
        step: int,
        origin: str = "train",
    ) -> list[bool]:
        """Record `(task_id, source, verdict)` entries in one transaction; per entry, whether it
        was a new distinct program."""
        now = time.time()
        new = []
        with self._transaction():
            for task_id, source, verdict in entries:
                nbytes = program_bytes(source)
                # Points from the stored text's size: exactly what the exported file will score.
                correct = bool(verdict.correct)
                row = (
                    task_id,
                    source_hash(source),
                    source,
                    nbytes,
                    correct,
                    verdict.passed,
                    verdict.total,
                    golf_points(correct, nbytes),
                    verdict.error,
                    policy_version,
                    step,
                    origin,
                    now,
                )
                inserted = self._conn.execute(
                    "INSERT OR IGNORE INTO programs (task_id, hash, source, bytes, correct, passed,"
                    " total, points, error, policy_version, step, origin, created)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    row,
                ).rowcount
                if not inserted:
                    self._conn.execute(
                        "UPDATE programs SET seen = seen + 1 WHERE task_id = ? AND hash = ?",
                        row[:2],
                    )
                self._conn.execute(
                    "INSERT INTO attempts VALUES (?, 1, ?) ON CONFLICT (task_id) DO UPDATE SET"
                    " attempts = attempts + 1, correct = correct + excluded.correct",
                    (task_id, correct),
                )
                new.append(bool(inserted))
        return new

    # ------------------------------------------------------------------ reading

    def best(self, task_id: str) -> Solution | None:
        row = self._conn.execute(
            f"SELECT {_COLUMNS} FROM programs WHERE task_id = ? ORDER BY {_RANK} LIMIT 1",
            (task_id,),
        ).fetchone()
        return Solution._from_row(row) if row else None

    def get(self, task_id: str, source: str) -> Solution | None:
        """The stored program with the same normalised text, if this task has one."""
        row = self._conn.execute(
            f"SELECT {_COLUMNS} FROM programs WHERE task_id = ? AND hash = ?",
            (task_id, source_hash(source)),
        ).fetchone()
        return Solution._from_row(row) if row else None

    def best_all(self) -> dict[str, Solution]:
        rows = self._conn.execute(
            f"SELECT {_COLUMNS} FROM (SELECT *, ROW_NUMBER() OVER"
            f" (PARTITION BY task_id ORDER BY {_RANK}) AS rank FROM programs)"
            " WHERE rank = 1 ORDER BY task_id"
        ).fetchall()
        return {row[0]: Solution._from_row(row) for row in rows}

    def history(self, task_id: str) -> list[Solution]:
        """Every distinct program of a task, in the order they were first added."""
        rows = self._conn.execute(
            f"SELECT {_COLUMNS} FROM programs WHERE task_id = ? ORDER BY id", (task_id,)
        ).fetchall()
        return [Solution._from_row(row) for row in rows]

    def attempts(self) -> dict[str, tuple[int, int]]:
        """task id -> (verified samples, correct samples), duplicates included."""
        rows = self._conn.execute("SELECT task_id, attempts, correct FROM attempts").fetchall()
        return {task_id: (n, ok) for task_id, n, ok in rows}

    def stats(self, task_ids: Iterable[str] | None = None) -> dict[str, float]:
        """Totals over all tasks (or `task_ids`): `total_points` is the competition score of the
        best program per attempted task (max(1, 2500 - bytes) if correct, else 0.001)."""
        best = self.best_all()
        attempts = self.attempts()
        wanted = set(attempts) if task_ids is None else set(task_ids) & set(attempts)
        solved = [s for t, s in best.items() if t in wanted and s.correct]
        n_programs = self._conn.execute(
            "SELECT task_id, COUNT(*) FROM programs GROUP BY task_id"
        ).fetchall()
        return {
            "programs": sum(n for t, n in n_programs if t in wanted),
            "attempts": sum(attempts[t][0] for t in wanted),
            "tasks_attempted": len(wanted),
            "tasks_solved": len(solved),
            "total_points": sum(best[t].points for t in wanted),
            "bytes_solved": sum(s.bytes for s in solved),
        }

    # ------------------------------------------------------------------ lifetime

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> SolutionDB:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"SolutionDB({str(self.path)!r})"


def read_best(path: str | Path) -> dict[str, Solution]:
    """The best program per task of a run dir (its solutions.sqlite) or a database file."""
    path = Path(path)
    path = path / DB_FILENAME if path.is_dir() else path
    if not path.is_file():  # opening would create an empty database
        raise FileNotFoundError(f"{path}: no solution database")
    with SolutionDB(path) as db:
        return db.best_all()
