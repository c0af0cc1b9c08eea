"""Shrink: delete and unwrap what a program does not need, one edit at a time, keeping an edit
while the program still reproduces its examples.

The passes (`passes.py`) only make changes that keep any program's meaning. A solver written for
a DSL also carries work its task never needed: a conversion (`tuple(...)`, `frozenset(...)`) whose
result is used like its argument anyway, a statement whose effect the examples never see, a
fallback (`a or b`, `x if c else y`) one side of which always serves, and computes what its task
never varies (the background colour, a size) where a literal would do. Each sweep of `shrink`
first makes every expression that had one value on every run a literal, then tries each other
edit in turn (statements first), runs the edited program on the examples it was given (its
task's train and test ones and a few more) and keeps the edit when every output is still right;
the result must then reproduce the task's other examples too, and the first it gets wrong joins
those the edits are tried on for another round. It runs the program here, so the pipeline
only shrinks programs built from RE-ARC's solvers and our own search, never a user's or a
model's; what it returns is judged in the sandbox on every example like any other candidate.
"""

from __future__ import annotations

import ast
import builtins
import re
import resource
import signal
import symtable
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from golf_ray.golf import passes
from golf_ray.golf.search import Grid, first_wrong, reproduces

MEMORY = 2 << 30  # bytes of address space an edited program may add (an edit can blow up)
ROUNDS = 4  # shrinks of one program, each with the example the last one got wrong
STEADY_RUNS = 3  # runs of a shrunk program on every example, its functions elsewhere each time


def shrink(
    source: str,
    pairs: list[tuple[Grid, Grid]],
    seconds: float,
    check: Sequence[tuple[Grid, Grid]] = (),
) -> str:
    """`source` with every edit kept that leaves it reproducing `pairs`, tried until no edit
    helps or `seconds` are spent; `source` itself when it does not reproduce them. The result
    must also reproduce `check` (examples no edit is tried on, since running them all for each
    edit would take too long): the first it gets wrong joins `pairs`, and shrinking goes on
    from the last program kept that still gets it right, ROUNDS times at most; then the last
    program kept that gets every example right is the result. A round that loses every edit
    does not count, once: from then on a literal replaces only what every example shares."""
    pairs, check = list(pairs), list(check)
    kept = [source]  # the programs kept, each one edit (or `simplify`) after the last
    constant_on, rounds = None, ROUNDS  # `_shrink`'s `everything`: `pairs` until then
    while rounds:
        rounds -= 1
        more, limit = _shrink(kept[-1], pairs, seconds, constant_on)
        kept += more
        shrunk = kept[-1]
        if shrunk == source:
            return source
        # the program's own time on `pairs` is in `limit`; `check` may be many more examples
        seconds_all = limit * (1 + len(check) / max(1, len(pairs)))
        # on every example, the first of `_steady`'s runs
        scopes: list[dict] = [{}]
        wrong = first_wrong(shrunk, pairs + check, seconds=seconds_all, scope=scopes[0])
        if wrong is None:
            return shrunk if _steady(shrunk, pairs + check, seconds_all, scopes) else source
        if wrong < len(pairs):  # it held on these a moment ago: not steady
            return source
        pairs.append(check.pop(wrong - len(pairs)))
        del kept[_last_right(kept, pairs[-1:], limit) + 1 :]
        if not reproduces(kept[-1], pairs, seconds=seconds_all):
            kept = [source]
        if len(kept) == 1 and constant_on is None:
            # Most often its first literal was of what only these few examples share (a size, a
            # count), and no edit after a literal outlives it. Costlier: recorded on all.
            constant_on, rounds = pairs + check, rounds + 1
    # Out of rounds: the last program kept that gets every example right, if one was edited.
    everything = pairs + check
    if not reproduces(kept[-1], everything, seconds=seconds_all):
        del kept[_last_right(kept, everything, seconds_all) + 1 :]
    last = kept[-1]
    if last != source and _steady(last, everything, seconds_all, []):
        return last
    return source


