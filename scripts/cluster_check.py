"""After `scripts/cluster.sh test`: did the last cluster-tiny job succeed, and did its actors run
on more than one node (head and worker)? Exits non-zero, saying why, when not.

    python scripts/cluster_check.py http://127.0.0.1:8265
"""

from __future__ import annotations

import sys
from collections import defaultdict

from ray.job_submission import JobStatus, JobSubmissionClient
from ray.util.state import list_actors, list_nodes


def main(address: str) -> int:
    jobs = [
        j
        for j in JobSubmissionClient(address).list_jobs()
        if (j.submission_id or "").startswith("cluster-tiny-")
    ]
    if not jobs:
        print("cluster_check: no cluster-tiny job found", file=sys.stderr)
        return 1
    job = max(jobs, key=lambda j: j.start_time or 0)
    if job.status != JobStatus.SUCCEEDED:
        print(f"cluster_check: job {job.submission_id} is {job.status}", file=sys.stderr)
        return 1
    heads = {n.node_id: n.is_head_node for n in list_nodes(address=address)}
    placed: dict[str, list[str]] = defaultdict(list)
    for actor in list_actors(address=address, detail=True, limit=10_000):
        name = actor.name or ""
        if name.startswith("cluster-tiny-") and actor.job_id == job.job_id:
            role = "head" if heads.get(actor.node_id) else f"worker {actor.node_id[:8]}"
            placed[role].append(name.split("/", 1)[-1])
    for role, names in sorted(placed.items()):
        print(f"cluster_check: {role}: {', '.join(sorted(names))}")
    if "head" not in placed or len(placed) < 2:
        print("cluster_check: actors did not spread over head and worker", file=sys.stderr)
        return 1
    print(f"cluster_check: job {job.submission_id} succeeded on {len(placed)} nodes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8265"))
