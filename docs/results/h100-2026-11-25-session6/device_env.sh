# Sourced by gpu_f.sh, gpu_g.sh and gpu_h.sh (moved here from each after
# the runs, unchanged): the offline dependency cache, thread placement, the
# machine's description, and two helpers. build ARGS... builds the CUDA
# configuration with ARGS; run CMD... appends CMD and its output to cpu.txt.
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
export OMP_PROC_BIND=spread OMP_PLACES=threads
{ nproc; lscpu | head -20; } >"$OUT/machine.txt" 2>&1
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
build() {
  timeout "$BUILD_LIMIT" scripts/build.sh --cuda -j 16 "$@" >"$OUT/build.log" 2>&1
  log "build rc=$?"
}
B=build/serial-openmp-cuda/apps
run() { echo "\$ $*" >>"$OUT/cpu.txt"; timeout 120 "$@" >>"$OUT/cpu.txt" 2>&1; echo "rc=$?" >>"$OUT/cpu.txt"; }
