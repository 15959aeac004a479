#!/bin/bash
# Issue 23, split-K in one launch (docs/PERF.md, "Split-K in one launch"): sk1 (d35c5bd, the
# build of ../lab/evidence/P111/), f8 (the change: grids of up to 8 slices
# in one launch, the last slice adding the others' shares), f16 (the same up to 16 slices),
# f8.diff is f8 against d35c5bd (f16: SPLIT_FUSED_MAX 16);
# alternating, 3 rounds: coverage, split.txt (../lab/evidence/P104/), sk.txt
# (../lab/evidence/P105/), seeds 9001/2311/4242
# (../lab/evidence/P045/), llm, squares; then memcheck of f8 with split.txt's
# shapes added and the gate's absolute full run of f8 (checks/).
# On the GPU machine, from the repository root:
AB_SETS="split sk seed9001 seed2311 seed4242" tools/evidence/perf.sh ab "sk1 f8 f16" 3 >/dev/null
tools/evidence/perf.sh checks f8 split
cd "$OUT" && tar cJf results.tar.xz perf-ab checks && rm -rf perf-ab checks
