#!/usr/bin/env python3
"""skforced.py DIR SET...: fw58.sh's rounds (DIR/fw*/fw/SET.json) at stream-K grids: level 6
beside the wide form forced (bk8 s4, bk16 s3), medians, with the wide grid's busiest SM's C
against stream-K's even share of the main tile's (level 6's launch: its tile), by shape."""
import glob, json, math, statistics, sys, re
from collections import defaultdict
d, sets = sys.argv[1], sys.argv[2:]
L = ['level6_tuned', 'level6_grid_short_k_wide_bk8_s4', 'level6_grid_short_k_wide_bk16_s3']
def gm(v): return math.exp(sum(map(math.log, v)) / len(v)) if v else float('nan')
for st in sets:
    res = defaultdict(lambda: defaultdict(list)); kern = {}
    for f in sorted(glob.glob(f'{d}/fw*/fw/{st}.json')):
        for x in json.load(open(f))['results']:
            if not x.get('valid', False): print('INVALID', x['m'], x['n'], x['k'], x['kernel'])
            k = (x['m'], x['n'], x['k'])
            res[k][x['kernel']].append(x['pct_cublas'])
            if x['kernel'] == 'level6_tuned': kern[k] = x.get('resources', {}).get('launch', {}).get('kernel', '?')
    rows = []
    for k, v in res.items():
        m, n, K = k
        med = [statistics.median(v[l]) for l in L]
        wide = math.ceil(m / 64) * math.ceil(n / 128)
        wbusy = math.ceil(wide / 132) * 64 * 128
        share = m * n / 132
        rows.append((wbusy / share, k, med, kern[k]))
    rows.sort()
    print(f'## {st}: {len(rows)} shapes; level 6 {gm([r[2][0] for r in rows]):.1f}, w8s4 {gm([r[2][1] for r in rows]):.1f}, w16s3 {gm([r[2][2] for r in rows]):.1f}')
    for ratio, k, med, kn in rows:
        print("  %5.2f %6dx%6dx%5d %6.1f %6.1f %6.1f  %+5.1f  %s" % (ratio, *k, *med, max(med[1], med[2]) - med[0], kn))
