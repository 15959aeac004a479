import json,glob,collections,math,sys
def load(d,st):
    pct=collections.defaultdict(list); launch={}
    for f in sorted(glob.glob(f'{d}/fs/{st}-*.json')):
        for r in json.load(open(f))['results']:
            if r.get('family')!='sgemm' or 'pct_cublas' not in r: continue
            key=(r['m'],r['n'],r['k']); pct[(r['kernel'],key)].append(r['pct_cublas'])
            launch[(r['kernel'],key)]=r['resources']['launch']['kernel']
    return {k:sum(v)/len(v) for k,v in pct.items()},launch
def gm(xs): return math.exp(sum(map(math.log,xs))/len(xs)) if xs else float('nan')
d=sys.argv[1]; pt=sys.argv[2]; sets=sys.argv[3].split(','); filt=eval('lambda m,n,k,l0,l1:'+sys.argv[4])
for st in sets:
    p,l=load(d,st)
    shapes=sorted({s for _,s in p})
    sel=[s for s in shapes if l[('level6_tuned',s)]!=l[(pt,s)] and filt(*s,l[('level6_tuned',s)],l[(pt,s)])]
    a=[p[('level6_tuned',s)] for s in sel]; b=[p[(pt,s)] for s in sel]
    print(f'{st}: {len(sel)} {gm(a):.1f} -> {gm(b):.1f} under90 {sum(x<90 for x in a)} -> {sum(x<90 for x in b)} lowest {min(a):.1f} -> {min(b):.1f}')
