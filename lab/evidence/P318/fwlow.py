#!/usr/bin/env python3
"""fwlow.py DIR PLAN SET...: level 6 (the fine tile) beside the wide form forced, fw58.sh's
rounds DIR/fw*/fw/SET.json (median), by whether the two grids' busiest SMs are even
(2 ceil(wide tiles/132) <= ceil(fine tiles/132), from fine.cu's lines in PLAN)."""
import glob, json, math, statistics, sys
from collections import defaultdict
d, planf, sets = sys.argv[1], sys.argv[2], sys.argv[3:]
L = ['level6_tuned', 'level6_grid_short_k_wide_bk8_s4', 'level6_grid_short_k_wide_bk16_s3']
plan = {}
for l in open(planf):
    f = l.split()
    plan[tuple(map(int, f[0].split('x')))] = (int(f[3]), int(f[6]))
def gm(v): return math.exp(sum(map(math.log, v)) / len(v)) if v else float('nan')
for st in sets:
    res = defaultdict(lambda: defaultdict(list))
    for f in sorted(glob.glob(f'{d}/fw*/fw/{st}.json')):
        for x in json.load(open(f))['results']:
            if not x.get('valid', False): print('INVALID', x['m'], x['n'], x['k'], x['kernel'])
            res[(x['m'], x['n'], x['k'])][x['kernel']].append(x['pct_cublas'])
    rows = []
    for k, v in res.items():
        med = [statistics.median(v[l]) for l in L]
        ft, wt = plan[k]
        even = 2 * math.ceil(wt / 132) <= math.ceil(ft / 132)
        rows.append((even, k, med, ft, wt))
    print(f'## {st}')
    for ev in (True, False):
        sel = [r for r in rows if r[0] == ev]
        if not sel: continue
        g = [gm([r[2][i] for r in sel]) for i in range(3)]
        u = [sum(r[2][i] < 90 for r in sel) for i in range(3)]
        w8 = sum(r[2][1] > r[2][0] for r in sel); w16 = sum(r[2][2] > r[2][0] for r in sel)
        print(f"{'even' if ev else 'more'}: {len(sel)} shapes; fine {g[0]:.1f}/{u[0]}, w8s4 {g[1]:.1f}/{u[1]} (beats fine at {w8}), w16s3 {g[2]:.1f}/{u[2]} (at {w16})")
        for ev_, k, med, ft, wt in sorted(sel, key=lambda r: r[1][2]):
            print("   %5dx%5dx%4d %6.1f %6.1f %6.1f  %+5.1f %+5.1f  fb %d wb %d" % (*k, *med, med[1]-med[0], med[2]-med[0], math.ceil(ft/132), 2*math.ceil(wt/132)))
