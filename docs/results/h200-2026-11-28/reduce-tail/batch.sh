#!/bin/bash
# One device call (run from the repository root, $OUT set by the device
# tool): the CUDA tests test_vector_reduce and test_vector_minloc, redbench
# (../reduce-large/redbench.cpp) of two trees taking turns in three passes,
# and scripts/sweep.sh of the reduce and minloc apps. Expects in .devbin:
# those tests, red-base and red-final, apps/reduce, apps/minloc, and
# libcudart.so.13 (the machines have the driver, not the toolkit).
export LD_LIBRARY_PATH=$PWD/.devbin
B=.devbin
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem,memory.total --format=csv > $OUT/machine.txt
{ $B/test_vector_reduce; echo "rc $?"; $B/test_vector_minloc; echo "rc $?"; } > $OUT/tests.txt 2>&1
{
for pass in 1 2 3; do
  order="base final"; [ $pass = 2 ] && order="final base"
  for v in $order; do echo "## pass $pass $v"; $B/red-$v 24 26 27 28 29 30; done
done
} > $OUT/ab.txt 2>&1
bash scripts/sweep.sh $OUT/sweep $B --apps reduce,minloc > $OUT/sweep-log.txt 2>&1
tar czf $OUT/sweep.tgz -C $OUT sweep && rm -rf $OUT/sweep
grep -E "rc |passed|failed" $OUT/tests.txt; grep kp/cub $OUT/ab.txt | tail -12
