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
import io
import itertools
import re
import tokenize
import warnings
from collections import Counter
from collections.abc import Callable, Iterable, Iterator

import python_minifier

ENTRY = "p"
_SCOPES = (ast.Lambda, ast.GeneratorExp, ast.ListComp, ast.SetComp, ast.DictComp)
_COMPREHENSIONS = (ast.GeneratorExp, ast.ListComp, ast.SetComp, ast.DictComp)
NESTED = (ast.FunctionDef, *_SCOPES)  # what binds names of its own


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


def _own_nodes(scope: ast.AST) -> Iterator[ast.AST]:
    """The nodes a module, function, lambda or comprehension evaluates in its own scope: nested
    scopes' insides belong to them (their defaults, and a comprehension's first iterable,
    to the scope around them)."""
    if isinstance(scope, ast.Module | ast.FunctionDef | ast.Lambda):
        todo = list(scope.body) if isinstance(scope.body, list) else [scope.body]
    else:
        g = scope.generators
        todo = [g[0].target, *g[0].ifs, *(n for c in g[1:] for n in (c.target, c.iter, *c.ifs))]
        todo += [scope.key, scope.value] if isinstance(scope, ast.DictComp) else [scope.elt]
    while todo:
        node = todo.pop()
        yield node
        if isinstance(node, ast.FunctionDef | ast.Lambda):
            a = node.args
            todo += [*node.decorator_list] if isinstance(node, ast.FunctionDef) else []
            todo += [d for d in (*a.defaults, *a.kw_defaults) if d is not None]
        elif isinstance(node, _COMPREHENSIONS):
            todo.append(node.generators[0].iter)
        else:
            todo.extend(ast.iter_child_nodes(node))


def _params(scope: ast.AST) -> set[str]:
    if not isinstance(scope, ast.FunctionDef | ast.Lambda):
        return set()
    a = scope.args
    return {p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg) if p}


def bound_in(scope: ast.AST, name: str) -> list[ast.AST] | None:
    """None when `scope`, a function, lambda or comprehension, does not bind `name` itself;
    else the values of its `name = value` statements and its `def name` (none for a parameter
    or a loop variable)."""
    found, values = name in _params(scope), []
    for node in _own_nodes(scope):
        if isinstance(node, ast.Global | ast.Nonlocal) and name in node.names:
            return None
        if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Store):
            found = True
        elif isinstance(node, ast.FunctionDef) and node.name == name:
            found = True
            values.append(node)
        elif isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == name for t in node.targets
        ):
            values.append(node.value)
    return values if found else None


def local_names(scope: ast.AST) -> set[str]:
    """The names a module, function, lambda or comprehension binds itself."""
    names, shared = _params(scope), set()
    comprehension = isinstance(scope, _COMPREHENSIONS)
    # a comprehension's own `:=` binds in the function around it, not in the comprehension
    walrus = (
        {id(n.target) for n in _own_nodes(scope) if isinstance(n, ast.NamedExpr)}
        if comprehension
        else set()
    )
    for node in _own_nodes(scope):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            if id(node) not in walrus:
                names.add(node.id)
        elif isinstance(node, ast.FunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.Global | ast.Nonlocal):
            shared |= set(node.names)
        elif isinstance(node, _COMPREHENSIONS) and not comprehension:
            names |= _walrus_targets(node)
    return names - shared


def _walrus_targets(comprehension: ast.AST) -> set[str]:
    """The names a comprehension's `:=` bind in the function around it, nested ones too."""
    names = set()
    for node in _own_nodes(comprehension):
        if isinstance(node, ast.NamedExpr):
            names.add(node.target.id)
        elif isinstance(node, _COMPREHENSIONS):
            names |= _walrus_targets(node)
    return names


def _module_stores(tree: ast.Module) -> Counter[str]:
    """How often each name is bound at module level (a `global` statement counts as many)."""
    counts: Counter[str] = Counter()
    for node in _own_nodes(tree):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            counts[node.id] += 1
        elif isinstance(node, ast.FunctionDef | ast.ClassDef):
            counts[node.name] += 1
        elif isinstance(node, ast.alias):
            counts[(node.asname or node.name).split(".")[0]] += 1
    for node in ast.walk(tree):
        if isinstance(node, ast.Global):
            counts.update({name: 2 for name in node.names})
    return counts


def _binders(tree: ast.Module) -> dict[int, ast.AST] | None:
    """The scope that binds each name, parameter and def of `tree`, by the node's id (see
    `scope_chains`); None also where a `:=` is: the passes that use this count a module's
    bindings without those a comprehension's `:=` makes."""
    if any(isinstance(n, ast.NamedExpr) for n in ast.walk(tree)):
        return None
    chains = scope_chains(tree)
    return None if chains is None else {k: chain[-1] for k, chain in chains.items()}


