"""Loss variants (Dr. GRPO, GSPO, DAPO) and truncated importance sampling: each formula pinned."""

from __future__ import annotations

import math

import pytest
import torch
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from golf_ray import config as config_module
from golf_ray.algorithms import (
    LOSS_TYPES,
    dapo_clip_high,
    group_advantages,
    grpo_loss,
    grpo_loss_kwargs,
    grpo_normalizer,
    ppo_policy_loss,
    sequence_log_ratio,
    truncated_is_weights,
)
from golf_ray.config import AlgorithmConfig, ConfigError, load_config

FAST = settings(max_examples=40, deadline=None)
D = torch.float64


@st.composite
def batches(draw: st.DrawFn, max_b: int = 4, max_t: int = 6):
    """(logp, old, adv [B], mask) with every row holding at least one valid token."""
    b, t = draw(st.integers(1, max_b)), draw(st.integers(1, max_t))
    bits = draw(st.lists(st.booleans(), min_size=b * t, max_size=b * t))
    mask = torch.tensor(bits).reshape(b, t)
    assume(bool(mask.any(dim=-1).all()))
    fl = st.floats(-3.0, 0.0, allow_nan=False, allow_subnormal=False)
    small = st.floats(-0.5, 0.5, allow_nan=False, allow_subnormal=False)
    old = torch.tensor(draw(st.lists(fl, min_size=b * t, max_size=b * t)), dtype=D).reshape(b, t)
    delta = torch.tensor(draw(st.lists(small, min_size=b * t, max_size=b * t)), dtype=D)
    adv = torch.tensor(draw(st.lists(st.floats(-2, 2), min_size=b, max_size=b)), dtype=D)
    return old + delta.reshape(b, t), old, adv, mask


def _pad(x: torch.Tensor, extra: int, value: float) -> torch.Tensor:
    return torch.cat([x, torch.full((x.shape[0], extra), value, dtype=x.dtype)], dim=1)


# --------------------------------------------------------------------------- GSPO


@given(batches())
@FAST
def test_gspo_ratio_is_the_length_normalised_product_of_token_ratios(batch):
    logp, old, _, mask = batch
    s = torch.exp(sequence_log_ratio(logp, old, mask))
    for i in range(mask.shape[0]):
        token_ratios = torch.exp(logp[i] - old[i])[mask[i]]
        expected = torch.prod(token_ratios) ** (1.0 / int(mask[i].sum()))
        torch.testing.assert_close(s[i], expected)


@given(batches(), st.floats(0.01, 0.3), st.floats(0.01, 0.3))
@FAST
def test_gspo_loss_is_the_sequence_clipped_surrogate_averaged_over_sequences(batch, lo, hi):
    logp, old, adv, mask = batch
    logp = logp.clone().requires_grad_()
    loss, stats = grpo_loss(logp, old, None, adv, mask, lo, hi, loss_type="gspo")
    s = torch.exp(sequence_log_ratio(logp.detach(), old, mask))
    per_seq = -torch.minimum(s * adv, s.clamp(1 - lo, 1 + hi) * adv)
    torch.testing.assert_close(loss.detach(), per_seq.mean())
    # a sequence clipped in the direction its advantage pushes gets no gradient at all
    (grad,) = torch.autograd.grad(loss, logp)
    dead = ((s > 1 + hi) & (adv > 0)) | ((s < 1 - lo) & (adv < 0))
    assert torch.all(grad[dead] == 0)
    assert 0.0 <= float(stats["seq_clip_frac"]) <= 1.0
    # padding a completion (masked columns holding anything) changes nothing
    padded, _ = grpo_loss(
        _pad(logp.detach(), 3, 9.0),
        _pad(old, 3, -9.0),
        None,
        adv,
        _pad(mask, 3, 0).bool(),
        lo,
        hi,
        loss_type="gspo",
    )
    torch.testing.assert_close(padded, loss.detach())


