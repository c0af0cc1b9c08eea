"""What the terminal shows, and where everything else goes.

The CLI is quiet by default: the terminal shows progress bars, results, golf-ray's own warnings
and any error. While a run is open (`golf_ray.rl.run.Run`) everything else is kept under
`RUN/logs/`:

- `driver.log`: every log record of the driver process (golf-ray, Ray, transformers, DeepSpeed,
  Python warnings), INFO and up (DEBUG with `-v`);
- `workers.log`: the stdout and stderr of every Ray worker (vLLM, DeepSpeed and transformers
  inside the actors), as Ray streams them to the driver, each line tagged with its actor and pid.

`golf-ray -v CMD` also shows all of it live. Used as a library (no `configure` call), nothing is
hidden: Ray prints worker output as usual and a run still writes both files.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
from pathlib import Path

LOGS_DIR = "logs"  # RUN/logs/
DRIVER_LOG = "driver.log"
WORKERS_LOG = "workers.log"
# Libraries that give their logger a terminal handler of their own: routed through the root
# logger instead, so the quiet filter and the run's driver.log see their records.
LIBRARY_LOGGERS = ("ray", "DeepSpeed", "vllm", "transformers")
_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
_RAY_PRINT_HANDLER = "ray_print_logs"  # the name Ray gives its worker-output printer
_OUR_HANDLER = "golf_ray_workers_log"
_AUTOSCALER_EVENT = ":event_summary:"  # what Ray itself prints of the autoscaler's output


class _Quiet(logging.Filter):
    """The terminal's share: golf-ray's warnings, and errors from anyone."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno >= logging.ERROR:
            return True
        return record.levelno >= logging.WARNING and record.name.split(".")[0] == "golf_ray"


class _State:
    quiet = False  # set by `configure(verbose=False)`: the CLI's default
    level = logging.INFO
    workers_log: Path | None = None  # where worker output goes now
    lock = threading.Lock()


def configure(verbose: bool) -> None:
    """The CLI's logging: a terminal handler (quiet unless `verbose`), Python warnings as log
    records, and (quiet) W&B's terminal lines off; they are in RUN/wandb/ as well. Like
    `logging.basicConfig`, a no-op when the root logger has handlers already (an application
    or pytest that calls `main` configured logging itself)."""
    root = logging.getLogger()
    if root.handlers:
        return
    _State.quiet = not verbose
    _State.level = logging.DEBUG if verbose else logging.INFO
    console = logging.StreamHandler()
    console.setFormatter(logging.Formatter(_FORMAT, datefmt="%H:%M:%S"))
    if _State.quiet:
        console.addFilter(_Quiet())
        os.environ.setdefault("WANDB_SILENT", "true")
    root.addHandler(console)
    root.setLevel(_State.level)
    logging.captureWarnings(True)


def route_library_loggers() -> None:
    """Send the libraries' records through the root logger (see LIBRARY_LOGGERS)."""
    for name in LIBRARY_LOGGERS:
        logger = logging.getLogger(name)
        logger.handlers.clear()
        logger.propagate = True
    if "transformers" in sys.modules:
        # transformers keeps its own handler object and re-adds it on first use otherwise
        from transformers.utils import logging as hf_logging

        hf_logging.disable_default_handler()
        hf_logging.enable_propagation()
        if _State.quiet:
            hf_logging.disable_progress_bar()


class RunLogs:
    """RUN/logs/ while a run is open: the driver's log records into driver.log, the Ray workers'
    output into workers.log (see the module docstring). `close()` stops the driver log; worker
    lines that arrive later (actors shutting down) still go to this run's workers.log."""

    def __init__(self, run_dir: str | Path) -> None:
        self.dir = Path(run_dir) / LOGS_DIR
        self.dir.mkdir(parents=True, exist_ok=True)
        if _State.quiet:
            route_library_loggers()
        self._file = logging.FileHandler(self.dir / DRIVER_LOG, encoding="utf-8")
        self._file.setFormatter(logging.Formatter(_FORMAT))
        self._file.setLevel(_State.level)
        root = logging.getLogger()
        root.addHandler(self._file)
        self._root_level = root.level
        root.setLevel(min(root.level, _State.level))  # the file gets INFO whatever the terminal
        with _State.lock:
            _State.workers_log = self.dir / WORKERS_LOG
        follow_workers()

    def close(self) -> None:
        root = logging.getLogger()
        root.removeHandler(self._file)
        root.setLevel(self._root_level)
        self._file.close()
        if not _State.quiet:
            with _State.lock:  # library use: the next run (or none) takes the lines
                if _State.workers_log == self.dir / WORKERS_LOG:
                    _State.workers_log = None


def follow_workers() -> None:
    """Write the Ray workers' streamed output to the open run's workers.log and, when quiet,
    stop Ray printing it. Called when a run opens and after `ray.init` (Ray adds its printer
    there); a no-op before Ray starts."""
    from ray._private.ray_logging import global_worker_stdstream_dispatcher as dispatcher

    with dispatcher._lock:
        names = {name for name, _ in dispatcher.handlers}
    if _OUR_HANDLER not in names:
        dispatcher.add_handler(_OUR_HANDLER, _write_worker_lines)
    if _State.quiet and _RAY_PRINT_HANDLER in names:
        dispatcher.remove_handler(_RAY_PRINT_HANDLER)


def _write_worker_lines(data: dict) -> None:
    """One batch of a worker's lines, as Ray's log monitor sends them."""
    with _State.lock:
        path = _State.workers_log
        if path is None:
            return
        lines = data.get("lines", [])
        if data.get("pid") == "autoscaler":  # its status table every few seconds: events only
            lines = [
                line.split(_AUTOSCALER_EVENT, 1)[1] for line in lines if _AUTOSCALER_EVENT in line
            ]
        who = data.get("actor_name") or data.get("task_name") or "worker"
        tag = f"({who} pid={data.get('pid')}{' err' if data.get('is_err') else ''})"
        with path.open("a", encoding="utf-8") as f:
            f.writelines(f"{tag} {line}\n" for line in lines)
