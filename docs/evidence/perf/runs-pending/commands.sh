#!/bin/bash
# One device call: head (83feba6, the session's start), land (b9b6ec2: the staged C and the
# 64x128 shares through scaled4, as landed) and runs (land + runs.diff: split-K's reduction
# stores an unaligned C's rows as runs of 32 columns), alternating, 3 rounds; the bank census
# of each; runs' checks (memcheck, also at split and k8; the gate's absolute full run).
# split.txt: 20 split-K shapes with N unaligned and 4 aligned, 1 GFLOP or more, drawn for it
# (coverage --random 4401..4406 64, the split-K class on 132 SMs).
export PATH=/usr/local/cuda/bin:$PATH
for b in head land runs; do
  python3 -c 'import lzma, sys; open(sys.argv[2], "wb").write(lzma.open(sys.argv[1]).read())' \
    .device/bin/$b-sweep.xz .device/bin/$b-sweep && chmod +x .device/bin/$b-sweep
  cuobjdump -sass .device/bin/$b-sweep | awk -f tools/evidence/banks.awk | sort >"$OUT/banks-$b.txt"
done
AB_SETS="split sk deep pairs k8 seed4343 seed9001" \
  tools/evidence/perf.sh call "head land runs" runs split k8
