#!/bin/bash
# Device run H (H100 machine's 16-core host, no GPU use): after kp::sample's
# host draws took a select where a branch would miss (4d1694d): roulette
# kp and alias-parallel, uniform / ramp / sparse weights, 1 and 16 threads,
# twice; then the OpenMP histogram and mandelbrot rows once more.
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
export OMP_PROC_BIND=spread OMP_PLACES=threads
{ nproc; lscpu | head -20; } >"$OUT/machine.txt" 2>&1
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
timeout 300 scripts/build.sh --cuda -j 16 --apps bandwidth,histogram,roulette,mandelbrot \
  >"$OUT/build.log" 2>&1
log "build rc=$?"
B=build/serial-openmp-cuda/apps
run() { echo "\$ $*" >>"$OUT/cpu.txt"; timeout 120 "$@" >>"$OUT/cpu.txt" 2>&1; echo "rc=$?" >>"$OUT/cpu.txt"; }
for pass in 1 2; do
  for w in uniform ramp sparse; do
    for t in 1 16; do
      OMP_NUM_THREADS=$t run $B/roulette --spaces openmp --variants kp,alias-parallel --weights $w --max-time 0.5
    done
  done
done
log "roulette"
run $B/bandwidth --spaces serial,openmp --max-time 0.3
for bins in 256 65536; do run $B/histogram --spaces serial,openmp --bins $bins --max-time 0.3; done
run $B/mandelbrot --spaces serial,openmp --max-time 0.5
log "histogram, mandelbrot"
