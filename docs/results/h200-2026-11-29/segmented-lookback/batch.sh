#!/bin/bash
# One device call (run from the repository root, $OUT set by the device
# tool): test_kp_segmented, test_kp_scan_ops, test_kp_transform and
# test_kp_scan of the CUDA build (the tile scan's warp path), then
# scripts/device_scan_forms.sh's segment-scans rows (2 passes) of the scan
# app in .devbin/apps. .devbin also holds libcudart.so.13.
export LD_LIBRARY_PATH=$PWD/.devbin
B=.devbin
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem,memory.total --format=csv > $OUT/machine.txt
for t in test_kp_segmented test_kp_scan_ops test_kp_transform test_kp_scan; do
  { echo "== $t"; $B/$t; echo "rc $?"; } >> $OUT/tests.txt 2>&1
done
bash scripts/device_scan_forms.sh $OUT/forms $B --rows segment-scans --passes 2 > $OUT/forms-log.txt 2>&1
grep -E "^(==|rc|All tests|test cases)" $OUT/tests.txt; grep -c PASS $OUT/forms/forms.txt; grep -c FAIL $OUT/forms/forms.txt
grep -E "segmented-scan|^\\$| kp " $OUT/forms/forms.txt | cut -c1-120
tar czf $OUT/forms.tgz -C $OUT forms && rm -rf $OUT/forms
