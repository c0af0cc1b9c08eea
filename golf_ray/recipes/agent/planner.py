"""The hierarchical planner: planning → execution → integration → evaluation → stop.

- planning: the planner LLM decomposes a function problem into parts (helpers first, the entry
  point last), each with its own tests. When its answer holds no usable part (a weak model), the
  problem's declared decomposition is used, or the whole problem as one part.
- execution: the executive (`ExecutiveEnv` driven by the DQN policy, or a template) solves each
  part; a part's program runs after the programs of the parts before it.
- integration: the part programs are merged into one program; if none defines the entry point,
  the LLM writes it on top of the parts.
- evaluation: the full tests of the whole problem, in the sandbox.
- a failed evaluation starts a correction cycle chosen by the planner's policy (`repair_parts`:
  run the executive again on parts that failed their own tests; `debug_integration`: the LLM
  repairs the merged program from the failing test), up to `max_cycles`; then stop.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from golf_ray.recipes.agent.env import EnvConfig, ExecutiveEnv
from golf_ray.recipes.agent.episodes import Episode, first_legal, run_episode
from golf_ray.recipes.agent.functions import SYSTEM, ComposedProblem, FunctionTask
from golf_ray.recipes.agent.problems import Check
from golf_ray.recipes.agent.templates import get_template
from golf_ray.tasks.functions import FunctionProblem, entry_point_of

STAGES = ("planning", "execution", "integration", "evaluation", "correction", "stop")
CORRECTIONS = ("repair_parts", "debug_integration")

PLAN_INSTRUCTIONS = """\
Split the problem into at most {max_parts} functions, helpers first and `{entry}` last. For each
function write exactly three lines:
PART: def name(arguments):
DOES: what it returns, in one sentence
TEST: assert name(...) == ...
"""
_PART = re.compile(r"^PART:\s*(def\s+[A-Za-z_]\w*\s*\(.*\)\s*(?:->.*)?:)\s*$", re.MULTILINE)


@dataclass
class PlannerConfig:
    max_parts: int = 4
    max_cycles: int = 2  # correction cycles after a failed evaluation


@dataclass
class StageRecord:
    stage: str
    detail: str
    seconds: float


@dataclass
class PlanResult:
    problem_id: str
    plan_source: str  # "model" | "declared" | "whole"
    parts: list[str]
    part_correct: list[bool]
    program: str
    correct: bool
    pass_rate: float
    cycles: int
    trace: list[StageRecord] = field(default_factory=list)
    episodes: list[Episode] = field(default_factory=list)

    @property
    def stages(self) -> list[str]:
        return [r.stage for r in self.trace]


def parse_plan(text: str, whole: FunctionProblem, max_parts: int) -> list[FunctionProblem]:
    """Parts from the planner's answer: each needs a `def` line and at least one test that
    parses and calls it. The entry point's part, if any, is moved last."""
    parts: list[FunctionProblem] = []
    matches = list(_PART.finditer(text))
    for i, m in enumerate(matches[:max_parts]):
        signature = m.group(1).strip()
        name = entry_point_of(signature)
        body = text[m.end() : matches[i + 1].start() if i + 1 < len(matches) else len(text)]
        does = re.search(r"^DOES:\s*(.+)$", body, re.MULTILINE)
        tests = [t.strip() for t in re.findall(r"^TEST:\s*(.+)$", body, re.MULTILINE)]
        tests = [t for t in tests if name and f"{name}(" in t and _parses(t)]
        if name and tests and name not in {p.entry_point for p in parts}:
            parts.append(
                FunctionProblem(
                    f"{whole.id}/{name}", does.group(1) if does else "", signature, tests
                )
            )
    parts.sort(key=lambda p: p.entry_point == whole.entry_point)
    return parts


def _parses(code: str) -> bool:
    try:
        compile(code, "<test>", "exec")
    except (SyntaxError, ValueError):
        return False
    return True


def rule_policy(cycle: int, part_ok: list[bool], check: Check) -> str:
    """The planner's default policy: repair failing parts first, else the merged program."""
    return "repair_parts" if not all(part_ok) else "debug_integration"


def integrate(codes: list[str]) -> str:
    """One program from the part programs, in order (a later definition wins, as in Python)."""
    return "\n\n\n".join(c.strip() for c in codes if c.strip()) + "\n"


