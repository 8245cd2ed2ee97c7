#!/usr/bin/env bash
# The sampling run on a lent GPU machine (one or more GPUs), outputs in OUT:
# a CUDA + MPI build, the sampling tests (kp::sample and the binomials on
# every space; kp::mpi::sample on 1 to 5 ranks), then scripts/bench_sample.sh
# on the cuda space (one GPU), with --ranks on 1, 2 and 4 GPUs where the
# machine has 4, and the host rows (Serial, OpenMP on every core).
#
#   scripts/device_sample.sh OUT [--build DIR] [--no-tests]
#
#   from the repository root, .cache carried;
#   --build DIR  use the CUDA + MPI build in DIR (its apps/roulette, and
#                tests/ unless --no-tests) instead of building one here;
#   --no-tests   leave the tests out (on a 4-GPU machine the build, the
#                tests and the benchmarks do not fit one 600 s call).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: device_sample.sh OUT [--build DIR] [--no-tests]}
shift
b="" tests=1
while [ $# -gt 0 ]; do
  case $1 in
    --build) b=${2:?--build needs a folder} && shift ;;
    --no-tests) tests=0 ;;
    *) echo "device_sample.sh: unknown option '$1'" >&2 && exit 2 ;;
  esac
  shift
done
mkdir -p "$out"
cd "$root" || exit 1
source scripts/device_env.sh
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" | tee -a "$out/times.txt"; }
gpus=$(nvidia-smi -L | wc -l)
{ nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv; echo "cores: $(nproc)"; } >"$out/machine.txt" 2>&1
if [ -z "$b" ]; then
  timeout 400 scripts/build.sh --cuda --mpi --apps roulette -j "$(nproc)" >"$out/build.log" 2>&1 ||
    { tail -40 "$out/build.log"; exit 1; }
  log build
  b=build/serial-openmp-cuda-mpi
fi
mpi=(mpirun --allow-run-as-root --oversubscribe --bind-to none)
[ $tests = 1 ] && {
  for t in test_kp_binomial test_kp_sample; do
    echo "== $t"
    OMP_NUM_THREADS=$(nproc) "${mpi[@]}" -np 1 "$b/tests/kp/$t" | tail -2
  done
  for np in 1 2 3 4 5; do
    echo "== test_kp_mpi [sample] on $np ranks"
    OMP_NUM_THREADS=2 "${mpi[@]}" -np "$np" "$b/tests/kp_mpi/test_kp_mpi" "[sample]" | tail -2
  done
} >"$out/tests.txt" 2>&1 && log tests
ranks=""
[ "$gpus" -ge 4 ] && ranks=1,2,4
[ "$gpus" -eq 2 ] && ranks=1,2
OMP_NUM_THREADS=$(nproc) scripts/bench_sample.sh "$out/cuda" "$b" --spaces cuda ${ranks:+--ranks $ranks} >/dev/null 2>&1
log "bench cuda"
for c in "100000 10000000" "1048576 16777216"; do
  set -- $c
  OMP_NUM_THREADS=$(nproc) "${mpi[@]}" -np 1 "$b/apps/roulette" --spaces serial,openmp --variants kp,kp-alias \
    --size "$1" --draws "$2" --csv "$out/host-$1.csv" >>"$out/host.txt" 2>&1
done
log "bench host"