def scope_chains(tree: ast.Module) -> dict[int, tuple[ast.AST, ...]] | None:
    """For each name, parameter and def of `tree`, by the node's id: the scopes from the one
    it is evaluated in out to the one that binds it (the function, lambda or comprehension, else
    the module: a global, or a builtin when the module does not bind it either); None for
    what this does not follow (classes, `global`, `nonlocal`)."""
    if any(isinstance(n, ast.ClassDef | ast.Global | ast.Nonlocal) for n in ast.walk(tree)):
        return None
    out: dict[int, tuple[ast.AST, ...]] = {}

    def visit(node: ast.AST, stack: list[tuple[ast.AST, set[str]]]) -> None:
        def chain(name: str) -> tuple[ast.AST, ...]:
            scopes = [scope for scope, _ in reversed(stack)]
            for i, (_, names) in enumerate(reversed(stack)):
                if name in names:
                    return tuple(scopes[: i + 1])
            return tuple(scopes)

        if isinstance(node, ast.Name):
            out[id(node)] = chain(node.id)
            return
        if isinstance(node, ast.FunctionDef):
            out[id(node)] = chain(node.name)
        if not isinstance(node, NESTED):
            for child in ast.iter_child_nodes(node):
                visit(child, stack)
            return
        inner = [*stack, (node, local_names(node))]
        if isinstance(node, _COMPREHENSIONS):  # its first iterable is evaluated outside
            first = node.generators[0]
            visit(first.iter, stack)
            parts = [first.target, *first.ifs, *node.generators[1:]]
            parts += [node.key, node.value] if isinstance(node, ast.DictComp) else [node.elt]
        else:
            decorators = node.decorator_list if isinstance(node, ast.FunctionDef) else []
            for part in (*decorators, node.args):  # the defaults are in `args`
                visit(part, stack)
            a = node.args
            for param in (*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg):
                if param is not None:
                    out[id(param)] = (node,)
            parts = node.body if isinstance(node.body, list) else [node.body]
        for part in parts:
            visit(part, inner)

    module = [(tree, local_names(tree))]
    for statement in tree.body:
        visit(statement, module)
    return out


def module_reads(tree: ast.Module) -> dict[str, list[ast.Name]] | None:
    """Each name's reads that find its module-level binding (or the builtin), those no
    enclosing scope binds itself; None where `_binders` is."""
    binders = _binders(tree)
    return None if binders is None else _module_reads(tree, binders)


def _module_reads(tree: ast.Module, binders: dict[int, ast.AST]) -> dict[str, list[ast.Name]]:
    reads: dict[str, list[ast.Name]] = {}
    for n in ast.walk(tree):
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and binders[id(n)] is tree:
            reads.setdefault(n.id, []).append(n)
    return reads


def unique_names(source: str) -> str:
    """Every binding its own name (an `A` in one function, one in another and a global `A`
    become three names), so that code moved between scopes, as inlining does, never meets a
    name that means another thing there; the minifier makes them short again. Builtins, the
    entry `p`, imported modules and any name some call passes by keyword keep theirs."""
    tree = ast.parse(source)
    binders = _binders(tree)
    if binders is None:
        return source
    stores = _module_stores(tree)
    keywords = {k.arg for n in ast.walk(tree) if isinstance(n, ast.Call) for k in n.keywords}
    imports = {
        (a.asname or a.name).split(".")[0] for a in ast.walk(tree) if isinstance(a, ast.alias)
    }
    # python-minifier leaves names as they are where `eval` or `exec` is, so a renamed one would
    # stay long: there a name only one scope binds, and no other reads, keeps its own
    unique: set[str] = set()
    if any(isinstance(n, ast.Name) and n.id in ("eval", "exec") for n in ast.walk(tree)):
        owners: dict[str, set[int]] = {}  # the scopes that bind each name
        for node in ast.walk(tree):
            if isinstance(node, ast.Name | ast.arg | ast.FunctionDef):
                owners.setdefault(_named(node), set()).add(id(binders[id(node)]))
        unique = {name for name, scopes in owners.items() if len(scopes) == 1}
    keep = {ENTRY, *imports}  # at module level
    # every other name is renamed: only those that stay are taken
    taken = {*keep, *unique, *keywords, *dir(builtins)} | {
        n.id
        for n in ast.walk(tree)
        if isinstance(n, ast.Name) and binders[id(n)] is tree and not stores[n.id]
    }
    fresh: dict[tuple[int, str], str] = {}

    def renamed(node: ast.AST, name: str) -> str:
        scope = binders[id(node)]
        if name in keywords or name in unique:
            return name
        if scope is tree and (name in keep or not stores[name]):
            return name
        if (id(scope), name) not in fresh:
            new = f"{re.sub(r'(_[0-9]+)+$', '', name) or name}_{len(fresh)}"
            while new in taken:
                new += "_"
            taken.add(new)
            fresh[(id(scope), name)] = new
        return fresh[(id(scope), name)]

    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            node.id = renamed(node, node.id)
        elif isinstance(node, ast.arg):
            node.arg = renamed(node, node.arg)
        elif isinstance(node, ast.FunctionDef):
            node.name = renamed(node, node.name)
    return ast.unparse(tree)


def _named(node: ast.Name | ast.arg | ast.FunctionDef) -> str:
    return node.id if isinstance(node, ast.Name) else getattr(node, "arg", None) or node.name


def _fresh(expr: ast.AST) -> ast.expr:
    # not deepcopy: python-minifier's imports make that walk far
    return ast.parse(ast.unparse(expr), mode="eval").body


class _Replace(ast.NodeTransformer):
    def __init__(self, values: dict[str, ast.AST]):
        self.values = values

    def visit_Name(self, node: ast.Name) -> ast.AST:
        if isinstance(node.ctx, ast.Load) and node.id in self.values:
            return _fresh(self.values[node.id])  # a tree of its own per use
        return node


def fold_constants(source: str) -> str:
    """Module-level `NAME = literal`, bound once: every use becomes the literal; a choice on a
    constant becomes the side it takes."""
    tree = ast.parse(source)
    stores, reads = _module_stores(tree), module_reads(tree)
    values = {}
    for node in tree.body if reads is not None else []:
        if (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
            and node.targets[0].id != ENTRY
            and stores[node.targets[0].id] == 1
            and _literal(node.value)
        ):
            values[node.targets[0].id] = node.value
            for use in reads.get(node.targets[0].id, []):
                _become(use, _fresh(node.value))
    tree.body = [
        n
        for n in tree.body
        if not (isinstance(n, ast.Assign) and getattr(n.targets[0], "id", None) in values)
    ]
    return ast.unparse(ast.fix_missing_locations(_Decided().visit(tree)))


