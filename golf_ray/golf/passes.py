"""Mechanical golf: source-to-source passes that keep a program's behaviour and cut its bytes.

Each pass is a pure function `str -> str`. The passes assume what RE-ARC's DSL and most golf
programs satisfy (functions without side effects, module-level constants never rebound), which is
not always true of a program, so a pass's output is only a *candidate*: the pipeline keeps it
only after the sandbox judged it correct on every example. A pass that cannot apply returns its
input unchanged; one that would write invalid Python raises `SyntaxError`.
"""

from __future__ import annotations

import ast
import builtins
import warnings
from collections import Counter
from collections.abc import Callable, Iterable

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
    return _in_each_function(source, _inline_once)


def _in_each_function(source: str, step: Callable[[ast.FunctionDef], bool]) -> str:
    """`step` applied to every function until it reports no change."""
    tree = ast.parse(source)
    for fn in ast.walk(tree):
        if isinstance(fn, ast.FunctionDef):
            while step(fn):
                pass
    return ast.unparse(tree)


def _inline_once(fn: ast.FunctionDef) -> bool:
    body = fn.body
    if not all(isinstance(s, ast.Assign | ast.Return | ast.Expr) for s in body):
        return False
    stores, loads = _stores(fn), _loads(fn)
    iterators = _iterators(fn)
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
        # An iterator is used up as it is read: what reads one must stay in its place among
        # the other readers (`x = next(it)` moved past `max(it)` reads another item).
        consumed = set(reads) & iterators
        for j in range(i + 1, len(body)):
            use = body[j]
            if set(_loads(use)) & consumed:
                break
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


_ITERATOR_CALLS = {"iter", "map", "filter", "zip", "enumerate", "reversed"}


def _iterators(fn: ast.FunctionDef) -> set[str]:
    """Names `fn` sets to an iterator: a generator expression or an iterator builtin's call."""
    out = set()
    for node in ast.walk(fn):
        if isinstance(node, ast.Assign):
            value = node.value
            if isinstance(value, ast.GeneratorExp) or (
                isinstance(value, ast.Call)
                and isinstance(value.func, ast.Name)
                and value.func.id in _ITERATOR_CALLS
            ):
                out |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return out


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
    """python-minifier with every global renamed except the entry `p` (builtins used often get
    a short alias: `E=tuple`)."""
    return _minify(source, [ENTRY])


def minify_keep_builtins(source: str) -> str:
    """`minify` without builtin aliases: usually shorter once deflated, where repeats are cheap."""
    return _minify(source, [ENTRY, *dir(builtins)])


def _minify(source: str, preserve: list[str]) -> str:
    return python_minifier.minify(
        source,
        remove_literal_statements=True,
        rename_globals=True,
        preserve_globals=preserve,
        remove_asserts=False,
        remove_debug=False,
    )


# The ladder: each candidate applies one more pass than the last, so when the most aggressive
# one is judged wrong the pipeline falls back one rung at a time.
def shorten_parameters(source: str) -> str:
    """Every function's and lambda's parameters as one-letter names (python-minifier keeps
    them, since a caller could pass them by keyword): skipped for a name some call does pass by
    keyword. The same letters in every scope, so the deflate stream sees repeats."""
    tree = ast.parse(source)
    keywords = {k.arg for n in ast.walk(tree) if isinstance(n, ast.Call) for k in n.keywords}
    used = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    used |= {a.arg for a in ast.walk(tree) if isinstance(a, ast.arg)}
    used |= {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.ClassDef)}
    pool = [c for c in "abcdefghijklmnopqrstuvwxyz" if c not in used]
    _shorten(tree, pool, keywords, taken=set())
    return ast.unparse(tree)


def _shorten(node: ast.AST, pool: list[str], keywords: set[str], taken: set[str]) -> None:
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.FunctionDef | ast.Lambda):
            args = child.args
            params = [*args.posonlyargs, *args.args, *args.kwonlyargs]
            params += [a for a in (args.vararg, args.kwarg) if a is not None]
            free = [c for c in pool if c not in taken]
            renames = {}
            for param in params:
                if param.arg not in keywords and free and len(param.arg) > 1:
                    renames[param.arg] = free.pop(0)
            body = child.body if isinstance(child.body, list) else [child.body]
            if _rebinds_nonlocal(body, set(renames)):
                renames = {}
            for param in params:
                param.arg = renames.get(param.arg, param.arg)
            for stmt in body:
                _rename_free(stmt, renames)
            _shorten(child, pool, keywords, taken | set(renames.values()))
        else:
            _shorten(child, pool, keywords, taken)


def _rebinds_nonlocal(body: list[ast.AST], names: set[str]) -> bool:
    return any(
        isinstance(n, ast.Global | ast.Nonlocal) and names & set(n.names)
        for stmt in body
        for n in ast.walk(stmt)
    )


