#!/usr/bin/env bash
# Checks the library's layers (docs/ARCHITECTURE.md, "Layers"): each folder
# of include/kp/impl/ includes only the folders it may, and the benchmark
# (src/, apps/) includes only public headers. Prints one line per include
# that breaks a rule and exits 1; exits 0 when there is none.
#
#   scripts/check_layers.sh [ROOT]   (default: this repository)
set -uo pipefail
root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
[ -d "$root/include/kp/impl" ] || { echo "check_layers.sh: '$root' has no include/kp/impl" >&2; exit 2; }

# What each folder may include besides itself: impl folders by name, and
# "public:NAME" for a public header. The vocabulary headers (the algorithm
# enums, the operations, ValueIndex) may be included from any level.
vocabulary="public:algorithm.hpp public:ops.hpp public:value_index.hpp"
declare -A may=(
  [core]="$vocabulary"
  [tuning]="core"
  [thread]="core tuning $vocabulary"
  [warp]="thread core tuning backend $vocabulary"
  [block]="warp thread core tuning backend $vocabulary"
  [agent]="block warp thread core tuning backend $vocabulary"
  [backend]="agent block warp thread core tuning $vocabulary"
  [dispatch]="agent block warp thread core tuning backend $vocabulary"
  [mpi]="dispatch agent block warp thread core tuning backend $vocabulary"
)
status=0
while IFS= read -r file; do
  from=${file#"$root/include/kp/impl/"}
  from=${from%%/*}
  [ -n "${may[$from]+set}" ] || { echo "$file: a folder the layers do not name ($from)"; status=1; continue; }
  while IFS= read -r target; do
    case $target in
      impl/*) to=${target#impl/} && to=${to%%/*} ;;
      *) to=public:$target ;;
    esac
    [ "$to" = "$from" ] && continue
    [[ " ${may[$from]} " == *" $to "* ]] && continue
    echo "$file: includes <kp/$target>: $from may include only: ${may[$from]}"
    status=1
  done < <(sed -n 's|^#include <kp/\(.*\)>.*|\1|p' "$file")
done < <(find "$root/include/kp/impl" -name '*.hpp' | sort)
# The benchmark is a user: public headers only.
while IFS= read -r hit; do
  echo "$hit: the benchmark includes an implementation header"
  status=1
done < <(grep -rn '#include <kp/impl/' "$root/src" "$root/apps" 2>/dev/null)
exit $status
