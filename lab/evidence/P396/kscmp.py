#!/usr/bin/env python3
"""kscmp.py DIR: level 6 against level6_grid_kslice16 and level6_grid_kslice32 per set of
call64c.sh's packs unpacked in DIR: geometric mean of % of cuBLAS (under 90) over every
shape, and over the shapes whose launch (kernel and grid) differs from level 6's, rounds
averaged; the nine end sets pooled; then each changed shape of sm."""
import sys
from fsload import gm, load
mean, records = load(sys.argv[1])
launch = {key: (l['kernel'], tuple(l['grid'])) for key, l in records.items()}
points = ('level6_grid_kslice16', 'level6_grid_kslice32')
for st in sorted({k[0] for _, k in launch}):
    shapes = sorted({k for kk, k in launch if k[0] == st and kk == 'level6_tuned'})
    a = [mean(('level6_tuned', k)) for k in shapes]
    line = f'{st:6s} {len(shapes):3d} level 6 {gm(a):6.1f} (u90 {sum(x < 90 for x in a):2d})'
    for p in points:
        b = [mean((p, k)) for k in shapes]
        moved = [k for k in shapes if launch[(p, k)] != launch[('level6_tuned', k)]]
        ma = [mean(('level6_tuned', k)) for k in moved]; mb = [mean((p, k)) for k in moved]
        line += f' | {p[12:]} {gm(b):6.1f} (u90 {sum(x < 90 for x in b):2d})'
        if moved:
            line += f', {len(moved)} moved {gm(ma):.1f} -> {gm(mb):.1f} faster at {sum(y > x for x, y in zip(ma, mb))}'
    print(line)
print('sm, shapes whose launch a point changes: level 6 / kslice16 / kslice32, % of cuBLAS (launch grid)')
for k in sorted({k for kk, k in launch if k[0] == 'sm' and kk == 'level6_tuned'}):
    if any(launch[(p, k)] != launch[('level6_tuned', k)] for p in points):
        print(f'  {k[1]}x{k[2]}x{k[3]:<6}', ' / '.join(f'{mean((p, k)):6.1f} {launch[(p, k)][0]}{list(launch[(p, k)][1])}'
                                                   for p in ('level6_tuned',) + points))
