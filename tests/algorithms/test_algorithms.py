"""Tests of the pure RL algorithms: logprobs, masking, GAE, PPO, GRPO (no Ray, CPU, < 30 s)."""

from __future__ import annotations

import math

import pytest
import torch
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from torch.autograd import gradcheck

from golf_ray.algorithms import (
    aggregate_loss,
    compute_gae,
    entropy_from_logits,
    entropy_loss,
    gae_kwargs,
    group_advantages,
    grpo_loss,
    grpo_loss_kwargs,
    kl_penalty,
    lengths_to_mask,
    loss_normalizer,
    masked_mean,
    masked_sum,
    masked_var,
    masked_whiten,
    ppo_policy_loss,
    response_mask,
    terminal_rewards,
    token_advantages,
    token_entropy,
    token_logprobs,
    value_loss,
)
from golf_ray.config import AlgorithmConfig

FAST = settings(max_examples=40, deadline=None)
D = torch.float64


def _gen(seed: int) -> torch.Generator:
    return torch.Generator().manual_seed(seed)


def _randn(*shape: int, seed: int = 0, dtype=D) -> torch.Tensor:
    return torch.randn(*shape, generator=_gen(seed), dtype=dtype)


# --------------------------------------------------------------------------- strategies


@st.composite
def masked_batches(draw: st.DrawFn, max_b: int = 4, max_t: int = 7, min_t: int = 1):
    """(B, T, mask) with an arbitrary 0/1 mask, at least one valid token overall."""
    b = draw(st.integers(1, max_b))
    t = draw(st.integers(min_t, max_t))
    bits = draw(st.lists(st.booleans(), min_size=b * t, max_size=b * t))
    assume(any(bits))
    return b, t, torch.tensor(bits).reshape(b, t)


def _floats(draw: st.DrawFn, n: int, lo: float = -3.0, hi: float = 3.0) -> list[float]:
    element = st.floats(lo, hi, allow_nan=False, allow_subnormal=False)
    return draw(st.lists(element, min_size=n, max_size=n))


def _tensor(draw: st.DrawFn, b: int, t: int, lo: float = -3.0, hi: float = 3.0) -> torch.Tensor:
    return torch.tensor(_floats(draw, b * t, lo, hi), dtype=D).reshape(b, t)


# --------------------------------------------------------------------------- logprobs


def _naive_token_logprobs(logits: torch.Tensor, tokens: torch.Tensor) -> list[list[float]]:
    out = []
    for b in range(tokens.shape[0]):
        row = []
        for t in range(tokens.shape[1] - 1):
            z = logits[b, t].tolist()
            log_norm = math.log(sum(math.exp(v) for v in z))
            row.append(z[int(tokens[b, t + 1])] - log_norm)
        out.append(row)
    return out


def test_token_logprobs_shift_matches_naive_loop():
    logits = _randn(3, 6, 7, seed=1)
    tokens = torch.randint(0, 7, (3, 6), generator=_gen(2))
    lp = token_logprobs(logits, tokens)
    assert lp.shape == (3, 5)
    assert lp.dtype == D
    torch.testing.assert_close(lp, torch.tensor(_naive_token_logprobs(logits, tokens), dtype=D))


def test_token_logprobs_hand_numbers():
    # position 0 predicts token 1: logits [0, ln 3] -> p = [1/4, 3/4]
    logits = torch.tensor([[[0.0, math.log(3.0)], [5.0, 5.0], [9.0, 9.0]]])
    tokens = torch.tensor([[0, 1, 0]])
    lp = token_logprobs(logits, tokens)
    torch.testing.assert_close(lp, torch.tensor([[math.log(0.75), math.log(0.5)]]))


def test_token_logprobs_temperature_and_low_precision():
    logits = _randn(2, 5, 11, seed=3, dtype=torch.float32) * 4
    tokens = torch.randint(0, 11, (2, 5), generator=_gen(4))
    expected = _naive_token_logprobs(logits.double() / 0.7, tokens)
    torch.testing.assert_close(
        token_logprobs(logits, tokens, temperature=0.7).double(),
        torch.tensor(expected, dtype=D),
        rtol=1e-5,
        atol=1e-5,
    )
    lp16 = token_logprobs(logits.bfloat16(), tokens)
    assert lp16.dtype == torch.float32  # upcast, not bf16 logsumexp
    ref = token_logprobs(logits.bfloat16().float(), tokens)
    torch.testing.assert_close(lp16, ref)


def test_token_logprobs_rejects_misaligned_shapes():
    with pytest.raises(ValueError, match="B, T"):
        token_logprobs(torch.zeros(2, 4, 5), torch.zeros(2, 5, dtype=torch.long))


def test_token_logprobs_gradcheck():
    tokens = torch.randint(0, 5, (2, 4), generator=_gen(5))
    logits = _randn(2, 4, 5, seed=6).requires_grad_()
    assert gradcheck(lambda z: token_logprobs(z, tokens, temperature=1.3), (logits,))


