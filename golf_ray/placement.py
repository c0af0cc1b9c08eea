"""Can the Ray cluster place a run's actors at all? Checked once, before the first actor starts.

Ray queues an actor whose resources no node will ever have and waits forever without a word (a
2-core laptop and an experiment asking 4 CPUs: an empty metrics.csv after ten minutes). Every
driver calls `check_placement(cfg)` right after joining Ray; a config that cannot fit fails in one
line: what each actor role asks for, the sum, what the cluster has, and which knobs to lower.

An autoscaling cluster adds nodes for pending actors: there, set `GOLF_RAY_PLACEMENT_CHECK=0` in
the driver's environment to skip the check, and set `num_gpus` explicitly (`auto` counts the GPUs
the cluster has now).

`roles` reads the resource fields of a training, adversarial or agent config (by shape, so this
module imports none of them); `check_fits` is a pure function of the roles and the cluster's
resource dicts (`ray.cluster_resources()`, and per node for the largest single actor).

GPUs (`num_gpus: auto`, the default, filled in by `check_placement` from the cluster's GPU count,
`plan_gpus` being the pure rule):
- no GPUs: every actor on CPUs;
- enough whole GPUs for every GPU user: one per learner rank, `tensor_parallel_size` per rollout
  actor (vLLM's workers each take one);
- fewer: an even share of one GPU each (one GPU, one rollout actor and one learner rank: 0.5
  each; vLLM then takes `gpu_memory_utilization` of its half), when sharing is possible: learner
  ranks of one NCCL group can never share a GPU, nor can tensor-parallel workers.
An explicit `num_gpus` is kept; the same shape rules are checked for it (`check_gpu_shapes`).
"""

from __future__ import annotations

import copy
import logging
import math
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from golf_ray.config import AUTO, ConfigError

log = logging.getLogger(__name__)

RESOURCES = ("CPU", "GPU")


class PlacementError(ConfigError):
    """The cluster can never schedule the configured actors (a config problem, one line)."""


@dataclass(frozen=True)
class Role:
    """`count` actors of one kind, each asking `cpus`/`gpus`; the knobs are config key paths."""

    name: str
    count: int
    cpus: float
    gpus: float = 0.0
    count_knob: str = ""
    cpus_knob: str = ""
    gpus_knob: str = ""

    def per_actor(self, resource: str) -> float:
        return self.cpus if resource == "CPU" else self.gpus

    def total(self, resource: str) -> float:
        return self.count * self.per_actor(resource)

    def knobs(self, resource: str) -> list[str]:
        own = self.cpus_knob if resource == "CPU" else self.gpus_knob
        return [k for k in (self.count_knob if self.count > 1 else "", own) if k]


def section(name: str, part: Any) -> Role:
    """A role from a config section with `num_actors`, `num_cpus` and maybe `num_gpus`."""
    return Role(
        name=name,
        count=int(part.num_actors),
        cpus=float(part.num_cpus),
        gpus=float(getattr(part, "num_gpus", 0.0)),
        count_knob=f"{name}.num_actors",
        cpus_knob=f"{name}.num_cpus",
        gpus_knob=f"{name}.num_gpus" if hasattr(part, "num_gpus") else "",
    )


# --------------------------------------------------------------------------- GPUs


@dataclass(frozen=True)
class GpuUser:
    """A config section whose actors may hold GPUs: `num_gpus` each, `count` of them."""

    path: str  # "rollout", "generator.learner", ...
    count: int
    num_gpus: float | str  # a number or "auto"
    whole: int  # GPUs one actor takes when whole: tensor_parallel_size, or 1
    ranks: bool  # learner ranks: one NCCL group, which cannot put two ranks on one GPU


def gpu_sections(cfg: Any) -> list[tuple[str, Any]]:
    """(key path, section) of every rollout/learner section of `cfg`: a training, adversarial
    or agent config, an object with `rollout`/`learner` attributes, or one such section."""
    if hasattr(cfg, "generator") and hasattr(cfg, "discriminator"):
        return [
            (f"{side}.{part}", getattr(getattr(cfg, side), part))
            for side in ("generator", "discriminator")
            for part in ("rollout", "learner")
        ]
    if hasattr(cfg, "tensor_parallel_size"):
        return [("rollout", cfg)]
    if hasattr(cfg, "zero_stage"):
        return [("learner", cfg)]
    return [(name, getattr(cfg, name)) for name in ("rollout", "learner") if hasattr(cfg, name)]


