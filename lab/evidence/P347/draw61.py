#!/usr/bin/env python3
"""draw61.py: session 61's sets, from files of `coverage --random S 40` draws ("MxNxK S" a
line; draws.txt: seeds 44801-46400, draws_new.txt: 46401-47600) and the splitset and flat
host tools (session60-prep) run on them (plan.txt, flat.txt). Every shape 1 GFLOP or more.
sm_fit / sm_held: 30 each of M 25-32 and N 512 or more (the small-M class's row blocks),
seeds 44801-45600 / 45601-46400. fw_fit / fw_held: 40 each of the half tiles' split grids
(64x128 or 128x64) that no strip or flat rule takes. sm_new: 40 of M 25-32, N 512 or more,
K 1400 or more from draws_new.txt. sm_seed10: the 32 seed sets' such shapes (SEEDS: their
folder)."""
import random, glob, os
def gf(s):
    m, n, k = map(int, s.split('x')); return 2 * m * n * k / 1e9
draws = [l.split() for l in open('draws.txt')]
seed = {d[0]: int(d[1]) for d in draws}
plan = {l.split()[0]: l.split() for l in open('plan.txt')}
flat = {l.split()[0] for l in open('flat.txt')}
sm = {'fit': [], 'held': []}; fw = {'fit': [], 'held': []}
for s, sd in seed.items():
    m, n, k = map(int, s.split('x'))
    if gf(s) < 1:
        continue
    part = 'fit' if sd <= 45600 else 'held'
    if 25 <= m <= 32 and n >= 512:
        sm[part].append(s)
    r = plan[s]
    if r[1] == 'split' and r[2] in ('t128x64', 't64x128') and r[6] == '0' and r[7] == '0' and s not in flat:
        fw[part].append(s)
random.seed(61)
for name, d, n in (('sm', sm, 30), ('fw', fw, 40)):
    for part in ('fit', 'held'):
        xs = sorted(set(d[part])); random.shuffle(xs)
        xs = sorted(xs[:n], key=lambda s: int(s.split('x')[0]))
        open(f'{name}_{part}.txt', 'w').write('\n'.join(xs) + '\n')
def moved(s):
    m, n, k = map(int, s.split('x')); return 25 <= m <= 32 and n >= 512 and k >= 1400 and gf(s) >= 1
xs = sorted({l.strip() for l in open('draws_new.txt') if moved(l.strip())})
random.seed(611); random.shuffle(xs)
open('sm_new.txt', 'w').write('\n'.join(sorted(xs[:40], key=lambda s: int(s.split('x')[2]))) + '\n')
seeds = sorted(glob.glob(os.path.join(os.environ.get('SEEDS', '.'), 'seed*.txt')))
open('sm_seed10.txt', 'w').write('\n'.join(l.strip() for f in seeds for l in open(f) if moved(l.strip())) + '\n')
