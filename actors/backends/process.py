"""Run the sandbox worker as a host subprocess.

The worker isolates its children itself (namespaces, chroot, uid, rlimits when it runs as root;
rlimits only otherwise) and reports what is in force on ping; see `describe()`.
"""

from __future__ import annotations

import os
import select
import subprocess
import sys
import tempfile
from typing import IO, Any

from golf_ray.actors.backends.base import WorkerBackend, WorkerDied
from golf_ray.sandbox_image import worker as worker_module

WORKER_PATH = os.path.abspath(worker_module.__file__)
DEBIAN_PYTHON = "/usr/bin/python3"
# The actor's environment may hold secrets (tokens, keys): the worker gets nothing of it.
CLEAN_ENV = {"PATH": "/usr/bin:/bin"}


def default_python() -> str:
    """Debian's python3 when present: it starts in ~9 ms against ~90 ms for a pyenv build, and
    the worker needs only the standard library."""
    return DEBIAN_PYTHON if os.access(DEBIAN_PYTHON, os.X_OK) else sys.executable


class ProcessBackend(WorkerBackend):
    name = "process"

    def __init__(self, python: str | None = None, log_path: str | None = None) -> None:
        """`log_path`: append the worker's stderr there; default: an anonymous temp file whose
        tail is quoted when the worker dies."""
        super().__init__()
        self.python = python or default_python()
        self.log_path = log_path
        self._proc: subprocess.Popen[bytes] | None = None
        self._log: IO[bytes] | None = None

    def _spawn(self) -> None:
        self._log = open(self.log_path, "ab") if self.log_path else tempfile.TemporaryFile()
        # -I: ignore PYTHON* variables and user site; -S: no site-packages (golf is stdlib only).
        self._proc = subprocess.Popen(
            [self.python, "-I", "-S", WORKER_PATH],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._log,
            env=CLEAN_ENV,
            cwd="/",
            bufsize=0,
            start_new_session=True,
        )  # a Ctrl-C meant for the driver does not reach the worker

    def _terminate(self, graceful: bool) -> None:
        proc, self._proc = self._proc, None
        if proc is not None:
            proc.stdin.close()  # an idle worker exits at EOF
            if not graceful:
                proc.terminate()  # a busy one kills and reaps its run, then exits
            try:
                proc.wait(timeout=2.0)
            except subprocess.TimeoutExpired:
                proc.kill()  # its runs die with it (PDEATHSIG), unreaped
                proc.wait()
            proc.stdout.close()
        if self._log is not None:
            self._log.close()
            self._log = None

    def alive(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    def _write(self, data: bytes) -> None:
        view = memoryview(data)
        try:
            while view:
                view = view[os.write(self._proc.stdin.fileno(), view) :]
        except OSError as exc:  # BrokenPipeError when it is gone
            raise WorkerDied(f"process worker is gone ({exc}); {self._diagnostics()}") from exc

    def _read_chunk(self, timeout_s: float) -> bytes | None:
        fd = self._proc.stdout.fileno()
        if not select.select([fd], [], [], timeout_s)[0]:
            return None
        return os.read(fd, 1 << 22)

    def _diagnostics(self, size: int = 2000) -> str:
        code = self._proc.poll() if self._proc else None
        if self._log is None:
            return f"exit status {code}"
        fd = self._log.fileno()  # pread: the worker shares this file offset
        tail = os.pread(fd, size, max(0, os.fstat(fd).st_size - size))
        return f"exit status {code}; stderr tail: {tail.decode('utf-8', 'replace')}"

    def describe(self) -> dict[str, Any]:
        return {
            **super().describe(),
            "python_path": self.python,
            "os_pid": self._proc.pid if self._proc else None,
        }
