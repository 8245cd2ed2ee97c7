#!/bin/bash
# Device run G (H100 machine's 16-core host, no GPU use): run F's build after
# the host rows went to tasks handed out as threads come free (histogram:
# 2^18 values a task, sample: 32768 draws a task; rows per thread through
# Kokkos' UniqueToken). Run F2's probe (gpu_f2.sh) showed that host's 16
# vCPUs run the same work 2-4x apart. The CPU suite, then
# histogram and roulette twice, roulette's ramp weights on 1 and 16 threads.
BUILD_LIMIT=300
source "$(dirname "$0")/device_env.sh"
build
for bins in 256 65536 256 65536; do
  run $B/histogram --spaces serial,openmp --bins $bins --max-time 0.3
done
log "histogram"
for t in 1 16 1 16; do OMP_NUM_THREADS=$t run $B/roulette --spaces openmp --variants kp,alias-parallel --max-time 0.5; done
for t in 1 16; do OMP_NUM_THREADS=$t run $B/roulette --spaces openmp --variants kp --weights ramp --max-time 0.5; done
log "roulette"
cmd="$B/suite --spaces serial,openmp --max-time 0.3 --apps bandwidth,reduce,scan,minloc,histogram,roulette,mandelbrot --results $OUT/suite-cpu"
echo "$cmd" >"$OUT/suite-cpu.cmd"
timeout 230 $cmd >"$OUT/suite-cpu.txt" 2>&1
log "cpu suite rc=$?"