class _Decided(ast.NodeTransformer):
    """`a if True else b` as `a`, `if False: ... else: ...` as its `else`, `0 or a` as `a` (a DSL
    function's flag that the solver always passes the same way, once `specialize_arguments`
    made it a constant), `(a, 0)[0]` as `a`."""

    def visit_IfExp(self, node: ast.IfExp) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node.test, ast.Constant):
            return node.body if node.test.value else node.orelse
        return node

    def visit_If(self, node: ast.If) -> ast.AST | list[ast.stmt]:
        self.generic_visit(node)
        if isinstance(node.test, ast.Constant):
            return (node.body if node.test.value else node.orelse) or ast.Pass()
        return node

    def visit_BoolOp(self, node: ast.BoolOp) -> ast.AST:
        """`0 or x` as `x`, `x and 0 and y` as `x and 0`: a constant that lets evaluation go on
        is skipped, one that stops it ends the operands."""
        self.generic_visit(node)
        goes_on = isinstance(node.op, ast.And)  # the truth a constant must have to be skipped
        values = []
        for i, v in enumerate(node.values):
            if not isinstance(v, ast.Constant) or i == len(node.values) - 1:
                values.append(v)
            elif bool(v.value) != goes_on:
                values.append(v)
                break
        node.values = values
        return values[0] if len(values) == 1 else node

    def visit_comprehension(self, node: ast.comprehension) -> ast.comprehension:
        self.generic_visit(node)
        node.ifs = [t for t in node.ifs if not (isinstance(t, ast.Constant) and t.value)]
        return node

    def visit_Subscript(self, node: ast.Subscript) -> ast.AST:
        """`(a, b)[0]` as `a` when `b` is a literal or a name (an inlined `crop(g, (0, 0), d)`
        reads `(0, 0)[0]`): the element taken still runs, and what is left out cannot do
        anything."""
        self.generic_visit(node)
        tup, k = node.value, node.slice
        k = ast.literal_eval(k) if _literal(k) else None  # `-1` is an operation on `1`
        if not (
            isinstance(node.ctx, ast.Load)
            and isinstance(tup, ast.Tuple)
            and type(k) is int
            and -len(tup.elts) <= k < len(tup.elts)
        ):
            return node
        taken = tup.elts[k]
        others = [e for e in tup.elts if e is not taken]
        if all(_inert(e) for e in others) and not isinstance(taken, ast.Starred):
            return taken
        return node


def _inert(expr: ast.AST) -> bool:
    """A literal, a name, or a tuple of those: evaluating it does nothing but make a value."""
    if isinstance(expr, ast.Tuple):
        return all(_inert(e) for e in expr.elts)
    return isinstance(expr, ast.Name) or _literal(expr)


def bools_as_ints(source: str) -> str:
    """`True`/`False` as `1`/`0`: equal in arithmetic, indexing and the checker's JSON rule."""
    tree = ast.parse(source)

    class _Bools(ast.NodeTransformer):
        def visit_Constant(self, node: ast.Constant) -> ast.AST:
            if node.value is True or node.value is False:
                return ast.copy_location(ast.Constant(int(node.value)), node)
            return node

    return ast.unparse(_Bools().visit(tree))


_DISPLAYS = {"list": ast.List, "set": ast.Set, "tuple": ast.Tuple}
_COMPREHENDED = {"list": ast.ListComp, "set": ast.SetComp}


def displays(source: str) -> str:
    """`list(x)`, `set(x)`, `tuple(x)` as the displays `[*x]`, `{*x}`, `(*x,)`, and `list` or
    `set` of a generator as its comprehension: the same value, bytes fewer. Not for a name the
    program binds anywhere, where it may not be the builtin."""
    tree = ast.parse(source)
    bound = set(_stores(tree))
    for n in ast.walk(tree):
        if isinstance(n, ast.alias):
            bound.add(n.asname or n.name)
        elif isinstance(n, ast.ExceptHandler | ast.MatchAs | ast.MatchStar) and n.name:
            bound.add(n.name)

    class _Displays(ast.NodeTransformer):
        def visit_Call(self, node: ast.Call) -> ast.AST:
            self.generic_visit(node)
            name = node.func.id if isinstance(node.func, ast.Name) else None
            if name not in _DISPLAYS or name in bound or node.keywords or len(node.args) != 1:
                return node
            (arg,) = node.args
            if isinstance(arg, ast.Starred):
                return node
            if isinstance(arg, ast.GeneratorExp) and name in _COMPREHENDED:
                new = _COMPREHENDED[name](arg.elt, arg.generators)
            elif name == "set":
                new = ast.Set([ast.Starred(arg, ast.Load())])
            else:
                new = _DISPLAYS[name]([ast.Starred(arg, ast.Load())], ast.Load())
            return ast.copy_location(new, node)

    return ast.unparse(ast.fix_missing_locations(_Displays().visit(tree)))


def drop_unused(source: str) -> str:
    """Module-level functions and constants that nothing reads (the entry `p` stays)."""
    tree = ast.parse(source)
    while True:
        reads = module_reads(tree)
        loads = _loads(tree) if reads is None else Counter({k: len(v) for k, v in reads.items()})
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
    """In a function, `x = e` whose `x` is read once, later in the same block (not inside a
    lambda or comprehension, which could evaluate it many times, nor in a loop's body, unless
    `e` is a lambda) is substituted into its use."""
    return _in_each_function(source, _inline_once)


