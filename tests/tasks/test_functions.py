"""Function problems: the JSON format and its one-line errors, HumanEval converted and judged in
real sandboxes (all 164 canonical solutions pass, a corrupted copy of each fails), the `tests` job
kind's isolation (one hanging or crashing test hides no other result), and the reasoning stages
as data."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from golf_ray.actors.sandbox import SandboxActor, SandboxPool, TestJob
from golf_ray.cli import main
from golf_ray.config import ConfigError
from golf_ray.tasks.functions import (
    FunctionProblem,
    ProblemFormatError,
    entry_point_of,
    load_humaneval,
    load_problems,
    save_problems,
    split_tests,
)
from golf_ray.tasks.stages import (
    CODE_FENCE,
    chain_for,
    extract_code,
    load_stages,
    render,
    stage_prompt,
    stage_text,
)
from golf_ray.verify import Limits

GOOD = {
    "id": "add",
    "description": "Add two numbers.",
    "function_signature": "def add(a: int, b: int) -> int:",
    "baseline_tests": ["assert add(1, 2) == 3", "assert add(-1, 1) == 0"],
    "reference_solution": "def add(a, b):\n    return a + b\n",
    "difficulty": "easy",
    "tags": ["math"],
}

# A corrupted copy: the canonical algorithm runs, then its answer is nudged.
CORRUPT = """
_original = {entry}
def _corrupt(value):
    if isinstance(value, bool):
        return not value
    if isinstance(value, (int, float)):
        return value + 1
    if isinstance(value, str):
        return value + "?"
    if isinstance(value, (list, tuple)):
        return type(value)([*value, None])
    return "corrupted"
def {entry}(*args, **kwargs):
    return _corrupt(_original(*args, **kwargs))
"""


def entry_only(problem: FunctionProblem) -> str:
    """The reference's entry function from its `def` line on (no imports, no helpers)."""
    lines = problem.reference_solution.splitlines()
    start = max(i for i, line in enumerate(lines) if line.startswith(f"def {problem.entry_point}("))
    return "\n".join(lines[start:])


def write(tmp_path: Path, data: object, name: str = "problems.json") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return path


def test_problem_file_round_trip(tmp_path: Path) -> None:
    minimal = {k: GOOD[k] for k in ("id", "description", "function_signature", "baseline_tests")}
    problems = load_problems(write(tmp_path, {"problems": [GOOD, {**minimal, "id": "b"}]}))
    assert [p.id for p in problems] == ["add", "b"]
    assert problems[0].entry_point == "add" and problems[0].tags == ["math"]
    assert problems[1].reference_solution is None and problems[1].difficulty is None
    save_problems(problems, tmp_path / "again.json")
    assert load_problems(tmp_path / "again.json") == problems


def _set(path: str, value: object):
    def mutate(data: dict) -> None:
        target = data["problems"][0]
        *parents, last = path.split(".")
        for key in parents:
            target = target[int(key)] if isinstance(target, list) else target[key]
        if value is KeyError:
            del target[last]
        else:
            target[last] = value

    return mutate


@pytest.mark.parametrize(
    ("mutate", "expected"),
    [
        (_set("description", KeyError), "problems[0].description: missing"),
        (_set("description", 3), "problems[0].description: must be a non-empty string"),
        (_set("baseline_tests", "assert 1"), "problems[0].baseline_tests: must be a list"),
        (_set("baseline_tests", ["assert 1", 7]), "problems[0].baseline_tests[1]: must be a str"),
        (_set("baseline_tests", ["assert add(1,"]), "problems[0].baseline_tests[0]: not valid"),
        (_set("colour", "red"), "problems[0].colour: unknown field"),
        (_set("function_signature", "add(a, b)"), "problems[0].function_signature: no 'def NAME("),
        (_set("difficulty", True), "problems[0].difficulty: must be a string, a number or null"),
        (_set("tags", [1]), "problems[0].tags[0]: must be a string"),
        (lambda d: d["problems"].append(dict(GOOD)), "problems[1].id: duplicate id 'add'"),
        (lambda d: d.update(extra=1), "unknown top-level key 'extra'"),
    ],
)
def test_bad_problem_files_fail_in_one_line_naming_file_and_field(
    tmp_path: Path, mutate, expected: str
) -> None:
    data = {"problems": [copy.deepcopy(GOOD)]}
    mutate(data)
    path = write(tmp_path, data)
    with pytest.raises(ProblemFormatError) as err:
        load_problems(path)
    message = str(err.value)
    assert message.startswith(f"{path}: ") and expected in message and "\n" not in message


