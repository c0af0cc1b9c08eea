"""Can the Ray cluster place a run's actors at all? Checked once, before the first actor starts.

Ray queues an actor whose resources no node will ever have and waits forever without a word (a
2-core laptop and an experiment asking 4 CPUs: an empty metrics.csv after ten minutes). Every
driver calls `check_placement(cfg)` right after joining Ray; a config that cannot fit fails in one
line: what each actor role asks for, the sum, what the cluster has, and which knobs to lower.

An autoscaling cluster adds nodes for pending actors: there, set `GOLF_RAY_PLACEMENT_CHECK=0` in
the driver's environment to skip the check.

`roles` reads the resource fields of a training, adversarial or agent config (by shape, so this
module imports none of them); `check_fits` is a pure function of the roles and the cluster's
resource dicts (`ray.cluster_resources()`, and per node for the largest single actor).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from golf_ray.config import ConfigError

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


def roles(cfg: Any) -> list[Role]:
    """The actors a driver starts for `cfg` and keeps alive together."""
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
    if cfg.tasks.source != "reasoning_gym":  # reasoning answers are judged in the driver
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
    """Check `cfg` against the Ray cluster this process has joined (call after `init_ray`)."""
    import ray

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
