#!/usr/bin/env python3
"""final65.py DIR...: level 6 alone per set of call65c.sh's or call65e.sh's pack (fs-final)
unpacked in each DIR (with
its gpu.txt): geometric mean % of cuBLAS, shapes under 90, the lowest, and the same over the
set's shapes of 1 GFLOP or more; then 257^3, 256^3, 384^3 and 512^3."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'session64-prep'))
from fsload import gm, load
for d in sys.argv[1:]:
    mean, rec = load(d)
    print(open(d + '/gpu.txt').read().strip())
    for st in ('smm', 'smm2', 'sm', 'sm2', 'sm3', 'cov', 'llm', 'seeds'):
        ks = sorted({k for (kn, k) in rec if k[0] == st})
        if not ks:
            continue
        v = [mean(('level6_tuned', k)) for k in ks]
        big = [mean(('level6_tuned', k)) for k in ks if 2 * k[1] * k[2] * k[3] >= 1e9]
        print(f'  {st:5s} {len(v):3d} gm {gm(v):6.1f} u90 {sum(x < 90 for x in v):2d} low {min(v):5.1f}',
              f'| >=1GFLOP {len(big)} gm {gm(big):.1f} low {min(big):.1f} u90 {sum(x < 90 for x in big)}' if big else '')
    for sh in (('sm', 257, 257, 257), ('sm', 256, 256, 256), ('sm', 384, 384, 384), ('sm', 512, 512, 512)):
        print('   ', sh, round(mean(('level6_tuned', sh)), 1))