def propagate_aliases(source: str) -> str:
    """In a function, `f = g` where `g` is a global bound once (or a builtin) that the
    function never rebinds: every read of `f` reads `g` (a DSL solver's `diagfun = neighbors`)."""
    tree = ast.parse(source)
    module = _module_stores(tree)

    def step(fn: ast.FunctionDef) -> bool:
        stores = _stores(fn)
        for stmt in ast.walk(fn):
            if not (
                isinstance(stmt, ast.Assign)
                and len(stmt.targets) == 1
                and isinstance(stmt.targets[0], ast.Name)
                and isinstance(stmt.value, ast.Name)
            ):
                continue
            alias, target = stmt.targets[0].id, stmt.value.id
            builtin = not module[target] and hasattr(builtins, target)
            if stores[alias] != 1 or stores[target] or not (module[target] == 1 or builtin):
                continue
            for owner in ast.walk(fn):
                for field in ("body", "orelse"):
                    block = getattr(owner, field, None)
                    if isinstance(block, list) and stmt in block:
                        block.remove(stmt)
                        if not block:
                            block.append(ast.Pass())
            _Replace({alias: stmt.value}).visit(fn)
            return True
        return False

    for fn in ast.walk(tree):
        if isinstance(fn, ast.FunctionDef):
            while step(fn):
                pass
    return ast.unparse(tree)


def _in_each_function(source: str, step: Callable[[ast.FunctionDef], bool]) -> str:
    """`step` applied to every function until it reports no change."""
    tree = ast.parse(source)
    for fn in ast.walk(tree):
        if isinstance(fn, ast.FunctionDef):
            while step(fn):
                pass
    return ast.unparse(tree)


def _inline_once(fn: ast.FunctionDef) -> bool:
    stores, loads = _stores(fn), _loads(fn)
    iterators = _iterators(fn)
    for owner in ast.walk(fn):
        for field in ("body", "orelse"):
            block = getattr(owner, field, None)
            if isinstance(block, list) and _inline_in_block(block, stores, loads, iterators):
                return True
    return False


_SIMPLE = ast.Assign | ast.AugAssign | ast.Return | ast.Expr


def _inline_in_block(block: list[ast.stmt], stores, loads, iterators: set[str]) -> bool:
    for i, stmt in enumerate(block):
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
        for j in range(i + 1, len(block)):
            use = block[j]
            if set(_loads(use)) & consumed:
                break
            if not _loads(use)[name]:
                if not isinstance(use, _SIMPLE) or set(_stores(use)) & (set(reads) | {name}):
                    break  # something it reads may be rebound before the use
                if not _pure(use) and set(_loads(use)) & set(reads):
                    break  # or changed (`s.add(x)`)
                continue
            if isinstance(stmt.value, ast.Lambda):
                # costs nothing to make, and reads its names when called, wherever it is made
                field, part = None, use
                free = module_reads(ast.Module([ast.Expr(stmt.value)], []))
                if free is None or set(free) & _bound_inside(use):
                    break
            else:  # the part of `use` that runs once each time `use` does
                field = {ast.For: "iter", ast.If: "test"}.get(type(use))
                part = getattr(use, field) if field else use
                if not (field or isinstance(use, _SIMPLE)) or not _loads(part)[name]:
                    break
                if _inside_scope(part, name) or set(_stores(part)) & set(reads):
                    break
            new = _Replace({name: stmt.value}).visit(part)
            if field:
                setattr(use, field, new)
            else:
                block[j] = new
            del block[i]
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


def defs_to_lambdas(source: str, only: set[str] | None = None) -> str:
    """`def f(a): return e` becomes `f = lambda a: e` (5 bytes less each); with `only`, just
    the functions of those names."""
    tree = ast.parse(source)
    for i, node in enumerate(tree.body):
        if (
            isinstance(node, ast.FunctionDef)
            and (only is None or node.name in only)
            and not node.decorator_list
            and len(node.body) == 1
            and isinstance(node.body[0], ast.Return)
            and node.body[0].value is not None
        ):
            lam = ast.Lambda(args=node.args, body=node.body[0].value)
            assign = ast.Assign(targets=[ast.Name(node.name, ast.Store())], value=lam)
            tree.body[i] = ast.copy_location(assign, node)
    return ast.unparse(ast.fix_missing_locations(tree))


def _as_defs_meanwhile(step: Callable[[str], str], source: str) -> str:
    """`step` on `source` with its module-level lambdas as defs, and those back as lambdas
    after (the passes that inline or drop functions know defs)."""
    lambdas = {n.targets[0].id for n in ast.parse(source).body if _lambda_binding(n)}
    return defs_to_lambdas(step(lambdas_as_defs(source)), only=lambdas)


def _lambda_binding(node: ast.stmt) -> bool:
    return (
        isinstance(node, ast.Assign)
        and len(node.targets) == 1
        and isinstance(node.targets[0], ast.Name)
        and isinstance(node.value, ast.Lambda)
    )


def lambdas_as_defs(source: str) -> str:
    """`f = lambda a: e` at module level becomes `def f(a): return e` (the inverse of
    `defs_to_lambdas`, for the passes that work on defs)."""
    tree = ast.parse(source)
    for i, node in enumerate(tree.body):
        if _lambda_binding(node):
            fn = ast.FunctionDef(
                name=node.targets[0].id,
                args=node.value.args,
                body=[ast.Return(node.value.body)],
                decorator_list=[],
                returns=None,
                type_params=[],
            )
            tree.body[i] = ast.copy_location(fn, node)
    return ast.unparse(ast.fix_missing_locations(tree))


