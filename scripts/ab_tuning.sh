#!/usr/bin/env bash
# Times one app built with each of several settings of the tuning constants
# (include/kp/impl/tuning/*.hpp): builds a binary a setting, then runs them
# with scripts/ab_binaries.sh (alternating, pass by pass). Outputs in OUT:
# ab.txt (each command and its table; binary OUT/bin/APP-S is setting S,
# its place in SETTINGS from 1), S-P-K.csv per setting S, pass P and
# argument set K, and bin/settings.txt (S and its setting, a line each).
#
#   scripts/ab_tuning.sh OUT HEADER SETTINGS APP [--passes N]
#       [--build "build.sh options"] -- ARGS [-- ARGS ...]
#
#   SETTINGS: settings separated by ',', each one or more NAME=VALUE
#   separated by ':', e.g.
#   scripts/ab_tuning.sh /tmp/ab scan.hpp kRegisterPacks8=4:kLookbackTeams8=4,kRegisterPacks8=8:kLookbackTeams8=2 \
#          scan --build "--cuda" -- --spaces cuda --type double --variants kp,cub
#
# HEADER is a file of include/kp/impl/tuning/; each constant's line is
# `... NAME = VALUE;`. The header is restored on exit. Each setting's
# binary is built by scripts/build.sh --no-tests --apps APP and copied
# aside, so the comparison runs no build between passes.
set -uo pipefail
usage="usage: ab_tuning.sh OUT HEADER SETTINGS APP [--passes N] [--build OPTS] -- ARGS [-- ARGS ...]"
[ $# -ge 4 ] || { echo "$usage" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
out=$1 header=$root/include/kp/impl/tuning/$2 app=$4
IFS=, read -r -a settings <<<"$3"
shift 4
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
for setting in "${settings[@]}"; do
  for a in ${setting//:/ }; do
    [[ $a =~ ^[A-Za-z_][A-Za-z0-9_]*=[^=]+$ ]] || { echo "ab_tuning.sh: '$a' is not NAME=VALUE" >&2; exit 2; }
    grep -q "\b${a%%=*} = [^;]*;" "$header" || { echo "ab_tuning.sh: no '${a%%=*} = ...;' in $header" >&2; exit 2; }
  done
done
[ "${1:-}" = -- ] && [ $# -gt 1 ] || { echo "ab_tuning.sh: no ARGS; $usage" >&2; exit 2; }
mkdir -p "$out/bin"
cp "$header" "$out/bin/header.orig"
trap 'cp "$out/bin/header.orig" "$header"' EXIT
: >"$out/bin/settings.txt"
bins=()
for i in "${!settings[@]}"; do
  v=$((i + 1))
  cp "$out/bin/header.orig" "$header"
  for a in ${settings[$i]//:/ }; do sed -i "s/\b${a%%=*} = [^;]*;/${a%%=*} = ${a#*=};/" "$header"; done
  # shellcheck disable=SC2086
  "$root/scripts/build.sh" $build_opts --no-tests --apps "$app" \
    >"$out/bin/build-$v.log" 2>&1 || { tail -30 "$out/bin/build-$v.log"; exit 1; }
  dir=$(sed -n 's/^Built .* in //p' "$out/bin/build-$v.log" | tail -1)
  cp "$dir/apps/$app" "$out/bin/$app-$v"
  echo "$v ${settings[$i]//:/ }" >>"$out/bin/settings.txt"
  bins+=("$out/bin/$app-$v")
done
"$root/scripts/ab_binaries.sh" --passes "$passes" --out "$out" --csv "${bins[@]}" "$@" >/dev/null
