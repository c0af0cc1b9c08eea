"""golf-ray sandbox worker: runs untrusted Python programs, one fresh child process per run.

Standard library only, and one file on purpose: it is copied alone into the sandbox image and
also runs on the host.
``python worker.py [--scratch-root DIR]`` serves newline-delimited JSON: one request per line on
stdin, one response per line on stdout. Importing the module has no side effects.

Without a chroot, each run's scratch dir is made in a scratch root: ``DIR`` (an empty directory
that belongs to this worker alone, e.g. a container's private /tmp) or else a private temp dir.
When programs run as the worker's own uid (a non-root worker), a program can write anywhere the
worker can and signal or re-tune the worker itself, so after every run the worker empties the
scratch root (everything in it, not just the run's dir) and checks that its own process
attributes (rlimits, nice, CPU affinity, scheduling, I/O priority) are as they were at start.
When they are not, or the scratch root cannot be emptied, it exits without answering: the host
sees the worker die and replaces it, so no state passes from one program to a later one.

Protocol
--------
Request  ``{"id": int, "op": "ping"}``
Response ``{"id": int, "ok": true, "pid": int, "python": "3.x.y", "isolation": {...}}``
    ``isolation`` says what is in force: ``uid`` (the worker's), ``child_uid`` (programs run as
    this uid; null = unchanged), ``namespaces`` (entered once by the worker: "net", "ipc", "uts",
    "mnt"; "pid" = programs run in a pid namespace of their own, where they see no host
    process), ``chroot`` (programs see only a read-only root of bind mounts), ``binds``,
    ``scratch`` ("tmpfs" or "tempdir"; fresh per run), ``wiped`` (directories emptied after
    every run, because programs share the worker's uid), ``no_new_privs``, ``rlimits`` (names)
    and ``notes`` (why a mechanism is absent).

Request  ``{"id": int, "op": "run", "mode": "call", "source": str, "entry": "p",
           "inputs": [json values],
           "limits": {"example_timeout_s": float, "total_timeout_s": float | null,
                      "memory_mb": int, "max_output_bytes": int, "max_stdio_bytes": int}}``
    or with ``"mode": "asserts"`` (or ``"tests"``) and ``"tests": [str]`` instead of ``"inputs"``
    (``entry`` is then optional).
Response ``{"id": int, "ok": true,
           "compile": {"status": "ok"|"syntax"|"exception"|"no_entry"|"timeout"|"crash",
                       "message": str},
           "results": [{"status": "ok"|"exception"|"timeout"|"memory"|"crash"|"bad_output"
                                  |"not_run",
                        "output": str | null, "message": str, "elapsed_s": float}],
           "stdout": str, "stderr": str, "elapsed_s": float}``
    One result per input (or test), in order. Call mode: the child compiles ``source`` (filename
    "<program>"), execs it, then for each input calls ``entry(copy.deepcopy(input))`` and returns
    ``json.dumps(result)`` as ``output``; an output longer than ``max_output_bytes`` (or not
    serializable) is ``bad_output``. Asserts mode: each test string is exec'd in the program's
    namespace; ``ok`` = passed, ``exception`` = failed (message = repr of the exception).
    Tests mode isolates the tests from each other: each runs in its own copy of the program's
    namespace (a test's assignments do not leak into the next), and after a test that hangs,
    crashes or runs out of memory (which ends its child) the program is run again in a fresh
    child for the tests after it, so every test gets its own result.
    An exception fails one example and the run goes on; after a timeout, crash or memory
    failure the remaining examples are ``not_run``. ``stdout``/``stderr`` hold the program's
    output, each capped at ``max_stdio_bytes``. The worker never judges: expected outputs are
    never sent to it.

Any request that cannot be served gets ``{"id": ..., "ok": false, "error": str}``.
"""

from __future__ import annotations

import copy
import errno
import fcntl
import gc
import json
import math
import os
import resource
import select
import selectors
import signal
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from typing import Any

# Imported once here so children (forked, possibly chrooted) start with them loaded.
PRELOAD = (
    "re",
    "itertools",
    "collections",
    "functools",
    "operator",
    "zlib",
    "string",
    "heapq",
    "bisect",
    "numbers",
    "fractions",
    "random",
    "array",
    "statistics",
)
NOBODY = 65534
RESULT_FD, REQUEST_FD = 3, 4  # child-side fds; 0-2 are /dev/null and the stdout/stderr pipes
SCRATCH_MB = 64  # scratch tmpfs size and RLIMIT_FSIZE
MAX_MESSAGE = 1000
EXIT_GRACE_S = 0.5  # after the child closes its result pipe, how long it may take to exit
CHILD_STATUSES = {"ok", "exception", "memory", "bad_output"}
COMPILE_STATUSES = {"ok", "syntax", "exception", "no_entry"}
RLIMITS = sorted({getattr(resource, n) for n in dir(resource) if n.startswith("RLIMIT_")})

