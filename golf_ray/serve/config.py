"""The serve config (`tune_configs/serve/*.yaml`) and API keys.

Loaded like experiment configs (YAML with `defaults:` inheritance, dotted overrides) but into its
own dataclass, strictly: an unknown key or a wrong type is a one-line error naming file and key.

API keys come from a file (one key a line; blank lines and `#` comments ignored) and/or an
environment variable (comma-separated). Only their SHA-256 digests are handed to Ray Serve, so
the keys themselves never reach a deployment's config or a worker's environment.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from golf_ray.config import ConfigError, SandboxConfig, apply_overrides, from_dict, load_raw

DEFAULT_SERVE_CONFIG = "serve/default.yaml"


@dataclass
class AutoscalingSpec:
    """Ray Serve `autoscaling_config` (the knobs worth setting; Serve's defaults for the rest)."""

    min_replicas: int = 1
    max_replicas: int = 1
    target_ongoing_requests: float = 2.0
    upscale_delay_s: float = 30.0
    downscale_delay_s: float = 600.0


@dataclass
class DeploymentSpec:
    num_replicas: int = 1  # ignored when autoscaling is set
    autoscaling: AutoscalingSpec | None = None
    num_cpus: float = 0.0
    num_gpus: float = 0.0
    max_ongoing_requests: int = 8  # per replica
    max_queued_requests: int = -1  # per caller; past it Serve answers 503 (-1: no bound)

    def options(self) -> dict[str, Any]:
        """Keyword arguments for `Deployment.options`."""
        opts: dict[str, Any] = {
            "ray_actor_options": {"num_cpus": self.num_cpus, "num_gpus": self.num_gpus},
            "max_ongoing_requests": self.max_ongoing_requests,
            "max_queued_requests": self.max_queued_requests,
        }
        if self.autoscaling is not None:
            a = self.autoscaling
            opts["num_replicas"] = "auto"
            opts["autoscaling_config"] = {
                "min_replicas": a.min_replicas,
                "max_replicas": a.max_replicas,
                "target_ongoing_requests": a.target_ongoing_requests,
                "upscale_delay_s": a.upscale_delay_s,
                "downscale_delay_s": a.downscale_delay_s,
            }
        else:
            opts["num_replicas"] = self.num_replicas
        return opts


@dataclass
class Deployments:
    ingress: DeploymentSpec = field(default_factory=lambda: DeploymentSpec(max_ongoing_requests=64))
    rollout: DeploymentSpec = field(default_factory=lambda: DeploymentSpec(num_cpus=1.0))
    sandbox: DeploymentSpec = field(default_factory=lambda: DeploymentSpec(num_cpus=0.5))


@dataclass
class AuthConfig:
    enabled: bool = True
    keys_file: str | None = None  # one key a line
    keys_env: str = "GOLF_RAY_API_KEYS"  # comma-separated keys


@dataclass
class RateLimitConfig:
    """A token bucket per API key, shared by every ingress replica."""

    requests_per_minute: float = 60.0
    burst: int = 10


@dataclass
class RequestLimits:
    max_body_bytes: int = 262_144  # bigger bodies get 413 before anything is parsed
    max_samples: int = 8  # k per solve / n per generate
    max_tokens: int = 512  # completion tokens per sample
    max_prompt_tokens: int = 4096  # a golf prompt (or generate prompt) longer than this: 422
    max_cells: int = 20_000  # all grids of one request together
    max_programs: int = 4  # caller-given programs judged alongside the samples
    max_tests: int = 20  # assert tests of a function problem


@dataclass
class ServeConfig:
    name: str = "golf-ray"  # the Serve application name
    host: str = "127.0.0.1"
    port: int = 8000
    route_prefix: str = "/"
    ray_address: str | None = None  # None = $RAY_ADDRESS or a local Ray
    engine: str = "auto"  # auto | vllm | hf
    served_model_name: str | None = None  # the model's name in the OpenAI API (None: its path)
    dtype: str = "auto"
    max_model_len: int = 4096
    seed: int = 0
    response_prefix: str = "```python\n"  # a golf answer starts with this
    max_batch_size: int = 8  # concurrent requests a rollout replica generates together
    batch_wait_s: float = 0.01  # how long a batch waits to fill
    request_timeout_s: float = 300.0
    auth: AuthConfig = field(default_factory=AuthConfig)
    rate_limit: RateLimitConfig = field(default_factory=RateLimitConfig)
    limits: RequestLimits = field(default_factory=RequestLimits)
    sandbox: SandboxConfig = field(default_factory=SandboxConfig)
    deployments: Deployments = field(default_factory=Deployments)

    def check(self, origin: str = "serve config") -> ServeConfig:
        if self.engine not in ("auto", "vllm", "hf"):
            raise ConfigError(f"{origin}: 'engine' must be auto, vllm or hf, got {self.engine!r}")
        if not 0 < self.port < 65536:
            raise ConfigError(f"{origin}: 'port' must be 1..65535, got {self.port}")
        if self.max_batch_size < 1 or self.batch_wait_s < 0:
            raise ConfigError(f"{origin}: 'max_batch_size' must be >= 1, 'batch_wait_s' >= 0")
        if self.rate_limit.requests_per_minute <= 0 or self.rate_limit.burst < 1:
            raise ConfigError(f"{origin}: 'rate_limit' needs requests_per_minute > 0, burst >= 1")
        for name in ("max_body_bytes", "max_samples", "max_tokens", "max_prompt_tokens"):
            if getattr(self.limits, name) < 1:
                raise ConfigError(f"{origin}: 'limits.{name}' must be >= 1")
        for name in ("ingress", "rollout", "sandbox"):
            spec: DeploymentSpec = getattr(self.deployments, name)
            a = spec.autoscaling
            if spec.num_replicas < 1 or (a and not 0 <= a.min_replicas <= a.max_replicas):
                raise ConfigError(f"{origin}: 'deployments.{name}': bad replica counts")
        return self


def load_serve_config(path: str | Path | None = None, overrides: list[str] | None = None):
    """A serve YAML (default: tune_configs/serve/default.yaml) plus `key=value` overrides."""
    data, sources = load_raw(path or DEFAULT_SERVE_CONFIG)
    apply_overrides(data, sources, overrides or [])
    return from_dict(ServeConfig, data, sources).check(str(path or DEFAULT_SERVE_CONFIG))


def key_digest(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def load_api_keys(auth: AuthConfig) -> frozenset[str]:
    """Digests of the configured keys; an error when auth is on and there are none."""
    keys: list[str] = []
    if auth.keys_file:
        path = Path(auth.keys_file).expanduser()
        if not path.is_file():
            raise ConfigError(f"auth.keys_file: {path}: no such file")
        for line in path.read_text().splitlines():
            line = line.strip()
            if line and not line.startswith("#"):
                keys.append(line)
    if auth.keys_env:
        keys += [k.strip() for k in os.environ.get(auth.keys_env, "").split(",") if k.strip()]
    if auth.enabled and not keys:
        where = f"{auth.keys_file} or " if auth.keys_file else ""
        raise ConfigError(
            f"auth: no API keys (put them in {where}${auth.keys_env}, or set auth.enabled=false)"
        )
    return frozenset(key_digest(k) for k in keys)
