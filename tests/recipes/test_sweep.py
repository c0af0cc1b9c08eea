"""`golf-ray sweep`: the sweep file is checked (one-line errors naming file and key, every trial
config built before anything runs), and the 4-trial tiny sweep runs for real through Ray Tune,
writes results.csv and a best_config.yaml that `load_config` accepts, and resumes as a no-op."""

from __future__ import annotations

import csv
import math
import textwrap
from pathlib import Path

import pytest

from golf_ray.cli import main
from golf_ray.config import ConfigError, load_config
from golf_ray.recipes.sweep import (
    BASELINE,
    Sweep,
    TrialRow,
    _concurrency,
    best_row,
    format_table,
    load_sweep,
    run_sweep,
)

TINY = Path(__file__).resolve().parents[2] / "tune_configs" / "sweeps" / "tiny_lr.yaml"


@pytest.fixture
def write_sweep(tmp_path):
    def write(body: str) -> Path:
        path = tmp_path / "sweep.yaml"
        path.write_text("experiment: experiments/tiny_grpo.yaml\n" + textwrap.dedent(body))
        return path

    return write


def _error(path: Path) -> str:
    with pytest.raises(ConfigError) as info:
        load_sweep(path).validate()
    message = str(info.value)
    assert "\n" not in message and message.startswith(str(path)), message
    return message


# --------------------------------------------------------------------------- validation


def test_unknown_top_level_key(write_sweep):
    message = _error(write_sweep("num_sample: 4\n"))
    assert "unknown key 'num_sample'" in message and "did you mean 'num_samples'" in message


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ("{logunifrom: [1.0e-5, 1.0e-3]}", "must be one of"),
        ("{loguniform: [0, 1.0e-3]}", "0 < lo < hi"),
        ("{uniform: [1.0, 0.5]}", "lo < hi"),
        ("{randint: [1, 2.5]}", "integers"),
        ("{grid: []}", "non-empty list"),
        ("0.001", "must be one of"),
    ],
)
def test_bad_search_spec(write_sweep, spec, expected):
    message = _error(write_sweep(f"search:\n  learner.lr: {spec}\n"))
    assert "search: 'learner.lr'" in message and expected in message


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # a typo in a searched key, a bad value among a grid, in a choice, at a range's end
        (
            "search: {learner.lrr: {grid: [1.0e-5]}}",
            "search: unknown key 'learner.lrr' (did you mean 'learner.lr'?)",
        ),
        ("search: {rollout.temperature: {grid: [0.7, hot]}}", "'rollout.temperature' must be"),
        ("search: {algorithm.name: {choice: [grpo, 3]}}", "'algorithm.name' must be str"),
        ("search: {rollout.max_tokens: {uniform: [8, 16]}}", "'rollout.max_tokens' must be int"),
        ("ablations: {no_kl: {algorithm.kl_coeff: 0.0}}", "ablations.no_kl: unknown key"),
        ("overrides: [learner.lrr=1.0e-5]", "overrides: unknown key 'learner.lrr'"),
        ("overrides: [steps=many]", "overrides: 'steps' must be int"),
        # a combination the trainer rejects: 2 prompts per step cannot split over 3 learners
        ("search: {learner.num_actors: {grid: [1, 3]}}", "trial learner.num_actors=3"),
    ],
)
def test_bad_trial_config_fails_before_the_sweep(write_sweep, body, expected):
    assert expected in _error(write_sweep(body + "\n"))


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("experiment: nowhere.yaml", "'experiment' file not found"),
        ("mode: maximum", "'mode' must be max or min"),
        ("scheduler: {hyperband: {}}", "'scheduler' must be none or {asha"),
        ("scheduler: {asha: {max_tt: 4}}", "'scheduler.asha.max_tt' is not one of"),
        ("resources_per_trial: {cpus: 1}", "'resources_per_trial.cpus' is not one of"),
        ("num_samples: 0", "'num_samples' must be an integer >= 1"),
        ("name: a/b", "'name' must be letters"),
        ("resources_per_trial: {cpu: 0}", "'resources_per_trial.cpu' must be > 0"),
        ("ablations: {baseline: {steps: 1}}", "'ablations.baseline'"),
        (
            "search: {algorithm.kl_coef: {grid: [0.0, 0.1]}}\n"
            "ablations: {no_kl: {algorithm.kl_coef: 0.0}}",
            "is also searched",
        ),
    ],
)
def test_bad_sweep_settings(tmp_path, body, expected):
    path = tmp_path / "sweep.yaml"
    if not body.startswith("experiment"):
        body = "experiment: experiments/tiny_grpo.yaml\n" + body
    path.write_text(body + "\n")
    assert expected in _error(path)