def test_response_mask_aligns_with_token_logprobs():
    """Sum of response logprobs through the masks == the naive sum over response tokens."""
    # row 0: prompt of 2 left-padded to width 3, response of 2, one pad; row 1: prompt 3, resp 3
    tokens = torch.tensor([[0, 4, 2, 1, 3, 0], [1, 2, 3, 4, 0, 2]])
    attn = torch.tensor([[0, 1, 1, 1, 1, 0], [1, 1, 1, 1, 1, 1]])
    logits = _randn(2, 6, 5, seed=7)
    resp = response_mask(attn, prompt_width=3)
    assert resp.tolist() == [[0, 0, 0, 1, 1, 0], [0, 0, 0, 1, 1, 1]]
    total = masked_sum(token_logprobs(logits, tokens), resp[:, 1:], dim=-1)
    naive = []
    for b, positions in enumerate([[3, 4], [3, 4, 5]]):
        z = logits[b]
        naive.append(sum(float(torch.log_softmax(z[p - 1], -1)[tokens[b, p]]) for p in positions))
    torch.testing.assert_close(total, torch.tensor(naive, dtype=D))


def test_entropy_from_logits():
    v = 6
    torch.testing.assert_close(
        entropy_from_logits(torch.zeros(3, v)), torch.full((3,), math.log(v))
    )
    assert float(entropy_from_logits(torch.tensor([100.0, 0.0, 0.0]))) < 1e-30 + 1e-6
    logits = _randn(2, 3, 5, seed=8)
    p = torch.softmax(logits, -1)
    torch.testing.assert_close(entropy_from_logits(logits), -(p * p.log()).sum(-1))
    # -inf (filtered) entries contribute nothing instead of nan
    filtered = torch.tensor([0.0, 0.0, -math.inf, -math.inf])
    torch.testing.assert_close(entropy_from_logits(filtered), torch.tensor(math.log(2.0)))
    torch.testing.assert_close(token_entropy(logits), entropy_from_logits(logits[:, :-1]))
    assert token_entropy(logits).shape == (2, 2)
    assert gradcheck(entropy_from_logits, (logits.clone().requires_grad_(),))


# --------------------------------------------------------------------------- masking


def test_masked_reductions_hand_numbers():
    x = torch.tensor([[1.0, 2.0, 3.0], [4.0, math.nan, math.inf]])
    m = torch.tensor([[1, 1, 0], [1, 0, 0]])
    assert float(masked_sum(x, m)) == 7.0
    assert float(masked_mean(x, m)) == pytest.approx(7 / 3)
    assert masked_mean(x, m, dim=-1).tolist() == [1.5, 4.0]
    assert masked_sum(x, m, dim=0).tolist() == [5.0, 2.0, 0.0]
    assert float(masked_mean(x, torch.zeros_like(m))) == 0.0  # nothing selected -> 0, not nan
    assert float(masked_var(x, m)) == pytest.approx(14 / 9)  # population variance of 1, 2, 4
    assert float(masked_var(x, m, unbiased=True)) == pytest.approx(7 / 3)


def test_aggregate_loss_modes_hand_numbers():
    loss = torch.tensor([[1.0, 2.0, 3.0], [4.0, 9.0, 9.0], [7.0, 7.0, 7.0]])
    mask = torch.tensor([[1, 1, 1], [1, 0, 0], [0, 0, 0]])
    # per sequence: means 2 and 4 (the empty row does not count) -> 3
    assert float(aggregate_loss(loss, mask)) == pytest.approx(3.0)
    # token level: (1 + 2 + 3 + 4) / 4
    assert float(aggregate_loss(loss, mask, token_level=True)) == pytest.approx(2.5)
    empty = aggregate_loss(loss.requires_grad_(), torch.zeros_like(mask))
    assert float(empty.detach()) == 0.0
    empty.backward()  # still part of the graph


@given(masked_batches(max_b=6), st.data())
@FAST
def test_micro_batches_with_global_normalizer_sum_to_batch_loss(batch, data):
    b, t, mask = batch
    split = data.draw(st.integers(0, b))
    token_level = data.draw(st.booleans())
    logp, adv = _tensor(data.draw, b, t, -3, 0), _tensor(data.draw, b, t)
    old = logp + _tensor(data.draw, b, t, -0.5, 0.5)
    parts = [slice(0, split), slice(split, b)]
    norm = sum(loss_normalizer(mask[s], token_level) for s in parts)
    assert norm == loss_normalizer(mask, token_level)
    full, _ = ppo_policy_loss(logp, old, adv, mask, 0.2, 0.28, token_level)
    summed = sum(
        ppo_policy_loss(logp[s], old[s], adv[s], mask[s], 0.2, 0.28, token_level, norm)[0]
        for s in parts
    )
    torch.testing.assert_close(summed, full)
    full, _ = grpo_loss(logp, old, old, adv, mask, 0.2, 0.28, 0.1, "k3", token_level)
    summed = sum(
        grpo_loss(
            logp[s], old[s], old[s], adv[s], mask[s], 0.2, 0.28, 0.1, "k3", token_level, norm
        )[0]
        for s in parts
    )
    torch.testing.assert_close(summed, full)


