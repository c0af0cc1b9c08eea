"""Step metrics as Ray custom metrics, for the dashboard's Metrics view and Prometheus/Grafana.

Every number the driver logs is also set on a Ray gauge `ray_golf_ray_<key>` tagged with the run
and the split, so a cluster's dashboard shows live training curves of every run side by side.
Each node's metrics agent exports them at `http://NODE:<metrics_export_port>/metrics`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

PREFIX = "golf_ray_"
TAG_KEYS = ("run", "split")


def metric_name(key: str) -> str:
    """`reward/correctness` -> `golf_ray_reward_correctness` (Prometheus names: [a-zA-Z0-9_])."""
    return PREFIX + re.sub(r"[^0-9a-zA-Z_]+", "_", key).strip("_").lower()


class RayMetrics:
    """Gauges created on first use, one per metric key; a no-op when Ray is not running."""

    def __init__(self, run: str) -> None:
        self.run = run
        self._gauges: dict[str, Any] = {}

    def publish(self, step: int, metrics: Mapping[str, Any], split: str = "train") -> None:
        import ray

        if not ray.is_initialized():
            return
        tags = {"run": self.run, "split": split}
        self._gauge("step", "last logged training step").set(step, tags=tags)
        for key, value in metrics.items():
            if isinstance(value, bool) or not isinstance(value, int | float):
                continue
            if math.isfinite(value):
                self._gauge(key, f"golf-ray metric '{key}'").set(float(value), tags=tags)

    def _gauge(self, key: str, description: str):
        from ray.util.metrics import Gauge

        name = metric_name(key)
        if name not in self._gauges:
            self._gauges[name] = Gauge(name, description=description, tag_keys=TAG_KEYS)
        return self._gauges[name]
