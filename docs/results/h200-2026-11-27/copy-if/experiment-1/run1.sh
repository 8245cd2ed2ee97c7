#!/bin/bash
# Experiment: kp copy_if variants against CUB, 2^26 floats, and Nsight Compute.
set -u
W=$(cd "$(dirname "$0")" && pwd)
B=$W/bin/scan
export LD_LIBRARY_PATH=$W/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export OMP_PROC_BIND=false
R=$OUT/r; mkdir -p $R
{ cat $W/machine.txt; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv; nproc; } > $R/machine.txt 2>&1
V=kp-copy-if,kp-copy-if-v0,kp-copy-if-v1,kp-copy-if-v2,kp-copy-if-v3,kp-copy-if-v4,kp-copy-if-v5,kp-copy-if-v6,kp-copy-if-v7,kp-copy-if-v8,kp-copy-if-v9,cub-select-if
start=$(date +%s)
for pass in 1 2; do
  for s in 1 50 99; do
    $B --spaces cuda --size 2^26 --repeat 100 --max-time 2 --select $s --variants $V --csv $R/select-$s-$pass.csv > $R/select-$s-$pass.txt 2>&1
    echo "pass $pass select $s done at $(( $(date +%s) - start )) s"
  done
done
# Kernel time against the call's wall time, and what bounds the kernels.
NCU="ncu --kernel-name-base demangled --clock-control none"
$NCU -k regex:"CompactTiles|SelectSweep|select_sweep" --metrics gpu__time_duration.sum \
  $B --spaces cuda --size 2^26 --repeat 5 --warmup 0 --max-time 0 --select 1 --variants kp-copy-if-v0,kp-copy-if-v3,kp-copy-if-v6,kp-copy-if-v9,cub-select-if > $R/ncu-time-1.txt 2>&1
echo "ncu times done at $(( $(date +%s) - start )) s"
$NCU -k regex:"CompactTiles|SelectSweep|select_sweep" -c 12 --section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats --section SchedulerStats --section MemoryWorkloadAnalysis \
  $B --spaces cuda --size 2^26 --repeat 3 --warmup 0 --max-time 0 --select 1 --variants kp-copy-if-v0,kp-copy-if-v3,cub-select-if > $R/ncu-sections-1.txt 2>&1
echo "ncu sections done at $(( $(date +%s) - start )) s"
cd $OUT && tar czf experiment.tgz r && rm -rf r