@given(masked_batches(), st.data())
@FAST
def test_masked_whiten_standardises_selected_only(batch, data):
    b, t, mask = batch
    x = _tensor(data.draw, b, t, -10, 10)
    assume(float(masked_var(x, mask)) > 1e-3)
    w = masked_whiten(x, mask)
    assert torch.all(w[~mask] == 0)
    assert abs(float(masked_mean(w, mask))) < 1e-6
    assert float(masked_var(w, mask)) == pytest.approx(1.0, rel=1e-4)
    kept = masked_whiten(x, mask, shift_mean=False)
    assert float(masked_mean(kept, mask)) == pytest.approx(float(masked_mean(x, mask)), abs=1e-6)
    noisy = torch.where(mask, x, torch.tensor(math.nan, dtype=D)).requires_grad_()
    w_noisy = masked_whiten(noisy, mask)
    torch.testing.assert_close(w_noisy.detach(), w)
    (w_noisy * torch.arange(b * t, dtype=D).reshape(b, t)).sum().backward()
    assert torch.isfinite(noisy.grad).all() and torch.all(noisy.grad[~mask] == 0)


@given(st.data())
@FAST
def test_response_mask_left_padded_prompts(data):
    b = data.draw(st.integers(1, 4))
    prompt_lengths = torch.tensor(data.draw(st.lists(st.integers(0, 5), min_size=b, max_size=b)))
    resp_lengths = torch.tensor(data.draw(st.lists(st.integers(0, 5), min_size=b, max_size=b)))
    width = int(prompt_lengths.max())
    total = width + int(resp_lengths.max()) + data.draw(st.integers(0, 2))
    prompt = lengths_to_mask(prompt_lengths, total, offset=width - prompt_lengths)
    expected = lengths_to_mask(resp_lengths, total, offset=width)
    attn = (prompt | expected).long()
    assert torch.equal(response_mask(attn, prompt_width=width), expected)
    assert torch.equal(response_mask(attn, prompt_lengths=prompt_lengths), expected)
    assert not (response_mask(attn, prompt_width=width) & prompt).any()


def test_response_mask_needs_exactly_one_spec():
    attn = torch.ones(1, 3)
    with pytest.raises(ValueError):
        response_mask(attn)
    with pytest.raises(ValueError):
        response_mask(attn, prompt_width=1, prompt_lengths=torch.tensor([1]))


# --------------------------------------------------------------------------- GAE


def _textbook_gae(rewards: list[float], values: list[float], gamma: float, lam: float):
    """A_t = sum_l (gamma*lam)^l delta_{t+l}, V after the last step = 0; plain floats."""
    n = len(rewards)
    v = [*values, 0.0]
    deltas = [rewards[t] + gamma * v[t + 1] - v[t] for t in range(n)]
    adv = [sum((gamma * lam) ** (k - t) * deltas[k] for k in range(t, n)) for t in range(n)]
    return adv, [a + values[t] for t, a in enumerate(adv)]


def test_gae_hand_numbers():
    r = torch.tensor([[0.0, 0.0, 1.0]], dtype=D)
    v = torch.full((1, 3), 0.5, dtype=D)
    m = torch.ones(1, 3, dtype=torch.bool)
    adv, ret = compute_gae(r, v, m, gamma=1.0, lam=1.0)
    assert adv.tolist() == [[0.5, 0.5, 0.5]] and ret.tolist() == [[1.0, 1.0, 1.0]]
    # gamma .9, lam .5: deltas (-.05, -.05, .5); A2 = .5, A1 = -.05 + .45 * .5, A0 = -.05 + .45 A1
    adv, _ = compute_gae(r, v, m, gamma=0.9, lam=0.5)
    torch.testing.assert_close(adv, torch.tensor([[0.02875, 0.175, 0.5]], dtype=D))


@given(masked_batches(max_t=8), st.data())
@FAST
def test_gae_matches_textbook_on_valid_steps(batch, data):
    b, t, mask = batch
    gamma = data.draw(st.floats(0, 1))
    lam = data.draw(st.floats(0, 1))
    rewards = _tensor(data.draw, b, t)
    values = _tensor(data.draw, b, t)
    adv, ret = compute_gae(rewards, values, mask, gamma, lam)
    assert torch.all(adv[~mask] == 0) and torch.all(ret[~mask] == 0)
    for i in range(b):
        steps = mask[i].nonzero().flatten().tolist()
        exp_adv, exp_ret = _textbook_gae(
            [float(rewards[i, s]) for s in steps], [float(values[i, s]) for s in steps], gamma, lam
        )
        torch.testing.assert_close(adv[i, steps], torch.tensor(exp_adv, dtype=D))
        torch.testing.assert_close(ret[i, steps], torch.tensor(exp_ret, dtype=D))


