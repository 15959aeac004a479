#!/usr/bin/env python3
"""split_sets.py MODE: session 60's sets of split grids for the flat shape's split, from the
draws' files (draws_raw.txt: seeds 42801-43200, the fit; draws3.txt: 43201-43800, held out)
read by splitset (session 60's): grids of 1 GFLOP or more, M up to 400, no strip, split in
2 slices or more by the flat split, banded by the flat split's busiest SM's C x k against
the split grid's: half the set under 4/5, a quarter under 1, a quarter over.
MODE tiles: the main tile's and its halves' split grids, K any (fs_fit.txt, fs_held.txt,
48 each), drawn with splitset.cu as it was at 365654f (which counted every small-tile-class
grid as 64x64 tiles). MODE small: the small-tile class's 64x64 split grids from K 400
(st_fit.txt, st_held.txt, up to 40 each), drawn with splitset.cu as it is here. Run in a
folder with the draws' files and the splitset binary."""
import subprocess, random, collections, sys
SMS = 132
def cd(a, b): return -(-a // b)
mode = sys.argv[1]
def keep(r, m, k):
    if mode == 'small':
        return r[4] == 'c1' and r[2] == 't64x64' and k >= 400
    return True
def pick(src, n, seed):
    shapes = open(src).read().split()
    out = subprocess.run(['./splitset'], input='\n'.join(shapes) + '\n', capture_output=True, text=True).stdout
    byband = collections.defaultdict(list)
    for l in out.split('\n'):
        if not l:
            continue
        r = l.split(); m, nn, k = map(int, r[0].split('x'))
        if 2 * m * nn * k < 1e9 or r[1] != 'split' or m > 400 or r[6] != '0' or r[7] != '0' or not keep(r, m, k):
            continue
        bm, bn = map(int, r[2][1:].split('x')); s = int(r[3][1:])
        tiles = cd(m, 32) * cd(nn, 128); sf = max(1, min(s, 5 * SMS // tiles))
        if mode == 'small' and sf < 2:
            continue
        ratio = cd(tiles * sf, SMS) * 4096 * cd(k, sf) / (cd(cd(m, bm) * cd(nn, bn) * s, SMS) * bm * bn * cd(k, s))
        byband['a' if ratio <= 0.8 else 'b' if ratio < 1.0 else 'c'].append(r[0])
    random.seed(seed); res = []
    for b, q in (('a', n // 2), ('b', n // 4), ('c', n // 4)):
        xs = list(dict.fromkeys(byband[b])); random.shuffle(xs); res += xs[:q]
    print(src, {b: len(v) for b, v in byband.items()})
    return sorted(res, key=lambda s: int(s.split('x')[2]))
name, n, seeds = ('st', 40, (69, 70)) if mode == 'small' else ('fs', 48, (66, 67))
open(f'{name}_fit.txt', 'w').write('\n'.join(pick('draws_raw.txt', n, seeds[0])) + '\n')
open(f'{name}_held.txt', 'w').write('\n'.join(pick('draws3.txt', n, seeds[1])) + '\n')
