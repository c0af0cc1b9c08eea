"""Build and start the Serve application: ingress -> rollout, sandbox, rate limiter.

cfg = load_serve_config("serve/default.yaml")
url = start(cfg, resolve_policy(checkpoint), load_api_keys(cfg.auth))   # Ray already up
...
serve.shutdown()
"""

from __future__ import annotations

import logging
import time
from pathlib import Path

from ray import serve

from golf_ray.serve.config import ServeConfig, load_api_keys, load_serve_config
from golf_ray.serve.deployments import RateLimiterServer, RolloutServer, SandboxServer

log = logging.getLogger(__name__)


def build_app(cfg: ServeConfig, model_path: str, key_digests: frozenset[str]):
    from golf_ray.serve.api import GolfIngress

    specs = cfg.deployments
    rollout = (
        serve.deployment(RolloutServer, name="rollout")
        .options(**specs.rollout.options())
        .bind(
            model_path,
            cfg.engine,
            {"dtype": cfg.dtype, "seed": cfg.seed, "max_model_len": cfg.max_model_len},
            cfg.limits.max_prompt_tokens,
            cfg.response_prefix,
            cfg.max_batch_size,
            cfg.batch_wait_s,
        )
    )
    sandbox = (
        serve.deployment(SandboxServer, name="sandbox")
        .options(**specs.sandbox.options())
        .bind(cfg.sandbox)
    )
    limiter = serve.deployment(
        RateLimiterServer,
        name="rate_limiter",
        num_replicas=1,  # one set of buckets for every ingress replica
        ray_actor_options={"num_cpus": 0},
        max_ongoing_requests=1000,
    ).bind(cfg.rate_limit.requests_per_minute, cfg.rate_limit.burst)
    ingress = serve.deployment(GolfIngress, name="ingress").options(**specs.ingress.options())
    return ingress.bind(
        rollout,
        sandbox,
        limiter,
        key_digests,
        cfg.auth.enabled,
        cfg.limits,
        model_path,
        cfg.served_model_name or model_path,
        cfg.sandbox.example_timeout_s,
    )


def start(cfg: ServeConfig, model_path: str, key_digests: frozenset[str] | None = None) -> str:
    """Start Serve's HTTP proxy on cfg.host:cfg.port and deploy; returns the base URL once
    every deployment is ready. Ray must be initialised."""
    if key_digests is None:
        key_digests = load_api_keys(cfg.auth)
    t0 = time.perf_counter()
    serve.start(
        http_options={
            "host": cfg.host,
            "port": cfg.port,
            "request_timeout_s": cfg.request_timeout_s,
        }
    )
    serve.run(
        build_app(cfg, model_path, key_digests),
        name=cfg.name,
        route_prefix=cfg.route_prefix,
        blocking=False,
    )
    log.info("serve application %r ready in %.1f s", cfg.name, time.perf_counter() - t0)
    prefix = cfg.route_prefix.rstrip("/")
    return f"http://{cfg.host}:{cfg.port}{prefix}"


def prepare(
    config: str | None,
    overrides: list[str],
    checkpoint: str | None,
    model: str | None,
) -> tuple[ServeConfig, str]:
    """`golf-ray serve` arguments -> (config, policy model dir); every check that can fail
    does so here, before Ray starts."""
    from golf_ray.inference import resolve_policy
    from golf_ray.rl import checkpoints

    cfg = load_serve_config(config, overrides)
    load_api_keys(cfg.auth)
    if checkpoint is not None:
        if not checkpoints.resolve(checkpoint).is_dir():
            raise FileNotFoundError(f"--checkpoint: {checkpoint}: no such directory")
        model_path = resolve_policy(checkpoint)
        if not (Path(model_path) / "config.json").is_file():
            raise FileNotFoundError(
                f"--checkpoint: {checkpoint}: no policy/ model in it (a run dir, its "
                "checkpoints/ dir, RUN/best or a checkpoint dir written by golf-ray train)"
            )
        return cfg, model_path
    return cfg, resolve_policy(str(model))


def serve_forever(cfg: ServeConfig, model_path: str) -> None:
    """`golf-ray serve`: Ray up, deploy, print the URL, wait for Ctrl-C, shut down."""
    from golf_ray.runtime import init_ray

    key_digests = load_api_keys(cfg.auth)  # fail before starting anything
    init_ray(cfg.ray_address)
    try:
        url = start(cfg, model_path, key_digests)
        print(f"serving {model_path} as {cfg.served_model_name or model_path!r}")
        print(f"  {url}/v1/health  {url}/openapi.json  {url}/docs")
        print(f"  OpenAI-compatible: {url}/v1 (/models, /completions, /chat/completions)")
        print("Ctrl-C stops it", flush=True)
        while True:
            time.sleep(3600)
    finally:
        serve.shutdown()
