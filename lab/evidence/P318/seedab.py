#!/usr/bin/env python3
"""seedab.py DIR OLD NEW SET...: one round of two builds over the seed sets (DIR/perf-ab/SET-
BUILD-1.json): geometric mean / under 90 / lowest over shapes of 1 GFLOP or more, % of
cuBLAS, and each shape whose launch differs between the builds."""
import glob, json, math, sys
d, old, new, sets = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
def load(b):
    pct, kern = {}, {}
    for s in sets:
        for f in glob.glob(f'{d}/perf-ab/{s}-{b}-*.json'):
            for r in json.load(open(f))['results']:
                key = (r['m'], r['n'], r['k'])
                if not r.get('valid', False): print('INVALID', key, b)
                pct[key] = r['pct_cublas']; kern[key] = r.get('resources', {}).get('launch', {}).get('kernel', '?')
    return pct, kern
a, ka = load(old); b, kb = load(new)
keys = [x for x in a if 2 * x[0] * x[1] * x[2] >= 1e9 and x in b]
def line(p): return '%.1f / %d / %.1f' % (math.exp(sum(math.log(p[x]) for x in keys) / len(keys)), sum(p[x] < 90 for x in keys), min(p[x] for x in keys))
print(len(keys), 'shapes;', old, line(a), ';', new, line(b))
mv = [x for x in keys if ka[x] != kb[x]]
print('launch differs at', len(mv), '; under 90 among them:', sum(a[x] < 90 for x in mv), '->', sum(b[x] < 90 for x in mv))
for x in sorted(mv, key=lambda x: b[x] - a[x]):
    print('%6dx%6dx%6d %6.1f %6.1f %+5.1f %s -> %s' % (*x, a[x], b[x], b[x] - a[x], ka[x], kb[x]))
