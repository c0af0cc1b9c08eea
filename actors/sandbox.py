"""Sandbox actors: each owns one isolated worker (a Docker container or a host process).

The actor is on the trusted side: it sends programs and example *inputs* to its worker and judges
the JSON text that comes back against the expected outputs, which never leave this process.
`run_tests` is the second job kind: a program followed by assert-style tests, each test isolated
(see `golf_ray.testrun`), judged per test.
`SandboxPool` spreads jobs over several actors with backpressure, so one slow task does not hold
the rest, and resubmits the jobs of an actor that died (Ray restarts it) or wedged (the pool
restarts it when a call overruns its worker's own timeout by a wide margin).
"""

from __future__ import annotations

import logging
import os
import time
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace

import ray
from ray.exceptions import GetTimeoutError, RayActorError

from golf_ray.actors.backends.base import WorkerBackend, WorkerDied, WorkerTimeout
from golf_ray.testrun import (
    TestJob,
    TestVerdict,
    build_tests_request,
    limits_for,
    sandbox_failure,
    tests_request_timeout,
    verdict_from_tests_response,
)
from golf_ray.verify import (
    Limits,
    Verdict,
    VerifyJob,
    build_run_request,
    program_bytes,
    verdict_from_response,
)

log = logging.getLogger(__name__)


def choose_backend(requested: str, image: str) -> str:
    """Resolve `auto` to docker when an engine answers and the image exists, else process."""
    if requested in ("docker", "process"):
        return requested
    if requested != "auto":
        raise ValueError(f"sandbox.backend: must be auto, docker or process, got {requested!r}")
    from golf_ray.sandbox_build import docker_available, image_exists

    ok, reason = docker_available()
    if ok and image_exists(image):
        log.info("sandbox backend: docker (image %s)", image)
        return "docker"
    why = reason if not ok else f"image {image} not built (golf-ray sandbox build-image)"
    log.info("sandbox backend: process (%s)", why)
    return "process"


def config_limits(cfg) -> Limits:
    """The per-run limits a `SandboxConfig` sets."""
    return Limits(
        example_timeout_s=cfg.example_timeout_s,
        total_timeout_s=cfg.total_timeout_s,
        memory_mb=cfg.memory_mb,
        max_output_bytes=cfg.max_output_bytes,
    )


def make_backend(kind: str, *, image: str, memory_mb: int, cpus: float, pids_limit: int):
    if kind == "docker":
        from golf_ray.actors.backends.docker import DockerBackend

        return DockerBackend(image=image, memory_mb=memory_mb, cpus=cpus, pids_limit=pids_limit)
    if kind == "process":
        from golf_ray.actors.backends.process import ProcessBackend

        return ProcessBackend()
    raise ValueError(f"sandbox.backend: unknown backend {kind!r}")


def describe_backend(requested: str = "auto") -> dict:
    """`golf-ray sandbox info`: the backend `requested` resolves to (with the default sandbox
    config's image and limits), started once to report its isolation."""
    from golf_ray.config import SandboxConfig

    cfg = SandboxConfig()
    kind = choose_backend(requested, cfg.image)
    backend = make_backend(
        kind, image=cfg.image, memory_mb=cfg.memory_mb, cpus=cfg.cpus, pids_limit=cfg.pids_limit
    )
    backend.start()
    try:
        return {"backend": kind, **backend.describe()}
    finally:
        backend.close()


# How far past its worker's own timeout an actor call may run (a worker restart, a slow Docker
# start on a loaded machine) before the pool presumes the actor wedged; also how long a restarting
# actor may take to answer before the pool sends it work again.
CALL_GRACE_S = 120.0


def request_timeout(limits: Limits, n_examples: int) -> float:
    """How long the worker may take for a whole program before we call it wedged."""
    budget = limits.total_timeout_s or limits.example_timeout_s * max(1, n_examples)
    return budget + limits.example_timeout_s + 10.0  # compile time and scheduling slack


