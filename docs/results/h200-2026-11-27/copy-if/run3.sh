#!/bin/bash
# kp::copy_if on CUDA: the CUDA tests (and a planted mutant's), then the
# scan app's copy_if rows before (base) and after the change against CUB,
# 2^26 floats keeping 1/50/99%, two passes, and Nsight Compute kernel times.
set -u
W=$(cd "$(dirname "$0")" && pwd)
cd $W/bin && for f in *.gz; do gunzip -f $f; done; chmod +x *; cd - >/dev/null
export LD_LIBRARY_PATH=$W/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export OMP_PROC_BIND=false
R=$OUT/copy-if; mkdir -p $R
{ cat $W/machine.txt; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv; } > $R/machine.txt 2>&1
start=$(date +%s)
$W/bin/test_kp_copy_if > $R/t.txt 2>&1; rc=$?; tail -c 20000 $R/t.txt > $R/cuda-test.txt; rm $R/t.txt; echo "test rc $rc" | tee -a $R/cuda-test.txt
$W/bin/test_kp_copy_if_mutant > $R/t.txt 2>&1; rc=$?; { grep -m 12 -B2 -A6 "FAILED" $R/t.txt | cut -c1-300; tail -n 4 $R/t.txt; } > $R/cuda-test-mutant.txt; rm $R/t.txt; echo "mutant test rc $rc" | tee -a $R/cuda-test-mutant.txt
echo "tests done at $(( $(date +%s) - start )) s"
for pass in 1 2; do
  for s in 1 50 99; do
    $W/bin/scan-base --spaces cuda --size 2^26 --repeat 100 --max-time 2 --select $s --variants kp-copy-if,cub-select-if --csv $R/base-select-$s-$pass.csv > $R/base-select-$s-$pass.txt 2>&1
    $W/bin/scan --spaces cuda --size 2^26 --repeat 100 --max-time 2 --select $s --variants kp-copy-if,cub-select-if --csv $R/select-$s-$pass.csv > $R/select-$s-$pass.txt 2>&1
  done
  echo "pass $pass done at $(( $(date +%s) - start )) s"
done
NCU="ncu --kernel-name-base demangled --clock-control none -k regex:CompactTiles|SelectSweep"
M=gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,sm__warps_active.avg.pct_of_peak_sustained_active,launch__registers_per_thread,launch__occupancy_limit_registers,launch__occupancy_limit_shared_mem
for s in 1 50 99; do
  $NCU --metrics $M $W/bin/scan-base --spaces cuda --size 2^26 --repeat 3 --warmup 0 --max-time 0.001 --select $s --variants kp-copy-if > $R/ncu-base-$s.txt 2>&1
  $NCU --metrics $M $W/bin/scan --spaces cuda --size 2^26 --repeat 3 --warmup 0 --max-time 0.001 --select $s --variants kp-copy-if,cub-select-if > $R/ncu-$s.txt 2>&1
done
echo "ncu done at $(( $(date +%s) - start )) s"
cd $OUT && tar czf copy-if.tgz copy-if && rm -rf copy-if