CLONE_NEWNS, CLONE_NEWUTS, CLONE_NEWIPC = 0x00020000, 0x04000000, 0x08000000
CLONE_NEWPID, CLONE_NEWNET = 0x20000000, 0x40000000
MS_RDONLY, MS_NOSUID, MS_NODEV, MS_NOEXEC = 1, 2, 4, 8
MS_REMOUNT, MS_BIND, MS_REC, MS_PRIVATE = 32, 4096, 16384, 1 << 18
MNT_DETACH = 2
PR_SET_PDEATHSIG, PR_SET_DUMPABLE, PR_SET_NO_NEW_PRIVS = 1, 4, 38
IOPRIO_GET = {"x86_64": 252, "aarch64": 31}  # syscall numbers (os has no ioprio_get)
IOPRIO_WHO_PROCESS = 1
OPEN_DIR = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC


@dataclass
class Isolation:
    """What the worker set up once at start; reported verbatim on ping."""

    uid: int
    child_uid: int | None = None
    namespaces: list[str] = field(default_factory=list)
    chroot: bool = False
    binds: list[str] = field(default_factory=list)
    scratch: str = "tempdir"
    wiped: list[str] = field(default_factory=list)
    no_new_privs: bool = False
    rlimits: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


@dataclass
class Limits:
    example_timeout_s: float
    total_timeout_s: float | None
    memory_mb: int
    max_output_bytes: int
    max_stdio_bytes: int

    @classmethod
    def parse(cls, raw: dict) -> Limits:
        total = raw["total_timeout_s"]
        return cls(
            float(raw["example_timeout_s"]),
            None if total is None else float(total),
            int(raw["memory_mb"]),
            int(raw["max_output_bytes"]),
            int(raw["max_stdio_bytes"]),
        )


