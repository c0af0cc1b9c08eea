"""Checkpoints of `golf-ray adversarial`, one directory per stage and epoch.

`RUN/checkpoints/epoch01-stage3-pseudocode/` holds `generator/` and `discriminator/` (each a
learner checkpoint root: `step-N/` with DeepSpeed state and a plain HF `policy/`) and
`stage.json` (the stage's scores and the game's state: schedule position, problem cursor, the
adversarial test pools), written last, so a stage dir without it is incomplete and never resumed
from. `latest` names the newest stage dir; `best.json` the one with the highest score.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import TYPE_CHECKING

from golf_ray.fileio import atomic_write_json, atomic_write_text

if TYPE_CHECKING:
    from golf_ray.adversarial_config import AdversarialConfig


def stage_dir_name(record: dict) -> str:
    return f"epoch{record['epoch'] + 1:02d}-stage{record['stage'] + 1}-{record['stage_name']}"


def publish_stage(root: Path, name: str, record: dict, state: dict, keep: int) -> None:
    """After both learners saved into `root/name`: stage.json, `latest`, `best.json`, pruning."""
    atomic_write_json(root / name / "stage.json", {**record, **state})
    atomic_write_text(root / "latest", name + "\n")
    best_path = root / "best.json"
    best = read_json(best_path) if best_path.exists() else None
    if best is None or record["score"] > best["score"]:
        atomic_write_json(best_path, {"dir": name, **record})
    if keep > 0:
        _prune(root, keep)


def _prune(root: Path, keep: int) -> None:
    """Keep the newest `keep` stage dirs, and always the best one."""
    best = read_json(root / "best.json")["dir"]
    stages = sorted(
        (p for p in root.glob("epoch*-stage*") if p.is_dir()),
        key=lambda p: (
            read_json(p / "stage.json").get("step", 0) if (p / "stage.json").exists() else -1
        ),
    )
    for old in stages[:-keep]:
        if old.name != best:
            shutil.rmtree(old, ignore_errors=True)


def read_json(path: str | Path) -> dict:
    return json.loads(Path(path).read_text())


def read_stage(stage_dir: Path) -> dict:
    path = Path(stage_dir) / "stage.json"
    try:
        state = read_json(path)
    except FileNotFoundError:
        raise ValueError(f"{path}: missing (not a complete adversarial stage checkpoint)") from None
    except ValueError as e:
        raise ValueError(f"{path}: corrupt ({e})") from None
    for key in ("epoch", "stage", "step", "cursor", "tests"):
        if key not in state:
            raise ValueError(f"{path}: missing field '{key}'")
    return state


def next_position(state: dict, cfg: AdversarialConfig) -> tuple[int, int]:
    """(epoch, stage) after the stage a checkpoint ends, checked against this config."""
    k = state["stage"]
    if k >= len(cfg.stages) or cfg.stages[k].name != state.get("stage_name"):
        raise ValueError(
            f"stage.json: stage {state.get('stage_name')!r} is not stage {k + 1} of this "
            f"config's stages ({', '.join(s.name for s in cfg.stages)})"
        )
    return (state["epoch"], k + 1) if k + 1 < len(cfg.stages) else (state["epoch"] + 1, 0)


def resolve_stage(path: str | Path) -> Path:
    """A stage dir; a run dir or its checkpoints dir (→ latest); `.../best` (→ best.json)."""
    path = Path(path)
    if (path / "checkpoints").is_dir():
        path = path / "checkpoints"
    if path.name == "best" and (path.parent / "best.json").exists():
        return path.parent / read_json(path.parent / "best.json")["dir"]
    if (path / "latest").exists():
        return path / (path / "latest").read_text().strip()
    if not (path / "stage.json").exists():
        raise ValueError(f"{path}: not an adversarial run or stage checkpoint (no stage.json)")
    return path
