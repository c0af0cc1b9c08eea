"""Inference without training: `golf-ray solve` (a few tasks) and `golf-ray eval` (a split).

Both run one generation engine in this process and judge programs in a local sandbox worker (the
same backends the actors use), so no Ray cluster is needed.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from pathlib import Path

from golf_ray.actors.engines import Sampling
from golf_ray.actors.rollout import create_engine
from golf_ray.actors.sandbox import SandboxActor
from golf_ray.codecheck import extract_and_check
from golf_ray.config import ModelConfig, SandboxConfig
from golf_ray.learner import checkpoint as ckpt
from golf_ray.models import load_tokenizer, resolve_model
from golf_ray.prompts import build_prompt
from golf_ray.rl import checkpoints
from golf_ray.tasks import Task, TaskSet
from golf_ray.verify import Verdict


def resolve_policy(path_or_name: str) -> str:
    """A checkpoint in any form golf_ray.rl.checkpoints.resolve takes → its `policy/` model dir
    (an adversarial stage's: the generator's); a model dir or name (`smollm2`, `tiny`, a hub
    name) → that model."""
    path = checkpoints.resolve(path_or_name)
    for policy in (path / ckpt.POLICY_DIR, path / "generator" / ckpt.POLICY_DIR):
        if (policy / "config.json").exists():
            return str(policy)
    if path.is_dir():
        return str(path)
    return str(resolve_model(ModelConfig(name=path_or_name)))


@dataclass
class Candidate:
    program: str | None
    syntax_error: str | None
    verdict: Verdict | None


@dataclass
class TaskResult:
    task_id: str
    candidates: list[Candidate] = field(default_factory=list)

    @property
    def best(self) -> Candidate | None:
        """Correct first, then most examples passed, then fewest bytes."""
        judged = [c for c in self.candidates if c.verdict is not None]
        if not judged:
            return None
        return min(
            judged, key=lambda c: (not c.verdict.correct, -c.verdict.pass_rate, c.verdict.bytes)
        )

    @property
    def n_correct(self) -> int:
        return sum(c.verdict is not None and c.verdict.correct for c in self.candidates)

    def to_json(self) -> dict:
        best = self.best
        return {
            "task": self.task_id,
            "correct": bool(best and best.verdict and best.verdict.correct),
            "best_program": best.program if best else None,
            "bytes": best.verdict.bytes if best and best.verdict else None,
            "points": best.verdict.points if best and best.verdict else 0.0,
            "samples": len(self.candidates),
            "n_correct": self.n_correct,
            "candidates": [asdict(c) for c in self.candidates],
        }


def pass_at_k(n: int, c: int, k: int) -> float:
    """Unbiased pass@k from n samples with c correct (Chen et al. 2021)."""
    if n - c < k:
        return 1.0
    return 1.0 - math.comb(n - c, k) / math.comb(n, k)


class Solver:
    """An engine and a sandbox worker in this process."""

    def __init__(
        self,
        model: str,
        engine: str = "auto",
        sandbox: SandboxConfig | None = None,
        max_prompt_tokens: int = 2048,
        response_prefix: str = "",
        execute_tests: bool = True,
    ):
        self.model_path = resolve_policy(model)
        self.tokenizer = load_tokenizer(self.model_path)
        self.engine = create_engine(self.model_path, engine)
        self.max_prompt_tokens, self.prefix = max_prompt_tokens, response_prefix
        self.sandbox = None
        if execute_tests:
            self.sandbox = SandboxActor.from_config(sandbox or SandboxConfig())

    def solve(self, tasks: list[Task], sampling: Sampling) -> list[TaskResult]:
        prompts = [
            build_prompt(t, self.tokenizer, self.max_prompt_tokens).text + self.prefix
            for t in tasks
        ]
        results = [TaskResult(t.id) for t in tasks]
        for c in self.engine.generate(prompts, sampling):
            task = tasks[c.prompt_index]
            check = extract_and_check(self.prefix + c.text)
            verdict = None
            if check.code is not None and self.sandbox is not None:
                verdict = self.sandbox.verify(task.verify_job(check.code))
            results[c.prompt_index].candidates.append(Candidate(check.code, check.error, verdict))
        return results

    def close(self) -> None:
        self.engine.shutdown()
        if self.sandbox is not None:
            self.sandbox.close()

    def __enter__(self) -> Solver:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def read_task_names(path: str) -> list[str]:
    """A file of task numbers or ids, one a line (blank lines skipped)."""
    try:
        lines = Path(path).read_text().splitlines()
    except OSError as e:
        raise ValueError(f"{path}: {e.strerror}") from None
    return [line.strip() for line in lines if line.strip()]


def solve_tasks(
    solver: Solver, taskset: TaskSet, names: list[str], sampling: Sampling
) -> list[TaskResult]:
    """`golf-ray solve`: k programs for each named task (a number or an id)."""
    return solver.solve([taskset.find(name) for name in names], sampling)


def format_results(results: list[TaskResult]) -> str:
    """Per task: its status, then its best program (or its first candidate)."""
    lines = []
    for r in results:
        best = r.best
        shown = best or (r.candidates[0] if r.candidates else None)
        status = "untested"
        if best is not None:
            v = best.verdict
            status = f"{'correct' if v.correct else 'wrong'} {v.passed}/{v.total}, {v.bytes} bytes"
        elif shown is not None and shown.syntax_error:
            status = shown.syntax_error
        lines += [
            f"# {r.task_id}: {status}",
            shown.program if shown and shown.program else "(no program)",
        ]
    return "\n".join(lines)


def evaluate(
    solver: Solver,
    taskset: TaskSet,
    sampling: Sampling,
    split: str = "val",
    val_fraction: float = 0.1,
    split_seed: int = 0,
    limit: int | None = None,
    batch: int = 8,
) -> tuple[dict[str, float], list[TaskResult]]:
    """`golf-ray eval`: pass@1, pass@k and golf points on a split (the training run's split for
    the same fraction and seed), `batch` tasks at a time."""
    from tqdm import tqdm

    train_ids, val_ids = taskset.split(val_fraction, split_seed)
    ids = {"val": val_ids, "train": train_ids, "all": taskset.ids}[split]
    tasks = [taskset.by_id(t) for t in ids[:limit]]
    results: list[TaskResult] = []
    for i in tqdm(range(0, len(tasks), batch), desc="eval", unit="batch"):
        results += solver.solve(tasks[i : i + batch], sampling)
    return summarize(results, sampling.n), results


def summarize(results: list[TaskResult], k: int) -> dict[str, float]:
    n = len(results)
    return {
        "tasks": n,
        f"pass@{k}": sum(pass_at_k(len(r.candidates), r.n_correct, k) for r in results) / n,
        "pass@1": sum(pass_at_k(len(r.candidates), r.n_correct, 1) for r in results) / n,
        "solved": sum(r.n_correct > 0 for r in results),
        "golf_points": sum(r.to_json()["points"] for r in results if r.n_correct),
    }
