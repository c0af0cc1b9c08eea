"""The OpenAI-compatible bodies built from `Generation`s (pure; the live routes are tested with
the real `openai` client in test_serve.py)."""

from __future__ import annotations

import json

from golf_ray.serve.deployments import Generation
from golf_ray.serve.openai_compat import (
    DONE,
    chat_completion,
    chat_events,
    completion,
    completion_events,
    reply_text,
)

A = Generation(5, ["ab\nc", "xyz"], ["stop", "length"], [3, 4], stop_reasons=["\n", None])
B = Generation(7, ["q"], ["stop"], [1], stop_reasons=[None])


def test_reply_text_leaves_the_stop_string_out():
    assert reply_text("ab\ncd", "\n") == "ab"  # the engine may run past it within a token
    assert reply_text("ab", None) == "ab"


def test_completion_orders_choices_by_prompt_and_counts_usage():
    done = completion([A, B], "m", created=1)
    assert [(c.index, c.text, c.finish_reason) for c in done.choices] == [
        (0, "ab", "stop"),
        (1, "xyz", "length"),
        (2, "q", "stop"),
    ]
    assert done.usage.model_dump() == {
        "prompt_tokens": 12,
        "completion_tokens": 8,
        "total_tokens": 20,
    }
    assert done.id.startswith("cmpl-") and done.model == "m"


def _data(events: list[str]) -> list[dict]:
    assert events[-1] == DONE and all(e.startswith("data: ") and e.endswith("\n\n") for e in events)
    return [json.loads(e[len("data: ") :]) for e in events[:-1]]


def test_chat_events_are_content_then_finish_per_choice_then_usage():
    done = chat_completion(A, "m", created=1)
    assert [c.message.content for c in done.choices] == ["ab", "xyz"]
    chunks = _data(list(chat_events(done, include_usage=True)))
    assert {c["id"] for c in chunks} == {done.id}
    assert [c["choices"] for c in chunks[:2]] == [
        [
            {
                "index": 0,
                "delta": {"role": "assistant", "content": "ab"},
                "finish_reason": None,
                "logprobs": None,
            }
        ],
        [
            {
                "index": 0,
                "delta": {"role": None, "content": None},
                "finish_reason": "stop",
                "logprobs": None,
            }
        ],
    ]
    assert chunks[-1]["choices"] == [] and chunks[-1]["usage"]["completion_tokens"] == 7
    assert len(_data(list(chat_events(done, include_usage=False)))) == 4


def test_completion_events_one_chunk_per_choice():
    done = completion([A], "m", created=1)
    chunks = _data(list(completion_events(done, include_usage=False)))
    assert [c["choices"][0]["text"] for c in chunks] == ["ab", "xyz"]
    assert all(c["object"] == "text_completion" and c["usage"] is None for c in chunks)
