#!/bin/bash
# Device run R2 (the 16-core host): as run R (gpu_r.sh, `.old` the tree of
# b399f4f), after 20a22e4's larger minloc chunks: minloc and the OpenMP
# reduce at 2^28, old and new interleaved, three passes.
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
for pass in 1 2 3; do
  for tree in .old/build new/build; do
    B=${tree#new/}/serial-openmp/apps
    run $B/minloc --size 2^28 --spaces serial,openmp --max-time 0.3 --variants kp,std-min-element
    run $B/reduce --size 2^28 --spaces openmp --max-time 0.3 --variants kp,std-reduce,omp-simd
  done
  log "pass $pass"
done
