#!/usr/bin/env python3
"""draw64s.py: session 64's small set `sm` for "Thinner slices for small grids": 257^3,
256^3, 384^3, 512^3, and 36 shapes of M, N, K log-uniform (M, N from 16 to 4096, K from 64
to 2048) whose work is 0.005 to 2 GFLOP, seed 6464."""
import math, random
random.seed(6464)
lu = lambda a, b: int(round(math.exp(random.uniform(math.log(a), math.log(b)))))
out = ['257x257x257', '256x256x256', '384x384x384', '512x512x512']
while len(out) < 40:
    m, n, k = lu(16, 4096), lu(16, 4096), lu(64, 2048)
    if 0.005 <= 2 * m * n * k / 1e9 <= 2:
        out.append(f'{m}x{n}x{k}')
open('sm.txt', 'w').write('\n'.join(out) + '\n')
