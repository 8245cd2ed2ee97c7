#!/bin/bash
# One device call (run from the repository root, $OUT set by the device
# tool): test_kp_segmented of the CUDA build, then each test_kp_segmented
# built with a planted mutation (.devbin/mut/test_kp_segmented_NAME: each
# must fail), then scripts/device_scan_forms.sh's segment-scans rows (2
# passes) of the scan app in .devbin/apps. .devbin also holds
# libcudart.so.13.
export LD_LIBRARY_PATH=$PWD/.devbin
B=.devbin
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem,memory.total --format=csv > $OUT/machine.txt
{ echo "== test_kp_segmented"; $B/test_kp_segmented; echo "rc $?"; } > $OUT/tests.txt 2>&1
for m in $B/mut/test_kp_segmented_*; do
  $m > $OUT/mutation.log 2>&1
  rc=$?
  echo "== ${m##*_segmented_}: rc $rc, $(grep -c FAILED $OUT/mutation.log) failed assertions; $(grep -E '^test cases' $OUT/mutation.log)"
done > $OUT/mutations.txt
rm -f $OUT/mutation.log
bash scripts/device_scan_forms.sh $OUT/forms $B --rows segment-scans --passes 2 > $OUT/forms-log.txt 2>&1
grep -E "^(==|rc|All tests|test cases)" $OUT/tests.txt; cat $OUT/mutations.txt
grep -c PASS $OUT/forms/forms.txt; grep -c FAIL $OUT/forms/forms.txt
tar czf $OUT/forms.tgz -C $OUT forms && rm -rf $OUT/forms
# Nsight Compute on the single pass and CUB's scan by key (ncu/).
mkdir -p $OUT/ncu
OUT=$OUT/ncu bash docs/results/h200-2026-11-29/segmented-lookback-ncu/batch.sh > /dev/null
