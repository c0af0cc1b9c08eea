"""Warm start: supervised fine-tuning on verified programs, with the DeepSpeed learner actor.

`golf-ray sft` (expert iteration / "seed 000" self-play) takes programs that are known to be
correct, either the correct programs of a run's solution database, the reference programs of
the synthetic curriculum, or the LLM golfer's pairs (a train task's prompt with its base readable
-> the golf run's program: golf_ray/golf/golfer.py `warm_start_pairs`), re-verifies every one in
the sandbox (a program that fails is dropped and counted, never learned), builds the same
prompt the driver would show for its task, and trains on the response tokens only
(`golf_ray.algorithms.sft`). The result is a plain HF model dir: `golf-ray train CONFIG
model.name=OUT` starts RL from it.
"""

from __future__ import annotations

import dataclasses
import logging
import math
import random
import shutil
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from golf_ray.config import (
    AlgorithmConfig,
    Config,
    ConfigError,
    LearnerConfig,
    at_least,
    load_config,
)
from golf_ray.fileio import atomic_write_json

log = logging.getLogger(__name__)

SFT_INFO = "sft.json"  # written into the output dir: corpus, losses, options


@dataclass
class WarmStartConfig:
    """The `sft:` section: how the warm start trains. Its learning rate is `learner.lr`."""

    epochs: int = at_least(1, 3)
    batch_size: int = at_least(1, 8)
    per_task: int = at_least(1, 2)  # from a DB: at most this many correct programs per task
    include_held_out: bool = False  # synthetic: held-out tasks stay unseen unless asked
    instances: int = at_least(1, 1)  # synthetic: tasks (new grids, one program) per family+params
    per_family: int = at_least(0, 0)  # synthetic: N tasks per family over its params (0: instances)
    limit: int = at_least(0, 0)  # at most this many programs (0 = all): quick runs


@dataclass
class SFTConfig(Config):
    """An experiment config (model, prompts, tasks, learner, sandbox, ray) and the `sft:` section.
    An RL run's config.yaml loads as one."""

    sft: WarmStartConfig = field(default_factory=WarmStartConfig)


# Over the default config only (an RL config's learner.lr is far too small for a warm start).
WARM_START = "sft/warm_start.yaml"
GOLFER_EXPERIMENT = "experiments/golfer.yaml"


def default_config(db: str | None) -> list[str]:
    """The config of a warm start given none: the run's config.yaml beside its solution DB (its
    tasks, prompts and model), else experiments/synthetic_grpo.yaml; then sft/warm_start.yaml."""
    run_config = Path(db).parent / "config.yaml" if db else None
    if run_config is not None and run_config.is_file():
        return [str(run_config), WARM_START]
    return ["experiments/synthetic_grpo.yaml", WARM_START]


def load_sft_config(
    config: str | list[str] | None,
    overrides: list[str] | None = None,
    db: str | None = None,
    golfer: str | None = None,
) -> SFTConfig:
    """CONFIG (default: `default_config(db)`, or with `golfer`, a `golf-ray golf` output,
    experiments/golfer.yaml on its readable bases) with KEY=VALUE overrides, checked."""
    if golfer is not None:
        config = config or [GOLFER_EXPERIMENT, WARM_START]
        overrides = [f"tasks.golf_from={golfer}", "tasks.golf_readable=true", *(overrides or [])]
    cfg = load_config(config or default_config(db), overrides, schema=SFTConfig)
    if golfer is not None and cfg.tasks.source != "golfer":
        raise ConfigError(f"config: --golfer needs tasks.source golfer, got {cfg.tasks.source}")
    if cfg.sft.per_family and cfg.sft.instances != 1:
        raise ConfigError("config: give sft.instances or sft.per_family, not both")
    if not cfg.learner.lr > 0:
        raise ConfigError(f"config: 'learner.lr' must be positive, got {cfg.learner.lr}")
    return cfg


@dataclass
class CorpusItem:
    task_id: str
    program: str


