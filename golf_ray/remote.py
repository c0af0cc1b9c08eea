"""Waiting on Ray actors with a deadline, and one-line errors that name the actor.

No remote call of the training loop may wait forever: a rollout actor stuck in generation, a
learner rank stuck in a collective whose peers never came, a dead actor. `wait_all` waits for
one result per named actor, raises as soon as one fails, and gives up at the deadline:

    weights = wait_all(refs, names, "weight update", timeout_s=600)
    # RemoteError: weight update: run/rollout-1 did not answer within 600 s
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from typing import Any

_ANSI = re.compile(r"\x1b\[[0-9;]*m")
_RAISED = re.compile(r"^[A-Za-z_][\w.]*(Error|Exception|Exit|Interrupt): ")


class RemoteError(RuntimeError):
    """A remote call failed or ran past its deadline (one line, naming the actor)."""


def one_line(error: BaseException) -> str:
    """`Type: message` of what went wrong in the actor, without Ray's traceback."""
    cause = getattr(error, "cause", None)
    if isinstance(cause, BaseException) and cause is not error:
        if hasattr(cause, "cause"):  # a Ray error wrapping the actor's own (a failed __init__)
            return one_line(cause)
        text = str(cause).strip().splitlines()
        return f"{type(cause).__name__}: {text[0] if text else ''}"
    lines = [line.strip() for line in _ANSI.sub("", str(error)).splitlines() if line.strip()]
    # Ray's own messages quote the remote traceback: its last exception line says what failed
    raised = [line for line in lines if _RAISED.match(line)]
    return raised[-1] if raised else f"{type(error).__name__}: {lines[0] if lines else ''}"


def wait_all(
    refs: Sequence[Any], names: Sequence[str], what: str, timeout_s: float | None
) -> list[Any]:
    """The results of `refs` (one per actor in `names`), within `timeout_s` seconds in all
    (None or <= 0: no limit). Raises RemoteError naming the actor that failed or is late."""
    import ray

    if len(refs) != len(names):
        raise ValueError(f"{len(refs)} refs for {len(names)} names")
    deadline = time.monotonic() + timeout_s if timeout_s and timeout_s > 0 else None
    index = {ref: i for i, ref in enumerate(refs)}
    results: list[Any] = [None] * len(refs)
    pending = list(refs)
    while pending:
        left = None if deadline is None else max(0.0, deadline - time.monotonic())
        done, pending = ray.wait(pending, num_returns=1, timeout=left)
        if not done:
            late = ", ".join(names[index[r]] for r in pending)
            raise RemoteError(f"{what}: {late} did not answer within {timeout_s:g} s")
        for ref in done:
            try:
                results[index[ref]] = ray.get(ref)
            except ray.exceptions.RayError as e:
                raise RemoteError(f"{what}: {names[index[ref]]} failed: {one_line(e)}") from e
    return results
