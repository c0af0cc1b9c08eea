"""Walk task idioms through mechanical rewrites and report each rewrite that makes one shorter
and stays right, judged as `idiom_check.py` judges a hand-written one.

    python scripts/idiom_walk.py [NAME ...] [--draws N]
        [--rules zip,index,subs,reversals,rotations,selects,digits,swaps]

The rewrites are ones that found bytes by hand more than once: a pass over `zip(*g)` instead of
a transpose of each pass's result (`zip`), the shortest index for a list's last item (`index`),
one-token substitutions such as `==0` -> `<1`, `and` -> `*` (`subs`), a reversal dropped
(`reversals`), a term moved so that no digit or name meets a keyword (`rotations`), `X and Y or
Z` or `Y if X else Z` as `[Z,Y][X]` (`selects`: no spaces, but both evaluated); and, only when
asked for, a number with a digit fewer (`digits`: its kept rewrites need reasoning through) and
the operands of one operator swapped (`swaps`: as long raw, for packed idioms, each variant
packed: about a minute a pass over a packed idiom).
Each is kept, greedily and one at a time, when the program gets shorter where it counts (raw, or
packed from PACKS_FROM bytes), stays right on every example of its real task (needs the shared
set) and gets no more of N drawn inputs wrong than the idiom. An idiom that changed is then
timed against its old self on search cost over all 400 tasks (at most 1.5x, or at most a
quarter second more for each byte saved: `idiom_check.cost_refusal`); the report says when one
is refused. Nothing is written: apply a reported expression by hand and run its tests.
"""

from __future__ import annotations

import argparse
import ast
import functools
import re
import sys
import warnings
from collections.abc import Callable, Iterator

import idiom_check as ic  # beside this file; it puts the repository on sys.path
from tqdm import tqdm

from golf_ray.golf import compress, search, task_idioms
from golf_ray.tasks import load_task_dir, load_task_file, shared_tasks_dir


def _closing(s: str, i: int) -> int:
    """The index of the bracket that closes the one at `s[i]`, -1 if none does."""
    depth = 0
    for k in range(i, len(s)):
        depth += (s[k] in "([{") - (s[k] in ")]}")
        if depth == 0:
            return k
    return -1


def zip_passes(expr: str) -> Iterator[str]:
    """`[*zip(*[B for r in g]T)]` -> `[B for r in zip(*g)]T` (and `for*r,in`): a pass over the
    columns instead of a transpose of a pass over the rows, where the rule is symmetric enough
    that the examples cannot tell (the judge decides)."""
    for at in (m.start() for m in re.finditer(re.escape("[*zip(*["), expr)):
        inner_at = at + len("[*zip(*")
        inner_end, end = _closing(expr, inner_at), _closing(expr, at)
        if inner_end < 0 or end < 0:
            continue
        inner, tail = expr[inner_at : inner_end + 1], expr[inner_end + 1 : end - 1]
        depth = 0
        for p, c in enumerate(inner):
            depth += (c in "([{") - (c in ")]}")
            loop = depth == 1 and re.match(r"for(\*?\w+,?|\s\w+)\s?in g(?![\w\[])", inner[p:])
            if loop:
                name = loop.group(1).strip().strip("*,")
                for target in (f" {name} ", f"*{name},"):
                    new = inner[:p] + f"for{target}in zip(*g)" + inner[p + loop.end() :]
                    yield (expr[:at] + new + tail + expr[end + 1 :]).replace(
                        "zip(*g) if", "zip(*g)if"
                    )
                break


def last_index(expr: str) -> Iterator[str]:
    """An idiom that ends in `[...]and g` (the last pass's result) or `[...][-1]`: the same list
    indexed `[-1]`, then `[0]` to `[99]` (the walk keeps the first that is shorter and right)."""
    for ending in ("]and g", "][-1]"):
        if expr.endswith(ending):
            head = expr[: -len(ending) + 1]
            yield from (f"{head}[{k}]" for k in ["-1", *map(str, range(100))])
            return


SUBSTITUTIONS = [
    (r"\(0,\*(\w+(?:\[[^\]\[]*\])?)\)", r"[0]+\1"),
    (r"\(\*(\w+(?:\[[^\]\[]*\])?),0\)", r"\1+[0]"),
    (r"sum\(g,\[\]\)", "sum(g,g)"),
    (r"==0(?![\d.j])", "<1"),
    (r"(?<![\w.])0==", "0>="),
    (r"!=0(?![\d.j])", ">0"),
    (r">=1(?![\d.j])", ">0"),
    (r"!=", "-"),
    (r">0(?![\d.j])(?=\s*(?:and|or|if|for|else|\)))", ""),
    (r"([\])]) ?and ", r"\1*"),
    (r" and ", "*"),
]