@dataclass
class SFTResult:
    out_dir: Path
    steps: int
    losses: list[float] = field(default_factory=list)
    corpus: int = 0
    rejected: int = 0
    seconds: float = 0.0

    epochs: list[int] = field(default_factory=list)  # the epoch each step's batch starts in

    def summary(self) -> str:
        means = ", ".join(f"{m:.3f}" for m in self.epoch_means())
        return (
            f"sft: {self.corpus} programs ({self.rejected} rejected), {self.steps} steps\n"
            f"mean loss per epoch: {means}\n"
            f"model: {self.out_dir}  (golf-ray train CONFIG model.name={self.out_dir})"
        )

    def epoch_means(self) -> list[float]:
        """Mean training loss of the steps starting in each epoch."""
        out = []
        for epoch in sorted(set(self.epochs)):
            values = [v for v, e in zip(self.losses, self.epochs, strict=True) if e == epoch]
            out.append(sum(values) / len(values))
        return out


def cpu_threads_per_rank(learner: LearnerConfig, ranks: int) -> int:
    """Torch threads for each CPU learner rank when the ranks have the cluster to themselves
    (0 on GPU: leave the learner's default). At most one node's cores: a rank is one process."""
    import ray

    from golf_ray.placement import resolved

    if float(resolved(learner).num_gpus) > 0:
        return 0
    node_cpus = [n["Resources"].get("CPU", 0) for n in ray.nodes() if n.get("Alive")]
    total = int(ray.cluster_resources().get("CPU", 1))
    return max(1, min(total // ranks, int(max(node_cpus, default=1))))


# --- corpora ----------------------------------------------------------------------------------


def synthetic_corpus(tasks, include_held_out: bool = False) -> list[CorpusItem]:
    """The reference program of every (train-split) synthetic task."""
    train_ids = set(tasks.split()[0])
    return [
        CorpusItem(t.id, t.reference)
        for t in tasks
        if t.reference and (include_held_out or t.id in train_ids)
    ]


def balance_families(tasks, per_family: int) -> list:
    """`per_family` tasks of each family, taking its parameters in turn (first instance of
    each, then the second, ...): a family with one program gets as many examples as one with
    eight, so the corpus's commonest program shape is not the model's best guess for any task.
    `tasks` must hold at least `per_family` instances per (family, parameters)."""
    by_family: dict[str, dict[tuple, list]] = {}
    for task in tasks:
        by_family.setdefault(task.family, {}).setdefault(task.params, []).append(task)
    picked = []
    for by_params in by_family.values():
        queues = list(by_params.values())
        turns = [q[i] for i in range(max(map(len, queues))) for q in queues if i < len(q)]
        picked += turns[:per_family]
    return picked


def db_corpus(db_path: str | Path, task_ids: set[str], per_task: int = 2) -> list[CorpusItem]:
    """Correct programs of a solution DB (shortest first, at most `per_task` per task), for the
    tasks in `task_ids`; a missing or unreadable file is a one-line error."""
    from golf_ray.solutions import SolutionDB

    path = Path(db_path)
    if not path.is_file():
        raise FileNotFoundError(f"sft: solution database {path} does not exist")
    items: list[CorpusItem] = []
    with SolutionDB(path) as db:
        for task_id in sorted(db.attempts()):
            if task_id not in task_ids:
                continue
            correct = sorted((s for s in db.history(task_id) if s.correct), key=lambda s: s.bytes)
            items += [CorpusItem(task_id, s.source) for s in correct[:per_task]]
    return items


def verify_corpus(items: list[CorpusItem], tasks: dict, pool) -> tuple[list[CorpusItem], int]:
    """Keep the programs the sandbox judges correct on every example of their task."""
    jobs = [tasks[item.task_id].verify_job(item.program) for item in items]
    verdicts = pool.verify(jobs)
    kept = [item for item, v in zip(items, verdicts, strict=True) if v.correct]
    for item, v in zip(items, verdicts, strict=True):
        if not v.correct:
            log.warning("sft: dropping a program for %s: %s %s", item.task_id, v.error, v.message)
    return kept, len(items) - len(kept)


def answer_text(program: str, response_prefix: str, eos: str) -> str:
    """What the model should write after its prompt (which already ends with the prefix)."""
    full = f"```python\n{program}\n```"
    if response_prefix and full.startswith(response_prefix):
        full = full[len(response_prefix) :]
    return full + eos


def tokenize_corpus(
    items: list[CorpusItem], prompts: dict[str, str], tokenizer, response_prefix: str
) -> list[tuple[list[int], list[int]]]:
    eos = tokenizer.eos_token or ""
    prompt_ids = {t: tokenizer(prompts[t])["input_ids"] for t in {i.task_id for i in items}}
    return [
        (
            prompt_ids[item.task_id],
            tokenizer(answer_text(item.program, response_prefix, eos), add_special_tokens=False)[
                "input_ids"
            ],
        )
        for item in items
    ]


# --- the run ----------------------------------------------------------------------------------


def _task_set(cfg: SFTConfig, synthetic: bool):
    from golf_ray.tasks import load_tasks
    from golf_ray.tasks.synthetic import load_synthetic_tasks

    warm = cfg.sft
    if synthetic:
        per_param = warm.per_family or warm.instances
        tasks = load_synthetic_tasks(seed=cfg.tasks.seed, per_param=per_param)
        if warm.per_family:
            pool = tasks if warm.include_held_out else tasks.train_tasks()
            return tasks.subset([t.id for t in balance_families(pool, warm.per_family)])
        return tasks
    tasks = load_tasks(cfg.tasks.source, cfg.tasks.dir, seed=cfg.tasks.seed)
    return tasks.subset(cfg.tasks.ids) if cfg.tasks.ids else tasks


def task_prompts(tasks, tokenizer, cfg: Config) -> dict[str, str]:
    from golf_ray.prompts import build_prompt

    out = {}
    for task in tasks:
        prompt = build_prompt(
            task, tokenizer, cfg.tasks.max_prompt_tokens, cfg.tasks.extra_examples
        )
        if not prompt.over_budget:
            out[task.id] = prompt.text + cfg.rollout.response_prefix
    return out


def _batches(n: int, size: int, epochs: int, seed: int) -> list[list[int]]:
    """Shuffled index batches of exactly `size` (a short last batch is topped up from the
    start of the next shuffle), so every learner step sees a full batch."""
    rng = random.Random(seed)
    steps = math.ceil(n * epochs / size)
    order: list[int] = []
    while len(order) < steps * size:
        perm = list(range(n))
        rng.shuffle(perm)
        order += perm
    return [order[i * size : (i + 1) * size] for i in range(steps)]


def run_sft(
    cfg: SFTConfig, out: str | Path, db: str | None = None, progress: bool = True
) -> SFTResult:
    """Verify the corpus (the golfer's readable-base -> golfed pairs when `tasks.source` is
    golfer, else the correct programs of the solution DB `db`, else the synthetic reference
    programs), fine-tune with `learner.lr` and `cfg.sft`, and write `out` as a
    plain HF model dir."""
    from tqdm import tqdm

    from golf_ray.actors.sandbox import SandboxPool
    from golf_ray.golf.golfer import golfer_task_set, warm_start_pairs
    from golf_ray.learner import checkpoint as ckpt
    from golf_ray.learner.group import LearnerGroup
    from golf_ray.learner.learner import make_batch
    from golf_ray.models import load_tokenizer, resolve_model
    from golf_ray.rl.run import fit_micro_batch
    from golf_ray.runtime import init_ray

    warm = cfg.sft
    start = time.perf_counter()
    out = Path(out).expanduser().resolve()
    if out.exists() and any(out.iterdir()):
        raise ValueError(f"sft: output directory {out} exists and is not empty")
    if db is not None and not Path(db).is_file():
        raise FileNotFoundError(f"sft: solution database {db} does not exist")
    init_ray(cfg.ray.address, cfg.ray.num_cpus, cfg.ray.include_dashboard, cfg.ray.namespace)
    model_path = str(resolve_model(cfg.model))
    tokenizer = load_tokenizer(model_path)
    golfer = cfg.tasks.source == "golfer"
    if golfer:  # readable base -> the golf run's program
        tasks = golfer_task_set(cfg)
        prompts, answers = warm_start_pairs(cfg, tokenizer, tasks)
        items = [CorpusItem(task_id, program) for task_id, program in answers.items()]
    else:
        tasks = _task_set(cfg, synthetic=db is None)
        prompts = task_prompts(tasks, tokenizer, cfg)
        if db is None:
            items = synthetic_corpus(tasks, warm.include_held_out)
        else:
            items = db_corpus(db, set(tasks.ids), warm.per_task)
    items = [i for i in items if i.task_id in prompts][: warm.limit or None]
    if not items:
        raise ValueError(f"sft: no verified-program candidates in {db or 'synthetic'}")

    pool = SandboxPool.from_config(cfg.sandbox, name_prefix="sft/sandbox")
    try:
        items, rejected = verify_corpus(items, {t.id: t for t in tasks}, pool)
    finally:
        pool.close()
    if not items:
        raise ValueError("sft: no program passed the sandbox; nothing to learn from")
    log.info("sft: %d verified programs (%d rejected)", len(items), rejected)
    pairs = tokenize_corpus(items, prompts, tokenizer, cfg.rollout.response_prefix)

    ranks = cfg.learner.num_actors
    size = max(warm.batch_size // ranks, 1) * ranks
    learner_cfg = dataclasses.replace(
        fit_micro_batch(cfg.learner, size // ranks),
        # Nothing else runs during SFT: on CPU the ranks share every core of the cluster.
        threads=cfg.learner.threads or cpu_threads_per_rank(cfg.learner, ranks),
    )
    batches = _batches(len(pairs), size, warm.epochs, cfg.seed)
    learners = LearnerGroup(
        model_path,
        learner_cfg,
        AlgorithmConfig(name="grpo"),
        total_steps=len(batches),
        seed=cfg.seed,
        name_prefix="sft/learner",
    )
    result = SFTResult(out, len(batches), corpus=len(items), rejected=rejected)
    result.epochs = [i * size // len(pairs) for i in range(len(batches))]
    try:
        for index in tqdm(batches, desc="sft", disable=not progress):
            batch = make_batch(
                [pairs[i][0] for i in index],
                [pairs[i][1] for i in index],
                [0.0] * len(index),
                list(range(len(index))),  # one group per sample: any rank split is valid
                tokenizer.pad_token_id,
            )
            result.losses.append(learners.sft_step(batch)["sft_loss"])
            log.info(
                "sft step %d/%d: loss %.4f", len(result.losses), len(batches), result.losses[-1]
            )
        weights = learners.policy_state_dict()  # every rank takes part (ZeRO-3 gathers)
    finally:
        learners.shutdown()
    result.seconds = time.perf_counter() - start
    _write_model(
        out,
        weights,
        model_path,
        ckpt,
        info={
            "options": {
                "source": "golfer" if golfer else "synthetic" if db is None else "db",
                "db": db,
                **dataclasses.asdict(warm),
                "lr": cfg.learner.lr,
            },
            "base_model": model_path,
            "freeze_layers": learner_cfg.freeze_layers,
            "corpus": result.corpus,
            "rejected": result.rejected,
            "steps": result.steps,
            "losses": result.losses,
            "epoch_mean_loss": result.epoch_means(),
            "seconds": round(result.seconds, 1),
        },
    )
    return result


def _write_model(out: Path, weights: dict, model_path: str, ckpt, info: dict) -> None:
    """Write into a temp dir beside `out`, then rename: a crash never leaves half a model."""
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(dir=out.parent, prefix=f".{out.name}.tmp-"))
    try:
        ckpt.write_policy(tmp, weights, model_path)
        generation = Path(model_path) / "generation_config.json"
        if generation.is_file():
            shutil.copy(generation, tmp / generation.name)
        atomic_write_json(tmp / SFT_INFO, info)
        tmp.chmod(0o755)
        if out.exists():
            out.rmdir()  # checked empty above
        tmp.rename(out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