def test_gspo_hand_numbers():
    # one sequence of two tokens, token ratios 2 and 0.5: s = 1, so the loss is -A
    logp = torch.tensor([[math.log(2.0), math.log(0.5)]], dtype=D)
    old = torch.zeros(1, 2, dtype=D)
    adv = torch.tensor([1.5], dtype=D)
    mask = torch.ones(1, 2, dtype=torch.bool)
    loss, _ = grpo_loss(logp, old, None, adv, mask, 0.2, 0.2, loss_type="gspo")
    torch.testing.assert_close(loss, torch.tensor(-1.5, dtype=D))
    # token-level GRPO clips both tokens instead: -(1.2 + 0.5) / 2 * 1.5
    tok, _ = grpo_loss(logp, old, None, adv, mask, 0.2, 0.2, loss_type="grpo")
    torch.testing.assert_close(tok, torch.tensor(-(1.2 + 0.5) / 2 * 1.5, dtype=D))


# --------------------------------------------------------------------------- Dr. GRPO


@given(batches(), st.integers(1, 5), st.integers(6, 40))
@FAST
def test_dr_grpo_loss_does_not_change_when_a_completion_is_padded(batch, extra, budget):
    logp, old, adv, mask = batch
    loss, _ = grpo_loss(logp, old, None, adv, mask, loss_type="dr_grpo", max_tokens=budget)
    padded, _ = grpo_loss(
        _pad(logp, extra, -7.0),
        _pad(old, extra, 3.0),
        None,
        adv,
        _pad(mask, extra, 0).bool(),
        loss_type="dr_grpo",
        max_tokens=budget,
    )
    torch.testing.assert_close(padded, loss)


@given(batches(), st.integers(6, 40))
@FAST
def test_dr_grpo_weighs_every_token_by_one_constant_whatever_its_length(batch, budget):
    """At ratio 1 each valid token's gradient is -A / (sequences x budget): no 1/|y|."""
    _, old, adv, mask = batch
    logp = old.clone().requires_grad_()
    loss, _ = grpo_loss(logp, old, None, adv, mask, loss_type="dr_grpo", max_tokens=budget)
    (grad,) = torch.autograd.grad(loss, logp)
    expected = (-adv / (mask.shape[0] * budget)).unsqueeze(-1).expand(mask.shape)
    torch.testing.assert_close(grad[mask], expected[mask])
    assert torch.all(grad[~mask] == 0)
    torch.testing.assert_close(
        grpo_normalizer(mask, "dr_grpo", max_tokens=budget),
        torch.tensor(mask.shape[0] * budget),
    )


def test_dr_grpo_advantages_are_centred_not_standardised():
    r = torch.tensor([0.0, 2.0, 4.0, 1.0, 1.0, 1.0])
    adv = group_advantages(r, group_size=3, normalize_std=False)
    torch.testing.assert_close(adv, torch.tensor([-2.0, 0.0, 2.0, 0.0, 0.0, 0.0]))


# --------------------------------------------------------------------------- DAPO


def test_dapo_clip_high():
    assert dapo_clip_high(0.2, 0.2) == 0.28
    assert dapo_clip_high(0.2, 0.3) == 0.3
    assert dapo_clip_high(0.2, 0.1) == 0.28


@given(batches())
@FAST
def test_dapo_is_token_level_with_clip_higher(batch):
    logp, old, adv, mask = batch
    loss, _ = grpo_loss(logp, old, None, adv, mask, 0.2, 0.2, loss_type="dapo")
    ratio = torch.exp(logp - old)
    a = adv.unsqueeze(-1).expand(mask.shape)
    tok = -torch.minimum(ratio * a, ratio.clamp(0.8, 1.28) * a)
    torch.testing.assert_close(loss, tok[mask].sum() / mask.sum())
    same, _ = grpo_loss(logp, old, None, adv, mask, 0.2, 0.28, token_level=True)
    torch.testing.assert_close(loss, same)


# --------------------------------------------------------------------------- all variants


