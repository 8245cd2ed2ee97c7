#!/bin/bash
# .devbin/batch.sh OUT: the CUDA tests, the small reduce's A/B, minloc at
# 2^12 and the segmented reduce's A/B of this change.
O=$1; D=.devbin
export LD_LIBRARY_PATH=$PWD/$D
(nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv
 nvidia-smi -q | grep -m2 "Serial Number\|GPU UUID") > $O/machine.txt 2>&1
for t in test_kp_reduce test_kp_minloc test_kp_segmented test_kp_reduce-mut; do
  echo "== $t"; $D/$t --reporter compact 2>&1 | grep -v "OMP_PROC\|In general\|For best\|For unit" | tail -4
done > $O/tests.txt 2>&1
A="--spaces cuda --variants kp,cub --repeat 2000 --warmup 200 --max-time 4"
mkdir -p $O/reduce $O/seg
scripts/ab_binaries.sh --passes 2 --out $O/reduce $D/reduce-base $D/reduce-new \
  -- $A --size 2^12 -- $A --size 5000 -- $A --size 2^14 > /dev/null 2>&1
for p in 1 2; do $D/minloc-new $A --size 2^12 2>&1 | grep -v "OMP_PROC\|In general\|For best\|For unit"; done > $O/minloc.txt
S="--spaces cuda --size 2^26 --repeat 100 --max-time 1 --variants kp-segmented,cub-segmented"
sets=()
for k in uniform powerlaw; do for L in 262144 16384 4096 1024 64; do
  sets+=(-- $S --segment $L --segment-lengths $k); done; done
scripts/ab_binaries.sh --passes 2 --grep segmented --out $O/seg $D/scan-base $D/scan-a "${sets[@]}" > /dev/null 2>&1
cat $O/tests.txt
