#!/bin/bash
# Device run F (H100 machine's 16-core host, no GPU use): the histogram's
# host rows by blocks (clamp in SIMD, then increments; depth from the bins,
# prefetch past 16 KiB) and mandelbrot's AVX-512 / AVX2 copies picked at run time, in
# the CUDA build's Serial and OpenMP spaces (a host-only Kokkos 3.4 build
# fails there: that g++ needs <cstdint> in Kokkos_MemoryPool.cpp). Ceilings
# from `bandwidth` in the same run; reduce and roulette again, each twice.
BUILD_LIMIT=330
source "$(dirname "$0")/device_env.sh"
build --apps bandwidth,reduce,histogram,roulette,mandelbrot
run $B/bandwidth --spaces serial,openmp --max-time 0.3
log "bandwidth"
for bins in 256 65536 256 65536 4096 1048576; do
  run $B/histogram --spaces serial,openmp --bins $bins --max-time 0.3
done
log "histogram"
for t in 1 16; do OMP_NUM_THREADS=$t run $B/mandelbrot --spaces serial,openmp --max-time 0.5; done
log "mandelbrot"
for size in 2^26 2^28 2^26 2^28; do
  run $B/reduce --spaces openmp --size $size --max-time 0.3 --variants kp,omp-simd,std-reduce,kokkos
done
log "reduce"
for t in 1 16 1 16; do OMP_NUM_THREADS=$t run $B/roulette --spaces openmp --variants kp,alias-parallel --max-time 0.5; done
log "roulette"
