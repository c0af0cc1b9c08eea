"""The sandbox worker's protocol, through the process backend (real subprocesses, no mocks)."""

from __future__ import annotations

import json
import logging
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from golf_ray.actors.backends import WorkerBackend, WorkerDied, WorkerTimeout
from golf_ray.actors.backends.process import CLEAN_ENV, WORKER_PATH, ProcessBackend, default_python
from golf_ray.sandbox_image import worker as worker_module
from golf_ray.verify import Limits, build_asserts_request, build_run_request

LIMITS = Limits(example_timeout_s=1.0, memory_mb=256, max_output_bytes=10_000, max_stdio_bytes=1000)


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
    for key in (
        "uid",
        "child_uid",
        "namespaces",
        "chroot",
        "scratch",
        "wiped",
        "no_new_privs",
        "rlimits",
        "notes",
    ):
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
    assert response["results"][0] == {
        **response["results"][0],
        "status": "ok",
        "output": "[[true, 1.5, null]]",
    }


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
    response = run(backend, "import time\ndef p(g): time.sleep(0.2); return g", [[[0]]] * 5, limits)
    assert statuses(response)[:2] == ["ok", "ok"]
    assert "timeout" in statuses(response) and statuses(response)[-1] == "not_run"
    assert response["elapsed_s"] < 2


def test_memory_error_stops_the_run(backend: ProcessBackend) -> None:
    response = run(backend, "def p(g): return 'x' * 10**10", [[[0]], [[0]]])
    assert statuses(response) == ["memory", "not_run"]


def test_crash_is_reported_with_its_signal(backend: ProcessBackend) -> None:
    response = run(
        backend, "import os, signal\ndef p(g): os.kill(os.getpid(), signal.SIGSEGV)", [[[0]], [[0]]]
    )
    assert statuses(response) == ["crash", "not_run"]
    assert "SIGSEGV" in response["results"][0]["message"]


@pytest.mark.parametrize(
    ("source", "status"),
    [
        ("def p(g:", "syntax"),
        ("p = 1\0", "syntax"),
        ("q=lambda g:g", "no_entry"),
        ("p = 3", "no_entry"),
        ("raise KeyError('boom')\np=lambda g:g", "exception"),
        ("while 1: pass", "timeout"),
        ("import os\nos._exit(5)", "crash"),
    ],
)
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
    source = (
        "import math, os\nmath.runs = getattr(math, 'runs', 0) + 1\n"
        "def p(g):\n seen = os.path.exists('mark')\n open('mark', 'w').write('x')\n"
        " return [[math.runs, int(seen)]]"
    )
    first, second = run(backend, source, [[[0]]]), run(backend, source, [[[0]]])
    assert first["results"][0]["output"] == second["results"][0]["output"] == "[[1, 0]]"


def test_input_is_deep_copied_per_call(backend: ProcessBackend) -> None:
    source = "seen = []\ndef p(g):\n g[0].append(len(seen)); seen.append(g)\n return seen[0]"
    response = run(backend, source, [[[7]], [[8]]])
    assert [r["output"] for r in response["results"]] == ["[[7, 0]]", "[[7, 0]]"]


def test_asserts_mode(backend: ProcessBackend) -> None:
    source = "def add(a, b): return a + b"
    tests = [
        "assert add(1, 2) == 3",
        "assert add(1, 1) == 3, 'one plus one'",
        "add(1)",
        "assert add('a', 'b') == 'ab'",
    ]
    response = backend.request(build_asserts_request(source, tests, LIMITS), timeout_s=30)
    assert response["compile"]["status"] == "ok"
    assert statuses(response) == ["ok", "exception", "exception", "ok"]
    assert response["results"][1]["message"] == "AssertionError('one plus one')"
    assert response["results"][2]["message"].startswith("TypeError(")


@pytest.mark.parametrize("python", [None, sys.executable], ids=["default", "this_python"])
def test_lazy_stdlib_imports_work_and_site_packages_do_not(python: str | None) -> None:
    """After chroot only the interpreter's own prefix is there: enough for the standard library
    (modules the worker did not preload, C extensions and their shared libraries)."""
    source = (
        "import ctypes, datetime, decimal, hashlib, sqlite3, unicodedata\n"
        "def p(g): return [[len(unicodedata.name('A')), int(decimal.Decimal(3))]]"
    )
    with ProcessBackend(python=python) as b:
        response = run(b, source, [[[0]]])
        assert response["results"][0]["output"] == "[[22, 3]]", response
        numpy = run(b, "import numpy\np=lambda g:g", [[[0]]])
        assert numpy["compile"]["status"] == "exception"  # golf is standard library only


