"""Run the sandbox worker in a long-lived, locked-down Docker container.

The container is the isolation: no network, a read-only root with a small /tmp tmpfs (the only
writable place: no /dev/shm, a read-only /dev/mqueue), memory, pids and CPU limits, a non-root
user, no capabilities, no-new-privileges. The worker inside runs as that same non-root user, so
it cannot add namespaces or chroot; its per-child rlimits still apply, and since programs share
its uid it empties /tmp (its `--scratch-root`) after every run and checks that no program
re-tuned it (rlimits, nice, affinity, ...), exiting when it cannot undo that: a later program
in the same container finds nothing an earlier one left.

The worker is the container's pid 1 (no docker-init): it is not dumpable, so a program (same
uid) can neither ptrace it nor open its /proc files (its fds include the protocol stream: with a
dumpable pid 1, a program could write forged responses to it), and the kernel drops the signals
it has no handler for (SIGKILL, SIGSTOP) when they come from inside the container. A program can
still end it with SIGTERM or SIGINT: the host then sees the stream close (`WorkerDied`), and
`restart()` replaces the whole container, as after a timeout (`WorkerTimeout`). Programs cannot
fork (RLIMIT_NPROC), and the worker reaps any orphan anyway.

The worker's stdin/stdout are reached through the attach socket. Without a TTY the engine
multiplexes that stream: each frame has an 8-byte header (stream type, 3 zero bytes, payload
length big-endian; see docker.utils.socket). Only stdin and stdout are attached; the worker's
stderr goes to a small container log, quoted when the worker dies.
"""

from __future__ import annotations

import itertools
import logging
import os
import select
import socket
import struct
import time
import weakref
from typing import Any

import docker
import requests
from docker.errors import APIError, DockerException, ImageNotFound, NotFound
from docker.types import LogConfig

from golf_ray.actors.backends.base import WorkerBackend, WorkerDied, WorkerTimeout
from golf_ray.sandbox_build import DEFAULT_TAG

log = logging.getLogger(__name__)

LABEL = "golf-ray.sandbox"  # every sandbox container has LABEL=1: leftovers can be found
HOST_LABEL, PID_LABEL = "golf-ray.host", "golf-ray.pid"  # the process that owns it
USER = "10001:10001"  # the image's `sandbox` user
SCRATCH_ROOT = "/tmp"  # the only writable place; the worker empties it after every run
TMPFS_INODES = 8192  # files and dirs in /tmp: bounds what the worker has to remove after a run
READ_SIZE = 1 << 20
FRAME = struct.Struct(">BxxxL")
STDOUT = 1
_serial = itertools.count()
# What a call to the engine can raise besides the SDK's own errors (engine gone mid-call).
ENGINE_ERRORS = (DockerException, requests.RequestException)


