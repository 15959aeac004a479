#!/bin/bash
# One device call: the session's start (head, 83feba6) against its end (end, 252f27e: the
# staged C and the 64x128 shares through scaled4; the fine tile for a stream-K grid with C
# unaligned where it would take its one launch), alternating, 3 rounds, every set; end's
# checks (memcheck, also at skc and k8; the gate's absolute full run). end-sweep is
# byte-identical to the skc2 build measured on H100 GPU-7a50ec19.
export PATH=/usr/local/cuda/bin:$PATH
AB_SETS="skc sk split deep pairs k8 seed4343 seed9001 seed2311 col2" \
  tools/evidence/perf.sh call "head end" end skc k8
