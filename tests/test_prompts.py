"""Prompts: grid text, prompt budget and completeness, program extraction."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from golf_ray.prompts import (
    INSTRUCTIONS,
    build_prompt,
    count_tokens,
    extract_program,
    grid_to_text,
    text_to_grid,
)
from golf_ray.tasks import Example, Task

# --- grid text --------------------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(data=st.data(), max_side=st.sampled_from([3, 30]))
def test_grid_text_round_trip(data, max_side, grid_strategy):
    grid = data.draw(grid_strategy(max_side))
    text = grid_to_text(grid)
    assert text_to_grid(text) == grid
    assert text.count("\n") == len(grid) - 1 and len(text) == len(grid) * (len(grid[0]) + 1) - 1


def test_grid_text_format():
    assert grid_to_text([[0, 7, 7], [7, 7, 7]]) == "077\n777"
    assert text_to_grid("\n0 7 7\r\n7 7 7\n\n") == [[0, 7, 7], [7, 7, 7]]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "line 1: '' is not a row of digits"),
        ("01\n0a", "line 2: '0a' is not a row"),
        ("01\n\n01", "line 2: '' is not a row"),
        ("012\n01", "line 2: 2 cells != 3"),
        ("1,2", "is not a row of digits"),
        ("٣", "is not a row of digits"),  # a non-ASCII digit
    ],
)
def test_text_to_grid_rejects_bad_text(text, message):
    with pytest.raises(ValueError, match=message):
        text_to_grid(text)


# --- prompts ----------------------------------------------------------------------------------


class CharTokenizer:
    """One token per character, with an optional chat template."""

    def __init__(self, chat_template: str | None = None) -> None:
        self.chat_template = chat_template

    def encode(self, text: str) -> list[str]:
        return list(text)

    def apply_chat_template(self, messages, tokenize, add_generation_prompt):
        assert tokenize is False and add_generation_prompt is True
        return "".join(f"<|{m['role']}|>{m['content']}<|end|>" for m in messages) + "<|asst|>"


# no tokenizer, one with encode (plain, then chat), a bare callable
TOKENIZERS = {"estimate": None, "encode": CharTokenizer(), "chat": CharTokenizer("t"), "call": list}


def _block(example: Example, with_output: bool = True) -> str:
    grid_in, grid_out = example.input, example.output
    text = f"Input ({len(grid_in)}x{len(grid_in[0])}):\n{grid_to_text(grid_in)}"
    if with_output:
        text += f"\nOutput ({len(grid_out)}x{len(grid_out[0])}):\n{grid_to_text(grid_out)}"
    return text


@settings(max_examples=60, deadline=None)
@given(
    data=st.data(),
    max_tokens=st.integers(0, 3000),
    extra=st.integers(0, 4),
    tokenizer=st.sampled_from(list(TOKENIZERS)),
)
def test_prompt_always_holds_instructions_and_every_train_example(
    data, max_tokens, extra, tokenizer, task_strategy
):
    task = data.draw(task_strategy(max_side=8))
    counter = TOKENIZERS[tokenizer]
    prompt = build_prompt(task, counter, max_tokens=max_tokens, extra_examples=extra)
    user = prompt.messages[1]["content"]
    assert [m["role"] for m in prompt.messages] == ["system", "user"]
    assert INSTRUCTIONS in prompt.text and user in prompt.text
    for example in task.train:
        assert _block(example) in user
    assert prompt.included["train"] == len(task.train)
    assert prompt.n_tokens == count_tokens(prompt.text, counter)
    assert prompt.over_budget == (prompt.n_tokens > max_tokens)
    wanted = {"test": len(task.test), "arc_gen": min(extra, len(task.arc_gen))}
    for split in ("test", "arc_gen"):
        assert prompt.included[split] + prompt.dropped[split] == wanted[split]
    if prompt.over_budget:
        assert prompt.included["test"] == prompt.included["arc_gen"] == 0
    for example in task.test[: prompt.included["test"]]:
        assert _block(example, with_output=False) in user
    for example in task.arc_gen[: prompt.included["arc_gen"]]:
        assert _block(example) in user
    assert prompt.task_id == task.id


def _task(side: int, n_train: int = 2, n_test: int = 2, n_arc_gen: int = 4) -> Task:
    def example(colour: int) -> Example:
        return Example([[colour] * side] * side, [[9 - colour] * side] * side)

    return Task(
        "task001",
        1,
        None,
        [example(1) for _ in range(n_train)],
        [example(2) for _ in range(n_test)],
        [example(3) for _ in range(n_arc_gen)],
    )


def test_budget_drops_arc_gen_before_test_inputs():
    task = _task(side=6)
    base = build_prompt(task, max_tokens=10_000, extra_examples=0)
    full = build_prompt(task, max_tokens=10_000, extra_examples=4)
    assert full.included == {"train": 2, "test": 2, "arc_gen": 4} and not full.over_budget
    assert full.dropped == {"test": 0, "arc_gen": 0}
    # room for the tests and one arc-gen example: the other arc-gen examples go first
    budget = int(base.n_tokens + 1.5 * (full.n_tokens - base.n_tokens) / 4)
    tight = build_prompt(task, max_tokens=budget, extra_examples=4)
    assert tight.included == {"train": 2, "test": 2, "arc_gen": 1}
    assert tight.dropped == {"test": 0, "arc_gen": 3} and not tight.over_budget
    assert tight.n_tokens <= budget
    # room for the train examples only: tests and arc-gen are all dropped
    train_only = build_prompt(_task(side=6, n_test=0, n_arc_gen=0)).n_tokens
    bare = build_prompt(task, max_tokens=train_only, extra_examples=4)
    assert bare.included == {"train": 2, "test": 0, "arc_gen": 0} and not bare.over_budget


def test_train_examples_over_budget_are_kept_and_flagged():
    task = _task(side=30, n_train=4)
    prompt = build_prompt(task, max_tokens=500, extra_examples=2)
    assert prompt.over_budget and prompt.n_tokens > 500
    assert prompt.included == {"train": 4, "test": 0, "arc_gen": 0}
    assert prompt.dropped == {"test": 2, "arc_gen": 2}


def test_chat_template_used_only_when_present_and_wanted():
    task = _task(side=2)
    chat = build_prompt(task, CharTokenizer("{{ tmpl }}"))
    assert chat.text.startswith("<|system|>") and chat.text.endswith("<|asst|>")
    for tokenizer, want_chat in ((CharTokenizer(None), True), (CharTokenizer("t"), False)):
        plain = build_prompt(task, tokenizer, chat=want_chat)
        assert plain.text.endswith("\n\nAnswer:\n") and "<|" not in plain.text
    assert build_prompt(task).text == plain.text  # no tokenizer: the plain format


def test_token_estimate_counts_grid_characters_one_each():
    assert count_tokens("0123\n4567") == 9
    assert count_tokens("abcdefgh") == 2 and count_tokens("abcdefghi") == 3
    assert count_tokens("ab", lambda text: [1, 2, 3]) == 3


# --- extracting the program -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("completion", "program"),
    [
        ("```python\np=lambda g:g\n```", "p=lambda g:g"),
        ("Sure!\n```py\ndef p(g):\n return g\n```\nDone.", "def p(g):\n return g"),
        ("```\np=lambda g:g[::-1]\n```", "p=lambda g:g[::-1]"),
        ("```Python3\np=lambda g:g\n```", "p=lambda g:g"),
        ("```python\np=lambda g:g```", "p=lambda g:g"),  # closing fence on the code line
        ("```python\n\n\np=lambda g:g   \n\n```", "p=lambda g:g"),
        # draft then a shorter final version: the last block that defines p
        (
            "```python\ndef p(g):\n return g\n```\nShorter:\n```python\np=lambda g:g\n```",
            "p=lambda g:g",
        ),
        # a trailing usage example does not define p
        ("```python\np=lambda g:g\n```\nUse:\n```python\nprint(p([[1]]))\n```", "p=lambda g:g"),
        # no block defines p: the last one
        ("```python\nx=1\n```\n```python\nx=2\n```", "x=2"),
        # other languages are skipped, and their closing fence opens nothing
        ("```json\n[[1]]\n```\n```python\np=lambda g:g\n```", "p=lambda g:g"),
        ("```json\n[[1]]\n```\nthen\np=lambda g:g", "p=lambda g:g"),
        # unclosed fence: cut by max tokens or a "```" stop string
        ("Here:\n```python\ndef p(g):\n return g", "def p(g):\n return g"),
        # no fence at all
        ("def p(g):\n return g\n", "def p(g):\n return g"),
        ("The answer is\np = lambda g: g", "p = lambda g: g"),
        ("import re\np=lambda g:g", "import re\np=lambda g:g"),
        ("from itertools import*\np=lambda g:g", "from itertools import*\np=lambda g:g"),
        # nothing plausible
        ("", None),
        ("I cannot solve this.", None),
        ("```python\n\n```", None),
        ("```python\n   \n", None),
        ("```json\n{}\n```", None),
        ("the function p(g) returns g", None),
    ],
)
def test_extract_program(completion, program):
    assert extract_program(completion) == program


def test_golf_prompt_without_examples_is_the_program_alone():
    task = _task(side=3, n_train=2)
    prompt = build_prompt(task, base_program="p=lambda g:g", examples=False, extra_examples=2)
    assert "p=lambda g:g" in prompt.text and "Example" not in prompt.text
    assert prompt.included == {"train": 0, "test": 0, "arc_gen": 0}
    with pytest.raises(ValueError, match="base program"):
        build_prompt(task, examples=False)