def _user(path: str, part: Any) -> GpuUser:
    tp = int(getattr(part, "tensor_parallel_size", 1))
    return GpuUser(path, int(part.num_actors), part.num_gpus, tp, hasattr(part, "zero_stage"))


def plan_gpus(users: Sequence[GpuUser], gpus: float) -> list[float]:
    """Each user's `num_gpus` on a cluster with `gpus` GPUs (see the module doc)."""
    auto = [u.num_gpus == AUTO for u in users]
    if not any(auto) or gpus <= 0:
        return [0.0 if a else float(u.num_gpus) for u, a in zip(users, auto, strict=True)]
    fixed = sum(u.count * float(u.num_gpus) for u, a in zip(users, auto, strict=True) if not a)
    whole = sum(u.count * u.whole for u, a in zip(users, auto, strict=True) if a)
    if fixed + whole <= gpus + 1e-9:
        return [
            float(u.whole) if a else float(u.num_gpus) for u, a in zip(users, auto, strict=True)
        ]
    sharers = [u for u, a in zip(users, auto, strict=True) if a and u.count]
    need = " + ".join(f"{u.path} {u.count}x{u.whole}" for u in sharers)
    paths = ", ".join(u.path for u in sharers)
    if fixed:
        raise PlacementError(
            f"the Ray cluster has {_amount(gpus, 'GPU')} and this run needs {whole:g} whole "
            f"ones ({need}) beside the {fixed:g} set explicitly; set the num_gpus of {paths} "
            "too (a fraction shares a GPU), or add GPUs"
        )
    if int(gpus) < 1 or not all(u.whole == 1 and not (u.ranks and u.count > 1) for u in sharers):
        raise PlacementError(
            f"the Ray cluster has {_amount(gpus, 'GPU')} and this run needs {whole:g} whole "
            f"ones ({need}) that cannot share one (ranks of one learner group, or "
            f"tensor-parallel workers); set the num_gpus of {paths} (a fraction shares a GPU), "
            "lower num_actors or tensor_parallel_size, or add GPUs"
        )
    actors = sum(u.count for u in sharers)
    share = 1.0 / math.ceil(actors / int(gpus))
    return [share if a else float(u.num_gpus) for u, a in zip(users, auto, strict=True)]


def check_gpu_shapes(users: Sequence[GpuUser]) -> None:
    """Explicit GPU counts that can never work: a fractional GPU for ranks of one learner group
    (NCCL refuses two ranks on one device), or a tensor-parallel actor without a whole GPU per
    worker."""
    for u in users:
        if u.num_gpus == AUTO or not float(u.num_gpus):
            continue
        n = float(u.num_gpus)
        if u.ranks and u.count > 1 and n < 1:
            raise PlacementError(
                f"{u.path}.num_gpus is {n:g} with {u.count} ranks: ranks of one learner group "
                f"cannot share a GPU (NCCL); give each a whole GPU or set {u.path}.num_actors=1"
            )
        if u.whole > 1 and n != u.whole:
            raise PlacementError(
                f"{u.path}.num_gpus is {n:g} but tensor_parallel_size is {u.whole}: a "
                f"tensor-parallel actor holds one whole GPU per worker; set "
                f"{u.path}.num_gpus={u.whole} (or auto)"
            )


def cluster_gpus() -> float:
    """GPUs of the Ray cluster this process has joined (0 when it has joined none)."""
    import ray

    return float(ray.cluster_resources().get("GPU", 0.0)) if ray.is_initialized() else 0.0


def resolve_gpus(cfg: Any, gpus: float | None = None) -> Any:
    """Fill in every `num_gpus: auto` of `cfg` in place (`gpus`: the cluster's, by default) and
    check the shapes; returns `cfg`."""
    sections = gpu_sections(cfg)
    users = [_user(path, part) for path, part in sections]
    check_gpu_shapes(users)  # the explicit counts first: their error is the precise one
    values = plan_gpus(users, cluster_gpus() if gpus is None else gpus)
    for (_, part), value in zip(sections, values, strict=True):
        part.num_gpus = value
    check_gpu_shapes([_user(path, part) for path, part in sections])
    return cfg


def resolved(cfg: Any, gpus: float | None = None) -> Any:
    """A copy of `cfg` with its GPU counts filled in (`cfg` itself when it has no "auto")."""
    if all(part.num_gpus != AUTO for _, part in gpu_sections(cfg)):
        check_gpu_shapes([_user(path, part) for path, part in gpu_sections(cfg)])
        return cfg
    return resolve_gpus(copy.deepcopy(cfg), gpus)


