"""scripts/idiom_walk.py: the rewrites it tries, and its walk keeping only a rewrite that is
shorter and right on every example."""

from __future__ import annotations

import sys
from pathlib import Path

from golf_ray.tasks.grids import Example, Task

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

import idiom_walk  # noqa: E402


def test_a_pass_over_the_columns_replaces_a_transposed_pass_over_the_rows():
    expr = "[g:=[*zip(*[r[::-1]for r in g])]for _ in g][-1]"
    assert list(idiom_walk.zip_passes(expr)) == [
        "[g:=[r[::-1]for r in zip(*g)]for _ in g][-1]",
        "[g:=[r[::-1]for*r,in zip(*g)]for _ in g][-1]",
    ]
    # a comprehension over something other than g is left alone
    assert list(idiom_walk.zip_passes("[*zip(*[r for r in g[1:]])]")) == []


def test_the_last_pass_is_indexed_by_every_shorter_index():
    variants = list(idiom_walk.last_index("[g:=f(g)for _ in g]and g"))
    assert variants[:3] == [
        "[g:=f(g)for _ in g][-1]",
        "[g:=f(g)for _ in g][0]",
        "[g:=f(g)for _ in g][1]",
    ]
    assert len(variants) == 101
    assert list(idiom_walk.last_index("[g:=f(g)for _ in g][0]")) == []


def test_substitutions_replace_one_occurrence_at_a_time():
    variants = set(idiom_walk.substitutions("[[(v==0)*(w==0)for v,w in r]for r in g]"))
    assert "[[(v<1)*(w==0)for v,w in r]for r in g]" in variants
    assert "[[(v==0)*(w<1)for v,w in r]for r in g]" in variants
    assert list(idiom_walk.substitutions("[(0,*r)for r in g]")) == ["[[0]+r for r in g]"]


def test_the_walk_keeps_only_shorter_rewrites_right_on_every_example():
    pairs = [([[0, 3], [3, 1]], [[5, 0], [0, 0]]), ([[2, 0]], [[0, 5]])]
    assert idiom_walk.walk(
        "[[(v==0)*5for v in r]for r in g]", pairs, [idiom_walk.substitutions]
    ) == ("[[(v<1)*5for v in r]for r in g]")
    # `!=3` -> `-3` is shorter but wrong here (1-3 is -2, not 1): the walk keeps the idiom
    pairs = [([[3, 1]], [[0, 5]])]
    expr = "[[(v!=3)*5for v in r]for r in g]"
    assert idiom_walk.walk(expr, pairs, [idiom_walk.substitutions]) == expr


def test_a_number_loses_a_digit_and_a_reversal_is_dropped_one_at_a_time():
    expr = "[g:=f(g)for _ in[0]*83+[4]][-1]+b'\\x12'+[1.25]+x12"
    assert list(idiom_walk.fewer_digits(expr)) == [
        "[g:=f(g)for _ in[0]*9+[4]][-1]+b'\\x12'+[1.25]+x12"
    ]
    assert list(idiom_walk.reversals("[r[::-1]for r in g[::-1]]")) == [
        "[r for r in g[::-1]]",
        "[r[::-1]for r in g]",
    ]


def test_a_term_ending_in_a_digit_moves_so_no_keyword_follows_a_digit():
    expr = "[g:=[[r[j-1]|r[j+1]|r[j]//5 for r in g]for j in range(9)]for _ in g][1]"
    assert "[g:=[[r[j]//5|r[j-1]|r[j+1]for r in g]for j in range(9)]for _ in g][1]" in set(
        idiom_walk.rotations(expr)
    )
    assert "[c for c in r if 5>x if c]" in set(idiom_walk.rotations("[c for c in r if x<5 if c]"))
    assert "G==2*(t:=G[:9])and t" in set(idiom_walk.rotations("2*(t:=G[:9])==G and t"))
    # a space inside brackets is the bracket's own: the comprehension moves as one operand
    assert "~-n*9*[max(r[k::n])for k in R]or r" in set(
        idiom_walk.rotations("[max(r[k::n])for k in R]*~-n*9 or r")
    )
    # a term is never cut across brackets, nor across a keyword outside them
    assert "G and t==2*(t:=G[:9])or g" not in set(
        idiom_walk.rotations("2*(t:=G[:9])==G and t or g")
    )
    assert all(v.count("[") == expr.count("[") for v in idiom_walk.rotations(expr))


