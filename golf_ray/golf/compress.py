"""The compressed wrapper: a program stored as a raw-deflate stream that inflates and runs itself.

    #coding:L1
    import zlib
    exec(zlib.decompress(bytes('<deflate stream as latin-1 text>','L1'),-9))

The file is latin-1, so every byte of the stream is one character of the string literal and one
byte of the file; only the bytes that would end or break the literal are escaped (the quote,
NUL, CR, LF, and a backslash that the next character would make an escape). Worth it for
programs over a few hundred bytes. Programs are text, so the wrapper is returned as `bytes`,
exactly the file to submit.
"""

from __future__ import annotations

import ast
import functools
import io
import itertools
import random
import string
import tokenize
import warnings
import zlib

import zopfli.zlib

from golf_ray.golf import passes

PACKS_FROM = 200  # bytes: below this the wrapper's own 61 bytes are rarely made back
HEADER = b"#coding:L1\nimport zlib\nexec(zlib.decompress(bytes("
FOOTER = b",'L1'),-9))"
_ESCAPES = {0: b"\\0", 10: b"\\n", 13: b"\\r", 92: b"\\\\"}
_OCTAL = b"01234567"
# What may follow a backslash in a string literal and make it an escape; before anything else
# a backslash stands for itself (a DeprecationWarning before Python 3.12, a SyntaxWarning since).
_ESCAPING = frozenset(b"\\\n'\"abfnrtvx01234567NuU")


def literal(data: bytes, quote: bytes) -> bytes:
    """`data` as a latin-1 string literal delimited by `quote` (b"'" or b'"')."""
    out = bytearray(quote)
    for i, b in enumerate(data):
        after = data[i + 1] if i + 1 < len(data) else None
        if b == quote[0]:
            out += b"\\" + quote
        elif b == 0 and after is not None and after in _OCTAL:
            out += b"\\x00"  # "\\0" followed by a digit would read as a longer octal escape
        elif b == 92 and after is not None and after not in _ESCAPING and after not in _ESCAPES:
            out.append(b)  # a lone backslash: the next character starts no escape
        elif b in _ESCAPES:
            out += _ESCAPES[b]
        else:
            out.append(b)
    return bytes(out + quote)


def reordered(source: str, tries: int = 200) -> str:
    """`source` with its top-level definitions (`def f`, `f=lambda`) in the order, of the
    original and `tries` seeded shuffles, whose deflate stream is shortest: deflate finds more
    repeats when alike code sits close. Making a definition runs nothing, so any order does;
    `source` stays as it is when something run at load time (another top-level statement, a
    default argument) uses a definition, or a name is defined twice."""
    try:
        body = ast.parse(source).body
    except SyntaxError:
        return source
    lines = source.split("\n")
    units: list[tuple[str, bool]] = []  # (text, movable); statements sharing a line stay one
    names, loaded, end = [], set(), 0
    for stmt in body:
        name = _definition(stmt)
        if name is None:
            loaded |= {n.id for n in ast.walk(stmt) if isinstance(n, ast.Name)}
        else:
            names.append(name)
        text = "\n".join(lines[stmt.lineno - 1 : stmt.end_lineno])
        if stmt.lineno <= end:  # on the line the last statement ended on
            units[-1] = (units[-1][0], False)
            continue
        units.append((text, name is not None))
        end = stmt.end_lineno
    if (
        len(set(names)) < len(names)
        or loaded & set(names)
        or "\n".join(u for u, _ in units) != source
    ):
        return source
    slots = [i for i, (_, movable) in enumerate(units) if movable]
    rng = random.Random(0)
    best, best_size = source, _deflated_size(source)
    for _ in range(tries if len(slots) > 1 else 0):
        order = rng.sample(slots, len(slots))
        texts = [u for u, _ in units]
        for slot, k in zip(slots, order, strict=True):
            texts[slot] = units[k][0]
        text = "\n".join(texts)
        if (size := _deflated_size(text)) < best_size:
            best, best_size = text, size
    return best


