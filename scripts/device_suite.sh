#!/usr/bin/env bash
# One benchmark run on a machine (a lent GPU machine or a host), its
# outputs in OUT: machine.txt, build.log, the suite's results.csv/json and
# printed tables (suite.txt), and with --passes N the 2^28 rows of each
# primitive beside its best baselines, N passes (big.txt, `$ command`
# blocks that scripts/perf_tables.py --passes reads).
#
#   scripts/device_suite.sh OUT [--cuda] [--threads N] [--apps LIST]
#                           [--passes N] [--max-time S] [--tests REGEX]
#
#   --cuda       build Serial+OpenMP+CUDA and time the cuda space too
#   --threads N  OpenMP threads (default: every core), pinned spread
#   --apps LIST  the suite's applications (default: all)
#   --passes N   also N passes of the large-size rows (default 0)
#   --max-time S the suite's time per variant (default 0.3)
#   --tests RE   also run ctest -R RE on the build (ctest.txt)
#
# On a lent machine, from the repository root with the dependency cache
# carried as .cache (no network there):
#   KP_CACHE=$PWD/.cache KP_OFFLINE=1 scripts/device_suite.sh $OUT --cuda --passes 3
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: device_suite.sh OUT [options]}
shift
cuda=0 threads=$(nproc) apps="" passes=0 max_time=0.3 tests=""
while [ $# -gt 0 ]; do
  case $1 in
    --cuda) cuda=1 ;;
    --threads) threads=$2 && shift ;;
    --apps) apps=$2 && shift ;;
    --passes) passes=$2 && shift ;;
    --max-time) max_time=$2 && shift ;;
    --tests) tests=$2 && shift ;;
    *) echo "device_suite.sh: unknown option $1" >&2 && exit 2 ;;
  esac
  shift
done
mkdir -p "$out"
if [ -d "$root/.cache/deps/usr" ]; then # Debian packages unpacked into the carried cache
  export CMAKE_PREFIX_PATH=$root/.cache/deps/usr
  export LD_LIBRARY_PATH=$root/.cache/deps/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
fi
export OMP_PROC_BIND=spread OMP_PLACES=threads OMP_NUM_THREADS=$threads
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$out/machine.txt"; }

{
  nvidia-smi --query-gpu=name,compute_cap,driver_version,memory.total --format=csv 2>/dev/null
  echo "cores: $(nproc), OpenMP threads: $threads"
  lscpu | grep -E "Model name|^Model:|L2|L3"
  git -C "$root" log -1 --format="tree of %h" 2>/dev/null
} >"$out/machine.txt" 2>&1

flags=(-j "$(nproc)")
spaces=serial,openmp
build=$root/build/serial-openmp
if [ $cuda = 1 ]; then
  flags+=(--cuda)
  spaces+=,cuda
  build=$root/build/serial-openmp-cuda
fi
[ -n "$apps" ] && flags+=(--apps "$apps")
"$root/scripts/build.sh" "${flags[@]}" >"$out/build.log" 2>&1
log "build rc=$?"

if [ -n "$tests" ]; then
  ctest --test-dir "$build" -R "$tests" -j 8 --output-on-failure >"$out/ctest.txt" 2>&1
  log "ctest rc=$?"
fi

suite=("$build/apps/suite" --spaces "$spaces" --max-time "$max_time" --results "$out")
[ -n "$apps" ] && suite+=(--apps "$apps")
echo "\$ ${suite[*]}" >"$out/suite.txt"
"${suite[@]}" >>"$out/suite.txt" 2>&1
log "suite rc=$?"

# The large-size rows: each primitive's `kp` beside the baselines it is held to.
big() {
  echo "\$ $*" >>"$out/big.txt"
  "$build/apps/$1" "${@:2}" --spaces "$spaces" --max-time 0.2 >>"$out/big.txt" 2>&1
}
for ((pass = 1; pass <= passes; pass++)); do
  big bandwidth --variants read,copy,triad
  big reduce --size 2^28 --variants kp,omp-simd,std-reduce,cub
  big minloc --size 2^28 --variants kp,omp-partials,std-min-element,cub
  big scan --size 2^28 --variants kp,std-scan,cub
  big histogram --size 2^28 --bins 256 --variants kp,omp-private,cub
  big histogram --size 2^28 --bins 65536 --variants kp,omp-private,cub
  big roulette --variants kp
  big mandelbrot --variants simd-rows,mdrange,team-rows
  log "pass $pass"
done
