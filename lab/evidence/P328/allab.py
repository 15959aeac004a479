import sys,json,glob,math,statistics,collections
d,old,new=sys.argv[1],sys.argv[2],sys.argv[3]; sets=sys.argv[4:]
def load(b):
    per=collections.defaultdict(list); kern={}
    for s in sets:
        for f in glob.glob(f'{d}/{s}-{b}-*.json'):
            for r in json.load(open(f))['results']:
                if not r.get('valid',False): print('INVALID',r['m'],r['n'],r['k'],b)
                k=(r['m'],r['n'],r['k']); per[k].append(r['pct_cublas']); kern[k]=r.get('resources',{}).get('launch',{}).get('kernel','?')
    return {k:statistics.median(v) for k,v in per.items()},kern
a,ka=load(old); b,kb=load(new)
keys=[k for k in a if k in b and 2*k[0]*k[1]*k[2]>=1e9]
gm=lambda p,ks: math.exp(sum(math.log(p[k]) for k in ks)/len(ks))
print(len(keys),'shapes: %s %.1f / %d / %.1f ; %s %.1f / %d / %.1f'%(old,gm(a,keys),sum(a[k]<90 for k in keys),min(a[k] for k in keys),new,gm(b,keys),sum(b[k]<90 for k in keys),min(b[k] for k in keys)))
mv=[k for k in keys if ka[k]!=kb[k]]
print('launch differs at',len(mv))
for k in mv: print('  %dx%dx%d %.1f -> %.1f %s -> %s'%(*k,a[k],b[k],ka[k],kb[k]))
print('under 90 at',new,':')
for k in sorted([k for k in keys if b[k]<90],key=lambda k:b[k]): print('  %6dx%6dx%6d %5.1f %s'%(*k,b[k],kb[k]))