def renamed(source: str, tries: int = 500) -> str:
    """`source` with its one-letter names swapped for other letters: of the names as they are
    and `tries` random changes, each to the best so far, the names whose deflate stream is
    shortest. Deflate codes a character in fewer bits the more often it occurs, and finds more
    repeats when alike code uses alike names. Each binding (a lambda's `a`, another lambda's
    `a`, a global `a`) is its own name: bindings no code sees both of may share a letter. A
    letter stays as it is where renaming could change what the program does: `p` (the entry
    point), an attribute's or a keyword argument's name, an imported name, a name nothing binds;
    and `source` stays as it is when it may read a name from a string (`eval`, `globals`, an
    f-string...)."""
    return renamings(source, tries)[0]


def renamings(source: str, tries: int = 500, keep: int = 1, share_p: bool = False) -> list[str]:
    """The `keep` texts whose deflate streams are shortest of those `renamed`'s walk passed
    through, shortest first; `[source]` when nothing in it may be renamed. Each of `tries`
    steps swaps two letters everywhere; where bindings may share letters, `tries // 2` more
    steps follow, half of which give one binding a letter. `share_p`: a binding none of whose
    code calls `p` may take the entry point's letter too (one letter fewer to deflate); the
    entry point keeps it."""
    found = _name_slots(source, share_p)
    if found is None:
        return [source]
    (*pieces, tail), slots, apart, fixed, entry = found
    bindings = sorted(set(slots))
    movable = [b for b in bindings if b != entry]
    if not movable:
        return [source]
    letters = [c for c in string.ascii_letters if c not in fixed]
    scoped = any(len(apart[b]) < len(bindings) - 1 for b in bindings)

    def text(to: dict) -> str:
        return "".join(p + to[b] for p, b in zip(pieces, slots, strict=True)) + tail

    rng = random.Random(0)
    best = {b: b[1] for b in bindings}
    best_size = _deflated_size(source)
    seen = {source: best_size}
    # swaps first, which settle the lettering as a whole; then, where scopes allow, single
    # bindings move too, which lets alike code in separate scopes take alike letters
    for step in range(tries + (tries // 2 if scoped else 0)):
        binding, letter = rng.choice(movable), rng.choice(letters)
        had = best[binding]
        if step >= tries and rng.random() < 0.5:
            to = {**best, binding: letter}  # unless some code sees it and another `letter`
            if any(to[other] == letter for other in apart[binding]):
                continue
        else:  # every binding with `letter` takes `had`, every one with `had` takes `letter`
            swap = {letter: had, had: letter}
            to = {b: swap.get(c, c) for b, c in best.items()}
            if entry is not None and to[entry] != "p":
                continue
        changed = text(to)
        seen[changed] = size = _deflated_size(changed)
        if size <= best_size:  # a tie moves on across a plateau
            best, best_size = to, size
    walked = sorted(seen, key=seen.get)  # stable: of equal sizes, the earlier seen first
    return [text(best)] + [t for t in walked if t != text(best)][: keep - 1]


# Names that read other names from strings or scopes: renaming could change what they find.
_NAME_READERS = {
    "eval", "exec", "compile", "globals", "locals", "vars", "dir", "getattr", "setattr",
    "hasattr", "delattr", "namedtuple", "__import__", "__dict__", "__slots__",
}  # fmt: skip

Binding = tuple[int, str]  # (the scope that binds it, numbered as first met; its letter)
_NAMED_BY = {ast.Name: "id", ast.arg: "arg", ast.FunctionDef: "name"}


def _name_slots(
    source: str, share_p: bool = False
) -> tuple[list[str], list[Binding], dict[Binding, set[Binding]], set[str], Binding | None] | None:
    """`source` cut around its renamable one-letter names: the text between them (one piece
    more than names), the binding each name is, for each binding the others that must keep a
    letter apart from it, the letters that must stay, and the entry point's binding when it is
    among them (with `share_p`, where the scopes are followed: it keeps its letter `p`, which
    others may share); None when nothing in it may be renamed. Where the scopes are not
    followed (`passes.scope_chains`), each letter is one binding, apart from every other."""
    try:
        tree = ast.parse(source)
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (SyntaxError, tokenize.TokenError):
        return None
    fixed = set() if share_p else {"p"}
    for node in ast.walk(tree):
        if isinstance(node, ast.keyword) and node.arg:
            fixed.add(node.arg)
        elif isinstance(node, ast.MatchClass):
            fixed.update(node.kwd_attrs)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            fixed.update(n for a in node.names for n in (a.name.split(".")[0], a.asname) if n)
    lines = source.split("\n")
    starts = [0]  # where each line starts in `source`
    for line in lines:
        starts.append(starts[-1] + len(line) + 1)
    at: list[tuple[int, str, tuple[int, int]]] = []  # offset, name, the AST's (line, byte col)
    prev = None
    for tok in tokens:
        if tok.type == getattr(tokenize, "FSTRING_START", None) or (
            tok.type == tokenize.STRING and "f" in tok.string.split(tok.string[-1])[0].lower()
        ):
            return None
        if tok.type == tokenize.NAME:
            if tok.string in _NAME_READERS:
                return None
            if prev is not None and prev.string == ".":
                fixed.add(tok.string)
            elif len(tok.string) == 1 and tok.string in string.ascii_letters:
                row, col = tok.start
                where = prev.start if prev is not None and prev.string == "def" else tok.start
                byte_col = len(lines[where[0] - 1][: where[1]].encode())
                at.append((starts[row - 1] + col, tok.string, (where[0], byte_col)))
        if tok.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT):
            prev = tok
    bound = _resolve(tree, {where for _, _, where in at})
    if bound is not None:  # a name nothing binds keeps its letter
        fixed |= {name for _, name, where in at if bound[0].get(where, (0,))[0] is None}
    at = [(offset, name, where) for offset, name, where in at if name not in fixed]
    entry = (bound[2], "p") if share_p and bound is not None else None
    if (
        entry is None
        or any(where not in bound[0] for _, _, where in at)
        or entry not in (bound[0][where] for _, _, where in at)
    ):
        entry = None
        fixed.add("p")
        at = [(offset, name, where) for offset, name, where in at if name != "p"]
    if not at:
        return None
    pieces, end = [], 0
    for offset, _, _ in at:
        pieces.append(source[end:offset])
        end = offset + 1
    if bound is None or any(where not in bound[0] for _, _, where in at):
        slots = [(0, name) for _, name, _ in at]
        apart = {b: set(slots) - {b} for b in set(slots)}
    else:
        of, regions, _ = bound
        slots = [of[where] for _, _, where in at]
        apart = {
            b: {c for c in set(slots) if c != b and (c[0] in regions[b] or b[0] in regions[c])}
            for b in set(slots)
        }
    return [*pieces, source[end:]], slots, apart, fixed, entry


def _resolve(
    tree: ast.Module, wanted: set[tuple[int, int]]
) -> (
    tuple[dict[tuple[int, int], Binding | tuple[None, str]], dict[Binding, set[int]], int | None]
    | None
):
    """The binding of each name, parameter and def at `wanted` (line, byte column; a def by
    where its `def` starts), `(None, name)` for a name nothing binds; each binding's region:
    the scopes between it and the code that uses it, where no other binding of its letter may
    be; and the module's scope number. None where `passes.scope_chains` is."""
    chains = passes.scope_chains(tree)
    if chains is None:
        return None
    module = passes.local_names(tree)
    numbers: dict[int, int] = {}  # scope -> number, in the order first met
    of: dict[tuple[int, int], Binding | tuple[None, str]] = {}
    regions: dict[Binding, set[int]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Name | ast.arg | ast.FunctionDef):
            where = (node.lineno, node.col_offset)
            if where not in wanted:
                continue
            name = getattr(node, _NAMED_BY[type(node)])
            chain = chains[id(node)]
            outer = chain[-1]
            if outer is tree and name not in module:
                of[where] = (None, name)
                continue
            numbers.setdefault(id(outer), len(numbers))
            of[where] = binding = (numbers[id(outer)], name)
            region = regions.setdefault(binding, set())
            region.update(numbers.setdefault(id(scope), len(numbers)) for scope in chain)
    return of, regions, numbers.get(id(tree))


def _definition(stmt: ast.stmt) -> str | None:
    """The name a `def` or `name = lambda` binds, when making it runs nothing (no decorator,
    and only constants as defaults)."""
    if isinstance(stmt, ast.FunctionDef) and not stmt.decorator_list:
        args, name = stmt.args, stmt.name
    elif (
        isinstance(stmt, ast.Assign)
        and len(stmt.targets) == 1
        and isinstance(stmt.targets[0], ast.Name)
        and isinstance(stmt.value, ast.Lambda)
    ):
        args, name = stmt.value.args, stmt.targets[0].id
    else:
        return None
    defaults = [*args.defaults, *(d for d in args.kw_defaults if d is not None)]
    return name if all(isinstance(d, ast.Constant) for d in defaults) else None


def _deflated_size(text: str) -> int:
    return len(_zlib_stream(text.encode("utf-8")))


def _zlib_stream(code: bytes) -> bytes:
    """zlib's best raw deflate stream of `code` (no header, no checksum)."""
    c = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
    return c.compress(code) + c.flush()


def _streams(code: bytes, zopfli_iterations: int, split: bool = True) -> list[bytes]:
    """Raw deflate streams of `code`: zlib's best, and zopfli's (often a few % shorter, and
    about a hundred times slower at 50 iterations) unless `zopfli_iterations` is 0. `split`:
    zopfli tries splitting the stream into blocks, which costs it most of its time and seldom
    pays on a program of a few hundred bytes."""
    streams = [_zlib_stream(code)]
    if zopfli_iterations:
        # zopfli writes a zlib container: 2 bytes of header, 4 of Adler-32 at the end.
        deflated = zopfli.zlib.compress(code, numiterations=zopfli_iterations, blocksplitting=split)
        streams.append(deflated[2:-4])
    return streams


def wrap(source: str, zopfli: bool = True) -> bytes:
    """The shortest wrapper over both spacings of `source` (`_spacings`) and every deflate
    stream and quote tried."""
    return _shortest_wrapper(_spacings(source), 50 if zopfli else 0)


def _spacings(source: str) -> list[str]:
    """`source` with each whole number run into the keyword after it, and spaced from it: the
    tight text is shorter, the spaced one may deflate shorter (` for` repeats)."""
    return [*dict.fromkeys((passes.tight_keywords(source), passes.spaced_keywords(source)))]


def packed(source: str, texts: int = 1024, tries: int = 8000, share_p: bool = False) -> bytes:
    """The shortest wrapper found with far more work than `wrap`'s: of the `texts` renamings of
    each spacing (`_spacings`) that deflate shortest (`renamings`), each by zlib and by a quick
    zopfli (10 iterations, no block splitting: twenty times faster, as short). How many of a
    stream's bytes need a backslash is luck: a changed name moves every bit after it. So many
    near-best texts beat one best text squeezed hard: on 40 of the Code Golf tasks' compressed
    programs, 8.6 bytes a program shorter than `wrap`'s, against 6.6 with 64 texts and 5
    iterations with splitting, in less time (512 texts). The streams that could still win are
    written again with other headers (`_recoded`): on 31 packed programs, 11 bytes shorter in all
    (9 of them shorter), in 1.7 times the time; with 1024 texts, 16 bytes in 2.6 times. In the
    bench of 0285759 the 1024 texts by themselves shortened no packed task (the stage 1.1 min
    against 0.9); packing those 31 programs' texts again, 1024 texts beat 512 by 4 bytes."""
    return min(
        (
            _shortest_wrapper(renamings(s, tries, texts, share_p), 10, split=False, recode=True)
            for s in _spacings(source)
        ),
        key=len,
    )


def _shortest_wrapper(
    sources: list[str], zopfli_iterations: int, split: bool = True, recode: bool = False
) -> bytes:
    best = None
    found: list[bytes] = []
    for source in sources:
        code = source.encode("utf-8")
        for stream in _streams(code, zopfli_iterations, split):
            assert zlib.decompress(stream, -15) == code
            found.append(stream)
            program = _wrapper(stream)
            if best is None or len(program) < len(best):
                best = program
    # `recode`: the streams within a few bytes of the best, their headers rewritten: shorter
    # than zlib's, or with their later bits moved so that fewer bytes need a backslash.
    # in the order found, not a set's: of equal lengths the first wins, the same on every run
    for stream in sorted(dict.fromkeys(found), key=len) if recode else ():
        room = len(best) - len(HEADER) - len(FOOTER) - 3  # a stream's most bytes that could win
        if len(stream) > room + _RECODE_SAVES:
            break
        code = zlib.decompress(stream, -15)
        for other in _recoded(stream, room):
            least = min(other.count(39), other.count(34)) + sum(map(other.count, b"\0\n\r"))
            if len(other) + least > room or not _inflates(other, code):
                continue  # cannot win, whatever the quote; or zlib would not take it
            if len(program := _wrapper(other)) < len(best):
                best = program
    return best


def _wrapper(stream: bytes) -> bytes:
    """The wrapper of `stream` in the quote that needs fewer escapes (`'` on a tie)."""
    return min((HEADER + literal(stream, quote) + FOOTER for quote in (b"'", b'"')), key=len)


def _inflates(stream: bytes, code: bytes) -> bool:
    """Whether `stream` inflates to `code`."""
    try:
        return zlib.decompress(stream, -15) == code
    except zlib.error:
        return False


_RECODE_SAVES = 2  # bytes: the most a rewritten header was seen to save on zlib's (11 bits)
# Deflate's tables: the order in which a dynamic block's header gives the code lengths of the
# code-length code, and the extra bits after each length and distance symbol.
_CL_ORDER = (16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15)
_LENGTH_EXTRA = (0,) * 8 + tuple(n for n in range(1, 6) for _ in range(4)) + (0,)
_DISTANCE_EXTRA = (0, 0) + tuple(n for n in range(14) for _ in range(2))


def _recoded(stream: bytes, room: int) -> list[bytes]:
    """`stream` with its header written other ways, each at most `room` bytes; [] unless it is
    one dynamic-Huffman block. The header lists the literal and distance codes' lengths (up to
    one and four zeros past the last used), run-length coded (16, 17, 18 used or not) by a code
    whose own lengths it lists too (up to two zeros past the last used). Each way inflates the
    same, its runs' code is the shortest for it (zlib's often is not), and it moves every bit
    after it; the bits left over in the last byte are free too. Most streams are given up after
    the fewest lengths' 8 ways: then none fits in `room`."""
    bits = "".join(f"{b:08b}"[::-1] for b in stream)  # in the order inflate reads them
    at = 0

    def number(n: int) -> int:
        nonlocal at
        at += n
        return int(bits[at - n : at][::-1] or "0", 2)

    def symbol(table: dict[str, int]) -> int:
        nonlocal at
        for end in range(at + 1, at + 16):
            if bits[at:end] in table:
                at, found = end, table[bits[at:end]]
                return found
        raise ValueError

    if number(3) != 0b101:  # the final block, dynamic Huffman codes
        return []
    lit, dist, ncl = number(5) + 257, number(5) + 1, number(4) + 4
    cl = [0] * 19
    for i in range(ncl):
        cl[_CL_ORDER[i]] = number(3)
    table = {c: s for s, c in _canonical(cl).items()}
    lengths: list[int] = []
    while len(lengths) < lit + dist:
        s = symbol(table)
        if s < 16:
            lengths.append(s)
        else:
            count = (3, 3, 11)[s - 16] + number((2, 3, 7)[s - 16])
            lengths += [lengths[-1] if s == 16 else 0] * count
    start = at
    lits = {c: s for s, c in _canonical(lengths[:lit]).items()}
    dists = {c: s for s, c in _canonical(lengths[lit:]).items()}
    while (s := symbol(lits)) != 256:
        if s > 256:
            number(_LENGTH_EXTRA[s - 257])
            number(_DISTANCE_EXTRA[symbol(dists)])
    data = bits[start:at]
    lit_lengths, dist_lengths = lengths[:lit] + [0] * 30, lengths[lit:] + [0] * 30
    last_lit = max(257, max(i for i in range(lit) if lengths[i]) + 1)
    last_dist = max([i + 1 for i in range(dist) if lengths[lit + i]] or [1])
    ways = []  # (bits but the code-length code's lengths, the fewest of those, that code, ...)
    for lits_n in range(last_lit, min(286, last_lit + 1) + 1):
        for dists_n in range(last_dist, min(30, last_dist + 4) + 1):
            both = lit_lengths[:lits_n] + dist_lengths[:dists_n]
            groups = [(v, len(list(g))) for v, g in itertools.groupby(both)]
            for uses in range(8):
                runs = _runs(groups, uses)
                cl = _limited_lengths(tuple(map([s for s, _, _ in runs].count, range(19))), 7)
                size = 17 + sum(cl[s] + n for s, _, n in runs) + len(data)
                least = max(4, *(i + 1 for i in range(19) if cl[_CL_ORDER[i]]))
                ways.append((size, least, cl, runs, lits_n, dists_n))
            if min(n + 3 * k for n, k, *_ in ways) > room * 8:
                return []  # the fewest lengths code shortest, or nearly: none would fit
    out = []
    for size, least, cl, runs, lits_n, dists_n in ways:
        codes = _canonical(cl)
        for ncl in range(least, min(19, least + 2) + 1):
            free = -(size + 3 * ncl) % 8
            if size + 3 * ncl + free > room * 8:
                break
            head = "101" + _bits(lits_n - 257, 5) + _bits(dists_n - 1, 5) + _bits(ncl - 4, 4)
            head += "".join(_bits(cl[_CL_ORDER[i]], 3) for i in range(ncl))
            whole = head + "".join(codes[s] + _bits(v, n) for s, v, n in runs) + data
            for pad in range(1 << free):
                full = whole + _bits(pad, free)
                out.append(int(full[::-1], 2).to_bytes(len(full) // 8, "little"))
    return out


def _bits(value: int, n: int) -> str:
    """`value` as `n` bits in the order inflate reads them (lowest first)."""
    return f"{value:0{n}b}"[::-1] if n else ""


def _canonical(lengths: list[int] | tuple[int, ...]) -> dict[int, str]:
    """Each coded symbol's canonical Huffman code, as read (highest bit first)."""
    codes, code = {}, 0
    for n in range(1, 16):
        for s, length in enumerate(lengths):
            if length == n:
                codes[s] = f"{code:0{n}b}"
                code += 1
        code <<= 1
    return codes


def _runs(groups: list[tuple[int, int]], uses: int) -> list[tuple[int, int, int]]:
    """Code lengths, given as (length, times in a row), as code-length symbols (symbol, extra
    value, extra bits); bit 0 of `uses` lets 16 repeat the last length, bit 1 lets 17 and bit
    2 lets 18 run zeros."""
    out = []
    for v, run in groups:
        if v == 0:
            while run >= 11 and uses & 4 or run >= 3 and uses & 2:
                if run >= 11 and uses & 4:
                    k = min(run, 138)
                    out.append((18, k - 11, 7))
                else:
                    k = min(run, 10)
                    out.append((17, k - 3, 3))
                run -= k
        else:
            out.append((v, 0, 0))
            run -= 1
            while run >= 3 and uses & 1:
                k = min(run, 6)
                out.append((16, k - 3, 2))
                run -= k
        out += [(v, 0, 0)] * run
    return out


@functools.lru_cache(maxsize=4096)  # the same runs recur across a walk's texts
def _limited_lengths(freq: tuple[int, ...], limit: int) -> tuple[int, ...]:
    """The shortest code lengths, none over `limit`, for symbols seen `freq` times
    (package-merge)."""
    used = [s for s, f in enumerate(freq) if f]
    lengths = [0] * len(freq)
    if len(used) == 1:  # a code of one symbol, which inflate refuses: `_inflates` drops it
        lengths[used[0]] = 1
        return tuple(lengths)
    leaves = sorted((freq[s], (s,)) for s in used)
    row = leaves
    for _ in range(limit - 1):
        odd = zip(row[::2], row[1::2], strict=False)  # the last of an odd row is left out
        pairs = [(a[0] + b[0], a[1] + b[1]) for a, b in odd]
        row = sorted(leaves + pairs, key=lambda item: item[0])
    for _, symbols in row[: 2 * len(used) - 2]:
        for s in symbols:
            lengths[s] += 1
    return tuple(lengths)


def unwrap(program: bytes) -> str | None:
    """The inner source of a wrapper `wrap` made, or None for any other program."""
    if not (program.startswith(HEADER) and program.endswith(FOOTER)):
        return None
    text = program.decode("latin-1")
    try:
        with warnings.catch_warnings():  # the lone backslashes `literal` leaves
            warnings.simplefilter("ignore")
            node = ast.parse(text).body[-1].value.args[0].args[0].args[0]
        return zlib.decompress(node.value.encode("latin-1"), -15).decode("utf-8")
    except (SyntaxError, AttributeError, IndexError, zlib.error, UnicodeDecodeError):
        return None
