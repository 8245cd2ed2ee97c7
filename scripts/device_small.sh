#!/usr/bin/env bash
# The GPU's stream ceilings and the small-size launches, on a lent GPU
# machine, from an already built BUILD_DIR (scripts/build.sh --cuda --apps
# bandwidth,reduce,minloc), outputs in OUT:
#
#   scripts/device_small.sh OUT BUILD_DIR [--sizes "12 14 16"] [--passes N]
#                           [--reduce-variants kp,vector,cub]
#                           [--minloc-variants kp,cub] [--ncu]
#
# bandwidth.txt/.csv: the bandwidth app (2^27 doubles) on cuda, N passes.
# small.txt, reduce-K-P.csv, minloc-K-P.csv: reduce and minloc of 2^K
# values, kp beside CUB, N passes, medians of 2000 host-fenced runs after
# 200 warm-ups (with 50 runs after 3 the sweep timed kp slower at 2^12
# than at 2^16 on the H100, so a process's first runs are not steady).
# --ncu: ncu.csv, each kernel's device time (ncu, clocks left alone) of one
# pass of reduce and minloc at the first size, and of the bandwidth
# kernels with their DRAM throughput.
set -uo pipefail
out=${1:?usage: device_small.sh OUT BUILD_DIR [options]}
build=${2:?usage: device_small.sh OUT BUILD_DIR [options]}
shift 2
sizes="12 14 16" passes=2 reduce_variants=kp,vector,cub minloc_variants=kp,cub ncu=0
while [ $# -gt 0 ]; do
  case $1 in
    --sizes) sizes=$2 && shift ;;
    --passes) passes=$2 && shift ;;
    --reduce-variants) reduce_variants=$2 && shift ;;
    --minloc-variants) minloc_variants=$2 && shift ;;
    --ncu) ncu=1 ;;
    *) echo "device_small.sh: unknown option $1" >&2 && exit 2 ;;
  esac
  shift
done
mkdir -p "$out"
apps=$build/apps
nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.max.sm --format=csv >"$out/machine.txt" 2>&1

logged() {  # file, command...: the command echoed, then its output, appended
  local file=$1
  shift
  echo "\$ $*" >>"$out/$file"
  "$@" >>"$out/$file" 2>&1 || echo "FAILED (rc $?): $*" | tee -a "$out/$file"
}

for ((p = 1; p <= passes; ++p)); do
  logged bandwidth.txt "$apps/bandwidth" --spaces cuda --max-time 1 --csv "$out/bandwidth-$p.csv"
done
small=(--spaces cuda --repeat 2000 --warmup 200 --max-time 2)
for ((p = 1; p <= passes; ++p)); do
  for k in $sizes; do
    logged small.txt "$apps/reduce" "${small[@]}" --size "2^$k" --variants "$reduce_variants" \
      --csv "$out/reduce-$k-$p.csv"
    logged small.txt "$apps/minloc" "${small[@]}" --size "2^$k" --variants "$minloc_variants" \
      --csv "$out/minloc-$k-$p.csv"
  done
done

if [ $ncu = 1 ] && command -v ncu >/dev/null; then
  k=${sizes%% *}
  metrics=gpu__time_duration.sum,launch__grid_size,launch__block_size,launch__registers_per_thread
  once=(--spaces cuda --repeat 5 --warmup 0 --max-time 0.001)
  prof=(ncu --clock-control none --csv --metrics)
  timeout 180 "${prof[@]}" "$metrics" "$apps/reduce" "${once[@]}" --size "2^$k" --variants "$reduce_variants" \
    >"$out/ncu.csv" 2>"$out/ncu.err"
  timeout 180 "${prof[@]}" "$metrics" "$apps/minloc" "${once[@]}" --size "2^$k" --variants "$minloc_variants" \
    >>"$out/ncu.csv" 2>>"$out/ncu.err"
  timeout 240 "${prof[@]}" "$metrics,dram__throughput.avg.pct_of_peak_sustained_elapsed,dram__bytes.sum" \
    "$apps/bandwidth" --spaces cuda --repeat 3 --warmup 0 --max-time 0.001 \
    --variants copy,triad,read,deep-copy >>"$out/ncu.csv" 2>>"$out/ncu.err"
fi
exit 0