def test_swaps_put_one_operators_operands_in_the_other_order_and_keep_the_tree():
    assert list(idiom_walk.swaps("[x+1for x in r if x<5 if y==2]")) == [
        "[1+x for x in r if x<5 if y==2]",
        "[x+1for x in r if 5>x if y==2]",
        "[x+1for x in r if x<5 if 2==y]",
    ]
    # a bracket the operand needs comes with it, `a+b+c` is `(a+b)+c`, chains stay
    assert list(idiom_walk.swaps("(a-b)*c")) == ["c*(a-b)"]
    assert list(idiom_walk.swaps("a+b+c")) == ["c+(a+b)", "b+a+c"]
    assert list(idiom_walk.swaps("x<y<z")) == []


def test_the_walk_tries_the_next_variant_when_the_draws_refuse_one():
    pairs = [([[0, 3], [3, 1]], [[5, 0], [0, 0]])]
    expr = "[[(v==0)*(w==0)*5for v,w in zip(r,r)]for r in g]"
    assert idiom_walk.walk(
        expr, pairs, [idiom_walk.substitutions], keeps=lambda variant: "v<1" not in variant
    ) == ("[[(v==0)*(w<1)*5for v,w in zip(r,r)]for r in g]")
    assert idiom_walk.walk(expr, pairs, [idiom_walk.substitutions], keeps=lambda v: False) == expr


def test_a_raw_idiom_takes_no_variant_as_long_as_itself():
    pairs = [([[1, 2]], [[2, 3]])]
    assert idiom_walk.walk("[[v+1for v in r]for r in g]", pairs, [idiom_walk.swaps]) == (
        "[[v+1for v in r]for r in g]"
    )


def test_the_shrink_figure_is_the_shortest_candidate_right_on_every_example():
    same = [Example([[1, 2], [3, 4]], [[1, 2], [3, 4]]), Example([[0, 5]], [[0, 5]])]
    task = Task("task999", 999, None, train=same, test=same[:1])
    pairs = [(e.input, e.output) for e in task.all_examples]
    # the copy loops do nothing here: shrinking cuts them out, and the result is still right
    size, text = idiom_walk.ic.shrunk("p=lambda g:[[v for v in r]for r in g]", task, pairs)
    assert size == len(text) == 12 and idiom_walk.ic.search.first_wrong(text, pairs) is None
    # as short as it gets: the program itself
    assert idiom_walk.ic.shrunk("p=lambda g:g", task, pairs) == (12, "p=lambda g:g")


def test_a_slower_rewrite_is_refused_only_past_both_the_ratio_and_the_added_seconds():
    # a quarter second more for each byte saved
    refusal = idiom_walk.ic.cost_refusal
    assert refusal(0.2, 0.3) is None  # 1.5x
    assert refusal(0.02, 0.2) is None  # 10x, but 0.18 s more
    assert refusal(1.0, 1.5) is None  # 0.5 s more, but 1.5x
    assert refusal(1.0, 1.6) == "search cost 1.60x, +0.60 s"
    assert refusal(0.1, 0.4) == "search cost 4.00x, +0.30 s"
    assert refusal(0.1, 0.4, saved=2) is None
    assert refusal(0.1, 0.7, saved=2) == "search cost 7.00x, +0.60 s"
    assert refusal(0.1, 0.4, saved=0) == refusal(0.1, 0.4)  # a shrink-stage win: one byte's


def test_selects_index_a_pair_by_the_condition_and_drop_the_spaces_and_parens_it_frees():
    assert list(idiom_walk.selects("[a if x>1 else b for x in g if c and d or e]")) == [
        "[[b,a][x>1]for x in g if c and d or e]",
        "[a if x>1 else b for x in g if[e,d][c]]",
    ]
    # grouping parentheses go; a call's stay
    assert list(idiom_walk.selects("(2in r and r or g)[::-1]+f(a and b or c)")) == [
        "[g,r][2in r][::-1]+f(a and b or c)",
        "(2in r and r or g)[::-1]+f([c,b][a])",
    ]
    pairs = [([[1, 2]], [[1, 2]]), ([[3]], [[0]])]
    walked = idiom_walk.walk("[r if max(r)<3 else[0]for r in g]", pairs, [idiom_walk.selects])
    assert walked == "[[[0],r][max(r)<3]for r in g]"
