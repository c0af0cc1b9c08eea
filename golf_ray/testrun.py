"""Running a program against assert-style tests in the sandbox: the job, the request, the verdict.

The worker's `tests` mode execs the program once, then each test in its own copy of the program's
namespace; a test that hangs or crashes its child does not hide the results of the tests after it
(they run again in a fresh child). Here, on the trusted side, the response becomes a `TestVerdict`:
one pass/fail and one error message per test, and a program-level error when the program itself
did not compile or run.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from golf_ray.verify import Limits

MAX_MESSAGE = 300
# Worker compile statuses -> the program-level error kind.
_PROGRAM_ERRORS = {
    "syntax": "syntax",
    "exception": "exception",
    "no_entry": "no_entry",
    "timeout": "timeout",
    "crash": "crash",
}


@dataclass
class TestJob:
    """One program and the tests to run after it (each test: Python statements, e.g. asserts)."""

    __test__ = False  # not a pytest class

    key: str  # caller's handle, e.g. "HumanEval/0/sample1"
    source: str
    tests: list[str]
    timeout_s: float = 10.0  # per test (and for running the program itself)


@dataclass
class TestVerdict:
    __test__ = False

    passed: list[bool]
    errors: list[str | None]  # per test: None when it passed, else why not
    error: str | None = None  # program-level: "syntax: ...", "exception: ...", "sandbox: ..."
    elapsed_s: float = 0.0
    key: str = ""
    statuses: list[str] = field(default_factory=list)  # the worker's per-test status

    @property
    def pass_rate(self) -> float:
        return sum(self.passed) / len(self.passed) if self.passed else 0.0

    @property
    def all_passed(self) -> bool:
        return bool(self.passed) and all(self.passed)

    def first_failure(self) -> int | None:
        return next((i for i, ok in enumerate(self.passed) if not ok), None)

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "pass_rate": self.pass_rate}


def limits_for(job: TestJob, base: Limits | None = None) -> Limits:
    base = base or Limits()
    return Limits(
        example_timeout_s=job.timeout_s,
        total_timeout_s=None,
        memory_mb=base.memory_mb,
        max_output_bytes=base.max_output_bytes,
        max_stdio_bytes=base.max_stdio_bytes,
    )


def build_tests_request(job: TestJob, limits: Limits) -> dict[str, Any]:
    """A worker `run` request in tests mode (each test isolated from the others)."""
    return {
        "op": "run",
        "mode": "tests",
        "source": job.source,
        "tests": list(job.tests),
        "limits": limits.to_dict(),
    }


def tests_request_timeout(job: TestJob) -> float:
    """Worst case: every test hangs, and each re-run of the program takes its full time too."""
    return 2 * job.timeout_s * (len(job.tests) + 1) + 10.0


def sandbox_failure(job: TestJob, message: str) -> TestVerdict:
    n = len(job.tests)
    text = f"sandbox: {message}"[:MAX_MESSAGE]
    return TestVerdict([False] * n, [text] * n, text, key=job.key, statuses=["crash"] * n)


def verdict_from_tests_response(job: TestJob, response: dict[str, Any]) -> TestVerdict:
    """Judge a worker response; anything malformed is a sandbox error (never a pass)."""
    try:
        return _verdict(job, response)
    except (KeyError, TypeError, AttributeError, ValueError) as exc:
        return sandbox_failure(job, f"malformed worker response: {exc!r}")


def _verdict(job: TestJob, response: dict[str, Any]) -> TestVerdict:
    n = len(job.tests)
    if not response.get("ok"):
        return sandbox_failure(job, str(response.get("error", "worker error")))
    elapsed = float(response.get("elapsed_s") or 0.0)
    compiled = response["compile"]
    if compiled["status"] != "ok":
        kind = _PROGRAM_ERRORS.get(compiled["status"], "crash")
        text = f"{kind}: {compiled['message']}"[:MAX_MESSAGE]
        return TestVerdict(
            [False] * n, [text] * n, text, elapsed, job.key, [compiled["status"]] * n
        )
    results = response["results"]
    if len(results) != n:
        return sandbox_failure(job, f"worker returned {len(results)} results for {n} tests")
    passed, errors, statuses = [], [], []
    for result in results:
        status = result["status"]
        if not isinstance(status, str) or not isinstance(result["message"], str):
            raise TypeError("bad result entry")
        ok = status == "ok"
        passed.append(ok)
        statuses.append(status)
        errors.append(None if ok else f"{status}: {result['message']}"[:MAX_MESSAGE])
    return TestVerdict(passed, errors, None, elapsed, job.key, statuses)
