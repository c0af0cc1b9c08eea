"""Single-turn `verifiers` tasksets (verifiers 0.4, its v1 API): golf-ray generates, the taskset
scores.

    tasks = VerifiersTasks("my-taskset", {"num_tasks": 50}, limit=200)   # or "pkg.module:Class"
    prompt = render_messages(tasks[0].messages, tokenizer)             # what the model sees
    rewards = tasks.score([(tasks[0], reply, "stop"), ...])              # Trace.reward of each

A taskset is named like `vf eval` names it (an installed taskset package exporting its `Taskset`
subclass), or as `module:Class`; `Taskset.load()` gives the tasks. Each reply becomes a one-turn
`Trace` (the task's system prompt and prompt, then the reply) that the task's own `Task.score`
scores, without a runtime; the reward is `Trace.reward`, the weighted sum of its `@vf.reward`
functions. Only such tasksets train here: one needing a runtime (a container, setup/finalize
hooks, rewards that take `runtime`), tools, more turns (its own Env or Harness, or no prompt for
the model) or a judge model is refused at start-up in one line.

verifiers is an optional extra, imported in this module only and only when a taskset is loaded
(pyproject.toml says why it is installed with --no-deps).
"""

from __future__ import annotations

import asyncio
import importlib
import inspect
import logging
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

log = logging.getLogger(__name__)

INSTALL = (
    "bash scripts/setup.sh --verifiers, or pip install -e '.[verifiers]' && "
    "pip install --no-deps verifiers==0.4.0"
)
SINGLE_TURN = "golf-ray trains on single-turn tasksets scored from the model's reply alone"


def import_verifiers() -> ModuleType:
    """`verifiers.v1`, or a one-line error naming the extra to install."""
    try:
        import verifiers.v1 as vf
    except ImportError as e:
        raise ValueError(
            f"tasks.source: verifiers needs the optional `verifiers` extra ({e}); install it: "
            f"{INSTALL}"
        ) from None
    return vf


@dataclass(frozen=True)
class VerifiersItem:
    id: str
    task: Any  # the taskset's `vf.Task`
    messages: list[dict[str, str]]  # the prompt as role/content dicts, system prompt first


class VerifiersTasks(Sequence[VerifiersItem]):
    """The first `limit` tasks of a taskset, each checked to be single-turn and offline."""

    def __init__(
        self,
        taskset: str,
        args: Mapping[str, Any] | None = None,
        limit: int = 200,
        where: str = "tasks.taskset",
    ):
        vf = import_verifiers()
        from pydantic import ValidationError
        from verifiers.v1.utils.generic import concrete_type

        if not taskset:
            raise ValueError(f"{where}: name a verifiers taskset (an installed id or module:Class)")
        cls, module = _taskset_class(vf, taskset, where)
        config_type = concrete_type(cls, vf.TasksetConfig, origin=vf.Taskset) or vf.TasksetConfig
        fields = {**(args or {}), **({} if ":" in taskset else {"id": taskset})}
        try:
            config = config_type.model_validate(fields)
        except ValidationError as e:  # one line per field, joined
            why = "; ".join(f"{'.'.join(map(str, x['loc']))}: {x['msg']}" for x in e.errors())
            raise ValueError(f"{where}_args: taskset {taskset!r}: {why}") from None
        loaded = cls(config)
        why = _needs_more_than_a_reply(vf, cls, loaded, module)
        tasks = [] if why else list(loaded.take(limit))  # take: an infinite taskset ends too
        why = why or next(filter(None, (_task_needs_more_than_a_reply(vf, t) for t in tasks)), None)
        if why:
            raise ValueError(f"{where}: taskset {taskset!r} needs {why}; {SINGLE_TURN}")
        if not tasks:
            raise ValueError(f"{where}: taskset {taskset!r} has no tasks")
        self.name = taskset
        self.items = [
            VerifiersItem(_item_id(task), task, prompt_messages(vf, task.data)) for task in tasks
        ]
        self._by_id = {item.id: item for item in self.items}
        if len(self._by_id) < len(self.items):
            raise ValueError(f"{where}: taskset {taskset!r} repeats a task id")

    def __len__(self) -> int:
        return len(self.items)

    def __getitem__(self, i):  # type: ignore[override]
        return self.items[i]

    def __iter__(self) -> Iterator[VerifiersItem]:
        return iter(self.items)

    def by_id(self, item_id: str) -> VerifiersItem:
        return self._by_id[item_id]

    def score(self, replies: Sequence[tuple[VerifiersItem, str, str | None]]) -> list[float]:
        """`Trace.reward` for each (item, reply, finish reason), scored by its task, together in
        one event loop. A task whose scoring raises gives 0 (logged), rather than stopping a run."""
        vf = import_verifiers()

        async def one(item: VerifiersItem, reply: str, finish_reason: str | None) -> float:
            trace = reply_trace(vf, item.task, reply, finish_reason)
            try:
                await item.task.score(trace)
            except Exception as e:  # noqa: BLE001 - the taskset's own code: any failure scores 0
                log.warning("%s: %s scoring failed: %s", self.name, item.id, e)
                return 0.0
            return trace.reward

        async def every() -> list[float]:
            return list(await asyncio.gather(*(one(*r) for r in replies)))

        return asyncio.run(every())


