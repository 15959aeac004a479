#!/bin/bash
# One device call: land (b9b6ec2) against skc2 (land + skc2.diff: a stream-K grid with C
# unaligned takes the fine tile where the fine tile would take its one launch), alternating,
# 3 rounds; skc2's checks (memcheck, also at skc and sk; the gate's absolute full run).
# skc.txt: ../lab/evidence/P152/skc.txt.
export PATH=/usr/local/cuda/bin:$PATH
AB_SETS="skc sk seed4343 seed9001" tools/evidence/perf.sh call "land skc2" skc2 skc sk
