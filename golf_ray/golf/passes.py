"""Mechanical golf: source-to-source passes that keep a program's behaviour and cut its bytes.

Each pass is a pure function `str -> str`. The passes assume what RE-ARC's DSL and most golf
programs satisfy (functions without side effects, module-level constants never rebound), which is
not always true of a program, so a pass's output is only a *candidate*: the pipeline keeps it
only after the sandbox judged it correct on every example. A pass that cannot apply returns its
input unchanged; one that would write invalid Python raises `SyntaxError`.
"""

from __future__ import annotations

import ast
from collections import Counter
from collections.abc import Callable

import python_minifier

ENTRY = "p"
_SCOPES = (ast.Lambda, ast.GeneratorExp, ast.ListComp, ast.SetComp, ast.DictComp)


def _stores(tree: ast.AST) -> Counter[str]:
    counts: Counter[str] = Counter()
    for n in ast.walk(tree):
        if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load):
            counts[n.id] += 1
        elif isinstance(n, ast.arg):
            counts[n.arg] += 1
        elif isinstance(n, ast.FunctionDef | ast.ClassDef):
            counts[n.name] += 1
        elif isinstance(n, ast.Global | ast.Nonlocal):
            counts.update({name: 2 for name in n.names})  # rebindable from anywhere
    return counts


def _loads(tree: ast.AST) -> Counter[str]:
    return Counter(
        n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)
    )


def _literal(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant):
        return True
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
        return _literal(node.operand)
    return isinstance(node, ast.Tuple) and all(_literal(e) for e in node.elts)


class _Replace(ast.NodeTransformer):
    def __init__(self, values: dict[str, ast.AST]):
        self.values = values

    def visit_Name(self, node: ast.Name) -> ast.AST:
        if isinstance(node.ctx, ast.Load) and node.id in self.values:
            # A fresh tree per use (not deepcopy: python-minifier's imports make that walk far).
            return ast.parse(ast.unparse(self.values[node.id]), mode="eval").body
        return node


def fold_constants(source: str) -> str:
    """Module-level `NAME = literal`, bound once: every use becomes the literal."""
    tree = ast.parse(source)
    stores = _stores(tree)
    values = {}
    for node in tree.body:
        if (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
            and node.targets[0].id != ENTRY
            and stores[node.targets[0].id] == 1
            and _literal(node.value)
        ):
            values[node.targets[0].id] = node.value
    if not values:
        return source
    tree.body = [
        n
        for n in tree.body
        if not (isinstance(n, ast.Assign) and getattr(n.targets[0], "id", None) in values)
    ]
    return ast.unparse(_Replace(values).visit(tree))


def bools_as_ints(source: str) -> str:
    """`True`/`False` as `1`/`0`: equal in arithmetic, indexing and the checker's JSON rule."""
    tree = ast.parse(source)

    class _Bools(ast.NodeTransformer):
        def visit_Constant(self, node: ast.Constant) -> ast.AST:
            if node.value is True or node.value is False:
                return ast.copy_location(ast.Constant(int(node.value)), node)
            return node

    return ast.unparse(_Bools().visit(tree))


def drop_unused(source: str) -> str:
    """Module-level functions and constants that nothing reads (the entry `p` stays)."""
    tree = ast.parse(source)
    while True:
        loads = _loads(tree)
        keep = []
        for node in tree.body:
            name = _defined_name(node)
            if name is not None and name != ENTRY and not loads[name]:
                continue
            keep.append(node)
        if len(keep) == len(tree.body):
            return ast.unparse(tree)
        tree.body = keep


def _defined_name(node: ast.stmt) -> str | None:
    """The one name a side-effect-free module-level statement defines, else None."""
    if isinstance(node, ast.FunctionDef) and not node.decorator_list:
        return node.name
    if isinstance(node, ast.Assign) and len(node.targets) == 1:
        target = node.targets[0]
        pure = not any(isinstance(n, ast.Call | ast.Await | ast.Yield) for n in ast.walk(node))
        if isinstance(target, ast.Name) and pure:
            return target.id
    return None


def inline_single_use(source: str) -> str:
    """In straight-line function bodies, `x = e` whose `x` is read once later (not inside a
    lambda or comprehension, which could evaluate it many times) is substituted into its use."""
    tree = ast.parse(source)
    for fn in ast.walk(tree):
        if isinstance(fn, ast.FunctionDef):
            while _inline_once(fn):
                pass
    return ast.unparse(tree)


def _inline_once(fn: ast.FunctionDef) -> bool:
    body = fn.body
    if not all(isinstance(s, ast.Assign | ast.Return | ast.Expr) for s in body):
        return False
    stores, loads = _stores(fn), _loads(fn)
    for i, stmt in enumerate(body):
        if not (
            isinstance(stmt, ast.Assign)
            and len(stmt.targets) == 1
            and isinstance(stmt.targets[0], ast.Name)
        ):
            continue
        name = stmt.targets[0].id
        if stores[name] != 1 or loads[name] != 1:
            continue
        reads = _loads(stmt.value)
        for j in range(i + 1, len(body)):
            use = body[j]
            if not _loads(use)[name]:
                if set(_stores(use)) & (set(reads) | {name}):
                    break  # something it reads is rebound before the use
                continue
            if _inside_scope(use, name) or set(_stores(use)) & set(reads):
                break
            body[j] = _Replace({name: stmt.value}).visit(use)
            del body[i]
            return True
    return False


def _inside_scope(node: ast.AST, name: str) -> bool:
    for scope in ast.walk(node):
        if isinstance(scope, _SCOPES) and _loads(scope)[name]:
            return True
    return False


def defs_to_lambdas(source: str) -> str:
    """`def f(a): return e` becomes `f = lambda a: e` (5 bytes less each)."""
    tree = ast.parse(source)
    for i, node in enumerate(tree.body):
        if (
            isinstance(node, ast.FunctionDef)
            and not node.decorator_list
            and len(node.body) == 1
            and isinstance(node.body[0], ast.Return)
            and node.body[0].value is not None
        ):
            lam = ast.Lambda(args=node.args, body=node.body[0].value)
            assign = ast.Assign(targets=[ast.Name(node.name, ast.Store())], value=lam)
            tree.body[i] = ast.copy_location(assign, node)
    return ast.unparse(ast.fix_missing_locations(tree))


def minify(source: str) -> str:
    """python-minifier with every global renamed except the entry `p`."""
    return python_minifier.minify(
        source,
        remove_literal_statements=True,
        rename_globals=True,
        preserve_globals=[ENTRY],
        remove_asserts=False,
        remove_debug=False,
    )


# The ladder: each candidate applies one more pass than the last, so when the most aggressive
# one is judged wrong the pipeline falls back one rung at a time.
LADDER: list[tuple[str, list[Callable[[str], str]]]] = [
    ("minify", [minify]),
    ("tidy", [drop_unused, fold_constants, inline_single_use, defs_to_lambdas, minify]),
    (
        "ints",
        [drop_unused, fold_constants, bools_as_ints, inline_single_use, defs_to_lambdas, minify],
    ),
]


def candidates(source: str) -> dict[str, str]:
    """Every rung of the ladder that applies, by name; a pass that fails drops only its rung."""
    out = {}
    for name, passes in LADDER:
        text = source
        try:
            for golf_pass in passes:
                text = golf_pass(text)
            compile(text, "<candidate>", "exec", dont_inherit=True)
        except (SyntaxError, ValueError, RecursionError):
            continue
        out[name] = text
    return out
