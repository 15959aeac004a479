import glob,json,math,sys,collections
d=sys.argv[1]; sets=sys.argv[2].split(","); kmin=int(sys.argv[3]) if len(sys.argv)>3 else 0
SMS=132
def cd(a,b): return -(-a//b)
def sa(m,n,bm,bn): return cd(cd(m,bm)*cd(n,bn),SMS)*bm*bn
K={'L6':'level6_tuned','t64a':'level6_grid_short_k_128x64_bk16_s3','t64b':'level6_grid_short_k_128x64_bk8_s4','w16':'level6_grid_short_k_wide_bk16_s3','w8':'level6_grid_short_k_wide_bk8_s4'}
v=collections.defaultdict(lambda: collections.defaultdict(list)); kern={}
for s in sets:
  for f in glob.glob(f'{d}/{s}-*.json'):
    for r in json.load(open(f))['results']:
        key=(r['m'],r['n'],r['k'])
        if not r.get('valid',False): print('INVALID',key,r['kernel'])
        v[key][r['kernel']].append(r['pct_cublas'])
        if r['kernel']=='level6_tuned': kern[key]=r.get('resources',{}).get('launch',{}).get('kernel','?')
def med(x): x=sorted(x); return sum(x)/len(x)
groups=collections.defaultdict(list)
for key in sorted(v, key=lambda x:x[2]):
    m,n,k=key
    if k<kmin: continue
    p={s:med(v[key][K[s]]) for s in K}
    f=sa(m,n,64,64); t=sa(m,n,128,64); w=sa(m,n,64,128)
    te=t<=f; we=w<=f
    # the even form: 128x64 where only it is even, the one with less, else 64x128
    if te and (not we or t<w): form='t'
    elif we: form='w'
    else: form='-'
    pick = max(p['t64a'],p['t64b']) if form=='t' else max(p['w16'],p['w8']) if form=='w' else 0
    pick16 = p['t64a'] if form=='t' else p['w16'] if form=='w' else 0
    groups[form].append((p['L6'],pick16))
    print('%6dx%5dx%5d L6 %5.1f | t16 %5.1f t8 %5.1f | w16 %5.1f w8 %5.1f | t/f %.2f w/f %.2f form %s %+5.1f | %s'%(m,n,k,p['L6'],p['t64a'],p['t64b'],p['w16'],p['w8'],t/f,w/f,form,pick16-p['L6'],kern[key][:34]))
for g,xs in groups.items():
    gm=lambda i: math.exp(sum(math.log(x[i]) for x in xs)/len(xs))
    print(g,len(xs),'L6 %.1f form16 %.1f'%(gm(0),gm(1)),'higher at',sum(x[1]>x[0] for x in xs), 'under90 %d -> %d'%(sum(x[0]<90 for x in xs),sum(x[1]<90 for x in xs)))
