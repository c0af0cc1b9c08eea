"""Benchmark: `golf-ray serve` under a bounded load, with a replica killed midway.

    python bench/serve_load.py [--requests 500] [--concurrency 32] [--quick] [--out FILE.json]

Starts the serve app (tune_configs/serve/tiny.yaml: the tiny model, HF engine, process sandbox)
on 127.0.0.1 on a local Ray of its own, warms it up, then runs a closed-loop load: `concurrency`
clients share `requests` requests, a seeded mix of /v1/generate, /v1/chat/completions, /v1/solve
with a correct program, and /v1/solve with a hostile program from tests/hostile_programs.py
(infinite loops, memory and fork bombs, os.system, file, secret and network access, killing its
parent, ...) beside the correct one. The per-key rate limit is low enough that some requests get
429; a client then waits the Retry-After and sends the request again (at most 5 times). When --kill-at of the requests are done,
the process of the --kill deployment's replica (found through Ray's state API) is SIGKILLed.

Checked, exit 1 naming each failure: no 5xx but 503s, no transport errors, no 4xx but 429; every
429 has Retry-After; every hostile program judged and not correct, the correct program beside it
judged correct, nothing written, connected to or leaked on the host; the killed replica replaced
(a new pid) and requests answered after the kill; the service answers after the load; every
replica's RSS at the end within 25% + 64 MiB of its RSS after warm-up. Recorded: per route the
status counts and p50/p99 latency of the 200s, RSS per Serve process at start and end, the errors
and their window while the replica was replaced, cores and load average, the settings.
Writes bench/results/serve_load.json (--quick: serve_load-quick.json).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(1, str(ROOT / "tests"))  # the hostile catalogue the sandbox tests use

from hostile_programs import (  # noqa: E402
    MIRROR,
    TASK_INPUTS,
    TASK_OUTPUTS,
    Hostile,
    HostileContext,
    catalogue,
)

from golf_ray.fileio import atomic_write_json  # noqa: E402

KINDS = ("generate", "chat", "solve", "solve_hostile")
ROUTES = {
    "generate": "/v1/generate",
    "chat": "/v1/chat/completions",
    "solve": "/v1/solve",
    "solve_hostile": "/v1/solve",
}
WARM_KINDS = ("generate", "chat", "solve")
MIX = {"generate": 0.35, "chat": 0.1, "solve": 0.2, "solve_hostile": 0.35}
TASK = {
    "train": [{"input": TASK_INPUTS[0], "output": TASK_OUTPUTS[0]}],
    "test": [{"input": TASK_INPUTS[1], "output": TASK_OUTPUTS[1]}],
}
# Programs that signal processes other than their own need the worker's pid namespace.
SIGNALS_OTHERS = ("kill_everything", "kill_parent")
RSS_GROWTH = (1.25, 64.0)
RSS_EVERY_S = 10.0
MAX_ATTEMPTS = 5  # a request answered 429 is sent again after its Retry-After, this many times  # end RSS may be at most start × 1.25 + 64 MiB


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# --------------------------------------------------------------------------- host-side bait


class Bait:
    """What the hostile programs reach for: files to create, a secret file, a secret in a host
    process's environment, a TCP listener on 127.0.0.1 that must see no connection."""

    def __init__(self, tmp: Path):
        marker = uuid.uuid4().hex[:12]
        self.secret = uuid.uuid4().hex
        secret_file = tmp / "task.json"
        secret_file.write_text(json.dumps({"secret": self.secret}))
        self.pwned = (Path(f"/tmp/golf_ray_bench_pwned_{marker}"), tmp / "pwned")
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.sock.settimeout(0.2)
        self.connections = 0
        self._stop = threading.Event()
        threading.Thread(target=self._accept, daemon=True).start()
        env = {"PATH": os.environ.get("PATH", ""), "GOLF_RAY_BENCH_SECRET": self.secret}
        self.env_proc = subprocess.Popen(["sleep", "86400"], env=env)
        self.ctx = HostileContext(
            marker=marker,
            pwned_paths=tuple(map(str, self.pwned)),
            secret_file=str(secret_file),
            secret=self.secret,
            port=self.sock.getsockname()[1],
            env_pid=self.env_proc.pid,
        )

    def _accept(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except (TimeoutError, OSError):
                continue
            self.connections += 1
            conn.close()

    def breaches(self, texts: list[str]) -> list[str]:
        found = [f"file written: {p}" for p in self.pwned if p.exists()]
        found += [f"file written: {p}" for p in Path("/tmp").glob(f"*pwned*{self.ctx.marker}*")]
        if self.connections:
            found.append(f"{self.connections} connections to the host listener")
        for token in (self.secret, self.ctx.leak):
            if any(token in t for t in texts):
                found.append(f"a response holds {token[:8]}...")
        return found

    def close(self) -> None:
        self._stop.set()
        self.sock.close()
        self.env_proc.kill()
        self.env_proc.wait()
        for p in self.pwned:
            p.unlink(missing_ok=True)


# --------------------------------------------------------------------------- requests


@dataclass
class Result:
    kind: str
    key: str
    start: float  # seconds since the load began
    end: float
    status: int  # 0: no HTTP answer (transport error)
    retry_after: str | None = None
    error: str | None = None  # the error body's type, or the transport exception
    problems: list[str] = field(default_factory=list)  # failed per-response checks


def request_body(kind: str, i: int, hostile: Hostile | None, model: str) -> dict[str, Any]:
    if kind == "generate":
        return {"prompt": f"def f{i}(x):", "samples": 2, "max_tokens": 16}
    if kind == "chat":
        return {
            "model": model,
            "messages": [{"role": "user", "content": f"Write p number {i}."}],
            "max_tokens": 16,
        }
    if kind == "solve":
        return {"task": TASK, "samples": 2, "max_tokens": 16, "programs": [MIRROR]}
    assert hostile is not None
    return {"task": TASK, "samples": 1, "max_tokens": 8, "programs": [hostile.source, MIRROR]}


def check_body(kind: str, body: dict[str, Any], hostile: Hostile | None) -> list[str]:
    """What a 200 must hold: completions; the given programs judged as they should be."""
    if kind == "generate":
        return [] if len(body.get("completions", [])) == 2 else ["generate: not 2 completions"]
    if kind == "chat":
        return [] if body.get("choices") else ["chat: no choices"]
    given = [c for c in body.get("candidates", []) if c["source"] == "given"]
    problems = []
    if kind == "solve_hostile":
        assert hostile is not None
        evil, mirror = given if len(given) == 2 else (None, None)
        verdict = evil and evil["verdict"]
        if verdict is None:
            problems.append(f"{hostile.name}: not judged")
        elif verdict["correct"]:
            problems.append(f"{hostile.name}: judged correct")
    else:
        (mirror,) = given if len(given) == 1 else (None,)
    if mirror is None or mirror["verdict"] is None or not mirror["correct"]:
        problems.append(f"{hostile.name if hostile else 'solve'}: the correct program not correct")
    return problems


async def send(
    client: httpx.AsyncClient, kind: str, key: str, body: dict, hostile: Hostile | None, t0: float
) -> tuple[Result, str, str | None]:
    start = time.perf_counter() - t0
    headers = {"Authorization": f"Bearer {key}"}
    try:
        r = await client.post(ROUTES[kind], json=body, headers=headers)
    except httpx.HTTPError as e:
        end = time.perf_counter() - t0
        return Result(kind, key, start, end, 0, error=f"{type(e).__name__}: {e}"), "", None
    end = time.perf_counter() - t0
    result = Result(kind, key, start, end, r.status_code, r.headers.get("retry-after"))
    verdict_error = None
    try:
        data = r.json()
    except ValueError:
        data = None
    if r.status_code == 200 and isinstance(data, dict):
        result.problems = check_body(kind, data, hostile)
        if hostile is not None:
            given = [c for c in data.get("candidates", []) if c["source"] == "given"]
            verdict_error = given[0]["verdict"]["error"] if given and given[0]["verdict"] else None
    elif isinstance(data, dict) and isinstance(data.get("error"), dict):
        result.error = data["error"].get("type")
    else:
        result.error = f"not JSON: {r.text[:200]!r}"
    return result, r.text, verdict_error


# --------------------------------------------------------------------------- Serve's processes


def rss_mib(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def descendants(pid: int) -> list[int]:
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        for task in Path(f"/proc/{p}/task").glob("*"):
            try:
                kids = [int(c) for c in (task / "children").read_text().split()]
            except OSError:
                continue
            out += kids
            todo += kids
    return out


def serve_processes(gcs: str, app: str) -> dict[str, dict[str, Any]]:
    """Every live Serve process of the app (its replicas, the proxy, the controller) by
    `ROLE/PID`, with its RSS and its children's (a sandbox replica's worker)."""
    from ray.util.state import list_actors

    actors = list_actors(address=gcs, filters=[("state", "=", "ALIVE")], limit=10_000)
    out = {}
    for a in actors:
        name = a.class_name or ""
        if name.startswith(f"ServeReplica:{app}:"):
            role = name.rsplit(":", 1)[1]
        elif name in ("ProxyActor", "ServeController"):
            role = name
        else:
            continue
        kids = [k for k in descendants(a.pid) if rss_mib(k) is not None]
        out[f"{role}/{a.pid}"] = {
            "role": role,
            "pid": a.pid,
            "rss_mib": rss_mib(a.pid),
            "children_rss_mib": round(sum(rss_mib(k) or 0.0 for k in kids), 1),
        }
    return out


def pids_of(procs: dict[str, dict[str, Any]], role: str) -> set[int]:
    return {p["pid"] for p in procs.values() if p["role"] == role}


# --------------------------------------------------------------------------- the load


@dataclass
class Kill:
    role: str
    at_done: int
    pid: int | None = None
    t_kill: float | None = None
    t_new_pid: float | None = None  # a new replica process of the role is alive
    t_running: float | None = None  # Serve counts it RUNNING again
    new_pid: int | None = None


async def watch_replacement(kill: Kill, gcs: str, app: str, t0: float) -> None:
    from ray import serve

    while time.perf_counter() - t0 < kill.t_kill + 300:
        procs = await asyncio.to_thread(serve_processes, gcs, app)
        new = pids_of(procs, kill.role) - {kill.pid}
        now = time.perf_counter() - t0
        if new and kill.t_new_pid is None:
            kill.t_new_pid, kill.new_pid = now, min(new)
        if kill.t_new_pid is not None:
            status = await asyncio.to_thread(serve.status)
            states = status.applications[app].deployments[kill.role].replica_states
            if states.get("RUNNING", 0) >= 1 and set(states) == {"RUNNING"}:
                kill.t_running = now
                return
        await asyncio.sleep(0.25)


async def run_load(
    url: str,
    plan: list[tuple[str, str, Hostile | None]],
    concurrency: int,
    model: str,
    kill: Kill | None,
    gcs: str,
    app: str,
) -> tuple[list[Result], dict[str, int], dict[str, int], list[str], float, list[dict]]:
    queue: asyncio.Queue[int] = asyncio.Queue()
    for i in range(len(plan)):
        queue.put_nowait(i)
    results: list[Result] = []
    verdict_errors: dict[str, int] = {}
    texts: list[str] = []
    t0 = time.perf_counter()
    watcher: list[asyncio.Task] = []
    done = 0  # requests answered other than 429, or given up on after MAX_ATTEMPTS
    final: dict[str, int] = {}  # each request's last answer
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)

    async def client_loop(client: httpx.AsyncClient) -> None:
        nonlocal done
        while not queue.empty():
            i = queue.get_nowait()
            kind, key, hostile = plan[i]
            body = request_body(kind, i, hostile, model)
            for attempt in range(1, MAX_ATTEMPTS + 1):
                result, text, verdict_error = await send(client, kind, key, body, hostile, t0)
                results.append(result)
                if result.status != 429 or not result.retry_after or attempt == MAX_ATTEMPTS:
                    break
                await asyncio.sleep(min(float(result.retry_after), 10.0))  # then send it again
            done += 1
            final[str(result.status)] = final.get(str(result.status), 0) + 1
            if kind == "solve_hostile":
                texts.append(text)
                if result.status == 200:
                    name = f"{hostile.name}: {verdict_error}"
                    verdict_errors[name] = verdict_errors.get(name, 0) + 1
            if kill is not None and kill.t_kill is None and done >= kill.at_done:
                procs = await asyncio.to_thread(serve_processes, gcs, app)
                kill.pid = min(pids_of(procs, kill.role))
                os.kill(kill.pid, signal.SIGKILL)
                kill.t_kill = time.perf_counter() - t0
                print(f"  SIGKILL {kill.role} replica pid {kill.pid} at {kill.t_kill:.1f} s")
                watcher.append(asyncio.create_task(watch_replacement(kill, gcs, app, t0)))

    async def sample_rss() -> None:
        while True:
            procs = await asyncio.to_thread(serve_processes, gcs, app)
            rss = {name: round(p["rss_mib"] or 0.0, 1) for name, p in procs.items()}
            timeline.append({"t_s": round(time.perf_counter() - t0, 1), "done": done, "rss": rss})
            await asyncio.sleep(RSS_EVERY_S)

    timeline: list[dict[str, Any]] = []
    sampler = asyncio.create_task(sample_rss())
    async with httpx.AsyncClient(base_url=url, timeout=300, limits=limits) as client:
        await asyncio.gather(*(client_loop(client) for _ in range(concurrency)))
    wall = time.perf_counter() - t0
    sampler.cancel()
    if watcher:
        await watcher[0]
    return results, dict(sorted(final.items())), verdict_errors, texts, wall, timeline


def make_plan(
    n: int, keys: list[str], hostiles: list[Hostile], seed: int
) -> list[tuple[str, str, Hostile | None]]:
    rng = random.Random(seed)
    kinds = rng.choices(list(MIX), weights=list(MIX.values()), k=n)
    plan, h = [], 0
    for i, kind in enumerate(kinds):
        hostile = None
        if kind == "solve_hostile":
            hostile, h = hostiles[h % len(hostiles)], h + 1
        plan.append((kind, keys[i % len(keys)], hostile))
    return plan


async def warm_up(url: str, model: str, n: int) -> dict[str, Any]:
    """Each route at the load's batch sizes (a key each: n is within the burst), and the
    health details (with a key)."""
    async with httpx.AsyncClient(base_url=url, timeout=300) as client:
        for kind in WARM_KINDS:
            headers = {"Authorization": f"Bearer warm-{kind}"}
            bodies = [request_body(kind, i, None, model) for i in range(n)]
            rs = await asyncio.gather(
                *(client.post(ROUTES[kind], json=b, headers=headers) for b in bodies)
            )
            bad = [r.text[:200] for r in rs if r.status_code != 200]
            if bad:
                raise RuntimeError(f"warm-up {kind}: {bad[0]}")
        return (await client.get("/v1/health", headers=headers)).json()


async def after_load(url: str, model: str, key: str) -> list[str]:
    """The service still answers every route, one request at a time."""
    problems = []
    async with httpx.AsyncClient(base_url=url, timeout=300) as client:
        for kind in ("generate", "chat", "solve"):
            r = await client.post(
                ROUTES[kind],
                json=request_body(kind, 0, None, model),
                headers={"Authorization": f"Bearer {key}"},
            )
            if r.status_code != 200:
                problems.append(f"after the load, {kind}: {r.status_code} {r.text[:200]}")
        if (await client.get("/v1/health")).json() != {"status": "ok"}:
            problems.append("after the load, /v1/health is not ok")
    return problems


# --------------------------------------------------------------------------- the report


def latency(results: list[Result]) -> dict[str, Any]:
    ok = np.array([r.end - r.start for r in results if r.status == 200])
    statuses: dict[str, int] = {}
    for r in results:
        statuses[str(r.status)] = statuses.get(str(r.status), 0) + 1
    out: dict[str, Any] = {
        "http_requests": len(results),
        "statuses": dict(sorted(statuses.items())),
    }
    if ok.size:
        out |= {
            "p50_s": round(float(np.percentile(ok, 50)), 3),
            "p99_s": round(float(np.percentile(ok, 99)), 3),
            "mean_s": round(float(ok.mean()), 3),
            "max_s": round(float(ok.max()), 3),
        }
    return out


def kill_report(kill: Kill, results: list[Result]) -> dict[str, Any]:
    after = [r for r in results if r.end >= kill.t_kill]
    failed = [r for r in after if r.status == 0 or r.status >= 500]
    served = [r for r in results if r.start >= kill.t_kill and r.status == 200]
    first_ok = min((r.end for r in served), default=None)

    def rel(t: float | None) -> float | None:
        return None if t is None else round(t - kill.t_kill, 2)

    in_flight = [r for r in results if r.start < kill.t_kill < r.end]
    return {
        "role": kill.role,
        "killed_pid": kill.pid,
        "new_pid": kill.new_pid,
        "at_s": round(kill.t_kill, 2),
        "at_request": kill.at_done,
        "new_process_after_s": rel(kill.t_new_pid),
        "running_again_after_s": rel(kill.t_running),
        "first_200_sent_after_kill_at_s": rel(first_ok),
        "in_flight_at_kill": len(in_flight),
        "in_flight_longest_wait_after_kill_s": rel(max((r.end for r in in_flight), default=None)),
        "errors_after_kill": len(failed),
        "error_statuses": sorted({r.status for r in failed}),
        "error_window_s": [rel(min(r.end for r in failed)), rel(max(r.end for r in failed))]
        if failed
        else None,
        "requests_answered_200_after_kill": len(served),
    }


def check(
    results: list[Result],
    kill: Kill | None,
    rss_start: dict[str, dict],
    rss_end: dict[str, dict],
    breaches: list[str],
    after: list[str],
) -> list[str]:
    failures = []
    for r in results:
        where = f"{ROUTES[r.kind]} ({r.kind}) at {r.start:.1f} s"
        if r.status == 0:
            failures.append(f"{where}: no answer: {r.error}")
        elif r.status >= 500 and r.status != 503:
            failures.append(f"{where}: {r.status} {r.error}")
        elif r.status == 503 and r.error != "unavailable":
            failures.append(f"{where}: a 503 that is not the documented error body: {r.error}")
        elif r.status == 429 and not r.retry_after:
            failures.append(f"{where}: 429 without Retry-After")
        elif 400 <= r.status < 500 and r.status != 429:
            failures.append(f"{where}: {r.status} {r.error}")
        failures += [f"{where}: {p}" for p in r.problems]
    if not any(r.status == 429 for r in results):
        failures.append("no 429 at all: the rate limit was never reached (lower --rpm)")
    failures += breaches + after
    if kill is not None:
        if kill.new_pid is None or kill.t_running is None:
            failures.append(f"the killed {kill.role} replica (pid {kill.pid}) was not replaced")
        if not any(r.start >= kill.t_kill and r.status == 200 for r in results):
            failures.append("no request sent after the kill was answered 200")
    grow, slack = RSS_GROWTH
    for name, p in rss_start.items():
        end = rss_end.get(name)
        if end is None or p["rss_mib"] is None or end["rss_mib"] is None:
            continue
        if end["rss_mib"] > p["rss_mib"] * grow + slack:
            failures.append(
                f"{name}: RSS grew {p['rss_mib']:.0f} -> {end['rss_mib']:.0f} MiB during the load"
            )
    return failures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=500)
    parser.add_argument("--concurrency", type=int, default=32)
    parser.add_argument("--quick", action="store_true", help="60 requests, 8 concurrent, 1 key")
    parser.add_argument("--keys", type=int, default=4, help="API keys the clients take turns with")
    parser.add_argument("--rpm", type=float, default=120, help="rate limit per key, per minute")
    parser.add_argument("--burst", type=int, default=5, help="rate limit burst per key")
    parser.add_argument("--kill", default="rollout", choices=("rollout", "sandbox", "none"))
    parser.add_argument("--kill-at", type=float, default=0.4, help="fraction of requests done")
    parser.add_argument("--backend", default="process", choices=("process", "docker"))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", help="JSON (default bench/results/serve_load[-quick].json)")
    args = parser.parse_args(argv)
    if args.quick:
        args.requests, args.concurrency = min(args.requests, 60), min(args.concurrency, 8)
        args.keys = 1
    name = "serve_load-quick.json" if args.quick else "serve_load.json"
    out = Path(args.out or ROOT / "bench" / "results" / name)
    os.environ.setdefault("OMP_NUM_THREADS", "1")

    import ray
    from ray import serve

    from golf_ray.serve.server import prepare, start

    tmp = Path(tempfile.mkdtemp(prefix="golf_ray_serve_load_"))
    bait = Bait(tmp)
    keys = [f"load-key-{i}" for i in range(args.keys)]
    warm = [f"warm-{kind}" for kind in WARM_KINDS]
    (tmp / "keys.txt").write_text("\n".join([*keys, *warm, "after-key"]) + "\n")
    overrides = [
        f"port={free_port()}",
        f"auth.keys_file={tmp / 'keys.txt'}",
        f"rate_limit.requests_per_minute={args.rpm}",
        f"rate_limit.burst={args.burst}",
        f"sandbox.backend={args.backend}",
        "served_model_name=golf-ray-tiny",
    ]
    cfg, model_path = prepare("serve/tiny.yaml", overrides, None, "tiny")
    load_before = os.getloadavg()
    ctx = ray.init(
        address="local",
        num_cpus=2,
        include_dashboard=True,  # Ray's state API (the replicas' pids) answers through it
        dashboard_port=free_port(),
        namespace="golf-ray-bench",
        log_to_driver=False,
    )
    gcs = ctx.address_info["gcs_address"]
    failures: list[str] = []
    try:
        t = time.perf_counter()
        url = start(cfg, model_path)
        startup_s = time.perf_counter() - t
        model = cfg.served_model_name
        health = asyncio.run(warm_up(url, model, min(8, args.concurrency, args.burst)))
        namespaces = health["sandbox"]["isolation"].get("namespaces", [])
        hostiles = [
            h for h in catalogue(bait.ctx) if "pid" in namespaces or h.name not in SIGNALS_OTHERS
        ]
        plan = make_plan(args.requests, keys, hostiles, args.seed)
        kill = None
        if args.kill != "none":
            kill = Kill(args.kill, max(1, int(args.requests * args.kill_at)))
        rss_start = serve_processes(gcs, cfg.name)
        print(
            f"serving {model_path} at {url} (started in {startup_s:.1f} s); "
            f"{args.requests} requests, {args.concurrency} concurrent, {len(hostiles)} hostile "
            f"programs, {len(rss_start)} Serve processes"
        )
        results, final, verdict_errors, texts, wall, timeline = asyncio.run(
            run_load(url, plan, args.concurrency, model, kill, gcs, cfg.name)
        )
        after = asyncio.run(after_load(url, model, "after-key"))
        rss_end = serve_processes(gcs, cfg.name)
        load_after = os.getloadavg()
        breaches = bait.breaches(texts)
        failures = check(results, kill, rss_start, rss_end, breaches, after)
    finally:
        serve.shutdown()
        ray.shutdown()
        bait.close()

    by_kind = {
        kind: {"route": ROUTES[kind], **latency([r for r in results if r.kind == kind])}
        for kind in KINDS
    }
    ok = sum(r.status == 200 for r in results)
    rss = {
        name: {
            **{k: p[k] for k in ("role", "pid")},
            "start_mib": round(p["rss_mib"], 1) if p["rss_mib"] else None,
            "end_mib": round(rss_end[name]["rss_mib"], 1) if name in rss_end else None,
            "children_start_mib": p["children_rss_mib"],
            "children_end_mib": rss_end[name]["children_rss_mib"] if name in rss_end else None,
        }
        for name, p in rss_start.items()
    }
    for name, p in rss_end.items():
        if name not in rss:
            rss[name] = {
                "role": p["role"],
                "pid": p["pid"],
                "start_mib": None,  # started during the load (the replacement, autoscaling)
                "end_mib": round(p["rss_mib"], 1) if p["rss_mib"] else None,
                "children_start_mib": None,
                "children_end_mib": p["children_rss_mib"],
            }
    report = {
        "benchmark": "serve_load",
        "quick": args.quick,
        "machine": {
            "cores": os.cpu_count(),
            "cores_usable": len(os.sched_getaffinity(0)),
            "platform": platform.platform(),
            "python": platform.python_version(),
            "load_average_before": [round(x, 2) for x in load_before],
            "load_average_after": [round(x, 2) for x in load_after],
        },
        "settings": {
            "requests": args.requests,
            "concurrency": args.concurrency,
            "mix": MIX,
            "keys": args.keys,
            "rate_limit": {"requests_per_minute": args.rpm, "burst": args.burst},
            "client_on_429": f"waits Retry-After (at most 10 s), sends again (<= {MAX_ATTEMPTS} tries)",
            "kill": args.kill,
            "kill_at": args.kill_at,
            "seed": args.seed,
            "config": "tune_configs/serve/tiny.yaml",
            "overrides": [o for o in overrides if not o.startswith(("port=", "auth."))],
            "model": model_path,
            "engine": health["engine"]["name"],
            "sandbox": {
                "backend": health["sandbox"]["backend"],
                "example_timeout_s": cfg.sandbox.example_timeout_s,
                "memory_mb": cfg.sandbox.memory_mb,
                "namespaces": namespaces,
            },
            "hostile_programs": [h.name for h in hostiles],
        },
        "startup_s": round(startup_s, 2),
        "wall_s": round(wall, 2),
        "http_requests": len(results),  # the 429s' resends included
        "http_rps": round(len(results) / wall, 2),
        "ok_rps": round(ok / wall, 2),
        "routes": by_kind,
        "statuses": latency(results)["statuses"],
        "final_statuses": final,  # per request: a 429 here is one still refused after 5 tries
        "retry_after_on_every_429": all(r.retry_after for r in results if r.status == 429),
        "hostile_verdicts": dict(sorted(verdict_errors.items())),
        "host_breaches": breaches,
        "kill": kill_report(kill, results) if kill and kill.t_kill is not None else None,
        "rss": rss,
        "rss_rule": f"end <= start x {RSS_GROWTH[0]} + {RSS_GROWTH[1]:.0f} MiB",
        "rss_timeline": timeline,  # every RSS_EVERY_S during the load: MiB by ROLE/PID
        "failures": failures,
        "passed": not failures,
    }
    atomic_write_json(out, report)

    print(
        f"{args.requests} requests ({len(results)} HTTP requests, resends after 429 included) in "
        f"{wall:.1f} s: {report['http_rps']} req/s, {report['ok_rps']} ok/s; "
        f"statuses {report['statuses']}, last answer per request {final}"
    )
    for kind, s in by_kind.items():
        lat = f"p50 {s['p50_s']:.3f} s  p99 {s['p99_s']:.3f} s" if "p50_s" in s else "no 200"
        print(f"  {kind:14s} {s['route']:22s} {s['http_requests']:4d}  {lat}  {s['statuses']}")
    if report["kill"]:
        k = report["kill"]
        print(
            f"  killed {k['role']} pid {k['killed_pid']} at {k['at_s']} s: new pid "
            f"{k['new_pid']} after {k['new_process_after_s']} s, RUNNING after "
            f"{k['running_again_after_s']} s; {k['errors_after_kill']} errors "
            f"{k['error_statuses']} in {k['error_window_s']} s after the kill"
        )
    for name, p in rss.items():
        print(f"  RSS {name:28s} {p['start_mib']} -> {p['end_mib']} MiB")
    print(f"wrote {out}")
    for f in failures:
        print(f"FAIL: {f}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
