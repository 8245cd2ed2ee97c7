#!/bin/bash
# Device run D (H100 machine's 16-core host, no GPU use): the CUDA build
# (its Serial and OpenMP spaces; a host-only Kokkos 3.4 build fails there:
# that g++ needs <cstdint> in Kokkos_MemoryPool.cpp) with this session's host paths (minloc blocks, scans in
# blocks with 64Ki tiles, 32-bit draw rows): the CPU suite on 16 threads,
# histogram at 65536 bins, roulette and mandelbrot against thread counts.
# Run E is this script with THREADS="1 16 1 16" MANDELBROT=0 (gpu_e.sh).
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
export OMP_PROC_BIND=spread OMP_PLACES=threads
{ nproc; lscpu | head -20; } >"$OUT/machine.txt" 2>&1
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
timeout 330 scripts/build.sh --cuda -j 16 >"$OUT/build.log" 2>&1
log "build rc=$?"
B=build/serial-openmp-cuda/apps
run() { echo "\$ $*" >>"$OUT/cpu.txt"; timeout 120 "$@" >>"$OUT/cpu.txt" 2>&1; echo "rc=$?" >>"$OUT/cpu.txt"; }
cmd="$B/suite --spaces serial,openmp --max-time 0.3 --apps bandwidth,reduce,scan,minloc,histogram,roulette --results $OUT/suite-cpu"
echo "$cmd" >"$OUT/suite-cpu.cmd"
timeout 200 $cmd >"$OUT/suite-cpu.txt" 2>&1
log "cpu suite rc=$?"
run $B/histogram --spaces serial,openmp --bins 65536 --max-time 0.3
log "hist65536"
for t in ${THREADS:-1 4 8 16}; do OMP_NUM_THREADS=$t run $B/roulette --spaces openmp --variants kp,alias-parallel --max-time 0.5; done
for t in 1 16; do OMP_NUM_THREADS=$t run $B/roulette --spaces openmp --variants kp --draws 1e8 --max-time 1; done
log "roulette"
[ "${MANDELBROT:-1}" = 1 ] || exit 0
for t in 1 16; do OMP_NUM_THREADS=$t run $B/mandelbrot --spaces serial,openmp --max-time 0.5; done
log "mandelbrot"