@dataclass
class Spare:
    """A forked child waiting for its job, and the worker's ends of its pipes."""

    pid: int
    req_w: int
    res_r: int
    out_r: int
    err_r: int

    def kill(self) -> None:
        for kill in (os.killpg, os.kill):  # it leads its own process group
            try:
                kill(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass

    def close_pipes(self) -> None:
        # Each fd is forgotten before it is closed: SIGTERM raises SystemExit between any two
        # bytecodes, and a second close in the `finally` that follows must not fail (EBADF
        # would replace the SystemExit, and the worker would answer and go on).
        for name in ("req_w", "res_r", "out_r", "err_r"):
            fd = getattr(self, name)
            setattr(self, name, -1)
            if fd >= 0:
                os.close(fd)

    def discard(self) -> None:
        self.kill()
        os.waitpid(self.pid, 0)
        self.close_pipes()


class Tainted(SystemExit):
    """A program left state behind that the worker cannot undo: exit without answering, so the
    host replaces this worker (and the program's run fails like any that kills its worker)."""


class Libc:
    """The few Linux calls the os module lacks (Python 3.11 has no os.unshare or mount)."""

    def __init__(self) -> None:
        import ctypes

        self._c = ctypes
        self._libc = ctypes.CDLL(None, use_errno=True)

    def _check(self, rc: int, what: str) -> None:
        if rc != 0:
            err = self._c.get_errno()
            raise OSError(err, f"{what}: {os.strerror(err)}")

    def unshare(self, flags: int) -> None:
        self._check(self._libc.unshare(self._c.c_int(flags)), "unshare")

    def prctl(self, option: int, arg: int) -> None:
        ul = self._c.c_ulong
        self._check(self._libc.prctl(self._c.c_int(option), ul(arg), ul(0), ul(0), ul(0)), "prctl")

    def mount(
        self, src: str | None, target: str, fstype: str | None, flags: int, data: str | None = None
    ) -> None:
        enc = lambda s: None if s is None else s.encode()  # noqa: E731
        rc = self._libc.mount(enc(src), enc(target), enc(fstype), self._c.c_ulong(flags), enc(data))
        self._check(rc, f"mount {target}")

    def umount(self, target: str) -> None:
        self._check(self._libc.umount2(target.encode(), self._c.c_int(MNT_DETACH)), "umount")

    def sethostname(self, name: str) -> None:
        self._check(self._libc.sethostname(name.encode(), self._c.c_size_t(len(name))), "host")

    def ioprio(self) -> int | None:
        """This process's I/O priority; None where the syscall number is not known here."""
        number = IOPRIO_GET.get(os.uname().machine)
        if number is None:
            return None
        c_long = self._c.c_long
        return self._libc.syscall(c_long(number), c_long(IOPRIO_WHO_PROCESS), c_long(0))


class Worker:
    def __init__(self, scratch_root: str | None = None) -> None:
        self.iso = Isolation(uid=os.getuid())
        self.libc: Libc | None = None
        self.root: str | None = None  # the prepared chroot, when there is one
        self.pid_init: int | None = None  # pid 1 of the runs' pid namespace
        self.spare: Spare | None = None
        self.scratch_root = scratch_root  # without a chroot: where runs' scratch dirs go
        self.own_root = False  # we made scratch_root (and remove it at close)
        self.wipe = False  # programs share our uid: empty scratch_root after every run
        self.state: dict[str, Any] | None = None  # our process attributes, checked after runs

    # ---- isolation, once per worker ------------------------------------------------------

    def isolate(self) -> None:
        iso = self.iso
        try:
            self.libc = Libc()
        except (ImportError, OSError) as exc:
            iso.notes.append(f"no ctypes ({exc}): no namespaces, chroot or no_new_privs")
        if self.libc:  # same-uid children (non-root containers) must not ptrace or read us
            self.libc.prctl(PR_SET_DUMPABLE, 0)
        if os.getuid() != 0:
            iso.notes.append(
                "not root: no namespaces, chroot or uid change; the container "
                "(--network none, --read-only, --pids-limit) must isolate"
            )
        elif _works(lambda: _drop_privileges(NOBODY)):
            iso.child_uid = NOBODY
        else:
            iso.notes.append("cannot change uid (no CAP_SETUID?): programs run as root")
        if os.getuid() == 0 and self.libc:
            self._enter_namespaces(self.libc)
        iso.no_new_privs = self.libc is not None
        iso.rlimits = ["AS", "CPU", "FSIZE", "NOFILE", "CORE"]
        if iso.child_uid is not None or os.getuid() != 0:
            iso.rlimits.append("NPROC")  # RLIMIT_NPROC does not bind uid 0
        if not self.root:
            self._prepare_scratch_root()
        if iso.child_uid is None:  # a program can prlimit, renice, ... its worker: same uid
            self.state = self._process_state()
        for name in PRELOAD:
            __import__(name)

    def _prepare_scratch_root(self) -> None:
        iso = self.iso
        if self.scratch_root is not None:
            path = self.scratch_root
            if not os.path.isdir(path) or os.listdir(path):  # guard: we may empty it after runs
                raise SystemExit(f"--scratch-root {path}: not an empty directory")
        else:
            self.scratch_root, self.own_root = tempfile.mkdtemp(prefix="golf_ray_worker_"), True
            if iso.child_uid is not None:
                os.chmod(self.scratch_root, 0o711)  # children reach their own dir, list nothing
        self.wipe = iso.child_uid is None
        if self.wipe:
            iso.wiped.append(self.scratch_root)

    def _enter_namespaces(self, libc: Libc) -> None:
        iso = self.iso
        for name, flag in (("net", CLONE_NEWNET), ("ipc", CLONE_NEWIPC), ("uts", CLONE_NEWUTS)):
            try:
                libc.unshare(flag)
                iso.namespaces.append(name)
            except OSError as exc:
                iso.notes.append(f"{name} namespace: {exc}")
        if "uts" in iso.namespaces:
            libc.sethostname("sandbox")
        try:
            libc.unshare(CLONE_NEWNS)
            libc.mount(None, "/", None, MS_REC | MS_PRIVATE)  # never propagate to the host
            iso.namespaces.append("mnt")
            root = self._build_root(libc)
            if not _works(lambda: os.chroot(root)):
                libc.umount(root)
                raise OSError("chroot refused (no CAP_SYS_CHROOT?)")
            self.root, iso.chroot, iso.scratch = root, True, "tmpfs"
        except OSError as exc:
            iso.notes.append(f"mount namespace/chroot: {exc}; scratch is a temp dir")
        try:  # last: after this, our first fork becomes pid 1 of the new namespace
            libc.unshare(CLONE_NEWPID)
        except OSError as exc:
            iso.notes.append(f"pid namespace: {exc}")
            return
        self.pid_init = os.fork()  # must not fail: the next fork would become pid 1 instead
        if self.pid_init == 0:
            _pid_init(libc)
        iso.namespaces.append("pid")

    def _root_sources(self) -> list[str]:
        """What the interpreter needs after chroot: its prefix, shared libs, the ld cache."""
        paths = [
            "/usr",
            "/bin",
            "/lib",
            "/lib64",
            "/lib32",
            "/libx32",
            sys.base_prefix,
            sys.base_exec_prefix,
            "/etc/ld.so.cache",
        ]
        out: list[str] = []
        for path in paths:
            path = os.path.normpath(path)
            if os.path.lexists(path) and not any(
                path == p or path.startswith(p + "/") for p in out
            ):
                out.append(path)
        return out

    def _build_root(self, libc: Libc) -> str:
        sources = self._root_sources()
        mnt = next(
            (
                m
                for m in ("/tmp", "/mnt")
                if os.path.isdir(m) and not any(s == m or s.startswith(m + "/") for s in sources)
            ),
            None,
        )
        if mnt is None:
            raise OSError("no mount point for the sandbox root")
        libc.mount("tmpfs", mnt, "tmpfs", MS_NOSUID | MS_NODEV, "size=1m,mode=0755")
        try:
            for src in sources:
                dst = mnt + src
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                if os.path.islink(src):
                    os.symlink(os.readlink(src), dst)
                    continue
                self._bind(libc, src, dst, MS_RDONLY | MS_NODEV)
                self.iso.binds.append(src)
            os.mkdir(mnt + "/dev")
            for dev in ("/dev/null", "/dev/zero", "/dev/urandom", "/dev/random"):
                self._bind(libc, dev, mnt + dev, MS_NOEXEC)
            os.mkdir(mnt + "/scratch")
            libc.mount(None, mnt, None, MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV)
        except OSError:
            libc.umount(mnt)
            raise
        return mnt

    @staticmethod
    def _bind(libc: Libc, src: str, dst: str, flags: int) -> None:
        if os.path.isdir(src):
            os.makedirs(dst, exist_ok=True)
        else:
            open(dst, "wb").close()
        libc.mount(src, dst, None, MS_BIND | MS_REC)
        libc.mount(None, dst, None, MS_BIND | MS_REMOUNT | MS_NOSUID | flags)

    # ---- children --------------------------------------------------------------------------

    def spawn_spare(self) -> None:
        """Fork the next child now; it waits for its program on a pipe."""
        req_r, req_w = os.pipe()
        res_r, res_w = os.pipe()
        out_r, out_w = os.pipe()
        err_r, err_w = os.pipe()
        null = os.open(os.devnull, os.O_RDWR)
        pid = os.fork()
        if pid == 0:
            try:
                self._child(null, out_w, err_w, res_w, req_r)
            finally:
                os._exit(70)
        for fd in (req_r, res_w, out_w, err_w, null):
            os.close(fd)
        self.spare = Spare(pid, req_w, res_r, out_r, err_r)

    def take_spare(self) -> Spare:
        """The waiting child; a new one if there is none or it died."""
        spare, self.spare = self.spare, None
        if spare is not None and os.waitpid(spare.pid, os.WNOHANG)[0]:
            spare.close_pipes()
            spare = None
        if spare is None:
            self.spawn_spare()
            spare, self.spare = self.spare, None
        return spare

    def _child(self, *fds: int) -> None:
        """In the spare: own session, fds 0-4 as documented, then wait for the job."""
        os.setsid()
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        high = [fcntl.fcntl(fd, fcntl.F_DUPFD, 16) for fd in fds]  # dup2 must not clobber
        for target, fd in enumerate(high):
            os.dup2(fd, target)
        os.closerange(len(fds), max(os.sysconf("SC_OPEN_MAX"), 1024))
        sys.stdin = open(0, closefd=False)
        sys.stdout = open(1, "w", encoding="utf-8", errors="backslashreplace", closefd=False)
        sys.stderr = open(2, "w", encoding="utf-8", errors="backslashreplace", closefd=False)
        chunks = []
        while chunk := os.read(REQUEST_FD, 1 << 20):
            chunks.append(chunk)
        os.close(REQUEST_FD)
        if not chunks:
            return  # the worker went away before using us
        job = json.loads(b"".join(chunks))
        limits = Limits.parse(job["limits"])
        self._confine(job["scratch"], limits, len(job["items"]))
        _run_program(job, limits)

    def _confine(self, scratch: str, limits: Limits, n_items: int) -> None:
        if self.root:
            os.chroot(self.root)
        os.chdir(scratch)
        if self.iso.child_uid is not None:
            _drop_privileges(self.iso.child_uid)
        if self.libc:
            self.libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)  # after setuid, which clears it
            self.libc.prctl(PR_SET_NO_NEW_PRIVS, 1)
            poller = select.poll()
            poller.register(RESULT_FD, select.POLLOUT)
            if any(ev & (select.POLLERR | select.POLLHUP) for _, ev in poller.poll(0)):
                os._exit(0)  # the worker died before PDEATHSIG was armed
        budget = limits.total_timeout_s or limits.example_timeout_s * (n_items + 1)
        cpu = math.ceil(budget) + 1
        wanted = {
            resource.RLIMIT_AS: limits.memory_mb << 20,
            resource.RLIMIT_CPU: cpu,
            resource.RLIMIT_FSIZE: SCRATCH_MB << 20,
            resource.RLIMIT_NOFILE: 64,
            resource.RLIMIT_CORE: 0,
            resource.RLIMIT_NPROC: 0,
        }
        if "NPROC" not in self.iso.rlimits:
            del wanted[resource.RLIMIT_NPROC]
        for kind, soft in wanted.items():
            hard = soft + 1 if kind == resource.RLIMIT_CPU else soft  # SIGXCPU, then SIGKILL
            cur = resource.getrlimit(kind)[1]
            if cur != resource.RLIM_INFINITY:
                soft, hard = min(soft, cur), min(hard, cur)
            resource.setrlimit(kind, (soft, hard))

    # ---- runs ------------------------------------------------------------------------------

    def handle(self, line: bytes) -> dict:
        try:
            req = json.loads(line)
            rid = req["id"]
        except (ValueError, TypeError, KeyError) as exc:
            return {"id": None, "ok": False, "error": f"bad request line: {exc!r}"}
        try:
            if req.get("op") == "ping":
                return {
                    "id": rid,
                    "ok": True,
                    "pid": os.getpid(),
                    "python": ".".join(map(str, sys.version_info[:3])),
                    "isolation": asdict(self.iso),
                }
            if req.get("op") == "run":
                return {"id": rid, "ok": True, **self.run(req)}
            return {"id": rid, "ok": False, "error": f"unknown op {req.get('op')!r}"}
        except (KeyError, TypeError, ValueError) as exc:
            return {"id": rid, "ok": False, "error": f"bad request: {exc!r}"}
        except Exception as exc:  # keep serving: one failed run must not take the worker down
            traceback.print_exc()
            return {"id": rid, "ok": False, "error": f"worker error: {exc!r}"}

    def run(self, req: dict) -> dict:
        mode = req["mode"]
        if mode not in ("call", "asserts", "tests"):
            raise ValueError(f"unknown mode {mode!r}")
        items = req["inputs"] if mode == "call" else req["tests"]
        limits = Limits.parse(req["limits"])
        if not isinstance(req["source"], str) or not isinstance(items, list):
            raise TypeError("source must be a string and inputs/tests a list")
        started = time.monotonic()
        job = {"mode": mode, "source": req["source"], "entry": req.get("entry", "p")}
        if mode == "tests":
            compiled, results, out, err = self._run_isolated(job, items, limits, started)
        else:
            session = self._run_once(job, items, req["limits"], limits)
            compiled, results = session.compile, session.results
            out, err = session.out.text(), session.err.text()
        return {
            "compile": compiled,
            "results": results,
            "stdout": out,
            "stderr": err,
            "elapsed_s": round(time.monotonic() - started, 6),
        }

    def _run_once(self, job: dict, items: list, raw_limits: dict, limits: Limits) -> Session:
        """One fresh child runs the program and then `items`."""
        scratch = self._new_scratch()
        job = {**job, "items": items, "limits": raw_limits, "scratch": scratch}
        try:
            payload, has_outputs = json.dumps(job).encode(), job["mode"] == "call"
            session = Session(self.take_spare(), payload, limits, len(items), has_outputs)
            try:
                session.loop()
            finally:
                session.finish()
        finally:
            self._drop_scratch(scratch)
            self._after_run()
        return session

    def _run_isolated(
        self, job: dict, tests: list, limits: Limits, started: float
    ) -> tuple[dict, list[dict], str, str]:
        """Tests mode: after a test ends its child (timeout, crash, memory), the tests after it
        run in a fresh child, so one hanging test does not hide the others' results."""
        compiled: dict | None = None
        results: list[dict] = []
        outs, errs = [], []
        while compiled is None or len(results) < len(tests):
            raw = {**asdict(limits)}
            if limits.total_timeout_s is not None:
                raw["total_timeout_s"] = limits.total_timeout_s - (time.monotonic() - started)
                if raw["total_timeout_s"] <= 0:
                    results += _not_run(len(tests) - len(results), "total time limit reached")
                    break
            session = self._run_once(job, tests[len(results) :], raw, Limits.parse(raw))
            outs.append(session.out.text())
            errs.append(session.err.text())
            if compiled is None:
                compiled = session.compile
                if compiled["status"] != "ok":
                    results = session.results
                    break
            elif session.compile["status"] != "ok":  # the program itself failed on a re-run
                message = "program failed on re-run: " + session.compile["message"]
                results += _not_run(len(tests) - len(results), message[:MAX_MESSAGE], "crash")
                break
            for result in session.results:
                results.append(result)
                if result["status"] in ("timeout", "crash", "memory"):
                    break  # the rest of this child's results are "not_run": run them again
        return compiled, results, "".join(outs), "".join(errs)

    def _new_scratch(self) -> str:
        """The run's scratch dir. Made per run, not with the spare: the spare (forked after the
        last run was cleaned up) never sees a scratch dir before it is handed its own."""
        if self.root:  # a fresh tmpfs per run: bounded size, and dropping it is O(1)
            self.libc.mount(
                "tmpfs",
                self.root + "/scratch",
                "tmpfs",
                MS_NOSUID | MS_NODEV | MS_NOEXEC,
                f"size={SCRATCH_MB}m,nr_inodes=4096,mode=0700,uid={NOBODY},gid={NOBODY}",
            )
            return "/scratch"
        path = tempfile.mkdtemp(prefix="run_", dir=self.scratch_root)
        if self.iso.child_uid is not None:
            os.chown(path, self.iso.child_uid, self.iso.child_uid)
        return path

    def _drop_scratch(self, path: str) -> None:
        if self.root:
            self.libc.umount(self.root + path)
        elif not self.wipe:
            _remove_tree(path)

    def _after_run(self) -> None:
        """Once the run's processes are dead and reaped: undo what a same-uid program could
        have left for a later one (files anywhere in the scratch root, our process attributes),
        or exit (`Tainted`) when that is not certain."""
        if os.getpid() == 1 and self.pid_init is None:
            _reap_strays()  # we are a container's init: orphans would be ours
        if not self.wipe:
            return
        try:
            if self.state is not None and (now := self._process_state()) != self.state:
                changed = ", ".join(k for k in now if now[k] != self.state[k])
                raise Tainted(f"golf-ray worker: a program changed the worker's {changed}")
            if self.own_root and os.stat(self.scratch_root).st_mode & 0o777 != 0o700:
                os.chmod(self.scratch_root, 0o700)  # the program (same uid) changed it
            if not _empty_dir(self.scratch_root):
                raise Tainted(f"golf-ray worker: could not empty {self.scratch_root}")
        except Exception as exc:  # e.g. our rlimits lowered (EMFILE, MemoryError): give up too
            raise Tainted(f"golf-ray worker: cleaning up after a run failed: {exc!r}") from exc

    def _process_state(self) -> dict[str, Any]:
        """What a program running as our uid can change in us (and a later program's child
        would inherit or could read back): prlimit, setpriority, sched_setaffinity,
        sched_setscheduler and ioprio_set need no more than the same uid."""
        return {
            "rlimits": [resource.getrlimit(r) for r in RLIMITS],
            "nice": os.getpriority(os.PRIO_PROCESS, 0),
            "affinity": os.sched_getaffinity(0),
            "scheduler": (os.sched_getscheduler(0), os.sched_getparam(0).sched_priority),
            "ioprio": self.libc.ioprio() if self.libc else None,
        }

    def close(self) -> None:
        if self.spare is not None:
            self.spare.discard()
            self.spare = None
        if self.pid_init:
            os.kill(self.pid_init, signal.SIGKILL)
            os.waitpid(self.pid_init, 0)
        if self.own_root:
            _remove_tree(self.scratch_root)
            self.own_root = False


