"""Metrics: tidy CSV round trip, TensorBoard, W&B (real, offline), curves PNG, per-task history
(34)."""

from __future__ import annotations

import os

os.environ.setdefault("OMP_NUM_THREADS", "1")  # before torch is imported (TensorBoard writer)

import csv
import json
import math
import struct
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from golf_ray.config import ConfigError, LoggingConfig
from golf_ray.metrics import (
    MetricsLogger,
    StepTimer,
    plot_curves,
    read_metrics,
    task_history,
)

CSV_ONLY = LoggingConfig(tensorboard=False)


def test_csv_round_trip_with_keys_appearing_mid_run(tmp_path):
    with MetricsLogger(tmp_path, CSV_ONLY) as log:
        log.log(0, {"reward_mean": 0.5, "kl": 0})
        log.log(1, {"reward_mean": np.float32(0.25), "kl": True, "policy_loss": -1.5})
        log.log(2, {"grad_norm": math.nan, "tokens_per_s": 10**6})
        log.log(2, {"pass_at_1": 0.125}, split="val")
    m = read_metrics(tmp_path)
    assert m["train"]["reward_mean"] == [(0, 0.5), (1, 0.25)]
    assert m["train"]["kl"] == [(0, 0.0), (1, 1.0)]
    assert m["train"]["policy_loss"] == [(1, -1.5)]  # a key that appeared at step 1
    assert math.isnan(m["train"]["grad_norm"][0][1])
    assert m["train"]["tokens_per_s"] == [(2, 1e6)]
    assert m["val"] == {"pass_at_1": [(2, 0.125)]}
    assert (tmp_path / "metrics.csv").read_text().splitlines()[0] == "step,split,key,value,time"


def test_torch_values_are_logged(tmp_path):
    import torch

    with MetricsLogger(tmp_path, CSV_ONLY) as log:
        log.log(0, {"loss": torch.tensor(2.5)})
    assert read_metrics(tmp_path)["train"]["loss"] == [(0, 2.5)]


def test_resume_appends_after_a_torn_line_and_the_last_value_wins(tmp_path):
    with MetricsLogger(tmp_path, CSV_ONLY) as log:
        for step in range(5):
            log.log(step, {"reward_mean": step})
    with (tmp_path / "metrics.csv").open("a") as f:
        f.write("5,train,reward_me")  # a crash mid-row
    with MetricsLogger(tmp_path, CSV_ONLY) as log:  # resumed from the step-3 checkpoint
        for step in range(3, 7):
            log.log(step, {"reward_mean": 10 * step})
    got = read_metrics(tmp_path)["train"]["reward_mean"]
    assert got == [(0, 0.0), (1, 1.0), (2, 2.0), (3, 30.0), (4, 40.0), (5, 50.0), (6, 60.0)]


def test_rewind_drops_the_rows_after_the_checkpoint_and_a_torn_line(tmp_path):
    """A resume from the step-2 checkpoint of a run killed at step 4: each step once in the
    files themselves, not only in what read_metrics makes of them."""
    with MetricsLogger(tmp_path, LoggingConfig()) as log:
        for step in range(1, 5):
            log.log(step, {"reward_mean": step})
            log.log_tasks(step, {"task001": step / 10})
    with (tmp_path / "metrics.csv").open("a") as f:
        f.write("5,train,reward_me")  # killed mid-row
    with MetricsLogger(tmp_path, LoggingConfig()) as log:
        log.rewind(2)
        for step in (3, 4):
            log.log(step, {"reward_mean": 10 * step})
            log.log_tasks(step, {"task001": step})
    with (tmp_path / "metrics.csv").open() as f:
        rows = list(csv.reader(f))
    assert [(r[0], r[3]) for r in rows[1:]] == [
        ("1", "1.0"),
        ("2", "2.0"),
        ("3", "30.0"),
        ("4", "40.0"),
    ]
    assert task_history(tmp_path)["task001"] == [(1, 0.1), (2, 0.2), (3, 3.0), (4, 4.0)]
    with (tmp_path / "tasks.csv").open() as f:
        assert [r[0] for r in list(csv.reader(f))[1:]] == ["1", "2", "3", "4"]