def test_response_id_matches_request_and_bad_requests_get_errors() -> None:
    proc = subprocess.Popen(
        [default_python(), "-I", "-S", WORKER_PATH],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=CLEAN_ENV,
    )

    def send(line: bytes) -> dict:
        proc.stdin.write(line + b"\n")
        proc.stdin.flush()
        return json.loads(proc.stdout.readline())

    try:
        assert send(b'{"id": 41, "op": "ping"}')["id"] == 41
        bad = send(b"not json")
        assert bad["ok"] is False and bad["id"] is None
        assert send(b'{"id": 7, "op": "dance"}') == {
            "id": 7,
            "ok": False,
            "error": "unknown op 'dance'",
        }
        assert send(b'{"id": 8, "op": "run", "mode": "call"}')["ok"] is False
        run_line = json.dumps({"id": 9, **build_run_request("p=lambda g:g", [[[1]]], LIMITS)})
        assert send(run_line.encode())["results"][0]["output"] == "[[1]]"
    finally:
        proc.stdin.close()
        assert proc.wait(timeout=10) == 0


def test_worker_module_imports_without_side_effects() -> None:
    code = "import sys; sys.path.insert(0, sys.argv[1]); import worker; print(worker.main)"
    out = subprocess.run(
        [sys.executable, "-c", code, os.path.dirname(WORKER_PATH)],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=30,
    )
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
    print(
        f"tiny program round trip via {backend.python}: median "
        f"{statistics.median(times) * 1e3:.2f} ms, "
        f"p90 {statistics.quantiles(times, n=10)[-1] * 1e3:.2f} ms"
    )


def test_large_request(backend: ProcessBackend) -> None:
    """262 examples of 30x30 grids (~0.5 MB of JSON, far more than a pipe holds) go through."""
    grids = [[[(i + r + c) % 10 for c in range(30)] for r in range(30)] for i in range(262)]
    limits = Limits(example_timeout_s=1.0, memory_mb=256, max_output_bytes=10_000)
    response = run(backend, "def p(g): return [r[::-1] for r in g]", grids, limits)
    assert [r["output"] for r in response["results"]] == [
        json.dumps([r[::-1] for r in g]) for g in grids
    ]


class ScriptedBackend(WorkerBackend):
    """No worker: records what `request` hands the two stream primitives."""

    name = "scripted"

    def __init__(self) -> None:
        super().__init__()
        self.write_timeouts: list[float] = []

    def _spawn(self) -> None:
        pass

    def _terminate(self, graceful: bool) -> None:
        pass

    def alive(self) -> bool:
        return True

    def _write(self, data: bytes, timeout_s: float) -> None:
        self.write_timeouts.append(timeout_s)
        self.rid = json.loads(data)["id"]

    def _read_chunk(self, timeout_s: float) -> bytes | None:
        return json.dumps({"id": self.rid, "ok": True}).encode() + b"\n"


def test_write_gets_what_is_left_of_the_request_deadline() -> None:
    backend = ScriptedBackend()
    backend.request({"op": "ping"}, timeout_s=7.0)
    backend.request({"op": "ping"}, timeout_s=0.5)
    first, second = backend.write_timeouts
    assert 6.0 < first <= 7.0 and 0.0 < second <= 0.5


# ---- a worker that is not root: programs share its uid --------------------------------------

SANDBOX_UID = 10002  # not the Docker image's 10001: those containers' processes are on this host


@pytest.fixture(scope="module")
def nonroot_python(tmp_path_factory: pytest.TempPathFactory) -> str:
    """An interpreter command that runs as an unprivileged uid (a wrapper when we are root)."""
    if os.geteuid() != 0:
        return default_python()
    if shutil.which("setpriv") is None:
        pytest.skip("setpriv (util-linux) is needed to start a worker as another uid")
    wrapper = tmp_path_factory.mktemp("nonroot") / "python"
    # The worker's scratch root goes to TMPDIR: a tmpfs where there is one, as in a container
    # (a disk-backed /tmp can take milliseconds per mkdir on a busy machine).
    tmpdir = "/dev/shm" if os.path.isdir("/dev/shm") else "/tmp"
    wrapper.write_text(
        "#!/bin/sh\n"
        f"exec env TMPDIR={tmpdir} setpriv --reuid={SANDBOX_UID} --regid={SANDBOX_UID} "
        f'--clear-groups -- {default_python()} "$@"\n'
    )
    wrapper.chmod(0o755)
    return str(wrapper)


@pytest.fixture
def nonroot(nonroot_python: str) -> Iterator[ProcessBackend]:
    with ProcessBackend(python=nonroot_python) as b:
        iso = b.info["isolation"]
        assert iso["uid"] != 0 and iso["child_uid"] is None and not iso["chroot"]
        yield b


