"""The training loop: `golf-ray train CONFIG [overrides]`.

One step, top to bottom (see `train`): sample tasks from the curriculum → prompts → rollouts
(n per prompt) → verdicts → rewards → learner update (advantages inside) → weight broadcast →
metrics (peak memory per actor role included), with periodic evaluation and checkpoints. The
domain (golf_ray/domains.py, chosen by `tasks.source`) makes the prompts and the verdicts:
sandboxed program runs for golf tasks, the dataset's verifier for reasoning_gym.

`rollout.async_steps: k` keeps the generations of the next k steps in flight while a step is
judged and learned from (a queue, oldest first): step s+k's rollouts are asked for before step s
updates the policy, so they come from weights up to k versions behind the learner's. Every
sample records the policy version that wrote it; each step logs `staleness_mean` and
`staleness_max` (the learner's version minus the samples'). k = 0 is on-policy: the next step's
rollouts start after the broadcast. The broadcast does not wait for the rollout actors: each
takes the new weights after the generations already queued on it.

GRPO at the frontier (golf_ray/rl/selection.py): `algorithm.dynamic_sampling` drops prompt groups
whose rewards are all equal and refills the step from more prompts, up to
`algorithm.dynamic_sampling_max_rounds` generation rounds (logged: `dynamic_sampling/...`);
`algorithm.overlong` masks or penalises completions cut off at `rollout.max_tokens` (logged:
`truncation_rate`); the learner weights stale samples by `algorithm.tis_cap`.

Faults: Ray restarts a sandbox or rollout actor that dies (the policy re-sends weights to a
restarted rollout actor, golf_ray/rl/policy.py); a learner out of memory retries the step with a
smaller micro-batch; a dead learner rank stops the run with one line naming the checkpoint to
`--resume` from, and the resumed run drops the metrics logged after it and does those steps again.
"""

from __future__ import annotations

import dataclasses
import logging
import math
import random
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import ray

from golf_ray.actors.engines import Completion, Sampling
from golf_ray.config import Config, ConfigError
from golf_ray.curriculum import Curriculum
from golf_ray.domains import GolfDomain, Sample, make_domain
from golf_ray.learner.checkpoint import read_meta
from golf_ray.logs import LOGS_DIR
from golf_ray.memory import memory_metrics, read_peak
from golf_ray.metrics import StepTimer, plot_curves
from golf_ray.models import load_tokenizer, resolve_model
from golf_ray.placement import check_placement
from golf_ray.remote import RemoteError
from golf_ray.rl import checkpoints
from golf_ray.rl.policy import Generation, Policy
from golf_ray.rl.run import Run, due, fit_micro_batch, new_run_dir, step_seed
from golf_ray.rl.selection import GroupPool, learner_rewards
from golf_ray.runtime import init_ray
from golf_ray.solutions import SolutionDB

log = logging.getLogger(__name__)


@dataclass
class Pending:
    """A generation on its way: the engines' refs, one task id per prompt (a task may appear
    more than once), and the prompts exactly as sent."""

    generation: Generation
    task_ids: list[str]
    prompts: dict[str, str]


def by_group(
    task_ids: list[str], collected: list[tuple[int, Completion]]
) -> list[tuple[str, int, Completion]]:
    """(task id, group, completion), group by group: a group is one prompt of the batch (its
    index), so a task sampled twice in a step is two groups of n, never one of 2n that the
    learner ranks could split."""
    out = [(task_ids[j], j, c) for j, c in collected]
    return sorted(out, key=lambda x: (x[1], x[2].sample_index))


class Lookahead:
    """The generations in flight, one per coming step, oldest first. `until(s)` asks for every
    step up to `s` not asked for yet (never past the last); `next()` takes the oldest."""

    def __init__(self, first: int, steps: int, submit: Callable[[int], Pending]) -> None:
        self.queue: deque[Pending] = deque()
        self.asked, self.steps, self.submit = first, steps, submit

    def until(self, step: int) -> None:
        while self.asked <= min(step, self.steps - 1):
            self.queue.append(self.submit(self.asked))
            self.asked += 1

    def next(self) -> Pending:
        return self.queue.popleft()

    def __len__(self) -> int:
        return len(self.queue)


@dataclass
class TrainResult:
    run_dir: Path
    steps: int
    last_reward: float
    solved_tasks: int
    best_points: float
    eval: dict[str, float]
    golf: bool = True  # golf programs (points, a submission); False for reasoning answers


