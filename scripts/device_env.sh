# shellcheck shell=bash
# Sourced on a GPU machine in the repository root, with `.cache` carried
# (scripts/device_cache.sh fills it): builds then use the carried sources
# and headers instead of a package registry.
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
export LD_LIBRARY_PATH=$PWD/.cache/deps/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export OMP_PROC_BIND=false
