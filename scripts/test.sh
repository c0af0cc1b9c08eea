#!/usr/bin/env bash
# Run the test suite the way CI does. Extra arguments go to pytest.
set -uo pipefail
cd "$(dirname "$0")/.."
export OMP_NUM_THREADS=1 TOKENIZERS_PARALLELISM=false RAY_DEDUP_LOGS=0
"${PYTHON:-python3}" -m pytest -q --durations=15 "$@"
rc=$?
if [ "$rc" = 5 ]; then
  # pytest's "no tests collected" (e.g. a -k filter that matches nothing) is not a failure.
  echo "test.sh: pytest collected no tests" >&2
  exit 0
fi
exit "$rc"
