"""Inference for function problems: `golf-ray solve --problem ... | --problems-file ...`.

One engine in this process runs the reasoning chain (`golf_ray.tasks.stages`) for a batch of problems,
stage by stage; with `--execute-tests` the code runs against the problem's tests in a local
sandbox worker (`SandboxActor.run_tests`, each test isolated), and a failing program gets up to
k-1 more attempts: the code stage is asked again with the first failing test and its error.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from golf_ray.config import SandboxConfig
from golf_ray.tasks.functions import FunctionProblem, split_tests
from golf_ray.tasks.stages import (
    StageSpec,
    extract_code,
    load_stages,
    render,
    stage_prompt,
    stage_stop,
    stage_text,
)
from golf_ray.testrun import TestJob, TestVerdict

if TYPE_CHECKING:  # the engine and sandbox (torch, ray) load only when a solver is built
    from golf_ray.actors.engines import Sampling


@dataclass
class Attempt:
    outputs: list[tuple[StageSpec, str]]
    code: str | None
    verdict: TestVerdict | None = None

    @property
    def passed(self) -> bool:
        return self.verdict is not None and self.verdict.all_passed


@dataclass
class ProblemResult:
    problem: FunctionProblem
    attempts: list[Attempt] = field(default_factory=list)

    @property
    def final(self) -> Attempt:
        return self.attempts[-1]

    def status(self) -> str:
        v = self.final.verdict
        if self.final.code is None:
            return "no code"
        if v is None:
            return "untested"
        state = "passed" if v.all_passed else "failed"
        return f"{state} {sum(v.passed)}/{len(v.passed)} tests, attempt {len(self.attempts)}"

    def to_json(self, no_reasoning: bool = False) -> dict[str, Any]:
        def attempt(a: Attempt) -> dict[str, Any]:
            out: dict[str, Any] = {"code": a.code, "passed": a.passed}
            if a.verdict is not None:
                out["tests"] = a.verdict.to_dict()
            if not no_reasoning:
                out["stages"] = {s.name: stage_text(t) for s, t in a.outputs if not s.code}
            return out

        v = self.final.verdict
        return {
            "id": self.problem.id,
            "code": self.final.code,
            "passed": self.final.passed,
            "pass_rate": v.pass_rate if v is not None else None,
            "attempts": [attempt(a) for a in self.attempts],
        }


class FunctionSolver:
    def __init__(
        self,
        model: str,
        engine: str = "auto",
        stages: list[StageSpec] | None = None,
        sandbox: SandboxConfig | None = None,
        execute_tests: bool = True,
        test_timeout_s: float = 5.0,
    ):
        from golf_ray.actors.rollout import create_engine
        from golf_ray.actors.sandbox import SandboxActor, config_limits
        from golf_ray.inference import resolve_policy

        self.model_path = resolve_policy(model)
        self.engine = create_engine(self.model_path, engine)
        self.stages = stages or load_stages(None)
        self.test_timeout_s = test_timeout_s
        self.sandbox = None
        if execute_tests:
            cfg = sandbox or SandboxConfig()
            limits = replace(config_limits(cfg), example_timeout_s=test_timeout_s)
            self.sandbox = SandboxActor.from_config(cfg, limits)

    def _stage(
        self, spec: StageSpec, prompts: list[str], sampling: Sampling, max_tokens: int | None
    ) -> list[str]:
        from golf_ray.actors.engines import Sampling

        s = Sampling(
            n=1,
            temperature=sampling.temperature,
            top_p=sampling.top_p,
            top_k=sampling.top_k,
            max_tokens=max_tokens or spec.max_tokens,
            stop=stage_stop(spec),
            seed=sampling.seed,
            greedy=sampling.greedy,
        )
        return [c.text for c in self.engine.generate(prompts, s)]

    def solve(
        self,
        problems: list[FunctionProblem],
        sampling: Sampling,
        attempts: int = 1,
        max_tokens: int | None = None,
    ) -> list[ProblemResult]:
        """Run the chain for every problem; retry failing code up to `attempts` times in all."""
        results = [ProblemResult(p) for p in problems]
        reasoning: list[list[tuple[StageSpec, str]]] = [[] for _ in problems]
        for spec in self.stages[:-1]:
            prompts = [stage_prompt(p, spec, reasoning[i]) for i, p in enumerate(problems)]
            for i, text in enumerate(self._stage(spec, prompts, sampling, max_tokens)):
                reasoning[i].append((spec, text))
        code_spec = self.stages[-1]
        todo, feedback = list(range(len(problems))), [None] * len(problems)
        for _ in range(max(1, attempts)):
            prompts = [
                stage_prompt(problems[i], code_spec, reasoning[i], feedback[i]) for i in todo
            ]
            texts = self._stage(code_spec, prompts, sampling, max_tokens)
            for i, text in zip(todo, texts, strict=True):
                code = extract_code(text)
                attempt = Attempt(
                    [*reasoning[i], (code_spec, text)],
                    None if code is None else problems[i].program(code),
                )
                attempt.verdict = self._test(problems[i], attempt.code)
                results[i].attempts.append(attempt)
                feedback[i] = _feedback(problems[i], attempt)
            todo = [i for i in todo if feedback[i] is not None]
            if not todo:
                break
        return results

    def _test(self, problem: FunctionProblem, code: str | None) -> TestVerdict | None:
        if self.sandbox is None or not problem.baseline_tests:
            return None
        tests = problem.baseline_tests
        if code is None:
            return TestVerdict([False] * len(tests), ["no code"] * len(tests), "no code")
        return self.sandbox.run_tests(TestJob(problem.id, code, tests, self.test_timeout_s))

    def close(self) -> None:
        self.engine.shutdown()
        if self.sandbox is not None:
            self.sandbox.close()

    def __enter__(self) -> FunctionSolver:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _feedback(problem: FunctionProblem, attempt: Attempt) -> str | None:
    """What the next attempt is told; None when there is nothing to fix (or no way to know)."""
    v = attempt.verdict
    if v is None or v.all_passed:
        return None
    if attempt.code is None:
        return "no code was written"
    i = v.first_failure()
    return (
        f"the test `{problem.baseline_tests[i].strip()}` gave {v.errors[i]}. "
        f"It was:\n```python\n{attempt.code}\n```"
    )


# --------------------------------------------------------------------------- inputs, outputs


def make_problem(
    description: str | None, description_file: str | None, signature: str, tests: str | None
) -> FunctionProblem:
    """The one problem of `golf-ray solve --problem TEXT | --problem-file F --signature S
    --tests ASSERTS`, checked: every test must be valid Python."""
    if description_file:
        try:
            description = Path(description_file).read_text(encoding="utf-8")
        except OSError as e:
            raise ValueError(f"solve: --problem-file {description_file}: {e.strerror}") from None
    parsed = split_tests(tests or "")
    for i, test in enumerate(parsed):
        try:
            compile(test, "<test>", "exec", dont_inherit=True)
        except SyntaxError as e:
            raise ValueError(f"solve: --tests: test {i + 1} is not valid Python: {e.msg}") from None
    problem = FunctionProblem("problem", (description or "").strip(), signature, parsed)
    if not problem.entry_point:
        raise ValueError(f"solve: --signature: no 'def NAME(' in {signature!r}")
    return problem


def stages_of(config: str | None) -> list[StageSpec] | None:
    """The reasoning stages of an adversarial config (None: the default chain)."""
    if not config:
        return None
    from golf_ray.recipes.adversarial.config import load_adversarial_config

    return load_adversarial_config(config).stages


def format_results(results: list[ProblemResult], no_reasoning: bool = False) -> str:
    return "\n".join(
        f"# {r.problem.id}: {r.status()}\n"
        + (render(r.final.outputs, no_reasoning=no_reasoning) or "(no code)")
        for r in results
    )
