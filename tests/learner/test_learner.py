"""The DeepSpeed learner on CPU, for real: GRPO/PPO steps, data parallelism, LoRA, checkpoints,
and learning on a toy reward with real sampling from the tiny model."""

import json
import shutil

import pytest
import ray
import torch

from golf_ray.algorithms.schedules import lr_factor
from golf_ray.config import OPTIMIZERS, AlgorithmConfig, LearnerConfig
from golf_ray.learner.checkpoint import CheckpointError, model_fingerprint
from golf_ray.learner.group import LearnerGroup
from golf_ray.learner.learner import TrainBatch, make_batch, make_optimizer
from golf_ray.models import build_tiny_model, load_tokenizer

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    return str(build_tiny_model(tmp_path_factory.mktemp("tiny") / "model", hidden=64, layers=2))


def learner_cfg(**kw) -> LearnerConfig:
    base = dict(lr=1e-3, micro_batch_size=4, grad_accum_steps=2, num_cpus=0, grad_clip=1.0)
    return LearnerConfig(**{**base, **kw})


def fixed_batch(seed: int, n: int = 8, group: int = 4) -> TrainBatch:
    g = torch.Generator().manual_seed(seed)
    prompts = [
        torch.randint(5, 500, (int(torch.randint(3, 7, (1,), generator=g)),), generator=g).tolist()
        for _ in range(n)
    ]
    responses = [
        torch.randint(5, 500, (int(torch.randint(2, 6, (1,), generator=g)),), generator=g).tolist()
        for _ in range(n)
    ]
    scores = torch.rand(n, generator=g).tolist()
    return make_batch(prompts, responses, scores, [i // group for i in range(n)], pad_id=0)


@pytest.mark.parametrize("name", OPTIMIZERS)
def test_learner_optimizer_is_the_named_one_and_steps(name):
    model = torch.nn.Linear(4, 1)
    optimizer = make_optimizer(learner_cfg(optimizer=name, lr=0.1), list(model.parameters()))
    before = model.weight.detach().clone()
    model(torch.ones(2, 4)).sum().backward()
    optimizer.step()
    assert type(optimizer).__name__.lower() == name
    assert not torch.equal(model.weight, before)


def test_make_batch_aligns_prompt_and_response():
    b = make_batch([[7, 8], [9]], [[1, 2, 3], [4]], [1.0, 0.0], [0, 0], pad_id=0)
    assert b.input_ids.tolist() == [[7, 8, 1, 2, 3], [0, 9, 4, 0, 0]]
    assert b.attention_mask.tolist() == [[1, 1, 1, 1, 1], [0, 1, 1, 0, 0]]
    assert b.response_mask.tolist() == [[0, 0, 1, 1, 1], [0, 0, 1, 0, 0]]


@pytest.mark.parametrize(
    ("algo", "critic"), [("grpo", "head"), ("ppo", "head"), ("ppo", "separate")]
)
def test_step_reports_metrics_and_changes_weights(ray_session, tiny, algo, critic):
    group = LearnerGroup(
        tiny, learner_cfg(critic=critic), AlgorithmConfig(name=algo, kl_coef=0.05), total_steps=10
    )
    before = group.checksums()[0]
    metrics = group.train_step(fixed_batch(0))
    for key in ("policy_loss", "kl", "entropy", "clip_frac", "grad_norm", "lr", "tokens_per_s"):
        assert key in metrics and metrics[key] == metrics[key], key  # present, not NaN
    if algo == "ppo":
        assert "value_loss" in metrics and "explained_variance" in metrics
    assert group.checksums()[0] != before
    group.shutdown()


@pytest.mark.parametrize(
    ("name", "loss_type"),
    [("grpo", "dr_grpo"), ("grpo", "gspo"), ("grpo", "dapo"), ("ppo", "dapo")],
)
def test_loss_variants_with_importance_weights_and_left_out_samples(
    ray_session, tiny, name, loss_type
):
    """algorithm.loss_type and tis_cap reach the loss (PPO's too); samples with keep=False
    weigh nothing."""
    algo = AlgorithmConfig(name=name, loss_type=loss_type, tis_cap=2.0, loss_max_tokens=8)
    group = LearnerGroup(tiny, learner_cfg(), algo, total_steps=10)
    batch = fixed_batch(0)
    lengths = batch.response_mask.sum(-1).tolist()
    behaviour = [[-1.0 - 0.1 * j for j in range(n)] for n in lengths]
    prompts = [
        row[m == 0][a[m == 0] == 1].tolist()
        for row, m, a in zip(
            batch.input_ids, batch.response_mask, batch.attention_mask, strict=True
        )
    ]
    responses = [
        row[m == 1].tolist() for row, m in zip(batch.input_ids, batch.response_mask, strict=True)
    ]
    scores, groups = batch.scores.tolist(), batch.group_ids.tolist()
    weighted = make_batch(prompts, responses, scores, groups, 0, behaviour_logprobs=behaviour)
    before = group.checksums()[0]
    metrics = group.train_step(weighted)
    for key in ("policy_loss", "tis_weight_mean", "tis_capped_frac", "grad_norm"):
        assert key in metrics and metrics[key] == metrics[key], key
    assert 0.0 < metrics["tis_weight_mean"] <= 2.0
    if loss_type == "gspo":
        assert "seq_ratio_mean" in metrics
    assert group.checksums()[0] != before
    none = make_batch(prompts, responses, scores, groups, 0, keep=[False] * len(scores))
    metrics = group.train_step(none)
    assert metrics["policy_loss"] == 0.0 and metrics["grad_norm"] == 0.0
    group.shutdown()


def test_two_learners_keep_identical_parameters(ray_session, tiny):
    """Also when rank 0 runs out of memory in the second step (torch.OutOfMemoryError on any
    micro-batch over one sample) and retries it with micro-batch 1 while rank 1 keeps 2."""
    group = LearnerGroup(tiny, learner_cfg(num_actors=2, micro_batch_size=2), AlgorithmConfig(), 10)
    start = group.checksums()
    assert group.train_step(fixed_batch(0))["oom_retries"] == 0
    ray.get(group.actors[0].inject_oom.remote(1))
    metrics = group.train_step(fixed_batch(1))
    assert metrics["oom_retries"] == 0.5 and metrics["micro_batch_size"] == 1.5  # rank mean
    a, b = group.checksums()
    assert a == pytest.approx(b, rel=0, abs=1e-9)
    assert a != pytest.approx(start[0], rel=0, abs=1e-6)
    group.shutdown()


def test_resume_gives_the_same_metrics(ray_session, tiny, tmp_path):
    cfg = learner_cfg(lr_schedule="cosine", warmup_steps=1, grad_clip=0.05)
    algo = AlgorithmConfig(kl_coef=0.1)
    straight = LearnerGroup(tiny, cfg, algo, total_steps=4)
    expected = [straight.train_step(fixed_batch(s)) for s in range(4)]
    straight.shutdown()
    # Laws of the learner: the LR each step applies is the schedule's formula, and the gradient
    # it applies is clipped to grad_clip (the pre-clip norm is logged beside it, every step).
    for step, m in enumerate(expected):
        assert m["lr"] == pytest.approx(cfg.lr * lr_factor("cosine", step, 1, 4), abs=1e-12)
        assert m["grad_norm"] > 0 and m["grad_norm_clipped"] <= cfg.grad_clip * (1 + 1e-5)
        want = min(m["grad_norm"], cfg.grad_clip)
        assert m["grad_norm_clipped"] == pytest.approx(want, rel=1e-3)

    first = LearnerGroup(tiny, cfg, algo, total_steps=4)
    for s in range(2):
        first.train_step(fixed_batch(s))
    path = first.save_checkpoint(str(tmp_path / "ckpt" / "step-000002"), metrics={"m": 1.0})
    first.shutdown()
    assert json.loads((tmp_path / "ckpt" / "step-000002" / "meta.json").read_text())["step"] == 2
    assert [p.name for p in (tmp_path / "ckpt").iterdir()] == ["step-000002"]  # no temp dir left

    resumed = LearnerGroup(tiny, cfg, algo, total_steps=4)
    resumed.load_checkpoint(path)
    again = [resumed.train_step(fixed_batch(s)) for s in range(2, 4)]
    for want, got in zip(expected[2:], again, strict=True):
        for key in ("policy_loss", "kl", "grad_norm", "lr", "step", "entropy"):
            assert got[key] == pytest.approx(want[key], rel=1e-5, abs=1e-7), key

    # Damaged or foreign checkpoints fail with a clear error, and the learner keeps working.
    broken = tmp_path / "broken"
    shutil.copytree(path, broken)
    (broken / "meta.json").write_text("{not json")
    with pytest.raises(CheckpointError, match=r"meta.json: corrupt"):
        ray.get(resumed.actors[0].load_checkpoint.remote(str(broken)))
    (broken / "meta.json").write_text(
        json.dumps(
            {
                **json.loads((tmp_path / "ckpt" / "step-000002" / "meta.json").read_text()),
                "fingerprint": "0" * 16,
            }
        )
    )
    with pytest.raises(CheckpointError, match="does not match this model"):
        ray.get(resumed.actors[0].load_checkpoint.remote(str(broken)))
    with pytest.raises(CheckpointError, match="not found"):
        ray.get(resumed.actors[0].load_checkpoint.remote(str(tmp_path / "nope")))
    resumed.train_step(fixed_batch(9))
    resumed.shutdown()


def test_nonfinite_loss_skips_the_update(ray_session, tiny):
    group = LearnerGroup(tiny, learner_cfg(max_bad_steps=2), AlgorithmConfig(), 10)
    before = group.checksums()[0]
    batch = fixed_batch(0)
    batch.scores[:] = float("nan")
    metrics = group.train_step(batch)
    assert metrics["nonfinite_microbatches"] == 2
    assert group.checksums()[0] == before  # first step: no momentum, so nothing moved
    lr = metrics["lr"]
    metrics = group.train_step(batch)  # second bad step in a row: LR halved
    group.train_step(fixed_batch(1))
    assert ray.get(group.actors[0].train_step.remote(fixed_batch(2)))["lr"] == pytest.approx(lr / 2)
    group.shutdown()


def test_lora_weights_merge_into_plain_names(ray_session, tiny):
    from transformers import AutoModelForCausalLM

    base = AutoModelForCausalLM.from_pretrained(tiny).state_dict()
    group = LearnerGroup(tiny, learner_cfg(lora_rank=4, lr=1e-2), AlgorithmConfig(kl_coef=0.1), 10)
    group.train_step(fixed_batch(0))
    group.train_step(fixed_batch(1))
    merged = ray.get(group.actors[0].policy_state_dict.remote())
    assert set(merged) == set(base)
    changed = [k for k in base if not torch.equal(base[k], merged[k])]
    assert changed and all(k.endswith("weight") for k in changed)
    # merged out of place: broadcast after broadcast, exactly the same weights
    for _ in range(3):
        again = group.policy_state_dict()
        assert all(torch.equal(again[k], merged[k]) for k in merged)
    group.shutdown()


def test_zero3_two_ranks_broadcast_completes(ray_session, tiny):
    """Gathering ZeRO-3 weights is a collective: gathered on rank 0 alone, this broadcast waited
    forever. Every rank gathers now; the deadline turns a regression into a one-line error."""
    from golf_ray.actors.rollout import create_rollout_actors, shutdown_rollout_actors
    from golf_ray.config import RolloutConfig

    cfg = learner_cfg(num_actors=2, micro_batch_size=2, zero_stage=3, timeout_s=240)
    group = LearnerGroup(tiny, cfg, AlgorithmConfig(), 10)
    rollout_cfg = RolloutConfig(engine="hf", num_cpus=0, timeout_s=240)
    rollouts = create_rollout_actors(tiny, rollout_cfg, name_prefix="zero3/rollout")
    try:
        group.train_step(fixed_batch(0))
        assert group.broadcast(rollouts, names=["zero3/rollout-0"], timeout_s=240) == 1
        sent = ray.get(rollouts[0].state_dict.remote())
        want = group.policy_state_dict()
        assert set(sent) == set(want)
        assert all(torch.equal(sent[k], want[k]) for k in want)
    finally:
        shutdown_rollout_actors(rollouts)
        group.shutdown()


def test_the_fingerprint_sees_full_shapes_under_zero3():
    """ZeRO-3 leaves each rank an empty partition of every parameter (the shape is in
    `ds_shape`): the checkpoint fingerprint must still tell one model from another."""
    full, partitioned, other = torch.nn.Linear(3, 2), torch.nn.Linear(3, 2), torch.nn.Linear(3, 4)
    for p in partitioned.parameters():
        p.ds_shape = p.shape
        p.data = torch.empty(0)
    assert model_fingerprint(partitioned) == model_fingerprint(full) != model_fingerprint(other)


def toy_reward(tokens: list[int], good: set[int]) -> float:
    return sum(t in good for t in tokens) / max(1, len(tokens))


@pytest.mark.parametrize("algo", ["grpo", "ppo"])
def test_mean_reward_rises_on_a_toy_task(ray_session, tiny, algo):
    """Reward = fraction of sampled tokens from a fixed set; fails if the advantage sign is wrong."""
    from transformers import AutoModelForCausalLM

    torch.manual_seed(0)
    tok = load_tokenizer(tiny)
    policy = AutoModelForCausalLM.from_pretrained(tiny).eval()
    good = set(range(100, 300))  # ~10% of the vocabulary
    prompts = [tok(f"def p{i}(g):")["input_ids"] for i in range(2)]
    n, steps = 4, 30
    cfg = learner_cfg(lr=1e-2, micro_batch_size=8, grad_accum_steps=1)
    group = LearnerGroup(tiny, cfg, AlgorithmConfig(name=algo, value_coef=0.1), total_steps=steps)
    rewards = []
    for _ in range(steps):
        p_ids, r_ids, scores, groups = [], [], [], []
        for gi, p in enumerate(prompts):
            with torch.no_grad():
                out = policy.generate(
                    torch.tensor([p] * n),
                    attention_mask=torch.ones(n, len(p), dtype=torch.long),
                    do_sample=True,
                    max_new_tokens=8,
                    min_new_tokens=8,
                    top_k=0,
                    pad_token_id=tok.pad_token_id,
                )
            for row in out[:, len(p) :].tolist():
                p_ids.append(p)
                r_ids.append(row)
                scores.append(toy_reward(row, good))
                groups.append(gi)
        rewards.append(sum(scores) / len(scores))
        group.train_step(make_batch(p_ids, r_ids, scores, groups, tok.pad_token_id))
        policy.load_state_dict(ray.get(group.actors[0].policy_state_dict.remote()))
    group.shutdown()
    first, last = sum(rewards[:5]) / 5, sum(rewards[-5:]) / 5
    print(f"{algo}: mean reward {first:.3f} -> {last:.3f}")
    assert last > 2 * first and last > first + 0.1


@pytest.mark.parametrize("stage", [2, 3])
def test_zero_stages_train_and_export_weights(ray_session, tiny, stage):
    # A placement group is used when ranks reserve CPUs.
    cfg = learner_cfg(zero_stage=stage, gradient_checkpointing=True, num_cpus=0.5)
    group = LearnerGroup(tiny, cfg, AlgorithmConfig(), 10)
    assert group.placement_group is not None
    before = ray.get(group.actors[0].policy_state_dict.remote())
    metrics = group.train_step(fixed_batch(0))
    assert metrics["grad_norm"] == metrics["grad_norm"]
    after = ray.get(group.actors[0].policy_state_dict.remote())
    assert set(after) == set(before)
    assert any(not torch.equal(before[k], after[k]) for k in before)
    group.shutdown()


def test_bf16_runs_zero_1_with_fp32_master_weights(ray_session, tiny):
    """bf16 with ZeRO-0 would keep nothing but bf16 weights: the learner runs ZeRO-1 and
    DeepSpeed's BF16_Optimizer (fp32 master weights, gradients accumulated in fp32)."""
    group = LearnerGroup(tiny, learner_cfg(precision="bf16", zero_stage=0), AlgorithmConfig(), 10)
    try:
        stage, optimizer, dtype = ray.get(
            group.actors[0].__ray_call__.remote(
                lambda self: (
                    self.zero_stage,
                    type(self.optimizer).__name__,
                    next(self.model.parameters()).dtype,
                )
            )
        )
        assert (stage, optimizer, dtype) == (1, "BF16_Optimizer", torch.bfloat16)
        before = group.policy_state_dict()
        metrics = group.train_step(fixed_batch(0))
        assert metrics["grad_norm"] == metrics["grad_norm"]
        after = group.policy_state_dict()
        assert any(not torch.equal(before[k], after[k]) for k in before)
    finally:
        group.shutdown()
