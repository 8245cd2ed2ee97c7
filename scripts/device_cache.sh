#!/usr/bin/env bash
# Fills .cache/ (ignored by git) with what a build on a GPU machine needs and
# cannot download there: the patched Kokkos source and Catch2 from the
# dependency cache (scripts/setup.sh fills it), and the headers and runtime
# of CLI11, nlohmann/json, stb and TBB from this machine's Debian packages.
# Carry `.cache` in the device call, then, on the device:
#   export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
#   export LD_LIBRARY_PATH=$PWD/.cache/deps/usr/lib/x86_64-linux-gnu
#   scripts/build.sh --cuda ...
set -euo pipefail
source "$(dirname "$0")/common.sh"
"$KP_ROOT/scripts/setup.sh" >/dev/null
dst=$KP_ROOT/.cache
mkdir -p "$dst/deps"
rm -rf "$dst/src" "$dst/catch2"
cp -a "$KP_CACHE/src" "$KP_CACHE/catch2" "$dst/"
for pkg in libcli11-dev nlohmann-json3-dev libstb-dev libtbb-dev libtbb12 libtbbmalloc2 libtbbbind-2-5; do
  dpkg -L "$pkg" | while read -r f; do
    [ -f "$f" ] || [ -L "$f" ] || continue
    case $f in /usr/share/doc/*) continue ;; esac
    mkdir -p "$dst/deps$(dirname "$f")"
    cp -a "$f" "$dst/deps$f"
  done
done
du -sh "$dst"
