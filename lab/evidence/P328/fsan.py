import glob,json,math,sys,collections
d=sys.argv[1]; sets=sys.argv[2:]
K=['level6_tuned','level6_grid_short_k_128x32_bk16_s4','level6_grid_short_k_128x32_bk32_s2','level6_grid_short_k_128x64_bk16_s3','level6_grid_short_k_128x64_bk8_s4','level6_grid_short_k_32x128_bk16_s4','level6_grid_short_k_32x128_bk32_s2','level6_grid_short_k_bk32_s2','level6_grid_short_k_wide_bk16_s3']
short=['L6','t32a','t32b','t64a','t64b','f128a','f128b','fine32','wide16']
def load(s):
    v=collections.defaultdict(lambda: collections.defaultdict(list)); kern={}
    for f in sorted(glob.glob(f'{d}/{s}-*.json')):
        for r in json.load(open(f))['results']:
            key=(r['m'],r['n'],r['k'])
            if not r.get('valid',False): print('INVALID',key,r['kernel'])
            v[key][r['kernel']].append(r['pct_cublas'])
            if r['kernel']=='level6_tuned': kern[key]=r.get('resources',{}).get('launch',{}).get('kernel','?')+str(r.get('resources',{}).get('launch',{}).get('grid','?'))
    return v,kern
def med(x): x=sorted(x); return x[len(x)//2] if len(x)%2 else (x[len(x)//2-1]+x[len(x)//2])/2
for s in sets:
    v,kern=load(s)
    print('==',s,len(v))
    print('%-18s'%'shape',' '.join('%6s'%x for x in short),' best launch')
    g=collections.defaultdict(float)
    for key in sorted(v,key=lambda x:x[2]):
        row=[med(v[key][k]) if v[key][k] else float('nan') for k in K]
        for i,x in enumerate(row): g[i]+=math.log(x)
        b=max(range(1,len(K)),key=lambda i:row[i])
        print('%-18s'%('%dx%dx%d'%key),' '.join('%6.1f'%x for x in row),'%6s'%short[b], kern.get(key,'?')[:60])
    print('%-18s'%'geomean',' '.join('%6.1f'%math.exp(g[i]/len(v)) for i in range(len(K))))
