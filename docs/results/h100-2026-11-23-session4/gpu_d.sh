#!/bin/bash
# Device run D (same machine, warm): the host rows on 16 cores, then the kp
# tests on CUDA.
set -u
export OMP_PROC_BIND=spread OMP_PLACES=threads
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
B=build/serial-openmp-cuda/apps
run() { echo "\$ $*" >>"$OUT/cpu.txt"; timeout 120 "$@" >>"$OUT/cpu.txt" 2>&1; echo "rc=$?" >>"$OUT/cpu.txt"; }
cmd="$B/suite --spaces serial,openmp --max-time 0.3 --apps bandwidth,reduce,scan,minloc,histogram,roulette --results $OUT/suite-cpu"
echo "$cmd" >"$OUT/suite-cpu.cmd"
timeout 240 $cmd >"$OUT/suite-cpu.txt" 2>&1
log "cpu suite rc=$?"
run $B/histogram --spaces serial,openmp --bins 65536 --max-time 0.3 --csv $OUT/hist65536.csv
log "hist65536"
for t in 1 4 16; do OMP_NUM_THREADS=$t run $B/roulette --spaces serial,openmp --variants kp,alias-parallel --max-time 0.5; done
log "roulette"
for t in 1 16; do OMP_NUM_THREADS=$t run $B/mandelbrot --spaces serial,openmp --max-time 0.5; done
log "mandelbrot"
(cd build/serial-openmp-cuda && OMP_PROC_BIND=false timeout 120 ctest -R "test_kp_" -E "mpi" -j 6 --output-on-failure) >"$OUT/ctest_kp.txt" 2>&1
log "ctest kp rc=$?"
