#!/bin/bash
# Issue 23, stream-K in one launch (docs/PERF.md, "Stream-K in one launch"), the committed
# kernel: base (8b4fe6d), v3 (the change as committed, but for its comments and the form of
# the loop bound: a build of its own; each shared tile's last CTA adds the others'
# shares; no split-K-for-few-tiles rule), sk128 (v3 with SK_MIN_SHARE_K 128: sk128.diff),
# alternating, 3 rounds: coverage, sk.txt and sk16.txt (../lab/evidence/P110/),
# s64.txt (the 64x128 tile with B
# shifted: ../lab/evidence/P112/), seeds 9001/2311/4242
# (../lab/evidence/P045/), llm, squares; then
# memcheck of v3 with sk.txt's shapes added and the gate's absolute full run of v3 (checks/).
# On the GPU machine, from the repository root:
AB_SETS="sk sk16 s64 seed9001 seed2311 seed4242" tools/evidence/perf.sh ab "base v3 sk128" 3 >/dev/null
tools/evidence/perf.sh checks v3 sk
cd "$OUT" && tar cJf results.tar.xz perf-ab checks && rm -rf perf-ab checks
