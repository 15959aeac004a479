# plan_shapes.py N SEED: N log-uniform shapes (M, N, K in 1..65536) for plan_equivalence.sh
import random, sys
# log-uniform M, N, K in 1..65536, each shape in both alignments (0, 1), plus a share without
# a workspace (2, 3)
random.seed(int(sys.argv[2]))
n = int(sys.argv[1])
out = sys.stdout
for i in range(n):
    m, nn, k = (int(round(2 ** random.uniform(0, 16))) for _ in range(3))
    for u in (0, 1):
        out.write(f"{m} {nn} {k} {u}\n")
    if i % 10 == 0:
        out.write(f"{m} {nn} {k} {2 + random.randint(0, 1)}\n")
