"""Hyper-parameter sweeps and ablations on Ray Tune: `golf-ray sweep tune_configs/sweeps/X.yaml`.

Every trial is one training run (`golf_ray.recipes.train.train`) of a base experiment with its own values.
A sweep file (all keys but `experiment` optional):

    name: tiny-lr                          # default: the file name; results go to STORAGE/NAME/
    experiment: experiments/tiny_grpo.yaml # the base, resolved like `golf-ray train CONFIG`
    overrides: [steps=4, rollout.engine=hf]  # for every trial (key=value, like the command line)
    search:                                # dotted config key -> one search spec
      learner.lr: {loguniform: [1.0e-5, 1.0e-3]}   # also uniform: [lo, hi], randint: [lo, hi)
      algorithm.name: {choice: [grpo, ppo]}        # sampled, num_samples times
      rollout.temperature: {grid: [0.7, 1.0]}      # every value, in every sample
    ablations:                             # one variant of the base each, plus `baseline` (none)
      no_kl: {algorithm.kl_coef: 0.0}
      no_curriculum: {curriculum.enabled: false}
    num_samples: 1                         # Tune semantics: repeats of the grid (x ablations)
    metric: reward_mean                    # any per-step train metric, or val/pass@1 etc.
    mode: max                              # max | min
    scheduler: {asha: {max_t: 8, grace_period: 2, reduction_factor: 2}}   # or none
    max_concurrent_trials: 2
    resources_per_trial: {cpu: 1, gpu: 0}  # the trial's driver process (see Resources)

Ablations are a grid over a synthetic `ablation` key; its value picks an override set. Values are
merged base -> overrides -> searched values -> ablation, and an ablation may not set a searched key.

Validation happens before anything starts: an unknown or mistyped key in the sweep file, a bad
search spec, and every trial config (each grid and choice value, both ends of each range, each
ablation, crossed while that stays small) go through the typed config, so a typo is one line
naming the file and the key (`x.yaml: search: unknown key 'learner.lrr' (did you mean ...)`).

Resources: each trial is one placement group: a head bundle for the trial's driver
(`resources_per_trial`) plus one bundle per rollout, sandbox and learner actor taken from that
trial's config (`rollout.num_cpus/num_gpus`, `sandbox.num_cpus`, `learner.num_cpus/num_gpus`).
Tune captures child actors into the trial's group (the learner group, which outside Tune
gang-reserves a group of its own, joins it instead: `learner/group.py`), so a trial's actors run
inside what it reserved, a trial starts only when all of it fits, and trials never take each
other's CPUs or GPUs. On a 2-core laptop: actors at 0 CPUs and a 1-CPU driver per trial, i.e. two
trials at a time (tune_configs/sweeps/tiny_lr.yaml).

Output, in STORAGE/NAME/: Tune's experiment state, one `trial-ID/` per trial holding its run dir
(`NAME-ID/`: metrics.csv, checkpoints, solutions.sqlite, ...), `results.csv` (a row per trial:
params, last metric, steps, status) and `best_config.yaml`, the merged config of the best trial
(completed trials first), which `golf-ray train best_config.yaml` runs as is. Running the same
sweep again, or with `--resume`, continues it (`Tuner.restore`, errored trials re-run, a trial
with a checkpoint resumes from it); on a finished sweep that just prints the table again.
"""

from __future__ import annotations

import copy
import csv
import difflib
import io
import itertools
import logging
import math
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from golf_ray import config as C
from golf_ray.config import Config, ConfigError
from golf_ray.placement import resolved
from golf_ray.rl import checkpoints

log = logging.getLogger(__name__)

SWEEP_KEYS = (
    "name experiment overrides search ablations num_samples metric mode scheduler "
    "max_concurrent_trials resources_per_trial"
).split()
SEARCH_KINDS = ("loguniform", "uniform", "randint", "choice", "grid")
ASHA_KEYS = ("max_t", "grace_period", "reduction_factor")
ABLATION_KEY = "ablation"
BASELINE = "baseline"
MAX_CROSSED_CHECKS = 1024


