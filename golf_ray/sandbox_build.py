"""Build the sandbox Docker image (`sandbox_image/Dockerfile`) and check for a Docker engine.

Two ways to get a base image: pull `python:3.11-slim` from a registry (the Dockerfile's default),
or `offline=True`, which makes `golf-ray-base:bookworm` with debootstrap from a Debian package
mirror and `docker import` (no registry needed; root and debootstrap needed, about 1-2 minutes).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from golf_ray import sandbox_image

if TYPE_CHECKING:
    import docker

DEFAULT_TAG = "golf-ray-sandbox:latest"
OFFLINE_BASE = "golf-ray-base:bookworm"
CONTEXT_DIR = Path(sandbox_image.__file__).resolve().parent  # Dockerfile, worker.py, script
PING_TIMEOUT_S = 2.0
SOURCE_LABEL = "golf-ray.source-sha256"  # what the image was built from, to spot stale images


class SandboxImageError(RuntimeError):
    """A build step failed; the message is one line that says what to do."""


def _client(timeout: float | None = None) -> docker.DockerClient:
    import docker  # imported late: the process backend must work without the SDK

    return docker.from_env(timeout=timeout) if timeout else docker.from_env()


def engine_url() -> str:
    return os.environ.get("DOCKER_HOST", "unix:///var/run/docker.sock")


def docker_available() -> tuple[bool, str]:
    """(True, version) when a Docker engine answers a ping within ~2 s, else (False, why)."""
    try:
        import docker  # noqa: F401
    except ImportError:
        return False, "the docker Python SDK is not installed (pip install docker)"
    try:
        client = _client(timeout=PING_TIMEOUT_S)
        try:
            client.ping()
            return True, f"Docker engine {client.version().get('Version', '?')} at {engine_url()}"
        finally:
            client.close()
    except Exception as e:  # the SDK raises several types (connection, API, config)
        return False, (
            f"no Docker engine answers at {engine_url()}: {_one_line(e)} "
            "(install docker.io and start dockerd, or set DOCKER_HOST)"
        )


def image_exists(tag: str = DEFAULT_TAG) -> bool:
    return _image_labels(tag) is not None


def image_is_current(tag: str = DEFAULT_TAG) -> bool:
    """True when `tag` was built from the Dockerfile and worker.py in this checkout."""
    labels = _image_labels(tag)
    return labels is not None and labels.get(SOURCE_LABEL) == source_digest()


def source_digest() -> str:
    digest = hashlib.sha256()
    for name in ("Dockerfile", "worker.py"):
        digest.update(name.encode() + b"\0" + (CONTEXT_DIR / name).read_bytes() + b"\0")
    return digest.hexdigest()


def _image_labels(tag: str) -> dict[str, str] | None:
    """The image's labels ({} if none), or None when there is no such image."""
    client = _client(timeout=10)
    try:
        image = _find_image(client, tag)
        return None if image is None else image.labels or {}
    finally:
        client.close()


def make_offline_base(tag: str = OFFLINE_BASE, force: bool = False, progress: bool = True) -> None:
    """Make a python3 base image without a registry (see `sandbox_image/make_offline_base.sh`)."""
    if shutil.which("debootstrap") is None:
        raise SandboxImageError(
            "debootstrap is not installed; install it with `apt-get install -y debootstrap` "
            "(needed for --offline)"
        )
    if os.geteuid() != 0:
        raise SandboxImageError("--offline runs debootstrap, which needs root (run as root)")
    cmd = ["bash", str(CONTEXT_DIR / "make_offline_base.sh"), *(["--force"] if force else []), tag]
    # The script prints a few lines; keep them out of the caller's stdout when quiet.
    out = None if progress else subprocess.PIPE
    proc = subprocess.run(cmd, stdout=out, stderr=subprocess.STDOUT, text=True, check=False)
    if proc.returncode != 0:
        tail = (proc.stdout or "").strip().splitlines()[-1:] or [f"exit status {proc.returncode}"]
        raise SandboxImageError(f"building the offline base {tag} failed: {tail[0]}")


def build_image(
    tag: str = DEFAULT_TAG,
    base: str | None = None,
    offline: bool = False,
    force: bool = False,
    progress: bool = True,
) -> str:
    """Build the sandbox image and return its tag.

    Skipped when `tag` exists and was built from this checkout's Dockerfile and worker.py, unless
    `force`. `base` overrides the Dockerfile's default base; `offline` builds on
    `golf-ray-base:bookworm` (made first if missing). `force` rebuilds the image, not the base.
    """
    import docker

    if offline and base:
        raise SandboxImageError("--offline builds its own base; do not also pass --base")
    ok, why = docker_available()
    if not ok:
        raise SandboxImageError(why)
    if not force and image_is_current(tag):
        _say(progress, f"{tag} is up to date (use --force to rebuild)")
        return tag
    if offline:
        make_offline_base(OFFLINE_BASE, progress=progress)
        base = OFFLINE_BASE
    buildargs = {"BASE": base} if base else {}
    _say(progress, f"building {tag} from {base or 'the Dockerfile default base'}")
    client = _client(timeout=600)
    previous = _find_image(client, tag)
    try:
        # The low-level API streams the build log; images.build would only return it at the end.
        for chunk in client.api.build(
            path=str(CONTEXT_DIR),
            tag=tag,
            buildargs=buildargs,
            labels={SOURCE_LABEL: source_digest()},
            rm=True,
            forcerm=True,
            decode=True,
        ):
            if "error" in chunk:
                hint = "" if offline else " (no registry? try --offline)"
                raise SandboxImageError(f"docker build failed: {_one_line(chunk['error'])}{hint}")
            if progress and chunk.get("stream"):
                sys.stdout.write(chunk["stream"])
                sys.stdout.flush()
        image = client.images.get(tag)
        if previous is not None and previous.id != image.id:
            _remove_quietly(client, previous.id)  # the old build is now an untagged leftover
    except docker.errors.APIError as e:
        raise SandboxImageError(f"docker build failed: {_one_line(e)}") from e
    finally:
        client.close()
    _say(progress, f"built {tag} ({image.attrs['Size'] / 1e6:.0f} MB, {image.short_id})")
    return tag


def _find_image(client: docker.DockerClient, tag: str) -> docker.models.images.Image | None:
    import docker

    try:
        return client.images.get(tag)
    except docker.errors.ImageNotFound:
        return None


def _remove_quietly(client: docker.DockerClient, image_id: str) -> None:
    import docker

    try:
        client.images.remove(image_id)
    except docker.errors.APIError:
        pass  # still used by a container or another tag: leave it


def _say(progress: bool, message: str) -> None:
    if progress:
        print(f"sandbox image: {message}", flush=True)


def _one_line(e: object) -> str:
    text = " ".join(str(e).split())
    return text[:300]
