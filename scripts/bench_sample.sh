#!/usr/bin/env bash
# The sampling benchmarks (the roulette app's rows), written to OUTDIR as
# one CSV per case plus the printed tables (sample.txt):
#
#   scripts/bench_sample.sh OUTDIR BUILD_DIR [--spaces LIST] [--ranks LIST] [--numpy]
#
#   - per space: 2^24 weights and 2^28 draws (uniform and ramp), the seeds'
#     case (10^5 weights, 10^7 draws), 2^20 weights with 2^24, 2^28 and
#     2^32 draws: kp beside kp-alias (one draw at a time), kp-table and
#     kp-indices (the alias table's build, then 2^28 indices in draw order);
#   - --ranks (a BUILD_DIR built with --mpi): kp::mpi::sample of 2^26
#     weights and 2^30 draws on each rank count of LIST (uniform, ramp,
#     sparse weights), one GPU a rank where the space is cuda;
#   - --numpy: instead of the above, three passes that time NumPy's
#     multinomial (scripts/numpy_multinomial.py, one thread) and kp on the
#     Serial space one after the other, on the seeds' case and on 2^20
#     weights with 2^24 draws (numpy.csv and the kp CSVs).
set -euo pipefail
out=${1:?usage: bench_sample.sh OUTDIR BUILD_DIR [--spaces LIST] [--ranks LIST]}
build=${2:?usage: bench_sample.sh OUTDIR BUILD_DIR [--spaces LIST] [--ranks LIST]}
shift 2
spaces=all ranks="" numpy=0
while [ $# -gt 0 ]; do
  case $1 in
    --spaces) spaces=$2; shift ;;
    --ranks) ranks=$2; shift ;;
    --numpy) numpy=1 ;;
    *) echo "bench_sample.sh: unknown option '$1'" >&2; exit 2 ;;
  esac
  shift
done
mkdir -p "$out"
app=$build/apps/roulette
mpirun=()
if [ -n "$ranks" ] || grep -q "KP_ENABLE_MPI:BOOL=ON" "$build/CMakeCache.txt" 2>/dev/null; then
  mpirun=(mpirun --allow-run-as-root --oversubscribe --bind-to none -np 1)
fi
run() {  # name, then the app's arguments
  local name=$1
  shift
  echo "== roulette $*" | tee -a "$out/sample.txt"
  "${mpirun[@]}" "$app" --spaces "$spaces" --csv "$out/$name.csv" "$@" 2>&1 | tee -a "$out/sample.txt"
}
if [ $numpy = 1 ]; then
  py=/usr/bin/python3
  [ -x $py ] || py=python3
  for pass in 1 2 3; do
    for c in "100000 10000000" "1048576 16777216"; do
      set -- $c
      $py "$(dirname "$0")/numpy_multinomial.py" --size "$1" --draws "$2" | tee -a "$out/numpy.csv"
      "${mpirun[@]}" "$app" --spaces serial --variants kp --size "$1" --draws "$2" \
        --csv "$out/kp-serial-$1-$2-pass$pass.csv" 2>&1 | tee -a "$out/sample.txt"
    done
  done
  exit 0
fi
run big-uniform --size 2^24 --draws 2^28 --variants kp,kp-alias,kp-table,kp-indices
run big-ramp --size 2^24 --draws 2^28 --weights ramp --variants kp,kp-alias,kp-table,kp-indices
run seeds --size 100000 --draws 10000000 --variants kp,kp-alias
for d in 24 28 32; do
  run "m20-d$d" --size 2^20 --draws 2^$d --variants kp
done
for np in ${ranks//,/ }; do
  for w in uniform ramp sparse; do
    echo "== mpirun -np $np roulette --size 2^26 --draws 2^30 --weights $w" | tee -a "$out/sample.txt"
    mpirun --allow-run-as-root --oversubscribe --bind-to none -np "$np" "$app" --spaces "$spaces" \
      --size 2^26 --draws 2^30 --weights "$w" --variants kp --csv "$out/mpi-np$np-$w.csv" 2>&1 |
      tee -a "$out/sample.txt"
  done
done
