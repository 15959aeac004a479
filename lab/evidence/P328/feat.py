import glob,json,math,sys,collections
d=sys.argv[1]; sets=sys.argv[2].split(','); filt=sys.argv[3]
SMS=132
def cd(a,b): return -(-a//b)
def sm_area(m,n,bm,bn): t=cd(m,bm)*cd(n,bn); return cd(t,SMS)*bm*bn
def waves(m,n,bm,bn,per): t=cd(m,bm)*cd(n,bn); return t/(per*SMS)
K={'L6':'level6_tuned','t64a':'level6_grid_short_k_128x64_bk16_s3','t64b':'level6_grid_short_k_128x64_bk8_s4','t32a':'level6_grid_short_k_128x32_bk16_s4','t32b':'level6_grid_short_k_128x32_bk32_s2','f128a':'level6_grid_short_k_32x128_bk16_s4','f128b':'level6_grid_short_k_32x128_bk32_s2','fine32':'level6_grid_short_k_bk32_s2','wide16':'level6_grid_short_k_wide_bk16_s3'}
v=collections.defaultdict(lambda: collections.defaultdict(list)); kern={}
for s in sets:
  for f in glob.glob(f'{d}/{s}-*.json'):
    for r in json.load(open(f))['results']:
        key=(r['m'],r['n'],r['k']); v[key][r['kernel']].append(r['pct_cublas'])
        if r['kernel']=='level6_tuned': kern[key]=r.get('resources',{}).get('launch',{}).get('kernel','?')
def med(x): x=sorted(x); return x[len(x)//2]
for key in sorted(v, key=lambda x:x[1]):
    m,n,k=key; ln=kern[key]
    if filt not in ln: continue
    p={s:med(v[key][K[s]]) for s in K}
    a64=sm_area(m,n,64,64); aw=sm_area(m,n,64,128); at=sm_area(m,n,128,64); a32=sm_area(m,n,32,128); at32=sm_area(m,n,128,32)
    print('%6dx%5dx%5d L6 %5.1f t64a %5.1f wide %5.1f fine32 %5.1f f128a %5.1f t32a %5.1f | tall/fine %.2f wide/fine %.2f flat/fine %.2f t32/fine %.2f | %s'%(m,n,k,p['L6'],p['t64a'],p['wide16'],p['fine32'],p['f128a'],p['t32a'],at/a64,aw/a64,a32/a64,at32/a64,ln[:38]))
