import random, collections
rows=[l.split() for l in open('draws_plan.txt')]
SMS=132
def cd(a,b): return -(-a//b)
def sa(m,n,bm,bn): return cd(cd(m,bm)*cd(n,bn),SMS)*bm*bn
ev=collections.defaultdict(list); ol=collections.defaultdict(list)
for i,r in enumerate(rows):
    m,n,k=map(int,r[0].split('x'))
    if 2*m*n*k<1e9: continue
    part='fit' if 42801+i//40<=43000 else 'held'
    if r[1]=='fine' and k>=100:
        f=sa(m,n,64,64); t=sa(m,n,128,64); w=sa(m,n,64,128)
        if t<=f or w<=f: ev[part].append((r[0], 'T' if t<=f else '-', 'W' if w<=f else '-'))
    if r[1]=='one':
        bm,bn=map(int,r[2][1:].split('x'))
        a=sa(m,n,bm,bn); w=sa(m,n,64,128); t=sa(m,n,128,64)
        if min(w,t)<a: ol[part].append((r[0],r[2],'%.2f'%(w/a),'%.2f'%(t/a)))
for p in ('fit','held'):
    print(p,'ev',len(ev[p]),collections.Counter(x[1]+x[2] for x in ev[p]),'ol',len(ol[p]))
    ks=[int(x[0].split('x')[2]) for x in ol[p]]; print(' ol K', min(ks), max(ks), sum(k>512 for k in ks))
    ks=[int(x[0].split('x')[2]) for x in ev[p]]; print(' ev K', min(ks), max(ks))
random.seed(62)
for name,d in (('ev',ev),('ol',ol)):
    for p in ('fit','held'):
        xs=list(dict.fromkeys(x[0] for x in d[p])); random.shuffle(xs)
        xs=sorted(xs[:40],key=lambda s:int(s.split('x')[2]))
        open(f'{name}_{p}.txt','w').write('\n'.join(xs)+'\n')
