#!/bin/bash
# One device call: which of stream-K's shares take scaled4. head (83feba6), quads (all:
# the staged C and every stream-K kernel's shares, quads.diff of ../lab/evidence/P149/),
# stage (the staged C only: stage.diff) and half (the staged C, and the shares of the
# 64x128 stream-K kernels only: half.diff), alternating, 3 rounds; the bank census of each
# (tools/evidence/banks.awk); stage's checks. sk.txt: 24 stream-K shapes of 1 GFLOP or more,
# drawn after the first call (coverage --random 4401..4406 64, the stream-K class on 132 SMs).
export PATH=/usr/local/cuda/bin:$PATH
for b in head quads stage half; do
  python3 -c 'import lzma, sys; open(sys.argv[2], "wb").write(lzma.open(sys.argv[1]).read())' \
    .device/bin/$b-sweep.xz .device/bin/$b-sweep && chmod +x .device/bin/$b-sweep
  cuobjdump -sass .device/bin/$b-sweep | awk -f tools/evidence/banks.awk | sort >"$OUT/banks-$b.txt"
done
AB_SETS="sk deep pairs k8 seed4343 seed9001" \
  tools/evidence/perf.sh call "head quads stage half" stage deep k8
