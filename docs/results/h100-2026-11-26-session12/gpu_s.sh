#!/bin/bash
# Device run S (a GPU machine's 16-vCPU host, no GPU use): the session's
# final tree. Its whole CPU suite at the default sizes; the suite at 1/64 of
# them (--scale 64: 2^20 values) for this tree and `.old` (93c0613), to see
# ours against the baselines on short kernels; roulette `kp`, Serial beside
# 16 threads, three passes. Carries `.cache` and `.old`.
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
export LD_LIBRARY_PATH=$PWD/.cache/deps/usr/lib/x86_64-linux-gnu
export OMP_PROC_BIND=spread OMP_PLACES=threads
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
{ nproc; lscpu | grep -E "Model|L2|L3"; } >"$OUT/times.txt" 2>&1
KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 200 scripts/build.sh -j 16 >/tmp/build.log 2>&1
log "build rc=$?"
(cd .old && KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 200 scripts/build.sh -j 16 >/tmp/build_old.log 2>&1)
log "build old rc=$?"
B=build/serial-openmp/apps
apps=bandwidth,reduce,scan,minloc,histogram,roulette,mandelbrot
cmd="$B/suite --spaces serial,openmp --max-time 0.3 --apps $apps --results $OUT/suite"
echo "$cmd" >>"$OUT/times.txt"
timeout 200 $cmd >"$OUT/suite.txt" 2>&1
log "suite rc=$?"
for b in new old; do
  S=$B/suite
  [ $b = old ] && S=.old/$S
  cmd="$S --spaces serial,openmp --max-time 0.2 --scale 64 --apps bandwidth,reduce,scan,minloc,histogram --results $OUT/small_$b"
  echo "$cmd" >>"$OUT/times.txt"
  timeout 150 $cmd >"$OUT/small_$b.txt" 2>&1
  log "small $b rc=$?"
done
for pass in 1 2 3; do
  echo "\$ $B/roulette --spaces serial,openmp --max-time 0.3 --variants kp" >>"$OUT/roulette.txt"
  timeout 60 $B/roulette --spaces serial,openmp --max-time 0.3 --variants kp >>"$OUT/roulette.txt" 2>&1
done
log "roulette"
# At most 8 files come back: the JSON copies of the CSVs stay behind.
rm -f "$OUT"/suite/results.json "$OUT"/small_*/results.json
