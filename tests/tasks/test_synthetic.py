"""The synthetic grid curriculum: reference programs verified in the real sandbox, determinism per
seed, a disjoint family split that the driver keeps, the Code Golf file format, bad input."""

import json

import pytest

from golf_ray.actors.sandbox import SandboxActor, VerifyJob
from golf_ray.prompts import build_prompt, count_tokens
from golf_ray.tasks import load_task_dir, load_tasks, validate_task_json
from golf_ray.tasks.synthetic import (
    FAMILIES,
    HELD_OUT_FAMILIES,
    SyntheticSpec,
    SyntheticTaskSet,
    load_synthetic_tasks,
)
from golf_ray.verify import Limits


@pytest.fixture(scope="module")
def tasks() -> SyntheticTaskSet:
    return load_synthetic_tasks()


@pytest.fixture(scope="module")
def sandbox():
    limits = Limits(example_timeout_s=5.0)
    actor = SandboxActor("process", limits, image="", memory_mb=1024, cpus=1.0, pids_limit=64)
    yield actor
    actor.close()


def _job(task, source, outputs=None):
    examples = task.all_examples
    return VerifyJob(
        key=task.id,
        source=source,
        inputs=[e.input for e in examples],
        expected=outputs if outputs is not None else [e.output for e in examples],
    )


def test_every_reference_program_is_correct_in_the_sandbox(tasks, sandbox):
    verdicts = sandbox.verify_batch([_job(t, t.reference) for t in tasks])
    pairs = list(zip(tasks, verdicts, strict=True))
    assert not [(t.id, t.family, t.params, v.error, v.message) for t, v in pairs if not v.correct]
    assert all(v.total == 28 and v.points == 2500 - len(t.reference) for t, v in pairs)


def test_the_sandbox_rejects_a_reference_against_corrupted_outputs(tasks, sandbox):
    task = next(t for t in tasks if t.family == "flip_h")
    outputs = [e.output for e in task.all_examples]
    outputs[-1] = [[(c + 1) % 10 for c in r] for r in outputs[-1]]  # one checking example off
    verdict = sandbox.verify(_job(task, task.reference, outputs))
    assert not verdict.correct and verdict.passed == len(outputs) - 1
    assert verdict.first_failure == len(outputs) - 1
    # and a program that is right on the shown examples only is caught by the checking ones
    shown = {json.dumps(e.input): e.output for e in (*task.train, *task.test)}
    cheat = f"import json\np=lambda g:{shown!r}.get(json.dumps(g),g)"
    assert not sandbox.verify(_job(task, cheat)).correct


def test_generation_is_deterministic_per_seed(tasks):
    again = load_synthetic_tasks()
    assert [t.to_json() for t in again] == [t.to_json() for t in tasks]
    assert [t.reference for t in again] == [t.reference for t in tasks]
    other = load_synthetic_tasks(seed=1)
    assert other.ids == tasks.ids
    # tasks.seed reaches the driver's loader
    assert [t.to_json() for t in load_tasks("synthetic", seed=1)] == [t.to_json() for t in other]
    assert (
        sum(a.to_json() != b.to_json() for a, b in zip(other, tasks, strict=True)) >= len(tasks) - 2
    )
    # a task's grids depend on its own (seed, family, params, instance), not on the others
    only = load_synthetic_tasks(families=("rot270", "recolour"))
    by_key = {(t.family, t.params): t.to_json() for t in tasks}
    assert all(by_key[(t.family, t.params)] == t.to_json() for t in only)


def test_examples_are_distinct_and_change_their_input(tasks):
    for t in tasks:
        inputs = [json.dumps(e.input) for e in t.all_examples]
        assert len(set(inputs)) == len(inputs), t.id
        assert (len(t.train), len(t.test), len(t.arc_gen)) == (3, 1, 24)
        if t.family != "identity":
            assert all(e.input != e.output for e in t.all_examples), t.id


def test_split_is_disjoint_by_family_and_parameters(tasks):
    train, held = tasks.split()
    assert set(train).isdisjoint(held) and sorted(train + held) == sorted(tasks.ids)
    assert len(train) == 44 and len(held) == 19
    train_keys = {(tasks.by_id(i).family, tasks.by_id(i).params) for i in train}
    held_keys = {(tasks.by_id(i).family, tasks.by_id(i).params) for i in held}
    assert train_keys.isdisjoint(held_keys)
    train_families = {f for f, _ in train_keys}
    assert set(HELD_OUT_FAMILIES) == {"rot180", "rot270", "gravity_up", "mirror_v"}
    assert train_families.isdisjoint(HELD_OUT_FAMILIES)
    assert {f for f, _ in held_keys} - set(HELD_OUT_FAMILIES)  # unseen parameters too
    # the driver's path: load_tasks -> subset(kept prompts) -> split(val_fraction, seed)
    via_driver = load_tasks("synthetic")
    assert via_driver.subset(via_driver.ids[::-1]).split(0.1, 3) == (train[::-1], held[::-1])


def test_tasks_are_valid_code_golf_files_and_prompts_are_small(tasks, tmp_path):
    folder = tmp_path / "tasks"
    folder.mkdir()
    for t in tasks:
        (folder / f"{t.id}.json").write_text(json.dumps(t.to_json()))
    loaded = load_task_dir(folder, strict=True)
    assert loaded.ids == tasks.ids and not loaded.skipped
    assert [t.to_json() for t in loaded] == [t.to_json() for t in tasks]
    assert max(count_tokens(build_prompt(t).text) for t in tasks) < 1024


def test_bad_input_is_a_one_line_error():
    with pytest.raises(ValueError, match="unknown family 'flip_x'; valid: identity"):
        load_synthetic_tasks(families=("flip_h", "flip_x"))
    with pytest.raises(ValueError, match="per_param must be an int in 1..1000, got 0"):
        load_synthetic_tasks(per_param=0)
    with pytest.raises(ValueError, match="n_test must be"):
        load_synthetic_tasks(SyntheticSpec(n_test=-1))
    with pytest.raises(ValueError, match="unexpected keyword argument 'sed'"):
        load_synthetic_tasks(sed=3)
    with pytest.raises(ValueError, match="dir is only used with source='dir'"):
        load_tasks("synthetic", dir="somewhere")
    # a damaged task file in the synthetic format is caught by the ordinary validator
    bad = load_synthetic_tasks(families=("flip_h",))[0].to_json()
    bad["arc-gen"][3]["output"][0][0] = 10
    with pytest.raises(ValueError, match=r"task1001.json: arc-gen\[3\]\.output\[0\]\[0\]: 10"):
        validate_task_json(json.dumps(bad), "task1001.json")


def test_family_table_is_consistent():
    for family in FAMILIES.values():
        assert family.train or family.held_out, family.name
        assert not set(family.train) & set(family.held_out), family.name
