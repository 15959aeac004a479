#!/bin/bash
# Device call: head (the tree) against rows4 (rows4.diff: C by row classes), alternating,
# 3 rounds; then rows4's checks (memcheck, also at rows4small.txt: small shapes of the
# deep class with N unaligned; the gate's absolute full run).
AB_SETS="deep big rows4small seed9001 seed2311 seed4343" tools/evidence/perf.sh call "head rows4" rows4 rows4small
