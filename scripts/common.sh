# Shared by the scripts: where the dependency cache lives and what is in it.
# Sourced, not run.

# Outside the repository, so a fresh clone or `build.sh --clean` reuses it.
KP_CACHE=${KP_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/kokkos-primitives}
KP_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

TRILINOS_TARBALL=trilinos_13.2.0.orig.tar.gz
TRILINOS_SHA256=0ddb47784ba7b8a6b9a07a4822b33be508feb4ccd54301b2a5d10c9e54524b90
KOKKOS_VERSION=3.4.01

# The patched source is keyed by the patches' content: editing a patch
# yields a fresh source tree and, through it, fresh Kokkos installs.
kp_patch_key() {
  cat "$KP_ROOT"/cmake/patches/*.patch | sha256sum | cut -c1-10
}
kp_source_dir() {
  echo "$KP_CACHE/src/kokkos-$KOKKOS_VERSION-$(kp_patch_key)"
}

kp_log() { echo "[$(basename "$0")] $*" >&2; }
kp_die() {
  echo "$(basename "$0"): error: $*" >&2
  exit 1
}