@dataclass(frozen=True)
class Dimension:
    """One searched config key: `kind` is one of SEARCH_KINDS, `values` its list or bounds."""

    key: str
    kind: str
    values: tuple

    def domain(self):
        from ray import tune

        if self.kind == "grid":
            return tune.grid_search(list(self.values))
        if self.kind == "choice":
            return tune.choice(list(self.values))
        return getattr(tune, self.kind)(*self.values)

    def probes(self) -> list[Any]:
        """Values to validate: all of a list, both ends of a range."""
        if self.kind == "randint":
            return sorted({self.values[0], self.values[1] - 1})
        return list(self.values)


@dataclass
class Sweep:
    path: str
    name: str
    experiment: str
    base: dict[str, Any]  # the experiment merged with `overrides`, as raw YAML data
    sources: dict[str, str]
    text: str  # the file as written, saved beside the results as sweep.yaml
    search: list[Dimension] = field(default_factory=list)
    ablations: dict[str, dict[str, Any]] = field(default_factory=dict)
    num_samples: int = 1
    metric: str = "reward_mean"
    mode: str = "max"
    asha: dict[str, float] | None = None
    max_concurrent_trials: int | None = None
    driver: dict[str, float] = field(default_factory=lambda: {"CPU": 1.0})

    # ----------------------------------------------------------------- trial configs

    def trial_config(self, params: dict[str, Any]) -> Config:
        """The typed config of one trial: base, then searched values, then its ablation."""
        data, sources = copy.deepcopy(self.base), dict(self.sources)
        searched = {k: v for k, v in params.items() if k != ABLATION_KEY}
        _merge(data, sources, searched, f"{self.path}: search")
        ablation = params.get(ABLATION_KEY, BASELINE)
        if ablation != BASELINE:
            _merge(data, sources, self.ablations[ablation], f"{self.path}: ablations.{ablation}")
        return C.from_dict(Config, data, sources)

    def points(self) -> list[dict[str, Any]]:
        """Trial params to validate: every crossing of the probe values while that stays small,
        else each value on its own."""
        dims = [(d.key, d.probes()) for d in self.search]
        if self.ablations:
            dims.append((ABLATION_KEY, [BASELINE, *self.ablations]))
        if math.prod(len(v) for _, v in dims) <= MAX_CROSSED_CHECKS:
            keys = [k for k, _ in dims]
            return [
                dict(zip(keys, combo, strict=True))
                for combo in itertools.product(*dict(dims).values())
            ]
        return [{k: v} for k, values in dims for v in values]

    def validate(self) -> int:
        """Build (and batch-fit) every probe trial config; ConfigError names file and key."""
        from golf_ray.recipes.train import fit_learner_batch

        points = self.points()
        for params in points:
            try:
                fit_learner_batch(self.trial_config(params))
            except ConfigError as e:
                if str(e).startswith(self.path) or not params:
                    raise
                shown = ", ".join(f"{k}={v}" for k, v in params.items())
                raise ConfigError(f"{self.path}: trial {shown}: {e}") from None
        return len(points)

    def param_space(self) -> dict[str, Any]:
        space = {d.key: d.domain() for d in self.search}
        if self.ablations:
            from ray import tune

            space[ABLATION_KEY] = tune.grid_search([BASELINE, *self.ablations])
        return space

    # ----------------------------------------------------------------- resources

    def bundles(self, cfg: Config) -> list[dict[str, float]]:
        """The trial's placement group: its driver, then one bundle per rollout, sandbox and
        learner actor (the learner group joins the trial's group instead of reserving its own)."""
        cfg = resolved(cfg)  # num_gpus "auto": as the trial's own driver will resolve it
        rollout = _bundle(cfg.rollout.num_cpus, cfg.rollout.num_gpus)
        sandbox = _bundle(cfg.sandbox.num_cpus, 0)
        learner = _bundle(cfg.learner.num_cpus, cfg.learner.num_gpus)
        out = [dict(self.driver)]
        out += [dict(rollout) for _ in range(cfg.rollout.num_actors) if rollout]
        out += [dict(sandbox) for _ in range(cfg.sandbox.num_actors) if sandbox]
        out += [dict(learner) for _ in range(cfg.learner.num_actors) if learner]
        return out

    def trial_total(self, cfg: Config) -> dict[str, float]:
        """Everything one trial holds at once: the sum of its placement group's bundles."""
        total: dict[str, float] = {}
        for bundle in self.bundles(cfg):
            for k, v in bundle.items():
                total[k] = total.get(k, 0.0) + v
        return total

    def resources(self, params: dict[str, Any]):
        from ray import tune

        return tune.PlacementGroupFactory(self.bundles(self.trial_config(params)), strategy="PACK")


