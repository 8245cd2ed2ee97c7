#!/bin/bash
# One device call (run from the repository root, $OUT set by the device
# tool) on the GPU machine's 16-core host: the scan app's segmented rows
# (sums and scans of segments, kp beside std) of a host build
# (.devbin/host-new/scan, scripts/build.sh without CUDA), 2^26 floats,
# equal segments of 1000 and power-law lengths of that mean, Serial and 16
# threads, two passes. .devbin also holds libtbb.so.12.
export LD_LIBRARY_PATH=$PWD/.devbin
export OMP_PROC_BIND=spread OMP_PLACES=threads OMP_NUM_THREADS=16
lscpu > $OUT/machine.txt
for pass in 1 2; do
  for lengths in uniform powerlaw; do
    args="--spaces serial,openmp --size 2^26 --repeat 15 --segment 1000 --segment-lengths $lengths --variants kp-segmented,std-segmented,kp-segmented-scan,std-segmented-scan"
    echo "\$ OMP_PROC_BIND=spread OMP_PLACES=threads apps/scan $args"
    .devbin/host-new/scan $args 2>&1 | grep -v "^#\|OMP\|^  "
  done
done > $OUT/segmented.txt
grep -E "^\\$|segmented" $OUT/segmented.txt | cut -c1-100
