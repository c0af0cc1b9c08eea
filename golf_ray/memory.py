"""Peak memory per process per step: host RSS high-water mark and, with CUDA, device memory.

Every actor role (rollout, learner, sandbox) has a `peak_memory()` method that returns
`read_peak()` of its own process; the driver asks each actor once a step and logs
`mem/<role>_peak_gib` (the largest over the role's actors; `mem/<role>_<i>_peak_gib` per actor
when there are several), `mem/<role>_device_peak_gib` when CUDA is in use, and
`mem/driver_peak_gib` for itself.

"Peak since the last call": Linux resets a process's RSS high-water mark (VmHWM) when "5" is
written to /proc/self/clear_refs, so each step gets its own peak. Where that is not possible the
lifetime peak (`ru_maxrss`) is reported instead.
"""

from __future__ import annotations

import re
import resource
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

GIB = 2**30
_HWM = re.compile(r"^VmHWM:\s+(\d+)\s+kB", re.MULTILINE)


def _host_peak_bytes(reset: bool) -> int:
    try:
        status = Path("/proc/self/status").read_text()
        match = _HWM.search(status)
        if match is None:
            raise OSError("no VmHWM")
        peak = int(match.group(1)) * 1024
        if reset:
            Path("/proc/self/clear_refs").write_text("5")
        return peak
    except OSError:  # not Linux, or /proc not writable: the lifetime peak (KiB on Linux)
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def _device_peak_bytes(reset: bool) -> int | None:
    """Peak bytes held by this process's torch CUDA allocator; None without CUDA. torch is only
    consulted when the process already imported it (the sandbox actor never does)."""
    torch = sys.modules.get("torch")
    if torch is None or not torch.cuda.is_initialized():  # never the first to touch CUDA
        return None
    peak = max(torch.cuda.max_memory_reserved(d) for d in range(torch.cuda.device_count()))
    if reset:
        for d in range(torch.cuda.device_count()):
            torch.cuda.reset_peak_memory_stats(d)
    return peak


def read_peak(reset: bool = True) -> dict[str, float]:
    """`{"host_gib": ..., "device_gib": ...}` (device only with CUDA) since the last reset."""
    out = {"host_gib": _host_peak_bytes(reset) / GIB}
    device = _device_peak_bytes(reset)
    if device is not None:
        out["device_gib"] = device / GIB
    return out


def memory_metrics(per_role: Mapping[str, Sequence[Mapping[str, float]]]) -> dict[str, float]:
    """Metrics from each role's `read_peak()` results (one per actor, in actor order)."""
    out: dict[str, float] = {}
    for role, peaks in per_role.items():
        if not peaks:
            continue
        out[f"mem/{role}_peak_gib"] = max(p["host_gib"] for p in peaks)
        devices = [p["device_gib"] for p in peaks if "device_gib" in p]
        if devices:
            out[f"mem/{role}_device_peak_gib"] = max(devices)
        if len(peaks) > 1:
            for i, p in enumerate(peaks):
                out[f"mem/{role}_{i}_peak_gib"] = p["host_gib"]
                if "device_gib" in p:
                    out[f"mem/{role}_{i}_device_peak_gib"] = p["device_gib"]
    return out
