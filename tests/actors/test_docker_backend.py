"""The Docker sandbox backend against a real engine and the real image.

Skipped (saying why) only when no Docker engine answers or the image cannot be built. The image
is built offline (debootstrap base) when missing or out of date: about 1-2 minutes the first time.
"""

from __future__ import annotations

import ipaddress
import json
import logging
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from golf_ray.sandbox_build import (
    DEFAULT_TAG,
    SandboxImageError,
    build_image,
    docker_available,
)

pytestmark = pytest.mark.docker

_ok, _why = docker_available()
if not _ok:
    pytest.skip(_why, allow_module_level=True)

import docker  # noqa: E402  (after the skip: the SDK may be what is missing)
from hostile_programs import (  # noqa: E402
    MIRROR,
    TASK_INPUTS,
    TASK_OUTPUTS,
    HostileContext,
    catalogue,
)

from golf_ray.actors.backends.base import WorkerDied, WorkerError, WorkerTimeout  # noqa: E402
from golf_ray.actors.backends.docker import (  # noqa: E402
    LABEL,
    DockerBackend,
    cleanup_stale_containers,
)
from golf_ray.verify import (  # noqa: E402
    Limits,
    Verdict,
    build_run_request,
    program_bytes,
    verdict_from_response,
)

REPO = Path(__file__).resolve().parents[2]
LIMITS = {
    "example_timeout_s": 5.0,
    "total_timeout_s": None,
    "memory_mb": 256,
    "max_output_bytes": 1 << 20,
    "max_stdio_bytes": 1 << 16,
}


@pytest.fixture(scope="session")
def image() -> str:
    """The sandbox image, built from this checkout (offline first, then from a registry)."""
    errors = []
    for offline in (True, False):
        try:
            return build_image(DEFAULT_TAG, offline=offline, progress=False)
        except SandboxImageError as exc:
            errors.append(str(exc))
    pytest.skip(f"cannot build the sandbox image {DEFAULT_TAG}: {' | '.join(errors)}")


@pytest.fixture(scope="session")
def client() -> Iterator[docker.DockerClient]:
    client = docker.from_env()
    yield client
    client.close()


@pytest.fixture
def backend(image: str) -> Iterator[DockerBackend]:
    b = DockerBackend(image=image, memory_mb=256, cpus=1.0, pids_limit=32)
    b.start()
    yield b
    b.close()


def run(
    backend: DockerBackend,
    source: str,
    inputs: list | None = None,
    timeout_s: float = 30,
    **limits: Any,
) -> dict:
    request = {
        "op": "run",
        "mode": "call",
        "source": source,
        "entry": "p",
        "inputs": [[[0]]] if inputs is None else inputs,
        "limits": {**LIMITS, **limits},
    }
    return backend.request(request, timeout_s)


def outputs(response: dict) -> list[str | None]:
    return [r["output"] for r in response["results"]]


def assert_healthy(backend: DockerBackend) -> None:
    """The backend answers a ping and judges a normal program correctly."""
    assert backend.request({"op": "ping"}, 30)["ok"] is True
    assert outputs(run(backend, "def p(g):\n return g[::-1]", [[[1], [2]]])) == ["[[2], [1]]"]


def container_attrs(client: docker.DockerClient, backend: DockerBackend) -> dict:
    return client.containers.get(backend.describe()["container_id"]).attrs


def test_ping_reports_container_isolation(backend: DockerBackend, client) -> None:
    info = backend.describe()
    assert info["backend"] == "docker" and info["alive"]
    assert info["container_name"].startswith(f"golf-ray-sandbox-{os.getpid()}-")
    assert info["isolation"]["uid"] == 10001  # as the worker sees itself
    assert info["isolation"]["wiped"] == ["/tmp"]  # programs share its uid: /tmp is emptied
    assert info["worker_pid"] == 1  # no docker-init
    host = container_attrs(client, backend)["HostConfig"]
    assert host["Init"] is False
    assert host["NetworkMode"] == "none"
    assert host["ReadonlyRootfs"] is True
    assert host["CapDrop"] == ["ALL"]
    assert "no-new-privileges" in host["SecurityOpt"]
    assert host["Memory"] == host["MemorySwap"] == 256 << 20
    assert host["PidsLimit"] == 32
    assert container_attrs(client, backend)["Config"]["User"] == "10001:10001"
    assert container_attrs(client, backend)["Config"]["Labels"][LABEL] == "1"


