"""DQN pure functions (golf_ray/algorithms/dqn.py): masking, (Double) DQN targets, dueling head,
epsilon schedule, TD loss."""

import math

import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

from golf_ray.algorithms.dqn import (
    double_dqn_targets,
    dqn_targets,
    dueling_combine,
    epsilon_at,
    epsilon_greedy,
    masked_argmax,
    masked_max,
    td_loss,
)

FAST = settings(deadline=None, max_examples=30)  # a loaded CI machine is slow
FLOATS = st.floats(-100, 100, allow_nan=False, width=32)


@st.composite
def q_and_mask(draw, min_rows=1, max_rows=6, max_actions=6):
    """Q-values [B, A] with a mask that leaves every row at least one legal action."""
    b = draw(st.integers(min_rows, max_rows))
    a = draw(st.integers(1, max_actions))
    q = torch.tensor(
        draw(st.lists(st.lists(FLOATS, min_size=a, max_size=a), min_size=b, max_size=b))
    )
    mask = torch.tensor(
        draw(st.lists(st.lists(st.booleans(), min_size=a, max_size=a), min_size=b, max_size=b))
    )
    legal_one = torch.tensor([draw(st.integers(0, a - 1)) for _ in range(b)])
    mask[torch.arange(b), legal_one] = True
    return q, mask


@given(q_and_mask())
@FAST
def test_masked_argmax_never_picks_an_illegal_action(qm):
    q, mask = qm
    chosen = masked_argmax(q, mask)
    assert mask[torch.arange(len(q)), chosen].all()
    best_legal = q.masked_fill(~mask, -math.inf).max(dim=-1).values
    assert torch.equal(q[torch.arange(len(q)), chosen], best_legal)
    assert torch.equal(masked_max(q, mask), best_legal)


@given(q_and_mask(), st.floats(0, 1))
@FAST
def test_epsilon_greedy_never_picks_an_illegal_action(qm, epsilon):
    q, mask = qm
    gen = torch.Generator().manual_seed(0)
    for _ in range(5):
        chosen = epsilon_greedy(q, mask, epsilon, gen)
        assert mask[torch.arange(len(q)), chosen].all()


def test_epsilon_greedy_extremes():
    q = torch.tensor([[0.0, 5.0, 1.0]])
    mask = torch.tensor([[True, False, True]])
    gen = torch.Generator().manual_seed(0)
    assert all(int(epsilon_greedy(q, mask, 0.0, gen)) == 2 for _ in range(20))
    explored = {int(epsilon_greedy(q, mask, 1.0, gen)) for _ in range(200)}
    assert explored == {0, 2}  # both legal actions, never the illegal (highest-Q) one


def test_masked_argmax_rejects_a_row_without_legal_actions():
    with pytest.raises(ValueError, match="no legal action"):
        masked_argmax(torch.zeros(2, 3), torch.tensor([[True, False, False], [False] * 3]))


@given(q_and_mask(), q_and_mask(), st.floats(0, 1))
@FAST
def test_double_dqn_target_uses_online_argmax_and_target_value(online_qm, target_qm, gamma):
    online, mask = online_qm
    target = target_qm[0]
    if target.shape != online.shape:
        target = online.flip(-1) * 3 - 1
    b = len(online)
    rewards = torch.linspace(-1, 1, b)
    dones = torch.zeros(b)
    got = double_dqn_targets(rewards, dones, online, target, mask, gamma)
    chosen = online.masked_fill(~mask, -math.inf).argmax(dim=-1)  # the ONLINE net picks
    want = rewards + gamma * target[torch.arange(b), chosen]  # the TARGET net values it
    torch.testing.assert_close(got, want)


def test_double_dqn_differs_from_vanilla_where_the_nets_disagree():
    online = torch.tensor([[1.0, 0.0, 9.0]])  # online prefers action 2, but it is illegal
    target = torch.tensor([[0.0, 3.0, 100.0]])
    mask = torch.tensor([[True, True, False]])
    r, d = torch.tensor([0.5]), torch.tensor([0.0])
    # online's legal argmax is action 0 -> target value 0.0
    assert double_dqn_targets(r, d, online, target, mask, 1.0).item() == pytest.approx(0.5)
    # vanilla takes the target net's own legal max (action 1 -> 3.0); the illegal 100 never
    assert dqn_targets(r, d, target, mask, 1.0).item() == pytest.approx(3.5)


