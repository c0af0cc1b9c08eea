"""Where sandbox workers run: `process` (a host subprocess) or `docker` (a container)."""

from golf_ray.actors.backends.base import WorkerBackend, WorkerDied, WorkerError, WorkerTimeout

__all__ = ["WorkerBackend", "WorkerDied", "WorkerError", "WorkerTimeout"]
