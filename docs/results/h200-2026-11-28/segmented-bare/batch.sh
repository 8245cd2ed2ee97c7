#!/bin/bash
# .devbin/batch5.sh OUT: the segmented reduce's CUDA test of the final
# code, then its A/B against 3a524bb and the unbounded-warps build.
O=$1; D=.devbin
export LD_LIBRARY_PATH=$PWD/$D
(nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv
 nvidia-smi -q | grep -m2 "Serial Number\|GPU UUID") > $O/machine.txt 2>&1
for t in test_kp_segmented; do
  echo "== $t"; $D/$t --reporter compact 2>&1 | grep -v "OMP_PROC\|In general\|For best\|For unit" | tail -4
done > $O/tests.txt 2>&1
S="--spaces cuda --size 2^26 --repeat 100 --max-time 1 --variants kp-segmented,cub-segmented"
sets=()
for k in uniform powerlaw; do for L in 262144 16384 4096 1024 64; do
  sets+=(-- $S --segment $L --segment-lengths $k); done; done
scripts/ab_binaries.sh --passes 2 --grep segmented --out $O $D/scan-base $D/scan-new $D/scan-final "${sets[@]}" > /dev/null 2>&1
sed -i '/OMP_PROC_BIND\|In general, for best\|For best performance with OpenMP 3.1\|For unit testing set/d' $O/ab.txt
cat $O/tests.txt
