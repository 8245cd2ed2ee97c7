#!/bin/bash
# A/B of the segmented reduce's chunk kernel: fin (4 loads), v1 (16 loads), v2 (16 loads, next chunk grabbed ahead); two passes; then the CUDA test of v2
export LD_LIBRARY_PATH=$PWD/.devbin
nvidia-smi --query-gpu=name --format=csv,noheader | tee $OUT/machine.txt
for pass in 1 2; do
for b in fin/apps/scan scan-v1 scan-v2; do
  for kind in uniform powerlaw; do
    for L in 262144 16384 1024; do
      echo "== $b pass $pass $kind $L"
      .devbin/$b --spaces cuda --size 2^26 --repeat 100 --max-time 1 --segment $L --segment-lengths $kind --variants kp-segmented,cub-segmented | grep -E "segmented"
    done
  done
done; done 2>&1 | tee $OUT/ab.txt
for t in .devbin/test_kp_segmented*; do echo "== $t"; $t 2>&1 | tail -3; done 2>&1 | tee $OUT/tests.txt
