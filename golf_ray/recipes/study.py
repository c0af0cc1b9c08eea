"""Studies: a sweep of training runs plus a report, `golf-ray study NAME [--storage DIR] [--quick]`.

A study is `tune_configs/studies/NAME.yaml`: a sweep file (golf_ray/recipes/sweep.py, run by the
same machinery) with two more keys,

    report: lr_schedules        # which report reads the runs (study_reports.REPORTS)
    quick:                      # --quick (CI): `overrides` appended, any other sweep key replaced
      overrides: [steps=3]
      search: {learner.lr_schedule: {grid: [cosine]}}

and its first comment line is its one-line description (`golf-ray study --list`). The report
(golf_ray/recipes/study_reports.py) reads every trial's `metrics.csv` (and the evaluations' per-task pass rates in `tasks.csv`); this module writes `DIR/NAME/report.md` with its PNG figures beside it:
each property the study checks gets a verdict line with its numbers,

    - **holds** gradient norm logged every step: 24/24 steps in each of 2 runs
    - **does not hold** entropy falls over training: slope +0.0012/step (run seed=0) ...
    - **measured** reward by schedule: constant 0.12, cosine 0.15 (mean of the last third)

A statistical property may honestly not hold on a tiny model in a few steps; the report says so
rather than hiding it. Laws of the code (the LR formula, the clipping bound) are also tests.
A study this machine cannot run (quantization without a GPU: study_reports.UNAVAILABLE) starts no
run; its report.md says why, and `golf-ray study` exits 0: a skip, not a failure.
"""

from __future__ import annotations

import difflib
import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from golf_ray.config import CONFIG_ROOT, ConfigError
from golf_ray.fileio import atomic_write_bytes, atomic_write_text
from golf_ray.metrics import read_metrics, task_history
from golf_ray.recipes.study_reports import (
    REPORTS,
    UNAVAILABLE,
    Report,
    Trial,
    Verdict,
    last_step,
)
from golf_ray.recipes.sweep import (
    ABLATION_KEY,
    SWEEP_KEYS,
    Sweep,
    SweepResult,
    read_mapping,
    run_sweep,
    sweep_from_dict,
)

STUDIES_DIR = CONFIG_ROOT / "studies"
STUDY_KEYS = ("report", "quick")
REPORT_MD = "report.md"
EVAL_SPLITS = ("val", "train_eval")  # the evaluations' per-task pass rates a report may read


# --------------------------------------------------------------------------- loading


