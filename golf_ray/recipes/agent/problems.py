"""The problem interface the executive works on, and its golf-task implementation.

A problem says what the model is asked (chat messages), how a program is judged (`judge`, on the
public checks the model may see, or on everything), and a text for finding similar problems.
Golf tasks judge through `SandboxPool.verify`; function problems plug in through the same
interface (`golf_ray.recipes.agent.functions`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any

from golf_ray.prompts import build_prompt, grid_to_text
from golf_ray.tasks import Task
from golf_ray.verify import Verdict

# The error kinds the observation distinguishes (anything else counts as "other").
ERROR_KINDS = ("none", "syntax", "exception", "timeout", "wrong_output", "no_entry", "other")


@dataclass
class Check:
    """What running a program against a problem's checks showed."""

    passed: int
    total: int
    error: str | None = None  # a verify.ERRORS kind; None when everything passed
    feedback: str = ""  # the first failure, as text for a debug prompt
    points: float = 0.0  # golf points when correct, else 0
    nbytes: int = 0

    @property
    def correct(self) -> bool:
        return self.total > 0 and self.passed == self.total

    @property
    def pass_rate(self) -> float:
        return self.passed / self.total if self.total else 0.0

    @property
    def error_kind(self) -> str:
        if self.correct:
            return "none"
        return self.error if self.error in ERROR_KINDS else "other"


DEBUG_INSTRUCTIONS = (
    "Your program failed. Fix it and answer with the whole corrected program in one ```python "
    "code block."
)


class Problem(ABC):
    """One problem for an episode. Must pickle (it travels to episode actors)."""

    id: str
    kind: str  # "golf", "function", "scripted", ...

    @abstractmethod
    def messages(self, context: str = "") -> list[dict[str, str]]:
        """System + user messages asking for a program (with retrieved context, if any)."""

    def debug_messages(self, code: str, check: Check, context: str = "") -> list[dict[str, str]]:
        """The generation conversation, the failing program, and what went wrong."""
        parts = [DEBUG_INSTRUCTIONS, check.feedback]
        if context:
            parts.append(f"Possibly useful context:\n{context}")
        return [
            *self.messages(),
            {"role": "assistant", "content": f"```python\n{code}\n```"},
            {"role": "user", "content": "\n\n".join(p for p in parts if p)},
        ]

    @abstractmethod
    def judge(self, code: str, sandbox: Any, full: bool = False) -> Check:
        """Run `code` on the public checks (`full=False`) or on all of them, in `sandbox`."""

    def search_text(self) -> str:
        """Text that similar problems share (for retrieval)."""
        return self.messages()[-1]["content"]


def check_from_verdict(verdict: Verdict, feedback: str) -> Check:
    return Check(
        passed=verdict.passed,
        total=verdict.total,
        error=verdict.error,
        feedback=feedback,
        points=verdict.points if verdict.correct else 0.0,
        nbytes=verdict.bytes,
    )


@dataclass
class GolfProblem(Problem):
    """A Code Golf task: public checks are the train examples (shown in the prompt); the full
    judgement runs train + test + arc-gen, as the competition does."""

    task: Task
    max_prompt_tokens: int = 2048
    kind: str = "golf"
    id: str = field(init=False)

    def __post_init__(self) -> None:
        self.id = self.task.id

    def messages(self, context: str = "") -> list[dict[str, str]]:
        prompt = build_prompt(self.task, None, self.max_prompt_tokens)
        messages = [dict(m) for m in prompt.messages]
        if context:
            messages[-1]["content"] += f"\n\nPossibly useful context:\n{context}"
        return messages

    def judge(self, code: str, sandbox: Any, full: bool = False) -> Check:
        examples = self.task.all_examples if full else self.task.train
        [verdict] = sandbox.verify([self.task.verify_job(code, key=self.id, examples=examples)])
        feedback = ""
        if not verdict.correct:
            feedback = f"Error: {verdict.error}: {verdict.message}"
            i = verdict.first_failure
            if i is not None and i < len(examples):
                e = examples[i]
                feedback = (
                    f"It fails on this example.\nInput:\n{grid_to_text(e.input)}\n"
                    f"Expected output:\n{grid_to_text(e.output)}\n{feedback}"
                )
        return check_from_verdict(verdict, feedback)

    def search_text(self) -> str:
        m = self.task.metrics
        words = [
            f"train{m.n_train}",
            f"colours{m.n_colours}",
            f"h{m.max_height}",
            f"w{m.max_width}",
            "shape_change" if m.shape_changes else "same_shape",
            "larger" if m.output_larger else "",
            "smaller" if m.output_smaller else "",
        ]
        return " ".join(w for w in words if w)
