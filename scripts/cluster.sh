#!/usr/bin/env bash
# The local Ray cluster of docker-compose.yml, end to end.
#   bash scripts/cluster.sh build   # sandbox image (offline) + the golf-ray:latest node image
#   bash scripts/cluster.sh up [N]  # head + N workers (default 1), waits for all nodes
#   bash scripts/cluster.sh test    # build, up, submit cluster_tiny with `ray job submit`, check
#                                   # that actors ran on head and worker, down
#   bash scripts/cluster.sh down    # stop and remove containers and the shared volume
#   bash scripts/cluster.sh install-compose   # Debian's docker-compose (v1) + the v2 plugin
# Works with Compose v2 (`docker compose`) and Debian's `docker-compose` (v1); set COMPOSE to pick.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
DASHBOARD=http://127.0.0.1:8265

compose() {
  if [ -n "${COMPOSE:-}" ]; then $COMPOSE "$@"
  elif docker compose version >/dev/null 2>&1; then docker compose "$@"
  elif command -v docker-compose >/dev/null 2>&1; then docker-compose "$@"
  else echo "cluster.sh: neither 'docker compose' nor 'docker-compose' is installed" >&2; exit 1
  fi
}

build() {
  bash scripts/start_dockerd.sh
  "$PY" -m golf_ray.cli sandbox build-image --offline
  # Stage what pip in the image should prefer: the torch wheel this machine installs (a local
  # CPU build here) and this machine's CA bundle.
  rm -f docker/wheels/*.whl
  "$PY" -m pip download -q --no-deps -d docker/wheels torch==2.13.0
  if [ -f /etc/ssl/certs/ca-certificates.crt ]; then
    cp /etc/ssl/certs/ca-certificates.crt docker/ca-certificates.crt
  fi
  local start=$SECONDS
  compose build
  echo "cluster.sh: built golf-ray:latest in $((SECONDS - start)) s"
}

up() {
  local workers=${1:-1}
  compose up -d --scale worker="$workers"
  local want=$((workers + 1))
  for _ in $(seq 1 90); do
    local alive
    alive=$(compose exec -T head python -c \
      "import ray; ray.init(address='auto', logging_level='ERROR'); print(sum(n['Alive'] for n in ray.nodes()))" \
      2>/dev/null | tail -n 1 || true)
    if [ "$alive" = "$want" ]; then echo "cluster.sh: $want nodes up; dashboard $DASHBOARD"; return; fi
    sleep 2
  done
  compose logs --tail 30 >&2
  echo "cluster.sh: the cluster did not reach $want nodes" >&2
  exit 1
}

down() { compose down -v --remove-orphans; }

# Bookworm ships only Compose v1 (docker-compose 1.29); v2 is Debian trixie's docker-compose
# package, a static Go binary that only needs libc: unpack its CLI plugin, checked by hash.
COMPOSE_V2_DEB=http://deb.debian.org/debian/pool/main/d/docker-compose/docker-compose_2.26.1-4_amd64.deb
COMPOSE_V2_SHA256=47681197cb2b1ab88206b42a1a92fc75f50d9530a6322d03494a473eed0408ea
install_compose() {
  if ! command -v docker-compose >/dev/null 2>&1; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq docker-compose >/dev/null
  fi
  if ! docker compose version >/dev/null 2>&1; then
    local tmp
    tmp=$(mktemp -d)
    curl -sfL -o "$tmp/compose.deb" "$COMPOSE_V2_DEB"
    echo "$COMPOSE_V2_SHA256  $tmp/compose.deb" | sha256sum -c --quiet
    dpkg -x "$tmp/compose.deb" "$tmp/x"
    install -D -m 755 "$tmp/x/usr/libexec/docker/cli-plugins/docker-compose" \
      /usr/libexec/docker/cli-plugins/docker-compose
    rm -rf "$tmp"
  fi
  docker-compose version | head -n 1
  docker compose version
}

smoke() {
  local start=$SECONDS
  RAY_AUTH_MODE=disabled ray job submit --address "$DASHBOARD" --working-dir . \
    --submission-id "cluster-tiny-$(date +%s)" -- \
    golf-ray train tune_configs/experiments/cluster_tiny.yaml
  echo "cluster.sh: job finished in $((SECONDS - start)) s"
  RAY_AUTH_MODE=disabled "$PY" scripts/cluster_check.py "$DASHBOARD"
}

case "${1:-}" in
  build) build ;;
  up) up "${2:-1}" ;;
  down) down ;;
  install-compose) install_compose ;;
  test)
    build
    trap down EXIT
    up 1
    smoke
    ;;
  *) sed -n '2,9p' "$0"; exit 2 ;;
esac