def _last_right(kept: list[str], pairs: list[tuple[Grid, Grid]], seconds: float) -> int:
    """The index of the last of `kept` that reproduces `pairs`, by bisection: an edit that
    breaks an example seldom has a later one mend it. `kept[0]` is taken to reproduce them."""
    right, wrong = 0, len(kept) - 1  # kept[-1] got them wrong
    while wrong - right > 1:
        mid = (right + wrong) // 2
        if reproduces(kept[mid], pairs, seconds=seconds):
            right = mid
        else:
            wrong = mid
    return right


def _steady(
    source: str, pairs: list[tuple[Grid, Grid]], seconds: float, scopes: list[dict]
) -> bool:
    """Whether `source` reproduces `pairs` in all of STEADY_RUNS runs, `scopes` being those
    run so far: each run is in a new scope while the last ones live on, so its functions sit
    at new addresses. An edit can make an output follow the order of a set that holds
    functions (a `min` whose key became constant), which is their addresses', and a new
    process, as the judge runs, puts them elsewhere."""
    while len(scopes) < STEADY_RUNS:
        scopes.append({})
        if not reproduces(source, pairs, seconds=seconds, scope=scopes[-1]):
            return False
    return True


def _shrink(
    source: str,
    pairs: list[tuple[Grid, Grid]],
    seconds: float,
    everything: list[tuple[Grid, Grid]] | None = None,
) -> tuple[list[str], float]:
    """One round of `shrink` without `check`: the programs kept, in order, and the time an
    edited program may take. Literals are of what is constant on `everything` (see `_folded`;
    `pairs` by default)."""
    deadline = time.monotonic() + seconds
    start = time.monotonic()
    if not reproduces(source, pairs, seconds=seconds):
        return [], seconds
    # An edit that loops forever must not eat the budget: a few times the program's own time.
    limit = max(0.05, 4 * (time.monotonic() - start))
    text = ast.unparse(ast.parse(source))
    tree = ast.parse(text)  # its node offsets are into `text`, as edits made on the text need
    edits = list(_edits(tree))
    # No edit may make a name mean another thing (a local whose assignment went now reads a
    # global function) or make a function a value (`f(g, x)` as `g`, see `_edited`). Either can
    # put an object hashed by its address into a set, and a program whose output follows set
    # order then passes one judging and fails the next.
    scopes, lines = _bindings(text), _Lines(text)
    kept: list[str] = []
    position, changed, fold = 0, False, True  # a sweep goes on from where the last edit was kept
    while time.monotonic() < deadline:
        if fold:  # each sweep starts with the literals: the last may have made more constant
            fold = False
            if folded := _folded(text, pairs, everything or pairs, limit, deadline, scopes):
                kept += folded
                tree, text = ast.parse(folded[-1]), folded[-1]
                edits, scopes, lines = list(_edits(tree)), _bindings(text), _Lines(text)
        if position >= len(edits):
            if not changed:
                break
            position, changed, fold = 0, False, True  # one edit can open the way for another
            continue
        candidate = _edited(tree, edits[position], lines)
        if (
            candidate is not None
            and len(candidate) < len(text)
            and reproduces(candidate, pairs, seconds=limit)  # most fail here: check it first
            and _same_bindings(scopes, _bindings(candidate))
        ):
            tree, text, changed = ast.parse(candidate), candidate, True
            kept.append(text)
            edits, scopes, lines = list(_edits(tree)), _bindings(candidate), _Lines(text)
        else:
            position += 1
    try:  # what the edits left unused goes too, if the program still holds without it
        simpler = passes.simplify(text)
    except (SyntaxError, ValueError, RecursionError):
        return kept, limit
    if _same_bindings(scopes, _bindings(simpler)) and reproduces(simpler, pairs, seconds=limit):
        kept.append(simpler)
    return kept, limit


# Expressions `_constants` records: any that can be read, but a function called by name.
_RECORDED = (ast.Call, ast.BinOp, ast.Subscript, ast.Compare, ast.BoolOp, ast.UnaryOp, ast.Name)
_RECORDED += (ast.IfExp, ast.Attribute, ast.Tuple)
_RECORDER = "_golf_ray_seen"
_WORD = re.compile(r"\w\w")  # two characters that would run together into one token


