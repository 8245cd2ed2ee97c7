#!/bin/bash
# The 2-core build machine: this session's tree (build/serial-openmp)
# against `.old` (9a63f6e, the twelfth session's end; .old/build/
# serial-openmp, apps only), three passes interleaved, 2 OpenMP threads
# and Serial, the `kp` rows: reduce and minloc at 2^20 and 2^26, the
# 256-bin histogram at 2^20 and its default size, roulette.
export OMP_PROC_BIND=spread OMP_PLACES=threads
row() {
  local b=$1; shift
  local A=build/serial-openmp/apps
  [ $b = old ] && A=.old/$A
  echo "\$ [$b] $*"
  $A/"$@" --max-time 0.3 --variants kp 2>&1 | grep -E "^(serial|openmp)"
}
for pass in 1 2 3; do
  for b in old new; do
    for s in 2^20 2^26; do
      row $b reduce --spaces serial,openmp --size $s
      row $b minloc --spaces serial,openmp --size $s
    done
    row $b histogram --spaces serial,openmp --bins 256 --size 2^20
    row $b histogram --spaces serial,openmp --bins 256
    row $b roulette --spaces serial,openmp
  done
done