def test_gae_ignores_masked_inputs_and_handles_empty():
    r, v = _randn(3, 6, seed=9), _randn(3, 6, seed=10)
    mask = torch.tensor([[0, 0, 1, 1, 1, 0], [1, 1, 1, 1, 1, 1], [0, 0, 0, 0, 0, 0]], dtype=bool)
    adv, ret = compute_gae(r, v, mask, 0.99, 0.95)
    junk = torch.tensor(math.nan, dtype=D)
    adv2, ret2 = compute_gae(
        torch.where(mask, r, junk), torch.where(mask, v, -junk), mask, 0.99, 0.95
    )
    torch.testing.assert_close(adv, adv2)
    torch.testing.assert_close(ret, ret2)
    assert torch.all(adv[2] == 0)
    empty = compute_gae(torch.zeros(2, 0), torch.zeros(2, 0), torch.zeros(2, 0), 1.0, 1.0)
    assert empty[0].shape == (2, 0)


def test_gae_gradcheck():
    mask = torch.tensor([[0, 1, 1, 1], [1, 1, 0, 0]], dtype=bool)
    r, v = _randn(2, 4, seed=11).requires_grad_(), _randn(2, 4, seed=12).requires_grad_()
    assert gradcheck(lambda r, v: compute_gae(r, v, mask, 0.9, 0.8), (r, v))


def test_terminal_rewards_places_score_on_last_valid_token():
    mask = torch.tensor([[0, 1, 1, 0], [1, 1, 1, 1], [0, 0, 0, 0]])
    out = terminal_rewards(torch.tensor([2.0, 3.0, 4.0]), mask)
    assert out.tolist() == [[0, 0, 2, 0], [0, 0, 0, 3], [0, 0, 0, 0]]


# --------------------------------------------------------------------------- PPO


def _aggregation_weights(mask: torch.Tensor, token_level: bool) -> torch.Tensor:
    """d aggregate / d token_loss, per token."""
    m = mask.to(D)
    if token_level:
        return m / m.sum()
    per_seq = m.sum(-1, keepdim=True)
    return m / per_seq.clamp(min=1) / (per_seq > 0).sum()


@given(masked_batches(), st.data())
@FAST
def test_ppo_clipped_objective_properties(batch, data):
    """Property 10: clipped loss >= unclipped; equal inside the range; zero grad when clipped."""
    b, t, mask = batch
    clip_low = data.draw(st.floats(0.05, 0.5))
    clip_high = data.draw(st.floats(0.05, 1.0))
    token_level = data.draw(st.booleans())
    old = _tensor(data.draw, b, t, -5, 0)
    log_ratio = _tensor(data.draw, b, t, -1, 1)
    adv = _tensor(data.draw, b, t)
    logp = (old + log_ratio).requires_grad_()
    loss, stats = ppo_policy_loss(logp, old, adv, mask, clip_low, clip_high, token_level)
    ratio = log_ratio.exp()
    unclipped = aggregate_loss(-ratio * adv, mask, token_level)
    assert float(loss) >= float(unclipped) - 1e-12

    loss.backward()
    grad = logp.grad
    lo, hi = 1 - clip_low, 1 + clip_high
    away = ((ratio - lo).abs() > 1e-9) & ((ratio - hi).abs() > 1e-9) & mask
    against = ((ratio > hi) & (adv > 0)) | ((ratio < lo) & (adv < 0))
    assert torch.all(grad[against & away] == 0)
    assert torch.all(grad[~mask] == 0)
    free = away & ~against
    expected = -adv * ratio * _aggregation_weights(mask, token_level)
    torch.testing.assert_close(grad[free], expected[free])
    inside = (ratio >= lo) & (ratio <= hi)
    if bool(inside[mask].all()):
        torch.testing.assert_close(loss, unclipped)
        assert float(stats["clip_frac"]) == 0.0
    frac = ((ratio < lo) | (ratio > hi))[mask].to(D).mean()
    torch.testing.assert_close(stats["clip_frac"], frac)


@given(masked_batches(), st.data())
@FAST
def test_ppo_ratio_one_is_minus_mean_advantage(batch, data):
    b, t, mask = batch
    logp = _tensor(data.draw, b, t, -5, 0)
    adv = _tensor(data.draw, b, t)
    for token_level in (False, True):
        loss, stats = ppo_policy_loss(logp, logp.clone(), adv, mask, 0.2, 0.28, token_level)
        torch.testing.assert_close(loss, -aggregate_loss(adv, mask, token_level))
        assert float(stats["approx_kl"]) == 0.0 and float(stats["ratio_mean"]) == 1.0


