"""Function problems (golf_ray/tasks/functions.py) as executive problems, judged by
`SandboxPool.run_tests`, and two-part problems for the hierarchical planner.

The first `public_tests` baseline tests are shown in the prompt and run by `test`; the full
judgement runs all of them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from golf_ray.recipes.agent.problems import Check, Problem
from golf_ray.tasks.functions import FunctionProblem, load_humaneval, load_problems
from golf_ray.testrun import TestJob, TestVerdict

SYSTEM = "You are an expert Python programmer who writes correct, short code."


def check_from_tests(verdict: TestVerdict, tests: list[str]) -> Check:
    """A per-test verdict as a `Check`; an assertion failure is a wrong output."""
    passed = sum(verdict.passed)
    first = verdict.first_failure()
    error, feedback = None, ""
    if verdict.error:
        error = verdict.error.split(":", 1)[0]
        feedback = f"The program failed before any test ran: {verdict.error}"
    elif first is not None:
        message = verdict.errors[first] or ""
        kind = message.split(":", 1)[0]
        error = "wrong_output" if "AssertionError" in message else kind
        feedback = f"This test failed:\n{tests[first]}\nError: {message}"
    return Check(passed, len(tests), error, feedback, 0.0, 0)


@dataclass
class FunctionTask(Problem):
    """An executive problem over a `FunctionProblem`."""

    problem: FunctionProblem
    public_tests: int = 3
    timeout_s: float = 5.0
    prelude: str = ""  # code already written (a planner's earlier parts), run before the program
    kind: str = "function"
    id: str = field(init=False)

    def __post_init__(self) -> None:
        self.id = self.problem.id

    @property
    def public(self) -> list[str]:
        return self.problem.baseline_tests[: max(self.public_tests, 1)]

    def messages(self, context: str = "") -> list[dict[str, str]]:
        p = self.problem
        user = [
            f"Write the Python function `{p.entry_point}`.",
            p.description,
            f"Signature:\n```python\n{p.function_signature}\n```",
            "It must pass these tests:\n" + "\n".join(self.public),
            "Answer with the complete code (imports and helpers included) in one ```python "
            "code block.",
        ]
        if self.prelude:
            user.insert(
                3, f"These are already defined and can be called:\n```python\n{self.prelude}\n```"
            )
        if context:
            user.append(f"Possibly useful context:\n{context}")
        return [
            {"role": "system", "content": SYSTEM},
            {"role": "user", "content": "\n\n".join(u for u in user if u)},
        ]

    def judge(self, code: str, sandbox: Any, full: bool = False) -> Check:
        tests = list(self.problem.baseline_tests) if full else self.public
        source = f"{self.prelude}\n\n{code}" if self.prelude else code
        [verdict] = sandbox.run_tests([TestJob(self.id, source, tests, self.timeout_s)])
        check = check_from_tests(verdict, tests)
        check.nbytes = len(code.encode())
        return check

    def search_text(self) -> str:
        return f"{self.problem.description} {' '.join(self.problem.tags)}"


@dataclass
class ComposedProblem:
    """A problem with a declared decomposition: parts with their own checks (helpers first,
    the entry point last). The planner asks the model for a plan and falls back to these."""

    whole: FunctionProblem
    parts: list[FunctionProblem]


def two_part_problems() -> list[ComposedProblem]:
    """Small two-part problems: a helper with its own tests, and the function that uses it."""
    is_prime = FunctionProblem(
        "is_prime",
        "Return True if n is a prime number, else False.",
        "def is_prime(n: int) -> bool:",
        [
            "assert is_prime(2)",
            "assert not is_prime(1)",
            "assert is_prime(13)",
            "assert not is_prime(15)",
        ],
        "def is_prime(n):\n    return n > 1 and all(n % d for d in range(2, int(n**0.5) + 1))\n",
    )
    count_primes = FunctionProblem(
        "count_primes",
        "Return how many prime numbers are <= n (use is_prime).",
        "def count_primes(n: int) -> int:",
        [
            "assert count_primes(10) == 4",
            "assert count_primes(1) == 0",
            "assert count_primes(2) == 1",
            "assert count_primes(30) == 10",
        ],
        "def count_primes(n):\n    return sum(is_prime(k) for k in range(n + 1))\n",
    )
    whole = FunctionProblem(
        "count_primes_two_part",
        "Return how many prime numbers are <= n. Write a helper is_prime(n) first.",
        "def is_prime(n: int) -> bool:\n\n\ndef count_primes(n: int) -> int:",
        count_primes.baseline_tests + ["assert count_primes(100) == 25"],
        is_prime.reference_solution + "\n\n" + count_primes.reference_solution,
        entry_point="count_primes",
    )
    is_palindrome = FunctionProblem(
        "is_palindrome",
        "Return True if the string reads the same backwards.",
        "def is_palindrome(s: str) -> bool:",
        [
            "assert is_palindrome('aba')",
            "assert not is_palindrome('ab')",
            "assert is_palindrome('')",
        ],
        "def is_palindrome(s):\n    return s == s[::-1]\n",
    )
    longest = FunctionProblem(
        "longest_palindrome_word",
        "Return the longest palindromic word of a sentence ('' if "
        "none), the first one on ties (use is_palindrome).",
        "def longest_palindrome_word(text: str) -> str:",
        [
            "assert longest_palindrome_word('a racecar level') == 'racecar'",
            "assert longest_palindrome_word('ab cd') == ''",
        ],
        "def longest_palindrome_word(text):\n    words = [w for w in text.split() if len(w) > 1"
        " and is_palindrome(w)]\n    return max(words, key=len, default='')\n",
    )
    whole2 = FunctionProblem(
        "longest_palindrome_two_part",
        "Return the longest palindromic word (longer than one letter) of a sentence, '' if none."
        " Write a helper is_palindrome(s) first.",
        "def is_palindrome(s: str) -> bool:\n\n\ndef longest_palindrome_word(text: str) -> str:",
        longest.baseline_tests + ["assert longest_palindrome_word('noon x') == 'noon'"],
        is_palindrome.reference_solution + "\n\n" + longest.reference_solution,
        entry_point="longest_palindrome_word",
    )
    return [
        ComposedProblem(whole, [is_prime, count_primes]),
        ComposedProblem(whole2, [is_palindrome, longest]),
    ]


def load_function_problems(path: str | None, public_tests: int = 3) -> list[FunctionTask]:
    """A problems JSON file, or HumanEval when no path is given."""
    problems = load_problems(path) if path else load_humaneval()
    return [FunctionTask(p, public_tests) for p in problems]
