#!/usr/bin/env bash
# Builds the suite for a set of Kokkos backends; each set has its own build
# folder (build/serial-openmp, build/serial-openmp-cuda, ...), and Kokkos
# itself is built once per configuration into the dependency cache.
#
# Usage: scripts/build.sh [options]
#   -s, --serial       enable the Serial backend
#       --openmp       enable the OpenMP backend
#   -g, --cuda         enable the CUDA backend (with Serial and OpenMP if none given)
#                      default backends: Serial + OpenMP
#       --mpi          also build kp::mpi (include/kp/mpi.hpp) and its tests, with
#                      Open MPI (set-up installs it); its own folder (build/<set>-mpi)
#       --arch ARCH    GPU architecture: a Kokkos name (HOPPER90, AMPERE80, ...) or
#                      sm_90 / 90; default: detected with nvidia-smi, else HOPPER90
#       --release      optimized build (default)
#       --debug        debug build
#       --sanitize     AddressSanitizer + UndefinedBehaviorSanitizer (host backends)
#       --native       host code for this machine's CPU (-march=native, FP contraction
#                      off, so answers stay bit for bit); its own folder (<set>-native)
#       --apps LIST    build only these applications (e.g. reduce,scan; default all)
#       --no-tests     leave the Catch2 tests out of this build (not remembered)
#       --targets LIST build only these CMake targets (e.g. test_kp_block,reduce)
#       --kokkos VERSION    the Kokkos to build against: 3.4 (default) or 4.6;
#                           4.6 builds go to build/<set>-kokkos4.6
#       --kokkos-root DIR   use an installed Kokkos (3.4 or 4.x) instead of building one
#       --clean        remove this configuration's build folder first
#       --test         run the tests (ctest) after building
#       --run          run the whole suite (build/<set>/apps/suite) after building
#   -j, --jobs N       parallel build jobs (default: number of cores)
#   -h, --help         show this help
#
# Environment: KP_CMAKE_ARGS, extra CMake arguments for this run's configure
# (space-separated, e.g. -DKP_TEST_SKIP=kp;harness); a later run without one
# forgets it.
set -euo pipefail
source "$(dirname "$0")/common.sh"

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; }
bad() {
  echo "build.sh: $*; see --help" >&2
  exit 2
}

serial=0 openmp=0 cuda=0 mpi=0 arch="" build_type=Release sanitize=0 native=0 clean=0 run_tests=0 run_suite=0
tests=ON targets=""
kokkos_root=${KOKKOS_ROOT:-} jobs=$(nproc) apps=""
while [ $# -gt 0 ]; do
  case $1 in
    -s | --serial) serial=1 ;;
    --openmp) openmp=1 ;;
    -g | --cuda) cuda=1 ;;
    --mpi) mpi=1 ;;
    --arch)
      [ $# -ge 2 ] || bad "--arch needs a value"
      arch=$2
      shift
      ;;
    --release) build_type=Release ;;
    --debug) build_type=Debug ;;
    --sanitize) sanitize=1 ;;
    --native) native=1 ;;
    --no-tests) tests=OFF ;;
    --apps)
      [ $# -ge 2 ] || bad "--apps needs a list"
      apps=$2
      shift
      ;;
    --targets)
      [ $# -ge 2 ] || bad "--targets needs a list"
      targets=$2
      shift
      ;;
    --kokkos)
      [ $# -ge 2 ] || bad "--kokkos needs a version (3.4 or 4.6)"
      [ "$2" = 3.4 ] || [ "$2" = 4.6 ] || bad "--kokkos: 3.4 or 4.6, not '$2'"
      export KP_KOKKOS=$2
      shift
      ;;
    --kokkos-root)
      [ $# -ge 2 ] || bad "--kokkos-root needs a directory"
      kokkos_root=$2
      shift
      ;;
    --clean) clean=1 ;;
    --test) run_tests=1 ;;
    --run) run_suite=1 ;;
    -j | --jobs)
      [[ ${2:-} =~ ^[1-9][0-9]*$ ]] || bad "$1 needs a positive number"
      jobs=$2
      shift
      ;;
    -h | --help)
      usage
      exit 0
      ;;
    *) bad "unknown option '$1'" ;;
  esac
  shift
done

if [ $serial = 0 ] && [ $openmp = 0 ]; then serial=1 openmp=1; fi
backends=""
[ $serial = 1 ] && backends+=",serial"
[ $openmp = 1 ] && backends+=",openmp"
[ $cuda = 1 ] && backends+=",cuda"
backends=${backends#,}
[ $cuda = 1 ] && [ $sanitize = 1 ] && bad "--sanitize is for the host backends only"
[ $tests = OFF ] && [ $run_tests = 1 ] && bad "--test needs the tests: drop --no-tests"

# The GPU architecture as Kokkos names it.
kokkos_arch() {
  local a=$1
  if [ -z "$a" ]; then
    a=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -1 | tr -d ' .') || true
    [ -n "$a" ] || a=90
  fi
  case ${a#sm_} in
    90 | 9.0 | HOPPER90) echo HOPPER90 ;;
    86 | 8.6 | AMPERE86) echo AMPERE86 ;;
    80 | 8.0 | AMPERE80) echo AMPERE80 ;;
    75 | 7.5 | TURING75) echo TURING75 ;;
    70 | 7.0 | VOLTA70) echo VOLTA70 ;;
    *) bad "unsupported --arch '$1' (HOPPER90, AMPERE86, AMPERE80, TURING75, VOLTA70; newer GPUs run HOPPER90 code)" ;;
  esac
}
arch_name=none
[ $cuda = 1 ] && arch_name=$(kokkos_arch "$arch")

