"""No remote call of the loop waits forever (issue 27 §5): `wait_all` gives up at a deadline and
names the actor, in one line, for a late actor, a failed call and an actor that never started."""

from __future__ import annotations

import time

import pytest
import ray

from golf_ray.remote import RemoteError, wait_all


def test_wait_all_names_the_late_or_failed_actor(ray_session):
    # defined here, so Ray ships the class itself (workers cannot import a test module)
    class Worker:
        def __init__(self, broken: bool = False):
            if broken:
                raise RuntimeError("vLLM is unusable here\ndetails")

        def ok(self) -> int:
            return 1

        def slow(self) -> None:
            time.sleep(20)

        def fail(self) -> None:
            raise ValueError("bad weights\nsecond line")

    remote = ray.remote(num_cpus=0)(Worker)
    a, b, broken = remote.remote(), remote.remote(), remote.remote(broken=True)
    try:
        assert wait_all([a.ok.remote(), b.ok.remote()], ["run/a", "run/b"], "x", 60) == [1, 1]
        with pytest.raises(RemoteError) as late:
            wait_all([a.ok.remote(), b.slow.remote()], ["run/a", "run/b"], "weight update", 2)
        assert str(late.value) == "weight update: run/b did not answer within 2 s"
        with pytest.raises(RemoteError) as failed:
            wait_all([a.fail.remote()], ["run/a"], "generation", 60)
        assert str(failed.value) == "generation: run/a failed: ValueError: bad weights"
        with pytest.raises(RemoteError) as dead:
            wait_all([broken.__ray_ready__.remote()], ["run/rollout-0"], "rollout start", 60)
        msg = str(dead.value)
        assert "\n" not in msg and msg.startswith("rollout start: run/rollout-0 failed: ")
        assert "vLLM is unusable here" in msg
    finally:
        for actor in (a, b, broken):
            ray.kill(actor)
