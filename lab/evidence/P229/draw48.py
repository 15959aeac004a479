import random, math, sys
seed, count = int(sys.argv[1]), int(sys.argv[2])
r = random.Random(seed)
lu = lambda lo, hi: int(round(math.exp(r.uniform(math.log(lo), math.log(hi)))))
out = []
while len(out) < count:
    m, n, k = r.randint(33, 48), lu(512, 16384), lu(16, 16384)
    if 1e9 <= 2.0 * m * n * k <= 200e9:
        out.append("%dx%dx%d" % (m, n, k))
print("\n".join(out))
