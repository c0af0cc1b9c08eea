#!/usr/bin/env bash
# golf-ray's GPU checks on a CUDA machine that has PyTorch and transformers but no vLLM, no Ray,
# no DeepSpeed and maybe no network (9.5 minutes on one H200: the checks took 474 s, the tests 74 s). Ray, DeepSpeed and the rest come
# from an offline bundle (scripts/gpu_bundle.sh), unpacked into SITE and put on PYTHONPATH with
# this checkout: nothing is pip-installed into the machine's Python, nothing is downloaded.
#   bash scripts/gpu_bundle.sh                      # where pip reaches its index: makes .gpu/
#   bash scripts/gpu_device_check.sh                # on the CUDA machine, from the checkout
#   bash scripts/gpu_device_check.sh --cpu          # the same script on CPU, tiny models
#   bash scripts/gpu_device_check.sh --only train_lora --no-tests   # a rerun of some checks
# Then: scripts/gpu_smoke.py --engine hf (versions, HF tokens/s on a random ~0.5B Qwen2,
# `golf-ray train` with the HF engine and the DeepSpeed learner sharing the GPU, with ZeRO-3,
# with LoRA, weight sync through the object store, an in-place HF weight update), each check with
# its own deadline inside SMOKE_BUDGET_S, then the `gpu` tests (tests/test_gpu_hardware.py).
# Results in OUT (default /tmp/golf-ray-device-check; $OUT when set): device_check.log (all
# output), env.txt, gpu_smoke.json, pytest.log, logs.tar.gz (every check's and actor's logs).
# Large files (the model, checkpoints) stay in WORK. Exit status: 0 when every check passed.
set -uo pipefail
cd "$(dirname "$0")/.."
REPO=$(pwd)
PY=${PYTHON:-python3}
BUNDLE=${BUNDLE:-$REPO/.gpu}
SITE=${SITE:-/tmp/site}
OUT=${OUT:-/tmp/golf-ray-device-check}
WORK=${WORK:-/tmp/golf-ray-device-work}
SMOKE_BUDGET_S=${SMOKE_BUDGET_S:-460}  # under a 10-minute command limit with the tests
CHECK_TIMEOUT_S=${CHECK_TIMEOUT_S:-170}  # the train checks took 97-123 s each
PYTEST_TIMEOUT_S=${PYTEST_TIMEOUT_S:-100}
SMOKE_ARGS=()
RUN_TESTS=1
while [ $# -gt 0 ]; do
  case "$1" in
    --cpu) SMOKE_ARGS+=(--cpu) ;;
    --only) SMOKE_ARGS+=(--only "$2"); shift ;;  # a rerun of some checks (repeatable)
    --no-tests) RUN_TESTS=0 ;;
    *) echo "gpu_device_check.sh: unknown option $1 (--cpu, --only CHECK, --no-tests)" >&2; exit 2 ;;
  esac
  shift
done
mkdir -p "$OUT" "$WORK" "$SITE"
exec > >(tee "$OUT/device_check.log") 2>&1
started=$(date +%s)
touch "$WORK/.started"  # Ray's logs of this run are the ones newer than this
stamp() { echo "== $(($(date +%s) - started)) s: $*"; }

stamp "machine"
{
  uname -a
  "$PY" --version
  nproc --all
  free -g | head -2
  df -h /tmp /dev/shm 2>/dev/null
  nvidia-smi --query-gpu=name,memory.total,memory.used,driver_version --format=csv 2>&1 | head -4
  "$PY" -c 'import torch; print("torch", torch.__version__, "cuda", torch.version.cuda, "available", torch.cuda.is_available())'
} 2>&1 | tee "$OUT/env.txt"

# --- the bundle: Ray unpacked, the wheels installed into SITE (not into the machine's Python)
source "$REPO/scripts/gpu_env.sh"

# --- the checks
stamp "gpu_smoke --engine hf (budget $SMOKE_BUDGET_S s, $CHECK_TIMEOUT_S s per check)"
"$PY" scripts/gpu_smoke.py --engine hf --out "$WORK" --budget-s "$SMOKE_BUDGET_S" \
  --timeout-s "$CHECK_TIMEOUT_S" "${SMOKE_ARGS[@]}"
smoke=$?
cp "$WORK/gpu_smoke.json" "$OUT/" 2>/dev/null

tests=0
if [ "$RUN_TESTS" = 1 ]; then
  stamp "pytest -m gpu tests/test_gpu_hardware.py (at most $PYTEST_TIMEOUT_S s)"
  timeout -k 10 "$PYTEST_TIMEOUT_S" "$PY" -m pytest -m gpu tests/test_gpu_hardware.py -q \
    -p no:cacheprovider --timeout "$PYTEST_TIMEOUT_S" -o addopts="-ra" >"$OUT/pytest.log" 2>&1
  tests=$?
  tail -15 "$OUT/pytest.log"
  [ "$tests" = 124 ] && echo "pytest: stopped after $PYTEST_TIMEOUT_S s"
fi

# --- every log in one archive (at most 8 files come back from such a machine)
stamp "logs"
(
  cd "$WORK" && find . -path ./cache -prune -o -path '*/checkpoints' -prune -o -type f \
    \( -name '*.log' -o -name '*.csv' -o -name '*.json' -o -name '*.txt' \) -size -4M -print
  find /tmp/ray -path '*/logs/*' -type f -size -2M -newer "$WORK/.started" 2>/dev/null
) | sort -u >"$WORK/.logs"
tar -czf "$OUT/logs.tar.gz" -C "$WORK" -T "$WORK/.logs" 2>/dev/null
if [ "$(stat -c %s "$OUT/logs.tar.gz")" -gt 15000000 ]; then  # files over 16 MiB stay there
  grep -v '^/tmp/ray' "$WORK/.logs" >"$WORK/.logs-small"
  tar -czf "$OUT/logs.tar.gz" -C "$WORK" -T "$WORK/.logs-small" 2>/dev/null
fi
ls -la "$OUT"
stamp "done: gpu_smoke exit $smoke, pytest exit $tests"
[ "$smoke" = 0 ] && [ "$tests" = 0 ]
