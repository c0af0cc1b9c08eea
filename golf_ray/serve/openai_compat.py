"""OpenAI-compatible response bodies from the rollout deployment's `Generation`s (pure).

A streamed response is the finished one cut into server-sent events (`data: {chunk}` lines, then
`data: [DONE]`): the engine generates whole batches (`serve.batch`), so the chunks come when the
completion is done — the OpenAI stream format for clients that ask for it, not an earlier first
token.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator

from pydantic import BaseModel

from golf_ray.serve.deployments import Generation
from golf_ray.serve.schemas import (
    AssistantMessage,
    ChatChoice,
    ChatCompletion,
    ChatCompletionChunk,
    ChunkChoice,
    CompletionChoice,
    Delta,
    TextCompletion,
    Usage,
)

DONE = "data: [DONE]\n\n"


def new_id(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex}"


def reply_text(text: str, stop_reason: str | None) -> str:
    """The text up to the stop string that ended it: OpenAI leaves the stop string out, our
    engines keep it (and may run a few characters past it, within the last token)."""
    return text[: text.find(stop_reason)] if stop_reason else text


def _replies(gen: Generation) -> list[tuple[str, str]]:
    """(text, finish_reason) per sample."""
    return [
        (reply_text(text, stop), finish)
        for text, stop, finish in zip(gen.texts, gen.stop_reasons, gen.finish_reasons, strict=True)
    ]


def usage(gens: list[Generation]) -> Usage:
    prompt = sum(g.prompt_tokens for g in gens)
    completion = sum(sum(g.tokens) for g in gens)
    return Usage(
        prompt_tokens=prompt, completion_tokens=completion, total_tokens=prompt + completion
    )


def completion(gens: list[Generation], model: str, created: int) -> TextCompletion:
    """One `Generation` per prompt; the choices of prompt i come before those of prompt i+1."""
    replies = [reply for gen in gens for reply in _replies(gen)]
    choices = [
        CompletionChoice(index=i, text=text, finish_reason=finish)
        for i, (text, finish) in enumerate(replies)
    ]
    return TextCompletion(
        id=new_id("cmpl"), created=created, model=model, choices=choices, usage=usage(gens)
    )


def chat_completion(gen: Generation, model: str, created: int) -> ChatCompletion:
    choices = [
        ChatChoice(index=i, message=AssistantMessage(content=text), finish_reason=finish)
        for i, (text, finish) in enumerate(_replies(gen))
    ]
    return ChatCompletion(
        id=new_id("chatcmpl"), created=created, model=model, choices=choices, usage=usage([gen])
    )


def _event(chunk: BaseModel) -> str:
    return f"data: {chunk.model_dump_json()}\n\n"


def completion_events(done: TextCompletion, include_usage: bool) -> Iterator[str]:
    """A choice per chunk, then (if asked) a usage chunk with no choices, then [DONE]."""
    head = {"id": done.id, "created": done.created, "model": done.model}
    for choice in done.choices:
        yield _event(TextCompletion(**head, choices=[choice]))
    if include_usage:
        yield _event(TextCompletion(**head, choices=[], usage=done.usage))
    yield DONE


def chat_events(done: ChatCompletion, include_usage: bool) -> Iterator[str]:
    """Per choice, its content as one delta and then its finish reason; then (if asked) a usage
    chunk with no choices; then [DONE]."""
    head = {"id": done.id, "created": done.created, "model": done.model}
    for c in done.choices:
        delta = Delta(role="assistant", content=c.message.content)
        yield _event(ChatCompletionChunk(**head, choices=[ChunkChoice(index=c.index, delta=delta)]))
        end = ChunkChoice(index=c.index, delta=Delta(), finish_reason=c.finish_reason)
        yield _event(ChatCompletionChunk(**head, choices=[end]))
    if include_usage:
        yield _event(ChatCompletionChunk(**head, choices=[], usage=done.usage))
    yield DONE