def _rename_free(node: ast.AST, renames: dict[str, str]) -> None:
    """Rename `renames`' names in `node`, stopping at scopes that bind the same name again."""
    if isinstance(node, ast.Name) and node.id in renames:
        node.id = renames[node.id]
        return
    if isinstance(node, ast.FunctionDef | ast.Lambda):
        args = node.args
        bound = {a.arg for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]}
        bound |= {a.arg for a in (args.vararg, args.kwarg) if a is not None}
        for default in [*args.defaults, *args.kw_defaults]:
            if default is not None:
                _rename_free(default, renames)
        inner = {k: v for k, v in renames.items() if k not in bound}
        for stmt in node.body if isinstance(node.body, list) else [node.body]:
            _rename_free(stmt, inner)
        return
    for child in ast.iter_child_nodes(node):
        _rename_free(child, renames)


def simplify(source: str) -> str:
    """The structural passes, repeated while they find something (each enables the others)."""
    for _ in range(8):
        before = source
        for golf_pass in (
            drop_unreachable,
            drop_dead_stores,
            specialize_arguments,
            inline_functions,
            drop_unused,
            fold_constants,
            inline_single_use,
        ):
            source = golf_pass(source)
        if source == before:
            break
    return source


LADDER: list[tuple[str, list[Callable[[str], str]]]] = [
    ("minify", [minify]),
    ("tidy", [drop_unused, fold_constants, inline_single_use, defs_to_lambdas, minify]),
    (
        "ints",
        [drop_unused, fold_constants, bools_as_ints, inline_single_use, defs_to_lambdas, minify],
    ),
    ("deep", [simplify, bools_as_ints, defs_to_lambdas, shorten_parameters, minify]),
    (
        "deep-builtins",
        [simplify, bools_as_ints, defs_to_lambdas, shorten_parameters, minify_keep_builtins],
    ),
]


def candidates(source: str, rungs: Iterable[str] | None = None) -> dict[str, str]:
    """Every rung of the ladder (or those named) that applies, by name; a pass that fails
    drops only its rung."""
    out = {}
    done: dict[tuple, str] = {(): source}  # rungs that share their first passes share the work
    for name, passes in LADDER:
        if rungs is not None and name not in rungs:
            continue
        try:
            for k in range(1, len(passes) + 1):
                if tuple(passes[:k]) not in done:
                    done[tuple(passes[:k])] = passes[k - 1](done[tuple(passes[: k - 1])])
            text = done[tuple(passes)]
            with warnings.catch_warnings():  # e.g. `0[1]` in code that never runs
                warnings.simplefilter("ignore", SyntaxWarning)
                compile(text, "<candidate>", "exec", dont_inherit=True)
        except (SyntaxError, ValueError, RecursionError):
            continue
        out[name] = text
    return out


