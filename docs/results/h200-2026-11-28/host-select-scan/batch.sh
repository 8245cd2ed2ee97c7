#!/bin/bash
# One device call (run from the repository root, $OUT set by the device
# tool) on the GPU machine's 16-core host: the scan app's host forms of two
# host builds (.devbin/host-base/scan, .devbin/host-new/scan: scripts/build.sh
# trees without CUDA, whose std rows on OpenMP run TBB's par policies)
# side by side by scripts/ab_binaries.sh, two passes, 16 threads; and
# test_kp_scan_ops of the CUDA build (every space). .devbin also holds
# libtbb.so.12 and libcudart.so.13.
export LD_LIBRARY_PATH=$PWD/.devbin
export OMP_PROC_BIND=spread OMP_PLACES=threads OMP_NUM_THREADS=16
B=.devbin
nvidia-smi --query-gpu=name,driver_version --format=csv > $OUT/machine.txt
{ lscpu; free -g; } >> $OUT/machine.txt
{ $B/test_kp_scan_ops; echo "rc $?"; } > $OUT/tests.txt 2>&1
A="--spaces serial,openmp --size 2^26 --repeat 15"
bash scripts/ab_binaries.sh --passes 2 --out $OUT/ab $B/host-base/scan $B/host-new/scan \
  -- $A --variants kp,std-scan,kp-max,std-max,kp-transform,kp-pairs,std-pairs,kp-copy-if,std-copy-if,kp-segmented,std-segmented \
  -- $A --type double --variants kp,std-scan,kp-max,std-max \
  -- $A --kind exclusive --variants kp,std-scan,kp-max,std-max > $OUT/ab-log.txt 2>&1
cp $OUT/ab/ab.txt $OUT/ab.txt; rm -rf $OUT/ab
tail -n 2 $OUT/tests.txt; grep -c PASS $OUT/ab.txt; grep -c "FAIL" $OUT/ab.txt
grep -E "==|kp-max|std-max|^openmp +kp " $OUT/ab.txt | cut -c1-100
