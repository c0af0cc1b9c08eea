"""The weights a learner sends to the rollout engines (learner/weights.py): LoRA merged out of
place in fp32, so the base never moves however many broadcasts there are (issue 27 §4)."""

from __future__ import annotations

import copy

import pytest
import torch

from golf_ray.config import ModelConfig
from golf_ray.learner.weights import policy_weights


@pytest.fixture(scope="module")
def tiny():
    from golf_ray.models import resolve_model

    return str(resolve_model(ModelConfig(name="tiny")))


def lora_model(path: str, dtype: torch.dtype):
    from peft import LoraConfig, get_peft_model
    from transformers import AutoModelForCausalLM

    base = AutoModelForCausalLM.from_pretrained(path, dtype=torch.float32)
    lora = LoraConfig(r=4, lora_alpha=16, target_modules="all-linear", task_type="CAUSAL_LM")
    model = get_peft_model(base, lora)
    gen = torch.Generator().manual_seed(0)
    with torch.no_grad():
        for name, p in model.named_parameters():
            if "lora_B" in name:  # B starts at zero: give the adapters an effect
                p.copy_(torch.randn(p.shape, generator=gen) * 0.05)
    return model.to(dtype)


def test_plain_model_gives_its_state_dict(tiny):
    from transformers import AutoModelForCausalLM

    model = AutoModelForCausalLM.from_pretrained(tiny, dtype=torch.float32)
    want = model.state_dict()
    got = policy_weights(model)
    assert list(got) == list(want)
    assert all(torch.equal(got[k], want[k]) and got[k] is not want[k] for k in want)
    assert policy_weights(model, keep=False) is None  # another rank, no ZeRO-3: nothing to do
    half = policy_weights(model, dtype=torch.bfloat16)
    assert {v.dtype for v in half.values()} == {torch.bfloat16}


def test_lora_merge_equals_peft_merge(tiny):
    model = lora_model(tiny, torch.float32)
    merged = policy_weights(model)
    want = copy.deepcopy(model).merge_and_unload().state_dict()
    assert set(merged) == set(want)
    from transformers import AutoModelForCausalLM

    original = AutoModelForCausalLM.from_pretrained(tiny, dtype=torch.float32).state_dict()
    moved = [k for k in want if not torch.equal(merged[k], original[k])]
    assert moved  # the adapters are in
    for k, v in want.items():
        assert torch.allclose(merged[k], v, atol=1e-6), k


def test_broadcasts_repeat_exactly_and_leave_the_bf16_base_alone(tiny):
    model = lora_model(tiny, torch.bfloat16)
    base = {k: v.clone() for k, v in model.state_dict().items()}
    sent = [policy_weights(model, dtype=torch.bfloat16) for _ in range(5)]
    for again in sent[1:]:
        assert all(torch.equal(again[k], sent[0][k]) for k in sent[0])
    assert all(torch.equal(v, model.state_dict()[k]) for k, v in base.items())
    # what this replaces: peft's in-place merge and unmerge move a bf16 base a little each time
    model.merge_adapter()
    model.unmerge_adapter()
    assert any(not torch.equal(v, model.state_dict()[k]) for k, v in base.items())
