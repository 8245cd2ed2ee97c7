#!/usr/bin/env bash
# Installs what a fresh Debian 12 machine lacks, fetches Kokkos and Kokkos
# Kernels 3.4.01 from Debian's Trilinos 13.2 source package (checksum
# verified; with KP_KOKKOS=4.6, unpacks Kokkos 4.6.01's release tarball
# from ../shared/kokkos or $KP_KOKKOS46_TARBALL instead), applies
# cmake/patches/ (cmake/patches-4.6/), and unpacks Catch2 v3 from
# bookworm-backports. Everything downloaded lives in $KP_CACHE; running it
# again does nothing that is already done. KP_OFFLINE=1 installs nothing
# (a machine without a package registry): it checks the build tools only.
#
#   scripts/setup.sh            # build tools, sources, Catch2
#   scripts/setup.sh --plots    # also python3-matplotlib for the charts
#   scripts/setup.sh --mpi      # also Open MPI (libopenmpi-dev, openmpi-bin) for kp::mpi
set -euo pipefail
source "$(dirname "$0")/common.sh"

plots=0 mpi=0
for arg in "$@"; do
  case $arg in
    --plots) plots=1 ;;
    --mpi) mpi=1 ;;
    -h | --help)
      sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    *)
      echo "setup.sh: unknown option '$arg' (see --help)" >&2
      exit 2
      ;;
  esac
done

# A private apt configuration: Debian's source index and bookworm-backports
# without touching the system's sources (on Ubuntu, e.g. the Docker image,
# the debian-archive-keyring package provides the key).
apt_private() {
  local dir=$KP_CACHE/apt
  mkdir -p "$dir/lists/partial"
  if [ ! -f "$dir/sources.list" ]; then
    cat >"$dir/sources.list" <<LIST
deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian bookworm main
deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian bookworm-backports main
LIST
  fi
  # Only a fetch needs Debian's key; a machine with everything cached does not.
  [ -f /usr/share/keyrings/debian-archive-keyring.gpg ] || install_packages debian-archive-keyring
  local opts=(-o Dir::Etc::SourceList="$dir/sources.list" -o Dir::Etc::SourceParts=/dev/null
    -o Dir::State::Lists="$dir/lists" -o Debug::NoLocking=1 -o APT::Sandbox::User=root)
  if [ ! -f "$dir/updated" ]; then
    apt-get "${opts[@]}" update -qq && touch "$dir/updated"
  fi
  apt-get "${opts[@]}" "$@"
}

