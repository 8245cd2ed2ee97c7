#!/bin/sh
# no_traceback.sh COMMAND [ARGS...]
# Runs COMMAND and passes on its output (stdout and stderr together) and exit
# code, except that a Python traceback in the output is exit code 99: the
# scripts answer every input with at most one line of error, never a trace.
out=$("$@" 2>&1)
rc=$?
printf '%s\n' "$out"
if printf '%s\n' "$out" | grep -q '^Traceback (most recent call last)'; then
  echo "no_traceback: a Python traceback"
  exit 99
fi
exit $rc
