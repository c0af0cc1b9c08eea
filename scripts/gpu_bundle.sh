#!/usr/bin/env bash
# An offline bundle for a CUDA machine that already has torch, transformers, peft and the rest of
# a PyTorch stack but no Ray, no DeepSpeed and no network: build it on a machine with pip's index,
# carry the folder over, and run scripts/gpu_device_check.sh there (it unpacks the bundle into
# /tmp/site and puts it on PYTHONPATH; nothing is pip-installed into that machine's Python).
#   bash scripts/gpu_bundle.sh [OUT]          # OUT defaults to .gpu (ignored by git)
#   PYV=3.11 bash scripts/gpu_bundle.sh /tmp/b # the same set for another Python (a local check)
# Contents (~32 MiB for cp312):
#   ray.tar.xz  Ray 2.60 unpacked, minus what golf-ray's train path never imports (its Java jars,
#               the dashboard's source maps, rllib, serve, data and llm), xz-compressed: the wheel
#               itself is 76 MiB;
#   *.whl       DeepSpeed 0.19.8 (an sdist, built here with DS_BUILD_OPS=0: pure Python, its ops
#               compile on first use, and golf-ray uses none), and every dependency of Ray core,
#               DeepSpeed and golf-ray's train path that a plain PyTorch image lacks.
# Needs: pip with access to its index, torch installed here (DeepSpeed's setup.py imports it).
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:-.gpu}
PYV=${PYV:-3.12}
PY=${PYTHON:-python3}
TAG=cp${PYV/./}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# name==version, each pinned to what golf-ray is tested with; --no-deps, so every need is named.
WHEELS=(
  # Ray core's requirements beyond click/filelock/msgpack/packaging/protobuf/pyyaml/requests
  jsonschema==4.26.0 jsonschema-specifications==2025.9.1 referencing==0.37.0 rpds-py==0.30.0
  # DeepSpeed's beyond einops/msgpack/ninja/numpy/packaging/psutil/py-cpuinfo/tqdm
  hjson==3.1.0 pydantic==2.13.4 pydantic-core==2.46.4 annotated-types==0.7.0
  typing-inspection==0.4.2 typing-extensions==4.16.0
  # golf-ray's own (the mechanical golf passes: imported by the reward code)
  python-minifier==3.4.0 zopfli==0.4.3
)
download() {
  "$PY" -m pip download -q --no-deps --only-binary=:all: --python-version "$PYV" \
    --implementation cp --platform manylinux_2_28_x86_64 --platform manylinux_2_17_x86_64 \
    --platform manylinux2014_x86_64 --platform manylinux1_x86_64 -d "$1" "${@:2}"
}
download "$OUT" "${WHEELS[@]}"

# DeepSpeed: from pip's wheel cache when it was built before, else built now (a minute).
if ! ls "$OUT"/deepspeed-0.19.8-*.whl >/dev/null 2>&1; then
  DS_BUILD_OPS=0 nice "$PY" -m pip wheel -q --no-deps --no-build-isolation -w "$OUT" \
    deepspeed==0.19.8
fi

if [ ! -s "$OUT/ray.tar.xz" ]; then
  download "$WORK" ray==2.60.0
  # Unzipped with each file's mode: raylet and gcs_server must stay executable (`python -m
  # zipfile -e` drops the bits, and Ray then cannot start its own processes).
  "$PY" - "$WORK"/ray-2.60.0-"$TAG"-*.whl "$WORK/site" <<'PYEOF'
import os, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as wheel:
    for info in wheel.infolist():
        path = wheel.extract(info, sys.argv[2])
        if info.external_attr >> 16 & 0o777:
            os.chmod(path, info.external_attr >> 16 & 0o777)
PYEOF
  test -x "$WORK/site/ray/core/src/ray/raylet/raylet"
  # Not on golf-ray's train path (the agent recipe needs rllib, `golf-ray serve` needs serve: run
  # those where Ray is installed properly).
  rm -rf "$WORK"/site/ray/jars "$WORK"/site/ray/rllib "$WORK"/site/ray/serve \
    "$WORK"/site/ray/data "$WORK"/site/ray/llm
  find "$WORK/site" -name '*.js.map' -delete
  find "$WORK/site" -name '__pycache__' -prune -exec rm -rf {} +
  tar -C "$WORK/site" -cf - . | nice xz -6 -T2 >"$OUT/ray.tar.xz"
fi
ls -la "$OUT"
du -sh "$OUT"