@given(batches(max_b=6), st.sampled_from(LOSS_TYPES), st.data())
@FAST
def test_micro_batches_with_the_variant_normalizer_sum_to_the_batch_loss(batch, loss_type, data):
    logp, old, adv, mask = batch
    kw = {"loss_type": loss_type, "max_tokens": 10, "kl_coef": 0.0}
    full, _ = grpo_loss(logp, old, None, adv, mask, **kw)
    cut = data.draw(st.integers(1, mask.shape[0]))
    norm = grpo_normalizer(mask, loss_type, max_tokens=10)
    parts = sum(
        grpo_loss(logp[sl], old[sl], None, adv[sl], mask[sl], normalizer=norm, **kw)[0]
        for sl in (slice(0, cut), slice(cut, None))
        if mask[sl].numel()
    )
    torch.testing.assert_close(parts, full)


def test_unknown_loss_type():
    x = torch.zeros(1, 2)
    with pytest.raises(ValueError, match="loss_type"):
        grpo_loss(x, x, None, torch.ones(1), torch.ones(1, 2), loss_type="ppo2")


# --------------------------------------------------------------------------- TIS


@given(batches(), st.floats(1.0, 5.0))
@FAST
def test_truncated_is_weights_are_min_of_ratio_and_cap(batch, cap):
    behaviour, old, _, mask = batch
    w = truncated_is_weights(old, behaviour, mask, cap)
    expected = torch.where(mask, torch.exp(old - behaviour).clamp(max=cap), torch.zeros(()))
    torch.testing.assert_close(w, expected.to(w.dtype))
    seq = truncated_is_weights(old, behaviour, mask, cap, sequence_level=True)
    s = torch.exp(sequence_log_ratio(old, behaviour, mask)).clamp(max=cap)
    torch.testing.assert_close(seq, torch.where(mask, s.unsqueeze(-1), torch.zeros((), dtype=D)))


@given(batches(), st.sampled_from(LOSS_TYPES))
@FAST
def test_tis_weights_scale_the_surrogate_gradient(batch, loss_type):
    _, old, adv, mask = batch
    logp = old.clone().requires_grad_()
    kw = {"loss_type": loss_type, "max_tokens": 8}
    ones = torch.ones_like(old)
    plain, _ = grpo_loss(logp, old, None, adv, mask, **kw)
    weighted, _ = grpo_loss(logp, old, None, adv, mask, token_weights=ones, **kw)
    torch.testing.assert_close(weighted, plain)
    (g1,) = torch.autograd.grad(plain, logp)
    (g2,) = torch.autograd.grad(
        grpo_loss(logp, old, None, adv, mask, token_weights=2 * ones, **kw)[0], logp
    )
    torch.testing.assert_close(g2, 2 * g1)


def test_tis_cap_must_be_positive():
    x = torch.zeros(1, 2)
    with pytest.raises(ValueError, match="cap"):
        truncated_is_weights(x, x, torch.ones(1, 2), 0.0)


# --------------------------------------------------------------------------- PPO


@st.composite
def ppo_batches(draw: st.DrawFn):
    """A batch with per-token (GAE-like) advantages ``[B, T]``."""
    logp, old, _, mask = draw(batches())
    fl = st.floats(-2, 2, allow_nan=False, allow_subnormal=False)
    adv = draw(st.lists(fl, min_size=mask.numel(), max_size=mask.numel()))
    return logp, old, torch.tensor(adv, dtype=D).reshape(mask.shape), mask


def _ppo_kwargs(loss_type: str, **kw) -> dict:
    return grpo_loss_kwargs(AlgorithmConfig(name="ppo", loss_type=loss_type, **kw))


@given(ppo_batches(), st.booleans())
@FAST
def test_ppo_policy_term_with_the_grpo_loss_type_is_the_plain_ppo_loss(batch, token_level):
    logp, old, adv, mask = batch
    kw = _ppo_kwargs("grpo", kl_coef=0.3, clip_high=0.25, token_level_loss=token_level)
    assert kw["kl_coef"] == 0.0  # PPO's KL is in the reward, not the policy loss
    loss, _ = grpo_loss(logp, old, None, adv, mask, **kw)
    plain, _ = ppo_policy_loss(logp, old, adv, mask, 0.2, 0.25, token_level)
    torch.testing.assert_close(loss, plain)


