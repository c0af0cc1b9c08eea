"""The one checkpoint layout (golf_ray.rl.checkpoints): publish, best, pruning, and every path form
a command takes resolving to one checkpoint dir."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from golf_ray.inference import resolve_policy
from golf_ray.rl import checkpoints


def write(root: Path, name: str, keep: int = 0, **best) -> Path:
    (root / name).mkdir(parents=True)
    (root / name / "meta.json").write_text("{}")
    if best:
        checkpoints.update_best(root, name, **best)
    return checkpoints.publish(root, name, keep)


def test_every_form_resolves_to_one_checkpoint(tmp_path: Path) -> None:
    run = tmp_path / "run"
    root = run / "checkpoints"
    write(root, "step-000001", metric="m", value=0.9)
    write(root, "step-000002", metric="m", value=0.5)
    assert checkpoints.latest(run) == checkpoints.latest(root) == root / "step-000002"
    assert checkpoints.best(run) == {"dir": "step-000001", "metric": "m", "value": 0.9}
    for form in (run, root, root / "step-000002"):
        assert checkpoints.resolve(form) == root / "step-000002", form
    for form in (run / "best", root / "best", str(root / "best")):
        assert checkpoints.resolve(form) == root / "step-000001", form
    model = tmp_path / "some-model"
    assert checkpoints.resolve(model) == model  # not a checkpoint: the caller judges it
    assert checkpoints.latest(model) is None and checkpoints.best(model) is None
    assert checkpoints.is_run(run) and not checkpoints.is_run(root)


def test_publish_keeps_the_newest_and_the_best(tmp_path: Path) -> None:
    root = tmp_path / "checkpoints"
    write(root, "step-000001", keep=2, metric="m", value=1.0)
    for step, value in ((2, 0.1), (3, 0.2), (4, 0.3)):
        write(root, checkpoints.step_name(step), keep=2, metric="m", value=value)
    (root / ".tmp-step-000005").mkdir()  # a writer's unfinished dir is not a checkpoint
    write(root, "step-000005", keep=2)
    names = sorted(p.name for p in root.iterdir())
    assert names == [".tmp-step-000005", "best.json", "latest"] + [
        "step-000001",  # the best
        "step-000004",
        "step-000005",
    ]
    assert not checkpoints.update_best(root, "step-000005", "m", 0.5)
    assert checkpoints.update_best(root, "step-000005", "m", 0.5, mode="min", step=5)
    assert json.loads((root / "best.json").read_text())["step"] == 5


def test_pruning_orders_numbers_as_numbers(tmp_path: Path) -> None:
    root = tmp_path / "checkpoints"
    names = [f"epoch01-stage{k}-x" for k in range(1, 11)] + ["epoch02-stage1-x"]
    for name in names:
        write(root, name, keep=3)
    assert sorted((p.name for p in root.iterdir() if p.is_dir()), key=names.index) == names[-3:]


def test_policy_of_any_checkpoint(tmp_path: Path) -> None:
    """`solve`/`serve`/`eval`/`bench` take a run of any loop: train's checkpoint holds policy/,
    an adversarial stage the generator's."""
    train, adversarial = tmp_path / "train" / "checkpoints", tmp_path / "adv" / "checkpoints"
    for policy in (
        train / "step-000003" / "policy",
        adversarial / "epoch01-stage2-x" / "generator" / "policy",
    ):
        policy.mkdir(parents=True)
        (policy / "config.json").write_text("{}")
    checkpoints.publish(train, "step-000003", 0)
    checkpoints.publish(adversarial, "epoch01-stage2-x", 0)
    assert resolve_policy(str(train.parent)) == str(train / "step-000003" / "policy")
    assert resolve_policy(str(adversarial.parent)) == str(
        adversarial / "epoch01-stage2-x" / "generator" / "policy"
    )
    assert resolve_policy(str(tmp_path)) == str(tmp_path)  # a plain model dir


@pytest.mark.parametrize("name", ["step-000001", "iter-000012"])
def test_step_names_sort_as_they_count(name: str) -> None:
    prefix, number = name.split("-")
    assert checkpoints.step_name(int(number), prefix) == name
