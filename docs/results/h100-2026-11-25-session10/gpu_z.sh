#!/bin/bash
# Device run Z (a GPU machine's 16-vCPU host, no GPU use): the session's
# final tree, the CPU suite at its default size, then the read ceiling and
# the histogram at 2^28. Carries `.cache` as run Q.
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
export LD_LIBRARY_PATH=$PWD/.cache/deps/usr/lib/x86_64-linux-gnu
export OMP_PROC_BIND=spread OMP_PLACES=threads
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
{ lscpu | grep -E "Model:|L3"; } >"$OUT/machine.txt" 2>&1
KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 120 scripts/build.sh -j 16 >/tmp/build.log 2>&1
log "build rc=$?"
B=build/serial-openmp/apps
cmd="$B/suite --spaces serial,openmp --max-time 0.3 --apps bandwidth,reduce,scan,minloc,histogram,roulette,mandelbrot --results $OUT/suite"
echo "$cmd" >>"$OUT/times.txt"
timeout 140 $cmd >"$OUT/suite.txt" 2>&1
log "suite rc=$?"
big() { echo "\$ $*" >>"$OUT/big.txt"; timeout 30 "$@" >>"$OUT/big.txt" 2>&1; }
big $B/bandwidth --spaces serial,openmp --max-time 0.3 --variants read
big $B/histogram --size 2^28 --bins 256 --spaces serial,openmp --max-time 0.2 --variants kp,omp-private,plain-loop
log "big"
