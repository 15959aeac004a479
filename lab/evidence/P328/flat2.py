import glob,json,collections,sys,subprocess
d=sys.argv[1]; sets=sys.argv[2].split(','); mmax=int(sys.argv[3])
v=collections.defaultdict(lambda: collections.defaultdict(list))
for s in sets:
  for f in glob.glob(f'{d}/{s}-*.json'):
    for r in json.load(open(f))['results']:
        v['%dx%dx%d'%(r['m'],r['n'],r['k'])][r['kernel']].append(r['pct_cublas'])
keys=list(v)
out=subprocess.run(['./flatplan'],input='\n'.join(keys)+'\n',capture_output=True,text=True).stdout
P={l.split()[0]:l.split() for l in out.split('\n') if l}
mean=lambda x: sum(x)/len(x)
rows=[]
for k,p in v.items():
    m,n,K=map(int,k.split('x'))
    if m>mmax: continue
    pl=P[k]; ratio=float(pl[6])
    rows.append((ratio,k,mean(p['level6_tuned']),mean(p['level6_grid_short_k_32x128_bk16_s4']),pl[8],pl[10],pl[12]+' '+pl[13]))
for r in sorted(rows): print('%6.3f %-16s L6 %5.1f flat %5.1f %+5.1f fine %s c %s strip %s'%(r[0],r[1],r[2],r[3],r[3]-r[2],r[4],r[5],r[6]))
