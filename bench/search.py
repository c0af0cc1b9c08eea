"""Benchmark: the search stage's time for a task, this checkout's `search.py` against another
commit's, side by side in one process.

    python bench/search.py [--against REV] [--every K] [--rounds R] [--out PATH]

Both searches run `programs()` on the same planted tasks (every K-th shape of
`tests/golf/test_search.py`, seed 2), in turns (old, new, then new, old, ...), on one core, so
both see the same machine at the same moment. The other commit's `search.py` is loaded from git
beside this one; both read this checkout's `task_idioms.py` and `cells.py`. Writes JSON: seconds
per task for each side, the ratio, and what was run.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "golf")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", default="eede8cc", help="the commit to compare with")
    parser.add_argument("--every", type=int, default=10, help="every K-th planted shape")
    parser.add_argument("--rounds", type=int, default=3, help="turns for each side")
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "search.json")
    args = parser.parse_args()

    import test_search  # the planted shapes

    from golf_ray.golf import search as new

    source = subprocess.run(
        ["git", "show", f"{args.against}:golf_ray/golf/search.py"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "old_search.py"
        path.write_text(source)
        spec = importlib.util.spec_from_file_location("old_search", path)
        old = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(old)

    names = list(test_search.SHAPES)[:: args.every]
    tasks = [test_search.planted(name, seed=2) for name in names]
    load_before = os.getloadavg()[0]
    seconds = {"old": 0.0, "new": 0.0}
    for turn in range(args.rounds):
        sides = [("old", old), ("new", new)]
        for label, module in sides if turn % 2 == 0 else sides[::-1]:
            start = time.perf_counter()
            for task in tasks:
                module.programs(task)
            seconds[label] += time.perf_counter() - start
    runs = args.rounds * len(tasks)
    result = {
        "tasks": len(tasks),
        "rounds": args.rounds,
        "against": args.against,
        "old_s_per_task": round(seconds["old"] / runs, 4),
        "new_s_per_task": round(seconds["new"] / runs, 4),
        "old_over_new": round(seconds["old"] / seconds["new"], 3),
        "cores": 1,
        "omp_num_threads": os.environ.get("OMP_NUM_THREADS"),
        "load_before": load_before,
        "machine": platform.platform(),
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=1) + "\n")
    print(
        f"{len(tasks)} planted tasks x {args.rounds} turns: {args.against} "
        f"{result['old_s_per_task']:.3f} s/task, this checkout {result['new_s_per_task']:.3f} "
        f"s/task: {result['old_over_new']:.2f}x"
    )


if __name__ == "__main__":
    main()
