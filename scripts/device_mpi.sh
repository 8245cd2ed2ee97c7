#!/usr/bin/env bash
# kp::mpi on one machine, its outputs in OUT: the MPI build (build.log),
# its distributed tests (ctest.txt), and every application's `kp` row
# under mpirun over a list of rank counts (ranks.txt, `$ command` blocks
# that scripts/perf_tables.py --ranks reads): strong scaling at --size,
# weak scaling at --size-per-rank.
#
#   scripts/device_mpi.sh OUT [--cuda] [--space SPACE] [--ranks "1 2 4 8"]
#                         [--size 2^26] [--size-per-rank 2^23]
#                         [--build DIR] [--no-tests]
#
#   --cuda   build with CUDA (the ranks share the machine's GPUs round robin)
#   --space  the space the rows run on (default serial: one core a rank)
#   --build  use the MPI build in DIR (its apps/, and tests/ unless
#            --no-tests) instead of building one here
#   --no-tests  leave the distributed tests out
#
# On a machine with one GPU, ranks on cuda share it: a correctness run,
# not a scaling figure. Carry the dependency cache as .cache on lent
# machines (see scripts/device_suite.sh).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: device_mpi.sh OUT [options]}
shift
cuda=0 space=serial ranks="1 2 4 8" size=2^26 per_rank=2^23 build="" tests=1
while [ $# -gt 0 ]; do
  case $1 in
    --cuda) cuda=1 ;;
    --space) space=$2 && shift ;;
    --ranks) ranks=$2 && shift ;;
    --size) size=$2 && shift ;;
    --size-per-rank) per_rank=$2 && shift ;;
    --build) build=${2:?--build needs a folder} && shift ;;
    --no-tests) tests=0 ;;
    *) echo "device_mpi.sh: unknown option $1" >&2 && exit 2 ;;
  esac
  shift
done
mkdir -p "$out"
if [ -d "$root/.cache/deps/usr" ]; then
  export CMAKE_PREFIX_PATH=$root/.cache/deps/usr
  export LD_LIBRARY_PATH=$root/.cache/deps/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
fi
{
  nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv 2>/dev/null
  nproc
  mpirun --version | head -1
} >"$out/machine.txt" 2>&1

if [ -z "$build" ]; then
  # shellcheck disable=SC2054 # --apps takes a comma-separated list
  flags=(--mpi -j "$(nproc)" --apps reduce,scan,minloc,histogram,roulette)
  build=$root/build/serial-openmp-mpi
  if [ $cuda = 1 ]; then
    flags+=(--cuda)
    build=$root/build/serial-openmp-cuda-mpi
  fi
  "$root/scripts/build.sh" "${flags[@]}" >"$out/build.log" 2>&1 || { tail -30 "$out/build.log"; exit 1; }
fi
if [ $tests = 1 ]; then
  (cd "$build" && OMP_NUM_THREADS=2 ctest -R "test_kp_mpi|mpi_app" --output-on-failure) >"$out/ctest.txt" 2>&1
fi

mpi="mpirun --allow-run-as-root --oversubscribe --bind-to core --map-by core"
run() {
  echo "\$ $*" >>"$out/ranks.txt"
  OMP_NUM_THREADS=1 "$@" >>"$out/ranks.txt" 2>&1
}
for app in reduce scan minloc histogram roulette; do
  for np in $ranks; do
    if [ $app = roulette ]; then # weights and draws both scale with --size
      run $mpi -np "$np" "$build/apps/$app" --spaces "$space" --variants kp --size 2^22 --draws 2^22 \
        --weights ramp --repeat 7 --warmup 1
    else
      run $mpi -np "$np" "$build/apps/$app" --spaces "$space" --variants kp --size "$size" --repeat 7 --warmup 1
    fi
  done
  [ $app = roulette ] && continue
  for np in $ranks; do
    run $mpi -np "$np" "$build/apps/$app" --spaces "$space" --variants kp --size-per-rank "$per_rank" \
      --repeat 7 --warmup 1
  done
done