name=${backends//,/-}
[ $mpi = 1 ] && name+=-mpi
[ "$build_type" = Debug ] && name+=-debug
[ $sanitize = 1 ] && name+=-sanitize
[ $native = 1 ] && name+=-native
[ "${KP_KOKKOS:-3.4}" = 4.6 ] && name+=-kokkos4.6
build_dir=$KP_ROOT/build/$name
[ $clean = 1 ] && rm -rf "$build_dir"

export KP_JOBS=$jobs
setup_args=()
[ $mpi = 1 ] && setup_args+=(--mpi)
"$KP_ROOT/scripts/setup.sh" "${setup_args[@]}"
if [ -n "$kokkos_root" ]; then
  prefix=$kokkos_root
  kp_log "using the Kokkos installed in $prefix"
else
  prefix=$("$KP_ROOT/scripts/build_kokkos.sh" "$backends" "$arch_name" Release)
fi

cmake_args=(-S "$KP_ROOT" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE="$build_type"
  -DCMAKE_PREFIX_PATH="$prefix;$KP_CACHE/catch2/usr" -DKokkos_ROOT="$prefix")
if [ $cuda = 1 ]; then
  wrapper=$prefix/bin/nvcc_wrapper
  [ -x "$wrapper" ] || kp_die "$prefix has no bin/nvcc_wrapper: is that Kokkos built with CUDA?"
  command -v nvcc >/dev/null || export PATH=/usr/local/cuda/bin:$PATH
  cmake_args+=(-DCMAKE_CXX_COMPILER="$wrapper")
fi
# shellcheck disable=SC2054 # one CMake value, a list of sanitizers
[ $sanitize = 1 ] && cmake_args+=(-DKP_SANITIZE=address,undefined)
[ $native = 1 ] && cmake_args+=(-DKP_NATIVE=ON)
[ $mpi = 1 ] && cmake_args+=(-DKP_ENABLE_MPI=ON)
# Tests are built unless this run says --no-tests: an earlier --no-tests
# left in the cache does not carry over.
cmake_args+=(-DKP_BUILD_TESTS="$tests")
# KP_CMAKE_ARGS: extra CMake arguments, split at spaces (e.g. where to find
# an MPI without compiler wrappers: -DMPI_CXX_HEADER_DIR=... ). They hold for
# this run only: a variable an earlier run's KP_CMAKE_ARGS set (CI's
# -DKP_TEST_SKIP=..., say) and this run's does not is forgotten.
extra_cmake_args=()
[ -n "${KP_CMAKE_ARGS:-}" ] && read -r -a extra_cmake_args <<<"$KP_CMAKE_ARGS"
extra_names=()
for arg in "${extra_cmake_args[@]}"; do
  [[ $arg =~ ^-D([A-Za-z0-9_]+)[:=] ]] && extra_names+=("${BASH_REMATCH[1]}")
done
extra_record=$build_dir/kp-cmake-args.txt
if [ -f "$extra_record" ]; then
  while read -r name; do
    [ -n "$name" ] && [[ " ${extra_names[*]} " != *" $name "* ]] && cmake_args+=(-U"$name")
  done <"$extra_record"
fi
cmake_args+=("${extra_cmake_args[@]}")
# Without --apps, forget a list an earlier --apps left in the cache.
if [ -n "$apps" ]; then cmake_args+=(-DKP_APPS="${apps//,/;}"); else cmake_args+=(-UKP_APPS); fi
# A folder configured against another Kokkos (another --arch, say) would mix
# objects: start it afresh.
if [ -f "$build_dir/CMakeCache.txt" ] && ! grep -qx "Kokkos_ROOT:UNINITIALIZED=$prefix\|Kokkos_ROOT:PATH=$prefix" "$build_dir/CMakeCache.txt"; then
  kp_log "$build_dir was configured for another Kokkos: cleaning it"
  rm -rf "$build_dir"
fi
kp_log "configuring $build_dir"
cmake "${cmake_args[@]}" >/dev/null
printf '%s\n' "${extra_names[@]}" >"$extra_record"
target_args=()
if [ -n "$targets" ]; then
  IFS=, read -r -a target_list <<<"$targets"
  target_args=(--target "${target_list[@]}")
fi
kp_log "building ($jobs jobs)${targets:+: $targets}"
cmake --build "$build_dir" -j "$jobs" "${target_args[@]}"

cat <<MSG

Built ($backends, $build_type) in $build_dir
  applications: $build_dir/apps/{reduce,scan,minloc,histogram,roulette,mandelbrot,sort}
  whole suite:  $build_dir/apps/suite --results results/
  e.g.          $build_dir/apps/reduce --size 2^24 --repeat 10 --csv reduce.csv
  tests:        ctest --test-dir $build_dir --output-on-failure
MSG

if [ $run_tests = 1 ]; then
  # Open MPI 4.1 processes started at once race on its per-user temporary
  # directory in /tmp (one removes it as empty while another creates its own
  # in it: "A call to mkdir was unable to create the desired directory",
  # open-mpi/ompi#8510), so an MPI build's tests run one at a time.
  test_jobs=$jobs
  [ $mpi = 1 ] && test_jobs=1
  ctest --test-dir "$build_dir" --output-on-failure -j "$test_jobs"
fi
if [ $run_suite = 1 ]; then
  "$build_dir/apps/suite" --results "$KP_ROOT/results/$name"
fi