def fit_learner_batch(cfg: Config) -> Config:
    """Derive gradient accumulation so one step's samples make exactly one learner batch."""
    samples = cfg.prompts_per_step * cfg.rollout.samples_per_prompt
    ranks = cfg.learner.num_actors
    if samples % ranks or cfg.prompts_per_step % ranks:
        raise ConfigError(
            f"config: prompts_per_step ({cfg.prompts_per_step}) must split evenly over "
            f"learner.num_actors ({ranks}) so no prompt group spans two learners"
        )
    algorithm = cfg.algorithm
    if not algorithm.loss_max_tokens:  # Dr. GRPO's constant normaliser: the generation budget
        algorithm = dataclasses.replace(algorithm, loss_max_tokens=cfg.rollout.max_tokens)
    return dataclasses.replace(
        cfg, learner=fit_micro_batch(cfg.learner, samples // ranks), algorithm=algorithm
    )


class Driver:
    """Owns the actor groups of a run; `train` below is the loop."""

    def __init__(self, cfg: Config, run: Run):
        self.cfg, self.run_dir, self.metrics = cfg, run.dir, run.metrics
        init_ray(cfg.ray.address, cfg.ray.num_cpus, cfg.ray.include_dashboard, cfg.ray.namespace)
        check_placement(cfg)  # a config the cluster cannot place fails here, in one line
        self.model_path = str(resolve_model(cfg.model))
        self.tokenizer = load_tokenizer(self.model_path)
        # Actor names carry the run's name: the dashboard shows roles, and runs side by side
        # (Tune trials) do not collide.
        run = run.name
        # The domain (tasks.source) makes the prompts and judges completions: golf programs in
        # sandbox actors, reasoning answers with their dataset's verifier (golf_ray/domains.py).
        self.domain = make_domain(cfg, self.tokenizer, name_prefix=run)
        self.prompts = self.domain.prompts
        self.train_ids, self.val_ids = self.domain.train_ids, self.domain.val_ids
        self.curriculum = Curriculum(self.domain.curriculum_ids, cfg.curriculum, cfg.seed)
        self.sampling = Sampling.from_config(cfg.rollout)
        self.policy = Policy(
            self.model_path,
            self.tokenizer,
            cfg.model,
            cfg.rollout,
            cfg.learner,
            cfg.algorithm,
            total_steps=cfg.steps,
            seed=cfg.seed,
            name_prefix=f"{run}/",
        ).start_learners()
        self.db = SolutionDB(self.run_dir / "solutions.sqlite")

    # ------------------------------------------------------------------ the parts of a step

    def generate(self, task_ids: list[str], sampling: Sampling) -> Pending:
        """Start generating for these tasks; `collect` waits for the completions. The prompts
        are kept as sent: a domain may rewrite a task's prompt before this batch is learned
        from (the golfer's expert iteration), and the learner must see what the engine saw."""
        prompts = {t: self.prompts[t] for t in task_ids}
        generation = self.policy.submit([prompts[t] for t in task_ids], sampling)
        return Pending(generation, task_ids, prompts)

    def train_batch(self, step: int) -> Pending:
        """Step `step`'s rollouts: its curriculum tasks, with its sampling seed."""
        task_ids = self.curriculum.sample(step, self.cfg.prompts_per_step)
        return self.generate(task_ids, self.policy.sampling(step))

    def collect(self, pending: Pending) -> list[tuple[str, int, Completion]]:
        return by_group(pending.task_ids, self.policy.collect(pending.generation))

    def verify(self, generated: list[tuple[str, int, Completion]]) -> list[Sample]:
        return self.domain.judge(generated)

    def record(self, samples: list[Sample], step: int, origin: str = "train") -> None:
        judged = [s for s in samples if s.program is not None and s.verdict is not None]
        for version in sorted({s.completion.policy_version for s in judged}):
            entries = [
                (s.task_id, s.program, s.verdict)
                for s in judged
                if s.completion.policy_version == version
            ]
            self.db.add_many(entries, policy_version=version, step=step, origin=origin)

    def learn(
        self,
        samples: list[Sample],
        rewards: list[float],
        prompts: list[str],
        keep: list[bool] | None = None,
    ) -> dict[str, float]:
        """`prompts`: the text each sample was generated from; `keep` False: out of the loss."""
        ids = {p: self.tokenizer(p)["input_ids"] for p in dict.fromkeys(prompts)}
        return self.policy.learn(
            [ids[p] for p in prompts],
            [s.completion for s in samples],
            rewards,
            [s.group for s in samples],
            keep,
        )

    def refill(
        self, step: int, samples: list[Sample], prompts: list[str]
    ) -> tuple[list[Sample], list[str], list[bool], dict[str, float]]:
        """Dynamic sampling (DAPO): keep the prompt groups whose rewards differ; while fewer
        than `prompts_per_step` and rounds remain, generate more prompts from the curriculum
        (as many as the kept fraction so far says are needed, at most 4x the shortfall) with
        the current weights. Returns the step's samples, their prompts, `keep` and metrics."""
        cfg, target = self.cfg, self.cfg.prompts_per_step
        pool = GroupPool()
        pool.add(samples, prompts, cfg)
        while pool.missing(target) and pool.rounds < cfg.algorithm.dynamic_sampling_max_rounds:
            need = pool.missing(target)
            n = min(4 * need, math.ceil(need / max(pool.kept_fraction, 0.25)))
            rng = random.Random(f"dynamic-sampling:{cfg.seed}:{step}:{pool.rounds}")
            seed = step_seed(cfg.rollout.seed, step) + 104_729 * pool.rounds
            pending = self.generate(
                self.curriculum.sample(step, n, rng), self.policy.sampling(step, seed=seed)
            )
            extra = self.verify(self.collect(pending))
            self.record(extra, step + 1)
            pool.add(extra, [pending.prompts[s.task_id] for s in extra], cfg)
        out, out_prompts, keep = pool.batch(target)
        return out, out_prompts, keep, pool.metrics(len(samples), target)

    def evaluate(self, step: int) -> dict[str, dict[str, float]]:
        """Greedy pass@1 (and the domain's own metrics, e.g. golf points) on held-out tasks, and
        on as many train tasks (the gap).

        Returns metrics per split ("val", "train_eval"); each task's pass rate is tracked too."""
        n = self.cfg.eval_tasks
        result: dict[str, dict[str, float]] = {}
        greedy = dataclasses.replace(self.sampling, n=1, greedy=True, temperature=0.0)
        for split, ids in (("val", self.val_ids[:n]), ("train_eval", self.train_ids[:n])):
            if not ids:
                continue
            samples = self.verify(self.collect(self.generate(ids, greedy)))
            self.record(samples, step, origin=split)
            self.metrics.log_tasks(step, {s.task_id: s.pass_rate for s in samples}, split=split)
            result[split] = self.domain.eval_metrics(samples, len(ids))
        if "val" in result and "train_eval" in result:
            result["val"]["generalisation_gap"] = (
                result["train_eval"]["pass@1"] - result["val"]["pass@1"]
            )
        return result

    def save(self, step: int, metrics: dict[str, float]) -> Path:
        root, name = self.run_dir / checkpoints.CHECKPOINTS, checkpoints.step_name(step)
        self.policy.save(root / name, metrics, self.cfg.to_dict())
        metric = self.cfg.checkpoint.best_metric
        if metric in metrics:
            checkpoints.update_best(root, name, metric, metrics[metric], step=step)
        return checkpoints.publish(root, name, self.cfg.checkpoint.keep)

    def probe_memory(self, *roles: str) -> dict[str, list]:
        """Ask each actor of `roles` for its peak memory since the last probe (refs; read them
        with `memory`). Probe an actor when it is idle, or the probe waits behind its work."""
        policy = self.policy
        actors = {
            "rollout": policy.rollouts,
            "learner": policy.learners.actors,
            **self.domain.actors,
        }
        return {role: [a.peak_memory.remote() for a in actors[role]] for role in roles}

    def memory(self, probes: dict[str, list]) -> dict[str, float]:
        peaks = {"driver": [read_peak()]}
        for role, refs in probes.items():
            try:
                peaks[role] = ray.get(refs, timeout=60)
            except (ray.exceptions.RayError, TimeoutError) as e:  # a restarting sandbox actor
                log.debug("memory probe of %s failed: %s", role, e)
        return memory_metrics(peaks)

    def close(self) -> None:
        self.db.close()
        self.domain.close()
        self.policy.close()


def step_metrics(
    samples: list[Sample], rewards, timer: StepTimer, version: int
) -> dict[str, float]:
    """`version`: the learner's policy version these samples update (for their staleness)."""
    n = len(samples)
    staleness = [version - s.completion.policy_version for s in samples]
    verdicts = [s.verdict for s in samples if s.verdict is not None]
    tokens = sum(s.completion.num_tokens for s in samples)
    m = {
        "reward_mean": sum(rewards.raw_total) / n,
        "reward_std": _std(rewards.raw_total),
        "success_rate": sum(s.correct for s in samples) / n,
        "pass_rate_mean": sum(s.pass_rate for s in samples) / n,
        "programs_extracted": sum(s.program is not None for s in samples) / n,
        "completion_tokens_mean": tokens / n,
        "generate_tokens_per_s": tokens / max(timer.seconds.get("generate", 0.0), 1e-9),
        "samples_per_s": n / max(sum(timer.seconds.values()), 1e-9),
        "sandbox_programs_per_s": len(verdicts) / max(timer.seconds.get("verify", 0.0), 1e-9),
        "staleness_mean": sum(staleness) / n,
        "staleness_max": max(staleness),
    }
    for term, values in rewards.terms.items():
        m[f"reward/{term}"] = sum(values) / n
    m.update(timer.metrics())
    return m


def fresh_enough(samples: list[Sample], version: int, limit: int | None) -> list[bool]:
    """Whether each sample is at most `limit` policy versions behind `version` (None: all)."""
    if limit is None:
        return [True] * len(samples)
    return [version - s.completion.policy_version <= limit for s in samples]


def _std(xs: list[float]) -> float:
    mean = sum(xs) / len(xs)
    return (sum((x - mean) ** 2 for x in xs) / len(xs)) ** 0.5


def train(
    cfg: Config,
    run_dir: Path | None = None,
    resume: str | None = None,
    progress: bool = True,
    on_step: Callable[[int, dict[str, float]], None] | None = None,
) -> TrainResult:
    """Run the RL loop; returns where the results are and the headline numbers.

    `on_step(step, metrics)` is called once per step, after its metrics, any evaluation and any
    checkpoint are written, with the step's train metrics plus the latest evaluation (`val/...`):
    a Tune trial reports them from there (golf_ray/recipes/sweep.py)."""
    from tqdm import tqdm

    if resume:  # a missing or corrupt checkpoint is one line, before anything starts
        read_meta(checkpoints.resolve(resume))
    if resume and checkpoints.is_run(resume):
        run_dir = Path(resume)  # continue that run
    config_yaml = cfg.to_yaml()  # as given; the learner batch is fitted again on a resume
    cfg = fit_learner_batch(cfg)
    run_dir = run_dir or new_run_dir(cfg.checkpoint.dir, cfg.name)
    with Run(run_dir, config_yaml, cfg.logging, cfg.to_dict()) as run:
        driver = Driver(cfg, run)
        start = 0
        if resume:
            start = driver.policy.load(checkpoints.resolve(resume))["step"]
            run.rewind(start)  # the steps after the checkpoint run again, and are logged once
            log.info("resumed from %s at step %d", resume, start)

        eval_result: dict[str, float] = {}
        last_reward = float("nan")
        started, done = time.monotonic(), start
        bar = tqdm(
            range(start, cfg.steps),
            initial=start,
            total=cfg.steps,
            desc="train",
            disable=not (progress and cfg.logging.progress),
        )
        ahead = Lookahead(start, cfg.steps, driver.train_batch)
        ahead.until(start)
        try:
            for step in bar:
                timer = StepTimer()
                with timer("generate"):
                    pending = ahead.next()
                    generated = driver.collect(pending)
                memory = driver.probe_memory("rollout")  # before this step's look-ahead queues
                # The next k steps' rollouts generate while this batch is judged and learned.
                ahead.until(step + cfg.rollout.async_steps)
                with timer("verify"):
                    samples = driver.verify(generated)
                    driver.record(samples, step + 1)
                prompts = [pending.prompts[s.task_id] for s in samples]
                selection: dict[str, float] = {}
                keep = [True] * len(samples)
                if cfg.algorithm.dynamic_sampling:
                    with timer("dynamic_sampling"):
                        samples, prompts, keep, selection = driver.refill(step, samples, prompts)
                rewards, total, in_loss, shaping = learner_rewards(samples, cfg)
                keep = [a and b for a, b in zip(keep, in_loss, strict=True)]
                version = driver.policy.version  # the weights these samples update
                fresh = fresh_enough(samples, version, cfg.algorithm.max_staleness)
                shaping["stale_dropped"] = float(len(fresh) - sum(fresh))
                keep = [a and b for a, b in zip(keep, fresh, strict=True)]
                with timer("learn"):
                    learn = driver.learn(samples, total, prompts, keep)
                with timer("sync"):
                    driver.policy.broadcast(cfg.learner.broadcast_every)
                ahead.until(step + 1)  # async_steps 0: the next rollouts use the new weights
                memory |= driver.probe_memory("learner", *driver.domain.actors)
                metrics = {
                    **step_metrics(samples, rewards, timer, version),
                    **learn,
                    **shaping,
                    **selection,
                    **driver.memory(memory),
                    "curriculum_pool": len(driver.curriculum.pool(step)),
                }
                run.log(step + 1, metrics)
                last_reward = metrics["reward_mean"]
                done = step + 1
                out_of_time = (
                    cfg.max_minutes > 0 and time.monotonic() - started >= cfg.max_minutes * 60
                )
                last = done == cfg.steps or out_of_time
                if due(done, cfg.eval_every, last):
                    per_split = driver.evaluate(done)
                    for split, values in per_split.items():
                        run.log(done, values, split=split)
                    eval_result = {
                        f"{k}/{m}": v for k, vals in per_split.items() for m, v in vals.items()
                    }
                    plot_curves(run.dir)
                if due(done, cfg.checkpoint.every, last):
                    driver.save(done, {**metrics, **eval_result})
                if on_step is not None:
                    on_step(done, {**metrics, **eval_result})
                stats = driver.db.stats()
                bar.set_postfix(
                    reward=f"{last_reward:.3f}",
                    ok=f"{metrics['success_rate']:.2f}",
                    solved=stats["tasks_solved"],
                    kl=f"{learn.get('kl', 0.0):.3g}",
                )
                if out_of_time and done < cfg.steps:
                    log.info(
                        "max_minutes=%g reached after step %d of %d",
                        cfg.max_minutes,
                        done,
                        cfg.steps,
                    )
                    break
            stats = driver.db.stats()
            summary = {
                "run_dir": str(run.dir),
                "steps": done,
                "last_reward": last_reward,
                "solved_tasks": stats["tasks_solved"],
                "best_points": stats["total_points"],
                **eval_result,
            }
            run.finish(summary)
        except RemoteError as e:
            raise RemoteError(f"{e}; {resume_hint(run.dir, cfg, str(e))}") from e
        finally:
            bar.close()
            driver.close()
    golf = isinstance(driver.domain, GolfDomain)
    return TrainResult(
        run.dir, done, last_reward, stats["tasks_solved"], stats["total_points"], eval_result, golf
    )


def resume_hint(run_dir: Path, cfg: Config, error: str) -> str:
    """What to do after an actor the run cannot replace failed (a learner rank: its peers'
    process group and the optimizer state since the last checkpoint die with it)."""
    last = checkpoints.latest(run_dir)
    if last is None:
        every = cfg.checkpoint.every
        return f"the run stopped before its first checkpoint (checkpoint.every={every})"
    smaller = ""  # Ray's memory monitor killed the rank: no retry in place was possible
    if "OutOfMemory" in error and cfg.learner.micro_batch_size > 1:
        smaller = f" learner.micro_batch_size={cfg.learner.micro_batch_size // 2}"
    command = f"golf-ray train CONFIG{smaller} --resume {run_dir}"
    return f"the run stopped; go on from {last.name}: {command}"


def format_summary(result: TrainResult) -> str:
    lines = [
        f"run: {result.run_dir}",
        f"steps: {result.steps}   last mean reward: {result.last_reward:.3f}",
    ]
    if result.golf:
        lines.append(
            f"solved tasks: {result.solved_tasks}   best total golf points: {result.best_points:.1f}"
        )
    lines += [f"{k}: {v:.3f}" for k, v in sorted(result.eval.items())]
    lines.append(
        f"metrics: {result.run_dir / 'metrics.csv'}  curves: {result.run_dir / 'curves.png'}"
    )
    if result.golf:
        lines.append(
            f"solutions: {result.run_dir / 'solutions.sqlite'}  "
            f"(golf-ray export {result.run_dir} --submission submission.zip)"
        )
    lines.append(
        f"checkpoints: {result.run_dir / 'checkpoints'}  tensorboard: {result.run_dir / 'tb'}"
    )
    lines.append(f"logs (Ray, vLLM, DeepSpeed, the actors): {result.run_dir / LOGS_DIR}")
    return "\n".join(lines)