def _folded(
    text: str,
    pairs: list[tuple[Grid, Grid]],
    everything: list[tuple[Grid, Grid]],
    limit: float,
    deadline: float,
    scopes: dict,
) -> list[str]:
    """`text` with its constant expressions (`_constants`) made literals, the biggest saving
    first, each kept while the program still reproduces `pairs`: the programs kept, each one
    literal more than the last. A DSL solver computes what its task never varies (the
    background colour, a grid's size, a flag): `mostcolor(I)` is `0`. Constant on
    `everything` when one recorded run on it is quick enough, else on `pairs`."""
    made: list[tuple[int, int, str]] = []
    kept: list[str] = []
    seconds = max(0.05, (deadline - time.monotonic()) / 2)
    # recording costs a call per expression: a few times the program's own time (`limit` / 4)
    quick = min(seconds, 2 * limit * len(everything) / len(pairs))
    constants = _constants(text, everything, quick) if len(everything) > len(pairs) else None
    if constants is None:
        constants = _constants(text, pairs, seconds) or []
    for start, end, literal in constants:
        if time.monotonic() > deadline:
            break
        if any(start < e and s < end for s, e, _ in made):  # inside one made already
            continue
        candidate = _with_literals(text, [*made, (start, end, literal)])
        if reproduces(candidate, pairs, seconds=limit) and _same_bindings(
            scopes, _bindings(candidate)
        ):
            made.append((start, end, literal))
            kept.append(candidate)
    return kept


def _with_literals(text: str, made: list[tuple[int, int, str]]) -> str:
    """`text` with each (start, end, literal) put in place, spaced and bracketed as it needs."""
    for start, end, literal in sorted(made, reverse=True):
        after = text[end:]
        if literal[0] in "-0123456789" and after.startswith(("**", ".", "[", "(")):
            literal = f"({literal})"  # `-1**2` is -(1**2); `0.real` reads as a float
        if _WORD.fullmatch(text[start - 1 : start] + literal[0]):
            literal = " " + literal
        if _WORD.fullmatch(literal[-1] + after[:1]):
            literal += " "
        text = text[:start] + literal + after
    return text


def _constants(
    text: str, pairs: list[tuple[Grid, Grid]], seconds: float
) -> list[tuple[int, int, str]] | None:
    """`(start, end, literal)` for each expression of `text` that had one value, which a
    literal shorter than it writes, every time it ran on `pairs`; the most saved first. A name
    may be as long as its literal: once no use of it is left, its assignment goes too.
    Found by running `text` with every expression passed through a recorder (within
    `seconds`); None when that run does not reproduce `pairs`."""
    lines = _Lines(text)
    if not lines.usable:
        return []
    tree = ast.parse(text)
    called = {id(node.func) for node in ast.walk(tree) if isinstance(node, ast.Call)}
    spans: list[tuple[int, int]] = []
    names: set[int] = set()

    class Recorded(ast.NodeTransformer):
        def generic_visit(self, node: ast.AST) -> ast.AST:
            super().generic_visit(node)
            if (
                isinstance(node, _RECORDED)
                and isinstance(getattr(node, "ctx", ast.Load()), ast.Load)
                and id(node) not in called
            ):
                if isinstance(node, ast.Name):
                    names.add(len(spans))
                spans.append(lines.span(node))
                recorder = ast.Name(_RECORDER, ast.Load())
                return ast.Call(recorder, [ast.Constant(len(spans) - 1), node], [])
            return node

    recorded = ast.unparse(ast.fix_missing_locations(Recorded().visit(tree)))
    seen: dict[int, str | None] = {}  # expression -> its literal; None once it varies

    def record(k: int, value):
        had = seen.get(k, "")
        if had is not None:
            literal = _literal(value)
            seen[k] = literal if had in ("", literal) else None
        return value

    if not reproduces(recorded, pairs, seconds=seconds, scope={_RECORDER: record}):
        return None
    found = []
    for k, literal in seen.items():
        start, end = spans[k]
        if literal is not None and len(literal) <= end - start - (k not in names):
            found.append((len(literal) - (end - start), start, end, literal))
    return [(start, end, literal) for _, start, end, literal in sorted(found)]


