#!/usr/bin/env bash
# The sorts on a lent GPU machine, outputs in OUT: a CUDA build of the sort
# application and the sort tests only, the tests on every space, then the
# sort app on the cuda space beside CUB at 2^SIZE for each size (uint32,
# float and uint64 keys, uint32 pairs, argsort, the copy ceiling; uint32
# keys by a comparator beside CUB's merge sort, and in segments of mean
# length 2^4, 2^10 and 2^16 beside CUB's segmented sort), one CSV a key type
# and size, packed into OUT/sort.tar.gz with the logs (the device
# tool brings back a limited number of files).
#
#   scripts/device_sort.sh OUT [--sizes "16 20 24 26 28"] [--repeat N] [--bin DIR]
#
# From the repository root, .cache carried (scripts/device_cache.sh); or
# --bin DIR: the sort app and test binaries built here for the card
# (scripts/build.sh --cuda --arch HOPPER90 --targets sort,test_kp_sort,...),
# copied into DIR and carried instead, so that the lease builds nothing.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
usage="usage: device_sort.sh OUT [--sizes \"K ...\"] [--repeat N] [--bin DIR]"
out=${1:?$usage}
shift
sizes="16 20 24 26 28" repeat=20 bin=""
while [ $# -gt 0 ]; do
  [ $# -ge 2 ] || { echo "device_sort.sh: $1 needs a value; $usage" >&2; exit 2; }
  case $1 in
    --sizes) sizes=$2 ;;
    --repeat) repeat=$2 ;;
    --bin) bin=$(cd "$2" && pwd) ;;
    *) echo "device_sort.sh: unknown option $1; $usage" >&2; exit 2 ;;
  esac
  shift 2
done
mkdir -p "$out/sort"
cd "$root" || exit 1
nvidia-smi --query-gpu=name,compute_cap,driver_version,memory.total,clocks.max.sm \
  --format=csv >"$out/sort/machine.txt" 2>&1
if [ -n "$bin" ]; then
  app=$bin/sort
  tests=$(find "$bin" -name 'test_*' -type f -executable | sort)
else
  source scripts/device_env.sh
  b=build/serial-openmp-cuda
  names=$(sed -n 's/^kp_add_test(\(test_[a-z_]*sort[a-z_]*\).*/\1/p' tests/*/CMakeLists.txt | sort -u)
  scripts/build.sh --cuda --targets "sort,test_kp_sort,$(echo "$names" | paste -sd,)" \
    >"$out/sort/build.log" 2>&1 || { tail -30 "$out/sort/build.log"; exit 1; }
  app=$b/apps/sort
  tests="$b/tests/kp/test_kp_sort $(for t in $names; do find "$b/tests" -name "$t" -type f; done)"
fi
for t in $tests; do
  "$t" >"$out/sort/$(basename "$t").txt" 2>&1
  echo "$(basename "$t"): $(tail -2 "$out/sort/$(basename "$t").txt" | head -1)"
done
common=(--spaces cuda --repeat "$repeat" --max-time 1)
for k in $sizes; do
  for type in uint32 float uint64; do
    variants=kp,cub-radix,copy
    [ "$type" = uint32 ] && variants=kp,cub-radix,kp-pairs,cub-radix-pairs,kp-indices,copy
    "$app" "${common[@]}" --size "2^$k" --type $type --variants $variants \
      --csv "$out/sort/$type-$k.csv" >>"$out/sort/sort.txt" 2>&1 || echo "FAILED: $type 2^$k"
  done
  "$app" "${common[@]}" --size "2^$k" --type uint32 --variants kp-comparator,cub-merge-sort,copy \
    --csv "$out/sort/comparator-$k.csv" >>"$out/sort/sort.txt" 2>&1 || echo "FAILED: comparator 2^$k"
  for l in 4 10 16; do
    "$app" "${common[@]}" --size "2^$k" --type uint32 --segment-length $((1 << l)) \
      --variants kp-segmented,cub-segmented,copy --csv "$out/sort/segments$l-$k.csv" \
      >>"$out/sort/sort.txt" 2>&1 || echo "FAILED: segments of 2^$l, 2^$k"
  done
done
grep -E "^(cuda|sort:)" "$out/sort/sort.txt"
tar -czf "$out/sort.tar.gz" -C "$out" sort && rm -rf "$out/sort"
