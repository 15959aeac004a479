#!/usr/bin/env python3
"""ab_table.py DIR "B1 B2" SETS...: per set, each build's geometric mean / under 90 / lowest of
level 6's % of cuBLAS over shapes of 1 GFLOP or more, the median over rounds of each shape's
%; -v: each shape's median per build, and the launched kernel of the last build."""
import glob, json, math, statistics, sys
from collections import defaultdict

args = [a for a in sys.argv[1:] if a != '-v']
verbose = '-v' in sys.argv
d, builds, sets = args[0], args[1].split(), args[2:]

def load(set_, b):
    per = defaultdict(list)
    kern = {}
    for f in sorted(glob.glob(f"{d}/{set_}-{b}-*.json")):
        for r in json.load(open(f))['results']:
            if not r.get('valid', False):
                print('INVALID', set_, b, r['m'], r['n'], r['k'])
            key = (r['m'], r['n'], r['k'])
            per[key].append(r['pct_cublas'])
            kern[key] = r.get('resources', {}).get('launch', {}).get('kernel', '?')
    return {k: statistics.median(v) for k, v in per.items()}, kern

for s in sets:
    med = {}
    for b in builds:
        med[b], kern = load(s, b)
    keys = [k for k in med[builds[0]] if 2 * k[0] * k[1] * k[2] >= 1e9]
    line = f"{s:10s}"
    for b in builds:
        v = [med[b][k] for k in keys if k in med[b]]
        if not v:
            continue
        g = math.exp(sum(map(math.log, v)) / len(v))
        line += f"  {b}: {g:6.1f} / {sum(x < 90 for x in v):2d} / {min(v):5.1f}"
    print(line + f"  ({len(keys)} shapes)")
    if verbose:
        for k in sorted(keys, key=lambda k: med[builds[-1]].get(k, 0) - med[builds[0]].get(k, 0)):
            print("   %6dx%6dx%6d " % k + " ".join(f"{med[b].get(k, float('nan')):6.1f}" for b in builds),
                  f"{med[builds[-1]].get(k, 0) - med[builds[0]].get(k, 0):+5.1f}", kern.get(k, ''))
