"""Rewards of the generator-vs-test-writer game, registered in the reward registry.

- generator (`function_pass_rate`): the pass rate of its program on the problem's baseline tests
  plus the valid adversarial tests written so far.
- discriminator (`adversarial`): `(1 - generator pass rate on its valid tests) × validity`, where a
  test is valid when it passes against the reference solution and validity is the share of the
  tests it wrote that are valid. A test that fails on the reference (or does not parse) is never
  credited: it counts against validity and takes no part in the generator pass rate.
- `test_validity`: validity alone, for logging or as a shaping term.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

from golf_ray.config import RewardConfig
from golf_ray.rewards import RewardSample, register_reward
from golf_ray.testrun import TestVerdict


@dataclass
class GeneratorSample(RewardSample):
    tests: TestVerdict | None = None  # the program on baseline + valid adversarial tests


@dataclass
class DiscriminatorSample(RewardSample):
    written: int = 0  # tests the completion wrote, parsing or not
    tests: list[str] = field(default_factory=list)  # the ones that parse
    valid: list[bool] = field(default_factory=list)  # per parsed test: passes on the reference
    generator_pass: list[float] = field(default_factory=list)  # per VALID test, in order

    @property
    def valid_tests(self) -> list[str]:
        return [t for t, ok in zip(self.tests, self.valid, strict=True) if ok]


def parse_tests(completion: str, max_tests: int) -> tuple[list[str], int]:
    """(tests that parse, tests written): each line starting with `assert` is one test."""
    written, tests = 0, []
    for line in completion.splitlines():
        line = line.strip()
        if not line.startswith("assert"):
            continue
        written += 1
        if written > max_tests:
            break
        try:
            tree = ast.parse(line)
        except (SyntaxError, ValueError):
            continue
        if len(tree.body) == 1 and isinstance(tree.body[0], ast.Assert) and line not in tests:
            tests.append(line)
    return tests, min(written, max_tests)


def valid_tests(tests: list[str], reference: TestVerdict) -> list[str]:
    """The tests the reference solution passes (none when the reference itself failed)."""
    if reference.error is not None:
        return []
    return [t for t, ok in zip(tests, reference.passed, strict=True) if ok]


def restrict(verdict: TestVerdict, ran: list[str], wanted: list[str]) -> TestVerdict:
    """`verdict` of a program run on tests `ran`, cut down to the tests `wanted` (in order)."""
    cols = [ran.index(t) for t in wanted]
    return TestVerdict(
        [verdict.passed[j] for j in cols],
        [verdict.errors[j] for j in cols],
        verdict.error,
        key=verdict.key,
    )


def judge_tests(
    tests: list[str],
    written: int,
    reference: TestVerdict,
    generator: list[TestVerdict],
    completion: str = "",
    group: str = "",
) -> DiscriminatorSample:
    """Combine real sandbox verdicts: `reference` ran the reference solution on `tests`;
    each of `generator` ran one generator program on the VALID tests, in order."""
    valid = [bool(ok) and reference.error is None for ok in reference.passed]
    if len(valid) != len(tests):
        raise ValueError(f"reference verdict has {len(valid)} results for {len(tests)} tests")
    n_valid = sum(valid)
    gen_pass = [
        sum(v.passed[j] for v in generator) / len(generator) if generator else 0.0
        for j in range(n_valid)
    ]
    for v in generator:
        if len(v.passed) != n_valid:
            raise ValueError(f"generator verdict has {len(v.passed)} results for {n_valid} tests")
    return DiscriminatorSample(
        completion=completion,
        program=None,
        verdict=None,
        group=group,
        written=written,
        tests=list(tests),
        valid=valid,
        generator_pass=gen_pass,
    )


def validity(sample: DiscriminatorSample) -> float:
    return sum(sample.valid) / sample.written if sample.written else 0.0


def adversarial_score(sample: DiscriminatorSample) -> float:
    """(1 - generator pass rate on the valid tests) × validity; 0 without a valid test."""
    if not any(sample.valid) or not sample.generator_pass:
        return 0.0
    gen_rate = sum(sample.generator_pass) / len(sample.generator_pass)
    return (1.0 - gen_rate) * validity(sample)


@register_reward("function_pass_rate")
def function_pass_rate(sample: RewardSample, cfg: RewardConfig) -> float:
    tests = getattr(sample, "tests", None)
    return tests.pass_rate if isinstance(tests, TestVerdict) else 0.0


@register_reward("adversarial")
def adversarial(sample: RewardSample, cfg: RewardConfig) -> float:
    return adversarial_score(sample) if isinstance(sample, DiscriminatorSample) else 0.0


@register_reward("test_validity")
def validity_term(sample: RewardSample, cfg: RewardConfig) -> float:
    return validity(sample) if isinstance(sample, DiscriminatorSample) else 0.0
