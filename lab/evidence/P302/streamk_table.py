import json, glob, sys, math, collections
d=sys.argv[1]; sets=sys.argv[2].split(',')
plan={l.split()[0]:l.split() for l in open('/tmp/p57/plan_all.txt')}
vals=collections.defaultdict(list); launch={}; sklaunch={}
for s in sets:
    for f in glob.glob(f'{d}/{s}-[0-9].json'):
        for r in json.load(open(f))['results']:
            key=(s,f"{r['m']}x{r['n']}x{r['k']}")
            if not r.get('valid'): print('INVALID',key,r['kernel'])
            vals[key,r['kernel']].append(r['pct_cublas'])
            if r['kernel']=='level6_tuned': launch[key]=r['resources']['launch']['kernel']
            else: sklaunch[key,r['kernel']]=r['resources']['launch']['kernel']+str(r['resources']['launch']['grid'])
def gm(x): return math.exp(sum(math.log(t) for t in x)/len(x))
rows=[]
for key in sorted(set(k for k,_ in vals), key=lambda x:int(x[1].split('x')[2])):
    p=plan[key[1]]; t=p[2][1:]
    sk='level6_grid_streamk_'+t
    l6=sum(vals[key,'level6_tuned'])/len(vals[key,'level6_tuned']); s=sum(vals[key,sk])/len(vals[key,sk])
    rows.append(dict(key=key,l6=l6,sk=s,p=p,sl=int(p[8]),busy=int(p[10]),launch=launch[key],skl=sklaunch[key,sk]))
if '-v' in sys.argv:
    for r in rows:
        p=r['p']; print(f"{r['key'][0]:6} {r['key'][1]:>18} l6 {r['l6']:6.1f} sk {r['sk']:6.1f} {r['sk']-r['l6']:+6.1f} {p[2]} sl{r['sl']} b{r['busy']} vb{p[16]} vc{p[18]} {r['launch']} | {r['skl']}")
grp=collections.defaultdict(list)
for r in rows:
    k=int(r['key'][1].split('x')[2]); kern=r['launch'].split('<')[0]
    grp[(kern, 'sl'+str(min(r['sl'],5)))].append(r)
for g in sorted(grp):
    x=grp[g]; print(f"{g[0]:14} {g[1]:4} n {len(x):3d} l6 {gm([r['l6'] for r in x]):6.1f} sk {gm([r['sk'] for r in x]):6.1f} sk higher {sum(1 for r in x if r['sk']>r['l6'])}")
