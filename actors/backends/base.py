"""The host side of the sandbox worker protocol (see `sandbox_image/worker.py`).

A backend starts one worker (a host process, a container, ...) and exchanges newline-delimited
JSON with it. The framing lives here, on top of two byte-stream primitives that each backend
provides (`_write` and `_read_chunk`), so any stream works: a pipe, or a demultiplexed Docker
attach socket. Backends are not thread-safe: one request at a time.
"""

from __future__ import annotations

import inspect
import json
import logging
import time
from abc import ABC, abstractmethod
from typing import Any

log = logging.getLogger(__name__)

MAX_RESPONSE_BYTES = 1 << 30  # a response line longer than this means the worker is broken


class WorkerError(RuntimeError):
    """The worker did not answer a request."""


class WorkerDied(WorkerError):
    """The worker's stream closed (crash, kill, EOF) or it broke the protocol."""


class WorkerTimeout(WorkerError):
    """No response in time. The backend has closed the worker: call `restart()`."""


class WorkerBackend(ABC):
    name: str = "abstract"
    # True where something outside the worker (a container) is the isolation: the worker's own
    # partial isolation is then expected, and start() logs it at INFO rather than WARNING.
    container_isolated: bool = False
    _write_takes_timeout: bool = True

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # A backend whose `_write` takes only `data` (written before the deadline was passed
        # down) keeps working: it is called without one.
        cls._write_takes_timeout = "timeout_s" in inspect.signature(cls._write).parameters

    def __init__(self) -> None:
        self.info: dict[str, Any] = {}  # the worker's ping response
        self._next_id = 0
        self._buffer = bytearray()
        self._scanned = 0  # bytes of _buffer already searched for a newline

    # ---- what a backend provides ------------------------------------------------------------

    @abstractmethod
    def _spawn(self) -> None:
        """Start the worker and connect its streams."""

    @abstractmethod
    def _terminate(self, graceful: bool) -> None:
        """Stop the worker (if running) and release its resources; idempotent. `graceful`:
        let an idle worker exit on its own (EOF); otherwise kill it at once (it is wedged)."""

    @abstractmethod
    def _write(self, data: bytes, timeout_s: float) -> None:
        """Write all of `data` to the worker's stdin within `timeout_s` seconds (what is left of
        the request's time); raise `WorkerTimeout` if it does not take it in time (it is wedged),
        `WorkerDied` if it is gone."""

    @abstractmethod
    def _read_chunk(self, timeout_s: float) -> bytes | None:
        """Up to a few MiB of the worker's stdout: b"" at EOF, None if nothing came in time."""

    @abstractmethod
    def alive(self) -> bool:
        """Whether the worker is running."""

    def _diagnostics(self) -> str:
        """Something to quote when the worker dies (e.g. the tail of its stderr)."""
        return ""

    # ---- lifecycle ------------------------------------------------------------------------

    def start(self, timeout_s: float = 60.0) -> None:
        """Start the worker and wait for its ping (which says what isolation is in force)."""
        self._buffer.clear()
        self._scanned = 0
        self._spawn()
        self.info = self.request({"op": "ping"}, timeout_s)
        iso = self.info.get("isolation", {})
        log.info(
            "%s worker %s (python %s) isolation: %s",
            self.name,
            self.info.get("pid"),
            self.info.get("python"),
            iso,
        )
        if iso.get("notes"):
            level = logging.INFO if self.container_isolated else logging.WARNING
            log.log(
                level,
                "%s worker isolation is partial%s: %s",
                self.name,
                " (expected: the container isolates)" if self.container_isolated else "",
                "; ".join(iso["notes"]),
            )

    def restart(self, timeout_s: float = 60.0) -> None:
        self.close()
        self.start(timeout_s)

    def close(self) -> None:
        self._terminate(graceful=True)

    def describe(self) -> dict[str, Any]:
        return {
            "backend": self.name,
            "alive": self.alive(),
            "worker_pid": self.info.get("pid"),
            "python": self.info.get("python"),
            "isolation": self.info.get("isolation"),
        }

    def __enter__(self) -> WorkerBackend:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ---- requests ---------------------------------------------------------------------------

    def request(self, req: dict[str, Any], timeout_s: float) -> dict[str, Any]:
        """Send one request (an id is added) and return the worker's response.

        Raises `WorkerDied` or `WorkerTimeout`; either way the worker is closed and the caller
        must `restart()` the backend before the next request.
        """
        if not self.alive():
            raise WorkerDied(f"{self.name} worker is not running")
        self._next_id += 1
        rid = self._next_id
        deadline = time.monotonic() + timeout_s
        try:
            data = json.dumps({**req, "id": rid}).encode() + b"\n"
            if self._write_takes_timeout:
                self._write(data, timeout_s=deadline - time.monotonic())
            else:
                self._write(data)  # type: ignore[call-arg]
            line = self._read_line(deadline)
            try:
                response = json.loads(line)
            except ValueError as exc:
                raise WorkerDied(f"unparsable response: {line[:200]!r}") from exc
            if not isinstance(response, dict) or response.get("id") != rid:
                raise WorkerDied(f"response id mismatch (expected {rid}): {line[:200]!r}")
            return response
        except WorkerError:
            self._terminate(graceful=False)
            raise

    def _read_line(self, deadline: float) -> bytes:
        while (end := self._buffer.find(b"\n", self._scanned)) < 0:
            self._scanned = len(self._buffer)
            if self._scanned > MAX_RESPONSE_BYTES:
                raise WorkerDied("response line too long")
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise WorkerTimeout(f"{self.name} worker gave no response in time")
            chunk = self._read_chunk(remaining)
            if chunk == b"":
                raise WorkerDied(
                    f"{self.name} worker closed its output (exited or crashed); "
                    f"{self._diagnostics()}"
                )
            if chunk:
                self._buffer += chunk
        line = bytes(self._buffer[:end])
        del self._buffer[: end + 1]
        self._scanned = 0
        return line