# --------------------------------------------------------------------------- roles


def roles(cfg: Any, gpus: float | None = None) -> list[Role]:
    """The actors a driver starts for `cfg` and keeps alive together (GPU counts left "auto"
    are resolved for a cluster of `gpus` GPUs: the joined cluster's by default)."""
    cfg = resolved(cfg, gpus)
    if hasattr(cfg, "generator") and hasattr(cfg, "discriminator"):  # golf-ray adversarial
        out = [
            section(f"{side}.{part}", getattr(getattr(cfg, side), part))
            for side in ("generator", "discriminator")
            for part in ("rollout", "learner")
        ]
        return [*out, section("sandbox", cfg.sandbox)]
    if hasattr(cfg, "runners"):  # golf-ray agent
        if cfg.problems.source == "scripted":
            return []  # the scripted world runs in the driver
        episodes = Role(
            "episodes", cfg.runners, float(cfg.runner_num_cpus), 0.0, "runners", "runner_num_cpus"
        )
        return [section("rollout", cfg.rollout), section("sandbox", cfg.sandbox), episodes]
    out = [section("rollout", cfg.rollout)]
    if cfg.tasks.source not in ("reasoning_gym", "verifiers"):  # judged in the driver
        out.append(section("sandbox", cfg.sandbox))
    return [*out, section("learner", cfg.learner)]


def _fmt(x: float) -> str:
    return f"{x:g}"


def _amount(x: float, resource: str) -> str:
    return f"{x:g} {resource}" + ("" if x == 1 else "s")


def check_fits(
    roles: Sequence[Role],
    cluster: Mapping[str, float],
    nodes: Sequence[Mapping[str, float]] | None = None,
) -> None:
    """Raise PlacementError when the roles' summed CPUs/GPUs exceed the cluster's, or when one
    actor asks more than the largest node has (`nodes`: each alive node's resources)."""
    for resource in RESOURCES:
        used = [r for r in roles if r.per_actor(resource) > 0]
        need = sum(r.total(resource) for r in used)
        have = float(cluster.get(resource, 0.0))
        parts = " + ".join(
            f"{r.name} {r.count}x{_fmt(r.per_actor(resource))}" for r in used if r.count
        )
        knobs = ", ".join(k for r in used for k in r.knobs(resource))
        zero = " (0 = share the node's cores)" if resource == "CPU" else ""
        if need > have + 1e-9:
            raise PlacementError(
                f"the Ray cluster cannot place this run: it needs {_amount(need, resource)} "
                f"({parts}) and the cluster has {_fmt(have)}; lower {knobs}{zero} or add nodes"
            )
        if nodes:
            largest = max(float(n.get(resource, 0.0)) for n in nodes)
            for r in used:
                if r.count and r.per_actor(resource) > largest + 1e-9:
                    raise PlacementError(
                        f"the Ray cluster cannot place this run: one {r.name} actor needs "
                        f"{_amount(r.per_actor(resource), resource)} and the largest node has "
                        f"{_fmt(largest)}; lower {r.knobs(resource)[-1]} or add a bigger node"
                    )


def check_placement(cfg: Any) -> None:
    """Fill in `cfg`'s `num_gpus: auto` from the cluster (in place), then check `cfg` against the
    Ray cluster this process has joined (call after `init_ray`)."""
    import ray

    resolve_gpus(cfg)
    given = ", ".join(f"{path} {float(part.num_gpus):g}" for path, part in gpu_sections(cfg))
    log.info("GPUs per actor: %s (the cluster has %g)", given, cluster_gpus())
    if os.environ.get("GOLF_RAY_PLACEMENT_CHECK", "1") == "0":
        return

    wanted = roles(cfg)
    nodes = [n.get("Resources", {}) for n in ray.nodes() if n.get("Alive")]
    check_fits(wanted, ray.cluster_resources(), nodes)
    # Inside a Tune trial the actors run in the trial's own reserved group: nothing to wait for.
    if ray.util.get_current_placement_group() is None:
        free = ray.available_resources()
        for resource in RESOURCES:
            need = sum(r.total(resource) for r in wanted)
            if need > free.get(resource, 0.0) + 1e-9:
                log.warning(
                    "the run needs %s and the cluster has %s free now: its actors wait until "
                    "other work on it finishes",
                    _amount(need, resource),
                    _fmt(free.get(resource, 0.0)),
                )
