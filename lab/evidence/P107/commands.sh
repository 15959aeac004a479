#!/bin/bash
# Issue 23, reductions of narrow rows (docs/PERF.md, "Reductions in vectors"), H200 GPU-bfa03ec4:
# red (cb3982f) against few1 (the committed change: a float a thread where the slices are few,
# under 16, and N < 128; small-N's slices). narrow.txt, split.txt, sm.txt as in
# ../lab/evidence/P106/ and the folders it names.
# On the GPU machine, from the repository root:
AB_SETS="narrow split sm seed9001 seed2311 seed4242" tools/evidence/perf.sh ab "red few1" 3
# memcheck and the gate's absolute full run of few1 (checks/ in results.tar.xz):
python3 -c 'import lzma; open(".device/bin/sweep","wb").write(lzma.open(".device/bin/few1-sweep.xz").read())'
chmod +x .device/bin/sweep
mkdir -p "$OUT/checks"
OUT=$OUT/checks tools/evidence/perf.sh memcheck
OUT=$OUT/checks tools/evidence/perf.sh full
