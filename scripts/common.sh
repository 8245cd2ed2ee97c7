# Shared by the scripts: where the dependency cache lives and what is in it.
# Sourced, not run: its variables are for the scripts that source it.
# shellcheck shell=bash disable=SC2034

# Outside the repository, so a fresh clone or `build.sh --clean` reuses it.
KP_CACHE=${KP_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/kokkos-primitives}
KP_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

TRILINOS_TARBALL=trilinos_13.2.0.orig.tar.gz
TRILINOS_SHA256=0ddb47784ba7b8a6b9a07a4822b33be508feb4ccd54301b2a5d10c9e54524b90

# The Kokkos the suite builds against: KP_KOKKOS=3.4 (default; Kokkos and
# Kokkos Kernels 3.4.01 from Debian's Trilinos source) or 4.6 (Kokkos
# 4.6.01's release tarball, no Kokkos Kernels: its baselines are left out).
KP_KOKKOS=${KP_KOKKOS:-3.4}
KOKKOS46_TARBALL=${KP_KOKKOS46_TARBALL:-$KP_ROOT/../shared/kokkos/kokkos-4.6.01.tar.gz}
KOKKOS46_SHA256=b9d70e4653b87a06dbb48d63291bf248058c7c7db4bd91979676ad5609bb1a3a
case $KP_KOKKOS in
  3.4) KOKKOS_VERSION=3.4.01 KP_PATCHES=$KP_ROOT/cmake/patches ;;
  4.6) KOKKOS_VERSION=4.6.01 KP_PATCHES=$KP_ROOT/cmake/patches-4.6 ;;
  *)
    echo "unsupported Kokkos version '$KP_KOKKOS' (3.4 or 4.6)" >&2
    exit 2
    ;;
esac

# The patched source is keyed by the patches' content: editing a patch
# yields a fresh source tree and, through it, fresh Kokkos installs.
kp_patch_key() {
  { cat "$KP_PATCHES"/*.patch 2>/dev/null || true; } | sha256sum | cut -c1-10
}
kp_source_dir() {
  echo "$KP_CACHE/src/kokkos-$KOKKOS_VERSION-$(kp_patch_key)"
}

kp_log() { echo "[$(basename "$0")] $*" >&2; }
kp_die() {
  echo "$(basename "$0"): error: $*" >&2
  exit 1
}
