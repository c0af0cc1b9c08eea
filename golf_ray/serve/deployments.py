"""The backend deployments of `golf-ray serve`: rollout (one engine), sandbox (one worker) and the
shared rate limiter. The ingress (golf_ray/serve/api.py) calls them through Serve handles.

Heavy imports (torch, transformers, vLLM) happen inside the replicas' constructors, so the
ingress, which imports this module for the result types, stays light. Engines and sandbox
workers are not thread-safe: a rollout replica gathers concurrent requests into batches
(`serve.batch`) and runs one engine call at a time; a sandbox replica judges one program at a
time behind an asyncio lock. Both run that work in a thread, so the replica keeps answering
health checks while it generates or judges.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from dataclasses import dataclass, field
from typing import Any

from ray import serve

from golf_ray.config import SandboxConfig
from golf_ray.serve.limits import RateLimiter

log = logging.getLogger(__name__)


@dataclass
class Refusal:
    """A request the backend will not run (the ingress turns it into a 4xx)."""

    type: str
    message: str


@dataclass
class Generation:
    prompt_tokens: int
    texts: list[str] = field(default_factory=list)
    finish_reasons: list[str] = field(default_factory=list)
    tokens: list[int] = field(default_factory=list)
    stop_reasons: list[str | None] = field(default_factory=list)  # the stop string that ended each
    seconds: float = 0.0
    refusal: Refusal | None = None


class RolloutServer:
    """One generation engine (vLLM or HF, `actors.rollout.create_engine`) and its tokenizer."""

    def __init__(
        self,
        model_path: str,
        engine: str = "auto",
        engine_args: dict[str, Any] | None = None,
        max_prompt_tokens: int = 4096,
        response_prefix: str = "",
        max_batch_size: int = 8,
        batch_wait_s: float = 0.01,
    ):
        os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
        from golf_ray.actors.rollout import create_engine

        self.engine_args = dict(engine_args or {})
        start = time.perf_counter()
        self.engine = create_engine(model_path, engine, **self.engine_args)
        log.info(
            "rollout replica: %s engine ready in %.1f s",
            self.engine.name,
            time.perf_counter() - start,
        )
        self.tokenizer = self.engine.tokenizer
        self.max_model_len = int(self.engine_args.get("max_model_len", 4096))
        self.max_prompt_tokens = max_prompt_tokens
        self.prefix = response_prefix
        self._run_batch.set_max_batch_size(max_batch_size)
        self._run_batch.set_batch_wait_timeout_s(batch_wait_s)

    def describe(self) -> dict[str, Any]:
        from dataclasses import asdict

        return {
            **asdict(self.engine.info()),
            "max_model_len": self.max_model_len,
            "pid": os.getpid(),
        }

    async def golf(self, task: Any, sampling: dict[str, Any]) -> Generation:
        """k programs for a golf task (the training prompt; answers start with the prefix)."""
        from golf_ray.prompts import build_prompt

        prompt = build_prompt(task, self.tokenizer, self.max_prompt_tokens)
        if prompt.over_budget:
            return self._too_long(prompt.n_tokens)
        gen = await self._generate(prompt.text + self.prefix, prompt.n_tokens, sampling)
        gen.texts = [self.prefix + t for t in gen.texts]
        return gen

    async def function(self, problem: Any, sampling: dict[str, Any]) -> Generation:
        """k completions of the code stage for a `FunctionProblem` (the prompt ends with an
        opened ```python fence; each answer runs to the closing one)."""
        from golf_ray.tasks.stages import load_stages, stage_prompt, stage_stop

        code_stage = load_stages(None)[-1]
        text = stage_prompt(problem, code_stage, [])
        n_tokens = len(self.tokenizer.encode(text, add_special_tokens=False))
        if n_tokens > self.max_prompt_tokens:
            return self._too_long(n_tokens)
        return await self._generate(text, n_tokens, {**sampling, "stop": stage_stop(code_stage)})

    async def generate(
        self, prompt: str, system: str | None, chat: bool, sampling: dict[str, Any]
    ) -> Generation:
        """Completions of a prompt: as the user turn of a conversation (`chat`), else as is."""
        if chat:
            messages = [{"role": "system", "content": system}] if system else []
            return await self.chat([*messages, {"role": "user", "content": prompt}], sampling)
        return await self.complete(f"{system}\n\n{prompt}" if system else prompt, sampling)

    async def chat(self, messages: list[dict[str, str]], sampling: dict[str, Any]) -> Generation:
        """Replies to a conversation (role/content dicts), rendered by `prompts.render_messages`."""
        import jinja2

        from golf_ray.prompts import render_messages

        try:
            text = render_messages(messages, self.tokenizer)
        except (jinja2.TemplateError, ValueError) as e:  # e.g. roles the template refuses
            return Generation(0, refusal=Refusal("invalid_messages", f"chat template: {e}"))
        return await self.complete(text, sampling)

    async def complete(self, text: str, sampling: dict[str, Any]) -> Generation:
        """Continuations of a raw prompt text."""
        n_tokens = len(self.tokenizer.encode(text, add_special_tokens=False))
        if n_tokens > self.max_prompt_tokens:
            return self._too_long(n_tokens)
        return await self._generate(text, n_tokens, sampling)

    def _too_long(self, n_tokens: int) -> Generation:
        message = f"prompt is {n_tokens} tokens, the limit is {self.max_prompt_tokens}"
        return Generation(n_tokens, refusal=Refusal("prompt_too_long", message))

    async def _generate(self, text: str, n_tokens: int, sampling: dict[str, Any]) -> Generation:
        from golf_ray.actors.engines import Sampling

        if n_tokens + sampling["max_tokens"] > self.max_model_len:
            message = (
                f"prompt ({n_tokens} tokens) + max_tokens ({sampling['max_tokens']}) exceeds "
                f"the model's context of {self.max_model_len}"
            )
            return Generation(n_tokens, refusal=Refusal("prompt_too_long", message))
        Sampling(**sampling)  # a bad combination fails this request only, not its batch
        start = time.perf_counter()
        completions = await self._run_batch((text, sampling))
        return Generation(
            n_tokens,
            texts=[c.text for c in completions],
            finish_reasons=[c.finish_reason for c in completions],
            tokens=[c.num_tokens for c in completions],
            stop_reasons=[c.stop_reason for c in completions],
            seconds=time.perf_counter() - start,
        )

    @serve.batch(max_batch_size=8, batch_wait_timeout_s=0.01)
    async def _run_batch(self, items: list[tuple[str, dict[str, Any]]]) -> list[list[Any]]:
        """Concurrent requests become one engine call per distinct sampling setting (one batch
        at a time: the engine is not thread-safe). Seeded requests run alone, so a seed gives
        the same samples whatever else is in flight."""
        from golf_ray.actors.engines import Sampling

        groups: dict[tuple, list[int]] = {}
        for i, (_, sampling) in enumerate(items):
            alone = i if sampling.get("seed") is not None else -1
            groups.setdefault((tuple(sorted(sampling.items())), alone), []).append(i)
        out: list[list[Any]] = [[] for _ in items]
        for members in groups.values():
            params = Sampling(**items[members[0]][1])
            prompts = [items[i][0] for i in members]
            for c in await asyncio.to_thread(self.engine.generate, prompts, params):
                out[members[c.prompt_index]].append(c)
        return out

    def __del__(self):  # Serve calls this when the replica shuts down
        engine = getattr(self, "engine", None)
        if engine is not None:
            engine.shutdown()


class SandboxServer:
    """One sandbox worker (`actors.sandbox.SandboxActor`: docker or process backend). Programs
    run only in that worker; expected outputs stay here and are judged by golf_ray.verify."""

    def __init__(self, cfg: SandboxConfig):
        from golf_ray.actors.sandbox import SandboxActor

        self.sandbox = SandboxActor.from_config(cfg)
        self.lock = asyncio.Lock()

    def describe(self) -> dict[str, Any]:
        return self.sandbox.describe()

    async def verify(self, job: Any) -> Any:
        """Judge one `VerifyJob`; returns its `Verdict`."""
        async with self.lock:
            return await asyncio.to_thread(self.sandbox.verify, job)

    async def run_tests(self, job: Any) -> Any:
        """Run one `TestJob` (program, then each test in isolation); returns its `TestVerdict`."""
        async with self.lock:
            return await asyncio.to_thread(self.sandbox.run_tests, job)

    def __del__(self):
        sandbox = getattr(self, "sandbox", None)
        if sandbox is not None:
            sandbox.close()


class RateLimiterServer:
    """The token buckets, in one replica so every ingress replica shares them."""

    def __init__(self, requests_per_minute: float, burst: int):
        self.limiter = RateLimiter(requests_per_minute, burst)

    def take(self, key: str) -> float:
        """0.0 when the request may go ahead, else seconds to wait."""
        return self.limiter.take(key, time.monotonic())
