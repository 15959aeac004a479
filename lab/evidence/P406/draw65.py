#!/usr/bin/env python3
"""draw65.py: session 65's small sets, drawn as session64-prep/draw64s.py drew `sm` (M, N
log-uniform from 16 to 4096, K from 64 to 2048, work 0.005 to 2 GFLOP) from seeds never
used: sm2 (seed 6565) and sm3 (seed 6566), 40 shapes each; and smm (seed 6567), 40 shapes of
the small-M class (M log-uniform from 1 to 32, N from 512 to 8192, K from 64 to 2048, work
up to 0.5 GFLOP) for "Small M's few CTAs", and smm2 (seed 6568) drawn the same way, kept
back until the rule was built."""
import math, random


def draw(seed, ms=(16, 4096), ns=(16, 4096), gflop=(0.005, 2), count=40):
    rng = random.Random(seed)
    lu = lambda a, b: int(round(math.exp(rng.uniform(math.log(a), math.log(b)))))
    out = []
    while len(out) < count:
        m, n, k = lu(*ms), lu(*ns), lu(64, 2048)
        if gflop[0] <= 2 * m * n * k / 1e9 <= gflop[1]:
            out.append(f'{m}x{n}x{k}')
    return out


for name, seed in (('sm2', 6565), ('sm3', 6566)):
    open(f'{name}.txt', 'w').write('\n'.join(draw(seed)) + '\n')
for name, seed in (('smm', 6567), ('smm2', 6568)):
    open(f'{name}.txt', 'w').write('\n'.join(draw(seed, (1, 32), (512, 8192), (0, 0.5))) + '\n')
