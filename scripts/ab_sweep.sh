#!/usr/bin/env bash
# Two builds' size sweeps side by side (scripts/sweep.sh), interleaved so
# that both see the same machine state: for each pass and each size, the
# sweep of build A, then of build B. Then each side's rows in one CSV
# (OUT/a.csv, OUT/b.csv) and scripts/compare.py's table of B against A
# (OUT/compare.txt; a row is slower only when the two runs' min..max ranges
# are apart and B's median passes A's by more than --threshold).
#
#   scripts/ab_sweep.sh OUT BUILD_A BUILD_B [--passes 1] [--threshold 0.02]
#                       [sweep.sh's --space, --from, --to, --step, --apps]
#
#   e.g. scripts/ab_sweep.sh ab base/build/serial-openmp-cuda build/serial-openmp-cuda \
#          --from 12 --to 28 --step 2 --apps reduce,scan,minloc,histogram,sample
#
# Exit code: compare.py's (0: no row slower past the threshold, 1: one is,
# 2: bad input), or 1 when a sweep's run failed.
set -uo pipefail
usage="usage: ab_sweep.sh OUT BUILD_A BUILD_B [--passes N] [--threshold X] [--space S] [--from K] [--to K] [--step K] [--apps LIST]"
[ $# -ge 3 ] || { echo "$usage" >&2; exit 2; }
out=$1 a=$2 b=$3
shift 3
passes=1 threshold=0.02 from=12 to=28 step=2 sweep=()
while [ $# -gt 0 ]; do
  [ $# -ge 2 ] || { echo "ab_sweep.sh: $1 needs a value; $usage" >&2; exit 2; }
  case $1 in
    --passes) passes=$2 ;;
    --threshold) threshold=$2 ;;
    --from) from=$2 ;;
    --to) to=$2 ;;
    --step) step=$2 ;;
    --space | --apps) sweep+=("$1" "$2") ;;
    *) echo "ab_sweep.sh: unknown option $1; $usage" >&2; exit 2 ;;
  esac
  shift 2
done
for v in "$passes" "$from" "$to" "$step"; do
  [[ $v =~ ^[1-9][0-9]*$ ]] || { echo "ab_sweep.sh: '$v' is not a positive count; $usage" >&2; exit 2; }
done
for build in "$a" "$b"; do
  [ -d "$build/apps" ] || { echo "ab_sweep.sh: '$build' holds no apps/ (a build folder)" >&2; exit 2; }
done
here=$(dirname "$0")
mkdir -p "$out" || exit 2
status=0
for pass in $(seq 1 "$passes"); do
  for ((k = from; k <= to; k += step)); do
    for side in a b; do
      build=$a
      [ $side = b ] && build=$b
      "$here/sweep.sh" "$out/$side/$pass" "$build" --from "$k" --to "$k" "${sweep[@]}" >/dev/null 2>&1 ||
        status=1
    done
  done
done
grep -h FAILED "$out"/?/*/sweep.txt && status=1
# One CSV a side: the header once, then every row.
for side in a b; do
  files=("$out/$side"/*/*.csv)
  [ -e "${files[0]}" ] || { echo "ab_sweep.sh: the $side sweeps wrote no CSV" >&2; exit 1; }
  { head -n 1 "${files[0]}" && tail -q -n +2 "${files[@]}"; } >"$out/$side.csv"
done
python3 "$here/compare.py" "$out/a.csv" "$out/b.csv" --threshold "$threshold" >"$out/compare.txt"
rc=$?
cat "$out/compare.txt"
[ $rc = 0 ] || exit $rc
exit $status