def _literal(value, depth: int = 0) -> str | None:
    """The shortest literal of an int, bool (as 0 or 1), None or a short tuple of those."""
    if value is None or type(value) is int:
        return repr(value)
    if type(value) is bool:
        return str(int(value))
    if type(value) is tuple and depth < 2 and len(value) <= 4:
        parts = [_literal(v, depth + 1) for v in value]
        if None not in parts:
            return f"({','.join(parts)}{',' if len(parts) == 1 else ''})"
    return None


def _bindings(source: str) -> dict[tuple[str, str], str]:
    """(scope, name) -> how the name is bound there (local, free, global), for every name a
    scope uses; scopes by their path of names (`p/<lambda>#2`)."""
    out: dict[tuple[str, str], str] = {}

    def visit(table: symtable.SymbolTable, path: str) -> None:
        for sym in table.get_symbols():
            if sym.is_referenced():
                kind = "local" if sym.is_local() else "free" if sym.is_free() else "global"
                out[(path, sym.get_name())] = kind
        seen: dict[str, int] = {}
        for child in table.get_children():
            n = seen[child.get_name()] = seen.get(child.get_name(), 0) + 1
            visit(child, f"{path}/{child.get_name()}#{n}")

    try:
        visit(symtable.symtable(source, "<shrink>", "exec"), "")
    except (SyntaxError, ValueError):
        pass
    return out


def _same_bindings(before: dict, after: dict) -> bool:
    return all(before.get(key, kind) == kind for key, kind in after.items())


def worker_limits() -> None:
    """For a process that runs programs outside the sandbox (`shrink`'s edits, the search's
    idioms): at most MEMORY more address space than it holds now, so one that builds a huge
    value fails with MemoryError instead of taking the machine; Ctrl-C is the driver's to
    handle."""
    with open("/proc/self/statm") as f:
        held = int(f.read().split()[0]) * resource.getpagesize()
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    soft = held + MEMORY if hard == resource.RLIM_INFINITY else min(held + MEMORY, hard)
    resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
    signal.signal(signal.SIGINT, signal.SIG_IGN)


# An edit: (path to a node, what to do). A path is the (field, index) steps from the module.
Path = tuple[tuple[str, int | None], ...]


def _edits(tree: ast.AST) -> Iterator[tuple[Path, str, int]]:
    """Every edit, statements before expressions: drop a statement; replace an `if` statement
    by one branch; replace a call by one of its arguments, a conditional or boolean expression
    by one operand, a binary operation by one side, a comparison by its left one, `x[i]` by
    `x`, a comprehension or `(*x,)` by what it walks over; drop a keyword argument, the last
    positional one, an element of a tuple, list or set display, a comprehension's condition;
    `frozenset` as `set`; a walrus of `p`'s own with an immutable constant as `p`'s default
    argument (`lambda g:f(g,(k:=0))` as `lambda g,k=0:f(g,k)`, two characters less)."""
    stmts, exprs = [], []
    for path, node in _walk(tree, ()):
        for field in ("body", "orelse"):
            block = getattr(node, field, None)
            if isinstance(block, list) and len(block) > 1 and isinstance(block[0], ast.stmt):
                stmts += [(path, f"drop:{field}", k) for k in range(len(block))]
        if isinstance(node, ast.If):
            stmts.append((path, "if:body", 0))
            if node.orelse:
                stmts.append((path, "if:orelse", 0))
        elif isinstance(node, ast.Call):
            if not any(isinstance(a, ast.Starred) for a in node.args):
                exprs += [(path, "pick:args", k) for k in range(len(node.args))]
                if len(node.args) > 1:  # `range(a, b, 1)`: the last, when it has a default
                    exprs.append((path, "drop:args", len(node.args) - 1))
            exprs += [(path, "drop:keywords", k) for k in range(len(node.keywords))]
        elif isinstance(node, ast.Tuple | ast.List | ast.Set) and not isinstance(
            getattr(node, "ctx", None), ast.Store
        ):
            if len(node.elts) > 1:
                exprs += [(path, "drop:elts", k) for k in range(len(node.elts))]
            elif node.elts and isinstance(node.elts[0], ast.Starred):  # `(*x,)` as `x`
                exprs.append((path, "pick:elts", 0))
        elif isinstance(node, ast.comprehension):
            exprs += [(path, "drop:ifs", k) for k in range(len(node.ifs))]
        elif isinstance(node, ast.ListComp | ast.SetComp | ast.GeneratorExp):
            if len(node.generators) == 1:
                exprs.append((path, "pick:generators", 0))
        elif isinstance(node, ast.Compare) and len(node.ops) == 1:
            exprs.append((path, "pick:left", 0))
        elif isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load):
            exprs.append((path, "pick:value", 0))
        elif isinstance(node, ast.IfExp):
            exprs += [(path, "pick:body", 0), (path, "pick:orelse", 0)]
        elif isinstance(node, ast.BoolOp):
            exprs += [(path, "pick:values", k) for k in range(len(node.values))]
        elif isinstance(node, ast.BinOp):
            exprs += [(path, "pick:left", 0), (path, "pick:right", 0)]
        elif isinstance(node, ast.Name) and node.id == "frozenset":
            exprs.append((path, "set", 0))
        elif isinstance(node, ast.NamedExpr) and _immutable(node.value):
            exprs.append((path, "default", 0))
    yield from stmts
    yield from exprs


