#!/usr/bin/env bash
# Builds and installs the patched Kokkos (and, for 3.4, Kokkos Kernels) of
# version $KP_KOKKOS (common.sh) for one configuration into
# $KP_CACHE/install/<key>, and prints that prefix. A
# configuration already installed is reused, so rebuilding the suite never
# rebuilds Kokkos.
#
#   scripts/build_kokkos.sh BACKENDS ARCH BUILD_TYPE
#   e.g. scripts/build_kokkos.sh serial,openmp none Release
#        scripts/build_kokkos.sh serial,openmp,cuda HOPPER90 Release
set -euo pipefail
source "$(dirname "$0")/common.sh"

[ $# = 3 ] || kp_die "usage: build_kokkos.sh BACKENDS ARCH BUILD_TYPE"
backends=$1 arch=$2 build_type=$3
src=$(kp_source_dir)
[ -f "$src/.patched" ] || kp_die "no patched Kokkos source in $src: run scripts/setup.sh"

key=$KOKKOS_VERSION-$(kp_patch_key)-${backends//,/-}-$arch-$build_type
prefix=$KP_CACHE/install/$key
if [ -f "$prefix/.complete" ]; then
  echo "$prefix"
  exit 0
fi

jobs=${KP_JOBS:-$(nproc)}
# Kokkos Kernels 3.4 asks for an old CMake policy level that CMake 4 refuses
# unless told the minimum it may assume.
policy=(-DCMAKE_POLICY_VERSION_MINIMUM=3.5 -Wno-dev)
options=("${policy[@]}" -G Ninja -DCMAKE_BUILD_TYPE="$build_type" -DCMAKE_CXX_STANDARD=17
  -DCMAKE_INSTALL_PREFIX="$prefix" -DCMAKE_INSTALL_LIBDIR=lib)
[[ ,$backends, == *,serial,* ]] && options+=(-DKokkos_ENABLE_SERIAL=ON)
[[ ,$backends, == *,openmp,* ]] && options+=(-DKokkos_ENABLE_OPENMP=ON)
if [[ ,$backends, == *,cuda,* ]]; then
  command -v nvcc >/dev/null || export PATH=/usr/local/cuda/bin:$PATH
  command -v nvcc >/dev/null || kp_die "--cuda needs nvcc (CUDA toolkit) on PATH or in /usr/local/cuda"
  options+=(-DKokkos_ENABLE_CUDA=ON -DKokkos_ENABLE_CUDA_LAMBDA=ON
    "-DCMAKE_CXX_COMPILER=$src/kokkos/bin/nvcc_wrapper")
  [ "$arch" != none ] && options+=("-DKokkos_ARCH_${arch}=ON")
fi

work=$KP_CACHE/work/$key
rm -rf "$work" "$prefix"
mkdir -p "$work"
kp_log "building Kokkos $KOKKOS_VERSION ($backends, $arch, $build_type) with $jobs jobs"
cmake -S "$src/kokkos" -B "$work/kokkos" "${options[@]}" >"$work.kokkos.log" 2>&1 ||
  kp_die "configuring Kokkos failed: see $work.kokkos.log"
cmake --build "$work/kokkos" -j "$jobs" --target install >>"$work.kokkos.log" 2>&1 ||
  kp_die "building Kokkos failed: see $work.kokkos.log"

if [ ! -d "$src/kokkos-kernels" ]; then
  rm -rf "$work"
  touch "$prefix/.complete"
  echo "$prefix"
  exit 0
fi

# Kokkos Kernels with no explicit instantiation: a short build, and the
# suite instantiates only the few BLAS-1 kernels it uses as baselines.
kernels_options=("${policy[@]}" -G Ninja -DCMAKE_BUILD_TYPE="$build_type" -DCMAKE_INSTALL_PREFIX="$prefix"
  -DCMAKE_INSTALL_LIBDIR=lib -DKokkos_ROOT="$prefix" -DKokkosKernels_ADD_DEFAULT_ETI=OFF
  -DKokkosKernels_INST_DOUBLE=OFF -DKokkosKernels_INST_FLOAT=OFF
  -DKokkosKernels_INST_LAYOUTLEFT=OFF -DKokkosKernels_INST_OFFSET_INT=OFF
  -DKokkosKernels_INST_OFFSET_SIZE_T=OFF -DKokkosKernels_INST_ORDINAL_INT=OFF
  -DKokkosKernels_ENABLE_TPL_BLAS=OFF -DKokkosKernels_ENABLE_TESTS=OFF)
[[ ,$backends, == *,cuda,* ]] && kernels_options+=(-DCMAKE_CXX_COMPILER="$prefix/bin/nvcc_wrapper")
kp_log "building Kokkos Kernels $KOKKOS_VERSION"
cmake -S "$src/kokkos-kernels" -B "$work/kernels" "${kernels_options[@]}" >"$work.kernels.log" 2>&1 ||
  kp_die "configuring Kokkos Kernels failed: see $work.kernels.log"
cmake --build "$work/kernels" -j "$jobs" --target install >>"$work.kernels.log" 2>&1 ||
  kp_die "building Kokkos Kernels failed: see $work.kernels.log"

rm -rf "$work"
touch "$prefix/.complete"
echo "$prefix"