def study_path(name: str) -> Path:
    """A study by name (tune_configs/studies/NAME.yaml) or a path to a study file."""
    path = Path(name)
    if path.suffix in (".yaml", ".yml") and path.is_file():
        return path
    found = STUDIES_DIR / f"{name}.yaml"
    if not found.is_file():
        close = difflib.get_close_matches(name, [n for n, _ in list_studies()], n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        raise ConfigError(f"unknown study '{name}'{hint}; golf-ray study --list shows them")
    return found


def list_studies() -> list[tuple[str, str]]:
    """(name, description) of every study file, the description its first comment line."""
    out = []
    for path in sorted(STUDIES_DIR.glob("*.yaml")):
        first = next((ln for ln in path.read_text().splitlines() if ln.startswith("#")), "#")
        out.append((path.stem, first.lstrip("# ").strip()))
    return out


def load_study(name: str, quick: bool = False) -> tuple[Sweep, str]:
    """The study's sweep (with its quick settings when asked) and its report's name."""
    path = study_path(name)
    raw = read_mapping(path, "study")
    where = str(path)
    report = raw.pop("report", None)
    if report not in REPORTS:
        raise ConfigError(f"{where}: 'report' must be one of {', '.join(REPORTS)}, got {report!r}")
    fast = raw.pop("quick", None) or {}
    if not isinstance(fast, dict):
        raise ConfigError(f"{where}: 'quick' must map sweep keys to their --quick values")
    for key, value in fast.items():
        if key not in SWEEP_KEYS or key == "name":
            close = difflib.get_close_matches(str(key), SWEEP_KEYS, n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            raise ConfigError(f"{where}: quick: unknown key '{key}'{hint}")
        if quick and key == "overrides":
            if not isinstance(value, list):
                raise ConfigError(f"{where}: quick: 'overrides' must be a list of key=value")
            raw["overrides"] = [*(raw.get("overrides") or []), *value]
        elif quick:
            raw[key] = value
    raw.setdefault("name", path.stem)
    text = path.read_text() + ("# run with --quick\n" if quick else "")
    return sweep_from_dict(raw, path, text), report


# --------------------------------------------------------------------------- running


@dataclass
class StudyResult:
    sweep: SweepResult | None  # None: skipped
    report: Path
    verdicts: list[Verdict]
    skipped: str | None = None  # why this machine cannot run the study (no run started)


def run_study(
    name: str,
    storage: str | Path = "studies",
    quick: bool = False,
    address: str | None = None,
    verbose: int = 1,
) -> StudyResult:
    """Run (or continue) the study's sweep, then write DIR/NAME/report.md and its figures."""
    sweep, report_name = load_study(name, quick)
    exp_dir = Path(storage).resolve() / sweep.name
    saved = exp_dir / "sweep.yaml"
    if saved.exists() and saved.read_text() != sweep.text:
        raise ConfigError(
            f"{exp_dir} holds this study run with other settings (--quick or an edited file); "
            "remove it or pick another --storage"
        )
    unavailable = UNAVAILABLE.get(report_name)
    reason = unavailable() if unavailable else None
    if reason is not None:
        report = REPORTS[report_name]([])  # its verdicts and figure say why
        return StudyResult(
            None, write_report(report, [], exp_dir, sweep, quick), report.verdicts, reason
        )
    result = run_sweep(sweep, storage=storage, address=address, verbose=verbose)
    trials = [
        Trial(
            _label(r.params),
            sweep.trial_config(r.params),
            read_metrics(r.run_dir),
            r.status,
            {split: task_history(r.run_dir, split) for split in EVAL_SPLITS},
        )
        for r in result.rows
    ]
    report = REPORTS[report_name](trials)
    path = write_report(report, trials, exp_dir, sweep, quick)
    return StudyResult(result, path, report.verdicts)


def _label(params: dict[str, Any]) -> str:
    shown = [
        f"{k.rsplit('.', 1)[-1]}={v:g}" if isinstance(v, float) else f"{k.rsplit('.', 1)[-1]}={v}"
        for k, v in params.items()
        if k != ABLATION_KEY
    ]
    if params.get(ABLATION_KEY):
        shown.append(str(params[ABLATION_KEY]))
    return ", ".join(shown) or "baseline"


def write_report(report: Report, trials: list[Trial], exp_dir: Path, sweep: Sweep, quick: bool):
    lines = [f"# {report.title}", ""]
    lines.append(
        f"Study `{sweep.name}`{' (--quick)' if quick else ''}: {len(trials)} runs of "
        f"`{Path(sweep.experiment).name}` ({sweep.path}); "
        f"rerun with `golf-ray study {sweep.name}{' --quick' if quick else ''}`."
    )
    lines += ["", "## Verdicts", "", *(v.line() for v in report.verdicts), ""]
    lines += ["## Figures", ""]
    for file, fig in report.figures.items():
        buffer = io.BytesIO()
        fig.savefig(buffer, format="png")
        atomic_write_bytes(exp_dir / file, buffer.getvalue())
        lines.append(f"![{Path(file).stem}]({file})")
    lines += ["", "## Runs", "", "| run | steps | status |", "|---|---|---|"]
    for t in trials:
        lines.append(f"| {t.label} | {last_step(t)}/{t.cfg.steps} | {t.status} |")
    if report.notes:
        lines += ["", "## Notes", "", *report.notes]
    return atomic_write_text(exp_dir / REPORT_MD, "\n".join(lines) + "\n")
