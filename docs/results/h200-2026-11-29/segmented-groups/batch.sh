#!/bin/bash
# One device call (run from the repository root, $OUT set by the device
# tool):
#
#   bash batch.sh "EQUAL" "POWERLAW" BIN [BIN ...]
#
# EQUAL, POWERLAW: the mean segment lengths (--segment) of the rows of
# equal and of power-law lengths; ARGS (environment): more scan arguments
# for every row (e.g. --type double). .devbin holds libcudart.so.13 and the
# binaries built on the build machine: test_kp_segmented of the CUDA build,
# test_kp_segmented_NAME in .devbin/mut (each built with a planted
# mutation: each must fail), and the scan apps BIN. Writes machine.txt,
# tests.txt, mutations.txt and ab.txt (scripts/ab_binaries.sh: the
# segmented-reduce rows of 2^26 values (floats unless ARGS says), checked, unchecked and CUB's, two
# passes, the binaries alternating).
equal=$1 powerlaw=$2
shift 2
export LD_LIBRARY_PATH=$PWD/.devbin
B=.devbin
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem,memory.total --format=csv > $OUT/machine.txt
{ echo "== test_kp_segmented"; $B/test_kp_segmented; echo "rc $?"; } > $OUT/tests.txt 2>&1
for m in $B/mut/test_kp_segmented_*; do
  [ -x "$m" ] || continue
  timeout 120 $m > $OUT/mutation.log 2>&1
  rc=$?  # 124: hung, killed after 120 s
  echo "== ${m##*_segmented_}: rc $rc, $(grep -c FAILED $OUT/mutation.log) failed assertions; $(grep -E '^test cases' $OUT/mutation.log)"
done > $OUT/mutations.txt
rm -f $OUT/mutation.log
A="--spaces cuda --size 2^26 --repeat 100 --max-time 1 --variants kp-segmented,kp-segmented-unchecked,cub-segmented ${ARGS:-}"
sets=()
for L in $equal; do sets+=(-- $A --segment $L --segment-lengths uniform); done
for L in $powerlaw; do sets+=(-- $A --segment $L --segment-lengths powerlaw); done
bash scripts/ab_binaries.sh --passes 2 --grep 'segmented|FAIL' --out $OUT "$@" "${sets[@]}" > /dev/null 2>&1
echo "ab rc $?"
grep -E "^(==|rc|All tests|test cases)" $OUT/tests.txt
cat $OUT/mutations.txt
echo "PASS rows $(grep -c PASS $OUT/ab.txt), FAIL rows $(grep -c FAIL $OUT/ab.txt)"
