import glob,json,collections,sys,statistics,subprocess
d=sys.argv[1]; sets=sys.argv[2].split(','); OLD,NEW=(sys.argv[3],sys.argv[4]) if len(sys.argv)>4 else ('s60b','s60c')
SMS=132
def cd(a,b): return -(-a//b)
def load(s,b):
    per=collections.defaultdict(list); kern={}
    for f in glob.glob(f'{d}/{s}-{b}-*.json'):
        for r in json.load(open(f))['results']:
            k='%dx%dx%d'%(r['m'],r['n'],r['k']); per[k].append(r['pct_cublas']); kern[k]=r.get('resources',{}).get('launch',{}).get('kernel','?')+str(r.get('resources',{}).get('launch',{}).get('grid',''))
    return {k:statistics.median(v) for k,v in per.items()},kern
rows=[]
for s in sets:
    a,ka=load(s,OLD); b,kb=load(s,NEW)
    for k in a:
        if ka[k]==kb[k]: continue
        m,n,K=map(int,k.split('x'))
        g=kb[k].split('[')[1].rstrip(']').split(', '); sf=int(g[2]); ctas=int(g[0])*int(g[1])*sf
        rows.append((b[k]-a[k],k,a[k],b[k],sf,ctas/SMS,cd(K,sf),ka[k][:40]))
for r in sorted(rows,key=lambda r:r[0]): print('%+6.1f %-17s %6.1f -> %6.1f sf %2d ctas/sm %4.1f k/slice %5d | %s'%r)