def test_ppo_hand_numbers_clip_higher():
    old = torch.zeros(1, 2)
    logp = torch.log(torch.tensor([[1.25, 0.5]]))
    adv = torch.tensor([[1.0, -1.0]])
    mask = torch.ones(1, 2)
    # token 0: ratio 1.25, A=+1 -> clipped at 1.2 (symmetric) or kept (clip_high .28)
    # token 1: ratio 0.5, A=-1 -> clipped at 0.8: -min(-0.5, -0.8) = 0.8
    sym, stats = ppo_policy_loss(logp, old, adv, mask, 0.2, 0.2)
    assert float(sym) == pytest.approx((-1.2 + 0.8) / 2)
    assert float(stats["clip_frac"]) == 1.0 and float(stats["clip_frac_low"]) == 0.5
    dapo, stats = ppo_policy_loss(logp, old, adv, mask, 0.2, 0.28)
    assert float(dapo) == pytest.approx((-1.25 + 0.8) / 2)
    assert float(stats["clip_frac_high"]) == 0.0
    assert float(stats["ratio_mean"]) == pytest.approx(0.875)
    kl = ((1.25 - 1 - math.log(1.25)) + (0.5 - 1 - math.log(0.5))) / 2
    assert float(stats["approx_kl"]) == pytest.approx(kl)


def test_ppo_policy_loss_gradcheck():
    mask = torch.tensor([[1, 1, 0], [0, 1, 1]], dtype=bool)
    old = _randn(2, 3, seed=13)
    logp = (old + 0.05 * _randn(2, 3, seed=14)).requires_grad_()  # inside the range: smooth
    adv = _randn(2, 3, seed=15)
    for token_level in (False, True):
        assert gradcheck(
            lambda lp, tl=token_level: ppo_policy_loss(lp, old, adv, mask, 0.2, 0.3, tl)[0],
            (logp,),
        )


def test_value_loss_hand_numbers_and_clip():
    mask = torch.ones(1, 1)
    old, ret = torch.zeros(1, 1), torch.ones(1, 1)
    # V moved 0 -> 1 = R: unclipped error 0, clipped V = 0.2 -> 0.64; max -> 0.5 * 0.64
    loss, stats = value_loss(torch.ones(1, 1), old, ret, mask, clip=0.2)
    assert float(loss) == pytest.approx(0.32) and float(stats["value_clip_frac"]) == 1.0
    loss, _ = value_loss(torch.ones(1, 1), old, ret, mask, clip=None)
    assert float(loss) == 0.0
    loss, _ = value_loss(torch.full((1, 1), 0.1), old, ret, mask, clip=0.2)
    assert float(loss) == pytest.approx(0.405)


@given(masked_batches(), st.data())
@FAST
def test_value_loss_clipped_at_least_unclipped(batch, data):
    b, t, mask = batch
    values, old, ret = (_tensor(data.draw, b, t) for _ in range(3))
    token_level = data.draw(st.booleans())
    clipped, _ = value_loss(values, old, ret, mask, clip=0.2, token_level=token_level)
    plain, _ = value_loss(values, old, ret, mask, clip=None, token_level=token_level)
    assert float(clipped) >= float(plain) - 1e-12
    if bool(((values - old).abs()[mask] <= 0.2).all()):
        torch.testing.assert_close(clipped, plain)


def test_value_loss_gradcheck_and_entropy_loss():
    mask = torch.tensor([[1, 1, 0], [0, 1, 1]], dtype=bool)
    old, ret = _randn(2, 3, seed=16), _randn(2, 3, seed=17)
    values = (old + 0.5 * _randn(2, 3, seed=18)).requires_grad_()
    assert gradcheck(lambda v: value_loss(v, old, ret, mask, clip=0.3)[0], (values,))
    ent = torch.tensor([[1.0, 3.0, 99.0], [99.0, 2.0, 2.0]])
    assert float(entropy_loss(ent, mask, coef=0.1)) == pytest.approx(-0.1 * 2.0)
    assert float(entropy_loss(ent, mask, 0.1, token_level=True)) == pytest.approx(-0.1 * 2.0)


# --------------------------------------------------------------------------- GRPO


def test_group_advantages_hand_numbers():
    r = torch.tensor([1.0, 0.0, 0.0, 1.0, 2.0, 2.0, 2.0, 2.0])
    assert group_advantages(r, group_size=4).tolist() == pytest.approx(
        [1, -1, -1, 1, 0, 0, 0, 0], abs=1e-5
    )
    dr = group_advantages(r, group_size=4, normalize_std=False)
    assert dr.tolist() == [0.5, -0.5, -0.5, 0.5, 0, 0, 0, 0]
    by_id = group_advantages(
        torch.tensor([1.0, 5.0, 3.0, 5.0]), group_ids=torch.tensor([7, 3, 7, 3])
    )
    assert by_id.tolist() == pytest.approx([-1, 0, 1, 0], abs=1e-5)
    by_name = group_advantages(torch.tensor([1.0, 5.0, 3.0, 5.0]), group_ids=["a", "b", "a", "b"])
    torch.testing.assert_close(by_name, by_id)
    assert group_advantages(torch.tensor([True, False]), group_size=1).tolist() == [0.0, 0.0]
    with pytest.raises(ValueError):
        group_advantages(r, group_size=3)
    with pytest.raises(ValueError):
        group_advantages(r)


