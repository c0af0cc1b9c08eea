"""Connecting to Ray: an existing cluster when an address is given, else a local one."""

from __future__ import annotations

import logging
import os

import ray

from golf_ray.devices import OVERRIDE_ON_ZERO
from golf_ray.logs import follow_workers

log = logging.getLogger(__name__)


def init_ray(
    address: str | None = None,
    num_cpus: int | None = None,
    include_dashboard: bool = False,
    namespace: str = "golf-ray",
    log_to_driver: bool = True,
) -> None:
    """Start or join Ray once per process; `RAY_ADDRESS` counts as an address."""
    if ray.is_initialized():
        return
    address = address or os.environ.get("RAY_ADDRESS")
    if address:
        log.info("joining Ray cluster at %s", address)
        ray.init(address=address, namespace=namespace, log_to_driver=log_to_driver)
        follow_workers()
        return
    log.info("starting a local Ray (num_cpus=%s)", num_cpus or "all")
    # Workers inherit this from the raylet: one given no GPU gets CUDA_VISIBLE_DEVICES="" and
    # sees none (Ray 2.60 otherwise shows it every GPU; golf_ray.devices checks it again).
    os.environ.setdefault(OVERRIDE_ON_ZERO, "1")
    ray.init(
        address="local",  # a new local Ray, even when another one runs on this machine
        num_cpus=num_cpus,
        include_dashboard=include_dashboard,
        namespace=namespace,
        log_to_driver=log_to_driver,
    )
    follow_workers()