def test_unreadable_problem_files(tmp_path: Path, capsys) -> None:
    bad = write(tmp_path, '{"problems": [}')
    with pytest.raises(ProblemFormatError, match=r"invalid JSON \(line 1, column 15\)"):
        load_problems(bad)
    with pytest.raises(ProblemFormatError, match="must be an object with a 'problems' list"):
        load_problems(write(tmp_path, [GOOD], "list.json"))
    # Through the CLI: the file is checked before any model loads; exit 2, one line.
    code = main(["solve", "--model", "tiny", "--batch", "--problems-file", str(bad)])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith(f"golf-ray: error: {bad}: invalid JSON")


def test_split_tests_and_entry_points() -> None:
    assert split_tests("assert f(1) == 2; assert f('a;b') == 3;") == [
        "assert f(1) == 2",
        "assert f('a;b') == 3",
    ]
    assert split_tests("") == []
    assert entry_point_of("def helper(x):\n    return x\n\n\ndef main(a):") == "main"
    assert entry_point_of("lambda: 1") is None


# --------------------------------------------------------------------------- HumanEval


@pytest.fixture(scope="module")
def humaneval() -> list[FunctionProblem]:
    return load_humaneval()


def test_humaneval_is_converted_to_the_problem_model(humaneval) -> None:
    assert len(humaneval) == 164 and len({p.id for p in humaneval}) == 164
    assert humaneval[0].id == "HumanEval/0" and humaneval[0].entry_point == "has_close_elements"
    for p in humaneval:
        assert p.baseline_tests and p.description and p.reference_solution
        assert f"def {p.entry_point}(" in p.function_signature
        assert all(t.startswith(f"candidate = {p.entry_point}\n") for t in p.baseline_tests)
    # Helpers the prompt defines are part of the signature the model sees (HumanEval/10), and
    # run before the model's function (as do the imports its annotations need).
    assert "def is_palindrome(" in humaneval[10].function_signature
    assert "def is_palindrome(" in humaneval[10].preamble
    assert humaneval[0].preamble == "from typing import List"
    assert humaneval[0].program("def f(): pass").startswith("from typing import List\n")
    plain = FunctionProblem("p", "d", "def add(a, b):", [])
    assert plain.preamble == "" and plain.program("x = 1") == "x = 1"
    assert sum(len(p.baseline_tests) for p in humaneval) > 1000  # one test per assert


@pytest.mark.slow
def test_all_humaneval_canonical_solutions_pass_and_corrupted_copies_fail(
    ray_session, humaneval
) -> None:
    pool = SandboxPool(
        num_actors=2, backend="process", num_cpus_per_actor=0, name_prefix="test-humaneval"
    )
    try:
        jobs = [TestJob(p.id, p.reference_solution, p.baseline_tests, 10.0) for p in humaneval]
        jobs += [
            TestJob(
                f"{p.id}/corrupted",
                p.reference_solution + CORRUPT.format(entry=p.entry_point),
                p.baseline_tests,
                10.0,
            )
            for p in humaneval
        ]
        # What a model writes: the entry function alone, made runnable with the preamble.
        jobs += [
            TestJob(f"{p.id}/entry", p.program(entry_only(p)), p.baseline_tests, 10.0)
            for p in humaneval
        ]
        verdicts = pool.run_tests(jobs)
    finally:
        pool.close()
    canonical, corrupted, entry = verdicts[:164], verdicts[164:328], verdicts[328:]
    assert [v.key for v in entry if not v.all_passed] == []
    assert [v.key for v in canonical] == [p.id for p in humaneval]
    assert [(v.key, v.error, v.errors) for v in canonical if not v.all_passed] == []
    assert [v.key for v in corrupted if v.all_passed] == []
    # Corrupted copies run (no program-level error) and fail on their tests.
    assert all(v.error is None and not all(v.passed) for v in corrupted)


# --------------------------------------------------------------------------- the tests job kind


@pytest.fixture(scope="module")
def sandbox():
    # A plain object here (not a Ray actor): its worker runs as a local process.
    actor = SandboxActor("process", Limits(), image="", memory_mb=1024, cpus=1.0, pids_limit=64)
    yield actor
    actor.close()


def test_each_test_is_isolated(sandbox) -> None:
    source = "def f(x):\n    return 2 * x\n"
    tests = [
        "assert f(1) == 2",
        "assert f(2) == 5, 'two'",
        "while True: pass",  # hangs: its child is killed; the tests after it still run
        "x = 1\nassert f(3) == 6",
        "assert 'x' not in globals()",  # the previous test's assignment did not leak
        "import os; os._exit(3)",  # crashes its child
        "f = None",
        "assert f(4) == 8",  # the rebinding above did not leak either
        "assert g(1)",
    ]
    v = sandbox.run_tests(TestJob("iso", source, tests, timeout_s=1.0))
    assert v.passed == [True, False, False, True, True, False, True, True, False]
    assert v.error is None and v.errors[0] is None
    assert v.errors[1] == "exception: AssertionError('two')"
    assert v.errors[2].startswith("timeout") and v.errors[5] == "crash: exited with code 3"
    assert v.errors[8].startswith("exception: NameError(")
    assert v.pass_rate == pytest.approx(5 / 9) and v.first_failure() == 1
    assert sandbox.run_tests(TestJob("none", source, [], 1.0)).passed == []


