#!/bin/bash
# batch.sh NEW [TEST ...], from the repository root with the binaries in .devbin
# (LD_LIBRARY_PATH there for libcudart): on one GPU, each CUDA TEST, then two
# passes of .devbin/roulette-base against .devbin/roulette-NEW and of
# .devbin/reduce-base against .devbin/reduce-lean (scripts/ab_binaries.sh),
# each kernel's time of one seeds'-case call under Nsight Compute
# (.devbin/ncu_kernels.sh: ../sample-poisson/ncu_kernels.sh), and
# Nsight Compute's full set on NEW's split kernel; all under $OUT.
new=${1:?usage: batch.sh NEW [TEST ...]}
shift
export LD_LIBRARY_PATH=$PWD/.devbin
nvidia-smi -L > $OUT/machine.txt
for t in "$@"; do
  .devbin/$t > /tmp/$t.txt 2>&1; echo "$t rc $?" >> $OUT/tests.txt; tail -2 /tmp/$t.txt >> $OUT/tests.txt
done
mkdir -p $OUT/sample $OUT/reduce
R="--spaces cuda --variants kp --repeat 200 --max-time 4"
scripts/ab_binaries.sh --passes 2 --out $OUT/sample .devbin/roulette-base .devbin/roulette-$new \
  -- $R --size 100000 --draws 10000000 -- $R --size 2^12 --draws 2^16 -- $R --size 2^14 --draws 2^18 \
  -- $R --size 2^16 --draws 2^20 -- $R --size 2^20 --draws 2^28 -- $R --size 2^20 --draws 2^32 \
  -- $R --size 2^24 --draws 2^28 > /dev/null 2>&1
Q="--spaces cuda --variants kp,cub --repeat 2000 --warmup 200 --max-time 4"
scripts/ab_binaries.sh --passes 2 --out $OUT/reduce .devbin/reduce-base .devbin/reduce-lean \
  -- $Q --size 2^12 -- $Q --size 2^14 -- $Q --size 2^20 > /dev/null 2>&1
for b in base $new; do
  echo "== roulette-$b, seeds' case" >> $OUT/ncu-seeds.txt
  .devbin/ncu_kernels.sh .devbin/roulette-$b --size 100000 --draws 10000000 >> $OUT/ncu-seeds.txt 2>&1
done
ncu --set full --kernel-name-base demangled -k regex:SplitBlock -c 1 .devbin/roulette-$new \
  --size 100000 --draws 10000000 --spaces cuda --variants kp --repeat 1 --warmup 0 \
  > $OUT/ncu-split-full.txt 2>&1
