#!/usr/bin/env python3
"""forced.py DIR SET... : per shape, each kernel's mean % of cuBLAS over the rounds
(DIR/fs/SET-R.json), the point against level6_tuned, and the point's launch."""
import json, glob, sys, math, collections
d = sys.argv[1]
for st in sys.argv[2:]:
    pct = collections.defaultdict(list); launch = {}
    for f in sorted(glob.glob(f'{d}/fs/{st}-*.json')):
        for r in json.load(open(f))['results']:
            if r.get('family') != 'sgemm' or 'pct_cublas' not in r: continue
            key = (r['m'], r['n'], r['k'])
            pct[(r['kernel'], key)].append(r['pct_cublas'])
            lc = r['resources']['launch']
            launch[(r['kernel'], key)] = f"{lc['kernel']}{lc['grid']}"
    kernels = sorted({k for k, _ in pct if k != 'level6_tuned'})
    shapes = sorted({s for _, s in pct}, key=lambda s: (s[2], s[0]))
    print(f'== {st}')
    for kn in kernels:
        moved = []
        for s in shapes:
            a = pct.get(('level6_tuned', s)); b = pct.get((kn, s))
            if not a or not b: continue
            ma, mb = sum(a)/len(a), sum(b)/len(b)
            same = launch[('level6_tuned', s)] == launch[(kn, s)]
            print(f'  {kn:34s} {s[0]}x{s[1]}x{s[2]:<6} L6 {ma:6.1f} pt {mb:6.1f} {mb-ma:+6.1f} {"same" if same else launch[(kn,s)]}  [{launch[("level6_tuned",s)]}]')
            if not same: moved.append((ma, mb))
        if moved:
            g = lambda xs: math.exp(sum(map(math.log, xs))/len(xs))
            print(f'  {kn}: moved {len(moved)}: {g([a for a,_ in moved]):.1f} -> {g([b for _,b in moved]):.1f}, faster {sum(b>a for a,b in moved)}, under 90 {sum(a<90 for a,_ in moved)} -> {sum(b<90 for _,b in moved)}')
