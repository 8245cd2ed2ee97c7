#!/bin/bash
# One device call (run from the repository root, $OUT set by the device
# tool): Nsight Compute on the segmented scan's single pass (the scan app in
# .devbin/apps, 2^26 floats in 2^12 power-law segments) and on CUB's scan
# by key, one call each. .devbin also holds libcudart.so.13.
export LD_LIBRARY_PATH=$PWD/.devbin
B=.devbin
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem,memory.total --format=csv > $OUT/machine.txt
for v in kp-segmented-scan cub-segmented-scan; do
  echo "== $v"
  ncu --section SpeedOfLight --section Occupancy --section LaunchStats \
    --section WarpStateStats --section SchedulerStats --section MemoryWorkloadAnalysis \
    --kernel-name-base demangled -k regex:'SegmentLookbackScan|SegmentTileFirsts|DeviceScanByKeyKernel' -c 2 \
    $B/apps/scan --spaces cuda --size 2^26 --repeat 1 --warmup 0 --segment 16384 \
    --segment-lengths powerlaw --variants $v
done > $OUT/ncu.txt 2>&1
grep -E "^==|Duration|DRAM Throughput|Registers Per|Achieved Occupancy|Theoretical Occupancy|Block Limit|Issued Ipc|No Eligible|Stall|Warp Cycles Per Issued|Dynamic Shared|Static Shared|Grid Size|Block Size|SegmentLookbackScan|SegmentTileFirsts|ScanByKey" $OUT/ncu.txt | cut -c1-150
