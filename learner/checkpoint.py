"""Learner checkpoints: one directory per save, written atomically, validated on load.

A checkpoint dir holds `meta.json` (step, policy version, metrics, config, a fingerprint of the
parameter names and shapes), `state/` (DeepSpeed's model, optimizer and scheduler files, and the
RNG states) and `policy/` (the policy as a plain Hugging Face model dir). It is written under a
hidden temporary name beside it and renamed into place only when every rank has finished, so a
crash never leaves half a checkpoint. The run names the dir and keeps `latest`, `best.json` and
pruning (golf_ray.rl.checkpoints).
"""

from __future__ import annotations

import hashlib
import json
import random
import shutil
from pathlib import Path
from typing import Any

import numpy as np
import torch

from golf_ray.fileio import atomic_write_json

FORMAT_VERSION = 1
STATE_TAG = "state"


class CheckpointError(ValueError):
    """A checkpoint that is missing, corrupt or made for another model; one line."""


def temp_dir(path: str | Path) -> Path:
    path = Path(path)
    return path.parent / f".tmp-{path.name}"


def fingerprint(named_shapes: list[tuple[str, tuple[int, ...]]]) -> str:
    """A hash of parameter names and shapes: a checkpoint only loads into the same model."""
    text = "\n".join(f"{n}:{list(s)}" for n, s in named_shapes)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def model_fingerprint(model) -> str:
    """`fingerprint` of a model's parameters at their full shapes: under ZeRO-3 each rank holds
    an empty partition and DeepSpeed keeps the real shape in `ds_shape`."""
    return fingerprint(
        [(n, tuple(getattr(p, "ds_shape", p.shape))) for n, p in model.named_parameters()]
    )


def rng_state() -> dict[str, Any]:
    return {
        "python": random.getstate(),
        "numpy": np.random.get_state(),
        "torch": torch.get_rng_state(),
        "cuda": torch.cuda.get_rng_state_all() if torch.cuda.is_available() else None,
    }


def set_rng_state(state: dict[str, Any]) -> None:
    random.setstate(state["python"])
    np.random.set_state(state["numpy"])
    torch.set_rng_state(state["torch"])
    if state.get("cuda") is not None and torch.cuda.is_available():
        torch.cuda.set_rng_state_all(state["cuda"])


POLICY_DIR = "policy"


def write_policy(out_dir: str | Path, state_dict: dict, model_path: str) -> Path:
    """A plain HF model dir of the current policy (LoRA merged): what eval, solve and serve load."""
    from safetensors.torch import save_file
    from transformers import AutoConfig, AutoTokenizer

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    save_file({k: v.contiguous() for k, v in state_dict.items()}, str(out / "model.safetensors"))
    AutoConfig.from_pretrained(model_path).save_pretrained(out)
    AutoTokenizer.from_pretrained(model_path).save_pretrained(out)
    return out


def finalize(path: str | Path, meta: dict[str, Any]) -> Path:
    """Rank 0, after every rank wrote its DeepSpeed files into the temp dir: put it in place."""
    final, tmp = Path(path), temp_dir(path)
    atomic_write_json(tmp / "meta.json", {"format_version": FORMAT_VERSION, **meta})
    if final.exists():  # re-saving a step (e.g. after a resume) replaces it whole
        shutil.rmtree(final)
    tmp.rename(final)
    return final


def read_meta(path: str | Path, expected_fingerprint: str | None = None) -> dict[str, Any]:
    """Validate a checkpoint dir and return its metadata; CheckpointError names the problem."""
    path = Path(path)
    if not path.is_dir():
        raise CheckpointError(f"{path}: checkpoint directory not found")
    meta_path = path / "meta.json"
    try:
        meta = json.loads(meta_path.read_text())
    except FileNotFoundError:
        raise CheckpointError(f"{meta_path}: missing (not a golf-ray checkpoint?)") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise CheckpointError(f"{meta_path}: corrupt ({e})") from None
    if meta.get("format_version") != FORMAT_VERSION:
        raise CheckpointError(
            f"{meta_path}: format_version {meta.get('format_version')!r}, expected {FORMAT_VERSION}"
        )
    for key in ("step", "fingerprint"):
        if key not in meta:
            raise CheckpointError(f"{meta_path}: missing field '{key}'")
    if expected_fingerprint is not None and meta["fingerprint"] != expected_fingerprint:
        raise CheckpointError(
            f"{meta_path}: fingerprint {meta['fingerprint']} does not match this model "
            f"({expected_fingerprint}): saved from a different model, LoRA or critic setup"
        )
    if not (path / STATE_TAG).is_dir():
        raise CheckpointError(f"{path / STATE_TAG}: missing DeepSpeed state directory")
    return meta
