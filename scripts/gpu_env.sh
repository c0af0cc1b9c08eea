# Sourced by the scripts run on a CUDA machine without Ray or DeepSpeed (gpu_device_check.sh,
# gpu_golfer.sh): unpacks the offline bundle (scripts/gpu_bundle.sh) into SITE once per machine,
# puts it and the checkout on PYTHONPATH, and stops the caller when the train path does not
# import. Needs REPO, PY, BUNDLE, SITE, WORK and a `stamp` function; defines `site_install`.
site_install() {  # wheels into SITE, offline, leaving the machine's own Python as it is
  "$PY" -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade \
    --disable-pip-version-check --target "$SITE" "$@"
}
stamp "bundle from $BUNDLE into $SITE"
if [ -f "$SITE/.golf-ray-bundle" ]; then
  echo "already unpacked ($(cat "$SITE/.golf-ray-bundle"))"
elif [ -d "$BUNDLE" ]; then
  if [ -f "$BUNDLE/ray.tar.xz" ]; then
    "$PY" - "$BUNDLE/ray.tar.xz" "$SITE" <<'EOF' || exit 1
import sys, tarfile
with tarfile.open(sys.argv[1]) as tar:  # our own archive: keep the executables' mode bits
    kwargs = {"filter": "fully_trusted"} if hasattr(tarfile, "fully_trusted_filter") else {}
    tar.extractall(sys.argv[2], **kwargs)
EOF
  fi
  if ls "$BUNDLE"/*.whl >/dev/null 2>&1; then
    site_install "$BUNDLE"/*.whl || exit 1
  fi
  ls "$BUNDLE" >"$SITE/.golf-ray-bundle"
else
  echo "no bundle at $BUNDLE: using what $PY already imports"
fi
export PYTHONPATH="$SITE:$REPO${PYTHONPATH:+:$PYTHONPATH}"
export GOLF_RAY_CACHE="$WORK/cache" HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1
export TOKENIZERS_PARALLELISM=false RAY_DEDUP_LOGS=0 RAY_USAGE_STATS_ENABLED=0
export NCCL_DEBUG=${NCCL_DEBUG:-WARN}
"$PY" -c 'import ray, deepspeed, pydantic, jsonschema, golf_ray.cli, golf_ray.learner.learner, golf_ray.actors.rollout; print("imports ok: ray", ray.__version__, "deepspeed", deepspeed.__version__, "from", ray.__file__)' \
  2>&1 | grep -v "real_accelerator" || { echo "the bundle does not import: stop"; exit 1; }
