"""Hostile programs against the process backend: each is contained and judged not correct, and
the host stays intact (worker healthy or cleanly restarted, no files written outside scratch, no
leftover processes, no connection to a host listener, no secret read)."""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import tempfile
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from hostile_programs import (
    MIRROR,
    TASK_INPUTS,
    TASK_OUTPUTS,
    Hostile,
    HostileContext,
    catalogue,
)

from golf_ray.actors.backends import WorkerError
from golf_ray.actors.backends.process import ProcessBackend
from golf_ray.verify import Limits, Verdict, build_run_request, program_bytes, verdict_from_response

LIMITS = Limits(
    example_timeout_s=1.0, memory_mb=256, max_output_bytes=100_000, max_stdio_bytes=4096
)
NOBODY = 65534
REPO = Path(__file__).resolve().parents[2]
NAMES = [h.name for h in catalogue(HostileContext("", (), "", "", 0, 0))]


class Listener:
    """A TCP server on 127.0.0.1 that counts the connections it accepts."""

    def __init__(self) -> None:
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.sock.settimeout(0.1)
        self.port = self.sock.getsockname()[1]
        self.connections = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except TimeoutError:
                continue
            self.connections += 1
            conn.close()

    def close(self) -> None:
        self._stop.set()
        self._thread.join()
        self.sock.close()


@pytest.fixture(scope="module")
def listener() -> Iterator[Listener]:
    server = Listener()
    yield server
    server.close()


@pytest.fixture(scope="module")
def bait(listener: Listener) -> Iterator[HostileContext]:
    marker = uuid.uuid4().hex[:12]
    secret = "SECRET" + uuid.uuid4().hex
    # World-readable, like a checkout (pytest's tmp_path is not): only the sandbox protects it.
    # Not under /tmp, which the worker's mount namespace covers anyway.
    shm = "/dev/shm" if os.path.isdir("/dev/shm") else None
    folder = Path(tempfile.mkdtemp(prefix="golf_ray_bait_", dir=shm))
    folder.chmod(0o755)
    task_file = folder / "task999.json"
    task_file.write_text(json.dumps({"train": [{"input": [[1]], "output": [[2]]}], "note": secret}))
    task_file.chmod(0o644)
    pwned = (
        f"/tmp/golf_ray_pwned_{marker}",
        f"/dev/shm/golf_ray_pwned_{marker}",
        str(folder / f"golf_ray_pwned_{marker}"),
        str(REPO / f"golf_ray_pwned_{marker}"),
    )
    holder = subprocess.Popen(["sleep", "3600"], env={"GOLF_RAY_SECRET": secret})
    yield HostileContext(marker, pwned, str(task_file), secret, listener.port, holder.pid)
    holder.kill()
    holder.wait()
    for path in pwned:  # only there if a test failed
        Path(path).unlink(missing_ok=True)
    shutil.rmtree(folder)


@pytest.fixture(scope="module")
def backend() -> Iterator[ProcessBackend]:
    with ProcessBackend() as b:
        print("isolation in force:", json.dumps(b.info["isolation"]))
        yield b


def _pid_ns(pid: int | str) -> str | None:
    try:
        return os.readlink(f"/proc/{pid}/ns/pid")
    except OSError:
        return None


def sandbox_processes(worker_pid: int, marker: str) -> list[str]:
    """Live processes that belong to runs: uid 65534 or the marker in their command line, in
    the host's pid namespace or the runs' (containers elsewhere on the machine are not ours)."""
    namespaces = {_pid_ns("self")}
    for entry in os.listdir("/proc"):
        if entry.isdigit() and _ppid(entry) == worker_pid:
            namespaces.add(_pid_ns(entry))
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or _pid_ns(entry) not in namespaces:
            continue
        try:
            status = Path(f"/proc/{entry}/status").read_text()
            cmdline = Path(f"/proc/{entry}/cmdline").read_bytes()
        except OSError:
            continue
        uid = int(re.search(r"^Uid:\s+(\d+)", status, re.M).group(1))
        zombie = re.search(r"^State:\s+Z", status, re.M)
        if not zombie and (uid == NOBODY or marker.encode() in cmdline):
            found.append(f"pid {entry}: {cmdline[:80]!r}")
    return found


def _ppid(pid: str) -> int | None:
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        return None


def judge(backend: ProcessBackend, source: str) -> tuple[Verdict, dict | None]:
    request = build_run_request(source, TASK_INPUTS, LIMITS)
    try:
        response = backend.request(request, timeout_s=30)
    except WorkerError as exc:  # the program took its worker down: restart it, judge it wrong
        backend.restart()
        response = {"ok": False, "error": f"{type(exc).__name__}: {exc}"}
    return verdict_from_response(response, TASK_OUTPUTS, program_bytes(source)), response


def missing_mechanism(hostile: Hostile, isolation: dict) -> str | None:
    """Why this host check cannot hold with the isolation in force (None: it must hold)."""
    shared_uid = isolation["child_uid"] is None
    if hostile.name.startswith("kill_") and shared_uid and "pid" not in isolation["namespaces"]:
        return "programs share the test's uid and pid namespace (worker not root)"
    if hostile.attack == "network" and "net" not in isolation["namespaces"]:
        return "no network namespace (worker not root): the container must provide --network none"
    if hostile.attack == "secrets" and not isolation["chroot"]:
        return "no chroot: world-readable host files are readable (the container must isolate)"
    if hostile.attack == "files" and not isolation["chroot"] and shared_uid:
        return "no chroot and no uid change: host files the test's uid can write are writable"
    return None


def test_catalogue_is_wide() -> None:
    assert len(NAMES) == len(set(NAMES)) >= 40


def test_the_mirror_program_is_correct(backend: ProcessBackend) -> None:
    assert judge(backend, MIRROR)[0].correct


@pytest.mark.parametrize("name", NAMES)
def test_hostile_program_is_contained(
    name: str, backend: ProcessBackend, bait: HostileContext, listener: Listener
) -> None:
    hostile = next(h for h in catalogue(bait) if h.name == name)
    isolation = backend.info["isolation"]
    if reason := missing_mechanism(hostile, isolation):
        pytest.skip(reason)

    for path in bait.pwned_paths:  # a failed test must not fail the next ones
        Path(path).unlink(missing_ok=True)
    connections = listener.connections

    verdict, response = judge(backend, hostile.source)

    assert not verdict.correct
    assert verdict.error in hostile.errors, (verdict, response)
    text = json.dumps(response)
    assert bait.leak not in text, f"attack succeeded: {text[:2000]}"
    assert bait.secret not in text
    assert len(text) < 3 * LIMITS.max_stdio_bytes + 2 * LIMITS.max_output_bytes + 10_000
    assert not [p for p in bait.pwned_paths if os.path.lexists(p)]
    assert listener.connections == connections
    deadline = time.monotonic() + 2.0  # the worker reaps synchronously; allow a kernel moment
    while (left := sandbox_processes(backend.info["pid"], bait.marker)) and (
        time.monotonic() < deadline
    ):
        time.sleep(0.05)
    assert not left
    # The worker (or its replacement) still answers and judges a correct program correct.
    assert backend.request({"op": "ping"}, timeout_s=10)["ok"]
    assert judge(backend, MIRROR)[0].correct
