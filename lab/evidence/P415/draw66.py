#!/usr/bin/env python3
"""draw66.py: session 66's sets, drawn as session65-prep/draw65.py drew its own, from seeds
never used: sm4 (seed 6661; M, N log-uniform from 16 to 4096, K from 64 to 2048, work 0.005
to 2 GFLOP), kept back for the sliced-K path until its rule is built; and sn (seed 6662)
and sn2 (seed 6663), 40 shapes each of the small-N class (N log-uniform from 1 to 40, M
from 256 to 16384, K from 64 to 4096, work up to 0.5 GFLOP), sn2 kept back for "Small N's
few CTAs"; then sm5 (seed 6664) and sn3 (seed 6665), drawn as sm4 and sn2, kept back for
the rules as refit on sm4's and sn2's losers; then sm6 (seed 6667) and sm7 (seed 6668),
drawn as sm4, kept back for the sliced-K path's K slices."""
import math, random


def draw(seed, ms, ns, ks, gflop, count=40):
    rng = random.Random(seed)
    lu = lambda a, b: int(round(math.exp(rng.uniform(math.log(a), math.log(b)))))
    out = []
    while len(out) < count:
        m, n, k = lu(*ms), lu(*ns), lu(*ks)
        if gflop[0] <= 2 * m * n * k / 1e9 <= gflop[1]:
            out.append(f'{m}x{n}x{k}')
    return out


open('sm4.txt', 'w').write('\n'.join(draw(6661, (16, 4096), (16, 4096), (64, 2048), (0.005, 2))) + '\n')
for name, seed in (('sn', 6662), ('sn2', 6663)):
    open(f'{name}.txt', 'w').write('\n'.join(draw(seed, (256, 16384), (1, 40), (64, 4096), (0, 0.5))) + '\n')
open('sm5.txt', 'w').write('\n'.join(draw(6664, (16, 4096), (16, 4096), (64, 2048), (0.005, 2))) + '\n')
open('sn3.txt', 'w').write('\n'.join(draw(6665, (256, 16384), (1, 40), (64, 4096), (0, 0.5))) + '\n')
open('sm6.txt', 'w').write('\n'.join(draw(6667, (16, 4096), (16, 4096), (64, 2048), (0.005, 2))) + '\n')
open('sm7.txt', 'w').write('\n'.join(draw(6668, (16, 4096), (16, 4096), (64, 2048), (0.005, 2))) + '\n')
