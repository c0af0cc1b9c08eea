#!/usr/bin/env bash
# Build a minimal Debian bookworm + python3 base image without any image registry:
# debootstrap from a Debian package mirror, trim it, and `docker import` the tree.
#
#   make_offline_base.sh [--force] OUT_TAG        (e.g. golf-ray-base:bookworm)
#
# Mirror: $GOLF_RAY_DEBIAN_MIRROR, else the Debian archive named in this machine's apt sources,
# else http://deb.debian.org/debian. Needs root (debootstrap), debootstrap and a Docker engine.
set -euo pipefail

usage() { echo "usage: $0 [--force] OUT_TAG" >&2; exit 2; }

force=0
tag=""
for arg in "$@"; do
    case "$arg" in
        --force) force=1 ;;
        -h|--help) usage ;;
        -*) echo "unknown option: $arg" >&2; usage ;;
        *) [[ -z "$tag" ]] || usage; tag="$arg" ;;
    esac
done
[[ -n "$tag" ]] || usage

suite=bookworm

die() { echo "make_offline_base: $*" >&2; exit 1; }

command -v docker >/dev/null || die "docker CLI not found (apt-get install -y docker.io)"
docker info >/dev/null 2>&1 || die "no Docker engine answers (start it: dockerd &)"

if [[ $force -eq 0 ]] && docker image inspect "$tag" >/dev/null 2>&1; then
    echo "make_offline_base: $tag exists, skipping (use --force to rebuild)"
    exit 0
fi

command -v debootstrap >/dev/null || die "debootstrap not found (apt-get install -y debootstrap)"
[[ $(id -u) -eq 0 ]] || die "debootstrap needs root; run as root (or sudo)"

# The first Debian archive (a URI ending in /debian) this machine's apt already uses: that is the
# mirror known to be reachable here (security and third-party repos are skipped).
apt_mirror() {
    local f
    for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
        [[ -r "$f" ]] || continue
        if [[ "$f" == *.sources ]]; then
            sed -n 's/^URIs:[[:space:]]*//p' "$f" | tr ' ' '\n'
        else
            # one-line format: deb [opts] URI suite components
            sed -n 's/^deb[[:space:]]\+\(\[[^]]*\][[:space:]]\+\)\?\([^[:space:]]\+\).*/\2/p' "$f"
        fi
    done | grep -E '^https?://[^[:space:]]+/debian/?$' | head -n 1
}

mirror="${GOLF_RAY_DEBIAN_MIRROR:-$(apt_mirror || true)}"
mirror="${mirror:-http://deb.debian.org/debian}"

work=$(mktemp -d /tmp/golf-ray-base.XXXXXX)
root="$work/rootfs"
cleanup() {
    # debootstrap mounts proc/sys inside the target; unmount before deleting (a failed run
    # can leave them mounted), and never cross into another file system while deleting.
    local m
    awk -v r="$root" 'index($2, r) == 1 {print $2}' /proc/mounts | sort -r |
        while read -r m; do umount -l "$m" 2>/dev/null || true; done
    rm -rf --one-file-system "$work"
}
trap cleanup EXIT

start=$(date +%s)
echo "make_offline_base: debootstrap $suite from $mirror"
if ! debootstrap --variant=minbase --include=python3 "$suite" "$root" "$mirror" \
        > "$work/debootstrap.log" 2>&1; then
    tail -n 20 "$work/debootstrap.log" >&2
    die "debootstrap failed: $(grep -m 1 '^E:' "$work/debootstrap.log" || tail -n 1 "$work/debootstrap.log")"
fi
boot=$(date +%s)

# Trim what a sandbox never reads: docs, man pages, translations, apt indexes and caches.
rm -rf "$root"/usr/share/doc/* "$root"/usr/share/man/* "$root"/usr/share/info/* \
    "$root"/usr/share/locale/* "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/* \
    "$root"/var/cache/debconf/*-old "$root"/var/log/* "$root"/tmp/*

# An imported image has no config: give it the environment a normal image would carry.
tar -C "$root" -c . | docker import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'ENV LANG=C.UTF-8' \
    --change 'CMD ["/usr/bin/python3"]' \
    --message "golf-ray offline base: debootstrap $suite + python3" \
    - "$tag" >/dev/null
end=$(date +%s)

size=$(docker image inspect --format '{{.Size}}' "$tag")
echo "make_offline_base: built $tag ($((size / 1000000)) MB): debootstrap $((boot - start)) s," \
    "import $((end - boot)) s, total $((end - start)) s"
