#!/usr/bin/env bash
# Times several builds of one app side by side: in each pass every binary
# runs every argument set, one binary after the other, so that the builds
# see the same machine state. Prints each command and its table; with
# --out, also writes them to OUT/ab.txt. For builds that differ in code,
# not only in the tuning constants (those: scripts/ab_tuning.sh).
#
#   scripts/ab_binaries.sh [--passes N] [--out OUT] [--grep REGEX] BIN [BIN ...] \
#       -- ARGS [-- ARGS ...]
#
#   e.g. scripts/ab_binaries.sh --passes 2 --grep segmented old/scan new/scan \
#          -- --spaces cuda --size 2^26 --segment 16384 --variants kp-segmented,cub-segmented \
#          -- --spaces cuda --size 2^26 --segment 1024 --variants kp-segmented,cub-segmented
set -uo pipefail
usage="usage: ab_binaries.sh [--passes N] [--out OUT] [--grep REGEX] BIN [BIN ...] -- ARGS [-- ARGS ...]"
passes=2 out="" pattern=""
bins=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do
  case $1 in
    --passes) passes=${2:?$usage} && shift ;;
    --out) out=${2:?$usage} && shift ;;
    --grep) pattern=${2:?$usage} && shift ;;
    -*) echo "ab_binaries.sh: unknown option $1; $usage" >&2 && exit 2 ;;
    *) bins+=("$1") ;;
  esac
  shift
done
[[ $passes =~ ^[1-9][0-9]*$ ]] || { echo "ab_binaries.sh: --passes takes a positive count" >&2; exit 2; }
[ ${#bins[@]} -gt 0 ] && [ $# -gt 1 ] || { echo "$usage" >&2; exit 2; }
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
  for b in "${bins[@]}"; do
    for args in "${sets[@]}"; do
      echo "== pass $pass: $b $args"
      # shellcheck disable=SC2086 # an argument set is its words
      if [ -n "$pattern" ]; then
        "$b" $args 2>&1 | grep -E "$pattern"
        [ "${PIPESTATUS[0]}" = 0 ] || status=1
      else
        "$b" $args 2>&1 || status=1
      fi
    done
  done
done
exit $status
