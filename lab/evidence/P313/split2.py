import json,glob,math,collections,statistics,re,sys
res=collections.defaultdict(lambda: collections.defaultdict(list)); launch={}; setof={}
for f in glob.glob('/tmp/p58/s57w/wk/wk/w*-[12].json'):
    st=f.split('/')[-1].rsplit('-',1)[0]
    for x in json.load(open(f))['results']:
        k=(x['m'],x['n'],x['k']); res[k][x['kernel']].append(x['pct_cublas']); setof[k]=st
        if x['kernel']=='level6_tuned': launch[k]=x['resources']['launch']
sms=132
out=[]
for k,d in res.items():
    m,n,K=k
    l6=statistics.median(d['level6_tuned']); w=statistics.median(d['level6_grid_short_k_wide_bk16_s3'])
    L=launch[k]; g=L['grid']; kn=L['kernel']
    if not kn.startswith('tuned_kernel<') or '+' in kn: continue
    mm=re.match(r'\w+<(\d+),(\d+),',kn); bm,bn=int(mm.group(1)),int(mm.group(2)); slices=g[2]
    ctas=g[0]*g[1]*g[2]; ksplit=math.ceil(K/slices)
    ratio=(math.ceil(math.ceil(m/64)*math.ceil(n/128)/sms)*64*128*K)/(math.ceil(ctas/sms)*bm*bn*ksplit)
    out.append((setof[k],k,kn,slices,ratio,l6,w))
for st in sorted(set(o[0] for o in out)):
    sel=[o for o in out if o[0]==st and o[3]==2 and abs(o[4]-1)<0.02]
    print(st, 'split2-even', len(sel), 'of', sum(o[0]==st for o in out))
    for o in sorted(sel,key=lambda o:o[1][2]): print("   %6dx%6dx%5d %-30s l6 %5.1f wide %5.1f %+5.1f"%(*o[1],o[2],o[5],o[6],o[6]-o[5]))