def test_log_every_thins_train_but_keeps_evaluations(tmp_path):
    with MetricsLogger(tmp_path, LoggingConfig(tensorboard=False, log_every=5)) as log:
        for step in range(12):
            log.log(step, {"reward_mean": step})
            log.log(step, {"pass_at_1": step}, split="val")
    m = read_metrics(tmp_path)
    assert [s for s, _ in m["train"]["reward_mean"]] == [0, 5, 10]
    assert len(m["val"]["pass_at_1"]) == 12


def test_bad_values_and_foreign_files_are_clear_errors(tmp_path):
    with MetricsLogger(tmp_path, CSV_ONLY) as log, pytest.raises(TypeError, match="'note'"):
        log.log(0, {"note": "hello"})
    other = tmp_path / "other"
    other.mkdir()
    (other / "metrics.csv").write_text("a,b\n1,2\n")
    with pytest.raises(ValueError, match="not a golf-ray CSV"):
        MetricsLogger(other, CSV_ONLY)
    with pytest.raises(FileNotFoundError, match="logging.csv"):
        read_metrics(tmp_path / "nowhere")


def test_tensorboard_event_files_hold_the_scalars(tmp_path):
    from tensorboard.backend.event_processing.event_accumulator import EventAccumulator

    with MetricsLogger(tmp_path, LoggingConfig()) as log:
        for step in range(3):
            log.log(step, {"reward_mean": step / 2, "time/generate": 0.1})
        log.log(2, {"pass_at_1": 0.5}, split="val")
        log.log_tasks(2, {"task001": 1.0, "task002": 0.0})
    events = list((tmp_path / "tb").glob("events.out.tfevents.*"))
    assert events and all(e.stat().st_size > 0 for e in events)
    acc = EventAccumulator(str(tmp_path / "tb"))
    acc.Reload()
    tags = acc.Tags()
    assert {"train/reward_mean", "train/time/generate", "val/pass_at_1"} <= set(tags["scalars"])
    assert [(e.step, e.value) for e in acc.Scalars("train/reward_mean")] == [
        (0, 0.0),
        (1, 0.5),
        (2, 1.0),
    ]
    assert "train/task_pass_rate" in tags["histograms"]


def test_wandb_missing_is_a_one_line_error_naming_the_key(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "wandb", None)  # import wandb -> ImportError
    with pytest.raises(ConfigError, match="logging.wandb") as err:
        MetricsLogger(tmp_path, LoggingConfig(tensorboard=False, wandb=True))
    assert "\n" not in str(err.value)


def wandb_records(path: Path) -> Iterator:
    """The records of a W&B offline run file (`run-ID.wandb`): a ":W&B" header, then a LevelDB
    log (32 KiB blocks; a chunk is crc32 4 bytes, length 2, type 1: full, first, middle, last)
    of `wandb_internal_pb2.Record` messages. wandb ships no Python reader for it."""
    from wandb.proto import wandb_internal_pb2

    data, block = path.read_bytes(), 32768
    assert data[:4] == b":W&B", path
    pos, record = 7, b""
    while pos + 7 <= len(data):
        if block - pos % block < 7:  # a block's tail too short for a chunk header is padding
            pos += block - pos % block
            continue
        length, kind = int.from_bytes(data[pos + 4 : pos + 6], "little"), data[pos + 6]
        if pos + 7 + length > len(data):
            return  # a chunk still being written
        record += data[pos + 7 : pos + 7 + length]
        pos += 7 + length
        if kind in (1, 4):
            message = wandb_internal_pb2.Record()
            message.ParseFromString(record)
            yield message
            record = b""


