"""Prompts for Code Golf tasks, grid text, and pulling the program out of a completion.

Grid text format: one row per line, one digit per cell, no separators (``[[0,7],[7,7]]`` is
``"07\\n77"``). The Qwen2 and SmolLM2 tokenizers split digits one by one (Llama 3 groups up to
three), so a grid costs at most one token per cell plus one per row; a space between cells
would add a token per cell, and a 30x30 grid is already about 930 tokens.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from golf_ray.tasks.grids import Grid, Task

# Without a tokenizer, tokens are estimated as one per digit and newline (tokenizers that split
# digits, like Qwen2's and SmolLM2's, spend exactly that on a grid) plus one per 4 other
# characters (English prose). A flat len/3 would under-count grid-heavy prompts about 3x.
PROSE_CHARS_PER_TOKEN = 4
_GRID_CHARS = "0123456789\n"

SYSTEM_PROMPT = "You are an expert Python programmer who writes the shortest correct code."

INSTRUCTIONS = """\
Write a Python 3 program that defines a function p, as `def p(g):` or `p=lambda g:`, which maps \
each input grid to its output grid. A grid is a list of rows, each a list of ints 0-9; p must \
return the output grid in the same form. Use only the standard library.
Shorter is better: a correct program scores max(1, 2500 - its length in bytes) and a wrong one \
scores almost nothing, so it must be right on every example, including unseen ones.
Answer with one ```python code block.

Grids below are written one row per line, one digit per cell."""


class _Encoder(Protocol):
    def encode(self, text: str) -> list[Any]: ...


Tokenizer = _Encoder | Callable[[str], list[Any]]


def grid_to_text(grid: Grid) -> str:
    return "\n".join("".join(map(str, row)) for row in grid)


_ROW = re.compile(r"[0-9]+")


def text_to_grid(text: str) -> Grid:
    """Inverse of grid_to_text (exact for colours 0-9); also reads space-separated cells
    (``"0 7 7"``). Surrounding blank lines are ignored; raises ValueError on anything else."""
    lines = text.strip("\n").split("\n")
    grid = []
    for i, line in enumerate(lines):
        cells = line.rstrip("\r").replace(" ", "")
        if not _ROW.fullmatch(cells):
            raise ValueError(f"grid text line {i + 1}: {line[:40]!r} is not a row of digits 0-9")
        if grid and len(cells) != len(grid[0]):
            raise ValueError(f"grid text line {i + 1}: {len(cells)} cells != {len(grid[0])}")
        grid.append([int(c) for c in cells])
    return grid


@dataclass
class Prompt:
    text: str  # what the model is fed (chat template applied when there is one)
    messages: list[dict[str, str]]  # system + user, for chat APIs
    task_id: str
    included: dict[str, int]  # examples shown per split: train, test (inputs only), arc_gen
    dropped: dict[str, int] = field(default_factory=dict)  # asked for but over budget
    over_budget: bool = False  # the train examples alone exceed max_tokens (kept anyway)
    n_tokens: int = 0


def count_tokens(text: str, tokenizer: Tokenizer | None = None) -> int:
    """Tokens by ``tokenizer.encode``, or by calling it, or the estimate described above."""
    if tokenizer is None:
        grid_chars = sum(map(text.count, _GRID_CHARS))
        return grid_chars + math.ceil((len(text) - grid_chars) / PROSE_CHARS_PER_TOKEN)
    encode = getattr(tokenizer, "encode", None)
    return len(encode(text) if encode is not None else tokenizer(text))


def _example_text(title: str, grid_in: Grid, grid_out: Grid | None) -> str:
    parts = [f"## {title}", f"Input ({len(grid_in)}x{len(grid_in[0])}):", grid_to_text(grid_in)]
    if grid_out is not None:
        parts += [f"Output ({len(grid_out)}x{len(grid_out[0])}):", grid_to_text(grid_out)]
    return "\n".join(parts)


def render_messages(messages: list[dict[str, str]], tokenizer: Any, chat: bool = True) -> str:
    """A conversation (role/content dicts) as the text the model continues: the tokenizer's
    chat template with the generation prompt, or, without one, the plain format (the contents
    separated by blank lines, then "Answer:"). The one place messages become a prompt."""
    # A tokenizer without a chat template (e.g. a freshly trained tiny one) has
    # chat_template None; such models get the plain format.
    if (
        chat
        and hasattr(tokenizer, "apply_chat_template")
        and getattr(tokenizer, "chat_template", True)
    ):
        return tokenizer.apply_chat_template(messages, tokenize=False, add_generation_prompt=True)
    return "\n\n".join(m["content"] for m in messages) + "\n\nAnswer:\n"


def golf_request(program: str) -> str:
    nbytes = len(program.encode("utf-8"))
    return (
        f"## A correct program ({nbytes} bytes)\n```python\n{program.rstrip()}\n```\n"
        f"Write a shorter program that is still correct on every example: fewer than {nbytes} "
        "bytes."
    )


def build_prompt(
    task: Task,
    tokenizer: Tokenizer | None = None,
    max_tokens: int = 2048,
    extra_examples: int = 0,
    chat: bool = True,
    base_program: str | None = None,
    examples: bool = True,
) -> Prompt:
    """The instructions, every train example, then what fits in ``max_tokens``.

    ``max_tokens`` bounds the whole rendered prompt (chat template included), not the
    completion: leave room for that in the model's context. Train examples are never dropped:
    when they alone overflow, the prompt holds them all and says ``over_budget=True``. Optional
    parts are added while the rendered text fits, test inputs first (outputs withheld), then up
    to ``extra_examples`` arc-gen examples (the first ones, so a prompt is deterministic); the
    text reads instructions, train examples, arc-gen examples, test inputs.

    With ``base_program`` (the golfer), the task is to rewrite that correct program shorter: it
    comes last, with its size, and is never dropped either. ``examples=False`` leaves every grid
    out (the program alone: the correct program already says what the task is, and a small model
    on a CPU reads a prompt a fifth as long).
    """
    if not examples and base_program is None:
        raise ValueError("a prompt without examples needs a base program")
    parts = (task.train, task.test, task.arc_gen[:extra_examples]) if examples else ([], [], [])
    train = [_example_text(f"Example {i + 1}", e.input, e.output) for i, e in enumerate(parts[0])]
    tests = [_example_text(f"Test input {i + 1}", e.input, None) for i, e in enumerate(parts[1])]
    extras = [
        _example_text(f"Example {len(train) + i + 1}", e.input, e.output)
        for i, e in enumerate(parts[2])
    ]

    base = [] if base_program is None else [golf_request(base_program)]

    def assemble(test: int, arc_gen: int) -> tuple[list[dict[str, str]], str]:
        user = "\n\n".join([INSTRUCTIONS, *train, *extras[:arc_gen], *tests[:test], *base])
        messages = [{"role": "system", "content": SYSTEM_PROMPT}, {"role": "user", "content": user}]
        return messages, render_messages(messages, tokenizer, chat)

    shown = {"test": 0, "arc_gen": 0}
    messages, text = assemble(**shown)
    n_tokens = count_tokens(text, tokenizer)
    over_budget = n_tokens > max_tokens
    for split, available in (("test", len(tests)), ("arc_gen", len(extras))):
        # Stop a split at its first misfit (rather than skip to smaller ones) so what is shown
        # is a prefix: examples stay numbered 1..n and the prompt is easy to reason about.
        while not over_budget and shown[split] < available:
            trial = {**shown, split: shown[split] + 1}
            trial_messages, trial_text = assemble(**trial)
            trial_tokens = count_tokens(trial_text, tokenizer)
            if trial_tokens > max_tokens:
                break
            shown, messages, text, n_tokens = trial, trial_messages, trial_text, trial_tokens
    return Prompt(
        text=text,
        messages=messages,
        task_id=task.id,
        included={"train": len(train), **shown},
        dropped={"test": len(tests) - shown["test"], "arc_gen": len(extras) - shown["arc_gen"]},
        over_budget=over_budget,
        n_tokens=n_tokens,
    )


_FENCE = re.compile(r"^[ \t]*```[ \t]*([\w+-]*)[^\n]*\n(.*?)```", re.MULTILINE | re.DOTALL)
_OPEN_FENCE = re.compile(r"^[ \t]*```[ \t]*(?:python3?|py)?[ \t]*\n", re.MULTILINE)
_DEFINES_P = re.compile(r"^(?:def p\(|p\s*=)", re.MULTILINE)
_CODE_START = re.compile(r"^(?:def p\(|p\s*=\s*lambda|import |from \w)", re.MULTILINE)
_CODE_TAGS = {"python", "python3", "py", ""}


def _clean(code: str) -> str | None:
    code = code.lstrip("\n").rstrip()
    return code or None


def extract_program(completion: str) -> str | None:
    """The program in a completion, or None when there is nothing plausible.

    1. Complete fenced blocks tagged python/py (or untagged; other languages are skipped): the
       last one that defines ``p`` (models often draft, then refine; a trailing usage example
       does not define p), else the last one.
    2. An unclosed ```` ```python ```` fence (generation hit max tokens, or stopped on "```"):
       everything after it.
    3. No fence: from the first line that starts ``def p(``, ``p=lambda``, ``import`` or
       ``from``, to the end.
    Leading blank lines and trailing whitespace are stripped; None when that leaves nothing.
    """
    blocks = [body for tag, body in _FENCE.findall(completion) if tag.lower() in _CODE_TAGS]
    if blocks:
        defining = [b for b in blocks if _DEFINES_P.search(b)]
        return _clean((defining or blocks)[-1])
    rest = _FENCE.sub("", completion)  # closing fences of other-language blocks are not openers
    opens = list(_OPEN_FENCE.finditer(rest))
    if opens:
        return _clean(rest[opens[-1].end() :])
    start = _CODE_START.search(rest)
    return _clean(rest[start.start() :]) if start else None