def drop_unreachable(source: str) -> str:
    """Statements after a `return`, `raise`, `break` or `continue` in the same block."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if not isinstance(block, list):
                continue
            for i, stmt in enumerate(block):
                if isinstance(stmt, ast.Return | ast.Raise | ast.Break | ast.Continue):
                    del block[i + 1 :]
                    break
    return ast.unparse(tree)


def _pure(expr: ast.AST) -> bool:
    """No method calls (which may mutate) and nothing that suspends; calls of plain names are
    taken to be pure, as every DSL function is."""
    return not any(
        isinstance(n, ast.Await | ast.Yield | ast.YieldFrom | ast.NamedExpr)
        or (isinstance(n, ast.Call) and not isinstance(n.func, ast.Name))
        for n in ast.walk(expr)
    )


def drop_dead_stores(source: str) -> str:
    """In functions, `x = e` (or `a, b = e`) whose names are never read, when `e` is pure."""
    return _in_each_function(source, _drop_one_dead_store)


def _drop_one_dead_store(fn: ast.FunctionDef) -> bool:
    loads = _loads(fn)
    shared = {n for g in ast.walk(fn) if isinstance(g, ast.Global | ast.Nonlocal) for n in g.names}
    for owner in ast.walk(fn):
        for field in ("body", "orelse"):
            block = getattr(owner, field, None)
            if not isinstance(block, list) or len(block) < 2:
                continue  # a block never empties
            for stmt in block:
                if not (
                    isinstance(stmt, ast.Assign)
                    and all(_names_only(t) for t in stmt.targets)
                    and _pure(stmt.value)
                ):
                    continue
                names = [n for t in stmt.targets for n in _target_names(t)]
                if not any(loads[n] or n in shared for n in names):
                    block.remove(stmt)
                    return True
    return False


def _names_only(target: ast.AST) -> bool:
    if isinstance(target, ast.Name):
        return True
    return isinstance(target, ast.Tuple | ast.List) and all(_names_only(e) for e in target.elts)


def _target_names(target: ast.AST) -> list[str]:
    return [n.id for n in ast.walk(target) if isinstance(n, ast.Name)]


def _simple_functions(tree: ast.Module) -> dict[str, ast.FunctionDef]:
    """Module-level functions bound once, with plain positional parameters, whose every use
    in the module is a direct call with exactly that many positional arguments."""
    stores = _stores(tree)
    fns = {
        n.name: n
        for n in tree.body
        if isinstance(n, ast.FunctionDef)
        and n.name != ENTRY
        and not n.decorator_list
        and stores[n.name] == 1
        and not (n.args.vararg or n.args.kwarg or n.args.kwonlyargs or n.args.defaults)
        and not n.args.posonlyargs
    }
    calls: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            fn = fns.get(node.func.id)
            if fn is not None:
                if (
                    len(node.args) == len(fn.args.args)
                    and not node.keywords
                    and not any(isinstance(a, ast.Starred) for a in node.args)
                ):
                    calls.add(id(node.func))
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in fns and id(node) not in calls:
            if isinstance(node.ctx, ast.Load):
                fns.pop(node.id)
    return fns


def _calls_of(tree: ast.AST, name: str) -> list[ast.Call]:
    return [
        n
        for n in ast.walk(tree)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == name
    ]


def specialize_arguments(source: str) -> str:
    """A parameter that every call passes the same literal becomes that literal in the body;
    a parameter the body never reads is dropped; either way it leaves the def and every call."""
    tree = ast.parse(source)
    for name, fn in _simple_functions(tree).items():
        calls = _calls_of(tree, name)
        loads, stores = _loads(fn), _stores(fn)
        drop = []
        for i, arg in enumerate(fn.args.args):
            if not loads[arg.arg]:
                if all(_pure(c.args[i]) for c in calls):
                    drop.append(i)
                continue
            if not calls or stores[arg.arg] != 1:
                continue
            values = {ast.dump(c.args[i]) for c in calls}
            if len(values) == 1 and _literal(calls[0].args[i]):
                fn.body = [_Replace({arg.arg: calls[0].args[i]}).visit(s) for s in fn.body]
                drop.append(i)
        for i in reversed(drop):
            del fn.args.args[i]
            for c in calls:
                del c.args[i]
    return ast.unparse(tree)


def _bound_inside(expr: ast.AST) -> set[str]:
    """Names an expression binds for itself (lambda parameters, comprehension targets)."""
    bound = set()
    for n in ast.walk(expr):
        if isinstance(n, ast.arg):
            bound.add(n.arg)
        elif isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load):
            bound.add(n.id)
    return bound


def inline_functions(source: str) -> str:
    """`def f(a): return e` is substituted into its calls when that is shorter: a function
    called once, or whose body is no longer than a call. An argument read more than once in
    `e` must be a name or a literal (no work done twice)."""
    tree = ast.parse(source)
    fns = _simple_functions(tree)
    for name, fn in fns.items():
        if not (len(fn.body) == 1 and isinstance(fn.body[0], ast.Return) and fn.body[0].value):
            continue
        body = fn.body[0].value
        params = [a.arg for a in fn.args.args]
        calls = _calls_of(tree, name)
        if not calls or _calls_of(body, name):
            continue  # never called, or recursive
        body_text = ast.unparse(body)
        if len(calls) > 1 and len(body_text) > len(name) + 2 * len(params) + 2:
            continue
        if _can_inline(tree, body, params, calls):
            for call in reversed(calls):  # nested calls first: an outer one copies its args
                new = _Replace(dict(zip(params, call.args, strict=True))).visit(
                    ast.parse(body_text, mode="eval").body
                )
                _become(call, new)
    return ast.unparse(ast.fix_missing_locations(tree))


def _can_inline(tree: ast.Module, body: ast.expr, params: list[str], calls: list[ast.Call]) -> bool:
    loads = _loads(body)
    free, inner = set(loads) - set(params), _bound_inside(body)
    if inner & set(params):
        return False
    where = {id(c): stmt for stmt in tree.body for c in ast.walk(stmt) if isinstance(c, ast.Call)}
    for call in calls:
        if free & set(_stores(where[id(call)])):
            return False  # a global the body reads is rebound where it would land
        for param, arg in zip(params, call.args, strict=True):
            if loads[param] > 1 and not (_literal(arg) or isinstance(arg, ast.Name)):
                return False
            if not loads[param] and not _pure(arg):
                return False
            if set(_loads(arg)) & inner:
                return False  # the argument would be captured by the body's own names
    return True


def _become(old: ast.AST, new: ast.AST) -> None:
    """Turn `old` into `new` in place (parents keep their reference)."""
    old.__class__ = new.__class__
    old.__dict__.clear()
    old.__dict__.update(new.__dict__)