def test_partial_isolation_is_logged_at_info(image: str, caplog) -> None:
    """The worker reports notes (not root: no namespaces, ...); in a container that is by
    design, so it is no warning."""
    with caplog.at_level(logging.INFO, logger="golf_ray.actors.backends.base"):
        with DockerBackend(image=image) as backend:
            assert backend.info["isolation"]["notes"]
    partial = [r for r in caplog.records if "isolation is partial" in r.getMessage()]
    assert partial and all(r.levelno == logging.INFO for r in partial)


def test_large_request(backend: DockerBackend) -> None:
    """262 examples of 30x30 grids (~0.5 MB of JSON) go through the attach socket."""
    grids = [[[(i + r + c) % 10 for c in range(30)] for r in range(30)] for i in range(262)]
    response = run(backend, "def p(g):\n return [r[::-1] for r in g]", grids, timeout_s=60)
    assert outputs(response) == [json.dumps([r[::-1] for r in g]) for g in grids]


def test_write_gets_the_request_deadline(backend: DockerBackend, client) -> None:
    """A worker that stops reading (here: its container frozen) fails a request that does not
    fit in the socket buffers at the request's deadline, not after a fixed write timeout."""
    cid = backend.describe()["container_id"]
    client.api.pause(cid)
    start = time.monotonic()
    with pytest.raises(WorkerTimeout):
        run(backend, "p=lambda g:g", [["x" * (1 << 20)]] * 32, timeout_s=2)  # 32 MiB
    assert time.monotonic() - start < 10
    with pytest.raises(docker.errors.NotFound):
        client.containers.get(cid)  # a timeout kills the container at once
    backend.restart()
    assert_healthy(backend)


def test_tiny_program_round_trip(backend: DockerBackend, capsys) -> None:
    source = "def p(g):\n return [[c + 1 for c in r] for r in g]"
    times = []
    for _ in range(30):
        start = time.perf_counter()
        response = run(backend, source, [[[1, 2]]])
        times.append(time.perf_counter() - start)
        assert outputs(response) == ["[[2, 3]]"]
    with capsys.disabled():  # a number to read, not a gate (timings never go into assertions)
        print(
            f"\ndocker sandbox round trip: median {statistics.median(times) * 1e3:.1f} ms, "
            f"min {min(times) * 1e3:.1f} ms over {len(times)} runs"
        )


def test_per_example_outputs_and_failures(backend: DockerBackend) -> None:
    source = "def p(g):\n if g == [[0]]:\n  raise ValueError('zero')\n return [r[::-1] for r in g]"
    response = run(backend, source, [[[1, 2]], [[0]], [[3, 4], [5, 6]]])
    assert response["compile"]["status"] == "ok"
    assert [r["status"] for r in response["results"]] == ["ok", "exception", "ok"]
    assert outputs(response) == ["[[2, 1]]", None, "[[4, 3], [6, 5]]"]


def test_no_network(backend: DockerBackend, client) -> None:
    """Neither the host's docker bridge address nor 127.0.0.1 reaches a host listener."""
    ipam = client.networks.get("bridge").attrs["IPAM"]["Config"][0]
    # Older engines list only the subnet; the bridge (host side) then takes its first address.
    gateway = ipam.get("Gateway") or str(ipaddress.ip_network(ipam["Subnet"])[1])
    with socket.create_server(("0.0.0.0", 0)) as listener:
        port = listener.getsockname()[1]
        source = (
            "import socket\n"
            "def p(hosts):\n"
            " out = []\n"
            " for host in hosts:\n"
            "  try:\n"
            f"   socket.create_connection((host, {port}), timeout=2).close()\n"
            "   out.append('connected')\n"
            "  except OSError as e:\n"
            "   out.append(type(e).__name__)\n"
            " try:\n"
            "  socket.getaddrinfo('pypi.org', 443)\n"
            "  out.append('resolved')\n"
            " except OSError as e:\n"
            "  out.append(type(e).__name__)\n"
            " return out\n"
        )
        response = run(backend, source, [[gateway, "127.0.0.1"]])
        listener.settimeout(0.5)
        with pytest.raises(TimeoutError):
            listener.accept()  # nothing ever arrived
    (result,) = response["results"]
    assert result["status"] == "ok", result
    assert "connected" not in result["output"] and "resolved" not in result["output"]


