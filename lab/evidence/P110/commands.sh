#!/bin/bash
# Issue 23, stream-K's fix-up inside the product kernel (the first draft: its loop held the
# segment's bounds across the product), and split-K for a few tiles where B
# is in vectors (docs/PERF.md, "Stream-K in one launch"): base (8b4fe6d), fix (the one-launch
# stream-K alone: SK_FEW_SPLIT_PCT 1000 turns the split rule off), new (both; the rule: split-few-b.diff), alternating,
# 3 rounds: coverage, sk.txt (../lab/evidence/P105/), sk16.txt
# (../lab/evidence/P096/sk.txt), chg.txt (../lab/evidence/P108/),
# seeds 9001/2311/4242, llm, 2048/4096/8192 cubed; then memcheck of new, with the stream-K
# shapes of sk.txt added, and the gate's absolute full run of new (checks/).
# On the GPU machine, from the repository root:
AB_SETS="sk sk16 chg seed9001 seed2311 seed4242" tools/evidence/perf.sh ab "base fix new" 3
tools/evidence/perf.sh checks new sk
cd "$OUT" && tar cJf results.tar.xz perf-ab checks && rm -rf perf-ab checks