def walrus_as_statements(source: str) -> str:
    """`p=lambda g:(k:=A)and B` becomes `def p(g):k=A;return B`, a byte less per walrus that
    leads the body's `and` (`(k:=A,j:=C)and B`: two); a leading display's other elements become
    statements too (`[k:=A,f(g)]and B`: `k=A;f(g);return B`). Only for an entry `p` that
    nothing calls: the lambda's value is A where A is falsy, and a falsy value is never a grid
    (a recursion's inner calls may return one). The text is spliced, so the golfed spelling
    stays; a result whose tree is not the one meant, or that is no shorter, leaves `source` as
    it is."""
    try:
        tree = _quiet_parse(source)
    except SyntaxError:
        return source
    entry = [n for n in tree.body if _lambda_binding(n) and n.targets[0].id == ENTRY]
    if len(entry) != 1 or _loads(tree)[ENTRY]:
        return source
    [stmt], body = entry, entry[0].value.body
    if not isinstance(body, ast.BoolOp) or not isinstance(body.op, ast.And):
        return source
    bound: list[ast.expr] = []
    for i, value in enumerate(body.values[:-1]):
        if isinstance(value, ast.Tuple | ast.List) and value.elts:
            items = value.elts  # a display is true: each element is a statement
        elif isinstance(value, ast.NamedExpr):
            items = [value]
        else:
            break
        if any(isinstance(e, ast.Starred) for e in items):
            break
        bound, rest = bound + items, body.values[i + 1 :]
    if not bound:
        return source
    raw = source.encode()  # ast's columns count UTF-8 bytes
    starts = list(itertools.accumulate((len(line) + 1 for line in raw.split(b"\n")), initial=0))

    def at(line: int, column: int) -> int:
        return starts[line - 1] + column

    def span(first: ast.AST, last: ast.AST) -> bytes:
        return raw[at(first.lineno, first.col_offset) : at(last.end_lineno, last.end_col_offset)]

    def as_statement(e: ast.expr) -> bytes:
        if isinstance(e, ast.NamedExpr):
            return span(e.target, e.target) + b"=" + span(e.value, e.value)
        return span(e, e)

    head = raw[at(stmt.value.lineno, stmt.value.col_offset) : at(body.lineno, body.col_offset)]
    tail = span(rest[0], rest[-1])
    statement = b"def %s(%s):%s;return%s%s" % (
        ENTRY.encode(),
        head.strip().removeprefix(b"lambda").removesuffix(b":").strip(),
        b";".join(as_statement(e) for e in bound),
        b" " * bool(re.match(rb"\w", tail)),
        tail,
    )
    start, end = at(stmt.lineno, stmt.col_offset), at(stmt.end_lineno, stmt.end_col_offset)
    out = (raw[:start] + statement + raw[end:]).decode()
    meant = ast.FunctionDef(
        name=ENTRY,
        args=stmt.value.args,
        body=[
            *(
                ast.Assign(targets=[ast.Name(e.target.id, ast.Store())], value=e.value)
                if isinstance(e, ast.NamedExpr)
                else ast.Expr(e)
                for e in bound
            ),
            ast.Return(rest[0] if len(rest) == 1 else ast.BoolOp(ast.And(), rest)),
        ],
        decorator_list=[],
        returns=None,
        type_params=[],
    )
    tree.body[tree.body.index(stmt)] = meant
    try:
        made = _quiet_parse(out)
    except SyntaxError:
        return source
    shorter = len(out.encode()) < len(raw)
    return out if shorter and ast.dump(made) == ast.dump(tree) else source


def _quiet_parse(source: str) -> ast.Module:
    """`ast.parse` without the SyntaxWarnings a golfed text may give (`0and`): its caller's."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SyntaxWarning)
        return ast.parse(source)


# Not `else` (`1e` starts an exponent), nor `or` after a leading 0 (`0o` starts an octal).
_RUN_INTO = {"and", "or", "if", "for", "in", "is", "not"}
_NUMBER_KEYWORD = re.compile(r"\d[ \t]*(?:and|or|if|for|in|is|not)\b")


def tight_keywords(source: str) -> str:
    """`source` without the spaces between a whole number and the keyword after it (`0 and`
    -> `0and`, `2 for` -> `2for`). Python 3.11, the judge's (the competition's, the sandbox
    image's), reads them as two tokens, with a SyntaxWarning; a later Python may refuse them."""
    return _respaced(source, "")


def spaced_keywords(source: str) -> str:
    """`tight_keywords` undone: one space between a whole number and the keyword after it
    (a deflate stream may find `0 and` and ` for` among its repeats where `0and` is new)."""
    return _respaced(source, " ")


def _respaced(source: str, gap: str) -> str:
    """`source` with `gap` between each whole number and the keyword after it on its line:
    each cut is a token boundary, checked by the tree staying the same."""
    if not _NUMBER_KEYWORD.search(source):
        return source
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
        tree = ast.dump(_quiet_parse(source))
    except (tokenize.TokenError, SyntaxError, ValueError):
        return source
    starts = list(itertools.accumulate(map(len, source.splitlines(keepends=True)), initial=0))
    gaps = [
        (starts[a.end[0] - 1] + a.end[1], starts[b.start[0] - 1] + b.start[1])
        for a, b in itertools.pairwise(tokens)
        if a.type == tokenize.NUMBER
        and a.string.isascii()
        and a.string.isdigit()
        and b.type == tokenize.NAME
        and b.string in _RUN_INTO
        and not (b.string == "or" and a.string[0] == "0")
        and a.end[0] == b.start[0]
    ]
    out = source
    for start, end in reversed(gaps):
        out = out[:start] + gap + out[end:]
    try:
        return out if ast.dump(_quiet_parse(out)) == tree else source
    except SyntaxError:
        return source


def minify(source: str) -> str:
    """python-minifier with every global renamed except the entry `p` (builtins used often get
    a short alias: `E=tuple`)."""
    return _minify(source, [ENTRY])


def minify_keep_builtins(source: str) -> str:
    """`minify` without builtin aliases: usually shorter once deflated, where repeats are cheap."""
    return _minify(source, [ENTRY, *dir(builtins)])


def _minify(source: str, preserve: list[str]) -> str:
    minified = bare_walrus(
        python_minifier.minify(
            source,
            remove_literal_statements=True,
            rename_globals=True,
            preserve_globals=preserve,
            remove_asserts=False,
            remove_debug=False,
        )
    )
    return tight_keywords(minified)


