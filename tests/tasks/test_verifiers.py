"""verifiers tasksets (golf_ray/tasks/verifiers.py): a single-turn taskset made here, its prompts
and scoring, two GRPO steps with the tiny model whose rewards are what `Task.score` gives, and
the one-line refusals (tools, runtime, judge model, more turns, verifiers missing)."""

from __future__ import annotations

import asyncio
import sys
import types

import pytest
import verifiers.v1 as vf

from golf_ray.actors.engines import Completion
from golf_ray.config import load_config
from golf_ray.domains import VerifiersDomain
from golf_ray.recipes.train import train
from golf_ray.tasks.verifiers import VerifiersTasks

WORDS = ["golf", "ray", "tiny", "model", "verify", "reward", "train", "policy"]
SYSTEM = "Answer with the reversed string only."
# (prompt, reply) of every reply the taskset scored, in order (the driver runs in this process)
SEEN: list[tuple[str, str]] = []


class ReverseData(vf.TaskData):
    answer: str


class ReverseTask(vf.Task[ReverseData]):
    @vf.reward
    async def exact(self, trace: vf.Trace) -> float:
        SEEN.append((self.data.prompt, trace.last_reply))
        return float(trace.last_reply == self.data.answer)

    @vf.reward(weight=0.5)
    async def in_place(self, trace: vf.Trace) -> float:
        """Share of the answer's characters in place: partial credit."""
        reply, answer = trace.last_reply, self.data.answer
        return sum(a == b for a, b in zip(reply, answer, strict=False)) / len(answer)

    @vf.reward(weight=0.25)
    async def brevity(self, trace: vf.Trace) -> float:
        """Varies with a random model's reply, so the rewards compared below differ."""
        return 1.0 / (1 + len(trace.last_reply))


class ReverseConfig(vf.TasksetConfig):
    num_tasks: int = len(WORDS)


class ReverseTaskset(vf.Taskset[ReverseTask, ReverseConfig]):
    def load(self):
        for word in WORDS[: self.config.num_tasks]:
            data = ReverseData(prompt=f"Reverse: {word}", system_prompt=SYSTEM, answer=word[::-1])
            yield ReverseTask(data, self.config.task)


TASKSET = f"{__name__}:ReverseTaskset"


def task_score(task: ReverseTask, reply: str) -> float:
    """`Task.score` on a one-turn trace built here, independently of golf-ray's."""
    messages = [
        vf.SystemMessage(content=SYSTEM),
        vf.UserMessage(content=task.data.prompt),
        vf.AssistantMessage(content=reply),
    ]
    trace = vf.Trace(
        task=vf.TraceTask(type="ReverseTask", data=task.data),
        agent=vf.AgentInfo(config=vf.AgentConfig()),
        nodes=[
            vf.MessageNode(parent=i - 1 if i else None, message=m, sampled=i == 2)
            for i, m in enumerate(messages)
        ],
    )
    asyncio.run(task.score(trace))
    return trace.reward


def completion(text: str, stop: str | None = None) -> Completion:
    return Completion(0, 0, text, [1], [0.0], "stop", 0, stop_reason=stop)


def config(*overrides: str):
    return load_config(
        "experiments/reasoning_tiny.yaml",
        [
            "tasks.source=verifiers",
            f"tasks.taskset={TASKSET}",
            "tasks.val_fraction=0.25",
            "rollout.stop=[]",
            "reward.terms.format=0.0",  # the reward is the taskset's alone
            *overrides,
        ],
    )


# --------------------------------------------------------------------------- loading, scoring


def test_taskset_prompts_and_scores_are_the_tasksets_own():
    tasks = VerifiersTasks(TASKSET, {"num_tasks": 3})
    assert [item.id for item in tasks] == ["00000", "00001", "00002"]
    assert tasks[1].messages == [
        {"role": "system", "content": SYSTEM},
        {"role": "user", "content": "Reverse: ray"},
    ]
    replies = ["yar", "xxr", "", "a much longer wrong reply"]
    items = [tasks[1], tasks[1], tasks[0], tasks[2]]
    scores = tasks.score([(item, r, "stop") for item, r in zip(items, replies, strict=True)])
    assert scores == [task_score(i.task, r) for i, r in zip(items, replies, strict=True)]
    assert scores[0] == 1.0 + 0.5 + 0.25 / 4  # exact, every char in place, 3 chars long
    assert scores[1] == pytest.approx(0.5 / 3 + 0.25 / 4)
    assert len(VerifiersTasks(TASKSET, {"num_tasks": 8}, limit=5)) == 5


class FlakyTask(ReverseTask):
    @vf.reward
    async def flaky(self, trace: vf.Trace) -> float:
        if trace.last_reply == "boom":
            raise RuntimeError("the taskset's bug")
        return 1.0


def test_a_reward_that_raises_scores_zero_and_is_logged(caplog):
    tasks = VerifiersTasks(taskset_of(FlakyTask))
    assert tasks.score([(tasks[0], "boom", "stop"), (tasks[0], "x", "length")]) == [
        0.0,
        1.0 + 0.5 + 0.25 / 2 + 1.0,
    ]
    assert "00000 scoring failed" in caplog.text and "the taskset's bug" in caplog.text


def test_domain_judges_with_the_taskset():
    domain = VerifiersDomain(config(), None)  # no tokenizer: the plain prompt format
    assert domain.actors == {} and set(domain.train_ids).isdisjoint(domain.val_ids)
    first = domain.items.by_id(domain.train_ids[0])
    assert (
        domain.prompts[first.id].startswith(SYSTEM)
        and first.task.data.prompt in (domain.prompts[first.id])
    )
    answer = first.task.data.answer
    generated = [(first.id, 0, completion(answer)), (first.id, 0, completion("zz"))]
    samples = domain.judge(generated)
    assert [s.score for s in samples] == [
        task_score(first.task, answer),
        task_score(first.task, "zz"),
    ]
    assert [s.correct for s in samples] == [True, False]
    assert domain.eval_metrics(samples, 2)["pass@1"] == 0.5


