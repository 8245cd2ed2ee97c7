#!/bin/bash
# ncu_kernels.sh BIN ARGS...: each kernel's time (ncu), one line a kernel
export LD_LIBRARY_PATH=$PWD/.devbin
bin=$1; shift
ncu --csv --metrics gpu__time_duration.sum,launch__registers_per_thread,launch__block_size,launch__grid_size "$bin" --spaces cuda --variants kp --repeat 1 --warmup 0 "$@" 2>/dev/null > /tmp/n.csv
python3 - <<'PY'
import csv,re,collections
rows=list(csv.reader(open('/tmp/n.csv')))
hdr=None; k=collections.OrderedDict()
for r in rows:
    if 'Kernel Name' in r: hdr=r; continue
    if not hdr or len(r)!=len(hdr): continue
    d=dict(zip(hdr,r))
    m=re.findall(r'(PoissonBlock|SplitBlock|SumBlock|ViewFill|ZeroMemset)',d['Kernel Name'])
    if not m: continue
    k.setdefault(d['ID'],[m[0]]).append(d['Metric Name'].split('__')[1][:12]+'='+d['Metric Value'])
for i,v in k.items(): print(i,' '.join(v))
PY
