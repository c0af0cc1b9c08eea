"""A scripted executive world with known optimal returns, for testing the controller.

Three problems whose best action sequences are exactly the three episode templates:

- `easy`: the first program passes → generate, test, stop.
- `medium`: the first program fails (wrong output, 3 of 4 checks); one debug fixes it →
  generate, test, debug, test, stop.
- `hard`: the first program fails (wrong output, no check passes); a debug turns it into one that
  raises; retrieval helps only once the error names something to look up, and a debug with that
  context fixes it → generate, test, debug, test, search, debug, test, stop.

Programs are opaque strings of equal length, so until a test the problems look alike. The
"LLM" and "sandbox" here are deterministic tables (`ScriptedTools`); the environment logic,
masks and rewards are the real `ExecutiveEnv`'s.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from golf_ray.recipes.agent.env import Action, EnvConfig
from golf_ray.recipes.agent.problems import Check, Problem

# program -> (passed out of 4, error kind)
_RESULTS = {
    "prog-A": (4, None),
    "prog-B": (3, "wrong_output"),
    "prog-C": (0, "wrong_output"),
    "prog-D": (2, "exception"),
}
# (problem, program, useful context?) -> repaired program; missing = no progress
_REPAIRS = {
    ("medium", "prog-B", False): "prog-A",
    ("medium", "prog-B", True): "prog-A",
    ("hard", "prog-C", False): "prog-D",
    ("hard", "prog-C", True): "prog-D",
    ("hard", "prog-D", True): "prog-A",
}
_FIRST = {"easy": "prog-A", "medium": "prog-B", "hard": "prog-C"}
USEFUL_CONTEXT = "help(thing): the function the error names, documented."

OPTIMAL = {
    "easy": [Action.GENERATE, Action.TEST, Action.STOP],
    "medium": [Action.GENERATE, Action.TEST, Action.DEBUG, Action.TEST, Action.STOP],
    "hard": [
        Action.GENERATE,
        Action.TEST,
        Action.DEBUG,
        Action.TEST,
        Action.SEARCH,
        Action.DEBUG,
        Action.TEST,
        Action.STOP,
    ],
}


def optimal_return(name: str, cfg: EnvConfig) -> float:
    """Undiscounted return of the optimal sequence (every scripted problem ends correct)."""
    return cfg.correct_reward - cfg.step_cost * len(OPTIMAL[name])


@dataclass
class ScriptedProblem(Problem):
    id: str
    kind: str = "scripted"

    def messages(self, context: str = "") -> list[dict[str, str]]:
        return [{"role": "user", "content": f"scripted problem {self.id}"}]

    def judge(self, code: str, sandbox: Any = None, full: bool = False) -> Check:
        passed, error = _RESULTS.get(code, (0, "syntax"))
        feedback = "" if error is None else f"fails: {error}"
        return Check(passed, 4, error, feedback, points=0.0, nbytes=len(code))


class ScriptedTools:
    """Deterministic stand-ins for the LLM and the retriever of the scripted world."""

    def generate(self, problem: Problem, context: str) -> str:
        return _FIRST[problem.id]

    def debug(self, problem: Problem, code: str, check: Check, context: str) -> str:
        return _REPAIRS.get((problem.id, code, context == USEFUL_CONTEXT), code)

    def test(self, problem: Problem, code: str, full: bool) -> Check:
        return problem.judge(code, None, full)

    def search(self, problem: Problem, code: str | None, check: Check | None) -> str:
        # Retrieval finds docs only when the error names something (an exception).
        return USEFUL_CONTEXT if check is not None and check.error == "exception" else ""


def scripted_problems() -> list[ScriptedProblem]:
    return [ScriptedProblem(name) for name in OPTIMAL]
