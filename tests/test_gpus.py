"""GPUs, proven on a machine without one (issue 27).

The rules are pure functions (`plan_gpus`, `deepspeed_config`, `use_bf16`...) tested directly.
Placement itself is tested on Ray with fake GPUs (`ray.init(num_gpus=N)`: Ray hands them to
actors as it would real ones) in a subprocess, so the session's own Ray is left alone:
tests/fake_gpu_cluster.py places a run's rollout actors and learner ranks with golf-ray's own
code on 1, 2 and 8 fake GPUs, probes standing in for the model actors, and starts a real rollout
actor and a real learner rank given no GPU with CUDA booby-trapped. What only a real GPU shows
(vLLM and DeepSpeed on CUDA, bf16, sync times) is in tests/test_gpu_hardware.py (marker `gpu`)
and scripts/gpu_smoke.sh.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from golf_ray.config import CONFIG_ROOT, ConfigError, LearnerConfig, load_config
from golf_ray.learner.learner import deepspeed_config, use_bf16
from golf_ray.placement import PlacementError, check_fits, resolved, roles
from golf_ray.recipes.adversarial.config import load_adversarial_config

pytestmark = pytest.mark.fake_gpu

REPO = Path(__file__).resolve().parent.parent


def tiny(*overrides: str):
    return load_config("experiments/tiny_grpo.yaml", list(overrides))


def gpus_of(cfg) -> tuple[float, float]:
    return cfg.rollout.num_gpus, cfg.learner.num_gpus


# --------------------------------------------------------------------------- the rules


@pytest.mark.parametrize(
    ("gpus", "want"), [(0, (0.0, 0.0)), (1, (0.5, 0.5)), (2, (1.0, 1.0)), (8, (1.0, 1.0))]
)
def test_auto_gives_whole_gpus_or_halves_of_one(gpus, want):
    cfg = tiny()
    assert gpus_of(cfg) == ("auto", "auto")
    assert gpus_of(resolved(cfg, gpus)) == want
    assert gpus_of(cfg) == ("auto", "auto")  # `resolved` copies; check_placement fills in place


def test_tensor_parallel_reserves_its_gpus_and_learner_ranks_never_share():
    big = tiny("rollout.num_actors=2", "rollout.tensor_parallel_size=2", "learner.num_actors=4")
    assert gpus_of(resolved(big, 8)) == (2.0, 1.0)
    wanted = roles(big, 8)
    check_fits(wanted, {"CPU": 16.0, "GPU": 8.0})
    with pytest.raises(PlacementError, match=r"needs 8 GPUs \(rollout 2x2 \+ learner 4x1\)"):
        check_fits(wanted, {"CPU": 16.0, "GPU": 7.0})
    with pytest.raises(PlacementError, match="cannot share one") as e:
        resolved(big, 4)  # 8 whole GPUs wanted, and neither TP workers nor ranks can share
    assert "\n" not in str(e.value) and "rollout, learner" in str(e.value)
    with pytest.raises(PlacementError, match="tensor_parallel_size is 2"):
        resolved(tiny("rollout.tensor_parallel_size=2", "rollout.num_gpus=1"), 8)
    with pytest.raises(PlacementError, match=r"cannot share a GPU \(NCCL\)"):
        resolved(tiny("learner.num_actors=2", "learner.num_gpus=0.5"), 1)


def test_one_gpu_is_shared_evenly_and_explicit_counts_are_kept():
    adversarial = resolved(load_adversarial_config("adversarial/tiny.yaml"), 1)
    for side in ("generator", "discriminator"):
        for part in ("rollout", "learner"):
            assert getattr(getattr(adversarial, side), part).num_gpus == 0.25
    assert gpus_of(resolved(tiny("rollout.num_gpus=0", "learner.num_gpus=1"), 8)) == (0, 1)
    assert gpus_of(resolved(tiny("rollout.num_gpus=0"), 2)) == (0.0, 1.0)
    with pytest.raises(PlacementError, match="set explicitly"):
        resolved(tiny("rollout.num_gpus=0.7"), 1)  # 0.7 + a whole learner GPU on one GPU


def test_num_gpus_must_be_a_count_or_auto():
    assert tiny("rollout.num_gpus=0.5").rollout.num_gpus == 0.5
    assert tiny("learner.num_gpus=auto").learner.num_gpus == "auto"
    for bad in ("rollout.num_gpus=two", "learner.num_gpus=-1"):
        with pytest.raises(ConfigError, match="must be a number >= 0 or auto"):
            tiny(bad)


@pytest.mark.parametrize(("name", "gpus"), [("one_gpu.yaml", 1), ("eight_gpus.yaml", 8)])
def test_the_shipped_gpu_configs_fill_their_gpus(name, gpus):
    cfg = load_config(CONFIG_ROOT / "gpu" / name)
    node = {"CPU": 64.0, "GPU": float(gpus)}
    wanted = roles(cfg, gpus)
    check_fits(wanted, node, [node])
    assert sum(r.total("GPU") for r in wanted) == gpus  # no GPU left idle


def test_bf16_needs_zero_1_and_fp32_gradient_accumulation():
    cfg = deepspeed_config(LearnerConfig(zero_stage=0), bf16=True)
    assert cfg["zero_optimization"]["stage"] == 1 and cfg["bf16"]["enabled"]
    assert cfg["data_types"] == {"grad_accum_dtype": "fp32"}
    assert deepspeed_config(LearnerConfig(zero_stage=1), bf16=True)["data_types"]
    zero3 = deepspeed_config(LearnerConfig(zero_stage=3), bf16=True)
    assert zero3["zero_optimization"]["stage"] == 3 and "data_types" not in zero3
    fp32 = deepspeed_config(LearnerConfig(zero_stage=0), bf16=False)
    assert fp32["zero_optimization"]["stage"] == 0 and "data_types" not in fp32


def test_bf16_only_where_the_gpu_has_it(monkeypatch):
    import torch

    import golf_ray.learner.learner as learner

    assert not use_bf16("auto", cuda=False) and use_bf16("bf16", cuda=False)
    assert not use_bf16("fp32", cuda=True)
    monkeypatch.setattr(learner, "bf16_supported", lambda: True)
    assert use_bf16("auto", cuda=True)
    monkeypatch.setattr(learner, "bf16_supported", lambda: False)  # a V100 or a T4
    monkeypatch.setattr(torch.cuda, "get_device_name", lambda: "Tesla T4")
    monkeypatch.setattr(torch.cuda, "get_device_capability", lambda: (7, 5))
    assert not use_bf16("auto", cuda=True)
    with pytest.raises(ValueError, match=r"Tesla T4, compute capability 7.5\) has no native bf16"):
        use_bf16("bf16", cuda=True)
    with pytest.raises(ValueError, match="auto, bf16 or fp32"):
        use_bf16("fp16", cuda=False)


def test_auto_engine_on_a_gpu_never_falls_back_to_hf(monkeypatch):
    import golf_ray.actors.rollout as rollout

    monkeypatch.setattr(rollout, "claim_devices", lambda: "cuda")
    monkeypatch.setattr(rollout, "vllm_importable", lambda: (False, "ImportError: no vllm"))
    with pytest.raises(RuntimeError, match="auto on a GPU and vLLM is unusable .*engine=hf"):
        rollout.create_engine("no-model-needed", "auto")


def test_vllm_seeds_the_engine_per_call_not_each_request():
    """vLLM samples requests that carry their own seed one by one: the engine is seeded once
    per call (every worker) and the requests carry none."""
    from golf_ray.actors.engines import Sampling, VLLMEngine, vllm_importable

    ok, why = vllm_importable()
    if not ok:
        pytest.skip(why)

    class FakeLLM:
        def __init__(self):
            self.calls = []

        def reset_prefix_cache(self):
            self.calls.append("reset")

        def collective_rpc(self, method, args=()):
            self.calls.append(("rpc", method.__name__, args))

        def generate(self, prompts, params, use_tqdm):
            self.calls.append(("generate", params))
            return []

    engine = object.__new__(VLLMEngine)
    engine.eos_ids, engine.llm = [0], FakeLLM()
    engine._generate([[1, 2], [1, 2]], Sampling(n=4, seed=7), 4)
    reset, rpc, (_, params) = engine.llm.calls
    assert reset == "reset" and rpc == ("rpc", "_seed_worker", (7,))
    assert params.seed is None and params.n == 4  # one SamplingParams, no per-request seed
    engine.llm.calls.clear()
    engine._generate([[1, 2]], Sampling(greedy=True, seed=7), 1)
    assert [c[0] for c in engine.llm.calls] == ["generate"]  # greedy: nothing to seed


def test_learners_start_after_rollout_actors_on_gpus(monkeypatch):
    """vLLM sizes its KV cache from the free memory it sees while starting: on a GPU the
    learners must not be allocating yet."""
    import golf_ray.rl.policy as policy_module

    events: list[str] = []

    def rollouts(path, rollout, model, name_prefix):
        events.append(f"rollouts {rollout.num_gpus:g}")
        return ["r0"]

    monkeypatch.setattr(policy_module, "create_rollout_actors", rollouts)
    monkeypatch.setattr(policy_module, "wait_ready", lambda *a: events.append("ready"))
    monkeypatch.setattr(
        policy_module, "LearnerGroup", lambda *a, **k: events.append("learners") or object()
    )
    for gpus, want in ((0.5, ["rollouts 0.5", "ready"]), (0.0, ["rollouts 0"])):
        events.clear()
        cfg = resolved(tiny(f"rollout.num_gpus={gpus}", f"learner.num_gpus={gpus}"))
        policy = policy_module.Policy(
            "m",
            None,
            cfg.model,
            cfg.rollout,
            cfg.learner,
            cfg.algorithm,
            total_steps=1,
            seed=0,
            name_prefix="t/",
        )
        assert events == want
        policy.start_learners()
        assert events == [*want, "learners"]


def test_a_driver_is_not_a_ray_worker():
    from golf_ray.devices import assigned_gpus, claim_devices

    assert assigned_gpus() is None  # the process's own environment decides
    assert claim_devices() == "cpu"  # this machine has no GPU


# --------------------------------------------------------------------------- fake GPUs


@pytest.fixture(scope="module")
def fake(tmp_path_factory) -> dict:
    """tests/fake_gpu_cluster.py's report: Rays with 1, 2 and 8 fake GPUs, in turn (~1 min)."""
    out = tmp_path_factory.mktemp("fake-gpus") / "report.json"
    proc = subprocess.run(
        [sys.executable, str(REPO / "tests" / "fake_gpu_cluster.py"), str(out)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert proc.returncode == 0, proc.stderr[-4000:]
    return json.loads(out.read_text())


def gpu_sets(actors: list[dict]) -> list[frozenset]:
    return [frozenset(a["gpus"]) for a in actors]


def test_one_fake_gpu_rollout_and_learner_share_it(fake):
    run = fake["1"]["default"]
    assert run["num_gpus"] == {"rollout": 0.5, "learner": 0.5}
    [rollout], [learner] = run["rollout"], run["learner"]
    assert rollout["gpus"] == learner["gpus"] == ["0"]
    assert rollout["cuda_visible_devices"] == learner["cuda_visible_devices"] == "0"
    # vLLM takes its share of the memory, the learner the rest
    assert rollout["engine_args"]["gpu_memory_utilization"] == pytest.approx(0.85 / 2)
    three = fake["1"]["two_rollouts"]  # two rollout actors and the learner: a third each
    assert three["num_gpus"] == {"rollout": pytest.approx(1 / 3), "learner": pytest.approx(1 / 3)}
    assert {a["cuda_visible_devices"] for a in three["rollout"] + three["learner"]} == {"0"}
    for actor in three["rollout"]:
        assert actor["engine_args"]["gpu_memory_utilization"] == pytest.approx(0.85 / 3)


def test_two_fake_gpus_one_each(fake):
    run = fake["2"]["default"]
    [rollout], [learner] = gpu_sets(run["rollout"]), gpu_sets(run["learner"])
    assert len(rollout) == len(learner) == 1 and rollout | learner == {"0", "1"}
    assert run["rollout"][0]["engine_args"]["gpu_memory_utilization"] == 0.85
    assert "cannot share one" in fake["2"]["two_ranks_one_rollout"]["error"]
    cpu = fake["2"]["cpu_rollout"]  # rollout.num_gpus=0: only the learner holds a GPU
    assert cpu["rollout"][0]["gpus"] == [] and len(cpu["learner"][0]["gpus"]) == 1
    assert "gpu_memory_utilization" not in cpu["rollout"][0]["engine_args"]


def test_eight_fake_gpus_all_used_each_once(fake):
    run = fake["8"]["full"]  # 2 rollout actors x TP 2 + 4 learner ranks
    rollout, learner = gpu_sets(run["rollout"]), gpu_sets(run["learner"])
    assert [len(s) for s in rollout] == [2, 2] and [len(s) for s in learner] == [1] * 4
    every = [g for s in rollout + learner for g in s]
    assert sorted(every) == [str(i) for i in range(8)]  # no GPU twice, none idle
    for actor in run["rollout"]:  # vLLM's TP workers see the actor's two GPUs
        assert len(actor["cuda_visible_devices"].split(",")) == 2
        assert actor["engine_args"]["tensor_parallel_size"] == 2
    # the ranks of one learner group: one STRICT_PACK placement group
    assert run["learner_group"]["strategy"] == "STRICT_PACK"
    assert {a["placement_group"] for a in run["learner"]} == {run["learner_group"]["id"]}
    assert [a["rank"] for a in run["learner"]] == [0, 1, 2, 3]
    default = fake["8"]["default"]
    assert default["num_gpus"] == {"rollout": 1.0, "learner": 1.0}


def test_no_gpu_assigned_means_cuda_never_touched(fake):
    """On a cluster with GPUs, a real HF rollout actor and a real DeepSpeed learner rank given
    none: the GPUs are hidden before anything probes CUDA (a probe before, or any CUDA
    initialisation, raises in the actor), and both run on the CPU."""
    for role in ("rollout", "learner"):
        seen = fake["no_gpu"][role]
        assert seen["gpus"] == [] and seen["cuda_visible_devices"] == "", role
        assert seen["device"] == "cpu", role
    assert fake["no_gpu"]["rollout"]["generated"] == 1
    # Ray 2.60 itself leaves CUDA_VISIBLE_DEVICES alone for a 0-GPU actor (the probe does not
    # call golf_ray.devices): hence the explicit check.
    assert fake["2"]["cpu_rollout"]["rollout"][0]["cuda_visible_devices"] in (None, "")


def test_policy_pair_resolution_matches_the_run():
    pair = resolved(SimpleNamespace(rollout=tiny().rollout, learner=tiny().learner), 1)
    assert (pair.rollout.num_gpus, pair.learner.num_gpus) == (0.5, 0.5)


def test_the_gpu_smoke_script_parses():
    """scripts/gpu_smoke.sh only runs on a GPU machine (`--cpu` is its dry run, ~8 min here):
    at least its arguments and check list load everywhere."""
    proc = subprocess.run(
        ["bash", str(REPO / "scripts" / "gpu_smoke.sh"), "--help"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    for check in ("train_lora", "sync_half_b", "reload_equals_fresh", "bench", "hf_half_b"):
        assert check in proc.stdout
    assert "--engine" in proc.stdout and "--budget-s" in proc.stdout


def test_the_device_check_scripts_parse():
    """scripts/gpu_bundle.sh and scripts/gpu_device_check.sh (a CUDA machine without vLLM or
    network: `--cpu` is the dry run) are valid bash."""
    for name in ("gpu_bundle.sh", "gpu_device_check.sh"):
        proc = subprocess.run(["bash", "-n", str(REPO / "scripts" / name)], capture_output=True)
        assert proc.returncode == 0, proc.stderr