@given(st.data())
@FAST
def test_group_advantages_mean_zero_std_one(data):
    sizes = data.draw(st.lists(st.integers(1, 6), min_size=1, max_size=5))
    ids = torch.tensor([g for g, n in enumerate(sizes) for _ in range(n)])
    perm = torch.tensor(data.draw(st.permutations(range(len(ids)))))
    ids = ids[perm]
    ints = data.draw(st.lists(st.integers(-4, 4), min_size=len(ids), max_size=len(ids)))
    rewards = torch.tensor(ints, dtype=D) * 0.5
    adv = group_advantages(rewards, group_ids=ids)
    dr = group_advantages(rewards, group_ids=ids, normalize_std=False)
    assert torch.isfinite(adv).all()
    for g in ids.unique():
        sel = ids == g
        if rewards[sel].unique().numel() == 1:
            assert torch.all(adv[sel] == 0) and torch.all(dr[sel] == 0)
            continue
        assert abs(float(adv[sel].mean())) < 1e-9
        assert float(adv[sel].std(correction=0)) == pytest.approx(1.0, rel=1e-5)
        torch.testing.assert_close(dr[sel], rewards[sel] - rewards[sel].mean())


@given(st.lists(st.floats(-1e6, 1e6, allow_subnormal=False), min_size=1, max_size=12))
@FAST
def test_group_advantages_never_nan(values):
    r = torch.tensor(values, dtype=torch.float32)
    for size in (1, len(values)):
        assert torch.isfinite(group_advantages(r, group_size=size)).all()
    # means that are not exact in floating point: (0.1 + 0.1 + 0.1) / 3 != 0.1
    for value, size in ((0.1, 3), (0.7, 7), (1 / 3, 5)):
        for dtype in (torch.float32, D):
            const = torch.full((2 * size,), value, dtype=dtype)
            assert torch.all(group_advantages(const, group_size=size) == 0)
            assert torch.all(group_advantages(const, group_size=size, normalize_std=False) == 0)


def test_token_advantages_broadcast():
    mask = torch.tensor([[0, 1, 1], [1, 0, 0]])
    out = token_advantages(torch.tensor([2.0, -1.0]), mask)
    assert out.tolist() == [[0, 2, 2], [-1, 0, 0]]


@given(st.lists(st.floats(-30, 0, allow_subnormal=False), min_size=2, max_size=20))
@FAST
def test_kl_k3_nonnegative_zero_iff_equal(values):
    half = len(values) // 2
    logp = torch.tensor(values[:half], dtype=D)
    ref = torch.tensor(values[half : 2 * half], dtype=D)
    assert torch.all(kl_penalty(logp, ref, "k3") >= 0)
    assert torch.all(kl_penalty(logp, ref, "k2") >= 0)
    assert torch.all(kl_penalty(logp, logp, "k3") == 0)
    torch.testing.assert_close(kl_penalty(logp, ref, "k1"), logp - ref)


def test_kl_hand_numbers_and_unbiasedness():
    logp, ref = torch.tensor([0.0]), torch.tensor([math.log(2.0)])
    assert float(kl_penalty(logp, ref, "k3")) == pytest.approx(1 - math.log(2))
    assert float(kl_penalty(logp, ref, "k1")) == pytest.approx(-math.log(2))
    assert float(kl_penalty(logp, ref, "k2")) == pytest.approx(0.5 * math.log(2) ** 2)
    with pytest.raises(ValueError, match="k4"):
        kl_penalty(logp, ref, "k4")
    # Monte Carlo with samples of the policy: k1 and k3 both estimate KL(p || q)
    p = torch.tensor([0.1, 0.2, 0.3, 0.4], dtype=D)
    q = torch.tensor([0.25, 0.25, 0.25, 0.25], dtype=D)
    exact = float((p * (p / q).log()).sum())
    x = torch.multinomial(p, 200_000, replacement=True, generator=_gen(19))
    for est in ("k1", "k3"):
        mc = float(kl_penalty(p.log()[x], q.log()[x], est).mean())
        assert mc == pytest.approx(exact, abs=5e-3)


def test_kl_loss_gradients_match_documented_divergences():
    """Exact on-policy expectations: E[grad k1] = 0, E[grad k2] = grad KL(p||q), k3: KL(q||p)."""
    theta = _randn(5, seed=26).requires_grad_()
    ref = torch.log_softmax(_randn(5, seed=27), 0)
    logp = torch.log_softmax(theta, 0)
    p = logp.exp().detach()  # the sampling distribution is not differentiated

    def grad(f):
        return torch.autograd.grad(f, theta, retain_graph=True)[0]

    expected = {
        "k1": torch.zeros(5, dtype=D),
        "k2": grad((logp.exp() * (logp - ref)).sum()),
        "k3": grad((ref.exp() * (ref - logp)).sum()),
    }
    for est, want in expected.items():
        torch.testing.assert_close(grad((p * kl_penalty(logp, ref, est)).sum()), want)


