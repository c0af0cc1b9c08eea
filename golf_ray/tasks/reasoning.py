"""Procedural reasoning tasks from `reasoning_gym`: items, question format, answer parser, scoring.

    items = ReasoningTasks(["chain_sum", "leg_counting"], size=50, seed=0)
    prompt = format_question(items[0].question, tokenizer)           # what the model sees
    judged = items.judge(items[0], completion_text)                   # answer + dataset's score

Training (golf_ray.domains.ReasoningDomain) and `golf-ray bench` both go through exactly these
functions, so a model is scored the same way in both. An item's id is `NAME/INDEX`; the same
(name, size, seed) always generates the same items, so every model sees the same questions.
Scoring runs the dataset's own `score_answer` in-process: it is trusted library code, and the
thing judged is a short answer string, never a program.
"""

from __future__ import annotations

import difflib
import logging
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from golf_ray.prompts import render_messages

log = logging.getLogger(__name__)

SYSTEM_PROMPT = (
    "You solve problems step by step. Think briefly, then give only the final answer between "
    "<answer> and </answer> tags, for example <answer>42</answer>."
)
# The last complete <answer>...</answer> (models may restate a draft answer before the final one).
_ANSWER = re.compile(r"<answer>(.*?)</answer>", re.DOTALL)


@dataclass(frozen=True)
class ReasoningItem:
    id: str  # "NAME/INDEX"
    dataset: str
    index: int
    question: str
    answer: str  # the dataset's reference answer (one of possibly many correct ones)
    entry: dict[str, Any]  # the full dataset entry, which `score_answer` needs


@dataclass(frozen=True)
class Judged:
    """One completion judged: the extracted answer (None = not well formed) and its score."""

    answer: str | None
    score: float  # the dataset's score in [0, 1]; 1 = correct

    @property
    def correct(self) -> bool:
        return self.score >= 1.0

    @property
    def well_formed(self) -> bool:
        return bool(self.answer)


def dataset_names() -> list[str]:
    from reasoning_gym.factory import DATASETS

    return sorted(DATASETS)


def format_question(question: str, tokenizer: Any = None, chat: bool = True) -> str:
    """The prompt text: system instructions + the question, with the model's chat template
    when it has one (a plain "system / question / Answer:" layout otherwise)."""
    messages = [
        {"role": "system", "content": SYSTEM_PROMPT},
        {"role": "user", "content": question.strip()},
    ]
    return render_messages(messages, tokenizer, chat)


def extract_answer(completion: str) -> str | None:
    """The text of the last complete `<answer>…</answer>`, stripped; None when there is none
    or it is empty. The one parser for training rewards and benchmarks alike."""
    found = _ANSWER.findall(completion)
    if not found:
        return None
    return found[-1].strip() or None


def response_text(prefix: str, text: str, stop_reason: str | None) -> str:
    """The whole answer as the model wrote it: the forced response prefix, the completion, and
    the stop string that ended it (engines drop it; with `stop: ["</answer>"]` it is the
    closing tag)."""
    return prefix + text + (stop_reason if isinstance(stop_reason, str) else "")


class ReasoningTasks(Sequence[ReasoningItem]):
    """Items of one or more reasoning_gym datasets, interleaved (a0, b0, a1, b1, ...) so any
    prefix of the list covers every dataset."""

    def __init__(self, names: Sequence[str], size: int, seed: int = 0, where: str = "tasks.names"):
        if not names:
            raise ValueError(f"{where}: give at least one reasoning_gym dataset name")
        if size < 1:
            raise ValueError(f"{where}: size must be >= 1, got {size}")
        self.datasets = {name: _create(name, size, seed, where) for name in names}
        per_name = [
            [_item(name, i, ds[i]) for i in range(size)] for name, ds in self.datasets.items()
        ]
        self.items = [item for row in zip(*per_name, strict=True) for item in row]
        self._by_id = {item.id: item for item in self.items}

    def __len__(self) -> int:
        return len(self.items)

    def __getitem__(self, i):  # type: ignore[override]
        return self.items[i]

    def __iter__(self) -> Iterator[ReasoningItem]:
        return iter(self.items)

    def by_id(self, item_id: str) -> ReasoningItem:
        return self._by_id[item_id]

    def score(self, item: ReasoningItem, answer: str | None) -> float:
        """The dataset's own verifier, clamped to [0, 1]; a verifier that raises on odd input
        (some parse the answer) scores it 0 rather than stopping a run."""
        if not answer:
            return 0.0
        try:
            value = float(self.datasets[item.dataset].score_answer(answer, item.entry))
        except Exception as e:  # noqa: BLE001 - any verifier failure means "not correct"
            log.debug("%s: score_answer raised %s: %s", item.id, type(e).__name__, e)
            return 0.0
        return min(1.0, max(0.0, value)) if value == value else 0.0  # NaN -> 0

    def judge(self, item: ReasoningItem, response: str) -> Judged:
        answer = extract_answer(response)
        return Judged(answer, self.score(item, answer))


def _create(name: str, size: int, seed: int, where: str):
    import reasoning_gym

    known = dataset_names()
    if name not in known:
        close = difflib.get_close_matches(name, known, n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        raise ValueError(f"{where}: unknown reasoning_gym dataset '{name}'{hint}")
    try:
        return reasoning_gym.create_dataset(name, size=size, seed=seed)
    except (TypeError, ValueError, AssertionError) as e:
        raise ValueError(f"{where}: reasoning_gym dataset '{name}': {e}") from None


def _item(name: str, index: int, entry: dict[str, Any]) -> ReasoningItem:
    return ReasoningItem(
        id=f"{name}/{index:04d}",
        dataset=name,
        index=index,
        question=str(entry["question"]),
        answer=str(entry["answer"]),
        entry=entry,
    )
