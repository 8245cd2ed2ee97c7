#!/usr/bin/env bash
# Builds the libFuzzer targets (clang++ -fsanitize=fuzzer,address,undefined)
# and runs each for SECONDS (default 60) from the seed corpus kept here, which
# is copied first so the repository's corpus stays as committed. Needs clang
# and libclang-rt-dev (libFuzzer's runtime). Exit 0 when no target found
# anything; a finding's input is left in OUT/<target>/ (crash-*, leak-*, ...).
# KP_FUZZ_SEED and KP_FUZZ_RUNS fix libFuzzer's seed and cap its runs per
# target: with both set, a run's work is fixed (CI sets them), though the
# inputs it keeps vary a little (coverage feedback); unset, each run explores
# anew for SECONDS.
#
#   tests/fuzz/run.sh [SECONDS] [OUT]      default: 60 build/fuzz
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-60}
out=${2:-build/fuzz}
cxx=${KP_FUZZ_CXX:-$(command -v clang++ || command -v clang++-14)}
mkdir -p "$out"
# shellcheck disable=SC2054 # the commas are part of -fsanitize= lists
flags=(-std=c++20 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
  -Wall -Wextra -Isrc)
# target: the harness sources it needs (none of them needs Kokkos).
declare -A sources=(
  [npy]="src/harness/npy.cpp src/harness/cli.cpp src/harness/output_file.cpp"
  [weights]="src/roulette/weight_lines.cpp src/harness/cli.cpp"
  [size]="src/harness/cli.cpp"
)
limits=(-max_total_time="$seconds")
[[ -n ${KP_FUZZ_SEED:-} ]] && limits+=(-seed="$KP_FUZZ_SEED")
[[ -n ${KP_FUZZ_RUNS:-} ]] && limits+=(-runs="$KP_FUZZ_RUNS")
targets=(npy weights size)
# Each source compiled once (the targets share src/harness/cli.cpp), as
# many at a time as there are cores; then each target linked.
objdir=$out/obj
mkdir -p "$objdir"
units=$(for target in "${targets[@]}"; do
  # shellcheck disable=SC2086
  printf '%s\n' "tests/fuzz/fuzz_$target.cpp" ${sources[$target]}
done | sort -u)
echo "== building $(wc -l <<<"$units") sources, $(nproc) at a time"
export KP_FUZZ_COMPILE="$cxx ${flags[*]}" KP_FUZZ_OBJ=$objdir
# shellcheck disable=SC2016
xargs -P "$(nproc)" -n 1 sh -c '$KP_FUZZ_COMPILE -c "$1" -o "$KP_FUZZ_OBJ/$(basename "$1" .cpp).o"' sh \
  <<<"$units"
status=0
for target in "${targets[@]}"; do
  objs=()
  # shellcheck disable=SC2086
  for s in "tests/fuzz/fuzz_$target.cpp" ${sources[$target]}; do
    objs+=("$objdir/$(basename "$s" .cpp).o")
  done
  "$cxx" "${flags[@]}" "${objs[@]}" -o "$out/fuzz_$target"
  corpus="$out/corpus-$target"
  rm -rf "$corpus" "${out:?}/$target"
  mkdir -p "$corpus" "$out/$target"
  cp tests/fuzz/corpus/"$target"/* "$corpus"/
  echo "== fuzz_$target: ${seconds} s from $(find "$corpus" -type f | wc -l) seeds"
  if ! (cd "$out/$target" && ASAN_OPTIONS=detect_leaks=1 "../fuzz_$target" "${limits[@]}" \
    -max_len=4096 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 "../corpus-$target" \
    >"../fuzz_$target.log" 2>&1); then
    echo "fuzz_$target FOUND something: $out/$target/, log $out/fuzz_$target.log"
    tail -40 "$out/fuzz_$target.log"
    status=1
  else
    grep -E "^stat::number_of_executed_units|^stat::new_units_added" "$out/fuzz_$target.log" || true
  fi
done
exit $status
