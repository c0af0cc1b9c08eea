"""`golf-ray adversarial CONFIG`: a generator (staged reasoning → code) against a test-writer.

Two policies, each with its own rollout actors and DeepSpeed learner group. For every stage of the
reasoning chain (`golf_ray.tasks.stages`, from config) and every epoch: N discriminator steps with the
generator frozen, N generator steps with the discriminator frozen, then K alternating steps
(`config.stage_roles`). At stage k the generator's trained answer is its stage-k text;
the chain runs on to the code stage so every sample is judged by running code.

Generator step: problems → stages 0..k-1 (one sample each) → stage k (n samples: the GRPO/PPO
group) → the code stage → the program runs against baseline + valid adversarial tests in the
sandbox → `generator.reward` terms → learner update → weights to the generator's rollout
actors.

Discriminator step: problems → n test-writer completions each → assert lines → each test runs
against the reference solution (valid = passes there) → the frozen generator's programs run on the
valid tests → `discriminator.reward` terms (`adversarial`: (1 - generator pass rate) × validity)
→ learner update. Valid tests join the problem's adversarial test pool used by generator steps.

After every stage: both learners are checkpointed under `RUN/checkpoints/epochNN-stageK-NAME/`
with `stage.json` (schedule position, test pools); `best.json` points at the stage with the
highest `0.7 × generator reward + 0.3 × test validity`; `latest` at the newest.
"""

from __future__ import annotations

import logging
import random
import shutil
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import yaml

from golf_ray.actors.engines import Completion
from golf_ray.actors.sandbox import SandboxPool, TestJob, TestVerdict
from golf_ray.models import load_tokenizer, resolve_model
from golf_ray.placement import check_placement
from golf_ray.recipes.adversarial.checkpoint import (
    next_position,
    publish_stage,
    read_stage,
    resolve_stage,
    stage_dir_name,
)
from golf_ray.recipes.adversarial.config import AdversarialConfig, PolicyConfig, stage_roles
from golf_ray.recipes.adversarial.rewards import (
    DiscriminatorSample,
    GeneratorSample,
    judge_tests,
    parse_tests,
    restrict,
    valid_tests,
    validity,
)
from golf_ray.rewards import compute_rewards
from golf_ray.rl import checkpoints
from golf_ray.rl.policy import Policy
from golf_ray.rl.run import Run, fit_micro_batch, new_run_dir
from golf_ray.runtime import init_ray
from golf_ray.tasks.functions import FunctionProblem, load_humaneval, load_problems
from golf_ray.tasks.stages import chain_for, extract_code, problem_header, stage_prompt, stage_stop

log = logging.getLogger(__name__)
TESTS_PREFIX = "assert "
GEN_WEIGHT, VALIDITY_WEIGHT = 0.7, 0.3


def tests_prompt(problem: FunctionProblem) -> str:
    """The test-writer's prompt; its answer starts inside the first assert."""
    return (
        f"{problem_header(problem)}Write assert statements, one per line, that every correct "
        f"{problem.entry_point} passes and wrong ones fail.\n### Tests\n{TESTS_PREFIX}"
    )


def stage_score(generator_reward: float, test_validity: float) -> float:
    return GEN_WEIGHT * generator_reward + VALIDITY_WEIGHT * test_validity


def select_problems(cfg: AdversarialConfig) -> list[FunctionProblem]:
    p = cfg.problems
    problems = load_humaneval() if p.source == "humaneval" else load_problems(p.path)
    if p.ids:
        by_id = {x.id: x for x in problems}
        missing = [i for i in p.ids if i not in by_id]
        if missing:
            raise ValueError(f"problems.ids: unknown problem id {missing[0]!r}")
        problems = [by_id[i] for i in p.ids]
    problems = [x for x in problems if x.reference_solution]
    if p.limit:
        problems = problems[: p.limit]
    if not problems:
        raise ValueError("problems: no problem with a reference_solution to validate tests with")
    return problems


