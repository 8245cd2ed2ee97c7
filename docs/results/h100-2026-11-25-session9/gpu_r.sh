#!/bin/bash
# Device run R (the H100 machine's 16-core host, no GPU use): before and
# after 9748e59 (host reduce/minloc in chunks handed out as threads come
# free; look-back scan teams scheduled dynamically) in one run. `.old`
# holds the tree before it (`git archive b399f4f -- . ':!docs'`), built
# beside the current one against the same Kokkos. Reduce, scan and minloc
# at 2^28 (past the 300 MiB L3), ours beside the best baselines, old and
# new interleaved, twice, with the bandwidth ceilings before each pass.
# Needs `.cache` (as in run Q) and `.old` carried.
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
export LD_LIBRARY_PATH=$PWD/.cache/deps/usr/lib/x86_64-linux-gnu
export OMP_PROC_BIND=spread OMP_PLACES=threads
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 300 scripts/build.sh -j 16 >/tmp/build.log 2>&1
log "build rc=$?"
(cd .old && KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 200 scripts/build.sh -j 16 >/tmp/build-old.log 2>&1)
log "old build rc=$?"
run() { echo "\$ $*" >>"$OUT/ab.txt"; timeout 60 "$@" >>"$OUT/ab.txt" 2>&1; }
for pass in 1 2; do
  run build/serial-openmp/apps/bandwidth --spaces serial,openmp --max-time 0.3 --variants copy,triad,read
  for tree in .old/build new/build; do
    B=${tree#new/}/serial-openmp/apps
    run $B/reduce --size 2^28 --spaces serial,openmp --max-time 0.3 --variants kp,std-reduce,omp-simd
    run $B/scan --size 2^28 --spaces openmp --max-time 0.3 --variants kp,decoupled-lookback,std-scan
    run $B/minloc --size 2^28 --spaces serial,openmp --max-time 0.3 --variants kp,std-min-element
  done
  log "pass $pass"
done
