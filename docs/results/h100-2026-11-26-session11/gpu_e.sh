#!/bin/bash
# Device run E (a GPU machine's 16-vCPU host, no GPU use): kp::sample's draw
# kernel with more table reads in flight, sample_phases.cpp built against
# three trees' headers and run interleaved, three passes, 16 threads and one
# (10^5 weights): this tree (batches of 8 draws: every table read of a
# batch issued before its first count), `.alt` (batches of 16) and `.alt2`
# (batches of 8, each batch first prefetching the next batch's table
# entries). Then this tree's roulette app. Carries `.cache`, `.alt`, `.alt2`:
#   git archive HEAD -- . ':!docs' | tar -x -C .alt    # then kBatch = 16
#   git archive HEAD -- . ':!docs' | tar -x -C .alt2   # then ReadColumns::prefetch,
#                                                      # called in draw_range
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
export LD_LIBRARY_PATH=$PWD/.cache/deps/usr/lib/x86_64-linux-gnu
export OMP_PROC_BIND=spread OMP_PLACES=threads
here=$PWD/docs/results/h100-2026-11-26-session11
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
{ nproc; lscpu | grep -E "Model|L2|L3"; } >"$OUT/machine.txt" 2>&1
KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 240 scripts/build.sh --apps roulette -j 16 >/tmp/build.log 2>&1
log "build rc=$?"
K=$(ls -d $KP_CACHE/install/3.4.01-*-serial-openmp-none-Release | head -1)
for tree in . .alt .alt2; do
  g++ -O3 -fopenmp -std=c++17 -I$tree/include -I$K/include $here/sample_phases.cpp $K/lib/libkokkoscore.a -ldl -o $tree/sp &
done
wait
log "probes built"
for pass in 1 2 3; do
  for tree in . .alt .alt2; do
    for t in 16 1; do
      echo "\$ tree $tree OMP_NUM_THREADS=$t sample_phases" >>"$OUT/phases.txt"
      OMP_NUM_THREADS=$t timeout 60 $tree/sp >>"$OUT/phases.txt" 2>&1
    done
  done
  log "pass $pass"
done
timeout 60 build/serial-openmp/apps/roulette --spaces serial,openmp --max-time 0.3 --variants kp >"$OUT/apps.txt" 2>&1
log "app"