def test_nothing_writable_outside_tmp(backend: DockerBackend) -> None:
    """Try to create a file at every mount point and in system directories: only /tmp takes it."""
    source = (
        "import os\n"
        "def p(extra):\n"
        " dirs = {line.split()[1] for line in open('/proc/mounts')} | set(extra)\n"
        " ok = []\n"
        " for d in sorted(x for x in dirs if os.path.isdir(x)):\n"
        "  try:\n"
        "   open(os.path.join(d, 'golf-ray-probe'), 'w').close()\n"
        "   ok.append(d)\n"
        "  except OSError:\n"
        "   pass\n"
        " return [ok, os.getcwd(), os.getuid()]\n"
    )
    extra = ["/", "/etc", "/opt/golf-ray", "/usr/lib", "/var/tmp", "/root", "/home", "/run"]
    (result,) = run(backend, source, [extra])["results"]
    assert result["status"] == "ok", result
    writable, cwd, uid = json.loads(result["output"])
    assert writable == ["/tmp"]
    assert cwd.startswith("/tmp") and uid == 10001


def test_no_ipc_objects_outlive_a_run(backend: DockerBackend) -> None:
    """SysV shared memory, message queues and POSIX message queues would let one program leave
    data for a later one in the same container; the container's IPC sysctls forbid them."""
    source = (
        "import ctypes, os\n"
        "libc = ctypes.CDLL(None, use_errno=True)\n"
        "def p(g):\n"
        " return [libc.shmget(4242, 4096, 0o1600), libc.msgget(4243, 0o1600),\n"
        "         libc.semget(4244, 1, 0o1600),\n"
        "         libc.mq_open(b'/golf', os.O_CREAT | os.O_RDWR, 0o600, None)]\n"
    )
    assert outputs(run(backend, source)) == ["[-1, -1, -1, -1]"]


def test_files_do_not_outlive_a_run(backend: DockerBackend) -> None:
    write = "def p(g):\n open('/tmp/golf-ray-cache', 'w').write('answers')\n return 0"
    read = "import os\ndef p(g):\n return os.path.exists('/tmp/golf-ray-cache')"
    assert outputs(run(backend, write)) == ["0"]
    assert outputs(run(backend, read)) == ["false"]


# Leaves all it can in /tmp, in ways a careless cleanup would miss: hidden names, directories
# it cannot list or change (0, 0o500), a chain deeper than Python's recursion limit (what
# shutil.rmtree recurses on), a symlink into the read-only system and a dangling one, a fifo,
# a hard link. Then a later program must find /tmp holding only its own scratch dir.
LITTER = """import os
def p(g):
    os.chdir('/tmp')
    open('.answers', 'w').write('cached')
    os.link('.answers', 'hard-link')
    os.symlink('/etc', 'etc-link')
    os.symlink('/nowhere', 'dangling')
    os.mkfifo('fifo')
    for name, mode in (('locked', 0), ('read-only', 0o500)):
        os.mkdir(name)
        open(name + '/inside', 'w').write('cached')
        os.mkdir(name + '/sub')
        os.chmod(name, mode)
    os.mkdir('deep')
    os.chdir('deep')
    for _ in range(2500):
        os.mkdir('d')
        os.chdir('d')
    open('bottom', 'w').write('cached')
    return sorted(os.listdir('/tmp'))
"""
CHECK = """import os
def p(g):
    return [sorted(os.listdir('/tmp')), os.path.basename(os.getcwd()), os.listdir('.'),
            os.path.exists('/etc/passwd')]
"""


def test_litter_outside_the_scratch_dir_is_removed(backend: DockerBackend) -> None:
    (left,) = run(backend, LITTER)["results"]
    assert left["status"] == "ok", left
    assert len(json.loads(left["output"])) == 9  # 8 entries and the run's own scratch dir
    for _ in range(2):  # the spare forked after a run sees a clean /tmp too
        (result,) = run(backend, CHECK)["results"]
        tmp, cwd, scratch, etc_intact = json.loads(result["output"])
        assert tmp == [cwd] and scratch == [] and etc_intact


