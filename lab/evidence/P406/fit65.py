#!/usr/bin/env python3
"""fit65.py DIR...: the model of shape_launch_slices (kernels/shape_class.h) fitted to the
split launches (tuned_kernel) of `sm` in session 64's forced runs of slices of 16, 32 and 64
k or more, each DIR one unpacked fs-sets.tar.xz (session64-kslice-*): time (us) = a x
rounds x (k a slice) + f x rounds + r0 (sliced) + p x slices x m x n / 132 / 1000 + c,
rounds the warps over 4 x 132 schedulers. Prints the fit, its mean error, and at each grid
and GPU measured at two counts or more whether the model ranks the fastest first."""
import collections, glob, json, math, re, sys


def launches(d):
    for f in glob.glob(f'{d}/fs/sm-*.json'):
        for r in json.load(open(f))['results']:
            l = r['resources']['launch']
            t = re.match(r'tuned_kernel<(\d+),(\d+)', l['kernel'])
            if t:
                yield r['m'], r['n'], r['k'], int(t[1]), int(t[2]), l['grid'][2], r['time_ms']['median'] * 1000


def features(m, n, k, bm, bn, s, sms=132):
    ks = math.ceil(math.ceil(k / s) / 8) * 8
    s = math.ceil(k / ks)
    rounds = math.ceil(math.ceil(m / bm) * math.ceil(n / bn) * s * (bm // 64) * (bn // 64) / (4 * sms))
    return [rounds * ks, rounds, 1 if s > 1 else 0, s * m * n / sms / 1000, 1]


def solve(a, y):  # least squares by the normal equations
    n = len(a[0])
    x = [[sum(r[i] * r[j] for r in a) for j in range(n)] + [sum(r[i] * v for r, v in zip(a, y))] for i in range(n)]
    for i in range(n):
        p = max(range(i, n), key=lambda r: abs(x[r][i]))
        x[i], x[p] = x[p], x[i]
        for r in range(n):
            if r != i:
                f = x[r][i] / x[i][i]
                x[r] = [u - f * v for u, v in zip(x[r], x[i])]
    return [x[i][n] / x[i][i] for i in range(n)]


runs = [(d, l) for d in sys.argv[1:] for l in launches(d)]
a = [features(*l[:6]) for _, l in runs]
y = [l[6] for _, l in runs]
w = solve(a, y)
model = lambda *g: sum(u * v for u, v in zip(features(*g), w))
print(f'{len(y)} launches: {w[0]:.4f} us a k a round, fill {w[1] / w[0]:.1f} k, reduction launch '
      f'{w[2]:.2f} us ({w[2] / w[0]:.0f} k), a slice {w[3]:.4f} us per 1000 floats an SM '
      f'({1000 * w[0] / w[3]:.0f} floats an SM a k), constant {w[4]:.2f} us')
print(f'mean error {sum(abs(model(*l[:6]) - l[6]) / l[6] for _, l in runs) / len(runs):.3f}')
times = collections.defaultdict(lambda: collections.defaultdict(list))
for d, l in runs:
    times[(d, l[:5])][l[5]].append(l[6])
ranked = [(g, c) for g, c in times.items() if len(c) > 1]
right = 0
for (d, g), c in sorted(ranked):
    fastest = min(c, key=lambda s: sum(c[s]) / len(c[s]))
    first = min(c, key=lambda s: model(*g, s))
    right += fastest == first
    if fastest != first:
        print(f'  {d} {g}: fastest {fastest}, model {first},',
              {s: round(sum(t) / len(t), 2) for s, t in sorted(c.items())})
print(f'ranked the fastest first at {right} of {len(ranked)} grid-GPU pairs')