class Capture:
    """Keeps the first `cap` bytes of a stream and counts the rest."""

    def __init__(self, cap: int) -> None:
        self.cap, self.data, self.dropped = cap, bytearray(), 0

    def add(self, chunk: bytes) -> None:
        room = max(0, self.cap - len(self.data))
        self.data += chunk[:room]
        self.dropped += len(chunk) - min(room, len(chunk))

    def text(self) -> str:
        text = self.data.decode("utf-8", "replace")
        return text + f"\n[... {self.dropped} more bytes]" if self.dropped else text


class Session:
    """Parent side of one run: feeds the job, drains output, enforces the wall clock.

    Everything read from the child is hostile: lines are capped, parsed defensively and
    checked against the protocol; any deviation ends the run as a crash.
    """

    def __init__(
        self, child: Spare, payload: bytes, limits: Limits, n_items: int, has_outputs: bool
    ) -> None:
        self.child, self.payload, self.limits, self.n = child, memoryview(payload), limits, n_items
        self.has_outputs = has_outputs  # call mode: "ok" results carry output text
        self.out, self.err = Capture(limits.max_stdio_bytes), Capture(limits.max_stdio_bytes)
        self.compile: dict | None = None
        self.results: list[dict] = []
        self.buf = bytearray()
        self.line_cap = 6 * limits.max_output_bytes + 4 * MAX_MESSAGE + 4096  # JSON escapes
        self.started = self.mark = time.monotonic()
        self.closed_at: float | None = None  # when the result pipe hit EOF
        self.stopped = False
        self.sel = selectors.DefaultSelector()
        os.set_blocking(child.req_w, False)
        self.sel.register(child.req_w, selectors.EVENT_WRITE)
        for fd in (child.res_r, child.out_r, child.err_r):
            self.sel.register(fd, selectors.EVENT_READ)

    def loop(self) -> None:
        while not self.stopped:
            now = time.monotonic()
            deadline = self.mark + self.limits.example_timeout_s
            if self.limits.total_timeout_s is not None:
                deadline = min(deadline, self.started + self.limits.total_timeout_s)
            if self.closed_at is not None:
                if self._exited():
                    return
                if now >= self.closed_at + EXIT_GRACE_S:
                    return self._fail("crash", "closed its result channel")
            if now >= deadline:
                return self._fail("timeout", f"no result within {deadline - self.mark:.3g} s")
            wait = deadline - now if self.closed_at is None else min(deadline - now, 0.002)
            for key, _ in self.sel.select(wait):
                self._on_ready(key.fd)

    def _on_ready(self, fd: int) -> None:
        child = self.child
        if fd == child.req_w:
            try:
                self.payload = self.payload[os.write(fd, self.payload[: 1 << 16]) :]
            except BrokenPipeError:
                self.payload = self.payload[:0]
            if not self.payload:
                self.sel.unregister(fd)
                child.req_w = -1  # before the close: see Spare.close_pipes
                os.close(fd)
            return
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            self.sel.unregister(fd)
            if fd == child.res_r:
                self.closed_at = time.monotonic()
        elif fd == child.out_r:
            self.out.add(chunk)
        elif fd == child.err_r:
            self.err.add(chunk)
        else:
            self.buf += chunk
            while not self.stopped and (end := self.buf.find(b"\n")) >= 0:
                line = bytes(self.buf[:end])
                del self.buf[: end + 1]
                self._on_line(line)
            if not self.stopped and len(self.buf) > self.line_cap:
                self._fail("bad_output" if self.compile else "crash", "result line too long")

    def _on_line(self, line: bytes) -> None:
        now = time.monotonic()
        try:
            msg = json.loads(line)
        except (ValueError, RecursionError):
            return self._fail("crash", "protocol violation: unparsable result line")
        message = msg.get("message") if isinstance(msg, dict) else None
        if not isinstance(message, str):
            return self._fail("crash", "protocol violation: malformed result line")
        message = message[:MAX_MESSAGE]
        if self.compile is None:
            if msg.get("compile") not in COMPILE_STATUSES:
                return self._fail("crash", "protocol violation: bad compile status")
            self.compile = {"status": msg["compile"], "message": message}
            self.mark = now
            if msg["compile"] != "ok":
                self._not_run()
            elif not self.n:
                self.stopped = True
            return
        status, output = msg.get("status"), msg.get("output")
        with_text = self.has_outputs and status == "ok"
        if (
            msg.get("i") != len(self.results)
            or status not in CHILD_STATUSES
            or (not isinstance(output, str) if with_text else output is not None)
        ):
            return self._fail("crash", "protocol violation: unexpected result")
        if with_text and len(output) > self.limits.max_output_bytes:  # ASCII: chars = bytes
            status, output, message = "bad_output", None, "output too long"
        self.results.append(
            {
                "status": status,
                "output": output,
                "message": message,
                "elapsed_s": round(now - self.mark, 6),
            }
        )
        self.mark = now
        if status == "memory":
            self._not_run()
        elif len(self.results) == self.n:
            self.stopped = True

    def _exited(self) -> bool:
        """If the child is dead, record why (without reaping it) and stop."""
        info = os.waitid(os.P_PID, self.child.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        if info is None:
            return False
        if info.si_code == os.CLD_EXITED:
            self._fail("crash", f"exited with code {info.si_status}")
        elif info.si_status == signal.SIGXCPU:
            self._fail("timeout", "CPU time limit exceeded")
        else:
            self._fail("crash", f"killed by {_signal_name(info.si_status)}")
        return True

    def _fail(self, status: str, message: str) -> None:
        entry = {"status": status, "message": message}
        if self.compile is None:
            self.compile = entry
        else:
            entry.update(output=None, elapsed_s=round(time.monotonic() - self.mark, 6))
            self.results.append(entry)
        self._not_run()

    def _not_run(self) -> None:
        self.results += [
            {"status": "not_run", "output": None, "message": "", "elapsed_s": 0.0}
            for _ in range(self.n - len(self.results))
        ]
        self.stopped = True

    def finish(self) -> None:
        """Kill the child (its process group or pid namespace), reap it, keep its output."""
        self.child.kill()
        os.waitpid(self.child.pid, 0)
        for fd, capture in ((self.child.out_r, self.out), (self.child.err_r, self.err)):
            os.set_blocking(fd, False)
            try:
                while chunk := os.read(fd, 1 << 16):
                    capture.add(chunk)
            except BlockingIOError:
                pass
        self.sel.close()
        self.child.close_pipes()


def _not_run(n: int, message: str, status: str = "not_run") -> list[dict]:
    return [
        {"status": status, "output": None, "message": message, "elapsed_s": 0.0} for _ in range(n)
    ]


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def _empty_dir(path: str) -> bool:
    """Remove everything inside `path` (not `path` itself); True when nothing was left.

    Never follows a symlink; makes each directory the owner's to list and change before going
    in (a program may have chmod'ed it 0); any depth with two fds open and no recursion: the way
    back up is "..", which is safe here because no process of the run is left to move things.
    """
    fd = os.open(path, OPEN_DIR)
    ok = True
    above: list[tuple[Iterator[str], str]] = []  # per level: the names left there, the subdir
    names = iter(os.listdir(fd))
    try:
        while True:
            for name in names:
                try:
                    os.unlink(name, dir_fd=fd)  # a file, symlink, fifo, socket: gone
                    continue
                except IsADirectoryError:
                    pass
                except FileNotFoundError:
                    continue
                except OSError:
                    ok = False
                    continue
                try:
                    os.rmdir(name, dir_fd=fd)  # an empty directory: gone
                    continue
                except OSError as exc:
                    if exc.errno != errno.ENOTEMPTY:
                        ok = False
                        continue
                try:
                    os.chmod(name, 0o700, dir_fd=fd)  # a directory (unlink said so), not a link
                    sub = os.open(name, OPEN_DIR, dir_fd=fd)
                except OSError:
                    ok = False
                    continue
                above.append((names, name))
                os.close(fd)
                fd, names = sub, iter(os.listdir(sub))
                break
            else:  # this directory is empty now
                if not above:
                    return ok
                names, name = above.pop()
                parent = os.open("..", OPEN_DIR, dir_fd=fd)
                os.close(fd)
                fd = parent
                try:
                    os.rmdir(name, dir_fd=fd)
                except OSError:
                    ok = False
    finally:
        os.close(fd)


def _remove_tree(path: str) -> None:
    try:
        _empty_dir(path)
        os.rmdir(path)
    except OSError:
        pass


def _reap_strays() -> None:
    """Reap any exited child (as a container's init, orphans are re-parented to us)."""
    try:
        while os.waitpid(-1, os.WNOHANG)[0]:
            pass
    except ChildProcessError:
        pass


def _works(action: Callable[[], object]) -> bool:
    """Whether `action` succeeds, tried in a throwaway child (it may drop our privileges)."""
    pid = os.fork()
    if pid == 0:
        try:
            action()
            os._exit(0)
        except BaseException:
            os._exit(1)
    return os.waitpid(pid, 0)[1] == 0


def _drop_privileges(uid: int) -> None:
    os.setgroups([])
    os.setgid(uid)
    os.setuid(uid)


def _pid_init(libc: Libc) -> None:
    """pid 1 of the runs' namespace: keeps it alive; when the worker dies, so do all runs."""
    try:
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        os.closerange(0, max(os.sysconf("SC_OPEN_MAX"), 1024))
        signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # reap any orphan automatically
        while True:
            signal.pause()
    finally:
        os._exit(0)


# ---- child side: runs in the confined child -------------------------------------------------


def _describe(exc: BaseException, use_repr: bool = False) -> str:
    try:
        text = repr(exc) if use_repr else f"{type(exc).__name__}: {exc}"
        return str(text)[:MAX_MESSAGE]
    except BaseException:  # hostile __str__/__repr__
        return "<unprintable exception>"


def _send(msg: dict) -> None:
    for stream in (sys.stdout, sys.stderr):  # the program's output lands before its result
        try:
            stream.flush()
        except BaseException:
            pass
    data = (json.dumps(msg) + "\n").encode()
    while data:
        data = data[os.write(RESULT_FD, data) :]


def _run_one(
    job: dict, entry: Any, item: Any, namespace: dict, max_output: int
) -> tuple[str, str | None, str]:
    """One example: (status, output, message)."""
    asserts = job["mode"] != "call"
    try:
        if asserts:
            exec(compile(item, "<test>", "exec", dont_inherit=True), namespace)
            return "ok", None, ""
        value = entry(copy.deepcopy(item))
    except MemoryError as exc:
        return "memory", None, _describe(exc)
    except BaseException as exc:  # SystemExit and KeyboardInterrupt fail the example too
        return "exception", None, _describe(exc, use_repr=asserts)
    try:
        text = json.dumps(value)
    except MemoryError as exc:
        return "memory", None, _describe(exc)
    except BaseException as exc:
        return "bad_output", None, "not JSON-serializable: " + _describe(exc)
    if not isinstance(text, str) or len(text) > max_output:
        return "bad_output", None, f"output is not text or longer than {max_output} bytes"
    return "ok", text, ""


def _run_program(job: dict, limits: Limits) -> None:
    """Compile and exec the program, then run each example; one JSON line per step."""
    namespace = {"__name__": "program"}  # imported like a module: __main__ blocks do not run
    try:
        code = compile(job["source"], "<program>", "exec", dont_inherit=True)
    except BaseException as exc:  # SyntaxError, ValueError (NUL bytes), RecursionError
        _send({"compile": "syntax", "message": _describe(exc)})
        return
    try:
        exec(code, namespace)
    except BaseException as exc:
        _send({"compile": "exception", "message": _describe(exc)})
        return
    entry = namespace.get(job["entry"])
    if job["mode"] == "call" and not callable(entry):
        _send({"compile": "no_entry", "message": f"no function {job['entry']!r} defined"})
        return
    _send({"compile": "ok", "message": ""})
    isolated = job["mode"] == "tests"  # each test gets its own copy of the namespace
    for i, item in enumerate(job["items"]):
        scope = dict(namespace) if isolated else namespace
        status, output, message = _run_one(job, entry, item, scope, limits.max_output_bytes)
        _send({"i": i, "status": status, "output": output, "message": message})
        if status == "memory":
            return


def main() -> None:
    args = sys.argv[1:]
    if args and (len(args) != 2 or args[0] != "--scratch-root"):
        raise SystemExit("usage: worker.py [--scratch-root DIR]")
    proto_out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # a stray print must not corrupt the protocol
    scratch_root = os.path.abspath(args[1]) if args else None
    os.chdir("/")  # children start outside any scratch dir until they enter their own
    worker = Worker(scratch_root)
    worker.isolate()
    print(f"golf-ray worker {os.getpid()}: {json.dumps(asdict(worker.iso))}", file=sys.stderr)
    gc.freeze()  # children then leave the worker's objects alone: fewer copy-on-write faults
    signal.signal(signal.SIGTERM, _stop)  # so a run in progress is killed and reaped first
    try:
        for line in sys.stdin.buffer:
            if not line.strip():
                continue
            proto_out.write(json.dumps(worker.handle(line)).encode() + b"\n")
            proto_out.flush()
            if worker.spare is None:  # fork the next child while the host reads the response
                try:
                    worker.spawn_spare()
                except OSError:
                    traceback.print_exc()
    finally:
        worker.close()


def _stop(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)


if __name__ == "__main__":
    main()
