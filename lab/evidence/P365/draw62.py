#!/usr/bin/env python3
"""draw62.py: session 62's sets, from draws.txt (`coverage --random S 40` for S = 47601..49200,
"MxNxK S" a line) and sk.txt (skshift.cu run on them). sk_fit / sk_held: 60 each of the
grids that shifts_not_relays moves, 40 of M under 2000 and 20 over, seeds 47601-48400 /
48401-49200. fh_fit / fh_held: 40 each of the grids that plan.cu's outputs at
L6_FEW_SHIFT_HALF_M_PCT 80 and 100 differ at (fh_moved.txt), the same seeds."""
import random
seed = {l.split()[0]: int(l.split()[1]) for l in open('draws.txt')}
parts = {'fit': [], 'held': []}
for r in (l.split() for l in open('sk.txt')):
    parts['fit' if seed[r[0]] <= 48400 else 'held'].append(r[0])
random.seed(62)
for p, xs in parts.items():
    xs = sorted(set(xs)); random.shuffle(xs)
    lo = [s for s in xs if int(s.split('x')[0]) < 2000][:40]
    hi = [s for s in xs if int(s.split('x')[0]) >= 2000][:20]
    out = sorted(lo + hi, key=lambda s: int(s.split('x')[0]))
    open(f'sk_{p}.txt', 'w').write('\n'.join(out) + '\n')
xs = sorted({l.strip() for l in open('fh_moved.txt')})
random.seed(621)
for p, part in (('fit', lambda s: seed[s] <= 48400), ('held', lambda s: seed[s] > 48400)):
    ys = [s for s in xs if part(s)]; random.shuffle(ys)
    open(f'fh_{p}.txt', 'w').write('\n'.join(sorted(ys[:40], key=lambda s: int(s.split('x')[0]))) + '\n')
