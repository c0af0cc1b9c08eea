"""A config the Ray cluster cannot place fails at start-up in one line (issue 24, issue 25 §5):
what each actor role asks for, the sum, what the cluster has, which knobs to lower."""

from __future__ import annotations

import subprocess
import sys

import pytest

from golf_ray.config import CONFIG_ROOT, ConfigError, load_config
from golf_ray.placement import PlacementError, Role, check_fits, check_placement, roles
from golf_ray.recipes.adversarial.config import load_adversarial_config
from golf_ray.recipes.agent.config import load_agent_config

TWO_CORES = {"CPU": 2.0, "memory": 2e10}

# Needs 3 CPUs by design: it spreads one actor per CPU over a compose cluster's head and workers.
CLUSTER_ONLY = {"cluster_tiny.yaml"}


def test_the_old_tiny_grpo_on_two_cores_says_what_it_needs_and_what_to_lower():
    cfg = load_config("experiments/tiny_grpo.yaml", ["rollout.num_cpus=1", "sandbox.num_actors=2"])
    with pytest.raises(PlacementError) as e:
        check_fits(roles(cfg), TWO_CORES)
    msg = str(e.value)
    assert "\n" not in msg
    assert "needs 4 CPUs (rollout 1x1 + sandbox 2x1 + learner 1x1)" in msg
    assert "the cluster has 2" in msg
    for knob in ("rollout.num_cpus", "sandbox.num_actors", "sandbox.num_cpus", "learner.num_cpus"):
        assert knob in msg
    assert isinstance(e.value, ConfigError)  # the CLI prints it as one line, exit 2


@pytest.mark.parametrize(
    "path",
    sorted((CONFIG_ROOT / "experiments").glob("*.yaml")),
    ids=lambda p: p.name,
)
def test_every_shipped_experiment_fits_two_cores(path):
    wanted = roles(load_config(path))
    if path.name in CLUSTER_ONLY:
        with pytest.raises(PlacementError, match="needs 3 CPUs"):
            check_fits(wanted, TWO_CORES, [TWO_CORES])
    else:
        check_fits(wanted, TWO_CORES, [TWO_CORES])


def test_gpus_are_summed_and_named():
    cfg = load_config(
        "experiments/tiny_grpo.yaml",
        ["rollout.num_gpus=1", "learner.num_gpus=1", "learner.num_actors=2", "prompts_per_step=2"],
    )
    check_fits(roles(cfg), {"CPU": 8.0, "GPU": 3.0})
    with pytest.raises(PlacementError, match=r"needs 3 GPUs \(rollout 1x1 \+ learner 2x1\)") as e:
        check_fits(roles(cfg), {"CPU": 8.0, "GPU": 2.0})
    assert "rollout.num_gpus, learner.num_actors, learner.num_gpus" in str(e.value)
    with pytest.raises(PlacementError, match="needs 3 GPUs .* the cluster has 0"):
        check_fits(roles(cfg), {"CPU": 8.0})


def test_one_actor_bigger_than_every_node():
    wanted = [Role("learner", 1, 2.0, cpus_knob="learner.num_cpus")]
    check_fits(wanted, {"CPU": 2.0}, [{"CPU": 2.0}])
    with pytest.raises(
        PlacementError, match="one learner actor needs 2 CPUs .* largest node has 1"
    ):
        check_fits(wanted, {"CPU": 2.0}, [{"CPU": 1.0}, {"CPU": 1.0}])


def test_fractions_and_zero_cpu_actors():
    wanted = [Role("rollout", 4, 0.5), Role("sandbox", 8, 0.0)]
    check_fits(wanted, {"CPU": 2.0})
    with pytest.raises(PlacementError, match=r"needs 2 CPUs \(rollout 4x0.5\) .* has 1.5"):
        check_fits(wanted, {"CPU": 1.5})


def test_roles_per_driver():
    reasoning = load_config("experiments/reasoning_tiny.yaml")
    assert [r.name for r in roles(reasoning)] == ["rollout", "learner"]  # judged in the driver
    adversarial = load_adversarial_config("adversarial/base.yaml")
    assert [r.name for r in roles(adversarial)] == [
        "generator.rollout",
        "generator.learner",
        "discriminator.rollout",
        "discriminator.learner",
        "sandbox",
    ]
    with pytest.raises(PlacementError, match="needs 6 CPUs"):
        check_fits(roles(adversarial), TWO_CORES)
    check_fits(roles(load_adversarial_config("adversarial/tiny.yaml")), TWO_CORES)
    agent = load_agent_config("agent/tiny.yaml", ["runners=3", "runner_num_cpus=1"])
    with pytest.raises(PlacementError, match=r"episodes 3x1\) .*runners, runner_num_cpus"):
        check_fits(roles(agent), TWO_CORES)
    assert roles(load_agent_config("agent/scripted.yaml")) == []


def test_check_placement_on_a_real_local_ray(ray_session, monkeypatch):
    check_placement(load_config("experiments/tiny_grpo.yaml"))
    too_big = load_config("experiments/tiny_grpo.yaml", ["sandbox.num_actors=4"])
    with pytest.raises(PlacementError, match="needs 5 CPUs .* the cluster has 2"):
        check_placement(too_big)
    monkeypatch.setenv("GOLF_RAY_PLACEMENT_CHECK", "0")  # an autoscaling cluster
    check_placement(too_big)


@pytest.mark.slow
def test_golf_ray_train_fails_at_start_up_in_one_line(tmp_path):
    """The CLI on a local 2-CPU Ray: exit 2 and one line, before any model or actor starts."""
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "golf_ray.cli",
            "train",
            "tune_configs/experiments/tiny_grpo.yaml",
            "ray.num_cpus=2",
            "sandbox.num_actors=3",
            f"checkpoint.dir={tmp_path}",
        ],
        cwd=CONFIG_ROOT.parent,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert proc.returncode == 2, proc.stderr[-2000:]
    errors = [line for line in proc.stderr.splitlines() if line.startswith("golf-ray: error:")]
    assert len(errors) == 1
    assert "needs 4 CPUs (sandbox 3x1 + learner 1x1) and the cluster has 2" in errors[0]
    assert "Traceback" not in proc.stderr
