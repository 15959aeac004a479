#!/usr/bin/env python3
"""skcmp.py DIR: level 6 (stream-K shifting an unaligned B) against level6_grid_sk_copies
(4-byte copies in its place) per set of call64b.sh's packs unpacked in DIR: geometric mean
of % of cuBLAS over every shape, and over the grids the point changes (level 6's launch a
128x128 or 64x128 stream-K kernel of B not in vectors), rounds averaged; the nine end
sets pooled."""
import re, sys
from fsload import gm, load
mean, records = load(sys.argv[1])
launch = {k: l['kernel'] for (kern, k), l in records.items() if kern == 'level6_tuned'}
for st in sorted({k[0] for k in launch}):
    shapes = sorted(k for k in launch if k[0] == st)
    moved = [k for k in shapes if re.match(r'streamk_kernel<(128,128|64,128),8,4,0,', launch[k])]
    for name, ks in (('all', shapes), ('moved', moved)):
        if not ks:
            continue
        a = [mean(('level6_tuned', k)) for k in ks]; b = [mean(('level6_grid_sk_copies', k)) for k in ks]
        print(f'{st:6s} {name:5s} {len(ks):3d}  shift {gm(a):6.1f} (u90 {sum(x < 90 for x in a):2d})'
              f'  copies {gm(b):6.1f} (u90 {sum(x < 90 for x in b):2d})  copies faster at {sum(y > x for x, y in zip(a, b))}')
