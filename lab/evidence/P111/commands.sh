#!/bin/bash
# Issue 23, stream-K in one launch (docs/PERF.md, "Stream-K in one launch"), the committed
# build on an H100: base (8b4fe6d) and head (the commit), alternating, 3 rounds: coverage,
# sk.txt and sk16.txt (as in ../lab/evidence/P110/), s64.txt
# (../lab/evidence/P112/), seeds
# 9001/2311/4242 (../lab/evidence/P045/), llm, squares; then memcheck of head
# with sk.txt's shapes added and the gate's absolute full run of head (checks/).
# On the GPU machine, from the repository root:
AB_SETS="sk sk16 s64 seed9001 seed2311 seed4242" tools/evidence/perf.sh ab "base head" 3 >/dev/null
tools/evidence/perf.sh checks head sk
cd "$OUT" && tar cJf results.tar.xz perf-ab checks && rm -rf perf-ab checks