def test_grpo_loss_combines_surrogate_and_kl():
    mask = torch.tensor([[1, 1, 0], [0, 1, 1]], dtype=bool)
    old, ref = _randn(2, 3, seed=20), _randn(2, 3, seed=21)
    logp = old + 0.1 * _randn(2, 3, seed=22)
    seq_adv = torch.tensor([1.0, -0.5], dtype=D)
    tok_adv = token_advantages(seq_adv, mask)
    for token_level in (False, True):
        pg, _ = ppo_policy_loss(logp, old, tok_adv, mask, 0.2, 0.28, token_level)
        no_kl, _ = grpo_loss(logp, old, None, seq_adv, mask, 0.2, 0.28, 0.0, "k3", token_level)
        torch.testing.assert_close(no_kl, pg)
        kl = aggregate_loss(kl_penalty(logp, ref, "k3"), mask, token_level)
        loss, stats = grpo_loss(logp, old, ref, seq_adv, mask, 0.2, 0.28, 0.1, "k3", token_level)
        torch.testing.assert_close(loss, pg + 0.1 * kl)
        torch.testing.assert_close(stats["pg_loss"], pg)
        assert float(stats["kl"]) >= 0
        same, _ = grpo_loss(logp, old, ref, tok_adv, mask, 0.2, 0.28, 0.1, "k3", token_level)
        torch.testing.assert_close(same, loss)
    with pytest.raises(ValueError, match="ref_logprobs"):
        grpo_loss(logp, old, None, seq_adv, mask, kl_coef=0.1)
    with pytest.raises(ValueError, match="estimator"):
        grpo_loss(logp, old, ref, seq_adv, mask, kl_estimator="k9")


def test_grpo_loss_gradcheck():
    mask = torch.tensor([[1, 1, 0], [0, 1, 1]], dtype=bool)
    old, ref = _randn(2, 3, seed=23), _randn(2, 3, seed=24)
    logp = (old + 0.05 * _randn(2, 3, seed=25)).requires_grad_()
    adv = torch.tensor([0.7, -1.2], dtype=D)
    for est in ("k1", "k2", "k3"):
        assert gradcheck(
            lambda lp, est=est: grpo_loss(lp, old, ref, adv, mask, 0.2, 0.28, 0.05, est)[0],
            (logp,),
        )


@pytest.mark.parametrize("seed", range(4))
def test_masked_values_never_change_losses(seed):
    """Prompt/padding positions: any value (nan and inf included) leaves losses and grads alone."""
    b, t = 3, 5
    g = _gen(seed)
    mask = torch.rand(b, t, generator=g) < 0.6
    mask[0, 1] = True
    inputs = [torch.randn(b, t, generator=g, dtype=D) for _ in range(6)]
    inputs[0] = inputs[0] - 2  # logprobs
    junk = [torch.randn(b, t, generator=g, dtype=D) * 100 for _ in range(6)]
    weights = torch.randn(b, t, generator=g, dtype=D)
    junk[0][0, 0], junk[1][-1, -1], junk[2][1, 2] = math.nan, math.inf, -math.inf

    def losses(tensors):
        logp, old, ref, adv, val, ret = (x.clone().requires_grad_() for x in tensors)
        gae_adv, gae_ret = compute_gae(adv, val, mask, 0.99, 0.95)
        total = (
            ppo_policy_loss(logp, old, adv, mask, 0.2, 0.28)[0]
            + ppo_policy_loss(logp, old, adv, mask, 0.2, 0.28, token_level=True)[0]
            + grpo_loss(logp, old, ref, adv, mask, 0.2, 0.28, 0.1, "k3")[0]
            + grpo_loss(logp, old, ref, adv, mask, 0.2, 0.28, 0.1, "k1", token_level=True)[0]
            + value_loss(val, old, ret, mask, clip=0.2)[0]
            + entropy_loss(ret, mask, 0.01)
            + masked_sum(masked_whiten(gae_adv, mask) * weights, mask)
            + masked_sum(gae_ret, mask)
        )
        grads = torch.autograd.grad(total, (logp, old, ref, adv, val, ret), allow_unused=True)
        return total, [torch.zeros_like(logp) if gr is None else gr for gr in grads]

    clean, clean_grads = losses(inputs)
    dirty_inputs = [torch.where(mask, x, j) for x, j in zip(inputs, junk, strict=True)]
    dirty, dirty_grads = losses(dirty_inputs)
    torch.testing.assert_close(dirty, clean)
    for gc, gd in zip(clean_grads, dirty_grads, strict=True):
        assert torch.isfinite(gd).all()
        assert torch.all(gd[~mask] == 0)
        torch.testing.assert_close(gd, gc)


