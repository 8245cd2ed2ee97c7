#!/usr/bin/env bash
# The scan forms against CUB on one GPU, from an already built BUILD_DIR
# (scripts/build.sh --cuda --apps scan), outputs in OUT (forms.txt and a
# CSV per row group and pass):
#
#   scripts/device_scan_forms.sh OUT BUILD_DIR [--size 2^26] [--passes N] [--tests]
#                                [--rows ops,sums,select,segments,segment-scans]
#
# float sum, max, transform and 16-byte pair scans (kp, cub, kp-max,
# cub-max, kp-transform, kp-pairs, cub-pairs); double and int64 sums (kp,
# cub); copy_if keeping 1, 50 and 99% of the values (kp-copy-if,
# cub-select-if); segmented sums of 2^8, 2^12, 2^14, 2^16 and 2^20 segments,
# of equal and of power-law lengths (kp-segmented, kp-segmented-unchecked,
# cub-segmented), and the same segments' scans (kp-segmented-scan,
# kp-segmented-scan-unchecked, cub-segmented-scan; segment-scans: only the
# scans and the float sum scan). --rows: only these groups (default the first four). Every row is
# checked. --tests first builds and runs the CUDA tests of these calls in
# BUILD_DIR (tests.txt; the tests' build turns KP_BUILD_TESTS on there).
set -uo pipefail
usage="usage: device_scan_forms.sh OUT BUILD_DIR [--size S] [--passes N] [--tests] [--rows LIST]"
out=${1:?$usage}
build=${2:?$usage}
shift 2
size=2^26 passes=2 tests=0 rows=ops,sums,select,segments
while [ $# -gt 0 ]; do
  case $1 in
    --size) size=$2 && shift ;;
    --passes) passes=$2 && shift ;;
    --tests) tests=1 ;;
    --rows) rows=$2 && shift ;;
    *) echo "device_scan_forms.sh: unknown option $1" >&2 && exit 2 ;;
  esac
  shift
done
mkdir -p "$out"
if [ "$tests" = 1 ]; then
  targets=(test_kp_scan test_kp_scan_ops test_kp_transform test_kp_copy_if test_kp_segmented test_scan)
  {
    cmake -DKP_BUILD_TESTS=ON "$build" >/dev/null &&
      cmake --build "$build" --target "${targets[@]}" -j "$(nproc)" >"$out/tests-build.log" 2>&1 &&
      (cd "$build" && ctest -R "^($(
        IFS='|'
        echo "${targets[*]}"
      ))\$" --output-on-failure)
  } >"$out/tests.txt" 2>&1 || echo "FAILED: the tests (tests.txt, tests-build.log)" | tee -a "$out/tests.txt"
fi
logged() { # csv name, scan arguments...: the command echoed, then its output
  local name=$1
  shift
  local cmd=("$build/apps/scan" --spaces cuda --size "$size" --repeat 100 --max-time 2
    --csv "$out/$name.csv" "$@")
  echo "\$ ${cmd[*]}" >>"$out/forms.txt"
  "${cmd[@]}" >>"$out/forms.txt" 2>&1 || echo "FAILED (rc $?): ${cmd[*]}" | tee -a "$out/forms.txt"
}
wanted() { [[ ",$rows," == *",$1,"* ]]; }
for ((p = 1; p <= passes; ++p)); do
  wanted ops && for kind in inclusive exclusive; do
    logged "ops-$kind-$p" --kind "$kind" --variants kp,cub,kp-max,cub-max,kp-transform,kp-pairs,cub-pairs
  done
  wanted sums && for type in double int64; do
    logged "sum-$type-$p" --type "$type" --variants kp,cub
  done
  wanted select && for percent in 1 50 99; do
    logged "select-$percent-$p" --select "$percent" --variants kp,kp-copy-if,cub-select-if
  done
  # 2^26 values: 2^8 ... 2^20 segments, equal and power-law lengths.
  wanted segments && for lengths in uniform powerlaw; do
    for segment in 262144 16384 4096 1024 64; do
      logged "segment-$lengths-$segment-$p" --segment "$segment" --segment-lengths "$lengths" \
        --variants kp,kp-segmented,kp-segmented-unchecked,cub-segmented,kp-segmented-scan,kp-segmented-scan-unchecked,cub-segmented-scan
    done
  done
  wanted segment-scans && for lengths in uniform powerlaw; do
    for segment in 262144 16384 4096 1024 64; do
      logged "segment-scans-$lengths-$segment-$p" --segment "$segment" --segment-lengths "$lengths" \
        --variants kp,kp-segmented-scan,kp-segmented-scan-unchecked,cub-segmented-scan
    done
  done
done
