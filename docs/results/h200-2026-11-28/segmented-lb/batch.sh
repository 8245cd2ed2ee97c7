#!/bin/bash
# A/B of the segment teams' register cap: v1 (no LaunchBounds: 40 registers a thread for floats) against lb (LaunchBounds<512, 4>: 32); two passes; then the CUDA test of lb
export LD_LIBRARY_PATH=$PWD/.devbin
nvidia-smi --query-gpu=name --format=csv,noheader | tee $OUT/machine.txt
for pass in 1 2; do
for b in scan-v1 scan-lb; do
  for c in "uniform 16384" "uniform 1024" "uniform 64" "uniform 262144" "powerlaw 16384" "powerlaw 1024" "powerlaw 64"; do
    set -- $c
    echo "== $b pass $pass $1 $2"
    .devbin/$b --spaces cuda --size 2^26 --repeat 100 --max-time 1 --segment $2 --segment-lengths $1 --variants kp-segmented,cub-segmented | grep -E "segmented"
  done
done; done 2>&1 | tee $OUT/ab.txt
for t in .devbin/test_kp_segmented-lb; do echo "== $t"; $t 2>&1 | tail -3; done 2>&1 | tee $OUT/tests.txt
