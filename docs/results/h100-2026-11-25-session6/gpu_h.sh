#!/bin/bash
# Device run H (H100 machine's 16-core host, no GPU use): after kp::sample's
# host draws took a select where a branch would miss (4d1694d): roulette
# kp and alias-parallel, uniform / ramp / sparse weights, 1 and 16 threads,
# twice; then the OpenMP histogram and mandelbrot rows once more.
BUILD_LIMIT=300
source "$(dirname "$0")/device_env.sh"
build --apps bandwidth,histogram,roulette,mandelbrot
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