_WALRUS = re.compile(r"\(\w+:=")


def bare_walrus(source: str) -> str:
    """`source` without the parentheses around each walrus that needs none: python-minifier
    keeps them on an argument, a display's or a comprehension's element (`f((a:=x))`,
    `[(a:=x)for`). Each pair goes only if the tree stays the same (`[(a:=1)for` -> `[a:=1for`
    too: see `tight_keywords`); that also rules out a bracket the scan misreads in a string."""
    if not _WALRUS.search(source):
        return source  # most programs (every RE-ARC seed): no parse on minify's path
    tree = _tree(source)
    at = 0
    while tree and (m := _WALRUS.search(source, at)):
        start, depth = m.start(), 0
        for end in range(start, len(source)):
            depth += (source[end] in "([{") - (source[end] in ")]}")
            if not depth:
                break
        bare = source[:start] + source[start + 1 : end] + source[end + 1 :]
        source, at = (bare, start) if _tree(bare) == tree else (source, start + 1)
    return source


def _tree(source: str) -> str | None:
    """The tree of `source`; None if it does not parse."""
    try:
        return ast.dump(_quiet_parse(source))
    except SyntaxError:
        return None


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
    """The structural passes, repeated while they find something (each enables the others);
    module-level lambdas are taken as defs meanwhile, so the passes see them as functions."""
    return _as_defs_meanwhile(_simplify, unique_names(source))


def _simplify(source: str) -> str:
    # Up to 8 rounds, ending once a round's worth of passes in a row changed nothing: the text
    # they saw is what the rest of the round would see again.
    unchanged = 0
    for golf_pass in itertools.islice(itertools.cycle(_SIMPLIFY), 8 * len(_SIMPLIFY)):
        before, source = source, golf_pass(source)
        unchanged = unchanged + 1 if source == before else 0
        if unchanged == len(_SIMPLIFY):
            break
    return source


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


def _simple_functions(
    tree: ast.Module, binders: dict[int, ast.AST] | None
) -> dict[str, tuple[ast.FunctionDef, list[ast.Call]]]:
    """Module-level functions bound once, with plain positional parameters, whose every use
    in the module is a direct call with exactly that many positional arguments: each with
    those calls (none without `binders`, see `_binders`)."""
    if binders is None:
        return {}
    stores, reads = _module_stores(tree), _module_reads(tree, binders)
    called = {
        id(n.func): n
        for n in ast.walk(tree)
        if isinstance(n, ast.Call)
        and not n.keywords
        and not any(isinstance(a, ast.Starred) for a in n.args)
    }
    fns = {}
    for fn in tree.body:
        if not (
            isinstance(fn, ast.FunctionDef)
            and fn.name != ENTRY
            and not fn.decorator_list
            and stores[fn.name] == 1
            and not (fn.args.vararg or fn.args.kwarg or fn.args.kwonlyargs or fn.args.defaults)
            and not fn.args.posonlyargs
        ):
            continue
        calls = [called.get(id(use)) for use in reads.get(fn.name, [])]
        if all(c is not None and len(c.args) == len(fn.args.args) for c in calls):
            fns[fn.name] = fn, calls
    return fns


def specialize_arguments(source: str) -> str:
    """A parameter that every call passes the same literal becomes that literal in the body;
    a parameter the body never reads is dropped; either way it leaves the def and every call."""
    tree = ast.parse(source)
    for fn, calls in _simple_functions(tree, _binders(tree)).values():
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


def beta_reduce(source: str) -> str:
    """`(lambda x: e)(a)` as `e` with `a` for `x` (what inlining a combinator leaves behind),
    on the terms of `inline_functions`."""
    tree = ast.parse(source)
    makers, stable = _function_makers(tree), _stable_reads(tree, _binders(tree))

    class _Reduce(ast.NodeTransformer):
        def visit_Call(self, node: ast.Call) -> ast.AST:
            self.generic_visit(node)
            return _applied(node, makers, stable) or node

    return ast.unparse(ast.fix_missing_locations(_Reduce().visit(tree)))


def _applied(call: ast.Call, makers: set[str], stable: set[int]) -> ast.expr | None:
    fn = call.func
    if not isinstance(fn, ast.Lambda) or call.keywords:
        return None
    a = fn.args
    if a.posonlyargs or a.vararg or a.kwarg or a.kwonlyargs or a.defaults:
        return None
    if len(a.args) != len(call.args) or any(isinstance(x, ast.Starred) for x in call.args):
        return None
    inner, params = _bound_inside(fn.body), [p.arg for p in a.args]
    if inner & set(params):
        return None
    values = dict(zip(params, call.args, strict=True))
    if not all(_substitutable(fn.body, p, arg, inner, makers, stable) for p, arg in values.items()):
        return None
    return _Replace(values).visit(_fresh(fn.body))


def _read_in_a_scope(expr: ast.AST, name: str) -> bool:
    """Whether `name` is read inside a lambda or comprehension of `expr` (a comprehension's
    first iterable is outside it)."""
    if isinstance(expr, ast.Lambda):
        return _loads(expr.body)[name] > 0 or any(
            _read_in_a_scope(d, name) for d in expr.args.defaults
        )
    if isinstance(expr, _COMPREHENSIONS):
        first = expr.generators[0]
        rest = [first.target, *first.ifs, *expr.generators[1:]]
        rest += [expr.key, expr.value] if isinstance(expr, ast.DictComp) else [expr.elt]
        return any(_loads(r)[name] for r in rest) or _read_in_a_scope(first.iter, name)
    return any(_read_in_a_scope(c, name) for c in ast.iter_child_nodes(expr))