@pytest.fixture
def shared_dir() -> Iterator[Path]:
    """A folder on the host that the unprivileged uid can reach and owns."""
    path = Path(tempfile.mkdtemp(prefix="golf_ray_test_"))
    path.chmod(0o755)
    if os.geteuid() == 0:
        os.chown(path, SANDBOX_UID, SANDBOX_UID)
    yield path
    shutil.rmtree(path)


def scratch_root(backend: ProcessBackend) -> str:
    (root,) = backend.info["isolation"]["wiped"]
    return root


def test_nonroot_partial_isolation_is_a_warning(nonroot_python: str, caplog) -> None:
    with caplog.at_level(logging.INFO, logger="golf_ray.actors.backends.base"):
        with ProcessBackend(python=nonroot_python):
            pass
    partial = [r for r in caplog.records if "isolation is partial" in r.getMessage()]
    assert partial and all(r.levelno == logging.WARNING for r in partial)


LITTER = """import os
def p(g):
    os.chdir('..')  # the scratch root, which holds every run's scratch dir
    open('.answers', 'w').write('cached')
    os.symlink(BAIT, 'bait-link')
    for name, mode in (('locked', 0), ('read-only', 0o500)):
        os.mkdir(name)
        open(name + '/inside', 'w').write('cached')
        os.chmod(name, mode)
    os.mkdir('deep')
    os.chdir('deep')
    for _ in range(1500):
        os.mkdir('d')
        os.chdir('d')
    open('bottom', 'w').write('cached')
    return 0
"""
CHECK = """import os
def p(g):
    return [sorted(os.listdir('..')), os.path.basename(os.getcwd()), os.listdir('.')]
"""


def test_nonroot_files_do_not_outlive_a_run(nonroot: ProcessBackend, shared_dir: Path) -> None:
    """Everything a program leaves in the scratch root is removed after its run, without
    following a symlink out of it (here to a folder the worker's uid owns)."""
    bait = shared_dir / "bait"
    bait.mkdir()
    (bait / "keep").write_text("host file")
    for path in (bait, bait / "keep"):
        os.chown(path, nonroot.info["isolation"]["uid"], -1)
    litter = f"BAIT = {str(bait)!r}\n" + LITTER
    slow = Limits(example_timeout_s=20.0, memory_mb=256, max_output_bytes=10_000)
    assert run(nonroot, litter, [[[0]]], slow)["results"][0]["output"] == "0"
    for _ in range(2):  # the spare forked after a run sees a clean scratch root too
        tmp, cwd, scratch = json.loads(run(nonroot, CHECK, [[[0]]])["results"][0]["output"])
        assert tmp == [cwd] and scratch == []
    assert (bait / "keep").read_text() == "host file"
    assert os.listdir(scratch_root(nonroot)) == []


def test_nonroot_scratch_root_is_removed_at_close(nonroot_python: str) -> None:
    with ProcessBackend(python=nonroot_python) as b:
        root = scratch_root(b)
        assert os.path.isdir(root)
    assert not os.path.lexists(root)


@pytest.mark.parametrize(
    "retune",
    [
        "resource.prlimit(os.getppid(), resource.RLIMIT_STACK, (4242 << 10, -1))",
        # one step nicer than now: allowed even when the tests run under `nice`
        "os.setpriority(os.PRIO_PROCESS, os.getppid(), os.getpriority(os.PRIO_PROCESS, 0) + 1)",
        "os.sched_setscheduler(os.getppid(), os.SCHED_BATCH, os.sched_param(0))",
        "os.chmod('..', 0)",
    ],
    ids=["rlimit", "nice", "scheduler", "scratch-root-mode"],
)
def test_nonroot_worker_retuned_by_a_program_exits(nonroot: ProcessBackend, retune: str) -> None:
    """What the worker cannot undo ends it, before it answers: the program's run fails and a
    fresh worker takes over."""
    source = f"import os, resource\ndef p(g):\n {retune}\n return 0"
    if "chmod" in retune:  # this one the worker undoes
        assert run(nonroot, source, [[[0]]])["results"][0]["output"] == "0"
    else:
        with pytest.raises(WorkerDied, match="changed the worker's"):
            run(nonroot, source, [[[0]]])
        nonroot.restart()
    assert run(nonroot, "p=lambda g:g", [[[5]]])["results"][0]["output"] == "[[5]]"


def test_nonroot_program_that_terminates_its_worker(nonroot: ProcessBackend) -> None:
    """SIGTERM (same uid) ends the worker every time: however the signal falls, the run's
    clean-up must not turn it into an answer (it once did, by closing a pipe twice)."""
    source = "import os, signal\ndef p(g):\n os.kill(os.getppid(), signal.SIGTERM)\n return 0"
    for _ in range(10):
        with pytest.raises(WorkerDied):
            nonroot.request(build_run_request(source, [[[0]]], LIMITS), timeout_s=30)
        nonroot.restart()