def test_hostile_tests_are_contained_like_programs(sandbox, tmp_path: Path) -> None:
    """Tests run in the same confined child as the program: no host writes, no network, no
    fork; each attempt fails on its own and the tests after it still pass."""
    import socket

    target = tmp_path / "pwned"
    tmp_path.chmod(0o777)  # writable for the sandbox's uid too: only the sandbox stops it
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0.5)
    port = listener.getsockname()[1]
    tests = [
        f"open({str(target)!r}, 'w').write('x')",
        f"import socket; socket.create_connection(('127.0.0.1', {port}), timeout=1)",
        "import os; os.fork()",
        "assert f() == 1",
    ]
    try:
        v = sandbox.run_tests(TestJob("hostile", "def f():\n    return 1\n", tests, 2.0))
        with pytest.raises(TimeoutError):
            listener.accept()
    finally:
        listener.close()
    assert v.passed == [False, False, False, True] and v.error is None
    assert not target.exists()


@pytest.mark.parametrize(
    ("source", "error"),
    [
        ("def f(x):\n  return x +", "syntax: SyntaxError"),
        ("raise ValueError('boom')", "exception: ValueError: boom"),
        ("while True: pass", "timeout: "),
    ],
)
def test_program_level_errors_fail_every_test(sandbox, source: str, error: str) -> None:
    v = sandbox.run_tests(TestJob("bad", source, ["assert True", "assert 1"], timeout_s=1.0))
    assert v.passed == [False, False] and v.error.startswith(error)
    assert v.errors == [v.error, v.error] and v.pass_rate == 0.0


# --------------------------------------------------------------------------- stages as data


def test_stages_are_data() -> None:
    stages = load_stages(None)
    assert [s.name for s in stages] == [
        "informal",
        "structured",
        "pseudocode",
        "constraints",
        "code",
    ]
    extra = [{"name": "examples", "title": "Worked examples", "instruction": "Work two."}]
    six = load_stages([*extra, *[vars(s) for s in stages]])
    assert len(six) == 6 and chain_for(six, 0) == [0, 5] and chain_for(six, 5) == list(range(6))
    code_only = load_stages([vars(stages[-1])])
    assert chain_for(code_only, 0) == [0]
    bad = [
        ([vars(stages[-1]), vars(stages[0])], r"stages\[0\]\.code: exactly the last stage"),
        ([vars(stages[0])], r"stages\[0\]\.code: exactly the last stage"),
        ([vars(stages[0]), vars(stages[0]), vars(stages[-1])], r"stages\[1\]\.name: duplicate"),
        (
            [{"name": "x", "title": "X", "instructions": "?", "code": True}],
            r"unknown key 'stages\[0\]\.instructions' \(did you mean 'stages\[0\]\.instruction'",
        ),
        ([], "non-empty list"),
    ]
    for raw, pattern in bad:
        with pytest.raises(ConfigError, match=pattern):
            load_stages(raw)


def test_each_stage_feeds_the_next() -> None:
    stages = load_stages(None)
    problem = FunctionProblem(**{k: GOOD[k] for k in GOOD})
    first = stage_prompt(problem, stages[0], [])
    assert "Add two numbers." in first and first.endswith("### Informal reasoning\n")
    outputs = [(stages[0], "add them"), (stages[1], "1. a+b")]
    third = stage_prompt(problem, stages[2], outputs)
    assert third.index("add them") < third.index("1. a+b") < third.index("### Pseudocode")
    code = stage_prompt(problem, stages[4], outputs, feedback="the test `assert add(1, 2) == 3`")
    assert code.endswith(CODE_FENCE) and "Your previous code failed" in code
    assert stage_text("1. add\n\n###") == "1. add"  # the stop header is not part of it
    answer = "def add(a, b):\n    return a + b\n```\nmore text"
    assert extract_code(answer) == "def add(a, b):\n    return a + b"
    chain = [*outputs, (stages[4], answer)]
    assert render(chain, no_reasoning=True) == "def add(a, b):\n    return a + b"
    full = render(chain)
    assert "### Informal reasoning\nadd them" in full and full.endswith("return a + b\n```")