def test_full_tmp_does_not_break_later_runs(backend: DockerBackend) -> None:
    """A program that uses up /tmp's space and inodes leaves it empty for the next one."""
    fill = (
        "import os\n"
        "def p(g):\n"
        " n = 0\n"
        " try:\n"
        "  with open('/tmp/big', 'wb') as f:\n"
        "   while True: f.write(b'x' * (1 << 20)); f.flush()\n"
        " except OSError: pass\n"
        " try:\n"
        "  while True: open(f'/tmp/f{n}', 'w').close(); n += 1\n"
        " except OSError: pass\n"
        " s = os.statvfs('/tmp')\n"
        " return [n > 1000, s.f_bavail * s.f_frsize < (4 << 20), s.f_ffree]\n"
    )
    (full,) = run(backend, fill)["results"]
    assert json.loads(full["output"]) == [True, True, 0], full
    use = (
        "import os\n"
        "def p(g):\n"
        " open('/tmp/next', 'wb').write(b'y' * (8 << 20))\n"
        " s = os.statvfs('/tmp')\n"
        " return [s.f_bavail * s.f_frsize > (48 << 20), s.f_ffree > 8000]\n"
    )
    assert outputs(run(backend, use)) == ["[true, true]"]


RETUNE = {  # what a program (same uid) can change in its worker, and a later one could read
    "rlimit": "resource.prlimit(1, resource.RLIMIT_STACK, (4242 << 10, resource.RLIM_INFINITY))",
    "nice": "os.setpriority(os.PRIO_PROCESS, 1, 7)",
    "scheduler": "os.sched_setscheduler(1, os.SCHED_BATCH, os.sched_param(0))",
    "affinity": "os.sched_setaffinity(1, sorted(os.sched_getaffinity(1))[:1])",
}


@pytest.mark.parametrize("what", sorted(RETUNE))
def test_program_that_retunes_its_worker_is_not_followed(backend: DockerBackend, what) -> None:
    """The worker sees the change after the run and exits unanswered: the container is
    replaced and nothing of it reaches a later program."""
    if what == "affinity" and len(os.sched_getaffinity(0)) < 2:
        pytest.skip("one CPU: no affinity to change")
    source = f"import os, resource\ndef p(g):\n {RETUNE[what]}\n return 0"
    with pytest.raises(WorkerDied, match="changed the worker's"):
        run(backend, source)
    backend.restart()
    assert_healthy(backend)


@pytest.mark.parametrize("rlimit_mb", [128, 2048], ids=["worker-rlimit", "container-memory-limit"])
def test_memory_bomb(backend: DockerBackend, rlimit_mb: int) -> None:
    """128: the worker's RLIMIT_AS stops it. 2048: only the container's 256 MiB cgroup does
    (the kernel OOM-kills the child). Either way: not ok, and the backend goes on."""
    source = "def p(g):\n x = [b'x' * (1 << 20) for _ in range(1000)]\n return len(x)"
    try:
        (result,) = run(backend, source, memory_mb=rlimit_mb)["results"]
        assert result["status"] in ("memory", "crash"), result
    except WorkerDied:  # the OOM killer may pick the worker: a fresh container takes over
        backend.restart()
    assert_healthy(backend)


def test_fork_bomb_contained(backend: DockerBackend) -> None:
    bomb = "import os\ndef p(g):\n while True:\n  os.fork()"
    threads = (
        "import threading, time\ndef p(g):\n for _ in range(1000):\n"
        "  threading.Thread(target=time.sleep, args=(30,)).start()"
    )
    for source in (bomb, threads):
        (result,) = run(backend, source)["results"]
        assert result["status"] != "ok", result
    # The pids cgroup is in force as a backstop behind the worker's RLIMIT_NPROC.
    limit = (
        "import os\n"
        "def p(g):\n"
        " v1, v2 = '/sys/fs/cgroup/pids/pids.max', '/sys/fs/cgroup/pids.max'\n"
        " return open(v1 if os.path.exists(v1) else v2).read().strip()\n"
    )
    assert outputs(run(backend, limit)) == ['"32"']
    assert_healthy(backend)


def test_program_kills_its_worker(backend: DockerBackend, client) -> None:
    """The worker is pid 1: only the signals it handles (SIGTERM, SIGINT) reach it."""
    old = backend.describe()["container_id"]
    with pytest.raises(WorkerDied, match="exit code 143"):
        run(backend, "import os, signal\ndef p(g):\n os.kill(os.getppid(), signal.SIGTERM)")
    assert not backend.alive()
    backend.restart()
    assert backend.describe()["container_id"] != old
    assert_healthy(backend)
    with pytest.raises(docker.errors.NotFound):
        client.containers.get(old)  # the dead container was removed, not left behind


