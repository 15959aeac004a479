import json,statistics,collections,math
res=collections.defaultdict(lambda: collections.defaultdict(list)); kern={}
for r in ['r1','r2','r3']:
    for st in ['fu_seed','fu_held']:
        for x in json.load(open(f'/tmp/p58/fw/{r}/fw/{st}.json'))['results']:
            k=(st,x['m'],x['n'],x['k']); res[k][x['kernel']].append(x['pct_cublas'])
            if x['kernel']=='level6_tuned': kern[k]=x.get('resources',{}).get('launch',{}).get('kernel','?')
plan={}
for l in open('/tmp/p58/fu_plan2.txt'):
    f=l.split(); plan[tuple(map(int,f[0].split('x')))]=(int(f[3]),int(f[6]),int(f[-1]))
L=['level6_tuned','level6_grid_short_k_wide_bk8_s4','level6_grid_short_k_wide_bk16_s3']
print("# level 6 (the fine tile) beside the wide form forced, 3 rounds (median), % of cuBLAS; fine/wide tiles of the")
print("# whole grid after the strip (fine.cu), the busiest SM's 64x64 tiles of C (fine: ceil(tiles/132); wide: 2 ceil(tiles/132)),")
print("# even: shape_short_k_wide_even takes it")
better=0; n_even=0
for st in ['fu_seed','fu_held']:
    print("\n## %s"%st)
    rows=[]
    for k in res:
        if k[0]!=st: continue
        med=[statistics.median(res[k][l]) for l in L]
        ft,wt,ev=plan[k[1:]]
        rows.append((ev,med[2]-med[0],k,med,ft,wt))
        if ev: n_even+=1; better+= med[2]>med[1]
    rows.sort(key=lambda r:(-r[0],-r[1]))
    print("%-20s %6s %6s %6s %6s  %5s %5s %5s %5s %s"%("shape","fine","w8s4","w16s3","d16","ftile","wtile","fbusy","wbusy","even  level 6's launch"))
    for ev,d,k,med,ft,wt in rows:
        print("%-20s %6.1f %6.1f %6.1f %+6.1f  %5d %5d %5d %5d %d     %s"%("%dx%dx%d"%k[1:],med[0],med[1],med[2],d,ft,wt,math.ceil(ft/132),2*math.ceil(wt/132),ev,kern[k]))
print("\nat the even grids, bk16 s3 above bk8 s4 at %d of %d"%(better,n_even))