def _spliced(expr: str, start: int, end: int, new: str) -> str:
    """`expr` with `expr[start:end]` replaced by `new`, spaced from a word that follows (`r for`)."""
    head, rest = expr[:start] + new, expr[end:]
    return head + (" " if head[-1:].isalnum() and rest[:1].isalpha() else "") + rest


def substitutions(expr: str) -> Iterator[str]:
    """`expr` with one occurrence of one SUBSTITUTIONS pattern replaced."""
    for pattern, replacement in SUBSTITUTIONS:
        for m in re.finditer(pattern, expr):
            yield _spliced(expr, m.start(), m.end(), m.expand(replacement))


def fewer_digits(expr: str) -> Iterator[str]:
    """One integer literal of 2 or more digits (a pass count, a pad, a bound) replaced by the
    largest with a digit fewer: where any value in a range works, the shortest does. Draws
    seldom reach a bound's edge (task168's ray bound 10*D -> 9*D passed every real example and
    4,000 draws, yet drops the ray of an L in the last two rows): reason a kept one through."""
    for m in re.finditer(r"(?<![\w.'\"\\])\d{2,}(?![\w.])", expr):
        yield _spliced(expr, m.start(), m.end(), "9" * (len(m.group()) - 1))


def reversals(expr: str) -> Iterator[str]:
    """One `[::-1]` dropped: a reversal a symmetric rule or an even count of turns undoes."""
    for m in re.finditer(re.escape("[::-1]"), expr):
        yield _spliced(expr, m.start(), m.end(), "")


_FLIPPED = {"<": ">", ">": "<", "<=": ">=", ">=": "<=", "==": "==", "!=": "!="}
_COMMUTING = ("|", "&", "^", "+", "*")
_KEYWORDS = r"(?:for|if|else|and|or|in|is|not)\b"
_BEFORE_KEYWORD = re.compile(rf"\d(?= ?{_KEYWORDS})|[A-Za-z_](?= {_KEYWORDS})")


def rotations(expr: str) -> Iterator[str]:
    """Where a digit or a name meets a keyword (`...|r[j]//5 for`, `x==G and`: a space between),
    the term that ends in it moved to the front of its chain (`r[j]//5|...`) or, across a
    comparison, to the other side (`G==x and`): a byte where the new end is a bracket.
    Spans are cut by text alone; a variant that is not Python, or reorders a walrus before its
    use, is judged wrong like any other."""
    for m in _BEFORE_KEYWORD.finditer(expr):
        end = m.end()
        for op_at in range(end - 1, max(-1, end - 40), -1):
            op = next((o for o in (*_FLIPPED, *_COMMUTING) if expr.startswith(o, op_at)), None)
            if op is None or expr[op_at - 1 : op_at + 1] in ("**", "//", ">>", "<<", "<=", ">="):
                continue
            if expr[op_at + len(op) : op_at + len(op) + 1] in ("=", "*", "/", ">", "<"):
                continue
            term = expr[op_at + len(op) : end]
            if not _operand(term):
                continue
            for start in range(op_at - 1, max(-1, op_at - 60), -1):
                other = expr[start:op_at]
                if (start and expr[start - 1] not in "([{,= ") or not _operand(other):
                    continue
                new = term + _FLIPPED.get(op, op) + other
                yield _spliced(expr, start, len(expr) - len(expr[end:].lstrip(" ")), new)


def _operand(text: str) -> bool:
    """Whether `text` can be one side of an operator: its brackets balanced and no space outside
    them (a keyword there, `a if b`, binds looser than any operator; inside, `[x for x in r]`,
    it is the bracket's own)."""
    depth = 0
    for c in text:
        depth += (c in "([{") - (c in ")]}")
        if depth < 0 or (depth == 0 and c == " "):
            return False
    return depth == 0


