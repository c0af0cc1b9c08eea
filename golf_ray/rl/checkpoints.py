"""One checkpoint layout for every loop (train, adversarial, agent) and every command that takes
a run or a checkpoint (train --resume, eval, solve, serve, bench, adversarial, agent).

A run keeps its checkpoints in `RUN/checkpoints/`:

    NAME/       one checkpoint; its writer builds it whole before it is published
    latest      the NAME of the newest checkpoint
    best.json   {"dir": NAME, "metric": ..., "value": ..., ...}: the best so far

A writer (the learner actor, the agent's controller, a stage of the adversarial game) writes one
checkpoint dir. The run names it (`step_name`) and `publish`es it: latest, best.json, pruning.
`resolve` turns any path a command takes into one checkpoint dir.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from golf_ray.fileio import atomic_write_json, atomic_write_text

CHECKPOINTS = "checkpoints"
LATEST = "latest"
BEST = "best.json"


def step_name(step: int, prefix: str = "step") -> str:
    return f"{prefix}-{step:06d}"


def is_run(path: str | Path) -> bool:
    """A run dir (it holds checkpoints/): resuming from it goes on in place."""
    return (Path(path) / CHECKPOINTS).is_dir()


def root_of(path: str | Path) -> Path:
    """A run dir → its checkpoints root; a checkpoints root stays as it is."""
    return Path(path) / CHECKPOINTS if is_run(path) else Path(path)


def latest(path: str | Path) -> Path | None:
    """The newest checkpoint of a run dir or checkpoints root; None when it has none."""
    root = root_of(path)
    if not (root / LATEST).is_file():
        return None
    return root / (root / LATEST).read_text().strip()


def best(path: str | Path) -> dict | None:
    """best.json of a run dir or checkpoints root; None when nothing was ranked yet."""
    file = root_of(path) / BEST
    return json.loads(file.read_text()) if file.is_file() else None


def resolve(path: str | Path) -> Path:
    """Any form a command takes → one checkpoint dir: a run dir or its checkpoints root (→ the
    latest), `RUN/best` or `RUN/checkpoints/best` (→ best.json's), a checkpoint dir (itself).
    Anything else comes back unchanged (a model dir or name, for the caller to judge)."""
    path = Path(path)
    if path.name == "best" and not path.exists() and (ranked := best(path.parent)) is not None:
        return root_of(path.parent) / ranked["dir"]
    return latest(path) or path


def update_best(
    root: str | Path, name: str, metric: str, value: float, mode: str = "max", **record
) -> bool:
    """Point best.json at NAME when `value` beats the best so far; True if it did."""
    current = best(root)
    if current is not None:
        if not (value > current["value"] if mode == "max" else value < current["value"]):
            return False
    atomic_write_json(Path(root) / BEST, {"dir": name, "metric": metric, "value": value, **record})
    return True


def publish(root: str | Path, name: str, keep: int) -> Path:
    """NAME/ is complete: make it `latest` and keep the newest `keep` (0: all) and the best."""
    root = Path(root)
    atomic_write_text(root / LATEST, name + "\n")
    if keep > 0:
        ranked = best(root)
        names = sorted((p.name for p in _checkpoints(root)), key=_natural)
        for old in names[:-keep]:
            if ranked is None or old != ranked["dir"]:
                shutil.rmtree(root / old, ignore_errors=True)
    return root / name


def _checkpoints(root: Path) -> list[Path]:
    # hidden names are writers' unfinished temporary dirs
    return [p for p in root.iterdir() if p.is_dir() and not p.name.startswith(".")]


def _natural(name: str) -> list:
    """`epoch01-stage10` after `epoch01-stage9`: numbers compare as numbers."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", name)]