def reply_trace(vf: ModuleType, task: Any, reply: str, finish_reason: str | None = "stop"):
    """The `Trace` of one model turn: the task's prompt, then `reply` (what a single-turn rollout
    records; `finish_reason` "length" marks it cut off, `Trace.is_truncated`)."""
    from verifiers.v1.state import state_cls

    data = task.data
    messages: list[Any] = (
        [vf.SystemMessage(content=data.system_prompt)] if data.system_prompt else []
    )
    messages += (
        [vf.UserMessage(content=data.prompt)] if isinstance(data.prompt, str) else data.prompt
    )
    messages.append(vf.AssistantMessage(content=reply))
    nodes = [
        vf.MessageNode(parent=i - 1 if i else None, message=m, sampled=i == len(messages) - 1)
        for i, m in enumerate(messages)
    ]
    return vf.Trace(
        task=vf.TraceTask(type=type(task).__name__, data=data, key=task.key, hash=task.hash),
        agent=vf.AgentInfo(config=vf.AgentConfig(max_turns=1)),
        state=state_cls(type(task))(),
        nodes=nodes,
        calls=[vf.ModelCall(node=len(nodes) - 1, finish_reason=finish_reason)],
        is_completed=True,
        ok=True,
        stop_condition="agent_completed",
    )


def prompt_messages(vf: ModuleType, data: Any) -> list[dict[str, str]]:
    """The task's system prompt and prompt as role/content dicts (text parts only)."""
    messages = [{"role": "system", "content": data.system_prompt}] if data.system_prompt else []
    if isinstance(data.prompt, str):
        return [*messages, {"role": "user", "content": data.prompt}]
    return [
        *messages,
        *({"role": m.role, "content": vf.content_text(m.content)} for m in data.prompt),
    ]


def _taskset_class(vf: ModuleType, taskset: str, where: str) -> tuple[type, ModuleType]:
    from verifiers.v1.utils.loaders import import_taskset, taskset_class

    module_name, _, name = taskset.partition(":")
    try:
        if not name:  # an installed taskset package, as `vf eval` takes it
            return taskset_class(taskset), import_taskset(taskset)
        module = importlib.import_module(module_name)
    except (ImportError, AttributeError, TypeError, ValueError) as e:
        raise ValueError(f"{where}: {e}") from None
    cls = getattr(module, name, None)
    if not (isinstance(cls, type) and issubclass(cls, vf.Taskset)):
        raise ValueError(f"{where}: {taskset!r} is not a verifiers Taskset class")
    return cls, module


def _needs_more_than_a_reply(vf: ModuleType, cls: type, taskset: Any, module: ModuleType):
    """Why the taskset as a whole cannot be scored from one reply (None: it can)."""
    if cls.toolsets(taskset.config):
        return "tools (Taskset.toolsets)"
    for name in getattr(module, "__all__", []):  # a package's own loop: more than one turn
        obj = getattr(module, name, None)
        for base in (vf.Env, vf.Harness):
            if isinstance(obj, type) and issubclass(obj, base) and obj is not base:
                return f"more turns (its own {base.__name__}, {name})"
    return None


def _task_needs_more_than_a_reply(vf: ModuleType, task: Any) -> str | None:
    """Why this task cannot be scored from one reply, offline (None: it can)."""
    kind = type(task)
    if kind.toolsets(task.config):
        return "tools (Task.toolsets)"
    if task.config.judges:
        return f"a judge model ({', '.join(j.id for j in task.config.judges)})"
    if kind.NEEDS_CONTAINER or task.data.image:
        return "a runtime (a container)"
    for hook in ("setup", "finalize", "stage_verifier"):
        if getattr(kind, hook) is not getattr(vf.Task, hook):
            return f"a runtime (Task.{hook})"
    for fn in (*task.hooks("reward"), *task.hooks("metric")):
        runtime = inspect.signature(fn).parameters.get("runtime")
        if runtime is not None and runtime.default is inspect.Parameter.empty:
            return f"a runtime ({fn.__name__} takes one)"
    if task.data.prompt is None:
        return "more turns (no prompt: a simulated user opens the conversation)"
    if not isinstance(task.data.prompt, str) and any(
        m.role == "tool" or getattr(m, "tool_calls", None) for m in task.data.prompt
    ):
        return "tools (tool calls in its prompt)"
    return None


def _item_id(task: Any) -> str:
    """The task's own id when it has one, else its position in `load()`."""
    return str(task.data.id) if task.data.id is not None else f"{task.data.idx:05d}"
