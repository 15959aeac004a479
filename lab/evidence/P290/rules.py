#!/usr/bin/env python3
"""rules.py RULE DIR ARGS... [-v]: one of session 56's wide-form rules over the forced runs in
DIR (sweep JSON of level6_tuned and level6_grid_short_k_wide_bk8_s4, 3 runs): the shapes it
takes, level 6's and the wide form's median % of cuBLAS, and the geometric means.
  rounds  DIR PCT KMAX     the one launch of C aligned (shape_short_k_wide_rounds)
  onewave DIR KMAX         the one launch of B and C unaligned within a wave
                           (shape_short_k_wide_one_wave, before its N bound)
  streamk DIR PCT KMAX VC  stream-K (shape_short_k_wide_streamk); VC 0, 1 or any
rounds and onewave ask wone.cu built at c8414ac (WONE, default ./wone; its class, tile,
strip and fine/wide verdicts) which grids level 6 ran as the main tile's one launch;
streamk takes the set as drawn (all stream-K grids of the main tile)."""
import collections, glob, json, math, os, statistics, subprocess, sys

SMS = 132
cd = lambda a, b: -(-a // b)
gmean = lambda v: math.exp(sum(map(math.log, v)) / len(v)) if v else 0

def load(d):
    per = collections.defaultdict(list)
    for f in glob.glob(d + '/*.json'):
        for r in json.load(open(f))['results']:
            per[(r['m'], r['n'], r['k']), r['kernel']].append(r['pct_cublas'])
    shapes = sorted({s for s, k in per if k == 'level6_tuned'}, key=lambda s: s[2])
    med = lambda s, k: statistics.median(per[s, k])
    return shapes, {s: (med(s, 'level6_tuned'), med(s, 'level6_grid_short_k_wide_bk8_s4')) for s in shapes}

def wone(shapes):
    out = subprocess.run([os.environ.get('WONE', './wone')], capture_output=True, text=True,
                         input=''.join('%dx%dx%d\n' % s for s in shapes)).stdout.split('\n')
    return {tuple(map(int, l.split()[0].split('x'))): l.split() for l in out if l}

def beats_rounds(m, n, pct):
    rounds = cd(cd(cd(m, 128) * cd(n, 128), SMS), 2)
    return pct * cd(cd(m, 64) * cd(n, 128), SMS) < 400 * rounds

def main_one_launch(f):  # wone.cu: class 3, the main tile, neither fine nor wide
    return f[1] == 'c3' and f[2] == 't128x128' and f[8] == '0' and f[10] == '0'

rule, d, args = sys.argv[1], sys.argv[2], [a for a in sys.argv[3:] if a != '-v']
shapes, med = load(d)
if rule == 'rounds':
    pct, kmax = float(args[0]), int(args[1])
    info = wone(shapes)
    def take(s):
        f = info[s]; m, n, k = s
        return (main_one_launch(f) and n % 4 == 0 and 97 <= k < kmax and
                beats_rounds(m - int(f[-2]), n - int(f[-1]), pct))
    head = 'rounds PCT %.0f KMAX %d' % (pct, kmax)
elif rule == 'onewave':
    kmax = int(args[0])
    info = wone(shapes)
    def take(s):
        f = info[s]
        return (main_one_launch(f) and s[1] % 4 != 0 and 97 <= s[2] < kmax and
                int(f[4]) <= int(f[6]) and f[-2] == '0' and f[-1] == '0')
    head = 'onewave KMAX %d' % kmax
else:
    pct, kmax, vc = float(args[0]), int(args[1]), args[2]
    def take(s):
        return (s[2] < kmax and (vc == 'any' or int(vc) == int(s[1] % 4 == 0)) and
                beats_rounds(s[0], s[1], pct))
    head = 'streamk PCT %.0f KMAX %d VC %s' % (pct, kmax, vc)
moved = [s for s in shapes if take(s)]
after = [med[s][1] if s in moved else med[s][0] for s in shapes]
print('%s: moves %d of %d; all %.1f -> %.1f; moved %.1f -> %.1f, lower by more than 2: %d, '
      'under 90 %d -> %d' % (head, len(moved), len(shapes), gmean([med[s][0] for s in shapes]),
      gmean(after), gmean([med[s][0] for s in moved]), gmean([med[s][1] for s in moved]),
      sum(med[s][1] < med[s][0] - 2 for s in moved), sum(med[s][0] < 90 for s in moved),
      sum(med[s][1] < 90 for s in moved)))
if '-v' in sys.argv:
    for s in moved:
        print('  %dx%dx%d %.1f -> %.1f' % (*s, *med[s]))
