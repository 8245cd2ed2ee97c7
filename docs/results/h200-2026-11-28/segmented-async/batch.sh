#!/bin/bash
# One device call (run from the repository root, $OUT set by the device
# tool): scripts/device_scan_forms.sh's segmented rows (2 passes) of the
# scan app in .devbin/apps, then scripts/ab_binaries.sh of .devbin/base/scan
# and .devbin/apps/scan on the same rows' kp-segmented and cub-segmented,
# 2 passes. .devbin also holds libcudart.so.13 (the machines have the
# driver, not the toolkit).
export LD_LIBRARY_PATH=$PWD/.devbin
B=.devbin
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem,memory.total --format=csv > $OUT/machine.txt
bash scripts/device_scan_forms.sh $OUT/forms $B --rows segments --passes 2 > $OUT/forms-log.txt 2>&1
tar czf $OUT/forms.tgz -C $OUT forms && rm -rf $OUT/forms
sets=()
for l in uniform powerlaw; do for s in 262144 16384 4096 1024 64; do
  sets+=(-- --spaces cuda --size 2^26 --repeat 100 --max-time 1 --segment $s --segment-lengths $l --variants kp-segmented,cub-segmented)
done; done
bash scripts/ab_binaries.sh --passes 2 --grep segmented --out $OUT/ab $B/base/scan $B/apps/scan "${sets[@]}" > $OUT/ab-log.txt 2>&1
cp $OUT/ab/ab.txt $OUT/ab.txt; rm -rf $OUT/ab
grep -c PASS $OUT/ab.txt; grep -c FAIL $OUT/ab.txt
