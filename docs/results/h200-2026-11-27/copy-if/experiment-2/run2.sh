#!/bin/bash
# Experiment 2: kp copy_if variants (cp.async staging, speculative ticket) against CUB, and Nsight Compute.
set -u
W=$(cd "$(dirname "$0")" && pwd)
B=$W/bin/scan
export LD_LIBRARY_PATH=$W/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export OMP_PROC_BIND=false
R=$OUT/r2; mkdir -p $R
{ cat $W/machine.txt; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv; } > $R/machine.txt 2>&1
V=kp-copy-if-v0,kp-copy-if-v1,kp-copy-if-v2,kp-copy-if-v3,kp-copy-if-v4,kp-copy-if-v5,kp-copy-if-v6,kp-copy-if-v7,kp-copy-if-v8,cub-select-if
start=$(date +%s)
for pass in 1 2; do
  for s in 1 50 99; do
    $B --spaces cuda --size 2^26 --repeat 100 --max-time 2 --select $s --variants $V --csv $R/select-$s-$pass.csv > $R/select-$s-$pass.txt 2>&1
    echo "pass $pass select $s done at $(( $(date +%s) - start )) s"
  done
done
NCU="ncu --kernel-name-base demangled --clock-control none"
$NCU -k regex:"CompactTiles|SelectSweep|select_sweep" --metrics gpu__time_duration.sum,sm__warps_active.avg.pct_of_peak_sustained_active,dram__bytes_read.sum,dram__bytes_write.sum,launch__registers_per_thread,launch__occupancy_limit_registers,launch__occupancy_limit_shared_mem \
  $B --spaces cuda --size 2^26 --repeat 5 --warmup 0 --max-time 0.001 --select 1 --variants kp-copy-if-v0,kp-copy-if-v1,kp-copy-if-v4,kp-copy-if-v6,cub-select-if > $R/ncu-time-1.txt 2>&1
echo "ncu times done at $(( $(date +%s) - start )) s"
$NCU -k regex:"CompactTiles|SelectSweep|select_sweep" -c 12 --section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats --section SchedulerStats --section MemoryWorkloadAnalysis \
  $B --spaces cuda --size 2^26 --repeat 3 --warmup 0 --max-time 0.001 --select 1 --variants kp-copy-if-v0,kp-copy-if-v4,cub-select-if > $R/ncu-sections-1.txt 2>&1
echo "ncu sections done at $(( $(date +%s) - start )) s"
cd $OUT && tar czf experiment2.tgz r2 && rm -rf r2
