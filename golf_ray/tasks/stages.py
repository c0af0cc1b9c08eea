"""Staged reasoning for function problems, as data: informal reasoning → structured reasoning →
pseudocode → constraints and invariants → executable code.

Each stage is a `StageSpec` (from config: add, remove or reword one in YAML). Stage k's prompt is
the problem, then the outputs of stages 0..k-1 under their titles, then stage k's instruction and
title; the model's answer runs until the next `###` header. The last stage must be the code stage:
its prompt ends with an opened ```` ```python ```` fence and its answer ends at the closing fence.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from golf_ray.config import ConfigError, from_dict
from golf_ray.tasks.functions import FunctionProblem

CODE_FENCE = "```python\n"
STAGE_STOP = "\n###"


@dataclass
class StageSpec:
    name: str
    title: str
    instruction: str
    max_tokens: int = 128
    code: bool = False  # the executable-code stage (must be last)


DEFAULT_STAGES: list[dict[str, Any]] = [
    {
        "name": "informal",
        "title": "Informal reasoning",
        "instruction": "Explain in plain words what the function must do and how to approach it.",
    },
    {
        "name": "structured",
        "title": "Structured reasoning",
        "instruction": "List the steps of the solution as numbered points, with the edge cases.",
    },
    {
        "name": "pseudocode",
        "title": "Pseudocode",
        "instruction": "Write pseudocode for the function.",
    },
    {
        "name": "constraints",
        "title": "Constraints and invariants",
        "instruction": "State the input constraints, the invariants the code keeps and what it "
        "returns for edge cases.",
    },
    {
        "name": "code",
        "title": "Code",
        "code": True,
        "max_tokens": 256,
        "instruction": "Write the complete Python function (with any imports it needs).",
    },
]


def load_stages(raw: list[Any] | None, where: str = "stages") -> list[StageSpec]:
    """Stage specs from a config list (None = the default five), validated."""
    raw = DEFAULT_STAGES if raw is None else raw
    if not isinstance(raw, list) or not raw:
        raise ConfigError(f"{where}: must be a non-empty list of stages")
    stages = []
    for i, item in enumerate(raw):
        if isinstance(item, StageSpec):
            stages.append(item)
            continue
        if not isinstance(item, dict):
            raise ConfigError(f"{where}[{i}]: must be a mapping, got {type(item).__name__}")
        stages.append(from_dict(StageSpec, item, prefix=f"{where}[{i}]."))
    names = [s.name for s in stages]
    for i, s in enumerate(stages):
        if names.index(s.name) != i:
            raise ConfigError(f"{where}[{i}].name: duplicate stage name {s.name!r}")
        if s.max_tokens < 1:
            raise ConfigError(f"{where}[{i}].max_tokens: must be >= 1, got {s.max_tokens}")
        if s.code != (i == len(stages) - 1):
            raise ConfigError(
                f"{where}[{i}].code: exactly the last stage must be the code stage (code: true)"
            )
    return stages


def problem_header(problem: FunctionProblem) -> str:
    return (
        f"Problem: {problem.description.strip()}\n\n"
        f"Signature:\n{problem.function_signature.rstrip()}\n\n"
    )


def stage_prompt(
    problem: FunctionProblem,
    spec: StageSpec,
    previous: list[tuple[StageSpec, str]],
    feedback: str | None = None,
) -> str:
    """The prompt for stage `spec`, given the (stage, output) pairs that come before it."""
    parts = [problem_header(problem)]
    for before, text in previous:
        parts.append(f"### {before.title}\n{stage_text(text)}\n\n")
    if feedback:
        parts.append(f"Your previous code failed: {feedback.strip()}\nFix it.\n\n")
    parts.append(f"{spec.instruction}\n### {spec.title}\n")
    if spec.code:
        parts.append(CODE_FENCE)
    return "".join(parts)


def stage_text(text: str) -> str:
    """A reasoning stage's answer without the header it stopped at (engines may keep it)."""
    return text.split(STAGE_STOP, 1)[0].strip()


def stage_stop(spec: StageSpec) -> tuple[str, ...]:
    return ("```",) if spec.code else (STAGE_STOP,)


def extract_code(completion: str) -> str | None:
    """The code stage's answer up to its closing fence; None when nothing is left."""
    code = completion.split("```", 1)[0].strip("\n")
    return code if code.strip() else None


def chain_for(stages: list[StageSpec], k: int) -> list[int]:
    """Stage indices the generator runs when stage k is trained: 0..k, then the code stage."""
    last = len(stages) - 1
    return list(range(k + 1)) if k == last else [*range(k + 1), last]


def render(outputs: list[tuple[StageSpec, str]], no_reasoning: bool = False) -> str:
    """What a user sees: every stage under its title, or (`--no-reasoning`) only the code."""
    shown = []
    for spec, text in outputs:
        if spec.code:
            code = extract_code(text) or ""
            shown.append(code if no_reasoning else f"### {spec.title}\n```python\n{code}\n```")
        elif not no_reasoning:
            shown.append(f"### {spec.title}\n{stage_text(text)}")
    return "\n\n".join(shown)
