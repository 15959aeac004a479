#!/usr/bin/env python3
"""draw63.py: session 63's sets, from draws.txt (`coverage --random S 40` for S = 50001..50800,
"MxNxK S" a line; not committed) and plan.txt (session62-prep's plan.cu on them, "MxNxK"
first). Shapes of seeds 50001-50400 only (50401-50800 are kept for a later check), B
unaligned (N % 4), no four-warp launch, no strip, B not re-laid (or shifted instead):
- ss: 40 of the 64x128 grids 40 tiles across or fewer (the shifted split, or the half's
  stream-K);
- sk: 40 of the 128x128 stream-K grids (stream-K shifts B);
- sw: 40 of the 64x128 grids over 40 tiles across (the split's 4-byte copies)."""
import random
seed = {l.split()[0]: int(l.split()[1]) for l in open('draws.txt')}
sets = {'ss': [], 'sk': [], 'sw': []}
for r in (l.split() for l in open('plan.txt')):
    m, n, k = map(int, r[0].split('x'))
    if seed[r[0]] > 50400 or n % 4 == 0 or r[1] != 'w0.0.0' or r[6] != 'strip0.0':
        continue
    if r[4] == 'relay1' and r[5] != 'shift1':
        continue
    if r[2] == 't128x128' and r[3] == 'c5':
        sets['sk'].append(r[0])
    elif r[2] == 't64x128':
        sets['ss' if (n + 127) // 128 <= 40 else 'sw'].append(r[0])
random.seed(63)
for name, xs in sets.items():
    xs = sorted(set(xs)); random.shuffle(xs)
    out = sorted(xs[:40], key=lambda s: tuple(map(int, s.split('x'))))
    open(f'{name}.txt', 'w').write('\n'.join(out) + '\n')

# cl (drawn after the sets above, for "The 4-byte copies' slow mode, found"): 40 of the
# 128x128 grids of split-K or one launch, and of the 128x64 grids, B unaligned and not
# re-laid (4-byte copies), the same seeds.
cl = []
for r in (l.split() for l in open('plan.txt')):
    m, n, k = map(int, r[0].split('x'))
    if seed[r[0]] > 50400 or n % 4 == 0 or r[1] != 'w0.0.0' or r[6] != 'strip0.0':
        continue
    if r[4] == 'relay0' and r[5] == 'shift0' and (
            (r[2] == 't128x128' and r[3] in ('c2', 'c3')) or r[2] == 't128x64'):
        cl.append(r[0])
random.seed(631)
cl = sorted(set(cl)); random.shuffle(cl)
open('cl.txt', 'w').write('\n'.join(sorted(cl[:40], key=lambda s: tuple(map(int, s.split('x'))))) + '\n')

# clh (drawn after "The 4-byte copies' slow mode, found" was measured, from the seeds kept
# back, 50401-50800): 20 of sw's kind and 20 of cl's, never measured.
held = {'sw': [], 'cl': []}
for r in (l.split() for l in open('plan.txt')):
    m, n, k = map(int, r[0].split('x'))
    if seed[r[0]] <= 50400 or n % 4 == 0 or r[1] != 'w0.0.0' or r[6] != 'strip0.0':
        continue
    if r[4] == 'relay1' and r[5] != 'shift1':
        continue
    if r[2] == 't64x128' and r[3] != 'c5' and (n + 127) // 128 > 40:
        held['sw'].append(r[0])
    elif r[4] == 'relay0' and r[5] == 'shift0' and (
            (r[2] == 't128x128' and r[3] in ('c2', 'c3')) or r[2] == 't128x64'):
        held['cl'].append(r[0])
random.seed(632)
clh = []
for xs in held.values():
    xs = sorted(set(xs)); random.shuffle(xs); clh += xs[:20]
open('clh.txt', 'w').write('\n'.join(sorted(clh, key=lambda s: tuple(map(int, s.split('x'))))) + '\n')
