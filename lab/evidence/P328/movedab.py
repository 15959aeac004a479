import sys,json,glob,math,statistics,collections,subprocess
# the built A/B at the shapes forms says the rules move (old 0) and the rest, per set
d,old,new=sys.argv[1],sys.argv[2],sys.argv[3]; sets=sys.argv[4:]
def load(s,b):
    per=collections.defaultdict(list); kern={}
    for f in glob.glob(f'{d}/{s}-{b}-*.json'):
        for r in json.load(open(f))['results']:
            if not r.get('valid',False): print('INVALID',s,b,r['m'],r['n'],r['k'])
            k='%dx%dx%d'%(r['m'],r['n'],r['k']); per[k].append(r['pct_cublas']); kern[k]=r.get('resources',{}).get('launch',{}).get('kernel','?')
    return {k:statistics.median(v) for k,v in per.items()},kern
gm=lambda xs: math.exp(sum(map(math.log,xs))/len(xs)) if xs else float('nan')
for s in sets:
    a,ka=load(s,old); b,kb=load(s,new)
    keys=[k for k in a if k in b and 2*eval(k.replace('x','*'))>=1e9]
    out=subprocess.run(['./forms'],input='\n'.join(keys)+'\n',capture_output=True,text=True).stdout
    moved={l.split()[0]:l.split()[2] for l in out.split('\n') if l and ' old 0' in l}
    mv=[k for k in keys if k in moved]; rest=[k for k in keys if k not in moved]
    print('%-8s moved %2d: %5.1f -> %5.1f, gained %d, under90 %d -> %d, change %s | rest %2d: %5.1f -> %5.1f, launches differ at %d'%(s,len(mv),gm([a[k] for k in mv]),gm([b[k] for k in mv]),sum(b[k]>a[k] for k in mv),sum(a[k]<90 for k in mv),sum(b[k]<90 for k in mv),
        ('%+.1f..%+.1f'%(min(b[k]-a[k] for k in mv),max(b[k]-a[k] for k in mv))) if mv else '-',len(rest),gm([a[k] for k in rest]),gm([b[k] for k in rest]),sum(ka[k]!=kb[k] for k in rest)))
    if '-v' in sys.argv[0:1]: pass
    for k in sorted(mv,key=lambda k:b[k]-a[k])[:3]: print('   lowest: %s %s %.1f -> %.1f %s'%(k,moved[k],a[k],b[k],kb[k]))