class DockerBackend(WorkerBackend):
    name = "docker"
    container_isolated = True  # the worker's own isolation is partial by design (non-root)

    def __init__(
        self,
        image: str = DEFAULT_TAG,
        memory_mb: int = 1024,
        cpus: float = 1.0,
        pids_limit: int = 64,
        tmpfs_mb: int = 64,
    ) -> None:
        super().__init__()
        self.image = image
        self.memory_mb = memory_mb
        self.cpus = cpus
        self.pids_limit = pids_limit
        self.tmpfs_mb = tmpfs_mb
        self._client: docker.DockerClient | None = None
        self._container: Any = None  # docker.models.containers.Container
        self._sock: socket.socket | None = None
        self._frames = bytearray()  # raw attach-stream bytes not yet demultiplexed
        self._remove: weakref.finalize | None = None  # removes the container, at most once

    # ---- lifecycle ------------------------------------------------------------------------

    def _spawn(self) -> None:
        name = f"golf-ray-sandbox-{os.getpid()}-{next(_serial)}"
        try:
            if self._client is None:
                self._client = docker.from_env()
            cleanup_stale_containers(self._client)
            container = self._create(name)
        except ImageNotFound as exc:
            raise WorkerDied(
                f"image {self.image} not found: build it with `golf-ray sandbox build-image`"
            ) from exc
        except ENGINE_ERRORS as exc:
            raise WorkerDied(f"could not create container {name}: {exc}") from exc
        # Removed even if this object is never closed (interpreter exit, garbage collection).
        self._remove = weakref.finalize(self, _remove_container, self._client, container.id)
        self._container = container
        self._frames.clear()
        try:
            # Attach before start so nothing the worker writes can be missed.
            attached = container.attach_socket(params={"stdin": 1, "stdout": 1, "stream": 1})
            self._sock = attached._sock  # socket.SocketIO -> the socket, for timeouts and recv
            container.start()
        except ENGINE_ERRORS as exc:
            self._terminate(graceful=False)
            raise WorkerDied(f"could not start container {name}: {exc}") from exc

    def _create(self, name: str) -> Any:
        kwargs: dict[str, Any] = dict(
            name=name,
            command=["--scratch-root", SCRATCH_ROOT],  # after the image's entrypoint
            labels={LABEL: "1", HOST_LABEL: socket.gethostname(), PID_LABEL: str(os.getpid())},
            stdin_open=True,
            tty=False,
            init=False,  # the worker is pid 1 (see the module docstring), whatever the default
            user=USER,
            hostname="sandbox",
            network_mode="none",
            ipc_mode="none",  # no /dev/shm: nothing writable outside /tmp
            # No SysV IPC objects or POSIX message queues: they outlive a run, so one program
            # could leave data (answers) for a later one in the same container.
            sysctls={
                "kernel.shmmni": "0",
                "kernel.msgmni": "0",
                "kernel.sem": "0 0 0 0",
                "fs.mqueue.queues_max": "0",
            },
            read_only=True,
            tmpfs={
                SCRATCH_ROOT: f"rw,nosuid,nodev,noexec,size={self.tmpfs_mb}m,"
                f"nr_inodes={TMPFS_INODES},mode=1777",
                "/dev/mqueue": "ro,nosuid,nodev,noexec,size=4k",  # else a writable mqueue fs
            },
            mem_limit=f"{self.memory_mb}m",
            memswap_limit=f"{self.memory_mb}m",  # no swap on top
            pids_limit=self.pids_limit,
            nano_cpus=int(self.cpus * 1e9),
            cap_drop=["ALL"],
            security_opt=["no-new-privileges"],
            log_config=LogConfig(type="json-file", config={"max-size": "1m", "max-file": "1"}),
        )
        try:
            return self._client.containers.create(self.image, **kwargs)
        except APIError as exc:
            if exc.status_code != 409:
                raise
        # Name taken: a leftover of an earlier process with our pid (names never repeat within
        # one process), so it is stale.
        _remove_container(self._client, name)
        return self._client.containers.create(self.image, **kwargs)

    def _terminate(self, graceful: bool) -> None:
        # Nothing in the container is worth a graceful exit: it is removed either way.
        if self._sock is not None:
            self._sock.close()
            self._sock = None
        if self._remove is not None:
            self._remove()
            self._remove = None
        self._container = None

    def close(self) -> None:
        super().close()
        if self._client is not None:
            self._client.close()
            self._client = None

    def alive(self) -> bool:
        """Whether the container's stream is open: the engine closes it when the worker exits.
        A local check (no engine call), because `request` asks before every request."""
        if self._sock is None:
            return False
        poller = select.poll()  # not select(): Ray workers can hold fds above 1024
        poller.register(self._sock, select.POLLIN)
        try:
            if not poller.poll(0):
                return True
            self._sock.setblocking(False)
            return self._sock.recv(1, socket.MSG_PEEK) != b""
        except BlockingIOError:
            return True
        except OSError:
            return False

    # ---- the stream -----------------------------------------------------------------------

    def _write(self, data: bytes, timeout_s: float) -> None:
        if self._sock is None:
            raise WorkerDied("docker worker is not running")
        if timeout_s <= 0:
            raise WorkerTimeout("docker worker: no time left to send the request")
        try:
            self._sock.settimeout(timeout_s)  # bounds the whole sendall (Python >= 3.5)
            self._sock.sendall(data)
        except TimeoutError as exc:
            raise WorkerTimeout(
                f"docker worker did not take the request within {timeout_s:.3g} s"
            ) from exc
        except OSError as exc:
            raise WorkerDied(f"docker worker is gone ({exc}); {self._diagnostics()}") from exc

    def _read_chunk(self, timeout_s: float) -> bytes | None:
        """The worker's stdout bytes from whole frames; b"" at EOF, None on timeout."""
        deadline = time.monotonic() + timeout_s
        while not (out := self._demultiplex()):
            remaining = deadline - time.monotonic()
            if self._sock is None:
                return b""
            if remaining <= 0:
                return None
            try:
                self._sock.settimeout(remaining)
                data = self._sock.recv(READ_SIZE)
            except TimeoutError:
                return None
            except OSError:
                return b""
            if not data:
                return b""
            self._frames += data
        return out

    def _demultiplex(self) -> bytes:
        """Take the stdout payload of every complete frame in the buffer."""
        out = bytearray()
        pos = 0
        with memoryview(self._frames) as view:
            while len(view) - pos >= FRAME.size:
                stream, size = FRAME.unpack_from(view, pos)
                body = pos + FRAME.size
                if len(view) - body < size:
                    break  # the rest of this frame has not arrived yet
                if stream == STDOUT:
                    out += view[body : body + size]
                pos = body + size
        del self._frames[:pos]
        return bytes(out)

    def _diagnostics(self) -> str:
        container = self._container
        if container is None:
            return "no container"
        try:
            container.wait(timeout=2)  # the stream closes as it exits; let its state settle
        except ENGINE_ERRORS:
            pass
        try:
            container.reload()
            state = container.attrs["State"]
            tail = container.logs(stdout=False, stderr=True, tail=5).decode("utf-8", "replace")
        except ENGINE_ERRORS as exc:
            return f"container {container.name}: {exc}"
        # Docker's flag means "the OOM killer fired in this container", maybe at an earlier child.
        oom = ", OOM kill seen" if state.get("OOMKilled") else ""
        return (
            f"container {container.name} {state.get('Status')}, exit code "
            f"{state.get('ExitCode')}{oom}; stderr tail: {tail.strip()[-1000:]}"
        )

    def describe(self) -> dict[str, Any]:
        container = self._container
        return {
            **super().describe(),
            "image": self.image,
            "container_id": container.id[:12] if container else None,
            "container_name": container.name if container else None,
            "limits": {
                "memory_mb": self.memory_mb,
                "cpus": self.cpus,
                "pids_limit": self.pids_limit,
                "tmpfs_mb": self.tmpfs_mb,
            },
            "container": {
                "network": "none",
                "ipc": "none, no SysV IPC or message queues",
                "read_only_root": True,
                "writable": f"{SCRATCH_ROOT} (emptied after every run)",
                "pid_1": "the worker",
                "user": USER,
                "cap_drop": "ALL",
                "no_new_privileges": True,
            },
        }


def _remove_container(client: docker.DockerClient, name_or_id: str) -> None:
    try:
        client.api.remove_container(name_or_id, force=True)
    except NotFound:
        pass
    except ENGINE_ERRORS as exc:  # the engine is gone: the label sweep gets it next time
        log.warning("could not remove sandbox container %s: %s", name_or_id, exc)


def _owner_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # exists, owned by someone else
    return True


def cleanup_stale_containers(client: docker.DockerClient | None = None) -> list[str]:
    """Remove sandbox containers (label golf-ray.sandbox=1) whose owning process on this host
    has exited (a crashed or killed actor); returns their names."""
    own = client is None
    client = client or docker.from_env()
    removed = []
    try:
        filters = {"label": [f"{LABEL}=1", f"{HOST_LABEL}={socket.gethostname()}"]}
        for container in client.containers.list(all=True, filters=filters):
            pid = container.labels.get(PID_LABEL, "")
            if pid.isdigit() and not _owner_alive(int(pid)):
                _remove_container(client, container.id)
                removed.append(container.name)
    finally:
        if own:
            client.close()
    if removed:
        log.info("removed %d stale sandbox container(s): %s", len(removed), ", ".join(removed))
    return removed