class SandboxActor:
    """Thin shell: one worker, restarted when it dies or wedges."""

    def __init__(self, backend: str, limits: Limits, **backend_args):
        self.limits = limits
        self.backend: WorkerBackend = make_backend(backend, **backend_args)
        self.backend.start()
        self.restarts = 0

    @classmethod
    def from_config(cls, cfg, limits: Limits | None = None) -> SandboxActor:
        """A local (in-process) sandbox for a `SandboxConfig`; `limits` default to the config's."""
        return cls(
            choose_backend(cfg.backend, cfg.image),
            limits or config_limits(cfg),
            image=cfg.image,
            memory_mb=cfg.memory_mb,
            cpus=cfg.cpus,
            pids_limit=cfg.pids_limit,
        )

    def describe(self) -> dict:
        return {"pid": os.getpid(), "restarts": self.restarts, **self.backend.describe()}

    def peak_memory(self) -> dict[str, float]:
        """Peak host memory of this actor (not its workers) since the last call."""
        from golf_ray.memory import read_peak

        return read_peak()

    def verify(self, job: VerifyJob) -> Verdict:
        return self.verify_with_stdout(job)[0]

    def verify_with_stdout(self, job: VerifyJob) -> tuple[Verdict, str]:
        """The verdict and what the program printed (capped by the limits): untrusted text,
        for hints such as branch coverage, never for the verdict."""
        nbytes = job.nbytes if job.nbytes is not None else program_bytes(job.source)
        limits = job.limits or self.limits
        request = build_run_request(job.source, job.inputs, limits)
        try:
            response = self.backend.request(request, request_timeout(limits, len(job.inputs)))
        except (WorkerDied, WorkerTimeout) as e:
            # The program took its worker down (or wedged it): replace the worker, judge it wrong.
            self.restarts += 1
            log.warning("sandbox worker replaced after %s: %s", type(e).__name__, e)
            self.backend.restart()
            return _sandbox_failure(job, f"worker {type(e).__name__}: {e}"), ""
        stdout = response.get("stdout") if isinstance(response, dict) else None
        return verdict_from_response(response, job.expected, nbytes), str(stdout or "")

    def verify_batch(self, jobs: Sequence[VerifyJob]) -> list[Verdict]:
        return [self.verify(job) for job in jobs]

    def run_tests(self, job: TestJob) -> TestVerdict:
        """Run `job.source`, then each of its tests in isolation; one verdict per test."""
        request = build_tests_request(job, limits_for(job, self.limits))
        try:
            response = self.backend.request(request, tests_request_timeout(job))
        except (WorkerDied, WorkerTimeout) as e:
            self.restarts += 1
            log.warning("sandbox worker replaced after %s: %s", type(e).__name__, e)
            self.backend.restart()
            return sandbox_failure(job, f"worker {type(e).__name__}: {e}")
        return verdict_from_tests_response(job, response)

    def close(self) -> None:
        self.backend.close()


class SandboxPool:
    """A fixed set of sandbox actors with bounded in-flight work per actor."""

    def __init__(
        self,
        num_actors: int = 2,
        backend: str = "auto",
        limits: Limits | None = None,
        image: str = "golf-ray-sandbox:latest",
        memory_mb: int = 1024,
        cpus: float = 1.0,
        pids_limit: int = 64,
        num_cpus_per_actor: float = 1.0,
        max_in_flight: int = 2,
        max_retries: int = 2,
        name_prefix: str = "sandbox",
        call_timeout_s: float | None = None,
    ):
        """`call_timeout_s` caps one actor call (default: the worker's own request timeout plus
        `CALL_GRACE_S`); an actor whose call runs past it is presumed wedged and restarted, and
        the job is resubmitted like one whose actor died. Set it below a program's run time and
        a slow correct program is judged a sandbox error."""
        self.limits = limits or Limits()
        self.backend = choose_backend(backend, image)
        self.max_in_flight = max_in_flight
        self.max_retries = max_retries
        self.call_timeout_s = call_timeout_s
        remote = ray.remote(SandboxActor)
        pid = os.getpid()
        self.actors = [
            remote.options(
                name=f"{name_prefix}-{pid}-{i}",
                num_cpus=num_cpus_per_actor,
                max_restarts=-1,  # a dead actor comes back; its in-flight jobs are resubmitted
                max_task_retries=0,
            ).remote(
                self.backend,
                self.limits,
                image=image,
                memory_mb=memory_mb,
                cpus=cpus,
                pids_limit=pids_limit,
            )
            for i in range(num_actors)
        ]

    @classmethod
    def from_config(cls, cfg, name_prefix: str = "sandbox") -> SandboxPool:
        """Build from a `SandboxConfig` section."""
        return cls(
            num_actors=cfg.num_actors,
            backend=cfg.backend,
            limits=config_limits(cfg),
            image=cfg.image,
            memory_mb=cfg.memory_mb,
            cpus=cfg.cpus,
            pids_limit=cfg.pids_limit,
            num_cpus_per_actor=cfg.num_cpus,
            name_prefix=name_prefix,
        )

    def describe(self, timeout_s: float | None = None) -> list[dict]:
        """What each actor's worker is (and, on first call, waits until all have started)."""
        return ray.get([a.describe.remote() for a in self.actors], timeout=timeout_s)

    def verify(
        self,
        jobs: Iterable[VerifyJob],
        on_done: Callable[[VerifyJob, Verdict], None] | None = None,
        rerun_timeouts: Limits | None = None,
    ) -> list[Verdict]:
        """Judge every job; results come back in the order of `jobs`.

        Jobs are handed out as actors free up (at most `max_in_flight` each). A job whose actor
        died is resubmitted up to `max_retries` times, then judged a sandbox error. With
        `rerun_timeouts`, a timeout is not a verdict: the job runs again under those (longer)
        limits, so a slow but correct program is not called wrong (the official checker has no
        time limit).
        """
        jobs = list(jobs)
        if rerun_timeouts is None:
            return self._dispatch(jobs, "verify", _sandbox_failure, on_done)

        def first_pass_done(job: VerifyJob, verdict: Verdict) -> None:
            if on_done is not None and verdict.error != "timeout":
                on_done(job, verdict)

        verdicts = self._dispatch(jobs, "verify", _sandbox_failure, first_pass_done)
        slow = [i for i, v in enumerate(verdicts) if v.error == "timeout"]
        if slow:
            log.info("re-running %d timed-out programs with %s", len(slow), rerun_timeouts)
            again = [replace(jobs[i], limits=rerun_timeouts) for i in slow]
            rerun = self._dispatch(again, "verify", _sandbox_failure, on_done)
            for i, verdict in zip(slow, rerun, strict=True):
                verdicts[i] = verdict
        return verdicts

    def verify_with_stdout(
        self,
        jobs: Iterable[VerifyJob],
        on_done: Callable[[VerifyJob, tuple[Verdict, str]], None] | None = None,
    ) -> list[tuple[Verdict, str]]:
        """Like `verify` (without re-runs), with each program's stdout beside its verdict."""
        return self._dispatch(
            list(jobs), "verify_with_stdout", lambda j, m: (_sandbox_failure(j, m), ""), on_done
        )

    def run_tests(
        self,
        jobs: Iterable[TestJob],
        on_done: Callable[[TestJob, TestVerdict], None] | None = None,
    ) -> list[TestVerdict]:
        """Run every program against its tests (each test isolated); verdicts in job order."""
        return self._dispatch(list(jobs), "run_tests", sandbox_failure, on_done)

    def _call_timeout(self, job) -> float:
        if self.call_timeout_s is not None:
            return self.call_timeout_s
        if isinstance(job, TestJob):
            return tests_request_timeout(job) + CALL_GRACE_S
        return request_timeout(job.limits or self.limits, len(job.inputs)) + CALL_GRACE_S

    def _dispatch(self, jobs: list, method: str, failure: Callable, on_done) -> list:
        return _Dispatch(self, jobs, method, failure, on_done).run()

    def close(self, timeout_s: float = 30.0) -> None:
        try:
            ray.get([a.close.remote() for a in self.actors], timeout=timeout_s)
        except (RayActorError, GetTimeoutError):
            pass
        for a in self.actors:
            ray.kill(a)
        self.actors = []


