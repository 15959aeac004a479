#!/bin/bash
# One device call: land (b9b6ec2, as landed) against skc (land + skc.diff: a stream-K grid
# with C unaligned, K up to 1024 and B read in vectors takes one launch, whose C is staged in
# lines), alternating, 3 rounds; skc's checks (memcheck, also at skc and sk; the gate's
# absolute full run). skc.txt: 30 shapes with N unaligned, K <= 1024, of the stream-K or
# split-K class on 132 SMs (the split-K ones may take a half tile's stream-K), 1 GFLOP or
# more, drawn for it (coverage --random 4407..4414 64).
export PATH=/usr/local/cuda/bin:$PATH
AB_SETS="skc sk split deep seed4343 seed9001" \
  tools/evidence/perf.sh call "land skc" skc skc sk