def test_bad_taskset_args_are_one_line():
    with pytest.raises(ValueError, match=r"tasks.taskset_args: taskset .*num_tasks: Input should"):
        VerifiersTasks(TASKSET, {"num_tasks": "many"})
    with pytest.raises(ValueError, match=r"tasks.taskset: .*not a verifiers Taskset"):
        VerifiersTasks(f"{__name__}:ReverseTask")
    with pytest.raises(ValueError, match=r"tasks.taskset: taskset 'no-such-taskset' not found"):
        VerifiersTasks("no-such-taskset")


# --------------------------------------------------------------------------- refusals


class Echo(vf.Toolset[vf.ToolsetConfig]):
    @vf.tool
    def echo(self, text: str) -> str:
        """Return the text."""
        return text


class ToolTask(ReverseTask):
    @classmethod
    def toolsets(cls, config):
        return [Echo(vf.ToolsetConfig())]


class RuntimeTask(ReverseTask):
    @vf.reward
    async def tests_pass(self, trace: vf.Trace, runtime: vf.Runtime) -> float:
        return 1.0


class ContainerTask(ReverseTask):
    NEEDS_CONTAINER = True


def taskset_of(task_type: type, config: vf.TaskConfig | None = None, prompt: str | None = "x"):
    class Made(vf.Taskset[task_type]):
        def load(self):
            yield task_type(ReverseData(prompt=prompt, answer="x"), config)

    Made.__name__ = Made.__qualname__ = f"{task_type.__name__}Set"
    setattr(sys.modules[__name__], Made.__name__, Made)
    return f"{__name__}:{Made.__name__}"


@pytest.mark.parametrize(
    ("taskset", "needs"),
    [
        (lambda: taskset_of(ToolTask), r"tools \(Task.toolsets\)"),
        (lambda: taskset_of(RuntimeTask), r"a runtime \(tests_pass takes one\)"),
        (lambda: taskset_of(ContainerTask), r"a runtime \(a container\)"),
        (
            lambda: taskset_of(ReverseTask, vf.TaskConfig(judges=[{"id": "reference"}])),
            r"a judge model \(reference\)",
        ),
        (lambda: taskset_of(ReverseTask, prompt=None), r"more turns \(no prompt"),
    ],
)
def test_tasksets_needing_more_than_one_reply_are_refused_in_one_line(taskset, needs):
    name = taskset()
    with pytest.raises(ValueError, match=rf"^tasks.taskset: taskset '{name}' needs {needs}") as e:
        VerifiersTasks(name)
    assert "\n" not in str(e.value) and "single-turn" in str(e.value)


class ChatHarness(vf.Harness):
    """A taskset package's own harness: its agent loop, more than one reply."""


def as_package(monkeypatch, name: str, *exports: type) -> str:
    """A module exporting `exports` via `__all__`, importable as `name`: an installed taskset
    package, as `vf eval` loads one by id."""
    module = types.ModuleType(name)
    for obj in exports:
        setattr(module, obj.__name__, obj)
    module.__all__ = [obj.__name__ for obj in exports]
    monkeypatch.setitem(sys.modules, name, module)
    return name


def test_installed_taskset_by_id_and_one_with_its_own_harness(monkeypatch):
    tasks = VerifiersTasks(as_package(monkeypatch, "reverse_text", ReverseTaskset), limit=2)
    assert tasks[0].messages[-1] == {"role": "user", "content": "Reverse: golf"}
    chat = as_package(monkeypatch, "reverse_chat", ReverseTaskset, ChatHarness)
    with pytest.raises(ValueError, match=r"needs more turns \(its own Harness, ChatHarness\)"):
        VerifiersTasks(chat)


def test_missing_verifiers_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "verifiers.v1", None)  # as if not installed
    with pytest.raises(ValueError, match=r"needs the optional `verifiers` extra .*\[verifiers\]"):
        VerifiersTasks(TASKSET)


# --------------------------------------------------------------------------- training


def test_two_grpo_steps_learn_from_the_tasksets_scores(ray_session, tmp_path):
    """The tiny model through the real loop (HF rollout, learner): each step's reward is the
    mean of `Task.score` over the step's replies, as the taskset scored them."""
    per_step = 2 * 2  # prompts_per_step x samples_per_prompt
    cfg = config(
        "steps=2",
        "prompts_per_step=2",
        "rollout.samples_per_prompt=2",
        "rollout.max_tokens=8",
        "rollout.num_cpus=0",
        "learner.num_cpus=0",
        "learner.micro_batch_size=2",
        "eval_tasks=0",  # evaluation's metrics are checked above, without the model
        "logging.tensorboard=false",
    )
    tasks = {t.data.prompt: t for t in ReverseTaskset(ReverseConfig())}
    steps: list[tuple[list[tuple[str, str]], dict[str, float]]] = []

    def on_step(step: int, metrics: dict[str, float]) -> None:
        steps.append((list(SEEN), metrics))
        SEEN.clear()

    SEEN.clear()
    result = train(cfg, run_dir=tmp_path / "run", progress=False, on_step=on_step)
    assert result.steps == 2 and len(steps) == 2
    for replies, metrics in steps:
        assert len(replies) == per_step
        expected = [task_score(tasks[prompt], reply) for prompt, reply in replies]
        assert metrics["reward_mean"] == pytest.approx(sum(expected) / per_step)
        assert metrics["reward/correctness"] == pytest.approx(metrics["reward_mean"])