# A default argument is made once and shared by every call: only a value no call can change.
_IMMUTABLE = (ast.Constant, ast.Tuple, ast.BinOp, ast.UnaryOp, ast.operator, ast.unaryop)
_IMMUTABLE += (ast.Load,)


def _immutable(expr: ast.expr) -> bool:
    """Whether `expr` is built of constants by operators and tuples (`(0,)*9`, `'0, '*3`, `-1`),
    or is `range` of such: a value no call can change."""
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and expr.func.id == "range":
        return not expr.keywords and all(_immutable(a) for a in expr.args)
    return all(isinstance(n, _IMMUTABLE) for n in ast.walk(expr))


def _entry(tree: ast.Module) -> ast.Lambda | ast.FunctionDef | None:
    """The entry `p` (`p = lambda ...` or `def p`) when the module defines it once, at top level."""
    found = []
    for stmt in tree.body:
        if isinstance(stmt, ast.FunctionDef) and stmt.name == passes.ENTRY:
            found.append(stmt)
        elif isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
            target = stmt.targets[0]
            if isinstance(target, ast.Name) and target.id == passes.ENTRY:
                found.append(stmt.value)
    if len(found) == 1 and isinstance(found[0], ast.Lambda | ast.FunctionDef):
        return found[0]
    return None


def _walk(node: ast.AST, path: Path) -> Iterator[tuple[Path, ast.AST]]:
    yield path, node
    for field, value in ast.iter_fields(node):
        if isinstance(value, list):
            for k, child in enumerate(value):
                if isinstance(child, ast.AST):
                    yield from _walk(child, (*path, (field, k)))
        elif isinstance(value, ast.AST):
            yield from _walk(value, (*path, (field, None)))


class _Lines:
    """`text` (the source `tree` was parsed from) with the offset each line starts at, so an
    edit can be made on the text (see `_edited`): ast.unparse of the whole tree, for each edit
    tried, took as long as running the program. Not for text whose node offsets are not
    character offsets (non-ASCII) or lie (f-strings), nor with a string over several lines,
    which taking out an indent would change."""

    def __init__(self, text: str):
        self.text = text
        lower = text.lower()
        quotes = ("f'", 'f"', "'" * 3, '"' * 3)
        self.usable = text.isascii() and not any(q in lower for q in quotes)
        self.starts = [0]
        for line in text.split("\n"):
            self.starts.append(self.starts[-1] + len(line) + 1)

    def span(self, node: ast.AST) -> tuple[int, int]:
        return (
            self.starts[node.lineno - 1] + node.col_offset,
            self.starts[node.end_lineno - 1] + node.end_col_offset,
        )

    def rows(self, first: ast.stmt, last: ast.stmt | None = None) -> tuple[int, int]:
        """Where the lines of statements `first` to `last` start and end: ast.unparse puts
        each statement on lines of its own, and edits made on the text keep it so."""
        top = min([first.lineno] + [d.lineno for d in getattr(first, "decorator_list", ())])
        return self.starts[top - 1], self.starts[(last or first).end_lineno]