def test_from_config_helpers():
    cfg = AlgorithmConfig(clip_low=0.1, clip_high=0.3, kl_coef=0.02, kl_estimator="k1")
    cfg.token_level_loss = True
    kwargs = grpo_loss_kwargs(cfg)
    assert kwargs["kl_coef"] == 0.02 and kwargs["kl_estimator"] == "k1"
    assert gae_kwargs(cfg) == {"gamma": cfg.gamma, "lam": cfg.gae_lambda}
    x = torch.zeros(1, 2)
    grpo_loss(x, x, x, torch.ones(1), torch.ones(1, 2), **kwargs)


# --------------------------------------------------------------------------- end to end


def _sgd_step(loss: torch.Tensor, params: list[torch.Tensor], lr: float) -> None:
    """Plain SGD (torch.optim's first step imports dynamo: ~2 s of CPU on this machine)."""
    grads = torch.autograd.grad(loss, params)
    with torch.no_grad():
        for param, grad in zip(params, grads, strict=True):
            param -= lr * grad


def _train_grpo_bandit(sign: float, steps: int = 100) -> float:
    """Softmax policy over 5 tokens (a parameter vector); reward = token == 3. Returns p(3)."""
    g = _gen(0)
    theta = torch.zeros(5, requires_grad=True)
    ref_logp_all = torch.log_softmax(theta.detach(), -1)
    group = 8
    # one sampled token per sequence plus a padding column of garbage the mask must drop
    mask = torch.tensor([[1, 0]] * group, dtype=torch.bool)
    for _ in range(steps):
        with torch.no_grad():
            actions = torch.multinomial(torch.softmax(theta, -1), group, True, generator=g)
        rewards = (actions == 3).float()
        adv = sign * group_advantages(rewards, group_size=group)
        old = torch.log_softmax(theta.detach(), -1)[actions]
        pad = torch.full((group, 1), 123.0)
        for _epoch in range(2):  # the second epoch has ratio != 1, so clipping is live
            logp = torch.log_softmax(theta, -1)[actions]
            loss, _ = grpo_loss(
                torch.cat([logp[:, None], pad], 1),
                torch.cat([old[:, None], -pad], 1),
                torch.cat([ref_logp_all[actions][:, None], pad], 1),
                adv,
                mask,
                clip_low=0.2,
                clip_high=0.28,
                kl_coef=0.01,
                kl_estimator="k3",
            )
            _sgd_step(loss, [theta], lr=0.5)
    return float(torch.softmax(theta.detach(), -1)[3])


def test_grpo_end_to_end_bandit_learns_and_sign_matters():
    assert _train_grpo_bandit(+1.0) > 0.6
    assert _train_grpo_bandit(-1.0) < 0.1


def _train_ppo_two_step(sign: float, steps: int = 100) -> tuple[float, float]:
    """Two-step episodes: pick a token twice, score = number of 3s at the end (terminal reward).

    Policy: logits per step ``[2, 5]``; critic: a table ``V(step 0)`` and ``V(step 1 | a0 == 3)``.
    Each row is ``[prompt, a0, a1]`` with the prompt masked, so GAE must skip it.
    """
    g = _gen(1)
    theta = torch.zeros(2, 5, requires_grad=True)
    critic = torch.zeros(3, requires_grad=True)
    batch = 16
    mask = torch.tensor([[0, 1, 1]] * batch, dtype=torch.bool)
    prompt_junk = torch.full((batch, 1), -7.0)  # prompt column: masked, must change nothing
    for _ in range(steps):
        with torch.no_grad():
            probs = torch.softmax(theta, -1)
            a0 = torch.multinomial(probs[0], batch, True, generator=g)
            a1 = torch.multinomial(probs[1], batch, True, generator=g)

        def forward(a0=a0, a1=a1):
            logp_all = torch.log_softmax(theta, -1)
            logp = torch.stack([logp_all[0][a0], logp_all[1][a1]], 1)
            values = torch.stack([critic[0].expand(batch), critic[1 + (a0 == 3).long()]], 1)
            return torch.cat([prompt_junk, logp], 1), torch.cat([prompt_junk, values], 1)

        with torch.no_grad():
            old_logp, old_values = forward()
        score = ((a0 == 3).float() + (a1 == 3).float()) / 2
        rewards = terminal_rewards(score, mask)
        adv, returns = compute_gae(rewards, old_values, mask, gamma=1.0, lam=0.95)
        adv = sign * masked_whiten(adv, mask)
        for _epoch in range(2):
            logp, values = forward()
            pg, _ = ppo_policy_loss(logp, old_logp, adv, mask, clip_low=0.2, clip_high=0.2)
            vl, _ = value_loss(values, old_values, returns, mask, clip=0.2)
            _sgd_step(pg + 0.5 * vl, [theta, critic], lr=0.3)
    p = torch.softmax(theta.detach(), -1)[:, 3]
    return float(p[0]), float(p[1])


def test_ppo_gae_end_to_end_two_step_learns_and_sign_matters():
    p0, p1 = _train_ppo_two_step(+1.0)
    assert p0 > 0.6 and p1 > 0.6
    p0, p1 = _train_ppo_two_step(-1.0)
    assert p0 < 0.1 and p1 < 0.1
