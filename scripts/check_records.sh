#!/usr/bin/env bash
# Checks that the tree holds the product, not a pile of run records:
#   - docs/results/ holds at most 2 MiB of tracked file content;
#   - every top-level entry of docs/results/ (its README.md, the index,
#     excepted) is cited by docs/PERFORMANCE.md, README.md,
#     docs/ARCHITECTURE.md or docs/API.md;
#   - every docs/results path those docs cite exists (globs such as
#     `sweep-*/` must match something);
#   - docs/PERFORMANCE.md is at most 600 lines.
# A citation is a `docs/results/...` path, a `](results/...)` link in a file
# under docs/, or a record's path as PERFORMANCE.md writes it, relative to
# docs/results/ and starting with its folder's `<machine>-<YYYY-MM-DD>` name.
# Prints one line per problem and exits 1 if there is any; git history keeps
# the records that no doc cites.
#
# Usage: scripts/check_records.sh
set -euo pipefail
cd "$(dirname "$0")/.."
git rev-parse --is-inside-work-tree >/dev/null 2>&1 || {
  echo "check_records: $(pwd) is not a git checkout (the size counts tracked files)"
  exit 1
}

readonly results=docs/results
readonly max_bytes=2097152
readonly max_lines=600
readonly docs=(docs/PERFORMANCE.md README.md docs/ARCHITECTURE.md docs/API.md)
problems=0
problem() {
  echo "check_records: $*"
  problems=$((problems + 1))
}

# Tracked file content, as the working tree has it (a tracked file deleted
# but not yet removed from the index counts nothing).
bytes=$({ git ls-files -z -- "$results" | xargs -0 -r du -cb -- 2>/dev/null || true; } |
  awk -F'\t' '$2 == "total" { t += $1 } END { print t + 0 }')
if ((bytes > max_bytes)); then
  problem "$results/ holds $bytes bytes of tracked files, over $max_bytes (2 MiB): delete records no doc needs (git history keeps them)"
fi

lines=$(wc -l <docs/PERFORMANCE.md)
if ((lines > max_lines)); then
  problem "docs/PERFORMANCE.md has $lines lines, over $max_lines: cut history, not current tables"
fi

# Every citation, as a path relative to docs/results/ ("" for the folder).
path_chars='[^][[:space:]`"'"'"'()<>|,;{}]'
citations=()
for doc in "${docs[@]}"; do
  [[ -f $doc ]] || {
    problem "$doc is missing"
    continue
  }
  while IFS= read -r cited; do
    citations+=("$doc"$'\t'"${cited#"$results"/}")
  done < <(grep -oE "$results/$path_chars*" "$doc" || true)
  if [[ $doc == docs/* ]]; then
    while IFS= read -r cited; do
      citations+=("$doc"$'\t'"${cited#'](results/'}")
    done < <(grep -oE "\]\(results/[^)#[:space:]]*" "$doc" || true)
  fi
  while IFS= read -r cited; do
    citations+=("$doc"$'\t'"$cited")
  done < <(grep -oE "[A-Za-z0-9_]+(-[A-Za-z0-9_]+)*-[0-9]{4}-[0-9]{2}-[0-9]{2}(/$path_chars*)?" "$doc" || true)
done

declare -A cited_top=()
declare -A seen=()
for entry in "${citations[@]}"; do
  doc=${entry%%$'\t'*}
  path=${entry#*$'\t'}
  path=${path%.} # a sentence's full stop
  [[ -n $path ]] || continue
  cited_top[${path%%/*}]=1
  [[ -z ${seen[$doc$'\t'$path]:-} ]] || continue
  seen[$doc$'\t'$path]=1
  if [[ $path == *[*?]* ]]; then
    compgen -G "$results/$path" >/dev/null || problem "$doc cites $results/$path, which matches nothing"
  elif [[ ! -e $results/$path ]]; then
    problem "$doc cites $results/$path, which does not exist"
  fi
done

while IFS= read -r top; do
  [[ $top == README.md || -n ${cited_top[$top]:-} ]] ||
    problem "$results/$top is cited by none of ${docs[*]}: cite it or delete it (git rm -r)"
done < <(git ls-files -- "$results" | cut -d/ -f3 | sort -u)

if ((problems > 0)); then
  exit 1
fi
echo "check_records: ok ($bytes bytes in $results/, docs/PERFORMANCE.md $lines lines)"
