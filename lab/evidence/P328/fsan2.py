import glob,json,collections,sys,math,subprocess,os
d=sys.argv[1]; s=sys.argv[2]
SMS=132
def cd(a,b): return -(-a//b)
v=collections.defaultdict(lambda: collections.defaultdict(list)); kern={}
for f in glob.glob(f'{d}/{s}-*.json'):
    for r in json.load(open(f))['results']:
        key='%dx%dx%d'%(r['m'],r['n'],r['k'])
        if not r.get('valid',False): print('INVALID',key,r['kernel'])
        v[key][r['kernel']].append(r['pct_cublas'])
        kern[(key,r['kernel'])]=r.get('resources',{}).get('launch',{}).get('kernel','?')+str(r.get('resources',{}).get('launch',{}).get('grid',''))
P={l.split()[0]:l.split() for l in subprocess.run([os.environ.get('SPLITSET', './splitset')],input='\n'.join(v)+'\n',capture_output=True,text=True).stdout.split('\n') if l}
mean=lambda x: sum(x)/len(x)
rows=[]
for k,p in v.items():
    m,n,K=map(int,k.split('x')); r=P[k]; bm,bn=map(int,r[2][1:].split('x')); s_=int(r[3][1:])
    tiles=cd(m,32)*cd(n,128); sf=max(1,min(s_,5*SMS//tiles))
    flat=cd(tiles*sf,SMS)*4096*cd(K,sf); split=cd(cd(m,bm)*cd(n,bn)*s_,SMS)*bm*bn*cd(K,s_)
    L=mean(p['level6_tuned']); F=mean(p['level6_grid_short_k_32x128_split'])
    rows.append((flat/split,k,r[2],s_,sf,L,F,kern[(k,'level6_grid_short_k_32x128_split')][:48]))
for x in sorted(rows): print('%5.2f %-16s %-8s s%-2d sf%-2d L6 %5.1f flatsplit %5.1f %+5.1f %s'%(x[0],x[1],x[2],x[3],x[4],x[5],x[6],x[6]-x[5],x[7]))
