#!/bin/bash
# Issue 23, small M to 24 rows, the second GPU (H200 GPU-29bb30c0): base (the 75ed773 build,
# 5c3f0d4's kernel), m24c (0b68f1b, the committed change, built here), and m16 (0b68f1b with
# m16.diff: SMALL_M_MAX = 16, so M = 17..24 take the 64x128 tile too). sm.txt as in
# ../lab/evidence/P101/; sm16.txt: seven named M = 17..24 shapes, then 13 drawn
# as sm.txt was with M uniform in 17..24 (random.Random(1724)).
# On the GPU machine, from the repository root:
AB_SETS="sm sm16 seed9001 seed2311 seed4242 seed5150 seed6271 seed7177" tools/evidence/perf.sh ab "base m24c m16" 3
# then memcheck and the gate's absolute full run of m24c (checks/ in results.tar.xz):
python3 -c 'import lzma; open(".device/bin/sweep","wb").write(lzma.open(".device/bin/m24c-sweep.xz").read())'
chmod +x .device/bin/sweep
tools/evidence/perf.sh memcheck
tools/evidence/perf.sh full
