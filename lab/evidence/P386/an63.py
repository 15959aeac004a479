#!/usr/bin/env python3
"""an63.py DIR: each set's geometric mean of % of cuBLAS (under 90, lowest) for each kernel
(DIR/fs/SET-ROUND.json, rounds averaged), from fs63.sh's packs unpacked in DIR; the nine
end sets pooled; and, for the points, the same over the shapes whose launch differs from
level 6's (for level6_grid_clamp: the shapes where level 6 copies B 4 bytes at a time)."""
import json, glob, collections, math, sys, re
def gm(x): return math.exp(sum(map(math.log, x)) / len(x)) if x else float('nan')
def load(pat):
    pct = collections.defaultdict(list); launch = {}
    for f in sorted(glob.glob(pat)):
        for r in json.load(open(f))['results']:
            if r.get('family') != 'sgemm' or 'pct_cublas' not in r: continue
            key = (r['m'], r['n'], r['k']); pct[(r['kernel'], key)].append(r['pct_cublas'])
            launch[(r['kernel'], key)] = r['resources']['launch']['kernel']
    return {k: sum(v) / len(v) for k, v in pct.items()}, launch
def fourbyte(l): # a tiled kernel that copies B 4 bytes at a time (VEC_B 0, not shifted)
    m = re.match(r'(tuned_kernel|streamk_kernel)<\d+,\d+,\d+,\d+,0,', l)
    return bool(m)
def row(name, p, l, shapes):
    out = f'{name:11s} {len(shapes):3d}'
    for k in sorted({k for k, _ in p}):
        xs = [p[(k, s)] for s in shapes if (k, s) in p]
        out += f' | {k.replace("level6_grid_", ""):14s} {gm(xs):6.1f} u90 {sum(x < 90 for x in xs):3d} low {min(xs):5.1f}'
    print(out)
    for k in sorted({k for k, _ in p} - {'level6_tuned'}):
        if k == 'level6_grid_clamp':
            sel = [s for s in shapes if fourbyte(l[('level6_tuned', s)])]
        else:
            sel = [s for s in shapes if (k, s) in l and l[(k, s)] != l[('level6_tuned', s)]]
        if sel:
            a = [p[('level6_tuned', s)] for s in sel]; b = [p[(k, s)] for s in sel]
            print(f'   {k.replace("level6_grid_", "")}: {len(sel)} moved: level 6 {gm(a):.1f} (u90 {sum(x<90 for x in a)}, low {min(a):.1f}) point {gm(b):.1f} (u90 {sum(x<90 for x in b)}, low {min(b):.1f}), point faster at {sum(y > x for x, y in zip(a, b))}')
d = sys.argv[1]
sets = sorted({re.sub(r'-\d+\.json$', '', f.split('/')[-1]) for f in glob.glob(f'{d}/fs/*-*.json')} - {'memcheck'})
for st in [s for s in sets if not s.startswith('seed')]:
    p, l = load(f'{d}/fs/{st}-*.json'); row(st, p, l, sorted({s for _, s in p}))
ends = [s for s in sets if s.startswith('seed')]
if ends:
    p, l = {}, {}
    for st in ends:
        a, b = load(f'{d}/fs/{st}-*.json'); p.update(a); l.update(b)
    row(f'{len(ends)} seeds', p, l, sorted({s for _, s in p}))
    print('under 90 at level 6:')
    for s in sorted({s for _, s in p}, key=lambda s: p[('level6_tuned', s)]):
        if p[('level6_tuned', s)] < 90:
            print(f'  {s[0]:6d}x{s[1]:6d}x{s[2]:6d} {p[("level6_tuned", s)]:5.1f} clamp {p.get(("level6_grid_clamp", s), float("nan")):5.1f} {l[("level6_tuned", s)]}')