def test_wandb_offline_run_holds_the_logged_metrics(tmp_path, monkeypatch):
    """Real wandb in offline mode: the run file in RUN/wandb/ has the config, every logged step
    under its split prefix, and the finish."""
    pytest.importorskip("wandb", reason="wandb is not installed (pip install -e '.[wandb]')")
    monkeypatch.setenv("WANDB_MODE", "offline")
    for var in ("WANDB_CONFIG_DIR", "WANDB_CACHE_DIR", "WANDB_DATA_DIR"):
        monkeypatch.setenv(var, str(tmp_path / "home"))  # nothing written outside the test
    cfg = LoggingConfig(tensorboard=False, wandb=True)
    with MetricsLogger(tmp_path / "my-run", cfg, config={"seed": 7}) as log:
        log.log(1, {"reward_mean": 0.25, "kl": 0.5})
        log.log(2, {"reward_mean": 0.75, "kl": np.float32(0.125)})
        log.log(2, {"pass@1": 1}, split="val")
    [run_file] = (tmp_path / "my-run" / "wandb").glob("offline-run-*/run-*.wandb")
    # wandb's service process writes the file: finish() can return before the last records land
    deadline = time.monotonic() + 60
    while "exit" not in {r.WhichOneof("record_type") for r in wandb_records(run_file)}:
        assert time.monotonic() < deadline, f"{run_file}: no exit record after 60 s"
        time.sleep(0.1)
    history, config = {}, {}
    for record in wandb_records(run_file):
        kind = record.WhichOneof("record_type")
        if kind == "history":
            items = {
                i.key or "/".join(i.nested_key): json.loads(i.value_json)
                for i in record.history.item
            }
            history.setdefault(items.pop("_step"), {}).update(
                {k: v for k, v in items.items() if not k.startswith("_")}
            )
        elif kind == "run":
            assert record.run.display_name == "my-run" and record.run.project == "golf-ray"
            config = {u.key: json.loads(u.value_json) for u in record.run.config.update}
    assert history == {
        1: {"train/reward_mean": 0.25, "train/kl": 0.5},
        2: {"train/reward_mean": 0.75, "train/kl": 0.125, "val/pass@1": 1.0},
    }
    assert config["seed"] == 7


def test_step_timer_sums_phases():
    timer = StepTimer()
    with timer("generate"):
        time.sleep(0.02)
    with pytest.raises(RuntimeError), timer("verify"):
        raise RuntimeError("a failing phase still counts")
    with timer("generate"):
        time.sleep(0.01)
    m = timer.metrics()
    assert set(m) == {"time/generate", "time/verify", "time/step"}
    assert m["time/generate"] >= 0.03 and m["time/verify"] >= 0
    assert m["time/step"] >= m["time/generate"] + m["time/verify"]


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_curves_png_has_a_panel_per_headline_metric(tmp_path):
    rng = np.random.default_rng(0)
    with MetricsLogger(tmp_path, CSV_ONLY) as log:
        for step in range(40):
            timer = StepTimer(seconds={"generate": 1.0, "verify": 0.5, "learn": 0.3, "sync": 0.1})
            log.log(
                step,
                {
                    "reward_mean": step / 40 + rng.normal(0, 0.05),
                    "success_rate": step / 80,
                    "pass_at_1": step / 100,
                    "golf_points": 500.0 * step,
                    "policy_loss": rng.normal(0, 0.1),
                    "value_loss": 1 / (step + 1),
                    "kl": step / 1000,
                    "entropy": 1 - step / 50,
                    "grad_norm": 10 ** rng.uniform(-1, 2),
                    "tokens_per_s": 900.0,
                    **timer.metrics(),
                },
            )
            if step % 10 == 0:
                log.log(step, {"pass_at_1": step / 120, "golf_points": 400.0 * step}, "val")
    path = plot_curves(tmp_path)
    assert path == tmp_path / "curves.png"
    data = path.read_bytes()
    width, height = _png_size(data)
    assert len(data) > 50_000 and width >= 1200 and height >= 1000  # ten panels, 3 columns
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []  # no temp file


def test_curves_with_nothing_to_draw_still_write_a_png(tmp_path):
    with MetricsLogger(tmp_path, CSV_ONLY) as log:
        log.log(0, {"something_else": 1.0})
    assert _png_size(plot_curves(tmp_path).read_bytes())[0] > 0


@settings(max_examples=40, deadline=None)
@given(
    logs=st.lists(
        st.tuples(
            st.integers(0, 30),
            st.dictionaries(st.sampled_from(["task001", "task002", "task400"]), st.floats(0, 1)),
        ),
        max_size=15,
    )
)
def test_34_task_history_is_per_task_in_step_order(logs):
    expected: dict[str, dict[int, float]] = {}
    for step, rates in logs:  # steps may repeat or go back (a resume): the last write wins
        for task, rate in rates.items():
            expected.setdefault(task, {})[step] = rate
    with tempfile.TemporaryDirectory() as tmp:
        with MetricsLogger(tmp, CSV_ONLY) as log:
            for step, rates in logs:
                log.log_tasks(step, rates)
                log.log_tasks(step, {"task999": 0.5}, split="val")
        history = task_history(tmp)
        assert history == {t: sorted(by_step.items()) for t, by_step in expected.items()}
        assert set(task_history(tmp, split="val")) <= {"task999"}
