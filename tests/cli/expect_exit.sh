#!/bin/sh
# expect_exit.sh CODE PATTERN COMMAND [ARGS...]
# Passes when COMMAND exits with CODE and its output matches the extended
# regular expression PATTERN; errors (CODE 2) must also be one line, and no
# run may print FAIL unless a failure is expected.
code=$1 pattern=$2
shift 2
out=$("$@" 2>&1)
rc=$?
fail() {
  printf 'expect_exit: %s\n--- output of: %s\n%s\n' "$1" "$*" "$out"
  exit 1
}
[ "$rc" -eq "$code" ] || fail "expected exit code $code, got $rc"
printf '%s\n' "$out" | grep -Eq -- "$pattern" || fail "output does not match /$pattern/"
if [ "$code" -eq 2 ] && [ "$(printf '%s\n' "$out" | wc -l)" -ne 1 ]; then
  fail "a usage error must be one line"
fi
if [ "$code" -eq 0 ] && printf '%s\n' "$out" | grep -q FAIL; then fail "a check FAILED"; fi
exit 0
