#!/bin/bash
# Device run C (a GPU machine's 16-vCPU host, no GPU use): the session's
# final tree against issue 8's targets. The whole CPU suite at the default
# sizes (the README's table); three passes of the read, copy and triad
# ceilings (Serial and 16 threads) and of reduce, minloc, scan and the
# histogram (256 and 65536 bins) at 2^28 beside their best baselines;
# roulette `kp`, Serial beside 16 threads, five passes; mandelbrot Serial.
# Carries `.cache`.
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
export LD_LIBRARY_PATH=$PWD/.cache/deps/usr/lib/x86_64-linux-gnu
export OMP_PROC_BIND=spread OMP_PLACES=threads OMP_NUM_THREADS=16
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
{ nproc; lscpu | grep -E "Model|L2|L3"; git log -1 --format=%h 2>/dev/null; } >"$OUT/times.txt" 2>&1
KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 240 scripts/build.sh -j 16 >/tmp/build.log 2>&1
log "build rc=$?"
B=build/serial-openmp/apps
cmd="$B/suite --spaces serial,openmp --max-time 0.3 --apps bandwidth,reduce,scan,minloc,histogram,roulette,mandelbrot --results /tmp/suite"
echo "$cmd" >>"$OUT/times.txt"
timeout 220 $cmd >"$OUT/suite.txt" 2>&1
log "suite rc=$?"
cp /tmp/suite/results.csv "$OUT/suite.csv"
big() { echo "\$ $*" >>"$OUT/big.txt"; timeout 60 "$@" --max-time 0.2 >>"$OUT/big.txt" 2>&1; }
for pass in 1 2 3; do
  big $B/bandwidth --spaces serial,openmp --variants read,copy,triad
  big $B/reduce --size 2^28 --spaces serial,openmp --variants kp,omp-simd,std-reduce
  big $B/minloc --size 2^28 --spaces serial,openmp --variants kp,omp-partials,std-min-element
  big $B/scan --size 2^28 --spaces openmp --variants kp,std-scan
  big $B/histogram --size 2^28 --bins 256 --spaces openmp --variants kp,omp-private
  big $B/histogram --size 2^28 --bins 65536 --spaces openmp --variants kp,omp-private
  log "pass $pass"
done
for pass in 1 2 3 4 5; do
  big $B/roulette --spaces serial,openmp --variants kp
done
big $B/mandelbrot --spaces serial --variants simd-rows,mdrange
log "roulette, mandelbrot"
