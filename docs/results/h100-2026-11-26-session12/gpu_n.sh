#!/bin/bash
# Device run N (a GPU machine's 16-vCPU host, no GPU use): this tree (run
# M's, with run_host_tasks handing out runs of tasks, guided, and minloc's
# host chunks shrinking below 16 blocks a thread) against `.old` (93c0613),
# built side by side. build_phases.cpp (uniform, ramp; 16 threads), then
# three passes interleaved of the read ceiling, reduce, minloc and scan at
# 2^20, 2^24 and 2^28, the histogram (256 and 65536 bins at 2^28; 256 at
# the default size with Serial), roulette (uniform, ramp; Serial and 16
# threads) and mandelbrot (16 threads). Carries `.cache` and `.old`.
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
export LD_LIBRARY_PATH=$PWD/.cache/deps/usr/lib/x86_64-linux-gnu
export OMP_PROC_BIND=spread OMP_PLACES=threads OMP_NUM_THREADS=16
here=$PWD/docs/results/h100-2026-11-26-session12
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
{ nproc; lscpu | grep -E "Model|L2|L3"; } >"$OUT/machine.txt" 2>&1
apps=roulette,histogram,reduce,minloc,scan,mandelbrot,bandwidth
KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 300 scripts/build.sh -j 16 --apps $apps >/tmp/build.log 2>&1
log "build rc=$?"
(cd .old && KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 300 scripts/build.sh -j 16 --apps $apps >/tmp/build_old.log 2>&1)
log "build old rc=$?"
K=$(ls -d $KP_CACHE/install/3.4.01-*-serial-openmp-none-Release | head -1)
for b in old new; do
  inc=include
  [ $b = old ] && inc=.old/include
  g++ -O3 -fopenmp -std=c++17 -I$inc -I$K/include $here/build_phases.cpp $K/lib/libkokkoscore.a -ldl -o /tmp/bp_$b
done
log "probes built"
for b in old new; do
  for w in uniform ramp; do
    echo "\$ [$b] build_phases $w" >>"$OUT/phases.txt"
    timeout 100 /tmp/bp_$b $w >>"$OUT/phases.txt" 2>&1
  done
done
log "phases"
row() {
  local b=$1; shift
  local A=build/serial-openmp/apps
  [ $b = old ] && A=.old/$A
  echo "\$ [$b] $*" >>"$OUT/apps.txt"
  timeout 60 $A/"$@" --max-time 0.25 --variants ${V:-kp} >>"$OUT/apps.txt" 2>&1
}
for pass in 1 2 3; do
  build/serial-openmp/apps/bandwidth --spaces openmp --max-time 0.3 --variants read >>"$OUT/apps.txt" 2>&1
  for b in old new; do
    for s in 2^20 2^24 2^28; do
      row $b reduce --spaces openmp --size $s
      row $b minloc --spaces openmp --size $s
      row $b scan --spaces openmp --size $s
    done
    row $b histogram --spaces openmp --bins 256 --size 2^28
    row $b histogram --spaces openmp --bins 65536 --size 2^28
    row $b histogram --spaces serial,openmp --bins 256
    row $b roulette --spaces serial,openmp --weights uniform
    row $b roulette --spaces serial,openmp --weights ramp
    V=simd-rows row $b mandelbrot --spaces openmp
  done
  log "apps pass $pass"
done
