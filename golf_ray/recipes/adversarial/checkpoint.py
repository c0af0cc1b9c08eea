"""Checkpoints of `golf-ray adversarial`, one directory per stage and epoch, in the layout of
golf_ray.rl.checkpoints.

`RUN/checkpoints/epoch01-stage3-pseudocode/` holds `generator/` and `discriminator/` (each one
learner checkpoint: DeepSpeed state and a plain HF `policy/`) and `stage.json` (the stage's scores
and the game's state: schedule position, problem cursor, the adversarial test pools), written
last, so a stage dir without it is incomplete and never resumed from. `latest` names the newest
stage dir; `best.json` the one with the highest score.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

from golf_ray.fileio import atomic_write_json
from golf_ray.rl import checkpoints

if TYPE_CHECKING:
    from golf_ray.recipes.adversarial.config import AdversarialConfig


def stage_dir_name(record: dict) -> str:
    return f"epoch{record['epoch'] + 1:02d}-stage{record['stage'] + 1}-{record['stage_name']}"


def publish_stage(root: Path, name: str, record: dict, state: dict, keep: int) -> None:
    """After both learners saved into `root/name`: stage.json, then latest, best.json, pruning."""
    atomic_write_json(root / name / "stage.json", {**record, **state})
    checkpoints.update_best(root, name, "score", record["score"], **record)
    checkpoints.publish(root, name, keep)


def read_stage(stage_dir: Path) -> dict:
    path = Path(stage_dir) / "stage.json"
    try:
        state = json.loads(path.read_text())
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
    """A stage dir from any form golf_ray.rl.checkpoints.resolve takes."""
    path = checkpoints.resolve(path)
    if not (path / "stage.json").exists():
        raise ValueError(f"{path}: not an adversarial run or stage checkpoint (no stage.json)")
    return path