def _bundle(cpus: float, gpus: float) -> dict[str, float]:
    return {k: float(v) for k, v in (("CPU", cpus), ("GPU", gpus)) if v > 0}


def _merge(data: dict, sources: dict, dotted: dict[str, Any], origin: str) -> None:
    for key, value in dotted.items():
        for part in reversed(key.split(".")):
            value = {part: value}
        C._deep_merge(data, sources, value, C._sources_of(value, origin))


# --------------------------------------------------------------------------- loading


def read_mapping(path: str | Path, what: str = "sweep") -> dict[str, Any]:
    """A YAML file whose top level is a mapping (a sweep or study file)."""
    file = Path(path)
    if not file.is_file():
        raise ConfigError(f"{what} file not found: {path}")
    try:
        raw = yaml.safe_load(file.read_text()) or {}
    except yaml.YAMLError as e:
        raise ConfigError(f"{path}: invalid YAML: {str(e).splitlines()[0]}") from None
    if not isinstance(raw, dict):
        raise ConfigError(f"{path}: top level must be a mapping")
    return raw


def load_sweep(path: str | Path) -> Sweep:
    """Read and check a sweep file (not yet its trial configs: `Sweep.validate`)."""
    return sweep_from_dict(read_mapping(path), path, Path(path).read_text())