def test_program_cannot_kill_or_stop_pid_1(backend: DockerBackend) -> None:
    """The worker is pid 1 of the container's pid namespace: SIGKILL and SIGSTOP from inside
    are dropped."""
    source = (
        "import os, signal\n"
        "def p(g):\n"
        " os.kill(1, signal.SIGSTOP)\n"
        " os.kill(os.getppid(), signal.SIGKILL)\n"
        " try:\n"
        "  os.kill(-1, signal.SIGKILL)  # everyone but pid 1 and itself: no one\n"
        " except ProcessLookupError:\n"
        "  pass\n"
        " return os.getppid()\n"
    )
    assert outputs(run(backend, source)) == ["1"]
    assert_healthy(backend)


def test_program_cannot_reach_pid_1(backend: DockerBackend) -> None:
    """No process in the container is dumpable and of the programs' uid: no ptrace, no
    /proc/<pid>/fd (pid 1's fds are the protocol stream), environ or mem of another process."""
    source = (
        "import ctypes, os\n"
        "libc = ctypes.CDLL(None, use_errno=True)\n"
        "def p(g):\n"
        " me, out = os.getpid(), []\n"
        " for pid in [int(d) for d in os.listdir('/proc') if d.isdigit() and int(d) != me]:\n"
        "  out.append(libc.ptrace(16, pid, None, None))  # PTRACE_ATTACH\n"
        "  for f in ['environ', 'mem', 'fd/0', 'fd/1']:\n"
        "   try:\n"
        "    os.close(os.open(f'/proc/{pid}/{f}', os.O_RDONLY))\n"
        "    out.append(f'{pid}/{f}')\n"
        "   except OSError:\n"
        "    pass\n"
        " return out\n"
    )
    (result,) = run(backend, source)["results"]
    assert result["status"] == "ok", result
    assert set(json.loads(result["output"])) == {-1}


def test_program_cannot_forge_responses(backend: DockerBackend) -> None:
    """A program that writes responses for its own and the next request into every stream it
    can open: the host gets the worker's answers."""
    forge = (
        "import json, os\n"
        "def p(g):\n"
        " lines = b''\n"
        " for rid in range(100):\n"
        "  r = {'id': rid, 'ok': True, 'compile': {'status': 'ok', 'message': ''}, 'results':\n"
        "       [{'status': 'ok', 'output': '42', 'message': '', 'elapsed_s': 0}],\n"
        "       'stdout': '', 'stderr': '', 'elapsed_s': 0}\n"
        "  lines += json.dumps(r).encode() + b'\\n'\n"
        " for pid in os.listdir('/proc'):\n"
        "  for fd in ('0', '1', '2'):\n"
        "   try:\n"
        "    w = os.open(f'/proc/{pid}/fd/{fd}', os.O_WRONLY)\n"
        "    os.write(w, lines)\n"
        "   except OSError:\n"
        "    pass\n"
        " return 0\n"
    )
    assert outputs(run(backend, forge)) == ["0"]
    assert outputs(run(backend, "def p(g):\n return 'honest'")) == ['"honest"']


def test_wedged_worker_is_replaced(backend: DockerBackend, client) -> None:
    old = backend.describe()["container_id"]
    start = time.monotonic()
    with pytest.raises(WorkerTimeout):  # the host's deadline comes before the worker's
        run(
            backend,
            "import time\ndef p(g):\n time.sleep(60)",
            timeout_s=3,
            example_timeout_s=30.0,
        )
    assert time.monotonic() - start < 20  # the deadline holds, no hang
    with pytest.raises(docker.errors.NotFound):
        client.containers.get(old)  # a timeout kills the container at once
    backend.restart()
    assert backend.describe()["container_id"] != old
    assert_healthy(backend)


def test_close_removes_the_container(image: str, client) -> None:
    backend = DockerBackend(image=image)
    backend.start()
    cid = backend.describe()["container_id"]
    backend.close()
    assert not backend.alive()
    with pytest.raises(docker.errors.NotFound):
        client.containers.get(cid)


