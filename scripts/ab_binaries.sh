#!/usr/bin/env bash
# Times several builds of one app side by side: in each pass, for each
# argument set, every binary runs one after the other, so that the builds
# see the same machine state. Prints each command and its table; with
# --out, also writes them to OUT/ab.txt, and with --csv each run's CSV to
# OUT/B-P-K.csv (B: the binary's place among BINs, from 1; P: the pass,
# from 1; K: the argument set, from 0). For builds that differ only in the
# tuning constants, scripts/ab_tuning.sh builds them and calls this. A run
# that fails is marked FAILED (rc N) after its output, and the script
# goes on, then exits 1.
#
#   scripts/ab_binaries.sh [--passes N] [--out OUT [--csv]] [--grep REGEX] BIN [BIN ...] \
#       -- ARGS [-- ARGS ...]
#
#   e.g. scripts/ab_binaries.sh --passes 2 --grep segmented old/scan new/scan \
#          -- --spaces cuda --size 2^26 --segment 16384 --variants kp-segmented,cub-segmented \
#          -- --spaces cuda --size 2^26 --segment 1024 --variants kp-segmented,cub-segmented
set -uo pipefail
usage="usage: ab_binaries.sh [--passes N] [--out OUT [--csv]] [--grep REGEX] BIN [BIN ...] -- ARGS [-- ARGS ...]"
passes=2 out="" pattern="" csv=0
bins=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do
  case $1 in
    --passes) passes=${2:?$usage} && shift ;;
    --out) out=${2:?$usage} && shift ;;
    --grep) pattern=${2:?$usage} && shift ;;
    --csv) csv=1 ;;
    -*) echo "ab_binaries.sh: unknown option $1; $usage" >&2 && exit 2 ;;
    *) bins+=("$1") ;;
  esac
  shift
done
[[ $passes =~ ^[1-9][0-9]*$ ]] || { echo "ab_binaries.sh: --passes takes a positive count" >&2; exit 2; }
[ ${#bins[@]} -gt 0 ] && [ $# -gt 1 ] || { echo "$usage" >&2; exit 2; }
[ $csv = 0 ] || [ -n "$out" ] || { echo "ab_binaries.sh: --csv needs --out" >&2; exit 2; }
for b in "${bins[@]}"; do
  [ -x "$b" ] || { echo "ab_binaries.sh: '$b' is not an executable" >&2; exit 2; }
done
# The argument sets, each as one string of words.
sets=()
shift
current=""
for a in "$@"; do
  if [ "$a" = -- ]; then
    sets+=("$current") && current=""
  else
    current+="${current:+ }$a"
  fi
done
sets+=("$current")
if [ -n "$out" ]; then
  mkdir -p "$out" || exit 2
  exec > >(tee "$out/ab.txt")
fi
status=0
for pass in $(seq 1 "$passes"); do
  for k in "${!sets[@]}"; do
    for i in "${!bins[@]}"; do
      b=${bins[$i]} args=${sets[$k]}
      [ $csv = 0 ] || args+=" --csv $out/$((i + 1))-$pass-$k.csv"
      echo "== pass $pass: $b $args"
      # shellcheck disable=SC2086 # an argument set is its words
      if [ -n "$pattern" ]; then
        "$b" $args 2>&1 | grep -E "$pattern"
        rc=${PIPESTATUS[0]}
      else
        "$b" $args 2>&1
        rc=$?
      fi
      # A failed run is marked in the record, and fails the script.
      [ "$rc" = 0 ] || { echo "FAILED (rc $rc)"; status=1; }
    done
  done
done
exit $status
