#!/bin/bash
# Issue 23, stream-K in one launch, second draft (docs/PERF.md, "Stream-K in one launch"),
# H200 GPU-3d593023: base (8b4fe6d), fix (the first draft, as in
# ../lab/evidence/P110/), v2 (the loop keeps only the segment's tile across the
# product; its 64x128 kernel with B shifted still spilled 16 bytes for sm_90), alternating,
# 3 rounds; sk.txt and sk16.txt as in ../lab/evidence/P110/; s64.txt: the sets' stream-K shapes on the 64x128 tile with B shifted, the
# launches that lost in the first run. Then the SASS of that kernel in each build
# (sass/: where its STL/LDL sit against the main loop).
# On the GPU machine, from the repository root:
AB_SETS="sk sk16 s64" tools/evidence/perf.sh ab "base fix v2" 3 >/dev/null
mkdir -p "$OUT"/sass
for b in base fix v2; do
  cuobjdump -sass -arch sm_90 -fun '_ZN2l614streamk_kernelILi64ELi128ELi8ELi4ELb0ELb0EEEviiifPKfiS2_ifPfiNS_7sk_planES3_' .device/bin/$b-sweep > "$OUT"/sass/$b.sass 2>&1
  echo "$b: $(grep -c 'STL' "$OUT"/sass/$b.sass) STL, $(grep -c 'LDL' "$OUT"/sass/$b.sass) LDL, $(wc -l < "$OUT"/sass/$b.sass) lines"
done
cd "$OUT" && tar cJf r2.tar.xz perf-ab sass && rm -rf perf-ab sass
