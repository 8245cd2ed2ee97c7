#!/bin/bash
# Device run W (the H100 machine's 16-vCPU host, no GPU use): the read
# ceiling handed out dynamically, 256 KiB a grab (this tree), against the
# static split of the tree before (`.old`, HEAD), beside the library's
# reduce; and the histogram's prefetch 4 KiB ahead (`.alt`: this tree with
# kHistogramAhead = 4096) against 1 KiB (this tree). Interleaved at 2^28,
# three passes. Carries `.cache`, `.old` and `.alt`:
#   git archive HEAD -- . ':!docs' | tar -x -C .old
#   (working tree copied to .alt, kHistogramAhead = 4096)
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
export LD_LIBRARY_PATH=$PWD/.cache/deps/usr/lib/x86_64-linux-gnu
export OMP_PROC_BIND=spread OMP_PLACES=threads
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
{ lscpu | grep -E "Model:|L3"; git log -1 --format=%H; } >"$OUT/machine.txt" 2>&1
KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 240 scripts/build.sh --apps bandwidth,reduce,histogram -j 16 >/tmp/build.log 2>&1
log "build rc=$?"
(cd .old && KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 200 scripts/build.sh --apps bandwidth -j 16 >/tmp/build_old.log 2>&1)
log "build .old rc=$?"
(cd .alt && KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 200 scripts/build.sh --apps histogram -j 16 >/tmp/build_alt.log 2>&1)
log "build .alt rc=$?"
run() { echo "\$ $*" >>"$OUT/ab.txt"; timeout 60 "$@" >>"$OUT/ab.txt" 2>&1; }
B=build/serial-openmp/apps
for pass in 1 2 3; do
  run .old/$B/bandwidth --spaces serial,openmp --max-time 0.3 --variants read
  run $B/bandwidth --spaces serial,openmp --max-time 0.3 --variants read
  run $B/reduce --size 2^28 --spaces serial,openmp --max-time 0.2 --variants kp
  for tree in . .alt; do
    run $tree/$B/histogram --size 2^28 --bins 256 --spaces serial,openmp --max-time 0.2 --variants kp
  done
  log "pass $pass"
done
