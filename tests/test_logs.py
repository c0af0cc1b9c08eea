"""RUN/logs/ and the quiet terminal (golf_ray/logs.py). The CLI end to end (a real `golf-ray
train` whose terminal is the bar and the summary) is in tests/recipes/test_train.py."""

from __future__ import annotations

import logging

from golf_ray.logs import DRIVER_LOG, LOGS_DIR, RunLogs, _Quiet


def record(name: str, level: int) -> logging.LogRecord:
    return logging.LogRecord(name, level, __file__, 1, "message", None, None)


def test_the_quiet_terminal_shows_golf_ray_and_errors_and_in_a_run_the_loops_own_lines(tmp_path):
    quiet = _Quiet()
    assert quiet.filter(record("vllm.engine", logging.ERROR))
    assert not quiet.filter(record("ray", logging.WARNING))
    assert not quiet.filter(record("py.warnings", logging.WARNING))
    assert quiet.filter(record("golf_ray.serve.server", logging.INFO))  # "ready in 4 s"
    assert not quiet.filter(record("golf_ray.actors.rollout", logging.INFO))  # "engine: vllm"
    assert quiet.filter(record("golf_ray.actors.sandbox", logging.WARNING))
    logs = RunLogs(tmp_path)
    try:
        assert quiet.filter(record("golf_ray.recipes.train", logging.INFO))  # "resumed from"
        assert quiet.filter(record("golf_ray.placement", logging.WARNING))
        assert not quiet.filter(record("golf_ray.domains", logging.INFO))  # "132 tasks fit"
    finally:
        logs.close()
    assert quiet.filter(record("golf_ray.domains", logging.INFO))


def test_run_logs_keep_every_driver_record_and_name_the_dir_when_a_run_fails(tmp_path):
    root = logging.getLogger()
    level, handlers = root.level, list(root.handlers)
    logs = RunLogs(tmp_path)
    logging.getLogger("a_library.module").info("a library's line")
    logging.getLogger("golf_ray.domains").info("132 tasks fit")
    logs.close("RuntimeError")
    logging.getLogger("golf_ray.domains").info("after the run")
    text = (tmp_path / LOGS_DIR / DRIVER_LOG).read_text()
    assert "INFO a_library.module: a library's line" in text
    assert "INFO golf_ray.domains: 132 tasks fit" in text
    assert f"the run stopped (RuntimeError); its logs are in {tmp_path / LOGS_DIR}" in text
    assert "after the run" not in text
    assert root.level == level and root.handlers == handlers