def make_side(
    role: str, cfg: PolicyConfig, samples: int, total_steps: int, seed: int, run: str
) -> Policy:
    """One side of the game: its rollout actors now, its learners by `start_learners`.
    `samples` per step make exactly one learner batch."""
    model_path = str(resolve_model(cfg.model))
    return Policy(
        model_path,
        load_tokenizer(model_path),
        cfg.model,
        cfg.rollout,
        fit_micro_batch(cfg.learner, samples // cfg.learner.num_actors),
        cfg.algorithm,
        total_steps=max(1, total_steps),
        seed=seed,
        name_prefix=f"{run}/{role}-",
    )


def learn_side(side: Policy, prompts: list[str], completions: list, rewards: list, groups: list):
    """One learner step of a side, then its weights to its rollout actors."""
    encode = lambda text: side.tokenizer.encode(text, add_special_tokens=False)  # noqa: E731
    metrics = side.learn([encode(p) for p in prompts], completions, rewards, groups)
    side.broadcast(side.learner_cfg.broadcast_every)
    return metrics


@dataclass
class Row:
    """One generator sample: its problem, the trained prompt and answer, the chain, the code."""

    problem: int
    prompt: str
    completion: Completion
    chain: list
    program: str | None = None


class AdversarialRun:
    def __init__(self, cfg: AdversarialConfig, run: Run):
        self.cfg, self.run_dir, self.metrics = cfg, run.dir, run.metrics
        init_ray(cfg.ray.address, cfg.ray.num_cpus, cfg.ray.include_dashboard, cfg.ray.namespace)
        check_placement(cfg)  # a config the cluster cannot place fails here, in one line
        self.problems = select_problems(cfg)
        self.order = list(range(len(self.problems)))
        random.Random(cfg.seed).shuffle(self.order)
        roles = stage_roles(cfg.schedule) * len(cfg.stages) * cfg.schedule.epochs
        name, per_step = run.name, cfg.problems_per_step
        start = time.perf_counter()
        sides = [
            make_side(
                role,
                getattr(cfg, role),
                per_step * getattr(cfg, role).rollout.samples_per_prompt,
                roles.count(role),
                cfg.seed + i,
                name,
            )
            for i, role in enumerate(("generator", "discriminator"))
        ]
        self.gen, self.disc = sides
        self.sandbox = SandboxPool.from_config(cfg.sandbox, name_prefix=f"{name}/sandbox")
        # Both learner groups start at once: each blocks until its DeepSpeed engine is up.
        with ThreadPoolExecutor(2) as pool:
            futures = [pool.submit(side.start_learners) for side in sides]
            errors = [f.exception() for f in futures]
        if any(errors):
            self.sandbox.close()
            for side in sides:
                side.close()
            raise next(e for e in errors if e)
        log.info("both policies ready in %.1f s", time.perf_counter() - start)
        self.pool: dict[str, list[str]] = {}  # valid adversarial tests per problem id
        self.cursor = 0  # position in the shuffled problem order
        self.step = 0

    def next_problems(self) -> list[FunctionProblem]:
        n = self.cfg.problems_per_step
        picked = [self.problems[self.order[(self.cursor + i) % len(self.order)]] for i in range(n)]
        self.cursor += n
        return picked

    def test_jobs(self, key: str, source: str | None, tests: list[str]) -> TestJob | None:
        if source is None or not tests:
            return None
        return TestJob(key, source, tests, self.cfg.test_timeout_s)

    def run_tests(self, jobs: list[TestJob | None], n_tests: list[int]) -> list[TestVerdict]:
        """Verdicts for `jobs`; a missing job (no program) fails all its tests unrun."""
        real = [j for j in jobs if j is not None]
        done = iter(self.sandbox.run_tests(real)) if real else iter(())
        return [
            next(done)
            if j is not None
            else TestVerdict([False] * n, ["no program"] * n, "no program")
            for j, n in zip(jobs, n_tests, strict=True)
        ]

    # ------------------------------------------------------------------ the generator

    def generator_chain(
        self, problems: list[FunctionProblem], k: int, n: int, step: int
    ) -> list[Row]:
        stages = self.cfg.stages
        chain = chain_for(stages, k)
        pos = chain.index(k)

        def sample(spec, prompts, count):
            sampling = self.gen.sampling(
                step, n=count, max_tokens=spec.max_tokens, stop=stage_stop(spec)
            )
            return self.gen.generate(prompts, sampling)

        prev: list[list] = [[] for _ in problems]
        for j in chain[:pos]:
            spec = stages[j]
            outs = sample(spec, [stage_prompt(p, spec, prev[i]) for i, p in enumerate(problems)], 1)
            for i, cs in enumerate(outs):
                prev[i].append((spec, cs[0].text))
        spec = stages[k]
        prompts = [stage_prompt(p, spec, prev[i]) for i, p in enumerate(problems)]
        rows = [
            Row(i, prompts[i], c, [*prev[i], (spec, c.text)])
            for i, cs in enumerate(sample(spec, prompts, n))
            for c in cs
        ]
        for j in chain[pos + 1 :]:
            spec = stages[j]
            outs = sample(spec, [stage_prompt(problems[r.problem], spec, r.chain) for r in rows], 1)
            for r, cs in zip(rows, outs, strict=True):
                r.chain.append((spec, cs[0].text))
        for r in rows:  # runnable: the signature's imports and helpers first
            code = extract_code(r.chain[-1][1])
            r.program = None if code is None else problems[r.problem].program(code)
        return rows

    def generator_step(self, k: int) -> dict[str, float]:
        problems = self.next_problems()
        rows = self.generator_chain(
            problems, k, self.cfg.generator.rollout.samples_per_prompt, self.step
        )
        tests = [
            problems[r.problem].baseline_tests + self.pool.get(problems[r.problem].id, [])
            for r in rows
        ]
        verdicts = self.run_tests(
            [
                self.test_jobs(f"{problems[r.problem].id}/g{i}", r.program, t)
                for i, (r, t) in enumerate(zip(rows, tests, strict=True))
            ],
            [len(t) for t in tests],
        )
        samples = [
            GeneratorSample(r.completion.text, r.program, None, str(r.problem), tests=v)
            for r, v in zip(rows, verdicts, strict=True)
        ]
        rewards = compute_rewards(samples, self.cfg.generator.reward)
        learned = learn_side(
            self.gen,
            [r.prompt for r in rows],
            [r.completion for r in rows],
            rewards.total,
            [r.problem for r in rows],
        )
        n_base = [len(problems[r.problem].baseline_tests) for r in rows]
        base = [sum(v.passed[:b]) / b if b else 0.0 for v, b in zip(verdicts, n_base, strict=True)]
        return {
            "reward_mean": _mean(rewards.raw_total),
            "pass_rate_mean": _mean([v.pass_rate for v in verdicts]),
            "baseline_pass_rate": _mean(base),
            "programs_extracted": _mean([r.program is not None for r in rows]),
            "adversarial_tests_per_problem": _mean(
                [len(t) - b for t, b in zip(tests, n_base, strict=True)]
            ),
            **learned,
        }

    # ------------------------------------------------------------------ the test-writer

    def discriminator_step(self, k: int) -> dict[str, float]:
        cfg = self.cfg
        problems = self.next_problems()
        prompts = [tests_prompt(p) for p in problems]
        sampling = self.disc.sampling(self.step, max_tokens=cfg.tests_max_tokens, stop=("\n###",))
        outs = self.disc.generate(prompts, sampling)
        flat = [(i, c) for i, cs in enumerate(outs) for c in cs]
        parsed = [parse_tests(TESTS_PREFIX + c.text, cfg.max_tests) for _, c in flat]
        refs = self.run_tests(
            [
                self.test_jobs(f"{problems[i].id}/ref{j}", problems[i].reference_solution, tests)
                for j, ((i, _), (tests, _)) in enumerate(zip(flat, parsed, strict=True))
            ],
            [len(tests) for tests, _ in parsed],
        )
        union: list[list[str]] = [[] for _ in problems]  # each problem's valid tests this step
        for (i, _), (tests, _), ref in zip(flat, parsed, refs, strict=True):
            union[i] += [t for t in valid_tests(tests, ref) if t not in union[i]]
        # The frozen generator's programs, judged on every valid test of their problem.
        rows = self.generator_chain(problems, k, cfg.generator_solutions, self.step)
        gen = self.run_tests(
            [
                self.test_jobs(f"{problems[r.problem].id}/d{j}", r.program, union[r.problem])
                for j, r in enumerate(rows)
            ],
            [len(union[r.problem]) for r in rows],
        )
        samples: list[DiscriminatorSample] = []
        for (i, c), (tests, written), ref in zip(flat, parsed, refs, strict=True):
            mine = [
                restrict(v, union[i], valid_tests(tests, ref))
                for r, v in zip(rows, gen, strict=True)
                if r.problem == i
            ]
            samples.append(judge_tests(tests, written, ref, mine, c.text, str(i)))
        rewards = compute_rewards(samples, cfg.discriminator.reward)
        learned = learn_side(
            self.disc,
            [prompts[i] for i, _ in flat],
            [c for _, c in flat],
            rewards.total,
            [i for i, _ in flat],
        )
        for i, p in enumerate(problems):
            kept = self.pool.get(p.id, []) + [
                t for t in union[i] if t not in self.pool.get(p.id, [])
            ]
            self.pool[p.id] = kept[-cfg.max_adversarial_tests :]
        n_valid = [sum(s.valid) for s in samples]
        return {
            "reward_mean": _mean(rewards.raw_total),
            "validity_mean": _mean([validity(s) for s in samples]),
            "tests_written_mean": _mean([s.written for s in samples]),
            "tests_valid_mean": _mean(n_valid),
            "generator_pass_on_valid": _mean([x for s in samples for x in s.generator_pass]),
            **learned,
        }

    # ------------------------------------------------------------------ the schedule

    def run(self, epoch: int = 0, stage: int = 0) -> list[dict]:
        """Every stage of every epoch from (`epoch`, `stage`) on; one record per stage."""
        cfg, records = self.cfg, []
        for e in range(epoch, cfg.schedule.epochs):
            for k in range(stage if e == epoch else 0, len(cfg.stages)):
                gen_rewards, validities, last = [], [], {}
                for role in stage_roles(cfg.schedule):
                    self.step += 1
                    start = time.perf_counter()
                    if role == "generator":
                        m = self.generator_step(k)
                        gen_rewards.append(m["reward_mean"])
                    else:
                        m = self.discriminator_step(k)
                        validities.append(m["validity_mean"])
                    m.update(stage=k + 1, epoch=e + 1, step_time_s=time.perf_counter() - start)
                    self.metrics.log(self.step, m, split=role)
                    last[role] = m
                    log.info(
                        "step %d epoch %d stage %d (%s) %s: reward %.3f",
                        self.step,
                        e + 1,
                        k + 1,
                        cfg.stages[k].name,
                        role,
                        m["reward_mean"],
                    )
                record = {
                    "epoch": e,
                    "stage": k,
                    "stage_name": cfg.stages[k].name,
                    "step": self.step,
                    "generator_reward": _mean(gen_rewards),
                    "test_validity": _mean(validities),
                }
                record["score"] = stage_score(record["generator_reward"], record["test_validity"])
                self.metrics.log(self.step, {"score": record["score"]}, split="stage")
                self.save_stage(record, last)
                records.append(record)
        return records

    # ------------------------------------------------------------------ checkpoints

    def save_stage(self, record: dict, last: dict) -> Path:
        root = self.run_dir / checkpoints.CHECKPOINTS
        name = stage_dir_name(record)
        stage_dir = root / name
        if stage_dir.exists():  # a resumed run re-saving the same stage replaces it whole
            shutil.rmtree(stage_dir)
        config = self.cfg.to_dict()
        self.gen.save(stage_dir / "generator", {**record, **last.get("generator", {})}, config)
        self.disc.save(
            stage_dir / "discriminator", {**record, **last.get("discriminator", {})}, config
        )
        publish_stage(
            root,
            name,
            record,
            {"cursor": self.cursor, "tests": self.pool},
            self.cfg.checkpoint.keep,
        )
        return stage_dir

    def restore(self, stage_dir: Path) -> tuple[int, int]:
        """Load both policies and the game's state; returns where the schedule goes on."""
        state = read_stage(stage_dir)
        self.gen.load(stage_dir / "generator")
        self.disc.load(stage_dir / "discriminator")
        self.step, self.cursor, self.pool = state["step"], state["cursor"], state["tests"]
        epoch, stage = next_position(state, self.cfg)
        log.info("resumed from %s: epoch %d, stage %d next", stage_dir, epoch + 1, stage + 1)
        return epoch, stage

    def close(self) -> None:
        self.sandbox.close()
        self.gen.close()
        self.disc.close()


def _mean(xs: list) -> float:
    return float(sum(xs)) / len(xs) if xs else 0.0


@dataclass
class AdversarialResult:
    run_dir: Path
    steps: int
    stages: list[dict]
    best: dict

    def summary(self) -> str:
        b = self.best
        return (
            f"run: {self.run_dir}  steps: {self.steps}\n"
            f"best stage: {b['dir']}  score {b['score']:.3f} (generator reward "
            f"{b['generator_reward']:.3f}, validity {b['test_validity']:.3f})"
        )


def run_adversarial(
    cfg: AdversarialConfig,
    run_dir: Path | None = None,
    resume: str | None = None,
    resume_from: str | None = None,
) -> AdversarialResult:
    """`resume`: continue that run in place; `resume_from`: a new run starting from a stage
    checkpoint (any stage dir, or RUN/checkpoints/best)."""
    if resume and resume_from:
        raise ValueError("adversarial: give --resume or --resume-from, not both")
    stage_dir = None
    if resume:
        run_dir, stage_dir = Path(resume), resolve_stage(resume)
    elif resume_from:
        stage_dir = resolve_stage(resume_from)
    if stage_dir is not None:
        state = read_stage(stage_dir)
        if next_position(state, cfg)[0] >= cfg.schedule.epochs:  # nothing left: start nothing
            if resume_from:
                raise ValueError(
                    f"--resume-from {resume_from}: that checkpoint ends the "
                    "schedule (raise schedule.epochs to go on)"
                )
            log.info("%s: the schedule is already complete", run_dir)
            return AdversarialResult(run_dir, state["step"], [], checkpoints.best(run_dir))
    config_yaml = yaml.safe_dump(cfg.to_dict(), sort_keys=False)
    with Run(run_dir or new_run_dir(cfg.checkpoint.dir, cfg.name), config_yaml, cfg.logging) as run:
        game = AdversarialRun(cfg, run)
        try:
            start = game.restore(stage_dir) if stage_dir is not None else (0, 0)
            records = game.run(*start)
            best = checkpoints.best(run.dir)
            run.finish(
                {"run_dir": str(run.dir), "steps": game.step, "stages": records, "best": best}
            )
        finally:
            game.close()
    return AdversarialResult(run.dir, game.step, records, best)


__all__ = ["AdversarialRun", "resolve_stage", "run_adversarial", "stage_score"]
