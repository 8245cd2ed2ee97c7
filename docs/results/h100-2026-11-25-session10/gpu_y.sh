#!/bin/bash
# Device run Y (a GPU machine's 16-vCPU host, no GPU use): the histogram's
# bins clamped in SSE2 through int16 (this tree) against the int32 compares
# and selects of the tree before (`.old`, HEAD), built side by side and run
# interleaved at 2^28, three passes, at 256, 4096 and 65536 bins.
# Carries `.cache` and `.old`:  git archive HEAD -- . ':!docs' | tar -x -C .old
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
export LD_LIBRARY_PATH=$PWD/.cache/deps/usr/lib/x86_64-linux-gnu
export OMP_PROC_BIND=spread OMP_PLACES=threads
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
{ lscpu | grep -E "Model:|L3"; } >"$OUT/machine.txt" 2>&1
KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 240 scripts/build.sh --apps histogram,bandwidth -j 16 >/tmp/build.log 2>&1
log "build rc=$?"
(cd .old && KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 200 scripts/build.sh --apps histogram -j 16 >/tmp/build_old.log 2>&1)
log "build .old rc=$?"
run() { echo "\$ $*" >>"$OUT/ab.txt"; timeout 60 "$@" >>"$OUT/ab.txt" 2>&1; }
B=build/serial-openmp/apps
for pass in 1 2 3; do
  run $B/bandwidth --spaces serial,openmp --max-time 0.3 --variants read
  for bins in 256 4096 65536; do
    for tree in .old .; do
      run $tree/$B/histogram --size 2^28 --bins $bins --spaces serial,openmp --max-time 0.2 --variants kp
    done
  done
  log "pass $pass"
done