def sweep_from_dict(raw: dict[str, Any], path: str | Path, text: str) -> Sweep:
    """Check a sweep file's data; `path` names it in errors and resolves `experiment`, `text`
    is what a restart compares with the saved sweep.yaml."""
    file, where = Path(path), str(path)
    for key in raw:
        if key not in SWEEP_KEYS:
            close = difflib.get_close_matches(str(key), SWEEP_KEYS, n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            raise ConfigError(f"{where}: unknown key '{key}'{hint}")
    if "experiment" not in raw:
        raise ConfigError(f"{where}: missing key 'experiment' (the base experiment YAML)")

    def bad(key: str, why: str) -> ConfigError:
        return ConfigError(f"{where}: '{key}' {why}")

    experiment = raw["experiment"]
    if not isinstance(experiment, str):
        raise bad("experiment", "must be a file name")
    try:
        exp_path = C.resolve_config_path(experiment, included_from=file.resolve())
    except ConfigError:
        raise bad("experiment", f"file not found: {experiment}") from None
    base, sources = C.load_raw(exp_path)

    overrides = raw.get("overrides") or []
    if not isinstance(overrides, list) or not all(isinstance(o, str) for o in overrides):
        raise bad("overrides", "must be a list of key=value strings")
    try:
        C.apply_overrides(base, sources, overrides)
    except ConfigError as e:
        raise ConfigError(str(e).replace("command line", f"{where}: overrides")) from None
    sources.update({k: f"{where}: overrides" for k, v in sources.items() if v == "command line"})
    C.from_dict(Config, base, sources)  # the base itself must be a valid config

    name = str(raw.get("name") or file.stem)
    if not re.fullmatch(r"[\w.-]+", name):
        raise bad("name", f"must be letters, digits, '.', '-' or '_' (a dir name), got {name!r}")
    sweep = Sweep(where, name, str(exp_path), base, sources, text)
    search = raw.get("search") or {}
    if not isinstance(search, dict):
        raise bad("search", "must map config keys to search specs")
    sweep.search = [_dimension(where, str(k), spec) for k, spec in search.items()]

    ablations = raw.get("ablations") or {}
    if not isinstance(ablations, dict):
        raise bad("ablations", "must map names to {config.key: value} override sets")
    for name, sets in ablations.items():
        if name == BASELINE or not isinstance(sets, dict) or not sets:
            raise bad(
                f"ablations.{name}", "must be a non-empty {key: value} mapping, not 'baseline'"
            )
        for key in sets:
            if key in search:
                raise bad(
                    f"ablations.{name}.{key}", "is also searched; ablate or search it, not both"
                )
    sweep.ablations = {str(k): dict(v) for k, v in ablations.items()}

    sweep.num_samples = _int(raw.get("num_samples", 1), 1, bad, "num_samples")
    sweep.metric = raw.get("metric", "reward_mean")
    if not isinstance(sweep.metric, str) or not sweep.metric:
        raise bad("metric", "must be a metric name, e.g. reward_mean")
    sweep.mode = raw.get("mode", "max")
    if sweep.mode not in ("max", "min"):
        raise bad("mode", f"must be max or min, got {sweep.mode!r}")
    if raw.get("max_concurrent_trials") is not None:
        sweep.max_concurrent_trials = _int(
            raw["max_concurrent_trials"], 1, bad, "max_concurrent_trials"
        )
    sweep.asha = _scheduler(raw.get("scheduler"), bad)
    sweep.driver = _driver(raw.get("resources_per_trial"), bad)
    return sweep


def _number(value: Any) -> float | None:
    if isinstance(value, str) and C._FLOAT_RE.fullmatch(value.strip()):
        return float(value)
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return value


def _dimension(where: str, key: str, spec: Any) -> Dimension:
    what = f"{where}: search: '{key}'"
    if key == ABLATION_KEY:
        raise ConfigError(f"{what}: 'ablation' is reserved for the ablations list")
    if not isinstance(spec, dict) or len(spec) != 1 or next(iter(spec)) not in SEARCH_KINDS:
        raise ConfigError(
            f"{what}: must be one of {{{': ..., '.join(SEARCH_KINDS)}: ...}}, got {spec!r}"
        )
    kind, values = next(iter(spec.items()))
    if not isinstance(values, list) or not values:
        raise ConfigError(f"{what}: {kind} needs a non-empty list, got {values!r}")
    if kind in ("choice", "grid"):
        return Dimension(key, kind, tuple(values))
    bounds = [_number(v) for v in values]
    ok = len(bounds) == 2 and None not in bounds and bounds[0] < bounds[1]
    if kind == "loguniform":
        ok = ok and bounds[0] > 0
    if kind == "randint":
        ok = ok and all(isinstance(v, int) for v in bounds)
    if not ok:
        need = {"loguniform": "0 < lo < hi", "uniform": "lo < hi", "randint": "integers lo < hi"}
        raise ConfigError(f"{what}: {kind} needs [lo, hi] with {need[kind]}, got {values!r}")
    # uniform and loguniform sample floats: probe with floats, so an int key fails here
    return Dimension(key, kind, tuple(bounds if kind == "randint" else map(float, bounds)))


def _int(value: Any, low: int, bad, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise bad(key, f"must be an integer >= {low}, got {value!r}")
    return value


def _numbers(spec: Any, key: str, allowed: tuple[str, ...], bad, positive: bool) -> dict:
    if not isinstance(spec, dict):
        raise bad(key, f"must be a mapping of {', '.join(allowed)}, got {spec!r}")
    for k, v in spec.items():
        if k not in allowed:
            raise bad(f"{key}.{k}", f"is not one of {', '.join(allowed)}")
        n = _number(v)
        if n is None or n < 0 or (positive and n == 0):
            raise bad(f"{key}.{k}", f"must be a {'positive' if positive else '>= 0'} number")
    return {k: _number(v) for k, v in spec.items()}


def _scheduler(spec: Any, bad) -> dict[str, float] | None:
    if spec in (None, "none", {}):
        return None
    if not isinstance(spec, dict) or list(spec) != ["asha"]:
        raise bad("scheduler", f"must be none or {{asha: {{...}}}}, got {spec!r}")
    return _numbers(spec["asha"] or {}, "scheduler.asha", ASHA_KEYS, bad, positive=True)


def _driver(spec: Any, bad) -> dict[str, float]:
    n = _numbers(spec or {}, "resources_per_trial", ("cpu", "gpu"), bad, positive=False)
    bundle = _bundle(n.get("cpu", 1), n.get("gpu", 0))
    if "CPU" not in bundle:
        raise bad("resources_per_trial.cpu", "must be > 0 (the trial's driver is a process)")
    return bundle


# --------------------------------------------------------------------------- running


@dataclass
class TrialRow:
    trial: str
    params: dict[str, Any]
    metric: float
    steps: int
    total_steps: int
    status: str  # done | stopped (early, by the scheduler) | error | unfinished (interrupted)
    run_dir: str
    error: str = ""


@dataclass
class SweepResult:
    exp_dir: Path
    metric: str
    rows: list[TrialRow]
    best: TrialRow | None
    results_csv: Path
    best_config: Path | None

    @property
    def unfinished(self) -> int:
        return sum(r.status == "unfinished" for r in self.rows)

    def table(self) -> str:
        return format_table(self.rows, self.metric, self.best)

    @property
    def exit_code(self) -> int:
        """130 when interrupted (trials left to resume), 1 when no trial reported the metric."""
        return 130 if self.unfinished else 0 if self.best is not None else 1

    def summary(self, sweep_file: str, storage: str) -> str:
        lines = [self.table(), f"results: {self.results_csv}"]
        if self.unfinished:
            lines.append(
                f"interrupted: {self.unfinished} trials unfinished; continue with "
                f"golf-ray sweep {sweep_file} --storage {storage} --resume"
            )
        elif self.best_config is not None:
            lines.append(f"best config: {self.best_config}  (golf-ray train {self.best_config})")
        return "\n".join(lines)


def _trial(params: dict[str, Any], sweep: Sweep, exp_dir: str) -> None:
    """One Tune trial: a training run in EXP/trial-ID/NAME-ID, each step reported to Tune."""
    from ray import tune

    from golf_ray.metrics import read_metrics
    from golf_ray.recipes.train import train

    # Tune starts trials in a scratch dir; relative paths in configs mean the launch dir.
    origin = os.environ.get("TUNE_ORIG_WORKING_DIR")
    if origin and Path(origin).is_dir():
        os.chdir(origin)
    cfg = sweep.trial_config(params)
    ctx = tune.get_context()
    # Actor names carry the run dir's name: NAME-ID keeps concurrent trials apart.
    run_dir = Path(exp_dir) / Path(ctx.get_trial_dir()).name / f"{sweep.name}-{ctx.get_trial_id()}"
    run_dir.mkdir(parents=True, exist_ok=True)
    resume = str(run_dir) if checkpoints.latest(run_dir) else None
    reported: list[int] = []
    last: dict[str, Any] = {}

    def send(step: int, metrics: dict[str, float]) -> None:
        values = {k: float(v) for k, v in metrics.items()}
        values.setdefault(sweep.metric, math.nan)  # e.g. val/pass@1 before the first evaluation
        tune.report({**values, "step": step, "total_steps": cfg.steps})
        reported.append(step)

    def on_step(step: int, metrics: dict[str, float]) -> None:
        # The last step is reported after `train` returns: a scheduler stopping the trial on it
        # would otherwise kill the run before its summary, curves and actors are closed.
        if step >= cfg.steps:
            last.update(step=step, metrics=metrics)
        else:
            send(step, metrics)

    train(cfg, run_dir=run_dir, resume=resume, progress=False, on_step=on_step)
    if not last and not reported:  # resumed after its last step: its logged values again
        logged = {k: v[-1] for k, v in read_metrics(run_dir).get("train", {}).items() if v}
        if logged:
            step = max(s for s, _ in logged.values())
            last.update(step=step, metrics={k: v for k, (s, v) in logged.items() if s == step})
    if last:
        send(last["step"], last["metrics"])


def _trial_dirname(trial) -> str:
    return f"trial-{trial.trial_id}"


def run_sweep(
    path: str | Path | Sweep,
    storage: str | Path = "sweeps",
    address: str | None = None,
    resume: bool = False,
    verbose: int = 1,
) -> SweepResult:
    """Validate, run (or continue) a sweep file, or a loaded one (a study's); write
    results.csv and best_config.yaml."""
    from ray import tune

    from golf_ray.fileio import atomic_write_text
    from golf_ray.runtime import init_ray

    sweep = path if isinstance(path, Sweep) else load_sweep(path)
    path = sweep.path
    checked = sweep.validate()
    exp_dir = Path(storage).resolve() / sweep.name
    restoring = exp_dir.is_dir() and tune.Tuner.can_restore(str(exp_dir))
    if resume and not restoring:
        raise ConfigError(f"{path}: nothing to resume at {exp_dir}")
    log.info("sweep %s: %d trial configs checked; output in %s", sweep.name, checked, exp_dir)

    init_ray(address)
    concurrency = _concurrency(sweep, _cluster())
    trainable = tune.with_resources(
        tune.with_parameters(_trial, sweep=sweep, exp_dir=str(exp_dir)), resources=sweep.resources
    )
    if restoring:
        saved = exp_dir / "sweep.yaml"
        if saved.exists() and saved.read_text() != sweep.text:
            log.warning("%s changed since the sweep started; the saved trials are used", path)
        log.info("resuming the sweep in %s", exp_dir)
        tuner = tune.Tuner.restore(str(exp_dir), trainable, resume_errored=True)
    else:
        exp_dir.mkdir(parents=True, exist_ok=True)
        atomic_write_text(exp_dir / "sweep.yaml", sweep.text)
        scheduler = None
        if sweep.asha is not None:
            from ray.tune.schedulers import ASHAScheduler

            asha = {"max_t": sweep.trial_config({}).steps, **sweep.asha}
            scheduler = ASHAScheduler(
                time_attr="step",
                max_t=int(asha["max_t"]),
                grace_period=int(asha.get("grace_period", 1)),
                reduction_factor=asha.get("reduction_factor", 4),
            )
        tuner = tune.Tuner(
            trainable,
            param_space=sweep.param_space(),
            tune_config=tune.TuneConfig(
                metric=sweep.metric,
                mode=sweep.mode,
                scheduler=scheduler,
                num_samples=sweep.num_samples,
                max_concurrent_trials=concurrency,
                trial_dirname_creator=_trial_dirname,
            ),
            run_config=tune.RunConfig(
                name=sweep.name, storage_path=str(exp_dir.parent), verbose=verbose
            ),
        )
    grid = tuner.fit()
    return _write_results(sweep, grid, exp_dir)


def _cluster() -> dict[str, float]:
    import ray

    return {k: v for k, v in ray.cluster_resources().items() if k in ("CPU", "GPU")}


def _concurrency(sweep: Sweep, cluster: dict[str, float]) -> int | None:
    """max_concurrent_trials, after checking that one whole trial fits the cluster at all."""
    configs = [sweep.trial_config(p) for p in sweep.points()]
    need = {k: max(sweep.trial_total(c).get(k, 0.0) for c in configs) for k in ("CPU", "GPU")}
    for k, v in need.items():
        if v > cluster.get(k, 0.0):
            raise ConfigError(
                f"{sweep.path}: a trial needs {v:g} {k} (driver, rollout, sandbox and learner "
                f"actors) but the Ray cluster has {cluster.get(k, 0.0):g}"
            )
    return sweep.max_concurrent_trials  # each trial's placement group holds all its actors


# --------------------------------------------------------------------------- results


def _rows(sweep: Sweep, grid) -> list[TrialRow]:
    rows = []
    for result in grid:
        m = result.metrics or {}
        trial = Path(result.path).name.removeprefix("trial-")
        steps, total = int(m.get("step", 0)), int(m.get("total_steps", 0))
        if result.error is not None:
            status = "error"
        elif not m.get("done"):  # Tune marks a trial's last result done when it ends
            status = "unfinished"
        else:
            status = "done" if steps >= total else "stopped"
        value = m.get(sweep.metric, math.nan)
        rows.append(
            TrialRow(
                trial=trial,
                params=dict(result.config or {}),
                metric=float(value) if isinstance(value, int | float) else math.nan,
                steps=steps,
                total_steps=total,
                status=status,
                run_dir=str(Path(result.path) / f"{sweep.name}-{trial}"),
                error=str(result.error).strip().splitlines()[-1] if result.error else "",
            )
        )
    return sorted(rows, key=lambda r: r.trial)


def best_row(rows: list[TrialRow], mode: str) -> TrialRow | None:
    """The best last value of the metric, among completed trials when there are any."""
    scored = [r for r in rows if r.status in ("done", "stopped") and math.isfinite(r.metric)]
    done = [r for r in scored if r.status == "done"] or scored
    if not done:
        return None
    return (max if mode == "max" else min)(done, key=lambda r: r.metric)


def _fmt(value: Any) -> str:
    if isinstance(value, float):
        return "-" if math.isnan(value) else f"{value:.4g}"
    return str(value)


def format_table(rows: list[TrialRow], metric: str, best: TrialRow | None = None) -> str:
    keys = sorted({k for r in rows for k in r.params}, key=lambda k: (k == ABLATION_KEY, k))
    header = ["trial", *keys, metric, "steps", "status"]
    body = [
        [
            r.trial + (" *" if r is best else ""),
            *[_fmt(r.params.get(k, "")) for k in keys],
            _fmt(r.metric),
            f"{r.steps}/{r.total_steps}",
            r.status + (f" ({r.error})" if r.error else ""),
        ]
        for r in rows
    ]
    widths = [max(len(str(x)) for x in col) for col in zip(header, *body, strict=True)]
    lines = [
        "  ".join(str(x).ljust(w) for x, w in zip(line, widths, strict=True)).rstrip()
        for line in [header, *body]
    ]
    lines.insert(1, "  ".join("-" * w for w in widths))
    if best is not None:
        lines.append(f"* best {metric}: trial {best.trial}")
    return "\n".join(lines)


def _write_results(sweep: Sweep, grid, exp_dir: Path) -> SweepResult:
    from golf_ray.fileio import atomic_write_text

    rows = _rows(sweep, grid)
    best = best_row(rows, sweep.mode)
    keys = sorted({k for r in rows for k in r.params})
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(
        ["trial", *keys, sweep.metric, "steps", "total_steps", "status", "run_dir", "error"]
    )
    for r in rows:
        params = [r.params.get(k, "") for k in keys]
        metric = "" if math.isnan(r.metric) else repr(r.metric)
        writer.writerow(
            [r.trial, *params, metric, r.steps, r.total_steps, r.status, r.run_dir, r.error]
        )
    results_csv = atomic_write_text(exp_dir / "results.csv", out.getvalue())
    best_config = None
    if best is not None and not any(r.status == "unfinished" for r in rows):
        cfg = sweep.trial_config(best.params)
        cfg.name = f"{sweep.name}-best"
        shown = ", ".join(f"{k}={_fmt(v)}" for k, v in best.params.items())
        header = (
            f"# Best trial {best.trial} of sweep {sweep.path} ({sweep.metric} = {best.metric:.6g},"
            f" {sweep.mode}); {shown or 'no searched values'}.\n"
            f"# Run it: golf-ray train {exp_dir / 'best_config.yaml'}\n"
        )
        best_config = atomic_write_text(exp_dir / "best_config.yaml", header + cfg.to_yaml())
    return SweepResult(exp_dir, sweep.metric, rows, best, results_csv, best_config)
