#!/bin/bash
# Device run V (the H100 machine's 16-vCPU host, no GPU use): the host
# reductions and the read ceiling with the values prefetched 4 KiB ahead
# (this tree) against the tree before (`.old`, HEAD of run U's change: the
# histogram's prefetch only), both built and run interleaved at 2^28, three
# passes; then this tree's whole CPU suite at its default size and the
# histogram, scan and roulette rows beside it. Carries `.cache` and `.old`:
#   git archive HEAD -- . ':!docs' | tar -x -C .old
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
export LD_LIBRARY_PATH=$PWD/.cache/deps/usr/lib/x86_64-linux-gnu
export OMP_PROC_BIND=spread OMP_PLACES=threads
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
{ lscpu | grep -E "Model:|L3"; git log -1 --format=%H; } >"$OUT/machine.txt" 2>&1
KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 240 scripts/build.sh -j 16 >/tmp/build.log 2>&1
log "build rc=$?"
(cd .old && KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 200 scripts/build.sh --apps bandwidth,reduce,minloc -j 16 >/tmp/build_old.log 2>&1)
log "build .old rc=$?"
run() { echo "\$ $*" >>"$OUT/ab.txt"; timeout 60 "$@" >>"$OUT/ab.txt" 2>&1; }
for pass in 1 2 3; do
  for tree in .old .; do
    B=$tree/build/serial-openmp/apps
    run $B/bandwidth --spaces serial,openmp --max-time 0.3 --variants read
    run $B/reduce --size 2^28 --spaces serial,openmp --max-time 0.2 --variants kp,std-reduce
    run $B/minloc --size 2^28 --spaces serial,openmp --max-time 0.2 --variants kp,std-min-element
  done
  log "pass $pass"
done
B=build/serial-openmp/apps
cmd="$B/suite --spaces serial,openmp --max-time 0.3 --apps bandwidth,reduce,scan,minloc,histogram,roulette,mandelbrot --results $OUT/suite"
echo "$cmd" >>"$OUT/times.txt"
timeout 200 $cmd >"$OUT/suite.txt" 2>&1
log "suite rc=$?"
big() { echo "\$ $*" >>"$OUT/big.txt"; timeout 60 "$@" >>"$OUT/big.txt" 2>&1; }
big $B/bandwidth --spaces serial,openmp --max-time 0.3
big $B/scan --size 2^28 --spaces serial,openmp --max-time 0.2 --variants kp,decoupled-lookback,std-scan
big $B/histogram --size 2^28 --bins 256 --spaces serial,openmp --max-time 0.2 --variants kp,omp-private,plain-loop
big $B/histogram --size 2^28 --bins 65536 --spaces serial,openmp --max-time 0.2 --variants kp,scatter-duplicated
log "big"
