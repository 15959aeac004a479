import csv, sys, collections
def load(f):
    rows=list(csv.reader(open(f)))
    h=rows[0]; ki=h.index('Kernel Name'); mi=h.index('Metric Name'); vi=h.index('Metric Value'); ii=h.index('ID'); ui=h.index('Metric Unit')
    d=collections.OrderedDict()
    for r in rows[1:]:
        if len(r)<=vi: continue
        k=r[ki].split('(')[0].replace('void ','')
        d.setdefault((r[ii],k),{})[r[mi]]=(r[vi],r[ui])
    return d
keys=['Duration','Elapsed Cycles','SM Active Cycles','Compute (SM) Throughput','Memory Throughput','Executed Ipc Active','Issue Slots Busy','No Eligible','Active Warps Per Scheduler','Eligible Warps Per Scheduler','Warp Cycles Per Issued Instruction','Registers Per Thread','Achieved Occupancy','L1/TEX Hit Rate','L2 Hit Rate','DRAM Throughput','Dynamic Shared Memory Per Block']
for f in sys.argv[1:]:
    d=load(f)
    print('==',f.split('/')[-1])
    for (i,k),m in d.items():
        if 'tuned' not in k and 'splitk' not in k and 'reduce' not in k: continue
        print(' ',i,k[:40], ' | '.join(f"{x.split()[0]}={m[x][0]}{m[x][1]}" for x in keys if x in m))