def fuse_generators(source: str) -> str:
    """`(a for (a, b) in (y for (x, y) in s))` as `(a for (x, (a, b)) in s)`: a comprehension
    over a generator that only picks a name out of its items takes the items apart itself."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, _COMPREHENSIONS):
            _fuse(node)
    return ast.unparse(ast.fix_missing_locations(tree))


def _fuse(outer: ast.AST) -> None:
    first = outer.generators[0]
    inner = first.iter
    if not (
        isinstance(inner, ast.GeneratorExp)
        and len(inner.generators) == 1
        and not inner.generators[0].ifs
        and not inner.generators[0].is_async
        and isinstance(inner.elt, ast.Name)
    ):
        return
    picked, target = inner.elt.id, inner.generators[0].target
    slots = [n for n in ast.walk(target) if isinstance(n, ast.Name) and n.id == picked]
    others = set(_target_names(target)) - {picked}
    rest = [*first.ifs, *outer.generators[1:]]
    rest += [outer.key, outer.value] if isinstance(outer, ast.DictComp) else [outer.elt]
    if len(slots) != 1 or others & ({*_loads(ast.Module(rest, [])), *_target_names(first.target)}):
        return  # the item's other parts would take the place of names the outer one reads
    _become(slots[0], first.target)
    first.target, first.iter = target, inner.generators[0].iter


def _bound_inside(expr: ast.AST) -> set[str]:
    """Names an expression binds for itself (lambda parameters, comprehension targets)."""
    bound = set()
    for n in ast.walk(expr):
        if isinstance(n, ast.arg):
            bound.add(n.arg)
        elif isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load):
            bound.add(n.id)
    return bound


def eta_reduce(source: str) -> str:
    """`def f(a, b): return g(a, b)` is `g`: every read of `f` becomes one of `g`, when `g` is a
    builtin or a module-level name bound once, and each read of `f` runs inside a function
    (after every module-level name is bound) where `g` means what it means at module level."""
    tree = ast.parse(source)
    reads = module_reads(tree)
    if reads is None:
        return source
    stores, deferred = _module_stores(tree), _deferred(tree)
    # `rbind` and its kin read `f.__code__`, which a builtin has not
    builtins_ok = not any(
        isinstance(n, ast.Attribute) and n.attr == "__code__" for n in ast.walk(tree)
    )
    for fn in tree.body:
        if not (
            isinstance(fn, ast.FunctionDef)
            and fn.name != ENTRY
            and not fn.decorator_list
            and len(fn.body) == 1
            and isinstance(fn.body[0], ast.Return)
            and isinstance(call := fn.body[0].value, ast.Call)
            and isinstance(call.func, ast.Name)
            and not call.keywords
            and not (fn.args.vararg or fn.args.kwarg or fn.args.kwonlyargs or fn.args.defaults)
            and [getattr(a, "id", None) for a in call.args]
            == [a.arg for a in (*fn.args.posonlyargs, *fn.args.args)]
        ):
            continue
        g = call.func.id
        if g in (fn.name, *(a.arg for a in fn.args.args)) or stores[fn.name] != 1:
            continue
        builtin = builtins_ok and callable(getattr(builtins, g, None))
        if not (stores[g] == 1 or (stores[g] == 0 and builtin)):
            continue
        uses = reads.get(fn.name, [])
        if not uses or not all(id(u) in deferred for u in uses):
            continue
        for use in uses:
            use.id = g
        after = module_reads(tree)
        if after is not None and {id(u) for u in uses} <= {id(n) for n in after.get(g, [])}:
            return eta_reduce(drop_unused(ast.unparse(tree)))  # one at a time: reads moved
        for use in uses:
            use.id = fn.name
    return source


def _deferred(tree: ast.Module) -> set[int]:
    """Ids of the nodes that run only when a function is called: those in a function's or a
    lambda's body."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.Lambda):
            for part in node.body if isinstance(node.body, list) else [node.body]:
                out.update(map(id, ast.walk(part)))
    return out


def inline_functions(source: str) -> str:
    """`def f(a): return e` is substituted into its calls when that is shorter: a function
    called once, or whose body is no longer than a call (see `_substitutable` for the
    arguments)."""
    return _inline(source, any_length=False)


def inline_everywhere(source: str) -> str:
    """`inline_functions` whatever the body's length: longer as text, often shorter deflated,
    where a body repeated costs little."""
    return _as_defs_meanwhile(lambda text: _inline(text, any_length=True), source)


def _inline(source: str, any_length: bool) -> str:
    tree = ast.parse(source)
    for _ in range(500):  # one at a time, as a body copies other calls; mutual recursion ends
        if not _inline_a_function(tree, any_length):
            break
    return ast.unparse(ast.fix_missing_locations(tree))


def _inline_a_function(tree: ast.Module, any_length: bool) -> bool:
    binders = _binders(tree)
    context = None  # what `_inlinable` asks of the whole program, once per inlining
    for name, (fn, calls) in _simple_functions(tree, binders).items():
        if not (len(fn.body) == 1 and isinstance(fn.body[0], ast.Return) and fn.body[0].value):
            continue
        body = fn.body[0].value
        params = [a.arg for a in fn.args.args]
        inside = {id(n) for n in ast.walk(fn)}
        if not calls or any(id(c) in inside for c in calls):
            continue  # never called, or recursive
        body_text = ast.unparse(body)
        if not any_length and len(calls) > 1 and len(body_text) > len(name) + 2 * len(params) + 2:
            continue
        if context is None:
            context = (
                _function_makers(tree),
                _stable_reads(tree, binders),
                _statements_of_calls(tree),
            )
        ok = _inlinable(body, params, calls, *context)
        if ok:
            for call in reversed(ok):  # nested calls first: an outer one copies its args
                new = _Replace(dict(zip(params, call.args, strict=True))).visit(
                    ast.parse(body_text, mode="eval").body
                )
                _become(call, new)
            if len(ok) == len(calls):
                tree.body.remove(fn)
            return True
    return False


