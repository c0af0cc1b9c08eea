"""No import cycles among the project's modules, counting imports inside functions too: a cycle
hidden by a lazy import still ties two modules into one, and breaks once someone hoists it."""

from __future__ import annotations

import ast
from pathlib import Path

import golf_ray

REPO = Path(__file__).resolve().parent.parent
# folder -> the module name it installs as
PACKAGES = {"golf_ray": "golf_ray"} | {f: f"golf_ray.{f}" for f in golf_ray.SIBLINGS}


def project_modules() -> dict[str, Path]:
    modules = {}
    for folder, package in PACKAGES.items():
        for path in sorted((REPO / folder).rglob("*.py")):
            parts = path.relative_to(REPO / folder).with_suffix("").parts
            name = ".".join([package, *(p for p in parts if p != "__init__")])
            modules[name] = path
    return modules


def _imported(node: ast.Import | ast.ImportFrom, module: str, is_package: bool) -> list[str]:
    """Module names an import statement may load (for `from m import x`: m.x, else m)."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    base = node.module or ""
    if node.level:
        parts = module.split(".")[: len(module.split(".")) - node.level + is_package]
        base = ".".join([*parts, base] if base else parts)
    return [base, *(f"{base}.{a.name}" for a in node.names)]


def import_graph() -> dict[str, dict[str, int]]:
    """module -> {module it imports: line of the first such import}."""
    modules = project_modules()
    graph: dict[str, dict[str, int]] = {}
    for name, path in modules.items():
        edges: dict[str, int] = {}
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if not isinstance(node, ast.Import | ast.ImportFrom):
                continue
            for target in _imported(node, name, path.name == "__init__.py"):
                if target not in modules:
                    continue
                # importing a.b.c runs a.b's __init__ too, unless `name` lives inside a.b
                parts = target.split(".")
                for i in range(2, len(parts) + 1):
                    loaded = ".".join(parts[:i])
                    if loaded in modules and not name.startswith(loaded + "."):
                        edges.setdefault(loaded, node.lineno)
        edges.pop(name, None)
        graph[name] = edges
    return graph


def find_cycle(graph: dict[str, dict[str, int]]) -> list[str] | None:
    """One cycle as [a, b, ..., a], or None (depth-first search, colouring nodes)."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return path[path.index(nxt) :] + [nxt]
            if nxt not in state and (cycle := visit(nxt)):
                return cycle
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (cycle := visit(node)):
            return cycle
    return None


def test_graph_sees_every_kind_of_import() -> None:
    graph = import_graph()
    # module-level, function-level (lazy), relative-free `from pkg import module` forms
    assert "golf_ray.tasks.synthetic" in graph["golf_ray.tasks.golf"]
    assert "golf_ray.actors.sandbox" in graph["golf_ray.recipes.sft"]  # imported inside run_sft
    assert (
        "golf_ray.learner.checkpoint" in graph["golf_ray.recipes.sft"]
    )  # `from golf_ray.learner import`
    assert "golf_ray.tasks" in graph["golf_ray.prompts"]  # a package's __init__ runs first


def test_find_cycle_names_the_cycle() -> None:
    graph = {"a": {"b": 1}, "b": {"c": 3}, "c": {"a": 7}, "d": {"a": 1}}
    assert find_cycle(graph) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b": 1}, "b": {}}) is None


def test_no_import_cycles() -> None:
    graph = import_graph()
    cycle = find_cycle(graph)
    if cycle:
        modules = project_modules()
        steps = [
            f"{a} ({modules[a].relative_to(REPO)}:{graph[a][b]}) imports {b}"
            for a, b in zip(cycle, cycle[1:], strict=False)
        ]
        raise AssertionError("import cycle: " + " -> ".join(cycle) + "\n  " + "\n  ".join(steps))
