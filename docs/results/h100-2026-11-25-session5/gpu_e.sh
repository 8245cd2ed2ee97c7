#!/bin/bash
# Device run E (H100 machine's 16-core host, no GPU use): run D's CPU suite,
# histogram at 65536 bins and roulette on 1 and 16 threads again, after the
# histogram and draw rows went 32-bit and padded (58fcf9e, d3ca35f). The CUDA
# build's Serial and OpenMP spaces (a host-only Kokkos 3.4 build fails there:
# that g++ needs <cstdint> in Kokkos_MemoryPool.cpp).
THREADS="1 16 1 16" MANDELBROT=0 exec bash "$(dirname "$0")/gpu_d.sh"
