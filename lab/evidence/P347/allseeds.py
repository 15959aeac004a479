#!/usr/bin/env python3
"""allseeds.py DIR OLD NEW SET...: the SETs pooled (shapes of 1 GFLOP or more, medians of the
rounds): each build's geometric mean / under 90 / lowest of level 6's % of cuBLAS, the
shapes whose launch differs, and NEW's shapes under 90 with their launches."""
import glob, json, math, statistics, sys
from collections import defaultdict
d, old, new, sets = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
def load(b):
    per, kern = defaultdict(list), {}
    for s in sets:
        for f in sorted(glob.glob(f'{d}/{s}-{b}-*.json')):
            for r in json.load(open(f))['results']:
                if not r.get('valid', False):
                    print('INVALID', s, b, r['m'], r['n'], r['k'])
                key = (r['m'], r['n'], r['k'])
                if 2 * key[0] * key[1] * key[2] < 1e9:
                    continue
                per[key].append(r['pct_cublas'])
                kern[key] = r['resources']['launch']['kernel']
    return {k: statistics.median(v) for k, v in per.items()}, kern
(a, ka), (b, kb) = load(old), load(new)
keys = sorted(a.keys() & b.keys())
g = lambda m: math.exp(sum(math.log(m[k]) for k in keys) / len(keys))
line = lambda m: f'{g(m):6.1f} / {sum(m[k] < 90 for k in keys):3d} / {min(m[k] for k in keys):5.1f}'
print(f'{len(keys)} shapes: {old} {line(a)} ; {new} {line(b)}')
moved = [k for k in keys if ka[k] != kb[k]]
print(f'launch differs at {len(moved)}')
for k in moved:
    print(f'  {k[0]}x{k[1]}x{k[2]} {a[k]:.1f} -> {b[k]:.1f} {ka[k]} -> {kb[k]}')
print(f'under 90 at {new}:')
for k in sorted(keys, key=lambda k: b[k]):
    if b[k] < 90:
        print(f'  {k[0]:6d}x{k[1]:6d}x{k[2]:6d} {b[k]:5.1f} {kb[k]}')
