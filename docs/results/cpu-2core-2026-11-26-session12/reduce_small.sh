#!/bin/bash
# ab.txt's OpenMP reduce at 2^20 spread 23.7-33.3 us: four passes of that
# row alone, 200 runs each (median, min, max in us), .old against this tree.
export OMP_PROC_BIND=spread OMP_PLACES=threads
for p in 1 2 3 4; do
  for b in old new; do
    A=build/serial-openmp/apps
    [ $b = old ] && A=.old/$A
    echo "$b $($A/reduce --spaces openmp --size 2^20 --max-time 0.5 --repeat 200 --variants kp 2>&1 | grep ^openmp | awk '{print $4, $5, $6}')"
  done
done
