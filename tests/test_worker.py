"""The sandbox worker's protocol, through the process backend (real subprocesses, no mocks)."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator

import pytest

from actors.backends import WorkerDied, WorkerTimeout
from actors.backends.process import CLEAN_ENV, WORKER_PATH, ProcessBackend, default_python
from golf_ray.verify import Limits, build_asserts_request, build_run_request

LIMITS = Limits(example_timeout_s=1.0, memory_mb=256, max_output_bytes=10_000,
                max_stdio_bytes=1000)


@pytest.fixture(scope="module")
def backend() -> Iterator[ProcessBackend]:
    with ProcessBackend() as b:
        print("isolation in force:", json.dumps(b.info["isolation"]))
        yield b


def run(backend: ProcessBackend, source: str, inputs: list, limits: Limits = LIMITS) -> dict:
    response = backend.request(build_run_request(source, inputs, limits), timeout_s=30)
    assert response["ok"], response
    assert len(response["results"]) == len(inputs)
    return response


def statuses(response: dict) -> list[str]:
    return [r["status"] for r in response["results"]]


def test_ping_reports_worker_and_isolation(backend: ProcessBackend) -> None:
    info = backend.request({"op": "ping"}, timeout_s=10)
    assert info["ok"] and info["pid"] > 0
    assert info["python"].count(".") == 2
    iso = info["isolation"]
    for key in ("uid", "child_uid", "namespaces", "chroot", "scratch", "no_new_privs", "rlimits",
                "notes"):
        assert key in iso
    assert {"AS", "CPU", "FSIZE"} <= set(iso["rlimits"])
    described = backend.describe()
    assert described["backend"] == "process" and described["isolation"] == iso


def test_call_mode_returns_json_text_per_input(backend: ProcessBackend) -> None:
    response = run(backend, "p=lambda g:[r[::-1]for r in g]", [[[1, 2]], [[3, 4, 5]], []])
    assert response["compile"] == {"status": "ok", "message": ""}
    assert [r["output"] for r in response["results"]] == ["[[2, 1]]", "[[5, 4, 3]]", "[]"]
    assert all(r["elapsed_s"] >= 0 for r in response["results"])
    assert response["elapsed_s"] > 0


def test_outputs_are_not_judged_by_the_worker(backend: ProcessBackend) -> None:
    response = run(backend, "def p(g): return [[True, 1.5, None]]", [[[0]]])
    assert response["results"][0] == {**response["results"][0], "status": "ok",
                                      "output": "[[true, 1.5, null]]"}


def test_exception_fails_one_example_and_the_run_goes_on(backend: ProcessBackend) -> None:
    response = run(backend, "def p(g): return [[1 // g[0][0]]]", [[[0]], [[1]], [[0]]])
    assert statuses(response) == ["exception", "ok", "exception"]
    assert response["results"][0]["message"].startswith("ZeroDivisionError")


def test_not_run_after_timeout(backend: ProcessBackend) -> None:
    source = "def p(g):\n while g[0][0]: pass\n return g"
    response = run(backend, source, [[[0]], [[1]], [[0]], [[0]]])
    assert statuses(response) == ["ok", "timeout", "not_run", "not_run"]
    assert 0.9 < response["results"][1]["elapsed_s"] < 3


def test_total_timeout_bounds_the_whole_run(backend: ProcessBackend) -> None:
    limits = Limits(example_timeout_s=5.0, total_timeout_s=0.5, memory_mb=256)
    response = run(backend, "import time\ndef p(g): time.sleep(0.2); return g", [[[0]]] * 5,
                   limits)
    assert statuses(response)[:2] == ["ok", "ok"]
    assert "timeout" in statuses(response) and statuses(response)[-1] == "not_run"
    assert response["elapsed_s"] < 2


def test_memory_error_stops_the_run(backend: ProcessBackend) -> None:
    response = run(backend, "def p(g): return 'x' * 10**10", [[[0]], [[0]]])
    assert statuses(response) == ["memory", "not_run"]


def test_crash_is_reported_with_its_signal(backend: ProcessBackend) -> None:
    response = run(backend, "import os, signal\ndef p(g): os.kill(os.getpid(), signal.SIGSEGV)",
                   [[[0]], [[0]]])
    assert statuses(response) == ["crash", "not_run"]
    assert "SIGSEGV" in response["results"][0]["message"]


@pytest.mark.parametrize(("source", "status"), [
    ("def p(g:", "syntax"),
    ("p = 1\0", "syntax"),
    ("q=lambda g:g", "no_entry"),
    ("p = 3", "no_entry"),
    ("raise KeyError('boom')\np=lambda g:g", "exception"),
    ("while 1: pass", "timeout"),
    ("import os\nos._exit(5)", "crash"),
])
def test_compile_failures(backend: ProcessBackend, source: str, status: str) -> None:
    response = run(backend, source, [[[1]], [[2]]])
    assert response["compile"]["status"] == status, response["compile"]
    assert statuses(response) == ["not_run", "not_run"]


def test_program_output_is_captured_and_capped(backend: ProcessBackend) -> None:
    source = "import sys\ndef p(g):\n print('out', g)\n print('err', file=sys.stderr)\n return g"
    response = run(backend, source, [[[1]], [[2]]])
    assert response["stdout"] == "out [[1]]\nout [[2]]\n"
    assert response["stderr"] == "err\nerr\n"
    flood = run(backend, "def p(g):\n print('y' * 10**6)\n return g", [[[1]]])
    assert statuses(flood) == ["ok"]
    assert flood["stdout"].startswith("y" * LIMITS.max_stdio_bytes)
    assert len(flood["stdout"]) < LIMITS.max_stdio_bytes + 100
    assert "more bytes" in flood["stdout"]


def test_long_or_unserializable_output_is_bad_output(backend: ProcessBackend) -> None:
    response = run(backend, "def p(g): return [[0] * 10**4] if g else {1}", [[[1]], []])
    assert statuses(response) == ["bad_output", "bad_output"]
    assert response["results"][0]["output"] is None


def test_each_run_gets_a_fresh_child_and_scratch(backend: ProcessBackend) -> None:
    source = ("import math, os\nmath.runs = getattr(math, 'runs', 0) + 1\n"
              "def p(g):\n seen = os.path.exists('mark')\n open('mark', 'w').write('x')\n"
              " return [[math.runs, int(seen)]]")
    first, second = run(backend, source, [[[0]]]), run(backend, source, [[[0]]])
    assert first["results"][0]["output"] == second["results"][0]["output"] == "[[1, 0]]"


def test_input_is_deep_copied_per_call(backend: ProcessBackend) -> None:
    source = "seen = []\ndef p(g):\n g[0].append(len(seen)); seen.append(g)\n return seen[0]"
    response = run(backend, source, [[[7]], [[8]]])
    assert [r["output"] for r in response["results"]] == ["[[7, 0]]", "[[7, 0]]"]


def test_asserts_mode(backend: ProcessBackend) -> None:
    source = "def add(a, b): return a + b"
    tests = ["assert add(1, 2) == 3", "assert add(1, 1) == 3, 'one plus one'", "add(1)",
             "assert add('a', 'b') == 'ab'"]
    response = backend.request(build_asserts_request(source, tests, LIMITS), timeout_s=30)
    assert response["compile"]["status"] == "ok"
    assert statuses(response) == ["ok", "exception", "exception", "ok"]
    assert response["results"][1]["message"] == "AssertionError('one plus one')"
    assert response["results"][2]["message"].startswith("TypeError(")


@pytest.mark.parametrize("python", [None, sys.executable], ids=["default", "this_python"])
def test_lazy_stdlib_imports_work_and_site_packages_do_not(python: str | None) -> None:
    """After chroot only the interpreter's own prefix is there: enough for the standard library
    (modules the worker did not preload, C extensions and their shared libraries)."""
    source = ("import ctypes, datetime, decimal, hashlib, sqlite3, unicodedata\n"
              "def p(g): return [[len(unicodedata.name('A')), int(decimal.Decimal(3))]]")
    with ProcessBackend(python=python) as b:
        response = run(b, source, [[[0]]])
        assert response["results"][0]["output"] == "[[22, 3]]", response
        numpy = run(b, "import numpy\np=lambda g:g", [[[0]]])
        assert numpy["compile"]["status"] == "exception"  # golf is standard library only


def test_response_id_matches_request_and_bad_requests_get_errors() -> None:
    proc = subprocess.Popen([default_python(), "-I", "-S", WORKER_PATH], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=CLEAN_ENV)

    def send(line: bytes) -> dict:
        proc.stdin.write(line + b"\n")
        proc.stdin.flush()
        return json.loads(proc.stdout.readline())

    try:
        assert send(b'{"id": 41, "op": "ping"}')["id"] == 41
        bad = send(b"not json")
        assert bad["ok"] is False and bad["id"] is None
        assert send(b'{"id": 7, "op": "dance"}') == {"id": 7, "ok": False,
                                                      "error": "unknown op 'dance'"}
        assert send(b'{"id": 8, "op": "run", "mode": "call"}')["ok"] is False
        run_line = json.dumps({"id": 9, **build_run_request("p=lambda g:g", [[[1]]], LIMITS)})
        assert send(run_line.encode())["results"][0]["output"] == "[[1]]"
    finally:
        proc.stdin.close()
        assert proc.wait(timeout=10) == 0


def test_worker_module_imports_without_side_effects() -> None:
    code = "import sys; sys.path.insert(0, sys.argv[1]); import worker; print(worker.main)"
    out = subprocess.run([sys.executable, "-c", code, os.path.dirname(WORKER_PATH)],
                         stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=30)
    assert out.returncode == 0 and "function main" in out.stdout


def test_request_timeout_and_death_need_a_restart() -> None:
    with ProcessBackend() as b:
        slow = build_run_request("import time\ndef p(g): time.sleep(5)", [[[0]]], LIMITS)
        with pytest.raises(WorkerTimeout):
            b.request(slow, timeout_s=0.3)
        assert not b.alive()
        with pytest.raises(WorkerDied):
            b.request({"op": "ping"}, timeout_s=5)
        b.restart()
        os.kill(b.info["pid"], 9)
        with pytest.raises(WorkerDied):
            b.request({"op": "ping"}, timeout_s=5)
        b.restart()
        assert b.request({"op": "ping"}, timeout_s=5)["ok"]


def test_tiny_round_trip_latency(backend: ProcessBackend) -> None:
    """Printed, not asserted: timings depend on the machine."""
    request = build_run_request("p=lambda g:g", [[[1]]], LIMITS)
    times = []
    for _ in range(100):
        start = time.perf_counter()
        backend.request(request, timeout_s=10)
        times.append(time.perf_counter() - start)
    print(f"tiny program round trip via {backend.python}: median "
          f"{statistics.median(times) * 1e3:.2f} ms, "
          f"p90 {statistics.quantiles(times, n=10)[-1] * 1e3:.2f} ms")