class Planner:
    """Runs the five stages over one problem with `tools` (an LLM + sandbox, e.g. `RayTools`)
    and `executive` (plays one episode on an environment: the DQN policy or a template)."""

    def __init__(
        self,
        tools: Any,
        executive: Callable[[ExecutiveEnv], Episode],
        env_cfg: EnvConfig | None = None,
        cfg: PlannerConfig | None = None,
        policy: Callable[[int, list[bool], Check], str] = rule_policy,
    ):
        self.tools, self.executive = tools, executive
        self.env_cfg, self.cfg, self.policy = env_cfg or EnvConfig(), cfg or PlannerConfig(), policy

    def run(self, problem: ComposedProblem | FunctionProblem) -> PlanResult:
        composed = problem if isinstance(problem, ComposedProblem) else None
        whole = composed.whole if composed else problem
        trace: list[StageRecord] = []
        clock = time.perf_counter()

        def mark(stage: str, detail: str) -> None:
            nonlocal clock
            now = time.perf_counter()
            trace.append(StageRecord(stage, detail, now - clock))
            clock = now

        parts, source = self.plan(whole, composed)
        mark(
            "planning",
            f"{len(parts)} part(s) from the {source} plan: "
            + ", ".join(p.entry_point for p in parts),
        )
        codes, ok = [""] * len(parts), [False] * len(parts)
        episodes: list[Episode] = []
        todo = list(range(len(parts)))
        cycle, program, check = 0, "", None
        whole_task = FunctionTask(whole, public_tests=len(whole.baseline_tests))
        while True:
            if todo:
                for i in todo:
                    task = FunctionTask(
                        parts[i],
                        public_tests=len(parts[i].baseline_tests),
                        prelude=integrate(codes[:i]).strip(),
                    )
                    episode = self.executive(ExecutiveEnv(task, self.tools, self.env_cfg))
                    episodes.append(episode)
                    codes[i], ok[i] = episode.code or "", episode.correct
                mark(
                    "execution",
                    " ".join(f"{parts[i].entry_point}={'ok' if ok[i] else 'fail'}" for i in todo),
                )
                program = self.integrate(whole, codes)
                mark("integration", f"{len(program.encode())} bytes")
            check = self.tools.test(whole_task, program, full=True)
            mark("evaluation", f"{check.passed}/{check.total} tests pass")
            if check.correct or cycle >= self.cfg.max_cycles:
                break
            action = self.policy(cycle, ok, check)
            cycle += 1
            if action == "repair_parts":
                todo = [i for i, good in enumerate(ok) if not good]
            elif action == "debug_integration":
                todo = []
                program = self.tools.debug(whole_task, program, check, "") or program
            else:
                mark("correction", f"policy chose {action!r}: stop")
                break
            mark("correction", f"cycle {cycle}: {action}")
        mark("stop", "correct" if check.correct else "not correct")
        return PlanResult(
            whole.id,
            source,
            [p.entry_point for p in parts],
            ok,
            program,
            check.correct,
            check.pass_rate,
            cycle,
            trace,
            episodes,
        )

    def plan(
        self, whole: FunctionProblem, composed: ComposedProblem | None
    ) -> tuple[list[FunctionProblem], str]:
        task = FunctionTask(whole, public_tests=len(whole.baseline_tests))
        messages = task.messages()
        messages[-1]["content"] += "\n\n" + PLAN_INSTRUCTIONS.format(
            max_parts=self.cfg.max_parts, entry=whole.entry_point
        )
        messages[0]["content"] = SYSTEM
        parts = parse_plan(self.tools.text(messages), whole, self.cfg.max_parts)
        if parts:
            return parts, "model"
        if composed is not None and composed.parts:
            return list(composed.parts), "declared"
        return [whole], "whole"

    def integrate(self, whole: FunctionProblem, codes: list[str]) -> str:
        program = integrate(codes)
        if re.search(rf"^\s*def\s+{re.escape(whole.entry_point)}\s*\(", program, re.MULTILINE):
            return program
        # No part defines the entry point: the LLM writes it on top of the parts.
        task = FunctionTask(whole, public_tests=len(whole.baseline_tests), prelude=program)
        return integrate([program, self.tools.generate(task, "")])


def template_executive(name: str) -> Callable[[ExecutiveEnv], Episode]:
    """An executive that follows one episode template (the model still writes the code)."""
    template = get_template(name)
    return lambda env: run_episode(env, first_legal, template.forced(), template.name)


def policy_executive(policy) -> Callable[[ExecutiveEnv], Episode]:
    """An executive driven by a policy (e.g. a trained DQN module's `ModulePolicy`)."""
    return lambda env: run_episode(env, policy)