# Expressions that stay one operand wherever they are put; any other goes in parentheses.
_ATOMS = (ast.Name, ast.Call, ast.Subscript, ast.Attribute, ast.List, ast.ListComp, ast.Set)
_ATOMS += (ast.SetComp, ast.Dict, ast.DictComp)


def _spliced(lines: _Lines, node: ast.AST, replacement: ast.AST | list[ast.stmt] | None) -> str:
    """`lines.text` with `replacement`'s text in place of `node`'s: an expression, or for a
    statement, the statements of one of its blocks (one level less indented) or nothing."""
    text = lines.text
    if isinstance(node, ast.stmt):
        start, end = lines.rows(node)
        if not replacement:
            return text[:start] + text[end:]
        a, b = lines.rows(replacement[0], replacement[-1])
        return text[:start] + _INDENT.sub("", text[a:b]) + text[end:]
    (start, end), (a, b) = lines.span(node), lines.span(replacement)
    inner = text[a:b]
    if not isinstance(replacement, _ATOMS):
        inner = f"({inner})"
    return text[:start] + inner + text[end:]


_INDENT = re.compile("^    ", re.MULTILINE)  # ast.unparse's indent


def _elif(lines: _Lines, stmt: ast.stmt) -> bool:
    """Whether `stmt` is an `if` written as `elif`, the `else` of another: not one the text of
    a block can take the place of, nor take the place of one."""
    return lines.text.startswith("elif", lines.rows(stmt)[0] + stmt.col_offset)


def _edited(
    tree: ast.Module, edit: tuple[Path, str, int], lines: _Lines | None = None
) -> str | None:
    """The source of `tree` with `edit` made (the tree itself is left as it was), or None when
    the edit cannot be made; text that does not compile fails `reproduces` like a wrong one.
    With `lines` (what `tree` was parsed from), the edit is made on the text where it can be:
    an expression put in another's place (in parentheses unless it is one operand), a statement
    or a list's element after the first dropped, an `if` by a block's lines; the rest is
    unparsed."""
    path, what, k = edit
    parent, node = None, tree
    for field, index in path:
        parent = (node, field, index)
        value = getattr(node, field)
        node = value if index is None else value[index]
    kind, _, field = what.partition(":")
    on_text = lines is not None and lines.usable
    try:
        if kind == "drop":
            block = getattr(node, field)
            if on_text and isinstance(block[k], ast.stmt):
                return _spliced(lines, block[k], None)
            if on_text and k > 0 and (field != "elts" or len(block) > 2):  # `(a, b)`, not `(a)`
                end = lines.span(block[k - 1])[1]
                return lines.text[:end] + lines.text[lines.span(block[k])[1] :]
            removed = block.pop(k)
            try:
                return ast.unparse(tree)
            finally:
                block.insert(k, removed)
        if kind == "set":
            if on_text:
                start, end = lines.span(node)
                return lines.text[:start] + "set" + lines.text[end:]
            node.id = "set"
            try:
                return ast.unparse(tree)
            finally:
                node.id = "frozenset"
        if parent is None:
            return None
        if kind == "default":
            return _as_default(tree, path, node, parent, lines if on_text else None)
        if kind == "if":
            replacement = getattr(node, field)  # a list of statements in the parent's block
            if on_text and not (_elif(lines, node) or _elif(lines, replacement[0])):
                return _spliced(lines, node, replacement)
        else:
            value = getattr(node, field)
            replacement = value[k] if isinstance(value, list) else value
            if isinstance(replacement, ast.comprehension):
                replacement = replacement.iter
            elif isinstance(replacement, ast.Starred):
                replacement = replacement.value
            if kind == "pick" and _function(replacement, tree, _scopes(tree, path)):
                return None
            if kind == "pick" and on_text:
                return _spliced(lines, node, replacement)
        if kind == "if":
            owner, owner_field, index = parent
            slot = getattr(owner, owner_field)
            if index is None:
                return None
            slot[index : index + 1] = replacement
            try:
                return ast.unparse(tree)
            finally:
                slot[index : index + len(replacement)] = [node]
        with _swapped(parent, node, replacement):
            return ast.unparse(tree)
    except (ValueError, TypeError, AttributeError, RecursionError):
        return None


