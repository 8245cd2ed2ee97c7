#!/bin/bash
# One device call (run from the repository root, $OUT set by the device
# tool). .devbin holds: segprobe-base and segprobe-new (../segmented-fence/
# segprobe.cpp built against the headers of the two trees), the scan app of
# both (base/scan, apps/scan), test_kp_segmented of the new tree and of a
# mutant whose chunk wave does not wait for the segment teams
# (test_kp_segmented-nowait), and libcudart.so.13.
export LD_LIBRARY_PATH=$PWD/.devbin
B=.devbin
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem,memory.total --format=csv > $OUT/machine.txt
{ $B/test_kp_segmented; echo "rc $?"; } > $OUT/tests.txt 2>&1
{ for i in 1 2 3; do $B/test_kp_segmented-nowait; echo "rc $?"; done; } > $OUT/mutant-nowait.txt 2>&1
for pass in 1 2 3; do
  for v in base new; do
    echo "== pass $pass: $v"
    $B/segprobe-$v 4096 16384 1024 2>&1 | grep -v "^  \|OMP\|^$\|Kokkos::OpenMP"
  done
done > $OUT/probe.txt
sets=()
for l in uniform powerlaw; do for s in 262144 16384 4096 1024 64; do
  sets+=(-- --spaces cuda --size 2^26 --repeat 100 --max-time 1 --segment $s --segment-lengths $l --variants kp-segmented,kp-segmented-unchecked,cub-segmented)
done; done
bash scripts/ab_binaries.sh --passes 2 --grep segmented --out $OUT/ab $B/base/scan $B/apps/scan "${sets[@]}" > $OUT/ab-log.txt 2>&1
cp $OUT/ab/ab.txt $OUT/ab.txt; rm -rf $OUT/ab
grep -c PASS $OUT/ab.txt; grep -c FAIL $OUT/ab.txt
tail -n 2 $OUT/tests.txt; grep "rc \|test cases" $OUT/mutant-nowait.txt
grep -E "==|kp |unchecked|teams" $OUT/probe.txt | head -80
