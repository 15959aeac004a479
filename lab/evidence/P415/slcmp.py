#!/usr/bin/env python3
"""slcmp.py DIR [POINT] [SETS]: level 6 against POINT (default level6_grid_sliced) at every shape
of call66.sh's packs unpacked in DIR (session64-prep/fsload.py), rounds averaged: % of
cuBLAS, level 6's and the point's median times (us, the first round's), and what the
sliced-K path's rule reads: the 32x32 tiles, the k tiles of 16 a warp (of 8) and the
tiles an SM (132: H100, 132 SMs; the H200 has 132 too). Sorted by the point's gain."""
import json, glob, math, os, re, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'session64-prep'))
from fsload import gm, load
d = sys.argv[1]
point = sys.argv[2] if len(sys.argv) > 2 else 'level6_grid_sliced'
sets = sys.argv[3].split(',') if len(sys.argv) > 3 else None
mean, launch = load(d)
times = {}
for f in glob.glob(f'{d}/fs/*-1.json'):
    st = re.sub(r'-\d+\.json$', '', f.split('/')[-1])
    st = 'seeds' if st.startswith('seed') else st
    for r in json.load(open(f))['results']:
        if 'pct_cublas' in r:
            times[(r['kernel'], (st, r['m'], r['n'], r['k']))] = 1000 * r['time_ms']['median']
rows = []
for (p, key) in launch:
    if p != point or (sets and key[0] not in sets):
        continue
    st, m, n, k = key
    tiles = -(-m // 32) * -(-n // 32)
    kw = -(-(-(-k // 16)) // 8)
    a, b = mean(('level6_tuned', key)), mean((p, key))
    rows.append((b / a, st, m, n, k, tiles, kw, a, b, times[('level6_tuned', key)], times[(p, key)],
                 launch[('level6_tuned', key)]['kernel'][:28] + str(launch[('level6_tuned', key)]['grid'])))
rows.sort()
print('gain  set    shape              tiles kt/warp  l6%   pt%   l6us   ptus  level 6 kernel')
for g, st, m, n, k, t, kw, a, b, ta, tb, kern in rows:
    print(f'{g:5.2f} {st:6s} {m:5d}x{n:5d}x{k:5d} {t:5d} {kw:4d} {a:6.1f} {b:6.1f} {ta:6.1f} {tb:6.1f}  {kern}')
