"""codecheck: extract the program byte-exact, compile it, never run it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from golf_ray.codecheck import MAX_CODE_BYTES, CodeCheck, check_code, extract_and_check

FENCE = "```"


def fenced(code: str, tag: str = "python") -> str:
    return f"Here is my answer.\n{FENCE}{tag}\n{code}\n{FENCE}\nIt swaps colours."


@pytest.mark.parametrize(
    "code",
    [
        "p=lambda g:[[r[::-1]for r in g]]",
        "def p(g):\n\tfor r in g:r[0]=1;r[1]=2\n\treturn g",  # tab indentation, semicolons
        "def p(g):\n\tfor r in g:\n\t r[0]=1 \n\treturn g",  # tab/tab+space, trailing space
        "def p(g):\n return[[c*2for c in r]for r in g]",  # golfed `2for`
        "import re\np=lambda g:eval(re.sub('1','2',str(g)))",
        "p=lambda g:g#comment with trailing spaces   \n#",
    ],
)
def test_golfed_whitespace_byte_exact(code):
    check = extract_and_check(fenced(code))
    assert check.code == code  # only the fence lines are removed
    assert check.code.encode() == code.encode()
    assert check.syntax_ok, check.error
    assert check.error is None
    assert check.defines_p
    assert check.nbytes == len(code.encode())


def test_no_fence_and_unclosed_fence():
    assert extract_and_check("p=lambda g:g").code == "p=lambda g:g"
    check = extract_and_check(f"Sure.\n{FENCE}python\ndef p(g):\n\treturn g")  # hit max_tokens
    assert check.code == "def p(g):\n\treturn g" and check.syntax_ok


@pytest.mark.parametrize(
    ("completion", "error"),
    [
        ("I cannot solve this.", "no program found"),
        (fenced("def p(g):\nreturn g"), "IndentationError: expected an indented block"),
        (fenced("def p(g):\n\tif g:\n        return g\n\treturn 1"), "TabError"),
        (fenced("p=lambda g:[r for r in g"), "SyntaxError"),
        (fenced("p=1\nreturn p"), "SyntaxError: 'return' outside function (line 2)"),
        (fenced("def p(g):\n nonlocal x"), "SyntaxError: no binding for nonlocal 'x' found"),
        (fenced("p=lambda g:'\x00'"), "SyntaxError"),  # NUL byte in source
        (fenced("p=" + "(" * 5000 + ")" * 5000), "SyntaxError"),  # parser nesting limit
    ],
)
def test_syntax_errors(completion, error):
    check = extract_and_check(completion)
    assert not check.syntax_ok
    assert check.error is not None and check.error.startswith(error), check.error


def test_syntax_ok_without_p():
    check = extract_and_check(fenced("def f(g):return g"))
    assert check.syntax_ok and not check.defines_p
    for code in ["p,q=1,2", "from os import path as p", "p:int=1", "class A:0\np=A"]:
        assert check_code(code).defines_p, code


def test_compiling_does_not_run_or_fold_huge_constants(tmp_path):
    marker = tmp_path / "ran"
    check = check_code(f"open({str(marker)!r},'w')\np=lambda g:'a'*10**9+str(9**9**9)")
    assert check.syntax_ok and not marker.exists()


def test_too_long():
    check = check_code("p=1\n" * (MAX_CODE_BYTES // 4 + 1))
    assert not check.syntax_ok and "longer than" in check.error


def test_result_is_picklable():
    import pickle

    check = extract_and_check(fenced("p=lambda g:g"))
    assert pickle.loads(pickle.dumps(check)) == check
    assert isinstance(check, CodeCheck)


lines = st.text(st.sampled_from("pg=:;()[]\t 01lambdaforinreturn\\"), max_size=30)


@settings(max_examples=300, deadline=None)
@given(st.lists(lines, min_size=1, max_size=6))
def test_never_raises_and_agrees_with_compile(body):
    code = "\n".join(body)
    check = extract_and_check(fenced(code))
    if check.code is None:
        assert check.error == "no program found"
        return
    try:
        compile(check.code, "<t>", "exec")
        ok = True
    except (SyntaxError, ValueError, RecursionError):
        ok = False
    assert check.syntax_ok == ok
    assert (check.error is None) == ok
    # whatever is extracted comes from the completion verbatim
    assert check.code in code
