"""What the terminal shows, and where everything else goes.

The CLI is quiet by default: the terminal shows progress bars, results, golf-ray's own messages and
any error, but no library's lines nor the actors' notes (which engine, which sandbox backend).
While a run is open (`golf_ray.rl.run.Run`) it shows what the loop itself reports
(`golf_ray.recipes.*`: resumed, out of time, per-iteration lines of the loops without a bar) but
not the plumbing's notes (Ray started, placement, sandbox backend), and everything else is kept
under `RUN/logs/`:

- `driver.log`: every log record of the driver process (golf-ray, Ray, transformers, DeepSpeed,
  Python warnings), INFO and up (golf-ray's DEBUG too with `-v`);
- `workers.log`: the stdout and stderr of every Ray worker (vLLM, DeepSpeed and transformers
  inside the actors), as Ray streams them to the driver, each line tagged with its actor and pid.

`eval` and `solve`, which open no run, keep no file: quiet, the libraries' lines are dropped.
`golf-ray -v CMD` also shows all of it live. Used as a library (no `configure` call), nothing is
hidden and no library's logger is touched: Ray prints worker output as usual, and a run still
writes both files (driver.log then has the records that reach the root logger).
"""

from __future__ import annotations

import logging
import os
import threading
from pathlib import Path

from tqdm import tqdm

log = logging.getLogger(__name__)

LOGS_DIR = "logs"  # RUN/logs/
DRIVER_LOG = "driver.log"
WORKERS_LOG = "workers.log"
# Libraries that give their logger a terminal handler of their own: routed through the root
# logger instead, so the quiet filter and the run's driver.log see their records.
LIBRARY_LOGGERS = ("ray", "ray.rllib", "DeepSpeed", "vllm", "transformers")
_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
_RAY_PRINT_HANDLER = "ray_print_logs"  # the name Ray gives its worker-output printer
_OUR_HANDLER = "golf_ray_workers_log"
_PLUMBING = "golf_ray.actors."  # which engine and sandbox backend: in the logs, not the terminal
_AUTOSCALER_EVENT = ":event_summary:"  # what Ray itself prints of the autoscaler's output


class _Quiet(logging.Filter):
    """The terminal's share (see the module docstring)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno >= logging.ERROR:
            return True
        if record.name.split(".")[0] != "golf_ray":
            return False
        if record.levelno >= logging.WARNING:
            return True
        if record.name.startswith(_PLUMBING):
            return False
        if not _State.runs_open:
            return True
        return record.name.startswith("golf_ray.recipes.")


class _Console(logging.StreamHandler):
    """stderr, through `tqdm.write`: a line logged while a progress bar is drawn goes above the
    bar instead of onto the end of it."""

    def emit(self, record: logging.LogRecord) -> None:
        try:
            tqdm.write(self.format(record), file=self.stream)
        except Exception:
            self.handleError(record)


class _State:
    cli = False  # `configure` was called: one command, one run, in this process
    quiet = False  # set by `configure(verbose=False)`: the CLI's default
    workers_log: Path | None = None  # where worker output goes now
    runs_open = 0
    lock = threading.Lock()


def configure(verbose: bool) -> None:
    """The CLI's logging: a terminal handler (quiet unless `verbose`), Python warnings as log
    records, and (quiet) W&B's terminal lines off; they are in RUN/wandb/ as well. Like
    `logging.basicConfig`, a no-op when the root logger has handlers already (an application
    or pytest that calls `main` configured logging itself)."""
    root = logging.getLogger()
    if root.handlers:
        return
    _State.cli, _State.quiet = True, not verbose
    console = _Console()
    console.setFormatter(logging.Formatter(_FORMAT, datefmt="%H:%M:%S"))
    if _State.quiet:
        console.addFilter(_Quiet())
        os.environ.setdefault("WANDB_SILENT", "true")
    root.addHandler(console)
    root.setLevel(logging.INFO)
    if verbose:  # debug lines from golf-ray only: the libraries' are noise (matplotlib's fonts)
        logging.getLogger("golf_ray").setLevel(logging.DEBUG)
    logging.captureWarnings(True)


def route_library_loggers() -> None:
    """Send the libraries' records through the root logger (see LIBRARY_LOGGERS)."""
    for name in LIBRARY_LOGGERS:
        logger = logging.getLogger(name)
        logger.handlers.clear()
        logger.propagate = True
    try:  # transformers keeps its own handler object and re-adds it on first use otherwise
        from transformers.utils import logging as hf_logging
    except ImportError:
        pass
    else:
        hf_logging.disable_default_handler()
        hf_logging.enable_propagation()
        if _State.quiet:
            hf_logging.disable_progress_bar()


def quiet_in_process_engines() -> None:
    """For the commands that run an engine in this process with no run open (eval, solve):
    when quiet, vLLM leaves its logger without its own terminal handler (it adds one when first
    imported), so its lines reach the quiet filter like every other library's; `-v` shows them.
    Call before the engine is created."""
    if _State.quiet:
        os.environ.setdefault("VLLM_CONFIGURE_LOGGING", "0")
        route_library_loggers()


class RunLogs:
    """RUN/logs/ while a run is open: the driver's log records into driver.log, the Ray workers'
    output into workers.log (see the module docstring). `close()` stops the driver log; worker
    lines that arrive later (actors shutting down) still go to this run's workers.log."""

    def __init__(self, run_dir: str | Path) -> None:
        self.dir = Path(run_dir) / LOGS_DIR
        self.dir.mkdir(parents=True, exist_ok=True)
        if _State.cli:
            route_library_loggers()
        self._file = logging.FileHandler(self.dir / DRIVER_LOG, encoding="utf-8")
        self._file.setFormatter(logging.Formatter(_FORMAT))
        root = logging.getLogger()
        root.addHandler(self._file)
        self._root_level = root.level
        root.setLevel(min(root.level, logging.INFO))  # the file gets INFO whatever the terminal
        with _State.lock:
            _State.workers_log = self.dir / WORKERS_LOG
            _State.runs_open += 1
        follow_workers()

    def close(self, stopped_by: str | None = None) -> None:
        """`stopped_by`: the exception that ends the run, if one does: the terminal shows one
        line about it, so this says where the rest is."""
        if stopped_by:
            log.error("the run stopped (%s); its logs are in %s", stopped_by, self.dir)
        root = logging.getLogger()
        root.removeHandler(self._file)
        root.setLevel(self._root_level)
        self._file.close()
        with _State.lock:
            _State.runs_open -= 1
            # library use: the next run (or none) takes the worker lines; the CLI's one run
            # keeps those that arrive late (actors shutting down)
            if not _State.cli and _State.workers_log == self.dir / WORKERS_LOG:
                _State.workers_log = None


def follow_workers() -> None:
    """Write the Ray workers' streamed output to the open run's workers.log and, when quiet,
    stop Ray printing it. Called when a run opens and after `ray.init` (which adds Ray's
    printer). Ray has no public hook for this: its dispatcher is the one place every worker
    line passes, on the driver, whichever node the worker runs on."""
    # imported here: the CLI imports this module before any command, and Ray is slow to import
    from ray._private.ray_logging import global_worker_stdstream_dispatcher as dispatcher

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
        if not lines:
            return
        who = data.get("actor_name") or data.get("task_name") or "worker"
        tag = f"({who} pid={data.get('pid')}{' err' if data.get('is_err') else ''})"
        with path.open("a", encoding="utf-8") as f:
            f.writelines(f"{tag} {line}\n" for line in lines)
