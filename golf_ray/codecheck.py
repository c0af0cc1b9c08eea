"""Pull the program out of a completion and check that it parses, without running it.

The program is taken byte for byte by `golf_ray.prompts.extract_program`: only the fence lines
(and leading blank lines / trailing whitespace of the whole block) go, so golfed whitespace —
tabs, `;`, trailing spaces inside the code — is what the sandbox will run and what is scored.

`compile(..., "exec")` (not just `ast.parse`) is used so that errors the parser accepts but
the compiler rejects (`return` outside a function, `nonlocal` at module level, a `break`
outside a loop) count as syntax errors. Nothing is executed. CPython bounds constant folding
(`"a"*10**9` is not folded), so compiling hostile text is cheap.
"""

from __future__ import annotations

import ast
import warnings
from dataclasses import dataclass

from golf_ray.prompts import extract_program

# Longer than any sensible golf program (the worst Code Golf 2025 scores start at 2,500 bytes).
MAX_CODE_BYTES = 100_000


@dataclass(frozen=True)
class CodeCheck:
    code: str | None  # the extracted program, byte-exact; None when there is none
    syntax_ok: bool  # the program compiles
    error: str | None  # why not: "no program found", "SyntaxError: ... (line 2)", ...
    defines_p: bool = False  # a top-level `def p` / `p=...` (the task's entry point)

    @property
    def nbytes(self) -> int:
        """Size as scored: UTF-8 bytes of the program (0 when there is none)."""
        return len(self.code.encode()) if self.code is not None else 0


def check_code(code: str) -> CodeCheck:
    """Compile `code` (already extracted) and report whether it is valid Python."""
    if len(code.encode(errors="surrogatepass")) > MAX_CODE_BYTES:
        return CodeCheck(code, False, f"program longer than {MAX_CODE_BYTES} bytes")
    try:
        with warnings.catch_warnings():  # golfed `2for` etc. warn; that is not our business
            warnings.simplefilter("ignore")
            tree = compile(code, "<program>", "exec", flags=ast.PyCF_ONLY_AST, dont_inherit=True)
            compile(tree, "<program>", "exec", dont_inherit=True)
    except SyntaxError as e:  # IndentationError and TabError are SyntaxErrors
        where = f" (line {e.lineno})" if e.lineno else ""
        return CodeCheck(code, False, f"{type(e).__name__}: {e.msg}{where}")
    except (ValueError, RecursionError, MemoryError, OverflowError) as e:
        # ValueError: NUL bytes / lone surrogates; RecursionError: absurd nesting
        return CodeCheck(code, False, f"{type(e).__name__}: {e}")
    return CodeCheck(code, True, None, defines_p=_defines_p(tree))


def extract_and_check(completion: str) -> CodeCheck:
    """The program in `completion` (see `extract_program`) and whether it compiles."""
    code = extract_program(completion)
    if code is None:
        return CodeCheck(None, False, "no program found")
    return check_code(code)


def _defines_p(tree: ast.Module) -> bool:
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name == "p":
            return True
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AnnAssign | ast.AugAssign):
            targets = [node.target]
        for target in targets:
            names = target.elts if isinstance(target, ast.Tuple | ast.List) else [target]
            if any(isinstance(t, ast.Name) and t.id == "p" for t in names):
                return True
        # walrus / imports: `from x import p`, `import p`
        if isinstance(node, ast.Import | ast.ImportFrom):
            if any((a.asname or a.name) == "p" for a in node.names):
                return True
    return False
