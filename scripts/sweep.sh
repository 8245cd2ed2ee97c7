#!/usr/bin/env bash
# A size sweep of the primitives on one space, kp beside CUB (CUDA) or its
# own variants (sample), one CSV per app and size in OUT, then the charts
# and table (scripts/plot_sweep.py):
#
#   scripts/sweep.sh OUT BUILD_DIR [--space cuda] [--from 12] [--to 30] [--step 2]
#                    [--apps reduce,scan,minloc,histogram,sample,sort]
#
# reduce, scan (inclusive), minloc and histogram (256 and 65536 bins) of
# 2^k values; sample (roulette) of 2^k weights and 2^(k+4) draws, to 2^28;
# sort (uint32, float, uint64 keys; uint32 pairs and argsort), to 2^28.
# Every run is checked (its `check` column); medians of up to 50 runs after 3 warm-ups.
set -euo pipefail
out=${1:?usage: sweep.sh OUT BUILD_DIR [--space S] [--from K] [--to K] [--step K]}
build=${2:?usage: sweep.sh OUT BUILD_DIR [--space S] [--from K] [--to K] [--step K]}
shift 2
space=cuda from=12 to=30 step=2 apps=reduce,scan,minloc,histogram,sample,sort
while [ $# -gt 0 ]; do
  case $1 in
    --space) space=$2; shift ;;
    --from) from=$2; shift ;;
    --to) to=$2; shift ;;
    --step) step=$2; shift ;;
    --apps) apps=$2; shift ;;
    *) echo "sweep.sh: unknown option '$1'" >&2; exit 2 ;;
  esac
  shift
done
mkdir -p "$out"
bin=$build/apps
base=kp
[ "$space" = cuda ] && base=kp,cub
common=(--spaces "$space" --repeat 50 --max-time 2)
run() {  # name, app, arguments
  local name=$1 app=$2
  shift 2
  # the row's app: its name before the size, or before the bins (histogram256-K)
  [[ ",$apps," == *",${name%-*},"* || ",$apps," == *",${name%%[0-9]*},"* ]] || return 0
  "$bin/$app" "${common[@]}" --csv "$out/$name.csv" "$@" >>"$out/sweep.txt" 2>&1 ||
    echo "FAILED: $app $*" | tee -a "$out/sweep.txt"
}
for ((k = from; k <= to; k += step)); do
  run "reduce-$k" reduce --size "2^$k" --variants "$base"
  run "scan-$k" scan --size "2^$k" --variants "$base"
  run "minloc-$k" minloc --size "2^$k" --variants "$base"
  run "histogram256-$k" histogram --size "2^$k" --bins 256 --variants "$base"
  run "histogram65536-$k" histogram --size "2^$k" --bins 65536 --variants "$base"
  # Past 2^28 weights the sample check's host memory (the counts, the
  # table's build and the chi-square bins, about 128 bytes a weight) passes
  # what the GPU machines' hosts have, and the app refuses the run.
  if [ "$k" -le 28 ]; then
    run "sample-$k" roulette --size "2^$k" --draws "2^$((k + 4))" --variants kp,kp-alias
  fi
  # Sorts (to 2^28: the check's reference is a std::stable_sort on the host):
  # keys of three types, then pairs and argsort of uint32 keys.
  if [ "$k" -le 28 ]; then
    sorts=kp
    pairs=kp-pairs,kp-indices
    if [ "$space" = cuda ]; then
      sorts+=,cub-radix
      pairs+=,cub-radix-pairs
    fi
    run "sort32u-$k" sort --size "2^$k" --type uint32 --variants "$sorts"
    run "sort32f-$k" sort --size "2^$k" --type float --variants "$sorts"
    run "sort64u-$k" sort --size "2^$k" --type uint64 --variants "$sorts"
    run "sort32pairs-$k" sort --size "2^$k" --type uint32 --variants "$pairs"
  fi
done
python3 "$(dirname "$0")/plot_sweep.py" "$out"/*.csv --out "$out" >"$out/table.md" ||
  echo "plot_sweep.py failed (matplotlib missing?)" >&2
