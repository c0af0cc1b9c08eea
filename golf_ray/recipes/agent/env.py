"""The executive environment: one episode over one problem.

Actions: `generate` (the LLM writes a program), `test` (the sandbox runs it on the public
checks), `debug` (the LLM rewrites it from the failing example and the error), `search`
(retrieve similar solved problems and stdlib docs as context), `stop`. The observation is a
feature vector (`FEATURES`); illegal actions are masked at decision time: test without untested
code, debug before a failing test, stop with nothing (or, by default, with an untested
program), a second search. Reward: `-step_cost` per step, plus at the end `correct_reward` if
the final program passes the full checks and `golf_bonus * points / 2500` for golf tasks.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import Protocol

import numpy as np

from golf_ray.recipes.agent.problems import ERROR_KINDS, Check, Problem

MAX_POINTS = 2500.0  # a golf program's best possible score
CODE_BYTES_SCALE = 2000.0


class Action(IntEnum):
    GENERATE = 0
    TEST = 1
    DEBUG = 2
    SEARCH = 3
    STOP = 4


ACTIONS = tuple(a.name.lower() for a in Action)
N_ACTIONS = len(Action)
FEATURES = (
    "has_code",
    "tested",
    "last_pass_rate",
    "last_test_passed",
    "generations",
    "debugs",
    "tests",
    "code_bytes",
    "steps_left",
    "search_used",
    "context_found",
    *(f"error_{kind}" for kind in ERROR_KINDS),
)
OBS_DIM = len(FEATURES)


@dataclass
class EnvConfig:
    max_steps: int = 10
    step_cost: float = 0.05
    correct_reward: float = 1.0
    golf_bonus: float = 0.5  # times points / 2500, for a correct golf program
    stop_requires_test: bool = True  # the executive must know what it submits


class Tools(Protocol):
    """What the executive's actions call: an LLM, a sandbox and a retriever."""

    def generate(self, problem: Problem, context: str) -> str: ...

    def debug(self, problem: Problem, code: str, check: Check, context: str) -> str: ...

    def test(self, problem: Problem, code: str, full: bool) -> Check: ...

    def search(self, problem: Problem, code: str | None, check: Check | None) -> str: ...


@dataclass
class Step:
    action: str
    reward: float
    outcome: str | None = None  # "pass" | "fail" for tests, "found" | "empty" for search
    detail: str = ""


@dataclass
class EnvState:
    code: str | None = None
    tested: bool = False
    last_check: Check | None = None  # the latest test, of the current or an earlier program
    generations: int = 0
    debugs: int = 0
    tests: int = 0
    steps: int = 0
    search_used: bool = False
    context: str = ""
    history: list[Step] = field(default_factory=list)


class ExecutiveEnv:
    def __init__(self, problem: Problem, tools: Tools, cfg: EnvConfig | None = None):
        self.problem, self.tools, self.cfg = problem, tools, cfg or EnvConfig()
        self.state = EnvState()
        self.done = False
        self.final: Check | None = None

    def reset(self) -> tuple[np.ndarray, np.ndarray]:
        self.state, self.done, self.final = EnvState(), False, None
        return self.observation(), self.action_mask()

    # ------------------------------------------------------------------ observation and mask

    def observation(self) -> np.ndarray:
        s, n = self.state, float(self.cfg.max_steps)
        check = s.last_check
        kind = check.error_kind if check is not None else "none"
        current = s.tested and check is not None
        # The latest test's pass rate stays visible after a rewrite: it tells problems apart.
        values = [
            float(s.code is not None),
            float(s.tested),
            check.pass_rate if check is not None else 0.0,
            float(current and check.correct),
            s.generations / n,
            s.debugs / n,
            s.tests / n,
            min(len((s.code or "").encode()) / CODE_BYTES_SCALE, 1.0),
            (self.cfg.max_steps - s.steps) / n,
            float(s.search_used),
            float(bool(s.context)),
            *(float(kind == k) for k in ERROR_KINDS),
        ]
        return np.asarray(values, dtype=np.float32)

    def action_mask(self) -> np.ndarray:
        s = self.state
        mask = np.zeros(N_ACTIONS, dtype=bool)
        if self.done:
            return mask
        failed = s.tested and s.last_check is not None and not s.last_check.correct
        mask[Action.GENERATE] = True
        mask[Action.TEST] = s.code is not None and not s.tested
        mask[Action.DEBUG] = s.code is not None and failed
        mask[Action.SEARCH] = not s.search_used
        mask[Action.STOP] = s.code is not None and (s.tested or not self.cfg.stop_requires_test)
        return mask

    # ------------------------------------------------------------------ stepping

    def step(self, action: int) -> tuple[np.ndarray, np.ndarray, float, bool, Step]:
        """Apply a legal action: (next observation, next mask, reward, done, what happened)."""
        if self.done:
            raise RuntimeError("step() on a finished episode; call reset()")
        action = Action(int(action))
        if not self.action_mask()[action]:
            raise ValueError(f"illegal action {action.name.lower()} in this state")
        s = self.state
        s.steps += 1
        step = Step(ACTIONS[action], -self.cfg.step_cost)
        if action is Action.GENERATE:
            self._new_code(self.tools.generate(self.problem, s.context))
            s.generations += 1
        elif action is Action.DEBUG:
            assert s.code is not None and s.last_check is not None
            self._new_code(self.tools.debug(self.problem, s.code, s.last_check, s.context))
            s.debugs += 1
        elif action is Action.TEST:
            assert s.code is not None
            s.last_check = self.tools.test(self.problem, s.code, full=False)
            s.tested, s.tests = True, s.tests + 1
            step.outcome = "pass" if s.last_check.correct else "fail"
            step.detail = f"{s.last_check.passed}/{s.last_check.total} {s.last_check.error_kind}"
        elif action is Action.SEARCH:
            s.context = self.tools.search(self.problem, s.code, s.last_check)
            s.search_used = True
            step.outcome = "found" if s.context else "empty"
        if action is Action.STOP or s.steps >= self.cfg.max_steps:
            step.reward += self._finish()
        s.history.append(step)
        return self.observation(), self.action_mask(), step.reward, self.done, step

    def _new_code(self, code: str) -> None:
        s = self.state
        s.code, s.tested = code, False

    def _finish(self) -> float:
        self.done = True
        code = self.state.code
        if code is None:
            return 0.0
        self.final = self.tools.test(self.problem, code, full=True)
        if not self.final.correct:
            return 0.0
        bonus = self.cfg.golf_bonus * self.final.points / MAX_POINTS
        return self.cfg.correct_reward + bonus
