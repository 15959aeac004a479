#!/usr/bin/env python3
"""draw64.py: session 64's sets, from draws.txt (`coverage --random S 40` for S = 110001..110600,
"MxNxK S" a line) and the plans of session62-prep's plan.cu built three ways (p_new.txt:
level 6 of this session; p_f80.txt: -DL6_FEW_HALF_M_PCT=80), "MxNxK" first; none committed.
- sx: 40 grids whose split-K shifted B in session 63's level 6 (the 64x128 tile, split-K
  class, no four-warp launch, B unaligned and not re-laid, 40 tiles across or fewer): the
  grids the change moves to 4-byte copies;
- fw: 40 grids whose plan the few-tiles rule's 95% moves against 80% (the tile, or what
  follows from it);
both from seeds 110001-110300; sxh and fwh the same from 110301-110600, kept for a check
after the choice."""
import random
seed = {l.split()[0]: int(l.split()[1]) for l in open('draws.txt')}
new = [l.split() for l in open('p_new.txt')]
f80 = [l.split() for l in open('p_f80.txt')]
sets = {'sx': [], 'fw': [], 'sxh': [], 'fwh': []}
for a, b in zip(new, f80):
    m, n, k = map(int, a[0].split('x'))
    held = 'h' if seed[a[0]] > 110300 else ''
    if a[1:] != b[1:]:
        sets['fw' + held].append(a[0])
    if (a[1] == 'w0.0.0' and a[2] == 't64x128' and a[3] == 'c2' and a[4] == 'relay0'
            and n % 4 and (n + 127) // 128 <= 40):
        sets['sx' + held].append(a[0])


def write_set(name, shapes, s):
    """40 of the shapes, shuffled by seed s, to NAME.txt in M, N, K order."""
    xs = sorted(set(shapes)); random.seed(s); random.shuffle(xs)
    out = sorted(xs[:40], key=lambda t: tuple(map(int, t.split('x'))))
    open(f'{name}.txt', 'w').write('\n'.join(out) + '\n')


for name, s in (('sx', 641), ('fw', 642), ('sxh', 643), ('fwh', 644)):
    write_set(name, sets[name], s)

# kx, kxh (drawn after the split's change was measured, for "Stream-K's 4-byte copies against
# its shift"): 40 stream-K grids that shift B (the 128x128 or 64x128 tile, B unaligned and
# read as it is or shifted in place of re-laid, no four-warp launch) from seeds
# 110001-110300, and 40 from 110301-110600.
ks = {'kx': [], 'kxh': []}
for a in new:
    m, n, k = map(int, a[0].split('x'))
    if n % 4 == 0 or a[1] != 'w0.0.0' or a[3] != 'c5' or a[2] not in ('t128x128', 't64x128'):
        continue
    if a[4] == 'relay1' and a[6] != 'shift1':
        continue
    ks['kxh' if seed[a[0]] > 110300 else 'kx'].append(a[0])
for name, s in (('kx', 645), ('kxh', 646)):
    write_set(name, ks[name], s)