def test_cli_reports_a_bad_sweep_in_one_line(write_sweep, capsys):
    path = write_sweep("search: {learner.lrr: {grid: [1.0e-5]}}\n")
    assert main(["sweep", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"golf-ray: error: {path}: search: unknown key 'learner.lrr'")
    assert "\n" not in err


def test_resume_needs_an_existing_sweep(tmp_path, capsys):
    assert main(["sweep", str(TINY), "--storage", str(tmp_path), "--resume"]) == 2
    assert "nothing to resume" in capsys.readouterr().err


# --------------------------------------------------------------------------- trial configs


def test_ablations_are_a_grid_of_override_sets(write_sweep):
    sweep = load_sweep(
        write_sweep(
            """
            overrides: [steps=2]
            search: {learner.lr: {loguniform: [1.0e-5, 1.0e-3]}}
            ablations:
              no_kl: {algorithm.kl_coef: 0.0}
              no_curriculum: {curriculum.enabled: false}
            """
        )
    )
    points = sweep.points()
    assert {p["ablation"] for p in points} == {BASELINE, "no_kl", "no_curriculum"}
    assert sorted({p["learner.lr"] for p in points}) == [1e-5, 1e-3]  # both ends checked
    assert sweep.validate() == 6
    base = sweep.trial_config({"learner.lr": 3e-4, "ablation": BASELINE})
    assert base.steps == 2 and base.learner.lr == 3e-4 and base.curriculum.enabled
    off = sweep.trial_config({"learner.lr": 3e-4, "ablation": "no_curriculum"})
    assert not off.curriculum.enabled and off.learner.lr == 3e-4
    space = sweep.param_space()
    assert space["ablation"] == {"grid_search": [BASELINE, "no_kl", "no_curriculum"]}


def test_the_tiny_sweep_has_four_cpu_trials_that_fit_two_cores():
    sweep = load_sweep(TINY)
    assert sweep.validate() == 4
    for params in sweep.points():
        cfg = sweep.trial_config(params)
        assert cfg.rollout.engine == "hf" and cfg.sandbox.backend == "process"
        assert sweep.bundles(cfg) == [{"CPU": 1.0}]  # its actors take 0 CPUs
    assert _concurrency(sweep, {"CPU": 2.0}) == 2


def test_learners_get_bundles_in_the_trial_placement_group(write_sweep):
    sweep = load_sweep(
        write_sweep(
            """
            overrides: [rollout.num_gpus=1, learner.num_gpus=1, learner.num_cpus=1,
                        rollout.num_cpus=1, sandbox.num_cpus=1, sandbox.num_actors=2]
            max_concurrent_trials: 8
            """
        )
    )
    cfg = sweep.trial_config({})
    assert sweep.bundles(cfg) == [
        {"CPU": 1.0},
        {"CPU": 1.0, "GPU": 1.0},
        {"CPU": 1.0},
        {"CPU": 1.0},
        {"CPU": 1.0, "GPU": 1.0},
    ]
    assert sweep.trial_total(cfg) == {"CPU": 5.0, "GPU": 2.0}
    # whole trials are placement groups, so Tune itself runs only what fits
    assert _concurrency(sweep, {"CPU": 64.0, "GPU": 4.0}) == 8
    with pytest.raises(ConfigError, match="a trial needs 2 GPU .* cluster has 1"):
        _concurrency(sweep, {"CPU": 64.0, "GPU": 1.0})


def test_learner_group_joins_the_enclosing_placement_group(ray_session):
    import ray
    from ray.util.scheduling_strategies import PlacementGroupSchedulingStrategy

    from golf_ray.learner.group import _placement_group

    @ray.remote(num_cpus=0)
    def learner_group_reservation() -> bool:
        return _placement_group(1, 0.5, 0) is None

    trial = ray.util.placement_group([{"CPU": 0.5}])
    ray.get(trial.ready(), timeout=60)
    try:
        inside = learner_group_reservation.options(
            scheduling_strategy=PlacementGroupSchedulingStrategy(
                trial, placement_group_capture_child_tasks=True
            )
        ).remote()
        assert ray.get(inside, timeout=60)  # a Tune trial: no second reservation
    finally:
        ray.util.remove_placement_group(trial)
    outside = _placement_group(1, 0.5, 0)  # a plain run reserves its ranks itself
    assert outside is not None
    ray.util.remove_placement_group(outside)


def test_table_and_best_trial():
    rows = [
        TrialRow("a", {"learner.lr": 1e-5}, 0.5, 4, 4, "done", "x"),
        TrialRow("b", {"learner.lr": 1e-3}, 0.9, 2, 4, "stopped", "y"),
        TrialRow("c", {"learner.lr": 1e-4}, 0.7, 4, 4, "done", "z"),
        TrialRow("d", {"learner.lr": 1e-2}, math.nan, 1, 4, "error", "w", "boom"),
    ]
    best = best_row(rows, "max")
    assert best.trial == "c"  # completed trials first: b was stopped early
    assert best_row(rows, "min").trial == "a"
    table = format_table(rows, "reward_mean", best)
    assert "c *" in table and "error (boom)" in table and "2/4" in table
    assert isinstance(load_sweep(TINY), Sweep)


# --------------------------------------------------------------------------- for real


@pytest.mark.slow
def test_tiny_sweep_runs_writes_results_and_resumes(ray_session, tmp_path, capsys):
    result = run_sweep(TINY, storage=tmp_path, verbose=0)
    exp_dir = tmp_path / "tiny-lr"
    assert result.exp_dir == exp_dir and not result.unfinished
    print(result.table())

    with open(exp_dir / "results.csv") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 4
    assert {(r["learner.lr"], r["algorithm.name"]) for r in rows} == {
        (lr, algo) for lr in ("1e-05", "0.001") for algo in ("grpo", "ppo")
    }
    for row in rows:
        assert row["status"] in ("done", "stopped"), row
        assert math.isfinite(float(row["reward_mean"]))
        run_dir = Path(row["run_dir"])
        assert run_dir.parent.parent == exp_dir and (run_dir / "metrics.csv").exists()
    done = [r for r in rows if r["status"] == "done"]
    assert done and all(int(r["steps"]) == 4 for r in done)
    assert all((Path(r["run_dir"]) / "summary.json").exists() for r in done)

    best = load_config(exp_dir / "best_config.yaml")
    chosen = next(r for r in rows if r["trial"] == result.best.trial)
    assert best.learner.lr == float(chosen["learner.lr"])
    assert best.algorithm.name == chosen["algorithm.name"]
    assert best.steps == 4 and best.rollout.engine == "hf" and best.name == "tiny-lr-best"

    # --resume on a finished sweep re-prints the table and trains nothing.
    stamps = {r["run_dir"]: (Path(r["run_dir"]) / "metrics.csv").stat().st_mtime for r in rows}
    capsys.readouterr()
    args = ["sweep", str(TINY), "--storage", str(tmp_path), "--resume", "--quiet"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert all(r["trial"] in out for r in rows) and "best config:" in out
    assert stamps == {d: (Path(d) / "metrics.csv").stat().st_mtime for d in stamps}
