#!/bin/bash
# A/B: kp::sample before (fin) and with Poisson draws first (p1), then the CUDA tests
export LD_LIBRARY_PATH=$PWD/.devbin
nvidia-smi --query-gpu=name --format=csv,noheader | tee $OUT/machine.txt
R="--spaces cuda --repeat 30"
for pass in 1; do
for b in fin/apps p1; do
  bin=.devbin/$b/roulette
  echo "== $b pass $pass"
  $bin $R --variants kp,kp-alias --size 100000 --draws 10000000 | grep -E "kp|FAIL"
  $bin $R --variants kp --size 2^12 --draws 2^16 | grep -E "kp |FAIL"
  $bin $R --variants kp --size 2^16 --draws 2^20 | grep -E "kp |FAIL"
  $bin $R --variants kp --size 2^20 --draws 2^28 | grep -E "kp |FAIL"
  $bin $R --variants kp --size 2^20 --draws 2^32 | grep -E "kp |FAIL"
  $bin $R --variants kp --size 2^24 --draws 2^28 | grep -E "kp |FAIL"
  $bin $R --variants kp --size 2^24 --draws 2^28 --weights ramp | grep -E "kp |FAIL"
done; done 2>&1 | tee $OUT/ab.txt
for t in test_kp_binomial test_kp_sample; do
  .devbin/p1/$t 2>&1 | tail -4
done 2>&1 | tee $OUT/tests.txt
.devbin/ncu_kernels.sh .devbin/p1/roulette --size 100000 --draws 10000000 | tee -a $OUT/ncu.txt
.devbin/ncu_kernels.sh .devbin/p1/roulette --size 2^24 --draws 2^28 | tee -a $OUT/ncu.txt
