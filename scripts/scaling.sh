#!/usr/bin/env bash
# Time against size: runs reduce, scan and minloc from 2^10 to 2^MAX
# elements (every second power of two) on every space of a build, and
# collects all rows in one CSV for `plot_results.py --scaling`.
#
#   scripts/scaling.sh BUILD_DIR OUT.csv [MAX_LOG2=28]
set -euo pipefail
build=${1:?usage: scaling.sh BUILD_DIR OUT.csv [MAX_LOG2]}
out=${2:?usage: scaling.sh BUILD_DIR OUT.csv [MAX_LOG2]}
max=${3:-28}
# shellcheck disable=SC2054 # comma-separated lists are single arguments
declare -A variants=(
  [reduce]=kokkos,block-tree,vector,cub
  [scan]=kokkos,decoupled-lookback,cub
  [minloc]=reducer-first,cas-skip,vector,cub
)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for app in reduce scan minloc; do
  # Keep the variants this build has (cub exists only in CUDA builds).
  available=$("$build/apps/$app" --help | sed -n 's/^Variants: \(.*\) (each.*/\1/p' | tr -d ' ')
  wanted=""
  for v in ${variants[$app]//,/ }; do
    [[ ,$available, == *,$v,* ]] && wanted+=${wanted:+,}$v
  done
  for ((k = 10; k <= max; k += 2)); do
    echo "[scaling] $app 2^$k" >&2
    "$build/apps/$app" --size "2^$k" --variants "$wanted" --max-time 1 \
      --csv "$tmp/$app-$k.csv" >/dev/null
  done
done
# One header, then every row.
first=1
for f in "$tmp"/*.csv; do
  if [ $first = 1 ]; then cat "$f"; first=0; else tail -n +2 "$f"; fi
done >"$out"
echo "[scaling] wrote $out" >&2
