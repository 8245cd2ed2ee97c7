#!/usr/bin/env bash
# Builds tests/consumer the two ways a user would, and runs it:
#   1. find_package(KokkosPrimitives) against `cmake --install BUILD_DIR`;
#   2. add_subdirectory of the source tree.
# Usage: run.sh BUILD_DIR SOURCE_DIR KOKKOS_DIR CXX_COMPILER (KOKKOS_DIR: its CMake folder)
set -euo pipefail
build=$1 source=$2 kokkos=$3 cxx=$4
work=$(mktemp -d "${TMPDIR:-/tmp}/kp-consumer.XXXXXX")
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" >/dev/null
test -f "$work/prefix/include/kp/kp.hpp"
test -f "$work/prefix/lib/cmake/KokkosPrimitives/KokkosPrimitivesConfig.cmake"
for mode in find_package add_subdirectory; do
  args=(-DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER="$cxx")
  if [ $mode = find_package ]; then
    args+=(-DCMAKE_PREFIX_PATH="$work/prefix" -DKokkos_DIR="$kokkos")
  else
    args+=(-DKP_SOURCE_DIR="$source" -DKokkos_DIR="$kokkos")
  fi
  echo "== consumer through $mode"
  cmake -S "$source/tests/consumer" -B "$work/$mode" "${args[@]}" >"$work/$mode.log" 2>&1 ||
    { cat "$work/$mode.log"; exit 1; }
  cmake --build "$work/$mode" -j 2 >>"$work/$mode.log" 2>&1 || { cat "$work/$mode.log"; exit 1; }
  OMP_NUM_THREADS=2 OMP_PROC_BIND=false "$work/$mode/consumer"
done