@given(q_and_mask(), st.floats(0, 1))
@FAST
def test_terminal_transitions_do_not_bootstrap(qm, gamma):
    q, _ = qm
    b = len(q)
    rewards = torch.arange(b, dtype=torch.float32)
    dones = torch.ones(b)
    empty = torch.zeros_like(q, dtype=torch.bool)  # a terminal state has no legal action
    assert torch.equal(double_dqn_targets(rewards, dones, q, q * 2, empty, gamma), rewards)
    assert torch.equal(dqn_targets(rewards, dones, q, empty, gamma), rewards)


def test_non_terminal_state_without_legal_actions_is_an_error():
    q = torch.zeros(1, 3)
    with pytest.raises(ValueError, match="non-terminal"):
        double_dqn_targets(torch.zeros(1), torch.zeros(1), q, q, torch.zeros(1, 3, dtype=bool))


@given(q_and_mask(), st.floats(-50, 50))
@FAST
def test_masked_targets_ignore_illegal_values(qm, junk):
    q, mask = qm
    b = len(q)
    noisy = q.masked_fill(~mask, junk)  # anything at all where actions are illegal
    r, d = torch.zeros(b), torch.zeros(b)
    torch.testing.assert_close(
        double_dqn_targets(r, d, q, q, mask, 0.9), double_dqn_targets(r, d, noisy, noisy, mask, 0.9)
    )
    torch.testing.assert_close(dqn_targets(r, d, q, mask, 0.9), dqn_targets(r, d, noisy, mask, 0.9))


def test_targets_carry_no_gradient():
    online = torch.randn(4, 3, requires_grad=True)
    target = torch.randn(4, 3, requires_grad=True)
    out = double_dqn_targets(torch.zeros(4), torch.zeros(4), online, target)
    assert not out.requires_grad


@given(q_and_mask(), st.floats(-10, 10))
@FAST
def test_dueling_combine_centres_legal_advantages(qm, value):
    adv, mask = qm
    v = torch.full((len(adv), 1), value)
    q = dueling_combine(v, adv, mask)
    legal_mean = (q * mask).sum(-1) / mask.sum(-1)
    torch.testing.assert_close(legal_mean, v.squeeze(-1), atol=1e-3, rtol=1e-4)
    # the greedy legal action is a best-advantage one (up to float rounding)
    picked = adv[torch.arange(len(adv)), masked_argmax(q, mask)]
    torch.testing.assert_close(picked, masked_max(adv, mask), atol=1e-3, rtol=1e-4)
    # illegal advantages never move legal Q-values
    moved = dueling_combine(v, adv.masked_fill(~mask, 1e3), mask)
    torch.testing.assert_close(moved[mask], q[mask])


def test_epsilon_schedules():
    assert epsilon_at(0, 1.0, 0.1, 100) == 1.0
    assert epsilon_at(50, 1.0, 0.1, 100) == pytest.approx(0.55)
    assert epsilon_at(100, 1.0, 0.1, 100) == 0.1
    assert epsilon_at(10_000, 1.0, 0.1, 100) == 0.1
    assert epsilon_at(50, 1.0, 0.01, 100, "exponential") == pytest.approx(0.1)
    with pytest.raises(ValueError, match="schedule"):
        epsilon_at(0, schedule="cosine")


@given(st.integers(0, 2000), st.integers(0, 2000), st.sampled_from(["linear", "exponential"]))
@FAST
def test_epsilon_is_monotone_and_bounded(a, b, schedule):
    lo, hi = sorted((a, b))
    e_lo, e_hi = (epsilon_at(s, 1.0, 0.05, 1000, schedule) for s in (lo, hi))
    assert 0.05 - 1e-9 <= e_hi <= e_lo <= 1.0


def test_td_loss():
    q = torch.tensor([1.0, 2.0], requires_grad=True)
    t = torch.tensor([1.0, 0.0])
    assert td_loss(q, t, "mse").item() == pytest.approx(2.0)
    assert td_loss(q, t, "huber").item() == pytest.approx(0.75)  # (0 + 1.5) / 2
    td_loss(q, t).backward()
    assert q.grad is not None and q.grad[0] == 0
    with pytest.raises(ValueError):
        td_loss(q, t, "l1")