class _Dispatch:
    """One `SandboxPool` call: hands `jobs` to the actors as they free up, results in job order.

    An actor runs its calls in submission order, so only the head of its queue is running, and
    its deadline counts from when it reached the head. When an actor dies (or the pool kills it
    for overrunning), only the call that was running counts an attempt: the calls queued behind
    it go back to the queue, and the actor gets no more work until it answers a probe (calls
    sent to a restarting actor fail at once).
    """

    PROBE_EVERY_S = 0.5

    def __init__(self, pool: SandboxPool, jobs: list, method: str, failure: Callable, on_done):
        self.pool, self.jobs, self.method = pool, jobs, method
        self.failure, self.on_done = failure, on_done
        n = len(pool.actors)
        self.results: list = [None] * len(jobs)
        self.pending = list(range(len(jobs)))[::-1]  # a stack: pop() hands out jobs in order
        self.attempts = [0] * len(jobs)
        self.calls: dict[ray.ObjectRef, tuple[int, int]] = {}  # ref -> (job index, actor)
        self.queues: list[deque] = [deque() for _ in range(n)]
        self.deadline = [0.0] * n  # when the head call overruns
        self.killed = [False] * n  # the head overran once: the actor was killed
        self.culprit: list = [None] * n  # the call that was running when the actor went down
        self.down_since: list[float | None] = [None] * n
        self.probe_at = [0.0] * n
        self.probes: dict[ray.ObjectRef, int] = {}  # describe() sent to a down actor

    def run(self) -> list:
        self.submit()
        while self.calls or self.pending:
            waits = list(self.calls) + list(self.probes)
            done, _ = ray.wait(waits, num_returns=1, timeout=self.wait_s()) if waits else ([], [])
            if not waits:
                time.sleep(self.wait_s())
            if done and done[0] in self.probes:
                self.probed(done[0])
            elif done:
                self.settle(done[0])
            self.tick()
            self.submit()
        return self.results

    def wait_s(self) -> float:
        times = [self.deadline[a] for a, q in enumerate(self.queues) if q]
        for _, back_by, probe_at in self.down():
            times += [back_by] if probe_at is None else [back_by, probe_at]
        return max(0.0, min(times) - time.monotonic()) if times else self.PROBE_EVERY_S

    def down(self) -> list[tuple[int, float, float | None]]:
        """(actor, when it is used again even unanswered, when to probe it: None while a probe
        is out) for each down actor."""
        probing = set(self.probes.values())
        return [
            (a, since + CALL_GRACE_S, None if a in probing else self.probe_at[a])
            for a, since in enumerate(self.down_since)
            if since is not None
        ]

    def start_head(self, a: int) -> None:
        self.killed[a] = False
        if self.queues[a]:
            i, _ = self.calls[self.queues[a][0]]
            self.deadline[a] = time.monotonic() + self.pool._call_timeout(self.jobs[i])

    def submit(self) -> None:
        up = [a for a, since in enumerate(self.down_since) if since is None]
        while self.pending and up:
            a = min(up, key=lambda a: len(self.queues[a]))
            if len(self.queues[a]) >= self.pool.max_in_flight:
                return
            i = self.pending.pop()
            self.attempts[i] += 1
            ref = getattr(self.pool.actors[a], self.method).remote(self.jobs[i])
            self.calls[ref] = (i, a)
            self.queues[a].append(ref)
            if len(self.queues[a]) == 1:
                self.start_head(a)

    def went_down(self, a: int) -> None:
        if self.down_since[a] is None:
            self.down_since[a] = self.probe_at[a] = time.monotonic()
        self.culprit[a] = self.queues[a][0] if self.queues[a] else None

    def finish(self, i: int, result) -> None:
        self.results[i] = result
        if self.on_done is not None:
            self.on_done(self.jobs[i], result)

    def lost(self, ref: ray.ObjectRef, i: int, a: int, why: str) -> None:
        if ref != self.culprit[a]:
            self.attempts[i] -= 1  # it was queued, not running: it did not cause this
        if self.attempts[i] <= self.pool.max_retries:
            log.warning("sandbox actor %d %s; resubmitting %s", a, why, self.jobs[i].key)
            self.pending.append(i)
        else:
            self.finish(i, self.failure(self.jobs[i], f"actor {why}"))

    def settle(self, ref: ray.ObjectRef) -> None:
        i, a = self.calls[ref]
        try:
            result = ray.get(ref)
        except RayActorError as e:
            if self.down_since[a] is None:  # the first sign: the head was running
                self.went_down(a)
            self.drop(ref)
            self.lost(ref, i, a, f"died: {e}")
            return
        self.drop(ref)
        self.finish(i, result)

    def drop(self, ref: ray.ObjectRef) -> None:
        _, a = self.calls.pop(ref)
        was_head = self.queues[a][0] == ref
        self.queues[a].remove(ref)
        if was_head:
            self.start_head(a)

    def overran(self, a: int) -> None:
        head = self.queues[a][0]
        i, _ = self.calls[head]
        if not self.killed[a]:
            log.warning("sandbox actor %d wedged on %s; restarting it", a, self.jobs[i].key)
            self.went_down(a)
            ray.kill(self.pool.actors[a], no_restart=False)  # its calls fail, and retry
            while len(self.queues[a]) > 1:  # the jobs behind the wedged one go back now
                behind = self.queues[a][-1]
                j, _ = self.calls[behind]
                self.drop(behind)
                self.lost(behind, j, a, "restarted")
            self.start_head(a)
            self.killed[a] = True
            return
        # Killed, and still its call has not failed: give up on it (the loop must end).
        self.drop(head)
        self.lost(head, i, a, "wedged (its call never returned)")

    def probed(self, ref: ray.ObjectRef) -> None:
        a = self.probes.pop(ref)
        try:
            ray.get(ref)
            self.down_since[a] = None
        except RayActorError:
            self.probe_at[a] = time.monotonic() + self.PROBE_EVERY_S

    def tick(self) -> None:
        now = time.monotonic()
        for a, q in enumerate(self.queues):
            if q and now >= self.deadline[a]:
                self.overran(a)
        for a, back_by, probe_at in self.down():
            if now >= back_by:  # not back in time: use it again, calls will tell
                log.warning("sandbox actor %d not back after %.0f s", a, CALL_GRACE_S)
                self.down_since[a] = None
                self.probes = {r: b for r, b in self.probes.items() if b != a}
            elif probe_at is not None and now >= probe_at:
                self.probes[self.pool.actors[a].describe.remote()] = a


def _sandbox_failure(job: VerifyJob, message: str) -> Verdict:
    return Verdict(
        correct=False,
        passed=0,
        total=len(job.expected),
        first_failure=0,
        error="sandbox",
        message=message[:200],
        bytes=job.nbytes if job.nbytes is not None else program_bytes(job.source),
        points=0.001,
    )
