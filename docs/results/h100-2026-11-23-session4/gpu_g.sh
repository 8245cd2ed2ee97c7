#!/bin/bash
# Device run G (H100): minloc's vector kernel with FirstLoc::join_later in
# its bulk loop: the minloc app on CUDA three times, kp tests on CUDA.
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
timeout 330 scripts/build.sh --cuda -j 16 --apps minloc,reduce >"$OUT/build_cuda.log" 2>&1
log "build rc=$?"
for r in 1 2 3; do
  cmd="build/serial-openmp-cuda/apps/minloc --spaces cuda"
  echo "\$ $cmd" >>"$OUT/minloc.txt"; timeout 60 $cmd >>"$OUT/minloc.txt" 2>&1
  cmd="build/serial-openmp-cuda/apps/minloc --spaces cuda --op max --data uniform"
  echo "\$ $cmd" >>"$OUT/minloc.txt"; timeout 60 $cmd >>"$OUT/minloc.txt" 2>&1
done
log "minloc runs"
(cd build/serial-openmp-cuda && OMP_PROC_BIND=false timeout 100 ctest -R "test_kp_minloc|test_kp_reduce|minloc" -j 4 --output-on-failure) >"$OUT/ctest.txt" 2>&1
log "ctest rc=$?"
