#!/usr/bin/env python3
"""draw67.py: session 67's column-strip sets, written to cs.txt and csl.txt (MxNxK a line).
cs: 40 shapes of M log-uniform in [1500, 9000], N = 64 q + c (q 2..10, c 8..30, a column
strip of small N's width past whole 64-column tiles), K log-uniform in [200, 700], kept at
0.8-4 GFLOP (seed 671). csl: the same with K in [1500, 6000] and 1-8 GFLOP (seed 672).
Level 6 cuts the strip off some of them (strip_of's model); the sweep says which."""
import math, random


def draw(seed, kmin, kmax, gmin, gmax):
    random.seed(seed)
    out = set()
    while len(out) < 40:
        m = int(math.exp(random.uniform(math.log(1500), math.log(9000))))
        n = 64 * random.randint(2, 10) + random.randint(8, 30)
        k = int(math.exp(random.uniform(math.log(kmin), math.log(kmax))))
        if gmin <= 2 * m * n * k / 1e9 <= gmax:
            out.add((m, n, k))
    return sorted(out)


for name, args in (('cs', (671, 200, 700, 0.8, 4)), ('csl', (672, 1500, 6000, 1, 8))):
    open(f'{name}.txt', 'w').write(''.join(f'{m}x{n}x{k}\n' for m, n, k in draw(*args)))