def test_stale_container_of_a_killed_process_is_cleaned(backend: DockerBackend, client) -> None:
    """A process that dies without closing its backend leaves a container; the label sweep at
    the next start removes it, and leaves containers of live processes alone."""
    script = (
        "import os, signal\n"
        "from golf_ray.actors.backends.docker import DockerBackend\n"
        f"b = DockerBackend(image={backend.image!r})\n"
        "b.start()\n"
        "print(b.describe()['container_id'], flush=True)\n"
        "os.kill(os.getpid(), signal.SIGKILL)\n"  # no close, no atexit, no finalizers
    )
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    proc = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    stale = proc.stdout.strip()
    assert client.containers.get(stale).labels[LABEL] == "1"  # left behind
    replacement = DockerBackend(image=backend.image)
    replacement.start()  # sweeps stale containers first
    try:
        with pytest.raises(docker.errors.NotFound):
            client.containers.get(stale)
        assert backend.alive()  # ours (a live owner) survived the sweep
        assert cleanup_stale_containers(client) == []
    finally:
        replacement.close()


# ---- the shared hostile catalogue (tests/hostile_programs.py), judged in a container ------------

HOSTILE_LIMITS = Limits(
    example_timeout_s=1.0, memory_mb=256, max_output_bytes=100_000, max_stdio_bytes=4096
)
HOSTILE_NAMES = [h.name for h in catalogue(HostileContext("", (), "", "", 0, 0))]


@pytest.fixture(scope="module")
def bait() -> Iterator[tuple[HostileContext, socket.socket]]:
    """Host-side bait: a secret file and a process holding a secret in its environment, paths
    the programs try to create, and a listener on all host addresses."""
    marker = uuid.uuid4().hex[:12]
    secret = "SECRET" + uuid.uuid4().hex
    folder = Path(tempfile.mkdtemp(prefix="golf_ray_bait_"))
    folder.chmod(0o755)
    secret_file = folder / "task999.json"
    secret_file.write_text(f'{{"note": "{secret}"}}')
    pwned = (f"/tmp/golf_ray_pwned_{marker}", str(REPO / f"golf_ray_pwned_{marker}"))
    holder = subprocess.Popen(["sleep", "3600"], env={"GOLF_RAY_SECRET": secret})
    listener = socket.create_server(("0.0.0.0", 0))
    listener.setblocking(False)
    port = listener.getsockname()[1]
    yield HostileContext(marker, pwned, str(secret_file), secret, port, holder.pid), listener
    listener.close()
    holder.kill()
    holder.wait()
    shutil.rmtree(folder)


@pytest.fixture(scope="module")
def shared_backend(image: str) -> Iterator[DockerBackend]:
    """One container for the whole catalogue: a program must not spoil the next one's run."""
    b = DockerBackend(image=image, memory_mb=512, cpus=1.0, pids_limit=32)
    b.start()
    yield b
    b.close()


def judge(backend: DockerBackend, source: str) -> tuple[Verdict, dict]:
    request = build_run_request(source, TASK_INPUTS, HOSTILE_LIMITS)
    try:
        response = backend.request(request, timeout_s=30)
    except WorkerError as exc:  # what SandboxActor does: replace the container, judge it wrong
        backend.restart()
        response = {"ok": False, "error": f"{type(exc).__name__}: {exc}"}
    return verdict_from_response(response, TASK_OUTPUTS, program_bytes(source)), response


def container_processes(client: docker.DockerClient, backend: DockerBackend) -> list[str]:
    top = client.containers.get(backend.describe()["container_id"]).top()
    return [row[-1] for row in top["Processes"]]


@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_hostile_program_is_contained(
    name: str, shared_backend: DockerBackend, bait, client
) -> None:
    """Judged not correct with an expected error; nothing reaches the host (files, secrets,
    network); nothing lingers in the container; the next program is judged correctly. Attempts
    on the container's own files may succeed: the container is the program's whole world."""
    ctx, listener = bait
    hostile = next(h for h in catalogue(ctx) if h.name == name)
    verdict, response = judge(shared_backend, hostile.source)
    assert not verdict.correct
    assert verdict.error in hostile.errors, (verdict, response)
    assert ctx.secret not in str(response)
    assert not [p for p in ctx.pwned_paths if os.path.lexists(p)]
    with pytest.raises(BlockingIOError):
        listener.accept()
    assert judge(shared_backend, MIRROR)[0].correct
    deadline = time.monotonic() + 2.0  # the worker forks its next spare child after answering
    while len(procs := container_processes(client, shared_backend)) > 2:
        assert time.monotonic() < deadline, procs  # the worker (pid 1), one spare child
        time.sleep(0.05)
