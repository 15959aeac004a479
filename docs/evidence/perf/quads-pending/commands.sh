#!/bin/bash
# One device call: the FFMA register-bank census of every level-6 kernel in head (83feba6)
# and quads (the accumulators staged and shared through scaled4), from cuobjdump's SASS
# (tools/evidence/banks.awk, to banks-BUILD.txt); then head against quads, alternating,
# 3 rounds, every set, and quads' checks (memcheck, also at deep and k8; the gate's
# absolute full run).
export PATH=/usr/local/cuda/bin:$PATH
for b in head quads; do
  python3 -c 'import lzma, sys; open(sys.argv[2], "wb").write(lzma.open(sys.argv[1]).read())' \
    .device/bin/$b-sweep.xz .device/bin/$b-sweep && chmod +x .device/bin/$b-sweep
  cuobjdump -sass .device/bin/$b-sweep | awk -f tools/evidence/banks.awk | sort >"$OUT/banks-$b.txt"
done
AB_SETS="seed9001 seed2311 seed4242 seed8123 seed4343 deep pairs col2 k8" \
  tools/evidence/perf.sh call "head quads" quads deep k8
