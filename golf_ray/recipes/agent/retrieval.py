"""The `search` action's retrieval: similar solved problems from the solution database, and
standard-library documentation (`pydoc`) for the functions a failing program or its error names.
"""

from __future__ import annotations

import ast
import builtins
import importlib
import pydoc
import re
from collections.abc import Mapping

from golf_ray.solutions import SolutionDB

# Modules whose docs may be looked up: importing them has no side effects (unlike `this` or
# `antigravity`), and they are what short programs use.
DOC_MODULES = frozenset(
    {
        "itertools",
        "functools",
        "collections",
        "math",
        "re",
        "operator",
        "copy",
        "heapq",
        "bisect",
        "statistics",
        "string",
        "json",
        "fractions",
        "array",
        "textwrap",
        "typing",
    }
)
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*")


def _tokens(text: str) -> set[str]:
    return set(re.findall(r"\w+", text.lower()))


def similarity(a: str, b: str) -> float:
    """Jaccard similarity of the word sets of two texts."""
    ta, tb = _tokens(a), _tokens(b)
    return len(ta & tb) / len(ta | tb) if ta | tb else 0.0


def similar_solutions(
    db: SolutionDB, problem_id: str, problem_text: str, library: Mapping[str, str], k: int = 2
) -> list[tuple[str, str, float]]:
    """Up to `k` (problem id, correct program, similarity) of *other* solved problems, the most
    similar first (by `library[id]`, each problem's search text); shorter programs break ties."""
    solved = [s for t, s in db.best_all().items() if s.correct and t != problem_id]
    ranked = sorted(
        (
            (s.task_id, s.source, similarity(problem_text, library.get(s.task_id, "")))
            for s in solved
        ),
        key=lambda x: (-x[2], len(x[1]), x[0]),
    )
    return ranked[:k]


def names_to_document(code: str | None, message: str = "", limit: int = 4) -> list[str]:
    """Dotted names of stdlib functions/types used by `code` or named in an error `message`,
    in order of appearance: `itertools.product`, `zip`, ..."""
    found: list[str] = []

    def add(name: str) -> None:
        if name not in found and _resolve(name) is not None:
            found.append(name)

    if code:
        try:
            tree = ast.parse(code)
        except (SyntaxError, ValueError):
            tree = None
        if tree is not None:
            aliases: dict[str, str] = {}
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    for a in node.names:
                        aliases[a.asname or a.name] = a.name
                elif isinstance(node, ast.ImportFrom) and node.module:
                    for a in node.names:
                        aliases[a.asname or a.name] = f"{node.module}.{a.name}"
            for node in ast.walk(tree):
                if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                    base = aliases.get(node.value.id)
                    if base:
                        add(f"{base}.{node.attr}")
                elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                    add(aliases.get(node.func.id, node.func.id))
    for word in _WORD.findall(message or ""):
        add(word)
    return found[:limit]


def _resolve(name: str):
    head, _, rest = name.partition(".")
    if not rest:
        obj = getattr(builtins, name, None)
        # builtin functions and types, not constants or exceptions' noise
        return obj if callable(obj) and not name.startswith("_") else None
    if head not in DOC_MODULES:
        return None
    try:
        obj = importlib.import_module(head)
    except ImportError:
        return None
    for part in rest.split("."):
        obj = getattr(obj, part, None)
        if obj is None:
            return None
    return obj


def stdlib_docs(code: str | None, message: str = "", max_chars: int = 1200) -> str:
    """Plain-text pydoc of what `names_to_document` finds, each entry cut to its share."""
    names = names_to_document(code, message)
    if not names:
        return ""
    share = max_chars // len(names)
    parts = []
    for name in names:
        text = pydoc.render_doc(_resolve(name), title="%s", renderer=pydoc.plaintext)
        parts.append(f"pydoc {name}:\n{text.strip()[:share]}")
    return "\n\n".join(parts)
