"""Trusted judging of golf programs under the Code Golf 2025 rules.

The sandbox worker only runs programs and sends back `json.dumps(p(deepcopy(input)))` text per
example; everything that decides correctness happens here, on the trusted side, and expected
outputs never leave it. The official checker, per example:

    text = json.dumps(p(copy.deepcopy(input))).replace("true", "1").replace("false", "0")
    reject text with any character outside [0-9,[]\\s.]   -> bad_output
    np.array_equal(np.array(json.loads(text)), np.array(expected))

We compare with Python equality after `json.loads`. For the rectangular integer grids that tasks
expect, that agrees with `np.array_equal`: shapes must match and values compare numerically
(1.0 == 1, and true/false have become 1/0); ragged or differently nested lists are simply unequal
instead of raising.
"""

from __future__ import annotations

import codecs
import copy
import importlib.util
import json
import re
from dataclasses import asdict, dataclass, fields
from typing import Any, Protocol

Grid = list[list[int]]
ERRORS = (
    "syntax",
    "exception",
    "timeout",
    "memory",
    "bad_output",
    "wrong_output",
    "no_entry",
    "crash",
    "sandbox",
)
WRONG_POINTS = 0.001
MAX_MESSAGE = 300
_UNSAFE = re.compile(r"[^0-9,\[\]\s.]")  # the official checker's pattern
_COOKIE = re.compile(r"^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)")  # PEP 263
_BLANK_OR_COMMENT = re.compile(r"^[ \t\f]*(?:[#\r\n]|$)")
# Worker statuses (compile step, then per example) -> verdict error kinds.
_COMPILE_ERRORS = {
    "syntax": "syntax",
    "no_entry": "no_entry",
    "exception": "exception",
    "timeout": "timeout",
    "crash": "crash",
}
_RESULT_ERRORS = {
    "exception": "exception",
    "timeout": "timeout",
    "memory": "memory",
    "crash": "crash",
    "bad_output": "bad_output",
    "not_run": "crash",
}


class ExampleLike(Protocol):
    input: Any
    output: Any


@dataclass(frozen=True)
class Limits:
    """Per-run sandbox limits. The default timeout is generous on purpose: real golfed solutions
    can take over a second per example, and a slow correct program must not be judged wrong."""

    example_timeout_s: float = 10.0
    total_timeout_s: float | None = None
    memory_mb: int = 1024
    max_output_bytes: int = 1_000_000
    max_stdio_bytes: int = 65536

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class VerifyJob:
    """One program to judge against one task's examples (`Task.verify_job` builds one)."""

    key: str  # caller's handle, e.g. "task007/sample3"
    source: str
    inputs: list
    expected: list
    nbytes: int | None = None  # size as submitted; defaults to program_bytes(source)
    limits: Limits | None = None  # instead of the actor's, e.g. a long re-run of a timeout


@dataclass
class Verdict:
    correct: bool
    passed: int
    total: int
    first_failure: int | None  # index into train + test + arc-gen
    error: str | None  # one of ERRORS
    message: str
    bytes: int
    points: float
    elapsed_s: float = 0.0

    @property
    def pass_rate(self) -> float:
        return self.passed / self.total if self.total else 0.0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Verdict:
        return cls(**{f.name: data[f.name] for f in fields(cls) if f.name in data})


def program_bytes(source: str | bytes) -> int:
    """Size as submitted: a file's bytes, or the bytes `encode_source` writes for a text (a
    `#coding:L1` program counts one byte per character)."""
    return len(source if isinstance(source, bytes) else encode_source(source))


def decode_source(source: str | bytes) -> str:
    """Program text as Python reads a .py file (PEP 263 coding cookie, universal newlines)."""
    return importlib.util.decode_source(source) if isinstance(source, bytes) else source


def encode_source(text: str) -> bytes:
    """The file for a program text: encoded as its PEP 263 coding cookie says, else UTF-8.
    `decode_source(encode_source(t)) == t` for any text without a carriage return."""
    for line in text.split("\n", 2)[:2]:
        m = _COOKIE.match(line)
        if m:
            try:
                return text.encode(codecs.lookup(m.group(1)).name)
            except (LookupError, UnicodeEncodeError):
                break  # Python would refuse the file too; its UTF-8 bytes are what we can save
        if not _BLANK_OR_COMMENT.match(line):
            break
    return text.encode("utf-8")


def golf_points(correct: bool, nbytes: int) -> float:
    """The official rule: max(1, 2500 - bytes) when correct, else 0.001."""
    return float(max(1, 2500 - nbytes)) if correct else WRONG_POINTS


def judge_output(
    text: str | None, expected: Any, max_bytes: int | None = None
) -> tuple[bool, str | None]:
    """(ok, error kind) for one example's output text, by the official rule."""
    if not isinstance(text, str) or (max_bytes is not None and len(text) > max_bytes):
        return False, "bad_output"
    text = text.replace("true", "1").replace("false", "0")
    if _UNSAFE.search(text):
        return False, "bad_output"
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return False, "bad_output"
    return (True, None) if value == expected else (False, "wrong_output")


