"""Driver metrics reach Ray's metrics agent (what the dashboard and Prometheus scrape)."""

from __future__ import annotations

import time
import urllib.request

import ray

from golf_ray.config import LoggingConfig
from golf_ray.metrics import MetricsLogger
from golf_ray.ray_metrics import metric_name


def test_metric_names_are_prometheus_names():
    assert metric_name("reward/correctness") == "golf_ray_reward_correctness"
    assert metric_name("time/generate") == "golf_ray_time_generate"
    assert metric_name("pass@1") == "golf_ray_pass_1"


def _scrape(port: int, needle: str, timeout_s: float = 60.0) -> list[str]:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        body = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5).read()
        lines = [x for x in body.decode().splitlines() if x.startswith(needle)]
        if lines:
            return lines
        time.sleep(1)
    return []


def test_logged_metrics_are_exported_by_the_node_metrics_agent(ray_session, tmp_path):
    run_dir = tmp_path / "metrics-run-7"
    cfg = LoggingConfig(tensorboard=False)
    with MetricsLogger(run_dir, cfg) as logger:
        logger.log(3, {"reward_mean": 0.25, "time/generate": 1.5})
        logger.log(3, {"pass@1": 0.5}, split="val")
    port = ray.nodes()[0]["MetricsExportPort"]
    reward = _scrape(port, "ray_golf_ray_reward_mean{")
    assert reward and 'run="metrics-run-7"' in reward[0] and 'split="train"' in reward[0]
    assert reward[0].endswith(" 0.25")
    val = _scrape(port, "ray_golf_ray_pass_1{")
    assert val and 'split="val"' in val[0] and val[0].endswith(" 0.5")
    step = _scrape(port, "ray_golf_ray_step{")
    assert any(line.endswith(" 3.0") or line.endswith(" 3") for line in step)
