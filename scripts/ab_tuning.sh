#!/usr/bin/env bash
# Times one app built with each of several values of a tuning constant
# (include/kp/impl/tuning/*.hpp), the builds' runs alternating pass by pass
# so that every value sees the same machine state. Outputs in OUT:
# ab.txt (each command and its table) and VALUE-P-K.csv per value, pass
# and argument set.
#
#   scripts/ab_tuning.sh OUT HEADER CONSTANT VALUES APP [--passes N]
#       [--build "build.sh options"] -- ARGS [-- ARGS ...]
#
#   e.g. scripts/ab_tuning.sh /tmp/ab sample.hpp kBinomialInversionBelow 30,10 roulette \
#          --build "--cuda" -- --spaces cuda --variants kp --size 2^24 --draws 2^28
#
# HEADER is a file of include/kp/impl/tuning/; the constant's line is
# `... CONSTANT = VALUE;`. The header is restored on exit. Each value's
# binary is built by scripts/build.sh --apps APP (tests off) and copied
# aside, so the comparison runs no build between passes.
set -uo pipefail
usage="usage: ab_tuning.sh OUT HEADER CONSTANT VALUES APP [--passes N] [--build OPTS] -- ARGS [-- ARGS ...]"
[ $# -ge 5 ] || { echo "$usage" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
out=$1 header=$root/include/kp/impl/tuning/$2 constant=$3 values=$4 app=$5
shift 5
passes=2 build_opts=""
while [ $# -gt 0 ] && [ "$1" != -- ]; do
  case $1 in
    --passes) passes=$2 && shift ;;
    --build) build_opts=$2 && shift ;;
    *) echo "ab_tuning.sh: unknown option $1; $usage" >&2 && exit 2 ;;
  esac
  shift
done
[ -f "$header" ] || { echo "ab_tuning.sh: no header $header" >&2; exit 2; }
grep -q "\b$constant = [^;]*;" "$header" || { echo "ab_tuning.sh: no '$constant = ...;' in $header" >&2; exit 2; }
sets=()  # argument sets, each one string split at spaces when run
while [ $# -gt 0 ]; do
  [ "$1" = -- ] && { sets+=(""); shift; continue; }
  sets[${#sets[@]} - 1]+="${sets[${#sets[@]} - 1]:+ }$1"
  shift
done
[ ${#sets[@]} -gt 0 ] || { echo "ab_tuning.sh: no ARGS; $usage" >&2; exit 2; }
mkdir -p "$out/bin"
cp "$header" "$out/bin/header.orig"
trap 'cp "$out/bin/header.orig" "$header"' EXIT
for v in ${values//,/ }; do
  sed -i "s/\b$constant = [^;]*;/$constant = $v;/" "$header"
  # shellcheck disable=SC2086
  KP_CMAKE_ARGS="-DKP_BUILD_TESTS=OFF" "$root/scripts/build.sh" $build_opts --apps "$app" \
    >"$out/bin/build-$v.log" 2>&1 || { tail -30 "$out/bin/build-$v.log"; exit 1; }
  dir=$(sed -n 's/^Built .* in //p' "$out/bin/build-$v.log" | tail -1)
  cp "$dir/apps/$app" "$out/bin/$app-$v"
done
for ((p = 1; p <= passes; ++p)); do
  for k in "${!sets[@]}"; do
    for v in ${values//,/ }; do
      echo "\$ $constant=$v $app ${sets[$k]}" >>"$out/ab.txt"
      # shellcheck disable=SC2086
      "$out/bin/$app-$v" ${sets[$k]} --csv "$out/$v-$p-$k.csv" >>"$out/ab.txt" 2>&1 ||
        echo "FAILED (rc $?)" >>"$out/ab.txt"
    done
  done
done