def build_run_request(
    source: str | bytes, inputs: list[Any], limits: Limits, entry: str = "p"
) -> dict[str, Any]:
    """A worker `run` request in call mode; expected outputs are deliberately not part of it."""
    return {
        "op": "run",
        "mode": "call",
        "source": decode_source(source),
        "entry": entry,
        "inputs": list(inputs),
        "limits": limits.to_dict(),
    }


def build_asserts_request(source: str | bytes, tests: list[str], limits: Limits) -> dict[str, Any]:
    """A worker `run` request in asserts mode: each test is exec'd in the program's namespace."""
    return {
        "op": "run",
        "mode": "asserts",
        "source": decode_source(source),
        "tests": list(tests),
        "limits": limits.to_dict(),
    }


def verdict_from_response(
    response: dict[str, Any], expected_outputs: list[Any] | None, nbytes: int
) -> Verdict:
    """Judge a worker's `run` response. `expected_outputs=None` is asserts mode: an example
    passes when its test ran without raising. A malformed response is a sandbox error."""
    try:
        return _verdict(response, expected_outputs, nbytes)
    except (KeyError, TypeError, AttributeError, ValueError) as exc:
        total = len(expected_outputs or [])
        return Verdict(
            False,
            0,
            total,
            0,
            "sandbox",
            f"malformed worker response: {exc!r}",
            nbytes,
            golf_points(False, nbytes),
        )


def _verdict(response: dict[str, Any], expected_outputs: list[Any] | None, nbytes: int) -> Verdict:
    n_results = len(response.get("results") or [])
    total = n_results if expected_outputs is None else len(expected_outputs)
    elapsed = float(response.get("elapsed_s") or 0.0)

    def failed(error: str, message: str, index: int = 0, passed: int = 0) -> Verdict:
        return Verdict(
            False,
            passed,
            total,
            index,
            error,
            str(message)[:MAX_MESSAGE],
            nbytes,
            golf_points(False, nbytes),
            elapsed,
        )

    if not response.get("ok"):
        return failed("sandbox", response.get("error", "worker error"))
    compiled = response["compile"]
    if compiled["status"] != "ok":
        return failed(_COMPILE_ERRORS.get(compiled["status"], "crash"), compiled["message"])
    if n_results != total:
        return failed("sandbox", f"worker returned {n_results} results for {total} examples")
    passed, first = 0, None
    for i, result in enumerate(response["results"]):
        if result["status"] == "ok":
            ok, error = (
                (True, None)
                if expected_outputs is None
                else judge_output(result["output"], expected_outputs[i])
            )
        else:
            ok, error = False, _RESULT_ERRORS.get(result["status"], "crash")
            if expected_outputs is None and result["message"].startswith("AssertionError"):
                error = "wrong_output"
        passed += ok
        if not ok and first is None:
            shown = result["message"] or f"{error}: {str(result.get('output'))[:100]}"
            first = (i, error, f"example {i}: {shown}")
    if first is not None:
        return failed(first[1], first[2], first[0], passed)
    correct = total > 0
    return Verdict(
        correct,
        passed,
        total,
        None,
        None,
        "" if correct else "no examples",
        nbytes,
        golf_points(correct, nbytes),
        elapsed,
    )


def verify_in_process(
    source: str | bytes, examples: list[ExampleLike], entry: str = "p"
) -> Verdict:
    """UNSAFE: runs the program in THIS process with no isolation, timeout or memory limit.

    Only for the benchmark's floor (what judging costs with no sandbox at all); never call it
    on untrusted code. Judges exactly like the sandboxed path.
    """
    results: list[dict[str, Any]] = []
    namespace: dict[str, Any] = {"__name__": "program"}
    response = {"ok": True, "compile": {"status": "ok", "message": ""}, "results": results}
    try:
        code = compile(decode_source(source), "<program>", "exec", dont_inherit=True)
    except (SyntaxError, ValueError) as exc:
        response["compile"] = {"status": "syntax", "message": f"{type(exc).__name__}: {exc}"}
    else:
        try:
            exec(code, namespace)
            if not callable(namespace.get(entry)):
                response["compile"] = {"status": "no_entry", "message": f"no function {entry!r}"}
        except Exception as exc:
            response["compile"] = {"status": "exception", "message": f"{type(exc).__name__}: {exc}"}
    if response["compile"]["status"] == "ok":
        for example in examples:
            results.append(_call_in_process(namespace[entry], example.input))
    else:
        results += [{"status": "not_run", "output": None, "message": ""} for _ in examples]
    return verdict_from_response(response, [e.output for e in examples], program_bytes(source))


def _call_in_process(fn: Any, grid: Any) -> dict[str, Any]:
    try:
        text = json.dumps(fn(copy.deepcopy(grid)))
    except MemoryError as exc:
        return {"status": "memory", "output": None, "message": repr(exc)}
    except Exception as exc:
        return {"status": "exception", "output": None, "message": f"{type(exc).__name__}: {exc}"}
    return {"status": "ok", "output": text, "message": ""}