def _inlinable(
    body: ast.expr,
    params: list[str],
    calls: list[ast.Call],
    makers: set[str],
    stable: set[int],
    where: dict[int, ast.stmt],
) -> list[ast.Call]:
    """The calls that `body` may take the place of (see `_substitutable`); `where` is each
    call's top-level statement."""
    reads = module_reads(ast.Module([ast.Expr(body)], []))
    if reads is None:
        return []
    free, inner = set(reads) - set(params), _bound_inside(body)
    if inner & set(params):
        return []
    return [
        call
        for call in calls
        # not where a global the body reads is rebound
        if not free & set(_stores(where[id(call)]))
        and all(
            _substitutable(body, p, arg, inner, makers, stable)
            for p, arg in zip(params, call.args, strict=True)
        )
    ]


def _statements_of_calls(tree: ast.Module) -> dict[int, ast.stmt]:
    return {id(c): stmt for stmt in tree.body for c in ast.walk(stmt) if isinstance(c, ast.Call)}


def _substitutable(
    body: ast.expr, param: str, arg: ast.expr, inner: set[str], makers: set[str], stable: set[int]
) -> bool:
    """Whether `arg` may stand for `param` in `body` (which binds `inner` itself): no work lost
    that shows, no name of the argument's captured, and no work done more often than before
    but what costs little: an argument read in a lambda or comprehension (a combinator's
    returned lambda) must be `_cheap`, one read twice a name or cheap."""
    reads = _loads(body)[param]
    if _read_in_a_scope(body, param):  # read later, maybe many times
        if not _cheap(arg, makers, stable):
            return False
    elif reads > 1 and not (isinstance(arg, ast.Name) or _cheap(arg, makers, stable)):
        return False
    return (reads or _pure(arg)) and not set(_loads(arg)) & inner


def _cheap(expr: ast.expr, makers: set[str], stable: set[int]) -> bool:
    """A literal, a lambda, a `stable` name, or a call of a function that makes a function
    (`makers`) on cheap arguments: `compose(f, rbind(g, 1))`, never `lbind(f, objects(I))`.
    A name read later must still hold what it held: a loop's variable moves on."""
    if _literal(expr) or isinstance(expr, ast.Lambda):
        return True
    if isinstance(expr, ast.Name):
        return id(expr) in stable
    return (
        isinstance(expr, ast.Call)
        and isinstance(expr.func, ast.Name)
        and expr.func.id in makers
        and not expr.keywords
        and all(_cheap(a, makers, stable) for a in expr.args)
    )


def _stable_reads(tree: ast.Module, binders: dict[int, ast.AST] | None) -> set[int]:
    """Ids of the reads of names bound once and for good: a global or a builtin, a parameter
    or local bound once and not by a loop (nothing a comprehension binds); none without
    `binders`."""
    if binders is None:
        return set()
    module = _module_stores(tree)
    counts: dict[int, Counter[str]] = {}

    def bindings(scope: ast.AST) -> Counter[str]:
        if id(scope) not in counts:
            c = Counter(_params(scope))
            for node in _own_nodes(scope):
                if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
                    c[node.id] += 1
                elif isinstance(node, ast.For | ast.AugAssign):  # rebinds on each pass
                    c.update({n: 2 for n in _target_names(node.target)})
                elif isinstance(node, ast.FunctionDef):
                    c[node.name] += 1
            counts[id(scope)] = c
        return counts[id(scope)]

    out = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load):
            scope = binders[id(n)]
            if scope is tree:
                once = module[n.id] <= 1
            else:
                once = (
                    isinstance(scope, ast.FunctionDef | ast.Lambda) and bindings(scope)[n.id] == 1
                )
            if once:
                out.add(id(n))
    return out


def _function_makers(tree: ast.Module) -> set[str]:
    """Module-level functions whose result is a lambda (the DSL's combinators)."""
    out = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and len(node.body) == 1:
            body = node.body[0]
            if isinstance(body, ast.Return) and isinstance(body.value, ast.Lambda):
                out.add(node.name)
        elif _lambda_binding(node) and isinstance(node.value.body, ast.Lambda):
            out.add(node.targets[0].id)
    return out


def _become(old: ast.AST, new: ast.AST) -> None:
    """Turn `old` into `new` in place (parents keep their reference)."""
    old.__class__ = new.__class__
    old.__dict__.clear()
    old.__dict__.update(new.__dict__)


_SIMPLIFY = (
    drop_unreachable,
    drop_dead_stores,
    specialize_arguments,
    propagate_aliases,
    eta_reduce,
    inline_functions,
    beta_reduce,
    fuse_generators,
    drop_unused,
    fold_constants,
    inline_single_use,
)

# What the top rungs do after the structural passes, before python-minifier.
_FINISH = [displays, bools_as_ints, defs_to_lambdas, shorten_parameters]

# The ladder: each candidate applies one more pass than the last, so when the most aggressive
# one is judged wrong the pipeline falls back one rung at a time.
LADDER: list[tuple[str, list[Callable[[str], str]]]] = [
    ("minify", [minify]),
    ("tidy", [drop_unused, fold_constants, inline_single_use, defs_to_lambdas, minify]),
    (
        "ints",
        [drop_unused, fold_constants, bools_as_ints, inline_single_use, defs_to_lambdas, minify],
    ),
    ("deep", [simplify, *_FINISH, minify]),
    ("deep-builtins", [simplify, *_FINISH, minify_keep_builtins]),
    ("flat", [simplify, inline_everywhere, simplify, *_FINISH, minify_keep_builtins]),
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
