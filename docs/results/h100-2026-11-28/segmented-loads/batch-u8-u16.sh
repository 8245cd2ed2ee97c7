#!/bin/bash
# A/B of the segmented reduce's loads a thread (kSegmentUnroll): fin (4), u8, u16; two passes
export LD_LIBRARY_PATH=$PWD/.devbin
nvidia-smi --query-gpu=name --format=csv,noheader | tee $OUT/machine.txt
for pass in 1 2; do
for b in fin/apps/scan scan-u8 scan-u16; do
  for kind in uniform powerlaw; do
    for L in 262144 16384 1024; do
      echo "== $b pass $pass $kind $L"
      .devbin/$b --spaces cuda --size 2^26 --repeat 100 --max-time 1 --segment $L --segment-lengths $kind --variants kp-segmented,cub-segmented | grep -E "segmented"
    done
  done
done; done 2>&1 | tee $OUT/ab.txt