@given(ppo_batches(), st.integers(1, 5), st.integers(6, 40))
@FAST
def test_ppo_dr_grpo_loss_does_not_change_when_a_completion_is_padded(batch, extra, budget):
    logp, old, adv, mask = batch
    kw = _ppo_kwargs("dr_grpo", loss_max_tokens=budget)
    loss, _ = grpo_loss(logp, old, None, adv, mask, **kw)
    padded, _ = grpo_loss(
        _pad(logp, extra, -7.0),
        _pad(old, extra, 3.0),
        None,
        _pad(adv, extra, 5.0),
        _pad(mask, extra, 0).bool(),
        **kw,
    )
    torch.testing.assert_close(padded, loss)
    at_old = old.clone().requires_grad_()  # ratio 1: each token's gradient is -A_t / (B x budget)
    (grad,) = torch.autograd.grad(grpo_loss(at_old, old, None, adv, mask, **kw)[0], at_old)
    torch.testing.assert_close(grad[mask], -adv[mask] / (mask.shape[0] * budget))


@given(ppo_batches())
@FAST
def test_ppo_dapo_is_token_level_with_clip_higher(batch):
    logp, old, adv, mask = batch
    loss, _ = grpo_loss(logp, old, None, adv, mask, **_ppo_kwargs("dapo"))
    plain, _ = ppo_policy_loss(logp, old, adv, mask, 0.2, 0.28, token_level=True)
    torch.testing.assert_close(loss, plain)


# --------------------------------------------------------------------------- config


def test_config_choices_match_the_algorithms():
    assert config_module.LOSS_TYPES == LOSS_TYPES


@pytest.mark.parametrize("loss_type", ["gspo", "dr_grpo"])
def test_frontier_knobs_are_accepted(loss_type):
    cfg = load_config(
        "experiments/quickstart.yaml",
        [
            "algorithm.dynamic_sampling=true",
            f"algorithm.loss_type={loss_type}",
            "rollout.async_steps=2",
            "algorithm.tis_cap=2.0",
            "algorithm.overlong=penalty",
        ],
    )
    assert cfg.algorithm.loss_type == loss_type and cfg.algorithm.tis_cap == 2.0


@pytest.mark.parametrize(
    ("override", "message"),
    [
        ("algorithm.loss_type=gpso", "must be one of grpo, dr_grpo, gspo, dapo, got 'gpso' "),
        ("algorithm.overlong=cut", "must be one of none, mask, penalty"),
        ("algorithm.tis_cap=-1", "must be >= 0"),
        ("algorithm.dynamic_sampling_max_rounds=0", "must be >= 1"),
    ],
)
def test_a_wrong_value_is_a_one_line_error(override, message):
    with pytest.raises(ConfigError) as e:
        load_config("experiments/quickstart.yaml", [override])
    assert message in str(e.value) and "\n" not in str(e.value)
    assert str(e.value).startswith("command line: ")


@pytest.mark.parametrize("loss_type", ["grpo", "dr_grpo", "dapo"])
def test_ppo_accepts_the_token_level_loss_types(loss_type):
    cfg = load_config("experiments/synthetic_ppo.yaml", [f"algorithm.loss_type={loss_type}"])
    assert cfg.algorithm.name == "ppo" and cfg.algorithm.loss_type == loss_type


def test_ppo_with_gspo_is_a_one_line_error():
    with pytest.raises(ConfigError) as e:
        load_config("experiments/synthetic_ppo.yaml", ["algorithm.loss_type=gspo"])
    assert str(e.value).startswith("command line: 'algorithm.loss_type' gspo ")
    assert "PPO" in str(e.value) and "\n" not in str(e.value)
