"""Coverage-guided pruning: cut the branches a program never takes on its task's examples.

RE-ARC's DSL is general (`objects(grid, univalued, diagonal, without_bg)` handles every flag),
and a solver uses one path through it. `instrument` numbers every branch test (`if`, `x if c
else y`, a comprehension's `if`) and wraps it in a recorder that prints each (test, outcome) the
first time it is seen; the program runs in the sandbox on every example and its stdout is the
coverage. `prune` then keeps only the outcomes seen: an `if` always true becomes its body, always
false its `else`, never reached is dropped. Tests are assumed free of side effects (true of the
DSL), and the pruned program is only a candidate: the pipeline judges it like any other.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable

RECORDER = "_golf_ray_branch"
_PREAMBLE = f"""
def {RECORDER}(i, c, _seen=set()):
    k = 2 * i + (not c)
    if k not in _seen:
        _seen.add(k)
        print(k)
    return c
"""


def _tests(tree: ast.AST) -> list[ast.AST]:
    """Every branch point, in one fixed order: `if` statements, conditional expressions and
    comprehension conditions."""
    out: list[ast.AST] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.If | ast.IfExp):
            out.append(node)
        elif isinstance(node, ast.comprehension):
            out.extend((node, k) for k in range(len(node.ifs)))
    return out


def instrument(source: str) -> str:
    """The program with every branch test recording its outcome (see module doc)."""
    tree = ast.parse(source)
    for i, site in enumerate(_tests(tree)):
        if isinstance(site, tuple):
            comp, k = site
            comp.ifs[k] = _record(i, comp.ifs[k])
        else:
            site.test = _record(i, site.test)
    # After a docstring and `from __future__` imports, which must come first.
    at = 0
    while at < len(tree.body) and (
        isinstance(tree.body[at], ast.ImportFrom)
        and tree.body[at].module == "__future__"
        or at == 0
        and isinstance(tree.body[0], ast.Expr)
        and isinstance(tree.body[0].value, ast.Constant)
    ):
        at += 1
    tree.body[at:at] = ast.parse(_PREAMBLE).body
    return ast.unparse(ast.fix_missing_locations(tree))


def _record(i: int, test: ast.expr) -> ast.expr:
    return ast.Call(ast.Name(RECORDER, ast.Load()), [ast.Constant(i), test], [])


def parse_coverage(stdout: str) -> set[int]:
    """The recorder's lines as outcome keys (2*site for true, 2*site+1 for false); anything
    else the program printed is ignored."""
    return {int(line) for line in stdout.split() if line.isdigit()}


def prune(source: str, taken: Iterable[int]) -> str:
    """`source` with every branch outcome not in `taken` cut out."""
    taken = set(taken)
    tree = ast.parse(source)
    sites = _tests(tree)
    verdicts: dict[int, tuple[bool, bool]] = {}
    for i, site in enumerate(sites):
        yes, no = 2 * i in taken, 2 * i + 1 in taken
        if isinstance(site, tuple):
            comp, k = site
            if yes and not no:
                comp.ifs[k] = None  # always true: the condition goes
        else:
            verdicts[id(site)] = (yes, no)
    for comp in ast.walk(tree):
        if isinstance(comp, ast.comprehension):
            comp.ifs = [c for c in comp.ifs if c is not None]
    tree = _Prune(verdicts).visit(tree)
    return ast.unparse(ast.fix_missing_locations(tree))


class _Prune(ast.NodeTransformer):
    def __init__(self, verdicts: dict[int, tuple[bool, bool]]):
        self.verdicts = verdicts

    def visit_IfExp(self, node: ast.IfExp) -> ast.AST:
        yes, no = self.verdicts[id(node)]
        self.generic_visit(node)
        if yes and no:
            return node
        return node.orelse if no else node.body  # never reached: either arm will do

    def visit_If(self, node: ast.If) -> ast.AST | list[ast.stmt]:
        yes, no = self.verdicts[id(node)]
        self.generic_visit(node)
        if yes and no:
            return node
        if yes:
            return node.body
        if no:
            return node.orelse  # possibly empty; _fill_empty restores a statement if needed
        return []

    def generic_visit(self, node: ast.AST) -> ast.AST:
        super().generic_visit(node)
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if isinstance(block, list) and not block and _needs_body(node, field):
                block.append(ast.Pass())
        return node


def _needs_body(node: ast.AST, field: str) -> bool:
    return field == "body" and isinstance(
        node, ast.FunctionDef | ast.If | ast.For | ast.While | ast.With | ast.Try
    )
