"""The executive's tools over real components: generation by a `RolloutActor`, judging by the
sandbox pool, retrieval from the solution database and `pydoc`."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import ray

from golf_ray.actors.engines import Sampling
from golf_ray.codecheck import extract_and_check
from golf_ray.recipes.agent.problems import Check, Problem
from golf_ray.recipes.agent.retrieval import similar_solutions, stdlib_docs


@dataclass
class ToolsConfig:
    temperature: float = 0.7
    top_p: float = 0.95
    max_tokens: int = 256
    stop: list[str] = field(default_factory=lambda: ["\n```"])
    # Text the answer starts with (appended to every prompt): "```python\n" makes even a weak
    # model's answer a code block.
    response_prefix: str = "```python\n"
    search_solutions: int = 2  # similar solved problems shown by `search`
    search_doc_chars: int = 1200  # budget for pydoc text


def render_chat(messages: Sequence[Mapping[str, str]], tokenizer: Any) -> str:
    """Chat template when the tokenizer has one, else a plain role-labelled transcript."""
    if getattr(tokenizer, "chat_template", None):
        return tokenizer.apply_chat_template(
            list(messages), tokenize=False, add_generation_prompt=True
        )
    turns = [f"{m['role'].capitalize()}:\n{m['content']}" for m in messages]
    return "\n\n".join(turns) + "\n\nAssistant:\n"


class RayTools:
    """Tools for `ExecutiveEnv` backed by Ray actors. Lives in an episode actor (or a driver)."""

    def __init__(
        self,
        model_path: str,
        rollouts: Sequence[Any],
        sandbox: Any,
        cfg: ToolsConfig,
        db_path: str | None = None,
        library: Mapping[str, str] | None = None,
        seed: int = 0,
    ):
        from golf_ray.models import load_tokenizer

        self.tokenizer = load_tokenizer(model_path)
        self.rollouts, self.sandbox, self.cfg = list(rollouts), sandbox, cfg
        self.db_path, self.library = db_path, dict(library or {})
        self._calls = itertools.count()
        self.seed = seed
        self.generations = 0

    def reseed(self, seed: int) -> None:
        self.seed, self._calls = seed, itertools.count()

    def text(self, messages: Sequence[Mapping[str, str]], prefix: str = "") -> str:
        """The model's raw answer to a conversation (`prefix` is where the answer starts)."""
        call = next(self._calls)
        prompt = render_chat(messages, self.tokenizer) + prefix
        sampling = Sampling(
            n=1,
            temperature=self.cfg.temperature,
            top_p=self.cfg.top_p,
            max_tokens=self.cfg.max_tokens,
            stop=tuple(self.cfg.stop) if prefix else (),
            seed=self.seed * 1000 + call,
        )
        actor = self.rollouts[(self.seed + call) % len(self.rollouts)]
        [completion] = ray.get(actor.generate.remote([prompt], sampling))
        self.generations += 1
        return prefix + completion.text

    def complete(self, messages: Sequence[Mapping[str, str]]) -> str:
        """The program the model writes for a conversation ("" when it wrote none)."""
        answer = self.text(messages, self.cfg.response_prefix)
        return extract_and_check(answer).code or ""

    # ------------------------------------------------------------------ the Tools protocol

    def generate(self, problem: Problem, context: str) -> str:
        return self.complete(problem.messages(context))

    def debug(self, problem: Problem, code: str, check: Check, context: str) -> str:
        return self.complete(problem.debug_messages(code, check, context))

    def test(self, problem: Problem, code: str, full: bool) -> Check:
        return problem.judge(code, self.sandbox, full)

    def search(self, problem: Problem, code: str | None, check: Check | None) -> str:
        parts = []
        if self.db_path and self.cfg.search_solutions > 0:
            from golf_ray.solutions import SolutionDB

            with SolutionDB(self.db_path) as db:
                found = similar_solutions(
                    db, problem.id, problem.search_text(), self.library, self.cfg.search_solutions
                )
            parts += [
                f"A solved similar problem ({pid}):\n```python\n{src}\n```" for pid, src, _ in found
            ]
        docs = stdlib_docs(code, check.feedback if check else "", self.cfg.search_doc_chars)
        if docs:
            parts.append(docs)
        return "\n\n".join(parts)
