#!/usr/bin/env python3
"""lscmp.py DIR [BASE POINT...]: BASE (default level6_grid_class_slices, session 64's level 6:
the launch's slices as its class counts them) against each POINT (default level 6 and
level6_grid_launch_k8), per set of call65.sh's packs
unpacked in DIR (session64-prep/fsload.py): geometric mean of % of cuBLAS (under 90) over
every shape, and over the shapes whose launch (kernel and grid) differs from BASE's,
rounds averaged, with how many got faster and how many lost over 3 points; the nine end
sets pooled; then each moved shape of the sm sets."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'session64-prep'))
from fsload import gm, load
mean, records = load(sys.argv[1])
launch = {key: (l['kernel'], tuple(l['grid'])) for key, l in records.items()}
base, *points = sys.argv[2:] or ('level6_grid_class_slices', 'level6_tuned', 'level6_grid_launch_k8')
points = tuple(points)
short = {'level6_tuned': 'level 6', 'level6_grid_class_slices': 'class', 'level6_grid_launch_k8': 'k8'}
name = lambda p: short.get(p, p.replace('level6_grid_', ''))
for st in sorted({k[0] for _, k in launch}):
    shapes = sorted({k for kk, k in launch if k[0] == st and kk == base})
    a = [mean((base, k)) for k in shapes]
    line = f'{st:6s} {len(shapes):3d} {name(base)} {gm(a):6.1f} (u90 {sum(x < 90 for x in a):2d})'
    for p in points:
        if (p, shapes[0]) not in launch:
            continue
        b = [mean((p, k)) for k in shapes]
        moved = [k for k in shapes if launch[(p, k)] != launch[(base, k)]]
        ma = [mean((base, k)) for k in moved]; mb = [mean((p, k)) for k in moved]
        line += f' | {name(p)} {gm(b):6.1f} (u90 {sum(x < 90 for x in b):2d})'
        if moved:
            line += (f', {len(moved)} moved {gm(ma):.1f} -> {gm(mb):.1f} faster at '
                     f'{sum(y > x for x, y in zip(ma, mb))}, -3 or worse at {sum(y < x - 3 for x, y in zip(ma, mb))}')
    print(line)
for st in ('smm', 'sm', 'sm2', 'sm3'):
    print(f"{st}, shapes whose launch a point changes: {' / '.join(map(name, (base,) + points))},",
          '% of cuBLAS (launch grid)')
    for k in sorted({k for kk, k in launch if k[0] == st and kk == base}):
        if any(launch[(p, k)] != launch[(base, k)] for p in points):
            print(f'  {k[1]}x{k[2]}x{k[3]:<6}', ' / '.join(f'{mean((p, k)):6.1f} {launch[(p, k)][0]}{list(launch[(p, k)][1])}'
                                                       for p in (base,) + points))
