#!/bin/bash
# .devbin/batch3.sh OUT: the reduce and minloc sweep of the current code,
# and the small reduce's A/B at 2^12, four passes.
O=$1; D=.devbin
export LD_LIBRARY_PATH=$PWD/$D
(nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv
 nvidia-smi -q | grep -m2 "Serial Number\|GPU UUID") > $O/machine.txt 2>&1
A="--spaces cuda --variants kp,cub --repeat 2000 --warmup 200 --max-time 4"
scripts/ab_binaries.sh --passes 4 --out $O $D/reduce-base $D/reduce-new -- $A --size 2^12 > /dev/null 2>&1
scripts/sweep.sh $O/sweep $D --from 12 --to 30 --step 2 --apps reduce,minloc
sed -i '/OMP_PROC_BIND\|In general, for best\|For best performance with OpenMP 3.1\|For unit testing set/d' $O/sweep/sweep.txt $O/ab.txt
tar czf $O/sweep.tgz -C $O sweep && rm -rf $O/sweep