_SWAPPED = {ast.Add: "+", ast.Mult: "*", ast.BitOr: "|", ast.BitAnd: "&", ast.BitXor: "^"}
_SYMBOLS = {ast.Lt: "<", ast.Gt: ">", ast.LtE: "<=", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!="}
_MIRRORED = {
    ast.Lt: ast.Gt,
    ast.Gt: ast.Lt,
    ast.LtE: ast.GtE,
    ast.GtE: ast.LtE,
    ast.Eq: ast.Eq,
    ast.NotEq: ast.NotEq,
}


def swaps(expr: str) -> Iterator[str]:
    """The two operands of one `+ * | & ^` or one-operator comparison in the other order (`a<b`
    -> `b>a`): as long raw, and deflate may find more repeats in one order than the other (over
    23 packed idioms, in about an hour beside other work, it made task018 287 -> 285 and task118
    261 -> 260). Only the walk's packed idioms take same-length variants, so this rule pays on
    those alone. A variant
    must parse to the same tree with that one node's operands swapped, so the text cut never
    changes what binds to what (`(a-b)*c` -> `c*(a-b)`); `+` on lists and strings does not
    commute, and the judge refuses those."""
    tree = _parsed(expr)
    if tree is None:
        return
    span = functools.partial(_span, expr.encode())
    for k, node in enumerate(ast.walk(tree)):
        if isinstance(node, ast.BinOp) and type(node.op) in _SWAPPED:
            left, right, op = node.left, node.right, _SWAPPED[type(node.op)]
        elif isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in _SYMBOLS:
            left, right, op = node.left, node.comparators[0], _SYMBOLS[_MIRRORED[type(node.ops[0])]]
        else:
            continue
        want = _parsed(expr)
        _swap(next(n for i, n in enumerate(ast.walk(want)) if i == k))
        start, end = span(node)
        a, b = (expr[slice(*span(n))] for n in (left, right))
        for new in (f"{b}{op}{a}", f"({b}){op}{a}", f"{b}{op}({a})", f"({b}){op}({a})"):
            variant = _spliced(expr, start, end, new)
            if (tree := _parsed(variant)) and ast.dump(tree) == ast.dump(want):
                yield variant
                break


_KEYWORD_BEFORE = re.compile(rf"(?<![\w.]){_KEYWORDS} $")


def selects(expr: str) -> Iterator[str]:
    """One `X and Y or Z` or `Y if X else Z` as `[Z,Y][X]`: no spaces, and no byte for a digit
    before a keyword (`2 in`). Not the same where Y is falsy, X is not a bool, or Z or Y fails
    or is slow when the other is taken (both are evaluated): the judge decides."""
    tree = _parsed(expr)
    if tree is None:
        return
    span = functools.partial(_span, expr.encode())

    def cut(node: ast.expr) -> str:
        return expr[slice(*span(node))]

    for node in ast.walk(tree):
        if isinstance(node, ast.IfExp):
            test, body, orelse = node.test, node.body, node.orelse
        elif (
            isinstance(node, ast.BoolOp)
            and isinstance(node.op, ast.Or)
            and len(node.values) == 2
            and isinstance(node.values[0], ast.BoolOp)
            and isinstance(node.values[0].op, ast.And)
            and len(node.values[0].values) == 2
        ):
            (test, body), orelse = node.values[0].values, node.values[1]
        else:
            continue
        start, end = span(node)
        if _KEYWORD_BEFORE.search(expr[:start]):
            start -= 1  # `if [Z,Y][X]` -> `if[Z,Y][X]`
        if re.match(rf" {_KEYWORDS}", expr[end:]):
            end += 1  # `[Z,Y][X] for` -> `[Z,Y][X]for`
        elif expr[start - 1 : start] == "(" and expr[end : end + 1] == ")":
            if not re.search(r"[\w)\]]$", expr[: start - 1]):  # grouping, not a call's
                start, end = start - 1, end + 1
        yield _spliced(expr, start, end, f"[{cut(orelse)},{cut(body)}][{cut(test)}]")


def _span(text: bytes, node: ast.expr) -> tuple[int, int]:
    """`node`'s start and end as offsets into the str `text` encodes (the AST's are UTF-8 bytes)."""
    return len(text[: node.col_offset].decode()), len(text[: node.end_col_offset].decode())


def _parsed(expr: str) -> ast.Expression | None:
    with warnings.catch_warnings():  # `5for` parses, with a warning
        warnings.simplefilter("ignore")
        try:
            return ast.parse(expr, mode="eval")
        except SyntaxError:
            return None


def _swap(node: ast.BinOp | ast.Compare) -> None:
    if isinstance(node, ast.BinOp):
        node.left, node.right = node.right, node.left
    else:
        node.left, node.comparators = node.comparators[0], [node.left]
        node.ops = [_MIRRORED[type(node.ops[0])]()]


RULES: dict[str, Callable[[str], Iterator[str]]] = {
    "zip": zip_passes,
    "index": last_index,
    "subs": substitutions,
    "digits": fewer_digits,
    "reversals": reversals,
    "rotations": rotations,
    "swaps": swaps,
    "selects": selects,
}


def counts(expr: str) -> int:
    """The bytes the pipeline would submit: raw, or packed when that is shorter."""
    source = search.program(expr)
    raw = len(source.encode())
    return min(raw, len(compress.packed(source))) if raw >= compress.PACKS_FROM else raw


def walk(
    expr: str,
    pairs: list,
    rules: list[Callable[[str], Iterator[str]]],
    keeps: Callable[[str], bool] = lambda variant: True,
) -> str:
    """`expr` after greedy rewrites: each the first that makes it shorter where it counts, stays
    right on `pairs`, and `keeps` passes (the drawn inputs, judged before a variant is kept, so
    a variant they refuse leaves the walk free to try the next). A packed idiom also takes
    variants as long raw (the `swaps` rule's), since packed they may be shorter."""
    size = counts(expr)
    while True:
        raw = len(search.program(expr))
        for variant in (v for rule in rules for v in rule(expr)):
            # raw length first (with the spaces search.program adds): a variant longer raw is
            # rarely shorter packed; one that is not Python, or reorders a walrus before its
            # use, fails on the examples like any wrong one. A shorter one is judged before it
            # is packed (packing takes a second or more); one as long is mostly right and
            # mostly packs no shorter, so it is packed first.
            source = search.program(variant)
            if len(source) > raw or len(source) == raw < compress.PACKS_FROM:
                continue
            if len(source) < raw and not search.reproduces(source, pairs):
                continue
            if (
                (new := counts(variant)) < size
                and (len(source) < raw or search.reproduces(source, pairs))
                and keeps(variant)
            ):
                expr, size = variant, new
                break
        else:
            return expr


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="idioms to walk (default: every one)")
    default = ",".join(r for r in RULES if r not in ("digits", "swaps"))
    parser.add_argument(
        "--rules", default=default, help=f"of {', '.join(RULES)} (default: {default})"
    )
    parser.add_argument("--draws", type=int, default=1000, help="inputs drawn (default 1000)")
    args = parser.parse_args()
    rules = [r.strip() for r in args.rules.split(",") if r.strip()]
    if unknown := [r for r in rules if r not in RULES]:
        parser.error(f"--rules: no rule {unknown[0]!r} (rules: {', '.join(RULES)})")
    names = args.names or [n for n in task_idioms.IDIOMS if n in ic.DRAWN]
    if unknown := [n for n in names if n not in task_idioms.IDIOMS or n not in ic.DRAWN]:
        parser.error(f"{unknown[0]}: not an idiom of task_idioms.IDIOMS with a draw")
    tasks_dir = shared_tasks_dir()
    if tasks_dir is None:
        parser.error("no shared task set (../shared/data or $GOLF_RAY_SHARED_DATA)")
    every = None  # every task's train and test pairs, loaded for the first cost check
    changed = 0
    for name in tqdm(names, desc="idioms", unit="idiom", file=sys.stderr):
        old = task_idioms.IDIOMS[name]
        task = load_task_file(tasks_dir / f"{ic.DRAWN[name][2]}.json")
        wrong = functools.cache(
            lambda e, n=name: ic.wrong_draws(n, search.program(e), args.draws)[0]
        )
        new = walk(
            old,
            ic.pairs_of(task.all_examples),
            [RULES[r] for r in rules],
            keeps=lambda variant, old=old, wrong=wrong: wrong(variant) <= wrong(old),
        )
        if new == old:
            continue
        changed += 1
        if every is None:
            tasks = load_task_dir(tasks_dir, strict=True)
            every = [ic.pairs_of((*t.train, *t.test)) for t in tasks]
        before_s, after_s = ic.search_cost(search.program(old), search.program(new), every)
        cost = after_s / before_s
        refused = ic.cost_refusal(before_s, after_s, counts(old) - counts(new))
        verdict = f"refused: {refused}" if refused else "kept"
        tqdm.write(
            f"{name} ({task.id}) {counts(old)} -> {counts(new)} bytes, draws wrong {wrong(old)} "
            f"-> {wrong(new)}, cost {cost:.2f}x: {verdict}\n  {new}"
        )
    tqdm.write(f"{changed} of {len(names)} idioms rewritten")
    return 0


if __name__ == "__main__":
    sys.exit(main())
