#!/usr/bin/env python3
"""draw67b.py: session 67's column-strip sets from the plan. First `draw67b.py cand` writes
cand.txt: 30000 shapes, M log-uniform in [800, 16000], N = 64 q + 1..32 (q 2..14), K
log-uniform in [130, 1500], kept at 0.5-20 GFLOP (seed 673). Then session62-prep's plan.cu
(built as tools/evidence/plan_host.cuh says) reads it: `plan < cand.txt > plans.txt`; and
`draw67b.py sets` keeps the shapes whose plan cuts a column strip ("strip0.C", C > 0) and
writes sf.txt and sh.txt (40 each, K under 700: the fit and the held-out set) and sk.txt
(40, K 700-1499), shuffled by seed 674. cand.txt and plans.txt are not committed."""
import math, random, sys

if sys.argv[1] == 'cand':
    random.seed(673)
    out = set()
    while len(out) < 30000:
        m = int(math.exp(random.uniform(math.log(800), math.log(16000))))
        n = 64 * random.randint(2, 14) + random.randint(1, 32)
        k = int(math.exp(random.uniform(math.log(130), math.log(1500))))
        if 0.5 <= 2 * m * n * k / 1e9 <= 20:
            out.add((m, n, k))
    open('cand.txt', 'w').write(''.join('%dx%dx%d\n' % x for x in sorted(out)))
else:
    rows = [l.split() for l in open('plans.txt')]
    cols = [r[0] for r in rows if r[-1].startswith('strip0.') and r[-1] != 'strip0.0']
    short = [s for s in cols if int(s.split('x')[2]) < 700]
    mid = [s for s in cols if 700 <= int(s.split('x')[2]) < 1500]
    random.seed(674)
    random.shuffle(short)
    random.shuffle(mid)
    key = lambda s: tuple(map(int, s.split('x')))
    for name, xs in (('sf', short[:40]), ('sh', short[40:80]), ('sk', mid[:40])):
        open(name + '.txt', 'w').write(''.join(x + '\n' for x in sorted(xs, key=key)))
