#!/bin/bash
# One device call (run from the repository root, $OUT set by the device
# tool): test_kp_segmented of the CUDA build, then
# scripts/device_scan_forms.sh's segmented rows (2 passes) of the scan app
# in .devbin/apps. .devbin also holds libcudart.so.13.
export LD_LIBRARY_PATH=$PWD/.devbin
B=.devbin
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem,memory.total --format=csv > $OUT/machine.txt
{ $B/test_kp_segmented; echo "rc $?"; } > $OUT/tests.txt 2>&1
bash scripts/device_scan_forms.sh $OUT/forms $B --rows segments --passes 2 > $OUT/forms-log.txt 2>&1
tail -n 2 $OUT/tests.txt; grep -c PASS $OUT/forms/forms.txt; grep -c FAIL $OUT/forms/forms.txt
grep -E "segmented-scan|^\\$|cub-segmented " $OUT/forms/forms.txt | cut -c1-110
tar czf $OUT/forms.tgz -C $OUT forms && rm -rf $OUT/forms
