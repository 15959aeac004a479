import glob,json,math,sys,collections
# the rules as shape_class.h has them: per set, level 6 against the form the rule picks (forced, k tiles of 16)
d=sys.argv[1]; sets=sys.argv[2].split(','); rule=sys.argv[3]
SMS=132
def cd(a,b): return -(-a//b)
def sa(m,n,bm,bn): return cd(cd(m,bm)*cd(n,bn),SMS)*bm*bn
v=collections.defaultdict(lambda: collections.defaultdict(list))
for s in sets:
  for f in glob.glob(f'{d}/{s}-*.json'):
    for r in json.load(open(f))['results']:
        v[(r['m'],r['n'],r['k'])][r['kernel']].append(r['pct_cublas'])
mean=lambda x: sum(x)/len(x)
pairs=[]
for (m,n,k),p in v.items():
    f=sa(m,n,64,64); w=sa(m,n,64,128); t=sa(m,n,128,64); mn=sa(m,n,128,128)
    if rule=='even':
        if k<228 or k>700: continue
        form='T' if (t<=f and t<w) else 'W' if w<=f else None
    else:
        if k<200: continue
        form='T' if (4*t<=3*mn and t<w) else 'W' if 4*w<=3*mn else None
    if not form: continue
    kn='level6_grid_short_k_128x64_bk16_s3' if form=='T' else 'level6_grid_short_k_wide_bk16_s3'
    pairs.append((mean(p['level6_tuned']),mean(p[kn]),(m,n,k)))
g=lambda i: math.exp(sum(math.log(x[i]) for x in pairs)/len(pairs))
print(len(pairs),'L6 %.1f -> %.1f'%(g(0),g(1)),'gained',sum(x[1]>x[0] for x in pairs),'under90 %d -> %d'%(sum(x[0]<90 for x in pairs),sum(x[1]<90 for x in pairs)),'change %+.1f..%+.1f'%(min(x[1]-x[0] for x in pairs),max(x[1]-x[0] for x in pairs)))
