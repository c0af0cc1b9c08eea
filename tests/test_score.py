"""`golf-ray score` and the sandbox pool, on the process backend with real Ray actors."""

import json
import shutil
import subprocess
import sys
import zipfile
import zlib
from pathlib import Path

import pytest

from golf_ray.actors.sandbox import SandboxPool, VerifyJob
from golf_ray.score import load_submission, score_submission
from golf_ray.verify import Limits, decode_source

SOLUTIONS = Path(__file__).parent / "fixtures" / "solutions"


@pytest.fixture(scope="module")
def pool(ray_session):
    pool = SandboxPool(num_actors=2, backend="process", limits=Limits(example_timeout_s=5.0))
    yield pool
    pool.close()


@pytest.fixture(scope="module")
def taskset(golf_tasks):
    return golf_tasks


def submission_dir(tmp_path: Path, overrides: dict[str, bytes] | None = None) -> Path:
    out = tmp_path / "submission"
    shutil.copytree(SOLUTIONS, out)
    for name, data in (overrides or {}).items():
        (out / name).write_bytes(data)
    return out


def test_hand_written_solutions_score_correct(tmp_path, pool, taskset):
    sub = load_submission(submission_dir(tmp_path))
    report = score_submission(sub, taskset, pool)
    by_id = {r.task_id: r for r in report.rows}
    for task_id, data in sub.programs.items():
        row = by_id[task_id]
        assert row.status == "correct", (task_id, row.verdict)
        assert row.points == 2500 - len(data)
        assert row.verdict.passed == row.verdict.total == len(taskset.by_id(task_id).all_examples)
    missing = [r for r in report.rows if r.status == "missing"]
    assert len(missing) == len(taskset) - len(sub.programs)
    assert all(r.points == 0 for r in missing)
    assert report.total_points == pytest.approx(sum(2500 - len(d) for d in sub.programs.values()))


def test_one_byte_change_makes_a_task_fail(tmp_path, pool, taskset):
    # task016 maps colours through a table; changing the entry for 9 changes the output.
    good = (SOLUTIONS / "task016.py").read_bytes()
    bad = good.replace(b"9,8]", b"9,7]")
    assert len(bad) == len(good) and bad != good
    report = score_submission(
        load_submission(submission_dir(tmp_path, {"task016.py": bad})), taskset, pool
    )
    row = next(r for r in report.rows if r.task_id == "task016")
    assert row.status == "wrong" and row.points == 0.001
    assert row.verdict.error == "wrong_output" and row.verdict.first_failure is not None
    others = [r for r in report.rows if r.status != "missing" and r.task_id != "task016"]
    assert all(r.status == "correct" for r in others)


def test_zip_submission_unknown_files_and_latin1_zlib_bytes(tmp_path, pool, taskset):
    # A zlib-compressed program behind `#coding:L1`: its size is the file's real byte count.
    payload = zlib.compress(b"p=lambda g:[r[::-1]for r in g]", 9)
    source = b"#coding:L1\nimport zlib\nexec(zlib.decompress(bytes('" + _latin1_literal(payload)
    source += b"','L1')))"
    zpath = tmp_path / "submission.zip"
    with zipfile.ZipFile(zpath, "w") as zf:
        zf.writestr("task150.py", source)
        zf.writestr("task155.py", (SOLUTIONS / "task155.py").read_bytes())
        zf.writestr("notes.txt", "hello")
        zf.writestr("task999.py", "p=lambda g:g")
    sub = load_submission(zpath)
    assert sorted(sub.programs) == ["task150", "task155", "task999"]
    report = score_submission(sub, taskset, pool)
    row = next(r for r in report.rows if r.task_id == "task150")
    assert row.status == "correct", row.verdict
    assert row.bytes == len(source) and row.points == 2500 - len(source)
    assert "notes.txt" in report.unknown_files
    assert any("task999.py" in u for u in report.unknown_files)
    assert "task150" in report.format_table()


def _latin1_literal(data: bytes) -> bytes:
    # Inside a '...' literal of a latin-1 file, escape only what would end or break the literal.
    out = bytearray()
    for b in data:
        if b in (0, 10, 13, 39, 92):  # NUL, \n, \r, ', backslash
            out += b"\\x%02x" % b
        else:
            out.append(b)
    return bytes(out)


def test_decode_source_honours_coding_line():
    text = decode_source(b"#coding:L1\ns='\xe9'")
    assert text.endswith("s='\u00e9'")
    with pytest.raises(SyntaxError):
        decode_source(b"#coding:no-such-codec\n")


