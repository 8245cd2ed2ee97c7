#!/bin/sh
# keeps_old_file.sh LIMIT_KB FILE COMMAND [ARGS...]
# A write that fails must leave the old file as it was: puts "old" in FILE,
# runs COMMAND with the file size limit at LIMIT_KB (a full disk; SIGXFSZ
# ignored so that the write itself fails), then passes (prints "ok") when
# COMMAND exited 1 saying it cannot write FILE, FILE still holds "old", and no
# temporary is left beside it.
limit=$1 file=$2
shift 2
folder=$(dirname "$file") name=$(basename "$file")
printf 'old\n' >"$file"
out=$(trap '' XFSZ; ulimit -f "$limit"; "$@" 2>&1)
rc=$?
fail() {
  printf 'keeps_old_file: %s\n--- output of: %s\n%s\n' "$1" "$*" "$out"
  exit 1
}
[ "$rc" -eq 1 ] || fail "expected exit code 1, got $rc"
printf '%s\n' "$out" | grep -q "cannot write '$file'" || fail "no 'cannot write' message"
[ "$(cat "$file")" = old ] || fail "$file was changed"
leftover=$(find "$folder" -maxdepth 1 -name ".$name.*" | head -1)
[ -z "$leftover" ] || fail "a temporary was left behind: $leftover"
echo ok
