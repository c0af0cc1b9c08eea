"""A real `ray start --head` for the end-to-end tests, isolated from every other Ray on the machine.

Every port is explicit and free, the temp dir is the test's own, and the head runs as
`ray start --block` in its own session: stopping it is a SIGTERM to that one process (Ray then
stops its own children), never `ray stop`, which would stop every Ray on the machine (the test
session's local Ray included). Jobs go in through the `ray job submit` CLI, as a user's would;
their state, the actors and the metrics are read over HTTP (the dashboard's job and state APIs,
the node's Prometheus endpoint).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TERMINAL = {"SUCCEEDED", "FAILED", "STOPPED"}


def ray_cli() -> str:
    beside = Path(sys.executable).parent / "ray"
    return str(beside) if beside.exists() else (shutil.which("ray") or "ray")


def free_ports(n: int) -> list[int]:
    socks = []
    try:
        for _ in range(n):
            s = socket.socket()
            s.bind(("127.0.0.1", 0))
            socks.append(s)
        return [s.getsockname()[1] for s in socks]
    finally:
        for s in socks:
            s.close()


@dataclass
class Job:
    id: str
    status: str = "PENDING"
    logs: str = ""
    seconds: float = 0.0
    metrics: dict[str, set[tuple[str, str]]] = field(default_factory=dict)  # name -> {(run, split)}


class RayHead:
    """`with RayHead(tmp, token=...) as head:` a 2-CPU head on 127.0.0.1 with the dashboard."""

    def __init__(self, root: Path, token: str | None = None, num_cpus: int = 2):
        self.root, self.token, self.num_cpus = root, token, num_cpus
        self.root.mkdir(parents=True, exist_ok=True)
        # Ray's unix sockets live under the temp dir and their paths must stay under 108 bytes:
        # pytest's tmp paths are too long.
        self.temp_dir = Path(tempfile.mkdtemp(prefix="grh-", dir="/tmp"))
        ports = free_ports(9)
        self.gcs_port, self.dashboard_port, self.metrics_port = ports[:3]
        self._other_ports = ports[3:]
        self.url = f"http://127.0.0.1:{self.dashboard_port}"
        self.proc: subprocess.Popen | None = None
        self.start_seconds = 0.0

    # ------------------------------------------------------------------ environment

    def env(self, with_token: bool = True) -> dict[str, str]:
        """The environment of the head and of a client that talks to it."""
        env = {k: v for k, v in os.environ.items() if not k.startswith("RAY_AUTH")}
        env.pop("RAY_ADDRESS", None)
        env["PYTHONPATH"] = os.pathsep.join(
            p for p in (str(REPO), os.environ.get("PYTHONPATH", "")) if p
        )
        env.setdefault("OMP_NUM_THREADS", "1")
        env["RAY_USAGE_STATS_ENABLED"] = "0"
        # Gauges reach the metrics agent every second instead of every 10 s, so a 3-step tiny
        # run is seen by the scrape (a real run's steps are longer than the interval anyway).
        env["RAY_metrics_report_interval_ms"] = "1000"
        if self.token is None:
            env["RAY_AUTH_MODE"] = "disabled"
        else:
            env["RAY_AUTH_MODE"] = "token"
            if with_token:
                env["RAY_AUTH_TOKEN"] = self.token
        return env

    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"} if self.token else {}

    # ------------------------------------------------------------------ life cycle

    def __enter__(self) -> RayHead:
        agent_http, agent_grpc, runtime_env, node_manager, object_manager, client = (
            self._other_ports
        )
        cmd = [
            ray_cli(),
            "start",
            "--head",
            "--block",
            "--node-ip-address=127.0.0.1",
            f"--port={self.gcs_port}",
            "--include-dashboard=true",
            "--dashboard-host=127.0.0.1",
            f"--dashboard-port={self.dashboard_port}",
            f"--metrics-export-port={self.metrics_port}",
            f"--dashboard-agent-listen-port={agent_http}",
            f"--dashboard-agent-grpc-port={agent_grpc}",
            f"--runtime-env-agent-port={runtime_env}",
            f"--node-manager-port={node_manager}",
            f"--object-manager-port={object_manager}",
            f"--ray-client-server-port={client}",
            f"--num-cpus={self.num_cpus}",
            "--num-gpus=0",
            f"--temp-dir={self.temp_dir}",
            "--disable-usage-stats",
        ]
        start = time.monotonic()
        self.log_path = self.root / "head.log"
        with open(self.log_path, "wb") as log:
            self.proc = subprocess.Popen(
                cmd, env=self.env(), stdout=log, stderr=subprocess.STDOUT, start_new_session=True
            )
        try:
            self._wait_until(lambda: self.get("/api/jobs/") is not None, 120, "the job API")
            self._wait_until(self._node_alive, 60, "the head node")
        except BaseException:
            self.stop()
            raise
        self.start_seconds = time.monotonic() - start
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def stop(self) -> None:
        """SIGTERM to `ray start --block` (it stops its own processes), then SIGKILL to any of
        our process tree still alive: ours only, whatever else runs Ray on this machine."""
        if self.proc is None:
            return
        import psutil

        try:
            tree = psutil.Process(self.proc.pid).children(recursive=True)
        except psutil.NoSuchProcess:
            tree = []
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        _, alive = psutil.wait_procs(tree, timeout=10)
        for p in alive:
            try:
                p.kill()
            except psutil.NoSuchProcess:
                pass
        psutil.wait_procs(alive, timeout=10)
        self.proc = None
        shutil.rmtree(self.temp_dir, ignore_errors=True)

    def _node_alive(self) -> bool:
        nodes = self.get("/api/v0/nodes?limit=10")
        rows = ((nodes or {}).get("data") or {}).get("result", {}).get("result", [])
        return any(n.get("state") == "ALIVE" for n in rows)

    def _wait_until(self, ready: Callable[[], bool], timeout_s: float, what: str) -> None:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if self.proc is not None and self.proc.poll() is not None:
                raise RuntimeError(f"ray start exited {self.proc.returncode}: {self.head_log()}")
            if ready():
                return
            time.sleep(0.5)
        raise TimeoutError(f"{what} not up after {timeout_s:.0f} s: {self.head_log()}")

    def head_log(self) -> str:
        return self.log_path.read_text(errors="replace")[-3000:]

    # ------------------------------------------------------------------ HTTP

    def request(self, path: str, headers: dict[str, str] | None = None) -> tuple[int, bytes]:
        req = urllib.request.Request(
            self.url + path, headers=self.headers() if headers is None else headers
        )
        try:
            with urllib.request.urlopen(req, timeout=10) as r:
                return r.status, r.read()
        except urllib.error.HTTPError as e:
            return e.code, e.read()
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            return 0, b""

    def get(self, path: str):
        status, body = self.request(path)
        return json.loads(body) if status == 200 else None

    def actors(self) -> list[dict]:
        """Every actor the state API knows (dead ones stay listed), as the Actors view shows."""
        data = self.get("/api/v0/actors?limit=10000") or {}
        return data.get("data", {}).get("result", {}).get("result", [])

    def scrape(self) -> dict[str, set[tuple[str, str]]]:
        """`ray_golf_ray_*` series on the node's Prometheus endpoint: name -> {(run, split)}."""
        try:
            url = f"http://127.0.0.1:{self.metrics_port}/metrics"
            body = urllib.request.urlopen(url, timeout=5).read().decode()
        except OSError:
            return {}
        out: dict[str, set[tuple[str, str]]] = {}
        for m in re.finditer(r"^(ray_golf_ray_\w+)\{([^}]*)\}", body, re.M):
            labels = dict(re.findall(r'(\w+)="([^"]*)"', m.group(2)))
            out.setdefault(m.group(1), set()).add((labels.get("run", ""), labels.get("split", "")))
        return out

    # ------------------------------------------------------------------ jobs

    def submit(self, job_id: str, entrypoint: list[str], with_token: bool = True):
        """`ray job submit --working-dir . --no-wait -- ENTRYPOINT` from the repo root."""
        cmd = [
            ray_cli(),
            "job",
            "submit",
            "--address",
            self.url,
            "--working-dir",
            ".",
            "--submission-id",
            job_id,
            "--no-wait",
            "--",
            *entrypoint,
        ]
        return subprocess.run(
            cmd, cwd=REPO, env=self.env(with_token), capture_output=True, text=True, timeout=120
        )

    def run_job(self, job_id: str, entrypoint: list[str], timeout_s: float) -> Job:
        """Submit, then poll until the job ends, scraping the metrics meanwhile."""
        start = time.monotonic()
        sub = self.submit(job_id, entrypoint)
        assert sub.returncode == 0, sub.stdout[-2000:] + sub.stderr[-2000:]
        job = Job(job_id)
        deadline = start + timeout_s
        while time.monotonic() < deadline:
            info = self.get(f"/api/jobs/{job_id}") or {}
            job.status = info.get("status", job.status)
            for name, series in self.scrape().items():
                job.metrics.setdefault(name, set()).update(series)
            if job.status in TERMINAL:
                break
            time.sleep(1)
        job.seconds = time.monotonic() - start
        logs = self.get(f"/api/jobs/{job_id}/logs") or {}
        job.logs = logs.get("logs", "")
        return job