def test_sigterm_right_after_a_close_still_ends_the_worker(monkeypatch) -> None:
    """SIGTERM becomes SystemExit between any two bytecodes of the worker, e.g. just after it
    closed a pipe. The clean-up in the `finally` blocks that follow must not close that fd
    again: EBADF would replace the SystemExit, and the worker would answer and go on."""
    real_close = os.close
    armed: set[int] = set()

    def close_then_signal(fd: int) -> None:
        real_close(fd)
        if fd in armed:
            armed.clear()
            raise SystemExit(143)

    sleeper = subprocess.Popen(["sleep", "60"], start_new_session=True)  # stands for a child
    pipes = [os.pipe() for _ in range(4)]
    spare = worker_module.Spare(sleeper.pid, pipes[0][1], pipes[1][0], pipes[2][0], pipes[3][0])
    limits = worker_module.Limits.parse(LIMITS.to_dict())
    session = worker_module.Session(spare, b"{}", limits, 1, True)
    monkeypatch.setattr(os, "close", close_then_signal)
    try:
        armed.add(spare.req_w)
        with pytest.raises(SystemExit):
            try:
                session._on_ready(spare.req_w)  # writes the whole job, then closes the pipe
            finally:
                session.finish()
        assert spare.req_w == spare.res_r == spare.out_r == spare.err_r == -1
    finally:
        monkeypatch.undo()
        for fd in (pipes[0][0], pipes[1][1], pipes[2][1], pipes[3][1]):
            os.close(fd)
        sleeper.wait()


def test_spare_pipes_are_closed_once(monkeypatch) -> None:
    pipes = [os.pipe() for _ in range(4)]
    spare = worker_module.Spare(0, pipes[0][1], pipes[1][0], pipes[2][0], pipes[3][0])
    real_close = os.close

    def close_then_signal(fd: int) -> None:
        real_close(fd)
        if fd == pipes[1][0]:
            raise SystemExit(143)

    monkeypatch.setattr(os, "close", close_then_signal)
    with pytest.raises(SystemExit):
        spare.close_pipes()
    monkeypatch.undo()
    spare.close_pipes()  # the rest; EBADF here would mean a second close
    for fd in (pipes[0][0], pipes[1][1], pipes[2][1], pipes[3][1]):
        os.close(fd)
    for r, w in pipes:
        for fd in (r, w):
            with pytest.raises(OSError):
                os.fstat(fd)


@pytest.mark.parametrize("content", [None, "stale"], ids=["missing", "not-empty"])
def test_scratch_root_must_be_an_empty_directory(
    nonroot_python: str, shared_dir: Path, content: str | None
) -> None:
    """The worker empties --scratch-root after every run, so it refuses one that holds
    anything (a host's /tmp given by mistake)."""
    root = shared_dir / "root"
    if content:
        root.mkdir()
        (root / "file").write_text(content)
        for path in (root, root / "file"):
            os.chown(path, os.stat(shared_dir).st_uid, -1)
    out = subprocess.run(
        [nonroot_python, "-I", "-S", WORKER_PATH, "--scratch-root", str(root)],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=30,
        env=CLEAN_ENV,
    )
    assert out.returncode != 0 and "not an empty directory" in out.stderr
    assert content is None or (root / "file").read_text() == content


def test_scratch_root_is_used(nonroot_python: str, shared_dir: Path) -> None:
    """Docker passes --scratch-root /tmp: runs' scratch dirs go there, and it is emptied."""
    proc = subprocess.Popen(
        [nonroot_python, "-I", "-S", WORKER_PATH, "--scratch-root", str(shared_dir)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=CLEAN_ENV,
    )
    source = "import os\ndef p(g):\n open('../left', 'w').close()\n return os.getcwd()"
    try:
        proc.stdin.write(json.dumps({"id": 1, "op": "ping"}).encode() + b"\n")
        proc.stdin.write(
            json.dumps({"id": 2, **build_run_request(source, [[[0]]], LIMITS)}).encode()
        )
        proc.stdin.write(b"\n")
        proc.stdin.flush()
        ping, ran = json.loads(proc.stdout.readline()), json.loads(proc.stdout.readline())
        assert ping["isolation"]["wiped"] == [str(shared_dir)]
        cwd = json.loads(ran["results"][0]["output"])
        assert os.path.dirname(cwd) == str(shared_dir)
        assert os.listdir(shared_dir) == []
    finally:
        proc.stdin.close()
        assert proc.wait(timeout=10) == 0
    assert os.path.isdir(shared_dir)  # not ours to remove
