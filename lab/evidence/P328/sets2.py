#!/usr/bin/env python3
"""sets2.py: ev_{fit,held}.txt and ol_{fit,held}.txt from draws_plan.txt (splitset over the
16000 draws of `coverage --random S 40`, S 42801-43200, in order; fit: S up to 43000).
ev: grids the fine tile runs in its own form, K >= 100, where the 128x64 or 64x128 grid's
busiest SM has no more C than the fine grid's; ol: one-launch main-tile grids of K >= 200
over at most 2 x 132 tiles where either has less than the main grid's. Up to 40 a set."""
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
        f=sa(m,n,64,64)
        if sa(m,n,128,64)<=f or sa(m,n,64,128)<=f: ev[part].append(r[0])
    if r[1]=='one':
        bm,bn=map(int,r[2][1:].split('x'))
        a=sa(m,n,bm,bn)
        if min(sa(m,n,64,128),sa(m,n,128,64))<a and cd(m,bm)*cd(n,bn)<=2*SMS and k>=200: ol[part].append(r[0])
for name,d,seed in (('ev',ev,62),('ol',ol,63)):
    random.seed(seed)
    for p in ('fit','held'):
        xs=list(dict.fromkeys(d[p])); random.shuffle(xs)
        xs=sorted(xs[:40],key=lambda s:int(s.split('x')[2]))
        open(f'{name}_{p}.txt','w').write('\n'.join(xs)+'\n')
