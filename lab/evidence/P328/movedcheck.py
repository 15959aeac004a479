import glob,json,math,sys,collections,subprocess
# level 6 against the forced form, at the shapes of the sets that forms (the built rules) moves
d=sys.argv[1]; sets=sys.argv[2].split(',')
v=collections.defaultdict(lambda: collections.defaultdict(list))
shapes=[]
for s in sets:
  shapes+=open(f'/work/main/.device/bin/{s}.txt').read().split()
  for f in glob.glob(f'{d}/{s}-*.json'):
    for r in json.load(open(f))['results']:
        v['%dx%dx%d'%(r['m'],r['n'],r['k'])][r['kernel']].append(r['pct_cublas'])
out=subprocess.run(['./forms'],input='\n'.join(shapes)+'\n',capture_output=True,text=True).stdout
mean=lambda x: sum(x)/len(x)
pairs=[]
for l in out.split('\n'):
    if not l or ' old 1' in l: continue
    sh,rule,form=l.split()[:3]
    kn='level6_grid_short_k_128x64_bk16_s3' if form=='tall' else 'level6_grid_short_k_wide_bk16_s3'
    p=v[sh]
    if kn not in p: print('no forced',sh,form); continue
    pairs.append((mean(p['level6_tuned']),mean(p[kn]),sh,rule,form))
for x in pairs: print('%-18s %s %s %5.1f -> %5.1f'%(x[2],x[3],x[4],x[0],x[1]))
if pairs:
    g=lambda i: math.exp(sum(math.log(x[i]) for x in pairs)/len(pairs))
    print(len(pairs),'L6 %.1f -> %.1f'%(g(0),g(1)),'gained',sum(x[1]>x[0] for x in pairs),'under90 %d -> %d'%(sum(x[0]<90 for x in pairs),sum(x[1]<90 for x in pairs)))
