"""The shared-prompt forward pass equals the plain one: log-probs, entropies, hidden states and
gradients, on the tiny model (left padding, repeated and distinct prompts, empty responses)."""

import pytest
import torch
from transformers import AutoModelForCausalLM

from golf_ray.learner.forward import full_forward, response_border, response_forward
from golf_ray.learner.learner import make_batch
from golf_ray.models import build_tiny_model


@pytest.fixture(scope="module")
def model(tmp_path_factory):
    path = build_tiny_model(tmp_path_factory.mktemp("tiny") / "model", hidden=64, layers=2)
    return AutoModelForCausalLM.from_pretrained(path).float()


def grouped_batch():
    prompts = [[5, 6, 7, 8, 9, 10]] * 3 + [[11, 12, 13]] * 2 + [[20, 21, 22, 23]]
    responses = [[30, 31, 32], [33], [34, 35], [40, 41, 42, 43, 44], [45, 46], []]
    return make_batch(prompts, responses, [0.0] * 6, [0, 0, 0, 1, 1, 2], pad_id=0)


def test_border_is_the_first_response_column():
    b = grouped_batch()
    assert response_border(b.response_mask) == 6
    assert response_border(torch.zeros(2, 5, dtype=torch.long)) is None
    assert response_border(torch.tensor([[1, 1, 0], [0, 1, 1]])) is None  # no prompt
    assert response_border(torch.tensor([[0, 1, 1, 0], [0, 0, 1, 1]])) == 1


def test_response_forward_matches_the_full_forward(model):
    b = grouped_batch()
    model.train()
    full = full_forward(model, b.input_ids, b.attention_mask, entropy=True, hidden=True)
    shared = response_forward(
        model, b.input_ids, b.attention_mask, b.response_mask, entropy=True, hidden=True
    )
    mask = b.response_mask[:, 1:].bool()
    assert mask.sum() == 13
    for a, s in [(full.logp, shared.logp), (full.entropy, shared.entropy)]:
        torch.testing.assert_close(s[mask], a[mask], atol=1e-5, rtol=1e-5)
        assert not s[:, :5].any()  # prompt columns (before the border's, 5) carry nothing
    torch.testing.assert_close(shared.hidden[mask], full.hidden[mask], atol=1e-5, rtol=1e-5)


def test_response_forward_gives_the_same_gradients(model):
    b = grouped_batch()
    mask = b.response_mask[:, 1:].float()
    grads = []
    for fn in (full_forward, response_forward):
        model.zero_grad()
        args = (model, b.input_ids, b.attention_mask)
        out = fn(*args, entropy=True) if fn is full_forward else fn(*args, b.response_mask)
        ((out.logp * mask).sum() / mask.sum()).backward()
        grads.append(torch.cat([p.grad.flatten() for p in model.parameters()]))
    assert grads[0].abs().sum() > 0
    torch.testing.assert_close(grads[1], grads[0], atol=1e-5, rtol=1e-4)


def test_ragged_border_still_scores_every_response_token(model):
    ids = torch.tensor([[5, 6, 7, 8], [5, 6, 7, 9]])
    attn = torch.ones_like(ids)
    resp = torch.tensor([[0, 1, 1, 1], [0, 0, 1, 1]])
    mask = resp[:, 1:].bool()
    with torch.no_grad():
        out = response_forward(model, ids, attn, resp)
        ref = full_forward(model, ids, attn)
    torch.testing.assert_close(out.logp[mask], ref.logp[mask], atol=1e-5, rtol=1e-5)