# Installs the given packages plus any missing build tool.
install_packages() {
  local missing=("$@") required=()
  command -v cmake >/dev/null || required+=(cmake)
  command -v ninja >/dev/null || required+=(ninja-build)
  command -v g++ >/dev/null || required+=(g++)
  command -v patch >/dev/null || required+=(patch)
  command -v python3 >/dev/null || required+=(python3)
  # --mpi: kp::mpi and its tests need mpirun, and an MPI compiler wrapper
  # unless KP_CMAKE_ARGS tells CMake where MPI is (build.sh: a machine with
  # the library and mpirun but no wrappers).
  if [ $mpi = 1 ] && ! { command -v mpirun >/dev/null &&
    { command -v mpicxx >/dev/null || [[ ${KP_CMAKE_ARGS:-} == *MPI_* ]]; }; }; then
    required+=(libopenmpi-dev openmpi-bin)
  fi
  missing+=("${required[@]}")
  # TBB: libstdc++ runs std::execution::par_unseq on it (the parallel
  # standard-library baselines on the openmp space).
  [ -f /usr/include/tbb/tbb.h ] || [ -f /usr/include/oneapi/tbb.h ] || missing+=(libtbb-dev)
  # The .npy tests write arrays with Debian's NumPy (skipped without it).
  /usr/bin/python3 -c 'import numpy' 2>/dev/null || missing+=(python3-numpy)
  # mandelbrot --out image.png writes through stb_image_write.h.
  [ -f /usr/include/stb/stb_image_write.h ] || missing+=(libstb-dev)
  # The harness parses the command line with CLI11 and writes JSON with
  # nlohmann/json (both header-only, required; offline: README, Building).
  [ -f /usr/include/CLI/CLI.hpp ] || missing+=(libcli11-dev)
  [ -f /usr/include/nlohmann/json.hpp ] || missing+=(nlohmann-json3-dev)
  # Debian's matplotlib belongs to /usr/bin/python3, which plot_results.py
  # falls back to when the python3 on PATH (pyenv, a venv) lacks it.
  if [ $plots = 1 ] && ! /usr/bin/python3 -c 'import matplotlib' 2>/dev/null; then
    missing+=(python3-matplotlib)
  fi
  [ ${#missing[@]} = 0 ] && return
  # KP_OFFLINE=1 (a machine with no package registry, such as the GPU
  # machine): the build tools must be there; the optional libraries' rows
  # and tests are left out by CMake where they are missing.
  if [ "${KP_OFFLINE:-0}" = 1 ]; then
    [ ${#required[@]} = 0 ] || kp_die "offline, and ${required[*]} missing"
    kp_log "offline: not installing ${missing[*]} (the rows and tests that need them are left" \
      "out; CLI11 and nlohmann/json come through CMAKE_PREFIX_PATH: README, Building)"
    return
  fi
  command -v apt-get >/dev/null || kp_die "missing ${missing[*]} and no apt-get to install them"
  kp_log "installing ${missing[*]}"
  local sudo=""
  [ "$(id -u)" = 0 ] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

apply_patches() {
  local p
  for p in "$KP_PATCHES"/*.patch; do
    [ -f "$p" ] || continue
    kp_log "applying $(basename "$p")"
    patch -s -d "$1/kokkos" -p1 <"$p"
  done
  touch "$1/.patched"
}

# Kokkos 4.6.01: a release tarball beside the repository (no registry
# serves it here), checksum verified.
unpack_kokkos46() {
  local dest=$1 tarball=$KOKKOS46_TARBALL
  [ -f "$tarball" ] || kp_die "no Kokkos 4.6.01 tarball at $tarball (set KP_KOKKOS46_TARBALL)"
  echo "$KOKKOS46_SHA256  $tarball" | sha256sum -c --quiet ||
    kp_die "$tarball has the wrong SHA256 (expected $KOKKOS46_SHA256)"
  kp_log "unpacking Kokkos 4.6.01 into $dest"
  rm -rf "$dest" && mkdir -p "$dest/kokkos"
  tar -xzf "$tarball" -C "$dest/kokkos" --strip-components=1
  apply_patches "$dest"
}

fetch_kokkos_source() {
  local dest
  dest=$(kp_source_dir)
  if [ -f "$dest/.patched" ]; then
    kp_log "Kokkos source ready: $dest"
    return
  fi
  if [ "$KP_KOKKOS" = 4.6 ]; then
    unpack_kokkos46 "$dest"
    return
  fi
  local tarball=$KP_CACHE/download/$TRILINOS_TARBALL
  if [ ! -f "$tarball" ] || ! echo "$TRILINOS_SHA256  $tarball" | sha256sum -c --quiet 2>/dev/null; then
    kp_log "fetching $TRILINOS_TARBALL (166 MB) from Debian's archive"
    mkdir -p "$KP_CACHE/download"
    (cd "$KP_CACHE/download" && apt_private source --download-only -qq trilinos >/dev/null 2>&1) ||
      kp_die "apt-get source trilinos failed"
  fi
  echo "$TRILINOS_SHA256  $tarball" | sha256sum -c --quiet ||
    kp_die "$tarball has the wrong SHA256 (expected $TRILINOS_SHA256)"
  kp_log "unpacking kokkos and kokkos-kernels into $dest"
  rm -rf "$dest" && mkdir -p "$dest"
  tar -xzf "$tarball" -C "$dest" --strip-components=2 \
    Trilinos-trilinos-release-13-2-0/packages/kokkos \
    Trilinos-trilinos-release-13-2-0/packages/kokkos-kernels
  apply_patches "$dest"
}

fetch_catch2() {
  local dest=$KP_CACHE/catch2
  if [ -f "$dest/usr/lib/cmake/Catch2/Catch2Config.cmake" ]; then
    kp_log "Catch2 ready: $dest"
    return
  fi
  kp_log "fetching Catch2 v3 from bookworm-backports"
  mkdir -p "$KP_CACHE/download" "$dest"
  (cd "$KP_CACHE/download" && apt_private download -qq -t bookworm-backports libcatch2-dev >/dev/null) ||
    kp_die "apt-get download libcatch2-dev failed"
  dpkg-deb -x "$(ls -t "$KP_CACHE"/download/libcatch2-dev_3*.deb | head -1)" "$dest"
}

install_packages
fetch_kokkos_source
fetch_catch2
kp_log "done: dependencies in $KP_CACHE"