@contextmanager
def _swapped(parent: tuple[ast.AST, str, int | None], node: ast.AST, replacement: ast.AST):
    """`replacement` in `node`'s place in `parent` (owner, field, index) meanwhile."""
    owner, field, index = parent

    def put(new: ast.AST) -> None:
        if index is None:
            setattr(owner, field, new)
        else:
            getattr(owner, field)[index] = new

    put(replacement)
    try:
        yield
    finally:
        put(node)


def _as_default(
    tree: ast.Module, path: Path, node: ast.NamedExpr, parent: tuple, lines: _Lines | None
) -> str | None:
    """The source of `tree` with the walrus `node` a default argument of the entry `p`, when
    it binds a name of `p`'s own scope that is not a parameter already; else None. The walrus
    may have set its name once per call, before any read: the examples tell. Made on the text
    too where it can be: folding has made literals the unparsed tree would spell longer."""
    entry = _entry(tree)
    functions = [s for s in _scopes(tree, path) if isinstance(s, ast.Lambda | ast.FunctionDef)]
    args = getattr(entry, "args", None)
    if not functions or functions[-1] is not entry or args.vararg or args.kwonlyargs:
        return None
    name = node.target.id
    if name in {a.arg for a in args.posonlyargs + args.args}:
        return None
    args.args.append(ast.arg(name))
    args.defaults.append(node.value)
    try:
        with _swapped(parent, node, ast.Name(name, ast.Load())):
            unparsed = ast.unparse(tree)
    finally:
        args.args.pop()
        args.defaults.pop()
    if lines is None or not args.args:
        return unparsed
    text = lines.text
    at = max(lines.span(n)[1] for n in (*args.args, *args.defaults))
    (start, end), value = lines.span(node), text[slice(*lines.span(node.value))]
    if text[start - 1 : start] == "(" and text[end : end + 1] == ")":
        start, end = start - 1, end + 1
    spliced = f"{text[:at]}, {name}={value}{text[at:start]}{name}{text[end:]}"
    try:
        same = ast.dump(ast.parse(spliced)) == ast.dump(ast.parse(unparsed))
    except SyntaxError:
        same = False
    return spliced if same else unparsed


def _function(
    node: ast.AST, tree: ast.Module, scopes: list[ast.AST], seen: frozenset = frozenset()
) -> bool:
    """Whether `node`, evaluated in `scopes` (outermost first), is a function as a value: a
    lambda, a builtin's name, the name of a top-level `def` or `f = lambda`, or a local set to
    one of those (`O = K`: a DSL solver's local function). Minified code reuses a global
    function's letter for other locals, which are values."""
    if isinstance(node, ast.Lambda | ast.FunctionDef):  # a def: a local one, see `bound_in`
        return True
    if not isinstance(node, ast.Name) or node.id in seen:
        return False
    for depth in range(len(scopes), 0, -1):
        values = passes.bound_in(scopes[depth - 1], node.id)
        if values is not None:
            inner = scopes[:depth], seen | {node.id}
            return any(_function(v, tree, *inner) for v in values)
    if callable(getattr(builtins, node.id, None)):
        return True
    for stmt in tree.body:
        if isinstance(stmt, ast.FunctionDef) and stmt.name == node.id:
            return True
        if isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Lambda):
            if any(isinstance(t, ast.Name) and t.id == node.id for t in stmt.targets):
                return True
    return False


_FIRST_ITERABLE = (("generators", 0), ("iter", None))


def _scopes(tree: ast.Module, path: Path) -> list[ast.AST]:
    """The functions and comprehensions the node at `path` is evaluated in, outermost first (a
    default is evaluated outside its function, a comprehension's first iterable outside it)."""
    scopes, node = [], tree
    for i, (field, index) in enumerate(path):
        if isinstance(node, ast.FunctionDef | ast.Lambda):
            if field == "body":
                scopes.append(node)
        elif isinstance(node, passes.NESTED) and path[i : i + 2] != _FIRST_ITERABLE:
            scopes.append(node)
        value = getattr(node, field)
        node = value if index is None else value[index]
    return scopes
