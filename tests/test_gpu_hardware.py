"""What only a real GPU shows (marker `gpu`: skipped, saying why, on a machine without CUDA; CI
has none). The placement logic is proven without one in tests/test_gpus.py; the end-to-end
figures (vLLM, training, sync times) come from scripts/gpu_smoke.sh."""

from __future__ import annotations

import pytest
import ray
import torch

from golf_ray.config import AlgorithmConfig, LearnerConfig, ModelConfig

pytestmark = [pytest.mark.gpu, pytest.mark.slow]


@pytest.fixture(scope="module")
def tiny():
    from golf_ray.models import resolve_model

    return str(resolve_model(ModelConfig(name="tiny")))


def test_bf16_support_follows_the_compute_capability():
    from golf_ray.actors.engines import resolve_dtype
    from golf_ray.devices import bf16_supported

    native = torch.cuda.get_device_capability() >= (8, 0)
    assert bf16_supported() == native
    assert resolve_dtype("auto", on_gpu=True) == (torch.bfloat16 if native else torch.float16)


def test_an_actor_sees_exactly_the_gpus_ray_gave_it(ray_session):
    def seen():
        from golf_ray.devices import claim_devices

        device = claim_devices()
        return device, torch.cuda.device_count() if device == "cuda" else 0

    with_gpu = ray.remote(num_gpus=1, num_cpus=0)(seen)
    without = ray.remote(num_gpus=0, num_cpus=0)(seen)
    assert ray.get(with_gpu.remote(), timeout=120) == ("cuda", 1)
    assert ray.get(without.remote(), timeout=120) == ("cpu", 0)


def test_a_gpu_learner_trains_and_sends_bf16(ray_session, tiny):
    from golf_ray.devices import bf16_supported
    from golf_ray.learner.group import LearnerGroup
    from golf_ray.learner.learner import make_batch

    cfg = LearnerConfig(num_gpus=1, num_cpus=0, micro_batch_size=2, grad_accum_steps=2, lr=1e-3)
    group = LearnerGroup(tiny, cfg, AlgorithmConfig(), 10)
    try:
        batch = make_batch(
            [[5, 6, 7]] * 4, [[8, 9], [10], [11, 12], [13]], [1, 0, 1, 0], [0] * 4, 0
        )
        metrics = group.train_step(batch)
        assert metrics["grad_norm"] == metrics["grad_norm"]
        payload = ray.get(group.actors[0].rollout_weights.remote(), timeout=300)
        want = {"bfloat16"} if bf16_supported() else set()
        assert set(payload.dtypes.values()) == want
    finally:
        group.shutdown()


@pytest.mark.parametrize("zero_stage", [1, 3])
def test_a_gpu_learner_checkpoint_round_trip(ray_session, tiny, tmp_path, zero_stage):
    """GPU tensors to disk and back: a checkpoint taken after one step reloads to the same
    weights after another step moved them; the weights come back on CPU (ZeRO-3: gathered)."""
    from golf_ray.learner.group import LearnerGroup
    from golf_ray.learner.learner import make_batch

    cfg = LearnerConfig(
        num_gpus=1, num_cpus=0, micro_batch_size=2, grad_accum_steps=2, lr=1e-2,
        zero_stage=zero_stage,
    )  # fmt: skip
    group = LearnerGroup(tiny, cfg, AlgorithmConfig(entropy_coef=0.1), 10)
    try:
        batch = make_batch(
            [[5, 6, 7]] * 4, [[8, 9], [10], [11, 12], [13]], [1, 0, 1, 0], [0, 0, 1, 1], 0
        )
        group.train_step(batch)
        saved = group.policy_state_dict()
        assert all(t.device.type == "cpu" for t in saved.values())
        path = group.save_checkpoint(str(tmp_path / "step-000001"))
        group.train_step(batch)
        moved = group.policy_state_dict()
        assert any(not torch.equal(saved[k], moved[k]) for k in saved)
        assert group.load_checkpoint(path)["step"] == 1
        back = group.policy_state_dict()
        assert all(torch.equal(saved[k], back[k]) for k in saved)
        group.train_step(batch)  # and it trains on from there
    finally:
        group.shutdown()
