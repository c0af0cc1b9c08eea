#!/usr/bin/env bash
# Start a Docker engine when none answers (no systemd on CI machines), and wait until it does.
set -euo pipefail
if docker info >/dev/null 2>&1; then exit 0; fi
command -v dockerd >/dev/null 2>&1 || { echo "start_dockerd.sh: dockerd not installed" >&2; exit 1; }
[ "$(id -u)" = 0 ] || { echo "start_dockerd.sh: dockerd needs root" >&2; exit 1; }
nohup dockerd >/var/log/golf-ray-dockerd.log 2>&1 &
for _ in $(seq 1 60); do
  if docker info >/dev/null 2>&1; then exit 0; fi
  sleep 1
done
echo "start_dockerd.sh: dockerd did not answer within 60 s; see /var/log/golf-ray-dockerd.log" >&2
tail -5 /var/log/golf-ray-dockerd.log >&2 || true
exit 1