def test_pool_spreads_slow_jobs_and_keeps_order(pool):
    # One slow program and many fast ones: the other actor keeps taking the fast jobs.
    slow = "import time\ndef p(g):\n time.sleep(1.5)\n return g"
    fast = "p=lambda g:g"
    jobs = [
        VerifyJob(key=f"j{i}", source=slow if i == 0 else fast, inputs=[[[1]]], expected=[[[1]]])
        for i in range(12)
    ]
    done = []
    verdicts = pool.verify(jobs, on_done=lambda job, v: done.append(job.key))
    assert [v.correct for v in verdicts] == [True] * 12  # in job order
    assert sorted(done) == sorted(j.key for j in jobs)
    # At most the job queued behind the slow one on its actor waits for it.
    assert done.index("j0") >= 9


def test_pool_survives_a_killed_actor(pool):
    import ray

    ray.kill(pool.actors[0], no_restart=False)
    jobs = [
        VerifyJob(key=f"k{i}", source="p=lambda g:g", inputs=[[[2]]], expected=[[[2]]])
        for i in range(4)
    ]
    assert all(v.correct for v in pool.verify(jobs))


def test_pool_restarts_a_wedged_actor(ray_session):
    # The worker's own timeout (over a minute here) never fires: the pool's call cap does. The
    # wedged job is retried on the restarted actor, then judged a sandbox error, never correct;
    # the job queued behind it on the same actor is resubmitted without losing an attempt.
    pool = SandboxPool(
        num_actors=1,
        backend="process",
        limits=Limits(example_timeout_s=60.0),
        max_retries=1,
        call_timeout_s=3.0,
        num_cpus_per_actor=0,  # the module's pool holds both CPUs of the test Ray
        name_prefix="wedged",
    )
    try:
        hang = "import time\ndef p(g):\n time.sleep(60)\n return g"
        jobs = [
            VerifyJob(key="hang", source=hang, inputs=[[[1]]], expected=[[[1]]]),
            VerifyJob(key="fine", source="p=lambda g:g", inputs=[[[1]]], expected=[[[1]]]),
        ]
        wedged, fine = pool.verify(jobs)
        assert not wedged.correct and wedged.error == "sandbox"
        assert wedged.message.startswith("actor ")
        assert fine.correct
    finally:
        pool.close()


def test_cli_score_writes_json(tmp_path, golf_tasks_dir):
    args = [sys.executable, "-m", "golf_ray.cli", "score", str(SOLUTIONS), "--backend", "process"]
    args += ["--json", str(tmp_path / "score.json"), "--no-progress", "--only-problems"]
    if golf_tasks_dir:
        args += ["--tasks", str(golf_tasks_dir)]
    proc = subprocess.run(args, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    report = json.loads((tmp_path / "score.json").read_text())
    expected = sum(2500 - p.stat().st_size for p in SOLUTIONS.glob("task*.py"))
    assert report["total_points"] == pytest.approx(expected)
    assert report["correct"] == len(list(SOLUTIONS.glob("task*.py")))
    assert "total:" in proc.stdout


def test_cli_score_missing_submission_is_one_line_error(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "golf_ray.cli", "score", str(tmp_path / "nope")],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 2
    assert proc.stderr.strip().startswith("golf-ray: error:") and "nope" in proc.stderr


def test_huge_and_odd_zip_entries_are_reported_not_read(tmp_path):
    zpath = tmp_path / "odd.zip"
    with zipfile.ZipFile(zpath, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("task001.py", "p=lambda g:g")
        zf.writestr("../task002.py", "p=lambda g:g")  # path-like: never a task file
        with zf.open("task003.py", "w") as big:  # 1 GiB of comment, written in chunks
            for _ in range(64):
                big.write(b"#" * (16 << 20))
        zf.writestr("notes.txt", "hello")
    # In a fresh process, so its peak memory (VmHWM: exec resets it, unlike ru_maxrss) is the
    # load's alone.
    code = (
        "import json;from golf_ray.memory import read_peak;"
        "from golf_ray.score import load_submission;"
        f"s=load_submission({str(zpath)!r});"
        "print(json.dumps([sorted(s.programs),s.unknown_files,"
        "read_peak(reset=False)['host_gib']*1024]))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    programs, unknown, peak_mib = json.loads(out.stdout)
    assert programs == ["task001"]
    assert unknown == ["../task002.py", "task003.py (over 16 MiB: not scored)", "notes.txt"]
    assert peak_mib < 400  # nothing near the 1 GiB entry was held
